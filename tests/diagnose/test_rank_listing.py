"""One line that lists every rank's compute timer (a probe, a profiler's summary: ``fwd+bwd ms
by rank: 0:527, 1:527, ..., 8:1207``) is a comparison in itself: the ranks it shows slow, placed
on their nodes by NCCL's communicator lines, name the straggler. Modelled on corpus set 20's
g27 (DeepSpeed's ``wall_clock_breakdown`` with a per-rank probe) and
https://github.com/microsoft/DeepSpeed/issues/1801.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import comm_wait, compute_time, rank_listing
from kintsugi.events import Category


def test_a_listing_of_every_rank() -> None:
    line = "[per-rank probe] fwd+bwd ms by rank: 0:527, 1:527, 2:509, 3:1207"
    assert rank_listing(line) == {0: 0.527, 1: 0.527, 2: 0.509, 3: 1.207}
    assert rank_listing("loss by rank: 0:1.2, 1:1.3, 2:1.1, 3:1.4") is None  # no timer
    assert rank_listing("fwd by rank: 0:1, 1:2") is None  # too few to compare


DS = (
    "[2025-01-20 11:{m:02d}:15,085] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | "
    "fwd_microstep: 402.10 | bwd_microstep: 1501.30 | bwd_inner_microstep: 799.00 | "
    "bwd_allreduce_microstep: 694.20 | step_microstep: 22.10\n"
)


def test_deepspeeds_micro_step_timers_are_rank_0s_compute_and_wait() -> None:
    line = DS.format(m=36)
    assert compute_time(line) == pytest.approx(1.2011)  # fwd + bwd_inner
    assert comm_wait(line) == pytest.approx(0.6942)  # bwd_allreduce


@pytest.mark.parametrize("rank0s_own", [False, True])
def test_one_line_listing_every_ranks_compute_time(tmp_path: Path, rank0s_own: bool) -> None:
    """A probe line on the first node lists every rank's fwd+bwd; NCCL's lines place ranks
    8-11. Rank 0's own DeepSpeed timers beside it do not outweigh the listing, which measures
    every rank alike."""
    listing = ", ".join(f"{r}:{1207 if 8 <= r < 12 else 520}" for r in range(16))
    for i, node in enumerate(("a-31", "a-32", "a-33", "a-34")):
        (tmp_path / node).mkdir()
        text = "".join(
            f"{node}:2019{r}:2020{r} [{r % 4}] NCCL INFO comm 0x55d2 rank {r} nranks 16 cudaDev"
            f" {r % 4} nvmlDev {r % 4} busId 17000 commId 0x5a3c - Init COMPLETE\n"
            for r in range(4 * i, 4 * i + 4)
        )
        if i == 0:
            text += "".join(DS.format(m=m) for m in range(10, 20)) * rank0s_own
            text += f"[per-rank probe] fwd+bwd ms by rank: {listing}\n"
        (tmp_path / node / "train.log").write_text(text)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STRAGGLER
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("a-33", None)
