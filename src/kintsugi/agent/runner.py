"""Builds the elastic worker spec and the kintsugi agent, runs them, and ends the run cleanly."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import Any

from kintsugi.agent.config import AgentConfig
from kintsugi.agent.elastic_agent import KintsugiAgent, StopRun
from kintsugi.agent.recorder import Recorder
from kintsugi.events import EventKind

log = logging.getLogger("kintsugi.agent")


def run_agent(args: argparse.Namespace, config: AgentConfig) -> int:
    """Runs the job under the kintsugi agent and returns the process exit code."""
    import torch.distributed.elastic.rendezvous.registry as rdzv_registry
    from torch.distributed.elastic.agent.server.api import WorkerSpec
    from torch.distributed.elastic.multiprocessing.api import SignalException
    from torch.distributed.elastic.rendezvous import RendezvousError, RendezvousParameters
    from torch.distributed.launcher.api import _get_addr_and_port
    from torch.distributed.run import config_from_args

    from kintsugi.notify import build_sinks

    # Each rendezvous round gets a fresh worker TCPStore: sharing the rendezvous store across
    # rounds makes gloo restarts fail to reconnect about half the time (REFERENCES.md).
    os.environ.setdefault("TORCH_DISABLE_SHARE_RDZV_TCP_STORE", "1")
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
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
    endpoint = str(lc.rdzv_endpoint or "")
    if endpoint.rpartition(":")[2].isdigit():
        config.rdzv_port = int(endpoint.rpartition(":")[2])
    spec = WorkerSpec(
        role=lc.role,
        local_world_size=lc.nproc_per_node,
        entrypoint=cmd,
        args=tuple(cmd_args),
        rdzv_handler=rdzv_registry.get_rendezvous_handler(params),
        max_restarts=lc.max_restarts,
        monitor_interval=lc.monitor_interval,
        master_addr=master_addr,
        master_port=master_port,
        local_addr=lc.local_addr,
    )
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
    try:
        result = agent.run()
        if result is None:
            outcome, code = "left", 0
        elif result.is_failed():
            outcome = "failed"
        else:
            outcome, code = "succeeded", 0
    except StopRun as e:
        outcome, code = ("excluded" if e.leave else "stopped"), e.exit_code
        agent.verdict = e.reason
        # A node that leaves must not close the rendezvous: the others (and spares) go on.
        shutdown_rdzv = not e.leave
        if e.leave:
            _leave_rendezvous(spec.rdzv_handler)
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
        rec.close()
    if agent.verdict:
        print(f"kintsugi[{config.node}]: {outcome}: {agent.verdict}", file=sys.stderr)
    if not config.quiet:
        _print_report(config)
    return code


def _leave_rendezvous(handler: Any) -> None:
    """Takes this node out of the rendezvous without closing it for the others.

    elastic has no public call for it; its exit operation is what ``next_rendezvous`` runs
    first. Without it the node drops out anyway once its keep-alive heartbeats expire.
    """
    try:
        from torch.distributed.elastic.rendezvous.dynamic_rendezvous import _RendezvousExitOp

        handler._stop_heartbeats()
        handler._op_executor.run(
            _RendezvousExitOp(), handler._get_deadline(handler._settings.timeout.close)
        )
    except Exception as e:  # noqa: BLE001 - not a dynamic handler, or the store is gone
        log.warning("kintsugi: could not leave the rendezvous cleanly (%s); heartbeats expire", e)


def _print_report(config: AgentConfig) -> None:
    from kintsugi.report import build_report, render_text
    from kintsugi.store import StoreError, open_store

    try:
        with open_store(config.store_url) as store:
            events = store.events(run_id=config.run_id)
    except StoreError as e:
        print(f"kintsugi: no report: event store unavailable ({e})", file=sys.stderr)
        return
    render_text(build_report(events), sys.stderr)
