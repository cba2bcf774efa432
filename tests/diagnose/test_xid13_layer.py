"""An Xid 13 names the GPU, not the code; the ranks' own tracebacks of the CUDA error say whose
kernel faulted: the user's own (script) or, by default, the framework's; a fault to stop on
is the script's to change either way. Formats: ``dmesg -T``
(NVRM Xid), a ``[rankN]:``-prefixed Python traceback."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle

XID = (
    "[Tue Jul  2 16:22:34 2024] NVRM: Xid (PCI:0000:18:00): 13, pid='<unknown>', name=<unknown>, "
    "Graphics SM Warp Exception on (GPC 3, TPC 5, SM 0): Out Of Range Address\n"
)


def _trace(r: int, innermost: str) -> str:
    return (
        f"[rank{r}]: Traceback (most recent call last):\n"
        f'[rank{r}]:   File "/workspace/torchtitan/train.py", line 307, in main\n'
        f"[rank{r}]:     loss.backward()\n"
        f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", line 581, '
        "in backward\n"
        f"[rank{r}]:     torch.autograd.backward(\n"
        f'[rank{r}]:   File "{innermost}", line 212, in backward\n'
        f"[rank{r}]:     _rope_bwd_kernel[grid](dq, q, cos, sin)\n"
        f"[rank{r}]: RuntimeError: CUDA error: an illegal memory access was encountered\n"
    )


def _bundle(root: Path, innermost: str) -> Path:
    for n in range(2):
        d = root / f"cn-204{n + 1}"
        d.mkdir(parents=True)
        (d / "dmesg.log").write_text(XID)
        (d / "stdout.txt").write_text("".join(_trace(2 * n + i, innermost) for i in range(2)))
    return root


def test_the_users_own_kernel_is_the_script(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", "/workspace/experiments/kernels/rope.py"))
    v = d.diagnosis
    assert (v.category.value, v.layer.value, v.action.value) == ("user_code", "script", "stop")


def test_a_kernel_inside_the_framework_is_still_the_scripts_to_stop(tmp_path: Path) -> None:
    inner = "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/rope.py"
    v = diagnose_bundle(_bundle(tmp_path / "b", inner)).diagnosis
    assert (v.category.value, v.layer.value, v.action.value) == ("user_code", "script", "stop")
    assert any("fault_in_whose_code: the ranks' tracebacks" in w for w in v.explain)
