"""The bootstrap runs scripts exactly as ``python SCRIPT`` would, and hooks progress in."""

from __future__ import annotations

import sys
import textwrap
import threading
import time
from pathlib import Path
from types import ModuleType

import pytest
from auto_helpers import run

from kintsugi.runtime import messages as m
from kintsugi.runtime.bootstrap import PostImportHooks

PLAIN = """
import os, sys
print("argv", sys.argv)
print("path0", sys.path[0] == os.path.dirname(os.path.abspath(__file__)))
print("name", __name__)
print("torch", "torch" in sys.modules)
sys.exit(int(sys.argv[1]))
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


@pytest.mark.parametrize("agent", [False, True])
def test_a_script_runs_as_under_python(tmp_path: Path, agent: bool) -> None:
    script = write(tmp_path, "plain.py", PLAIN)
    r = run(["-m", "kintsugi.runtime.bootstrap", str(script), "3", "--x"], tmp_path, agent=agent)
    assert r.returncode == 3, r.stderr
    assert f"argv ['{script}', '3', '--x']" in r.stdout
    assert "path0 True" in r.stdout and "name __main__" in r.stdout
    assert "torch False" in r.stdout  # hooks wait for the script to import torch
    if agent:
        kinds = [type(x) for x in r.messages]
        assert kinds == [m.Hello, m.Exit]


def test_an_exception_propagates_and_is_reported(tmp_path: Path) -> None:
    script = write(tmp_path, "boom.py", "def f():\n    raise KeyError('missing-shard')\nf()\n")
    r = run(["-m", "kintsugi.runtime.bootstrap", str(script)], tmp_path)
    assert r.returncode == 1
    assert "KeyError: 'missing-shard'" in r.stderr and "boom.py" in r.stderr
    (rep,) = r.of(m.ExceptionReport)
    assert isinstance(rep, m.ExceptionReport) and rep.exc_type == "KeyError"


def test_user_mistakes_are_one_line(tmp_path: Path) -> None:
    r = run(["-m", "kintsugi.runtime.bootstrap", "nope.py"], tmp_path)
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0 and "nope.py" in r.stderr
    script = write(tmp_path, "plain.py", PLAIN)
    bad = run(
        ["-m", "kintsugi.runtime.bootstrap", str(script), "0"],
        tmp_path,
        KINTSUGI_AUTO_PROGRESS="maybe",
    )
    assert bad.returncode == 2 and "KINTSUGI_AUTO_PROGRESS" in bad.stderr
    assert bad.stderr.strip().count("\n") == 0 and "Traceback" not in bad.stderr


def test_post_import_hook_fires_after_the_module_ran(tmp_path: Path) -> None:
    (tmp_path / "late_mod.py").write_text("VALUE = 42\n", encoding="utf-8")
    seen: list[int] = []
    hooks = PostImportHooks({"late_mod": lambda mod: seen.append(mod.VALUE)})
    sys.path.insert(0, str(tmp_path))
    sys.meta_path.insert(0, hooks)
    try:
        import late_mod

        assert seen == [42]
        assert late_mod.__loader__.get_source("late_mod") == "VALUE = 42\n"  # type: ignore[union-attr]
    finally:
        sys.meta_path.remove(hooks)
        sys.path.remove(str(tmp_path))
        sys.modules.pop("late_mod", None)
    # Already imported (a warm standby preloads torch): the callback runs at once.
    early: list[ModuleType] = []
    PostImportHooks({"json": early.append})
    assert early and early[0].__name__ == "json"


def test_comm_clock_counts_overlapping_collectives_once() -> None:
    torch = pytest.importorskip("torch")
    from kintsugi.runtime.commtime import CommClock

    assert torch is not None
    c = CommClock()
    c.enter()
    time.sleep(0.05)
    c.enter()  # a second collective in flight (a DDP bucket while the first one waits)
    t = threading.Thread(target=lambda: (time.sleep(0.05), c.exit()))
    t.start()
    t.join()
    c.exit()
    took = c.take()
    assert 0.09 <= took < 0.5 and c.take() < 0.01
    c.add(0.25)
    assert c.take() == pytest.approx(0.25)
