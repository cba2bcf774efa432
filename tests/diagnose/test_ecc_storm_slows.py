"""A job that slowed with no error while one node's GPU logs a storm of single-bit ECC errors
(Xid 92: the driver and the memory controller pay for each correction): that node is the
straggler, to be excluded, not the shared fabric the whole job's slowdown would suggest."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Culprit, Layer


def test_an_sbe_storm_on_one_node_of_a_slowed_job(tmp_path: Path) -> None:
    for n in ("a100-n21", "a100-n22", "a100-n23"):
        (tmp_path / n).mkdir()
        (tmp_path / n / "dmesg.txt").write_text("[    1.0] Linux version 5.15\n")
    (tmp_path / "a100-n21" / "train.log").write_text(
        "".join(
            f"[rank0]: 2024-02-14 18:{k:02d}:00,000 | iter {30000 + 10 * k} | "
            f"{1.12 if k < 15 else 1.71:.2f} s/iter | loss 1.88\n"
            for k in range(30)
        )
    )
    (tmp_path / "a100-n23" / "dmesg.txt").write_text(
        "".join(
            f"[{47411 + 397 * k}.000000] NVRM: Xid (PCI:0000:0f:00): 92, pid=3569, name=python, "
            "High single-bit ECC error rate\n"
            for k in range(12)
        )
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (
        Category.STRAGGLER,
        Layer.INFRASTRUCTURE,
        Action.RESTART_WITHOUT_NODE,
    ), d.summary
    assert d.culprit is not None and d.culprit.node == "a100-n23"
    assert d.culprit == Culprit("a100-n23", d.culprit.rank)
