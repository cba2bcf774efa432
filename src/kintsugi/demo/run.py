"""Runs the demo: two ``kintsugi run`` agents as two nodes over 127.0.0.1, faults injected."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from kintsugi.errors import UserError
from kintsugi.textsafe import terminal_safe

SCRIPT = Path(__file__).with_name("train_charlm.py")
DEFAULT_FAULTS = "kill:step=70,rank=3;hang:step=150,rank=0,attempt=1"


@dataclass(kw_only=True, slots=True)
class DemoConfig:
    run_dir: Path | None = None
    """Where to write; default ``./kintsugi_runs/demo-<time>``."""
    steps: int = 200
    inject: str | None = None
    """The fault schedule (``--inject`` syntax); None for the default one."""
    verify: bool = True
    """Also run fault-free and compare final parameters bitwise."""
    store: str | None = None

    def __post_init__(self) -> None:
        if self.steps < 10:
            raise UserError("kintsugi demo: --steps must be at least 10")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def launch_nodes(
    run_id: str,
    run_dir: Path,
    script_args: list[str],
    inject: str | None,
    extra: list[str],
    nodes: int = 2,
    nproc: int = 2,
    echo: bool = True,
) -> list[int]:
    """Starts one ``kintsugi run`` agent per simulated node and waits for all of them.

    Returns:
        Each agent's exit code.
    """
    port = free_port()
    procs: list[subprocess.Popen[str]] = []
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    for i in range(nodes):
        cmd = [
            sys.executable,
            "-m",
            "kintsugi",
            "run",
            "--nnodes",
            str(nodes),
            "--nproc-per-node",
            str(nproc),
            "--rdzv-backend",
            "c10d",
            "--rdzv-endpoint",
            f"127.0.0.1:{port}",
            "--rdzv-id",
            run_id,
            "--node-name",
            f"node{i}",
            "--run-dir",
            str(run_dir),
            "--no-report",
            *extra,
        ]
        if inject:
            cmd += ["--inject", inject]
        cmd += [str(SCRIPT), *script_args]
        procs.append(
            subprocess.Popen(
                cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
            )
        )
    run_dir.mkdir(parents=True, exist_ok=True)
    consoles = [run_dir / f"agent-node{i}.log" for i in range(nodes)]
    threads = [
        threading.Thread(target=_pump, args=(p, f"node{i}", echo, consoles[i]), daemon=True)
        for i, p in enumerate(procs)
    ]
    for t in threads:
        t.start()
    codes = [p.wait() for p in procs]
    for t in threads:
        t.join(timeout=5)
    for i, code in enumerate(codes):
        if code != 0 and echo:
            # an agent that failed: the end of its own console, which the narrative leaves out
            tail = consoles[i].read_text(errors="replace").splitlines()[-AGENT_TAIL:]
            _show(f"node{i}", f"agent exited {code}; the end of {consoles[i]}:")
            for line in tail:
                _show(f"node{i}", line)
    return codes


AGENT_TAIL = 15
"""Lines of a failed agent's console shown after the run."""


def _pump(proc: subprocess.Popen[str], node: str, echo: bool, console: Path) -> None:
    """Echoes a node's narrative lines and keeps its whole console in ``console``."""
    assert proc.stdout is not None
    with console.open("w", encoding="utf-8", errors="replace") as kept:
        for line in proc.stdout:
            kept.write(line)
            # The narrative: kintsugi's own lines and the trainer's progress; the rest is in
            # logs/ and in the node's agent console.
            if echo and ("kintsugi[" in line or "[train]" in line):
                text = (
                    line.rstrip().split("]:", 1)[-1].strip()
                    if line.startswith("[default")
                    else line.rstrip()
                )
                _show(node, text)


def _show(node: str, text: str) -> None:
    """One line of a node's output, literally (log text is data: no terminal escapes)."""
    print(f"  {node} | {terminal_safe(text)}", flush=True)


def run_demo(cfg: DemoConfig) -> int:
    from kintsugi.report import build_report, render_text
    from kintsugi.report.compare import attach_comparison
    from kintsugi.store import StoreError, open_store

    stamp = time.strftime("%Y%m%d-%H%M%S")
    run_id = f"demo-{stamp}"
    run_dir = (cfg.run_dir or Path("kintsugi_runs") / run_id).resolve()
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"kintsugi demo: cannot create {run_dir}: {e.strerror}") from None
    store = cfg.store or f"sqlite:///{run_dir / 'events.db'}"
    faults = cfg.inject if cfg.inject is not None else DEFAULT_FAULTS
    common = ["--steps", str(cfg.steps), "--ckpt-every", "10"]
    extra = ["--store", store, "--hang-floor-seconds", "2", "--max-restarts", "5"]
    t0 = time.monotonic()
    print(f"kintsugi demo: 2 nodes x 2 ranks, {cfg.steps} steps, faults: {faults}")
    print(f"  run directory {run_dir}")
    codes = launch_nodes(
        run_id, run_dir / "run", [*common, "--out", str(run_dir / "final.pt")], faults, extra
    )
    elapsed = time.monotonic() - t0
    try:
        with open_store(store) as s:
            events = s.events(run_id=run_id)
    except StoreError as e:
        raise UserError(f"kintsugi demo: cannot read events: {e}") from None
    report = attach_comparison(build_report(events))
    print()
    render_text(report, sys.stdout)
    diagnoses = [e for e in events if e.kind.value == "diagnosis"]
    for d in diagnoses:
        print(
            f"diagnosis ({d.node}, attempt {d.attempt}): "
            f"[{d.data['category']} -> {d.data['action']}] {d.data['summary']}"
        )
    ok = all(c == 0 for c in codes)
    print(
        f"\nfaulty run: {'succeeded' if ok else f'failed (exit codes {codes})'} in {elapsed:.1f} s"
    )
    if not ok or not cfg.verify:
        return 0 if ok else 1
    print("reference run without faults (to check the result bitwise)...")
    ref_codes = launch_nodes(
        f"{run_id}-ref",
        run_dir / "reference",
        [*common, "--out", str(run_dir / "reference.pt")],
        None,
        extra,
        echo=False,
    )
    if any(ref_codes):
        print(f"reference run failed (exit codes {ref_codes})")
        return 1
    a = (run_dir / "final.sha256").read_text().strip()
    b = (run_dir / "reference.sha256").read_text().strip()
    same = a == b
    print(
        f"final parameters {'bitwise IDENTICAL' if same else 'DIFFER'} to the fault-free run "
        f"(sha256 {a[:16]} vs {b[:16]}); total {time.monotonic() - t0:.1f} s"
    )
    print(f"see: kintsugi report {run_dir / 'run'} --store {store}")
    return 0 if same else 1
