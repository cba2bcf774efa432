"""Development corpus 79, written blind to the rules by another author: 30 large NCCL jobs (8 to 32 nodes) where a sympathetic flood hides one rank's first failure, ordered by timestamps in mixed formats.

Scored once as it came (with the engine of its commit, none of it aimed at this set): 22/30 (category 25, layer 27, culprit 27, action 25);
23/30 after that session's later work. ``GAPS`` lists the rest as strict xfails, each
with what the engine says against the label. The bundles are generated from
``tests/corpus_set79/tools``; see its README.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set79" / "tools"
CASES = [
    "bx01_watchdog_timeouts_all_ranks_after_iteration_41k",
    "bx02_keyerror_buried_under_socket_closed_errors",
    "bx03_thirty_two_nodes_connection_closed_flood",
    "bx04_dataloader_worker_exited_unexpectedly_one_node",
    "bx05_reduce_scatter_timeouts_after_loss_logging_stops",
    "bx06_nan_grad_norm_assertion_again_after_requeue",
    "bx07_first_allreduce_never_completes_after_instance_replacement",
    "bx08_ib_completion_status_12_from_every_node",
    "bx09_every_rank_times_out_on_the_same_allreduce",
    "bx10_training_stalls_then_watchdog_on_127_ranks",
    "bx11_rank0_times_out_on_a_different_collective",
    "bx12_retry_exceeded_everywhere_loudest_on_gpu_r03",
    "bx13_allreduce_timeouts_thirty_minutes_after_last_iteration",
    "bx14_pytorchjob_failed_pods_with_mixed_timezone_journals",
    "bx15_retry_exceeded_towards_one_peer_then_node_failure",
    "bx16_one_rank_oom_twenty_minutes_after_an_ssh_login",
    "bx17_connection_closed_flood_during_checkpoint_step_12000",
    "bx18_barrier_timeouts_half_an_hour_after_checkpoint_start",
    "bx19_connection_closed_flood_first_srun_error_on_another_node",
    "bx20_all_256_ranks_fail_at_startup",
    "bx21_rendezvous_store_timeout_184_of_192_clients",
    "bx22_sigterm_storm_and_nccl_errors_on_all_sixteen_nodes",
    "bx23_communicator_aborted_and_terminated_tasks_on_standby_qos",
    "bx24_overflow_skips_then_every_worker_exits",
    "bx25_sigkill_on_one_rank_and_connection_closed_flood",
    "bx26_generation_eval_then_connection_closed_on_seven_nodes",
    "bx27_allreduce_timeouts_with_hung_data_workers",
    "bx28_nccl_errors_logged_an_hour_apart_by_clock_zone",
    "bx29_thirty_two_node_allreduce_timeout_with_old_xid_on_one_node",
    "bx30_retry_exceeded_between_random_node_pairs",
]  # fmt: skip
GAPS = {
    "bx07_first_allreduce_never_completes_after_instance_replacement": "open: category want dependency got user_code; layer want infrastructure got framework; action want restart_without_node got restart",
    "bx22_sigterm_storm_and_nccl_errors_on_all_sixteen_nodes": "open: category want unknown got user_code; culprit want none got gpu-p09/rank 67; action want none got restart",
    "bx23_communicator_aborted_and_terminated_tasks_on_standby_qos": "open: category want unknown got network; layer want framework got infrastructure; action want none got restart",
    "bx25_sigkill_on_one_rank_and_connection_closed_flood": "open: category want oom got host",
    "bx29_thirty_two_node_allreduce_timeout_with_old_xid_on_one_node": "open: category want hang got user_code; layer want infrastructure got framework; culprit want none got gpu-t22",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set79"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
