"""y21-y25: partial bundles - missing or truncated node logs, gzip, huge noisy logs, JSON lines."""

import json
from common import (
    Bundle,
    T,
    add,
    tz,
    glog,
    pylog,
    iso,
    syslog,
    dmesg_T,
    uptime,
    nccl_init,
    progress,
    watchdog,
    agent_summary,
    torchrun_header,
    dmesg_noise,
    render_kernel,
    smi_q,
    smi_table,
    py_tb,
    prefix,
    epoch,
)


def y21_missing_node_slurmctld(rng):
    b = Bundle("y21_missing_node_slurmctld")
    nodes = ["node-%02d" % i for i in (11, 12, 13, 14, 15, 16, 17, 18)]
    t_dead = T("2024-04-27T19:22:40")
    t_err = add(t_dead, 1.6)
    for i, n in enumerate(nodes):
        if n == "node-17":
            b.add(
                "node-17/COLLECTION_FAILED",
                ["ssh node-17: Connection timed out after 30s", "no logs collected for this host"],
            )
            continue
        con = torchrun_header(T("2024-04-27T12:00:00"), n, i, 8, 8, "node-11")
        if i == 0:
            lp, tl, st = progress(rng, T("2024-04-27T12:01:00"), 0, 170, 1.5, 2.4, every=100)
            con += prefix(lp, "[rank0]:")
        if i in (5, 7):
            con += [
                "%s:%d:%d [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer node-17.cluster<39122>"
                % (n, 3300, 3390),
                "%s:%d:%d [0] NCCL INFO transport/net_socket.cc:474 -> 6" % (n, 3300, 3390),
            ]
        con += [
            "[rank%d]:[%s ProcessGroupNCCL.cpp:1970] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error"
            % (i * 8, glog(add(t_err, 0.2 * i), "E", True), i * 8)
        ]
        con += agent_summary(add(t_err, 3), "train.py", n, [(i * 8, 0, 3300, -6, "SIGABRT")])
        b.add("%s/console.log" % n, con)
    b.add(
        "slurmctld.log",
        [
            "[2024-04-27T12:00:01.002] sched: Allocate JobId=613377 NodeList=node-[11-18] #CPUs=1024 Partition=train",
            "[2024-04-27T19:24:01.441] error: Nodes node-17 not responding",
            "[2024-04-27T19:24:02.870] _job_complete: JobId=613377 WTERMSIG 6",
            "[2024-04-27T19:29:01.441] error: Nodes node-17 not responding, setting DOWN",
            "[2024-04-27T19:29:01.443] Node node-17 now responding? no; reason=Not responding [slurm@2024-04-27T19:29:01]",
        ],
    )
    b.set_label(
        "host",
        "infrastructure",
        "node-17",
        None,
        "restart_without_node",
        "node-17 has no logs at all (collection timed out). Peers on node-16 and node-18 saw the socket to node-17 closed "
        "at 19:22:40, everybody else aborted after it, and slurmctld marks node-17 not responding and then DOWN. "
        "The missing node is the culprit, not the nodes that logged errors.",
        "https://github.com/pytorch/pytorch/issues/76287",
    )
    return b


def y22_gz_leftover_process_oom(rng):
    b = Bundle("y22_gz_leftover_process_oom")
    nodes = ["a3-mega-%02d" % i for i in (2, 3, 5, 6)]
    t0 = T("2024-10-14T16:00:00")
    t_err = add(t0, 44)
    for gr, n in enumerate(nodes):
        con = torchrun_header(t0, n, gr, 4, 8, nodes[0])
        for lr in range(8):
            r = gr * 8 + lr
            con += nccl_init(n, 41000 + lr, lr, r, 32, "%02x000" % (0x10 + lr * 0x11))
        if n == "a3-mega-05":
            con += [
                "[rank21]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.50 GiB. GPU 5 has a total capacity of 79.11 GiB of which 1.21 GiB is free. Process 301223 has 31.89 GiB memory in use. Process 41005 has 46.00 GiB memory in use. Of the allocated memory 43.10 GiB is allocated by PyTorch, and 1.40 GiB is reserved by PyTorch but unallocated."
            ]
            con += agent_summary(add(t_err, 1), "train.py", n, [(21, 5, 41005, 1, "")])
        else:
            con += [
                "[rank%d]: torch.distributed.DistBackendError: NCCL communicator was aborted on rank %d."
                % (gr * 8, gr * 8)
            ]
            con += agent_summary(add(t_err, 2), "train.py", n, [(gr * 8, 0, 41000, 1, "")])
        for k in range(300):
            con.insert(
                20 + k,
                "[rank%d]: /usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/attention.py:4512: UserWarning: flash-attn v3 not found, falling back to cuDNN fused attention"
                % (gr * 8 + k % 8),
            )
        b.add("%s/torchrun.log.gz" % n, con)
    b.add(
        "a3-mega-05/nvidia-smi.txt",
        smi_table(
            [
                (i, "00000000:%02X:00.0" % (0x10 + i * 0x11), 32650 if i == 5 else 0, 0)
                for i in range(8)
            ],
            procs=[(5, 301223, "/usr/bin/python3 eval_harness.py --ckpt step_90000", 32650)],
        ),
    )
    b.add(
        "a3-mega-05/prolog.log",
        [
            "[2024-10-14T15:59:31Z] prolog: GPU health check ok (8/8)",
            "[2024-10-14T15:59:31Z] prolog: WARNING stray compute process pid=301223 user=evalbot started 2024-10-13T22:10:05Z (job 880412, state=COMPLETED)",
        ],
    )
    b.set_label(
        "oom",
        "infrastructure",
        "a3-mega-05",
        21,
        "restart_without_node",
        "The console logs are gzip'd and padded with warnings. Only rank 21's OOM names a second process: pid 301223 "
        "holding 31.9 GiB on GPU 5. nvidia-smi and the prolog show it is a leftover eval_harness from a job that ended the "
        "day before. Node environment problem on a3-mega-05, not the training config.",
        "https://github.com/3dem/relion/issues/54",
    )
    return b


def y23_truncated_log_local_disk_full(rng):
    b = Bundle("y23_truncated_log_local_disk_full")
    nodes = ["worker-b%d" % i for i in range(1, 5)]
    t0 = T("2024-07-21T03:00:00")
    t_full = T("2024-07-21T05:47:13")
    t_wd = add(t_full, 1800.5)
    warn = [
        "/opt/venv/lib/python3.11/site-packages/torch/utils/checkpoint.py:1399: FutureWarning: `torch.cpu.amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('cpu', args...)` instead.",
        "/opt/venv/lib/python3.11/site-packages/datasets/load.py:2547: UserWarning: 'use_auth_token' was deprecated in favor of 'token' in version 2.14.0",
        "W0721 tokenization_utils_base.py:3921] Token indices sequence length is longer than the specified maximum sequence length for this model (9182 > 8192).",
    ]
    for gr, n in enumerate(nodes):
        con = torchrun_header(t0, n, gr, 4, 8, nodes[0])
        noise = [("[rank%d]: " % (gr * 8 + k % 8)) + warn[k % 3] for k in range(5000)]
        con += noise
        if n == "worker-b3":
            con += [
                "[rank%d]: [%s] prefetch: caching shard 0%d to /local_ssd/hf_cache/ ..."
                % (16 + k % 8, pylog(add(t_full, -30 + k)), 400 + k)
                for k in range(8)
            ]
            con.append("[rank19]: Traceback (most recent call la")
        else:
            con += watchdog(gr * 8, add(t_wd, gr * 0.02), 61882, timeout_ms=1800000)
            con += agent_summary(add(t_wd, 2), "train.py", n, [(gr * 8, 0, 5100, -6, "SIGABRT")])
        b.add("%s/train_console.log" % n, con)
    b.add(
        "worker-b3/df.txt",
        [
            "Filesystem      Size  Used Avail Use% Mounted on",
            "/dev/nvme0n1p1  194G   61G  133G  32% /",
            "/dev/md0        6.9T  6.9T     0 100% /local_ssd",
            "fsx.local@tcp:/fsx   48T   31T   17T  65% /fsx",
        ],
    )
    b.add(
        "worker-b3/journal.txt",
        [
            "Jul 21 05:47:13 worker-b3 kernel: EXT4-fs warning (device md0): ext4_end_bio:343: I/O error 10 writing to inode 9043811 starting block 1839921152)",
            "Jul 21 05:47:13 worker-b3 rsyslogd[1022]: file '/local_ssd/logs/train_console.log': write error - No space left on device [v8.2112.0]",
            "Jul 21 05:47:14 worker-b3 systemd-journald[611]: /var/log/journal: Disk usage 512.0M, limit 4.0G",
        ],
    )
    b.set_label(
        "storage",
        "infrastructure",
        "worker-b3",
        None,
        "restart_without_node",
        "Three consoles are megabytes of deprecation warnings ending in watchdog timeouts. worker-b3's console stops mid-word "
        "right after its ranks start caching shards to /local_ssd. df shows /local_ssd at 100% and the journal has "
        "'No space left on device' at 05:47:13, which is also when the collective that timed out 30 min later began. "
        "Node-local disk full.",
        "https://github.com/awslabs/awsome-distributed-ai/pull/1225",
    )
    return b


def y24_jsonl_earliest_error_xid62(rng):
    b = Bundle("y24_jsonl_earliest_error_xid62")
    nodes = ["trainer-%d" % i for i in range(4)]
    t0 = T("2025-02-03T07:00:00")
    t_err = T("2025-02-03T09:31:05.771")
    for gr, n in enumerate(nodes):
        recs = []
        t = t0
        for s in range(0, 1400):
            t = add(t, 6.3)
            if t > t_err:
                break
            r = gr * 8 + s % 8
            recs.append(
                {
                    "ts": epoch(t),
                    "level": "INFO",
                    "rank": r,
                    "pid": 70100 + r,
                    "event": "step",
                    "step": s // 8,
                    "loss": round(2.9 - s * 0.0004, 4),
                    "step_time_ms": round(1580 + rng.uniform(-20, 20), 1),
                }
            )
        for lr in range(8):
            r = gr * 8 + lr
            if r == 22:
                recs.append(
                    {
                        "ts": epoch(t_err),
                        "level": "ERROR",
                        "rank": 22,
                        "pid": 70122,
                        "event": "exception",
                        "msg": "RuntimeError: CUDA error: unspecified launch failure",
                    }
                )
            else:
                recs.append(
                    {
                        "ts": epoch(
                            add(t_err, 0.4 + (r * 37 % 100) / 100.0 - (0.35 if r == 5 else 0))
                        ),
                        "level": "ERROR",
                        "rank": r,
                        "pid": 70100 + r,
                        "event": "exception",
                        "msg": "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.23.4",
                    }
                )
        rng.shuffle(recs[-8:])
        b.add("%s/train.jsonl" % n, [json.dumps(x, sort_keys=True) for x in recs])
    jr = [
        {
            "__REALTIME_TIMESTAMP": str(int(epoch(add(t_err, -0.9)) * 1e6)),
            "_HOSTNAME": "trainer-2",
            "SYSLOG_IDENTIFIER": "kernel",
            "PRIORITY": "3",
            "MESSAGE": "NVRM: Xid (PCI:0000:c1:00): 62, pid=70122, name=python3, 0000(0000) 00000000 00000000",
        },
        {
            "__REALTIME_TIMESTAMP": str(int(epoch(add(t_err, -0.8)) * 1e6)),
            "_HOSTNAME": "trainer-2",
            "SYSLOG_IDENTIFIER": "kernel",
            "PRIORITY": "3",
            "MESSAGE": "NVRM: GPU at PCI:0000:c1:00: GPU-2f1e7c0a-9d3b-4e55-a1c2-7b7d0e6f3a19 internal micro-controller halted",
        },
    ]
    b.add("trainer-2/journal.json", [json.dumps(x, sort_keys=True) for x in jr])
    b.add(
        "trainer-2/nvidia-smi-L.txt",
        [
            "GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%s)"
            % (
                i,
                "2f1e7c0a-9d3b-4e55-a1c2-7b7d0e6f3a19"
                if i == 6
                else "%08x-0000-4000-8000-%012x" % (0x1000 + i, i),
            )
            for i in range(8)
        ],
    )
    b.set_label(
        "gpu_hardware",
        "infrastructure",
        "trainer-2",
        22,
        "restart_without_node",
        "All 32 ranks log an ERROR record within a second, shuffled in file order; 31 of them are NCCL 'unhandled cuda error'. "
        "By epoch timestamp the first is rank 22 (pid 70122) with 'unspecified launch failure'. trainer-2's journald JSON "
        "(__REALTIME_TIMESTAMP in microseconds) has Xid 62 (micro-controller halt) for pid 70122 0.9 s earlier, GPU 6 = local rank 6.",
        "https://github.com/leptonai/gpud/pull/1209",
    )
    return b


def y25_abrupt_end_mce_panic_prev_boot(rng):
    b = Bundle("y25_abrupt_end_mce_panic_prev_boot")
    nodes = ["sc-gpu-%03d" % i for i in (40, 41, 42)]
    t_panic = T("2024-12-30T23:58:02")
    for gr, n in enumerate(nodes):
        con = torchrun_header(T("2024-12-30T18:00:00"), n, gr, 3, 4, nodes[0])
        lp, tl, st = progress(rng, T("2024-12-30T18:01:00"), 0, 80, 8.9, 2.2, every=30)
        if n == "sc-gpu-041":
            con += prefix([l for l in lp if l < "[%s" % pylog(t_panic)], "[rank4]:")
        else:
            con += prefix(lp if gr == 0 else [], "[rank0]:")
            con += [
                "[rank%d]:[%s ProcessGroupNCCL.cpp:1970] [PG ID 0 PG GUID 0(default_pg) Rank %d] NCCL error: remote process exited or there was a network error"
                % (gr * 4, glog(add(t_panic, 8 + gr), "E", True), gr * 4)
            ]
            con += agent_summary(
                add(t_panic, 12), "train.py", n, [(gr * 4, 0, 2900, -6, "SIGABRT")]
            )
        b.add("%s/console.log" % n, con)
    b.add(
        "sc-gpu-041/journalctl-list-boots.txt",
        [
            "IDX BOOT ID                          FIRST ENTRY                 LAST ENTRY",
            " -1 6d1f0a2c77e94f2b9d0b4d3c8a1e5f70 Mon 2024-12-16 08:12:40 UTC Mon 2024-12-30 23:57:59 UTC",
            "  0 b8e3c1d05a7f4e21a9c6f2d1e0b3a4c5 Tue 2024-12-31 00:04:31 UTC Tue 2024-12-31 00:40:12 UTC",
        ],
    )
    b.add(
        "sc-gpu-041/pstore_dmesg-ramoops-0.txt",
        [
            "Panic#1 Part1",
            "<0>[1266922.118402] mce: [Hardware Error]: CPU 41: Machine Check Exception: 5 Bank 17: be00000000800400",
            "<0>[1266922.118409] mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffa3c0b6ad> {intel_idle+0x6d/0xb0}",
            "<0>[1266922.118415] mce: [Hardware Error]: TSC 0 ADDR 1f7a3c4000 MISC 86 PPIN 29f3c1e0a4b2",
            "<0>[1266922.118417] mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1735603082 SOCKET 1 APIC 52 microcode 2b000571",
            "<0>[1266922.118430] Kernel panic - not syncing: Fatal machine check",
        ],
    )
    b.set_label(
        "host",
        "infrastructure",
        "sc-gpu-041",
        None,
        "restart_without_node",
        "sc-gpu-041's console just stops - no traceback, no agent summary - while peers report the remote process gone at "
        "23:58:10. Its journal shows the previous boot ending 23:57:59 and a reboot at 00:04, and pstore holds a fatal "
        "machine-check panic (TIME 1735603082 = 23:58:02 UTC). CPU/memory hardware fault on the host.",
        "https://github.com/TauLabs/TauLabs/issues/2044",
    )
    return b


CASES = [
    y21_missing_node_slurmctld,
    y22_gz_leftover_process_oom,
    y23_truncated_log_local_disk_full,
    y24_jsonl_earliest_error_xid62,
    y25_abrupt_end_mce_panic_prev_boot,
]
