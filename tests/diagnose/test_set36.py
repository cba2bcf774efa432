"""Development corpus 36, written blind to the rules by another author: 30 multi-node GPU jobs failing through CUDA and NCCL error reporting (NCCL result codes, CUDA errors, Xids with the app's pid, OOMs listing other processes), half the application's, half one node's hardware.

Scored once as it came (with the engine of its commit, none of it aimed at this set): 11/30 (category 21, layer 22, culprit 15, action 20);
19/30 after this session's later work. ``GAPS`` lists the rest as strict xfails, each with
what the engine says against the label. The bundles are generated from
``tests/corpus_set36/tools``; see its README.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set36" / "tools"
CASES = [
    "ag01_sft_job_dies_at_step_212_on_every_attempt",
    "ag02_pretraining_crashes_first_iteration_after_enabling_fused_rope",
    "ag03_finetune_aborts_right_after_warmup_on_all_workers",
    "ag04_job_fails_during_init_before_first_step",
    "ag05_new_cluster_job_exits_in_seconds",
    "ag06_training_freezes_at_first_eval_then_times_out",
    "ag07_cuda_oom_on_gpu0_of_every_node_at_startup",
    "ag08_run_crashed_out_of_memory_after_4_hours",
    "ag09_nccl_unhandled_cuda_error_then_everything_died",
    "ag10_uncorrectable_ecc_error_crash_mid_epoch",
    "ag11_rank_9_died_with_ecc_error_overnight",
    "ag12_ray_train_workers_lost_and_trial_errored",
    "ag13_tensor_parallel_run_crashes_intermittently_on_nccl_allreduce",
    "ag14_ncclremoteerror_kills_pretraining_every_few_hours",
    "ag15_many_nodes_reported_nccl_network_errors_at_once",
    "ag16_illegal_memory_access_in_fused_layernorm_twice",
    "ag17_unspecified_launch_failure_at_iteration_48k",
    "ag18_cublas_execution_failed_during_backward",
    "ag19_rendezvous_never_completes_one_node_errors_at_cuda_init",
    "ag20_pytorchjob_fails_on_first_allreduce_unhandled_system_error",
    "ag21_all_ranks_fail_at_nccl_init_after_image_upgrade",
    "ag22_job_fails_at_nccl_init_on_some_allocations_but_not_others",
    "ag23_loss_goes_nan_around_iteration_8700",
    "ag24_nan_loss_at_random_steps_in_three_restarts",
    "ag25_throughput_dropped_40_percent_since_tuesday",
    "ag26_step_time_doubled_for_no_obvious_reason",
    "ag27_training_stuck_no_progress_for_30_minutes",
    "ag28_all_ranks_timed_out_in_allreduce_overnight",
    "ag29_nccl_warnings_and_oom_messages_in_log_is_the_run_ok",
    "ag30_job_killed_with_nccl_remote_errors_and_xid_45_at_the_end",
]  # fmt: skip
GAPS = {
    "ag06_training_freezes_at_first_eval_then_times_out": "open: category want user_code got hang",
    "ag16_illegal_memory_access_in_fused_layernorm_twice": "open: category want gpu_hardware got unknown; layer want infrastructure got framework; culprit want gpu-r2-17/rank 38 got none; action want restart_without_node got none",
    "ag17_unspecified_launch_failure_at_iteration_48k": "open: culprit want b200-03/rank 19 got b200-03",
    "ag19_rendezvous_never_completes_one_node_errors_at_cuda_init": "open: category want host got dependency",
    "ag20_pytorchjob_fails_on_first_allreduce_unhandled_system_error": "open: category want user_code got oom; layer want script got framework",
    "ag21_all_ranks_fail_at_nccl_init_after_image_upgrade": "open: category want dependency got gpu_hardware; layer want framework got infrastructure; culprit want none got ml-vm-2/rank 5; action want stop got restart_without_node",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set36"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
