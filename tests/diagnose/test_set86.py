"""Development corpus 86, written blind to the rules by another author: 27 mixed multi-node NCCL jobs spread over the eight kinds of reasoning the issue names (floods, addresses, one node unlike the rest, shared services, recurrence, slowdowns, errors by message, the layer of data and memory).

Scored once as it came (with the engine of its commit, none of it aimed at this set): 17/27 (category 19, layer 21, culprit 21, action 21);
18/27 after that session's later work. ``GAPS`` lists the rest as strict xfails, each
with what the engine says against the label. The bundles are generated from
``tests/corpus_set86/tools``; see its README.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set86" / "tools"
CASES = [
    "ce01_watchdog_timeouts_on_all_32_ranks",
    "ce02_nccl_errors_across_six_nodes",
    "ce03_ranks_abort_with_nccl_remote_error",
    "ce04_training_stalls_then_every_rank_times_out",
    "ce05_ib_completion_errors_status_12",
    "ce06_connection_reset_by_peer_on_three_pods",
    "ce07_remote_peer_errors_then_abort",
    "ce08_ranks_on_one_host_fail_at_cuda_init",
    "ce09_importerror_on_every_pod_at_startup",
    "ce10_tasks_12_to_15_exit_with_importerror",
    "ce11_valueerror_dtype_size_changed_on_all_ranks",
    "ce12_checkpoint_save_fails_at_step_12000",
    "ce13_barrier_timeouts_after_checkpoint",
    "ce14_dataloader_worker_exceptions_on_all_pods",
    "ce15_illegal_memory_access_after_requeue",
    "ce16_nan_grad_norm_in_two_attempts",
    "ce17_collective_timeout_at_step_2000_every_restart",
    "ce18_iteration_time_doubled_no_errors",
    "ce19_throughput_one_third_of_last_week",
    "ce20_step_time_jumps_on_all_ranks",
    "ce21_straggler_report_flags_one_rank",
    "ce22_runtimeerror_on_all_ranks_at_resume",
    "ce23_cuda_error_on_rank_12_then_timeouts",
    "ce24_assertionerror_before_first_iteration",
    "ce25_dataloader_worker_killed_by_signal",
    "ce26_filenotfounderror_on_rank_29",
    "ce27_dataloader_worker_killed_on_one_pod",
]  # fmt: skip
GAPS = {
    "ce05_ib_completion_errors_status_12": "open: culprit want sc-gpu115 got none; action want restart_without_node got restart",
    "ce10_tasks_12_to_15_exit_with_importerror": "open: category want dependency got storage; culprit want g2-11 got g2-09",
    "ce11_valueerror_dtype_size_changed_on_all_ranks": "open: layer want script got framework",
    "ce17_collective_timeout_at_step_2000_every_restart": "open: category want hang got user_code",
    "ce20_step_time_jumps_on_all_ranks": "open: category want straggler got storage",
    "ce24_assertionerror_before_first_iteration": "open: category want user_code got gpu_hardware; layer want script got infrastructure; culprit want none got gpu-k06/rank 40; action want stop got restart_without_node",
    "ce27_dataloader_worker_killed_on_one_pod": "open: category want host got oom; layer want infrastructure got framework; culprit want gke-trn-pool-4f2a got none; action want restart_without_node got stop",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set86"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
