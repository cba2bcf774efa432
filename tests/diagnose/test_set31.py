"""Development corpus 31, written blind to the rules by another author: 30 multi-node NCCL jobs (4
to 16 nodes of 8 GPUs) aimed at the reasoning issue 8 names: first failures under floods of
sympathetic timeouts in mixed stamp styles and time zones, accused addresses, one node unlike
the rest, shared services against one node's disk or mount, recurrence, slowdowns in plain
logs, user errors by message, and layers.

Scored once as it came (after this session's convention changes, none aimed at it): 24/30 full
verdicts (category 86.7%, layer 90.0%, culprit 96.7%, action 83.3%); 28/30 after the
capabilities it prompted (a port back up well before the hung collective began, or one back up
with its error counters high while nothing failed, is no failure; a node that could not mount
the shared file system; a traceback printed indented inside a gathered error; progress-bar
lines that borrow their time are no sign of when progress stopped). ``GAPS`` lists the rest as
strict xfails. The bundles are generated from ``tests/corpus_set31/tools``; see its README.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set31" / "tools"
CASES = [
    "ab01_all_ranks_nccl_watchdog_timeout_after_ten_minutes",
    "ab02_training_died_with_nccl_errors_on_32_ranks_exit_code_137",
    "ab03_loss_went_to_nan_and_all_ranks_exited",
    "ab04_distbackenderror_on_every_node_after_thirty_minutes",
    "ab05_nccl_warn_got_completion_with_status_12_many_ranks",
    "ab06_connection_reset_by_peer_and_pytorchjob_failed",
    "ab07_nccl_errors_on_many_nodes_at_the_same_second",
    "ab08_job_never_started_store_timeout_24_of_32_clients",
    "ab09_every_rank_crashes_on_import_at_launch",
    "ab10_resume_from_checkpoint_fails_with_filenotfounderror",
    "ab11_checkpoint_save_crashed_the_run_at_step_6000",
    "ab12_ray_train_job_failed_read_timeout_on_every_worker",
    "ab13_first_step_never_finished_and_ranks_timed_out",
    "ab14_lightning_run_crashed_cuda_error_on_one_rank",
    "ab15_nan_grad_norm_crash_keeps_coming_back_after_requeue",
    "ab16_crash_at_step_18432_again_after_restart",
    "ab17_job_failed_overnight_with_nccl_error",
    "ab18_iterations_got_thirty_percent_slower_no_errors",
    "ab19_hf_trainer_seconds_per_step_doubled_midway",
    "ab20_step_time_spikes_every_500_steps",
    "ab21_job_killed_after_24_hours_with_sigterm_and_nccl_errors",
    "ab22_resume_dies_immediately_with_runtimeerror_on_all_ranks",
    "ab23_nccl_unhandled_cuda_error_on_one_node_then_timeouts",
    "ab24_runtimeerror_detected_mismatch_between_collectives",
    "ab25_dataloader_worker_killed_by_signal_killed",
    "ab26_one_rank_crashed_at_epoch_2_others_hung",
    "ab27_cuda_out_of_memory_right_after_start_on_one_rank",
    "ab28_all_64_ranks_timed_out_in_the_same_allreduce",
    "ab29_training_froze_silently_then_watchdog_after_30_minutes",
    "ab30_rank_26_cuda_error_ecc_then_everyone_timed_out",
]  # fmt: skip
GAPS = {
    "ab28_all_64_ranks_timed_out_in_the_same_allreduce": (
        "label convention: a hang with no evidence of who is framework here (the author's brief said so); the engine, with the authors of sets 2 to 29, says infrastructure"
    ),
    "ab30_rank_26_cuda_error_ecc_then_everyone_timed_out": (
        "label convention: a contained ECC error (Xid 94) with the row's remapping still pending restarts on the node here; the engine excludes it until nvidia-smi shows the row remapped (sets 10, 25, 26 split)"
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set31"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
