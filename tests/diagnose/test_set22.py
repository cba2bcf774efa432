"""Development corpus 22, written blind to the rules by another author: 30 bundles in which
several things go wrong or look wrong at once and one of them is the cause (an Xid before a
user-looking CUDA error everywhere, a link flap before timeouts and a failed checkpoint, a leaking
daemon behind an OOM kill, a flap hours before the same state-dict error on every rank, an OOM
on one pipeline stage while the others wait in different collectives, addresses mapped through
NCCL's bootstrap lines, recurrence across attempts).

Scored once as it came (before any tuning on it): 21/30 full verdicts (category 86.7%, layer
83.3%, culprit 80.0%, action 83.3%); 30/30 after the capabilities it prompted (NCCL's busId
names the rank on a faulty GPU; a node's own link-down is never a peer's; another workload's
40% of memory crowds the job out; a flap that came back explains no application error; a rank
that died of its own error is the cause, not the collectives the others were caught in; the
node's own HCA port error; the ranks' tracebacks say whose kernel an Xid 13 was). Each case
is a golden verdict. The bundles are generated from ``tests/corpus_set22/tools``; see
``tests/corpus_set22/README.md``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, build, cases

TOOLS = Path(__file__).resolve().parents[1] / "corpus_set22" / "tools"
CASES = [
    "b01_cuda_errors_on_every_rank_after_step_4k",
    "b02_nccl_timeouts_everywhere_and_checkpoint_failed",
    "b03_training_killed_signal_9_after_nine_hours",
    "b04_loss_scale_collapsed_at_step_61k",
    "b05_keyerror_input_ids_in_dataloader",
    "b06_illegal_memory_access_on_all_nodes",
    "b07_illegal_memory_access_again_after_requeue",
    "b08_checkpoint_write_input_output_error",
    "b09_iterations_slowed_from_1_4s_to_2_1s",
    "b10_size_mismatch_when_resuming",
    "b11_stuck_at_step_7k_no_output",
    "b12_crashed_overnight_two_errors",
    "b13_nccl_error_peer_10_42_3_17",
    "b14_device_side_assert_at_step_18432",
    "b15_one_node_fails_at_startup_others_timeout",
    "b16_import_error_on_every_rank",
    "b17_unhandled_cuda_error_on_one_node",
    "b18_uncorrectable_ecc_crash_one_rank",
    "b19_hung_then_watchdog_timeout",
    "b20_loss_spiked_then_nan",
    "b21_cuda_oom_on_first_iteration_twice",
    "b22_cuda_oom_at_first_step_one_gpu",
    "b23_finished_but_log_full_of_errors",
    "b24_restarted_once_then_finished",
    "b25_checkpoint_save_disk_quota_exceeded",
    "b26_hung_then_everything_failed",
    "b27_node_disappeared_mid_training",
    "b28_timeout_after_first_evaluation",
    "b29_one_node_always_slowest",
    "b30_all_ranks_stuck_no_progress",
]  # fmt: skip
GAPS: dict[str, str] = {}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(TOOLS, tmp_path_factory.mktemp("set22"))


def test_the_generator_builds_every_case(built: Path) -> None:
    assert sorted(p.parent.name for p in built.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(built: Path, name: str) -> None:
    assert_golden(built / name)
