"""v01-v05: the sympathetic flood. Most ranks die of watchdog timeouts, resets or SIGTERM;
the first real failure sits on one rank, usually not in the alphabetically first file."""

from common import (
    Bundle,
    Job,
    T,
    sec,
    glog,
    pylog,
    dmesg_T,
    dmesg_up,
    syslog,
    iso,
    kernel_noise,
    merge_sorted,
    py_tb,
    prefixed,
    sigtb,
    megatron_iter,
    smi_q,
)


def _steps(rng, t0, first, last, every, dt_s, loss0, fmt):
    out, t, loss = [], t0, loss0
    for s in range(first, last + 1, every):
        t = t + sec(dt_s * every * rng.uniform(0.97, 1.03))
        loss -= rng.uniform(0.0, 0.004)
        out.append((t, fmt(t, s, loss)))
    return out, t


def v01_flood_ecc_one_gpu(rng):
    b = Bundle()
    hosts = ["gpu-a014", "gpu-a015", "gpu-a021", "gpu-a022"]
    job = Job(rng, hosts, subnet="10.31")
    t0 = T("2024-03-12 08:40:02.310000")
    bad_n, bad_l = 2, 5
    bad_r = job.rank(bad_n, bad_l)
    tf = T("2024-03-12 09:12:43.512000")
    seq = 48211
    for n, h in enumerate(hosts):
        lines = [
            "+ torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-a014:29400 train.py --config cfg/7b.yaml",
            "W%s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default"
            % (glog(t0, "W")[1:], job.agent_pid[n]),
        ]
        lines += prefixed("[rank%d]:" % job.rank(n, 0), job.nccl_init(n)[:3])
        if n == 0:
            st, _ = _steps(
                rng,
                t0 + sec(60),
                3900,
                4080,
                20,
                0.51,
                2.41,
                lambda t, s, l: (
                    "[rank0]:%s INFO trainer.py:311 step=%d loss=%.4f lr=2.95e-04 tok/s/gpu=3512"
                    % (pylog(t), s, l)
                ),
            )
            lines += [l for _, l in st]
        if n == bad_n:
            lines += prefixed(
                "[rank%d]:" % bad_r,
                py_tb(
                    [
                        ("/workspace/train.py", 402, "<module>", "main(cfg)"),
                        ("/workspace/train.py", 377, "main", "loss = step(model, batch, opt)"),
                        ("/workspace/train.py", 241, "step", "scaler.scale(loss).backward()"),
                        (
                            "/usr/local/lib/python3.10/dist-packages/torch/_tensor.py",
                            581,
                            "backward",
                            "torch.autograd.backward(",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py",
                            825,
                            "_engine_run_backward",
                            "return Variable._execution_engine.run_backward(",
                        ),
                    ],
                    [
                        "RuntimeError: CUDA error: uncorrectable ECC error encountered",
                        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                    ],
                ),
            )
            lines += job.elastic_failure(n, tf + sec(3.2), [(bad_r, bad_l, 1, tf, None)])
        else:
            tw = tf + sec(600 + rng.uniform(0.4, 2.5))
            for l in range(job.gpus):
                lines += job.watchdog(
                    job.rank(n, l), tw + sec(rng.uniform(0, 0.05)), seq, numel=67108864
                )
            fl = [
                (job.rank(n, l), l, -6, tw + sec(1), sigtb(job.pid(n, l), 6))
                for l in range(job.gpus)
            ]
            lines += job.elastic_failure(n, tw + sec(4), fl)
        b.add("%s/console.log" % h, lines)
        boot = T("2024-03-01 06:12:00")
        km = kernel_noise(rng, T("2024-03-12 08:00:00"), T("2024-03-12 09:30:00"), dmesg_T, 6)
        if n == bad_n:
            pci = job.busid(bad_l).lower()
            km += [
                "%s NVRM: Xid (PCI:0000:%s:00): 48, pid=%d, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0."
                % (dmesg_T(tf - sec(0.4)), pci, job.pid(n, bad_l)),
                "%s NVRM: Xid (PCI:0000:%s:00): 63, pid=%d, name=python3, Row Remapper: New row (0x000000000b3c9a10) marked for remapping, reset gpu to activate."
                % (dmesg_T(tf - sec(0.3)), pci, job.pid(n, bad_l)),
                "%s NVRM: Xid (PCI:0000:%s:00): 94, pid=%d, name=python3, Contained: SM (0x1). RST: No, D-RST: No"
                % (dmesg_T(tf - sec(0.2)), pci, job.pid(n, bad_l)),
            ]
        if n == 1:
            km += [
                "%s NVRM: Xid (PCI:0000:3a:00): 92, pid='<unknown>', name=<unknown>, High single-bit ECC error rate"
                % dmesg_T(T("2024-03-12 08:21:07"))
            ]
        b.add("%s/dmesg_T.txt" % h, sorted(km, key=lambda s: s[:27]))
    b.add(
        "gpu-a015/nvidia-smi-q.txt",
        smi_q(
            "gpu-a015",
            T("2024-03-12 09:40:00"),
            override={2: {"sram_corr": 14, "dram_corr": 3}},
            uuid_seed=15,
        ),
    )
    b.add(
        "gpu-a021/nvidia-smi-q.txt",
        smi_q(
            "gpu-a021",
            T("2024-03-12 09:40:00"),
            override={5: {"dram_unc": 2, "remap_unc": 1, "remap_pending": "Yes"}},
            uuid_seed=21,
        ),
    )
    b.set_label(
        "gpu_memory",
        "infrastructure",
        "restart_without_node",
        "Rank 21 (gpu-a021 GPU 5) died first with 'uncorrectable ECC error'; its dmesg has Xid 48 DBE and a pending row remap "
        "on the same PCI bus. All 24 ranks on the other nodes only time out 10 minutes later. The corrected-ECC Xid 92 on gpu-a015 is noise.",
        "https://github.com/vllm-project/vllm/issues/5222",
        node="gpu-a021",
        rank=bad_r,
    )
    return b


def v02_flood_nan_after_spike(rng):
    """Megatron over srun -l; one rank asserts NaN grad norm after a visible loss spike on all ranks."""
    b = Bundle()
    hosts = ["nid%06d" % x for x in (1040, 1041, 1044, 1045, 1102, 1103, 1104, 1107)]
    job = Job(rng, hosts, gpus=4, subnet="10.100", iface="hsn0")
    t0 = T("2024-09-03 14:02:11.000000")
    bad_r = 27
    bad_n = job.node_of(bad_r)
    lines_all = []
    t = t0
    it_lines = []
    lr = 6.0e-4
    for it in range(2990, 3141, 10):
        t = t + sec(10 * 1.62 * rng.uniform(0.98, 1.02))
        loss = 2.35 - (it - 2990) * 0.0002
        gn = 0.3 + rng.uniform(0, 0.05)
        scale = None
        if it >= 3110:
            loss = 2.9 + (it - 3110) * 0.6
            gn = 14.0 * (it - 3100)
        it_lines.append(
            (t, megatron_iter(it, 50000, 1620 + rng.uniform(-20, 20), loss, lr, gbs=512, gnorm=gn))
        )
    tf = t + sec(3.4)
    for n, h in enumerate(hosts):
        idx = n  # srun task id
        pre = "%d: " % idx
        lines = []
        if n == len(hosts) - 1:  # megatron prints from last rank
            lines += [pre + l for _, l in it_lines]
        for l in range(job.gpus):
            r = job.rank(n, l)
            if r == bad_r:
                lines += prefixed(
                    pre + "[rank%d]: " % r,
                    py_tb(
                        [
                            ("/opt/megatron/pretrain_gpt.py", 288, "<module>", "pretrain("),
                            (
                                "/opt/megatron/megatron/training/training.py",
                                391,
                                "pretrain",
                                "iteration, num_floating_point_operations_so_far = train(",
                            ),
                            (
                                "/opt/megatron/megatron/training/training.py",
                                1461,
                                "train",
                                "train_step(forward_step_func,",
                            ),
                            (
                                "/opt/megatron/megatron/core/distributed/param_and_grad_buffer.py",
                                129,
                                "check_for_nan_in_grad",
                                "assert not norm_is_nan, (",
                            ),
                        ],
                        "AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s"
                        % (bad_r, bad_r % 4, h),
                    ),
                )
        if n != bad_n:
            tw = tf + sec(1800 + rng.uniform(0.5, 3))
            for l in range(job.gpus):
                lines += prefixed(
                    pre,
                    job.watchdog(
                        job.rank(n, l),
                        tw,
                        90512,
                        op="_REDUCE_SCATTER_BASE",
                        numel=113246208,
                        timeout_ms=1800000,
                        style="2.1",
                    ),
                )
        lines.append(
            pre
            + "srun: error: %s: task %d: %s"
            % (h, idx, "Exited with exit code 1" if n == bad_n else "Aborted (core dumped)")
        )
        b.add("%s/slurm-812233.out" % h, lines)
    b.add(
        "batch/sbatch.log",
        [
            "srun: Job 812233 step creation temporarily disabled, retrying (Requested nodes are busy)",
            "srun: Step created for StepId=812233.0",
            "srun: error: nid001103: task 5: Exited with exit code 1",
            "srun: launch/slurm: _step_signal: Terminating StepId=812233.0",
            "slurmstepd: error: *** STEP 812233.0 ON nid001040 CANCELLED AT %s ***"
            % (tf + sec(1805)).strftime("%Y-%m-%dT%H:%M:%S"),
        ],
    )
    b.set_label(
        "numerical",
        "script",
        "stop",
        "Loss and grad norm blow up on the shared training log (iterations 3110-3140) before rank 27 asserts NaN in its local grad norm; "
        "the 28 other ranks only report watchdog timeouts 30 minutes later. A divergence at lr 6e-4 is a recipe problem, not a node fault.",
        "https://github.com/alibaba/Pai-Megatron-Patch/issues/366",
    )
    return b


def v03_flood_host_oom_stale_procs(rng):
    """DeepSpeed via pdsh; one rank SIGKILLed by the kernel OOM killer because a stale job holds host RAM."""
    b = Bundle()
    hosts = ["trn-h100-%02d" % i for i in (3, 4, 7, 9, 12, 13)]
    job = Job(rng, hosts, subnet="172.20")
    bad_n, bad_l = 3, 2
    bad_r = job.rank(bad_n, bad_l)
    t0 = T("2024-05-19 22:10:00")
    tf = T("2024-05-19 23:47:31.220000")
    boot = T("2024-05-02 11:03:12")
    lines = []
    for n, h in enumerate(hosts):
        p = "%s: " % h
        lines.append(
            (
                t0,
                p
                + "[%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {%s}"
                % (
                    pylog(t0)[:-4].replace(",", " "),
                    ", ".join("'%s': [0, 1, 2, 3, 4, 5, 6, 7]" % x for x in hosts),
                ),
            )
        )
        lines.append(
            (
                t0 + sec(1),
                p
                + "[%s] [INFO] [launch.py:164:main] nnodes=6, num_local_procs=8, node_rank=%d"
                % (pylog(t0 + sec(1)), n),
            )
        )
        if n == bad_n:
            lines.append(
                (
                    tf + sec(2.0),
                    p
                    + "[%s] [INFO] [launch.py:315:sigkill_handler] Killing subprocess %d"
                    % (pylog(tf + sec(2)), job.pid(n, 0)),
                )
            )
            lines.append(
                (
                    tf + sec(2.1),
                    p
                    + "[%s] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train_sft.py', '--local_rank=%d', '--deepspeed', 'ds_z3.json'] exits with return code = -9"
                    % (pylog(tf + sec(2.1)), bad_l),
                )
            )
        else:
            tw = tf + sec(1800 + rng.uniform(1, 4))
            for l in range(job.gpus):
                for x in job.watchdog(
                    job.rank(n, l),
                    tw,
                    221873,
                    op="_ALLGATHER_BASE",
                    numel=262144000,
                    timeout_ms=1800000,
                    style="2.1",
                    prefix=False,
                ):
                    lines.append((tw, p + x))
            lines.append(
                (
                    tw + sec(5),
                    p
                    + "[%s] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train_sft.py', '--local_rank=0', '--deepspeed', 'ds_z3.json'] exits with return code = -6"
                    % pylog(tw + sec(5)),
                )
            )
    for s in range(100, 1700, 100):
        tt = t0 + sec(s * 3.5)
        lines.append(
            (
                tt,
                "%s: {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': 1.9e-05, 'epoch': %.2f}"
                % (hosts[0], 1.4 - s * 0.0002, 0.8, s / 3000),
            )
        )
    b.add("launcher/pdsh_deepspeed.log", merge_sorted(lines))
    for n, h in enumerate(hosts):
        km = kernel_noise(
            rng, T("2024-05-19 21:00:00"), T("2024-05-20 00:20:00"), lambda t: dmesg_up(t, boot), 5
        )
        if n == bad_n:
            victim = job.pid(n, bad_l)
            km += [
                "%s python invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"
                % dmesg_up(tf - sec(0.9), boot),
                "%s Mem-Info:" % dmesg_up(tf - sec(0.8), boot),
                "%s [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"
                % dmesg_up(tf - sec(0.8), boot),
                "%s [ %6d]  1000 %6d 98311220 61244110 512311296        0             0 python"
                % (dmesg_up(tf - sec(0.8), boot), 41877, 41877),
                "%s [ %6d]  1000 %6d 98022115 60991203 510884864        0             0 python"
                % (dmesg_up(tf - sec(0.8), boot), 41878, 41878),
                "%s [ %6d]  1000 %6d 41233108 19922120 180224000        0             0 python"
                % (dmesg_up(tf - sec(0.8), boot), victim, victim),
                "%s oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-1000.slice/session-88.scope,task=python,pid=%d,uid=1000"
                % (dmesg_up(tf - sec(0.1), boot), victim),
                "%s Out of memory: Killed process %d (python) total-vm:164932432kB, anon-rss:79688480kB, file-rss:102400kB, shmem-rss:0kB, UID:1000 pgtables:180224kB oom_score_adj:0"
                % (dmesg_up(tf, boot), victim),
            ]
        b.add("%s/dmesg.txt" % h, sorted(km, key=lambda s: float(s[1 : s.index("]")])))
    b.add(
        "%s/ps_aux.txt" % hosts[bad_n],
        [
            "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
            "svc-ml     41877 99.8 23.4 393244880 244976440 ?  Rl   May18 1710:02 python -u train_sft.py --local_rank=0 --deepspeed ds_z3.json   (slurm job 77120, ended May18)",
            "svc-ml     41878 99.7 23.3 392088460 243964812 ?  Rl   May18 1709:41 python -u train_sft.py --local_rank=1 --deepspeed ds_z3.json   (slurm job 77120, ended May18)",
            "root        2211  0.1  0.0 1204412 31080 ?        Ssl  May02  12:44 /usr/bin/containerd",
        ]
        + [
            "svc-ml     %d 99.1  7.9 164932432 79688480 ?     Rl   22:10 97:12 python -u train_sft.py --local_rank=%d --deepspeed ds_z3.json"
            % (job.pid(bad_n, l), l)
            for l in range(job.gpus)
            if l != bad_l
        ],
    )
    b.add(
        "%s/free_m.txt" % hosts[bad_n],
        [
            "               total        used        free      shared  buff/cache   available",
            "Mem:         1031710     1019880        2210         112        9620        4871",
            "Swap:              0           0           0",
        ],
    )
    b.add(
        "%s/free_m.txt" % hosts[0],
        [
            "               total        used        free      shared  buff/cache   available",
            "Mem:         1031710      561204      301877         116      168629      462112",
            "Swap:              0           0           0",
        ],
    )
    b.set_label(
        "host",
        "infrastructure",
        "restart_without_node",
        "Rank %d on %s is SIGKILLed (-9) by the global OOM killer; ps shows two python processes left over from an earlier job "
        "holding ~480 GB there, while other nodes have half their RAM free. Everyone else only times out on the allgather later."
        % (bad_r, hosts[bad_n]),
        "https://github.com/pytorch/pytorch/issues/8976",
        node=hosts[bad_n],
        rank=bad_r,
    )
    return b


def v04_flood_fell_off_bus_k8s(rng):
    """PyTorchJob on Kubernetes, torch 1.13 style messages without timestamps; Xid 79 on one worker's node."""
    b = Bundle()
    pods = ["llm-ft-master-0", "llm-ft-worker-0", "llm-ft-worker-1", "llm-ft-worker-2"]
    nodes = [
        "aks-gpupool-31733245-vmss00000a",
        "aks-gpupool-31733245-vmss000003",
        "aks-gpupool-31733245-vmss00000f",
        "aks-gpupool-31733245-vmss000007",
    ]
    job = Job(rng, pods, subnet="10.244", iface="eth0")
    bad_n, bad_l = 2, 3
    t0 = T("2023-06-14 03:20:00")
    tf = T("2023-06-14 05:51:09.700000")
    for n, pod in enumerate(pods):
        lines = [
            "INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:",
            "INFO:torch.distributed.launcher.api:  entrypoint       : finetune.py",
            "INFO:torch.distributed.launcher.api:  nnodes           : 4:4",
            "INFO:torch.distributed.launcher.api:  nproc_per_node   : 8",
        ]
        lines += [
            "%s NCCL INFO Bootstrap : Using eth0:%s<0>"
            % ("%s:%d:%d [0]" % (pod, job.pid(n, 0), job.pid(n, 0)), job.ips[n])
        ]
        if n == 0:
            lines += [
                "Epoch 2:  41%%|####      | %d/5120 [1:%02d:11<1:31:0%d,  1.13it/s, loss=0.%d]"
                % (2100 + i * 5, 10 + i, i, 811 - i)
                for i in range(5)
            ]
        if n == bad_n:
            lines += [
                "Traceback (most recent call last):",
                '  File "/app/finetune.py", line 212, in <module>',
                "    trainer.train()",
                '  File "/opt/conda/lib/python3.9/site-packages/torch/nn/parallel/distributed.py", line 1040, in forward',
                "    output = self._run_ddp_forward(*inputs, **kwargs)",
                "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1269, unhandled cuda error, NCCL version 2.14.3",
                "ncclUnhandledCudaError: Call to CUDA function failed.",
                "Last error:",
                "Cuda failure 'unknown error'",
                "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process %d closing signal SIGTERM"
                % job.pid(n, 0),
            ]
            lines += job.elastic_failure(
                n,
                tf,
                [(job.rank(n, bad_l), bad_l, 1, tf, None)],
                script="finetune.py",
                style="1.13",
            )
        else:
            for l in range(job.gpus):
                lines += job.watchdog(job.rank(n, l), tf, 771204, timeout_ms=1800000, style="1.13")
            lines += job.elastic_failure(
                n,
                tf + sec(1800),
                [
                    (job.rank(n, l), l, -6, tf + sec(1800), sigtb(job.pid(n, l), 6))
                    for l in range(job.gpus)
                ],
                script="finetune.py",
                style="1.13",
            )
        b.add("%s/kubectl_logs_%s.txt" % (nodes[n], pod), lines)
    b.add(
        "cluster/kubectl_get_events.txt",
        [
            "LAST SEEN   TYPE      REASON            OBJECT                 MESSAGE",
            "58m         Warning   BackOff           pod/llm-ft-worker-1    Back-off restarting failed container",
            "58m         Normal    Killing           pod/llm-ft-worker-1    Stopping container pytorch",
            "31m         Warning   Failed            pytorchjob/llm-ft      PyTorchJob llm-ft is failed because 1 Worker replica(s) failed.",
            "12m         Warning   NodeNotReady      node/%s   Node is not ready" % nodes[bad_n],
        ],
    )
    boot = T("2023-06-09 17:45:00")
    pci = job.busid(bad_l).lower()
    km = kernel_noise(
        rng, T("2023-06-14 04:00:00"), T("2023-06-14 06:10:00"), lambda t: dmesg_up(t, boot), 6
    )
    km += [
        "%s NVRM: GPU at PCI:0000:%s:00: GPU-7e1fa0c2-88d3-1b34-0c6e-3d21a9a4c771"
        % (dmesg_up(tf - sec(2.2), boot), pci),
        "%s NVRM: GPU Board Serial Number: 1652021044178" % dmesg_up(tf - sec(2.2), boot),
        "%s NVRM: Xid (PCI:0000:%s:00): 79, pid=%d, GPU has fallen off the bus."
        % (dmesg_up(tf - sec(2.1), boot), pci, job.pid(bad_n, bad_l)),
        "%s NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus."
        % (dmesg_up(tf - sec(2.1), boot), pci),
        "%s pcieport 0000:%s:00.0: AER: Uncorrected (Fatal) error received: 0000:%s:00.0"
        % (dmesg_up(tf - sec(2.3), boot), "a8", "a8"),
    ]
    b.add("%s/dmesg.txt" % nodes[bad_n], sorted(km, key=lambda s: float(s[1 : s.index("]")])))
    for n in (0, 1, 3):
        b.add(
            "%s/dmesg.txt" % nodes[n],
            sorted(
                kernel_noise(
                    rng,
                    T("2023-06-14 04:00:00"),
                    T("2023-06-14 06:10:00"),
                    lambda t: dmesg_up(t, boot),
                    5,
                ),
                key=lambda s: float(s[1 : s.index("]")]),
            ),
        )
    b.add(
        "%s/nvidia-smi.txt" % nodes[bad_n],
        [
            "Unable to determine the device handle for GPU0000:%s:00.0: Unknown Error"
            % pci.upper(),
            "No devices were found",
        ],
    )
    b.set_label(
        "gpu_hardware",
        "infrastructure",
        "restart_without_node",
        "Pod llm-ft-worker-1 (rank %d, GPU %d) fails first with 'unhandled cuda error ... unknown error' and its node "
        "logs Xid 79 'fallen off the bus' at the same moment; nvidia-smi can no longer see the GPU. The other 24 ranks time out 30 min later."
        % (job.rank(bad_n, bad_l), bad_l),
        "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507",
        node=nodes[bad_n],
        rank=job.rank(bad_n, bad_l),
    )
    return b


def v05_flood_user_exception_mid_rank(rng):
    """torchrun 2.x per-rank log files; rank 19 raises a KeyError in its collate function."""
    b = Bundle()
    hosts = ["a100-node-%d" % i for i in (1, 2, 3, 4)]
    job = Job(rng, hosts, subnet="192.168")
    bad_n, bad_l = 2, 3
    bad_r = job.rank(bad_n, bad_l)
    tf = T("2024-11-02 17:44:05.881000")
    for n, h in enumerate(hosts):
        for l in range(job.gpus):
            r = job.rank(n, l)
            lines = [
                "%s INFO [rank %d] world_size=%d local_rank=%d device=cuda:%d"
                % (pylog(T("2024-11-02 16:58:01")), r, job.world, l, l)
            ]
            if r == bad_r:
                lines += [
                    "%s INFO [rank %d] epoch 3 step 1830 loss 1.0881" % (pylog(tf - sec(4)), r),
                    "%s ERROR [rank %d] uncaught exception in training loop" % (pylog(tf), r),
                ]
                lines += py_tb(
                    [
                        (
                            "/home/mlops/proj/train.py",
                            188,
                            "train_epoch",
                            "for i, batch in enumerate(loader):",
                        ),
                        (
                            "/opt/venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py",
                            701,
                            "__next__",
                            "data = self._next_data()",
                        ),
                        (
                            "/opt/venv/lib/python3.11/site-packages/torch/utils/data/_utils/fetch.py",
                            55,
                            "fetch",
                            "return self.collate_fn(data)",
                        ),
                        (
                            "/home/mlops/proj/data/collate.py",
                            47,
                            "pad_collate",
                            "lengths = [s['input_ids_len'] for s in samples]",
                        ),
                    ],
                    "KeyError: 'input_ids_len'",
                )
            elif n == bad_n:
                lines += [
                    "%s INFO [rank %d] epoch 3 step 1830 loss %.4f"
                    % (pylog(tf - sec(4)), r, 1.05 + rng.random() / 10)
                ]
            else:
                tw = tf + sec(600 + rng.uniform(0.2, 1.5))
                lines += [
                    "%s INFO [rank %d] epoch 3 step 1830 loss %.4f"
                    % (pylog(tf - sec(4)), r, 1.05 + rng.random() / 10)
                ]
                lines += job.watchdog(r, tw, 22051, numel=1, prefix=False)
            b.add("%s/logs/rank_%02d.log" % (h, r), lines)
        ag = []
        if n == bad_n:
            ag = job.elastic_failure(n, tf + sec(1.5), [(bad_r, bad_l, 1, tf + sec(0.3), None)])
        else:
            tw = tf + sec(602)
            ag = job.elastic_failure(
                n,
                tw,
                [
                    (job.rank(n, l), l, -6, tw, sigtb(job.pid(n, l), 6))
                    for l in (0, 4, 1, 7, 2, 3, 5, 6)
                ],
            )
        b.add("%s/torchrun.log" % h, ag)
    b.set_label(
        "user_code",
        "script",
        "stop",
        "Rank %d raises KeyError 'input_ids_len' in the user's collate function at 17:44:05; every other rank either gets "
        "SIGTERM from its agent or aborts on a watchdog timeout ten minutes later. The first failure is a bug in the data pipeline."
        % bad_r,
        "https://github.com/pytorch/pytorch/issues/118369",
    )
    return b


CASES = [
    v01_flood_ecc_one_gpu,
    v02_flood_nan_after_spike,
    v03_flood_host_oom_stale_procs,
    v04_flood_fell_off_bus_k8s,
    v05_flood_user_exception_mid_rank,
]
