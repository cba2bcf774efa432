"""A port that went down and came back before anything failed explains no error of the
application's own: the same ``load_state_dict`` error on every rank is the job's, whatever one
node's kernel logged hours before. While a rank reports a communication error, the flap stays
a cause. Formats: ``dmesg -T`` (mlx5), Megatron-style ``[rankN]:`` tracebacks."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle

FLAP = (
    "[Mon Sep  2 08:41:12 2024] mlx5_core 0000:3a:00.0 ibp58s0: Link down\n"
    "[Mon Sep  2 08:41:12 2024] mlx5_core 0000:3a:00.0: mlx5_port_module_event:1151:(pid 0): "
    "Port module event: module 2, Cable unplugged\n"
    "[Mon Sep  2 08:41:39 2024] mlx5_core 0000:3a:00.0 ibp58s0: Link up\n"
)


def _mismatch(r: int) -> str:
    return (
        f"[rank{r}]: Traceback (most recent call last):\n"
        f'[rank{r}]:   File "/workspace/megatron/training/checkpointing.py", line 1090, in '
        "load_checkpoint\n"
        f"[rank{r}]:     model[0].load_state_dict(state_dict['model'], strict=strict)\n"
        f"[rank{r}]: RuntimeError: Error(s) in loading state_dict for GPTModel:\n"
        f"[rank{r}]: \tsize mismatch for embedding.word_embeddings.weight: copying a param with "
        "shape torch.Size([32064, 8192]) from checkpoint, the shape in current model is "
        "torch.Size([16032, 8192]).\n"
    )


def _bundle(root: Path, lost_peer: bool) -> Path:
    for n in range(3):
        d = root / f"gpu-n10{n}"
        d.mkdir(parents=True)
        (d / "dmesg.txt").write_text(FLAP if n == 1 else "")
        text = "".join(_mismatch(8 * n + i) for i in range(2))
        if lost_peer and n == 2:
            text = (
                "[rank16]:[E902 08:41:20.000000000 ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0"
                "(default_pg) Rank 16] Process group watchdog thread terminated with exception: "
                "NCCL error: remote process exited or there was a network error\n"
            )
        (d / "job.out").write_text(text)
    return root


def test_a_flap_that_came_back_does_not_explain_the_applications_error(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", lost_peer=False)).diagnosis
    assert (d.category.value, d.layer.value, d.action.value) == ("user_code", "script", "stop")
    assert d.culprit is None


def test_while_a_rank_lost_its_peer_the_flap_stays_the_cause(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", lost_peer=True)).diagnosis
    assert d.category.value == "network"
    assert d.culprit is not None and d.culprit.node == "gpu-n101"


def test_a_flap_within_one_second_of_the_logs_clock_came_back(tmp_path: Path) -> None:
    """``Link down`` and ``Link up`` a few seconds apart in a log whose times read alike (the
    same second, an uptime read against one clock): the later line is the later event."""
    (tmp_path / "gpu-e09").mkdir()
    (tmp_path / "gpu-e09" / "dmesg.txt").write_text(
        "[Mon Sep  2 08:41:12 2024] mlx5_core 0000:9c:00.0 ibp156s0: Link down\n"
        "[Mon Sep  2 08:41:12 2024] mlx5_core 0000:9c:00.0 ibp156s0: Link up\n"
    )
    (tmp_path / "gpu-e10").mkdir()
    (tmp_path / "gpu-e10" / "dmesg.txt").write_text("")
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is None, d.summary
