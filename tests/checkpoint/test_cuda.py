"""CUDA states: a save page-locks its slot for the device-to-host copy, and restores are bitwise.

The pinning bookkeeping is tested everywhere through a stand-in for ``cudaHostRegister`` (no GPU
here: the stand-in records what would be registered). The tests marked as needing CUDA run the
real path and are skipped without a GPU; docs/benchmarks.md ("On a GPU") says where they ran.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from ckhelpers import ckdir, stop_holders, torchrun_two

import kintsugi
from kintsugi.checkpoint import slots

__all__ = ["ckdir"]

needs_cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")


class StandIn:
    """Records registrations as the CUDA runtime would hold them."""

    def __init__(self, refuse: bool = False) -> None:
        self.held: dict[int, int] = {}
        self.calls = 0
        self.refuse = refuse

    def register(self, addr: int, size: int) -> bool:
        self.calls += 1
        if self.refuse:
            return False
        assert addr not in self.held, "registered twice"
        self.held[addr] = size
        return True

    def unregister(self, addr: int) -> None:
        assert addr in self.held, "unregistered what was not registered"
        del self.held[addr]


def test_a_pinned_slot_follows_its_mapping(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cuda = StandIn()
    monkeypatch.setattr(slots, "_cuda_register", cuda.register)
    monkeypatch.setattr(slots, "_cuda_unregister", cuda.unregister)
    slot = slots.Slot(tmp_path / "rank_00000.slot0", 0)
    slot.pin()  # nothing mapped yet: pinned once there is
    assert cuda.held == {}
    slot.reserve(1 << 20)
    assert list(cuda.held.values()) == [slots.SLOT_HEADER + (1 << 20)]
    slot.pin()  # already pinned: no second registration
    assert cuda.calls == 1
    slot.reserve(4 << 20)  # grows: the old mapping is released, the new one pinned
    assert list(cuda.held.values()) == [slots.SLOT_HEADER + (4 << 20)]
    slot.close()
    assert cuda.held == {}


def test_a_refused_pin_leaves_the_slot_pageable(
    ckdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cuda = StandIn(refuse=True)
    monkeypatch.setattr(slots, "_cuda_register", cuda.register)
    monkeypatch.setattr(slots, "_cuda_unregister", cuda.unregister)
    slot = slots.Slot(ckdir.parent / "rank_00000.slot0", 0)
    slot.pin()
    slot.reserve(1 << 16)
    assert cuda.calls == 1 and slot._pinned is None
    slot.close()  # nothing to release


def test_a_cpu_state_never_touches_cuda(ckdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_cuda() -> object:
        raise AssertionError("a CPU job must not initialise CUDA")

    monkeypatch.setattr(slots, "_cudart", no_cuda)
    ck = kintsugi.Checkpointer(ckdir, replicas=0, interval=None, keep=2)
    try:
        for step in (1, 2, 3):
            ck.save(step, {"w": torch.full((4096,), float(step))})
        ck.wait()
        r = ck.restore()
        assert r is not None and torch.equal(r.state["w"], torch.full((4096,), 3.0))
        assert all(s._pinned is None for s in ck._slots)
    finally:
        ck.close()


@needs_cuda
def test_cuda_states_restore_bitwise_from_every_tier_under_torchrun(tmp_path: Path) -> None:
    d = tmp_path / "ckpt"
    try:
        p = torchrun_two("cuda_job.py", str(d), timeout=300)
    finally:
        stop_holders(d)
    out = p.stdout + p.stderr
    assert p.returncode == 0 and out.count("CUDA OK") == 2, out[-4000:]
    assert "pageable" not in out, out[-2000:]  # every slot a CUDA save used was pinned
