"""Coloured logs and progress bars (rich, tqdm, colorlog, loguru) carry terminal control
sequences inside their lines; they are dropped before any keyword or pattern sees the text."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.textscan import plain
from kintsugi.events import Action, Category


def test_control_sequences_are_dropped() -> None:
    bar = b"\x1b[?25l\r\x1b[2K\x1b[37mEpoch 0/19 \x1b[0m \x1b[38;5;249m2.08it/s\x1b[0m v_num"
    assert plain(bar) == b"\rEpoch 0/19  2.08it/s v_num"
    assert plain(b"\x1b]0;train\x07[rank3]: ok") == b"[rank3]: ok"
    assert plain(b"no colour here") == b"no colour here"
    # a title left open ends with its line; the next line is kept
    assert plain(b"\x1b]0;train\n[rank3]: Xid 79\n") == b"\n[rank3]: Xid 79\n"


def _bar(rate: float, step: int) -> str:
    return (
        f"\r\x1b[2K\x1b[37mEpoch 0/9 \x1b[0m \x1b[38;2;98;6;224m{step}/4000\x1b[0m "
        f"\x1b[38;5;249m{rate:.2f}it/s\x1b[0m \x1b[37mloss: 2.1\x1b[0m\n"
    )


def test_a_coloured_bar_that_slows_on_a_node_that_throttles(tmp_path: Path) -> None:
    for n in ("dgx-1", "dgx-2"):
        (tmp_path / n).mkdir()
    (tmp_path / "dgx-1" / "slurm-9.out").write_text(
        "".join(_bar(2.08 if s < 60 else 1.41, s * 10) for s in range(120))
    )
    (tmp_path / "dgx-2" / "nvidia-smi-q.txt").write_text(
        "==============NVSMI LOG==============\n\n"
        "GPU 00000000:AB:00.0\n"
        "    Product Name                          : NVIDIA H100 80GB HBM3\n"
        "    Clocks Event Reasons\n"
        "        Idle                              : Not Active\n"
        "        HW Slowdown                       : Active\n"
        "        HW Thermal Slowdown               : Active\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RESTART_WITHOUT_NODE), d.summary
    assert d.culprit is not None and d.culprit.node == "dgx-2"
