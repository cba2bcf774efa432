"""Ranks that timed out in a collective while one rank kept working alone (rank 0 tokenizing
inside ``main_process_first``, generating for an evaluation on the main process only): its
progress bar ran about as long as the others waited. The program's imbalance, not a hang.

Formats: tqdm bars (several draws on one line, joined by carriage returns), gloo's "Timed out
waiting 30000ms" and NCCL's ``Timeout(ms)=1800000``. Modelled on
https://github.com/hiyouga/LlamaFactory/issues/2424 and
https://github.com/huggingface/accelerate/issues/3861.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import bar_elapsed
from kintsugi.events import Action, Category, Layer

BAR = (
    "Running tokenizer on dataset:   0%|          | 1/20000 [00:00<00:35, 562.16it/s]"
    "\rRunning tokenizer on dataset:  55%|#####     | 11051/20000 [{at}<00:24, 363.69it/s]\n"
)
GLOO = (
    "[rank{r}]: RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:"
    "78] Timed out waiting 30000ms for recv operation to complete\n"
)


def test_a_bars_elapsed_time() -> None:
    assert bar_elapsed(BAR.format(at="00:30")) == 30.0
    assert bar_elapsed("eval: 25%|##  | 5000/20000 [1:20:50<41:00,  4.03it/s]") == 4850.0
    assert bar_elapsed("loss 0.3 it/s] nothing") is None


def _bundle(root: Path, at: str) -> Path:
    for i, node in enumerate(("ip-41", "ip-42", "ip-47")):
        (root / node).mkdir()
        text = BAR.format(at=at) if i == 0 else GLOO.format(r=2 * i) + GLOO.format(r=2 * i + 1)
        if i == 0:
            text += GLOO.format(r=1)
        (root / node / "output.txt").write_text(text)
    return root


def test_rank_zero_working_alone_past_the_timeout(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, "00:30")).diagnosis
    assert (d.category, d.layer, d.action, d.culprit) == (
        Category.USER_CODE,
        Layer.SCRIPT,
        Action.STOP,
        None,
    )


def test_a_bar_that_stopped_long_before_is_no_alibi(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, "00:05")).diagnosis
    assert d.category is not Category.USER_CODE
