"""A NaN after the logged loss or gradient norm blew up is the recipe (stop); a NaN on one
node's rank while the loss stayed smooth makes that node the one to test.

Formats: Megatron-LM's iteration line (``lm loss: 2.33E+00 | grad norm: 0.338``), HF
Trainer's metric dicts (``{'loss': 2.33, 'grad_norm': 1.2}``), plain ``loss 2.08`` lines.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import train_metrics
from kintsugi.events import Action, Category, Layer


def _megatron(losses: list[float], norms: list[float]) -> str:
    return "".join(
        f" iteration {10 * (i + 1):8d}/ 50000 | elapsed time per iteration (ms): 1601.8 | "
        f"lm loss: {loss:.6E} | grad norm: {norm:.3f} | number of nan iterations: 0 |\n"
        for i, (loss, norm) in enumerate(zip(losses, norms, strict=True))
    )


NAN = (
    "Traceback (most recent call last):\n"
    '  File "/workspace/pretrain_gpt.py", line 301, in train_step\n'
    "AssertionError: Rank 6: found NaN in local grad norm in backward pass before "
    "data-parallel communication collective. Device: 6, node: n2\n"
)


def _bundle(tmp_path: Path, losses: list[float], norms: list[float]) -> Path:
    for n in ("n1", "n2", "n3"):
        (tmp_path / n).mkdir()
    (tmp_path / "n1" / "rank0.log").write_text(_megatron(losses, norms))
    (tmp_path / "n2" / "rank6.log").write_text(NAN)
    (tmp_path / "n3" / "rank9.log").write_text("training\n")
    return tmp_path


def test_a_nan_after_the_loss_blew_up_is_the_recipe(tmp_path: Path) -> None:
    losses = [2.4 - 0.01 * i for i in range(20)] + [2.9, 8.9, 14.9, 20.9]
    norms = [0.34] * 20 + [140.0, 280.0, 420.0, 560.0]
    d = diagnose_bundle(_bundle(tmp_path, losses, norms)).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.NUMERICAL,
        Layer.SCRIPT,
        None,
        Action.STOP,
    )


def test_a_nan_on_one_node_with_a_smooth_loss_makes_that_node_the_suspect(tmp_path: Path) -> None:
    losses = [2.4 - 0.01 * i for i in range(24)]
    d = diagnose_bundle(_bundle(tmp_path, losses, [0.34] * 24)).diagnosis
    assert (d.category, d.layer, d.action) == (
        Category.NUMERICAL,
        Layer.INFRASTRUCTURE,
        Action.RUN_DIAGNOSTICS,
    )
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("n2", 6)


def test_the_rank_whose_own_gradients_went_nan_is_the_origin_not_the_spread(
    tmp_path: Path,
) -> None:
    """Every rank's loss is NaN at the step (the all-reduce spread it); the rank whose local
    gradients went non-finite before communication is on n2 in both attempts."""
    for attempt, (step, origin) in enumerate(((3121, 5), (3408, 4))):
        for n, ranks in (("n1", (0, 1, 2)), ("n2", (3, 4, 5)), ("n3", (6, 7, 8))):
            d = tmp_path / f"attempt_{attempt}" / n
            d.mkdir(parents=True)
            text = ""
            if origin in ranks:
                text += (
                    f"[rank{origin}]: 2025-05-01 03:06:39,600 ERROR grad guard: non-finite "
                    f"values in local grad shard of layers.8.w2 (inf=0, nan=1311) at step {step}\n"
                )
            for r in ranks:
                text += f"[rank{r}]: 2025-05-01 03:06:41,000 ERROR loss is NaN at step {step}\n"
            (d / "train.log").write_text(text)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is not None and d.culprit.node == "n2"
    assert d.action is Action.RESTART_WITHOUT_NODE


@pytest.mark.parametrize(
    ("line", "loss", "norm"),
    [
        ("iteration 3090/ 50000 | lm loss: 2.330000E+00 | grad norm: 0.338 |", 2.33, 0.338),
        ("{'loss': 2.33, 'grad_norm': 1.25, 'learning_rate': 1e-05}", 2.33, 1.25),
        ("step 20 loss 2.0840 step_time 8.24s", 2.084, None),
        ("loss=2.1e+00, global_grad_norm=4.5", 2.1, 4.5),
        ("loss scale: 65536.0", None, None),
        ("val_loss=3.2 eval loss: 3.1", None, None),
        ("validation loss at iteration 100 | lm loss value: 2.3", None, None),
        ("step: 10 loss: nan", None, None),
    ],
)
def test_training_metrics_read_from_the_common_formats(
    line: str, loss: float | None, norm: float | None
) -> None:
    assert train_metrics(line) == (loss, norm)
