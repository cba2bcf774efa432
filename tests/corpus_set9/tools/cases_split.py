"""y11-y15: the rank->node or GPU->rank mapping lives in a different file than the error."""

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
)

BUS8 = [
    "00000000:18:00.0",
    "00000000:2A:00.0",
    "00000000:3A:00.0",
    "00000000:5D:00.0",
    "00000000:9A:00.0",
    "00000000:AB:00.0",
    "00000000:BA:00.0",
    "00000000:DB:00.0",
]


def y11_rank_only_in_combined_log(rng):
    b = Bundle("y11_rank_only_in_combined_log")
    join = ["trn-0007", "trn-0044", "trn-0019", "trn-0031"]  # group_rank order
    t0 = T("2024-10-03T00:30:00")
    t_err = T("2024-10-03T04:17:52.019")
    comb = []
    lp, tl, st = progress(rng, add(t0, 50), 0, 150, 0.75, 3.0, every=100)
    comb += prefix(lp, "[rank0]: ")
    comb += [
        "[rank17]: Traceback (most recent call last):",
        '[rank17]:   File "/src/pretrain.py", line 301, in train_step',
        "[rank17]:     loss.backward()",
        "[rank17]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "[rank17]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    ]
    for r in (0, 8, 24):
        comb.append(
            "[rank%d]:[%s ProcessGroupNCCL.cpp:1970] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error"
            % (r, glog(add(t_err, 2), "E", True), r)
        )
    b.add("job_output/combined_stdout.log", comb)
    for gr, h in enumerate(join):
        a = torchrun_header(t0, h, gr, 4, 8, "trn-0007")
        a += [
            "W%s 3310 torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
            % (glog(add(t_err, 3), ""), 3400 + k)
            for k in range(2)
        ]
        b.add("%s/elastic_agent.log" % h, a)
        gs = [{"idx": i, "bus": BUS8[i]} for i in range(8)]
        if h == "trn-0019":
            gs[1].update({"dbe": 1, "remap_ue": 1, "remap_pending": True})
        b.add("%s/nvidia-smi-q.txt" % h, smi_q(gs, when="Thu Oct  3 04:31:10 2024"))
    b.set_label(
        "gpu_memory",
        "infrastructure",
        "trn-0019",
        17,
        "restart_without_node",
        "Only the combined stdout names the failing rank (rank 17, uncorrectable ECC). The per-node agent logs give the "
        "rendezvous result: trn-0019 is group_rank 2 with global_ranks 16-23, so rank 17 is its local GPU 1 - and "
        "trn-0019's nvidia-smi shows a DRAM uncorrectable error and a pending row remap on GPU 1. "
        "Sorting hostnames alphabetically would wrongly give trn-0031.",
        "https://github.com/huggingface/accelerate/issues/1192",
    )
    return b


def y12_hostfile_order_nvlink(rng):
    b = Bundle("y12_hostfile_order_nvlink")
    hf = ["cn-14", "cn-03", "cn-22", "cn-07"]
    b.add("launcher/hostfile", ["%s slots=4" % h for h in hf])
    b.add(
        "launcher/job.sh",
        [
            "#!/bin/bash",
            "mpirun -np 16 --hostfile hostfile --map-by slot --tag-output \\",
            "  -x NCCL_DEBUG=WARN -x LD_LIBRARY_PATH python -u train_gpt.py --tp 4 --pp 1",
        ],
    )
    t_err = T("2023-12-01T17:40:09")
    out = []
    lp, tl, st = progress(rng, T("2023-12-01T12:00:00"), 0, 140, 1.6, 2.9, every=50, fmt="megatron")
    out += prefix(lp, "[1,0]<stdout>:")
    out += [
        "[1,9]<stderr>:cn-22:118209:118490 [1] enqueue.cc:1556 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'",
        "[1,9]<stderr>:cn-22:118209:118490 [1] NCCL INFO enqueue.cc:1602 -> 1".replace(
            "cn-22", "cn-22"
        ),
        "[1,9]<stderr>:RuntimeError: NCCL Error 1: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
    ]
    for r in (8, 10, 11):
        out.append(
            "[1,%d]<stderr>:RuntimeError: NCCL communicator was aborted on rank %d.  Original reason for failure was: NCCL Error 6: remote process exited or there was a network error"
            % (r, r)
        )
    out += [
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
        "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:",
        "",
        "  Process name: [[40211,1],9]",
        "  Exit code:    1",
    ]
    out = [
        l.replace("cn-22:", "node:") for l in out
    ]  # hostname not printed in this image's NCCL prefix
    b.add("launcher/mpirun.out", out)
    for h in hf:
        if h == "cn-22":
            b.add(
                "cn-22/collect_error.txt",
                [
                    "ssh: connect to host cn-22 port 22: Connection timed out",
                    "log collection skipped",
                ],
            )
        else:
            ent = dmesg_noise(rng, None, T("2023-12-01T10:00:00"), 6)
            b.add("%s/kern.log" % h, render_kernel(ent, "syslog", host=h))
            b.add(
                "%s/nvidia-smi-nvlink-e.txt" % h,
                ["GPU %d: NVIDIA A100-SXM4-80GB" % i for i in range(4)]
                + [
                    "\t Link 0: Replay Errors: 0",
                    "\t Link 0: Recovery Errors: 0",
                    "\t Link 0: CRC Errors: 0",
                ],
            )
    b.set_label(
        "nvlink",
        "infrastructure",
        "cn-22",
        9,
        "restart_without_node",
        "The NCCL prefix does not carry the real hostname; only mpirun's tag names process 9 as first to fail with "
        "'uncorrectable NVLink error'. With --map-by slot and 4 slots per host in hostfile order "
        "(cn-14, cn-03, cn-22, cn-07) rank 9 is on cn-22, which is also the node that stopped answering ssh. "
        "Alphabetical order would wrongly give cn-14.",
        "https://github.com/pytorch/pytorch/issues/58155",
    )
    return b


def y13_cvd_remap_xid48_vs_foreign_xid31(rng):
    b = Bundle("y13_cvd_remap_xid48_vs_foreign_xid31")
    nodes = ["gn-r12-01", "gn-r12-03"]
    t_err = T("2024-05-28T21:15:40.551")
    for nr, h in enumerate(nodes):
        b.add(
            "%s/env.txt" % h,
            [
                "CUDA_VISIBLE_DEVICES=4,5,6,7",
                "NODE_RANK=%d" % nr,
                "NPROC_PER_NODE=4",
                "WORLD_SIZE=8",
                "MASTER_ADDR=gn-r12-01",
            ],
        )
        con = torchrun_header(T("2024-05-28T18:00:00"), h, nr, 2, 4, "gn-r12-01")
        if nr == 1:
            con += [
                "[rank6]: RuntimeError: CUDA error: unspecified launch failure",
                "[rank6]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            ]
            con += agent_summary(add(t_err, 1), "train.py", h, [(6, 2, 90412, 1, "")])
        else:
            con += prefix(watchdog(0, add(t_err, 600), 30121)[:2], "")
            con += agent_summary(add(t_err, 601), "train.py", h, [(0, 0, 80110, -6, "SIGABRT")])
        b.add("%s/torchrun.log" % h, con)
    b.add(
        "gn-r12-03/nvidia-smi.txt",
        smi_table(
            [
                (
                    i,
                    BUS8[i]
                    .replace("00000000:", "00000000:")
                    .replace("18:", "1B:")
                    .replace("DB:", "DB:"),
                    70000 if i >= 4 else 41000,
                    0,
                )
                for i in range(8)
            ],
            procs=[
                (0, 55120, "/home/zhou/envs/sd/bin/python", 41000),
                (1, 55121, "/home/zhou/envs/sd/bin/python", 41000),
                (4, 90410, "python", 70000),
                (5, 90411, "python", 70000),
                (7, 90413, "python", 70000),
            ],
        ),
    )
    b.files["gn-r12-03/nvidia-smi.txt"] = (
        b.files["gn-r12-03/nvidia-smi.txt"]
        .replace("00000000:BA:00.0", "00000000:CA:00.0")
        .replace("00000000:18:00.0", "00000000:1B:00.0")
    )
    boot = T("2024-05-20T06:00:00")
    ent = dmesg_noise(rng, boot, add(boot, 30), 10)
    ent += [
        (
            add(t_err, -3600),
            "NVRM: Xid (PCI:0000:1b:00): 31, pid=55120, name=python, Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f3a_1c000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ",
        ),
        (
            add(t_err, -3599),
            "NVRM: Xid (PCI:0000:1b:00): 31, pid=55120, name=python, Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f3a_1c001000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ",
        ),
        (
            add(t_err, -0.2),
            "NVRM: Xid (PCI:0000:ca:00): 48, pid=90412, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 5, subpartition 0.",
        ),
        (
            add(t_err, 0.1),
            "NVRM: Xid (PCI:0000:ca:00): 94, pid=90412, name=python, Contained: SM (0x1). RST: No, D-RST: No",
        ),
    ]
    b.add("gn-r12-03/dmesg.txt", render_kernel(ent, "uptime", boot))
    b.add(
        "gn-r12-03/uptime.txt",
        [
            "21:40:02 up 8 days, 15:40,  2 users,  load average: 3.10, 3.04, 2.98",
            "# date -u: Tue May 28 21:40:02 UTC 2024",
        ],
    )
    b.set_label(
        "gpu_memory",
        "infrastructure",
        "gn-r12-03",
        6,
        "restart_without_node",
        "Two Xids on gn-r12-03. Xid 31 on 0000:1b:00 (GPU 0) belongs to pid 55120, another user's process, an hour earlier. "
        "Xid 48 (DBE) on 0000:ca:00 is GPU 6 in nvidia-smi; with CUDA_VISIBLE_DEVICES=4,5,6,7 that is cuda:2, local rank 2 "
        "on NODE_RANK 1, i.e. global rank 6 - the rank that died with 'unspecified launch failure' (pid 90412 matches).",
        "https://github.com/NVIDIA/semantic-segmentation/issues/33",
    )
    return b


def y14_slurm_cyclic_softlockup(rng):
    b = Bundle("y14_slurm_cyclic_softlockup")
    nodes = ["gpu101", "gpu102", "gpu103", "gpu104"]
    b.add(
        "slurm_env.txt",
        [
            "SLURM_JOB_ID=902211",
            "SLURM_JOB_NODELIST=gpu[101-104]",
            "SLURM_NNODES=4",
            "SLURM_NTASKS=16",
            "SLURM_TASKS_PER_NODE=4(x4)",
            "SLURM_DISTRIBUTION=cyclic",
            "SLURM_STEP_NUM_TASKS=16",
        ],
    )
    t_lock = T("2024-08-15T13:03:12")
    t_wd = add(t_lock, 1800.4)
    out = []
    lp, tl, st = progress(rng, T("2024-08-15T09:00:00"), 0, 110, 2.1, 2.5, every=60)
    out += prefix(lp, "0: ")
    for task in range(16):
        if task == 13:
            continue
        out.append(
            "%d: [rank%d]:[%s ProcessGroupNCCL.cpp:632] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4413, OpType=ALLREDUCE, NumelIn=50331648, NumelOut=50331648, Timeout(ms)=1800000) ran for 1800021 milliseconds before timing out."
            % (task, task, glog(add(t_wd, task * 0.01), "E", True), task)
        )
        out.append(
            "%d: [rank%d]:[%s ProcessGroupNCCL.cpp:1664] [PG ID 0 PG GUID 0(default_pg) Rank %d] Exception (either an error or timeout) detected by watchdog at work: 4413, last enqueued NCCL work: 4413, last completed NCCL work: 4412."
            % (task, task, glog(add(t_wd, task * 0.01), "E", True), task)
        )
    out.append(
        "13: [rank13]:[%s ProcessGroupNCCL.cpp:1664] [PG ID 0 PG GUID 0(default_pg) Rank 13] Exception (either an error or timeout) detected by watchdog at work: 4412, last enqueued NCCL work: 4412, last completed NCCL work: 4411."
        % glog(add(t_wd, 2.2), "E", True)
    )
    out += [
        "srun: error: gpu104: tasks 3,7,11,15: Aborted",
        "srun: error: gpu102: tasks 1,5,9,13: Aborted",
    ]
    b.add("slurm-902211.out", out)
    for i, n in enumerate(nodes):
        ent = dmesg_noise(rng, None, T("2024-08-15T08:00:00"), 5)
        if n == "gpu102":
            ent += [
                (t_lock, "watchdog: BUG: soft lockup - CPU#37 stuck for 23s! [python:44102]"),
                (
                    add(t_lock, 0.01),
                    "CPU: 37 PID: 44102 Comm: python Tainted: P           OE      6.5.0-1018-nvidia #18-Ubuntu",
                ),
                (add(t_lock, 0.02), "RIP: 0010:native_queued_spin_lock_slowpath+0x1f1/0x2e0"),
                (add(t_lock, 60.2), "rcu: INFO: rcu_preempt self-detected stall on CPU"),
                (
                    add(t_lock, 60.21),
                    "rcu: \t37-....: (15002 ticks this GP) idle=9d4c/1/0x4000000000000000 softirq=41120/41120 fqs=5811",
                ),
                (
                    add(t_lock, 88),
                    "watchdog: BUG: soft lockup - CPU#37 stuck for 22s! [python:44102]",
                ),
            ]
        b.add("%s/journal-k.txt" % n, render_kernel(ent, "syslog", host=n))
    b.add(
        "gpu102/ps.txt",
        [
            "  PID  SLURM_PROCID  CMD",
            "44099  1  python train.py",
            "44100  5  python train.py",
            "44101  9  python train.py",
            "44102  13  python train.py",
        ],
    )
    b.set_label(
        "host",
        "infrastructure",
        "gpu102",
        13,
        "restart_without_node",
        "Every task times out on SeqNum 4413 except task 13, whose last completed work is 4411: task 13 never arrived. "
        "SLURM_DISTRIBUTION=cyclic puts task 13 on gpu102 (13 mod 4 = 1), not gpu104 as block layout would, "
        "and gpu102's kernel log shows repeated soft lockups / RCU stalls on pid 44102, which ps maps to SLURM_PROCID 13.",
        "https://github.com/pytorch/pytorch/issues/76287",
    )
    return b


def y15_ray_ip_to_host_gsp_timeout(rng):
    b = Bundle("y15_ray_ip_to_host_gsp_timeout")
    hosts = {
        "ray-gpu-node-1": "10.40.2.11",
        "ray-gpu-node-2": "10.40.2.14",
        "ray-gpu-node-3": "10.40.2.17",
        "ray-gpu-node-4": "10.40.2.20",
    }
    order = [
        "ray-gpu-node-2",
        "ray-gpu-node-4",
        "ray-gpu-node-3",
        "ray-gpu-node-1",
    ]  # node_rank order chosen by Ray
    t_err = T("2024-12-09T06:51:30.2")
    drv = [
        "2024-12-09 03:00:12,118\tINFO worker.py:1777 -- Connecting to existing Ray cluster at address: 10.40.2.11:6379...",
        "2024-12-09 03:00:19,002\tINFO backend_executor.py:145 -- Started distributed worker processes: ",
    ]
    for nr, h in enumerate(order):
        for lr in range(4):
            drv.append(
                "- (node_id=%s, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d"
                % (
                    "%056x" % (hash(h) & (2**200 - 1)) if False else ("f3%054d" % (nr * 10 + lr)),
                    hosts[h],
                    4400 + lr + nr * 37,
                    nr * 4 + lr,
                    lr,
                    nr,
                )
            )
    lp, tl, st = progress(rng, T("2024-12-09T03:01:00"), 0, 120, 1.9, 2.7, every=50)
    drv += ["(RayTrainWorker pid=4400, ip=%s) %s" % (hosts[order[0]], l) for l in lp]
    drv += [
        "(RayTrainWorker pid=4477, ip=10.40.2.17) RuntimeError: CUDA error: unspecified launch failure",
        "(RayTrainWorker pid=4477, ip=10.40.2.17) CUDA kernel errors might be asynchronously reported at some other API call",
        "(RayTrainWorker pid=4411, ip=10.40.2.20) torch.distributed.DistBackendError: NCCL error: remote process exited or there was a network error",
        "2024-12-09 06:51:35,900\tERROR trainer.py:621 -- Training failed: ray.exceptions.RayTaskError(RuntimeError): ray::_RayTrainWorker__execute.get_next() (pid=4477, ip=10.40.2.17)",
    ]
    b.add("ray-gpu-node-1/ray_driver.log", drv)
    b.add(
        "ray-gpu-node-1/ray_status.txt",
        ["======== Autoscaler status ========", "Node status", "Active:"]
        + [" 1 node_%s (%s)" % (hosts[h], h) for h in sorted(hosts)],
    )
    ent = dmesg_noise(rng, None, T("2024-12-09T02:00:00"), 5)
    ent += [
        (
            add(t_err, -0.6),
            "NVRM: Xid (PCI:0000:5d:00): 119, pid=4477, name=ray::_RayTrainW, Timeout after 6s of waiting for RPC response from GPU3 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4).",
        ),
        (
            add(t_err, -0.5),
            "NVRM: GPU3 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004.",
        ),
        (
            add(t_err, 4),
            "NVRM: Xid (PCI:0000:5d:00): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)",
        ),
    ]
    b.add("ray-gpu-node-3/journal-k.txt", render_kernel(ent, "syslog", host="ray-gpu-node-3"))
    b.add("ray-gpu-node-3/nvidia-smi.txt", smi_table([(i, BUS8[i], 0, 0) for i in range(4)]))
    for h in ("ray-gpu-node-2", "ray-gpu-node-4"):
        b.add(
            "%s/journal-k.txt" % h,
            render_kernel(dmesg_noise(rng, None, T("2024-12-09T02:00:00"), 6), "syslog", host=h),
        )
    b.set_label(
        "gpu_hardware",
        "infrastructure",
        "ray-gpu-node-3",
        11,
        "restart_without_node",
        "The driver log only gives worker IPs. The startup table maps pid 4477 / 10.40.2.17 to world_rank 11 "
        "(node_rank 2, local_rank 3); ray_status maps 10.40.2.17 to ray-gpu-node-3, whose kernel log has Xid 119 GSP "
        "timeout naming GPU3 and pid 4477, then Xid 154 'Node Reboot Required'.",
        "https://github.com/leptonai/gpud/pull/1174",
    )
    return b


CASES = [
    y11_rank_only_in_combined_log,
    y12_hostfile_order_nvlink,
    y13_cvd_remap_xid48_vs_foreign_xid31,
    y14_slurm_cyclic_softlockup,
    y15_ray_ip_to_host_gsp_timeout,
]
