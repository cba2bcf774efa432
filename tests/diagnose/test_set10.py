"""Development corpus 10, written blind to the rules by another author: 40 bundles "as operators
actually collect them" (merged srun/mpirun/pdsh consoles, node folders named by IP, kubectl and
Ray logs, journald/dmesg/syslog in several stamp styles, health-check output, gzip).

Scored once as it came, before any tuning: 28/40 full verdicts (category 80.0%, layer 85.0%,
culprit 80.0%, action 77.5%); 38/40 after the capabilities it prompted (srun's node failure, a
detector's threshold report, Ray's driver re-raise, Xid 94, NaNs following a node with no
iteration logged, perfquery counters, EFA keep-alive resets, Composer's throughput, a node's
py-spy dump, progress that stopped long before the time limit). Each case is a golden verdict; ``GAPS`` lists the rest as strict xfails with the
reason. The bundles are generated (under a second) from
``tests/corpus_set10/tools``; see ``tests/corpus_set10/README.md``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set10" / "tools"
CASES = [
    "z01_xid79_srun_label",
    "z02_xid48_ip_dirs",
    "z03_illegal_addr_follows_node",
    "z04_dcgm_diag_after_crash",
    "z05_row_remap_pending_k8s",
    "z06_xid94_contained_nemo",
    "z07_pcie_aer_gpu_lost_lightning",
    "z08_xid74_nvlink_pdsh",
    "z09_fabric_manager_mismatch",
    "z10_nvswitch_sxid_dcgmi",
    "z11_ib_port_down_nccl_debug",
    "z12_leaf_switch_outage",
    "z13_efa_ray_worker",
    "z14_ib_symbol_errors_mpirun",
    "z15_lustre_eviction_all_nodes",
    "z16_tmp_full_ip_dirs",
    "z17_local_nvme_io_errors",
    "z18_mce_reboot_journal",
    "z19_soft_lockup_kernlog",
    "z20_slurm_node_failure",
    "z21_hang_pyspy_all_same",
    "z22_hang_flight_recorder",
    "z23_hang_slurm_timelimit",
    "z24_oom_killer_journal",
    "z25_dataloader_killed_lightning",
    "z26_cuda_oom_all_ranks_k8s",
    "z27_nan_follows_node",
    "z28_nan_same_iter_app",
    "z29_ds_loss_scale_min_pdsh",
    "z30_straggler_gpu_thermal",
    "z31_straggler_no_evidence_mpirun",
    "z32_cpu_throttle_composer",
    "z33_shape_mismatch_srun",
    "z34_missing_keys_hf_resume",
    "z35_collective_mismatch_detail",
    "z36_bad_sample_k8s_attempts",
    "z37_driver_too_old_one_node",
    "z38_nccl_symbol_all_nodes",
    "z39_ray_libcudnn_one_node",
    "z40_clean_run_scary_noise",
]  # fmt: skip
GAPS: dict[str, str] = {}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set10"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
