"""Structured hardware reports into findings: ``dcgmi diag -j`` JSON and ``nvidia-smi -q`` text."""

from __future__ import annotations

import json
import re
from typing import Any

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.parse_state import Context
from kintsugi.diagnose.signatures import Role
from kintsugi.events import Action, Category, Layer


def _dcgm_category(test: str) -> tuple[Category, Role]:
    t = test.lower()
    # (its memory tests, and "Page Retirement/Row Remap": the rows its memory replaced)
    if "memory" in t or "memtest" in t or "retire" in t or "remap" in t:
        return Category.GPU_MEMORY, Role.ROOT
    if "nvlink" in t or "nvbandwidth" in t:
        return Category.NVLINK, Role.ROOT
    if "software" in t or "deployment" in t:
        return Category.HOST, Role.ROOT
    return Category.GPU_HARDWARE, Role.ROOT


# A failed test whose warnings are about heat or clock slowdowns explains a straggler; it is
# no fault by itself (DCGM_FR_TEMP_VIOLATION, DCGM_FR_CLOCKS_EVENT_THERMAL, or the text).
_THERMAL = ("thermal", "temp", "throttl", "clocks_event", "clock event", "slowdown")


def _dicts(v: object) -> list[dict[str, Any]]:
    """The dict items of a JSON list (a malformed report may hold anything there)."""
    return [x for x in v if isinstance(x, dict)] if isinstance(v, list) else []


def parse_dcgm(doc: dict[str, Any], ctx: Context) -> list[Finding]:
    """Findings for every failed test result in ``dcgmi diag -j`` output; odd parts skipped."""
    out: list[Finding] = []
    diag = doc.get("DCGM Diagnostic")
    if not isinstance(diag, dict):
        return out
    for cat in _dicts(diag.get("test_categories")):
        for test in _dicts(cat.get("tests")):
            name = str(test.get("name", "?"))[:80]
            for r in _dicts(test.get("results")):
                if str(r.get("status", "")).lower() not in ("fail", "failed", "error"):
                    continue
                ws = _dicts(r.get("warnings"))
                warnings = [str(w.get("warning", "")) for w in ws]
                codes = [str(w.get("error_id", "")) for w in ws]
                gpu = str(r.get("entity_id", "?"))[:16]
                out.append(_dcgm_failed(name, gpu, warnings, codes, ctx, len(out)))
    return out


def _dcgm_failed(
    name: str, gpu: str, warnings: list[str], codes: list[str], ctx: Context, order: int
) -> Finding:
    """A failed DCGM diagnostic test on one GPU (from ``dcgmi diag``'s JSON or its table)."""
    category, role = _dcgm_category(name)
    said = " ".join(codes + warnings).lower()
    if any(k in said for k in _THERMAL) and category is Category.GPU_HARDWARE:
        category, role = Category.STRAGGLER, Role.CONTEXT
    return Finding(
        signature=f"dcgm_{name.lower().replace(' ', '_')}",
        category=category,
        layer=Layer.INFRASTRUCTURE,
        action=Action.RESTART_WITHOUT_NODE,
        severity=5 if role is Role.ROOT else 2,
        role=role,
        text=f"DCGM {name} failed on GPU {gpu}: {'; '.join(warnings)[:240]}",
        source=ctx.source,
        node=ctx.node,
        attempt=ctx.attempt,
        order=order,
        detail=f"gpu{gpu}",
    )


_DIAG_ROW = re.compile(r"^\|\s*(?P<name>[^|]+?)\s*\|\s*(?P<result>[^|]*?)\s*\|\s*$")
_DIAG_GPUS = re.compile(r"\bGPU:?\s?(\d+)")  # "Fail - GPU5", "Fail - GPU: 4"


_GRID_HEAD = re.compile(r"^\|?\s*Diagnostic\s*\|\s*GPU\s?0\s*\|")
"""A results grid with a column per GPU (``Diagnostic | GPU0 | GPU1 | ...``)."""
_LOOSE_WARNING = re.compile(r"^Warning:\s*GPU\s?(\d+)\s*:\s*(.+)")


def _grid(lines: list[str]) -> tuple[list[tuple[str, str]], dict[str, list[str]]]:
    """The failed (test, GPU) cells of a results grid with a column per GPU, and the loose
    ``Warning: GPU 3: ...`` lines under it."""
    failed: list[tuple[str, str]] = []
    warnings: dict[str, list[str]] = {}
    gpus: list[str] = []
    for raw in lines:
        cells = [c.strip() for c in raw.strip().strip("|").split("|")]
        if _GRID_HEAD.match(raw.strip()):
            gpus = [c.removeprefix("GPU").strip() for c in cells[1:]]
        elif gpus and len(cells) == len(gpus) + 1:
            failed += [(cells[0][:80], g) for g, r in zip(gpus, cells[1:], strict=True) if
                       r.lower().startswith("fail")]  # fmt: skip
        elif (w := _LOOSE_WARNING.match(raw.strip())) is not None:
            warnings.setdefault(w[1], []).append(w[2][:200])
    return failed, warnings


def parse_dcgm_text(text: str, ctx: Context) -> list[Finding]:
    """Findings from ``dcgmi diag``'s table: each test whose result is ``Fail - GPU5`` (or
    ``Fail - All``), with the ``Warning`` rows under it that name the same GPU; or, from a grid
    of results with a column per GPU, each failed cell with the warnings that name its GPU."""
    out: list[Finding] = []
    failed: list[tuple[str, str]] = []  # (test, gpu)
    warnings: dict[str, list[str]] = {}
    lines = text.splitlines()
    if any(_GRID_HEAD.match(raw.strip()) for raw in lines[:50]):
        failed, warnings = _grid(lines)
    for raw in lines:
        m = _DIAG_ROW.match(raw.strip())
        if m is None or failed:
            continue
        name, result = m["name"], m["result"]
        if name.lower() in ("warning", "info"):
            for gpu in _DIAG_GPUS.findall(result) or ["all"]:
                warnings.setdefault(gpu, []).append(result[:200])
        elif result.lower().startswith("fail"):
            for gpu in _DIAG_GPUS.findall(result) or ["all"]:
                failed.append((name[:80], gpu))
    for name, gpu in failed:
        said = warnings.get(gpu, []) + (warnings.get("all", []) if gpu != "all" else [])
        out.append(_dcgm_failed(name, gpu, said, [], ctx, len(out)))
    return out


def parse_nvsmi(text: str, ctx: Context) -> list[Finding]:
    """Findings from ``nvidia-smi -q``: uncorrectable ECC, row-remap failure, thermal slowdown."""
    out: list[Finding] = []
    gpu, bus = "?", "?"
    path: list[tuple[int, str]] = []
    seen = 0
    link_max: dict[str, int] = {}
    limits: dict[str, float] = {}
    model_seen = False
    remap: dict[str, str] = {}  # GPU -> its Remapped Rows "Pending" value
    lines = text.splitlines()
    listing = _whole_listing(text[:4096], lines)
    for n, raw in enumerate(lines, start=1):
        if raw.startswith("GPU "):
            # nvidia-smi lists GPUs in its index order (PCI bus order): the n-th block is GPU n
            gpu, bus, path, seen = str(seen) if listing else "?", raw[4:].strip(), [], seen + 1
            if listing and ctx.node is not None and (b := BUS_ID.search(bus)):
                out.append(gpu_bus(ctx, int(gpu), b[1], n))
            continue
        if not raw.strip() or (":" not in raw and raw.strip().startswith("=")):
            continue
        indent = len(raw) - len(raw.lstrip())
        key, _, value = raw.strip().partition(":")
        key, value = key.strip(), value.strip()
        path = [(i, k) for i, k in path if i < indent]
        if not value:
            path.append((indent, key))
            continue
        where = " / ".join(k for _, k in path)
        if key == "Product Name" and not model_seen:
            model_seen = True
            out.append(gpu_fact(ctx, "gpu_model", f"GPU model {value}", n, detail=value))
            continue
        found: tuple[str, Category, Role, int] | None = None
        if key == "Pending" and where.endswith("Remapped Rows"):
            remap[gpu] = value.lower()
        if key == "Remapping Failure Occurred" and value.lower() == "yes":
            found = ("row_remap_failure", Category.GPU_MEMORY, Role.ROOT, 5)
        elif (
            "Volatile" in where
            and ("Uncorrectable" in key or "Double Bit" in where)
            and value.isdigit()
            and int(value) > 0
        ):
            found = ("ecc_uncorrectable", Category.GPU_MEMORY, Role.ROOT, 5)
        elif ("Slowdown" in key or "Power Brake" in key) and value.lower() == "active":
            # HW (thermal, power brake) and SW thermal slowdowns; SW power cap is routine.
            found = ("thermal_slowdown", Category.STRAGGLER, Role.CONTEXT, 2)
        elif key == "Current" and where.endswith("Link Width"):
            widest = link_max.get(gpu)
            now = _width(value)
            if widest is not None and now is not None and now < widest:
                # The GPU's PCIe link trained narrower than it can (a bad riser or slot):
                # every copy to and from it, and every collective through the host, is slower.
                found = ("pcie_link_degraded", Category.STRAGGLER, Role.CONTEXT, 2)
        elif key == "Default Power Limit" and (limit := limits.get(gpu)) is not None:
            default = _watts(value)
            if default and limit < POWER_CAPPED * default:
                # The GPU's power limit set below its default (nvidia-smi -pl, a site
                # policy): it clocks down under load like a throttled one.
                found = ("power_capped", Category.STRAGGLER, Role.CONTEXT, 2)
                key, value = "Current Power Limit", f"{limit:.2f} W (default {value})"
        if key == "Max" and where.endswith("Link Width") and (w := _width(value)) is not None:
            link_max[gpu] = w
        if key in ("Current Power Limit", "Enforced Power Limit") and (w2 := _watts(value)):
            limits[gpu] = w2
        if found is None:
            continue
        sig, category, role, sev = found
        out.append(
            Finding(
                signature=sig,
                category=category,
                layer=Layer.INFRASTRUCTURE,
                action=Action.RESTART_WITHOUT_NODE,
                severity=sev,
                role=role,
                text=f"GPU {gpu} ({bus}): {where + ' / ' if where else ''}{key}: {value}",
                source=ctx.source,
                node=ctx.node,
                attempt=ctx.attempt,
                line=n,
                order=n,
                detail=f"gpu{gpu}",
            )
        )
    if seen and listing and ctx.node is not None:
        out.append(gpu_fact(ctx, "gpu_count", f"{seen} GPUs", value=float(seen)))
    if remap and ctx.node is not None:
        # every GPU's rows remapped, none waiting for a reset: a contained ECC error since
        # is behind the node (reset, row replaced); one waiting still needs its reset
        waiting = sorted(g for g, v in remap.items() if v != "no")
        sig, what = ("remap_pending", f"rows wait for a reset on GPU {', '.join(waiting)}")
        if not waiting:
            sig, what = ("remap_clean", f"no remapped row pending on {len(remap)} GPU(s)")
        out.append(gpu_fact(ctx, sig, what, detail=",".join(waiting)))
    return out


_ATTACHED = re.compile(r"(?m)^Attached GPUs\s*:\s*(?P<n>\d+)")


def _whole_listing(head: str, lines: list[str]) -> bool:
    """Whether an ``nvidia-smi -q`` report (its ``head`` and its ``lines``) lists every GPU of
    the node, so that the n-th block is GPU n: the header and as many blocks as ``Attached
    GPUs`` says (``nvidia-smi -q -i 1`` prints the header and the one GPU asked for), or, where
    no count is given, more than one block. An excerpt (one GPU's block, with or without the
    header) cannot number its GPU."""
    if "NVSMI LOG" not in head and "Attached GPUs" not in head:
        return False
    blocks = sum(1 for line in lines if line.startswith("GPU "))
    attached = _ATTACHED.search(head)
    return blocks == int(attached["n"]) if attached else blocks > 1


def gpu_fact(
    ctx: Context,
    signature: str,
    text: str,
    n: int = 0,
    detail: str = "",
    value: float | None = None,
) -> Finding:
    """A fact of the node's GPUs: its model (``gpu_model``, its first GPU's: for a node unlike
    the others) or how many its report lists (``gpu_count``: for the ranks a node holds)."""
    return Finding(
        signature=signature,
        category=Category.UNKNOWN,
        layer=Layer.INFRASTRUCTURE,
        action=Action.NONE,
        severity=0,
        role=Role.META,
        text=text,
        source=ctx.source,
        node=ctx.node,
        attempt=ctx.attempt,
        line=n or None,
        order=n,
        detail=detail,
        value=value,
    )


def gpu_bus(ctx: Context, index: int, bus: str, n: int = 0) -> Finding:
    """The node's GPU ``index`` sits on PCI ``bus`` (``97:00``): an Xid names the bus, the
    launcher the index (its local rank)."""
    return gpu_fact(ctx, "gpu_bus", f"GPU {index} on PCI {bus.lower()}", n, bus.lower(), index)


BUS_ID = re.compile(r":([0-9A-Fa-f]{2}:[0-9A-Fa-f]{2})\.\d")
"""A GPU's PCI address as nvidia-smi writes it (``00000000:65:00.0``): its bus and device."""
"""The bus and device of ``nvidia-smi``'s ``00000000:97:00.0``."""
PCI_BUS = re.compile(r"(?i)\bPCI:(?:[0-9a-f]{4,8}:)?(?P<bus>[0-9a-f]{2}:[0-9a-f]{2})\b")
"""The device an Xid names (``NVRM: Xid (PCI:0000:97:00): 79``)."""


POWER_CAPPED = 0.8
"""A power limit below this share of the GPU's default is a cap that slows it."""


def _watts(value: str) -> float | None:
    """``400.00 W`` as 400.0 (None for ``N/A``)."""
    m = re.match(r"(\d+(?:\.\d+)?) ?W\b", value)
    return float(m[1]) if m else None


def _slowdown(ctx: Context, gpu: str, text: str, n: int) -> Finding:
    """A GPU that clocks down for heat or power: context for the straggler rules."""
    return Finding(
        signature="thermal_slowdown",
        category=Category.STRAGGLER,
        layer=Layer.INFRASTRUCTURE,
        action=Action.RESTART_WITHOUT_NODE,
        severity=2,
        role=Role.CONTEXT,
        text=text[:300],
        source=ctx.source,
        node=ctx.node,
        attempt=ctx.attempt,
        line=n,
        order=n,
        detail=f"gpu{gpu}",
    )


CLOCK_EVENT_COLUMNS = ("clocks_event_reasons.", "clocks_throttle_reasons.")
"""Column prefixes of ``nvidia-smi --query-gpu ... --format=csv`` clock-event samples (the
second is their name before driver 535)."""


def _slowdown_column(name: str) -> bool:
    """A ``--query-gpu`` clock-event column that means heat or power: HW slowdown, HW
    thermal, HW power brake, SW thermal (the SW power cap is routine, not a fault)."""
    n = name.lower()
    return any(c in n for c in CLOCK_EVENT_COLUMNS) and ("slowdown" in n or "power_brake" in n)


def parse_nvsmi_csv(text: str, ctx: Context) -> list[Finding]:
    """Findings from ``nvidia-smi --query-gpu=...,clocks_event_reasons.* --format=csv``
    samples: the first sample of each GPU and reason that reads ``Active``."""
    lines = text.splitlines()
    if not lines:
        return []
    header = [h.strip() for h in lines[0].lstrip("# ").split(",")]
    watched = [i for i, h in enumerate(header) if _slowdown_column(h)]
    # the reasons as one bitmask ("clocks_event_reasons.active": 0x0000000000000068)
    masks = [i for i, h in enumerate(header) if h.lower().endswith("reasons.active")]
    index = next((i for i, h in enumerate(header) if h.lower() == "index"), None)
    bus = next((i for i, h in enumerate(header) if h.lower() == "pci.bus_id"), None)
    rows = [[c.strip() for c in row.split(",")] for row in lines[1:]]
    # without an index column, a GPU's bus id says which it is: nvidia-smi numbers the GPUs
    # in PCI bus order
    buses = sorted({r[bus].lower() for r in rows if bus is not None and len(r) == len(header)})
    out: list[Finding] = []
    seen: set[tuple[str, int]] = set()
    gpus: set[str] = set()
    for n, cells in enumerate(rows, start=2):
        if len(cells) != len(header):
            continue
        if index is not None:
            gpu = cells[index]
        elif bus is not None:
            gpu = str(buses.index(cells[bus].lower()))
        else:
            gpu = "?"
        gpus.add(gpu)
        when = cells[0] if header[0].lower() == "timestamp" else ""
        for i in watched:
            if cells[i].lower() != "active" or (gpu, i) in seen:
                continue
            seen.add((gpu, i))
            text_ = f"GPU {gpu}: {header[i]}: Active" + (f" at {when}" if when else "")
            out.append(_slowdown(ctx, gpu, text_, n))
        for i in masks:
            bits = int(cells[i], 16) if re.fullmatch(r"0x[0-9a-fA-F]+", cells[i]) else 0
            hot = [name for bit, name in _SLOWDOWN_BITS.items() if bits & bit]
            if hot and (gpu, i) not in seen:
                seen.add((gpu, i))
                text_ = f"GPU {gpu}: {header[i]}: {cells[i]} ({', '.join(hot)})"
                out.append(_slowdown(ctx, gpu, text_ + (f" at {when}" if when else ""), n))
    # every GPU sampled (indexes 0..n-1, none missing): the node's GPU count
    listed = {int(g) for g in gpus if g.isdigit()}
    numbered = index is not None or bus is not None
    if numbered and ctx.node is not None and listed == set(range(len(gpus))):
        out.append(gpu_fact(ctx, "gpu_count", f"{len(gpus)} GPUs", value=float(len(gpus))))
    return out


_PROM_CLOCKS = re.compile(
    r"^DCGM_FI_DEV_CLOCK(?:S_EVENT|_THROTTLE)_REASONS\{(?P<labels>[^}]*)\}\s+(?P<v>\d+(?:\.\d+)?)"
)
_PROM_GPU = re.compile(r'\bgpu="(\d+)"')
# NVML's clock-event bits that mean heat or power: HW slowdown, SW thermal, HW thermal, HW power
# brake (the SW power cap, 0x4, is the routine limit).
_SLOWDOWN_BITS = {0x8: "HW slowdown", 0x20: "SW thermal slowdown", 0x40: "HW thermal slowdown",
                  0x80: "HW power brake slowdown"}  # fmt: skip


def parse_dcgm_prometheus(text: str, ctx: Context) -> list[Finding]:
    """Findings from dcgm-exporter's Prometheus text: a GPU whose clock-event reasons gauge
    has a heat or power bit set (each GPU once)."""
    out: list[Finding] = []
    said: set[str] = set()
    for n, line in enumerate(text.splitlines(), start=1):
        m = _PROM_CLOCKS.match(line)
        if m is None:
            continue
        bits = int(float(m["v"]))
        why = [name for bit, name in _SLOWDOWN_BITS.items() if bits & bit]
        g = _PROM_GPU.search(m["labels"])
        gpu = g.group(1) if g else "?"
        if not why or gpu in said:
            continue
        said.add(gpu)
        out.append(
            _slowdown(ctx, gpu, f"GPU {gpu}: clock event reasons 0x{bits:x} ({', '.join(why)})", n)
        )
    return out


_HEALTH_GPU = re.compile(r"GPU ID:\s*(\d+)")


_SINGLE_BIT = re.compile(r"(?i)\b(?:single[- ]bit|sbe)\b")


def parse_dcgm_health(text: str, ctx: Context) -> list[Finding]:
    """Findings from ``dcgmi health -c`` (its text table): a GPU whose warning or failure is
    about heat, a power brake or clocks slowing down, or a storm of single-bit ECC errors
    (each one the driver corrects at a cost: the GPU slows, short of failing)."""
    out: list[Finding] = []
    gpu: str | None = None
    said: set[str] = set()
    storms: set[str] = set()
    for n, raw in enumerate(text.splitlines(), start=1):
        m = _HEALTH_GPU.search(raw)
        if m:
            gpu = m.group(1)
        body = " ".join(raw.replace("|", " ").split())
        low = body.lower()
        if gpu is not None and gpu not in storms and _SINGLE_BIT.search(body):
            storms.add(gpu)
            out.append(
                Finding(
                    signature="dcgm_sbe_rate",
                    category=Category.GPU_MEMORY,
                    layer=Layer.INFRASTRUCTURE,
                    action=Action.RUN_DIAGNOSTICS,
                    severity=2,
                    role=Role.CONTEXT,
                    text=f"DCGM health, GPU {gpu}: {body}"[:300],
                    source=ctx.source,
                    node=ctx.node,
                    attempt=ctx.attempt,
                    line=n,
                    order=n,
                    detail=f"gpu{gpu}",
                )
            )
        if gpu is None or gpu in said or not any(k in low for k in (*_THERMAL, "power brake")):
            continue
        said.add(gpu)
        out.append(_slowdown(ctx, gpu, f"DCGM health, GPU {gpu}: {body}", n))
    return out


def _width(value: str) -> int | None:
    """A PCIe link width ("16x", "x16") as a number."""
    digits = value.strip().lower().strip("x")
    return int(digits) if digits.isdigit() else None


def load_json(text: str) -> Any:
    """JSON or None."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None


_IB_CA = re.compile(r"^(?:CA|Infiniband device) '(?P<ca>[^']+)'", re.M)
_IB_RATE = re.compile(r"^\s*[Rr]ate:\s*(?P<rate>\d+)(?: Gb/sec\b.*)?\s*$", re.M)
"""``ibstat``'s ``Rate: 400`` under ``CA 'mlx5_0'``, or ``ibstatus``'s ``rate: 100 Gb/sec (1X
NDR)`` under ``Infiniband device 'mlx5_5' port 1 status:``."""


def parse_ibstat_rates(text: str, ctx: Context) -> list[Finding]:
    """``ibstat`` or ``ibstatus``: an active port whose rate is below the node's other ports'
    (an HCA that trained at 100 of 400 Gb/s): every ring through the node runs at its pace."""
    rates: list[tuple[str, int, int]] = []
    cas = list(_IB_CA.finditer(text))
    for i, ca in enumerate(cas):
        end = cas[i + 1].start() if i + 1 < len(cas) else len(text)
        for r in _IB_RATE.finditer(text, ca.end(), end):
            rates.append((ca["ca"], int(r["rate"]), text.count("\n", 0, r.start()) + 1))
    if len(rates) < 2:
        return []
    best = max(rate for _, rate, _ in rates)
    return [
        Finding(
            signature="nic_rate_degraded",
            category=Category.STRAGGLER,
            layer=Layer.INFRASTRUCTURE,
            action=Action.RESTART_WITHOUT_NODE,
            severity=2,
            role=Role.CONTEXT,
            text=f"{ca}: Rate {rate} (the node's other ports run at {best})",
            source=ctx.source,
            node=ctx.node,
            attempt=ctx.attempt,
            line=n,
            order=n,
            detail=ca,
        )
        for ca, rate, n in rates
        if rate < best
    ]
