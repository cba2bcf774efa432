"""A node's own files set its clock: ``uptime -s`` places uptime-stamped kernel lines, and
``timedatectl``'s zone puts its local syslog stamps on UTC; NCCL's communicator lines name
each process's rank, so an Xid's pid finds it.

Formats: ``uptime -s`` (procps), ``timedatectl`` ("Time zone: America/Los_Angeles (PDT,
-0700)"), ``who -b``, ``/proc/stat``'s ``btime``, NCCL's ``comm 0x... rank 19 nranks 32 cudaDev
3 ... Init COMPLETE`` (nccl/src/init.cc).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.nodeclock import NodeClocks
from kintsugi.diagnose.signatures import Role
from kintsugi.diagnose.timeline import parse_ts
from kintsugi.events import Action, Category, Layer


def _finding(node: str, text: str, ts: float | None) -> Finding:
    return Finding(
        "x",
        Category.HOST,
        Layer.INFRASTRUCTURE,
        Action.RESTART,
        4,
        Role.ROOT,
        text,
        "k",
        node,
        ts=ts,
    )


def test_boot_time_and_zone_put_kernel_lines_on_utc() -> None:
    clocks = NodeClocks()
    clocks.read(b"$ uptime -s\n2024-05-10 08:12:31\n$ date -u\n", "a")
    clocks.read(b"                Time zone: America/Los_Angeles (PDT, -0700)\n", "b")
    clocks.read(b"system boot  2024-05-10 08:12\n", "c")
    up, local = (
        _finding("a", "[86012.412000] NVRM: Xid", None),
        _finding("b", "May 11 01:09:40 b kernel: x", 0.0),
    )
    local = local.with_(ts=parse_ts(local.text))
    fixed = clocks.apply([up, local], {"k"})
    assert fixed[0].ts == (parse_ts("2024-05-10 08:12:31") or 0) + 86012.412
    assert fixed[1].ts == parse_ts("2024-05-11 08:09:40")
    assert clocks.boot["c"] == parse_ts("2024-05-10 08:12:00")


def test_an_uptime_xid_before_a_local_time_link_flap_is_the_cause(tmp_path: Path) -> None:
    a, b = tmp_path / "gpu-a", tmp_path / "gpu-b"
    a.mkdir()
    b.mkdir()
    (a / "host_info.txt").write_text("$ uptime -s\n2024-05-10 08:12:31\n")
    (a / "dmesg.txt").write_text(
        "[  554.316262] nvidia-nvswitch: Probing device 0000:99:00.0\n"
        "[86012.412000] NVRM: Xid (PCI:0000:9b:00): 79, pid=51203, name=python3, GPU has fallen off the bus.\n"
    )
    (a / "console.log").write_text(
        "gpu-a:51203:51244 [3] NCCL INFO comm 0x55d0a00c8030 rank 19 nranks 32 cudaDev 3 "
        "nvmlDev 3 busId 9b000 commId 0x5e1f7a2c93d04b11 - Init COMPLETE\n"
        "gpu-a:51203:51244 [3] NCCL INFO comm 0x55d0a00c8099 rank 3 nranks 8 cudaDev 3 "
        "nvmlDev 3 busId 9b000 commId 0x77 - Init COMPLETE\n"
    )
    (b / "host_info.txt").write_text("Time zone: America/Los_Angeles (PDT, -0700)\n")
    (b / "journal.txt").write_text(
        "May 10 22:14:22 gpu-b kernel: nvidia-nvswitch: Probing device 0000:b0:00.0\n"
        "May 11 01:09:40 gpu-b kernel: mlx5_core 0000:3b:00.0 ibp59s0: Link down\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_HARDWARE
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("gpu-a", 19)


def test_a_journal_header_zone_and_a_preemption_notice(tmp_path: Path) -> None:
    """journalctl's header names its zone (JST): the notice at 19:03:57 JST is 10:03:57Z,
    before the peers' errors at 10:04:31Z, which are then the preemption's teardown: nothing
    failed (read as 19:03:57Z, the errors would come nine hours before it)."""
    gone, peer = tmp_path / "gke-p1tz", tmp_path / "gke-k2xq"
    gone.mkdir()
    peer.mkdir()
    (gone / "journalctl.txt").write_text(
        "-- Journal begins at Tue 2024-07-02 09:00:01 JST. --\n"
        "Jul  2 19:03:57 gke-p1tz google_metadata_script_runner[1121]: Received preemption "
        "notice: instance/preempted = TRUE\n"
    )
    (peer / "worker.txt").write_text(
        "2024-07-02T10:04:31.000Z [rank0]: torch.distributed.DistStoreError: Socket Timeout\n"
    )
    clocks = NodeClocks()
    clocks.read((gone / "journalctl.txt").read_bytes(), "gke-p1tz", "gke-p1tz/journalctl.txt")
    assert clocks.file_offset_s == {"gke-p1tz/journalctl.txt": 9 * 3600.0}
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.UNKNOWN, None, Action.NONE)
