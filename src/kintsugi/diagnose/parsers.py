"""Turn text into findings: log lines and tracebacks, torchrun summaries, DCGM JSON, nvidia-smi.

``LineParser`` is shared by the live path (a rank's log tail) and the offline bundle scanner.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.signatures import Role, SignatureSet
from kintsugi.events import Action, Category, Layer

_PREFIX = re.compile(r"^(?:\[default(?P<local>\d+)\]:)?(?:\[rank(?P<rank>\d+)\]:)?[ ]?")
_EXC = re.compile(
    r"^(?P<type>(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt|Fault))"
    r"(?::\s?(?P<msg>.*))?$"
)
_FRAME = re.compile(r'^\s+File "(?P<file>[^"]+)", line \d+, in (?P<func>.+)$')
_STEP = re.compile(r"(?i)\b(?:step|iter(?:ation)?)[\s:=#]*(\d+)")
_NCCL_RANK = re.compile(r"\[(?:Rank|PG \d+ Rank) (\d+)\]")
_TR_FIELD = re.compile(r"^\s+(\w+)\s*:\s?(.*)$")
_TR_ENTRY = re.compile(r"^\[\d+\]:\s*$")
_FRAMEWORK_PATH = ("site-packages", "dist-packages", "/lib/python3", "<frozen", "/torch/")
MAX_TRACEBACK_LINES = 400


@dataclass(slots=True)
class Context:
    """Where the lines come from."""

    source: str
    node: str | None = None
    rank: int | None = None
    attempt: int | None = None
    ts: float | None = None
    event_id: str | None = None
    first: bool = False


@dataclass(slots=True)
class _Traceback:
    start: int
    frames: list[str] = field(default_factory=list)
    n: int = 0


@dataclass(slots=True)
class _Torchrun:
    root: bool
    fields: dict[str, str] = field(default_factory=dict)
    line: int = 0


def is_user_file(path: str) -> bool:
    """Whether a traceback frame's file is user code rather than an installed package."""
    return not any(p in path for p in _FRAMEWORK_PATH)


class LineParser:
    """A line-by-line state machine: signatures, tracebacks, torchrun failure summaries."""

    def __init__(self, sigs: SignatureSet, ctx: Context) -> None:
        self.sigs = sigs
        self.ctx = ctx
        self.findings: list[Finding] = []
        self._tb: dict[tuple[str | None, str | None], _Traceback] = {}
        self._tr: _Torchrun | None = None
        self._order = 0

    @property
    def busy(self) -> bool:
        """Whether a multi-line block (traceback, torchrun summary) is open."""
        return bool(self._tb) or self._tr is not None

    def feed(self, raw: str, lineno: int | None = None) -> None:
        line = raw.rstrip("\r\n")
        m = _PREFIX.match(line)
        local, grank = (m.group("local"), m.group("rank")) if m else (None, None)
        body = line[m.end() :] if m else line
        rank = int(grank) if grank is not None else self.ctx.rank
        if self._tr is not None and self._torchrun(body, lineno):
            return
        key = (local, grank)
        tb = self._tb.get(key)
        if tb is not None:
            tb.n += 1
            fm = _FRAME.match(body)
            if fm:
                tb.frames.append(fm.group("file"))
                return
            if (body.startswith((" ", "\t")) or not body.strip()) and tb.n < MAX_TRACEBACK_LINES:
                return
            del self._tb[key]
            self._exception(body, rank, lineno, tb.frames)
            return
        if "Traceback (most recent call last)" in body:
            self._tb[key] = _Traceback(start=lineno or 0)
            return
        if "Root Cause (first observed failure)" in body or body.strip() == "Failures:":
            self._tr = _Torchrun(root="Root Cause" in body)
            return
        self._line(body, rank, lineno)

    def _line(self, body: str, rank: int | None, lineno: int | None) -> None:
        hit = self.sigs.match(body)
        if hit is not None:
            sig, m = hit
            gd = m.groupdict()
            if rank is None and (nm := _NCCL_RANK.search(body)):
                rank = int(nm.group(1))
            self._add(
                signature=sig.name,
                category=sig.category,
                layer=sig.layer,
                action=sig.action,
                severity=sig.severity,
                role=sig.role,
                text=body.strip(),
                rank=rank,
                line=lineno,
                detail=str(gd.get("xid") or gd.get("gpu") or ""),
            )
            return
        em = _EXC.match(body)
        if em and em.group("msg") is not None:
            self._exception(body, rank, lineno, None)

    def _exception(
        self, body: str, rank: int | None, lineno: int | None, frames: list[str] | None
    ) -> None:
        text = body.strip()
        user = is_user_file(frames[-1]) if frames else None
        hit = self.sigs.match(text)
        if hit is not None:
            sig, _ = hit
            layer = sig.layer
            if sig.category is Category.USER_CODE and user is not None:
                layer = Layer.SCRIPT if user else Layer.FRAMEWORK
            self._add(
                signature=sig.name,
                category=sig.category,
                layer=layer,
                action=sig.action,
                severity=sig.severity,
                role=sig.role,
                text=text,
                rank=rank,
                line=lineno,
                user_frame=user,
            )
            return
        em = _EXC.match(text)
        etype = em.group("type") if em else text.split(":", 1)[0][:80]
        cls = self.sigs.exception(etype)
        category = cls.category if cls else Category.USER_CODE
        layer = cls.layer if cls else Layer.SCRIPT
        # An exception type no table names (often the application's own) may be transient:
        # restart once; the same exception at the same step again stops the run.
        action = cls.action if cls else Action.RESTART
        if category is Category.USER_CODE and user is not None:
            layer = Layer.SCRIPT if user else Layer.FRAMEWORK
        meta = category is Category.UNKNOWN and action is Action.NONE
        self._add(
            signature=f"exception:{etype.rsplit('.', 1)[-1]}",
            category=category,
            layer=layer,
            action=action,
            severity=1 if meta else 3,
            role=Role.META if meta else Role.ROOT,
            text=text,
            rank=rank,
            line=lineno,
            detail="",
            user_frame=user,
        )

    def _torchrun(self, body: str, lineno: int | None) -> bool:
        tr = self._tr
        assert tr is not None
        fm = _TR_FIELD.match(body)
        if fm:
            tr.fields[fm.group(1)] = fm.group(2).strip()
            tr.line = lineno or tr.line
            return True
        if _TR_ENTRY.match(body) or body.startswith(("---", "===")) or not body.strip():
            self._torchrun_entry()
            if body.startswith("===") or body.startswith("---"):
                self._tr = None
            return True
        self._torchrun_entry()
        self._tr = None
        return False

    def _torchrun_entry(self) -> None:
        tr = self._tr
        if tr is None or "rank" not in tr.fields:
            return
        f, tr.fields = tr.fields, {}
        rm = re.match(r"(\d+)", f["rank"])
        rank = int(rm.group(1)) if rm else None
        em = re.match(r"(-?\d+)", f.get("exitcode", ""))
        code = int(em.group(1)) if em else 0
        tb = f.get("traceback", "")
        text = f"rank {rank} exitcode {code}: {tb}"
        hit = self.sigs.match(tb) if code < 0 else None
        first = tr.root
        if not tr.root and code in (-9, -15):
            # torchrun's own clean-up: it terminates the survivors after the root cause.
            self._add(
                signature="killed_by_launcher",
                category=Category.UNKNOWN,
                layer=Layer.FRAMEWORK,
                action=Action.RESTART,
                severity=1,
                role=Role.SYMPTOM,
                text=text,
                rank=rank,
                line=tr.line,
            )
        elif hit is not None:
            sig, _ = hit
            self._add(
                signature=sig.name,
                category=sig.category,
                layer=sig.layer,
                action=sig.action,
                severity=sig.severity,
                role=sig.role,
                text=text,
                rank=rank,
                line=tr.line,
                first=first,
            )
        elif code != 0:
            self._add(
                signature="exit_code",
                category=Category.UNKNOWN,
                layer=Layer.FRAMEWORK,
                action=Action.RESTART,
                severity=1,
                role=Role.ROOT,
                text=text,
                rank=rank,
                line=tr.line,
                first=first,
                detail=str(code),
            )

    def close(self) -> None:
        """Flushes open blocks (a file that ends inside a traceback or summary)."""
        if self._tr is not None:
            self._torchrun_entry()
            self._tr = None
        self._tb.clear()

    def _add(self, **kw: Any) -> None:
        c = self.ctx
        self._order += 1
        text = str(kw.get("text", ""))
        sm = _STEP.search(text)
        kw.setdefault("step", int(sm.group(1)) if sm else None)
        kw.setdefault("first", c.first)
        self.findings.append(
            Finding(
                source=c.source,
                node=c.node,
                attempt=c.attempt,
                event_id=c.event_id,
                ts=c.ts,
                order=self._order,
                **kw,
            )
        )


def parse_lines(sigs: SignatureSet, ctx: Context, text: str) -> list[Finding]:
    """Runs the line parser over a whole text (a log tail, a traceback)."""
    p = LineParser(sigs, ctx)
    for n, line in enumerate(text.splitlines(), start=1):
        p.feed(line, n if ctx.event_id is None else None)
    p.close()
    return p.findings


def _dcgm_category(test: str) -> tuple[Category, Role]:
    t = test.lower()
    if "memory" in t or "memtest" in t:
        return Category.GPU_MEMORY, Role.ROOT
    if "nvlink" in t or "nvbandwidth" in t:
        return Category.NVLINK, Role.ROOT
    if "software" in t or "deployment" in t:
        return Category.HOST, Role.ROOT
    return Category.GPU_HARDWARE, Role.ROOT


def parse_dcgm(doc: dict[str, Any], ctx: Context) -> list[Finding]:
    """Findings for every failed test result in ``dcgmi diag -j`` output."""
    out: list[Finding] = []
    diag = doc.get("DCGM Diagnostic") or {}
    for cat in diag.get("test_categories") or []:
        for test in cat.get("tests") or []:
            name = str(test.get("name", "?"))
            for r in test.get("results") or []:
                if str(r.get("status", "")).lower() not in ("fail", "failed", "error"):
                    continue
                warnings = [str(w.get("warning", "")) for w in r.get("warnings") or []]
                codes = [str(w.get("error_id", "")) for w in r.get("warnings") or []]
                category, role = _dcgm_category(name)
                gpu = str(r.get("entity_id", "?"))
                if any("THERMAL" in c or "TEMP" in c for c in codes) and category in (
                    Category.GPU_HARDWARE,
                ):
                    category, role = Category.STRAGGLER, Role.CONTEXT
                out.append(
                    Finding(
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
                        order=len(out),
                        detail=f"gpu{gpu}",
                    )
                )
    return out


def parse_nvsmi(text: str, ctx: Context) -> list[Finding]:
    """Findings from ``nvidia-smi -q``: uncorrectable ECC, row-remap failure, thermal slowdown."""
    out: list[Finding] = []
    gpu = "?"
    path: list[tuple[int, str]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        if raw.startswith("GPU "):
            gpu, path = raw[4:].strip(), []
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
        found: tuple[str, Category, Role, int] | None = None
        if key == "Remapping Failure Occurred" and value.lower() == "yes":
            found = ("row_remap_failure", Category.GPU_MEMORY, Role.ROOT, 5)
        elif (
            "Volatile" in where
            and ("Uncorrectable" in key or "Double Bit" in where)
            and value.isdigit()
            and int(value) > 0
        ):
            found = ("ecc_uncorrectable", Category.GPU_MEMORY, Role.ROOT, 5)
        elif "Slowdown" in key and "Thermal" in key and value.lower() == "active":
            found = ("thermal_slowdown", Category.STRAGGLER, Role.CONTEXT, 2)
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
                text=f"GPU {gpu}: {where + ' / ' if where else ''}{key}: {value}",
                source=ctx.source,
                node=ctx.node,
                attempt=ctx.attempt,
                line=n,
                order=n,
                detail=f"gpu{gpu}",
            )
        )
    return out


def load_json(text: str) -> Any:
    """JSON or None."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None
