"""Builds the elastic worker spec and the kintsugi agent, runs them, and ends the run cleanly."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import Any

from kintsugi.agent import rdzv_poll, rdzv_state
from kintsugi.agent.config import AgentConfig
from kintsugi.agent.elastic_agent import KintsugiAgent, StopRun, closed_by_other
from kintsugi.agent.recorder import Recorder
from kintsugi.console import safe_logging
from kintsugi.events import EventKind
from kintsugi.redact import redact_text
from kintsugi.textsafe import terminal_safe

log = logging.getLogger("kintsugi.agent")


def run_agent(args: argparse.Namespace, config: AgentConfig) -> int:
    """Runs the job under the kintsugi agent and returns the process exit code."""
    import torch.distributed.elastic.rendezvous.registry as rdzv_registry
    from torch.distributed.elastic.agent.server.api import WorkerSpec
    from torch.distributed.elastic.multiprocessing.api import SignalException
    from torch.distributed.elastic.rendezvous import (
        RendezvousClosedError,
        RendezvousError,
        RendezvousParameters,
    )
    from torch.distributed.launcher.api import _get_addr_and_port
    from torch.distributed.run import config_from_args

    from kintsugi.notify import build_sinks

    # Each rendezvous round gets a fresh worker TCPStore: sharing the rendezvous store across
    # rounds makes gloo restarts fail to reconnect about half the time (REFERENCES.md).
    os.environ.setdefault("TORCH_DISABLE_SHARE_RDZV_TCP_STORE", "1")
    rdzv_poll.install()
    safe_logging(logging.WARNING)
    logging.getLogger("kintsugi").setLevel(logging.INFO)

    try:
        lc, cmd, cmd_args = config_from_args(args)
    except (AssertionError, ValueError) as e:
        from kintsugi.errors import UserError

        raise UserError(f"kintsugi run: {e}") from None
    rec = Recorder(config.run_id, config.node, config.store_url, config.run_dir)
    rec.emit(
        EventKind.RUN_START,
        argv=[str(cmd), *map(str, cmd_args)],
        nnodes=str(args.nnodes),
        nproc_per_node=int(lc.nproc_per_node),
        run_dir=str(config.run_dir),
        inject=config.inject_spec,
        max_restarts=config.policy.max_restarts,
        pid=os.getpid(),
    )
    params = RendezvousParameters(
        backend=lc.rdzv_backend,
        endpoint=lc.rdzv_endpoint,
        run_id=lc.run_id,
        min_nodes=lc.min_nodes,
        max_nodes=lc.max_nodes,
        local_addr=lc.local_addr,
        **lc.rdzv_configs,
    )
    master_addr, master_port = _get_addr_and_port(params)
    config.min_nodes = int(lc.min_nodes)
    endpoint = str(lc.rdzv_endpoint or "")
    if endpoint.rpartition(":")[2].isdigit():
        config.rdzv_host = endpoint.rpartition(":")[0].strip("[]") or "127.0.0.1"
        config.rdzv_port = int(endpoint.rpartition(":")[2])
    spec = WorkerSpec(
        role=lc.role,
        local_world_size=lc.nproc_per_node,
        entrypoint=cmd,
        args=tuple(through_bootstrap(str(cmd), [str(a) for a in cmd_args])),
        rdzv_handler=rdzv_registry.get_rendezvous_handler(params),
        max_restarts=lc.max_restarts,
        monitor_interval=lc.monitor_interval,
        master_addr=master_addr,
        master_port=master_port,
        local_addr=lc.local_addr,
    )
    rdzv_poll.uncache(spec.rdzv_handler)
    rdzv_poll.set_job_size(int(lc.max_nodes))
    agent = KintsugiAgent(
        spec=spec,
        logs_specs=lc.logs_specs,  # type: ignore[arg-type]
        start_method=lc.start_method,
        config=config,
        recorder=rec,
        sinks=build_sinks(config.alert),
        log_line_prefix_template=lc.log_line_prefix_template,
    )
    outcome, code, shutdown_rdzv = "failed", 1, True

    def stopped(e: StopRun) -> tuple[str, int]:
        agent.verdict = e.reason
        return e.outcome, e.exit_code

    try:
        result = agent.run()
        if result is None:
            # elastic's graceful exit: this node waited as a spare when the rendezvous closed.
            outcome, code = stopped(closed_by_other(spec.rdzv_handler, agent.trained_in))
        elif result.is_failed():
            outcome = "failed"
        else:
            outcome, code = "succeeded", 0
    except StopRun as e:
        outcome, code = stopped(e)
        # A node that leaves must not close the rendezvous: the others (and spares) go on.
        shutdown_rdzv = not e.leave
        if e.leave:
            rdzv_state.leave(spec.rdzv_handler, for_good=True)
    except RendezvousClosedError:
        # Closed before this node got into a round (it was rejoining, or came late).
        outcome, code = stopped(closed_by_other(spec.rdzv_handler, agent.trained_in))
    except RendezvousError as e:
        # The rendezvous store lives in the agent at --rdzv-endpoint: when that node finishes
        # or dies, nodes still waiting (spares, an excluded node) cannot go on.
        outcome, code = "failed", 1
        agent.verdict = (
            f"rendezvous at {lc.rdzv_endpoint} unusable ({type(e).__name__}): "
            "the job ended or its host died"
        )
    except SignalException as e:
        outcome, code, shutdown_rdzv = "signalled", 128 + int(e.sigval), False
        agent.verdict = f"agent received {e.sigval.name}"
    finally:
        agent.close()
        rec.emit(
            EventKind.RUN_END,
            outcome=outcome,
            restarts=agent.restarts,
            attempts=agent.attempt + 1,
            verdict=agent.verdict,
        )
        if shutdown_rdzv:
            try:
                spec.rdzv_handler.shutdown()
            except Exception as e:  # noqa: BLE001 - the store may be gone with the other nodes
                log.debug("rendezvous shutdown failed: %s", e)
            _linger_if_hosting(config, spec.rdzv_handler, agent.left_behind)
        lost = rec.close()
    if agent.verdict:
        print(
            f"kintsugi[{config.node}]: {outcome}: {terminal_safe(agent.verdict)}", file=sys.stderr
        )
    if lost:
        print(
            f"kintsugi[{config.node}]: error: {lost} events could not be stored or spooled "
            f"({terminal_safe(redact_text(str(rec.writer.last_error)))}); the record of this "
            "run is incomplete",
            file=sys.stderr,
        )
        code = code or 1
    if not config.quiet and not _print_report(config):
        code = code or 1
    return code


_LINGER_S = 3.0
"""How long the rendezvous host stays up after closing it while other nodes still wait."""


def _linger_if_hosting(config: AgentConfig, handler: Any, rejoining: bool = False) -> None:
    """Keeps the rendezvous store up a moment for nodes that still wait on it.

    The store lives in this agent: exiting at once would leave a waiting spare (or a node
    rejoining) with a connection error instead of the closed rendezvous and its reason. A node
    that left the last round (``rejoining``) may not have reached the rendezvous yet.
    """
    import time

    # only the host reads the store again: another node's store may be gone already
    if config.hosts_rendezvous() and (rejoining or rdzv_state.others_waiting(handler, fresh=True)):
        time.sleep(_LINGER_S)


def through_bootstrap(cmd: str, args: list[str]) -> list[str]:
    """``python -u SCRIPT ARGS`` becomes ``python -u -m kintsugi.runtime.bootstrap SCRIPT ARGS``.

    The bootstrap runs the script exactly as Python would, after connecting the rank to this
    agent and hooking progress into it (docs/progress.md); a non-Python entrypoint
    (``--no-python``) is left alone.
    """
    if cmd != sys.executable:
        return args
    flags = []
    rest = list(args)
    while rest and rest[0] in ("-u",):
        flags.append(rest.pop(0))
    return [*flags, "-m", "kintsugi.runtime.bootstrap", *rest]


def _print_report(config: AgentConfig) -> bool:
    """Prints the run's report; returns False if the store no longer holds the run's record."""
    from kintsugi.report import build_report, render_text
    from kintsugi.store import StoreError, StoreUnavailable, open_store

    try:
        with open_store(config.store_url, create=False) as store:
            events = store.events(run_id=config.run_id)
    except StoreError as e:
        print(f"kintsugi: no report: {terminal_safe(redact_text(str(e)))}", file=sys.stderr)
        # A server that is down keeps the events in the spool; a vanished file lost them.
        return isinstance(e, StoreUnavailable)
    if not any(e.kind is EventKind.RUN_START for e in events):
        print(
            f"kintsugi: error: the event store {redact_text(config.store_url)} no longer holds "
            "this run's record (deleted or replaced while the run wrote to it)",
            file=sys.stderr,
        )
        return False
    render_text(build_report(events), sys.stderr)
    return True
