"""Case definitions of corpus set 21: one function per bundle, registered with @case."""
from common import *  # noqa: F401,F403
from common import case, fresh_shared, reset_dest, write_label, signal_all  # noqa: F401


@case("a11", "a11_every_rank_dies_right_after_launch",
      {"category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
       "rationale": "Every rank on every node fails at import with ModuleNotFoundError: No module "
                    "named 'torch._six' from a vendored helper written for torch 1.x; the image has "
                    "torch 2.13, where torch._six no longer exists. Same environment error everywhere.",
       "modelled_on": "https://github.com/InternLM/InternLM/issues/109"},
      [("*/torchrun.log", r"No module named 'torch\._six'", 2),
       ("*/node_check.txt", r"torch 2\.13", 2)])
def a11():
    key = "a11"
    fresh_shared(key)
    nodes = [Node(h, 2, console="torchrun.log", pre=[f"{NODE_CHECK} > diag/node_check.txt 2>&1"])
             for h in ("gpu-b12-04", "gpu-b12-05")]
    j = Job(key, None, nodes, f"{S}/plain_train.py", ["--clip-impl", "legacy", "--epochs", "1"])
    j.run(timeout=120)
    d = reset_dest(key)
    j.collect(d)
    write_label(key)




@case("a03", "a03_eval_crashes_on_one_node_every_time",
      {"category": "host", "layer": "infrastructure", "culprit": {"node": "cn-0417", "rank": None},
       "action": "restart_without_node",
       "rationale": "In both attempts only the rank on cn-0417 dies in evaluation with 'Too many open "
                    "files. Communication with the workers is no longer possible' (rank 2, then rank 0 "
                    "after the node order changed); its node_check shows an open-files limit of 1024 "
                    "where the other nodes have 20000. A host limit on one node, not the code.",
       "modelled_on": "https://github.com/facebookresearch/detectron2/issues/3953"},
      [("attempt_*/cn-0417/output.log", r"Too many open files\. Communication with the workers", 2),
       ("attempt_*/cn-0417/node_check.txt", r"open files: 1024$", 2),
       ("attempt_*/cn-0412/node_check.txt", r"open files: 20000$", 2)])
def a03():
    key = "a03"
    fresh_shared(key)
    d = reset_dest(key)

    def mk(h):
        lim = ["ulimit -n 1024"] if h == "cn-0417" else []
        return Node(h, 1, console="output.log",
                    pre=lim + [f"{NODE_CHECK} > diag/node_check.txt 2>&1"])
    for att, order in (("attempt_0", ["cn-0412", "cn-0413", "cn-0417"]),
                       ("attempt_1", ["cn-0417", "cn-0412", "cn-0413"])):
        j = Job(key, att, [mk(h) for h in order], f"{S}/plain_train.py",
                ["--epochs", "2", "--steps-per-epoch", "15", "--eval-samples", "1300"])
        j.run(timeout=240)
        j.collect(d / att)
    write_label(key)


@case("a06", "a06_loss_blows_up_then_job_aborts",
      {"category": "numerical", "layer": "script", "culprit": None, "action": "stop",
       "rationale": "The argument dump shows lr 3.0 (a 3.0e-4 run with the exponent dropped); lm loss "
                    "climbs during warmup, then every rank trips Megatron's NaN check in the local "
                    "grad norm. A deterministic divergence from the job's own configuration, not a node "
                    "fault; the gloo hostname warning on one node is a red herring.",
       "modelled_on": "https://github.com/facebookresearch/maskrcnn-benchmark/issues/295"},
      [("*/slurm-*.out", r"found NaN in local grad norm", 2),
       ("*/slurm-*.out", r"\blr \.+ 3\.0$", 1),
       ("*/logs/**/stderr.log", r"found NaN in local grad norm", 2)])
def a06():
    key = "a06"
    sh_ = fresh_shared(key)
    write_gpt_bin(sh_ / "data" / "gpt_text_document", 6000, 64)
    nodes = [Node("hpc-gpu017", 2, console="slurm-771204.out"),
             Node("hpc-gpu018", 2, console="slurm-771204.out",
                  env={"GLOO_SOCKET_IFNAME": None}, self_ip="10.31.4.18")]
    j = Job(key, None, nodes, f"{S}/megatron_pretrain_gpt.py",
            ["--num-layers", "2", "--hidden-size", "128", "--seq-length", "64",
             "--micro-batch-size", "4", "--train-iters", "200", "--lr", "3.0", "--min-lr", "3.0e-5",
             "--lr-warmup-iters", "100", "--log-interval", "4", "--check-for-nan-in-loss-and-grad",
             "--label-smoothing", "0.1",
             "--distributed-timeout-minutes", "2"],
            log_dir="/srv/local/logs", redirects="3", tee="3")
    j.run(timeout=300)
    d = reset_dest(key)
    j.collect(d, keep=["logs"])
    write_label(key)


def _watch_and_cancel(path: Path, hosts, script, sig=signal.SIGTERM, min_bytes=4 << 20):
    """Slurm-style cancellation: as soon as `path` appears, signal every process of the job
    (all agents and ranks at once).  The pid list is refreshed in the background so that the
    signals go out within a few milliseconds of the file being created."""
    def run():
        pids, t_scan = [], 0.0
        while True:
            if time.time() - t_scan > 0.5:
                pids = agent_pids() + worker_pids(script)
                t_scan = time.time()
            if path.exists() and path.stat().st_size > min_bytes:
                for p in pids:
                    try:
                        os.kill(p, sig)
                    except ProcessLookupError:
                        pass
                return
            time.sleep(0.002)
    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def _zip_complete(p: Path) -> bool:
    import zipfile
    try:
        return zipfile.is_zipfile(p)
    except OSError:
        return False


@case("a01", "a01_resume_fails_after_job_was_cancelled",
      {"category": "storage", "layer": "script", "culprit": None, "action": "stop",
       "rationale": "attempt_0 was cancelled (SIGTERM to every process) while rank 0 was writing "
                    "checkpoint-20 straight into the shared run directory; attempt_1 resumes from that "
                    "newest checkpoint and every rank on every node fails with 'PytorchStreamReader "
                    "failed reading zip archive: failed finding central directory' (optimizer.pt is "
                    "truncated, trainer_state.json missing). Restarting will fail the same way until "
                    "the partial checkpoint is removed.",
       "modelled_on": "https://github.com/Lightning-AI/pytorch-lightning/issues/688"},
      [("attempt_0/*/job.log", r"Saving model checkpoint to /srv/shared/runs/clm/checkpoint-20", 1),
       ("attempt_0/*/job.log", r"got signal: 15", 3),
       ("attempt_1/*/job.log", r"failed finding central directory", 3),
       ("attempt_1/*/prolog.log", r"optimizer\.pt", 1)])
def a01():
    key = "a01"
    shared = fresh_shared(key)
    write_text_corpus(shared / "data" / "train.txt", 3000, seed=1)
    d = reset_dest(key)
    script = "hf_run_clm.py"
    args = ["--hidden_size", "512", "--num_layers", "4", "--max_steps", "60", "--save_steps", "20",
            "--logging_steps", "5", "--per_device_train_batch_size", "4"]
    hosts0 = ["trn-node-03", "trn-node-04", "trn-node-07"]
    ck = shared / "runs" / "clm" / "checkpoint-20"
    for _ in range(4):
        if (shared / "runs").exists():
            shutil.rmtree(shared / "runs")
        j = Job(key, "attempt_0", [Node(h, 1, console="job.log") for h in hosts0],
                f"{S}/{script}", args)
        j.start()
        _watch_and_cancel(ck / "optimizer.pt", hosts0, script)
        j.wait(timeout=400)
        if (ck / "optimizer.pt").exists() and not _zip_complete(ck / "optimizer.pt"):
            break
        print("[capture] a01: checkpoint not truncated, retrying attempt_0", file=sys.stderr)
    else:
        raise SystemExit("a01: could not interrupt the checkpoint write")
    j.collect(d / "attempt_0")
    hosts1 = ["trn-node-07", "trn-node-03", "trn-node-04"]
    nodes = [Node(h, 1, console="job.log") for h in hosts1]
    nodes[0].pre = ["ls -l --time-style=+%H:%M:%S /srv/shared/runs/clm/ /srv/shared/runs/clm/checkpoint-*/ "
                    "> diag/prolog.log 2>&1"]
    j = Job(key, "attempt_1", nodes, f"{S}/{script}", args + ["--resume_from_checkpoint", "latest"])
    j.run(timeout=300)
    j.collect(d / "attempt_1")
    write_label(key)


@case("a02", "a02_one_node_crashes_when_resuming",
      {"category": "storage", "layer": "infrastructure", "culprit": {"node": "gpu-c07", "rank": None},
       "action": "restart_without_node",
       "rationale": "Both ranks of gpu-c07 fail loading the step-40 checkpoint with 'PytorchStreamReader "
                    "failed reading zip archive: failed finding central directory' while the other nodes "
                    "load the same checkpoint fine. gpu-c07's stage-in log shows it reused a stale local "
                    "copy whose model.pt is much smaller than the copies staged on the other nodes: a "
                    "corrupt file on that node's local disk, not in the shared checkpoint.",
       "modelled_on": "https://github.com/nixiesearch/nixiesearch/issues/364"},
      [("gpu-c07/train.log", r"failed finding central directory", 1),
       ("gpu-c07/stage_ckpt.log", r"already cached on this node", 1),
       ("gpu-c05/stage_ckpt.log", r"copied", 1),
       ("gpu-c05/train.log", r"Finished loading the checkpoint", 1)])
def a02():
    key = "a02"
    shared = fresh_shared(key)
    common = ["--model.dim", "192", "--model.n_layers", "4", "--training.local_batch_size", "4",
              "--metrics.log_freq", "5", "--comm.train_timeout_seconds", "60"]
    # an earlier run of the job (not part of the bundle) wrote the step-40 checkpoint to shared storage
    pre = Job(key, "setup", [Node("gpu-c01", 1), Node("gpu-c02", 1)], f"{S}/titan_train.py",
              common + ["--checkpoint.enable", "--checkpoint.folder", "/srv/shared/ckpt",
                        "--checkpoint.interval", "40", "--training.steps", "40"])
    rc = pre.run(timeout=300)
    assert all(v == 0 for v in rc.values()), rc
    hosts = ["gpu-c03", "gpu-c05", "gpu-c07"]
    stage = (f"bash {S}/stage_ckpt.sh /srv/shared/ckpt/step-40 /srv/local/nvme/ckpt_cache/step-40 "
             "> diag/stage_ckpt.log 2>&1")
    nodes = [Node(h, 2, console="train.log", pre=[stage]) for h in hosts]

    def arrange(job):
        # a copy left behind by an earlier, interrupted stage-in on gpu-c07
        dst = job.local_dir(job.node("gpu-c07")) / "nvme" / "ckpt_cache" / "step-40"
        dst.mkdir(parents=True)
        src = shared / "ckpt" / "step-40"
        data = (src / "model.pt").read_bytes()
        (dst / "model.pt").write_bytes(data[: len(data) * 5 // 8])
        shutil.copy(src / "optim.pt", dst / "optim.pt")
        past = time.time() - 3 * 86400
        for p in (dst / "model.pt", dst / "optim.pt", dst):
            os.utime(p, (past, past))
    j = Job(key, None, nodes, f"{S}/titan_train.py",
            common + ["--checkpoint.enable", "--checkpoint.folder", "/srv/local/nvme/ckpt_cache",
                      "--checkpoint.load_step", "40", "--training.steps", "80"],
            rdzv="c10d", tee="3")
    j.run(timeout=300, setup=arrange)
    d = reset_dest(key)
    j.collect(d)
    write_label(key)


def _snapshot_and_dump(hosts, script, files):
    """What the on-call engineer did while the job was stuck: a process/lock snapshot on every
    node, then `kill -USR1` on every rank (the script registers faulthandler on SIGUSR1)."""
    def go(job):
        for h in hosts:
            job.snapshot(h, files)
        time.sleep(0.5)
        for p in worker_pids(script):
            try:
                os.kill(p, signal.SIGUSR1)
            except ProcessLookupError:
                pass
    return go


@case("a04", "a04_training_stuck_before_first_step",
      {"category": "host", "layer": "infrastructure", "culprit": {"node": "sn-b2-11", "rank": 4},
       "action": "restart_without_node",
       "rationale": "Every rank except one times out in the barrier after prepare_data. The SIGUSR1 "
                    "stack dumps show rank 4 (local rank 0 on sn-b2-11) blocked in fcntl.flock on the "
                    "node-local dataset cache lock, and the ps/lslocks snapshot of sn-b2-11 shows a "
                    "leftover prep_cache.py from an older job (88213) holding that lock. A leftover "
                    "process on one node; the gloo timeouts on the other nodes are sympathetic.",
       "modelled_on": "https://github.com/huggingface/datasets/issues/3983"},
      [("sn-b2-11/torchrun/**/0/stderr.log", r"line \d+ in prepare_data", 1),
       ("sn-b2-11/ps.txt", r"locks_lock_inode_wait", 1),
       ("sn-b2-11/ps.txt", r"prep_cache\.py --job-id 88213", 1),
       ("sn-b2-11/lslocks.txt", r"tinyshakespeare\.lock", 1),
       ("sn-b2-09/torchrun/**/stderr.log", r"[Tt]imed out|timeout", 1),
       ("sn-b2-11/torchrun.out", r"host\s+: sn-b2-11\n\s+rank\s+: 4 \(local_rank: 0\)", 1)])
def a04():
    key = "a04"
    shared = fresh_shared(key)
    write_text_corpus(shared / "data" / "tinyshakespeare.txt", 4000, seed=4)
    hosts = ["sn-b2-09", "sn-b2-10", "sn-b2-11"]
    leftover = [f"nohup python {S}/prep_cache.py --job-id 88213 --shards 400 >/dev/null 2>&1 &"]
    nodes = [Node(h, 2, console="torchrun.out", pidns=True,
                  pre=(leftover if h == "sn-b2-11" else []) + ["sleep 20"]) for h in hosts]
    j = Job(key, None, nodes, f"{S}/lit_train.py", ["--timeout", "75", "--max_epochs", "1"],
            rdzv="c10d", log_dir="/srv/local/torchrun", redirects="3")
    files = {"ps.txt": "ps -eo pid,ppid,lstart,etime,stat,wchan:24,args",
             "lslocks.txt": "lslocks -o COMMAND,PID,TYPE,MODE,M,PATH"}
    ev = wait_for(r"All distributed processes registered", "sn-b2-09",
                  lambda job: job.__dict__.setdefault("t_reg", time.time()))

    def later(job):
        t = job.__dict__.get("t_reg")
        if t and time.time() - t > 40:
            _snapshot_and_dump(hosts, "lit_train.py", files)(job)
            return True
        return False
    j.run(timeout=300, events=[ev, later])
    d = reset_dest(key)
    j.collect(d, keep=["torchrun"])
    write_label(key)


def _blkio_path(host) -> Path:
    return Path("/sys/fs/cgroup/blkio") / f"s21_{host}"


@case("a05", "a05_job_froze_then_all_ranks_timed_out",
      {"category": "hang", "layer": "infrastructure", "culprit": {"node": "llm-ft-worker-2", "rank": 2},
       "action": "run_diagnostics",
       "rationale": "After step 10 the job stops logging; ranks 0, 1 and 3 sit in the gradient "
                    "all_reduce until ranks 1 and 3 hit the 60 s gloo timeout, while the stack dump and the ps snapshot of "
                    "llm-ft-worker-2 show rank 2 blocked in uninterruptible sleep (D, folio_wait_bit_common) "
                    "inside os.pread of a shard on its local data disk. No hardware error is logged; the "
                    "node's local storage needs diagnosis.",
       "modelled_on": "https://github.com/horovod/horovod/issues/215"},
      [("llm-ft-worker-2/stdout", r"line \d+ in __getitem__", 1),
       ("llm-ft-worker-2/ps.txt", r"\bD\w*\s+folio_wait_bit_common", 1),
       ("llm-ft-worker-[13]/stdout", r"Timed out waiting 60000ms", 2),
       ("llm-ft-worker-0/stdout", r"step 10/40", 1),
       ("llm-ft-worker-2/stdout", r"rank 2/4 up", 1)])
def a05():
    key = "a05"
    fresh_shared(key)
    hosts = [f"llm-ft-worker-{i}" for i in range(4)]
    loops = {}
    try:
        for i, h in enumerate(hosts):
            loops[h] = make_loop_fs(WORK / key / f"{h}.img", 40,
                                    lambda m, i=i: write_shards(m, 6, 4 << 20, seed=10 + i))
        x = "llm-ft-worker-2"
        nodes = [Node(h, 1, console="stdout", pidns=True, loopfs={"data": loops[h]},
                      blkio_read_bps={devnum(loops[h]): 1 << 30} if h == x else {},
                      pre=[f"{NODE_CHECK} > diag/node_check.txt 2>&1"])
                 for h in hosts]
        j = Job(key, None, nodes, f"{S}/loguru_train.py",
                ["--data", "/srv/local/data", "--steps", "40", "--log-every", "5", "--timeout", "60"],
                rdzv="c10d", tee="3")

        def degrade(job):  # the local disk of worker-2 becomes extremely slow mid-run
            (_blkio_path(x) / "blkio.throttle.read_bps_device").write_text(f"{devnum(loops[x])} 512")
            job.__dict__["t_slow"] = time.time()

        files = {"ps.txt": "ps -eo pid,ppid,lstart,etime,stat,wchan:24,args"}

        def inspect(job):
            t = job.__dict__.get("t_slow")
            if t and time.time() - t > 28:
                _snapshot_and_dump(hosts, "loguru_train.py", files)(job)
                return True
            return False
        j.run(timeout=400, events=[wait_for(r"step 10/40", hosts[0], degrade), inspect])
        d = reset_dest(key)
        j.collect(d)
    finally:
        for dev in loops.values():
            free_loop(dev)
    write_label(key)


@case("a07", "a07_log_full_of_warnings_is_the_run_ok",
      {"category": "unknown", "layer": "framework", "culprit": None, "action": "none",
       "rationale": "All six ranks train both epochs, evaluate, save final.pt and the agents exit 0. "
                    "The DataLoader worker-count warning, DDP's find_unused_parameters warning, gloo's "
                    "hostname/loopback fallback on gpu-r3-14, the script's own 'loss spike' warnings and "
                    "the timestamps of gpu-r3-12 being nine hours ahead (TZ=Asia/Tokyo) are all noise.",
       "modelled_on": "https://github.com/danier97/LDMVFI/issues/25"},
      [("gpu-r3-11/train.log", r"saved /srv/shared/final\.pt", 1),
       ("*/train.log", r"find_unused_parameters=True was specified", 3),
       ("*/train.log", r"suggested max number of worker", 3),
       ("*/train.log", r"WARNING +loss spike", 1),
       ("gpu-r3-14/train.log", r"Unable to resolve hostname", 1),
       ("gpu-r3-12/train.log", r"^\[default0\]:\[\d+/\d+/\d+ (1[5-9]|2\d):", 1),
       ("gpu-r3-12/epilogue.txt", r"\+09:00", 1),
       ("*/epilogue.txt", r"=== end node_check ===", 3)])
def a07():
    key = "a07"
    shared = fresh_shared(key)
    (shared / "data").mkdir(parents=True)
    (shared / "data" / "eval_tasks.txt").write_text("tag ner\n" * 12)
    hosts = ["gpu-r3-11", "gpu-r3-12", "gpu-r3-14"]
    env = {"gpu-r3-12": {"TZ": "Asia/Tokyo"}, "gpu-r3-14": {"GLOO_SOCKET_IFNAME": None}}
    nodes = [Node(h, 2, console="train.log", env=env.get(h, {}),
                  self_ip="10.42.3.14" if h == "gpu-r3-14" else None,
                  pre=["export TZ=Asia/Tokyo"] if h == "gpu-r3-12" else [],
                  post=[f"{NODE_CHECK} > diag/epilogue.txt 2>&1"]) for h in hosts]
    j = Job(key, None, nodes, f"{S}/rich_train.py",
            ["--epochs", "2", "--steps", "30", "--num-workers", "3", "--find-unused-parameters",
             "--spike-factor", "1.012"],
            rdzv="c10d", log_dir="/srv/local/logs", tee="1")
    rc = j.run(timeout=400)
    assert all(v == 0 for v in rc.values()), rc
    d = reset_dest(key)
    j.collect(d, keep=["logs"])
    write_label(key)


@case("a08", "a08_job_restarted_by_itself_overnight",
      {"category": "unknown", "layer": "framework", "culprit": None, "action": "none",
       "rationale": "A rank failed once with FileNotFoundError on shard_002.bin (the shard was being "
                    "replaced on the shared data directory); torchrun restarted the worker group "
                    "(--max-restarts 2), all ranks resumed from ckpt_000010 and training finished all "
                    "40 steps and exited 0. The run recovered; nothing to do.",
       "modelled_on": "https://github.com/pytorch/pytorch/issues/76198"},
      [("*/console.log", r"FileNotFoundError: .*shard_002\.bin", 1),
       ("*/console.log", r"restart_count=1", 1),
       ("*/console.log", r"resumed from ckpt_000010\.pt", 3),
       ("*/console.log", r"training finished: 40 steps", 1),
       ("*/elastic_logs/**/attempt_1/0/stderr.log", r"rank \d/3 up", 1)])
def a08():
    key = "a08"
    shared = fresh_shared(key)
    write_shards(shared / "data", 4, 2 << 20, seed=8)
    hosts = ["ml-p5-a03", "ml-p5-a04", "ml-p5-a09"]
    nodes = [Node(h, 1, console="console.log") for h in hosts]
    j = Job(key, None, nodes, f"{S}/loguru_train.py",
            ["--data", "/srv/shared/data", "--steps", "40", "--log-every", "5",
             "--ckpt-dir", "/srv/shared/ckpt", "--ckpt-every", "10", "--timeout", "120"],
            rdzv="c10d", max_restarts=2, log_dir="/srv/local/elastic_logs", tee="3")
    shard = shared / "data" / "shard_002.bin"

    def replace_shard(job):  # the nightly data sync deletes the shard and copies a new one in
        def go():
            data = shard.read_bytes()
            shard.unlink()
            time.sleep(2.5)
            shard.write_bytes(data)
        threading.Thread(target=go, daemon=True).start()
    rc = j.run(timeout=400, events=[wait_for(r"step 15/40", hosts[0], replace_shard)])
    assert all(v == 0 for v in rc.values()), rc
    d = reset_dest(key)
    j.collect(d, keep=["elastic_logs"])
    write_label(key)


@case("a09", "a09_crash_at_end_of_first_epoch_twice",
      {"category": "user_code", "layer": "script", "culprit": None, "action": "stop",
       "rationale": "Both attempts die in the first evaluation all_reduce. attempt_0 shows a gloo "
                    "abort ('Received data size doesn't match expected size. Is there a distributed "
                    "collective mismatch in your code?', exit -6) that looks like a crash on one node; "
                    "attempt_1, rerun with TORCH_DISTRIBUTED_DEBUG=DETAIL and the nodes swapped, names it: "
                    "rank 2 all_reduces a Double tensor while the others use Float (the metric state "
                    "became numpy.float64 on the rank whose eval shard has a sequence-level task). An "
                    "application bug, independent of the node.",
       "modelled_on": "https://github.com/modelscope/ms-swift/pull/9551"},
      [("attempt_0/*/job.out", r"Received data size doesn't match expected size", 1),
       ("attempt_0/*/job.out", r"exitcode\s+: -6 ", 1),
       ("attempt_1/*/job.out", r"TensorDtypes=Double", 2),
       ("attempt_1/*/job.out", r"Tensor Tensor dtypes: (Float ?vs ?Double|Double ?vs ?Float)", 2)])
def a09():
    key = "a09"
    shared = fresh_shared(key)
    (shared / "data").mkdir(parents=True)
    tasks = ["tag pos"] * 24
    tasks[15] = "seq intent"
    (shared / "data" / "eval_tasks.txt").write_text("\n".join(tasks) + "\n")
    d = reset_dest(key)
    args = ["--epochs", "2", "--steps", "15", "--eval-batches", "6", "--timeout", "120",
            "--grad-sync", "manual"]
    for att, order, env in (("attempt_0", ["dgx-a100-031", "dgx-a100-044"], {}),
                            ("attempt_1", ["dgx-a100-044", "dgx-a100-031"],
                             {"TORCH_DISTRIBUTED_DEBUG": "DETAIL"})):
        j = Job(key, att, [Node(h, 2, console="job.out") for h in order], f"{S}/rich_train.py",
                args, env=env)
        j.run(timeout=300)
        j.collect(d / att)
    write_label(key)


@case("a10", "a10_all_ranks_crash_at_step_10",
      {"category": "user_code", "layer": "script", "culprit": None, "action": "stop",
       "rationale": "Training runs normally until the first validation (step 10), where every rank on "
                    "both nodes raises RecursionError: maximum recursion depth exceeded in "
                    "LitCharLM.__getattr__: its alias table is only created on the non-EMA path, so "
                    "looking up ema_net with --ema recurses on self.aliases. A deterministic bug in the "
                    "user's module.",
       "modelled_on": "https://github.com/pytorch/tutorials/issues/836"},
      [("*/lightning.log", r"RecursionError: maximum recursion depth exceeded", 2),
       ("*/lightning.log", r"in __getattr__", 2),
       ("*/lightning.log", r"Epoch 0:  45%", 1)])
def a10():
    key = "a10"
    shared = fresh_shared(key)
    write_text_corpus(shared / "data" / "tinyshakespeare.txt", 3000, seed=10)
    hosts = ["a100-pod7-n12", "a100-pod7-n13"]
    nodes = [Node(h, 2, console="lightning.log") for h in hosts]
    j = Job(key, None, nodes, f"{S}/lit_train.py",
            ["--ema", "--max_epochs", "2", "--limit_train_batches", "20", "--val_check_interval", "10",
             "--timeout", "120"], rdzv="c10d")
    j.run(timeout=300)
    d = reset_dest(key)
    j.collect(d)
    write_label(key)


@case("a12", "a12_training_much_slower_than_last_week",
      {"category": "straggler", "layer": "infrastructure", "culprit": {"node": "hgx-08", "rank": None},
       "action": "run_diagnostics",
       "rationale": "The job finishes, but every iteration waits for hgx-08: the per-rank timers show "
                    "batch-generator (reading samples from the node-local data disk) taking far longer "
                    "on ranks 2 and 3 than on the other ranks, whose extra time is all in "
                    "grads-all-reduce. No error or hardware message anywhere: a slow node (its local "
                    "disk) to diagnose.",
       "modelled_on": "https://github.com/deepspeedai/DeepSpeed/issues/1617"},
      [("hgx-08/logs/**/stdout.log", r"\[Rank [23]\] .*batch-generator: \d{3,}\.", 2),
       ("hgx-07/logs/**/stdout.log", r"\[Rank [01]\] .*batch-generator: \d{1,2}\.\d+ \|", 2),
       ("hgx-09/logs/**/stdout.log", r"iteration +40/ +40", 1),
       ("hgx-09/logs/**/stdout.log", r"batch-generator \.+: \(\d+\.\d+, \d{3,}\.\d+\)", 1)])
def a12():
    key = "a12"
    fresh_shared(key)
    hosts = ["hgx-07", "hgx-08", "hgx-09"]
    x = "hgx-08"
    loops = {}
    try:
        for i, h in enumerate(hosts):
            loops[h] = make_loop_fs(WORK / key / f"{h}.img", 56,
                                    lambda m: write_gpt_bin(m / "gpt_text_document", 300_000, 64, seed=12))
        nodes = [Node(h, 2, console="megatron.err", loopfs={"data": loops[h]},
                      blkio_read_bps={devnum(loops[h]): 64 << 10} if h == x else {},
                      post=[f"{NODE_CHECK} > diag/node_check.txt 2>&1"])
                 for h in hosts]
        j = Job(key, None, nodes, f"{S}/megatron_pretrain_gpt.py",
                ["--num-layers", "2", "--hidden-size", "128", "--seq-length", "64",
                 "--micro-batch-size", "4", "--train-iters", "40", "--lr", "3.0e-4",
                 "--lr-warmup-iters", "6", "--log-interval", "10", "--data-path",
                 "/srv/local/data/gpt_text_document", "--data-shuffle", "--timing-log-level", "2",
                 "--log-timers-to-stdout", "--distributed-timeout-minutes", "5"],
                log_dir="/srv/local/logs", redirects="1")
        rc = j.run(timeout=600)
        d = reset_dest(key)
        j.collect(d, keep=["logs"])
    finally:
        for dev in loops.values():
            free_loop(dev)
    assert all(v == 0 for v in rc.values()), rc
    write_label(key)


_FILL_INODES = ("python -c \"import os\n"
                "root = '/srv/local/outputs/llama3_8b_job8812/profile_trace'\n"
                "i = 0\n"
                "try:\n"
                "    while True:\n"
                "        d = os.path.join(root, 'iteration_%d' % (10 * (i // 8 + 1)))\n"
                "        os.makedirs(d, exist_ok=True)\n"
                "        open(os.path.join(d, 'rank%d_trace.json' % (i % 8)), 'w').write('{}')\n"
                "        i += 1\n"
                "except OSError:\n"
                "    pass\"")


@case("a13", "a13_no_space_left_on_one_node_but_disk_is_empty",
      {"category": "storage", "layer": "infrastructure", "culprit": {"node": "gpu-h100-s2-17", "rank": None},
       "action": "restart_without_node",
       "rationale": "Both ranks of gpu-h100-s2-17 die at step 10 with 'OSError: [Errno 28] No space left "
                    "on device' when dumping profiler traces to /srv/local/outputs, although df -h in its "
                    "prolog shows that disk almost empty; df -i shows 100% of its inodes used (trace "
                    "files left by an older job). The other nodes' outputs disks are fine and their ranks "
                    "only report the lost peer.",
       "modelled_on": "https://github.com/NixOS/nixpkgs/issues/74524"},
      [("gpu-h100-s2-17/stdout.log", r"No space left on device", 1),
       ("gpu-h100-s2-17/prolog.txt", r"tmpfs\s+4096\s+4096\s+0\s+100% /srv/local/outputs", 1),
       ("gpu-h100-s2-17/prolog.txt", r"tmpfs\s+256M\s+\S+\s+\S+\s+[0-9]% /srv/local/outputs", 1),
       ("gpu-h100-s2-15/prolog.txt", r"tmpfs\s+4096\s+\d\s+\d+\s+1% /srv/local/outputs", 1)])
def a13():
    key = "a13"
    fresh_shared(key)
    hosts = ["gpu-h100-s2-14", "gpu-h100-s2-15", "gpu-h100-s2-17"]
    x = "gpu-h100-s2-17"
    nodes = [Node(h, 2, console="stdout.log", tmpfs={"outputs": "256m"},
                  tmpfs_opts={"outputs": "nr_inodes=4096"},
                  pre=([_FILL_INODES] if h == x else []) + [f"{NODE_CHECK} > diag/prolog.txt 2>&1"])
             for h in hosts]
    j = Job(key, None, nodes, f"{S}/titan_train.py",
            ["--model.dim", "128", "--model.n_layers", "2", "--training.steps", "40",
             "--metrics.log_freq", "5", "--profiling.enable_profiling", "--profiling.profile_freq", "10",
             "--job.dump_folder", "/srv/local/outputs", "--comm.train_timeout_seconds", "60"],
            rdzv="c10d", tee="3")
    j.run(timeout=300)
    d = reset_dest(key)
    j.collect(d)
    write_label(key)


@case("a14", "a14_every_node_times_out_30s_after_start",
      {"category": "user_code", "layer": "script", "culprit": None, "action": "stop",
       "rationale": "Rank 0 tokenizes the whole corpus inside main_process_first while all other ranks "
                    "wait in dist.barrier(); with --ddp_timeout 30 they all hit 'Timed out waiting "
                    "30000ms' after 30 s while rank 0's progress bar shows it is still at about half of "
                    "'Running tokenizer on dataset' (then its agent stops it). Nothing is broken on any "
                    "node: the job's own timeout is shorter than its rank-0-only preprocessing.",
       "modelled_on": "https://github.com/hiyouga/LlamaFactory/issues/2424"},
      [("ip-10-0-3-41/output.txt", r"Running tokenizer on dataset: +[1-8]\d%", 1),
       ("ip-10-0-3-4[27]/output.txt", r"Timed out waiting 30000ms", 2),
       ("ip-10-0-3-41/output.txt", r"Signal 15 \(SIGTERM\) received by PID", 1)])
def a14():
    key = "a14"
    shared = fresh_shared(key)
    write_text_corpus(shared / "data" / "train.txt", 20000, seed=14)
    hosts = ["ip-10-0-3-41", "ip-10-0-3-42", "ip-10-0-3-47"]
    nodes = [Node(h, 2, console="output.txt") for h in hosts]
    j = Job(key, None, nodes, f"{S}/hf_run_clm.py",
            ["--ddp_timeout", "30", "--max_steps", "30", "--preprocessing_num_workers", "1"],
            env={"TOKENIZER_MERGE_PASSES": "700"})
    j.run(timeout=300)
    d = reset_dest(key)
    j.collect(d)
    write_label(key)


@case("a15", "a15_dataloader_crashes_on_one_node_at_first_batch",
      {"category": "host", "layer": "infrastructure", "culprit": {"node": "bm-gpu-a7", "rank": None},
       "action": "restart_without_node",
       "rationale": "Only the ranks on bm-gpu-a7 fail, in os.fork() when the DataLoader starts its "
                    "worker processes (BlockingIOError: [Errno 11] Resource temporarily unavailable); the "
                    "same code runs on the other nodes, whose ranks only lose their peers. bm-gpu-a7's "
                    "node check shows a pids-cgroup limit of 15 tasks that the other nodes do not have: "
                    "a host limit on one node.",
       "modelled_on": "https://github.com/open-mmlab/OpenPCDet/issues/329"},
      [("bm-gpu-a7/job.log", r"Resource temporarily unavailable|can't start new thread", 1),
       ("bm-gpu-a7/node_check.txt", r"tasks \(pids cgroup\): \d+ / 15$", 1),
       ("bm-gpu-a5/job.log", r"Connection closed by peer|Connection reset by peer", 1)])
def a15():
    key = "a15"
    shared = fresh_shared(key)
    write_shards(shared / "data", 4, 1 << 20, seed=15)
    hosts = ["bm-gpu-a5", "bm-gpu-a6", "bm-gpu-a7"]
    x = "bm-gpu-a7"
    pmax = int(os.environ.get("A15_PIDS_MAX", "15"))
    nodes = [Node(h, 2, console="job.log", pids_max=pmax if h == x else None,
                  pre=[f"{NODE_CHECK} > diag/node_check.txt 2>&1"]) for h in hosts]
    j = Job(key, None, nodes, f"{S}/loguru_train.py",
            ["--data", "/srv/shared/data", "--steps", "30", "--log-every", "5", "--num-workers", "2",
             "--timeout", "60"], rdzv="c10d")

    j.run(timeout=300)
    d = reset_dest(key)
    j.collect(d)
    write_label(key)


@case("a16", "a16_every_rank_says_dataset_file_missing_midway",
      {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "restart",
       "rationale": "After 30 good iterations every rank on all four nodes fails within the same second "
                    "with FileNotFoundError on /srv/shared/data/gpt_text_document.bin, a file they had "
                    "been reading all along. Each node's mount watch shows /srv/shared vanishing (df falls "
                    "back to the local /srv tmpfs) for a few seconds at that moment and the shared file "
                    "system coming back afterwards, on every node at once: a transient outage of the "
                    "shared storage, not a node or code problem.",
       "modelled_on": "https://github.com/ai4d-iasc/trixie/issues/37"},
      [("*/megatron.log", r"FileNotFoundError: .*gpt_text_document\.bin", 4),
       ("*/megatron.log", r"iteration +30/ +80", 1),
       ("*/shared_mount_watch.log", r"tmpfs /srv$", 4),
       ("*/shared_mount_watch.log", r"tmpfs /srv\n(?:.*\n)*?.* /srv/shared$", 4)])
def a16():
    key = "a16"
    shared = fresh_shared(key)
    write_gpt_bin(shared / "data" / "gpt_text_document", 20000, 64, seed=16)
    hosts = ["cn-gpu-101", "cn-gpu-102", "cn-gpu-103", "cn-gpu-104"]
    watch = ("(while :; do echo \"$(date '+%F %T') $(df -P /srv/shared | awk 'NR==2{print $1, $6}')\"; "
             "sleep 1; done) > diag/shared_mount_watch.log 2>&1 & WATCH=$!")
    nodes = [Node(h, 1, console="megatron.log", pre=[watch], post=["sleep 8", "kill $WATCH"])
             for h in hosts]
    j = Job(key, None, nodes, f"{S}/megatron_pretrain_gpt.py",
            ["--num-layers", "2", "--hidden-size", "128", "--seq-length", "64", "--micro-batch-size", "4",
             "--train-iters", "80", "--lr", "3.0e-4", "--lr-warmup-iters", "5", "--log-interval", "5",
             "--data-path", "/srv/shared/data/gpt_text_document", "--data-shuffle",
             "--distributed-timeout-minutes", "2"])

    def outage(job):
        def go():
            pids = {h: job.ns_pid(h) for h in hosts}
            for h, pid in pids.items():
                subprocess.run(["nsenter", "-t", str(pid), "-m", "umount", "-l", "/srv/shared"])
            time.sleep(4)
            for h, pid in pids.items():
                subprocess.run(["nsenter", "-t", str(pid), "-m", "mount", "--bind", str(shared),
                                "/srv/shared"])
        threading.Thread(target=go, daemon=True).start()
    j.run(timeout=300, events=[wait_for(r"iteration +30/ +80", hosts[-1], outage)])
    d = reset_dest(key)
    j.collect(d)
    write_label(key)
