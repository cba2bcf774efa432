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
from kintsugi.diagnose.extract import detector_report, listed_slow_ranks, lowest_etpt_ranks
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


def test_lists_of_the_slowest_against_a_p50_or_a_median_in_their_column() -> None:
    """A timer's p50 beside its slowest ranks, the list ending with its column (``| next:``
    are the fastest of the rest); and ranks with their times in brackets."""
    line = "step 300 fwd+bwd p50 1.81s | slowest: r38=2.46s r32=2.45s | next: r41=1.82s r18=1.82s"
    assert [(r, round(x, 2)) for r, x, _ in listed_slow_ranks(line)] == [(38, 1.36), (32, 1.35)]
    line = (
        "step  100 | loss 2.0986 | fwd_bwd median 543ms | slowest fwd_bwd: 3 (817ms), 7 (815ms)"
        " | allreduce_wait median 270ms (ranks 0-7: 3ms)"
    )
    assert [(r, round(x, 2)) for r, x, _ in listed_slow_ranks(line)] == [(3, 1.5), (7, 1.5)]
    line = "[straggler] step 26500: fwd-bwd p50 1192 ms, slowest ranks 48-50 (gpu-ab03) 1741 ms"
    assert [(r, round(x, 2), n) for r, x, n in listed_slow_ranks(line)] == [
        (48, 1.46, "gpu-ab03"),
        (49, 1.46, "gpu-ab03"),
        (50, 1.46, "gpu-ab03"),
    ]


SACCT = (
    "JobID           JobName  Partition      State ExitCode    Elapsed                 NodeList \n"
    "------------ ---------- ---------- ---------- -------- ---------- ------------------------ \n"
    "1337702       titan-13b       h100    RUNNING      0:0   03:00:41 gpu-m-[203-208]          \n"
    "1337702.0      torchrun               RUNNING      0:0   03:00:35 gpu-m-[203-208]          \n"
)


def test_the_slowest_ranks_of_one_allocations_node_with_their_median_after(
    tmp_path: Path,
) -> None:
    """Six nodes by sacct's one allocation, two of them in the bundle; every report lists
    ranks 32-39 as the slowest, and its median follows on the next line: the fifth node of
    the allocation, with nothing on it to explain it."""
    for n in ("gpu-m-205", "gpu-m-207"):
        (tmp_path / n).mkdir()
        (tmp_path / n / "nvidia-smi.txt").write_text(SMI)
    (tmp_path / "sacct.txt").write_text(SACCT)
    (tmp_path / "slurm-1337702.out").write_text(
        "".join(
            f"0: [2025-05-30 0{h}:50:50] compute-time per rank (fwd+bwd, excl. comm), slowest 8: "
            + ", ".join(f"r{r}=2.4{r % 7}s" for r in range(32, 40))
            + f"\n0: [2025-05-30 0{h}:50:50] compute-time median 1.810s; all other ranks within"
            " +-1%\n"
            for h in range(1, 6)
        )
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("gpu-m-207", None)


def test_the_median_line_that_says_where_the_slowest_ran(tmp_path: Path) -> None:
    """The bundle holds the suspect node's files only; the report's median line says where
    the slowest ranks ran (``ranks 40-47 (gpu-w06) +18%``)."""
    (tmp_path / "gpu-w06").mkdir()
    (tmp_path / "gpu-w06" / "dmesg.txt").write_text("[    0.000000] Linux version 6.8.0\n")
    (tmp_path / "slurm-812290.out").write_text(
        "".join(
            f"0: [2025-05-30 0{h}:50:50] compute-time per rank (fwd+bwd, excl. comm), slowest 8: "
            + ", ".join(f"r{r}=1.37{r % 5}s" for r in range(40, 48))
            + f"\n0: [2025-05-30 0{h}:50:50] compute-time median 1.160s; ranks 40-47 (gpu-w06) "
            "+18%; all other ranks within +-1%\n"
            for h in range(1, 6)
        )
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STRAGGLER
    assert d.culprit is not None and d.culprit.node == "gpu-w06"


def _nemo_scores(reports: int, low: dict[int, float]) -> str:
    """NeMo's straggler callback: a score per rank per report, one line each (1.00 = best)."""
    out = []
    for k in range(reports):
        out.append(f"[NeMo I 2025-10-06 07:{k:02d}:00 straggler_det_callback:214] \n")
        out.append("GPU relative performance:\n")
        for r in range(32):
            score = low.get(r, 1.0 - 0.01 * ((r + k) % 3))
            out.append(f"  Rank={r} Node=gpt-pt-worker-{r // 8} Score={score:.2f}\n")
    return "".join(out)


def test_one_rank_scored_far_behind_every_other_in_every_report(tmp_path: Path) -> None:
    """NeMo scores every rank in every report, so every rank is named every time; rank 19 at
    0.78 against 0.98 to 1.00 for all the others, report after report, is the straggler."""
    for n in range(4):
        (tmp_path / f"gpt-pt-worker-{n}").mkdir()
        (tmp_path / f"gpt-pt-worker-{n}" / "dmesg.txt").write_text("[    0.000000] Linux\n")
    (tmp_path / "gpt-pt-worker-0" / "train.log").write_text(_nemo_scores(12, {19: 0.78}))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STRAGGLER
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("gpt-pt-worker-2", 19)


def test_scores_spread_alike_name_no_one(tmp_path: Path) -> None:
    for n in range(4):
        (tmp_path / f"gpt-pt-worker-{n}").mkdir()
    (tmp_path / "gpt-pt-worker-0" / "train.log").write_text(_nemo_scores(12, {}))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is not Category.STRAGGLER


def test_the_lowest_relative_perf_listed_with_each_ranks_node() -> None:
    line = (
        "  GPU relative perf (5 lowest): rank 77 (gpu-c10) 0.741, rank 109 (gpu-c14) 0.931, "
        "rank 120 (gpu-c16) 0.932"
    )
    rep = detector_report(line)
    assert rep is not None and rep[0] == 77 and rep[2] == "gpu-c10"
