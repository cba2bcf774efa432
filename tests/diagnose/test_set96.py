"""Development corpus 96, written blind to the rules by another author: 28 hangs and stalls in other people's scripts.

Scored once as it came (before any change aimed at it): 20/28 (category 22, layer 27, culprit 26, action 25);
22/28 after that session's later work. ``GAPS`` lists the rest as strict xfails, each
with what the engine says against the label. The bundles are generated from
``tests/corpus_set96/tools``; see its README.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set96" / "tools"
CASES = [
    "co01_rank0_eval_broadcast_desync",
    "co02_lustre_eviction_rank_stuck_in_read",
    "co03_xid79_gpu_fell_off_bus",
    "co04_swallowed_keyerror_skips_barrier",
    "co05_nfs_ckpt_server_not_responding",
    "co06_silent_hang_killed_at_time_limit",
    "co07_time_limit_hides_xid119_gsp",
    "co08_ib_port_down_mpirun",
    "co09_leaf_switch_partition",
    "co10_deepspeed_save_checkpoint_rank0_only",
    "co11_uneven_shards_rank_exits_epoch_early",
    "co12_k8s_stale_image_nccl_version_mismatch",
    "co13_xid74_nvlink_rank_dies_peers_hang",
    "co14_xid48_dbe_lightning_hang",
    "co15_host_mce_panic_node_fail",
    "co16_k8s_node_notready_bond_down",
    "co17_user_cancelled_during_autotune",
    "co18_psu_power_brake_straggler",
    "co19_unexplained_slow_node_straggler_report",
    "co20_s3_slowdown_jobwide_data_stall",
    "co21_wedged_gpu_fr_scheduled_dcgm_fail",
    "co22_stray_process_host_memory_swap_stall",
    "co23_monitored_barrier_local_nvme_failure",
    "co24_dns_outage_rendezvous_stall",
    "co25_unexplained_hang_requeue_recovers",
    "co26_quota_exceeded_rank0_skips_barrier",
    "co27_illegal_address_custom_rope_kernel",
    "co28_stuck_home_nfs_one_node_rendezvous",
]  # fmt: skip
GAPS = {
    "co01_rank0_eval_broadcast_desync": "open: category want user_code got hang",
    "co04_swallowed_keyerror_skips_barrier": "open: category want user_code got hang",
    "co07_time_limit_hides_xid119_gsp": "open: culprit want hgx-b07/rank 19 got hgx-b07/rank 2",
    "co10_deepspeed_save_checkpoint_rank0_only": "open: category want user_code got hang",
    "co11_uneven_shards_rank_exits_epoch_early": "open: category want user_code got hang",
    "co22_stray_process_host_memory_swap_stall": "open: category want host got oom; layer want infrastructure got framework; culprit want gpu-m05 got none; action want restart_without_node got stop",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set96"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
