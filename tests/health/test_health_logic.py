"""Pure pieces of health: DCGM JSON mapping (golden files), escalation, inject specs, status."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from kintsugi.events import Action, Category, Culprit, Diagnosis, Layer
from kintsugi.health import epilog_level, forced_failures, parse_health_fault
from kintsugi.health.api import CheckResult, HealthReport, Status, worst
from kintsugi.health.dcgm import parse_diag
from kintsugi.health.inject import HealthFault, HealthSpecError
from kintsugi.health.runner import checks_for

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("KINTSUGI_REGEN_GOLDEN") == "1"
"""``KINTSUGI_REGEN_GOLDEN=1 pytest tests/health`` rewrites the expected files."""


@pytest.mark.parametrize("name", ["dcgm_r3_pass", "dcgm_r3_fail", "dcgm_r2_real_shape"])
def test_dcgm_json_maps_to_checks(name: str) -> None:
    got = [r.to_dict() for r in parse_diag((GOLDEN / f"{name}.json").read_text())]
    expected = GOLDEN / f"{name}.expected.json"
    if REGEN or not expected.exists():
        expected.write_text(json.dumps(got, indent=2) + "\n")
    assert got == json.loads(expected.read_text())


def test_dcgm_fail_names_gpu_and_code() -> None:
    results = {r.name: r for r in parse_diag((GOLDEN / "dcgm_r3_fail.json").read_text())}
    mem = results["dcgm:memory"]
    assert mem.status is Status.FAIL
    assert "GPU 1" in mem.detail and "DCGM_FR_ROW_REMAP_FAILURE" in mem.detail
    shape = {r.name: r for r in parse_diag((GOLDEN / "dcgm_r2_real_shape.json").read_text())}
    assert shape["dcgm:memory"].status is Status.WARN  # worst of per-GPU results, no summary
    assert shape["dcgm:pcie"].status is Status.SKIP


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "no JSON"),
        ("<html>", "no JSON"),
        ("[]", "lacks the 'DCGM Diagnostic'"),
        ('{"DCGM Diagnostic": {}}', "lacks 'test_categories'"),
        ('{"DCGM Diagnostic": {"test_categories": []}}', "lists no tests"),
        ('{"DCGM Diagnostic": {"runtime_error": "boom"}}', "dcgmi diag failed: boom"),
    ],
)
def test_dcgm_garbage_is_an_error(text: str, needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        parse_diag(text)


def _diag(action: Action, node: str | None) -> Diagnosis:
    return Diagnosis(
        category=Category.GPU_HARDWARE,
        layer=Layer.INFRASTRUCTURE,
        culprit=Culprit(node) if node else None,
        action=action,
        confidence=0.8,
        summary="x",
    )


def test_epilog_escalation() -> None:
    assert epilog_level(None, "n1") is None
    assert epilog_level(_diag(Action.RESTART, None), "n1") is None
    assert epilog_level(_diag(Action.RESTART, "n2"), "n1") is None
    assert epilog_level(_diag(Action.RUN_DIAGNOSTICS, None), "n1") == 2
    hang = Diagnosis(Category.HANG, Layer.INFRASTRUCTURE, None, Action.RESTART, 0.4, "x")
    assert epilog_level(hang, "n1") == 2  # a hang that names no node: every node checks
    assert epilog_level(_diag(Action.RESTART_WITHOUT_NODE, "n1"), "n1") == 2
    # Level 2 found nothing but the node failed again: go deeper, capped.
    assert epilog_level(_diag(Action.RESTART, "n1"), "n1", [2]) == 3
    assert epilog_level(_diag(Action.RESTART, "n1"), "n1", [2, 3]) == 3
    assert epilog_level(_diag(Action.RESTART, "n1"), "n1", [2, 3], max_level=4) == 4


def test_inject_parsing() -> None:
    assert parse_health_fault("health:node=a") == HealthFault("a")
    assert parse_health_fault("node=a,check=xid") == HealthFault("a", "xid")
    spec = "kill:step=3;health:node=a,check=xid;health:node=a,check=memory"
    assert forced_failures(spec, "a") == {"xid", "memory"}
    assert forced_failures(spec, "b") == set()
    assert forced_failures("health:node=*", "zz") == {"*"}
    assert forced_failures("health:node=a;health:node=a,check=x", "a") == {"*"}
    for bad in ("health:", "health:node", "health:check=x", "health:node=a,rank=1"):
        with pytest.raises(HealthSpecError):
            parse_health_fault(bad)


def test_inject_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINTSUGI_HEALTH_INJECT", "node=a,check=disks;health:node=b")
    assert forced_failures(None, "a") == {"disks"}
    assert forced_failures(None, "b") == {"*"}


def test_status_and_report() -> None:
    assert worst([]) is Status.SKIP
    assert worst([Status.SKIP, Status.PASS]) is Status.PASS
    assert worst([Status.PASS, Status.WARN, Status.SKIP]) is Status.WARN
    assert worst([Status.WARN, Status.FAIL]) is Status.FAIL
    r = HealthReport(1, "n", (CheckResult("a", Status.WARN, "w"),), 0.1)
    assert r.exit_code == 0 and r.status is Status.WARN
    assert HealthReport.from_dict(r.to_dict()) == r


def test_levels_are_cumulative() -> None:
    names = [[c.name for c in checks_for(lvl)] for lvl in (1, 2, 3, 4)]
    assert set(names[0]) < set(names[1]) < set(names[2]) <= set(names[3])
    with pytest.raises(ValueError, match="unknown health level"):
        checks_for(0)
