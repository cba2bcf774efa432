"""Cases cn15-cn21."""
import sys

sys.dont_write_bytecode = True

import random

from common import (dt, add, iso, glog, dmesg_T, syslog, xid_line, boot_noise, job_noise,
                    nvidia_smi_q, dcgmi_standard, sel_lines, sel_baseline, sacct, join,
                    child_failed, agent_failed, megatron_iter, hexid, ibstat_ca, pyts)
from cluster import Cluster, srun_label, torchrun_banner, rank_tb, CUDA_ERR_TAIL
from cases_a import label, sbatch
from cases_b import _dmesg, _base_dmesg, _agents_fail


# ---------------------------------------------------------------------------
def cn15():
    rng = random.Random(9515)
    hosts = ["c-r2-n05", "c-r2-n06", "c-r2-n07", "c-r2-n08"]
    c = Cluster(rng, hosts, 8, "dgx_h100")
    bad_h, bad_l = "c-r2-n06", 4
    bad_r = c.rank(bad_h, bad_l)
    b = c.bus[bad_l]
    jid = 5108832
    files = {}
    sb = sbatch(jid, "mm-34b", 4, "h100", extra=["#SBATCH --requeue"],
                cmd="srun --label torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=$MASTER_ADDR:29500 train.py --config mm34b.yaml --nccl-timeout-min 30 || scontrol requeue $SLURM_JOB_ID")
    atts = [dt(2024, 8, 2, 19, 40, 5), dt(2024, 8, 3, 0, 38, 41)]
    for i, t0 in enumerate(atts, 1):
        pre = "attempt_%d/" % i
        if i > 1:
            c.new_pids()
        files[pre + "job.sbatch"] = sb
        L = ["Job %d starting at %s on c-r2-n[05-08] (SLURM_RESTART_COUNT=%d)" % (jid, iso(t0, False), i - 1)]
        for ni, h in enumerate(hosts):
            L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
        L += c.nccl_init(add(t0, 44), label=srun_label, only_complete=True, version="2.21.5+cuda12.4")
        if i == 1:
            t = add(t0, 110)
            last = 5120
            for s in range(10, last + 1, 10):
                tt = add(t, s * 2.9)
                L.append("0: [rank0]: %s INFO train: step %d loss %.4f grad_norm %.3f lr %.2e" % (pyts(tt), s, 2.0 * 0.9997 ** s + 1.4, 0.5 + rng.random() * 0.2, 1.2e-4))
                if s % 1000 == 0:
                    L.append("0: [rank0]: %s INFO ckpt: saved step %d to /weka/ckpt/mm34b/step_%07d" % (pyts(add(tt, 4)), s, s))
            t_x = add(t, last * 2.9 + 1.7)
            seq, op, numel = 61447, "_REDUCE_SCATTER_BASE", 88080384
        else:
            L.append("0: [rank0]: %s INFO ckpt: resuming from /weka/ckpt/mm34b/step_0005000" % pyts(add(t0, 60)))
            t_x = add(t0, 83)
            seq, op, numel = 3, "BROADCAST", 1
        t_to = add(t_x, 1800.4)
        L += c.flood(t_to, seq, op, numel, 1800000, label=srun_label, frames_for={0, 17, 26})
        _agents_fail(c, add(t_to, 5), L, srun_label, "train.py")
        for ni, h in enumerate(hosts):
            L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
        files[pre + "slurm-%d.out" % jid] = join(L)
        for h in hosts:
            D, boot = _base_dmesg(rng, h, t0, days=(6 if i == 1 else 6), driver="550.54.15")
            if h == bad_h:
                pid = c.pid[(h, bad_l)]
                for k in range(3 if i == 1 else 4):
                    tt = add(t_x, k * 7.2)
                    fn = [(76, "GSP_RM_CONTROL", "0x20800a4c 0x4"), (103, "GSP_RM_ALLOC", "0x0 0x6c"), (10, "FREE", "0xa55a0000 0x0")][k % 3]
                    D.append((tt, xid_line(b, 119, pid, "python3", "Timeout after 6s of waiting for RPC response from GPU%d GSP! Expected function %d (%s) (%s)." % (bad_l, fn[0], fn[1], fn[2]))))
                    if k == 0:
                        D += [(tt, "NVRM: GPU%d GSP RPC buffer contains function %d (%s) and data 0x0000000020800a4c 0x0000000000000004." % (bad_l, fn[0], fn[1])),
                              (tt, "NVRM: GPU%d RPC history (CPU -> GSP):" % bad_l),
                              (tt, "NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling"),
                              (tt, "NVRM:      0    76   GSP_RM_CONTROL           0x0000000020800a4c 0x0000000000000004 0x00061b3f2a4c11d0 0x0000000000000000          y"),
                              (tt, "NVRM: GPU at PCI:0000:%s:00: %s" % (b, c.uuid[(h, bad_l)]))]
                if i == 2:
                    D.append((add(t_x, 40), xid_line(b, 154, None, None, "GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)")))
            files[pre + "%s/dmesg.txt" % h] = _dmesg(D)
    files["sacct.txt"] = sacct([
        (str(jid), "mm-34b", "h100", "REQUEUED", "1:0", "04:17:33", "c-r2-n[05-08]"),
        (str(jid), "mm-34b", "h100", "FAILED", "1:0", "00:31:59", "c-r2-n[05-08]"),
    ])
    lab = label("gpu_hardware", "infrastructure", bad_h, bad_r, "restart_without_node",
                "Both attempts end in a 30-minute NCCL watchdog flood on every rank (the second one already at the post-resume BROADCAST), so stdout alone names nobody. "
                "In both attempts dmesg on %s logs repeated Xid 119 (GSP RPC timeout) on PCI 0000:%s:00 for the rank's pid just before the hang, and in the second the driver escalates to Xid 154 'Node Reboot Required'. "
                "The NCCL init lines map busId %s000 on that host to rank %d; requeueing onto the same node reproduced the hang." % (bad_h, b, b, bad_r),
                "https://github.com/Azure/azurehpc/pull/714")
    return "cn15_xid119_gsp_timeout_hang_twice_same_gpu", files, lab


# ---------------------------------------------------------------------------
def cn16():
    rng = random.Random(9516)
    hosts = ["dgx-g-117", "dgx-g-118", "dgx-g-121", "dgx-g-122"]
    c = Cluster(rng, hosts, 8, "dgx_h100")
    bad_h, bad_l = "dgx-g-118", 5
    bad_r = c.rank(bad_h, bad_l)
    files = {}
    jids = [6640312, 6641950]
    plan = [(dt(2024, 9, 18, 2, 11, 0), 0, 8127, 1234), (dt(2024, 9, 18, 9, 47, 30), 8000, 8043, 1235)]
    for i, (t0, start, nan_it, seed) in enumerate(plan, 1):
        pre = "attempt_%d/" % i
        if i > 1:
            c.new_pids()
        jid = jids[i - 1]
        files[pre + "job.sbatch"] = sbatch(jid, "gpt-40b", 4, "h100", ntasks=8,
                                           cmd="srun --label python pretrain_gpt.py --tensor-model-parallel-size 8 --num-layers 48 --hidden-size 8192 --seq-length 4096 --global-batch-size 1024 --bf16 --seed %d --check-for-nan-in-loss-and-grad --load /lustre/ckpt/gpt-40b --save /lustre/ckpt/gpt-40b --save-interval 1000" % seed)
        L = ["Job %d starting at %s on dgx-g-[117-118,121-122]" % (jid, iso(t0, False))]
        L.append("0: using world size: 32, data-parallel size: 4, context-parallel size: 1 tensor-model-parallel size: 8, pipeline-model-parallel size: 1 ")
        L.append("0: setting random seeds to %d ..." % seed)
        if start:
            L.append("0:  loading checkpoint from /lustre/ckpt/gpt-40b at iteration %d" % start)
            L.append("0:   successfully loaded checkpoint from /lustre/ckpt/gpt-40b [ t 0, p 0 ] at iteration %d" % start)
        t = add(t0, 150)
        tt = t
        for it in range(start + 10, nan_it, 10):
            ms = 3120 + rng.uniform(-30, 30)
            tt = add(tt, ms * 10 / 1000.0)
            L.append("31: " + megatron_iter(tt, it, 250000, it * 1024, ms, 1.5e-4, 1024, 2.05 * 0.99994 ** it + 1.62 + rng.uniform(-0.015, 0.015), 0.18 + rng.random() * 0.04))
            if it % 1000 == 0:
                L.append("0: saving checkpoint at iteration %7d to /lustre/ckpt/gpt-40b" % it)
                L.append("0:   successfully saved checkpoint from iteration %7d to /lustre/ckpt/gpt-40b [ t 1/8, p 1/1 ]" % it)
        t_nan = add(tt, 2.9)
        tb = rank_tb(bad_r, [
            ("/workspace/Megatron-LM/pretrain_gpt.py", 265, "<module>", "pretrain("),
            ("/workspace/Megatron-LM/megatron/training/training.py", 355, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
            ("/workspace/Megatron-LM/megatron/training/training.py", 1248, "train", "train_step(forward_step_func,"),
            ("/workspace/Megatron-LM/megatron/training/training.py", 725, "train_step", "losses_reduced = forward_backward_func("),
            ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 469, "forward_backward_no_pipelining", "config.finalize_model_grads_func("),
            ("/workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py", 118, "finalize_model_grads", "model_chunk.finish_grad_sync()"),
            ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 253, "start_grad_sync", "assert not norm.isnan(), ("),
        ], ["AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (bad_r, bad_l, bad_h)], prefix=False)
        L += ["%d: " % bad_r + x for x in tb]
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (bad_h, bad_r))
        L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
        L.append("slurmstepd: error: *** STEP %d.0 ON dgx-g-117 CANCELLED AT %s ***" % (jid, iso(add(t_nan, 1), False)))
        for ni, h in enumerate(hosts):
            ks = [c.rank(h, l) for l in range(8) if c.rank(h, l) != bad_r]
            L.append("srun: error: %s: tasks %d-%d: Killed" % (h, ks[0], ks[-1]) if h != bad_h else "srun: error: %s: tasks %d-%d,%d-%d: Killed" % (h, ks[0], bad_r - 1, bad_r + 1, ks[-1]))
        files[pre + "slurm-%d.out" % jid] = join(L)
        for h in hosts:
            D, boot = _base_dmesg(rng, h, t0, days=20 + i)
            files[pre + "%s/dmesg.txt" % h] = _dmesg(D)
        tq = add(t_nan, 400)
        if i == 2:
            for h in (bad_h, "dgx-g-121"):
                per = {"all": {"temp": 34, "power": 71.0}}
                if h == "dgx-g-121":
                    per[1] = {"ecc": {"asc": 1}}
                files[pre + "%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(tq, c.gpus(h, per))
    files["notes.md"] = join([
        "# gpt-40b NaN",
        "",
        "- 6640312: NaN assertion at iteration 8127, loss curve smooth right up to it.",
        "- 6641950: resumed from iteration 8000 with --seed 1235 so the data order after the checkpoint is different. NaN assertion again at 8043.",
        "- LR schedule, data blend and code unchanged between the two runs. Same allocation (dgx-g-[117-118,121-122]) both times.",
    ])
    lab = label("gpu_hardware", "infrastructure", bad_h, bad_r, "restart_without_node",
                "Both runs stop on Megatron's NaN check with the same 'Rank %d ... Device: %d, node: %s' while the loss and grad norm were smooth up to the failure. "
                "The second run resumed from iteration 8000 with a different seed (different data order) and still produced the NaN on that one GPU at a different iteration, so it follows the hardware, not the data or the configuration. "
                "There are no Xid or ECC errors to point at, which fits silent data corruption on that GPU." % (bad_r, bad_l, bad_h),
                "https://github.com/microsoft/dion/issues/76")
    return "cn16_nan_grad_norm_follows_one_gpu_two_runs", files, lab


# ---------------------------------------------------------------------------
def cn17():
    rng = random.Random(9517)
    hosts = ["lambda-hgx-07", "lambda-hgx-08", "lambda-hgx-09", "lambda-hgx-10"]
    c = Cluster(rng, hosts, 8, "hgx_dell")
    bad_h, bad_l = "lambda-hgx-09", 3
    bad_r = c.rank(bad_h, bad_l)
    jid = 220871
    t0 = dt(2025, 2, 3, 6, 0, 12)
    files = {}
    files["job.sbatch"] = sbatch(jid, "ft-mistral", 4, "default",
                                 cmd="srun --label accelerate launch --multi_gpu --num_machines 4 --num_processes 32 --machine_rank $SLURM_NODEID --main_process_ip $MASTER_ADDR --main_process_port 29500 sft.py --config sft.yaml")
    L = ["Job %d starting at %s on lambda-hgx-[07-10]" % (jid, iso(t0, False))]
    t = add(t0, 95)
    total = 3600
    for s in range(25, total + 1, 25):
        L.append("0: {'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (1.21 * 0.9996 ** s + 0.58 + rng.uniform(-0.02, 0.02), 0.6 + rng.random() * 0.3, 1e-5 * (1 - s / total), 3.0 * s / total))
    t_end = add(t, total * 2.02)
    L.append("0: {'train_runtime': %.4f, 'train_samples_per_second': 127.034, 'train_steps_per_second': 0.496, 'train_loss': 0.8124611, 'epoch': 3.0}" % (total * 2.02))
    L.append("0: ***** eval metrics *****")
    L.append("0:   epoch                   =        3.0")
    L.append("0:   eval_loss               =     0.7341")
    L.append("0:   eval_runtime            = 0:01:12.40")
    L.append("0: Saving model checkpoint to /data/out/ft-mistral/final")
    L.append("Job %d finished at %s with exit code 0" % (jid, iso(add(t_end, 160), False)))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "ft-mistral", "default", "COMPLETED", "0:0", "02:05:49", "lambda-hgx-[07-10]"),
        ("%d.batch" % jid, "batch", "", "COMPLETED", "0:0", "02:05:49", "lambda-hgx-07"),
        ("%d.0" % jid, "accelerate", "", "COMPLETED", "0:0", "02:05:41", "lambda-hgx-[07-10]"),
    ])
    te = add(t_end, 170)
    for h in hosts:
        lines = ["[%s] epilog: job %d finished, running post-job GPU checks" % (iso(te), jid)]
        for l in range(8):
            vdc = 0
            adc = 0
            rc = 0
            if h == bad_h and l == bad_l:
                vdc, adc, rc = 2231, 5112, 6
            elif h == "lambda-hgx-07" and l == 6:
                vdc, adc = 0, 3
            lines.append("[%s] epilog: GPU %d %s ecc: volatile dram_corr=%d dram_uncorr=0 aggregate dram_corr=%d dram_uncorr=0 remapped_rows corr=%d uncorr=0 pending=No failure=No"
                         % (iso(add(te, 1)), l, "00000000:%s:00.0" % c.bus[l].upper(), vdc, adc, rc))
        if h == bad_h:
            lines.append("[%s] epilog: WARN GPU %d (00000000:%s:00.0) volatile DRAM correctable ECC 2231 during job %d exceeds soft threshold 500; node left in service, flagged for diagnostics (ticket auto-opened)" % (iso(add(te, 2)), bad_l, c.bus[bad_l].upper(), jid))
        tbl = dcgmi_standard(1, ",".join(["2330"] * 8), {}, driver="550.127.05")
        lines += tbl.rstrip("\n").split("\n")
        lines.append("[%s] epilog: done" % iso(add(te, 14)))
        files["%s/epilog-health.log" % h] = join(lines)
    for h in hosts:
        per = {"all": {"temp": 32, "power": 69.0}}
        if h == bad_h:
            per[bad_l] = {"ecc": {"vdc": 2231, "adc": 5112}, "remap": {"corr": 6, "max": 634, "high": 6}}
        if h == "lambda-hgx-07":
            per[6] = {"ecc": {"adc": 3}}
        files["%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(add(te, 5), c.gpus(h, per), driver="550.127.05")
    lab = label("gpu_memory", "infrastructure", bad_h, bad_r, "run_diagnostics",
                "Nothing failed: the job completed with exit code 0 and sensible eval metrics. "
                "But the epilog found GPU %d of %s (rank %d during the job) logged 2231 correctable DRAM ECC errors during this job alone, with 6 rows already remapped for correctable errors, while every other GPU is at or near zero; dcgmi diag -r 1 still passes. "
                "That is a degrading HBM worth a deeper diagnostic (dcgmi diag -r 3/4 or field diag) before it turns into uncorrectable errors." % (bad_l, bad_h, bad_r),
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")
    return "cn17_job_ok_but_correctable_ecc_climbing", files, lab


# ---------------------------------------------------------------------------
def cn18():
    rng = random.Random(9518)
    hosts = ["gpu-m-%03d" % i for i in range(203, 209)]
    c = Cluster(rng, hosts, 8, "dgx_h100")
    bad_h = "gpu-m-207"
    bi = hosts.index(bad_h)
    jid = 1337702
    t0 = dt(2024, 10, 8, 20, 15, 3)
    files = {}
    files["job.sbatch"] = sbatch(jid, "titan-13b", 6, "h100")
    L = ["Job %d starting at %s on gpu-m-[203-208]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    t = add(t0, 100)
    for s in range(10, 4201, 10):
        tt = add(t, s * 2.51)
        L.append("0: [rank0]:[titan] %s - root - INFO - step: %5d  loss: %7.4f  memory: 55.20GiB(69.77%%)  tps: %s  mfu: 31.%02d%%"
                 % (pyts(tt), s, 2.4 * 0.9997 ** s + 1.7, "{:,}".format(6530 + rng.randint(-40, 40)), rng.randint(0, 99)))
        if s % 300 == 0:
            med = 1.81 + rng.uniform(-0.01, 0.01)
            slow = [(bi * 8 + l, med * (1.34 + rng.uniform(0, 0.03))) for l in range(8)]
            slow.sort(key=lambda x: -x[1])
            nxt = [(r, med * (1.0 + rng.uniform(0, 0.02))) for r in rng.sample([x for x in range(48) if x // 8 != bi], 2)]
            L.append("0: [rank0]:[titan] %s - straggler - INFO - step %d fwd+bwd p50 %.2fs | slowest: %s | next: %s"
                     % (pyts(add(tt, 0.1)), s, med, " ".join("r%d=%.2fs" % x for x in slow), " ".join("r%d=%.2fs" % x for x in nxt)))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "titan-13b", "h100", "RUNNING", "0:0", "03:00:41", "gpu-m-[203-208]"),
        ("%d.0" % jid, "torchrun", "", "RUNNING", "0:0", "03:00:35", "gpu-m-[203-208]"),
    ])
    files["oncall-note.txt"] = join([
        "Job is ~25% below the throughput this config had last month. The rank-0 straggler hook keeps naming ranks 32-39.",
        "Pulled nvidia-smi -q, dmesg, ibstat and a level-2 dcgmi diag (on the spare node-local GPU partition is not possible, ran it in the 5 min checkpoint pause) from gpu-m-207, plus nvidia-smi -q from a healthy peer for comparison.",
    ])
    tq = add(t, 4200 * 2.51 + 30)
    for h in (bad_h, "gpu-m-205"):
        per = {"all": {"temp": 58, "power": 590.0, "sm_clock": 1980, "util": 96, "used_mib": 57120}}
        for l in range(8):
            per[l] = {"temp": 55 + rng.randint(0, 8), "power": 560 + rng.randint(0, 90)}
        files["%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(tq, c.gpus(h, per))
    D, boot = _base_dmesg(rng, bad_h, t0, days=15)
    files["%s/dmesg.txt" % bad_h] = _dmesg(D)
    I = []
    for k in range(8):
        I += ibstat_ca("mlx5_%d" % k, lid=rng.randint(100, 2000), rng=rng)
    files["%s/ibstat.txt" % bad_h] = join(I)
    files["%s/dcgmi-diag-r2.txt" % bad_h] = dcgmi_standard(2, ",".join(["2330"] * 8), {})
    files["%s/sel.txt" % bad_h] = sel_lines(sel_baseline(t0, rng))
    files["%s/top.txt" % bad_h] = join([
        "top - 23:17:12 up 15 days,  4:02,  0 users,  load average: 71.22, 70.96, 70.41",
        "Tasks: 1511 total,   9 running, 1502 sleeping,   0 stopped,   0 zombie",
        "%Cpu(s): 31.2 us,  2.1 sy,  0.0 ni, 66.4 id,  0.0 wa,  0.0 hi,  0.3 si,  0.0 st",
        "MiB Mem : 2063731.2 total, 1601220.4 free, 221845.0 used, 240665.8 buff/cache",
        "MiB Swap:      0.0 total,      0.0 free,      0.0 used. 1830480.2 avail Mem",
        "",
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
    ] + ["%7d tkowal    20   0  112.4g  21.3g   2.1g R 812.%d   1.1 %d:%02d.%02d python3" % (c.pid[(bad_h, l)], rng.randint(0, 9), 1300 + rng.randint(0, 99), rng.randint(0, 59), rng.randint(0, 99)) for l in range(8)]
      + ["   2871 root      20   0 2911312  71244  40016 S   1.0   0.0 211:04.12 nv-hostengine",
         "   1904 root      20   0  423112  32104  11264 S   0.3   0.0  44:17.01 slurmd"])
    lab = label("straggler", "infrastructure", bad_h, None, "run_diagnostics",
                "The job is still running but the rank-0 straggler hook names ranks 32-39, all eight ranks of %s, as ~35%% slower than the median at every report. "
                "Nothing on that node explains it: clocks are at 1980 MHz with no clock-event reasons, temperatures and power look like the healthy peer, dmesg and the SEL are clean, all IB ports are active, dcgmi diag -r 2 passes and no foreign process is running. "
                "A consistently slow node without a visible cause needs deeper diagnostics." % bad_h,
                "https://github.com/MIC-DKFZ/nnUNet/issues/1351")
    return "cn18_slow_node_no_hardware_reason", files, lab


# ---------------------------------------------------------------------------
def cn19():
    rng = random.Random(9519)
    hosts = ["roce-gpu-31", "roce-gpu-32", "roce-gpu-33", "roce-gpu-34"]
    c = Cluster(rng, hosts, 8, "hgx_smc")
    bad_h = "roce-gpu-33"
    ips = {h: "10.55.3.%d" % int(h[-2:]) for h in hosts}
    jid = 887410
    t0 = dt(2025, 3, 11, 4, 22, 51)
    files = {}
    files["job.sbatch"] = sbatch(jid, "qwen-ft", 4, "roce")
    files["hosts.txt"] = join(["%s %s" % (ips[h], h) for h in hosts])
    L = ["Job %d starting at %s on roce-gpu-[31-34]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    L.append("0: roce-gpu-31:%d:%d [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_2:1/RoCE [2]mlx5_4:1/RoCE [3]mlx5_6:1/RoCE [RO]; OOB ens3f0np0:%s<0>" % (c.pid[(hosts[0], 0)], c.pid[(hosts[0], 0)], ips[hosts[0]]))
    t = add(t0, 80)
    last = 2710
    for s in range(10, last + 1, 10):
        L.append("0: [rank0]: %s INFO step=%d loss=%.4f lr=%.2e it/s=%.2f" % (pyts(add(t, s * 1.9)), s, 1.4 * 0.9995 ** s + 0.7, 2e-5, 0.53))
    t_tx = add(t, last * 1.9 + 2.4)
    t_err = add(t_tx, 24)
    for k in range(22):
        h = rng.choice([x for x in hosts if x != bad_h])
        l = rng.randint(0, 7)
        ni = hosts.index(h)
        L.append(srun_label(ni) + "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s"
                 % (h, c.pid[(h, l)], c.pid[(h, l)] + 213, l, ips[bad_h], rng.randint(40000, 62000), ips[h], ips[bad_h]))
    for k in range(10):
        r = rng.choice([x for x in range(c.world) if c.where(x)[0] != bad_h])
        h, l = c.where(r)
        L.append(srun_label(hosts.index(h)) + "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, glog(add(t_err, rng.random() * 3)), r))
    bi = hosts.index(bad_h)
    for l in (1, 6):
        r = c.rank(bad_h, l)
        L.append(srun_label(bi) + "[rank%d]:[%s ProcessGroupNCCL.cpp:1423] [PG 0 (default_pg) Rank %d] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=2" % (r, glog(add(t_err, 480 + l)), r))
    _agents_fail(c, add(t_err, 490), L, srun_label, "train.py")
    for ni, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "qwen-ft", "roce", "FAILED", "1:0", "01:35:02", "roce-gpu-[31-34]"),
        ("%d.0" % jid, "torchrun", "", "FAILED", "1:0", "01:34:55", "roce-gpu-[31-34]"),
    ])
    for h in hosts:
        D, boot = _base_dmesg(rng, h, t0, days=30)
        if h == "roce-gpu-31":
            D.append((add(t0, -86400 * 1 - 700), "mlx5_core 0000:1b:00.1 ens3f1np1: Link down"))
            D.append((add(t0, -86400 * 1 - 690), "mlx5_core 0000:1b:00.1 ens3f1np1: Link up"))
        if h == bad_h:
            nic = "0000:4b:00.0"
            D += [(t_tx, "mlx5_core %s ens5f0np0: TX timeout detected" % nic),
                  (t_tx, "mlx5_core %s ens5f0np0: TX timeout on queue: 12, SQ: 0x1a8c, CQ: 0x7b1, SQ Cons: 0x9e2 SQ Prod: 0xa0f, usecs since last trans: 18412000" % nic),
                  (t_tx, "mlx5_core %s ens5f0np0: EQ 0x12: Cons = 0x3a81f, irqn = 0x1f3" % nic)]
            for k in range(6):
                tt = add(t_tx, 30 + k * 64)
                D += [(tt, "watchdog: BUG: soft lockup - CPU#38 stuck for %ds! [ksoftirqd/38:243]" % (26 + k * 64)),
                      (tt, "CPU: 38 PID: 243 Comm: ksoftirqd/38 Tainted: P           OEL     5.15.0-119-generic #129-Ubuntu")]
                if k == 0:
                    D += [(tt, "RIP: 0010:mlx5e_poll_ico_cq+0x8a/0x2d0 [mlx5_core]"),
                          (tt, "Call Trace:"), (tt, " <TASK>"),
                          (tt, " mlx5e_napi_poll+0xd5/0x6a0 [mlx5_core]"),
                          (tt, " __napi_poll+0x30/0x1a0"),
                          (tt, " net_rx_action+0x126/0x280"),
                          (tt, " __do_softirq+0xd9/0x2e7"),
                          (tt, " run_ksoftirqd+0x2b/0x40"),
                          (tt, " smpboot_thread_fn+0xd1/0x1d0"),
                          (tt, " </TASK>")]
        files["%s/dmesg.txt" % h] = _dmesg(D)
    files["%s/ibdev2netdev.txt" % bad_h] = join(["mlx5_0 port 1 ==> ens3f0np0 (Up)", "mlx5_1 port 1 ==> ens3f1np1 (Down)",
                                                  "mlx5_2 port 1 ==> ens4f0np0 (Up)", "mlx5_3 port 1 ==> ens4f1np1 (Down)",
                                                  "mlx5_4 port 1 ==> ens5f0np0 (Up)", "mlx5_5 port 1 ==> ens5f1np1 (Down)",
                                                  "mlx5_6 port 1 ==> ens6f0np0 (Up)", "mlx5_7 port 1 ==> ens6f1np1 (Down)"])
    lab = label("network", "infrastructure", bad_h, None, "restart_without_node",
                "Ranks on the three other nodes fail with RoCE completion status=12 against peer %s (%s), while %s's own ranks only die from the NCCL heartbeat monitor minutes later. "
                "That node's dmesg shows 'TX timeout detected' on ens5f0np0 (mlx5_4, one of the four NICs NCCL uses) followed by repeated soft lockups inside mlx5e_napi_poll: the NIC driver is wedged even though ibdev2netdev still reports the port Up. "
                "The link bounce on roce-gpu-31 is a day old on an unused port." % (ips[bad_h], bad_h, bad_h),
                "https://github.com/NVIDIA/NVSentinel/issues/1334")
    return "cn19_roce_nic_tx_timeout_napi_soft_lockup", files, lab


# ---------------------------------------------------------------------------
def cn20():
    rng = random.Random(9520)
    hosts = ["dgx-h-301", "dgx-h-302"]
    c = Cluster(rng, hosts, 8, "dgx_h100")
    bad_h, bad_l = "dgx-h-302", 7
    bad_r = c.rank(bad_h, bad_l)
    jid = 3390051
    t0 = dt(2025, 4, 22, 13, 7, 0)
    files = {}
    files["job.sbatch"] = sbatch(jid, "diffusion-xl", 2, "dgx", ntasks=8,
                                 cmd="srun python train_diffusion.py trainer.num_nodes=2 trainer.devices=8 trainer.precision=bf16-mixed")
    L = ["Job %d starting at %s on dgx-h-[301-302]" % (jid, iso(t0, False))]
    for r in range(16):
        L.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (r, r + 1))
    L += ["----------------------------------------------------------------------------------------------------",
          "distributed_backend=nccl", "All distributed processes registered. Starting with 16 processes",
          "----------------------------------------------------------------------------------------------------", ""]
    total = 2400
    for done in range(40, 1801, 40):
        pct = done * 100 // total
        L.append("Epoch 12:  %2d%%|%s| %d/%d [%02d:%02d<%02d:%02d,  1.21it/s, v_num=7, loss=0.0%d]"
                 % (pct, "\u2588" * (pct // 10) + " " * (10 - pct // 10), done, total, int(done / 1.21) // 60, int(done / 1.21) % 60, int((total - done) / 1.21) // 60, int((total - done) / 1.21) % 60, rng.randint(610, 690)))
    t_err = add(t0, 1805 / 1.21 + 40)
    tb = rank_tb(0, [
        ("/opt/diff/train_diffusion.py", 141, "<module>", "trainer.fit(model, datamodule=dm)"),
        ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
        ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/call.py", 46, "_call_and_handle_interrupt", "return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)"),
        ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/optimization/automatic.py", 320, "_optimizer_step", "call._call_lightning_module_hook("),
        ("/opt/diff/models/unet.py", 388, "forward", "h = self.mid_block(h, temb, context)"),
        ("/usr/local/lib/python3.10/dist-packages/torch/nn/functional.py", 5504, "scaled_dot_product_attention", "return torch._C._nn.scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal, scale=scale)"),
    ], ["RuntimeError: CUDA error: unspecified launch failure"] + CUDA_ERR_TAIL, prefix=False)
    L += tb
    L.append("[W%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only recently been added. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())" % glog(add(t_err, 1.1), ""))
    L.append("srun: error: %s: task %d: Exited with exit code 1" % (bad_h, bad_r))
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    L.append("slurmstepd: error: *** STEP %d.0 ON dgx-h-301 CANCELLED AT %s ***" % (jid, iso(add(t_err, 2), False)))
    L.append("srun: error: dgx-h-301: tasks 0-7: Killed")
    L.append("srun: error: dgx-h-302: tasks 8-14: Killed")
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "diffusion+", "dgx", "FAILED", "1:0", "00:31:27", "dgx-h-[301-302]"),
        ("%d.0" % jid, "python", "", "FAILED", "1:0", "00:31:21", "dgx-h-[301-302]"),
    ])
    for h in hosts:
        boot = add(t0, -86400 * 2)
        msgs = [(add(boot, i * 0.6), m) for i, m in enumerate(boot_noise(h, rng, driver="550.127.05"))]
        for k in range(5):
            msgs.append((add(t0, rng.randint(-20000, 1500)), job_noise(rng, h)))
        if h == bad_h:
            b = c.bus[bad_l]
            pid = c.pid[(h, bad_l)]
            msgs += [(add(t_err, -0.3), xid_line(b, 62, pid, "python", "0000a4b2(0000c5d2) 00000000 00000000")),
                     (add(t_err, -0.3), "NVRM: GPU at PCI:0000:%s:00: %s" % (b, c.uuid[(h, bad_l)])),
                     (add(t_err, -0.3), "NVRM: GPU Board Serial Number: %s" % c.serial[(h, bad_l)]),
                     (add(t_err, -0.2), xid_line(b, 154, None, None, "GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)"))]
            for l in range(8):
                msgs.append((add(t_err, 2.6 + 0.02 * l), xid_line(c.bus[l], 45, c.pid[(h, l)], "python", "Ch 000000%02x" % (8 + l))))
        msgs.sort(key=lambda x: x[0])
        files["%s/journal.txt" % h] = join([syslog(tt, h) + " " + m for tt, m in msgs])
    lab = label("gpu_hardware", "infrastructure", bad_h, bad_r, "restart_without_node",
                "srun reports task %d on %s as the only task that exited with an error (CUDA 'unspecified launch failure'); the rest were killed. "
                "The journal on %s shows Xid 62 (internal micro-controller halt) on PCI 0000:%s:00 (GPU %d) for that pid followed by Xid 154 'GPU Reset Required'; "
                "the Xid 45 lines on all eight GPUs two seconds later are just the processes being killed." % (bad_r, bad_h, bad_h, c.bus[bad_l], bad_l),
                "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return "cn20_xid62_then_xid45_on_every_gpu", files, lab


# ---------------------------------------------------------------------------
def cn21():
    rng = random.Random(9521)
    hosts = ["gpu-lp-011", "gpu-lp-012", "gpu-lp-013"]
    c = Cluster(rng, hosts, 4, "p4d", "a100")
    jid = 90213
    t0 = dt(2024, 5, 31, 22, 4, 19)
    t_pre = dt(2024, 6, 1, 3, 0, 12)
    files = {}
    files["job.sbatch"] = sbatch(jid, "wav2vec-l", 3, "preempt", ntasks=4, gpn=4,
                                 extra=["#SBATCH --requeue", "#SBATCH --signal=B:USR1@120", "#SBATCH --qos=low"],
                                 cmd="srun python train_w2v.py trainer.num_nodes=3 trainer.devices=4 +trainer.plugins=[slurm_auto_requeue]")
    L = ["Job %d starting at %s on gpu-lp-[011-013]" % (jid, iso(t0, False))]
    L += ["Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/12" % (r, r + 1) for r in range(12)]
    L += ["distributed_backend=nccl", "All distributed processes registered. Starting with 12 processes"]
    total = 6120
    for done in range(60, 4201, 60):
        pct = done * 100 // total
        L.append("Epoch 41:  %2d%%|%s| %d/%d [%02d:%02d<%02d:%02d,  2.85it/s, v_num=14, train_loss=0.%03d]"
                 % (pct, "\u2588" * (pct // 10) + " " * (10 - pct // 10), done, total, int(done / 2.85) // 60, int(done / 2.85) % 60, int((total - done) / 2.85) // 60, int((total - done) / 2.85) % 60, rng.randint(300, 360)))
    L += ["[rank: 0] Received SIGTERM: 15",
          "[rank: 0] Handling auto-requeue signal: 10",
          "[rank: 0] Saving checkpoint to /scratch/w2v/hpc_ckpt_42.ckpt",
          "[rank: 0] Requeued SLURM job: %d" % jid,
          "slurmstepd: error: *** STEP %d.0 ON gpu-lp-011 CANCELLED AT %s DUE TO PREEMPTION ***" % (jid, iso(t_pre, False)),
          "slurmstepd: error: *** JOB %d ON gpu-lp-011 CANCELLED AT %s DUE TO PREEMPTION ***" % (jid, iso(t_pre, False)),
          "[W%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. (function operator())" % glog(add(t_pre, 0.4), "")]
    for h in hosts:
        L.append("srun: error: %s: tasks %d-%d: Terminated" % (h, hosts.index(h) * 4, hosts.index(h) * 4 + 3))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "wav2vec-l", "preempt", "PREEMPTED", "0:15", "04:55:53", "gpu-lp-[011-013]"),
        ("%d.batch" % jid, "batch", "", "CANCELLED", "0:15", "04:55:53", "gpu-lp-011"),
        ("%d.0" % jid, "python", "", "CANCELLED", "0:15", "04:55:45", "gpu-lp-[011-013]"),
        (str(jid), "wav2vec-l", "preempt", "PENDING", "0:0", "00:00:00", "None assigned"),
    ])
    files["slurmctld-excerpt.log"] = join([
        "[%s] preempted JobId=%d has been requeued to reclaim resources for JobId=90388" % (iso(add(t_pre, -120)), jid),
        "[%s] _job_signal: of pending JobId=%d successful" % (iso(add(t_pre, -120)), jid),
        "[%s] job_complete: JobId=%d WTERMSIG 15" % (iso(add(t_pre, 1)), jid),
        "[%s] Requeuing JobId=%d" % (iso(add(t_pre, 2)), jid),
    ])
    for h in hosts:
        D, boot = _base_dmesg(rng, h, t0, days=9, driver="535.183.01")
        if h == "gpu-lp-011":
            tx = add(t0, -3 * 3600)
            D.append((tx, xid_line(c.bus[2], 31, 401877, "python", "Ch 00000018, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f44_a2410000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ")))
        if h == "gpu-lp-013":
            to = add(t0, -2 * 86400 - 3300)
            D += [(to, "ena 0000:20:00.0 eth2: Link down"),
                  (add(to, 6), "ena 0000:20:00.0 eth2: Link up")]
        files["%s/dmesg.txt" % h] = _dmesg(D)
    per = {"all": {"temp": 30, "power": 55.1}, 1: {"ecc": {"vsc": 2, "asc": 2}}}
    files["gpu-lp-012/nvidia-smi-q.txt"] = nvidia_smi_q(add(t_pre, 60), c.gpus("gpu-lp-012", per), driver="535.183.01")
    lab = label("unknown", "framework", None, None, "none",
                "Nothing failed: slurmctld preempted the low-QOS job for JobId 90388, Lightning caught the signal, wrote hpc_ckpt_42.ckpt and requeued the job, and sacct shows PREEMPTED plus a new pending instance. "
                "The Xid 31 on gpu-lp-011 is from an unrelated pid three hours before the job, the eth2 flap on gpu-lp-013 is two days old, and two correctable SRAM errors on gpu-lp-012 are noise.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/4265")
    return "cn21_preempted_cleanly_with_node_noise", files, lab


CASES = [cn15, cn16, cn17, cn18, cn19, cn20, cn21]
