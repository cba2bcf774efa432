"""Entry point: write every set-10 case into $CORPUS_OUT (default tests/corpus_set10/out).

Usage:  CORPUS_OUT=/tmp/set10 python tests/corpus_set10/tools/build.py
"""
import glob
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

from common import ALLOWED  # noqa: E402
import cases_gpu, cases_gpu2, cases_net_storage, cases_host_hang, cases_app, cases_straggle, cases_user_dep  # noqa: E402,E401

MODULES = [cases_gpu, cases_gpu2, cases_net_storage, cases_host_hang, cases_app, cases_straggle, cases_user_dep]


def all_cases():
    fns = []
    for m in MODULES:
        for name in sorted(dir(m)):
            if name[:1] == "z" and name[1:3].isdigit() and callable(getattr(m, name)):
                fns.append(getattr(m, name))
    return sorted(fns, key=lambda f: f.__name__)


def check(b):
    lab = b.label
    assert lab is not None, b.name
    assert set(lab) == {"category", "layer", "culprit", "action", "rationale", "modelled_on"}, b.name
    for k in ("category", "layer", "action"):
        assert lab[k] in ALLOWED[k], (b.name, k, lab[k])
    assert lab["modelled_on"].startswith("https://"), b.name
    c = lab["culprit"]
    if c is not None:
        assert set(c) == {"node", "rank"}, b.name
        assert c["rank"] is None or isinstance(c["rank"], int), b.name
        assert c["node"] in b.node_dirs(), (b.name, c["node"], sorted(b.node_dirs()))
    if b.topology is not None:
        for sw, nodes in b.topology.items():
            for n in nodes:
                assert n in b.node_dirs(), (b.name, n)


def main():
    default = os.path.join(os.path.dirname(HERE), "out")
    out = os.environ.get("CORPUS_OUT") or default
    os.makedirs(out, exist_ok=True)
    if os.path.abspath(out) == os.path.abspath(default):
        with open(os.path.join(out, ".gitignore"), "w") as fh:
            fh.write("*\n")
    for d in glob.glob(os.path.join(out, "z[0-9][0-9]_*")):
        shutil.rmtree(d)
    fns = all_cases()
    names = set()
    for fn in fns:
        b = fn()
        assert b.name == fn.__name__, (b.name, fn.__name__)
        assert b.name not in names
        names.add(b.name)
        check(b)
        b.write(out)
    print("wrote %d cases to %s" % (len(fns), out))


if __name__ == "__main__":
    main()
