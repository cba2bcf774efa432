"""Regenerate every bundle of the blind corpus: ``python tests/blind_corpus/tools/build.py``."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cases_app
import cases_env
import cases_gpu
import cases_host
import cases_net
import cases_num
from common import ROOT

MODULES = [cases_gpu, cases_net, cases_host, cases_env, cases_app, cases_num]


def main() -> None:
    names = set()
    for mod in MODULES:
        for make in mod.CASES:
            case = make()
            assert case.name not in names, case.name
            names.add(case.name)
            if case.dir.exists():
                shutil.rmtree(case.dir)
            case.write()
    print(f"wrote {len(names)} cases under {ROOT}")


if __name__ == "__main__":
    main()
