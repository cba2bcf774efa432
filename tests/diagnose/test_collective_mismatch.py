"""Ranks timed out inside different collectives at one SeqNum: a program bug (they called
different operations there) when nothing else failed; when one rank died of its own error
(a CUDA OOM) the others were caught wherever they stood, as pipeline stages are. Formats:
NCCL's watchdog (PyTorch 2.4+), a CUDA OOM traceback line."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle

WATCHDOG = (
    "[rank{r}]:[E1120 10:15:06.674690009 ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog caught "
    "collective operation timeout: WorkNCCL(SeqNum=9, OpType={op}, NumelIn=1, NumelOut=1, "
    "Timeout(ms)=600000) ran for 600009 milliseconds before timing out.\n"
)
OOM = (
    "[rank{r}]:torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.81 GiB. GPU 7 has "
    "a total capacity of 79.10 GiB of which 5.23 GiB is free. Including non-PyTorch memory, "
    "this process has 73.86 GiB memory in use.\n"
)


def _bundle(root: Path, oom: bool) -> Path:
    for n in range(4):
        d = root / f"node-g7-0{n + 1}"
        d.mkdir(parents=True)
        lines = []
        for i in range(4):
            r = 4 * n + i
            if oom and r == 15:
                lines.append(OOM.format(r=r))
            elif r < 4:
                lines.append(WATCHDOG.format(r=r, op="_ALLGATHER_BASE"))
            else:
                lines.append(WATCHDOG.format(r=r, op="ALLREDUCE"))
        (d / "megatron.log").write_text("".join(lines))
    return root


def test_different_collectives_at_one_point_and_nothing_else_is_a_program_bug(
    tmp_path: Path,
) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", oom=False)).diagnosis
    assert (d.category.value, d.layer.value, d.action.value) == ("hang", "script", "stop")


def test_a_rank_that_died_of_its_own_error_is_the_cause_not_the_mismatch(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", oom=True)).diagnosis
    assert (d.category.value, d.action.value) == ("oom", "stop")
