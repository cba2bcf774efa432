"""``kintsugi diagnose BUNDLE`` and ``kintsugi fleet``: thin wrappers over the engine."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from kintsugi.errors import UserError
from kintsugi.redact import redact_url
from kintsugi.settings import CONFIG_OPT, Opt, add_options, resolve

DIAGNOSE_OPTIONS = (
    CONFIG_OPT,
    Opt(flag="--json", type=None, help="print the verdict as JSON"),
    Opt(flag="--explain", type=None, help="show the rule behind each field and every file read"),
    Opt(
        flag="--signatures",
        type=str,
        repeat=True,
        default=[],
        metavar="PATH",
        help="extra signature TOML file or directory (repeatable; the variable is ':'-separated)",
    ),
    Opt(
        flag="--topology",
        type=str,
        metavar="FILE",
        help='JSON {"topology": {switch: [nodes]}}',
    ),
    Opt(flag="--list-signatures", type=None, help="list the signatures in use and exit"),
)
FLEET_OPTIONS = (
    CONFIG_OPT,
    Opt(flag="--store", type=str, metavar="URL", help="event store URL or SQLite path"),
    Opt(flag="--titan", type=str, metavar="PATH", help="Titan data directory or gc_full.csv"),
    Opt(flag="--json", type=None, help="print JSON"),
)


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Adds the ``diagnose`` and ``fleet`` sub-commands."""
    d = sub.add_parser(
        "diagnose",
        help="diagnose a bundle of logs from a failed job",
        description="One verdict (category, layer, culprit, action, evidence) for a directory "
        "of logs: one sub-directory per node, attempts as attempt_N/.",
    )
    d.add_argument(
        "bundle",
        nargs="?",
        default=os.environ.get("KINTSUGI_BUNDLE"),
        help="the bundle directory (or KINTSUGI_BUNDLE)",
    )
    add_options(d, DIAGNOSE_OPTIONS)
    d.set_defaults(func=run_diagnose)

    f = sub.add_parser("fleet", help="failures per node across jobs; lemons; Titan analysis")
    add_options(f, FLEET_OPTIONS)
    f.set_defaults(func=run_fleet)


def run_diagnose(args: argparse.Namespace) -> int:
    from kintsugi.diagnose.engine import diagnose_bundle
    from kintsugi.diagnose.signatures import describe, load_signatures
    from kintsugi.textsafe import terminal_safe

    args = resolve(args, DIAGNOSE_OPTIONS, "diagnose")
    # KINTSUGI_SIGNATURES reaches us through the settings; its items are ':'-separated paths.
    paths = [p for item in args.signatures for p in item.split(":") if p]
    sigs = load_signatures(paths, use_env=False)
    if args.list_signatures:
        print("\n".join(terminal_safe(line) for line in describe(sigs)))
        return 0
    if not args.bundle:
        raise UserError("diagnose needs a BUNDLE directory (or KINTSUGI_BUNDLE)")
    topology = _read_topology(args.topology) if args.topology else None
    res = diagnose_bundle(Path(args.bundle), sigs, topology)
    d = res.diagnosis
    if args.json:
        out = d.to_dict()
        if args.explain:
            out["explain"] = list(d.explain)
            out["files"] = [_file(f) for f in res.scan.files]
        print(json.dumps(out, indent=2))
        return 0
    for line in render_verdict(res, args.explain):
        print(line)
    return 0


_APP = ("user_code", "dependency", "numerical", "oom")


def render_verdict(res: Any, explain: bool) -> list[str]:
    """The verdict as terminal lines; every piece of log text passes through terminal_safe."""
    from kintsugi.textsafe import terminal_safe

    d = res.diagnosis
    if d.culprit is None:
        who = "the application" if d.category.value in _APP else "no single node"
    else:
        who = f"{d.culprit.node}" + (
            f" rank {d.culprit.rank}" if d.culprit.rank is not None else ""
        )
    out = [
        f"verdict:    {d.category.value} ({d.layer.value})",
        f"culprit:    {terminal_safe(who) if d.category.value != 'unknown' else '-'}",
        f"action:     {d.action.value}",
        f"confidence: {d.confidence:.2f}",
        f"summary:    {terminal_safe(d.summary)}",
    ]
    for e in d.evidence:
        where = e.source + (f":{e.line}" if e.line is not None else "")
        out.append(f"  evidence  {terminal_safe(where)}: {terminal_safe(e.text)}")
    if explain:
        out.append("rules:")
        out += [f"  {terminal_safe(line)}" for line in d.explain or ("(none fired)",)]
        out.append(f"files ({len(res.scan.files)}, {res.scan.bytes} bytes):")
        for f in res.scan.files:
            note = f" ({terminal_safe(f.note)})" if f.note else ""
            out.append(
                f"  {f.kind:<15} {f.size:>10}  {f.findings:>4} finding(s)  "
                f"{terminal_safe(f.path)}{note}"
            )
        if res.scan.dropped:
            out.append(f"  ({res.scan.dropped} repeated finding(s) not kept)")
    return out


def _file(f: Any) -> dict[str, Any]:
    return {k: getattr(f, k) for k in ("path", "kind", "size", "findings", "note")}


def _read_topology(path: str) -> dict[str, str]:
    from kintsugi.diagnose.from_events import topology_of

    try:
        doc = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError, RecursionError, UnicodeDecodeError) as e:
        raise UserError(f"cannot read topology {path}: {type(e).__name__}") from e
    topo = doc.get("topology", doc) if isinstance(doc, dict) else None
    if not isinstance(topo, dict):
        raise UserError(f'topology {path} must be {{"topology": {{switch: [nodes]}}}}')
    return topology_of(topo)


def run_fleet(args: argparse.Namespace) -> int:
    from kintsugi.diagnose.history import fleet_from_store, format_titan, titan_report
    from kintsugi.textsafe import terminal_safe

    args = resolve(args, FLEET_OPTIONS, "fleet")
    if not args.store and not args.titan:
        raise UserError("fleet needs --store URL and/or --titan PATH")
    out: dict[str, Any] = {}
    if args.titan:
        path = Path(args.titan)
        if not path.exists():
            raise UserError(f"Titan data {path} does not exist")
        rep = titan_report(path)
        out["titan"] = {
            k: getattr(rep, k)
            for k in (
                "stays",
                "failures",
                "parts",
                "slots",
                "repeat_parts",
                "repeat_parts_moved",
                "slots_multi",
                "slots_2plus",
            )
        }
        out["titan"]["cage"] = {
            str(c): {"failures": n, "gpu_years": round(y, 1)} for c, (n, y) in rep.cage.items()
        }
        out["titan"]["slot_lemons"] = [vars_(lem) for lem in rep.slot_lemons[:20]]
        if not args.json:
            print("Titan (Ostrouchov et al., SC20):")
            print("\n".join("  " + terminal_safe(line) for line in format_titan(rep)))
    if args.store:
        from kintsugi.store.api import StoreError, open_store

        try:
            with open_store(args.store, create=False) as store:
                fleet = fleet_from_store(store)
        except StoreError as e:
            raise UserError(f"cannot read store {redact_url(args.store)}: {e}") from e
        out["store"] = {
            "nodes": fleet.nodes,
            "runs": fleet.runs,
            "lemons": [vars_(lem) for lem in fleet.lemons],
        }
        if not args.json:
            print(f"store {terminal_safe(str(args.store))}: {len(fleet.runs)} node(s)")
            for node in sorted(fleet.runs, key=lambda n: -fleet.nodes.get(n, 0)):
                cats = terminal_safe(
                    ", ".join(f"{c} {k}" for c, k in fleet.categories.get(node, {}).items())
                )
                lemon = "  LEMON" if any(lem.unit == node for lem in fleet.lemons) else ""
                print(
                    f"  {terminal_safe(node):<24} {fleet.nodes.get(node, 0):4d} failure(s) in "
                    f"{fleet.runs[node]:4d} run(s)  {cats}{lemon}"
                )
    if args.json:
        print(json.dumps(out, indent=2))
    return 0


def vars_(lem: Any) -> dict[str, Any]:
    return {
        "unit": lem.unit,
        "failures": lem.failures,
        "expected": round(lem.expected, 3),
        "p_value": lem.p_value,
    }
