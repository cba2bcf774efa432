#!/usr/bin/env python
"""Re-run the captures of corpus set 18 (prefix e).

    python tools/capture.py              # every case
    python tools/capture.py e03 e11      # the named cases (prefix match)
    python tools/capture.py --check      # verify bundles hold the evidence + labels are valid

Each case launches real torchrun agents (one per simulated node, see harness.py, adapted
from corpus_set15), arranges its fault from outside (signals, mounts, cgroups, env,
files), waits for the job to end, then copies consoles, rank logs and per-node
diagnostics (df, mount, ps, free, env, versions) into cases/<case>/.
Needs root (unshare, mount, cgroup v1 cpu) and the torch CPU wheel.
"""
from __future__ import annotations

import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import CASES, HERE, WORK, Job, Node, after, wait_for, worker_pids  # noqa: E402

REGISTRY: dict[str, callable] = {}


def case(fn):
    REGISTRY[fn.__name__] = fn
    return fn


def fresh_case_dir(name: str) -> Path:
    d = CASES / name
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    return d


def shared_dir(name: str) -> Path:
    d = WORK / name / "shared"
    if d.exists():
        subprocess.run(["umount", str(d)], capture_output=True)
        shutil.rmtree(d)
    d.mkdir(parents=True)
    return d


# ------------------------------------------------------------------ data
def tab_data(root: Path, shards: int, rows=512, d=16, ragged_shard=None, seed=0):
    rng = np.random.default_rng(seed)
    w = rng.normal(size=d)
    for s in list(range(shards)) + ["val"]:
        n = rows if s != "val" else 256
        x = rng.normal(size=(n, d)).astype(np.float32)
        y = (x @ w + 0.1 * rng.normal(size=n)).astype(np.float32)
        p = root / (f"shard-{s:03d}" if s != "val" else "val")
        p.mkdir(parents=True, exist_ok=True)
        np.save(p / "x.npy", x)
        np.save(p / "y.npy", y)
        lens = np.full(n, d, dtype=np.int32)
        if ragged_shard is not None and s == ragged_shard:
            lens[rng.choice(n, 3, replace=False)] = d - 2   # three short records
        np.save(p / "len.npy", lens)


def seq_data(root: Path, shards: int, rows=256, seq=64, bad_shard=None, bad_rows=(), seed=1):
    rng = np.random.default_rng(seed)
    root.mkdir(parents=True, exist_ok=True)
    for s in range(shards):
        tok = rng.integers(0, 512, size=(rows, seq), dtype=np.int32)
        wts = rng.uniform(0.5, 1.0, size=(rows, seq)).astype(np.float32)
        lab = (tok[:, :4].sum(1) % 8).astype(np.int64)
        if s == bad_shard:
            for r in bad_rows:
                wts[r, 5] = np.inf
        np.savez(root / f"part-{s:05d}.npz", tokens=tok, weights=wts, labels=lab)


# ------------------------------------------------------------------ diagnostics
DIAG = {
    "df": "df -h",
    "mount": "mount | grep -v -E '^(cgroup|proc|sysfs|devpts|mqueue)'",
    "free": "free -m",
    "ps": "ps -eo pid,ppid,user,stat,etime,pcpu,pmem,rss,cmd --sort=-pcpu | cut -c1-200",
    "top": "top -b -n1 | head -30",
    "env": "env | sort | grep -v -E '^(LS_COLORS|_)='",
    "versions": "python -c 'import sys,torch,numpy;print(\"python\",sys.version.split()[0]);"
                "print(\"torch\",torch.__version__);print(\"numpy\",numpy.__version__)'",
    "hosts": "cat /etc/hosts; echo '--- getent'; getent hosts $(cat /etc/hosts | awk '{print $2}' | sort -u) || true",
    "nproc": "nproc; cat /proc/loadavg",
}


def diag_post(names, fmt="{name}.txt"):
    """Shell lines run inside the node after torchrun exits (what an operator collects)."""
    return [f"( {DIAG[n]} ) > /srv/local/diag/{fmt.format(name=n)} 2>&1" for n in names]


def agent_pid(unshare_pid: int) -> int | None:
    todo = [unshare_pid]
    while todo:
        p = todo.pop()
        try:
            cmd = Path(f"/proc/{p}/cmdline").read_bytes()
        except OSError:
            continue
        if b"torch.distributed.run" in cmd:
            return p
        try:
            todo += [int(k) for k in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
        except OSError:
            pass
    return None


def snap(host: str, names, fmt="{name}-during-hang.txt"):
    """Run diagnostics inside a running node's namespaces (operator ssh'ing in mid-run)."""
    def then(job: Job):
        pid = agent_pid(job.procs[host].pid) or job.procs[host].pid
        for n in names:
            out = job.local_dir(job.node(host)) / "diag" / fmt.format(name=n)
            r = subprocess.run(["nsenter", "-t", str(pid), "-u", "-m", "sh", "-c", DIAG[n]],
                               capture_output=True, text=True)
            out.write_text(r.stdout + r.stderr)
    return then


def chain(*fns):
    def then(job):
        for f in fns:
            f(job)
    return then


def write_label(d: Path, category, layer, culprit, action, rationale, modelled_on, topology=None):
    label = {"category": category, "layer": layer, "culprit": culprit, "action": action,
             "rationale": rationale, "modelled_on": modelled_on}
    (d / "label.json").write_text(json.dumps(label, indent=2) + "\n")
    if topology:
        (d / "topology.json").write_text(json.dumps({"topology": topology}, indent=2) + "\n")


def json_rank(path: Path):
    """global rank a node's JSON-logging worker got from c10d rendezvous (first record)."""
    m = re.search(r'"rank": (\d+)', path.read_text(errors="replace"))
    return int(m.group(1)) if m else None


def log(msg):
    print(f"[capture] {msg}", file=sys.stderr, flush=True)


# ============================================================================ cases
ALL = ["df", "mount", "free", "ps", "env", "versions"]


@case
def e01_loader_error_repeats_after_restarts():
    name = "e01_loader_error_repeats_after_restarts"
    sh = shared_dir(name)
    tab_data(sh / "data/tab", 2, ragged_shard=1)
    nodes = [Node("cpu-w-07", 1, console="torchrun.out", post=diag_post(["df", "free", "ps"])),
             Node("cpu-w-11", 1, console="torchrun.out", post=diag_post(["df", "free", "ps"]))]
    job = Job(name, None, nodes, "/srv/code/train_ddp.py",
              ["--epochs", "4", "--workers", "1", "--ragged-collate", "--pg-timeout", "30", "--log-every", "4"],
              rdzv="c10d", max_restarts=2, shared=sh, log_dir="/srv/local/elastic-logs", tee="3")
    job.run(timeout=240)
    d = fresh_case_dir(name)
    job.collect(d, keep=["elastic-logs"])
    write_label(d, "user_code", "script", None, "stop",
                "Rank 1 dies in its DataLoader worker with 'RuntimeError: stack expects each tensor to be equal size' "
                "raised from torch.stack inside the script's collate() on variable-length records; torchelastic "
                "restarts the group twice and it fails the same way each time. The other rank only sees the peer go.",
                "https://github.com/pytorch/pytorch/issues/1512")


@case
def e02_job_dies_at_step_15():
    name = "e02_job_dies_at_step_15"
    sh = shared_dir(name)
    nodes = [Node(h, 1, console=f"{h}.log", post=diag_post(["ps", "env"])) for h in ("tr-b-2", "tr-b-1", "tr-b-3")]
    job = Job(name, None, nodes, "/srv/code/train_fsdp.py",
              ["--steps", "40", "--sample-every", "15", "--temperature", "0", "--pg-timeout", "30",
               "--ckpt-dir", "/srv/shared/ckpt/lm"], shared=sh)
    job.run(timeout=200)
    d = fresh_case_dir(name)
    job.collect(d)
    write_label(d, "user_code", "script", None, "stop",
                "At step 15 rank 0 raises 'RuntimeError: probability tensor contains either inf, nan or element < 0' "
                "inside torch.multinomial in the script's sampling hook: it divides the logits by --temperature 0. "
                "A configuration/script error; the other ranks only see rank 0 disappear.",
                "https://github.com/huggingface/transformers/issues/22914")


@case
def e03_training_freezes_mid_epoch():
    name = "e03_training_freezes_mid_epoch"
    sh = shared_dir(name)
    tab_data(sh / "data/tab", 4, rows=2048)
    post = diag_post(["df", "free", "ps"])
    nodes = [Node("hpc-n041", 2, console="job-7781.out", post=post),
             Node("hpc-n042", 2, console="job-7781.out", post=post, env={"TZ": "America/Los_Angeles"})]
    job = Job(name, None, nodes, "/srv/code/train_ddp.py",
              ["--epochs", "20", "--pg-timeout", "45", "--stack-dump-signal", "--log-every", "10",
               "--step-sleep", "0.02"], shared=sh)
    st = {}

    def freeze(j):
        pids = worker_pids("train_ddp.py", rank=3)
        st["pid"] = pids[0]
        log(f"SIGSTOP rank 3 pid {pids}")
        os.kill(pids[0], signal.SIGSTOP)

    def dump(j):
        for r in range(4):
            for pid in worker_pids("train_ddp.py", rank=r):
                os.kill(pid, signal.SIGUSR1)   # faulthandler stack dump (py-spy dump stand-in)

    job.run(timeout=240, events=[
        wait_for(r"step 60 ", "hpc-n042", freeze),
        _after_event(lambda: "pid" in st, 10, chain(snap("hpc-n041", ["ps", "top"]), snap("hpc-n042", ["ps", "top"]), dump)),
    ])
    if "pid" in st:
        try:
            os.kill(st["pid"], signal.SIGKILL)
        except ProcessLookupError:
            pass
    d = fresh_case_dir(name)
    job.collect(d)
    write_label(d, "hang", "infrastructure", {"node": "hpc-n042", "rank": 3}, "run_diagnostics",
                "Training stops after step 60; the SIGUSR1 stack dumps show ranks 0-2 inside backward "
                "(DDP's gradient all-reduce) while rank 3 printed none, and ps taken on hpc-n042 during the hang shows rank 3's "
                "process in state T (stopped). The gloo timeouts that follow are sympathetic; no hardware evidence.",
                "https://github.com/pytorch/pytorch/issues/50820")


def _after_event(cond, delay, then):
    st = {}

    def ev(job):
        if not cond():
            return False
        st.setdefault("t", time.time())
        if time.time() - st["t"] >= delay:
            then(job)
            return True
        return False
    return ev


@case
def e04_dataloader_bus_error_on_one_node():
    name = "e04_dataloader_bus_error_on_one_node"
    sh = shared_dir(name)
    seq_data(sh / "data/seq", 3, rows=512, seq=256)
    post = diag_post(["df", "mount", "free"])
    nodes = [Node("a3-node-12", 1, console="stdout.txt", post=post),
             Node("a3-node-09", 1, console="stdout.txt", post=post,
                  pre=["mount -t tmpfs -o size=1m,mode=1777 shm /dev/shm"]),
             Node("a3-node-10", 1, console="stdout.txt", post=post)]
    job = Job(name, None, nodes, "/srv/code/train_json.py",
              ["--steps", "40", "--workers", "2", "--batch", "64", "--seq", "256", "--dim", "32",
               "--pg-timeout", "40"], shared=sh, rdzv="c10d")
    job.run(timeout=200)
    d = fresh_case_dir(name)
    job.collect(d, keep=["metrics"])
    r = json_rank(d / "a3-node-09" / "stdout.txt")
    write_label(d, "host", "infrastructure", {"node": "a3-node-09", "rank": r}, "restart_without_node",
                f"Rank {r} on a3-node-09 fails in its DataLoader workers with a shared-memory error (bus error / no "
                "space in /dev/shm); that node's df shows /dev/shm is only 1.0M while the other nodes have the "
                "normal size. A node configuration problem, the peers' errors are sympathetic.",
                "https://github.com/pytorch/pytorch/issues/2244")


@case
def e05_job_never_starts_rendezvous_timeout():
    name = "e05_job_never_starts_rendezvous_timeout"
    sh = shared_dir(name)
    seq_data(sh / "data/seq", 4)
    post = diag_post(["hosts", "env"])
    nodes = [Node("mlw-0", 1, console="launcher.log", post=post), Node("mlw-1", 1, console="launcher.log", post=post),
             Node("mlw-2", 1, console="launcher.log", post=post), Node("mlw-3", 1, console="launcher.log", post=post)]

    def setup(j):
        hp = j.node_dir(j.node("mlw-2")) / "hosts"
        hp.write_text("127.0.0.1\tmlw-2\tlocalhost\n127.0.0.1\tmlw-1\n127.0.0.1\tmlw-3\n")

    job = Job(name, None, nodes, "/srv/code/train_json.py", ["--steps", "20"], shared=sh, rdzv="c10d",
              rdzv_conf="join_timeout=40")
    job.run(timeout=200, setup=setup)
    d = fresh_case_dir(name)
    job.collect(d)
    write_label(d, "network", "infrastructure", {"node": "mlw-2", "rank": None}, "restart_without_node",
                "The agent on mlw-2 cannot resolve the rendezvous host mlw-0 (name resolution error), its hosts file "
                "and getent output lack mlw-0 while every other node resolves it; the other agents then time out "
                "waiting in rendezvous for the missing node.",
                "https://github.com/pytorch/pytorch/issues/76367")


@case
def e06_checkpoint_write_fails_twice():
    name = "e06_checkpoint_write_fails_twice"
    d = fresh_case_dir(name)
    sh = shared_dir(name)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=7m", "nfs-scratch", str(sh)], check=True)
    try:
        (sh / "ckpt").mkdir()
        (sh / "datasets").mkdir()
        # other users' files on the shared scratch
        with open(sh / "datasets" / "wiki-sample.tar", "wb") as f:
            f.write(os.urandom(3 * 2**20))
        orders = [["gpu-st-14", "gpu-st-15", "gpu-st-16"], ["gpu-st-16", "gpu-st-14", "gpu-st-15"]]
        for a, order in enumerate(orders):
            post = diag_post(["df", "mount"]) + ["ls -la --time-style=full-iso /srv/shared/ckpt/lm /srv/shared/ckpt/lm/* > /srv/local/diag/ls-ckpt.txt 2>&1"]
            nodes = [Node(h, 1, console="slurm-40412.out" if a == 0 else "slurm-40419.out", post=post) for h in order]
            extra = ["--resume"] if a else []
            job = Job(name, f"attempt_{a}", nodes, "/srv/code/train_fsdp.py",
                      ["--steps", "60", "--ckpt-every", "10", "--dim", "96", "--layers", "2", "--vocab", "2048",
                       "--pg-timeout", "30", "--ckpt-dir", "/srv/shared/ckpt/lm"] + extra, shared=sh)
            job.run(timeout=200)
            job.collect(d / f"attempt_{a}")
    finally:
        subprocess.run(["umount", str(sh)])
    write_label(d, "storage", "infrastructure", None, "stop",
                "Both attempts die when rank 0 writes a checkpoint to the shared /srv/shared filesystem (torch.save "
                "errors from inline_container / iostream); df on every node shows /srv/shared 100% full. "
                "The resubmission resumed fine and failed again at its next save: a full shared filesystem needs a "
                "human to free space.",
                "https://github.com/huggingface/transformers/issues/14553")


@case
def e07_rank_crash_mid_run_one_node():
    name = "e07_rank_crash_mid_run_one_node"
    sh = shared_dir(name)
    seq_data(sh / "data/seq", 3)
    post = diag_post(["df", "mount"])
    nodes = [Node("ml-p4-a", 1, console="run.log", post=post), Node("ml-p4-b", 1, console="run.log", post=post),
             Node("ml-p4-c", 1, console="run.log", post=post)]
    job = Job(name, None, nodes, "/srv/code/train_json.py",
              ["--steps", "80", "--pg-timeout", "30", "--ckpt-dir", "/srv/local/ckpt", "--ckpt-every", "20"],
              shared=sh, rdzv="c10d")

    def remount(j):
        pid = agent_pid(j.procs["ml-p4-b"].pid)
        log("remount ro /srv/local on ml-p4-b")
        subprocess.run(["nsenter", "-t", str(pid), "-m", "mount", "-o", "remount,ro,bind", "/srv/local"], check=True)

    job.run(timeout=200, events=[wait_for(r'"step": 25', "ml-p4-b", remount, source="console"),
                                 wait_for(r'Read-only file system', "ml-p4-b",
                                          snap("ml-p4-b", ["mount", "df"], fmt="{name}.txt"), source="console")])
    d = fresh_case_dir(name)
    job.collect(d, keep=["metrics"])
    r = json_rank(d / "ml-p4-b" / "run.log")
    write_label(d, "storage", "infrastructure", {"node": "ml-p4-b", "rank": r}, "restart_without_node",
                f"Rank {r} on ml-p4-b fails with OSError [Errno 30] Read-only file system writing to its local disk; "
                "mount on ml-p4-b shows /srv/local now mounted ro (the local filesystem was remounted read-only "
                "under the job) while the other nodes' local disks are rw. Peers' errors are sympathetic.",
                "https://github.com/pytorch/pytorch/issues/58393")


@case
def e08_ddp_init_fails_on_all_ranks():
    name = "e08_ddp_init_fails_on_all_ranks"
    sh = shared_dir(name)
    tab_data(sh / "data/tab", 4)
    shutil.copytree(HERE / "stale_pylib", WORK / name / "stale_pylib", dirs_exist_ok=True)
    post = diag_post(["env", "versions"]) + [
        "python -c 'import sys;sys.path.append(\"/srv/code/pylib\");import netlib;print(\"netlib\",netlib.__version__,netlib.__file__)' >> /srv/local/diag/versions.txt 2>&1"]
    nodes = [Node("gx-101", 1, console="console.log", post=post), Node("gx-102", 1, console="console.log", post=post),
             Node("gx-104", 1, console="console.log", post=post,
                  pre=["mkdir -p /srv/local/pylib", f"cp -r {WORK / name / 'stale_pylib'}/netlib /srv/local/pylib/",
                       "export PYTHONPATH=/srv/local/pylib"] + post[:1]),
             Node("gx-103", 1, console="console.log", post=post)]
    job = Job(name, None, nodes, "/srv/code/train_ddp.py", ["--epochs", "2", "--pg-timeout", "30"], shared=sh)
    job.run(timeout=150)
    d = fresh_case_dir(name)
    job.collect(d)
    write_label(d, "dependency", "infrastructure", {"node": "gx-104", "rank": 2}, "restart_without_node",
                "DDP refuses to start because rank 2's model has a different parameter count; rank 2 runs on gx-104, "
                "whose environment has PYTHONPATH=/srv/local/pylib with a stale netlib 0.8.0 (the others import "
                "netlib 0.9.2 from the shared code). One node's environment differs.",
                "https://github.com/pytorch/pytorch/issues/66627")


@case
def e10_fsdp_run_prints_warnings():
    name = "e10_fsdp_run_prints_warnings"
    sh = shared_dir(name)
    nodes = [Node("n2-c8-01", 1, console="train.out", post=diag_post(["df", "free"])),
             Node("n2-c8-02", 1, console="train.out", post=diag_post(["df", "free"]))]
    job = Job(name, None, nodes, "/srv/code/train_fsdp.py",
              ["--steps", "40", "--ckpt-every", "20", "--log-every", "5", "--ckpt-dir", "/srv/shared/ckpt/lm"],
              shared=sh, rdzv="c10d")
    job.run(timeout=200)
    d = fresh_case_dir(name)
    job.collect(d)
    write_label(d, "unknown", "framework", None, "none",
                "FSDP job trains 40 steps, saves checkpoints and every rank logs 'finished 40 steps'; the launcher and "
                "FSDP warnings are noise. Clean run.",
                "https://github.com/pytorch/pytorch/issues/98823")


@case
def e11_loss_nan_after_resubmit():
    name = "e11_loss_nan_after_resubmit"
    d = fresh_case_dir(name)
    sh = shared_dir(name)
    seq_data(sh / "data/seq", 4, rows=256, bad_shard=2, bad_rows=list(range(0, 256, 8)))
    orders = [["c7-node-03", "c7-node-04", "c7-node-05"], ["c7-node-05", "c7-node-06", "c7-node-03"]]
    for a, order in enumerate(orders):
        nodes = [Node(h, 1 if i else 2, console="output.log", post=diag_post(["ps"]))
                 for i, h in enumerate(order)]
        job = Job(name, f"attempt_{a}", nodes, "/srv/code/train_json.py",
                  ["--steps", "60", "--log-every", "5", "--pg-timeout", "30"], shared=sh)
        job.run(timeout=200)
        job.collect(d / f"attempt_{a}", keep=["metrics"])
    write_label(d, "numerical", "script", None, "stop",
                "Loss and grad norm become NaN at the same logged step in both attempts and every rank raises "
                "FloatingPointError; the node set changed between attempts (rank 2 ran on different hosts), so the "
                "blow-up follows the data/step, not a machine.",
                "https://github.com/huggingface/transformers/issues/14810")


@case
def e12_ranks_killed_on_one_host():
    name = "e12_ranks_killed_on_one_host"
    d = fresh_case_dir(name)
    sh = shared_dir(name)
    tab_data(sh / "data/tab", 4, rows=2048)
    bad = "sky-r2-17"
    orders = [["sky-r2-16", "sky-r2-17", "sky-r2-18"], ["sky-r2-18", "sky-r2-16", "sky-r2-17"]]
    for a, order in enumerate(orders):
        nodes = []
        for i, h in enumerate(order):
            pre = []
            if h == bad:
                pre = [f"(python /srv/code/nodewatch.py --prev-job {88120 + a} --delay {22 if a == 0 else 18} &)"]
            nodes.append(Node(h, 2 if i == 0 else 1, console="console.log", pidns=True, pre=pre,
                              post=diag_post(["ps", "free"])))
        job = Job(name, f"attempt_{a}", nodes, "/srv/code/train_ddp.py",
                  ["--epochs", "6", "--pg-timeout", "30", "--log-every", "20", "--step-sleep", "0.01"], shared=sh)
        job.run(timeout=200)
        job.collect(d / f"attempt_{a}")
    write_label(d, "host", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "In both attempts the rank on sky-r2-17 exits with SIGKILL (exitcode -9) while the others train; "
                "that node's nhc-epilogue.log shows a stale epilogue of a previous job killing the running python "
                "training processes with kill -9. Node-level software fault; peers' connection errors are sympathetic.",
                "https://github.com/SchedMD/slurm/blob/master/doc/html/prolog_epilog.shtml")


@case
def e13_job_fails_after_validation():
    name = "e13_job_fails_after_validation"
    sh = shared_dir(name)
    tab_data(sh / "data/tab", 3, rows=256)
    nodes = [Node("t4-01", 1, console="train.log"), Node("t4-02", 1, console="train.log"),
             Node("t4-03", 1, console="train.log")]
    job = Job(name, None, nodes, "/srv/code/train_ddp.py",
              ["--epochs", "30", "--val-every-epoch", "--early-stop-patience", "2", "--pg-timeout", "30",
               "--log-every", "8", "--lr", "3e-2"], shared=sh)
    job.run(timeout=200)
    d = fresh_case_dir(name)
    job.collect(d)
    write_label(d, "user_code", "script", None, "stop",
                "One rank decided on its own to stop early ('early stopping: val_loss did not improve'), left the "
                "training loop and exited 0, while the other ranks went on into the next gradient all-reduce and died "
                "with gloo 'Connection closed by peer'. "
                "The early-stopping decision is not synchronised across ranks: a script bug.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/5264")


@case
def e15_training_slower_than_usual():
    name = "e15_training_slower_than_usual"
    sh = shared_dir(name)
    seq_data(sh / "data/seq", 4)
    post = diag_post(["ps", "free", "df", "nproc"])
    nodes = [Node("hx-c02", 1, console="job.log", post=post, cpu_quota_pct=45),
             Node("hx-c01", 1, console="job.log", post=post, cpu_quota_pct=45),
             Node("hx-c04", 1, console="job.log", post=post, cpu_quota_pct=12),
             Node("hx-c03", 1, console="job.log", post=post, cpu_quota_pct=45)]
    job = Job(name, None, nodes, "/srv/code/train_json.py", ["--steps", "40", "--log-every", "10", "--dim", "48"],
              shared=sh)
    job.run(timeout=300)
    d = fresh_case_dir(name)
    job.collect(d, keep=["metrics"])
    write_label(d, "straggler", "infrastructure", {"node": "hx-c04", "rank": 2}, "run_diagnostics",
                "The job finishes but slowly; rank 2 on hx-c04 reports 2-3x the compute_ms of every other "
                "rank on each logged step while the others wait in comm_ms. Nothing in ps/free/df on hx-c04 explains "
                "it, so the node is suspect but not proven bad.",
                "https://github.com/pytorch/pytorch/issues/109399")


@case
def e16_resume_fails_on_every_rank():
    name = "e16_resume_fails_on_every_rank"
    d = fresh_case_dir(name)
    sh = shared_dir(name)
    orders = [["ip-10-1-4-21", "ip-10-1-4-22"], ["ip-10-1-4-22", "ip-10-1-7-3"]]
    for a, order in enumerate(orders):
        nodes = [Node(h, 1, console="stdout", post=diag_post(["versions"])) for h in order]
        extra = ["--resume"] if a else []
        job = Job(name, f"attempt_{a}", nodes, "/srv/code/train_fsdp.py",
                  ["--steps", "400", "--ckpt-every", "10", "--save-args", "--ckpt-dir", "/srv/shared/ckpt/lm",
                   "--pg-timeout", "30"] + extra, shared=sh, rdzv="c10d")
        evs = []
        if a == 0:
            # the scheduler's time limit: SIGTERM to every agent once step 20 is checkpointed
            def tl(j):
                log("time limit: SIGTERM agents")
                for h, p in j.procs.items():
                    ap = agent_pid(p.pid)
                    if ap:
                        os.kill(ap, signal.SIGTERM)
            evs = [wait_for(r"checkpoint saved: .*step_000020", order[0], tl)]
        job.run(timeout=200, events=evs)
        job.collect(d / f"attempt_{a}")
    write_label(d, "dependency", "framework", None, "stop",
                "attempt_0 was stopped by the time limit after saving checkpoints; on resubmission every rank fails "
                "in torch.load with 'Weights only load failed' (torch 2.6+ defaults weights_only=True and the "
                "checkpoint stores an argparse.Namespace). A framework-version behaviour change hitting every node.",
                "https://github.com/pytorch/pytorch/issues/146155")


# ============================================================================ check
EXPECT = {
    "e01": [("cpu-w-1*/**/*", r"stack expects each tensor to be equal size")],
    "e02": [("tr-b-2/tr-b-2.log", r"probability tensor contains either")],
    "e03": [("hpc-n042/ps-during-hang.txt", r"\n\s*\d+\s+\d+\s+\S+\s+T\S*\s.*train_ddp"),
            ("hpc-n041/job-7781.out", r"Current thread(.|\n)*_engine_run_backward")],
    "e04": [("a3-node-09/stdout.txt", r"(?i)shared memory|shm|Bus error"), ("a3-node-09/df.txt", r"1\.0M.*/dev/shm")],
    "e05": [("mlw-2/launcher.log", r"(?i)mlw-0"), ("mlw-2/hosts.txt", r"^(?!.*mlw-0)")],
    "e06": [("attempt_0/*/slurm-40412.out", r"inline_container|iostream error"),
            ("attempt_1/*/slurm-40419.out", r"inline_container|iostream error"),
            ("attempt_1/*/slurm-40419.out", r"resuming from"), ("attempt_1/*/df.txt", r"100% /srv/shared")],
    "e07": [("ml-p4-b/run.log", r"Read-only file system"), ("ml-p4-b/mount.txt", r"/srv/local type \S+ \(ro")],
    "e08": [("gx-10*/console.log", r"DDP expects same model across all ranks"),
            ("gx-104/versions.txt", r"netlib 0\.8\.0")],
    "e10": [("n2-c8-0*/train.out", r"finished 40 steps")],
    "e11": [("attempt_0/*/output.log", r"FloatingPointError"), ("attempt_1/*/output.log", r"FloatingPointError")],
    "e12": [("attempt_*/sky-r2-17/nhc-epilogue.log", r"kill -9"), ("attempt_1/sky-r2-17/nhc-epilogue.log", r"kill -9"),
            ("attempt_*/*/console.log", r"exitcode\s*:\s*-9")],
    "e13": [("t4-0*/train.log", r"early stopping"), ("t4-0*/train.log", r"Connection closed by peer")],
    "e15": [("hx-c04/job.log", r'"compute_ms"'), ("hx-c0*/job.log", r'"event": "done"')],
    "e16": [("attempt_1/*/stdout", r"Weights only load failed"), ("attempt_0/*/stdout", r"checkpoint saved")],
}

VOCAB = {
    "category": {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom", "numerical",
                 "straggler", "user_code", "dependency", "unknown"},
    "layer": {"infrastructure", "framework", "script"},
    "action": {"restart", "restart_without_node", "stop", "run_diagnostics", "none"},
}


def check_label(d: Path) -> list[str]:
    errs = []
    try:
        lab = json.loads((d / "label.json").read_text())
    except Exception as e:  # noqa: BLE001
        return [f"label.json unreadable: {e}"]
    keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if set(lab) != keys:
        errs.append(f"keys {sorted(lab)}")
    for k, v in VOCAB.items():
        if lab.get(k) not in v:
            errs.append(f"{k}={lab.get(k)!r} not in vocabulary")
    c = lab.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append("culprit must be {node, rank}")
        else:
            nodes = {p.name for p in d.iterdir() if p.is_dir()} | {p.name for p in d.glob("attempt_*/*") if p.is_dir()}
            if c["node"] not in nodes:
                errs.append(f"culprit node {c['node']} not a node folder")
            if c["rank"] is not None and not isinstance(c["rank"], int):
                errs.append("culprit rank must be int or null")
    if not str(lab.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on must be an https URL")
    if not lab.get("rationale"):
        errs.append("empty rationale")
    return errs


def check(names=None):
    bad = 0
    for d in sorted(CASES.iterdir()):
        key = d.name.split("_")[0]
        if names and key not in names:
            continue
        for e in check_label(d):
            bad += 1
            print(f"FAIL {d.name}: label: {e}", file=sys.stderr)
        for pat, rx in EXPECT.get(key, []):
            files = [f for f in glob.glob(str(d / pat), recursive=True) if os.path.isfile(f)]
            ok = any(re.search(rx, Path(f).read_text(errors="replace"), re.M) for f in files)
            bad += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {d.name}: {pat} ~ {rx}", file=sys.stderr)
    return bad


def main(argv):
    want = argv[1:]
    if want[:1] == ["--check"]:
        sys.exit(1 if check([w[:3] for w in want[1:]] or None) else 0)
    names = [n for n in REGISTRY if not want or any(n.startswith(w) for w in want)]
    for n in names:
        t = time.time()
        print(f"=== {n}", file=sys.stderr)
        REGISTRY[n]()
        print(f"=== {n} done in {time.time() - t:.0f}s", file=sys.stderr)
        check([n[:3]])


if __name__ == "__main__":
    main(sys.argv)
