"""Development corpus 27, written blind to the rules by another author: 11 real captures of
torch.distributed jobs (gloo on CPU, 2 to 4 simulated nodes in their own namespaces): a
deadlock in the user's prefetch thread, a healthy job at its time limit, a frozen rank (cgroup
freezer) until the time limit, a rank leaving its loop early, torch.compile without a working
C++ compiler everywhere, a late joiner that recovered, ``ulimit -v`` on one node in two attempts,
a bad data shard that follows its rank, a frozen shared file system, a half-precision overflow.

Scored once as it came (after the sets 28 and 29 work of the same session, none of it aimed at
it): 3/11 full verdicts (category 54.5%, layer 45.5%, culprit 72.7%, action 45.5%); 6/11 after
the capabilities it prompted (a launcher's ``--node-rank`` in ``ps`` names its lone worker's
rank, so a worker in state D is the hang's suspect; an error to stop on that follows one node
under other ranks is that node's; Inductor's own error class). ``GAPS`` lists the rest as
strict xfails. The bundles are checked in under ``tests/corpus_set27/cases``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, cases

ROOT = Path(__file__).resolve().parents[1] / "corpus_set27" / "cases"
CASES = [
    "i01_training_froze_mid_run_no_error_for_a_minute",
    "i02_hostname_warnings_and_odd_hosts_entry_on_one_node",
    "i03_job_cancelled_before_it_finished",
    "i04_no_progress_then_killed_at_time_limit",
    "i05_one_node_says_training_completed_others_crashed",
    "i06_every_rank_crashes_at_first_step_with_compile",
    "i07_lots_of_rendezvous_warnings_at_startup",
    "i08_requeued_job_dies_again_cannot_allocate_memory",
    "i09_requeued_job_crashes_again_index_out_of_range",
    "i10_checkpoint_save_hung_requeue_finished",
    "i11_loss_suddenly_inf_run_aborted",
]  # fmt: skip
GAPS = {
    "i01_training_froze_mid_run_no_error_for_a_minute": (
        "a deadlock on a lock in the user's own prefetch thread shows only as one rank's stack outside the collective; the engine names that rank a hang suspect (the stack does not say whose lock)"
    ),
    "i10_checkpoint_save_hung_requeue_finished": (
        "the frozen shared file system of the first attempt (every worker in D under mnt_want_write, a blocked probe) is not read as storage when the requeue then finished"
    ),
}


def test_every_case_is_listed() -> None:
    assert sorted(p.parent.name for p in ROOT.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(name: str) -> None:
    assert_golden(ROOT / name)
