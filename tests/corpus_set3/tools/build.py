"""Build the set-3 failure-bundle corpus.

Usage: ``CORPUS_OUT=/tmp/set3 python tests/corpus_set3/tools/build.py``
(default output: ``tests/corpus_set3/out``, which is git-ignored by a generated ``.gitignore``).
Pure stdlib and deterministic: running it twice produces byte-identical trees.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cases_app
import cases_gpu
import cases_host_hang
import cases_net_storage

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "out"


def all_cases() -> list:
    return [*cases_gpu.CASES, *cases_net_storage.CASES, *cases_host_hang.CASES, *cases_app.CASES]


def main() -> int:
    out = Path(os.environ.get("CORPUS_OUT", str(DEFAULT_OUT)))
    out.mkdir(parents=True, exist_ok=True)
    if out.resolve() == DEFAULT_OUT:
        (out / ".gitignore").write_text("*\n", encoding="utf-8")
    bundles = [fn() for fn in all_cases()]
    ids = [b.case_id for b in bundles]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    for i, b in enumerate(bundles, 1):
        assert b.case_id.startswith(f"s{i:02d}_"), (i, b.case_id)
    for old in out.glob("s[0-9][0-9]_*"):
        if old.is_dir():
            shutil.rmtree(old)
    for b in bundles:
        b.write(out)
    print(f"wrote {len(bundles)} bundles to {out}")
    for field in ("category", "layer", "action"):
        counts = Counter(str(b.label[field]) for b in bundles)
        print(f"{field}: " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))
    with_node = sum(1 for b in bundles if b.label["culprit"] is not None)
    print(f"culprit: node={with_node}, null={len(bundles) - with_node}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
