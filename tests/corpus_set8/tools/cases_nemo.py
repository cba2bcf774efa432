"""x06-x10: NeMo / PyTorch Lightning."""

from common import *


def _pl_header(rank, world, local, nodes):
    return [
        f"Initializing distributed: GLOBAL_RANK: {rank}, MEMBER: {rank + 1}/{world}",
        f"LOCAL_RANK: {local} - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
    ]


def _pl_step(t, step, total, loss, rate):
    return f"Epoch 0:  {100 * step // total:3d}%|{'█' * (step * 20 // total):<20}| {step}/{total} [{step // 60:02d}:{step % 60:02d}<{(total - step) // 60:02d}:00, {rate:.2f}it/s, v_num=3, reduced_train_loss={loss:.3f}, global_step={step - 1}.0, consumed_samples={step * 512}.0, train_step_timing in s={1 / rate:.3f}]"


def x06_nemo_hydra_override_typo(rng):
    b = Bundle()
    hosts = ["gpu-p5-101", "gpu-p5-117"]
    job = Job(hosts)
    t0 = T(2024, 8, 20, 16, 5, 0)
    for h in hosts:
        lines = [
            f"{py_ts(t0)} - INFO - Launching megatron_gpt_pretraining.py with overrides: trainer.num_nodes=2 model.micro_batch_sizee=2 model.global_batch_size=256"
        ]
        for r in job.ranks(h):
            lines += [
                f"{r}: [NeMo W {t0.strftime('%Y-%m-%d %H:%M:%S')} nemo_logging:349] /usr/local/lib/python3.10/dist-packages/hydra/_internal/hydra.py:119: UserWarning: Future Hydra versions will no longer change working directory at job runtime by default.",
                f"{r}: Error merging override model.micro_batch_sizee=2",
                f"{r}: Could not override 'model.micro_batch_sizee'.",
                f"{r}: To append to your config use +model.micro_batch_sizee=2",
                f"{r}: Key 'micro_batch_sizee' is not in struct",
                f"{r}:     full_key: model.micro_batch_sizee",
                f"{r}:     object_type=dict",
                f"{r}: ",
                f"{r}: Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.",
            ]
        lines += [
            f"srun: error: {h}: tasks {job.ranks(h)[0]}-{job.ranks(h)[-1]}: Exited with exit code 1"
        ]
        b.add(h, "nemo_console.log", lines)
        b.add(h, "journal.txt", kernel_noise(rng, h, add(t0, -300), 5))
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Every rank exits within seconds of launch because the Hydra override has a typo (micro_batch_sizee), so "
        "the key is not in the struct config. Nothing ran. Fix the command line; a restart would fail the same way.",
        "https://github.com/NVIDIA-NeMo/Speech/issues/4451",
    )
    return b


def x07_lightning_oom_longer_seq(rng):
    b = Bundle()
    hosts = ["trn-a-003", "trn-a-004"]
    job = Job(hosts)
    t0 = T(2025, 1, 14, 9, 30, 0)
    for h in hosts:
        lines = []
        for r in job.ranks(h):
            lines += _pl_header(r, job.world, job.local(r), 2)
        if h == hosts[0]:
            lines += [
                "----------------------------------------------------------------------------------------------------",
                "distributed_backend=nccl",
                "All distributed processes registered. Starting with 16 processes",
                "----------------------------------------------------------------------------------------------------",
                "  | Name  | Type             | Params | Mode ",
                "0 | model | LlamaForCausalLM | 7.2 B  | train",
                "hparams: {'seq_len': 16384, 'micro_batch_size': 4, 'activation_checkpointing': False, 'precision': 'bf16-mixed'}",
                "Epoch 0:   0%|          | 0/9000 [00:00<?, ?it/s]",
            ]
        for r in job.ranks(h):
            free = round(rng.uniform(1.1, 3.9), 2)
            lines += pfx(
                f"[rank{r}]: ",
                py_tb(
                    [
                        (
                            "/workspace/train.py",
                            142,
                            "<module>",
                            "trainer.fit(model, datamodule=dm)",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/lightning/pytorch/trainer/trainer.py",
                            538,
                            "fit",
                            "call._call_and_handle_interrupt(",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/lightning/pytorch/loops/optimization/automatic.py",
                            318,
                            "_training_step",
                            'training_step_output = call._call_strategy_hook(trainer, "training_step", *kwargs.values())',
                        ),
                        (
                            "/workspace/model.py",
                            88,
                            "training_step",
                            "logits = self.model(batch['input_ids']).logits",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/transformers/models/llama/modeling_llama.py",
                            1190,
                            "forward",
                            "logits = logits.float()",
                        ),
                    ],
                    f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.81 GiB. GPU {job.local(r)} has a total capacity of 79.11 GiB of which {free} GiB is free. Including non-PyTorch memory, this process has {79.11 - free:.2f} GiB memory in use. Of the allocated memory 71.02 GiB is allocated by PyTorch, and 3.40 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.",
                ),
            )
        lines += elastic_summary(
            add(t0, 140), h, "train.py", [(r, job.local(r), 1, 31000 + r) for r in job.ranks(h)]
        )
        b.add(h, "lightning.log", lines)
    b.add(hosts[1], "dmesg.txt", kernel_noise(rng, hosts[1], t0, 6, style="uptime"))
    b.label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "All 16 ranks run out of CUDA memory on the first forward pass (logits upcast). The run uses seq_len 16384 with "
        "micro batch 4 and no activation checkpointing. The memory demand is the same on every rank, so restarting will "
        "not help. Shrink the batch or enable checkpointing.",
        "https://github.com/Lightning-AI/pytorch-lightning/issues/7817",
    )
    return b


def x08_nemo_nvlink_xid74(rng):
    b = Bundle()
    hosts = ["dgxh-0412", "dgxh-0413", "dgxh-0420", "dgxh-0421"]
    job = Job(hosts)
    bh = hosts[2]
    t0 = T(2024, 7, 1, 0, 0, 10)
    fail = add(t0, 12030)
    for h in hosts:
        lines = []
        if h == hosts[0]:
            tt = add(t0, 100)
            for s in range(100, 2400, 100):
                lines.append(_pl_step(tt, s, 20000, 2.4 - s / 10000, 0.19 + rng.random() * 0.01))
                tt = add(tt, 520)
        for r in job.ranks(h):
            if h == bh and job.local(r) in (2, 3):
                lines += [
                    f"{h}:{60000 + r}:{60300 + r} [{job.local(r)}] transport/p2p.cc:275 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'",
                    f"{h}:{60000 + r}:{60300 + r} [{job.local(r)}] NCCL INFO transport/p2p.cc:327 -> 1",
                ]
                lines += pfx(
                    f"[rank{r}]: ",
                    [
                        "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
                        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                    ],
                )
            else:
                lines += watchdog_v2(
                    r,
                    51230,
                    "_REDUCE_SCATTER_BASE",
                    600000,
                    600000 + rng.randint(10, 99),
                    add(fail, 601 + rng.random()),
                    numel=(262144000, 8192000),
                )
        fl = [(r, job.local(r), -6, 60000 + r) for r in job.ranks(h)]
        if h == bh:
            fl = [
                (r, job.local(r), 1, 60000 + r) for r in job.ranks(h) if job.local(r) in (2, 3)
            ] + [f for f in fl if f[1] not in (2, 3)]
        lines += elastic_summary(add(fail, 605), h, "megatron_gpt_pretraining.py", fl)
        b.add(h, "nemo_log_globalrank-%d.txt" % job.ranks(h)[0], lines)
        b.add(h, "dmesg.txt", kernel_noise(rng, h, t0, 3, style="dmesgT"))
    b.add(
        bh,
        "dmesg.txt",
        [
            f"{dmesg_T(add(fail, -2))} NVRM: Xid (PCI:0000:3a:00): 74, pid={60000 + job.ranks(bh)[2]}, name=python3, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
            f"{dmesg_T(add(fail, -2))} NVRM: Xid (PCI:0000:3a:00): 45, pid={60000 + job.ranks(bh)[2]}, name=python3, Ch 00000008",
            f"{dmesg_T(add(fail, -1))} NVRM: Xid (PCI:0000:5d:00): 45, pid={60000 + job.ranks(bh)[3]}, name=python3, Ch 00000008",
        ],
    )
    b.add(
        bh,
        "nvlink-errors.txt",
        ["$ nvidia-smi nvlink -e -i 2"]
        + [
            f"GPU 2: NVIDIA H100 80GB HBM3\n\t Link {i}: Replay Errors: {rng.randint(1800, 5000) if i == 11 else 0}\n\t Link {i}: Recovery Errors: {7 if i == 11 else 0}\n\t Link {i}: CRC Errors: {rng.randint(100, 900) if i == 11 else 0}"
            for i in range(0, 18, 1)
        ],
    )
    b.add(
        bh,
        "fabricmanager.log",
        [
            f"[{add(fail, -2).strftime('%b %d %Y %H:%M:%S')}] [ERROR] [tid 3120] detected NVSwitch fatal error 20034 on NVSwitch pci bus id 00000000:86:00.0 physical id 2 port 37"
        ],
    )
    b.label(
        "nvlink",
        "infrastructure",
        bh,
        None,
        "restart_without_node",
        "Ranks on GPUs 2 and 3 of dgxh-0420 fail with an uncorrectable NVLink error. The kernel logs Xid 74 on link 11 of "
        "GPU 2, nvlink counters show thousands of replay and CRC errors on that link, and fabric manager reports an "
        "NVSwitch fatal error. The other nodes only time out. The node's NVLink fabric is faulty, so resume without it.",
        "https://github.com/pytorch/pytorch/issues/58155",
    )
    return b


def x09_nemo_ft_heartbeat_gsp(rng):
    b = Bundle()
    hosts = [f"h100-{n}" for n in ("c1", "c2", "c3", "c4")]
    job = Job(hosts)
    bad = 21
    bh = job.host_of(bad)
    for att, t0, step in ((0, T(2025, 3, 2, 4, 0, 0), 3120), (1, T(2025, 3, 2, 6, 41, 0), 3340)):
        hang = add(t0, 4800 if att == 0 else 1500)
        for h in hosts:
            lines = [
                f"[NeMo I {t0.strftime('%Y-%m-%d %H:%M:%S')} exp_manager:396] Experiments will be logged at /results/llama3-70b/2025-03-02_04-00-00",
                f"[NeMo I {t0.strftime('%Y-%m-%d %H:%M:%S')} fault_tolerance_callback:112] FT: initialized, rank heartbeat timeout 600.0s, initial timeout 1800.0s",
            ]
            if att == 1:
                lines.append(
                    f"[NeMo I {t0.strftime('%Y-%m-%d %H:%M:%S')} nemo_logging:381] Restoring states from a checkpoint path at /results/llama3-70b/checkpoints/step=3000-last.ckpt"
                )
            if h == hosts[0]:
                tt = add(t0, 300)
                for s in range(step - 100, step, 20):
                    lines.append(_pl_step(tt, s, 20000, 1.9 - s / 40000, 0.11))
                    tt = add(tt, 180)
            lines.append(
                f"[{py_ts(add(hang, 600))}] [ERROR] [ft_launcher@{h}] [RankMonitorServer] rank {bad}: did not get subsequent heartbeat. Waited 600.00 seconds."
                if h == bh
                else f"[{py_ts(add(hang, 602))}] [INFO] [ft_launcher@{h}] workers on this node are healthy; restart requested by rendezvous"
            )
            lines.append(
                f"[{py_ts(add(hang, 605))}] [WARNING] [ft_launcher@{h}] Stopping workers... Timeout = 30 sec"
            )
            if att == 0:
                lines.append(
                    f"[{py_ts(add(hang, 660))}] [INFO] [ft_launcher@{h}] [default] Rendezvous complete for workers; restart 1/3 in-job"
                )
            else:
                lines.append(
                    f"[{py_ts(add(hang, 660))}] [ERROR] [ft_launcher@{h}] rank {bad} missed heartbeats again; node {bh} excluded, not enough nodes for min_nodes=4, giving up"
                )
            b.add(h, "ft_launcher.log", lines, attempt=att)
            b.add(h, "syslog", kernel_noise(rng, h, t0, 3), attempt=att)
        b.add(
            bh,
            "syslog",
            [
                f"{syslog(add(hang, -3), bh, 'kernel')} NVRM: Xid (PCI:0000:ab:00): 119, pid={71000 + att * 500 + bad}, name=pt_main_thread, Timeout after 6s of waiting for RPC response from GPU5 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20801348 0x4).",
                f"{syslog(add(hang, 3), bh, 'kernel')} NVRM: GPU5 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020801348 0x0000000000000004.",
            ],
            attempt=att,
        )
    b.label(
        "gpu_hardware",
        "infrastructure",
        bh,
        bad,
        "restart_without_node",
        "In both attempts the fault-tolerance rank monitor loses the heartbeat of rank 21, and both times h100-c3 logs "
        "Xid 119 (GSP RPC timeout) on GPU 5 just before. The in-job restart lands on the same GPU and hangs again. "
        "The GPU/GSP is broken, so exclude the node.",
        "https://github.com/NVIDIA/nvidia-resiliency-ext/pull/58",
    )
    return b


def x10_lightning_dataloader_host_oom(rng):
    b = Bundle()
    hosts = ["ml-node-21", "ml-node-22", "ml-node-23"]
    job = Job(hosts)
    vic = hosts[1]
    t0 = T(2024, 12, 5, 18, 0, 0)
    fail = add(t0, 3600 * 2 + 1234)
    wpid = 48211
    for h in hosts:
        lines = []
        for r in job.ranks(h):
            lines += _pl_header(r, job.world, job.local(r), 3)
        if h == hosts[0]:
            lines += [
                "hparams: {'num_workers': 16, 'dataset': 'InMemoryShardDataset', 'preload_shards': True, 'persistent_workers': True}"
            ]
            tt = t0
            for s in range(200, 3400, 200):
                lines.append(_pl_step(tt, s, 40000, 3.1 - s / 5000, 0.42))
                tt = add(tt, 470)
        if h == vic:
            r = job.ranks(h)[5]
            lines += pfx(
                f"[rank{r}]: ",
                py_tb(
                    [
                        (
                            "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py",
                            1133,
                            "_try_get_data",
                            "data = self._data_queue.get(timeout=timeout)",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py",
                            66,
                            "handler",
                            "_error_if_any_worker_fails()",
                        ),
                    ],
                    f"RuntimeError: DataLoader worker (pid {wpid}) is killed by signal: Killed.",
                ),
            )
        for r in job.ranks(h):
            if h == vic and job.local(r) == 5:
                continue
            lines += watchdog_v2(
                r,
                40411,
                "ALLREDUCE",
                1800000,
                1800000 + rng.randint(1, 50),
                add(fail, 1800 + rng.random()),
            )
        b.add(h, "train.log", lines)
        free = [
            "               total        used        free      shared  buff/cache   available",
            f"Mem:           2015Gi      {rng.randint(1890, 1960)}Gi       {rng.randint(8, 30)}Gi       310Gi        40Gi        {rng.randint(9, 40)}Gi",
            "Swap:             0B          0B          0B",
        ]
        b.add(h, "free-g.txt", free)
    b.add(
        vic,
        "dmesg.txt",
        kernel_noise(rng, vic, t0, 3, style="dmesgT")
        + [
            f"{dmesg_T(add(fail, -1))} pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
            f"{dmesg_T(add(fail, -1))} Out of memory: Killed process {wpid} (pt_data_worker) total-vm:181220132kB, anon-rss:121884012kB, file-rss:0kB, shmem-rss:20480kB, UID:1000 pgtables:240344kB oom_score_adj:0",
        ],
    )
    b.add(
        hosts[2],
        "dmesg.txt",
        [
            f"{dmesg_T(add(t0, 900))} EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x1f2b3 offset:0x0 grain:32 syndrome:0x0)"
        ],
    )
    b.label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "A DataLoader worker on ml-node-22 is OOM-killed by the kernel. All three nodes sit at about 1.9 of 2 TiB used, "
        "because 16 persistent workers per rank each hold preloaded shards, so any node could have been hit first. "
        "This is host-memory exhaustion caused by the data pipeline settings, not a node fault. The corrected EDAC error "
        "on another node is unrelated. Reduce workers or preloading before rerunning.",
        "https://github.com/NVIDIA/Megatron-LM/issues/1657",
    )
    return b


CASES = [
    x06_nemo_hydra_override_typo,
    x07_lightning_oom_longer_seq,
    x08_nemo_nvlink_xid74,
    x09_nemo_ft_heartbeat_gsp,
    x10_lightning_dataloader_host_oom,
]
