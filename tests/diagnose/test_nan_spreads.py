"""A NaN starts on one rank and the all-reduce spreads it to every rank at the next step: each
attempt's NaN is where it began (its earliest step), so a GPU that corrupts its results is
found even when every node logs a NaN. Ranks move between attempts: the latest attempt's rank
is named. Rows waiting for a remap on that GPU make it the memory's. Also: a BMC that saw the
host power off, in ipmitool's event log."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.timeline import parse_ts
from kintsugi.events import Action, Category, Culprit, Layer

LINE = "2026-11-27 04:{m:02d}:{s:02d},{ms:03d} WARNING [rank{r}] train: non-finite loss at step {step}\n"
NODES = ("h200-n01", "h200-n02", "h200-n03")


def _attempt(root: Path, attempt: int, first_step: int, order: tuple[str, ...], m: int) -> None:
    """Two ranks per node in ``order`` (the rendezvous's); h200-n03's second GPU goes first."""
    for i, node in enumerate(order):
        d = root / f"attempt_{attempt}" / node
        d.mkdir(parents=True)
        lines = []
        for local in range(2):
            r = 2 * i + local
            if node == "h200-n03" and local == 1:
                lines.append(LINE.format(m=m, s=0, ms=100, r=r, step=first_step))
            lines.append(LINE.format(m=m, s=1, ms=200 + r, r=r, step=first_step + 1))
        (d / "train.log").write_text("".join(lines))


def test_the_nan_began_on_one_gpu_that_moved_between_ranks(tmp_path: Path) -> None:
    _attempt(tmp_path, 1, 41, NODES, 24)  # h200-n03 rank 5
    _attempt(tmp_path, 2, 88, ("h200-n03", "h200-n01", "h200-n02"), 25)  # now rank 1
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.GPU_HARDWARE,
        Layer.INFRASTRUCTURE,
        Culprit("h200-n03", 1),
        Action.RESTART_WITHOUT_NODE,
    )
    (tmp_path / "attempt_2" / "h200-n03" / "nvidia-smi-q.txt").write_text(
        "==============NVSMI LOG==============\nAttached GPUs : 1\n"
        "GPU 00000000:2A:00.0\n    Remapped Rows\n        Correctable Error : 0\n"
        "        Uncorrectable Error : 3\n        Pending : Yes\n"
        "        Remapping Failure Occurred : No\n"
    )
    assert diagnose_bundle(tmp_path).diagnosis.category is Category.GPU_MEMORY


def test_the_bmc_saw_the_host_power_off(tmp_path: Path) -> None:
    # a BMC's clock is its own (often UTC, often drifting): its columns are not read as times
    assert parse_ts("   4 | 11/27/2026 | 04:27:14 | Power Unit #0x01 | Power off/down") is None
    reset = (
        "2026-11-27 04:27:20,100 ERROR [rank{r}] RuntimeError: [../third_party/gloo/gloo/"
        "transport/tcp/pair.cc:534] Connection closed by peer [10.0.0.8]:5678\n"
    )
    for i, node in enumerate(("h100-b07", "h100-b08", "h100-b09")):
        d = tmp_path / node
        d.mkdir()
        step = "2026-11-27 04:27:1{s},000 INFO [rank{r}] step 40 loss 2.1\n"
        text = step.format(s=0, r=2 * i) + step.format(s=1, r=2 * i + 1)
        (d / "train.log").write_text(text + ("" if i == 1 else reset.format(r=2 * i)))
    (tmp_path / "h100-b08" / "ipmitool-sel-list.txt").write_text(
        "   1 | 11/20/2026 | 10:00:00 | Power Unit #0x01 | Power off/down | Deasserted\n"
        "   2 | 11/27/2026 | 04:27:14 | Power Supply #0x51 | Power Supply AC lost | Asserted\n"
        "   3 | 11/27/2026 | 04:27:14 | Power Unit #0x01 | Power off/down | Asserted\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (
        Category.HOST,
        Culprit("h100-b08", None),
        Action.RESTART_WITHOUT_NODE,
    )


def test_a_power_off_weeks_before_the_job_is_history(tmp_path: Path) -> None:
    for i, node in enumerate(("sc-gpu105", "sc-gpu106")):
        d = tmp_path / node
        d.mkdir()
        (d / "train.log").write_text(
            "".join(
                f"2024-07-30 0{h}:00:00,000 INFO [rank{i}] step {h * 100} loss 2.1\n"
                for h in range(1, 9)
            )
        )
    (tmp_path / "sc-gpu106" / "ipmitool-sel-elist.txt").write_text(
        "   1 | 06/30/2024 | 11:02:09 | Power Unit #0x01 | Power off/down | Asserted\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is not Category.HOST and d.culprit is None


def test_srun_task_of_a_torchrun_agent_is_no_rank(tmp_path: Path) -> None:
    # srun started one torchrun agent per node: "task 1" is gpu-b's agent, its GPU 2 (rank 10,
    # the one rank of its block that never timed out) fell off the bus
    watchdog = (
        "[default{g}]:[E618 01:40:0{g}.000000000 ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog "
        "caught collective operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE, Timeout(ms)="
        "600000) ran for 600010 milliseconds before timing out.\n"
    )
    for i, node in enumerate(("gpu-a", "gpu-b")):
        d = tmp_path / node
        d.mkdir()
        (d / "stdout.log").write_text(
            "".join(watchdog.format(g=g, r=8 * i + g) for g in range(8) if 8 * i + g != 10)
        )
    (tmp_path / "gpu-b" / "dmesg.txt").write_text(
        "[Tue Jun 18 01:30:00 2024] NVRM: Xid (PCI:0000:ab:00): 79, pid=1732, name=python3, GPU "
        "has fallen off the bus.\n"
    )
    (tmp_path / "slurm-884213.out").write_text("srun: error: gpu-b: task 1: Killed\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit) == (Category.GPU_HARDWARE, Culprit("gpu-b", 10))
