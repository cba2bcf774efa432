"""Storage through fsspec: an object store as tier 3, with the same protocol as a directory.

fsspec's in-memory filesystem stands in for an object store (no S3 service runs here): it has
an object store's semantics that matter (objects appear whole when the writer closes them, no
rename, prefixes as directories), and it runs the real fsspec code path end to end.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import fsspec
import pytest
import torch
from ckhelpers import corrupt_then_tear, stop_holders

import kintsugi
from kintsugi.checkpoint import UnwritableDirectory, fsys


@pytest.fixture
def url() -> Iterator[str]:
    u = f"memory://kintsugi-test/{uuid.uuid4().hex}"
    yield u
    stop_holders(u)
    fs = fsspec.filesystem("memory")
    if fs.exists(u):
        fs.rm(u, recursive=True)


def _state(seed: int) -> dict[str, object]:
    g = torch.Generator().manual_seed(seed)
    return {"w": torch.randn(64, 33, generator=g), "step": seed}


def test_saves_reach_the_object_store_and_restore_from_it(url: str) -> None:
    fs = fsspec.filesystem("memory")
    ck = kintsugi.Checkpointer(url, replicas=0, interval=None, keep=2)
    try:
        assert ck.root == url
        for step in (1, 2, 3, 4):
            ck.save(step, _state(step))
            ck.wait()
        names = sorted(p.rsplit("/", 1)[-1] for p in fs.ls(url, detail=False))
        assert names == ["step_000000000003", "step_000000000004"]  # keep-last-2
        manifest = json.loads(fs.cat_file(f"{url}/step_000000000004/rank_00000.json"))
        assert manifest["step"] == 4 and manifest["bytes"] > 64 * 33 * 4
        r = ck.restore(into=_state(0), tiers=("storage",))
        assert r is not None and (r.step, r.tier) == (4, "storage")
        assert r.source == f"{url}/step_000000000004/rank_00000.bin"
        assert torch.equal(r.state["w"], _state(4)["w"])  # type: ignore[call-overload]
    finally:
        ck.close()


def test_a_corrupt_or_torn_object_is_skipped(url: str) -> None:
    corrupt_then_tear(url, fsspec.filesystem("memory"), _state)


def test_file_urls_are_local_directories(tmp_path: Path) -> None:
    t = fsys.target(f"file://{tmp_path}/ck")
    assert t.local and t.root == f"{tmp_path}/ck"
    ck = kintsugi.Checkpointer(f"file://{tmp_path}/ck", replicas=0, interval=None, memory=False)
    try:
        ck.save(1, _state(1))
        ck.wait()
        assert (tmp_path / "ck" / "step_000000000001" / "rank_00000.json").exists()
    finally:
        ck.close()


def test_an_unknown_scheme_is_one_clear_error() -> None:
    with pytest.raises(UnwritableDirectory, match=r"nosuchscheme://b/ck cannot be opened"):
        kintsugi.Checkpointer("nosuchscheme://b/ck", interval=None)


def test_a_url_stays_a_url_from_the_flag_or_the_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kintsugi.agent.launch import _checkpoint_location
    from kintsugi.runtime.ckpt import ENV_CKPT_DIR, checkpoint_location

    assert _checkpoint_location("s3://bucket/job") == "s3://bucket/job"
    monkeypatch.chdir(tmp_path)
    assert _checkpoint_location("ck") == str(tmp_path / "ck")
    monkeypatch.setenv(ENV_CKPT_DIR, "gs://bucket/run7")
    assert checkpoint_location() == "gs://bucket/run7"
