"""Walk a bundle of logs, recognize each file by its content, and stream it into findings.

Text is scanned in large blocks: a few literal keywords locate candidate lines in C speed,
and only those lines (plus the tracebacks they open) go through the Python line parser.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.from_events import findings_from_events
from kintsugi.diagnose.parsers import Context, LineParser, load_json, parse_dcgm, parse_nvsmi
from kintsugi.diagnose.signatures import SignatureSet
from kintsugi.events import Event, SchemaError

BLOCK = 8 << 20
MAX_WINDOW = 4096
"""Longest piece of one line handed to the parser; huge lines are cut around each hit."""
FOLLOW_LINES = 400
"""Lines read after a traceback or torchrun summary opens, to close it."""
MAX_JSON = 64 << 20
_ATTEMPT = re.compile(r"^attempt[_-]?(\d+)$", re.I)
_RANK_FILE = re.compile(r"rank[_-]?(\d+)", re.I)
_KERNEL = re.compile(rb"^(?:\[\s*\d+\.\d+\]|\w{3} [ \d]\d \d\d:\d\d:\d\d \S+ kernel:)", re.M)
_NVSMI = b"==============NVSMI LOG=============="


@dataclass(slots=True)
class FileReport:
    """What was done with one file."""

    path: str
    kind: str
    size: int
    findings: int = 0
    note: str = ""


@dataclass(slots=True)
class BundleScan:
    """All findings of a bundle plus what each file turned out to be."""

    findings: list[Finding] = field(default_factory=list)
    files: list[FileReport] = field(default_factory=list)
    topology: dict[str, str] = field(default_factory=dict)
    bytes: int = 0


def locate(root: Path, path: Path) -> tuple[str | None, int | None, int | None]:
    """Node, rank and attempt of a file from its place in the bundle."""
    parts = path.relative_to(root).parts
    attempt = None
    dirs: list[str] = []
    for p in parts[:-1]:
        m = _ATTEMPT.match(p)
        if m:
            attempt = int(m.group(1))
        else:
            dirs.append(p)
    node = dirs[0] if dirs else root.name
    rm = _RANK_FILE.search(parts[-1])
    return node, int(rm.group(1)) if rm else None, attempt


def iter_files(root: Path) -> Iterator[Path]:
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            if name == "label.json" or name.startswith("."):
                continue
            p = Path(dirpath) / name
            if p.is_file() and not p.is_symlink():
                yield p


def sniff(head: bytes) -> str:
    """Recognizes a file by its first bytes: binary, dcgm, events, nvsmi, topology or text."""
    if b"\0" in head[:8192]:
        return "binary"
    s = head.lstrip()
    if s.startswith(b"{") and b'"DCGM Diagnostic"' in head:
        return "dcgm"
    if s.startswith(b"{") and b'"kind"' in head and b'"run_id"' in head:
        return "events"
    if s.startswith(b"{") and b'"topology"' in head:
        return "topology"
    if _NVSMI in head:
        return "nvsmi"
    if _KERNEL.search(head[:65536]):
        return "kernel"
    return "text"


def scan_bundle(root: Path, sigs: SignatureSet) -> BundleScan:
    """Scans every file under ``root``; never raises on content (only on an unreadable root)."""
    out = BundleScan()
    for path in iter_files(root):
        rel = str(path.relative_to(root))
        node, rank, attempt = locate(root, path)
        try:
            size = path.stat().st_size
            with path.open("rb") as f:
                head = f.read(65536)
        except OSError as e:
            out.files.append(FileReport(rel, "unreadable", 0, note=e.strerror or str(e)))
            continue
        kind = sniff(head) if size else "empty"
        rep = FileReport(rel, kind, size)
        out.files.append(rep)
        out.bytes += size
        ctx = Context(source=rel, node=node, rank=rank, attempt=attempt)
        if kind in ("binary", "empty"):
            continue
        found: list[Finding]
        if kind in ("dcgm", "events", "topology") and size <= MAX_JSON:
            found = _structured(path, kind, ctx, sigs, out)
            if found is None:
                rep.note = "not valid JSON; scanned as text"
                found = scan_text_file(path, ctx, sigs)
        elif kind == "nvsmi" and size <= MAX_JSON:
            found = parse_nvsmi(path.read_bytes().decode("utf-8", "replace"), ctx)
        else:
            if kind == "kernel":
                ctx.rank = None
            found = scan_text_file(path, ctx, sigs)
        rep.findings = len(found)
        out.findings += found
    return out


def _structured(path: Path, kind: str, ctx: Context, sigs: SignatureSet, out: BundleScan) -> Any:
    text = path.read_bytes().decode("utf-8", "replace")
    if kind == "events":
        events: list[Event] = []
        for line in text.splitlines():
            if line.strip():
                try:
                    events.append(Event.from_json(line))
                except SchemaError:
                    continue
        found = findings_from_events(events, sigs)
        for e in events:
            topo = e.data.get("topology") if isinstance(e.data, dict) else None
            if isinstance(topo, dict):
                out.topology.update(_topology(topo))
        return [f if f.node else f.with_(node=ctx.node) for f in found]
    doc = load_json(text)
    if not isinstance(doc, dict):
        return None
    if kind == "topology":
        out.topology.update(_topology(doc.get("topology") or {}))
        return []
    return parse_dcgm(doc, ctx)


def _topology(doc: dict[str, Any]) -> dict[str, str]:
    """``{switch: [nodes]}`` -> ``{node: switch}``."""
    return {str(n): str(sw) for sw, nodes in doc.items() if isinstance(nodes, list) for n in nodes}


def scan_text_file(path: Path, ctx: Context, sigs: SignatureSet) -> list[Finding]:
    """Streams a text file in blocks; only lines holding a keyword reach the parser."""
    parser = LineParser(sigs, ctx)
    keys = [k.encode() for k in sigs.keywords]
    lineno = 1
    carry = b""
    with path.open("rb") as f:
        while True:
            block = f.read(BLOCK)
            eof = not block
            buf = carry + block
            if not buf:
                break
            rest = b""
            chunk = buf
            if not eof:
                cut = buf.rfind(b"\n") + 1
                if cut == 0 and len(buf) < 4 * BLOCK:
                    carry = buf  # a long line: read on to its end, up to a limit
                    continue
                cut = cut or len(buf)  # one huge line: cut it, a piece at a time
                chunk, rest = buf[:cut], buf[cut:]
            consumed = _scan_chunk(chunk, lineno, parser, keys, eof)
            lineno += chunk.count(b"\n", 0, consumed)
            carry = chunk[consumed:] + rest
            if eof:
                break
    parser.close()
    return parser.findings


def _scan_chunk(chunk: bytes, lineno: int, parser: LineParser, keys: list[bytes], eof: bool) -> int:
    """Feeds the chunk's candidate lines to the parser; returns how many bytes were used."""
    low = chunk.lower()
    starts = _candidates(low, keys)
    pos, line_at, follow_until = 0, lineno, -1
    for s in starts:
        if s < follow_until:
            continue
        line_at += chunk.count(b"\n", pos, s)
        pos = s
        end = _line_end(chunk, s)
        parser.feed(_decode(chunk, s, end), line_at)
        if parser.busy:
            # read on until the traceback or summary closes
            n, p = 0, end + 1
            while parser.busy and p < len(chunk) and n < FOLLOW_LINES:
                e = _line_end(chunk, p)
                n += 1
                parser.feed(_decode(chunk, p, e), line_at + n)
                p = e + 1
            if parser.busy and p >= len(chunk) and not eof and s > 0:
                parser.close()
                return s  # re-read this block with the next chunk
            line_at += chunk.count(b"\n", pos, min(p, len(chunk)))
            pos = min(p, len(chunk))
            follow_until = p
    return len(chunk)


# Ordinary training-log text: a keyword is located by its trigram that is rarest here.
_ORDINARY = b"""2024-06-01 10:00:00,000 info trainer.py:412 step 1200 loss 2.3456 lr 3.0e-04
grad_norm 0.91 tokens/s 51234 mfu 0.43 mem 61.2gib epoch 3 iteration 400/1000 throughput
node-001:1234:1234 [0] nccl info channel 00/32 : 0[0] -> 1[1] via p2p/ipc connected all rings
saving checkpoint to /checkpoints/step_1000 ... done in 2.5s; loading dataset shard from
/data/train-00001.bin with 1024 samples; evaluating on the validation set: accuracy 0.812
perplexity 12.3; using device cuda:0 with world size 16 on host node-001 port 29500; warmup
finished, cosine schedule; gradient accumulation steps 8, global batch 1024; dataloader
workers 8 prefetch factor 2 pin memory true; total parameters 7.1b, trainable 7.1b; the
model, optimizer and scheduler states were restored; waiting for all ranks to join the
process group; elapsed time per iteration (ms): 812.3 | learning rate: 1.000e-04 | number
of skipped iterations: 0 | number of nan iterations: 0 | samples per second: 52.1 | host
memory used 412.3 gib, free 100.2 gib; posting metrics to the logger; closing files
"""
_LETTERS = "etaoinsrhldcumfpgwybvkxjqz"
_LUTS: dict[tuple[bytes, ...], tuple[npt.NDArray[np.bool_], dict[int, list[bytes]]]] = {}


def _rarest_trigram(k: bytes) -> int:
    def cost(t: bytes) -> tuple[int, float]:
        letters = sum(26 - _LETTERS.index(chr(c)) if chr(c) in _LETTERS else 8 for c in t)
        return (_ORDINARY.count(t), letters)

    best = min((k[i : i + 3] for i in range(len(k) - 2)), key=cost)
    return (best[0] << 16) | (best[1] << 8) | best[2]


def _index(keys: list[bytes]) -> tuple[npt.NDArray[np.bool_], dict[int, list[bytes]]]:
    tk = tuple(keys)
    if tk not in _LUTS:
        lut = np.zeros(1 << 24, dtype=np.bool_)
        by_code: dict[int, list[bytes]] = {}
        for k in keys:
            code = _rarest_trigram(k)
            lut[code] = True
            by_code.setdefault(code, []).append(k)
        _LUTS[tk] = (lut, by_code)
    return _LUTS[tk]


def _candidates(low: bytes, keys: list[bytes]) -> list[int]:
    """Starts of the lines (or windows of huge lines) that hold a keyword, in order.

    One vectorized pass finds each keyword's rarest trigram; only there is the whole keyword
    checked. This costs a few passes over the block instead of one per keyword.
    """
    if len(low) < 3:
        return [0] if any(k in low for k in keys) else []
    lut, by_code = _index(keys)
    a = np.frombuffer(low, dtype=np.uint8)
    codes = (a[:-2].astype(np.uint32) << 16) | (a[1:-1].astype(np.uint32) << 8) | a[2:]
    pos = np.flatnonzero(lut[codes])
    if pos.size == 0:
        return []
    nl = np.flatnonzero(a == 10)
    li = np.searchsorted(nl, pos)
    ls = np.where(li == 0, 0, nl[np.maximum(li - 1, 0)] + 1) if nl.size else np.zeros_like(pos)
    half = MAX_WINDOW // 2
    q = half // 2
    # huge lines: a window of MAX_WINDOW from about ``half`` before the hit
    ws = ls + np.maximum(0, ((pos - ls - half) // q) * q)
    out: list[int] = []
    for w, c in zip(ws.tolist(), codes[pos].tolist(), strict=True):
        if out and out[-1] == w:
            continue
        seg = low[w : _line_end(low, w)]
        if any(k in seg for k in by_code[c]):
            out.append(w)
    return out


def _line_end(chunk: bytes, start: int) -> int:
    e = chunk.find(b"\n", start, start + MAX_WINDOW)
    return min(len(chunk), start + MAX_WINDOW) if e < 0 else e


def _decode(chunk: bytes, start: int, end: int) -> str:
    return chunk[start:end].decode("utf-8", "replace")


def read_json_lines(path: Path) -> list[dict[str, Any]]:
    """Helper for tests and tools: a JSON-lines file as dicts."""
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
