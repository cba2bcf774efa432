"""Runs the labelled corpus (real and synthetic failure bundles) and checks the accuracy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle

CASES = Path(__file__).resolve().parents[1] / "corpus" / "cases"


def _cases() -> list[Path]:
    return sorted(p for p in CASES.iterdir() if (p / "label.json").exists())


def score(case: Path) -> tuple[dict[str, object], dict[str, bool], str]:
    label = json.loads((case / "label.json").read_text())
    d = diagnose_bundle(case).diagnosis
    want = label["culprit"]
    got = d.culprit.to_dict() if d.culprit else None
    if want is None or got is None:
        culprit_ok = want is None and got is None
    else:
        culprit_ok = got["node"] == want["node"] and (
            want["rank"] is None or got["rank"] == want["rank"]
        )
    ok = {
        "category": d.category.value == label["category"],
        "culprit": culprit_ok,
        "action": d.action.value == label["action"],
    }
    row = f"{case.name:34} {d.category.value:13} {d.action.value:21} {got}"
    return label, ok, row


def test_corpus_accuracy() -> None:
    cases = _cases()
    assert len(cases) >= 40
    results = [score(c) for c in cases]
    print()
    for label, ok, row in results:
        flag = "" if all(ok.values()) else f"   MISS {label}"
        print(row + flag)
    for src in ("real", "synthetic", None):
        sel = [ok for label, ok, _ in results if src is None or label["source"] == src]
        acc = {k: sum(o[k] for o in sel) / len(sel) for k in ("category", "culprit", "action")}
        print(f"{src or 'all'}: n={len(sel)} " + " ".join(f"{k}={v:.3f}" for k, v in acc.items()))
        if src is None:
            assert acc["category"] >= 0.9
            assert acc["culprit"] >= 0.85
            assert acc["action"] >= 0.9


@pytest.mark.parametrize("case", _cases()[:3], ids=lambda p: p.name)
def test_verdict_is_the_json_contract(case: Path) -> None:
    d = diagnose_bundle(case).diagnosis.to_dict()
    assert set(d) == {"category", "layer", "culprit", "action", "confidence", "summary", "evidence"}
    assert 0.0 <= float(d["confidence"]) <= 1.0  # type: ignore[arg-type]
    assert d["evidence"], "every failure verdict carries evidence"
    json.dumps(d)
