"""A requeued Slurm job appending every attempt to one output file: the batch script's banner
(``SLURM_RESTART_COUNT=1``) starts the next attempt, and srun's task numbers name other nodes
in each, so an error that follows one node across the attempts is still found on it."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Layer

# (nodes of the allocation, the task that failed on cn-g23 in that attempt)
ATTEMPTS = [("cn-g[20-23]", 13), ("cn-g[23,31-33]", 1), ("cn-g[30-32,23]", 29)]


def _attempt(n: int, nodes: str, task: int) -> str:
    hosts = {0: ["cn-g20", "cn-g21", "cn-g22", "cn-g23"], 1: ["cn-g23", "cn-g31", "cn-g32",
             "cn-g33"], 2: ["cn-g30", "cn-g31", "cn-g32", "cn-g23"]}[n]  # fmt: skip
    out = f"==== 2024-06-14 {18 + n}:00:11 job 773201 SLURM_RESTART_COUNT={n} nodes={nodes} ====\n"
    out += "".join(
        f"{t}: 2024-06-14 {18 + n}:{10 + i}:00,000 | step {100 * i} loss 2.1\n"
        for i in range(3)
        for t in range(32)
    )
    out += f"{task}: RuntimeError: CUDA error: unspecified launch failure\n"
    out += f"srun: error: cn-g23: task {task}: Exited with exit code 1\n"
    for k, h in enumerate(hosts):
        tasks = ",".join(str(t) for t in range(8 * k, 8 * k + 8) if t != task)
        out += f"srun: error: {h}: tasks {tasks}: Terminated\n"
    return out


def test_an_error_that_follows_one_node_through_requeues_is_that_node(tmp_path: Path) -> None:
    (tmp_path / "slurm-773201.out").write_text(
        "".join(_attempt(n, nodes, task) for n, (nodes, task) in enumerate(ATTEMPTS))
    )
    for h in ("cn-g20", "cn-g23", "cn-g31"):
        (tmp_path / h).mkdir()
        (tmp_path / h / "dmesg_T.txt").write_text("[Fri Jun 14 17:47:24 2024] EXT4-fs mounted\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (
        Category.GPU_HARDWARE,
        Layer.INFRASTRUCTURE,
        Action.RESTART_WITHOUT_NODE,
    )
    assert d.culprit is not None and d.culprit.node == "cn-g23"
