"""A GPU whose power limit was set below its default clocks down like a throttled one; a
logger that spaces its ``s/it`` still reports iteration times.

Formats: ``nvidia-smi -q``'s "GPU Power Readings" block (Current / Default Power Limit) and
a trainer's ``| 2.449 s/it |`` column.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import step_time
from kintsugi.diagnose.parse_state import Context
from kintsugi.diagnose.reports import parse_nvsmi
from kintsugi.events import Action, Category

NVSMI = """==============NVSMI LOG==============

Attached GPUs                             : 1
GPU 00000000:18:00.0
    Clocks Event Reasons
        SW Power Cap                      : Active
    GPU Power Readings
        Power Draw                        : 398.54 W
        Current Power Limit               : {limit}
        Default Power Limit               : 700.00 W
        Max Power Limit                   : 700.00 W
"""


def test_a_spaced_seconds_per_iteration_column() -> None:
    assert step_time("step 10 | loss 7.8767 | 2.449 s/it | 73.5 TFLOP/s/GPU") == 2.449
    assert step_time("100%|####| 50/50 [00:10<00:00, 4.91it/s]") == 1 / 4.91
    # Composer's console logger
    assert step_time("\t Train throughput/batches_per_sec: 0.5228") == 1 / 0.5228


def test_a_lowered_power_limit_is_context_for_a_straggler() -> None:
    capped = parse_nvsmi(NVSMI.format(limit="400.00 W"), Context("n/q.txt", node="n"))
    capped = [f for f in capped if f.signature != "gpu_bus"]
    assert [f.signature for f in capped] == ["power_capped", "gpu_count"]
    assert "400.00 W" in capped[0].text
    full = parse_nvsmi(NVSMI.format(limit="700.00 W"), Context("n/q.txt", node="n"))
    assert [f.signature for f in full if f.signature != "gpu_bus"] == ["gpu_count"]


def test_the_capped_node_of_a_slowed_job_is_the_straggler(tmp_path: Path) -> None:
    for node in ("hx-1", "hx-2"):
        (tmp_path / node).mkdir()
        limit = "400.00 W" if node == "hx-2" else "700.00 W"
        (tmp_path / node / "nvidia-smi-q.txt").write_text(NVSMI.format(limit=limit))
    steps = [
        f"[rank0]: step: {10 * i:5d}  loss:  3.1  tps: {7200 if i < 10 else 4200:,}\n"
        for i in range(1, 20)
    ]
    (tmp_path / "hx-1" / "titan.log").write_text("".join(steps))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STRAGGLER
    assert d.culprit is not None and d.culprit.node == "hx-2"
    assert d.action is Action.RESTART_WITHOUT_NODE


IBSTAT = """CA 'mlx5_0'
\tPort 1:
\t\tState: Active
\t\tRate: 400
CA 'mlx5_1'
\tPort 1:
\t\tState: Active
\t\tRate: {rate}
"""


def test_an_hca_trained_below_its_siblings_slows_its_node(tmp_path: Path) -> None:
    """``ibstat``: one port at 100 of the node's 400 Gb/s while the job slowed down."""
    for node in ("r1", "r2"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "ibstat.txt").write_text(
            IBSTAT.format(rate="100" if node == "r2" else "400")
        )
    steps = [
        f"[rank0]: step: {10 * i:5d}  loss:  3.1  tps: {3100 if i < 10 else 1300:,}\n"
        for i in range(1, 20)
    ]
    (tmp_path / "r1" / "titan.log").write_text("".join(steps))
    d = diagnose_bundle(tmp_path).diagnosis
    # The job slowed and did not fail: a straggler, whose degraded port is the proof that
    # leaves its node out (as a GPU that clocks down is).
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "r2"


FLAP = (
    "[3634487.530499] mlx5_core 0000:4b:00.0 mlx5_2: Port: 1 Link DOWN\n"
    "[3634491.630499] mlx5_core 0000:4b:00.0 mlx5_2: Port: 1 Link ACTIVE\n"
)


def _flapped_job(tmp_path: Path, error: str = "") -> None:
    """Two nodes; r2's port flapped and came back at half its siblings' rate; the job slowed."""
    for node in ("r1", "r2"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "ibstat.txt").write_text(
            IBSTAT.format(rate="200" if node == "r2" else "400")
        )
        (tmp_path / node / "dmesg.txt").write_text(FLAP if node == "r2" else "")
    steps = [
        f"[rank0]: step: {10 * i:5d}  loss:  3.1  tps: {3100 if i < 10 else 2300:,}\n"
        for i in range(1, 20)
    ]
    (tmp_path / "r1" / "titan.log").write_text("".join(steps) + error)


def test_a_link_flap_the_job_rode_out_is_the_straggler_s_cause(tmp_path: Path) -> None:
    """No rank failed: the port that went down and came back did not fail the job; the rate
    it came back at is why the job slowed down."""
    _flapped_job(tmp_path)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "r2"


def test_a_link_flap_with_ranks_failing_is_the_network(tmp_path: Path) -> None:
    """The same flap while the ranks lost their connections failed the job."""
    _flapped_job(
        tmp_path,
        "[rank0]: RuntimeError: NCCL Error 6: remote process exited or there was a network "
        "error, NCCL version 2.21.5\n",
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.NETWORK
    assert d.culprit is not None and d.culprit.node == "r2"
