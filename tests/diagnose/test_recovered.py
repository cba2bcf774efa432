"""What was over before the job failed is not why it failed: an NFS server that answered
again (``nfs: server X OK``) before anything else went wrong, and Python warnings, which
report what a library works around, not a failure.

Formats: the NFS client's kernel lines (``dmesg -T``), Python's ``warnings`` lines.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

MISSING = (
    "[rank{r}]: FileNotFoundError: [Errno 2] No such file or directory: "
    "'/datasets/slimpj/tok/chunk7_text_document.idx'\n"
)


def _bundle(root: Path, ok: bool, error: str = MISSING) -> None:
    for i, node in enumerate(("dg-01", "dg-02")):
        (root / node).mkdir()
        dmesg = ""
        if node == "dg-02":
            dmesg = (
                "[Thu Jun 27 09:00:05 2024] nfs: server nfs-data01 not responding, still trying\n"
            )
            if ok:
                dmesg += "[Thu Jun 27 09:00:46 2024] nfs: server nfs-data01 OK\n"
        (root / node / "dmesg.txt").write_text(dmesg)
        (root / node / "train.log").write_text("".join(error.format(r=2 * i + k) for k in (0, 1)))


def test_a_server_that_answered_again_did_not_lose_a_file(tmp_path: Path) -> None:
    _bundle(tmp_path, ok=True)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action, d.culprit) == (Category.USER_CODE, Action.STOP, None)


def test_a_server_still_away_is_the_storage(tmp_path: Path) -> None:
    _bundle(tmp_path, ok=False)
    assert diagnose_bundle(tmp_path).diagnosis.category is Category.STORAGE


def test_a_python_warning_is_no_failure(tmp_path: Path) -> None:
    warning = (
        "/opt/conda/lib/python3.10/site-packages/torchvision/io/image.py:13: UserWarning: "
        "Failed to load image Python extension: 'libc10_cuda.so: cannot open shared object "
        "file: No such file or directory'\n"
    )
    for node in ("n1", "n2"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "train.log").write_text(warning)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.UNKNOWN, Action.NONE)


def test_network_warnings_the_job_trained_past_are_no_failure(tmp_path: Path) -> None:
    """NCCL's port-error warnings followed by iterations in the same log: ridden out."""
    for node in ("n-07", "n-11"):
        (tmp_path / node).mkdir()
    steps = [
        f"Epoch 0: {i}/1000 [00:{i:02d}<10:00, 2.10s/it, train_step_timing in s=2.1]\n"
        for i in range(30)
    ]
    warn = "n-11:201733:202120 [1] NCCL WARN NET/IB : Got async event : port error\n"
    (tmp_path / "n-07" / "nemo.log").write_text("".join(steps[:5]) + warn + "".join(steps[5:]))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.UNKNOWN, Action.NONE)


def _stuck(root: Path, lost: set[str]) -> Path:
    for i, node in enumerate(("lh-01", "lh-02", "lh-03")):
        (root / node).mkdir(parents=True)
        dmesg = "[Wed Aug 28 01:13:21 2024] nfs: server nas02 not responding, still trying\n"
        (root / node / "dmesg.txt").write_text(dmesg if node in lost else "")
        (root / node / "run.log").write_text(
            f"[rank{8 * i}]:[E828 01:43:30.000000000 ProcessGroupNCCL.cpp:632] [Rank {8 * i}] "
            "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=77, OpType=ALLREDUCE, "
            "NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800011 milliseconds before "
            "timing out.\n"
        )
    return root


def test_an_nfs_server_lost_to_one_client_only_is_that_nodes(tmp_path: Path) -> None:
    """The other nodes kept the same server: the node's NFS client or its link."""
    d = diagnose_bundle(_stuck(tmp_path / "one", {"lh-02"})).diagnosis
    assert (d.category, d.action) == (Category.STORAGE, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "lh-02"
    d = diagnose_bundle(_stuck(tmp_path / "all", {"lh-01", "lh-02", "lh-03"})).diagnosis
    assert (d.category, d.action, d.culprit) == (Category.STORAGE, Action.RESTART, None)


def test_a_traceback_logged_as_a_warning_the_job_trained_past_is_no_failure(
    tmp_path: Path,
) -> None:
    """OLMo logs the optional import it failed with its traceback (a logger's warning with
    exc_info) and trains on with the fallback; hours later the time limit ends the job. The
    import error did not stop it. (OLMo's progress lines time themselves by their
    ``throughput/device/tokens_per_second``.)"""
    for node in ("gpu-h12", "gpu-h13"):
        (tmp_path / node).mkdir()
    lines = [
        "[rank0]:2024-12-02 00:03:29.402\tgpu-h12:0\tolmo.model:87\tWARNING\tflash_attn import "
        "failed, falling back to torch SDPA:\n",
        "[rank0]:Traceback (most recent call last):\n",
        '[rank0]:  File "/home/ocl/olmo/olmo/model.py", line 84, in <module>\n',
        "[rank0]:    from flash_attn import flash_attn_func\n",
        "[rank0]:ModuleNotFoundError: No module named 'flash_attn'\n",
    ]
    lines += [
        f"[rank0]:2024-12-02 0{1 + s // 4}:{s % 4 * 15:02d}:33.049\tgpu-h12:0\tolmo.train:1012\t"
        f"INFO\t[step={200 * (s + 1)}/20000,epoch=0]  train/CrossEntropyLoss=2.44  "
        "throughput/device/tokens_per_second=21944\n"
        for s in range(20)
    ]
    lines.append(
        "slurmstepd: error: *** JOB 4410072 ON gpu-h12 CANCELLED AT 2024-12-02T06:03:15 DUE TO "
        "TIME LIMIT ***\n"
    )
    (tmp_path / "gpu-h12" / "slurm-4410072.out").write_text("".join(lines))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.UNKNOWN, Action.NONE), d.summary


def test_nan_iterations_logged_on_are_no_training_past_them(tmp_path: Path) -> None:
    """fp16's loss scale at its floor and every iteration's loss NaN, skipped, until the user
    cancels: the iterations after the first NaN are NaN too; the job did not ride it out."""
    for node in ("trn-a01", "trn-a02"):
        (tmp_path / node).mkdir()
    lines = [
        f" [2024-05-03 19:{30 + i:02d}:36] iteration {13320 + 40 * i:8d}/  250000 | elapsed time"
        f" per iteration (ms): 1480.2 | lm loss: {'NaN' if i >= 3 else '2.310000E+00'} | loss "
        f"scale: {1.0 if i >= 3 else 2048.0} | grad norm: {'nan' if i >= 3 else '0.31'} | "
        f"number of skipped iterations: {40 if i >= 3 else 0} |\n"
        for i in range(20)
    ]
    lines.append(
        "slurmstepd: error: *** JOB 4410876 ON trn-a01 CANCELLED AT 2024-05-03T20:14:57 ***\n"
        "srun: error: trn-a02: tasks 8-15: Terminated\n"
    )
    (tmp_path / "trn-a01" / "slurm-4410876.out").write_text("".join(lines))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.NUMERICAL, d.summary
