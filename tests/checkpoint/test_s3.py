"""Tier 3 on S3, through s3fs, against a real S3 endpoint over HTTP.

No AWS account is reachable here, so moto's S3 server stands in for the service: a separate
HTTP server speaking the S3 REST protocol (PUT/GET/HEAD/ListObjectsV2/DeleteObject, ranged
reads), which s3fs and botocore talk to exactly as they would to AWS, MinIO or Ceph's RGW.
"""

from __future__ import annotations

import json
import socket
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import torch
from ckhelpers import corrupt_then_tear, stop_holders, torchrun_two

import kintsugi

pytest.importorskip("s3fs")
moto_server = pytest.importorskip("moto.server")


@pytest.fixture(scope="module")
def endpoint() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    srv.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.stop()


@pytest.fixture
def url(endpoint: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    import fsspec

    # botocore reads the endpoint and credentials from the environment, as on a cluster
    monkeypatch.setenv("AWS_ENDPOINT_URL", endpoint)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "kintsugi")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "kintsugi")
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    fs = fsspec.filesystem("s3", skip_instance_cache=True)
    bucket = f"ck-{uuid.uuid4().hex[:12]}"
    fs.mkdir(bucket)
    u = f"s3://{bucket}/job7"
    yield u
    stop_holders(u)


def _state(seed: int) -> dict[str, object]:
    g = torch.Generator().manual_seed(seed)
    return {"w": torch.randn(256, 257, generator=g), "b": torch.arange(5) * seed, "step": seed}


def _fs() -> Any:
    import fsspec

    return fsspec.filesystem("s3", skip_instance_cache=True)


def test_saves_land_as_objects_and_restore_from_s3(url: str) -> None:
    ck = kintsugi.Checkpointer(url, replicas=0, interval=None, keep=2, memory=False)
    try:
        for step in (1, 2, 3, 4):
            ck.save(step, _state(step))
            ck.wait()
        fs = _fs()
        names = sorted(p.rsplit("/", 1)[-1] for p in fs.ls(url, detail=False))
        assert names == ["step_000000000003", "step_000000000004"]  # keep-last-2
        raw = fs.cat_file(f"{url}/step_000000000004/rank_00000.json")
        manifest = json.loads(raw)
        assert manifest["step"] == 4 and manifest["bytes"] > 256 * 257 * 4
        r = ck.restore(into=_state(0))
        assert r is not None and (r.step, r.tier) == (4, "storage")
        assert r.source == f"{url}/step_000000000004/rank_00000.bin"
        assert torch.equal(r.state["w"], _state(4)["w"])  # type: ignore[call-overload]
        assert r.state["step"] == 4
    finally:
        ck.close()


def test_a_corrupt_object_and_an_upload_without_manifest_are_skipped(url: str) -> None:
    corrupt_then_tear(url, _fs(), _state)


def test_two_ranks_under_torchrun_save_sharded_state_to_s3_and_restore_it(url: str) -> None:
    """Each rank uploads its shard and manifest; a step counts once every rank's manifest is
    listed, so each rank must see the other's objects (no stale listing cache)."""
    p = torchrun_two("dtensor_job.py", url, "storage", timeout=180)
    assert p.returncode == 0 and "DTENSOR OK" in p.stdout, p.stdout[-2000:] + p.stderr[-3000:]
    names = _fs().ls(f"{url}/step_000000000003", detail=False)
    assert sorted(n.rsplit("/", 1)[-1] for n in names) == [
        "rank_00000.bin",
        "rank_00000.json",
        "rank_00001.bin",
        "rank_00001.json",
    ]
