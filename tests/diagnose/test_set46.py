"""Development corpus 46, written blind to the rules by another author: 27 hangs and slowdowns as production monitoring captures them (heartbeat tables, flight-recorder analyses, per-pid py-spy dumps, torchtitan, Megatron-LM, NeMo, HF Trainer and DeepSpeed throughput lines, per-rank timing CSVs, W&B system metrics, alertmanager) and nine crashes for balance.

Scored once as it came (with the engine of its commit, none of it aimed at this set): 19/27 (category 22, layer 24, culprit 22, action 22);
20/27 after that session's later work. ``GAPS`` lists the rest as strict xfails, each
with what the engine says against the label. The bundles are generated from
``tests/corpus_set46/tools``; see its README.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set46" / "tools"
CASES = [
    "aq01_heartbeat_table_no_progress_48_ranks",
    "aq02_fr_trace_report_after_allreduce_timeouts",
    "aq03_pyspy_dumps_after_epoch_end_stall",
    "aq04_torchtitan_tps_down_25pct_since_step_4200",
    "aq05_megatron_iteration_ms_up_70pct_no_errors",
    "aq06_nemo_train_step_timing_spikes_40min",
    "aq07_hf_trainer_6s_per_it_gpu_util_low",
    "aq08_job_runs_until_walltime_after_training_completed",
    "aq09_checkpoint_step6000_never_completes",
    "aq10_megatron_straggler_report_rank_43_every_interval",
    "aq11_per_rank_timing_csv_one_node_compute_slower",
    "aq12_deepspeed_samples_per_sec_drop_midrun",
    "aq13_wandb_system_csv_tokens_per_sec_down",
    "aq14_fr_trace_after_validation_stall",
    "aq15_progress_sidecar_32_ranks_frozen_same_seq",
    "aq16_pyspy_per_pid_dumps_loss_item_blocked",
    "aq17_ncclRemoteError_on_three_nodes",
    "aq18_cuda_error_uncorrectable_on_rank_14",
    "aq19_all_ranks_outofmemory_first_step",
    "aq20_two_attempts_stop_at_iteration_31250",
    "aq21_rank_11_traceback_then_timeouts",
    "aq22_all_workers_exit_1_within_seconds_of_launch",
    "aq23_slurm_job_cancelled_at_walltime",
    "aq24_iteration_12000_checkpoint_then_watchdog_abort",
    "aq25_rank_21_outofmemory_at_model_load",
    "aq26_alertmanager_heartbeat_missing_eight_ranks",
    "aq27_rank_17_cuda_error_midrun_others_abort",
]  # fmt: skip
GAPS = {
    "aq02_fr_trace_report_after_allreduce_timeouts": "open: category want hang got user_code; layer want infrastructure got script; culprit want llama-ft-worker-2/rank 22 got none; action want run_diagnostics got stop",
    "aq05_megatron_iteration_ms_up_70pct_no_errors": "open: category want network got straggler",
    "aq06_nemo_train_step_timing_spikes_40min": "open: action want none got restart",
    "aq07_hf_trainer_6s_per_it_gpu_util_low": "open: action want none got stop",
    "aq08_job_runs_until_walltime_after_training_completed": "open: category want hang got unknown",
    "aq09_checkpoint_step6000_never_completes": "open: culprit want gpu-st-05/rank 32 got gpu-st-05",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set46"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
