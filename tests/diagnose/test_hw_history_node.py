"""A hardware event long before the job failed, on a node whose ranks failed only in sympathy,
is that node's history; the job's own error is the failure. A lasting condition (a DIMM
mapped out at boot) still explains a failure on its own node. And a traceback whose last frame
is followed by a message line before the exception line keeps the exception.

Lines: NVIDIA's Xid 64 (row remapper) in ``dmesg -T``, PyTorch's watchdog, Python's
traceback (a ``KeyError`` after a line the program printed, as a DataLoader worker's
re-raise does).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

XID = (
    "[Wed Jun  5 02:11:40 2024] NVRM: Xid (PCI:0000:3a:00): 64, pid='<unknown>', "
    "name=<unknown>, Row Remapper Error: (0x00000000a81c3f40) - All reserved rows for bank "
    "are remapped\n"
)
KEYERROR = (
    "[rank5]:[2024-06-18 16:41:00,100] step 300\n"
    "[rank5]: Traceback (most recent call last):\n"
    '[rank5]:   File "/workspace/data/collate.py", line 41, in pad_collate\n'
    "[rank5]:     lengths = [s['audio_len'] for s in batch]\n"
    "[rank5]: (sample id 'clip_00311842' has no 'audio_len')\n"
    "[rank5]: KeyError: 'audio_len'\n"
)
WATCHDOG = (
    "[rank16]:[E0618 16:41:14.080000000 ProcessGroupNCCL.cpp:1970] [PG ID 0 PG GUID "
    "0(default_pg) Rank 16] Process group watchdog thread terminated with exception: NCCL "
    "error: remote process exited or there was a network error, NCCL version 2.21.5\n"
)


def test_an_old_xid_on_a_sympathetic_node_is_history(tmp_path: Path) -> None:
    (tmp_path / "h07").mkdir()
    (tmp_path / "h11").mkdir()
    (tmp_path / "h07" / "torchrun.log").write_text(KEYERROR)
    (tmp_path / "h11" / "torchrun.log").write_text(WATCHDOG)
    (tmp_path / "h11" / "dmesg-T.txt").write_text(XID)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.USER_CODE, None, Action.STOP)
    assert "KeyError" in d.evidence[0].text


def test_an_old_event_that_explains_its_own_node_stays(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "kern.log").write_text(
        "Nov 24 09:27:31 a kernel: EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#2_"
        "DIMM#0 (channel:2 slot:0 page:0x3f2e1c offset:0x0 grain:32 - err_code:0x0000:0x009f)\n"
        "Nov 25 11:59:46 a kernel: Out of memory: Killed process 67704 (pt_main_thread) "
        "total-vm:412339208kB, anon-rss:187241104kB\n"
    )
    (tmp_path / "b" / "torchrun.log").write_text(WATCHDOG.replace("E0618 16:41", "E1125 12:00"))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is not None and d.culprit.node == "a"


def test_a_node_that_went_down_after_the_job_had_failed_did_not_fail_it(tmp_path: Path) -> None:
    """NaN at one step on every node, then (20 minutes after the job ended) slurmctld sets a
    node DOWN: the recipe diverged, the outage came later (slurmctld.log, srun's report)."""
    lines = [
        f"{r}: [2024-04-10 02:10:44,300] FloatingPointError: loss is NaN at step 8840\n"
        for r in range(4)
    ]
    (tmp_path / "slurm-771002.out").write_text(
        "".join(lines)
        + "srun: error: gpu201: tasks 0-1: Exited with exit code 1\n"
        + "srun: error: gpu205: tasks 2-3: Exited with exit code 1\n"
    )
    (tmp_path / "slurmctld.log").write_text(
        "[2024-04-10T02:10:47.118] _job_complete: JobId=771002 WEXITSTATUS 1\n"
        "[2024-04-10T02:36:02.002] error: Nodes gpu205 not responding, setting DOWN\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.NUMERICAL, None, Action.STOP)
