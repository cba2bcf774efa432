"""Ranks placed on nodes by the launch's own files (``kintsugi.diagnose.layout``).

Formats: Open MPI's hostfile and ``--map-by`` (docs.open-mpi.org, "Scheduling processes
across hosts"), Slurm's ``SLURM_JOB_NODELIST`` / ``SLURM_TASKS_PER_NODE`` / ``--distribution``
(sbatch(1), srun(1)), Ray Train's worker table (``backend_executor.py``: "Started distributed
worker processes"), DeepSpeed's ``WORLD INFO DICT`` (``deepspeed/launcher/launch.py``), and the
kernel's soft-lockup, hung-task and OOM-killer lines.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import kernel_pid
from kintsugi.diagnose.layout import (
    LaunchFacts,
    expand_hostlist,
    hostfile,
    mpirun_layout,
    process_listing,
    slurm_layout,
    tasks_per_node,
)


def test_slurm_hostlists_and_task_counts_expand() -> None:
    assert expand_hostlist("gpu[101-103,110],login1") == [
        "gpu101",
        "gpu102",
        "gpu103",
        "gpu110",
        "login1",
    ]
    assert expand_hostlist("nid[001-002]") == ["nid001", "nid002"]
    assert tasks_per_node("4(x2),2") == [4, 4, 2]


def test_slurm_block_cyclic_and_plane() -> None:
    env = {"NODELIST": "n[1-3]", "TASKS_PER_NODE": "2(x3)"}
    assert slurm_layout(env) == {0: "n1", 1: "n1", 2: "n2", 3: "n2", 4: "n3", 5: "n3"}
    cyclic = slurm_layout({**env, "DISTRIBUTION": "cyclic:block"})
    assert [cyclic[r] for r in range(6)] == ["n1", "n2", "n3", "n1", "n2", "n3"]
    plane = slurm_layout(
        {"NODELIST": "n[1-2]", "TASKS_PER_NODE": "4(x2)", "DISTRIBUTION": "plane=2"}
    )
    assert [plane[r] for r in range(8)] == ["n1", "n1", "n2", "n2", "n1", "n1", "n2", "n2"]


def test_srun_starting_torchrun_per_node_places_its_workers_in_blocks() -> None:
    """srun's tasks are torchrun agents (one per node); the ranks are their workers, in
    blocks of --nproc-per-node over the node list, unless c10d numbers the nodes as they
    join."""
    facts = LaunchFacts()
    facts.read(
        b"SLURM_JOB_NODELIST=node-r12-u[03,05,09]\nSLURM_TASKS_PER_NODE=1(x3)\n"
        b"+ srun -l torchrun --nnodes=3 --nproc-per-node=8 pretrain_gpt.py\n",
        "node-r12-u03",
        "slurm.out",
    )
    homes, _ = facts.placements(lambda h: h)
    assert (homes[0], homes[8], homes[21]) == ("node-r12-u03", "node-r12-u05", "node-r12-u09")
    c10d = LaunchFacts()
    c10d.read(
        b"SLURM_JOB_NODELIST=n[1-2]\n+ srun -l torchrun --nnodes=2 --nproc-per-node=8 "
        b"--rdzv-backend=c10d train.py\n",
        "n1",
        "slurm.out",
    )
    assert c10d.placements(lambda h: h)[0] == {}


def test_mpirun_maps_by_slot_in_hostfile_order_or_round_robin() -> None:
    hosts = hostfile("cn-14 slots=2\ncn-03 slots=2  # rack 2\ncn-22 slots=2\n")
    assert hosts == [("cn-14", 2), ("cn-03", 2), ("cn-22", 2)]
    by_slot = mpirun_layout("mpirun -np 6 --hostfile hostfile --map-by slot", hosts)
    assert [by_slot[r] for r in range(6)] == ["cn-14", "cn-14", "cn-03", "cn-03", "cn-22", "cn-22"]
    by_node = mpirun_layout("mpirun -np 6 --hostfile h --map-by node", hosts)
    assert [by_node[r] for r in range(3)] == ["cn-14", "cn-03", "cn-22"]
    ppr = mpirun_layout("mpirun -np 3 --map-by ppr:1:node", hosts)
    assert ppr == {0: "cn-14", 1: "cn-03", 2: "cn-22"}
    assert mpirun_layout("mpirun -np 12 --hostfile h", hosts) == {}  # oversubscribed
    assert hostfile("Traceback (most recent call last):\n  File x\n") == []


def test_ray_table_deepspeed_world_and_process_listing() -> None:
    facts = LaunchFacts()
    facts.read(
        b"INFO backend_executor.py:145 -- Started distributed worker processes: \n"
        b"- (node_id=f3, ip=10.0.0.2, pid=4400) world_rank=0, local_rank=0, node_rank=0\n"
        b"- (node_id=f4, ip=10.0.0.3, pid=4477) world_rank=1, local_rank=0, node_rank=1\n",
        "head",
        "head/driver.log",
    )
    facts.read(b"  PID  SLURM_PROCID  CMD\n44101  9  python train.py\n", "n2", "n2/ps.txt")
    facts.read(
        b"[INFO] [launch.py:145:main] WORLD INFO DICT: {'a1': [0, 1], 'a2': [0, 1]}\n",
        "a1",
        "a1/ds.log",
    )
    names = {"10.0.0.2": "n1", "10.0.0.3": "n2", "a1": "a1", "a2": "a2"}
    homes, pids = facts.placements(names.get)
    assert homes[1] == "n2" and pids[("n2", 4477)] == 1
    assert homes[9] == "n2" and pids[("n2", 44101)] == 9
    assert homes[0] == "n1"  # Ray's table before DeepSpeed's blocks
    assert process_listing("12 python t.py RANK=3 LOCAL_RANK=1\n") == {3: 12}


def test_kernel_lines_name_their_process() -> None:
    assert kernel_pid("watchdog: BUG: soft lockup - CPU#37 stuck for 23s! [python:44102]") == 44102
    assert kernel_pid("CPU: 37 PID: 44102 Comm: python Tainted: P") == 44102
    assert kernel_pid("INFO: task python:5012 blocked for more than 120 seconds.") == 5012
    assert kernel_pid("NVRM: Xid (PCI:0000:5d:00): 119, pid=4477, name=python, Timeout") == 4477


def test_a_tagged_rank_in_the_launcher_output_lands_on_its_hostfile_node(tmp_path: Path) -> None:
    launcher = tmp_path / "launcher"
    launcher.mkdir()
    (launcher / "hostfile").write_text("nb slots=2\nna slots=2\n")
    (launcher / "job.sh").write_text("mpirun -np 4 --hostfile hostfile --tag-output python t.py\n")
    (launcher / "mpirun.out").write_text(
        "[1,0]<stdout>:2023-12-01 12:01:21,030 INFO iteration 50\n"
        "[1,1]<stdout>:2023-12-01 12:01:21,030 INFO iteration 50\n"
        "[1,2]<stderr>:2023-12-01 12:40:00,000 RuntimeError: CUDA error: uncorrectable NVLink "
        "error was detected during the execution\n"
    )
    for node in ("na", "nb"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "kern.log").write_text(f"Dec  1 10:14:08 {node} kernel: EXT4-fs ok\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("na", 2)


def test_the_oom_killers_victim_listed_as_a_rank_is_named(tmp_path: Path) -> None:
    """The kernel killed pid 660121; the node's process listing says it was rank 0: the
    job's own memory (stop, no node to blame), and the kill is that rank's."""
    node = tmp_path / "fra-11"
    node.mkdir()
    (tmp_path / "lon-04").mkdir()
    (node / "ps_at_start.txt").write_text(
        "  PID  RANK CMD\n660121  0 python train.py\n660122  1 python train.py\n"
    )
    (node / "journal-kernel.txt").write_text(
        "2024-03-07T17:31:07+02:00 fra-11 kernel: python invoked oom-killer: gfp_mask=0x140cca"
        "(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0\n"
        "2024-03-07T17:31:07+02:00 fra-11 kernel: Out of memory: Killed process 660121 (python)"
        " total-vm:556845328kB, anon-rss:485612904kB, file-rss:0kB, shmem-rss:0kB, UID:1040\n"
    )
    (tmp_path / "lon-04" / "train.log").write_text(
        "2024-03-07T16:31:09.304+01:00 [rank5] ERROR Connection reset by peer (fra-11:29500)\n"
    )
    result = diagnose_bundle(tmp_path)
    d = result.diagnosis
    assert d.category.value == "oom" and d.action.value == "stop" and d.culprit is None
    killed = [f for f in result.scan.findings if "Killed process 660121" in f.text]
    assert killed and all((f.node, f.rank) == ("fra-11", 0) for f in killed)


def test_absurd_layouts_are_not_expanded() -> None:
    assert expand_hostlist("gpu[0-999999999]") == []
    assert tasks_per_node("4(x999999999)") == []
    assert slurm_layout({"NODELIST": "n[1-2]", "TASKS_PER_NODE": "999999999(x2)"}) == {}
    assert mpirun_layout("mpirun -np 4", [("a", 10**9)]) == {}
