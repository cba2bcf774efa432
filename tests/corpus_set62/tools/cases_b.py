"""Cases bg10-bg18."""

import logkit as L
from jobs import (Bundle, Timeline, agent_start, benign_boot_dmesg, render_dmesg, up_at, H100_BUS, A100_BUS,
                  nvsmi_q_header, nvsmi_q_gpu, megatron_progress)
from scen import torchrun_attempt, remote_peer_error

CEST = L.tz(2)
JST = L.tz(9)


def _pyerr(r, frames, exc):
    out = [f"[rank{r}]: Traceback (most recent call last):"]
    for i, (path, line, fn, code) in enumerate(frames):
        out.append(f'[rank{r}]:   File "{path}", line {line}, in {"<module>" if i == 0 else fn}')
        out.append(f"[rank{r}]:     {code}")
    return out + [f"[rank{r}]: {e}" for e in exc]


# ---------------------------------------------------------------------------
def bg10():
    """torchrun --max-restarts: every restart re-runs the c10d rendezvous and the node order changes."""
    b = Bundle("bg10_unspecified_launch_failure_rank_changes", 110)
    hosts = ["trn-c01", "trn-c02", "trn-c03", "trn-c04"]
    orders = [["trn-c01", "trn-c02", "trn-c04", "trn-c03"],
              ["trn-c04", "trn-c01", "trn-c03", "trn-c02"],
              ["trn-c02", "trn-c03", "trn-c01", "trn-c04"]]
    steps = [(0, 2210), (2000, 2633), (2500, 2551)]
    t = L.at(2025, 2, 3, 11, 0, 12, tzinfo=JST)
    apid = {h: b.rng.randrange(20000, 40000) for h in hosts}
    for n, order in enumerate(orders):
        s0, s_bad = steps[n]
        logs = {h: Timeline() for h in hosts}
        pids = {h: b.pids(8) for h in hosts}
        for gi, h in enumerate(order):
            ta = L.plus(t, seconds=0.3 * gi)
            if n == 0:
                lines = agent_start(b, h, ta, apid[h], entry="train.py", nnodes=4, nproc=8, run_id="vit-g-pt",
                                    endpoint="trn-c01:29400", master=order[0], port=29401, group_rank=gi,
                                    restart_count=0, max_restarts=3)
            else:
                lines = [
                    f"{L.glog('I', ta, apid[h], L.ELASTIC_API + ':677')} [default] Rendezvous'ing worker group",
                    f"{L.glog('I', ta, apid[h], 'torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1147')} "
                    f"The node '{h}_{apid[h]}_0' attempts to join the next round of the rendezvous 'vit-g-pt'.",
                    f"{L.glog('I', L.plus(ta, seconds=3), apid[h], 'torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1173')} "
                    f"The node '{h}_{apid[h]}_0' has joined round {n} of the rendezvous 'vit-g-pt' as rank {gi} in a world of size 4.",
                ] + L.rdzv_result(L.plus(ta, seconds=3), apid[h], restart_count=n, master=order[0], port=29401 + 7 * n,
                                  group_rank=gi, group_world=4, nproc=8)
            logs[h].add(ta, lines)
            logs[h].add(L.plus(ta, seconds=35), L.nccl_init_flood(b.rng, h, pids[h], gi * 8, 32, oob_ip=f"192.168.40.{int(h[-2:]) + 10}",
                                                                  print_version=(gi == 0), channels=4, version="2.23.4+cuda12.6", driver=12060))
        r0h = order[0]
        p = lambda tt: f"{tt:%Y-%m-%d %H:%M:%S,%f}"[:-3] + " INFO  [trainer]"
        tt = L.plus(t, seconds=60)
        logs[r0h].add(tt, [f"{p(tt)} world_size=32 local_world_size=8 restart_count={n}",
                           f"{p(tt)} resuming from /gpfs/vit-g/ckpt/step_{s0:06d}" if s0 else f"{p(tt)} no checkpoint found, starting from scratch"])
        step = s0
        while step + 25 <= s_bad - 1:
            step += 25
            tt = L.plus(tt, seconds=25 * (1.72 + b.rng.uniform(-0.03, 0.03)))
            logs[r0h].add(tt, f"{p(tt)} step={step} loss={6.91 - 0.0009 * step + b.rng.uniform(-0.05, 0.05):.4f} "
                              f"lr={1e-3 * min(1, step / 2000):.3e} img/s={5230 + b.rng.randrange(-60, 60)} mem={57.1 + b.rng.uniform(0, 0.4):.1f}G")
            if step % 500 == 0:
                logs[r0h].add(L.plus(tt, seconds=0.1), f"{p(tt)} saved checkpoint /gpfs/vit-g/ckpt/step_{step:06d}")
        tc = L.plus(tt, seconds=(s_bad - step) * 1.72)
        bad = "trn-c04"
        gi = order.index(bad)
        r = gi * 8 + 5
        logs[bad].add(tc, L.watchdog_cuda_error(tc, r, "unspecified launch failure"))
        td = L.plus(tc, seconds=0.6)
        pb = pids[bad]
        logs[bad].add(td, [L.elastic_failed(td, apid[bad], -6, 5, pb[5])] + L.elastic_sigterm(td, apid[bad], [x for i, x in enumerate(pb) if i != 5]))
        if n < 2:
            logs[bad].add(L.plus(td, seconds=6), [
                f"{L.glog('I', L.plus(td, seconds=6), apid[bad], L.ELASTIC_API + ':891')} [default] Worker group FAILED. {3 - n}/3 attempts left; will restart worker group",
                f"{L.glog('I', L.plus(td, seconds=6), apid[bad], L.ELASTIC_API + ':699')} [default] Stopping worker group",
            ])
        else:
            root = dict(time=f"{tc:%Y-%m-%d_%H:%M:%S}", host=bad, rank=r, local_rank=5, exitcode=-6, pid=pb[5],
                        traceback=f"Signal 6 (SIGABRT) received by PID {pb[5]}")
            logs[bad].add(L.plus(td, seconds=7), L.child_failed_summary("train.py", [], root))
        for gj, h in enumerate(order):
            if h == bad:
                continue
            tp = L.plus(tc, seconds=9 + gj)
            logs[h].add(tp, remote_peer_error(h, pids[h][3], 3, gj * 8 + 3, tp, bad, 44100 + n * 10 + gj, nccl_ver="2.23.4"))
            td2 = L.plus(tp, seconds=1)
            logs[h].add(td2, [L.elastic_failed(td2, apid[h], -6, 3, pids[h][3])] + L.elastic_sigterm(td2, apid[h], [x for i, x in enumerate(pids[h]) if i != 3]))
            if n < 2:
                logs[h].add(L.plus(td2, seconds=5), [
                    f"{L.glog('I', L.plus(td2, seconds=5), apid[h], L.ELASTIC_API + ':891')} [default] Worker group FAILED. {3 - n}/3 attempts left; will restart worker group",
                    f"{L.glog('I', L.plus(td2, seconds=5), apid[h], L.ELASTIC_API + ':699')} [default] Stopping worker group",
                ])
            else:
                root2 = dict(time=f"{tp:%Y-%m-%d_%H:%M:%S}", host=h, rank=gj * 8 + 3, local_rank=3, exitcode=-6, pid=pids[h][3],
                             traceback=f"Signal 6 (SIGABRT) received by PID {pids[h][3]}")
                logs[h].add(L.plus(td2, seconds=6), L.child_failed_summary("train.py", [], root2))
        for h in hosts:
            b.put(f"attempt_{n}/{h}/torchrun_agent.log", logs[h].render())
        t = L.plus(tc, seconds=40)
    b.set_label("gpu_hardware", "infrastructure", "trn-c04", None, "restart_without_node",
                "torchrun restarted the worker group three times and each new rendezvous put the nodes in a different "
                "order, so the failing global rank moved (21, then 5, then 29); every time it was local rank 5 on trn-c04 "
                "hitting 'unspecified launch failure' at unrelated steps while the others only lost their peer. The fault "
                "is tied to that host's GPU, not to a rank or a step.",
                "https://github.com/pytorch/pytorch/issues/147064")
    return b


# ---------------------------------------------------------------------------
def bg11():
    b = Bundle("bg11_gpu_lost_then_requeued_run", 111)
    job = "2290417"
    hosts0 = ["h100-05", "h100-06", "h100-07", "h100-08"]
    t0 = L.at(2024, 6, 21, 8, 2, 30, tzinfo=CEST)
    crash = dict(host="h100-08", lr=4, delay=1.8, lines=lambda t, r, p: L.watchdog_cuda_error(t, r, "unspecified launch failure"))
    a0 = torchrun_attempt(b, hosts=hosts0, t0=t0, entry="pretrain_gpt.py", run_id=job, it_start=6000, it_stop=8110,
                          ms=1902.0, every=10, gbs=1024, total=10000, lr0=3e-4, loss0=2.11, loss_slope=1e-5, tflops=402.0,
                          ckpt_every=1000, ckpt_dir="/scratch/ckpt/gpt-3b-ablation-07", crash=crash, peer_mode="timeout",
                          timeout_ms=300000, flood_channels=4)
    for h in hosts0:
        b.put(f"attempt_0/{h}/gpt3b-abl07.{h}.log", a0.logs[h].render())
    boot = L.plus(t0, hours=-200)
    ev = benign_boot_dmesg("h100-08", H100_BUS)
    up = up_at(boot, a0.crash_t) - 1.1
    ev += [(up, L.xid("0000:9a:00", 79, "GPU has fallen off the bus.", pid="'<unknown>'", name="<unknown>")),
           (up + 0.00001, "NVRM: GPU 0000:9a:00.0: GPU has fallen off the bus."),
           (up + 0.3, "NVRM: A GPU crash dump has been created. If possible, please run"),
           (up + 0.3001, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
           (up + 0.3002, "NVRM: the NVIDIA kernel module is unloaded.")]
    b.put("attempt_0/h100-08/dmesg.txt", render_dmesg("T", "h100-08", boot, ev, tzinfo=CEST))
    # attempt 1: requeued without h100-08 (drained by the epilog health check), runs to the end
    hosts1 = ["h100-05", "h100-06", "h100-07", "h100-31"]
    t1 = L.plus(a0.end_t, minutes=4)
    a1 = torchrun_attempt(b, hosts=hosts1, t0=t1, entry="pretrain_gpt.py", run_id=job, it_start=8000, it_stop=10000,
                          ms=1899.0, every=10, gbs=1024, total=10000, lr0=3e-4, loss0=2.09, loss_slope=1e-5, tflops=403.0,
                          ckpt_every=1000, ckpt_dir="/scratch/ckpt/gpt-3b-ablation-07", crash=None, flood_channels=4)
    te = L.plus(a1.end_t, seconds=50)
    a1.logs[hosts1[-1]].add(te, [
        f"[after training is done] datetime: {te:%Y-%m-%d %H:%M:%S} ",
        "-------------------------------------------------------------------------------------------------------------------",
        f" validation loss at iteration 10000 on validation set | lm loss value: 2.031277E+00 | lm loss PPL: 7.623391E+00 | ",
        "-------------------------------------------------------------------------------------------------------------------",
        f" validation loss at iteration 10000 on test set | lm loss value: 2.035902E+00 | lm loss PPL: 7.658726E+00 | ",
        "-------------------------------------------------------------------------------------------------------------------",
    ])
    for h in hosts1:
        tf = L.plus(te, seconds=20 + b.rng.uniform(0, 2))
        a1.logs[h].add(tf, [
            f"{L.glog('I', tf, a1.apid[h], L.ELASTIC_API + ':879')} [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.",
            f"{L.glog('I', tf, a1.apid[h], L.ELASTIC_API + ':932')} Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish",
            f"{L.glog('I', L.plus(tf, seconds=1.9), a1.apid[h], L.ELASTIC_API + ':946')} Done waiting for other agents. Elapsed: 1.8977394104003906 seconds",
        ])
        b.put(f"attempt_1/{h}/gpt3b-abl07.{h}.log", a1.logs[h].render())
    end0 = L.plus(a0.end_t, seconds=10)
    endf = L.plus(te, seconds=30)
    nl0, nl1 = "h100-[05-08]", "h100-[05-07,31]"
    rows = [
        (job, "gpt3b-abl07", "h100", L.slurm_ts(L.plus(t0, seconds=-8)), L.slurm_ts(end0), L.elapsed(t0, end0), "REQUEUED", "0:0", nl0),
        (f"{job}.batch", "batch", "", L.slurm_ts(L.plus(t0, seconds=-8)), L.slurm_ts(end0), L.elapsed(t0, end0), "FAILED", "1:0", "h100-05"),
        (f"{job}.0", "torchrun", "", L.slurm_ts(t0), L.slurm_ts(end0), L.elapsed(t0, end0), "FAILED", "1:0", nl0),
        (job, "gpt3b-abl07", "h100", L.slurm_ts(L.plus(t1, seconds=-8)), L.slurm_ts(endf), L.elapsed(t1, endf), "COMPLETED", "0:0", nl1),
        (f"{job}.batch", "batch", "", L.slurm_ts(L.plus(t1, seconds=-8)), L.slurm_ts(endf), L.elapsed(t1, endf), "COMPLETED", "0:0", "h100-05"),
        (f"{job}.0", "torchrun", "", L.slurm_ts(t1), L.slurm_ts(endf), L.elapsed(t1, endf), "COMPLETED", "0:0", nl1),
    ]
    b.put("sacct.txt", ["$ sacct -j 2290417 --duplicates -o JobID%-16,JobName%12,Partition,Start,End,Elapsed,State%-12,ExitCode,NodeList%-30"]
          + L.sacct_table(job, rows))
    b.put("scontrol_show_node_h100-08.txt", [
        "NodeName=h100-08 Arch=x86_64 CoresPerSocket=56",
        "   CPUAlloc=0 CPUEfctv=224 CPUTot=224 CPULoad=0.71",
        "   AvailableFeatures=h100,ib",
        "   ActiveFeatures=h100,ib",
        "   Gres=gpu:h100:8(S:0-1)",
        "   NodeAddr=h100-08 NodeHostName=h100-08 Version=23.11.6",
        "   OS=Linux 5.15.0-105-generic #115-Ubuntu SMP",
        "   RealMemory=2063000 AllocMem=0 FreeMem=1987211 Sockets=2 Boards=1",
        f"   State=IDLE+DRAIN ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
        "   Partitions=h100",
        f"   BootTime={L.slurm_ts(boot.astimezone(CEST))} SlurmdStartTime={L.slurm_ts(L.plus(boot, minutes=2).astimezone(CEST))}",
        f"   Reason=NHC: check_nv_healthmon: GPU 0000:9A:00.0 not accessible (Xid 79) [root@{L.slurm_ts(L.plus(a0.crash_t, seconds=95))}]",
    ])
    b.set_label("unknown", "framework", None, None, "none",
                "Attempt 0 was lost to an Xid 79 on h100-08, which the health check has already drained; Slurm requeued the "
                "job on h100-[05-07,31] and that attempt trained from 8000 to the final iteration 10000, ran validation and "
                "exited cleanly (sacct COMPLETED 0:0). The job completed, so there is nothing left to act on.",
                "https://docs.coreweave.com/products/sunk/discover_sunk/fault-tolerance")
    return b


# ---------------------------------------------------------------------------
def bg12():
    b = Bundle("bg12_checkpoint_io_errors_every_restart", 112)
    job = "661045"
    hosts = ["ln-gpu021", "ln-gpu022", "ln-gpu023", "ln-gpu024"]
    osc = "scratch-OST0007-osc-ffff9a1c3e6f5000"
    boots = {h: L.at(2024, 10, 1, 4, 11 + i, 3) for i, h in enumerate(hosts)}
    kernel_ev = {h: benign_boot_dmesg(h, A100_BUS, driver="535.154.05") for h in hosts}
    t0 = L.at(2024, 10, 7, 13, 5, 40)
    # ---- attempt 0: save at 9000 fails
    a0 = torchrun_attempt(b, hosts=hosts, t0=t0, entry="train_lm.py", run_id=job, it_start=8000, it_stop=9000,
                          ms=1620.0, every=20, gbs=1024, total=50000, lr0=2e-4, loss0=2.31, loss_slope=1e-5, tflops=160.0,
                          ckpt_every=0, crash=None, flood_channels=4, nccl_ver="2.20.5+cuda12.2", drv=12020)
    ts = L.plus(a0.end_t, seconds=0.4)
    a0.logs[hosts[-1]].add(ts, "saving checkpoint at iteration    9000 to /scratch/proj/lm7b/ckpt in torch_dist format")
    t_lost = L.plus(ts, seconds=6)
    t_evict = L.plus(t_lost, seconds=101)
    for h in hosts:
        kernel_ev[h] += [
            (up_at(boots[h], t_lost), f"Lustre: {osc}: Connection to scratch-OST0007 (at 10.40.0.17@o2ib) was lost; in progress operations using this service will wait for recovery to complete"),
            (up_at(boots[h], t_lost) + 33.2, "LNetError: 2316:0:(o2iblnd_cb.c:3373:kiblnd_check_txs_locked()) Timed out tx: tx_queue, 7 seconds"),
            (up_at(boots[h], t_lost) + 33.21, "LNetError: 2316:0:(o2iblnd_cb.c:3448:kiblnd_check_conns()) Timed out RDMA with 10.40.0.17@o2ib (57): c: 0, oc: 0, rc: 8"),
            (up_at(boots[h], t_evict), f"LustreError: 11-0: {osc}: operation ost_write to node 10.40.0.17@o2ib failed: rc = -107"),
            (up_at(boots[h], t_evict) + 0.4, f"LustreError: 167-0: {osc}: This client was evicted by scratch-OST0007; in progress operations using this service will fail."),
            (up_at(boots[h], t_evict) + 0.41, f"LustreError: 2987:0:(osc_request.c:1068:osc_init_grant()) {osc}: granted 0 but already consumed 3145728"),
        ]
    for j, h in enumerate(hosts):
        chunk = []
        for lr in (1, 4):
            r = j * 8 + lr
            chunk += _pyerr(r, [
                ("/scratch/proj/lm7b/code/train_lm.py", 412, "<module>", "main()"),
                ("/scratch/proj/lm7b/code/train_lm.py", 398, "main", "save_checkpoint(iteration, model, optimizer, sched)"),
                ("/scratch/proj/lm7b/code/megatron/training/checkpointing.py", 404, "save_checkpoint",
                 "dist_checkpointing.save(state_dict, checkpoint_name, save_strategy)"),
                ("/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py", 315, "_write_item",
                 "torch.save(data, stream)"),
                ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 652, "save",
                 "_save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)"),
            ], ["OSError: [Errno 5] Input/output error"])
        tt = L.plus(t_evict, seconds=0.9 + 0.2 * j)
        a0.logs[h].add(tt, chunk)
        a0.logs[h].add(L.plus(tt, seconds=3), [L.elastic_failed(L.plus(tt, seconds=3), a0.apid[h], 1, 1, a0.pids[h][1])]
                       + L.elastic_sigterm(L.plus(tt, seconds=3), a0.apid[h], [x for i, x in enumerate(a0.pids[h]) if i != 1]))
        b.put(f"attempt_0/{h}/train.{job}.{h}.log", a0.logs[h].render())
    end0 = L.plus(t_evict, seconds=45)
    # ---- attempt 1: requeued 10 min later, dies loading the 8000 checkpoint (OST still in recovery)
    t1 = L.plus(end0, minutes=10)
    a1 = torchrun_attempt(b, hosts=hosts, t0=t1, entry="train_lm.py", run_id=job, it_start=0, it_stop=None,
                          crash=None, flood_channels=4, megatron_startup=False, nccl_ver="2.20.5+cuda12.2", drv=12020)
    tl_ = L.plus(t1, seconds=96)
    a1.logs[hosts[-1]].add(tl_, " loading distributed checkpoint from /scratch/proj/lm7b/ckpt at iteration 8000")
    for h in hosts:
        kernel_ev[h] += [
            (up_at(boots[h], L.plus(tl_, seconds=2)), f"Lustre: {osc}: Connection to scratch-OST0007 (at 10.40.0.17@o2ib) was lost; in progress operations using this service will wait for recovery to complete"),
            (up_at(boots[h], L.plus(tl_, seconds=48)), f"LustreError: 11-0: {osc}: operation ost_read to node 10.40.0.17@o2ib failed: rc = -107"),
        ]
    for j, h in enumerate(hosts):
        if j in (0, 2):
            r = j * 8 + 2
            tt = L.plus(tl_, seconds=49 + j)
            a1.logs[h].add(tt, _pyerr(r, [
                ("/scratch/proj/lm7b/code/train_lm.py", 412, "<module>", "main()"),
                ("/scratch/proj/lm7b/code/train_lm.py", 371, "main", "iteration = load_checkpoint(model, optimizer, sched)"),
                ("/scratch/proj/lm7b/code/megatron/training/checkpointing.py", 1102, "load_checkpoint",
                 "state_dict = dist_checkpointing.load(sharded_state_dict, checkpoint_name, load_strategy)"),
                ("/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py", 658, "read_data",
                 "bytes = io.BytesIO(stream.read(item_md.length))"),
            ], ["OSError: [Errno 108] Cannot send after transport endpoint shutdown"]))
            a1.logs[h].add(L.plus(tt, seconds=2), [L.elastic_failed(L.plus(tt, seconds=2), a1.apid[h], 1, 2, a1.pids[h][2])])
        else:
            tt = L.plus(tl_, seconds=70 + j)
            a1.logs[h].add(tt, remote_peer_error(h, a1.pids[h][0], 0, j * 8, tt, hosts[0], 36100 + j, nccl_ver="2.20.5"))
            a1.logs[h].add(L.plus(tt, seconds=1), [L.elastic_failed(L.plus(tt, seconds=1), a1.apid[h], -6, 0, a1.pids[h][0])])
        b.put(f"attempt_1/{h}/train.{job}.{h}.log", a1.logs[h].render())
    end1 = L.plus(tl_, seconds=100)
    # ---- attempt 2: same again, then the OST comes back on its failover partner a few minutes later
    t2 = L.plus(end1, minutes=14)
    a2 = torchrun_attempt(b, hosts=hosts, t0=t2, entry="train_lm.py", run_id=job, it_start=0, it_stop=None,
                          crash=None, flood_channels=4, megatron_startup=False, nccl_ver="2.20.5+cuda12.2", drv=12020)
    tl2 = L.plus(t2, seconds=97)
    a2.logs[hosts[-1]].add(tl2, " loading distributed checkpoint from /scratch/proj/lm7b/ckpt at iteration 8000")
    for j, h in enumerate(hosts):
        r = j * 8 + 6
        tt = L.plus(tl2, seconds=31 + j * 0.4)
        a2.logs[h].add(tt, _pyerr(r, [
            ("/scratch/proj/lm7b/code/train_lm.py", 412, "<module>", "main()"),
            ("/scratch/proj/lm7b/code/train_lm.py", 371, "main", "iteration = load_checkpoint(model, optimizer, sched)"),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py", 658, "read_data",
             "bytes = io.BytesIO(stream.read(item_md.length))"),
        ], ["OSError: [Errno 5] Input/output error"]))
        a2.logs[h].add(L.plus(tt, seconds=2), [L.elastic_failed(L.plus(tt, seconds=2), a2.apid[h], 1, 6, a2.pids[h][6])])
        b.put(f"attempt_2/{h}/train.{job}.{h}.log", a2.logs[h].render())
    end2 = L.plus(tl2, seconds=60)
    t_back = L.plus(end2, minutes=5)
    for h in hosts:
        kernel_ev[h] += [
            (up_at(boots[h], L.plus(tl2, seconds=30)), f"LustreError: 11-0: {osc}: operation ost_read to node 10.40.0.17@o2ib failed: rc = -107"),
            (up_at(boots[h], t_back), f"Lustre: {osc}: Connection restored to scratch-OST0007 (at 10.40.0.18@o2ib)"),
        ]
    for n, a in enumerate((a0, a1, a2)):
        for h in hosts:
            # each attempt's bundle carries the node's kernel log as collected at the end of that attempt
            cut = up_at(boots[h], [end0, end1, L.plus(end2, minutes=8)][n])
            ev = [e for e in kernel_ev[h] if e[0] <= cut]
            b.put(f"attempt_{n}/{h}/kern.log", render_dmesg("syslog", h, boots[h], ev))
    rows = []
    for n, (ta, te) in enumerate(((t0, end0), (t1, end1), (t2, end2))):
        st = "REQUEUED" if n < 2 else "FAILED"
        rows.append((job, "lm7b-cpt", "a100", L.slurm_ts(L.plus(ta, seconds=-4)), L.slurm_ts(te), L.elapsed(ta, te), st, "0:0" if n < 2 else "1:0", "ln-gpu[021-024]"))
    b.put("sacct.txt", L.sacct_table(job, rows, fmt_header="# sacct -j 661045 -D -X"))
    b.put("lfs_check_servers.txt", [f"# {L.plus(end2, minutes=9):%Y-%m-%d %H:%M:%S} on ln-gpu021",
                                    "$ lfs check servers | grep -v active",
                                    "$ lfs check servers | grep OST0007",
                                    f"{osc} active."])
    b.set_label("storage", "infrastructure", None, None, "restart",
                "All three attempts die on Lustre I/O (EIO on the iteration-9000 save, then ESHUTDOWN/EIO loading the 8000 "
                "checkpoint) on every node at once, and every node's kernel log shows the same OST0007 connection loss and "
                "eviction. The OST then comes back on its failover server (connection restored, lfs check servers active): "
                "a transient shared-filesystem outage, not a node; restart now that it has recovered.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/14")
    return b


# ---------------------------------------------------------------------------
def bg13():
    b = Bundle("bg13_rendezvous_timeout_every_restart", 113)
    ns = "llm"
    nodes = ["ip-10-1-4-21.ec2.internal", "ip-10-1-5-117.ec2.internal", "ip-10-1-7-93.ec2.internal", "ip-10-1-6-40.ec2.internal"]
    pods = [f"llama-pt-worker-{k}" for k in range(4)]
    dead = nodes[2]
    t0 = L.at(2024, 12, 9, 22, 30, 0)
    # ---- attempt 0: runs, then ip-10-1-7-93 stops responding; the others time out
    logs = {}
    apid = {}
    pids = {}
    for k, nd in enumerate(nodes):
        tl = Timeline()
        apid[nd] = 1
        pids[nd] = [b.rng.randrange(80, 300) + 9 * i for i in range(8)]
        tl.add(t0, agent_start(b, pods[k], L.plus(t0, seconds=2 + k * 0.5), 1, entry="/workspace/pretrain.py", nnodes=4,
                               nproc=8, run_id="llama-pt", endpoint="llama-pt-worker-0:29400", master="llama-pt-worker-0",
                               port=29401, group_rank=k))
        tl.add(L.plus(t0, seconds=52), L.nccl_init_flood(b.rng, pods[k], pids[nd], k * 8, 32, ib_devs=("rdmap16s27", "rdmap32s27"),
                                                         oob_if="eth0", oob_ip=nd.split(".")[0][3:].replace("-", "."),
                                                         print_version=(k == 0), channels=4))
        logs[nd] = tl
    p = lambda tt: f"{tt:%Y-%m-%d %H:%M:%S} | INFO | pretrain |"
    tt = L.plus(t0, seconds=80)
    n0 = nodes[0]
    logs[n0].add(tt, f"{p(tt)} resumed from s3://ml-ckpt/llama-pt/step-00041000 (41000)")
    step = 41000
    while step < 42360:
        step += 20
        tt = L.plus(tt, seconds=20 * (1.93 + b.rng.uniform(-0.02, 0.02)))
        logs[n0].add(tt, f"{p(tt)} step {step} | loss {1.982 - 0.000005 * (step - 41000) + b.rng.uniform(-0.02, 0.02):.4f} | "
                         f"grad_norm {0.19 + b.rng.uniform(-0.03, 0.03):.3f} | tok/s/gpu {9120 + b.rng.randrange(-90, 90)}")
    t_hang = L.plus(tt, seconds=17)
    for k, nd in enumerate(nodes):
        if nd == dead:
            continue
        tp = L.plus(t_hang, seconds=600 + k)
        logs[nd].add(tp, L.watchdog_timeout(tp, k * 8, 1822417, optype="REDUCE_SCATTER", numel=56623104, timeout_ms=600000, ran_ms=600019 + k))
        logs[nd].add(L.plus(tp, seconds=1), [L.elastic_failed(L.plus(tp, seconds=1), 1, -6, 0, pids[nd][0])] + L.elastic_sigterm(L.plus(tp, seconds=1), 1, pids[nd][1:]))
    for k, nd in enumerate(nodes):
        b.put(f"attempt_0/{nd}/{pods[k]}.log", logs[nd].render())
    console = [
        f"[{3_540_112.551201 + 0:14.6f}] watchdog: BUG: soft lockup - CPU#71 stuck for 23s! [kworker/71:2:1841201]",
        f"[{3_540_112.551240:14.6f}] Modules linked in: efa(OE) nvidia_uvm(POE) nvidia_drm(POE) nvidia_modeset(POE) nvidia(POE) lustre(OE) lnet(OE) ib_uverbs ib_core",
        f"[{3_540_112.551301:14.6f}] CPU: 71 PID: 1841201 Comm: kworker/71:2 Tainted: P           OE     5.10.227-219.884.amzn2.x86_64 #1",
        f"[{3_540_112.551322:14.6f}] Workqueue: events_unbound nvidia_modeset_work",
        f"[{3_540_112.551390:14.6f}] RIP: 0010:native_queued_spin_lock_slowpath+0x1b0/0x1e0",
        f"[{3_540_136.551907:14.6f}] watchdog: BUG: soft lockup - CPU#71 stuck for 46s! [kworker/71:2:1841201]",
        f"[{3_540_243.102288:14.6f}] INFO: task python3:2201877 blocked for more than 120 seconds.",
        f"[{3_540_243.102315:14.6f}]       Tainted: P           OEL    5.10.227-219.884.amzn2.x86_64 #1",
        f"[{3_540_243.102331:14.6f}] \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.",
        f"[{3_540_243.102415:14.6f}] task:python3         state:D stack:    0 pid:2201877 ppid:2201612 flags:0x00004000",
        f"[{3_540_243.102877:14.6f}] INFO: task kubelet:3811 blocked for more than 120 seconds.",
        f"[{3_540_364.771003:14.6f}] INFO: task containerd:2961 blocked for more than 241 seconds.",
        f"[{3_540_489.300117:14.6f}] rcu: INFO: rcu_sched self-detected stall on CPU",
        f"[{3_540_489.300159:14.6f}] rcu: \t71-....: (59999 ticks this GP) idle=1c2/1/0x4000000000000000 softirq=88231/88231 fqs=14871",
    ]
    b.put(f"attempt_0/{dead}/ec2-get-console-output.txt",
          [f"# aws ec2 get-console-output --instance-id i-0c5a8e93f1d7b2a46 --latest --output text   ({L.plus(t_hang, minutes=31):%Y-%m-%dT%H:%M:%SZ})"] + console)
    # ---- attempts 1-3: three agents restart, wait for four nodes, time out at rendezvous
    t = L.plus(t_hang, seconds=640)
    for n in (1, 2, 3):
        for k, nd in enumerate(nodes):
            if nd == dead:
                continue
            ta = L.plus(t, seconds=k * 1.3)
            lines = L.torchrun_banner(ta, 1, 8) + L.launch_configs(ta, 1, entry="/workspace/pretrain.py", nnodes=4, nproc=8,
                                                                   run_id="llama-pt", backend="c10d", endpoint="llama-pt-worker-0:29400")
            lines += [f"{L.glog('I', ta, 1, L.ELASTIC_API + ':867')} [default] starting workers for entrypoint: python3",
                      f"{L.glog('I', ta, 1, L.ELASTIC_API + ':677')} [default] Rendezvous'ing worker group",
                      f"{L.glog('I', ta, 1, 'torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1147')} "
                      f"The node '{pods[k]}_1_0' attempts to join the next round of the rendezvous 'llama-pt'."]
            tx = L.plus(ta, seconds=900)
            lines += [
                "Traceback (most recent call last):",
                '  File "/usr/local/bin/torchrun", line 8, in <module>',
                "    sys.exit(main())",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
                "    return f(*args, **kwargs)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 255, in launch_agent',
                "    result = agent.run()",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 680, in run',
                "    result = self._invoke_run(role)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 829, in _invoke_run',
                "    self._initialize_workers(self._worker_group)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 652, in _initialize_workers',
                "    self._rendezvous(worker_group)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 489, in _rendezvous',
                "    rdzv_info = spec.rdzv_handler.next_rendezvous()",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1125, in next_rendezvous',
                "    self._op_executor.run(join_op, deadline, self._get_deadline)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 667, in run',
                "    raise RendezvousTimeoutError",
                "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
            ]
            b.put(f"attempt_{n}/{nd}/{pods[k]}.log", lines)
        t = L.plus(t, seconds=900 + 45 + 10 * 2 ** n)
    kt = t
    b.put("kubectl_get_pods_wide.txt", [
        f"$ kubectl -n {ns} get pods -l training.kubeflow.org/job-name=llama-pt -o wide   # {kt:%Y-%m-%dT%H:%M:%SZ}",
        "NAME               READY   STATUS             RESTARTS      AGE   IP            NODE                         NOMINATED NODE   READINESS GATES",
        f"llama-pt-worker-0   0/1     CrashLoopBackOff   3 (41s ago)   {int((kt - t0).total_seconds() // 3600)}h    10.1.4.180    {nodes[0]}   <none>           <none>",
        f"llama-pt-worker-1   0/1     CrashLoopBackOff   3 (39s ago)   {int((kt - t0).total_seconds() // 3600)}h    10.1.5.22     {nodes[1]}  <none>           <none>",
        f"llama-pt-worker-2   1/1     Unknown            0             {int((kt - t0).total_seconds() // 3600)}h    10.1.7.201    {nodes[2]}   <none>           <none>",
        f"llama-pt-worker-3   0/1     CrashLoopBackOff   3 (37s ago)   {int((kt - t0).total_seconds() // 3600)}h    10.1.6.77     {nodes[3]}   <none>           <none>",
    ])
    lost = L.plus(t_hang, seconds=55)
    b.put("kubectl_describe_node_ip-10-1-7-93.txt", [
        f"Name:               {dead}",
        "Roles:              <none>",
        "Labels:             node.kubernetes.io/instance-type=p5.48xlarge",
        "                    topology.kubernetes.io/zone=us-east-1a",
        "Taints:             node.kubernetes.io/unreachable:NoExecute",
        "                    node.kubernetes.io/unreachable:NoSchedule",
        "Unschedulable:      false",
        "Conditions:",
        "  Type             Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message",
        "  ----             ------    -----------------                 ------------------                ------              -------",
        f"  MemoryPressure   Unknown   {lost:%a, %d %b %Y %H:%M:%S} +0000   {L.plus(lost, seconds=40):%a, %d %b %Y %H:%M:%S} +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
        f"  DiskPressure     Unknown   {lost:%a, %d %b %Y %H:%M:%S} +0000   {L.plus(lost, seconds=40):%a, %d %b %Y %H:%M:%S} +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
        f"  PIDPressure      Unknown   {lost:%a, %d %b %Y %H:%M:%S} +0000   {L.plus(lost, seconds=40):%a, %d %b %Y %H:%M:%S} +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
        f"  Ready            Unknown   {lost:%a, %d %b %Y %H:%M:%S} +0000   {L.plus(lost, seconds=40):%a, %d %b %Y %H:%M:%S} +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
        "Events:",
        "  Type    Reason        Age   From             Message",
        "  ----    ------        ----  ----             -------",
        f"  Normal  NodeNotReady  {int((kt - lost).total_seconds() // 60)}m   node-controller  Node {dead} status is now: NodeNotReady",
    ])
    b.set_label("host", "infrastructure", dead, None, "restart_without_node",
                "Attempt 0 stalls when ip-10-1-7-93 locks up (soft lockups, hung tasks, RCU stall on its console; kubelet "
                "stops posting status and the node goes NotReady); the others hit watchdog timeouts. Each of the three "
                "restarts then has only three agents joining a 4-node c10d rendezvous and dies with RendezvousTimeoutError "
                "after 900 s - the restart storm is caused by the one host whose agent never comes back.",
                "https://github.com/kubeflow/trainer/issues/2000")
    return b


# ---------------------------------------------------------------------------
CUBLAS_SB = ("RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasGemmStridedBatchedEx(handle, opa, opb, (int)m, "
             "(int)n, (int)k, (void*)&falpha, a, CUDA_R_16BF, (int)lda, stridea, b, CUDA_R_16BF, (int)ldb, strideb, (void*)&fbeta, c, "
             "CUDA_R_16BF, (int)ldc, stridec, (int)num_batches, compute_type, CUBLAS_GEMM_DEFAULT_TENSOR_OP)`")


def bg14():
    b = Bundle("bg14_cublas_failure_same_step_all_restarts", 114)
    attempts = [("88123", ["a100-n12", "a100-n13"], L.at(2024, 3, 27, 9, 14, 2), False),
                ("88169", ["a100-n13", "a100-n27"], L.at(2024, 3, 27, 10, 1, 44), False),
                ("88240", ["a100-n27", "a100-n31"], L.at(2024, 3, 27, 11, 30, 10), True)]
    hist = []
    for n, (job, hosts, t0, blocking) in enumerate(attempts):
        logs = {h: Timeline() for h in hosts}
        pids = {h: b.pids(8) for h in hosts}
        for j, h in enumerate(hosts):
            lines = [f"+ srun --kill-on-bad-exit=1 python /code/train.py fit --config /code/configs/doc-lm-1b.yaml --ckpt_path last"]
            if j == 0:
                lines.insert(0, f"env: NCCL_DEBUG=INFO NCCL_IB_HCA=mlx5 {'CUDA_LAUNCH_BLOCKING=1 ' if blocking else ''}OMP_NUM_THREADS=8")
            for lr in range(8):
                r = j * 8 + lr
                lines.append(f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/16")
            if j == 0:
                lines += ["----------------------------------------------------------------------------------------------------",
                          "distributed_backend=nccl",
                          "All distributed processes registered. Starting with 16 processes",
                          "----------------------------------------------------------------------------------------------------",
                          "",
                          "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]"]
            logs[h].add(t0, lines)
            logs[h].add(L.plus(t0, seconds=30), L.nccl_init_flood(b.rng, h, pids[h], j * 8, 16, oob_ip=f"10.12.1.{int(h[-2:])}",
                                                                  print_version=(j == 0), channels=2, version="2.19.3+cuda12.3", driver=12030))
        h0 = hosts[0]
        tt = L.plus(t0, seconds=58)
        logs[h0].add(tt, [
            "Restoring states from the checkpoint path at /lustre/doclm/ckpt/last.ckpt",
            "",
            "  | Name  | Type        | Params | Mode ",
            "----------------------------------------------",
            "0 | model | DocLM       | 1.1 B  | train",
            "1 | loss  | ChunkedCE   | 0      | train",
            "----------------------------------------------",
            "1.1 B     Trainable params",
            "0         Non-trainable params",
            "1.1 B     Total params",
            "4,406.518 Total estimated model params size (MB)",
            "Restored all states from the checkpoint at /lustre/doclm/ckpt/last.ckpt",
            "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/training_epoch_loop.py:161: You're resuming from a checkpoint "
            "that ended before the epoch ended and your dataloader is not resumable. This can cause unreliable results if further training is done.",
        ])
        step = 4000
        while step + 10 <= 4470:
            step += 10
            tt = L.plus(tt, seconds=10 * (0.94 + b.rng.uniform(-0.02, 0.02)))
            ep, idx = divmod(step, 1088)
            pct = int(100 * idx / 1088)
            el = (idx - (4000 - 3264) if ep == 3 else idx) * 0.94
            rem = (1088 - idx) * 0.94
            logs[h0].add(tt, f"Epoch {ep}:  {pct:2d}%|{'█' * (pct // 10):<10}| {idx}/1088 [{int(el) // 60:02d}:{int(el) % 60:02d}<{int(rem) // 60:02d}:{int(rem) % 60:02d}, "
                             f"1.06it/s, v_num={n + 7}, train_loss={2.61 - 0.00004 * step + b.rng.uniform(-0.04, 0.04):.3f}, lr=3.00e-04]")
        tc = L.plus(tt, seconds=1.3)
        r = 3
        asserts = [f"../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [{blk},0,0], thread: [{th},0,0] "
                   "Assertion `srcIndex < srcSelectDimSize` failed." for blk, th in ((412, 32), (412, 33), (412, 34), (412, 35), (413, 0), (413, 1))]
        if not blocking:
            frames = [("/code/train.py", 88, "<module>", "cli_main()"),
                      ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/optimization/automatic.py", 318, "_training_step",
                       "training_step_output = call._call_strategy_hook(trainer, \"training_step\", *kwargs.values())"),
                      ("/code/doclm/module.py", 142, "training_step", "logits = self.model(batch[\"input_ids\"], position_ids=batch[\"position_ids\"])"),
                      ("/code/doclm/model.py", 211, "forward", "scores = torch.matmul(q, k.transpose(-2, -1)) * self.scale")]
            exc = [CUBLAS_SB]
        else:
            frames = [("/code/train.py", 88, "<module>", "cli_main()"),
                      ("/code/doclm/module.py", 142, "training_step", "logits = self.model(batch[\"input_ids\"], position_ids=batch[\"position_ids\"])"),
                      ("/code/doclm/model.py", 187, "forward", "h = self.tok_emb(input_ids) + self.pos_emb(position_ids)"),
                      ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/sparse.py", 190, "forward", "return F.embedding("),
                      ("/usr/local/lib/python3.10/dist-packages/torch/nn/functional.py", 2551, "embedding",
                       "return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)")]
            exc = ["RuntimeError: CUDA error: device-side assert triggered",
                   "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
        logs[h0].add(tc, asserts + _pyerr(r, frames, exc))
        # sympathetic: the other ranks die in NCCL once rank 3 is gone, srun kills the step
        h1 = hosts[1]
        tp = L.plus(tc, seconds=7)
        logs[h1].add(tp, remote_peer_error(h1, pids[h1][0], 0, 8, tp, h0, 51766, nccl_ver="2.19.3"))
        tk = L.plus(tc, seconds=9)
        for h in hosts:
            logs[h].add(tk, [f"slurmstepd: error: *** STEP {job}.0 ON {h} CANCELLED AT {L.slurm_ts(tk)} ***"])
        logs[h0].add(L.plus(tk, seconds=0.2), [f"srun: error: {h0}: task 3: Exited with exit code 1",
                                                f"srun: Terminating StepId={job}.0"])
        for h in hosts:
            b.put(f"attempt_{n}/{h}/slurm-{job}-{h}.out", logs[h].render())
        hist.append((job, t0, L.plus(tk, seconds=3), hosts))
    rows = [(job, "doclm-1b", "a100", L.slurm_ts(L.plus(t0, seconds=-3)), L.slurm_ts(te), L.elapsed(t0, te), "FAILED", "1:0",
             f"a100-n[{','.join(h[-2:] for h in hosts)}]") for job, t0, te, hosts in hist]
    b.put("sacct_user_history.txt", L.sacct_table("", rows, fmt_header="$ sacct -u mkoval -X -S 2024-03-27T09:00 -o JobID%-16,JobName%12,Partition,Start,End,Elapsed,State%-12,ExitCode,NodeList%-30"))
    b.set_label("user_code", "script", None, None, "stop",
                "Three separate submissions on three different node pairs all resume from step 4000 and fail at the same "
                "point (epoch 4, batch ~119 of 1088) on global rank 3, preceded each time by the same ATen "
                "indexSelectLargeIndex assertion "
                "(srcIndex < srcSelectDimSize); the CUBLAS_STATUS_EXECUTION_FAILED is only the next kernel to notice. With "
                "CUDA_LAUNCH_BLOCKING=1 the third run points at the position-embedding lookup: an out-of-range position id in "
                "the data/code, not a GPU.",
                "https://github.com/pytorch/pytorch/issues/124262")
    return b


# ---------------------------------------------------------------------------
def bg15():
    b = Bundle("bg15_segfault_in_dataloader_across_restarts", 115)
    MSK = L.tz(3)
    attempts = [(["cn-g113", "cn-g114", "cn-g117", "cn-g120"], L.at(2024, 2, 12, 10, 0, 31, tzinfo=MSK), 2, 1100, 1684),
                (["cn-g117", "cn-g118", "cn-g121", "cn-g122"], L.at(2024, 2, 12, 11, 12, 2, tzinfo=MSK), 6, 1500, 3107),
                (["cn-g110", "cn-g113", "cn-g117", "cn-g119"], L.at(2024, 2, 12, 13, 40, 55, tzinfo=MSK), 0, 3000, 3420)]
    boot117 = L.at(2024, 2, 2, 7, 41, 9, tzinfo=MSK)
    ev117 = benign_boot_dmesg("cn-g117", A100_BUS, driver="535.104.12")
    # background corrected-error storm on one DIMM, across the whole day
    tt = L.at(2024, 2, 12, 8, 3, 0, tzinfo=MSK)
    k = 0
    while tt < L.at(2024, 2, 12, 15, 0, 0, tzinfo=MSK):
        cnt = b.rng.choice([1, 3, 7, 22, 58, 140])
        ev117.append((up_at(boot117, tt), "mce: [Hardware Error]: Machine check events logged"))
        ev117.append((up_at(boot117, tt) + 0.0004,
                      f"EDAC MC1: {cnt} CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x{0x2f1a00 + b.rng.randrange(0, 255):x} "
                      f"offset:0x{b.rng.randrange(0, 4096) & 0xfc0:x} grain:32 syndrome:0x0 - {'OVERFLOW ' if cnt > 50 else ''}area:DRAM err_code:0001:0091 "
                      f"socket:1 imc:0 rank:1 bg:2 ba:1 row:0x1d3e col:0x2c8)"))
        tt = L.plus(tt, seconds=b.rng.randrange(240, 1140) + b.rng.random())
        k += 1
    for n, (hosts, t0, lr_bad, s0, s_bad) in enumerate(attempts):
        gi = hosts.index("cn-g117")
        r_bad = gi * 8 + lr_bad
        if n < 2:
            wpid = b.rng.randrange(300000, 400000)

            def lines(t, r, p, _w=wpid):
                return [
                    "ERROR: Unexpected segmentation fault encountered in worker.",
                    f"[rank{r}]: Traceback (most recent call last):",
                    f'[rank{r}]:   File "/opt/conda/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 1243, in _try_get_data',
                    f"[rank{r}]:     data = self._data_queue.get(timeout=timeout)",
                    f'[rank{r}]:   File "/opt/conda/lib/python3.11/site-packages/torch/utils/data/_utils/signal_handling.py", line 73, in handler',
                    f"[rank{r}]:     _error_if_any_worker_fails()",
                    f"[rank{r}]: RuntimeError: DataLoader worker (pid {_w}) is killed by signal: Segmentation fault. ",
                    f"[rank{r}]: ",
                    f"[rank{r}]: The above exception was the direct cause of the following exception:",
                    f"[rank{r}]: ",
                    f"[rank{r}]: Traceback (most recent call last):",
                    f'[rank{r}]:   File "/home/svc/vlm/train.py", line 266, in <module>',
                    f"[rank{r}]:     main(cfg)",
                    f'[rank{r}]:   File "/home/svc/vlm/train.py", line 219, in main',
                    f"[rank{r}]:     batch = next(train_iter)",
                    f"[rank{r}]: RuntimeError: DataLoader worker (pid(s) {_w}) exited unexpectedly",
                ]
            crash = dict(host="cn-g117", lr=lr_bad, delay=2.1, lines=lines, exitcode=1,
                         traceback="Traceback (most recent call last):\n    ...\nRuntimeError: DataLoader worker (pid(s) %d) exited unexpectedly" % wpid)
        else:
            wpid = None

            def lines(t, r, p):
                return ["Fatal Python error: Segmentation fault", "",
                        f"Thread 0x00007f2b8bfff640 (most recent call first):",
                        '  File "/opt/conda/lib/python3.11/site-packages/torch/utils/data/_utils/pin_memory.py", line 31 in do_one_step',
                        '  File "/opt/conda/lib/python3.11/site-packages/torch/utils/data/_utils/pin_memory.py", line 54 in _pin_memory_loop',
                        '  File "/opt/conda/lib/python3.11/threading.py", line 982 in run', "",
                        "Current thread 0x00007f2c61a3b740 (most recent call first):",
                        '  File "/home/svc/vlm/vlm/model.py", line 301 in forward',
                        '  File "/home/svc/vlm/train.py", line 224 in main']
            crash = dict(host="cn-g117", lr=lr_bad, delay=2.1, lines=lines, exitcode=-11,
                         traceback="Signal 11 (SIGSEGV) received by PID {pid}")
        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="/home/svc/vlm/train.py", run_id=f"vlm-{n}", it_start=s0, it_stop=s_bad,
                             ms=3380.0, every=10, gbs=256, total=40000, lr0=1e-4, loss0=1.41, loss_slope=2e-5, tflops=122.0,
                             ckpt_every=500, ckpt_dir="/data/vlm/ckpt", crash=crash, peer_mode="remote", flood_channels=4,
                             nccl_ver="2.18.6+cuda12.1", drv=12020)
        for h in hosts:
            b.put(f"attempt_{n}/{h}/output.log", a.logs[h].render())
        p = a.pids["cn-g117"][lr_bad]
        seg_pid = wpid or p
        comm = "pt_data_worker" if wpid else "python"
        ev117.append((up_at(boot117, a.crash_t) - 0.3,
                      f"{comm}[{seg_pid}]: segfault at {0x7f3a2c000010 + 0x1000 * n:x} ip 00007f3b8e4d{0x2c11 + n * 0x40:04x} sp 00007f3a9bffd8e0 error 4 in "
                      f"libc.so.6[7f3b8e428000+195000] likely on CPU {b.rng.randrange(64, 128)} (core {b.rng.randrange(0, 32)}, socket 1)"))
        cut = up_at(boot117, L.plus(a.crash_t, minutes=3))
        b.put(f"attempt_{n}/cn-g117/journal-kernel.txt", render_dmesg("journal", "cn-g117", boot117, [e for e in ev117 if e[0] <= cut], tzinfo=MSK))
        other = hosts[(gi + 1) % 4]
        bo = L.at(2024, 2, 5, 6, 0, 0, tzinfo=MSK)
        b.put(f"attempt_{n}/{other}/journal-kernel.txt", render_dmesg("journal", other, bo, benign_boot_dmesg(other, A100_BUS, driver="535.104.12"), tzinfo=MSK))
    b.set_label("host", "infrastructure", "cn-g117", None, "restart_without_node",
                "Three attempts end in segmentation faults (two DataLoader workers, then the main process) at unrelated "
                "steps and on different local ranks (2, 6, 0) - the only constant is the host cn-g117, whose kernel log "
                "shows a continuous machine-check / EDAC corrected-error storm on CPU1 channel 2 DIMM 0 around each "
                "segfault. Failing host memory, not the data pipeline.",
                "https://github.com/illinois-scicomp/machine-shop-maintenance/issues/66")
    return b


# ---------------------------------------------------------------------------
def _ecc_exc(r, where):
    return _pyerr(r, [
        ("/opt/app/train.py", 512, "<module>", "main()"),
        ("/opt/app/train.py", 477, "main", "loss = engine.train_batch(data_iter)"),
        ("/opt/app/engine.py", 218, "train_batch", where),
    ], ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""])


def _full_nvsmi(t, bad_idx=None, bad_kw=None, buses=H100_BUS, serial0=1654922011000):
    lines = nvsmi_q_header(t)
    for i, bus in enumerate(buses):
        kw = dict(idx=i, bus=bus, serial=str(serial0 + 37 * i), uuid=f"GPU-{(serial0 + i) % 0xffffffff:08x}-1c2d-4e5f-8a9b-{i:012x}")
        if i == bad_idx and bad_kw:
            kw.update(bad_kw)
        lines += nvsmi_q_gpu(**kw)
    return lines


def bg16():
    b = Bundle("bg16_uncorrectable_ecc_again_after_requeue", 116)
    job = "5120977"
    hosts = ["gpu-b-21", "gpu-b-22", "gpu-b-23", "gpu-b-24"]
    starts = [(L.at(2024, 8, 2, 17, 30, 12), 0, 1523), (None, 1000, 1012)]
    rows = []
    t_prev = None
    boot = L.at(2024, 7, 28, 9, 2, 41)
    ev = benign_boot_dmesg("gpu-b-22", H100_BUS)
    for n, (t0, s0, s_bad) in enumerate(starts):
        t0 = t0 or L.plus(t_prev, minutes=3)
        crash = dict(host="gpu-b-22", lr=6, delay=0.9, exitcode=1,
                     lines=lambda t, r, p: _ecc_exc(r, "self.optimizer.step()" if n == 0 else "outputs = self.module(**batch)"),
                     traceback="Traceback (most recent call last):\n    ...\nRuntimeError: CUDA error: uncorrectable ECC error encountered")
        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="/opt/app/train.py", run_id=job, it_start=s0, it_stop=(s_bad // 10) * 10,
                             ms=2210.0, every=10, gbs=512, total=20000, lr0=1e-4, loss0=2.6 - 0.00005 * s0, loss_slope=5e-5,
                             tflops=344.0, ckpt_every=1000, ckpt_dir="/weka/ckpt/ft-70b-lora", crash=crash, peer_mode="timeout",
                             timeout_ms=900000, flood_channels=4)
        for h in hosts:
            b.put(f"attempt_{n}/{h}/ft70b-{job}-{n}-{h}.log", a.logs[h].render())
        pid = a.pids["gpu-b-22"][6]
        up = up_at(boot, a.crash_t) - 0.35
        ev.append((up, L.xid("0000:ba:00", 94, "Contained: SM (0x1). RST: No, D-RST: No", pid=pid)))
        if n == 1:
            ev.append((up + 0.0002, L.xid("0000:ba:00", 94, "Contained: SM (0x1). RST: No, D-RST: No", pid=pid)))
        cut = up_at(boot, L.plus(a.end_t, seconds=60))
        b.put(f"attempt_{n}/gpu-b-22/dmesg.txt", render_dmesg("up", "gpu-b-22", boot, [e for e in ev if e[0] <= cut]))
        end = L.plus(a.end_t, seconds=20)
        rows.append((job, "ft-70b-lora", "h100", L.slurm_ts(L.plus(t0, seconds=-4)), L.slurm_ts(end), L.elapsed(t0, end),
                     "REQUEUED" if n == 0 else "FAILED", "0:0" if n == 0 else "1:0", "gpu-b-[21-24]"))
        t_prev = end
    b.put("attempt_1/gpu-b-22/epilog-nvidia-smi-q.txt", _full_nvsmi(L.plus(t_prev, seconds=5), 6, dict(
        remap_unc=2, pending="Yes", failure="No", dbe_vol=3, dbe_agg=3, mem_used="0 MiB")))
    b.put("sacct.txt", L.sacct_table(job, rows, fmt_header=f"$ sacct -j {job} --duplicates -X"))
    b.set_label("gpu_memory", "infrastructure", "gpu-b-22", 14, "restart_without_node",
                "Global rank 14 (gpu-b-22, local GPU 6, PCI 0000:ba:00) dies with 'uncorrectable ECC error encountered' in "
                "both the first run and the requeue, and the node logs Xid 94 (contained ECC) on that GPU each time. The "
                "epilog nvidia-smi -q shows 2 uncorrectable row remappings still Pending: Yes, so the GPU needs a reset/"
                "repair before it can be trusted again; keep the node out.",
                "https://facebookresearch.github.io/gcm/docs/GCM_Health_Checks/health_checks/check-nvidia-smi/row_remap")
    return b


# ---------------------------------------------------------------------------
def bg17():
    b = Bundle("bg17_stale_file_handle_then_ecc_error_next_attempt", 117)
    hosts = ["r3n11", "r3n12", "r3n13", "r3n14"]
    EDT = L.tz(-4)
    boots = {h: L.at(2024, 9, 1, 3, 0 + 5 * i, 17, tzinfo=EDT) for i, h in enumerate(hosts)}
    kev = {h: benign_boot_dmesg(h, H100_BUS, hcas=("0000:0c:00.0",)) for h in hosts}
    # ---- attempt 0: the NFS filer serving the dataset goes away for a couple of minutes
    t0 = L.at(2024, 9, 9, 14, 2, 0, tzinfo=EDT)
    a0 = torchrun_attempt(b, hosts=hosts, t0=t0, entry="train.py", run_id="sd-xl-ft", it_start=500, it_stop=880,
                          ms=1410.0, every=10, gbs=256, total=20000, lr0=1e-5, loss0=0.121, loss_slope=1e-6, tflops=201.0,
                          ckpt_every=500, ckpt_dir="/nfs/filer02/proj/sdxl/ckpt", crash=None, flood_channels=4)
    t_nfs = L.plus(a0.end_t, seconds=-50)
    t_ok = L.plus(t_nfs, seconds=151)
    for h in hosts:
        kev[h] += [(up_at(boots[h], t_nfs), "nfs: server filer02 not responding, still trying"),
                   (up_at(boots[h], t_nfs) + 0.3, "nfs: server filer02 not responding, still trying"),
                   (up_at(boots[h], t_ok), "nfs: server filer02 OK")]
    tse = L.plus(a0.end_t, seconds=8)
    for j, h in enumerate(hosts):
        r = j * 8 + (j * 3) % 8
        a0.logs[h].add(L.plus(tse, seconds=j * 0.7), _pyerr(r, [
            ("/home/ml/sdxl/train.py", 390, "<module>", "main()"),
            ("/home/ml/sdxl/train.py", 341, "main", "batch = next(loader_iter)"),
            ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1480, "_process_data", "data.reraise()"),
            ("/usr/local/lib/python3.10/dist-packages/torch/_utils.py", 715, "reraise", "raise exception"),
        ], ["OSError: Caught OSError in DataLoader worker process 3.",
            "Original Traceback (most recent call last):",
            '  File "/home/ml/sdxl/data/webds.py", line 88, in __getitem__',
            "    with open(self.shards[idx], \"rb\") as f:",
            f"OSError: [Errno 116] Stale file handle: '/nfs/filer02/proj/sdxl/data/shard-{4410 + j * 13:06d}.tar'"]))
        a0.logs[h].add(L.plus(tse, seconds=3 + j), [L.elastic_failed(L.plus(tse, seconds=3 + j), a0.apid[h], 1, (j * 3) % 8, a0.pids[h][(j * 3) % 8])])
        b.put(f"attempt_0/{h}/train.out", a0.logs[h].render())
    end0 = L.plus(tse, seconds=40)
    # ---- attempt 1: same nodes, runs ~3 h past step 880, then r3n14 GPU 3 reports a contained ECC error
    t1 = L.plus(end0, minutes=5)

    def ecc(t, r, p):
        return _pyerr(r, [("/home/ml/sdxl/train.py", 390, "<module>", "main()"),
                          ("/home/ml/sdxl/train.py", 356, "main", "accelerator.backward(loss)"),
                          ("/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", 825, "_engine_run_backward",
                           "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                      ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
                       "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                       "For debugging consider passing CUDA_LAUNCH_BLOCKING=1"])
    crash = dict(host="r3n14", lr=3, delay=1.2, lines=ecc, exitcode=1,
                 traceback="Traceback (most recent call last):\n    ...\nRuntimeError: CUDA error: uncorrectable ECC error encountered")
    a1 = torchrun_attempt(b, hosts=hosts, t0=t1, entry="train.py", run_id="sd-xl-ft", it_start=500, it_stop=8210,
                          ms=1405.0, every=10, gbs=256, total=20000, lr0=1e-5, loss0=0.121, loss_slope=1e-6, tflops=201.5,
                          ckpt_every=500, ckpt_dir="/nfs/filer02/proj/sdxl/ckpt", crash=crash, peer_mode="remote", flood_channels=4)
    for h in hosts:
        b.put(f"attempt_1/{h}/train.out", a1.logs[h].render())
    pid = a1.pids["r3n14"][3]
    kev["r3n14"].append((up_at(boots["r3n14"], a1.crash_t) - 0.5, L.xid("0000:5d:00", 94, "Contained: SM (0x1). RST: No, D-RST: No", pid=pid)))
    for n, cut_t in enumerate((end0, L.plus(a1.end_t, minutes=2))):
        for h in hosts:
            cut = up_at(boots[h], cut_t)
            b.put(f"attempt_{n}/{h}/dmesg-T.txt", render_dmesg("T", h, boots[h], [e for e in kev[h] if e[0] <= cut], tzinfo=EDT))
    tr = L.plus(a1.end_t, minutes=3)
    b.put("attempt_1/r3n14/healthcheck-after-job.txt", [
        f"# node health check, {tr:%Y-%m-%d %H:%M:%S %z}",
        "$ nvidia-smi -r -i 3",
        "GPU 00000000:5D:00.0 was successfully reset.",
        "All done.",
        "$ nvidia-smi -q -i 3",
    ] + nvsmi_q_header(L.plus(tr, seconds=20), ngpu=8)[1:] + nvsmi_q_gpu(
        idx=3, bus="00000000:5D:00.0", serial="1654922033190", uuid="GPU-3e8c41d2-09a7-5b3c-d1f0-7a2e6b9c4d18",
        remap_unc=1, pending="No", failure="No", dbe_vol=0, dbe_agg=1) + [
        "$ dcgmi diag -r 2 -i 3 | tail -4",
        "| Memory                    | Pass                                           |",
        "| Diagnostic                | Pass                                           |",
        "| Targeted Stress           | Pass                                           |",
        "+---------------------------+------------------------------------------------+",
    ])
    b.set_label("gpu_memory", "infrastructure", "r3n14", 27, "restart",
                "Attempt 0 failed on every node with ESTALE while filer02 was briefly unreachable ('not responding' then "
                "'OK' in dmesg); attempt 1 ran about three hours past that point, so the storage blip cleared. Attempt 1 then "
                "died when rank 27 (r3n14, GPU 3, 0000:5d:00) hit an uncorrectable ECC error, logged as Xid 94 (contained). "
                "After a reset the row is remapped with nothing pending and DCGM passes, so the node can be restarted.",
                "https://raw.githubusercontent.com/stas00/ml-engineering/7bc7c3054eb93c277a4755c597ae0864d77a63f1/compute/accelerator/nvidia/debug.md")
    return b


# ---------------------------------------------------------------------------
def bg18():
    b = Bundle("bg18_no_space_left_compile_cache_restarts", 118)
    attempts = [(["gx-0088", "gx-0093", "gx-0101", "gx-0102"], L.at(2025, 4, 14, 6, 10, 3)),
                (["gx-0093", "gx-0110", "gx-0111", "gx-0115"], L.at(2025, 4, 14, 6, 58, 31)),
                (["gx-0071", "gx-0088", "gx-0093", "gx-0120"], L.at(2025, 4, 14, 8, 2, 16))]
    for n, (hosts, t0) in enumerate(attempts):
        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="train.py", run_id=f"dit-xl-{n}", it_start=0, it_stop=None,
                             crash=None, flood_channels=4, megatron_startup=False, nccl_ver="2.26.2+cuda12.8", drv=12080)
        bad = "gx-0093"
        gi = hosts.index(bad)
        tcomp = L.plus(t0, seconds=112)
        for j, h in enumerate(hosts):
            a.logs[h].add(L.plus(tcomp, seconds=-20), [
                "/usr/local/lib/python3.12/dist-packages/torch/_inductor/compile_fx.py:236: UserWarning: TensorFloat32 tensor cores for float32 matrix multiplication available but not enabled. Consider setting `torch.set_float32_matmul_precision('high')` for better performance.",
                "  warnings.warn(",
            ])
        chunk = []
        for lr in range(8):
            r = gi * 8 + lr
            h = f"{b.rng.getrandbits(40):010x}"
            chunk += _pyerr(r, [
                ("/work/dit/train.py", 301, "<module>", "main()"),
                ("/work/dit/train.py", 254, "main", "loss = train_step(model, batch)"),
                ("/usr/local/lib/python3.12/dist-packages/torch/_dynamo/eval_frame.py", 655, "_fn", "return fn(*args, **kwargs)"),
                ("/usr/local/lib/python3.12/dist-packages/torch/_inductor/codecache.py", 2371, "write_atomic", "with tmp_path.open(write_mode, encoding=\"utf-8\" if isinstance(content, str) else None) as f:"),
            ], ["torch._inductor.exc.InductorError: OSError: [Errno 28] No space left on device: "
                f"'/tmp/torchinductor_svc-train/{h[:2]}/c{h}q7kxyl3v.py.tmp.{b.rng.randrange(10**9, 10**10)}'",
                "",
                "Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you're reporting a bug to PyTorch). "
                "For even more developer context, set TORCH_LOGS=\"+dynamo\"", ""])
        a.logs[bad].add(tcomp, chunk)
        td = L.plus(tcomp, seconds=4)
        pb = a.pids[bad]
        a.logs[bad].add(td, [L.elastic_failed(td, a.apid[bad], 1, 0, pb[0])] + L.elastic_sigterm(td, a.apid[bad], pb[1:]))
        for j, h in enumerate(hosts):
            if h == bad:
                continue
            tp = L.plus(tcomp, seconds=600 + 40 + j)
            a.logs[h].add(tp, L.watchdog_timeout(tp, j * 8, 7, optype="ALLREDUCE", numel=1, timeout_ms=600000))
        for h in hosts:
            b.put(f"attempt_{n}/{h}/dit-{n}.{h}.log", a.logs[h].render())
        tdf = L.plus(t0, seconds=-25)
        if n in (0, 2):
            b.put(f"attempt_{n}/{bad}/prolog-df.txt", [
                f"# slurm prolog {tdf:%Y-%m-%dT%H:%M:%S} {bad}",
                "$ df -h /tmp /dev/shm /",
                "Filesystem      Size  Used Avail Use% Mounted on",
                f"/dev/nvme0n1p3  350G  350G  {['0', '0', '92K'][n]}    100% /tmp",
                "tmpfs           1.0T  2.1G 1022G   1% /dev/shm",
                "/dev/nvme0n1p2  100G   31G   70G  31% /",
                "$ du -sh /tmp/* 2>/dev/null | sort -h | tail -3",
                "1.2G\t/tmp/torchinductor_svc-train",
                "7.9G\t/tmp/enroot-data",
                "341G\t/tmp/ray_spill_4f1d",
            ])
            other = hosts[(gi + 1) % 4]
            b.put(f"attempt_{n}/{other}/prolog-df.txt", [
                f"# slurm prolog {tdf:%Y-%m-%dT%H:%M:%S} {other}",
                "$ df -h /tmp /dev/shm /",
                "Filesystem      Size  Used Avail Use% Mounted on",
                "/dev/nvme0n1p3  350G   14G  336G   4% /tmp",
                "tmpfs           1.0T  2.1G 1022G   1% /dev/shm",
                "/dev/nvme0n1p2  100G   29G   72G  29% /",
            ])
    b.set_label("storage", "infrastructure", "gx-0093", None, "restart_without_node",
                "In all three attempts the node sets differ but gx-0093 is always there, and only its eight ranks fail at "
                "the first torch.compile with ENOSPC writing the inductor cache under /tmp; the other nodes just time out "
                "waiting. The prolog df shows gx-0093's local /tmp at 100% (filled by a leftover spill directory) while the "
                "same partition elsewhere is nearly empty: a full local disk on one node.",
                "https://github.com/jansel/pytorch-jit-paritybench/pull/24")
    return b
