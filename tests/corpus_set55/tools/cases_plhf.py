"""PyTorch Lightning / HF Accelerate / Trainer cases: az03, az08, az09, az10, az13, az24."""
from __future__ import annotations

from kit import (pbar, pidseq, PCI_A100, PCI_H100, PY, Bundle, T, add, c10d, dmesg_T, dmesg_raw, elastic_failure, glog,
                 gpus_healthy, iso, journal, nccl, nccl_remote_error, pyts, rng_for, sig_tb, smi_table, syslog,
                 traceback, watchdog_timeout, xid)

CONDA = "/opt/conda/lib/python3.10/site-packages"
PL = f"{PY}/lightning"


# =====================================================================================  az03
def az03():
    rng = rng_for(3)
    b = Bundle("az03_import_fails_undefined_symbol_on_every_rank")
    hosts = ["ip-10-1-34-17", "ip-10-1-34-88", "ip-10-1-35-140"]
    t0 = T("2024-07-02 15:20:09")
    wd = "/home/ubuntu/sft"
    for ni, h in enumerate(hosts):
        L = [f"ubuntu@{h}:~/sft$ accelerate launch --config_file fsdp_3node.yaml --machine_rank {ni} train.py --model meta-llama/Meta-Llama-3-8B --attn flash_attention_2",
             "The following values were not passed to `accelerate launch` and had defaults used instead:",
             "\t`--dynamo_backend` was set to a value of `'no'`",
             "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.",
             glog("W", add(t0, 2), 39012 + ni, "torch/distributed/run.py:779", ""),
             glog("W", add(t0, 2), 39012 + ni, "torch/distributed/run.py:779", "*****************************************"),
             glog("W", add(t0, 2), 39012 + ni, "torch/distributed/run.py:779", "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "),
             glog("W", add(t0, 2), 39012 + ni, "torch/distributed/run.py:779", "*****************************************")]
        pids = pidseq(rng, 20000, 40000)
        for k in range(8):
            r = ni * 8 + k
            L += traceback([
                (f"{CONDA}/transformers/utils/import_utils.py", 1603, "_get_module", 'return importlib.import_module("." + module_name, self.__name__)'),
                ("/opt/conda/lib/python3.10/importlib/__init__.py", 126, "import_module", "return _bootstrap._gcd_import(name[level:], package, level)"),
                ("<frozen importlib._bootstrap>", 1050, "_gcd_import", None),
                ("<frozen importlib._bootstrap>", 1027, "_find_and_load", None),
                ("<frozen importlib._bootstrap>", 1006, "_find_and_load_unlocked", None),
                ("<frozen importlib._bootstrap>", 688, "_load_unlocked", None),
                ("<frozen importlib._bootstrap_external>", 883, "exec_module", None),
                ("<frozen importlib._bootstrap>", 241, "_call_with_frames_removed", None),
                (f"{CONDA}/transformers/models/llama/modeling_llama.py", 54, "<module>", "from flash_attn import flash_attn_func, flash_attn_varlen_func"),
                (f"{CONDA}/flash_attn/__init__.py", 3, "<module>", "from flash_attn.flash_attn_interface import ("),
                (f"{CONDA}/flash_attn/flash_attn_interface.py", 10, "<module>", "import flash_attn_2_cuda as flash_attn_cuda"),
            ], f"ImportError: {CONDA}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
                prefix=f"[rank{r}]: ")
            L += [f"[rank{r}]: ", f"[rank{r}]: The above exception was the direct cause of the following exception:", f"[rank{r}]: "]
            L += traceback([
                (f"{wd}/train.py", 31, "<module>", "main()"),
                (f"{wd}/train.py", 18, "main", "model = AutoModelForCausalLM.from_pretrained(args.model, torch_dtype=torch.bfloat16, attn_implementation=args.attn)"),
                (f"{CONDA}/transformers/models/auto/auto_factory.py", 563, "from_pretrained", "model_class = _get_model_class(config, cls._model_mapping)"),
                (f"{CONDA}/transformers/models/auto/auto_factory.py", 384, "_get_model_class", "supported_models = model_mapping[type(config)]"),
                (f"{CONDA}/transformers/utils/import_utils.py", 1593, "__getattr__", "module = self._get_module(self._class_to_module[name])"),
                (f"{CONDA}/transformers/utils/import_utils.py", 1605, "_get_module", "raise RuntimeError("),
            ], "RuntimeError: Failed to import transformers.models.llama.modeling_llama because of the following error (look up to see its traceback):\n"
               f"{CONDA}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
                prefix=f"[rank{r}]: ")
        tf = add(t0, 19 + ni * 0.4)
        L += [glog("W", add(tf, -0.6), 39012 + ni, "torch/distributed/elastic/multiprocessing/api.py:858", f"Sending process {pids[k]} closing signal SIGTERM") for k in range(1, 8)]
        L += elastic_failure(tf, h, "train.py", [dict(rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0], time=tf)], tid=39012 + ni,
                             binary="/opt/conda/bin/python3.10")
        b.add(f"{h}/accelerate_launch.log", L)
        J = [syslog(T("2024-07-01 08:11:02"), h, "kernel", "Linux version 6.5.0-1022-aws (buildd@lcy02-amd64-101)"),
             syslog(T("2024-07-01 08:11:31"), h, "kernel", "efa 0000:10:1c.0: Setup irq:0x1 name:efa-mgmnt@pci:0000:10:1c.0")]
        if h == "ip-10-1-35-140":
            J += [syslog(T("2024-07-02 14:11:51"), h, "kernel", "ena 0000:20:00.0 ens32: Keep alive watchdog timeout."),
                  syslog(T("2024-07-02 14:11:51"), h, "kernel", "ena 0000:20:00.0 ens32: Trigger reset is on"),
                  syslog(T("2024-07-02 14:11:54"), h, "kernel", "ena 0000:20:00.0 ens32: Device reset completed successfully, Driver info: Elastic Network Adapter (ENA) v2.12.0g")]
        b.add(f"{h}/syslog", J)
    b.add("ip-10-1-34-17/pip_freeze_subset.txt", [
        "accelerate==0.31.0", "flash-attn==2.5.8", "torch==2.4.0", "torchvision==0.19.0", "transformers==4.42.3",
        "# image: ml-platform/sft-base:0702 (nightly platform rebuild)",
        "#   torch 2.4.0 comes from the new base layer (pytorch 2.4 DLC)",
        "#   flash-attn 2.5.8 wheel reused from the platform wheel cache, built 2024-06-03 against torch 2.3.0+cu121"])
    b.add("fsdp_3node.yaml", ["compute_environment: LOCAL_MACHINE", "distributed_type: FSDP", "fsdp_config:",
                              "  fsdp_sharding_strategy: FULL_SHARD", "  fsdp_state_dict_type: SHARDED_STATE_DICT",
                              "main_process_ip: 10.1.34.17", "main_process_port: 29500", "mixed_precision: bf16",
                              "num_machines: 3", "num_processes: 24", "rdzv_backend: static", "same_network: true"])
    b.label("dependency", "framework", None, None, "stop",
            "All 24 ranks on all three nodes fail at import: the flash-attn 2.5.8 extension was built against "
            "torch 2.3 and after upgrading torch to 2.4 it has an undefined c10 symbol. The ENA reset on "
            "ip-10-1-35-140 was an hour earlier and recovered.",
            "https://github.com/Dao-AILab/flash-attention/issues/966")
    return b


# =====================================================================================  az08
def az08():
    rng = rng_for(8)
    b = Bundle("az08_lightning_epochs_slow_on_all_nodes")
    hosts = ["sky-h100-01", "sky-h100-02", "sky-h100-03", "sky-h100-04"]
    job = 4410278
    t0 = T("2025-04-08 07:00:31")
    snap = T("2025-04-08 13:12:50")
    out = [f"[{t0:%Y-%m-%d %H:%M:%S}] job {job} start on {','.join(hosts)}",
           "Seed set to 1234",
           "Using bfloat16 Automatic Mixed Precision (AMP)",
           "GPU available: True (cuda), used: True",
           "TPU available: False, using: 0 TPU cores",
           "HPU available: False, using: 0 HPUs"]
    for r in range(32):
        out.append(f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/32")
    out += ["----------------------------------------------------------------------------------------------------",
            "distributed_backend=nccl",
            "All distributed processes registered. Starting with 32 processes",
            "----------------------------------------------------------------------------------------------------",
            "",
            "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
            "",
            "  | Name      | Type              | Params | Mode ",
            "--------------------------------------------------------",
            "0 | backbone  | VisionTransformer | 632 M  | train",
            "1 | head      | Linear            | 1.3 M  | train",
            "2 | criterion | CrossEntropyLoss  | 0      | train",
            "--------------------------------------------------------",
            "633 M     Trainable params",
            "0         Non-trainable params",
            "633 M     Total params",
            "2,534.103 Total estimated model params size (MB)",
            f"{PL}/pytorch/trainer/connectors/data_connector.py:424: The 'train_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=11` in the `DataLoader` to improve performance.",
            f"{PL}/pytorch/trainer/connectors/data_connector.py:424: The 'val_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=11` in the `DataLoader` to improve performance."]
    total = 5005
    el = 0
    it = 0
    while el < (snap - t0).total_seconds() - 120:
        it += 25
        el = it * 4.46 + rng.uniform(-3, 3)
        rate = it / el
        rem = (total - it) / rate
        out.append(f"Epoch 0:  {it * 100 // total:>2}%|{'█' * (it * 10 // total):<10}| {it}/{total} [{int(el) // 3600}:{int(el) % 3600 // 60:02d}:{int(el) % 60:02d}<{int(rem) // 3600}:{int(rem) % 3600 // 60:02d}:{int(rem) % 60:02d},  {1 / rate:.2f}s/it, v_num=7, train_loss={6.9 - 2.1 * it / total + rng.uniform(-0.1, 0.1):.3f}]")
    b.add(f"slurm-{job}.out", out)
    b.add("squeue_and_history.txt", [
        "$ squeue -j 4410278 -o '%.10i %.20j %.8T %.12M %.6D %R'",
        "     JOBID                 NAME    STATE         TIME  NODES NODELIST(REASON)",
        f"   {job}      vit-g-inat21   RUNNING      6:12:19      4 sky-h100-[01-04]",
        "",
        "$ sacct -u mweiss -S 2025-03-01 --name vit-g-inat21,vit-g-inat21-bench -o JobID,JobName,NNodes,Elapsed,State",
        "       JobID    JobName   NNodes    Elapsed      State",
        "     4388120 vit-g-inat21-bench   1   00:41:22  COMPLETED",
        "     4401977 vit-g-inat21-bench   1   00:40:57  COMPLETED",
        f"     {job} vit-g-inat21   4   06:12:19    RUNNING",
        "",
        "# bench notes (README in repo): 1 node, synthetic in-memory tensors, 0.47 s/it",
    ])
    b.add("datamodule_snippet.py", [
        "class INat21DataModule(L.LightningDataModule):",
        "    def train_dataloader(self):",
        "        return DataLoader(",
        "            JpegFolderDataset(self.root, transform=self.train_tf),  # PIL decode + RandAugment per sample",
        "            batch_size=64,",
        "            num_workers=1,",
        "            pin_memory=True,",
        "            shuffle=True,",
        "        )",
    ])
    for ni, h in enumerate(hosts):
        pids = pidseq(rng, 100000, 150000)
        dmon = ["# gpu    pwr  gtemp  mtemp     sm    mem    enc    dec    jpg    ofa   mclk   pclk",
                "# Idx      W      C      C      %      %      %      %      %      %    MHz    MHz"]
        for s in range(20):
            for g in range(8):
                busy = rng.random() < 0.2
                dmon.append(f"    {g}    {rng.randint(260, 420) if busy else rng.randint(118, 160):>3}     {rng.randint(36, 44)}     {rng.randint(40, 50)}    {rng.randint(55, 98) if busy else rng.randint(0, 9):>3}    {rng.randint(10, 35) if busy else rng.randint(0, 3):>3}      0      0      0      0   2619   1980")
        b.add(f"{h}/nvidia-smi-dmon.txt", dmon)
        top = [f"top - {snap:%H:%M:%S} up 12 days,  3:41,  0 users,  load average: 17.10, 17.04, 16.98",
               "Tasks: 1021 total,  17 running, 1004 sleeping,   0 stopped,   0 zombie",
               "%Cpu(s): 16.9 us,  0.8 sy,  0.0 ni, 82.1 id,  0.0 wa,  0.0 hi,  0.2 si,  0.0 st",
               "MiB Mem : 2063781.4 total, 1804112.6 free, 201442.7 used,  58226.1 buff/cache",
               "",
               "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND"]
        for k in range(8):
            top.append(f"{pids[k] + 40:>7} mweiss    20   0   31.2g   3.1g 201200 R  99.7   0.2 371:0{rng.randint(0, 9)}.{rng.randint(10, 99)} pt_data_worker")
        for k in range(8):
            top.append(f"{pids[k]:>7} mweiss    20   0  118.4g  14.9g   1.1g S  {rng.uniform(18, 30):.1f}   0.7  91:{rng.randint(10, 59)}.{rng.randint(10, 99)} python")
        top.append(f"{'   2211':>7} root      20   0       0      0      0 S   0.3   0.0   1:12.04 kworker/u386:2-events_unbound")
        b.add(f"{h}/top.txt", top)
        b.add(f"{h}/lscpu_summary.txt", ["CPU(s):                          192", "Thread(s) per core:              2",
                                          "Model name:                      AMD EPYC 9654 96-Core Processor"])
        b.add(f"{h}/clocks_throttle.txt", [f"GPU {g}: clocks_event_reasons.active=0x0000000000000000 (Idle/None), sm=1980 MHz, temp={rng.randint(36, 45)} C" for g in range(8)])
    b.add("sky-h100-01/py-spy_rank0.txt", [
        f"Process 10{rng.randint(1000, 9999)}: python train.py fit --config configs/vitg_inat21.yaml",
        "Python v3.11.9 (/opt/conda/bin/python3.11)",
        "",
        "Thread 0x7F9A3B1C6740 (idle): \"MainThread\"",
        "    wait (threading.py:331)",
        "    get (queue.py:180)",
        "    _try_get_data (torch/utils/data/dataloader.py:1133)",
        "    _get_data (torch/utils/data/dataloader.py:1294)",
        "    _next_data (torch/utils/data/dataloader.py:1332)",
        "    __next__ (torch/utils/data/dataloader.py:630)",
        "    __next__ (lightning/pytorch/loops/fetchers.py:134)",
        "    advance (lightning/pytorch/loops/training_epoch_loop.py:212)",
        "    run (lightning/pytorch/loops/training_epoch_loop.py:140)",
        "    advance (lightning/pytorch/loops/fit_loop.py:355)",
        "    run (lightning/pytorch/loops/fit_loop.py:205)",
        "    _run_stage (lightning/pytorch/trainer/trainer.py:1025)",
        "    fit (lightning/pytorch/trainer/trainer.py:543)",
        "Thread 0x7F98F2FFD640 (idle): \"pin_memory\"",
        "    wait (threading.py:331)",
        "    get (queue.py:180)",
        "    do_one_step (torch/utils/data/_utils/pin_memory.py:31)",
    ])
    b.label("straggler", "script", None, None, "stop",
            "Nothing crashed, but every GPU on all four nodes sits mostly idle (sm 0-9%, no throttling) at ~4.5 s/it "
            "versus 0.47 s/it in the synthetic-data bench. Each rank has a single DataLoader worker pegged at 100% CPU "
            "decoding JPEGs, rank 0's main thread waits on the worker queue, and Lightning warns about num_workers.",
            "https://github.com/Lightning-AI/pytorch-lightning/pull/18591")
    return b


# =====================================================================================  az09
def az09():
    rng = rng_for(9)
    b = Bundle("az09_trainer_sees_seven_gpus_on_one_node")
    hosts = [f"gpu-st-p4d-24xlarge-{i}" for i in range(1, 5)]
    bad = "gpu-st-p4d-24xlarge-3"
    bi = hosts.index(bad)
    job = 3117
    t0 = T("2024-05-14 23:05:40")
    out = [f"+ srun --ntasks-per-node=8 python train_lit.py --trainer.num_nodes 4 --trainer.devices 8 --trainer.strategy ddp"]
    ev = []
    for ni, h in enumerate(hosts):
        for k in range(8):
            r = ni * 8 + k
            ts = add(t0, 22 + rng.random() * 2)
            if h == bad:
                tb = traceback([
                    ("/fsx/jobs/seg-lit/train_lit.py", 88, "<module>", "cli = LightningCLI(SegModule, SegDataModule, save_config_kwargs={\"overwrite\": True})"),
                    (f"{PL}/pytorch/cli.py", 394, "__init__", "self.instantiate_classes()"),
                    (f"{PL}/pytorch/cli.py", 711, "instantiate_classes", "self.trainer = self.instantiate_trainer()"),
                    (f"{PL}/pytorch/cli.py", 750, "instantiate_trainer", "return self._instantiate_trainer(trainer_config, extra_callbacks)"),
                    (f"{PL}/pytorch/utilities/argparse.py", 70, "insert_env_defaults", "return fn(self, **kwargs)"),
                    (f"{PL}/pytorch/trainer/trainer.py", 401, "__init__", "self._accelerator_connector = _AcceleratorConnector("),
                    (f"{PL}/pytorch/trainer/connectors/accelerator_connector.py", 144, "__init__", "self._set_parallel_devices_and_init_accelerator()"),
                    (f"{PL}/pytorch/trainer/connectors/accelerator_connector.py", 380, "_set_parallel_devices_and_init_accelerator", "self._devices_flag = accelerator_cls.parse_devices(self._devices_flag)"),
                    (f"{PL}/pytorch/accelerators/cuda.py", 88, "parse_devices", "return _parse_gpu_ids(devices, include_cuda=True)"),
                    (f"{PY}/lightning/fabric/utilities/device_parser.py", 102, "_parse_gpu_ids", "return _sanitize_gpu_ids(gpus, include_cuda=include_cuda, include_mps=include_mps)"),
                    (f"{PY}/lightning/fabric/utilities/device_parser.py", 134, "_sanitize_gpu_ids", "raise MisconfigurationException("),
                ], "lightning.fabric.utilities.exceptions.MisconfigurationException: You requested gpu: [0, 1, 2, 3, 4, 5, 6, 7]\n"
                   " But your machine only has: [0, 1, 2, 3, 4, 5, 6]")
                for i, l in enumerate(tb):
                    ev.append((add(ts, i * 1e-5), l))
            else:
                ev.append((ts, f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/32"))
    # rank 0 times out waiting for clients
    tw = add(t0, 24 + 1800.4)
    tb0 = traceback([
        ("/fsx/jobs/seg-lit/train_lit.py", 90, "<module>", "cli.trainer.fit(cli.model, datamodule=cli.datamodule)"),
        (f"{PL}/pytorch/trainer/trainer.py", 543, "fit", "call._call_and_handle_interrupt("),
        (f"{PL}/pytorch/trainer/call.py", 43, "_call_and_handle_interrupt", "return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)"),
        (f"{PL}/pytorch/trainer/trainer.py", 940, "_run", "self.strategy.setup_environment()"),
        (f"{PL}/pytorch/strategies/ddp.py", 154, "setup_environment", "self.setup_distributed()"),
        (f"{PL}/pytorch/strategies/ddp.py", 203, "setup_distributed", "_init_dist_connection(self.cluster_environment, self._process_group_backend, timeout=self._timeout)"),
        (f"{PY}/lightning/fabric/utilities/distributed.py", 297, "_init_dist_connection", "torch.distributed.init_process_group(torch_distributed_backend, rank=global_rank, world_size=world_size, **kwargs)"),
        (f"{PY}/torch/distributed/distributed_c10d.py", 1520, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
        (f"{PY}/torch/distributed/rendezvous.py", 269, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)"),
        (f"{PY}/torch/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore("),
    ], "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined.")
    for i, l in enumerate(tb0):
        ev.append((add(tw, i * 1e-5), l))
    for r in range(1, 32):
        if r // 8 == bi:
            continue
        tr = add(tw, 0.3 + rng.random())
        ev.append((tr, f"[W socket.cpp:{rng.choice([487, 464])}] [c10d] The client socket has failed to connect to [gpu-st-p4d-24xlarge-1]:43217 (errno: 104 - Connection reset by peer)."))
        ev.append((tr, "torch.distributed.DistNetworkError: Connection reset by peer"))
    ev.sort(key=lambda x: x[0])
    out += [l for _, l in ev]
    ev.append((add(t0, 27.3), f"srun: error: {bad}: tasks 16-23: Exited with exit code 1"))
    ev.sort(key=lambda x: x[0])
    out = out[:1] + [l for _, l in ev]
    out += [f"srun: error: gpu-st-p4d-24xlarge-1: tasks 0-7: Exited with exit code 1",
            f"srun: error: gpu-st-p4d-24xlarge-2: tasks 8-15: Exited with exit code 1",
            f"srun: error: gpu-st-p4d-24xlarge-4: tasks 24-31: Exited with exit code 1"]
    b.add(f"slurm-{job}.out", out)
    for ni, h in enumerate(hosts):
        boot_up = 0.0
        D = [f"{dmesg_raw(1.94)} Linux version 5.15.0-1056-aws (buildd@lcy02-amd64-077)",
             f"{dmesg_raw(18.2)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08"]
        if h == bad:
            up = 318221.44
            pci = PCI_A100[7]
            D += [f"{dmesg_raw(up)} NVRM: GPU at PCI:0000:{pci}:00: GPU-a1f3c2d9-7b10-2e4e-91c5-33ab70d2e0f1",
                  f"{dmesg_raw(up)} NVRM: GPU Board Serial Number: 1320321016592",
                  f"{dmesg_raw(up + 0.000004)} " + xid(pci, 79, 88123, "python", "GPU has fallen off the bus."),
                  f"{dmesg_raw(up + 0.000007)} NVRM: GPU 0000:{pci}:00.0: GPU has fallen off the bus.",
                  f"{dmesg_raw(up + 0.000019)} NVRM: A GPU crash dump has been created. If possible, please run",
                  "                 NVRM: nvidia-bug-report.sh as root to collect this data before",
                  "                 NVRM: the NVIDIA kernel module is unloaded.",
                  f"{dmesg_raw(up + 4112.9)} nvidia-uvm: Unloaded the UVM driver."]
            b.add(f"{h}/nvidia-smi.txt", ["Unable to determine the device handle for GPU0000:BD:00.0: GPU is lost.  Reboot the system to recover this GPU"] +
                  smi_table(add(t0, 1900), [dict(g, model="NVIDIA A100-SXM4-40GB") for g in gpus_healthy(rng, n=7, pci=PCI_A100, used=(1, 3), util=(0, 0), pwr=(50, 60), cap=400, total=40960)], [],
                            driver="535.161.08", model="NVIDIA A100-SXM4-40GB"))
            b.add(f"{h}/boot_and_uptime.txt", ["$ uptime -s", "2024-05-11 07:48:03",
                                                "$ last -x | head -3", "reboot   system boot  5.15.0-1056-aws  Sat May 11 07:48   still running"])
        else:
            b.add(f"{h}/nvidia-smi.txt", smi_table(add(t0, 1900), gpus_healthy(rng, pci=PCI_A100, used=(400, 500), util=(0, 0), pwr=(60, 70), cap=400, total=40960), [],
                                                   driver="535.161.08", model="NVIDIA A100-SXM4-40GB"))
        b.add(f"{h}/dmesg.txt", D)
    b.add("slurm_prev_job_on_p4d-3.txt", [
        "       JobID    JobName      State ExitCode               Start                 End   NodeList",
        "        3098   sd-xl-ft     FAILED     1:0 2024-05-14T18:02:15 2024-05-14T23:11:09 gpu-st-p4d-24xlarge-3"])
    b.label("gpu_hardware", "infrastructure", bad, None, "restart_without_node",
            "Only gpu-st-p4d-24xlarge-3's 8 tasks raise Lightning's 'But your machine only has: [0..6]': its GPU 7 "
            "(PCI bd) fell off the bus (Xid 79) during the previous job and nvidia-smi reports it lost. The other three "
            "nodes just wait in init_process_group until rank 0's store times out with 24/32 clients.",
            "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return b


# =====================================================================================  az10
def az10():
    rng = rng_for(10)
    b = Bundle("az10_trainer_resume_cannot_find_checkpoint")
    pods = ["llama3-sft-master-0", "llama3-sft-worker-0"]
    t0 = T("2024-10-21 06:14:02")
    ck = "/mnt/shared/runs/llama3-8b-sft/checkpoint-12000"
    for restart in range(3):
        tr = add(t0, restart * 95)
        for pi, p in enumerate(pods):
            L = [f"{iso(tr)} + accelerate launch --num_machines 2 --num_processes 16 --machine_rank {pi} --main_process_ip llama3-sft-master-0 "
                 f"--main_process_port 23456 sft.py --model_name_or_path meta-llama/Meta-Llama-3-8B --dataset_path /mnt/shared/data/sft_v4 "
                 f"--output_dir /mnt/shared/runs/llama3-8b-sft --save_steps 500 --resume_from_checkpoint {ck}"]
            L.append(f"{iso(add(tr, 40))} Loading checkpoint shards: 100%|██████████| 4/4 [00:0{rng.randint(4, 9)}<00:00,  1.{rng.randint(10, 99)}s/it]")
            for k in range(8):
                r = pi * 8 + k
                L += [f"{iso(add(tr, 52 + k * 0.01))} " + l for l in traceback([
                    ("/app/sft.py", 164, "<module>", "main()"),
                    ("/app/sft.py", 158, "main", "trainer.train(resume_from_checkpoint=script_args.resume_from_checkpoint)"),
                    (f"{PY}/transformers/trainer.py", 1929, "train", "self._load_from_checkpoint(resume_from_checkpoint)"),
                    (f"{PY}/transformers/trainer.py", 2667, "_load_from_checkpoint", "raise ValueError(f\"Can't find a valid checkpoint at {resume_from_checkpoint}\")"),
                ], f"ValueError: Can't find a valid checkpoint at {ck}", prefix=f"[rank{r}]: ")]
            pids = pidseq(rng, 100, 400)
            L += [f"{iso(add(tr, 54))} " + l for l in elastic_failure(add(tr, 54), p, "sft.py",
                                                                        [dict(rank=pi * 8 + k, local_rank=k, exitcode=1, pid=pids[k], time=add(tr, 54)) for k in range(8)],
                                                                        tid=12)]
            b.add(f"{p}/container_logs_restart{restart}.txt", L)
    b.add("kubectl_describe_pods.txt", [
        "Name:             llama3-sft-master-0",
        "Namespace:        ml-ft",
        "Node:             gke-a3-pool-2-9f1c2b7e-x4mn/10.128.0.41",
        "Labels:           training.kubeflow.org/job-name=llama3-sft",
        "                  training.kubeflow.org/replica-type=master",
        "Containers:",
        "  pytorch:",
        "    Image:          us-docker.pkg.dev/acme-ml/train/sft:2024-10-18",
        "    State:          Waiting",
        "      Reason:       CrashLoopBackOff",
        "    Last State:     Terminated",
        "      Reason:       Error",
        "      Exit Code:    1",
        "      Started:      Mon, 21 Oct 2024 06:17:12 +0000",
        "      Finished:     Mon, 21 Oct 2024 06:18:08 +0000",
        "    Restart Count:  2",
        "    Limits:",
        "      nvidia.com/gpu:  8",
        "Events:",
        "  Type     Reason     Age                From     Message",
        "  ----     ------     ----               ----     -------",
        "  Normal   Pulled     4m10s (x3 over 8m) kubelet  Container image \"us-docker.pkg.dev/acme-ml/train/sft:2024-10-18\" already present on machine",
        "  Warning  BackOff    15s (x4 over 2m)   kubelet  Back-off restarting failed container pytorch in pod llama3-sft-master-0_ml-ft(3c1e0a9b-...)",
        "",
        "Name:             llama3-sft-worker-0",
        "Node:             gke-a3-pool-2-9f1c2b7e-q2zd/10.128.0.44",
        "    State:          Waiting",
        "      Reason:       CrashLoopBackOff",
        "    Last State:     Terminated",
        "      Reason:       Error",
        "      Exit Code:    1",
        "    Restart Count:  2",
    ])
    b.add("node_events.txt", [
        "LAST SEEN   TYPE      REASON        OBJECT                               MESSAGE",
        "2h11m       Warning   FailedMount   pod/llama3-sft-master-0              MountVolume.SetUp failed for volume \"shared-fs\" : rpc error: code = DeadlineExceeded desc = context deadline exceeded",
        "2h10m       Normal    Mounted       pod/llama3-sft-master-0              Successfully mounted volume \"shared-fs\"",
    ])
    b.add("debug_pod_ls.txt", [
        "$ kubectl -n ml-ft exec -it fs-debug -- ls -la /mnt/shared/runs/llama3-8b-sft/",
        "total 48",
        "drwxrwxr-x  8 1000 1000 4096 Oct 21 01:02 .",
        "drwxrwxr-x 41 1000 1000 4096 Oct 18 09:14 ..",
        "drwxrwxr-x  2 1000 1000 4096 Oct 20 22:41 checkpoint-10500",
        "drwxrwxr-x  2 1000 1000 4096 Oct 20 23:29 checkpoint-11000",
        "drwxrwxr-x  2 1000 1000 4096 Oct 21 00:17 checkpoint-11500",
        "drwxrwxr-x  2 1000 1000 4096 Oct 20 12:03 logs",
        "-rw-rw-r--  1 1000 1000 1311 Oct 21 01:02 README_run.md",
        "drwxrwxr-x  2 1000 1000 4096 Oct 20 12:03 runs",
        "$ kubectl -n ml-ft exec -it fs-debug -- ls /mnt/shared/runs/llama3-8b-sft/checkpoint-11500",
        "config.json  generation_config.json  model-00001-of-00004.safetensors  model-00002-of-00004.safetensors  "
        "model-00003-of-00004.safetensors  model-00004-of-00004.safetensors  model.safetensors.index.json  "
        "optimizer.pt  rng_state_0.pth  scheduler.pt  trainer_state.json  training_args.bin",
        "$ kubectl -n ml-ft exec -it fs-debug -- df -h /mnt/shared",
        "Filesystem                     Size  Used Avail Use% Mounted on",
        "10.41.0.2:/shared               10T  6.1T  3.9T  62% /mnt/shared",
    ])
    b.label("user_code", "script", None, None, "stop",
            "Every rank in both pods fails in Trainer._load_from_checkpoint, identically on all three container "
            "restarts, because --resume_from_checkpoint names checkpoint-12000, which was never written (the last "
            "is checkpoint-11500). The filesystem is mounted and has free space; the mount timeout was two hours earlier.",
            "https://github.com/huggingface/transformers/pull/10777")
    return b


# =====================================================================================  az13
def az13():
    rng = rng_for(13)
    b = Bundle("az13_checkpoint_write_io_errors_on_three_nodes")
    hosts = ["hpc-g101", "hpc-g102", "hpc-g103", "hpc-g104"]
    job = 1893021
    tsave = T("2025-01-09 03:30:04.100")
    ckdir = "/scratch/proj-vla/ckpt/run-0108/epoch=3-step=24000.ckpt"
    failing = {8: "hpc-g102", 11: "hpc-g102", 17: "hpc-g103", 21: "hpc-g103", 22: "hpc-g103", 29: "hpc-g104"}
    out = ["+ srun python train_vla.py fit --config cfg/vla_7b.yaml"]
    st = T("2025-01-08 20:02:00")
    step = 20000
    while step < 24000:
        step += 50
        st = add(st, 50 * 6.7)
        out.append(pbar("Epoch 3", step - 18000, 6000, 6.7, f"v_num=0108, train/loss={0.81 + rng.uniform(-0.03, 0.03):.3f}"))
    out.append(f"Epoch 3, global step 24000: 'val/loss' reached 0.79412 (best 0.79412), saving model to '{ckdir}' as top 1")
    ev = []
    for r, h in failing.items():
        tr = add(tsave, 9 + rng.random() * 6)
        errno = "[Errno 108] Cannot send after transport endpoint shutdown" if r == 29 else "[Errno 5] Input/output error"
        tb = traceback([
            (f"{PY}/torch/distributed/checkpoint/utils.py", 212, "all_gather", "result = map_fun()"),
            (f"{PY}/torch/distributed/checkpoint/logger.py", 83, "wrapper", "result = func(*args, **kwargs)"),
            (f"{PY}/torch/distributed/checkpoint/state_dict_saver.py", 314, "write_data", "all_writes = storage_writer.write_data(final_local_plan, planner)"),
            (f"{PY}/torch/distributed/checkpoint/filesystem.py", 598, "write_data", "_write_files_from_queue("),
            (f"{PY}/torch/distributed/checkpoint/filesystem.py", 379, "_write_files_from_queue", "_write_item(stream, data, write_item, storage_key)"),
            (f"{PY}/torch/distributed/checkpoint/filesystem.py", 289, "_write_item", "torch.save(data, stream)"),
            (f"{PY}/torch/serialization.py", 651, "save", "_save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)"),
        ], f"OSError: {errno}", prefix=f"[rank{r}]: ")
        for i, l in enumerate(tb):
            ev.append((add(tr, i * 1e-5), l))
    tx = add(tsave, 22)
    for r in range(32):
        te = add(tx, rng.random() * 0.5)
        ev.append((te, f"[rank{r}]: Traceback (most recent call last):"))
        ev.append((te, f'[rank{r}]:   File "/home/vla/train_vla.py", line 57, in <module>'))
        ev.append((te, f"[rank{r}]:     cli = LightningCLI(VLAModule, VLADataModule)"))
        ev.append((te, f'[rank{r}]:   File "{PL}/pytorch/callbacks/model_checkpoint.py", line 390, in _save_checkpoint'))
        ev.append((te, f"[rank{r}]:     trainer.save_checkpoint(filepath, self.save_weights_only)"))
        ev.append((te, f'[rank{r}]:   File "{PL}/pytorch/strategies/fsdp.py", line 573, in save_checkpoint'))
        ev.append((te, f"[rank{r}]:     _distributed_checkpoint_save(converted_state, path)"))
        ev.append((te, f'[rank{r}]:   File "{PY}/lightning/fabric/strategies/fsdp.py", line 893, in _distributed_checkpoint_save'))
        ev.append((te, f"[rank{r}]:     save(converted_state, checkpoint_id=path)"))
        ev.append((te, f'[rank{r}]:   File "{PY}/torch/distributed/checkpoint/state_dict_saver.py", line 318, in _save_state_dict'))
        ev.append((te, f'[rank{r}]:     central_plan: SavePlan = distW.reduce_scatter("plan", local_step, global_step)'))
        ev.append((te, f"[rank{r}]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys({sorted(failing)})"))
    ev.sort(key=lambda x: x[0])
    out += [l for _, l in ev]
    out += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Exited with exit code 1" for i, h in enumerate(hosts)]
    b.add(f"slurm-{job}.out", out)
    for ni, h in enumerate(hosts):
        S = [syslog(T("2025-01-02 12:00:40"), h, "kernel", "Lustre: Lustre: Build Version: 2.15.5"),
             syslog(T("2025-01-02 12:00:52"), h, "kernel", "Lustre: Mounted scratch-client")]
        if h != "hpc-g101":
            te = add(tsave, 7 + ni)
            S += [syslog(te, h, "kernel", "Lustre: scratch-OST0012-osc-ffff8e2b5c3e4000: Connection to scratch-OST0012 (at 10.10.1.41@o2ib) was lost; in progress operations using this service will wait for recovery to complete"),
                  syslog(add(te, 1.5), h, "kernel", "LustreError: 167-0: scratch-OST0012-osc-ffff8e2b5c3e4000: This client was evicted by scratch-OST0012; in progress operations using this service will fail."),
                  syslog(add(te, 1.6), h, "kernel", f"LustreError: {rng.randint(10000, 99999)}:0:(osc_request.c:1044:osc_init_grant()) scratch-OST0012-osc-ffff8e2b5c3e4000: granted 3407872 but already consumed 5242880"),
                  syslog(add(te, 38), h, "kernel", "Lustre: scratch-OST0012-osc-ffff8e2b5c3e4000: Connection restored to 10.10.1.42@o2ib (at 10.10.1.42@o2ib)")]
        b.add(f"{h}/messages", S)
    b.add("lfs_check_after.txt", [
        "$ lfs check servers | grep -v active",
        "$ lctl get_param osc.scratch-OST0012*.state | tail -4",
        "current_state: FULL",
        "state_history:",
        f" - [ {int((add(tsave, 9) - T('1970-01-01 00:00:00')).total_seconds())}, DISCONN ]",
        f" - [ {int((add(tsave, 47) - T('1970-01-01 00:00:00')).total_seconds())}, FULL ]",
        "$ lfs df -h /scratch | tail -2",
        "scratch-OST0013_UUID       43.6T       29.1T       14.5T  67% /scratch[OST:19]",
        "filesystem_summary:       872.5T      590.3T      282.2T  68% /scratch",
    ])
    b.label("storage", "infrastructure", None, None, "restart",
            "During the FSDP distributed checkpoint at step 24000, ranks on three different nodes get EIO/ESHUTDOWN "
            "writing shards; at that moment each of those nodes' kernels log eviction by scratch-OST0012 while it failed "
            "over to its partner OSS, and the connection was restored 40 s later. The shared filesystem glitched "
            "transiently; space is ample.",
            "https://github.com/rwth-i6/returnn/issues/1829")
    return b


# =====================================================================================  az24
def az24():
    rng = rng_for(24)
    b = Bundle("az24_collate_error_different_rank_each_attempt")
    attempts = {
        1: (["gn-a100-01", "gn-a100-02", "gn-a100-03", "gn-a100-04"], T("2024-03-05 10:00:00"), 13, 3818, 1709631123),
        2: (["gn-a100-02", "gn-a100-05", "gn-a100-06", "gn-a100-07"], T("2024-03-05 13:40:00"), 27, 1164, 1709644854),
        3: (["gn-a100-01", "gn-a100-03", "gn-a100-08", "gn-a100-09"], T("2024-03-05 15:10:00"), 4, 2470, 1709650231),
    }
    for a, (hosts, ts, bad_rank, fail_step, seed) in attempts.items():
        tf = add(ts, 240 + fail_step * 1.38)
        for ni, h in enumerate(hosts):
            pids = pidseq(rng, 200000, 300000)
            L = []
            if ni == 0:
                L += [f"Seed set to {seed}", "GPU available: True (cuda), used: True"]
                L += [f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/32" for r in range(8)]
                L.append(f"Restoring states from the checkpoint path at /gpfs/seg/ckpt/last.ckpt" if a > 1 else "")
                for s in range(50, fail_step, 50):
                    L.append(pbar(f"Epoch {2 if a > 1 else 0}", s, 8000, 1.38, f"v_num={a}, loss={0.62 + rng.uniform(-0.05, 0.05):.3f}"))
            if bad_rank // 8 == ni:
                p = f"[rank{bad_rank}]: "
                L += traceback([
                    ("/gpfs/seg/code/train.py", 74, "<module>", "trainer.fit(model, datamodule=dm, ckpt_path=\"last\")"),
                    (f"{PL}/pytorch/loops/training_epoch_loop.py", 212, "advance", "batch, _, __ = next(data_fetcher)"),
                    (f"{PL}/pytorch/loops/fetchers.py", 134, "__next__", "batch = super().__next__()"),
                    (f"{PY}/torch/utils/data/dataloader.py", 1344, "_next_data", "return self._process_data(data)"),
                    (f"{PY}/torch/utils/data/dataloader.py", 1370, "_process_data", "data.reraise()"),
                    (f"{PY}/torch/_utils.py", 706, "reraise", "raise exception"),
                ], ["RuntimeError: Caught RuntimeError in DataLoader worker process 5.",
                    "Original Traceback (most recent call last):",
                    f'  File "{PY}/torch/utils/data/_utils/worker.py", line 309, in _worker_loop',
                    "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                    f'  File "{PY}/torch/utils/data/_utils/fetch.py", line 55, in fetch',
                    "    return self.collate_fn(data)",
                    f'  File "{PY}/torch/utils/data/_utils/collate.py", line 317, in default_collate',
                    "    return collate(batch, collate_fn_map=default_collate_fn_map)",
                    f'  File "{PY}/torch/utils/data/_utils/collate.py", line 155, in collate',
                    "    clone.update({key: collate([d[key] for d in batch], collate_fn_map=collate_fn_map) for key in elem})",
                    f'  File "{PY}/torch/utils/data/_utils/collate.py", line 142, in collate',
                    "    return collate_fn_map[elem_type](batch, collate_fn_map=collate_fn_map)",
                    f'  File "{PY}/torch/utils/data/_utils/collate.py", line 214, in collate_tensor_fn',
                    "    return torch.stack(batch, 0, out=out)",
                    f"RuntimeError: stack expects each tensor to be equal size, but got [3, 512, 512] at entry 0 and [1, 512, 512] at entry {rng.randint(1, 15)}",
                    ""], prefix=p)
                L += elastic_failure(add(tf, 1), h, "train.py",
                                     [dict(rank=bad_rank, local_rank=bad_rank % 8, exitcode=1, pid=pids[bad_rank % 8], time=add(tf, 1))],
                                     tid=6100 + ni, sigterm_pids=[pids[k] for k in range(8) if k != bad_rank % 8])
            else:
                for k in range(8):
                    r = ni * 8 + k
                    L += watchdog_timeout(r, add(tf, 1800 + rng.random()), 9100 + fail_step * 4, "ALLREDUCE", 1, 1800000 + rng.randint(10, 300), rng,
                                          timeout_ms=1800000, frames=(k == 0))
                tx = add(tf, 1802)
                L += elastic_failure(tx, h, "train.py",
                                     [dict(rank=ni * 8 + k, local_rank=k, exitcode=-6, pid=pids[k], tb=sig_tb(6, pids[k]), time=tx) for k in range(8)],
                                     tid=6100 + ni)
            b.add(f"attempt_{a}/{h}/train.log", L)
            J = [journal(T("2024-03-01 06:00:12"), h, "kernel", "Linux version 4.18.0-513.11.1.el8_9.x86_64")]
            if a == 2 and h == "gn-a100-06":
                J += [journal(add(tf, -2450), h, "kernel", "mlx5_core 0000:c1:00.0: mlx5e_port_link_event: Link down"),
                      journal(add(tf, -2447), h, "kernel", "mlx5_core 0000:c1:00.0: mlx5e_port_link_event: Link up")]
            if a == 1 and h == "gn-a100-03":
                J += [journal(add(tf, -86000), h, "kernel", "INFO: task kworker/u256:3:1922 blocked for more than 122 seconds."),
                      journal(add(tf, -86000), h, "kernel", "      Not tainted 4.18.0-513.11.1.el8_9.x86_64 #1")]
            b.add(f"attempt_{a}/{h}/journal.txt", J)
        b.add(f"attempt_{a}/sacct.txt", [f"5512009_{a} seg-pretrain FAILED 1:0 {ts:%Y-%m-%dT%H:%M:%S} {add(tf, 1810):%Y-%m-%dT%H:%M:%S} {','.join(hosts)}"])
    b.add("dataset_note.txt", [
        "$ python tools/dataset_stats.py /gpfs/seg/data/ade_coco_merged --mode-hist",
        "image mode histogram (n=412,880):",
        "  RGB   412,611",
        "  L         241",
        "  CMYK       28",
        "transform pipeline: Resize(512) -> RandomCrop(512) -> ToTensor() -> Normalize(mean=(0.485,0.456,0.406), ...)",
    ])
    b.label("user_code", "script", None, None, "stop",
            "Each attempt dies because one rank's DataLoader worker hits 'stack expects each tensor to be equal size "
            "... [3,512,512] ... [1,512,512]' (grayscale images, no convert('RGB')). It is a different rank, node and step "
            "each time because the seed changes, while the other ranks only time out afterwards.",
            "https://github.com/caoyunkang/CDO/issues/14")
    return b


CASES = [az03, az08, az09, az10, az13, az24]
