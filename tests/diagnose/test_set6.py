"""Development corpus 6, written blind to the rules by another author (40 bundles aimed at the eight kinds of reasoning issue 8 names).

Scored once as it came, before any tuning: 24/40 full verdicts (category 90%, layer 82.5%, culprit 80%, action 70%), as the held-out split and sets 4 and 5 had.
The general capabilities it prompted: Lightning's ``[rank: N]`` and SkyPilot's prefixes; an accused node's own link down as proof; switch outages from the nodes' own kernels; a CUDA OOM that lists only the rank itself; the same error on every node. Each case is a golden verdict; ``GAPS`` lists
the rest as strict xfails with the reason. The bundles are generated (under a second) from
``tests/corpus_set6/tools``; see ``tests/corpus_set6/README.md``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set6" / "tools"
CASES = [
    "v01_flood_ecc_one_gpu",
    "v02_flood_nan_after_spike",
    "v03_flood_host_oom_stale_procs",
    "v04_flood_fell_off_bus_k8s",
    "v05_flood_user_exception_mid_rank",
    "v06_ib_accused_link_down",
    "v07_gloo_reset_hosts_file_mce",
    "v08_switch_wide_flap",
    "v09_accused_peer_actually_ooms",
    "v10_efa_accusations_no_local_evidence",
    "v11_old_driver_one_node_accelerate",
    "v12_ray_one_node_wrong_nccl",
    "v13_flash_attn_abi_everywhere",
    "v14_fabricmanager_down_one_node",
    "v15_no_sm90_kernels_everywhere",
    "v16_s3_slowdown_all_nodes",
    "v17_lustre_eviction_all",
    "v18_local_tmp_full_one_node",
    "v19_nvme_failing_one_node",
    "v20_project_quota_exceeded",
    "v21_nvlink_xid74_follows_node",
    "v22_device_assert_same_iteration",
    "v23_ib_errors_follow_node",
    "v24_collective_mismatch_hang_twice",
    "v25_rank0_host_oom_moves_nodes",
    "v26_megatron_thermal_one_gpu",
    "v27_nemo_power_brake_node",
    "v28_torchtitan_nic_downshift",
    "v29_hf_trainer_socket_transport_everywhere",
    "v30_straggler_detector_no_hw_evidence",
    "v31_shape_mismatch_accelerate",
    "v32_ray_cuda_oom_first_step",
    "v33_lightning_resume_missing_keys",
    "v34_deepspeed_batch_config",
    "v35_dtype_mismatch_skypilot",
    "v36_dataloader_worker_oom_killed",
    "v37_missing_data_shard",
    "v38_clean_run_scary_warnings",
    "v39_app_caused_xid31_everywhere",
    "v40_preempted_then_completed",
]  # fmt: skip
GAPS = {
    "v28_torchtitan_nic_downshift": (
        "label convention: a job slowed by one node's port at a lower rate is network here; set 12 (q05) and the stated convention call a slowdown with its evidence a straggler, which the engine follows"
    ),
    "v03_flood_host_oom_stale_procs": (
        "the node is named from the leftovers in ps aux, but no log gives the killed pid's rank (only the gap in the listing's --local_rank values says 26)"
    ),
    "v20_project_quota_exceeded": (
        "label convention: a disk quota exceeded on a healthy shared file system is the user's (script) here; we keep storage on infrastructure"
    ),
    "v29_hf_trainer_socket_transport_everywhere": (
        "NCCL_IB_DISABLE=1 (the socket transport) on every node is not read as the configuration making the job slow"
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set6"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
