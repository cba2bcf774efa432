"""NCCL's "Got completion from peer X with status=5" is a work request flushed from a queue
pair already in error (after the abort): it blames no one. status=12 (retries exhausted) does
name the peer. Formats: NCCL 2.2x WARN lines, PyTorch's watchdog."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle


def _bundle(root: Path, status: int) -> Path:
    for i in range(1, 5):
        d = root / f"h100-pod-a-0{i}"
        d.mkdir(parents=True)
        r = 8 * (i - 1)
        lines = [
            f"[rank{r}]:h100-pod-a-0{i}:100:100 [0] NCCL INFO Bootstrap : Using eth0:10.3.0.1{i}<0>\n",
            f"[rank{r}]:[E610 04:41:15.000000000 ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog "
            "caught collective operation timeout: WorkNCCL(SeqNum=9912, OpType=ALLREDUCE, "
            "NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800011 milliseconds before "
            "timing out.\n",
        ]
        if i != 4:
            lines.append(
                f"[rank{r}]:h100-pod-a-0{i}:100:200 [0] transport/net_ib.cc:2047 NCCL WARN NET/IB "
                f": Got completion from peer 10.3.0.14<55052> with status={status} opcode=0 len=0 "
                "vendor err 249 (Recv)\n"
            )
        (d / "train.log").write_text("".join(lines))
    return root


def test_flushed_work_requests_accuse_no_one(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", status=5)).diagnosis
    assert (d.category.value, d.action.value) == ("hang", "restart") and d.culprit is None


def test_retries_exhausted_toward_one_node_name_it(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", status=12)).diagnosis
    assert d.category.value == "network"
    assert d.culprit is not None and d.culprit.node == "h100-pod-a-04"
