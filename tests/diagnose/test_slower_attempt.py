"""Two attempts of one job, one far slower per iteration, whose nodes differ by one node: the
node only the slow attempt ran on is the straggler (swapping it out made the job fast).

Format: fairseq's ``train_inner`` lines (``wps=30546.0, ups=0.93``: updates per second).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import step_time
from kintsugi.events import Action, Category

LINE = (
    "2023-02-06 19:{m:02d}:27,274 | INFO | train_inner | epoch 001:    {n} / 21400 loss=9.699, "
    "wps={wps}, ups={ups}, wpb=32768.0, bsz=256.0, num_updates={n}, train_wall=104, wall=107\n"
)


def test_fairseq_updates_per_second() -> None:
    assert step_time(LINE.format(m=1, n=100, wps=30546.0, ups=0.5)) == 2.0
    assert step_time("conv groups=4 in_channels=64") is None


def _attempt(root: Path, attempt: int, nodes: tuple[str, ...], ups: float) -> None:
    for node in nodes:
        (root / f"attempt_{attempt}" / node).mkdir(parents=True)
        (root / f"attempt_{attempt}" / node / "dmesg.txt").write_text("")
    lines = [LINE.format(m=i, n=100 * i, wps=int(33000 * ups), ups=ups) for i in range(1, 20)]
    (root / f"attempt_{attempt}" / nodes[0] / "train.out").write_text("".join(lines))


def test_the_node_swapped_out_was_the_slow_one(tmp_path: Path) -> None:
    _attempt(tmp_path, 0, ("c01", "c02", "c03", "c04"), 0.93)
    _attempt(tmp_path, 1, ("c01", "c02", "c03", "c07"), 1.39)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and d.culprit.node == "c04"


def test_attempts_as_fast_accuse_nobody(tmp_path: Path) -> None:
    _attempt(tmp_path, 0, ("c01", "c02", "c03", "c04"), 1.38)
    _attempt(tmp_path, 1, ("c01", "c02", "c03", "c07"), 1.39)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is not Category.STRAGGLER
