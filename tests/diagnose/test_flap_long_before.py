"""A port that went down and came back days before a hang did not hang the job; one that went
down when the hung collective began (the watchdog's time less the timeout it waited out) did.
Formats: NCCL's watchdog line (torch 2.5), ``dmesg -T`` mlx5 link lines."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Category

WATCHDOG = (
    "[rank{r}]:[E1218 23:41:20.649000694 ProcessGroupNCCL.cpp:616] [Rank {r}] Watchdog caught "
    "collective operation timeout: WorkNCCL(SeqNum=53984, OpType=ALLREDUCE, NumelIn=2048, "
    "NumelOut=2048, Timeout(ms)=1800000) ran for 1800012 milliseconds before timing out.\n"
)


def _bundle(root: Path, flap_day: str, flap_time: str) -> Path:
    for i, node in enumerate(("gpu-h01", "gpu-h04", "gpu-h07")):
        (root / node).mkdir()
        (root / node / "rank.log").write_text(WATCHDOG.format(r=i * 8))
    (root / "gpu-h04" / "dmesg_-T.txt").write_text(
        f"[{flap_day} {flap_time}:03 2024] mlx5_core 0000:2a:00.0 ibp42s0: Link down\n"
        f"[{flap_day} {flap_time}:09 2024] mlx5_core 0000:2a:00.0 ibp42s0: Link up\n"
    )
    return root


def test_a_flap_days_before_the_hang_is_history(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, "Mon Dec 16", "14:00")).diagnosis
    assert d.category is Category.HANG and d.culprit is None, d.summary


def test_a_flap_when_the_collective_began_is_the_cause(tmp_path: Path) -> None:
    # the watchdog gave up at 23:41:20 after 30 minutes: the collective began at 23:11:20
    d = diagnose_bundle(_bundle(tmp_path, "Wed Dec 18", "23:11")).diagnosis
    assert d.category is Category.NETWORK and d.culprit is not None
    assert d.culprit.node == "gpu-h04"
