"""Failure taxonomies: what fails, how often relative to the rest, and whether it costs a node.

The default is the Llama 3 405B table (Table 5, unexpected interruptions); others are named.
"""

from __future__ import annotations

from dataclasses import dataclass

from kintsugi.errors import UserError


@dataclass(frozen=True, kw_only=True, slots=True)
class FailureCategory:
    """One kind of failure in a taxonomy."""

    name: str
    """Human name, as the source prints it."""
    count: float
    """Observed count (or any weight); only the ratios between categories matter."""
    component: str
    """What fails: ``gpu``, ``host``, ``network`` or ``software``."""
    replace_node: bool
    """True when recovery excludes the node and takes a spare (hardware at fault)."""

    def __post_init__(self) -> None:
        if self.count < 0:
            raise UserError(f"failure category {self.name!r} has a negative count; use >= 0")


@dataclass(frozen=True, kw_only=True, slots=True)
class Taxonomy:
    """A named set of failure categories with their relative frequencies."""

    name: str
    categories: tuple[FailureCategory, ...]
    source: str = ""
    """Where the counts come from, for the output and the docs."""

    def __post_init__(self) -> None:
        if not self.categories or self.total <= 0:
            raise UserError(f"taxonomy {self.name!r} has no failures; give at least one count > 0")

    @property
    def total(self) -> float:
        """The sum of all counts."""
        return float(sum(c.count for c in self.categories))

    def fractions(self) -> list[float]:
        """Each category's share of all failures, in order."""
        total = self.total
        return [c.count / total for c in self.categories]

    @property
    def replace_fraction(self) -> float:
        """Share of failures after which the node is excluded and a spare is needed."""
        return sum(c.count for c in self.categories if c.replace_node) / self.total


def _cat(name: str, count: float, component: str, replace_node: bool) -> FailureCategory:
    return FailureCategory(name=name, count=count, component=component, replace_node=replace_node)


LLAMA3 = Taxonomy(
    name="llama3",
    source="Llama 3 405B, 16,384 H100 GPUs, 54 days: 419 unexpected interruptions (Table 5)",
    categories=(
        _cat("faulty GPU", 148, "gpu", True),
        _cat("GPU HBM3 memory", 72, "gpu", True),
        _cat("software bug", 54, "software", False),
        _cat("network switch/cable", 35, "network", False),
        _cat("host maintenance", 32, "host", True),
        _cat("GPU SRAM memory", 19, "gpu", True),
        _cat("GPU system processor", 17, "gpu", True),
        _cat("NIC", 7, "host", True),
        _cat("NCCL watchdog timeouts", 7, "software", False),
        _cat("silent data corruption", 6, "gpu", True),
        _cat("GPU thermal interface/sensor", 6, "gpu", True),
        _cat("SSD", 3, "host", True),
        _cat("power supply", 3, "host", True),
        _cat("server chassis", 2, "host", True),
        _cat("IO expansion board", 2, "host", True),
        _cat("dependency", 2, "software", False),
        _cat("CPU", 2, "host", True),
        _cat("system memory", 2, "host", True),
    ),
)

SINGLE = Taxonomy(
    name="single",
    source="one category: every failure costs a node (the published calculators' assumption)",
    categories=(_cat("any failure", 1, "gpu", True),),
)

SOFTWARE = Taxonomy(
    name="software",
    source="one category: every failure is a restart in place, no node is lost",
    categories=(_cat("any failure", 1, "software", False),),
)

TAXONOMIES: dict[str, Taxonomy] = {t.name: t for t in (LLAMA3, SINGLE, SOFTWARE)}
"""Taxonomies known by name; ``llama3`` is the default."""


def get_taxonomy(name: str) -> Taxonomy:
    """Returns the taxonomy called ``name``.

    Raises:
        UserError: no taxonomy has that name.
    """
    try:
        return TAXONOMIES[name]
    except KeyError:
        known = ", ".join(sorted(TAXONOMIES))
        raise UserError(f"unknown taxonomy {name!r}; use one of: {known}") from None
