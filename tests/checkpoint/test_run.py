"""Under ``kintsugi run``: a killed rank resumes from host memory, a killed node from its
peers' memory, and both runs end bitwise equal to a run that never failed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import torch
from ckhelpers import HERE, stop_holders

from conftest import finish_nodes, free_port, port_open
from kintsugi.report import build_report
from kintsugi.store import StoreError, open_store

pytestmark = pytest.mark.slow
TRAIN = HERE / "train_ckpt.py"
STEPS = 40


def _kintsugi(*args: str) -> list[str]:
    return [sys.executable, "-m", "kintsugi", *args]


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("KINTSUGI_", "TORCHELASTIC"))}


def _single_node(tmp: Path, name: str, inject: str | None) -> tuple[Path, Path]:
    out, ck = tmp / name / "out", tmp / name / "ckpt"
    cmd = _kintsugi(
        "run",
        "--nproc-per-node",
        "2",
        "--rdzv-id",
        f"{name}-{uuid.uuid4().hex[:6]}",
        "--run-dir",
        str(tmp / name / "run"),
        "--hang-floor-seconds",
        "5",
        "--no-report",
        "--node-name",
        "n0",
    )
    if inject:
        cmd += ["--inject", inject]
    cmd += [str(TRAIN), "--steps", str(STEPS), "--out", str(out), "--dir", str(ck)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=180, env=_env())
    finally:
        stop_holders(ck)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    return out, tmp / name / "run"


def _final(out: Path, rank: int) -> dict[str, torch.Tensor]:
    got = torch.load(out / f"final_rank{rank}.pt", weights_only=True)
    assert isinstance(got, dict)
    return got


def _restores(out: Path) -> list[dict[str, object]]:
    return [json.loads(p.read_text()) for p in sorted(out.glob("restore_rank*_attempt*.json"))]


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, torch.Tensor]:
    out, _ = _single_node(tmp_path_factory.mktemp("ref"), "ref", None)
    a, b = _final(out, 0), _final(out, 1)
    assert all(torch.equal(a[k], b[k]) for k in a)  # data parallel: ranks agree
    return a


def test_killed_rank_resumes_from_host_memory(
    tmp_path: Path, reference: dict[str, torch.Tensor]
) -> None:
    out, run_dir = _single_node(tmp_path, "kill", "kill:step=12,rank=1")
    again = [r for r in _restores(out) if r["attempt"] == 1]
    assert len(again) == 2, _restores(out)
    assert {(r["step"], r["tier"]) for r in again} == {(10, "memory")}, again
    final = _final(out, 0)
    assert all(torch.equal(final[k], reference[k]) for k in reference)  # bitwise
    events = _events(run_dir)
    loaded = [e for e in events if e.kind.value == "checkpoint_loaded"]
    assert (
        loaded and loaded[0].data["step"] == 10 and loaded[0].data["path"].startswith("memory://")
    )
    # The report shows save and restore badput apart and where the restore came from.
    report = build_report(events)
    assert report.restores and report.restores[0]["tier"] == "memory"
    assert report.badput_s["checkpoint_save"] > 0 and report.badput_s["checkpoint_restore"] > 0


def _events(run_dir: Path) -> list:  # type: ignore[type-arg]
    with open_store(f"sqlite:///{run_dir / 'events.db'}") as s:
        return s.events()


def test_killed_node_resumes_from_peer_memory(
    tmp_path: Path, reference: dict[str, torch.Tensor]
) -> None:
    port = free_port()
    run_id = f"node-{uuid.uuid4().hex[:6]}"
    store = f"sqlite:///{tmp_path / 'events.db'}"
    out, ck = tmp_path / "out", tmp_path / "ckpt"

    def agent(node: str) -> subprocess.Popen[str]:
        cmd = _kintsugi(
            "run",
            "--nnodes",
            "2",
            "--nproc-per-node",
            "1",
            "--rdzv-backend",
            "c10d",
            "--rdzv-endpoint",
            f"127.0.0.1:{port}",
            "--rdzv-id",
            run_id,
            "--node-name",
            node,
            "--run-dir",
            str(tmp_path / "run"),
            "--store",
            store,
            "--no-report",
            "--hang-floor-seconds",
            "5",
            str(TRAIN),
            "--steps",
            str(STEPS),
            "--out",
            str(out),
            "--dir",
            str(ck),
            "--step-sleep",
            "0.15",
        )
        return subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=_env()
        )

    def started() -> bool:
        try:
            with open_store(store) as s:
                ev = s.events(run_id=run_id)
        except StoreError:
            return False
        return len({e.node for e in ev if e.kind.value == "attempt_start"}) == 2

    procs: dict[str, subprocess.Popen[str]] = {}
    try:
        procs["a"] = agent("a")  # a starts first and hosts the rendezvous store
        assert _wait(lambda: port_open(port), 60)
        procs["b"] = agent("b")
        assert _wait(started, 90)
        procs["c"] = agent("c")  # a spare: the job has its two nodes, so c waits
        # Wait until b's rank has a snapshot replicated into a's holder, then kill node b:
        # its agent, its rank, and with the agent gone its holder empties its shared memory.
        b_rank = _wait_value(lambda: _rank_on(out, "b"), 90)
        a_dir = _holder_dir(run_id, "a")
        assert _wait(lambda: _has_copy(a_dir, b_rank), 90), "no replica reached node a"
        b_pid = _pid_of(out, "b")
        procs["b"].send_signal(signal.SIGKILL)
        os.kill(b_pid, signal.SIGKILL)
        outs = finish_nodes({n: p for n, p in procs.items() if n != "b"}, 240)
        procs["b"].wait(10)
    finally:
        for p in procs.values():
            if p.poll() is None:
                p.kill()
                p.wait(10)
        stop_holders(ck)
    assert procs["a"].returncode == 0, outs["a"][-3000:]
    assert procs["c"].returncode == 0, outs["c"][-3000:]
    # c's agent counts its own attempts from 0: what resumed is what restored a step.
    resumed = [r for r in _restores(out) if r["step"]]
    assert {r["node"] for r in resumed} == {"a", "c"}, _restores(out)
    assert all(r["tier"] in ("memory", "peer") for r in resumed), resumed  # no storage read
    assert any(r["tier"] == "peer" for r in resumed), resumed  # the lost node's rank
    assert len({r["step"] for r in resumed}) == 1
    for rank in (0, 1):
        final = _final(out, rank)
        assert all(torch.equal(final[k], reference[k]) for k in reference), rank  # bitwise


def _wait(pred: object, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():  # type: ignore[operator]
            return True
        time.sleep(0.1)
    return False


def _wait_value(f: object, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = f()  # type: ignore[operator]
        if v is not None:
            return int(v)
        time.sleep(0.1)
    raise AssertionError("timed out")


def _first_record(out: Path, node: str) -> dict[str, object] | None:
    for p in out.glob("restore_rank*_attempt0.json"):
        r = json.loads(p.read_text())
        if r["node"] == node:
            return {**r, "rank": int(p.name.split("_")[1].removeprefix("rank"))}
    return None


def _rank_on(out: Path, node: str) -> int | None:
    r = _first_record(out, node)
    return None if r is None else int(r["rank"])  # type: ignore[call-overload]


def _pid_of(out: Path, node: str) -> int:
    r = _first_record(out, node)
    assert r is not None
    return int(r["pid"])  # type: ignore[call-overload]


def _holder_dir(run_id: str, node: str) -> Path:
    base = Path("/dev/shm") / f"kintsugi-ckpt-{os.getuid()}"
    _wait_value(lambda: len(list(base.glob(f"{run_id}-*-{node}"))) or None, 30)
    return next(base.glob(f"{run_id}-*-{node}"))


def _has_copy(d: Path, rank: int) -> bool:
    return any(d.glob(f"peer_{rank:05d}_*.bin"))
