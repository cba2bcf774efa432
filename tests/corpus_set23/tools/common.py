"""Shared plumbing for corpus set 23: bundles, seeded randomness, time stamps.

Everything here is deterministic: randomness is seeded from the case name and
all times are derived from fixed datetimes written in the case modules.
"""

import datetime as _dt
import hashlib
import json
import random

CATEGORIES = (
    "gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
    "oom", "numerical", "straggler", "user_code", "dependency", "unknown",
)
LAYERS = ("infrastructure", "framework", "script")
ACTIONS = ("restart", "restart_without_node", "stop", "run_diagnostics", "none")
LABEL_KEYS = ("category", "layer", "culprit", "action", "rationale", "modelled_on")


def rng_for(name):
    """A random.Random seeded from the case name only (never the clock)."""
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()
    return random.Random(int(digest[:16], 16))


def T(text):
    """Parse 'YYYY-MM-DD HH:MM:SS[.ffffff]' into a naive (UTC) datetime."""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in text else "%Y-%m-%d %H:%M:%S"
    return _dt.datetime.strptime(text, fmt)


def plus(t, seconds=0.0, minutes=0.0, hours=0.0):
    return t + _dt.timedelta(seconds=seconds, minutes=minutes, hours=hours)


# --------------------------------------------------------------------------
# time stamp styles
# --------------------------------------------------------------------------

def _ns(t):
    # nine sub-second digits, the last three derived from the microseconds
    return f"{t.microsecond:06d}{(t.microsecond * 7 + 311) % 1000:03d}"


def st_c10(t, level="E"):
    """c10/PyTorch glog-ish stamp: E312 09:12:44.081233526 (month not padded)."""
    return f"{level}{t.month}{t.day:02d} {t:%H:%M:%S}.{_ns(t)}"


def st_glog(t, level="E"):
    """Classic glog stamp: E0312 09:12:44.081233."""
    return f"{level}{t:%m%d %H:%M:%S}.{t.microsecond:06d}"


def st_pylog(t):
    """Python logging default asctime: 2024-03-12 09:12:44,081."""
    return f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"


def st_iso(t, z=True):
    return f"{t:%Y-%m-%dT%H:%M:%S}.{t.microsecond // 1000:03d}" + ("Z" if z else "")


def st_isotz(t):
    return f"{t:%Y-%m-%dT%H:%M:%S}.{t.microsecond:06d}+00:00"


def st_dmesg_T(t):
    """dmesg -T: [Tue Mar 12 09:12:44 2024] (day space padded like ctime)."""
    return "[" + t.strftime("%a %b ") + f"{t.day:2d}" + t.strftime(" %H:%M:%S %Y") + "]"


def st_uptime(seconds):
    """dmesg without -T: [ 81234.567890]."""
    whole = int(seconds)
    frac = int(round((seconds - whole) * 1_000_000)) % 1_000_000
    return f"[{whole:5d}.{frac:06d}]"


def st_journal(t, host, ident):
    """journalctl short format: Mar 12 09:12:44 host ident: ."""
    return t.strftime("%b %d %H:%M:%S") + f" {host} {ident}:"


def st_slurm(t):
    return f"[{t:%Y-%m-%dT%H:%M:%S}.{t.microsecond // 1000:03d}]"


def st_bracket(t):
    """Megatron style [2024-03-12 09:12:44]."""
    return f"[{t:%Y-%m-%d %H:%M:%S}]"


def st_ctime(t):
    """nvidia-smi / ctime style: Tue Mar 12 09:12:44 2024."""
    return t.strftime("%a %b ") + f"{t.day:2d}" + t.strftime(" %H:%M:%S %Y")


def uptime_of(t, boot):
    return (t - boot).total_seconds()


# --------------------------------------------------------------------------
# bundles
# --------------------------------------------------------------------------

class Bundle:
    def __init__(self, name):
        self.name = name
        self.rng = rng_for(name)
        self.files = {}
        self.label = None
        self.topology = None
        self.summary = ""     # 'what it tests' column of the README table

    def add(self, path, text):
        if path in self.files:
            raise ValueError(f"{self.name}: duplicate file {path}")
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        self.files[path] = text

    def add_json(self, path, obj):
        self.add(path, json.dumps(obj, indent=2))

    def set_label(self, category, layer, node, rank, action, rationale, modelled_on):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def set_topology(self, mapping):
        self.topology = {"topology": mapping}

    # node folders: top-level dirs, or dirs directly below attempt_N
    def node_dirs(self):
        nodes = {}
        for path in self.files:
            parts = path.split("/")
            if parts[0].startswith("attempt_"):
                if len(parts) >= 3:
                    nodes.setdefault(parts[0], set()).add(parts[1])
            elif len(parts) >= 2:
                nodes.setdefault("", set()).add(parts[0])
        return nodes
