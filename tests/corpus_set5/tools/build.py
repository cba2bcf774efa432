"""Entry point: writes every set-5 case into $CORPUS_OUT (default tests/corpus_set5/out).

Usage:  CORPUS_OUT=/tmp/set5 python tests/corpus_set5/tools/build.py
"""

from __future__ import annotations

import importlib
import os
import random
import re
import shutil
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODULES = [
    "cases_flood",
    "cases_net",
    "cases_env",
    "cases_storage",
    "cases_attempts",
    "cases_perf",
    "cases_user",
    "cases_misc",
]


def load_cases() -> list:
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    cases = []
    for name in MODULES:
        cases.extend(importlib.import_module(name).CASES)
    return cases


def main() -> int:
    t_start = time.perf_counter()
    default = HERE.parent / "out"
    out = Path(os.environ.get("CORPUS_OUT") or default).resolve()
    out.mkdir(parents=True, exist_ok=True)
    if out == default.resolve():
        (out / ".gitignore").write_text("*\n")
    for old in out.iterdir():
        if old.is_dir() and re.fullmatch(r"u\d\d_.+", old.name):
            shutil.rmtree(old)
    counts: dict[str, Counter] = {k: Counter() for k in ("category", "layer", "action", "culprit")}
    total = 0
    bundles = []
    for fn in load_cases():
        rng = random.Random(f"corpus_set5/{fn.__name__}")
        bundle = fn(rng)
        total += bundle.write(out)
        bundles.append(bundle)
        lab = bundle.label_data
        counts["category"][lab["category"]] += 1
        counts["layer"][lab["layer"]] += 1
        counts["action"][lab["action"]] += 1
        c = lab["culprit"]
        counts["culprit"][
            "null" if c is None else ("node+rank" if c["rank"] is not None else "node")
        ] += 1
    names = [b.name for b in bundles]
    assert len(set(names)) == len(names), "duplicate case names"
    print(f"wrote {len(bundles)} bundles to {out}")
    for field, counter in counts.items():
        parts = ", ".join(f"{k}={v}" for k, v in sorted(counter.items()))
        print(f"  {field}: {parts}")
    print(f"  bytes: {total} ({total / 1e6:.1f} MB), {time.perf_counter() - t_start:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
