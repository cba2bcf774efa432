"""Development corpus 11, written blind to the rules by another author: 40 bundles "finding the
first failure" (floods of sympathetic errors, first failures found only by time across nodes in
different stamp styles, peers accused by address, recurrence across attempts, one node unlike
the rest, shared services against local disks) on Kubeflow, SkyPilot, Slurm with pyxis, torchx,
Accelerate, AzureML and SageMaker exports.

Scored once as it came, before any tuning: 30/40 full verdicts (category 82.5%, layer 92.5%,
culprit 85.0%, action 85.0%); 38/40 after the capabilities it prompted (torchx prefixes, NCCL on sockets on one node,
pipeline SEND/RECV, what the job trained past, NaN origins, srun tasks that are nodes). Each case is a golden verdict; ``GAPS`` lists the rest as strict
xfails with the reason. The bundles are generated (seconds) from ``tests/corpus_set11/tools``;
see ``tests/corpus_set11/README.md``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set11" / "tools"
CASES = [
    "p01_kubeflow_64rank_watchdog_flood",
    "p02_torchrun_logdir_ib_completion_errors",
    "p03_slurm_ib_errors_half_the_cluster",
    "p04_accelerate_slurm_uptime_dmesg",
    "p05_skypilot_cuda_errors_one_worker",
    "p06_pyxis_three_attempts_illegal_access",
    "p07_slurm_nan_loss_two_attempts",
    "p08_torchx_rendezvous_timeouts",
    "p09_azureml_import_error_everywhere",
    "p10_pytorchjob_worker_crashloop",
    "p11_slurm_checkpoint_save_errors",
    "p12_accelerate_dataloader_ioerror",
    "p13_torchrun_tee_last_stage_error",
    "p14_torchx_k8s_broadcast_timeouts",
    "p15_accelerate_cuda_oom_all_nodes",
    "p16_pytorchjob_dataloader_worker_killed",
    "p17_pyxis_one_rank_filenotfound",
    "p18_flight_recorder_all_ranks_timeout",
    "p19_slurm_slowdown_then_cancel",
    "p20_skypilot_slow_ranks_report",
    "p21_torchrun_finished_with_warnings",
    "p22_slurm_node_vanishes",
    "p23_slurm_oom_at_startup_one_node",
    "p24_pdsh_cuda_init_error_one_host",
    "p25_pytorchjob_nan_three_resubmits",
    "p26_slurm_device_assert_two_attempts",
    "p27_accelerate_anomaly_nan",
    "p28_torchx_ddp_device_mismatch",
    "p29_pyxis_ras_missing_rank",
    "p30_sagemaker_s3_errors",
    "p31_azureml_nccl_error12",
    "p32_pytorchjob_gloo_peer_closed",
    "p33_torchrun_collective_mismatch",
    "p34_slurm_slow_data_one_node",
    "p35_torchrun_sigkill_during_load",
    "p36_skypilot_succeeded_noisy",
    "p37_parallelcluster_first_collective_timeout",
    "p38_pyxis_new_container_every_rank_fails",
    "p39_torchrun_rotated_console_ecc",
    "p40_skypilot_legacy_watchdog_all_nodes",
]  # fmt: skip
GAPS = {
    "p23_slurm_oom_at_startup_one_node": (
        "untuned: label convention? oom where the label says host (leftover processes)"
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set11"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
