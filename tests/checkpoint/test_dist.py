"""Under plain torchrun: sharded (DTensor) state on gloo, saved per shard and restored in place."""

from __future__ import annotations

from pathlib import Path

from ckhelpers import stop_holders, torchrun_two


def test_dtensor_shards_round_trip_under_torchrun(tmp_path: Path) -> None:
    d = tmp_path / "ckpt"
    try:
        p = torchrun_two("dtensor_job.py", str(d), timeout=180)
    finally:
        stop_holders(d)
    assert p.returncode == 0 and "DTENSOR OK" in p.stdout, p.stdout[-2000:] + p.stderr[-3000:]
    assert sorted(x.name for x in (d / "step_000000000003").iterdir()) == [
        "rank_00000.bin",
        "rank_00000.json",
        "rank_00001.bin",
        "rank_00001.json",
    ]
