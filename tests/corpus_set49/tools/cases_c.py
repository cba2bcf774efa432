"""Cases at20-at28: data shard, infrastructure balance, hangs, clean run, straggler."""
from common import (Job, T, ms, sec, f_py, f_glog, f_c10, f_dmesg_T, f_iso, f_syslog,
                    torchrun_header, nccl_init_noise, watchdog_timeout, remote_closed, sigterm_lines,
                    child_failed, TB_LINK, sigterm_tb, nvsmi_q, dmesg_benign, fmt_kernel,
                    titan_steps, megatron_iters)
from cases_a import tb, SP


def at20(c):
    """Blend config names a data prefix whose .bin/.idx are absent; ranks building the dataset fail."""
    nodes = ["gpu-q01", "gpu-q02", "gpu-q03"]
    job = Job(nodes, 8, c.rng)
    t0 = T("2025-03-30 06:00:31")
    tf = sec(t0, 74)
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "pretrain_gpt.py")
        if ni == 0:
            L += ["> building train, validation, and test datasets ...",
                  " > datasets target sizes (minimum size):", "    train:      512000000", "    validation: 5125120", "    test:       5120",
                  f"INFO:megatron.core.datasets.blended_megatron_dataset_builder:Building GPTDataset splits with sizes=(512000000, 5125120, 5120) and config=GPTDatasetConfig(random_seed=1234, sequence_length=4096, blend=(['/data/tok/web_00', '/data/tok/web_01', '/data/tok/code_00', '/data/tok/math_00'], [0.45, 0.35, 0.15, 0.05]))",
                  "INFO:megatron.core.datasets.indexed_dataset:Load the _IndexReader from /data/tok/web_00.idx",
                  "INFO:megatron.core.datasets.indexed_dataset:\tExtract the sequence lengths",
                  "INFO:megatron.core.datasets.indexed_dataset:Load the _IndexReader from /data/tok/web_01.idx",
                  "INFO:megatron.core.datasets.indexed_dataset:Load the _IndexReader from /data/tok/code_00.idx"]
        for lr in range(8):
            r = job.rank(n, lr)
            if ni == 0 and lr == 0:
                L += tb(r, [("/workspace/Megatron-LM/pretrain_gpt.py", 278, "<module>", "pretrain("),
                            ("/workspace/Megatron-LM/megatron/training/training.py", 1695, "build_train_valid_test_data_iterators", "build_train_valid_test_data_loaders("),
                            ("/workspace/Megatron-LM/megatron/core/datasets/blended_megatron_dataset_builder.py", 417, "_build_megatron_dataset_splits", "low_level_dataset = self.cls.build_low_level_dataset(dataset_path, self.config)"),
                            ("/workspace/Megatron-LM/megatron/core/datasets/indexed_dataset.py", 373, "__init__", "self.initialize(path_prefix, multimodal, mmap, s3_config)"),
                            ("/workspace/Megatron-LM/megatron/core/datasets/indexed_dataset.py", 410, "initialize", "self.index = _IndexReader(get_idx_path(path_prefix), self.multimodal)"),
                            ("/workspace/Megatron-LM/megatron/core/datasets/indexed_dataset.py", 237, "__init__", "with open(idx_path, \"rb\") as stream:")],
                        ["FileNotFoundError: [Errno 2] No such file or directory: '/data/tok/math_00.idx'"])
            else:
                L += [f"[rank{r}]:{f_c10(sec(tf, 600 + r*0.01))} ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, OpType=BROADCAST, NumelIn=3, NumelOut=3, Timeout(ms)=600000) ran for 600043 milliseconds before timing out."] if lr % 4 == 1 else []
        L += sigterm_lines(job, n, sec(tf, 2 if ni == 0 else 603), skip_lr=0 if ni == 0 else None)
        L += child_failed(job, n, sec(tf, 4 if ni == 0 else 640), [], (0, 1, TB_LINK) if ni == 0 else (1, -6, f"Signal 6 (SIGABRT) received by PID {job.pid(n, 1)}"), "pretrain_gpt.py", "/usr/bin/python")
        c.add(f"{n}/log.txt", L)
    c.add("ls_data_tok.txt", ["$ ls -l /data/tok/", "-rw-r--r-- 1 svc data 412318723072 Mar 28 code_00.bin", "-rw-r--r-- 1 svc data   1208331264 Mar 28 code_00.idx",
                              "-rw-r--r-- 1 svc data 883219922944 Mar 27 web_00.bin", "-rw-r--r-- 1 svc data   2618380288 Mar 27 web_00.idx",
                              "-rw-r--r-- 1 svc data 801102200832 Mar 27 web_01.bin", "-rw-r--r-- 1 svc data   2371022848 Mar 27 web_01.idx",
                              "drwxr-xr-x 2 svc data         4096 Mar 29 math_00.tmp/"])
    c.set_label("user_code", "script", None, "stop",
                "Rank 0 (gpu-q01) fails while building the blended dataset with \"FileNotFoundError: [Errno 2] No such file or directory: '/data/tok/math_00.idx'\" (gpu-q01/log.txt); ls_data_tok.txt shows math_00 was never finalised (only a math_00.tmp/ directory) though the blend config references it. The other ranks' BROADCAST watchdog timeouts are sympathetic (they wait for rank 0's dataset broadcast). A missing data file in the user's configuration: stop, finish tokenising or drop it from the blend.",
                "https://github.com/NVIDIA/Megatron-LM/issues/119")


def at21(c):
    """Xid 79 on one GPU of one node mid-training; NCCL errors flood from every other node."""
    nodes = [f"hgx-{n:02d}" for n in range(1, 9)]
    job = Job(nodes, 8, c.rng)
    bad, blr = "hgx-06", 3
    brank = job.rank(bad, blr)
    t0 = T("2025-12-01 00:30:00")
    boot = T("2025-11-28 12:03:44")
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "torchtitan.train")
        if ni == 0:
            s, t1 = titan_steps(c.rng, sec(t0, 70), 1, 1500, 9.8, mem="58.03GiB(73.33%)", tps=3311)
            L += s
            tx = ms(t1, 4000)
        else:
            tx = sec(t0, 70 + 1500 * 9.8 + 4)
        if n == bad:
            L += [f"[rank{brank}]:{f_c10(ms(tx, 900))} ProcessGroupNCCL.cpp:1617] [PG ID 0 PG GUID 0(default_pg) Rank {brank}] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure",
                  f"[rank{brank}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                  f"[rank{brank}]: Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):",
                  "terminate called after throwing an instance of 'c10::DistBackendError'",
                  f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank {brank}] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure"]
            for lr in range(8):
                if lr != blr:
                    L += [f"[rank{job.rank(n, lr)}]:{f_c10(sec(tx, 2 + lr*0.1))} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {job.rank(n, lr)}] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5"] if lr % 3 == 0 else []
        else:
            for lr in range(8):
                r = job.rank(n, lr)
                if lr in (1, 5):
                    L += remote_closed(r, sec(tx, 3 + ni * 0.2 + lr * 0.01), n, lr, f"10.42.0.{11+nodes.index(bad)}", 177120)
        L += sigterm_lines(job, n, sec(tx, 40), skip_lr=blr if n == bad else None)
        root = (blr, -6, f"Signal 6 (SIGABRT) received by PID {job.pid(n, blr)}") if n == bad else (1, -6, f"Signal 6 (SIGABRT) received by PID {job.pid(n, 1)}")
        L += child_failed(job, n, sec(tx, 70), [], root, "torchtitan.train")
        c.add(f"{n}/torchrun.log", L)
        kl = []
        if n == bad:
            kl = [(ms(tx, 300), "NVRM: GPU at PCI:0000:5d:00: GPU-8a1f03c2-6c1e-4c8d-9f2a-000000000003"),
                  (ms(tx, 300), "NVRM: GPU Board Serial Number: 1652324060003"),
                  (ms(tx, 300), "NVRM: Xid (PCI:0000:5d:00): 79, pid=%d, name=python, GPU has fallen off the bus." % job.pid(n, blr)),
                  (ms(tx, 301), "NVRM: GPU 0000:5d:00.0: GPU has fallen off the bus."),
                  (ms(tx, 302), "NVRM: kgspRcAndNotifyAllChannels_IMPL: RC all channels for critical error 79."),
                  (ms(tx, 800), "pcieport 0000:5c:00.0: AER: Uncorrected (Fatal) error received: 0000:5c:00.0"),
                  (ms(tx, 800), "pcieport 0000:5c:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
                  (sec(tx, -86400), "NVRM: Xid (PCI:0000:9a:00): 63, pid=0, name=, Row Remapper: New row (0x00000000000d41b2) marked for remapping, reset gpu to activate.")]
        c.add(f"{n}/syslog", [f"{f_syslog(t)} {n} kernel: {uptime}" for t, uptime in []] + [
            f"{f_syslog(t)} {n} kernel: [{(t - boot).total_seconds():12.6f}] {m}" for t, m in sorted(kl + [(sec(t0, -7200), "mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:740:(pid 12): FWTracer: Events were lost"), (sec(t0, 60), "nvidia-peermem: module loaded")])])
    c.set_label("gpu_hardware", "infrastructure", {"node": bad, "rank": brank}, "restart_without_node",
                f"{bad}/syslog: 'NVRM: Xid (PCI:0000:5d:00): 79, pid={job.pid(bad, blr)}, name=python, GPU has fallen off the bus.' plus a fatal PCIe AER on the upstream port, at the moment rank {brank} (local rank 3, bus 5d) dies with 'CUDA error: unspecified launch failure'. Every other node's 'remote process exited or there was a network error' / IB status=12 against {bad}'s address is sympathetic. The day-old Xid 63 row-remap notice on another GPU is benign. Exclude the node.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1151")


def at22(c):
    """One node's HCA port goes down (mlx5 link down); peers see IB completion errors status=12 naming it."""
    nodes = ["sxm-a01", "sxm-a02", "sxm-b01", "sxm-b02"]
    job = Job(nodes, 8, c.rng)
    bad = "sxm-b01"
    c.topology = {"leaf-a": ["sxm-a01", "sxm-a02"], "leaf-b": ["sxm-b01", "sxm-b02"]}
    t0 = T("2025-04-22 18:00:05")
    boot = T("2025-04-15 09:31:10")
    for ni, n in enumerate(nodes):
        L = []
        L.append(f"[{f_py(t0)}] [INFO] [runner.py:607:main] cmd = /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJzeG0tYTAxIjog --node_rank={ni} --master_addr=sxm-a01 --master_port=29500 train.py --deepspeed ds_z3.json")
        tt = sec(t0, 50)
        if ni == 0:
            for s in range(1, 2201):
                tt = ms(tt, 2900 + c.rng.randrange(-40, 40))
                if s % 10 == 0:
                    L.append(f"[{f_py(tt)}] [INFO] [logging.py:128:log_dist] [Rank 0] step={s}, skipped=0, lr=[0.00029], mom=[(0.9, 0.95)]")
                    L.append(f"[{f_py(tt)}] [INFO] [timer.py:264:stop] epoch=0/micro_step={s*4}/global_step={s}, RunningAvgSamplesPerSec={352.1 + c.rng.uniform(-3,3):.2f}, CurrSamplesPerSec={352 + c.rng.uniform(-5,5):.2f}, MemAllocated=31.2GB, MaxMemAllocated=58.91GB")
            tx = ms(tt, 1200)
        else:
            tx = sec(t0, 50 + 2200 * 2.9 + 1.2)
        for lr in range(8):
            r = job.rank(n, lr)
            p = job.pid(n, lr)
            if n == bad and lr in (0, 2, 5):
                L += [f"{n}:{p}:{p+90} [{lr}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got async event : port error",
                      f"{n}:{p}:{p+91} [{lr}] transport/net_ib.cc:1789 NCCL WARN NET/IB : Got completion from peer 10.42.0.12<52011> with status=5 opcode=1 len=0 vendor err 249 (Send) localGid fe80::ba3f:d2ff:fe11:{20+lr:x} remoteGids fe80::ba3f:d2ff:fe11:9a0",
                      f"[rank{r}]:{f_c10(sec(tx, 1))} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"]
            elif n != bad and lr in (2, 6):
                L += [f"{n}:{p}:{p+91} [{lr}] transport/net_ib.cc:1789 NCCL WARN NET/IB : Got completion from peer 10.42.1.21<43817> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid fe80::ba3f:d2ff:fe11:{ni:x}{lr} remoteGids fe80::ba3f:d2ff:fe11:2{lr}",
                      f"{n}:{p}:{p+91} [{lr}] NCCL INFO transport/net.cc:1305 -> 6",
                      f"[rank{r}]:{f_c10(sec(tx, 2 + ni*0.1))} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
                      "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                      "Last error:",
                      f"NET/IB : Got completion from peer 10.42.1.21<43817> with status=12 opcode=0 len=0 vendor err 129 (Recv)"]
        L.append(f"[{f_py(sec(tx, 5))}] [INFO] [launch.py:319:sigkill_handler] Killing subprocess {job.pid(n, 0)}")
        L.append(f"[{f_py(sec(tx, 6))}] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=0', '--deepspeed', 'ds_z3.json'] exits with return code = -6")
        c.add(f"{n}/deepspeed.log", L)
        kl = []
        if n == bad:
            kl = [(ms(tx, -800), "mlx5_core 0000:0c:00.0: mlx5_pcie_event:301:(pid 912): PCIe slot advertised sufficient power (75W)."),
                  (ms(tx, -300), "mlx5_core 0000:3f:00.0 ibp63s0: Link down"),
                  (ms(tx, -299), "mlx5_core 0000:3f:00.0: mlx5_port_module_event:1150:(pid 0): Port module event[error]: module 0, Cable error, High Temperature"),
                  (sec(tx, 4), "infiniband mlx5_2: mlx5_handle_error_cqe:332:(pid 0): WC error: 5, Message: Work Request Flushed Error"),
                  (sec(tx, 40), "mlx5_core 0000:3f:00.0 ibp63s0: Link up"),
                  (sec(tx, 41), "mlx5_core 0000:3f:00.0 ibp63s0: Link down")]
        c.add(f"{n}/journalctl-k.txt", fmt_kernel(kl, n, boot, "journal") + dmesg_benign(n, boot, t0, "journal"))
        st = "Down" if n == bad else "Active"
        ib = []
        for i, h in enumerate(["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]):
            down = n == bad and h == "mlx5_2"
            ib += [f"CA '{h}'", "\tPort 1:", f"\t\tState: {'Down' if down else 'Active'}", f"\t\tPhysical state: {'Polling' if down else 'LinkUp'}", f"\t\tRate: {10 if down else 400}", "\t\tLink layer: InfiniBand"]
        c.add(f"{n}/ibstat.txt", ib)
    c.set_label("network", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                f"{bad}/journalctl-k.txt: 'mlx5_core 0000:3f:00.0 ibp63s0: Link down' with a module 'Cable error, High Temperature' event, then flapping; its ibstat.txt shows mlx5_2 Down/Polling while all other HCAs everywhere are Active. The other three nodes (on both leaves) report 'Got completion from peer 10.42.1.21 ... status=12' naming {bad}'s address - accusers, sympathetic. Only one node on leaf-b is affected, so not the switch. Exclude the node and replace the cable/transceiver.",
                "https://github.com/NVIDIA/nccl/issues/1730")


def at23(c):
    """Whole job stalls; flight recorder shows every rank waiting in all-gather #N except rank 13 which never entered; py-spy shows it stuck in a CUDA sync."""
    nodes = ["trn2-00", "trn2-01", "trn2-02", "trn2-03"]
    job = Job(nodes, 8, c.rng)
    stuck = 13
    sn, slr = job.node_of(stuck)
    t0 = T("2026-02-10 05:00:00")
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "torchtitan.train")
        if ni == 0:
            s, t1 = titan_steps(c.rng, sec(t0, 60), 1, 2400, 3.3, mem="44.90GiB(56.73%)", tps=9921)
            L += s
            th = t1
        else:
            th = sec(t0, 60 + 2400 * 3.3)
        for lr in range(8):
            r = job.rank(n, lr)
            if r == stuck:
                continue
            if lr in (0, 4) or n == sn:
                L += watchdog_timeout(r, sec(th, 600 + r * 0.004), 96011, "_ALLGATHER_BASE", 67108864, 600000, last_enq=96011)[:3]
                L[-1] = f"[rank{r}]:{f_c10(sec(th, 600))} ProcessGroupNCCL.cpp:1720] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Dumping flight recorder trace to /fsx/fr/run7/nccl_trace_rank_{r}"
        L += sigterm_lines(job, n, sec(th, 640))
        L += child_failed(job, n, sec(th, 672), [], (0 if n != sn else 0, -6, f"Signal 6 (SIGABRT) received by PID {job.pid(n, 0)}"), "torchtitan.train")
        c.add(f"{n}/torchrun.log", L)
        c.add(f"{n}/nvidia-smi-q.txt", nvsmi_q(n, sec(th, 300), mem_used={g: 46200 + g for g in range(8)}, overrides={slr: {"power": "112.40", "sm_clk": 1980}} if n == sn else {g: {"power": "681.02"} for g in range(8)}))
    c.add("fr_trace_analysis.txt", ["$ python -m torch.distributed.flight_recorder.fr_trace /fsx/fr/run7 -p nccl_trace_rank_",
                                    "Not all ranks joining collective, sequence number: 96011",
                                    "internal record id: 96010",
                                    "group info: 0:default_pg",
                                    "collective: nccl:_allgather_base",
                                    f"missing ranks: {{{stuck}}}",
                                    "input sizes: [[67108864]]",
                                    "output sizes: [[2147483648]]",
                                    "expected ranks: 32",
                                    "collective state: scheduled",
                                    "collective stack trace:",
                                    "  all_gather_into_tensor at /usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:3807",
                                    "  foreach_all_gather at /usr/local/lib/python3.11/site-packages/torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py:250",
                                    f"rank {stuck}: last enqueued collective seq 96010 (nccl:reduce_scatter_tensor_coalesced), state completed"])
    c.add(f"{sn}/py-spy-dump-rank{stuck}.txt", [f"Process {job.pid(sn, slr)}: /usr/local/bin/python3.11 -u -m torchtitan.train --job.config_file llama3_70b.toml",
        "Python v3.11.10 (/usr/local/bin/python3.11)", "",
        f"Thread {job.pid(sn, slr)} (active): \"MainThread\"",
        "    synchronize (torch/cuda/streams.py:224)",
        "    _wait_for_post_backward (torch/distributed/fsdp/_fully_shard/_fsdp_state.py:291)",
        "    backward (torch/autograd/function.py:307)",
        "    forward_backward_step (torchtitan/train.py:412)",
        "    train_step (torchtitan/train.py:455)",
        f"Thread {job.pid(sn, slr)+112} (idle): \"Thread-2 (_pin_memory_loop)\"",
        "    wait (threading.py:331)"])
    c.add(f"{sn}/py-spy-dump-rank{stuck-1}.txt", [f"Process {job.pid(sn, slr-1)}: /usr/local/bin/python3.11 -u -m torchtitan.train", "",
        f"Thread {job.pid(sn, slr-1)} (active): \"MainThread\"", "    wait (torch/distributed/distributed_c10d.py:4165)",
        "    foreach_all_gather_copy_out (torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py:301)",
        "    forward (torchtitan/models/llama3/model.py:388)"])
    c.set_label("hang", "infrastructure", {"node": sn, "rank": stuck}, "run_diagnostics",
                f"After 2400 healthy steps every rank except {stuck} times out in _ALLGATHER_BASE seq 96011; fr_trace_analysis.txt says 'missing ranks: {{{stuck}}}' with rank {stuck} still at seq 96010, and {sn}/py-spy-dump-rank{stuck}.txt shows it blocked in torch.cuda synchronize inside backward while its GPU draws 112 W (idle-ish) vs ~680 W on the others. A provably stuck rank with no error string of its own - the watchdog timeouts of the other 31 ranks are sympathetic. Pull the node for GPU diagnostics.",
                "https://github.com/pytorch/tutorials/pull/3814")


def at24(c):
    """Only rank 0 calls dist.barrier() inside the checkpoint-on-eval branch -> program-level hang."""
    nodes = ["l40s-01", "l40s-02"]
    job = Job(nodes, 4, c.rng)
    t0 = T("2025-06-30 22:15:00")
    tt = sec(t0, 40)
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "train_lightning.py")
        if ni == 0:
            L += ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores", "HPU available: False, using: 0 HPUs",
                  f"Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/8",
                  "----------------------------------------------------------------------------------------------------",
                  "distributed_backend=nccl", "All distributed processes registered. Starting with 8 processes",
                  "----------------------------------------------------------------------------------------------------",
                  "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]",
                  "  | Name  | Type             | Params | Mode ", "0 | model | UNetDiffusion    | 865 M  | train", "1 | ema   | EMAWrapper       | 865 M  | eval "]
            t = tt
            for s in range(0, 5000, 25):
                t = sec(t, 25 * 0.71)
                el = int((t - tt).total_seconds())
                L.append(f"Epoch 0:  {s*100//5000:2d}%|{'█'*(s*10//5000):<10}| {s}/5000 [{el//3600}:{el%3600//60:02d}:{el%60:02d}<{(5000-s)*0.71/60:.0f}:00,  1.41it/s, v_num=17, train_loss={0.14 - s*0.00001 + c.rng.uniform(-0.01,0.01):.4f}]")
            L += [f"Epoch 0: 100%|██████████| 5000/5000 [59:10<00:00,  1.41it/s, v_num=17, train_loss=0.0921]",
                  "Validation: |          | 0/? [00:00<?, ?it/s]",
                  "Validation DataLoader 0: 100%|██████████| 64/64 [00:41<00:00,  1.55it/s]",
                  f"{f_py(sec(t, 45))} INFO callbacks.sample_and_save: rank 0: writing samples for epoch 0 and syncing with barrier()"]
            th = sec(t, 46)
        else:
            th = sec(tt, 5000 * 0.71 + 46)
        for lr in range(4):
            r = job.rank(n, lr)
            if r == 0:
                L += watchdog_timeout(0, sec(th, 1800), 40213, "BARRIER" if False else "ALLREDUCE", 1, 1800000, last_enq=40213)[:2]
            elif lr == 1 or ni == 1 and lr == 0:
                L += watchdog_timeout(r, sec(th, 1800 + r * 0.01), 40213, "_ALLGATHER_BASE", 1, 1800000, last_enq=40214)[:2]
        L += sigterm_lines(job, n, sec(th, 1805))
        L += child_failed(job, n, sec(th, 1830), [], (0, -6, f"Signal 6 (SIGABRT) received by PID {job.pid(n, 0)}"), "train_lightning.py")
        c.add(f"{n}/stdout.log", L)
    c.add("fr_trace_analysis.txt", ["$ python -m torch.distributed.flight_recorder.fr_trace ./fr -p nccl_trace_rank_ --print_stack_trace",
                                    "Collective sequence number: 40213 has mismatched collective types:",
                                    "  rank 0: nccl:all_reduce (barrier) input sizes [[1]] stack: barrier (torch/distributed/distributed_c10d.py:4551) <- on_validation_epoch_end (callbacks/sample_and_save.py:77)",
                                    "  ranks 1-7: nccl:_allgather_base input sizes [[1]] stack: all_gather (torch/distributed/distributed_c10d.py:3705) <- _sync_dist (lightning/pytorch/core/module.py:532) <- log (callbacks/sample_and_save.py:84)",
                                    "No missing ranks; all 8 ranks entered seq 40213."])
    c.add("callbacks_sample_and_save.py.txt", ["70  def on_validation_epoch_end(self, trainer, pl_module):",
                                              "71      if trainer.is_global_zero:",
                                              "72          imgs = pl_module.sample(n=16)",
                                              "73          save_grid(imgs, self.out_dir / f\"epoch{trainer.current_epoch}.png\")",
                                              "74          logger.info(\"rank 0: writing samples for epoch %d and syncing with barrier()\", trainer.current_epoch)",
                                              "77          torch.distributed.barrier()",
                                              "84      pl_module.log(\"val/fid_proxy\", self.metric.compute(), sync_dist=True)"])
    c.set_label("hang", "script", None, "stop",
                "All 8 ranks time out at the same sequence number 40213 right after validation; fr_trace_analysis.txt shows rank 0 is in a barrier (all_reduce) called from the user's callback while ranks 1-7 are in an _allgather_base from pl_module.log(sync_dist=True) - mismatched collectives, no missing rank. callbacks_sample_and_save.py.txt shows barrier() inside `if trainer.is_global_zero:`. A program-level deadlock in the user's callback, deterministic every epoch end: stop and fix the code.",
                "https://github.com/pytorch/pytorch/issues/196968")


def at25(c):
    """Run reaches the Slurm time limit cleanly; only red herrings."""
    nodes = ["gh-0101", "gh-0102", "gh-0103", "gh-0104"]
    job = Job(nodes, 4, c.rng)
    t0 = T("2025-08-01 08:00:05")
    tend = sec(t0, 24 * 3600 - 5)
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "pretrain_gpt.py")
        L += nccl_init_noise(job, n, sec(t0, 20), lrs=[0, 1, 2, 3])
        if ni == 0:
            it, t1 = megatron_iters(c.rng, sec(t0, 110), 1, 19990, 4300, total=60000, gbs=1024, loss0=3.3, every=10)
            L += it
            for k in (5000, 10000, 15000):
                L.append(f"  successfully saved checkpoint from iteration {k:>7} to /lus/ckpt/gpt-8b [ t 1/1, p 1/1 ]")
        L.append(f"{n}:{job.pid(n,0)}:{job.pid(n,0)+90} [0] NCCL INFO [Service thread] Connection closed by localRank 2" if ni == 2 else f"{n}: NCCL INFO comm 0x55d0a0000000 rank {ni*4} nranks 16 - Abort COMPLETE")
        L.append(f"slurmstepd: error: *** STEP 552019.0 ON {n} CANCELLED AT {tend:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")
        L += sigterm_lines(job, n, sec(tend, 1))
        c.add(f"{n}/stdout.log", L)
        boot = T("2025-07-30 03:02:11")
        kl = [(sec(t0, 7200), "NVRM: Xid (PCI:0009:01:00): 63, pid=0, name=, Row Remapper: New row (0x0000000000a11c03) marked for remapping, reset gpu to activate.")] if n == "gh-0103" else []
        c.add(f"{n}/dmesg.txt", fmt_kernel(kl, n, boot, "T") + dmesg_benign(n, boot, t0))
        c.add(f"{n}/nvidia-smi-q.txt", nvsmi_q(n, sec(tend, 30), gpus=4, model="NVIDIA GH200 480GB", overrides={1: {"remap_c": 1, "remap_pending": "Yes", "dram_c": 3}} if n == "gh-0103" else {}))
    c.add("slurm-552019.out", [f"srun: Job 552019 step creation temporarily disabled, retrying (Requested nodes are busy)",
                               f"srun: Step created for StepId=552019.0",
                               f"slurmstepd: error: *** JOB 552019 ON gh-0101 CANCELLED AT {tend:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***",
                               "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                               "srun: error: gh-0103: tasks 8-11: Terminated", "srun: error: gh-0101: tasks 0-3: Terminated"])
    c.add("sacct.txt", ["JobID           JobName  Partition      State  Timelimit    Elapsed ExitCode",
                        "------------ ---------- ---------- ---------- ---------- ---------- --------",
                        "552019         gpt-8b         gh200    TIMEOUT 1-00:00:00 1-00:00:00      0:0",
                        "552019.batch      batch             CANCELLED            1-00:00:03     0:15",
                        "552019.0       torchrun            CANCELLED            1-00:00:01     0:15"])
    c.set_label("unknown", "framework", None, "none",
                "The job trained normally for ~20k iterations with regular checkpoints (gh-0101/stdout.log, last save at 15000) and was ended by Slurm: 'CANCELLED AT ... DUE TO TIME LIMIT' and sacct State TIMEOUT; the SIGTERMs and 'Terminated' lines follow from that. The Xid 63 row-remap on gh-0103 GPU 1 (remap pending, corrected ECC) is a benign red herring - no uncorrectable errors and training was unaffected. No fault: resubmit to continue.",
                "https://slurm.schedmd.com/sbatch.html")


def at26(c):
    """Xid 94 contained ECC on one GPU; row remap succeeded; the process on that GPU was killed."""
    nodes = ["p5-0a", "p5-0b", "p5-0c"]
    job = Job(nodes, 8, c.rng)
    bad, blr = "p5-0b", 6
    brank = job.rank(bad, blr)
    t0 = T("2025-10-09 11:00:00")
    boot = T("2025-10-02 15:40:33")
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "train.py")
        if ni == 0:
            tt = sec(t0, 80)
            for s in range(1, 1801):
                tt = ms(tt, 4400 + c.rng.randrange(-50, 50))
                if s % 10 == 0:
                    L.append(f"{f_py(tt)} | INFO | trainer | step {s:>6} | loss {2.71 - s*0.0003 + c.rng.uniform(-0.02,0.02):.4f} | lr 2.40e-04 | tok/s/gpu 3,8{c.rng.randrange(10,99)} | grad_norm {c.rng.uniform(0.3,0.7):.3f}")
            tx = ms(tt, 2000)
        else:
            tx = sec(t0, 80 + 1800 * 4.4 + 2)
        if n == bad:
            L += [f"[rank{brank}]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
                  f"[rank{brank}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                  f"[rank{brank}]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
        for lr in range(8):
            r = job.rank(n, lr)
            if r != brank and lr in (1, 6):
                L += remote_closed(r, sec(tx, 2 + ni * 0.3), n, lr, f"10.42.0.{12}", 51002)[1:4]
        L += sigterm_lines(job, n, sec(tx, 30), skip_lr=blr if n == bad else None)
        root = (blr, 1, TB_LINK) if n == bad else (1, -6, f"Signal 6 (SIGABRT) received by PID {job.pid(n, 1)}")
        L += child_failed(job, n, sec(tx, 60), [], root, "train.py")
        c.add(f"{n}/train.log", L)
        kl = []
        if n == bad:
            kl = [(ms(tx, -200), f"NVRM: Xid (PCI:0000:ba:00): 94, pid={job.pid(n, blr)}, name=python, Contained: SM (0x1). RST: No, D-RST: No"),
                  (ms(tx, -199), "NVRM: GPU 0000:ba:00.0: Uncorrectable ECC error detected in DRAM, contained; affected channels terminated"),
                  (ms(tx, 1500), "NVRM: Xid (PCI:0000:ba:00): 63, pid=0, name=, Row Remapper: New row (0x000000000021a9c0) marked for remapping, reset gpu to activate."),
                  (sec(tx, 95), "NVRM: GPU 0000:ba:00.0: GPU reset complete; row remapping applied")]
        c.add(f"{n}/dmesg_raw.txt", fmt_kernel(kl, n, boot, "raw") + dmesg_benign(n, boot, t0, "raw"))
        c.add(f"{n}/uptime-s.txt", [f"{boot:%Y-%m-%d %H:%M:%S}"])
        ov = {blr: {"dram_u": 0, "agg_dram_u": 1, "remap_u": 1, "remap_pending": "No", "remap_fail": "No"}} if n == bad else {}
        c.add(f"{n}/nvidia-smi-q-after-reset.txt", nvsmi_q(n, sec(tx, 300), overrides=ov))
    c.set_label("gpu_memory", "infrastructure", {"node": bad, "rank": brank}, "restart",
                f"{bad}/dmesg_raw.txt (uptime mapped via uptime-s.txt) shows 'Xid 94 ... Contained' for the python process on GPU ba:00 (local rank 6 = global rank {brank}) just before that rank raises 'CUDA error: uncorrectable ECC error encountered'. After the GPU reset nvidia-smi-q-after-reset.txt shows Remapped Rows Uncorrectable 1, Pending No, Remapping Failure No - the row remap succeeded and nothing is pending, so the GPU healed itself. Other ranks' remote-error/SIGTERM lines are sympathetic. Restart (node can stay).",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")


def at27(c):
    """One node's local /tmp (inductor+triton cache) is full; its ranks fail compiling with ENOSPC."""
    nodes = ["gpu-m01", "gpu-m02", "gpu-m03", "gpu-m04"]
    job = Job(nodes, 8, c.rng)
    bad = "gpu-m03"
    t0 = T("2025-11-20 09:10:00")
    tf = sec(t0, 140)
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "train.py")
        L += nccl_init_noise(job, n, sec(t0, 12), lrs=[0])
        if n == bad:
            for lr in range(8):
                r = job.rank(n, lr)
                L += tb(r, [("/work/lightning-run/train.py", 96, "<module>", "trainer.fit(model, datamodule=dm)"),
                            (f"{SP}/torch/_inductor/codecache.py", 466, "write_atomic", "with tmp_path.open(write_mode, encoding=\"utf-8\" if mode == \"w\" else None) as f:"),
                            ("/usr/lib/python3.11/pathlib.py", 1044, "open", "return io.open(self, mode, buffering, encoding, errors, newline)")],
                           [f"torch._inductor.exc.InductorError: OSError: [Errno 28] No space left on device: '/tmp/torchinductor_svc-train/tmpk{lr}x9a2c1/c2/cc2qmvw3ftyv2hl.py.{job.pid(n, lr)}.tmp'",
                            "", "Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you're reporting a bug to PyTorch). For even more developer context, set TORCH_LOGS=\"+dynamo\""]) if lr in (0, 5) else [f"[rank{r}]: torch._inductor.exc.InductorError: OSError: [Errno 28] No space left on device"]
            L += child_failed(job, n, sec(tf, 3), [(lr, 1, TB_LINK) for lr in range(1, 8)], (0, 1, TB_LINK), "train.py")
        else:
            for lr in range(8):
                r = job.rank(n, lr)
                if lr in (0, 3):
                    L += watchdog_timeout(r, sec(tf, 1800 + r * 0.01), 5, "ALLREDUCE", 1, 1800000)[:1]
            L += sigterm_lines(job, n, sec(tf, 1801))
            L += child_failed(job, n, sec(tf, 1830), [], (0, -6, f"Signal 6 (SIGABRT) received by PID {job.pid(n, 0)}"), "train.py")
        c.add(f"{n}/train.log", L)
        c.add(f"{n}/df-h.txt", ["Filesystem      Size  Used Avail Use% Mounted on",
                                "/dev/md0        1.7T  1.1T  613G  64% /",
                                f"/dev/nvme1n1p1  200G  {'200G' if n == bad else '38G '}  {'  0 ' if n == bad else '162G'} {'100%' if n == bad else ' 19%'} /tmp",
                                "weka0/ml        2.0P  1.2P  0.8P  60% /work"])
        if n == bad:
            c.add(f"{n}/du-tmp.txt", ["$ sudo du -sh /tmp/* | sort -h | tail -4", "2.1G\t/tmp/torchinductor_svc-train", "4.0G\t/tmp/.triton", "31G\t/tmp/core.python.1184221", "162G\t/tmp/enroot-data-bkp-2025-11-18"])
    c.set_label("storage", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                f"Only {bad}'s ranks fail during torch.compile with 'InductorError: OSError: [Errno 28] No space left on device' writing to /tmp/torchinductor_* ({bad}/train.log); its df-h.txt shows the node-local /tmp at 100% (filled by a 162G leftover backup and a core file, du-tmp.txt) while other nodes have 162G free. Other ranks' allreduce watchdog timeouts are sympathetic. The node's own local disk is full: exclude/clean it.",
                "https://github.com/pytorch/pytorch/issues/121122")


def at28(c):
    """One node thermally throttled: job slows ~35%, no crash; per-rank timing and nvidia-smi evidence."""
    nodes = [f"gpu{n}" for n in (201, 202, 203, 204, 205, 206)]
    job = Job(nodes, 8, c.rng)
    bad = "gpu204"
    t0 = T("2025-07-25 14:00:00")
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "train.py")
        if ni == 0:
            tt = sec(t0, 60)
            for s in range(1, 2401):
                slow = s > 900
                dtm = (2500 if not slow else 3390) + c.rng.randrange(-40, 40)
                tt = ms(tt, dtm)
                if s % 20 == 0:
                    L.append(f"{f_py(tt)} INFO step={s} loss={2.6 - s*0.0002 + c.rng.uniform(-0.02,0.02):.4f} step_time={dtm/1000:.3f}s tokens/s={int(48*8192*4/(dtm/1000)):,} mfu={0.41 if not slow else 0.30:.2f}")
                if s % 200 == 0 and slow:
                    L.append(f"{f_py(tt)} WARNING straggler_detector: rank-level GPU time report (last 200 steps): slowest ranks [{', '.join(str(job.rank(bad, k)) for k in range(4))}] relative throughput 0.66-0.71; all others 0.98-1.00")
        c.add(f"{n}/train.log", L)
        if n == bad:
            ov = {g: {"hwslow": "Active", "hwthermal": "Active", "temp": 91 - (g % 3), "sm_clk": 1110 + g * 20, "power": "402.11"} for g in range(6)}
        else:
            ov = {g: {"temp": 62 + g % 5, "power": "688.40", "swpower": "Active" if g == 2 else "Not Active"} for g in range(8)}
        c.add(f"{n}/nvidia-smi-q.txt", nvsmi_q(n, sec(t0, 60 + 2000 * 3.3), overrides=ov, mem_used={g: 70110 for g in range(8)}))
        c.add(f"{n}/ipmi-sensors.txt", ["ID  | Name            | Type        | Reading    | Units | Event",
                                        f"12  | Inlet_Temp      | Temperature | {'38.00' if n == bad else '23.00'}      | C     | {'Upper Non-critical' if n == bad else 'OK'}",
                                        f"31  | FAN_3           | Fan         | {'0.00' if n == bad else '11200.00'}       | RPM   | {'Lower Critical' if n == bad else 'OK'}",
                                        f"32  | FAN_4           | Fan         | {'0.00' if n == bad else '11150.00'}       | RPM   | {'Lower Critical' if n == bad else 'OK'}",
                                        "33  | FAN_5           | Fan         | 11080.00   | RPM   | OK"])
    c.add("dcgm_sm_clock.csv", ["timestamp,host,gpu,DCGM_FI_DEV_SM_CLOCK,DCGM_FI_DEV_GPU_TEMP,DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] +
          [f"{sec(t0, 60 + k * 600):%Y-%m-%dT%H:%M:%SZ},{h},{g},{(1980 if (h != bad or k < 4) else 1150 + g*15)},{(64 if (h != bad or k < 4) else 89 + g%3)},{(0 if (h != bad or k < 4) else 72)}" for k in range(10) for h in nodes for g in (0, 3)])
    c.set_label("straggler", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                f"No crash; after step 900 step_time rises from ~2.5 s to ~3.4 s (gpu201/train.log) and the straggler detector names ranks {job.rank(bad,0)}-{job.rank(bad,3)} (all on {bad}) as slowest. {bad}/nvidia-smi-q.txt shows HW Slowdown / HW Thermal Slowdown Active at 89-91 C with SM clocks ~1.1 GHz, dcgm_sm_clock.csv shows the clock drop only on {bad} (throttle reasons 72), and ipmi-sensors.txt shows two failed fans. SW Power Cap on gpu20x GPU 2 is normal. One node's own cooling fault: exclude it and repair the fans.",
                "https://github.com/mlfoundations/open_clip/issues/703")


CASES = [("at20_rank0_exits_building_dataset_others_broadcast_timeout", at20),
         ("at21_cuda_launch_failure_then_nccl_remote_errors", at21),
         ("at22_ib_completion_errors_all_nodes_mid_run", at22),
         ("at23_allgather_timeouts_after_2400_steps", at23),
         ("at24_all_ranks_timeout_after_validation", at24),
         ("at25_job_ends_after_24h_sigterm", at25),
         ("at26_one_rank_cuda_ecc_error_mid_run", at26),
         ("at27_one_node_compile_errors_others_timeout", at27),
         ("at28_throughput_drops_after_step_900", at28)]
