"""A job that slowed without failing: the slowest rank a report names with its own time, a
rank slow in bursts, and a driver's report of another program's fault that the job trained
past.

Formats: a training loop's progress line that names the slowest rank with its time
(``| slowest rank 17 (1.64s compute)``), the same beside the timer's median per node
(``per-node median fwd+bwd ms: node0=811 node1=962 ... | slowest rank 10 (975 ms)``), a
per-rank step timer (``[step_timer] rank 11 step 200 fwd_bwd_ms=3842.3 ...``), ``dcgmi
health -c``'s table, ``nvidia-smi -q``'s clocks event reasons and the kernel's Xid 43 and
Xid 92 lines.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import slowest_timed
from kintsugi.events import Action, Category, Layer

DMESG_HEAD = "[    0.000000] Linux version 5.15.0-119-generic (buildd@lcy02-amd64-028)\n"


def test_the_slowest_rank_with_its_time_and_the_median_beside_it() -> None:
    line = (
        "per-node median fwd+bwd ms: node0=811 node1=962 node2=808 node3=815 | "
        "slowest rank 10 (975 ms) | allreduce wait ms: node0=161 node1=9"
    )
    rank, secs, med = slowest_timed(line) or (None, 0.0, None)
    assert (rank, secs) == (10, 0.975)
    assert med is not None and abs(med - 0.813) < 1e-9
    assert slowest_timed("iter 30100 | 1.12 s/iter | slowest rank 5 (1.09s compute)") == (
        5,
        1.09,
        None,
    )
    assert slowest_timed("slowest ranks: 70(c2-n09) 68(c2-n09)") is None


def _progress(slow_from: int) -> str:
    """Rank 0's progress lines: the slowest rank moves around while the job is healthy, then
    rank 17 stays the slowest, half again as slow, from line ``slow_from`` on."""
    lines = []
    for i in range(30):
        slow = i >= slow_from
        rank, secs = (17, 1.69) if slow else ((5 * i) % 24, 1.09)
        lines.append(
            f"[rank0]: 2024-02-14 {18 + i // 6:02d}:{(i % 6) * 10:02d}:00,000 | iter "
            f"{30100 + 150 * i} | {1.71 if slow else 1.12} s/iter | loss 1.88 | "
            f"slowest rank {rank} ({secs}s compute)\n"
        )
    return "".join(lines)


def test_a_rank_that_stays_the_slowest_on_the_node_whose_gpu_storms(tmp_path: Path) -> None:
    """Three nodes of eight GPUs; rank 0's log names rank 17 as the slowest for the last
    twelve reports, at 1.55x the quiet intervals' slowest; the third node's GPU 1 logs a storm
    of single-bit ECC errors (Xid 92). Nothing says where rank 17 ran but that GPU."""
    for n in ("a100-n21", "a100-n22", "a100-n23"):
        (tmp_path / n).mkdir()
        (tmp_path / n / "dmesg.txt").write_text(DMESG_HEAD)
    (tmp_path / "a100-n21" / "train.log").write_text(_progress(18))
    (tmp_path / "a100-n23" / "dmesg.txt").write_text(
        DMESG_HEAD
        + "".join(
            f"[{47411 + 397 * k}.000000] NVRM: Xid (PCI:0000:0f:00): 92, pid=3569, "
            "name=python, High single-bit ECC error rate\n"
            for k in range(12)
        )
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer) == (Category.STRAGGLER, Layer.INFRASTRUCTURE)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("a100-n23", 17)
    assert d.action is Action.RESTART_WITHOUT_NODE


def test_ranks_of_one_node_slowest_against_the_per_node_medians(tmp_path: Path) -> None:
    """Four pods of eight ranks; the report names ranks 10 and 13 in turn, 1.2x the median of
    the per-node timers; rank 8 is worker-0's first, on ip-10-4-3-201: that node is slow."""
    pods = {
        "ip-10-4-2-19": ("master-0", 0),
        "ip-10-4-3-201": ("worker-0", 8),
        "ip-10-4-2-88": ("worker-1", 16),
        "ip-10-4-1-140": ("worker-2", 24),
    }
    for host, (pod, first) in pods.items():
        (tmp_path / host).mkdir()
        (tmp_path / host / f"{pod}.log").write_text(
            f"{pod}:50:147 [0] NCCL INFO ncclCommInitRank comm 0x55d0c0a43000 rank {first} "
            "nranks 32 cudaDev 0 nvmlDev 0 busId 18000 - Init START\n"
            f"{pod}:50:147 [0] NCCL INFO comm 0x55d0c0a43000 rank {first} nRanks 32 nNodes 4 "
            "localRanks 8 localRank 0 MNNVL 0\n"
        )
    report = "".join(
        f"2025-01-28 12:{k:02d}:00,000 [INFO] step {500 * (k + 1)} | loss 0.41 | step_time "
        f"1.18s\n2025-01-28 12:{k:02d}:00,000 [INFO] per-node median fwd+bwd ms: node0=811 "
        f"node1=962 node2=808 node3=815 | slowest rank {10 if k % 2 else 13} (97{k % 10} ms)\n"
        for k in range(12)
    )
    with (tmp_path / "ip-10-4-2-19" / "master-0.log").open("a") as f:
        f.write(report)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STRAGGLER
    assert d.culprit is not None and d.culprit.node == "ip-10-4-3-201"
    assert d.culprit.rank is None  # two of its ranks take turns: the node, no one GPU


def _megatron(n: int) -> str:
    return "".join(
        f"0:  [2024-07-10 09:{30 + k // 2:02d}:{(k % 2) * 30:02d}] iteration {3000 + 10 * k:>8}/"
        f"  200000 | elapsed time per iteration (ms): {1425.0 if k < n // 2 else 2940.0} | "
        "lm loss: 2.3249\n"
        for k in range(n)
    )


def test_an_app_fault_xid_the_job_trained_past_is_not_its_failure(tmp_path: Path) -> None:
    """No rank failed; iterations doubled. One node's dmesg has an Xid 43 (a program's
    fault: its process dies of it), another's GPU 2 clocks down for heat: a straggler."""
    (tmp_path / "slurm-330911.out").write_text(_megatron(16))
    for n in ("h100-r3-05", "h100-r3-06", "h100-r3-07", "h100-r3-08"):
        (tmp_path / n).mkdir()
        (tmp_path / n / "dmesg.txt").write_text(DMESG_HEAD)
    with (tmp_path / "h100-r3-05" / "dmesg.txt").open("a") as f:
        f.write("[246115.004100] NVRM: Xid (PCI:0000:18:00): 43, pid=3311, name=python, Ch 8\n")
    (tmp_path / "h100-r3-07" / "nvidia-smi-q.txt").write_text(
        "==============NVSMI LOG==============\n\n"
        "Driver Version                            : 550.90.07\n"
        "Attached GPUs                             : 8\n"
        + "".join(
            f"GPU 00000000:{bus}:00.0\n    Product Name                          : NVIDIA H100"
            " 80GB HBM3\n    Clocks Event Reasons\n        Idle                              : "
            "Not Active\n        HW Slowdown                       : "
            f"{'Active' if i == 2 else 'Not Active'}\n            HW Thermal Slowdown   "
            f"        : {'Active' if i == 2 else 'Not Active'}\n"
            for i, bus in enumerate(("18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"))
        )
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STRAGGLER, d.summary
    assert d.culprit is not None and d.culprit.node == "h100-r3-07"
    assert d.action is Action.RESTART_WITHOUT_NODE


HEALTH = """Health Monitor Report
+----------------------------------------------------------------------------+
| Group 0          | Overall Health: Warning                                 |
+==================+=========================================================+
| GPU ID: 3        | Warning                                                 |
|                  | Memory system: Warning                                  |
|                  | - Detected 21984 volatile single-bit ECC errors in      |
|                  |   GPU 3's DRAM; the SBE rate is above the configured    |
|                  |   threshold (1000/hour).                                |
+------------------+---------------------------------------------------------+
"""


def _step_timer(rank: int, bursts: set[int]) -> str:
    """A rank's own timer every 50 steps: about 2.07 s of forward and backward, and 3.8 s in
    the steps of ``bursts``."""
    return "".join(
        f"[titan] 2024-11-20 21:{7 + k:02d}:23,434 - root - INFO - [step_timer] rank {rank} "
        f"step {50 * (k + 1)} fwd_bwd_ms={3820.0 + k if k in bursts else 2060.0 + k % 7:.1f} "
        f"optim_ms=88.0 collective_wait_ms={30.0 if k in bursts or rank == 11 else 35.0}\n"
        for k in range(20)
    )


def test_a_rank_slow_in_bursts_on_a_gpu_with_an_sbe_storm(tmp_path: Path) -> None:
    """Sixteen ranks on two nodes; rank 11's forward and backward take 1.8x the others' in
    six of its twenty samples (its median is like theirs); DCGM's health watch on its node
    warns of a storm of single-bit errors on GPU 3 (local rank 3): exclude the node."""
    for node, ranks in (("h100-r2-07", range(8)), ("h100-r2-08", range(8, 16))):
        (tmp_path / node).mkdir()
        for r in ranks:
            bursts = {3, 6, 10, 13, 14, 17} if r == 11 else set()
            (tmp_path / node / f"rank{r}.log").write_text(_step_timer(r, bursts))
    (tmp_path / "h100-r2-08" / "dcgmi-health.txt").write_text(HEALTH)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer) == (Category.STRAGGLER, Layer.INFRASTRUCTURE), d.summary
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("h100-r2-08", 11)
    assert d.action is Action.RESTART_WITHOUT_NODE


def test_bursts_on_every_rank_name_no_one(tmp_path: Path) -> None:
    """Every rank slows in the same steps (a checkpoint, the input pipeline): no rank stands
    out in its slowest steps."""
    for node, ranks in (("h100-r2-07", range(8)), ("h100-r2-08", range(8, 16))):
        (tmp_path / node).mkdir()
        for r in ranks:
            (tmp_path / node / f"rank{r}.log").write_text(_step_timer(r, {3, 6, 10, 13, 14}))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is None or d.culprit.node is None, d.summary


def test_the_rank_whose_gpu_megatron_reports_clocked_lowest(tmp_path: Path) -> None:
    """Megatron-LM's straggler reports: round-trip times alike (the others wait for the slow
    rank in every collective), the lowest SM clock rank 4's in every report, 1095 of 1980
    MHz: that GPU is held down."""
    lines = []
    for k in range(8):
        lines.append(
            f" [2024-09-16 08:{10 + k:02d}:31] iteration {100 * (k + 1):>8}/  400000 | elapsed "
            "time per iteration (ms): 3335.6 | lm loss: 2.1\n"
            f" [2024-09-16 08:{10 + k:02d}:31] | MnRtt/Rnk: 3300.14ms/{(k * 3) % 8} | MxRtt/Rnk:"
            f" 3325.14ms/{(k * 5 + 1) % 8} | MnPwr/Rnk: 402000W/4 | MxPwr/Rnk: 690000W/1 | "
            "MnClk/Rnk: 1095MHz/4 | MxClk/Rnk: 1980MHz/0 |\n"
        )
    for node, first in (("k8-gpu-a11", 0), ("k8-gpu-a12", 4)):
        (tmp_path / node).mkdir()
        (tmp_path / node / f"rank{first}.log").write_text(
            "".join(lines) if first == 0 else "[rank4] step 100\n"
        )
        (tmp_path / node / "nvidia-smi.txt").write_text(
            "| NVIDIA-SMI 550.90.07   Driver Version: 550.90.07   CUDA Version: 12.4 |\n"
            + "".join(
                f"|   {i}  NVIDIA H100 80GB HBM3   On  | 00000000:{0x18 + 16 * i:02X}:00.0 Off |"
                "  0 |\n"
                for i in range(4)
            )
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STRAGGLER, d.summary
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("k8-gpu-a12", 4)


def test_a_node_clocking_down_while_the_ranks_time_only_their_compute(tmp_path: Path) -> None:
    """No step time anywhere, only each rank's own compute timer (alike: the job is as slow
    as its slowest node, and this one computes no slower in its median); one node's GPU 5
    clocks down for heat while they train: that node is the straggler."""
    for node, ranks in (("h100-r2-07", range(8)), ("h100-r2-08", range(8, 16))):
        (tmp_path / node).mkdir()
        for r in ranks:
            (tmp_path / node / f"rank{r}.log").write_text(_step_timer(r, set()))
    (tmp_path / "h100-r2-08" / "nvidia-smi-q.txt").write_text(
        "==============NVSMI LOG==============\n\nAttached GPUs                             : 8\n"
        + "".join(
            f"GPU 00000000:{bus}:00.0\n    Product Name                          : NVIDIA H100"
            " 80GB HBM3\n    Clocks Event Reasons\n        HW Slowdown                       : "
            f"{'Active' if i == 5 else 'Not Active'}\n"
            for i, bus in enumerate(("18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"))
        )
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STRAGGLER, d.summary
    assert d.culprit is not None and d.culprit.node == "h100-r2-08"
    assert d.action is Action.RESTART_WITHOUT_NODE
