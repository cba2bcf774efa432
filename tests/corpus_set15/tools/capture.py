#!/usr/bin/env python
"""Re-run the captures of corpus set 15 (prefix m).

    python tools/capture.py              # every case
    python tools/capture.py m03 m14      # the named cases (prefix match)

Each case launches real torchrun agents (one per simulated node, see harness.py), waits
for the job to end, then copies the consoles, per-rank logs and per-node diagnostics into
cases/<case>/ and writes label.json (and topology.json where the case has one).
Needs root (unshare, mount, memory cgroup) and the torch CPU wheel.
"""
from __future__ import annotations

import http.server
import json
import os
import random
import shutil
import signal
import socket
import socketserver
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import datagen  # noqa: E402
from harness import CASES, WORK, Job, Node, after, wait_for, worker_pids  # noqa: E402

REGISTRY: dict[str, callable] = {}


def case(fn):
    REGISTRY[fn.__name__.replace("_", "-")] = fn
    return fn


def fresh_case_dir(name: str) -> Path:
    d = CASES / name
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    return d


def write_label(d: Path, category, layer, culprit, action, rationale, modelled_on, topology=None):
    label = {"category": category, "layer": layer, "culprit": culprit, "action": action,
             "rationale": rationale, "modelled_on": modelled_on}
    (d / "label.json").write_text(json.dumps(label, indent=2) + "\n")
    if topology:
        (d / "topology.json").write_text(json.dumps({"topology": topology}, indent=2) + "\n")


def shared_dir(name: str) -> Path:
    d = WORK / name / "shared"
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    return d


def sigterm_leftovers(job: Job, grace: float):
    """Scheduler behaviour: once one agent has exited non-zero, the step is torn down
    after `grace` seconds (srun --kill-on-bad-exit / a Kubernetes JobSet failure policy)."""
    state = {"t": None}

    def ev(j: Job) -> bool:
        done = [h for h, p in j.procs.items() if p.poll() is not None]
        if not done:
            return False
        if state["t"] is None:
            state["t"] = time.time()
        if time.time() - state["t"] < grace:
            return False
        for h, p in j.procs.items():
            if p.poll() is None:
                agent = agent_pid(p.pid)
                if agent:
                    os.kill(agent, signal.SIGTERM)
        return True
    return ev


def agent_pid(unshare_pid: int) -> int | None:
    """pid of the torchrun agent below an `unshare ... sh init.sh` process."""
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
            kids = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            kids = []
        todo += [int(k) for k in kids]
    return None


def descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for t in os.listdir(f"/proc/{p}/task"):
                todo += [int(k) for k in Path(f"/proc/{p}/task/{t}/children").read_text().split()]
        except OSError:
            pass
    return out


# ============================================================================ cases
@case
def m01_churn_run_stops_in_first_epoch():
    name = "m01-churn-run-stops-in-first-epoch"
    sh = shared_dir(name)
    datagen.churn(sh / "data/churn", bad_row=1152)
    nodes = [Node("gpu-a100-017", console="stdout.log"), Node("gpu-a100-018", console="stdout.log"),
             Node("gpu-a100-021", console="stdout.log")]
    job = Job(name, None, nodes, "/srv/code/train_lit.py",
              ["--epochs", "2", "--pg-timeout", "30", "--ckpt-every", "10", "--log-every", "4"],
              log_dir="/srv/local/torchelastic", tee="3", shared=sh)
    job.run(timeout=150)
    d = fresh_case_dir(name)
    job.collect(d, keep=["torchelastic"])
    write_label(d, "user_code", "script", None, "stop",
                "One rank raised KeyError: 'enterprise_2026' while mapping the `plan` column of a training record "
                "(a label missing from labels.json); the other ranks only report the peer disconnecting.",
                "https://github.com/cure-lab/MagicDrive/issues/91",
                topology={"leaf-sw-a3": ["gpu-a100-017", "gpu-a100-018"], "leaf-sw-a4": ["gpu-a100-021"]})


@case
def m02_kws_job_aborts_after_step_5():
    name = "m02-kws-job-aborts-after-step-5"
    sh = shared_dir(name)
    datagen.mfcc(sh / "kws/mfcc", n_shards=8, rows=128)
    datagen.mfcc(sh / "kws/mfcc-val", n_shards=1, rows=256)
    nodes = [Node("node0412", 2, console="job.out"), Node("node0413", 2, console="job.out")]
    job = Job(name, None, nodes, "/srv/code/train_loguru.py",
              ["--micro-batch", "16", "--accum", "2", "--pg-timeout", "45", "--log-dir", "/srv/local/logs",
               "--eval-every", "6"],
              shared=sh)
    job.run(timeout=200)
    d = fresh_case_dir(name)
    job.collect(d, keep=["logs"])
    write_label(d, "user_code", "script", None, "stop",
                "Rank 0 aborted inside gloo with 'Received data size doesn't match expected size. Is there a "
                "distributed collective mismatch in your code?' right after logging 'validating at step 6': the "
                "validation all_reduce runs on rank 0 only while the other ranks go on with the gradient "
                "all-reduce. A collective called by only some ranks: a bug in the training script.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")


def ns_init_pid(job: Job, host: str) -> int | None:
    """pid (in the root namespace) of the node's PID-namespace init (`sh init.sh`)."""
    p = job.procs[host].pid
    try:
        kids = Path(f"/proc/{p}/task/{p}/children").read_text().split()
    except OSError:
        return None
    return int(kids[0]) if kids else None


def kill_node(host: str):
    def then(job: Job):
        pid = ns_init_pid(job, host)
        print(f"[capture] power-off {host} (ns init {pid})", file=sys.stderr)
        if pid:
            os.kill(pid, signal.SIGKILL)
    return then


def sigterm_all_agents(job: Job):
    for h, p in job.procs.items():
        if p.poll() is None:
            a = agent_pid(p.pid)
            if a:
                os.kill(a, signal.SIGTERM)


def retry(fn, ok, tries=4):
    for i in range(tries):
        r = fn()
        if ok(r):
            return r
        print(f"[capture] condition not met, retrying ({i + 1}/{tries})", file=sys.stderr)
    raise SystemExit("capture did not reproduce the intended failure")


def exit_codes(job: Job, host: str) -> list[int]:
    import re
    return [int(x) for x in re.findall(r"exitcode\s*:\s*(-?\d+)", job.console_text(host))]


# ---------------------------------------------------------------------------- m03
@case
def m03_speech_job_rank_exits_137():
    name = "m03-speech-job-rank-exits-137"
    import uuid
    nodes = [Node("dgx-b7-03", 2, console="torchrun.log", mem_limit="1000M",
                  memcg_name=f"kubepods/burstable/pod{uuid.uuid4()}"),
             Node("dgx-b7-04", 2, console="torchrun.log", mem_limit="1000M",
                  memcg_name=f"kubepods/burstable/pod{uuid.uuid4()}")]
    job = Job(name, None, nodes, "/srv/code/train_elastic_json.py",
              ["--steps", "80", "--eval-every", "5", "--keep-eval-outputs", "--pg-timeout", "40",
               "--log-file", "/srv/local/logs/train-{host}-r{rank}.jsonl"],
              rdzv="c10d", log_dir="/srv/local/elastic", redirects="3")
    job.run(timeout=240, events=[sigterm_leftovers(job, 20)])
    d = fresh_case_dir(name)
    job.collect(d, keep=["elastic", "logs"], dmesg="dmesg.txt")
    write_label(d, "oom", "framework", None, "stop",
                "Rank 0 was SIGKILLed (exitcode -9); the node's kernel log shows the memory-cgroup OOM killer "
                "choosing that pid while its resident size grew eval after eval (kept_eval_tensors keeps rising). "
                "The job's own memory use, not a foreign process or hardware.",
                "https://github.com/OpenRLHF/OpenRLHF/issues/841")


# ---------------------------------------------------------------------------- m04
@case
def m04_mixer_job_crashes_again_after_resubmit():
    name = "m04-mixer-job-crashes-again-after-resubmit"
    d = fresh_case_dir(name)
    bad = "ip-10-42-3-52"
    orders = [["ip-10-42-3-117", "ip-10-42-3-52", "ip-10-42-7-9"],
              ["ip-10-42-7-9", "ip-10-42-3-117", "ip-10-42-3-52"]]
    for a, order in enumerate(orders):
        def once(order=order, a=a):
            nodes = [Node(h, 1, console="console.log", env={"K15_MCE_RATE": "0.05"} if h == bad else {})
                     for h in order]
            job = Job(name, f"attempt_{a}", nodes, "/srv/code/train_watchdog.py",
                      ["--steps", "90", "--pg-timeout", "40", "--watchdog-interval", "5"])
            job.run(timeout=200)
            return job
        job = retry(once, lambda j: -11 in exit_codes(j, bad))
        job.collect(d / f"attempt_{a}")
    write_label(d, "host", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Both submissions died with SIGSEGV (exitcode -11, 'Fatal Python error: Segmentation fault') on "
                "ip-10-42-3-52 only, at different steps, in different code, under a different global rank each time "
                "(node order was changed between attempts). A crash that follows one machine is that machine's "
                "hardware (memory/CPU), not the script.",
                "https://github.com/NVIDIA/Megatron-LM/issues/1880")


# ---------------------------------------------------------------------------- m05
@case
def m05_forecast_loss_nan_twice():
    name = "m05-forecast-loss-nan-twice"
    d = fresh_case_dir(name)
    sh = shared_dir(name)
    datagen.sensors(sh / "sensors/v3", n_shards=9, rows=320, nan_at=(4, 50))
    orders = [["compute-1-12", "compute-1-13", "compute-2-01"],
              ["compute-1-13", "compute-2-01", "compute-1-12"]]
    for a, order in enumerate(orders):
        nodes = [Node(h, 1, console="slurm-%s.out" % h) for h in order]
        job = Job(name, f"attempt_{a}", nodes, "/srv/code/train_accel.py",
                  ["--num-shards", "9", "--max-steps", "60", "--pg-timeout", "30"],
                  log_dir="/srv/local/torchrun_logs", tee="2", shared=sh)
        job.run(timeout=150)
        job.collect(d / f"attempt_{a}", keep=["torchrun_logs"])
    write_label(d, "numerical", "script", None, "stop",
                "Both runs hit a non-finite loss at exactly step 12 on global rank 1, although rank 1 ran on a "
                "different node in each run (node order changed). Same step, same rank, different hardware: "
                "the data (shard 4) or the model, not a node.",
                "https://github.com/prs-eth/Marigold/issues/111")


# ---------------------------------------------------------------------------- m06
@case
def m06_churn_nan_guard_trips_on_resubmit():
    name = "m06-churn-nan-guard-trips-on-resubmit"
    d = fresh_case_dir(name)
    sh = shared_dir(name)
    datagen.churn(sh / "data/churn")
    bad = "trn-r3-n01"
    orders = [["trn-r2-n07", "trn-r2-n08", "trn-r3-n01"], ["trn-r3-n01", "trn-r2-n07", "trn-r2-n08"]]
    for a, order in enumerate(orders):
        def once(order=order, a=a):
            nodes = [Node(h, 1, console="output.log", env={"K15_SDC_RATE": "0.035"} if h == bad else {})
                     for h in order]
            job = Job(name, f"attempt_{a}", nodes, "/srv/code/train_lit.py",
                      ["--epochs", "4", "--pg-timeout", "30", "--ckpt-every", "25", "--log-every", "4"],
                      log_dir="/srv/local/elastic_logs", redirects="1", shared=sh)
            job.run(timeout=200)
            return job
        job = retry(once, lambda j: "NanGuard" in j.node_text(bad))
        job.collect(d / f"attempt_{a}", keep=["elastic_logs"])
    write_label(d, "gpu_hardware", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "NanGuard fired on trn-r3-n01 in both runs, at different global steps and under different global "
                "ranks (node order changed); no other node ever produced a non-finite loss first. NaNs that follow "
                "one node point at that node's hardware (silent data corruption).",
                "https://github.com/pytorch/torchtitan/issues/951")


# ---------------------------------------------------------------------------- m07
@case
def m07_mixer_job_times_out_after_step_20():
    name = "m07-mixer-job-times-out-after-step-20"
    nodes = [Node("sc-h100-0123", 2, console="stderr.log"), Node("sc-h100-0124", 2, console="stderr.log")]

    def setup(job):
        for n in nodes:
            c = job.local_dir(n) / "cache"
            c.mkdir(parents=True, exist_ok=True)
            for lr in range(2):
                (c / f"manifest-{lr}.txt").write_text(
                    "".join(f"s3://mixer-data/train/shard-{i:05d}.tar\n" for i in range(64)))

    def wedge(job):
        # the node-local manifest copy of local rank 1 on sc-h100-0124 stops answering reads
        f = job.local_dir(nodes[1]) / "cache" / "manifest-1.txt"
        f.unlink()
        os.mkfifo(f)
    job = Job(name, None, nodes, "/srv/code/train_watchdog.py",
              ["--steps", "80", "--pg-timeout", "50", "--hang-dump-s", "25", "--watchdog-interval", "10",
               "--manifest", "/srv/local/cache/manifest-{local_rank}.txt", "--reload-manifest-every", "20"],
              log_dir="/srv/local/log/torchrun", tee="3")
    job.run(timeout=240, setup=setup, events=[wait_for(r"step   10 ", "sc-h100-0124", wedge),
                                              sigterm_leftovers(job, 15)])
    d = fresh_case_dir(name)
    job.collect(d, keep=["log"], drop=["cache/*"])
    write_label(d, "hang", "infrastructure", {"node": "sc-h100-0124", "rank": 3}, "run_diagnostics",
                "All ranks but one dumped stacks inside loss.backward() (waiting on the gradient all-reduce) and then "
                "timed out; the faulthandler dump and the watchdog of global rank 3 on sc-h100-0124 show it blocked "
                "in open() in read_manifest (phase 'data'). One rank provably elsewhere, no hardware error visible.",
                "https://github.com/pytorch/tutorials/pull/3814")


# ---------------------------------------------------------------------------- m08
@case
def m08_llm_pretrain_fails_at_first_checkpoint():
    name = "m08-llm-pretrain-fails-at-first-checkpoint"
    sh = shared_dir(name)
    datagen.tokens(sh / "tokens/fineweb-mini.bin", n=200_000)
    diag = ["df -h /srv/local /srv/local/checkpoint /srv/shared > /srv/local/diag/df-h.txt 2>&1",
            "du -sh /srv/local/checkpoint/* > /srv/local/diag/du-checkpoint.txt 2>&1"]
    nodes = [Node("nid001234", 1, console="torchrun.out", tmpfs={"checkpoint": "64m"}, post=diag),
             Node("nid001235", 1, console="torchrun.out", tmpfs={"checkpoint": "12m"}, post=diag,
                  pre=["mkdir -p /srv/local/checkpoint/run-0419-old",
                       "for i in 1 2 3 4 5 6 7 8 9 10 11; do head -c 1040000 /dev/urandom > "
                       "/srv/local/checkpoint/run-0419-old/__${i}_0.distcp; done"]),
             Node("nid001240", 1, console="torchrun.out", tmpfs={"checkpoint": "64m"}, post=diag)]
    job = Job(name, None, nodes, "/srv/code/train_fsdp2.py",
              ["--steps", "40", "--checkpoint-interval", "10", "--pg-timeout", "40", "--dim", "96",
               "--n-layers", "3"],
              log_dir="/srv/local/torchelastic", tee="3", shared=sh)
    job.run(timeout=200, events=[sigterm_leftovers(job, 20)])
    d = fresh_case_dir(name)
    job.collect(d, keep=["torchelastic"])
    write_label(d, "host", "infrastructure", {"node": "nid001235", "rank": 1}, "restart_without_node",
                "The first DCP save failed on rank 1 only (CheckpointException ranks:[1]) inside torch.save with "
                "'unexpected pos 704 vs 598', the signature of a short write; df -h on nid001235 shows its node-local "
                "checkpoint filesystem 100% full (leftovers of an old run) while the same mount has room on the other "
                "nodes. A full local disk on one node.",
                "https://github.com/awslabs/awsome-distributed-ai/pull/1225")


# ---------------------------------------------------------------------------- m09
@case
def m09_reviews_job_fails_on_every_rank_at_start():
    name = "m09-reviews-job-fails-on-every-rank-at-start"
    sh = shared_dir(name)
    datagen.reviews(sh / "reviews")
    nodes = [Node("reviews-ddp-worker-0", 2, console="pod.log"), Node("reviews-ddp-worker-1", 2, console="pod.log")]
    job = Job(name, None, nodes, "/srv/code/train_stream.py",
              ["--train-files", "/srv/shared/reviews_v2/train-*.jsonl", "--pg-timeout", "30"],
              rdzv="c10d", shared=sh)
    job.run(timeout=150)
    d = fresh_case_dir(name)
    job.collect(d)
    write_label(d, "user_code", "script", None, "stop",
                "Every rank on both nodes raised FileNotFoundError: no training files match "
                "'/srv/shared/reviews_v2/train-*.jsonl' while building the dataset. The configured dataset path does "
                "not exist for anyone: a wrong path in the job config, not a node or storage fault.",
                "https://github.com/fcdl94/MiBv2/issues/3")


# ---------------------------------------------------------------------------- m10
@case
def m10_kws_job_one_node_never_joins():
    name = "m10-kws-job-one-node-never-joins"
    sh = shared_dir(name)
    datagen.mfcc(sh / "kws/mfcc", n_shards=6, rows=128)
    bad = "a3-mega-05"
    nodes = [Node(h, 1, console="launcher.log", python_path="/srv/local/pylib")
             for h in ("a3-mega-02", "a3-mega-05", "a3-mega-09")]

    def setup(job):
        for n in nodes:
            (job.local_dir(n) / "pylib").mkdir(parents=True, exist_ok=True)
            if n.host != bad:
                datagen.specaug_pkg(job.local_dir(n) / "pylib")
    job = Job(name, None, nodes, "/srv/code/train_loguru.py",
              ["--augment", "LB", "--pg-timeout", "30", "--log-dir", "/srv/local/logs", "--micro-batch", "16",
               "--accum", "2"],
              log_dir="/srv/local/torchelastic", redirects="2", shared=sh)
    job.run(timeout=150, setup=setup)
    d = fresh_case_dir(name)
    job.collect(d, keep=["torchelastic", "logs"])
    write_label(d, "dependency", "infrastructure", {"node": bad, "rank": 1}, "restart_without_node",
                "Rank 1 on a3-mega-05 failed at import with ModuleNotFoundError: No module named 'specaug_cpu' "
                "(node-local package path); the same import succeeded on a3-mega-02 and a3-mega-09, which then "
                "timed out waiting for the missing rank in init_process_group. One node's environment is incomplete.",
                "https://github.com/deepspeedai/DeepSpeed/issues/3489")


# ---------------------------------------------------------------------------- m11
@case
def m11_forecast_job_exits_immediately():
    name = "m11-forecast-job-exits-immediately"
    sh = shared_dir(name)
    datagen.sensors(sh / "sensors/v3")
    nodes = [Node("hpc-gn-031", 2, console="run.log"), Node("hpc-gn-032", 2, console="run.log")]
    job = Job(name, None, nodes, "/srv/code/train_accel.py",
              ["--optimizer", "fused_adam", "--pg-timeout", "30"],
              rdzv="c10d", log_dir="/srv/local/torchelastic", tee="3", shared=sh)
    job.run(timeout=150)
    d = fresh_case_dir(name)
    job.collect(d, keep=["torchelastic"])
    write_label(d, "dependency", "framework", None, "stop",
                "All four ranks on both nodes failed building the optimizer: ModuleNotFoundError: No module named "
                "'apex' (from apex.optimizers import FusedAdam). The library is missing from the job's environment "
                "everywhere, so a restart cannot help.",
                "https://github.com/rwightman/efficientdet-pytorch/issues/46")


# ---------------------------------------------------------------------------- m12
@case
def m12_kws_resume_fails():
    name = "m12-kws-resume-fails"
    sh = shared_dir(name)
    datagen.mfcc(sh / "kws/mfcc", n_shards=4, rows=128)
    import torch
    from train_loguru import KwsResNet
    m = KwsResNet((16, 24, 32))
    (sh / "kws/ckpt").mkdir(parents=True, exist_ok=True)
    torch.save({"model": {"module." + k: v for k, v in m.state_dict().items()}, "epoch": 3},
               sh / "kws/ckpt/epoch3.pt")
    nodes = [Node("cn-d003", 1, console="stdout"), Node("cn-d004", 1, console="stdout")]
    job = Job(name, None, nodes, "/srv/code/train_loguru.py",
              ["--resume", "/srv/shared/kws/ckpt/epoch3.pt", "--pg-timeout", "30", "--log-dir", "/srv/local/logs"],
              shared=sh)
    job.run(timeout=150)
    d = fresh_case_dir(name)
    job.collect(d, keep=["logs"])
    write_label(d, "user_code", "script", None, "stop",
                "Both ranks failed in model.load_state_dict(): every key is missing and every key of the checkpoint "
                "is unexpected with a 'module.' prefix (saved from the DDP wrapper, loaded into the bare model). "
                "A checkpoint/loading bug in the user's code.",
                "https://github.com/pytorch/pytorch/issues/3805")


# ---------------------------------------------------------------------------- m13
@case
def m13_reviews_job_worker_killed():
    name = "m13-reviews-job-worker-killed"
    import uuid
    sh = shared_dir(name)
    datagen.reviews(sh / "reviews", n_files=4, per_file=700, huge_file=3, huge_start=380, huge_count=300,
                    huge_len=1_600_000)
    nodes = [Node(h, 1, console="container.log", mem_limit="700M",
                  memcg_name=f"kubepods/burstable/pod{uuid.uuid4()}/cri-containerd-{uuid.uuid4().hex}.scope")
             for h in ("ml-gpu-pool-7c9f2-0", "ml-gpu-pool-7c9f2-1")]
    job = Job(name, None, nodes, "/srv/code/train_stream.py",
              ["--keep-raw", "--shuffle-buffer", "256", "--num-workers", "2", "--pg-timeout", "60",
               "--max-steps", "60"],
              log_dir="/srv/local/elastic", redirects="3", shared=sh)
    def once():
        job.run(timeout=200, events=[sigterm_leftovers(job, 20)])
        return job
    retry(once, lambda j: "is killed by signal: Killed" in j.node_text("ml-gpu-pool-7c9f2-1")
          and sum("Killed process" in l for l in j.new_dmesg) == 1)
    d = fresh_case_dir(name)
    job.collect(d, keep=["elastic"], dmesg="kern.log")
    write_label(d, "oom", "framework", None, "stop",
                "A DataLoader worker of rank 1 was killed by signal: Killed; the node's kernel log shows the "
                "memory-cgroup OOM killer picking that worker pid. The job's own input pipeline (a 256-record "
                "shuffle buffer holding raw records) exhausted the container's memory limit.",
                "https://github.com/alibaba/Pai-Megatron-Patch/issues/583")


# ---------------------------------------------------------------------------- m14
@case
def m14_speech_job_survivors_wait_for_rendezvous():
    name = "m14-speech-job-survivors-wait-for-rendezvous"
    bad = "lambda-hyperplane-05"
    nodes = [Node(h, 1, console="agent.log", pidns=True)
             for h in ("lambda-hyperplane-04", "lambda-hyperplane-05", "lambda-hyperplane-06")]
    job = Job(name, None, nodes, "/srv/code/train_elastic_json.py",
              ["--steps", "200", "--eval-every", "20", "--pg-timeout", "40",
               "--log-file", "/srv/local/logs/rank{rank}.jsonl"],
              rdzv="c10d", max_restarts=1, rdzv_conf="join_timeout=45,last_call_timeout=5")
    job.run(timeout=300, events=[wait_for(r'"step": 40,', bad, kill_node(bad))])
    d = fresh_case_dir(name)
    job.collect(d, keep=["logs"])
    write_label(d, "host", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "lambda-hyperplane-05's agent and worker logs stop mid-step without any error (no traceback, no "
                "signal, no shutdown) while the workers on -04 and -06 lost their peer; after the restart the "
                "survivors waited at the rendezvous for the third node until the join timeout. The node went away.",
                "https://github.com/pytorch/pytorch/issues/67616",
                topology={"spine-1/leaf-7": ["lambda-hyperplane-04", "lambda-hyperplane-05"],
                          "spine-1/leaf-8": ["lambda-hyperplane-06"]})


# ---------------------------------------------------------------------------- m15
@case
def m15_churn_job_fails_before_training():
    name = "m15-churn-job-fails-before-training"
    sh = shared_dir(name)
    datagen.churn(sh / "data/churn")
    from harness import free_port
    port = free_port()
    ps = ["ps -eo pid,ppid,user,lstart,etime,stat,args --width 200 > /srv/local/diag/ps-ef.txt"]
    nodes = [Node("mlx-g8-11", 1, console="train.log", pidns=True, entry="/var/spool/slurmd/job05512/slurm_script",
                  pre=[f"( (cd /srv/local/share && exec setsid python -m http.server {port} --bind 0.0.0.0 "
                       ">/dev/null 2>&1 &) & )", "sleep 6"] + ps),
             Node("mlx-g8-12", 1, console="train.log", pidns=True, pre=ps,
                  entry="/var/spool/slurmd/job05512/slurm_script")]

    def setup(job):
        (job.local_dir(nodes[0]) / "share").mkdir(exist_ok=True)
        (job.local_dir(nodes[0]) / "share" / "notes.txt").write_text("eval plots\n")
    job = Job(name, None, nodes, "/srv/code/train_lit.py", ["--epochs", "1", "--pg-timeout", "30"],
              port=port, shared=sh)
    job.run(timeout=200, setup=setup, events=[sigterm_leftovers(job, 30)])
    d = fresh_case_dir(name)
    job.collect(d, drop=["share/*"])
    write_label(d, "host", "infrastructure", {"node": "mlx-g8-11", "rank": None}, "restart_without_node",
                "The torchrun agent on mlx-g8-11 (the master) could not bind the rendezvous port "
                "(DistNetworkError ... EADDRINUSE); ps on that node shows a leftover process listening on that "
                "port. mlx-g8-12 then timed out talking to it. A stale process on one node.",
                "https://github.com/meta-pytorch/torchtune/issues/1025")


# ---------------------------------------------------------------------------- m16
class _ObjStore(http.server.SimpleHTTPRequestHandler):
    resets: dict = {}

    def log_message(self, *a):
        pass

    def do_GET(self):
        key = self.path
        if key in self.resets and self.resets[key] > 0:
            self.resets[key] -= 1
            path = self.translate_path(self.path)
            size = os.path.getsize(path)
            self.send_response(200)
            self.send_header("Content-Length", str(size))
            self.end_headers()
            with open(path, "rb") as f:
                self.wfile.write(f.read(size // 3))
            self.wfile.flush()
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
            return
        return super().do_GET()


@case
def m16_forecast_job_restarts_once():
    name = "m16-forecast-job-restarts-once"
    root = WORK / name / "objstore"
    if root.exists():
        shutil.rmtree(root)
    datagen.sensors(root / "sensors/v3", n_shards=6, rows=320)
    from harness import free_port
    port = free_port()
    handler = lambda *a, **k: _ObjStore(*a, directory=str(root), **k)  # noqa: E731
    _ObjStore.resets = {"/sensors/v3/shard-00003.npz": 1}
    srv = socketserver.ThreadingTCPServer(("127.0.0.1", port), handler)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    nodes = [Node("pod-trainer-7f9c-0", 1, console="pod.log"), Node("pod-trainer-7f9c-1", 1, console="pod.log")]
    job = Job(name, None, nodes, "/srv/code/train_accel.py",
              ["--data", f"http://objstore.internal:{port}/sensors/v3", "--num-shards", "6", "--max-steps", "30",
               "--pg-timeout", "40", "--checkpointing-steps", "15", "--output-dir", "/srv/local/runs/forecast"],
              rdzv="c10d", max_restarts=2, log_dir="/srv/local/torchelastic", tee="3")
    job.extra_hosts = ["objstore.internal"]
    job.run(timeout=240)
    srv.shutdown()
    d = fresh_case_dir(name)
    job.collect(d, keep=["torchelastic"])
    write_label(d, "unknown", "framework", None, "none",
                "The first attempt lost a worker to ConnectionResetError while fetching a shard from the object store; "
                "torchrun restarted the worker group and the second attempt trained all 30 steps and exited 0 on both "
                "nodes. The job finished cleanly.",
                "https://github.com/workforce-data-initiative/skills-ml/issues/82")


# ---------------------------------------------------------------------------- m17
@case
def m17_llm_pretrain_restarts_and_gives_up():
    name = "m17-llm-pretrain-restarts-and-gives-up"
    sh = shared_dir(name)
    datagen.tokens(sh / "tokens/fineweb-mini.bin", n=200_000)
    nodes = [Node("gn15", 1, console="gn15.out"), Node("gn16", 1, console="gn16.out")]
    job = Job(name, None, nodes, "/srv/code/train_fsdp2.py",
              ["--steps", "40", "--eval-interval", "10", "--eval-seq-len", "128", "--pg-timeout", "30"],
              rdzv="c10d", max_restarts=2, shared=sh)

    def once():
        job.run(timeout=300)
        return job
    retry(once, lambda j: all(j.console_text(h).count("IndexError: index out of range") == 3 for h in j.procs),
          tries=2)
    d = fresh_case_dir(name)
    job.collect(d)
    write_label(d, "user_code", "script", None, "stop",
                "Each of the three attempts failed at the first validation (step 10) on every rank with "
                "IndexError: index out of range in self from the position embedding: --eval-seq-len 128 exceeds "
                "the model's max sequence length (64). Deterministic config error; restarts cannot fix it.",
                "https://github.com/bentrevett/pytorch-seq2seq/issues/69")


# ---------------------------------------------------------------------------- m18
@case
def m18_kws_training_run():
    name = "m18-kws-training-run"
    sh = shared_dir(name)
    datagen.mfcc(sh / "kws/mfcc", n_shards=8, rows=128)
    nodes = [Node("h100-sxm-r1u05", 2, console="torchrun.log"), Node("h100-sxm-r1u07", 2, console="torchrun.log")]
    job = Job(name, None, nodes, "/srv/code/train_loguru.py",
              ["--micro-batch", "16", "--accum", "2", "--epochs", "3", "--pg-timeout", "60",
               "--save", "/srv/shared/kws/ckpt/final.pt", "--log-dir", "/srv/local/logs"],
              log_dir="/srv/local/torchelastic", tee="3", shared=sh)
    job.run(timeout=300)
    d = fresh_case_dir(name)
    job.collect(d, keep=["torchelastic", "logs"])
    write_label(d, "unknown", "framework", None, "none",
                "Both epochs completed on all four ranks, the checkpoint was saved and every worker exited 0; the "
                "warnings in the logs are benign. Nothing to fix.",
                "https://github.com/karpathy/nanoGPT/issues/635")


# ---------------------------------------------------------------------------- m19
@case
def m19_pipeline_job_aborts_mid_run():
    name = "m19-pipeline-job-aborts-mid-run"
    sh = shared_dir(name)
    datagen.docs(sh / "corpus/docs.npz", seed=6, short_frac=0.02)
    nodes = [Node("kestrel-g07", 2, console="output.txt"), Node("kestrel-g08", 2, console="output.txt")]
    job = Job(name, None, nodes, "/srv/code/train_pipe.py",
              ["--train-iters", "40", "--distributed-timeout-minutes", "0.5"], shared=sh)
    job.run(timeout=200)
    d = fresh_case_dir(name)
    job.collect(d)
    write_label(d, "user_code", "script", None, "stop",
                "A last-stage rank aborted in gloo with 'op.preamble.length <= op.nbytes ... Received data size "
                "doesn't match expected size. Is there a distributed collective mismatch in your code?': stage 0 "
                "sent a longer activation than the receiver's fixed-size buffer (the packer emitted a sequence over "
                "--seq-length). A send/recv shape bug in the pipeline code.",
                "https://github.com/pytorch/gloo/pull/456")


# ---------------------------------------------------------------------------- m20
@case
def m20_speech_job_hits_time_limit():
    name = "m20-speech-job-hits-time-limit"
    slow = "gpu-q-018"
    top = ["(sleep 40; top -b -c -n 1 -w 200 > /srv/local/diag/top.txt) &"]
    hog = ["(cd /srv/local && for i in 1 2; do nohup python /srv/code/preprocess_shards.py --in /srv/local/raw "
           "--out /srv/local/shards --part $i > /dev/null 2>&1 & done)"]
    ent = "/var/spool/slurmd/job88123/slurm_script"
    nodes = [Node("gpu-q-017", 1, console="slurm.out", pidns=True, pre=top, entry=ent),
             Node(slow, 1, console="slurm.out", pidns=True, pre=hog + top, entry=ent, cpu_quota_pct=90),
             Node("gpu-q-019", 1, console="slurm.out", pidns=True, pre=top, entry=ent)]
    job = Job(name, None, nodes, "/srv/code/train_elastic_json.py",
              ["--steps", "2000", "--eval-every", "50", "--pg-timeout", "60", "--report-every", "5", "--batch-size", "16",
               "--log-file", "/srv/local/logs/{host}-rank{rank}.jsonl"])
    job.run(timeout=240, events=[after(110, sigterm_all_agents)])
    d = fresh_case_dir(name)
    job.collect(d, keep=["logs"])
    write_label(d, "straggler", "infrastructure", {"node": slow, "rank": 1}, "restart_without_node",
                "No error: every report shows rank 1 (gpu-q-018) as slowest_rank with a forward time several times "
                "the others' (fwd_s_by_rank), and the whole job crawled until the time limit killed it. top on gpu-q-018 shows "
                "leftover preprocess_shards.py processes eating the CPU the rank was pinned to.",
                "https://github.com/deepspeedai/DeepSpeed/issues/1617",
                topology={"ib-leaf-03": ["gpu-q-017", "gpu-q-018", "gpu-q-019"]})


# ---------------------------------------------------------------------------- m21
class _ObjStoreOutage(http.server.SimpleHTTPRequestHandler):
    """Serves the first `ok` GETs, then answers every request with 503 Slow Down."""
    ok = 0
    lock = threading.Lock()

    def log_message(self, *a):
        pass

    def do_GET(self):
        with self.lock:
            served = _ObjStoreOutage.ok > 0
            _ObjStoreOutage.ok -= 1
        if served:
            return super().do_GET()
        body = (b'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SlowDown</Code>'
                b'<Message>Please reduce your request rate.</Message></Error>')
        self.send_response(503, "Slow Down")
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@case
def m21_forecast_job_fails_reading_shards():
    name = "m21-forecast-job-fails-reading-shards"
    root = WORK / name / "objstore"
    if root.exists():
        shutil.rmtree(root)
    datagen.sensors(root / "sensors/v3", n_shards=8, rows=320)
    from harness import free_port
    port = free_port()
    handler = lambda *a, **k: _ObjStoreOutage(*a, directory=str(root), **k)  # noqa: E731
    _ObjStoreOutage.ok = 4
    srv = socketserver.ThreadingTCPServer(("127.0.0.1", port), handler)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    nodes = [Node("ws-train-01", 2, console="launch.log"), Node("ws-train-02", 2, console="launch.log")]
    job = Job(name, None, nodes, "/srv/code/train_accel.py",
              ["--data", f"http://objstore.internal:{port}/sensors/v3", "--num-shards", "8", "--max-steps", "40",
               "--pg-timeout", "30", "--output-dir", "/srv/local/runs/forecast"],
              rdzv="c10d", max_restarts=1, log_dir="/srv/local/elastic", redirects="3")
    job.extra_hosts = ["objstore.internal"]
    job.run(timeout=200)
    srv.shutdown()
    d = fresh_case_dir(name)
    job.collect(d, keep=["elastic"])
    write_label(d, "storage", "infrastructure", None, "restart",
                "All four ranks on both nodes failed fetching their next shard with urllib HTTPError 503 'Slow Down' "
                "from the object-store gateway, and the restarted attempt got the same 503 on its very first fetch. "
                "The shared object store is failing for every node; nothing points at the job or at one node.",
                "https://github.com/huggingface/datatrove/issues/302")


# ---------------------------------------------------------------------------- m22
@case
def m22_pipeline_job_never_starts():
    name = "m22-pipeline-job-never-starts"
    sh = shared_dir(name)
    datagen.docs(sh / "corpus/docs.npz", seed=6, short_frac=0.0)
    nodes = [Node("c-041", 2, console="c-041.log"), Node("c-042", 2, console="c-042.log",
                                                         env={"GLOO_SOCKET_IFNAME": "ib0"})]
    job = Job(name, None, nodes, "/srv/code/train_pipe.py",
              ["--train-iters", "40", "--distributed-timeout-minutes", "0.5"], shared=sh)
    job.run(timeout=200)
    d = fresh_case_dir(name)
    job.collect(d)
    write_label(d, "network", "infrastructure", {"node": "c-042", "rank": None}, "restart_without_node",
                "Both ranks on c-042 failed in init_process_group: gloo 'Unable to find address for: ib0' (the "
                "interface the job binds to does not exist on that node); c-041's ranks only time out waiting "
                "for them. A missing/down NIC on one node.",
                "https://github.com/horovod/horovod/issues/1341",
                topology={"ib-sw-2": ["c-041", "c-042"]})


# ---------------------------------------------------------------------------- m23
@case
def m23_llm_pretrain_stalls_then_times_out():
    name = "m23-llm-pretrain-stalls-then-times-out"
    sh = shared_dir(name)
    datagen.tokens(sh / "tokens/fineweb-mini.bin", n=200_000)
    nodes = [Node("inst-gpu-a100-1", 2, console="torchrun.log"), Node("inst-gpu-a100-2", 1, console="torchrun.log")]
    state = {}

    def stop(job):
        # the rank on inst-gpu-a100-2 stops being scheduled (frozen process), then comes back
        pids = worker_pids("train_fsdp2.py", host="inst-gpu-a100-2")
        print(f"[capture] SIGSTOP {pids}", file=sys.stderr)
        state["pids"] = pids
        for p in pids:
            os.kill(p, signal.SIGSTOP)

    def cont_when_peers_failed(job):
        if "pids" not in state or "Timed out waiting" not in job.node_text("inst-gpu-a100-1"):
            return False
        print(f"[capture] SIGCONT {state['pids']}", file=sys.stderr)
        for p in state["pids"]:
            try:
                os.kill(p, signal.SIGCONT)
            except ProcessLookupError:
                pass
        return True
    job = Job(name, None, nodes, "/srv/code/train_fsdp2.py",
              ["--steps", "300", "--pg-timeout", "30", "--log-freq", "5"],
              rdzv="c10d", log_dir="/srv/local/torchelastic", tee="3", shared=sh)
    job.run(timeout=240, events=[wait_for(r"step: 25 ", "inst-gpu-a100-1", stop), cont_when_peers_failed])
    d = fresh_case_dir(name)
    job.collect(d, keep=["torchelastic"])
    write_label(d, "hang", "infrastructure", None, "restart",
                "Every rank logged step 25 and then nothing; about 30 s later the ranks on both nodes failed with gloo "
                "'Timed out waiting 30000ms' (and the follow-on peer-closed errors / SIGTERM) in the same collective. "
                "No traceback, stack dump or kernel message says which rank stopped first or why.",
                "https://github.com/NVIDIA/nccl/issues/1111")


# ---------------------------------------------------------------------------- m24
@case
def m24_forecast_job_fails_at_checkpoint_barrier():
    name = "m24-forecast-job-fails-at-checkpoint-barrier"
    sh = shared_dir(name)
    datagen.sensors(sh / "sensors/v3", n_shards=8, rows=320)
    nodes = [Node("slurm-compute-0007", 2, console="slurm-5512.out"),
             Node("slurm-compute-0011", 2, console="slurm-5512.out")]

    def setup(job):
        c = job.local_dir(nodes[1]) / "cache/forecast"
        c.mkdir(parents=True, exist_ok=True)
        os.mkfifo(c / "reader-rank3.state")
    job = Job(name, None, nodes, "/srv/code/train_accel.py",
              ["--max-steps", "40", "--checkpointing-steps", "15", "--barrier-timeout", "20", "--pg-timeout", "90",
               "--output-dir", "/srv/shared/runs/forecast"],
              shared=sh)
    job.run(timeout=240, setup=setup, events=[sigterm_leftovers(job, 20)])
    d = fresh_case_dir(name)
    job.collect(d, drop=["cache/*"])
    write_label(d, "hang", "infrastructure", {"node": "slurm-compute-0011", "rank": 3}, "run_diagnostics",
                "At the step-15 checkpoint, rank 0's monitored_barrier reported that rank 3 (slurm-compute-0011) "
                "failed to pass within 20000 ms; every other rank reached it. Nothing in the logs says what rank 3 "
                "was doing (no traceback, no hardware message).",
                "https://github.com/huggingface/trl/issues/2923")


# ============================================================================ checks
# After a capture, each case must still show the evidence its label is based on
# (glob relative to the case folder, regex that must match in at least one such file).
EXPECT = {
    "m01": [("gpu-a100-021/stdout.log", r"KeyError: 'enterprise_2026'")],
    "m02": [("node0412/job.out", r"Is there a distributed collective mismatch"),
            ("node0412/job.out", r"validating at step 6")],
    "m03": [("dgx-b7-0*/dmesg.txt", r"Memory cgroup out of memory: Killed process"),
            ("dgx-b7-0*/torchrun.log", r"exitcode\s*: -9")],
    "m04": [("attempt_0/ip-10-42-3-52/console.log", r"exitcode\s*: -11"),
            ("attempt_1/ip-10-42-3-52/console.log", r"exitcode\s*: -11")],
    "m05": [("attempt_0/*/slurm-*.out", r"Non-finite loss at step 12"),
            ("attempt_1/*/slurm-*.out", r"Non-finite loss at step 12")],
    "m06": [("attempt_0/trn-r3-n01/**/*", r"NanGuard: training loss is nan"),
            ("attempt_1/trn-r3-n01/**/*", r"NanGuard: training loss is nan")],
    "m07": [("sc-h100-0124/stderr.log", r"\[default1\]:  File .* in read_manifest")],
    "m08": [("nid001235/df-h.txt", r"100% /srv/local/checkpoint"),
            ("nid001234/torchrun.out", r"CheckpointException ranks:dict_keys\(\[1\]\)")],
    "m09": [("*/pod.log", r"no training files match")],
    "m10": [("a3-mega-05/**/*", r"No module named 'specaug_cpu'")],
    "m11": [("*/run.log", r"No module named 'apex'")],
    "m12": [("*/stdout", r"Unexpected key\(s\) in state_dict: \"module\.")],
    "m13": [("ml-gpu-pool-7c9f2-1/kern.log", r"Killed process \d+ \(pt_data_worker\)"),
            ("ml-gpu-pool-7c9f2-1/**/*", r"is killed by signal: Killed")],
    "m14": [("lambda-hyperplane-04/agent.log", r"RendezvousTimeoutError")],
    "m15": [("mlx-g8-11/train.log", r"EADDRINUSE"), ("mlx-g8-11/ps-ef.txt", r"http\.server")],
    "m16": [("*/**/stderr.log", r"ConnectionResetError"), ("pod-trainer-7f9c-0/pod.log", r"Training finished after 30")],
    "m17": [("gn15/gn15.out", r"(?s)(IndexError: index out of range in self.*){3}")],
    "m18": [("h100-sxm-r1u05/torchrun.log", r"training finished")],
    "m19": [("kestrel-g08/output.txt", r"op\.preamble\.length <= op\.nbytes")],
    "m20": [("gpu-q-018/top.txt", r"preprocess_shards\.py"), ("gpu-q-017/logs/*", r'"slowest_rank": 1')],
    "m21": [("ws-train-01/**/stderr.log", r"HTTP Error 503: Slow Down"),
            ("ws-train-02/**/stderr.log", r"HTTP Error 503: Slow Down")],
    "m22": [("c-042/c-042.log", r"Unable to find address for: ib0")],
    "m23": [("inst-gpu-a100-1/torchrun.log", r"Timed out waiting 30000ms")],
    "m24": [("slurm-compute-0007/slurm-5512.out", r"Rank 3 failed to pass monitoredBarrier")],
}


def check(names=None):
    import glob
    import re
    bad = 0
    for d in sorted(CASES.iterdir()):
        key = d.name.split("-")[0]
        if names and key not in names:
            continue
        for pat, rx in EXPECT.get(key, []):
            files = [f for f in glob.glob(str(d / pat), recursive=True) if os.path.isfile(f)]
            ok = any(re.search(rx, Path(f).read_text(errors="replace")) for f in files)
            bad += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {d.name}: {pat} ~ {rx}", file=sys.stderr)
    return bad


# ============================================================================ main
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
