"""DeepSpeed-launched cases: az01, az02, az17, az20, az21, az26, az28."""
from __future__ import annotations

import base64
import json

from kit import (pidseq, PCI_A100, PCI_H100, PY, Bundle, T, add, c10d, dmesg_T, dmesg_raw, dslog, elastic_failure,
                 glog, gpus_healthy, journal, nccl, nccl_remote_error, rng_for, sig_tb, smi_table, syslog,
                 traceback, watchdog_timeout, xid)

DS = f"{PY}/deepspeed"


def world_info(hosts, n=8):
    d = {h: list(range(n)) for h in hosts}
    return base64.urlsafe_b64encode(json.dumps(d).encode()).decode()


def ds_runner_header(dt, hosts, master_ip, workdir, script, args, n=8):
    L = [
        dslog(dt, "INFO", "real_accelerator.py:203:get_accelerator", "Setting ds_accelerator to cuda (auto detect)"),
        dslog(add(dt, 1.7), "INFO", "runner.py:463:main", f"Using IP address of {master_ip} for node {hosts[0]}"),
        dslog(add(dt, 1.7), "INFO", "multinode_runner.py:80:get_cmd",
              f"Running on the following workers: {','.join(hosts)}"),
        dslog(add(dt, 1.7), "INFO", "runner.py:568:main",
              f"cmd = pdsh -S -f 1024 -w {','.join(hosts)} export PYTHONPATH={workdir}; export NCCL_DEBUG=WARN; "
              f"export NCCL_SOCKET_IFNAME=ens; cd {workdir}; /usr/bin/python3 -u -m deepspeed.launcher.launch "
              f"--world_info={world_info(hosts, n)} --node_rank=%n --master_addr={master_ip} --master_port=29500 "
              f"{script} {args}"),
    ]
    return L


def ds_launch_node(dt, host, node_rank, hosts, pids, script, args, n=8):
    gmap = ", ".join(f"'{h}': {list(range(i * n, (i + 1) * n))}" for i, h in enumerate(hosts))
    wi = ", ".join(f"'{h}': {list(range(n))}" for h in hosts)
    L = [
        dslog(dt, "INFO", "real_accelerator.py:203:get_accelerator", "Setting ds_accelerator to cuda (auto detect)"),
        dslog(add(dt, 0.9), "INFO", "launch.py:146:main", f"WORLD INFO DICT: {{{wi}}}"),
        dslog(add(dt, 0.9), "INFO", "launch.py:152:main", f"nnodes={len(hosts)}, num_local_procs={n}, node_rank={node_rank}"),
        dslog(add(dt, 0.9), "INFO", "launch.py:163:main",
              f"global_rank_mapping=defaultdict(<class 'list'>, {{{gmap}}})"),
        dslog(add(dt, 0.9), "INFO", "launch.py:164:main", f"dist_world_size={len(hosts) * n}"),
        dslog(add(dt, 0.9), "INFO", "launch.py:168:main", "Setting CUDA_VISIBLE_DEVICES=" + ",".join(map(str, range(n)))),
        dslog(add(dt, 0.9), "INFO", "launch.py:256:main", f"process {pids[0]} spawned with command: "
              f"['/usr/bin/python3', '-u', '{script}', '--local_rank=0', {', '.join(repr(a) for a in args.split())}]"),
    ]
    for i in range(1, n):
        L.append(dslog(add(dt, 0.9 + 0.01 * i), "INFO", "launch.py:256:main",
                       f"process {pids[i]} spawned with command: ['/usr/bin/python3', '-u', '{script}', "
                       f"'--local_rank={i}', {', '.join(repr(a) for a in args.split())}]"))
    return L


def boot_dmesg(rng, host, boot, nic="mlx5_core", extra=()):
    """A few boot-time lines in dmesg -T format."""
    L = [
        f"{dmesg_T(boot)} Linux version 5.15.0-1063-nvidia (buildd@lcy02-amd64-034) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0) #64-Ubuntu SMP",
        f"{dmesg_T(add(boot, 2))} Command line: BOOT_IMAGE=/boot/vmlinuz-5.15.0-1063-nvidia root=UUID=3c1e1b7e ro iommu=pt pci=realloc=off",
        f"{dmesg_T(add(boot, 19))} nvidia: loading out-of-tree module taints kernel.",
        f"{dmesg_T(add(boot, 19))} nvidia-nvlink: Nvlink Core is being initialized, major device number 509",
        f"{dmesg_T(add(boot, 20))} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.183.01  Sun May 12 19:39:15 UTC 2024",
        f"{dmesg_T(add(boot, 24))} {nic} 0000:0c:00.0: firmware version: 28.39.1002",
        f"{dmesg_T(add(boot, 31))} {nic} 0000:0c:00.0: Port module event: module 0, Cable plugged",
        f"{dmesg_T(add(boot, 44))} nvidia-fabricmanager: Fabric Manager started successfully",
    ]
    L.extend(extra)
    return L


# =====================================================================================  az01
def az01():
    rng = rng_for(1)
    b = Bundle("az01_deepspeed_assert_at_initialize_on_all_ranks")
    hosts = [f"gpu-a3-00{i}" for i in range(1, 5)]
    ips = [f"10.4.0.{11 + i}" for i in range(4)]
    t0 = T("2024-09-18 14:02:11.402")
    wd = "/home/mlops/llm-sft"
    args = ("--deepspeed ds_config_zero3.json --model_name_or_path /fsx/models/llama-2-13b-hf "
            "--data_path /fsx/data/sft_mix_v7.jsonl --bf16 True --max_seq_len 4096")
    log = ds_runner_header(t0, hosts, ips[0], wd, "train_sft.py", args)
    streams = []
    pids = {h: pidseq(rng, 40000, 90000) for h in hosts}
    for ni, h in enumerate(hosts):
        tn = add(t0, 3.3 + 0.2 * ni)
        s = [(tn, f"{h}: {l}") for l in ds_launch_node(tn, h, ni, hosts, pids[h], "train_sft.py", args)]
        for lr in range(8):
            r = ni * 8 + lr
            tr = add(tn, 9 + rng.random() * 2)
            s.append((tr, f"{h}: " + dslog(tr, "INFO", "real_accelerator.py:203:get_accelerator",
                                             "Setting ds_accelerator to cuda (auto detect)")))
            s.append((add(tr, 2.1), f"{h}: " + dslog(add(tr, 2.1), "INFO", "comm.py:637:init_distributed", "cdb=None")))
            if r == 0:
                s.append((add(tr, 2.2), f"{h}: " + dslog(add(tr, 2.2), "INFO", "comm.py:668:init_distributed",
                                                           "Initializing TorchBackend in DeepSpeed with backend nccl")))
            tl = add(tn, 48 + rng.random() * 3)
            s.append((tl, f"{h}: Loading checkpoint shards: 100%|██████████| 3/3 [00:3{rng.randint(0, 9)}<00:00, 12.{rng.randint(10, 99)}s/it]"))
            s.append((add(tl, 0.4), f"{h}: Installed CUDA version 12.2 does not match the version torch was compiled with 12.1 but since the APIs are compatible, accepting this combination"))
            if r == 0:
                s.append((add(tl, 0.6), f"{h}: " + dslog(add(tl, 0.6), "INFO", "logging.py:96:log_dist",
                                                           "[Rank 0] DeepSpeed info: version=0.14.4, git-hash=unknown, git-branch=unknown")))
            te = add(tl, 0.9 + rng.random() * 0.3)
            tb = traceback([
                (f"{wd}/train_sft.py", 211, "<module>", "main()"),
                (f"{wd}/train_sft.py", 187, "main", "engine, optimizer, _, scheduler = deepspeed.initialize("),
                (f"{DS}/__init__.py", 181, "initialize", "config_class = DeepSpeedConfig(config, mpu, mesh_device=mesh_device)"),
                (f"{DS}/runtime/config.py", 797, "__init__", "self._configure_train_batch_size()"),
                (f"{DS}/runtime/config.py", 980, "_configure_train_batch_size", "self._batch_assertion()"),
                (f"{DS}/runtime/config.py", 925, "_batch_assertion", "assert train_batch == micro_batch * grad_acc * self.world_size, ("),
            ], "AssertionError: Check batch related parameters. train_batch_size is not equal to "
               "micro_batch_per_gpu * gradient_acc_step * world_size 512 != 4 * 8 * 32", prefix=f"{h}: [rank{r}]: ")
            for i, l in enumerate(tb):
                s.append((add(te, i * 1e-5), l))
        tk = add(tn, 53.5)
        for lr in range(8):
            s.append((add(tk, 0.01 * lr), f"{h}: " + dslog(add(tk, 0.01 * lr), "INFO", "launch.py:319:sigkill_handler",
                                                            f"Killing subprocess {pids[h][lr]}")))
        s.append((add(tk, 0.2), f"{h}: " + dslog(add(tk, 0.2), "ERROR", "launch.py:325:sigkill_handler",
                                                 f"['/usr/bin/python3', '-u', 'train_sft.py', '--local_rank=7', "
                                                 f"{', '.join(repr(a) for a in args.split())}] exits with return code = 1")))
        streams.extend(s)
    streams.sort(key=lambda x: x[0])
    log += [l for _, l in streams]
    for h in hosts[1:] + hosts[:1]:
        log.append(f"pdsh@gpu-a3-001: {h}: ssh exited with exit code 1")
    b.add("deepspeed_launcher.log", log)
    b.add("hostfile", [f"{h} slots=8" for h in hosts])
    b.add("ds_config_zero3.json", json.dumps({
        "train_batch_size": 512, "train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 8,
        "gradient_clipping": 1.0, "bf16": {"enabled": True},
        "zero_optimization": {"stage": 3, "overlap_comm": True, "contiguous_gradients": True,
                              "stage3_prefetch_bucket_size": 5e7, "stage3_param_persistence_threshold": 1e5,
                              "stage3_gather_16bit_weights_on_model_save": True},
        "optimizer": {"type": "AdamW", "params": {"lr": 2e-5, "betas": [0.9, 0.95], "weight_decay": 0.0}},
        "steps_per_print": 10, "wall_clock_breakdown": False}, indent=2) + "\n")
    boot = T("2024-09-16 22:10:04")
    for i, h in enumerate(hosts):
        extra = []
        if h == "gpu-a3-003":
            extra = [f"{dmesg_T(T('2024-09-18 13:05:41'))} mlx5_core 0000:0c:00.0 ens10np0: Link down",
                     f"{dmesg_T(T('2024-09-18 13:05:44'))} mlx5_core 0000:0c:00.0 ens10np0: Link up"]
        b.add(f"{h}/dmesg.txt", boot_dmesg(rng, h, add(boot, i * 37), extra=extra))
        b.add(f"{h}/nvidia-smi.txt", smi_table(add(t0, 120), gpus_healthy(rng, used=(1, 4), util=(0, 0), pwr=(68, 75)), []))
    b.label("user_code", "script", None, None, "stop",
            "Every rank on all four nodes fails the same DeepSpeed config assertion in deepspeed.initialize: the "
            "user's ds_config hard-codes train_batch_size 512, which no longer equals 4*8*32 on 32 GPUs.",
            "https://github.com/deepspeedai/DeepSpeed/issues/6914")
    return b


# =====================================================================================  az02
def az02():
    rng = rng_for(2)
    b = Bundle("az02_fused_adam_op_build_aborts_on_every_node")
    hosts = ["node0412", "node0413", "node0414"]
    job = 884213
    t0 = T("2024-06-11 09:30:41")
    home = "/home/rchen"
    L = [
        "+ module load llm-stack/2024.05",
        "Loading llm-stack/2024.05",
        "  Loading requirement: gcc/12.2.0 cuda/11.8 nccl/2.18.3-cuda11.8 python/3.10-torch2.3",
        "+ nvcc --version",
        "nvcc: NVIDIA (R) Cuda compiler driver",
        "Copyright (c) 2005-2022 NVIDIA Corporation",
        "Built on Wed_Sep_21_10:33:58_PDT_2022",
        "Cuda compilation tools, release 11.8, V11.8.89",
        "Build cuda_11.8.r11.8/compiler.31833905_0",
        "+ python -c 'import torch, deepspeed; print(torch.__version__, torch.version.cuda, deepspeed.__version__)'",
        "2.3.1+cu121 12.1 0.14.2",
        "+ export MASTER_ADDR=node0412",
        f"+ srun -l --ntasks-per-node=1 torchrun --nnodes 3 --nproc_per_node 8 --rdzv_id {job} --rdzv_backend c10d "
        "--rdzv_endpoint node0412:29500 pretrain.py --config configs/gpt_1p3b.yaml --deepspeed_config configs/ds_zero2.json",
    ]
    ev = []
    for ni, h in enumerate(hosts):
        tn = add(t0, 4 + ni * 0.3)
        p = f"{ni}: "
        ev.append((tn, p + glog("W", tn, 1402118 + ni, "torch/distributed/run.py:757", "")))
        ev.append((tn, p + glog("W", tn, 1402118 + ni, "torch/distributed/run.py:757", "*****************************************")))
        ev.append((tn, p + glog("W", tn, 1402118 + ni, "torch/distributed/run.py:757",
                               "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")))
        ev.append((tn, p + glog("W", tn, 1402118 + ni, "torch/distributed/run.py:757", "*****************************************")))
        for lr in range(8):
            r = ni * 8 + lr
            tr = add(tn, 11 + rng.random())
            ev.append((tr, p + dslog(tr, "INFO", "real_accelerator.py:203:get_accelerator", "Setting ds_accelerator to cuda (auto detect)")))
            if r == 0:
                ev.append((add(tr, 3), p + dslog(add(tr, 3), "INFO", "logging.py:96:log_dist",
                                                 "[Rank 0] DeepSpeed info: version=0.14.2, git-hash=unknown, git-branch=unknown")))
                ev.append((add(tr, 3.1), p + dslog(add(tr, 3.1), "INFO", "logging.py:96:log_dist",
                                                   "[Rank 0] DeepSpeed Flops Profiler Enabled: False")))
            tj = add(tr, 4.2 + rng.random() * 0.5)
            ev.append((tj, p + f"Using {home}/.cache/torch_extensions/py310_cu121 as PyTorch extensions root..."))
            if lr == 0:
                ev.append((add(tj, 0.01), p + f"Creating extension directory {home}/.cache/torch_extensions/py310_cu121/fused_adam..."))
            tb = traceback([
                (f"{home}/proj/gpt-pretrain/pretrain.py", 144, "<module>", "main(cfg)"),
                (f"{home}/proj/gpt-pretrain/pretrain.py", 97, "main", "model_engine, optimizer, train_loader, _ = deepspeed.initialize("),
                (f"{DS}/__init__.py", 181, "initialize", "engine = DeepSpeedEngine(args=args,"),
                (f"{DS}/runtime/engine.py", 307, "__init__", "self._configure_optimizer(optimizer, model_parameters)"),
                (f"{DS}/runtime/engine.py", 1231, "_configure_optimizer", "basic_optimizer = self._configure_basic_optimizer(model_parameters)"),
                (f"{DS}/runtime/engine.py", 1308, "_configure_basic_optimizer", "optimizer = FusedAdam("),
                (f"{DS}/ops/adam/fused_adam.py", 94, "__init__", "fused_adam_cuda = FusedAdamBuilder().load()"),
                (f"{DS}/ops/op_builder/builder.py", 531, "load", "return self.jit_load(verbose)"),
                (f"{DS}/ops/op_builder/builder.py", 561, "jit_load", "assert_no_cuda_mismatch(self.name)"),
                (f"{DS}/ops/op_builder/builder.py", 107, "assert_no_cuda_mismatch", "raise CUDAMismatchException("),
            ], "deepspeed.ops.op_builder.builder.CUDAMismatchException: >- DeepSpeed Op Builder: Installed CUDA version 11.8 "
               "does not match the version torch was compiled with 12.1, unable to compile cuda/cpp extensions without a "
               "matching cuda version.", prefix=f"{p}[rank{r}]: ")
            for i, l in enumerate(tb):
                ev.append((add(tj, 0.05 + i * 1e-5), l))
        tf = add(tn, 19.5)
        pids = pidseq(rng, 200000, 260000)
        ev.append((tf, "\n".join(p + l for l in elastic_failure(
            tf, h, "pretrain.py",
            [dict(rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k], time=tf) for k in range(8)],
            tid=1402118 + ni))))
    ev.sort(key=lambda x: x[0])
    L += [l for _, l in ev]
    te = add(t0, 25)
    L += [f"srun: error: {h}: task {i}: Exited with exit code 1" for i, h in enumerate(hosts)]
    b.add(f"slurm-{job}.out", L)
    b.add("sacct.txt", [
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode              Start                End  NodeList",
        "------------ ---------- ---------- ---------- ---------- ---------- -------- ------------------- ------------------- ---------------",
        f"{job}       gpt1p3b-z2      h100    llm-pre        288     FAILED      1:0 2024-06-11T09:30:38 2024-06-11T09:31:07 node[0412-0414]",
        f"{job}.batch       batch               llm-pre         96     FAILED      1:0 2024-06-11T09:30:38 2024-06-11T09:31:07 node0412",
        f"{job}.extern     extern               llm-pre        288  COMPLETED      0:0 2024-06-11T09:30:38 2024-06-11T09:31:07 node[0412-0414]",
        f"{job}.0        torchrun               llm-pre          3     FAILED      1:0 2024-06-11T09:30:41 2024-06-11T09:31:06 node[0412-0414]",
    ])
    b.add("ds_report_node0412.txt", [
        "[2024-06-11 09:12:02,551] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)",
        "--------------------------------------------------",
        "DeepSpeed C++/CUDA extension op report",
        "--------------------------------------------------",
        "NOTE: Ops not installed will be just-in-time (JIT) compiled at",
        "      runtime if needed. Op compatibility means that your system",
        "      meet the required dependencies to JIT install the op.",
        "--------------------------------------------------",
        "JIT compiled ops requires ninja",
        "ninja .................. [OKAY]",
        "--------------------------------------------------",
        "op name ................ installed .. compatible",
        "--------------------------------------------------",
        "async_io ............... [NO] ....... [OKAY]",
        "fused_adam ............. [NO] ....... [OKAY]",
        "cpu_adam ............... [NO] ....... [OKAY]",
        "cpu_adagrad ............ [NO] ....... [OKAY]",
        "fused_lamb ............. [NO] ....... [OKAY]",
        "transformer_inference .. [NO] ....... [OKAY]",
        "--------------------------------------------------",
        "DeepSpeed general environment info:",
        f"torch install path ............... ['{PY}/torch']",
        "torch version .................... 2.3.1+cu121",
        f"deepspeed install path ........... ['{DS}']",
        "deepspeed info ................... 0.14.2, unknown, unknown",
        "torch cuda version ............... 12.1",
        "torch hip version ................ None",
        "nvcc version ..................... 11.8",
        "deepspeed wheel compiled w. ...... torch 2.3, cuda 12.1",
        "shared memory (/dev/shm) size .... 503.72 GB",
    ])
    for i, h in enumerate(hosts):
        boot = T("2024-06-02 04:11:19")
        L2 = [syslog(add(boot, 3), h, "kernel", "Linux version 5.14.0-362.24.1.el9_3.x86_64"),
              syslog(add(boot, 22), h, "kernel", "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024")]
        if h == "node0413":
            L2.append(syslog(T("2024-06-10 17:42:09"), h, "kernel",
                             "EDAC MC1: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#1_DIMM#0 (channel:1 slot:0 page:0x1a2b3c offset:0x440 grain:32 syndrome:0x0)"))
        L2.append(syslog(add(t0, 2), h, "slurmd[3311]", f"slurmd: launch task StepId={job}.0 request from UID:41022 GID:41022 HOST:10.31.4.12 PORT:49122"))
        L2.append(syslog(add(t0, 27), h, "slurmd[3311]", f"slurmd: done with job {job}"))
        b.add(f"{h}/messages", L2)
    b.label("dependency", "framework", None, None, "stop",
            "All 24 ranks on the three nodes abort identically while DeepSpeed JIT-builds fused_adam: the site "
            "llm-stack module puts the CUDA 11.8 toolkit on the path while its torch is built for CUDA 12.1, so the op "
            "builder refuses to compile.",
            "https://github.com/deepspeedai/DeepSpeed/issues/629")
    return b


# =====================================================================================  az17
def az17():
    rng = rng_for(17)
    b = Bundle("az17_offload_rank_dies_with_bus_error")
    hosts = [f"hgx-c3-0{i}" for i in range(5, 9)]
    bad = "hgx-c3-07"
    wd = "/shared/home/pkumar/moe-ft"
    args = "--config cfg/mixtral_ft.yaml --deepspeed cfg/zero3_offload.json"
    t0 = T("2024-10-02 01:12:07.118")
    log = ds_runner_header(t0, hosts, "10.20.8.15", wd, "finetune.py", args)
    pids = {h: pidseq(rng, 700000, 780000) for h in hosts}
    ev = []
    for ni, h in enumerate(hosts):
        tn = add(t0, 3 + 0.15 * ni)
        ev += [(tn, f"{h}: {l}") for l in ds_launch_node(tn, h, ni, hosts, pids[h], "finetune.py", args)]
    ts = add(t0, 190)
    ev.append((ts, f"hgx-c3-05: " + dslog(ts, "INFO", "utils.py:781:see_memory_usage", "Stage 3 initialize beginning")))
    ev.append((add(ts, 3), f"hgx-c3-05: " + dslog(add(ts, 3), "INFO", "config.py:1000:print", "  zero_config .................. stage=3 contiguous_gradients=True reduce_scatter=True reduce_bucket_size=16777216 offload_param=None offload_optimizer=DeepSpeedZeroOffloadOptimizerConfig(device='cpu', nvme_path=None, buffer_count=4, pin_memory=True, pipeline_read=False, pipeline_write=False, fast_init=False, ratio=1.0) sub_group_size=1000000000")))
    ev.append((add(ts, 4), f"hgx-c3-05: Time to load cpu_adam op: 2.61{rng.randint(10, 99)} seconds"))
    ev.append((add(ts, 5), f"hgx-c3-05: Adam Optimizer #0 is created with AVX512 arithmetic capability."))
    ev.append((add(ts, 5), f"hgx-c3-05: Config: alpha=0.000010, betas=(0.900000, 0.950000), weight_decay=0.000000, adam_w=1"))
    step_t = add(ts, 60)
    step = 0
    spr = 96.0
    while step < 2400:
        step += 10
        step_t = add(step_t, 10 * 11.9 + rng.random())
        lr = 1e-5 * min(1.0, step / 200)
        loss = 1.9 - 0.25 * (step / 2400) + rng.uniform(-0.03, 0.03)
        ev.append((step_t, "hgx-c3-05: " + dslog(step_t, "INFO", "logging.py:96:log_dist",
                                                 f"[Rank 0] step={step}, skipped=0, lr=[{lr:.16f}], mom=[(0.9, 0.95)]")))
        ev.append((step_t, "hgx-c3-05: " + dslog(step_t, "INFO", "timer.py:258:stop",
                                                 f"epoch=0/micro_step={step * 4}/global_step={step}, RunningAvgSamplesPerSec={spr + rng.uniform(-0.8, 0.8):.4f}, "
                                                 f"CurrSamplesPerSec={spr + rng.uniform(-3, 3):.4f}, MemAllocated=21.73GB, MaxMemAllocated=47.2GB")))
        ev.append((step_t, f"hgx-c3-05: {{'loss': {loss:.4f}, 'grad_norm': {rng.uniform(0.6, 1.3):.4f}, 'learning_rate': {lr:.3e}, 'epoch': {step / 9000:.2f}}}"))
    # failure
    tf = T("2024-10-02 09:17:41.902")
    r_bad = 2 * 8 + 5
    pid_bad = pids[bad][5]
    ev.append((tf, f"{bad}: Fatal Python error: Bus error"))
    ev.append((tf, f"{bad}: "))
    ev.append((tf, f"{bad}: Thread 0x00007f3c11ff3640 (most recent call first):"))
    ev.append((tf, f'{bad}:   File "{PY}/torch/utils/data/_utils/worker.py", line 258 in _worker_loop'))
    ev.append((tf, f"{bad}: "))
    ev.append((tf, f"{bad}: Current thread 0x00007f3d8a9c6740 (most recent call first):"))
    for fr in [(f"{DS}/ops/adam/cpu_adam.py", 153, "step"),
               (f"{PY}/torch/utils/_contextlib.py", 116, "decorate_context"),
               (f"{PY}/torch/optim/optimizer.py", 391, "wrapper"),
               (f"{DS}/runtime/zero/stage3.py", 2051, "_optimizer_step"),
               (f"{DS}/runtime/zero/stage3.py", 2139, "step"),
               (f"{DS}/utils/nvtx.py", 15, "wrapped_fn"),
               (f"{DS}/runtime/engine.py", 2169, "_take_model_step"),
               (f"{DS}/runtime/engine.py", 2275, "step"),
               (f"{wd}/finetune.py", 322, "train_loop"),
               (f"{wd}/finetune.py", 401, "main"),
               (f"{wd}/finetune.py", 409, "<module>")]:
        ev.append((tf, f'{bad}:   File "{fr[0]}", line {fr[1]} in {fr[2]}'))
    ev.append((add(tf, 0.4), f"{bad}: " + dslog(add(tf, 0.4), "INFO", "launch.py:319:sigkill_handler", f"Killing subprocess {pid_bad}")))
    for k in range(8):
        if k != 5:
            ev.append((add(tf, 0.45 + 0.01 * k), f"{bad}: " + dslog(add(tf, 0.45 + 0.01 * k), "INFO", "launch.py:319:sigkill_handler",
                                                                   f"Killing subprocess {pids[bad][k]}")))
    ev.append((add(tf, 0.7), f"{bad}: " + dslog(add(tf, 0.7), "ERROR", "launch.py:325:sigkill_handler",
                                                f"['/usr/bin/python3', '-u', 'finetune.py', '--local_rank=5', "
                                                f"{', '.join(repr(a) for a in args.split())}] exits with return code = -7")))
    # sympathetic errors on all others
    for ni, h in enumerate(hosts):
        if h == bad:
            continue
        for lr in range(8):
            r = ni * 8 + lr
            te = add(tf, 2.0 + rng.random() * 3)
            peer = f"10.20.8.{15 + 2}<{rng.randint(40000, 60000)}>"
            for l in nccl_remote_error(r, te, rng, f"NET/IB : Got completion from peer {peer} with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.20.8.{15 + ni} remoteGids::ffff:10.20.8.17 hca mlx5_{lr}",
                                       version="2.20.5"):
                ev.append((te, f"{h}: {l}"))
        tk = add(tf, 8 + ni)
        ev.append((tk, f"{h}: " + dslog(tk, "ERROR", "launch.py:325:sigkill_handler",
                                        f"['/usr/bin/python3', '-u', 'finetune.py', '--local_rank=0', "
                                        f"{', '.join(repr(a) for a in args.split())}] exits with return code = -6")))
    ev.sort(key=lambda x: x[0])
    log += [l for _, l in ev]
    for h in hosts:
        log.append(f"pdsh@hgx-c3-05: {h}: ssh exited with exit code {247 if h == bad else 250}")
    b.add("launcher_stdout.log", log)
    b.add("zero3_offload.json", json.dumps({
        "train_micro_batch_size_per_gpu": 1, "gradient_accumulation_steps": 4, "bf16": {"enabled": True},
        "zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu", "pin_memory": True},
                              "overlap_comm": True, "contiguous_gradients": True, "reduce_bucket_size": 16777216},
        "gradient_clipping": 1.0, "steps_per_print": 10}, indent=2) + "\n")
    # node logs
    for ni, h in enumerate(hosts):
        boot = T("2024-09-27 18:20:55")
        J = [journal(boot, h, "kernel", "Linux version 6.5.0-1018-oracle (buildd@lcy02-amd64-044)"),
             journal(add(boot, 41), h, "kernel", "EDAC MC0: Giving out device to module skx_edac controller Skylake Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)"),
             journal(add(boot, 61), h, "systemd[1]", "Started nvidia-fabricmanager.service - NVIDIA fabric manager service.")]
        if h == bad:
            ce_t = T("2024-10-01 22:03:10")
            for k in range(9):
                t = add(ce_t, k * 3900 + rng.randint(0, 300))
                J.append(journal(t, h, "kernel", f"EDAC MC3: {rng.randint(1, 6) * (k + 1)} CE memory read error on CPU_SrcID#1_MC#3_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f1c{rng.randint(100, 999)} offset:0x{rng.randint(0, 4095):x} grain:32 syndrome:0x0 -  err_code:0x0000:0x009f  SystemAddress:0x3f1c2a{rng.randint(1000, 9999)} ProcessorSocketId:0x1 MemoryControllerId:0x3 ChannelAddress:0x7e38{rng.randint(1000, 9999)} ChannelId:0x0 RankAddress:0x3f1c2a4b40 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x1f8e Column:0x2d0 Bank:0x2 BankGroup:0x1 ChipSelect:0x0 ChipId:0x0)"))
            J += [journal(tf, h, "kernel", "mce: [Hardware Error]: Machine check events logged"),
                  journal(tf, h, "kernel", "EDAC skx MC3: HANDLING MCE MEMORY ERROR"),
                  journal(tf, h, "kernel", "EDAC skx MC3: CPU 56: Machine Check Event: 0x0 Bank 15: 0xbd800000000c0090"),
                  journal(tf, h, "kernel", "EDAC skx MC3: TSC 0x3ad0c2b1e1f6 "),
                  journal(tf, h, "kernel", "EDAC skx MC3: ADDR 0x3f1c2a4b40 "),
                  journal(tf, h, "kernel", "EDAC skx MC3: MISC 0x200001c020401086 "),
                  journal(tf, h, "kernel", "EDAC skx MC3: PROCESSOR 0:0x806f8 TIME 1727860661 SOCKET 1 APIC 0x70"),
                  journal(tf, h, "kernel", "EDAC MC3: 1 UE memory read error on CPU_SrcID#1_MC#3_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f1c2a4 offset:0xb40 grain:32 -  err_code:0x0000:0x0090  SystemAddress:0x3f1c2a4b40 ProcessorSocketId:0x1 MemoryControllerId:0x3 ChannelAddress:0x7e3854b40 ChannelId:0x0 RankAddress:0x3f1c2a4b40 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x1f8e Column:0x2d0 Bank:0x2 BankGroup:0x1 ChipSelect:0x0 ChipId:0x0)"),
                  journal(tf, h, "kernel", f"Memory failure: 0x3f1c2a4: Sending SIGBUS to python3:{pid_bad} due to hardware memory corruption"),
                  journal(tf, h, "kernel", "Memory failure: 0x3f1c2a4: recovery action for dirty LRU page: Recovered"),
                  journal(add(tf, 1), h, "systemd-coredump[998411]", f"Process {pid_bad} (python3) of user 51877 dumped core.")]
            b.add(f"{h}/ipmitool_sel_list.txt", [
                "  1 | 09/27/2024 | 18:19:02 | Event Logging Disabled #0x07 | Log area reset/cleared | Asserted",
                "  2 | 09/27/2024 | 18:20:31 | System Event #0x83 | Timestamp Clock Sync | Asserted",
                "  3 | 10/02/2024 | 02:41:17 | Memory #0x3f | Correctable ECC | Asserted | DIMM_P1_G1",
                "  4 | 10/02/2024 | 05:58:44 | Memory #0x3f | Correctable ECC logging limit reached | Asserted | DIMM_P1_G1",
                "  5 | 10/02/2024 | 09:17:41 | Memory #0x3f | Uncorrectable ECC | Asserted | DIMM_P1_G1",
            ])
        J.append(journal(add(tf, 20), h, "systemd[1]", "session-4211.scope: Deactivated successfully."))
        b.add(f"{h}/journal_kernel.txt", J)
        procs = [] if h != bad else []
        b.add(f"{h}/nvidia-smi.txt", smi_table(add(tf, 600), gpus_healthy(rng, used=(1, 3), util=(0, 0), pwr=(70, 80)), procs))
    b.label("host", "infrastructure", bad, None, "restart_without_node",
            "Rank 21 on hgx-c3-07 dies with SIGBUS inside DeepSpeed's cpu_adam step; that node's kernel log shows a "
            "rising CE count and then an uncorrectable DIMM error with 'Sending SIGBUS to python3:<that pid>', and the "
            "BMC logs the same DIMM. Everyone else only loses the peer.",
            "https://docs.kernel.org/mm/hwpoison.html")
    return b


# =====================================================================================  az20
def az20():
    rng = rng_for(20)
    b = Bundle("az20_zero3_peers_report_connection_closed")
    hosts = [f"gpu-a3-0{i}" for i in range(17, 25)]
    ips = {h: f"10.4.1.{i + 1}" for i, h in enumerate(hosts)}
    bad, bad_gpu = "gpu-a3-021", 3
    bad_idx = hosts.index(bad)
    r_bad = bad_idx * 8 + bad_gpu
    t0 = T("2024-09-18 06:02:10.000")
    wd = "/fsx/users/lnguyen/pretrain-70b"
    args = "--config configs/llama70b_zero3.yaml --deepspeed configs/ds_zero3.json"
    log = ds_runner_header(t0, hosts, ips[hosts[0]], wd, "pretrain.py", args)
    pids = {h: pidseq(rng, 1100000, 1200000) for h in hosts}
    ev = []
    for ni, h in enumerate(hosts):
        tn = add(t0, 3 + 0.1 * ni)
        ev += [(tn, f"{h}: {l}") for l in ds_launch_node(tn, h, ni, hosts, pids[h], "pretrain.py", args)]
        # NCCL init lines (first rank of each node)
        ti = add(tn, 80)
        ev.append((ti, f"{h}: " + nccl(h, pids[h][0], pids[h][0] + 977, 0, "NCCL version 2.20.5+cuda12.4")))
        ev.append((ti, f"{h}: " + nccl(h, pids[h][0], pids[h][0] + 977, 0, f"NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/RoCE [4]mlx5_4:1/RoCE [5]mlx5_5:1/RoCE [6]mlx5_6:1/RoCE [7]mlx5_7:1/RoCE [RO]; OOB ens10np0:{ips[h]}<0>")))
    # training progress on rank 0
    st = add(t0, 420)
    step = 0
    while step < 5210:
        step += 10
        st = add(st, 10 * 18.6 + rng.random() * 2)
        ev.append((st, "gpu-a3-017: " + dslog(st, "INFO", "logging.py:96:log_dist",
                                              f"[Rank 0] step={step}, skipped=0, lr=[{1.5e-4 * min(1, step / 2000):.17f}], mom=[(0.9, 0.95)]")))
        ev.append((st, "gpu-a3-017: " + dslog(st, "INFO", "timer.py:258:stop",
                                              f"epoch=0/micro_step={step * 16}/global_step={step}, RunningAvgSamplesPerSec={220.1 + rng.uniform(-1, 1):.4f}, CurrSamplesPerSec={220 + rng.uniform(-4, 4):.4f}, MemAllocated=44.1GB, MaxMemAllocated=71.86GB")))
    tf = add(st, 14.2)  # the moment the GPU is lost
    # the bad rank
    te = add(tf, 0.9)
    p = f"{bad}: [rank{r_bad}]:"
    for l in [c10d(r_bad, "E", te, "ProcessGroupNCCL.cpp:1595",
                   f"[PG ID 0 PG GUID 0(default_pg) Rank {r_bad}] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure", rng),
              f"[rank{r_bad}]:CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
              f"[rank{r_bad}]:For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
              f"[rank{r_bad}]:Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
              "",
              f"[rank{r_bad}]:Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
              "terminate called after throwing an instance of 'c10::DistBackendError'"]:
        ev.append((te, f"{bad}: {l}"))
    # others on the bad node
    for k in range(8):
        if k == bad_gpu:
            continue
        r = bad_idx * 8 + k
        tk = add(tf, 1.5 + rng.random())
        for l in nccl_remote_error(r, tk, rng, f"Cuda failure 'unspecified launch failure'", version="2.20.5"):
            ev.append((tk, f"{bad}: {l}"))
    # flood of NET/IB warnings on all other nodes: many accuse 022 (whose ranks abort right after 021)
    for ni, h in enumerate(hosts):
        if h == bad:
            continue
        for k in range(8):
            r = ni * 8 + k
            n_warn = rng.randint(80, 140)
            for w in range(n_warn):
                tw = add(tf, 2.0 + w * 0.05 + rng.random() * 0.02)
                peer = "gpu-a3-022" if (w % 5) else bad
                if h == "gpu-a3-022":
                    peer = rng.choice(["gpu-a3-023", "gpu-a3-020", bad])
                ev.append((tw, f"{h}: " + nccl(h, pids[h][k], pids[h][k] + 991, k,
                                               f"NET/IB : Got completion from peer {ips[peer]}<{rng.randint(30000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips[peer]} hca mlx5_{k}",
                                               kind="WARN")))
            tw = add(tf, 9 + rng.random() * 2)
            ev.append((tw, f"{h}: " + nccl(h, pids[h][k], pids[h][k] + 991, k, "transport/net.cc:1298 -> 6", kind="INFO")))
            ev.append((tw, f"{h}: " + nccl(h, pids[h][k], pids[h][k] + 991, k, "proxy.cc:1521 -> 6", kind="INFO")))
            tb = traceback([
                (f"{wd}/pretrain.py", 388, "<module>", "main()"),
                (f"{wd}/pretrain.py", 361, "main", "loss = engine(batch)"),
                (f"{PY}/torch/nn/modules/module.py", 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                (f"{DS}/runtime/engine.py", 1846, "forward", "loss = self.module(*inputs, **kwargs)"),
                (f"{PY}/torch/nn/modules/module.py", 1592, "_call_impl", "args_result = hook(self, args)"),
                (f"{DS}/runtime/zero/parameter_offload.py", 362, "_pre_forward_module_hook", "self.pre_sub_module_forward_function(module)"),
                (f"{DS}/runtime/zero/parameter_offload.py", 484, "pre_sub_module_forward_function", "param_coordinator.fetch_sub_module(sub_module, forward=True)"),
                (f"{DS}/runtime/zero/partitioned_param_coordinator.py", 333, "fetch_sub_module", "self.__all_gather_params(params_to_prefetch, forward)"),
                (f"{DS}/runtime/zero/partition_parameters.py", 1159, "all_gather_coalesced", "handles = _dist_allgather_fn("),
                (f"{DS}/comm/torch.py", 292, "all_gather_into_tensor", "return self.all_gather_function(output_tensor=output_tensor,"),
                (f"{PY}/torch/distributed/distributed_c10d.py", 3233, "all_gather_into_tensor", "work = group._allgather_base(output_tensor, input_tensor, opts)"),
            ], "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, remote process exited or there was a network error, NCCL version 2.20.5\n"
               "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
               f"Last error:\nNET/IB : Got completion from peer {ips['gpu-a3-022' if h != 'gpu-a3-022' else bad]}<4{rng.randint(1000, 9999)}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips['gpu-a3-022' if h != 'gpu-a3-022' else bad]} hca mlx5_{k}",
               prefix=f"{h}: [rank{r}]: ")
            for i, l in enumerate(tb):
                ev.append((add(tw, 0.1 + i * 1e-5), l))
    for ni, h in enumerate(hosts):
        tk = add(tf, 13 + ni * 0.3)
        ev.append((tk, f"{h}: " + dslog(tk, "ERROR", "launch.py:325:sigkill_handler",
                                        f"['/usr/bin/python3', '-u', 'pretrain.py', '--local_rank={bad_gpu if h == bad else 0}', "
                                        f"{', '.join(repr(a) for a in args.split())}] exits with return code = {-6 if h == bad else 1}")))
    ev.sort(key=lambda x: x[0])
    log += [l for _, l in ev]
    for h in hosts:
        log.append(f"pdsh@gpu-a3-017: {h}: ssh exited with exit code {250 if h == bad else 1}")
    b.add("deepspeed_pdsh.log", log)
    # node folders
    boots = {h: T("2024-08-28 03:00:00") for h in hosts}
    for ni, h in enumerate(hosts):
        boot = add(boots[h], ni * 311.7)
        b.add(f"{h}/uptime_since.txt", [f"{boot:%Y-%m-%d %H:%M:%S}", "(uptime -s, node clock UTC)"])
        D = [f"{dmesg_raw(2.114521)} Linux version 5.15.0-1053-nvidia (buildd@lcy02-amd64-112)",
             f"{dmesg_raw(21.90411)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
             f"{dmesg_raw(47.31202)} mlx5_core 0000:0c:00.0: mlx5_pcie_event:301:(pid 1128): PCIe slot advertised sufficient power (27W)."]
        up = (tf - boot).total_seconds()
        if h == "gpu-a3-019":
            D.append(f"{dmesg_raw(up - 5400.33)} mlx5_core 0000:9a:00.0 ens41np0: Link down")
            D.append(f"{dmesg_raw(up - 5397.91)} mlx5_core 0000:9a:00.0 ens41np0: Link up")
        if h == bad:
            pci = PCI_H100[bad_gpu]
            D += [f"{dmesg_raw(up)} NVRM: GPU at PCI:0000:{pci}:00: GPU-6f1b0a3e-5d2c-8a11-73c4-1be0f0d9a7c2",
                  f"{dmesg_raw(up)} NVRM: GPU Board Serial Number: 1652423019873",
                  f"{dmesg_raw(up + 0.000005)} " + xid(pci, 79, pids[h][bad_gpu], "python3", "GPU has fallen off the bus."),
                  f"{dmesg_raw(up + 0.000009)} NVRM: GPU 0000:{pci}:00.0: GPU has fallen off the bus.",
                  f"{dmesg_raw(up + 0.000021)} NVRM: A GPU crash dump has been created. If possible, please run",
                  "                 NVRM: nvidia-bug-report.sh as root to collect this data before",
                  "                 NVRM: the NVIDIA kernel module is unloaded.",
                  f"{dmesg_raw(up + 0.082301)} pcieport 0000:58:01.0: AER: Uncorrected (Fatal) error received: 0000:58:01.0",
                  f"{dmesg_raw(up + 0.082317)} pcieport 0000:58:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)",
                  f"{dmesg_raw(up + 0.082322)} pcieport 0000:58:01.0:   device [8086:352a] error status/mask=00000020/00000000",
                  f"{dmesg_raw(up + 0.082330)} pcieport 0000:58:01.0:    [ 5] SDES                   (First)"]
            smi = ["Unable to determine the device handle for GPU0000:5D:00.0: Unknown Error",
                   "", "No devices were found"]
            b.add(f"{h}/nvidia-smi.txt", smi)
        else:
            b.add(f"{h}/nvidia-smi.txt", smi_table(add(tf, 900), gpus_healthy(rng, used=(1, 3), util=(0, 0), pwr=(69, 78)), [],
                                                   driver="550.90.07", cuda="12.4"))
        D.append(f"{dmesg_raw(up + 30.5)} python3 ({pids[h][0]}): drop_caches: 3")
        b.add(f"{h}/dmesg.txt", D)
    b.label("gpu_hardware", "infrastructure", bad, r_bad, "restart_without_node",
            "gpu-a3-021's kernel log shows Xid 79 (GPU 3, PCI 5d) falling off the bus with a fatal PCIe AER at the "
            "moment training died, and rank 35 (that GPU) errors first. The flood of NET/IB completion errors naming "
            "gpu-a3-022 is sympathetic: those ranks only aborted after losing their ring peers.",
            "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return b


# =====================================================================================  az21
def az21():
    rng = rng_for(21)
    b = Bundle("az21_zero3_training_freezes_mixed_batch")
    hosts = ["ml-h100-n31", "ml-h100-n32"]
    t0 = T("2025-03-04 20:11:02.000")
    wd = "/mnt/lake/vlm/qwen2vl-sft"
    stuck_step = 1437
    pids = {h: pidseq(rng, 300000, 400000) for h in hosts}
    seq = 50231
    vision_ranks = {5, 12}
    for ni, h in enumerate(hosts):
        L = []
        tn = add(t0, ni * 0.4)
        L += [glog("W", tn, 88012, "torch/distributed/run.py:793", "*****************************************"),
              glog("W", tn, 88012, "torch/distributed/run.py:793", "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "),
              glog("W", tn, 88012, "torch/distributed/run.py:793", "*****************************************")]
        ts = add(tn, 95)
        if ni == 0:
            L.append(f"[rank0]: " + dslog(ts, "INFO", "config.py:1000:print", "  zero_optimization_stage ...... 3"))
            L.append("[rank0]:Parameter Offload: Total persistent parameters: 848896 in 368 params")
        st = add(ts, 30)
        for step in range(1, stuck_step):
            st = add(st, 2.9 + rng.random() * 0.4)
            if ni == 0 and step % 10 == 0:
                L.append(f"[rank0]:{{'loss': {1.4 - 0.3 * step / stuck_step + rng.uniform(-0.05, 0.05):.4f}, 'grad_norm': {rng.uniform(0.9, 2.4):.4f}, 'learning_rate': {1e-5 * min(1, step / 100):.4e}, 'epoch': {step / 4310:.2f}}}")
            if ni == 0 and step % 50 == 0:
                L.append(f"[rank0]: {step * 100 // 4310:3d}%|{'█' * (step * 10 // 4310)}{' ' * (10 - step * 10 // 4310)}| {step}/4310 [{int((st - ts).total_seconds()) // 3600:02d}:{int((st - ts).total_seconds()) % 3600 // 60:02d}:{int((st - ts).total_seconds()) % 60:02d}<2:19:0{rng.randint(0, 9)},  2.9{rng.randint(0, 9)}s/it]")
        tw = add(st, 1.1)
        for k in range(8):
            r = ni * 8 + k
            if r in vision_ranks:
                L.append(f"[rank{r}]: " + dslog(tw, "WARNING", "parameter_offload.py:86:_apply_to_tensors_only",
                                                "Invalidate trace cache @ step 1437 and module 2213: cache has only 1941 modules"))
        # hang -> watchdog after 30 min
        tt = add(st, 1800.2)
        for k in range(8):
            r = ni * 8 + k
            if r in vision_ranks:
                numel, nout = 1327104, 21233664
            else:
                numel, nout = 3211264, 51380224
            for l in watchdog_timeout(r, add(tt, rng.random() * 0.3), seq, "_ALLGATHER_BASE", numel, 1800000 + rng.randint(50, 400), rng,
                                      timeout_ms=1800000, frames=(k % 4 == 0)):
                L.append(l.replace(f"NumelIn={numel}, NumelOut={numel}", f"NumelIn={numel}, NumelOut={nout}"))
        tf = add(tt, 6)
        L += elastic_failure(tf, h, "train.py",
                             [dict(rank=ni * 8 + k, local_rank=k, exitcode=-6, pid=pids[h][k],
                                   tb=sig_tb(6, pids[h][k]), time=tf) for k in range(8)],
                             tid=88012, sigterm_pids=[])
        b.add(f"{h}/torchrun.log", L)
    b.add("fr_trace_summary.txt", [
        f"$ python -m torch.distributed.flight_recorder.fr_trace /mnt/lake/vlm/qwen2vl-sft/fr_dumps -j",
        "loaded 16 files in 2.31s",
        "built groups, memberships",
        f"Not all ranks joining collective {seq} at entry 14822",
        "group info: 0:default_pg",
        "collective: nccl:_allgather_base",
        "missing ranks: set()",
        "input sizes: [[1327104]] (ranks 5, 12)  vs  [[3211264]] (ranks 0-4, 6-11, 13-15)",
        "output sizes: [[21233664]] vs [[51380224]]",
        "expected ranks: 16",
        "collective state: scheduled",
        "Mismatch in collective sizes found at sequence number "
        f"{seq}: all 16 ranks enqueued an _allgather_base, but with two different sizes",
        "collective stack trace (rank 5):",
        "  deepspeed/runtime/zero/partitioned_param_coordinator.py:fetch_sub_module",
        "  deepspeed/runtime/zero/parameter_offload.py:pre_sub_module_forward_function",
        "  transformers/models/qwen2_vl/modeling_qwen2_vl.py:Qwen2VisionTransformerPretrainedModel.forward",
        "collective stack trace (rank 0):",
        "  deepspeed/runtime/zero/partitioned_param_coordinator.py:fetch_sub_module",
        "  deepspeed/runtime/zero/parameter_offload.py:pre_sub_module_forward_function",
        "  transformers/models/qwen2_vl/modeling_qwen2_vl.py:Qwen2DecoderLayer.forward",
    ])
    b.add("ml-h100-n31/py-spy_rank5.txt", [
        f"Process {pids['ml-h100-n31'][5]}: /usr/bin/python3 -u train.py --deepspeed ds_z3.json --data mix_img_text_v3.yaml",
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        f"Thread {pids['ml-h100-n31'][5]} (idle): \"MainThread\"",
        "    synchronize (torch/cuda/streams.py:97)",
        "    __all_gather_params_ (deepspeed/runtime/zero/partitioned_param_coordinator.py:461)",
        "    fetch_sub_module (deepspeed/runtime/zero/partitioned_param_coordinator.py:333)",
        "    pre_sub_module_forward_function (deepspeed/runtime/zero/parameter_offload.py:484)",
        "    _pre_forward_module_hook (deepspeed/runtime/zero/parameter_offload.py:362)",
        "    _call_impl (torch/nn/modules/module.py:1592)",
        "    forward (transformers/models/qwen2_vl/modeling_qwen2_vl.py:1031)",
        "    forward (transformers/models/qwen2_vl/modeling_qwen2_vl.py:1692)",
        f"    compute_loss ({wd}/vlm_trainer.py:118)",
        "    training_step (transformers/trainer.py:3485)",
        "    _inner_training_loop (transformers/trainer.py:2388)",
        f"    main ({wd}/train.py:204)",
    ])
    b.add("ml-h100-n31/py-spy_rank0.txt", [
        f"Process {pids['ml-h100-n31'][0]}: /usr/bin/python3 -u train.py --deepspeed ds_z3.json --data mix_img_text_v3.yaml",
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        f"Thread {pids['ml-h100-n31'][0]} (idle): \"MainThread\"",
        "    synchronize (torch/cuda/streams.py:97)",
        "    __all_gather_params_ (deepspeed/runtime/zero/partitioned_param_coordinator.py:461)",
        "    fetch_sub_module (deepspeed/runtime/zero/partitioned_param_coordinator.py:333)",
        "    pre_sub_module_forward_function (deepspeed/runtime/zero/parameter_offload.py:484)",
        "    _pre_forward_module_hook (deepspeed/runtime/zero/parameter_offload.py:362)",
        "    _call_impl (torch/nn/modules/module.py:1592)",
        "    forward (transformers/models/qwen2_vl/modeling_qwen2_vl.py:789)",
        "    forward (transformers/models/qwen2_vl/modeling_qwen2_vl.py:1206)",
        "    forward (transformers/models/qwen2_vl/modeling_qwen2_vl.py:1707)",
        f"    compute_loss ({wd}/vlm_trainer.py:118)",
        "    training_step (transformers/trainer.py:3485)",
        "    _inner_training_loop (transformers/trainer.py:2388)",
        f"    main ({wd}/train.py:204)",
    ])
    b.add("data_mix.yaml", [
        "# mix_img_text_v3.yaml",
        "datasets:",
        "  - name: llava_665k_images   # image-text",
        "    weight: 0.15",
        "  - name: sharegpt_text_only   # pure text, no pixel_values",
        "    weight: 0.85",
        "per_device_train_batch_size: 1",
        "group_by_modality_length: false",
    ])
    for h in hosts:
        b.add(f"{h}/nvidia-smi.txt", smi_table(add(t0, 3600 * 1.7), gpus_healthy(rng, util=(100, 100), pwr=(118, 131)), [
            (i, pids[h][i], "/usr/bin/python3", rng.randint(61000, 70000)) for i in range(8)], driver="550.127.05", cuda="12.4"))
    b.label("hang", "script", None, None, "stop",
            "All 16 ranks reach the same all-gather sequence number but with two different sizes: ranks 5 and 12 "
            "are gathering the vision tower (their micro-batch has an image) while the others gather a text "
            "decoder layer. ZeRO-3 parameter fetch diverges because the model's forward path depends on the data, a "
            "program-level deadlock, not a slow or broken rank.",
            "https://github.com/deepspeedai/DeepSpeed/issues/7170")
    return b


# =====================================================================================  az26
def az26():
    rng = rng_for(26)
    b = Bundle("az26_deepspeed_job_exit_prints_nccl_warnings")
    hosts = ["dgx-a100-017", "dgx-a100-018"]
    ips = ["10.9.2.17", "10.9.2.18"]
    t0 = T("2024-04-21 18:40:03.551")
    wd = "/raid/shared/cs-nlp/t5-xl-ft"
    args = "--model_name google/t5-v1_1-xl --deepspeed ds_zero2.json --num_train_epochs 3 --output_dir /raid/shared/cs-nlp/out/t5xl-run14"
    log = ds_runner_header(t0, hosts, ips[0], wd, "run_seq2seq.py", args)
    pids = {h: pidseq(rng, 50000, 70000) for h in hosts}
    ev = []
    for ni, h in enumerate(hosts):
        tn = add(t0, 2.8 + ni * 0.2)
        ev += [(tn, f"{h}: {l}") for l in ds_launch_node(tn, h, ni, hosts, pids[h], "run_seq2seq.py", args)]
    st = add(t0, 400)
    total = 12630
    for step in range(50, total + 1, 50):
        st = add(st, 50 * 3.18 + rng.random())
        ev.append((st, f"dgx-a100-017: {{'loss': {1.9 * (0.97 ** (step / 500)) + rng.uniform(-0.04, 0.04):.4f}, 'grad_norm': {rng.uniform(0.3, 0.9):.4f}, 'learning_rate': {3e-5 * (1 - step / total):.4e}, 'epoch': {3 * step / total:.2f}}}"))
        if step == 2300:
            tw = add(st, 12)
            ev.append((tw, "dgx-a100-018: " + nccl("dgx-a100-018", pids["dgx-a100-018"][5], pids["dgx-a100-018"][5] + 91, 5,
                                                   "NET/IB : Got async event : port error", kind="WARN")))
            ev.append((add(tw, 3.2), "dgx-a100-018: " + nccl("dgx-a100-018", pids["dgx-a100-018"][5], pids["dgx-a100-018"][5] + 91, 5,
                                                             "NET/IB : Got async event : port active", kind="WARN")))
        if step % 4210 == 0:
            ev.append((add(st, 1), f"dgx-a100-017: Saving model checkpoint to /raid/shared/cs-nlp/out/t5xl-run14/checkpoint-{step}"))
            ev.append((add(st, 2), "dgx-a100-017: " + dslog(add(st, 2), "INFO", "logging.py:96:log_dist",
                                                            f"[Rank 0] [Torch] Checkpoint global_step{step} is about to be saved!")))
            ev.append((add(st, 31), "dgx-a100-017: " + dslog(add(st, 31), "INFO", "engine.py:3488:_save_zero_checkpoint",
                                                             f"zero checkpoint saved /raid/shared/cs-nlp/out/t5xl-run14/checkpoint-{step}/global_step{step}/zero_pp_rank_0_mp_rank_00_optim_states.pt")))
    te = add(st, 5)
    ev.append((te, "dgx-a100-017: Training completed. Do not forget to share your model on huggingface.co/models =)"))
    ev.append((te, "dgx-a100-017: "))
    ev.append((add(te, 0.2), f"dgx-a100-017: {{'train_runtime': {(te - t0).total_seconds() - 400:.4f}, 'train_samples_per_second': 40.918, 'train_steps_per_second': 0.314, 'train_loss': 1.2071846, 'epoch': 3.0}}"))
    ev.append((add(te, 1), "dgx-a100-017: Saving model checkpoint to /raid/shared/cs-nlp/out/t5xl-run14"))
    ev.append((add(te, 9), "dgx-a100-017: ***** train metrics *****"))
    ev.append((add(te, 9), "dgx-a100-017:   epoch                    =        3.0"))
    ev.append((add(te, 9), "dgx-a100-017:   train_loss               =     1.2072"))
    ev.append((add(te, 9), "dgx-a100-017:   train_samples            =     269441"))
    tx = add(te, 12)
    for ni, h in enumerate(hosts):
        for k in range(8):
            r = ni * 8 + k
            tk = add(tx, rng.random() * 0.8)
            ev.append((tk, f"{h}: " + c10d(r, "W", tk, "ProcessGroupNCCL.cpp:1250",
                                          "Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())", rng)))
            if k in (2, 6):
                ev.append((add(tk, 0.1), f"{h}: " + nccl(h, pids[h][k], pids[h][k] + 1201, k,
                                                         "[Service thread] Error encountered progressing operation=Connect, res=3, closing connection", kind="WARN")))
                ev.append((add(tk, 0.1), f"{h}: " + nccl(h, pids[h][k], pids[h][k] + 1201, k,
                                                         "[Proxy Service 13] Failed to execute operation Close from rank 13, retcode 3", kind="WARN")))
            if k == 4:
                for l in ["Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x7f12b81c9e10>",
                          "Traceback (most recent call last):",
                          f'  File "{PY}/torch/utils/data/dataloader.py", line 1479, in __del__',
                          "    self._shutdown_workers()",
                          f'  File "{PY}/torch/utils/data/dataloader.py", line 1437, in _shutdown_workers',
                          "    if self._persistent_workers or self._workers_status[worker_id]:",
                          "AttributeError: '_MultiProcessingDataLoaderIter' object has no attribute '_workers_status'"]:
                    ev.append((add(tk, 0.2), f"{h}: {l}"))
        for k in range(8):
            tk = add(tx, 2 + k * 0.05)
            ev.append((tk, f"{h}: " + dslog(tk, "INFO", "launch.py:351:main", f"Process {pids[h][k]} exits successfully.")))
    ev.sort(key=lambda x: x[0])
    log += [l for _, l in ev]
    b.add("deepspeed_run.log", log)
    b.add("run14_exit_status.txt", ["$ deepspeed --hostfile hostfile run_seq2seq.py ...; echo \"exit=$?\"", "exit=0",
                                    "$ ls /raid/shared/cs-nlp/out/t5xl-run14",
                                    "added_tokens.json  checkpoint-4210  checkpoint-8420  checkpoint-12630  config.json  generation_config.json  "
                                    "model.safetensors  special_tokens_map.json  spiece.model  tokenizer_config.json  trainer_state.json  training_args.bin"])
    for i, h in enumerate(hosts):
        b.add(f"{h}/nvidia-smi.txt", smi_table(add(tx, 30), gpus_healthy(rng, pci=PCI_A100, used=(1, 4), util=(0, 0), pwr=(55, 62), cap=400,
                                                                        total=81920), [], driver="535.161.08",
                                               model="NVIDIA A100-SXM4-80GB"))
        boot = T("2024-04-02 11:15:00")
        b.add(f"{h}/dmesg.txt", boot_dmesg(rng, h, add(boot, i * 60)))
    b.label("unknown", "framework", None, None, "none",
            "The run finished: HF Trainer prints 'Training completed', saves the final model, every DeepSpeed "
            "launcher reports 'exits successfully' and the launcher exits 0. The ProcessGroupNCCL destruct warnings, "
            "NCCL proxy close warnings and DataLoader __del__ noise are shutdown chatter, and the port error at step 2300 recovered within seconds.",
            "https://github.com/pytorch/pytorch/issues/126275")
    return b


# =====================================================================================  az28
def az28():
    rng = rng_for(28)
    b = Bundle("az28_throughput_drops_after_step_3000")
    hosts = [f"gpu-a3-00{i}" for i in range(1, 9)]
    bad, bad_gpu = "gpu-a3-006", 6
    bad_rank = hosts.index(bad) * 8 + bad_gpu
    t0 = T("2024-11-12 02:00:00.000")
    wd = "/fsx/teams/search/bert-xxl"
    args = "--config cfg/encoder_xxl.yaml --deepspeed cfg/ds_z2.json"
    log = ds_runner_header(t0, hosts, "10.4.0.11", wd, "pretrain_encoder.py", args)
    pids = {h: pidseq(rng, 20000, 30000) for h in hosts}
    ev = []
    for ni, h in enumerate(hosts):
        tn = add(t0, 3 + 0.1 * ni)
        ev += [(tn, f"{h}: {l}") for l in ds_launch_node(tn, h, ni, hosts, pids[h], "pretrain_encoder.py", args)]
    st = add(t0, 300)
    slow_from = 3060
    step = 0
    cum_s, cum_t = 0, 0.0
    while step < 4400:
        step += 20
        slow = step >= slow_from
        dt_step = (1.52 if not slow else 2.31) + rng.uniform(-0.02, 0.02)
        st = add(st, 20 * dt_step)
        sps = 64 * 32 / dt_step
        cum_s += 20 * 64 * 32
        cum_t += 20 * dt_step
        ev.append((st, "gpu-a3-001: " + dslog(st, "INFO", "logging.py:96:log_dist",
                                              f"[Rank 0] step={step}, skipped=0, lr=[{1e-4:.17f}], mom=[(0.9, 0.999)]")))
        ev.append((st, "gpu-a3-001: " + dslog(st, "INFO", "timer.py:258:stop",
                                              f"epoch=0/micro_step={step}/global_step={step}, RunningAvgSamplesPerSec={cum_s / cum_t:.4f}, CurrSamplesPerSec={sps + rng.uniform(-9, 9):.4f}, MemAllocated=18.2GB, MaxMemAllocated=39.4GB")))
        if step % 200 == 0:
            ev.append((st, "gpu-a3-001: " + dslog(st, "INFO", "logging.py:96:log_dist",
                                                  f"[Rank 0] time (ms) | fwd_microstep: {420 + rng.uniform(-6, 6):.2f} | bwd_microstep: {(810 if not slow else 812) + rng.uniform(-8, 8):.2f} | "
                                                  f"bwd_inner_microstep: {790 + rng.uniform(-8, 8):.2f} | bwd_allreduce_microstep: {(198 if not slow else 965) + rng.uniform(-9, 9):.2f} | step_microstep: {88 + rng.uniform(-3, 3):.2f}")))
    ev.sort(key=lambda x: x[0])
    log += [l for _, l in ev]
    b.add("deepspeed_launcher.log", log)
    # per-rank compute timing from the user's callback, averaged over windows
    csv = ["window_steps,rank,host,local_rank,fwd_ms,bwd_compute_ms,allreduce_wait_ms,step_ms"]
    for win, slow in (("2800-3000", False), ("4200-4400", True)):
        for ni, h in enumerate(hosts):
            for k in range(8):
                r = ni * 8 + k
                is_bad = (r == bad_rank and slow)
                fwd = 420 + rng.uniform(-5, 5) + (265 if is_bad else 0)
                bwd = 790 + rng.uniform(-9, 9) + (505 if is_bad else 0)
                step_ms = (1520 if not slow else 2310) + rng.uniform(-4, 4)
                wait = step_ms - fwd - bwd - 88
                csv.append(f"{win},{r},{h},{k},{fwd:.1f},{bwd:.1f},{wait:.1f},{step_ms:.1f}")
    b.add("step_timing_per_rank.csv", csv)
    ts = T("2024-11-12 04:14:30")
    for ni, h in enumerate(hosts):
        L = ["", "==============NVSMI LOG==============", "", f"Timestamp                                 : {ts:%a %b %d %H:%M:%S %Y}",
             "Driver Version                            : 550.90.07", "CUDA Version                              : 12.4", "",
             "Attached GPUs                             : 8"]
        for g in range(8):
            hot = (h == bad and g == bad_gpu)
            pwrcap = (g in (1, 4) and h in ("gpu-a3-002", "gpu-a3-007"))
            L += [f"GPU 00000000:{PCI_H100[g].upper()}:00.0",
                  "    Performance State                     : P0",
                  "    Clocks Event Reasons",
                  "        Idle                              : Not Active",
                  "        Applications Clocks Setting       : Not Active",
                  f"        SW Power Cap                      : {'Active' if pwrcap else 'Not Active'}",
                  f"        HW Slowdown                       : {'Active' if hot else 'Not Active'}",
                  f"            HW Thermal Slowdown           : {'Active' if hot else 'Not Active'}",
                  "            HW Power Brake Slowdown       : Not Active",
                  "        Sync Boost                        : Not Active",
                  f"        SW Thermal Slowdown               : {'Active' if hot else 'Not Active'}",
                  "        Display Clock Setting             : Not Active",
                  "    Temperature",
                  f"        GPU Current Temp                  : {91 if hot else rng.randint(44, 58)} C",
                  "        GPU T.Limit Temp                  : " + ("-4 C" if hot else f"{rng.randint(27, 40)} C"),
                  "        GPU Shutdown T.Limit Temp         : -5 C",
                  "        GPU Slowdown T.Limit Temp         : -2 C",
                  "        GPU Max Operating T.Limit Temp    : 0 C",
                  f"        Memory Current Temp               : {92 if hot else rng.randint(50, 64)} C",
                  "    Clocks",
                  f"        Graphics                          : {1215 if hot else 1980} MHz",
                  f"        SM                                : {1215 if hot else 1980} MHz",
                  "        Memory                            : 2619 MHz",
                  "        Video                             : 1545 MHz",
                  "    Max Clocks",
                  "        Graphics                          : 1980 MHz",
                  "        SM                                : 1980 MHz",
                  ""]
        b.add(f"{h}/nvidia-smi-q-perf.txt", L)
        sel = ["  1 | 11/01/2024 | 07:10:02 | Event Logging Disabled #0x07 | Log area reset/cleared | Asserted"]
        if h == bad:
            sel += ["  2 | 11/12/2024 | 03:19:41 | Fan FAN_6 | Lower Critical going low  | Asserted | Reading 1200 < Threshold 2400 RPM",
                    "  3 | 11/12/2024 | 03:20:06 | Fan FAN_6 | Lower Non-recoverable going low  | Asserted | Reading 0 < Threshold 600 RPM",
                    "  4 | 11/12/2024 | 03:22:12 | Temperature GPU6_Temp | Upper Non-critical going high | Asserted | Reading 87 > Threshold 85 degrees C"]
        b.add(f"{h}/ipmitool_sel.txt", sel)
    b.label("straggler", "infrastructure", bad, bad_rank, "restart_without_node",
            "Throughput drops from about 1350 to 890 samples/s at step ~3060 with no crash. Per-rank timing shows "
            "only rank 46 computing slower (everyone else waits longer in allreduce), and gpu-a3-006 GPU 6 is in HW "
            "thermal slowdown at 91 C with its SM clock at 1215 MHz after the BMC logged fan FAN_6 failing.",
            "https://docs.nvidia.com/deploy/nvidia-smi/index.html")
    return b


CASES = [az01, az02, az17, az20, az21, az26, az28]
