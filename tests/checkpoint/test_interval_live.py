"""``interval="auto"`` and numeric intervals in a live process: which steps save, and why."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch
from ckhelpers import stop_holders

import kintsugi


@pytest.fixture
def ckdir(tmp_path: Path) -> Iterator[Path]:
    d = tmp_path / "ckpt"
    yield d
    stop_holders(d)


def test_auto_picks_an_interval_in_steps_and_follows_it(ckdir: Path) -> None:
    # A failure every 60 s (far worse than any real job) makes the optimum a few seconds.
    ck = kintsugi.Checkpointer(ckdir, interval="auto", mtbf_s=60.0, memory=False)
    state = {"w": torch.zeros(1000)}
    saved = []
    for step in range(40):
        time.sleep(0.02)  # the "training step"
        if ck.save(step, state):
            saved.append(step)
    assert ck.choice is not None and ck.interval_steps is not None
    assert "exact optimum" in ck.choice.reason and "(configured)" in ck.choice.reason
    n = ck.interval_steps
    assert n > 1
    # The first two calls save (nothing is measured yet); then every n steps (re-tuned as costs are measured).
    assert saved[:2] == [0, 1]
    assert len(saved) < 40
    ck.close()


def test_numeric_interval_is_seconds(ckdir: Path) -> None:
    ck = kintsugi.Checkpointer(ckdir, interval=1.0, memory=False)
    saved = [s for s in range(30) if (time.sleep(0.01), ck.save(s, {"w": torch.ones(4)}))[1]]
    # interval_steps = round(1 s / measured step time): many steps per save (no timing bound).
    assert ck.interval_steps is not None and ck.interval_steps > 1
    assert saved[:2] == [0, 1] and len(saved) < 30
    ck.close()
