"""DCGM-backed GPU checks: run ``dcgmi diag -r N -j`` and map its JSON into check results.

The JSON layout is in REFERENCES.md; ``parse_diag`` is pure so golden files test it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from typing import Any

from kintsugi.health.api import CheckResult, Status

_STATUS = {
    "pass": Status.PASS,
    "fail": Status.FAIL,
    "warn": Status.WARN,
    "warning": Status.WARN,
    "skip": Status.SKIP,
    "not run": Status.SKIP,
}


def find_dcgmi(path: str | None = None) -> str | None:
    """The ``dcgmi`` to use: ``path`` if given, else the one on PATH, else None."""
    return path if path else shutil.which("dcgmi")


def parse_diag(text: str) -> list[CheckResult]:
    """Turns ``dcgmi diag -j`` output into one result per DCGM test.

    A test's status is its ``test_summary`` status, else the worst of its per-GPU results;
    the detail carries each warning with its ``DCGM_FR_*`` code and the GPU it concerns.

    Raises:
        ValueError: the text is not the documented JSON (one line saying what is wrong).
    """
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"dcgmi printed no JSON ({e.msg} at char {e.pos})") from e
    diag = doc.get("DCGM Diagnostic") if isinstance(doc, dict) else None
    if not isinstance(diag, dict):
        raise ValueError("dcgmi JSON lacks the 'DCGM Diagnostic' object")
    if diag.get("runtime_error"):
        raise ValueError(f"dcgmi diag failed: {diag['runtime_error']}")
    cats = diag.get("test_categories")
    if not isinstance(cats, list):
        raise ValueError("dcgmi JSON lacks 'test_categories'")
    out: list[CheckResult] = []
    for cat in cats:
        for test in cat.get("tests", []) if isinstance(cat, dict) else []:
            out.append(_test_result(str(cat.get("category", "")), test))
    if not out:
        raise ValueError("dcgmi JSON lists no tests")
    return out


def _test_result(category: str, test: dict[str, Any]) -> CheckResult:
    name = f"dcgm:{test.get('name', '?')}"
    results = [r for r in test.get("results", []) if isinstance(r, dict)]
    statuses = [_STATUS.get(str(r.get("status", "")).lower(), Status.WARN) for r in results]
    summary = str((test.get("test_summary") or {}).get("status", "")).lower()
    if summary in _STATUS:
        status = _STATUS[summary]
    elif statuses:
        from kintsugi.health.api import worst

        status = worst(statuses)
    else:
        status = Status.SKIP
    notes: list[str] = []
    for r in results:
        where = f"{r.get('entity_group', 'GPU')} {r.get('entity_id', '?')}"
        for w in r.get("warnings") or []:
            code = w.get("error_id")
            notes.append(
                f"{where}: {w.get('warning', '').strip()}" + (f" [{code}]" if code else "")
            )
        if not r.get("warnings") and r.get("info") and status is not Status.PASS:
            notes.append(f"{where}: {r['info']}")
    detail = "; ".join(notes) if notes else f"{category}: {status.value}"
    return CheckResult(name=name, status=status, detail=detail[:1000])


def run_diag(dcgmi: str, level: int, timeout_s: float) -> tuple[list[CheckResult], float]:
    """Runs ``dcgmi diag -r LEVEL -j``; returns the results and how long it took.

    A missing binary, a time-out, a non-JSON answer or a runtime error becomes one ``fail``
    result saying "could not check", never a pass.
    """
    t0 = time.monotonic()

    def fail(why: str) -> tuple[list[CheckResult], float]:
        took = time.monotonic() - t0
        return [CheckResult("dcgm", Status.FAIL, f"could not check: {why}", took)], took

    try:
        p = subprocess.run(
            [dcgmi, "diag", "-r", str(level), "-j"],
            capture_output=True,
            text=True,
            timeout=timeout_s,
            errors="replace",
        )
    except FileNotFoundError:
        return fail(f"{dcgmi} not found")
    except PermissionError:
        return fail(f"{dcgmi} is not executable")
    except subprocess.TimeoutExpired:
        return fail(f"dcgmi diag -r {level} timed out after {timeout_s:g} s")
    try:
        results = parse_diag(p.stdout)
    except ValueError as e:
        tail = p.stderr.strip().splitlines()[-1:] if p.stderr.strip() else []
        return fail(f"{e}" + (f" (exit {p.returncode}: {tail[0][:160]})" if tail else ""))
    took = time.monotonic() - t0
    # dcgmi reports no per-test time: the run's time is spread evenly for the table.
    each = took / len(results)
    return [CheckResult(r.name, r.status, r.detail, each) for r in results], took
