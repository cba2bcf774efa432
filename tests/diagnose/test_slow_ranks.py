"""Straggler reports that list several slow ranks against the median of all, again and again:
most of them on one node make that node the straggler (no one rank of it); where no log
places the ranks, each node's block by its GPU count (nvidia-smi) does.

Format: a training loop's own periodic report (``median fwd+bwd=1.43s; slowest: r24=2.47s,
...``), as torchtitan-style jobs print it under SkyPilot or Slurm.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import listed_slow_ranks
from kintsugi.events import Action, Category

SMI = (
    "| NVIDIA-SMI 570.133.20            Driver Version: 570.133.20     CUDA Version: 12.8     |\n"
    + "".join(
        f"|   {i}  NVIDIA H100 80GB HBM3       On  | 00000000:{0x18 + 16 * i:02X}:00.0 Off |"
        "                    0 |\n"
        for i in range(4)
    )
)


def test_listed_ranks_against_the_median() -> None:
    line = "straggler report (steps 1-500): median fwd+bwd=1.43s; slowest: r12=2.47s, r13=2.15s"
    got = listed_slow_ranks(line)
    assert [r for r, *_ in got] == [12, 13]
    assert abs(got[0][1] - 2.47 / 1.43) < 1e-9
    assert listed_slow_ranks("slowest: rank 3 = 900 ms, rank 4 = 800 ms") == []  # no median
    assert [r for r, *_ in listed_slow_ranks("median step=600ms slowest: rank 3=900ms")] == [3]


def test_slow_ranks_of_one_node_name_the_node(tmp_path: Path) -> None:
    nodes = ("n-head", "n-w1", "n-w2", "n-w3")
    for n in nodes:
        (tmp_path / n).mkdir()
        (tmp_path / n / "nvidia-smi.txt").write_text(SMI)
    # ranks 12-15 are n-w3's (fourth block of four); rank 2 shows up once among them
    reports = [
        f"[titan] - root - WARNING - straggler report (steps {k}): median fwd+bwd=1.43s; "
        f"slowest: {', '.join(f'r{r}=2.{r}s' for r in ranks)}\n"
        for k, ranks in enumerate(([12, 13, 14], [13, 15, 2], [12, 14, 15], [12, 13, 15]))
    ]
    (tmp_path / "n-head" / "train.log").write_text("".join(reports))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("n-w3", None)


MEGATRON = (
    "0: INFO:megatron.core.utils:[2025-03-14 18:{m:02d}:32] | MnRtt/Rnk: 3006.29ms/{lo} | "
    "MxRtt/Rnk: {hi:.2f}ms/{slow} | MnPwr/Rnk: 606646.95W/12 | MxPwr/Rnk: 686383.77W/23 |\n"
)


def test_a_rank_named_in_most_reports_is_steadily_behind(tmp_path: Path) -> None:
    """Megatron-LM's detector names rank 9 the slowest in 8 of 10 reports, 12% behind: below
    the 1.3x of a one-off slow rank, steady enough to test its node (n-w2, the third block of
    four GPUs)."""
    for n in ("n-head", "n-w1", "n-w2", "n-w3"):
        (tmp_path / n).mkdir()
        (tmp_path / n / "nvidia-smi.txt").write_text(SMI)
    slow = [9, 9, 3, 9, 9, 9, 14, 9, 9, 9]
    (tmp_path / "n-head" / "slurm.out").write_text(
        "".join(
            MEGATRON.format(m=m, lo=1, hi=3366.0 if r == 9 else 3030.0, slow=r)
            for m, r in enumerate(slow)
        )
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("n-w2", 9)


def _named_in_turn(root: Path, slow: list[int]) -> Path:
    """Four nodes of four GPUs; the detector names ``slow[i]`` the slowest, 12% behind, in
    report i."""
    for n in ("n-head", "n-w1", "n-w2", "n-w3"):
        (root / n).mkdir()
        (root / n / "nvidia-smi.txt").write_text(SMI)
    (root / "n-head" / "slurm.out").write_text(
        "".join(MEGATRON.format(m=m, lo=1, hi=3366.0, slow=r) for m, r in enumerate(slow))
    )
    return root


def test_ranks_of_one_node_taking_turns_at_the_bottom_name_the_node(tmp_path: Path) -> None:
    """The detector names a different rank each report, 12% behind, but every one of them is
    n-w1's (ranks 4-7): its GPUs take turns at the bottom, so the node is the slow part."""
    d = diagnose_bundle(_named_in_turn(tmp_path, [4, 6, 5, 7, 4, 5, 6, 7, 5, 4])).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("n-w1", None)


def test_a_healthy_spread_across_nodes_names_no_node(tmp_path: Path) -> None:
    d = diagnose_bundle(_named_in_turn(tmp_path, [4, 9, 1, 14, 6, 2, 11, 7, 5, 13])).diagnosis
    assert d.category is not Category.STRAGGLER
