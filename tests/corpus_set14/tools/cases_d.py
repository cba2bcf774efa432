"""Cases k31-k40: layer subtleties, GPU hardware in Xid/SXid/DCGM spellings, hangs, clean runs."""

from __future__ import annotations

import json

from common import (A100_BUS, H100_BUS, T, child_failed_block, ctime, dmesg_boot, dmesg_noise, elastic_line,
                    glog_c10, ibstat, iso, iso_ms, nccl_async_error, pci_full, plus, prefix, py_frames,
                    render_dmesg, secs, signal_tb, smi_q, smi_table, std_df, torchrun_banner,
                    torchrun_traceback, watchdog_timeout, megatron_iter, cosine_lr)
from jobs import Stream, interleave, megatron_preamble, megatron_progress, nccl_node, hf_tqdm


# ---------------------------------------------------------------------------
def k31_dataset_build_filenotfound(b, rng):
    b.label("user_code", "script", None, "stop",
            "All ranks fail while building the blended dataset with FileNotFoundError for "
            "/datasets/slimpj/tok/chunk7_text_document.idx; the directory listing shows chunk7 was never written (chunks 1-6 and 8-10 "
            "exist) while the shared mount is healthy. A missing shard in the user's data config; the NFS 'not responding' message "
            "on dg-03 is hours older and recovered.",
            "https://github.com/NVIDIA/Megatron-LM/issues/119")
    nodes = ["dg-01", "dg-02", "dg-03", "dg-04"]
    ver = "2.3.0"
    jobid = 918213
    t0 = T("2024-06-27 14:00:05")
    s = Stream()
    lab = lambda r: f"{r:>2}: "
    s.add(t0, ["srun -l --ntasks-per-node=8 python pretrain_gpt.py --data-path 0.1 /datasets/slimpj/tok/chunk1_text_document 0.1 /datasets/slimpj/tok/chunk2_text_document ... 0.1 /datasets/slimpj/tok/chunk10_text_document"])
    pre = megatron_preamble(plus(t0, 6), world=32, tp=2, pp=1, dp=16, gbs=1024, train_iters=300000, log_interval=10,
                            save_interval=1000, load_iter=0, ckpt_dir="")
    pre = pre[:pre.index("> building train, validation, and test datasets ...") + 1]
    s.add(plus(t0, 6), pre, lab(0))
    s.add(plus(t0, 70), [" > building dataset index ...", "INFO:megatron.core.datasets.blended_megatron_dataset_builder:Building dataset splits with cls=GPTDataset, sizes=(307200000, 3082240, 10240), and config=GPTDatasetConfig(...)"], lab(0))
    for k in range(1, 7):
        s.add(plus(t0, 70 + k), [f"INFO:megatron.core.datasets.indexed_dataset:Load the _IndexReader from /datasets/slimpj/tok/chunk{k}_text_document.idx",
                                 f"INFO:megatron.core.datasets.indexed_dataset:\tExtract the sequence lengths",
                                 f"INFO:megatron.core.datasets.indexed_dataset:\tExtract the sequence pointers",
                                 f"INFO:megatron.core.datasets.indexed_dataset:\tExtract the document indices",
                                 f"INFO:megatron.core.datasets.indexed_dataset:> total number of sequences: {rng.randint(5900000, 6200000)}",
                                 f"INFO:megatron.core.datasets.indexed_dataset:> total number of documents: {rng.randint(5900000, 6200000)}"], lab(0))
    t_f = plus(t0, 77)
    tb = py_frames([("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                    ("/workspace/Megatron-LM/megatron/training/training.py", 296, "pretrain", "= build_train_valid_test_data_iterators("),
                    ("/workspace/Megatron-LM/megatron/training/training.py", 1430, "build_train_valid_test_data_iterators", "build_train_valid_test_data_loaders("),
                    ("/workspace/Megatron-LM/megatron/training/training.py", 1391, "build_train_valid_test_data_loaders", "train_ds, valid_ds, test_ds = build_train_valid_test_datasets("),
                    ("/workspace/Megatron-LM/pretrain_gpt.py", 221, "train_valid_test_datasets_provider", ").build()"),
                    ("/workspace/Megatron-LM/megatron/core/datasets/blended_megatron_dataset_builder.py", 122, "build", "datasets = self._build_blended_dataset_splits()"),
                    ("/workspace/Megatron-LM/megatron/core/datasets/blended_megatron_dataset_builder.py", 214, "_build_blended_dataset_splits", "megatron_datasets = self._build_megatron_datasets_parallel("),
                    ("/workspace/Megatron-LM/megatron/core/datasets/blended_megatron_dataset_builder.py", 369, "_build_megatron_dataset_splits", "low_level_dataset = self.cls.build_low_level_dataset(dataset_path, self.config)"),
                    ("/workspace/Megatron-LM/megatron/core/datasets/gpt_dataset.py", 142, "build_low_level_dataset", "return IndexedDataset(dataset_path, False, mmap=config.mmap_bin_files)"),
                    ("/workspace/Megatron-LM/megatron/core/datasets/indexed_dataset.py", 378, "__init__", "self.initialize(path_prefix, multimodal, mmap)"),
                    ("/workspace/Megatron-LM/megatron/core/datasets/indexed_dataset.py", 406, "initialize", "self.index = _IndexReader(get_idx_path(self.path_prefix), self.multimodal)"),
                    ("/workspace/Megatron-LM/megatron/core/datasets/indexed_dataset.py", 263, "__init__", "with open(idx_path, \"rb\") as stream:")]) + [
        "FileNotFoundError: [Errno 2] No such file or directory: '/datasets/slimpj/tok/chunk7_text_document.idx'"]
    for r in sorted(rng.sample(range(32), 12)) + [0]:
        s.add(plus(t_f, rng.uniform(0, 4)), tb, lab(r))
    s.add(plus(t_f, 8), [f"srun: error: {nodes[i]}: tasks {i * 8}-{i * 8 + 7}: Exited with exit code 1" for i in range(4)])
    b.add(f"dg-01/slurm-{jobid}.out", s.lines())
    listing = ["total 1.9T"]
    for k in (1, 2, 3, 4, 5, 6, 8, 9, 10):
        sz = rng.randint(180, 215)
        listing += [f"-rw-r--r-- 1 mldata mldata {sz}G Jun 21 03:{10 + k:02d} chunk{k}_text_document.bin",
                    f"-rw-r--r-- 1 mldata mldata {rng.randint(90, 99)}M Jun 21 03:{10 + k:02d} chunk{k}_text_document.idx"]
    listing.append("-rw-r--r-- 1 mldata mldata  2.1K Jun 21 04:02 tokenize_job_611802.log")
    b.add("dg-01/ls-la-datasets-slimpj-tok.txt", listing)
    for ni, host in enumerate(nodes):
        boot = plus(t0, -rng.randint(2, 9) * 86400)
        ev = dmesg_boot(rng, host=host, driver="535.161.08")
        ev += dmesg_noise(rng, 30, secs(plus(t_f, 100), boot), n=25)
        if host == "dg-03":
            x = secs(plus(t0, -5 * 3600), boot)
            ev += [(x, "nfs: server nfs-data01 not responding, still trying"), (x + 41.2, "nfs: server nfs-data01 OK")]
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/df-h.txt", std_df(rng, shared=[("nfs-data01:/export/datasets", "400T", "287T", "114T", "72%", "/datasets")]))


# ---------------------------------------------------------------------------
def k32_ray_workers_import_fail(b, rng):
    nodes = ["gke-ml-a3-pool-3b1c-2kq9", "gke-ml-a3-pool-3b1c-7fvx", "gke-ml-a3-pool-3b1c-h2mz", "gke-ml-a3-pool-3b1c-w8tp"]
    b.label("dependency", "framework", None, "stop",
            "All 32 RayTrainWorkers on all four nodes fail at 'import torchvision' with 'RuntimeError: operator torchvision::nms "
            "does not exist'; every node's pip list shows torch 2.6.0+cu124 with torchvision 0.20.1 (built for torch 2.5). A "
            "mismatched library pair in the image used everywhere; rebuild the environment.",
            "https://github.com/pytorch/vision/issues/8985")
    ips = ["10.120.0.5", "10.120.1.7", "10.120.2.11", "10.120.3.4"]
    t0 = T("2025-03-03 11:20:40")
    sp = "/home/ray/anaconda3/lib/python3.11/site-packages"
    s = Stream()
    s.add(t0, ["2025-03-03 11:20:40,301\tINFO worker.py:1654 -- Connecting to existing Ray cluster at address: 10.120.0.5:6379...",
               "2025-03-03 11:20:40,318\tINFO worker.py:1832 -- Connected to Ray cluster. View the dashboard at 10.120.0.5:8265 ",
               "(TrainTrainable pid=1812) Trainable.setup took 11.412 seconds. If your trainable is slow to initialize, consider setting reuse_actors=True to reduce actor creation overheads.",
               "(TorchTrainer pid=1812) Started distributed worker processes: ",
               ] + [f"(TorchTrainer pid=1812) - (node_id={rng.randint(16**20, 16**21):x}, ip={ips[i // 8]}, pid={4000 + i * 17}) world_rank={i}, local_rank={i % 8}, node_rank={i // 8}" for i in range(32)])
    tb = py_frames([(f"{sp}/ray/train/_internal/worker_group.py", 33, "__execute", "raise skipped from exception_cause(skipped)"),
                    (f"{sp}/ray/train/_internal/utils.py", 169, "discard_return_wrapper", "train_func(*args, **kwargs)"),
                    ("/tmp/ray/session_2025-03-03_11-02-10_911204_1/runtime_resources/working_dir_files/_ray_pkg_5d2e/train_det.py", 48, "train_func", "from detection.model import build_model"),
                    ("/tmp/ray/session_2025-03-03_11-02-10_911204_1/runtime_resources/working_dir_files/_ray_pkg_5d2e/detection/model.py", 6, "<module>", "import torchvision"),
                    (f"{sp}/torchvision/__init__.py", 10, "<module>", "from torchvision import _meta_registrations, datasets, io, models, ops, transforms, utils  # usort:skip"),
                    (f"{sp}/torchvision/_meta_registrations.py", 164, "<module>", "def meta_nms(dets, scores, iou_threshold):"),
                    (f"{sp}/torch/library.py", 828, "register", "use_lib._register_fake(op_name, func, _stacklevel=stacklevel + 1)"),
                    (f"{sp}/torch/library.py", 198, "_register_fake", "handle = entry.fake_impl.register(func_to_register, source)"),
                    (f"{sp}/torch/_library/fake_impl.py", 31, "register", "if torch._C._dispatch_has_kernel_for_dispatch_key(self.qualname, \"Meta\"):")]) + [
        "RuntimeError: operator torchvision::nms does not exist"]
    for i in range(32):
        tag = f"(RayTrainWorker pid={4000 + i * 17}, ip={ips[i // 8]}) "
        s.add(plus(t0, 31 + rng.uniform(0, 2)), [f"Error in training function:"] + tb, tag)
    s.add(plus(t0, 35), ["2025-03-03 11:21:15,902\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_2c7e1_00000",
                         f"ray.exceptions.RayTaskError(RuntimeError): ray::_Inner.train() (pid=1812, ip={ips[0]}, actor_id=a3f0c1e2b4d5968778695a4b01000000, repr=TorchTrainer)",
                         "RuntimeError: operator torchvision::nms does not exist",
                         "",
                         "Training errored after 0 iterations at 2025-03-03 11:21:15. Total running time: 35s",
                         "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run."])
    b.add(f"{nodes[0]}/ray-job-raysubmit_8Hq2.log", s.lines())
    for host in nodes:
        b.add(f"{host}/pip-list-torch.txt", ["Package                   Version", "------------------------- ------------",
                                              "pytorch-triton            3.2.0", "ray                       2.42.1", "torch                     2.6.0+cu124",
                                              "torchaudio                2.6.0+cu124", "torchmetrics              1.6.1", "torchvision               0.20.1+cu124",
                                              "transformers              4.49.0"])
        b.add(f"{host}/nvidia-smi.txt", smi_table(plus(t0, 100), "550.90.07", "12.4", [dict(bus=bb, temp=rng.randint(29, 34), power=rng.randint(66, 74)) for bb in H100_BUS]))


# ---------------------------------------------------------------------------
def k33_watchdog_timeouts_journal_collected(b, rng):
    nodes = ["h-101", "h-102", "h-103", "h-104"]
    b.label("gpu_hardware", "infrastructure", ("h-104", 29), "restart_without_node",
            "h-104's journal shows Xid 119 (GSP RPC timeout) on PCI 0000:ab:00 at 03:12:09 followed by Xid 154 'Node Reboot "
            "Required'; NCCL init maps busId ab000 on h-104 to rank 29, which never reached its watchdog while every other rank "
            "timed out ten minutes later, and nvidia-smi shows that GPU in an error state.",
            "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446")
    ver = "2.8.0"
    nccl = "2.27.3+cuda12.9"
    t0 = T("2025-09-16 21:30:00")
    t_x = T("2025-09-17 03:12:09")
    hcas = [f"mlx5_{i}" for i in range(8)]
    ips = ["10.9.4.101", "10.9.4.102", "10.9.4.103", "10.9.4.104"]
    for ni, host in enumerate(nodes):
        agent = rng.randint(100000, 400000)
        pids = [agent + 55 + i * 3 for i in range(8)]
        s = Stream()
        s.add(t0, torchrun_banner(ver, t0, agent))
        nb = nccl_node(rng, host=host, node_idx=ni, gpn=8, nranks=32, pids=pids, nccl=nccl, cuda_drv=12090,
                       sock_if="bond0", sock_ip=ips[ni], hcas=hcas, channels=2)
        for i, (lr, ln) in enumerate(interleave(nb, rng)):
            s.add(plus(t0, 25 + i * 0.002), f"[default{lr}]:" + ln)
        if ni == 0:
            t = plus(t0, 60)
            st = 0
            while t < t_x:
                st += 20
                t = plus(t, 20 * rng.uniform(3.18, 3.22))
                if t >= t_x:
                    break
                s.add(t, f"[default0]:[{iso_ms(t)}] step={st} loss={2.4 + 6 * 2.718 ** (-st / 400) + rng.uniform(-0.02, 0.02):.4f} tflops/gpu={rng.uniform(611, 618):.1f} mem={rng.uniform(68.1, 68.5):.1f}GiB")
        tw = plus(t_x, 600 + 2)
        for lr in range(8):
            r = ni * 8 + lr
            if r == 29:
                continue
            s.add(plus(tw, rng.uniform(0, 2)), prefix(watchdog_timeout(rng, ver, rank=r, seq=33871, op="_REDUCE_SCATTER_BASE", numel=402653184, numel_out=12582912, timeout_ms=600000, t=plus(tw, 1), pg=1), f"[default{lr}]:"))
        te = plus(tw, 4)
        first = 0 if ni != 3 else 1
        s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for i, p in enumerate(pids) if i != first])
        s.add(plus(te, 1), [elastic_line(ver, plus(te, 1), "E", f"failed (exitcode: -6) local_rank: {first} (pid: {pids[first]}) of binary: /usr/bin/python3", agent)]
              + torchrun_traceback(ver, pyver="3.12") + child_failed_block("train.py", [], dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * 8 + first, local_rank=first, exitcode=-6, pid=pids[first], traceback=signal_tb(-6, pids[first]))))
        if ni == 3:
            s.add(plus(te, 30), [elastic_line(ver, plus(te, 30), "W", f"Unable to shutdown process {pids[5]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL", agent)])
        b.add(f"{host}/torchrun-console.log", s.lines())
        boot = plus(t0, -rng.randint(2, 9) * 86400)
        ev = dmesg_boot(rng, host=host, driver="575.57.08", kernel="6.8.0-79-generic")
        ev += dmesg_noise(rng, 30, secs(plus(te, 200), boot), n=25)
        if host == "h-104":
            x = secs(t_x, boot)
            ev += [(x, f"NVRM: Xid (PCI:0000:ab:00): 119, pid={pids[5]}, name=python3, Timeout after 6s of waiting for RPC response from GPU5 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20801348 0x4)."),
                   (x + 0.0002, "NVRM: GPU5 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020801348 0x0000000000000004."),
                   (x + 0.0003, "NVRM: GPU5 RPC history (CPU -> GSP):"),
                   (x + 0.0004, "NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling"),
                   (x + 6.1, f"NVRM: Xid (PCI:0000:ab:00): 119, pid={pids[5]}, name=python3, Timeout after 6s of waiting for RPC response from GPU5 GSP! Expected function 10 (FREE) (0xa55a0050 0x0)."),
                   (x + 6.3, "NVRM: Xid (PCI:0000:ab:00): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)")]
        b.add(f"{host}/journalctl-k.txt", render_dmesg(ev, style="journal", boot=boot, host=host))
        gs = [dict(bus=bb, temp=rng.randint(31, 37), power=rng.randint(68, 76)) for bb in H100_BUS]
        if host == "h-104":
            gs[5].update(tmp="ERR!", pw="ERR! / 700W", ut="ERR!", ecc_unc="ERR!", mem_used=0)
        tbl = smi_table(plus(te, 240), "575.57.08", "12.9", gs)
        b.add(f"{host}/nvidia-smi.txt", tbl)


# ---------------------------------------------------------------------------
def k34_cuda_error_then_peer_timeouts(b, rng):
    nodes = ["nv-b10", "nv-b11", "nv-b12", "nv-b13"]
    b.label("nvlink", "infrastructure", ("nv-b12", None), "restart_without_node",
            "Ranks 19 and 20 on nv-b12 fail with 'CUDA error: uncorrectable NVLink error detected during the execution'; nv-b12's "
            "kernel log shows Xid 74 (fatal NVLink error on link 7 of GPU 0000:5d:00) and a fatal SXid from nvidia-nvswitch2 at the "
            "same second, and nvidia-smi nvlink shows link 7 of GPU 3 inactive. The other nodes only lose their peers.",
            "https://github.com/pytorch/pytorch/issues/58155")
    ver = "2.9.0"
    nccl = "2.27.7+cuda12.9"
    t0 = T("2025-10-28 06:00:00")
    t_x = T("2025-10-28 09:47:31")
    for ni, host in enumerate(nodes):
        agent = rng.randint(50000, 300000)
        pids = [agent + 20 + i for i in range(8)]
        s = Stream()
        s.add(t0, torchrun_banner(ver, t0, agent))
        if ni == 0:
            t = plus(t0, 50)
            st = 0
            while t < t_x:
                st += 50
                t = plus(t, 50 * rng.uniform(1.41, 1.44))
                if t >= t_x:
                    break
                s.add(t, f"[rank0]:[{iso(t)}] it {st} | loss {2.1 + 5 * 2.718 ** (-st / 900) + rng.uniform(-0.02, 0.02):.4f} | grad_norm {rng.uniform(0.2, 0.6):.3f} | {rng.randint(9100, 9200)} tok/s/gpu")
        if ni == 2:
            for lr in (3, 4):
                r = 16 + lr
                tb = py_frames([("/opt/train/run.py", 212, "<module>", "main()"),
                                ("/opt/train/run.py", 177, "main", "loss.backward()"),
                                ("/usr/local/lib/python3.12/dist-packages/torch/_tensor.py", 647, "backward", "torch.autograd.backward("),
                                ("/usr/local/lib/python3.12/dist-packages/torch/autograd/__init__.py", 354, "backward", "_engine_run_backward("),
                                ("/usr/local/lib/python3.12/dist-packages/torch/autograd/graph.py", 829, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]) + [
                    "torch.AcceleratorError: CUDA error: uncorrectable NVLink error detected during the execution",
                    "Search for `cudaErrorNvlinkUncorrectable' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.",
                    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""]
                s.add(plus(t_x, 0.6 + lr * 0.01), prefix(tb, f"[rank{r}]: "))
            te = plus(t_x, 2)
            s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for i, p in enumerate(pids) if i != 3])
            s.add(plus(te, 1), [elastic_line(ver, plus(te, 1), "E", f"failed (exitcode: 1) local_rank: 3 (pid: {pids[3]}) of binary: /usr/bin/python3", agent)]
                  + torchrun_traceback(ver, pyver="3.12") + child_failed_block("run.py", [dict(time=t_x.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=20, local_rank=4, exitcode=1, pid=pids[4], traceback=signal_tb(1, 0))],
                                                                                 dict(time=t_x.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=19, local_rank=3, exitcode=1, pid=pids[3], traceback=signal_tb(1, 0))))
        else:
            tw = plus(t_x, 600 + 3)
            for lr in rng.sample(range(8), 4):
                s.add(plus(tw, rng.uniform(0, 2)), watchdog_timeout(rng, ver, rank=ni * 8 + lr, seq=19522, op="ALLREDUCE", numel=50331648, timeout_ms=600000, t=plus(tw, 1)))
            te = plus(tw, 3)
            s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for p in pids[1:]])
            s.add(plus(te, 1), [elastic_line(ver, plus(te, 1), "E", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python3", agent)]
                  + torchrun_traceback(ver, pyver="3.12") + child_failed_block("run.py", [], dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], traceback=signal_tb(-6, pids[0]))))
        b.add(f"{host}/torchrun.log", s.lines())
        boot = plus(t0, -rng.randint(2, 9) * 86400)
        ev = dmesg_boot(rng, host=host, driver="580.82.07", kernel="6.8.0-85-generic")
        ev += dmesg_noise(rng, 30, secs(plus(t_x, 900), boot), n=25)
        nv = []
        for g, bb in enumerate(H100_BUS):
            nv.append(f"GPU {g}: NVIDIA H100 80GB HBM3 (UUID: GPU-{rng.randint(16**7, 16**8 - 1):08x}-{rng.randint(16**3, 16**4 - 1):04x}-{rng.randint(16**3, 16**4 - 1):04x}-{rng.randint(16**3, 16**4 - 1):04x}-{rng.randint(16**11, 16**12 - 1):012x})")
            for l in range(18):
                nv.append(f"\t Link {l}: <inactive>" if (host == "nv-b12" and g == 3 and l == 7) else f"\t Link {l}: 26.562 GB/s")
        if host == "nv-b12":
            x = secs(t_x, boot)
            ev += [(x, "NVRM: Xid (PCI:0000:5d:00): 74, pid='<unknown>', name=<unknown>, NVLink: fatal error detected on link 7(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)"),
                   (x + 0.0004, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Fatal, Link 32 LTSSM Fault Up"),
                   (x + 0.0005, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Severity 1 Engine instance 32 Sub-engine instance 00"),
                   (x + 0.0005, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Data {0x00000000, 0x20000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}"),
                   (x + 0.52, f"NVRM: Xid (PCI:0000:5d:00): 45, pid={pids[3]}, name=python3, Ch 0000000a"),
                   (x + 0.53, f"NVRM: Xid (PCI:0000:9a:00): 45, pid={pids[4]}, name=python3, Ch 0000000c")]
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/nvidia-smi-nvlink-s.txt", nv)


# ---------------------------------------------------------------------------
def k35_cuda_error_with_dcgm_health_file(b, rng):
    nodes = ["a100-n31", "a100-n32", "a100-n33", "a100-n34"]
    b.label("gpu_memory", "infrastructure", ("a100-n33", 18), "restart_without_node",
            "Rank 18 (a100-n33, GPU 2) dies with 'uncorrectable ECC error encountered'; a100-n33's kernel log has Xid 48 and then "
            "Xid 64 'All reserved rows for bank are remapped' on 0000:47:00, nvidia-smi reports 'Remapping Failure Occurred: Yes' and "
            "dcgmi health flags a row-remap failure on that GPU. The HBM can no longer self-repair: take the node out, RMA the GPU.",
            "https://github.com/aws/eks-node-monitoring-agent/issues/245")
    ver = "2.7.1"
    t0 = T("2025-06-03 13:00:00")
    t_x = T("2025-06-03 18:26:44")
    for ni, host in enumerate(nodes):
        agent = rng.randint(3000, 90000)
        pids = [agent + 14 + i for i in range(8)]
        s = Stream()
        s.add(t0, torchrun_banner(ver, t0, agent))
        if ni == 0:
            t = plus(t0, 80)
            ep = 0
            st = 0
            while t < t_x:
                st += 100
                t = plus(t, 100 * rng.uniform(0.61, 0.63))
                if t >= t_x:
                    break
                s.add(t, f"[rank0]:{iso_ms(t)} INFO step {st} loss {1.4 - 0.5 * (1 - 2.718 ** (-st / 20000)) + rng.uniform(-0.02, 0.02):.4f} lr 3.0e-04 imgs/s {rng.uniform(9610, 9680):.0f}")
        if ni == 2:
            tb = py_frames([("/work/vit/train.py", 301, "<module>", "main()"),
                            ("/work/vit/train.py", 258, "main", "scaler.step(optimizer)"),
                            ("/usr/local/lib/python3.12/dist-packages/torch/amp/grad_scaler.py", 457, "step", "retval = self._maybe_opt_step(optimizer, optimizer_state, *args, **kwargs)"),
                            ("/usr/local/lib/python3.12/dist-packages/torch/amp/grad_scaler.py", 351, "_maybe_opt_step", "if not sum(v.item() for v in optimizer_state[\"found_inf_per_device\"].values()):")]) + [
                "RuntimeError: CUDA error: uncorrectable ECC error encountered",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1", "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""]
            s.add(t_x, prefix(tb, "[rank18]: "))
            te = plus(t_x, 1.5)
            s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for i, p in enumerate(pids) if i != 2])
            s.add(plus(te, 1), [elastic_line(ver, plus(te, 1), "E", f"failed (exitcode: 1) local_rank: 2 (pid: {pids[2]}) of binary: /usr/bin/python3", agent)]
                  + torchrun_traceback(ver, pyver="3.12") + child_failed_block("train.py", [], dict(time=t_x.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=18, local_rank=2, exitcode=1, pid=pids[2], traceback=signal_tb(1, 0))))
        else:
            tw = plus(t_x, 1800 + 4)
            for lr in rng.sample(range(8), 3):
                s.add(plus(tw, rng.uniform(0, 2)), watchdog_timeout(rng, ver, rank=ni * 8 + lr, seq=402211, op="ALLREDUCE", numel=25165824, timeout_ms=1800000, t=plus(tw, 1)))
            te = plus(tw, 3)
            s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for p in pids[1:]])
            s.add(plus(te, 1), [elastic_line(ver, plus(te, 1), "E", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python3", agent)]
                  + torchrun_traceback(ver, pyver="3.12") + child_failed_block("train.py", [], dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], traceback=signal_tb(-6, pids[0]))))
        b.add(f"{host}/torchrun.log", s.lines())
        boot = plus(t0, -rng.randint(5, 40) * 86400)
        ev = dmesg_boot(rng, host=host, driver="570.133.20", bus=A100_BUS, hcas=4, kernel="5.15.0-140-generic")
        ev += dmesg_noise(rng, 30, secs(plus(t_x, 2400), boot), n=25)
        gs = [dict(bus=bb) for bb in A100_BUS]
        bar = "+---------------------------+----------------------------------------------------------+"
        health = [bar, "| Health Monitor Report                                                                |",
                  "+===========================+==========================================================+"]
        if host == "a100-n33":
            x = secs(t_x, boot) - 0.4
            ev += [(x, "NVRM: Xid (PCI:0000:47:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at physAddr 0x5b73c1a40 partition 2, subpartition 1"),
                   (x + 0.001, "NVRM: Xid (PCI:0000:47:00): 64, pid='<unknown>', name=<unknown>, Row Remapper Error: (0x00000005b73c1a40) - All reserved rows for bank are remapped"),
                   (x + 0.45, f"NVRM: Xid (PCI:0000:47:00): 45, pid={pids[2]}, name=python3, Ch 00000008")]
            gs[2]["ecc"] = {"vdu": 1, "adu": 9, "adc": 112}
            gs[2]["remap"] = {"corr": 3, "unc": 8, "pending": "No", "failure": "Yes", "max": 636, "high": 2, "partial": 1, "low": 0, "none": 1}
            health += ["| Overall Health            | Failure                                                  |",
                       "| GPU                       |                                                          |",
                       "| -> 2                      | Failure                                                  |",
                       "|    -> Errors              |                                                          |",
                       "|       -> Memory system    | Failure                                                  |",
                       "|                           | GPU 2 had uncorrectable memory errors and row remapping  |",
                       "|                           | failed. Run a field diagnostic on the GPU.               |",
                       bar]
        else:
            if host == "a100-n31":
                gs[5]["ecc"] = {"adc": 17}
                gs[5]["remap"] = {"corr": 2, "max": 638, "high": 2}
            health += ["| Overall Health            | Healthy                                                  |", bar]
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/nvidia-smi-q-ecc-remap.txt", smi_q(plus(t_x, 2500), "570.133.20", "12.8", gs, sections=("ECC", "ROW_REMAPPER")))
        b.add(f"{host}/dcgmi-health-c.txt", health)


# ---------------------------------------------------------------------------
def k36_single_rank_runtime_error_moe(b, rng):
    b.label("gpu_memory", "infrastructure", ("hx-22", 14), "restart",
            "Rank 14 (hx-22, GPU 6) aborts with an uncorrectable-ECC CUDA error; hx-22's kernel log shows Xid 94 'Contained' "
            "(RST: No, D-RST: No) on 0000:ba:00 and nvidia-smi shows the offending row already remapped with no pending remap and no "
            "remap failure. A contained error: the GPU stays usable, so restarting the job (even on hx-22) is the right move.",
            "https://github.com/NVIDIA/gpu-operator/issues/1065")
    nodes = ["hx-21", "hx-22", "hx-23"]
    ver = "2.4.1"
    t0 = T("2024-10-07 07:45:10")
    t_x = T("2024-10-07 12:58:03")
    s = Stream()
    s.add(t0, [f"+ srun --ntasks-per-node=1 torchrun --nnodes 3 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint hx-21:29400 finetune_moe.py"])
    agents = {}
    for ni, host in enumerate(nodes):
        agent = rng.randint(100000, 200000)
        agents[host] = (agent, [agent + 9 + i for i in range(8)])
        s.add(plus(t0, 3), torchrun_banner(ver, plus(t0, 3), agent))
    t = plus(t0, 70)
    st = 0
    while t < t_x:
        st += 10
        t = plus(t, 10 * rng.uniform(2.61, 2.66))
        if t >= t_x:
            break
        s.add(t, f"[rank0]: step {st} loss={1.62 + rng.uniform(-0.03, 0.03):.4f} aux_loss={rng.uniform(0.011, 0.014):.4f} lr=1.0e-05 tokens/s={rng.randint(201000, 204000)}")
    tb = py_frames([("/opt/moe/finetune_moe.py", 331, "<module>", "main()"),
                    ("/opt/moe/finetune_moe.py", 288, "main", "out = model(**batch)"),
                    ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", 1562, "_call_impl", "return forward_call(*args, **kwargs)"),
                    ("/opt/moe/modeling/moe_layer.py", 140, "forward", "routed = torch.index_select(x, 0, idx)")]) + [
        "RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1", "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""]
    s.add(t_x, prefix(tb, "[rank14]: "))
    agent, pids = agents["hx-22"]
    te = plus(t_x, 1.3)
    s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for i, p in enumerate(pids) if i != 6])
    s.add(plus(te, 1), [elastic_line(ver, plus(te, 1), "E", f"failed (exitcode: 1) local_rank: 6 (pid: {pids[6]}) of binary: /usr/bin/python", agent)]
          + torchrun_traceback(ver) + child_failed_block("finetune_moe.py", [], dict(time=t_x.strftime("%Y-%m-%d_%H:%M:%S"), host="hx-22", rank=14, local_rank=6, exitcode=1, pid=pids[6], traceback=signal_tb(1, 0))))
    tw = plus(t_x, 600 + 2)
    for host in ("hx-21", "hx-23"):
        agent, pp = agents[host]
        ni = nodes.index(host)
        for lr in rng.sample(range(8), 3):
            s.add(plus(tw, rng.uniform(0, 2)), watchdog_timeout(rng, ver, rank=ni * 8 + lr, seq=51877, op="ALLTOALL_BASE", numel=117440512, timeout_ms=600000, t=plus(tw, 1), pg=2))
        te2 = plus(tw, 3)
        s.add(te2, [elastic_line(ver, te2, "W", f"Sending process {p} closing signal SIGTERM", agent) for p in pp[1:]])
        s.add(plus(te2, 1), [elastic_line(ver, plus(te2, 1), "E", f"failed (exitcode: -6) local_rank: 0 (pid: {pp[0]}) of binary: /usr/bin/python", agent)])
    s.add(plus(tw, 8), ["srun: error: hx-22: task 1: Exited with exit code 1", "srun: error: hx-21: task 0: Exited with exit code 1", "srun: error: hx-23: task 2: Exited with exit code 1"])
    b.add("hx-21/slurm-604411.out", s.lines())
    for ni, host in enumerate(nodes):
        boot = plus(t0, -rng.randint(5, 30) * 86400)
        ev = dmesg_boot(rng, host=host, driver="550.90.07")
        ev += dmesg_noise(rng, 30, secs(plus(tw, 300), boot), n=25)
        gs = [dict(bus=bb) for bb in H100_BUS]
        if host == "hx-22":
            agent, pids = agents[host]
            x = secs(t_x, boot) - 0.3
            ev += [(x, f"NVRM: Xid (PCI:0000:ba:00): 94, pid={pids[6]}, name=python, Contained: SM (0x1). RST: No, D-RST: No")]
            gs[6]["ecc"] = {"vdu": 1, "adu": 1, "vdc": 0, "adc": 4}
            gs[6]["remap"] = {"unc": 1, "pending": "No", "failure": "No", "max": 639, "high": 1}
        for g in gs:
            g.setdefault("remap", {})
            g["remap"].setdefault("max", 640)
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/nvidia-smi-q-ecc.txt", smi_q(plus(tw, 400), "550.90.07", "12.4", gs, sections=("ECC", "ROW_REMAPPER")))


# ---------------------------------------------------------------------------
def k37_stuck_job_pyspy_dumps(b, rng):
    b.label("hang", "infrastructure", ("bx-03", 17), "run_diagnostics",
            "The job stopped making progress at 16:40 with no error. py-spy dumps taken 12 minutes into the stall show 23 ranks "
            "blocked in loss.item() waiting on the gradient all-reduce, while rank 17 (bx-03, local rank 1) sits in a different "
            "place - a kernel launch in the next forward pass - so its GPU stream never drained. No Xid, ECC or link event anywhere: "
            "drain bx-03 GPU 1 for diagnostics.",
            "https://github.com/allenai/OLMo/pull/709")
    nodes = ["bx-01", "bx-02", "bx-03"]
    ver = "2.2.2"
    jobid = 700913
    t0 = T("2024-05-02 09:00:00")
    t_h = T("2024-05-02 16:40:12")
    s = Stream()
    lab = lambda r: f"{r:>2}: "
    s.add(t0, ["srun -l --ntasks-per-node=8 python train.py --cfg configs/olmo_7b_anneal.yaml"])
    t = plus(t0, 90)
    st = 0
    while t < t_h:
        st += 10
        t = plus(t, 10 * rng.uniform(2.02, 2.06))
        if t >= t_h:
            break
        s.add(t, f"[{iso(t)}] train/step={st} train/CrossEntropyLoss={2.35 + rng.uniform(-0.03, 0.03):.4f} throughput/device/tokens_per_second={rng.randint(8050, 8120)}", lab(0))
    s.add(plus(t_h, 1690), [f"slurmstepd: error: *** STEP {jobid}.0 ON bx-01 CANCELLED AT {plus(t_h, 1690).strftime('%Y-%m-%dT%H:%M:%S')} ***",
                            f"slurmstepd: error: *** JOB {jobid} ON bx-01 CANCELLED AT {plus(t_h, 1690).strftime('%Y-%m-%dT%H:%M:%S')} DUE TO USER REQUEST (scancel by uid=10402) ***"])
    b.add(f"bx-01/slurm-{jobid}.out", s.lines())
    for ni, host in enumerate(nodes):
        out = []
        for lr in range(8):
            r = ni * 8 + lr
            pid = rng.randint(100000, 200000)
            out += [f"### RANK={r} LOCAL_RANK={lr} pid={pid}",
                    f"Process {pid}: /usr/bin/python3 train.py --cfg configs/olmo_7b_anneal.yaml", "Python v3.10.12 (/usr/bin/python3.10)", "",
                    f"Thread {pid} (active): \"MainThread\""]
            if r == 17:
                out += ["    _launch_kernel (triton/compiler/compiler.py:383)",
                        "    run (triton/runtime/jit.py:662)",
                        "    _layer_norm_fwd (olmo/kernels/fused_ln.py:141)",
                        "    forward (olmo/kernels/fused_ln.py:212)",
                        "    apply (torch/autograd/function.py:553)",
                        "    forward (olmo/model.py:519)",
                        "    _call_impl (torch/nn/modules/module.py:1520)",
                        "    _wrapped_call_impl (torch/nn/modules/module.py:1511)",
                        "    forward (olmo/model.py:1188)",
                        "    _call_impl (torch/nn/modules/module.py:1520)",
                        "    forward (torch/distributed/fsdp/fully_sharded_data_parallel.py:849)",
                        "    model_forward (olmo/train.py:702)",
                        "    train_batch (olmo/train.py:751)",
                        "    train_step (olmo/train.py:793)",
                        "    fit (olmo/train.py:1176)",
                        "    main (scripts/train.py:255)",
                        "    <module> (scripts/train.py:297)"]
            else:
                out += ["    train_step (olmo/train.py:822)",
                        "    fit (olmo/train.py:1176)",
                        "    main (scripts/train.py:255)",
                        "    <module> (scripts/train.py:297)"]
            out += [f"Thread {pid + 311} (idle): \"Thread-1 (_pin_memory_loop)\"",
                    "    wait (threading.py:324)", "    get (queue.py:180)", "    do_one_step (torch/utils/data/_utils/pin_memory.py:31)",
                    "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)", "    run (threading.py:953)",
                    "    _bootstrap_inner (threading.py:1016)", "    _bootstrap (threading.py:973)",
                    f"Thread {pid + 402} (idle): \"Thread-3 (_monitor)\"", "    wait (threading.py:324)",
                    "    _monitor (olmo/util.py:611)", "    run (threading.py:953)", "    _bootstrap_inner (threading.py:1016)", "    _bootstrap (threading.py:973)", ""]
        b.add(f"{host}/py-spy-dump-all-ranks.txt", [f"# for p in $(pgrep -f train.py); do py-spy dump --pid $p; done   ({iso(plus(t_h, 720))})"] + out)
        gs = [dict(bus=bb, temp=rng.randint(44, 52), power=rng.randint(118, 135), mem_used=rng.randint(61000, 63000), util=100) for bb in H100_BUS]
        b.add(f"{host}/nvidia-smi.txt", smi_table(plus(t_h, 725), "535.161.08", "12.2", gs))
        boot = plus(t0, -rng.randint(2, 8) * 86400)
        ev = dmesg_boot(rng, host=host, driver="535.161.08")
        ev += dmesg_noise(rng, 30, secs(plus(t_h, 1700), boot), n=25)
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))


# ---------------------------------------------------------------------------
def k38_flight_recorder_dumps(b, rng):
    b.label("hang", "infrastructure", None, "restart",
            "Every rank timed out in the same all-reduce (collective 5531 of the default group): the flight-recorder dumps from all "
            "16 ranks show it 'started' everywhere and completed nowhere, with identical sizes and no rank missing or behind. No "
            "Xid, ECC, link or host event on either node - an unexplained collective hang; restart from the last checkpoint.",
            "https://github.com/marin-community/marin/issues/7344")
    nodes = ["fr-node-1", "fr-node-2"]
    ver = "2.5.1"
    t0 = T("2024-11-21 10:00:00")
    t_h = T("2024-11-21 13:15:42")
    tw = plus(t_h, 600 + 1)
    hcas = [f"mlx5_{i}" for i in range(8)]
    base_ns = int(t_h.timestamp()) * 10**9
    for ni, host in enumerate(nodes):
        agent = rng.randint(20000, 80000)
        pids = [agent + 8 + i for i in range(8)]
        s = Stream()
        s.add(t0, torchrun_banner(ver, t0, agent))
        if ni == 0:
            t = plus(t0, 40)
            st = 0
            while t < t_h:
                st += 25
                t = plus(t, 25 * rng.uniform(1.72, 1.76))
                if t >= t_h:
                    break
                s.add(t, f"[rank0]:[{iso(t)}] step {st} | loss {2.2 + rng.uniform(-0.03, 0.03):.4f} | {rng.randint(24100, 24300)} tok/s")
        for lr in range(8):
            r = ni * 8 + lr
            g = f"[rank{r}]:[{glog_c10(plus(tw, 0.5), 'E', rng)} "
            s.add(plus(tw, rng.uniform(0, 1)), watchdog_timeout(rng, ver, rank=r, seq=5531, op="ALLREDUCE", numel=201326592, timeout_ms=600000, t=tw, last_enq=5531, last_comp=5530, with_terminate=False)
                  + [g + f"ProcessGroupNCCL.cpp:1304] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: 5531, last completed NCCL work: 5530.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. ",
                     g + f"ProcessGroupNCCL.cpp:1155] [PG ID 0 PG GUID 0(default_pg) Rank {r}] ProcessGroupNCCL preparing to dump debug info.",
                     "terminate called after throwing an instance of 'c10::DistBackendError'",
                     f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5531, OpType=ALLREDUCE, NumelIn=201326592, NumelOut=201326592, Timeout(ms)=600000) ran for 600041 milliseconds before timing out."])
            entries = []
            for k, seq in enumerate(range(5527, 5532)):
                done = seq < 5531
                created = base_ns - (5531 - seq) * 1_748_000_000 + rng.randint(0, 5_000_000)
                entries.append({"record_id": 11027 + k, "pg_id": 0, "process_group": ["0", "default_pg"], "collective_seq_id": seq,
                                "p2p_seq_id": 0, "op_id": seq, "profiling_name": "nccl:all_reduce", "time_created_ns": created,
                                "duration_ms": round(rng.uniform(61.0, 64.5), 3) if done else None,
                                "input_sizes": [[201326592]], "input_dtypes": ["BFloat16"], "output_sizes": [[201326592]], "output_dtypes": ["BFloat16"],
                                "state": "completed" if done else "started",
                                "time_discovered_started_ns": created + rng.randint(200_000, 900_000),
                                "time_discovered_completed_ns": created + rng.randint(62_000_000, 66_000_000) if done else None,
                                "retired": done, "timeout_ms": 600000, "is_p2p": False,
                                "frames": [{"name": "all_reduce", "filename": "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", "line": 2501},
                                           {"name": "_reduce_grads", "filename": "/srv/train/ddp_utils.py", "line": 77},
                                           {"name": "train_step", "filename": "/srv/train/loop.py", "line": 140}]})
            dump = {"version": "2.4", "pg_config": {"0": {"name": "0", "desc": "default_pg", "ranks": "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]"}},
                    "pg_status": {"0": {"last_enqueued_collective": 5531, "last_started_collective": 5531, "last_completed_collective": 5530}},
                    "entries": entries}
            b.add(f"{host}/fr_dumps/nccl_trace_rank_{r}.json", json.dumps(dump, indent=1))
        te = plus(tw, 6)
        s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for p in pids[1:]])
        s.add(plus(te, 1), [elastic_line(ver, plus(te, 1), "E", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python", agent)]
              + torchrun_traceback(ver) + child_failed_block("/srv/train/main.py", [], dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], traceback=signal_tb(-6, pids[0]))))
        b.add(f"{host}/torchrun.log", s.lines())
        boot = plus(t0, -rng.randint(2, 8) * 86400)
        ev = dmesg_boot(rng, host=host, driver="550.127.05")
        ev += dmesg_noise(rng, 30, secs(plus(te, 300), boot), n=25)
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/ibstat.txt", ibstat(rng, hcas))


# ---------------------------------------------------------------------------
def k39_megatron_run_end_warnings(b, rng):
    b.label("unknown", "framework", None, "none",
            "The run reached train_iters (20000), saved its final checkpoint and every task exited 0. The destroy_process_group, "
            "TransformerEngine and NCCL plugin warnings, the Xid 63 row-remap notice and the corrected ECC counts are all benign.",
            "https://github.com/NVIDIA/Megatron-LM/issues/1541")
    nodes = ["mx-01", "mx-02"]
    ver = "2.6.0"
    jobid = 1200771
    t0 = T("2025-02-18 02:00:00")
    s = Stream()
    lab = lambda r: f"{r:>2}: "
    s.add(t0, ["srun -l python pretrain_gpt.py --train-iters 20000 ..."])
    for r in range(16):
        s.add(plus(t0, 4 + r * 0.01), ["/usr/local/lib/python3.12/dist-packages/transformer_engine/pytorch/attention/dot_product_attention/utils.py:1795: UserWarning: window_size should be (-1, -1) or (>=0, >=0) for attn_mask_type=causal",
                                       "  warnings.warn(",
                                       "/usr/local/lib/python3.12/dist-packages/torch/distributed/distributed_c10d.py:4631: UserWarning: No device id is provided via `init_process_group` or `barrier `. Using the current device set by the user. ",
                                       "  warnings.warn(  # warn only once"], lab(r))
    s.add(plus(t0, 6), megatron_preamble(plus(t0, 6), world=16, tp=2, pp=1, dp=8, gbs=256, train_iters=20000, log_interval=50,
                                         save_interval=5000, load_iter=17500, ckpt_dir="/ckpt/gpt-3b-anneal"), lab(0))
    s.add(plus(t0, 20), ["mx-01:188231:188231 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.",
                         "mx-01:188231:188614 [0] NCCL INFO NCCL_IB_PCI_RELAXED_ORDERING set by environment to 1.",
                         "mx-01:188231:188614 [0] NCCL WARN NCCL_IB_GID_INDEX was specified but is ignored on IB (link layer InfiniBand)"], lab(0))
    prog, t_end = megatron_progress(rng, plus(t0, 90), 17500, 20000, interval=50, total=20000, gbs=256,
                                    ms_fn=lambda it: 1980 + rng.uniform(-20, 25), tflops_fn=lambda it: 389 + rng.uniform(-2, 2),
                                    loss_fn=lambda it: 2.41 + rng.uniform(-0.02, 0.02))
    for t, l in prog:
        s.add(t, l, lab(15))
    s.add(plus(t_end, 1), [f"saving checkpoint at iteration   20000 to /ckpt/gpt-3b-anneal in torch_dist format",
                           f"  successfully saved checkpoint from iteration   20000 to /ckpt/gpt-3b-anneal [ t 1/2, p 1/1 ]",
                           f"[after training is done] datetime: {iso(plus(t_end, 40))} "], lab(0))
    for r in range(16):
        s.add(plus(t_end, 42 + r * 0.01), [f"[rank{r}]:[W{t_end.month}{t_end.day:02d} {plus(t_end, 42).strftime('%H:%M:%S')}.{rng.randint(10**8, 10**9 - 1)} ProcessGroupNCCL.cpp:1496] Warning: WARNING: destroy_process_group() was not called before program exit, which can leak resources. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())"], lab(r))
    el = int((plus(t_end, 45) - t0).total_seconds())
    s.add(plus(t_end, 45), [f"JOB {jobid} finished: exit code 0 (elapsed {el // 3600}:{el % 3600 // 60:02d}:{el % 60:02d})"])
    b.add(f"mx-01/slurm-{jobid}.out", s.lines())
    for ni, host in enumerate(nodes):
        boot = plus(t0, -rng.randint(2, 8) * 86400)
        ev = dmesg_boot(rng, host=host, driver="570.86.15")
        ev += dmesg_noise(rng, 30, secs(plus(t_end, 100), boot), n=30)
        gs = [dict(bus=bb) for bb in H100_BUS]
        if host == "mx-02":
            ev.append((secs(plus(t0, 3600 * 2.5), boot), "NVRM: Xid (PCI:0000:db:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000033f0a80) marked for remapping, reset gpu to activate."))
            gs[7]["ecc"] = {"vdc": 3, "adc": 25}
            gs[7]["remap"] = {"corr": 1, "pending": "Yes", "max": 639, "high": 1}
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/nvidia-smi-q-ecc.txt", smi_q(plus(t_end, 120), "570.86.15", "12.8", gs, sections=("ECC", "ROW_REMAPPER")))


def k40_hf_trainer_noisy_warnings(b, rng):
    b.label("unknown", "framework", None, "none",
            "HF Trainer finished all 3 epochs (train_runtime printed, final model saved) and both torchrun agents report the worker "
            "group SUCCEEDED. The c10d 'failed to connect' retries at start-up, the process-group destruction warnings, a "
            "gradient-checkpointing deprecation warning and corrected PCIe AER messages are harmless.",
            "https://github.com/pytorch/pytorch/issues/126275")
    nodes = ["hf-n1", "hf-n2"]
    ver = "2.4.0"
    t0 = T("2024-08-30 20:10:00")
    total = 4686
    spi = 4.33
    t_end = plus(t0, 95 + total * spi)
    for ni, host in enumerate(nodes):
        agent = rng.randint(20000, 90000)
        pids = [agent + 5 + i for i in range(8)]
        s = Stream()
        s.add(t0, torchrun_banner(ver, t0, agent))
        if ni == 1:
            for k in range(3):
                s.add(plus(t0, 1 + k * 0.5), [f"[W{t0.month}{t0.day:02d} {plus(t0, 1 + k).strftime('%H:%M:%S')}.{rng.randint(10**8, 10**9 - 1)} socket.cpp:697] [c10d] The client socket has failed to connect to [hf-n1]:29500 (errno: 111 - Connection refused)."])
        for lr in range(8):
            r = ni * 8 + lr
            s.add(plus(t0, 30 + lr * 0.1), [f"[rank{r}]: /usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:464: UserWarning: torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. In version 2.4 we will raise an exception if use_reentrant is not passed. use_reentrant=False is recommended, but if you need to preserve the current default behavior, you can pass use_reentrant=True. Refer to docs for more details on the differences between the two variants.",
                                            f"[rank{r}]:   return fn(*args, **kwargs)"])
        if ni == 0:
            s.add(plus(t0, 60), ["***** Running training *****", "  Num examples = 199,912", "  Num Epochs = 3", "  Instantaneous batch size per device = 4",
                                 "  Total train batch size (w. parallel, distributed & accumulation) = 128", "  Gradient Accumulation steps = 2",
                                 f"  Total optimization steps = {total:,}", "  Number of trainable parameters = 8,030,261,248"])
            for st in range(50, total + 1, 50):
                tt = plus(t0, 95 + st * spi)
                s.add(tt, [hf_tqdm(st, total, st * spi, spi + rng.uniform(-0.05, 0.05))])
                if st % 100 == 0:
                    s.add(tt, [f"{{'loss': {1.45 - 0.4 * (1 - 2.718 ** (-st / 1500)) + rng.uniform(-0.03, 0.03):.4f}, 'grad_norm': {rng.uniform(0.6, 1.4):.4f}, 'learning_rate': {2e-5 * (1 - st / total):.4e}, 'epoch': {3 * st / total:.2f}}}"])
            s.add(t_end, ["", "", "Training completed. Do not forget to share your model on huggingface.co/models =)", "", "",
                          f"{{'train_runtime': {95 + total * spi:.4f}, 'train_samples_per_second': {199912 * 3 / (95 + total * spi):.3f}, 'train_steps_per_second': {total / (95 + total * spi):.3f}, 'train_loss': 1.1236, 'epoch': 3.0}}",
                          hf_tqdm(total, total, total * spi, spi),
                          "Saving model checkpoint to /outputs/llama3-8b-sft/final", "Configuration saved in /outputs/llama3-8b-sft/final/config.json",
                          "Model weights saved in /outputs/llama3-8b-sft/final/model.safetensors.index.json"])
        for lr in range(8):
            r = ni * 8 + lr
            s.add(plus(t_end, 8 + lr * 0.02), [f"[rank{r}]:[W{t_end.month}{t_end.day:02d} {plus(t_end, 8).strftime('%H:%M:%S')}.{rng.randint(10**8, 10**9 - 1)} ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())"])
        tf = plus(t_end, 10)
        tid = 139800000000000 + agent * 4096
        ms = sorted(rng.sample(range(100, 999), 2))
        s.add(tf, [f"{tf.strftime('I%m%d %H:%M:%S')}.{ms[0]}000 {tid} torch/distributed/elastic/agent/server/api.py:880] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.",
                   f"{tf.strftime('I%m%d %H:%M:%S')}.{ms[1]}000 {tid} torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish",
                   f"{plus(tf, 1).strftime('I%m%d %H:%M:%S')}.{rng.randint(100, 999)}000 {tid} torch/distributed/elastic/agent/server/api.py:946] Done waiting for other agents. Elapsed: {rng.uniform(0.5, 1.5):.5f} seconds"])
        b.add(f"{host}/torchrun-{host}.log", s.lines())
        boot = plus(t0, -rng.randint(2, 8) * 86400)
        ev = dmesg_boot(rng, host=host, driver="550.90.07")
        extra = ["pcieport 0000:16:02.0: AER: Corrected error received: 0000:18:00.0",
                 "nvidia 0000:18:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)",
                 "nvidia 0000:18:00.0:   device [10de:2330] error status/mask=00000001/0000e000",
                 "nvidia 0000:18:00.0:    [ 0] RxErr                  (First)"] if ni == 0 else []
        ev += dmesg_noise(rng, 30, secs(plus(t_end, 60), boot), n=30, extra=extra)
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
