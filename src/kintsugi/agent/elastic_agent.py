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
import threading
import time
from pathlib import Path
from typing import Any

from torch.distributed.elastic.agent.server.api import RunResult, WorkerGroup, WorkerState
from torch.distributed.elastic.agent.server.local_elastic_agent import LocalElasticAgent
from torch.distributed.elastic.multiprocessing import LogsSpecs
from torch.distributed.elastic.rendezvous import RendezvousClosedError

from kintsugi.agent import hang_evidence, rdzv_state, stacks
from kintsugi.agent.config import AgentConfig
from kintsugi.agent.evidence import Failure, rank_exits, tail
from kintsugi.agent.exit_barrier import exit_barrier
from kintsugi.agent.ipc_server import IpcServer
from kintsugi.agent.node_health import NodeHealth, alert_diagnosis, report_diagnosis
from kintsugi.agent.peer_signal import PeerSignal
from kintsugi.agent.perf_exchange import PerfExchange
from kintsugi.agent.progress import Hang, ProgressTracker
from kintsugi.agent.recorder import Recorder
from kintsugi.agent.warm_pool import WarmPool
from kintsugi.agent.watch import (
    StepWatch,
    numeric_diagnosis,
    straggler_diagnosis,
    straggler_reason,
)
from kintsugi.events import Diagnosis, Event, EventKind
from kintsugi.notify import AlertSink
from kintsugi.notify.dispatch import AlertDispatcher
from kintsugi.recover.policy import AttemptOutcome, Decision, DecisionKind, decide
from kintsugi.runtime import lifeline
from kintsugi.runtime import messages as m
from kintsugi.runtime.bootstrap import ENV_AUTO_PROGRESS
from kintsugi.runtime.core import ENV_ATTEMPT, ENV_NAN_HOLD, ENV_NODE, ENV_RUN_DIR, PRELOAD_FILE
from kintsugi.runtime.inject import Fault, FaultKind
from kintsugi.straggle import NumericVerdict
from kintsugi.telemetry import Telemetry

log = logging.getLogger("kintsugi.agent")

_LOG_TAIL_LINES = 50
EXCEPTION_EXIT_GRACE_S = 2.0
"""How long a rank that reported its fatal exception may take to exit before we end it."""
EXIT_EXCLUDED = 3
"""Exit code of an agent whose node was excluded as the culprit; the job goes on elsewhere."""


class StopRun(Exception):
    """The policy (or another node) ended the run; carries the verdict."""

    def __init__(
        self, reason: str, exit_code: int = 1, leave: bool = False, outcome: str | None = None
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.exit_code = exit_code
        self.leave = leave
        """This node leaves a job that goes on without it (it was named the culprit)."""
        self.outcome = outcome or ("excluded" if leave else "stopped")
        """The run's outcome on this node, as its ``run_end`` event records it."""


QUICK_EPILOG_LEVEL = 2
"""The deepest epilog a node that cannot be replaced runs before it restarts in place."""

WARM_WHILE_WAITING_S = 2.0
"""How long a node waits in the rendezvous before it starts its warm standbys meanwhile
(longer than a quick round, so a plain start or restart does not pay for them twice)."""

MAKE_WAY_S = 20.0
"""How long a suspect node waits for the round to re-form with a spare in its place (the
others notice the failure within seconds) before it rejoins anyway."""

SPARE_UNUSED = "the job finished on the other nodes; this node waited as a spare"
FINISHED_ELSEWHERE = "the job finished on the other nodes while this node rejoined"
ROUND_LEFT = "a node of this round left it"


def closed_by_other(handler: Any, trained_in: int | None) -> StopRun:
    """What a node that finds the rendezvous closed was told: a stop, or the job's end.

    elastic closes the rendezvous both when a node stops the run and when the job finishes;
    a stopping node leaves its reason in the store first (``rdzv_state.record_stop``). A node
    whose ranks trained in the round the job finished in (``trained_in``, the round it last
    trained in) was rejoining after its ranks failed at the very end: its part of the job is
    done. Any other node waited unused: a spare never admitted, or a node whose place a spare
    took in a later round.
    """
    why = rdzv_state.stop_reason(handler)
    if why is not None:
        return StopRun(f"the run was stopped by {why}")
    if trained_in is not None and trained_in == rdzv_state.round_of(handler):
        return StopRun(FINISHED_ELSEWHERE, exit_code=0, outcome="succeeded")
    return StopRun(SPARE_UNUSED, exit_code=0, outcome="spare")


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
        self.alerts = AlertDispatcher(
            sinks, lambda name, ok: self.rec.emit(EventKind.ALERT, sink=name, ok=ok)
        )
        self.ipc = IpcServer()
        self.pool = (
            WarmPool(spec.local_world_size, str(config.run_dir / PRELOAD_FILE))
            if config.warm_standby and WarmPool.supported()
            else None
        )
        if config.warm_standby and self.pool is None:
            log.warning("kintsugi: torch's worker-spawn hook is missing or changed; cold restarts")
        # Load the signature library now, not in the middle of the first failure.
        from kintsugi.diagnose.signatures import default_signatures

        default_signatures()
        self.tracker = ProgressTracker(config.hang)
        self.signal = (
            PeerSignal(config.rdzv_host, config.rdzv_port, config.run_id)
            if config.max_nodes > 1 and config.rdzv_host and config.rdzv_port
            else None
        )
        """Tells the other nodes the moment this one leaves a round (peer_signal.py)."""
        self.perf = PerfExchange(config.run_id, config.node) if config.max_nodes > 1 else None
        """Stragglers judged across nodes through the rendezvous store (perf_exchange.py)."""
        self._boundary: int | None = None
        """The newest checkpoint step the exchange reported (acted on once each)."""
        self.attempt = -1
        self.trained_in: int | None = None
        """The rendezvous round this node's ranks last ran in (None: never, or unreadable)."""
        self.left_behind = False
        """The job ended while a node of its last round went back to the rendezvous."""
        self.round_members: frozenset[object] = frozenset()
        """The nodes of that round, as elastic names them (spares are the others)."""
        self.restarts = 0
        self.outcomes: list[AttemptOutcome] = []
        self.verdict: str | None = None
        self.history = _load_history(config)
        """Past diagnoses from the store (other runs): recurrence across jobs is evidence."""
        self._attempt_t0 = time.monotonic()
        self._exits: dict[int, tuple[float, int]] = {}
        self._exceptions: dict[int, m.ExceptionReport] = {}
        self._exc_deadline: dict[int, float] = {}
        self.watch = StepWatch(config.node)
        self.health = (
            NodeHealth(
                config.node,
                config.store_url,
                lambda kind, data: recorder.emit_data(kind, data),
                config.health,
            )
            if config.health is not None
            else None
        )
        self._numeric: tuple[NumericVerdict, int, str, int | None] | None = None
        self._leave_reason: str | None = None
        self._hw_alert: Diagnosis | None = None
        self.telemetry = (
            Telemetry(
                config.node,
                self._record_telemetry,
                config.telemetry,
                on_alert=self._on_alert,
            )
            if config.telemetry is not None
            else None
        )
        if self.telemetry is not None:
            self.telemetry.start()
        self._start_step: int | None = None
        self._pool_filled = False
        self._last_sample: dict[int, float] = {}
        self._pending_outside: list[Fault] = []
        self._last_closed_check = 0.0
        os.environ.update(self.ipc.env())
        os.environ[ENV_NODE] = config.node
        os.environ[lifeline.ENV_AGENT_PID] = str(os.getpid())
        os.environ[ENV_AUTO_PROGRESS] = "1" if config.auto_progress else "0"
        os.environ[ENV_NAN_HOLD] = "30"  # a rank that saw a NaN waits for us to stop it
        os.environ[ENV_RUN_DIR] = str(config.run_dir)
        if config.inject_spec:
            os.environ["KINTSUGI_INJECT"] = config.inject_spec
        if config.checkpoint_dir is not None:
            os.environ["KINTSUGI_CHECKPOINT_DIR"] = config.checkpoint_dir

    # --- elastic hooks -------------------------------------------------------------------

    def _initialize_workers(self, worker_group: WorkerGroup) -> None:
        self.attempt += 1
        self.rec.attempt = self.attempt
        os.environ[ENV_ATTEMPT] = str(self.attempt)
        self.ipc.drain()  # stale messages of the previous attempt's dying ranks
        served = self.pool.served if self.pool is not None else 0
        super()._initialize_workers(worker_group)
        if self.kcfg.hosts_rendezvous():
            # This agent hosts the rendezvous store: excluding this node would end the job.
            self.kcfg.policy.can_exclude = False
        now = time.monotonic()
        self._attempt_t0 = now
        self._exits.clear()
        self._exceptions.clear()
        self._exc_deadline.clear()
        self.watch.new_attempt()
        self._numeric = None
        self._leave_reason = None
        self._start_step = None
        self._pool_filled = False
        ranks = [w.global_rank for w in worker_group.workers]
        self.tracker.start_attempt(ranks, now)
        if self.health is not None:
            self.health.start_periodic()
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
        self.trained_in = rdzv_state.round_of(worker_group.spec.rdzv_handler)
        self.round_members = rdzv_state.members(worker_group.spec.rdzv_handler)

    def _rendezvous(self, worker_group: WorkerGroup) -> None:
        # The prolog: a node that fails its quick checks (or is cordoned) never joins.
        if self.health is not None:
            why = self.health.prolog()
            if why is not None and self.kcfg.hosts_rendezvous():
                # This agent hosts the rendezvous store: leaving would end the job for all.
                log.error(
                    "kintsugi[%s]: %s; staying, this node hosts the rendezvous", self.kcfg.node, why
                )
                why = None
            if why is not None:
                log.error("kintsugi[%s]: not joining: %s", self.kcfg.node, why)
                self.rec.emit(EventKind.STOP_DECIDED, reason=why, decision="leave")
                raise StopRun(why, exit_code=EXIT_EXCLUDED, leave=True)
        warming = self._warm_while_waiting()
        try:
            super()._rendezvous(worker_group)
        finally:
            if warming is not None:
                warming.cancel()
                warming.join()
        handler = worker_group.spec.rdzv_handler
        round_ = rdzv_state.round_of(handler)
        if round_ is not None:
            group = (worker_group.group_rank or 0, worker_group.group_world_size or 1)
            if self.signal is not None:
                self.signal.enter(round_, *group, rdzv_state.store(handler))
            if self.perf is not None:
                local = worker_group.spec.local_world_size
                self.perf.enter(round_, *group, local, rdzv_state.store(handler))

    def _warm_while_waiting(self) -> threading.Timer | None:
        """A node still in the rendezvous after ``WARM_WHILE_WAITING_S`` (a spare, or one
        waiting for the others) starts its standbys meanwhile: when a round takes it, its
        workers start warm instead of paying interpreter start-up and ``import torch``."""
        if self.pool is None:
            return None
        timer = threading.Timer(WARM_WHILE_WAITING_S, self.pool.fill)
        timer.daemon = True
        timer.start()
        return timer

    def _start_workers(self, worker_group: WorkerGroup) -> dict[int, Any]:
        if self.pool is None:
            return super()._start_workers(worker_group)  # type: ignore[no-any-return]
        with self.pool.launching():
            return super()._start_workers(worker_group)  # type: ignore[no-any-return]

    def _shutdown(self, death_sig: signal.Signals = signal.SIGTERM, timeout: int = 30) -> None:
        # A stopped (SIGSTOP) rank never handles SIGTERM: elastic would wait its whole grace
        # period for it. Kill the stopped ones at once; the others get the grace period.
        with contextlib.suppress(Exception):
            for pid in self._worker_pids().values():
                if stacks.process_state(pid) == "T":
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
        super()._shutdown(death_sig, timeout)

    def _invoke_run(self, role: str = "default") -> RunResult:
        wg = self._worker_group
        self._initialize_workers(wg)
        while True:
            time.sleep(self.kcfg.monitor_interval_s)
            self._handle_messages()
            self._fire_outside_faults()
            self._reap_excepted()
            self._poll_exits()
            result = self._monitor_workers(wg)
            wg.state = result.state
            if result.state == WorkerState.SUCCEEDED:
                self._handle_messages()
                self._end_attempt("succeeded")
                self._wait_for_the_others()
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
            if self._numeric is not None:
                outcome, diagnosis = self._on_numeric(*self._numeric)
                if not self._recover(outcome, diagnosis):
                    return RunResult(state=WorkerState.FAILED)
                continue
            self._exchange()
            if self._leave_reason is not None:
                self._leave_for_spare(self._leave_reason)
            if self.health is not None and self.health.failed is not None:
                outcome, diagnosis = self._on_health_failure()
                if not self._recover(outcome, diagnosis):
                    return RunResult(state=WorkerState.FAILED)
            elif self._hw_alert is not None:
                outcome, diagnosis = self._on_hardware_alert(self._hw_alert)
                if not self._recover(outcome, diagnosis):
                    return RunResult(state=WorkerState.FAILED)
            if self._peer_failed():
                self._end_attempt("peer")
                self.outcomes.append(self._outcome("peer", None))
                self._restart("peer", "another node left or joined the rendezvous", 0.0)

    def _wait_for_the_others(self) -> None:
        """elastic's exit barrier, but one that stops waiting for a node that will not come:
        one that stopped the run, or left the round (its ranks failed at the very end)."""
        handler = self._worker_group.spec.rdzv_handler
        last_look = 0.0

        def gone() -> str | None:
            nonlocal last_look
            if self.signal is not None and self.signal.left():
                return ROUND_LEFT
            now = time.monotonic()
            if now - last_look >= 1.0:  # a rendezvous state sync: once a second
                last_look = now
                if handler.is_closed():
                    why = rdzv_state.stop_reason(handler)
                    return f"the run was stopped by {why}" if why else "the rendezvous closed"
            return None

        try:
            why = exit_barrier(
                self._store,
                self._worker_group.group_world_size or 1,
                self._exit_barrier_timeout,
                gone,
            )
        except Exception as e:  # noqa: BLE001 - the store's host may have finished and gone
            why = f"the rendezvous store is gone ({type(e).__name__})"
        if why is not None:
            # a node that left the round goes back to the rendezvous this agent may host
            self.left_behind = why == ROUND_LEFT
            log.warning(
                "kintsugi[%s]: this node's ranks finished; not waiting for the others: %s",
                self.kcfg.node,
                why,
            )

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
        for msg in self.ipc.drain():
            try:
                self._handle(msg, now)
            except Exception:  # no message may take the agent down
                log.exception("kintsugi: error handling %s from rank %d", msg.T, msg.rank)

    def _handle(self, msg: m.Message, now: float) -> None:
        rank = msg.rank
        if isinstance(msg, m.Step):
            self._on_step(msg, now)
        elif isinstance(msg, m.Hello):
            self.tracker.on_hello(rank, msg.pid, now)
        elif isinstance(msg, m.Section):
            self.tracker.on_section(rank, msg.name, msg.enter, msg.timeout_s, now)
            if msg.name == "checkpoint" and not msg.enter and rank == 0:
                # A save by rank 0 ended (torch.save or DCP in a script that never calls
                # kintsugi's checkpoint API): a checkpoint boundary.
                step = self.tracker.max_step()
                if step is not None:
                    self._checkpoint_saved(step)
        elif isinstance(msg, m.Exit):
            if msg.last_step is not None:
                self.tracker.on_step(rank, msg.last_step, None, now)
            self.tracker.on_exit(rank, now)
        elif isinstance(msg, m.ExceptionReport):
            self._exceptions[rank] = msg
            self._exc_deadline.setdefault(rank, now + EXCEPTION_EXIT_GRACE_S)
        elif isinstance(msg, m.FaultFired):
            self.rec.emit(EventKind.FAULT_INJECTED, rank=rank, fault=msg.fault, spec=msg.spec)
        elif isinstance(msg, m.Checkpoint) and rank == 0:
            kind = EventKind.CHECKPOINT_LOADED if msg.loaded else EventKind.CHECKPOINT_SAVED
            extra: dict[str, Any] = {
                k: v
                for k, v in (
                    ("tier", msg.tier),
                    ("bytes", msg.bytes),
                    ("blocking_s", msg.blocking_s),
                )
                if v is not None
            }
            self.rec.emit(
                kind, rank=rank, step=msg.step, duration_s=msg.duration_s, path=msg.path, **extra
            )
            if msg.loaded:
                self._start_step = msg.step
            else:
                self._checkpoint_saved(msg.step)
        elif isinstance(msg, m.CheckpointInterval) and rank == 0:
            data = {f: getattr(msg, f) for f in msg.CHECKS}
            self.rec.emit_data(EventKind.CHECKPOINT_INTERVAL, data, rank=rank)
        elif isinstance(msg, m.CheckpointPersisted) and (rank == 0 or not msg.ok):
            data = {f: getattr(msg, f) for f in msg.CHECKS if getattr(msg, f) is not None}
            self.rec.emit_data(EventKind.CHECKPOINT_PERSISTED, data, rank=rank)
        elif isinstance(msg, m.NonFinite):
            data, verdict = self.watch.on_nonfinite(msg, self.attempt)
            self.rec.emit_data(EventKind.NAN, data, rank=rank)
            if verdict is not None:
                self._numeric = (verdict, rank, msg.where, msg.step)

    def _on_step(self, msg: m.Step, now: float) -> None:
        rank, step = msg.rank, msg.step
        if self._start_step is None:
            self._start_step = step - 1
        if self.pool is not None and not self._pool_filled:
            # Training runs: now standbys for the next restart cost nothing.
            self._pool_filled = True
            self.pool.fill()
        rp = self.tracker.ranks.get(rank)
        first = rp is None or rp.last_step is None
        self.tracker.on_step(rank, step, msg.dt, now)
        bad_loss = isinstance(msg.loss, str)
        last = self._last_sample.get(rank, 0.0)
        if first or bad_loss or now - last >= self.kcfg.step_sample_s:
            self._last_sample[rank] = now
            data: dict[str, Any] = {"step": step, "step_time_s": float(msg.dt or 0.0)}
            if msg.loss is not None:
                data["loss"] = msg.loss
            if msg.metrics:
                data["metrics"] = msg.metrics
            if msg.comm_s is not None:
                data["comm_s"] = msg.comm_s
            if msg.auto:
                data["auto"] = True
            if first:
                data["first"] = True
            self.rec.emit(EventKind.STEP, rank=rank, **data)
        if self.perf is not None:
            self.perf.add(rank, step, msg.dt, msg.comm_s)
        for kind, payload in self.watch.on_step(msg):
            if kind is EventKind.STRAGGLER and self.telemetry is not None:
                # Clocks, throttle reasons and temperature: is the node running hot?
                payload = {**payload, "telemetry": self.telemetry.snapshot()}
            self.rec.emit_data(kind, payload, rank=rank)

    def _checkpoint_saved(self, step: int) -> None:
        """Rank 0 saved a checkpoint at ``step`` (this agent hosts it): every node's boundary;
        a persistent straggler on this node leaves for a spare now."""
        if self.perf is not None:
            self.perf.checkpoint_saved(step)
        if self.watch.persistent is not None:
            self._leave_reason = straggler_reason(self.watch.persistent)

    def _exchange(self) -> None:
        """The cross-node straggler exchange, once a second: the judge records what it found;
        a node named persistently slow, or with a persistent finding of its own, leaves for a
        spare at the first checkpoint saved (by rank 0, on any node) after the finding."""
        if self.perf is None:
            return
        t = self.perf.tick(time.monotonic())
        for found in t.findings:
            self.rec.emit_data(EventKind.STRAGGLER, found.event_data(), rank=found.rank)
        if t.named is not None and self.watch.persistent is None:
            self.watch.persistent = t.named
        mine, boundary = self.watch.persistent, t.checkpoint_step
        if boundary is None or boundary == self._boundary:
            return  # no checkpoint saved since the last look
        self._boundary = boundary
        if mine is not None and self._leave_reason is None and boundary > mine.step:
            self._leave_reason = straggler_reason(mine)

    def _reap_excepted(self) -> None:
        """Kills a rank that reported its fatal exception but does not finish exiting.

        Interpreter teardown can block for good (a process group's destructor waiting on a
        peer that waits in a collective for this rank): the failure is already known, so the
        attempt ends as the crash it is instead of a hang on the peers.
        """
        if not self._exc_deadline:
            return
        now = time.monotonic()
        pids = self._worker_pids()
        for rank, deadline in list(self._exc_deadline.items()):
            if now < deadline:
                continue
            del self._exc_deadline[rank]
            pid = pids.get(rank)
            if pid is not None and stacks.process_state(pid) not in (None, "Z"):
                log.warning(
                    "kintsugi[%s]: rank %d hangs on its way out; killing it", self.kcfg.node, rank
                )
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)

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
        if self.signal is not None and self.signal.left():
            return True  # a node of our round failed, restarts or leaves: it told us
        # The shared state is read from the store (not cached, rdzv_poll.uncache): once a
        # second is elastic's own rate.
        now = time.monotonic()
        if now - self._last_closed_check < 1.0:
            return False
        self._last_closed_check = now
        if handler.is_closed():
            self._stop_workers(self._worker_group)
            raise closed_by_other(handler, self.trained_in)
        # Re-form when a waiting node can be admitted: the job can still grow, or a member of
        # our round left it to rejoin (it restarted, or was excluded and a spare waits for its
        # place). Then our ranks' peers are gone, and waiting for our own ranks to notice
        # costs seconds. A spare waiting while the round is whole is not a reason: restarting
        # for it would re-form the same group forever.
        if handler.num_nodes_waiting() <= 0:
            return False
        group = self._worker_group.group_world_size or 0
        return group < self.kcfg.max_nodes or rdzv_state.members_left(handler, group)

    # --- failures ------------------------------------------------------------------------

    def _on_crash(self, result: RunResult) -> tuple[AttemptOutcome, Diagnosis | None]:
        failures = {
            r: Failure(f.exitcode, f.pid, f.message, f.error_file_data)
            for r, f in result.failures.items()
        }
        last_steps = {r: p.last_step for r, p in self.tracker.ranks.items()}
        records = rank_exits(
            failures,
            self._exits,
            self._exceptions,
            last_steps,
            self._log_tail,
            time.time(),
        )
        signature: str | None = None
        for rank, ts, rec in records:
            self.rec.emit(EventKind.RANK_EXIT, rank=rank, ts=ts, **rec.to_data())
            if rec.first:
                signature = rec.signature
                what = f"{rec.exc_type}: {rec.message}" if rec.exc_type else None
                log.error(
                    "kintsugi[%s]: rank %d failed: %s",
                    self.kcfg.node,
                    rank,
                    what or f"exit code {rec.exitcode} ({rec.signal})",
                )
        self._end_attempt("crash")
        outcome = self._outcome("crash", signature)
        return outcome, self._diagnose()

    def _on_hang(self, hang: Hang) -> tuple[AttemptOutcome, Diagnosis | None]:
        evidence = hang_evidence.collect(
            hang, self._worker_pids(), self.kcfg.run_dir, self.attempt, self.ipc.path, self.ipc.key
        )
        stack_dir = evidence["stacks_dir"]
        self.rec.emit_data(
            EventKind.HANG_DETECTED,
            {
                **evidence,
                "step": self.tracker.max_step(),
                "learned_timeout_s": self.tracker.learned_timeout_s(),
            },
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
        return self._record_diagnosis(d)

    def _record_diagnosis(self, d: Diagnosis) -> Diagnosis:
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
        self.alerts.submit(d, self.rec.run_id, {"node": self.kcfg.node, "attempt": self.attempt})
        return d

    # --- slowdowns and numeric faults ----------------------------------------------------

    def _on_numeric(
        self, verdict: NumericVerdict, rank: int, where: str, step: int | None
    ) -> tuple[AttemptOutcome, Diagnosis | None]:
        """A NaN/Inf: stop the ranks (they hold, so no checkpoint carries it) and decide from
        the run's NaN history."""
        self._numeric = None
        d = numeric_diagnosis(verdict, rank, where, step)
        return self._end_with("nan", d, f"non-finite {where} at iteration {step}")

    def _end_with(
        self, failure: str, d: Diagnosis, signature: str | None = None
    ) -> tuple[AttemptOutcome, Diagnosis]:
        """Ends the attempt on a failure the agent found itself (the ranks still run)."""
        self._stop_workers(self._worker_group)
        self._end_attempt(failure)
        return self._outcome(failure, signature), self._record_diagnosis(d)

    def _on_hardware_alert(self, d: Diagnosis) -> tuple[AttemptOutcome, Diagnosis | None]:
        """An XID or machine check on this node while it trained: it is the culprit."""
        self._hw_alert = None
        if self.health is not None:
            self.health.cordon(d.summary, None, culprit=True, category=d.category.value)
        return self._end_with("hardware", d)

    def _record_telemetry(self, kind: EventKind, payload: dict[str, Any]) -> None:
        self.rec.emit_data(kind, payload)

    def _on_alert(self, kind: EventKind, payload: dict[str, Any]) -> None:
        # Telemetry thread: record, and leave the verdict for the monitor loop.
        d = alert_diagnosis(payload, self.kcfg.node)
        if d is not None and self._hw_alert is None:
            self._hw_alert = d

    def _on_health_failure(self) -> tuple[AttemptOutcome, Diagnosis | None]:
        """A periodic check failed on this node while it trained: the node is the culprit."""
        assert self.health is not None and self.health.failed is not None
        rep, self.health.failed = self.health.failed, None
        return self._end_with("health", report_diagnosis(rep, self.kcfg.node))

    def _leave_for_spare(self, reason: str) -> None:
        """A persistent straggler on this node, at a checkpoint boundary, with a spare ready:
        this node leaves so the spare takes its place from the checkpoint just written."""
        self._leave_reason = None
        handler = self._worker_group.spec.rdzv_handler
        spare = rdzv_state.can_go_on_without_me(handler, self.kcfg.min_nodes)
        if not (self.kcfg.policy.can_exclude and spare):
            log.warning("kintsugi[%s]: %s; no spare waiting, training on", self.kcfg.node, reason)
            return
        s = self.watch.persistent
        self._end_attempt("straggler")
        d = self._record_diagnosis(straggler_diagnosis(s, reason)) if s is not None else None
        self.outcomes.append(self._outcome("straggler", None))
        self._carry_out(Decision(DecisionKind.LEAVE, reason), d)

    def _outcome(self, failure: str, signature: str | None) -> AttemptOutcome:
        return AttemptOutcome(
            attempt=self.attempt,
            failure=failure,
            signature=signature,
            start_step=self._start_step,
            max_step=self.tracker.max_step(),
        )

    def _end_attempt(self, outcome: str) -> None:
        if self.signal is not None and outcome != "succeeded":
            # First, before diagnosis and health checks: the others re-form meanwhile.
            self.signal.leave()
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
        if self.health is not None and outcome.failure not in ("peer", "health", "hardware"):
            # The epilog: the verdict may ask for this node's deeper checks; a failure there
            # names this node whatever the logs said. (A hardware alert is proof already.)
            # A job that cannot go on without this node (no spare, cannot shrink) gets the
            # quick one, not a long stall: if even that fails, the node leaves anyway (proof).
            cap = None if self._replaceable() else QUICK_EPILOG_LEVEL
            found = self.health.epilog(diagnosis, max_level=cap)
            if found is not None:
                diagnosis = self._record_diagnosis(found)
        d = decide(self.outcomes, diagnosis, self.restarts, self.kcfg.policy, self.kcfg.node)
        return self._carry_out(d, diagnosis)

    def _carry_out(self, d: Decision, diagnosis: Diagnosis | None) -> bool:
        cordoned = self.health is not None and self.health.cordoned
        if d.kind is DecisionKind.LEAVE and cordoned and not self._replaceable():
            # Proof against this node (a hardware alert, a failed check): restarting here would
            # only fail again. It leaves; the job waits for a node to take its place.
            log.warning(
                "kintsugi[%s]: %s; no spare waits: leaving anyway, the job waits for a "
                "replacement node",
                self.kcfg.node,
                d.reason,
            )
        elif d.kind is DecisionKind.LEAVE and not self._replaceable():
            log.warning(
                "kintsugi[%s]: %s; no spare waits and the job cannot shrink below %d node(s): "
                "restarting here instead of leaving",
                self.kcfg.node,
                d.reason,
                self.kcfg.min_nodes,
            )
            d = Decision(DecisionKind.RESTART, f"{d.reason} (no spare: restarting in place)")
        if d.kind is DecisionKind.RESTART:
            if d.suspect:
                self._make_way_for_a_spare()
            self._restart(self.outcomes[-1].failure, d.reason, d.backoff_s)
            return True
        self._stop_workers(self._worker_group)
        self.rec.emit(EventKind.STOP_DECIDED, reason=d.reason, decision=d.kind.value)
        self.verdict = d.reason
        if d.kind is DecisionKind.STOP:
            # Tell the other nodes why, then close: their next rendezvous fails fast instead
            # of waiting, and says who stopped the run and why.
            handler = self._worker_group.spec.rdzv_handler
            rdzv_state.record_stop(handler, self.kcfg.node, d.reason)
            handler.set_closed()  # type: ignore[no-untyped-call]
        if d.kind is DecisionKind.LEAVE:
            log.error("kintsugi[%s]: leaving the job: %s", self.kcfg.node, d.reason)
            if self.health is not None:
                # Named the culprit: it rejoins only after passing validation.
                category = diagnosis.category.value if diagnosis is not None else None
                self.health.cordon(d.reason, None, culprit=True, category=category)
            raise StopRun(d.reason, exit_code=EXIT_EXCLUDED, leave=True)
        log.error("kintsugi[%s]: stopping: %s", self.kcfg.node, d.reason)
        raise StopRun(d.reason)

    def _make_way_for_a_spare(self) -> None:
        """The verdict names this node, not firmly enough to exclude it: if a spare waits, the
        next round forms with the spare and this node waits as one. Left to elastic, the node
        that failed rejoins first (it knew first) and a healthy member is left waiting."""
        handler = self._worker_group.spec.rdzv_handler
        if self.trained_in is None or not rdzv_state.spares(handler, self.round_members):
            return
        log.warning(
            "kintsugi[%s]: a spare waits: it takes this node's place in the next round",
            self.kcfg.node,
        )
        if not rdzv_state.make_way(handler, self.trained_in, self.round_members, MAKE_WAY_S):
            log.warning(
                "kintsugi[%s]: the round did not re-form without this node: rejoining",
                self.kcfg.node,
            )

    def _replaceable(self) -> bool:
        """Whether the job goes on if this node leaves: a spare waits, or it can shrink."""
        group = self._worker_group.group_world_size or 0
        handler = self._worker_group.spec.rdzv_handler
        return group > self.kcfg.min_nodes or rdzv_state.can_go_on_without_me(
            handler, self.kcfg.min_nodes
        )

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
            raise closed_by_other(self._worker_group.spec.rdzv_handler, self.trained_in) from None

    def _log_tail(self, rank: int) -> str:
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
        if self.signal is not None:
            self.signal.close()
        if self.health is not None:
            self.health.close()
        if self.telemetry is not None:
            self.telemetry.stop()
        self.alerts.close()
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
