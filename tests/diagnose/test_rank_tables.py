"""Per-rank timing tables (sets 36-38): CSV with a header, whitespace columns under a header,
or one line per rank; the slowest computer among ranks that wait for it is the straggler."""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import comm_wait, compute_time
from kintsugi.diagnose.parse_state import Context
from kintsugi.diagnose.ranktable import rank_table
from kintsugi.events import Action, Category


def _ctx() -> Context:
    return Context(source="t.txt", node=None, rank=None, attempt=None)


CSV = (
    "step,rank,pod,node,fwd_ms,bwd_ms,optim_ms,data_wait_ms,allreduce_wait_ms,step_ms\n"
    + "".join(
        f"{s},{r},w-{r // 4},h-{r // 4:02d},{242.5 if r == 13 else 208.7},"
        f"{496.6 if r == 13 else 428.7},37.8,3.0,{8.6 if r == 13 else 98.8},810.0\n"
        for s in (2000, 2050, 2100)
        for r in range(16)
    )
)
COLUMNS = "# per-rank step time (ms)\nrank  host   fwd_bwd  wait_in_collective\n" + "".join(
    f"{r:4d}  tt-{r // 8 + 1:02d}  {8900.1 if r == 19 else 6120.5}  {10.2 if r == 19 else 2795.3}\n"
    for r in range(32)
)
LINES = "# fwd+bwd compute (ms)\n" + "".join(
    f"rank {r:2d} (a100-{r // 4 + 1:02d}, gpu {r % 4}): fwd  {468.3 if r == 11 else 214.4}  "
    f"bwd_inner {1187.9 if r == 11 else 397.2}\n"
    for r in range(16)
)


def test_three_table_shapes_give_each_ranks_compute_and_node() -> None:
    csv = {f.rank: f for f in rank_table(CSV, _ctx()) if f.signature == "compute_time"}
    assert len(csv) == 16 and csv[13].node == "h-03"
    assert abs((csv[13].value or 0) - 0.7391) < 1e-3  # fwd + bwd, ms to s; never the waits
    waits = {f.rank: f.value for f in rank_table(CSV, _ctx()) if f.signature == "comm_wait"}
    assert waits[13] == 0.0086
    cols = {f.rank: f for f in rank_table(COLUMNS, _ctx()) if f.signature == "compute_time"}
    assert cols[19].node == "tt-03" and abs((cols[19].value or 0) - 8.9001) < 1e-6
    lines = {f.rank: f for f in rank_table(LINES, _ctx())}
    assert lines[11].node == "a100-03" and abs((lines[11].value or 0) - 1.6562) < 1e-4
    assert rank_table("rank 0 loss 2.3\nrank 1 loss 2.2\n", _ctx()) == []


def test_a_slow_rank_in_a_csv_table_is_the_straggler(tmp_path: Path) -> None:
    for n in range(4):
        (tmp_path / f"h-{n:02d}").mkdir()
        (tmp_path / f"h-{n:02d}" / "train.log").write_text("step 2100 loss 2.1\n")
    (tmp_path / "rank_timing_steps2000-2100.csv").write_text(CSV)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STRAGGLER and d.action is Action.RUN_DIAGNOSTICS
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("h-03", 13)


def test_each_ranks_own_metrics_series_on_a_throttled_node(tmp_path: Path) -> None:
    # metrics/rankNN.csv, one rank's steps each; cpu-e03's four ranks computed three times
    # longer since midway, and its CPUs clocked down (the kernel's thermal messages)
    for n in range(4):
        node = tmp_path / f"cpu-e0{n + 1}"
        (node / "metrics").mkdir(parents=True)
        for r in range(4 * n, 4 * n + 4):
            rows = "".join(
                f"{s * 50},2024-10-01T06:{s:02d}:00.000Z,{r},"
                f"{1180.0 if n == 2 and s >= 10 else 400.0},{33.0},6.7,440.0,5.1\n"
                for s in range(20)
            )
            (node / "metrics" / f"rank{r:02d}.csv").write_text(
                "step,wall_time,rank,fwd_bwd_ms,allreduce_ms,data_ms,step_ms,loss\n" + rows
            )
        (node / "dmesg_T.txt").write_text(
            "[Tue Oct  1 06:12:30 2024] CPU34: Package temperature is above threshold, cpu clock "
            "is throttled (total events = 48198)\n"
            if n == 2
            else "[Tue Oct  1 06:00:00 2024] EXT4-fs (nvme0n1p1): mounted filesystem\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "cpu-e03"


def test_a_timer_whose_value_carries_its_unit() -> None:
    line = "step     50 loss 2.7018 fwd_bwd 1296ms allreduce_wait 173ms img/s 43.6"
    assert compute_time(line) == pytest.approx(1.296)
    assert comm_wait(line) == pytest.approx(0.173)


def test_a_timer_with_a_space_before_its_unit() -> None:
    line = "step  100 | loss 9.8457 | fwd 283.3 ms | bwd 565.7 ms | comm_wait 8.6 ms | step_time 876 ms"
    assert compute_time(line) == pytest.approx(0.849)
    assert comm_wait(line) == pytest.approx(0.0086)


def _megatron_block(slow: int) -> str:
    rows = "times across ranks (ms):\n"
    for timer, base in (("forward-compute", 1300.0), ("backward-compute", 2650.0)):
        rows += f"  {timer}:\n" + "".join(
            f"     rank {r:2d}: {base * (1.19 if r == slow else 1.0):.2f}\n" for r in range(24)
        )
    rows += "  all-grads-sync:\n" + "".join(
        f"     rank {r:2d}: {103.4 if r == slow else 713.0:.2f}\n" for r in range(24)
    )
    return rows


def test_megatrons_timers_of_every_rank_name_the_one_that_computes_long(tmp_path: Path) -> None:
    # 19% slower: too little for the compute ratio alone, plain from the others' waits
    nccl = "".join(
        f"dgx-b2-{7 + r // 8:02d}:{55100 + r}:{55378 + r} [{r % 8}] NCCL INFO comm 0xa5c{r} rank "
        f"{r} nranks 24 cudaDev {r % 8} nvmlDev {r % 8} busId 18000 commId 0xd50 - Init COMPLETE\n"
        for r in range(24)
    )
    steps = "".join(
        f" [2024-08-14 09:{40 + i}:48] iteration {100 * i:8d}/   60000 | elapsed time per "
        f"iteration (ms): 4700.1 |\n" + _megatron_block(22)
        for i in range(4)
    )
    (tmp_path / "slurm-61822.out").write_text(nccl + steps)
    for n in ("dgx-b2-07", "dgx-b2-08", "dgx-b2-09"):
        (tmp_path / n).mkdir()
        (tmp_path / n / "dmesg.txt").write_text("[762000.000000] EXT4-fs mounted filesystem\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("dgx-b2-09", 22)


def test_a_table_longer_than_what_is_read_at_once_is_read_to_its_last_whole_row(
    tmp_path: Path,
) -> None:
    """A run's whole timing CSV (hundreds of KiB): its first rows compare the ranks as well."""
    for n in range(4):
        (tmp_path / f"h-{n:02d}").mkdir()
        (tmp_path / f"h-{n:02d}" / "train.log").write_text("step 2100 loss 2.1\n")
    head, rows = CSV.split("\n", 1)
    (tmp_path / "rank_timing.csv").write_text(head + "\n" + rows * 120)
    assert (tmp_path / "rank_timing.csv").stat().st_size > 100_000
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STRAGGLER
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("h-03", 13)


def test_a_timers_statistic_over_its_interval_is_its_value() -> None:
    line = "[node bm-gpu-01 rank 0] step 200 fwd_bwd_p50=1.192s allreduce_wait_p50=0.230s"
    assert (compute_time(line), comm_wait(line)) == (1.192, 0.23)
