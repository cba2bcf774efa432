"""What a new user and a hostile tester broke in the first hour (issue 7), each on real processes."""

from __future__ import annotations

import http.server
import os
import signal
import stat
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import kintsugi_cmd, run_events, wait_for

pytestmark = pytest.mark.slow
JOB = Path(__file__).resolve().parents[1] / "scripts" / "tiny_job.py"


def run(
    tmp: Path,
    *job_args: str,
    extra: tuple[str, ...] = (),
    timeout: float = 180,
    report: bool = False,
) -> tuple[subprocess.CompletedProcess[str], Path]:
    run_dir = tmp / f"run-{uuid.uuid4().hex[:6]}"
    cmd = kintsugi_cmd(
        "run",
        "--nproc-per-node",
        "2",
        "--run-dir",
        str(run_dir),
        "--hang-floor-seconds",
        "3",
        "--node-name",
        "n0",
        *(() if report else ("--no-report",)),
        *extra,
        str(JOB),
        *job_args,
    )
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=tmp)
    return p, run_dir


def test_log_text_with_markup_and_escapes_prints_literally(tmp_path: Path) -> None:
    p, run_dir = run(tmp_path, "--raise-at", "7", "--raise-attempts", "first", report=True)
    assert p.returncode == 0, p.stderr[-3000:]
    assert "Traceback" not in p.stderr.split("kintsugi report")[-1]
    assert "MarkupError" not in p.stderr
    assert "[/__w/pytorch/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:537]" in p.stderr
    # The OSC title sequence and the clear-screen never reach the terminal raw from kintsugi
    # (the rank's own output, tee'd as torchrun does under "[default0]:", is the program's).
    ours = [ln for ln in p.stderr.splitlines() if not ln.startswith("[default")]
    assert not any("\x1b" in ln or "\x07" in ln for ln in ours), ours
    out = subprocess.run(
        kintsugi_cmd("report", str(run_dir)), capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert "\x1b" not in out.stdout and "[bold]x[/bold]" in out.stdout


def test_tensor_and_numpy_steps_are_accepted(tmp_path: Path) -> None:
    p, run_dir = run(tmp_path, "--tensor-step", "--steps", "12")
    assert p.returncode == 0, p.stderr[-3000:]
    ends = [e["data"] for e in run_events(run_dir) if e["kind"] == "attempt_end"]
    assert ends == [ends[0]] and ends[0]["max_step"] == 11, ends  # type: ignore[index]


def test_restarted_ranks_see_the_environment_at_import(tmp_path: Path) -> None:
    probe = tmp_path / "probe.txt"
    p, _ = run(
        tmp_path,
        "--probe",
        str(probe),
        "--raise-at",
        "7",
        "--raise-attempts",
        "first",
    )
    assert p.returncode == 0, p.stderr[-3000:]
    seen = sorted(probe.read_text().split("\n")[:-1])
    # attempt 1 ran in warm standbys, and its module saw LOCAL_RANK just as attempt 0 did.
    assert seen == ["0 0", "0 1", "1 0", "1 1"], seen


def test_long_exception_message_keeps_its_type_and_stops(tmp_path: Path) -> None:
    p, run_dir = run(tmp_path, "--raise-at", "3", "--message", "big-keys")
    assert p.returncode != 0
    ev = run_events(run_dir)
    first = [e for e in ev if e["kind"] == "rank_exit" and e["data"].get("first")]  # type: ignore[union-attr]
    assert first[0]["data"]["exc_type"] == "RuntimeError"  # type: ignore[index]
    assert "Missing key(s) in state_dict" in first[0]["data"]["message"]  # type: ignore[index]
    diag = [e["data"] for e in ev if e["kind"] == "diagnosis"]
    assert all(d["layer"] != "infrastructure" for d in diag), diag  # type: ignore[index]
    # Stopped at once or after the same failure recurred: never five attempts.
    assert sum(e["kind"] == "attempt_start" for e in ev) <= 2


def test_ranks_die_with_their_agent(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    cmd = kintsugi_cmd(
        "run",
        "--nproc-per-node",
        "2",
        "--run-dir",
        str(run_dir),
        "--no-report",
        str(JOB),
        "--steps",
        "100000",
        "--sleep",
        "0.01",
    )
    agent = subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert wait_for(lambda: any(e["kind"] == "step" for e in run_events(run_dir)), 90)
        pids = [
            int(x)
            for e in run_events(run_dir)
            if e["kind"] == "attempt_start"
            for x in e["data"]["pids"].values()
        ]  # type: ignore[union-attr]
        ipc_dirs = {_ipc_dir(pid) for pid in pids}
        assert all(d is not None and d.exists() for d in ipc_dirs)
        agent.send_signal(signal.SIGKILL)
        agent.wait(timeout=10)
        assert wait_for(lambda: not any(_alive(pid) for pid in pids), 10), (
            "ranks outlived the agent"
        )
        assert all(d is not None and not d.exists() for d in ipc_dirs)
    finally:
        if agent.poll() is None:
            agent.kill()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _ipc_dir(pid: int) -> Path | None:
    # The agent's private socket directory, as the rank was told in its environment.
    env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    sock = next((v for v in env if v.startswith(b"KINTSUGI_IPC_SOCKET=")), None)
    return Path(sock.split(b"=", 1)[1].decode()).parent if sock else None


class _Silent(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        time.sleep(60)  # accepts and never answers

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def silent_webhook() -> Iterator[str]:
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Silent)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}/services/T0/B0/SECRETTOKEN"
    finally:
        srv.shutdown()


def test_a_silent_webhook_does_not_slow_recovery_nor_leak_its_token(
    tmp_path: Path, silent_webhook: str
) -> None:
    p, run_dir = run(
        tmp_path,
        "--raise-at",
        "7",
        "--raise-attempts",
        "first",
        extra=("--alert", f"log,webhook={silent_webhook}"),
    )
    assert p.returncode == 0, p.stderr[-3000:]
    assert "SECRETTOKEN" not in p.stdout + p.stderr
    ev = run_events(run_dir)
    decided = next(e["ts"] for e in ev if e["kind"] == "restart_decided")
    diag = next(e["ts"] for e in ev if e["kind"] == "diagnosis")
    assert float(decided) - float(diag) < 2.0  # type: ignore[arg-type]


def test_run_dir_and_store_are_private(tmp_path: Path) -> None:
    p, run_dir = run(tmp_path, "--steps", "6")
    assert p.returncode == 0, p.stderr[-3000:]
    assert stat.S_IMODE(run_dir.stat().st_mode) == 0o700
    assert stat.S_IMODE((run_dir / "events.db").stat().st_mode) == 0o600


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small tmpfs needs root")
def test_full_disk_is_reported_not_hidden(tmp_path: Path) -> None:
    mnt = tmp_path / "small"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(mnt)]).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        run_dir = mnt / "run"
        cmd = kintsugi_cmd(
            "run",
            "--nproc-per-node",
            "2",
            "--run-dir",
            str(run_dir),
            "--no-report",
            "--checkpoint-dir",
            str(tmp_path / "ckpt"),
            str(JOB),
            "--steps",
            "400",
            "--sleep",
            "0.002",
        )
        # Fill the disk as soon as the run directory exists.
        proc = subprocess.Popen(
            cmd, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        assert wait_for(lambda: (run_dir / "events.db").exists(), 60)
        fd = os.open(mnt / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(fd, b"\0" * 4096):
                pass
        except OSError:
            pass  # ENOSPC: the disk is full now
        finally:
            os.close(fd)
        _, err = proc.communicate(timeout=180)
        assert proc.returncode != 0, err[-2000:]
        assert "could not be stored" in err
    finally:
        subprocess.run(["umount", "-l", str(mnt)])


@pytest.mark.parametrize(
    "flags",
    [
        ("--hang-floor-seconds", "nan"),
        ("--backoff-seconds", "inf"),
        ("--step-sample-seconds", "nan"),
        ("--section-timeout", "ckpt=nan"),
        ("--monitor-interval", "nan"),
        ("--inject", "kill:time=nan"),
        ("--inject", "hang:step=3,seconds=-1"),
        ("--inject", "exit:step=3,code=300"),
        ("--inject", "kill:step=3,attempt=-1"),
        ("--nproc-per-node", "0"),
        ("--nproc-per-node", "abc"),
    ],
)
def test_bad_numbers_are_one_line_and_leave_nothing(tmp_path: Path, flags: tuple[str, str]) -> None:
    run_dir = tmp_path / "run"
    p = subprocess.run(
        kintsugi_cmd("run", "--run-dir", str(run_dir), *flags, str(JOB)),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert p.returncode == 2, p.stderr
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr, p.stderr
    assert not run_dir.exists()


def test_sigterm_with_a_stopped_rank_ends_promptly(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    cmd = kintsugi_cmd(
        "run",
        "--nproc-per-node",
        "2",
        "--run-dir",
        str(run_dir),
        "--no-report",
        "--hang-floor-seconds",
        "120",
        "--inject",
        "sigstop:step=5,rank=1",
        str(JOB),
        "--steps",
        "100000",
        "--sleep",
        "0.01",
    )
    agent = subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert wait_for(lambda: any(e["kind"] == "fault_injected" for e in run_events(run_dir)), 90)
        time.sleep(0.5)
        t0 = time.monotonic()
        agent.send_signal(signal.SIGTERM)
        agent.wait(timeout=60)
        # elastic's grace period is 30 s; a stopped rank must not make us wait for it.
        assert time.monotonic() - t0 < 15
    finally:
        if agent.poll() is None:
            agent.kill()


def test_store_deleted_mid_run_is_said_not_hidden(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    cmd = kintsugi_cmd(
        "run",
        "--nproc-per-node",
        "2",
        "--run-dir",
        str(run_dir),
        str(JOB),
        "--steps",
        "150",
        "--sleep",
        "0.02",
    )
    agent = subprocess.Popen(
        cmd, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert wait_for(lambda: any(e["kind"] == "step" for e in run_events(run_dir)), 90)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{run_dir / 'events.db'}{suffix}").unlink(missing_ok=True)
    _, err = agent.communicate(timeout=180)
    assert agent.returncode != 0
    assert "no longer holds this run's record" in err or "no event store" in err, err[-2000:]
