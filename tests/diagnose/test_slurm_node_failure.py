"""srun's "Node failure on nid001187" in the job's console names the node that went away; the
tasks that lost their TCP peer only react to it.

Formats: srun's ``srun: error: Node failure on <node>`` and ``--label`` prefixes, gloo's
``Connection closed by peer``.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category


def test_srun_names_the_failed_node(tmp_path: Path) -> None:
    for node in ("nid001184", "nid001185", "nid001187"):
        (tmp_path / node).mkdir()
    (tmp_path / "nid001184" / "slurm-991823.out").write_text(
        "0: [rank0]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] "
        "Connection closed by peer [10.128.4.187]:50112\n"
        "srun: error: Node failure on nid001187\n"
        "srun: error: nid001184: task 0: Terminated\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.HOST, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "nid001187"
