"""Blackwell's NVLink5 Xids (144 to 150) are NVLink errors when the driver calls them fatal,
ahead of the recovery-action Xid 154 that follows them; a port that flapped and came back with
its error counters up, while no rank lost a peer, left a slowdown, not a failure. Formats:
driver 570 journald lines, ``dmesg -T`` mlx5 lines, perfquery counters."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.signatures import default_signatures
from kintsugi.events import Action, Category

XID = "2026-01-19T10:26:5{s}+0000 gb200-r2-c12 kernel: NVRM: Xid (PCI:0009:01:00): {x}\n"


def test_fatal_nvlink5_xids_are_nvlink_and_nonfatal_ones_are_not() -> None:
    sigs = default_signatures()
    fatal = sigs.match(XID.format(s=5, x="149, NETIR_LINK_EVT Fatal XC0 i0 Link 04 (0x0)"))
    corrected = sigs.match(XID.format(s=5, x="145, RLW_REMAP Nonfatal XC0 i0 Link 04 (0x0)"))
    assert fatal is not None and fatal[0].name == "xid_nvlink"
    assert corrected is not None and corrected[0].category is not Category.NVLINK


def test_the_link_error_outranks_the_reset_it_asks_for(tmp_path: Path) -> None:
    (tmp_path / "gb200-r2-c12").mkdir()
    (tmp_path / "gb200-r2-c04").mkdir()
    (tmp_path / "gb200-r2-c12" / "journal.txt").write_text(
        XID.format(s=5, x="149, NETIR_LINK_EVT Fatal XC0 i0 Link 04 (0x025001c6 0x0)")
        + XID.format(
            s=6, x="154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)"
        )
    )
    (tmp_path / "gb200-r2-c04" / "train.log").write_text("[rank0]: step 1200 loss 2.31\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.NVLINK and d.action is Action.RESTART_WITHOUT_NODE, d.summary


def test_a_flap_that_came_back_with_its_counters_up_leaves_a_slowdown(tmp_path: Path) -> None:
    for node in ("gpu-u01", "gpu-u03"):
        (tmp_path / node).mkdir()
    (tmp_path / "gpu-u03" / "dmesg_-T.txt").write_text(
        "[Mon Aug 19 14:22:37 2024] mlx5_core 0000:9a:00.0 ibp154s0: Link down\n"
        "[Mon Aug 19 14:22:41 2024] mlx5_core 0000:9a:00.0 ibp154s0: Link up\n"
    )
    (tmp_path / "gpu-u03" / "perfquery_mlx5_4.txt").write_text(
        "# Port counters: Lid 212 port 1 (CapMask: 0x5A00)\n"
        "SymbolErrorCounter:..............65535\nLinkErrorRecoveryCounter:........255\n"
        "LinkDownedCounter:...............3\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    # nothing failed (no iteration times here for the straggler rules to weigh)
    assert (d.category, d.action) == (Category.UNKNOWN, Action.NONE), d.summary


def test_a_memory_error_outranks_the_reset_it_asks_for(tmp_path: Path) -> None:
    """An uncorrectable ECC error the driver contained (Xid 94, a lesser severity than a
    reset) and the reset it then asks for (Xid 154): the GPU's memory."""
    (tmp_path / "gpu-f04").mkdir()
    (tmp_path / "gpu-f01").mkdir()
    (tmp_path / "gpu-f04" / "journal.txt").write_text(
        XID.format(
            s=5, x="94, pid=51377, name=python, Contained: SM (0x1). RST: No, D-RST: No"
        ).replace("gb200-r2-c12", "gpu-f04")
        + XID.format(
            s=6, x="154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)"
        ).replace("gb200-r2-c12", "gpu-f04")
    )
    (tmp_path / "gpu-f01" / "train.log").write_text("[rank0]: step 1200 loss 2.31\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_MEMORY, d.summary
