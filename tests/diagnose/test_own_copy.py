"""A checkpoint every rank of one node reads corrupt while the other nodes loaded theirs is
that node's own copy; one rank's corrupt shard is no such proof. Format: torch.load's
PytorchStreamReader error under ``[rankN]:`` prefixes."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle

CORRUPT = (
    "[rank{r}]: RuntimeError: PytorchStreamReader failed reading zip archive: failed finding "
    "central directory\n"
)
LOST = "[rank{r}]: RuntimeError: Connection closed by peer [127.0.0.1]:5{r}000\n"


def _bundle(root: Path, corrupt: set[int]) -> Path:
    for n, node in enumerate(("gpu-c03", "gpu-c05", "gpu-c07")):
        (root / node).mkdir(parents=True)
        ranks = (2 * n, 2 * n + 1)
        text = "".join((CORRUPT if r in corrupt else LOST).format(r=r) for r in ranks)
        (root / node / "train.log").write_text(text)
    return root


def test_every_rank_of_one_node_reading_it_corrupt_is_that_nodes_copy(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", {4, 5})).diagnosis
    assert (d.category.value, d.layer.value, d.action.value) == (
        "storage",
        "infrastructure",
        "restart_without_node",
    )
    assert d.culprit is not None and d.culprit.node == "gpu-c07"


def test_one_ranks_corrupt_shard_is_the_checkpoint(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", {5})).diagnosis
    assert (d.category.value, d.action.value) == ("storage", "stop") and d.culprit is None
