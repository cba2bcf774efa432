"""Development corpus 32, written blind to the rules by another author: 30 jobs on the newest
stack (H100/H200/B200/GB200, PyTorch 2.5 to 2.9 flight recorder and heartbeat monitor, NCCL
2.2x RAS, driver 550-580 Xids, DCGM 3/4 diagnostics, NHC and Slurm drain reasons, Kubernetes
JobSet events, PCIe and NIC telemetry), with the cluster's health tooling often the best
evidence.

Scored once as it came (after this session's convention changes, none aimed at it): 24/30 full
verdicts (category 86.7%, layer 90.0%, culprit 93.3%, action 93.3%); 27/30 with the healthy
time limit's convention decided the same session (``none``), aws-ofi-nccl's peer in its request
with an EC2 host name's address, and Blackwell's fatal NVLink5 Xids. ``GAPS`` lists the rest as
strict xfails. The bundles are generated from ``tests/corpus_set32/tools``; see its README.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set32" / "tools"
CASES = [
    "ac01_all_ranks_died_with_nccl_errors_after_half_an_hour",
    "ac02_training_froze_for_ten_minutes_then_every_pod_exited",
    "ac03_deepspeed_job_crashed_mid_epoch_cuda_error",
    "ac04_finetune_died_once_with_cuda_error_node_looks_fine_now",
    "ac05_gb200_run_stopped_making_progress_then_crashed",
    "ac06_fsdp_allgather_failed_unhandled_cuda_error",
    "ac07_nccl_ib_completion_error_status_12_killed_run",
    "ac08_job_crashed_overnight_many_nodes_reporting_network_errors",
    "ac09_aws_p5_job_dies_within_an_hour_every_time",
    "ac10_every_rank_crashed_while_saving_step_5000_checkpoint",
    "ac11_all_pods_crashed_in_dataloader_within_a_minute",
    "ac12_one_node_disappeared_and_the_rest_timed_out",
    "ac13_cuda_out_of_memory_at_model_init_only_on_some_ranks",
    "ac14_training_stuck_for_half_an_hour_then_collective_timeout",
    "ac15_job_hung_one_gpu_still_busy_others_idle",
    "ac16_training_hangs_at_the_end_of_epoch_zero_every_time",
    "ac17_out_of_memory_on_first_step_after_config_change",
    "ac18_dataloader_worker_killed_by_signal_during_first_epoch",
    "ac19_loss_exploded_after_warmup_then_run_exited",
    "ac20_nan_loss_comes_back_after_every_restart",
    "ac21_run_is_much_slower_than_last_week_no_errors",
    "ac22_throughput_dropped_a_third_after_maintenance_window",
    "ac23_resume_fails_immediately_after_code_update",
    "ac24_crash_at_the_same_step_after_every_restart",
    "ac25_all_pods_crashloop_right_after_image_update",
    "ac26_job_only_fails_when_a_certain_node_is_allocated",
    "ac27_gpu_health_dashboard_red_during_run_is_the_result_valid",
    "ac28_nccl_error_in_the_log_but_job_shows_completed",
    "ac29_job_killed_after_two_days_with_sigterm_tracebacks",
    "ac30_loss_nan_again_after_moving_to_different_nodes",
]  # fmt: skip
GAPS = {
    "ac13_cuda_out_of_memory_at_model_init_only_on_some_ranks": (
        "label convention: another user's leftover processes holding GPU memory are host here; the engine, with three of four earlier authors, calls them oom on that node"
    ),
    "ac14_training_stuck_for_half_an_hour_then_collective_timeout": (
        "label convention: a hang with no evidence of who is framework here (the author's brief said so); the engine, with the authors of sets 2 to 29, says infrastructure"
    ),
    "ac22_throughput_dropped_a_third_after_maintenance_window": (
        "the slow rank 36 is placed only by the author's per-rank profile table (rank, node, local index, timers), which is not read; the engine names the node (a failed DCGM PCIe test while the job trained on: a straggler there) without its rank"
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set32"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
