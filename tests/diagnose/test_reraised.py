"""A DataLoader worker's exception re-raised in the main process is the worker's own, and a
bare abort is explained by the ``what():`` line printed with it (real torch 2.13 formats)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Layer

SITE = "/usr/lib/python3.11/site-packages/torch"


def test_the_workers_own_exception_and_frames_decide(tmp_path: Path) -> None:
    (tmp_path / "n1").mkdir()
    (tmp_path / "n2").mkdir()
    (tmp_path / "n1" / "stderr.log").write_text(
        "[rank3]: Traceback (most recent call last):\n"
        '[rank3]:   File "/job/main.py", line 94, in main\n'
        f'[rank3]:   File "{SITE}/utils/data/dataloader.py", line 1567, in _process_data\n'
        f'[rank3]:   File "{SITE}/_utils.py", line 794, in reraise\n'
        "[rank3]:     raise exception\n"
        "[rank3]: ValueError: Caught ValueError in DataLoader worker process 0.\n"
        "[rank3]: Original Traceback (most recent call last):\n"
        f'[rank3]:   File "{SITE}/utils/data/_utils/worker.py", line 374, in _worker_loop\n'
        '[rank3]:   File "/job/main.py", line 36, in _read\n'
        '[rank3]:     return np.asarray(raw).reshape(rec["shape"])\n'
        "[rank3]: ValueError: cannot reshape array of size 700 into shape (3,16,16)\n"
    )
    (tmp_path / "n2" / "stderr.log").write_text("[rank1]: training\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (Category.USER_CODE, Layer.SCRIPT, Action.STOP)
    assert d.summary.startswith("ValueError: cannot reshape array of size 700")


def test_what_explains_the_abort_printed_with_it(tmp_path: Path) -> None:
    (tmp_path / "n1").mkdir()
    (tmp_path / "n1" / "torchrun.log").write_text(
        "terminate called after throwing an instance of 'gloo::EnforceNotMet'\n"
        "  what():  [enforce fail at gloo/transport/tcp/pair.cc:456] op.preamble.length <= "
        "op.nbytes. 133448 vs 4. Received data size doesn't match expected size. Is there a "
        "distributed collective mismatch in your code?\n"
        "[rank1]: RuntimeError: [gloo/transport/tcp/pair.cc:537] Read error [127.0.0.1]:4000: "
        "Connection reset by peer.\n"
        "Root Cause (first observed failure):\n"
        "[0]:\n"
        "  time      : 2026-11-25_21:45:40\n"
        "  host      : n1\n"
        "  rank      : 0 (local_rank: 0)\n"
        "  exitcode  : -6 (pid: 19680)\n"
        "  error_file: <N/A>\n"
        "  traceback : Signal 6 (SIGABRT) received by PID 19680\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (Category.USER_CODE, Layer.SCRIPT, Action.STOP)
    assert d.culprit is None


def test_python_s_own_library_is_skipped_for_the_layer(tmp_path: Path) -> None:
    """``json.loads`` failing on a malformed row the user's dataset read: the user's data
    (script), though the innermost frame is the standard library's decoder."""
    (tmp_path / "n1").mkdir()
    (tmp_path / "n1" / "stderr.log").write_text(
        "[rank21]: Traceback (most recent call last):\n"
        f'[rank21]:   File "{SITE}/utils/data/_utils/worker.py", line 309, in _worker_loop\n'
        '[rank21]:   File "/home/ft/data/jsonl_dataset.py", line 58, in __getitem__\n'
        '[rank21]:   File "/usr/lib/python3.10/json/__init__.py", line 346, in loads\n'
        '[rank21]:   File "/usr/lib/python3.10/json/decoder.py", line 340, in decode\n'
        "[rank21]: json.decoder.JSONDecodeError: Extra data: line 1 column 3091 (char 3090)\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (Category.USER_CODE, Layer.SCRIPT, Action.STOP)
