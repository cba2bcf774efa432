"""What the golden corpus sets (set 2, set 3) share: build a set, score a case, mark its gaps."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_blind import FIELDS, Outcome, load_label, load_topology

from kintsugi.diagnose import diagnose_bundle


def build(tools: Path, out: Path) -> Path:
    """Runs a set's generator (``tools/build.py``) into ``out``."""
    subprocess.run(
        [sys.executable, str(tools / "build.py")],
        env={**os.environ, "CORPUS_OUT": str(out)},
        check=True,
        capture_output=True,
        timeout=120,
    )
    return out


def cases(names: list[str], gaps: dict[str, str]) -> list[Any]:
    """The cases as pytest parameters, each gap a strict xfail with its reason."""
    return [
        pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=gaps[n])) if n in gaps else n
        for n in names
    ]


def assert_golden(case: Path) -> None:
    """The engine's verdict on ``case`` matches its label in every field."""
    d = diagnose_bundle(case, topology=load_topology(case)).diagnosis
    o = Outcome(case.name, load_label(case), d, None)
    assert all(o.matches().values()), o.mismatch_line()
    assert set(o.matches()) == set(FIELDS)
