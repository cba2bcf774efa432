"""Write the set-4 failure bundles (t01..t40) into $CORPUS_OUT.

Usage:  CORPUS_OUT=/tmp/set4 python tests/corpus_set4/tools/build.py

Standard library only; deterministic (each case seeds its own random.Random).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cases_env  # noqa: E402
import cases_flood  # noqa: E402
import cases_net  # noqa: E402
import cases_perf  # noqa: E402
import cases_recur  # noqa: E402
import cases_user  # noqa: E402
from common import Bundle  # noqa: E402

DEFAULT_OUT = HERE.parent / "out"
MODULES = (cases_flood, cases_net, cases_env, cases_recur, cases_perf, cases_user)
CASE_DIR = re.compile(r"^t\d\d_")


def all_cases() -> list[Bundle]:
    bundles: list[Bundle] = []
    for mod in MODULES:
        for build in mod.CASES:
            bundles.append(build())
    bundles.sort(key=lambda b: b.name)
    names = [b.name for b in bundles]
    assert len(names) == len(set(names)), "duplicate case names"
    assert [n[:3] for n in names] == [f"t{i:02d}" for i in range(1, len(names) + 1)], names
    return bundles


def main() -> int:
    started = time.perf_counter()
    out = Path(os.environ.get("CORPUS_OUT") or DEFAULT_OUT).resolve()
    out.mkdir(parents=True, exist_ok=True)
    if out == DEFAULT_OUT.resolve():
        (out / ".gitignore").write_text("*\n")
    for old in out.iterdir():
        if old.is_dir() and CASE_DIR.match(old.name):
            shutil.rmtree(old)
    bundles = all_cases()
    total = 0
    counts: dict[str, Counter[str]] = {
        "category": Counter(),
        "layer": Counter(),
        "action": Counter(),
    }
    culprits: Counter[str] = Counter()
    for b in bundles:
        total += b.write(out)
        assert b.label_data is not None
        for key, counter in counts.items():
            counter[str(b.label_data[key])] += 1
        culprit = b.label_data["culprit"]
        if culprit is None:
            culprits["null"] += 1
        else:
            assert isinstance(culprit, dict)
            culprits["node"] += 1
            if culprit["rank"] is not None:
                culprits["node+rank"] += 1
    took = time.perf_counter() - started
    print(f"wrote {len(bundles)} bundles to {out} ({total / 1e6:.1f} MB in {took:.2f}s)")
    for key, counter in counts.items():
        print(f"  {key}: " + ", ".join(f"{k} {v}" for k, v in sorted(counter.items())))
    print("  culprit: " + ", ".join(f"{k} {v}" for k, v in sorted(culprits.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
