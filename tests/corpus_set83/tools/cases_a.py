"""Cases cb01-cb10."""
from common import (T, add, rng, ctime, dmesg_T, dmesg_up, syslog, journal, glog, c10d,
                    pyts, child_failed, elastic_sigterm, elastic_failed, torchrun_banner,
                    nccl_init, watchdog_timeout, nvidia_smi, join, sacct, oom_kill_block,
                    boot_noise)

PY = "/usr/local/lib/python3.10/dist-packages"


def dl_killed_tb(prefix, pid, signal="Killed", extra=None, frames=None):
    """DataLoader worker death traceback as printed by the main process."""
    sig_msg = "DataLoader worker (pid %d) is killed by signal: %s. " % (pid, signal)
    if signal == "Bus error":
        sig_msg += ("It is possible that dataloader's workers are out of shared memory. "
                    "Please try to raise your shared memory limit.")
    lines = ["Traceback (most recent call last):",
             '  File "%s/torch/utils/data/dataloader.py", line 1243, in _try_get_data' % PY,
             "    data = self._data_queue.get(timeout=timeout)",
             '  File "/usr/lib/python3.10/multiprocessing/queues.py", line 113, in get',
             "    if not self._poll(timeout):",
             '  File "/usr/lib/python3.10/multiprocessing/connection.py", line 257, in poll',
             "    return self._poll(timeout)",
             '  File "/usr/lib/python3.10/multiprocessing/connection.py", line 424, in _poll',
             "    r = wait([self], timeout)",
             '  File "/usr/lib/python3.10/multiprocessing/connection.py", line 931, in wait',
             "    ready = selector.select(timeout)",
             '  File "/usr/lib/python3.10/selectors.py", line 416, in select',
             "    fd_event_list = self._selector.poll(timeout)",
             '  File "%s/torch/utils/data/_utils/signal_handling.py", line 73, in handler' % PY,
             "    _error_if_any_worker_fails()",
             "RuntimeError: " + sig_msg,
             "",
             "The above exception was the direct cause of the following exception:",
             "",
             "Traceback (most recent call last):"]
    lines += frames or []
    lines += ['  File "%s/torch/utils/data/dataloader.py", line 701, in __next__' % PY,
              "    data = self._next_data()",
              '  File "%s/torch/utils/data/dataloader.py", line 1448, in _next_data' % PY,
              "    idx, data = self._get_data()",
              '  File "%s/torch/utils/data/dataloader.py", line 1412, in _get_data' % PY,
              "    success, data = self._try_get_data()",
              '  File "%s/torch/utils/data/dataloader.py", line 1256, in _try_get_data' % PY,
              "    raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e",
              "RuntimeError: DataLoader worker (pid(s) %d) exited unexpectedly" % pid]
    return [prefix + l for l in lines]


def sar_mem(host, date, start, steps, pct_from, pct_to, total_kb, kernel="5.15.0-105-generic"):
    out = ["Linux %s (%s) \t%s \t_x86_64_\t(256 CPU)" % (kernel, host, date), "",
           "%-11s %10s %10s %10s %9s %9s %10s %10s %8s %10s %10s %8s" % (
               start.strftime("%I:%M:%S %p"), "kbmemfree", "kbavail", "kbmemused", "%memused",
               "kbbuffers", "kbcached", "kbcommit", "%commit", "kbactive", "kbinact", "kbdirty")]
    for i in range(steps):
        t = add(start, 600 * i)
        pct = pct_from + (pct_to - pct_from) * i / max(1, steps - 1)
        used = int(total_kb * pct / 100)
        free = total_kb - used - 4200000
        out.append("%-11s %10d %10d %10d %9.2f %9d %10d %10d %8.2f %10d %10d %8d" % (
            t.strftime("%I:%M:%S %p"), max(free, 210412), max(free, 210412) + 1100000, used, pct,
            10212, 4012200, int(used * 1.08), pct * 1.05, int(used * 0.97), 2100112, 188))
    return out


# ===================================================================== cb01
def cb01():
    name = "cb01_dataloader_worker_killed_by_signal_killed"
    r = rng(101)
    t0 = T("2024-11-04 19:38:12")
    hosts = ["dgx-b07", "dgx-b08"]
    uid = 1207
    tk = add(t0, 3 * 3600 + 2 * 60 + 55)  # 22:41:07
    files = {}
    agent = {"dgx-b07": 40112, "dgx-b08": 40377}
    rank_pids = {h: [58110 + 3 * i + (0 if h == "dgx-b07" else 7000) for i in range(8)] for h in hosts}
    killed = {"dgx-b07": (3, 61277, tk), "dgx-b08": (11, 68419, add(tk, 2))}

    for ni, h in enumerate(hosts):
        L = []
        L += torchrun_banner(add(t0, 4), agent[h])
        for lr in range(0, 8, 7):
            L += nccl_init(h, rank_pids[h][lr], lr, ni * 8 + lr, 16, "ibp12s0", "10.32.4.%d" % (17 + ni),
                           version="2.20.5+cuda12.4")
        if ni == 0:
            L += ["[INFO|trainer.py:2078] 2024-11-04 19:41:02,118 >> ***** Running training *****",
                  "[INFO|trainer.py:2079] 2024-11-04 19:41:02,118 >>   Num examples = 1,245,716",
                  "[INFO|trainer.py:2080] 2024-11-04 19:41:02,118 >>   Num Epochs = 1",
                  "[INFO|trainer.py:2081] 2024-11-04 19:41:02,118 >>   Instantaneous batch size per device = 16",
                  "[INFO|trainer.py:2084] 2024-11-04 19:41:02,118 >>   Total train batch size (w. parallel, distributed & accumulation) = 256",
                  "[INFO|trainer.py:2085] 2024-11-04 19:41:02,118 >>   Gradient Accumulation steps = 1",
                  "[INFO|trainer.py:2086] 2024-11-04 19:41:02,118 >>   Total optimization steps = 4,866",
                  "[INFO|trainer.py:2087] 2024-11-04 19:41:02,121 >>   Number of trainable parameters = 7,063,427,072"]
            for s in range(50, 2051, 250):
                loss = 1.92 - 0.00021 * s + r.uniform(-0.03, 0.03)
                L.append("{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}"
                         % (loss, r.uniform(0.6, 1.1), 2e-5 * (1 - s / 4866.0), s / 4866.0))
            L.append(" 42%|████▏     | 2050/4866 [2:59:41<4:06:12,  5.25s/it]")
        else:
            L.append("[WARNING|trainer.py:761] 2024-11-04 19:40:58,402 >> Detected kernel version 5.4.0, which is below the recommended minimum of 5.5.0; this can cause the process to hang. It is recommended to upgrade the kernel to the minimum version or higher.")
        rk, wpid, tkill = killed[h]
        frames = ['  File "/workspace/llava/train/train_mem.py", line 4, in <module>',
                  '    train(attn_implementation="flash_attention_2")',
                  '  File "/workspace/llava/train/train.py", line 969, in train',
                  "    trainer.train()",
                  '  File "%s/transformers/trainer.py", line 1938, in train' % PY,
                  "    return inner_training_loop(",
                  '  File "%s/transformers/trainer.py", line 2236, in _inner_training_loop' % PY,
                  "    for step, inputs in enumerate(epoch_iterator):",
                  '  File "%s/accelerate/data_loader.py", line 550, in __iter__' % PY,
                  "    current_batch = next(dataloader_iter)"]
        L += dl_killed_tb("[rank%d]: " % rk, wpid, frames=frames)
        lr = rk % 8
        L += elastic_sigterm(add(tkill, 2), agent[h], [p for i, p in enumerate(rank_pids[h]) if i != lr])
        L.append(elastic_failed(add(tkill, 3), agent[h], 1, lr, rank_pids[h][lr]))
        L += child_failed("train_mem.py",
                          {"time": add(tkill, 1), "host": h, "rank": rk, "local_rank": lr, "exitcode": 1,
                           "pid": rank_pids[h][lr]})
        files["%s/train.log" % h] = join(L)

        # dmesg: boot noise + oom-kill of the job's own workers
        up_boot = 5.0
        up_at = lambda t: 1834000.0 + (t - t0).total_seconds()
        D = boot_noise(up_boot, h, kernel="5.4.0-182-generic", build="#202-Ubuntu SMP")
        D.append(dmesg_up(1200.412, "EXT4-fs (md0): mounted filesystem with ordered data mode. Opts: (null)"))
        tasks = [(1, 0, 42311, 3120, 131072, 0, "systemd"),
                 (2231, 0, 651220, 24110, 503808, 0, "dcgm-exporter"),
                 (2410, 0, 128311, 9840, 221184, -1000, "slurmd"),
                 (agent[h], uid, 1998431, 121044, 1789952, 0, "torchrun")]
        for i, p in enumerate(rank_pids[h]):
            tasks.append((p, uid, 30122311, 5712004 + 1311 * i, 61228032, 0, "python"))
        wp = 61100 if ni == 0 else 68240
        for j in range(128):
            tasks.append((wp + j, uid, 10532220, 1980112 + (j * 733) % 21000, 20541440, 0, "pt_data_worker"))
        victim = {"pid": wpid, "name": "pt_data_worker", "total_vm_kb": 42128880, "anon_rss_kb": 7912340,
                  "file_rss_kb": 84112, "shmem_rss_kb": 17344, "uid": uid, "pgtables_kb": 20060}
        D += oom_kill_block(up_at(add(tkill, -1)), "pt_data_worker", wpid + 3, 117, "5.4.0-182-generic #202-Ubuntu",
                            tasks, victim, hw="NVIDIA DGXA100 920-23687-2530-000/DGXA100, BIOS 1.25 06/27/2023", task_memcg="/slurm/uid_1207/job_4418812/step_0/task_%d" % ni)
        files["%s/dmesg.txt" % h] = join(D)
        files["%s/sar-r.txt" % h] = join(sar_mem(h, "11/04/2024", T("2024-11-04 19:40:01"), 19, 27.4, 99.6 - ni * 0.2,
                                                  1056507904, kernel="5.4.0-182-generic"))

    files["slurm-4418812.out"] = join([
        "+ srun --label --kill-on-bad-exit=1 bash -c 'torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint dgx-b07:29500 llava/train/train_mem.py ...'",
        "0: [2024-11-04 19:38:16] dgx-b07 starting torchrun (node_rank=0)",
        "1: [2024-11-04 19:38:16] dgx-b08 starting torchrun (node_rank=1)",
        "0: [rank3]: RuntimeError: DataLoader worker (pid(s) 61277) exited unexpectedly",
        "1: [rank11]: RuntimeError: DataLoader worker (pid(s) 68419) exited unexpectedly",
        "srun: error: dgx-b07: task 0: Exited with exit code 1",
        "srun: Terminating StepId=4418812.0",
        "slurmstepd: error: *** STEP 4418812.0 ON dgx-b07 CANCELLED AT 2024-11-04T22:41:13 ***",
        "srun: error: dgx-b08: task 1: Exited with exit code 1",
    ])
    files["sacct.txt"] = join(sacct([("4418812", "llava-sft", "dgxa100", "vlm-team", "512", "FAILED", "1:0"),
                                     ("4418812.bat+", "batch", "", "vlm-team", "256", "FAILED", "1:0"),
                                     ("4418812.ext+", "extern", "", "vlm-team", "512", "COMPLETED", "0:0"),
                                     ("4418812.0", "bash", "", "vlm-team", "512", "FAILED", "1:0")]))
    files["run_sft.sh"] = join([
        "#!/bin/bash",
        "#SBATCH --job-name=llava-sft --nodes=2 --ntasks-per-node=1 --gres=gpu:8 --exclusive",
        "#SBATCH --time=12:00:00 --partition=dgxa100",
        "export NCCL_IB_HCA=mlx5",
        "srun --label --kill-on-bad-exit=1 bash -c 'torchrun --nnodes 2 --nproc-per-node 8 \\",
        "   --rdzv-backend c10d --rdzv-endpoint dgx-b07:29500 llava/train/train_mem.py \\",
        "   --model_name_or_path lmsys/vicuna-7b-v1.5 --data_path /data/vlm/mix1245k.json \\",
        "   --image_folder /data/vlm/images --lazy_preprocess False --bf16 True \\",
        "   --per_device_train_batch_size 16 --dataloader_num_workers 16 --save_steps 1000 \\",
        "   --output_dir /ckpt/llava-sft-r3'",
    ])
    label = {"category": "oom", "layer": "framework", "culprit": None, "action": "stop",
             "rationale": "Both nodes' kernels OOM-killed the job's own pt_data_worker processes after host memory "
                          "climbed steadily for three hours (sar); 128 workers per node each hold ~7.6 GB because the "
                          "eagerly loaded 1.2M-sample JSON is copied into every worker (lazy_preprocess False, 16 workers "
                          "per rank). No foreign process is large; the configuration has to change.",
             "modelled_on": "https://github.com/pytorch/pytorch/issues/8976"}
    return name, files, label


# ===================================================================== cb02
def cb02():
    name = "cb02_megatron_dataset_index_not_found"
    t0 = T("2025-03-11 06:02:40")
    hosts = ["gpu-h%02d" % i for i in range(1, 9)]
    files = {}
    job = 991204
    prefix = "/lustre/proj/llm/data/slimpajama_tok/slimpajama_text_document_00.bin"
    out = ["using world size: 64, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1",
           "------------------------ arguments ------------------------",
           "  data_path ....................................... ['0.25', '%s', '0.25', '%s', '0.25', '%s', '0.25', '%s']"
           % (prefix, prefix.replace("_00", "_01"), prefix.replace("_00", "_02"), prefix.replace("_00", "_03")),
           "  micro_batch_size ................................ 1",
           "  global_batch_size ............................... 512",
           "  seq_length ...................................... 4096",
           "  split ........................................... 990,8,2",
           "  tokenizer_type .................................. HuggingFaceTokenizer",
           "-------------------- end of arguments ---------------------",
           "> initializing torch distributed ...",
           "> initialized tensor model parallel with size 8",
           "> initialized pipeline model parallel with size 1",
           "> setting random seeds to 1234 ...",
           "> compiling dataset index builder ...",
           "make: Entering directory '/workspace/megatron-lm/megatron/core/datasets'",
           "make: Nothing to be done for 'default'.",
           "make: Leaving directory '/workspace/megatron-lm/megatron/core/datasets'",
           ">>> done with dataset index builder. Compilation time: 0.081 seconds",
           "> compiling and loading fused kernels ...",
           ">>> done with compiling and loading fused kernels. Compilation time: 2.315 seconds",
           "building GPT model ...",
           " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1049788416",
           "INFO:megatron.core.distributed.distributed_data_parallel:Setting up DistributedDataParallel with config DistributedDataParallelConfig(grad_reduce_in_fp32=True, overlap_grad_reduce=True, overlap_param_gather=False, align_param_gather=False, use_distributed_optimizer=True, check_for_nan_in_grad=True, bucket_size=40000000, average_in_collective=False)",
           "> building train, validation, and test datasets ...",
           " > datasets target sizes (minimum size):",
           "    train:      256000000",
           "    validation: 2562560",
           "    test:       5120",
           "INFO:megatron.core.datasets.blended_megatron_dataset_config:Let split_matrix = [(0, 0.99), (0.99, 0.998), (0.998, 1.0)]",
           "INFO:megatron.core.datasets.blended_megatron_dataset_builder:Building dataset splits with cls=GPTDataset, sizes=[256000000, 2562560, 5120], and config=GPTDatasetConfig(...)",
           "INFO:megatron.core.datasets.indexed_dataset:Load the _IndexReader from %s.idx" % prefix,
           "[rank0]: Traceback (most recent call last):",
           "[rank0]:   File \"/workspace/megatron-lm/pretrain_gpt.py\", line 265, in <module>",
           "[rank0]:     pretrain(",
           "[rank0]:   File \"/workspace/megatron-lm/megatron/training/training.py\", line 335, in pretrain",
           "[rank0]:     = build_train_valid_test_data_iterators(",
           "[rank0]:   File \"/workspace/megatron-lm/megatron/training/training.py\", line 1662, in build_train_valid_test_data_iterators",
           "[rank0]:     build_train_valid_test_data_loaders(",
           "[rank0]:   File \"/workspace/megatron-lm/megatron/training/training.py\", line 1622, in build_train_valid_test_data_loaders",
           "[rank0]:     train_ds, valid_ds, test_ds = build_train_valid_test_datasets(",
           "[rank0]:   File \"/workspace/megatron-lm/pretrain_gpt.py\", line 230, in train_valid_test_datasets_provider",
           "[rank0]:     ).build()",
           "[rank0]:   File \"/workspace/megatron-lm/megatron/core/datasets/blended_megatron_dataset_builder.py\", line 126, in build",
           "[rank0]:     datasets = self._build_blended_dataset_splits()",
           "[rank0]:   File \"/workspace/megatron-lm/megatron/core/datasets/blended_megatron_dataset_builder.py\", line 259, in _build_blended_dataset_splits",
           "[rank0]:     blended_datasets[i] = self._build_megatron_dataset_splits(",
           "[rank0]:   File \"/workspace/megatron-lm/megatron/core/datasets/blended_megatron_dataset_builder.py\", line 417, in _build_megatron_dataset_splits",
           "[rank0]:     low_level_dataset = self.cls.build_low_level_dataset(dataset_path, self.config)",
           "[rank0]:   File \"/workspace/megatron-lm/megatron/core/datasets/gpt_dataset.py\", line 136, in build_low_level_dataset",
           "[rank0]:     return IndexedDataset(dataset_path, multimodal=False, mmap=config.mmap_bin_files)",
           "[rank0]:   File \"/workspace/megatron-lm/megatron/core/datasets/indexed_dataset.py\", line 343, in __init__",
           "[rank0]:     self.initialize(path_prefix, multimodal, mmap)",
           "[rank0]:   File \"/workspace/megatron-lm/megatron/core/datasets/indexed_dataset.py\", line 371, in initialize",
           "[rank0]:     self.index = _IndexReader(get_idx_path(self.path_prefix), self.multimodal)",
           "[rank0]:   File \"/workspace/megatron-lm/megatron/core/datasets/indexed_dataset.py\", line 231, in __init__",
           "[rank0]:     with open(idx_path, \"rb\") as stream:",
           "[rank0]: FileNotFoundError: [Errno 2] No such file or directory: '%s.idx'" % prefix]
    # rank 0 output + srun
    slurm = ["+ srun --mpi=pmix --container-image=/lustre/proj/llm/images/megatron-25.02.sqsh python pretrain_gpt.py ...",
             "pyxis: imported docker image: /lustre/proj/llm/images/megatron-25.02.sqsh"]
    slurm += out
    slurm += ["srun: error: gpu-h01: task 0: Exited with exit code 1",
              "srun: Terminating StepId=%d.0" % job,
              "slurmstepd: error: *** STEP %d.0 ON gpu-h01 CANCELLED AT 2025-03-11T06:05:19 ***" % job]
    for i, h in enumerate(hosts[1:], 1):
        slurm.append("srun: error: %s: tasks %d-%d: Terminated" % (h, 8 * i, 8 * i + 7))
    slurm.append("srun: Force Terminated StepId=%d.0" % job)
    files["slurm-%d.out" % job] = join(slurm)
    files["ls-data.txt"] = join([
        "$ ls -l /lustre/proj/llm/data/slimpajama_tok/ | head",
        "total 1683205124",
        "-rw-r--r-- 1 mlops llm 215733022208 Feb 27 14:02 slimpajama_text_document_00.bin",
        "-rw-r--r-- 1 mlops llm   1221430962 Feb 27 14:02 slimpajama_text_document_00.idx",
        "-rw-r--r-- 1 mlops llm 215688113664 Feb 27 15:40 slimpajama_text_document_01.bin",
        "-rw-r--r-- 1 mlops llm   1221108818 Feb 27 15:40 slimpajama_text_document_01.idx",
        "-rw-r--r-- 1 mlops llm 215702951936 Feb 27 17:13 slimpajama_text_document_02.bin",
        "-rw-r--r-- 1 mlops llm   1221399202 Feb 27 17:13 slimpajama_text_document_02.idx",
        "-rw-r--r-- 1 mlops llm 215690012672 Feb 27 18:51 slimpajama_text_document_03.bin",
        "-rw-r--r-- 1 mlops llm   1221277714 Feb 27 18:51 slimpajama_text_document_03.idx",
    ])
    # other ranks on other nodes: NCCL init then SIGTERM
    for i, h in enumerate(hosts):
        L = []
        for lr in (0,):
            L += nccl_init(h, 211830 + i * 17, lr, 8 * i, 64, "ibp26s0", "10.40.1.%d" % (11 + i),
                           commid="0x1d5e0c44aa30f2b1")
        if i > 0:
            L.append("[rank%d]:[W311 06:05:19.221061552 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only recently started to be printed since 2.4 (function operator())" % (8 * i))
            L.append("slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT 2025-03-11T06:05:19 ***" % (job, h))
        files["%s/stdout.log" % h] = join(L)
        D = boot_noise(4.8, h)
        if h == "gpu-h06":
            D.append(dmesg_up(1311204.551820, "NVRM: Xid (PCI:0000:ba:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000039a0f12) marked for remapping, reset gpu to activate."))
            D.append(dmesg_up(1311290.004113, "NVRM: GPU at PCI:0000:ba:00: GPU-4f2b9c1e-9d0a-6e3b-1c77-0a91c2d8e6f0"))
            D.append(dmesg_up(1311290.004130, "NVRM: GPU Board Serial Number: 1654923018821"))
        files["%s/dmesg.txt" % h] = join(D)
    files["gpu-h06/nvidia-smi-q-remap.txt"] = join([
        "==============NVSMI LOG==============", "",
        "Timestamp                                 : %s" % ctime(add(t0, 200)),
        "Driver Version                            : 550.90.07", "",
        "GPU 00000000:BA:00.0",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 639 bank(s)",
        "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)"])
    files["sacct.txt"] = join(sacct([(str(job), "gpt-1b-sp", "h100", "llm", "1024", "FAILED", "1:0"),
                                     ("%d.0" % job, "python", "", "llm", "1024", "CANCELLED+", "0:15")]))
    label = {"category": "user_code", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "Rank 0 fails building the blended dataset because every data_path prefix ends in '.bin', so "
                          "Megatron looks for '..._00.bin.idx'; the listing shows the real prefixes exist. The other ranks "
                          "were only cancelled by srun, and the Xid 63 on gpu-h06 is an earlier row-remap event whose remap is already applied (Pending: No).",
             "modelled_on": "https://github.com/NVIDIA/Megatron-LM/issues/119"}
    return name, files, label


# ===================================================================== cb03
def cb03():
    name = "cb03_bus_error_in_dataloader_workers_all_pods"
    t0 = T("2024-09-18 13:20:05")
    nodes = ["gke-vision-a3-pool-6c1f2d0e-k7zq", "gke-vision-a3-pool-6c1f2d0e-p2m4"]
    pods = ["seg-pretrain-master-0", "seg-pretrain-worker-0"]
    files = {}
    files["job.yaml"] = join([
        "apiVersion: kubeflow.org/v1",
        "kind: PyTorchJob",
        "metadata:",
        "  name: seg-pretrain",
        "  namespace: vision",
        "spec:",
        "  pytorchReplicaSpecs:",
        "    Master:",
        "      replicas: 1",
        "      template:",
        "        spec:",
        "          containers:",
        "          - name: pytorch",
        "            image: us-docker.pkg.dev/acme-vision/train/seg:2024.09.2",
        "            command: [\"python\", \"-m\", \"seg.train\", \"trainer.num_nodes=2\", \"data.num_workers=12\", \"data.batch_size=48\"]",
        "            resources:",
        "              limits: {nvidia.com/gpu: 8, memory: 1200Gi, cpu: 200}",
        "            volumeMounts:",
        "            - {name: data, mountPath: /data, readOnly: true}",
        "            - {name: ckpt, mountPath: /ckpt}",
        "          volumes:",
        "          - name: data",
        "            persistentVolumeClaim: {claimName: vision-filestore}",
        "          - name: ckpt",
        "            persistentVolumeClaim: {claimName: vision-ckpt}",
        "    Worker:",
        "      replicas: 1",
        "      template: {}   # same as Master",
    ])
    files["kubectl-describe-pod.txt"] = join([
        "Name:             seg-pretrain-master-0",
        "Namespace:        vision",
        "Node:             %s/10.128.0.41" % nodes[0],
        "Status:           Failed",
        "Containers:",
        "  pytorch:",
        "    Image:          us-docker.pkg.dev/acme-vision/train/seg:2024.09.2",
        "    State:          Terminated",
        "      Reason:       Error",
        "      Exit Code:    1",
        "      Started:      Wed, 18 Sep 2024 13:20:05 +0000",
        "      Finished:     Wed, 18 Sep 2024 13:31:52 +0000",
        "    Limits:",
        "      cpu:             200",
        "      memory:          1200Gi",
        "      nvidia.com/gpu:  8",
        "    Mounts:",
        "      /ckpt from ckpt (rw)",
        "      /data from data (ro)",
        "      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-9xq2l (ro)",
        "Volumes:",
        "  data:",
        "    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)",
        "    ClaimName:  vision-filestore",
        "  ckpt:",
        "    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)",
        "    ClaimName:  vision-ckpt",
        "QoS Class:       Burstable",
        "Events:",
        "  Type    Reason     Age   From               Message",
        "  ----    ------     ----  ----               -------",
        "  Normal  Scheduled  14m   default-scheduler  Successfully assigned vision/seg-pretrain-master-0 to %s" % nodes[0],
        "  Normal  Pulled     14m   kubelet            Container image \"us-docker.pkg.dev/acme-vision/train/seg:2024.09.2\" already present on machine",
        "  Normal  Started    14m   kubelet            Started container pytorch",
    ])
    for i, (n, p) in enumerate(zip(nodes, pods)):
        L = ["GPU available: True (cuda), used: True",
             "TPU available: False, using: 0 TPU cores",
             "HPU available: False, using: 0 HPUs",
             "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (8 * i, 8 * i + 1),
             "----------------------------------------------------------------------------------------------------",
             "distributed_backend=nccl",
             "All distributed processes registered. Starting with 16 processes",
             "----------------------------------------------------------------------------------------------------",
             "",
             "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
             "  | Name      | Type            | Params | Mode ",
             "------------------------------------------------------",
             "0 | backbone  | ConvNeXtV2      | 197 M  | train",
             "1 | decoder   | UPerHead        | 41.3 M | train",
             "2 | criterion | OhemCELoss      | 0      | train",
             "------------------------------------------------------",
             "238 M     Trainable params"]
        L += nccl_init("seg-pretrain-%s-0" % ("master" if i == 0 else "worker"), 1 + 40 * i, 0, 8 * i, 16,
                       "eth0", "10.4.%d.7" % (3 + i), plugin=False, commid="0x48e21f7c09d3b6a1", transport="socket")
        L.append("Epoch 0:   3%|▎         | 41/1530 [01:58<1:11:42,  2.89s/it, v_num=0, train/loss=3.212]")
        L += ["ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm)."] * 3
        wp = 311 + 17 * i
        L += dl_killed_tb("", wp, signal="Bus error", frames=[
            '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/loops/fit_loop.py", line 250, in advance',
            "    batch, _, __ = next(data_fetcher)",
            '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/loops/fetchers.py", line 134, in __next__',
            "    batch = super().__next__()",
            '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/loops/fetchers.py", line 61, in __next__',
            "    batch = next(self.iterator)",
            '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/utilities/combined_loader.py", line 341, in __next__',
            "    out = next(self._iterator)"])
        L = [l.replace(PY, "/opt/conda/lib/python3.11/site-packages").replace("/usr/lib/python3.10/", "/opt/conda/lib/python3.11/")
             for l in L]
        files["%s/pod-%s.log" % (n, p)] = join(L)
        files["%s/pod-diag.txt" % n] = join([
            "$ kubectl exec %s -- df -h /dev/shm /ckpt /data" % p,
            "Filesystem                        Size  Used Avail Use% Mounted on",
            "shm                                64M   64M     0 100% /dev/shm",
            "10.31.0.2:/vision_ckpt            10T  2.1T  8.0T  21% /ckpt",
            "10.31.0.3:/vision_data            40T   31T  9.4T  77% /data",
            "$ kubectl exec %s -- free -g" % p,
            "               total        used        free      shared  buff/cache   available",
            "Mem:            1843         211        1577           0          55        1620",
            "Swap:              0           0           0"])
        D = [dmesg_T(add(t0, -86400 * 3), "Linux version 6.1.90+ (builder@cos-build) #1 SMP PREEMPT_DYNAMIC Sat Jul  6 10:20:44 UTC 2024"),
             dmesg_T(add(t0, -86400 * 3 + 9), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.183.01  Sun May 12 19:39:15 UTC 2024"),
             dmesg_T(add(t0, 12), "IPv6: ADDRCONF(NETDEV_CHANGE): veth3a1c9e0%d: link becomes ready" % i)]
        files["%s/dmesg.txt" % n] = join(D)
    label = {"category": "oom", "layer": "framework", "culprit": None, "action": "stop",
             "rationale": "Every pod's DataLoader workers die with SIGBUS; /dev/shm inside both containers is the 64M "
                          "container default and is 100% used, because the PyTorchJob spec mounts no memory-backed "
                          "emptyDir at /dev/shm while 12 workers per rank pass batches through shared memory. Host RAM is "
                          "plentiful and nothing is node-specific; the job spec must be fixed before resubmitting.",
             "modelled_on": "https://github.com/mosaicml/streaming/issues/493"}
    return name, files, label


# ===================================================================== cb04
def cb04():
    name = "cb04_megatron_dataloader_worker_killed_rank17"
    t0 = T("2025-01-22 02:10:00")
    hosts = ["gpu-r12n01", "gpu-r12n02", "gpu-r12n03", "gpu-r12n04"]
    job = 771203
    files = {}
    tfail = T("2025-01-22 09:47:31")
    culprit = "gpu-r12n03"
    it_fail = 5811
    uid = 41022
    for i, h in enumerate(hosts):
        L = []
        L += nccl_init(h, 90311 + 100 * i, 0, 8 * i, 32, "ibs1", "10.9.12.%d" % (1 + i), hca="mlx5",
                       commid="0x9b2e71c3d4a56f18")
        if i == 3:
            for it in range(5700, 5811, 10):
                L.append(" [%s] iteration     %4d/  120000 | consumed samples:     %8d | elapsed time per iteration (ms): %.1f | "
                         "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: 2.917843E-04 | global batch size:   256 | "
                         "lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | "
                         "number of nan iterations:   0 |"
                         % (add(t0, 4.6 * it).strftime("%Y-%m-%d %H:%M:%S"), it, it * 256, 4611.2 + (it % 7),
                            391.4 - (it % 5), 2.41 - it * 1e-5, 0.211 + (it % 3) * 0.01))
        if h == culprit:
            frames = ['  File "/workspace/Megatron-LM/pretrain_gpt.py", line 274, in <module>',
                      "    pretrain(",
                      '  File "/workspace/Megatron-LM/megatron/training/training.py", line 376, in pretrain',
                      "    iteration, num_floating_point_operations_so_far = train(",
                      '  File "/workspace/Megatron-LM/megatron/training/training.py", line 1416, in train',
                      "    train_step(forward_step_func,",
                      '  File "/workspace/Megatron-LM/megatron/training/training.py", line 743, in train_step',
                      "    losses_reduced = forward_backward_func(",
                      '  File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 452, in forward_backward_no_pipelining',
                      "    output_tensor, num_tokens = forward_step(",
                      '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 184, in forward_step',
                      "    tokens, labels, loss_mask, attention_mask, position_ids = get_batch(",
                      '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 107, in get_batch',
                      "    batch = get_batch_on_this_tp_rank(data_iterator)",
                      '  File "/workspace/Megatron-LM/megatron/training/utils.py", line 298, in get_batch_on_this_tp_rank',
                      "    data = next(data_iterator)"]
            L += dl_killed_tb("[rank17]: ", 3311842, frames=frames)
        else:
            # sympathetic watchdog
            for lr in (0, 7):
                rk = 8 * i + lr
                L += watchdog_timeout(rk, add(tfail, 600 + i), 47221, "ALLREDUCE", 1, ns=3000 * lr)
            if i == 0:
                L += ["[rank0]:[E122 09:57:33.104412778 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 0] Process group watchdog thread terminated with exception: [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=47221, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600031 milliseconds before timing out.",
                      "Exception raised from checkTimeout at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
                      "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f1e0c5a0446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
                      "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x282 (0x7f1dc1e2bc82 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
                      "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f1dc1e330c3 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
                      "gpu-r12n01:90311:91022 [0] NCCL INFO [Service thread] Connection closed by localRank 3",
                      "gpu-r12n01:90311:91022 [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer gpu-r12n03<51447>"]
        files["%s/stdout.log" % h] = join(L)

        D = boot_noise(5.1, h)
        if h == culprit:
            up = 2211400.0
            tasks = [(1, 0, 41211, 2811, 126976, 0, "systemd"),
                     (1733, 0, 35112, 2330, 94208, -1000, "slurmd"),
                     (2231, 0, 210311224, 204472320, 1638400000, 0, "fluent-bit"),
                     (2290, 0, 702310, 31120, 598016, 0, "dcgm-exporter"),
                     (3011, 0, 210311, 8112, 188416, 0, "node_exporter")]
            for j in range(8):
                tasks.append((3300100 + j * 17, uid, 19311223, 4211009 + j * 1211, 44322816, 0, "python"))
            for j in range(16):
                tasks.append((3311830 + j, uid, 9112330, 801122 + j * 311, 10121216, 0, "pt_data_worker"))
            victim = {"pid": 3311842, "name": "pt_data_worker", "total_vm_kb": 36449320, "anon_rss_kb": 3199460,
                      "file_rss_kb": 81232, "shmem_rss_kb": 12, "uid": uid, "pgtables_kb": 9884}
            D += oom_kill_block(up, "pt_data_worker", 3311836, 44, "5.15.0-105-generic #115-Ubuntu", tasks, victim,
                                task_memcg="/system.slice/slurmstepd.scope/job_%d/step_0/user/task_2" % job,
                                free_kb=2101233)
        files["%s/dmesg.txt" % h] = join(D)

    files["%s/journal.txt" % culprit] = join([
        journal(T("2025-01-21 23:02:11"), culprit, "systemd[1]", "Started fluent-bit.service - Fluent Bit log forwarder."),
        journal(T("2025-01-22 03:14:52"), culprit, "fluent-bit[2231]", "[2025/01/22 03:14:52] [ warn] [output:forward:forward.0] could not connect to logs-agg.internal:24224, retrying chunk 2231-1737515692.11882.flb"),
        journal(T("2025-01-22 05:40:10"), culprit, "fluent-bit[2231]", "[2025/01/22 05:40:10] [ warn] [input:tail:tail.0] memory buffer limit reached, chunks will be kept in memory (mem_buf_limit disabled)"),
        journal(T("2025-01-22 08:01:44"), culprit, "fluent-bit[2231]", "[2025/01/22 08:01:44] [error] [output:forward:forward.0] no upstream connections available, 118211 chunks pending"),
        journal(T("2025-01-22 09:47:30"), culprit, "kernel", "pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"),
        journal(T("2025-01-22 09:47:31"), culprit, "kernel", "Out of memory: Killed process 3311842 (pt_data_worker) total-vm:36449320kB, anon-rss:3199460kB, file-rss:81232kB, shmem-rss:12kB, UID:41022 pgtables:9884kB oom_score_adj:0"),
    ])
    for h in ("gpu-r12n01", culprit):
        files["%s/node-health-ps.txt" % h] = join(
            ["# collected by nhc at 2025-01-22T09:50:02 (top RSS)",
             "USER       PID %CPU %MEM      VSZ       RSS  COMMAND"] +
            (["root      2231 41.2 77.4 841244896 817889280 /opt/fluent-bit/bin/fluent-bit -c /etc/fluent-bit/fluent-bit.conf",
              "svc_ml 3300100 99.1  1.6 77244892  16849036 python pretrain_gpt.py --tensor-model-parallel-size 8 ...",
              "svc_ml 3300117 98.7  1.6 77244892  16843200 python pretrain_gpt.py --tensor-model-parallel-size 8 ...",
              "root      2290  3.1  0.0  2809240    124480 /usr/bin/dcgm-exporter"]
             if h == culprit else
             ["svc_ml   90311 99.3  1.6 77244860  16851112 python pretrain_gpt.py --tensor-model-parallel-size 8 ...",
              "svc_ml   90328 99.0  1.6 77244860  16849920 python pretrain_gpt.py --tensor-model-parallel-size 8 ...",
              "root      2207  0.4  0.0  1048212     81212 /opt/fluent-bit/bin/fluent-bit -c /etc/fluent-bit/fluent-bit.conf",
              "root      2262  3.0  0.0  2809240    123904 /usr/bin/dcgm-exporter"]))
    files["slurm-%d.out" % job] = join([
        "srun: ROUTE: split_hostlist: hl=gpu-r12n[01-04] tree_width 0",
        "[rank17]: RuntimeError: DataLoader worker (pid(s) 3311842) exited unexpectedly",
        "srun: error: gpu-r12n03: task 17: Exited with exit code 1",
        "srun: Terminating StepId=%d.0" % job,
        "[rank0]:[E122 09:57:33.104412778 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 0] Process group watchdog thread terminated with exception: [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=47221, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600031 milliseconds before timing out.",
        "slurmstepd: error: *** STEP %d.0 ON gpu-r12n01 CANCELLED AT 2025-01-22T09:57:34 ***" % job,
        "srun: error: gpu-r12n01: tasks 0-7: Aborted (core dumped)",
        "srun: error: gpu-r12n02: tasks 8-15: Aborted (core dumped)",
        "srun: error: gpu-r12n04: tasks 24-31: Aborted (core dumped)",
    ])
    label = {"category": "oom", "layer": "infrastructure", "culprit": {"node": culprit, "rank": None},
             "action": "restart_without_node",
             "rationale": "The dead DataLoader worker on rank 17 was chosen by a global OOM on gpu-r12n03, but the "
                          "memory was held by the fluent-bit log agent (~780 GB RSS of a 1 TB node, buffering unsent chunks) while "
                          "the job's processes there are the same size as on healthy nodes. The watchdog aborts on the "
                          "other nodes only followed it. Drain the node and fix the agent.",
             "modelled_on": "https://github.com/cBio/cbio-cluster/issues/232"}
    return name, files, label


# ===================================================================== cb05
def cb05():
    name = "cb05_checkpoint_save_disk_quota_exceeded"
    t0 = T("2024-12-02 08:00:00")
    hosts = ["cn-g%03d" % i for i in (41, 42, 43, 44)]
    job = 2290471
    tsave = T("2024-12-02 16:12:40")
    files = {}
    site = "/opt/conda/envs/pl/lib/python3.11/site-packages"
    for i, h in enumerate(hosts):
        L = []
        if i == 0:
            L += ["GPU available: True (cuda), used: True",
                  "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32",
                  "distributed_backend=nccl",
                  "All distributed processes registered. Starting with 32 processes"]
            for ep in range(3):
                L.append("Epoch %d: 100%%|██████████| 3000/3000 [2:41:0%d<00:00,  3.22s/it, v_num=12, train_loss=%.3f, val_loss=%.3f]"
                         % (ep, ep, 2.91 - 0.2 * ep, 2.97 - 0.19 * ep))
                L.append("Epoch %d, global step %d: 'val_loss' reached %.5f (best %.5f), saving model to '/lustre/scratch/proj-acoustic/runs/w2v-xl/checkpoints/epoch=%d-step=%d.ckpt' as top 3"
                         % (ep, 3000 * (ep + 1), 2.97 - 0.19 * ep, 2.97 - 0.19 * ep, ep, 3000 * (ep + 1)))
            L.append("Epoch 3: 100%|██████████| 3000/3000 [2:40:57<00:00,  3.22s/it, v_num=12, train_loss=2.301, val_loss=2.405]")
            L += [
                  "[rank0]: Traceback (most recent call last):",
                  "[rank0]:   File \"/home/aklein/w2v/train.py\", line 212, in <module>",
                  "[rank0]:     trainer.fit(model, datamodule=dm, ckpt_path=args.resume)",
                  "[rank0]:   File \"%s/lightning/pytorch/trainer/trainer.py\", line 538, in fit" % site,
                  "[rank0]:     call._call_and_handle_interrupt(",
                  "[rank0]:   File \"%s/lightning/pytorch/callbacks/model_checkpoint.py\", line 394, in _save_checkpoint" % site,
                  "[rank0]:     trainer.save_checkpoint(filepath, self.save_weights_only)",
                  "[rank0]:   File \"%s/lightning/fabric/plugins/io/torch_io.py\", line 58, in save_checkpoint" % site,
                  "[rank0]:     _atomic_save(checkpoint, path)",
                  "[rank0]:   File \"%s/lightning/fabric/utilities/cloud_io.py\", line 89, in _atomic_save" % site,
                  "[rank0]:     f.write(bytesbuffer.getvalue())",
                  "[rank0]:   File \"%s/fsspec/implementations/local.py\", line 426, in write" % site,
                  "[rank0]:     return self.f.write(*args, **kwargs)",
                  "[rank0]: OSError: [Errno 122] Disk quota exceeded"]
        else:
            rk = 8 * i + 3
            L += watchdog_timeout(rk, add(tsave, 1800 + i), 91402, "_ALLGATHER_BASE", 2, timeout_ms=1800000, ns=100 * i)
            L.append("%s:%d:%d [3] NCCL INFO [Service thread] Connection closed by localRank 0" % (h, 51020 + i, 51800 + i))
        files["%s/rank%d.log" % (h, 8 * i if i == 0 else 8 * i + 3)] = join(L)
        files["%s/dmesg.txt" % h] = join(boot_noise(4.9, h) + [
            dmesg_up(6.20011, "Lustre: Lustre: Build Version: 2.15.5"),
            dmesg_up(7.81234, "Lustre: Mounted scratch-client")])
    files["lfs-quota.txt"] = join([
        "$ lfs quota -h -p 40417 /lustre/scratch   (collected 2024-12-02T16:31)",
        "Disk quotas for prj 40417 (pid 40417):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "/lustre/scratch  20.00T*    18T     20T  6d23h 1211402       0       0       -",
        "$ lfs df -h /lustre/scratch | tail -1",
        "filesystem_summary:         4.1P        2.8P        1.3P  68% /lustre/scratch"])
    files["du-runs.txt"] = join([
        "$ du -sh /lustre/scratch/proj-acoustic/runs/*",
        "11T\t/lustre/scratch/proj-acoustic/runs/w2v-large-sweep",
        "5.9T\t/lustre/scratch/proj-acoustic/runs/w2v-xl",
        "3.1T\t/lustre/scratch/proj-acoustic/runs/hubert-distill"])
    files["slurm-%d.out" % job] = join([
        "srun: error: cn-g041: task 0: Exited with exit code 1",
        "srun: Terminating StepId=%d.0" % job,
        "slurmstepd: error: *** STEP %d.0 ON cn-g041 CANCELLED AT 2024-12-02T16:43:02 ***" % job,
        "srun: error: cn-g042: tasks 8-15: Aborted (core dumped)",
        "srun: error: cn-g043: tasks 16-23: Aborted (core dumped)",
        "srun: error: cn-g044: tasks 24-31: Aborted (core dumped)"])
    label = {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "stop",
             "rationale": "Rank 0 fails writing the epoch-3 checkpoint with EDQUOT and lfs quota shows the project at its "
                          "20T hard limit on the shared Lustre scratch (filesystem itself only 68% full); the other ranks "
                          "then hit the 30-min watchdog. A quota does not clear by itself, so resubmitting is pointless "
                          "until space is freed or the quota raised.",
             "modelled_on": "https://github.com/open-mmlab/mmdetection/issues/12069"}
    return name, files, label


# ===================================================================== cb06
def cb06():
    name = "cb06_nemo_filenotfound_idx_ranks16_to_23"
    hosts = ["hgx-n017", "hgx-n018", "hgx-n019", "hgx-n020"]
    bad = "hgx-n019"
    job = 5120733
    t0 = T("2025-04-09 11:20:14")
    files = {}
    idx = "/lustre/fsw/datasets/pile/pile_00_text_document.idx"
    nemo = "/opt/NeMo/nemo"
    mc = "/opt/megatron-lm/megatron/core"
    for i, h in enumerate(hosts):
        L = ["[NeMo I 2025-04-09 11:21:02 nemo_logging:393] Experiments will be logged at /lustre/fsw/exp/gpt-8b-pile/default",
             "[NeMo W 2025-04-09 11:21:02 nemo_logging:405] \"update_logger_directory\" is True. Overwriting tensorboard logger \"save_dir\" to /lustre/fsw/exp/gpt-8b-pile",
             "[NeMo I 2025-04-09 11:21:09 megatron_init:314] Rank %d has data parallel group : [%d, %d, %d, %d]" % (8 * i, i % 4, 4 + i % 4, 8 + i % 4, 12 + i % 4)]
        L += nccl_init(h, 301220 + 31 * i, 0, 8 * i, 32, "ibs3", "10.128.0.%d" % (21 + i), hca="mlx5",
                       commid="0x33ab12f09c1d7e44")
        if h == bad:
            for lr in range(8):
                rk = 16 + lr
                p = "[default%d]:[rank%d]: " % (lr, rk)
                L += [p + "Traceback (most recent call last):",
                      p + '  File "%s/collections/llm/api.py", line 106, in pretrain' % nemo,
                      p + "    return train(",
                      p + '  File "%s/lightning/pytorch/trainer/trainer.py", line 538, in fit' % "/usr/local/lib/python3.12/dist-packages",
                      p + "    call._call_and_handle_interrupt(",
                      p + '  File "%s/collections/llm/gpt/data/pre_training.py", line 329, in setup' % nemo,
                      p + "    ).build()",
                      p + '  File "%s/datasets/blended_megatron_dataset_builder.py", line 224, in build' % mc,
                      p + "    datasets = self._build_blended_dataset_splits()",
                      p + '  File "%s/datasets/blended_megatron_dataset_builder.py", line 417, in _build_megatron_dataset_splits' % mc,
                      p + "    low_level_dataset = self.cls.build_low_level_dataset(dataset_path, self.config)",
                      p + '  File "%s/datasets/indexed_dataset.py", line 371, in initialize' % mc,
                      p + "    self.index = _IndexReader(get_idx_path(self.path_prefix), self.multimodal)",
                      p + '  File "%s/datasets/indexed_dataset.py", line 231, in __init__' % mc,
                      p + '    with open(idx_path, "rb") as stream:',
                      p + "FileNotFoundError: [Errno 2] No such file or directory: '%s'" % idx]
        else:
            L.append("[NeMo I 2025-04-09 11:22:40 utils:302] Let split_matrix = [(0, 0.99), (0.99, 0.999), (0.999, 1.0)]")
            L.append("[NeMo I 2025-04-09 11:22:41 utils:302] Load the _IndexReader from %s" % idx)
            L.append("[NeMo I 2025-04-09 11:22:41 utils:302] \tExtract the sequence lengths")
            L.append("[NeMo I 2025-04-09 11:22:44 utils:302] > total number of sequences: 17716418")
            L.append("[rank%d]:[W409 11:23:10.311208118 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL." % (8 * i))
        files["%s/stdout.log" % h] = join(L)
        D = [dmesg_up(5.2, "Linux version 5.15.0-119-generic (buildd@lcy02-amd64-062) #129-Ubuntu SMP"),
             dmesg_up(6.9, "Lustre: Lustre: Build Version: 2.15.4_ddn26")]
        if h == bad:
            D += [dmesg_up(31.443120, "LNetError: 1544:0:(o2iblnd_cb.c:3411:kiblnd_check_conns()) Timed out tx for 10.12.0.5@o2ib: 4 seconds"),
                  dmesg_up(36.102277, "LustreError: 15c-8: MGC10.12.0.5@o2ib: Confguration from log fsw-client failed from MGS -5. Communication error between node & MGS, a bad configuration, or other errors. See syslog for more info"),
                  dmesg_up(36.102290, "LustreError: 3211:0:(obd_mount.c:1603:lustre_fill_super()) Unable to mount  (-5)"),
                  dmesg_up(3811.55, "IPv6: ADDRCONF(NETDEV_CHANGE): ibs3: link becomes ready")]
        else:
            D += [dmesg_up(12.881102, "Lustre: Mounted fsw-client"),
                  dmesg_up(2201113.04, "Lustre: fsw-OST0031-osc-ffff8f2a1e7d4000: Connection restored to 10.12.0.9@o2ib (at 10.12.0.9@o2ib)")]
        files["%s/dmesg.txt" % h] = join(D)
        files["%s/findmnt.txt" % h] = join(
            ["$ findmnt /lustre/fsw; echo rc=$?"] +
            (["rc=1", "$ ls -la /lustre/fsw", "total 8", "drwxr-xr-x 2 root root 4096 Mar  2 08:11 .",
              "drwxr-xr-x 4 root root 4096 Mar  2 08:11 ..", "$ uptime", " 11:31:02 up  1:04,  0 users,  load average: 3.10, 2.40, 1.12"]
             if h == bad else
             ["TARGET      SOURCE                                  FSTYPE OPTIONS",
              "/lustre/fsw 10.12.0.5@o2ib:10.12.0.6@o2ib:/fsw lustre rw,flock,lazystatfs,encrypt",
              "rc=0"]))
    files["slurm-%d.out" % job] = join([
        "srun: job %d queued and waiting for resources" % job,
        "srun: job %d has been allocated resources" % job,
        "pyxis: importing docker image: nvcr.io/nvidia/nemo:25.02",
        "srun: error: %s: tasks 16-23: Exited with exit code 1" % bad,
        "srun: Terminating StepId=%d.0" % job,
        "slurmstepd: error: *** STEP %d.0 ON hgx-n017 CANCELLED AT 2025-04-09T11:23:10 ***" % job,
        "srun: error: hgx-n017: tasks 0-7: Terminated",
        "srun: error: hgx-n018: tasks 8-15: Terminated",
        "srun: error: hgx-n020: tasks 24-31: Terminated",
        "srun: Force Terminated StepId=%d.0" % job])
    files["topology.json"] = '{"topology": {"leaf-3a": ["hgx-n017", "hgx-n018"], "leaf-3b": ["hgx-n019", "hgx-n020"]}}\n'
    label = {"category": "storage", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
             "action": "restart_without_node",
             "rationale": "Only the eight ranks on hgx-n019 cannot open the .idx file that ranks on the other three "
                          "nodes read successfully; that node rebooted an hour earlier and its Lustre mount failed "
                          "(MGS -5, findmnt empty, bare mountpoint), so the path typo reading is wrong. Exclude the node "
                          "until /lustre/fsw is remounted; the rest were only terminated by srun.",
             "modelled_on": "https://github.com/lyulyul/shine-cluster/issues/167"}
    return name, files, label


# ===================================================================== cb07
def cb07():
    name = "cb07_resume_failed_finding_central_directory"
    hosts = ["hgx-c21", "hgx-c22"]
    job = 6603018
    job2 = 6603019
    files = {}
    site = "/usr/local/lib/python3.10/dist-packages"
    ck = "/mnt/exp/asr/fastconformer_xl/checkpoints"
    last = ck + "/FastConformer-XL--val_wer=0.0712-epoch=18-last.ckpt"
    # attempt 1
    a1 = "attempt_1"
    for i, h in enumerate(hosts):
        L = ["[NeMo I 2025-02-14 03:11:52 exp_manager:396] Experiments will be logged at /mnt/exp/asr/fastconformer_xl",
             "[NeMo I 2025-02-14 03:11:52 exp_manager:856] TensorboardLogger has been set up"]
        if i == 0:
            for ep, wer, hh in ((16, 0.0731, "04:25:33"), (17, 0.0722, "05:26:33"), (18, 0.0712, "06:27:33")):
                L.append("Epoch %d: 100%%|██████████| 4410/4410 [1:00:%02d<00:00, 1.22it/s, v_num=0, train_loss=%.3f, global_step=%d.0]"
                         % (ep, 10 + ep, 21.3 - ep * 0.3, 4410 * (ep + 1)))
                L.append("[NeMo I 2025-02-14 %s nemo_model_checkpoint:221] Epoch %d, global step %d: 'val_wer' reached %.5f (best %.5f), saving model to '%s/FastConformer-XL--val_wer=%.4f-epoch=%d.ckpt' as top 3"
                         % (hh, ep, 4410 * (ep + 1), wer, wer, ck, wer, ep))
            L.append("[NeMo I 2025-02-14 06:27:58 nemo_model_checkpoint:221] Saving last checkpoint to '%s'" % last)
            L += ["[rank0]: Traceback (most recent call last):",
                  '[rank0]:   File "/workspace/nemo/examples/asr/asr_ctc/speech_to_text_ctc_bpe.py", line 97, in main',
                  "[rank0]:     trainer.fit(asr_model)",
                  '[rank0]:   File "%s/lightning/pytorch/callbacks/model_checkpoint.py", line 735, in _save_last_checkpoint' % site,
                  "[rank0]:     self._save_checkpoint(trainer, filepath)",
                  '[rank0]:   File "/opt/NeMo/nemo/utils/callbacks/nemo_model_checkpoint.py", line 494, in _save_checkpoint',
                  "[rank0]:     super()._save_checkpoint(trainer, filepath)",
                  '[rank0]:   File "%s/lightning/fabric/plugins/io/torch_io.py", line 58, in save_checkpoint' % site,
                  "[rank0]:     _atomic_save(checkpoint, path)",
                  '[rank0]:   File "%s/lightning/fabric/utilities/cloud_io.py", line 89, in _atomic_save' % site,
                  "[rank0]:     f.write(bytesbuffer.getvalue())",
                  "[rank0]: OSError: [Errno 28] No space left on device"]
        else:
            L += watchdog_timeout(11, T("2025-02-14 07:12:49"), 602211, "ALLREDUCE", 1, timeout_ms=1800000)
        files["%s/%s/rank%d.log" % (a1, h, 0 if i == 0 else 11)] = join(L)
        files["%s/%s/df.txt" % (a1, h)] = join([
            "$ df -h /mnt/exp /tmp   # 2025-02-14T06:45",
            "Filesystem               Size  Used Avail Use% Mounted on",
            "nas-exp01:/export/exp     60T   60T     0 100% /mnt/exp",
            "/dev/md0                  28T  1.1T   27T   4% /tmp"])
    files["%s/slurm-%d.out" % (a1, job)] = join([
        "srun: error: hgx-c21: task 0: Exited with exit code 1",
        "srun: Terminating StepId=%d.0" % job,
        "slurmstepd: error: *** STEP %d.0 ON hgx-c21 CANCELLED AT 2025-02-14T07:12:51 ***" % job,
        "srun: error: hgx-c22: tasks 8-15: Aborted (core dumped)",
        "[auto-resume] job %d exited 1; dependent job %d (afternotok) released" % (job, job2)])
    files["%s/ls-checkpoints.txt" % a1] = join([
        "$ ls -l %s" % ck,
        "-rw-r--r-- 1 svc-asr asr 3664218411 Feb 14 04:25 FastConformer-XL--val_wer=0.0731-epoch=16.ckpt",
        "-rw-r--r-- 1 svc-asr asr 3664218411 Feb 14 05:26 FastConformer-XL--val_wer=0.0722-epoch=17.ckpt",
        "-rw-r--r-- 1 svc-asr asr 3664218411 Feb 14 06:27 FastConformer-XL--val_wer=0.0712-epoch=18.ckpt",
        "-rw-r--r-- 1 svc-asr asr 1310720000 Feb 14 06:42 FastConformer-XL--val_wer=0.0712-epoch=18-last.ckpt"])
    # attempt 2
    a2 = "attempt_2"
    for i, h in enumerate(hosts):
        if i == 0:
            L = ["[NeMo I 2025-02-14 07:14:40 exp_manager:396] Experiments will be logged at /mnt/exp/asr/fastconformer_xl",
                 "[NeMo I 2025-02-14 07:14:40 exp_manager:580] Resuming training from checkpoint: %s" % last,
                 "[NeMo W 2025-02-14 07:14:41 nemo_logging:405] /usr/local/lib/python3.10/dist-packages/lightning/fabric/utilities/cloud_io.py:57: FutureWarning: You are using `torch.load` with `weights_only=False`"]
            L += ["[rank%d]: Traceback (most recent call last):" % 0,
                  '[rank0]:   File "/workspace/nemo/examples/asr/asr_ctc/speech_to_text_ctc_bpe.py", line 97, in main',
                  "[rank0]:     trainer.fit(asr_model)",
                  '[rank0]:   File "%s/lightning/pytorch/trainer/connectors/checkpoint_connector.py", line 75, in resume_start' % site,
                  "[rank0]:     loaded_checkpoint = self.trainer.strategy.load_checkpoint(checkpoint_path)",
                  '[rank0]:   File "%s/lightning/fabric/utilities/cloud_io.py", line 57, in _load' % site,
                  "[rank0]:     return torch.load(f, map_location=map_location, weights_only=weights_only)",
                  '[rank0]:   File "%s/torch/serialization.py", line 1319, in load' % site,
                  "[rank0]:     with _open_zipfile_reader(opened_file) as opened_zipfile:",
                  '[rank0]:   File "%s/torch/serialization.py", line 659, in __init__' % site,
                  "[rank0]:     super().__init__(torch._C.PyTorchFileReader(name_or_buffer))",
                  "[rank0]: RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory"]
        else:
            L = ["[rank8]: RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory"]
        files["%s/%s/rank%d.log" % (a2, h, 8 * i)] = join(L)
        files["%s/%s/df.txt" % (a2, h)] = join([
            "$ df -h /mnt/exp   # 2025-02-14T07:16",
            "Filesystem               Size  Used Avail Use% Mounted on",
            "nas-exp01:/export/exp     60T   60T   12G 100% /mnt/exp"])
        files["%s/%s/dmesg.txt" % (a2, h)] = join(boot_noise(5.0, h))
    files["%s/slurm-%d.out" % (a2, job2)] = join([
        "srun: error: hgx-c21: tasks 0-7: Exited with exit code 1",
        "srun: error: hgx-c22: tasks 8-15: Exited with exit code 1",
        "[auto-resume] job %d exited 1; dependent job %d (afternotok) released" % (job2, job2 + 1)])
    files["sacct.txt"] = join(sacct([(str(job), "fc-xl", "hgx", "speech", "448", "FAILED", "1:0"),
                                     ("%d.0" % job, "python", "", "speech", "448", "FAILED", "1:0"),
                                     (str(job2), "fc-xl", "hgx", "speech", "448", "FAILED", "1:0"),
                                     ("%d.0" % job2, "python", "", "speech", "448", "FAILED", "1:0"),
                                     (str(job2 + 1), "fc-xl", "hgx", "speech", "448", "PENDING", "0:0")]))
    label = {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "stop",
             "rationale": "Attempt 1 died writing the -last.ckpt with ENOSPC because the shared NFS export /mnt/exp is "
                          "100% full on every node; the truncated 1.3 GB file is what attempt 2 cannot open ('failed "
                          "finding central directory'). The export is still full and auto-resubmits only repeat the failure, "
                          "so stop until space is freed and the partial checkpoint removed.",
             "modelled_on": "https://github.com/sml2h3/dddd_trainer/issues/36"}
    return name, files, label


# ===================================================================== cb08
def cb08():
    name = "cb08_missing_keys_in_state_dict_on_resume"
    hosts = ["ml-gpu-0412", "ml-gpu-0413"]
    t = T("2024-10-07 17:02:31")
    files = {}
    keys_m = ['"transformer.wte.weight"', '"transformer.wpe.weight"', '"transformer.h.0.ln_1.weight"',
              '"transformer.h.0.ln_1.bias"', '"transformer.h.0.attn.c_attn.weight"', '"transformer.h.0.attn.c_attn.bias"']
    keys_u = [k.replace('"transformer', '"module.transformer') for k in keys_m]
    agent = [22011, 22093]
    for i, h in enumerate(hosts):
        L = torchrun_banner(add(t, -40), agent[i])
        pids = [agent[i] + 20 + k for k in range(8)]
        for lr in range(8):
            rk = 8 * i + lr
            p = "[rank%d]: " % rk
            if lr in (0, 5):
                L += [p + "/home/dchen/nanogpt-ft/train.py:188: FutureWarning: You are using `torch.load` with `weights_only=False` (the current default value), which uses the default pickle module implicitly. It is possible to construct malicious pickle data which will execute arbitrary code during unpickling (See https://github.com/pytorch/pytorch/blob/main/SECURITY.md#untrusted-models for more details).",
                      p + "  checkpoint = torch.load(ckpt_path, map_location=device)"]
            L += [p + "Traceback (most recent call last):",
                  p + '  File "/home/dchen/nanogpt-ft/train.py", line 191, in <module>',
                  p + "    model.load_state_dict(state_dict)",
                  p + '  File "%s/torch/nn/modules/module.py", line 2584, in load_state_dict' % PY,
                  p + "    raise RuntimeError(",
                  p + "RuntimeError: Error(s) in loading state_dict for GPT:",
                  p + "\tMissing key(s) in state_dict: %s, ... " % ", ".join(keys_m),
                  p + "\tUnexpected key(s) in state_dict: %s, ... " % ", ".join(keys_u)]
        L.append(elastic_failed(add(t, 1), agent[i], 1, 0, pids[0]))
        L += child_failed("train.py",
                          {"time": t, "host": h, "rank": 8 * i, "local_rank": 0, "exitcode": 1, "pid": pids[0]},
                          [{"time": t, "host": h, "rank": 8 * i + k, "local_rank": k, "exitcode": 1, "pid": pids[k]}
                           for k in range(1, 8)])
        files["%s/torchrun.log" % h] = join(L)
    files["launch.sh"] = join([
        "# run on both nodes via pdsh",
        "torchrun --nnodes=2 --node-rank=$NODE_RANK --nproc-per-node=8 \\",
        "  --master-addr=ml-gpu-0412 --master-port=29411 train.py config/finetune_owt.py \\",
        "  --init_from=resume --out_dir=/shared/dchen/out-owt-ft"])
    files["train_py_excerpt.txt"] = join([
        "# /home/dchen/nanogpt-ft/train.py (lines 180-200, as run)",
        "180  if init_from == 'resume':",
        "181      ckpt_path = os.path.join(out_dir, 'ckpt.pt')",
        "188      checkpoint = torch.load(ckpt_path, map_location=device)",
        "189      state_dict = checkpoint['model']",
        "190      # TODO strip unwanted prefix?",
        "191      model.load_state_dict(state_dict)",
        "...",
        "262  if ddp:",
        "263      model = DDP(model, device_ids=[ddp_local_rank])",
        "...",
        "311          checkpoint = {'model': model.state_dict(), 'optimizer': optimizer.state_dict(), ...}",
        "312          torch.save(checkpoint, os.path.join(out_dir, 'ckpt.pt'))"])
    label = {"category": "user_code", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "All 16 ranks on both nodes fail identically in load_state_dict: the checkpoint was saved from "
                          "the DDP wrapper (keys prefixed 'module.') and is loaded into the bare model. Deterministic bug "
                          "in the training script, no node or storage involvement.",
             "modelled_on": "https://github.com/pytorch/pytorch/issues/3805"}
    return name, files, label


# ===================================================================== cb09
def cb09():
    name = "cb09_cuda_oom_rank13_at_model_load"
    hosts = ["gpu-d101", "gpu-d102", "gpu-d103", "gpu-d104"]
    bad = "gpu-d102"
    job = 884402
    t = T("2025-05-27 08:31:18")
    files = {}
    agents = [71200, 71310, 71422, 71530]
    for i, h in enumerate(hosts):
        L = torchrun_banner(add(t, -95), agents[i])
        L += nccl_init(h, agents[i] + 11, 0, 8 * i, 32, "ibp3s0", "10.60.2.%d" % (101 + i), commid="0x6f0d2e19b7aa5c31")
        L.append("[INFO|modeling_utils.py:3934] 2025-05-27 08:30:12,441 >> loading weights file /models/Qwen2.5-14B/model.safetensors.index.json")
        L.append("Loading checkpoint shards: 100%|██████████| 8/8 [00:41<00:00,  5.17s/it]")
        if h == bad:
            p = "[rank13]: "
            L += [p + "Traceback (most recent call last):",
                  p + '  File "/app/sft/train.py", line 244, in <module>',
                  p + "    trainer.train()",
                  p + '  File "%s/transformers/trainer.py", line 2325, in _inner_training_loop' % PY,
                  p + "    model, self.optimizer = self.accelerator.prepare(self.model, self.optimizer)",
                  p + '  File "%s/accelerate/accelerator.py", line 1495, in prepare_model' % PY,
                  p + "    model = FSDP(model, **kwargs)",
                  p + '  File "%s/torch/distributed/fsdp/fully_sharded_data_parallel.py", line 509, in __init__' % PY,
                  p + "    _init_param_handle_from_module(",
                  p + '  File "%s/torch/distributed/fsdp/_init_utils.py", line 603, in _init_param_handle_from_module' % PY,
                  p + "    _move_module_to_device(",
                  p + '  File "%s/torch/nn/modules/module.py", line 1329, in convert' % PY,
                  p + "    return t.to(",
                  p + "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.45 GiB. GPU 5 has a total capacity of 79.11 GiB of which 212.06 MiB is free. Process 3871122 has 41.19 GiB memory in use. Including non-PyTorch memory, this process has 37.68 GiB memory in use. Of the allocated memory 36.91 GiB is allocated by PyTorch, and 125.40 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"]
            L += elastic_sigterm(add(t, 1), agents[i], [agents[i] + 11 + k for k in range(8) if k != 5])
            L.append(elastic_failed(add(t, 2), agents[i], 1, 5, agents[i] + 16))
            L += child_failed("train.py", {"time": t, "host": h, "rank": 13, "local_rank": 5, "exitcode": 1,
                                           "pid": agents[i] + 16})
        else:
            for lr in (0, 3):
                rk = 8 * i + lr
                L.append(c10d(rk, "E", add(t, 4), 118203 + lr, "ProcessGroupNCCL.cpp:1895",
                              "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % rk))
                L.append("[rank%d]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:317, remote process exited or there was a network error, NCCL version 2.21.5" % rk)
                L.append("[rank%d]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % rk)
                L.append("[rank%d]: Last error:" % rk)
                L.append("[rank%d]: socketProgress: Connection closed by remote peer gpu-d102<45221>" % rk)
            L += elastic_sigterm(add(t, 6), agents[i], [agents[i] + 11 + k for k in range(8)])
        files["%s/torchrun.log" % h] = join(L)
        gpus = [(37, 118, 38012, 0)] * 8
        procs = [(g, 2211840 + g, "/usr/bin/python3", 38012) for g in range(8)]
        if h == bad:
            gpus = [(37, 118, 38012, 0)] * 5 + [(41, 121, 81347, 0)] + [(37, 118, 38012, 0)] * 2
            procs = procs[:5] + [(5, 3871122, "python3", 42180), (5, 2211845, "/usr/bin/python3", 38590)] + procs[6:]
        files["%s/nvidia-smi.txt" % h] = join(nvidia_smi(add(t, 1), "h100", gpus, procs))
    files["%s/ps-gpu-procs.txt" % bad] = join([
        "# captured by job epilog-debug 2025-05-27T08:31:40",
        "$ nvidia-smi --query-compute-apps=pid,gpu_bus_id,used_memory --format=csv",
        "pid, gpu_bus_id, used_memory [MiB]",
        "3871122, 00000000:AB:00.0, 42180 MiB",
        "$ ps -o user,pid,ppid,lstart,etime,stat,cmd -p 3871122",
        "USER         PID    PPID                  STARTED     ELAPSED STAT CMD",
        "jlee     3871122       1 Mon May 26 21:03:55 2025    11:27:45 Sl   python3 /home/jlee/lm-eval/run_eval.py --model hf --model_args pretrained=/models/Qwen2.5-32B --device cuda:5",
        "$ cat /proc/3871122/cgroup",
        "0::/system.slice/slurmstepd.scope/job_880112/step_0/user/task_0   (cgroup removed)",
        "$ sacct -j 880112 -X -o jobid,user,state,end,nodelist",
        "JobID         User      State                 End        NodeList ",
        "------------ ----- ---------- ------------------- --------------- ",
        "880112        jlee  CANCELLED 2025-05-27T06:12:08        gpu-d102 "])
    files["slurm-%d.out" % job] = join([
        "srun: error: gpu-d102: task 1: Exited with exit code 1",
        "srun: Terminating StepId=%d.0" % job,
        "slurmstepd: error: *** STEP %d.0 ON gpu-d101 CANCELLED AT 2025-05-27T08:31:27 ***" % job,
        "srun: error: gpu-d101: task 0: Terminated",
        "srun: error: gpu-d103: task 2: Terminated",
        "srun: error: gpu-d104: task 3: Terminated"])
    label = {"category": "oom", "layer": "infrastructure", "culprit": {"node": bad, "rank": 13},
             "action": "restart_without_node",
             "rationale": "Only rank 13 (gpu-d102, GPU 5) ran out of memory, and the OOM text and nvidia-smi name the "
                          "reason: PID 3871122, an lm-eval process left over from another user's job cancelled two hours "
                          "earlier, holds 41 GiB on that GPU. The other 31 ranks had ample room and only saw the remote "
                          "exit. Run without the node until the stray process is killed.",
             "modelled_on": "https://github.com/ai4d-iasc/trixie/issues/92"}
    return name, files, label


# ===================================================================== cb10
def cb10():
    name = "cb10_deepspeed_save_enospc_on_some_ranks"
    hosts = ["ip-10-0-12-41", "ip-10-0-13-9", "ip-10-0-14-7", "ip-10-0-15-30"]
    bad = "ip-10-0-14-7"
    t = T("2025-06-30 19:40:02")
    files = {}
    head = []
    site = "/opt/conda/envs/pytorch/lib/python3.11/site-packages"
    save = "/opt/dlami/nvme/ckpt/global_step4000"
    for i, h in enumerate(hosts):
        L = []
        for lr in range(8):
            rk = 8 * i + lr
            L.append("%s: [2025-06-30 19:40:02,1%02d] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving %s/bf16_zero_pp_rank_%d_mp_rank_00_optim_states.pt..." % (h, lr, save, rk))
        if h == bad:
            for lr in (0, 2, 5):
                rk = 16 + lr
                p = "%s: [rank%d]: " % (h, rk)
                L += [p + "Traceback (most recent call last):",
                      p + '  File "%s/torch/serialization.py", line 850, in save' % site,
                      p + "    _save(",
                      p + '  File "%s/torch/serialization.py", line 1114, in _save' % site,
                      p + "    zip_file.write_record(name, storage, num_bytes)",
                      p + "RuntimeError: [enforce fail at inline_container.cc:783] . PytorchStreamWriter failed writing file data/%d: file write failed" % (11 + lr),
                      p + "",
                      p + "During handling of the above exception, another exception occurred:",
                      p + "",
                      p + "Traceback (most recent call last):",
                      p + '  File "/home/ubuntu/Megatron-DeepSpeed/pretrain_gpt.py", line 356, in <module>',
                      p + "    pretrain(train_valid_test_datasets_provider,",
                      p + '  File "/home/ubuntu/Megatron-DeepSpeed/megatron/checkpointing.py", line 231, in save_checkpoint',
                      p + "    model[0].save_checkpoint(checkpoint_name, client_state=state_dict)",
                      p + '  File "%s/deepspeed/runtime/engine.py", line 3183, in save_checkpoint' % site,
                      p + "    self._save_zero_checkpoint(save_dir, tag)",
                      p + '  File "%s/deepspeed/runtime/engine.py", line 3541, in _save_zero_checkpoint' % site,
                      p + "    self.checkpoint_engine.save(zero_sd, zero_checkpoint_name)",
                      p + '  File "%s/deepspeed/runtime/checkpoint_engine/torch_checkpoint_engine.py", line 22, in save' % site,
                      p + "    torch.save(state_dict, path)",
                      p + '  File "%s/torch/serialization.py", line 849, in save' % site,
                      p + "    with _open_zipfile_writer(f) as opened_zipfile:",
                      p + '  File "%s/torch/serialization.py", line 690, in __exit__' % site,
                      p + "    self.file_like.write_end_of_file()",
                      p + "RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos %d vs %d" % (8468415424 + lr, 8468415312 + lr)]
            L.append("%s: [rank18]: OSError: [Errno 28] No space left on device: '%s/bf16_zero_pp_rank_18_mp_rank_00_optim_states.pt'" % (h, save))
        else:
            L.append("%s: [2025-06-30 19:41:31,212] [INFO] [torch_checkpoint_engine.py:33:commit] [Torch] Checkpoint global_step4000 is ready now!" % h)
            if i == 0:
                L += ["%s: [rank0]:[E630 20:11:32.514020331 ProcessGroupNCCL.cpp:616] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=281442, OpType=BARRIER, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800058 milliseconds before timing out." % h]
        files["%s/stdout.log" % h] = join(L)
        head += L[-3:]
        use = "100%" if h == bad else "%d%%" % (29 + 2 * i)
        used = "7.0T" if h == bad else "%.1fT" % (2.0 + 0.1 * i)
        avail = "0" if h == bad else "%.1fT" % (5.0 - 0.1 * i)
        files["%s/df.txt" % h] = join(["$ df -h / /opt/dlami/nvme /fsx",
                                       "Filesystem      Size  Used Avail Use% Mounted on",
                                       "/dev/root       194G   61G  134G  32% /",
                                       "/dev/md0        7.0T  %4s  %4s %4s /opt/dlami/nvme" % (used, avail, use),
                                       "10.0.8.22@tcp:/5mkrbbev  24T   11T   13T  46% /fsx"])
        D = boot_noise(4.0, h, kernel="6.8.0-1015-aws")
        if h == bad:
            D.append(dmesg_up(611203.221, "EXT4-fs warning (device md0): ext4_dx_add_entry:2521: Directory (ino: 8912897) index full, reach max htree level :2"))
        files["%s/dmesg.txt" % h] = join(D)
    files["%s/du-nvme.txt" % bad] = join([
        "$ sudo du -xsh /opt/dlami/nvme/* | sort -h",
        "2.1G\t/opt/dlami/nvme/ckpt",
        "4.8G\t/opt/dlami/nvme/pip-cache",
        "6.9T\t/opt/dlami/nvme/enroot-data-mkhan",
        "$ ls -ld /opt/dlami/nvme/enroot-data-mkhan",
        "drwxr-x--- 41 mkhan mkhan 4096 Jun 12 03:40 /opt/dlami/nvme/enroot-data-mkhan"])
    files["ds_config.json"] = join([
        "{",
        '  "train_micro_batch_size_per_gpu": 2,',
        '  "gradient_accumulation_steps": 16,',
        '  "bf16": {"enabled": true},',
        '  "zero_optimization": {"stage": 1},',
        '  "checkpoint": {"use_node_local_storage": true},',
        '  "wall_clock_breakdown": false',
        "}"])
    files["hostfile"] = join(["%s slots=8" % h for h in hosts])
    files["deepspeed-launch.log"] = join(
        ["[2025-06-30 09:02:11,004] [INFO] [runner.py:585:main] cmd = pdsh -S -f 1024 -w ip-10-0-12-41,ip-10-0-13-9,ip-10-0-14-7,ip-10-0-15-30 export NCCL_DEBUG=WARN; cd /home/ubuntu/Megatron-DeepSpeed; /opt/conda/envs/pytorch/bin/python -u -m deepspeed.launcher.launch --world_info=eyJpcC0xMC... --node_rank=%n --master_addr=ip-10-0-12-41 --master_port=29500 pretrain_gpt.py --save /opt/dlami/nvme/ckpt --deepspeed_config ds_config.json"]
        + head +
        ["ip-10-0-14-7: [2025-06-30 19:40:09,883] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 51234",
         "ip-10-0-14-7: [2025-06-30 19:40:10,102] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/envs/pytorch/bin/python', '-u', 'pretrain_gpt.py', '--local_rank=2', ...] exits with return code = 1",
         "pdsh@ip-10-0-12-41: ip-10-0-14-7: ssh exited with exit code 1",
         "pdsh@ip-10-0-12-41: ip-10-0-12-41: ssh exited with exit code 250"])
    label = {"category": "storage", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
             "action": "restart_without_node",
             "rationale": "With use_node_local_storage each node writes its ZeRO shards to its own /opt/dlami/nvme; only "
                          "ip-10-0-14-7 fails (ENOSPC, truncated zip writes) because 6.9T of another user's enroot data "
                          "fills its NVMe, while the other nodes' saves completed at ~30% usage. The barrier timeout on "
                          "rank 0 is a consequence. Local disk full on one node.",
             "modelled_on": "https://github.com/deepspeedai/DeepSpeed/pull/2438"}
    return name, files, label


CASES = [cb01, cb02, cb03, cb04, cb05, cb06, cb07, cb08, cb09, cb10]
