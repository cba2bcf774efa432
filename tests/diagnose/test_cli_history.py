"""``kintsugi diagnose`` / ``kintsugi fleet`` end to end, and the history analysis."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kintsugi.cli import main
from kintsugi.diagnose.history import find_lemons, fleet_from_events, poisson_sf, titan_report
from kintsugi.events import Event, EventKind
from kintsugi.store.api import open_store

CASES = Path(__file__).resolve().parents[1] / "corpus" / "cases"
TITAN = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "titan"


def test_diagnose_json_and_explain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diagnose", str(CASES / "syn_xid79_nccl_timeouts"), "--json", "--explain"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["category"] == "gpu_hardware" and out["culprit"]["node"] == "node-b"
    assert any("hardware_outranks_software" in line for line in out["explain"])
    assert {f["kind"] for f in out["files"]} == {"text", "kernel"}


def test_diagnose_text_and_env_defaults(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KINTSUGI_EXPLAIN", "1")
    assert main(["diagnose", str(CASES / "real_zerodiv_2nodes")]) == 0
    out = capsys.readouterr().out
    assert "verdict:    user_code" in out and "action:     stop" in out and "rules:" in out
    assert "ZeroDivisionError" in out


def test_list_signatures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diagnose", "--list-signatures"]) == 0
    assert "xid_off_bus" in capsys.readouterr().out


def test_poisson_and_lemons() -> None:
    assert poisson_sf(0, 1.0) == 1.0
    assert abs(poisson_sf(1, 1.0) - (1 - 0.36787944)) < 1e-6
    lemons = find_lemons({"a": 9, "b": 1, "c": 0, "d": 1}, dict.fromkeys("abcd", 10.0))
    assert [lem.unit for lem in lemons] == ["a"]


def _diag(run: str, node: str, category: str = "gpu_hardware") -> Event:
    return Event(
        kind=EventKind.DIAGNOSIS,
        run_id=run,
        node=node,
        data={
            "category": category,
            "action": "restart",
            "summary": "x",
            "culprit": {"node": node, "rank": 0},
        },
    )


def _fleet_events() -> list[Event]:
    evs = []
    for i in range(30):
        for n in range(10):
            evs.append(
                Event(
                    kind=EventKind.ATTEMPT_START,
                    run_id=f"r{i}",
                    node=f"n{n}",
                    data={"world_size": 10},
                )
            )
        evs.append(_diag(f"r{i}", "n7") if i % 3 else _diag(f"r{i}", f"n{i % 10}"))
    return evs


def test_fleet_lemon_from_events() -> None:
    rep = fleet_from_events(_fleet_events())
    assert [lem.unit for lem in rep.lemons] == ["n7"]
    assert rep.runs["n7"] == 30


def test_fleet_cli_with_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'events.db'}"
    with open_store(url) as store:
        store.append(_fleet_events())
    assert main(["fleet", "--store", url]) == 0
    out = capsys.readouterr().out
    assert "n7" in out and "LEMON" in out


def test_fleet_needs_a_source(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fleet"]) == 2
    assert "--store" in capsys.readouterr().err


@pytest.mark.skipif(not (TITAN / "gc_full.csv").exists(), reason="Titan data not present")
def test_titan_analysis(capsys: pytest.CaptureFixture[str]) -> None:
    rep = titan_report(TITAN)
    assert rep.stays == 37343 and rep.failures == 4826 + 1541
    assert rep.repeat_parts_moved > 0 and rep.slots_multi > 0
    rates = {c: n / y for c, (n, y) in rep.cage.items()}
    assert rates[2] > rates[0]  # top cage fails more than bottom (hotter)
    assert main(["fleet", "--titan", str(TITAN)]) == 0
    assert "cage 2" in capsys.readouterr().out


def test_a_nodes_own_disk_counts_against_it_a_shared_one_or_the_script_does_not() -> None:
    """A storage verdict that names a node is its local disk (infrastructure): it counts, as a
    stale image on one node does; a full shared file system names no node, and a user's bug
    that happened to be on a node is not the node's."""

    def diag(node: str | None, category: str, layer: str) -> Event:
        culprit = {"node": node, "rank": None} if node else None
        data = {"category": category, "layer": layer, "action": "stop", "summary": "x"}
        return Event(
            kind=EventKind.DIAGNOSIS, run_id="r", node="n1", data={**data, "culprit": culprit}
        )

    rep = fleet_from_events(
        [
            diag("n1", "storage", "infrastructure"),
            diag("n2", "dependency", "infrastructure"),
            diag(None, "storage", "infrastructure"),
            diag("n3", "user_code", "script"),
            diag("n4", "gpu_hardware", "infrastructure"),
        ]
    )
    assert rep.nodes == {"n1": 1, "n2": 1, "n4": 1}
    assert rep.categories["n1"] == {"storage": 1}
