"""GPU clock-event reports that explain a straggler: ``nvidia-smi --query-gpu`` CSV samples
and ``dcgmi health`` text, read as context (fixtures written here, in those tools' formats)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.bundle import sniff
from kintsugi.diagnose.parse_state import Context
from kintsugi.diagnose.reports import parse_dcgm_health, parse_dcgm_prometheus, parse_nvsmi_csv

HEADER = (
    "timestamp, index, power.draw [W], clocks.current.sm [MHz], "
    "clocks_event_reasons.sw_power_cap, clocks_event_reasons.hw_slowdown, "
    "clocks_event_reasons.hw_power_brake_slowdown"
)


def _csv(rows: list[str]) -> str:
    return "\n".join([HEADER, *rows]) + "\n"


def test_csv_samples_name_each_slowed_gpu_once_and_ignore_the_power_cap() -> None:
    text = _csv(
        [
            "2024/09/09 03:58:00.988, 0, 606.46 W, 1980 MHz, Active, Not Active, Not Active",
            "2024/09/09 04:10:00.117, 5, 301.00 W, 1095 MHz, Not Active, Active, Active",
            "2024/09/09 04:11:00.117, 5, 299.00 W, 1080 MHz, Not Active, Active, Active",
        ]
    )
    assert sniff(text.encode()) == "nvsmi_csv"
    found = parse_nvsmi_csv(text, Context("n1/smi.csv", "n1"))
    assert [(f.signature, f.detail) for f in found] == [
        ("thermal_slowdown", "gpu5"),
        ("thermal_slowdown", "gpu5"),
    ]
    assert "hw_slowdown: Active at 2024/09/09 04:10:00.117" in found[0].text


def test_dcgm_health_power_brake_is_a_slowdown() -> None:
    text = (
        "+---------------------------+------------------------------------------+\n"
        "| Health Monitor Report                                                |\n"
        "| Overall Health            | Warning                                  |\n"
        "| GPU ID: 3                 | Warning                                  |\n"
        "|                           | Power: Power brake (hardware slowdown)   |\n"
        "| GPU ID: 4                 | Healthy                                  |\n"
    )
    assert sniff(text.encode()) == "dcgm_health"
    found = parse_dcgm_health(text, Context("n1/health.txt", "n1"))
    assert [f.detail for f in found] == ["gpu3"]


def test_a_job_slowed_by_one_nodes_power_brake_names_that_node(tmp_path: Path) -> None:
    for node in ("n1", "n2", "n3"):
        d = tmp_path / node
        d.mkdir()
        braked = node == "n2"
        (d / "console.log").write_text(
            "".join(
                f"[default0]:Epoch 0: | {i}/900 [global_step={i}, train_step_timing in s="
                f"{(3.4 if i > 40 else 2.1):.3f}]\n"
                for i in range(1, 80)
            )
        )
        state = "Active" if braked else "Not Active"
        (d / "smi.csv").write_text(
            _csv([f"2024/09/09 04:1{g}:00.000, {g}, 300 W, 1090 MHz, Not Active, {state}, {state}"
                  for g in range(4)])
        )  # fmt: skip
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.culprit.node if d.culprit else None) == ("straggler", "n2")
    assert d.action.value == "restart_without_node"


def test_ranks_that_compute_slowly_on_one_node_name_it_though_step_times_agree(
    tmp_path: Path,
) -> None:
    """A synchronous job: every rank's step lasts 2 s; node n2's ranks compute 1.9 s and the
    others 1.2 s (then wait 0.7 s in the all-reduce). A rank=N field says whose timer it is."""
    for node, base in (("n1", 0), ("n2", 4), ("n3", 8)):
        d = tmp_path / node
        d.mkdir()
        compute = 1.9 if node == "n2" else 1.2
        lines = [
            f"[rank{base + r}]:[timing] step={s} rank={base + r} fwd_bwd_s={compute:.3f} "
            f"comm_wait_s={2.0 - compute:.3f} step_time=2.000\n"
            for s in range(0, 200, 10)
            for r in range(4)
        ]
        (d / "console.log").write_text("".join(lines))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category.value == "straggler" and d.action.value == "run_diagnostics"
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("n2", None)


def test_a_throttled_gpu_index_is_placed_on_its_rank(tmp_path: Path) -> None:
    """Ranks seen in each node's console place the node's block; GPU 2 of n2 is rank 6."""
    for node, base in (("n1", 0), ("n2", 4)):
        d = tmp_path / node
        d.mkdir()
        (d / "console.log").write_text(
            "".join(
                f"[rank{base + r}]: iteration {i} | elapsed time per iteration (ms): "
                f"{2100 if i < 30 else 3400}\n"
                for i in range(1, 60)
                for r in range(4)
            )
        )
        rows = [
            f"2024/09/09 04:1{g}:00.000, {g}, 300 W, 1090 MHz, Not Active, "
            + ("Active" if node == "n2" and g == 2 else "Not Active")
            + ", Not Active"
            for g in range(4)
        ]
        (d / "smi.csv").write_text(_csv(rows))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("n2", 6)


def test_dcgm_exporter_clock_event_bits_name_the_slowed_gpu() -> None:
    text = (
        "# TYPE DCGM_FI_DEV_CLOCK_THROTTLE_REASONS gauge\n"
        'DCGM_FI_DEV_CLOCK_THROTTLE_REASONS{gpu="0",Hostname="n1"} 4\n'  # SW power cap: routine
        'DCGM_FI_DEV_CLOCK_THROTTLE_REASONS{gpu="3",Hostname="n1"} 136\n'  # 0x88: power brake
        'DCGM_FI_DEV_CLOCK_THROTTLE_REASONS{gpu="3",Hostname="n1"} 136\n'
    )
    assert sniff(text.encode()) == "dcgm_prometheus"
    found = parse_dcgm_prometheus(text, Context("n1/metrics.prom", "n1"))
    assert [f.detail for f in found] == ["gpu3"] and "power brake" in found[0].text


def test_the_rank_every_other_waits_for_is_named_though_only_16_percent_slower(
    tmp_path: Path,
) -> None:
    """JSON-lines step timers (fwd_ms, bwd_ms, comm_wait_ms): rank 5 computes 16% longer and
    waits 4 ms; every other rank waits 180 ms for it."""
    import json

    for node, base in (("n1", 0), ("n2", 4)):
        d = tmp_path / node
        d.mkdir()
        rows = []
        for step in range(0, 100, 10):
            for r in range(base, base + 4):
                slow = r == 5
                rows.append(
                    json.dumps(
                        {
                            "step": step,
                            "rank": r,
                            "fwd_ms": 410.0 if slow else 353.0,
                            "bwd_ms": 832.0 if slow else 707.0,
                            "comm_wait_ms": 4.0 if slow else 180.0,
                        }
                    )
                )
        (d / "step_timers.jsonl").write_text("\n".join(rows) + "\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.action.value) == ("straggler", "run_diagnostics")
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("n2", 5)


def test_a_gpu_link_trained_narrower_than_it_can_is_a_slowdown() -> None:
    from kintsugi.diagnose.reports import parse_nvsmi

    block = (
        "GPU 00000000:{bus}:00.0\n"
        "    PCI\n"
        "        GPU Link Info\n"
        "            Link Width\n"
        "                Max                       : 16x\n"
        "                Current                   : {now}\n"
    )
    text = "==============NVSMI LOG==============\n" + "".join(
        block.format(bus=b, now="4x" if i == 1 else "16x") for i, b in enumerate(("18", "2A"))
    )
    found = parse_nvsmi(text, Context("n1/nvidia-smi-q.txt", "n1"))
    assert [(f.signature, f.detail) for f in found] == [
        ("gpu_bus", "18:00"),
        ("gpu_bus", "2a:00"),
        ("pcie_link_degraded", "gpu1"),
        ("gpu_count", ""),
    ]
    assert found[-1].value == 2  # the node's GPUs, for the ranks it holds
    assert [f.value for f in found[:2]] == [0, 1]  # each bus's GPU index
