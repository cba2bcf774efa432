"""Cases at11-at19: NCCL env on one node, OOM variants, numerical, data."""
from common import (Job, T, ms, sec, f_py, f_glog, f_c10, f_dmesg_T, f_iso, f_syslog,
                    torchrun_header, nccl_init_noise, watchdog_timeout, remote_closed, sigterm_lines,
                    child_failed, TB_LINK, sigterm_tb, nvsmi_q, dmesg_benign, fmt_kernel,
                    titan_steps, megatron_iters)
from cases_a import tb, SP


def at11(c):
    """One node's /etc/nccl.conf names HCAs that don't exist there -> falls back to sockets, init times out."""
    nodes = [f"gn{n:03d}" for n in (40, 41, 42, 43, 44)]
    job = Job(nodes, 8, c.rng)
    bad = "gn043"
    t0 = T("2025-06-11 13:40:02")
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "train.py")
        if n == bad:
            for lr in range(8):
                p = job.pid(n, lr)
                L += [f"{n}:{p}:{p} [{lr}] NCCL INFO NCCL_IB_HCA set by environment to =mlx5_ib0,mlx5_ib1,mlx5_ib2,mlx5_ib3" if False else f"{n}:{p}:{p} [{lr}] NCCL INFO NCCL_IB_HCA set by /etc/nccl.conf to =mlx5_ib0:1,mlx5_ib1:1,mlx5_ib2:1,mlx5_ib3:1",
                      f"{n}:{p}:{p+77} [{lr}] NCCL INFO NET/IB : No device found.",
                      f"{n}:{p}:{p+77} [{lr}] NCCL INFO NET/Socket : Using [0]bond0:10.42.0.{14}<0>",
                      f"{n}:{p}:{p+77} [{lr}] NCCL INFO Using network Socket"]
        else:
            L += nccl_init_noise(job, n, sec(t0, 12), hca="mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1")
        ttmo = sec(t0, 12 + 1800)
        for lr in range(8):
            r = job.rank(n, lr)
            if n == bad:
                p = job.pid(n, lr)
                L += [f"{n}:{p}:{p+80} [{lr}] transport/net_socket.cc:474 NCCL WARN NET/Socket : peer 10.42.0.11<43122> message truncated : receiving 1048576 bytes instead of 65536. If you believe your socket network is in healthy state, there may be a mismatch in collective sizes or environment settings (e.g. NCCL_PROTO, NCCL_ALGO) between ranks",
                      f"{n}:{p}:{p+80} [{lr}] NCCL INFO transport/net.cc:1305 -> 3"] if lr == 0 else []
            L += watchdog_timeout(r, ms(ttmo, r * 9), 1, "ALLREDUCE", 1, 1800000)[:1]
        L += sigterm_lines(job, n, sec(ttmo, 3))
        L += child_failed(job, n, sec(ttmo, 35), [(lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pid(n, lr)}") for lr in range(1, 8)], (0, -6, f"Signal 6 (SIGABRT) received by PID {job.pid(n, 0)}"), "train.py")
        c.add(f"{n}/output.log", L)
        hcas = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
        ib = []
        for h in hcas:
            ib += [f"CA '{h}'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.2048", "\tPort 1:",
                   "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400", "\t\tLink layer: InfiniBand"]
        c.add(f"{n}/ibstat.txt", ib)
        c.add(f"{n}/etc_nccl.conf", ["NCCL_IB_HCA==mlx5_ib0:1,mlx5_ib1:1,mlx5_ib2:1,mlx5_ib3:1", "NCCL_IB_GID_INDEX=3"] if n == bad else ["NCCL_IB_HCA=mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1", "NCCL_IB_GID_INDEX=3"])
    c.set_label("dependency", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                f"Only {bad} logs 'NCCL_IB_HCA set by /etc/nccl.conf to =mlx5_ib0:1,...' followed by 'NET/IB : No device found.' and falls back to 'Using network Socket' ({bad}/output.log), then a socket 'message truncated' warning; its ibstat.txt shows the HCAs are healthy but named mlx5_0..3, and its etc_nccl.conf differs from every other node's. The resulting first-allreduce watchdog timeouts on all 40 ranks are sympathetic. A node-local configuration error: exclude/fix that node's nccl.conf.",
                "https://github.com/NVIDIA/nccl-tests/issues/219")


def at12(c):
    """Activation OOM when seq-len curriculum steps up 8k -> 16k."""
    nodes = ["h200-r1-n1", "h200-r1-n2", "h200-r1-n3", "h200-r1-n4"]
    job = Job(nodes, 8, c.rng)
    t0 = T("2025-09-02 07:00:10")
    tfail = None
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "torchtitan.train")
        L += nccl_init_noise(job, n, sec(t0, 11), lrs=[0, 1])
        if ni == 0:
            s1, t1 = titan_steps(c.rng, sec(t0, 60), 1, 1200, 4.1, mem="101.87GiB(72.98%)", tps=7980)
            L += s1
            L.append(f"[rank0]:[titan] {f_py(t1)} - root - INFO - Sequence length schedule: switching seq_len 8192 -> 16384 at step 1201")
            tfail = ms(t1, 2600)
        for lr in range(8):
            r = job.rank(n, lr)
            tr = ms(tfail, r * 3)
            L += tb(r, [
                ("/workspace/torchtitan/torchtitan/train.py", 412, "forward_backward_step", "loss.backward()"),
                (f"{SP}/torch/_tensor.py", 626, "backward", "torch.autograd.backward("),
                (f"{SP}/torch/autograd/graph.py", 823, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
            ], [f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 GiB. GPU {lr} has a total capacity of 139.72 GiB of which 9.31 GiB is free. Including non-PyTorch memory, this process has 130.40 GiB memory in use. Of the allocated memory 118.77 GiB is allocated by PyTorch, and 9.02 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"]) if (r % 3 == 0) else [f"[rank{r}]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 GiB. GPU {lr} has a total capacity of 139.72 GiB of which {c.rng.uniform(8.9, 10.1):.2f} GiB is free."]
        L += child_failed(job, n, sec(tfail, 4), [(lr, 1, TB_LINK) for lr in range(1, 8)], (0, 1, TB_LINK), "torchtitan.train")
        c.add(f"{n}/train.log", L)
        c.add(f"{n}/dcgm_metrics.csv", ["timestamp,gpu,DCGM_FI_DEV_FB_USED,DCGM_FI_DEV_GPU_TEMP,DCGM_FI_DEV_XID_ERRORS"] +
              [f"{(sec(tfail, -60 + 15 * k)):%Y-%m-%dT%H:%M:%SZ},{g},{104310 + (k * 700 if k > 3 else 0) + g * 11},{52 + g % 4},0" for k in range(5) for g in range(8)])
    c.add("train_config.toml", ["[training]", "local_batch_size = 2", "seq_len = 8192", "", "[training.seq_len_schedule]",
                                "steps = [0, 1201]", "values = [8192, 16384]", "", "[activation_checkpoint]", "mode = \"none\""])
    c.set_label("oom", "framework", None, "stop",
                "Right after 'Sequence length schedule: switching seq_len 8192 -> 16384 at step 1201' (h200-r1-n1/train.log) every rank on all four nodes raises torch.OutOfMemoryError in backward ('Tried to allocate 16.00 GiB ... this process has 130.40 GiB memory in use'). Memory was steady at ~102 GiB for 1200 steps; the doubled sequence with activation_checkpoint mode 'none' (train_config.toml) no longer fits. DCGM shows no Xid. The job's own configuration: stop and enable activation checkpointing / CP or smaller batch.",
                "https://github.com/pytorch/torchtitan/issues/678")


def at13(c):
    """Each rank torch.load()s the full consolidated checkpoint to CPU -> kernel OOM killer on every node."""
    nodes = ["a100-07", "a100-08", "a100-09", "a100-10"]
    job = Job(nodes, 8, c.rng)
    t0 = T("2024-11-14 20:40:00")
    boot = T("2024-11-02 09:00:17")
    for ni, n in enumerate(nodes):
        L = [f"[{f_py(t0)}] torch.distributed.run: [WARNING] *****************************************"]
        L.append(f"INFO {t0:%Y-%m-%d %H:%M:%S},411 checkpoint.py: 142: Loading checkpoint /gpfs/ckpt/vit-g/consolidated_epoch_14.pth on rank {ni*8} (map_location='cpu')")
        tk = sec(t0, 95 + ni * 2)
        kl = []
        victims = [0, 3, 5] if ni % 2 == 0 else [1, 2, 6]
        for j, lr in enumerate(victims):
            kt = sec(tk, j * 1.3)
            pid = job.pid(n, lr)
            kl += [(kt, f"python invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"),
                   (kt, f"CPU: {17+j} PID: {pid} Comm: python Tainted: P           OE     5.15.0-119-generic #129-Ubuntu"),
                   (kt, "Mem-Info:"),
                   (kt, "active_anon:251390112 inactive_anon:2288142 isolated_anon:0"),
                   (kt, f"oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/system.slice/slurmstepd.scope/job_98812/step_0/user/task_0,task=python,pid={pid},uid=41021"),
                   (kt, f"Out of memory: Killed process {pid} (python) total-vm:163880212kB, anon-rss:125402112kB, file-rss:71232kB, shmem-rss:0kB, UID:41021 pgtables:246780kB oom_score_adj:0")]
        c.add(f"{n}/dmesg.txt", fmt_kernel(kl, n, boot, "T") + dmesg_benign(n, boot, t0, "T"))
        for lr in range(8):
            if lr not in victims:
                r = job.rank(n, lr)
                L += [f"[rank{r}]:{f_c10(sec(tk, 1800 + r*0.01))} ProcessGroupNCCL.cpp:1168] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Future for ProcessGroup abort timed out after 600000 ms"] if lr == 7 else []
        L += [f"[{f_py(sec(tk, 2))}] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process {job.pid(n, lr)} closing signal SIGTERM" for lr in range(8) if lr not in victims]
        L += child_failed(job, n, sec(tk, 6), [(lr, -9, f"Signal 9 (SIGKILL) received by PID {job.pid(n, lr)}") for lr in victims[1:]] + [(lr, -15, sigterm_tb(job.pid(n, lr))) for lr in range(8) if lr not in victims], (victims[0], -9, f"Signal 9 (SIGKILL) received by PID {job.pid(n, victims[0])}"), "main_pretrain.py", "/usr/bin/python")
        c.add(f"{n}/slurm-98812.{ni}.out", L)
        c.add(f"{n}/free-g.txt", ["               total        used        free      shared  buff/cache   available",
                                  "Mem:            1007          14         981           0          11         987",
                                  "Swap:              0           0           0"])
    c.add("ckpt_info.txt", ["$ ls -lh /gpfs/ckpt/vit-g/consolidated_epoch_14.pth",
                            "-rw-r--r-- 1 svc-train vision 118G Nov 14 18:02 /gpfs/ckpt/vit-g/consolidated_epoch_14.pth"])
    c.set_label("oom", "framework", None, "stop",
                "About 95 s after every rank starts 'Loading checkpoint ... consolidated_epoch_14.pth (map_location=cpu)', the kernel OOM killer kills python ranks on all four nodes ('Out of memory: Killed process ... anon-rss:125402112kB', */dmesg.txt); torchrun reports exitcode -9 and SIGTERMs the rest. The checkpoint is 118G (ckpt_info.txt) and 8 ranks per node each load it fully into ~1 TiB of host RAM. The job's own loading strategy, on every node: stop and load sharded / on rank 0 only / with mmap.",
                "https://github.com/facebookresearch/vissl/issues/470")


def at14(c):
    """DataLoader worker killed by OOM killer (too many workers + big prefetch)."""
    nodes = ["dgx-03", "dgx-04"]
    job = Job(nodes, 8, c.rng)
    t0 = T("2025-05-06 12:45:42")
    boot = T("2025-04-20 02:11:09")
    tfail = None
    for ni, n in enumerate(nodes):
        L = [f"Setting rerun_state_machine.current_iteration to 0...", f"[before the start of training step] datetime: {t0:%Y-%m-%d %H:%M:%S} "]
        if ni == 0:
            it, t1 = megatron_iters(c.rng, t0, 1, 420, 3150, total=20000, gbs=256, loss0=2.4)
            L += it
            tfail = ms(t1, 900)
        kt = ms(tfail, -1400 + ni * 300)
        wpid = job.pid(n, 2 if ni == 0 else 5) + 300
        kl = [(kt, "pt_data_worker invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0"),
              (kt, f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0-1,oom_memcg=/kubepods.slice/kubepods-pod7f2c.slice,task_memcg=/kubepods.slice/kubepods-pod7f2c.slice/cri-containerd-91ab.scope,task=pt_data_worker,pid={wpid},uid=0"),
              (kt, f"Memory cgroup out of memory: Killed process {wpid} (pt_data_worker) total-vm:48811232kB, anon-rss:31988120kB, file-rss:62144kB, shmem-rss:8120412kB, UID:0 pgtables:73112kB oom_score_adj:0")]
        c.add(f"{n}/journal-k.txt", fmt_kernel(kl, n, boot, "journal") + dmesg_benign(n, boot, t0, "journal"))
        lr_fail = 2 if ni == 0 else 5
        r = job.rank(n, lr_fail)
        L += tb(r, [
            (f"/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1130, "_try_get_data", "data = self._data_queue.get(timeout=timeout)"),
            ("/usr/lib/python3.10/queue.py", 180, "get", "self.not_empty.wait(remaining)"),
            (f"/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py", 66, "handler", "_error_if_any_worker_fails()"),
        ], [f"RuntimeError: DataLoader worker (pid {wpid}) is killed by signal: Killed. ", "",
            "The above exception was the direct cause of the following exception:", ""])
        L += tb(r, [("/workspace/Pai-Megatron-Patch/examples/qwen3/pretrain_qwen.py", 141, "<module>", "pretrain("),
                    ("/workspace/Megatron-LM/megatron/training/training.py", 1481, "train_step", "batch = get_batch(data_iterator)"),
                    ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1143, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")],
                   [f"RuntimeError: DataLoader worker (pid(s) {wpid}) exited unexpectedly"])
        for lr in range(8):
            if lr != lr_fail:
                L += watchdog_timeout(job.rank(n, lr), sec(tfail, 600 + lr * 0.02), 8421, "ALLREDUCE", 1, 600000)[:1]
        L += child_failed(job, n, sec(tfail, 640), [(lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pid(n, lr)}") for lr in range(8) if lr != lr_fail], (lr_fail, 1, TB_LINK), "pretrain_qwen.py", "/usr/bin/python")
        c.add(f"{n}/pod.log", L)
    c.add("run_args.txt", ["--num-workers 16 --dataloader-type cyclic --seq-length 32768 --micro-batch-size 1 --global-batch-size 256",
                           "resources: limits: memory: 600Gi nvidia.com/gpu: 8"])
    c.set_label("oom", "framework", None, "stop",
                "On both pods a data-loading worker is killed by the memory cgroup OOM killer ('Memory cgroup out of memory: Killed process ... (pt_data_worker) anon-rss:31988120kB', */journal-k.txt) and the owning rank raises 'RuntimeError: DataLoader worker (pid ...) is killed by signal: Killed.' (*/pod.log); the other ranks' allreduce watchdog timeouts are sympathetic. With 16 workers x 8 ranks at 32k sequence in a 600Gi pod limit (run_args.txt) the job's own loader configuration exhausts memory on both nodes: stop and reduce num_workers/prefetch.",
                "https://github.com/alibaba/Pai-Megatron-Patch/issues/583")


def at15(c):
    """A stale process from a previous job holds 71 GiB on one GPU of one node -> CUDA OOM at model init for that rank."""
    nodes = ["cn117", "cn118", "cn119", "cn120"]
    job = Job(nodes, 4, c.rng)
    bad, blr = "cn119", 0
    brank = job.rank(bad, blr)
    t0 = T("2024-08-19 17:09:02")
    for ni, n in enumerate(nodes):
        L = [f"{n}: [{f_py(t0)}] [INFO] [real_accelerator.py:219:get_accelerator] Setting ds_accelerator to cuda (auto detect)",
             f"{n}: [{f_py(sec(t0, 3))}] [INFO] [comm.py:652:init_distributed] cdb=None",
             f"{n}: [{f_py(sec(t0, 3))}] [INFO] [comm.py:683:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl"]
        tf = sec(t0, 44)
        if n == bad:
            L += [f"{n}: [rank{brank}]: Traceback (most recent call last):",
                  f'{n}: [rank{brank}]:   File "/home/slarkin/mt/train.py", line 188, in <module>',
                  f"{n}: [rank{brank}]:     model_engine, optimizer, _, _ = deepspeed.initialize(args=args, model=model, model_parameters=params)",
                  f'{n}: [rank{brank}]:   File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/engine.py", line 1137, in _configure_distributed_model',
                  f"{n}: [rank{brank}]:     self.module.to(self.device)",
                  f"{n}: [rank{brank}]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.02 GiB is free. Process 1395 has 70.98 GiB memory in use. Including non-PyTorch memory, this process has 7.11 GiB memory in use. Of the allocated memory 6.52 GiB is allocated by PyTorch, and 93.50 MiB is reserved by PyTorch but unallocated."]
        for lr in range(4):
            r = job.rank(n, lr)
            if r == brank:
                continue
            L += [f"{n}: [rank{r}]:{f_c10(sec(tf, 1800 + r*0.01))} ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=2, OpType=BROADCAST, NumelIn=131334144, NumelOut=131334144, Timeout(ms)=1800000) ran for 1800073 milliseconds before timing out."]
        L.append(f"{n}: [{f_py(sec(tf, 1810))}] [INFO] [launch.py:319:sigkill_handler] Killing subprocess {job.pid(n, 0)}")
        L.append(f"{n}: [{f_py(sec(tf, 1811))}] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train.py', '--local_rank=0'] exits with return code = 1" if n == bad else f"{n}: [{f_py(sec(tf, 1811))}] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train.py', '--local_rank=0'] exits with return code = -6")
        c.add(f"{n}/ds_launcher.log", L)
        procs = {0: [(1395, "python", 70980)]} if n == bad else {}
        c.add(f"{n}/nvidia-smi-q.txt", nvsmi_q(n, sec(tf, 2000), gpus=4, model="NVIDIA A100-SXM4-80GB", procs=procs, mem_used={0: 71020} if n == bad else {}))
    c.add(f"{bad}/ps-1395.txt", ["$ ps -o user,pid,ppid,stat,lstart,etime,cmd -p 1395",
                                 "USER       PID  PPID STAT                  STARTED     ELAPSED CMD",
                                 "thomased  1395     1 Tl   Sun Aug 18 09:14:27 2024  1-07:54:38 python train.py --model=TransformerSeq2Set --times=1 --dataset=kp20k --device=cuda:0"])
    c.set_label("oom", "infrastructure", {"node": bad, "rank": brank}, "restart_without_node",
                f"Rank {brank} on {bad} hits CUDA OOM at model placement with 'Process 1395 has 70.98 GiB memory in use' (cn119/ds_launcher.log). {bad}/nvidia-smi-q.txt and ps-1395.txt show PID 1395 is a stopped (state Tl) process of another user from the previous day still holding ~71 GB on GPU 0 - a foreign process, not this job's footprint (the same model fits on the other 15 GPUs). The other ranks' BROADCAST watchdog timeouts are sympathetic. Exclude/clean the node.",
                "https://github.com/ai4d-iasc/trixie/issues/92")


def at16(c):
    """Loss goes NaN at iteration 41,2xx in two attempts on different node sets (same step) -> recipe."""
    t0s = [T("2025-10-20 01:12:00"), T("2025-10-21 09:40:00")]
    sets = [["nid00112", "nid00113", "nid00114", "nid00115"], ["nid00240", "nid00241", "nid00113", "nid00309"]]
    for ai, (t0, nodes) in enumerate(zip(t0s, sets), 1):
        job = Job(nodes, 4, c.rng)
        start = 40001
        nan_it = 41267
        def lossfn(it, loss):
            if it >= nan_it:
                return "nan"
            if it >= nan_it - 6:
                return f"{loss * (1 + 0.8 * (it - nan_it + 7)):.6E}"
            return f"{loss:.6E}"
        def gnfn(it):
            if it >= nan_it:
                return "nan"
            if it >= nan_it - 6:
                return f"{12.0 * 4 ** (it - nan_it + 7):.3f}"
            return f"{c.rng.uniform(0.2, 0.5):.3f}"
        for ni, n in enumerate(nodes):
            L = torchrun_header(job, n, t0, "pretrain_gpt.py")
            if ni == len(nodes) - 1:  # last pipeline stage prints losses
                L.append(f" loading checkpoint from /lus/ckpt/gpt-13b at iteration 40000")
                it, t1 = megatron_iters(c.rng, sec(t0, 120), start, nan_it - start + 1, 2100, total=200000, gbs=1024, loss0=2.05, lossfn=lossfn, gnfn=gnfn)
                L += it
                r = job.rank(n, 1)
                L += [f"ERROR:megatron.core.rerun_state_machine:Unexpected result nan on rank {r} at iteration #{nan_it} invocation #1 (message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')",
                      f"ERROR:megatron.core.rerun_state_machine:Rank {r}, node {n}, device 1, iteration #{nan_it}: First rerun: unexpected result is reproducible within the tolerance (nan = nan). Need to rerun on a different GPU to verify correctness",
                      f"ERROR:megatron.core.rerun_state_machine:Rank {r}, node {n}, device 1, iteration #{nan_it}: Second rerun on a different GPU: unexpected result is reproducible (nan = nan). The result is deterministic: not a transient hardware fault.",
                      f"[rank{r}]: AssertionError: Rerun state machine: result is reproducible on a different GPU, exiting with code 16 (EXIT_CODE_RESUME_TO_DISAMBIGUATE is not applicable)"]
                tf = ms(t1, 5000)
            else:
                tf = sec(t0, 120 + (nan_it - start + 1) * 2.1 + 5)
                for lr in range(4):
                    if lr % 2 == 0:
                        L += watchdog_timeout(job.rank(n, lr), sec(tf, 600), 988412 + lr, "ALLREDUCE", 1, 600000)[:2]
            L += sigterm_lines(job, n, sec(tf, 610))
            L += child_failed(job, n, sec(tf, 642), [(lr, -15, sigterm_tb(job.pid(n, lr))) for lr in range(1, 4)], (0, 16 if ni == len(nodes) - 1 else -6, TB_LINK), "pretrain_gpt.py", "/usr/bin/python")
            c.add(f"attempt_{ai}/{n}/run.log", L)
            c.add(f"attempt_{ai}/{n}/nvidia-smi-q.txt", nvsmi_q(n, sec(tf, 700), gpus=4, model="NVIDIA GH200 120GB", overrides={2: {"sram_c": 1}} if n == "nid00113" else {}))
    c.set_label("numerical", "script", None, "stop",
                "In attempt_1 and attempt_2 the loss and grad norm blow up over the same six iterations and become nan at exactly iteration 41267 (attempt_*/nid00115/run.log and nid00309/run.log), on largely different node sets; Megatron's rerun state machine reproduces the NaN on a different GPU and declares it deterministic. Same step regardless of hardware = the recipe/data at that point (both attempts resumed from the iteration-40000 checkpoint). The single corrected SRAM ECC on nid00113 GPU 2 is a red herring (it was in both sets but the NaN rank is elsewhere); watchdog timeouts are sympathetic. Stop and fix LR/data.",
                "https://github.com/PKU-YuanGroup/Open-Sora-Plan/issues/333")


def at17(c):
    """DeepSpeed fp16: loss scale collapses to min and exits."""
    nodes = ["gpu-01", "gpu-02"]
    job = Job(nodes, 8, c.rng)
    t0 = T("2024-07-03 10:02:11")
    for ni, n in enumerate(nodes):
        L = [f"{n}: [{f_py(t0)}] [INFO] [config.py:1000:print]   fp16_enabled ................. True",
             f"{n}: [{f_py(t0)}] [INFO] [config.py:1000:print]   loss_scale ................... 0",
             f"{n}: [{f_py(t0)}] [INFO] [config.py:1000:print]   dynamic_loss_scale_args ...... {{'init_scale': 65536, 'scale_window': 1000, 'delayed_shift': 2, 'consecutive_hysteresis': False, 'min_scale': 1}}"]
        tt = sec(t0, 30)
        scale = 65536
        if ni == 0:
            for s in range(1, 241):
                tt = ms(tt, 13200 + c.rng.randrange(-300, 300))
                pct = s * 100 // 1000
                L.append(f"{n}: {pct:3d}%|{'█' * (pct // 10):<10}| {s}/1000 [{int((tt - t0).total_seconds()) // 60:02d}:{int((tt - t0).total_seconds()) % 60:02d}<3:21:07, 13.2s/it]")
                if s % 10 == 0 and s < 200:
                    L.append(f"{n}: {{'loss': {1.9 - s*0.001 + c.rng.uniform(-0.05, 0.05):.4f}, 'grad_norm': {c.rng.uniform(0.6, 1.3):.4f}, 'learning_rate': {2e-5 * s / 1000:.8e}, 'epoch': {s/1000:.2f}}}")
                if s >= 200:
                    old = scale
                    scale = max(1, scale // 2)
                    L.append(f"{n}: [{f_py(tt)}] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: {old}, reducing to {scale}")
                    if s % 5 == 0:
                        L.append(f"{n}: {{'loss': 0.0, 'grad_norm': nan, 'learning_rate': {2e-5 * s / 1000:.8e}, 'epoch': {s/1000:.2f}}}")
                    if old == 1:
                        break
            tfail = tt
        else:
            tfail = sec(t0, 30 + 217 * 13.2)
        for lr in range(8):
            r = job.rank(n, lr)
            L += [f"{n}: [rank{r}]: Traceback (most recent call last):",
                  f'{n}: [rank{r}]:   File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/fp16/loss_scaler.py", line 175, in update_scale',
                  f'{n}: [rank{r}]:     raise Exception(',
                  f"{n}: [rank{r}]: Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."] if lr in (0, 4) else [f"{n}: [rank{r}]: Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."]
        L.append(f"{n}: [{f_py(sec(tfail, 2))}] [INFO] [launch.py:319:sigkill_handler] Killing subprocess {job.pid(n, 0)}")
        L.append(f"{n}: [{f_py(sec(tfail, 3))}] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'src/train.py', '--local_rank=0', '--fp16', 'True'] exits with return code = 1")
        c.add(f"{n}/deepspeed_stdout.log", L)
        c.add(f"{n}/nvidia-smi-q.txt", nvsmi_q(n, sec(tfail, 60), model="NVIDIA A800-SXM4-80GB", driver="535.161.08", cuda="12.2"))
    c.add("ds_config.json", ['{', '  "fp16": {"enabled": true, "loss_scale": 0, "initial_scale_power": 16, "min_loss_scale": 1},', '  "bf16": {"enabled": false},', '  "zero_optimization": {"stage": 2},', '  "gradient_clipping": 1.0', '}'])
    c.set_label("numerical", "script", None, "stop",
                "From step 200 rank 0 logs an OVERFLOW at every step and the dynamic loss scale halves from 65536 down to 1, with 'loss': 0.0 / grad_norm nan (gpu-01/deepspeed_stdout.log), then all 16 ranks raise 'Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.' A model trained in bf16 being fine-tuned in fp16 (ds_config.json) overflows - a recipe problem on every rank, not hardware (nvidia-smi clean). Stop; switch to bf16 or fix the LR.",
                "https://github.com/modelscope/ms-swift/issues/4374")


def at18(c):
    """grad norm NaN follows one physical GPU across attempts at different iterations; SRAM parity errors."""
    attempts = [
        (T("2025-11-03 04:10:00"), ["a3-n10", "a3-n11", "a3-n12", "a3-n13"], 3012),
        (T("2025-11-03 06:55:00"), ["a3-n12", "a3-n14", "a3-n10", "a3-n15"], 3418),
    ]
    bad, blr = "a3-n12", 5
    last_rank = None
    for ai, (t0, nodes, nan_it) in enumerate(attempts, 1):
        job = Job(nodes, 8, c.rng)
        r = job.rank(bad, blr)
        last_rank = r
        start = 2801 if ai == 1 else 3001
        for ni, n in enumerate(nodes):
            L = torchrun_header(job, n, t0, "pretrain_gpt.py")
            if ni == 0:
                it, t1 = megatron_iters(c.rng, sec(t0, 90), start, nan_it - start, 5200, total=50000, gbs=1024, loss0=2.31)
                L += it
            tf = sec(t0, 90 + (nan_it - start) * 5.2)
            if n == bad:
                L += [f"ERROR:megatron.core.rerun_state_machine:Unexpected result nan on rank {r} at iteration #{nan_it} invocation #1 (message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')",
                      f"ERROR:megatron.core.rerun_state_machine:Rank {r}, node {n}, device {blr}, iteration #{nan_it}: First rerun: unexpected result is not reproducible within the tolerance (nan != 0.3182). Possible transient error!",
                      f"[rank{r}]: RuntimeError: Rerun state machine: transient error detected on rank {r} (node {n}, device {blr}); exiting with code 17 so the job can be restarted"]
            else:
                for lr in range(8):
                    if lr in (0, 4):
                        L += watchdog_timeout(job.rank(n, lr), sec(tf, 600 + lr * 0.1), 61211, "_REDUCE_SCATTER_BASE", 26214400, 600000)[:2]
            L += sigterm_lines(job, n, sec(tf, 602), skip_lr=blr if n == bad else None)
            root = (blr, 17, TB_LINK) if n == bad else (0, -6, f"Signal 6 (SIGABRT) received by PID {job.pid(n, 0)}")
            L += child_failed(job, n, sec(tf, 640), [], root, "pretrain_gpt.py", "/usr/bin/python")
            c.add(f"attempt_{ai}/{n}/megatron.log", L)
            ov = {blr: {"sram_c": 14 + ai * 9, "sram_up": 0}} if n == bad else {}
            c.add(f"attempt_{ai}/{n}/nvidia-smi-q.txt", nvsmi_q(n, sec(tf, 700), overrides=ov))
    c.add(f"attempt_2/{bad}/dcgmi-diag-r3.txt", ["Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Deployment  --------+------------------------------------------------|",
        "| Driver Sanity             | Pass                                           |",
        "| GPU Memory                | Pass - All                                     |",
        "+-----  Integration  -------+------------------------------------------------+",
        "| PCIe                      | Pass - All                                     |",
        "+-----  Hardware  ----------+------------------------------------------------+",
        "| Diagnostic                | Fail - GPU: 5                                  |",
        f"| Warning                   | GPU 5 Error using CUDA API cudaGraphLaunch Check DCGM and system logs for errors. Reset GPU. Restart DCGM. Rerun diagnostics. Data miscompare detected in GEMM output (2 of 524288 elements) |",
        "+-----  Stress  ------------+------------------------------------------------+",
        "| Targeted Stress           | Pass - All                                     |",
        "+---------------------------+------------------------------------------------+"])
    c.set_label("gpu_hardware", "infrastructure", {"node": bad, "rank": last_rank}, "restart_without_node",
                f"The NaN grad norm appears on {bad} device {blr} in both attempts (global rank 21 in attempt_1, {last_rank} in attempt_2) at different iterations (3012, 3418) even though the node order changed; Megatron's rerun says it is NOT reproducible ('Possible transient error!'), SRAM correctable counts on that GPU grow between attempts (attempt_*/{bad}/nvidia-smi-q.txt), and dcgmi-diag-r3.txt fails GPU 5 with a GEMM data miscompare - silent data corruption on one GPU. Follows the GPU, not the step; other ranks' watchdog timeouts are sympathetic. Exclude the node.",
                "https://github.com/NVIDIA/Megatron-LM/issues/5026")


def at19(c):
    """A corrupt image in the webdataset shard crashes one rank's loader (PIL UnidentifiedImageError)."""
    nodes = ["node-a", "node-b", "node-c", "node-d"]
    job = Job(nodes, 8, c.rng)
    t0 = T("2025-08-13 15:02:00")
    bad_rank = 19
    tf = sec(t0, 4 * 3600 + 1207)
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "train_clip.py")
        L += nccl_init_noise(job, n, sec(t0, 11), lrs=[0])
        if ni == 0:
            tt = sec(t0, 60)
            for s in range(1, 3101):
                tt = ms(tt, 5080 + c.rng.randrange(-60, 60))
                if s % 5 == 0:
                    L.append(f"{tt:%Y-%m-%d,%H:%M:%S} | INFO | Train Epoch: 2 [{s*32768:>10}/{400000000} ({s*32768/4e6:.0f}%)] Data (t): 0.{c.rng.randrange(80,140):03d} Batch (t): 5.{c.rng.randrange(40,130):03d}, 6452.{c.rng.randrange(0,99)}/s, 201.6/s/gpu LR: 0.000{c.rng.randrange(400,499)} Logit Scale: 61.{c.rng.randrange(10,99)} Contrastive_loss: {3.1 - s*0.0002 + c.rng.uniform(-0.05,0.05):.4f}")
        nb, lb = job.node_of(bad_rank)
        if n == nb:
            L += tb(bad_rank, [
                ("/opt/open_clip/src/open_clip_train/main.py", 508, "<module>", "main(sys.argv[1:])"),
                ("/opt/open_clip/src/open_clip_train/train.py", 101, "train_one_epoch", "for i, batch in enumerate(dataloader):"),
                (f"{SP}/torch/utils/data/dataloader.py", 1480, "_process_data", "data.reraise()"),
                (f"{SP}/torch/_utils.py", 733, "reraise", "raise exception"),
            ], ["PIL.UnidentifiedImageError: Caught UnidentifiedImageError in DataLoader worker process 3.",
                "Original Traceback (most recent call last):",
                f'  File "{SP}/webdataset/handlers.py", line 23, in reraise_exception',
                "    raise exn",
                f'  File "{SP}/webdataset/autodecode.py", line 252, in imagehandler',
                "    with PIL.Image.open(stream) as img:",
                f'  File "{SP}/PIL/Image.py", line 3498, in open',
                "    raise UnidentifiedImageError(msg)",
                "PIL.UnidentifiedImageError: cannot identify image file <_io.BytesIO object at 0x7f1c2a5b3e70>",
                "  (while decoding key '000418231.jpg' from shard 's3://laion-sub/train/shard-004182.tar')"])
        for lr in range(8):
            r = job.rank(n, lr)
            if r != bad_rank and lr in (0, 6):
                L += watchdog_timeout(r, sec(tf, 1800 + r * 0.01), 1203311, "ALLREDUCE", 1024, 1800000)[:1]
        L += sigterm_lines(job, n, sec(tf, 1802), skip_lr=lb if n == nb else None)
        root = (lb, 1, TB_LINK) if n == nb else (0, -6, f"Signal 6 (SIGABRT) received by PID {job.pid(n, 0)}")
        L += child_failed(job, n, sec(tf, 1830), [], root, "train_clip.py")
        c.add(f"{n}/train.out", L)
        c.add(f"{n}/nvidia-smi-q.txt", nvsmi_q(n, sec(tf, 1900), overrides={3: {"dram_c": 2}} if n == "node-b" else {}))
    c.add("shard_check.txt", ["$ python tools/check_shard.py s3://laion-sub/train/shard-004182.tar",
                              "000418229.jpg OK 512x384", "000418230.jpg OK 640x480",
                              "000418231.jpg FAIL: 16384 bytes, magic=3c21444f ('<!DO') - looks like an HTML error page, not an image",
                              "000418232.jpg OK 512x512"])
    c.set_label("user_code", "script", None, "stop",
                "Rank 19 (node-c, local rank 3) raises 'PIL.UnidentifiedImageError: cannot identify image file' in a DataLoader worker while decoding '000418231.jpg' from shard-004182.tar (node-c/train.out); shard_check.txt shows that sample is an HTML error page saved as .jpg. A bad sample in the user's dataset with no error handling - deterministic whenever that sample is read. The 30-min allreduce watchdog timeouts on the other 31 ranks are sympathetic and the 2 corrected DRAM ECC on node-b GPU 3 are a red herring. Stop; fix/filter the data or add a decode handler.",
                "https://github.com/lucidrains/lightweight-gan/issues/109")


CASES = [("at11_init_allreduce_timeouts_one_node_socket_transport", at11),
         ("at12_cuda_oom_all_ranks_after_step_1200", at12),
         ("at13_ranks_sigkill_during_startup_load", at13),
         ("at14_dataloader_worker_killed_two_pods", at14),
         ("at15_one_rank_cuda_oom_at_engine_init", at15),
         ("at16_nan_grad_norm_two_attempts", at16),
         ("at17_overflow_messages_then_exit", at17),
         ("at18_nan_grad_norm_rerun_transient_two_attempts", at18),
         ("at19_one_rank_dataloader_exception_after_4h", at19)]
