"""``kintsugi diagnose BUNDLE`` and ``kintsugi fleet``: thin wrappers over the engine."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from kintsugi.errors import UserError


def _env(flag: str, default: str | None = None) -> str | None:
    return os.environ.get("KINTSUGI_" + flag.upper().replace("-", "_"), default)


def _env_bool(flag: str) -> bool:
    return (_env(flag) or "").lower() in ("1", "true", "yes", "on")


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Adds the ``diagnose`` and ``fleet`` sub-commands."""
    d = sub.add_parser(
        "diagnose",
        help="diagnose a bundle of logs from a failed job",
        description="One verdict (category, layer, culprit, action, evidence) for a directory "
        "of logs: one sub-directory per node, attempts as attempt_N/.",
    )
    d.add_argument("bundle", nargs="?", default=_env("bundle"), help="the bundle directory")
    d.add_argument(
        "--json",
        action="store_true",
        default=_env_bool("json"),
        help="print the verdict as JSON (env KINTSUGI_JSON)",
    )
    d.add_argument(
        "--explain",
        action="store_true",
        default=_env_bool("explain"),
        help="show the rule behind each field and every file read (KINTSUGI_EXPLAIN)",
    )
    d.add_argument(
        "--signatures",
        action="append",
        default=None,
        metavar="PATH",
        help="extra signature TOML file or directory; repeatable "
        "(env KINTSUGI_SIGNATURES, ':'-separated)",
    )
    d.add_argument(
        "--topology",
        default=_env("topology"),
        metavar="FILE",
        help='JSON {"topology": {switch: [nodes]}} (env KINTSUGI_TOPOLOGY)',
    )
    d.add_argument(
        "--list-signatures",
        action="store_true",
        default=_env_bool("list_signatures"),
        help="list the signatures in use and exit (env KINTSUGI_LIST_SIGNATURES)",
    )
    d.set_defaults(func=run_diagnose)

    f = sub.add_parser("fleet", help="failures per node across jobs; lemons; Titan analysis")
    f.add_argument(
        "--store",
        default=_env("store"),
        metavar="URL",
        help="event store URL or SQLite path (env KINTSUGI_STORE)",
    )
    f.add_argument(
        "--titan",
        default=_env("titan"),
        metavar="PATH",
        help="Titan data directory or gc_full.csv (env KINTSUGI_TITAN)",
    )
    f.add_argument(
        "--json",
        action="store_true",
        default=_env_bool("json"),
        help="print JSON (env KINTSUGI_JSON)",
    )
    f.set_defaults(func=run_fleet)


def run_diagnose(args: argparse.Namespace) -> int:
    from kintsugi.diagnose.engine import diagnose_bundle
    from kintsugi.diagnose.signatures import describe, load_signatures

    sigs = load_signatures(args.signatures or ())
    if args.list_signatures:
        print("\n".join(describe(sigs)))
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
    who = (
        "the application"
        if d.culprit is None
        else (
            f"{d.culprit.node}" + (f" rank {d.culprit.rank}" if d.culprit.rank is not None else "")
        )
    )
    print(f"verdict:    {d.category.value} ({d.layer.value})")
    print(f"culprit:    {who if d.category.value != 'unknown' else '-'}")
    print(f"action:     {d.action.value}")
    print(f"confidence: {d.confidence:.2f}")
    print(f"summary:    {d.summary}")
    for e in d.evidence:
        where = e.source + (f":{e.line}" if e.line is not None else "")
        print(f"  evidence  {where}: {e.text}")
    if args.explain:
        print("rules:")
        for line in d.explain or ("(none fired)",):
            print(f"  {line}")
        print(f"files ({len(res.scan.files)}, {res.scan.bytes} bytes):")
        for f in res.scan.files:
            note = f" ({f.note})" if f.note else ""
            print(f"  {f.kind:<8} {f.size:>10}  {f.findings:>3} finding(s)  {f.path}{note}")
    return 0


def _file(f: Any) -> dict[str, Any]:
    return {k: getattr(f, k) for k in ("path", "kind", "size", "findings", "note")}


def _read_topology(path: str) -> dict[str, str]:
    try:
        doc = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as e:
        raise UserError(f"cannot read topology {path}: {e}") from e
    topo = doc.get("topology", doc) if isinstance(doc, dict) else None
    if not isinstance(topo, dict):
        raise UserError(f'topology {path} must be {{"topology": {{switch: [nodes]}}}}')
    return {str(n): str(sw) for sw, nodes in topo.items() for n in nodes}


def run_fleet(args: argparse.Namespace) -> int:
    from kintsugi.diagnose.history import fleet_from_store, format_titan, titan_report

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
            print("\n".join("  " + line for line in format_titan(rep)))
    if args.store:
        from kintsugi.store.api import StoreError, open_store

        try:
            with open_store(args.store) as store:
                fleet = fleet_from_store(store)
        except StoreError as e:
            raise UserError(f"cannot read store {args.store}: {e}") from e
        out["store"] = {
            "nodes": fleet.nodes,
            "runs": fleet.runs,
            "lemons": [vars_(lem) for lem in fleet.lemons],
        }
        if not args.json:
            print(f"store {args.store}: {len(fleet.runs)} node(s)")
            for node in sorted(fleet.runs, key=lambda n: -fleet.nodes.get(n, 0)):
                cats = ", ".join(f"{c} {k}" for c, k in fleet.categories.get(node, {}).items())
                lemon = "  LEMON" if any(lem.unit == node for lem in fleet.lemons) else ""
                print(
                    f"  {node:<24} {fleet.nodes.get(node, 0):4d} failure(s) in "
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
