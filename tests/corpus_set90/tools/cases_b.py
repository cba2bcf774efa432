"""Cases ci11..ci20."""
import json
import random

from cases_a import flood, megatron_iter, plain_dmesg_T, sacct
from common import (Bundle, Job, Stream, add, agent_glog, agent_sigterm, agent_start, childfailed, culprit,
                    dmesg_boot_noise, nccl_init_lines, nccl_warn_ib_completion, nvidia_smi_q, T, ts_c10d, ts_iso,
                    ts_py, ts_slurm, ts_syslog, wd_nccl_error)


def finalize(job, rng, streams, events, script, skip_hosts=(), first_code=-6, extra=None):
    """events: [(t, rank)] of first failures. For every host: SIGTERM the rest, print the table."""
    byh = {}
    for t, r in events:
        byh.setdefault(job.host(r), []).append((t, r))
    for h, evs in byh.items():
        if h in skip_hosts:
            continue
        evs.sort()
        td = add(evs[0][0], 3.0 + rng.uniform(0, 1.2))
        kill = [r for r in job.ranks_of(h) if r != evs[0][1]]
        streams[h].add(td, agent_sigterm(job, h, td, kill))
        fails = [dict(rank=evs[0][1], exitcode=first_code, time=evs[0][0])]
        fails += [dict(rank=r, exitcode=-15, time=add(td, 0.5)) for r in kill]
        streams[h].add(add(td, 1.6), childfailed(job, h, add(td, 1.6), script, fails))
    return byh


def gloo_tb(rank, site, err, frames):
    out = [f"[rank{rank}]: Traceback (most recent call last):"]
    for f in frames:
        out.append(f"[rank{rank}]:   {f}")
    out.append(f"[rank{rank}]: {err}")
    return out


# ---------------------------------------------------------------------------
# ci11: gloo CPU job; bond0 loses its last slave on cpu-n05 (kern.log ISO);
# 30 min later gloo recv/send timeouts, then "Connection closed by peer" naming
# healthy hosts as processes exit.
# ---------------------------------------------------------------------------

def ci11():
    rng = random.Random(9011)
    hosts = [f"cpu-n{i:02d}" for i in range(3, 9)]
    job = Job(rng, hosts, gpn=2, site="/opt/venv/lib/python3.10/site-packages", python="/opt/venv/bin/python3")
    b = Bundle("ci11_gloo_timeouts_and_connection_closed_on_cpu_cluster")
    jobid = 240577
    ip = {h: f"10.20.1.{int(h[-2:]) + 10}" for h in hosts}
    t0 = T(2024, 5, 14, 0, 40, 0, 0)
    down = T(2024, 5, 14, 3, 12, 5, 201000)
    bad = "cpu-n05"
    script = "train_ctr.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 6, "cpu-n03:29400"))
        for r in job.ranks_of(h):
            ti = add(t0, 9 + rng.uniform(0, 1))
            streams[h].add(ti, f"[rank{r}]:{ts_py(ti)} INFO ctr.dist: init_process_group(backend='gloo') rank={r} world_size=12 GLOO_SOCKET_IFNAME=bond0 timeout=0:30:00")
    tt = add(t0, 40)
    bt = 0
    while tt < down:
        if bt % 400 == 0:
            streams["cpu-n03"].add(tt, f"[rank0]:{ts_py(tt)} INFO ctr.train: epoch {bt // 40000} batch {bt:>6} loss={0.452 - bt * 1e-7 + rng.uniform(-0.004, 0.004):.4f} auc={0.771 + bt * 2e-7:.4f} ex/s=182k")
        bt += 1
        tt = add(tt, 0.2141)
    site = job.site
    frames_recv = ["File \"/srv/ctr/train_ctr.py\", line 188, in <module>", "  main()",
                   "File \"/srv/ctr/train_ctr.py\", line 171, in main", "  loss.backward()",
                   f"File \"{site}/torch/_tensor.py\", line 521, in backward", "  torch.autograd.backward(",
                   f"File \"{site}/torch/autograd/__init__.py\", line 289, in backward", "  _engine_run_backward(",
                   f"File \"{site}/torch/autograd/graph.py\", line 769, in _engine_run_backward",
                   "  return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"]
    # every rank's gloo op started right after the link loss; timeouts fire 1800 s later
    fire = {}
    for r in range(job.world):
        s0 = add(down, rng.uniform(0.0, 0.2))
        fire[r] = add(s0, 1800 + rng.uniform(0.01, 0.9))
    order = sorted(range(job.world), key=lambda r: fire[r])
    exited = []  # (time the process is gone, host)
    events = []
    for r in order:
        h = job.host(r)
        gone = [(t, x) for t, x in exited if x != h and t < fire[r]]
        if gone and h != bad and len(gone) >= 2:
            tg, peer = gone[0]
            te = add(tg, rng.uniform(0.03, 0.2))
            err = f"RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer [{ip[peer]}]:{rng.randint(20000, 60000)}"
        elif h == bad:
            te = fire[r]
            err = "RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:133] Timed out waiting 1800000ms for send operation to complete"
        else:
            te = fire[r]
            err = "RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 1800000ms for recv operation to complete"
        streams[h].add(te, [f"[rank{r}]:{ts_py(te)} ERROR ctr.train: allreduce of dense grads failed at batch {bt}"] + gloo_tb(r, site, err, frames_recv))
        events.append((te, r))
        exited.append((add(te, 0.35), h))
        exited.sort()
    late = max(t for t, _ in events)
    byh = finalize(job, rng, streams, events, script, first_code=1)
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
        ev = [(T(2024, 5, 9, 6, 1, 12, 331000), f"{h} kernel: [   21.901233] bnxt_en 0000:3b:00.0 ens1f0np0: NIC Link is Up, 25000 Mbps (NRZ) full duplex, Flow control: ON - receive & transmit"),
              (T(2024, 5, 9, 6, 1, 12, 402000), f"{h} kernel: [   21.972201] bond0: (slave ens1f0np0): Enslaving as a backup interface with an up link"),
              (T(2024, 5, 9, 6, 1, 12, 511000), f"{h} kernel: [   22.081540] bond0: (slave ens1f1np1): Enslaving as a backup interface with an up link"),
              (T(2024, 5, 14, 0, 39, 58, 12000), f"{h} systemd[1]: Started Session {rng.randint(1000, 9999)} of User ctrsvc."),
              (T(2024, 5, 14, 2, 0, 1, 4000), f"{h} CRON[{rng.randint(10000, 99999)}]: (root) CMD (/usr/local/sbin/check_ntp.sh)")]
        if h == bad:
            up = (down - T(2024, 5, 9, 6, 0, 50)).total_seconds()
            ev += [(T(2024, 5, 14, 2, 49, 40, 771000), f"{h} kernel: [{up - 1344.43:.6f}] bnxt_en 0000:3b:00.1 ens1f1np1: NIC Link is Down"),
                   (T(2024, 5, 14, 2, 49, 40, 871000), f"{h} kernel: [{up - 1344.33:.6f}] bond0: (slave ens1f1np1): link status definitely down, disabling slave"),
                   (down, f"{h} kernel: [{up:.6f}] bnxt_en 0000:3b:00.0 ens1f0np0: NIC Link is Down"),
                   (add(down, 0.1), f"{h} kernel: [{up + 0.1:.6f}] bond0: (slave ens1f0np0): link status definitely down, disabling slave"),
                   (add(down, 0.1), f"{h} kernel: [{up + 0.1:.6f}] bond0: now running without any active interface!"),
                   (add(down, 3.9), f"{h} chronyd[1402]: Can't synchronise: no selectable sources"),
                   (add(down, 1200), f"{h} systemd-networkd[1190]: bond0: Lost carrier")]
        ev.sort(key=lambda x: x[0])
        b.w(f"{h}/kern.log", [f"{ts_iso(t)} {m}" for t, m in ev])
    b.w("hosts", ["127.0.0.1 localhost"] + [f"{ip[h]}  {h}" for h in hosts])
    tend = add(late, 12)
    b.w(f"slurm-{jobid}.out", ["+ srun --ntasks-per-node=1 torchrun --nnodes=6 --nproc-per-node=2 --rdzv-backend=c10d --rdzv-endpoint=cpu-n03:29400 train_ctr.py --cfg ctr_dlrm_cpu.yaml"] +
        [f"srun: error: {h}: task {i}: Exited with exit code 1" for i, h in enumerate(hosts)])
    b.w("sacct.txt", sacct(jobid, "ctr-dlrm", "FAILED", "1:0", t0, tend, "cpu-n[03-08]",
                           [("batch", "batch", "FAILED", "1:0", 64, t0, tend, "cpu-n03"),
                            ("0", "torchrun", "FAILED", "1:0", 384, add(t0, 1), tend, "cpu-n[03-08]")]))
    b.set_label("network", "infrastructure", culprit(bad, None), "restart_without_node",
                "kern.log on cpu-n05 shows ens1f1np1 down at 02:49 and the last bond0 slave ens1f0np0 down at 03:12:05 ('now running without any active interface'); exactly 1800 s later the gloo ops start timing out (n05's own ranks on send), and the 'Connection closed by peer' errors that follow within a second name healthy hosts whose ranks had already exited.",
                "https://github.com/facebookresearch/PyTorch-BigGraph/issues/152")
    return b


# ---------------------------------------------------------------------------
# ci12: gloo CPU job; rank 5 IndexError in an embedding lookup; the pdsh-merged log
# shows peers' "Read error ... Connection reset by peer" before rank 5's traceback.
# ---------------------------------------------------------------------------

def ci12():
    rng = random.Random(9012)
    hosts = ["cpu-b01", "cpu-b02", "cpu-b03", "cpu-b04"]
    job = Job(rng, hosts, gpn=4, site="/usr/lib/python3/dist-packages", python="/usr/bin/python3")
    b = Bundle("ci12_gloo_read_errors_connection_reset_on_every_node")
    ip = {h: f"10.30.2.{11 + i}" for i, h in enumerate(hosts)}
    t0 = T(2024, 5, 7, 14, 2, 30, 0)
    boom = T(2024, 5, 7, 16, 40, 11, 882000)
    bad = 5
    script = "train_rec.py"
    s = Stream()
    s.add(t0, [f"$ pdsh -w cpu-b[01-04] 'cd /srv/rec && torchrun --nnodes=4 --nproc-per-node=4 --node-rank=%n --master-addr=cpu-b01 --master-port=29600 train_rec.py --cfg rec_v7.yaml'"])
    for h in hosts:
        s.add(t0, agent_start(job, h, t0, script, 4, "cpu-b01:29600"), f"{h}: ")
    tt = add(t0, 60)
    bt = 0
    while tt < boom:
        if bt % 1000 == 0:
            s.add(tt, f"[rank0]:{ts_py(tt)} INFO rec.train: step {bt:>7} loss {0.318 + rng.uniform(-0.005, 0.005):.4f} ne {0.861 + rng.uniform(-0.002, 0.002):.4f} qps 94k", "cpu-b01: ")
        bt += 1
        tt = add(tt, 0.1031)
    site = job.site
    # peers' resets (arrive first in the merged file)
    events = []
    order = [r for r in range(job.world) if r != bad]
    rng.shuffle(order)
    for i, r in enumerate(order):
        h = job.host(r)
        te = add(boom, 0.095 + i * 0.017 + rng.uniform(0, 0.01))
        peer = hosts[1] if i < 9 else rng.choice([x for x in hosts if x != h])
        kind = rng.choice(["Read error [{}]:{}: Connection reset by peer", "Connection closed by peer [{}]:{}"]) if i >= 3 else "Read error [{}]:{}: Connection reset by peer"
        msg = kind.format(ip[peer], rng.randint(20000, 60000))
        lines = [f"[rank{r}]:{ts_py(te)} ERROR rec.train: all_to_all (sparse features) failed at step {bt}"]
        lines += gloo_tb(r, site, f"RuntimeError: [/opt/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:{534 if 'Read' in msg else 598}] {msg}",
                         ["File \"/srv/rec/train_rec.py\", line 233, in <module>", "  main()",
                          "File \"/srv/rec/train_rec.py\", line 207, in main", "  out = model(batch)",
                          "File \"/srv/rec/rec/sharding.py\", line 141, in forward", "  feats = self._dist_input(kjt)",
                          "File \"/srv/rec/rec/sharding.py\", line 98, in _dist_input", "  dist.all_to_all_single(out, inp, out_splits, in_splits, group=self.pg)",
                          f"File \"{site}/torch/distributed/c10d_logger.py\", line 83, in wrapper", "  return func(*args, **kwargs)",
                          f"File \"{site}/torch/distributed/distributed_c10d.py\", line 3993, in all_to_all_single", "  work.wait()"])
        s.add(te, lines, f"{h}: ")
        events.append((add(te, 0.6), r))
    # rank 5 traceback, flushed after the peers' lines
    tb_t = add(boom, 0.41)
    lines = [f"[rank5]:{ts_py(add(boom, -0.002))} WARNING rec.features: feature 'user_age_bucket': id 40 >= num_embeddings 40 in batch (source part-00417.parquet)",
             f"[rank5]:{ts_py(boom)} ERROR rec.train: step {bt} failed on rank 5"]
    lines += gloo_tb(5, site, "IndexError: index out of range in self",
                     ["File \"/srv/rec/train_rec.py\", line 233, in <module>", "  main()",
                      "File \"/srv/rec/train_rec.py\", line 207, in main", "  out = model(batch)",
                      f"File \"{site}/torch/nn/modules/module.py\", line 1553, in _wrapped_call_impl", "  return self._call_impl(*args, **kwargs)",
                      "File \"/srv/rec/rec/model.py\", line 77, in forward", "  emb = self.tables[name](ids)",
                      f"File \"{site}/torch/nn/modules/sparse.py\", line 164, in forward", "  return F.embedding(",
                      f"File \"{site}/torch/nn/functional.py\", line 2267, in embedding", "  return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)"])
    s.add(tb_t, lines, "cpu-b02: ")
    events.append((add(boom, 0.3), bad))
    # agents
    byh = {}
    for t, r in events:
        byh.setdefault(job.host(r), []).append((t, r))
    for h, evs in byh.items():
        evs.sort()
        td = add(evs[-1][0], 0.4)
        fails = [dict(rank=r, exitcode=1, time=t, error_file="<N/A>") for t, r in evs]
        s.add(add(td, 1.1), childfailed(job, h, add(td, 1.1), script, fails), f"{h}: ")
    s.add(add(boom, 5), [f"pdsh@cpu-b01: {h}: ssh exited with exit code 1" for h in hosts])
    b.w("pdsh.log", s.render())
    b.w("hosts", ["127.0.0.1 localhost"] + [f"{ip[h]}  {h}" for h in hosts])
    b.w("rec_v7.yaml", ["tables:", "  user_age_bucket: {num_embeddings: 40, dim: 16}", "  item_id: {num_embeddings: 50000000, dim: 128}",
                        "data:", "  path: /data/rec/v7/  # includes 2024-05-07 drop part-00400..00431 (new age buckets)",
                        "dist:", "  backend: gloo", "  timeout_s: 1800"])
    for h in hosts:
        b.w(f"{h}/dmesg.txt", plain_dmesg_T([(add(T(2024, 5, 1, 8, 0, 0), i * 0.3), m) for i, m in enumerate(dmesg_boot_noise()[:7])]))
    b.set_label("user_code", "script", None, "stop",
                "Rank 5 on cpu-b02 hit IndexError: index out of range in self at 16:40:11.882 after its feature check found user_age_bucket id 40 >= num_embeddings 40 (new data vs rec_v7.yaml); the gloo 'Read error ... Connection reset by peer' lines on all other ranks are stamped 16:40:11.97 and later even though they come first in the merged pdsh log.",
                "https://github.com/meta-pytorch/torchrec/issues/3560")
    return b


# ---------------------------------------------------------------------------
# ci13: gloo CPU job preempted by Slurm; connection-closed errors before the
# slurmstepd line in file order.
# ---------------------------------------------------------------------------

def ci13():
    rng = random.Random(9013)
    hosts = ["cpu-c01", "cpu-c02", "cpu-c03", "cpu-c04"]
    job = Job(rng, hosts, gpn=2, site="/opt/venv/lib/python3.11/site-packages", python="/opt/venv/bin/python3")
    b = Bundle("ci13_gloo_sigterm_and_connection_closed_mid_epoch")
    jobid = 55821
    t0 = T(2024, 5, 19, 22, 14, 9, 0)
    pre = T(2024, 5, 20, 2, 0, 3, 0)
    ip = {h: f"10.50.0.{11 + i}" for i, h in enumerate(hosts)}
    script = "fit_gnn.py"
    s = Stream()
    s.add(t0, ["+ srun --label --ntasks-per-node=1 torchrun --nnodes=4 --nproc-per-node=2 --rdzv-endpoint=cpu-c01:29500 fit_gnn.py --epochs 40"])
    lab = lambda h: f"{hosts.index(h)}: "  # noqa: E731
    for h in hosts:
        s.add(t0, agent_start(job, h, t0, script, 4, "cpu-c01:29500"), lab(h))
    tw = T(2024, 5, 19, 22, 15, 2, 118000)
    s.add(tw, f"[rank3]:{job.site}/torch/distributed/distributed_c10d.py:4201: UserWarning: barrier(): using the default process group; pass group explicitly to silence", lab("cpu-c02"))
    tt = add(t0, 70)
    ep = 0
    while tt < pre:
        s.add(tt, f"[rank0]:{ts_py(tt)} INFO gnn: epoch {ep:>2} train_loss {0.91 * 0.93 ** ep:.4f} val_acc {0.61 + 0.008 * ep:.4f} epoch_time 603.2s", lab("cpu-c01"))
        ep += 1
        tt = add(tt, 603.2)
    # signals: slurm sends SIGTERM at pre; node c03 workers die first, c02 rank sees closed connection
    for h in hosts:
        tsig = add(pre, 0.18 + hosts.index(h) * 0.05)
        s.add(add(pre, 1.9), [agent_glog(job, h, tsig, "W", "elastic/agent/server/api.py", 704, "Received Signals.SIGTERM death signal, shutting down workers")] +
              agent_sigterm(job, h, add(tsig, 0.001), job.ranks_of(h)), lab(h))
    tc = add(pre, 0.734)
    s.add(add(pre, 0.9), [f"[rank2]:{ts_py(tc)} ERROR gnn: neighbor sampling exchange failed",
                          "[rank2]: Traceback (most recent call last):",
                          "[rank2]:   File \"/srv/gnn/fit_gnn.py\", line 151, in train_epoch",
                          "[rank2]:     dist.all_to_all(out_feats, in_feats)",
                          f"[rank2]:   File \"{job.site}/torch/distributed/distributed_c10d.py\", line 4145, in all_to_all",
                          "[rank2]:     work.wait()",
                          f"[rank2]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer [{ip['cpu-c03']}]:{rng.randint(20000, 60000)}"], lab("cpu-c02"))
    s.add(add(pre, 1.2), f"slurmstepd: error: *** JOB {jobid} ON cpu-c01 CANCELLED AT {ts_slurm(pre)} DUE TO PREEMPTION ***")
    s.add(add(pre, 1.25), f"slurmstepd: error: *** STEP {jobid}.0 ON cpu-c01 CANCELLED AT {ts_slurm(pre)} DUE TO PREEMPTION ***")
    for h in hosts:
        te = add(pre, 2.4 + hosts.index(h) * 0.1)
        s.add(te, ["Traceback (most recent call last):", "  File \"/opt/venv/bin/torchrun\", line 8, in <module>", "    sys.exit(main())",
                   f"  File \"{job.site}/torch/distributed/elastic/agent/server/api.py\", line 696, in run",
                   "    result = self._invoke_run(role)",
                   f"  File \"{job.site}/torch/distributed/elastic/agent/server/api.py\", line 849, in _invoke_run",
                   "    time.sleep(monitor_interval)",
                   f"  File \"{job.site}/torch/distributed/elastic/multiprocessing/api.py\", line 84, in _terminate_process_handler",
                   "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
                   f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {job.agent_pid[h]} got signal: 15"], lab(h))
    s.add(add(pre, 3.1), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    s.add(add(pre, 3.3), "srun: forcing job termination")
    b.w(f"slurm-{jobid}.out", s.render())
    b.w("sacct.txt", ["JobID           JobName  Partition      State ExitCode               Start                 End        NodeList ",
                      "------------ ---------- ---------- ---------- -------- ------------------- ------------------- --------------- ",
                      f"{jobid:<12}    gnn-fit  cpu-spot   PREEMPTED      0:0 {ts_slurm(t0)} {ts_slurm(pre)} cpu-c[01-04]    ",
                      f"{jobid}.batch      batch             CANCELLED     0:15 {ts_slurm(t0)} {ts_slurm(add(pre, 4))} cpu-c01         ",
                      f"{jobid}.0      torchrun             CANCELLED     0:15 {ts_slurm(add(t0, 1))} {ts_slurm(add(pre, 4))} cpu-c[01-04]    "])
    b.w("slurmctld-excerpt.log", [f"[{ts_slurm(add(pre, -1))}.611] preempted JobId={jobid} by JobId={jobid + 1402} (partition cpu-spot, PreemptMode=CANCEL, GraceTime=0)",
                                  f"[{ts_slurm(pre)}.002] _job_signal: of JobId={jobid} successful 0x0"])
    for h in hosts:
        b.w(f"{h}/dmesg.txt", plain_dmesg_T([(add(T(2024, 5, 12, 4, 0, 0), i * 0.3), m) for i, m in enumerate(dmesg_boot_noise()[:6])]))
    b.set_label("unknown", "infrastructure", None, "none",
                "sacct shows PREEMPTED and slurmctld preempted the job for a higher-priority job at 02:00:03 (PreemptMode=CANCEL); the torchrun SignalExceptions and the gloo 'Connection closed by peer' on rank 2 (02:00:03.734, printed above the slurmstepd line) are the shutdown, not a fault.",
                "https://github.com/facebookincubator/submitit/pull/1701")
    return b


# ---------------------------------------------------------------------------
# ci14: node dgx-c07 reset by its BMC (CPU IERR); peers print IB completion errors
# naming its addresses; its own logs just stop.
# ---------------------------------------------------------------------------

def ci14():
    rng = random.Random(9014)
    hosts = [f"dgx-c{i:02d}" for i in range(1, 9)]
    job = Job(rng, hosts, torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci14_peers_report_ib_completion_errors_toward_one_host")
    jobid = 700219
    t0 = T(2024, 4, 10, 6, 30, 0, 0)
    dead = T(2024, 4, 10, 11, 20, 29, 412000)
    bad = "dgx-c07"
    ip = {h: f"10.40.3.{int(h[-2:])}" for h in hosts}
    script = "pretrain.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 8, "dgx-c01:29500"))
    tt = add(t0, 80)
    it = 0
    while tt < add(dead, -1.1):
        if it % 20 == 0:
            streams["dgx-c01"].add(tt, f"[rank0]:{ts_py(tt)} INFO nemo: step {it + 120400} reduced_train_loss={1.58 + rng.uniform(-0.02, 0.02):.4f} lr=1.2e-04 consumed_samples={(it + 120400) * 1024} train_step_timing=2.87")
        if it % 20 == 5:
            r = job.ranks_of(bad)[0]
            streams[bad].add(tt, f"[rank{r}]:{ts_py(tt)} DEBUG nemo.data: rank {r} prefetch queue depth 4/4")
        it += 1
        tt = add(tt, 2.87)
    neigh = [("dgx-c06", 3), ("dgx-c08", 3), ("dgx-c03", 3), ("dgx-c05", 3)]
    events = []
    for i, (h, lr) in enumerate(neigh):
        r = job.ranks_of(h)[lr]
        tw = add(dead, 17.8 + i * 0.6 + rng.uniform(0, 0.4))
        streams[h].add(tw, nccl_warn_ib_completion(job, r, tw, ip[bad], rng.randint(40000, 60000), ip[h], "mlx5_3", op="Send" if i % 2 else "Recv"))
        te = add(tw, 0.8)
        streams[h].add(te, wd_nccl_error(job, r, te, f"NET/IB : Got completion from peer {ip[bad]}<{rng.randint(40000, 60000)}> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:{ip[h]} remoteGids::ffff:{ip[bad]} hca mlx5_3"))
        events.append((te, r))
    quick_hosts = {job.host(r) for _, r in events}
    rest = [r for r in range(job.world) if job.host(r) not in quick_hosts and job.host(r) != bad]
    fl = flood(job, rng, rest, add(dead, -0.3), 5502231, "_REDUCE_SCATTER_BASE", 41943040, 600000, trace={0, 20})
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        events.append((f, r))
    finalize(job, rng, streams, events, script)
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    # journal of the dead node
    j = [f"2024-04-10T11:00:01+0000 {bad} CRON[771102]: (root) CMD (/usr/sbin/dcgmi health -c >/dev/null)",
         f"2024-04-10T11:17:44+0000 {bad} systemd[1]: Starting Cleanup of Temporary Directories...",
         f"2024-04-10T11:17:44+0000 {bad} systemd[1]: systemd-tmpfiles-clean.service: Deactivated successfully.",
         f"2024-04-10T11:20:27+0000 {bad} nv-hostengine[3312]: DCGM health check: all watched systems healthy",
         "-- Boot 8c1f5e0b2d3a4e7f9a6b1c2d3e4f5a6b --",
         f"2024-04-10T11:24:52+0000 {bad} kernel: Linux version 5.15.0-105-generic (buildd@lcy02-amd64-034) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024",
         f"2024-04-10T11:24:52+0000 {bad} kernel: Command line: BOOT_IMAGE=/vmlinuz-5.15.0-105-generic root=UUID=4b1c3f0e ro",
         f"2024-04-10T11:24:53+0000 {bad} kernel: mce: [Hardware Error]: Machine check events logged",
         f"2024-04-10T11:24:53+0000 {bad} kernel: mce: [Hardware Error]: CPU 0: Machine Check: 0 Bank 4: bf80000000000405",
         f"2024-04-10T11:24:53+0000 {bad} kernel: mce: [Hardware Error]: TSC 0 ADDR 0 MISC 0 SYND 0 IPID 0",
         f"2024-04-10T11:24:53+0000 {bad} kernel: mce: [Hardware Error]: PROCESSOR 2:a10f11 TIME 1712748292 SOCKET 0 APIC 0 microcode a101144",
         f"2024-04-10T11:25:31+0000 {bad} systemd[1]: Reached target Multi-User System.",
         f"2024-04-10T11:25:40+0000 {bad} slurmd[2871]: slurmd version 23.11.4 started"]
    b.w(f"{bad}/journal.txt", j)
    b.w(f"{bad}/ipmi-sel.txt", ["  1a0 | 03/28/2024 | 09:12:03 | System Event #0x83 | Timestamp Clock Sync | Asserted",
                                "  1a1 | 04/10/2024 | 11:20:29 | Processor CPU0_Status | IERR | Asserted",
                                "  1a2 | 04/10/2024 | 11:20:31 | Watchdog2 #0xca | Hard reset | Asserted",
                                "  1a3 | 04/10/2024 | 11:24:20 | System Event #0x83 | OEM System Boot Event | Asserted"])
    b.w(f"{bad}/last-x.txt", ["reboot   system boot  5.15.0-105-gener Wed Apr 10 11:24   still running",
                              "runlevel (to lvl 5)   5.15.0-105-gener Wed Apr 10 11:25   still running",
                              "reboot   system boot  5.15.0-105-gener Thu Mar 28 09:11 - crash (13+02:13)"])
    b.w("hosts", ["127.0.0.1 localhost"] + [f"10.40.0.{int(h[-2:])}  {h}" for h in hosts] + [f"{ip[h]}  {h}-ib3" for h in hosts])
    tend = add(max(t for t, _ in events), 9)
    b.w(f"slurm-{jobid}.out", ["+ srun --ntasks-per-node=1 torchrun --nnodes=8 --nproc-per-node=8 --rdzv-endpoint=dgx-c01:29500 pretrain.py trainer.num_nodes=8",
                               "srun: error: Node failure on dgx-c07",
                               "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."] +
        [f"srun: error: {h}: task {i}: Exited with exit code 1" for i, h in enumerate(hosts) if h != bad])
    b.w("sacct.txt", sacct(jobid, "nemo-gpt-40b", "NODE_FAIL", "0:0", t0, T(2024, 4, 10, 11, 22, 31), "dgx-c[01-08]",
                           [("batch", "batch", "CANCELLED", "0:15", 224, t0, tend, "dgx-c01"),
                            ("0", "torchrun", "NODE_FAIL", "0:0", 1792, add(t0, 1), T(2024, 4, 10, 11, 22, 31), "dgx-c[01-08]")]))
    b.set_label("host", "infrastructure", culprit(bad, None), "restart_without_node",
                "dgx-c07's journal stops at 11:20:27 (its rank 48 debug lines a minute earlier); its BMC logged a CPU0 IERR at 11:20:29 and a watchdog hard reset at 11:20:31, the journal shows a new boot at 11:24:52 with machine-check records, and Slurm reports NODE_FAIL. The IB status=12 errors on c03/c05/c06/c08 all point at 10.40.3.7 (dgx-c07) and are consequences.",
                "https://github.com/pytorch/pytorch/issues/150916")
    return b


# ---------------------------------------------------------------------------
# ci15: Xid 79 on gpu-k04 GPU3 (kern.log ISO). After the 30 min timeouts every
# node logs Xid 45 while the watchdog kills its processes.
# ---------------------------------------------------------------------------

def ci15():
    rng = random.Random(9015)
    hosts = [f"gpu-k{i:02d}" for i in range(1, 7)]
    job = Job(rng, hosts)
    b = Bundle("ci15_xid_45_on_every_node_after_collective_timeouts")
    t0 = T(2024, 9, 3, 1, 2, 0, 0)
    fall = T(2024, 9, 3, 5, 31, 17, 220000)
    bad = "gpu-k04"
    cr = 3 * 8 + 3
    script = "train.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 6, "gpu-k01:29500"))
    tt = add(t0, 60)
    st = 0
    while tt < fall:
        if st % 100 == 0:
            streams["gpu-k01"].add(tt, f"[rank0]:{ts_py(tt)} INFO | step {st + 50200} | loss {2.02 + rng.uniform(-0.02, 0.02):.4f} | lr 1.5e-4 | 1.12 s/it")
        st += 1
        tt = add(tt, 1.12)
    others = [r for r in range(job.world) if r != cr]
    fl = flood(job, rng, others, add(fall, 0.1), 9001174, "ALLREDUCE", 134217728, 1800000, trace={0, 26, 40})
    events = []
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        events.append((f, r))
    byh = finalize(job, rng, streams, events, script)
    # on k04 the culprit never answers SIGTERM -> SIGKILL (appended after table would be unusual; keep table as produced)
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    for h in hosts:
        up0 = T(2024, 8, 30, 17, 0, 0)
        ev = [(T(2024, 9, 3, 1, 1, 40, 100000), f"{h} systemd[1]: Started Slurm step session."),
              (T(2024, 9, 3, 3, 0, 0, 9000), f"{h} CRON[{rng.randint(10000, 99999)}]: (root) CMD (/opt/monitoring/nvidia_health.sh)")]
        if h == bad:
            pid = job.pid[cr]
            ev += [(fall, f"{h} kernel: [{(fall - up0).total_seconds():.6f}] NVRM: GPU at PCI:0000:5d:00: GPU-2a9c61f0-7e1d-4b0a-8e55-9c4d3b2f1e07"),
                   (fall, f"{h} kernel: [{(fall - up0).total_seconds():.6f}] NVRM: GPU Board Serial Number: 1652824031547"),
                   (fall, f"{h} kernel: [{(fall - up0).total_seconds():.6f}] NVRM: Xid (PCI:0000:5d:00): 79, pid={pid}, name=pt_main_thread, GPU has fallen off the bus."),
                   (fall, f"{h} kernel: [{(fall - up0).total_seconds():.6f}] NVRM: GPU 0000:5d:00.0: GPU has fallen off the bus."),
                   (add(fall, 0.02), f"{h} kernel: [{(fall - up0).total_seconds() + 0.02:.6f}] NVRM: A GPU crash dump has been created. If possible, please run"),
                   (add(fall, 0.02), f"{h} kernel: [{(fall - up0).total_seconds() + 0.02:.6f}] NVRM: nvidia-bug-report.sh as root to collect this data before"),
                   (add(fall, 0.02), f"{h} kernel: [{(fall - up0).total_seconds() + 0.02:.6f}] NVRM: the NVIDIA kernel module is unloaded."),
                   (add(fall, 0.9), f"{h} kernel: [{(fall - up0).total_seconds() + 0.9:.6f}] pcieport 0000:5c:01.0: AER: Uncorrected (Fatal) error received: 0000:5c:01.0"),
                   (add(fall, 0.9), f"{h} kernel: [{(fall - up0).total_seconds() + 0.9:.6f}] pcieport 0000:5c:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)")]
        # Xid 45 while processes are torn down after the timeouts
        evs = sorted(byh.get(h, []))
        if evs:
            tk = add(evs[0][0], 0.4)
            for r in job.ranks_of(h):
                if r == cr:
                    continue
                lr = job.local(r)
                ev.append((add(tk, lr * 0.013), f"{h} kernel: [{(tk - up0).total_seconds() + lr * 0.013:.6f}] NVRM: Xid (PCI:{job.pci(lr, short=True)}): 45, pid={job.pid[r]}, name=pt_main_thread, Ch 0000000{lr % 8}"))
        ev.sort(key=lambda x: x[0])
        b.w(f"{h}/kern.log", [f"{ts_iso(t)} {m}" for t, m in ev])
    b.set_label("gpu_hardware", "infrastructure", culprit(bad, cr), "restart_without_node",
                "gpu-k04 kern.log: Xid 79 'GPU has fallen off the bus' on PCI 5d (GPU3, rank 27's pid) plus a fatal PCIe AER at 05:31:17; everyone else times out at ~06:01:17 (1800 s later) and the Xid 45 lines on all six nodes are the driver cleaning up the killed processes afterwards.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1150")
    return b


# ---------------------------------------------------------------------------
# ci16: master node gpu-m01 (TCPStore host) dies from a fatal machine check.
# Others: IB errors, watchdog timeouts, TCPStore "Connection reset by peer" and a
# RendezvousConnectionError when m01 comes back and refuses the old sockets.
# ---------------------------------------------------------------------------

def ci16():
    rng = random.Random(9016)
    hosts = ["gpu-m01", "gpu-m02", "gpu-m03", "gpu-m04"]
    job = Job(rng, hosts, torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci16_tcpstore_connection_reset_on_every_rank")
    t0 = T(2024, 11, 7, 15, 2, 0, 0)
    mce = T(2024, 11, 7, 19, 45, 10, 66000)
    back = T(2024, 11, 7, 19, 52, 38, 0)
    bad = "gpu-m01"
    script = "finetune.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 4, "gpu-m01:29500"))
    tt = add(t0, 50)
    st = 0
    while tt < mce:
        if st % 50 == 0:
            streams["gpu-m01"].add(tt, f"[rank0]:{ts_py(tt)} INFO train: step={st} loss={1.402 - st * 2e-5 + rng.uniform(-0.01, 0.01):.4f} lr=2e-5 samples/s=311")
        st += 1
        tt = add(tt, 1.73)
    events = []
    for i, h in enumerate(["gpu-m02", "gpu-m04"]):
        r = job.ranks_of(h)[i * 3]
        tw = add(mce, 18.4 + i * 0.9)
        streams[h].add(tw, nccl_warn_ib_completion(job, r, tw, "10.60.0.11", rng.randint(40000, 60000), f"10.60.0.{11 + hosts.index(h)}", "mlx5_0"))
        te = add(tw, 0.7)
        streams[h].add(te, wd_nccl_error(job, r, te, f"NET/IB : Got completion from peer 10.60.0.11<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.60.0.{11 + hosts.index(h)} remoteGids::ffff:10.60.0.11 hca mlx5_0"))
        events.append((te, r))
    quick_hosts = {job.host(r) for _, r in events}
    rest = [r for r in range(job.world) if job.host(r) not in quick_hosts and job.host(r) != bad]
    fl = flood(job, rng, rest, add(mce, -0.2), 880212, "ALLREDUCE", 33554432, 600000, trace={8, 17})
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        events.append((f, r))
    # TCPStore heartbeat checks fail once m01 is back (RST); before that they hang
    for h in ["gpu-m03"]:
        for r in job.ranks_of(h)[:3]:
            tr = add(back, 3 + rng.uniform(0, 2))
            streams[h].add(tr, [f"[rank{r}]:[W{ts_c10d(tr, rng.randint(0, 999))} TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd={rng.randint(60, 140)}, addr=[{h}]:{rng.randint(40000, 60000)}, remote=[gpu-m01]:29500): Connection reset by peer",
                                "Exception raised from recvBytes at ../torch/csrc/distributed/c10d/Utils.hpp:670 (most recent call first):",
                                f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x{job.addr[r] + 0xf86:x} in {job.lib('libc10.so')})",
                                f"frame #1: <unknown function> + 0x5ba8bfe (0x{job.addr[r] + 0x5ba8bfe:x} in {job.lib('libtorch_cpu.so')})",
                                f"frame #2: c10d::TCPStore::check(std::vector<std::string, std::allocator<std::string> > const&) + 0x2a (0x{job.addr[r] + 0x5bb1a2a:x} in {job.lib('libtorch_cpu.so')})",
                                f"frame #3: c10d::ProcessGroupNCCL::heartbeatMonitor() + 0x379 (0x{job.addr[r] + 0x1f2279:x} in {job.lib('libtorch_cuda.so')})",
                                "",
                                f"[rank{r}]:[W{ts_c10d(add(tr, 0.0001), rng.randint(0, 999))} ProcessGroupNCCL.cpp:1662] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection reset by peer"])
    byh = finalize(job, rng, streams, events, script)
    for h, evs in byh.items():
        tfin = add(sorted(evs)[0][0], 5.0)
        ta = add(tfin, 30.1) if tfin < back else add(tfin, 0.3)
        node_id = f"{h}_{job.agent_pid[h]}_0"
        streams[h].add(ta, agent_glog(job, h, ta, "W", "elastic/rendezvous/dynamic_rendezvous.py", 1318,
                                      f"The node '{node_id}' has failed to shutdown the rendezvous 'ft-7031' due to an error of type RendezvousConnectionError."))
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    up = T(2024, 10, 30, 8, 22, 10)
    u = lambda t: f"[{(t - up).total_seconds():.6f}]"  # noqa: E731
    kl = [(T(2024, 11, 7, 15, 1, 50, 212000), f"{bad} kernel: {u(T(2024, 11, 7, 15, 1, 50, 212000))} nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"),
          (add(mce, -41.2), f"{bad} kernel: {u(add(mce, -41.2))} mce: [Hardware Error]: Machine check events logged"),
          (add(mce, -41.2), f"{bad} kernel: {u(add(mce, -41.2))} EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3f1a2c offset:0x40 grain:32 syndrome:0x0)"),
          (mce, f"{bad} kernel: {u(mce)} mce: [Hardware Error]: CPU 97: Machine Check Exception: 5 Bank 7: be00000000800400"),
          (mce, f"{bad} kernel: {u(mce)} mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9a2e1c0e> {{native_queued_spin_lock_slowpath+0x17e/0x2c0}}"),
          (mce, f"{bad} kernel: {u(mce)} mce: [Hardware Error]: TSC 2f1c9a8b71d2e MISC 7280000086 "),
          (mce, f"{bad} kernel: {u(mce)} mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1731008710 SOCKET 1 APIC c3 microcode 2b000590"),
          (mce, f"{bad} kernel: {u(mce)} mce: [Hardware Error]: Run the above through 'mcelog --ascii'"),
          (mce, f"{bad} kernel: {u(mce)} mce: [Hardware Error]: Machine check: Processor context corrupt"),
          (mce, f"{bad} kernel: {u(mce)} Kernel panic - not syncing: Fatal machine check"),
          (T(2024, 11, 7, 19, 51, 58, 0), f"{bad} kernel: [    0.000000] Linux version 5.15.0-119-generic (buildd@lcy02-amd64-075) #129-Ubuntu SMP"),
          (back, f"{bad} systemd[1]: Started OpenBSD Secure Shell server.")]
    b.w(f"{bad}/kern.log", [f"{ts_iso(t)} {m}" for t, m in kl])
    b.w(f"{bad}/ipmi-sel.txt", ["   31 | 11/07/2024 | 19:45:10 | Processor #0x91 | Machine Check Exception (Uncorrectable) | Asserted",
                                "   32 | 11/07/2024 | 19:45:41 | OS Critical Stop #0x46 | Run-time critical stop | Asserted",
                                "   33 | 11/07/2024 | 19:46:12 | Watchdog2 #0xca | Power cycle | Asserted"])
    for h in hosts[1:]:
        b.w(f"{h}/kern.log", [f"{ts_iso(T(2024, 11, 7, 15, 1, 51, 0))} {h} systemd[1]: Started Slurm node daemon job step session.",
                              f"{ts_iso(T(2024, 11, 7, 18, 0, 0, 4000))} {h} CRON[{rng.randint(10000, 99999)}]: (root) CMD (/usr/sbin/logrotate /etc/logrotate.conf)"])
    b.w("job.sbatch", ["#!/bin/bash", "#SBATCH -N 4 --gpus-per-node=8 --exclusive", "export MASTER_ADDR=gpu-m01 MASTER_PORT=29500",
                       "srun --ntasks-per-node=1 torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=$MASTER_ADDR:$MASTER_PORT finetune.py"])
    b.set_label("host", "infrastructure", culprit(bad, None), "restart_without_node",
                "gpu-m01 (rendezvous/TCPStore host, ranks 0-7) logged an uncorrectable machine check and 'Kernel panic - not syncing: Fatal machine check' at 19:45:10, confirmed by its BMC SEL; the IB errors at 19:45:28, the 600 s watchdog timeouts and the TCPStore/RendezvousConnectionError 'Connection reset by peer' after it rebooted at 19:52 are all consequences.",
                "https://github.com/pytorch/pytorch/pull/168242")
    return b


# ---------------------------------------------------------------------------
# ci17: CUDA OOM on four ranks of the last pipeline stage (all on gpu-x04) after a
# micro-batch change; everyone else times out.
# ---------------------------------------------------------------------------

def ci17():
    rng = random.Random(9017)
    hosts = ["gpu-x01", "gpu-x02", "gpu-x03", "gpu-x04"]
    job = Job(rng, hosts)
    b = Bundle("ci17_cuda_oom_on_four_ranks_of_one_node_then_timeouts")
    t0 = T(2024, 10, 2, 9, 38, 40, 0)
    oom = T(2024, 10, 2, 9, 41, 52, 551000)
    script = "pretrain_gpt.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 4, "gpu-x01:29500"))
    tl = add(t0, 95)
    streams["gpu-x01"].add(tl, ["[rank0]: > loading checkpoint from /ckpt/gpt30b-v5 at iteration 6000",
                                "[rank0]:  successfully loaded checkpoint from /ckpt/gpt30b-v5 [ t 2, p 4 ] at iteration 6000",
                                "[rank0]: (min, max) time across ranks (ms):",
                                "[rank0]:     load-checkpoint ................................: (61211.73, 61288.12)",
                                f"[rank0]: [after model, optimizer, and learning rate scheduler are built] datetime: {add(tl, 1):%Y-%m-%d %H:%M:%S} ",
                                "[rank0]: training ..."])
    oom_ranks = [29, 24, 27, 30]
    site = job.site
    for i, r in enumerate(oom_ranks):
        te = add(oom, i * 0.61 + rng.uniform(0, 0.2))
        lr = job.local(r)
        tried = [7.82, 7.82, 3.91, 7.82][i]
        free = [3.91, 2.77, 1.06, 3.12][i]
        used = round(79.10 - free - 0.02, 2)
        alloc = round(used - rng.uniform(5.5, 7.5), 2)
        streams["gpu-x04"].add(te, [f"[rank{r}]: Traceback (most recent call last):",
                                    f"[rank{r}]:   File \"/workspace/Megatron-LM/pretrain_gpt.py\", line 245, in <module>",
                                    f"[rank{r}]:     pretrain(train_valid_test_datasets_provider,",
                                    f"[rank{r}]:   File \"/workspace/Megatron-LM/megatron/training/training.py\", line 1172, in train",
                                    f"[rank{r}]:     train_step(forward_step_func,",
                                    f"[rank{r}]:   File \"/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py\", line 1403, in forward_backward_pipelining_without_interleaving",
                                    f"[rank{r}]:     output_tensor, num_tokens = forward_step(",
                                    f"[rank{r}]:   File \"/workspace/Megatron-LM/pretrain_gpt.py\", line 152, in loss_func",
                                    f"[rank{r}]:     losses = output_tensor.float()",
                                    f"[rank{r}]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried:.2f} GiB. GPU {lr} has a total capacity of 79.10 GiB of which {free:.2f} GiB is free. Including non-PyTorch memory, this process has {used:.2f} GiB memory in use. Of the allocated memory {alloc:.2f} GiB is allocated by PyTorch, and {round(used - alloc - 0.9, 2):.2f} GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"])
    td = add(oom, 4.4)
    x4 = job.ranks_of("gpu-x04")
    streams["gpu-x04"].add(td, agent_sigterm(job, "gpu-x04", td, [r for r in x4 if r not in oom_ranks]))
    fails = [dict(rank=r, exitcode=1, time=add(oom, 0.4 + i * 0.61)) for i, r in enumerate(oom_ranks)]
    fails += [dict(rank=r, exitcode=-15, time=add(td, 0.5)) for r in x4 if r not in oom_ranks]
    streams["gpu-x04"].add(add(td, 1.7), childfailed(job, "gpu-x04", add(td, 1.7), script, fails))
    rest = [r for r in range(job.world) if r not in x4]
    fl = flood(job, rng, rest, add(oom, -0.3), 611, "RECV", 100663296, 600000, trace={0, 16},
               pg="12", pgname="PIPELINE_MODEL_PARALLEL_GROUP")
    events = []
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        events.append((f, r))
    finalize(job, rng, streams, events, script)
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    b.w("job.sbatch", ["#!/bin/bash", "#SBATCH -N 4 --gpus-per-node=8 --time=72:00:00",
                       "# v5: mbs 2 -> 4 to cut pipeline bubbles (was OK at mbs=2 for 6000 iters)",
                       "srun --ntasks-per-node=1 torchrun --nnodes=4 --nproc-per-node=8 --rdzv-endpoint=gpu-x01:29500 pretrain_gpt.py \\",
                       "  --tensor-model-parallel-size 2 --pipeline-model-parallel-size 4 --num-layers 48 --hidden-size 7168 \\",
                       "  --seq-length 8192 --micro-batch-size 4 --global-batch-size 512 --padded-vocab-size 256000 \\",
                       "  --bf16 --use-flash-attn --load /ckpt/gpt30b-v5 --save /ckpt/gpt30b-v5"])
    b.w("gpu-x04/nvidia-smi-q.txt", nvidia_smi_q(rng, add(oom, 30), "550.54.15", "12.4", 8,
                                                  overrides={i: {"busy": False, "used": 0} for i in range(8)}))
    b.set_label("oom", "script", None, "stop",
                "Ranks 29, 24, 27 and 30 (last pipeline stage, logits/loss) raise torch.OutOfMemoryError at 09:41:52 on the first iteration after resuming with --micro-batch-size raised from 2 to 4 at seq 8192 / vocab 256k; each message shows the memory held by the process itself, no foreign process. The other 24 ranks then time out on the pipeline recv. The configuration, not the node, is at fault.",
                "https://github.com/vllm-project/vllm/issues/14120")
    return b


# ---------------------------------------------------------------------------
# ci18: a foreign process holds 31.5 GiB on gpu-q06 GPU5; rank 45 OOMs at startup.
# ---------------------------------------------------------------------------

def ci18():
    rng = random.Random(9018)
    hosts = [f"gpu-q{i:02d}" for i in range(1, 9)]
    job = Job(rng, hosts, site="/opt/conda/lib/python3.11/site-packages", python="/opt/conda/bin/python")
    b = Bundle("ci18_cuda_oom_on_one_rank_at_startup_then_flood")
    jobid = 81420
    t0 = T(2024, 9, 17, 20, 5, 0, 0)
    oom = T(2024, 9, 17, 20, 7, 41, 610000)
    bad = "gpu-q06"
    cr = 45
    foreign = 1839201
    script = "train_fsdp.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 8, "gpu-q01:29500"))
    streams["gpu-q01"].add(add(t0, 120), [f"[rank0]:{ts_py(add(t0, 120))} INFO fsdp: wrapped 80 LlamaDecoderLayer units, sharding=FULL_SHARD, param_dtype=bf16",
                                           f"[rank0]:{ts_py(add(t0, 155))} INFO train: starting epoch 0 (resume step 0)"])
    site = job.site
    streams[bad].add(oom, [f"[rank{cr}]: Traceback (most recent call last):",
                           f"[rank{cr}]:   File \"/home/svc-train/llm/train_fsdp.py\", line 288, in <module>",
                           f"[rank{cr}]:     main()",
                           f"[rank{cr}]:   File \"/home/svc-train/llm/train_fsdp.py\", line 241, in main",
                           f"[rank{cr}]:     loss = model(**batch).loss",
                           f"[rank{cr}]:   File \"{site}/torch/distributed/fsdp/fully_sharded_data_parallel.py\", line 863, in forward",
                           f"[rank{cr}]:     output = self._fsdp_wrapped_module(*args, **kwargs)",
                           f"[rank{cr}]:   File \"{site}/torch/distributed/fsdp/_runtime_utils.py\", line 1191, in _pre_forward_unshard",
                           f"[rank{cr}]:     _unshard(state, handle, state._unshard_stream, state._pre_unshard_stream)",
                           f"[rank{cr}]:   File \"{site}/torch/distributed/fsdp/_flat_param.py\", line 1376, in _alloc_padded_unsharded_flat_param",
                           f"[rank{cr}]:     _alloc_storage(unsharded_flat_param, flat_param._padded_unsharded_size)  # type: ignore[attr-defined]",
                           f"[rank{cr}]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.63 GiB. GPU 5 has a total capacity of 79.10 GiB of which 1.02 GiB is free. Process {foreign} has 31.50 GiB memory in use. Including non-PyTorch memory, this process has 46.55 GiB memory in use. Of the allocated memory 43.12 GiB is allocated by PyTorch, and 1.91 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"])
    nb = job.ranks_of(bad)
    td = add(oom, 4.8)
    streams[bad].add(td, agent_sigterm(job, bad, td, [r for r in nb if r != cr]))
    fails = [dict(rank=cr, exitcode=1, time=add(oom, 0.7))] + [dict(rank=r, exitcode=-15, time=add(td, 0.5)) for r in nb if r != cr]
    streams[bad].add(add(td, 1.6), childfailed(job, bad, add(td, 1.6), script, fails))
    rest = [r for r in range(job.world) if r not in nb]
    fl = flood(job, rng, rest, add(oom, -0.1), 3, "_ALLGATHER_BASE", 1753088000, 600000, trace={0, 30})
    events = []
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        events.append((f, r))
    finalize(job, rng, streams, events, script)
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    b.w(f"{bad}/nvidia-smi-q.txt", nvidia_smi_q(rng, add(oom, 95), "550.90.07", "12.4", 8,
                                                overrides={i: ({"used": 32256, "procs": [(foreign, "/home/jlee/miniconda3/envs/eval/bin/python", 32256)]} if i == 5 else {"busy": False, "used": 0}) for i in range(8)}))
    b.w(f"{bad}/ps.txt", ["$ ps -o pid,user,lstart,etime,args -p 1839201",
                          "    PID USER     STARTED                      ELAPSED COMMAND",
                          f"{foreign} jlee     Sun Sep 15 22:41:07 2024  1-21:28:11 python eval_ckpt.py --ckpt /scratch/jlee/run7/step_18000 --device cuda:5 --interactive"])
    b.w(f"slurm-{jobid}.out", ["+ srun --ntasks-per-node=1 torchrun --nnodes=8 --nproc-per-node=8 --rdzv-endpoint=gpu-q01:29500 train_fsdp.py --model llama-70b"] +
        [f"srun: error: {h}: task {i}: Exited with exit code 1" for i, h in enumerate(hosts)])
    b.set_label("oom", "infrastructure", culprit(bad, cr), "restart_without_node",
                "Rank 45 (gpu-q06, GPU 5) OOMs on its first FSDP all-gather at 20:07:41 because 'Process 1839201 has 31.50 GiB memory in use'; nvidia-smi and ps show that pid is another user's eval_ckpt.py started two days earlier on cuda:5. The other 56 ranks' timeouts follow; every other GPU had the memory it needed.",
                "https://github.com/LISTatSNU/FastMRI_challenge/issues/238")
    return b


# ---------------------------------------------------------------------------
# ci19: spine switch failure; IB completion errors on all 16 nodes naming peers
# under other leaf switches.
# ---------------------------------------------------------------------------

def ci19():
    rng = random.Random(9019)
    hosts = [f"hpc-r3-n{i:02d}" for i in range(1, 17)]
    job = Job(rng, hosts, torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci19_ib_retry_exceeded_errors_on_twelve_of_sixteen_nodes")
    t0 = T(2024, 6, 3, 8, 0, 0, 0)
    sw = T(2024, 6, 3, 13, 6, 58, 0)
    script = "train.py"
    ip = {h: f"10.70.{(i // 4)}.{i + 1}" for i, h in enumerate(hosts)}
    leaf = {h: f"leaf-{i // 4 + 1}" for i, h in enumerate(hosts)}
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 16, "hpc-r3-n01:29500"))
    tt = add(t0, 90)
    st = 0
    while tt < sw:
        if st % 200 == 0:
            streams[hosts[0]].add(tt, f"[rank0]:{ts_py(tt)} INFO step {st + 7200} loss {2.34 + rng.uniform(-0.02, 0.02):.4f} grad_norm {rng.uniform(0.2, 0.3):.3f} tflops 402.1")
        st += 1
        tt = add(tt, 2.05)
    events = []
    quiet = {hosts[2], hosts[7], hosts[9], hosts[14]}
    for i, h in enumerate(hosts):
        if h in quiet:
            continue
        # one or two ranks per node see completion errors toward a node under another leaf
        for k in range(1 + (i % 2)):
            r = job.ranks_of(h)[rng.randint(0, 7)]
            others = [x for x in hosts if leaf[x] != leaf[h]]
            peer = rng.choice(others)
            tw = add(sw, 20.5 + rng.uniform(0, 24))
            streams[h].add(tw, nccl_warn_ib_completion(job, r, tw, ip[peer], rng.randint(40000, 60000), ip[h], f"mlx5_{job.local(r)}", op=rng.choice(["Send", "Recv"])))
            te = add(tw, 0.7)
            if r not in [x[1] for x in events]:
                streams[h].add(te, wd_nccl_error(job, r, te, f"NET/IB : Got completion from peer {ip[peer]}<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ip[h]} remoteGids::ffff:{ip[peer]} hca mlx5_{job.local(r)}", trace=(i < 3)))
                events.append((te, r))
    quick_hosts = {job.host(r) for _, r in events}
    rest = [r for r in range(job.world) if job.host(r) not in quick_hosts]
    fl = flood(job, rng, rest, add(sw, 1.0), 431177, "ALLREDUCE", 67108864, 600000, trace={0, 64, 127})
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        events.append((f, r))
    finalize(job, rng, streams, events, script)
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    b.w("topology.json", json.dumps({"topology": {f"leaf-{k + 1}": hosts[k * 4:(k + 1) * 4] for k in range(4)},
                                     "uplinks": {f"leaf-{k + 1}": ["ib-spine-01", "ib-spine-02"] for k in range(4)}}, indent=2))
    b.w("ufm-events.log", [f"{add(sw, -3 * 3600):%Y-%m-%d %H:%M:%S}.118 [INFO] [Fabric] Periodic fabric health report: 0 errors, 0 warnings",
                           f"{sw:%Y-%m-%d %H:%M:%S}.402 [CRITICAL] [Switch] ib-spine-02 (GUID 0x0c42a10300f1a2b0) is unresponsive; 64 ports went down",
                           f"{add(sw, 0.4):%Y-%m-%d %H:%M:%S}.811 [WARNING] [Link] 16 links down between leaf-1..leaf-4 and ib-spine-02",
                           f"{add(sw, 2.1):%Y-%m-%d %H:%M:%S}.007 [INFO] [SM] Heavy sweep started (reason: topology change)",
                           f"{add(sw, 61.3):%Y-%m-%d %H:%M:%S}.774 [INFO] [SM] Heavy sweep completed, routing recalculated (ftree) in 59.1 s",
                           f"{add(sw, 162):%Y-%m-%d %H:%M:%S}.350 [INFO] [Switch] ib-spine-02 is up (uptime 00:00:41, reboot reason: watchdog)",
                           f"{add(sw, 175):%Y-%m-%d %H:%M:%S}.913 [INFO] [Link] 16 links up between leaf-1..leaf-4 and ib-spine-02"])
    b.w("hosts", ["127.0.0.1 localhost"] + [f"{ip[h]}  {h}-ib" for h in hosts])
    for h in hosts[::4]:
        b.w(f"{h}/dmesg.txt", plain_dmesg_T([(add(T(2024, 5, 30, 2, 0, 0), i * 0.4), m) for i, m in enumerate(dmesg_boot_noise("550.54.15"))]))
    b.set_label("network", "infrastructure", None, "restart",
                "UFM reports spine ib-spine-02 unresponsive with 64 ports down at 13:06:58 and a 59 s routing re-sweep; from 13:07:19 ranks on 12 of the 16 nodes, under all four leaves, report IB status=12 completion errors, each toward a peer under a different leaf (topology.json), and the remaining four nodes time out 10 min later. A fabric-wide event, no single node to exclude; the spine came back at 13:09:40.",
                "https://github.com/NVIDIA/nccl/pull/1311")
    return b


# ---------------------------------------------------------------------------
# ci20: three requeued attempts, each ends with every rank timing out in a different
# collective; nothing else.
# ---------------------------------------------------------------------------

def ci20():
    rng = random.Random(9020)
    hosts = ["gpu-p01", "gpu-p02", "gpu-p03", "gpu-p04"]
    b = Bundle("ci20_three_attempts_each_ending_in_watchdog_timeouts")
    jobid = 911204
    hangs = [(4, 17, 3), (3, 2, 44), (5, 41, 10)]
    script = "train.py"
    tstart = T(2024, 10, 21, 2, 0, 0)
    rows = []
    for a in range(3):
        job = Job(random.Random(1000 + a), hosts, torch_style="2.5", nccl="2.21.5")
        hh, mm, ss = hangs[a]
        hang = add(tstart, hh * 3600 + mm * 60 + ss)
        streams = {h: Stream() for h in hosts}
        for h in hosts:
            streams[h].add(tstart, agent_start(job, h, tstart, script, 4, "gpu-p01:29500"))
            for r in job.ranks_of(h):
                streams[h].add(add(tstart, 16 + rng.uniform(0, 1)), nccl_init_lines(job, r, "ens3f0", f"10.80.0.{hosts.index(h) + 21}", ["mlx5_0", "mlx5_1"]))
        if a == 0:
            r = job.ranks_of("gpu-p02")[0]
            streams["gpu-p02"].add(add(tstart, 18), [f"gpu-p02:{job.pid[r]}:{job.tid[r] + 2} [0] transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_1:1 Got async event : GID table change", ""])
        tt = add(tstart, 60)
        st = 0
        resume = [0, 6800, 12400][a]
        streams["gpu-p01"].add(add(tstart, 45), f"[rank0]:{ts_py(add(tstart, 45))} INFO ckpt: resumed from step {resume} (/ckpt/diffusion-xl/step_{resume:07d})")
        while tt < hang:
            if st % 100 == 0:
                streams["gpu-p01"].add(tt, f"[rank0]:{ts_py(tt)} INFO train: step {st + resume} loss {0.0931 + rng.uniform(-0.003, 0.003):.4f} it/s 0.86")
            st += 1
            tt = add(tt, 1.163)
        seq = [402211, 188730, 617002][a]
        op = ["ALLREDUCE", "_ALLGATHER_BASE", "ALLREDUCE"][a]
        fl = flood(job, rng, list(range(job.world)), hang, seq, op, [1, 20971520, 8388608][a], 1800000, trace={0, 9 + a * 5},
                   start_spread=0.08, fire_spread=2.0)
        events = []
        for f, r, ls in fl:
            streams[job.host(r)].add(f, ls)
            events.append((f, r))
        finalize(job, rng, streams, events, script)
        for h in hosts:
            b.w(f"attempt_{a + 1}/{h}/stdout.log", streams[h].render())
        tend = add(max(t for t, _ in events), 8)
        rows.append((tstart, tend))
        tstart = add(tend, 95 + a * 40)
    b.w("sacct.txt", ["JobID           JobName      State ExitCode  Restarts               Start                 End        NodeList ",
                      "------------ ---------- ---------- -------- --------- ------------------- ------------------- --------------- ",
                      f"{jobid:<12} diffxl-pt     FAILED      1:0         2 {ts_slurm(rows[2][0])} {ts_slurm(rows[2][1])} gpu-p[01-04]    "])
    b.w("requeue.log", [line for i, (s0, e0) in enumerate(rows[:2]) for line in
                        [f"{ts_slurm(add(e0, 2))} slurmctld: _job_complete: JobId={jobid} WEXITSTATUS 1",
                         f"{ts_slurm(add(e0, 2))} slurmctld: Requeuing JobId={jobid} (requeue on failure, Restarts={i + 1})",
                         f"{ts_slurm(add(rows[i + 1][0], -1))} slurmctld: sched: Allocate JobId={jobid} NodeList=gpu-p[01-04] #CPUs=896 Partition=gpu"]])
    for h in hosts:
        b.w(f"{h}/dmesg.txt", plain_dmesg_T([(add(T(2024, 10, 14, 9, 0, 0), i * 0.4), m) for i, m in enumerate(dmesg_boot_noise("550.90.07"))]))
        b.w(f"{h}/ibstat-summary.txt", [f"mlx5_0 port 1: State: Active  Physical state: LinkUp  Rate: 400  (symbol errors 0, link downed 0)",
                                        f"mlx5_1 port 1: State: Active  Physical state: LinkUp  Rate: 400  (symbol errors 0, link downed 0)"])
    b.set_label("hang", "framework", None, "restart",
                "Three attempts on the same four nodes each end with all 32 ranks timing out together (1800 s) in a different collective at a different step, with a different rank firing first each time; dmesg and IB counters are clean and the GID-table-change warning is harmless. Nothing identifies a node or rank.",
                "https://github.com/pytorch/pytorch/issues/167288")
    return b


def build():
    return [ci11(), ci12(), ci13(), ci14(), ci15(), ci16(), ci17(), ci18(), ci19(), ci20()]
