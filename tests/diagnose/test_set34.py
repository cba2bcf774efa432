"""Development corpus 34, written blind to the rules by another author: 24 failures at the two
ends of a run, start-up (rendezvous, NCCL and CUDA initialisation, imports, resume from a
checkpoint) and teardown (the final checkpoint and evaluation, the exit barrier, a scheduler
state that says FAILED after a finished run), across launchers and training frameworks.

Scored once as it came (after all of this session's other work, none aimed at it): 19/24 full
verdicts (category 83.3%, layer 83.3%, culprit 87.5%, action 83.3%); 21/24 after the two
things it taught (a leaver's own failure after it said training completed is that failure, not
ranks that stopped apart; NCCL's routine InfiniBand async events carry their device and port).
``GAPS`` lists the rest as strict xfails. The bundles are generated from
``tests/corpus_set34/tools``; see its README.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set34" / "tools"
CASES = [
    "ae01_16_node_job_dies_at_first_allreduce",
    "ae02_nccl_init_fails_with_ib_errors_on_half_the_ranks",
    "ae03_one_rank_crashes_at_startup_invalid_device_ordinal",
    "ae04_job_crashes_minutes_after_every_requeue",
    "ae05_resume_from_last_ckpt_crashes_one_rank_cuda_error",
    "ae06_run_finished_training_but_died_in_final_eval",
    "ae07_job_fails_during_nccl_setup_unhandled_cuda_error",
    "ae08_final_checkpoint_save_crashes_every_rank",
    "ae09_resume_fails_with_file_not_found_on_some_ranks",
    "ae10_cuda_device_busy_or_unavailable_on_one_rank",
    "ae11_job_never_started_rendezvous_timeout_12_nodes",
    "ae12_training_stuck_at_start_then_watchdog_timeout",
    "ae13_all_ranks_time_out_shortly_after_resume",
    "ae14_run_finished_but_crashed_in_final_evaluation_rank0",
    "ae15_resume_killed_on_every_node_while_loading",
    "ae16_loss_goes_nan_immediately_after_resume",
    "ae17_run_slowed_down_overnight_and_hit_time_limit",
    "ae18_resume_fails_on_all_ranks_loading_state_dict",
    "ae19_crash_at_end_of_epoch_during_evaluation",
    "ae20_one_worker_pod_crashloops_at_import",
    "ae21_resume_from_checkpoint_fails_on_every_rank_after_image_update",
    "ae22_job_marked_failed_although_training_finished",
    "ae23_nccl_error_and_worker_restart_at_startup",
    "ae24_nccl_warnings_everywhere_then_job_killed_at_midnight",
]  # fmt: skip
GAPS = {
    "ae06_run_finished_training_but_died_in_final_eval": (
        "a contained ECC error whose row the health agent's GPU reset remapped (in its own log, then dcgmi diag passing) restarts on the node here; the engine excludes it, reading no nvidia-smi that shows the row remapped"
    ),
    "ae10_cuda_device_busy_or_unavailable_on_one_rank": (
        "'CUDA-capable device(s) is/are busy or unavailable' on one rank, with nvidia-smi showing another user's leftover process holding that GPU in exclusive-process mode, is read as a generic RuntimeError, not as the node's host problem"
    ),
    "ae11_job_never_started_rendezvous_timeout_12_nodes": (
        "the one node whose torchrun could not resolve the rendezvous host (a getaddrinfo error in its agent's log) now names that node (it could not connect, the others waited) but as its network, not the host the label says"
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set34"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
