"""Loss spikes by a robust score, and NaNs across attempts: application or node."""

from __future__ import annotations

import math
import random

import pytest

from kintsugi.straggle import (
    LossSpikeConfig,
    LossSpikeDetector,
    NonFiniteReport,
    NonFiniteTracker,
    NumericCause,
    classify_nonfinite,
)


def decaying_losses(n: int, seed: int, noise: float = 0.03) -> list[float]:
    rng = random.Random(seed)
    return [2.0 * math.exp(-i / 400) + 0.5 + rng.gauss(0, noise) for i in range(n)]


def test_no_spikes_in_a_noisy_decaying_loss() -> None:
    for seed in range(30):
        det = LossSpikeDetector()
        assert [
            s for i, x in enumerate(decaying_losses(1000, seed)) if (s := det.observe(0, i, x))
        ] == []


def test_a_spike_is_found_once_and_nans_are_skipped() -> None:
    det = LossSpikeDetector()
    losses = decaying_losses(300, 7)
    losses[200] *= 3
    losses[201] *= 2.5  # the same spike still settling: folded in
    losses[150] = float("nan")
    spikes = [s for i, x in enumerate(losses) if (s := det.observe(3, i, x))]
    assert [(s.rank, s.step) for s in spikes] == [(3, 200)]
    assert spikes[0].score > 8 and spikes[0].event_data()["step"] == 200
    assert det.observe(3, 301, "nan") is None and det.observe(3, 302, None) is None


def test_nothing_before_enough_samples() -> None:
    det = LossSpikeDetector(LossSpikeConfig(min_samples=20))
    assert all(det.observe(0, i, 1.0 if i < 10 else 100.0) is None for i in range(11))
    with pytest.raises(ValueError):
        LossSpikeConfig(window=10, min_samples=20)


def r(attempt: int, step: int | None, node: str, rank: int = 0) -> NonFiniteReport:
    return NonFiniteReport(attempt=attempt, step=step, rank=rank, node=node)


def test_same_iteration_on_different_nodes_is_the_application() -> None:
    v = classify_nonfinite([r(0, 120, "a", 1), r(0, 121, "b", 0), r(1, 120, "b", 1)])
    assert v.cause is NumericCause.APPLICATION and v.step == 120 and v.attempts == (0, 1)
    assert "different nodes a, b" in v.evidence


def test_same_iteration_on_one_node_is_still_the_application() -> None:
    v = classify_nonfinite([r(0, 50, "a"), r(1, 50, "a")], nodes=["a"])
    assert v.cause is NumericCause.APPLICATION and v.step == 50


def test_a_nan_following_one_node_is_that_node() -> None:
    # Other nodes' NaNs one step later are the spread through the all-reduce.
    reports = [r(0, 300, "b", 1), r(0, 301, "a", 0), r(1, 170, "b", 3), r(2, 40, "b", 0)]
    v = classify_nonfinite(reports, nodes=["a", "b", "c"])
    assert v.cause is NumericCause.NODE and v.node == "b" and v.attempts == (0, 1, 2)
    # A one-node job cannot tell a sick node from a non-deterministic application.
    one_node = [x for x in reports if x.node == "b"][:2]
    assert classify_nonfinite(one_node, nodes=["b"]).cause is NumericCause.UNDECIDED


def test_one_occurrence_or_no_pattern_is_undecided_then_stops() -> None:
    assert classify_nonfinite([r(0, 10, "a")]).cause is NumericCause.UNDECIDED
    two = [r(0, 10, "a"), r(1, 20, "b")]
    assert classify_nonfinite(two, nodes=["a", "b"]).cause is NumericCause.UNDECIDED
    # A third attempt with a NaN and still no node to blame: stop rather than loop.
    v = classify_nonfinite([*two, r(2, 5, "a"), r(2, 5, "b", 1)], nodes=["a", "b"])
    assert v.cause is NumericCause.APPLICATION and v.attempts == (0, 1, 2)


def test_a_nan_everywhere_at_once_is_not_one_nodes_fault() -> None:
    # DDP spreads a NaN to every rank in the same step; a resumed attempt counts steps anew.
    reports = [r(0, 20, "a", 0), r(0, 20, "b", 1), r(1, 4, "a", 0), r(1, 4, "b", 1)]
    v = classify_nonfinite(reports, nodes=["a", "b"])
    assert v.cause is NumericCause.UNDECIDED
    v = classify_nonfinite([*reports, r(2, 4, "a", 0), r(2, 4, "b", 1)], nodes=["a", "b"])
    assert v.cause is NumericCause.APPLICATION and v.step == 4 and v.attempts == (1, 2)


def test_tracker_decides_at_the_second_attempt() -> None:
    t = NonFiniteTracker()
    t.attempt_nodes(["a", "b"])
    assert t.add(r(0, 77, "a")).cause is NumericCause.UNDECIDED
    assert t.add(r(1, 77, "b")).cause is NumericCause.APPLICATION


def test_payloads_match_the_event_schema() -> None:
    from kintsugi.events import EventKind, validate
    from kintsugi.straggle import LossSpike, Straggler

    validate(EventKind.NAN, r(0, None, "a").event_data())
    validate(EventKind.NAN, r(1, 7, "a").event_data())
    spike = LossSpike(rank=0, step=3, loss=9.0, median=1.0, score=12.0)
    validate(EventKind.LOSS_SPIKE, spike.event_data())
    s = Straggler(
        rank=1,
        node="b",
        step=40,
        slowdown=4.0,
        persistent=True,
        node_wide=False,
        ranks=(1,),
        compute_s=0.04,
        typical_compute_s=0.01,
        others_wait_s=0.03,
        step_time_s=0.045,
        z=0.0,
    )
    validate(EventKind.STRAGGLER, s.event_data())
