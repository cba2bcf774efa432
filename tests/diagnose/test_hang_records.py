"""What the records around a hang say about who hung: a flight-recorder analysis that saw every
rank enter, a rank that waited under another label, a time of day alone on progress lines,
srun's task numbers under torchrun, and a monitor's folder that is no node."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.timeline import Clock
from kintsugi.events import Action, Category, Culprit

WATCHDOG = (
    "{task}: [rank{r}]:[E122 20:57:09.849887597 ProcessGroupNCCL.cpp:632] [PG ID 0 PG GUID "
    "0(default_pg) Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=93412, "
    "OpType=_REDUCE_SCATTER_BASE, NumelIn=1306, NumelOut=163, Timeout(ms)=1800000) ran for "
    "1800371 milliseconds before timing out.\n"
)


def _console(tasks: int, per_task: int) -> str:
    """srun -l's console of torchrun agents (one task per node), each rank's timeout."""
    head = "0: [2025-01-22 19:05:13] iteration 50/500 | loss 3.08\n"
    return head + "".join(WATCHDOG.format(task=r // per_task, r=r) for r in range(tasks * per_task))


def test_a_rank_that_waited_under_another_label_is_not_silent(tmp_path: Path) -> None:
    # srun's "0:" label on rank 0's progress lines and rank 0's own timeout: one rank
    (tmp_path / "slurm-8830112.out").write_text(_console(4, 4))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.HANG, None, Action.RESTART)


def test_a_flight_recorder_that_saw_every_rank_enter_names_nobody(tmp_path: Path) -> None:
    node = tmp_path / "gpu-b01"
    node.mkdir()
    for r in range(8):  # rank 5 logged its progress and never timed out
        body = "[2025-01-22 19:05:13] iteration 50/500 | loss 3.08 | elapsed time per iteration"
        body += " (ms): 3295.3\n" * 3
        if r != 5:
            body += WATCHDOG.format(task=0, r=r).split(": ", 1)[1]
        (node / f"rank{r}.log").write_text(body)
    bare = diagnose_bundle(tmp_path).diagnosis
    assert bare.culprit is not None and bare.culprit.rank == 5
    (tmp_path / "fr_trace_analysis.txt").write_text(
        "loaded 8 of 8 rank dumps\n"
        "default_pg: pending collective seq 93412 started on 8/8, completed on 0/8\n"
        "Summary: no missing ranks, no size/op mismatch\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.HANG, None, Action.RESTART)


def test_srun_task_numbers_under_torchrun_are_nodes_not_ranks(tmp_path: Path) -> None:
    # one torchrun agent per node: "task 1" is gpu-d02's agent; its GPU fell off the bus under
    # rank 6, the one rank of the world that never timed out
    lines = "".join(
        f"[rank{r}]:[E420 02:44:21.288077396 ProcessGroupNCCL.cpp:632] [PG ID 0 PG GUID 0"
        f"(default_pg) Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7"
        ", OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800062 milliseconds before timing out.\n"
        for r in range(8)
        if r != 6
    )
    summary = (
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\n"
        "============================================================\n"
        "train.py FAILED\n"
        "------------------------------------------------------------\n"
        "Root Cause (first observed failure):\n"
        "[0]:\n"
        "  time      : 2025-04-20_02:44:51\n"
        "  host      : gpu-d01\n"
        "  rank      : 3 (local_rank: 3)\n"
        "  exitcode  : -6 (pid: 55103)\n"
        "============================================================\n"
        "srun: error: gpu-d01: task 0: Exited with exit code 1\n"
        "srun: error: gpu-d02: task 1: Killed\n"
    )
    (tmp_path / "slurm-4410923.out").write_text(lines + summary)
    for n in ("gpu-d01", "gpu-d02"):
        (tmp_path / n).mkdir()
    (tmp_path / "gpu-d02" / "syslog").write_text(
        "Apr 20 02:14:07 gpu-d02 kernel: [218837.101290] NVRM: Xid (PCI:0000:ba:00): 79, "
        "pid=412233, name=python3, GPU has fallen off the bus.\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_HARDWARE
    assert d.culprit == Culprit("gpu-d02", 6)


def test_a_time_of_day_alone_is_dated_by_the_line_before_it() -> None:
    clock = Clock()
    day = clock.stamp("Job 2290115 started 2025-12-01 23:00:04 on cn-g101")
    assert day is not None
    late = clock.stamp("[23:59:50] epoch 0 step 50 loss 5.09 1.14s/it")
    after = clock.stamp("[00:00:47] epoch 0 step 100 loss 5.09 1.14s/it")
    assert late is not None and after is not None
    assert after - late == 57.0  # past midnight: the next day
    assert Clock().stamp("[00:00:47] step 100") is None  # no date anywhere: no time


def test_progress_that_stopped_hours_before_the_time_limit_is_a_hang(tmp_path: Path) -> None:
    steps = "".join(
        f"[{h:02d}:{m:02d}:00] epoch 0 step {i * 50:6d}/780000 loss 5.09 lr 0.0012  1.142s/it\n"
        for i, (h, m) in enumerate((h, m) for h in (23, 0, 1) for m in range(0, 60, 5))
    )
    (tmp_path / "slurm-2290115.out").write_text(
        "Job 2290115 started 2025-12-01 22:58:04 on cn-g101,cn-g102\n"
        + steps
        + "slurmstepd: error: *** JOB 2290115 ON cn-g101 CANCELLED AT 2025-12-02T11:00:12 DUE "
        "TO TIME LIMIT ***\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.HANG, None, Action.RESTART)


def test_a_monitors_folder_is_the_jobs_records_not_a_node(tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "train.log").write_text(
        "".join(WATCHDOG.format(task=0, r=r).split(": ", 1)[1] for r in range(4))
    )
    hb = tmp_path / "monitor" / "hb"
    hb.mkdir(parents=True)
    (hb / "rank-3.log").write_text("2025-01-22 20:27:10,637 it=9302 phase=fwd_start\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is None or d.culprit.node not in ("monitor", "hb")


def test_a_heartbeat_monitors_folder_is_no_node(tmp_path: Path) -> None:
    for name in ("hbmon", "heartbeat_monitor", "hb-mon"):
        folder = tmp_path / name / "x"
        folder.mkdir(parents=True)
        (folder.parent / "heartbeat_monitor.log").write_text(
            "2024-11-18T03:44:03.820Z hbmon[2231]: sweep job=pretrain ranks=48 stale_after=180s\n"
        )
    (tmp_path / "trn-01").mkdir()
    (tmp_path / "trn-01" / "torchrun.log").write_text(
        WATCHDOG.format(task=0, r=0).split(": ", 1)[1]
    )
    assert diagnose_bundle(tmp_path).scan.nodes == {"trn-01"}


def test_a_tasks_place_counts_the_jobs_nodes_not_the_bundles_folder(tmp_path: Path) -> None:
    # the bundle's folder ("case-07") sorts before its nodes; srun's "task 2" is still the
    # third node's agent (gpu-d03, whose ranks are 16 to 23), not rank 2
    case = tmp_path / "case-07"
    for i, n in enumerate(("gpu-d01", "gpu-d02", "gpu-d03", "gpu-d04")):
        (case / n).mkdir(parents=True)
        r = 8 * i + (6 if i == 2 else 0)
        (case / n / f"rank{r}.log").write_text(
            f"2024-07-17 13:01:42,578 [rank{r}] epoch 3 iter 22200/40000 loss 2.0900\n"
        )
    (case / "slurm-7702211.out").write_text(
        "slurmstepd: error: *** JOB 7702211 ON gpu-d01 CANCELLED AT 2024-07-17T14:00:02 DUE TO "
        "TIME LIMIT ***\n"
        + "".join(
            f"srun: error: gpu-d0{t + 1}: task {t}: {'Killed' if t == 2 else 'Terminated'}\n"
            for t in range(4)
        )
    )
    (case / "gpu-d03" / "dmesg.txt").write_text(
        "[Wed Jul 17 13:02:17 2024] NVRM: Xid (PCI:0000:ba:00): 79, pid=51036, name=python3, "
        "GPU has fallen off the bus.\n"
    )
    d = diagnose_bundle(case).diagnosis
    assert d.category is Category.GPU_HARDWARE
    assert d.culprit is not None and d.culprit.node == "gpu-d03"
    assert d.culprit.rank != 2


def test_folders_of_attempts_and_of_logs_make_no_node_of_the_bundle(tmp_path: Path) -> None:
    case = tmp_path / "case-17"
    (case / "attempts").mkdir(parents=True)
    (case / "attempts" / "slurm-30771_2.out").write_text(WATCHDOG.format(task=0, r=3))
    (case / "logs").mkdir()
    (case / "logs" / "train_all_ranks.log").write_text(WATCHDOG.format(task=0, r=5))
    (case / "g05").mkdir()
    (case / "g05" / "dmesg-T.txt").write_text("[Wed Sep 11 11:00:00 2024] EXT4-fs re-mounted.\n")
    assert diagnose_bundle(case).scan.nodes == {"g05"}


def test_a_launchers_teardown_naming_no_rank_is_no_first_failure(tmp_path: Path) -> None:
    # every rank's watchdog timeout in its node's log, then, in the job's logs/ folder, the
    # launcher's word that it is tearing the job down: it names neither node nor rank
    for i, n in enumerate(("hgx-b01", "hgx-b02")):
        (tmp_path / n).mkdir()
        (tmp_path / n / "train.log").write_text(
            "".join(WATCHDOG.format(task=0, r=r).split(": ", 1)[1] for r in range(4 * i, 4 * i + 4))
        )
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "launcher.log").write_text(
        "[ft_launcher] 2025-01-22 21:27:50,000 rank monitor: workers exited (SIGABRT); "
        "terminating job\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.HANG, d.summary
