"""The fast paths of saving and restoring give the same bytes as the plain ones.

A first save writes a fresh slot with ``pwrite`` (no page faults), later saves copy with
``memmove``; a restore from this node's memory reads the slot in place, and one from a peer or
storage lands in a staging slot that becomes the memory tier again. Each is checked bitwise
against the plain path, in one process with a real holder and real files.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch
from ckhelpers import snapshot, stop_holders

import kintsugi
from kintsugi.checkpoint import CheckpointError, blob, copier, slots


@pytest.fixture
def ckdir(tmp_path: Path) -> Iterator[Path]:
    d = tmp_path / "ckpt"
    yield d
    stop_holders(d)


def _state(seed: int) -> dict[str, object]:
    g = torch.Generator().manual_seed(seed)
    return {
        "model": {
            "w": torch.randn(300, 70, generator=g),
            "bf16": torch.randn(33, generator=g).to(torch.bfloat16),
            "scalar": torch.tensor(float(seed)),
            "empty": torch.empty(0, 3),
            "ids": torch.arange(11, dtype=torch.int64) * seed,
        },
        "step": seed,
        "names": ["a", ("b", 2)],
    }


def test_pwrite_pieces_give_the_same_snapshot_as_the_copy(tmp_path: Path) -> None:
    state = _state(3)
    layout = blob.flatten(state)
    assert blob.plain(layout)
    header = layout.header(5, 0, 1)
    length = layout.size(len(header))
    slot = slots.Slot(tmp_path / "rank_00000.slot0", 0)
    try:
        assert not slot.fits(length)
        slot.fill(length, blob.pieces(layout, header))
        assert slot.fits(length)
        slot.warm()
        assert bytes(slot.payload(length)) == bytes(snapshot(state, 5))
    finally:
        slot.close()


def test_views_that_memmove_cannot_copy_take_copy_() -> None:
    z = torch.randn(6, dtype=torch.complex64)
    state = {
        "conj": z.conj(),  # a lazy conjugate: its bytes are not its values
        "neg": torch.randn(4, dtype=torch.complex64).conj().imag,  # a negative view
        "strided": torch.randn(5, 8)[:, ::2],
        "t": torch.randn(3, 4).t(),
    }
    layout = blob.flatten(state)
    assert not blob.plain(layout)
    header = layout.header(1, 0, 1)
    buf = bytearray(layout.size(len(header)))
    blob.copy_tensors(layout, buf, blob.write_header(memoryview(buf), header))
    got = blob.parse(buf).state
    for k, v in state.items():
        assert torch.equal(got[k], v.resolve_conj().resolve_neg()), k
    live = {k: torch.zeros_like(v.resolve_conj().resolve_neg()) for k, v in state.items()}
    blob.load_into(live, got)
    for k in state:
        assert torch.equal(live[k], got[k]), k


def test_first_and_later_saves_restore_bitwise_from_every_tier(ckdir: Path) -> None:
    ck = kintsugi.Checkpointer(ckdir, replicas=0, interval=None, keep=3)
    try:
        for step in (1, 2, 3):  # fill (first use of each slot), then memmove into mapped slots
            assert ck.save(step, _state(step))
        ck.wait()
        want = _state(3)
        for tier in ("memory", "storage"):
            live = _state(0)
            r = ck.restore(into=live, tiers=(tier,))
            assert r is not None and (r.step, r.tier) == (3, tier) and r.state is live
            for k, v in want["model"].items():  # type: ignore[attr-defined]
                assert torch.equal(live["model"][k], v), (tier, k)  # type: ignore[index]
            assert live["names"] == ["a", ("b", 2)] and live["step"] == 3
            ck.wait()
        # Without ``into``, the state is the caller's own: a later save does not change it.
        r = ck.restore()
        assert r is not None and r.tier == "memory"
        ck.save(4, _state(4))
        ck.save(5, _state(5))
        ck.wait()
        assert torch.equal(r.state["model"]["w"], want["model"]["w"])  # type: ignore[index]
        with pytest.raises(CheckpointError, match="tiers must be some of"):
            ck.restore(tiers=("disk",))
    finally:
        ck.close()


def test_a_restore_from_storage_is_staged_back_into_memory(ckdir: Path) -> None:
    ck = kintsugi.Checkpointer(ckdir, replicas=0, interval=None, keep=3)
    try:
        ck.save(7, _state(7))
        ck.wait()
        assert ck.node_dir is not None
        for p in ck.node_dir.glob("rank_*.slot*"):  # memory lost (the slots' words cleared)
            with p.open("r+b") as f:
                f.seek(8)
                f.write(bytes(8))
        assert slots.read_valid(ck.node_dir, 0) == []
        r = ck.restore(into=_state(0))
        assert r is not None and (r.step, r.tier) == (7, "storage")
        ck.wait()
        held = slots.read_valid(ck.node_dir, 0)
        assert [(i.step, i.crc is not None) for i, _ in held] == [(7, True)]
        r = ck.restore(into=_state(0))
        assert r is not None and (r.step, r.tier) == (7, "memory")
    finally:
        ck.close()


def test_a_restarted_ranks_first_save_keeps_the_newest_snapshot(ckdir: Path) -> None:
    ck = kintsugi.Checkpointer(ckdir, replicas=0, interval=None, keep=3)
    ck.save(1, _state(1))
    ck.wait()
    ck.save(2, _state(2))
    ck.close()
    again = kintsugi.Checkpointer(ckdir, replicas=0, interval=None, keep=3)
    try:
        assert again.node_dir is not None
        again.save(3, _state(3))  # goes to the slot of step 1, not the one of step 2
        steps = sorted(i.step for i, _ in slots.read_valid(again.node_dir, 0))
        assert steps == [2, 3]
    finally:
        again.close()


def test_a_corrupt_memory_slot_is_skipped_for_storage(ckdir: Path) -> None:
    ck = kintsugi.Checkpointer(ckdir, replicas=0, interval=None, keep=3)
    try:
        ck.save(4, _state(4))
        ck.wait()
        assert ck.node_dir is not None
        (info, path), *_ = slots.read_valid(ck.node_dir, 0)
        fd = os.open(path, os.O_RDWR)
        try:
            at = slots.SLOT_HEADER + info.length - 8
            os.pwrite(fd, bytes(b ^ 0xFF for b in os.pread(fd, 8, at)), at)
        finally:
            os.close(fd)
        r = ck.restore(into=_state(0))
        assert r is not None and (r.step, r.tier) == (4, "storage")
        assert any("memory step 4" in s and "checksum" in s for s in r.skipped), r.skipped
    finally:
        ck.close()


def test_copies_on_several_threads_are_bitwise(
    ckdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(copier.ENV_THREADS, "3")
    assert copier.threads() == 3
    g = torch.Generator().manual_seed(11)
    # 40 MB: above the size where the copy is shared out, in pieces of several tensors.
    big = {"a": torch.randn(5_000_000, generator=g), "b": torch.randn(123, 4567, generator=g)}
    big["c"] = torch.randint(0, 100, (2_500_001,), generator=g, dtype=torch.int32)
    ck = kintsugi.Checkpointer(ckdir, replicas=0, interval=None, keep=2)
    try:
        for step in (1, 2, 3):  # pwrite pieces into a fresh slot, then memmove batches
            big["a"][0] = float(step)
            ck.save(step, big)
        ck.wait()
        live = {k: torch.zeros_like(v) for k, v in big.items()}
        for tier in ("memory", "storage"):
            r = ck.restore(into=live, tiers=(tier,))
            assert r is not None and (r.step, r.tier) == (3, tier)
            assert all(torch.equal(live[k], v) for k, v in big.items()), tier
            ck.wait()
    finally:
        ck.close()
