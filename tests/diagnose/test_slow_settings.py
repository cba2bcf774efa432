"""A job slowed by a setting it runs with (NCCL told off the RDMA fabric or off peer-to-peer,
c10d's DETAIL debug level, autograd's anomaly detection, CUDA_LAUNCH_BLOCKING=1) is the script's
to change: every rank is equally slow and no node stands out.
NCCL's and c10d's own lines prove the setting took effect; leaving the fabric slows a job only
where an RDMA port is there to leave."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import step_time

_IBSTAT = """CA 'mlx5_0'
\tCA type: MT4129
\tNumber of ports: 1
\tPort 1:
\t\tState: Active
\t\tPhysical state: LinkUp
\t\tRate: 400
\t\tLink layer: InfiniBand
"""

_NCCL = "{{node}}:{{pid}}:{{pid}} [{{r}}] NCCL INFO NCCL_IB_DISABLE set by environment to {value}."


def _bundle(tmp: Path, setting: str, ibstat: bool) -> Path:
    for n, node in enumerate(("gpu-7", "gpu-8")):
        (tmp / node).mkdir()
        lines = [setting.format(node=node, pid=4100 + r, r=r) + "\n" for r in range(4)]
        lines += [
            f"[rank{n * 4}]: 2025-04-08 10:{s // 10:02d}:00 | step {s:5d} | loss 1.93 | "
            f"Train Step Duration (s): {5.6 + (s % 3) / 10:.2f}\n"
            for s in range(10, 300, 10)
        ]
        (tmp / node / "train.log").write_text("".join(lines))
        if ibstat:
            (tmp / node / "ibstat.txt").write_text(_IBSTAT)
    return tmp


def _got(case: Path) -> tuple[str, str, object, str]:
    d = diagnose_bundle(case).diagnosis
    return (d.category.value, d.layer.value, d.culprit, d.action.value)


def test_a_step_duration_is_a_step_time() -> None:
    assert step_time("step 20 | Train Step Duration (s): 5.60 | GPU Idle Time (%): 89.6") == 5.6
    assert step_time("iter 300 step_duration=812ms") == 0.812


def test_sockets_beside_an_active_fabric_are_the_scripts_setting(tmp_path: Path) -> None:
    case = _bundle(tmp_path, _NCCL.format(value=1), ibstat=True)
    assert _got(case) == ("straggler", "script", None, "stop")


def test_sockets_where_there_is_no_fabric_are_how_the_cluster_runs(tmp_path: Path) -> None:
    case = _bundle(tmp_path, _NCCL.format(value=1), ibstat=False)
    assert _got(case)[0] == "unknown"


def test_the_ib_left_enabled_is_no_setting(tmp_path: Path) -> None:
    case = _bundle(tmp_path, _NCCL.format(value=0), ibstat=True)
    assert _got(case)[0] == "unknown"


def test_the_detail_debug_level_is_the_scripts_setting(tmp_path: Path) -> None:
    case = _bundle(
        tmp_path, "[I debug.cpp:49] [c10d] The debug level is set to DETAIL.", ibstat=False
    )
    assert _got(case) == ("straggler", "script", None, "stop")


def test_anomaly_detection_left_on_is_the_scripts_setting(tmp_path: Path) -> None:
    case = _bundle(
        tmp_path,
        "/opt/venv/lib/python3.10/site-packages/torch/autograd/anomaly_mode.py:119: UserWarning:"
        " Anomaly Detection has been enabled. This mode will increase the runtime and should"
        " only be enabled for debugging.",
        ibstat=False,
    )
    assert _got(case) == ("straggler", "script", None, "stop")


def test_launch_blocking_in_the_jobs_environment_is_the_scripts_setting(tmp_path: Path) -> None:
    case = _bundle(
        tmp_path,
        "2024-02-14 09:12:32,012 INFO train.py:71 [rank{r}] relevant env: CUDA_LAUNCH_BLOCKING=1"
        " NCCL_DEBUG=WARN OMP_NUM_THREADS=8",
        ibstat=False,
    )
    assert _got(case) == ("straggler", "script", None, "stop")


def test_cudas_advice_to_set_launch_blocking_is_no_setting(tmp_path: Path) -> None:
    """Every CUDA error ends with the advice; a commented-out export is not run."""
    case = _bundle(
        tmp_path,
        "[rank{r}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "# export CUDA_LAUNCH_BLOCKING=1",
        ibstat=False,
    )
    assert _got(case)[0] == "unknown"


def test_a_one_line_port_summary_shows_the_fabric(tmp_path: Path) -> None:
    case = _bundle(tmp_path, _NCCL.format(value=1), ibstat=False)
    (case / "gpu-7" / "ibstat-summary.txt").write_text(
        "CA 'mlx5_ib0' Port 1: State: Active, Physical state: LinkUp, Rate: 400\n"
    )
    assert _got(case) == ("straggler", "script", None, "stop")


_P2P = "{node}:{pid}:{pid} [{r}] NCCL INFO NCCL_P2P_DISABLE set by environment to 1"


def _p2p_bundle(tmp: Path, nodes: tuple[str, ...], told: set[str]) -> Path:
    for node in nodes:
        (tmp / node).mkdir()
        lines = [f"{node}:4100:4100 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n"]
        if node in told:
            lines += [_P2P.format(node=node, pid=4100 + r, r=r) + "\n" for r in range(4)]
        lines += [
            f"2025-04-08 10:{s // 10:02d}:00 | step {s:5d} | Train Step Duration (s): 5.60\n"
            for s in range(10, 300, 10)
        ]
        (tmp / node / "worker.log").write_text("".join(lines))
    return tmp


def test_peer_to_peer_disabled_on_every_node_is_the_scripts_setting(tmp_path: Path) -> None:
    case = _p2p_bundle(tmp_path, ("k8s-gpu-07", "k8s-gpu-11"), {"k8s-gpu-07", "k8s-gpu-11"})
    assert _got(case) == ("straggler", "script", None, "stop")


def test_peer_to_peer_disabled_on_one_node_is_that_nodes_own(tmp_path: Path) -> None:
    """Only one node's ranks report it: its own /etc/nccl.conf, not the job's environment."""
    case = _p2p_bundle(tmp_path, ("gpu-x01", "gpu-x02", "gpu-x07"), {"gpu-x07"})
    d = diagnose_bundle(case).diagnosis
    assert (d.category.value, d.layer.value, d.action.value) == (
        "straggler",
        "infrastructure",
        "restart_without_node",
    )
    assert d.culprit is not None and d.culprit.node == "gpu-x07"
