"""Development corpus 97, written blind to the rules by another author: 28 failures that recur or change across restarts and requeues.

Scored once as it came (before any change aimed at it): 23/28 (category 25, layer 24, culprit 25, action 24);
26/28 after that session's later work. ``GAPS`` lists the rest as strict xfails, each
with what the engine says against the label. The bundles are generated from
``tests/corpus_set97/tools``; see its README.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set97" / "tools"
CASES = [
    "cp01_same_keyerror_every_restart",
    "cp02_xid79_follows_node_across_requeue",
    "cp03_ib_errors_move_between_nodes",
    "cp04_xid79_then_rendezvous_timeout",
    "cp05_dbe_excluded_then_success",
    "cp06_nan_follows_gpu_across_resumes",
    "cp07_nan_same_step_every_attempt_lr",
    "cp08_quota_truncated_checkpoint_resume",
    "cp09_missing_zero_shard_node_local_ckpt",
    "cp10_orphan_process_holds_gpu_after_requeue",
    "cp11_pod_restart_rendezvous_nic_down",
    "cp12_hang_no_cause_both_attempts",
    "cp13_hang_pyspy_stuck_gpu_follows_node",
    "cp14_driver_mismatch_one_node_after_requeue",
    "cp15_image_update_flash_attn_abi_all_nodes",
    "cp16_lustre_ost_errors_move_between_nodes",
    "cp17_preempted_requeued_finished",
    "cp18_pod_evicted_drain_then_finished",
    "cp19_oom_config_every_restart",
    "cp20_dataloader_oomkill_moves_nodes",
    "cp21_foreign_process_host_oom_same_node",
    "cp22_xid74_nvlink_follows_node",
    "cp23_thermal_straggler_follows_gpu",
    "cp24_unexplained_straggler_same_node",
    "cp25_row_remap_failure_crashloop",
    "cp26_world_size_tp_mismatch_after_resize",
    "cp27_mce_host_panic_both_attempts",
    "cp28_xid48_rendezvous_closed_after_restarts",
]  # fmt: skip
GAPS = {
    "cp03_ib_errors_move_between_nodes": "open: action want restart got run_diagnostics",
    "cp08_quota_truncated_checkpoint_resume": "open: layer want infrastructure got framework",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set97"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
