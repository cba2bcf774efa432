"""Development corpus 30, written blind to the rules by another author: 13 real captures of
torch.distributed jobs (gloo on CPU, 2 to 4 simulated nodes in their own namespaces): a bad
sample on one rank, a memory cgroup's OOM kill, a frozen rank, NaNs that recur, a node whose
link went down, a CPU-starved node, a recovered worker kill, a port taken by a stray server,
a full /dev/shm, a gloo enforce failure, a resume onto a changed model, a rank given a short
shard, a full local checkpoint disk.

Scored once as it came (after this session's convention changes and the left-early rule, none
aimed at it): 10/13 full verdicts (category 84.6%, layer 84.6%, culprit 84.6%, action 84.6%);
11/13 after the capabilities it prompted (a training loop's JSON event records with no message
field read as their fields and time, its "end" record as the rank leaving; the agent's exit
barrier failing after its workers finished, and C++ backtrace frames, are no failure); 12/13
once a node's lone worker whose prefix counted local ranks got the global rank left by the
others'.
``GAPS`` lists the rest as strict xfails. The bundles are checked in under
``tests/corpus_set30/cases``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, cases

ROOT = Path(__file__).resolve().parents[1] / "corpus_set30" / "cases"
CASES = [
    "aa01_training_crashed_gloo_errors_on_every_rank",
    "aa02_job_died_early_exitcode_minus9_on_one_node",
    "aa03_training_stuck_no_log_output_for_minutes",
    "aa04_loss_nan_job_crashed_twice_after_requeue",
    "aa05_all_ranks_timed_out_at_step_40",
    "aa06_throughput_dropped_by_half_since_yesterday",
    "aa07_worker_exitcode_minus9_torchrun_restarted_workers",
    "aa08_job_never_started_two_nodes_waiting_at_rendezvous",
    "aa09_dataloader_worker_crashed_on_one_node_at_start",
    "aa10_gloo_enforce_fail_after_first_validation",
    "aa11_requeued_job_fails_immediately_on_resume",
    "aa12_job_failed_connection_closed_by_peer_near_end_of_epoch",
    "aa13_checkpoint_save_failed_at_step_40",
]  # fmt: skip
GAPS = {
    "aa06_throughput_dropped_by_half_since_yesterday": (
        "label convention: a slow node with no hardware evidence is excluded here; the engine, with the authors of sets 2 to 28, asks for its diagnostics first"
    ),
}


def test_every_case_is_checked_in() -> None:
    assert sorted(p.parent.name for p in ROOT.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(name: str) -> None:
    assert_golden(ROOT / name)
