"""Capture the corpus_set24 bundles.

    python tools/capture.py h05          # (re)capture one case (by prefix)
    python tools/capture.py all          # every case, one at a time
    python tools/capture.py --check      # validate every cases/*/label.json
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import (CASES, HERE, WORK, Job, Node, after, agent_pids, sh, wait_for,  # noqa: E402
                     worker_pids)

CATS = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
        "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
REGISTRY = {}


def case(name, label):
    def deco(fn):
        REGISTRY[name] = (fn, label)
        return fn
    return deco


def lab(category, layer, culprit, action, rationale, url):
    return {"category": category, "layer": layer, "culprit": culprit, "action": action,
            "rationale": rationale, "modelled_on": url}


def out_dir(name) -> Path:
    d = CASES / name
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    return d


PS = "ps -eo pid,ppid,user,stat,wchan:20,pcpu,rss,etime,args --sort=-rss"


# --------------------------------------------------------------------------- h09
@case("h09_log_full_of_warnings_and_odd_timestamps", lab(
    "unknown", "framework", None, "none",
    "All three nodes ran the 40 steps to the end and every agent reports the workers succeeded; the "
    "FutureWarning/UserWarning lines and the nine-hour timestamp offset of sky-ml-203 (TZ=Asia/Tokyo) are "
    "noise, not a failure.",
    "https://pytorch.org/docs/stable/amp.html"))
def h09(name):
    nodes = [Node("sky-ml-117", nproc=1, console="launcher.out"),
             Node("sky-ml-042", nproc=1, console="launcher.out"),
             Node("sky-ml-203", nproc=1, console="launcher.out", env={"TZ": "Asia/Tokyo"},
                  pre=["export TZ=Asia/Tokyo", "date > /srv/local/diag/prolog-date.txt"])]
    for n in nodes:
        n.post = ["date > /srv/local/diag/epilog-date.txt"]
    job = Job(name, None, nodes, "/srv/code/train_hf.py", [], rdzv="c10d", tee="3",
              log_dir="/srv/local/torchrun_logs", env={"NOISY": "1", "MAX_STEPS": "40", "SAVE_STEPS": "20",
                                                      "OUTPUT_DIR": "/srv/shared/run_0419"},
              rdzv_conf="join_timeout=60")
    job.run(timeout=150)
    job.collect(out_dir(name), keep=["torchrun_logs"])


# --------------------------------------------------------------------------- h01
TOKENS = "mkdir -p /srv/local/cache && head -c {mb}M /dev/urandom > /srv/local/cache/tokens.bin"


@case("h01_training_died_signal_9_no_python_error", lab(
    "oom", "infrastructure", {"node": "cn-a11", "rank": 2}, "restart_without_node",
    "Rank 2 on cn-a11 was SIGKILLed with no Python traceback while the other nodes only saw the peer vanish; "
    "cn-a11's kernel log shows the node's memory cgroup OOM killer choosing the rank (~330 MB) while a foreign "
    "cache-warmer process owned by another user (nobody, /opt/tenant/...) held ~820 MB, so another workload ate the node's memory.",
    "https://github.com/cBio/cbio-cluster/issues/232"))
def h01(name):
    # the training pod is Burstable (kubelet gives it oom_score_adj 936); the cache warmer is not
    hog = ("(sleep 8; exec setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/python3 "
           "/opt/tenant/embed_cache_warm.py 48 800 0.25) >/dev/null 2>&1 & echo 936 > /proc/self/oom_score_adj")
    pre = ["mount -t tmpfs -o size=1m tmpfs /opt", "mkdir -p /opt/tenant",
           "mount --bind /srv/code/tenant /opt/tenant", TOKENS.format(mb=4)]
    post = [f"{PS} > /srv/local/diag/epilog-ps.txt", "free -m >> /srv/local/diag/epilog-ps.txt"]
    nodes = [Node("cn-a07", console="slurm-4417.out", pre=pre[3:], post=post, pidns=True),
             Node("cn-a03", console="slurm-4417.out", pre=pre[3:], post=post, pidns=True),
             Node("cn-a11", console="slurm-4417.out", pre=pre + [hog], post=post, mem_limit="1200M",
                  pidns=True),
             Node("cn-a14", console="slurm-4417.out", pre=pre[3:], post=post, pidns=True)]
    job = Job(name, None, nodes, "/srv/code/train_plain.py", [],
              env={"STEPS": "120", "HIDDEN": "128", "STEP_SLEEP": "0", "TRAIN_PG_TIMEOUT": "30"})
    job.run(timeout=110)
    job.collect(out_dir(name), dmesg={"cn-a11": "kern.log"})


# --------------------------------------------------------------------------- h05
@case("h05_requeued_job_crashes_at_startup_loading_checkpoint", lab(
    "user_code", "script", None, "stop",
    "attempt_0 trained with hidden_size 64 and saved iter 20 before the scheduler's SIGTERM; the requeued "
    "attempt_1 was launched with --hidden-size 96 and every rank fails in load_state_dict with size mismatches, "
    "a configuration change by the user, not a node problem.",
    "https://pytorch.org/tutorials/beginner/saving_loading_models.html"))
def h05(name):
    out = out_dir(name)
    shared = WORK / name / "shared"
    if shared.exists():
        shutil.rmtree(shared)
    hosts = ["p4d-st-17", "p4d-st-09"]
    common = ["--train-iters", "60", "--log-interval", "5", "--save", "/srv/shared/ckpt/gpt-small",
              "--load", "/srv/shared/ckpt/gpt-small", "--save-interval", "10"]
    for att, order, hidden in (("attempt_0", hosts, "64"), ("attempt_1", hosts[::-1], "96")):
        nodes = [Node(h, nproc=2, console="job.log") for h in order]
        job = Job(name, att, nodes, "/srv/code/pretrain_gpt.py", ["--hidden-size", hidden] + common,
                  env={"TRAIN_PG_TIMEOUT": "30"}, shared=shared)

        def preempt(j):
            for n in j.nodes:
                for pid in agent_pids(n.host):
                    os.kill(pid, 15)
        ev = [wait_for(r"iteration\s+25/", hosts[0], preempt)] if att == "attempt_0" else []
        job.run(timeout=100, events=ev)
        job.collect(out / att)


# --------------------------------------------------------------------------- h06
@case("h06_failed_again_after_requeue_import_error", lab(
    "dependency", "infrastructure", {"node": "ip-10-1-4-77", "rank": None}, "restart_without_node",
    "In both attempts the only failing worker is the one on ip-10-1-4-77 (rank 1, then rank 0 after the node "
    "order changed): its node-local copy of libfastjsonl.so fails to load ('invalid ELF header'; its sha256 in the prolog listing "
    "differs from the other nodes') while the same package loads on every other node, so the broken install follows that node.",
    "https://docs.python.org/3/library/ctypes.html#loading-shared-libraries"))
def h06(name):
    out = out_dir(name)
    pkg = Path(__file__).resolve().parent / "pkgs" / "fastjsonl"
    if not (pkg / "libfastjsonl.so").exists():  # a build product, not checked in
        subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-o", str(pkg / "libfastjsonl.so"),
                        str(pkg / "fj.c")], check=True)
    good = ["mkdir -p /srv/local/pyenv && cp -r /srv/code/pkgs/fastjsonl /srv/local/pyenv/",
            "cd /srv/local/pyenv && ls -l fastjsonl/ > /srv/local/diag/prolog-pyenv.txt && sha256sum fastjsonl/* >> /srv/local/diag/prolog-pyenv.txt; cd /srv/local"]
    bad = ["mkdir -p /srv/local/pyenv/fastjsonl && cp /srv/code/pkgs/fastjsonl/__init__.py /srv/local/pyenv/fastjsonl/",
           "truncate -s $(stat -c %s /srv/code/pkgs/fastjsonl/libfastjsonl.so) /srv/local/pyenv/fastjsonl/libfastjsonl.so",
           "cd /srv/local/pyenv && ls -l fastjsonl/ > /srv/local/diag/prolog-pyenv.txt && sha256sum fastjsonl/* >> /srv/local/diag/prolog-pyenv.txt; cd /srv/local"]
    data = WORK / name / "shared" / "data"
    data.mkdir(parents=True, exist_ok=True)
    (data / "train.jsonl").write_text("".join('{"id": %d, "text": "sample %d"}\n' % (i, i) for i in range(64)))
    for att, order in (("attempt_0", ["ip-10-1-4-12", "ip-10-1-4-77", "ip-10-1-5-3"]),
                       ("attempt_1", ["ip-10-1-4-77", "ip-10-1-5-3", "ip-10-1-6-40"])):
        nodes = [Node(h, console="stdout.txt", pre=bad if h == "ip-10-1-4-77" else good) for h in order]
        job = Job(name, att, nodes, "/srv/code/lit_train.py", [], rdzv="c10d", rdzv_conf="join_timeout=40",
                  env={"PYTHONPATH": "/srv/local/pyenv", "EPOCHS": "2", "STEPS_PER_EPOCH": "10"},
                  log_dir="/srv/local/logs", redirects="3")
        job.run(timeout=90)
        job.collect(out / att, keep=["logs"])


# --------------------------------------------------------------------------- h07
@case("h07_aborts_at_first_logging_step", lab(
    "user_code", "script", None, "stop",
    "Steps 1-9 run, then at the first logging step (metric reduction) gloo aborts rank 0 with 'Received data "
    "size doesn't match expected size ... collective mismatch in your code' and the other ranks only see the "
    "peer close: the ranks issued different collectives (the metrics are reduced in per-process set order).",
    "https://github.com/pytorch/gloo/pull/456"))
def h07(name):
    nodes = [Node(h, console="train.log") for h in ("node-c", "node-a", "node-d")]
    job = Job(name, None, nodes, "/srv/code/train_titan.py", ["--steps", "30", "--log-freq", "10",
              "--extra-metrics", "lr_hist,tok_hist"], env={"TRAIN_PG_TIMEOUT": "25"}, rdzv="c10d",
              rdzv_conf="join_timeout=40")
    job.run(timeout=90)
    job.collect(out_dir(name))


# --------------------------------------------------------------------------- h08
@case("h08_job_restarted_itself_twice_then_finished", lab(
    "unknown", "framework", None, "none",
    "Rank 1's prefetch spill on gn-0311 failed twice at step 1 (torch.save 'unexpected pos', a briefly full "
    "local scratch) and torchrun (--max-restarts 2) restarted the worker group each time; the third round ran "
    "all 40 steps and every agent exited 0, so the job recovered by itself.",
    "https://pytorch.org/docs/stable/elastic/run.html"))
def h08(name):
    # another job's shuffle spill lands on gn-0311's scratch for ~10 s, then its own cleanup removes it
    other = ("(sleep 4; mkdir -p /srv/local/scratch/job_88107 && chown 65534 /srv/local/scratch/job_88107 && "
             "setpriv --reuid=65534 --regid=65534 --clear-groups dd if=/dev/zero "
             "of=/srv/local/scratch/job_88107/shuffle.bin bs=1M count=22; sleep 10; "
             "rm -rf /srv/local/scratch/job_88107) >/dev/null 2>&1 &")
    nodes = [Node("gn-0308", console="torchrun.log", tmpfs={"scratch": "24m"}),
             Node("gn-0311", console="torchrun.log", tmpfs={"scratch": "24m"},
                  pre=[other]),
             Node("gn-0315", console="torchrun.log", tmpfs={"scratch": "24m"})]
    shared = WORK / name / "shared"
    if shared.exists():
        shutil.rmtree(shared)
    job = Job(name, None, nodes, "/srv/code/train_hf.py", [], rdzv="c10d", rdzv_conf="join_timeout=40",
              max_restarts=2, shared=shared,
              env={"MAX_STEPS": "40", "SAVE_STEPS": "10", "SPILL_KB": "2048", "STEP_SLEEP": "0.2",
                   "OUTPUT_DIR": "/srv/shared/out", "TRAIN_PG_TIMEOUT": "30"})
    job.run(timeout=110)
    job.collect(out_dir(name))


# --------------------------------------------------------------------------- h10
@case("h10_job_hangs_at_startup_rendezvous_timeout", lab(
    "user_code", "script", None, "stop",
    "The agents' launch config says min_nodes=max_nodes=4 while the job banner shows SLURM_NNODES=3; all three "
    "agents wait in the c10d rendezvous and end with RendezvousTimeoutError/RendezvousClosedError, a job-script "
    "mistake (--nnodes does not match the allocation), not a missing or broken node.",
    "https://pytorch.org/docs/stable/elastic/rendezvous.html"))
def h10(name):
    hosts = ("a100-r07-u12", "a100-r07-u14", "a100-r02-u08")
    banner = [f"export SLURM_JOB_ID=77812 SLURM_NNODES=3 SLURM_JOB_NODELIST={','.join(hosts)}",
              'echo "job $SLURM_JOB_ID: $SLURM_NNODES nodes ($SLURM_JOB_NODELIST), this is $(hostname), $(date -Is)"']
    nodes = [Node(h, console="output.log", pre=banner) for h in hosts]
    job = Job(name, None, nodes, "/srv/code/lit_train.py", [], rdzv="c10d", nnodes=4,
              rdzv_conf="join_timeout=25", env={"DATA_READER": "plain", "LOGLEVEL": "INFO"})
    job.run(timeout=80)
    job.collect(out_dir(name))


# --------------------------------------------------------------------------- h11
@case("h11_checkpoint_save_failed_no_space_left", lab(
    "storage", "infrastructure", {"node": "tc-n23", "rank": None}, "restart_without_node",
    "Both ranks of tc-n23 (4 and 5) fail in torch.save of their first local shard ('unexpected pos 64 vs 0', "
    "iostream error: the write hit a full disk) while the other nodes' ranks only see peers vanish; tc-n23's "
    "epilogue shows /srv/local/scratch 100% used by another user's job directory (job_51234, uid 65534).",
    "https://github.com/YuanGongND/ast/issues/30"))
def h11(name):
    post = ["{ date; df -h /srv/local/scratch; echo; du -sh /srv/local/scratch/* 2>/dev/null; echo; "
            "ls -ln /srv/local/scratch; } > /srv/local/diag/epilog_scratch.txt 2>&1"]
    filler = ("(sleep 10; mkdir -p /srv/local/scratch/job_51234 && chown 65534 /srv/local/scratch/job_51234 && "
              "exec setpriv --reuid=65534 --regid=65534 --clear-groups dd if=/dev/zero "
              "of=/srv/local/scratch/job_51234/spill_000.tmp bs=256k count=200) >/dev/null 2>&1 &")
    nodes = [Node(h, nproc=2, console="run.out", tmpfs={"scratch": "40m"}, post=post,
                  pre=[filler] if h == "tc-n23" else []) for h in ("tc-n21", "tc-n22", "tc-n23", "tc-n24")]
    job = Job(name, None, nodes, "/srv/code/train_log.py", [],
              env={"STEPS": "60", "SHARD_EVERY": "10", "STEP_SLEEP": "0.05", "TRAIN_PG_TIMEOUT": "30",
                   "OMP_NUM_THREADS": "1"})
    job.run(timeout=110)
    job.collect(out_dir(name))


# --------------------------------------------------------------------------- h12
@case("h12_killed_by_oom_on_different_node_after_requeue", lab(
    "oom", "framework", None, "stop",
    "Each attempt dies the same way at a similar iteration: a rank is SIGKILLed by its node's memory-cgroup OOM "
    "killer, on a different node each time, and the per-rank 'max rss' lines grow ~6 MB every iteration on every "
    "rank (--keep-activations-for-debug), so the job's own memory growth is the cause.",
    "https://github.com/pytorch/pytorch/issues/13246"))
def h12(name):
    out = out_dir(name)
    for att, order in (("attempt_0", ["hgx-2b-03", "hgx-2b-06"]), ("attempt_1", ["hgx-2b-06", "hgx-2b-03"])):
        nodes = [Node(h, nproc=2, console="megatron.log", mem_limit="1500M", pidns=True) for h in order]
        job = Job(name, att, nodes, "/srv/code/pretrain_gpt.py",
                  ["--train-iters", "300", "--log-interval", "10", "--keep-activations-for-debug"],
                  env={"TRAIN_PG_TIMEOUT": "30", "OMP_NUM_THREADS": "1"}, redirects="0")
        job.run(timeout=110)
        job.collect(out / att, dmesg="kernel.log")


# --------------------------------------------------------------------------- h04
@case("h04_rank_dies_with_bus_error", lab(
    "storage", "infrastructure", {"node": "hpc-c2-05", "rank": 1}, "restart_without_node",
    "Rank 1 on hpc-c2-05 dies with SIGBUS while reading its mmapped node-local token cache; that node's "
    "syslog shows the node's cache-janitor truncating /srv/local/cache/tokens.bin during the run, a node-local "
    "service fault, not the application.",
    "https://github.com/python/cpython/issues/148650"))
def h04(name):
    janitor = ("(sleep 12; echo \"$(date '+%b %d %H:%M:%S') $(hostname) cache-janitor[$$]: quota sweep: "
               "/srv/local/cache over soft limit, reclaiming\"; ls -l /srv/local/cache; truncate -s 65536 "
               "/srv/local/cache/tokens.bin && echo \"$(date '+%b %d %H:%M:%S') $(hostname) cache-janitor[$$]: "
               "truncated /srv/local/cache/tokens.bin to 64K\") >> /srv/local/diag/syslog 2>&1 &")
    health = ("echo \"$(date '+%b %d %H:%M:%S') $(hostname) node-health[$$]: prolog checks passed\" "
              ">> /srv/local/diag/syslog")
    mk = [TOKENS.format(mb=6), health]
    nodes = [Node("hpc-c2-01", pre=mk, console="job.stdout"),
             Node("hpc-c2-05", pre=mk + [janitor], console="job.stdout"),
             Node("hpc-c2-02", pre=mk, console="job.stdout")]
    job = Job(name, None, nodes, "/srv/code/train_plain.py", [],
              env={"STEPS": "150", "STEP_SLEEP": "0.05", "TRAIN_PG_TIMEOUT": "30"})
    job.run(timeout=100)
    job.collect(out_dir(name))


# --------------------------------------------------------------------------- h02
NETSNAP = "date; ip -s link show eth0; ip -br addr show; ss -tn state established | head -20"


@case("h02_all_ranks_timeout_in_allreduce_mid_run", lab(
    "network", "infrastructure", {"node": "trn-r3-n05", "rank": None}, "restart_without_node",
    "After ~40 healthy iterations every rank on every node times out in gloo; the on-call link snapshots taken "
    "during the stall show eth0 of trn-r3-n05 without carrier (NO-CARRIER, state DOWN) while the other nodes' "
    "links are up, so trn-r3-n05 lost its link.",
    "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"))
def h02(name):
    hosts = [("trn-r3-n02", "10.24.0.12"), ("trn-r3-n05", "10.24.0.15"), ("trn-r3-n04", "10.24.0.14")]
    nodes = [Node(h, console="stdout.log", netns=True, ip=ip) for h, ip in hosts]
    job = Job(name, None, nodes, "/srv/code/pretrain_gpt.py",
              ["--train-iters", "2000", "--log-interval", "10", "--micro-batch-size", "4"],
              env={"TRAIN_PG_TIMEOUT": "25"}, log_dir="/srv/local/torchrun", tee="3")

    def link_down(j):
        sh(f"ip link set {j.veth(j.node('trn-r3-n05'))} down")
        j._down = time.time()

    def snap(j):
        for n in j.nodes:
            j.snapshot(n.host, {"oncall-net.txt": NETSNAP})
    job.run(timeout=100, events=[wait_for(r"iteration\s+40/", "trn-r3-n02", link_down, source="console"),
                                 wait_for(r"iteration\s+40/", "trn-r3-n02",
                                          lambda j: (time.sleep(8), snap(j)), source="console")])
    job.collect(out_dir(name), keep=["torchrun"])


# --------------------------------------------------------------------------- h03
@case("h03_training_much_slower_than_last_week", lab(
    "straggler", "infrastructure", {"node": "ml-gpu-b12", "rank": None}, "restart_without_node",
    "The run finishes but every iteration is dominated by all-grads-sync time on all ranks; the per-node network "
    "check shows ml-gpu-b12's eth0 behind a tbf shaper at 20 Mbit with heavy overlimits while the other nodes "
    "have no qdisc, so one node's link throttles the whole data-parallel group.",
    "https://man7.org/linux/man-pages/man8/tc-tbf.8.html"))
def h03(name):
    hosts = [("ml-gpu-b07", "10.24.0.7"), ("ml-gpu-b12", "10.24.0.12"), ("ml-gpu-b03", "10.24.0.3")]
    nodes = [Node(h, console="train-%s.log" % h[-3:], netns=True, ip=ip,
                  pre=(["tc qdisc add dev eth0 root tbf rate 20mbit burst 32kbit latency 400ms"]
                       if h == "ml-gpu-b12" else [])) for h, ip in hosts]
    job = Job(name, None, nodes, "/srv/code/pretrain_gpt.py",
              ["--train-iters", "40", "--log-interval", "5", "--payload-mb", "0.5"],
              env={"TRAIN_PG_TIMEOUT": "60"}, rdzv="c10d", rdzv_conf="join_timeout=40")

    def snap(j):
        for n in j.nodes:
            j.snapshot(n.host, {"netcheck.txt": "date; tc -s qdisc show dev eth0; ip -s link show eth0"})
    job.run(timeout=110, events=[wait_for(r"after 20 iterations", "ml-gpu-b07", snap, source="console")])
    job.collect(out_dir(name))


# --------------------------------------------------------------------------- h13
@case("h13_iterations_twice_as_slow_as_usual_no_errors", lab(
    "straggler", "infrastructure", {"node": "g4-node-38", "rank": None}, "restart_without_node",
    "The run completes but forward-backward time of ranks 2-3 (g4-node-38) is 2-3x that of the other "
    "ranks while everyone waits in all-grads-sync; torchrun on every other node sets OMP_NUM_THREADS=1, but "
    "g4-node-38's image exports OMP_NUM_THREADS=16 (its prolog env dump), oversubscribing that node's cores.",
    "https://github.com/pytorch/pytorch/issues/22260"))
def h13(name):
    envdump = "{ date; hostname; env | grep -E '^(OMP|MKL|KMP|SLURM_|CUDA)' | sort; nproc; } > /srv/local/diag/prolog.env.txt"
    nodes = []
    for h in ("g4-node-12", "g4-node-38", "g4-node-07"):
        pre = (["export OMP_NUM_THREADS=16 MKL_NUM_THREADS=16"] if h == "g4-node-38" else []) + [envdump]
        nodes.append(Node(h, nproc=2, console="slurm-%s.out" % h[-2:], pre=pre))
    job = Job(name, None, nodes, "/srv/code/pretrain_gpt.py",
              ["--train-iters", "30", "--log-interval", "5", "--hidden-size", "192", "--micro-batch-size", "16"],
              env={"TRAIN_PG_TIMEOUT": "60"})
    job.run(timeout=110)
    job.collect(out_dir(name))


def check() -> int:
    bad = 0
    for d in sorted(CASES.iterdir()):
        if not d.is_dir():
            continue
        errs = []
        try:
            lb = json.loads((d / "label.json").read_text())
        except Exception as e:  # noqa: BLE001
            print(f"{d.name}: unreadable label ({e})"); bad += 1; continue
        if set(lb) != {"category", "layer", "culprit", "action", "rationale", "modelled_on"}:
            errs.append(f"keys {sorted(lb)}")
        if lb.get("category") not in CATS: errs.append("category")
        if lb.get("layer") not in LAYERS: errs.append("layer")
        if lb.get("action") not in ACTIONS: errs.append("action")
        if not str(lb.get("modelled_on", "")).startswith("https://"): errs.append("modelled_on")
        atts = [a for a in d.iterdir() if a.is_dir() and a.name.startswith("attempt_")]
        roots = atts or [d]
        hosts = set()
        for r in roots:
            hosts |= {h.name for h in r.iterdir() if h.is_dir() and not h.name.startswith("attempt_")}
        c = lb.get("culprit")
        if c is not None:
            if set(c) != {"node", "rank"} or c["node"] not in hosts:
                errs.append(f"culprit {c} not in {sorted(hosts)}")
            if c.get("rank") is not None and not isinstance(c["rank"], int):
                errs.append("rank type")
        if d.name not in REGISTRY: errs.append("no capture function")
        print(f"{d.name}: {'OK' if not errs else 'BAD ' + ', '.join(errs)}")
        bad += bool(errs)
    size = sum(p.stat().st_size for p in CASES.rglob("*") if p.is_file())
    print(f"total size {size / 2**20:.2f} MiB")
    return 1 if bad or size > 8 * 2**20 else 0


def main(argv):
    if not argv:
        print(__doc__); return 2
    if argv[0] == "--check":
        return check()
    names = sorted(REGISTRY) if argv[0] == "all" else [n for n in sorted(REGISTRY) if any(n.startswith(a) for a in argv)]
    for n in names:
        fn, label = REGISTRY[n]
        t = time.time()
        if (WORK / n).exists():
            shutil.rmtree(WORK / n)
        fn(n)
        (CASES / n / "label.json").write_text(json.dumps(label, indent=2) + "\n")
        print(f"[capture] {n} done in {time.time() - t:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
