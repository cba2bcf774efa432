"""The transport failing on several nodes at once, before any collective timed out, is the
network, not a hang: no root error anywhere, EFA (aws-ofi-nccl) request errors and NCCL's
remote errors on three instances within a second, the others' watchdogs timing out ten
minutes later. Collective timeouts alone, with nothing before them, stay a hang.

Formats: aws-ofi-nccl's ``NET/OFI Request 0x... completed with error. RC: 112. Error: 4111
(Unresponsive receiver ...)``, ProcessGroupNCCL's ``ncclRemoteError`` and watchdog timeout
lines (glog stamps).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

NODES = ("ip-10-1-32-20", "ip-10-1-33-131", "ip-10-1-34-42", "ip-10-1-41-79")
REMOTE = (
    "[E0415 06:55:3{s}.002000466 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) "
    "Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote "
    "process exited or there was a network error, NCCL version 2.22.3\n"
    "ncclRemoteError: A call failed possibly due to a network error or a remote process "
    "exiting prematurely.\n"
    "{h}:22531:22943 [0] nccl_net_ofi_rdma.cpp:1312 NCCL WARN NET/OFI Request 0x0c6c2fcbd02e "
    "completed with error. RC: 112. Error: 4111 (Unresponsive receiver (reachable by EFA device "
    "but handshake failed)). Completed length: 0\n"
)
TIMEOUT = (
    "[E0415 07:05:3{s}.594219101 ProcessGroupNCCL.cpp:616] [Rank {r}] Watchdog caught "
    "collective operation timeout: WorkNCCL(SeqNum=96004, OpType=ALLREDUCE, NumelIn=1258, "
    "NumelOut=1258, Timeout(ms)=600000) ran for 600079 milliseconds before timing out.\n"
)


def _bundle(root: Path, transport: int) -> Path:
    for i, host in enumerate(NODES):
        (root / host).mkdir()
        line = (REMOTE if i < transport else TIMEOUT).format(s=i, r=8 * i, h=host)
        (root / host / f"rank-{8 * i}.log").write_text(
            f"[rank{8 * i}]: [2025-04-15 06:50:00] step 9000 loss 2.01\n" + line
        )
    return root


def test_transport_errors_on_several_nodes_first_are_the_network(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, 3)).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.NETWORK, None, Action.RESTART)


def test_collective_timeouts_with_nothing_before_them_stay_a_hang(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, 0)).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.HANG, None, Action.RESTART)
