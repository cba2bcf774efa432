"""The node agent: torch.distributed.elastic's ``LocalElasticAgent`` plus kintsugi's loop.

Elastic launches the ranks, runs the c10d rendezvous across nodes and restarts the group; this
class adds what elastic lacks: hang detection from heartbeats, stack dumps before a kill, fault
injection, events for every fact, a diagnosis before every recovery, and a restart policy that
stops on deterministic bugs instead of looping.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import time
from pathlib import Path
from typing import Any

from torch.distributed.elastic.agent.server.api import RunResult, WorkerGroup, WorkerState
from torch.distributed.elastic.agent.server.local_elastic_agent import LocalElasticAgent
from torch.distributed.elastic.multiprocessing import LogsSpecs
from torch.distributed.elastic.rendezvous import RendezvousClosedError

from kintsugi.agent import stacks
from kintsugi.agent.config import AgentConfig
from kintsugi.agent.ipc_server import IpcServer
from kintsugi.agent.progress import Hang, ProgressTracker
from kintsugi.agent.recorder import Recorder
from kintsugi.agent.warm_pool import WarmPool
from kintsugi.events import Diagnosis, Event, EventKind
from kintsugi.notify import AlertSink
from kintsugi.recover.policy import AttemptOutcome, Decision, DecisionKind, decide
from kintsugi.runtime.core import ENV_ATTEMPT, ENV_NODE, ENV_RUN_DIR, PRELOAD_FILE
from kintsugi.runtime.inject import Fault, FaultKind

log = logging.getLogger("kintsugi.agent")

_LOG_TAIL_LINES = 50
EXIT_EXCLUDED = 3
"""Exit code of an agent whose node was excluded as the culprit; the job goes on elsewhere."""


class StopRun(Exception):
    """The policy (or another node) ended the run; carries the verdict."""

    def __init__(self, reason: str, exit_code: int = 1, leave: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.exit_code = exit_code
        self.leave = leave
        """This node leaves a job that goes on without it (it was named the culprit)."""


class KintsugiAgent(LocalElasticAgent):
    """A ``LocalElasticAgent`` whose run loop detects, diagnoses and recovers."""

    def __init__(
        self,
        spec: Any,
        logs_specs: LogsSpecs,
        start_method: str,
        config: AgentConfig,
        recorder: Recorder,
        sinks: list[AlertSink],
        log_line_prefix_template: str | None = None,
    ) -> None:
        super().__init__(
            spec=spec,
            logs_specs=logs_specs,
            start_method=start_method,
            log_line_prefix_template=log_line_prefix_template,
        )
        self.kcfg = config
        self.rec = recorder
        self.sinks = sinks
        self.ipc = IpcServer()
        self.pool = (
            WarmPool(spec.local_world_size, str(config.run_dir / PRELOAD_FILE))
            if config.warm_standby and WarmPool.supported()
            else None
        )
        if config.warm_standby and self.pool is None:
            log.warning("kintsugi: this torch has no worker-spawn hook; restarts start cold")
        # Load the signature library now, not in the middle of the first failure.
        from kintsugi.diagnose.signatures import default_signatures

        default_signatures()
        self.tracker = ProgressTracker(config.hang)
        self.attempt = -1
        self.restarts = 0
        self.outcomes: list[AttemptOutcome] = []
        self.verdict: str | None = None
        self.history = _load_history(config)
        """Past diagnoses from the store (other runs): recurrence across jobs is evidence."""
        self._attempt_t0 = time.monotonic()
        self._exits: dict[int, tuple[float, int]] = {}
        self._exceptions: dict[int, dict[str, Any]] = {}
        self._start_step: int | None = None
        self._pool_filled = False
        self._last_sample: dict[int, float] = {}
        self._pending_outside: list[Fault] = []
        self._last_closed_check = 0.0
        os.environ.update(self.ipc.env())
        os.environ[ENV_NODE] = config.node
        os.environ[ENV_RUN_DIR] = str(config.run_dir)
        if config.inject_spec:
            os.environ["KINTSUGI_INJECT"] = config.inject_spec
        if config.checkpoint_dir is not None:
            os.environ["KINTSUGI_CHECKPOINT_DIR"] = str(config.checkpoint_dir)

    # --- elastic hooks -------------------------------------------------------------------

    def _initialize_workers(self, worker_group: WorkerGroup) -> None:
        self.attempt += 1
        self.rec.attempt = self.attempt
        os.environ[ENV_ATTEMPT] = str(self.attempt)
        self.ipc.drain()  # stale messages of the previous attempt's dying ranks
        served = self.pool.served if self.pool is not None else 0
        super()._initialize_workers(worker_group)
        if self.kcfg.rdzv_port and stacks.listens_on(self.kcfg.rdzv_port):
            # This agent hosts the rendezvous store: excluding this node would end the job.
            self.kcfg.policy.can_exclude = False
        now = time.monotonic()
        self._attempt_t0 = now
        self._exits.clear()
        self._exceptions.clear()
        self._start_step = None
        self._pool_filled = False
        ranks = [w.global_rank for w in worker_group.workers]
        self.tracker.start_attempt(ranks, now)
        self._pending_outside = [
            f
            for f in self.kcfg.faults
            if f.outside() and any(f.applies(r, self.kcfg.node, self.attempt) for r in ranks)
        ]
        self.rec.emit(
            EventKind.ATTEMPT_START,
            world_size=worker_group.workers[0].world_size if worker_group.workers else 0,
            group_rank=worker_group.group_rank or 0,
            ranks=ranks,
            pids={str(w.global_rank): w.id for w in worker_group.workers},
            warm_workers=(self.pool.served - served) if self.pool is not None else 0,
        )

    def _start_workers(self, worker_group: WorkerGroup) -> dict[int, Any]:
        if self.pool is None:
            return super()._start_workers(worker_group)  # type: ignore[no-any-return]
        with self.pool.launching():
            return super()._start_workers(worker_group)  # type: ignore[no-any-return]

    def _invoke_run(self, role: str = "default") -> RunResult:
        wg = self._worker_group
        self._initialize_workers(wg)
        while True:
            time.sleep(self.kcfg.monitor_interval_s)
            self._handle_messages()
            self._fire_outside_faults()
            self._poll_exits()
            result = self._monitor_workers(wg)
            wg.state = result.state
            if result.state == WorkerState.SUCCEEDED:
                self._handle_messages()
                self._end_attempt("succeeded")
                self._exit_barrier()  # type: ignore[no-untyped-call]
                return result  # type: ignore[no-any-return]
            if result.state in {WorkerState.UNHEALTHY, WorkerState.FAILED}:
                self._handle_messages()
                outcome, diagnosis = self._on_crash(result)
                if not self._recover(outcome, diagnosis):
                    return result  # type: ignore[no-any-return]
                continue
            hang = self.tracker.check(time.monotonic())
            if hang is not None:
                outcome, diagnosis = self._on_hang(hang)
                if not self._recover(outcome, diagnosis):
                    return RunResult(state=WorkerState.FAILED)
                continue
            if self._peer_failed():
                self._end_attempt("peer")
                self.outcomes.append(self._outcome("peer", None))
                self._restart("peer", "another node left or joined the rendezvous", 0.0)

    # --- monitoring ----------------------------------------------------------------------

    def _worker_pids(self) -> dict[int, int]:
        return {w.global_rank: int(w.id) for w in self._worker_group.workers if w.id is not None}

    def _poll_exits(self) -> None:
        """Records when each rank exited, before elastic tears the group down."""
        pc = self._pcontext
        handlers = getattr(pc, "subprocess_handlers", None) or {}
        for local_rank, h in handlers.items():
            rank = self._worker_group.workers[local_rank].global_rank
            if rank in self._exits:
                continue
            rc = h.proc.poll()
            if rc is not None:
                self._exits[rank] = (time.time(), rc)

    def _handle_messages(self) -> None:
        now = time.monotonic()
        for m in self.ipc.drain():
            kind = m.get("t")
            rank = m.get("rank")
            if not isinstance(rank, int):
                continue
            if kind == "step":
                step = int(m.get("step", 0))
                if self._start_step is None:
                    self._start_step = step - 1
                if self.pool is not None and not self._pool_filled:
                    # Training runs: now standbys for the next restart cost nothing.
                    self._pool_filled = True
                    self.pool.fill()
                first = self.tracker.ranks.get(rank) is None or (
                    self.tracker.ranks[rank].last_step is None
                )
                dt = m.get("dt")
                self.tracker.on_step(rank, step, float(dt) if dt is not None else None, now)
                loss = m.get("loss")
                bad_loss = isinstance(loss, str)
                last = self._last_sample.get(rank, 0.0)
                if first or bad_loss or now - last >= self.kcfg.step_sample_s:
                    self._last_sample[rank] = now
                    data: dict[str, Any] = {"step": step, "step_time_s": float(dt or 0.0)}
                    if loss is not None:
                        data["loss"] = loss
                    if m.get("metrics"):
                        data["metrics"] = m["metrics"]
                    if first:
                        data["first"] = True
                    self.rec.emit(EventKind.STEP, rank=rank, **data)
            elif kind == "hello":
                self.tracker.on_hello(rank, int(m.get("pid", 0)), now)
            elif kind == "section":
                self.tracker.on_section(
                    rank,
                    str(m.get("name")),
                    bool(m.get("enter")),
                    m.get("timeout_s"),
                    now,
                )
            elif kind == "exit":
                self.tracker.on_exit(rank, now)
            elif kind == "exception":
                self._exceptions[rank] = m
            elif kind == "fault":
                self.rec.emit(
                    EventKind.FAULT_INJECTED,
                    rank=rank,
                    fault=str(m.get("fault")),
                    spec=str(m.get("spec")),
                )
            elif kind in ("ckpt_saved", "ckpt_loaded") and rank == 0:
                ek = (
                    EventKind.CHECKPOINT_SAVED
                    if kind == "ckpt_saved"
                    else EventKind.CHECKPOINT_LOADED
                )
                self.rec.emit(
                    ek,
                    rank=rank,
                    step=int(m.get("step", 0)),
                    duration_s=float(m.get("duration_s", 0.0)),
                    path=str(m.get("path", "")),
                )
                if kind == "ckpt_loaded":
                    self._start_step = int(m.get("step", 0))

    def _fire_outside_faults(self) -> None:
        if not self._pending_outside:
            return
        elapsed = time.monotonic() - self._attempt_t0
        pids = self._worker_pids()
        for f in list(self._pending_outside):
            if f.time_s is None or elapsed < f.time_s:
                continue
            self._pending_outside.remove(f)
            sig = signal.SIGKILL if f.kind is FaultKind.KILL else signal.SIGSTOP
            for rank, pid in pids.items():
                if f.applies(rank, self.kcfg.node, self.attempt):
                    self.rec.emit(
                        EventKind.FAULT_INJECTED, rank=rank, fault=f.kind.value, spec=f.text
                    )
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, sig)

    def _peer_failed(self) -> bool:
        handler = self._worker_group.spec.rdzv_handler
        now = time.monotonic()
        if now - self._last_closed_check >= 1.0:
            self._last_closed_check = now
            if handler.is_closed():
                self._stop_workers(self._worker_group)
                raise StopRun("the run was stopped by another node (see its verdict)")
        # A waiting node is admitted only if the job can grow; at its largest size the waiting
        # node is a spare, and restarting for it would only re-form the same group forever.
        group = self._worker_group.group_world_size or 0
        return group < self.kcfg.max_nodes and bool(handler.num_nodes_waiting() > 0)

    # --- failures ------------------------------------------------------------------------

    def _on_crash(self, result: RunResult) -> tuple[AttemptOutcome, Diagnosis | None]:
        failures = result.failures
        exited = {r: v for r, v in self._exits.items() if r in failures or v[1] != 0}
        first_rank = min(exited, key=lambda r: exited[r][0]) if exited else None
        signature: str | None = None
        for rank, failure in sorted(failures.items()):
            ts, code = exited.get(rank, (None, failure.exitcode))
            terminated = rank not in exited
            exc = self._exceptions.get(rank, {})
            sig_name = _signal_name(code)
            tb = exc.get("traceback") or _error_file_traceback(failure.error_file_data)
            exc_type = exc.get("exc_type") or _exc_type_from(failure.message, tb)
            message = exc.get("message")
            rp = self.tracker.ranks.get(rank)
            step = exc.get("step") if exc else (rp.last_step if rp else None)
            if rank == first_rank:
                detected_after = time.time() - (ts or time.time())
                signature = _signature(exc_type, message, sig_name, step)
            else:
                detected_after = None
            self.rec.emit(
                EventKind.RANK_EXIT,
                rank=rank,
                ts=ts,
                exitcode=int(code),
                signal=sig_name,
                exc_type=exc_type,
                message=message,
                traceback=tb,
                step=step,
                log_tail=self._log_tail(result, rank),
                first=rank == first_rank,
                terminated_by_agent=terminated,
                detected_after_s=detected_after,
                pid=failure.pid,
            )
            if rank == first_rank:
                log.error(
                    "kintsugi[%s]: rank %d failed: %s",
                    self.kcfg.node,
                    rank,
                    f"{exc_type}: {message}" if exc_type else f"exit code {code} ({sig_name})",
                )
        self._end_attempt("crash")
        outcome = self._outcome("crash", signature)
        return outcome, self._diagnose()

    def _on_hang(self, hang: Hang) -> tuple[AttemptOutcome, Diagnosis | None]:
        pids = self._worker_pids()
        stopped = [r for r, pid in pids.items() if stacks.process_state(pid) == "T"]
        stack_dir = self.kcfg.run_dir / "stacks" / f"attempt_{self.attempt}"
        dumped = stacks.dump_stacks(pids, stack_dir)
        suspect = stacks.suspect(dumped, stopped)
        fr_dir = self.kcfg.run_dir / "flight_recorder" / f"attempt_{self.attempt}"
        fr_ranks = stacks.dump_flight_recorders(
            list(pids), os.path.dirname(self.ipc.path), self.ipc.key, fr_dir
        )
        lagging = stacks.flight_recorder_laggards(fr_dir, fr_ranks)
        if suspect is None and len(lagging) == 1:
            suspect = lagging[0]
        step = self.tracker.max_step()
        self.rec.emit(
            EventKind.HANG_DETECTED,
            silent_s=round(hang.silent_s, 3),
            timeout_s=round(hang.timeout_s, 3),
            phase=hang.phase,
            ranks=list(hang.ranks),
            stopped_ranks=stopped,
            stacks={str(r): s for r, s in dumped.items()},
            stacks_dir=str(stack_dir),
            flight_recorder_dir=str(fr_dir) if fr_ranks else None,
            flight_recorder_ranks=fr_ranks,
            flight_recorder_lagging=lagging,
            suspect_rank=suspect,
            step=step,
            learned_timeout_s=self.tracker.learned_timeout_s(),
        )
        log.error(
            "kintsugi[%s]: ranks %s silent for %.1f s (limit %.1f s, %s); stacks in %s",
            self.kcfg.node,
            list(hang.ranks),
            hang.silent_s,
            hang.timeout_s,
            hang.phase,
            stack_dir,
        )
        # Hung ranks will not exit on SIGTERM in time; they get SIGKILL.
        if self._pcontext is not None:
            self._pcontext.close(signal.SIGKILL, timeout=5)
        self._end_attempt("hang")
        return self._outcome("hang", None), self._diagnose()

    def _diagnose(self) -> Diagnosis | None:
        try:
            from kintsugi.diagnose import diagnose_events

            d = diagnose_events(self.rec.local, history=self.history)
        except Exception as e:
            log.exception("kintsugi: diagnosis failed: %s", e)
            return None
        self.rec.emit(
            EventKind.DIAGNOSIS,
            category=d.category.value,
            action=d.action.value,
            summary=d.summary,
            layer=d.layer.value,
            culprit=d.culprit.to_dict() if d.culprit else None,
            confidence=d.confidence,
            evidence=[e.to_dict() for e in d.evidence[:10]],
        )
        for sink in self.sinks:
            ok = sink.send(d, self.rec.run_id, {"node": self.kcfg.node, "attempt": self.attempt})
            self.rec.emit(EventKind.ALERT, sink=sink.name, ok=bool(ok))
        return d

    def _outcome(self, failure: str, signature: str | None) -> AttemptOutcome:
        return AttemptOutcome(
            attempt=self.attempt,
            failure=failure,
            signature=signature,
            start_step=self._start_step,
            max_step=self.tracker.max_step(),
        )

    def _end_attempt(self, outcome: str) -> None:
        self.rec.emit(
            EventKind.ATTEMPT_END,
            outcome=outcome,
            max_step=self.tracker.max_step(),
            start_step=self._start_step,
            learned_timeout_s=self.tracker.learned_timeout_s(),
        )

    # --- recovery ------------------------------------------------------------------------

    def _recover(self, outcome: AttemptOutcome, diagnosis: Diagnosis | None) -> bool:
        """Restarts (returns True) or stops (raises StopRun / returns False)."""
        self.outcomes.append(outcome)
        d = decide(self.outcomes, diagnosis, self.restarts, self.kcfg.policy, self.kcfg.node)
        return self._carry_out(d)

    def _carry_out(self, d: Decision) -> bool:
        if d.kind is DecisionKind.RESTART:
            self._restart(self.outcomes[-1].failure, d.reason, d.backoff_s)
            return True
        self._stop_workers(self._worker_group)
        self.rec.emit(EventKind.STOP_DECIDED, reason=d.reason, decision=d.kind.value)
        self.verdict = d.reason
        if d.kind is DecisionKind.STOP:
            # Tell the other nodes: their next rendezvous fails fast instead of waiting.
            self._worker_group.spec.rdzv_handler.set_closed()  # type: ignore[no-untyped-call]
        if d.kind is DecisionKind.LEAVE:
            log.error("kintsugi[%s]: leaving the job: %s", self.kcfg.node, d.reason)
            raise StopRun(d.reason, exit_code=EXIT_EXCLUDED, leave=True)
        log.error("kintsugi[%s]: stopping: %s", self.kcfg.node, d.reason)
        raise StopRun(d.reason)

    def _restart(self, failure: str, reason: str, backoff_s: float) -> None:
        self.rec.emit(
            EventKind.RESTART_DECIDED,
            reason=reason,
            backoff_s=backoff_s,
            failure=failure,
            restarts=self.restarts + (failure != "peer"),
        )
        if failure != "peer":
            self.restarts += 1
            # Keeps TORCHELASTIC_RESTART_COUNT right for scripts that read it.
            self._remaining_restarts = max(0, self._remaining_restarts - 1)
        log.warning("kintsugi[%s]: restarting (%s)", self.kcfg.node, reason)
        if backoff_s > 0:
            time.sleep(backoff_s)
        try:
            self._restart_workers(self._worker_group)
        except RendezvousClosedError:
            self.verdict = "the run was stopped by another node (see its verdict)"
            raise StopRun(self.verdict) from None

    def _log_tail(self, result: RunResult, rank: int) -> str:
        local = next(
            (w.local_rank for w in self._worker_group.workers if w.global_rank == rank), None
        )
        pc = self._pcontext
        paths = getattr(pc, "stderrs", {}) if pc is not None else {}
        path = paths.get(local) if local is not None else None
        if not path:
            return ""
        return tail(Path(path), _LOG_TAIL_LINES)

    def close(self) -> None:
        self.ipc.close()
        if self.pool is not None:
            self.pool.close()


def _load_history(config: AgentConfig, limit: int = 5000) -> list[Event]:
    """Diagnoses of earlier runs in the store (best effort: a store that is down gives none)."""
    from kintsugi.store import StoreError, open_store

    try:
        with open_store(config.store_url) as store:
            past = store.events(kinds=[EventKind.DIAGNOSIS])
    except StoreError as e:
        log.warning("kintsugi: no failure history (store unavailable: %s)", e)
        return []
    return [e for e in past if e.run_id != config.run_id][-limit:]


def tail(path: Path, lines: int) -> str:
    """The last ``lines`` lines of a (possibly large) text file."""
    try:
        with path.open("rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - 64 * 1024))
            data = f.read()
    except OSError:
        return ""
    return "\n".join(data.decode("utf-8", errors="replace").splitlines()[-lines:])


def _signal_name(code: int) -> str | None:
    if code >= 0:
        return None
    try:
        return signal.Signals(-code).name
    except ValueError:
        return f"SIG{-code}"


def _error_file_traceback(data: Any) -> str | None:
    if isinstance(data, dict):
        msg = data.get("message")
        if isinstance(msg, dict):
            tb = msg.get("extraInfo", {}).get("py_callstack")
            return str(tb) if tb else None
    return None


def _exc_type_from(message: str | None, tb: str | None) -> str | None:
    for text in (tb, message):
        if text:
            last = text.strip().splitlines()[-1] if text.strip() else ""
            head = last.split(":", 1)[0].strip()
            if head and head.replace(".", "").replace("_", "").isalnum() and " " not in head:
                return head.rsplit(".", 1)[-1]
    return None


def _signature(exc_type: str | None, message: str | None, sig: str | None, step: Any) -> str:
    what = exc_type or sig or "exit"
    if message:
        what += f": {message[:200]}"
    return f"{what} at iteration {step}"
