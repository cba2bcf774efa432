"""NaNs in progress lines and what the training's own guards say of them.

- A timing line that logs a non-finite loss (Megatron-LM's ``lm loss: NaN``, a tqdm bar's
  ``train_loss=nan``) is a NaN, though it is also a step time; its gradient norm alone is not
  (every rank reads the norm after the all-reduce spread one rank's NaN).
- A progress line's loss is often the job's, reduced over the ranks: a rank's own NaN, where one
  says it, tells where the NaN began.
- fp16 loss scaling at its floor ("Current loss scale already at minimum") is the recipe,
  whatever single NaN lines came before it.
- A metrics CSV (``step,lr,loss,grad_norm``) shows the divergence before the NaN.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Layer

MEGATRON = (
    " [2024-05-03 {h:02d}:00:00] iteration {it:8d}/  250000 | elapsed time per iteration (ms): "
    "1480.2 | lm loss: {loss} | loss scale: 1.0 | grad norm: {norm} | number of skipped "
    "iterations:   0 | number of nan iterations:   0 |\n"
)


def _megatron(losses: list[str]) -> str:
    return "".join(
        MEGATRON.format(h=i % 24, it=100 * (i + 1), loss=x, norm="nan" if x == "NaN" else "0.3")
        for i, x in enumerate(losses)
    )


def test_a_nan_loss_in_a_timing_line_then_the_user_cancels(tmp_path: Path) -> None:
    (tmp_path / "n1").mkdir()
    (tmp_path / "n2").mkdir()
    (tmp_path / "n2" / "dmesg.txt").write_text("[    1.0] Linux version 5.15\n")
    text = _megatron(["2.4"] * 10 + ["NaN"] * 10)
    text += "slurmstepd: error: *** JOB 44 ON n1 CANCELLED AT 2024-05-03T20:14:57 ***\n"
    (tmp_path / "n1" / "slurm.out").write_text(text)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.NUMERICAL, d.summary


def test_the_gradient_norm_alone_is_every_ranks(tmp_path: Path) -> None:
    """Rank 5 says its own loss went non-finite at step 41; every rank's line of that step
    shows the all-reduced norm as nan: one rank's NaN, not the same step on three nodes."""
    for n, ranks in (("g1", (0, 1)), ("g2", (2, 3)), ("g3", (4, 5))):
        (tmp_path / n).mkdir()
        lines = []
        for step in range(30, 42):
            for r in ranks:
                own = "nan" if (r == 5 and step == 41) else "2.9"
                norm = "nan" if step == 41 else "0.4"
                lines.append(
                    f"2024-11-27 04:24:{step:02d},323 INFO [rank{r}] train: step {step}/120 "
                    f"loss={own} grad_norm={norm} step_time=63.1ms\n"
                )
        (tmp_path / n / "train.log").write_text("".join(lines))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.NUMERICAL
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("g3", 5), d.summary


def test_the_loss_scale_at_its_floor_is_the_recipe(tmp_path: Path) -> None:
    (tmp_path / "dgx07").mkdir()
    (tmp_path / "dgx08").mkdir()
    (tmp_path / "launcher.log").write_text(
        "dgx07: step 250 loss nan\n"
        + "".join(
            f"{n}: [rank{r}]: Exception: Current loss scale already at minimum - cannot "
            "decrease scale anymore. Exiting run.\n"
            for n, r in (("dgx07", 0), ("dgx08", 8))
        )
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.NUMERICAL,
        Layer.SCRIPT,
        None,
        Action.STOP,
    )


def test_a_metrics_csv_shows_the_divergence(tmp_path: Path) -> None:
    (tmp_path / "cpu-l01").mkdir()
    (tmp_path / "cpu-l02").mkdir()
    (tmp_path / "cpu-l02" / "dmesg.txt").write_text("[    1.0] Linux version 5.15\n")
    (tmp_path / "cpu-l01" / "out.txt").write_text(
        "Monitored metric val_loss = nan is not finite. Previous best value was 0.874. "
        "Signaling Trainer to stop.\n"
    )
    (tmp_path / "cpu-l01" / "grad_log.csv").write_text(
        "step,lr,loss,grad_norm\n1230,2.5,0.92,2.91\n1240,2.5,0.91,2.98\n1250,2.5,0.91,3.12\n"
        "1400,2.5,0.98,19.7\n"
        "1600,2.5,1.93,411.0\n1700,2.5,88.4,8101.3\n1711,2.5,inf,inf\n1712,2.5,nan,nan\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (Category.NUMERICAL, Layer.SCRIPT, Action.STOP)
    assert any("diverged_then_nan" in r for r in d.explain), d.explain
