"""A node whose CPUs a power-saving governor holds at low clocks slows the whole job; many sites
run that governor on every node, and then it names none. Format: ``cpupower frequency-info``."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle

CPUPOWER = """analyzing CPU 0:
  driver: intel_pstate
  hardware limits: 800 MHz - 3.80 GHz
  available cpufreq governors: performance powersave
  current policy: frequency should be within 800 MHz and 3.80 GHz.
                  The governor "{gov}" may decide which speed to use
                  within this range.
  current CPU frequency: {mhz} MHz (asserted by call to kernel)
"""


def _bundle(root: Path, saving: set[str]) -> Path:
    for n in range(4):
        node = f"xd670-1{n}"
        d = root / node
        d.mkdir(parents=True)
        gov, mhz = ("powersave", 801) if node in saving else ("performance", 3397)
        (d / "cpupower-frequency-info.txt").write_text(CPUPOWER.format(gov=gov, mhz=mhz))
        (d / "train.log").write_text(
            "".join(f"step {s} step_time {0.9 if s < 50 else 1.4:.2f}s\n" for s in range(0, 100, 5))
        )
    return root


def test_the_one_node_that_saves_power_is_the_straggler(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", {"xd670-12"})).diagnosis
    assert (d.category.value, d.action.value) == ("straggler", "restart_without_node")
    assert d.culprit is not None and d.culprit.node == "xd670-12"


def test_a_governor_every_node_runs_names_no_node(tmp_path: Path) -> None:
    every = {f"xd670-1{n}" for n in range(4)}
    d = diagnose_bundle(_bundle(tmp_path / "b", every)).diagnosis
    assert d.culprit is None or d.culprit.node is None
