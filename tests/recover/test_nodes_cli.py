"""``kintsugi nodes / cordon / uncordon / validate`` as real subprocesses over a real store."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import kintsugi_cmd


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    e = {k: v for k, v in os.environ.items() if not k.startswith("KINTSUGI_")}
    e.update(env or {})
    return subprocess.run(kintsugi_cmd(*args), capture_output=True, text=True, timeout=120, env=e)


def nodes(db: Path) -> dict[str, dict[str, object]]:
    p = cli("nodes", "--json", "--store", str(db))
    assert p.returncode == 0, p.stderr
    return {n["node"]: n for n in json.loads(p.stdout)["nodes"]}


def test_cordon_validate_cycle(tmp_path: Path) -> None:
    db = tmp_path / "ev.db"
    assert nodes(db) == {}
    p = cli("cordon", "node-a", "--reason", "fan [red]noise[/red]", "--store", str(db))
    assert p.returncode == 0 and "healthy -> cordoned" in p.stdout
    assert nodes(db)["node-a"]["state"] == "cordoned"
    table = cli("nodes", "--store", str(db))
    assert "fan [red]noise[/red]" in table.stdout  # printed literally
    # Validation that fails (injected) leaves it cordoned, with evidence.
    bad = cli(
        "validate",
        "node-a",
        "--level",
        "1",
        "--json",
        "--store",
        str(db),
        "--inject",
        "health:node=node-a,check=disks",
        "--path",
        str(tmp_path),
    )
    assert bad.returncode == 1
    doc = json.loads(bad.stdout)
    assert (
        doc["transition"]["state"] == "cordoned" and doc["transition"]["previous"] == "validating"
    )
    assert any("disks" in e for e in doc["transition"]["evidence"])
    assert nodes(db)["node-a"]["failed_validations"] == 1
    ok = cli("validate", "node-a", "--level", "1", "--store", str(db), "--path", str(tmp_path))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "validating -> healthy" in ok.stdout
    assert nodes(db)["node-a"]["state"] == "healthy"


def test_uncordon_and_store_from_env(tmp_path: Path) -> None:
    env = {"KINTSUGI_STORE": str(tmp_path / "ev.db")}
    assert cli("cordon", "b", "--reason", "maintenance", env=env).returncode == 0
    p = cli("uncordon", "b", env=env)
    assert p.returncode == 0 and "cordoned -> healthy" in p.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["nodes"], "give the store with --store URL"),
        (["cordon", "x", "--store", "{db}"], "say why with --reason"),
        (["nodes", "--store", "mysql://h/db"], "could not open store"),
        (
            ["nodes", "--store", "{db}", "--scheduler", "pbs"],
            "--scheduler 'pbs': use local or slurm",
        ),
        (["validate", "x", "--store", "{db}", "--level", "0"], "--level '0': unknown level"),
        (["cordon", "--store", "{db}"], "required: NAME"),
    ],
)
def test_bad_input(args: list[str], needle: str, tmp_path: Path) -> None:
    p = cli(*[a.replace("{db}", str(tmp_path / "ev.db")) for a in args])
    assert p.returncode == 2, p.stdout
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], p.stderr


def test_illegal_move_is_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "ev.db")
    assert cli("cordon", "r", "--reason", "x", "--store", db).returncode == 0
    retire_env = {"KINTSUGI_STORE": db}
    for _ in range(3):
        cli("validate", "r", "--level", "1", "--inject", "health:node=r", env=retire_env)
    assert nodes(Path(db))["r"]["state"] == "retired"
    p = cli("uncordon", "r", "--store", db)
    assert p.returncode == 2 and "r: cannot uncordon a node that is retired" in p.stderr
