"""Capture the corpus_set27 bundles.

    python tools/capture.py i05          # (re)capture one case (by prefix)
    python tools/capture.py all          # every case, one at a time
    python tools/capture.py --check      # validate every cases/*/label.json
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
from harness import (CASES, HERE, WORK, Job, Node, after, agent_pids, sh, wait_for,  # noqa: E402
                     worker_pids)

CATS = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
        "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
REGISTRY = {}
PS = "ps -eo pid,ppid,user,stat,wchan:28,pcpu,rss,etime,args"
SLURM_TL = "slurmstepd: error: *** STEP {job}.0 ON $(hostname) CANCELLED AT $(date +%Y-%m-%dT%H:%M:%S) DUE TO TIME LIMIT ***"


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


def fresh_shared(name) -> Path:
    sh_ = WORK / name / "shared"
    if sh_.exists():
        shutil.rmtree(sh_)
    sh_.mkdir(parents=True)
    return sh_


def sig_workers(script, sig, host=None):
    for pid in worker_pids(script, host=host):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass


WORDS = ("the model was trained on a mixture of web text books and code with a context of two thousand "
         "tokens and evaluated on held out data from the same distribution").split()


def jsonl_docs(rng, n, lo=20, hi=120):
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(lo, hi))) for _ in range(n)]


# --------------------------------------------------------------------------- i01
@case("i01_training_froze_mid_run_no_error_for_a_minute", lab(
    "user_code", "script", None, "stop",
    "Rank 2 on ml-a100-031 never reaches the next DDP all_reduce: its SIGUSR1 stack dump shows the main thread "
    "inside ShardPrefetcher.next() -> stats() blocking on self._lock, which next() already holds (a non-reentrant "
    "lock re-acquired on the prefetch-underrun path), while the other ranks wait in DDP backward until the gloo "
    "timeout; a self-deadlock in the user's data pipeline.",
    "https://docs.python.org/3/library/threading.html#rlock-objects"))
def i01(name):
    shared = fresh_shared(name)
    rng = random.Random(1)
    (shared / "data").mkdir()
    for r in range(4):
        docs = jsonl_docs(rng, 200)
        if r == 2:   # a minified dump that slipped into the corpus: very long document
            docs[30] = " ".join(rng.choice(WORDS) for _ in range(3_000_000))
        with open(shared / "data" / f"train-{r:05d}.jsonl", "w") as f:
            for d in docs:
                f.write(json.dumps({"text": d}) + "\n")
    hosts = ["ml-a100-027", "ml-a100-019", "ml-a100-031"]
    nodes = [Node("ml-a100-027", nproc=1, console="train.log"),
             Node("ml-a100-019", nproc=1, console="train.log"),
             Node("ml-a100-031", nproc=2, console="train.log")]
    job = Job(name, None, nodes, "/srv/code/hf_finetune.py", [],
              shared=shared, env={"MAX_STEPS": "80", "TRAIN_PG_TIMEOUT": "45", "OMP_NUM_THREADS": "1", "STEP_SLEEP": "0.02"})

    def dump(j):
        time.sleep(14)
        sig_workers("hf_finetune.py", signal.SIGUSR1)
    job.run(timeout=110, events=[wait_for(r"'epoch': 0.25", hosts[0], dump, source="console")])
    time.sleep(1)
    job.collect(out_dir(name))


# --------------------------------------------------------------------------- i02
NODEINFO = ("{ echo \"# $(date -u +%FT%TZ) node-info\"; echo \"hostname: $(hostname)\"; "
            "echo \"hostname -i: $(hostname -i)\"; echo '--- getent hosts'; getent hosts $(hostname); "
            "echo '--- ip -br addr'; ip -br addr; echo '--- ip route'; ip route; echo '--- /etc/hosts'; cat /etc/hosts; } "
            "> /srv/local/diag/node-info.txt 2>&1")


@case("i02_hostname_warnings_and_odd_hosts_entry_on_one_node", lab(
    "unknown", "framework", None, "none",
    "All three pods train the 40 steps and log 'training finished' and every agent exits 0; the c10d 'hostname of "
    "the client socket cannot be retrieved' warnings and gke-train-pool-2c9d's own name resolving to 127.0.1.1 in "
    "its node-info are red herrings (gloo falls back to the store's interface), nothing failed.",
    "https://github.com/pytorch/pytorch/issues/27715"))
def i02(name):
    specs = [("gke-train-pool-7f3a", "10.27.0.21"), ("gke-train-pool-2c9d", "10.27.0.34"),
             ("gke-train-pool-b41e", "10.27.0.17")]
    nodes = [Node(h, nproc=1, console="pod.log", netns=True, ip=ip, pre=[NODEINFO],
                  self_ip="127.0.1.1" if h.endswith("2c9d") else None) for h, ip in specs]
    job = Job(name, None, nodes, "/srv/code/train_json.py", [], rdzv="c10d", rdzv_conf="join_timeout=40",
              env={"GLOO_SOCKET_IFNAME": None, "STEPS": "40", "TRAIN_PG_TIMEOUT": "30", "RUN_NAME": "sft-7b-0612"})
    job.run(timeout=100)
    job.collect(out_dir(name))


# --------------------------------------------------------------------------- i03
@case("i03_job_cancelled_before_it_finished", lab(
    "unknown", "framework", None, "none",
    "Epochs complete at a steady pace and checkpoints are saved until slurmstepd cancels the step for its time "
    "limit; the SIGTERM and the agents' SignalException are the scheduler's doing, nothing failed, so the job "
    "just needs a longer limit or to resume from the last checkpoint.",
    "https://slurm.schedmd.com/sbatch.html#OPT_time"))
def i03(name):
    shared = fresh_shared(name)
    msg = SLURM_TL.format(job="5512093")
    nodes = [Node(h, nproc=2, console=f"slurm-5512093-{h}.out", timelimit=48, timelimit_msg=msg)
             for h in ("gpu-st-p4d-24xl-3", "gpu-st-p4d-24xl-1")]
    job = Job(name, None, nodes, "/srv/code/lit_fit.py", [], shared=shared,
              env={"MAX_EPOCHS": "100", "STEPS_PER_EPOCH": "20", "TRAIN_PG_TIMEOUT": "60", "OMP_NUM_THREADS": "1",
                   "CKPT_DIR": "/srv/shared/lightning_logs/version_3/checkpoints"})
    job.run(timeout=110)
    job.collect(out_dir(name))


# --------------------------------------------------------------------------- i04
@case("i04_no_progress_then_killed_at_time_limit", lab(
    "hang", "infrastructure", {"node": "r12n07", "rank": 2}, "run_diagnostics",
    "The iteration log stops at iteration 30 and nothing else is printed until slurmstepd cancels the step at the "
    "time limit (no gloo timeout: the job uses a 10-minute timeout). The hang check shows rank 2's worker on r12n07 "
    "(node rank 2, one process per node) in uninterruptible state (ps STAT Dsl, /proc status 'D (disk sleep)') "
    "while the workers on every other node sleep (Ssl) in gloo waiting for it.",
    "https://github.com/pytorch/pytorch/issues/76287"))
def i04(name):
    msg = SLURM_TL.format(job="918244")
    hosts = ["r12n03", "r12n11", "r12n07", "r12n04"]
    nodes = [Node(h, nproc=1, console="slurm-918244.out", pidns=True, timelimit=72, timelimit_msg=msg) for h in hosts]
    job = Job(name, None, nodes, "/srv/code/megatron_pretrain.py",
              ["--train-iters", "5000", "--log-interval", "10", "--iter-sleep", "0.05"],
              env={"TRAIN_PG_TIMEOUT": "600", "OMP_NUM_THREADS": "1"})
    fz = Path("/sys/fs/cgroup/freezer/s27_r12n07_step0")

    def freeze(j):
        fz.mkdir(exist_ok=True)
        for pid in worker_pids("megatron_pretrain.py", host="r12n07"):
            (fz / "cgroup.procs").write_text(str(pid))
        (fz / "freezer.state").write_text("FROZEN")

    def hangcheck(j):
        cmd = (f"date; {PS}; for p in $(pgrep -f megatron_pretrain.py); do echo \"=== /proc/$p/stack\"; "
               "cat /proc/$p/stack; grep -E '^(State|Threads|voluntary)' /proc/$p/status; done")
        for n in j.nodes:
            j.snapshot(n.host, {"hangcheck.txt": cmd})

    def thaw(j):
        if fz.exists():
            (fz / "freezer.state").write_text("THAWED")

    try:
        job.run(timeout=115, events=[wait_for(r"iteration\s+30/", "r12n03", freeze, source="console"),
                                     after(58, hangcheck), after(75, thaw)])
    finally:
        thaw(job)
        for _ in range(30):
            try:
                fz.rmdir()
                break
            except FileNotFoundError:
                break
            except OSError:
                time.sleep(0.3)
    job.collect(out_dir(name))


# --------------------------------------------------------------------------- i05
@case("i05_one_node_says_training_completed_others_crashed", lab(
    "user_code", "script", None, "stop",
    "Rank 1 (tw-node-b) logs 'Training completed' after 11 steps and exits 0 because its shard of the packed "
    "documents ran out (the loop iterates the per-rank dataloader and only breaks at --training.steps), so ranks 0 "
    "and 2 lose their peer in the next all_reduce; an uneven-data-split bug in the training loop.",
    "https://pytorch.org/tutorials/advanced/generic_join.html"))
def i05(name):
    shared = fresh_shared(name)
    rng = random.Random(5)
    docs = []
    for i in range(90):
        length = rng.randint(60, 140) if i % 3 != 1 else rng.randint(30, 70)
        docs.append({"id": i, "ids": [rng.randint(0, 50000) for _ in range(length)]})
    (shared / "c4_test").mkdir()
    with open(shared / "c4_test" / "c4_test.jsonl", "w") as f:
        for d in docs:
            f.write(json.dumps(d) + "\n")
    nodes = [Node(h, nproc=1, console="stdout.log") for h in ("tw-node-c", "tw-node-b", "tw-node-a")]
    job = Job(name, None, nodes, "/srv/code/titan_train.py",
              ["--job.config_file", "./train_configs/llama3_debugmodel.toml", "--training.steps", "40",
               "--training.dataset_path", "/srv/shared/c4_test/c4_test.jsonl", "--metrics.log_freq", "2"],
              launcher=["--role", "rank", "--local-ranks-filter", "0"], tee="3", shared=shared, rdzv="c10d",
              rdzv_conf="join_timeout=40", env={"TRAIN_PG_TIMEOUT": "30", "LOGLEVEL": "INFO"})
    job.run(timeout=90)
    job.collect(out_dir(name))


# --------------------------------------------------------------------------- i06
@case("i06_every_rank_crashes_at_first_step_with_compile", lab(
    "dependency", "framework", None, "stop",
    "Every rank on both nodes fails at the first forward with InductorError/CppCompileError because g++ in the "
    "image cannot execute cc1plus; the same toolchain problem on every node means the container image (not one "
    "node) lacks a working C++ compiler for torch.compile.",
    "https://github.com/pytorch/pytorch/issues/98123"))
def i06(name):
    pre = ["mount -t tmpfs -o size=1m tmpfs /usr/lib/gcc", "mkdir -p /srv/local/inductor"]
    nodes = [Node(h, nproc=2, console="rank_logs.txt", pre=pre) for h in ("trn1-a-0412", "trn1-a-0398")]
    job = Job(name, None, nodes, "/srv/code/titan_train.py",
              ["--training.steps", "20", "--training.compile", "--metrics.log_freq", "5"],
              launcher=["--role", "rank"], tee="3", log_dir="/srv/local/torchelastic",
              env={"TRAIN_PG_TIMEOUT": "30", "TORCHINDUCTOR_CACHE_DIR": "/srv/local/inductor", "OMP_NUM_THREADS": "1"})
    job.run(timeout=110)
    job.collect(out_dir(name), keep=["torchelastic"])


# --------------------------------------------------------------------------- i07
@case("i07_lots_of_rendezvous_warnings_at_startup", lab(
    "unknown", "framework", None, "none",
    "The c10d rendezvous waits ~15 s for hpc-gpu-22, which joins late, and the agents log the wait, but all three "
    "nodes then train the 60 steps, rank 0 saves the model and every agent reports success; the FutureWarning and "
    "the late join are noise.",
    "https://pytorch.org/docs/stable/elastic/rendezvous.html"))
def i07(name):
    shared = fresh_shared(name)
    rng = random.Random(7)
    (shared / "data").mkdir()
    for r in range(3):
        with open(shared / "data" / f"train-{r:05d}.jsonl", "w") as f:
            for d in jsonl_docs(rng, 120):
                f.write(json.dumps({"text": d}) + "\n")
    nodes = [Node("hpc-gpu-17", console="job.out"), Node("hpc-gpu-09", console="job.out"),
             Node("hpc-gpu-22", console="job.out", delay=15)]
    job = Job(name, None, nodes, "/srv/code/hf_finetune.py", [], rdzv="c10d", rdzv_conf="join_timeout=90",
              shared=shared, env={"MAX_STEPS": "60", "TRAIN_PG_TIMEOUT": "60", "LOGLEVEL": "INFO",
                                  "OUTPUT_DIR": "/srv/shared/out/ckpt-final"})
    job.run(timeout=110)
    job.collect(out_dir(name))


# --------------------------------------------------------------------------- i08
LIMITS = "{ date; echo \"host=$(hostname)\"; ulimit -a; } > /srv/local/diag/prolog.limits 2>&1"


@case("i08_requeued_job_dies_again_cannot_allocate_memory", lab(
    "host", "infrastructure", {"node": "a3-mega-0142", "rank": None}, "restart_without_node",
    "Both attempts die at the first validation (iteration 25) with 'DefaultCPUAllocator: can't allocate memory' on "
    "the worker of a3-mega-0142 only (rank 1, then rank 2 after the node order changed) while the same allocation "
    "succeeds on the other nodes; the prolog limits show that only a3-mega-0142 has a virtual-memory ulimit "
    "(vmemory(kbytes) 1400000), a node setting, not the job's memory use.",
    "https://github.com/pytorch/pytorch/issues/40926"))
def i08(name):
    out = out_dir(name)
    for att, order in (("attempt_0", ["a3-mega-0117", "a3-mega-0142", "a3-mega-0120"]),
                       ("attempt_1", ["a3-mega-0120", "a3-mega-0117", "a3-mega-0142"])):
        nodes = [Node(h, console="megatron_%s.log" % att[-1],
                      pre=(["ulimit -v 1400000"] if h == "a3-mega-0142" else []) + [LIMITS]) for h in order]
        job = Job(name, att, nodes, "/srv/code/megatron_pretrain.py",
                  ["--train-iters", "60", "--log-interval", "5", "--eval-interval", "25", "--eval-batch-size", "4096"],
                  env={"TRAIN_PG_TIMEOUT": "30", "OMP_NUM_THREADS": "1"}, redirects="3" if att == "attempt_1" else None,
                  log_dir="/srv/local/tr_logs" if att == "attempt_1" else None)
        job.run(timeout=90)
        job.collect(out / att, keep=["tr_logs"])


# --------------------------------------------------------------------------- i09
@case("i09_requeued_job_crashes_again_index_out_of_range", lab(
    "user_code", "script", None, "stop",
    "In both attempts global rank 3 fails at the same iteration with 'IndexError: index out of range in self' in "
    "the embedding, first on sc-node-b (attempt_0) and then on sc-node-a after the node order changed: the error "
    "follows the data shard of rank 3 (tokens_3.bin holds ids beyond the 512-token vocabulary), not a node.",
    "https://discuss.pytorch.org/t/indexerror-index-out-of-range-in-self/108398"))
def i09(name):
    import array
    shared = fresh_shared(name)
    (shared / "gpt_data").mkdir()
    rng = random.Random(9)
    for r in range(4):
        toks = array.array("H", (rng.randint(0, 511) for _ in range(33 * 8 * 40)))
        if r == 3:   # tokenized with the wrong tokenizer from sample 31 on
            for k in range(33 * 8 * 31, len(toks)):
                toks[k] = 50000 + rng.randint(0, 256) if k % 7 == 0 else toks[k]
        with open(shared / "gpt_data" / f"tokens_{r}.bin", "wb") as f:
            toks.tofile(f)
    out = out_dir(name)
    for att, order in (("attempt_0", ["sc-node-a", "sc-node-b"]), ("attempt_1", ["sc-node-b", "sc-node-a"])):
        nodes = [Node(h, nproc=2, console="run.log") for h in order]
        job = Job(name, att, nodes, "/srv/code/megatron_pretrain.py",
                  ["--train-iters", "40", "--log-interval", "5", "--data-path", "/srv/shared/gpt_data/tokens_{rank}.bin"],
                  env={"TRAIN_PG_TIMEOUT": "30", "OMP_NUM_THREADS": "1"}, shared=shared,
                  log_dir="/srv/local/logs", tee="2")
        job.run(timeout=90)
        job.collect(out / att, keep=["logs"])


# --------------------------------------------------------------------------- i10
@case("i10_checkpoint_save_hung_requeue_finished", lab(
    "storage", "infrastructure", None, "restart",
    "In attempt_0 every rank on every node stops inside the sharded checkpoint write to /srv/shared (hang check: "
    "each worker in D state in percpu_rwsem_wait/mnt_want_write under the checkpoint write, and a probe touch of /srv/shared still blocked after 5 s on each node) "
    "until the operator cancels; the requeued attempt_1 on the same nodes saves every checkpoint and finishes, so "
    "the shared storage was transiently unavailable.",
    "https://github.com/pytorch/pytorch/issues/95866"))
def i10(name):
    img = WORK / name / "shared.img"
    shared = WORK / name / "shared"
    (WORK / name).mkdir(parents=True, exist_ok=True)
    if shared.exists():
        sh(f"umount {shared} 2>/dev/null")
        shutil.rmtree(shared, ignore_errors=True)
    shared.mkdir(parents=True)
    subprocess.run(["truncate", "-s", "64M", str(img)], check=True)
    subprocess.run(["mkfs.ext4", "-q", "-F", str(img)], check=True)
    loop = subprocess.run(["losetup", "-f", "--show", str(img)], capture_output=True, text=True, check=True).stdout.strip()
    out = out_dir(name)
    try:
        subprocess.run(["mount", loop, str(shared)], check=True)
        hosts = ["ip-172-31-8-77", "ip-172-31-9-140", "ip-172-31-8-203"]
        for att in ("attempt_0", "attempt_1"):
            nodes = [Node(h, nproc=1, console="train_stdout.log", pidns=True) for h in hosts]
            job = Job(name, att, nodes, "/srv/code/lit_fit.py", [], shared=shared,
                      env={"MAX_EPOCHS": "4", "STEPS_PER_EPOCH": "30", "SHARDED_CKPT": "1", "HIDDEN": "96",
                           "TRAIN_PG_TIMEOUT": "120", "OMP_NUM_THREADS": "1",
                           "CKPT_DIR": "/srv/shared/lightning_logs/version_%s/checkpoints" % att[-1]})
            state = {}

            def freeze(j):
                subprocess.run(["fsfreeze", "-f", str(shared)])
                state["frozen"] = True

            def hangcheck(j):
                cmd = (f"date; {PS}; for p in $(pgrep -f lit_fit.py); do echo \"=== /proc/$p/stack\"; cat /proc/$p/stack; done; "
                       "echo '=== probe: touch /srv/shared/.probe'; ( touch /srv/shared/.probe && echo probe ok ) & sleep 5; "
                       "kill -0 $! 2>/dev/null && echo \"probe still blocked after 5s: $(ps -o pid,stat,wchan:28,args -p $!)\"")
                for n in j.nodes:
                    j.snapshot(n.host, {"hang-check.txt": cmd})

            def cancel(j):
                for n in j.nodes:
                    for pid in agent_pids(n.host):
                        os.kill(pid, signal.SIGTERM)

            def thaw(j):
                if state.pop("frozen", None):
                    subprocess.run(["fsfreeze", "-u", str(shared)])
            ev = []
            if att == "attempt_0":
                ev = [wait_for(r"Epoch 1:  83%", hosts[0], freeze, source="console"),
                      wait_for(r"Epoch 1:  83%", hosts[0], lambda j: (time.sleep(25), hangcheck(j), cancel(j),
                                                                      time.sleep(4), thaw(j)), source="console")]
            try:
                job.run(timeout=100, events=ev)
            finally:
                thaw(job)
            job.collect(out / att)
    finally:
        subprocess.run(["fsfreeze", "-u", str(shared)], capture_output=True)
        sh(f"umount {shared}")
        sh(f"losetup -d {loop}")


# --------------------------------------------------------------------------- i11
@case("i11_loss_suddenly_inf_run_aborted", lab(
    "numerical", "script", None, "stop",
    "The loss falls normally and then every rank reports loss=inf at the same step and aborts with "
    "FloatingPointError; max_logit climbs past ~11 just before, where the script's half-precision cross entropy "
    "(exp in float16) overflows, an application numerics bug on all ranks, not a node fault.",
    "https://github.com/pytorch/pytorch/issues/40497"))
def i11(name):
    nodes = [Node(h, nproc=2, console="log.jsonl") for h in ("nid001872", "nid001869")]
    job = Job(name, None, nodes, "/srv/code/train_json.py", [],
              env={"HALF_CE": "1", "LR": "3e-3", "STEPS": "200", "STEP_SLEEP": "0", "TRAIN_PG_TIMEOUT": "30",
                   "OMP_NUM_THREADS": "1", "RUN_NAME": "pt-350m-ablation-fp16ce"}, redirects="1", log_dir="/srv/local/elastic")
    job.run(timeout=100)
    job.collect(out_dir(name), keep=["elastic"])


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
    size = sum(p.stat().st_size for p in CASES.parent.rglob("*") if p.is_file())
    print(f"total size {size / 2**20:.2f} MiB")
    return 1 if bad or size > 4 * 2**20 else 0


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
            shutil.rmtree(WORK / n, ignore_errors=True)
        fn(n)
        (CASES / n / "label.json").write_text(json.dumps(label, indent=2) + "\n")
        print(f"[capture] {n} done in {time.time() - t:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
