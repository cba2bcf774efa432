"""``journalctl -k -o short-iso-precise`` (and rsyslog's RFC 3339 files) are kernel logs: their
lines begin with a zoned ISO stamp, then the host and ``kernel:``. The stamp is read once, as the
line's time; a node's own zone (``timedatectl``) is not applied to it a second time, and an Xid
from days before the job began is the node's past, not the job's failure.

Formats: journald's ``short-iso-precise`` output ("2025-02-11T02:14:33.091000-0800 host kernel:
NVRM: Xid ..."), its "-- Boot <id> --" separators, ``timedatectl``'s "Time zone:" line, Slurm's
"CANCELLED AT ... DUE TO TIME LIMIT" (slurmstepd).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.timeline import parse_ts
from kintsugi.events import Action, Category

_JOURNAL = (
    "-- Journal begins at Tue 2025-02-11 00:00:00 PST, ends at Fri 2025-02-14 06:05:40 PST. --\n"
    "2025-02-11T02:14:33.091000-0800 {host} kernel: NVRM: Xid (PCI:0000:3a:00): 94, pid=77120,"
    " name=python3, Contained ECC error.\n"
    "2025-02-11T03:02:53.091000-0800 {host} kernel: reboot: Restarting system\n"
    "-- Boot 7f3c2e91b0d84a5cb1e6f0a9d4c27e13 --\n"
    "2025-02-11T03:06:33.091000-0800 {host} kernel: Linux version 6.8.0-51-generic\n"
)


def _train(host: str, rank: int) -> str:
    lines = [f"I0213 06:00:09.000000 4582 torch/distributed/run.py:779] starting on {host}"]
    lines += [
        f"[rank{rank}]:[2025-02-13 {h:02d}:00:00,000] INFO iteration {100 * h}/90000 | loss 2.1"
        for h in range(7, 24)
    ]
    return "\n".join(lines) + "\n"


def _bundle(root: Path) -> Path:
    for i, host in enumerate(("hgx-03", "hgx-04", "hgx-05")):
        d = root / host
        d.mkdir(parents=True)
        (d / "train.log").write_text(_train(host, i))
        (d / "host_info.txt").write_text(
            "$ timedatectl\n                Time zone: America/Los_Angeles (PST, -0800)\n"
        )
    (root / "hgx-05" / "journalctl_k_3days.txt").write_text(_JOURNAL.format(host="hgx-05"))
    (root / "slurm-5512093.out").write_text(
        "slurmstepd: error: *** JOB 5512093 ON hgx-03 CANCELLED AT 2025-02-14T06:00:12"
        " DUE TO TIME LIMIT ***\n"
    )
    return root


def test_the_journal_stamp_puts_its_line_on_utc_once(tmp_path: Path) -> None:
    scan = diagnose_bundle(_bundle(tmp_path)).scan
    (xid,) = [f for f in scan.findings if "Xid" in f.text]
    assert xid.ts == parse_ts("2025-02-11 10:14:33.091")
    assert xid.stamp.startswith("2025-02-11T02:14:33")
    # the journal is the node's kernel log, not the job's: the job began on the 13th
    assert scan.job_start[None] >= (parse_ts("2025-02-13 06:00:00") or 0.0) - 3600


def test_an_xid_days_before_the_job_does_not_fail_a_job_that_ran_out_of_time(
    tmp_path: Path,
) -> None:
    d = diagnose_bundle(_bundle(tmp_path)).diagnosis
    assert d.category is Category.UNKNOWN
    assert d.culprit is None
    assert d.action is Action.NONE
