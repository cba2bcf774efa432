"""aws-ofi-nccl's newer request error names its peer inside the request ("peer: 10.1.9.140 }")
and carries libfabric's errno text; an EC2 host name spells its own address. Together they name
the node every healthy node's sends failed to (formats: aws-ofi-nccl 1.13 WARN lines)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.engine import address_in_name
from kintsugi.diagnose.extract import accused_peer
from kintsugi.events import Action, Category

OFI = (
    "{host}:70100:70190 [0] nccl_net_ofi_rdma_req_test:5531 NCCL WARN NET/OFI Request "
    "0x7f00a80b1e00 completed with error. RC: {rc}. Error: {rc} ({why}). Completed length: 0, "
    "Request: {{ dev: 0, size: 2097152, state: PENDING, type: SEND, peer: 10.1.9.140 }}\n"
)


def test_the_request_names_its_peer_and_the_name_its_address() -> None:
    line = OFI.format(host="ip-10-1-12-5", rc=5, why="Input/output error")
    assert accused_peer(line) == "10.1.9.140"
    assert address_in_name("ip-10-1-9-140") == "10.1.9.140"
    assert address_in_name("ip-10-1-9-140.ec2.internal") == "10.1.9.140"
    assert address_in_name("gpu-10-1-9-140") is None


def test_every_peer_accusing_one_ec2_node_excludes_it(tmp_path: Path) -> None:
    for host in ("ip-10-1-4-17", "ip-10-1-7-23", "ip-10-1-12-5", "ip-10-1-9-140"):
        (tmp_path / host).mkdir()
        if host == "ip-10-1-9-140":
            (tmp_path / host / "dmesg.txt").write_text(
                "[ 4226.000000] efa 0000:aa:00.0: Admin command ALLOC_PD (opcode 14) failed with "
                "comp_status 7\n"
                "[ 4228.700000] efa 0000:aa:00.0: Device reset initiated (reset reason: "
                "KEEP_ALIVE_TO)\n"
            )
        else:
            # libfabric's errno text is the fabric's, not the host's memory
            why = "Cannot allocate memory" if host == "ip-10-1-4-17" else "Input/output error"
            (tmp_path / host / "slurm.err").write_text(
                OFI.format(host=host, rc=12 if "allocate" in why else 5, why=why)
            )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.NETWORK and d.action is Action.RESTART_WITHOUT_NODE, d.summary
    assert d.culprit is not None and d.culprit.node == "ip-10-1-9-140"
