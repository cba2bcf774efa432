"""A node that said nothing and whose application log ends before its peers lost it went
down; the collector's attempt_N, not torchrun's own log directories below it, numbers the
attempt (both as real gloo captures lay them out)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.bundle import locate
from kintsugi.events import Action, Category

CLOSED = (
    "[rank{r}]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:553] Connection "
    "closed by peer [127.0.0.1]:4000. This is typically caused by a remote worker crashing.\n"
)


def test_a_node_that_went_quiet_before_its_peers_lost_it_went_down(tmp_path: Path) -> None:
    (tmp_path / "n1").mkdir()
    (tmp_path / "n2").mkdir()
    (tmp_path / "n2" / "console.log").write_text(
        "2026-11-25 21:54:46,982 INFO [rank2] train: initialized process group: rank=2\n"
    )
    (tmp_path / "n1" / "console.log").write_text(
        "2026-11-25 21:54:46,980 INFO [rank0] train: initialized process group: rank=0\n"
        "2026-11-25 21:54:56,548 INFO [rank0] step 9 loss 0.41\n"
        + CLOSED.format(r=0)
        + CLOSED.format(r=1)
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.HOST, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "n2"


def test_a_node_whose_gpus_are_listed_can_still_have_gone_down(tmp_path: Path) -> None:
    """An nvidia-smi -q collected from the node (its GPU count, a fact) is not the node
    reporting anything about the failure."""
    test_a_node_that_went_quiet_before_its_peers_lost_it_went_down(tmp_path)
    with (tmp_path / "n1" / "console.log").open("a") as f:
        f.write(CLOSED.format(r=2))  # three ranks on two nodes: no layout is assumed
    (tmp_path / "n2" / "nvidia-smi-q.txt").write_text(
        "==============NVSMI LOG==============\nAttached GPUs : 1\nGPU 00000000:18:00.0\n"
        "    Product Name                          : NVIDIA H100 80GB HBM3\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.HOST, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "n2"


def test_the_outermost_attempt_directory_numbers_the_attempt(tmp_path: Path) -> None:
    f = tmp_path / "attempt_1" / "gpu-b02" / "logs" / "run_x" / "attempt_0" / "0" / "stderr.log"
    assert locate(tmp_path, f) == ("gpu-b02", None, 1)
    g = tmp_path / "gpu-b02" / "logs" / "run_x" / "attempt_2" / "0" / "stderr.log"
    assert locate(tmp_path, g) == ("gpu-b02", None, 2)


def test_a_node_killed_mid_step_is_lost_at_once(tmp_path: Path) -> None:
    """The node logged the same step as its peers, in the same second, and was gone: a closed
    connection is seen at once, and the agents' failure to form the group again after it (a
    rendezvous that timed out or was closed) is that loss seen from the survivors."""
    for node in ("n1", "n2", "n3"):
        (tmp_path / node).mkdir()
    (tmp_path / "n2" / "console.log").write_text(
        "2026-11-26 02:03:48,163 INFO [rank1] train: step 40 loss 3.54\n"
    )
    for node, r in (("n1", 0), ("n3", 2)):
        (tmp_path / node / "console.log").write_text(
            f"2026-11-26 02:03:48,160 INFO [rank{r}] train: step 40 loss 3.54\n"
            + CLOSED.format(r=r)
            + "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.HOST, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "n2"


def test_a_node_that_said_it_stopped_training_left_it_did_not_go_down(tmp_path: Path) -> None:
    """Its rank's own early stopping (not all-reduced) ended its training; the peers went on
    and lost it: the ranks disagree on when to stop, the program's."""
    (tmp_path / "n1").mkdir()
    (tmp_path / "n2").mkdir()
    (tmp_path / "n2" / "console.log").write_text(
        "2026-11-25 21:54:46,982 INFO [rank2] train: initialized process group: rank=2\n"
        "2026-11-25 21:54:47,671 INFO [rank2] early stopping: val_loss did not improve for 2 "
        "epochs\n"
        "2026-11-25 21:54:47,671 INFO [rank2] training done: 96 steps, best val 0.27129\n"
    )
    (tmp_path / "n1" / "console.log").write_text(
        "2026-11-25 21:54:46,980 INFO [rank0] train: initialized process group: rank=0\n"
        "2026-11-25 21:54:56,548 INFO [rank0] step 97 loss 0.41\n"
        + CLOSED.format(r=0)
        + CLOSED.format(r=1)
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.USER_CODE, None, Action.STOP)
