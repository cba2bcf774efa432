"""Under plain torchrun: sharded (DTensor) state on gloo, saved per shard and restored in place."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ckhelpers import HERE, stop_holders


def test_dtensor_shards_round_trip_under_torchrun(tmp_path: Path) -> None:
    d = tmp_path / "ckpt"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KINTSUGI_", "TORCHELASTIC"))}
    cmd = [
        sys.executable,
        "-m",
        "torch.distributed.run",
        "--standalone",
        "--nproc-per-node",
        "2",
        str(HERE / "dtensor_job.py"),
        str(d),
    ]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=180, env=env)
    finally:
        stop_holders(d)
    assert p.returncode == 0 and "DTENSOR OK" in p.stdout, p.stdout[-2000:] + p.stderr[-3000:]
    assert sorted(x.name for x in (d / "step_000000000003").iterdir()) == [
        "rank_00000.bin",
        "rank_00000.json",
        "rank_00001.bin",
        "rank_00001.json",
    ]
