"""Development corpus 21: 16 real captures, written blind to the rules by another author. Real
torch.distributed jobs (torch 2.13, gloo, CPU), one torchrun agent per simulated node in its own
UTS, mount (and where a ps snapshot was wanted, PID) namespace, seven training scripts in other
people's styles (HF-Trainer, Megatron, torchtitan, plain print, Lightning-like, loguru-like,
rich-like): truncated checkpoints (shared, and one node's stale local copy), inodes out on one
node, ulimit -n and pids limits on one node, a leftover process holding a lock, a dtype mismatch
in all_reduce, a RecursionError, a stuck disk read, a slow local disk, a NaN from a learning-rate
typo, a removed torch module on every node, a short shared-storage outage, finished and
recovered runs.

Scored once as it came (after the set 22 and 23 work of the same session, before any tuning on
it): 7/16 full verdicts (category 62.5%, layer 56.3%, culprit 68.8%, action 50.0%): real
captures remain far harder than generated logs. 11/16 after the capabilities it prompted (the
script's own "training finished" after every error is a recovered run; a pids limit on one node;
a checkpoint every rank of one node reads corrupt is that node's copy; Megatron-LM's timer
lines); 14/16 after the next session's (a ``faulthandler`` dump in a ``[default0]:``-prefixed
console; ``lslocks`` showing a rank waiting for a lock a process outside the job holds; a
rank working alone past the others' collective timeout). ``GAPS`` lists the rest as strict xfails with the reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, cases

ROOT = Path(__file__).resolve().parents[1] / "corpus_set21" / "cases"
CASES = [
    "a01_resume_fails_after_job_was_cancelled",
    "a02_one_node_crashes_when_resuming",
    "a03_eval_crashes_on_one_node_every_time",
    "a04_training_stuck_before_first_step",
    "a05_job_froze_then_all_ranks_timed_out",
    "a06_loss_blows_up_then_job_aborts",
    "a07_log_full_of_warnings_is_the_run_ok",
    "a08_job_restarted_by_itself_overnight",
    "a09_crash_at_end_of_first_epoch_twice",
    "a10_all_ranks_crash_at_step_10",
    "a11_every_rank_dies_right_after_launch",
    "a12_training_much_slower_than_last_week",
    "a13_no_space_left_on_one_node_but_disk_is_empty",
    "a14_every_node_times_out_30s_after_start",
    "a15_dataloader_crashes_on_one_node_at_first_batch",
    "a16_every_rank_says_dataset_file_missing_midway",
]  # fmt: skip
GAPS = {
    "a01_resume_fails_after_job_was_cancelled": (
        "label convention: a checkpoint the script's own non-atomic save left truncated is the script's layer here; the engine calls a corrupt checkpoint the framework's (torch.load's error)"
    ),
    "a16_every_rank_says_dataset_file_missing_midway": (
        "the shared mount vanishing for a few seconds shows only in the author's own mount-watch log; FileNotFoundError on every rank midway reads as the script's data"
    ),
}


def test_every_case_is_listed() -> None:
    assert sorted(p.parent.name for p in ROOT.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(name: str) -> None:
    assert_golden(ROOT / name)
