"""Shared helpers for the case definitions (see capture.py)."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import CASES, HERE, PY, WORK, Job, Node, after, agent_pids, wait_for, worker_pids  # noqa: E402,F401

S = "/srv/code/scripts"
NODE_CHECK = f"bash {S}/node_check.sh"

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}

REGISTRY: dict[str, dict] = {}


def case(key, name, label, evidence):
    """evidence: list of (glob relative to the case folder, regex, min_files) that must match."""
    def deco(fn):
        REGISTRY[key] = {"name": name, "label": label, "evidence": evidence, "fn": fn}
        return fn
    return deco


def sh(cmd, **kw):
    return subprocess.run(cmd, shell=True, check=True, **kw)


def fresh_shared(key) -> Path:
    p = WORK / key / "shared"
    if p.exists():
        shutil.rmtree(p)
    p.mkdir(parents=True)
    return p


def dest_dir(key) -> Path:
    return CASES / REGISTRY[key]["name"]


def reset_dest(key) -> Path:
    d = dest_dir(key)
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    return d


def write_label(key):
    d = dest_dir(key)
    (d / "label.json").write_text(json.dumps(REGISTRY[key]["label"], indent=2) + "\n")


def signal_all(hosts, sig, script=None):
    """Send `sig` to every agent and worker of the given simulated nodes at once."""
    pids = []
    for h in hosts:
        pids += agent_pids(h)
        if script:
            pids += worker_pids(script, host=h)
    for p in pids:
        try:
            os.kill(p, sig)
        except ProcessLookupError:
            pass
    return pids


def make_loop_fs(img: Path, size_mb: int, populate) -> str:
    """ext4 image on a loop device; populate(mountpoint) fills it; returns /dev/loopN."""
    if img.exists():
        img.unlink()
    sh(f"dd if=/dev/zero of={img} bs=1M count={size_mb} status=none")
    sh(f"mkfs.ext4 -q -F {img}")
    dev = subprocess.run(["losetup", "-f", "--show", str(img)], capture_output=True, text=True,
                         check=True).stdout.strip()
    mnt = img.with_suffix(".mnt")
    mnt.mkdir(exist_ok=True)
    sh(f"mount {dev} {mnt}")
    try:
        populate(mnt)
    finally:
        sh(f"umount {mnt}")
    mnt.rmdir()
    return dev


def free_loop(dev):
    subprocess.run(["losetup", "-d", dev], check=False)


def devnum(dev) -> str:
    st = os.stat(dev)
    return f"{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}"


def write_shards(root: Path, nshards: int, shard_bytes: int, seed=0):
    import random
    rnd = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    for k in range(nshards):
        (root / f"shard_{k:03d}.bin").write_bytes(rnd.randbytes(shard_bytes))


def write_text_corpus(path: Path, lines: int, seed=0):
    import random
    rnd = random.Random(seed)
    words = ("the of and to in is that for it as with was on be by at this from "
             "training model data node rank loss step gradient batch token shard").split()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as f:
        for _ in range(lines):
            f.write(" ".join(rnd.choice(words) for _ in range(rnd.randint(6, 18))) + "\n")


def write_gpt_bin(prefix: Path, nsamples: int, seq: int, seed=0):
    import random
    rnd = random.Random(seed)
    prefix.parent.mkdir(parents=True, exist_ok=True)
    Path(str(prefix) + ".bin").write_bytes(rnd.randbytes(nsamples * 2 * (seq + 1)))


