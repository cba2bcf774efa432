"""What a verdict names. A GPU fault that follows one node across a requeue names the rank it
had in the latest attempt (a requeue places the ranks anew; the operator looks at the job as it
is now); an application error to stop on is the script's wherever its traceback ends; NCCL's
optional plugin not found is no missing library."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle

_NODES = ("gpu-t01", "gpu-t02")


def _attempt(root: Path, n: int, rank_of_bad: int, pid: int, hour: int) -> None:
    base = root / f"attempt_{n}"
    for node in _NODES:
        (base / node).mkdir(parents=True)
        lines = [
            f"[default{r}]:{node}:{pid + r}:{pid + r} [{r}] NCCL INFO comm 0x55d0 rank "
            f"{(rank_of_bad // 8) * 8 + r if node == 'gpu-t02' else (1 - rank_of_bad // 8) * 8 + r}"
            f" nRanks 16 nNodes 2 localRanks 8 localRank {r} MNNVL 0\n"
            for r in range(8)
        ]
        if node == "gpu-t02":
            lr = rank_of_bad % 8
            lines += [
                f"[default{lr}]:[rank{rank_of_bad}]: RuntimeError: CUDA error: unspecified launch "
                "failure\n",
                f"[default{lr}]:[rank{rank_of_bad}]:[E1210 {hour}:44:54.739244489 "
                f"ProcessGroupNCCL.cpp:1598] [PG ID 0 PG GUID 0(default_pg) Rank {rank_of_bad}] "
                "Process group watchdog thread terminated with exception: CUDA error: unspecified "
                "launch failure\n",
            ]
            (base / node / "dmesg.txt").write_text(
                f"[Tue Dec 10 {hour}:44:54 2024] NVRM: Xid (PCI:0000:db:00): 79, pid={pid + lr}, "
                "name=python, GPU has fallen off the bus.\n"
            )
        (base / node / "torchrun.log").write_text("".join(lines))


def test_the_latest_attempt_names_the_rank(tmp_path: Path) -> None:
    _attempt(tmp_path, 1, rank_of_bad=7, pid=6830, hour=11)
    _attempt(tmp_path, 2, rank_of_bad=15, pid=4962, hour=12)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.action.value) == ("gpu_hardware", "restart_without_node")
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("gpu-t02", 15)


def test_an_application_error_to_stop_on_is_the_scripts(tmp_path: Path) -> None:
    """Raised inside PyTorch (a CPU tensor all-reduced on NCCL), the same on every rank: the
    script made the call, so the script is the layer."""
    for n, node in enumerate(("gpu-a17", "gpu-a18")):
        (tmp_path / node).mkdir()
        tb = "".join(
            f"[rank{n * 2 + r}]: Traceback (most recent call last):\n"
            f'[rank{n * 2 + r}]:   File "/work/train/evaluate.py", line 71, in validate\n'
            f"[rank{n * 2 + r}]:     dist.all_reduce(total)\n"
            f'[rank{n * 2 + r}]:   File "/usr/lib/python3/dist-packages/torch/distributed/'
            'c10d_logger.py", line 83, in wrapper\n'
            f"[rank{n * 2 + r}]:     return func(*args, **kwargs)\n"
            f"[rank{n * 2 + r}]: RuntimeError: No backend type associated with device type cpu\n"
            for r in range(2)
        )
        (tmp_path / node / "train.log").write_text(tb)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.layer.value, d.culprit, d.action.value) == (
        "user_code",
        "script",
        None,
        "stop",
    ), d.summary


def test_an_optional_nccl_plugin_not_found_is_no_missing_library(tmp_path: Path) -> None:
    (tmp_path / "gpu-k01").mkdir()
    (tmp_path / "gpu-k01" / "train.log").write_text(
        "gpu-k01:14400:14437 [0] NCCL WARN NET/Plugin : dlerror=libnccl-net.so: cannot open "
        "shared object file: No such file or directory No plugin found (libnccl-net.so), using "
        "internal implementation\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category.value == "unknown", d.summary
