"""y01-y05: the first failure has to be found by time across skewed clocks and mixed formats."""

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
import json

PDT = tz(-7)
JST = tz(9)
CET = tz(1)


def y01_uptime_xid_before_pdt_linkdown(rng):
    b = Bundle("y01_uptime_xid_before_pdt_linkdown")
    order = ["gpu-b05", "gpu-b02", "gpu-b07", "gpu-b09"]  # group_rank order from rendezvous
    zones = {"gpu-b05": None, "gpu-b02": PDT, "gpu-b07": None, "gpu-b09": None}
    t0 = T("2024-05-11T02:10:00")
    t_xid = T("2024-05-11T08:06:03.412")
    t_coll = T("2024-05-11T08:06:04.950")
    t_wd = add(t_coll, 600.02)
    t_link = T("2024-05-11T08:09:40.118")
    buses = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
    buses[3] = "9b000"
    for gr, h in enumerate(order):
        z = zones[h] or tz(0)
        con = torchrun_header(t0, h, gr, 4, 8, "gpu-b05", z=z)
        for lr in range(8):
            r = gr * 8 + lr
            con += nccl_init(h, 51200 + lr, lr, r, 32, buses[lr])
        if gr == 0:
            lines, t_last, step = progress(rng, add(t0, 60), 0, 120, 1.18, 3.1, every=25)
            con += prefix(lines, "[rank0]:")
        if h != "gpu-b07":
            for lr in range(8):
                con += watchdog(gr * 8 + lr, add(t_wd, lr * 0.004), 412877)
            if h == "gpu-b02":
                con.insert(
                    len(con) - 40,
                    "gpu-b02:51203:51990 [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.0.7.17<48211> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.0.7.12 remoteGids::ffff:10.0.7.17 hca mlx5_3",
                )
                con.insert(
                    len(con) - 40, "gpu-b02:51203:51990 [3] NCCL INFO transport/net.cc:1302 -> 6"
                )
            con += agent_summary(
                add(t_wd, 3), "train.py", h, [(gr * 8, 0, 51200, -6, "SIGABRT")], z=z
            )
        else:
            con += [
                "[rank19]:[W511 08:06:09.118233410 ProcessGroupNCCL.cpp:1250] [PG ID 0 PG GUID 0(default_pg) Rank 19] heartbeat monitor: no progress for 5s on CUDA event query"
            ]
        b.add("%s/console.log" % h, con)
    # gpu-b07: dmesg with uptime only, boot time elsewhere
    boot = T("2024-05-10T08:12:31")
    ent = dmesg_noise(rng, boot, add(boot, 20), 25)
    ent += [
        (
            t_xid,
            "NVRM: Xid (PCI:0000:9b:00): 79, pid=51203, name=python3, GPU has fallen off the bus.",
        ),
        (add(t_xid, 0.002), "NVRM: GPU 0000:9b:00.0: GPU has fallen off the bus."),
        (
            add(t_xid, 0.2),
            "NVRM: A GPU crash dump has been created. If possible, please run\nNVRM: nvidia-bug-report.sh as root to collect this data before\nNVRM: the NVIDIA kernel module is unloaded.",
        ),
    ]
    b.add("gpu-b07/dmesg.txt", render_kernel(ent, "uptime", boot))
    b.add(
        "gpu-b07/host_info.txt",
        [
            "$ uptime -s",
            "2024-05-10 08:12:31",
            "$ date -u",
            "Sat May 11 08:31:55 UTC 2024",
            "$ timedatectl | grep 'Time zone'",
            "                Time zone: Etc/UTC (UTC, +0000)",
        ],
    )
    b.add(
        "gpu-b07/nvidia-smi.txt",
        ["Unable to determine the device handle for GPU 0000:9B:00.0: Unknown Error"],
    )
    # gpu-b02: journal in local PDT with a later link flap (consequence: peers gone / bounce by the fabric manager)
    ent = dmesg_noise(rng, boot, T("2024-05-11T05:00:00"), 8)
    ent += [
        (t_link, "mlx5_core 0000:3b:00.0 ibp59s0: Link down"),
        (add(t_link, 2.7), "mlx5_core 0000:3b:00.0 ibp59s0: Link up"),
    ]
    b.add("gpu-b02/journal-kernel.txt", render_kernel(ent, "syslog", host="gpu-b02", z=PDT))
    b.add(
        "gpu-b02/host_info.txt",
        [
            "$ timedatectl | grep 'Time zone'",
            "                Time zone: America/Los_Angeles (PDT, -0700)",
        ],
    )
    b.set_label(
        "gpu_hardware",
        "infrastructure",
        "gpu-b07",
        19,
        "restart_without_node",
        "gpu-b07's dmesg is in uptime seconds; with the boot time from host_info (2024-05-10 08:12:31 UTC) "
        "the Xid 79 on 0000:9b:00 lands at 08:06:03 UTC, right when the last collective started. "
        "gpu-b02's link flap and NET/IB error are logged in PDT (01:09:40 = 08:09:40 UTC), three minutes later, "
        "and are a consequence. Bus 9b000 is local rank 3 in the NCCL init lines; group_rank 2 -> global rank 19.",
        "https://github.com/NVIDIA/NVSentinel/issues/155",
    )
    return b


def y02_offset_iso_host_oom_first(rng):
    b = Bundle("y02_offset_iso_host_oom_first")
    hosts = [("hpc-fra-11", tz(2)), ("hpc-lon-04", tz(1)), ("hpc-nyc-09", tz(-4))]
    hostfile = ["%s slots=4" % h for h, _ in hosts]
    b.add("launcher/hostfile", hostfile)
    b.add(
        "launcher/mpirun.cmd",
        [
            "mpirun -np 12 --hostfile hostfile --map-by ppr:4:node -x MASTER_ADDR=hpc-fra-11 -x MASTER_PORT=29500 python train.py --cfg cfg/vit_h.yaml"
        ],
    )
    t_oom = T("2024-03-07T15:31:07.204")
    t_reset = add(t_oom, 2.1)
    t_seg = add(t_oom, 5.3)
    for i, (h, z) in enumerate(hosts):
        log = []
        t = T("2024-03-07T11:02:00")
        for k in range(60):
            t = add(t, 230 + rng.uniform(-5, 5))
            if i == 0:
                log.append(
                    "%s [rank0] INFO epoch 3 iter %d/5000 loss=%.4f eval_buffer=%d MiB"
                    % (iso(t, z), 900 + k * 50, 1.9 - k * 0.004, 1200 + k * 1900)
                )
        if i == 0:
            log += [
                "%s [rank0] INFO gathering eval predictions from 12 ranks (all_gather_object) ..."
                % iso(add(t_oom, -40), z)
            ]
        if i == 1:
            log += [
                "%s [rank5] ERROR Connection reset by peer (hpc-fra-11:29500)" % iso(t_reset, z),
                "%s [rank5] ERROR RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.8.1.11]:41832"
                % iso(t_reset, z),
            ]
        if i == 2:
            log += [
                "%s [rank9] ERROR Caught signal 11 (Segmentation fault: address not mapped to object at address 0x8)"
                % iso(t_seg, z),
                "==== backtrace (tid: 771204) ====",
                " 0  /opt/hpcx/ucx/lib/libucs.so.0(ucs_handle_error+0x2e4) [0x7f1e2b1c7a44]",
                " 1  /opt/hpcx/ucx/lib/libucs.so.0(+0x2cfdc) [0x7f1e2b1c7fdc]",
                " 2  /opt/hpcx/ucx/lib/ucx/libuct_ib.so.0(+0x41b22) [0x7f1e2a6f1b22]",
                "=================================",
            ]
        b.add("%s/train.log" % h, log)
    k = [
        "%s hpc-fra-11 kernel: python invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"
        % iso(t_oom, tz(2), ms=False),
        "%s hpc-fra-11 kernel: Tasks state (memory values in pages):" % iso(t_oom, tz(2), ms=False),
        "%s hpc-fra-11 kernel: [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"
        % iso(t_oom, tz(2), ms=False),
        "%s hpc-fra-11 kernel: [ 660121]  1040 660121 139211332 121403226 990011392        0             0 python"
        % iso(t_oom, tz(2), ms=False),
        "%s hpc-fra-11 kernel: [ 660122]  1040 660122  22201121  3012201  31201280        0             0 python"
        % iso(t_oom, tz(2), ms=False),
        "%s hpc-fra-11 kernel: [   1882]     0   1882    421112    12011    389120        0             0 dcgm-exporter"
        % iso(t_oom, tz(2), ms=False),
        "%s hpc-fra-11 kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),task=python,pid=660121,uid=1040"
        % iso(t_oom, tz(2), ms=False),
        "%s hpc-fra-11 kernel: Out of memory: Killed process 660121 (python) total-vm:556845328kB, anon-rss:485612904kB, file-rss:0kB, shmem-rss:0kB, UID:1040 pgtables:966808kB oom_score_adj:0"
        % iso(t_oom, tz(2), ms=False),
    ]
    b.add("hpc-fra-11/journal-kernel.txt", k)
    b.add(
        "hpc-fra-11/ps_at_start.txt",
        [
            "  PID  RANK CMD",
            "660121  0 python train.py --cfg cfg/vit_h.yaml",
            "660122  1 python train.py --cfg cfg/vit_h.yaml",
            "660123  2 python train.py --cfg cfg/vit_h.yaml",
            "660124  3 python train.py --cfg cfg/vit_h.yaml",
        ],
    )
    b.add(
        "hpc-nyc-09/journal-kernel.txt",
        [
            "%s hpc-nyc-09 kernel: python[771204]: segfault at 8 ip 00007f1e2a6f1b22 sp 00007ffd3e1a2d10 error 4 in libuct_ib.so.0.0.0[7f1e2a6c0000+52000]"
            % iso(t_seg, tz(-4), ms=False)
        ],
    )
    b.set_label(
        "oom",
        "framework",
        "hpc-fra-11",
        0,
        "stop",
        "Converted to UTC the events are: host OOM kill of pid 660121 on hpc-fra-11 at 15:31:07Z (logged 17:31:07+02:00), "
        "gloo connection reset on hpc-lon-04 at 15:31:09Z, the UCX segfault on hpc-nyc-09 at 15:31:12Z (11:31:12-04:00). "
        "pid 660121 is rank 0, whose eval_buffer grows every log line until the all_gather_object of eval predictions; "
        "the job's own rank 0 exhausted host memory - a config/recipe problem, not the node.",
        "https://github.com/TorchSSL/TorchSSL/issues/4",
    )
    return b


def y03_journald_linkflap_before_hung_task(rng):
    b = Bundle("y03_journald_linkflap_before_hung_task")
    nodes = ["nid001012", "nid001013", "nid001019", "nid001020"]
    t_flap = T("2024-09-02T03:12:05.331")
    t_coll = add(t_flap, -0.8)
    t_nfs = T("2024-09-02T03:18:44")
    t_hung = T("2024-09-02T03:20:51")
    t_wd = add(t_coll, 600.03)
    srun = [
        "srun: job 884120 queued and waiting for resources",
        "srun: job 884120 has been allocated resources",
    ]
    for task in range(16):
        n = nodes[task // 4]
        srun += nccl_init(
            n,
            22000 + task % 4,
            task % 4,
            task,
            16,
            ["19000", "3b000", "9c000", "bb000"][task % 4],
            prefix="%d: " % task,
        )
    lines, t_last, step = progress(
        rng, T("2024-09-02T01:00:00"), 0, 120, 1.05, 2.8, every=50, fmt="megatron"
    )
    srun += prefix(lines, "0: ")
    for task in range(16):
        srun += prefix(watchdog(task, add(t_wd, task * 0.003), 77120, new=False), "%d: " % task)
    srun += [
        "srun: error: nid001019: tasks 8-11: Aborted",
        "srun: error: nid001012: tasks 0-3: Aborted",
        "srun: error: nid001013: tasks 4-7: Aborted",
        "srun: error: nid001020: tasks 12-15: Aborted",
    ]
    b.add("slurm-884120.out", srun)
    for n in nodes:
        ent = dmesg_noise(rng, None, T("2024-09-02T00:30:00"), 6)
        if n == "nid001019":
            ent += [
                (t_flap, "mlx5_core 0000:41:00.0 hsn0: Link down"),
                (
                    add(t_flap, 0.4),
                    "mlx5_core 0000:41:00.0: mlx5_port_module_event:1140:(pid 0): Port module event[error]: module 0, Cable error, Bus stuck (I2C or data shorted)",
                ),
                (add(t_flap, 47.0), "mlx5_core 0000:41:00.0 hsn0: Link up"),
            ]
        if n == "nid001013":
            ent += [
                (t_nfs, "nfs: server home-nfs01 not responding, still trying"),
                (t_hung, "INFO: task python:220113 blocked for more than 122 seconds."),
                (
                    add(t_hung, 0.001),
                    "      Tainted: P           OE     5.14.21-150500.55.19-default #1",
                ),
                (
                    add(t_hung, 0.002),
                    '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
                ),
                (
                    add(t_hung, 0.003),
                    "task:python          state:D stack:0     pid:220113 ppid:219990 flags:0x00004002",
                ),
                (add(t_hung, 0.004), "Call Trace:"),
                (add(t_hung, 0.005), " rpc_wait_bit_killable+0x1e/0x90 [sunrpc]"),
                (add(t_hung, 0.006), " nfs_getattr+0x1a2/0x3f0 [nfs]"),
                (add(t_hung, 90), "nfs: server home-nfs01 OK"),
            ]
        b.add("%s/journalctl-k.txt" % n, render_kernel(ent, "journal-iso", host=n))
    b.set_label(
        "network",
        "infrastructure",
        "nid001019",
        None,
        "restart_without_node",
        "All tasks time out at ~03:22:05 on SeqNum 77120, so the hung collective began ~03:12:05. The only event "
        "at that moment is nid001019's HSN link down with a cable error. nid001013's hung task and NFS stall (03:18-03:20) "
        "look worse but come six minutes after the collective stalled and recover on their own.",
        "https://github.com/NVIDIA/nccl/issues/902",
    )
    return b


def y04_pdsh_interleaved_ecc(rng):
    b = Bundle("y04_pdsh_interleaved_ecc")
    hosts = ["worker-%d" % i for i in range(6)]
    b.add("launcher/hostfile", ["%s slots=8" % h for h in hosts])
    t_ecc = T("2024-11-20T11:42:17.204")
    out = [
        "[2024-11-20 09:12:03,110] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s export NCCL_IB_HCA=mlx5; cd /workspace; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ3b3JrZXItMCI6... --node_rank=%%n --master_addr=worker-0 --master_port=29500 train.py --deepspeed ds_z3.json"
        % ",".join(hosts)
    ]
    evts = []
    for ni, h in enumerate(hosts):
        evts.append(
            (
                T("2024-11-20T09:12:20"),
                "%s: [2024-11-20 09:12:20,%03d] [INFO] [launch.py:163:main] dist_world_size=48, nnodes=6, node_rank=%d, global_rank_mapping=defaultdict(<class 'list'>, {%s})"
                % (h, ni * 7, ni, "..."),
            )
        )
        evts.append(
            (
                T("2024-11-20T09:12:21"),
                "%s: [2024-11-20 09:12:21,%03d] [INFO] [launch.py:253:main] process %d spawned with command: [..., '--local_rank=0']"
                % (h, ni * 3, 33100 + ni),
            )
        )
    t = T("2024-11-20T09:20:00")
    step = 0
    while True:
        step += 10
        t = add(t, 95 + rng.uniform(-2, 2))
        if t >= t_ecc:
            break
        evts.append(
            (
                t,
                "worker-0: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[0.00018], mom=[(0.9, 0.95)]"
                % (pylog(t), step),
            )
        )
    evts.append(
        (
            t_ecc,
            "worker-5: [%s] [rank43]: RuntimeError: CUDA error: uncorrectable ECC error encountered"
            % pylog(t_ecc),
        )
    )
    evts.append(
        (
            add(t_ecc, 0.001),
            "worker-5: [rank43]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        )
    )
    evts.append(
        (
            add(t_ecc, 0.7),
            "worker-5: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 33148"
            % pylog(add(t_ecc, 0.7)),
        )
    )
    for ni, h in enumerate(hosts[:5]):
        tt = add(t_ecc, 0.6 + ni * 0.05)
        evts.append(
            (
                tt,
                "%s: %s:%d:%d [%d] proxy.cc:1523 NCCL WARN [Proxy Service %d] Failed to execute operation Connect from rank %d, retcode 3"
                % (h, h, 33100 + ni, 33190 + ni, ni % 8, ni * 8, ni * 8),
            )
        )
        evts.append(
            (
                add(tt, 0.01),
                "%s: [%s] [rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, NCCL version 2.20.5"
                % (h, pylog(add(tt, 0.01)), ni * 8),
            )
        )
        evts.append(
            (
                add(tt, 0.02),
                "%s: [rank%d]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."
                % (h, ni * 8),
            )
        )
    # pdsh delivers buffered output per host: worker-5's lines arrive last in the file.
    lines = []
    by_host = {}
    for tt, l in sorted(evts, key=lambda e: e[0]):
        by_host.setdefault(l.split(":")[0], []).append(l)
    flushed = {h: 0 for h in by_host}
    for tt, l in sorted(evts, key=lambda e: e[0]):
        h = l.split(":")[0]
        if h == "worker-5" and tt >= t_ecc:
            continue
        lines.append(l)
    lines += [
        l for tt, l in sorted(evts, key=lambda e: e[0]) if l.startswith("worker-5") and tt >= t_ecc
    ]
    out += lines
    out.append("pdsh@worker-0: worker-5: ssh exited with exit code 1")
    out.append("pdsh@worker-0: worker-2: ssh exited with exit code 1")
    b.add("worker-0/deepspeed_launcher.log", out)
    boot = T("2024-11-12T07:01:44")
    ent = dmesg_noise(rng, boot, add(boot, 100), 12) + [
        (
            add(t_ecc, -0.05),
            "NVRM: Xid (PCI:0000:c8:00): 48, pid=33148, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 1.",
        ),
        (
            add(t_ecc, 0.3),
            "NVRM: Xid (PCI:0000:c8:00): 63, pid=33148, name=python, Row Remapper: New row marked for remapping, reset gpu to activate.",
        ),
    ]
    b.add("worker-5/dmesg.txt", render_kernel(ent, "uptime", boot))
    b.add("worker-5/boot_time.txt", ["btime 1731394904   # from /proc/stat (epoch seconds)"])
    b.set_label(
        "gpu_memory",
        "infrastructure",
        "worker-5",
        43,
        "restart_without_node",
        "pdsh buffers per host, so worker-5's lines appear at the end of the file after everybody's NCCL "
        "'remote process exited' errors. By timestamp rank 43 on worker-5 hit the uncorrectable ECC error first "
        "(11:42:17.204), and worker-5's uptime-stamped dmesg (btime 1731394904) puts a Xid 48 DBE there at the same instant.",
        "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194",
    )
    return b


def y05_k8s_preemption_jst_journal(rng):
    b = Bundle("y05_k8s_preemption_jst_journal")
    pods = ["llm-ft-worker-%d" % i for i in range(4)]
    nodes = ["gke-a3-pool-2b8c1f-%s" % s for s in ("k2xq", "m9dd", "p1tz", "w7rc")]
    t_pre = T("2024-07-02T10:03:58")
    t_gone = add(t_pre, 31)
    t_err = add(t_pre, 33)
    t_collect = T("2024-07-02T10:09:58")
    for i, p in enumerate(pods):
        lines = [
            "%s [INFO] rank %d/%d starting on node %s"
            % (iso(T("2024-07-02T06:00:00")), i * 8, 32, nodes[i])
        ]
        if i == 0:
            lp, t_last, st = progress(rng, T("2024-07-02T06:02:00"), 0, 90, 2.3, 2.4, every=50)
            lines += lp
        if i != 2:
            lines += [
                "%s [ERROR] [rank%d]: torch.distributed.DistBackendError: [%d] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '1', but store->get('1') got error: Connection reset by peer"
                % (iso(add(t_err, i)), i * 8, i * 8)
            ]
            lines += (
                py_tb(
                    [
                        ("/app/train.py", 402, "main", "trainer.fit()"),
                        (
                            "/usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py",
                            2288,
                            "all_reduce",
                            "work = group.allreduce([tensor], opts)",
                        ),
                    ],
                    "torch.distributed.DistBackendError: NCCL communicator was aborted on rank %d."
                    % (i * 8),
                )
                * 3
            )
        else:
            lines += [
                "%s [INFO] received SIGTERM, saving emergency checkpoint" % iso(add(t_pre, 1)),
                "%s [INFO] emergency checkpoint: wrote 3/64 shards" % iso(add(t_pre, 28)),
            ]
        b.add("%s/kubectl_logs_%s.txt" % (nodes[i], p), lines)
    b.add(
        "kubectl/events.txt",
        [
            "# collected %s" % iso(t_collect),
            "LAST SEEN   TYPE      REASON              OBJECT                    MESSAGE",
            "5m58s       Warning   NodeShutdown        node/%s   Node is shutting down, evicting pods"
            % nodes[2],
            "5m27s       Warning   NodeNotReady        pod/llm-ft-worker-2       Node is not ready",
            "5m20s       Warning   BackOff             pod/llm-ft-worker-0       Back-off restarting failed container",
            "5m19s       Warning   Failed              pod/llm-ft-worker-1       Error: container pytorch exited with code 1",
            "5m18s       Warning   Failed              pod/llm-ft-worker-3       Error: container pytorch exited with code 1",
            "4m02s       Normal    RemovingNode        node/%s   Node %s event: Removing Node from Controller"
            % (nodes[2], nodes[2]),
        ],
    )
    j = ["-- Journal begins at Tue 2024-07-02 09:00:01 JST. --"]
    for tt, m in [
        (
            add(t_pre, -1),
            "google_metadata_script_runner[1121]: Received preemption notice: instance/preempted = TRUE",
        ),
        (t_pre, "systemd-logind[881]: Power key pressed short."),
        (
            add(t_pre, 0.2),
            'kubelet[1701]: I0702 "Shutdown manager detected new shutdown event" event="shutdown"',
        ),
        (
            add(t_pre, 0.4),
            'kubelet[1701]: I0702 "Shutdown manager processing shutdown event" gracePeriodRequested="30s"',
        ),
        (
            add(t_pre, 30),
            "systemd[1]: Stopping kubelet.service - kubelet: The Kubernetes Node Agent...",
        ),
    ]:
        j.append("%s %s %s" % (syslog(tt, JST), nodes[2], m))
    b.add("%s/journalctl.txt" % nodes[2], j)
    b.set_label(
        "host",
        "infrastructure",
        nodes[2],
        None,
        "restart",
        "Pod logs are UTC, kubectl events are relative to the 10:09:58Z collection time, and the node journal is in JST. "
        "Lining them up: worker-2's node got a spot preemption notice at 19:03:57 JST (10:03:57Z), the others' NCCL/store "
        "errors follow at 10:04:31Z. The loud tracebacks on workers 0/1/3 are consequences. A preemption is not a "
        "node fault: the node is gone, restart on a fresh allocation.",
        "https://github.com/kubeflow/trainer/issues/1638",
    )
    return b


CASES = [
    y01_uptime_xid_before_pdt_linkdown,
    y02_offset_iso_host_oom_first,
    y03_journald_linkflap_before_hung_task,
    y04_pdsh_interleaved_ecc,
    y05_k8s_preemption_jst_journal,
]
