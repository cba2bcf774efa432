"""How far each rank got in its process group's queue: ProcessGroupNCCL's watchdog says which work
timed out and which work each rank last enqueued, so the rank that never enqueued the collective
the others wait in is the one that hung (the flight recorder's analysis, from the text alone).
Also: a flight recorder's folder is the job's, no node; a decoder's error on one sample is the
script's data; Inductor wrapping the operating system's error is that error."""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import work_report
from kintsugi.diagnose.hang import never_enqueued
from kintsugi.diagnose.signatures import default_signatures
from kintsugi.events import Action, Category, Culprit, Layer

TIMED = (
    "[rank{r}]:[E827 04:40:10.{us:06d}361 ProcessGroupNCCL.cpp:632] [PG ID 2 PG GUID 5(DATA_PARALLEL"
    "_GROUP) Rank {g}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=502118, "
    "OpType=ALLREDUCE, NumelIn=268435456, NumelOut=268435456, Timeout(ms)=1800000) ran for "
    "1800093 milliseconds before timing out.\n"
)
DUMPED = (
    "[rank{r}]:[E827 04:40:13.000000120 ProcessGroupNCCL.cpp:1423] [PG ID 2 PG GUID 5(DATA_PARALLEL"
    "_GROUP) Rank {g}] Received a dump signal due to a collective timeout from  rank 3 and we will "
    "try our best to dump the debug info. Last enqueued NCCL work: {seq}, last completed NCCL "
    "work: {seq}.\n"
)


def test_the_watchdog_lines_say_how_far_a_rank_got() -> None:
    # the prefix's rank is global; the bracket's is the group's, global only in the default group
    dumped = DUMPED.format(r=45, g=5, seq=502117)
    assert work_report(dumped, 45) == ("2", 45, None, 502117)
    assert work_report(dumped.split(":", 1)[1], None) is None
    default = (
        "[E922 02:56:14.001569018 ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank "
        "13] Exception (either an error or timeout) detected by watchdog at work: 40981, last "
        "enqueued NCCL work: 40981, last completed NCCL work: 40980."
    )
    assert work_report(default, None) == ("0", 13, 40981, 40981)
    assert work_report("[Rank 3] NCCL WARN nothing to see", None) is None


def test_only_a_rank_behind_in_its_own_group_is_behind() -> None:
    timed = {"2": {0: 10, 1: 10}, "0": {0: 7}}
    assert never_enqueued(timed, {"2": {5: 9, 0: 10}, "0": {3: 2}}) == [5]
    # one timed-out rank says nothing about where the others are
    assert never_enqueued({"0": {0: 7}}, {"0": {3: 2}}) == []
    # caught up (enqueued the same work) is not behind
    assert never_enqueued(timed, {"2": {5: 10}}) == []


def _bundle(root: Path, behind: int, nodes: int = 4, per_node: int = 8) -> None:
    for n in range(nodes):
        host = root / f"hgx-b0{n + 1}"
        host.mkdir()
        lines = [
            f"[rank{r}]:[2025-08-27 04:09:5{r % 10},000] INFO iter 9301 | loss 2.0 | 4.02 s/it\n"
            for r in range(n * per_node, (n + 1) * per_node)
        ]
        for r in range(n * per_node, (n + 1) * per_node):
            g = r % 16
            if r == behind:
                lines.append(DUMPED.format(r=r, g=g, seq=502117))
            else:
                lines.append(TIMED.format(r=r, g=g, us=r))
                lines.append(DUMPED.format(r=r, g=g, seq=502118))
        (host / "train.log").write_text("".join(lines))


def test_the_rank_that_never_enqueued_the_collective_hung(tmp_path: Path) -> None:
    # every rank logged and dumped; rank 21 never enqueued work 502118, the others timed out in it
    _bundle(tmp_path, behind=21)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.HANG,
        Layer.INFRASTRUCTURE,
        Culprit("hgx-b03", 21),
        Action.RUN_DIAGNOSTICS,
    )
    assert any("never_enqueued" in e for e in d.explain)


def test_a_flight_recorder_folder_is_no_node(tmp_path: Path) -> None:
    _bundle(tmp_path, behind=21)
    fr = tmp_path / "fr_dumps"
    fr.mkdir()
    (fr / "nccl_trace_rank_0.json").write_text('{"entries": [{"collective_seq_id": 3}]}')
    result = diagnose_bundle(tmp_path)
    assert "fr_dumps" not in result.scan.nodes and tmp_path.name not in result.scan.nodes
    assert result.diagnosis.culprit == Culprit("hgx-b03", 21)


def test_a_sample_no_decoder_can_read_is_the_scripts_data(tmp_path: Path) -> None:
    sigs = default_signatures()
    decoders = ("UnidentifiedImageError", "DecompressionBombError", "BadZipFile", "ArrowInvalid")
    classes = [sigs.exception(t) for t in decoders]
    assert all(c is not None and not c.refine_layer for c in classes)
    node = tmp_path / "node-c"
    node.mkdir()
    (node / "train.out").write_text(
        "[rank19]: Traceback (most recent call last):\n"
        '[rank19]:   File "/opt/clip/train.py", line 101, in train_one_epoch\n'
        "[rank19]:     for i, batch in enumerate(dataloader):\n"
        '[rank19]:   File "/usr/lib/python3.11/site-packages/PIL/Image.py", line 3498, in open\n'
        "[rank19]:     raise UnidentifiedImageError(msg)\n"
        "[rank19]: PIL.UnidentifiedImageError: cannot identify image file <_io.BytesIO object>\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (Category.USER_CODE, Layer.SCRIPT, Action.STOP)


@pytest.mark.parametrize(
    ("line", "name"),
    [
        (
            "torch._inductor.exc.InductorError: OSError: [Errno 28] No space left on device",
            "enospc",
        ),
        (
            "torch._inductor.exc.InductorError: LoweringException: AssertionError: bad",
            "compiler_backend_failed",
        ),
    ],
)
def test_inductor_wrapping_an_os_error_is_that_error(line: str, name: str) -> None:
    hit = default_signatures().match(line)
    assert hit is not None and hit[0].name == name


def test_attempts_count_their_work_apart(tmp_path: Path) -> None:
    # attempt 1 timed out at work 502118; attempt 2's ranks, far behind in a new process group,
    # are no laggards of attempt 1's collective
    (tmp_path / "attempt_1").mkdir()
    _bundle(tmp_path / "attempt_1", behind=21)
    late = tmp_path / "attempt_2" / "hgx-b01"
    late.mkdir(parents=True)
    (late / "train.log").write_text(DUMPED.format(r=40, g=8, seq=12))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is not None and d.culprit.rank == 21
