"""Development corpus 29, written blind to the rules by another author: 30 large jobs (8 to
16 nodes of 8 GPUs, one of 32 nodes) in noisy clusters: long healthy logs, benign Xids, corrected
errors, NCCL INFO spam, OOM kills of other programs days before, nodes in other time zones or
with clocks off, flaps that recovered hours before, and one real cause each.

Scored once as it came (after the set 25 and 26 work of the same session, before any change
aimed at it): 21/30 full verdicts (category 76.7%, layer 76.7%, culprit 80.0%, action 76.7%);
24/30 after the capabilities it prompted (kernel events dated before the job's first log line,
and OOM kills of programs no training job runs, are the node's past). ``GAPS`` lists the rest
as strict xfails. The bundles are generated from ``tests/corpus_set29/tools``; see its README.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set29" / "tools"
CASES = [
    "o01_nccl_timeouts_on_all_nodes_after_nine_hours",
    "o02_illegal_memory_access_again_after_resubmit",
    "o03_job_froze_then_died_at_step_61k",
    "o04_uncorrectable_ecc_message_then_crash",
    "o05_rank_died_ecc_error_node_looks_fine_now",
    "o06_training_aborted_overnight",
    "o07_nvlink_cuda_error_then_everyone_timed_out",
    "o08_all_eight_ranks_on_one_box_failed_at_once",
    "o09_same_crash_twice_after_resubmit",
    "o10_ib_completion_errors_from_many_nodes",
    "o11_four_nodes_lost_connection_together",
    "o12_connection_reset_storm_mid_epoch",
    "o13_checkpoint_save_failed_at_step_20000",
    "o14_dataloader_errors_on_many_nodes",
    "o15_input_output_error_reading_shards",
    "o16_rank_killed_with_signal_9",
    "o17_training_stalled_then_connection_reset",
    "o18_bus_error_when_eval_group_created",
    "o19_cuda_oom_on_one_gpu_only",
    "o20_cuda_oom_again_after_resubmit",
    "o21_one_rank_never_reached_allreduce",
    "o22_whole_job_hung_no_errors",
    "o23_loss_went_nan_and_job_exited",
    "o24_throughput_dropped_by_a_third",
    "o25_iterations_slow_since_tuesday",
    "o26_typeerror_at_first_evaluation",
    "o27_workers_exit_immediately_on_every_node",
    "o28_scary_xid_and_nccl_warnings_at_the_end",
    "o29_first_attempt_crashed_second_finished",
    "o30_torchrun_restarted_workers_once",
]  # fmt: skip
GAPS = {
    "o18_bus_error_when_eval_group_created": "label convention: /dev/shm too small on one node found at a later process group is restart_without_node here; the engine restarts (a node setting of the job's container, read once)",
    "o23_loss_went_nan_and_job_exited": "label convention: a NaN only rank 0 reports is the application's here; the engine suspects the one node's GPUs (silent data corruption) and asks for diagnostics",
    "o25_iterations_slow_since_tuesday": "open: culprit want node-11/rank 83 got node-11 (the straggler node is named; its throttled GPU's rank is not)",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set29"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
