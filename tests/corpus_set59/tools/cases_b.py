"""Cases bd10-bd19."""

import datetime as dt
import random

import loglib as L
import scen as S
from scen import Node, us

SEC = L.sec


def cuda_err_tb(prefix, frames, err):
    return S.py_tb(prefix, frames, [
        "RuntimeError: CUDA error: %s" % err,
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        ""])


def nvsmi_q_remap(ts_str, bus, driver, product, uncorr, pending, dram_unc_vol, dram_unc_agg, dram_corr_agg, failure="No"):
    return ["", "==============NVSMI LOG==============", "",
            "Timestamp                                 : %s" % ts_str,
            "Driver Version                            : %s" % driver,
            "CUDA Version                              : 12.4", "",
            "Attached GPUs                             : 8",
            "GPU %s" % bus.replace("0000:", "00000000:"),
            "    Product Name                          : %s" % product,
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : 0",
            "            DRAM Correctable              : 0",
            "            DRAM Uncorrectable            : %d" % dram_unc_vol,
            "        Aggregate",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : 0",
            "            DRAM Correctable              : %d" % dram_corr_agg,
            "            DRAM Uncorrectable            : %d" % dram_unc_agg,
            "            SRAM Threshold Exceeded       : No",
            "    Retired Pages",
            "        Single Bit ECC                    : N/A",
            "        Double Bit ECC                    : N/A",
            "        Pending Page Blacklist            : N/A",
            "    Remapped Rows",
            "        Correctable Error                 : 0",
            "        Uncorrectable Error               : %d" % uncorr,
            "        Pending                           : %s" % pending,
            "        Remapping Failure Occurred        : %s" % failure,
            "        Bank Remap Availability Histogram",
            "            Max                           : 639 bank(s)",
            "            High                          : 1 bank(s)",
            "            Partial                       : 0 bank(s)",
            "            Low                           : 0 bank(s)",
            "            None                          : 0 bank(s)", ""]


# --------------------------------------------------------------------------------------------- bd10
def bd10(c):
    """HF Accelerate, 3 GCP A3 nodes, UTC. First evaluation at step 2000 raises the same size mismatch on all ranks."""
    rng = random.Random(5910)
    z = L.UTC
    hosts = ["a3-highgpu-8g-x7k2", "a3-highgpu-8g-p0q9", "a3-highgpu-8g-m4zt"]
    nodes = [Node(rng, h, i, "10.128.0.%d" % (41 + i), z, L.HGX_H100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2024, 9, 21, 15, 12, 44)
    step_s = 3.1
    t_eval = t0 + SEC(150 + 2000 * step_s)
    for nd in nodes:
        st = L.Stream()
        st.add(t0, ["+ accelerate launch --config_file fsdp_3node.yaml --machine_rank %d --main_process_ip 10.128.0.41 --main_process_port 29500 train_sft.py --model_name_or_path /models/bloomz-7b1 --max_seq_len 2048 --eval_max_seq_len 4096 --eval_steps 2000 --per_device_train_batch_size 4" % nd.node_rank])
        st.add(t0 + SEC(2), [L.elastic_new(t0 + SEC(2), "W", nd.agent_pid, b, z, path="torch/distributed/run.py:793") for b in [""] + L.OMP_BANNER])
        for lr_ in range(8):
            rk = nd.rank(lr_)
            tt = t0 + SEC(30 + lr_ * 0.01)
            st.add(tt, "%s - INFO - __main__ - Distributed environment: FSDP  Backend: nccl" % L.hf(tt, z))
            st.add(tt, "Num processes: 24\nProcess index: %d\nLocal process index: %d\nDevice: cuda:%d\n\nMixed precision type: bf16\n" % (rk, lr_, lr_))
        st.add(t0 + SEC(60), S.nccl_init_all(rng, nd, 24, 3, version="2.21.5+cuda12.4", ifname="eth0", plugin="libnccl-net-gcp-gpudirecttcpx.so"))
        if nd.node_rank == 0:
            st.add(t0 + SEC(140), ["%s - INFO - __main__ - ***** Running training *****" % L.hf(t0 + SEC(140), z),
                                   "%s - INFO - __main__ -   Num examples = 1184032" % L.hf(t0 + SEC(140), z),
                                   "%s - INFO - __main__ -   Num Epochs = 1" % L.hf(t0 + SEC(140), z),
                                   "%s - INFO - __main__ -   Instantaneous batch size per device = 4" % L.hf(t0 + SEC(140), z),
                                   "%s - INFO - __main__ -   Total train batch size (w. parallel, distributed & accumulation) = 96" % L.hf(t0 + SEC(140), z),
                                   "%s - INFO - __main__ -   Total optimization steps = 12334" % L.hf(t0 + SEC(140), z)])
            for s in range(20, 2001, 20):
                t = t0 + SEC(150 + s * step_s + rng.uniform(-0.3, 0.3))
                st.add(t, S.tqdm_bar("Steps:  ", s, 12334, s * step_s, step_s, ", loss=%.3f, lr=%.2e" % (1.7 * (0.9997 ** s) + 0.9 + rng.uniform(-0.03, 0.03), 2e-5)))
            st.add(t_eval, ["%s - INFO - __main__ - ***** Running Evaluation at step 2000 *****" % L.hf(t_eval, z),
                            "%s - INFO - __main__ -   Num examples = 6000  (max length 4096)" % L.hf(t_eval, z)])
        for lr_ in range(8):
            rk = nd.rank(lr_)
            tt = t_eval + SEC(4.0 + rng.uniform(0, 1.5) - (1.2 if nd.node_rank == 2 else 0))
            st.add(tt, S.py_tb("[rank%d]: " % rk, [
                ("/app/train_sft.py", 611, "<module>", "main()"),
                ("/app/train_sft.py", 588, "main", "metrics = evaluate(model, eval_loader, accelerator)"),
                ("/app/train_sft.py", 402, "evaluate", "logits = model(**batch).logits"),
                (S.SITE + "/torch/nn/modules/module.py", 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                (S.SITE + "/torch/distributed/fsdp/fully_sharded_data_parallel.py", 863, "forward", "output = self._fsdp_wrapped_module(*args, **kwargs)"),
                ("/app/modeling/bloom_alibi.py", 311, "forward", "outputs = self.transformer(input_ids, attention_mask=attention_mask)"),
                ("/app/modeling/bloom_alibi.py", 214, "forward", "hidden = block(hidden, alibi=self.alibi, attention_mask=causal_mask)"),
                ("/app/modeling/bloom_alibi.py", 77, "forward", "scores = scores + alibi[:, :, :q_len, :k_len]"),
            ], ["RuntimeError: The size of tensor a (4096) must match the size of tensor b (2048) at non-singleton dimension 3"]))
        S.agent_fail(rng, st, nd, t_eval + SEC(7 + rng.uniform(0, 1)), rng.randint(0, 7), 1, "train_sft.py", others_exit=1,
                     binp="/opt/conda/bin/accelerate", site="/opt/conda/lib/python3.10/site-packages")
        c.write("%s/accelerate_launch.log" % nd.host, st.text())
    c.label("user_code", "script", None, None, "stop",
            "All 24 ranks on the three nodes raise the same size mismatch (4096 vs 2048) in the ALiBi bias at the first "
            "evaluation, because eval sequences are 4096 long and the precomputed bias only covers 2048.",
            "https://github.com/huggingface/accelerate/issues/3861")


# --------------------------------------------------------------------------------------------- bd11
def bd11(c):
    """torchrun FSDP, 4 A100 nodes, IST (+05:30) local time. Xid 94 contained ECC on a100-17 GPU 0F (rank 17);
    nvidia-smi -q after a GPU reset shows the row remapped and nothing pending."""
    rng = random.Random(5911)
    z = L.tz(5, 30)
    hosts = ["a100-03", "a100-08", "a100-17", "a100-21"]
    nodes = [Node(rng, h, i, "10.60.1.%d" % int(h[-2:]), z, L.DGX_A100_BUS,
                  hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9"]) for i, h in enumerate(hosts)]
    t0 = L.T(2024, 10, 10, 4, 45, 11)
    t_x = L.T(2024, 10, 10, 12, 58, 40, 771000)
    bad = nodes[2]
    bl = 1
    r = bad.rank(bl)
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 4, 8, "a100-03:29500", "train.py --arch llama-13b --fsdp --bs 2 --seq 4096", rdzv_id="l13b-1010"))
        st.add(t0 + SEC(25), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4", ifname="ibs2"))
        if nd.node_rank == 0:
            t = t0 + SEC(90)
            s = 0
            while t < t_x - SEC(20):
                s += 25
                t += SEC(25 * 2.42 + rng.uniform(-0.4, 0.4))
                st.add(t, "%s [INFO] rank0 step %d loss %.4f lr %.2e grad_norm %.3f tflops %.1f" % (
                    L.pylog_ms(t, z), s, 1.8 + 2.3 * (0.9995 ** s) + rng.uniform(-0.02, 0.02), 1.5e-4, rng.uniform(0.2, 0.6), 176 + rng.uniform(-3, 3)))
        if nd is bad:
            tf = t_x + SEC(0.35)
            st.add(tf, cuda_err_tb("[rank%d]: " % r, [
                ("/home/svc/llm/train.py", 402, "<module>", "main(cfg)"),
                ("/home/svc/llm/train.py", 355, "main", "loss.backward()"),
                (S.SITE + "/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                (S.SITE + "/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
                (S.SITE + "/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
            ], "uncorrectable ECC error encountered"))
            S.agent_fail(rng, st, nd, tf + SEC(1.3), bl, 1, "train.py", sigterm=True)
        else:
            tw = t_x + SEC(600 + rng.uniform(0.2, 1.8))
            last = S.timeout_node(rng, st, nd, tw, 155220, optype="_REDUCE_SCATTER_BASE", numel=40894464, timeout_ms=600000)
            S.agent_fail(rng, st, nd, last + SEC(1.2), rng.randint(0, 7), -6, "train.py")
        c.write("%s/torchrun_l13b-1010.log" % nd.host, st.text())
    for nd in nodes:
        fmt = lambda t: L.dmesg_T(t, z)
        dl = S.dmesg_boot_noise(fmt, L.T(2024, 10, 7, 2, 0, 0), nd.host)
        if nd is bad:
            b = L.xid_pci(nd.bus[bl])
            dl += ["%s NVRM: Xid (%s): 94, pid=%d, name=python, Contained: SM (0x1). RST: No, D-RST: No" % (fmt(t_x), b, bad.pids[bl]),
                   "%s NVRM: Xid (%s): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x000000000027c1a9) marked for remapping, reset gpu to activate." % (fmt(t_x + SEC(0.01)), b),
                   "%s NVRM: Xid (%s): 45, pid=%d, name=python, Ch 0000000a" % (fmt(t_x + SEC(1.7)), b, bad.pids[bl])]
        c.write("%s/dmesg_T.log" % nd.host, dl)
    tr = t_x + SEC(2 * 3600 + 1800)
    c.write("a100-17/gpu_reset_and_query.txt",
            ["[root@a100-17 ~]# date", L.date_cmd(tr, z, "IST"),
             "[root@a100-17 ~]# nvidia-smi -r -i 1",
             "GPU 00000000:0F:00.0 was successfully reset.", "All done.",
             "[root@a100-17 ~]# nvidia-smi -q -i 1 -d ECC,ROW_REMAPPER"] +
            nvsmi_q_remap(L.date_cmd(tr + SEC(20), z, "IST").replace(" IST", ""), bad.bus[bl], "550.90.07",
                          "NVIDIA A100-SXM4-80GB", 1, "No", 0, 1, 0))
    c.label("gpu_memory", "infrastructure", "a100-17", 17, "restart",
            "a100-17 logged a contained uncorrectable ECC error (Xid 94) on GPU 0F (rank 17) at 18:28:40 IST and rank 17 died "
            "with 'uncorrectable ECC error'; after the GPU reset nvidia-smi shows the row remapped with nothing pending.",
            "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/error-recovery-and-response-flags.html")


# --------------------------------------------------------------------------------------------- bd12
def bd12(c):
    """PyTorch Lightning DDP under srun, 2 nodes, journald ISO (UTC). Xid 94 on gpu-e09 GPU 6 (rank 14);
    epilog nvidia-smi -q shows the remap still pending."""
    rng = random.Random(5912)
    z = L.UTC
    hosts = ["gpu-e05", "gpu-e09"]
    nodes = [Node(rng, h, i, "10.14.0.%d" % int(h[-2:]), z, L.HGX_H100_BUS) for i, h in enumerate(hosts)]
    jobid = 990512
    t0 = L.T(2025, 1, 20, 9, 1, 15)
    t_x = L.T(2025, 1, 20, 16, 44, 2, 905000)
    bad = nodes[1]
    bl = 6
    r = bad.rank(bl)
    for nd in nodes:
        st = L.Stream()
        st.add(t0, ["Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (rk, rk + 1) for rk in nd.ranks])
        if nd.node_rank == 0:
            st.add(t0 + SEC(5), ["----------------------------------------------------------------------------------------------------",
                                 "distributed_backend=nccl", "All distributed processes registered. Starting with 16 processes",
                                 "----------------------------------------------------------------------------------------------------", ""])
        st.add(t0 + SEC(9), ["LOCAL_RANK: %d - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]" % i for i in range(8)])
        st.add(t0 + SEC(12), S.nccl_init_all(rng, nd, 16, 2, version="2.21.5+cuda12.4"))
        if nd.node_rank == 0:
            st.add(t0 + SEC(20), ["", "  | Name      | Type              | Params | Mode ",
                                  "--------------------------------------------------------",
                                  "0 | model     | SegFormerB5       | 84.7 M | train",
                                  "1 | criterion | OhemCrossEntropy  | 0      | train",
                                  "--------------------------------------------------------",
                                  "84.7 M    Trainable params", "0         Non-trainable params", "84.7 M    Total params",
                                  "338.799   Total estimated model params size (MB)", ""])
            t = t0 + SEC(40)
            ep = 0
            n = 0
            while t < t_x - SEC(4):
                n += 27
                if n > 1981:
                    n = 27
                    ep += 1
                t += SEC(27 * 0.555)
                st.add(t, S.tqdm_bar("Epoch %d:  " % ep, n, 1981, n * 0.555, 0.555, ", v_num=7, train_loss=%.3f" % (0.9 * (0.97 ** ep) + rng.uniform(-0.05, 0.05))))
        if nd is bad:
            tf = t_x + SEC(0.52)
            st.add(tf, cuda_err_tb("", [
                ("/opt/seg/train.py", 118, "<module>", "trainer.fit(model, datamodule=dm, ckpt_path=args.resume)"),
                (S.SITE + "/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
                (S.SITE + "/lightning/pytorch/trainer/call.py", 46, "_call_and_handle_interrupt", "return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)"),
                (S.SITE + "/lightning/pytorch/loops/optimization/automatic.py", 270, "_optimizer_step", "call._call_lightning_module_hook("),
                (S.SITE + "/torch/optim/adamw.py", 216, "step", "adamw("),
                (S.SITE + "/torch/optim/adamw.py", 545, "_multi_tensor_adamw", "torch._foreach_lerp_(device_exp_avgs, device_grads, 1 - beta1)"),
            ], "uncorrectable ECC error encountered"))
        else:
            tw = t_x + SEC(1800 + rng.uniform(0.2, 1.6))
            S.timeout_node(rng, st, nd, tw, 331057, optype="ALLREDUCE", numel=21172224, timeout_ms=1800000, frames=False)
        c.write("%s/slurm-%d.%s.out" % (nd.host, jobid, nd.host), st.text())
    for nd in nodes:
        jl = []
        jl.append("%s %s kernel: mlx5_core 0000:1a:00.0 ibs11: Link up" % (L.iso(L.T(2025, 1, 14, 3, 2, 41), z), nd.host))
        jl.append("%s %s slurmd[3012]: slurmd: launch task StepId=%d.0 request from UID:41220 GID:41220 HOST:10.14.0.1 PORT:38812" % (L.iso(t0 - SEC(4), z), nd.host, jobid))
        if nd is bad:
            b = L.xid_pci(nd.bus[bl])
            jl += ["%s %s kernel: NVRM: Xid (%s): 94, pid=%d, name=python, Contained: CE User Channel (0x9). RST: No, D-RST: No" % (L.iso(t_x, z), nd.host, b, bad.pids[bl]),
                   "%s %s kernel: NVRM: Xid (%s): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000000d3c52) marked for remapping, reset gpu to activate." % (L.iso(t_x + us(9100), z), nd.host, b)]
        jl.append("%s %s slurmd[3012]: slurmd: error: *** STEP %d.0 ON %s CANCELLED AT %s ***" % (L.iso(t_x + SEC(1803), z), nd.host, jobid, nd.host, L.slurm_ts(t_x + SEC(1803), z)))
        c.write("%s/journal.txt" % nd.host, jl)
    te = t_x + SEC(1850)
    c.write("gpu-e09/epilog_nvidia-smi-q.txt", ["### epilog job %d %s" % (jobid, L.iso(te, z, 0))] +
            nvsmi_q_remap(L.date_cmd(te, z, "UTC").replace(" UTC", ""), bad.bus[bl], "550.127.05", "NVIDIA H100 80GB HBM3", 1, "Yes", 1, 1, 0))
    c.write("slurm-%d.out" % jobid, ["srun: error: gpu-e09: task %d: Exited with exit code 1" % r,
                                     "srun: error: gpu-e05: tasks 0-7: Aborted (core dumped)",
                                     "srun: error: gpu-e09: tasks 8-13,15: Aborted (core dumped)"])
    c.label("gpu_memory", "infrastructure", "gpu-e09", 14, "restart_without_node",
            "gpu-e09 reports Xid 94 on GPU 0000:BA (local 6, rank 14) at 16:44:02 UTC, rank 14 dies on 'uncorrectable ECC "
            "error' and the epilog nvidia-smi -q still shows the row remap pending; the rest are 30-minute watchdog timeouts.",
            "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/user-visible-statistics.html")


# --------------------------------------------------------------------------------------------- bd13
def bd13(c):
    """torchtitan, 4 nodes, local EDT without tz in app logs, journald -04:00. Xid 119 GSP timeout on n07 GPU2 (rank 18)
    wedges that rank; 100 s later every other rank times out and n02/n11 accuse n05 (whose ranks aborted first)."""
    rng = random.Random(5913)
    z = L.tz(-4)
    hosts = ["h100-r3-n02", "h100-r3-n05", "h100-r3-n07", "h100-r3-n11"]
    nodes = [Node(rng, h, i, "10.3.30.%d" % int(h[-2:]), z, L.HGX_H100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2024, 10, 3, 20, 11, 2)
    t_x = L.T(2024, 10, 4, 6, 17, 53, 118000)
    bad = nodes[2]
    bl = 2
    r = bad.rank(bl)
    seq = 905331
    step_s = 1.37
    t_tr = t0 + SEC(80)
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 4, 8, "h100-r3-n02:29500", "-m torchtitan.train --job.config_file ./train_configs/llama3_8b.toml --comm.train_timeout_seconds 100 --comm.trace_buf_size 20000", rdzv_id="titan-r3"))
        st.add(t0 + SEC(14), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4"))
        if nd.node_rank == 0:
            s = 0
            while True:
                s += 10
                t = t_tr + SEC(s * step_s + rng.uniform(-0.1, 0.1))
                if t > t_x:
                    break
                st.add(t, "[rank0]:[titan] %s - root - INFO - step: %5d  loss: %7.4f  memory: 61.20GiB(64.42%%)  tps: 7,412  tflops: 429.31  mfu: 43.41%%" % (
                    L.pylog_ms(t, z), s, 2.2 + 4 * (0.9997 ** s) + rng.uniform(-0.03, 0.03)))
        base = t_x + SEC(100.0)
        if nd.node_rank == 1:
            tw = base + SEC(0.05)
        else:
            tw = base + SEC(0.9 + rng.uniform(0, 0.5))
        exclude = (bl,) if nd is bad else ()
        last = S.timeout_node(rng, st, nd, tw, seq, optype="_REDUCE_SCATTER_BASE", numel=6815744, timeout_ms=100000,
                              exclude=exclude, fr=True, first_dumper=(nd.rank(0) if nd.node_rank == 1 else None), spread_ms=300)
        if nd.node_rank in (0, 3):
            for lr_ in (0, 7):
                tt = tw + SEC(0.2)
                tid = nd.pids[lr_] + 733
                st.add(tt, ["%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.3.30.5<%d> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:%s remoteGids::ffff:10.3.30.5" % (
                                nd.host, nd.pids[lr_], tid, lr_, rng.randint(40000, 60000), nd.ip),
                            "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (nd.host, nd.pids[lr_], tid, lr_)])
        if nd is bad:
            tk = last + SEC(1.0)
            lines = []
            lines.append(L.elastic_new(tk, "W", nd.agent_pid, "Sending process %d closing signal SIGTERM" % nd.pids[bl], z))
            lines.append(L.elastic_new(tk + SEC(30), "W", nd.agent_pid, "Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % nd.pids[bl], z, path="torch/distributed/elastic/multiprocessing/api.py:916"))
            st.add(tk, lines)
            S.agent_fail(rng, st, nd, tk + SEC(31), 0, -6, "torchtitan.train", exit_overrides={bl: -9})
        else:
            S.agent_fail(rng, st, nd, last + SEC(1.1), rng.randint(0, 7), -6, "torchtitan.train")
        c.write("%s/torchrun.log" % nd.host, st.text())
    for nd in nodes:
        jl = ["%s %s kernel: nvidia-nvswitch1: open (major=508)" % (L.iso(L.T(2024, 9, 30, 11, 5, 7), z), nd.host)]
        if nd is bad:
            b = L.xid_pci(nd.bus[bl])
            K = lambda t, m: "%s %s kernel: %s" % (L.iso(t, z), nd.host, m)
            jl += [K(t_x, "NVRM: Xid (%s): 119, pid=%d, name=python3, Timeout after 6s of waiting for RPC response from GPU2 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)." % (b, bad.pids[bl])),
                   K(t_x, "NVRM: GPU2 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004."),
                   K(t_x, "NVRM: GPU2 RPC history (CPU -> GSP):"),
                   K(t_x, "NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling"),
                   K(t_x, "NVRM:      0    76   GSP_RM_CONTROL        0x0000000020800a4c 0x0000000000000004 0x00062145aa1e01c3 0x0000000000000000          y"),
                   K(t_x, "NVRM:     -1    76   GSP_RM_CONTROL        0x0000000020801348 0x0000000000000004 0x00062145aa1dff70 0x00062145aa1dffb2     66us  "),
                   K(t_x, "NVRM:     -2    10   FREE                  0x00000000a55a0040 0x0000000000000000 0x00062145aa1dfd84 0x00062145aa1dfdd1     77us  "),
                   K(t_x + SEC(6.1), "NVRM: Xid (%s): 119, pid=%d, name=python3, Timeout after 6s of waiting for RPC response from GPU2 GSP! Expected function 10 (FREE) (0xa55a0040 0x0)." % (b, bad.pids[bl])),
                   K(t_x + SEC(12.2), "NVRM: Rate limiting GSP RPC error prints for GPU at %s (printing 1 of every 30).  The GPU likely needs to be reset." % b),
                   K(t_x + SEC(12.3), "NVRM: Xid (%s): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)" % b)]
        c.write("%s/journalctl_kernel.txt" % nd.host, jl)
    c.write("h100-r3-n07/nvidia-smi-after.txt", L.nvidia_smi_table(rng, L.date_cmd(t_x + SEC(400), z, "EDT"), bad.bus,
                                                                  driver="550.90.07", cuda="12.4", bad={2}))
    c.label("gpu_hardware", "infrastructure", "h100-r3-n07", 18, "restart_without_node",
            "h100-r3-n07 logged Xid 119 (GSP RPC timeout) on GPU2 (rank 18) at 02:17:53 EDT; rank 18 never timed out or "
            "exited (SIGKILLed later) while everyone else hit the 100 s watchdog, and the IB errors blaming 10.3.30.5 "
            "(h100-r3-n05) follow that node's own earlier timeout.",
            "https://plexus.company/guides/gpu-xid-errors/119")


# --------------------------------------------------------------------------------------------- bd14
def bd14(c):
    """HF Accelerate FSDP on 4 AWS nodes; Xid 48 DBE on ip-10-1-33-90 GPU AB (rank 29); benign Xid 63 on
    ip-10-1-17-201 two hours earlier. Syslog + HF logging, UTC."""
    rng = random.Random(5914)
    z = L.UTC
    hosts = ["ip-10-1-9-77", "ip-10-1-17-201", "ip-10-1-20-14", "ip-10-1-33-90"]
    nodes = [Node(rng, h, i, h[3:].replace("-", "."), z, L.HGX_H100_BUS,
                  hcas=["rdmap16s27", "rdmap32s27", "rdmap48s27", "rdmap64s27"]) for i, h in enumerate(hosts)]
    t0 = L.T(2025, 2, 14, 1, 30, 9)
    t_x = L.T(2025, 2, 14, 9, 3, 51, 44000)
    bad = nodes[3]
    bl = 5
    r = bad.rank(bl)
    for nd in nodes:
        st = L.Stream()
        st.add(t0, ["+ accelerate launch --num_machines 4 --machine_rank %d --main_process_ip 10.1.9.77 --num_processes 32 --use_fsdp train_dpo.py" % nd.node_rank])
        st.add(t0 + SEC(40), ["%s:%d:%d [%d] NCCL INFO NET/OFI Using aws-ofi-nccl 1.11.0-aws" % (nd.host, p, p, i) for i, p in enumerate(nd.pids)])
        st.add(t0 + SEC(41), ["%s:%d:%d [%d] NCCL INFO NET/OFI Selected Provider is efa (found 32 nics)" % (nd.host, p, p, i) for i, p in enumerate(nd.pids)])
        st.add(t0 + SEC(42), ["%s:%d:%d [%d] NCCL INFO comm 0x%x rank %d nranks 32 cudaDev %d nvmlDev %d busId %s commId 0x5c1d9f0a7e3b2c41 - Init COMPLETE" % (
            nd.host, p, p + 511, i, rng.randint(0x55d000000000, 0x55dfffffffff), nd.rank(i), i, i, L.busid_short(nd.bus[i])) for i, p in enumerate(nd.pids)])
        if nd.node_rank == 0:
            for s in range(10, 20000, 10):
                t = t0 + SEC(200 + s * 4.4 + rng.uniform(-0.3, 0.3))
                if t > t_x:
                    break
                if s % 50 == 0:
                    st.add(t, "%s - INFO - __main__ - step %d | loss %.4f | rewards/chosen %.3f | rewards/margins %.3f | lr %.2e" % (
                        L.hf(t, z), s, 0.69 * (0.9998 ** s) + rng.uniform(-0.01, 0.01), rng.uniform(-0.3, 0.4), rng.uniform(0.1, 1.2), 5e-7))
        if nd is bad:
            tf = t_x + SEC(0.6)
            st.add(tf, cuda_err_tb("[rank%d]: " % r, [
                ("/workspace/dpo/train_dpo.py", 288, "<module>", "main()"),
                ("/workspace/dpo/train_dpo.py", 251, "main", "accelerator.backward(loss)"),
                ("/usr/local/lib/python3.11/site-packages/accelerate/accelerator.py", 2241, "backward", "loss.backward(**kwargs)"),
                ("/usr/local/lib/python3.11/site-packages/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
                ("/usr/local/lib/python3.11/site-packages/torch/autograd/graph.py", 825, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
            ], "uncorrectable ECC error encountered"))
            S.agent_fail(rng, st, nd, tf + SEC(1.5), bl, 1, "train_dpo.py", sigterm=True, binp="/usr/local/bin/accelerate",
                         site="/usr/local/lib/python3.11/site-packages")
        else:
            tw = t_x + SEC(1800 + rng.uniform(0.1, 1.8))
            last = S.timeout_node(rng, st, nd, tw, 77190, optype="_ALLGATHER_BASE", numel=58720256, timeout_ms=1800000,
                                  lib="/usr/local/lib/python3.11/site-packages/torch/lib")
            S.agent_fail(rng, st, nd, last + SEC(1.2), rng.randint(0, 7), -6, "train_dpo.py", binp="/usr/local/bin/accelerate",
                         site="/usr/local/lib/python3.11/site-packages")
        c.write("%s/train.log" % nd.host, st.text())
    for nd in nodes:
        boot = L.T(2025, 2, 13, 22, 9, 54) - SEC(nd.node_rank * 37.3)
        up = lambda t, b=boot: "[%12.6f]" % (t - b).total_seconds()
        t1 = L.T(2025, 2, 13, 22, 10, 3)
        t2 = boot + SEC(11.208118)
        sl = ["%s %s kernel: %s efa 0000:10:1b.0: Setup irq:0xffff8a2b01e4e000 vector:128 name:efa-mgmnt@pci:0000:10:1b.0" % (L.syslog(t2, z), nd.host, up(t2)),
              "%s %s systemd[1]: Started dcgm-exporter.service - DCGM Exporter." % (L.syslog(t1 + SEC(40), z), nd.host)]
        if nd.host == "ip-10-1-17-201":
            tx = L.T(2025, 2, 14, 6, 47, 1)
            sl.append("%s %s kernel: %s NVRM: Xid (PCI:0000:5d:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000098e1f) marked for remapping, reset gpu to activate." % (L.syslog(tx, z), nd.host, up(tx)))
        if nd is bad:
            b = L.xid_pci(nd.bus[bl])
            sl.append("%s %s kernel: %s NVRM: Xid (%s): 48, pid=%d, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % (L.syslog(t_x, z), nd.host, up(t_x), b, bad.pids[bl]))
            sl.append("%s %s kernel: %s NVRM: Xid (%s): 45, pid=%d, name=python3, Ch 00000008" % (L.syslog(t_x, z), nd.host, up(t_x + us(659)), b, bad.pids[bl]))
        c.write("%s/syslog.txt" % nd.host, sl)
    c.label("gpu_memory", "infrastructure", "ip-10-1-33-90", 29, "restart_without_node",
            "ip-10-1-33-90 reports Xid 48 (double-bit ECC) on GPU 0000:AB (local 5, rank 29) at 09:03:51 and rank 29 dies "
            "on 'uncorrectable ECC error'; the earlier Xid 63 on ip-10-1-17-201 is a routine remap notice and the rest are 30-min timeouts.",
            "https://docs.nvidia.com/deploy/dynamic-page-retirement/visibility.html")


# --------------------------------------------------------------------------------------------- bd15
def bd15(c):
    """DDP, 4 nodes, +08:00 local. Rank 30 on gpn-03 OOMs at the first step because a stale process of another user
    holds 31 GiB on GPU 6 (visible in the prolog nvidia-smi and ps)."""
    rng = random.Random(5915)
    z = L.tz(8)
    hosts = ["gpn-00", "gpn-01", "gpn-02", "gpn-03"]
    nodes = [Node(rng, h, i, "10.88.0.%d" % (100 + i), z, L.DGX_H100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2025, 1, 14, 0, 1, 10)
    t_oom = L.T(2025, 1, 14, 0, 3, 44, 602000)
    bad = nodes[3]
    bl = 6
    r = bad.rank(bl)
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 4, 8, "gpn-00:29500", "ddp_train.py --model vit_g14 --batch-size 48 --amp bf16", rdzv_id="vitg-0114"))
        st.add(t0 + SEC(20), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4"))
        if nd.node_rank == 0:
            st.add(t0 + SEC(110), ["%s INFO ddp_train: params 1.84B, per-GPU batch 48, grad accumulation 1" % L.pylog_ms(t0 + SEC(110), z),
                                   "%s INFO ddp_train: starting epoch 0 (steps/epoch 26667)" % L.pylog_ms(t0 + SEC(152), z)])
        if nd is bad:
            st.add(t_oom, S.py_tb("[rank%d]: " % r, [
                ("/home/svc-llm/vitg/ddp_train.py", 233, "<module>", "train(args)"),
                ("/home/svc-llm/vitg/ddp_train.py", 188, "train", "out = model(images)"),
                (S.SITE + "/torch/nn/parallel/distributed.py", 1643, "forward", "else self._run_ddp_forward(*inputs, **kwargs)"),
                ("/home/svc-llm/vitg/models/vit.py", 141, "forward", "x = blk(x)"),
                ("/home/svc-llm/vitg/models/vit.py", 97, "forward", "x = x + self.drop_path(self.mlp(self.norm2(x)))"),
            ], ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 6 has a total capacity of 79.11 GiB of which 1.21 GiB is free. Process 2290331 has 31.02 GiB memory in use. Including non-PyTorch memory, this process has 46.80 GiB memory in use. Of the allocated memory 43.12 GiB is allocated by PyTorch, and 1.93 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"]))
            S.agent_fail(rng, st, nd, t_oom + SEC(1.6), bl, 1, "ddp_train.py", sigterm=True)
        else:
            tw = t_oom + SEC(600 + rng.uniform(0.8, 2.4))
            last = S.timeout_node(rng, st, nd, tw, 3, optype="ALLREDUCE", numel=26214400, timeout_ms=600000)
            S.agent_fail(rng, st, nd, last + SEC(1.0), rng.randint(0, 7), -6, "ddp_train.py")
        c.write("%s/vitg-0114.log" % nd.host, st.text())
    for nd in nodes:
        procs = [(6, 2290331, "python", 31022)] if nd is bad else None
        c.write("%s/prolog_nvidia-smi.txt" % nd.host, L.nvidia_smi_table(
            rng, L.date_cmd(t0 - SEC(20), z, "+08"), nd.bus, driver="550.90.07", cuda="12.4", procs=procs,
            mem_used=[31590 if (nd is bad and i == 6) else 4 for i in range(8)]))
    c.write("gpn-03/ps_2290331.txt", ["$ ps -o user,pid,ppid,stat,lstart,etime,rss,cmd -p 2290331",
                                      "USER         PID    PPID STAT                  STARTED     ELAPSED   RSS CMD",
                                      "mchen    2290331       1 Sl   Mon Jan 13 21:04:19 2025       12:17 18244120 python train_old.py --resume ckpt/last.pt",
                                      "$ squeue -w gpn-03 -h -o '%i %u %T'",
                                      "771402 svc-llm RUNNING"])
    c.label("oom", "infrastructure", "gpn-03", 30, "restart_without_node",
            "Rank 30 (gpn-03, GPU 6) ran out of memory on the first step because PID 2290331, an orphaned job of another "
            "user started the previous evening, held 31 GiB on that GPU; the other 31 ranks only time out 10 minutes later.",
            "https://github.com/ai4d-iasc/trixie/issues/92")


# --------------------------------------------------------------------------------------------- bd16
def bd16(c):
    """3 nodes, app logs ISO-Z (UTC), dmesg -T in local -03:00. OOM killer on vis-1 kills DataLoader workers of this
    job (uid 1003); other nodes near their RAM limit too. Config: 16 workers with decoded-frame caching."""
    rng = random.Random(5916)
    zl = L.tz(-3)
    z = L.UTC
    hosts = ["vis-0", "vis-1", "vis-2"]
    nodes = [Node(rng, h, i, "10.51.0.%d" % (10 + i), z, L.DGX_A100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2025, 2, 7, 11, 2, 31)
    t_k = L.T(2025, 2, 7, 18, 22, 39, 402000)
    bad = nodes[1]
    bl = 3
    r = bad.rank(bl)
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 3, 8, "vis-0:29500", "train_video.py --cfg cfgs/vjepa_l.yaml --num-workers 16 --cache-decoded-frames --frames 64", rdzv_id="vjepa"))
        st.add(t0 + SEC(18), S.nccl_init_all(rng, nd, 24, 3, version="2.21.5+cuda12.4"))
        if nd.node_rank == 0:
            t = t0 + SEC(200)
            it = 0
            while t < t_k:
                it += 50
                t += SEC(50 * 2.2 + rng.uniform(-1, 1))
                rss = 1.18 + (t - t0).total_seconds() / 26000.0
                st.add(t, "%s INFO train_video: itr %d loss %.4f mem %.1fG host_rss %.2fT data %.3fs" % (
                    L.iso_z(t), it, 0.42 + 0.3 * (0.9997 ** it), 57.3, min(rss, 1.93), rng.uniform(0.01, 0.4)))
        if nd is bad:
            tf = t_k + SEC(0.21)
            st.add(tf, S.py_tb("[rank%d]: " % r, [
                ("/srv/vj/train_video.py", 412, "<module>", "main()"),
                ("/srv/vj/train_video.py", 361, "main", "clips, labels = next(loader_iter)"),
                (S.SITE + "/torch/utils/data/dataloader.py", 701, "__next__", "data = self._next_data()"),
                (S.SITE + "/torch/utils/data/dataloader.py", 1448, "_next_data", "idx, data = self._get_data()"),
                (S.SITE + "/torch/utils/data/dataloader.py", 1412, "_get_data", "success, data = self._try_get_data()"),
                (S.SITE + "/torch/utils/data/dataloader.py", 1256, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e"),
            ], ["RuntimeError: DataLoader worker (pid(s) 771204) exited unexpectedly"]))
            st.add(tf, "[rank%d]: RuntimeError: DataLoader worker (pid 771204) is killed by signal: Killed. " % r)
            S.agent_fail(rng, st, nd, tf + SEC(1.2), bl, 1, "train_video.py", sigterm=True)
        else:
            tw = t_k + SEC(600 + rng.uniform(0.3, 1.5))
            last = S.timeout_node(rng, st, nd, tw, 61544, optype="ALLREDUCE", numel=75497472, timeout_ms=600000, frames=False)
            S.agent_fail(rng, st, nd, last + SEC(1.0), rng.randint(0, 7), -6, "train_video.py")
        c.write("%s/train_video.log" % nd.host, st.text())
    fmt = lambda t: L.dmesg_T(t, zl)
    dl = S.dmesg_boot_noise(fmt, L.T(2025, 2, 1, 12, 0, 0), "vis-1")
    tk = t_k - SEC(0.3)
    dl += ["%s pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0" % fmt(tk),
           "%s CPU: 87 PID: 771511 Comm: pt_data_worker Tainted: P           OE     5.15.0-126-generic #136-Ubuntu" % fmt(tk),
           "%s Mem-Info:" % fmt(tk),
           "%s active_anon:503122211 inactive_anon:48812 isolated_anon:0" % fmt(tk),
           "%s  active_file:1211 inactive_file:903 isolated_file:0" % fmt(tk),
           "%s Tasks state (memory values in pages):" % fmt(tk),
           "%s [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name" % fmt(tk)]
    pid = 770811
    for i in range(8):
        dl.append("%s [%7d]  1003 %6d 29112313  9123331 76939264        0             0 python" % (fmt(tk), pid + i * 3, pid + i * 3))
    wp = 771190
    for i in range(40):
        p = wp + i * 7
        dl.append("%s [%7d]  1003 %6d 18811231 %8d 65998848        0             0 pt_data_worker" % (fmt(tk), p, p, 7810000 + rng.randint(0, 600000)))
    dl.append("%s [   2211]     0   2211    48112     1203   151552        0             0 slurmd" % fmt(tk))
    dl.append("%s oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/system.slice/slurmstepd.scope/job_660291/step_0,task=pt_data_worker,pid=771204,uid=1003" % fmt(tk))
    dl.append("%s Out of memory: Killed process 771204 (pt_data_worker) total-vm:75244924kB, anon-rss:32884124kB, file-rss:0kB, shmem-rss:1822kB, UID:1003 pgtables:65432kB oom_score_adj:0" % fmt(tk + SEC(0.3)))
    c.write("vis-1/dmesg.txt", dl)
    for nd in nodes:
        used = {"vis-0": 1894, "vis-1": 2003, "vis-2": 1911}[nd.host]
        c.write("%s/free_g_%s.txt" % (nd.host, "1822"), ["$ date -u; free -g", L.date_cmd(t_k - SEC(17), z, "UTC"),
                                                        "               total        used        free      shared  buff/cache   available",
                                                        "Mem:            2015        %4d          %2d           1          %2d          %2d" % (used, 2015 - used - 6, 6, max(2015 - used - 3, 1)),
                                                        "Swap:              0           0           0"])
    c.label("oom", "framework", None, None, "stop",
            "The first failure is rank 11 on vis-1 losing a DataLoader worker to the kernel OOM killer (18:22:39 UTC = "
            "15:22:39 local); the killed processes all belong to the job's own 16-worker frame-caching loaders and the other "
            "nodes sit at 94-95% RAM as well.",
            "https://github.com/pytorch/pytorch/issues/8976")


# --------------------------------------------------------------------------------------------- bd17
def bd17(c):
    """Megatron PP=4 (one stage per node) under srun. All 8 ranks of the last stage (dgx004) OOM at iteration 1
    computing logits for a 256k vocab with seq 8192 / mbs 4; no foreign processes."""
    rng = random.Random(5917)
    z = L.UTC
    hosts = ["dgx001", "dgx002", "dgx003", "dgx004"]
    nodes = [Node(rng, h, i, "172.31.8.%d" % (1 + i), z, L.DGX_H100_BUS) for i, h in enumerate(hosts)]
    jobid = 418822
    t0 = L.T(2025, 3, 4, 13, 40, 0)
    t_oom = t0 + SEC(311.4)
    bad = nodes[3]
    args = ["------------------------ arguments ------------------------",
            "  hidden_size ..................................... 8192",
            "  micro_batch_size ................................ 4",
            "  num_layers ...................................... 64",
            "  padded_vocab_size ............................... 256000",
            "  pipeline_model_parallel_size .................... 4",
            "  recompute_granularity ........................... None",
            "  seq_length ...................................... 8192",
            "  tensor_model_parallel_size ...................... 8",
            "  untie_embeddings_and_output_weights ............. True",
            "-------------------- end of arguments ---------------------"]
    for nd in nodes:
        st = L.Stream()
        st.add(t0, "+ srun --ntasks-per-node=8 python pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 4 --num-layers 64 --hidden-size 8192 --seq-length 8192 --micro-batch-size 4 --global-batch-size 256 --vocab-size 256000 --bf16")
        if nd.node_rank == 0:
            st.add(t0 + SEC(15), args)
        st.add(t0 + SEC(40), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4"))
        st.add(t0 + SEC(80), [" > number of parameters on (tensor, pipeline) model parallel rank (%d, %d): %d" % (lr_, nd.node_rank, 2.24e9 if nd.node_rank != 3 else 2.49e9) for lr_ in range(8)])
        if nd.node_rank == 0:
            st.add(t0 + SEC(300), ["[after dataloaders are built] datetime: %s " % L.pylog(t0 + SEC(300), z), "training ..."])
        if nd is bad:
            for lr_ in range(8):
                rk = nd.rank(lr_)
                tt = t_oom + SEC(rng.uniform(0, 0.4))
                free = 9.82 - rng.uniform(0, 0.6)
                st.add(tt, S.py_tb("[rank%d]: " % rk, [
                    ("/workspace/Megatron-LM/pretrain_gpt.py", 247, "<module>", "pretrain("),
                    ("/workspace/Megatron-LM/megatron/training/training.py", 355, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                    ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 1281, "forward_backward_pipelining_without_interleaving", "output_tensor, num_tokens = forward_step("),
                    ("/workspace/Megatron-LM/pretrain_gpt.py", 198, "forward_step", "output_tensor = model(tokens, position_ids, attention_mask, labels=labels)"),
                    ("/workspace/Megatron-LM/megatron/core/models/gpt/gpt_model.py", 254, "forward", "loss = self.compute_language_model_loss(labels, logits)"),
                    ("/workspace/Megatron-LM/megatron/core/tensor_parallel/cross_entropy.py", 143, "forward", "exp_logits = torch.exp(vocab_parallel_logits)"),
                ], ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 15.26 GiB. GPU %d has a total capacity of 79.11 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory 63.90 GiB is allocated by PyTorch, and 4.02 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (lr_, free, 79.11 - free)]))
        else:
            tw = t_oom + SEC(600 + rng.uniform(0.2, 1.5) - (nd.node_rank * 0.0))
            S.timeout_node(rng, st, nd, tw, 7 + nd.node_rank, optype=("RECV" if nd.node_rank == 2 else "ALLREDUCE"), numel=134217728, timeout_ms=600000, frames=False)
        c.write("%s/out_%d_%s.log" % (nd.host, jobid, nd.host), st.text())
        c.write("%s/nvidia-smi_prolog.txt" % nd.host, L.nvidia_smi_table(rng, L.date_cmd(t0 - SEC(9), z, "UTC"), nd.bus, driver="550.90.07", cuda="12.4"))
    c.write("slurm-%d.out" % jobid, ["srun: error: dgx004: tasks 24-31: Exited with exit code 1",
                                     "srun: error: dgx003: tasks 16-23: Aborted (core dumped)",
                                     "srun: error: dgx001: tasks 0-7: Aborted (core dumped)",
                                     "srun: error: dgx002: tasks 8-15: Aborted (core dumped)"])
    c.label("oom", "framework", None, None, "stop",
            "All eight ranks of the last pipeline stage (dgx004) run out of memory in the cross-entropy of the first "
            "iteration (256k vocab, seq 8192, micro-batch 4, 64 GiB allocated by PyTorch, no other process); the other "
            "stages only time out waiting for it.",
            "https://github.com/NVIDIA/Megatron-LM/issues/92")


# --------------------------------------------------------------------------------------------- bd18
def bd18(c):
    """4 nodes; gpu-n22 came back from reimaging with driver 470 (CUDA 11.4): all its ranks fail at cuda init; the other
    24 ranks wait in the first DDP broadcast and time out 10 minutes later."""
    rng = random.Random(5918)
    z = L.UTC
    hosts = ["gpu-n19", "gpu-n20", "gpu-n22", "gpu-n23"]
    nodes = [Node(rng, h, i, "10.2.5.%d" % int(h[-2:]), z, L.DGX_A100_BUS,
                  hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9"]) for i, h in enumerate(hosts)]
    t0 = L.T(2025, 3, 17, 7, 55, 40)
    bad = nodes[2]
    t_fail = t0 + SEC(21.7)
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 4, 8, "gpu-n19:29400", "pretrain.py --config cfg/gpt2xl_ddp.yaml", rdzv_id="gpt2xl-0317"))
        if nd is bad:
            for lr_ in range(8):
                rk = nd.rank(lr_)
                tt = t_fail + SEC(rng.uniform(0, 0.5))
                st.add(tt, ["[rank%d]: /usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)" % rk,
                            "[rank%d]:   return torch._C._cuda_getDeviceCount() > 0" % rk] + S.py_tb("[rank%d]: " % rk, [
                    ("/opt/train/pretrain.py", 301, "<module>", "main()"),
                    ("/opt/train/pretrain.py", 41, "main", "torch.cuda.set_device(local_rank)"),
                    (S.SITE + "/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
                    (S.SITE + "/torch/cuda/__init__.py", 302, "_lazy_init", "torch._C._cuda_init()"),
                ], ["RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."]))
            S.agent_fail(rng, st, nd, t_fail + SEC(1.4), 0, 1, "pretrain.py", others_exit=1)
        else:
            st.add(t0 + SEC(24), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4"))
            tw = t0 + SEC(24.5 + 600 + rng.uniform(0, 1.2))
            last = S.timeout_node(rng, st, nd, tw, 1, optype="BROADCAST", numel=1557611200, timeout_ms=600000)
            S.agent_fail(rng, st, nd, last + SEC(1.1), rng.randint(0, 7), -6, "pretrain.py")
        c.write("%s/torchrun.log" % nd.host, st.text())
        drv = ("470.239.06", "11.4") if nd is bad else ("550.90.07", "12.4")
        c.write("%s/nvidia-smi.txt" % nd.host, L.nvidia_smi_table(rng, L.date_cmd(t0 - SEC(30), z, "UTC"), nd.bus,
                                                                 driver=drv[0], cuda=drv[1], model="NVIDIA A100-SXM4-80GB", mem_total=81920))
    c.label("dependency", "infrastructure", "gpu-n22", None, "restart_without_node",
            "Only gpu-n22 fails, 22 s after launch, with 'NVIDIA driver on your system is too old (found version 11040)' "
            "and its nvidia-smi shows driver 470/CUDA 11.4 versus 550/12.4 elsewhere; the other nodes just time out in the first broadcast.",
            "https://github.com/lllyasviel/Fooocus/issues/1313")


# --------------------------------------------------------------------------------------------- bd19
def bd19(c):
    """6 nodes with torch.compile. The first lines of the first file are c10d connect retries (harmless). At the first
    eval (step 1000) w-3 recompiles and inductor hits ENOSPC on /tmp: its root disk is full of old core dumps."""
    rng = random.Random(5919)
    z = L.UTC
    hosts = ["w-%d" % i for i in range(6)]
    nodes = [Node(rng, h, i, "10.7.0.%d" % (20 + i), z, L.HGX_H100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2025, 4, 2, 6, 0, 3)
    t_fail = L.T(2025, 4, 2, 7, 41, 18, 330000)
    bad = nodes[3]
    for nd in nodes:
        st = L.Stream()
        if nd.node_rank == 0:
            for k in range(3):
                tt = t0 + SEC([0.41, 1.53, 2.71][k])
                st.add(tt, "[W%s socket.cpp:697] [c10d] The client socket has failed to connect to [w-0.train.svc]:29400 (errno: 111 - Connection refused)." % L.c10(tt, "", z))
        st.add(t0 + SEC(4), [L.elastic_new(t0 + SEC(4), "W", nd.agent_pid, b, z, path="torch/distributed/run.py:793") for b in [""] + L.OMP_BANNER])
        st.add(t0 + SEC(20), S.nccl_init_all(rng, nd, 48, 6, version="2.21.5+cuda12.4"))
        if nd.node_rank == 0:
            for s in range(20, 1001, 20):
                t = t0 + SEC(150 + s * 5.8 + rng.uniform(-0.3, 0.3))
                st.add(t, "%s INFO [rank0] step %4d loss %.4f tok/s %d compile_cache_hits %d" % (L.pylog_ms(t, z), s, 3.0 + 5 * (0.998 ** s), 251000 + rng.randint(-2000, 2000), 412))
            st.add(t_fail - SEC(3), "%s INFO [rank0] running eval (seq_len=16384, batch=1)" % L.pylog_ms(t_fail - SEC(3), z))
        if nd is bad:
            for lr_ in range(8):
                rk = nd.rank(lr_)
                tt = t_fail + SEC(rng.uniform(0, 3.0))
                st.add(tt, S.py_tb("[rank%d]: " % rk, [
                    ("/app/train_compiled.py", 377, "<module>", "main()"),
                    ("/app/train_compiled.py", 331, "main", "val = evaluate(model, val_loader)"),
                    ("/app/train_compiled.py", 208, "evaluate", "logits = model(x)"),
                    (S.SITE + "/torch/_dynamo/eval_frame.py", 465, "_fn", "return fn(*args, **kwargs)"),
                    (S.SITE + "/torch/_dynamo/output_graph.py", 1446, "_call_user_compiler", "raise BackendCompilerFailed(self.compiler_fn, e).with_traceback("),
                ], ["torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                    "OSError: [Errno 28] No space left on device: '/tmp/torchinductor_svc/tmp%s/c%s/c%s.py'" % (
                        "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(8)), rng.choice("abcdef"),
                        "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(51))),
                    "", "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information", "", "",
                    "You can suppress this exception and fall back to eager by setting:",
                    "    import torch._dynamo",
                    "    torch._dynamo.config.suppress_errors = True", ""]))
            S.agent_fail(rng, st, nd, t_fail + SEC(4.2), 2, 1, "train_compiled.py", others_exit=1)
        else:
            tw = t_fail + SEC(600 + rng.uniform(0.2, 1.5))
            last = S.timeout_node(rng, st, nd, tw, 20113, optype="ALLREDUCE", numel=1, timeout_ms=600000, frames=False)
            S.agent_fail(rng, st, nd, last + SEC(1.0), rng.randint(0, 7), -6, "train_compiled.py")
        c.write("%s/torchrun.log" % nd.host, st.text())
        pct = 100 if nd is bad else 31 + nd.node_rank * 2
        used = 440 if nd is bad else int(440 * pct / 100)
        c.write("%s/df-h.txt" % nd.host, ["$ df -h / /tmp /dev/shm", "Filesystem      Size  Used Avail Use% Mounted on",
                                          "/dev/nvme0n1p2  440G  %3dG  %3dG %3d%% /" % (used, 440 - used, pct),
                                          "/dev/nvme0n1p2  440G  %3dG  %3dG %3d%% /" % (used, 440 - used, pct),
                                          "tmpfs           1.0T   31G  993G   4% /dev/shm"])
    c.write("w-3/du_var.txt", ["$ sudo du -xsh /var/crash /var/tmp /tmp 2>/dev/null",
                               "377G\t/var/crash", "1.2G\t/var/tmp", "19G\t/tmp",
                               "$ ls -lt /var/crash | head -4",
                               "total 395321420",
                               "-rw-r----- 1 root whoopsie 41220911104 Mar 29 03:12 _usr_bin_python3.10.1001.crash",
                               "-rw-r----- 1 root whoopsie 40870331392 Mar 28 22:47 _usr_bin_python3.10.1001.crash.1",
                               "-rw-r----- 1 root whoopsie 40112214016 Mar 27 19:03 _usr_bin_python3.10.1001.crash.2"])
    c.label("storage", "infrastructure", "w-3", None, "restart_without_node",
            "At the first eval recompilation all eight ranks of w-3 fail with ENOSPC under /tmp/torchinductor_svc; w-3's "
            "root filesystem is 100% full from old crash dumps while the others are ~30%. The socket retries at the top of "
            "w-0's log were the normal rendezvous wait.",
            "https://github.com/pytorch/pytorch/issues/121122")


CASES = [
    ("bd10_eval_crash_all_24_ranks", bd10),
    ("bd11_fsdp_rank17_error_then_timeouts", bd11),
    ("bd12_lightning_one_task_exit_then_aborts", bd12),
    ("bd13_titan_hundred_second_timeouts", bd13),
    ("bd14_dpo_run_abort_and_timeouts", bd14),
    ("bd15_oom_first_step_one_rank", bd15),
    ("bd16_video_loader_worker_killed", bd16),
    ("bd17_pipeline_job_oom_at_iteration_1", bd17),
    ("bd18_startup_failure_then_broadcast_timeouts", bd18),
    ("bd19_socket_warnings_then_eval_crash", bd19),
]
