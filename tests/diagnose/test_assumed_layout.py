"""One console holding every rank's timers, and no file that says where the ranks ran: the
ranks sit in blocks over the nodes in name order (mpirun's by-slot default over a hostfile,
Slurm's block distribution), so a slow block names its node.

Format: ``mpirun --tag-output`` (``[1,16]<stdout>:``) with per-rank timers a training loop
prints as ``fwd_bwd_ms 8151 wait_in_allreduce_ms 49``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import comm_wait, compute_time
from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.ranks import assumed_blocks
from kintsugi.diagnose.signatures import Role
from kintsugi.events import Action, Category, Layer

NODES = ["cn-9", "cn-10", "cn-11", "cn-12"]  # name order puts cn-9 first


def _console(slow: range) -> str:
    out = []
    for step in range(20, 420, 20):
        for r in range(32):
            fb = 8100 + r if r in slow else 5900 + r
            out.append(f"[1,{r}]<stdout>:step {step} rank {r} fwd_bwd_ms {fb} "
                       f"wait_in_allreduce_ms {8200 - fb}\n")  # fmt: skip
    return "".join(out)


def test_a_slow_block_in_one_console_names_its_node_by_name_order(tmp_path: Path) -> None:
    for n in NODES:
        (tmp_path / n).mkdir()
        (tmp_path / n / "dmesg.txt").write_text("[    1.000] Linux version 6.8.0\n")
    (tmp_path / "cn-9" / "mpirun.out").write_text(_console(range(16, 24)))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (
        Category.STRAGGLER,
        Layer.INFRASTRUCTURE,
        Action.RUN_DIAGNOSTICS,
    )
    assert d.culprit is not None and d.culprit.node == "cn-11"


def _f(rank: int, node: str, signature: str = "step_time", attempt: int | None = None) -> Finding:
    return Finding(
        signature=signature,
        category=Category.UNKNOWN,
        layer=Layer.FRAMEWORK,
        action=Action.NONE,
        severity=0,
        role=Role.CONTEXT,
        text="",
        source=f"{node}/out.log",
        node=node,
        rank=rank,
        attempt=attempt,
    )


def test_blocks_are_assumed_only_where_nothing_else_places_a_rank() -> None:
    every = [_f(r, "a-1") for r in range(8)]
    assert assumed_blocks(every, ["a-2", "a-1"]) == {r: "a-1" if r < 4 else "a-2" for r in range(8)}
    # a rank the launch placed, ranks spread over two consoles, a world the nodes do not divide,
    # several attempts: no assumption
    assert assumed_blocks([*every, _f(3, "a-2", "rank_home")], ["a-1", "a-2"]) == {}
    assert assumed_blocks([*every, _f(5, "a-2")], ["a-1", "a-2"]) == {}
    assert assumed_blocks(every, ["a-1", "a-2", "a-3"]) == {}
    # a console of the ranks that failed (mpirun's tags on every third rank): the world is the
    # highest rank's in whole blocks, where they reach into every node's block
    some = [_f(r, "a-1") for r in range(0, 40, 3)]
    blocks = assumed_blocks(some, ["a-3", "a-1", "a-2", "a-5", "a-4"])
    assert (blocks[0], blocks[39], len(blocks)) == ("a-1", "a-5", 40)
    assert assumed_blocks([_f(r, "a-1") for r in (0, 1, 9)], ["a-1", "a-2", "a-3"]) == {}
    assert assumed_blocks([_f(r, "a-1", attempt=0) for r in range(8)], ["a-1", "a-2"]) == {}
    assert assumed_blocks(every, ["a-1"]) == {}


@pytest.mark.parametrize(
    ("line", "compute", "wait"),
    [
        ("step 20 rank 16 fwd_bwd_ms 8151 wait_in_allreduce_ms 49", 8.151, 0.049),
        ("fwd_ms 12 bwd_ms 30", 0.042, None),
        ("rank 3 | fwd_bwd_s=1.85 | comm_wait_s=0.2", 1.85, 0.2),
        ("fwd_s 2 files written", None, None),
        ("forward: 3 shards", None, None),
        # DeepSpeed's wall_clock_breakdown: backward holds the all-reduce; backward_inner not
        (
            "[Rank 6] rank=6 time (ms) | forward: 808.1 | backward: 2022.8 | backward_inner:"
            " 1388.9 | backward_allreduce: 33.9 | step: 37.9",
            2.197,
            0.0339,
        ),
    ],
)
def test_timers_with_the_unit_in_the_key_need_no_equals_sign(
    line: str, compute: float | None, wait: float | None
) -> None:
    assert compute_time(line) == pytest.approx(compute)
    assert comm_wait(line) == pytest.approx(wait)
