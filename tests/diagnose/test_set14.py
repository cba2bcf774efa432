"""Development corpus 14, written blind to the rules by another author: 40 bundles of multi-node
GPU jobs in NCCL, PyTorch and kernel formats as operators collect them (the sympathetic flood,
who is behind an address, one node unlike the rest, shared services, recurrence, slowdowns in
plain logs, deterministic errors by message, layer subtleties) under Slurm, sbatch, torchrun,
mpirun, pdsh/DeepSpeed, Kubernetes, Ray Train, SkyPilot, NeMo, Megatron-LM, torchtitan and
Accelerate, torch 1.13 to 2.9.

Scored once as it came, before any tuning: 25/40 full verdicts (category 70.0%, layer 72.5%,
culprit 75.0%, action 70.0%); 37/40 after the capabilities it prompted (a failure-summary
entry's host, a CUDA OOM beside a process the job's are not, a pdsh host before a C++ abort,
DeepSpeed's CUDA mismatch, network file systems from df, DeepSpeed's CurrSamplesPerSec, a
steadily slow rank, an NFS server that answered again, Python warnings, torchvision's missing
operator, py-spy dumps of a stalled job then cancelled, device errors of new kinds following
one node, network warnings the log trained past, a cable plugged back). Each case is a golden verdict;
``GAPS`` lists the rest as strict xfails with the reason. The bundles are generated (under a
second) from ``tests/corpus_set14/tools``; see ``tests/corpus_set14/README.md``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set14" / "tools"
CASES = [
    "k01_watchdog_storm_after_quiet_gap",
    "k02_torchrun_logdir_sigabrt_cascade",
    "k03_sigkill_one_rank_sbatch",
    "k04_pytorchjob_worker_pods_crash",
    "k05_mpirun_tagged_oom_first_step",
    "k06_nemo_ib_completion_errors",
    "k07_titan_socket_closed_by_peer",
    "k08_roce_retry_exceeded_many_ranks",
    "k09_pdsh_ib_retry_exceeded",
    "k10_skypilot_rank_init_failure",
    "k11_accelerate_all_ranks_import_error",
    "k12_pytorchjob_one_pod_crashloop",
    "k13_pdsh_fused_adam_build",
    "k14_checkpoint_save_then_timeouts",
    "k15_ray_train_checkpoint_upload",
    "k16_nemo_checkpoint_oserror_all_nodes",
    "k17_local_snapshot_write_fails",
    "k18_nan_assert_two_attempts",
    "k19_nan_assert_two_attempts_b",
    "k20_torchrun_restarts_three_errors",
    "k21_same_crash_after_exclude",
    "k22_iteration_time_creeps_up",
    "k23_step_timing_regression",
    "k24_megatron_minmax_report",
    "k25_samples_per_sec_drop",
    "k26_all_ranks_same_runtime_error",
    "k27_lightning_first_step_oom",
    "k28_resume_fails_on_every_rank",
    "k29_mpi_rank_files_one_assert",
    "k30_dataloader_worker_killed",
    "k31_dataset_build_filenotfound",
    "k32_ray_workers_import_fail",
    "k33_watchdog_timeouts_journal_collected",
    "k34_cuda_error_then_peer_timeouts",
    "k35_cuda_error_with_dcgm_health_file",
    "k36_single_rank_runtime_error_moe",
    "k37_stuck_job_pyspy_dumps",
    "k38_flight_recorder_dumps",
    "k39_megatron_run_end_warnings",
    "k40_hf_trainer_noisy_warnings",
]  # fmt: skip
GAPS = {
    "k16_nemo_checkpoint_oserror_all_nodes": (
        "label convention: a full shared file system (a quota) restarts here; sets 2 (c19), 6 (v20) and the dev corpus stop, which the engine follows (the author calls stop arguable)"
    ),
    "k17_local_snapshot_write_fails": (
        "label convention: one node's full local disk is host here; storage in sets 2, 5, 6, 7, 8, 12 and 13, which the engine follows"
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set14"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
