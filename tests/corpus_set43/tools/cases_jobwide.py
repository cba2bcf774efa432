"""Job-wide slowdowns: shared storage, fabric, the program's own input pipeline."""
import random

from common import (Case, T, plus, ts_py, ts_iso, ts_glog_old, ts_glog_new, ts_dmesg_T, ts_syslog,
                    ts_megatron, ts_slurm, fmt_hms, nvsmi_q, gpu_default, nvsmi_table,
                    dcgmi_dmon_raw, nccl_init_lines, boot_dmesg, fmt_uptime, rand_pid,
                    watchdog_lines, torchrun_failure, BUS_IDS_H100, BUS_IDS_A100)
from cases_straggler import (megatron_iter, timer_line, lr_at, megatron_args_block, nccl_complete,
                             ds_step_lines)


# ---------------------------------------------------------------------------
# an08 Lustre OST slow replies -> batch-generator time on every rank
# ---------------------------------------------------------------------------

def an08():
    rng = random.Random(4308)
    c = Case("an08_batch_generator_time_spikes_everywhere")
    hosts = ["queue1-st-p5-1", "queue1-st-p5-2", "queue1-st-p5-3", "queue1-st-p5-4"]
    ips = ["10.0.64.%d" % x for x in (21, 87, 140, 203)]
    t0 = T(2024, 4, 16, 0, 12, 9)
    bad_from = plus(t0, 3600 * 2 + 1711)
    out = []
    out += megatron_args_block(rng, 32, 8, 1, 256, 1, 8192, 120000)
    out = [l.replace("/lustre/fsw/llm/data/pile_gpt2_text_document", "/fsx/datasets/slimpajama/slimpajama_text_document").replace("/lustre/fsw/llm/ckpt/gpt-8b", "/fsx/ckpt/llama2-13b") for l in out]
    out.append("> initializing torch distributed ...")
    for r in range(32):
        out.append(nccl_complete(hosts[r // 8], 7301 + (r % 8) * 5, r % 8, r, 32, BUS_IDS_H100[r % 8], rng))
    out.append(" > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1659822080")
    out.append("> building train, validation, and test datasets ...")
    out.append(" > building dataset index ...")
    out.append("    reading sizes...")
    out.append("    reading pointers...")
    out.append("    reading document index...")
    out.append("    creating numpy buffer of mmap...")
    out.append("    creating memory view of numpy buffer...")
    out.append(" > finished creating indexed dataset in 14.882109 seconds")
    out.append("    number of documents: 59166933")
    out.append("[after dataloaders are built] datetime: %s " % plus(t0, 131).strftime("%Y-%m-%d %H:%M:%S"))
    out.append("training ...")
    tt = plus(t0, 140)
    it = 16000
    while tt < plus(t0, 3600 * 4.3):
        it += 10
        if tt >= bad_from:
            stall = rng.choice([0, 0, 1, 2, 3]) * rng.uniform(2500, 6000)
            bg = rng.uniform(250, 700) + stall
        else:
            bg = rng.uniform(0.9, 3.5)
        ms = 4105 + rng.uniform(-18, 20) + bg * 0.97
        if it % 1000 == 0:
            ms += 14000
        tt = plus(tt, ms * 10 / 1000)
        out.append(megatron_iter(tt, it, 120000, 256, ms, 402.0 * 4105 / ms, lr_at(it, peak=1.5e-4, total=120000), 1.92 + rng.uniform(-0.03, 0.03), rng.uniform(0.12, 0.2)))
        if it % 50 == 0:
            out.append("(min, max) time across ranks (ms):")
            out.append(timer_line("forward-backward", 3900 + bg * 0.96, 3902 + bg * 0.97))
            out.append(timer_line("forward-compute", 1255.0 + rng.uniform(-6, 6), 1268.0 + rng.uniform(-6, 6)))
            out.append(timer_line("backward-compute", 2560.0 + rng.uniform(-8, 8), 2578.0 + rng.uniform(-8, 8)))
            if tt >= bad_from:
                out.append(timer_line("batch-generator", bg * 0.93, bg * 1.04))
            else:
                out.append(timer_line("batch-generator", bg * 0.4, bg))
            out.append(timer_line("all-grads-sync", 118.2 + rng.uniform(-2, 2), 121.9 + rng.uniform(-2, 2)))
            out.append(timer_line("optimizer", 42.1, 42.9))
        if it % 1000 == 0:
            out.append("saving checkpoint at iteration %7d to /fsx/ckpt/llama2-13b in torch_dist format" % it)
            out.append("  successfully saved checkpoint from iteration %7d to /fsx/ckpt/llama2-13b [ t 1/8, p 1/1 ]" % it)
    c.add("slurm-771203.out", out)
    # syslog per node
    for ni, h in enumerate(hosts):
        S = []
        bt = plus(t0, -3600 * 50)
        S.append("%s %s kernel: Lustre: Lustre: Build Version: 2.15.3-1.amzn2" % (ts_syslog(bt), h))
        S.append("%s %s kernel: Lustre: Mounted fsx-client" % (ts_syslog(plus(bt, 30)), h))
        S.append("%s %s slurmd[2403]: slurmd: launch task StepId=771203.0 request from UID:1000 GID:1000 HOST:%s PORT:44120" % (ts_syslog(plus(t0, -5)), h, ips[0]))
        S.append("%s %s systemd[1]: Started Session 88 of user ec2-user." % (ts_syslog(plus(t0, 1200)), h))
        et = plus(bad_from, rng.uniform(-50, -5))
        while et < plus(t0, 3600 * 4.3):
            pid = rng.randint(7301, 7340)
            xid = rng.getrandbits(52)
            ost = rng.choice(["0012", "0012", "0012", "001a"])
            sent = int((et - T(1970, 1, 1)).total_seconds())
            S.append("%s %s kernel: Lustre: %d:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@00000000%08x x%d/t0(0) o3->fsx-OST%s-osc-ffff9f5a4c8d9000@10.0.131.18@tcp:6/4 lens 488/440 e 1 to 1 dl %d ref 2 fl Rpc:XQr/2/ffffffff rc 0/-1 job:'pt_data_worker'"
                     % (ts_syslog(et), h, pid, sent - 47, sent - 47, rng.getrandbits(32), xid, ost, sent))
            S.append("%s %s kernel: Lustre: fsx-OST%s-osc-ffff9f5a4c8d9000: Connection to fsx-OST%s (at 10.0.131.18@tcp) was lost; in progress operations using this service will wait for recovery to complete"
                     % (ts_syslog(plus(et, 0.1)), h, ost, ost))
            S.append("%s %s kernel: Lustre: fsx-OST%s-osc-ffff9f5a4c8d9000: Connection restored to 10.0.131.18@tcp (at 10.0.131.18@tcp)"
                     % (ts_syslog(plus(et, rng.uniform(20, 70))), h, ost))
            et = plus(et, rng.uniform(240, 600))
        S.sort(key=lambda l: l[:15])
        c.add("%s/var-log-messages" % h, S)
        gpus = [gpu_default(lr, temp=rng.randint(40, 50), power=rng.uniform(150, 420), util=rng.randint(40, 88),
                            fb_used=rng.randint(70000, 71000), procs=[(7301 + lr * 5, "/usr/bin/python3", rng.randint(69800, 70800))])
                for lr in range(8)]
        c.add("%s/nvidia-smi-q.txt" % h, nvsmi_q(plus(t0, 3600 * 4.25), gpus, driver="535.183.01", rng=rng))
    c.add("fsx_status.txt", [
        "$ lfs check servers   (from queue1-st-p5-1, %s)" % plus(t0, 3600 * 4.2).strftime("%Y-%m-%d %H:%M:%S"),
        "fsx-MDT0000-mdc-ffff9f5a4c8d9000 active.",
        "fsx-OST0000-osc-ffff9f5a4c8d9000 active.",
        "fsx-OST0001-osc-ffff9f5a4c8d9000 active.",
        "fsx-OST0012-osc-ffff9f5a4c8d9000 active.",
        "fsx-OST001a-osc-ffff9f5a4c8d9000 active.",
        "",
        "$ aws fsx describe-file-systems --file-system-ids fs-0a8c1d7e4b2f93c11 --query 'FileSystems[0].Lifecycle'",
        "\"AVAILABLE\"",
        "",
        "# CloudWatch (fs-0a8c1d7e4b2f93c11): DataReadBytes flat, MetadataOperations normal,",
        "# per-OST throughput on OST0012 pinned at its baseline credit limit since ~02:40 UTC",
        "# other jobs on the cluster reading /fsx reported slow dataloaders in #hpc-support at 02:55",
    ])
    c.set_label("storage", "infrastructure", None, "restart",
                "From ~02:40 iteration time swings from 4.1 s to 7-25 s and the whole increase is in batch-generator with a high minimum across ranks (every rank waits for input), while compute and all-grads-sync are unchanged; all four nodes log Lustre slow-reply timeouts and lost/restored connections to the same FSx OSTs, so the shared filesystem is the bottleneck.",
                "https://github.com/horovod/horovod/issues/824")
    return c


# ---------------------------------------------------------------------------
# an09 fabric degradation -> busbw down on every rank
# ---------------------------------------------------------------------------

def comms_summary(rng, busbw_scale, ts_host, t):
    L = ["%s: [%s] [INFO] [comms_logging.py:138:log_all] Comm. Op            Message Size        Count               Total Latency(ms)   Avg Latency(ms)     tput_avg (Gbps)     busbw_avg (Gbps)" % (ts_host, ts_py(t))]
    ops = [("all_reduce", [("256.0 MB", 500, 1330.0), ("4.0 KB", 500, 0.12)]),
           ("reduce_scatter_tensor", [("1.0 GB", 1000, 1440.0)]),
           ("all_gather_into_tensor", [("1.0 GB", 1000, 1510.0)]),
           ("broadcast", [("8.0 B", 2, 0.0)])]
    for op, sizes in ops:
        L.append("%s: %s" % (ts_host, op))
        for size, cnt, bw in sizes:
            if bw == 0.0:
                L.append("%s:                     %-20s%-20d%-20.2f%-20.2f%-20.2f%-20.2f" % (ts_host, size, cnt, 0.31, 0.16, 0.0, 0.0))
                continue
            b = bw * busbw_scale * (1 + rng.uniform(-0.02, 0.02))
            mb = float(size.split()[0]) * (1024 if "GB" in size else 1 if "MB" in size else 1 / 1024)
            algbw = b / (2 * 31 / 32) if op == "all_reduce" else b / (31 / 32)
            lat = mb * 8 / 1024 / algbw * 1000 if algbw > 0 else 0
            L.append("%s:                     %-20s%-20d%-20.2f%-20.2f%-20.2f%-20.2f" % (ts_host, size, cnt, lat * cnt, lat, algbw, b))
    return L


def an09():
    rng = random.Random(4309)
    c = Case("an09_allreduce_busbw_halved_all_ranks")
    hosts = ["sjc2-gpu-0301", "sjc2-gpu-0302", "sjc2-gpu-0303", "sjc2-gpu-0304"]
    t0 = T(2024, 4, 9, 0, 4, 30)
    bad_from = plus(t0, 7800)
    L = []
    for i, h in enumerate(hosts):
        L.append("%s: [%s] [INFO] [launch.py:152:main] nnodes=4, num_local_procs=8, node_rank=%d" % (h, ts_py(t0), i))
    for i, h in enumerate(hosts):
        for ln in nccl_init_lines(h, 60211 + i * 11, 0, i * 8, 32, "10.88.3.%d" % (i + 1), BUS_IDS_H100[0], rng):
            L.append("%s: %s" % (h, ln))
    L.append("%s: [%s] [INFO] [config.py:983:print_user_config]   json = {\"train_batch_size\": 2048, \"train_micro_batch_size_per_gpu\": 4, \"zero_optimization\": {\"stage\": 3, \"overlap_comm\": true, \"reduce_bucket_size\": 5e8}, \"bf16\": {\"enabled\": true}, \"comms_logger\": {\"enabled\": true, \"verbose\": false, \"prof_all\": true, \"debug\": false}, \"steps_per_print\": 50}" % (hosts[0], ts_py(plus(t0, 50))))
    tt = plus(t0, 60)
    step = 0
    hist = []
    while tt < plus(t0, 3600 * 4):
        step += 50
        slow = tt >= bad_from
        sps = (412.0 if not slow else 266.0) * (1 + rng.uniform(-0.012, 0.012))
        hist.append(sps)
        tt = plus(tt, 50 * 2048 / sps)
        L += ds_step_lines(hosts[0], tt, step, 1.2e-4, sps, rng, avg=sum(hist) / len(hist))
        if step % 500 == 0:
            L += comms_summary(rng, 1.0 if not slow else 0.47, hosts[0], plus(tt, 0.5))
            L.append("%s: [%s] [INFO] [comms_logging.py:145:log_all] straggler effect (max-min of avg latency across ranks, ms): all_reduce 0.%02d | reduce_scatter_tensor 0.%02d | all_gather_into_tensor 0.%02d"
                     % (hosts[0], ts_py(plus(tt, 0.6)), rng.randint(8, 40), rng.randint(8, 40), rng.randint(8, 40)))
    L.append("%s: [%s] [INFO] [launch.py:316:sigkill_handler] Killing subprocess 60211" % (hosts[0], ts_py(plus(tt, 30))))
    L.append("%s: [%s] [INFO] [launch.py:325:sigkill_handler] Main process received SIGTERM, exiting" % (hosts[0], ts_py(plus(tt, 30))))
    c.add("deepspeed_run.log", L)
    c.add("topology.json", '{"topology": {"sjc2-leaf-07": ["sjc2-gpu-0301", "sjc2-gpu-0302"], "sjc2-leaf-08": ["sjc2-gpu-0303", "sjc2-gpu-0304"]}}')
    U = []
    ut = plus(bad_from, -95)
    U.append("%s [UFM] INFO  Fabric health report: 0 errors, 0 warnings" % ts_py(plus(t0, -600)))
    for k, (sp, lp) in enumerate([(17, 33), (18, 34), (21, 37)]):
        U.append("%s [UFM] WARNING Link went down: (Switch: sjc2-spine-02 / port %d) - (Switch: sjc2-leaf-07 / port %d) event_id=902" % (ts_py(plus(ut, k * 41)), sp, lp))
    U.append("%s [UFM] WARNING Symbol error rate exceeded threshold on sjc2-spine-02 ports 17-24 (module SW-MOD-3)" % ts_py(plus(ut, 140)))
    U.append("%s [UFM] INFO  Adaptive routing: re-balancing flows on sjc2-leaf-07, sjc2-leaf-08 uplinks (5/8 and 8/8 active)" % ts_py(plus(ut, 160)))
    U.append("%s [UFM] WARNING Congestion detected: sjc2-leaf-07 uplinks XmitWait above threshold" % ts_py(plus(ut, 400)))
    U.append("%s [UFM] INFO  Ticket NET-7710 opened for sjc2-spine-02 module SW-MOD-3 (field replaceable)" % ts_py(plus(ut, 3000)))
    U.append("%s [UFM] WARNING Congestion detected: sjc2-leaf-08 uplinks XmitWait above threshold" % ts_py(plus(ut, 3600)))
    c.add("fabric/ufm_events.log", U)
    for ni, h in enumerate(hosts):
        P = ["# perfquery -x per HCA port, %s (counters cleared at job start)" % plus(t0, 3600 * 3.9).strftime("%Y-%m-%d %H:%M:%S")]
        for hca in (0, 3, 4, 5, 6, 9, 10, 11):
            P.append("# Port extended counters: Lid %d port 1 (CapMask: 0x5A00) mlx5_%d" % (1200 + ni * 16 + hca, hca))
            P.append("PortXmitData:....................%d" % rng.randint(10 ** 12, 3 * 10 ** 12))
            P.append("PortRcvData:.....................%d" % rng.randint(10 ** 12, 3 * 10 ** 12))
            P.append("PortXmitWait:....................%d" % rng.randint(4 * 10 ** 9, 9 * 10 ** 9))
            P.append("SymbolErrorCounter:..............0")
            P.append("LinkDownedCounter:...............0")
            P.append("PortRcvErrors:...................0")
        c.add("%s/perfquery.txt" % h, P)
        ev = boot_dmesg(rng, h)
        c.add("%s/dmesg.txt" % h, [fmt_uptime(u) + " " + m for u, m in ev])
        c.add("%s/ibstat_summary.txt" % h, ["mlx5_%d: State: Active  Physical state: LinkUp  Rate: 400  Link layer: InfiniBand" % x for x in (0, 3, 4, 5, 6, 9, 10, 11)])
    c.set_label("network", "infrastructure", None, "restart",
                "At ~02:15 SamplesPerSec drops ~35% and the comms logger shows busbw for all_reduce / reduce_scatter / all_gather roughly halved with negligible straggler effect, i.e. every rank is equally slower; UFM logs three spine-02 to leaf-07 uplinks going down with congestion on both leaves, and all node HCAs stay active and error-free, so the fabric, not a node, is degraded.",
                "https://github.com/NVIDIA/nccl/issues/883")
    return c


# ---------------------------------------------------------------------------
# an10 HF Trainer checkpoint save to NFS stalls -> watchdog
# ---------------------------------------------------------------------------

def hf_bar(step, total, elapsed, rate_s):
    pct = int(100 * step / total)
    full = int(10 * step / total)
    bar = "\u2588" * full + ("\u258f" if step % 3 else "") + " " * (10 - full - (1 if step % 3 else 0))
    rem = (total - step) * rate_s
    return "%3d%%|%s| %d/%d [%s<%s, %.2fs/it]" % (pct, bar[:10], step, total, fmt_hms(elapsed), fmt_hms(rem), rate_s)


def an10():
    rng = random.Random(4310)
    c = Case("an10_hang_after_saving_checkpoint_watchdog_fires")
    hosts = ["ml-a100-n07", "ml-a100-n08"]
    t0 = T(2024, 2, 6, 11, 18, 44)
    total = 9000
    rate = 1.52
    save_step = 2000
    nfs_bad = None
    for ni, h in enumerate(hosts):
        L = []
        L.append("+ torchrun --nnodes=2 --node_rank=%d --nproc_per_node=8 --master_addr=ml-a100-n07 --master_port=29411 run_clm.py --model_name_or_path /mnt/shared/models/llama-2-7b --output_dir /mnt/shared/ckpt/llama2-7b-code --save_steps 1000 --logging_steps 50 --bf16 --ddp_timeout 1800" % ni)
        L.append("W%s 88120 torch/distributed/run.py:757] " % ts_glog_old(t0, ""))
        L.append("W%s 88120 torch/distributed/run.py:757] *****************************************" % ts_glog_old(t0, ""))
        L.append("W%s 88120 torch/distributed/run.py:757] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % ts_glog_old(t0, ""))
        L.append("W%s 88120 torch/distributed/run.py:757] *****************************************" % ts_glog_old(t0, ""))
        for lr in range(8):
            r = ni * 8 + lr
            L.append("02/06/2024 11:18:%02d - WARNING - __main__ - Process rank: %d, device: cuda:%d, n_gpu: 1, distributed training: True, 16-bits training: False" % (51 + lr // 4, r, lr))
        if ni == 0:
            L.append("02/06/2024 11:18:52 - INFO - __main__ - Training/evaluation parameters TrainingArguments(")
            for k, v in [("bf16", "True"), ("ddp_timeout", "1800"), ("dataloader_num_workers", "4"), ("gradient_accumulation_steps", "2"),
                         ("learning_rate", "2e-05"), ("logging_steps", "50"), ("max_steps", "-1"), ("num_train_epochs", "3.0"),
                         ("output_dir", "/mnt/shared/ckpt/llama2-7b-code"), ("per_device_train_batch_size", "4"),
                         ("save_steps", "1000"), ("save_strategy", "steps"), ("save_total_limit", "3")]:
                L.append("%s=%s," % (k, v))
            L.append(")")
            L.append("[INFO|trainer.py:2048] 2024-02-06 11:20:31,118 >> ***** Running training *****")
            L.append("[INFO|trainer.py:2049] 2024-02-06 11:20:31,118 >>   Num examples = 1,152,000")
            L.append("[INFO|trainer.py:2050] 2024-02-06 11:20:31,118 >>   Num Epochs = 3")
            L.append("[INFO|trainer.py:2051] 2024-02-06 11:20:31,118 >>   Instantaneous batch size per device = 4")
            L.append("[INFO|trainer.py:2054] 2024-02-06 11:20:31,118 >>   Total train batch size (w. parallel, distributed & accumulation) = 128")
            L.append("[INFO|trainer.py:2055] 2024-02-06 11:20:31,118 >>   Gradient Accumulation steps = 2")
            L.append("[INFO|trainer.py:2056] 2024-02-06 11:20:31,118 >>   Total optimization steps = 27,000")
            L.append("[INFO|trainer.py:2057] 2024-02-06 11:20:31,121 >>   Number of trainable parameters = 6,738,415,616")
        tt = plus(t0, 107)
        elapsed = 0
        for step in range(1, save_step + 1):
            st = rate + rng.uniform(-0.03, 0.03)
            elapsed += st
            tt = plus(tt, st)
            if ni == 0 and step % 50 == 0:
                L.append(hf_bar(step, 27000, elapsed, st))
                L.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.6e, 'epoch': %.2f}" % (1.21 - step / 20000 + rng.uniform(-0.03, 0.03), rng.uniform(0.4, 0.9), 2e-5 * (1 - step / 27000), step / 9000))
            if step % 1000 == 0:
                if ni == 0:
                    L.append("[INFO|trainer.py:3305] %s >> Saving model checkpoint to /mnt/shared/ckpt/llama2-7b-code/checkpoint-%d" % (ts_py(tt), step))
                    L.append("[INFO|configuration_utils.py:471] %s >> Configuration saved in /mnt/shared/ckpt/llama2-7b-code/checkpoint-%d/config.json" % (ts_py(plus(tt, 0.1)), step))
                    L.append("[INFO|configuration_utils.py:705] %s >> Configuration saved in /mnt/shared/ckpt/llama2-7b-code/checkpoint-%d/generation_config.json" % (ts_py(plus(tt, 0.1)), step))
                    if step < save_step:
                        L.append("[INFO|modeling_utils.py:2598] %s >> The model is bigger than the maximum size per checkpoint (5GB) and is going to be split in 3 checkpoint shards. You can find where each parameters has been saved in the index located at /mnt/shared/ckpt/llama2-7b-code/checkpoint-%d/model.safetensors.index.json." % (ts_py(plus(tt, 38)), step))
                        L.append("[INFO|tokenization_utils_base.py:2513] %s >> tokenizer config file saved in /mnt/shared/ckpt/llama2-7b-code/checkpoint-%d/tokenizer_config.json" % (ts_py(plus(tt, 39)), step))
                        L.append("[INFO|tokenization_utils_base.py:2522] %s >> Special tokens file saved in /mnt/shared/ckpt/llama2-7b-code/checkpoint-%d/special_tokens_map.json" % (ts_py(plus(tt, 39)), step))
                if step < save_step:
                    tt = plus(tt, 95)
                    elapsed += 95
                else:
                    nfs_bad = plus(tt, -7)
        # watchdog
        wt = plus(tt, 1800 + rng.uniform(1, 5))
        for lr in range(8):
            r = ni * 8 + lr
            if r == 0:
                continue
            L += watchdog_lines(r, plus(wt, lr * 0.004), 28011, "ALLREDUCE", 131076096, 131076096, 1800000, 28011, 28010, rng, with_trace=(lr == 1))
        kt = plus(wt, 3)
        L.append("W%s 88120 torch/distributed/elastic/multiprocessing/api.py:858] Sending process %d closing signal SIGTERM" % (ts_glog_old(kt, ""), 88131 + ni * 7))
        if ni == 0:
            L.append("W%s 88120 torch/distributed/elastic/multiprocessing/api.py:875] Unable to shutdown process 88131 via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % ts_glog_old(plus(kt, 30), ""))
            kt = plus(kt, 31)
        L += torchrun_failure(h, plus(kt, 2), ni * 8 + 1, 1, 88132 + ni * 7, -6, "run_clm.py", rng)
        c.add("%s/train_node%d.log" % (h, ni), L)
    # dmesg -T on both nodes: NFS server not responding
    for ni, h in enumerate(hosts):
        ev = []
        boot = plus(t0, -3600 * 24 * 11)
        for u, m in boot_dmesg(rng, h, bus_ids=BUS_IDS_A100, driver="535.104.12"):
            ev.append((plus(boot, u), m))
        ev.append((plus(boot, 41), "FS-Cache: Netfs 'nfs' registered for caching"))
        ev.append((plus(boot, 42), "NFS: Registering the id_resolver key type"))
        first = plus(nfs_bad, rng.uniform(-20, 40))
        ev.append((first, "nfs: server fs-nas01 not responding, still trying"))
        ev.append((plus(first, 4), "nfs: server fs-nas01 not responding, still trying"))
        if ni == 0:
            for k in range(4):
                bt = plus(first, 123 + k * 123)
                ev.append((bt, "INFO: task python3:%d blocked for more than %d seconds." % (88131, 122 + k * 123)))
                ev.append((plus(bt, 0.001), "      Tainted: P           OE     5.15.0-91-generic #101-Ubuntu"))
                ev.append((plus(bt, 0.002), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."))
                if k == 0:
                    for fr in ["task:python3         state:D stack:0     pid:88131 ppid:88120  flags:0x00004002", "Call Trace:", " <TASK>",
                               " __schedule+0x2cd/0x8a0", " schedule+0x4e/0xc0", " io_schedule+0x46/0x70", " folio_wait_bit_common+0x13d/0x350",
                               " folio_wait_writeback+0x2c/0x80", " __filemap_fdatawait_range+0x90/0x100", " filemap_write_and_wait_range+0x8c/0xe0",
                               " nfs_wb_all+0x2b/0x130 [nfs]", " nfs4_file_flush+0x77/0xd0 [nfsv4]", " filp_close+0x37/0x80", " __x64_sys_close+0x12/0x40",
                               " do_syscall_64+0x5c/0xc0", " entry_SYSCALL_64_after_hwframe+0x62/0xcc", " </TASK>"]:
                        ev.append((plus(bt, 0.003), fr))
        else:
            ev.append((plus(first, 300), "nfs: server fs-nas01 not responding, timed out"))
        ev.append((plus(first, 2340), "nfs: server fs-nas01 OK"))
        ev.sort(key=lambda x: x[0])
        c.add("%s/dmesg_T.txt" % h, ["%s %s" % (ts_dmesg_T(a), m) for a, m in ev])
        c.add("%s/mounts.txt" % h, [
            "fs-nas01:/export/ml /mnt/shared nfs4 rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.20.7.%d,local_lock=none,addr=10.20.0.5 0 0" % (17 + ni),
            "/dev/nvme0n1p2 / ext4 rw,relatime 0 0",
            "/dev/md0 /raid ext4 rw,relatime,stripe=256 0 0"])
    c.add("slurm_job_info.txt", ["JobId=412233 JobName=llama2-7b-code", "   JobState=FAILED Reason=NonZeroExitCode Dependency=(null)",
                                 "   NodeList=ml-a100-n[07-08]", "   StartTime=2024-02-06T11:18:40 EndTime=%s" % ts_slurm(plus(nfs_bad, 1820)),
                                 "   Note from infra channel 12:55: fs-nas01 head failover in progress, writes from several projects hanging"])
    c.set_label("storage", "infrastructure", None, "restart",
                "Right after 'Saving model checkpoint ... checkpoint-2000' on rank 0 both nodes log 'nfs: server fs-nas01 not responding' and rank 0's writer is stuck in D state in nfs_wb_all; the other 15 ranks then time out in the next ALLREDUCE after 30 min. The shared NFS server failing is the first specific failure and the watchdog timeouts are sympathetic.",
                "https://github.com/huggingface/accelerate/issues/3512")
    return c


# ---------------------------------------------------------------------------
# an11 the program's own input pipeline (num_workers=0, on-the-fly decode)
# ---------------------------------------------------------------------------

def an11():
    rng = random.Random(4311)
    c = Case("an11_gpu_util_low_on_every_node")
    hosts = ["gpu-a-01", "gpu-a-02"]
    t0 = T(2024, 11, 4, 8, 31, 0)
    L = []
    L.append("accelerate launch --config_file fsdp_2node.yaml --machine_rank 0 train_vlm.py --config configs/vlm_sft.yaml")
    L.append("11/04/2024 08:31:10 - INFO - __main__ - Distributed environment: FSDP  Backend: nccl")
    L.append("Num processes: 16")
    L.append("Process index: 0")
    L.append("Local process index: 0")
    L.append("Device: cuda:0")
    L.append("")
    L.append("Mixed precision type: bf16")
    L.append("11/04/2024 08:31:12 - INFO - __main__ - Loading image-text pairs from /data/vlm/llava_mix_665k.jsonl (images under /data/vlm/images, jpeg)")
    L.append("11/04/2024 08:31:40 - INFO - __main__ - train dataset: 665298 samples (raw; tokenization and image transforms applied in collate_fn)")
    L.append("11/04/2024 08:32:05 - INFO - __main__ - TrainingArguments: per_device_train_batch_size=16, gradient_accumulation_steps=1, dataloader_num_workers=0, dataloader_pin_memory=True, dataloader_prefetch_factor=None, bf16=True, fsdp='full_shard auto_wrap', logging_steps=20")
    L.append("[INFO|trainer.py:2243] 2024-11-04 08:32:06,551 >> ***** Running training *****")
    L.append("[INFO|trainer.py:2244] 2024-11-04 08:32:06,551 >>   Num examples = 665,298")
    L.append("[INFO|trainer.py:2245] 2024-11-04 08:32:06,551 >>   Num Epochs = 1")
    L.append("[INFO|trainer.py:2246] 2024-11-04 08:32:06,551 >>   Instantaneous batch size per device = 16")
    L.append("[INFO|trainer.py:2249] 2024-11-04 08:32:06,551 >>   Total train batch size (w. parallel, distributed & accumulation) = 256")
    L.append("[INFO|trainer.py:2251] 2024-11-04 08:32:06,551 >>   Total optimization steps = 2,599")
    L.append("[INFO|trainer.py:2252] 2024-11-04 08:32:06,554 >>   Number of trainable parameters = 7,062,900,736")
    elapsed = 0
    for step in range(1, 721):
        st = 5.08 + rng.uniform(-0.35, 0.4)
        elapsed += st
        if step % 20 == 0:
            L.append(hf_bar(step, 2599, elapsed, st))
            L.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.6e, 'epoch': %.2f}" % (1.1 - step / 4000 + rng.uniform(-0.04, 0.04), rng.uniform(1.0, 3.0), 2e-5, step / 2599))
    L.append("# (job still running when bundle was collected; ETA ~3h40m for one epoch, planning number was ~35 min)")
    c.add("gpu-a-01/accelerate_rank0.log", L)
    for ni, h in enumerate(hosts):
        ticks = []
        for k in range(60):
            tick = []
            for lr in range(8):
                busy = (k + lr) % 5 == 0
                tick.append((lr, ["%.1f" % (rng.uniform(520, 640) if busy else rng.uniform(110, 160)), rng.randint(38, 48),
                                  "%.3f" % (rng.uniform(0.78, 0.92) if busy else rng.uniform(0.0, 0.03)),
                                  "%.3f" % (rng.uniform(0.16, 0.24))]))
            ticks.append(tick)
        c.add("%s/dcgmi_dmon_e155_150_1002_1003.txt" % h, ["# dcgmi dmon -e 155,150,1002,1003 -d 1000  (last column is the 1-min avg from a wrapper)",
                                                            dcgmi_dmon_raw(ticks, [("POWER", 10), ("GTMP", 7), ("SMACT", 8), ("SMACT_1m", 9)])])
        top = ["top - %s up 21 days,  3:02,  1 user,  load average: 8.41, 8.37, 8.29" % plus(t0, 3600).strftime("%H:%M:%S"),
               "Tasks: 1211 total,   9 running, 1202 sleeping,   0 stopped,   0 zombie",
               "%Cpu(s):  8.6 us,  0.4 sy,  0.0 ni, 90.9 id,  0.0 wa,  0.0 hi,  0.1 si,  0.0 st",
               "MiB Mem : 2063705.4 total, 1700144.3 free, 221388.2 used, 142172.9 buff/cache",
               "",
               "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND"]
        for lr in range(8):
            top.append("%7d mlteam    20   0  112.3g  24.1g   1.9g R 100.0   1.2  %d:%02d.%02d python" % (51200 + ni * 200 + lr, 60 + rng.randint(0, 3), rng.randint(0, 59), rng.randint(0, 99)))
        top.append("   2311 root      20   0 3120896  81244  32128 S   1.3   0.0  92:11.08 dcgm-exporter")
        top.append("   1409 root      20   0   30.1g  42112  10220 S   0.7   0.0  51:02.44 nv-hostengine")
        c.add("%s/top.txt" % h, top)
        P = ["Process %d: /usr/bin/python3 train_vlm.py --config configs/vlm_sft.yaml" % (51200 + ni * 200),
             "Python v3.10.14 (/usr/bin/python3.10)", "",
             "Thread %d (active+gil): \"MainThread\"" % (51200 + ni * 200),
             "    resize (PIL/Image.py:2200)",
             "    _apply_image_transform (vlm/data/collate.py:88)",
             "    <listcomp> (vlm/data/collate.py:112)",
             "    __call__ (vlm/data/collate.py:112)",
             "    fetch (torch/utils/data/_utils/fetch.py:55)",
             "    _next_data (torch/utils/data/dataloader.py:757)",
             "    __next__ (torch/utils/data/dataloader.py:673)",
             "    __iter__ (accelerate/data_loader.py:552)",
             "    _inner_training_loop (transformers/trainer.py:2401)",
             "    train (transformers/trainer.py:2052)",
             "    main (train_vlm.py:214)",
             "    <module> (train_vlm.py:230)",
             "Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"" % (51200 + ni * 200 + 31),
             "    select (selectors.py:416)",
             "    wait (multiprocessing/connection.py:947)",
             "    _poll (multiprocessing/connection.py:440)",
             "    poll (multiprocessing/connection.py:257)",
             "    get (multiprocessing/queues.py:113)",
             "    do_one_step (torch/utils/data/_utils/pin_memory.py:31)",
             "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)",
             "    run (threading.py:953)",
             "    _bootstrap_inner (threading.py:1016)",
             "    _bootstrap (threading.py:973)",
             "", "# second sample 3 s later:",
             "Thread %d (active+gil): \"MainThread\"" % (51200 + ni * 200),
             "    _call_one (transformers/tokenization_utils_base.py:2971)",
             "    __call__ (transformers/tokenization_utils_base.py:2860)",
             "    _tokenize_conversation (vlm/data/collate.py:64)",
             "    __call__ (vlm/data/collate.py:118)",
             "    fetch (torch/utils/data/_utils/fetch.py:55)",
             "    _next_data (torch/utils/data/dataloader.py:757)",
             "    __next__ (torch/utils/data/dataloader.py:673)",
             "    __iter__ (accelerate/data_loader.py:552)",
             "    _inner_training_loop (transformers/trainer.py:2401)",
             "    train (transformers/trainer.py:2052)",
             "    main (train_vlm.py:214)",
             "    <module> (train_vlm.py:230)"]
        c.add("%s/py-spy-dump-localrank0.txt" % h, P)
        gpus = [gpu_default(lr, temp=rng.randint(38, 46), power=rng.uniform(110, 170), util=rng.randint(0, 30),
                            fb_used=rng.randint(51000, 53000), procs=[(51200 + ni * 200 + lr, "/usr/bin/python3", rng.randint(50800, 52800))])
                for lr in range(8)]
        c.add("%s/nvidia-smi-q.txt" % h, nvsmi_q(plus(t0, 3600), gpus, driver="550.90.12", cuda="12.4", rng=rng))
    c.set_label("straggler", "script", None, "stop",
                "Every GPU on both nodes idles most of the time (SM activity ~0.2 averaged, bursts between long gaps) and all 16 trainer processes sit at 100% of one CPU core in the main thread doing JPEG resize and tokenization inside collate_fn with dataloader_num_workers=0; no rank or node differs and the hardware is healthy, so the program's input pipeline is the bottleneck.",
                "https://github.com/facebookresearch/deit/issues/81")
    return c
