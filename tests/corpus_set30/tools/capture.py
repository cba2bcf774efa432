"""Recapture corpus_set30 bundles.  Usage:  python capture.py [case-prefix ...]   (default: all)

Every file under cases/<case>/<host>/ is output of a real process run inside a simulated
node (see harness.py).  label.json and the case README are hand-written and are kept.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import (CASES, WORK, Job, Node, after, agent_pids, sh, wait_for,  # noqa: E402
                     worker_pids)

CASE_FUNCS = {}


def case(name):
    def deco(f):
        CASE_FUNCS[name] = f
        return f
    return deco


def fresh(case_name: str) -> Path:
    d = CASES / case_name
    d.mkdir(parents=True, exist_ok=True)
    for p in d.iterdir():
        if p.name in ("label.json", "README.md"):
            continue
        shutil.rmtree(p) if p.is_dir() else p.unlink()
    w = WORK / case_name
    if w.exists():
        shutil.rmtree(w)
    w.mkdir(parents=True)
    return d


HEALTH = ("echo \"== $(date -u +%Y-%m-%dT%H:%M:%SZ) $(hostname) {what}\"; "
          "echo '$ free -m'; free -m; echo '$ df -h /srv/shared /srv/local /dev/shm'; "
          "df -h /srv/shared /srv/local /dev/shm; echo '$ ulimit -a'; ulimit -a; "
          "echo '$ ps -eo pid,ppid,stat,etime,rss,args'; ps -eo pid,ppid,stat,etime,rss,args")


def health(what="prolog", name="healthcheck.txt"):
    return f"( {HEALTH.format(what=what)} ) >> /srv/local/diag/{name} 2>&1"


def signal_worker(job, host, sig, rank=None, local_rank=None):
    """Signal the worker(s) running on `host`; returns the global ranks hit."""
    hit = []
    for pid in worker_pids(job.script.rsplit('/', 1)[-1], rank=rank, host=host):
        env = dict(e.split(b"=", 1) for e in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0") if b"=" in e)
        if local_rank is not None and int(env[b"LOCAL_RANK"]) != local_rank:
            continue
        os.kill(pid, sig)
        hit.append(int(env[b"RANK"]))
        print(f"[capture] sent {sig} to rank {env[b'RANK'].decode()} pid {pid} on {host}", file=sys.stderr)
    return hit


def write(path: Path, text: str):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


# ============================================================================ cases
def write_reviews(d: Path, n_shards: int, rows: int, bad: dict | None = None):
    rnd = random.Random(7)
    words = ("the service was quick friendly slow rude great awful fine okay product arrived late "
             "early broken perfect refund again never always price value cheap expensive").split()
    d.mkdir(parents=True, exist_ok=True)
    for s in range(n_shards):
        with open(d / f"train-{s:05d}.jsonl", "w") as f:
            for i in range(rows):
                lab = rnd.choice(["negative", "neutral", "positive"])
                if bad and (s, i) in bad:
                    lab = bad[(s, i)]
                f.write(json.dumps({"id": f"r{s}-{i:05d}", "text": " ".join(rnd.choices(words, k=rnd.randint(6, 30))),
                                    "label": lab}) + "\n")


@case("aa01_training_crashed_gloo_errors_on_every_rank")
def aa01(name):
    out = fresh(name)
    shared = WORK / name / "shared"
    # shard 3 (read by global rank 3) has one record labelled "Positive" (row 190 -> batch 24)
    write_reviews(shared / "data", 4, 400, bad={(3, 190): "Positive"})
    nodes = [Node("gpu-a017", nproc=2, console="stdout.log"),
             Node("gpu-a009", nproc=2, console="stdout.log")]
    job = Job(name, None, nodes, "/srv/code/hf_finetune.py",
              ["--data_dir", "/srv/shared/data", "--output_dir", "/srv/shared/out/sst-ft",
               "--max_steps", "60", "--ddp_timeout", "60"], rdzv="c10d")
    job.run(timeout=180)
    job.collect(out)


@case("aa02_job_died_early_exitcode_minus9_on_one_node")
def aa02(name):
    out = fresh(name)
    epi = ["( echo '$ free -m'; free -m; echo; echo '$ ps -eo pid,stat,rss,args'; ps -eo pid,stat,rss,args ) "
           "> /srv/local/diag/epilog_health.txt 2>&1"]
    watch = ["( while true; do echo \"--- $(date +%H:%M:%S)\"; ps -o pid,rss,vsz,args -C python; sleep 3; "
             "done ) > /srv/local/diag/memwatch.log 2>&1 &"]
    nodes = [Node("nid004211", nproc=2, console="slurm-771234.out", mem_limit="1300M", post=epi, pre=watch),
             Node("nid004212", nproc=2, console="slurm-771234.out", mem_limit="1300M", post=epi, pre=watch)]
    job = Job(name, None, nodes, "/srv/code/pretrain_gpt.py",
              ["--padded-vocab-size", "8192", "--hidden-size", "128", "--train-iters", "200",
               "--log-interval", "5", "--log-train-ppl-hist", "--save", "/srv/shared/ckpt/gpt-125m",
               "--save-interval", "50", "--distributed-timeout-minutes", "1"],
              log_dir="/srv/local/torchrun_logs", tee="3")
    job.run(timeout=200)
    job.collect(out, keep=["torchrun_logs"], dmesg="dmesg_since_job_start.txt")


TITAN_TOML = """[job]
description = "{desc}"

[model]
name = "llama3"
flavor = "debugmodel"
dim = {dim}
n_layers = 2
vocab_size = 512

[training]
local_batch_size = 8
seq_len = 64
steps = {steps}
lr = 8e-4
warmup_steps = 10
max_norm = 1.0
seed = 42
data_wait = {wait}
comm_timeout_seconds = {timeout}

[metrics]
log_freq = {log_freq}

[checkpoint]
enable_checkpoint = {ckpt}
folder = "{folder}"
interval = {interval}
"""


@case("aa03_training_stuck_no_log_output_for_minutes")
def aa03(name):
    out = fresh(name)
    shared = WORK / name / "shared"
    write(shared / "configs/llama3_debug.toml", TITAN_TOML.format(
        desc="llama3 debug pretrain, 3 nodes", dim=128, steps=400, wait=0.15, timeout=60, log_freq=10,
        ckpt="true", folder="/srv/shared/outputs/llama3_debug/checkpoint", interval=100))
    nodes = [Node("trn-west-04", console="torchrun.log", env={"TZ": "UTC"}),
             Node("trn-west-11", console="torchrun.log", env={"TZ": "UTC"}),
             Node("trn-west-07", console="torchrun.log", env={"TZ": "America/Los_Angeles"})]
    job = Job(name, None, nodes, "/srv/code/titan_train.py",
              ["--job.config_file", "/srv/shared/configs/llama3_debug.toml"], rdzv="c10d", tee="3",
              launcher=["--role", "rank", "--local-ranks-filter", "0"])
    state = {}
    dump = ("echo \"### hang dump $(hostname) $(date -u +%Y-%m-%dT%H:%M:%SZ)\"; "
            "ps -eo pid,ppid,stat,wchan:28,etime,time,args; for p in $(pgrep -f titan_train.py); do "
            "echo; echo \"### /proc/$p/status\"; grep -E '^(Name|State|Pid|PPid|Threads|VmRSS)' /proc/$p/status; "
            "echo \"### /proc/$p/stack\"; cat /proc/$p/stack; "
            "echo \"### /proc/$p/wchan: $(cat /proc/$p/wchan)\"; done")

    def stop(j):
        state["rank"] = signal_worker(j, "trn-west-11", signal.SIGSTOP)
        state["t"] = time.time()

    def snap(j):
        if "t" in state and time.time() - state["t"] > 20:
            for h in ("trn-west-04", "trn-west-11", "trn-west-07"):
                j.snapshot(h, {"hang_dump.txt": dump})
            return True
        return False

    def cancel(j):
        # the operator scancels once the other two nodes have given up
        if all(j.procs[h].poll() is not None for h in ("trn-west-04", "trn-west-07")):
            time.sleep(5)
            pids = agent_pids("trn-west-11")
            for pid in pids:
                os.kill(pid, signal.SIGTERM)
            time.sleep(20)          # KillWait: whatever is left of the step gets SIGKILL
            signal_worker(j, "trn-west-11", signal.SIGKILL)
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            return True
        return False

    job.run(timeout=260, events=[wait_for(r"step: 60 ", "trn-west-04", stop), snap, cancel])
    print(f"[capture] stopped rank {state.get('rank')}", file=sys.stderr)
    job.collect(out)


LIT_YAML = """seed_everything: 1234
trainer:
  max_epochs: {epochs}
  log_every_n_steps: {log_every}
  default_root_dir: {root}
  detect_nonfinite_loss: true
  timeout_s: 60
  sleep: {sleep}
model:
  dim: 64
  layers: 2
data:
  task: {task}
  steps_per_epoch: 25
  num_samples: {num_samples}
  image_size: 96
  batch_size: {bs}
  num_workers: {workers}
optimizer:
  name: sgd
  lr: {lr}
  momentum: 0.9
  warmup_steps: {warm}
"""


@case("aa04_loss_nan_job_crashed_twice_after_requeue")
def aa04(name):
    out = fresh(name)
    shared = WORK / name / "shared"
    write(shared / "exp/lm-sgd/config.yaml", LIT_YAML.format(
        epochs=6, log_every=5, root="/srv/shared/exp/lm-sgd", sleep=0.05, task="lm", num_samples=0,
        bs=8, workers=0, lr=16.0, warm=60))
    argv = ["--config", "/srv/shared/exp/lm-sgd/config.yaml",
            "--ckpt_path", "/srv/shared/exp/lm-sgd/checkpoints/last.ckpt"]
    for att, hosts in (("attempt_0", ["ml-train-3", "ml-train-8"]), ("attempt_1", ["ml-train-6", "ml-train-2"])):
        nodes = [Node(h, nproc=2, console="output.log") for h in hosts]
        job = Job(name, att, nodes, "/srv/code/lit_train.py", argv, rdzv="c10d", shared=shared,
                  log_dir="/srv/local/logs", redirects="3", tee="3")
        job.run(timeout=200)
        job.collect(out / att, keep=["logs"])


def net_epilog(peers):
    chk = "; ".join(f"echo \"$ timeout 5 bash -c '</dev/tcp/{h}/22'\"; timeout 5 bash -c '</dev/tcp/{h}/22' ; echo \"exit=$?\""
                    for h in peers)
    return [f"( echo \"== epilog $(hostname) $(date -u +%FT%TZ)\"; echo '$ ip -s link show eth0'; ip -s link show eth0; "
            f"echo '$ ip -br addr'; ip -br addr; echo '$ ip route'; ip route; echo '$ ip neigh'; ip neigh; {chk} ) "
            f"> /srv/local/diag/epilog_net.txt 2>&1"]


@case("aa05_all_ranks_timed_out_at_step_40")
def aa05(name):
    out = fresh(name)
    hosts = [("gpu-r2-n05", "10.30.0.15"), ("gpu-r2-n09", "10.30.0.19"), ("gpu-r3-n02", "10.30.0.32")]
    nodes = [Node(h, console="job.log", netns=True, ip=ip,
                  post=net_epilog([o for o, _ in hosts if o != h])) for h, ip in hosts]
    job = Job(name, None, nodes, "/srv/code/plain_train.py",
              ["--steps", "300", "--print-every", "10", "--timeout", "50", "--sleep", "0.1"],
              log_dir="/srv/local/torchelastic", redirects="3")

    def cut(j):
        sh(f"ip link set {j.veth(j.node('gpu-r2-n09'))} down")
        print("[capture] link of gpu-r2-n09 down", file=sys.stderr)

    job.run(timeout=200, events=[wait_for(r"step +40/", "gpu-r2-n05", cut)])
    job.collect(out, keep=["torchelastic"])


def write_token_shards(d: Path, sizes: list[int], prefix="tokens"):
    import torch
    d.mkdir(parents=True, exist_ok=True)
    names = []
    for i, n in enumerate(sizes):
        g = torch.Generator().manual_seed(100 + i)
        nm = f"{prefix}-{i:04d}-of-{len(sizes):04d}.pt"
        torch.save(torch.randint(0, 512, (n,), generator=g, dtype=torch.int16).long(), d / nm)
        names.append(nm)
    (d / "manifest.txt").write_text("\n".join(names) + "\n")


@case("aa06_throughput_dropped_by_half_since_yesterday")
def aa06(name):
    out = fresh(name)
    shared = WORK / name / "shared"
    write_token_shards(shared / "corpus/web-v3", [65 * 16 * 100] * 6)
    pro = [health("prolog", "node_prolog.txt")]
    nodes = [Node("h100-pod2-n14", nproc=2, console="stdout.txt", pre=pro),
             Node("h100-pod2-n03", nproc=2, console="stdout.txt", pre=pro, cpu_quota_us=30000),
             Node("h100-pod2-n21", nproc=2, console="stdout.txt", pre=pro)]
    job = Job(name, None, nodes, "/srv/code/train_jsonl.py",
              ["--manifest", "/srv/shared/corpus/web-v3/manifest.txt", "--log-every", "10", "--timeout", "120",
               "--dim", "256", "--batch-size", "16"])
    job.run(timeout=400)
    job.collect(out, keep=["metrics"])


@case("aa12_job_failed_connection_closed_by_peer_near_end_of_epoch")
def aa12(name):
    out = fresh(name)
    shared = WORK / name / "shared"
    # the last shard of the re-tokenized corpus came out shorter than the others
    write_token_shards(shared / "data/code-mix", [65 * 8 * 60] * 3 + [65 * 8 * 41], prefix="shard")
    nodes = [Node("ip-10-4-1-87", nproc=2, console="train.out"),
             Node("ip-10-4-1-23", nproc=2, console="train.out")]
    job = Job(name, None, nodes, "/srv/code/train_jsonl.py",
              ["--manifest", "/srv/shared/data/code-mix/manifest.txt", "--log-every", "10", "--timeout", "60"],
              tee="3")
    job.run(timeout=200)
    job.collect(out, keep=["metrics"])


@case("aa07_worker_exitcode_minus9_torchrun_restarted_workers")
def aa07(name):
    out = fresh(name)
    shared = WORK / name / "shared"
    write_reviews(shared / "data", 4, 400)
    pro = [health("prolog", "prolog_health.txt")]
    nodes = [Node("gpu-h-0120", nproc=2, console="train.log", pre=pro),
             Node("gpu-h-0113", nproc=2, console="train.log", pre=pro)]
    job = Job(name, None, nodes, "/srv/code/hf_finetune.py",
              ["--data_dir", "/srv/shared/data", "--output_dir", "/srv/shared/out/reviews-ft",
               "--max_steps", "90", "--save_steps", "20", "--resume_from_checkpoint", "--ddp_timeout", "60"],
              rdzv="c10d", max_restarts=2)
    state = {}

    def kill(j):
        time.sleep(1.5)
        state["r"] = signal_worker(j, "gpu-h-0113", signal.SIGKILL, local_rank=1)

    def ev(j):
        if "checkpoint-40" in j.console_text("gpu-h-0120") + j.console_text("gpu-h-0113"):
            kill(j)
            return True
        return False

    job.run(timeout=300, events=[ev])
    print(f"[capture] killed rank {state.get('r')}", file=sys.stderr)
    job.collect(out)


@case("aa08_job_never_started_two_nodes_waiting_at_rendezvous")
def aa08(name):
    out = fresh(name)
    hosts = [("trn-c14", "10.30.0.114"), ("trn-a03", "10.30.0.103"), ("trn-b07", "10.30.0.107")]
    pro = [health("prolog", "prolog_health.txt"),
           "( echo '$ ss -ltnp'; ss -ltnp ) >> /srv/local/diag/prolog_health.txt 2>&1"]
    nodes = [Node(h, console="torchrun.out", netns=True, ip=ip, pre=list(pro)) for h, ip in hosts]
    job = Job(name, None, nodes, "/srv/code/pretrain_gpt.py",
              ["--train-iters", "200", "--log-interval", "10", "--distributed-timeout-minutes", "1"],
              rdzv_conf="read_timeout=60", port=29500)
    # on trn-c14 someone left a file server on port 29500 (browsing run logs from a laptop)
    nodes[0].pre = ["mkdir -p /srv/local/runs && cd /srv/local/runs && (setsid python3 -m http.server 29500 "
                    ">/dev/null 2>&1 </dev/null &) && cd /srv/local", "sleep 3"] + nodes[0].pre
    job.run(timeout=150)
    job.collect(out)

@case("aa09_dataloader_worker_crashed_on_one_node_at_start")
def aa09(name):
    out = fresh(name)
    shared = WORK / name / "shared"
    write(shared / "runs/cnn-aug/config.yaml", LIT_YAML.format(
        epochs=3, log_every=10, root="/srv/shared/runs/cnn-aug", sleep=0.02, task="cls", num_samples=640,
        bs=16, workers=2, lr=0.05, warm=0))
    shm = ["mount -t tmpfs -o size=256m,mode=1777 shm /dev/shm"]
    # files left in /dev/shm by an earlier job on this node
    leftover = ["mount -t tmpfs -o size=64m,mode=1777 shm /dev/shm"] + [
        f"dd if=/dev/zero of=/dev/shm/{n} bs=1M count={c} 2>/dev/null"
        for n, c in (("nccl-K2vQ7x", 20), ("nccl-b9TfLw", 20), ("torch_31337_2871034562_0", 16),
                     ("nccl-Zt04aP", 7))] + ["head -c 700000 /dev/zero > /dev/shm/sem.mp-x9k2ld"]
    hosts = ["a100-r07-11", "a100-r07-04", "a100-r07-15"]
    nodes = []
    for h in hosts:
        pre = (leftover if h == "a100-r07-15" else shm) + [
            health("prolog", "slurm_prolog.log"),
            "( echo '$ ls -la /dev/shm'; ls -la /dev/shm ) >> /srv/local/diag/slurm_prolog.log 2>&1"]
        nodes.append(Node(h, console="fit.log", pre=pre, post=[health("epilog", "slurm_epilog.log")]))
    job = Job(name, None, nodes, "/srv/code/lit_train.py",
              ["--config", "/srv/shared/runs/cnn-aug/config.yaml"], tee="3")
    job.run(timeout=200)
    job.collect(out)


@case("aa10_gloo_enforce_fail_after_first_validation")
def aa10(name):
    out = fresh(name)
    nodes = [Node("node-gpu-2a", nproc=2, console="torchrun.log"),
             Node("node-gpu-1c", nproc=2, console="torchrun.log")]
    job = Job(name, None, nodes, "/srv/code/plain_train.py",
              ["--steps", "200", "--eval-every", "25", "--print-every", "5", "--timeout", "45"], tee="3",
              log_dir="/srv/local/elastic_logs")
    job.run(timeout=200)
    job.collect(out, keep=["elastic_logs"])


class SrunMerge:
    """Event: interleave the node consoles line by line as they are written, each line
    prefixed with the node's task id, like `srun -l` writing one job output file."""

    def __init__(self, path: Path):
        self.path, self.off, self.part = path, {}, {}
        path.parent.mkdir(parents=True, exist_ok=True)
        self.f = open(path, "ab")

    def __call__(self, job) -> bool:
        for i, n in enumerate(job.nodes):
            p = job.console_path(n)
            try:
                data = p.read_bytes()[self.off.get(n.host, 0):]
            except FileNotFoundError:
                continue
            self.off[n.host] = self.off.get(n.host, 0) + len(data)
            buf = self.part.get(n.host, b"") + data
            *lines, rest = buf.split(b"\n")
            self.part[n.host] = rest
            for l in lines:
                if not l.startswith(b"unshare: "):
                    self.f.write(f"{i}: ".encode() + l + b"\n")
        self.f.flush()
        return False

    def close(self, job):
        self(job)
        for i, n in enumerate(job.nodes):
            if self.part.get(n.host):
                self.f.write(f"{i}: ".encode() + self.part[n.host] + b"\n")
        self.f.close()


@case("aa11_requeued_job_fails_immediately_on_resume")
def aa11(name):
    out = fresh(name)
    shared = WORK / name / "shared"
    common = ["--num-layers", "2", "--seq-length", "64", "--micro-batch-size", "8", "--train-iters", "400",
              "--log-interval", "10", "--save-interval", "40", "--save", "/srv/shared/ckpt/gpt-dense",
              "--load", "/srv/shared/ckpt/gpt-dense", "--distributed-timeout-minutes", "1", "--iter-sleep", "0.15"]
    for att, hosts, hidden, jobid, tl in (("attempt_0", ["nid001180", "nid001181"], "128", "4410233", 45),
                                          ("attempt_1", ["nid001402", "nid001180"], "192", "4410233", None)):
        nodes = []
        for h in hosts:
            msg = (f"slurmstepd: error: *** STEP {jobid}.0 ON {h} CANCELLED AT $(date +%Y-%m-%dT%H:%M:%S) "
                   f"DUE TO TIME LIMIT ***") if tl else ""
            nodes.append(Node(h, console="console.out", timelimit=tl, timelimit_msg=msg))
        job = Job(name, att, nodes, "/srv/code/pretrain_gpt.py", ["--hidden-size", hidden] + common,
                  shared=shared, log_dir="/srv/local/torchrun", redirects="3", tee="3",
                  env={"SLURM_JOB_ID": jobid, "SLURM_RESTART_COUNT": att[-1]})
        merge = SrunMerge(out / att / "login-02" / f"slurm-{jobid}.out")
        job.run(timeout=200, events=[merge])
        merge.close(job)
        job.collect(out / att, keep=["torchrun"])
        for h in hosts:
            (out / att / h / "console.out").unlink()


@case("aa13_checkpoint_save_failed_at_step_40")
def aa13(name):
    out = fresh(name)
    shared = WORK / name / "shared"
    write(shared / "configs/llama3_ft.toml", TITAN_TOML.format(
        desc="llama3 continued pretrain (local NVMe checkpoint staging)", dim=128, steps=120, wait=0.1,
        timeout=60, log_freq=10, ckpt="true", folder="/srv/local/nvme/llama3_ft/checkpoint", interval=40))
    hosts = ["dgx-a12", "dgx-a03", "dgx-a07"]
    loops = {}
    for h in hosts:
        img = WORK / name / f"{h}-nvme.img"
        subprocess.run(["truncate", "-s", "48M", str(img)], check=True)
        subprocess.run(["mkfs.ext4", "-q", "-F", str(img)], check=True)
        loops[h] = subprocess.run(["losetup", "-f", "--show", str(img)], capture_output=True, text=True,
                                  check=True).stdout.strip()
    kbefore = len(subprocess.run(["dmesg"], capture_output=True, text=True).stdout.splitlines())
    pro = [health("prolog", "prolog_checks.txt"), "( echo '$ mount | grep nvme'; mount | grep nvme ) "
           ">> /srv/local/diag/prolog_checks.txt 2>&1"]
    epi = ["( echo '$ mount | grep nvme'; mount | grep nvme; echo '$ df -h /srv/local/nvme'; df -h /srv/local/nvme; "
           "echo '$ touch /srv/local/nvme/.probe'; touch /srv/local/nvme/.probe ) > /srv/local/diag/epilog_checks.txt 2>&1"]
    nodes = [Node(h, console="torchrun_stdout.log", loopfs={"nvme": loops[h]}, pre=pro, post=epi) for h in hosts]
    job = Job(name, None, nodes, "/srv/code/titan_train.py",
              ["--job.config_file", "/srv/shared/configs/llama3_ft.toml"], rdzv="c10d", tee="3",
              launcher=["--role", "rank", "--local-ranks-filter", "0"])

    def ro(j):
        pid = j.ns_pid("dgx-a12")
        subprocess.run(["nsenter", "-t", str(pid), "-m", "mount", "-o", "remount,ro", "/srv/local/nvme"])
        print("[capture] dgx-a12 nvme remounted ro", file=sys.stderr)

    try:
        job.run(timeout=200, events=[wait_for(r"step: 30 ", "dgx-a03", ro)])
        klines = subprocess.run(["dmesg"], capture_output=True, text=True).stdout.splitlines()[kbefore:]
        job.collect(out)
        for h in hosts:
            dev = loops[h].rsplit("/", 1)[1]
            mine = [l for l in klines if f"({dev})" in l or f" {dev}:" in l]
            (out / h / "kern.log").write_text("\n".join(mine) + ("\n" if mine else ""))
    finally:
        for h in hosts:
            subprocess.run(["losetup", "-d", loops[h]])


def main(argv):
    names = sorted(CASE_FUNCS)
    if argv:
        names = [n for n in names if any(n.startswith(a) for a in argv)]
    for n in names:
        print(f"[capture] === {n}", file=sys.stderr)
        CASE_FUNCS[n](n)


if __name__ == "__main__":
    main(sys.argv[1:])
