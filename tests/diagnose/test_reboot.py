"""A node that rebooted before its peers lost it went down (host), even though its journal goes
on in the new boot (a bundle written here in journalctl's and NCCL's formats)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import nccl_prefix


def _bundle(root: Path, reboot: bool, answers: bool = False) -> Path:
    for i in (1, 2, 3):
        d = root / f"n{i}"
        d.mkdir(parents=True)
        log = [f"[rank{i * 8}]:n{i}:100:100 [0] NCCL INFO Bootstrap : Using ib0:10.0.0.{i}<0>\n"]
        if i != 3:
            log += [
                f"[rank{i * 8}]:n{i}:100:200 [0] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got "
                "completion from peer 10.0.0.3<4000> with status=12 opcode=0 len=0\n",
                f"[rank{i * 8}]:[E722 03:08:42.635413437 ProcessGroupNCCL.cpp:616] [Rank {i * 8}]"
                " Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, "
                "OpType=ALLREDUCE) ran for 600413 milliseconds before timing out.\n",
            ]
        if i == 3 and answers:  # n3 sees the same transport errors toward n1
            log.append(
                "[rank24]:n3:100:200 [0] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got "
                "completion from peer 10.0.0.1<4000> with status=12 opcode=0 len=0\n"
            )
        (d / "torchrun.log").write_text("".join(log))
    journal = [f"2024-07-22T02:{m:02d}:00+0000 n3 systemd[1]: Started session.\n" for m in (40, 58)]
    if reboot:
        journal += ["-- Boot 0f4c2e9b77a145d3b0e1c9a8d6f3e2b1 --\n"]
    journal += [f"2024-07-22T03:{m:02d}:00+0000 n3 systemd[1]: Started session.\n" for m in (6, 20)]
    (root / "n3" / "journal.txt").write_text("".join(journal))
    return root


def test_a_node_that_rebooted_before_its_peers_lost_it_went_down(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", reboot=True)).diagnosis
    assert (d.category.value, d.action.value) == ("host", "restart_without_node")
    assert d.culprit is not None and d.culprit.node == "n3"


def test_without_a_reboot_a_node_that_kept_logging_lost_the_network(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", reboot=False)).diagnosis
    assert (d.category.value, d.action.value) == ("network", "restart_without_node")
    assert d.culprit is not None and d.culprit.node == "n3"


def test_an_accused_node_that_sees_the_same_errors_back_is_only_suspected(tmp_path: Path) -> None:
    """NCCL 2.19+ lines (the source location before the level) name the host; n3 kept
    logging and reports the same errors toward n1: test its links before excluding it."""
    d = diagnose_bundle(_bundle(tmp_path / "b", reboot=False, answers=True)).diagnosis
    assert (d.category.value, d.action.value) == ("network", "run_diagnostics")
    assert d.culprit is not None and d.culprit.node == "n3"


def test_nccl_prefix_with_a_source_location() -> None:
    line = "cn-g13:54735:55448 [1] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion"
    assert nccl_prefix(line) == ("cn-g13", 54735)
    assert nccl_prefix("cn-g13:54735:55448 [1] NCCL INFO Bootstrap : Using ib0") == (
        "cn-g13",
        54735,
    )


def test_a_kernel_log_whose_uptime_starts_again_is_a_reboot(tmp_path: Path) -> None:
    """No address names the node and its ranks logged nothing wrong: the others time out, and
    its syslog's uptime starts again after a gap (a power loss). The node went down."""
    for i in (1, 2, 3):
        d = tmp_path / f"n{i}"
        d.mkdir()
        log = [f"[rank{i}]:2024-07-22 02:59:00,100 | INFO | step 100 loss 2.1\n"]
        if i != 3:
            log.append(
                f"[rank{i}]:[E722 03:09:00.000000000 ProcessGroupNCCL.cpp:616] [Rank {i}] Watchdog"
                " caught collective operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE) ran "
                "for 600000 milliseconds before timing out.\n"
            )
        (d / "torchrun.log").write_text("".join(log))
    (tmp_path / "n3" / "syslog").write_text(
        "Jul 22 02:50:00 n3 kernel: [86000.100000] EXT4-fs (nvme0n1): mounted filesystem\n"
        "Jul 22 03:30:05 n3 kernel: [    4.200000] Linux version 5.15.0 (buildd@lcy02)\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.action.value) == ("host", "restart_without_node")
    assert d.culprit is not None and d.culprit.node == "n3"


def test_an_accused_node_whose_own_adapter_reported_a_port_error_leaves(tmp_path: Path) -> None:
    """The same as above, but n3's own HCA raised a port error (NCCL's async event): its port
    went down, proof enough to exclude it without testing its links first."""
    root = _bundle(tmp_path / "b", reboot=False, answers=True)
    with (root / "n3" / "torchrun.log").open("a") as f:
        f.write("[rank24]:n3:100:300 [0] NCCL WARN NET/IB : Got async event : port error\n")
    d = diagnose_bundle(root).diagnosis
    assert (d.category.value, d.action.value) == ("network", "restart_without_node")
    assert d.culprit is not None and d.culprit.node == "n3"
