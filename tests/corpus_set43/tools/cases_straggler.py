"""Stragglers: a single slow GPU or node, with and without node-level evidence."""
import random

from common import (Case, T, plus, ts_py, ts_iso, ts_glog_old, ts_dmesg_T, ts_syslog,
                    ts_megatron, ts_slurm, fmt_hms, nvsmi_q, gpu_default, nvsmi_table,
                    dcgmi_dmon_raw, nccl_init_lines, boot_dmesg, fmt_uptime, rand_pid,
                    BUS_IDS_H100, BUS_IDS_A100)


def nccl_complete(host, pid, lr, rank, n, bus, rng):
    return "%s:%d:%d [%d] NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x%x - Init COMPLETE" % (
        host, pid, pid + rng.randint(40, 400), lr, rng.getrandbits(44), rank, n, lr, lr, bus.lower(), rng.getrandbits(60))


def megatron_args_block(rng, world, tp, pp, gbs, mbs, seq, iters, extra=None):
    args = [
        ("accumulate_allreduce_grads_in_fp32", "True"), ("adam_beta1", "0.9"), ("adam_beta2", "0.95"),
        ("adam_eps", "1e-08"), ("attention_dropout", "0.0"), ("bf16", "True"),
        ("clip_grad", "1.0"), ("data_parallel_size", str(world // (tp * pp))),
        ("data_path", "['/lustre/fsw/llm/data/pile_gpt2_text_document']"),
        ("distributed_backend", "nccl"), ("distributed_timeout_minutes", "30"),
        ("eval_interval", "1000"), ("eval_iters", "10"), ("ffn_hidden_size", "14336"),
        ("global_batch_size", str(gbs)), ("hidden_size", "4096"), ("log_interval", "10"),
        ("lr", "0.0003"), ("lr_decay_style", "cosine"), ("lr_warmup_iters", "2000"),
        ("micro_batch_size", str(mbs)), ("num_attention_heads", "32"), ("num_layers", "32"),
        ("pipeline_model_parallel_size", str(pp)), ("save", "/lustre/fsw/llm/ckpt/gpt-8b"),
        ("save_interval", "500"), ("seq_length", str(seq)), ("tensor_model_parallel_size", str(tp)),
        ("train_iters", str(iters)), ("use_distributed_optimizer", "True"),
        ("use_flash_attn", "True"), ("world_size", str(world)),
    ]
    if extra:
        args += extra
        args.sort()
    L = ["------------------------ arguments ------------------------"]
    for k, v in args:
        L.append("  %s %s %s" % (k, "." * max(3, 48 - len(k)), v))
    L.append("-------------------- end of arguments ---------------------")
    return L


def megatron_iter(t, it, total, gbs, ms, tflops, lr, loss, gn):
    return (" %s iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | "
            "lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | "
            "number of nan iterations:   0 |") % (ts_megatron(t), it, total, it * gbs, ms, tflops, lr, gbs, loss, gn)


def timer_line(name, a, b):
    return "    %s %s: (%.2f, %.2f)" % (name, "." * max(3, 47 - len(name)), a, b)


def lr_at(it, peak=3e-4, warm=2000, total=250000):
    if it < warm:
        return peak * it / warm
    import math
    return 3e-5 + 0.5 * (peak - 3e-5) * (1 + math.cos(math.pi * (it - warm) / (total - warm)))


# ---------------------------------------------------------------------------
# an01
# ---------------------------------------------------------------------------

def an01():
    rng = random.Random(4301)
    c = Case("an01_iteration_time_creeps_up_after_hour_two")
    hosts = ["hgx-r12-n01", "hgx-r12-n02", "hgx-r12-n03", "hgx-r12-n04"]
    ips = ["10.12.1.%d" % (11 + i) for i in range(4)]
    culprit_node, culprit_lr = 1, 5
    bad_rank = culprit_node * 8 + culprit_lr
    t0 = T(2024, 3, 12, 21, 4, 11)
    jobid = 884213
    out = []
    out.append("+ srun --label --ntasks-per-node=1 bash launch.sh")
    for i, h in enumerate(hosts):
        out.append("%d: [launch %s] node_rank=%d nproc_per_node=8 global ranks %d-%d MASTER_ADDR=%s CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7"
                   % (i, h, i, i * 8, i * 8 + 7, hosts[0], ))
    pids = {}
    for i, h in enumerate(hosts):
        base = rand_pid(rng)
        for lr in range(8):
            pids[i * 8 + lr] = base + lr * 3
    out.append("0: using world size: 32, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 4, pipeline-model-parallel size: 1")
    out.append("0: WARNING: overriding default arguments for tokenizer_type:GPT2BPETokenizer                        with tokenizer_type:GPT2BPETokenizer")
    out.append("0: using torch.bfloat16 for parameters ...")
    for line in megatron_args_block(rng, 32, 4, 1, 512, 2, 4096, 250000,
                                    extra=[("log_straggler", "True"), ("straggler_minmax_count", "1"),
                                           ("timing_log_level", "1")]):
        out.append("0: " + line)
    out.append("0: setting number of micro-batches to constant 32")
    out.append("0: > building GPT2BPETokenizer tokenizer ...")
    out.append("0:  > padded vocab (size: 50257) with 431 dummy tokens (new size: 50688)")
    out.append("0: > initializing torch distributed ...")
    for ln in nccl_init_lines(hosts[0], pids[0], 0, 0, 32, ips[0], BUS_IDS_H100[0], rng):
        out.append("0: " + ln)
    for r in range(32):
        ni, lr = divmod(r, 8)
        out.append("%d: %s" % (ni, nccl_complete(hosts[ni], pids[r], lr, r, 32, BUS_IDS_H100[lr], rng)))
    out.append("0: > initialized tensor model parallel with size 4")
    out.append("0: > initialized pipeline model parallel with size 1")
    out.append("0: > setting random seeds to 1234 ...")
    out.append("0: > compiling dataset index builder ...")
    out.append("0: >>> done with dataset index builder. Compilation time: 0.081 seconds")
    out.append("0: time to initialize megatron (seconds): 41.377")
    out.append("0: [after megatron is initialized] datetime: %s " % plus(t0, 41).strftime("%Y-%m-%d %H:%M:%S"))
    out.append("0: building GPT model ...")
    out.append("0:  > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 2012758016")
    out.append("0: > learning rate decay style: cosine")
    out.append("0:  loading checkpoint from /lustre/fsw/llm/ckpt/gpt-8b at iteration 41500")
    out.append("0:   successfully loaded checkpoint from /lustre/fsw/llm/ckpt/gpt-8b [ t 0, p 0 ] at iteration 41500")
    out.append("0: [after model, optimizer, and learning rate scheduler are built] datetime: %s " % plus(t0, 88).strftime("%Y-%m-%d %H:%M:%S"))
    out.append("0: > building train, validation, and test datasets ...")
    out.append("0:  > datasets target sizes (minimum size):")
    out.append("0:     train:      128000000")
    out.append("0:     validation: 1280512")
    out.append("0:     test:       5120")
    out.append("0: [after dataloaders are built] datetime: %s " % plus(t0, 97).strftime("%Y-%m-%d %H:%M:%S"))
    out.append("0: done with setup ...")
    out.append("0: training ...")
    out.append("0: [before the start of training step] datetime: %s " % plus(t0, 98).strftime("%Y-%m-%d %H:%M:%S"))
    t = plus(t0, 98)
    it = 41500
    base_ms = 5940.0
    loss = 2.31
    last = hosts.index("hgx-r12-n04")
    slow_start = 41500 + 1290
    rep_ranks_clk = list(range(32))
    end_t = None
    while it < 41500 + 1760:
        it += 10
        if it < slow_start:
            ms = base_ms + rng.uniform(-25, 30)
            slow = 0.0
        else:
            frac = min(1.0, (it - slow_start) / 260.0)
            slow = frac * (1.27 + rng.uniform(-0.02, 0.02))
            ms = base_ms * (1 + 0.25 * frac) + rng.uniform(-30, 40)
        if it % 500 == 0:
            ms += 11800  # checkpoint save stall
        t = plus(t, ms * 10 / 1000.0)
        loss = max(1.9, loss - 0.00018 + rng.uniform(-0.012, 0.012))
        tfl = 398.0 * base_ms / ms
        out.append("%d: %s" % (last, megatron_iter(t, it, 250000, 512, ms, tfl, lr_at(it), loss, rng.uniform(0.18, 0.32))))
        if it % 100 == 0:
            out.append("%d: [Rank 31] (after %d iterations) memory (MB) | allocated: 38211.1 | max allocated: 61877.5 | reserved: 66210.0 | max reserved: 66210.0" % (last, it))
            fb = rng.uniform(1750, 1790)
            if it < slow_start:
                fb_max = fb + rng.uniform(5, 40)
                out.append("%d: (min, max) time across ranks (ms):" % last)
                out.append("%d: %s" % (last, timer_line("forward-backward", ms * 0.958, ms * 0.959)))
                out.append("%d: %s" % (last, timer_line("forward-compute", fb, fb_max)))
                out.append("%d: %s" % (last, timer_line("backward-compute", fb * 2.05, fb_max * 2.06)))
                out.append("%d: %s" % (last, timer_line("batch-generator", 1.3, 3.9)))
                out.append("%d: %s" % (last, timer_line("all-grads-sync", 171.2, 178.9)))
                out.append("%d: %s" % (last, timer_line("optimizer", 58.3, 59.1)))
            else:
                fb_max = fb * (1 + 0.27 * min(1.0, (it - slow_start) / 260.0)) + rng.uniform(5, 30)
                out.append("%d: (min, max) time across ranks (ms):" % last)
                out.append("%d: %s" % (last, timer_line("forward-backward", ms * 0.958, ms * 0.960)))
                out.append("%d: %s" % (last, timer_line("forward-compute", fb, fb_max)))
                out.append("%d: %s" % (last, timer_line("backward-compute", fb * 2.05, fb_max * 2.07)))
                out.append("%d: %s" % (last, timer_line("batch-generator", 1.2, 4.1)))
                out.append("%d: %s" % (last, timer_line("all-grads-sync", 172.0, 180.4)))
                out.append("%d: %s" % (last, timer_line("optimizer", 58.2, 59.4)))
        if it % 50 == 0:
            if it < slow_start:
                mnclk, mnclk_r = 1980 - rng.choice([0, 0, 15, 30]), rng.choice(rep_ranks_clk)
                mxtmp, mxtmp_r = rng.randint(66, 72), rng.choice([4, 13, 21, 27, 2])
                mnpwr_r = rng.choice(range(32))
                mnrtt_r = rng.choice(range(32))
            else:
                frac = min(1.0, (it - slow_start) / 200.0)
                mnclk, mnclk_r = int(1980 - frac * 740 - rng.randint(0, 25)), bad_rank
                mxtmp, mxtmp_r = int(72 + frac * 19), bad_rank
                mnpwr_r = bad_rank
                mnrtt_r = rng.choice([r for r in range(32) if r != bad_rank])
            mnrtt = ms * 0.955
            out.append("0:  %s | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: 100%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: 1980MHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d"
                       % (ts_megatron(t), mnrtt, mnrtt_r, mnrtt + rng.uniform(4, 14), rng.randint(0, 31),
                          rng.randint(598, 615) if it < slow_start else rng.randint(455, 480), mnpwr_r,
                          rng.randint(676, 699), rng.choice([0, 8, 17, 26]),
                          rng.randint(41, 46), rng.choice([0, 8, 24]), mxtmp, mxtmp_r,
                          rng.randint(96, 99), rng.randint(0, 31), rng.randint(0, 31),
                          mnclk, mnclk_r, rng.choice([0, 9, 18, 30]),
                          rng.uniform(1.1, 1.8), rng.randint(0, 31), rng.uniform(2.5, 4.9), rng.randint(0, 31),
                          398.0 * base_ms / ms * (0.99 if it < slow_start else 0.80), rng.randint(0, 31) if it < slow_start else bad_rank,
                          398.0 * base_ms / ms * 1.01, rng.randint(0, 31)))
        if it % 500 == 0:
            out.append("0: saving checkpoint at iteration %7d to /lustre/fsw/llm/ckpt/gpt-8b in torch_dist format" % it)
            out.append("0:   successfully saved checkpoint from iteration %7d to /lustre/fsw/llm/ckpt/gpt-8b [ t 1/4, p 1/1 ]" % it)
        end_t = t
    cancel_t = plus(end_t, 37)
    out.append("slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s ***" % (jobid, hosts[0], ts_slurm(cancel_t)))
    out.append("slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s ***" % (jobid, hosts[0], ts_slurm(cancel_t)))
    for i, h in enumerate(hosts):
        out.append("%d: W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers"
                   % (i, ts_glog_old(plus(cancel_t, 0.2), "")[0:], pids[i * 8] - 40))
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    c.add("slurm-%d.out" % jobid, out)

    c.add("sacct.txt", [
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
        "------------ ---------- ---------- ---------- ---------- ---------- -------- ",
        "%d        gpt8b-pt      batch    llm-pre        896 CANCELLED+      0:0 " % jobid,
        "%d.batch        batch                llm-pre        224  CANCELLED     0:15 " % jobid,
        "%d.0             bash                llm-pre        896  CANCELLED     0:15 " % jobid,
        "",
        "# operator note: cancelled by hand, step time went from ~5.9 s to ~7.4 s overnight, see dashboard",
    ])

    snap_t = plus(end_t, -320)
    for ni, h in enumerate(hosts):
        gpus = []
        for lr in range(8):
            kw = dict(temp=rng.randint(58, 71), mem_temp=rng.randint(62, 74), power=rng.uniform(560, 660),
                      sm=rng.choice([1980, 1980, 1965, 1980]), util=rng.randint(96, 100),
                      fb_used=rng.randint(66100, 66500),
                      procs=[(pids[ni * 8 + lr], "/usr/bin/python3", rng.randint(66000, 66400))])
            if ni == culprit_node and lr == culprit_lr:
                kw.update(temp=91, mem_temp=88, power=431.6, sm=1230,
                          reasons={"hw": 1, "hw_thermal": 1, "sw_thermal": 1})
            if ni == 0 and lr == 2:
                kw.update(temp=79)  # warm but fine
            gpus.append(gpu_default(lr, **kw))
        c.add("%s/nvidia-smi-q.txt" % h, nvsmi_q(snap_t, gpus, rng=rng))

        # dcgmi dmon raw: POWER GTMP SMCLK
        ticks = []
        tt = plus(snap_t, -1200)
        for k in range(40):
            tick = []
            for lr in range(8):
                if ni == culprit_node and lr == culprit_lr:
                    temp = min(91, 88 + k // 12)
                    clk = rng.choice([1215, 1230, 1245, 1260, 1290])
                    pw = 440 + rng.uniform(-12, 12)
                else:
                    temp = rng.randint(58, 71)
                    clk = rng.choice([1980, 1980, 1980, 1965])
                    pw = rng.uniform(560, 670)
                tick.append((lr, ["%.3f" % pw, temp, clk]))
            ticks.append(tick)
        c.add("%s/dcgmi-dmon-e155-150-100.log" % h,
              ["# dcgmi dmon -e 155,150,100 -d 30000 -c 40   (started %s)" % tt.strftime("%Y-%m-%d %H:%M:%S"),
               dcgmi_dmon_raw(ticks, [("POWER", 12), ("GTMP", 8), ("SMCLK", 8)])])

        # dmesg -T
        ev = []
        boot = plus(t0, -86400 * 3 - 3600 * 5)
        for u, m in boot_dmesg(rng, h):
            ev.append((plus(boot, u), m))
        ev.append((plus(t0, -500), "IPv4: martian source 10.12.1.255 from 10.12.1.2, on dev enp86s0f0"))
        if ni == 2:
            ev.append((plus(t0, 4000), "perf: interrupt took too long (2504 > 2500), lowering kernel.perf_event_max_sample_rate to 79750"))
        if ni == culprit_node:
            ev.append((plus(t0, 3600 * 2 + 540), "ipmi_si IPI0001:00: Event Message: Fan FAN5B below lower critical threshold"))
        ev.sort()
        c.add("%s/dmesg-T.txt" % h, ["%s %s" % (ts_dmesg_T(a), m) for a, m in ev])

    # IPMI SEL, only on the problem node (collected because of the fan message)
    sel_t = plus(t0, 3600 * 2 + 539)
    c.add("%s/ipmitool-sel-elist.txt" % hosts[culprit_node], [
        "   1 | 02/27/2024 | 08:14:02 | Event Logging Disabled SEL | Log area reset/cleared | Asserted",
        "   2 | 02/27/2024 | 08:15:40 | System Boot Initiated #0x6f | Initiated by power up | Asserted",
        "   3 | 03/09/2024 | 15:58:13 | Power Supply PSU1_Status | Power Supply AC lost | Asserted",
        "   4 | 03/09/2024 | 15:58:19 | Power Supply PSU1_Status | Power Supply AC lost | Deasserted",
        "   5 | %s | %s | Fan FAN5B | Lower Critical going low  | Asserted" % (sel_t.strftime("%m/%d/%Y"), sel_t.strftime("%H:%M:%S")),
        "   6 | %s | %s | Fan FAN5B | Lower Non-recoverable going low  | Asserted" % (sel_t.strftime("%m/%d/%Y"), plus(sel_t, 61).strftime("%H:%M:%S")),
        "   7 | %s | %s | Temperature GPU5_Temp | Upper Critical going high | Asserted" % (sel_t.strftime("%m/%d/%Y"), plus(sel_t, 1480).strftime("%H:%M:%S")),
    ])
    c.add("topology.json", '{"topology": {"leaf-r12-a": ["hgx-r12-n01", "hgx-r12-n02"], "leaf-r12-b": ["hgx-r12-n03", "hgx-r12-n04"]}}')
    c.set_label("straggler", "infrastructure", {"node": hosts[culprit_node], "rank": bad_rank},
                "restart_without_node",
                "Step time grew ~25% while Megatron's straggler line pins min clock/max temp on rank 13; on hgx-r12-n02 GPU 5 (local rank 5) runs at 91 C with HW/SW thermal slowdown active and the BMC logged fan FAN5B failing.",
                "https://github.com/NVIDIA/Megatron-LM/issues/897")
    return c


# ---------------------------------------------------------------------------
# an02  torchtitan, power limit lowered on one GPU after maintenance
# ---------------------------------------------------------------------------

def titan_step(t, rank, step, loss, mem, pct, tps, tflops, mfu, pfx_rank=True):
    p = "[rank%d]:" % rank if pfx_rank else ""
    return "%s[titan] %s - root - INFO - step: %d  loss: %8.4f  memory: %.2fGiB(%.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
        p, ts_py(t), step, loss, mem, pct, "{:,}".format(tps), tflops, mfu)


def titan_preamble(t, rank, rng, world, model="llama3_8b", job="llama3-8b-pretrain", seq=8192, lbs=2):
    p = "[rank%d]:" % rank
    L = []
    tt = t
    def a(msg, d=0.05):
        nonlocal tt
        tt = plus(tt, d)
        L.append("%s[titan] %s - root - INFO - %s" % (p, ts_py(tt), msg))
    a("Starting job: %s" % job)
    a("Building 1-D device mesh with ['dp_shard'], [%d]" % world, 0.4)
    a("[GC] Initial GC collection. 0.00 seconds.")
    a("Loading tokenizer from tokenizer.model", 0.2)
    a("TikTokenizer built: #words 128256, BOS ID 128000, EOS ID 128001")
    a("Preparing c4 dataset from allenai/c4", 0.3)
    a("Building %s with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=%d, depth_init=True, norm_type='rmsnorm')" % (model.split("_")[1], seq), 2.1)
    a("\x1b[34mModel %s size: 8,030,261,248 total parameters\x1b[39m" % model, 0.8)
    a("Applied selective activation checkpointing to the model")
    a("Applied FSDP to the model", 0.5)
    a("Peak FLOPS used for computing MFU: 9.890e+14")
    a("CUDA memory usage for model: 3.76GiB(3.96%)")
    a("Checkpointing active. Checkpoints will be loaded from and saved to ./outputs/checkpoint", 0.1)
    a("Training starts at step 1, with local batch size %d, global batch size %d, sequence length %d, total steps 20000 (warmup 600)" % (lbs, lbs * world, seq), 0.2)
    a("Profiling active. Traces will be saved at ./outputs/profile_trace")
    return L, tt


def an02():
    rng = random.Random(4302)
    c = Case("an02_tps_drop_after_maintenance_window")
    nodes = ["gke-a3mega-pool-2-9c1e-4kqx", "gke-a3mega-pool-2-9c1e-7d2m",
             "gke-a3mega-pool-2-9c1e-b8wt", "gke-a3mega-pool-2-9c1e-h3pz"]
    pods = ["llama8b-trainer-0", "llama8b-trainer-1", "llama8b-trainer-2", "llama8b-trainer-3"]
    culprit, bad_lr = 2, 3
    bad_rank = culprit * 8 + bad_lr
    world = 32
    # attempt_0: healthy, runs to step 4200 then preempted for maintenance
    for att, t0, start_step, n_steps, healthy in [
            (0, T(2024, 9, 3, 6, 12, 40), 1, 4200, True),
            (1, T(2024, 9, 4, 1, 3, 5), 4001, 2300, False)]:
        for ni, node in enumerate(nodes):
            rank0 = ni * 8
            L = []
            L.append("+ torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=llama8b-trainer-0.llama8b:29500 --local-ranks-filter=0 --role=rank --tee=3 -m torchtitan.train --job.config_file ./torchtitan/models/llama3/train_configs/llama3_8b.toml")
            L.append("W%s 1 torch/distributed/run.py:793] " % ts_glog_old(plus(t0, -3), "")[0:])
            L.append("W%s 1 torch/distributed/run.py:793] *****************************************" % ts_glog_old(plus(t0, -3), ""))
            L.append("W%s 1 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % ts_glog_old(plus(t0, -3), ""))
            L.append("W%s 1 torch/distributed/run.py:793] *****************************************" % ts_glog_old(plus(t0, -3), ""))
            pre, tt = titan_preamble(t0, rank0, rng, world)
            L += pre
            if start_step > 1:
                L.append("[rank%d]:[titan] %s - root - INFO - Loading the checkpoint at step 4000." % (rank0, ts_py(plus(tt, 1))))
                L.append("[rank%d]:[titan] %s - root - INFO - [GC] GC collection invoked by checkpointer. 0.04 seconds." % (rank0, ts_py(plus(tt, 38))))
                L.append("[rank%d]:[titan] %s - root - INFO - Finished loading the checkpoint in 37.88 seconds." % (rank0, ts_py(plus(tt, 38.2))))
                tt = plus(tt, 39)
            loss = 3.05 if start_step == 1 else 2.43
            step = start_step
            good_tps = 4210
            while step < start_step + n_steps:
                if step == start_step or step % 10 == 0:
                    if healthy:
                        tps = int(good_tps + rng.uniform(-40, 35))
                    else:
                        tps = int(3080 + rng.uniform(-45, 40))
                    if step == start_step:
                        tps = int(tps * 0.42)
                    if step % 500 == 0:
                        tps = int(tps * 0.81)
                    dt_ = 10 * 8192 * 2 / tps
                    tt = plus(tt, dt_)
                    loss = max(2.05, loss - (0.00021 if start_step == 1 else 0.00005) + rng.uniform(-0.03, 0.03))
                    tfl = tps * 6 * 8.03e9 / 1e12 * 1.05
                    L.append(titan_step(tt, rank0, step, loss, 61.23 + rng.uniform(-0.02, 0.02), 64.42, tps, tfl, tfl / 989.0 * 100))
                if step % 50 == 0:
                    L.append("[rank%d]:[titan] %s - root - INFO - [GC] Performing periodical GC collection. 0.%02d seconds." % (rank0, ts_py(plus(tt, 0.3)), rng.randint(3, 9)))
                if step % 500 == 0:
                    L.append("[rank%d]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % (rank0, ts_py(plus(tt, 0.5))))
                    L.append("[rank%d]:[titan] %s - root - INFO - [GC] GC collection invoked by checkpointer. 0.05 seconds." % (rank0, ts_py(plus(tt, 24))))
                    L.append("[rank%d]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 23.71 seconds." % (rank0, ts_py(plus(tt, 24.2))))
                    tt = plus(tt, 24.3)
                step += 1
            if att == 0:
                L.append("W%s 1 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % ts_glog_old(plus(tt, 20), ""))
                L.append("W%s 1 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 112 closing signal SIGTERM" % ts_glog_old(plus(tt, 20.1), ""))
                L.append("[rank%d]:[titan] %s - root - INFO - Training terminated by signal; checkpoint at step 4000 is the latest." % (rank0, ts_py(plus(tt, 21))))
            c.add("attempt_%d/%s/%s.log" % (att, node, pods[ni]), L)
    # node evidence for attempt_1
    t_snap = T(2024, 9, 4, 4, 55, 10)
    pid_base = 112
    for ni, node in enumerate(nodes):
        gpus = []
        for lr in range(8):
            kw = dict(temp=rng.randint(52, 64), mem_temp=rng.randint(60, 70), power=rng.uniform(590, 690),
                      util=100, fb_used=rng.randint(65200, 65600),
                      procs=[(pid_base + lr, "/usr/bin/python3", rng.randint(65000, 65400))])
            if ni == culprit and lr == bad_lr:
                kw.update(plimit=350.0, preq=350.0, power=349.1, sm=1305, temp=47,
                          reasons={"sw_power": 1})
            gpus.append(gpu_default(lr, **kw))
        c.add("attempt_1/%s/nvidia-smi-q.log" % node, nvsmi_q(t_snap, gpus, driver="550.90.07", cuda="12.4", rng=rng))
        # dcgm csv (exporter scrape)
        rows = ["timestamp,gpu,modelName,Hostname,DCGM_FI_DEV_SM_CLOCK,DCGM_FI_DEV_POWER_USAGE,DCGM_FI_DEV_GPU_TEMP,DCGM_FI_DEV_GPU_UTIL,DCGM_FI_DEV_CLOCK_THROTTLE_REASONS,DCGM_FI_DEV_POWER_MGMT_LIMIT"]
        tt = plus(t_snap, -900)
        for k in range(30):
            tt = plus(tt, 30)
            for lr in range(8):
                if ni == culprit and lr == bad_lr:
                    rows.append("%s,%d,NVIDIA H100 80GB HBM3,%s,%d,%.3f,%d,100,4,350.000" % (ts_iso(tt, 3, "Z"), lr, node, rng.choice([1290, 1305, 1320]), rng.uniform(347.5, 350.0), rng.randint(46, 48)))
                else:
                    rows.append("%s,%d,NVIDIA H100 80GB HBM3,%s,1980,%.3f,%d,100,0,700.000" % (ts_iso(tt, 3, "Z"), lr, node, rng.uniform(585, 695), rng.randint(52, 64)))
        c.add("attempt_1/%s/dcgm-exporter-scrape.csv" % node, rows)
        # journal for the maintenance window
        jt = T(2024, 9, 4, 0, 21, 3)
        J = []
        J.append("-- Logs begin at Tue 2024-09-03 23:58:12 UTC, end at Wed 2024-09-04 04:55:30 UTC. --")
        J.append("%s %s systemd[1]: Starting nvidia-persistenced.service - NVIDIA Persistence Daemon..." % (ts_syslog(jt), node))
        J.append("%s %s nvidia-persistenced[1841]: Started (1841)" % (ts_syslog(plus(jt, 1)), node))
        J.append("%s %s systemd[1]: Started nvidia-persistenced.service - NVIDIA Persistence Daemon." % (ts_syslog(plus(jt, 1)), node))
        J.append("%s %s kubelet[2210]: I0904 00:21:41.118 2210 kubelet_node_status.go:76] \"Attempting to register node\" node=\"%s\"" % (ts_syslog(plus(jt, 38)), node, node))
        J.append("%s %s gpu-healthcheck[3302]: running dcgmi diag -r 1 ... PASS" % (ts_syslog(plus(jt, 300)), node))
        if ni == culprit:
            J.append("%s %s sudo[3377]: svc-gpuops : PWD=/root ; USER=root ; COMMAND=/usr/bin/nvidia-smi -i 3 -pl 350" % (ts_syslog(plus(jt, 355)), node))
            J.append("%s %s nvidia-smi[3378]: Power limit for GPU 00000000:5D:00.0 was set to 350.00 W from 700.00 W." % (ts_syslog(plus(jt, 355)), node))
            J.append("%s %s gpu-healthcheck[3391]: burn-in on GPU 3 (ticket OPS-22817) finished, rc=0" % (ts_syslog(plus(jt, 1610)), node))
        J.append("%s %s kubelet[2210]: I0904 00:49:59.010 2210 kubelet.go:2451] \"SyncLoop ADD\" source=\"api\" pods=[\"default/%s\"]" % (ts_syslog(plus(jt, 1736)), node, pods[ni]))
        J.append("%s %s containerd[1502]: time=\"2024-09-04T00:50:12Z\" level=info msg=\"StartContainer for \\\"pytorch\\\" returns successfully\"" % (ts_syslog(plus(jt, 1749)), node))
        c.add("attempt_1/%s/journalctl-since-maint.txt" % node, J)
    c.add("NOTES.md", ["# llama8b pretrain - throughput regression",
                       "",
                       "Run was stopped for the 2024-09-04 00:00-00:45 UTC maintenance window and resumed from step 4000.",
                       "Before: ~4.2k tps per GPU. After resume: ~3.1k tps. Same image, same config, same 4 nodes.",
                       "Pod logs only show local rank 0 of each pod (--local-ranks-filter=0).",
                       "Rank layout: trainer-N hosts global ranks 8N..8N+7, local rank == GPU index."])
    c.set_label("straggler", "infrastructure", {"node": nodes[culprit], "rank": bad_rank}, "restart_without_node",
                "After the maintenance window every rank drops from ~4.2k to ~3.1k tps; on the node hosting trainer-2 GPU 3 (global rank 19) had its power limit lowered to 350 W, shows SW Power Cap active and ~1.3 GHz clocks, pacing the whole FSDP job.",
                "https://docs.nvidia.com/deploy/nvml-api/group__nvmlClocksEventReasons.html")
    return c


# ---------------------------------------------------------------------------
# an03 DeepSpeed, PCIe link trained down
# ---------------------------------------------------------------------------

def ds_step_lines(host, t, step, lr, sps, rng, loss=None, avg=None):
    L = []
    if avg is not None:
        return [
            "%s: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.10f], mom=[(0.9, 0.95)]" % (host, ts_py(t), step, lr),
            "%s: [%s] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.12f, CurrSamplesPerSec=%.12f, MemAllocated=21.37GB, MaxMemAllocated=38.02GB"
            % (host, ts_py(plus(t, 0.001)), step * 4, step, avg, sps)]
    L.append("%s: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.10f], mom=[(0.9, 0.95)]" % (host, ts_py(t), step, lr))
    L.append("%s: [%s] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.12f, CurrSamplesPerSec=%.12f, MemAllocated=21.37GB, MaxMemAllocated=38.02GB"
             % (host, ts_py(plus(t, 0.001)), step * 4, step, sps * (1 + rng.uniform(-0.004, 0.004)), sps * (1 + rng.uniform(-0.02, 0.02))))
    return L


def an03():
    rng = random.Random(4303)
    c = Case("an03_samples_per_sec_lower_than_last_week")
    hosts = ["gpu017", "gpu022"]
    bad_host, bad_lr = 1, 6
    bad_rank = bad_host * 8 + bad_lr
    t0 = T(2024, 5, 21, 10, 2, 33)
    L = []
    L.append("[%s] [INFO] [runner.py:463:main] Using IP address of 10.3.0.17 for node gpu017" % ts_py(t0))
    L.append("[%s] [INFO] [multinode_runner.py:81:get_cmd] Running on the following workers: gpu017,gpu022" % ts_py(plus(t0, 0.01)))
    L.append("[%s] [INFO] [runner.py:570:main] cmd = pdsh -S -f 1024 -w gpu017,gpu022 export PYTHONPATH=/home/mlops/sft; export NCCL_IB_HCA=mlx5; cd /home/mlops/sft; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJncHUwMTciOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN10sICJncHUwMjIiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119 --node_rank=%%n --master_addr=10.3.0.17 --master_port=29500 train_sft.py --deepspeed ds_zero2.json --model_name_or_path /data/models/mistral-7b --per_device_train_batch_size 4 --gradient_accumulation_steps 4" % ts_py(plus(t0, 0.02)))
    tt = plus(t0, 2)
    for h in hosts:
        L.append("%s: [%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'gpu017': [0, 1, 2, 3, 4, 5, 6, 7], 'gpu022': [0, 1, 2, 3, 4, 5, 6, 7]}" % (h, ts_py(tt)))
        L.append("%s: [%s] [INFO] [launch.py:152:main] nnodes=2, num_local_procs=8, node_rank=%d" % (h, ts_py(tt), hosts.index(h)))
        L.append("%s: [%s] [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {'gpu017': [0, 1, 2, 3, 4, 5, 6, 7], 'gpu022': [8, 9, 10, 11, 12, 13, 14, 15]})" % (h, ts_py(tt)))
        L.append("%s: [%s] [INFO] [launch.py:164:main] dist_world_size=16" % (h, ts_py(tt)))
        L.append("%s: [%s] [INFO] [launch.py:166:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7" % (h, ts_py(tt)))
    tt = plus(tt, 6)
    L.append("gpu017: [%s] [INFO] [comm.py:637:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % ts_py(tt))
    for r in range(16):
        h = hosts[r // 8]
        L.append("%s: [rank %d] local_rank=%d device=cuda:%d pci=0000:%s:00.0" % (h, r, r % 8, r % 8, BUS_IDS_A100[r % 8].lower()))
    tt = plus(tt, 40)
    L.append("gpu017: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.14.2, git-hash=unknown, git-branch=unknown" % ts_py(tt))
    L.append("gpu017: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] Creating BF16 optimizer" % ts_py(plus(tt, 1)))
    L.append("gpu017: [%s] [INFO] [stage_1_and_2.py:148:__init__] Reduce bucket size 500000000" % ts_py(plus(tt, 2)))
    L.append("gpu017: [%s] [INFO] [stage_1_and_2.py:149:__init__] Allgather bucket size 500000000" % ts_py(plus(tt, 2)))
    L.append("gpu017: [%s] [INFO] [stage_1_and_2.py:150:__init__] CPU Offload: False" % ts_py(plus(tt, 2)))
    L.append("gpu017: [%s] [INFO] [stage_1_and_2.py:151:__init__] Round robin gradient partitioning: False" % ts_py(plus(tt, 2)))
    L.append("gpu017: [%s] [INFO] [utils.py:800:see_memory_usage] After initializing ZeRO optimizer" % ts_py(plus(tt, 9)))
    L.append("gpu017: [%s] [INFO] [config.py:996:print_user_config]   json = {\"train_batch_size\": 256, \"train_micro_batch_size_per_gpu\": 4, \"gradient_accumulation_steps\": 4, \"zero_optimization\": {\"stage\": 2, \"overlap_comm\": true, \"contiguous_gradients\": true}, \"bf16\": {\"enabled\": true}, \"wall_clock_breakdown\": true, \"steps_per_print\": 10}" % ts_py(plus(tt, 10)))
    tt = plus(tt, 12)
    step = 0
    sps = 61.4
    while step < 1200:
        step += 10
        tt = plus(tt, 10 * 256 / sps)
        L += ds_step_lines("gpu017", tt, step, 2e-5 * min(1, step / 100), sps, rng)
        fwd = rng.uniform(352, 366)
        bwd = rng.uniform(1480, 1530)
        ar = rng.uniform(2350, 2460)
        L.append("gpu017: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_microstep: %.2f | bwd_microstep: %.2f | bwd_inner_microstep: %.2f | bwd_allreduce_microstep: %.2f | step_microstep: %.2f"
                 % (ts_py(plus(tt, 0.002)), fwd * 4, (bwd + ar) * 4, bwd * 4, ar * 4, rng.uniform(88, 94)))
        L.append("gpu017: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd: %.2f (forward: %.2f, backward_inner: %.2f, backward_allreduce: %.2f, step: %.2f)"
                 % (ts_py(plus(tt, 0.003)), fwd * 4 + (bwd + ar) * 4, fwd * 4, bwd * 4, ar * 4, rng.uniform(88, 94)))
        if step % 100 == 0:
            L.append("gpu017: {'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.6e, 'epoch': %.2f}" % (1.35 - step / 5000 + rng.uniform(-0.03, 0.03), rng.uniform(0.6, 1.4), 2e-5, step / 3900))
    L.append("gpu017: [%s] [INFO] [launch.py:347:main] Process 31007 exits successfully." % ts_py(plus(tt, 300)))
    c.add("deepspeed_train_2024-05-21.log", L)

    # previous good run for comparison
    P = []
    t1 = T(2024, 5, 14, 16, 40, 2)
    P.append("gpu017: [%s] [INFO] [config.py:996:print_user_config]   json = {\"train_batch_size\": 256, \"train_micro_batch_size_per_gpu\": 4, \"gradient_accumulation_steps\": 4, \"zero_optimization\": {\"stage\": 2, \"overlap_comm\": true, \"contiguous_gradients\": true}, \"bf16\": {\"enabled\": true}, \"wall_clock_breakdown\": true, \"steps_per_print\": 10}" % ts_py(t1))
    step = 0
    sps2 = 95.8
    tt = plus(t1, 3)
    while step < 300:
        step += 10
        tt = plus(tt, 10 * 256 / sps2)
        P += ds_step_lines("gpu017", tt, step, 2e-5 * min(1, step / 100), sps2, rng)
        fwd = rng.uniform(350, 364)
        bwd = rng.uniform(1475, 1525)
        ar = rng.uniform(820, 880)
        P.append("gpu017: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_microstep: %.2f | bwd_microstep: %.2f | bwd_inner_microstep: %.2f | bwd_allreduce_microstep: %.2f | step_microstep: %.2f"
                 % (ts_py(plus(tt, 0.002)), fwd * 4, (bwd + ar) * 4, bwd * 4, ar * 4, rng.uniform(88, 94)))
    c.add("previous_runs/deepspeed_train_2024-05-14_head.log", P)
    c.add("previous_runs/README", "Excerpt of the 2024-05-14 run on gpu011+gpu022 (same config). Kept for comparison.")

    # per node evidence
    boot_t = T(2024, 5, 21, 8, 47, 55)
    for ni, h in enumerate(hosts):
        ev = boot_dmesg(rng, h, bus_ids=BUS_IDS_A100, driver="525.147.05")
        extra = []
        u0 = 12.5
        for lr in range(8):
            bus = BUS_IDS_A100[lr].lower()
            if ni == bad_host and lr == bad_lr:
                extra.append((u0 + lr * 0.11, "pci 0000:%s:00.0: 63.012 Gb/s available PCIe bandwidth, limited by 16.0 GT/s PCIe x4 link at 0000:b4:00.0 (capable of 252.048 Gb/s with 16.0 GT/s PCIe x16 link)" % bus))
            else:
                extra.append((u0 + lr * 0.11, "pci 0000:%s:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)" % bus))
        if ni == bad_host:
            for k in range(6):
                extra.append((4000 + k * 911.3, "pcieport 0000:b4:00.0: AER: Corrected error received: 0000:b7:00.0"))
                extra.append((4000 + k * 911.3 + 0.00002, "nvidia 0000:b7:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"))
                extra.append((4000 + k * 911.3 + 0.00004, "nvidia 0000:b7:00.0:   device [10de:20b2] error status/mask=00000001/0000e000"))
                extra.append((4000 + k * 911.3 + 0.00006, "nvidia 0000:b7:00.0:    [ 0] RxErr                  (First)"))
        else:
            extra.append((5230.11, "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_Ha#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x8d1c2 offset:0x40 grain:32 syndrome:0x0)"))
        allev = sorted(ev + extra)
        c.add("%s/dmesg.txt" % h, [fmt_uptime(u) + " " + m for u, m in allev])
        c.add("%s/uptime.txt" % h, ["collected: 2024-05-21 11:49:02 UTC", "boot time (btime): 2024-05-21 08:47:55 UTC", " 11:49:02 up  3:01,  1 user,  load average: 41.12, 40.87, 40.33"])
        gpus = []
        for lr in range(8):
            kw = dict(temp=rng.randint(54, 66), power=rng.uniform(300, 360), util=100, fb_used=rng.randint(52000, 53000),
                      procs=[(31007 + lr if ni == 0 else 29944 + lr, "/opt/conda/bin/python", rng.randint(51800, 52800))])
            if ni == bad_host and lr == bad_lr:
                kw.update(width_cur=4, replays=1342, util=100)
            gpus.append(gpu_default(lr, product="a100", **kw))
        c.add("%s/nvidia-smi-q.txt" % h, nvsmi_q(T(2024, 5, 21, 11, 48, 40), gpus, driver="525.147.05", cuda="12.0", style="throttle", rng=rng))
        # lspci excerpt
        S = []
        for lr in range(8):
            bus = BUS_IDS_A100[lr].lower()
            S.append("%s:00.0 3D controller: NVIDIA Corporation GA100 [A100 SXM4 80GB] (rev a1)" % bus)
            S.append("\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM not supported")
            if ni == bad_host and lr == bad_lr:
                S.append("\t\tLnkSta:\tSpeed 16GT/s, Width x4 (downgraded)")
            else:
                S.append("\t\tLnkSta:\tSpeed 16GT/s, Width x16")
            S.append("\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-")
        c.add("%s/lspci-gpu-links.txt" % h, ["# lspci -vvv -d 10de: | grep -E '^[0-9a-f]|LnkCap:|LnkSta:' -A1"] + S)
    c.set_label("straggler", "infrastructure", {"node": "gpu022", "rank": bad_rank}, "restart_without_node",
                "SamplesPerSec fell from ~96 to ~61 with the extra time all in bwd_allreduce; on gpu022 the A100 at 0000:b7:00.0 (cuda:6, global rank 14) trained at PCIe x4 instead of x16 with corrected AER RxErr errors and 1342 replays, slowing every collective.",
                "https://github.com/deepspeedai/DeepSpeed/issues/5770")
    return c


# ---------------------------------------------------------------------------
# an04 NeMo, foreign process on one GPU
# ---------------------------------------------------------------------------

def nemo_bar(epoch, step, total, elapsed, remaining, loss, gstep, consumed, timing, rate=None):
    pct = int(100 * step / total)
    bar_w = 10
    full = int(bar_w * step / total)
    bar = "\u2588" * full + " " * (bar_w - full)
    return "Epoch %d: : %3d%%|%s| %d/%d [%s<%s, reduced_train_loss=%.3f, global_step=%.1f, consumed_samples=%.1f, train_step_timing in s=%.3f]" % (
        epoch, pct, bar, step, total, fmt_hms(elapsed), fmt_hms(remaining), loss, gstep, consumed, timing)


def an04():
    rng = random.Random(4304)
    c = Case("an04_train_step_timing_doubles_midrun")
    hosts = ["ip-10-1-4-17", "ip-10-1-5-88", "ip-10-1-7-201", "ip-10-1-9-34"]
    bad_node, bad_lr = 2, 2
    bad_rank = bad_node * 8 + bad_lr
    t0 = T(2024, 7, 18, 13, 20, 0)
    L = []
    L.append("[NeMo I %s nemo_logging:381] Rank 0 has data parallel group : [0, 4, 8, 12, 16, 20, 24, 28]" % t0.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nemo_logging:381] All data parallel group ranks with context parallel combined: [[0, 4, 8, 12, 16, 20, 24, 28], [1, 5, 9, 13, 17, 21, 25, 29], [2, 6, 10, 14, 18, 22, 26, 30], [3, 7, 11, 15, 19, 23, 27, 31]]" % t0.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nemo_logging:381] Rank 0 has tensor model parallel group: [0, 1, 2, 3]" % t0.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nemo_logging:381] Rank 0 has pipeline model parallel group: [0]" % t0.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("GPU available: True (cuda), used: True")
    L.append("TPU available: False, using: 0 TPU cores")
    L.append("HPU available: False, using: 0 HPUs")
    L.append("[NeMo I %s nemo_logging:381] Experiments will be logged at /fsx/experiments/llama3_8b_sft/2024-07-18_13-19-41" % t0.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32")
    L.append("----------------------------------------------------------------------------------------------------")
    L.append("distributed_backend=nccl")
    L.append("All distributed processes registered. Starting with 32 processes")
    L.append("----------------------------------------------------------------------------------------------------")
    L.append("")
    L.append("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]")
    L.append("[NeMo I %s nemo_logging:381] Setting up ModelTransform for stage: TrainerFn.FITTING" % plus(t0, 30).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nemo_logging:381] Padded vocab_size: 128256, original vocab_size: 128256, dummy tokens: 0." % plus(t0, 31).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nemo_logging:381] Copying Trainer's 'max_steps' (12000) to LR scheduler's 'max_steps'." % plus(t0, 33).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s num_microbatches_calculator:228] setting number of microbatches to constant 16" % plus(t0, 33).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nemo_logging:381]  > number of parameters on (tensor, pipeline) model parallel rank (0 ,0): 2007564288" % plus(t0, 35).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("  | Name   | Type     | Params | Mode ")
    L.append("--------------------------------------------")
    L.append("0 | module | GPTModel | 2.0 B  | train")
    L.append("--------------------------------------------")
    L.append("2.0 B     Trainable params")
    L.append("0         Non-trainable params")
    L.append("2.0 B     Total params")
    L.append("8,030.257 Total estimated model params size (MB)")
    L.append("[NeMo I %s nemo_logging:381] Doing selective restore from RestoreConfig(path='/fsx/models/llama3-8b-nemo2', adapter_path=None, load_model_state=True, load_optim_state=False, load_artifacts=True)" % plus(t0, 40).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("Training epoch 0, iteration 0/11999 | lr: 0 | global_batch_size: 128 | global_step: 0 | reduced_train_loss: 1.812 | train_step_timing in s: 14.21")
    step = 0
    elapsed = 0.0
    slow_from = 3420
    loss = 1.80
    ttot = 12000
    lines_emitted = 0
    while step < 4400:
        step += 1
        if step < slow_from:
            st = 2.91 + rng.uniform(-0.03, 0.04)
        else:
            st = 5.62 + rng.uniform(-0.12, 0.18)
        elapsed += st
        loss = max(0.9, loss - 0.00012 + rng.uniform(-0.02, 0.02))
        if step % 20 == 0:
            rem = (ttot - step) * st
            L.append(nemo_bar(0, step, ttot, elapsed, rem, loss, step - 1, (step) * 128, st))
        if step % 1000 == 0:
            L.append("Epoch 0, global step %d: 'reduced_train_loss' reached %.5f (best %.5f), saving model to '/fsx/experiments/llama3_8b_sft/2024-07-18_13-19-41/checkpoints/model_name=0--val_loss=0.00-step=%d-consumed_samples=%d.0.ckpt' as top 3"
                     % (step - 1, loss, loss, step - 1, step * 128))
            elapsed += 42
    t_slow = plus(t0, 40 + sum([2.91] * (slow_from)) + 3 * 42)
    c.add("%s/nemo_log_globalrank-0_localrank-0.txt" % hosts[0], L)
    c.add("slurm-2213874.out", [
        "+ srun --container-image=nvcr.io/nvidia/nemo:24.07 --container-mounts=/fsx:/fsx python /opt/NeMo/examples/llm/sft/finetune.py --config-path conf --config-name llama3_8b_sft",
        "Tasks: 32 across 4 nodes: ip-10-1-4-17 (ranks 0-7) ip-10-1-5-88 (ranks 8-15) ip-10-1-7-201 (ranks 16-23) ip-10-1-9-34 (ranks 24-31)",
        "see per-node nemo_log_* files; rank 0 progress bar is the only training output",
        "slurmstepd: error: *** JOB 2213874 ON ip-10-1-4-17 CANCELLED AT %s ***" % ts_slurm(plus(t0, 40 + 3420 * 2.91 + 980 * 5.6 + 200)),
    ])
    # per-node gpu snapshots from a cron collector every 15 min
    snap_times = [plus(t0, 3600 * k + 900) for k in range(0, 5)]
    for ni, h in enumerate(hosts):
        S = []
        base_pid = 41000 + ni * 313
        for st_ in snap_times:
            rows = []
            procs = []
            for lr in range(8):
                used = 58211 + rng.randint(-40, 40)
                util = rng.randint(97, 100)
                temp = rng.randint(49, 63)
                power = rng.randint(560, 690)
                if ni == bad_node and lr == bad_lr and st_ >= t_slow:
                    used += 18432
                    temp = 66
                procs.append((lr, base_pid + lr, "/usr/bin/python", used - (18432 if (ni == bad_node and lr == bad_lr and st_ >= t_slow) else 0) - 520))
                rows.append(dict(idx=lr, bus=BUS_IDS_H100[lr], temp=temp, power=power, plimit=700, used=used, total=81559, util=util))
            if ni == bad_node and st_ >= t_slow:
                procs.append((bad_lr, 877213, "/home/jlee/miniconda3/envs/kb/bin/python", 18420))
            S.append("==== %s ====" % st_.strftime("%Y-%m-%d %H:%M:%S"))
            S.append(nvsmi_table(st_, rows, sorted(procs)))
            S.append("")
        c.add("%s/gpu-snapshots.txt" % h, S)
        J = []
        jt = plus(t0, -1800)
        J.append("%s %s systemd[1]: Started Session 301 of User ssm-user." % (ts_iso(jt), h))
        J.append("%s %s amazon-ssm-agent[1733]: INFO [ssm-session-worker] Session ssm-user-0a1b terminated" % (ts_iso(plus(jt, 320)), h))
        J.append("%s %s slurmd[2201]: slurmd: launch task StepId=2213874.0 request from UID:1500 GID:1500 HOST:10.1.4.17 PORT:41202" % (ts_iso(plus(t0, -25)), h))
        J.append("%s %s slurmd[2201]: slurmd: task/affinity: task_p_slurmd_batch_request: task affinity : before lllp distribution cpu bind method is '(null type)' ((null))" % (ts_iso(plus(t0, -20)), h))
        if ni == bad_node:
            a = plus(t_slow, -95)
            J.append("%s %s sshd[877190]: Accepted publickey for jlee from 10.1.0.45 port 50622 ssh2: ED25519 SHA256:Qk2h0wG0L3q1mD4oBqv0sZxk1y3fK2rA5nP0yTq6tXc" % (ts_iso(a), h))
            J.append("%s %s sshd[877190]: pam_unix(sshd:session): session opened for user jlee(uid=2044) by (uid=0)" % (ts_iso(plus(a, 0.1)), h))
            J.append("%s %s systemd-logind[1204]: New session 417 of user jlee." % (ts_iso(plus(a, 0.2)), h))
            J.append("%s %s pam_slurm_adopt[877190]: From 10.1.0.45 port 50622 as jlee: unable to determine source job" % (ts_iso(plus(a, 0.2)), h))
            J.append("%s %s pam_slurm_adopt[877190]: Access granted: admin override (group gpu-admins)" % (ts_iso(plus(a, 0.3)), h))
        J.append("%s %s systemd[1]: Starting Cleanup of Temporary Directories..." % (ts_iso(plus(t0, 5400)), h))
        J.append("%s %s systemd[1]: Finished Cleanup of Temporary Directories." % (ts_iso(plus(t0, 5401)), h))
        J.sort()
        c.add("%s/journal.txt" % h, J)
    c.set_label("straggler", "infrastructure", {"node": "ip-10-1-7-201", "rank": bad_rank}, "restart_without_node",
                "train_step_timing jumps from ~2.9 s to ~5.6 s at step ~3420 and stays there; from that moment ip-10-1-7-201 GPU 2 (global rank 18) also hosts another user's python process (jlee, ssh login via admin override just before) using 18 GiB, so that GPU is shared and paces the job.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/4828")
    return c


# ---------------------------------------------------------------------------
# an05 NeMo + NVRx straggler callback, HW slowdown on one GPU
# ---------------------------------------------------------------------------

def nvrx_report(t, scores, rank_to_node, n=5, title="GPU relative performance"):
    pairs = sorted([(s, r) for r, s in scores.items()], reverse=True)
    L = ["[NeMo I %s straggler_det_callback:128] " % t.strftime("%Y-%m-%d %H:%M:%S"), title + ":"]
    L.append(" Worst performing %d/%d ranks:" % (n, len(scores)))
    for s, r in reversed(pairs[-n:]):
        L.append("  Rank=%d Node=%s Score=%.2f" % (r, rank_to_node[r], s))
    L.append(" Best performing %d/%d ranks:" % (n, len(scores)))
    for s, r in pairs[:n]:
        L.append("  Rank=%d Node=%s Score=%.2f" % (r, rank_to_node[r], s))
    return L


def an05():
    rng = random.Random(4305)
    c = Case("an05_straggler_warning_in_nemo_log")
    hosts = ["nid005121", "nid005122", "nid005123", "nid005124"]
    bad_node, bad_lr = 3, 5
    bad_rank = bad_node * 8 + bad_lr
    r2n = {r: hosts[r // 8] for r in range(32)}
    t0 = T(2024, 10, 2, 1, 5, 40)
    L = []
    d = lambda t: t.strftime("%Y-%m-%d %H:%M:%S")
    L.append("[NeMo I %s nemo_logging:381] Experiments will be logged at /lus/flare/proj/llm/results/mixtral_ft/2024-10-02_01-05-12" % d(t0))
    L.append("[NeMo W %s nemo_logging:393] The checkpoint callback was told to monitor a validation value and trainer's max_steps was set to 20000. Please ensure that max_steps will run for at least 1 epochs to ensure that checkpointing will not error out." % d(t0))
    L.append("[NeMo I %s straggler_det_callback:71] StragglerDetectionCallback: report_time_interval=300.0 calc_relative_gpu_perf=True calc_individual_gpu_perf=True num_gpu_perf_scores_to_print=5 gpu_relative_perf_threshold=0.7 gpu_individual_perf_threshold=0.7 stop_if_detected=False" % d(t0))
    L.append("GPU available: True (cuda), used: True")
    L.append("TPU available: False, using: 0 TPU cores")
    L.append("Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32")
    L.append("----------------------------------------------------------------------------------------------------")
    L.append("distributed_backend=nccl")
    L.append("All distributed processes registered. Starting with 32 processes")
    L.append("----------------------------------------------------------------------------------------------------")
    L.append("[NeMo I %s nemo_logging:381] Rank 0 has data parallel group : [0, 8, 16, 24]" % d(plus(t0, 12)))
    L.append("[NeMo I %s nemo_logging:381] Rank 0 has tensor model parallel group: [0, 1, 2, 3, 4, 5, 6, 7]" % d(plus(t0, 12)))
    L.append("[NeMo I %s nemo_logging:381] Rank 0 has expert model parallel group: [0]" % d(plus(t0, 12)))
    L.append("[NeMo I %s nemo_logging:381] Loading distributed checkpoint from /lus/flare/proj/llm/ckpt/mixtral-8x7b-base" % d(plus(t0, 20)))
    L.append("[NeMo I %s nemo_logging:381] Global Checkpoint Load : Rank : 0 : Start time : %.3fs : Time spent in load_checkpoint: 96.211s" % (d(plus(t0, 117)), 1727831237.0))
    step = 0
    ttot = 20000
    tt = plus(t0, 130)
    elapsed = 0.0
    next_rep = plus(tt, 300)
    bad_from = plus(t0, 3600 * 1.6)
    loss = 1.62
    while tt < plus(t0, 3600 * 3.1):
        step += 1
        slow = tt >= bad_from
        st = (4.12 if not slow else 6.48) + rng.uniform(-0.05, 0.06)
        tt = plus(tt, st)
        elapsed += st
        loss = max(0.8, loss - 0.00009 + rng.uniform(-0.02, 0.02))
        if step % 25 == 0:
            L.append(nemo_bar(0, step, ttot, elapsed, (ttot - step) * st, loss, step - 1, step * 256, st))
        if tt >= next_rep:
            next_rep = plus(tt, 300)
            rel = {r: min(1.0, rng.uniform(0.955, 1.0)) for r in range(32)}
            ind = {r: min(1.0, rng.uniform(0.95, 1.0)) for r in range(32)}
            best = max(rel, key=rel.get)
            rel[best] = 1.0
            if slow:
                rel[bad_rank] = rng.uniform(0.56, 0.62)
                ind[bad_rank] = rng.uniform(0.55, 0.61)
                L.append("[NeMo W %s straggler_det_callback:96] STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected ranks: {StragglerId(rank=%d, node='%s')}" % (d(tt), bad_rank, hosts[bad_node]))
                L.append("[NeMo W %s straggler_det_callback:100] STRAGGLER DETECTION WARNING: Some GPUs performance dropped. Affected ranks: {StragglerId(rank=%d, node='%s')}" % (d(tt), bad_rank, hosts[bad_node]))
            L += nvrx_report(tt, rel, r2n)
            L += nvrx_report(tt, ind, r2n, title="GPU individual performance")[1:]
            L.append("[NeMo I %s straggler_det_callback:151] Straggler report processing time: %.3f sec." % (d(tt), rng.uniform(0.3, 0.6)))
        if step % 500 == 0:
            L.append("[NeMo I %s nemo_logging:381] Async checkpoint save for step %d (/lus/flare/proj/llm/results/mixtral_ft/checkpoints/model_name=0--val_loss=0.00-step=%d-consumed_samples=%d.0-last.ckpt) finalized successfully." % (d(plus(tt, 31)), step, step - 1, step * 256))
    c.add("nemo_log_globalrank-0_localrank-0.txt", L)
    c.add("sbatch_mixtral_ft.sh", [
        "#!/bin/bash",
        "#SBATCH -N 4 --ntasks-per-node=8 --gpus-per-node=8 --exclusive",
        "#SBATCH -J mixtral_ft -t 12:00:00 -A llm",
        "# node list at start: nid[005121-005124]",
        "export TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
        "export NVTE_FWD_LAYERNORM_SM_MARGIN=16",
        "srun --mpi=pmix -l --container-image=$IMG python /opt/NeMo/examples/nlp/language_modeling/tuning/megatron_gpt_finetuning.py \\",
        "    --config-path=conf --config-name=mixtral_8x7b_sft trainer.num_nodes=4 trainer.devices=8 \\",
        "    +exp_manager.create_straggler_detection_callback=True \\",
        "    +exp_manager.straggler_detection_params.stop_if_detected=False",
        "# rank r runs on node r//8, local GPU r%8",
    ])
    snap = plus(t0, 3600 * 3.0)
    for ni, h in enumerate(hosts):
        gpus = []
        for lr in range(8):
            kw = dict(temp=rng.randint(50, 62), mem_temp=rng.randint(58, 69), power=rng.uniform(520, 650), util=100,
                      fb_used=rng.randint(74000, 75500), procs=[(170300 + ni * 11 + lr, "python", rng.randint(73800, 75300))])
            if ni == bad_node and lr == bad_lr:
                kw.update(sm=945, power=302.4, temp=49, reasons={"hw": 1})
            gpus.append(gpu_default(lr, **kw))
        c.add("%s/nvidia-smi-q.txt" % h, nvsmi_q(snap, gpus, driver="550.54.15", cuda="12.4", rng=rng))
        Q = ["timestamp, index, clocks.sm [MHz], clocks_event_reasons.hw_slowdown, clocks_event_reasons.hw_thermal_slowdown, clocks_event_reasons.hw_power_brake_slowdown, temperature.gpu, power.draw [W]"]
        qt = plus(t0, 3600 * 1.2)
        while qt < plus(t0, 3600 * 3.0):
            for lr in range(8):
                if ni == bad_node and lr == bad_lr and qt >= plus(bad_from, -40):
                    Q.append("%s, %d, %d MHz, Active, Not Active, Not Active, %d, %.2f W" % (qt.strftime("%Y/%m/%d %H:%M:%S.") + "%03d" % rng.randint(0, 999), lr, rng.choice([915, 930, 945, 960]), rng.randint(47, 51), rng.uniform(290, 315)))
                else:
                    Q.append("%s, %d, %d MHz, Not Active, Not Active, Not Active, %d, %.2f W" % (qt.strftime("%Y/%m/%d %H:%M:%S.") + "%03d" % rng.randint(0, 999), lr, rng.choice([1980, 1980, 1965]), rng.randint(50, 63), rng.uniform(510, 660)))
            qt = plus(qt, 120)
        c.add("%s/nvsmi-query-gpu.csv" % h, Q)
        D = []
        D.append("%s %s kernel: Lustre: flare-OST0041-osc-ff3e2a9c1b000000: Connection restored to 10.140.9.31@kfi (at 10.140.9.31@kfi)" % (ts_syslog(plus(t0, -7200)), h) if ni == 1 else "%s %s kernel: cxi_core 0000:61:00.0: cxi0[hsn0] link up, speed 200000" % (ts_syslog(plus(t0, -86400)), h))
        D.append("%s %s slurmd[5122]: launch task StepId=771044.0 request from UID:40122 GID:40122 HOST:10.140.2.21 PORT:33310" % (ts_syslog(plus(t0, -40)), h))
        D.append("%s %s dcgm-exporter[3021]: time=\"%s\" level=info msg=\"Collecting metrics\"" % (ts_syslog(plus(t0, 5)), h, ts_iso(plus(t0, 5), 0, "Z")))
        c.add("%s/messages.txt" % h, D)
    c.set_label("straggler", "infrastructure", {"node": hosts[bad_node], "rank": bad_rank}, "restart_without_node",
                "From ~1.6 h the NVRx straggler callback flags rank 29 on nid005124 (relative and individual score ~0.6) while step time rises from 4.1 s to 6.5 s; that node's GPU 5 shows HW Slowdown active at ~940 MHz with normal temperature and power, a hardware clock slowdown on one GPU.",
                "https://nvidia.github.io/nvidia-resiliency-ext/straggler_det/usage_guide.html")
    return c


# ---------------------------------------------------------------------------
# an06 Megatron per-rank timers: one rank slower, no hardware evidence
# ---------------------------------------------------------------------------

def an06():
    rng = random.Random(4306)
    c = Case("an06_one_rank_slow_in_timers_all_clocks_normal")
    hosts = ["dgx-b2-07", "dgx-b2-08", "dgx-b2-11"]
    world = 24
    bad_rank = 22
    t0 = T(2024, 8, 14, 9, 30, 2)
    last = 23
    out = []
    for i, h in enumerate(hosts):
        out.append("[%s] srun task %d on %s: ranks %d..%d" % (ts_slurm(t0), i, h, i * 8, i * 8 + 7))
    out += megatron_args_block(rng, world, 2, 1, 384, 1, 4096, 60000,
                               extra=[("log_straggler", "True"), ("timing_log_level", "2"), ("timing_log_option", "all")])
    out.append("> initializing torch distributed ...")
    pids = {}
    for r in range(world):
        pids[r] = 55100 + (r // 8) * 977 + (r % 8) * 2
        out.append(nccl_complete(hosts[r // 8], pids[r], r % 8, r, world, BUS_IDS_H100[r % 8], rng))
    out.append("time to initialize megatron (seconds): 38.902")
    out.append("[after megatron is initialized] datetime: %s " % plus(t0, 39).strftime("%Y-%m-%d %H:%M:%S"))
    out.append("training ...")
    tt = plus(t0, 95)
    it = 0
    while it < 2400:
        it += 10
        ms = 4480 + rng.uniform(-20, 25)
        if it % 1000 == 0:
            ms += 9000
        tt = plus(tt, ms * 10 / 1000)
        out.append(megatron_iter(tt, it, 60000, 384, ms, 351.0 * 4480 / ms, lr_at(it, warm=500, total=60000), 7.0 * (0.9995 ** it) + 2.4 + rng.uniform(-0.02, 0.02), rng.uniform(0.3, 0.9)))
        if it % 200 == 0:
            out.append("times across ranks (ms):")
            for name, base in [("forward-compute", 1301.0), ("backward-compute", 2648.0), ("all-grads-sync", 102.0)]:
                out.append("  %s:" % name)
                for r in range(world):
                    if name == "all-grads-sync":
                        v = base + (0 if r == bad_rank else 610) + rng.uniform(-8, 8)
                    else:
                        v = base * (1.19 if r == bad_rank else 1.0) + rng.uniform(-9, 9)
                    out.append("     rank %2d: %.2f" % (r, v))
        if it % 100 == 0:
            e = 351.0 * 4480 / ms
            out.append(" %s | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: 100%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: 1980MHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d"
                       % (ts_megatron(tt), ms * 0.962, rng.randint(0, 23), ms * 0.964, rng.randint(0, 23),
                          rng.randint(585, 610), rng.randint(0, 23), rng.randint(672, 699), rng.randint(0, 23),
                          rng.randint(42, 47), rng.randint(0, 23), rng.randint(66, 73), rng.randint(0, 23),
                          rng.randint(97, 99), rng.randint(0, 23), rng.randint(0, 23),
                          rng.choice([1965, 1980, 1950]), rng.randint(0, 23), rng.randint(0, 23),
                          rng.uniform(1.0, 1.6), rng.randint(0, 23), rng.uniform(2.2, 3.8), rng.randint(0, 23),
                          e * 0.84, bad_rank, e * 1.01, rng.choice([r for r in range(23) if r != bad_rank])))
        if it % 1000 == 0:
            out.append("saving checkpoint at iteration %7d to /mnt/weka/ckpt/llm13b in torch_dist format" % it)
            out.append("  successfully saved checkpoint from iteration %7d to /mnt/weka/ckpt/llm13b [ t 1/2, p 1/1 ]" % it)
    out.append("[%s] operator: job left running; bundle collected for perf review (expected ~4.1 s/iter for this config on 3 nodes)" % ts_slurm(plus(tt, 60)))
    c.add("slurm-61822.out", out)
    snap = plus(tt, 30)
    for ni, h in enumerate(hosts):
        gpus = []
        for lr in range(8):
            gpus.append(gpu_default(lr, temp=rng.randint(50, 66), mem_temp=rng.randint(58, 70), power=rng.uniform(560, 690),
                                    sm=rng.choice([1980, 1980, 1965]), util=100, fb_used=rng.randint(70100, 70600),
                                    procs=[(pids[ni * 8 + lr], "/usr/bin/python", rng.randint(69900, 70400))]))
        c.add("%s/nvidia-smi-q.out" % h, nvsmi_q(snap, gpus, rng=rng))
        ticks = []
        for k in range(30):
            ticks.append([(lr, ["%.1f" % rng.uniform(560, 690), rng.randint(50, 66), rng.choice([1980, 1980, 1965]), "%.3f" % rng.uniform(0.93, 0.99)]) for lr in range(8)])
        c.add("%s/dcgmi_dmon.txt" % h, dcgmi_dmon_raw(ticks, [("POWER", 10), ("GTMP", 8), ("SMCLK", 8), ("SMACT", 8)]))
        ev = boot_dmesg(rng, h)
        c.add("%s/dmesg.txt" % h, [fmt_uptime(u) + " " + m for u, m in ev])
        c.add("%s/uptime" % h, " %s up 6 days,  2:11,  0 users,  load average: 32.40, 32.11, 31.98" % snap.strftime("%H:%M:%S"))
    c.set_label("straggler", "infrastructure", {"node": "dgx-b2-11", "rank": bad_rank}, "run_diagnostics",
                "Per-rank timers show rank 22 (dgx-b2-11, local GPU 6) ~19% slower in forward/backward compute every report while all others spend that time waiting in all-grads-sync; clocks, temperatures, power and kernel logs on all three nodes are normal, so the slow GPU has no visible cause.",
                "https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/core/README_STRAGGLER.md")
    return c


# ---------------------------------------------------------------------------
# an07 per-rank logs; one whole node slower, no hardware evidence
# ---------------------------------------------------------------------------

def an07():
    rng = random.Random(4307)
    c = Case("an07_per_node_step_times_uneven")
    hosts = ["compute-0-3", "compute-0-5", "compute-0-9", "compute-0-12"]
    slow_node = 2
    t0 = T(2024, 6, 11, 14, 2, 10)
    for ni, h in enumerate(hosts):
        for lr in range(8):
            r = ni * 8 + lr
            L = []
            L.append("%s INFO [rank %d] host=%s local_rank=%d world_size=32 device=cuda:%d" % (ts_py(t0), r, h, lr, lr))
            L.append("%s INFO [rank %d] torch 2.3.1+cu121, nccl (2, 20, 5), FSDP FULL_SHARD, bf16, activation checkpointing on" % (ts_py(plus(t0, 0.2)), r))
            L.append("%s INFO [rank %d] dataset /data/tokens/redpajama_v2 shard %d/32, 2048-token sequences, micro batch 4" % (ts_py(plus(t0, 1.1)), r, r))
            L.append("%s INFO [rank %d] model: 6.7B params, sharded 210.1M params on this rank" % (ts_py(plus(t0, 14.2)), r))
            tt = plus(t0, 30)
            loss = 10.9
            for step in range(1, 3001):
                fwd = 231.0 * (1.22 if ni == slow_node else 1.0) + rng.uniform(-3, 3)
                bwd = 462.0 * (1.22 if ni == slow_node else 1.0) + rng.uniform(-5, 5)
                opt = 19.0 + rng.uniform(-0.5, 0.5)
                step_time = 872.0 + rng.uniform(-4, 6)
                wait = step_time - fwd - bwd - opt
                tt = plus(tt, step_time / 1000.0)
                loss = max(2.4, loss * 0.9991 + rng.uniform(-0.01, 0.01))
                if step % 50 == 0 or step == 1:
                    L.append("%s INFO [rank %d] step %4d | loss %.4f | fwd %.1f ms | bwd %.1f ms | opt %.1f ms | comm_wait %.1f ms | step_time %.1f ms | tok/s/gpu %d"
                             % (ts_py(tt), r, step, loss, fwd, bwd, opt, wait, step_time, int(8192 / (step_time / 1000))))
                if step % 1000 == 0:
                    L.append("%s INFO [rank %d] saved sharded checkpoint step_%d (12.4 s)" % (ts_py(plus(tt, 12.4)), r, step))
                    tt = plus(tt, 12.5)
            L.append("%s INFO [rank %d] reached max_steps=3000, exiting" % (ts_py(plus(tt, 1)), r))
            c.add("%s/logs/rank_%02d.log" % (h, r), L)
        gpus = [gpu_default(lr, temp=rng.randint(48, 64), power=rng.uniform(540, 660), util=100,
                            fb_used=rng.randint(61000, 62000), procs=[(81200 + ni * 40 + lr, "python", rng.randint(60900, 61900))])
                for lr in range(8)]
        c.add("%s/nvidia-smi-q.txt" % h, nvsmi_q(plus(t0, 1800), gpus, rng=rng))
        msgs = []
        st = plus(t0, -200000)
        msgs.append("%s %s kernel: Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0) #115-Ubuntu SMP" % (ts_syslog(st), h))
        msgs.append("%s %s systemd[1]: Started NVIDIA fabric manager service." % (ts_syslog(plus(st, 40)), h))
        msgs.append("%s %s nv-fabricmanager[2211]: Successfully configured all the available NVSwitches to route GPU NVLink traffic." % (ts_syslog(plus(st, 52)), h))
        msgs.append("%s %s slurmd[1980]: slurmd: launch task StepId=540021.0 request from UID:3001" % (ts_syslog(plus(t0, -20)), h))
        if ni == 1:
            msgs.append("%s %s kernel: EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x4a81f offset:0x880 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)" % (ts_syslog(plus(t0, 1322)), h))
            msgs.append("%s %s kernel: mce: [Hardware Error]: Machine check events logged" % (ts_syslog(plus(t0, 1322)), h))
        msgs.append("%s %s CRON[91122]: (root) CMD (/usr/local/sbin/node_health_check.sh >/dev/null 2>&1)" % (ts_syslog(plus(t0, 1500)), h))
        msgs.append("%s %s node_health_check[91124]: OK gpus=8 ib_ports_active=8 nvlink=OK mounts=OK" % (ts_syslog(plus(t0, 1503)), h))
        c.add("%s/syslog" % h, msgs)
    c.add("README.txt", ["FSDP pretrain, 4 nodes x 8 H100, job 540021. Finished 3000 steps.",
                         "Step time 0.87 s vs 0.72 s in the scaling test on compute-0-[1,2,4,6] last month.",
                         "Each rank writes logs/rank_NN.log; comm_wait = step_time - fwd - bwd - opt."])
    c.set_label("straggler", "infrastructure", {"node": "compute-0-9"}, "run_diagnostics",
                "All eight ranks on compute-0-9 spend ~22% longer in fwd/bwd and have almost no comm_wait while every other rank waits ~150 ms per step for them, so that node paces the job; GPU clocks, temperatures and logs on it are normal (the corrected ECC on compute-0-5 is unrelated), so it needs diagnostics.",
                "https://github.com/open-mmlab/mmpretrain/issues/350")
    return c


# ---------------------------------------------------------------------------
# an23 DeepSpeed sawtooth; power brake on all GPUs of one node
# ---------------------------------------------------------------------------

def an23():
    rng = random.Random(4323)
    c = Case("an23_deepspeed_samples_per_sec_sawtooth")
    hosts = ["hpc-gpu-c11", "hpc-gpu-c12", "hpc-gpu-c13", "hpc-gpu-c14"]
    bad = 3
    t0 = T(2023, 11, 27, 19, 40, 5)
    # dips: every ~22 minutes for ~6 minutes
    dips = []
    k = plus(t0, 900)
    while k < plus(t0, 3600 * 4):
        dips.append((k, plus(k, rng.randint(300, 420))))
        k = plus(k, rng.randint(1200, 1500))

    def in_dip(t):
        return any(a <= t < b for a, b in dips)
    L = []
    for i, h in enumerate(hosts):
        L.append("%s: [%s] [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {'hpc-gpu-c11': [0, 1, 2, 3, 4, 5, 6, 7], 'hpc-gpu-c12': [8, 9, 10, 11, 12, 13, 14, 15], 'hpc-gpu-c13': [16, 17, 18, 19, 20, 21, 22, 23], 'hpc-gpu-c14': [24, 25, 26, 27, 28, 29, 30, 31]})" % (h, ts_py(t0)))
    L.append("hpc-gpu-c11: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.12.3, git-hash=unknown, git-branch=unknown" % ts_py(plus(t0, 40)))
    L.append("hpc-gpu-c11: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed Final Optimizer = adamw" % ts_py(plus(t0, 44)))
    L.append("hpc-gpu-c11: [%s] [INFO] [config.py:983:print_user_config]   json = {\"train_batch_size\": 1024, \"train_micro_batch_size_per_gpu\": 8, \"gradient_accumulation_steps\": 4, \"zero_optimization\": {\"stage\": 1}, \"bf16\": {\"enabled\": true}, \"steps_per_print\": 20}" % ts_py(plus(t0, 45)))
    tt = plus(t0, 50)
    step = 0
    hist = []
    while tt < plus(t0, 3600 * 4):
        step += 20
        sps = 402.0 if not in_dip(tt) else 251.0
        sps *= 1 + rng.uniform(-0.01, 0.01)
        tt = plus(tt, 20 * 1024 / sps)
        hist.append(sps)
        L += ds_step_lines("hpc-gpu-c11", tt, step, 1e-4, sps, rng, avg=sum(hist) / len(hist))
        if step % 200 == 0:
            L.append("hpc-gpu-c11: [%s] [INFO] [train.py:211:main] step %d loss %.4f ppl %.2f" % (ts_py(plus(tt, 0.01)), step, 3.1 - step / 40000, 22.0 - step / 2000))
    L.append("hpc-gpu-c11: [%s] [INFO] [train.py:240:main] operator requested stop (touch STOP); saving checkpoint global_step%d" % (ts_py(plus(tt, 5)), step))
    L.append("hpc-gpu-c11: [%s] [INFO] [engine.py:3465:_save_zero_checkpoint] zero checkpoint saved /scratch/proj/ckpt/global_step%d/zero_pp_rank_0_mp_rank_00_optim_states.pt" % (ts_py(plus(tt, 41)), step))
    for i, h in enumerate(hosts):
        L.append("%s: [%s] [INFO] [launch.py:347:main] Process %d exits successfully." % (h, ts_py(plus(tt, 45 + i)), 90211 + i * 100))
    c.add("ds_pretrain_1p3b.log", L)
    # dcgm CSV per node
    for ni, h in enumerate(hosts):
        rows = ["Timestamp,Entity,SMCLK,POWER,GTMP,THRTL_RSNS"]
        ct = plus(t0, 60)
        while ct < plus(t0, 3600 * 4):
            for lr in range(8):
                if ni == bad and in_dip(ct):
                    rows.append("%s,GPU %d,%d,%.1f,%d,136" % (ct.strftime("%Y-%m-%d %H:%M:%S"), lr, rng.choice([705, 720, 750]), rng.uniform(150, 190), rng.randint(44, 50)))
                else:
                    rows.append("%s,GPU %d,%d,%.1f,%d,0" % (ct.strftime("%Y-%m-%d %H:%M:%S"), lr, rng.choice([1410, 1410, 1395]), rng.uniform(300, 390), rng.randint(52, 63)))
            ct = plus(ct, 60)
        c.add("%s/dcgmi_dmon_1min.csv" % h, rows)
        snap = dips[4][0] if len(dips) > 4 else dips[-1][0]
        snap = plus(snap, 120)
        gpus = []
        for lr in range(8):
            kw = dict(temp=rng.randint(52, 62), power=rng.uniform(300, 390), util=100, fb_used=rng.randint(60000, 61000),
                      procs=[(90211 + ni * 100 + lr, "/opt/conda/bin/python3", rng.randint(59800, 60800))])
            if ni == bad:
                kw.update(sm=rng.choice([705, 720]), power=rng.uniform(150, 180), temp=rng.randint(44, 49),
                          reasons={"hw": 1, "hw_power_brake": 1})
            gpus.append(gpu_default(lr, product="a100", **kw))
        c.add("%s/nvidia-smi-q.txt" % h, nvsmi_q(snap, gpus, driver="525.105.17", cuda="12.0", style="throttle", rng=rng))
        ev = []
        ev.append((plus(t0, -3600 * 30), "kernel: Linux version 4.18.0-477.27.1.el8_8.x86_64"))
        ev.append((plus(t0, -20), "slurmd: launch task StepId=1204551.0 request from UID:20211"))
        if ni == bad:
            for a, b in dips[:8]:
                ev.append((plus(a, -3), "ipmievd: SEL Event: Power Supply PSU2 Status: Power Supply input lost (AC/DC) Asserted"))
                ev.append((plus(b, 2), "ipmievd: SEL Event: Power Supply PSU2 Status: Power Supply input lost (AC/DC) Deasserted"))
        if ni == 1:
            ev.append((plus(t0, 5000), "kernel: nfs: server home-nfs01 OK"))
        ev.sort()
        c.add("%s/messages" % h, ["%s %s %s" % (ts_syslog(a), h, m) for a, m in ev])
    sel = ["SEL Information", "Version          : 1.5 (v1.5, v2 compliant)", "Entries          : 31", ""]
    n = 1
    for a, b in dips[:8]:
        sel.append("%4x | %s | %s | Power Supply PSU2_Status | Power Supply input lost (AC/DC) | Asserted" % (n, a.strftime("%m/%d/%Y"), plus(a, -3).strftime("%H:%M:%S")))
        n += 1
        sel.append("%4x | %s | %s | Power Unit Power_Redundancy | Redundancy Lost | Asserted" % (n, a.strftime("%m/%d/%Y"), plus(a, -2).strftime("%H:%M:%S")))
        n += 1
        sel.append("%4x | %s | %s | Power Supply PSU2_Status | Power Supply input lost (AC/DC) | Deasserted" % (n, b.strftime("%m/%d/%Y"), plus(b, 2).strftime("%H:%M:%S")))
        n += 1
    c.add("%s/ipmitool_sel_elist.txt" % hosts[bad], sel)
    c.set_label("straggler", "infrastructure", {"node": "hpc-gpu-c14"}, "restart_without_node",
                "SamplesPerSec repeatedly drops from ~400 to ~250 for a few minutes; each dip coincides with all eight GPUs on hpc-gpu-c14 entering HW Slowdown / HW Power Brake (throttle reasons 0x88, ~720 MHz) while its PSU2 keeps losing input power, so that node paces the whole job.",
                "https://docs.nvidia.com/datacenter/dcgm/2.4/dcgm-api/dcgm-api-field-constants.html")
    return c
