"""Cases b11-b20."""

import datetime as dt
import math

from common import (A100_BUS, H100_BUS, P5_BUS, UTC, Bundle, T, at, boot_noise_lines, dcgm_metrics, df_h,
                    exit_failure, fr_dump, glog, gpu_inventory, iso, nccl_init, nvidia_smi_q, nvidia_smi_table,
                    py_traceback, pyspy, render_kernel, sec, sig_failure, std_df, torchrun_failure,
                    watchdog_cuda_error, watchdog_timeout)
from scaffold import merge, slurm_cancel, spread, torchrun_fail, torchrun_start
from trainlogs import hf_lines, lightning_lines, megatron_lines, titan_lines, ds_lines

PY = "/usr/local/lib/python3.10/dist-packages"


def _nccl_remote(pre_rank, rank, t, peer, host, pid, lr, r, status=12, prefix=""):
    return [
        "%s%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=%d opcode=0 len=0 vendor err 129 (Recv) hca mlx5_%d" % (
            prefix, host, pid, pid + 61, lr, peer, r.randint(33000, 61000), status, lr % 4),
        "%s[rank%d]:[%s ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (prefix, rank, glog(t, "E", rng=r), rank),
        "%s[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % (prefix, rank),
        "%s[rank%d]:Last error:" % (prefix, rank),
        "%s[rank%d]:NET/IB : Got completion from peer %s<%d> with status=%d opcode=0 len=0 vendor err 129 (Recv) hca mlx5_%d" % (prefix, rank, peer, r.randint(33000, 61000), status, lr % 4),
        "%sterminate called after throwing an instance of 'c10::DistBackendError'" % prefix,
    ]


# ---------------------------------------------------------------------------
# b11: hang; stuck rank's node shows kernel soft lockups
# ---------------------------------------------------------------------------

def b11():
    b = Bundle("b11_stuck_at_step_7k_no_output")
    r = b.rng
    hosts = ["gpuq-a-009", "gpuq-a-010", "gpuq-a-011", "gpuq-a-012"]
    bad, bad_lr = "gpuq-a-010", 5
    bad_rank = 8 + bad_lr
    job = 3302291
    t0 = T("2024-11-05 11:52:40")
    step_s = 1.88
    t_train = t0 + sec(172)
    steps = titan_lines(r, t_train, 1, 7212, step_s, rank=0, log_freq=2, mem_gib=66.1, tps=2950)
    t_last = t_train + sec(7212 * step_s)
    t_hang = t_last + sec(1.2)
    t_to = t_hang + sec(1800.6)
    seq = 86545
    boot = T("2024-10-30 07:55:01")
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    pids[bad][bad_lr] = 220871
    agent = {h: b.pid(1000, 9000) for h in hosts}
    for ni, h in enumerate(hosts):
        ev = list(torchrun_start(t0 + sec(0.2 * ni), agent[h], endpoint="gpuq-a-009:29500"))
        for lr in range(8):
            ev += spread(t0 + sec(30 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, "10.80.1.%d" % (9 + ni), rank=ni * 8 + lr, iface="ibp12s0"))
        if ni == 0:
            ev += steps
            for s in range(500, 7212, 500):
                ts = t_train + sec(s * step_s + 0.3)
                ev.append((ts, "[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % iso(ts)))
                ev.append((ts + sec(14), "[rank0]:[titan] %s - root - INFO - [GC] Performing periodical GC collection. 0.07 seconds." % iso(ts + sec(14))))
        for lr in range(8):
            rank = ni * 8 + lr
            if rank == bad_rank:
                continue
            te = t_to + sec(r.random() * 0.4)
            blk = watchdog_timeout(rank, te, seq, "ALLREDUCE", 262144000, 1800000, r, with_frames=(lr == 0),
                                   last_enqueued=seq, last_completed=seq - 1)
            blk.insert(2, "[rank%d]:[%s ProcessGroupNCCL.cpp:1444] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (rank, glog(te, "E", rng=r), rank))
            blk.insert(3, "[rank%d]:[%s ProcessGroupNCCL.cpp:1298] [PG ID 0 PG GUID 0(default_pg) Rank %d] Dumping nccl trace to /shared/fr/%d/nccl_trace_rank_%d" % (rank, glog(te, "I", rng=r), rank, job, rank))
            ev += spread(te, blk, 0.0001)
        ft = t_to + sec(3)
        fr = 0 if ni != 1 else 2
        ev += torchrun_fail(ft, agent[h], (fr, pids[h][fr], -6), [p for i, p in enumerate(pids[h]) if i != fr])
        fails = [sig_failure(ft + sec(1.3), h, ni * 8 + lr, lr, 15 if (h == bad and lr == bad_lr) else 6, pids[h][lr]) for lr in range(8) if lr != fr]
        root = sig_failure(ft + sec(1.3), h, ni * 8 + fr, fr, 6, pids[h][fr])
        ev += spread(ft + sec(1.5), torchrun_failure("torchtitan/train.py", fails, root))
        b.add("%s/%s-%d.log" % (h, h, job), merge(ev))
        kev = boot_noise_lines(r)
        if h == bad:
            up = at(boot, t_hang) + 27.3
            for k in range(9):
                u = up + k * 28.0 + r.random() * 0.5
                kev += [
                    (u, "watchdog: BUG: soft lockup - CPU#87 stuck for %ds! [pt_main_thread:220871]" % (26 + (k % 2) * 1)),
                    (u + 0.0000021, "Modules linked in: nvidia_peermem(OE) nvidia_uvm(OE) nvidia_drm(OE) nvidia_modeset(OE) nvidia(OE) rdma_ucm(OE) ib_uverbs(OE) mlx5_ib(OE) mlx5_core(OE) lustre(OE) lnet(OE) xfs"),
                    (u + 0.0000042, "CPU: 87 PID: 220871 Comm: pt_main_thread Tainted: P           OEL    5.15.0-122-generic #132-Ubuntu"),
                    (u + 0.0000051, "RIP: 0010:native_queued_spin_lock_slowpath+0x1a6/0x2c0"),
                    (u + 0.0000070, "Call Trace:"),
                    (u + 0.0000071, " <IRQ>"),
                    (u + 0.0000072, " ? watchdog_timer_fn+0x1b8/0x220"),
                    (u + 0.0000073, " </IRQ>"),
                    (u + 0.0000074, " <TASK>"),
                    (u + 0.0000075, " _raw_spin_lock+0x22/0x30"),
                    (u + 0.0000076, " follow_page_pte+0x2e1/0x780"),
                    (u + 0.0000077, " __get_user_pages+0x1d3/0x6d0"),
                    (u + 0.0000078, " __gup_longterm_locked+0x2ce/0x800"),
                    (u + 0.0000079, " pin_user_pages+0x52/0x70"),
                    (u + 0.0000080, " os_lock_user_pages+0x9a/0x1b0 [nvidia]"),
                    (u + 0.0000081, " _nv000717rm+0x54/0x1a0 [nvidia]"),
                    (u + 0.0000082, " </TASK>"),
                ]
                if k == 3:
                    kev += [(u + 3.1, "rcu: INFO: rcu_sched self-detected stall on CPU"),
                            (u + 3.1000011, "rcu: \t87-....: (14982 ticks this GP) idle=7be/1/0x4000000000000000 softirq=1422311/1422311 fqs=6128")]
                if k == 4:
                    kev += [(u + 11.4, "INFO: task pt_main_thread:220871 blocked for more than 122 seconds."),
                            (u + 11.4000012, "      Tainted: P           OEL    5.15.0-122-generic #132-Ubuntu"),
                            (u + 11.4000020, "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.")]
        b.add("%s/dmesg-T.log" % h, render_kernel(kev, "T", boot))
    # flight recorder dumps
    base_ns = int((t_hang - sec(8)).timestamp() * 1e9)
    for ni, h in enumerate(hosts):
        for lr in range(8):
            rank = ni * 8 + lr
            if rank == bad_rank:
                st = {seq: "absent"}
            else:
                st = {seq: "started"}
            b.add("%s/fr/nccl_trace_rank_%d.json" % (h, rank), fr_dump(rank, 32, seq, st, base_ns))
    b.add("%s/py-spy-dump-220871.txt" % bad, pyspy(220871, "/usr/bin/python3 -u torchtitan/train.py --job.config_file train_configs/llama3_70b.toml", [
        (220871, "idle", "MainThread", [
            ("pin_memory", "torch/utils/data/_utils/pin_memory.py", 64),
            ("_next_data", "torch/utils/data/dataloader.py", 1474),
            ("__next__", "torch/utils/data/dataloader.py", 701),
            ("next_batch", "torchtitan/datasets/hf_datasets.py", 211),
            ("main", "torchtitan/train.py", 318),
            ("wrapper", "torch/distributed/elastic/multiprocessing/errors/__init__.py", 355),
            ("<module>", "torchtitan/train.py", 437)]),
        (221402, "idle", "Thread-3 (_pin_memory_loop)", [
            ("_pin_memory_loop", "torch/utils/data/_utils/pin_memory.py", 55),
            ("run", "threading.py", 953)]),
    ]))
    b.add("%s/py-spy-dump-rank0.txt" % hosts[0], pyspy(pids[hosts[0]][0], "/usr/bin/python3 -u torchtitan/train.py --job.config_file train_configs/llama3_70b.toml", [
        (pids[hosts[0]][0], "active", "MainThread", [
            ("synchronize", "torch/cuda/streams.py", 95),
            ("clip_grad_norm_", "torchtitan/utils.py", 274),
            ("main", "torchtitan/train.py", 341),
            ("<module>", "torchtitan/train.py", 437)]),
    ]))
    inv = gpu_inventory(r, H100_BUS)
    b.add("gpuq-a-012/dcgm-exporter.prom", dcgm_metrics("gpuq-a-012", inv, {
        "DCGM_FI_DEV_GPU_TEMP": {None: 58, 6: 83}, "DCGM_FI_DEV_GPU_UTIL": {None: 100},
        "DCGM_FI_DEV_THERMAL_VIOLATION": {None: 0}}))
    b.add("gpuq-a-012/perfquery-mlx5_3.txt", ["# Port counters: Lid 412 port 1 (CapMask: 0x5A00)",
                                             "PortSelect:......................1", "CounterSelect:...................0x0000",
                                             "SymbolErrorCounter:..............0", "LinkErrorRecoveryCounter:........0",
                                             "LinkDownedCounter:...............0", "PortRcvErrors:...................0",
                                             "PortXmitDiscards:................0", "PortXmitWait:....................2981740112"])
    b.set_label("host", "infrastructure", bad, bad_rank, "restart_without_node",
                "The flight-recorder dumps show every rank waiting in all_reduce #86545 except rank 13, which never issued it; py-spy puts rank 13 (pid 220871 on gpuq-a-010) in pinned-memory copy, and gpuq-a-010's kernel log shows repeated soft lockups and a hung-task report for that very pid in the page-pinning path.",
                "https://github.com/Project-MONAI/tutorials/issues/831")
    return b


# ---------------------------------------------------------------------------
# b12: two failures, different clocks - the earlier (Xid 95) is the cause
# ---------------------------------------------------------------------------

def b12():
    b = Bundle("b12_crashed_overnight_two_errors")
    r = b.rng
    hosts = ["ml-h100-b01", "ml-h100-b02", "ml-h100-b03"]
    kst = dt.timezone(dt.timedelta(hours=9))
    bad, bad_lr = "ml-h100-b03", 2
    bad_rank = 16 + bad_lr
    t0 = T("2024-07-18 01:02:10")
    t_xid = T("2024-07-18 02:13:05.412")
    t_to = t_xid + sec(600.9)
    boot = T("2024-07-06 00:41:23")
    step_s = 3.21
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}

    def ds_time(t, tz):
        tt = t.astimezone(tz)
        return tt.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (tt.microsecond // 1000)

    tzs = {"ml-h100-b01": UTC, "ml-h100-b02": UTC, "ml-h100-b03": kst}
    n = int((t_xid - t0).total_seconds() / step_s) - 30
    for ni, h in enumerate(hosts):
        tz = tzs[h]
        ev = [(t0, "+ date"), (t0, (t0.astimezone(tz)).strftime("%a %b %d %H:%M:%S ") + ("KST" if tz is kst else "UTC") + t0.strftime(" %Y")),
              (t0, "+ deepspeed --hostfile /etc/mpi/hostfile --master_addr ml-h100-b01 --no_ssh --node_rank=%d train_dpo.py --deepspeed ds_z3.json" % ni)]
        ev.append((t0 + sec(2), "[%s] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % ds_time(t0 + sec(2), tz)))
        ev.append((t0 + sec(4), "[%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'ml-h100-b01': [0, 1, 2, 3, 4, 5, 6, 7], 'ml-h100-b02': [0, 1, 2, 3, 4, 5, 6, 7], 'ml-h100-b03': [0, 1, 2, 3, 4, 5, 6, 7]}" % ds_time(t0 + sec(4), tz)))
        ev.append((t0 + sec(4), "[%s] [INFO] [launch.py:152:main] nnodes=3, num_local_procs=8, node_rank=%d" % (ds_time(t0 + sec(4), tz), ni)))
        ev.append((t0 + sec(4), "[%s] [INFO] [launch.py:253:main] process %d spawned with command: ['/usr/bin/python', '-u', 'train_dpo.py', '--local_rank=0', '--deepspeed', 'ds_z3.json']" % (ds_time(t0 + sec(4), tz), pids[h][0])))
        for lr in range(8):
            ev += spread(t0 + sec(33 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, "192.168.60.%d" % (11 + ni), iface="bond0", nranks=24, rank=ni * 8 + lr,
                                                              hcas=["mlx5_%d:1/RoCE" % i for i in range(8)]))
        if ni == 0:
            for t, l in ds_lines(r, t0 + sec(140), 1, n, step_s, log_every=10, lr_peak=5e-7):
                if l.startswith("["):
                    stamp_end = l.index("]")
                    l = "[" + ds_time(t, tz) + l[stamp_end:]
                ev.append((t, l))
        if h == bad:
            ev.append((t_xid + sec(1.7), "[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (ds_time(t_xid + sec(1.7), tz), pids[h][bad_lr])))
            for lr in range(8):
                if lr != bad_lr:
                    ev.append((t_xid + sec(1.8), "[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (ds_time(t_xid + sec(1.8), tz), pids[h][lr])))
            ev.append((t_xid + sec(2.9), "[%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train_dpo.py', '--local_rank=%d', '--deepspeed', 'ds_z3.json'] exits with return code = -7" % (ds_time(t_xid + sec(2.9), tz), bad_lr)))
        else:
            for lr in range(8):
                rank = ni * 8 + lr
                te = t_to + sec(r.random() * 0.3)
                blk = watchdog_timeout(rank, te, 412311 if lr else 412310, "_REDUCE_SCATTER_BASE", 53477376, 600000, r, with_frames=(lr == 0))
                ev += spread(te, blk, 0.0001)
            if ni == 0:
                te = t_to + sec(1.1)
                ev += spread(te, [
                    "[rank0]:[W%s TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=68, addr=[ml-h100-b01]:41852, remote=[ml-h100-b01]:29500): Connection reset by peer" % glog(te, "", rng=r)[0:],
                    "Exception raised from recvBytes at /pytorch/torch/csrc/distributed/c10d/Utils.hpp:670 (most recent call first):",
                ])
            ev.append((t_to + sec(3), "[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (ds_time(t_to + sec(3), tz), pids[h][0])))
            ev.append((t_to + sec(4), "[%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train_dpo.py', '--local_rank=0', '--deepspeed', 'ds_z3.json'] exits with return code = -6" % ds_time(t_to + sec(4), tz)))
        b.add("%s/launcher.log" % h, merge(ev))
    kev = boot_noise_lines(r)
    up = at(boot, t_xid)
    kev += [
        (up, "NVRM: Xid (PCI:0000:3a:00): 95, pid=%d, name=python, Uncontained: FBHUB. RST: Yes, D-RST: No" % pids[bad][bad_lr]),
        (up + 0.000132, "NVRM: Xid (PCI:0000:3a:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)"),
        (up + 1.322, "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"),
    ]
    b.add("%s/dmesg.txt" % bad, render_kernel(kev, "up", boot))
    b.add("%s/uptime.txt" % bad, ["$ date -u; uptime -s; uptime",
                                  (t_xid + sec(7200)).strftime("%a %b %d %H:%M:%S UTC %Y"),
                                  boot.strftime("%Y-%m-%d %H:%M:%S"),
                                  " %s up 12 days,  3:31,  2 users,  load average: 0.21, 0.33, 0.40" % (t_xid + sec(7200)).strftime("%H:%M:%S")])
    for h in hosts[:2]:
        b.add("%s/dmesg.txt" % h, render_kernel(boot_noise_lines(r), "up", boot - sec(r.randint(100, 9000))))
    b.set_label("gpu_memory", "infrastructure", bad, bad_rank, "restart_without_node",
                "ml-h100-b03's launcher log is in KST, so its 11:13 kill is 02:13 UTC; converted with the boot time, its dmesg shows Xid 95 (uncontained ECC, reset required) on GPU 2 (rank 18) at 02:13:05 UTC, ten minutes before the 600 s watchdog timeouts logged in UTC on b01 and b02.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    return b


# ---------------------------------------------------------------------------
# b13: every rank blames peer 10.42.3.17; map it to a pod via NCCL OOB lines
# ---------------------------------------------------------------------------

def b13():
    b = Bundle("b13_nccl_error_peer_10_42_3_17")
    r = b.rng
    pods = ["llm-sft-master-0", "llm-sft-worker-0", "llm-sft-worker-1", "llm-sft-worker-2"]
    ips = {"llm-sft-master-0": "10.42.0.11", "llm-sft-worker-0": "10.42.1.5", "llm-sft-worker-1": "10.42.3.17", "llm-sft-worker-2": "10.42.2.9"}
    bad = "llm-sft-worker-1"
    t0 = T("2024-12-02 14:31:06")
    step_s = 2.4
    hf = hf_lines(r, t0 + sec(185), 1, 2260, step_s, total=9000, log_every=5, tqdm=False)
    t_err = hf[-1][0] + sec(1.4)
    pids = {p: [b.pid(50, 400) for _ in range(8)] for p in pods}
    agent = {p: 28 + i for i, p in enumerate(pods)}
    for ni, p in enumerate(pods):
        ev = list(torchrun_start(t0, agent[p], endpoint="llm-sft-master-0:23456", rdzv="static"))
        for lr in range(8):
            ev += spread(t0 + sec(22 + lr * 0.02), nccl_init(p, pids[p][lr], lr, ips[p], iface="net1", rank=ni * 8 + lr,
                                                             hcas=["mlx5_%d:1/RoCE" % i for i in range(4)]))
        if ni == 0:
            ev += hf
        if p == bad:
            ev += spread(t_err - sec(2.3), [
                "%s:%d:%d [2] NCCL WARN NET/IB : Got async event : port error" % (p, pids[p][2], pids[p][2] + 16),
                "%s:%d:%d [3] NCCL WARN NET/IB : Got async event : port error" % (p, pids[p][3], pids[p][3] + 16),
            ], 0.01)
        for lr in range(8):
            rank = ni * 8 + lr
            te = t_err + sec(r.random() * 0.9)
            if p == bad:
                peer = ips["llm-sft-worker-0"] if lr % 2 else ips["llm-sft-worker-2"]
            else:
                peer = ips[bad]
            ev += spread(te, _nccl_remote(None, rank, te, peer, p, pids[p][lr], lr, r), 0.0002)
        ft = t_err + sec(4)
        fr = 0
        ev += torchrun_fail(ft, agent[p], (fr, pids[p][fr], -6), [q for i, q in enumerate(pids[p]) if i != fr])
        fails = [sig_failure(ft + sec(1.3), p, ni * 8 + lr, lr, 6, pids[p][lr]) for lr in range(1, 8)]
        root = sig_failure(ft + sec(1.3), p, ni * 8, 0, 6, pids[p][0])
        ev += spread(ft + sec(1.5), torchrun_failure("sft.py", fails, root))
        if ni == 0:
            ev += spread(ft + sec(3), [
                "[W%s TCPStore.cpp:131] [c10d] sendBytes failed on SocketImpl(fd=3, addr=[llm-sft-master-0]:23456, remote=[10.42.1.5]:38811): Broken pipe" % glog(ft + sec(3), "", digits=6)[0:],
            ])
        b.add("%s/pod.log" % p, merge(ev))
    b.add("%s/rdma-link.txt" % bad, [
        "link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev net1",
        "link mlx5_1/1 state ACTIVE physical_state LINK_UP netdev net2",
        "link mlx5_2/1 state DOWN physical_state POLLING netdev net3",
        "link mlx5_3/1 state ACTIVE physical_state LINK_UP netdev net4",
    ])
    b.add("llm-sft-master-0/kubectl-get-pods.txt", [
        "NAME               READY   STATUS   RESTARTS   AGE   IP           NODE",
        "llm-sft-master-0   0/1     Error    0          97m   10.244.7.21  gpu-node-a3",
        "llm-sft-worker-0   0/1     Error    0          97m   10.244.9.40  gpu-node-a7",
        "llm-sft-worker-1   0/1     Error    0          97m   10.244.2.13  gpu-node-b2",
        "llm-sft-worker-2   0/1     Error    0          97m   10.244.5.8   gpu-node-b5",
    ])
    b.set_label("network", "infrastructure", bad, None, "restart_without_node",
                "Ranks on three pods report IB completion errors from peer 10.42.3.17, which the NCCL Bootstrap/OOB lines map to llm-sft-worker-1; that pod alone logged 'port error' async events seconds before, and its rdma link mlx5_2 is DOWN/POLLING. The master's root-cause entry is a downstream abort.",
                "https://github.com/tatsu-lab/stanford_alpaca/issues/207")
    return b


# ---------------------------------------------------------------------------
# b14: same device-side assert at the same step on two nodes -> bad data
# ---------------------------------------------------------------------------

def b14():
    b = Bundle("b14_device_side_assert_at_step_18432")
    r = b.rng
    hosts = ["gpu-st-01", "gpu-st-02", "gpu-st-03", "gpu-st-04"]
    fail_ranks = {5: "gpu-st-01", 29: "gpu-st-04"}
    t0 = T("2024-06-24 02:11:40")
    step_s = 1.21
    fail_step = 18432
    hf = hf_lines(r, t0 + sec(160), 1, fail_step - 1, step_s, total=60000, log_every=10, tqdm=True)
    t_fail = hf[-1][0] + sec(step_s * 0.8)
    boot = T("2024-06-20 09:00:03")
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    agent = {h: b.pid(1000, 9000) for h in hosts}
    for ni, h in enumerate(hosts):
        ev = list(torchrun_start(t0 + sec(0.1 * ni), agent[h], endpoint="gpu-st-01:29500"))
        for lr in range(8):
            ev += spread(t0 + sec(21 + lr * 0.02), nccl_init(h, pids[h][lr], lr, "10.60.0.%d" % (11 + ni), rank=ni * 8 + lr))
        if ni == 0:
            ev += spread(t0 + sec(100), [
                "[INFO|configuration_utils.py:733] 2024-06-24 02:13:20,441 >> Model config LlamaConfig {",
                '  "hidden_size": 4096,', '  "num_hidden_layers": 32,', '  "vocab_size": 128256', "}",
                "[INFO|tokenization_utils_base.py:2513] 2024-06-24 02:13:21,007 >> tokenizer config file saved in /ckpt/llama3-8b-code/tokenizer_config.json",
            ])
            ev += hf
        for rk, hh in fail_ranks.items():
            if hh != h:
                continue
            ts = t_fail - sec(180)
            ev.append((ts, "[rank%d]:2024-06-24 %s,118 - data_mix - INFO - rank %d opened shard /data/mix_v3/code_ext/shard-00417.bin (tokenizer=llama3-ext, n_vocab=128264)" % (rk, ts.strftime("%H:%M:%S"), rk)))
            lines = []
            for th in range(0, 128, 9):
                lines.append("[rank%d]:../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed." % (rk, r.randint(100, 900), th))
            tb = py_traceback([
                ("/app/train.py", 201, "<module>", "trainer.train(resume_from_checkpoint=args.resume)"),
                ("%s/transformers/trainer.py" % PY, 2360, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                ("%s/transformers/trainer.py" % PY, 3485, "training_step", "loss = self.compute_loss(model, inputs)"),
                ("%s/transformers/models/llama/modeling_llama.py" % PY, 947, "forward", "inputs_embeds = self.embed_tokens(input_ids)"),
                ("%s/torch/nn/modules/sparse.py" % PY, 190, "forward", "return F.embedding("),
            ], ["RuntimeError: CUDA error: device-side assert triggered",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1", "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""],
                prefix="[rank%d]: " % rk)
            ev += spread(t_fail + sec(0.2 if rk == 5 else 0.24), lines + tb, 0.00005)
        for lr in range(8):
            rank = ni * 8 + lr
            if rank in fail_ranks:
                continue
            te = t_fail + sec(1800.3 + r.random() * 0.4)
            ev += spread(te, watchdog_timeout(rank, te, 2 * fail_step + 1, "ALLREDUCE", 262668288, 1800000, r, with_frames=(lr == 1)), 0.0001)
        ev.append((t_fail + sec(1806), "W0624 %s.%06d %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (
            (t_fail + sec(1806)).strftime("%H:%M:%S"), 0, agent[h], pids[h][7])))
        b.add("%s/torchrun-%s.log" % (h, h), merge(ev))
        kev = boot_noise_lines(r)
        for rk, hh in fail_ranks.items():
            if hh == h:
                lr = rk % 8
                kev.append((at(boot, t_fail) + 0.25, "NVRM: Xid (PCI:0000:%s:00): 43, pid=%d, name=python3, Ch 00000010" % (H100_BUS[lr], pids[h][lr])))
        b.add("%s/kern.log" % h, render_kernel(kev, "journal", boot, host=h))
    b.set_label("user_code", "script", None, None, "stop",
                "Ranks 5 (gpu-st-01) and 29 (gpu-st-04) both hit the embedding index assertion at the same step 18432, right after opening shard-00417 tokenized with a 128264-token vocabulary while the model has 128256 embeddings; two nodes failing identically on the same data is the data, not hardware. The Xid 43s are the driver tearing down the faulted context.",
                "https://github.com/deepspeedai/Megatron-DeepSpeed/issues/207")
    return b


# ---------------------------------------------------------------------------
# b15: one node reimaged with an older driver; the others time out
# ---------------------------------------------------------------------------

def b15():
    b = Bundle("b15_one_node_fails_at_startup_others_timeout")
    r = b.rng
    hosts = ["gpu-d01", "gpu-d02", "gpu-d03", "gpu-d04"]
    bad = "gpu-d03"
    job = 661020
    t0 = T("2024-07-09 09:14:22")
    t_bad = t0 + sec(19.4)
    t_to = t0 + sec(1821.2)
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    agent = {h: b.pid(1000, 9000) for h in hosts}
    for ni, h in enumerate(hosts):
        ev = list(torchrun_start(t0 + sec(0.2 * ni), agent[h], endpoint="gpu-d01:29400"))
        if h == bad:
            for lr in range(8):
                rank = ni * 8 + lr
                tb = py_traceback([
                    ("/work/llm/finetune.py", 58, "<module>", "main()"),
                    ("/work/llm/finetune.py", 31, "main", "torch.cuda.set_device(local_rank)"),
                    ("%s/torch/cuda/__init__.py" % PY, 478, "set_device", "torch._C._cuda_setDevice(device)"),
                    ("%s/torch/cuda/__init__.py" % PY, 319, "_lazy_init", "torch._C._cuda_init()"),
                ], ["RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."],
                    prefix="[rank%d]: " % rank)
                ev += spread(t_bad + sec(lr * 0.03), tb, 0.0001)
            ft = t_bad + sec(1.2)
            ev += torchrun_fail(ft, agent[h], (0, pids[h][0], 1), [p for i, p in enumerate(pids[h]) if i != 0])
            fails = [exit_failure(ft + sec(1.3), h, ni * 8 + lr, lr, 1, pids[h][lr]) for lr in range(1, 8)]
            root = exit_failure(ft + sec(1.3), h, ni * 8, 0, 1, pids[h][0])
            ev += spread(ft + sec(1.5), torchrun_failure("finetune.py", fails, root))
        else:
            for lr in range(8):
                rank = ni * 8 + lr
                te = t_to + sec(r.random())
                if rank == 0:
                    tb = py_traceback([
                        ("/work/llm/finetune.py", 58, "<module>", "main()"),
                        ("/work/llm/finetune.py", 33, "main", "dist.init_process_group(\"nccl\", timeout=timedelta(minutes=30))"),
                        ("%s/torch/distributed/c10d_logger.py" % PY, 83, "wrapper", "return func(*args, **kwargs)"),
                        ("%s/torch/distributed/distributed_c10d.py" % PY, 1361, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                        ("%s/torch/distributed/rendezvous.py" % PY, 258, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)"),
                    ], ["torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined."], prefix="[rank0]: ")
                else:
                    tb = ["[rank%d]: torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?" % rank]
                ev += spread(te, tb, 0.0001)
            ft = t_to + sec(2.5)
            ev += torchrun_fail(ft, agent[h], (0, pids[h][0], 1), [p for i, p in enumerate(pids[h]) if i != 0])
            fails = [exit_failure(ft + sec(1.3), h, ni * 8 + lr, lr, 1, pids[h][lr]) for lr in range(1, 8)]
            root = exit_failure(ft + sec(1.3), h, ni * 8, 0, 1, pids[h][0])
            ev += spread(ft + sec(1.5), torchrun_failure("finetune.py", fails, root))
        b.add("%s/slurm-%d-%s.out" % (h, job, h), merge(ev))
        inv = gpu_inventory(r, H100_BUS)
        if h == bad:
            b.add("%s/nvidia-smi.txt" % h, nvidia_smi_table(t0 - sec(60), inv, driver="535.104.05", cuda="12.2"))
            b.add("%s/journal-boot.txt" % h, [
                "Jul 09 03:12:01 gpu-d03 systemd[1]: Started Reimage marker (image=gpu-base-2023.09).",
                "Jul 09 03:12:07 gpu-d03 kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023",
                "Jul 09 03:12:08 gpu-d03 nvidia-persistenced[2204]: Started (2204)",
                "Jul 09 03:12:11 gpu-d03 nv-fabricmanager[2310]: Successfully configured all the available GPUs and NVSwitches to route NVLink traffic.",
            ])
        else:
            b.add("%s/nvidia-smi.txt" % h, nvidia_smi_table(t0 - sec(60), inv))
        if h == "gpu-d02":
            boot = T("2024-07-01 12:00:41")
            b.add("%s/dmesg.txt" % h, render_kernel(boot_noise_lines(r) + [(at(boot, t0 - sec(3600)), "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing")], "T", boot))
    b.set_label("dependency", "infrastructure", bad, None, "restart_without_node",
                "Only gpu-d03's ranks fail, immediately, with 'NVIDIA driver on your system is too old (found version 12020)'; its nvidia-smi shows driver 535.104.05 / CUDA 12.2 after a reimage that morning while the other nodes run 550.54.15 / 12.4. The 30-minute store timeout on rank 0 and the connection errors elsewhere are just waiting for gpu-d03's 8 ranks.",
                "https://github.com/nanoporetech/bonito/issues/111")
    return b


# ---------------------------------------------------------------------------
# b16: same ImportError on every rank (image/env), with hardware-looking noise
# ---------------------------------------------------------------------------

def b16():
    b = Bundle("b16_import_error_on_every_rank")
    r = b.rng
    hosts = ["cn0311", "cn0312", "cn0313"]
    job = 1184402
    t0 = T("2025-01-14 18:40:03")
    boot = T("2025-01-10 06:12:55")
    for ni, h in enumerate(hosts):
        ev = [(t0, "+ pip install --user torch==2.5.1 --index-url https://download.pytorch.org/whl/cu124")] if ni == 0 else []
        if ni == 0:
            ev += [(t0 + sec(41), "Successfully installed torch-2.5.1+cu124"),
                   (t0 + sec(43), "WARNING: Running pip as the 'root' user can result in broken permissions and conflicting behaviour with the system package manager.")]
        for lr in range(8):
            rank = ni * 8 + lr
            te = t0 + sec(63 + r.random() * 3)
            tb = py_traceback([
                ("/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", 18, "<module>", "from nemo.collections.nlp.models.language_modeling.megatron_gpt_model import MegatronGPTModel"),
                ("/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py", 61, "<module>", "from nemo.collections.nlp.modules.common.megatron.attention import HAVE_FLASH_ATTENTION"),
                ("/opt/NeMo/nemo/collections/nlp/modules/common/megatron/attention.py", 67, "<module>", "from flash_attn import flash_attn_func"),
                ("%s/flash_attn/__init__.py" % PY, 3, "<module>", "from flash_attn.flash_attn_interface import ("),
                ("%s/flash_attn/flash_attn_interface.py" % PY, 10, "<module>", "import flash_attn_2_cuda as flash_attn_cuda"),
            ], ["ImportError: %s/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE" % PY],
                prefix="%d: " % rank)
            ev += spread(te, tb, 0.0001)
        ev.append((t0 + sec(70), "srun: error: %s: tasks %d-%d: Exited with exit code 1" % (h, ni * 8, ni * 8 + 7)))
        b.add("%s/nemo-pretrain-%d.%s.out" % (h, job, h), merge(ev))
        kev = boot_noise_lines(r)
        if h == "cn0312":
            for k in range(6):
                u = at(boot, t0) - 3600 * 5 + k * 611.3
                kev += [(u, "pcieport 0000:c0:01.1: AER: Corrected error received: 0000:c1:00.0"),
                        (u + 0.000004, "nvidia 0000:c1:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
                        (u + 0.000006, "nvidia 0000:c1:00.0:   device [10de:2330] error status/mask=00000001/0000e000"),
                        (u + 0.000007, "nvidia 0000:c1:00.0:    [ 0] RxErr                  (First)")]
        b.add("%s/dmesg.txt" % h, render_kernel(kev, "T", boot))
    inv = gpu_inventory(r, H100_BUS)
    b.add("cn0313/nvidia-smi-q.txt", nvidia_smi_q(t0 + sec(300), inv, over={4: {"v_sram_ce": "2", "a_sram_ce": "9"}}))
    b.add("cn0311/pip-freeze-excerpt.txt", ["flash-attn==2.6.3", "megatron-core==0.9.0", "nemo-toolkit==2.1.0", "torch==2.5.1+cu124",
                                           "transformer-engine==1.12.0+8e7b5b6", "# container: nvcr.io/nvidia/nemo:24.09 (ships torch 2.5.0a0+e000cf0ad9.nv24.09)"])
    b.set_label("dependency", "framework", None, None, "stop",
                "All 24 ranks on all three nodes fail at import with the same undefined C++ symbol in flash_attn_2_cuda after the job script pip-installed a different torch over the container's build; it is the job's environment, not a node. cn0312's corrected PCIe AER errors and cn0313's corrected SRAM ECC are unrelated background.",
                "https://github.com/facebookresearch/goliath/issues/23")
    return b


# ---------------------------------------------------------------------------
# b17: Xid 74 NVLink fatal on one GPU
# ---------------------------------------------------------------------------

def b17():
    b = Bundle("b17_unhandled_cuda_error_on_one_node")
    r = b.rng
    hosts = ["dgx-a100-07", "dgx-a100-08"]
    bad, bad_lr = "dgx-a100-08", 7
    bad_rank = 8 + bad_lr
    job = 77012
    t0 = T("2024-03-28 20:00:12")
    iters = megatron_lines(r, t0 + sec(130), 1, 2710, 2630.0, total=100000, gbs=256, tflops=168.0)
    t_x = iters[-1][0] + sec(1.1)
    boot = T("2024-03-20 10:10:10")
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    inv = {h: gpu_inventory(r, A100_BUS, model="NVIDIA A100-SXM4-80GB") for h in hosts}
    for ni, h in enumerate(hosts):
        ev = []
        for lr in range(8):
            ev += spread(t0 + sec(50 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, "10.1.%d.7" % (7 + ni), nranks=16, rank=ni * 8 + lr,
                                                              hcas=["mlx5_%d:1/IB" % i for i in (0, 1, 2, 3, 6, 7, 8, 9)], version="2.19.3+cuda12.3", bus_list=A100_BUS))
        if ni == 1:
            ev += iters
            for lr in range(8):
                rank = 8 + lr
                te = t_x + sec(0.2 + (0 if lr == bad_lr else 0.05 + 0.01 * lr))
                ev += spread(te, [
                    "%s:%d:%d [%d] enqueue.cc:1555 NCCL WARN Cuda failure 'uncorrectable NVLink error was detected during the execution'" % (h, pids[h][lr], pids[h][lr], lr),
                    "%s:%d:%d [%d] NCCL INFO group.cc:223 -> 1" % (h, pids[h][lr], pids[h][lr], lr),
                ] + watchdog_cuda_error(rank, te, "uncorrectable NVLink error was detected during the execution", r), 0.0001)
        else:
            for lr in range(8):
                rank = lr
                te = t_x + sec(600.4 + r.random() * 0.3)
                ev += spread(te, watchdog_timeout(rank, te, 13550, "ALLREDUCE", 1, 600000, r, with_frames=(lr == 0)), 0.0001)
        ev.append((t_x + sec(5 if ni else 604), "srun: error: %s: task %d: Exited with exit code 1" % (h, ni)))
        b.add("%s/megatron_%d_%s.log" % (h, job, h), merge(ev))
        kev = boot_noise_lines(r, driver="535.161.08")
        if h == bad:
            up = at(boot, t_x)
            kev += [
                (up, "NVRM: Xid (PCI:0000:bd:00): 74, pid=%d, name=python, NVLink: fatal error detected on link 4(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % pids[h][bad_lr]),
                (up + 0.0021, "NVRM: Xid (PCI:0000:bd:00): 45, pid=%d, name=python, Ch 00000008" % pids[h][bad_lr]),
                (up + 0.0033, "NVRM: Xid (PCI:0000:b7:00): 45, pid=%d, name=python, Ch 00000008" % pids[h][6]),
            ]
        b.add("%s/dmesg.txt" % h, render_kernel(kev, "T", boot))
    b.add("%s/nvidia-smi-nvlink-e.txt" % bad, [
        "GPU 7: NVIDIA A100-SXM4-80GB (UUID: %s)" % inv[bad][7]["uuid"]] + [
        "\t Link %d: Replay Errors: %d\n\t Link %d: Recovery Errors: %d\n\t Link %d: CRC Errors: %d" % (
            l, 1843 if l == 4 else 0, l, 37 if l == 4 else 0, l, 0) for l in range(12)] + [
        "\t Link 4: <inactive>"])
    b.add("dgx-a100-07/perfquery.txt", ["# Port counters: Lid 88 port 1 (CapMask: 0x5A00)", "SymbolErrorCounter:..............3",
                                       "LinkErrorRecoveryCounter:........0", "LinkDownedCounter:...............1", "PortRcvErrors:...................0",
                                       "PortXmitDiscards:................0", "PortXmitWait:....................1120044"])
    b.set_label("nvlink", "infrastructure", bad, bad_rank, "restart_without_node",
                "dgx-a100-08 logs Xid 74 (NVLink fatal error, link 4) on GPU 7 (bus bd, rank 15) and its ranks fail with 'uncorrectable NVLink error'; nvidia-smi shows link 4 inactive with replay/recovery errors. dgx-a100-07 only times out waiting, and its old LinkDowned=1 IB counter is unrelated.",
                "https://github.com/leptonai/gpud/pull/1174")
    return b


# ---------------------------------------------------------------------------
# b18: Xid 94 contained ECC, row remapped -> restart on the same node
# ---------------------------------------------------------------------------

def b18():
    b = Bundle("b18_uncorrectable_ecc_crash_one_rank")
    r = b.rng
    hosts = ["ip-10-1-34-12", "ip-10-1-34-56", "ip-10-1-35-7", "ip-10-1-35-140"]
    bad, bad_lr = "ip-10-1-34-56", 2
    bad_rank = 8 + bad_lr
    t0 = T("2024-10-21 07:33:50")
    step_s = 2.02
    hf = hf_lines(r, t0 + sec(240), 1, 6630, step_s, total=40000, log_every=10, tqdm=True)
    t_x = hf[-1][0] + sec(1.5)
    boot = T("2024-10-19 22:10:08")
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    agent = {h: b.pid(1000, 9000) for h in hosts}
    inv = {h: gpu_inventory(r, P5_BUS) for h in hosts}
    for ni, h in enumerate(hosts):
        ev = list(torchrun_start(t0 + sec(0.1 * ni), agent[h], endpoint="ip-10-1-34-12:29500"))
        for lr in range(8):
            p = "%s:%d:%d [%d]" % (h, pids[h][lr], pids[h][lr], lr)
            ev += spread(t0 + sec(40 + lr * 0.02), [
                "%s NCCL INFO Bootstrap : Using enp71s0:%s<0>" % (p, h[3:].replace("-", ".")),
                "%s NCCL INFO NET/Plugin: Loaded net plugin Libfabric (v8)" % p,
                "%s NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.11.0-aws" % p,
                "%s NCCL INFO NET/OFI Selected Provider is efa (found 32 nics)" % p,
                "%s NCCL INFO Using network Libfabric" % p,
                "%s NCCL INFO ncclCommInitRank comm 0x%x rank %d nranks 32 cudaDev %d nvmlDev %d busId %s000 commId 0x6be2d12a4e7f1c03 - Init COMPLETE" % (p, 0x55d0a0000000 + pids[h][lr], ni * 8 + lr, lr, lr, P5_BUS[lr]),
            ])
        if ni == 0:
            ev += hf
        for lr in range(8):
            rank = ni * 8 + lr
            if h == bad and lr == bad_lr:
                te = t_x + sec(0.05)
                ev += spread(te, watchdog_cuda_error(rank, te, "uncorrectable ECC error encountered", r), 0.0001)
            elif h == bad:
                continue
            else:
                te = t_x + sec(3 + r.random())
                ev += spread(te, [
                    "%s:%d:%d [%d] NCCL WARN NET/OFI Request completed with error. RC: 21. Error: 4294967191 (Unknown error -105). Completed length: 0, Request: { dev: %d, size: 0, state: CREATED, type: RECV }" % (h, pids[h][lr], pids[h][lr] + 7, lr, lr),
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.22.3" % (rank, glog(te, "E", rng=r), rank),
                    "[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % rank,
                ], 0.0002)
        if h == bad:
            ft = t_x + sec(1.5)
            ev += torchrun_fail(ft, agent[h], (bad_lr, pids[h][bad_lr], -6), [p for i, p in enumerate(pids[h]) if i != bad_lr])
            fails = [sig_failure(ft + sec(1.3), h, ni * 8 + lr, lr, 15, pids[h][lr]) for lr in range(8) if lr != bad_lr]
            root = sig_failure(ft + sec(1.3), h, bad_rank, bad_lr, 6, pids[h][bad_lr])
        else:
            ft = t_x + sec(6)
            ev += torchrun_fail(ft, agent[h], (1, pids[h][1], -6), [p for i, p in enumerate(pids[h]) if i != 1])
            fails = [sig_failure(ft + sec(1.3), h, ni * 8 + lr, lr, 6, pids[h][lr]) for lr in range(8) if lr != 1]
            root = sig_failure(ft + sec(1.3), h, ni * 8 + 1, 1, 6, pids[h][1])
        ev += spread(ft + sec(1.5), torchrun_failure("train_fsdp.py", fails, root))
        b.add("%s/torchrun.log" % h, merge(ev))
        kev = boot_noise_lines(r, n_mlx=0)
        if h == bad:
            up = at(boot, t_x)
            kev += [
                (up, "NVRM: Xid (PCI:0000:75:00): 94, pid=%d, name=python, Contained: SM (0x1). RST: No, D-RST: No" % pids[h][bad_lr]),
                (up + 0.000212, "NVRM: Xid (PCI:0000:75:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x000000000012e0a4) marked for remapping, reset gpu to activate."),
            ]
            tr = t_x + sec(1480)
            kev += [(at(boot, tr), "NVRM: GPU at PCI:0000:75:00: %s" % inv[h][2]["uuid"]),
                    (at(boot, tr) + 0.3, "NVRM: GPU 0000:75:00.0: RmInitAdapter succeeded after GPU reset")]
        b.add("%s/journal-kernel.txt" % h, render_kernel(kev, "journal", boot, host=h))
    b.add("%s/nvidia-smi-reset.txt" % bad, ["$ sudo nvidia-smi -r -i 2", "GPU 00000000:75:00.0 was successfully reset.", "All done."])
    b.add("%s/nvidia-smi-q-after-reset.txt" % bad, nvidia_smi_q(t_x + sec(1530), inv[bad], over={2: {"rr_ue": "1", "rr_pending": "No", "rr_fail": "No", "rr_max": "2559", "rr_partial": "1", "a_dram_ue": "1"}}))
    b.set_label("gpu_memory", "infrastructure", bad, bad_rank, "restart",
                "Rank 10 (ip-10-1-34-56 GPU 2) died with 'uncorrectable ECC error encountered' at the moment of Xid 94 (contained) and Xid 63 (row marked for remapping); after the GPU reset the row is remapped with no pending remap and no remapping failure, so the node is usable again and the job can restart as is.",
                "https://github.com/leptonai/gpud/pull/987")
    return b


# ---------------------------------------------------------------------------
# b19: hang, suspect rank identified, no hardware evidence
# ---------------------------------------------------------------------------

def b19():
    b = Bundle("b19_hung_then_watchdog_timeout")
    r = b.rng
    hosts = ["lg-node-21", "lg-node-22", "lg-node-23", "lg-node-24"]
    bad, bad_lr = "lg-node-21", 6
    bad_rank = bad_lr
    t0 = T("2024-09-16 21:05:00")
    step_s = 0.97
    prog = lightning_lines(r, t0 + sec(90), 1, 15410, step_s, total=80000, every=10)
    t_h = prog[-1][0] + sec(0.9)
    t_to = t_h + sec(1800.2)
    seq = 46231
    boot = T("2024-09-13 13:13:13")
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    for ni, h in enumerate(hosts):
        ev = []
        for lr in range(8):
            ev += spread(t0 + sec(30 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, "10.30.4.%d" % (21 + ni), rank=ni * 8 + lr))
        if ni == 0:
            ev += prog
        for lr in range(8):
            rank = ni * 8 + lr
            if rank == bad_rank:
                continue
            te = t_to + sec(r.random() * 0.5)
            blk = watchdog_timeout(rank, te, seq, "ALLREDUCE", 1, 1800000, r, with_frames=(lr == 2), last_enqueued=seq, last_completed=seq - 1)
            ev += spread(te, blk, 0.0001)
        ev.append((t_to + sec(8), "srun: error: %s: tasks %d-%d: Exited with exit code 1" % (h, ni * 8, ni * 8 + 7) if h != bad else
                   "srun: error: %s: tasks 0-5,7: Exited with exit code 1" % h))
        if h == bad:
            ev.append((t_to + sec(38), "srun: error: %s: task 6: Killed" % h))
        b.add("%s/slurm-%s.out" % (h, h), merge(ev))
        kev = boot_noise_lines(r)
        if h == "lg-node-23":
            kev += [(at(boot, t_h) - 7211.2, "mce: [Hardware Error]: Machine check events logged"),
                    (at(boot, t_h) - 7211.2, "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3f1a2b offset:0x240 grain:32 syndrome:0x0 - area:DRAM err_code:0000:009f socket:1 imc:0 rank:0 bg:1 ba:2 row:0x1e31 col:0x318)")]
        b.add("%s/dmesg.txt" % h, render_kernel(kev, "T", boot))
        base_ns = int((t_h - sec(6)).timestamp() * 1e9)
        for lr in range(8):
            rank = ni * 8 + lr
            st = {seq: "absent"} if rank == bad_rank else {seq: "started"}
            b.add("%s/nccl_trace/rank_%02d.json" % (h, rank), fr_dump(rank, 32, seq, st, base_ns, numel=1, dtype="Float"))
    b.add("%s/py-spy-rank6.txt" % bad, pyspy(pids[bad][bad_lr], "python -u train.py fit --config configs/seg_l.yaml", [
        (pids[bad][bad_lr], "active", "MainThread", [
            ("synchronize", "torch/cuda/__init__.py", 954),
            ("_to_item", "lightning/fabric/utilities/apply_func.py", 110),
            ("training_step", "/home/seg/model.py", 221),
            ("training_step", "lightning/pytorch/strategies/strategy.py", 390),
            ("_call_strategy_hook", "lightning/pytorch/trainer/call.py", 311),
            ("run", "lightning/pytorch/loops/optimization/automatic.py", 190),
            ("fit", "lightning/pytorch/trainer/trainer.py", 538),
            ("<module>", "train.py", 14)]),
        (pids[bad][bad_lr] + 112, "idle", "Thread-6 (_pin_memory_loop)", [("_pin_memory_loop", "torch/utils/data/_utils/pin_memory.py", 55)]),
    ]))
    inv = gpu_inventory(r, H100_BUS)
    b.add("%s/nvidia-smi.txt" % bad, nvidia_smi_table(t_h + sec(900), inv, rows={g: {"temp": 47 + g, "pwr": 180 if g == 6 else 121, "mem": 61877, "util": 100 if g == 6 else 0} for g in range(8)}))
    b.add("lg-node-24/nvidia-smi-q.txt", nvidia_smi_q(t_h + sec(900), inv, over={1: {"temp": "81", "events": {"SW Thermal Slowdown": True}}}))
    b.set_label("hang", "infrastructure", bad, bad_rank, "run_diagnostics",
                "The flight-recorder dumps show 31 ranks waiting in all_reduce #46231 that rank 6 (lg-node-21) never issued; py-spy shows rank 6 blocked in a CUDA synchronize with its GPU at 100% util, but its node has no Xid, ECC or kernel errors. lg-node-23's corrected DIMM error and lg-node-24's thermal flag are on other nodes.",
                "https://docs.pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")
    return b


# ---------------------------------------------------------------------------
# b20: genuine divergence; an old Xid 63 on one node is a red herring
# ---------------------------------------------------------------------------

def b20():
    b = Bundle("b20_loss_spiked_then_nan")
    r = b.rng
    hosts = ["gpu-p01", "gpu-p02", "gpu-p03", "gpu-p04"]
    job = 431977
    t0 = T("2024-10-09 06:00:41")
    first = 1
    n = 9411
    spike = 9100

    def lossf(i):
        base = 1.9 + 6.5 * math.exp(-i / 2600.0) + r.gauss(0, 0.03)
        if i > spike:
            base += 0.0004 * (i - spike) ** 1.55 / 10
        return base

    def gradf(i):
        g = abs(0.28 + 0.9 * math.exp(-i / 1500.0) + r.gauss(0, 0.03))
        if i > spike:
            g *= 1 + ((i - spike) / 40.0) ** 2
        return g
    iters = megatron_lines(r, t0 + sec(140), first, n, 1133.0, total=200000, gbs=512, tflops=391.0, loss=lossf, grad=gradf, lr_peak=6e-4)
    t_nan = iters[-1][0] + sec(1.2)
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    boot3 = T("2024-09-22 17:40:19")
    for ni, h in enumerate(hosts):
        ev = []
        for lr in range(8):
            ev += spread(t0 + sec(40 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, "10.70.2.%d" % (1 + ni), rank=ni * 8 + lr))
        if ni == 0:
            ev += spread(t0 + sec(3), [
                "------------------------ arguments ------------------------",
                "  check_for_nan_in_loss_and_grad .................. True",
                "  clip_grad ....................................... 1.0",
                "  lr .............................................. 0.0006",
                "  lr_warmup_iters ................................. 500",
                "  min_lr .......................................... 6e-05",
                "  bf16 ............................................ True",
                "-------------------- end of arguments ---------------------",
            ])
        if ni == 3:
            ev += iters
            ev.append((t_nan, " [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): 1151.2 | learning rate: 5.998713E-04 | global batch size:   512 | lm loss: nan | loss scale: 1.0 | grad norm: nan | number of skipped iterations:   1 | number of nan iterations:   1 |" % (
                t_nan.strftime("%Y-%m-%d %H:%M:%S"), n + 1, 200000, (n + 1) * 512)))
        for lr in range(8):
            rank = ni * 8 + lr
            te = t_nan + sec(1.1 + r.random() * 0.2)
            tb = py_traceback([
                ("/workspace/megatron/pretrain_gpt.py", 289, "<module>", "pretrain("),
                ("/workspace/megatron/megatron/training/training.py", 386, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                ("/workspace/megatron/megatron/training/training.py", 1365, "train", "train_step(forward_step_func,"),
                ("/workspace/megatron/megatron/training/training.py", 753, "train_step", "losses_reduced = forward_backward_func("),
                ("/workspace/megatron/megatron/core/distributed/param_and_grad_buffer.py", 231, "start_grad_sync", "assert not norm.isnan(), ("),
            ], ["AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (rank, lr, h)],
                prefix="[rank%d]: " % rank)
            ev += spread(te, tb, 0.0001)
        ev.append((t_nan + sec(4), "srun: error: %s: task %d: Exited with exit code 1" % (h, ni)))
        b.add("%s/%s.%d.log" % (h, h, job), merge(ev))
        boot = boot3 if h == "gpu-p03" else T("2024-09-22 17:40:19") - sec(r.randint(60, 4000))
        kev = boot_noise_lines(r)
        if h == "gpu-p03":
            tx = T("2024-10-06 14:22:51")
            kev += [
                (at(boot, tx), "NVRM: Xid (PCI:0000:9a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000004f1e22) marked for remapping, reset gpu to activate."),
                (at(boot, tx) + 3620.4, "nvidia-modeset: Unloading"),
                (at(boot, tx) + 3620.9, "nvidia-nvlink: Unregistered Nvlink Core, major device number 511"),
                (at(boot, tx) + 3633.1, "nvidia-nvlink: Nvlink Core is being initialized, major device number 511"),
                (at(boot, tx) + 3633.4, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Feb 13 01:14:49 UTC 2024"),
            ]
        b.add("%s/dmesg.txt" % h, render_kernel(kev, "up", boot))
        if h == "gpu-p03":
            b.add("%s/boot-time.txt" % h, ["$ who -b", "         system boot  %s" % boot.strftime("%Y-%m-%d %H:%M")])
            inv = gpu_inventory(r, H100_BUS)
            b.add("%s/nvidia-smi-q.txt" % h, nvidia_smi_q(t_nan + sec(1200), inv, over={4: {"rr_ue": "1", "rr_pending": "No", "rr_partial": "1", "rr_max": "2559"}}))
    b.set_label("numerical", "script", None, None, "stop",
                "Grad norm climbed for ~300 iterations and the loss rose before going NaN on every rank at once (lr was raised to 6e-4); every rank's own gradient check fires. gpu-p03's Xid 63 row remap happened on Oct 6, three days before the job, was activated by a driver reload and shows no pending remap.",
                "https://github.com/gitzyong812/VS3_CVPR23/issues/7")
    return b


CASES = [b11, b12, b13, b14, b15, b16, b17, b18, b19, b20]
