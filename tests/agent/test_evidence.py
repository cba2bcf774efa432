"""Crash evidence without processes: first failure, exception recovery, one failure signature."""

from __future__ import annotations

from pathlib import Path

from kintsugi.agent.evidence import Failure, exc_type_from, rank_exits, signal_name, tail
from kintsugi.events import Event, EventKind, failure_signature
from kintsugi.runtime.messages import ExceptionReport


def test_first_failure_is_the_earliest_exit_not_the_lowest_rank() -> None:
    failures = {0: Failure(-15, 10, None, None), 1: Failure(1, 11, None, None)}
    exits = {1: (100.0, 1), 0: (100.5, -15)}
    exc = {1: ExceptionReport(rank=1, exc_type="KeyError", message="'w'", traceback="tb", step=7)}
    out = rank_exits(failures, exits, exc, {0: 8, 1: 7}, lambda r: f"tail{r}", now=101.0)
    by_rank = {r: rec for r, _, rec in out}
    assert by_rank[1].first and not by_rank[0].first
    assert by_rank[1].signature == failure_signature("KeyError", "'w'", None, 7)
    assert by_rank[1].detected_after_s == 1.0 and by_rank[0].signal == "SIGTERM"
    # The record is a valid rank_exit payload: the schema checks every key it carries.
    Event(kind=EventKind.RANK_EXIT, run_id="r", data=by_rank[0].to_data())


def test_a_rank_the_agent_terminated_is_marked_so() -> None:
    out = rank_exits({0: Failure(-9, 1, None, None)}, {}, {}, {0: None}, lambda r: "", now=5.0)
    (_, ts, rec) = out[0]
    assert ts is None and rec.terminated_by_agent and not rec.first


def test_error_file_gives_the_exception_when_the_rank_could_not_report() -> None:
    data = {
        "message": {"message": "x", "extraInfo": {"py_callstack": "Traceback...\nfoo.BarError: no"}}
    }
    out = rank_exits({0: Failure(1, 1, "x", data)}, {0: (1.0, 1)}, {}, {}, lambda r: "", now=1.0)
    assert out[0][2].exc_type == "BarError" and "Traceback" in str(out[0][2].traceback)
    assert exc_type_from(None, "garbage with spaces") is None
    assert signal_name(-11) == "SIGSEGV" and signal_name(1) is None


def test_signature_ignores_whitespace_and_keeps_long_messages_short() -> None:
    a = failure_signature("RuntimeError", "Missing key(s):\n\t" + "x, " * 20_000, None, 3)
    b = failure_signature("RuntimeError", "Missing key(s): " + "x, " * 20_000, None, 3)
    assert a == b and len(a) < 300


def test_tail_reads_only_the_end(tmp_path: Path) -> None:
    f = tmp_path / "log"
    f.write_text("".join(f"line {i}\n" for i in range(100_000)))
    assert tail(f, 2) == "line 99998\nline 99999"
    assert tail(tmp_path / "missing", 2) == ""
