"""Development corpus 41, written blind to the rules by another author: 30 gloo jobs as torchrun prints them (the agent's console in several releases, error.json files, restarts, rendezvous failures, gloo's own errors) on CPU clusters and small GPU boxes.

Scored once as it came (with the engine of its commit, none of it aimed at this set): 20/30 (category 25, layer 23, culprit 24, action 23);
22/30 after that session's later work, 27/30 once a rendezvous was read by which agents connected, storage errors that followed a node, one rank's metrics series and a mesh that never connected. ``GAPS`` lists the rest as strict xfails, each
with what the engine says against the label. The bundles are generated from
``tests/corpus_set41/tools``; see its README.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set41" / "tools"
CASES = [
    "al01_connection_closed_by_peer_on_seven_ranks",
    "al02_dataloader_worker_killed_by_signal_on_both_nodes",
    "al03_rank_exitcode_minus9_while_others_report_closed_peer",
    "al04_rank_exitcode_minus7_sigbus_mid_epoch",
    "al05_connection_timed_out_reads_on_all_four_nodes",
    "al06_oserror_errno28_then_closed_peer_everywhere",
    "al07_input_output_errors_in_dataloader_workers_on_every_node",
    "al08_rank0_checkpoint_save_raises_errno122",
    "al09_all_sixteen_ranks_exit_1_within_two_seconds",
    "al10_two_ranks_exit_at_import_others_time_out_in_init",
    "al11_recv_timeout_1800000ms_on_all_eight_ranks",
    "al12_no_progress_for_31_minutes_pyspy_dumps_attached",
    "al13_rank0_in_all_reduce_others_in_barrier_then_timeouts",
    "al14_detected_mismatch_between_collectives_single_server",
    "al15_all_ranks_raise_floatingpointerror_same_step",
    "al16_agents_report_worker_group_succeeded",
    "al17_sigterm_to_all_workers_after_twelve_hours",
    "al18_three_attempts_each_fail_loading_cached_features",
    "al19_indexerror_in_two_job_submissions",
    "al20_rendezvous_timeout_on_three_of_four_agents",
    "al21_rendezvous_connection_error_on_every_pod",
    "al22_gloo_connectfullmesh_failed_on_all_sixteen_ranks",
    "al23_connection_closed_by_peer_naming_gpu_b02",
    "al24_step_time_tripled_job_still_running",
    "al25_throughput_halved_one_rank_high_compute_time",
    "al26_four_ranks_go_silent_then_recv_timeouts_elsewhere",
    "al27_gloo_failed_to_connect_connection_refused_at_startup",
    "al28_connection_reset_by_peer_in_three_consecutive_attempts",
    "al29_importerror_cannot_import_name_on_every_rank",
    "al30_error_loading_state_dict_in_every_restart_attempt",
]  # fmt: skip
GAPS = {
    "al12_no_progress_for_31_minutes_pyspy_dumps_attached": (
        "open: culprit want cpu-node-07/rank 6 got none; action want run_diagnostics got restart"
    ),
    "al13_rank0_in_all_reduce_others_in_barrier_then_timeouts": (
        "label convention: a collective mismatch the program made is hang (script, stop) here, as sets 3, 4, 6, 8 and the held-out split have it; the author wrote user_code"
    ),
    "al27_gloo_failed_to_connect_connection_refused_at_startup": (
        "open: culprit want lab-ws2 got none; action want restart_without_node got restart"
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set41"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
