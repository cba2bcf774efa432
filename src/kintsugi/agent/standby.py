"""A warm standby worker: imports torch (and what the job imported) ahead of time, then waits.

The agent starts these while the job trains. On a restart it hands each one a worker's
command line, environment and log files over stdin (one JSON line), and the standby runs the
training script in-process with ``runpy`` exactly as ``python -u SCRIPT ARGS`` would, minus the
seconds of interpreter start-up and imports. EOF on stdin (the agent is gone) ends it.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import runpy
import sys

ENV_PRELOAD = "KINTSUGI_PRELOAD_FILE"


def _preload() -> None:
    import torch
    import torch.distributed

    names: list[str] = []
    path = os.environ.get(ENV_PRELOAD)
    if path:
        try:
            with open(path, encoding="utf-8") as f:
                names = f.read().split()
        except OSError:
            pass
    for name in names:
        if name in sys.modules:
            continue
        # A module that fails to import here fails (or is not needed) in the script too.
        with contextlib.suppress(Exception):
            importlib.import_module(name)
    # Warm the autograd engine and the default allocator once, as the first step would.
    x = torch.ones(8, 8, requires_grad=True)
    (x @ x).sum().backward()  # type: ignore[no-untyped-call]


def _redirect(fd: int, path: str | None) -> None:
    if path:
        f = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(f, fd)
        os.close(f)


def main() -> None:
    _preload()
    line = sys.stdin.readline()
    if not line:
        return
    cmd = json.loads(line)
    os.environ.clear()
    os.environ.update(cmd["env"])
    sys.stdout.flush()
    sys.stderr.flush()
    _redirect(1, cmd.get("stdout"))
    _redirect(2, cmd.get("stderr"))
    sys.stdin.close()
    args: list[str] = cmd["args"][1:]  # drop the interpreter
    while args and args[0] in ("-u",):
        args = args[1:]
    if args and args[0] == "-m":
        sys.argv = [args[1], *args[2:]]
        runpy.run_module(args[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = list(args)
        sys.path[0] = os.path.dirname(os.path.abspath(args[0]))
        runpy.run_path(args[0], run_name="__main__")


if __name__ == "__main__":
    main()
