"""NaNs with no iteration in the line: on one node of several in every attempt they follow
the node (suspect silent corruption); moving between nodes they are the program's.

Format: Megatron-LM's ``AssertionError: Rank 18: found NaN in local grad norm ... Device: 2,
node: gpu-d4-11`` in per-attempt bundle directories.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.layout import accounted_nodes
from kintsugi.events import Action, Category

NAN = (
    "[rank{r}]: AssertionError: Rank {r}: found NaN in local grad norm for bucket #0 in backward "
    "pass before data-parallel communication collective. Device: 2, node: {n}\n"
)


def _bundle(root: Path, bad: list[str]) -> Path:
    for attempt, node_bad in enumerate(bad, start=1):
        for i, node in enumerate(("g09", "g10", "g11")):
            d = root / f"attempt_{attempt}" / node
            d.mkdir(parents=True)
            text = NAN.format(r=4 * i + attempt, n=node) if node == node_bad else "ok\n"
            (d / "megatron.log").write_text(text)
    return root


def test_a_nan_that_stays_on_one_node(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, ["g11", "g11", "g11"])).diagnosis
    assert (d.category, d.action) == (Category.GPU_HARDWARE, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "g11"


def test_a_nan_that_moves_between_nodes(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, ["g09", "g11"])).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.NUMERICAL, None, Action.STOP)


def test_the_same_step_in_every_attempt_though_some_lines_name_none(tmp_path: Path) -> None:
    """HF Trainer's metrics dict (no step) before the user's guard naming step 4117, in two
    attempts on other nodes: the same step each time is the data or the model."""
    for attempt, node in enumerate(("vmss000003", "vmss00000a")):
        d = tmp_path / f"attempt_{attempt}" / node
        d.mkdir(parents=True)
        (d / "master-0.log").write_text(
            "{'loss': 1.0351, 'grad_norm': nan, 'learning_rate': 5.7e-06, 'epoch': 1.29}\n"
            "[rank0]: FloatingPointError: [NanGuard] non-finite loss/grad_norm at global step "
            "4117; last batch sample ids: ['ultrachat_s3_0412:118720']\n"
        )
    v = diagnose_bundle(tmp_path).diagnosis
    assert (v.category, v.culprit, v.action) == (Category.NUMERICAL, None, Action.STOP)


def test_a_nan_on_one_rank_of_one_node_names_the_rank(tmp_path: Path) -> None:
    """The same rank (same node, same device) every attempt, at different steps: its GPU."""
    for attempt, step in enumerate((5211, 5320, 5266)):
        for node in ("dgx-0416", "dgx-0417"):
            d = tmp_path / f"attempt_{attempt}" / node
            d.mkdir(parents=True)
            text = "ok\n"
            if node == "dgx-0417":
                text = f"iteration {step}: " + NAN.format(r=67, n=node)
            (d / "megatron.log").write_text(text)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_HARDWARE
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("dgx-0417", 67)


def test_a_rank_naming_its_own_local_loss_is_where_the_all_reduced_nan_began(
    tmp_path: Path,
) -> None:
    """Every rank's loss check raises at the same step (the loss is all-reduced), but one rank
    logs its own local loss going non-finite first, and that rank's GPU is on the same node in
    every attempt, at different steps and under different rank numbers: that node's GPU."""
    nodes = ("hpc-09", "hpc-12", "hpc-15")
    for attempt, (step, rank) in enumerate(((3121, 13), (5877, 5), (5642, 29))):
        for i, node in enumerate(nodes if attempt != 1 else nodes[1:] + nodes[:1]):
            d = tmp_path / f"attempt_{attempt}" / node
            d.mkdir(parents=True)
            lines = [
                f"[rank{8 * i + r}]: FloatingPointError: non-finite loss detected at step {step}"
                f" on 1 rank(s): [{rank}]"
                for r in range(2)
            ]
            if node == "hpc-12":
                lines.insert(
                    0,
                    f"[rank{rank}]:[titan] 2024-11-02 09:17:11,324 - root - ERROR - non-finite"
                    f" local loss on rank {rank} (local_rank 5, host hpc-12) at step {step}:"
                    " loss=nan grad_norm=nan",
                )
            (d / "train.log").write_text("\n".join(lines) + "\n")
    v = diagnose_bundle(tmp_path).diagnosis
    assert (v.category, v.action) == (Category.GPU_HARDWARE, Action.RESTART_WITHOUT_NODE)
    assert v.culprit is not None and v.culprit.node == "hpc-12"


SACCT = """JobID          JobName      State      ExitCode   Restarts NodeList
-------------- ------------ ---------- ---------- -------- ------------------------
1404417        llama-34b    REQUEUED   0:0        0        dgx-h-[09,10,11,12]
1404417.0      python       CANCELLED  0:15       0        dgx-h-[09,10,11,12]
1404417        llama-34b    REQUEUED   0:0        1        dgx-h-[03,12,14,15]
1404417        llama-34b    FAILED     1:0        2        dgx-h-[12,16,17,18]
"""


def test_a_merged_console_whose_nan_names_its_node_in_every_requeue(tmp_path: Path) -> None:
    """Each attempt's console at the bundle's root; only the node the NaN names has a folder,
    and sacct lists the three allocations: the line's ``node:`` places it, the accounting
    says the job ran on other nodes too, so the NaN followed that one."""
    for a, r in ((1, 29), (2, 13), (3, 5)):
        (tmp_path / f"attempt_{a}" / "dgx-h-12").mkdir(parents=True)
        (tmp_path / f"attempt_{a}" / "slurm-1404417.out").write_text(
            NAN.format(r=r, n="dgx-h-12").replace("Device: 2", "Device: 5")
        )
    (tmp_path / "sacct.txt").write_text(SACCT)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.GPU_HARDWARE, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("dgx-h-12", 5)


def test_sacct_lists_each_allocation_not_its_steps() -> None:
    assert accounted_nodes(SACCT) == ["dgx-h-[09,10,11,12]", "dgx-h-[03,12,14,15]",
                                      "dgx-h-[12,16,17,18]"]  # fmt: skip
    spaced = (
        "JobID           State        NodeList\n"
        "------------ -------------- ----------\n"
        "77_3         CANCELLED by 0 gpu[01-02]\n"
    )
    assert accounted_nodes(spaced) == ["gpu[01-02]"]
