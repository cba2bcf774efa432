"""A job that slowed down everywhere because a shared service did: an object store throttling
every node's reads (mountpoint-s3's SlowDown), a Lustre server answering slowly to several
nodes; one node's slow reply alone is routine and explains nothing."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

STEPS = "".join(
    f"[2025-09-18 06:{i:02d}:00] iteration {i * 10:5d} | elapsed time per iteration (ms): "
    f"{1100.0 if i < 20 else 9500.0:.1f}\n"
    for i in range(40)
)


def _job(root: Path, nodes: list[str]) -> None:
    for n in nodes:
        (root / n).mkdir()
    (root / nodes[0] / "train.log").write_text(STEPS)


def test_an_object_store_throttling_every_node_is_the_shared_service(tmp_path: Path) -> None:
    nodes = ["ip-10-2-14-31", "ip-10-2-14-88", "ip-10-2-14-177"]
    _job(tmp_path, nodes)
    for n in nodes:
        (tmp_path / n / "mount-s3.log").write_text(
            "2025-09-18T06:32:58.560Z  WARN mountpoint_s3_client::s3_crt_client: meta request "
            'failed duration=4304.4ms request_type=GetObject key="shards/00741/shard.05859" '
            "error=ClientError(ServiceError(SlowDown))\n"
            "2025-09-18T06:32:58.760Z  WARN mountpoint_s3::fuse: read failed with errno 5: get "
            "request failed: retries exhausted (AWS_ERROR_S3_SLOW_DOWN)\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.STORAGE, None, Action.RESTART)


LUSTRE = (
    "[812319.713191] Lustre: 5546:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request "
    "sent has timed out for slow reply: [sent 1746493000/real 1746493000]  req@0bfb5e3f "
    "x1798637514218/t0(0) o3->scratch-OST0012-osc-ffff9a8c@10.50.1.31@o2ib:6/4 lens 488/440 e 3"
    " to 1 dl 1746493100 ref 2 fl Rpc:Xr/2/ffffffff rc 0/-1\n"
    "[812336.300000] Lustre: scratch-OST0012-osc-ffff9a8c6e1b3800: Connection to scratch-OST0012"
    " (at 10.50.1.21@o2ib) was lost; in progress operations using this service will wait for "
    "recovery to complete\n"
)


def test_lustre_slow_on_several_nodes_is_the_shared_file_system(tmp_path: Path) -> None:
    nodes = ["gpu-e01", "gpu-e02", "gpu-e05"]
    _job(tmp_path, nodes)
    for n in nodes:
        (tmp_path / n / "dmesg.txt").write_text(LUSTRE)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.STORAGE, None, Action.RESTART)


def test_one_nodes_slow_lustre_reply_does_not_explain_a_hang(tmp_path: Path) -> None:
    nodes = ["a100-n117", "a100-n118"]
    for n in nodes:
        (tmp_path / n).mkdir()
        (tmp_path / n / "train.log").write_text(
            "".join(
                f"[rank{r}]:[E1119 08:12:01.000000 ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog "
                "caught collective operation timeout: WorkNCCL(SeqNum=88, OpType=ALLREDUCE, "
                "Timeout(ms)=1800000) ran for 1800004 milliseconds before timing out.\n"
                for r in (range(4) if n.endswith("7") else range(4, 8))
            )
        )
    (tmp_path / "a100-n118" / "dmesg.txt").write_text(LUSTRE)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.HANG, None, Action.RESTART)
