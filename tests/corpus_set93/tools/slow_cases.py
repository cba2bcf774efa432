"""Cases cl01-cl15: slowdowns, stragglers and slow-but-healthy runs (no crash)."""
import random

from common import (T, plus, elapsed, iso, iso_ms, syslog_ts, ctime, glog, Kernel, nvsmi_q, nccl_init_lines,
                    megatron_iter, megatron_timers, sacct, topology, jdump, H100_BUS)


def label(category, layer, node, rank, action, rationale, url):
    return {"category": category, "layer": layer,
            "culprit": None if node is None else {"node": node, "rank": rank},
            "action": action, "rationale": rationale, "modelled_on": url}


def megatron_preamble(start, world, tp, pp, vocab, padded, seq, mbs, gbs, rng, ckpt_dir="/lustre/proj/ckpt/gpt",
                      load=None):
    dp = world // (tp * pp)
    d = start
    out = [
        "using world size: %d, data-parallel size: %d, context-parallel size: 1, hierarchical context-parallel sizes: None, tensor-model-parallel size: %d, encoder-tensor-model-parallel size: 0, pipeline-model-parallel size: %d, encoder-pipeline-model-parallel size: 0" % (world, dp, tp, pp),
        "WARNING: Setting args.overlap_p2p_comm and args.align_param_gather to False since non-interleaved schedule does not support overlapping p2p communication and aligned param AG",
        "using torch.bfloat16 for parameters ...",
        "------------------------ arguments ------------------------",
        "  bf16 ............................................ True",
        "  ckpt_format ..................................... torch_dist",
        "  global_batch_size ............................... %d" % gbs,
        "  load ............................................ %s" % (load or "None"),
        "  log_interval .................................... 10",
        "  micro_batch_size ................................ %d" % mbs,
        "  pipeline_model_parallel_size .................... %d" % pp,
        "  save ............................................ %s" % ckpt_dir,
        "  save_interval ................................... 1000",
        "  seq_length ...................................... %d" % seq,
        "  tensor_model_parallel_size ...................... %d" % tp,
        "  use_distributed_optimizer ....................... True",
        "  world_size ...................................... %d" % world,
        "-------------------- end of arguments ---------------------",
        "setting number of micro-batches to constant %d" % (gbs // (mbs * dp)),
        "> building HuggingFaceTokenizer tokenizer ...",
        " > padded vocab (size: %d) with %d dummy tokens (new size: %d)" % (vocab, padded - vocab, padded),
        "> initializing torch distributed ...",
        "> initialized tensor model parallel with size %d" % tp,
        "> initialized pipeline model parallel with size %d" % pp,
        "> setting random seeds to 1234 ...",
        "> compiling dataset index builder ...",
        ">>> done with dataset index builder. Compilation time: 0.0%d1 seconds" % rng.randint(4, 9),
        "> compiling and loading fused kernels ...",
        ">>> done with compiling and loading fused kernels. Compilation time: %.3f seconds" % rng.uniform(1.2, 3.0),
        "time to initialize megatron (seconds): %.3f" % rng.uniform(25, 60),
        "[after megatron is initialized] datetime: %s " % iso(plus(d, 45)),
        "building GPT model ...",
        " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): %d" % rng.randint(4200000000, 4600000000),
        "INFO:megatron.core.distributed.distributed_data_parallel:Setting up DistributedDataParallel with config DistributedDataParallelConfig(grad_reduce_in_fp32=True, overlap_grad_reduce=True, overlap_param_gather=True, align_param_gather=False, use_distributed_optimizer=True, check_for_nan_in_grad=True, bucket_size=40000000, average_in_collective=False, fp8_param_gather=False)",
        "INFO:megatron.core.optimizer:Setting up optimizer with config OptimizerConfig(optimizer='adam', lr=0.00015, min_lr=1.5e-05, decoupled_lr=None, decoupled_min_lr=None, weight_decay=0.1, fp16=False, bf16=True, params_dtype=torch.bfloat16, loss_scale=None, initial_loss_scale=4294967296, min_loss_scale=1.0, loss_scale_window=1000, hysteresis=2, adam_beta1=0.9, adam_beta2=0.95, adam_eps=1e-08, sgd_momentum=0.9, use_distributed_optimizer=True, overlap_param_gather_with_optimizer_step=False, clip_grad=1.0, log_num_zeros_in_grad=False, barrier_with_L1_time=True, timers=<megatron.core.timers.Timers object at 0x7f2c3a1d4e80>, config_logger_dir='')",
        "> learning rate decay style: cosine",
        "[after model, optimizer, and learning rate scheduler are built] datetime: %s " % iso(plus(d, 71)),
        "> building train, validation, and test datasets ...",
        " > datasets target sizes (minimum size):",
        "    train:      %d" % (gbs * 500000),
        "    validation: %d" % (gbs * 5010),
        "    test:       %d" % (gbs * 10),
        "INFO:megatron.core.datasets.blended_megatron_dataset_config:mock = False",
        "INFO:megatron.core.datasets.blended_megatron_dataset_builder:Building dataset splits with cls=GPTDataset, sizes=(%d, %d, %d), and config=GPTDatasetConfig(random_seed=1234, sequence_length=%d, ...)" % (gbs * 500000, gbs * 5010, gbs * 10, seq),
        "> finished creating GPT datasets ...",
        "[after dataloaders are built] datetime: %s " % iso(plus(d, 118)),
        "done with setup ...",
    ]
    out += megatron_timers([("model-and-optimizer-setup", 24012.4, 26118.7),
                            ("train/valid/test-data-iterators-setup", 4123.1, 46890.2)])
    out += ["training ...", "[before the start of training step] datetime: %s " % iso(plus(d, 120))]
    return out


def straggler_line(d, mnrtt, mxrtt, mnpwr, mxpwr, mntmp, mxtmp, mnutl, mxutl, mnclk, mxclk, mnetpt, mxetpt, drtt=(6.71, 0, 7.12, 4)):
    return (" [%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d |"
            " MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d |"
            " MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d |"
            " MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d"
            % ((iso(d),) + mnrtt + mxrtt + mnpwr + mxpwr + mntmp + mxtmp + mnutl + mxutl + mnclk + mxclk
               + (drtt[0], drtt[1], drtt[2], drtt[3]) + mnetpt + mxetpt))


def slurm_head(jobid, nodes, start, script, extra=()):
    return ["SLURM_JOB_ID=%d" % jobid,
            "SLURM_JOB_NODELIST=%s" % ",".join(nodes),
            "SLURM_NNODES=%d" % len(nodes),
            "+ srun --kill-on-bad-exit=1 --cpu-bind=none --container-image=/lustre/images/nemo-24.07.sqsh bash -c %s" % script,
            ] + list(extra)


# ============================================================================ cl01
def cl01():
    rng = random.Random(9301)
    nodes = ["hgx-b12-n01", "hgx-b12-n02", "hgx-b12-n03", "hgx-b12-n04"]
    job = 418277
    start = T("2024-06-11 08:00:00")
    out = slurm_head(job, nodes, start, "'torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ${ARGS}'")
    out += megatron_preamble(start, 32, 8, 2, 128256, 128256, 8192, 1, 512, rng)
    d = plus(start, 120)
    ms_norm = 4212.0
    it = 0
    slow_from = 1460
    for it in range(10, 2401, 10):
        ms = ms_norm + rng.uniform(-35, 35) if it < slow_from else 6890 + rng.uniform(-60, 60)
        if it == 10:
            ms = 9120.4
        d = plus(d, ms * 10 / 1000.0)
        loss = 7.9 * (0.9993 ** it) + 1.9 + rng.uniform(-0.03, 0.03)
        out.append(megatron_iter(d, it, 500000, it * 512, ms, 1.5e-4 * min(1.0, it / 2000.0), 512, loss,
                                 rng.uniform(0.6, 1.4), tflops=(402.0 * ms_norm / ms) + rng.uniform(-1, 1)))
        if it == 10:
            out.append("[Rank 31] (after 10 iterations) memory (MB) | allocated: 41230.6 | max allocated: 61877.1 | reserved: 66120.0 | max reserved: 66120.0")
        if it % 100 == 0:
            if it < slow_from:
                out.append(straggler_line(d, (ms - 8, rng.randint(0, 31)), (ms + 9, rng.randint(0, 31)),
                                          (601000, 13 if it > 900 else 6), (689000, 2), (46, 9), (63, 30),
                                          (97, 13), (100, 0), (1965, 11), (1980, 0), (388.21, 27), (396.47, 3)))
            else:
                out.append(straggler_line(d, (ms - 11, 5), (ms + 14, 13), (287000, 13), (618000, 2), (40, 13),
                                          (61, 30), (100, 1), (100, 0), (990, 13), (1980, 0), (196.12, 13),
                                          (247.90, 3)))
            out += megatron_timers([("forward-backward", ms * 0.92, ms * 0.93), ("optimizer", 101.4, 132.9),
                                    ("params-all-gather", 11.2, 38.7)])
    out.append("slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s ***" % (job, nodes[0], plus(d, 41).strftime("%Y-%m-%dT%H:%M:%S")))
    files = {"slurm-%d.out" % job: "\n".join(out) + "\n"}
    cancel = plus(d, 41)
    files["sacct.txt"] = sacct([(str(job), "gpt70b-pt", "batch", 896, "CANCELLED+", "0:0", elapsed(start, cancel), "hgx-b12-n[01-04]"),
                                (str(job) + ".batch", "batch", "", 224, "CANCELLED", "0:15", elapsed(start, cancel), "hgx-b12-n01"),
                                (str(job) + ".0", "bash", "", 896, "CANCELLED", "0:15", elapsed(plus(start, 2), cancel), "hgx-b12-n[01-04]")])
    snap = plus(cancel, -600)
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-06-09 17:%02d:11" % (20 + i)), rng)
        k.boot_noise()
        if i == 1:
            k.at(T("2024-06-11 09:44:52"), "ipmi_si IPI0001:00: Event Message Buffer Full, some events may have been lost")
        files["%s/dmesg.txt" % h] = k.dmesg()
        over = {}
        if i == 1:
            over = {5: {"reasons": {"HW Slowdown": "Active", "HW Power Brake Slowdown": "Active"},
                        "sm": 990, "power": 287.41, "temp": 40}}
        if i == 3:
            over = {2: {"reasons": {"SW Power Cap": "Active"}, "power": 699.12, "sm": 1935, "temp": 61}}
        files["%s/nvidia-smi-q.txt" % h] = nvsmi_q(snap, rng, over=over, proc_pid=61200 + i * 113)
    files["hgx-b12-n02/ipmi-sel.txt"] = "\n".join([
        "   1 | 06/09/2024 | 17:19:02 | System Event #0x83 | Timestamp Clock Sync | Asserted",
        "   2 | 06/09/2024 | 17:19:44 | Power Unit #0x10 | Redundancy Regained | Asserted",
        "   3 | 06/11/2024 | 09:44:49 | Power Supply PS3 Status | Power Supply AC lost | Asserted",
        "   4 | 06/11/2024 | 09:44:49 | Power Unit #0x10 | Redundancy Lost | Asserted",
        "   5 | 06/11/2024 | 09:44:53 | Power Supply PS3 Status | Power Supply AC lost | Deasserted",
        "   6 | 06/11/2024 | 09:44:53 | Power Supply PS3 Status | Failure detected | Asserted",
    ]) + "\n"
    lab = label("straggler", "infrastructure", "hgx-b12-n02", 13, "run_diagnostics",
                "From iteration ~1460 every iteration is ~64% slower; the straggler detector pins minimum clock/power/throughput on rank 13 and hgx-b12-n02 GPU 5 (9A) reports HW Slowdown + HW Power Brake at 990 MHz after a PSU event in the SEL. No crash, so the GPU/PSU needs diagnostics; the SW Power Cap at full power on n04 is normal.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return "cl01_megatron_iteration_time_up_64pct_midrun_no_errors", lab, files


# ============================================================================ cl02
def nemo_line(it, total, lr, gbs, step, loss, timing, consumed):
    return ("Training epoch 0, iteration %d/%d | lr: %.4g | global_batch_size: %d | global_step: %d | "
            "reduced_train_loss: %.4f | train_step_timing in s: %.3f | consumed_samples: %d"
            % (it, total, lr, gbs, step, loss, timing, consumed))


def nemo_head(d, world, host0):
    return [
        "[NeMo W %s nemo_logging:349] /usr/local/lib/python3.10/dist-packages/pyannote/core/notebook.py:134: MatplotlibDeprecationWarning: The get_cmap function was deprecated in Matplotlib 3.7" % iso(d),
        "[NeMo I %s nemo_logging:381] Experiments will be logged at /lustre/exp/llama3-8b-cpt/default" % iso(plus(d, 3)),
        "GPU available: True (cuda), used: True",
        "TPU available: False, using: 0 TPU cores",
        "HPU available: False, using: 0 HPUs",
        "[NeMo I %s nemo_logging:381] Fixing mis-match between ddp-config & mcore-optimizer config" % iso(plus(d, 9)),
        "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/%d" % world,
        "----------------------------------------------------------------------------------------------------",
        "distributed_backend=nccl",
        "All distributed processes registered. Starting with %d processes" % world,
        "----------------------------------------------------------------------------------------------------",
        "",
        "[NeMo I %s nemo_logging:381] Padded vocab_size: 128256, original vocab_size: 128256, dummy tokens: 0." % iso(plus(d, 31)),
        "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
        "[NeMo W %s nemo_logging:349] Could not copy Trainer's 'max_steps' to LR scheduler's 'max_steps'. If you are not using an LR scheduler, this warning can safely be ignored." % iso(plus(d, 33)),
        "  | Name   | Type     | Params | Mode ",
        "--------------------------------------------",
        "0 | module | GPTModel | 1.0 B  | train",
        "--------------------------------------------",
        "1.0 B     Trainable params",
        "0         Non-trainable params",
        "1.0 B     Total params",
        "4,015.636 Total estimated model params size (MB)",
    ]


def cl02():
    rng = random.Random(9302)
    nodes = ["dgx-r4c05", "dgx-r4c06", "dgx-r4c07", "dgx-r4c08"]
    job = 552190
    start = T("2024-07-02 11:00:00")
    out = slurm_head(job, nodes, start, "'python /opt/NeMo/examples/llama3_8b_cpt.py'")
    out += nemo_head(start, 32, nodes[0])
    d = plus(start, 90)
    for it in range(0, 5000, 20):
        if d > plus(start, 7440):
            break
        t = 1.912 + rng.uniform(-0.02, 0.02) if it < 1240 else 3.381 + rng.uniform(-0.05, 0.05)
        if it == 1240:
            psu = plus(d, -14)
        if it == 0:
            t = 21.774
        d = plus(d, t * 20)
        out.append(nemo_line(it, 99999, 3e-4 * min(1, (it + 1) / 500.0), 256, it, 2.9 * (0.9997 ** it) + 1.1 + rng.uniform(-0.02, 0.02), t, (it + 1) * 256))
        if it == 600:
            out.append("[NeMo I %s nemo_logging:381] Async checkpoint save for step 600 (/lustre/exp/llama3-8b-cpt/default/checkpoints/step=600.ckpt) finalized successfully." % iso(d))
    end = plus(start, 7500)
    out.append("slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, nodes[0], end.strftime("%Y-%m-%dT%H:%M:%S")))
    files = {"slurm-%d.out" % job: "\n".join(out) + "\n"}
    files["sacct.txt"] = sacct([(str(job), "l3-8b-cpt", "prod", 896, "TIMEOUT", "0:0", elapsed(start, end), "dgx-r4c[05-08]"),
                                (str(job) + ".batch", "batch", "", 224, "CANCELLED", "0:15", elapsed(start, plus(end, 2)), "dgx-r4c05"),
                                (str(job) + ".0", "python", "", 896, "CANCELLED", "0:15", elapsed(start, plus(end, 1)), "dgx-r4c[05-08]")])
    snap = plus(end, -300)
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-06-28 06:%02d:40" % (10 + i)), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
        over = {}
        if i == 2:
            for g in range(8):
                over[g] = {"reasons": {"SW Power Cap": "Active"}, "plimit": 350.0, "req_plimit": 700.0,
                           "power": round(rng.uniform(343, 350), 2), "sm": rng.choice([1395, 1410, 1425]), "temp": rng.randint(38, 44)}
        if i == 0:
            over = {1: {"dram_corr": 2, "dram_corr_agg": 14}}
        files["%s/nvidia-smi-q.txt" % h] = nvsmi_q(snap, rng, over=over, proc_pid=40110 + i * 97)
    sel = lambda x: plus(psu, x).strftime("%m/%d/%Y | %H:%M:%S")
    files["dgx-r4c07/ipmi-sel.txt"] = "\n".join([
        "  29 | 06/28/2024 | 06:11:02 | System Event #0x83 | Timestamp Clock Sync | Asserted",
        "  30 | 06/28/2024 | 06:11:40 | Power Unit PWR_UNIT | Fully Redundant | Asserted",
        "  31 | %s | Power Supply PSU2 | Power Supply AC lost | Asserted" % sel(0),
        "  32 | %s | Power Supply PSU4 | Power Supply AC lost | Asserted" % sel(0),
        "  33 | %s | Power Unit PWR_UNIT | Redundancy Lost | Asserted" % sel(1),
        "  34 | %s | System ACPI Power State | Power Capping Enabled | Asserted" % sel(2),
    ]) + "\n"
    lab = label("straggler", "infrastructure", "dgx-r4c07", None, "run_diagnostics",
                "train_step_timing jumps from 1.91 s to 3.38 s at iteration ~1240 with no error. Only dgx-r4c07 has all 8 GPUs held at a 350 W enforced limit (requested 700 W, SW Power Cap active) after its BMC logged two PSUs losing AC and power capping, so the whole node is the straggler.",
                "https://github.com/deepspeedai/DeepSpeed/issues/1617")
    return "cl02_nemo_train_step_timing_jumps_1p9s_to_3p4s", lab, files


# ============================================================================ cl03
def titan_line(rank, d, ms, step, loss, mem, tps, tflops, mfu, gn):
    return ("[rank%d]:[titan] %s - root - INFO - step: %5d  loss: %7.4f  grad_norm: %7.4f  memory: %5.2fGiB(%.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%"
            % (rank, iso_ms(d, ms), step, loss, gn, mem, mem / 79.11 * 100, "{:,}".format(tps), tflops, mfu))


def cl03():
    rng = random.Random(9303)
    nodes = ["a3m-0101", "a3m-0102", "a3m-0103", "a3m-0104"]
    job = 30917
    start = T("2024-09-03 13:30:00")
    slow_at = T("2024-09-03 14:41:00")
    files = {}
    for n, h in enumerate(nodes):
        r = n * 8
        lines = ["[rank%d]:[titan] %s - root - INFO - Starting job: Llama 3 8B training" % (r, iso_ms(start, 12)),
                 "[rank%d]:[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]" % (r, iso_ms(plus(start, 4), 511)),
                 "[rank%d]:[titan] %s - root - INFO - Preparing c4 dataset from /lustre/datasets/c4/en" % (r, iso_ms(plus(start, 6), 90)),
                 "[rank%d]:[titan] %s - root - INFO - Applied FSDP to the model" % (r, iso_ms(plus(start, 19), 702)),
                 "[rank%d]:[titan] %s - root - INFO - CUDA memory usage for model: 3.77GiB(4.77%%)" % (r, iso_ms(plus(start, 19), 880)),
                 "[rank%d]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 20000 (warmup 200)" % (r, iso_ms(plus(start, 21), 3))]
        d = plus(start, 25)
        step = 1
        while d < plus(slow_at, 3000):
            slow = d >= slow_at
            tps = rng.randint(6700, 6900) if not slow else rng.randint(350, 2100)
            dt_s = 10 * 16384.0 / tps
            d = plus(d, dt_s)
            lines.append(titan_line(r, d, rng.randint(0, 999), step, 3.9 * (0.9999 ** step) + 0.4 + rng.uniform(-0.05, 0.05),
                                    58.22 + rng.uniform(-0.1, 0.1), tps, tps * 0.0579, tps * 0.00585, rng.uniform(0.25, 0.6)))
            if slow and rng.random() < 0.12:
                lines.append("[rank%d]:[titan] %s - root - WARNING - Dataloader fetch for step %d took %.1fs (> 5.0s)" % (r, iso_ms(d, rng.randint(0, 999)), step + 1, rng.uniform(8, 61)))
            step += 10
        lines.append("[rank%d]:[titan] %s - root - INFO - Received SIGTERM, saving checkpoint before exit" % (r, iso_ms(d, 402)))
        files["%s/stdout.log" % h] = "\n".join(lines) + "\n"
        k = Kernel(h, T("2024-08-30 04:%02d:09" % (11 + n)), rng)
        k.boot_noise([(40, "Lustre: Lustre: Build Version: 2.15.4"),
                      (44, "Lustre: Mounted lus01-client")])
        t = plus(slow_at, -40 + n * 3)
        for j in range(5):
            x = rng.randint(1000000, 9999999)
            k.at(plus(t, j * 420), "Lustre: %d:0:(client.c:2340:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@%016x x179%010d/t0(0) o3->lus01-OST002a-osc-ffff9d2c4b7e1000@10.31.4.22@o2ib:6/4 lens 488/440 e 3 to 1 dl %d ref 2 fl Rpc:XQr/2/ffffffff rc 0/-1 job:'%d'"
                 % (rng.randint(3000, 9000), 1725374000 + j * 420, 1725374000 + j * 420, 0xffff9d2c80000000 + x, x, 1725374100 + j * 420, job))
            k.at(plus(t, j * 420 + 1), "Lustre: lus01-OST002a-osc-ffff9d2c4b7e1000: Connection to lus01-OST002a (at 10.31.4.22@o2ib) was lost; in progress operations using this service will wait for recovery to complete")
            k.at(plus(t, j * 420 + 97 + j * 13), "Lustre: lus01-OST002a-osc-ffff9d2c4b7e1000: Connection restored to 10.31.4.22@o2ib (at 10.31.4.22@o2ib)")
        k.at(plus(t, 1900), "LustreError: 11-0: lus01-OST002a-osc-ffff9d2c4b7e1000: operation ost_read to node 10.31.4.22@o2ib failed: rc = -107")
        files["%s/dmesg.txt" % h] = k.dmesg()
    files["squeue.txt"] = ("             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
                           "             %d       a3m  titan8b   dkumar  R    2:20:31      4 a3m-[0101-0104]\n"
                           "             30922       a3m  ckptcp   svc-ml  R      54:02      1 a3m-0217\n" % job)
    lab = label("storage", "infrastructure", None, None, "restart",
                "tps falls from ~6,800 to 350-2,100 on all four nodes at 14:41 with dataloader stalls, and every node's kernel logs timeouts and lost connections to the same Lustre OST (lus01-OST002a). The shared filesystem is slow for everyone, not one host.",
                "https://github.com/nasa-nccs-hpda/pytorch-caney/issues/44")
    return "cl03_torchtitan_tps_collapses_on_every_rank", lab, files


# ============================================================================ cl04
def tq(sec):
    sec = int(sec)
    if sec >= 3600:
        return "%d:%02d:%02d" % (sec // 3600, sec % 3600 // 60, sec % 60)
    return "%02d:%02d" % (sec // 60, sec % 60)


def cl04():
    rng = random.Random(9304)
    nodes = ["ml-gpu-17", "ml-gpu-18"]
    job = 2210871
    start = T("2024-05-20 21:00:00")
    lines = [
        "The following values were not passed to `accelerate launch` and had defaults used instead:",
        "\t`--dynamo_backend` was set to a value of `'no'`",
        "[2024-05-20 21:00:31,118] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)",
        "/usr/local/lib/python3.10/dist-packages/transformers/training_args.py:1525: FutureWarning: `evaluation_strategy` is deprecated and will be removed in version 4.46 of 🤗 Transformers. Use `eval_strategy` instead",
        "Loading checkpoint shards: 100%|██████████| 4/4 [00:41<00:00, 10.32s/it]",
        "`use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`.",
        "/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:464: UserWarning: torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. In version 2.4 we will raise an exception if use_reentrant is not passed. use_reentrant=False is recommended, but if you need to preserve the previous behavior, you can pass use_reentrant=True. Refer to docs for more details on the differences between the two variants.",
        "ml-gpu-17:41127:41891 [0] NCCL INFO NET/IB : Got async event : GID table change",
        "[rank0]:[W520 21:02:11.331087542 ProcessGroupNCCL.cpp:4115] [PG 0 Rank 0]  using GPU 0 to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id.",
        "***** Running training *****",
        "  Num examples = 120,000",
        "  Num Epochs = 2",
        "  Instantaneous batch size per device = 4",
        "  Total train batch size (w. parallel, distributed & accumulation) = 256",
        "  Gradient Accumulation steps = 4",
        "  Total optimization steps = 938",
        "  Number of trainable parameters = 8,030,261,248",
    ]
    d = plus(start, 150)
    total = 938
    for s in range(1, total + 1):
        per = 38.4 if s <= 3 else (13.1 if s <= 10 else 6.9 + rng.uniform(-0.2, 0.2))
        d = plus(d, per)
        if s in (1, 2, 3, 5, 10) or s % 50 == 0:
            el = int((d - plus(start, 150)).total_seconds())
            rem = int((total - s) * 6.9)
            lines.append(" %3d%%|%s| %d/%d [%s<%s, %5.2fs/it]" % (
                s * 100 // total, "█" * (s * 10 // total) + " " * (10 - s * 10 // total), s, total,
                tq(el), tq(rem), per))
        if s % 25 == 0:
            lines.append("{'loss': %.4f, 'grad_norm': %.6f, 'learning_rate': %.6e, 'epoch': %.2f}" % (
                1.62 * (0.9995 ** s) + rng.uniform(-0.02, 0.02), rng.uniform(0.4, 1.2), 2e-5 * (1 - s / total), s * 2.0 / total))
        if s in (235, 470, 705):
            ev = 312.0 + rng.uniform(-5, 5)
            lines.append("\n100%%|██████████| 64/64 [%02d:%02d<00:00,  %.2fs/it]" % (int(ev) // 60, int(ev) % 60, ev / 64))
            d = plus(d, ev)
            lines.append("{'eval_loss': %.4f, 'eval_runtime': %.4f, 'eval_samples_per_second': %.3f, 'eval_steps_per_second': %.3f, 'epoch': %.2f}" % (
                1.41 - s * 0.0002, ev, 16384 / ev, 256 / ev, s * 2.0 / total))
        if s in (470, 938):
            lines.append("Saving model checkpoint to /shared/ft/llama3-8b-sft/checkpoint-%d" % s)
            d = plus(d, 140)
    run = (d - plus(start, 150)).total_seconds()
    lines.append("{'train_runtime': %.4f, 'train_samples_per_second': %.3f, 'train_steps_per_second': %.3f, 'train_loss': %.4f, 'epoch': 2.0}" % (
        run, 240000 / run, total / run, 1.3377))
    lines.append("100%%|██████████| %d/%d [%s<00:00,  %.2fs/it]" % (total, total, tq(int(run)), run / total))
    lines.append("[rank0]:[W%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % plus(d, 3).strftime("%m%d %H:%M:%S.121931044"))
    files = {"slurm-%d.out" % job: "\n".join(lines) + "\n"}
    el = int((plus(d, 10) - start).total_seconds())
    files["sacct.txt"] = sacct([(str(job), "sft-l3-8b", "gpu", 256, "COMPLETED", "0:0", elapsed(start, plus(start, el)), "ml-gpu-[17-18]"),
                                (str(job) + ".batch", "batch", "", 128, "COMPLETED", "0:0", elapsed(start, plus(start, el)), "ml-gpu-17"),
                                (str(job) + ".0", "accelerate", "", 256, "COMPLETED", "0:0", elapsed(start, plus(d, 5)), "ml-gpu-[17-18]")])
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-05-18 09:0%d:51" % i), rng)
        k.boot_noise()
        k.at(plus(start, 3300 + i), "mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:750:(pid 0): FW tracer: Port module event: module 0, Cable plugged")
        files["%s/dmesg.txt" % h] = k.dmesg()
    lab = label("unknown", "framework", None, None, "none",
                "The run finished (sacct COMPLETED 0:0, final train_runtime line, last checkpoint saved). The slow parts are expected: the first steps at 38 s/it are warm-up, and the ~5 min pauses are the three scheduled evaluations. The NCCL and checkpoint warnings are harmless.",
                "https://github.com/axolotl-ai-cloud/axolotl/pull/797")
    return "cl04_hf_trainer_38s_per_step_at_start_and_long_pauses", lab, files


# ============================================================================ cl05
def cl05():
    rng = random.Random(9305)
    nodes = ["xd670-c07", "xd670-c08", "xd670-c09", "xd670-c10"]
    start = T("2024-08-14 12:10:00")
    slow = T("2024-08-14 13:21:40")
    lines = [
        "[2024-08-14 12:10:02,331] [INFO] [runner.py:463:main] Using IP address of 10.60.7.11 for node xd670-c07",
        "[2024-08-14 12:10:02,333] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: xd670-c07,xd670-c08,xd670-c09,xd670-c10",
        "[2024-08-14 12:10:02,333] [INFO] [runner.py:570:main] cmd = pdsh -S -f 1024 -w xd670-c07,xd670-c08,xd670-c09,xd670-c10 export NCCL_IB_HCA=mlx5; export PYTHONPATH=/home/mtan/sft;  cd /home/mtan/sft; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ4ZDY3MC1jMDci... --node_rank=%n --master_addr=10.60.7.11 --master_port=29500 train.py --deepspeed ds_zero3_offload.json",
    ]
    for i, h in enumerate(nodes):
        lines.append("%s: [2024-08-14 12:10:0%d,9%02d] [INFO] [launch.py:256:main] process %d spawned with command: ['/usr/bin/python', '-u', 'train.py', '--local_rank=0', '--deepspeed', 'ds_zero3_offload.json']" % (h, 5 + i, i * 7, 71020 + i * 40))
    lines += [
        "xd670-c07: [2024-08-14 12:11:44,118] [INFO] [config.py:1003:print]   zero_optimization ............ stage=3 offload_optimizer=DeepSpeedZeroOffloadOptimizerConfig(device='cpu', nvme_path=None, buffer_count=4, pin_memory=True, pipeline_read=False, pipeline_write=False, fast_init=False, ratio=1.0) offload_param=None",
        "xd670-c07: [2024-08-14 12:11:44,120] [INFO] [config.py:1003:print]   train_batch_size ............. 256",
        "xd670-c07: [2024-08-14 12:11:44,120] [INFO] [config.py:1003:print]   train_micro_batch_size_per_gpu  2",
        "xd670-c09: [2024-08-14 12:11:51,702] [WARNING] [stage3.py:2069:step] 1 pytorch allocator cache flushes since last step. this happens when there is high memory pressure and is detrimental to performance. if this is happening frequently consider adjusting settings to reduce memory consumption. If you are unable to make the cache flushes go away consider adding get_accelerator().empty_cache() calls in your training loop to ensure that all ranks flush their caches at the same time",
    ]
    d = plus(start, 110)
    step = 0
    avg = None
    n = 0
    while d < plus(slow, 3600):
        step += 10
        cur = (123.4 + rng.uniform(-1.5, 1.5)) if d < slow else (58.9 + rng.uniform(-1.2, 1.2))
        n += 1
        avg = cur if avg is None else avg + (cur - avg) / n
        d = plus(d, 10 * 256 / cur)
        m1 = rng.randint(0, 890)
        lines.append("xd670-c07: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[%r], mom=[(0.9, 0.95)]" % (iso_ms(d, m1), step, 2e-5 * min(1, step / 100.0)))
        lines.append("xd670-c07: [%s] [INFO] [timer.py:264:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%r, CurrSamplesPerSec=%r, MemAllocated=31.36GB, MaxMemAllocated=47.02GB" % (iso_ms(d, m1 + rng.randint(1, 9)), step * 4, step, avg, cur))
        if step % 200 == 0:
            lines.append("xd670-c07: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_microstep: %.2f | bwd_microstep: %.2f | bwd_inner_microstep: %.2f | bwd_allreduce_microstep: %.2f | step_microstep: %.2f" % (
                iso_ms(d, 1), 4120.4, 8013.2, 7955.0, 41.1, 9812.7 if d < slow else 29444.9))
    files = {"deepspeed-launcher.log": "\n".join(lines) + "\n"}
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-08-12 19:4%d:02" % i), rng)
        k.boot_noise()
        if i == 2:
            t = plus(slow, -95)
            for j in range(7):
                k.at(plus(t, j * 9), "pcieport 0000:5c:01.0: AER: Corrected error message received from 0000:5d:00.0")
                k.at(plus(t, j * 9), "nvidia 0000:5d:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)")
                k.at(plus(t, j * 9), "nvidia 0000:5d:00.0:   device [10de:2330] error status/mask=00000001/0000e000")
                k.at(plus(t, j * 9), "nvidia 0000:5d:00.0:    [ 0] RxErr                  (First)")
            k.at(plus(slow, -2), "pcieport 0000:5c:01.0: pciehp: Slot(23): Link Down/Up ignored (recovered by DPC)")
            k.at(slow, "nvidia 0000:5d:00.0: 16.000 Gb/s available PCIe bandwidth, limited by 2.5 GT/s PCIe x8 link at 0000:5c:01.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)")
        files["%s/dmesg.txt" % h] = k.dmesg()
        over = {3: {"gen_cur": 1, "width_cur": 8, "replays": 412, "util": 41, "power": 233.1}} if i == 2 else {}
        files["%s/nvidia-smi-q.txt" % h] = nvsmi_q(plus(slow, 3000), rng, over=over, proc_pid=71021 + i * 40, proc_mib=47100)
    files["xd670-c09/lspci-5d.txt"] = "\n".join([
        "5d:00.0 3D controller: NVIDIA Corporation GH100[H100 SXM5 80GB] (rev a1)",
        "\tSubsystem: NVIDIA Corporation Device 16c1",
        "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+",
        "\tStatus: Cap+ 66MHz- UDF- FastB2B- ParErr- DEVSEL=fast >TAbort- <TAbort- <MAbort- >SERR- <PERR- INTx-",
        "\tNUMA node: 0",
        "\tCapabilities: [60] Express (v2) Endpoint, MSI 00",
        "\t\tDevCap:\tMaxPayload 256 bytes, PhantFunc 0, Latency L0s unlimited, L1 <64us",
        "\t\tDevSta:\tCorrErr+ NonFatalErr- FatalErr- UnsupReq- AuxPwr- TransPend-",
        "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported",
        "\t\t\tClockPM+ Surprise- LLActRep- BwNot- ASPMOptComp+",
        "\t\tLnkCtl:\tASPM Disabled; RCB 64 bytes, Disabled- CommClk+",
        "\t\tLnkSta:\tSpeed 2.5GT/s (downgraded), Width x8 (downgraded)",
        "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-",
        "\tCapabilities: [100 v2] Advanced Error Reporting",
        "\t\tCESta:\tRxErr+ BadTLP- BadDLLP- Rollover- Timeout- AdvNonFatalErr-",
        "\tKernel driver in use: nvidia",
    ]) + "\n"
    lab = label("straggler", "infrastructure", "xd670-c09", 19, "run_diagnostics",
                "CurrSamplesPerSec halves (123 to 59) at 13:21 with no error. Just before, xd670-c09 logged a burst of corrected PCIe RxErr on GPU 5d:00.0 (local GPU 3, rank 19), and the link retrained to 2.5 GT/s x8, which lspci and nvidia-smi confirm (gen 1, x8, 412 replays). With ZeRO-3 CPU offload that one link slows every step.",
                "https://github.com/janhq/jan/issues/183")
    return "cl05_deepspeed_samples_per_sec_halves_after_an_hour", lab, files


# ============================================================================ cl06
def cl06():
    rng = random.Random(9306)
    nodes = ["gpu-e01", "gpu-e02", "gpu-e09", "gpu-e10"]
    job = 90088
    start = T("2024-10-08 02:00:00")
    slow = T("2024-10-08 03:12:30")
    out = slurm_head(job, nodes, start, "'torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ${ARGS}'")
    out += megatron_preamble(start, 32, 4, 1, 50257, 50688, 4096, 2, 1024, rng)
    d = plus(start, 120)
    it = 0
    while d < plus(slow, 4400):
        it += 10
        ms = 2480 + rng.uniform(-25, 25) if d < slow else 3950 + rng.uniform(-260, 260)
        d = plus(d, ms / 100.0)
        out.append(megatron_iter(d, it, 300000, it * 1024, ms, 3e-4 * min(1, it / 2000), 1024,
                                 3.2 * (0.9995 ** it) + 2.4 + rng.uniform(-0.02, 0.02), rng.uniform(0.2, 0.4), tflops=355.0 * 2480 / ms))
        if it % 100 == 0:
            if d < slow:
                out += megatron_timers([("forward-backward", ms * 0.81, ms * 0.82), ("all-grads-sync", 212.4, 231.0), ("optimizer", 88.1, 92.4)])
            else:
                out += megatron_timers([("forward-backward", ms * 0.83, ms * 0.84), ("all-grads-sync", 1610.2, 1702.8), ("optimizer", 88.9, 93.0)])
                out.append(straggler_line(d, (ms - 15, rng.randint(0, 31)), (ms + 12, rng.randint(0, 31)), (612000, rng.randint(0, 31)), (688000, rng.randint(0, 31)),
                                          (47, 3), (59, 22), (96, 9), (100, 0), (1965, rng.randint(0, 31)), (1980, 0), (270.2, rng.randint(0, 31)), (276.9, rng.randint(0, 31)),
                                          drtt=(1588.1, rng.randint(0, 31), 1702.8, rng.randint(0, 31))))
    out.append("slurmstepd: error: *** JOB %d ON gpu-e01 CANCELLED AT %s ***" % (job, plus(d, 20).strftime("%Y-%m-%dT%H:%M:%S")))
    files = {"slurm-%d.out" % job: "\n".join(out) + "\n"}
    files["squeue.txt"] = ("             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
                           "             90088      main  gpt13b   oyilmaz  R    2:25:40      4 gpu-e[01-02,09-10]\n"
                           "             90131      main  a2a-bench svc-perf R    1:13:02     48 gpu-e[03-08,11-32],gpu-f[01-20]\n"
                           "             90140      main  eval-sw  hliang   PD       0:00      2 (Resources)\n")
    files["topology.json"] = topology({"leaf-e1": ["gpu-e01", "gpu-e02", "gpu-e03", "gpu-e04", "gpu-e05", "gpu-e06", "gpu-e07", "gpu-e08"],
                                       "leaf-e2": ["gpu-e09", "gpu-e10", "gpu-e11", "gpu-e12", "gpu-e13", "gpu-e14", "gpu-e15", "gpu-e16"]})
    files["fabric-ufm-alerts.txt"] = "\n".join([
        "2024-10-08 03:11:58 WARNING  [Congestion] spine-s2 port 17 (to leaf-e1 port 33): PortXmitWait rate 2.31e9/s exceeds threshold",
        "2024-10-08 03:11:58 WARNING  [Congestion] spine-s2 port 18 (to leaf-e2 port 33): PortXmitWait rate 2.27e9/s exceeds threshold",
        "2024-10-08 03:12:05 WARNING  [Congestion] spine-s1 port 17 (to leaf-e1 port 34): PortXmitWait rate 2.12e9/s exceeds threshold",
        "2024-10-08 03:12:05 WARNING  [Congestion] spine-s1 port 18 (to leaf-e2 port 34): PortXmitWait rate 2.08e9/s exceeds threshold",
        "2024-10-08 03:13:40 INFO     [Health] no symbol errors, no link downs, no port errors in last 15 min on leaf-e1, leaf-e2, spine-s1, spine-s2",
        "2024-10-08 03:40:12 WARNING  [Congestion] adaptive routing group 4 oversubscribed: 96 flows on 32 uplinks (leaf-e1..leaf-e4)",
    ]) + "\n"
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-10-01 11:%02d:33" % (2 + i)), rng)
        k.boot_noise()
        if i == 2:
            k.at(T("2024-10-04 16:22:01"), "mlx5_core 0000:9c:00.0 ibp156s0: Link down")
            k.at(T("2024-10-04 16:22:09"), "mlx5_core 0000:9c:00.0 ibp156s0: Link up")
        files["%s/dmesg.txt" % h] = k.dmesg()
        files["%s/ibstat-summary.txt" % h] = "\n".join(
            "CA 'mlx5_%d'  Port 1: State: Active  Physical state: LinkUp  Rate: 400  Link layer: InfiniBand" % x
            for x in (0, 3, 4, 5, 6, 9, 10, 11)) + "\n"
    lab = label("network", "infrastructure", None, None, "restart",
                "From 03:12 every rank slows equally: all-grads-sync goes from ~0.22 s to ~1.6 s on min and max alike, the straggler report shows no outlier rank, and clocks and power are normal. UFM shows spine uplink congestion when a 48-node all-to-all benchmark started; links and NICs are healthy. The cause is the shared fabric, not one node.",
                "https://github.com/NVIDIA/nccl/issues/307")
    return "cl06_grad_sync_time_7x_on_all_ranks_suddenly", lab, files


# ============================================================================ cl07
def cl07():
    rng = random.Random(9307)
    nodes = ["hgx-p3-%02d" % i for i in (21, 22, 23, 24)]
    job = 771345
    start = T("2024-04-22 00:30:00")
    out = slurm_head(job, nodes, start, "'torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ${ARGS} --exit-interval 3000'")
    out += megatron_preamble(start, 32, 2, 2, 32000, 32000, 4096, 2, 512, rng, ckpt_dir="/lustre/proj/ckpt/gpt-7b")
    d = plus(start, 120)
    for it in range(10, 3001, 10):
        ms = 1934 + rng.uniform(-20, 20)
        if it == 10:
            ms = 5441.2
        if it in (1010, 2010):
            ms = (96340.0 + rng.uniform(-900, 900)) / 10 + ms * 0.9
        if it in (510, 1510, 2510):
            ms = ms + 4150.0
        d = plus(d, ms / 100.0)
        out.append(megatron_iter(d, it, 3000, it * 512, ms, 3e-4 * min(1, it / 300), 512,
                                 4.1 * (0.999 ** it) + 2.0 + rng.uniform(-0.02, 0.02), rng.uniform(0.3, 0.8), tflops=(398.0 * 1934 / ms)))
        if it in (500, 1500, 2500):
            d = plus(d, 41)
            out += ["-" * 100,
                    " validation loss at iteration %d | lm loss value: %.6E | lm loss PPL: %.6E | " % (it, 2.61 - it * 0.0001, 13.6 - it * 0.001),
                    "-" * 100]
        if it in (1000, 2000, 3000):
            out.append("saving checkpoint at iteration %7d to /lustre/proj/ckpt/gpt-7b in torch_dist format" % it)
            if it == 2000:
                snap = plus(d, 35)
            d = plus(d, 92.4)
            out.append("  successfully saved checkpoint from iteration %7d to /lustre/proj/ckpt/gpt-7b [ t 1/2, p 1/2 ]" % it)
            out += megatron_timers([("save-checkpoint", 91240.2, 92418.9)])
    out.append("exiting program at iteration 3000")
    out.append("[after training is done] datetime: %s " % iso(plus(d, 2)))
    files = {"slurm-%d.out" % job: "\n".join(out) + "\n"}
    el = int((plus(d, 9) - start).total_seconds())
    files["sacct.txt"] = sacct([(str(job), "gpt7b-ab", "batch", 896, "COMPLETED", "0:0", elapsed(start, plus(start, el)), "hgx-p3-[21-24]"),
                                (str(job) + ".batch", "batch", "", 224, "COMPLETED", "0:0", elapsed(start, plus(start, el)), "hgx-p3-21"),
                                (str(job) + ".0", "bash", "", 896, "COMPLETED", "0:0", elapsed(start, plus(d, 6)), "hgx-p3-[21-24]")])
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-04-19 08:%02d:00" % (30 + i)), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
    files["hgx-p3-21/nvidia-smi-q.txt"] = nvsmi_q(snap, rng, over={g: {"reasons": {"Idle": "Active"}, "util": 0, "power": 118.0 + g, "sm": 345, "pstate": "P0"} for g in range(8)}, proc_pid=50211)
    lab = label("unknown", "framework", None, None, "none",
                "The job reached its exit interval and COMPLETED. The only slow iterations (about 11 s and 6 s instead of 1.9 s) are the ones that include the scheduled checkpoint saves at 1000/2000/3000 (~92 s save-checkpoint timer) and the validation passes. The idle GPUs in the nvidia-smi snapshot were taken during a save.",
                "https://github.com/epfLLM/Megatron-LLM/issues/69")
    return "cl07_megatron_iterations_5x_slower_every_1000_steps", lab, files


# ============================================================================ cl08
def cl08():
    rng = random.Random(9308)
    nodes = ["cn-g4-101", "cn-g4-102", "cn-g4-103", "cn-g4-104"]
    job = 66120
    start = T("2024-03-05 15:00:00")
    files = {}
    all_lines = {}
    for n, h in enumerate(nodes):
        lines = []
        d = plus(start, 95)
        for step in range(50, 2001, 50):
            slow = n == 1
            data = rng.uniform(1.15, 1.28) if slow else rng.uniform(0.01, 0.03)
            step_t = 1.84 + rng.uniform(-0.03, 0.03)
            fb = step_t - data - 0.05
            d = plus(d, step_t * 50)
            for lr_ in (0, 5):
                r = n * 8 + lr_
                lines.append("%2d: [%s] rank=%d step=%d loss=%.4f step_time=%.2fs data_time=%.3fs fwd_bwd=%.2fs tok/s/gpu=%d" % (
                    r, iso(d), r, step, 3.1 * (0.9996 ** step) + 1.7 + rng.uniform(-0.03, 0.03), step_t, data, fb, int(8192 / step_t)))
        all_lines[h] = lines
        files["%s/stdout.log" % h] = "\n".join(lines) + "\n"
        k = Kernel(h, T("2024-03-05 0%d:1%d:20" % (9 if n == 1 else 3, n)), rng)
        extra = []
        if n == 1:
            extra = [(3, "intel_pstate: Intel P-state driver initializing"), (3, "intel_pstate: HWP enabled"),
                     (5, "DMI: Dell Inc. PowerEdge XE9680/0TG7P9, BIOS 1.6.10 01/22/2024")]
        k.boot_noise(extra)
        files["%s/dmesg.txt" % h] = k.dmesg()
        gov = "powersave" if n == 1 else "performance"
        cur = "800 MHz" if n == 1 else "3.80 GHz"
        files["%s/cpupower-frequency-info.txt" % h] = "\n".join([
            "analyzing CPU 0:",
            "  driver: intel_pstate",
            "  CPUs which run at the same hardware frequency: 0",
            "  CPUs which need to have their frequency coordinated by software: 0",
            "  maximum transition latency:  Cannot determine or is not supported.",
            "  hardware limits: 800 MHz - 3.80 GHz",
            "  available cpufreq governors: performance powersave",
            "  current policy: frequency should be within 800 MHz and 3.80 GHz.",
            "                  The governor \"%s\" may decide which speed to use" % gov,
            "                  within this range.",
            "  current CPU frequency: %s (asserted by call to hardware)" % cur,
            "  boost state support:",
            "    Supported: yes",
            "    Active: %s" % ("no" if n == 1 else "yes"),
        ]) + "\n"
    files["slurm-%d.out" % job] = "\n".join([
        "+ srun --label --ntasks-per-node=8 python -u train_fsdp.py --config cfg/llama-13b.yaml",
        "0: [%s] world_size=32 fsdp=FULL_SHARD num_workers=6 prefetch_factor=2 pin_memory=True" % iso(plus(start, 40)),
        "0: [%s] tokenizing on the fly (sentencepiece) in dataloader workers" % iso(plus(start, 41)),
        "slurmstepd: error: *** STEP %d.0 ON cn-g4-101 CANCELLED AT %s ***" % (job, plus(d, 30).strftime("%Y-%m-%dT%H:%M:%S")),
    ]) + "\n"
    files["sacct.txt"] = sacct([(str(job), "fsdp13b", "gpu", 768, "CANCELLED+", "0:0", elapsed(start, plus(d, 31)), "cn-g4-[101-104]"),
                                (str(job) + ".0", "python", "", 768, "CANCELLED", "0:15", elapsed(start, plus(d, 30)), "cn-g4-[101-104]")])
    lab = label("straggler", "infrastructure", "cn-g4-102", None, "run_diagnostics",
                "Every rank's step_time is 1.84 s, but only the ranks on cn-g4-102 spend ~1.2 s in data_time; the others wait it out in fwd_bwd. cn-g4-102 was rebooted that morning with a BIOS change and runs the powersave governor at 800 MHz with no boost, so its CPU-side tokenizing dataloader holds back the whole job.",
                "https://github.com/NVlabs/GCVit/issues/14")
    return "cl08_one_node_data_time_1p2s_others_wait_in_backward", lab, files


# ============================================================================ cl09
def cl09():
    rng = random.Random(9309)
    nodes = ["sjc2-gpu-0117", "sjc2-gpu-0118", "sjc2-gpu-0119", "sjc2-gpu-0120"]
    job = 804412
    start = T("2024-08-27 09:00:00")
    slow = T("2024-08-27 10:37:00")
    out = slurm_head(job, nodes, start, "'python /workspace/pretrain_mixtral.py'")
    out += nemo_head(start, 32, nodes[0])
    d = plus(start, 80)
    it = 0
    while d < plus(slow, 3300):
        frac = min(1.0, max(0.0, (d - slow).total_seconds() / 900.0))
        t = 2.405 + rng.uniform(-0.02, 0.02) + frac * (1.51 + rng.uniform(-0.04, 0.04))
        d = plus(d, t * 20)
        out.append(nemo_line(it, 50000, 2e-4, 512, it, 2.4 * (0.9998 ** it) + 1.3 + rng.uniform(-0.02, 0.02), t, (it + 1) * 512))
        it += 20
    files = {"slurm-%d.out" % job: "\n".join(out) + "\n"}
    rows = ["# Entity   GPUTL   POWER   GTEMP   MMTMP   SMCLK   MMCLK", "      ID        %       W       C       C     MHZ     MHZ"]
    for tick in range(0, 30):
        for g in range(8):
            if g == 6:
                temp = 88 + (tick % 3)
                row = (g, 100, rng.uniform(402, 431), temp, temp + 7, rng.choice([1245, 1260, 1275]), 2619)
            else:
                row = (g, rng.randint(97, 100), rng.uniform(610, 690), rng.randint(52, 63), rng.randint(58, 70), 1980, 2619)
            rows.append("    GPU %d   %6d  %6.2f  %6d  %6d  %6d  %6d" % row)
    files["sjc2-gpu-0120/dcgmi-dmon.txt"] = "$ dcgmi dmon -e 203,155,150,140,100,101 -d 2000\n" + "\n".join(rows) + "\n"
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-08-20 14:%02d:12" % (11 + i)), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
    files["sjc2-gpu-0120/nvidia-smi-q.txt"] = nvsmi_q(plus(slow, 3000), rng, over={6: {"reasons": {"HW Slowdown": "Active", "HW Thermal Slowdown": "Active", "SW Thermal Slowdown": "Active"}, "temp": 90, "mem_temp": 97, "sm": 1260, "power": 418.5}}, proc_pid=33901)
    files["sjc2-gpu-0119/nvidia-smi-q.txt"] = nvsmi_q(plus(slow, 3010), rng, proc_pid=33870)
    files["sjc2-gpu-0120/ipmi-sensor.txt"] = "\n".join([
        "FAN1A            | 11760.000  | RPM        | ok    | 1680.000  | 1820.000  | na        | na        | na        | na",
        "FAN5A            | 11900.000  | RPM        | ok    | 1680.000  | 1820.000  | na        | na        | na        | na",
        "FAN6A            | 1540.000   | RPM        | lnc   | 1680.000  | 1820.000  | na        | na        | na        | na",
        "FAN6B            | 1610.000   | RPM        | lnc   | 1680.000  | 1820.000  | na        | na        | na        | na",
        "FAN7A            | 11820.000  | RPM        | ok    | 1680.000  | 1820.000  | na        | na        | na        | na",
        "GPU7_Temp        | 90.000     | degrees C  | ok    | na        | na        | na        | 92.000    | 95.000    | na",
        "Inlet_Temp       | 24.000     | degrees C  | ok    | na        | na        | na        | 40.000    | 43.000    | na",
    ]) + "\n"
    lab = label("straggler", "infrastructure", "sjc2-gpu-0120", 30, "run_diagnostics",
                "train_step_timing rises from 2.4 s to 3.9 s over 15 minutes with no error. dcgmi dmon on sjc2-gpu-0120 shows only GPU 6 at 88-90 C with SM clock ~1260 MHz, and nvidia-smi reports HW/SW thermal slowdown on it. The BMC shows fans 6A/6B below their threshold. GPU 6 on the 4th node is rank 30.",
                "https://github.com/tensorflow/tensorflow/issues/40042")
    return "cl09_train_step_timing_creeps_up_over_15_min", lab, files


# ============================================================================ cl10
def cl10():
    rng = random.Random(9310)
    nodes = ["cmp-h100-21", "cmp-h100-22", "cmp-h100-23", "cmp-h100-24"]
    job = 120554
    start = T("2024-11-12 07:00:00")
    slow = T("2024-11-12 08:14:00")
    files = {}
    lines = ["+ srun --label python -u train.py --cfg configs/vit-g.yaml"]
    d = plus(start, 60)
    ep = 0
    b = -100
    while d < plus(slow, 3500):
        b += 100
        if b > 5000:
            b, ep = 0, ep + 1
        s = d >= slow
        t = 0.62 + rng.uniform(-0.01, 0.01) if not s else 1.71 + rng.uniform(-0.2, 0.3)
        dt_ = 0.012 if not s else 1.05 + rng.uniform(-0.2, 0.3)
        d = plus(d, t * 100)
        lines.append("0: %s Epoch: [%d]  [%4d/5004]  eta: %s  lr: %.6f  loss: %.4f (%.4f)  time: %.4f  data: %.4f  max mem: 61802" % (
            iso(d), ep, b, "1:%02d:%02d" % (rng.randint(0, 59), rng.randint(0, 59)), 1e-3, 5.9 - b * 0.0003, 6.0 - b * 0.0003, t, dt_))
        if s and rng.random() < 0.2:
            lines.append("%d: %s [W] DataLoader worker (pid %d) is slow: batch fetch took %.2fs" % (16 + rng.randint(0, 7), iso(d), 39100 + rng.randint(0, 60), rng.uniform(2, 6)))
    end = plus(d, 30)
    lines.append("slurmstepd: error: *** JOB %d ON cmp-h100-21 CANCELLED AT %s ***" % (job, end.strftime("%Y-%m-%dT%H:%M:%S")))
    files["slurm-%d.out" % job] = "\n".join(lines) + "\n"
    files["sacct.txt"] = sacct([(str(job), "vitg-pt", "gpu", 768, "CANCELLED+", "0:0", elapsed(start, end), "cmp-h100-[21-24]")])
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-11-08 12:%02d:45" % (30 + i)), rng)
        k.boot_noise()
        if i == 2:
            k.at(plus(slow, 420), "INFO: task kworker/u386:3:1181422 blocked for more than 122 seconds.")
            k.at(plus(slow, 420), "      Not tainted 5.15.0-105-generic #115-Ubuntu")
            k.at(plus(slow, 420), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.")
            k.at(plus(slow, 1800), "audit: type=1400 audit(%d.412:2211): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd\" name=\"/proc/pressure/memory\"" % 1731399480)
        files["%s/dmesg.txt" % h] = k.dmesg()
    files["cmp-h100-23/free-g.txt"] = ("               total        used        free      shared  buff/cache   available\n"
                                      "Mem:            2015        1994           3           4          17           6\n"
                                      "Swap:             63          58           5\n")
    vm = ["procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----",
          " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st"]
    for _ in range(12):
        vm.append("%2d %2d %8d %6d %5d %6d %5d %5d %5d %5d %5d %5d %2d %2d %2d %2d  0" % (
            rng.randint(30, 70), rng.randint(20, 60), 60811000 + rng.randint(0, 90000), rng.randint(2000000, 3900000), 8120, rng.randint(15000000, 18000000),
            rng.randint(80000, 190000), rng.randint(90000, 210000), rng.randint(100000, 250000), rng.randint(90000, 220000), rng.randint(90000, 140000), rng.randint(150000, 260000),
            rng.randint(10, 18), rng.randint(30, 45), rng.randint(5, 15), rng.randint(30, 50)))
    files["cmp-h100-23/vmstat-5.txt"] = "\n".join(vm) + "\n"
    files["cmp-h100-23/ps-top-rss.txt"] = "\n".join([
        "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
        "pwolsk+  2281744  388 84.6 1791332112 1747104112 ?  Rl   08:02  412:51 python3 /scratch/pwolski/dedup/minhash_lsh.py --shards 0-511 --workers 64",
        "mlrun    1190221  101  1.9 61002112 40222108 ?     Rl   07:00  131:02 python -u train.py --cfg configs/vit-g.yaml",
        "mlrun    1190224   99  1.9 60992004 40017120 ?     Rl   07:00  129:55 python -u train.py --cfg configs/vit-g.yaml",
        "mlrun    1190231   12  0.6 21002112 12002144 ?     Sl   07:00   11:40 python -u train.py --cfg configs/vit-g.yaml",
    ]) + "\n"
    files["cmp-h100-23/last-logins.txt"] = "pwolski  pts/3        10.12.0.44       Tue Nov 12 08:01   still logged in\n"
    files["cmp-h100-21/free-g.txt"] = ("               total        used        free      shared  buff/cache   available\n"
                                      "Mem:            2015         402        1210           4         403        1591\n"
                                      "Swap:             63           0          63\n")
    lab = label("host", "infrastructure", "cmp-h100-23", None, "restart_without_node",
                "From 08:14 the time per iteration goes from 0.62 s to ~1.7 s, almost all of it data time, with no error. cmp-h100-23 alone has 6 GB free, 58 GB swapped and heavy si/so, because another user's minhash_lsh.py logged in at 08:01 holds 1.7 TB RSS. A foreign process filling host memory on one node.",
                "https://github.com/okd-project/okd/issues/1846")
    return "cl10_iteration_time_triples_data_time_dominates", lab, files


# ============================================================================ cl11
def cl11():
    rng = random.Random(9311)
    nodes = ["ai-node-301", "ai-node-302", "ai-node-303", "ai-node-304"]
    job = 45019
    start = T("2024-12-02 18:00:00")
    bad = [(T("2024-12-02 19:05:12"), T("2024-12-02 19:09:40")), (T("2024-12-02 19:21:03"), T("2024-12-02 19:30:51")),
           (T("2024-12-02 19:44:30"), T("2024-12-02 19:46:02"))]
    files = {}
    for n, h in enumerate(nodes):
        lines = []
        d = plus(start, 70)
        step = 0
        while d < T("2024-12-02 19:55:00"):
            step += 10
            inbad = any(a <= d <= b for a, b in bad)
            wait = rng.uniform(8, 40) if inbad else rng.uniform(0.01, 0.05)
            st = 1.12 + wait
            d = plus(d, st * 10 if not inbad else st * 2)
            r = n * 8
            lines.append("[rank%d] %s | step %6d | loss %.4f | step_time %.2fs | data_wait %.2fs | mfu %.1f%%" % (
                r, iso(d), step, 2.2 + rng.uniform(-0.05, 0.05), st, wait, 46.1 * 1.12 / st))
        files["%s/rank%d.log" % (h, n * 8)] = "\n".join(lines) + "\n"
        k = Kernel(h, T("2024-11-29 10:%02d:02" % (40 + n)), rng)
        k.boot_noise([(35, "FS-Cache: Netfs 'nfs' registered for caching"), (36, "NFS: Registering the id_resolver key type")])
        for a, b in bad:
            k.at(plus(a, n * 2 + 1), "nfs: server fs-data02 not responding, still trying")
            k.at(plus(a, n * 2 + 2), "nfs: server fs-data02 not responding, still trying")
            k.at(plus(b, n), "nfs: server fs-data02 OK")
        files["%s/dmesg.txt" % h] = k.dmesg()
    files["slurm-%d.out" % job] = "\n".join([
        "+ srun torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint ai-node-301:29400 train.py --data /mnt/fs-data02/corpora/web-v3",
        "[rank0] %s | dataset: 48,112 shards on /mnt/fs-data02 (nfs4, vers=4.2, rsize=1048576)" % iso(plus(start, 40)),
        "slurmstepd: error: *** JOB %d ON ai-node-301 CANCELLED AT 2024-12-02T19:55:31 ***" % job,
    ]) + "\n"
    files["sacct.txt"] = sacct([(str(job), "lm3b", "gpu", 512, "CANCELLED+", "0:0", "01:55:31", "ai-node-[301-304]")])
    lab = label("storage", "infrastructure", None, None, "restart",
                "The slowdown comes in bursts: step time goes from 1.1 s to 10-40 s, nearly all data_wait, on every node at the same moments. Each node's kernel logs 'nfs: server fs-data02 not responding' during those exact windows, and the dataset is read from that NFS server, so the shared storage is the cause.",
                "https://github.com/aws/aws-parallelcluster/issues/905")
    return "cl11_periodic_step_time_spikes_all_nodes_data_wait", lab, files


# ============================================================================ cl12
def cl12():
    rng = random.Random(9312)
    nodes = ["trn-h100-022", "trn-h100-023"]
    start = T("2024-10-21 10:00:00")
    files = {}
    for n, h in enumerate(nodes):
        r = n * 8
        lines = ["[rank%d]:[titan] %s - root - INFO - Compiling each TransformerBlock with torch.compile" % (r, iso_ms(plus(start, 18), 211)),
                 "[rank%d]:[titan] %s - root - INFO - Applied FSDP to the model" % (r, iso_ms(plus(start, 19), 4)),
                 "[rank%d]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 1, global batch size 16, sequence length 8192, total steps 3000 (warmup 100)" % (r, iso_ms(plus(start, 21), 640))]
        d = plus(start, 21)
        steps = [1, 2, 3, 4, 5, 10] + list(range(20, 3001, 20))
        prev = 0
        for s in steps:
            if s == 1:
                dt_, tps = 212.4, 39
            elif s <= 3:
                dt_, tps = 41.7, 196
            elif s <= 10:
                dt_, tps = 3.3 * (s - prev), 2480
            else:
                dt_, tps = 1.02 * (s - prev), 8030 + rng.randint(-40, 40)
            d = plus(d, dt_)
            prev = s
            lines.append(titan_line(r, d, rng.randint(0, 999), s, 10.9 * (0.999 ** s) + 1.8, 61.4, tps, tps * 0.0525, tps * 0.0053, rng.uniform(0.3, 2.0)))
            if s == 2:
                lines.append("[rank%d]:W%s 55121 torch/_dynamo/convert_frame.py:844] [0/8] torch._dynamo hit config.cache_size_limit (8)" % (r, d.strftime("%m%d %H:%M:%S.662000")))
                lines.append("[rank%d]:W%s 55121 torch/_dynamo/convert_frame.py:844] [0/8]    function: 'forward' (/opt/torchtitan/torchtitan/models/llama/model.py:291)" % (r, d.strftime("%m%d %H:%M:%S.662000")))
                lines.append("[rank%d]:W%s 55121 torch/_dynamo/convert_frame.py:844] [0/8]    last reason: 0/0: ___check_obj_id(L['self'].layer_id, 140001) " % (r, d.strftime("%m%d %H:%M:%S.663000")))
            if s == 1000 or s == 2000:
                lines.append("[rank%d]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % (r, iso_ms(d, 120)))
                d = plus(d, 38)
                lines.append("[rank%d]:[titan] %s - root - INFO - [GC] Performing periodical GC collection. 0.05 seconds." % (r, iso_ms(d, 400)))
                lines.append("[rank%d]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 38.12 seconds." % (r, iso_ms(d, 512)))
        lines.append("[rank%d]:[titan] %s - root - INFO - Training completed" % (r, iso_ms(plus(d, 1), 3)))
        lines.append("[rank%d]:[titan] %s - root - INFO - Sleeping 2 seconds for other ranks to complete" % (r, iso_ms(plus(d, 1), 9)))
        files["%s/stdout.log" % h] = "\n".join(lines) + "\n"
        k = Kernel(h, T("2024-10-18 22:1%d:00" % n), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
        end = d
    files["kubectl-describe.txt"] = "\n".join([
        "Name:         titan-l3-8b-compile-ab",
        "Namespace:    llm-research",
        "API Version:  kubeflow.org/v1",
        "Kind:         PyTorchJob",
        "Status:",
        "  Completion Time:  %sZ" % plus(end, 6).strftime("%Y-%m-%dT%H:%M:%S"),
        "  Conditions:",
        "    Type:     Created",
        "    Status:   True",
        "    Reason:   PyTorchJobCreated",
        "    Type:     Running",
        "    Status:   False",
        "    Reason:   PyTorchJobRunning",
        "    Type:     Succeeded",
        "    Status:   True",
        "    Reason:   PyTorchJobSucceeded",
        "    Message:  PyTorchJob llm-research/titan-l3-8b-compile-ab successfully completed.",
        "  Replica Statuses:",
        "    Master:",
        "      Succeeded:  1",
        "    Worker:",
        "      Succeeded:  1",
        "Events:",
        "  Type    Reason                   Age   From                   Message",
        "  ----    ------                   ----  ----                   -------",
        "  Normal  SuccessfulCreatePod      58m   pytorchjob-controller  Created pod: titan-l3-8b-compile-ab-master-0",
        "  Normal  SuccessfulCreatePod      58m   pytorchjob-controller  Created pod: titan-l3-8b-compile-ab-worker-0",
        "  Normal  PyTorchJobSucceeded      2m    pytorchjob-controller  PyTorchJob llm-research/titan-l3-8b-compile-ab successfully completed.",
    ]) + "\n"
    lab = label("unknown", "framework", None, None, "none",
                "The PyTorchJob Succeeded with 'Training completed' on both pods. The 212 s first step, the slow steps 2-10 and the dynamo cache_size_limit warning are torch.compile compiling and recompiling. After that, throughput holds at ~8,000 tps to the end.",
                "https://github.com/pytorch/pytorch/issues/97783")
    return "cl12_first_step_takes_212s_tps_39", lab, files


# ============================================================================ cl13
def cl13():
    rng = random.Random(9313)
    nodes = ["gx-a3-07", "gx-a3-08", "gx-a3-09", "gx-a3-10"]
    job = 31377
    start = T("2025-01-14 04:00:00")
    files = {}
    for n, h in enumerate(nodes):
        lines = []
        d = plus(start, 100)
        for it in range(100, 2101, 100):
            step = 2.39 + rng.uniform(-0.02, 0.02)
            d = plus(d, step * 100)
            for lr_ in range(8):
                r = n * 8 + lr_
                if r == 21:
                    fwd, bwd, wait = 0.89, 1.83, 0.04
                else:
                    fwd, bwd = 0.31 + rng.uniform(-0.01, 0.01), 0.64 + rng.uniform(-0.01, 0.01)
                    wait = step - fwd - bwd - 0.12
                lines.append("%d: [%s] iter %d | rank %2d | fwd %4dms | bwd %4dms | allreduce_wait %4dms | optim 118ms | step %4dms" % (
                    r, iso(d), it, r, fwd * 1000, bwd * 1000, wait * 1000, step * 1000))
        files["%s/stdout.log" % h] = "\n".join(lines) + "\n"
        k = Kernel(h, T("2025-01-10 08:%02d:10" % (10 + n)), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
    files["gx-a3-09/nvidia-smi-q.txt"] = nvsmi_q(plus(start, 4000), rng, over={5: {"reasons": {"HW Slowdown": "Active"}, "sm": 1155, "power": 301.6, "temp": 49}}, proc_pid=70112)
    files["gx-a3-08/nvidia-smi-q.txt"] = nvsmi_q(plus(start, 4002), rng, proc_pid=70010)
    files["slurm-%d.out" % job] = "\n".join([
        "+ srun --label --ntasks-per-node 8 python -u train_ddp.py --model 6.7b --profile-steps",
        "0: [%s] DDP bucket_cap_mb=200 gradient_as_bucket_view=True static_graph=True" % iso(plus(start, 50)),
        "0: [%s] expected step time (from 2025-01-09 baseline on same config): ~1.10 s" % iso(plus(start, 51)),
        "slurmstepd: error: *** JOB %d ON gx-a3-07 CANCELLED AT %s ***" % (job, plus(start, 100 + 21 * 239 + 20).strftime("%Y-%m-%dT%H:%M:%S")),
    ]) + "\n"
    lab = label("straggler", "infrastructure", "gx-a3-09", 21, "run_diagnostics",
                "Steps take 2.39 s against a 1.1 s baseline. 31 ranks spend ~1.3 s in allreduce_wait, but rank 21 waits only 40 ms because its forward/backward take 3x longer, so it is the one everyone waits for. gx-a3-09 GPU 5 (rank 21) reports HW Slowdown active at 1155 MHz.",
                "https://github.com/deepspeedai/DeepSpeed/pull/3578")
    return "cl13_31_ranks_show_1300ms_allreduce_wait", lab, files


# ============================================================================ cl14
def cl14():
    rng = random.Random(9314)
    nodes = ["nd-h100-51", "nd-h100-52", "nd-h100-53", "nd-h100-54"]
    job = 70031
    start = T("2024-07-19 22:00:00")
    out = slurm_head(job, nodes, start, "'torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ${ARGS}'",
                     extra=["+ echo 'reference: job 69811 (same config, nd-h100-[55-58]) ran at ~1240 ms/iter'",
                            "reference: job 69811 (same config, nd-h100-[55-58]) ran at ~1240 ms/iter"])
    out += megatron_preamble(start, 32, 8, 1, 32000, 32768, 4096, 1, 256, rng)
    d = plus(start, 120)
    for it in range(10, 1501, 10):
        ms = 1688 + rng.uniform(-20, 20)
        d = plus(d, ms / 100)
        out.append(megatron_iter(d, it, 200000, it * 256, ms, 2e-4, 256, 3.0 + rng.uniform(-0.1, 0.1), 0.5, tflops=244.0))
        if it % 250 == 0:
            out += megatron_timers([("forward-backward", 1190.2, 1204.9), ("all-grads-sync", 401.1, 418.6), ("optimizer", 61.0, 63.2)])
    out.append("slurmstepd: error: *** JOB %d ON nd-h100-51 CANCELLED AT %s ***" % (job, plus(d, 10).strftime("%Y-%m-%dT%H:%M:%S")))
    files = {"slurm-%d.out" % job: "\n".join(out) + "\n"}
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-07-19 18:%02d:30" % (20 + i)), rng)
        extra = []
        if i == 1:
            extra = [(9, "mlx5_core 0000:c1:00.0: 63.008 Gb/s available PCIe bandwidth, limited by 8.0 GT/s PCIe x8 link at 0000:c0:01.1 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)"),
                     (9, "mlx5_core 0000:c1:00.0: E-Switch: Total vports 2, per vport: max uc(128) max mc(2048)"),
                     (10, "mlx5_core 0000:c1:00.0: Port module event: module 0, Cable plugged")]
        else:
            extra = [(9, "mlx5_core 0000:c1:00.0: 504.112 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)")]
        k.boot_noise(extra)
        files["%s/dmesg.txt" % h] = k.dmesg()
    files["nccl-tests-pairs.txt"] = "\n".join([
        "# all_reduce_perf -b 8G -e 8G -g 8, NCCL_ALGO=Ring, run in job epilog per node pair",
        "# pair                       size(B)      time(us)  algbw(GB/s)  busbw(GB/s)",
        "nd-h100-51,nd-h100-53   8589934592      92101.4       93.27      174.87",
        "nd-h100-51,nd-h100-54   8589934592      91877.0       93.49      175.29",
        "nd-h100-53,nd-h100-54   8589934592      92240.8       93.12      174.61",
        "nd-h100-51,nd-h100-52   8589934592     183320.5       46.86       87.85",
        "nd-h100-52,nd-h100-53   8589934592     184011.2       46.68       87.53",
        "nd-h100-52,nd-h100-54   8589934592     182901.7       46.96       88.06",
    ]) + "\n"
    files["nd-h100-52/lspci-c1.txt"] = "\n".join([
        "c1:00.0 Infiniband controller: Mellanox Technologies MT2910 Family [ConnectX-7]",
        "\tSubsystem: Mellanox Technologies Device 0051",
        "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported",
        "\t\tLnkSta:\tSpeed 8GT/s (downgraded), Width x8 (downgraded)",
        "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-",
        "\tKernel driver in use: mlx5_core",
    ]) + "\n"
    lab = label("network", "infrastructure", "nd-h100-52", None, "run_diagnostics",
                "Iterations run at ~1690 ms against a 1240 ms reference, with no error and no rank outlier in compute. The per-pair NCCL tests halve (88 vs 175 GB/s busbw) only in pairs that include nd-h100-52, whose ConnectX-7 at c1:00.0 trained at 8 GT/s x8 instead of 32 GT/s x16 (dmesg, lspci). The NIC link needs checking on that node.",
                "https://github.com/NVIDIA/nccl-tests/issues/106")
    return "cl14_nccl_pair_tests_half_busbw_in_three_pairs", lab, files


# ============================================================================ cl15
def cl15():
    rng = random.Random(9315)
    att = {1: ["k8-gpu-a11", "k8-gpu-a12", "k8-gpu-a13", "k8-gpu-a14"],
           2: ["k8-gpu-a12", "k8-gpu-a15", "k8-gpu-a16", "k8-gpu-a17"]}
    job = 660213
    files = {}
    starts = {1: T("2024-09-16 06:00:00"), 2: T("2024-09-16 08:40:00")}
    bad_rank = {1: 12, 2: 4}
    ends = {}
    for a in (1, 2):
        nodes = att[a]
        start = starts[a]
        out = slurm_head(job, nodes, start, "'torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ${ARGS}'",
                         extra=["SLURM_RESTART_COUNT=%d" % (a - 1)])
        out += megatron_preamble(start, 32, 4, 2, 32000, 32256, 4096, 2, 512, rng, load="/lustre/ck/gpt20b" if a == 2 else None)
        d = plus(start, 120)
        for it in range(10, 1201, 10):
            ms = 3320 + rng.uniform(-30, 30)
            d = plus(d, ms / 100)
            out.append(megatron_iter(d, it + (0 if a == 1 else 1000), 400000, (it + (0 if a == 1 else 1000)) * 512, ms, 2e-4, 512, 2.8 + rng.uniform(-0.05, 0.05), 0.4, tflops=211.0))
            if it % 100 == 0:
                br = bad_rank[a]
                out.append(straggler_line(d, (ms - 14, rng.randint(0, 31)), (ms + 11, br), (402000, br), (690000, rng.randint(0, 31)),
                                          (41, br), (62, rng.randint(0, 31)), (100, 0), (100, 1), (1095, br), (1980, 0),
                                          (118.4, br), (214.2, rng.randint(0, 31))))
        end = plus(d, 15)
        ends[a] = end
        out.append("slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO JOB REQUEUE ***" % (job, nodes[0], end.strftime("%Y-%m-%dT%H:%M:%S")) if a == 1 else
                   "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s ***" % (job, nodes[0], end.strftime("%Y-%m-%dT%H:%M:%S")))
        files["attempt_%d/slurm-%d.out" % (a, job)] = "\n".join(out) + "\n"
        for i, h in enumerate(nodes):
            k = Kernel(h, T("2024-09-12 1%d:00:00" % i), rng)
            k.boot_noise()
            files["attempt_%d/%s/dmesg.txt" % (a, h)] = k.dmesg()
        over = {4: {"reasons": {"Applications Clocks Setting": "Active"}, "app_gfx": 1095, "sm": 1095, "power": 402.2}}
        files["attempt_%d/k8-gpu-a12/nvidia-smi-q.txt" % a] = nvsmi_q(plus(end, -60), rng, over=over, proc_pid=88100 + a * 1000)
        other = nodes[2]
        files["attempt_%d/%s/nvidia-smi-q.txt" % (a, other)] = nvsmi_q(plus(end, -58), rng, proc_pid=88400 + a * 1000)
    files["sacct.txt"] = sacct([(str(job), "gpt20b", "train", 896, "CANCELLED+", "0:0", elapsed(starts[2], ends[2]), "k8-gpu-a[12,15-17]"),
                                (str(job) + ".0", "bash", "", 896, "CANCELLED", "0:15", elapsed(plus(starts[2], 2), ends[2]), "k8-gpu-a[12,15-17]")])
    files["requeue-note.txt"] = ("%s operator (uid 41021): job 660213 ~60%% slower than last week's run of the same config; "
                                "scontrol requeue to get fresh nodes.\n%s operator (uid 41021): still slow after requeue, scancel.\n"
                                % (iso(plus(ends[1], -20))[:16], iso(plus(ends[2], -20))[:16]))
    lab = label("straggler", "infrastructure", "k8-gpu-a12", 4, "run_diagnostics",
                "Both attempts run ~60% slow without errors, and both were ended by the operator, not by a fault. The straggler report points at rank 12 in attempt 1 and rank 4 in attempt 2: both are k8-gpu-a12 GPU 4, the only host in both attempts. Its nvidia-smi shows application clocks pinned to 1095 MHz (Applications Clocks Setting active).",
                "https://github.com/intelligent-machine-learning/dlrover/issues/678")
    return "cl15_requeued_job_still_60pct_slow_cancelled_twice", lab, files


CASES = [cl01, cl02, cl03, cl04, cl05, cl06, cl07, cl08, cl09, cl10, cl11, cl12, cl13, cl14, cl15]
