"""Every flag of the health, node, telemetry and rendezvous commands is documented, with its
KINTSUGI_* variable, in docs/health.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.health.cli import OPTS as HEALTH
from kintsugi.recover.cli import CORDON_OPTS, NODES_OPTS, UNCORDON_OPTS, _validate_opts
from kintsugi.rendezvous.cli import OPTS as RENDEZVOUS
from kintsugi.settings import Opt
from kintsugi.telemetry.cli import OPTS as TELEMETRY

DOC = (Path(__file__).resolve().parents[2] / "docs" / "health.md").read_text()


@pytest.mark.parametrize(
    "opts",
    [HEALTH, NODES_OPTS, CORDON_OPTS, UNCORDON_OPTS, _validate_opts(), TELEMETRY, RENDEZVOUS],
    ids=["health", "nodes", "cordon", "uncordon", "validate", "telemetry", "rendezvous"],
)
def test_every_flag_documented_with_its_variable(opts: tuple[Opt, ...]) -> None:
    rows = [ln for ln in DOC.splitlines() if ln.startswith("| `--")]
    missing = [
        o.flag for o in opts if not any(f"`{o.flag}`" in r and f"`{o.env}`" in r for r in rows)
    ]
    assert not missing, f"flags missing from docs/health.md: {missing}"
