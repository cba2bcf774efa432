"""A quick check that overruns once is run once more; one that hangs fails (runner internals,
with checks defined here: a stalled thread is what a busy host looks like to a check)."""

from __future__ import annotations

import threading

from kintsugi.health.api import Check, CheckContext, Status
from kintsugi.health.runner import HealthConfig, _run_one


def _ctx() -> CheckContext:
    return CheckContext(node="n0", level=1, paths=("/tmp",), min_free_gb=0, min_mem_gb=0)


def test_a_check_stalled_once_passes_on_its_second_try() -> None:
    calls = []
    release = threading.Event()

    def flaky(ctx: CheckContext) -> str:
        calls.append(1)
        if len(calls) == 1:
            release.wait(5)  # the first try stalls past its budget
        return "fine"

    r = _run_one(Check("flaky", 1, flaky, 0.2), _ctx(), HealthConfig(), set(), None)
    release.set()
    assert (r.status, r.detail) == (Status.PASS, "fine (after a first try timed out)")
    assert len(calls) == 2


def test_a_check_that_hangs_fails_after_two_tries() -> None:
    release = threading.Event()
    r = _run_one(
        Check("stuck", 1, lambda ctx: str(release.wait(5)), 0.1),
        _ctx(),
        HealthConfig(),
        set(),
        None,
    )
    release.set()
    assert r.status is Status.FAIL and r.detail == "timed out after 0.1 s, twice"


def test_a_long_check_is_not_retried() -> None:
    calls = []
    release = threading.Event()

    def slow(ctx: CheckContext) -> str:
        calls.append(1)
        release.wait(5)
        return "late"

    cfg = HealthConfig(budget_scale=0.01)  # a 60 s check cut to 0.6 s: still a long check's
    r = _run_one(Check("matmul_like", 2, slow, 60.0), _ctx(), cfg, set(), None)
    release.set()
    assert r.status is Status.FAIL and len(calls) == 1
