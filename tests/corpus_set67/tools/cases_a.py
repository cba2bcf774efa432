"""Cases bl01..bl09."""

import random

from bundle import Case
from common import (UTC, dt, td, tz, ts_py, ts_iso, ts_glog, ts_dmesg_T, ts_syslog,
                    nvsmi_q, nvsmi_table, nccl_init_lines, torchrun_header_glog,
                    torchrun_rdzv_result, dmesg_boot_noise, render_dmesg,
                    megatron_args_block, megatron_iter_line, megatron_timers, lr_at,
                    loss_at, pyspy_dump, hexid, tqdm_hms)


# ------------------------------------------------------------------ helpers

def megatron_startup(t, world, tp, pp, dp, args, nparams, prefix="", resume=None):
    L = []
    p = prefix
    L.append(p + "using world size: %d, data-parallel size: %d, context-parallel size: 1, "
             "hierarchical context-parallel sizes: None, tensor-model-parallel size: %d, "
             "encoder-tensor-model-parallel size: 0, pipeline-model-parallel size: %d, "
             "encoder-pipeline-model-parallel size: 0" % (world, dp, tp, pp))
    L.append(p + "WARNING: Setting args.overlap_p2p_comm and args.align_param_gather to False since non-interleaved schedule does not support overlapping p2p communication and aligned param AG")
    L.append(p + "using torch.bfloat16 for parameters ...")
    L += [p + x for x in megatron_args_block(args)]
    L.append(p + "INFO:megatron.core.num_microbatches_calculator:setting number of microbatches to constant %d" % max(1, args.get("global_batch_size", 1) // (args.get("micro_batch_size", 1) * dp)))
    L.append(p + "> building GPT2BPETokenizer tokenizer ...")
    L.append(p + " > padded vocab (size: 50257) with %d dummy tokens (new size: %d)" % (128 * tp - 50257 % (128 * tp), 50257 + 128 * tp - 50257 % (128 * tp)))
    L.append(p + "> initializing torch distributed ...")
    L.append(p + "> initialized tensor model parallel with size %d" % tp)
    L.append(p + "> initialized pipeline model parallel with size %d" % pp)
    L.append(p + "> setting random seeds to 1234 ...")
    L.append(p + "> compiling dataset index builder ...")
    L.append(p + "make: Entering directory '/opt/megatron-lm/megatron/core/datasets'")
    L.append(p + "make: Nothing to be done for 'default'.")
    L.append(p + "make: Leaving directory '/opt/megatron-lm/megatron/core/datasets'")
    L.append(p + ">>> done with dataset index builder. Compilation time: 0.071 seconds")
    L.append(p + "> compiling and loading fused kernels ...")
    L.append(p + ">>> done with compiling and loading fused kernels. Compilation time: 2.918 seconds")
    L.append(p + "time to initialize megatron (seconds): 61.208")
    L.append(p + "[after megatron is initialized] datetime: %s " % t.strftime("%Y-%m-%d %H:%M:%S"))
    L.append(p + "building GPT model ...")
    L.append(p + " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): %d" % nparams)
    L.append(p + "INFO:megatron.core.distributed.distributed_data_parallel:Setting up DistributedDataParallel with config DistributedDataParallelConfig(grad_reduce_in_fp32=True, overlap_grad_reduce=True, overlap_param_gather=False, align_param_gather=False, use_distributed_optimizer=True, num_distributed_optimizer_instances=1, check_for_nan_in_grad=True, bucket_size=40000000, average_in_collective=False, fp8_param_gather=False)")
    L.append(p + "INFO:megatron.core.distributed.param_and_grad_buffer:Number of buckets for gradient all-reduce / reduce-scatter: 4")
    L.append(p + "> learning rate decay style: cosine")
    ck = args.get("load") or args.get("save") or "/checkpoints"
    if resume:
        L.append(p + " loading distributed checkpoint from %s at iteration %d" % (ck, resume))
        L.append(p + "  checkpoint version 3.0")
        L.append(p + "  successfully loaded checkpoint from %s [ t 1/%d, p 1/%d ] at iteration %d" % (ck, tp, pp, resume))
        L.append(p + "(min, max) time across ranks (ms):")
        L.append(p + "    load-checkpoint ................................: (48211.40, 48290.77)")
    else:
        L.append(p + "WARNING: could not find the metadata file %s/latest_checkpointed_iteration.txt " % ck)
        L.append(p + "    will not load any checkpoints and will start from random")
        L.append(p + "(min, max) time across ranks (ms):")
        L.append(p + "    load-checkpoint ................................: (2.18, 3.97)")
    L.append(p + "[after model, optimizer, and learning rate scheduler are built] datetime: %s " % (t + td(seconds=41)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append(p + "> building train, validation, and test datasets ...")
    L.append(p + " > datasets target sizes (minimum size):")
    L.append(p + "    train:      %d" % (args.get("train_iters", 100000) * args.get("global_batch_size", 1)))
    L.append(p + "    validation: %d" % (args.get("global_batch_size", 1) * 10 * (args.get("train_iters", 100000) // 1000 + 1)))
    L.append(p + "    test:       %d" % (args.get("global_batch_size", 1) * 10))
    L.append(p + "INFO:megatron.core.datasets.blended_megatron_dataset_config:Let split_matrix = [(0, 0.969), (0.969, 0.999), (0.999, 1.0)]")
    L.append(p + "> finished creating GPT datasets ...")
    L.append(p + "[after dataloaders are built] datetime: %s " % (t + td(seconds=58)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append(p + "done with setup ...")
    L.append(p + "(min, max) time across ranks (ms):")
    L.append(p + "    model-and-optimizer-setup ......................: (40112.57, 40390.11)")
    L.append(p + "    train/valid/test-data-iterators-setup ..........: (15201.33, 16770.02)")
    L.append(p + "training ...")
    L.append(p + "[before the start of training step] datetime: %s " % (t + td(seconds=59)).strftime("%Y-%m-%d %H:%M:%S"))
    return L


def ipmi_sel(entries):
    """entries: list of (datetime, sensor, event, state)."""
    L = []
    for i, (t, sensor, ev, st) in enumerate(entries):
        L.append("%4x | %s | %s | %s | %s | %s" % (i + 1, t.strftime("%m/%d/%Y"), t.strftime("%H:%M:%S"), sensor, ev, st))
    return "\n".join(L) + "\n"


def base_sel(rng, boot):
    return [
        (boot - td(days=14, hours=3), "Event Logging Disabled SEL", "Log area reset/cleared", "Asserted"),
        (boot - td(minutes=4), "System Event #0x83", "Timestamp Clock Sync", "Asserted"),
        (boot - td(minutes=4), "System Event #0x83", "Timestamp Clock Sync", "Asserted"),
        (boot - td(minutes=3, seconds=12), "System Boot Initiated #0xe0", "Initiated by power up", "Asserted"),
        (boot + td(seconds=rng.randint(40, 90)), "Drive Slot / Bay NVMe_0", "Drive Present", "Asserted"),
    ]


# ------------------------------------------------------------------ bl01

def bl01():
    rng = random.Random(6701)
    c = Case("bl01_megatron_iter_time_jumps_midrun")
    nodes = ["dgx-b12-%02d" % i for i in range(1, 9)]
    bad = "dgx-b12-06"
    start = dt(2024, 3, 11, 22, 4, 31)
    job = 4471823
    tp, pp, dp = 8, 2, 4
    world = 64
    args = {
        "tensor_model_parallel_size": tp, "pipeline_model_parallel_size": pp,
        "num_layers": 80, "hidden_size": 8192, "num_attention_heads": 64, "seq_length": 4096,
        "max_position_embeddings": 4096, "micro_batch_size": 1, "global_batch_size": 1024,
        "train_iters": 500000, "lr": 0.0003, "min_lr": 3e-05, "lr_decay_style": "cosine",
        "lr_warmup_iters": 2000, "log_interval": 10, "save_interval": 1000, "eval_interval": 2000,
        "eval_iters": 10, "bf16": True, "use_distributed_optimizer": True, "sequence_parallel": True,
        "save": "/lustre/fsw/llm/ckpt/gpt-70b", "load": "/lustre/fsw/llm/ckpt/gpt-70b",
        "data_path": "['/lustre/fsw/llm/data/pile_text_document']", "tokenizer_type": "GPT2BPETokenizer",
        "world_size": world, "data_parallel_size": dp, "recompute_granularity": "selective",
        "overlap_grad_reduce": True, "log_throughput": True, "timing_log_level": 0,
        "transformer_impl": "transformer_engine", "attention_backend": "AttnBackend.auto",
    }
    L = []
    L.append("+ export NCCL_DEBUG=INFO")
    L.append("+ export NCCL_IB_QPS_PER_CONNECTION=2")
    L.append("+ srun -l --mpi=pmix --container-image=/lustre/fsw/images/nemo-24.01.sqsh python pretrain_gpt.py ...")
    # NCCL init flood, interleaved by task
    init_t = start + td(seconds=22)
    for r in range(world):
        host = nodes[r // 8]
        lr_ = r % 8
        ip = "10.18.%d.%d" % (12, 10 + r // 8)
        for ln in nccl_init_lines(host, 231000 + r * 7, 231900 + r * 7, lr_, r, world, 8, ip, rng):
            L.append("%d: %s" % (r, ln))
    L += ["0: " + x for x in megatron_startup(start + td(seconds=70), world, tp, pp, dp, args, 4431814656)]
    for r in (56, 57, 58, 59, 60, 61, 62, 63):
        L.append("%d: /usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/module/base.py:630: UserWarning: To guarantee overlapping TP and SP collectives with the backward GEMMs, set environment variable CUDA_DEVICE_MAX_CONNECTIONS = 1" % r)
        L.append("%d:   warnings.warn(" % r)
    t = start + td(seconds=130)
    consumed = 0
    slow_from = 1850
    for it in range(1, 2621):
        if it == slow_from:
            onset_t = t
        if it < slow_from:
            ms = rng.gauss(6152.0, 31.0)
        else:
            ms = rng.gauss(11830.0, 140.0)
        if it <= 3:
            ms = [21544.2, 7012.8, 6188.4][it - 1]
        t = t + td(milliseconds=ms)
        consumed += 1024
        if it % 10 == 0:
            tfl = 402.6 * 6152.0 / ms + rng.gauss(0, 0.4)
            L.append("63: " + megatron_iter_line(t, it, 500000, consumed, ms, tfl, lr_at(it), 1024,
                                                 loss_at(it, rng), abs(rng.gauss(0.21, 0.03)) + 0.05))
        if it == 10:
            for r in (0, 8, 16, 24):
                L.append("%d: [Rank %d] (after 10 iterations) memory (MB) | allocated: 41211.32 | max allocated: 63117.90 | reserved: 66802.00 | max reserved: 66802.00" % (r, r))
            for r in (32, 40, 48, 56):
                L.append("%d: [Rank %d] (after 10 iterations) memory (MB) | allocated: 40881.06 | max allocated: 62894.27 | reserved: 66110.00 | max reserved: 66110.00" % (r, r))
        if it % 1000 == 0:
            L.append("0: saving checkpoint at iteration %7d to /lustre/fsw/llm/ckpt/gpt-70b in torch_dist format" % it)
            t = t + td(seconds=38)
            L.append("0:   successfully saved checkpoint from iteration %7d to /lustre/fsw/llm/ckpt/gpt-70b [ t 1/8, p 1/2 ]" % it)
            L.append("0: (min, max) time across ranks (ms):")
            L.append("0:     save-checkpoint ................................: (37911.20, 38004.77)")
        if it == 2000:
            L.append("63: -------------------------------------------------------------------------------------------------")
            L.append("63:  validation loss at iteration 2000 | lm loss value: 2.410771E+00 | lm loss PPL: 1.114201E+01 | ")
            L.append("63: -------------------------------------------------------------------------------------------------")
            t = t + td(seconds=71)
    end_t = t
    c.add("slurm-%d.out" % job, L)
    c.add("squeue.txt", [
        "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
        "           %d     batch gpt70b-p   mrossi  R    %s      8 dgx-b12-[01-08]" % (job, "5:52:06"),
    ])
    c.add("sacct.txt", [
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
        "------------ ---------- ---------- ---------- ---------- ---------- -------- ",
        "%d       gpt70b-p+      batch    llm-pre       1792    RUNNING      0:0 " % job,
        "%d.batch      batch               llm-pre        224    RUNNING      0:0 " % job,
        "%d.0          python               llm-pre       1792    RUNNING      0:0 " % job,
    ])
    psu_t = (onset_t - td(seconds=9)).replace(microsecond=0)
    diag_t = dt(2024, 3, 12, 3, 20, 4)
    boot = dt(2024, 2, 27, 9, 14, 2)
    for i, n in enumerate(nodes):
        gr = random.Random(6701 * 100 + i)
        gpus = []
        for g in range(8):
            d = {"temp": gr.randint(44, 58), "power": gr.uniform(560, 690), "util": 100,
                 "mem_used": 67120 + gr.randint(0, 900), "procs": [(240100 + i * 16 + g, "/usr/bin/python", 66790 + gr.randint(0, 900))]}
            if gr.random() < 0.3:
                d["sw_power_cap"] = True
                d["power"] = gr.uniform(694, 699.9)
                d["sm"] = gr.choice([1755, 1770, 1785, 1830])
            if n == bad:
                d.update({"hw_power_brake": True, "sm": gr.choice([1080, 1095, 1095, 1110]),
                          "power": gr.uniform(292, 334), "temp": gr.randint(36, 41), "sw_power_cap": False})
            if n == "dgx-b12-03" and g == 4:
                d["remap_corr"] = 1
            gpus.append(d)
        c.add("%s/nvidia-smi-q.txt" % n, nvsmi_q(diag_t + td(seconds=i * 3), gpus, rng=gr))
        ent = dmesg_boot_noise(gr, n, n=30)
        if n == "dgx-b12-03":
            ent.append((1043211.44, "NVRM: Xid (PCI:0000:9a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000000a3f21) marked for remapping, reset gpu to activate."))
        ent.append((1162200.1 + gr.uniform(0, 5), "nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel"))
        c.add("%s/dmesg-T.txt" % n, render_dmesg(ent, "T", boot_time=boot))
        if n == bad:
            sel = base_sel(gr, boot) + [
                (psu_t, "Power Supply PSU3_Status", "Power Supply AC lost", "Asserted"),
                (psu_t, "Power Supply PS_Redundancy", "Redundancy Lost", "Asserted"),
            ]
        else:
            sel = base_sel(gr, boot)
        c.add("%s/ipmitool-sel-elist.txt" % n, ipmi_sel(sel))
    c.set_label(
        "straggler", "infrastructure", bad, None, "restart_without_node",
        "Iteration time jumps from ~6.15 s to ~11.8 s at iteration 1850 (~01:16) with no error anywhere; "
        "only dgx-b12-06 shows HW Slowdown / HW Power Brake Slowdown active on all eight GPUs at ~1.1 GHz "
        "and ~310 W, and its BMC logged PSU3 AC lost / redundancy lost at %s, seconds before the slowdown. SW "
        "Power Cap on other nodes and the old Xid 63 on dgx-b12-03 are benign." % psu_t.strftime("%H:%M:%S"),
        "https://github.com/leptonai/gpud/pull/331")
    return c


# ------------------------------------------------------------------ bl02

def bl02():
    rng = random.Random(6702)
    c = Case("bl02_straggler_report_same_rank_slowest")
    nodes = ["hgx-c3-n%d" % i for i in range(11, 15)]
    slow_rank = 21
    cest = tz(2)
    start = dt(2024, 5, 20, 13, 2, 40, tzinfo=cest)
    world = 32
    args = {
        "tensor_model_parallel_size": 1, "pipeline_model_parallel_size": 1, "num_layers": 32,
        "hidden_size": 2560, "num_attention_heads": 32, "seq_length": 2048, "max_position_embeddings": 2048,
        "micro_batch_size": 4, "global_batch_size": 512, "train_iters": 200000, "lr": 0.00016,
        "min_lr": 1.6e-05, "lr_warmup_iters": 1000, "log_interval": 20, "log_straggler": True,
        "straggler_minmax_count": 4, "straggler_ctrlr_port": 65535, "disable_straggler_on_startup": False,
        "bf16": True, "use_distributed_optimizer": True, "world_size": world, "data_parallel_size": 32,
        "save": "/scratch/ckpt/gpt-2p7b", "save_interval": 2000, "log_throughput": True,
        "data_path": "['/scratch/data/slimpajama_text_document']", "tokenizer_type": "GPT2BPETokenizer",
    }
    logs = {n: [] for n in nodes}
    for gi, n in enumerate(nodes):
        pid = 71000 + gi * 13
        logs[n] += torchrun_header_glog(start, pid)
        logs[n] += torchrun_rdzv_result(start + td(seconds=3), pid, gi, 4, 8, "hgx-c3-n11")
    # rank 0 output on node n11
    r0 = logs[nodes[0]]
    for r in range(8):
        for ln in nccl_init_lines(nodes[0], 71200 + r, 71300 + r, r, r, world, 4, "10.77.3.11", rng)[:14]:
            r0.append("[default%d]:%s" % (r, ln))
    r0 += ["[default0]:" + x for x in megatron_startup(start + td(seconds=50), world, 1, 1, 32, args, 2651596800)]
    last = logs[nodes[3]]
    t = start + td(seconds=112)
    consumed = 0
    onset = 611
    for it in range(1, 1641):
        ms = rng.gauss(2481.0, 12.0) if it < onset else rng.gauss(3152.0, 21.0)
        if it == 1:
            ms = 9412.7
        t = t + td(milliseconds=ms)
        consumed += 512
        if it % 20 == 0:
            tfl = 384.0 * 2481.0 / ms
            last.append("[default7]:" + megatron_iter_line(t, it, 200000, consumed, ms, tfl,
                                                         lr_at(it, 1.6e-4, 1000, 200000, 1.6e-5), 512,
                                                         loss_at(it, rng, 10.9, 2.45), abs(rng.gauss(0.33, 0.05))))
            now = t.strftime("%Y-%m-%d %H:%M:%S")
            ranks = list(range(world))
            if it < onset:
                mxr = rng.choice(ranks)
                mnr = rng.choice([x for x in ranks if x != mxr])
                mn_rtt = 2380.0 + rng.uniform(0, 6)
                mx_rtt = mn_rtt + rng.uniform(8, 22)
                etpts = sorted([(rng.uniform(383.1, 386.9), r) for r in ranks])
            else:
                mxr = slow_rank
                mnr = rng.choice([x for x in ranks if x != slow_rank])
                mn_rtt = 2381.0 + rng.uniform(0, 6)
                mx_rtt = rng.uniform(3038, 3061)
                etpts = sorted([(rng.uniform(383.1, 386.9), r) for r in ranks if r != slow_rank] +
                               [(rng.uniform(300.8, 302.4), slow_rank)])
            pw = [rng.randint(598000, 616000), rng.randint(672000, 689000)]
            line = ("[default0]:INFO:megatron.core.utils:[%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | "
                    "MnPwr/Rnk: %.2fW/%d | MxPwr/Rnk: %.2fW/%d | MnTmp/Rnk: %.2fC/%d | MxTmp/Rnk: %.2fC/%d | "
                    "MnUtl/Rnk: %.2f%%/%d | MxUtl/Rnk: %.2f%%/%d | MnClk/Rnk: %.2fMHz/%d | MxClk/Rnk: %.2fMHz/%d | "
                    "MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d") % (
                now, mn_rtt, mnr, mx_rtt, mxr, pw[0], rng.choice(ranks), pw[1], rng.choice(ranks),
                rng.choice([40, 41, 42]), rng.choice(ranks), rng.choice([57, 58, 59, 61]), rng.choice([2, 3, 17, 26]),
                rng.choice([96.0, 97.0, 98.0]), rng.choice(ranks), 100.0, rng.choice(ranks),
                rng.choice([1935.0, 1950.0, 1965.0]), rng.choice([5, 9, 17, 30]), 1980.0, 0,
                rng.uniform(0.9, 1.2), rng.choice(ranks), rng.uniform(2.4, 4.9), rng.choice(ranks),
                etpts[0][0], etpts[0][1], etpts[-1][0], etpts[-1][1])
            r0.append(line)
            r0.append("[default0]:INFO:megatron.core.utils:^^^^ Bottom 4 Ranks with lowest  Etpt(TF): " +
                      "".join("%.2f/%d, " % e for e in etpts[:4]))
            r0.append("[default0]:INFO:megatron.core.utils:^^^^ Top    4 Ranks with highest Etpt(TF): " +
                      "".join("%.2f/%d, " % e for e in etpts[-4:]))
        if it % 500 == 0:
            r0.append("[default0]:(min, max) time across ranks (ms):")
            r0.append("[default0]:    save-checkpoint ................................: (0.00, 0.00)")
    for gi, n in enumerate(nodes):
        c.add("%s/torchrun_%s.log" % (n, n), logs[n])
    diag = dt(2024, 5, 20, 15, 11, 2, tzinfo=cest)
    for gi, n in enumerate(nodes):
        gr = random.Random(67020 + gi)
        gpus = [{"temp": gr.randint(41, 58), "power": gr.uniform(596, 688), "util": 100, "sm": 1980,
                 "mem_used": 51200 + gr.randint(0, 600),
                 "procs": [(71210 + gi * 40 + g, "/usr/bin/python3", 50870 + gr.randint(0, 500))]} for g in range(8)]
        c.add("%s/diag/nvidia-smi-q.log" % n, nvsmi_q(diag + td(seconds=gi), gpus, rng=gr, driver="535.161.08", cuda="12.2"))
        boot = dt(2024, 5, 2, 7, 51, 0, tzinfo=UTC)
        c.add("%s/diag/dmesg.log" % n, render_dmesg(dmesg_boot_noise(gr, n, n=25), "uptime"))
        if n == "hgx-c3-n13":
            c.add("%s/diag/dcgmi_diag_r1.txt" % n, [
                "Successfully ran diagnostic for group.",
                "+---------------------------+------------------------------------------------+",
                "| Diagnostic                | Result                                         |",
                "+===========================+================================================+",
                "|-----  Metadata  ----------+------------------------------------------------|",
                "| DCGM Version              | 3.3.5                                          |",
                "| Driver Version Detected   | 535.161.08                                     |",
                "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
                "|-----  Deployment  --------+------------------------------------------------|",
                "| Denylist                  | Pass                                           |",
                "| NVML Library              | Pass                                           |",
                "| CUDA Main Library         | Pass                                           |",
                "| Permissions and OS Blocks | Pass                                           |",
                "| Persistence Mode          | Pass                                           |",
                "| Environment Variables     | Pass                                           |",
                "| Page Retirement/Row Remap | Pass                                           |",
                "| Graphics Processes        | Pass                                           |",
                "| Inforom                   | Pass                                           |",
                "+---------------------------+------------------------------------------------+",
            ])
    c.set_label(
        "straggler", "infrastructure", "hgx-c3-n13", slow_rank, "run_diagnostics",
        "From iteration ~611 the straggler detector names rank 21 as MxRtt and lowest Etpt every interval "
        "(~301 TF vs ~385 TF for all others) and iteration time rises 2.48 s -> 3.15 s; rank 21 is local rank 5 "
        "on hgx-c3-n13 (group_rank 2). Its clocks, temperature, ECC and dmesg are clean, so the node needs "
        "deeper diagnostics rather than a known fault.",
        "https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/core/README_STRAGGLER.md")
    return c


# ------------------------------------------------------------------ bl03

def bl03():
    rng = random.Random(6703)
    c = Case("bl03_nemo_it_per_sec_low_from_start")
    nodes = ["node%03d" % i for i in (17, 18, 19, 20)]
    start = dt(2024, 4, 8, 10, 1, 44)
    cfg = """name: megatron_gpt_sft
trainer:
  devices: 8
  accelerator: gpu
  num_nodes: 4
  precision: bf16-mixed
  max_epochs: 1
  max_steps: 10000
  log_every_n_steps: 10
  val_check_interval: 500
  gradient_clip_val: 1.0
exp_manager:
  explicit_log_dir: /results/sft_llama2_7b
  create_checkpoint_callback: true
  checkpoint_callback_params:
    monitor: validation_loss
    save_top_k: 2
model:
  seed: 1234
  tensor_model_parallel_size: 2
  pipeline_model_parallel_size: 1
  global_batch_size: 128
  micro_batch_size: 8
  restore_from_path: /models/llama2-7b.nemo
  sequence_parallel: true
  activations_checkpoint_granularity: selective
  data:
    train_ds:
      file_names:
      - /data/sft/mixture_v3_train.jsonl
      global_batch_size: 128
      micro_batch_size: 8
      shuffle: true
      num_workers: 0
      memmap_workers: 1
      pin_memory: false
      max_seq_length: 4096
      min_seq_length: 1
      drop_last: true
      concat_sampling_probabilities:
      - 1.0
      label_key: output
      add_eos: true
      truncation_field: input
      prompt_template: '<s>[INST] {input} [/INST] {output}'
    validation_ds:
      file_names:
      - /data/sft/mixture_v3_val.jsonl
      num_workers: 0
      pin_memory: false
      max_seq_length: 4096
  optim:
    name: distributed_fused_adam
    lr: 5.0e-06
    weight_decay: 0.01
"""
    L = []
    p = "[NeMo I %s megatron_gpt_finetuning:56] " % start.strftime("%Y-%m-%d %H:%M:%S")
    L.append(p)
    L.append("    ")
    L.append("    ************** Experiment configuration ***********")
    L.append("[NeMo I %s megatron_gpt_finetuning:57] " % start.strftime("%Y-%m-%d %H:%M:%S"))
    L += cfg.rstrip("\n").split("\n")
    L.append("GPU available: True (cuda), used: True")
    L.append("TPU available: False, using: 0 TPU cores")
    L.append("HPU available: False, using: 0 HPUs")
    L.append("[NeMo W %s exp_manager:773] No version folders would be created under the log folder as 'resume_if_exists' is enabled." % (start + td(seconds=4)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s exp_manager:394] Experiments will be logged at /results/sft_llama2_7b" % (start + td(seconds=4)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32")
    L.append("----------------------------------------------------------------------------------------------------")
    L.append("distributed_backend=nccl")
    L.append("All distributed processes registered. Starting with 32 processes")
    L.append("----------------------------------------------------------------------------------------------------")
    for ln in nccl_init_lines(nodes[0], 48211, 48560, 0, 0, 32, 4, "10.3.0.17", rng):
        L.append(ln)
    t = start + td(seconds=95)
    L.append("[NeMo I %s nlp_overrides:1180] Model MegatronGPTSFTModel was successfully restored from /models/llama2-7b.nemo." % t.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s gpt_sft_dataset:108] Building data files" % t.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s text_memmap_dataset:116] Building data files" % t.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s text_memmap_dataset:525] Processing 1 data files using 1 workers" % t.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s text_memmap_dataset:158] Loading data files" % (t + td(seconds=41)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s text_memmap_dataset:249] Loading /data/sft/mixture_v3_train.jsonl" % (t + td(seconds=41)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s text_memmap_dataset:165] Time loading 1 mem-mapped files: 0:00:00.011920" % (t + td(seconds=41)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s megatron_gpt_sft_model:804] Length of train dataset: 1280000" % (t + td(seconds=42)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nlp_overrides:241] Configuring DDP for model parallelism." % (t + td(seconds=43)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]")
    L.append("[NeMo W %s megatron_base_model:1231] Ignoring `trainer.max_epochs` when computing `max_steps` because `trainer.max_steps` is already set to 10000." % (t + td(seconds=44)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("")
    L.append("  | Name  | Type          | Params")
    L.append("----------------------------------------")
    L.append("0 | model | Float16Module | 3.4 B ")
    L.append("----------------------------------------")
    L.append("3.4 B     Trainable params")
    L.append("0         Non-trainable params")
    L.append("3.4 B     Total params")
    L.append("13474.201 Total estimated model params size (MB)")
    L.append("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/data_connector.py:441: The 'train_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=13` in the `DataLoader` to improve performance.")
    L.append("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/data_connector.py:441: The 'val_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=13` in the `DataLoader` to improve performance.")
    L.append("Sanity Checking: |          | 0/? [00:00<?, ?it/s]")
    L.append("Sanity Checking DataLoader 0: 100%|##########| 2/2 [00:09<00:00,  0.21it/s]")
    # progress bar, tqdm style, \r separated within long lines
    elapsed = 0.0
    chunk = []
    for step in range(1, 431):
        st = rng.gauss(2.01, 0.06)
        if step == 1:
            st = 14.2
        elapsed += st
        rate = step / elapsed
        rem = (10000 - step) / rate
        hms = tqdm_hms
        pct = step * 100 // 10000
        bar = "#" * (pct // 10) + " " * (10 - pct // 10)
        s = ("Epoch 0: :   %d%%|%s| %d/10000 [%s<%s, %.2fit/s, v_num=0, reduced_train_loss=%.3f, "
             "global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.3f]") % (
            pct, bar, step, hms(elapsed), hms(rem), rate, 1.95 - 0.3 * (step / 430) + rng.gauss(0, 0.04),
            step - 1, (step - 1) * 128, st)
        chunk.append(s)
        if len(chunk) == 10:
            L.append("\r".join(chunk))
            chunk = []
    if chunk:
        L.append("\r".join(chunk))
    c.add("%s/sft_rank0.log" % nodes[0], L)
    c.add("slurm-912244.out", [
        "Job 912244 started on node[017-020] at %s" % start.strftime("%a %b %d %H:%M:%S UTC %Y"),
        "srun: launching StepId=912244.0 on host node017, 8 tasks: [0-7]",
        "srun: launching StepId=912244.0 on host node018, 8 tasks: [8-15]",
        "srun: launching StepId=912244.0 on host node019, 8 tasks: [16-23]",
        "srun: launching StepId=912244.0 on host node020, 8 tasks: [24-31]",
        "logs for rank 0 are in node017/sft_rank0.log",
    ])
    snap = start + td(minutes=16, seconds=12)
    for i, n in enumerate(nodes):
        gr = random.Random(67030 + i)
        rows = ["# gpu    sm   mem   enc   dec   jpg   ofa", "# Idx     %     %     %     %     %     %"]
        for s in range(6):
            for g in range(8):
                v = gr.choice([0, 0, 0, 2, 9, 17, 38, 71, 96, 99]) if gr.random() < 0.7 else gr.randint(0, 5)
                rows.append("    %d   %3d   %3d     0     0     0     0" % (g, v, max(0, v // 3 + gr.randint(-2, 2))))
        c.add("%s/nvidia-smi-dmon.txt" % n, rows)
        top = [
            "top - %s up 12 days,  3:41,  0 users,  load average: 8.41, 8.37, 8.02" % snap.strftime("%H:%M:%S"),
            "Tasks: 1291 total,   9 running, 1282 sleeping,   0 stopped,   0 zombie",
            "%Cpu(s):  7.2 us,  0.4 sy,  0.0 ni, 92.3 id,  0.0 wa,  0.0 hi,  0.1 si,  0.0 st",
            "MiB Mem : 2063724.0 total, 1702118.4 free, 221430.9 used, 140174.7 buff/cache",
            "MiB Swap:      0.0 total,      0.0 free,      0.0 used. 1832288.3 avail Mem ",
            "",
            "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
        ]
        for g in range(8):
            top.append("%7d svc_sft   20   0  112.4g  19.8g   1.9g R 100.0   1.0  %d:%02d.%02d python" % (
                48211 + i * 100 + g, 16, gr.randint(0, 59), gr.randint(0, 99)))
        top.append("   2231 root      20   0 2845688  81024  41216 S   1.3   0.0 148:11.02 nv-hostengine")
        top.append("   1840 root      20   0  161232  12288   9216 S   0.3   0.0  12:31.44 slurmd")
        c.add("%s/top-b-n1.txt" % n, top)
        c.add("%s/nvidia-smi.txt" % n, nvsmi_table(snap, [{"temp": gr.randint(33, 41), "power": gr.randint(140, 260),
                                                           "used": 48210 + gr.randint(0, 900), "util": gr.choice([0, 4, 13, 27])}
                                                          for _ in range(8)],
                                                   procs=[(g, 48211 + i * 100 + g, "/usr/bin/python", 47890) for g in range(8)]))
    frames = [
        "encode_as_ids (sentencepiece/__init__.py:552)",
        "Encode (sentencepiece/__init__.py:531)",
        "text_to_ids (nemo/collections/common/tokenizers/sentencepiece_tokenizer.py:98)",
        "_process_example (nemo/collections/nlp/data/language_modeling/megatron/gpt_sft_dataset.py:386)",
        "__getitem__ (nemo/collections/nlp/data/language_modeling/megatron/gpt_sft_dataset.py:226)",
        "<listcomp> (torch/utils/data/_utils/fetch.py:51)",
        "fetch (torch/utils/data/_utils/fetch.py:51)",
        "_next_data (torch/utils/data/dataloader.py:675)",
        "__next__ (torch/utils/data/dataloader.py:631)",
        "_fetch_next_batch (lightning/pytorch/loops/fetchers.py:133)",
        "__next__ (lightning/pytorch/loops/fetchers.py:60)",
        "_get_batch (nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py:1019)",
        "fwd_output_and_loss_func (nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py:1183)",
        "forward_step (megatron/core/pipeline_parallel/schedules.py:275)",
        "forward_backward_no_pipelining (megatron/core/pipeline_parallel/schedules.py:456)",
        "fwd_bwd_step (nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py:661)",
        "training_step (nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py:798)",
        "run (lightning/pytorch/loops/training_epoch_loop.py:136)",
        "fit (lightning/pytorch/trainer/trainer.py:544)",
        "main (megatron_gpt_finetuning.py:71)",
        "<module> (megatron_gpt_finetuning.py:75)",
    ]
    c.add("%s/py-spy-dump-48211.txt" % nodes[0], pyspy_dump(
        48211, "/usr/bin/python -u /opt/NeMo/examples/nlp/language_modeling/tuning/megatron_gpt_finetuning.py --config-path=/cfg --config-name=sft_llama2_7b",
        "v3.10.12 (/usr/bin/python3.10)",
        [(48211, "MainThread", "active", frames),
         (48560, "Thread-1", "idle", ["wait (threading.py:324)", "wait (threading.py:607)", "run (tqdm/_monitor.py:60)",
                                      "_bootstrap_inner (threading.py:1016)", "_bootstrap (threading.py:973)"])]))
    c.set_label(
        "straggler", "script", None, None, "stop",
        "All 32 ranks run at ~0.5 it/s from step 1 with GPUs mostly idle (dmon SM% near zero) while each rank's "
        "single python process pegs one core; the config sets num_workers: 0 for an on-the-fly tokenised JSONL "
        "SFT dataset, Lightning warns the train_dataloader may be a bottleneck, and py-spy shows the main thread "
        "inside the tokenizer in __getitem__. The job is input-bound by its own settings.",
        "https://github.com/Lightning-AI/pytorch-lightning/issues/1322")
    return c


# ------------------------------------------------------------------ bl04

def bl04():
    rng = random.Random(6704)
    c = Case("bl04_hf_trainer_steps_per_second_tiny")
    nodes = ["ip-10-0-33-17", "ip-10-0-33-201"]
    start = dt(2024, 7, 2, 10, 12, 3)
    script = """#!/bin/bash
# run_sft.sh -- launched on each node by the job wrapper
export NCCL_DEBUG=WARN
export FI_PROVIDER=efa
export FI_EFA_USE_DEVICE_RDMA=1
torchrun --nnodes 2 --nproc_per_node 8 --node_rank $NODE_RANK \\
  --rdzv_backend c10d --rdzv_endpoint ip-10-0-33-17:29400 \\
  train_sft.py \\
  --model_name_or_path /fsx/models/Mistral-7B-v0.1 \\
  --dataset_path /fsx/data/instruct_mix_v2 \\
  --bf16 True \\
  --output_dir /fsx/runs/sft-mistral-0702 \\
  --num_train_epochs 1 \\
  --per_device_train_batch_size 1 \\
  --gradient_accumulation_steps 64 \\
  --max_seq_length 2048 \\
  --learning_rate 2e-5 \\
  --lr_scheduler_type cosine \\
  --warmup_ratio 0.03 \\
  --logging_steps 5 \\
  --save_steps 200 \\
  --gradient_checkpointing True \\
  --fsdp "full_shard auto_wrap" \\
  --fsdp_transformer_layer_cls_to_wrap MistralDecoderLayer \\
  --dataloader_num_workers 4 \\
  --report_to none
"""
    c.add("run_sft.sh", script)
    prev_script_diff = """--- run_sft.sh@2024-06-25
+++ run_sft.sh
@@ -14,8 +14,8 @@
   --output_dir /fsx/runs/sft-mistral-0702 \\
   --num_train_epochs 1 \\
-  --per_device_train_batch_size 16 \\
-  --gradient_accumulation_steps 4 \\
+  --per_device_train_batch_size 1 \\
+  --gradient_accumulation_steps 64 \\
   --max_seq_length 2048 \\
   --learning_rate 2e-5 \\
"""
    c.add("run_sft.sh.diff", prev_script_diff)

    def hf(t, line, lvl="INFO", src="trainer.py:2128"):
        return "[%s|%s] %s >> %s" % (lvl, src, ts_py(t), line)

    L = []
    L += torchrun_header_glog(start, 20411)
    t = start + td(seconds=48)
    L.append("[INFO|configuration_utils.py:731] %s >> loading configuration file /fsx/models/Mistral-7B-v0.1/config.json" % ts_py(t))
    L.append("[INFO|modeling_utils.py:3474] %s >> loading weights file /fsx/models/Mistral-7B-v0.1/model.safetensors.index.json" % ts_py(t))
    L.append("Loading checkpoint shards: 100%|##########| 2/2 [00:06<00:00,  3.12s/it]")
    L.append("[INFO|modeling_utils.py:4280] %s >> All model checkpoint weights were used when initializing MistralForCausalLM." % ts_py(t + td(seconds=7)))
    L.append("[WARNING|logging.py:328] %s >> `use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`." % ts_py(t + td(seconds=9)))
    t = t + td(seconds=31)
    L.append(hf(t, "***** Running training *****", src="trainer.py:2128"))
    L.append(hf(t, "  Num examples = 1,204,331", src="trainer.py:2129"))
    L.append(hf(t, "  Num Epochs = 1", src="trainer.py:2130"))
    L.append(hf(t, "  Instantaneous batch size per device = 1", src="trainer.py:2131"))
    L.append(hf(t, "  Total train batch size (w. parallel, distributed & accumulation) = 1,024", src="trainer.py:2134"))
    L.append(hf(t, "  Gradient Accumulation steps = 64", src="trainer.py:2135"))
    L.append(hf(t, "  Total optimization steps = 1,176", src="trainer.py:2136"))
    L.append(hf(t, "  Number of trainable parameters = 452,630,528", src="trainer.py:2137"))
    el = 0.0
    bars = []
    for step in range(1, 44):
        sd = rng.gauss(92.4, 1.6)
        el += sd
        rate = el / step
        rem = rate * (1176 - step)
        hms = tqdm_hms
        bars.append("  %d%%|%s| %d/1176 [%s<%s, %.2fs/it]" % (step * 100 // 1176, "#" * (step * 10 // 1176) + " " * (10 - step * 10 // 1176), step, hms(el), hms(rem), rate))
        if step % 5 == 0:
            L.append("\r".join(bars))
            bars = []
            L.append("{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (
                1.62 - 0.008 * step + rng.gauss(0, 0.01), abs(rng.gauss(0.61, 0.08)), 2e-5 * min(1.0, step / 35.0), step / 1176))
    if bars:
        L.append("\r".join(bars))
    c.add("%s/train_node0.log" % nodes[0], L)
    L2 = torchrun_header_glog(start + td(seconds=1), 30877)
    for r in range(8, 16):
        L2.append("[rank%d]:[W%s ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank %d]  using GPU %d to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id." % (
            r, ts_glog(start + td(seconds=60, microseconds=r * 131), True), r, r - 8))
    L2.append("`use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`.")
    c.add("%s/train_node1.log" % nodes[1], L2)
    prev = [
        "[INFO|trainer.py:2128] 2024-06-25 09:41:17,402 >> ***** Running training *****",
        "[INFO|trainer.py:2129] 2024-06-25 09:41:17,402 >>   Num examples = 1,204,331",
        "[INFO|trainer.py:2130] 2024-06-25 09:41:17,402 >>   Num Epochs = 1",
        "[INFO|trainer.py:2131] 2024-06-25 09:41:17,402 >>   Instantaneous batch size per device = 16",
        "[INFO|trainer.py:2134] 2024-06-25 09:41:17,402 >>   Total train batch size (w. parallel, distributed & accumulation) = 1,024",
        "[INFO|trainer.py:2135] 2024-06-25 09:41:17,402 >>   Gradient Accumulation steps = 4",
        "[INFO|trainer.py:2136] 2024-06-25 09:41:17,402 >>   Total optimization steps = 1,176",
        "[INFO|trainer.py:2137] 2024-06-25 09:41:17,403 >>   Number of trainable parameters = 452,630,528",
        "...",
        " 99%|#########9| 1170/1176 [2:24:43<00:44,  7.42s/it]",
        "{'loss': 0.9117, 'grad_norm': 0.402, 'learning_rate': 1.123e-09, 'epoch': 1.0}",
        "100%|##########| 1176/1176 [2:25:28<00:00,  7.41s/it]",
        "[INFO|trainer.py:2383] 2024-06-25 12:06:46,119 >> ",
        "",
        "Training completed. Do not forget to share your model on huggingface.co/models =)",
        "",
        "",
        "{'train_runtime': 8729.1, 'train_samples_per_second': 137.965, 'train_steps_per_second': 0.135, 'train_loss': 1.0442, 'epoch': 1.0}",
    ]
    c.add("prev_run_2024-06-25/train_node0.log.tail", prev)
    snap = start + td(hours=1, minutes=8)
    for i, n in enumerate(nodes):
        gr = random.Random(67040 + i)
        rows = ["#Entity   GRACT   SMACT   SMOCC   TENSO   DRAMA   ", "ID                                                "]
        for s in range(5):
            for g in range(8):
                rows.append("GPU %d     %.3f   %.3f   %.3f   %.3f   %.3f   " % (
                    g, gr.uniform(0.35, 0.52), gr.uniform(0.13, 0.22), gr.uniform(0.04, 0.08), gr.uniform(0.03, 0.07), gr.uniform(0.05, 0.10)))
        c.add("%s/dcgmi-dmon-prof.txt" % n, rows)
        c.add("%s/nvidia-smi.txt" % n, nvsmi_table(snap, [{"temp": gr.randint(36, 44), "power": gr.randint(190, 260),
                                                           "used": 23410 + gr.randint(0, 400), "util": gr.choice([61, 74, 88, 93])}
                                                          for _ in range(8)],
                                                   procs=[(g, 20500 + i * 10000 + g, "/opt/conda/bin/python3.10", 23090) for g in range(8)]))
    c.set_label(
        "straggler", "script", None, None, "stop",
        "Both nodes run at ~92 s per optimizer step (0.011 steps/s) versus 7.4 s/step for the same model, data and "
        "global batch on 2024-06-25; the only change is per_device_train_batch_size 16 -> 1 with gradient "
        "accumulation 4 -> 64, and every GPU shows ~0.15 SM activity with 23 of 80 GiB used. The slowness is the "
        "job's own micro-batch setting, identical on all ranks.",
        "https://github.com/mozilla/DeepSpeech/issues/1468")
    return c


# ------------------------------------------------------------------ bl05

def bl05():
    rng = random.Random(6705)
    c = Case("bl05_torchtitan_tps_tenth_of_expected")
    nodes = ["p5-st-0041", "p5-st-0042"]
    start = dt(2025, 2, 18, 16, 3, 9)
    sb = """#!/bin/bash
#SBATCH --job-name=llama3-8b-c4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --exclusive
#SBATCH --output=slurm-%j.out

# expected ~6k tps/GPU on p5 (see slurm-20417.out)
export FI_PROVIDER=efa
export NCCL_DEBUG=WARN
export TORCH_NCCL_ASYNC_ERROR_HANDLING=1
export CUDA_LAUNCH_BLOCKING=1   # chasing the illegal memory access from last week
export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True

echo "=== env ==="
env | grep -E '^(NCCL|CUDA|TORCH|PYTORCH|FI)_' | sort
echo "==========="

head_node=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
srun torchrun --nnodes 2 --nproc_per_node 8 --rdzv_id $SLURM_JOB_ID \\
  --rdzv_backend c10d --rdzv_endpoint $head_node:29500 \\
  -m torchtitan.train --job.config_file ./train_configs/llama3_8b.toml
"""
    c.add("train_llama3_8b.sbatch", sb)
    L = ["=== env ===",
         "CUDA_LAUNCH_BLOCKING=1",
         "CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7",
         "FI_EFA_FORK_SAFE=1",
         "FI_PROVIDER=efa",
         "NCCL_DEBUG=WARN",
         "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True",
         "TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
         "==========="]
    for h, n in enumerate(nodes):
        L += torchrun_header_glog(start + td(seconds=2 + h), 51230 + h)

    def ti(t, msg, r=0):
        return "[rank%d]:[titan] %s - root - INFO - %s" % (r, ts_py(t), msg)

    t = start + td(seconds=14)
    L.append(ti(t, "Starting job: Llama 3 8B training"))
    L.append(ti(t, "Building 1-D device mesh with ['dp_shard'], [16]"))
    L.append(ti(t, "[GC] Initial GC collection. 0.00 seconds."))
    L.append(ti(t + td(seconds=1), "Loading tokenizer from tokenizer.json"))
    L.append(ti(t + td(seconds=1), "Preparing c4 dataset from allenai/c4"))
    L.append(ti(t + td(seconds=9), "Building llama3 8B with TransformerModelArgs(_enforced='This field is used to enforce all fields have defaults.', dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, use_flex_attn=False, attn_mask_type='causal', eos_id=0)"))
    L.append(ti(t + td(seconds=10), "CUDA capacity: NVIDIA H100 80GB HBM3 with 79.10GiB memory"))
    L.append(ti(t + td(seconds=10), "Model llama3 8B size: 8,030,261,248 total parameters"))
    L.append(ti(t + td(seconds=10), "Applied selective activation checkpointing to the model"))
    L.append(ti(t + td(seconds=11), "Applied FSDP to the model"))
    L.append(ti(t + td(seconds=11), "Peak FLOPS used for computing MFU: 9.890e+14"))
    L.append(ti(t + td(seconds=11), "CUDA memory usage for model: 3.77GiB(4.77%)"))
    L.append(ti(t + td(seconds=11), "Checkpointing active. Checkpoints will be loaded from and saved to ./outputs/checkpoint"))
    L.append(ti(t + td(seconds=11), "Mixed precision training is handled by fully_shard"))
    L.append(ti(t + td(seconds=11), "Trainer is initialized with local batch size 1, global batch size 16, gradient accumulation steps 1, sequence length 8192, total steps 3000 (warmup 200)"))
    L.append(ti(t + td(seconds=11), "Training starts at step 1."))
    t = t + td(seconds=12)
    for step in list(range(1, 11)) + list(range(20, 421, 10)):
        if step == 1:
            tps, dur = 398, 20.6
        else:
            tps = int(rng.gauss(612, 9))
            dur = 8192.0 / tps
        t = t + td(seconds=dur * (1 if step <= 10 else 10))
        mfu = tps * 6 * 8.03e9 * 1.06 / 9.89e14 * 100
        L.append(ti(t, "step: %2d  loss: %7.4f  grad_norm: %7.4f  memory: 61.88GiB(78.23%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
            step, loss_at(step * 3, rng, 12.2, 4.1), abs(rng.gauss(1.1, 0.3)) + 0.2, "{:,}".format(tps), mfu * 9.89, mfu)))
        if step == 1:
            L.append(ti(t, "Synchronizing and adjusting timeout for all ProcessGroups to 0:01:40"))
        if step % 50 == 0:
            L.append(ti(t, "[GC] Peforming periodical GC collection. 0.05 seconds."))
    c.add("slurm-20931.out", L)
    base = []
    tb = dt(2025, 2, 3, 11, 20, 2)
    for step in range(10, 101, 10):
        tb = tb + td(seconds=13.5)
        tps = int(rng.gauss(6085, 40))
        mfu = tps * 6 * 8.03e9 * 1.06 / 9.89e14 * 100
        base.append(ti(tb, "step: %2d  loss: %7.4f  grad_norm: %7.4f  memory: 61.91GiB(78.27%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
            step, loss_at(step * 3, rng, 12.2, 4.1), abs(rng.gauss(1.1, 0.3)) + 0.2, "{:,}".format(tps), mfu * 9.89, mfu)))
    c.add("slurm-20417.out.tail", base)
    snap = t - td(minutes=3)
    for i, n in enumerate(nodes):
        gr = random.Random(67050 + i)
        gpus = [{"temp": gr.randint(33, 40), "power": gr.uniform(150, 230), "util": gr.choice([34, 41, 47, 52]),
                 "mem_used": 64100 + gr.randint(0, 300), "sm": 1980,
                 "procs": [(51300 + i * 100 + g, "/opt/conda/bin/python", 63800)]} for g in range(8)]
        c.add("%s/nvidia-smi-q.txt" % n, nvsmi_q(snap, gpus, rng=gr))
        c.add("%s/dmesg.txt" % n, render_dmesg(dmesg_boot_noise(gr, n, n=22) + [
            (381022.7, "efa 0000:%02x:00.0: Setup irq:0xff0000 name:efa-mgmnt@pci:0000:%02x:00.0" % (0x30 + i, 0x30 + i))], "uptime"))
    c.set_label(
        "straggler", "script", None, None, "stop",
        "Every rank trains at ~610 tps/GPU (mfu ~3%) from step 1, a tenth of the ~6,085 tps of the same config in "
        "slurm-20417, with GPUs cool and under-utilised and no hardware events; the sbatch exports "
        "CUDA_LAUNCH_BLOCKING=1 (echoed in the job's env dump), which serialises every kernel launch on all ranks.",
        "https://github.com/horenbergerb/BernoulliDiffusion/issues/23")
    return c


# ------------------------------------------------------------------ bl06

def bl06():
    rng = random.Random(6706)
    c = Case("bl06_ddp_step_time_tripled_vs_last_week")
    nodes = ["cn-0107", "cn-0112", "cn-0125"]
    start = dt(2024, 9, 3, 8, 1, 4)
    diff = """diff --git a/launch.sh b/launch.sh
index 4e1a2c9..b77f0d3 100755
--- a/launch.sh
+++ b/launch.sh
@@ -6,6 +6,8 @@ export MASTER_PORT=29517
 export NCCL_SOCKET_IFNAME=ib0
 export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3
 export OMP_NUM_THREADS=8
+export TORCH_DISTRIBUTED_DEBUG=DETAIL
+export TORCH_CPP_LOG_LEVEL=INFO
 
 srun --kill-on-bad-exit=1 python -u train_vit.py \\
     --config configs/vit_h14_in22k.yaml \\
"""
    c.add("launch.sh.gitdiff", diff)
    for ni, n in enumerate(nodes):
        for lr_ in range(8):
            r = ni * 8 + lr_
            gr = random.Random(670600 + r)
            L = []
            L.append("[I debug.cpp:49] [c10d] The debug level is set to DETAIL.")
            t0 = start + td(seconds=3 + gr.uniform(0, 0.5))
            L.append("I%s %d ProcessGroupNCCL.cpp:912] [PG ID 0 PG GUID 0 Rank %d] ProcessGroupNCCL initialization options: size: 24, global rank: %d, TIMEOUT(ms): 1800000, USE_HIGH_PRIORITY_STREAM: 0, SPLIT_FROM: 0, SPLIT_COLOR: 0, PG Name: 0" % (
                ts_glog(t0, True), 90211 + r, r, r))
            L.append("I%s %d ProcessGroupNCCL.cpp:921] [PG ID 0 PG GUID 0 Rank %d] ProcessGroupNCCL environments: NCCL version: 2.20.5, TORCH_NCCL_ASYNC_ERROR_HANDLING: 3, TORCH_NCCL_DUMP_ON_TIMEOUT: 0, TORCH_NCCL_WAIT_TIMEOUT_DUMP_MILSEC: 60000, TORCH_NCCL_DESYNC_DEBUG: 0, TORCH_NCCL_ENABLE_TIMING: 0, TORCH_NCCL_BLOCKING_WAIT: 0, TORCH_DISTRIBUTED_DEBUG: DETAIL, TORCH_NCCL_ENABLE_MONITORING: 1, TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC: 480, TORCH_NCCL_TRACE_BUFFER_SIZE: 0, TORCH_NCCL_COORD_CHECK_MILSEC: 1000, TORCH_NCCL_NAN_CHECK: 0, TORCH_NCCL_CUDA_EVENT_CACHE: 0, TORCH_NCCL_LOG_CPP_STACK_ON_UNCLEAN_SHUTDOWN: 1" % (
                ts_glog(t0, True), 90211 + r, r))
            L.append("I%s %d logger.cpp:395] [Rank %d]: DDP Initialized with: " % (ts_glog(t0 + td(seconds=21), True), 90211 + r, r))
            L.append("broadcast_buffers: 1")
            L.append("bucket_cap_bytes: 26214400")
            L.append("find_unused_parameters: 0")
            L.append("gradient_as_bucket_view: 1")
            L.append("has_sync_bn: 0")
            L.append("is_multi_device_module: 0")
            L.append("iteration: 0")
            L.append("num_parameter_tensors: 390")
            L.append("output_device: %d" % lr_)
            L.append("rank: %d" % r)
            L.append("total_parameter_size_bytes: 2530834432")
            L.append("world_size: 24")
            L.append("backend_name: nccl")
            L.append("bucket_sizes: 26214400, 26214400, 26214400, 26214400, 26214400, 26214400")
            L.append("cuda_visible_devices: 0,1,2,3,4,5,6,7")
            L.append("device_ids: %d" % lr_)
            L.append("dtypes: float")
            L.append("master_addr: cn-0107")
            L.append("master_port: 29517")
            L.append("module_name: VisionTransformer")
            L.append("nccl_async_error_handling: N/A")
            L.append("nccl_blocking_wait: N/A")
            L.append("nccl_debug: N/A")
            L.append("nccl_ib_timeout: N/A")
            L.append("nccl_nthreads: N/A")
            L.append("nccl_socket_ifname: ib0")
            L.append("torch_distributed_debug: DETAIL")
            L.append("")
            t = start + td(seconds=40)
            for step in range(50, 1951, 50):
                st = gr.gauss(0.941, 0.012)
                t = t + td(seconds=st * 50)
                L.append("%s | rank %2d | epoch 0 | step %5d | loss %.4f | step_time %.3fs | data %.3fs | samples/s %.1f" % (
                    t.strftime("%Y-%m-%d %H:%M:%S"), r, step, 6.9 - 0.0011 * step + gr.gauss(0, 0.02), st,
                    gr.uniform(0.003, 0.006), 256 / st))
            c.add("%s/logs/rank_%02d.log" % (n, r), L)
    prev = []
    tp = dt(2024, 8, 27, 14, 11, 40)
    for step in range(50, 2001, 50):
        st = rng.gauss(0.309, 0.006)
        tp = tp + td(seconds=st * 50)
        prev.append("%s | rank  0 | epoch 0 | step %5d | loss %.4f | step_time %.3fs | data %.3fs | samples/s %.1f" % (
            tp.strftime("%Y-%m-%d %H:%M:%S"), step, 6.9 - 0.0011 * step + rng.gauss(0, 0.02), st,
            rng.uniform(0.003, 0.006), 256 / st))
    c.add("previous_job_771020/rank_00.log", prev)
    for i, n in enumerate(nodes):
        gr = random.Random(67060 + i)
        c.add("%s/nvidia-smi.txt" % n, nvsmi_table(start + td(minutes=25), [
            {"temp": gr.randint(38, 47), "power": gr.randint(230, 340), "used": 52310 + gr.randint(0, 400),
             "util": gr.choice([71, 78, 84, 90])} for _ in range(8)],
            procs=[(g, 90211 + i * 8 + g, "/usr/bin/python3", 51980) for g in range(8)]))
    c.set_label(
        "straggler", "script", None, None, "stop",
        "All 24 ranks report the same ~0.94 s step time from the first step, three times the 0.31 s of the previous "
        "run of this config; the only change to launch.sh adds TORCH_DISTRIBUTED_DEBUG=DETAIL (each rank prints "
        "'The debug level is set to DETAIL'), which adds collective consistency checks to every call. No node is "
        "different from the others.",
        "https://github.com/pytorch/pytorch/issues/129672")
    return c


# ------------------------------------------------------------------ bl07

def bl07():
    rng = random.Random(6707)
    c = Case("bl07_megatron_tflops_low_memory_mostly_free")
    nodes = ["gcp-a3m-%03d" % i for i in range(1, 17)]
    start = dt(2024, 11, 19, 4, 12, 7)
    tp, pp, dp = 8, 4, 4
    world = 128

    def mkargs(recompute):
        a = {
            "tensor_model_parallel_size": tp, "pipeline_model_parallel_size": pp, "num_layers": 80,
            "hidden_size": 8192, "ffn_hidden_size": 28672, "num_attention_heads": 64, "num_query_groups": 8,
            "seq_length": 8192, "max_position_embeddings": 8192, "micro_batch_size": 1, "global_batch_size": 512,
            "train_iters": 250000, "lr": 0.00015, "min_lr": 1.5e-05, "lr_warmup_iters": 2000, "log_interval": 5,
            "bf16": True, "use_distributed_optimizer": True, "sequence_parallel": True, "world_size": world,
            "data_parallel_size": dp, "log_throughput": True, "overlap_grad_reduce": True, "overlap_param_gather": True,
            "save": "/gcs/ckpt/llama70b-cont", "load": "/gcs/ckpt/llama70b-cont", "save_interval": 500, "use_flash_attn": True,
            "transformer_impl": "transformer_engine", "swiglu": True, "normalization": "RMSNorm",
        }
        if recompute == "full":
            a.update({"recompute_granularity": "full", "recompute_method": "uniform", "recompute_num_layers": 1,
                      "recompute_activations": False})
        else:
            a.update({"recompute_granularity": "selective", "recompute_method": None, "recompute_num_layers": None,
                      "recompute_activations": True})
        return a

    def run(t0, recompute, n_it, ms_mean, tfl_mean, mem, seedoff, pre):
        g = random.Random(6707 + seedoff)
        L = ["0: " + x for x in megatron_startup(t0, world, tp, pp, dp, mkargs(recompute), 2206310400, resume=pre)]
        t = t0 + td(seconds=120)
        cons = 0
        for it in range(1, n_it + 1):
            ms = g.gauss(ms_mean, ms_mean * 0.004) if it > 2 else ms_mean * 2.7
            t = t + td(milliseconds=ms)
            cons += 512
            if it % 5 == 0:
                L.append("127: " + megatron_iter_line(t, it + pre, 250000, cons + pre * 512, ms, tfl_mean * ms_mean / ms,
                                                      lr_at(it + pre, 1.5e-4, 2000, 250000, 1.5e-5), 512,
                                                      loss_at(it + pre, g, 10.6, 1.82), abs(g.gauss(0.19, 0.03))))
            if it == 10:
                for st, r in enumerate((0, 32, 64, 96)):
                    a = mem[0] + st * 410.2
                    L.append("%d: [Rank %d] (after %d iterations) memory (MB) | allocated: %.2f | max allocated: %.2f | reserved: %.2f | max reserved: %.2f" % (
                        r, r, it + pre, a, mem[1] + st * 733.1, mem[2] + st * 768.0, mem[2] + st * 768.0))
        return L, t

    L, end = run(start, "full", 420, 9612.0, 301.3, (17212.33, 29874.61, 33280.0), 1, 181500)
    L.insert(0, "srun: job 88123 queued and waiting for resources")
    L.insert(1, "srun: job 88123 has been allocated resources")
    c.add("slurm-88123.out", L)
    P, _ = run(dt(2024, 11, 12, 21, 3, 55), "selective", 300, 7208.0, 401.8, (44119.10, 61204.52, 66960.0), 2, 176000)
    c.add("slurm-87990.out.head_tail", P[:len(P) // 2 + 10] + ["[... 181390 lines elided by collector ...]"] + P[-12:])
    c.add("squeue.txt", ["  JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         "  88123      a3mp llama70b  svc-pre  R    1:12:44     16 gcp-a3m-[001-016]"])
    snap = end - td(minutes=2)
    for i, n in enumerate(nodes):
        gr = random.Random(67070 + i)
        stage = i // 4
        c.add("%s/nvidia-smi.txt" % n, nvsmi_table(snap + td(seconds=i), [
            {"temp": gr.randint(46, 61), "power": gr.randint(560, 690), "used": 34110 + stage * 800 + gr.randint(0, 300),
             "util": 100} for _ in range(8)],
            procs=[(g, 3310 + g, "/usr/bin/python", 33700 + stage * 800) for g in range(8)]))
    c.set_label(
        "straggler", "script", None, None, "stop",
        "The continuation job 88123 runs at ~9.6 s/iteration (301 TFLOP/s/GPU) on every stage versus 7.2 s (402 "
        "TFLOP/s) for the same model and batch in job 87990; its arguments switch to recompute_granularity full / "
        "uniform / 1 layer and memory shows only ~30 of 80 GB used. Full activation recomputation everywhere is a "
        "setting of the job, not a hardware fault.",
        "https://github.com/NVIDIA/Megatron-LM/issues/1487")
    return c


# ------------------------------------------------------------------ bl08

def bl08():
    rng = random.Random(6708)
    c = Case("bl08_dataloader_wait_spikes_every_rank")
    nodes = ["gpu-l-%d" % i for i in range(101, 107)]
    start = dt(2024, 6, 4, 11, 40, 18)
    world = 48
    args = {
        "tensor_model_parallel_size": 4, "pipeline_model_parallel_size": 1, "num_layers": 40, "hidden_size": 5120,
        "num_attention_heads": 40, "seq_length": 4096, "max_position_embeddings": 4096, "micro_batch_size": 2,
        "global_batch_size": 384, "train_iters": 120000, "lr": 0.0002, "min_lr": 2e-05, "log_interval": 10,
        "timing_log_level": 2, "timing_log_option": "minmax", "bf16": True, "world_size": world,
        "data_parallel_size": 12, "num_workers": 2, "data_path": "['/lustre/fs1/proj/llm/data/redpajama_v2_text_document']",
        "save": "/lustre/fs1/proj/llm/ckpt/13b", "load": "/lustre/fs1/proj/llm/ckpt/13b", "save_interval": 1000,
        "log_throughput": True,
    }
    L = ["0: " + x for x in megatron_startup(start, world, 4, 1, 12, args, 3265198080, resume=52000)]
    t = start + td(seconds=100)
    cons = 0
    fs_bad_from = dt(2024, 6, 4, 14, 18, 30)
    fs_bad_to = dt(2024, 6, 4, 15, 5, 0)
    for it in range(1, 5601):
        bad = fs_bad_from <= t <= fs_bad_to
        if bad:
            bg_min = rng.uniform(900, 9000)
            bg_max = bg_min + rng.uniform(2000, 31000)
            ms = 3180 + bg_max + rng.uniform(0, 200)
        else:
            bg_min = rng.uniform(0.6, 1.1)
            bg_max = bg_min + rng.uniform(0.4, 2.2)
            ms = rng.gauss(3185.0, 14.0)
        t = t + td(milliseconds=ms)
        cons += 384
        if it % 10 == 0:
            L.append("47: " + megatron_iter_line(t, 52000 + it, 120000, 52000 * 384 + cons, ms, 398.0 * 3185 / ms,
                                                 lr_at(52000 + it, 2e-4, 2000, 120000, 2e-5), 384,
                                                 loss_at(52000 + it, rng, 10.5, 1.95), abs(rng.gauss(0.17, 0.02))))
            L += ["0: " + x for x in megatron_timers([
                ("forward-backward", ms - bg_max - 40, ms - 38),
                ("forward-compute", 1040.1 + rng.uniform(0, 9), 1062.3 + rng.uniform(0, 9)),
                ("backward-compute", 2048.6 + rng.uniform(0, 9), 2077.9 + rng.uniform(0, 9)),
                ("batch-generator", bg_min, bg_max),
                ("layernorm-grads-all-reduce", 0.02, 0.04),
                ("embedding-grads-all-reduce", 0.03, 0.05),
                ("all-grads-sync", 22.1 + rng.uniform(0, 3), 31.4 + rng.uniform(0, 4)),
                ("optimizer-copy-to-main-grad", 5.61, 5.98),
                ("optimizer-clip-main-grad", 3.12, 3.44),
                ("optimizer-count-zeros", 0.00, 0.00),
                ("optimizer-inner-step", 11.04, 11.87),
                ("optimizer-copy-main-to-model-params", 2.71, 2.98),
                ("optimizer", 24.15, 25.30),
            ])]
        if t > dt(2024, 6, 4, 15, 20, 0):
            break
    c.add("slurm-301772.out", L)
    c.add("squeue.txt", ["  JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         " 301772       gpu  llm13b-  aokafor  R    3:41:02      6 gpu-l-[101-106]"])
    osts = ["fs1-OST0012", "fs1-OST0013", "fs1-OST001a"]
    ost_ip = {"fs1-OST0012": "10.40.2.17", "fs1-OST0013": "10.40.2.17", "fs1-OST001a": "10.40.2.21"}
    boot = dt(2024, 5, 29, 6, 2, 11)
    for i, n in enumerate(nodes):
        gr = random.Random(67080 + i)
        ent = dmesg_boot_noise(gr, n, n=24)
        cli = "ffff%s" % hexid(gr, 12)
        tt = fs_bad_from - td(seconds=gr.randint(5, 60))
        while tt < fs_bad_to:
            ost = gr.choice(osts)
            up = (tt - boot).total_seconds()
            sent = int(tt.timestamp()) - 203 - gr.randint(0, 2)
            ent.append((up, "Lustre: %d:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@00000000%s x17992%010d/t0(0) o3->%s-osc-%s@%s@o2ib:6/4 lens 488/440 e 3 to 1 dl %d ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'python.%d'" % (
                gr.randint(3000, 90000), sent, sent, hexid(gr, 8), gr.randint(0, 9999999999), ost, cli, ost_ip[ost], sent + 203, 301772)))
            ent.append((up + 0.0003, "Lustre: %s-osc-%s: Connection to %s (at %s@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % (ost, cli, ost, ost_ip[ost])))
            if gr.random() < 0.6:
                ent.append((up + gr.uniform(20, 140), "Lustre: %s-osc-%s: Connection restored to %s (at %s@o2ib)" % (ost, cli, ost_ip[ost], ost_ip[ost])))
            tt = tt + td(seconds=gr.randint(60, 420))
        ent.sort()
        style = ["T", "iso", "T", "syslog", "T", "iso"][i]
        fname = {"T": "dmesg-T.txt", "iso": "journalctl-k.txt", "syslog": "kern.log"}[style]
        c.add("%s/%s" % (n, fname), render_dmesg(ent, style, boot_time=boot, host=n))
    c.add("gpu-l-101/lfs_check_osts.txt", ["fs1-MDT0000-mdc-ffff9a4c1e2b8000 active."] +
          ["fs1-OST%04x-osc-ffff9a4c1e2b8000 active." % k for k in range(0, 0x12)] +
          ["error: check 'fs1-OST0012-osc-ffff9a4c1e2b8000': Resource temporarily unavailable (11)",
           "error: check 'fs1-OST0013-osc-ffff9a4c1e2b8000': Resource temporarily unavailable (11)"] +
          ["fs1-OST%04x-osc-ffff9a4c1e2b8000 active." % k for k in range(0x14, 0x20)])
    c.set_label(
        "straggler", "infrastructure", None, None, "restart",
        "From ~14:18 iteration time swings from 3.2 s to 5-40 s with batch-generator min and max both in the "
        "seconds, i.e. every rank waits for data, while compute and gradient sync stay flat; all six nodes log "
        "Lustre slow-reply timeouts and lost/restored connections to the same OSTs (fs1-OST0012/0013/001a) and lfs "
        "check reports two OSTs unavailable. The shared filesystem, not a node, is slowing everyone.",
        "https://wiki.helsinki.fi/display/it4sci/Lustre+Troubleshooting+Guide")
    return c


# ------------------------------------------------------------------ bl09

def bl09():
    rng = random.Random(6709)
    c = Case("bl09_slowdown_creeps_after_checkpoint_save")
    nodes = ["gpu-r4-%02d" % i for i in range(9, 17)]
    bad = "gpu-r4-11"
    start = dt(2024, 8, 21, 1, 2, 40)
    world = 64
    args = {
        "tensor_model_parallel_size": 8, "pipeline_model_parallel_size": 1, "num_layers": 48, "hidden_size": 6144,
        "num_attention_heads": 48, "seq_length": 4096, "max_position_embeddings": 4096, "micro_batch_size": 2,
        "global_batch_size": 512, "train_iters": 300000, "lr": 0.00018, "min_lr": 1.8e-05, "log_interval": 10,
        "save_interval": 5000, "save": "/weka/ckpt/gpt-22b", "load": "/weka/ckpt/gpt-22b", "bf16": True,
        "world_size": world, "data_parallel_size": 8, "ckpt_format": "torch_dist", "async_save": False,
        "log_throughput": True,
    }
    L = ["0: " + x for x in megatron_startup(start, world, 8, 1, 8, args, 2781341696)]
    t = start + td(seconds=95)
    cons = 0
    ckpt_it = 5000
    onset = None
    fan_t = None
    stop_t = None
    for it in range(1, 6001):
        if onset is None or t < onset:
            ms = rng.gauss(4210.0, 18.0)
        else:
            mins = (t - onset).total_seconds() / 60.0
            extra = min(2900.0, 12.0 * mins + 1.1 * mins * mins)
            ms = rng.gauss(4215.0 + extra, 25.0 + extra * 0.03)
        t = t + td(milliseconds=ms)
        cons += 512
        if it % 10 == 0:
            L.append("63: " + megatron_iter_line(t, it, 300000, cons, ms, 388.0 * 4210 / ms,
                                                 lr_at(it, 1.8e-4, 2000, 300000, 1.8e-5), 512,
                                                 loss_at(it, rng, 10.7, 2.2), abs(rng.gauss(0.24, 0.03))))
        if it == ckpt_it:
            L.append("0: saving checkpoint at iteration %7d to /weka/ckpt/gpt-22b in torch_dist format" % it)
            L.append("0: Storing distributed optimizer sharded state of type fully_sharded_model_space")
            t = t + td(seconds=52.4)
            L.append("0:   successfully saved checkpoint from iteration %7d to /weka/ckpt/gpt-22b [ t 1/8, p 1/1 ]" % it)
            L.append("0: (min, max) time across ranks (ms):")
            L.append("0:     save-checkpoint ................................: (52311.80, 52398.14)")
            fan_t = (t + td(seconds=74)).replace(microsecond=0)
            onset = fan_t + td(minutes=4)
            stop_t = fan_t + td(minutes=52)
        if stop_t is not None and t > stop_t:
            break
    c.add("slurm-55810.out", L)
    c.add("squeue.txt", ["  JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         "  55810    h100-l gpt22b-s  pkumar   R    %s      8 gpu-r4-[09-16]" % tqdm_hms((t - start).total_seconds() + 60)])
    boot = dt(2024, 8, 2, 17, 40, 3)
    snap = (t + td(minutes=2)).replace(microsecond=0)
    for i, n in enumerate(nodes):
        gr = random.Random(67090 + i)
        gpus = []
        for g in range(8):
            d = {"temp": gr.randint(52, 63), "power": gr.uniform(590, 680), "util": 100, "sm": 1980,
                 "mem_used": 70400 + gr.randint(0, 500), "procs": [(61000 + i * 8 + g, "/usr/bin/python", 70100)]}
            if n == bad and g >= 4:
                d.update({"temp": [88, 92, 91, 86][g - 4], "mem_temp": [97, 101, 99, 95][g - 4], "sw_thermal": True,
                          "hw_thermal": g in (5, 6), "sm": [1530, 1305, 1350, 1590][g - 4],
                          "power": [512.4, 441.9, 455.0, 533.7][g - 4]})
            gpus.append(d)
        c.add("%s/nvsmi-q-%s.log" % (n, snap.strftime("%H%M")), nvsmi_q(snap + td(seconds=i * 2), gpus, rng=gr))
        c.add("%s/dmesg.txt" % n, render_dmesg(dmesg_boot_noise(gr, n, n=26), "uptime"))
        sel = base_sel(gr, boot)
        if n == bad:
            sel += [
                (fan_t, "Fan FAN4_REAR", "Lower Critical going low", "Asserted"),
                (fan_t + td(seconds=11), "Fan FAN4_REAR", "Lower Non-recoverable going low", "Asserted"),
                (fan_t + td(minutes=14, seconds=38), "Temperature GPU_BASEBOARD_T2", "Upper Non-critical going high", "Asserted"),
            ]
            c.add("%s/ipmitool-sdr-fan.txt" % n, [
                "FAN1_FRONT       | 11480 RPM         | ok",
                "FAN2_FRONT       | 11520 RPM         | ok",
                "FAN3_FRONT       | 11400 RPM         | ok",
                "FAN4_FRONT       | 11560 RPM         | ok",
                "FAN1_REAR        | 11200 RPM         | ok",
                "FAN2_REAR        | 11320 RPM         | ok",
                "FAN3_REAR        | 11160 RPM         | ok",
                "FAN4_REAR        | 0 RPM             | nr",
                "FAN5_REAR        | 11240 RPM         | ok",
                "FAN6_REAR        | 11280 RPM         | ok",
            ])
            rows = ["#Entity   SMCLK   GTEMP   POWER   GPUTL", "ID"]
            tt = (fan_t - td(minutes=10)).replace(second=0)
            final = [88, 92, 91, 86]
            while tt <= snap:
                m = (tt - fan_t).total_seconds() / 60.0
                for g in range(8):
                    if g >= 4 and m > 0:
                        temp = min(final[g - 4], 61 + m * 0.9 + gr.uniform(-0.5, 0.5))
                        clk = 1980 if temp < 66 else int(1980 - (temp - 66) * 26) // 15 * 15
                        pw = gr.uniform(560, 660) * clk / 1980.0
                    else:
                        temp = 58 + gr.uniform(-2, 3)
                        clk = 1980
                        pw = gr.uniform(560, 690)
                    rows.append("GPU %d     %4d    %2d      %.3f   %d" % (g, clk, int(temp), pw, 100))
                rows.append("# %s" % tt.strftime("%H:%M:%S"))
                tt = tt + td(minutes=5)
            c.add("%s/dcgmi-dmon-100-150-155-203.txt" % n, rows)
        c.add("%s/ipmitool-sel.txt" % n, ipmi_sel(sel))
    c.set_label(
        "straggler", "infrastructure", bad, None, "restart_without_node",
        "Iteration time creeps from 4.2 s to ~7 s starting a few minutes after the iteration-5000 checkpoint, but the "
        "checkpoint itself finished normally; at %s gpu-r4-11's BMC logs FAN4_REAR failing, its GPUs 4-7 then climb "
        "to 86-92 C with SW/HW Thermal Slowdown active and SM clocks down to ~1.3-1.6 GHz, while all other nodes run "
        "at 1980 MHz and ~60 C. One node is throttling and holding back the synchronous job." % fan_t.strftime("%H:%M:%S"),
        "https://github.com/leptonai/gpud/pull/330")
    return c


def build_all():
    return [bl01(), bl02(), bl03(), bl04(), bl05(), bl06(), bl07(), bl08(), bl09()]
