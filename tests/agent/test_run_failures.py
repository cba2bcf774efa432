"""``kintsugi run`` against real failures: real processes, gloo, no mocks of torch.distributed."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from conftest import run_job

pytestmark = pytest.mark.slow


def exits(r: object) -> list[dict[str, object]]:
    return [e.data | {"rank": e.rank} for e in r.events() if e.kind.value == "rank_exit"]  # type: ignore[attr-defined]


def test_killed_rank_is_restarted_from_checkpoint(tmp_path: Path) -> None:
    r = run_job(tmp_path, steps=20, inject="kill:step=12,rank=1")
    assert r.code == 0, r.output
    first = [x for x in exits(r) if x["first"]]
    assert first[0]["rank"] == 1 and first[0]["signal"] == "SIGKILL"
    loaded = [e for e in r.events() if e.kind.value == "checkpoint_loaded"]
    assert loaded and loaded[0].data["step"] == 9
    assert r.kinds().count("attempt_start") == 2 and "diagnosis" in r.kinds()
    # The restart ran in the warm standby interpreters, not in fresh processes. (The first
    # launch is cold unless the rendezvous kept it waiting long enough to warm standbys.)
    starts = [e.data["warm_workers"] for e in r.events() if e.kind.value == "attempt_start"]
    assert starts[1:] == [2]


def test_cold_restart_without_standbys(tmp_path: Path) -> None:
    r = run_job(tmp_path, steps=20, inject="kill:step=12,rank=1", extra=("--no-warm-standby",))
    assert r.code == 0, r.output
    starts = [e.data["warm_workers"] for e in r.events() if e.kind.value == "attempt_start"]
    assert starts == [0, 0]


def test_python_exception_is_reported_with_traceback(tmp_path: Path) -> None:
    r = run_job(tmp_path, steps=20, inject="raise:step=7,rank=0")
    assert r.code == 0, r.output
    x = next(x for x in exits(r) if x["first"])
    assert x["exc_type"] == "InjectedFault" and "Traceback" in str(x["traceback"])
    assert x["step"] == 6


def test_segfault(tmp_path: Path) -> None:
    r = run_job(tmp_path, steps=20, inject="segfault:step=6,rank=1")
    assert r.code == 0, r.output
    assert next(x for x in exits(r) if x["first"])["signal"] == "SIGSEGV"


def test_sigstop_hang_is_detected_with_stacks(tmp_path: Path) -> None:
    r = run_job(tmp_path, steps=40, inject="sigstop:step=25,rank=1")
    assert r.code == 0, r.output
    hang = next(e for e in r.events() if e.kind.value == "hang_detected")
    assert hang.data["stopped_ranks"] == [1] and hang.data["suspect_rank"] == 1
    assert hang.data["phase"] == "step"


def test_hang_inside_a_collective_names_the_culprit(tmp_path: Path) -> None:
    # Rank 1 sleeps inside its step; rank 0 waits for it inside all_reduce.
    r = run_job(tmp_path, steps=40, inject="hang:step=25,rank=1")
    assert r.code == 0, r.output
    hang = next(e for e in r.events() if e.kind.value == "hang_detected")
    stacks = hang.data["stacks"]
    assert "inject.py" in stacks["1"] and "all_reduce" in stacks["0"]
    assert hang.data["suspect_rank"] == 1
    assert (r.run_dir / "stacks" / "attempt_0" / "rank_0.txt").stat().st_size > 0
    # gloo's flight recorder: rank 1 never entered the collective rank 0 waits in.
    assert hang.data["flight_recorder_ranks"] == [0, 1]
    assert hang.data["flight_recorder_lagging"] == [1]


def test_deterministic_exception_stops_instead_of_looping(tmp_path: Path) -> None:
    r = run_job(tmp_path, steps=20, inject="raise:step=7,rank=0,attempt=*")
    assert r.code != 0
    stop = next(e for e in r.events() if e.kind.value == "stop_decided")
    assert r.kinds().count("attempt_start") <= 2
    assert "deterministic" in stop.data["reason"] or "diagnosis" in stop.data["reason"]
    assert "InjectedFault" in r.output


def test_restart_budget_exhausted(tmp_path: Path) -> None:
    r = run_job(
        tmp_path,
        steps=30,
        inject="kill:step=4,rank=0;kill:step=12,rank=0,attempt=1",
        extra=("--max-restarts", "1"),
    )
    assert r.code != 0
    stop = next(e for e in r.events() if e.kind.value == "stop_decided")
    assert "budget" in stop.data["reason"]


def test_faulty_run_ends_bitwise_equal_to_a_fault_free_run(tmp_path: Path) -> None:
    """The strongest invariant: crashes and hangs change nothing in the final parameters."""
    clean = run_job(
        tmp_path, steps=40, name="clean", script_args=("--out", str(tmp_path / "clean.pt"))
    )
    faulty = run_job(
        tmp_path,
        steps=40,
        name="faulty",
        inject="kill:step=13,rank=1;hang:step=27,rank=0,attempt=1",
        script_args=("--out", str(tmp_path / "faulty.pt")),
    )
    assert clean.code == 0 and faulty.code == 0, faulty.output
    assert faulty.kinds().count("attempt_start") == 3
    digest = [
        hashlib.sha256((tmp_path / f).read_bytes()).hexdigest()
        for f in ("clean.sha256", "faulty.sha256")
    ]
    assert digest[0] == digest[1]


def test_live_diagnosis_alerts_a_real_webhook(tmp_path: Path) -> None:
    import json
    import threading
    from http.server import BaseHTTPRequestHandler, HTTPServer

    received: list[dict[str, object]] = []

    class Hook(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            received.append(json.loads(body))
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/hook"
        r = run_job(
            tmp_path,
            steps=20,
            inject="kill:step=12,rank=1",
            extra=("--alert", f"log,webhook={url}"),
        )
    finally:
        server.shutdown()
    assert r.code == 0, r.output
    assert len(received) == 1 and "SIGKILL" in json.dumps(received[0])
    kinds = r.kinds()
    # The verdict comes before recovery acts, and the alert is recorded.
    assert kinds.index("diagnosis") < kinds.index("restart_decided")
    alerts = [e.data for e in r.events() if e.kind.value == "alert"]
    assert {a["sink"] for a in alerts} == {"log", "webhook"} and all(a["ok"] for a in alerts)
