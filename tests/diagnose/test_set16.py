"""Development corpus 16, written blind to the rules by another author: 30 incidents of
Slurm-run multi-node PyTorch jobs (torchrun, Megatron-LM, DeepSpeed, NeMo) as a cluster's
platform team collects them after the fact: the job's sbatch output on the batch host,
slurmd and prolog/epilog logs (NHC, ``dcgmi diag``/``health``), ``sacct`` and ``scontrol show
node`` with stale Reason fields, kernel logs in several timestamp styles, ``nvidia-smi -q``,
``ibstat``/``mlxlink``/``ethtool -S``, the BMC's SEL, ``smartctl``, ``df``, ``top``; nodes the
scheduler set DOWN and nodes that left no logs.

Scored once as it came, before any tuning: 21/30 full verdicts (category 96.7%, layer 86.7%,
culprit 83.3%, action 83.3%); 30/30 after the capabilities it prompted (the launcher's
closing SIGTERM is no sign of a rank waiting; a contained Xid 94 then remapped restarts;
an Xid's pid named through torchrun's summary; a CUDA OOM beside a third of the card held
by a leftover; a rank stuck on its own GPU without an Xid is a suspect; ranks placed per
attempt; Python's own library frames skipped for the layer; an object store's "reduce your
request rate"; srun starting torchrun places ranks in blocks). Each case is a golden
verdict. The bundles are generated (under a second) from ``tests/corpus_set16/tools``; see
``tests/corpus_set16/README.md``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set16" / "tools"
CASES = [
    "p01_all_ranks_time_out_at_step_1730",
    "p02_rank_crash_ecc_message_deepspeed",
    "p03_one_rank_exits_nemo_ecc_then_idle",
    "p04_step_stalls_then_nvlink_cuda_error",
    "p05_nccl_retry_exceeded_peer_blamed",
    "p06_four_nodes_drop_within_one_second",
    "p07_checkpoint_save_never_returns",
    "p08_checkpoint_write_errno28",
    "p09_job_killed_node_failure_no_logs",
    "p10_dataloader_worker_killed_rank9",
    "p11_cuda_oom_same_gpu_both_attempts",
    "p12_oom_at_first_step_all_ranks",
    "p13_loss_nan_again_after_resubmit",
    "p14_nan_grad_norm_different_steps_each_run",
    "p15_iteration_time_creeps_up_overnight",
    "p16_throughput_down_no_errors_anywhere",
    "p17_job_frozen_after_eval_no_progress",
    "p18_every_rank_watchdog_same_second",
    "p19_hang_right_after_checkpoint_save",
    "p20_all_ranks_exit_at_import",
    "p21_rendezvous_timeout_on_two_submits",
    "p22_resume_dies_loading_checkpoint",
    "p23_one_rank_traceback_then_timeouts",
    "p24_finished_but_dmesg_has_xid",
    "p25_completed_node_shows_drain_reason",
    "p26_connection_reset_then_node_reboots",
    "p27_ioerror_reading_token_shard",
    "p28_checkpoint_upload_errors_all_nodes",
    "p29_requeued_job_crashes_same_way",
    "p30_expert_alltoall_ib_errors",
]  # fmt: skip
GAPS: dict[str, str] = {}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set16"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
