"""Build corpus_set29: python3 tools/build.py  (writes to tools/../out or $CORPUS_OUT)."""
import os
import re
import shutil
import sys
sys.dont_write_bytecode = True

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import write_bundle  # noqa: E402
import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "out")
    out = os.path.abspath(out)
    os.makedirs(out, exist_ok=True)
    for d in os.listdir(out):
        if re.match(r"o\d\d_", d):
            shutil.rmtree(os.path.join(out, d))
    bundles = [f() for f in cases_a.CASES + cases_b.CASES + cases_c.CASES]
    names = [b.name for b in bundles]
    assert len(set(names)) == len(names), "duplicate case names"
    total = 0
    for b in bundles:
        assert re.match(r"o\d\d_[a-z0-9_]+$", b.name), b.name
        total += write_bundle(b, out)
    cats = {}
    for b in bundles:
        cats[b.label["category"]] = cats.get(b.label["category"], 0) + 1
    print("wrote %d bundles, %.2f MB to %s" % (len(bundles), total / 1e6, out))
    print("categories:", dict(sorted(cats.items())))
    if total > 8e6:
        raise SystemExit("corpus larger than 8 MB")


if __name__ == "__main__":
    main()
