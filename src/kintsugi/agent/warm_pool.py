"""Warm standby workers: restarts skip interpreter start-up and ``import torch``.

The pool keeps one pre-imported process per local rank. ``launching()`` makes elastic's process
context take them instead of spawning cold ``python`` processes; anything the pool cannot serve
(an empty pool, a non-Python entrypoint) falls back to elastic's own spawn.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

from torch.distributed.elastic.multiprocessing import api as mp_api
from torch.distributed.elastic.multiprocessing.subprocess_handler import SubprocessHandler

from kintsugi.agent.standby import ENV_PRELOAD

log = logging.getLogger("kintsugi.agent")

_HOOK = "get_subprocess_handler"
"""The name elastic's process context looks up to spawn each worker."""
_HOOK_PARAMS = ("entrypoint", "args", "env", "stdout", "stderr", "local_rank_id")
"""The leading parameters of the hook and of SubprocessHandler that the pool relies on."""
_INIT_TAKES_NUMA = "numa_options" in inspect.signature(SubprocessHandler.__init__).parameters


class WarmPool:
    """Pre-started standby interpreters, handed out one per worker on a restart."""

    def __init__(self, size: int, preload_file: str) -> None:
        self.size = size
        self._procs: list[subprocess.Popen[bytes]] = []
        self.preload_file = preload_file
        self.served = 0

    def fill(self) -> None:
        """Starts standbys until ``size`` are alive (cheap to call often)."""
        self._procs = [p for p in self._procs if p.poll() is None]
        env = dict(os.environ)
        env[ENV_PRELOAD] = self.preload_file
        while len(self._procs) < self.size:
            self._procs.append(
                subprocess.Popen(
                    [sys.executable, "-u", "-m", "kintsugi.agent.standby"],
                    stdin=subprocess.PIPE,
                    env=env,
                    start_new_session=True,
                )
            )

    def take(self) -> subprocess.Popen[bytes] | None:
        while self._procs:
            p = self._procs.pop(0)
            if p.poll() is None:
                return p
        return None

    def close(self) -> None:
        for p in self._procs:
            with contextlib.suppress(OSError):
                if p.stdin is not None:
                    p.stdin.close()
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(p.pid, 9)
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(timeout=2)
        self._procs.clear()

    @staticmethod
    def supported() -> bool:
        """Whether this torch's elastic spawns workers through the hook the pool replaces,
        with the signature we know (checked, not assumed: the hook is private)."""
        hook = mp_api.__dict__.get(_HOOK)
        if not callable(hook):
            return False
        try:
            got = list(inspect.signature(hook).parameters)[:6]
            init = list(inspect.signature(SubprocessHandler.__init__).parameters)[1:7]
        except (TypeError, ValueError):
            return False
        return got == list(_HOOK_PARAMS) and init == list(_HOOK_PARAMS)

    @contextlib.contextmanager
    def launching(self) -> Iterator[None]:
        """While active, elastic's worker spawns are served from the pool."""
        original: Any = mp_api.__dict__[_HOOK]
        pool = self

        def handler(
            entrypoint: str,
            args: tuple[Any, ...],
            env: dict[str, str],
            stdout: str | None,
            stderr: str | None,
            local_rank_id: int,
            *more: Any,
            **kw: Any,
        ) -> SubprocessHandler:
            # Later torch releases add arguments (numa_options in 2.8+): a standby serves
            # only the plain case; anything else goes to elastic's own spawn untouched.
            plain = all(v is None for v in (*more, *kw.values()))
            if entrypoint == sys.executable and plain:
                proc = pool.take()
                if proc is not None:
                    pool.served += 1
                    return _StandbyHandler(
                        proc, entrypoint, args, env, stdout, stderr, local_rank_id
                    )
            cold: SubprocessHandler = original(
                entrypoint, args, env, stdout, stderr, local_rank_id, *more, **kw
            )
            return cold

        setattr(mp_api, _HOOK, handler)
        try:
            yield
        finally:
            setattr(mp_api, _HOOK, original)


class _StandbyHandler(SubprocessHandler):
    """elastic's ``SubprocessHandler``, with a standby in place of a fresh Popen."""

    def __init__(
        self,
        proc: subprocess.Popen[bytes],
        entrypoint: str,
        args: tuple[Any, ...],
        env: dict[str, str],
        stdout: str | None,
        stderr: str | None,
        local_rank_id: int,
    ) -> None:
        self._standby = proc
        self._paths = (stdout, stderr)
        # torch 2.8+ takes numa_options (None: no binding); earlier releases do not.
        extra: list[Any] = [None] if _INIT_TAKES_NUMA else []
        super().__init__(entrypoint, args, env, stdout, stderr, local_rank_id, *extra)

    def _popen(self, args: tuple[Any, ...], env: dict[str, str]) -> subprocess.Popen[bytes]:
        proc = self._standby
        assert proc.stdin is not None
        cmd = {
            "args": [str(a) for a in args],
            "env": env,
            "stdout": self._paths[0],
            "stderr": self._paths[1],
        }
        proc.stdin.write((json.dumps(cmd) + "\n").encode())
        proc.stdin.flush()
        proc.stdin.close()
        return proc
