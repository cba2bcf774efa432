"""Development corpus 19, written blind to the rules by another author: 30 incidents of long
pretraining runs at scale (64-2048 GPUs; Megatron-LM, NeMo, torchtitan, Composer, DeepSpeed
under Slurm or Kubernetes) as the on-call engineer collects them: several restarts and
auto-resumes, nodes swapped for spares, in-job restarts and nvidia-resiliency-ext, DCP and
Megatron checkpoints, flight-recorder and py-spy dumps, NCCL RAS, DCGM, ibdiagnet, SEL; 8-16
node folders per case, skewed clocks, overlapping problems.

Scored once as it came (after the set 16-18 work of the same session, before any tuning on
it): 26/30 full verdicts (category 93.3%, layer 100%, culprit 90.0%, action 93.3%); 30/30
after the capabilities it prompted (a BMC's uncorrectable memory or IERR event; sacct's
``.batch`` step is not the job; an Xid's bus read through the other nodes' tables; NaNs that
follow one node name the one rank they hit). Each case is a golden verdict. The bundles are
generated (in about 3 s) from ``tests/corpus_set19/tools``; see ``tests/corpus_set19/README.md``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set19" / "tools"
CASES = [
    "f01_loss_spikes_then_nan_after_every_resume",
    "f02_grad_norm_nan_at_random_steps",
    "f03_all_ranks_hit_watchdog_timeout",
    "f04_restarts_die_during_init",
    "f05_one_pod_crashed_mid_epoch",
    "f06_nccl_errors_then_launcher_kills_all",
    "f07_training_died_with_ib_completion_errors",
    "f08_quarter_of_the_nodes_dropped_at_once",
    "f09_checkpoint_save_errors_on_many_ranks",
    "f10_checkpoint_write_fails_on_resume_too",
    "f11_pods_crashloop_right_after_start",
    "f12_single_rank_out_of_memory_at_startup",
    "f13_every_restart_dies_on_first_step",
    "f14_dataloader_worker_killed",
    "f15_peers_report_connection_reset",
    "f16_job_frozen_all_ranks_timeout_but_one",
    "f17_training_froze_then_auto_restarted",
    "f18_step_time_creeping_up",
    "f19_throughput_down_a_third_no_errors",
    "f20_slower_after_maintenance_swap",
    "f21_requeued_job_fails_within_seconds",
    "f22_resume_after_swap_stuck_in_rendezvous",
    "f23_resume_crashes_loading_checkpoint",
    "f24_hang_after_validation_step",
    "f25_crash_at_same_iteration_twice",
    "f26_run_finished_but_alerts_fired",
    "f27_pods_completed_with_retry_warnings",
    "f28_crash_with_gpu_alerts_on_two_hosts",
    "f29_job_requeued_after_node_failure",
    "f30_in_job_restarts_keep_failing",
]  # fmt: skip
GAPS: dict[str, str] = {}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set19"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
