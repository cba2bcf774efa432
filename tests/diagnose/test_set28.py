"""Development corpus 28, written blind to the rules by another author: 30 bundles of the hard
classes: ten hangs (flight-recorder dumps and its analyzer's text, py-spy and faulthandler
dumps, NCCL's enqueued/completed counters, user-code deadlocks, no suspect at all), ten
slowdowns (Megatron's straggler detector, DeepSpeed's wall-clock breakdown, Lightning's
profiler, throttling, power caps, PCIe and NIC downtraining, foreign processes) and ten
multi-attempt jobs where what recurs decides.

Scored once as it came (after the set 25 and 26 work of the same session, before any change
aimed at it): 20/30 full verdicts (category 73.3%, layer 73.3%, culprit 83.3%, action 73.3%);
22/30 after the capabilities it prompted (DeepSpeed's ``backward_inner`` as compute and
``backward_allreduce`` as the wait; ``ibstatus``'s port rates, one port trained down). ``GAPS`` lists the rest as strict xfails. The bundles are
generated from ``tests/corpus_set28/tools``; see its README.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set28" / "tools"
CASES = [
    "l01_job_froze_at_same_iteration_then_every_rank_aborted",
    "l02_training_stopped_making_progress_no_error_for_ten_minutes",
    "l03_all_ranks_hit_nccl_timeout_in_allreduce",
    "l04_hang_right_after_validation_epoch_3",
    "l05_step_time_went_to_infinity_then_timeouts",
    "l06_run_stuck_all_gpus_at_100_percent_no_progress",
    "l07_pipeline_job_freezes_at_first_step_after_resume",
    "l08_training_hung_during_epoch_two_data_phase",
    "l09_64_gpu_job_hangs_overnight_every_rank_reports_timeout",
    "l10_tensor_parallel_job_hung_inside_a_node",
    "l11_iteration_time_up_40_percent_since_tuesday",
    "l12_deepspeed_run_half_speed_after_node_swap",
    "l13_all_nodes_crawling_after_midnight",
    "l14_tokens_per_second_dropped_no_errors_anywhere",
    "l15_lightning_epoch_takes_3x_longer_on_new_allocation",
    "l16_all_grads_sync_time_jumped_on_128_gpu_run",
    "l17_one_rank_always_last_in_dataloader_to_gpu_copy",
    "l18_mfu_dropped_from_41_to_33_percent",
    "l19_whole_job_slow_since_maintenance_window",
    "l20_straggler_warning_in_nemo_logs_every_hour",
    "l21_dataloader_bus_error_keeps_killing_the_job",
    "l22_crash_at_step_12800_again_after_restart",
    "l23_loss_goes_nan_at_the_same_iteration_twice",
    "l24_ib_errors_followed_us_to_a_different_node",
    "l25_job_requeued_overnight_did_it_finish",
    "l26_sampling_step_raises_probability_tensor_error_randomly",
    "l27_illegal_instruction_crash_third_time_this_week",
    "l28_illegal_memory_access_at_iteration_3150_on_any_cluster_slice",
    "l29_hung_once_then_the_retry_finished",
    "l30_drained_the_noisy_node_but_it_failed_again",
]  # fmt: skip
GAPS = {
    "l04_hang_right_after_validation_epoch_3": "label convention: a collective only some ranks call after validation is user_code here; the engine calls the flight recorder's mismatch a hang in the script layer (sets 3, 4, 6, 8)",
    "l07_pipeline_job_freezes_at_first_step_after_resume": "the pipeline stages' mismatched schedule after a resume (the flight recorder's text summary) is not read",
    "l15_lightning_epoch_takes_3x_longer_on_new_allocation": "one node's NIC negotiated at 25000Mb/s (ethtool) under socket transport is not compared with the others' 100000Mb/s",
    "l19_whole_job_slow_since_maintenance_window": "a slowdown every node shares with the spine switch's counters is not read as the network",
    "l26_sampling_step_raises_probability_tensor_error_randomly": "label convention: a Python error that follows one node is the node's GPU here (silent corruption); the engine says host where the text names no GPU",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set28"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
