"""elastic's rendezvous polls, made fast without forking it (rdzv_poll.py)."""

from __future__ import annotations

from types import SimpleNamespace

from kintsugi.agent import rdzv_poll


def test_uncache_makes_each_poll_read_the_store() -> None:
    holder = SimpleNamespace(_cache_duration=1)
    assert rdzv_poll.uncache(SimpleNamespace(_state_holder=holder))
    assert holder._cache_duration == 0
    assert not rdzv_poll.uncache(SimpleNamespace())  # not elastic's dynamic handler: left alone


def test_the_rejoin_skew_scales_with_the_job() -> None:
    assert rdzv_poll.skew((0, 0.3), 2) == (0, 0.3 * 2 / rdzv_poll.HERD_NODES)
    assert rdzv_poll.skew((0, 0.3), 1000) == (0, 0.3)  # a big job keeps elastic's full skew
