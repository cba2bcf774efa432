"""Cases bt01-bt07."""

from random import Random

from common import (T, add, py_ts, iso, ctime, syslog, uptime, smi_date, hms, bar, gpu, nvsmi_q, nvsmi_table,
                    dmon_header, dmon_row, nccl_init, nccl_channels, torchrun_rdzv, child_failed, boot_dmesg,
                    H100_BUS, A100_BUS, torch_glog, glog)


def megatron_line(t, it, total, consumed, ms, tflops, lr, gbs, loss, gnorm, prefix=""):
    return ("%s [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | "
            "loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
                prefix, t.strftime("%Y-%m-%d %H:%M:%S"), it, total, consumed, ms, tflops, lr, gbs, loss, gnorm))


def megatron_args(pairs, prefix=""):
    out = ["%s------------------------ arguments ------------------------" % prefix]
    for k, v in sorted(pairs):
        out.append("%s  %s %s %s" % (prefix, k, "." * max(3, 48 - len(k)), v))
    out.append("%s-------------------- end of arguments ---------------------" % prefix)
    return out


# =============================================================================================
def bt01():
    rng = Random(7501)
    name = "bt01_iteration_time_nearly_doubled_midrun"
    nodes = ["gpu-b05", "gpu-b06", "gpu-b07", "gpu-b08"]
    ips = ["10.20.5.5", "10.20.5.6", "10.20.5.7", "10.20.5.8"]
    start = T("2024-05-14 01:02:10")
    files = {}
    out = []
    out.append("+ srun -l --ntasks-per-node=8 --gpus-per-node=8 --cpu-bind=none bash -c 'python pretrain_gpt.py ${GPT_ARGS} ${DATA_ARGS} ${OUTPUT_ARGS}'")
    out.append("SLURM_JOB_ID=771204 SLURM_JOB_NODELIST=gpu-b[05-08] SLURM_NNODES=4")
    args = [("tensor_model_parallel_size", 8), ("pipeline_model_parallel_size", 1), ("data_parallel_size", 4),
            ("world_size", 32), ("micro_batch_size", 2), ("global_batch_size", 1024), ("seq_length", 4096),
            ("num_layers", 40), ("hidden_size", 5120), ("num_attention_heads", 40), ("log_interval", 10),
            ("log_straggler", True), ("straggler_minmax_count", 1), ("save_interval", 2000),
            ("save", "/lustre/proj/llm13b/ckpt"), ("bf16", True), ("use_distributed_optimizer", True),
            ("train_iters", 250000), ("lr", "0.0003"), ("timing_log_level", 0)]
    out += megatron_args(args, prefix=" 0: ")
    pids = {}
    for ni, h in enumerate(nodes):
        base = 41200 + ni * 1311
        pids[h] = [base + i for i in range(8)]
    for ni, h in enumerate(nodes):
        for l in nccl_init(h, pids[h], ni, 32, start, ips[ni]):
            r = ni * 8 + int(l.split("[")[1].split("]")[0]) if "[" in l else 0
            out.append("%2d: %s" % (r, l))
        if h == "gpu-b08":
            out.append("30: gpu-b08:%d:%d [6] NCCL INFO NET/IB : mlx5_6:1 Got async event : GID table change" % (pids[h][6], pids[h][6] + 97))
    for ni, h in enumerate(nodes):
        for l in nccl_channels(h, pids[h], ni, 32, nchan=1):
            r = ni * 8 + int(l.split("[")[1].split("]")[0])
            out.append("%2d: %s" % (r, l))
    out.append(" 0: > building GPT model ...")
    out.append(" 0: > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1622814720")
    out.append(" 0: [after model, optimizer, and learning rate scheduler are built] datetime: %s " % add(start, 95).strftime("%Y-%m-%d %H:%M:%S"))
    out.append(" 0: > finished creating GPT datasets ...")
    out.append(" 0: [after dataloaders are built] datetime: %s " % add(start, 131).strftime("%Y-%m-%d %H:%M:%S"))
    out.append(" 0: training ...")
    out.append(" 0: [before the start of training step] datetime: %s " % add(start, 132).strftime("%Y-%m-%d %H:%M:%S"))
    t = add(start, 132)
    slow_from = 1410
    loss = 2.91
    for it in range(10, 1811, 10):
        slow = it >= slow_from
        ms = (9780.0 if slow else 5140.0) + rng.uniform(-45, 60)
        if it == 10:
            ms = 6012.4
        t = add(t, ms * 10 / 1000.0)
        loss = max(1.9, loss - rng.uniform(0.0, 0.0012))
        tfl = 2060000.0 / ms
        out.append(megatron_line(t, it, 250000, it * 1024, ms, tfl, 3e-4 * min(1.0, it / 2000.0), 1024,
                                 loss + rng.uniform(-0.03, 0.03), 0.25 + rng.uniform(0, 0.09), prefix="31:"))
        if slow:
            mn_rtt, mx_rtt, mxr = 5010 + rng.uniform(-20, 20), 9590 + rng.uniform(-40, 40), 13
            mnclk, mnclkr = 1095 + rng.randint(-15, 15), 13
            mnpwr, mnpwrr = 288000 + rng.randint(-9000, 9000), 13
            mnet, mnetr = 141.2 + rng.uniform(-2, 2), 13
            mxet = 270.8 + rng.uniform(-2, 2)
        else:
            mn_rtt, mx_rtt, mxr = 5011 + rng.uniform(-20, 20), 5052 + rng.uniform(-20, 20), rng.choice([3, 17, 22, 29])
            mnclk, mnclkr = 1965 + rng.randint(0, 10), rng.choice([4, 11, 26])
            mnpwr, mnpwrr = 598000 + rng.randint(-9000, 9000), rng.choice([8, 19, 30])
            mnet, mnetr = 268.1 + rng.uniform(-2, 2), rng.choice([0, 9, 21])
            mxet = 271.9 + rng.uniform(-1, 1)
        out.append(" 0: INFO:megatron.core.utils:[%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | "
                   "MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | "
                   "MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | "
                   "MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d" % (
                       t.strftime("%Y-%m-%d %H:%M:%S"), mn_rtt, rng.choice([1, 2, 5]), mx_rtt, mxr, mnpwr, mnpwrr,
                       681000 + rng.randint(0, 6000), rng.choice([2, 18, 27]), 36 + rng.randint(0, 3), 13 if slow else 8,
                       58 + rng.randint(0, 4), rng.choice([6, 21, 22]), 96 + rng.randint(0, 2), rng.choice([14, 25]),
                       100, rng.choice([0, 7]), mnclk, mnclkr, 1980, rng.choice([0, 15]), 11.8 + rng.uniform(0, 3),
                       rng.choice([23, 12]), 31.0 + rng.uniform(0, 6), rng.choice([3, 28]), mnet, mnetr, mxet,
                       rng.choice([8, 16])))
        if it == 1000:
            out.append(" 0: [2024-05-14 02:28:51] WARNING: data iterator for split valid has been exhausted, reloading")
    files["slurm-771204.out"] = "\n".join(out) + "\n"
    files["sacct.txt"] = (
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode              Start    Elapsed        NodeList \n"
        "------------ ---------- ---------- ---------- ---------- ---------- -------- ------------------- ---------- --------------- \n"
        "771204        gpt13b-pt     h100-p    llm-pre        896    RUNNING      0:0 2024-05-14T01:02:04   03:08:11   gpu-b[05-08] \n"
        "771204.batch      batch                llm-pre        224    RUNNING      0:0 2024-05-14T01:02:04   03:08:11         gpu-b05 \n"
        "771204.0           bash                llm-pre        896    RUNNING      0:0 2024-05-14T01:02:09   03:08:06   gpu-b[05-08] \n")
    snap = T("2024-05-14 04:06:31")
    gs = []
    for i in range(8):
        if i == 5:
            gs.append(gpu(i, H100_BUS[i], temp=38, mtemp=44, power=287.4, sm=1095, swpower=False, hwslow=True,
                          hwbrake=True, util=100, used=71844))
        else:
            gs.append(gpu(i, H100_BUS[i], temp=55 + (i * 3) % 7, mtemp=63 + i % 4, power=640.0 + (i * 17) % 45,
                          sm=1980 - (i % 3) * 15, util=100, used=71844))
    files["gpu-b06/nvidia-smi-q.txt"] = nvsmi_q(snap, gs)
    gs = [gpu(i, H100_BUS[i], temp=54 + (i * 5) % 8, mtemp=62 + i % 5, power=630.0 + (i * 23) % 50,
              sm=1980 - (i % 2) * 15, util=100, used=71844) for i in range(8)]
    files["gpu-b05/nvidia-smi-q.txt"] = nvsmi_q(add(snap, -41), gs)
    boot = T("2024-04-29 11:40:02")
    dm = boot_dmesg(boot, "gpu-b08", nic_pci="1a:00.0")
    dm.append("%s perf: interrupt took too long (2517 > 2500), lowering kernel.perf_event_max_sample_rate to 79250" % uptime(boot, T("2024-05-10 07:12:55"), 118211))
    dm.append("%s mlx5_core 0000:c0:00.0: mlx5_fw_tracer_handle_traces:731:(pid 1432): FWTracer: Events were lost" % uptime(boot, T("2024-05-14 02:17:40"), 402211))
    files["gpu-b08/dmesg.txt"] = "\n".join(dm) + "\n"
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "gpu-b06", "rank": 13},
                 action="restart_without_node",
                 rationale="From iteration 1410 Megatron's straggler detector pins MxRtt, MnClk (~1095 MHz) and MnPwr on rank 13, which NCCL init maps to gpu-b06 cudaDev 5; nvidia-smi -q on gpu-b06 shows GPU 5 with HW Slowdown / HW Power Brake Slowdown active at 1095 MHz while its siblings run at 1980 MHz. The gpu-b08 GID-table NCCL event is harmless.",
                 modelled_on="https://github.com/kubeflow/kubeflow/issues/68")
    return name, files, label


# =============================================================================================
def titan_line(rank, t, ms, step, loss, mem, pct, tps, tflops, mfu):
    return "[rank%d]:[titan] %s - root - INFO - step: %2d  loss: %7.4f  memory: %5.2fGiB(%5.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
        rank, py_ts(t, ms), step, loss, mem, pct, "{:,}".format(tps), tflops, mfu)


def bt02():
    rng = Random(7502)
    name = "bt02_tokens_per_sec_sagging_after_first_hour"
    nodes = ["h100-r07-n01", "h100-r07-n02", "h100-r07-n03", "h100-r07-n04"]
    start = T("2024-07-02 13:20:05")
    files = {}
    # rank 0 log on n01 via torchrun --tee
    lines = torchrun_rdzv(start, 0, 4, nodes[0])
    t = add(start, 48)
    lines.append("[rank0]:[titan] %s - root - INFO - Starting job: Llama 3 8B training" % py_ts(t, 112))
    lines.append("[rank0]:[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]" % py_ts(t, 340))
    lines.append("[rank0]:[titan] %s - root - INFO - [GC] Initial GC collection. 0.00 seconds." % py_ts(t, 402))
    lines.append("[rank0]:[titan] %s - root - INFO - Preparing c4 dataset from /datasets/c4" % py_ts(t, 918))
    t = add(t, 31)
    lines.append("[rank0]:[titan] %s - root - INFO - Applied selective activation checkpointing to the model" % py_ts(t, 11))
    lines.append("[rank0]:[titan] %s - root - INFO - Applied FSDP to the model" % py_ts(t, 301))
    lines.append("[rank0]:[titan] %s - root - INFO - CUDA memory usage for model: 0.94GiB(1.19%%)" % py_ts(t, 870))
    lines.append("[rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 20000 (warmup 200)" % py_ts(t, 902))
    step_t = 3.05
    for step in range(1, 1501):
        if step <= 600:
            tps = 2690 + rng.randint(-40, 40)
        else:
            # thermal slowdown: ramps in from step 600 to 900
            frac = min(1.0, (step - 600) / 300.0)
            tps = int(2690 - 880 * frac) + rng.randint(-60, 60)
        dt = 2 * 8192 / float(tps)
        t = add(t, dt)
        if step == 1:
            tps = 381
        if step == 1 or step % 10 == 0:
            loss = 11.9 if step == 1 else max(2.6, 11.9 - 3.1 * (step ** 0.3) / 3.5 + rng.uniform(-0.05, 0.05))
            tflops = tps * 0.0594
            lines.append(titan_line(0, t, rng.randint(0, 999), step, loss, 52.37, 66.16, tps, tflops, tflops / 9.89))
        if step % 500 == 0:
            lines.append("[rank0]:[titan] %s - root - INFO - [GC] Peforming periodical GC collection. 0.06 seconds." % py_ts(t, 208))
        if step == 1000:
            lines.append("[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % py_ts(t, 515))
            t = add(t, 41)
            lines.append("[rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 41.22 seconds." % py_ts(t, 731))
    end = t
    files["h100-r07-n01/torchrun.log"] = "\n".join(lines) + "\n"
    # node rank headers for n03 to show rank mapping
    l3 = torchrun_rdzv(start, 2, 4, nodes[0])
    l3.append("[rank16]:[titan] %s - root - WARNING - tokenizer.model not found in cache, loading from /models/llama3/original/tokenizer.model" % py_ts(add(start, 52), 210))
    files["h100-r07-n03/torchrun.log"] = "\n".join(l3) + "\n"
    # dmon on n03 from 14:05 every 60s
    d = ["# started %s" % smi_date(T("2024-07-02 14:16:00")), "# nvidia-smi dmon -s pucm -d 60"]
    dm = dmon_header()
    body = []
    tt = T("2024-07-02 14:16:00")
    for k in range(50):
        frac = max(0.0, min(1.0, (k - 6) / 30.0))
        for i in range(8):
            if i == 2:
                gt = int(71 + 17 * frac) + rng.randint(0, 1)
                pclk = int(1980 - 690 * frac) - (15 if frac == 0 and rng.random() < 0.3 else 0)
                pwr = int(650 - 230 * frac)
                sm = 100
            else:
                gt = 60 + (i * 3) % 6 + rng.randint(0, 2)
                pclk = 1980 - rng.choice([0, 0, 15])
                pwr = 560 + rng.randint(0, 90) - int(120 * frac)
                sm = 100 if frac < 0.3 else rng.randint(62, 88)
            body.append(dmon_row(i, pwr, gt, gt + 7, sm, 38 + rng.randint(0, 8), 2619, pclk))
        if k % 20 == 19:
            body.append(dm)
        tt = add(tt, 60)
    files["h100-r07-n03/nvidia-smi-dmon.txt"] = "\n".join(d) + "\n" + dm + "".join(body)
    snap = T("2024-07-02 15:02:12")
    gs = []
    for i in range(8):
        if i == 2:
            gs.append(gpu(i, H100_BUS[i], temp=88, mtemp=95, power=402.6, sm=1290, hwslow=True, hwthermal=True,
                          swthermal=True, util=100, used=59010))
        else:
            gs.append(gpu(i, H100_BUS[i], temp=60 + i % 5, mtemp=68, power=470.0 + i * 9, sm=1980, util=71 + i,
                          used=59010))
    files["h100-r07-n03/nvidia-smi-q.txt"] = nvsmi_q(snap, gs, driver="525.147.05", cuda="12.0", style="throttle")
    files["h100-r07-n03/ipmi-sensors.txt"] = (
        "ID   | Name            | Type              | Reading    | Units | Event\n"
        "4    | Inlet Temp      | Temperature       | 24.00      | C     | 'OK'\n"
        "5    | Exhaust Temp    | Temperature       | 61.00      | C     | 'OK'\n"
        "11   | FAN1_R          | Fan               | 11340.00   | RPM   | 'OK'\n"
        "12   | FAN2_R          | Fan               | 11400.00   | RPM   | 'OK'\n"
        "13   | FAN3_R          | Fan               | 11280.00   | RPM   | 'OK'\n"
        "14   | FAN4_R          | Fan               | 0.00       | RPM   | 'Lower Critical'\n"
        "15   | FAN5_R          | Fan               | 11460.00   | RPM   | 'OK'\n"
        "16   | FAN6_R          | Fan               | 11310.00   | RPM   | 'OK'\n"
        "41   | GPU2_Temp       | Temperature       | 88.00      | C     | 'Upper Non-critical'\n"
        "42   | GPU3_Temp       | Temperature       | 62.00      | C     | 'OK'\n"
        "57   | PSU1_Status     | Power Supply      | N/A        | N/A   | 'Presence detected'\n"
        "58   | PSU2_Status     | Power Supply      | N/A        | N/A   | 'Presence detected'\n")
    gs = [gpu(i, H100_BUS[i], temp=58 + i % 6, mtemp=66, power=460.0 + i * 11, sm=1980, util=69 + i, used=59010)
          for i in range(8)]
    files["h100-r07-n02/nvidia-smi-q.txt"] = nvsmi_q(add(snap, 20), gs, driver="525.147.05", cuda="12.0", style="throttle")
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "h100-r07-n03", "rank": 18},
                 action="restart_without_node",
                 rationale="tps falls from ~2,700 to ~1,800 on a job that never errors; dmon on h100-r07-n03 shows GPU 2 climbing to 88 C with pclk dropping to ~1290 MHz, nvidia-smi -q shows HW Thermal and SW Thermal Slowdown active on that GPU only, and IPMI reports FAN4 at 0 RPM. n03 is group_rank 2, so GPU 2 is global rank 18.",
                 modelled_on="https://github.com/tensorflow/tensorflow/issues/40042")
    return name, files, label


# =============================================================================================
def ds_step_lines(t, ms, step, lr, samples, cur, mem, maxmem, skipped=0):
    return [
        "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=%d, lr=[%s], mom=[(0.9, 0.95)]" % (py_ts(t, ms), step, skipped, repr(lr)),
        "[%s] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%s, CurrSamplesPerSec=%s, MemAllocated=%.2fGB, MaxMemAllocated=%.2fGB" % (
            py_ts(t, ms + 1), step * 4, step, repr(samples), repr(cur), mem, maxmem),
    ]


def bt03():
    rng = Random(7503)
    name = "bt03_samples_per_sec_far_below_benchmark"
    nodes = ["ip-10-0-3-17", "ip-10-0-3-52"]
    start = T("2024-04-08 11:47:31")
    files = {}
    L = []
    L.append("[%s] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % py_ts(start, 112))
    L.append("[%s] [INFO] [runner.py:568:main] cmd = /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJpcC0xMC0wLTMtMTciOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN10sICJpcC0xMC0wLTMtNTIiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119 --node_rank=%%n --master_addr=10.0.3.17 --master_port=29500 train_sft.py --deepspeed ds_z3.json --model_name_or_path /fsx/models/Llama-2-70b-hf --per_device_train_batch_size 4 --gradient_accumulation_steps 4 --max_seq_length 8192 --bf16 True --gradient_checkpointing False" % py_ts(start, 388))
    L.append("ip-10-0-3-52: [%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'ip-10-0-3-17': [0, 1, 2, 3, 4, 5, 6, 7], 'ip-10-0-3-52': [0, 1, 2, 3, 4, 5, 6, 7]}" % py_ts(add(start, 3), 12))
    L.append("ip-10-0-3-17: [%s] [INFO] [launch.py:163:main] dist_world_size=16" % py_ts(add(start, 3), 30))
    t = add(start, 70)
    cfg = {
        "bf16": {"enabled": True}, "zero_optimization": {"stage": 3, "overlap_comm": True, "contiguous_gradients": True,
        "reduce_bucket_size": 500000000, "stage3_prefetch_bucket_size": 500000000, "stage3_param_persistence_threshold": 1000000,
        "stage3_max_live_parameters": 3000000000, "stage3_max_reuse_distance": 3000000000, "stage3_gather_16bit_weights_on_model_save": True},
        "train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 4, "gradient_clipping": 1.0, "steps_per_print": 1,
        "wall_clock_breakdown": False}
    L.append("ip-10-0-3-17: [%s] [INFO] [config.py:988:print] DeepSpeedEngine configuration:" % py_ts(t, 401))
    for k in ["activation_checkpointing_config", "bfloat16_enabled", "gradient_accumulation_steps", "train_micro_batch_size_per_gpu", "zero_config", "zero_optimization_stage"]:
        v = {"activation_checkpointing_config": '{"partition_activations": false, "contiguous_memory_optimization": false, "cpu_checkpointing": false}',
             "bfloat16_enabled": "True", "gradient_accumulation_steps": "4", "train_micro_batch_size_per_gpu": "4",
             "zero_config": "stage=3 contiguous_gradients=True reduce_scatter=True reduce_bucket_size=500000000 overlap_comm=True offload_param=None offload_optimizer=None stage3_max_live_parameters=3000000000 stage3_max_reuse_distance=3000000000 stage3_prefetch_bucket_size=500000000 stage3_param_persistence_threshold=1000000",
             "zero_optimization_stage": "3"}[k]
        L.append("ip-10-0-3-17: [%s] [INFO] [config.py:992:print]   %s %s %s" % (py_ts(t, 402), k, "." * (30 - len(k)), v))
    L.append("ip-10-0-3-17: [%s] [INFO] [config.py:978:print_user_config]   json = %s" % (py_ts(t, 403), repr(cfg).replace("'", '"').replace("True", "true").replace("False", "false")))
    L.append("ip-10-0-3-17: ***** Running training *****")
    L.append("ip-10-0-3-17:   Num examples = 61,440")
    L.append("ip-10-0-3-17:   Num Epochs = 1")
    L.append("ip-10-0-3-17:   Instantaneous batch size per device = 4")
    L.append("ip-10-0-3-17:   Total train batch size (w. parallel, distributed & accumulation) = 256")
    L.append("ip-10-0-3-17:   Gradient Accumulation steps = 4")
    L.append("ip-10-0-3-17:   Total optimization steps = 240")
    L.append("ip-10-0-3-17:   Number of trainable parameters = 68,976,648,192")
    run = 0.0
    for step in range(1, 61):
        dt = 141.0 + rng.uniform(-9, 14)
        t = add(t, dt)
        run += dt
        flushes = rng.choice([9, 11, 12, 14, 15, 17])
        host = "ip-10-0-3-17"
        L.append("%s: [%s] [WARNING] [stage3.py:2069:step] %d pytorch allocator cache flushes since last step. this happens when there is high memory pressure and is detrimental to performance. if this is happening frequently consider adjusting settings to reduce memory consumption. If you are unable to make the cache flushes go away consider adding get_accelerator().empty_cache() calls in your training loop to ensure that all ranks flush their caches at the same time" % (host, py_ts(t, rng.randint(0, 999)), flushes))
        if step % 3 == 0:
            L.append("ip-10-0-3-52: [%s] [WARNING] [stage3.py:2069:step] %d pytorch allocator cache flushes since last step. this happens when there is high memory pressure and is detrimental to performance. if this is happening frequently consider adjusting settings to reduce memory consumption. If you are unable to make the cache flushes go away consider adding get_accelerator().empty_cache() calls in your training loop to ensure that all ranks flush their caches at the same time" % (py_ts(add(t, 0.4), rng.randint(0, 999)), flushes + rng.randint(-2, 2)))
        cur = 256.0 / dt * 16 / 16
        avg = step * 256.0 / run
        for l in ds_step_lines(t, rng.randint(0, 990), step, 2e-5 * min(1, step / 10.0), round(avg, 6), round(cur, 6), 74.12 + rng.uniform(0, 0.4), 79.02 + rng.uniform(0, 0.05)):
            L.append("%s: %s" % (host, l))
        if step % 5 == 0:
            L.append("%s: {'loss': %.4f, 'grad_norm': %.6f, 'learning_rate': %s, 'epoch': %.2f}" % (host, 1.45 - step * 0.006 + rng.uniform(-0.03, 0.03), rng.uniform(0.8, 2.0), repr(2e-5 * min(1, step / 10.0)), step / 240.0))
        el = run
        rem = el / step * (240 - step)
        L.append("%s: %3d%%|%s| %d/240 [%s<%s, %.2fs/it]" % (host, int(step * 100 / 240), bar(step / 240.0, 20), step, hms(el), hms(rem), el / step))
    files["launcher.log"] = "\n".join(L) + "\n"
    files["expected_throughput.md"] = (
        "Reference (same image, same dataset, 2x p5.48xlarge, seq 4096, mbs 1, ZeRO-3): ~7.9 samples/sec.\n"
        "This run: changed max_seq_length 4096 -> 8192 and per_device_train_batch_size 1 -> 4, gradient_checkpointing off.\n")
    snap = T("2024-04-08 13:58:20")
    gs = [gpu(i, H100_BUS[i], temp=52 + i % 6 + (22 if i == 0 else 0), mtemp=61 + i % 4, power=310.0 + i * 21, sm=1980,
              util=rng.randint(35, 96), used=80312 + rng.randint(0, 300)) for i in range(8)]
    files["ip-10-0-3-52/nvidia-smi.txt"] = nvsmi_table(snap, gs, procs=[(i, 30122 + i, "/opt/conda/bin/python", 80180) for i in range(8)])
    label = dict(category="straggler", layer="script", culprit=None, action="stop",
                 rationale="Every step on both nodes logs ZeRO-3 'pytorch allocator cache flushes since last step ... high memory pressure', MaxMemAllocated sits at ~79 GB of 80 GB, and the run doubled sequence length and quadrupled micro-batch with gradient checkpointing off; steps take ~140 s with no hardware or network error anywhere. The job's memory settings cause the slowdown.",
                 modelled_on="https://github.com/LLaVA-VL/LLaVA-NeXT/issues/247")
    return name, files, label


# =============================================================================================
def bt04():
    rng = Random(7504)
    name = "bt04_gpu_util_sawtooth_both_nodes"
    nodes = ["gpu-c01", "gpu-c02"]
    start = T("2024-09-17 08:30:12")
    files = {}
    for ni, h in enumerate(nodes):
        L = []
        L += torchrun_rdzv(start, ni, 2, "gpu-c01")
        t = add(start, 40)
        if ni == 0:
            L.append("%s - INFO - __main__ - Training/evaluation parameters TrainingArguments(" % py_ts(t, 14))
            for k, v in [("_n_gpu", 1), ("bf16", True), ("dataloader_drop_last", False), ("dataloader_num_workers", 0),
                         ("dataloader_persistent_workers", False), ("dataloader_pin_memory", True),
                         ("dataloader_prefetch_factor", None), ("ddp_backend", None), ("gradient_accumulation_steps", 1),
                         ("learning_rate", 0.0001), ("logging_steps", 50), ("num_train_epochs", 3),
                         ("output_dir", "/nfs/vit-l-run42"), ("per_device_train_batch_size", 128),
                         ("report_to", "['tensorboard']"), ("save_steps", 2000), ("torch_compile", False)]:
                L.append("%s=%s," % (k, v))
            L.append(")")
            L.append("%s - INFO - __main__ - Using image transforms: RandomResizedCrop(224) -> RandAugment(n=2, m=9) -> ToTensor -> Normalize, decoded from JPEG with PIL in Dataset.__getitem__" % py_ts(t, 230))
        t = add(t, 25)
        if ni == 0:
            L.append("***** Running training *****")
            L.append("  Num examples = 1,281,167")
            L.append("  Num Epochs = 3")
            L.append("  Instantaneous batch size per device = 128")
            L.append("  Total train batch size (w. parallel, distributed & accumulation) = 2,048")
            L.append("  Total optimization steps = 1,878")
        steps = 0
        el = 0.0
        for blk in range(1, 13):
            for s in range(50):
                steps += 1
                el += 2.05 + rng.uniform(-0.1, 0.15)
            tt = add(t, el)
            if ni == 0:
                L.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %s, 'epoch': %.2f}" % (6.9 - blk * 0.21 + rng.uniform(-0.05, 0.05), rng.uniform(1.2, 2.4), repr(round(1e-4 * min(1, steps / 200.0), 8)), steps / 626.0))
                L.append(" %2d%%|%s| %d/1878 [%s<%s,  %.2fs/it]" % (steps * 100 // 1878, bar(steps / 1878.0), steps, hms(el), hms(el / steps * (1878 - steps)), el / steps))
            # user perf callback on every rank's node leader
            for lr_ in (0, 4):
                r = ni * 8 + lr_
                dw = 1.38 + rng.uniform(-0.08, 0.1)
                L.append("[%s][rank%d] perf step=%d data_wait=%.2fs fwd_bwd=%.2fs opt=%.2fs" % (py_ts(tt, rng.randint(0, 999)), r, steps, dw, 0.58 + rng.uniform(-0.02, 0.03), 0.06))
        files["%s/train.log" % h] = "\n".join(L) + "\n"
    # dmon both nodes: sawtooth
    for ni, h in enumerate(nodes):
        body = ["# started %s" % smi_date(T("2024-09-17 08:58:03")), dmon_header()]
        for k in range(30):
            for i in range(8):
                sm = rng.choice([0, 0, 3, 21, 100, 100, 64, 0])
                body.append(dmon_row(i, 180 + sm * 4, 41 + sm // 10, 48 + sm // 12, sm, sm // 3, 2619, 1980 if sm else 1755))
        files["%s/nvidia-smi-dmon.txt" % h] = "".join(body)
    files["gpu-c02/top.txt"] = (
        "top - 09:01:44 up 12 days,  4:18,  1 user,  load average: 9.12, 9.07, 8.88\n"
        "Tasks: 1187 total,   9 running, 1178 sleeping,   0 stopped,   0 zombie\n"
        "%Cpu(s):  4.1 us,  0.3 sy,  0.0 ni, 95.5 id,  0.0 wa,  0.0 hi,  0.1 si,  0.0 st\n"
        "MiB Mem : 2063891.2 total, 1871233.4 free,  98411.7 used,  94246.1 buff/cache\n"
        "MiB Swap:      0.0 total,      0.0 free,      0.0 used. 1950032.9 avail Mem\n\n"
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
        + "".join("  %6d mlteam    20   0   52.1g  11.8g 812112 R 100.0   0.6  30:%02d.%02d python\n" % (51230 + i, 11 + i, 17 * i % 60) for i in range(8))
        + "   2211 root      20   0 1923332  88120  41332 S   1.3   0.0 212:09.18 dcgm-exporter\n"
        "   1874 root      20   0   19.9g  81412  41220 S   0.7   0.0  88:41.70 nvidia-persiste\n")
    snap = T("2024-09-17 09:02:10")
    gs = [gpu(i, H100_BUS[i], temp=47 + i % 5, mtemp=55, power=688.0 + i % 3, sm=1755, swpower=True, util=100,
              used=41120) for i in range(8)]
    files["gpu-c02/nvidia-smi-q.txt"] = nvsmi_q(snap, gs)
    label = dict(category="straggler", layer="script", culprit=None, action="stop",
                 rationale="All 16 ranks on both nodes report data_wait ~1.4 s against ~0.6 s of compute, GPU utilisation is a 0/100 sawtooth on both hosts, and top shows exactly one busy python process per GPU: TrainingArguments has dataloader_num_workers=0 with JPEG decode and RandAugment in __getitem__. The SW Power Cap on gpu-c02 was sampled at full load (688 W of 700 W) and its ranks are no slower than gpu-c01's.",
                 modelled_on="https://github.com/pytorch/examples/issues/387")
    return name, files, label


# =============================================================================================
def nemo_bar(epoch, step, total, el, loss, gstep, consumed, sttime):
    return "Epoch %d: : %3d%%|%s| %d/%d [%s<%s, reduced_train_loss=%.3f, global_step=%.1f, consumed_samples=%.1f, train_step_timing in s=%.3f]" % (
        epoch, step * 100 // total, bar(step / float(total)), step, total, hms(el), hms(el / max(step, 1) * (total - step)), loss, gstep, consumed, sttime)


def bt05():
    rng = Random(7505)
    name = "bt05_all_ranks_step_time_erratic"
    nodes = ["node-001", "node-002", "node-003", "node-004"]
    start = T("2024-02-20 22:10:40")
    files = {}
    L = []
    L.append("[NeMo I %s exp_manager:396] Experiments will be logged at /mnt/nfs/results/gpt-5b/2024-02-20_22-10-40" % start.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo W %s exp_manager:773] The checkpoint callback was told to monitor a validation value but trainer.max_epochs(1000) was less than trainer.val_check_interval(500). It is very likely this run will fail with ModelCheckpoint(monitor='val_loss') not found in the returned metrics. Please ensure that validation is run within trainer.max_epochs." % start.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s megatron_gpt_model:1124] Building GPT datasets." % add(start, 12).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s gpt_dataset:203] Load the GPTDataset train indices from /mnt/nfs/datasets/pile_tok/cache/6f3b2c_train_indices.npy (mmap)" % add(start, 14).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]")
    L.append("")
    L.append("  | Name  | Type     | Params")
    L.append("-----------------------------------")
    L.append("0 | model | GPTModel | 5.3 B ")
    L.append("-----------------------------------")
    t = add(start, 61)
    el = 0.0
    # NFS outage windows (seconds into training)
    windows = [(1840, 2150), (2610, 2990), (3400, 3460)]
    total = 20000
    for step in range(1, 1501):
        base = 1.92 + rng.uniform(-0.03, 0.04)
        tt = el
        stall = any(a <= tt <= b for a, b in windows)
        st = base + (rng.choice([6.1, 14.8, 31.7, 44.2, 9.3]) if stall and rng.random() < 0.45 else 0.0)
        el += st
        if step % 10 == 0:
            L.append(nemo_bar(0, step, total, el, 2.9 - step * 0.0005 + rng.uniform(-0.02, 0.02), step - 1, step * 256.0, st))
    files["node-001/nemo_log_globalrank-0.txt"] = "\n".join(L) + "\n"
    train0 = t
    srv = "nas-02.cluster.local"
    for ni, h in enumerate(nodes):
        boot = T("2024-02-11 06:%02d:11" % (10 + ni))
        dm = boot_dmesg(boot, h, dmi="Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 06/06/2023")
        dm.append("%s nfs: server %s not responding, still trying" % (uptime(boot, add(train0, 1840 + ni * 3), 221 + ni), srv))
        dm.append("%s nfs: server %s not responding, still trying" % (uptime(boot, add(train0, 1841 + ni * 3), 10211), srv))
        if ni in (1, 3):
            dm.append("%s INFO: task pt_data_worker:%d blocked for more than 122 seconds." % (uptime(boot, add(train0, 1966), 44120), 71812 + ni * 13))
            dm.append("%s       Tainted: P           OE     5.15.0-105-generic #115-Ubuntu" % uptime(boot, add(train0, 1966), 44131))
            dm.append('%s "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.' % uptime(boot, add(train0, 1966), 44140))
            dm.append("%s task:pt_data_worker state:D stack:    0 pid:%d ppid:%d flags:0x00000002" % (uptime(boot, add(train0, 1966), 44151), 71812 + ni * 13, 71700 + ni * 13))
            dm.append("%s Call Trace:" % uptime(boot, add(train0, 1966), 44160))
            for fn in ["__schedule+0x2cd/0x890", "schedule+0x69/0x110", "io_schedule+0x46/0x80", "folio_wait_bit_common+0x13d/0x350",
                       "filemap_get_pages+0x5f4/0x660", "filemap_read+0xd4/0x3e0", "nfs_file_read+0x79/0xd0 [nfs]", "vfs_read+0x18b/0x1a0", "ksys_read+0x67/0xf0"]:
                dm.append("%s  %s" % (uptime(boot, add(train0, 1966), 44170), fn))
        dm.append("%s nfs: server %s OK" % (uptime(boot, add(train0, 2150 + ni), 90112), srv))
        dm.append("%s nfs: server %s not responding, still trying" % (uptime(boot, add(train0, 2611 + ni * 2), 31012), srv))
        dm.append("%s nfs: server %s OK" % (uptime(boot, add(train0, 2990 + ni), 5512), srv))
        dm.append("%s nfs: server %s not responding, timed out" % (uptime(boot, add(train0, 3401 + ni), 76002), srv))
        dm.append("%s nfs: server %s OK" % (uptime(boot, add(train0, 3460 + ni), 1200), srv))
        files["%s/dmesg.txt" % h] = "\n".join(dm) + "\n"
    files["node-003/mounts.txt"] = ("nas-02.cluster.local:/export/datasets /mnt/nfs/datasets nfs4 rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.31.0.13,local_lock=none,addr=10.31.0.2 0 0\n"
                                    "nas-02.cluster.local:/export/results /mnt/nfs/results nfs4 rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.31.0.13,local_lock=none,addr=10.31.0.2 0 0\n")
    files["slurm-20931.out"] = ("srun: job 20931 queued and waiting for resources\nsrun: job 20931 has been allocated resources\n"
                                "Running: python /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py --config-path=/mnt/nfs/cfg --config-name=gpt5b model.data.data_prefix=[1.0,/mnt/nfs/datasets/pile_tok/pile_text_document] trainer.num_nodes=4 trainer.devices=8\n"
                                "(see node-001/nemo_log_globalrank-0.txt for training progress)\n")
    label = dict(category="straggler", layer="infrastructure", culprit=None, action="restart",
                 rationale="train_step_timing jumps from ~1.9 s to 6-45 s in three windows with no error in the job; in exactly those windows all four nodes log 'nfs: server nas-02.cluster.local not responding, still trying' and data-loader workers block in nfs_file_read, then recover with 'server ... OK'. A shared filesystem stalling transiently for every node.",
                 modelled_on="https://github.com/horovod/horovod/issues/824")
    return name, files, label


# =============================================================================================
def bt06():
    rng = Random(7506)
    name = "bt06_throughput_dips_at_regular_intervals"
    nodes = ["dgx-h11", "dgx-h12"]
    start = T("2024-06-03 15:00:02")
    files = {}
    L = []
    args = [("tensor_model_parallel_size", 4), ("pipeline_model_parallel_size", 2), ("data_parallel_size", 2),
            ("world_size", 16), ("micro_batch_size", 1), ("global_batch_size", 256), ("seq_length", 4096),
            ("num_layers", 80), ("hidden_size", 8192), ("save_interval", 50), ("save", "/lustre/ckpt/llama70b-cpt"),
            ("async_save", False), ("ckpt_format", "torch_dist"), ("log_interval", 10), ("eval_interval", 1000),
            ("use_distributed_optimizer", True), ("timing_log_level", 1), ("train_iters", 20000)]
    L += megatron_args(args)
    t = add(start, 180)
    L.append("[after dataloaders are built] datetime: %s " % t.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("training ...")
    loss = 1.98
    for it in range(10, 601, 10):
        ms = 3110.0 + rng.uniform(-30, 40)
        t = add(t, ms * 10 / 1000.0)
        loss = loss - rng.uniform(0, 0.001)
        L.append(megatron_line(t, it, 20000, it * 256, ms, 418.0 + rng.uniform(-4, 4), 1.5e-5, 256, loss + rng.uniform(-0.02, 0.02), 0.9 + rng.uniform(0, 0.2)))
        if it % 50 == 0:
            L.append("saving checkpoint at iteration %7d to /lustre/ckpt/llama70b-cpt in torch_dist format" % it)
            dur = 96.0 + rng.uniform(-3, 4)
            t = add(t, dur)
            L.append("  successfully saved checkpoint from iteration %7d to /lustre/ckpt/llama70b-cpt [ t 1/4, p 1/2 ]" % it)
            L.append("(min, max) time across ranks (ms):")
            L.append("    save-checkpoint ................................: (%.2f, %.2f)" % (dur * 1000 - 210, dur * 1000 + 35))
    files["dgx-h12/megatron_rank15.log"] = "\n".join(L) + "\n"
    files["ckpt_sizes.txt"] = "".join(
        "%s  /lustre/ckpt/llama70b-cpt/iter_%07d\n" % ("843G", it) for it in range(50, 601, 50))
    files["lustre_client_stats_dgx-h11.txt"] = (
        "# lctl get_param llite.*.stats (delta over one save window, 96 s)\n"
        "llite.lustre-ffff9a3c1a7d8000.stats=\n"
        "snapshot_time             1717428722.118201 secs.nsecs\n"
        "write_bytes               228811 samples [bytes] 4096 16777216 3838231347200\n"
        "open                      1290 samples [usecs]\n"
        "close                     1290 samples [usecs]\n"
        "# ~40 GB/s aggregate across both clients during the save; no 'LustreError' in dmesg on either node.\n")
    files["user_ticket.txt"] = (
        "From: a.rivera\nSubject: llama70b-cpt slow?\n\nTokens/day is ~40% below what we planned. The per-iteration time looks fine (3.1 s) but the\n"
        "wall clock doesn't add up. Nodes dgx-h11/dgx-h12. Can someone check the hardware?\n")
    label = dict(category="straggler", layer="script", culprit=None, action="stop",
                 rationale="Iteration time is a steady 3.1 s; the lost wall-clock is a synchronous ~96 s torch_dist save of an 843 GB checkpoint every 50 iterations (save_interval=50, async_save=False), i.e. ~38% of the run spent saving. Lustre writes at a healthy ~40 GB/s with no errors, so the slowdown comes from the job's checkpoint cadence, not the hardware.",
                 modelled_on="https://github.com/deepchem/deepchem/issues/458")
    return name, files, label


# =============================================================================================
def bt07():
    rng = Random(7507)
    name = "bt07_scaling_to_four_nodes_mfu_collapsed"
    nodes = ["dgx-b12", "dgx-b13", "dgx-b14", "dgx-b15"]
    ips = ["172.16.8.12", "172.16.8.13", "172.16.8.14", "172.16.8.15"]
    start = T("2024-11-05 10:14:51")
    files = {}
    files["job.sbatch"] = (
        "#!/bin/bash\n#SBATCH -J llama3-8b-4n\n#SBATCH -N 4\n#SBATCH --gpus-per-node=8\n#SBATCH --ntasks-per-node=1\n#SBATCH -t 48:00:00\n#SBATCH -o slurm-%j.out\n\n"
        "source /shared/envs/titan/bin/activate\n"
        "export NCCL_DEBUG=INFO\n"
        "export NCCL_SOCKET_IFNAME=bond0\n"
        "export NCCL_IB_DISABLE=1        # TODO(remove): set while chasing the hang on the old fabric, see #ops-412\n"
        "export TORCH_NCCL_ASYNC_ERROR_HANDLING=1\n\n"
        "srun torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint dgx-b12:29500 \\\n"
        "     -m torchtitan.train --job.config_file ./llama3_8b.toml\n")
    L = []
    pids = {h: [60110 + ni * 907 + i for i in range(8)] for ni, h in enumerate(nodes)}
    for ni, h in enumerate(nodes):
        for l in nccl_init(h, pids[h], ni, 32, start, ips[ni], net="Socket", extra=["NCCL_SOCKET_IFNAME set by environment to bond0", "NCCL_IB_DISABLE set by environment to 1."]):
            L.append(l)
    for ni, h in enumerate(nodes):
        L += nccl_channels(h, pids[h], ni, 32, net="Socket", nchan=2)
    t = add(start, 70)
    L.append("[rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 3000 (warmup 200)" % py_ts(t, 381))
    for step in range(1, 301):
        tps = 612 + rng.randint(-25, 25) if step > 1 else 201
        t = add(t, 2 * 8192.0 / tps)
        if step == 1 or step % 10 == 0:
            tfl = tps * 0.0594
            L.append(titan_line(0, t, rng.randint(0, 999), step, max(3.1, 11.8 - step * 0.025 + rng.uniform(-0.05, 0.05)), 48.11, 60.78, tps, tfl, tfl / 9.89))
    files["slurm-302214.out"] = "\n".join(L) + "\n"
    files["single_node_reference.log"] = (
        "# same config, 1 node (dgx-b12), last week\n"
        + "".join(titan_line(0, add(T("2024-10-29 16:02:11"), 30 * k), 100 + k, 100 + k * 10, 4.1 - k * 0.02, 48.11, 60.78, 2968 + (k * 7) % 40, 176.3, 17.83) + "\n" for k in range(5)))
    for h in ("dgx-b13", "dgx-b15"):
        s = ""
        for i in range(8):
            s += ("CA 'mlx5_%d'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tFirmware version: 28.39.1002\n\tHardware version: 0\n"
                  "\tNode GUID: 0x946dae0300%02x%04x\n\tSystem image GUID: 0x946dae0300%02x%04x\n\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n"
                  "\t\tRate: 400\n\t\tBase lid: %d\n\t\tLMC: 0\n\t\tSM lid: 1\n\t\tCapability mask: 0xa751e848\n\t\tPort GUID: 0x946dae0300%02x%04x\n\t\tLink layer: InfiniBand\n") % (
                i, int(h[-2:]), 0x5c10 + i, int(h[-2:]), 0x5c10, 400 + int(h[-2:]) * 8 + i, int(h[-2:]), 0x5c10 + i)
        files["%s/ibstat.txt" % h] = s
    label = dict(category="straggler", layer="script", culprit=None, action="stop",
                 rationale="Every rank logs 'NCCL_IB_DISABLE set by environment to 1.' and 'Using network Socket', with inter-node channels via NET/Socket over bond0, so tps is ~610 vs ~2,970 on a single node; ibstat shows all 400 Gb/s IB ports Active/LinkUp. The export NCCL_IB_DISABLE=1 left in job.sbatch is the cause, not the fabric.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1591")
    return name, files, label


CASES = [bt01, bt02, bt03, bt04, bt05, bt06, bt07]
