"""y06-y10: red herrings that look worse than the cause."""

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


def _gpus(n, over=None):
    over = over or {}
    buses = [
        "00000000:18:00.0",
        "00000000:2A:00.0",
        "00000000:3A:00.0",
        "00000000:5D:00.0",
        "00000000:9A:00.0",
        "00000000:AB:00.0",
        "00000000:BA:00.0",
        "00000000:DB:00.0",
    ]
    gs = []
    for i in range(n):
        g = {"idx": i, "bus": buses[i], "temp": 33 + i}
        g.update(over.get(i, {}))
        gs.append(g)
    return gs


def y06_old_xid63_vs_collate_keyerror(rng):
    b = Bundle("y06_old_xid63_vs_collate_keyerror")
    hosts = ["dgx-h07", "dgx-h08", "dgx-h11"]
    t0 = T("2024-06-18T13:00:00")
    t_err = T("2024-06-18T16:41:12.880")
    for gr, h in enumerate(hosts):
        con = torchrun_header(t0, h, gr, 3, 8, "dgx-h07")
        if gr == 0:
            lp, tl, st = progress(rng, add(t0, 40), 0, 118, 0.91, 3.3, every=100)
            con += prefix(lp, "[rank0]:")
        if gr == 0:
            con += prefix(
                py_tb(
                    [
                        (
                            "/workspace/train.py",
                            188,
                            "train_epoch",
                            "for step, batch in enumerate(loader):",
                        ),
                        (
                            "/usr/lib/python3/dist-packages/torch/utils/data/dataloader.py",
                            631,
                            "__next__",
                            "data = self._next_data()",
                        ),
                        (
                            "/usr/lib/python3/dist-packages/torch/utils/data/_utils/fetch.py",
                            54,
                            "fetch",
                            "return self.collate_fn(data)",
                        ),
                        (
                            "/workspace/data/collate.py",
                            41,
                            "pad_collate",
                            "lengths = [s['audio_len'] for s in batch]",
                        ),
                    ],
                    "KeyError: 'audio_len'",
                ),
                "[rank5]: ",
            )
            con.insert(
                -1,
                "[rank5]: (sample id 'cv17-ja/clip_00311842' has no 'audio_len'; manifest shard-0117)",
            )
            con += agent_summary(add(t_err, 2), "train.py", h, [(5, 5, 9905, 1, "")])
        else:
            for lr in range(2):
                r = gr * 8 + lr
                con += [
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1970] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"
                    % (r, glog(add(t_err, 1.2 + lr * 0.01), "E", True), r)
                ]
            con += agent_summary(
                add(t_err, 3), "train.py", h, [(gr * 8, 0, 7100 + gr, -6, "SIGABRT")]
            )
        b.add("%s/torchrun.log" % h, con)
    boot = T("2024-06-02T21:14:09")
    ent = dmesg_noise(rng, boot, add(boot, 60), 10)
    ent += [
        (
            T("2024-06-05T02:11:40"),
            "NVRM: Xid (PCI:0000:3a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000a81c3f40) marked for remapping, reset gpu to activate.",
        ),
        (
            T("2024-06-05T02:11:40.2"),
            "NVRM: Xid (PCI:0000:3a:00): 64, pid='<unknown>', name=<unknown>, Row Remapper Error: (0x00000000a81c3f40) - All reserved rows for bank are remapped",
        ),
    ]
    b.add("dgx-h11/dmesg-T.txt", render_kernel(ent, "T"))
    b.add(
        "dgx-h11/nvidia-smi-q.txt",
        smi_q(_gpus(8, {2: {"remap_ce": 1, "remap_pending": True, "dram_ce": 14}})),
    )
    b.set_label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "dgx-h11's row-remap Xid 63/64 and pending remap look alarming but are from 2024-06-05, two weeks before this "
        "run, and affect GPU 2 of a node whose ranks only report the peer exiting. The first failure is rank 5 on dgx-h07: "
        "a KeyError in the user's collate function on a manifest entry without 'audio_len'. Deterministic data bug.",
        "https://github.com/Lightning-AI/pytorch-lightning/issues/19106",
    )
    return b


def y07_accused_peer_is_innocent(rng):
    b = Bundle("y07_accused_peer_is_innocent")
    hosts = ["a100-r3-n%02d" % i for i in (1, 2, 3, 4)]
    ips = {h: "172.20.3.%d" % (10 + i) for i, h in enumerate(hosts)}
    b.add("launcher/hosts", ["%s %s" % (ips[h], h) for h in hosts])
    t_down = T("2024-02-14T22:47:31.502")
    for gr, h in enumerate(hosts):
        con = torchrun_header(T("2024-02-14T19:00:00"), h, gr, 4, 8, hosts[0])
        if gr == 0:
            lp, tl, st = progress(rng, T("2024-02-14T19:01:00"), 0, 100, 1.4, 3.0, every=60)
            con += prefix(lp, "[rank0]:")
        nxt = hosts[(gr + 1) % 4]
        lines = []
        n = 14 if h == hosts[3] else 2
        for k in range(n):
            lr = k % 8
            lines.append(
                "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d"
                % (h, 60100 + lr, 60190 + lr, lr, ips[nxt], 40000 + k * 17, ips[h], ips[nxt], lr)
            )
            lines.append(
                "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6"
                % (h, 60100 + lr, 60190 + lr, lr)
            )
        if gr in (2, 3):
            con += lines
        for lr in range(8):
            r = gr * 8 + lr
            if gr in (2, 3) and lr < 3:
                con.append(
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1970] [PG ID 0 PG GUID 0(default_pg) Rank %d] NCCL error: remote process exited or there was a network error, NCCL version 2.19.3"
                    % (r, glog(add(t_down, 1.5), "E", True), r)
                )
        con += agent_summary(add(t_down, 610), "train.py", h, [(gr * 8, 0, 60100, -6, "SIGABRT")])
        b.add("%s/console.log" % h, con)
    for h in hosts:
        ent = dmesg_noise(rng, None, T("2024-02-14T18:00:00"), 5)
        if h == hosts[3]:
            ent += [
                (
                    add(t_down, -0.3),
                    "mlx5_core 0000:4b:00.0: mlx5_cmd_out_err:838:(pid 0): Port 1 PHY: symbol errors 51712, link integrity exceeded",
                ),
                (t_down, "mlx5_core 0000:4b:00.0 ibp75s0: Link down"),
                (add(t_down, 0.1), "ib0: lost carrier"),
            ]
        b.add("%s/kern.log" % h, render_kernel(ent, "syslog", host=h))
    b.add(
        hosts[3] + "/ibstat.txt",
        [
            "CA 'mlx5_0'",
            "\tPort 1:",
            "\t\tState: Down",
            "\t\tPhysical state: LinkErrorRecovery",
            "\t\tRate: 200",
            "\t\tLink layer: InfiniBand",
        ],
    )
    b.add(
        hosts[0] + "/ibstat.txt",
        [
            "CA 'mlx5_0'",
            "\tPort 1:",
            "\t\tState: Active",
            "\t\tPhysical state: LinkUp",
            "\t\tRate: 200",
            "\t\tLink layer: InfiniBand",
        ],
    )
    b.set_label(
        "network",
        "infrastructure",
        hosts[3],
        None,
        "restart_without_node",
        "Most NET/IB completion errors come from %s and name peer %s (%s), so the loud reading blames n01. "
        "But n04's own port went down with symbol errors at 22:47:31 and ibstat shows it in LinkErrorRecovery; "
        "a sender with a dead link reports whoever it was sending to. n03's errors, which name n04, confirm it."
        % (hosts[3], ips[hosts[0]], hosts[0]),
        "https://github.com/NVIDIA/nccl/issues/1814",
    )
    return b


def y08_node_dies_after_nan_abort(rng):
    b = Bundle("y08_node_dies_after_nan_abort")
    nodes = ["gpu%03d" % i for i in (201, 202, 205, 206)]
    t0 = T("2024-04-09T20:00:00")
    t_nan = T("2024-04-10T02:10:44")
    lines = []
    t = t0
    for s in range(8000, 8840, 20):
        t = add(t, 26)
        gn = 0.4 + (0 if s < 8700 else (s - 8700) * 0.9)
        loss = 2.1 if s < 8760 else 2.1 + (s - 8760) * 0.3
        lines.append(
            "0: [%s] step %d loss %.4f grad_norm %.3f lr 6.00e-04 (warmup done at step 8700, peak lr)"
            % (pylog(t), s, loss, gn)
        )
    lines.append("0: [%s] step 8840 loss nan grad_norm inf lr 6.00e-04" % pylog(t_nan))
    for task in range(32):
        lines.append(
            "%d: [%s] FloatingPointError: loss is NaN at step 8840 (local grads: %s)"
            % (task, pylog(add(t_nan, 0.3)), "inf" if task % 3 else "nan")
        )
    lines += [
        "srun: error: gpu201: tasks 0-7: Exited with exit code 1",
        "srun: error: gpu202: tasks 8-15: Exited with exit code 1",
        "srun: error: gpu205: tasks 16-23: Exited with exit code 1",
        "srun: error: gpu206: tasks 24-31: Exited with exit code 1",
        "srun: Terminating StepId=771002.0",
    ]
    b.add("slurm-771002.out", lines)
    b.add(
        "slurmctld.log",
        [
            "[2024-04-10T02:10:47.118] _job_complete: JobId=771002 WEXITSTATUS 1",
            "[2024-04-10T02:10:47.119] _job_complete: JobId=771002 done",
            "[2024-04-10T02:31:02.661] error: Nodes gpu205 not responding",
            "[2024-04-10T02:36:02.002] error: Nodes gpu205 not responding, setting DOWN",
        ],
    )
    b.add(
        "gpu205/ipmi_sel.txt",
        [
            "  1a3 | 04/10/2024 | 02:30:51 | Power Supply PSU2_Status | Power Supply AC lost | Asserted",
            "  1a4 | 04/10/2024 | 02:30:52 | Power Supply PSU1_Status | Failure detected | Asserted",
            "  1a5 | 04/10/2024 | 02:30:52 | System ACPI Power State | S4/S5: soft-off | Asserted",
        ],
    )
    b.add(
        "gpu205/journal.txt",
        [
            "Apr 10 02:10:48 gpu205 slurmstepd[88120]: done with job",
            "-- Boot 7f3c1... --",
            "Apr 10 02:48:19 gpu205 kernel: Linux version 5.15.0-105-generic",
        ],
    )
    b.set_label(
        "numerical",
        "script",
        None,
        None,
        "stop",
        "gpu205 lost power and went DOWN at 02:30-02:36, but slurmctld shows the job completed with exit 1 at 02:10:47, "
        "twenty minutes earlier. The job failed because loss went NaN on every rank at step 8840 after grad_norm climbed "
        "steadily from the end of warmup at the peak LR - a recipe divergence, not the node.",
        "https://github.com/InternLM/InternLM/issues/290",
    )
    return b


def y09_aer_spam_vs_config_oom(rng):
    b = Bundle("y09_aer_spam_vs_config_oom")
    nodes = ["ip-10-4-%d-%d" % (a, c) for a, c in ((17, 201), (18, 33), (19, 140))]
    t0 = T("2024-08-01T05:00:00")
    t_oom = add(t0, 118)
    b.add(
        "config/diff_vs_last_good.txt",
        [
            "--- runs/last_good/config.yaml",
            "+++ runs/this_run/config.yaml",
            "@@ -12,7 +12,7 @@ data:",
            "-  seq_len: 4096",
            "+  seq_len: 16384",
            "   micro_batch_size: 4",
            "   activation_checkpointing: false",
        ],
    )
    for gr, h in enumerate(nodes):
        con = torchrun_header(t0, h, gr, 3, 8, nodes[0])
        for lr in range(8):
            r = gr * 8 + lr
            con += [
                "[rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 8.00 GiB. GPU %d has a total capacity of 79.10 GiB of which 5.31 GiB is free. Including non-PyTorch memory, this process has 73.77 GiB memory in use. Of the allocated memory 70.12 GiB is allocated by PyTorch, and 1.90 GiB is reserved by PyTorch but unallocated."
                % (r, lr)
            ]
        con += agent_summary(add(t_oom, 1), "train.py", h, [(gr * 8, 0, 3300, 1, "")])
        b.add("%s/torchrun.log" % h, con)
    ent = []
    tt = add(t0, -3600)
    for k in range(400):
        tt = add(tt, rng.uniform(5, 15))
        ent.append((tt, "pcieport 0000:80:01.1: AER: Corrected error received: 0000:81:00.0"))
        ent.append(
            (
                tt,
                "nvidia 0000:81:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)",
            )
        )
        ent.append(
            (tt, "nvidia 0000:81:00.0:   device [10de:2330] error status/mask=00000001/0000e000")
        )
        ent.append((tt, "nvidia 0000:81:00.0:    [ 0] RxErr                  (First)"))
    b.add("%s/dmesg-T.txt" % nodes[1], render_kernel(ent, "T"))
    b.set_label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "ip-10-4-18-33 has thousands of PCIe AER lines, but every one is severity=Corrected and they predate the run by an "
        "hour. All 24 ranks on all three nodes hit CUDA OOM in the first steps, and the config diff shows seq_len "
        "raised 4x without activation checkpointing. Fix the config.",
        "https://github.com/LISTatSNU/FastMRI_challenge/issues/252",
    )
    return b


def y10_foreign_xid43_vs_lustre(rng):
    b = Bundle("y10_foreign_xid43_vs_lustre")
    nodes = ["c%02d-gpu" % i for i in (4, 5, 9, 12, 13, 14)]
    t_evict = T("2025-01-22T14:02:10")
    t_err = add(t_evict, 41)
    lines = []
    lp, tl, st = progress(rng, T("2025-01-22T09:00:00"), 12000, 90, 2.0, 2.2, every=20)
    lines += prefix(lp, "0: ")
    lines += [
        "0: [%s] saving checkpoint step_15000 to /lustre/proj/ckpt/step_15000"
        % pylog(add(t_evict, -20))
    ]
    lines += prefix(
        py_tb(
            [
                (
                    "/opt/app/train.py",
                    512,
                    "save",
                    "torch.distributed.checkpoint.save(state, checkpoint_id=path)",
                ),
                (
                    "/usr/local/lib/python3.10/site-packages/torch/distributed/checkpoint/filesystem.py",
                    448,
                    "_write_files_from_queue",
                    "stream.write(data)",
                ),
            ],
            "OSError: [Errno 5] Input/output error: '/lustre/proj/ckpt/step_15000/__3_0.distcp'",
        ),
        "3: ",
    )
    lines += prefix(
        py_tb(
            [
                (
                    "/opt/app/train.py",
                    512,
                    "save",
                    "torch.distributed.checkpoint.save(state, checkpoint_id=path)",
                )
            ],
            "OSError: [Errno 108] Cannot send after transport endpoint shutdown: '/lustre/proj/ckpt/step_15000/__17_0.distcp'",
        ),
        "17: ",
    )
    lines += [
        "srun: error: c05-gpu: task 3: Exited with exit code 1",
        "srun: error: c09-gpu: task 17: Exited with exit code 1",
    ]
    b.add("slurm-55120.out", lines)
    for i, n in enumerate(nodes):
        ent = dmesg_noise(rng, None, T("2025-01-22T12:00:00"), 4)
        ent += [
            (
                add(t_evict, i * 0.3),
                "LustreError: 11-0: proj-OST0007-osc-ffff9c8e: operation ost_write to node 10.9.0.27@o2ib failed: rc = -107",
            ),
            (
                add(t_evict, i * 0.3 + 0.1),
                "Lustre: proj-OST0007-osc-ffff9c8e: Connection to proj-OST0007 (at 10.9.0.27@o2ib) was lost; in progress operations using this service will wait for recovery to complete",
            ),
            (
                add(t_evict, 95 + i),
                "Lustre: proj-OST0007-osc-ffff9c8e: Connection restored to 10.9.0.27@o2ib (at 10.9.0.27@o2ib)",
            ),
        ]
        if n == "c12-gpu":
            ent += [
                (
                    add(t_evict, -300),
                    "NVRM: Xid (PCI:0000:41:00): 43, pid=1902231, name=blender, Ch 00000008",
                ),
                (
                    add(t_evict, -299),
                    "NVRM: Xid (PCI:0000:41:00): 13, pid=1902231, name=blender, Graphics SM Warp Exception on (GPC 3, TPC 1, SM 0): Out Of Range Address",
                ),
                (
                    add(t_evict, -299),
                    "NVRM: Xid (PCI:0000:41:00): 13, pid=1902231, name=blender, Graphics Exception: ESR 0x51df30=0x201000e 0x51df34=0x0 0x51df28=0x4c1eafff 0x51df2c=0x17f",
                ),
            ]
        b.add("%s/kern.log" % n, render_kernel(ent, "syslog", host=n))
    b.add(
        "c12-gpu/gpu_allocation.txt",
        [
            "# slurm gres on c12-gpu at 14:00",
            "GPU0-3: job 55120 (this job, CUDA_VISIBLE_DEVICES=0,1,2,3)",
            "GPU4 (0000:41:00.0): job 55188 user=vfx-render (blender)",
        ],
    )
    b.set_label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "c12-gpu shows Xid 13/43 graphics exceptions, but they belong to pid 1902231 'blender' on GPU 4, which is another "
        "user's job. The job failed writing a checkpoint: every node logged the same Lustre OST0007 connection loss at "
        "14:02:10 and recovery ~95 s later; ranks on two different nodes got EIO/ESHUTDOWN. Shared-storage transient.",
        "https://github.com/allenai/OLMo/issues/894",
    )
    return b


CASES = [
    y06_old_xid63_vs_collate_keyerror,
    y07_accused_peer_is_innocent,
    y08_node_dies_after_nan_abort,
    y09_aer_spam_vs_config_oom,
    y10_foreign_xid43_vs_lustre,
]
