"""What the scheduler's last word says: a job sacct calls COMPLETED 0:0 failed nowhere, and a
cancel after the collectives timed out ended a hang (Slurm's own formats)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

SACCT = (
    "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode    Elapsed\n"
    "------------ ---------- ---------- ---------- ---------- ---------- -------- ----------\n"
    "2209187      gpt13b-cpt      batch    llm-pre        896  COMPLETED      0:0   04:51:33\n"
)
WATCHDOG = (
    "{r}: [E ProcessGroupNCCL.cpp:828] [Rank {r}] Watchdog caught collective operation timeout: "
    "WorkNCCL(SeqNum=290412, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800275 "
    "milliseconds before timing out.\n"
)


def test_a_job_sacct_calls_completed_failed_nowhere(tmp_path: Path) -> None:
    for n in ("d301", "d302"):
        (tmp_path / n).mkdir()
    (tmp_path / "d301" / "sacct.txt").write_text(SACCT)
    (tmp_path / "d302" / "dmesg.txt").write_text(
        "[1893600.000000] mlx5_core 0000:4d:00.0 mlx5_3: Port: 1 Link DOWN\n"
        "[1893604.000000] mlx5_core 0000:4d:00.0 mlx5_3: Port: 1 Link UP\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.UNKNOWN, Action.NONE)


def test_a_cancel_after_the_collectives_timed_out_ended_a_hang(tmp_path: Path) -> None:
    for n in ("n11", "n12"):
        (tmp_path / n).mkdir()
    (tmp_path / "n11" / "slurm-1.out").write_text("".join(WATCHDOG.format(r=r) for r in range(4)))
    for n in ("n11", "n12"):
        (tmp_path / n / "journal.txt").write_text(
            f"Jan 17 15:47:39 {n} slurmd[2619]: slurmd: error: *** STEP 118304.0 ON {n} "
            "CANCELLED AT 2023-01-17T15:47:36 ***\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.HANG, None, Action.RESTART)


def test_an_earlier_jobs_completed_row_is_not_this_jobs_end(tmp_path: Path) -> None:
    # sacct lists the user's earlier run too; this job (55123) ran into its time limit
    rows = (
        "55123       codegen15b      h100   12:00:00    TIMEOUT      0:0\n"
        "55123.0       torchrun             12:00:11  CANCELLED     0:15\n"
        "54880       codegen15b      h100   04:51:12  COMPLETED      0:0\n"
    )
    for n in ("ds-101", "ds-102"):
        (tmp_path / n).mkdir()
        (tmp_path / n / "train.log").write_text(
            f"slurmstepd: error: *** STEP 55123.0 ON {n} CANCELLED AT 2024-10-16T06:00:05 DUE"
            " TO TIME LIMIT ***\n"
        )
    (tmp_path / "ds-101" / "sacct.txt").write_text(SACCT.splitlines(keepends=True)[0] + rows)
    d = diagnose_bundle(tmp_path).diagnosis
    assert "54880" not in d.summary and "finished" not in d.summary


def test_a_kubernetes_jobs_deadline_is_its_time_limit(tmp_path: Path) -> None:
    # activeDeadlineSeconds: the operator deletes the pods, whose ranks then lose each other
    (tmp_path / "pytorchjob_describe.txt").write_text(
        "    Active Deadline Seconds:  259200\n"
        "    Message:               PyTorchJob gen-media/mm-dit-xl has failed because it was "
        "active longer than specified deadline\n"
        "    Reason:                DeadlineExceeded\n"
    )
    for pod, peer in (("mm-dit-master-0", "10.8.1.5"), ("mm-dit-worker-0", "10.8.1.4")):
        (tmp_path / pod).mkdir()
        (tmp_path / pod / "container.log").write_text(
            "torch.distributed.elastic.multiprocessing.api: [WARNING] Received Signals.SIGTERM "
            "death signal, shutting down workers\n"
            f"{pod}:311:402 [0] NCCL WARN socketProgress: Connection closed by remote peer "
            f"{peer}<41822>\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.UNKNOWN, None, Action.NONE), d.summary


def test_a_storage_clients_deadline_exceeded_is_no_time_limit(tmp_path: Path) -> None:
    (tmp_path / "gpu-1").mkdir()
    (tmp_path / "gpu-1" / "train.log").write_text(
        "[rank0]: Traceback (most recent call last):\n"
        '[rank0]:   File "/app/train.py", line 88, in <module>\n'
        "[rank0]: google.api_core.exceptions.DeadlineExceeded: 504 Deadline Exceeded\n"
    )
    assert diagnose_bundle(tmp_path).diagnosis.action is not Action.NONE


def test_a_cut_extern_steps_completed_row_is_no_end_of_the_job(tmp_path: Path) -> None:
    # sacct cuts "extern" to "ext+": that step completes in a job whose node died
    (tmp_path / "sacct.txt").write_text(
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode    Elapsed\n"
        "3308841        fsdp-30b        gpu    ml-core       1536  NODE_FAIL      0:0   07:29:08\n"
        "3308841.bat+      batch               ml-core        192  CANCELLED     0:15   07:29:08\n"
        "3308841.ext+     extern               ml-core       1536  COMPLETED      0:0   07:29:08\n"
    )
    (tmp_path / "node0412").mkdir()
    (tmp_path / "node0412" / "journal.txt").write_text(
        "2024-11-15T02:27:43.118204+0000 node0412 kernel: mce: [Hardware Error]: Machine check: "
        "Processor context corrupt\n"
        "2024-11-15T02:27:43.118204+0000 node0412 kernel: Kernel panic - not syncing: Fatal "
        "machine check\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.HOST, Action.RESTART_WITHOUT_NODE), d.summary


def _teardown(tmp_path: Path, after_s: int) -> Path:
    """Four nodes trained until Slurm's time limit; ``after_s`` later NCCL's watchdog on two of
    them reports an unhandled system error (its peers' sockets closing) and one GPU an Xid 43."""
    nodes = ("hpc-g12", "hpc-g13", "hpc-g14", "hpc-g15")
    for i, n in enumerate(nodes):
        (tmp_path / n).mkdir()
        lines = [
            f"[rank{8 * i}]:[2024-06-02 {h:02d}:30:00,000] INFO iteration {100 * h}/99000"
            for h in range(0, 8)
        ]
        (tmp_path / n / "train.out").write_text("\n".join(lines) + "\n")
    t = f"08:00:{14 + after_s:02d}" if after_s < 40 else "08:20:00"
    for n, r in (("hpc-g13", 13), ("hpc-g15", 29)):
        with (tmp_path / n / "train.out").open("a") as f:
            f.write(
                f"[E602 {t}.112879156 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg)"
                f" Rank {r}] Process group watchdog thread terminated with exception: NCCL error:"
                " unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version"
                " 2.21.5\n"
            )
    (tmp_path / "slurm-4412871.out").write_text(
        "slurmstepd: error: *** JOB 4412871 ON hpc-g12 CANCELLED AT 2024-06-02T08:00:14 DUE TO"
        " TIME LIMIT ***\nsrun: error: hpc-g13: tasks 8-15: Terminated\n"
    )
    return tmp_path


def test_nccl_errors_seconds_after_the_time_limit_are_its_teardown(tmp_path: Path) -> None:
    d = diagnose_bundle(_teardown(tmp_path, 2)).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.UNKNOWN, None, Action.NONE)


def test_a_failure_long_after_the_time_limit_is_no_teardown(tmp_path: Path) -> None:
    d = diagnose_bundle(_teardown(tmp_path, 1200)).diagnosis
    assert d.category is Category.NETWORK


_TEARDOWN = (
    "[rank{r}]:[E1021 05:00:31.120000 ProcessGroupNCCL.cpp:1536] [PG 0 Rank {r}] Process group "
    "watchdog thread terminated with exception: NCCL error: remote process exited or there was "
    "a network error, NCCL version 2.21.5\nncclRemoteError: A call failed possibly due to a "
    "network error or a remote process exiting prematurely.\n"
)


def test_a_preemption_by_the_scheduler_ends_the_job_nothing_failed(tmp_path: Path) -> None:
    """Slurm's "DUE TO PREEMPTION": the NCCL errors after it are the teardown."""
    for i, n in enumerate(("sp-01", "sp-02")):
        (tmp_path / n).mkdir()
        (tmp_path / n / "slurm-48812.out").write_text(
            f"slurmstepd: error: *** STEP 48812.0 ON {n} CANCELLED AT 2024-10-21T05:00:30 DUE TO "
            "PREEMPTION ***\n" + _TEARDOWN.format(r=8 * i)
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.UNKNOWN, None, Action.NONE), d.summary


def test_a_requeued_job_cancelled_in_its_last_attempt_is_over(tmp_path: Path) -> None:
    """The first attempt lost a GPU on gx-04, the requeue ran without it, and the owner then
    cancelled the second attempt: the Xid was answered already; nothing failed since."""
    first = tmp_path / "attempt_0"
    for n in ("gx-01", "gx-04"):
        (first / n).mkdir(parents=True)
    (first / "gx-04" / "dmesg.txt").write_text(
        "[Mon Oct 21 03:09:55 2024] NVRM: Xid (PCI:0000:3a:00): 79, pid=52639, name=python3, GPU "
        "has fallen off the bus.\n"
    )
    (first / "gx-01" / "train.log").write_text(
        "2024-10-21 03:09:40 | step 1200 | loss 2.31 | step_time 1.02s\n" + _TEARDOWN.format(r=0)
    )
    second = tmp_path / "attempt_1"
    for n in ("gx-01", "gx-05"):
        (second / n).mkdir(parents=True)
        (second / n / "train.log").write_text(
            "".join(
                f"2024-10-21 {h:02d}:00:00 | step {h * 100} | loss 2.1 | step_time 1.01s\n"
                for h in range(4, 14)
            )
            + f"slurmstepd: error: *** STEP 7731.0 ON {n} CANCELLED AT 2024-10-21T14:02:11 ***\n"
            + _TEARDOWN.format(r=0)
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.UNKNOWN, None, Action.NONE), d.summary


def test_the_cloud_taking_a_spot_node_back_ends_the_job_nothing_failed(tmp_path: Path) -> None:
    """GCE's audit log (``compute.instances.preempted``) for the node under one pod, that
    pod's SIGTERM and its peers' lost connections: a preemption, not the node's fault; the
    job is resubmitted as it is (even where its progress lines stopped an hour before, as
    a node's clock in another zone shows them: no time limit, no stall)."""
    for i, n in enumerate(("gke-spot-a100-71e0-cq6h", "gke-spot-a100-71e0-3v9n")):
        (tmp_path / n).mkdir()
        (tmp_path / n / "worker.log").write_text(
            "".join(
                f"[rank{8 * i}]:[2024-10-21 03:{m:02d}:00,000] INFO iteration {4000 + m}/99000 | "
                "elapsed time per iteration (ms): 812.3\n"
                for m in range(50, 60)
            )
            + _TEARDOWN.format(r=8 * i)
        )
    (tmp_path / "gcloud-operations.txt").write_text(
        "systemevent-1729486824491-61a9c2d0  compute.instances.preempted  "
        "us-central1-b/instances/gke-spot-a100-71e0-cq6h  200  DONE  2024-10-21T05:00:24\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.UNKNOWN, None, Action.NONE), d.summary
    assert "preempted" in d.summary


def test_a_completed_step_of_a_failed_job_finished_nothing(tmp_path: Path) -> None:
    """The job script's first step (a pip install) COMPLETED; its training step and the job
    FAILED: the job did not finish, whatever that step's row says."""
    for n in ("gpua017", "gpua018"):
        (tmp_path / n).mkdir()
    (tmp_path / "sacct.txt").write_text(
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode    Elapsed\n"
        "------------ ---------- ---------- ---------- ---------- ---------- -------- ----------\n"
        "3318842      bloomz-sft        gpu    nlp-lab         96     FAILED      1:0   00:01:01\n"
        "3318842.0           pip               nlp-lab         96  COMPLETED      0:0   00:00:38\n"
        "3318842.1      torchrun               nlp-lab         96     FAILED      1:0   00:00:14\n"
    )
    (tmp_path / "gpua017" / "slurm-3318842.out").write_text(
        "[rank0]: ImportError: numpy.core.multiarray failed to import\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.DEPENDENCY, Action.STOP), d.summary
