"""Straggler reports that list the slowest ranks of each interval, and a job's ranks placed by
the scheduler's node list where the bundle holds the logs of only some of its nodes.

Formats: Megatron-LM's StragglerDetector (``MnRtt/Rnk ... MxEtpt/Rnk`` and ``^^^^ Bottom 4
Ranks with lowest  Etpt(TF): 74:455.98, ...``), a training loop's own report of the step's
spread with each slow rank's node (``compute ms min/median/max = 2041/2096/2543 | slowest
ranks: 70(c2-n09) ...``), squeue's table and scontrol's ``NodeList=``.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import listed_slow_ranks, lowest_etpt_ranks
from kintsugi.diagnose.layout import scheduled_nodes
from kintsugi.events import Action, Category, Layer

SMI = (
    "| NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |\n"
    + "".join(
        f"|   {i}  NVIDIA H100 80GB HBM3       On  | 00000000:{0x18 + 16 * i:02X}:00.0 Off |"
        "                    0 |\n"
        for i in range(8)
    )
)
SQUEUE = (
    "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
    "           8120554      llm  gpt-22b   pretrn  R    5:02:11     16 hgx-[088-103]\n"
)


def test_a_listing_under_the_steps_spread_names_each_rank_and_node() -> None:
    line = (
        "[straggler] iter 40100 | compute ms min/median/max = 2041/2096/2543 | "
        "slowest ranks: 70(c2-n09) 68(c2-n09) rank 3 (c2-n01)"
    )
    got = listed_slow_ranks(line)
    assert [(r, n) for r, _, n in got] == [(70, "c2-n09"), (68, "c2-n09"), (3, "c2-n01")]
    assert all(abs(ratio - 2543 / 2096) < 1e-9 for _, ratio, _ in got)


def test_megatrons_lowest_throughput_against_the_intervals_best() -> None:
    line = "^^^^ Bottom 4 Ranks with lowest  Etpt(TF): 74:455.98, 75:458.41, 76:465.07, 77:469.25"
    got = lowest_etpt_ranks(line, 514.31)
    assert [r for r, _ in got] == [74, 75, 76, 77]
    assert all(abs(ratio - 514.31 / 455.98) < 1e-9 for _, ratio in got)
    assert lowest_etpt_ranks(line, None) == []  # no summary line read before it


def test_the_schedulers_node_list() -> None:
    assert scheduled_nodes(SQUEUE) == "hgx-[088-103]"
    two = (
        SQUEUE + "           8120555      llm  gpt-7b   pretrn  R    1:02:11      2 hgx-[001-002]\n"
    )
    assert scheduled_nodes(two) == ""  # two running jobs: whose?
    assert scheduled_nodes("JobId=77 JobName=pt\n   NodeList=gpu[01-04]\n") == "gpu[01-04]"
    assert scheduled_nodes("   ReqNodeList=(null) ExcNodeList=(null)\n") == ""


def _megatron(bottom: list[list[int]]) -> str:
    lines = []
    for k, ranks in enumerate(bottom):
        slow = ranks[0] >= 72
        worst = 455.0 if slow else 506.0
        lines.append(
            f" 2024-05-27 {16 + k}:34:08 | MnRtt/Rnk: 3598.40ms/103 | "
            f"MxRtt/Rnk: {4049.9 if slow else 3641.0}ms/{ranks[0]} | "
            f"MnEtpt/Rnk: {worst:.2f}TF/{ranks[0]} | MxEtpt/Rnk: 515.02TF/42\n"
            "^^^^ Bottom 4 Ranks with lowest  Etpt(TF): "
            + ", ".join(f"{r}:{worst + 3 * i:.2f}" for i, r in enumerate(ranks))
            + "\n^^^^ Top    4 Ranks with highest Etpt(TF): 61:514.06, 19:513.77, 7:513.40\n"
        )
    return "".join(lines)


def test_ranks_of_a_node_the_bundle_has_among_sixteen(tmp_path: Path) -> None:
    """Sixteen nodes of eight GPUs; the bundle holds three nodes' files and squeue's table.
    The detector's lowest ranks are 72 to 79 from the third interval on: node 10 of the
    list (hgx-097), though it is the second node of the bundle by name."""
    for n in ("hgx-096", "hgx-097", "hgx-101"):
        (tmp_path / n).mkdir()
        (tmp_path / n / "nvidia-smi.txt").write_text(SMI)
    (tmp_path / "squeue.txt").write_text(SQUEUE)
    bottom = [[40, 77, 127, 99], [0, 2, 74, 82]] + [[72, 75, 77, 78], [73, 74, 76, 79]] * 4
    (tmp_path / "megatron_last_rank.log").write_text(_megatron(bottom))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (
        Category.STRAGGLER,
        Layer.INFRASTRUCTURE,
        Action.RUN_DIAGNOSTICS,
    )
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("hgx-097", None)


def test_slow_ranks_listed_with_their_node(tmp_path: Path) -> None:
    for i in range(1, 17):
        (tmp_path / f"c2-n{i:02d}").mkdir()
        (tmp_path / f"c2-n{i:02d}" / "nvidia-smi.txt").write_text(SMI)
    reports = "".join(
        f" [straggler] iter {40000 + 100 * k} | compute ms min/median/max = 2041/2096/2543 | "
        f"slowest ranks: {' '.join(f'{r}(c2-n09)' for r in (70, 68, 67, 69, 66, 64, 65, 71))}\n"
        for k in range(4)
    )
    (tmp_path / "c2-n01" / "train_rank0.log").write_text(reports)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("c2-n09", None)


def _nemo(worst: list[tuple[int, str, float]], best: list[tuple[int, str]]) -> str:
    return (
        "GPU relative performance:\n Worst performing 4/32 ranks:\n"
        + "".join(f"  Rank={r} Node={n} Score={s:.2f}\n" for r, n, s in worst)
        + " Best performing 4/32 ranks:\n"
        + "".join(f"  Rank={r} Node={n} Score=1.00\n" for r, n in best)
    )


def test_nemos_worst_ranks_all_on_one_node_after_quiet_intervals(tmp_path: Path) -> None:
    """NeMo's report lists the worst and the best ranks. Early reports name ranks all over
    the job at 0.97 (the healthy spread); later ones only hgx-b03's ranks at 0.78."""
    for n in ("hgx-b01", "hgx-b02", "hgx-b03", "hgx-b04"):
        (tmp_path / n).mkdir()
        (tmp_path / n / "dmesg.txt").write_text("[    1.0] Linux version 5.15\n")
    best = [(31, "hgx-b04"), (4, "hgx-b01"), (9, "hgx-b02"), (28, "hgx-b04")]
    quiet = [
        [(10, "hgx-b02", 0.97), (5, "hgx-b01", 0.97), (12, "hgx-b02", 0.97), (3, "hgx-b01", 0.98)],
        [(5, "hgx-b01", 0.97), (26, "hgx-b04", 0.98), (10, "hgx-b02", 0.98), (3, "hgx-b01", 0.98)],
    ] * 3
    slow = [
        [(r, "hgx-b03", 0.78) for r in (16 + k % 2, 18 + k % 3, 20 + k % 2, 22)] for k in range(6)
    ]
    (tmp_path / "slurm-1844020.out").write_text("".join(_nemo(w, best) for w in quiet + slow))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RUN_DIAGNOSTICS), d.summary
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("hgx-b03", None)
