"""Python's own error types raised inside a library the script called report what the script
passed (a token id past the vocabulary), so they are the script's; the same types raised with
no user frame on the stack read as the framework's, and a verdict to stop on is the script's
to change all the same (real torch 2.13 traceback shape)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Category, Layer

SITE = "/opt/venv/lib/python3.11/site-packages/torch"


def _bundle(tmp_path: Path, frames: list[str], error: str) -> Path:
    (tmp_path / "node-a").mkdir()
    (tmp_path / "node-b").mkdir()
    tb = "".join(f'[rank3]:   File "{f}", line 10, in fn\n' for f in frames)
    (tmp_path / "node-b" / "rank3.log").write_text(
        "[rank3]: Traceback (most recent call last):\n" + tb + f"[rank3]: {error}\n"
    )
    (tmp_path / "node-a" / "rank0.log").write_text("[rank0]: iteration 30 | lm loss 6.5\n")
    return tmp_path


def test_index_error_inside_torch_called_from_the_script_is_the_script(tmp_path: Path) -> None:
    frames = [
        "/srv/code/pretrain.py",
        "/srv/code/model.py",
        f"{SITE}/nn/modules/module.py",
        f"{SITE}/nn/modules/sparse.py",
        f"{SITE}/nn/functional.py",
    ]
    d = diagnose_bundle(_bundle(tmp_path, frames, "IndexError: index out of range in self"))
    assert (d.diagnosis.category, d.diagnosis.layer) == (Category.USER_CODE, Layer.SCRIPT)


def test_the_same_type_with_no_user_frame_is_still_the_scripts_to_stop(tmp_path: Path) -> None:
    frames = [
        "/opt/venv/lib/python3.11/site-packages/accelerate/commands/launch.py",
        f"{SITE}/utils/data/dataloader.py",
        f"{SITE}/utils/data/_utils/collate.py",
    ]
    d = diagnose_bundle(
        _bundle(tmp_path, frames, "TypeError: default_collate: batch must contain tensors")
    )
    assert (d.diagnosis.action.value, d.diagnosis.layer) == ("stop", Layer.SCRIPT)
    assert any("deterministic_is_the_scripts" in w for w in d.diagnosis.explain)
