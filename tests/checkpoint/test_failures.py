"""Real processes and real files: a rank killed mid-write, a full disk, a corrupt file, a
truncated manifest, a dead storage target, a bad replica. Restore returns the newest valid
checkpoint and says what it skipped; nothing half-written ever becomes latest."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch
from ckhelpers import result, saver, small_tmpfs, stop_holders

import kintsugi
from kintsugi.checkpoint import (
    IncompatibleCheckpoint,
    StagingFull,
    StorageFull,
    StorageTimeout,
    UnsupportedState,
    UnwritableDirectory,
    blob,
    holder,
    wire,
)


@pytest.fixture
def ckdir(tmp_path: Path) -> Iterator[Path]:
    d = tmp_path / "ckpt"
    yield d
    stop_holders(d)


def test_rank_killed_mid_write_restores_from_memory_or_the_previous_step(ckdir: Path) -> None:
    p = saver(ckdir, "--steps", "1,2,3", "--mb", "128", "--kill")
    assert p.returncode == -9, p.stderr
    # Step 3 was staged in shared memory, then the process died while writing it to disk.
    assert not (ckdir / "step_000000000003" / "rank_00000.json").exists()
    got = result(saver(ckdir, "--restore", "--mb", "128"))
    assert got == {"step": 3, "tier": "memory", "skipped": [], "intact": True} or (
        got is not None and got["step"] == 3 and got["tier"] == "memory" and got["intact"]
    )
    # Without the memory tier (a lost node) storage is the only source: step 2, step 3 skipped.
    got = result(saver(ckdir, "--restore", "--mb", "128", "--memory", "0"))
    assert got is not None and got["step"] == 2 and got["tier"] == "storage" and got["intact"]
    assert any("storage step 3" in s and "missing" in s for s in got["skipped"]), got  # type: ignore[union-attr]


def test_corrupt_file_and_truncated_manifest_are_skipped(ckdir: Path) -> None:
    p = saver(ckdir, "--steps", "1,2,3", "--memory", "0")
    assert p.returncode == 0, p.stderr
    data = ckdir / "step_000000000003" / "rank_00000.bin"
    raw = bytearray(data.read_bytes())
    raw[len(raw) // 2] ^= 0xFF  # one flipped bit-pattern in the middle of the tensor data
    data.write_bytes(bytes(raw))
    manifest = ckdir / "step_000000000002" / "rank_00000.json"
    manifest.write_bytes(manifest.read_bytes()[:20])
    got = result(saver(ckdir, "--restore", "--memory", "0"))
    assert got is not None and got["step"] == 1 and got["intact"], got
    skipped = " | ".join(got["skipped"])  # type: ignore[arg-type]
    assert "step 3" in skipped and "checksum" in skipped, skipped
    assert "step 2" in skipped and "manifest is unreadable" in skipped, skipped


def test_full_disk_reports_and_keeps_the_previous_checkpoint(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "small", "2m") as small:
        ck = kintsugi.Checkpointer(small / "ck", interval=None, keep=3, memory=False)
        w = torch.zeros(200_000)  # 800 kB: two fit in 2 MB, the third does not
        for step in (1, 2):
            ck.save(step, {"w": w + step})
            ck.wait()
        ck.save(3, {"w": w + 3})
        with pytest.raises(StorageFull, match="is full"):
            ck.wait()
        leftovers = [p.name for p in (small / "ck").rglob("*") if p.name.startswith(".")]
        assert leftovers == [] and not (small / "ck" / "step_000000000003").exists()
        r = ck.restore()
        assert r is not None and r.step == 2 and r.tier == "storage"
        assert torch.equal(r.state["w"], w + 2)
        ck.close()


def test_full_shared_memory_skips_the_save_without_killing_the_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy into a tmpfs page that cannot be allocated kills the process with SIGBUS; the
    staging slots allocate first, so a full /dev/shm is an error, and training goes on."""
    from kintsugi.checkpoint import checkpointer

    with small_tmpfs(tmp_path / "shm", "3m") as shm:
        monkeypatch.setattr(checkpointer, "_shm", lambda: str(shm))
        ck = kintsugi.Checkpointer(tmp_path / "ck", interval=None, keep=3, memory=False)
        small = torch.ones(100_000)  # 400 kB: both slots fit in 3 MB
        assert ck.save(1, {"w": small})
        ck.wait()
        for big in (torch.ones(1_000_000), torch.ones(2000, 500).t()):  # 4 MB: pwrite, copy
            assert not ck.save(2, {"w": big})
            with pytest.raises(StagingFull, match=r"no room for 4 MiB .*No space left"):
                ck.wait()
        assert ck.save(3, {"w": small * 3})  # training went on; saves work again
        ck.wait()
        r = ck.restore()
        assert r is not None and r.step == 3 and torch.equal(r.state["w"], small * 3)
        ck.close()
        # A checkpoint bigger than the staging memory still restores (without restaging).
        monkeypatch.undo()
        big = kintsugi.Checkpointer(tmp_path / "big", interval=None, memory=False)
        big.save(5, {"w": torch.arange(2_000_000.0)})
        big.close()
        monkeypatch.setattr(checkpointer, "_shm", lambda: str(shm))
        again = kintsugi.Checkpointer(tmp_path / "big", interval=None, memory=False)
        r = again.restore(into={"w": torch.zeros(2_000_000)})
        assert r is not None and (r.step, r.tier) == (5, "storage")
        assert torch.equal(r.state["w"], torch.arange(2_000_000.0))
        again.close()


def test_dead_storage_times_out_without_blocking_training(ckdir: Path) -> None:
    ck = kintsugi.Checkpointer(ckdir, interval=None, memory=False, storage_timeout_s=1.0)
    ck.save(1, {"w": torch.ones(10)})
    ck.wait()
    # A FIFO under the temporary name: opening it for writing blocks like a dead NFS server.
    step_dir = ckdir / "step_000000000002"
    step_dir.mkdir()
    fifo = step_dir / f".rank_00000.bin.{os.getpid()}.tmp"
    os.mkfifo(fifo)
    assert ck.save(2, {"w": torch.ones(10) * 2})  # returns: the write happens in the background
    with pytest.raises(StorageTimeout, match="did not reach"):
        ck.wait()
    r = ck.restore()
    assert r is not None and r.step == 1  # the previous checkpoint stayed latest
    assert any("step 2" in s for s in r.skipped), r.skipped
    # Training goes on; the next save uses the other slot and reaches storage.
    assert ck.save(3, {"w": torch.ones(10) * 3})
    ck.wait()
    r = ck.restore()
    assert r is not None and r.step == 3 and torch.equal(r.state["w"], torch.ones(10) * 3)

    def drain() -> None:
        with contextlib.suppress(OSError), open(fifo, "rb") as f:
            f.read()

    t = threading.Thread(target=drain, daemon=True)
    t.start()
    ck.close(timeout_s=10)
    t.join(5)


def test_bad_input_gets_one_clear_error(tmp_path: Path, ckdir: Path) -> None:
    blocker = tmp_path / "a_file"
    blocker.write_text("x")
    with pytest.raises(UnwritableDirectory, match="not writable"):
        kintsugi.Checkpointer(blocker / "ck")
    ck = kintsugi.Checkpointer(ckdir, interval=None, memory=False)
    with pytest.raises(UnsupportedState, match=r"state\.lock is a lock"):
        ck.save(1, {"w": torch.ones(2), "lock": threading.Lock()})
    assert not any(ckdir.iterdir())  # nothing written
    ck.save(2, {"w": torch.ones(2)})
    ck.wait()
    with pytest.raises(IncompatibleCheckpoint, match="another model"):
        ck.restore(into={"w": torch.ones(3)})
    # A manifest from a 4-rank job (edited here): the directory belongs to another job.
    m = ckdir / "step_000000000002" / "rank_00000.json"
    doc = json.loads(m.read_text())
    m.write_text(json.dumps({**doc, "world_size": 4}))
    with pytest.raises(IncompatibleCheckpoint, match="written by 4 ranks, this job has 1"):
        ck.restore()
    ck.close()
    for bad in ({"keep": 0}, {"replicas": -1}, {"interval": "often"}, {"interval": float("nan")}):
        with pytest.raises(kintsugi.checkpoint.CheckpointError):
            kintsugi.Checkpointer(ckdir, **bad)  # type: ignore[arg-type]


def test_a_replica_disagreeing_with_its_checksum_is_refused(tmp_path: Path) -> None:
    d = tmp_path / "holder"
    info = holder.ensure(d, "peer", os.getpid(), "127.0.0.1")
    addr = holder.address("peer", info)
    try:
        layout = blob.flatten({"w": torch.arange(1000.0)})
        header = layout.header(5, 3, 4)
        buf = bytearray(layout.size(len(header)))
        blob.copy_tensors(layout, buf, blob.write_header(memoryview(buf), header))
        crc = blob.crc32(buf)
        meta = {"rank": 3, "step": 5, "crc": crc, "world_size": 4}
        with pytest.raises(ConnectionError, match="checksum"):
            wire.put(addr, {**meta, "crc": crc ^ 1}, memoryview(buf), 5.0)
        wire.put(addr, meta, memoryview(buf), 5.0)
        assert wire.get(addr, 3, 5, 5.0) == buf
        kept = d / holder.peer_name(3, 5, crc, 4)
        raw = bytearray(kept.read_bytes())
        raw[-1] ^= 0xFF
        kept.write_bytes(bytes(raw))  # memory went bad after the copy was accepted
        with pytest.raises(ValueError, match="fails its checksum"):
            wire.get(addr, 3, 5, 5.0)
        # A sender that dies mid-copy leaves nothing behind in the holder's memory.
        with socket.create_connection((addr.host, addr.port), timeout=5.0) as s:
            wire.send_msg(s, {**meta, "op": "put", "bytes": 10 << 20, "key": addr.key})
            s.sendall(bytes(1 << 20))
            s.shutdown(socket.SHUT_WR)  # the holder's answer comes once it has cleaned up
            assert wire.recv_msg(s)["ok"] is False
        assert not any(d.glob(".incoming_*"))
    finally:
        holder.stop(d)
    assert not d.exists()  # a stopped holder takes its snapshots with it
