"""A shared file system that evicted one client while the other nodes kept it is that node's
client: exclude it; the flight recorder's missing rank there is the rank. Evicted everywhere,
it is the file system (no culprit).

Formats: Lustre's ``LustreError: 167-0: ... This client was evicted by scratch-MDT0000``,
the flight recorder's ``fr_trace`` analysis (``Missing ranks: {14}``), NCCL's watchdog.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import missing_ranks
from kintsugi.events import Action, Category

EVICT = (
    "Oct 29 08:14:55 {n} kernel: LustreError: 167-0: scratch-MDT0000-mdc-ffff8d2a4c1e9000: "
    "This client was evicted by scratch-MDT0000; in progress operations using this service "
    "will fail.\n"
)
WATCHDOG = (
    "[E1029 08:45:00.000000000 ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog caught collective "
    "operation timeout: WorkNCCL(SeqNum=88213, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, "
    "Timeout(ms)=1800000) ran for 1800013 milliseconds before timing out.\n"
)


def _bundle(root: Path, evicted: list[str]) -> Path:
    for i, node in enumerate(("n1", "n2", "n3")):
        (root / node).mkdir()
        ranks = range(2 * i, 2 * i + 2)
        (root / node / "console.log").write_text(
            "".join(f"[rank{r}]:" + WATCHDOG.format(r=r) for r in ranks if r != 5)
            + ("[rank5]: step 100\n" if node == "n3" else "")
        )
        (root / node / "kern.log").write_text(EVICT.format(n=node) if node in evicted else "")
    (root / "fr_trace").mkdir()
    (root / "fr_trace" / "analysis.txt").write_text(
        "Not all ranks joining collective: group_name=0 (default_pg), collective seq_id=88213\n"
        "  Missing ranks: {5}\n"
    )
    return root


def test_fr_trace_sets_of_missing_ranks() -> None:
    assert missing_ranks("  Missing ranks: {14}") == [14]
    assert missing_ranks("Missing ranks are {3, 5}") == [3, 5]


def test_one_evicted_client_is_its_node(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, ["n3"])).diagnosis
    assert d.category is Category.STORAGE and d.action is Action.RESTART_WITHOUT_NODE
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("n3", 5)


def test_every_client_evicted_is_the_file_system(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, ["n1", "n2", "n3"])).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.STORAGE, None, Action.RESTART)


def test_an_eviction_after_failed_reconnects_is_still_one_client(tmp_path: Path) -> None:
    """The client first logs its failed reconnects (``ost_connect ... failed: rc = -16``),
    then its eviction: the eviction, wherever it comes, says that node lost it."""
    _bundle(tmp_path, ["n3"])
    with (tmp_path / "n3" / "kern.log").open("w") as f:
        f.write(
            "Oct 29 08:13:40 n3 kernel: LustreError: 11-0: scratch-OST0017-osc-ffff9a2b81e3d000:"
            " operation ost_connect to node 10.41.0.27@o2ib failed: rc = -16\n"
            + EVICT.format(n="n3")
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STORAGE and d.action is Action.RESTART_WITHOUT_NODE
    assert d.culprit is not None and d.culprit.node == "n3"
