"""The diagnosis entry points: live (events in, verdict out) and offline (a bundle of logs)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from kintsugi.diagnose.bundle import BundleScan, scan_bundle
from kintsugi.diagnose.from_events import findings_from_events
from kintsugi.diagnose.rules import decide
from kintsugi.diagnose.signatures import SignatureSet, default_signatures
from kintsugi.errors import UserError
from kintsugi.events import Diagnosis, Event, EventKind


def diagnose_events(events: Sequence[Event], history: Sequence[Event] = ()) -> Diagnosis:
    """The verdict for the newest failure of a run, from its events. Pure: no I/O.

    Args:
        events: the events of the current run, all attempts so far.
        history: past ``diagnosis`` events from the store (recurrence across jobs).

    Returns:
        A Diagnosis; ``unknown`` with the reason when no failure is visible.
    """
    return diagnose_events_with(events, history, default_signatures())


def diagnose_events_with(
    events: Sequence[Event], history: Sequence[Event], sigs: SignatureSet
) -> Diagnosis:
    """``diagnose_events`` with an explicit signature set."""
    topology: dict[str, str] = {}
    for e in events:
        if e.kind is EventKind.RUN_START and isinstance(e.data.get("topology"), dict):
            for sw, nodes in e.data["topology"].items():
                topology.update(dict.fromkeys(map(str, nodes), str(sw)))
    findings = findings_from_events(events, sigs, history)
    if not events:
        return decide(findings, topology, "no events")
    return decide(findings, topology, "no failure in the run's events")


@dataclass(frozen=True, slots=True)
class BundleResult:
    """A verdict with the scan that produced it."""

    diagnosis: Diagnosis
    scan: BundleScan


def diagnose_bundle(
    path: Path, sigs: SignatureSet | None = None, topology: Mapping[str, str] | None = None
) -> BundleResult:
    """Diagnoses a directory of logs from a failed job.

    Raises:
        UserError: ``path`` does not exist or is not a directory.
    """
    if not path.exists():
        raise UserError(f"bundle {path} does not exist; pass a directory of logs")
    if not path.is_dir():
        raise UserError(f"bundle {path} is not a directory; pass the directory that holds it")
    sigs = sigs or default_signatures()
    scan = scan_bundle(path, sigs)
    topo = {**scan.topology, **(topology or {})}
    n = len(scan.files)
    if n == 0:
        reason = "the bundle is empty (no files)"
    else:
        skipped = sum(1 for f in scan.files if f.kind in ("binary", "empty", "unreadable"))
        reason = f"no failure signature in {n} file(s), {scan.bytes} bytes"
        if skipped:
            reason += f" ({skipped} binary, empty or unreadable file(s) skipped)"
    return BundleResult(decide(scan.findings, topo, reason), scan)
