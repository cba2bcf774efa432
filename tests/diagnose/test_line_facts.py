"""Facts read from single lines that the set-2 capabilities rest on, in real tools' wording."""

from __future__ import annotations

import pytest

from kintsugi.diagnose.extract import data_wait, detector_report, srun_tasks, stepd_node
from kintsugi.diagnose.hang import waits_on_device


def test_srun_names_the_node_of_each_task() -> None:
    assert srun_tasks("srun: error: nid001236: tasks 4,6-7: Terminated") == ("nid001236", [4, 6, 7])
    assert srun_tasks("srun: error: n-h100-0413: task 1: Exited with exit code 1") == (
        "n-h100-0413",
        [1],
    )
    assert srun_tasks("srun: Job step aborted: Waiting up to 32 seconds") is None
    line = (
        "slurmstepd: error: *** STEP 16533808.0 ON nid001236 CANCELLED AT 2023-09-19T03:27:54 ***"
    )
    assert stepd_node(line) == "nid001236"


def test_megatron_straggler_detector_names_the_slowest_rank() -> None:
    line = (
        " 0: INFO:megatron.core.utils:[2024-03-14 23:07:56] | MnRtt/Rnk: 3453.08ms/8 | "
        "MxRtt/Rnk: 6906.16ms/45 | MnPwr/Rnk: 601796W/8"
    )
    rep = detector_report(line)
    assert rep is not None and rep[0] == 45 and rep[1] == pytest.approx(2.0)


@pytest.mark.parametrize(
    ("line", "seconds"),
    [
        ("Epoch: [0]  [ 500/2502]  eta: 0:02:55  time: 0.625  data: 0.013  max mem: 31877", 0.013),
        ("Epoch(train) [1][100/500]  time: 0.5213  data_time: 0.0123  memory: 1234", 0.0123),
        ("[dl-timing] step 4000 data_wait_ms(p50)=1243 h2d_ms=4.5", 1.243),
        ("data loading time: 12 ms", 0.012),
        ("loading data: /data/train-00001.bin", None),
        ("data: 3 shards", None),
        ("metadata: 0.5", None),
    ],
)
def test_data_wait_timers(line: str, seconds: float | None) -> None:
    got = data_wait(line)
    assert got == (pytest.approx(seconds) if seconds is not None else None)


def test_a_stack_waiting_on_its_own_gpu() -> None:
    pyspy = 'Thread 7 (active): "MainThread"\n    synchronize (torch/cuda/__init__.py:801)\n'
    native = "native frames:\n    cuStreamSynchronize (libcuda.so.1)\n"
    collective = "    wait (torch/distributed/distributed_c10d.py:2288)\n"
    assert waits_on_device(pyspy) and waits_on_device(native)
    assert not waits_on_device(collective)


def test_nemo_straggler_report_names_rank_node_and_score() -> None:
    rep = detector_report("      Rank=17  Node=h100-b-07 Score=0.70")
    assert rep is not None and rep[0] == 17 and rep[2] == "h100-b-07"
    assert rep[1] == pytest.approx(1 / 0.7)


def test_rank_blocks_place_ranks_and_find_the_quiet_one() -> None:
    from kintsugi.diagnose.findings import Finding
    from kintsugi.diagnose.ranks import place_ranks, quiet_rank, rank_blocks
    from kintsugi.diagnose.signatures import Role
    from kintsugi.events import Action, Category, Layer

    homes = {0: "a", 3: "a", 4: "b", 5: "b", 7: "b", 8: "c"}
    assert rank_blocks(homes) == {"a": range(0, 4), "b": range(4, 8), "c": range(8, 12)}
    assert place_ranks(homes)[6] == "b" and place_ranks(homes)[11] == "c"
    assert rank_blocks({0: "a", 5: "b", 7: "c"}) == {}  # uneven: no blocks inferred
    # a rank or two per node, not evenly spaced: the one size under which they fit (8)
    few = {0: "n1", 7: "n1", 15: "n2", 16: "n3", 30: "n4"}
    assert rank_blocks(few) == {
        n: range(8 * i, 8 * i + 8) for i, n in enumerate(("n1", "n2", "n3", "n4"))
    }
    assert rank_blocks({0: "n1", 1: "n1", 20: "n2", 45: "n3"}) == {}  # 16 and 17 both fit
    waits = [
        Finding("nccl_watchdog_timeout", Category.HANG, Layer.INFRASTRUCTURE, Action.RESTART,
                3, Role.SYMPTOM, "Watchdog caught collective operation timeout", "b.log",
                node="b", rank=r)
        for r in (4, 5, 7)
    ]  # fmt: skip
    assert quiet_rank("b", waits, homes) == 6
    assert quiet_rank("a", waits, homes) is None
    # the launcher's SIGTERM at the end reaches the quiet rank too: it never waited
    ended = Finding("killed_by_launcher", Category.UNKNOWN, Layer.FRAMEWORK, Action.RESTART, 1,
                    Role.SYMPTOM, "rank 6 exitcode -15", "b.log", node="b", rank=6)  # fmt: skip
    assert quiet_rank("b", [*waits, ended], homes) == 6


def test_iso_stamps_in_different_zones_land_on_one_scale() -> None:
    from kintsugi.diagnose.timeline import parse_ts

    berlin = parse_ts("2024-05-01T17:31:07+02:00 oom-kill")
    new_york = parse_ts("2024-05-01T11:31:12-04:00 segfault")
    utc = parse_ts("2024-05-01T15:31:09Z reset")
    assert berlin is not None and new_york is not None and utc is not None
    assert berlin < utc < new_york
    assert parse_ts("2024-05-01 15:31:09,5 naive") == utc + 0.5


def test_a_detectors_threshold_report_names_rank_and_node() -> None:
    rep = detector_report(
        "[2026-07-07 10:47:23] StragglerDetector: GPU relative performance below threshold "
        "0.70: rank 21 (gx-03, local 5) = 0.62; next slowest rank 9 = 0.98"
    )
    assert rep is not None and rep[0] == 21 and rep[2] == "gx-03"
    assert abs(rep[1] - 1 / 0.62) < 1e-9


def test_megatron_timers_name_their_unit_once_for_the_line() -> None:
    """Megatron-LM's ``--timing-log-level`` line: "times (ms):" then unitless columns; its
    batch-generator is the wait for data, grads-all-reduce the wait in the collective."""
    from kintsugi.diagnose.extract import comm_wait, compute_time, data_wait

    line = (
        "[Rank 2] (after 10 iterations) times (ms): | forward-backward: 30.47 | "
        "batch-generator: 801.90 | grads-all-reduce: 6.53 | optimizer: 3.69"
    )
    assert data_wait(line) == 0.8019
    assert compute_time(line) == 0.03047
    assert comm_wait(line) == 0.00653
    assert data_wait("batch-generator: 2.5 s") == 2.5  # a unit of its own still counts


def test_a_listing_of_every_ranks_relative_performance_names_the_lowest() -> None:
    rep = detector_report(
        "  GPU relative performance (1.00 = fastest): rank 13 (lx-gpu-02) 0.88 | rank 17 "
        "(lx-gpu-03) 0.98 | rank 26 (lx-gpu-04) 0.99"
    )
    assert rep is not None
    assert (rep[0], rep[2]) == (13, "lx-gpu-02")
    assert abs(rep[1] - 1 / 0.88) < 1e-9
