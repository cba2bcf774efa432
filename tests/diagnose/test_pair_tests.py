"""nccl-tests between pairs of nodes: the node every slow pair holds, and no fast one.

Formats: a table of pairs and their bus bandwidth (``pair  busbw(GB/s)``; ``# pair size(B)
time(us) algbw(GB/s) busbw(GB/s)`` with the pair as ``a,b``), and one ``all_reduce_perf`` run
after another under ``# pair a,b``, each ending in its ``# Avg bus bandwidth : 93.411``.
Modelled on how operators test a slow job's fabric (NVIDIA/nccl-tests#212).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.pairtests import pair_bandwidths, slow_node
from kintsugi.events import Action, Category

TABLE = """# all_reduce_perf -b 8 -e 8G -f 2 -g 8, NCCL_ALGO=Ring, 2 nodes x 8 GPUs
pair                     busbw(GB/s)  note
gn644  gn699       49.36     crossing TOR
gn632  gn641       88.36     same TOR
gn641  gn644       49.30     same TOR
gn284  gn678       87.91     crossing TOR
gn644  gn684       49.12     crossing TOR
"""
COLUMNS = """# pair                       size(B)      time(us)  algbw(GB/s)  busbw(GB/s)
nd-51,nd-53   8589934592      92101.4       93.27      174.87
nd-51,nd-52   8589934592     183320.5       46.86       87.85
nd-52,nd-53   8589934592     184011.2       46.68       87.53
nd-52,nd-54   8589934592     182901.7       46.96       88.06
nd-53,nd-54   8589934592      92240.8       93.12      174.61
"""


def _runs(slow: str) -> str:
    pairs = [("b01", "b02"), ("b03", "b11"), ("b04", "b11"), ("b05", "b06"), ("b07", "b11")]
    return "".join(
        f"# pair dgx-{a},dgx-{b}\n#  size  count  type  redop  root  time  algbw  busbw\n"
        f"  1073741824  268435456  float  sum  -1  10641  100.91  189.43  0\n"
        f"# Avg bus bandwidth    : {93.4 if slow in (a, b) else 183.5}\n#\n"
        for a, b in pairs
    )


def test_three_layouts_of_pairs_and_their_bandwidth() -> None:
    assert (slow_node(pair_bandwidths(TABLE)) or ("",))[0] == "gn644"
    assert pair_bandwidths(COLUMNS)[1] == ("nd-51", "nd-52", 87.85)
    assert (slow_node(pair_bandwidths(COLUMNS)) or ("",))[0] == "nd-52"
    assert (slow_node(pair_bandwidths(_runs("b11"))) or ("",))[0] == "dgx-b11"


def test_slow_pairs_that_share_no_node_name_none() -> None:
    text = TABLE.replace("gn641  gn644       49.30", "gn641  gn632       49.30")
    text = text.replace("gn644  gn684       49.12", "gn678  gn684       49.12")
    assert slow_node(pair_bandwidths(text)) is None


def test_the_node_of_every_slow_pair_is_suspected(tmp_path: Path) -> None:
    """The job slowed with no error; the pairs with dgx-b11 run at half the bandwidth, and
    nothing on it says why: test it before the job runs on it again."""
    for n in ("dgx-b03", "dgx-b11"):
        (tmp_path / n).mkdir()
        (tmp_path / n / "train.log").write_text(
            "".join(
                f"[2024-11-18 09:{m:02d}:00] step {100 * m} | 3.88 s/it | loss 2.1\n"
                for m in range(10, 20)
            )
        )
    (tmp_path / "nccl_tests_pairs.txt").write_text(_runs("b11"))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and d.culprit.node == "dgx-b11"
