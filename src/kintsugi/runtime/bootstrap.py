"""Runs a training script as ``python -u SCRIPT ARGS`` would, with automatic progress.

    python -u -m kintsugi.runtime.bootstrap SCRIPT [ARGS...]
    python -u -m kintsugi.runtime.bootstrap -m MODULE [ARGS...]

Under ``kintsugi run`` (``KINTSUGI_IPC_SOCKET`` set) it connects the rank to its agent and,
unless ``KINTSUGI_AUTO_PROGRESS`` is false, installs the progress hooks (hooks.py) the moment
the script finishes importing torch, so ``import kintsugi`` itself stays torch-free. Warm
standbys call :func:`run_script` after setting the worker's environment.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import runpy
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

ENV_AUTO_PROGRESS = "KINTSUGI_AUTO_PROGRESS"
ENV_SOCKET = "KINTSUGI_IPC_SOCKET"
USAGE = "usage: python -m kintsugi.runtime.bootstrap SCRIPT [ARGS...] | -m MODULE [ARGS...]"


class _Loader(importlib.abc.Loader):
    """Delegates to the real loader, then calls back once the module has executed."""

    def __init__(self, inner: Any, then: Callable[[ModuleType], None]) -> None:
        self._inner = inner
        self._then = then

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        create = getattr(self._inner, "create_module", None)
        return create(spec) if create is not None else None

    def exec_module(self, module: ModuleType) -> None:
        self._inner.exec_module(module)
        self._then(module)

    def __getattr__(self, name: str) -> Any:
        # get_source, get_data, is_package...: linecache and inspect read through the loader.
        return getattr(self._inner, name)


class PostImportHooks(importlib.abc.MetaPathFinder):
    """Calls ``callbacks[name](module)`` right after module ``name`` finishes importing.

    Modules already imported (a warm standby preloads torch) get their callback at once.
    """

    def __init__(self, callbacks: dict[str, Callable[[ModuleType], None]]) -> None:
        self._pending = dict(callbacks)
        for name in list(self._pending):
            mod = sys.modules.get(name)
            if mod is not None:
                self._pending.pop(name)(mod)

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        then = self._pending.pop(fullname, None)
        if then is None:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _Loader(spec.loader, then)
                return spec
        return None


def _on_torch(_: ModuleType) -> None:
    from kintsugi.runtime import hooks

    hooks.install()


def _on_dcp(dcp: ModuleType) -> None:
    from kintsugi.runtime import hooks

    hooks.install_dcp(dcp)


def auto_progress_enabled() -> bool:
    """``KINTSUGI_AUTO_PROGRESS`` (default on).

    Raises:
        ValueError: the variable is set to something that is not a boolean.
    """
    from kintsugi.settings import parse_bool

    text = os.environ.get(ENV_AUTO_PROGRESS)
    return True if text is None else parse_bool(text)


def prepare() -> bool:
    """Connects to the agent (if any) and arranges the hooks; returns True if they will run.

    Raises:
        ValueError: ``KINTSUGI_AUTO_PROGRESS`` is not a boolean.
    """
    if not os.environ.get(ENV_SOCKET):
        return False  # no agent to report to: run the script untouched
    from kintsugi.runtime import core

    enabled = auto_progress_enabled()
    core.init()
    if enabled and not any(isinstance(f, PostImportHooks) for f in sys.meta_path):
        sys.meta_path.insert(
            0, PostImportHooks({"torch": _on_torch, "torch.distributed.checkpoint": _on_dcp})
        )
    return enabled


def run_script(path: str, argv: Sequence[str], module: bool = False) -> None:
    """Runs ``path`` (or module ``path``) as ``__main__`` with ``sys.argv[1:] = argv``.

    Exceptions and ``SystemExit`` propagate exactly as from ``python SCRIPT``; the runtime's
    exception hook reports them to the agent on the way out.

    Raises:
        ValueError: ``KINTSUGI_AUTO_PROGRESS`` is not a boolean.
    """
    prepare()
    if module:
        sys.argv = [path, *argv]
        runpy.run_module(path, run_name="__main__", alter_sys=True)
        return
    sys.argv = [path, *argv]
    sys.path[0] = os.path.dirname(os.path.abspath(path))
    runpy.run_path(path, run_name="__main__")


def main(args: Sequence[str] | None = None) -> None:
    """The command line: ``SCRIPT ARGS...`` or ``-m MODULE ARGS...``."""
    argv = list(sys.argv[1:] if args is None else args)
    module = bool(argv) and argv[0] == "-m"
    if module:
        argv = argv[1:]
    if not argv:
        print(USAGE, file=sys.stderr)
        raise SystemExit(2)
    if not module and not os.path.isfile(argv[0]):
        print(f"kintsugi: cannot run {argv[0]!r}: no such file", file=sys.stderr)
        raise SystemExit(2)
    try:
        auto_progress_enabled()
    except ValueError:
        print(
            f"kintsugi: {ENV_AUTO_PROGRESS}={os.environ.get(ENV_AUTO_PROGRESS)!r} is not a "
            "boolean; use 1 or 0",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    run_script(argv[0], argv[1:], module=module)


if __name__ == "__main__":
    main()
