"""Errors of the installed libraries rather than of the program: a torch wheel built without
the backend the job uses, and a library too old for the file it is handed. The same on every
node is the job's image (stop); on one node of several, that node's environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Layer

NO_NCCL = (
    "[rank{r}]: Traceback (most recent call last):\n"
    '[rank{r}]:   File "/opt/venv/lib/python3.10/site-packages/torch/distributed/'
    'distributed_c10d.py", line 1305, in init_process_group\n'
    "[rank{r}]: RuntimeError: Distributed package doesn't have NCCL built in\n"
)
TOKENIZER = (
    "[rank{r}]: Traceback (most recent call last):\n"
    '[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/transformers/'
    'tokenization_utils_fast.py", line 111, in __init__\n'
    "[rank{r}]: Exception: data did not match any variant of untagged enum ModelWrapper at "
    "line 1251003 column 3\n"
)
TRAINING = "[rank{r}]: step 100 loss 2.31 step_time 0.51s\n" * 4


@pytest.mark.parametrize("error", [NO_NCCL, TOKENIZER], ids=["no_nccl", "tokenizer"])
def test_everywhere_is_the_image(tmp_path: Path, error: str) -> None:
    for i, n in enumerate(("dgx-a11", "dgx-a12", "dgx-a13")):
        (tmp_path / n).mkdir()
        (tmp_path / n / "torchrun.log").write_text(error.format(r=8 * i))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.DEPENDENCY,
        Layer.FRAMEWORK,
        None,
        Action.STOP,
    )


def test_one_node_is_that_nodes_environment(tmp_path: Path) -> None:
    for i, n in enumerate(("dgx-a11", "dgx-a12", "dgx-a13")):
        (tmp_path / n).mkdir()
        text = NO_NCCL if n == "dgx-a12" else TRAINING
        (tmp_path / n / "torchrun.log").write_text(text.format(r=8 * i))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (
        Category.DEPENDENCY,
        Layer.INFRASTRUCTURE,
        Action.RESTART_WITHOUT_NODE,
    )
    assert d.culprit is not None and d.culprit.node == "dgx-a12"
