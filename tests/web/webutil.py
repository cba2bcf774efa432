"""Helpers for the dashboard tests: a synthetic run's events and a real ``kintsugi dash``."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass

from kintsugi.events import Event, EventKind

HOSTILE = '<script>alert("x")</script><b>bold</b> & {{ 7*7 }} [red]markup[/red]'
"""Text that must reach a page literally: a script tag, HTML, a template and rich markup."""


def _e(kind: EventKind, run: str, node: str, ts: float, **kw: object) -> Event:
    rank = kw.pop("rank", None)
    attempt = kw.pop("attempt", None)
    return Event(kind=kind, run_id=run, node=node, ts=ts, rank=rank, attempt=attempt, data=kw)  # type: ignore[arg-type]


def synthetic_run(run: str = "syn", t0: float = 1_700_000_000.0, steps: int = 200) -> list[Event]:
    """Two nodes, two ranks each: attempt 0 crashes on node b (node a restarts as a peer),
    attempt 1 succeeds. Steps every second from every rank, a diagnosis with hostile
    evidence, a log line with hostile text, checkpoints, and a kind-agnostic alert."""
    out: list[Event] = []
    nodes = {"node-a": (0, 1), "node-b": (2, 3)}
    for node in nodes:
        out.append(
            _e(EventKind.RUN_START, run, node, t0, argv=["train.py"], nnodes="2", nproc_per_node=2)
        )
    t = t0
    for attempt, (length, outcome_b) in enumerate(((steps, "crash"), (steps, "succeeded"))):
        start = t + 2.0
        for node, ranks in nodes.items():
            out.append(
                _e(
                    EventKind.ATTEMPT_START,
                    run,
                    node,
                    start,
                    world_size=4,
                    ranks=list(ranks),
                    attempt=attempt,
                )
            )
        if attempt == 1:
            out.append(
                _e(
                    EventKind.CHECKPOINT_LOADED,
                    run,
                    "node-a",
                    start + 0.5,
                    step=100,
                    duration_s=0.4,
                    path="/ckpt/100",
                    attempt=attempt,
                )
            )
        for i in range(length):
            ts = start + 1.0 + i
            for node, ranks in nodes.items():
                for r in ranks:
                    out.append(
                        _e(
                            EventKind.STEP,
                            run,
                            node,
                            ts,
                            step=i,
                            step_time_s=0.5 + 0.01 * r,
                            loss=4.0 - i / length,
                            rank=r,
                            attempt=attempt,
                        )
                    )
            if i % 50 == 49:
                out.append(
                    _e(
                        EventKind.CHECKPOINT_SAVED,
                        run,
                        "node-a",
                        ts + 0.2,
                        step=i,
                        duration_s=0.3,
                        path=f"/ckpt/{i}",
                        attempt=attempt,
                    )
                )
        end = start + 1.0 + length
        if outcome_b == "crash":
            out.append(
                _e(
                    EventKind.LOG,
                    run,
                    "node-b",
                    end - 0.5,
                    message=HOSTILE,
                    rank=2,
                    attempt=attempt,
                )
            )
            out.append(
                _e(
                    EventKind.RANK_EXIT,
                    run,
                    "node-b",
                    end,
                    exitcode=1,
                    first=True,
                    exc_type="RuntimeError",
                    rank=2,
                    attempt=attempt,
                )
            )
            out.append(
                _e(
                    EventKind.DIAGNOSIS,
                    run,
                    "node-b",
                    end + 0.2,
                    category="gpu_memory",
                    action="restart_without_node",
                    summary="ECC error on " + HOSTILE,
                    layer="infrastructure",
                    culprit={"node": "node-b", "rank": 2},
                    confidence=0.9,
                    evidence=[{"source": "rank2.log", "text": HOSTILE, "line": 7}],
                    attempt=attempt,
                )
            )
            out.append(
                _e(
                    EventKind.ATTEMPT_END,
                    run,
                    "node-b",
                    end + 0.3,
                    outcome="crash",
                    attempt=attempt,
                )
            )
            out.append(
                _e(EventKind.ATTEMPT_END, run, "node-a", end + 0.4, outcome="peer", attempt=attempt)
            )
            for node in nodes:
                out.append(
                    _e(
                        EventKind.RESTART_DECIDED,
                        run,
                        node,
                        end + 0.5,
                        reason="crash",
                        backoff_s=1.0,
                        attempt=attempt,
                    )
                )
            out.append(
                _e(EventKind.ALERT, run, "node-b", end + 0.6, sink="log", ok=True, attempt=attempt)
            )
        else:
            for node in nodes:
                out.append(
                    _e(
                        EventKind.ATTEMPT_END,
                        run,
                        node,
                        end,
                        outcome="succeeded",
                        max_step=steps - 1,
                        attempt=attempt,
                    )
                )
        t = end + 1.0
    for node in nodes:
        out.append(_e(EventKind.RUN_END, run, node, t + 0.5, outcome="succeeded", restarts=1))
    return out


@dataclass
class Dash:
    url: str
    proc: subprocess.Popen[str]
    banner: str

    def get(
        self, path: str, headers: dict[str, str] | None = None
    ) -> tuple[int, str, dict[str, str]]:
        req = urllib.request.Request(self.url + path, headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, r.read().decode(), dict(r.headers)
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode(), dict(e.headers)


@contextlib.contextmanager
def running_dash(store: str, *extra: str, env: dict[str, str] | None = None) -> Iterator[Dash]:
    """Starts ``kintsugi dash`` on a free port and stops it afterwards."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "kintsugi", "dash", "--store", store, "--port", "0", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line.startswith("kintsugi dash: http://"):
            proc.kill()
            raise AssertionError(
                f"dash did not start: {line!r} {proc.stderr.read() if proc.stderr else ''}"
            )
        url = line.split()[2].rstrip("/")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(url + "/static/style.css", timeout=2).close()
                break
            except urllib.error.HTTPError:
                break  # it answers (a token may be required)
            except OSError:
                time.sleep(0.1)
        yield Dash(url, proc, line)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
