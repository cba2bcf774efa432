"""Stream one text file through the line parser: a vectorized keyword prefilter over blocks.

Text is scanned in large blocks: a few literal keywords locate candidate lines in C speed,
and only those lines (plus the tracebacks they open) go through the Python line parser.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

import numpy as np
import numpy.typing as npt

from kintsugi.diagnose.fileio import open_bytes
from kintsugi.diagnose.hang import FAULTHANDLER_MARK
from kintsugi.diagnose.parse_state import Context
from kintsugi.diagnose.parsers import LineParser
from kintsugi.diagnose.signatures import SignatureSet
from kintsugi.diagnose.timeline import first_stamp, last_stamp

_DUMP_MARK = FAULTHANDLER_MARK.encode()
# Terminal control sequences of coloured logs and progress bars (rich, tqdm, colorlog, loguru:
# "\x1b[38;5;249m2.08it/s\x1b[0m"), dropped before any keyword or pattern sees the text
# (an operating-system command, a window title, ends at its terminator or at the end of its
# line: one left open never swallows the lines after it)
_ANSI = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b\n]*(?:\x07|\x1b\\)?|[@-Z\\-_])")


def plain(data: bytes) -> bytes:
    """``data`` without terminal control sequences (colours, cursor moves, titles)."""
    return _ANSI.sub(b"", data) if b"\x1b" in data else data


BLOCK = 8 << 20
MAX_WINDOW = 4096
"""Longest piece of one line handed to the parser; huge lines are cut around each hit."""
FOLLOW_LINES = 400
"""Lines read after a traceback or torchrun summary opens, to close it."""
TAIL_BYTES = 8192
"""Bytes at a source's end searched for its last timestamp (when it was last heard)."""
STAMP_LOOKBACK = 2048
"""Bytes searched backwards for a timestamp when a candidate line carries none."""


def scan_text(
    path: Path, ctx: Context, sigs: SignatureSet, compressed: str | None = None
) -> LineParser:
    """Streams a text file in blocks; only lines holding a keyword reach the parser.

    Returns:
        The parser, closed: its findings, the addresses it saw, the iteration times and the
        source's last timestamp.
    """
    parser = LineParser(sigs, ctx)
    keys = [k.encode() for k in sigs.keywords]
    lineno = 1
    carry = b""
    end = b""  # the last TAIL_BYTES read: where the source's last timestamp is
    with open_bytes(path, compressed) as f:
        while True:
            block = f.read(BLOCK)
            if lineno == 1 and not carry:
                parser.first_ts = first_stamp(plain(block[:TAIL_BYTES]).decode("utf-8", "replace"))
            end = (end + block[-TAIL_BYTES:])[-TAIL_BYTES:]
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
            chunk = plain(chunk)
            if not parser.dump_seen and _DUMP_MARK in chunk:
                parser.dump_seen = True
            consumed = _scan_chunk(chunk, lineno, parser, keys, eof)
            lineno += chunk.count(b"\n", 0, consumed)
            carry = chunk[consumed:] + rest
            if eof:
                break
    parser.close()
    parser.last_ts = last_stamp(plain(end).decode("utf-8", "replace"))
    return parser


def _scan_chunk(chunk: bytes, lineno: int, parser: LineParser, keys: list[bytes], eof: bool) -> int:
    """Feeds the chunk's candidate lines to the parser; returns how many bytes were used."""
    low = chunk.lower()
    starts = _candidates(low, keys)
    stamps = _Stamps(chunk)
    pos, line_at, follow_until = 0, lineno, -1
    for s in starts:
        if s < follow_until:
            continue
        line_at += chunk.count(b"\n", pos, s)
        pos = s
        end = _line_end(chunk, s)
        parser.feed(_decode(chunk, s, end), line_at, partial(stamps.before, s))
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
_COMMON = b"0123456789 "
_LUTS: dict[tuple[bytes, ...], tuple[npt.NDArray[np.bool_], dict[int, list[bytes]]]] = {}


def _rarest_trigram(k: bytes) -> int:
    def cost(t: bytes) -> tuple[int, float]:
        # digits and spaces are everywhere in logs (step numbers, timestamps): never anchor there
        letters = sum(
            26 - _LETTERS.index(chr(c)) if chr(c) in _LETTERS else 27 if c in _COMMON else 8
            for c in t
        )
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


class _Stamps:
    """Times of the nearest stamped line before a position in one chunk, read incrementally.

    Candidate lines come in order, so only the bytes since the previous question are read.
    """

    __slots__ = ("chunk", "pos", "ts")

    def __init__(self, chunk: bytes) -> None:
        self.chunk = chunk
        self.pos = 0
        self.ts: float | None = None

    def before(self, start: int) -> float | None:
        lo = max(self.pos, start - STAMP_LOOKBACK)
        if lo < start:
            found = last_stamp(self.chunk[lo:start].decode("utf-8", "replace"))
            if found is not None:
                self.ts = found
            elif start - STAMP_LOOKBACK > self.pos:
                self.ts = None  # the last stamp seen is too far back to vouch for this line
        self.pos = max(self.pos, start)
        return self.ts


def _line_end(chunk: bytes, start: int) -> int:
    e = chunk.find(b"\n", start, start + MAX_WINDOW)
    return min(len(chunk), start + MAX_WINDOW) if e < 0 else e


def _decode(chunk: bytes, start: int, end: int) -> str:
    return chunk[start:end].decode("utf-8", "replace")
