"""``srun -l`` with one task per node and torchrun under it: the task label is the node's
index, not a global rank; NCCL's ``[Rank N]`` is. A py-spy dump's ``Process N:`` header ties a
kernel line's ``pid=`` to the rank whose dump it is."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle


def test_a_task_that_speaks_for_several_ranks_is_no_rank(tmp_path: Path) -> None:
    for n in ("e101", "e102"):
        (tmp_path / n).mkdir()
    lines = []
    for task in (0, 1):
        for local in range(4):
            r = 4 * task + local
            lines.append(
                f"{task}: [E ProcessGroupNCCL.cpp:563] [Rank {r}] Watchdog caught collective "
                "operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE, Timeout(ms)=600000) "
                "ran for 600117 milliseconds before timing out.\n"
            )
    lines[6] = "1: RuntimeError: CUDA error: uncorrectable ECC error encountered\n"
    lines.append(
        "1: [E ProcessGroupNCCL.cpp:1182] [Rank 6] NCCL watchdog thread terminated with "
        "exception: CUDA error: uncorrectable ECC error encountered\n"
    )
    (tmp_path / "e101" / "slurm-1.out").write_text("".join(lines))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category.value == "gpu_memory"
    assert d.culprit is not None and d.culprit.rank in (6, None)
    assert d.culprit.rank != 1


def test_a_pyspy_header_names_the_process_of_its_rank(tmp_path: Path) -> None:
    (tmp_path / "n3" / "py-spy").mkdir(parents=True)
    (tmp_path / "n1").mkdir()
    (tmp_path / "n3" / "py-spy" / "rank21.txt").write_text(
        'Process 91185: /usr/bin/python3 -u train.py\nThread 91185 (active): "MainThread"\n'
        "    _flash_attn_forward (flash_attn/flash_attn_interface.py:91)\n"
    )
    (tmp_path / "n3" / "dmesg.txt").write_text(
        "[2104910.625806] NVRM: Xid (PCI:0000:c3:00): 119, pid=91185, name=python3, Timeout "
        "after 6s of waiting for RPC response from GPU5 GSP! Expected function 76\n"
    )
    (tmp_path / "n1" / "train.log").write_text(
        "[rank3]:[E1202 12:51:36.360203 ProcessGroupNCCL.cpp:616] [Rank 3] Watchdog caught "
        "collective operation timeout: WorkNCCL(SeqNum=5, OpType=ALLREDUCE, NumelIn=64, "
        "NumelOut=64, Timeout(ms)=600000) ran for 600691 milliseconds before timing out.\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("n3", 21)


def test_srun_tasks_are_the_nodes_in_name_order(tmp_path: Path) -> None:
    """``srun -l --ntasks-per-node=1 torchrun ...``: task 2 ran on the third node by name, so
    the ranks its lines name ran there, and its disk filling is that node's."""
    nodes = ["c-9", "c-11", "c-14", "c-15"]
    for n in nodes:
        (tmp_path / n).mkdir()
        (tmp_path / n / "df-h.txt").write_text("Filesystem Size Used Avail Use% Mounted on\n")
    lines = [
        f"{t}: [rank{8 * t + lr}]:[E1209 08:20:00.1 ProcessGroupNCCL.cpp:616] [Rank {8 * t + lr}]"
        " Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE, "
        "NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600091 milliseconds before timing "
        "out.\n"
        for t in (0, 1, 3)
        for lr in range(8)
    ]
    lines += [
        f"2: [rank{r}]: OSError: [Errno 28] No space left on device: '/tmp/torchinductor/x{r}'\n"
        for r in range(16, 24)
    ]
    (tmp_path / "c-9" / "slurm-1.out").write_text("".join(lines))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category.value == "storage" and d.action.value == "restart_without_node"
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("c-14", None)


def test_a_throttled_gpus_rank_by_gpu_count_and_node_name(tmp_path: Path) -> None:
    """Nothing places the ranks, every node's nvidia-smi -q lists 2 GPUs: GPU 1 of the third
    node by name holds rank 5."""
    block = (
        "GPU 00000000:{bus}:00.0\n    Clocks Event Reasons\n"
        "        HW Slowdown                       : {hw}\n"
        "        HW Thermal Slowdown               : {hw}\n"
    )
    for n in ("g-2", "g-10", "g-11"):
        (tmp_path / n).mkdir()
        hot = n == "g-11"
        (tmp_path / n / "nvidia-smi-q.txt").write_text(
            "==============NVSMI LOG==============\n"
            + block.format(bus="18", hw="Not Active")
            + block.format(bus="2A", hw="Active" if hot else "Not Active")
        )
    (tmp_path / "g-2" / "train.log").write_text(
        "".join(
            f" iteration {i:6d}/ 50000 | elapsed time per iteration (ms): "
            f"{2000 if i < 200 else 2600:.1f} |\n"
            for i in range(10, 400, 10)
        )
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category.value == "straggler"
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("g-11", 5)


def test_srun_task_of_a_node_with_one_rank_log_is_its_agent(tmp_path: Path) -> None:
    """Four nodes, one rank's log each (ranks 0, 8, 22, 24: no blocks to infer); srun kills
    task 2, gpu-d03's place in the node list: the node's agent, not global rank 2."""
    for node, r in (("gpu-d01", 0), ("gpu-d02", 8), ("gpu-d03", 22), ("gpu-d04", 24)):
        (tmp_path / node).mkdir()
        (tmp_path / node / f"rank{r}.log").write_text(f"[rank{r}] epoch 3 iter 22200 loss 2.09\n")
    (tmp_path / "gpu-d03" / "dmesg.txt").write_text(
        "[Wed Jul 17 13:02:17 2024] NVRM: Xid (PCI:0000:ba:00): 79, pid=51036, name=python3, "
        "GPU has fallen off the bus.\n"
    )
    (tmp_path / "slurm-7702211.out").write_text("srun: error: gpu-d03: task 2: Killed\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is not None and d.culprit.node == "gpu-d03"
    assert d.culprit.rank != 2, d.summary


def test_the_one_task_srun_says_exited_with_an_error_is_the_gpus_rank(tmp_path: Path) -> None:
    """One task per GPU; srun killed tasks 8-14 and says task 15 exited with an error; the
    node's kernel names a GPU fault with no rank. The task that failed is the GPU's rank."""
    for n in ("dgx-h-301", "dgx-h-302"):
        (tmp_path / n).mkdir()
    (tmp_path / "dgx-h-302" / "journal.txt").write_text(
        "Apr 22 13:32:31 dgx-h-302 kernel: NVRM: Xid (PCI:0000:db:00): 62, pid=63762, "
        "name=python, 0000a4b2(0000c5d2) 00000000 00000000\n"
    )
    (tmp_path / "dgx-h-301" / "journal.txt").write_text(
        "Apr 22 13:00:00 dgx-h-301 systemd[1]: ok\n"
    )
    (tmp_path / "slurm-3390051.out").write_text(
        "RuntimeError: CUDA error: unspecified launch failure\n"
        "srun: error: dgx-h-302: task 15: Exited with exit code 1\n"
        "srun: error: dgx-h-301: tasks 0-7: Killed\n"
        "srun: error: dgx-h-302: tasks 8-14: Killed\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category.value == "gpu_hardware"
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("dgx-h-302", 15)
