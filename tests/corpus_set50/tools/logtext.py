"""Helpers that read the committed captures and rewrite them for a bundle.

Everything here is deterministic: no clock, no randomness except seeded RNGs
passed in by the caller.
"""
import datetime as _dt
import json
import os
import re

SET_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CAPTURES = os.path.join(SET_DIR, "captures")

CAPTURE_SCRIPT = "/work/main/tests/corpus_set50/capture/train.py"
CAPTURE_PY = "/root/.pyenv/versions/3.11.7"

PY_TS = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) ")
GLOG_TS = re.compile(r"^[IWEF](\d\d)(\d\d) (\d\d:\d\d:\d\d)\.(\d{6})")
C10_TS = re.compile(r"^(?:\[rank\d+\]:)?\[[IWEF](\d\d)(\d\d) (\d\d:\d\d:\d\d)\.(\d{6})")


def load_capture(name):
    d = os.path.join(CAPTURES, name)
    meta = json.load(open(os.path.join(d, "meta.json")))
    nodes = {}
    for sub in sorted(os.listdir(d)):
        if not sub.startswith("node"):
            continue
        idx = int(sub[4:])
        nodes[idx] = {
            "stdout": open(os.path.join(d, sub, "stdout.log"), encoding="utf-8", errors="replace").read(),
            "stderr": open(os.path.join(d, sub, "stderr.log"), encoding="utf-8", errors="replace").read(),
        }
    return meta, nodes


def rewrite(text, host, master_ip, port, job_id, workdir="/home/svc-train/recipes/tinyllm", own_ip=None):
    text = text.replace(CAPTURE_SCRIPT, workdir + "/train.py")
    text = text.replace(CAPTURE_PY + "/bin/python3.11", "/opt/conda/bin/python3.11")
    text = text.replace(CAPTURE_PY + "/bin/torchrun", "/opt/conda/bin/torchrun")
    text = text.replace(CAPTURE_PY, "/opt/conda")
    text = text.replace(f"[::ffff:127.0.0.1]:{port}", f"[::ffff:{master_ip}]:29500")
    if own_ip:
        text = text.replace("addr=[::ffff:127.0.0.1]", f"addr=[::ffff:{own_ip}]")
    text = text.replace(f"127.0.0.1:{port}", f"{master_ip}:29500")
    text = text.replace(f"(127.0.0.1, {port})", f"({master_ip}, 29500)")
    text = text.replace(f"127.0.0.1, port={port}", f"{master_ip}, port=29500")
    text = re.sub(r"au-[a-z0-9_]+", job_id, text)
    text = text.replace("au_project", "tinyllm_ext")
    text = re.sub(r"host      : (?:vm|localhost)\b", f"host      : {host}", text)
    text = re.sub(r"\b(?:vm|localhost)_(\d+)_(\d+)", lambda m: f"{host}_{m.group(1)}_{m.group(2)}", text)
    return text


def line_time(line, year):
    """Return a naive UTC datetime for a log line, or None."""
    m = PY_TS.match(line)
    if m:
        return _dt.datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S").replace(microsecond=int(m.group(2)) * 1000)
    m = GLOG_TS.match(line) or C10_TS.match(line)
    if m:
        t = _dt.datetime.strptime(f"{year}-{m.group(1)}-{m.group(2)} {m.group(3)}", "%Y-%m-%d %H:%M:%S")
        return t.replace(microsecond=int(m.group(4)))
    return None


def stamp_lines(text, year=2026):
    """(time, index, line) for every line.  Lines without a timestamp (Python
    tracebacks, ChildFailedError boxes) take the time of the NEXT stamped line of
    the same stream (they were printed just before it); trailing ones take the
    last stamp seen."""
    lines = text.splitlines()
    times = [line_time(ln, year) for ln in lines]
    out = [None] * len(lines)
    nxt = None
    for i in range(len(lines) - 1, -1, -1):
        if times[i] is not None:
            nxt = times[i]
        out[i] = nxt
    last = _dt.datetime(1970, 1, 1)
    for i in range(len(lines)):
        if times[i] is not None:
            last = times[i]
        if out[i] is None or out[i] < last:
            out[i] = last
    return [(out[i], i, lines[i]) for i in range(len(lines))]


def merge_streams(stdout, stderr, year=2026):
    """Interleave the two streams of one agent by the timestamps they carry."""
    allv = sorted([(t, 0, i, ln) for t, i, ln in stamp_lines(stdout, year)] +
                  [(t, 1, i, ln) for t, i, ln in stamp_lines(stderr, year)])
    return "\n".join(x[3] for x in allv) + "\n"


def rank_lines(text, rank):
    tag = f"[rank{rank}]"
    return [ln for ln in text.splitlines() if tag in ln]


def last_time_of_rank(stdout, rank, year=2026):
    t = None
    for ln in rank_lines(stdout, rank):
        lt = line_time(ln, year)
        if lt:
            t = lt
    return t


def first_time(text, pattern, year=2026):
    last = None
    for ln in text.splitlines():
        lt = line_time(ln, year)
        if lt:
            last = lt
        if pattern in ln:
            return lt or last
    return None


def pids_of_failures(stderr):
    """local_rank -> pid from torchrun's failure summaries/log lines."""
    out = {}
    for m in re.finditer(r"local_rank: (\d+) \(pid: (\d+)\)", stderr):
        out[int(m.group(1))] = int(m.group(2))
    for m in re.finditer(r"rank      : \d+ \(local_rank: (\d+)\)\n  exitcode  : -?\d+ \(pid: (\d+)\)", stderr):
        out[int(m.group(1))] = int(m.group(2))
    return out


def epoch_to_dt(t):
    return _dt.datetime.fromtimestamp(t, tz=_dt.timezone.utc).replace(tzinfo=None)
