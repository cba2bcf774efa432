"""Shared machinery: deterministic RNG, time stamp styles, the Bundle/Job model,
label validation and writing.  Standard library only."""
import hashlib
import json
import os
import random
from datetime import datetime, timedelta

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host",
              "hang", "oom", "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}


def rng_for(name):
    h = hashlib.sha256(name.encode()).hexdigest()
    return random.Random(int(h[:16], 16))


def D(s):
    """'2024-03-12 09:12:44' (UTC) -> datetime"""
    return datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def sec(x):
    return timedelta(seconds=x)


# --------------------------------------------------------------------------- nodes
class Node:
    """A host.  tz = hours east of UTC its local stamps use; skew = seconds its
    clock is off; boot = real UTC boot time; kstyle = kernel log style."""

    def __init__(self, name, ip, kstyle="dmesg_T", kfile="dmesg.txt", tz=0, skew=0.0,
                 boot=None, console="torchrun.log", tzname="UTC"):
        self.name, self.ip, self.kstyle, self.kfile = name, ip, kstyle, kfile
        self.tz, self.skew, self.boot, self.console, self.tzname = tz, skew, boot, console, tzname

    def local(self, dt):
        return dt + timedelta(hours=self.tz, seconds=self.skew)

    def kline(self, dt, msg, ident="kernel"):
        loc = self.local(dt)
        st = self.kstyle
        if st == "dmesg_T":
            return "[%s] %s" % (loc.strftime("%a %b %d %H:%M:%S %Y"), msg)
        if st == "uptime":
            up = (dt - self.boot).total_seconds()
            return "[%12.6f] %s" % (up, msg)
        if st == "journal":
            return "%s %s %s: %s" % (loc.strftime("%b %d %H:%M:%S"), self.name, ident, msg)
        if st == "syslog_up":
            up = (dt - self.boot).total_seconds()
            if ident == "kernel":
                return "%s %s kernel: [%12.6f] %s" % (loc.strftime("%b %d %H:%M:%S"), self.name, up, msg)
            return "%s %s %s: %s" % (loc.strftime("%b %d %H:%M:%S"), self.name, ident, msg)
        if st == "iso":
            off = "%+03d00" % self.tz
            return "%s%s %s %s: %s" % (loc.strftime("%Y-%m-%dT%H:%M:%S"), off, self.name, ident, msg)
        raise ValueError(st)


def c10d(node, dt, rank, lvl, src, msg, ns=False):
    loc = node.local(dt)
    frac = "%06d" % loc.microsecond
    if ns:
        frac += "%03d" % ((rank * 37 + loc.second * 11) % 1000)
    return "[rank%d]:[%s%d%02d %s.%s %s] %s" % (rank, lvl, loc.month, loc.day,
                                                loc.strftime("%H:%M:%S"), frac, src, msg)


def glog(node, dt, lvl, pid, src, msg):
    loc = node.local(dt)
    return "%s%02d%02d %s.%06d %d %s] %s" % (lvl, loc.month, loc.day, loc.strftime("%H:%M:%S"),
                                             loc.microsecond, pid, src, msg)


def pylog(node, dt, name, lvl, msg):
    loc = node.local(dt)
    return "[%s,%03d] %s: [%s] %s" % (loc.strftime("%Y-%m-%d %H:%M:%S"), loc.microsecond // 1000,
                                       name, lvl, msg)


# --------------------------------------------------------------------------- job
class Job:
    def __init__(self, nodes, t0, it_s, step0, gpn=8, jobid=None, script="train.py",
                 port=29500):
        self.nodes = nodes            # list of Node in node_rank order (the launcher's view)
        self.by_name = {n.name: n for n in nodes}
        self.t0, self.it_s, self.step0, self.gpn = t0, it_s, step0, gpn
        self.jobid, self.script, self.port = jobid, script, port
        self.world = len(nodes) * gpn

    def node_rank(self, name):
        return [n.name for n in self.nodes].index(name)

    def rank(self, name, local):
        return self.node_rank(name) * self.gpn + local

    def at(self, step):
        return self.t0 + sec((step - self.step0) * self.it_s)

    def pid(self, name, local):
        r = rng_for(name + str(self.jobid))
        return 20000 + r.randint(0, 60000) + local * 7

    def busid(self, local):
        return ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"][local % 8]

    def pci(self, local):
        return ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00",
                "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"][local % 8]


# --------------------------------------------------------------------------- bundle
class Bundle:
    def __init__(self, name, folders):
        self.name = name
        self.folders = list(folders)     # node folder names that exist in the bundle
        self.files = {}                  # relpath -> list[(dt, seq, text)] or str
        self.seq = 0
        self.label = None
        self.topology = None

    def add(self, relpath, dt, text):
        self.seq += 1
        lst = self.files.setdefault(relpath, [])
        if isinstance(lst, str):
            raise ValueError("static file " + relpath)
        for ln in text.split("\n"):
            self.seq += 1
            lst.append((dt, self.seq, ln))

    def static(self, relpath, text):
        self.files[relpath] = text if text.endswith("\n") else text + "\n"

    def render(self):
        out = {}
        for rel, body in self.files.items():
            if isinstance(body, str):
                out[rel] = body
            else:
                body = sorted(body, key=lambda x: (x[0], x[1]))
                out[rel] = "\n".join(x[2] for x in body) + "\n"
        return out


def set_label(b, category, layer, culprit, action, rationale, modelled_on):
    b.label = {"category": category, "layer": layer, "culprit": culprit,
               "action": action, "rationale": rationale, "modelled_on": modelled_on}


def validate(b, rendered):
    lab = b.label
    errs = []
    if lab is None:
        return ["no label"]
    if set(lab) != {"category", "layer", "culprit", "action", "rationale", "modelled_on"}:
        errs.append("keys %s" % sorted(lab))
    if lab.get("category") not in CATEGORIES:
        errs.append("category")
    if lab.get("layer") not in LAYERS:
        errs.append("layer")
    if lab.get("action") not in ACTIONS:
        errs.append("action")
    if not str(lab.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on")
    if not lab.get("rationale"):
        errs.append("rationale")
    # node folders actually present
    present = set()
    for rel in rendered:
        parts = rel.split("/")
        if parts[0].startswith("attempt_"):
            if len(parts) > 2:
                present.add(parts[1])
        elif len(parts) > 1:
            present.add(parts[0])
    c = lab.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append("culprit shape")
        else:
            if c["node"] not in present:
                errs.append("culprit node %s not a folder" % c["node"])
            if c["rank"] is not None and not isinstance(c["rank"], int):
                errs.append("rank type")
    atts = {r.split("/")[0] for r in rendered if r.startswith("attempt_")}
    if atts:
        loose = [r for r in rendered if "/" in r and not r.startswith("attempt_")]
        if loose:
            errs.append("node folders outside attempts: %s" % loose[:2])
    if b.topology is not None:
        for sw, nodes in b.topology["topology"].items():
            for n in nodes:
                if not isinstance(n, str):
                    errs.append("topology")
    return errs


def write_bundle(b, outdir):
    rendered = b.render()
    errs = validate(b, rendered)
    if errs:
        raise SystemExit("label/bundle invalid for %s: %s" % (b.name, errs))
    base = os.path.join(outdir, b.name)
    rendered["label.json"] = json.dumps(b.label, indent=2) + "\n"
    if b.topology is not None:
        rendered["topology.json"] = json.dumps(b.topology, indent=2, sort_keys=True) + "\n"
    total = 0
    for rel in sorted(rendered):
        p = os.path.join(base, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        data = rendered[rel].encode("utf-8")
        total += len(data)
        with open(p, "wb") as f:
            f.write(data)
    return total
