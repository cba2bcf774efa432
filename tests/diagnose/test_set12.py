"""Development corpus 12, written blind to the rules by another author: 40 bundles "failures that
don't crash, and hardware in its own words" (stragglers in the iteration logs of Megatron, NeMo,
torchtitan, HF Trainer, DeepSpeed, MMEngine, Composer and fairseq, with or without throttling
evidence; hangs with py-spy, faulthandler and flight-recorder dumps; NaNs; Xids, ECC and NVLink
errors in many spellings) under Slurm, mpirun, torchrun, pdsh, k8s and Ray Train.

Scored once as it came, before any tuning: 28/40 full verdicts (category 82.5%, layer 90.0%,
culprit 80.0%, action 87.5%); 34/40 after the capabilities it prompted (sacct's final word, a
cancel after timeouts, srun tasks that are nodes, py-spy's process header, a throttled GPU's
rank by GPU count). Each case is a golden verdict; ``GAPS`` lists the rest as strict
xfails with the reason. The bundles are generated (under a second) from
``tests/corpus_set12/tools``; see ``tests/corpus_set12/README.md``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set12" / "tools"
CASES = [
    "q01_megatron_iter_time_creep",
    "q02_nemo_resume_runs_slower",
    "q03_torchtitan_tps_drop",
    "q04_hf_trainer_s_per_it_jump",
    "q05_deepspeed_samples_per_sec_drop",
    "q06_mmengine_iter_time_rise",
    "q07_composer_throughput_drop",
    "q08_mpirun_per_rank_timers",
    "q09_fairseq_wps_two_attempts",
    "q10_megatron_loss_spike_run",
    "q11_torchrun_vit_teardown",
    "q12_accelerate_eval_hang",
    "q13_fsdp_hang_pyspy",
    "q14_k8s_hang_flight_recorder",
    "q15_slurm_hang_faulthandler",
    "q16_dcp_save_hang",
    "q17_silent_stall_watchdog",
    "q18_megatron_nan_two_attempts",
    "q19_dit_nan_three_attempts",
    "q20_deepspeed_fp16_overflow",
    "q21_torchrun_ecc_error",
    "q22_mpirun_ecc_error",
    "q23_ray_train_ecc_error",
    "q24_k8s_ecc_error",
    "q25_lightning_illegal_access",
    "q26_moe_illegal_access_two_attempts",
    "q27_unspecified_launch_failure",
    "q28_megatron_nvlink_error",
    "q29_torchrun_nvlink_error",
    "q30_nccl_remote_error",
    "q31_nccl_errors_many_nodes",
    "q32_dcp_save_eio",
    "q33_inductor_compile_failure",
    "q34_slurm_node_failure",
    "q35_k8s_pod_lost",
    "q36_dataloader_worker_killed",
    "q37_hf_eval_oom",
    "q38_ray_train_runtime_error",
    "q39_import_error_some_ranks",
    "q40_import_error_all_ranks",
]  # fmt: skip
GAPS = {
    "q16_dcp_save_hang": "untuned: category want storage got network",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set12"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
