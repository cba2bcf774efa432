"""A third development corpus, written blind to the rules by another author (40 bundles).

Scored once as it came, before any tuning: 20/40 full verdicts (category 77.5%, layer 82.5%,
culprit 65%, action 65%): the honest estimate of how the engine generalises. After the
general capabilities it prompted (a failed GPU's rank as the one rank of its node's block that
never timed out; Fabric Manager / CUDA 802; EFA device failure; Kubernetes disk-pressure
eviction, OOMKilled and NotReady; node-local NVMe/XFS failure; flight-recorder op mismatch;
NeMo's straggler report; NCCL host prefixes in a console of many nodes; pdsh prefixes before
an exception; ``node_rank`` file names): 33/40 (category 90%, layer 97.5%, culprit 92.5%,
action 92.5%); 34/40 once a foreign process filling the GPU became ``oom``, as sets 3-5 label it. Each case is a golden verdict; ``GAPS`` lists the rest as strict xfails with
the reason. The bundles are generated (under a second) from ``tests/corpus_set3/tools``; see
``tests/corpus_set3/README.md``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set3" / "tools"
CASES = [
    "s01_xid79_gpu_fell_off_bus", "s02_xid48_double_bit_ecc_slurm",
    "s03_xid94_row_remap_failure_deepspeed", "s04_xid31_on_every_node_custom_kernel",
    "s05_xid119_gsp_rpc_timeout", "s06_k8s_gpu_lost_device_plugin",
    "s07_corrected_ecc_herring_keyerror_resume", "s08_nvlink_xid74_uncorrectable",
    "s09_fabric_manager_down_after_reboot", "s10_nvswitch_sxid_fatal",
    "s11_ib_link_flap_peer_named_by_ip", "s12_leaf_switch_outage_topology",
    "s13_transient_ib_retry_mutual_accusation", "s14_efa_device_reset_peer_unreachable",
    "s15_roce_netdev_tx_timeout_etc_hosts", "s16_shared_fs_stale_handle_all_nodes",
    "s17_k8s_pod_evicted_node_disk_pressure", "s18_object_store_slowdown_on_resume",
    "s19_local_nvme_io_error_xfs_shutdown", "s20_ray_node_dead_machine_check_panic",
    "s21_ray_oom_kill_leftover_process", "s22_soft_lockup_slurm_node_failure",
    "s23_pcie_corrected_aer_flood_degraded_link", "s24_hang_flight_recorder_branch_divergence",
    "s25_hang_one_rank_stuck_in_gpu_wait", "s26_hang_watchdog_only_no_evidence",
    "s27_k8s_node_notready_rendezvous_timeout", "s28_oom_all_ranks_after_batch_change",
    "s29_oom_one_rank_foreign_process_on_gpu", "s30_oom_fragmentation_late_one_rank",
    "s31_k8s_oomkilled_rank0_checkpoint_gather", "s32_nan_same_iteration_after_restart",
    "s33_nan_follows_one_node_across_attempts", "s34_straggler_thermal_slowdown_megatron",
    "s35_straggler_detected_without_hw_evidence", "s36_shape_mismatch_every_rank",
    "s37_deepspeed_batch_size_assertion", "s38_k8s_stale_image_undefined_symbol_one_node",
    "s39_transformers_torch_mismatch_all_nodes", "s40_clean_finish_with_scary_warnings",
]  # fmt: skip
GAPS = {
    "s21_ray_oom_kill_leftover_process": (
        "Ray's OOM killer names the node by address only and the foreign process is in a ps "
        "listing: host memory held by another process is not read yet (we say oom, stop)"
    ),
    "s33_nan_follows_one_node_across_attempts": (
        "label convention: NaNs that follow one node are numerical here, gpu_hardware (silent "
        "data corruption) in set 2 (c07) and the live agent"
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set3"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
