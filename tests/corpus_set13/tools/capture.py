#!/usr/bin/env python3
"""Capture real failing torch.distributed (gloo, CPU) jobs as failure bundles.

Every simulated node is one torchrun agent started inside its own UTS (and mount)
namespace: `unshare -u -m sh -c 'hostname <node>; [mounts]; exec torchrun ...'`,
so the hostnames printed by torchrun/the scripts are the node folder names, and a
node-local scratch directory can be a different filesystem per node.

usage: python tools/capture.py [case ...]      (default: all cases)
Bundles go to ../cases/<case>/[attempt_<k>/]<node>/ ; labels to ../cases/<case>/label.json.
Scratch job directories live under /tmp/k13w and are wiped per case.
"""
import json
import os
import random
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import zlib
from pathlib import Path

import numpy as np

TOOLS = Path(__file__).resolve().parent
SET = TOOLS.parent
CASES_DIR = SET / "cases"
WORK = Path("/tmp/k13w")
SCRATCH = WORK / "scratch"          # LOCAL_SCRATCH path as seen inside every node
SCRATCH_STORE = WORK / "scratch_store"
PY = sys.executable

BASE_ENV = {
    "OMP_NUM_THREADS": "1",
    "GLOO_SOCKET_IFNAME": "lo",
    "PYTHONUNBUFFERED": "1",
}


# ----------------------------------------------------------------- helpers
def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid):
    out = []
    try:
        for t in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{t}/children") as f:
                out += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return out


def descendants(pid):
    res, stack = [], [pid]
    while stack:
        p = stack.pop()
        for c in children(p):
            res.append(c)
            stack.append(c)
    return res


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return 0
    return 0


def comm(pid):
    try:
        return open(f"/proc/{pid}/comm").read().strip()
    except OSError:
        return "python"


def uptime():
    return float(open("/proc/uptime").read().split()[0])


def kill_tree(root_pid, sig=signal.SIGKILL):
    for p in [root_pid] + descendants(root_pid):
        try:
            os.kill(p, sig)
        except ProcessLookupError:
            pass


# ----------------------------------------------------------------- data prep
WORDS = ("please can you i want to my the a for from on book flight hotel check balance card "
         "account transfer money cancel order refund status help need tomorrow today paris "
         "london new york savings checking lost stolen pay bill weather rain").split()
INTENTS = ["book_flight", "book_hotel", "check_balance", "transfer_funds", "cancel_order",
           "refund_request", "report_lost_card", "pay_bill", "weather_query"]


def prep_intent(job, bad=None):
    rng = random.Random(5)
    (job / "data").mkdir(parents=True)
    with open(job / "data" / "train.jsonl", "w") as f:
        for i in range(640):
            intent = rng.choice(INTENTS)
            rec = {"id": f"utt-{i:05d}", "text": " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 14))),
                   "intent": intent}
            if bad and i == bad[0]:
                rec["intent"] = bad[1]
            f.write(json.dumps(rec) + "\n")
    (job / "data" / "label_map.json").write_text(json.dumps({k: i for i, k in enumerate(INTENTS)}, indent=1))


def prep_tabular(job, model_over=None, args_over=None, inf_at=None):
    rng = np.random.default_rng(11)
    x = rng.normal(size=(1024, 48)).astype(np.float32)
    w = rng.normal(size=(48, 5))
    y = (x @ w).argmax(1)
    if inf_at is not None:
        x[inf_at, 7] = np.inf
    (job / "data").mkdir(parents=True)
    np.savez(job / "data" / "train.npz", features=x, labels=y)
    model = {"feature_dim": 48, "hidden_size": 128, "num_hidden_layers": 2, "num_labels": 5, "dropout": 0.1}
    model.update(model_over or {})
    targs = {"output_dir": "out/tab-ft", "per_device_train_batch_size": 16, "learning_rate": 5e-4,
             "num_train_epochs": 2.0, "max_steps": 30, "logging_steps": 5, "warmup_ratio": 0.1,
             "report_to": [], "ddp_timeout": 30}
    targs.update(args_over or {})
    cfg = {"train_file": "data/train.npz", "model": model, "training_args": targs}
    (job / "config.json").write_text(json.dumps(cfg, indent=2))


def prep_seqreg(job, fifo_shard=None, f64_shard=None, empty_val=None):
    rng = np.random.default_rng(3)
    w = rng.normal(size=32)
    (job / "data" / "train").mkdir(parents=True)
    (job / "data" / "val").mkdir(parents=True)
    for s in range(12):
        p = job / "data" / "train" / f"shard-{s:05d}.npz"
        if s == fifo_shard:
            os.mkfifo(p)
            continue
        x = rng.normal(size=(96, 32)).astype(np.float64 if s == f64_shard else np.float32)
        y = (np.tanh(x @ w / 4) + 0.05 * rng.normal(size=96)).astype(np.float32)
        np.savez(p, x=x, y=y)
    for r in range(4):
        n = 0 if r == empty_val else 64
        x = rng.normal(size=(n, 32)).astype(np.float32)
        y = (np.tanh(x @ w / 4)).astype(np.float32)
        np.savez(job / "data" / "val" / f"val-{r:02d}.npz", x=x, y=y)


def prep_images(job, n=512, hw=16, corrupt=None):
    rng = np.random.default_rng(9)
    d = job / "datasets" / "imagenet-mini" / "train"
    d.mkdir(parents=True)
    index, off = [], 0
    with open(d / "images.bin", "wb") as f:
        for i in range(n):
            img = rng.integers(0, 255, size=(3, hw, hw), dtype=np.uint8)
            b = img.tobytes()
            if i == corrupt:
                b = b[:700]   # truncated record (partial upload)
            f.write(b)
            index.append({"file": f"n{1440000 + i % 10:08d}_{i}.JPEG", "offset": off, "nbytes": len(b),
                          "shape": [3, hw, hw], "label": int(i % 10)})
            off += len(b)
    (d / "index.json").write_text(json.dumps(index))


CORPUS = ("It was the best of times, it was the worst of times, it was the age of wisdom, it was the age "
          "of foolishness, it was the epoch of belief, it was the epoch of incredulity, it was the season "
          "of Light, it was the season of Darkness, it was the spring of hope, it was the winter of despair. ")


def prep_lm(job, old_ckpt=False):
    (job / "data").mkdir(parents=True)
    (job / "data" / "corpus.txt").write_text(CORPUS * 40)
    (job / "checkpoints").mkdir()
    if old_ckpt:
        # checkpoint written by last week's version of the model (blocks were called `encoder`)
        code = (
            "import torch, torch.nn as nn, torch.distributed.checkpoint as dcp, warnings\n"
            "warnings.simplefilter('ignore')\n"
            "d, ctx, v = 128, 16, 96\n"
            "m = nn.ModuleDict({'tok': nn.Embedding(v, d), 'encoder': nn.Sequential(nn.Linear(d*ctx, 4*d), nn.GELU(),"
            " nn.Linear(4*d, d), nn.GELU()), 'lm_head': nn.Linear(d, v)})\n"
            f"dcp.save({{'model': m.state_dict()}}, checkpoint_id='{job}/checkpoints/step_000400')\n")
        subprocess.run([PY, "-c", code], check=True)


def prep_ranker(job, bad=None, shards=4):
    rng = random.Random(2)
    (job / "data" / "ltr").mkdir(parents=True)
    for s in range(shards):
        with open(job / "data" / "ltr" / f"part-{s:02d}.csv", "w") as f:
            f.write("qid,docid," + ",".join(f"f{k}" for k in range(16)) + ",grade\n")
            for r in range(320):
                g = rng.randint(0, 4)
                if bad and (s, r) == bad:
                    g = 5
                feats = ",".join(f"{rng.gauss(g * 0.2, 1):.4f}" for _ in range(16))
                f.write(f"q{rng.randint(1, 999)},d{s}{r:05d},{feats},{g}\n")
    tp = job / "third_party" / "fastnorm"
    tp.mkdir(parents=True)
    (tp / "__init__.py").write_text(
        "import torch\nfrom torch import nn\n__version__ = '0.3.1'\n\n"
        "class FastRMSNorm(nn.Module):\n"
        "    def __init__(self, d, eps=1e-6):\n"
        "        super().__init__()\n        self.weight = nn.Parameter(torch.ones(d))\n        self.eps = eps\n\n"
        "    def forward(self, x):\n"
        "        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight\n")


def prep_quick(job):
    pass


# script key -> (file in tools/, project dir, name inside project, prep)
SCRIPTS = {
    "intent": ("train_ddp_logging.py", "intent-clf", "train.py"),
    "tabular": ("hf_style_trainer.py", "tab-ft", "run_finetune.py"),
    "seqreg": ("progress_train.py", "seqreg", "train.py"),
    "imgcls": ("loader_train.py", "imgcls", "main.py"),
    "lm": ("ckpt_train.py", "lm-ckpt", "pretrain.py"),
    "ranker": ("custom_exc_train.py", "ranker", "train_ranker.py"),
    "quick": ("quick_ddp.py", "scratch", "quick_ddp.py"),
}


# ----------------------------------------------------------------- watchers
def oom_watcher(depth, growth_mb=None, abs_mb=None):
    """Act like the kernel OOM killer: SIGKILL the first job process (depth 1 = rank
    processes, depth 2 = their DataLoader workers) whose RSS grew by more than growth_mb
    since first seen, or exceeds abs_mb. Records the victim for the dmesg writer."""
    def hook(st):
        base = st.setdefault("rss_base", {})
        for node, agent in st["agents"].items():
            level = [agent.pid]   # unshare -> sh -> exec torchrun: same pid
            for _ in range(depth):
                level = [c for p in level for c in children(p)]
            for pid in level:
                r = rss_kb(pid)
                if not r:
                    continue
                base.setdefault(pid, r)
                hit = (growth_mb and r - base[pid] > growth_mb * 1024) or (abs_mb and r > abs_mb * 1024)
                if hit and "oom_victim" not in st:
                    st["oom_victim"] = {"node": node, "pid": pid, "rss_kb": r, "comm": comm(pid),
                                        "uptime": uptime(), "wall": time.time()}
                    os.kill(pid, signal.SIGKILL)
    return hook


def node_loss_watcher(trigger_node, pattern, victim):
    """Kill an entire simulated node (agent + workers, SIGKILL) once `pattern` shows
    up in trigger_node's console: a host that drops off the network / powers off."""
    def hook(st):
        if st.get("node_lost"):
            return
        try:
            txt = st["console"][trigger_node].read_text(errors="replace")
        except OSError:
            return
        if pattern in txt:
            kill_tree(st["agents"][victim].pid)
            st["node_lost"] = {"node": victim, "wall": time.time()}
    return hook


# ----------------------------------------------------------------- extras (added kernel logs)
def kstamp(st_uptime):
    return f"[{st_uptime:12.6f}]"


def dmesg_oom(st, nd, host):
    v = st.get("oom_victim")
    if not v:
        return
    t = v["uptime"]
    pid = v["pid"]
    rss = 1_520_344_108   # illustrative: a 1.5 TiB host; pid/comm are the real victim's
    lines = [
        f"{kstamp(t - 0.000412)} {v['comm']} invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0",
        f"{kstamp(t - 0.000398)} CPU: 41 PID: {pid} Comm: {v['comm']} Tainted: P           OE     5.15.0-1048-aws #53~20.04.1-Ubuntu",
        f"{kstamp(t - 0.000391)} Hardware name: Amazon EC2 p4d.24xlarge/, BIOS 1.0 10/16/2017",
        f"{kstamp(t - 0.000377)} Call Trace:",
        f"{kstamp(t - 0.000372)}  <TASK>",
        f"{kstamp(t - 0.000366)}  dump_stack_lvl+0x4a/0x63",
        f"{kstamp(t - 0.000361)}  dump_header+0x4a/0x1f4",
        f"{kstamp(t - 0.000355)}  oom_kill_process.cold+0xb/0x10",
        f"{kstamp(t - 0.000349)}  out_of_memory+0x1bd/0x4f0",
        f"{kstamp(t - 0.000344)}  __alloc_pages_slowpath.constprop.0+0xc01/0xcf0",
        f"{kstamp(t - 0.000338)}  __alloc_pages+0x30a/0x320",
        f"{kstamp(t - 0.000333)}  </TASK>",
        f"{kstamp(t - 0.000101)} oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-1000.slice/session-14.scope,task={v['comm']},pid={pid},uid=1000",
        f"{kstamp(t)} Out of memory: Killed process {pid} ({v['comm']}) total-vm:{rss + 61_233_112}kB, anon-rss:{rss}kB, file-rss:70312kB, shmem-rss:8192kB, UID:1000 pgtables:2987412kB oom_score_adj:0",
        f"{kstamp(t + 0.3121)} oom_reaper: reaped process {pid} ({v['comm']}), now anon-rss:0kB, file-rss:0kB, shmem-rss:8192kB",
    ]
    (nd / "dmesg.txt").write_text("\n".join(lines) + "\n")


def kern_log_erofs(st, nd, host):
    t0 = st["start_wall"] - 95
    up = uptime() - (time.time() - t0)
    def ts(dt):
        return time.strftime("%b %d %H:%M:%S", time.localtime(t0 + dt)) + f" {host} kernel: [{up + dt:12.6f}]"
    lines = [
        f"{ts(0.0)} nvme nvme1: I/O 977 QID 11 timeout, aborting",
        f"{ts(0.002)} nvme nvme1: Abort status: 0x371",
        f"{ts(30.4)} nvme nvme1: I/O 977 QID 11 timeout, reset controller",
        f"{ts(61.9)} nvme nvme1: Device not ready; aborting reset, CSTS=0x1",
        f"{ts(61.9)} blk_update_request: I/O error, dev nvme1n1, sector 884736512 op 0x1:(WRITE) flags 0x800 phys_seg 32 prio class 0",
        f"{ts(61.9)} Buffer I/O error on dev nvme1n1p1, logical block 110591808, lost async page write",
        f"{ts(62.0)} EXT4-fs warning (device nvme1n1p1): ext4_end_bio:342: I/O error 10 writing to inode 5505042 starting block 110591808)",
        f"{ts(62.0)} Aborting journal on device nvme1n1p1-8.",
        f"{ts(62.1)} EXT4-fs error (device nvme1n1p1): ext4_journal_check_start:83: comm kworker/u192:3: Detected aborted journal",
        f"{ts(62.1)} EXT4-fs (nvme1n1p1): Remounting filesystem read-only",
    ]
    (nd / "kern.log").write_text("\n".join(lines) + "\n")


# ----------------------------------------------------------------- cases
def lbl(category, layer, culprit, action, rationale, how):
    return {"category": category, "layer": layer, "culprit": culprit, "action": action,
            "rationale": rationale, "how": how}


def C(node, rank=None):
    return {"node": node, "rank": rank}


CASES = {
    # ---------------- user code / data / config ----------------------------------------
    "r01_keyerror_unmapped_intent": dict(
        script="intent", prep=lambda j: prep_intent(j, bad=(203, "transfer_money")),
        args=["--data", "data/train.jsonl", "--label-map", "data/label_map.json", "--steps", "20"],
        nodes=["gpu-a01", "gpu-a02"], nproc=2, collect={"console": "torchrun.log"},
        label=lbl("user_code", "script", None, "stop",
                  "Rank 3 raises KeyError('transfer_money') from the dataset's label lookup (a record whose "
                  "intent is not in label_map.json); the other ranks only see gloo connection-closed errors. "
                  "Deterministic data/label-map bug.",
                  "train.jsonl record 203 carries intent 'transfer_money' which is missing from label_map.json.")),
    "r02_config_feature_dim_mismatch": dict(
        script="tabular", prep=lambda j: prep_tabular(j, model_over={"feature_dim": 64}),
        args=["config.json"], nodes=["trn-07", "trn-08"], nproc=2,
        collect={"split": ("job.out", "job.err")},
        label=lbl("user_code", "script", None, "stop",
                  "Every rank fails in the first forward with 'mat1 and mat2 shapes cannot be multiplied "
                  "(16x48 and 64x128)': the model config says feature_dim=64 but the data has 48 columns.",
                  "config.json model.feature_dim=64 while train.npz has 48 features.")),
    "r03_loader_worker_reshape_error": dict(
        script="imgcls", prep=lambda j: prep_images(j, corrupt=301),
        args=["--data-root", "datasets/imagenet-mini", "--epochs", "1", "--workers", "2"],
        nodes=["node-3", "node-4"], nproc=2,
        collect={"console": "console.log", "logdir": "torchelastic", "tee": "3"},
        label=lbl("user_code", "script", None, "stop",
                  "A DataLoader worker on one rank raises ValueError (cannot reshape array of size 700) "
                  "decoding a truncated record; it is re-raised in the main process as 'Caught ValueError in "
                  "DataLoader worker process N'. Corrupt sample in the dataset: deterministic data bug.",
                  "Record 301 of images.bin truncated to 700 bytes.")),
    "r13_data_root_typo_all_ranks": dict(
        script="imgcls", prep=lambda j: prep_images(j),
        args=["--data-root", "datasets/imagenet_mini", "--epochs", "1", "--workers", "2"],
        nodes=["cn-101", "cn-102", "cn-103"], nproc=1, collect={"console": "torchrun.log"},
        label=lbl("user_code", "script", None, "stop",
                  "All ranks on all three nodes raise FileNotFoundError for datasets/imagenet_mini/train/index.json; "
                  "the dataset lives at datasets/imagenet-mini. A configuration typo, same on every node.",
                  "--data-root points at imagenet_mini instead of imagenet-mini.")),
    "r18_early_stop_sys_exit_one_rank": dict(
        script="seqreg", prep=lambda j: prep_seqreg(j, empty_val=1),
        args=["--data-root", "data", "--epochs", "2", "--eval-every", "6", "--patience", "3"],
        nodes=["hpc-n17", "hpc-n18"], nproc=2, collect={"console": "slurm-88213.out"},
        label=lbl("user_code", "script", None, "stop",
                  "Rank 1 prints 'Early stopping at step 18 ... (best=inf)' and calls sys.exit(3) (exitcode 3 in "
                  "the torchrun summary) while the other ranks keep training and then lose their peer. "
                  "Per-rank early stopping on an empty validation shard (nan loss) is a bug in the user's script/data.",
                  "val-01.npz is empty; early stopping decides per rank and exits with code 3.")),
    "r21_resume_dcp_missing_keys": dict(
        script="lm", prep=lambda j: prep_lm(j, old_ckpt=True),
        args=["--corpus", "data/corpus.txt", "--ckpt-dir", "checkpoints", "--steps", "20",
              "--resume", "checkpoints/step_000400"],
        nodes=["gpu-d11", "gpu-d12"], nproc=2, collect={"console": "torchrun.log"}, scratch=True,
        label=lbl("user_code", "script", None, "stop",
                  "All ranks fail in torch.distributed.checkpoint.load with a missing key "
                  "(model.backbone.*): the checkpoint was written by an older model version whose blocks were "
                  "named encoder.*. Code/checkpoint mismatch on resume.",
                  "Resume from a DCP checkpoint saved with different parameter names.")),
    "r22_dtype_mismatch_float64_shard": dict(
        script="seqreg", prep=lambda j: prep_seqreg(j, f64_shard=9),
        args=["--data-root", "data", "--epochs", "1", "--eval-every", "100"],
        nodes=["gpu-e01", "gpu-e02"], nproc=2,
        collect={"console": "launcher.log", "logdir": "logs", "tee": "3", "role": "trainer"},
        label=lbl("user_code", "script", None, "stop",
                  "Rank 1 fails at step 13 with 'mat1 and mat2 must have the same dtype, but got Double and "
                  "Float' after reading shard-00009.npz (written as float64). Data-pipeline bug; others only "
                  "see the peer disconnect.",
                  "Train shard 9 saved as float64 instead of float32.")),
    "r23_custom_data_validation_error": dict(
        script="ranker", prep=lambda j: prep_ranker(j, bad=(3, 150)),
        args=["--shards", "data/ltr", "--steps", "24"], env={"PYTHONPATH": "third_party"},
        nodes=["rank-n1", "rank-n2"], nproc=2, collect={"console": "agent.log"},
        label=lbl("user_code", "script", None, "stop",
                  "The script's own DataValidationError on rank 3: 'relevance grade 5 outside [0, 5) "
                  "[shard=data/ltr/part-03.csv row=150]' (full traceback via @record error file). Bad label "
                  "in the data.",
                  "Row 150 of part-03.csv has grade 5.")),
    "r09_grad_norm_collective_only_rank0": dict(
        script="intent", prep=lambda j: prep_intent(j),
        args=["--data", "data/train.jsonl", "--label-map", "data/label_map.json", "--steps", "20",
              "--log-grad-norm"],
        nodes=["gpu-a05", "gpu-a06"], nproc=2, collect={"console": "torchrun.log"},
        label=lbl("user_code", "script", None, "stop",
                  "Rank 0 aborts (exitcode -6) with gloo 'op.preamble.length <= op.nbytes ... Received data size "
                  "doesn't match expected size. Is there a distributed collective mismatch in your code?'; the "
                  "--log-grad-norm branch does an all_reduce on rank 0 only. Application bug, deterministic.",
                  "--log-grad-norm: dist.all_reduce(grad_norm) inside `if rank == 0`.")),
    # ---------------- numerical ------------------------------------------------------------
    "r10_nan_same_step_both_attempts": dict(
        script="tabular", prep=lambda j: prep_tabular(j, inf_at=721), args=["config.json"],
        nodes=["gpu-c01", "gpu-c02"], nproc=2,
        attempts=[{"order": ["gpu-c01", "gpu-c02"]}, {"order": ["gpu-c02", "gpu-c01"]}],
        collect={"console": "torchrun.out"},
        label=lbl("numerical", "script", None, "stop",
                  "Both attempts fail with 'Non-finite loss detected ... at global_step=12 (rank 1)'. Rank 1 ran on "
                  "gpu-c01 in attempt 0 and on gpu-c02 in attempt 1: same step, same data shard, different "
                  "node -> the data, not a host.",
                  "Sample 721 of train.npz has an inf feature; node order swapped between attempts.")),
    "r11_nan_follows_node": dict(
        script="tabular", prep=lambda j: prep_tabular(j), args=["config.json"],
        nodes=["gpu-b01", "gpu-b02"], nproc=2,
        attempts=[{"order": ["gpu-b01", "gpu-b02"], "node_env": {"gpu-b02": {"_SIMFAULT_NAN_AT": "17"}}},
                  {"order": ["gpu-b02", "gpu-b01"], "node_env": {"gpu-b02": {"_SIMFAULT_NAN_AT": "9"}}}],
        collect={"console": "output.log", "logdir": "rank_logs", "tee": "0"},
        label=lbl("gpu_hardware", "infrastructure", C("gpu-b02"), "restart_without_node",
                  "Non-finite loss first appears on gpu-b02 in both attempts (rank 2 at step 17, then rank 0 at "
                  "step 9 after the node order was swapped); the data is fine elsewhere. Corruption follows the "
                  "host -> its accelerator; rank differs so rank is null.",
                  "Activations multiplied by NaN on local rank 0 of gpu-b02 from a given step (env on that node's agent).")),
    # ---------------- OOM / memory ---------------------------------------------------------------
    "r04_loader_worker_oom_killed": dict(
        script="imgcls", prep=lambda j: prep_images(j, n=2048, hw=16),
        args=["--data-root", "datasets/imagenet-mini", "--epochs", "2", "--workers", "2", "--cache-decoded",
              "--upsample", "256", "--batch-size", "16", "--print-freq", "8"],
        nodes=["gpu-f01", "gpu-f02"], nproc=1, collect={"console": "train.log"},
        hooks=[oom_watcher(2, growth_mb=300)], timeout=100,
        label=lbl("oom", "framework", None, "stop",
                  "'DataLoader worker (pid N) is killed by signal: Killed.' in one rank; the loader caches every "
                  "decoded (upsampled) image per worker so worker memory grows until it is killed. Killed "
                  "DataLoader worker = host OOM in the input pipeline.",
                  "--cache-decoded with 256x256 upsampling; the harness SIGKILLs the worker once its RSS grew 300 MB (as the OOM killer would).")),
    "r05_oom_killer_rank0_dmesg": dict(
        script="quick", prep=prep_quick, args=["report"], env={"STEPS": "40"},
        nodes=["dgx-b12", "dgx-b13"], nproc=2, collect={"console": "stdout.log"},
        hooks=[oom_watcher(1, abs_mb=1000)], extras={"dgx-b12": dmesg_oom},
        label=lbl("oom", "framework", None, "stop",
                  "Rank 0 exits with -9 (SIGKILL) and dgx-b12's dmesg shows 'Out of memory: Killed process <pid>' "
                  "for that exact pid; rank 0 keeps every eval prediction for the report, so host memory grows "
                  "each step. The OOM killer killed the job's own process.",
                  "Rank 0 accumulates 40 MB/step of predictions; harness SIGKILLs it at +400 MB RSS. dmesg.txt ADDED (pid/comm real, sizes illustrative).")),
    "r17_eval_similarity_matrix_alloc": dict(
        script="quick", prep=prep_quick, args=["retrieval"], env={"STEPS": "20"},
        nodes=["node-a", "node-b"], nproc=1,
        collect={"console": "torchrun.log", "logdir": "elastic_logs", "tee": "2"},
        label=lbl("oom", "framework", None, "stop",
                  "Rank 0 fails with 'DefaultCPUAllocator: can't allocate memory: you tried to allocate "
                  "160000000000 bytes' building a full 200k x 200k similarity matrix in eval; rank 1 then loses "
                  "its peer. Host memory OOM caused by the job itself.",
                  "Eval allocates a 160 GB tensor on rank 0.")),
    # ---------------- process crashes / signals --------------------------------------------------
    "r06_segfault_follows_node": dict(
        script="quick", prep=prep_quick, args=["train"], env={"STEPS": "25"},
        nodes=["a100-07", "a100-08"], nproc=2,
        attempts=[{"order": ["a100-08", "a100-07"], "node_env": {"a100-07": {"_SIMFAULT": "segv@14"}}},
                  {"order": ["a100-07", "a100-08"], "node_env": {"a100-07": {"_SIMFAULT": "segv@6"}}}],
        collect={"console": "agent.log"},
        label=lbl("host", "infrastructure", C("a100-07"), "restart_without_node",
                  "A worker dies with SIGSEGV (exitcode -11, no Python traceback) on a100-07 in both attempts: "
                  "rank 3 at step 14, then rank 1 at step 6 after the node order was swapped. Same code, "
                  "different ranks/steps, same host -> host fault.",
                  "ctypes.string_at(0) on local rank 1 of a100-07 only (env on that agent).")),
    "r19_node_lost_mid_training": dict(
        script="intent", prep=lambda j: prep_intent(j),
        args=["--data", "data/train.jsonl", "--label-map", "data/label_map.json", "--steps", "300",
              "--step-sleep", "0.1"],
        nodes=["ip-10-4-1-23", "ip-10-4-1-87"], nproc=2, collect={"console": "torchrun.log"},
        hooks=[node_loss_watcher("ip-10-4-1-23", "step 30/300", "ip-10-4-1-87")],
        label=lbl("host", "infrastructure", C("ip-10-4-1-87"), "restart_without_node",
                  "ip-10-4-1-87's console simply stops mid-training (no traceback, no torchrun summary) while the "
                  "ranks on ip-10-4-1-23 fail with gloo connection-closed errors from ranks 2/3: the whole node "
                  "disappeared.",
                  "SIGKILL of ip-10-4-1-87's agent and all its workers at step 30 (node loss).")),
    # ---------------- hangs -----------------------------------------------------------------------
    "r07_rank_stuck_reading_shard": dict(
        script="seqreg", prep=lambda j: prep_seqreg(j, fifo_shard=6),
        args=["--data-root", "data", "--epochs", "1", "--eval-every", "100"],
        nodes=["gpu-g01", "gpu-g02"], nproc=2,
        collect={"console": "launcher.log", "logdir": "logs", "tee": None}, timeout=100,
        label=lbl("hang", "infrastructure", None, "restart",
                  "Ranks 0, 1 and 3 time out in the DDP allreduce after 30 s (gloo 'Timed out waiting ... for "
                  "recv'), and rank 2 is SIGTERMed by its agent without any error of its own. Nothing in the logs "
                  "says why rank 2 stopped: a hang with no visible cause.",
                  "Rank 2's second shard file is a FIFO, so np.load blocks forever in open().")),
    "r08_monitored_barrier_names_rank2": dict(
        script="quick", prep=prep_quick, args=["barrier"], env={"STEPS": "30", "_SIMFAULT": "stall@9:2"},
        nodes=["sxm-21", "sxm-22"], nproc=2,
        collect={"console": "node.log", "logdir": "worker_logs", "tee": "3", "role": "worker"}, timeout=100,
        label=lbl("hang", "infrastructure", C("sxm-22", 2), "run_diagnostics",
                  "Rank 0's monitored_barrier reports 'Rank 2 failed to pass monitoredBarrier in 20000 ms'; rank 2 "
                  "(sxm-22) logs nothing after step 9 and is SIGTERMed. The stuck rank is pinned but no cause is "
                  "visible: check that host.",
                  "Rank 2 sleeps forever after step 9.")),
    # ---------------- storage ----------------------------------------------------------------------
    "r12_local_scratch_full_enospc": dict(
        script="lm", prep=lambda j: prep_lm(j),
        args=["--corpus", "data/corpus.txt", "--ckpt-dir", "checkpoints", "--steps", "20"],
        nodes=["gpu-h01", "gpu-h02"], nproc=2, scratch={"gpu-h02": "tmpfs"},
        collect={"console": "torchrun.log", "logdir": "torchelastic", "tee": "3"},
        label=lbl("storage", "infrastructure", C("gpu-h02"), "restart_without_node",
                  "Only gpu-h02's local rank 0 fails writing its node-local snapshot: 'OSError: [Errno 28] No space "
                  "left on device' under $LOCAL_SCRATCH; gpu-h01 wrote the same snapshot fine. Local disk full on "
                  "one node.",
                  "gpu-h02's LOCAL_SCRATCH is a real 64 KiB tmpfs (mount namespace of that node's agent).")),
    "r14_local_disk_readonly_erofs": dict(
        script="lm", prep=lambda j: prep_lm(j),
        args=["--corpus", "data/corpus.txt", "--ckpt-dir", "checkpoints", "--steps", "20"],
        nodes=["gpu-c31", "gpu-c32"], nproc=2, scratch={"gpu-c31": "ro"},
        collect={"console": "torchrun.log"}, extras={"gpu-c31": kern_log_erofs},
        label=lbl("storage", "infrastructure", C("gpu-c31"), "restart_without_node",
                  "gpu-c31's local rank 0 fails its node-local snapshot with 'OSError: [Errno 30] Read-only file "
                  "system'; its kern.log shows NVMe timeouts, I/O errors and EXT4 remounting read-only. Local disk "
                  "failure on one node.",
                  "gpu-c31's LOCAL_SCRATCH is a read-only bind mount (real EROFS). kern.log ADDED.")),
    # ---------------- dependency -------------------------------------------------------------------
    "r15_module_missing_one_node": dict(
        script="ranker", prep=lambda j: prep_ranker(j), args=["--shards", "data/ltr", "--steps", "24"],
        env={"PYTHONPATH": "third_party"}, node_env={"rank-n4": {"PYTHONPATH": ""}},
        nodes=["rank-n3", "rank-n4"], nproc=2, rdzv="c10d",
        collect={"split": ("torchrun.stdout", "torchrun.stderr")}, timeout=100,
        label=lbl("dependency", "infrastructure", C("rank-n4"), "restart_without_node",
                  "Both ranks on rank-n4 fail at import with \"ModuleNotFoundError: No module named 'fastnorm'\"; "
                  "rank-n3 imports it fine and only times out waiting for the missing ranks. One node's "
                  "environment is broken.",
                  "rank-n4's agent runs without the PYTHONPATH entry for the vendored fastnorm package.")),
    "r16_wandb_missing_all_nodes": dict(
        script="tabular", prep=lambda j: prep_tabular(j, args_over={"report_to": ["wandb"]}),
        args=["config.json"], nodes=["gpu-k01", "gpu-k02"], nproc=2, rdzv="c10d",
        collect={"console": "torchrun.log"},
        label=lbl("dependency", "framework", None, "stop",
                  "Every rank on every node fails with \"ModuleNotFoundError: No module named 'wandb'\" when the "
                  "trainer sets up report_to=['wandb']. The job's environment lacks the library everywhere.",
                  "config report_to=['wandb']; wandb is not installed.")),
    # ---------------- host environment ---------------------------------------------------------------
    "r24_master_port_held_by_stale_process": dict(
        script="quick", prep=prep_quick, args=["train"], env={"STEPS": "20"},
        nodes=["gpu-m01", "gpu-m02"], nproc=1, collect={"console": "torchrun.log"},
        stale_store=True, timeout=45,
        label=lbl("host", "infrastructure", C("gpu-m01"), "restart_without_node",
                  "gpu-m01 (node rank 0, hosts the rendezvous store) cannot bind the master port: EADDRINUSE, "
                  "address already in use. A leftover process from an earlier job still holds it on that node.",
                  "A stale TCPStore server from a previous run listens on the master port before launch.")),
    # ---------------- clean ---------------------------------------------------------------------------
    "r20_clean_run_with_warnings": dict(
        script="lm", prep=lambda j: prep_lm(j),
        args=["--corpus", "data/corpus.txt", "--ckpt-dir", "checkpoints", "--steps", "20"],
        nodes=["gpu-p01", "gpu-p02"], nproc=2, scratch=True,
        collect={"console": "torchrun.log", "logdir": "logs", "tee": "3"},
        label=lbl("unknown", "framework", None, "none",
                  "The job finishes (all ranks exit 0, 'done'); only deprecation/CUDA-unavailable warnings "
                  "(torch.cuda.amp.GradScaler on a host without CUDA) and normal checkpoint logs.",
                  "Nothing injected.")),
}

LABEL_AFTER = {}


# ----------------------------------------------------------------- runner
def build_job(case):
    WORK.mkdir(exist_ok=True)
    src, proj, name = SCRIPTS[case["script"]]
    job = WORK / proj
    if job.exists():
        shutil.rmtree(job)
    job.mkdir(parents=True)
    shutil.copy(TOOLS / src, job / name)
    case["prep"](job)
    return job, name


def mount_cmds(case, node):
    sc = case.get("scratch")
    if not sc:
        return ""
    kind = sc.get(node, "bind") if isinstance(sc, dict) else "bind"
    store = SCRATCH_STORE / node
    store.mkdir(parents=True, exist_ok=True)
    SCRATCH.mkdir(parents=True, exist_ok=True)
    if kind == "tmpfs":
        return f"mount -t tmpfs -o size=64k tmpfs {SCRATCH}; "
    if kind == "ro":
        return f"mount --bind {store} {SCRATCH} && mount -o remount,bind,ro {SCRATCH}; "
    return f"mount --bind {store} {SCRATCH}; "


def run_attempt(name, case, job, script, att, outdir):
    nodes = att["order"]
    nproc = case["nproc"]
    port = free_port()
    col = case["collect"]
    st = {"agents": {}, "console": {}, "start_wall": time.time()}
    logroot = WORK / "logs"
    if logroot.exists():
        shutil.rmtree(logroot)
    files = []
    for nr, node in enumerate(nodes):
        nd = outdir / node
        nd.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ)
        env.update(BASE_ENV)
        env.update(case.get("env", {}))
        env.update(case.get("node_env", {}).get(node, {}))
        env.update(att.get("node_env", {}).get(node, {}))
        if case.get("scratch"):
            env["LOCAL_SCRATCH"] = str(SCRATCH)
        if env.get("PYTHONPATH") == "":
            del env["PYTHONPATH"]
        targs = [PY, "-m", "torch.distributed.run", f"--nnodes={len(nodes)}", f"--nproc-per-node={nproc}",
                 "--max-restarts=0"]
        if case.get("rdzv") == "c10d":
            targs += ["--rdzv-backend=c10d", f"--rdzv-endpoint=127.0.0.1:{port}", "--rdzv-id=job-4471",
                      "--local-addr=127.0.0.1"]
        else:
            targs += [f"--node-rank={nr}", "--master-addr=127.0.0.1", f"--master-port={port}"]
        if col.get("logdir"):
            targs += ["--log-dir", str(logroot / node), "--redirects", "3"]
            if col.get("tee"):
                targs += ["--tee", col["tee"]]
        if col.get("role"):
            targs += ["--role", col["role"]]
        targs += [script] + case["args"]
        shell = f"hostname {node}; {mount_cmds(case, node)}exec {shlex.join(targs)}"
        if "split" in col:
            fo = open(nd / col["split"][0], "w")
            fe = open(nd / col["split"][1], "w")
            st["console"][node] = nd / col["split"][1]
        else:
            fo = open(nd / col["console"], "w")
            fe = subprocess.STDOUT
            st["console"][node] = nd / col["console"]
        files += [fo] + ([fe] if fe is not subprocess.STDOUT else [])
        p = subprocess.Popen(["unshare", "-u", "-m", "sh", "-c", shell], cwd=job, env=env, stdout=fo,
                             stderr=fe, start_new_session=True)
        st["agents"][node] = p
    deadline = time.time() + case.get("timeout", 80)
    while time.time() < deadline:
        for h in case.get("hooks", []):
            h(st)
        if all(p.poll() is not None for p in st["agents"].values()):
            break
        time.sleep(0.2)
    timed_out = False
    for node, p in st["agents"].items():
        if p.poll() is None:
            timed_out = True
            kill_tree(p.pid)
            p.wait()
    for f in files:
        f.close()
    rcs = {n: p.returncode for n, p in st["agents"].items()}
    # per-rank log files written by torchrun --log-dir
    if col.get("logdir"):
        for node in nodes:
            src = logroot / node
            if src.exists():
                shutil.copytree(src, outdir / node / col["logdir"])
    for node, fn in case.get("extras", {}).items():
        fn(st, outdir / node, node)
    return rcs, timed_out, time.time() - st["start_wall"]


def stale_store_start(port):
    code = ("import time, datetime\nfrom torch.distributed import TCPStore\n"
            f"s = TCPStore('0.0.0.0', {port}, is_master=True, wait_for_workers=False)\n"
            "s.set('torchelastic/agent/status', 'leftover')\ntime.sleep(600)\n")
    return subprocess.Popen([PY, "-c", code], start_new_session=True, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def run_case(name):
    case = CASES[name]
    t0 = time.time()
    out = CASES_DIR / name
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    attempts = case.get("attempts") or [{"order": case["nodes"]}]
    results = []
    for k, att in enumerate(attempts):
        job, script = build_job(case)
        if SCRATCH_STORE.exists():
            shutil.rmtree(SCRATCH_STORE)
        adir = out / f"attempt_{k}" if len(attempts) > 1 else out
        stale = None
        if case.get("stale_store"):
            # grab the port the launcher is about to use, like a stale agent from the previous job would
            port = free_port()
            stale = stale_store_start(port)
            time.sleep(3)
            orig = free_port
            globals()["free_port"] = lambda: port
        try:
            results.append(run_attempt(name, case, job, script, att, adir))
        finally:
            if stale:
                globals()["free_port"] = orig
                kill_tree(stale.pid)
                stale.wait()
    label = case.get("label") or LABEL_AFTER.get(name)
    if label:
        (out / "label.json").write_text(json.dumps(label, indent=2) + "\n")
    dt = time.time() - t0
    print(f"{name}: {dt:5.1f}s  " + "  ".join(f"att{k}: rc={r[0]} timeout={r[1]} {r[2]:.0f}s"
                                             for k, r in enumerate(results)), flush=True)
    return dt


def main():
    names = sys.argv[1:] or sorted(CASES)
    for n in names:
        if n not in CASES:
            sys.exit(f"unknown case {n}")
    total = 0.0
    for n in names:
        total += run_case(n)
    print(f"total capture time {total:.0f}s")


if __name__ == "__main__":
    main()
