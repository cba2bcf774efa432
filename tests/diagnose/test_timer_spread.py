"""A timer's spread over the ranks, gathered and printed by rank 0 ("fwd+bwd ms: min 402.7
(rank 13) median 405.9 max 604.8 (rank 21)"): the slowest rank against the median, as a
straggler detector's report; a wait's spread is no rank's own slowness. Format: a Ray Train
worker's line with its prefix."""

from __future__ import annotations

from kintsugi.diagnose.extract import detector_report

LINE = (
    "(RayTrainWorker pid=8100, ip=10.0.1.12) [rank 0] timing (all_gather over 32 ranks) "
    "fwd+bwd ms: min 402.7 (rank 13) median 405.9 max 604.8 (rank 21) | data_wait ms max 3.9 "
    "(rank 12) | allreduce wait ms max 205.1 (rank 0)"
)


def test_the_slowest_rank_of_a_work_timer_against_the_median() -> None:
    found = detector_report(LINE)
    assert found is not None
    rank, ratio, node = found
    assert (rank, node) == (21, None) and abs(ratio - 604.8 / 405.9) < 1e-6


def test_a_waits_spread_names_no_straggler() -> None:
    assert (
        detector_report("allreduce wait ms: min 2.0 (rank 21) median 200.3 max 220.9 (rank 7)")
        is None
    )
