"""Stragglers across nodes: each agent shares its ranks' timings through the rendezvous store.

An agent sees only its own node's ranks. That names a slow rank among its node-mates, but not
a node whose ranks are all slow, nor the slow rank of a node that runs one. So once a second
every agent writes a summary of its ranks' recent steps (the medians of step time and of time
inside collectives since its last summary) under its own key of the current round; the agent of
group rank 0, the judge, reads all of them in one call and feeds a ``StragglerDetector`` whose
samples are those summaries. It records what only the cross-node view can see: a whole node
slow, or the slow rank of a one-rank node; a rank slow among its node-mates is its own agent's
finding, seen step by step.

A persistent finding is written under the named node's key, which its agent reads once a second
and acts on as on its own finding: at the next checkpoint boundary, with a spare waiting, it
leaves. Checkpoint boundaries are shared the same way: the agent that hosts rank 0 (which is
the one whose saves are recorded) writes the step of each save.

Per node and second: one write and one or two existence checks; the judge adds one read of
every node's key. The store is elastic's own (the rendezvous host's ``TCPStore``).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any

from kintsugi.straggle import Straggler, StragglerConfig, StragglerDetector
from kintsugi.straggle.robust import median

log = logging.getLogger("kintsugi.agent")

SHARE_S = 1.0
"""How often an agent writes its summary (and the judge reads them all)."""

CROSS_NODE = StragglerConfig(window=5, warmup=1, confirm_steps=5, persist_steps=10, clear_steps=3)
"""The judge's thresholds, counted in summaries (seconds), not steps. A summary is the median of
a second of steps, far steadier than one step, so short windows do: a slow node is reported
about 10 s after it turns slow, as persistent about 15 s after. Ratio, z-score and margins are
those for steps."""


def summarize(samples: list[tuple[int, float, float]]) -> tuple[int, float, float]:
    """One rank's ``(step, dt, comm_s)`` samples of a second as the judge sees them: the newest
    step, the median step time and the median time inside collectives."""
    return (
        max(s[0] for s in samples),
        median([s[1] for s in samples]),
        median([s[2] for s in samples]),
    )


@dataclass(slots=True)
class Tick:
    """What one exchange brought: findings for the judge to record, and for this node."""

    findings: list[Straggler] = field(default_factory=list)
    """New cross-node findings (the judge's only)."""
    named: Straggler | None = None
    """A persistent finding naming this node, new since the last tick."""
    checkpoint_step: int | None = None
    """The step of the newest checkpoint saved in this round, if one was."""


@dataclass(slots=True)
class _Round:
    round_: int
    group_rank: int
    group_size: int
    local_ranks: int
    store: Any
    seq: int = 0
    seen: dict[int, int] = field(default_factory=dict)
    """Per group rank, the newest summary the judge has fed to its detector."""
    named_seen: bool = False


class PerfExchange:
    """The agent's side of the cross-node straggler exchange (see the module's doc).

    Args:
        run_id: the job's rendezvous id (keys are per run and round).
        node: this node's name.
        config: the judge's detector thresholds.
    """

    def __init__(self, run_id: str, node: str, config: StragglerConfig = CROSS_NODE) -> None:
        self.run_id, self.node, self.config = run_id, node, config
        self.detector = StragglerDetector(config)
        self._round: _Round | None = None
        self._samples: dict[int, list[tuple[int, float, float]]] = {}
        self._last_tick = -1e9

    def _key(self, what: str, *parts: object) -> str:
        assert self._round is not None
        return ".".join(("kintsugi", what, self.run_id, str(self._round.round_), *map(str, parts)))

    def enter(
        self, round_: int, group_rank: int, group_size: int, local_ranks: int, store: Any
    ) -> None:
        """This node trains in ``round_`` as node ``group_rank`` of ``group_size``, with
        ``local_ranks`` ranks, now; ``store`` is the rendezvous's."""
        self._round = _Round(round_, group_rank, group_size, local_ranks, store)
        self._samples.clear()
        self.detector.forget()

    def add(self, rank: int, step: int, dt: float | None, comm_s: float | None) -> None:
        """One step of a local rank (from the agent's monitor loop)."""
        if dt is not None and dt >= 0 and comm_s is not None:
            self._samples.setdefault(rank, []).append((step, dt, min(max(comm_s, 0.0), dt)))

    def checkpoint_saved(self, step: int) -> None:
        """Rank 0 saved a checkpoint at ``step``: every node may act on it as a boundary."""
        if self._round is not None:
            self._call(lambda s: s.set(self._key("ckpt"), str(step)))

    def tick(self, now: float) -> Tick:
        """Shares this node's summary, judges (group rank 0), and reads what names this node;
        at most once per ``SHARE_S``. Never raises: a store that fails is logged, not fatal."""
        r = self._round
        if r is None or now - self._last_tick < SHARE_S:
            return Tick()
        self._last_tick = now
        out = Tick()
        self._share(r)
        if r.group_rank == 0 and r.group_size > 1:
            out.findings = self._judge(r)
        if not r.named_seen:
            named = self._get(self._key("slow", self.node))
            if named is not None:
                r.named_seen = True
                out.named = Straggler.from_event_data(json.loads(named))
        ckpt = self._get(self._key("ckpt"))
        if ckpt is not None and ckpt.lstrip("-").isdigit():
            out.checkpoint_step = int(ckpt)
        return out

    # --- the store -----------------------------------------------------------------------

    def _call(self, fn: Any) -> Any:
        assert self._round is not None
        try:
            return fn(self._round.store)
        except Exception as e:  # noqa: BLE001 - the store may be gone (the round is ending)
            log.debug("kintsugi: straggler exchange: %s", e)
            return None

    def _get(self, key: str) -> str | None:
        def get(s: Any) -> str | None:
            return bytes(s.get(key)).decode() if s.check([key]) else None

        got: str | None = self._call(get)
        return got

    def _share(self, r: _Round) -> None:
        ranks = {str(rank): summarize(xs) for rank, xs in self._samples.items() if xs}
        self._samples.clear()
        r.seq += 1
        summary = json.dumps(
            {"node": self.node, "seq": r.seq, "local_ranks": r.local_ranks, "ranks": ranks}
        )
        self._call(lambda s: s.set(self._key("perf", r.group_rank), summary))

    def _judge(self, r: _Round) -> list[Straggler]:
        keys = [self._key("perf", g) for g in range(r.group_size)]
        values = self._call(lambda s: s.multi_get(keys) if s.check(keys) else None)
        if values is None:
            return []  # not every node has written yet
        summaries = [json.loads(bytes(v).decode()) for v in values]
        ranks_of = {d["node"]: d["local_ranks"] for d in summaries}
        found: list[Straggler] = []
        for g, d in enumerate(summaries):
            if d["seq"] <= r.seen.get(g, 0):
                continue  # no new summary from that node since the last read
            r.seen[g] = d["seq"]
            for rank, (step, dt, comm) in d["ranks"].items():
                found += self.detector.observe(int(rank), d["node"], int(step), dt, comm)
        # A rank slow among its node-mates is its own agent's finding (seen step by step).
        mine = [s for s in found if s.node_wide or ranks_of.get(s.node, 0) == 1]
        for s in mine:
            if s.persistent:
                data = json.dumps(s.event_data())
                self._call(lambda st, s=s, data=data: st.set(self._key("slow", s.node), data))
        return mine
