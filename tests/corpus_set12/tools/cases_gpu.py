"""q21-q29: GPU memory errors, Xids in many spellings, NVLink/NVSwitch."""
from common import *  # noqa: F401,F403
from cases_straggler import sacct

SITE = "/usr/local/lib/python3.10/dist-packages"
CUDA_TAIL = ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
             "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
             "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]


def cuda_exc(torch_ver, err):
    v = tv(torch_ver)
    kind = "torch.AcceleratorError" if v >= (2, 8) else "RuntimeError"
    return "\n".join([f"{kind}: CUDA error: {err}"] + CUDA_TAIL)


def watchdog_cuda(torch_ver, rank, err, rng, prefix="", site=SITE, t=None):
    """the NCCL watchdog thread dying on a sticky CUDA error (sympathetic-looking but local)."""
    v = tv(torch_ver)
    rp = f"[rank{rank}]:" if v >= (2, 2) else ""
    head = f"{rp}[E ProcessGroupNCCL.cpp:1182] [Rank {rank}] NCCL watchdog thread terminated with exception: CUDA error: {err}" if v < (2, 4) else \
        f"{rp}[{c10d(t or T(2025, 1, 1), 'E', rng)} ProcessGroupNCCL.cpp:1904] [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: CUDA error: {err}"
    out = [head] + CUDA_TAIL + ["",
           f"Exception raised from c10_cuda_check_implementation at {'../' if v < (2, 4) else '/pytorch/'}c10/cuda/CUDAException.cpp:43 (most recent call first):",
           f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f{hex_id(rng, 10)} in {site}/torch/lib/libc10.so)",
           f"frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f{hex_id(rng, 10)} in {site}/torch/lib/libc10.so)",
           f"frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f{hex_id(rng, 10)} in {site}/torch/lib/libc10_cuda.so)",
           f"frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x80 (0x7f{hex_id(rng, 10)} in {site}/torch/lib/libtorch_cuda.so)",
           f"frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0x58 (0x7f{hex_id(rng, 10)} in {site}/torch/lib/libtorch_cuda.so)",
           "", "terminate called after throwing an instance of '" + ("c10::DistBackendError'" if v >= (2, 2) else "c10::Error'"),
           f"  what():  {head.split('] ', 1)[-1]}"]
    return [prefix + x for x in out]


def train_frames(script, site=SITE):
    return [(script, 512, "<module>", "main()"), (script, 471, "main", "loss = trainer.step(batch)"),
            ("/app/trainer.py", 233, "step", "loss.backward()"), (f"{site}/torch/_tensor.py", 522, "backward", "torch.autograd.backward("),
            (f"{site}/torch/autograd/__init__.py", 266, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]


def dmesg_gpu_header(bus, uuid):
    return [f"NVRM: GPU at PCI:0000:{bus}:00: {uuid}", "NVRM: GPU Board Serial Number: 1652023017" + bus[-1]]


# ====================================================================== q21
def q21_torchrun_ecc_error(b, rng):
    nodes = ["gpu-e101", "gpu-e102", "gpu-e104", "gpu-e105"]
    cn, cl = 1, 3
    crank = cn * 8 + cl
    buses = BUSES["h100"]
    job = 700412
    t = T(2024, 1, 30, 17, 45, 1)
    start = t
    L = ["+ srun -l --ntasks-per-node=1 torchrun --nnodes=4 --nproc-per-node=8 --rdzv-endpoint=gpu-e101:29500 --rdzv-backend=c10d train.py --config cfg/vlm_13b.yaml"]
    for i in range(4):
        L += [f"{i}: WARNING:torch.distributed.run:", f"{i}: *****************************************",
              f"{i}: Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
              f"{i}: *****************************************"]
    for r in range(0, 32, 4):
        L.append(f"{r // 8}: [W Utils.hpp:133] Warning: Environment variable NCCL_ASYNC_ERROR_HANDLING is deprecated; use TORCH_NCCL_ASYNC_ERROR_HANDLING instead (function getCvarInt)")
    t = plus(t, 60)
    for s in range(10, 6321, 10):
        st = jitter(rng, 1.73, 0.01)
        t = plus(t, 10 * st)
        if s % 20 == 0:
            L.append(f"0: [{iso(t)}] INFO step={s} loss={max(1.1, 2.6 - s * 0.0002 + rng.uniform(-0.02, 0.02)):.4f} lr={1e-4:.2e} grad_norm={rng.uniform(0.3, 0.7):.3f} samples/s={512 / st:.1f}")
    tf = plus(t, 7.2)
    exc = cuda_exc("2.1", "uncorrectable ECC error encountered")
    L += [f"{cn}: " + x for x in traceback(train_frames("/app/train.py"), exc)]
    L += [f"{cn}: " + x for x in watchdog_cuda("2.1", crank, "uncorrectable ECC error encountered", rng)]
    tw = plus(tf, 1800)
    for r in range(32):
        if r == crank:
            continue
        L += [f"{r // 8}: " + x for x in watchdog_timeout("2.1", r, 201788, "ALLREDUCE", 89653248, 1800000, tw, rng)]
    for i, h in enumerate(nodes):
        tk = plus(tf, 2) if i == cn else plus(tw, 3)
        L.append(f"{i}: WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {70110 + i * 30 + 1} closing signal SIGTERM")
        first = (crank, cl, -6, 70110 + i * 30 + cl, f"Signal 6 (SIGABRT) received by PID {70110 + i * 30 + cl}") if i == cn else (i * 8, 0, -6, 70110 + i * 30, f"Signal 6 (SIGABRT) received by PID {70110 + i * 30}")
        L.append(f"{i}: ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) local_rank: {first[1]} (pid: {first[3]}) of binary: /usr/bin/python")
        L += [f"{i}: " + x for x in elastic_summary("2.1", tk, "train.py", h, [first])]
        L.append(f"srun: error: {h}: task {i}: Exited with exit code 1")
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    b.add(f"{nodes[0]}/sacct.txt", sacct(job, "vlm13b", 4, 192, "FAILED", "1:0", "03:12:44"))
    for i, h in enumerate(nodes):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        gpus = [{"bus": x} for x in buses]
        if i == cn:
            bus = buses[cl]
            uuid = gpu_uuid(rng)
            pid = 70110 + i * 30 + cl
            hdr = dmesg_gpu_header(bus, uuid)
            ex += [(plus(tf, -0.4), hdr[0]), (plus(tf, -0.4), hdr[1]),
                   (plus(tf, -0.39), f"NVRM: Xid (PCI:0000:{bus}:00): 48, pid={pid}, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0."),
                   (plus(tf, -0.37), f"NVRM: Xid (PCI:0000:{bus}:00): 63, pid={pid}, name=python, Row Remapper: New row (0x00000000a2f7c100) marked for remapping, reset gpu to activate."),
                   (plus(tf, -0.35), f"NVRM: Xid (PCI:0000:{bus}:00): 45, pid={pid}, name=python, Ch 00000010"),
                   (plus(tf, -0.35), f"NVRM: Xid (PCI:0000:{bus}:00): 45, pid={pid}, name=python, Ch 00000011")]
            gpus[cl].update(dram_ue_vol=2, dram_ue_agg=2, rr_ue=1, rr_pending="Yes", reset_required="Yes", uuid=uuid)
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(tw, 60), 40, ex))
        b.add(f"{h}/nvidia-smi-q-d-ecc.txt", nvsmi_q(plus(tw, 300), "535.86.10", "12.2", "h100", gpus, rng, d=["ECC", "ROW_REMAPPER", "RESET"]))
    b.set_label("gpu_memory", "infrastructure", {"node": nodes[cn], "rank": crank}, "restart_without_node",
                f"The first failure is rank {crank} ({nodes[cn]}, local GPU {cl}) raising 'uncorrectable ECC error encountered'; the node's dmesg shows Xid 48 (DBE) and Xid 63 row-remap pending for that GPU and nvidia-smi reports DRAM uncorrectable errors with reset required; the 31 watchdog timeouts are sympathetic.",
                "https://github.com/kohya-ss/sd-scripts/issues/1434")


# ====================================================================== q22
def q22_mpirun_ecc_error(b, rng):
    nodes = ["cn-a41", "cn-a42", "cn-a43"]
    cn, cl = 2, 6
    crank = cn * 8 + cl
    buses = BUSES["a100"]
    t = T(2023, 8, 15, 11, 20, 0)
    start = t
    L = ["+ mpirun -np 24 -H cn-a41:8,cn-a42:8,cn-a43:8 --tag-output -x NCCL_DEBUG=INFO -x NCCL_DEBUG_SUBSYS=INIT,NET -x MASTER_ADDR=cn-a41 -x MASTER_PORT=23456 python -u train_diffusion.py --cfg cfgs/sdxl_ft.yaml"]
    for r in range(24):
        h = nodes[r // 8]
        L += [f"[1,{r}]<stdout>:" + x for x in nccl_init(h, 55100 + r, r % 8, r, 24, "2.14.3+cuda11.7", rng, ip=f"172.16.9.{41 + r // 8}", bus=buses[r % 8], channels=8)]
    t = plus(t, 50)
    for s in range(1, 3301):
        st = jitter(rng, 0.88, 0.015)
        t = plus(t, st)
        if s % 25 == 0:
            L.append(f"[1,0]<stdout>:{iso(t)} - step {s:>5} - loss {rng.uniform(0.06, 0.14):.4f} - lr 1.0e-05 - {st:.3f}s/step - {24 * 4 / st:.1f} img/s")
        if s % 1000 == 0:
            L.append(f"[1,0]<stdout>:{iso(t)} - saved /data/sdxl-ft/ckpt-{s}")
    tf = plus(t, 0.5)
    exc = cuda_exc("2.0", "uncorrectable ECC error encountered")
    fr = [("train_diffusion.py", 388, "<module>", "main(cfg)"), ("train_diffusion.py", 341, "main", "loss = unet_step(unet, vae, text_enc, batch, noise_sched)"),
          ("train_diffusion.py", 207, "unet_step", "latents = vae.encode(pixels).latent_dist.sample() * 0.13025"),
          ("/opt/conda/lib/python3.10/site-packages/diffusers/models/autoencoders/vae.py", 145, "forward", "sample = self.conv_in(sample)"),
          ("/opt/conda/lib/python3.10/site-packages/torch/nn/modules/conv.py", 459, "_conv_forward", "return F.conv2d(input, weight, bias, self.stride,")]
    L += [f"[1,{crank}]<stderr>:" + x for x in traceback(fr, exc)]
    L += [f"[1,{crank}]<stderr>:" + x for x in watchdog_cuda("2.0", crank, "uncorrectable ECC error encountered", rng, site="/opt/conda/lib/python3.10/site-packages")]
    for r in range(24):
        if r == crank:
            continue
        h = nodes[r // 8]
        if r % 3 == 0:
            L.append(f"[1,{r}]<stdout>:{h}:{55100 + r}:{55190 + r} [{r % 8}] NCCL INFO [Service thread] Connection closed by localRank {cl}" if r // 8 == cn else
                     f"[1,{r}]<stdout>:{h}:{55100 + r}:{55190 + r} [{r % 8}] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer 172.16.9.43<{rng.randint(30000, 60000)}> with error 12, opcode 0, len 0, vendor err 129 (Recv)")
    tw = plus(tf, 1800)
    for r in range(24):
        if r == crank:
            continue
        L += [f"[1,{r}]<stderr>:" + x for x in watchdog_timeout("2.0", r, 117234, "ALLREDUCE", 0, 1800000, tw, rng)]
    L += ["--------------------------------------------------------------------------",
          "Primary job  terminated normally, but 1 process returned",
          "a non-zero exit code. Per user-direction, the job has been aborted.",
          "--------------------------------------------------------------------------",
          "--------------------------------------------------------------------------",
          f"mpirun noticed that process rank {crank} with PID {55100 + crank} on node {nodes[cn]} exited on signal 6 (Aborted).",
          "--------------------------------------------------------------------------"]
    b.add(f"{nodes[0]}/mpirun.out", L)
    for i, h in enumerate(nodes):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        gpus = [{"bus": x} for x in buses]
        if i == cn:
            bus = buses[cl]
            pid = 55100 + crank
            ex += [(plus(tf, -0.2), f"NVRM: Xid (PCI:0000:{bus}:00): 94, pid={pid}, name=python, Contained: SM (0x1). RST: No, D-RST: No"),
                   (plus(tf, -0.19), f"NVRM: Xid (PCI:0000:{bus}:00): 94, pid={pid}, name=python, Ch 00000008"),
                   (plus(tf, -0.15), f"NVRM: Xid (PCI:0000:{bus}:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000315b09c80) marked for remapping, reset gpu to activate.")]
            gpus[cl].update(dram_ue_vol=1, dram_ue_agg=1, rr_ue=1, rr_pending="Yes")
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(tw, 60), 35, ex, style="T"))
        b.add(f"{h}/nvidia-smi-q-d-ecc.txt", nvsmi_q(plus(tw, 200), "525.125.06", "12.0", "a100", gpus, rng, d=["ECC", "ROW_REMAPPER"]))
    b.set_label("gpu_memory", "infrastructure", {"node": nodes[cn], "rank": crank}, "restart_without_node",
                f"MPI rank {crank} on cn-a43 (GPU {cl}) is the first to fail with an uncorrectable ECC error; cn-a43's kernel log has Xid 94 (contained ECC) and Xid 63 for that GPU's PCI address and the GPU shows a pending row remap; the IB completion errors and watchdog timeouts elsewhere follow from it.",
                "https://github.com/leptonai/gpud/pull/1174")


# ====================================================================== q23
def q23_ray_train_ecc_error(b, rng):
    ips = ["10.64.3.11", "10.64.3.17", "10.64.3.22", "10.64.3.29"]
    cn, cl = 2, 1
    crank = cn * 8 + cl
    buses = BUSES["h100"]
    t = T(2025, 6, 11, 9, 4, 20)
    start = t
    drv = [f"{iso(t)}\tINFO worker.py:1832 -- Connecting to existing Ray cluster at address: 10.64.3.11:6379...",
           f"{iso(t)}\tINFO worker.py:2003 -- Connected to Ray cluster. View the dashboard at 10.64.3.11:8265 ",
           "View detailed results here: /mnt/cluster_storage/ray_results/TorchTrainer_2025-06-11_09-04-22",
           "To visualize your results with TensorBoard, run: `tensorboard --logdir /tmp/ray/session_2025-06-11_08-11-03_101992_1/artifacts/2025-06-11_09-04-22/TorchTrainer_2025-06-11_09-04-22/driver_artifacts`",
           "", "Training started without custom configuration.",
           f"(TrainController pid=2210) Attempting to start training worker group of size 32 with the following resources: [{{'GPU': 1}}] * 32",
           "(RayTrainWorker pid=4451, ip=10.64.3.11) Setting up process group for: env:// [rank=0, world_size=32]"]
    for r in range(1, 32, 5):
        drv.append(f"(RayTrainWorker pid={4451 + r}, ip={ips[r // 8]}) Setting up process group for: env:// [rank={r}, world_size=32]")
    drv.append("(TrainController pid=2210) Started training worker group of size 32: ")
    for r in range(32):
        drv.append(f"(TrainController pid=2210) - (ip={ips[r // 8]}, pid={4451 + r}) world_rank={r}, local_rank={r % 8}, node_rank={r // 8}")
    t = plus(t, 90)
    for s in range(1, 2851):
        st = jitter(rng, 0.97, 0.01)
        t = plus(t, st)
        if s % 25 == 0:
            drv.append(f"(RayTrainWorker pid=4451, ip=10.64.3.11) epoch=0 step={s} loss={max(1.0, 2.2 - s * 0.0002 + rng.uniform(-0.03, 0.03)):.4f} tok/s={int(jitter(rng, 1.61e6, 0.01))}")
        if s % 500 == 0:
            drv.append(f"(RayTrainWorker pid=4451, ip=10.64.3.11) Checkpoint successfully created at: Checkpoint(filesystem=local, path=/mnt/cluster_storage/ray_results/TorchTrainer_2025-06-11_09-04-22/checkpoint_{s // 500 - 1:06d})")
    tf = plus(t, 0.3)
    wpid = 4451 + crank
    exc = cuda_exc("2.7", "uncorrectable ECC error encountered")
    wfr = [("/home/ray/anaconda3/lib/python3.12/site-packages/ray/train/v2/_internal/execution/worker_group/thread_runner.py", 41, "_run_target", "result = target()"),
           ("/home/ray/job/train_loop.py", 188, "train_func", "loss = model(**batch).loss"),
           ("/home/ray/anaconda3/lib/python3.12/site-packages/torch/nn/modules/module.py", 1751, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
           ("/home/ray/anaconda3/lib/python3.12/site-packages/torch/distributed/fsdp/_fully_shard/_fsdp_state.py", 238, "_pre_forward", "args, kwargs = self._fsdp_param_group.pre_forward(module, args, kwargs)"),
           ("/home/ray/anaconda3/lib/python3.12/site-packages/torch/distributed/fsdp/_fully_shard/_fsdp_param_group.py", 351, "wait_for_unshard", "self._all_gather_result.all_gather_event.synchronize()")]
    wtb = traceback(wfr, exc)
    drv += [f"(RayTrainWorker pid={wpid}, ip={ips[cn]}) " + x for x in wtb]
    for r in range(cn * 8, cn * 8 + 8):
        if r != crank and r % 2 == 0:
            drv.append(f"(RayTrainWorker pid={4451 + r}, ip={ips[cn]}) [rank{r}]:[W611 {tf.strftime('%H:%M:%S')}.{rng.randint(100000, 999999)}000 ProcessGroupNCCL.cpp:1659] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Received a dump signal due to a collective timeout from  rank {crank} and we will try our best to dump the debug info. Last enqueued NCCL work: 88120, last completed NCCL work: 88119.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. ")
    te = plus(tf, 12)
    drv += [f"(TrainController pid=2210) Detected a worker failure: Training worker at (ip={ips[cn]}, pid={wpid}, world_rank={crank}) failed with: RuntimeError('CUDA error: uncorrectable ECC error encountered')",
            f"(TrainController pid=2210) Terminating training worker group after encountering failure(s) on 1 worker(s):",
            f"(TrainController pid=2210) [Rank {crank}]",
            f"{iso(te)}\tERROR -- Training failed.",
            "Traceback (most recent call last):", '  File "/home/ray/job/launch.py", line 71, in <module>', "    result = trainer.fit()",
            '  File "/home/ray/anaconda3/lib/python3.12/site-packages/ray/train/v2/api/data_parallel_trainer.py", line 172, in fit',
            "    raise result.error",
            f"ray.train.v2.api.exceptions.WorkerGroupError: Training failed due to worker errors:",
            f"[Rank {crank}]", "Traceback (most recent call last):"] + wtb[1:]
    b.add(f"{ips[0]}/job-driver-raysubmit_Fx82kQ1bP9.log", drv)
    for i, ip in enumerate(ips):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        gpus = [{"bus": x} for x in buses]
        if i == cn:
            bus = buses[cl]
            ex += [(plus(tf, -0.1), f"NVRM: Xid (PCI:0000:{bus}:00): 95, pid={wpid}, name=ray::RayTrainWo, Uncontained: FBHUB. RST: Yes, D-RST: No"),
                   (plus(tf, -0.09), f"NVRM: Xid (PCI:0000:{bus}:00): 95, pid={wpid}, name=ray::RayTrainWo, Uncontained: LTC TAG (0x2,0x0). RST: Yes, D-RST: No"),
                   (plus(tf, -0.05), f"NVRM: Xid (PCI:0000:{bus}:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000001b0e4c020) marked for remapping, reset gpu to activate.")]
            gpus[cl].update(dram_ue_vol=1, dram_ue_agg=3, rr_ue=2, rr_pending="Yes", reset_required="Yes")
        b.add(f"{ip}/dmesg.txt", dmesg_block(rng, ip, boot, plus(start, -3600), plus(te, 60), 30, ex))
        b.add(f"{ip}/nvidia-smi-q-d-ecc.txt", nvsmi_q(plus(te, 300), "570.133.20", "12.8", "h100", gpus, rng, d=["ECC", "ROW_REMAPPER", "RESET"]))
        rl = [f"[{iso(start)}] (raylet) main.cc:226: Setting cluster ID to: 4fa1c0b5a1e3d9e27b8f12d0aa0c97c2b1d3",
              f"[{iso(start)}] (raylet) node_manager.cc:521: [state-dump] NodeManager:",
              f"[{iso(start)}] (raylet) node_manager.cc:521: [state-dump] Node ID: {hex_id(rng, 56)}",
              f"[{iso(start)}] (raylet) node_manager.cc:521: [state-dump] Node name: {ip}"]
        if i == cn:
            rl.append(f"[{iso(plus(tf, 1))}] (raylet) node_manager.cc:1498: Worker {hex_id(rng, 56)} (PID={wpid}) exited with code 1: Worker exits with an exit code 1.")
        rl += [f"[{iso(plus(te, 3))}] (raylet) worker_pool.cc:690: Job 05000000 finished, killing {8 if i != cn else 7} workers."]
        b.add(f"{ip}/raylet.out", rl)
    b.set_label("gpu_memory", "infrastructure", {"node": ips[cn], "rank": crank}, "restart_without_node",
                f"Ray Train worker world_rank {crank} on {ips[cn]} failed with an uncorrectable ECC error; that node logged Xid 95 (uncontained ECC, RST: Yes) and Xid 63 for its GPU {cl}, which also reports reset required; the other workers were torn down after it.",
                "https://github.com/scitix/sichek/pull/121")


# ====================================================================== q24
def q24_k8s_ecc_error(b, rng):
    knodes = ["aks-ndh100-21447811-vmss00000a", "aks-ndh100-21447811-vmss00000c", "aks-ndh100-21447811-vmss00000f"]
    pods = ["mm-pretrain-master-0", "mm-pretrain-worker-0", "mm-pretrain-worker-1"]
    cn, cl = 2, 4
    crank = cn * 8 + cl
    buses = ["00000001", "00000002", "00000003", "00000008", "00000009", "0000000a", "0000000b", "0000000c"]  # Azure-style domains
    t = T(2025, 9, 2, 3, 10, 0)
    start = t
    seq = 48811
    tf = None
    for i, (kn, pod) in enumerate(zip(knodes, pods)):
        L = [f"{glog(t, 'I')} 1 torch/distributed/run.py:660] Using nproc_per_node=8."]
        tt = plus(t, 45)
        for s in range(1, 4101):
            st = jitter(rng, 1.22, 0.01)
            tt = plus(tt, st)
            if i == 0 and s % 25 == 0:
                L.append(f"[rank0]:[{iso(tt)}] iter {s} | lm_loss {max(1.3, 3.4 - s * 0.0004 + rng.uniform(-0.03, 0.03)):.4f} | aux_loss 0.0112 | grad_norm {rng.uniform(0.2, 0.6):.3f} | {st:.2f}s/it")
        tf = plus(tt, 0.4)
        if i == cn:
            exc = cuda_exc("2.8", "uncorrectable ECC error encountered")
            fr = [("/workspace/mm/train.py", 601, "<module>", "main()"), ("/workspace/mm/train.py", 560, "main", "metrics = engine.train_step(batch)"),
                  ("/workspace/mm/engine.py", 214, "train_step", "self.optimizer.step()"),
                  ("/usr/local/lib/python3.12/dist-packages/torch/optim/optimizer.py", 516, "wrapper", "out = func(*args, **kwargs)"),
                  ("/usr/local/lib/python3.12/dist-packages/torch/optim/adamw.py", 243, "step", "adamw(")]
            L += traceback(fr, exc, prefix=f"[rank{crank}]: ")
            L += watchdog_cuda("2.8", crank, "uncorrectable ECC error encountered", rng, site="/usr/local/lib/python3.12/dist-packages", t=tf)
        tw = plus(tf, 600)
        for lr_ in range(8):
            r = i * 8 + lr_
            if r == crank:
                continue
            L += watchdog_timeout("2.8", r, seq, "_REDUCE_SCATTER_BASE", 33554432, 600000, tw if i != cn else plus(tf, 40), rng)
        tk = plus(tw, 4)
        L.append(elastic_log("2.8", tk, "W", "multiprocessing.api", "Sending process 62 closing signal SIGTERM", 1))
        first = (crank, cl, -6, 50 + cl, f"Signal 6 (SIGABRT) received by PID {50 + cl}") if i == cn else (i * 8, 0, -6, 50, "Signal 6 (SIGABRT) received by PID 50")
        L += elastic_summary("2.8", tk, "train.py", pod, [first])
        b.add(f"{kn}/pod-{pod}.log", L)
        boot = plus(start, -rng.randint(3, 20) * 86400)
        ex = []
        gpus = [{"bus": "00"} for _ in range(8)]
        if i == cn:
            pci = f"{buses[cl][-4:]}:00:00"
            ex += [(plus(tf, -0.3), f"NVRM: Xid (PCI:{pci}): 48, pid=54, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 1."),
                   (plus(tf, -0.28), f"NVRM: Xid (PCI:{pci}): 64, pid='<unknown>', name=<unknown>, Row Remapper Error: (0x00000003a1f2c080) - All reserved rows for bank are remapped")]
        b.add(f"{kn}/node-dmesg.txt", dmesg_block(rng, kn, boot, plus(start, -3600), plus(tk, 60), 30, ex))
        q = nvsmi_q(plus(tk, 300), "575.57.08", "12.9", "h100", [{"bus": "00"} | ({"rr_ue": 8, "rr_failure": "Yes", "dram_ue_vol": 1, "dram_ue_agg": 9, "bank_max": 638, "bank_none": 1, "bank_high": 1} if (i == cn and g == cl) else {}) for g in range(8)], rng, d=["ECC", "ROW_REMAPPER"])
        gi = 0
        for k, x in enumerate(q):
            if x.startswith("GPU ") and ":00:00.0" in x:
                q[k] = f"GPU {buses[gi]}:00:00.0"
                gi += 1
        b.add(f"{kn}/nvidia-smi-q-d-ecc.txt", q)
        dp = [f"I{start.month:02d}{start.day:02d} 03:09:12.001133       1 main.go:317] Retrieving plugins.",
              f"I{start.month:02d}{start.day:02d} 03:09:12.512340       1 server.go:216] Starting GRPC server for 'nvidia.com/gpu'",
              f"I{start.month:02d}{start.day:02d} 03:09:12.514009       1 server.go:147] Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock",
              f"I{start.month:02d}{start.day:02d} 03:09:12.521887       1 server.go:154] Registered device plugin for 'nvidia.com/gpu' with Kubelet"]
        if i == cn:
            dp.append(f"I{tf.month:02d}{tf.day:02d} {tf.strftime('%H:%M:%S')}.331902       1 health.go:159] Processing event {{Device:{{Handle:0x7f1c80a0c2b8}} EventType:8 EventData:48 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}}")
            dp.append(f"I{tf.month:02d}{tf.day:02d} {tf.strftime('%H:%M:%S')}.332011       1 health.go:185] XidCriticalError: Xid=48 on Device=GPU-{hex_id(rng, 8)}-{hex_id(rng, 4)}-{hex_id(rng, 4)}-{hex_id(rng, 4)}-{hex_id(rng, 12)}; marking device as unhealthy.")
            dp.append(f"I{tf.month:02d}{tf.day:02d} {tf.strftime('%H:%M:%S')}.332420       1 server.go:293] 'nvidia.com/gpu' device marked unhealthy: GPU-{hex_id(rng, 8)}-{hex_id(rng, 4)}-{hex_id(rng, 4)}-{hex_id(rng, 4)}-{hex_id(rng, 12)}")
        b.add(f"{kn}/nvidia-device-plugin.log", dp)
    b.add(f"{knodes[0]}/kubectl-get-pods.txt", ["NAME                   READY   STATUS    RESTARTS   AGE    IP             NODE"] +
          [f"{p:<22} 0/1     Error     0          82m    10.244.{i + 2}.{rng.randint(3, 200):<5} {kn}" for i, (p, kn) in enumerate(zip(pods, knodes))])
    b.add(f"{knodes[0]}/kubectl-get-nodes.txt", ["NAME                             STATUS   ROLES   AGE   VERSION"] + [f"{kn}   Ready    agent   {rng.randint(10, 50)}d   v1.31.7" for kn in knodes])
    b.set_label("gpu_memory", "infrastructure", {"node": knodes[cn], "rank": crank}, "restart_without_node",
                f"Rank {crank} (pod mm-pretrain-worker-1, GPU {cl}) is the first failure with an uncorrectable ECC error; its node logged Xid 48 followed by Xid 64 'All reserved rows for bank are remapped' and nvidia-smi shows Remapping Failure Occurred: Yes, so the GPU is out of spare rows; the reduce-scatter timeouts on other ranks are consequences.",
                "https://github.com/awslabs/awsome-distributed-ai/pull/1190")


# ====================================================================== q25
def dcgmi_diag(gpus, bad=None, drv="550.54.15", ver="3.3.5"):
    ok = ", ".join(str(g) for g in gpus if g != bad)
    rows = [("Denylist", "Pass"), ("NVML Library", "Pass"), ("CUDA Main Library", "Pass"), ("Permissions and OS Blocks", "Pass"),
            ("Persistence Mode", "Pass"), ("Environment Variables", "Pass"), ("Page Retirement/Row Remap", "Pass" if bad is None else "Fail"),
            ("Graphics Processes", "Pass"), ("Inforom", "Pass")]
    out = ["Successfully ran diagnostic for group.",
           "+---------------------------+------------------------------------------------+",
           "| Diagnostic                | Result                                         |",
           "+===========================+================================================+",
           "|-----  Metadata  ----------+------------------------------------------------|",
           f"| DCGM Version              | {ver:<47}|", f"| Driver Version Detected   | {drv:<47}|",
           f"| GPU Device IDs Detected   | {','.join(['2330'] * len(gpus)):<47}|",
           "|-----  Deployment  --------+------------------------------------------------|"]
    for k, v in rows:
        out.append(f"| {k:<26}| {v:<47}|")
    if bad is not None:
        out += [f"| Warning                   | {'GPU ' + str(bad) + ' Pending row remaps together with a':<47}|",
                f"|                           | {'DBE were detected on GPU ' + str(bad) + '. Drain the GPU':<47}|",
                f"|                           | {'and reset it or reboot the node.':<47}|"]
    out += ["+-----  Integration  -------+------------------------------------------------+", f"| PCIe                      | {'Pass - All':<47}|",
            "+-----  Hardware  ----------+------------------------------------------------+"]
    if bad is None:
        out.append(f"| GPU Memory                | {'Pass - All':<47}|")
    else:
        out += [f"| GPU Memory                | {'Pass - GPUs: ' + ok:<47}|", f"|                           | {'Fail - GPU: ' + str(bad):<47}|",
                f"| Warning                   | {'GPU ' + str(bad) + ' Memory test failed: 2 errors found':<47}|",
                f"|                           | {'at 0x2b4ce80000. Run a field diagnostic on the':<47}|", f"|                           | {'GPU.':<47}|"]
    out += ["+-----  Stress  ------------+------------------------------------------------+", f"| Targeted Stress           | {'Pass - All' if bad is None else 'Skip - All':<47}|",
            f"| Targeted Power            | {'Pass - All' if bad is None else 'Skip - All':<47}|",
            "+---------------------------+------------------------------------------------+"]
    return out


def q25_lightning_illegal_access(b, rng):
    nodes = ["sc-gpu-0219", "sc-gpu-0220", "sc-gpu-0221", "sc-gpu-0224", "sc-gpu-0225", "sc-gpu-0228"]
    cn, cl = 3, 3
    crank = cn * 8 + cl
    buses = BUSES["h100"]
    job = 1184002
    t = T(2024, 10, 1, 6, 0, 0)
    start = t
    L = ["+ srun -l --ntasks-per-node=8 --cpu-bind=none python -u train.py experiment=asr_conformer_xl trainer.num_nodes=6"]
    L += [f"{r:>2}: Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/48" for r in range(48)]
    L += [" 0: ----------------------------------------------------------------------------------------------------", " 0: distributed_backend=nccl",
          " 0: All distributed processes registered. Starting with 48 processes",
          " 0: ----------------------------------------------------------------------------------------------------"]
    t = plus(t, 80)
    el = 0.0
    for s in range(1, 9001):
        st = jitter(rng, 0.71, 0.02)
        el += st
        if s % 30 == 0:
            L.append(f" 0: Epoch 3:  {int(100 * s / 12000):>2}%|{('█' * int(10 * s / 12000)).ljust(10)}| {s}/12000 [{int(el // 3600):02d}:{int(el % 3600 // 60):02d}:{int(el % 60):02d}<{int((12000 - s) * st // 3600):02d}:{int((12000 - s) * st % 3600 // 60):02d}:00, {1 / st:.2f}it/s, v_num=7, train_loss={rng.uniform(0.3, 0.5):.3f}, wer={rng.uniform(0.08, 0.11):.4f}]")
    tf = plus(t, el)
    exc = cuda_exc("2.5", "an illegal memory access was encountered")
    fr = [("/opt/asr/train.py", 97, "main", "trainer.fit(model, datamodule=dm)"),
          (f"{SITE}/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
          (f"{SITE}/lightning/pytorch/trainer/call.py", 47, "_call_and_handle_interrupt", "return trainer_fn(*args, **kwargs)"),
          (f"{SITE}/lightning/pytorch/loops/optimization/automatic.py", 319, "backward_fn", "call._call_strategy_hook(self.trainer, \"backward\", loss, optimizer)"),
          (f"{SITE}/torch/autograd/graph.py", 825, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
    L += [f"{crank:>2}: [rank{crank}]: " + x for x in traceback(fr, exc)]
    L += [f"{crank:>2}: " + x for x in watchdog_cuda("2.5", crank, "an illegal memory access was encountered", rng, t=tf)]
    tw = plus(tf, 1800)
    for r in range(48):
        if r == crank:
            continue
        L += [f"{r:>2}: " + x for x in watchdog_timeout("2.5", r, 402118, "ALLREDUCE", 27787264, 1800000, tw, rng)]
    L += [f"srun: error: {nodes[cn]}: task {crank}: Aborted (core dumped)"] + [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Aborted (core dumped)" for i, h in enumerate(nodes) if i != cn]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    b.add(f"{nodes[0]}/sacct.txt", sacct(job, "asr-cxl", 6, 192, "FAILED", "134:0", "02:18:29"))
    for i, h in enumerate(nodes):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        if i == cn:
            ex.append((plus(tf, -0.05), f"NVRM: Xid (PCI:0000:{buses[cl]}:00): 13, pid={61001 + crank}, name=python, Graphics Exception: ChID 0010, Class 0000c9c0, Offset 00000000, Data 00000000"))
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(tw, 60), 30, ex))
        te = plus(tw, 120)
        b.add(f"{h}/epilog-dcgmi-diag-r2.txt", [f"# slurm epilog {job} {ctime(te)}: dcgmi diag -r 2"] + dcgmi_diag(list(range(8)), cl if i == cn else None))
        hl = ["Health Monitor Report", "+----------------------------------------------------------------------------+"]
        if i == cn:
            hl += ["| Group 0          | Overall Health: Failure                                 |", "+==================+=========================================================+",
                   f"| GPU ID: {cl}        | Failure                                                 |", "|                  | Memory system: Failure                                  |",
                   "|                  |    A volatile double-bit ECC error has occurred on GPU  |", f"|                  |    {str(cl) + '.':<53}|",
                   "+------------------+---------------------------------------------------------+"]
        else:
            hl += ["| Group 0          | Overall Health: Healthy                                 |", "+==================+=========================================================+"]
        b.add(f"{h}/epilog-dcgmi-health-c.txt", hl)
    b.set_label("gpu_memory", "infrastructure", {"node": nodes[cn], "rank": crank}, "restart_without_node",
                f"Rank {crank} fails first with 'an illegal memory access' (which alone would look like a code bug), but the post-job dcgmi diag on {nodes[cn]} fails the GPU Memory test on GPU {cl} and dcgmi health reports a volatile double-bit ECC error there; every other node passes.",
                "https://github.com/NVIDIA/go-dcgm/issues/52")


# ====================================================================== q26
def q26_moe_illegal_access_two_attempts(b, rng):
    atts = [(["dgx-r3-01", "dgx-r3-02", "dgx-r3-03", "dgx-r3-04"], T(2025, 5, 20, 2, 0, 0), 0, (10, 1, 2)),
            (["dgx-r5-11", "dgx-r5-12", "dgx-r5-13", "dgx-r5-14"], T(2025, 5, 20, 5, 31, 0), 4000, (30, 3, 6))]
    buses = BUSES["dgxh100"]
    bad = 4501
    for ai, (nodes, t0, s0, (crank, cn, cl)) in enumerate(atts):
        t = t0
        job = 880100 + ai * 77
        L = [f"+ srun -l --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint {nodes[0]}:29500 train_moe.py --cfg moe_8x7b.yaml" + (" --resume latest" if s0 else "")]
        for i in range(4):
            L.append(f"{i}: {glog(t, 'W')} {7000 + i} torch/distributed/run.py:792] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
        if s0:
            L.append(f"0: [rank0]: resumed from /lustre/moe/ckpt/step_{s0}")
        L.append(f"0: [rank0]: capacity_factor schedule: 1.25 until step 4500, then 1.0")
        t = plus(t, 60)
        for s in range(s0 + 1, bad + 1):
            st = jitter(rng, 2.41, 0.01)
            t = plus(t, st)
            if s % 20 == 0:
                L.append(f"0: [rank0]: step {s} loss {max(1.9, 2.8 - s * 0.00008 + rng.uniform(-0.02, 0.02)):.4f} aux {0.011 + rng.uniform(0, 0.002):.4f} drop_frac {0.002 if s <= 4500 else 0.041:.3f} {st:.2f}s/it")
        L.append("0: [rank0]: step 4500 -> switching capacity_factor to 1.0")
        tf = plus(t, 1.1)
        exc = cuda_exc("2.7", "an illegal memory access was encountered")
        fr = [("/app/train_moe.py", 421, "<module>", "main()"), ("/app/train_moe.py", 388, "main", "out = model(batch)"),
              ("/app/moe/layer.py", 212, "forward", "y = self.dispatcher.combine(expert_out, meta)"),
              ("/app/moe/dispatch.py", 140, "combine", "out.index_add_(0, meta.token_idx, expert_out * meta.gates)")]
        L += [f"{cn}: " + x for x in traceback(fr, exc, prefix=f"[rank{crank}]: ")]
        L += [f"{cn}: " + x for x in watchdog_cuda("2.7", crank, "an illegal memory access was encountered", rng, site="/usr/local/lib/python3.12/dist-packages", t=tf)]
        tw = plus(tf, 600)
        for r in range(32):
            if r != crank and r % 3 == 0:
                L += [f"{r // 8}: " + x for x in watchdog_timeout("2.7", r, 551020 + (bad - 4501) * 7, "ALLTOALL_BASE", 16777216, 600000, tw, rng)]
        for i, h in enumerate(nodes):
            tk = plus(tw if i != cn else tf, 3)
            first = (crank, cl, -6, 7010 + i * 9 + cl, f"Signal 6 (SIGABRT) received by PID {7010 + i * 9 + cl}") if i == cn else (i * 8, 0, -6, 7010 + i * 9, f"Signal 6 (SIGABRT) received by PID {7010 + i * 9}")
            L += [f"{i}: " + x for x in elastic_summary("2.7", tk, "train_moe.py", h, [first])]
            L.append(f"srun: error: {h}: task {i}: Exited with exit code 1")
        b.add(f"attempt_{ai}/{nodes[0]}/slurm-{job}.out", L)
        for i, h in enumerate(nodes):
            boot = plus(t0, -rng.randint(3, 30) * 86400)
            ex = []
            if i == cn:
                pid = 7010 + i * 9 + cl
                bus = buses[cl]
                ex += [(plus(tf, -0.2), f"NVRM: Xid (PCI:0000:{bus}:00): 31, pid={pid}, name=python3, channel 0x00000012, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC{rng.randint(0, 7)} GPCCLIENT_T1_{rng.randint(0, 15)} faulted @ 0x7f{hex_id(rng, 2)}_{hex_id(rng, 5)}000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE")]
            b.add(f"attempt_{ai}/{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(t0, -600), plus(tw, 60), 25, ex, style="T"))
            gpus = [{"bus": x} for x in buses]
            b.add(f"attempt_{ai}/{h}/nvidia-smi-q-d-ecc.txt", nvsmi_q(plus(tw, 120), "570.86.15", "12.8", "dgxh100", gpus, rng, d=["ECC", "ROW_REMAPPER"]))
    b.set_label("user_code", "script", None, "stop",
                "Both attempts die at step 4501, right after the script switches capacity_factor to 1.0, with an illegal memory access in the user's MoE combine (index_add_); the accompanying Xid 31 MMU faults are on a different node and GPU each time (dgx-r3-02 GPU 2, then dgx-r5-14 GPU 6) with clean ECC, so it is an application bug, not hardware.",
                "https://github.com/utensils/mold/issues/543")


# ====================================================================== q27
def q27_unspecified_launch_failure(b, rng):
    nodes = ["a100-p2-33", "a100-p2-34", "a100-p2-35", "a100-p2-38"]
    cn, cl = 3, 6
    crank = cn * 8 + cl
    buses = BUSES["a100"]
    job = 52114
    t = T(2023, 9, 4, 13, 0, 0)
    start = t
    L = ["+ srun -l --ntasks-per-node=8 python -u train_retrieval.py --cfg cfgs/colbert_xl.yaml"]
    t = plus(t, 70)
    for s in range(50, 14101, 50):
        st = jitter(rng, 0.56, 0.015)
        t = plus(t, 50 * st)
        L.append(f" 0: #> {iso(t, frac=None)} batch {s:>6}  loss {rng.uniform(0.2, 0.5):.4f}  ({st:.3f} s/batch)")
        if s % 5000 == 0:
            L.append(f" 0: #> {iso(t, frac=None)} Saving a checkpoint to /data/colbert/ckpts/colbert-{s} ..")
    tf = plus(t, 9)
    exc = cuda_exc("2.0", "unspecified launch failure")
    L += [f"{crank}: " + x for x in traceback(train_frames("/code/train_retrieval.py", "/opt/conda/lib/python3.10/site-packages"), exc)]
    L += [f"{crank}: " + x for x in watchdog_cuda("2.0", crank, "unspecified launch failure", rng, site="/opt/conda/lib/python3.10/site-packages")]
    for r in range(cn * 8, cn * 8 + 8):
        if r != crank:
            L += [f"{r}: {nodes[cn]}:{33100 + r}:{33180 + r} [{r % 8}] NCCL INFO [Service thread] Connection closed by localRank {cl}"]
    tw = plus(tf, 1800)
    for r in range(32):
        if r == crank:
            continue
        L += [f"{r:>2}: " + x for x in watchdog_timeout("2.0", r, 88091, "ALLREDUCE", 0, 1800000, tw, rng)]
    L += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Aborted (core dumped)" for i, h in enumerate(nodes)]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    for i, h in enumerate(nodes):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        if i == cn:
            bus = buses[cl]
            uuid = gpu_uuid(rng)
            ex += [(plus(tf, -1.3), "pcieport 0000:b0:03.0: AER: Uncorrected (Fatal) error received: 0000:b7:00.0"),
                   (plus(tf, -1.29), "nvidia 0000:b7:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Inaccessible, (Unregistered Agent ID)"),
                   (plus(tf, -0.6), f"NVRM: GPU at PCI:0000:{bus}:00: {uuid}"), (plus(tf, -0.6), "NVRM: GPU Board Serial Number: 1321920031448"),
                   (plus(tf, -0.6), f"NVRM: Xid (PCI:0000:{bus}:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                   (plus(tf, -0.59), f"NVRM: GPU 0000:{bus}:00.0: GPU has fallen off the bus."),
                   (plus(tf, -0.58), "NVRM: A GPU crash dump has been created. If possible, please run"),
                   (plus(tf, -0.58), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                   (plus(tf, -0.58), "NVRM: the NVIDIA kernel module is unloaded.")]
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(tw, 60), 35, ex))
        if i == cn:
            b.add(f"{h}/nvidia-smi.txt", ["$ nvidia-smi", f"Unable to determine the device handle for GPU0000:{buses[cl].upper()}:00.0: Unknown Error"])
        else:
            b.add(f"{h}/nvidia-smi.txt", ["$ nvidia-smi"] + nvsmi_table(plus(tw, 100), "525.125.06", "12.0", "a100", [{"bus": x, "mem_used": 4, "util": 0, "power": 61} for x in buses], rng))
    b.set_label("gpu_hardware", "infrastructure", {"node": nodes[cn], "rank": crank}, "restart_without_node",
                f"Rank {crank} on {nodes[cn]} dies first with 'unspecified launch failure'; at the same second that node logs a fatal PCIe AER error and Xid 79 'GPU has fallen off the bus' for GPU {cl} (b7:00), and nvidia-smi can no longer reach it.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507")


# ====================================================================== q28
def q28_megatron_nvlink_error(b, rng):
    nodes = ["hgx-h100-a07", "hgx-h100-a08", "hgx-h100-a09", "hgx-h100-b01", "hgx-h100-b02", "hgx-h100-b03"]
    cn = 4
    buses = BUSES["h100"]
    job = 66120
    t = T(2024, 6, 3, 9, 0, 0)
    start = t
    L = ["+ srun -l --ntasks-per-node=8 python pretrain_gpt.py @args/gpt-175b.args"]
    for r in range(48):
        if r % 6 == 0:
            L.append(f"{r:>2}: [rank{r}]:[W ProcessGroupNCCL.cpp:4108] [PG 0 Rank {r}]  using GPU {r % 8} to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id.")
    t = plus(t, 200)
    from cases_straggler import megatron_iter
    for it in range(10, 1201, 10):
        ms = jitter(rng, 8801, 0.01)
        t = plus(t, ms * 10 / 1000)
        L.append("47: " + megatron_iter(t, it, 300000, ms, 1536, 6e-5, max(2.5, 6.3 - it * 0.002 + rng.uniform(-0.03, 0.03)), rng.uniform(0.4, 1.2), 401.0 * 8801 / ms))
    tf = plus(t, 4.4)
    exc = cuda_exc("2.4", "uncorrectable NVLink error detected during the execution")
    for lr_ in range(8):
        r = cn * 8 + lr_
        fr = [("/opt/megatron-lm/pretrain_gpt.py", 281, "<module>", "pretrain("), ("/opt/megatron-lm/megatron/training/training.py", 1246, "train", "train_step(forward_step_func,"),
              ("/opt/megatron-lm/megatron/core/tensor_parallel/mappings.py", 256, "_reduce_scatter_along_first_dim", "torch.distributed._reduce_scatter_base(")]
        if lr_ in (0, 3, 5, 6):
            L += [f"{r:>2}: " + x for x in traceback(fr, exc, prefix=f"[rank{r}]: ")]
        L += [f"{r:>2}: " + x for x in watchdog_cuda("2.4", r, "uncorrectable NVLink error detected during the execution", rng, t=tf)]
    tw = plus(tf, 600)
    for r in range(48):
        if r // 8 == cn:
            continue
        if r % 2 == 0:
            L += [f"{r:>2}: " + x for x in watchdog_timeout("2.4", r, 330218, "_REDUCE_SCATTER_BASE", 100663296, 600000, tw, rng)]
        else:
            h = nodes[r // 8]
            L.append(f"{r:>2}: {h}:{40100 + r}:{40190 + r} [{r % 8}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.30.{cn}.{11 + cn}<{rng.randint(30000, 60000)}> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:10.30.{r // 8}.{11 + r // 8} remoteGidsfe80::a288:c2ff:fe{hex_id(rng, 2)}:{hex_id(rng, 4)}")
    L += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Aborted (core dumped)" for i, h in enumerate(nodes)]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    for i, h in enumerate(nodes):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        fm = [f"[{plus(start, -86400 * 6).strftime('%b %d %Y %H:%M:%S')}] [INFO] [tid 2811] Fabric Manager version 550.54.15 is running with the following configuration options",
              f"[{plus(start, -86400 * 6).strftime('%b %d %Y %H:%M:%S')}] [INFO] [tid 2811] Logging level = 4",
              f"[{plus(start, -86400 * 6 + 14).strftime('%b %d %Y %H:%M:%S')}] [INFO] [tid 2811] Successfully configured all the available NVSwitches to route GPU NVLink traffic. NVLink Peer-to-Peer support will be enabled once GPUs are successfully registered with the NVLink fabric."]
        if i == cn:
            sw_pci = "0000:07:00.0"
            ex += [(plus(tf, -0.9), f"nvidia-nvswitch2: SXid (PCI:{sw_pci}): 24007, Fatal, Link 37 sourcetrack TCEN0 crumbstore ECC DBE Error"),
                   (plus(tf, -0.9), f"nvidia-nvswitch2: SXid (PCI:{sw_pci}): 24007, Severity 1 Engine instance 37 Sub-engine instance 00"),
                   (plus(tf, -0.9), f"nvidia-nvswitch2: SXid (PCI:{sw_pci}): 24007, Data {{0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}}")]
            for g in range(8):
                ex.append((plus(tf, -0.5 + g * 0.01), f"NVRM: Xid (PCI:0000:{buses[g]}:00): 74, pid={40100 + cn * 8 + g}, name=python, NVLink: fatal error detected on link {rng.choice([2, 5, 9, 13])}(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"))
                ex.append((plus(tf, -0.45 + g * 0.01), f"NVRM: Xid (PCI:0000:{buses[g]}:00): 45, pid={40100 + cn * 8 + g}, name=python, Ch 0000000{g % 8}"))
            fm += [f"[{plus(tf, -0.9).strftime('%b %d %Y %H:%M:%S')}] [ERROR] [tid 2830] detected NVSwitch fatal error 24007 on fid 0 on NVSwitch pci bus id 00000000:07:00.0 physical id 2 port 37",
                   f"[{plus(tf, -0.8).strftime('%b %d %Y %H:%M:%S')}] [ERROR] [tid 2830] NVSwitch fatal error detected, fabric degraded; GPUs connected to this NVSwitch need a reset",
                   f"[{plus(tf, 30).strftime('%b %d %Y %H:%M:%S')}] [INFO] [tid 2830] initiating GPU and NVSwitch reset is required for recovery"]
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(tw, 60), 30, ex))
        b.add(f"{h}/fabricmanager.log", fm)
    b.set_label("nvlink", "infrastructure", {"node": nodes[cn], "rank": None}, "restart_without_node",
                "All eight ranks of hgx-h100-b02 fail together with 'uncorrectable NVLink error'; that node's NVSwitch 2 logged a fatal SXid 24007 (confirmed by fabricmanager) followed by Xid 74 on every GPU, so the node's NVLink fabric is down; the IB errors and timeouts on other nodes are fallout.",
                "https://github.com/marin-community/marin/issues/8934")


# ====================================================================== q29
def nvlink_e(gpus_uuid, bad=None, links=12):
    out = []
    for g, u in enumerate(gpus_uuid):
        out.append(f"GPU {g}: NVIDIA A100-SXM4-80GB (UUID: {u})")
        for l in range(links):
            rep = rec = crc = 0
            if bad and g == bad[0] and l == bad[1]:
                rep, rec, crc = 1831, 47, 9921
            out += [f"\t Link {l}: Replay Errors: {rep}", f"\t Link {l}: Recovery Errors: {rec}", f"\t Link {l}: CRC Errors: {crc}"]
    return out


def q29_torchrun_nvlink_error(b, rng):
    nodes = ["tsubo-g07", "tsubo-g08"]
    cn, cl = 1, 3
    crank = cn * 8 + cl
    buses = BUSES["a100"]
    t = T(2023, 12, 12, 23, 10, 0)
    start = t
    for i, h in enumerate(nodes):
        L = [f"+ ssh {h} 'cd /work/lm && NODE_RANK={i} ./launch_node.sh'",
             "WARNING:torch.distributed.run:", "*****************************************",
             "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
             "*****************************************"]
        tt = plus(t, 60)
        for s in range(1, 9301):
            st = jitter(rng, 0.74, 0.01)
            tt = plus(tt, st)
            if i == 0 and s % 50 == 0:
                L.append(f"[rank0] {iso(tt)} it {s} | loss {max(2.2, 4.1 - s * 0.0002 + rng.uniform(-0.02, 0.02)):.3f} | ppl {2.718 ** max(2.2, 4.1 - s * 0.0002):.2f} | tokens/s {int(jitter(rng, 352000, 0.01))}")
        tf = plus(tt, 0.2)
        if i == cn:
            exc = cuda_exc("2.1", "uncorrectable NVLink error detected during the execution")
            L += traceback(train_frames("/work/lm/train.py"), exc)
            L += watchdog_cuda("2.1", crank, "uncorrectable NVLink error detected during the execution", rng)
        tw = plus(tf, 1800)
        for lr_ in range(8):
            r = i * 8 + lr_
            if r != crank:
                L += watchdog_timeout("2.1", r, 203117, "ALLREDUCE", 25165824, 1800000, tw, rng)
        tk = plus(tw if i != cn else tf, 3)
        L.append(f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {81200 + i * 20 + 1} closing signal SIGTERM")
        first = (crank, cl, -6, 81200 + i * 20 + cl, f"Signal 6 (SIGABRT) received by PID {81200 + i * 20 + cl}") if i == cn else (0, 0, -6, 81200, "Signal 6 (SIGABRT) received by PID 81200")
        L += elastic_summary("2.1", tk, "train.py", h, [first])
        b.add(f"{h}/launch_node.log", L)
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        uu = [gpu_uuid(rng) for _ in range(8)]
        if i == cn:
            ex += [(plus(tf, -0.3), f"NVRM: Xid (PCI:0000:{buses[cl]}:00): 74, pid={81200 + i * 20 + cl}, name=python, NVLink: fatal error detected on link 7(0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0)"),
                   (plus(tf, -0.28), f"NVRM: Xid (PCI:0000:{buses[cl]}:00): 45, pid={81200 + i * 20 + cl}, name=python, Ch 00000018")]
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(tw, 60), 35, ex))
        b.add(f"{h}/nvidia-smi-nvlink-e.txt", nvlink_e(uu, (cl, 7) if i == cn else None))
        b.add(f"{h}/nvidia-smi-nvlink-s.txt", sum([[f"GPU {g}: NVIDIA A100-SXM4-80GB (UUID: {uu[g]})"] + [f"\t Link {l}: {'<inactive>' if (i == cn and g == cl and l == 7) else '25 GB/s'}" for l in range(12)] for g in range(8)], []))
    b.set_label("nvlink", "infrastructure", {"node": nodes[cn], "rank": crank}, "restart_without_node",
                f"Rank {crank} (tsubo-g08 GPU {cl}) fails with 'uncorrectable NVLink error'; the node's dmesg shows Xid 74 fatal error on link 7 of that GPU, nvidia-smi nvlink shows link 7 inactive with thousands of replay/CRC errors while all other links are clean.",
                "https://github.com/pytorch/pytorch/issues/58155")
