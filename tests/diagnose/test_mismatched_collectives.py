"""NCCL's watchdog lines name each rank's operation: ranks stuck at one SeqNum in different
collectives called different operations there (bundles written here, torch 2.4+ format)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.signatures import default_signatures


def _line(rank: int, seq: int, op: str, numel: int = 64) -> str:
    return (
        f"[rank{rank}]:[E1202 12:51:36.3602{rank:02d} ProcessGroupNCCL.cpp:616] [Rank {rank}] "
        f"Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, "
        f"NumelIn={numel}, NumelOut=2048, Timeout(ms)=1800000) ran for 1800691 milliseconds "
        "before timing out.\n"
    )


def _bundle(
    root: Path, works: dict[int, tuple[int, str]] | dict[int, tuple[int, str, int]]
) -> Path:
    for node, ranks in (("n1", range(4)), ("n2", range(4, 8))):
        d = root / node
        d.mkdir(parents=True)
        (d / "console.log").write_text("".join(_line(r, *works[r]) for r in ranks))
    return root


def test_one_rank_in_another_collective_at_the_same_seqnum_is_a_program_bug(tmp_path: Path) -> None:
    works = {r: (190233, "ALLREDUCE") for r in range(8)} | {0: (190233, "ALLGATHER")}
    d = diagnose_bundle(_bundle(tmp_path, works)).diagnosis
    assert (d.category.value, d.layer.value, d.action.value) == ("hang", "script", "stop")
    assert d.culprit is None and "ALLGATHER" in d.summary


def test_a_rank_behind_the_others_is_no_mismatch(tmp_path: Path) -> None:
    """Rank 5 is one operation behind (another SeqNum): a straggling or stuck rank, not a
    different program path."""
    works = {r: (190233, "ALLREDUCE") for r in range(8)} | {5: (190232, "ALLGATHER")}
    d = diagnose_bundle(_bundle(tmp_path, works)).diagnosis
    assert d.action.value != "stop"


def test_torch_distributed_debug_detail_mismatch_is_the_program_not_a_bad_value() -> None:
    """TORCH_DISTRIBUTED_DEBUG=DETAIL's RuntimeError says "mismatch" like a validation error
    would; it is the program's own bug, raised instead of hanging."""
    sig, _ = default_signatures().match(
        "RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running "
        "collective: CollectiveFingerPrint(SequenceNumber=48213, OpType=ALLREDUCE)"
    ) or (None, None)
    assert sig is not None and sig.name == "collective_mismatch_raised"
    assert (sig.category.value, sig.layer.value, sig.action.value) == (
        "user_code",
        "script",
        "stop",
    )


def test_the_flight_recorders_missing_ranks_all_on_one_node_make_it_the_suspect(
    tmp_path: Path,
) -> None:
    """fr_trace's analysis names the ranks that never joined the collective; all on n2."""
    works = {r: (91377, "ALLREDUCE") for r in range(8)}
    _bundle(tmp_path, works)
    (tmp_path / "n1" / "fr_trace_analysis.txt").write_text(
        "Not all ranks joining collective 91377 at entry 91377\n"
        "  collective: nccl:all_reduce  input sizes [[1024]] output sizes [[1024]]\n"
        "  found ranks: [0, 1, 2, 3]\n"
        "  missing ranks: [4, 5, 6, 7]\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.action.value) == ("hang", "run_diagnostics")
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("n2", None)


def test_the_process_group_prefix_of_newer_watchdogs(tmp_path: Path) -> None:
    """PyTorch 2.4+ writes ``[PG ID 0 PG GUID 0(default_pg) Rank 14]`` before the watchdog."""

    def pg_line(rank: int, seq: int, op: str) -> str:
        return _line(rank, seq, op).replace(
            f"[Rank {rank}]", f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}]"
        )

    works = {r: (10033, "ALLREDUCE") for r in range(8)} | {6: (10033, "BROADCAST")}
    for node, ranks in (("n1", range(4)), ("n2", range(4, 8))):
        (tmp_path / node).mkdir()
        (tmp_path / node / "console.log").write_text("".join(pg_line(r, *works[r]) for r in ranks))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.layer.value, d.action.value) == ("hang", "script", "stop")


def test_pipeline_sends_and_receives_at_one_seqnum_are_no_mismatch(tmp_path: Path) -> None:
    """Pipeline stages pair a SEND on one rank with a RECV on another: different operations at
    the same point, and no program bug."""
    works = {r: (16353, "SEND") for r in range(8)} | {r: (16353, "RECV") for r in (6, 7)}
    d = diagnose_bundle(_bundle(tmp_path, works)).diagnosis
    assert d.category.value != "user_code" and d.action.value != "stop"


def test_one_rank_all_reducing_one_element_against_the_buckets_is_a_program_bug(
    tmp_path: Path,
) -> None:
    """A metric all-reduced under ``if rank == 0`` (1 element) at the SeqNum where the others
    all-reduce DDP's buckets (26M elements): the same operation, another call."""
    works = {r: (5003, "ALLREDUCE", 26214400) for r in range(8)} | {0: (5003, "ALLREDUCE", 1)}
    d = diagnose_bundle(_bundle(tmp_path, works)).diagnosis
    assert (d.category.value, d.layer.value, d.action.value) == ("hang", "script", "stop")


def test_counts_that_disagree_all_over_say_nothing(tmp_path: Path) -> None:
    counts = (131334144, 1, 16777216, 131334144, 1, 52428800, 131334144, 16777216)
    works = {r: (41518, "ALLREDUCE", counts[r]) for r in range(8)}
    d = diagnose_bundle(_bundle(tmp_path, works)).diagnosis
    assert d.action.value != "stop"
