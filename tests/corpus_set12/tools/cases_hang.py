"""q10-q20: clean runs with noise, hangs without a crash, NaNs and loss spikes."""
from common import *  # noqa: F401,F403
from cases_straggler import megatron_args, megatron_iter, sacct, tqdm_line

SITE = "/usr/local/lib/python3.10/dist-packages"


def mega_preamble(prefix, world, tp, pp, t, ckpt=None, it=None):
    L = [prefix + f"using world size: {world}, data-parallel size: {world // (tp * pp)}, context-parallel size: 1 tensor-model-parallel size: {tp}, pipeline-model-parallel size: {pp} "]
    L += [prefix + x for x in megatron_args(world, tp, pp, {"check_for_nan_in_loss_and_grad": True})]
    L += [prefix + "> initializing torch distributed ...", prefix + "> setting random seeds to 1234 ...",
          prefix + f"[after megatron is initialized] datetime: {t.strftime('%Y-%m-%d %H:%M:%S')} "]
    if ckpt:
        L += [prefix + f" loading checkpoint from {ckpt} at iteration {it}",
              prefix + f"  successfully loaded checkpoint from {ckpt} [ t 0, p 0 ] at iteration {it}"]
    L += [prefix + "done with setup ...", prefix + "training ..."]
    return L


# ====================================================================== q10
def q10_megatron_loss_spike_run(b, rng):
    nodes = ["gpu-d301", "gpu-d302", "gpu-d305", "gpu-d306"]
    job = 2209187
    t = T(2024, 12, 2, 4, 0, 12)
    start = t
    L = [f"+ srun -l --ntasks-per-node=8 python pretrain_gpt.py --train-iters 25000 ..."]
    for r in range(0, 32, 3):
        tt = plus(t, 4 + r * 0.01)
        L.append(f"{r:>2}: [W{tt.month}{tt.day:02d} {tt.strftime('%H:%M:%S')}.{rng.randint(100000, 999999)}{rng.randint(100, 999)} socket.cpp:752] [c10d] The client socket has failed to connect to [gpu-d301]:29500 (errno: 99 - Cannot assign requested address).")
    L += mega_preamble(" 0: ", 32, 4, 2, plus(t, 40), "/lustre/proj/ckpt/gpt-13b-dense", 20000)
    t = plus(t, 160)
    loss = 1.984
    spike = 23410
    for it in range(20010, 25001, 10):
        ms = jitter(rng, 3420, 0.01)
        t = plus(t, ms * 10 / 1000)
        gn = rng.uniform(0.2, 0.34)
        l = loss + rng.uniform(-0.015, 0.015)
        if spike <= it < spike + 40:
            l = [4.812, 3.903, 2.771, 2.244][(it - spike) // 10]
            gn = [41.27, 9.113, 2.061, 0.982][(it - spike) // 10]
        loss = max(1.9, loss - rng.uniform(-0.001, 0.0013))
        if it % 20 == 0 or spike <= it < spike + 40:
            L.append(f"31: " + megatron_iter(t, it, 25000, ms, 1024, 1.2e-4 * (0.9999 ** (it - 20000)), l, gn, 389.0 * 3420 / ms))
        if it % 1000 == 0:
            L += [f" 0: saving checkpoint at iteration {it:>7} to /lustre/proj/ckpt/gpt-13b-dense in torch_dist format",
                  f" 0:   successfully saved checkpoint from iteration {it:>7} to /lustre/proj/ckpt/gpt-13b-dense [ t 1/4, p 1/2 ]"]
            t = plus(t, 18)
    L += [f" 0: [after training is done] datetime: {plus(t, 2).strftime('%Y-%m-%d %H:%M:%S')} ",
          " 0: saving checkpoint at iteration   25000 to /lustre/proj/ckpt/gpt-13b-dense in torch_dist format",
          " 0:   successfully saved checkpoint from iteration   25000 to /lustre/proj/ckpt/gpt-13b-dense [ t 1/4, p 1/2 ]",
          "31: -" + "-" * 95, "31:  validation loss at iteration 25000 on validation set | lm loss value: 2.011934E+00 | lm loss PPL: 7.477510E+00 | ",
          "31: " + "-" * 96]
    tend = plus(t, 70)
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    b.add(f"{nodes[0]}/sacct.txt", sacct(job, "gpt13b-cpt", 4, 224, "COMPLETED", "0:0", "04:51:33"))
    for i, h in enumerate(nodes):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        if i == 1:
            dflap = plus(start, -26 * 3600)
            ex += [(dflap, "mlx5_core 0000:4d:00.0 mlx5_3: Port: 1 Link DOWN"), (plus(dflap, 1.8), "mlx5_core 0000:4d:00.0 mlx5_3: Port: 1 Link ACTIVE")]
        if i == 2:
            for k in range(3):
                tt = plus(start, 3600 * (1 + k * 1.1))
                ex += [(tt, "mce: [Hardware Error]: Machine check events logged"),
                       (plus(tt, 0.001), f"EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x{hex_id(rng, 7)} offset:0x{hex_id(rng, 3)} grain:32 syndrome:0x0 -  err_code:0x0000:0x009f  SystemAddress:0x{hex_id(rng, 10)} ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x{hex_id(rng, 8)} ChannelId:0x1 RankAddress:0x{hex_id(rng, 8)} PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x{hex_id(rng, 4)} Column:0x{hex_id(rng, 3)} Bank:0x1 BankGroup:0x2 ChipSelect:0x0 ChipId:0x0)")]
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -28 * 3600), tend, 40, ex))
        gpus = [{"bus": x, "idle": True, "mem_used": 0, "util": 0, "temp": rng.randint(28, 34), "power": round(rng.uniform(68, 75), 2), "sm_clock": 345} for x in BUSES["h100"]]
        for g in gpus:
            g["events"] = {"Idle": "Active"}
        b.add(f"{h}/nvidia-smi-q-d-perf.txt", nvsmi_q(plus(tend, 30), "550.127.05", "12.4", "h100", gpus, rng, d=["PERFORMANCE", "CLOCK", "TEMPERATURE", "ECC"]))
    b.set_label("unknown", "framework", None, "none",
                "The run reached --train-iters 25000, saved and validated, and Slurm recorded COMPLETED 0:0; the loss/grad-norm spike at iteration 23410 recovered within 40 iterations, the startup socket warnings are benign retries, and the IB flap and correctable EDAC events fall outside or beside the job without effect.",
                "https://github.com/stanford-crfm/mistral/issues/115")


# ====================================================================== q11
def q11_torchrun_vit_teardown(b, rng):
    nodes = ["ml-h100-07", "ml-h100-08", "ml-h100-11"]
    t = T(2024, 10, 22, 18, 30, 2, 117000)
    start = t
    total = 3000
    logs = {h: [] for h in nodes}
    for i, h in enumerate(nodes):
        pid = 71200 + i * 37
        logs[h] += [f"{glog(t, 'W')} {pid} torch/distributed/run.py:793] ", f"{glog(t, 'W')} {pid} torch/distributed/run.py:793] *****************************************",
                    f"{glog(t, 'W')} {pid} torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
                    f"{glog(t, 'W')} {pid} torch/distributed/run.py:793] *****************************************"]
        for lr_ in range(8):
            r = i * 8 + lr_
            logs[h].append(f"[rank{r}]:[W{t.month}{t.day:02d} {t.strftime('%H:%M:%S')}.{rng.randint(100000, 999999)}000 ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank {r}]  using GPU {lr_} to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id.")
    t = plus(t, 35)
    el = 0.0
    for s in range(1, total + 1):
        sit = jitter(rng, 1.12, 0.01)
        el += sit
        if s % 10 == 0:
            logs[nodes[0]].append(f"[rank0]: step {s:>5}/{total} | loss {max(0.9, 3.1 - 0.6 * (s / 800) ** 0.5 + rng.uniform(-0.02, 0.02)):.4f} | lr {3e-4 * min(1, s / 200):.3e} | {sit * 1000:.0f} ms/step | tok/s/gpu {int(65536 / sit / 24):,}")
        if s % 1000 == 0:
            logs[nodes[0]].append(f"[rank0]: saved checkpoint step_{s} to /shared/runs/vit-h-224/ckpt (sharded, 24 files)")
            el += 25
    tdone = plus(t, el)
    logs[nodes[0]].append(f"[rank0]: training complete: {total} steps in {el / 3600:.2f} h; final checkpoint written to /shared/runs/vit-h-224/ckpt/final")
    for i, h in enumerate(nodes):
        pid = 71200 + i * 37
        for lr_ in range(8):
            r = i * 8 + lr_
            tt = plus(tdone, 1 + rng.uniform(0, 2))
            logs[h].append(f"[rank{r}]:[W{tt.month}{tt.day:02d} {tt.strftime('%H:%M:%S')}.{rng.randint(100000, 999999)}123 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())")
        td = plus(tdone, 5)
        logs[h] += [f"{glog(td, 'I')} {pid} torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.",
                    f"{glog(td, 'I')} {pid} torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"]
        if i != 0:
            tt = plus(td, 0.4)
            logs[h] += [f"[W{tt.month}{tt.day:02d} {tt.strftime('%H:%M:%S')}.{rng.randint(100000, 999999)}512 {pid} torch/csrc/distributed/c10d/TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=5, addr=[{h}]:{rng.randint(40000, 60000)}, remote=[ml-h100-07]:29500): Connection reset by peer",
                        "Exception raised from recvBytes at /pytorch/torch/csrc/distributed/c10d/Utils.hpp:667 (most recent call first):",
                        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f{hex_id(rng, 10)} in {SITE}/torch/lib/libc10.so)",
                        f"frame #1: <unknown function> + 0x5fc77fe (0x7f{hex_id(rng, 10)} in {SITE}/torch/lib/libtorch_cpu.so)",
                        f"frame #2: c10d::TCPStore::doWait(c10::ArrayRef<std::string>, std::chrono::duration<long, std::ratio<1l, 1000l> >) + 0x2b2 (0x7f{hex_id(rng, 10)} in {SITE}/torch/lib/libtorch_cpu.so)",
                        "",
                        f"{glog(tt, 'W')} {pid} torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1284] The node '{h}_{pid}_0' has failed to shutdown the rendezvous 'vit-h-224' due to an error of type RendezvousConnectionError.",
                        f"{glog(tt, 'W')} {pid} torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1284] The node '{h}_{pid}_0' has failed to send a keep-alive heartbeat to the rendezvous 'vit-h-224' due to an error of type RendezvousConnectionError."]
        logs[h].append(f"{glog(plus(td, 0.8), 'I')} {pid} torch/distributed/elastic/agent/server/api.py:946] Done waiting for other agents. Elapsed: {rng.uniform(0.2, 1.1):.4f} seconds")
        b.add(f"{h}/torchrun.log", logs[h])
        boot = plus(start, -rng.randint(5, 40) * 86400)
        ex = []
        if i == 2:
            told = plus(start, -2 * 86400 - 5123)
            ex += [(told, f"NVRM: Xid (PCI:0000:3a:00): 43, pid=1877231, name=python3, Ch 00000008"),
                   (plus(told, 0.2), f"NVRM: Xid (PCI:0000:3a:00): 43, pid=1877231, name=python3, Ch 00000009")]
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3 * 86400), plus(tdone, 60), 45, ex, style="T"))
    b.set_label("unknown", "framework", None, "none",
                "All 3000 steps ran, the final checkpoint was written and every torchrun agent reports WorkerState.SUCCEEDED; the destroy_process_group warnings and TCPStore 'Connection reset by peer' are ordinary teardown noise and the Xid 43 on ml-h100-11 is from another job two days earlier.",
                "https://github.com/modelscope/ms-swift/issues/7992")


# ====================================================================== q12
def q12_accelerate_eval_hang(b, rng):
    runs = [(["g4-node-17", "g4-node-18"], T(2024, 2, 14, 7, 31, 4), False), (["g4-node-22", "g4-node-23"], T(2024, 2, 14, 11, 58, 40), True)]
    eval_step = 2000
    for ai, (nodes, t0, detail) in enumerate(runs):
        t = t0
        main = []
        if detail:
            main += ["+ export TORCH_DISTRIBUTED_DEBUG=DETAIL NCCL_DEBUG=WARN"]
        main += ["+ accelerate launch --config_file fsdp_2node.yaml --machine_rank 0 --main_process_ip g4 train_dpo.py --cfg cfg/dpo_7b.yaml",
                 f"{iso(t)} - INFO - __main__ - Distributed environment: MULTI_GPU  Backend: nccl", "Num processes: 16", "Process index: 0",
                 "Local process index: 0", "Device: cuda:0", "", "Mixed precision type: bf16", ""]
        el = 0.0
        for s in range(1, eval_step + 1):
            sit = jitter(rng, 1.41, 0.01)
            el += sit
            if s % 4 == 0 or s == eval_step:
                main.append(f"Steps: {tqdm_line(s, 6000, el, sit).replace('s/it]', 's/it, loss=' + format(max(0.31, 0.69 - s * 0.00012 + rng.uniform(-0.02, 0.02)), '.3f') + ']')}")
        t = plus(t, el + 60)
        main.append(f"{iso(t)} - INFO - __main__ - Running evaluation at step {eval_step} on 4096 prompts ...")
        main.append(f"Evaluating:   0%|          | 0/32 [00:00<?, ?it/s]")
        main.append(f"Evaluating: 100%|██████████| 32/32 [00:41<00:00,  1.29s/it]")
        t_hang = plus(t, 42)
        other = {h: [] for h in nodes}
        if not detail:
            for h_i, h in enumerate(nodes):
                for lr_ in range(8):
                    r = h_i * 8 + lr_
                    op = "ALLGATHER" if r == 0 else "ALLREDUCE"
                    lines = watchdog_timeout("2.2", r, 24013, op, 1 if r == 0 else 262144, 1800000, plus(t_hang, 1800), rng)
                    (main if h_i == 0 else other[h]).extend(lines)
            tk = plus(t_hang, 1802)
            for h_i, h in enumerate(nodes):
                tgt = main if h_i == 0 else other[h]
                tgt.append(f"[{iso(tk)}] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process {60211 + h_i * 20} closing signal SIGTERM")
                tgt.append(f"[{iso(plus(tk, 3))}] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -6) local_rank: 0 (pid: {60210 + h_i * 20}) of binary: /usr/bin/python")
                tgt += elastic_summary("2.2", tk, "train_dpo.py", h, [(h_i * 8, 0, -6, 60210 + h_i * 20, f"Signal 6 (SIGABRT) received by PID {60210 + h_i * 20}")])
            # py-spy taken by the operator ~20 minutes into the hang
            for h_i, h in enumerate(nodes):
                for lr_ in range(8):
                    r = h_i * 8 + lr_
                    pid = 60210 + h_i * 20 + lr_
                    if r == 0:
                        fr = [("_wait", f"{SITE}/torch/distributed/distributed_c10d.py", 2950), ("all_gather", f"{SITE}/torch/distributed/distributed_c10d.py", 2955),
                              ("wrapper", f"{SITE}/torch/distributed/c10d_logger.py", 72), ("all_gather_object", f"{SITE}/torch/distributed/distributed_c10d.py", 2412),
                              ("gather_object", f"{SITE}/accelerate/utils/operations.py", 452), ("gather_for_metrics", f"{SITE}/accelerate/accelerator.py", 2312),
                              ("evaluate", "/home/rl/dpo/train_dpo.py", 311), ("main", "/home/rl/dpo/train_dpo.py", 458), ("<module>", "/home/rl/dpo/train_dpo.py", 520)]
                    else:
                        fr = [("_engine_run_backward", f"{SITE}/torch/autograd/graph.py", 744), ("backward", f"{SITE}/torch/autograd/__init__.py", 266),
                              ("backward", f"{SITE}/torch/_tensor.py", 522), ("backward", f"{SITE}/accelerate/accelerator.py", 1966),
                              ("train_step", "/home/rl/dpo/train_dpo.py", 266), ("main", "/home/rl/dpo/train_dpo.py", 447), ("<module>", "/home/rl/dpo/train_dpo.py", 520)]
                    th = [(hex_id(rng, 12).upper(), "active", "MainThread", fr),
                          (hex_id(rng, 12).upper(), "idle", "Thread-2 (_pin_memory_loop)", [("get", "/usr/lib/python3.10/queue.py", 180), ("do_one_step", f"{SITE}/torch/utils/data/_utils/pin_memory.py", 31), ("_pin_memory_loop", f"{SITE}/torch/utils/data/_utils/pin_memory.py", 54), ("run", "/usr/lib/python3.10/threading.py", 953)])]
                    b.add(f"attempt_{ai}/{h}/py-spy/rank{r:02d}.txt", pyspy(pid, "/usr/bin/python -u train_dpo.py --cfg cfg/dpo_7b.yaml", "3.10.12", th))
        else:
            def fp(seq, op, shape, dt):
                return (f"CollectiveFingerPrint(SequenceNumber={seq}, OpType={op}, TensorShape=[{shape}], TensorDtypes={dt}, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, "
                        "layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))")
            G = ("ALLGATHER", "1", "Long")
            R = ("ALLREDUCE", "262144", "BFloat16")

            def mm(me, mine, other_rank, theirs):
                return (f"RuntimeError: Detected mismatch between collectives on ranks. Rank {me} is running collective: {fp(24013, *mine)}, but Rank {other_rank} is running collective: {fp(24013, *theirs)}."
                        f"Collectives differ in the following aspects: \t Op type: {mine[0]}vs {theirs[0]}  Tensor Tensor shapes: {mine[1]}vs {theirs[1]}  Tensor Tensor dtypes: {mine[2]}vs {theirs[2]}")
            msg0 = mm(0, G, 1, R)
            tb0 = traceback([("/home/rl/dpo/train_dpo.py", 520, "<module>", "main(cfg)"), ("/home/rl/dpo/train_dpo.py", 458, "main", "metrics = evaluate(model, eval_loader, accelerator)"),
                             ("/home/rl/dpo/train_dpo.py", 311, "evaluate", "all_scores = accelerator.gather_for_metrics(scores)"),
                             (f"{SITE}/accelerate/accelerator.py", 2312, "gather_for_metrics", "data = gather_object(input_data)"),
                             (f"{SITE}/accelerate/utils/operations.py", 452, "gather_object", "return _gpu_gather_object(object)"),
                             (f"{SITE}/accelerate/utils/operations.py", 433, "_gpu_gather_object", "torch.distributed.all_gather_object(output_objects, object)"),
                             (f"{SITE}/torch/distributed/c10d_logger.py", 72, "wrapper", "return func(*args, **kwargs)"),
                             (f"{SITE}/torch/distributed/distributed_c10d.py", 2412, "all_gather_object", "all_gather(object_size_list, local_size, group=group)")], msg0, prefix="[rank0]: ")
            main += tb0
            for h_i, h in enumerate(nodes):
                for lr_ in range(8):
                    r = h_i * 8 + lr_
                    if r == 0:
                        continue
                    m = mm(r, R, 0, G)
                    tb = traceback([("/home/rl/dpo/train_dpo.py", 520, "<module>", "main(cfg)"), ("/home/rl/dpo/train_dpo.py", 447, "main", "loss = train_step(model, batch, optimizer, accelerator)"),
                                    ("/home/rl/dpo/train_dpo.py", 266, "train_step", "accelerator.backward(loss)"), (f"{SITE}/accelerate/accelerator.py", 1966, "backward", "loss.backward(**kwargs)"),
                                    (f"{SITE}/torch/_tensor.py", 522, "backward", "torch.autograd.backward("), (f"{SITE}/torch/autograd/__init__.py", 266, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
                                    (f"{SITE}/torch/distributed/fsdp/_runtime_utils.py", 1130, "_post_backward_hook", "_reduce_grad(state, handle)")], m, prefix=f"[rank{r}]: ")
                    (main if h_i == 0 else other[h]).extend(tb)
            tk = plus(t_hang, 4)
            for h_i, h in enumerate(nodes):
                tgt = main if h_i == 0 else other[h]
                tgt.append(f"[{iso(tk)}] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: 1) local_rank: 0 (pid: {60210 + h_i * 20}) of binary: /usr/bin/python")
                tgt += elastic_summary("2.2", tk, "train_dpo.py", h, [(h_i * 8, 0, 1, 60210 + h_i * 20, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")])
        b.add(f"attempt_{ai}/{nodes[0]}/accelerate-launch.log", main)
        b.add(f"attempt_{ai}/{nodes[1]}/accelerate-launch.log", other[nodes[1]])
        for h in nodes:
            boot = plus(t0, -rng.randint(3, 30) * 86400)
            b.add(f"attempt_{ai}/{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(t0, -600), plus(t_hang, 1900), 25))
    b.set_label("user_code", "script", None, "stop",
                "On two different node pairs the job stops at the step-2000 evaluation: rank 0 alone enters gather_for_metrics (ALLGATHER) while ranks 1-15 are in the FSDP backward ALLREDUCE at the same sequence number, and DETAIL debug reports the collective mismatch; evaluation is only run on the main process in the user's script.",
                "https://github.com/huggingface/transformers/issues/31532")


# ====================================================================== q13
def q13_fsdp_hang_pyspy(b, rng):
    nodes = ["hpc-gpu-041", "hpc-gpu-042", "hpc-gpu-043", "hpc-gpu-044"]
    cn, cl = 2, 5
    crank = cn * 8 + cl
    buses = BUSES["dgxh100"]
    job = 602214
    t = T(2024, 3, 19, 22, 10, 0)
    start = t
    L = [f"+ srun --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint hpc-gpu-041:29400 train_fsdp.py --cfg llama13b.yaml"]
    for i, h in enumerate(nodes):
        L += [f"[{iso(plus(t, 1))}] torch.distributed.run: [WARNING] ",
              f"[{iso(plus(t, 1))}] torch.distributed.run: [WARNING] *****************************************",
              f"[{iso(plus(t, 1))}] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
              f"[{iso(plus(t, 1))}] torch.distributed.run: [WARNING] *****************************************"]
    t = plus(t, 70)
    hang_step = 11872
    for s in range(50, hang_step, 50):
        st = jitter(rng, 2.62, 0.01)
        t = plus(t, 50 * st)
        L.append(f"[{iso(t)}][rank0] step {s:>6} loss {max(1.6, 3.2 - s * 0.00011 + rng.uniform(-0.02, 0.02)):.4f} grad_norm {rng.uniform(0.2, 0.5):.3f} step_time {st:.2f}s mem {61.3 + rng.uniform(-0.2, 0.2):.1f}GiB")
        if s % 2000 == 0:
            L.append(f"[{iso(t)}][rank0] checkpoint saved: /gpfs/proj/llama13b/ckpt/step_{s}")
            t = plus(t, 30)
    t_hang = plus(t, 2.62 * 22)
    tw = plus(t_hang, 1800)
    for r in range(32):
        if r == crank:
            continue
        L += watchdog_timeout("2.2", r, 561433, "_ALLGATHER_BASE" if r % 3 else "ALLREDUCE", 45875200, 1800000, tw, rng)
    for i, h in enumerate(nodes):
        tk = plus(tw, 2 + i * 0.2)
        L.append(f"[{iso(tk)}] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process {91100 + i * 40 + 1} closing signal SIGTERM")
        if i == cn:
            L.append(f"[{iso(plus(tk, 30))}] torch.distributed.elastic.multiprocessing.api: [WARNING] Unable to shutdown process {91100 + i * 40 + cl} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL")
        L.append(f"[{iso(plus(tk, 31))}] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -6) local_rank: {0 if i != 0 else 1} (pid: {91100 + i * 40}) of binary: /usr/bin/python3")
        L += elastic_summary("2.2", tk, "train_fsdp.py", h, [(i * 8 + (0 if i != 0 else 1), 0 if i != 0 else 1, -6, 91100 + i * 40, f"Signal 6 (SIGABRT) received by PID {91100 + i * 40}")])
    L.append(f"srun: error: {nodes[cn]}: task {cn}: Killed")
    for i, h in enumerate(nodes):
        if i != cn:
            L.append(f"srun: error: {h}: task {i}: Exited with exit code 1")
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    # py-spy dumps taken ~10 min into the hang
    tdump = plus(t_hang, 600)
    for i, h in enumerate(nodes):
        for lr_ in range(8):
            r = i * 8 + lr_
            pid = 91100 + i * 40 + lr_
            if r == crank:
                fr = [("_flash_attn_varlen_forward", f"{SITE}/flash_attn/flash_attn_interface.py", 85), ("forward", f"{SITE}/flash_attn/flash_attn_interface.py", 492),
                      ("apply", f"{SITE}/torch/autograd/function.py", 553), ("flash_attn_varlen_func", f"{SITE}/flash_attn/flash_attn_interface.py", 1066),
                      ("forward", "/opt/app/model/attention.py", 141), ("_call_impl", f"{SITE}/torch/nn/modules/module.py", 1520),
                      ("forward", "/opt/app/model/block.py", 77), ("_call_impl", f"{SITE}/torch/nn/modules/module.py", 1520),
                      ("forward", f"{SITE}/torch/distributed/fsdp/fully_sharded_data_parallel.py", 849), ("train_step", "/opt/app/train_fsdp.py", 233),
                      ("main", "/opt/app/train_fsdp.py", 402), ("<module>", "/opt/app/train_fsdp.py", 455)]
                native = [("ioctl", "libc.so.6", 0), ("nvRmApiControl", "libcuda.so.1", 0), ("cuLaunchKernel", "libcuda.so.1", 0)]
                fr = [(n, f, 0) for n, f, _ in native] + fr
                state = "active"
            else:
                fr = [("_local_scalar_dense", "<native>", 0), ("item", "<built-in>", 0), ("reduce_metrics", "/opt/app/train_fsdp.py", 188),
                      ("train_step", "/opt/app/train_fsdp.py", 251), ("main", "/opt/app/train_fsdp.py", 402), ("<module>", "/opt/app/train_fsdp.py", 455)]
                fr = [("cuStreamSynchronize", "libcuda.so.1", 0), ("cudaStreamSynchronize", "libcudart.so.12", 0)] + fr
                state = "active"
            fr2 = [(n, f, ln) if ln else (n, f, "") for n, f, ln in fr]
            out = [f"Process {pid}: /usr/bin/python3 -u /opt/app/train_fsdp.py --cfg llama13b.yaml", "Python v3.10.12 (/usr/bin/python3.10)", "",
                   f"Thread {pid} ({state}): \"MainThread\""]
            for n, f, ln in fr2:
                out.append(f"    {n} ({f}{':' + str(ln) if ln != '' else ''})")
            out += [f"Thread {pid + 31} (idle): \"Thread-3 (_pin_memory_loop)\"", f"    get (/usr/lib/python3.10/queue.py:180)", f"    do_one_step ({SITE}/torch/utils/data/_utils/pin_memory.py:31)",
                    f"    _pin_memory_loop ({SITE}/torch/utils/data/_utils/pin_memory.py:54)", "    run (/usr/lib/python3.10/threading.py:953)", ""]
            b.add(f"{h}/py-spy-dump/rank{r:02d}.txt", out)
    for i, h in enumerate(nodes):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        if i == cn:
            bus = buses[cl]
            tt = plus(t_hang, -3)
            for k in range(14):
                fn = rng.choice([("76", "GSP_RM_CONTROL", "0x20801702 0x4"), ("103", "GSP_RM_ALLOC", "0xa06f 0x0"), ("76", "GSP_RM_CONTROL", "0x2080014b 0x5")])
                ex.append((plus(tt, k * 45), f"NVRM: Xid (PCI:0000:{bus}:00): 119, pid={91100 + i * 40 + cl if k < 6 else rng.choice([1877002, 1877119, 1877340])}, name={'python3' if k < 6 else 'nvidia-smi'}, Timeout after 6s of waiting for RPC response from GPU{cl} GSP! Expected function {fn[0]} ({fn[1]}) ({fn[2]})."))
                if k == 0:
                    ex.append((plus(tt, 0.01), f"NVRM: GPU{cl} GSP RPC buffer contains function {fn[0]} ({fn[1]}) and data 0x0000000020801702 0x0000000000000004."))
                    ex.append((plus(tt, 0.02), f"NVRM: GPU{cl} RPC history (CPU -> GSP):"))
                    ex.append((plus(tt, 0.03), f"NVRM: GPU{cl}     entry function                   data0              data1              ts_start           ts_end             duration actively_polling"))
                    for j in range(4):
                        ex.append((plus(tt, 0.03 + j * 0.001), f"NVRM: GPU{cl}      {j:>2}    76 GSP_RM_CONTROL           0x00000000{hex_id(rng, 8)} 0x0000000000000004 0x000{hex_id(rng, 12)} 0x0000000000000000          y"))
            ex.append((plus(t_hang, 480), f"INFO: task python3:{91100 + i * 40 + cl} blocked for more than 120 seconds."))
            ex.append((plus(t_hang, 480.01), "      Tainted: P           OE     5.15.0-101-generic #111-Ubuntu"))
            ex.append((plus(t_hang, 480.02), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."))
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -1200), plus(tw, 120), 35, ex))
        if i == cn:
            b.add(f"{h}/nvidia-smi.txt", [f"$ timeout 120 nvidia-smi", f"timeout: sending signal TERM to command 'nvidia-smi'", "$ echo $?", "124"])
        else:
            gp = [{"bus": x} for x in buses]
            b.add(f"{h}/nvidia-smi.txt", ["$ timeout 120 nvidia-smi"] + nvsmi_table(plus(tdump, 60), "535.104.12", "12.2", "dgxh100", gp, rng))
    b.set_label("gpu_hardware", "infrastructure", {"node": nodes[cn], "rank": crank}, "restart_without_node",
                f"Every rank waits in a collective except rank {crank}, whose py-spy stack is stuck launching a flash-attention kernel; {nodes[cn]}'s dmesg shows repeated Xid 119 GSP RPC timeouts on GPU {cl} starting at the hang and nvidia-smi itself hangs there.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446")


# ====================================================================== q14
def fr_entry(rid, seq, name, state, t_ns, sizes, frames):
    return {"record_id": rid, "pg_id": 0, "process_group": ["0", "default_pg"], "collective_seq_id": seq, "p2p_seq_id": 0,
            "op_id": seq, "profiling_name": name, "time_created_ns": t_ns, "duration_ms": None if state != "completed" else 12.4,
            "input_sizes": sizes, "input_dtypes": ["BFloat16"], "output_sizes": sizes, "output_dtypes": ["BFloat16"],
            "state": state, "time_discovered_started_ns": t_ns + 41000 if state != "scheduled" else None,
            "time_discovered_completed_ns": t_ns + 12_400_000 if state == "completed" else None, "retired": state == "completed",
            "timeout_ms": 600000, "is_p2p": False, "frames": frames}


def q14_k8s_hang_flight_recorder(b, rng):
    knodes = ["gke-a3-train-pool-7f2c-q9x1", "gke-a3-train-pool-7f2c-r2m4", "gke-a3-train-pool-7f2c-t8kd", "gke-a3-train-pool-7f2c-w5zp"]
    pods = [f"llm-sft-0423-{'master' if i == 0 else 'worker'}-{0 if i == 0 else i - 1}" for i in range(4)]
    t = T(2025, 4, 23, 13, 2, 41, 50000)
    start = t
    seq = 81733
    t_stall = T(2025, 4, 23, 16, 47, 12, 4000)
    tw = plus(t_stall, 600)
    for i, (kn, pod) in enumerate(zip(knodes, pods)):
        L = [f"{glog(t, 'I')} 1 torch/distributed/run.py:660] Using nproc_per_node=8.",
             f"{glog(t, 'W')} 1 torch/distributed/run.py:793] *****************************************"]
        for lr_ in range(8):
            r = i * 8 + lr_
            L.append(f"[rank{r}]:[W{t.month}{t.day:02d} {plus(t, 9).strftime('%H:%M:%S')}.{rng.randint(100000, 999999)}000 ProcessGroupNCCL.cpp:4561] [PG ID 0 PG GUID 0 Rank {r}]  using GPU {lr_} to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id.")
        tt = plus(t, 60)
        if i == 0:
            for s in range(20, 9781, 20):
                st = jitter(rng, 1.37, 0.01)
                tt = plus(tt, 20 * st)
                L.append(f"[rank0]:{iso(tt)} INFO train.py:311 step={s} loss={max(0.8, 1.9 - s * 0.00008 + rng.uniform(-0.02, 0.02)):.4f} lr={2e-5:.2e} tokens/s={int(jitter(rng, 512300, 0.01))} step_time={st:.3f}")
        for lr_ in range(8):
            r = i * 8 + lr_
            L += watchdog_timeout("2.5", r, seq, "ALLREDUCE", 1, 600000, plus(tw, rng.uniform(0, 1)), rng,
                                  fr_frames=[("all_reduce", "/usr/local/lib/python3.12/dist-packages/torch/distributed/distributed_c10d.py", 2501),
                                             ("_sync_loss", "/workspace/train.py", 288), ("train_step", "/workspace/train.py", 301), ("main", "/workspace/train.py", 402)])
            L.append(f"[rank{r}]:[E{tw.month}{tw.day:02d} {plus(tw, 2).strftime('%H:%M:%S')}.{rng.randint(100000, 999999)}000 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {r}] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1")
        tk = plus(tw, 40)
        L += [f"{glog(tk, 'W')} 1 torch/distributed/elastic/multiprocessing/api.py:897] Sending process {50 + k} closing signal SIGTERM" for k in range(1, 8)]
        L.append(f"{glog(plus(tk, 2), 'E')} 1 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 0 (pid: 49) of binary: /usr/bin/python3")
        L += elastic_summary("2.5", tk, "train.py", pod, [(i * 8, 0, -6, 49, "Signal 6 (SIGABRT) received by PID 49")])
        b.add(f"{kn}/pod-{pod}.log", L)
        # flight recorder dumps (converted to json by the on-call script)
        t_ns = int((t_stall - T(1970, 1, 1)).total_seconds() * 1e9)
        for lr_ in range(8):
            r = i * 8 + lr_
            ents = []
            for k, s in enumerate(range(seq - 5, seq + 1)):
                name = "nccl:all_reduce" if s % 2 else "nccl:_reduce_scatter_base"
                if s == seq:
                    name = "nccl:all_reduce"
                st = "completed" if s < seq else "started"
                ents.append(fr_entry(9000 + k, s, name, st, t_ns - (seq - s) * 90_000_000 + rng.randint(0, 4000), [[1]] if name == "nccl:all_reduce" else [[26214400]],
                                     [{"name": "all_reduce", "filename": "/usr/local/lib/python3.12/dist-packages/torch/distributed/distributed_c10d.py", "line": 2501},
                                      {"name": "_sync_loss", "filename": "/workspace/train.py", "line": 288},
                                      {"name": "train_step", "filename": "/workspace/train.py", "line": 301}] if name == "nccl:all_reduce" else
                                     [{"name": "_reduce_grad", "filename": "/usr/local/lib/python3.12/dist-packages/torch/distributed/fsdp/_runtime_utils.py", "line": 803}]))
            doc = {"version": "2.4", "pg_config": {"0": {"name": "0", "desc": "default_pg", "ranks": "[0, 1, 2, ..., 31]"}},
                   "pg_status": {"0": {"last_enqueued_collective": seq, "last_started_collective": seq, "last_completed_collective": seq - 1}},
                   "entries": ents}
            b.add(f"{kn}/flight-recorder/rank{r:02d}.json", json.dumps(doc))
        boot = plus(start, -rng.randint(2, 20) * 86400)
        b.add(f"{kn}/dmesg.txt", dmesg_block(rng, kn, boot, plus(start, -600), plus(tk, 60), 30))
    b.add(f"{knodes[0]}/kubectl-get-nodes.txt", ["NAME                              STATUS   ROLES    AGE   VERSION"] +
          [f"{kn:<33} Ready    <none>   {rng.randint(9, 40)}d   v1.30.5-gke.1443001" for kn in knodes])
    b.add(f"{knodes[0]}/kubectl-get-pods.txt", ["NAME                    READY   STATUS   RESTARTS   AGE     IP            NODE"] +
          [f"{p:<23} 0/1     Error    0          3h52m   10.52.{i}.{rng.randint(2, 250):<6} {kn}" for i, (p, kn) in enumerate(zip(pods, knodes))])
    b.add(f"{knodes[0]}/kubectl-describe-pytorchjob.txt",
          ["Name:         llm-sft-0423", "Namespace:    team-llm", "API Version:  kubeflow.org/v1", "Kind:         PyTorchJob", "Status:", "  Conditions:",
           "    Last Transition Time:  2025-04-23T13:02:30Z", "    Message:               PyTorchJob llm-sft-0423 is created.", "    Reason:                PyTorchJobCreated", "    Status:                True", "    Type:                  Created",
           "    Last Transition Time:  2025-04-23T17:08:02Z", "    Message:               PyTorchJob llm-sft-0423 is failed because 1 Master replica(s) failed.", "    Reason:                PyTorchJobFailed", "    Status:                True", "    Type:                  Failed",
           "Events:", "  Type     Reason                   Age    From                   Message", "  ----     ------                   ----   ----                   -------",
           "  Normal   SuccessfulCreatePod      4h5m   pytorchjob-controller  Created pod: llm-sft-0423-master-0",
           "  Warning  PyTorchJobFailed         11m    pytorchjob-controller  PyTorchJob llm-sft-0423 is failed because 1 Master replica(s) failed."])
    b.set_label("hang", "infrastructure", None, "restart",
                f"All 32 ranks time out in the same ALLREDUCE (SeqNum {seq}) and every flight-recorder dump shows that collective 'started' with the previous one completed; no rank is elsewhere, nodes stay Ready and no node logs a hardware or network fault.",
                "https://github.com/om-ai-lab/VLM-R1/issues/294")


# ====================================================================== q15
def q15_slurm_hang_faulthandler(b, rng):
    nodes = ["a100-n11", "a100-n12", "a100-n15"]
    job = 118304
    t = T(2023, 1, 17, 2, 40, 3)
    start = t
    L = ["+ srun -l --ntasks-per-node=8 python -u train_seg.py --cfg cfgs/mask2former_swinL.yaml --faulthandler-timeout 1800"]
    for r in range(24):
        L.append(f"{r:>2}: /opt/conda/lib/python3.9/site-packages/torch/distributed/distributed_c10d.py:2387: UserWarning: torch.distributed._all_gather_base is a private function and will be deprecated. Please use torch.distributed.all_gather_into_tensor instead.")
    t = plus(t, 90)
    for it in range(20, 48201, 20):
        st = jitter(rng, 0.94, 0.02)
        t = plus(t, 20 * st)
        if it % 100 == 0:
            L.append(f" 0: [{iso(t, frac=None)}] iter {it:>6}/160000  loss {max(8.0, 42 - it * 0.0006 + rng.uniform(-0.6, 0.6)):.3f}  lr {1e-4:.2e}  {st:.3f}s/it  eta {int((160000 - it) * st // 3600)}h")
        if it % 8000 == 0:
            L.append(f" 0: [{iso(t, frac=None)}] saved /scratch/seg/m2f_swinL/model_{it:07d}.pth")
    t_hang = plus(t, 10)
    tf = plus(t_hang, 1800)
    for r in range(24):
        th = [(hex_id(rng, 12), False, [("/opt/conda/lib/python3.9/threading.py", 316, "wait"), ("/opt/conda/lib/python3.9/queue.py", 180, "get"),
                                         ("/opt/conda/lib/python3.9/site-packages/torch/utils/data/_utils/pin_memory.py", 28, "do_one_step"),
                                         ("/opt/conda/lib/python3.9/site-packages/torch/utils/data/_utils/pin_memory.py", 53, "_pin_memory_loop"),
                                         ("/opt/conda/lib/python3.9/threading.py", 917, "run"), ("/opt/conda/lib/python3.9/threading.py", 980, "_bootstrap_inner"),
                                         ("/opt/conda/lib/python3.9/threading.py", 937, "_bootstrap")]),
              (hex_id(rng, 12), True, [("/opt/conda/lib/python3.9/site-packages/torch/distributed/distributed_c10d.py", 1536, "all_reduce"),
                                        ("/work/seg/utils/comm.py", 97, "reduce_dict"), ("/work/seg/engine/trainer.py", 214, "_write_metrics"),
                                        ("/work/seg/engine/trainer.py", 188, "run_step"), ("/work/seg/engine/train_loop.py", 149, "train"),
                                        ("/work/seg/train_seg.py", 301, "main"), ("/work/seg/train_seg.py", 340, "<module>")])]
        L += [f"{r:>2}: " + x for x in faulthandler_dump("0:30:00", th)]
    for r in range(24):
        L += [f"{r:>2}: " + x for x in watchdog_timeout("1.13", r, 290412, "ALLREDUCE", 7, 1800000, plus(tf, 40), rng)]
    tk = plus(tf, 45)
    L += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Aborted (core dumped)" for i, h in enumerate(nodes)]
    L += [f"srun: launch/slurm: _step_signal: Terminating StepId={job}.0"]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    b.add(f"{nodes[0]}/sacct.txt", sacct(job, "m2f-swinL", 3, 128, "FAILED", "134:0", "13:27:10"))
    for i, h in enumerate(nodes):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -600), plus(tk, 60), 40))
        ex = [(plus(tk, 3), f"slurmd[{rng.randint(2000, 4000)}]: slurmd: error: *** STEP {job}.0 ON {h} CANCELLED AT {tk.strftime('%Y-%m-%dT%H:%M:%S')} ***")]
        b.add(f"{h}/journal.txt", journal_block(rng, h, plus(start, -600), plus(tk, 60), 45, ex))
        gpus = [{"bus": x} for x in BUSES["a100"]]
        b.add(f"{h}/nvidia-smi-q-d-ecc.txt", nvsmi_q(plus(tk, 200), "515.65.01", "11.7", "a100", gpus, rng, d=["ECC", "ROW_REMAPPER", "PERFORMANCE"]))
    b.set_label("hang", "infrastructure", None, "restart",
                "All 24 ranks' faulthandler dumps show the same frame (all_reduce in reduce_dict/_write_metrics) and all time out on the same SeqNum; no rank is anywhere else and no node has ECC, Xid, link or kernel events, so there is no culprit to remove.",
                "https://github.com/ai2cm/ace/issues/348")


# ====================================================================== q16
def q16_dcp_save_hang(b, rng):
    nodes = ["n-c3-101", "n-c3-102", "n-c3-103", "n-c3-104"]
    cn = 2
    job = 77120
    t = T(2024, 6, 4, 9, 12, 40)
    start = t
    L = ["+ srun -l --ntasks-per-node=8 python train.py --ckpt-dir /mnt/ckpt/run-0604 --ckpt-every 1500"]
    for r in range(32):
        if r % 4 == 0:
            L.append(f"{r:>2}: /usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py:92: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class.")
    t = plus(t, 80)
    for s in range(25, 3001, 25):
        st = jitter(rng, 1.91, 0.01)
        t = plus(t, 25 * st)
        L.append(f" 0: {iso(t)} | step {s:>5} | loss {max(1.2, 2.9 - s * 0.0004 + rng.uniform(-0.02, 0.02)):.4f} | {st:.3f} s/step")
        if s == 1500:
            L.append(f" 0: {iso(plus(t, 1))} | dcp.save step 1500 -> /mnt/ckpt/run-0604/step_1500 ...")
            L.append(f" 0: {iso(plus(t, 34))} | dcp.save done in 33.2 s")
            t = plus(t, 34)
    L.append(f" 0: {iso(plus(t, 1))} | dcp.save step 3000 -> /mnt/ckpt/run-0604/step_3000 ...")
    t_save = plus(t, 1)
    tw = plus(t_save, 1800)
    for r in range(32):
        if r // 8 == cn:
            continue
        L += [f"{r:>2}: " + x for x in watchdog_timeout("2.3", r, 44120, "ALLGATHER", 32, 1800000, tw, rng)]
    tk = plus(tw, 5)
    L += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Aborted (core dumped)" for i, h in enumerate(nodes) if i != cn]
    L += [f"slurmstepd: error: *** STEP {job}.0 ON n-c3-101 CANCELLED AT {plus(tk, 900).strftime('%Y-%m-%dT%H:%M:%S')} DUE TO TIME LIMIT ***",
          f"slurmstepd: error: Kill task failed on node {nodes[cn]}",
          f"srun: error: {nodes[cn]}: tasks 16-23: Killed"]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    tdump = plus(t_save, 900)
    for i, h in enumerate(nodes):
        for lr_ in range(8):
            r = i * 8 + lr_
            pid = 30400 + i * 100 + lr_
            if i == cn:
                fr = [("write", "<built-in>", ""), ("_write_item", f"{SITE}/torch/distributed/checkpoint/filesystem.py", 294),
                      ("_write_files_from_queue", f"{SITE}/torch/distributed/checkpoint/filesystem.py", 355), ("write_data", f"{SITE}/torch/distributed/checkpoint/filesystem.py", 595),
                      ("local_step", f"{SITE}/torch/distributed/checkpoint/state_dict_saver.py", 287), ("reduce_scatter", f"{SITE}/torch/distributed/checkpoint/utils.py", 183),
                      ("save", f"{SITE}/torch/distributed/checkpoint/state_dict_saver.py", 299), ("save_checkpoint", "/app/ckpt.py", 61), ("main", "/app/train.py", 377)]
                st = "idle"
            else:
                fr = [("_wait", "<native>", ""), ("all_gather_object", f"{SITE}/torch/distributed/distributed_c10d.py", 2309),
                      ("wrapper", f"{SITE}/torch/distributed/c10d_logger.py", 75), ("all_gather_object", f"{SITE}/torch/distributed/checkpoint/utils.py", 134),
                      ("reduce_scatter", f"{SITE}/torch/distributed/checkpoint/utils.py", 190), ("save", f"{SITE}/torch/distributed/checkpoint/state_dict_saver.py", 299),
                      ("save_checkpoint", "/app/ckpt.py", 61), ("main", "/app/train.py", 377)]
                st = "active"
            out = [f"Process {pid}: python train.py --ckpt-dir /mnt/ckpt/run-0604 --ckpt-every 1500", "Python v3.10.12 (/usr/bin/python3.10)", "", f"Thread {pid} ({st}): \"MainThread\""]
            out += [f"    {n} ({f}{':' + str(ln) if ln != '' else ''})" for n, f, ln in fr]
            out.append("")
            b.add(f"{h}/py-spy/rank{r:02d}.txt", out)
        b.add(f"{h}/mounts.txt", ["10.50.0.20:/export/ckpt on /mnt/ckpt type nfs4 (rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.50.3.%d,local_lock=none,addr=10.50.0.20)" % (101 + i),
                                  "10.50.0.21:/export/home on /home type nfs4 (rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.50.3.%d,local_lock=none,addr=10.50.0.21)" % (101 + i)])
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        if i == cn:
            td = plus(t_save, -8)
            ex += [(td, "mlx5_core 0000:31:00.1 ens2f1np1: Link down"),
                   (plus(td, 0.3), "mlx5_core 0000:31:00.1 ens2f1np1: Link down"),
                   (plus(t_save, 181), "nfs: server 10.50.0.20 not responding, still trying")]
            for k in range(6):
                ex.append((plus(t_save, 182 + k * 0.02), "nfs: server 10.50.0.20 not responding, still trying"))
            for k in range(3):
                tt = plus(t_save, 246 + k * 123)
                p = 30400 + cn * 100 + k
                ex += [(tt, f"INFO: task python:{p} blocked for more than {122 + k * 123} seconds."),
                       (plus(tt, 0.001), "      Tainted: P           OE     5.15.0-107-generic #117-Ubuntu"),
                       (plus(tt, 0.002), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
                       (plus(tt, 0.003), f"task:python         state:D stack:0     pid:{p} ppid:{30390 + cn * 100} flags:0x00004002"),
                       (plus(tt, 0.004), "Call Trace:"), (plus(tt, 0.004), " <TASK>"), (plus(tt, 0.004), " __schedule+0x2cd/0x890"),
                       (plus(tt, 0.004), " schedule+0x69/0x110"), (plus(tt, 0.004), " io_schedule+0x46/0x80"),
                       (plus(tt, 0.004), " folio_wait_bit_common+0x13d/0x350"), (plus(tt, 0.004), " __filemap_fdatawait_range+0x8a/0x110"),
                       (plus(tt, 0.004), " filemap_write_and_wait_range+0x86/0xd0"), (plus(tt, 0.004), " nfs_wb_all+0x2a/0x140 [nfs]"),
                       (plus(tt, 0.004), " nfs4_file_flush+0x7c/0xb0 [nfsv4]"), (plus(tt, 0.004), " filp_close+0x37/0x80"),
                       (plus(tt, 0.004), " __x64_sys_close+0x1e/0x60"), (plus(tt, 0.004), " do_syscall_64+0x59/0xc0"),
                       (plus(tt, 0.004), " entry_SYSCALL_64_after_hwframe+0x62/0xcc"), (plus(tt, 0.004), " </TASK>")]
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -600), plus(tk, 900), 30, ex))
    b.add(f"{nodes[0]}/sacct.txt", sacct(job, "run-0604", 4, 192, "TIMEOUT", "0:0", "02:24:00"))
    b.set_label("storage", "infrastructure", {"node": nodes[cn], "rank": None}, "restart_without_node",
                "The other 24 ranks finished writing and sit in the checkpoint's all_gather, while all eight n-c3-103 ranks are stuck (D state) writing to /mnt/ckpt; only n-c3-103 lost its storage link and logs 'nfs: server 10.50.0.20 not responding' with hung tasks, the same mount works on the other nodes.",
                "https://github.com/BVLC/caffe/issues/6020")


# ====================================================================== q17
def q17_silent_stall_watchdog(b, rng):
    nodes = ["gpu-b111", "gpu-b112", "gpu-b113", "gpu-b114"]
    cn = 2
    job = 3390412
    t = T(2024, 11, 8, 21, 5, 0)
    start = t
    L = ["+ srun -l --ntasks-per-node=1 torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-b111:29500 pretrain.py"]
    t = plus(t, 75)
    for s in range(10, 15831, 10):
        st = jitter(rng, 0.83, 0.015)
        t = plus(t, 10 * st)
        if s % 30 == 0:
            L.append(f"0: [rank0]:[{iso(t)}] step={s} loss={max(2.0, 3.6 - s * 0.00008 + rng.uniform(-0.02, 0.02)):.4f} gnorm={rng.uniform(0.25, 0.42):.3f} mfu={jitter(rng, 43.1, 0.01):.1f}% step_s={st:.3f}")
    t_lock = plus(t, 6)
    tw = plus(t_lock, 1800)
    for r in range(32):
        if r // 8 == cn:
            continue
        L += [f"{r // 8}: " + x for x in watchdog_timeout("2.4", r, 95114, "ALLREDUCE", 132644864, 1800000, tw, rng)]
    for i, h in enumerate(nodes):
        if i == cn:
            continue
        tk = plus(tw, 3)
        L.append(f"{i}: " + elastic_log("2.4", tk, "W", "multiprocessing.api", f"Sending process {210300 + i * 20 + 1} closing signal SIGTERM", 210290 + i * 20))
        L += [f"{i}: " + x for x in elastic_summary("2.4", tk, "pretrain.py", h, [(i * 8, 0, -6, 210300 + i * 20, f"Signal 6 (SIGABRT) received by PID {210300 + i * 20}")])]
        L.append(f"srun: error: {h}: task {i}: Exited with exit code 1")
    L += [f"srun: error: Timed out waiting for job step to complete", f"slurmstepd: error: *** STEP {job}.0 ON gpu-b111 CANCELLED AT {plus(tw, 400).strftime('%Y-%m-%dT%H:%M:%S')} ***"]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    for i, h in enumerate(nodes):
        ex = []
        if i == cn:
            cpus = [37, 12, 81, 55, 102, 3]
            for k in range(40):
                tt = plus(t_lock, 22 + k * 28)
                c = cpus[k % len(cpus)]
                pid = 210300 + cn * 20 + rng.randint(0, 7)
                ex += [(tt, f"kernel: watchdog: BUG: soft lockup - CPU#{c} stuck for {22 + (k % 5) * 4}s! [python3:{pid}]"),
                       (plus(tt, 0.001), f"kernel: CPU: {c} PID: {pid} Comm: python3 Tainted: P           OEL     6.5.0-1020-nvidia #21-Ubuntu"),
                       (plus(tt, 0.002), f"kernel: RIP: 0010:native_queued_spin_lock_slowpath+0x{rng.choice(['6e', '72', '19f'])}/0x2b0")]
                if k % 4 == 0:
                    ex += [(plus(tt, 0.003), "kernel: Call Trace:"), (plus(tt, 0.003), "kernel:  <TASK>"),
                           (plus(tt, 0.003), "kernel:  _raw_spin_lock+0x2d/0x40"), (plus(tt, 0.003), "kernel:  free_pcppages_bulk+0x6e/0x2e0"),
                           (plus(tt, 0.003), "kernel:  free_unref_page_list+0x19c/0x2e0"), (plus(tt, 0.003), "kernel:  release_pages+0x15a/0x4a0"),
                           (plus(tt, 0.003), "kernel:  tlb_batch_pages_flush+0x3d/0x70"), (plus(tt, 0.003), "kernel:  zap_pte_range+0x3b1/0x870"),
                           (plus(tt, 0.003), "kernel:  </TASK>")]
                if k % 7 == 3:
                    ex += [(plus(tt, 5), "kernel: rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:"),
                           (plus(tt, 5.001), f"kernel: rcu: \t{c}-....: (14999 ticks this GP) idle=9c4c/1/0x4000000000000000 softirq=1181220/1181220 fqs=6117"),
                           (plus(tt, 5.002), f"kernel: rcu: \t(detected by {c + 1}, t=15002 jiffies, g=40511877, q=211 ncpus=224)")]
            ex.append((plus(t_lock, 1500), "slurmd[3110]: error: Unable to contact slurmctld (slurm-ctl-01)"))
        b.add(f"{h}/journal-k.txt", journal_block(rng, h, plus(start, -900), plus(tw, 500), 60, [(tt, m) for tt, m in ex]))
    b.add(f"{nodes[0]}/sinfo.txt", ["PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST", "gpu*         up 7-00:00:00      1  drng* gpu-b113",
                                    "gpu*         up 7-00:00:00     61  alloc gpu-b[101-112,114-162]"])
    b.set_label("host", "infrastructure", {"node": nodes[cn], "rank": None}, "restart_without_node",
                "The job stalls silently and the other 24 ranks later hit the NCCL watchdog; gpu-b113's kernel log shows repeated 'soft lockup - CPU stuck' in the python processes plus RCU stalls from the moment the job stopped, and Slurm marks it not responding.",
                "https://github.com/hiyouga/LlamaFactory/issues/1355")


# ====================================================================== q18
def mega_nan_trace(rank, node, dev, it, prefix):
    msg = f"AssertionError: Rank {rank}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: {dev}, node: {node}"
    return traceback([("/opt/megatron-lm/pretrain_gpt.py", 281, "<module>", "pretrain("),
                      ("/opt/megatron-lm/megatron/training/training.py", 355, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                      ("/opt/megatron-lm/megatron/training/training.py", 1246, "train", "train_step(forward_step_func,"),
                      ("/opt/megatron-lm/megatron/training/training.py", 688, "train_step", "losses_reduced = forward_backward_func("),
                      ("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 1382, "forward_backward_pipelining_without_interleaving", "config.finalize_model_grads_func("),
                      ("/opt/megatron-lm/megatron/core/distributed/finalize_model_grads.py", 117, "finalize_model_grads", "model_chunk.finish_grad_sync()"),
                      ("/opt/megatron-lm/megatron/core/distributed/distributed_data_parallel.py", 300, "finish_grad_sync", "buffer.finish_grad_sync()"),
                      ("/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 563, "finish_grad_sync", "bucket.finish_grad_sync()"),
                      ("/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 154, "finish_grad_sync", "self.start_grad_sync()"),
                      ("/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 111, "start_grad_sync", "assert not norm.isnan(), (")], msg, prefix=prefix)


def q18_megatron_nan_two_attempts(b, rng):
    a0 = ["gpu-f210", "gpu-f211", "gpu-f214", "gpu-f215"]
    a1 = ["gpu-f238", "gpu-f239", "gpu-f240", "gpu-f241"]
    bad_it = 18432
    for ai, (nodes, t0, job, (nrank, ndev)) in enumerate([(a0, T(2024, 7, 9, 0, 11, 2), 5120011, (12, 4)), (a1, T(2024, 7, 9, 6, 40, 51), 5120390, (27, 3))]):
        t = t0
        L = [f"+ srun -l --ntasks-per-node=8 python pretrain_gpt.py @cfg/moe-16x3b.args --load /lustre/moe/ckpt"]
        L += mega_preamble(" 0: ", 32, 2, 4, plus(t, 40), "/lustre/moe/ckpt", 18000)
        t = plus(t, 180)
        loss = 2.301
        for it in range(18001, bad_it):
            ms = jitter(rng, 2210, 0.01)
            t = plus(t, ms / 1000)
            if it % 5 == 0 or it > bad_it - 4:
                l = loss + rng.uniform(-0.01, 0.01)
                gn = rng.uniform(0.21, 0.3)
                if it == bad_it - 3:
                    l, gn = 2.412, 3.904
                if it == bad_it - 2:
                    l, gn = 3.187, 27.551
                if it == bad_it - 1:
                    l, gn = 6.043, 311.208
                L.append("31: " + megatron_iter(t, it, 250000, ms, 1024, 2.4e-4, l, gn, 366.0 * 2210 / ms).replace(f"iteration {it:>8}", f"iteration {it:>8}"))
            loss = max(2.2, loss - rng.uniform(-0.0004, 0.0005))
        t = plus(t, 2.3)
        node = nodes[nrank // 8]
        L += mega_nan_trace(nrank, node, ndev, bad_it, f"{nrank:>2}: [rank{nrank}]: ")
        tw = plus(t, 600)
        for r in range(32):
            if r == nrank:
                continue
            L += [f"{r:>2}: " + x for x in watchdog_timeout("2.3", r, 1104229 + r % 2, "_REDUCE_SCATTER_BASE" if r % 2 else "ALLREDUCE", 61865984, 600000, tw, rng)]
        L += [f"srun: error: {nodes[nrank // 8]}: task {nrank}: Exited with exit code 1",
              f"srun: Terminating StepId={job}.0",
              f"slurmstepd: error: *** STEP {job}.0 ON {nodes[0]} CANCELLED AT {plus(tw, 5).strftime('%Y-%m-%dT%H:%M:%S')} ***"]
        L += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Aborted" for i, h in enumerate(nodes) if i != nrank // 8]
        b.add(f"attempt_{ai}/{nodes[0]}/slurm-{job}.out", L)
        for h in nodes:
            boot = plus(t0, -rng.randint(3, 30) * 86400)
            b.add(f"attempt_{ai}/{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(t0, -600), plus(tw, 60), 25))
    b.set_label("numerical", "script", None, "stop",
                "Both attempts, on disjoint node sets, resume from iteration 18000 and blow up identically: loss/grad-norm spike at 18429-18431 and a NaN grad norm at iteration 18432, reported by rank 12 on gpu-f211 the first time and rank 27 on gpu-f241 the second, so it follows the data/config, not a GPU.",
                "https://github.com/prs-eth/Marigold/issues/111")


# ====================================================================== q19
def q19_dit_nan_three_attempts(b, rng):
    attempts = [(["w01", "w02", "w03", "w04"], T(2025, 1, 13, 8, 0, 0), 0, 7311, (13, "w02", 5)),
                (["w02", "w05", "w06", "w07"], T(2025, 1, 13, 13, 21, 9), 7000, 7102, (5, "w02", 5)),
                (["w05", "w06", "w07", "w08"], T(2025, 1, 13, 16, 2, 33), 7000, None, None)]
    buses = BUSES["h200"]
    for ai, (nodes, t0, s0, bad, who) in enumerate(attempts):
        t = t0
        logs = {h: [] for h in nodes}
        for i, h in enumerate(nodes):
            logs[h] += [f"{glog(t, 'W')} {4400 + i} torch/distributed/run.py:792] *****************************************",
                        f"{glog(t, 'W')} {4400 + i} torch/distributed/run.py:792] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
                        f"{glog(t, 'W')} {4400 + i} torch/distributed/run.py:792] *****************************************"]
        if s0:
            logs[nodes[0]].append(f"[rank0]: {iso(plus(t, 50))} resumed from /weka/ckpt/dit-xl-v2/step_{s0} (global_step={s0})")
        t = plus(t, 70)
        end = bad if bad else s0 + 2400
        for s in range(s0 + 1, end + 1):
            st = jitter(rng, 0.61, 0.01)
            t = plus(t, st)
            if s % 50 == 0:
                logs[nodes[0]].append(f"[rank0]: {iso(t)} step {s} loss {max(0.12, 0.31 - s * 0.00001 + rng.uniform(-0.01, 0.01)):.5f} grad_norm {rng.uniform(0.05, 0.09):.4f} lr 1.00e-04 imgs/s {int(jitter(rng, 3350, 0.01))}")
            if s % 1000 == 0:
                logs[nodes[0]].append(f"[rank0]: {iso(t)} saved checkpoint /weka/ckpt/dit-xl-v2/step_{s}")
        if bad:
            r, host, loc = who
            ni = nodes.index(host)
            msg = f"RuntimeError: non-finite loss on rank {r} (host {host}, cuda:{loc}) at step {bad}: loss=nan, grad_norm=nan"
            tb = traceback([("/workspace/dit/train.py", 402, "<module>", "main(args)"), ("/workspace/dit/train.py", 351, "main", "loss = train_step(model, batch, opt, scaler)"),
                            ("/workspace/dit/train.py", 219, "train_step", "check_finite(loss, step, grad_norm)"),
                            ("/workspace/dit/utils/guards.py", 31, "check_finite", 'raise RuntimeError(f"non-finite loss on rank {rank} (host {host}, cuda:{dev}) at step {step}: loss={loss.item()}, grad_norm={gn}")')],
                           msg, prefix=f"[rank{r}]: ")
            logs[host] += tb
            tw = plus(t, 600)
            for i, h in enumerate(nodes):
                for lr_ in range(8):
                    rr = i * 8 + lr_
                    if rr == r:
                        continue
                    logs[h] += watchdog_timeout("2.6", rr, 95011 + bad, "ALLREDUCE", 1, 600000, tw, rng)
                tk = plus(tw, 3)
                logs[h].append(elastic_log("2.6", tk, "W", "multiprocessing.api", f"Sending process {4410 + i * 9} closing signal SIGTERM", 4400 + i))
                first = (r, loc, 1, 4411 + ni * 9, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html") if h == host else (i * 8, 0, -6, 4411 + i * 9, f"Signal 6 (SIGABRT) received by PID {4411 + i * 9}")
                logs[h] += elastic_summary("2.6", tk, "train.py", h, [first])
            tend = plus(tw, 30)
        else:
            tend = plus(t, 40)
            logs[nodes[0]].append(f"[rank0]: {iso(tend)} reached --max-steps-this-run 2400, exiting cleanly")
        for h in nodes:
            b.add(f"attempt_{ai}/{h}/torchrun.log", logs[h])
            gpus = [{"bus": x} for x in buses]
            b.add(f"attempt_{ai}/{h}/nvidia-smi-q-d-ecc.txt", nvsmi_q(plus(tend, 120), "570.124.06", "12.8", "h200", gpus, rng, d=["ECC", "ROW_REMAPPER"]))
            boot = plus(t0, -rng.randint(3, 30) * 86400)
            b.add(f"attempt_{ai}/{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(t0, -600), tend, 25))
    b.set_label("gpu_hardware", "infrastructure", {"node": "w02", "rank": None}, "restart_without_node",
                "The NaN appears at different steps (7311, then 7102 after resuming from 7000) and different global ranks (13, then 5), but both times on w02 cuda:5; the third attempt without w02 runs 2400 steps past the same point cleanly, so the fault follows that node (silent corruption, no ECC record).",
                "https://github.com/microsoft/dion/issues/76")


# ====================================================================== q20
def q20_deepspeed_fp16_overflow(b, rng):
    nodes = ["dl-v100-03", "dl-v100-04"]
    t = T(2023, 4, 28, 15, 2, 11, 300000)
    start = t
    L = [f"[{iso(t)}] [INFO] [runner.py:541:main] cmd = pdsh -S -f 1024 -w dl-v100-03,dl-v100-04 ... deepspeed.launcher.launch ... finetune.py --deepspeed ds_zero2_fp16.json"]
    for h in nodes:
        L.append(f"{h}: [{iso(plus(t, 3))}] [INFO] [launch.py:229:main] dist_world_size=16")
    t = plus(t, 60)
    L.append(f"dl-v100-03: [{iso(t)}] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed Final Optimizer = FusedAdam")
    L.append(f"dl-v100-03: [{iso(t)}] [INFO] [config.py:960:print_user_config]   json = {{\"fp16\": {{\"enabled\": true, \"loss_scale\": 0, \"initial_scale_power\": 16, \"loss_scale_window\": 1000, \"hysteresis\": 2, \"min_loss_scale\": 1}}, \"zero_optimization\": {{\"stage\": 2}}, \"train_micro_batch_size_per_gpu\": 4}}")
    scale = 65536.0
    el = 0.0
    for s in range(1, 1301):
        sit = jitter(rng, 3.11, 0.02)
        el += sit
        t = plus(t, sit)
        if s in (1, 2, 3) or (s > 1160 and rng.random() < (0.35 if s < 1240 else 0.97)) or s % 211 == 0:
            new = max(1.0, scale / 2)
            if scale <= 1.0:
                for h_i, h in enumerate(nodes):
                    for lr_ in range(8):
                        rk = h_i * 8 + lr_
                        L += [f"{h}: " + x for x in traceback([("finetune.py", 388, "<module>", "main()"), ("finetune.py", 351, "main", "model_engine.step()"),
                                                                  ("/opt/conda/lib/python3.9/site-packages/deepspeed/runtime/engine.py", 2091, "step", "self._take_model_step(lr_kwargs)"),
                                                                  ("/opt/conda/lib/python3.9/site-packages/deepspeed/runtime/engine.py", 1998, "_take_model_step", "self.optimizer.step()"),
                                                                  ("/opt/conda/lib/python3.9/site-packages/deepspeed/runtime/zero/stage_1_and_2.py", 1788, "step", "self._update_scale(self.overflow)"),
                                                                  ("/opt/conda/lib/python3.9/site-packages/deepspeed/runtime/zero/stage_1_and_2.py", 2036, "_update_scale", "self.loss_scaler.update_scale(has_overflow)"),
                                                                  ("/opt/conda/lib/python3.9/site-packages/deepspeed/runtime/fp16/loss_scaler.py", 175, "update_scale", "raise Exception(")],
                                                                 "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.")]
                break
            L.append(f"dl-v100-03: [{iso(t)}] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: {int(scale)}, reducing to {int(new) if new >= 1 else new}")
            scale = new
        elif s % 1000 == 0:
            scale *= 2
        if s % 10 == 0:
            L.append(f"dl-v100-03: {tqdm_line(s, 4200, el, sit)}")
            if s % 50 == 0:
                lv = max(0.9, 2.1 - s * 0.0004) if s < 1150 else 2.0 + (s - 1150) * 0.05
                L.append(f"dl-v100-03: {{'loss': {lv:.4f}, 'learning_rate': {1e-5:.1e}, 'epoch': {s / 2100:.2f}}}")
    tk = plus(t, 4)
    L += [f"{h}: [{iso(tk)}] [INFO] [launch.py:315:sigkill_handler] Killing subprocess {22010 + k + i * 30}" for i, h in enumerate(nodes) for k in range(8)]
    L += [f"{h}: [{iso(plus(tk, 1))}] [ERROR] [launch.py:321:sigkill_handler] ['/opt/conda/bin/python', '-u', 'finetune.py', '--local_rank=7', '--deepspeed', 'ds_zero2_fp16.json'] exits with return code = 1" for h in nodes]
    L += ["pdsh@dl-v100-03: dl-v100-04: ssh exited with exit code 1", "pdsh@dl-v100-03: dl-v100-03: ssh exited with exit code 1"]
    b.add(f"{nodes[0]}/deepspeed-launch.log", L)
    for h in nodes:
        boot = plus(start, -rng.randint(3, 30) * 86400)
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -600), plus(tk, 60), 25))
    b.set_label("numerical", "script", None, "stop",
                "fp16 overflows became continuous after step ~1160 and DeepSpeed halved the loss scale down to 1, at which point every rank raised 'Current loss scale already at minimum'; it is the fp16 configuration/training dynamics, identical on all 16 ranks, not a device.",
                "https://github.com/ymcui/Chinese-LLaMA-Alpaca/issues/534")
