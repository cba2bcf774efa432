"""A second development corpus, written blind to the rules by another author (45 bundles).

Unlike ``tests/blind_corpus`` (held out: scored, never tuned to), this set was measured and
then used for development: each case is a golden verdict. Cases whose reasoning is not built
yet are listed in ``GAPS`` with what is missing; they are strict xfails, so fixing one fails
the test until it leaves the list. The bundles are generated (under a second) from
``tests/corpus_set2/tools``; see ``tests/corpus_set2/README.md``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set2" / "tools"
CASES = [
    "c01_xid79_fell_off_bus_p4d", "c02_nvlink_xid74_dgx_a100", "c03_xid94_contained_ecc_h100",
    "c04_xid48_dbe_srun_only", "c05_xid95_uncontained_dcgm", "c06_xid119_gsp_timeout_hang",
    "c07_nan_follows_node_sdc", "c08_nan_same_iteration_recurs",
    "c09_ib_port_down_peer_accused_by_ip", "c10_roce_leaf_switch_flap_topology",
    "c11_ib_degraded_link_recurs_across_attempts", "c12_transient_ib_blip_no_node_evidence",
    "c13_old_driver_on_one_node", "c14_nccl_undefined_symbol_all_nodes_console",
    "c15_nvidia_module_not_loaded_one_node", "c16_leftover_processes_hold_gpu_memory",
    "c17_rendezvous_port_in_use_stale_agent", "c18_flash_attn_abi_mismatch_all_nodes",
    "c19_lustre_ost_full_during_checkpoint", "c20_local_tmp_full_inductor_one_node",
    "c21_s3_read_timeouts_all_nodes", "c22_truncated_checkpoint_after_timelimit",
    "c23_nfs_server_not_responding_all_nodes", "c24_straggler_thermal_megatron",
    "c25_straggler_power_brake_nemo", "c26_straggler_dataloading_no_hw_evidence",
    "c27_straggler_cpu_thermal_hf_trainer", "c28_hang_pyspy_one_rank_stuck_in_sync",
    "c29_hang_flight_recorder_nvme_timeout", "c30_hang_no_culprit_evidence",
    "c31_clean_run_scary_warnings", "c32_clean_run_lightning_slurm",
    "c33_illegal_memory_access_user_kernel_two_attempts",
    "c34_python_exception_one_rank_watchdog_flood", "c35_dataloader_workers_oom_killed_config",
    "c36_missing_data_shard_megatron", "c37_checkpoint_missing_keys_deepspeed",
    "c38_cuda_oom_from_config_nemo", "c39_deepspeed_batch_size_assert_console",
    "c40_accelerate_fsdp_shape_mismatch", "c41_lightning_checkpoint_monitor_key",
    "c42_mce_kernel_panic_node_console", "c43_soft_lockup_unkillable_node",
    "c44_node_vanished_logs_stop", "c45_host_oom_after_dimm_mapout",
]  # fmt: skip
GAPS = {
    "c13_old_driver_on_one_node": "label calls a driver mismatch framework; we say infrastructure",
    "c28_hang_pyspy_one_rank_stuck_in_sync": (
        "label convention: a rank stuck in a device sync with no Xid excludes its node here; "
        "sets 9 and 16 and the held-out split call it a suspect (run_diagnostics), as the "
        "engine does"
    ),
    "c29_hang_flight_recorder_nvme_timeout": "fr_trace's missing rank and NVMe/XFS lines unread",
    "c30_hang_no_culprit_evidence": (
        "label convention: timeouts with no evidence are run_diagnostics here; sets 3 and 4 "
        "(two other blind authors) call them restart, which the engine now follows"
    ),
    "c16_leftover_processes_hold_gpu_memory": (
        "label convention: a foreign process filling the GPU is host here; sets 3, 4 and 5 "
        "(three other blind authors) call it oom, which the engine now follows"
    ),
    "c15_nvidia_module_not_loaded_one_node": (
        "label convention: a node whose GPU driver is missing or does not match its libraries is "
        "host here; five other cases (sets 48, 52, 61, 70, 72) call it dependency, as the engine does"
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set2"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
