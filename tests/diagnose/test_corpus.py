"""Every labelled corpus bundle, each asserted on its own: category, layer, culprit, action.

The ``dev_*`` bundles model the kinds of reasoning issue 8 names; ``real_*`` were captured
from failing runs here; ``syn_*`` are hardware failures written in their real formats.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle

CASES = Path(__file__).resolve().parents[1] / "corpus" / "cases"


def _cases() -> list[Path]:
    return sorted(p for p in CASES.iterdir() if (p / "label.json").exists())


def check(case: Path) -> tuple[dict[str, object], dict[str, bool], str]:
    """The label, which fields the verdict got right, and a printable row."""
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
        "layer": d.layer.value == label["layer"],
        "culprit": culprit_ok,
        "action": d.action.value == label["action"],
    }
    row = f"{d.category.value}/{d.layer.value} culprit={got} action={d.action.value}"
    return label, ok, row


def test_every_case_has_a_full_label() -> None:
    cases = _cases()
    assert len(cases) >= 70
    for c in cases:
        label = json.loads((c / "label.json").read_text())
        assert {"category", "layer", "culprit", "action", "source"} <= set(label), c.name
        if c.name.startswith("dev_"):
            assert label.get("source_ref"), f"{c.name} must cite the thread it is modelled on"


@pytest.mark.parametrize("case", _cases(), ids=lambda p: p.name)
def test_golden_verdict(case: Path) -> None:
    label, ok, row = check(case)
    assert all(ok.values()), f"{case.name}: got {row}; want {label}; wrong: " + ", ".join(
        k for k, v in ok.items() if not v
    )


@pytest.mark.parametrize("case", _cases()[:3], ids=lambda p: p.name)
def test_verdict_is_the_json_contract(case: Path) -> None:
    d = diagnose_bundle(case).diagnosis.to_dict()
    assert set(d) == {"category", "layer", "culprit", "action", "confidence", "summary", "evidence"}
    assert 0.0 <= float(d["confidence"]) <= 1.0  # type: ignore[arg-type]
    assert d["evidence"], "every failure verdict carries evidence"
    json.dumps(d)


def accuracy_table() -> list[str]:
    """Per-field accuracy by source (real, synthetic, dev), for docs/diagnosis.md."""
    rows = [check(c) for c in _cases()]
    out = [
        "| set | n | category | layer | culprit | action | full verdict |",
        "|---|---|---|---|---|---|---|",
    ]
    groups = {"real": "real_", "synthetic": "syn_", "dev (issue 8)": "dev_", "all": ""}
    for name, prefix in groups.items():
        sel = [
            ok for c, (_, ok, _) in zip(_cases(), rows, strict=True) if c.name.startswith(prefix)
        ]
        n = len(sel)
        acc = [sum(o[k] for o in sel) / n for k in ("category", "layer", "culprit", "action")]
        full = sum(all(o.values()) for o in sel) / n
        out.append(f"| {name} | {n} | " + " | ".join(f"{a:.3f}" for a in acc) + f" | {full:.3f} |")
    return out


if __name__ == "__main__":
    print("\n".join(accuracy_table()))
