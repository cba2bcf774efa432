"""Cases on PBS and LSF plus further Slurm endings (cd07, cd15-cd19, cd21-cd26,
cd28, cd29)."""
import random

from fmt import (T, plus, iso, stamp, stamp_ms, glog, glog_us, ctime, syslog_ts,
                 dmesg_T, dmesg_up, sacct, hms, Bundle, c10d_timeout, elastic_sigterm,
                 elastic_signal_traceback, child_failed, nvidia_smi_table, h100_gpus)
from cases_a import _megatron_iter

SITE = "/usr/local/lib/python3.10/dist-packages"
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def _lsf_date(t):
    return "%s %s %d %s %d" % (DAYS[t.weekday()], MONTHS[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.year)


# --------------------------------------------------------------------- cd07
def cd07():
    """PBS walltime kill after a 1h45 stall; every rank waits in the same all_reduce."""
    rnd = random.Random(8507)
    b = Bundle()
    nodes = ["x3004c0s13b0n0", "x3004c0s13b1n0", "x3004c0s19b0n0", "x3004c0s19b1n0"]
    job = "1843352.polaris-pbs-01"
    t0 = T(2024, 4, 22, 2, 10, 4)
    tstall = T(2024, 4, 22, 6, 24, 50)
    tk = plus(t0, 21615)
    out = ["Mon Apr 22 02:10:04 UTC 2024",
           "NUM_OF_NODES= 4 TOTAL_NUM_RANKS= 16 RANKS_PER_NODE= 4",
           "+ mpiexec -n 16 --ppn 4 --depth 16 --cpu-bind depth ./set_affinity_gpu_polaris.sh python3 train.py "
           "--config cfg/vit_h_mae.yaml"]
    t = plus(t0, 180)
    step = 0
    while True:
        step += 50
        t = plus(t, 50 * 3.02 + rnd.uniform(-0.4, 0.4))
        if t > tstall:
            break
        out.append("[%s][rank 0] step %6d | loss %.4f | lr %.3e | %.2f s/step | mem %.1f GB"
                   % (stamp(t), step, 0.42 - step * 1e-6 + rnd.uniform(-0.004, 0.004), 1.5e-4, 3.02, 36.1))
    out += [
        "=>> PBS: job killed: walltime 21615 exceeded limit 21600",
        "x3004c0s13b0n0.hsn.cm.polaris.alcf.anl.gov: rank 0 died from signal 15",
    ]
    b.lines("vit-mae.o%s" % job.split(".")[0], out)
    b.lines("qstat-xf.txt", [
        "Job Id: %s" % job,
        "    Job_Name = vit-mae",
        "    Job_Owner = jlee@polaris-login-02.hsn.cm.polaris.alcf.anl.gov",
        "    resources_used.cput = 1000:21:09",
        "    resources_used.ncpus = 256",
        "    resources_used.walltime = 06:00:15",
        "    job_state = F",
        "    queue = prod",
        "    exec_host = x3004c0s13b0n0/0*64+x3004c0s13b1n0/0*64+x3004c0s19b0n0/0*64+x3004c0s19b1n0/0*64",
        "    Exit_status = -29",
        "    Resource_List.walltime = 06:00:00",
        "    Resource_List.select = 4:system=polaris",
        "    comment = Job run at Mon Apr 22 at 02:10 on (x3004c0s13b0n0:ncpus=64)+... and failed",
    ])
    tdump = plus(tk, -1260)
    b.lines("hang_triage.txt", [
        "%s  no step output since 06:24. launched py-spy dump on every rank via pdsh." % stamp(plus(tdump, -60)),
        "%s  all 16 stacks identical (see <node>/py-spy-dump.txt). NCCL_DEBUG=WARN, nothing printed." % stamp(tdump),
        "%s  TORCH_NCCL timeout is the 2h default from the config (timeout_minutes: 120)." % stamp(plus(tdump, 30)),
    ])
    for i, n in enumerate(nodes):
        lines = []
        for lr in range(4):
            r = i * 4 + lr
            pid = 61200 + r * 3
            lines += [
                "Process %d: python3 train.py --config cfg/vit_h_mae.yaml" % pid,
                "Python v3.11.7 (/soft/applications/conda/2024-04-29/mconda3/bin/python3.11)",
                "",
                "Thread %d (idle): \"MainThread\"" % pid,
                "    ncclGroupEnd (libnccl.so.2)",
                "    c10d::ProcessGroupNCCL::allreduce_impl (libtorch_cuda.so)",
                "    all_reduce (torch/distributed/distributed_c10d.py:2288)",
                "    wrapper (torch/distributed/c10d_logger.py:79)",
                "    _get_total_norm (torch/nn/utils/clip_grad.py:85)",
                "    clip_grad_norm_ (torch/nn/utils/clip_grad.py:207)",
                "    train_step (mae/engine.py:141)",
                "    train_one_epoch (mae/engine.py:188)",
                "    main (train.py:309)",
                "    <module> (train.py:334)",
                "",
            ]
        b.lines("%s/py-spy-dump.txt" % n, lines)
        gp = [dict(temp=47 + k, perf="P0", pwr=238 + k * 3, cap=400, mem=37110, memtot=40960, util=100, ecc="0",
                   bus=["00000000:07:00.0", "00000000:46:00.0", "00000000:85:00.0", "00000000:C7:00.0"][k])
              for k in range(4)]
        b.lines("%s/nvidia-smi.txt" % n, nvidia_smi_table(tdump, n, gp, driver="535.154.05", cuda="12.2",
                                                         name="NVIDIA A100-SXM4-40GB",
                                                         procs=[(k, 61200 + (i * 4 + k) * 3, "python3", 37098)
                                                                for k in range(4)]))
        boot = T(2024, 4, 18, 16, 2 + i, 0)
        b.lines("%s/dmesg.txt" % n, [
            dmesg_up(plus(boot, 48), boot, "cxi_core 0000:c1:00.0: cxi0[hsn0] CXI_LINK_STATE: up"),
            dmesg_up(plus(boot, 49), boot, "cxi_core 0000:41:00.0: cxi1[hsn1] CXI_LINK_STATE: up"),
            dmesg_up(plus(t0, -20), boot, "Lustre: Mounted grand-client"),
        ])
    label = dict(category="hang", layer="infrastructure", culprit=None, action="restart",
                 rationale="Steps stopped 1h45 before the walltime kill (Exit_status -29), so the walltime is a symptom. "
                           "All 16 ranks are parked in the same all_reduce inside clip_grad_norm_, no rank is elsewhere, "
                           "and the nodes show no GPU or link errors. Nothing points at one rank or node.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/968")
    return "cd07_pbs_walltime_exceeded_no_progress", b, label


# --------------------------------------------------------------------- cd15
def cd15():
    """LSF TERM_RUNLIMIT with steady progress and a checkpoint 20 minutes earlier."""
    rnd = random.Random(8515)
    b = Bundle()
    nodes = ["h41n07", "h41n08", "h41n09", "h41n10"]
    job = 4711302
    tsub = T(2024, 3, 18, 8, 1, 12)
    t0 = T(2024, 3, 18, 8, 5, 40)
    tk = plus(t0, 21607)
    out = ["[%s] [INFO] [launch.py:256:main] process launched via jsrun, world size 24" % stamp_ms(plus(t0, 30))]
    t = plus(t0, 240)
    step = 0
    while True:
        step += 100
        t = plus(t, 100 * 1.402 + rnd.uniform(-0.5, 0.5))
        if t > plus(tk, -5):
            break
        if step % 400 == 0:
            out.append("[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.6e], mom=[(0.9, 0.95)]"
                       % (stamp_ms(t), step, 9.7e-5))
            out.append(" samples/sec: %.3f | iteration %8d/  320000 | elapsed time per iteration (ms): %.1f | "
                       "learning rate: %.3E | approx flops per GPU: 41.2TFLOPS | lm_loss: %.6E | loss scale: 65536.0 |"
                       % (730 + rnd.uniform(-3, 3), step, 1402 + rnd.uniform(-6, 6), 9.7e-5,
                          2.1 + 3 * 0.9998 ** step))
        if step % 5000 == 0:
            out.append("[%s] [INFO] [engine.py:3478:_save_zero_checkpoint] zero checkpoint saved "
                       "/gpfs/alpine/proj/neox/ckpt/global_step%d/zero_pp_rank_0_mp_rank_00_optim_states.pt"
                       % (stamp_ms(plus(t, 31)), step))
    out.append("User defined signal 2")
    out += [
        "",
        "------------------------------------------------------------",
        "Sender: LSF System <lsfadmin@batch3>",
        "Subject: Job %d: <neox-20b> in cluster <summit> Exited" % job,
        "",
        "Job <neox-20b> was submitted from host <login4> by user <kpatel> in cluster <summit> at %s" % _lsf_date(tsub),
        "Job was executed on host(s) <1*batch3>, in queue <batch>, as user <kpatel> in cluster <summit> at %s"
        % _lsf_date(t0),
    ] + ["                            <42*%s>" % n for n in nodes] + [
        "</ccs/home/kpatel> was used as the home directory.",
        "</gpfs/alpine/proj/neox> was used as the working directory.",
        "Started at %s" % _lsf_date(t0),
        "Terminated at %s" % _lsf_date(plus(tk, 7)),
        "Results reported at %s" % _lsf_date(plus(tk, 7)),
        "",
        "Your job looked like:",
        "",
        "------------------------------------------------------------",
        "# LSBATCH: User input",
        "#!/bin/bash",
        "#BSUB -P PROJ123",
        "#BSUB -W 6:00",
        "#BSUB -nnodes 4",
        "#BSUB -J neox-20b",
        "jsrun -n 24 -a 1 -c 7 -g 1 python deepy.py train.py configs/20B.yml",
        "------------------------------------------------------------",
        "",
        "TERM_RUNLIMIT: job killed after reaching LSF run time limit.",
        "Exited with exit code 140.",
        "",
        "Resource usage summary:",
        "",
        "    CPU time :                                   23.61 sec.",
        "    Max Memory :                                 101 MB",
        "    Average Memory :                             96.40 MB",
        "    Total Requested Memory :                     -",
        "    Delta Memory :                               -",
        "    Max Swap :                                   -",
        "    Max Processes :                              5",
        "    Max Threads :                                24",
        "    Run time :                                   21607 sec.",
        "    Turnaround time :                            %d sec." % (plus(tk, 7) - tsub).total_seconds(),
        "",
        "The output (if any) is above this job summary.",
    ]
    b.lines("neox-20b.%d.out" % job, out)
    b.lines("bhist-l.txt", [
        "Job <%d>, Job Name <neox-20b>, User <kpatel>, Project <PROJ123>, Command <#!/bin/bash>" % job,
        "%s: Submitted from host <login4>, to Queue <batch>, 4 Task(s);" % _lsf_date(tsub)[4:],
        "%s: Dispatched 1 Task(s) on Host(s) <batch3>;" % _lsf_date(t0)[4:],
        "%s: Starting (Pid 299812);" % _lsf_date(plus(t0, 1))[4:],
        "%s: Signal <USR2> requested by user or administrator <lsfadmin>;" % _lsf_date(tk)[4:],
        "%s: Completed <exit>; TERM_RUNLIMIT: job killed after reaching LSF run time limit." % _lsf_date(plus(tk, 7))[4:],
    ])
    for i, n in enumerate(nodes):
        b.lines("%s/jsrun-tasks.log" % n, ["task %d on %s gpu %d: exited on signal 12 (User defined signal 2)"
                                          % (i * 6 + k, n, k) for k in range(6)])
        b.lines("%s/dmesg.txt" % n, [
            dmesg_T(plus(t0, -9000), "NVRM: Xid (PCI:0004:05:00): 13, pid=%d, name=a.out, Graphics Exception: "
                    "ESR 0x51e730=0x101000e 0x51e734=0x0 0x51e728=0x4c1eb72 0x51e72c=0x174" % (101223 + i))
            if i == 1 else dmesg_T(plus(t0, -60), "nvidia-persistenced: device 0004:04:00.0 - persistence mode enabled."),
        ])
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="LSF ended the job with TERM_RUNLIMIT (exit 140) after the 6h -W limit, with steps logged "
                           "at a steady rate up to the signal and a ZeRO checkpoint (global_step15000) five minutes earlier. The Xid 13 on "
                           "h41n08 is from an a.out process hours before this job started.",
                 modelled_on="https://github.com/marbl/canu/issues/444")
    return "cd15_lsf_exit_code_140_user_signal_2", b, label


# --------------------------------------------------------------------- cd16
def cd16():
    """LSF bkill by owner after iteration time tripled; GPU 2 on lsf-gpu17 thermal throttling."""
    rnd = random.Random(8516)
    b = Bundle()
    nodes = ["lsf-gpu15", "lsf-gpu16", "lsf-gpu17", "lsf-gpu18"]
    job = 5120098
    t0 = T(2024, 9, 2, 7, 30, 0)
    tslow = T(2024, 9, 2, 11, 40, 0)
    tk = T(2024, 9, 2, 13, 12, 30)
    out = ["+ mpirun -np 32 -npernode 8 --bind-to none -x NCCL_DEBUG=WARN python pretrain_gpt.py "
           "--log-straggler --straggler-minmax-count 1"]
    t = plus(t0, 200)
    it = 0
    while True:
        slow = t > tslow
        ms = 1920 + rnd.uniform(-10, 10) if not slow else min(5800, 1920 + (t - tslow).total_seconds() * 0.9)
        it += 50
        t = plus(t, 50 * ms / 1000)
        if t > tk:
            break
        if it % 200 == 0:
            out.append(_megatron_iter(t, it, 80000, ms, 2e-4, 2.3 + 4 * 0.9997 ** it, gbs=256,
                                      grad="%.3f" % rnd.uniform(0.2, 0.4)))
            if not slow:
                out.append(" [%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: "
                           "%dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: 98%%/%d | MxUtl/Rnk: 100%%/0 | "
                           "MnClk/Rnk: %dMHz/%d | MxClk/Rnk: 1410MHz/0 | MnDRtt/Rnk: 11.21ms/9 | MxDRtt/Rnk: 19.44ms/27"
                           % (stamp(t), ms - 9, rnd.randint(0, 31), ms + 6, rnd.randint(0, 31), 371, 5, 402, 20,
                              44, 7, 68, 18, 12, 1395, 3))
            else:
                out.append(" [%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/18 | MnPwr/Rnk: %dW/18 | MxPwr/Rnk: "
                           "%dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/18 | MnUtl/Rnk: 61%%/%d | MxUtl/Rnk: 100%%/18 | "
                           "MnClk/Rnk: %dMHz/18 | MxClk/Rnk: 1410MHz/0 | MnDRtt/Rnk: 12.02ms/9 | MxDRtt/Rnk: %.2fms/%d"
                           % (stamp(t), 1890 + rnd.uniform(-5, 5), rnd.randint(0, 17), ms, 212, 397, 3, 45, 7,
                              rnd.choice([90, 91, 92]), rnd.randint(0, 17), rnd.choice([690, 705, 720]),
                              ms - 1880, rnd.randint(0, 17)))
    out += [
        "mpirun: Forwarding signal 18 to job",
        "--------------------------------------------------------------------------",
        "mpirun noticed that process rank 0 with PID 0 on node lsf-gpu15 exited on signal 15 (Terminated).",
        "--------------------------------------------------------------------------",
        "",
        "------------------------------------------------------------",
        "Sender: LSF System <lsfadmin@lsf-master1>",
        "Subject: Job %d: <gpt-6.7b> in cluster <aicl> Exited" % job,
        "",
        "Job <gpt-6.7b> was submitted from host <lsf-login1> by user <rsingh> in cluster <aicl> at %s"
        % _lsf_date(plus(t0, -420)),
        "Job was executed on host(s) <8*lsf-gpu15>, in queue <gpu_long>, as user <rsingh> in cluster <aicl> at %s"
        % _lsf_date(t0),
        "                            <8*lsf-gpu16>",
        "                            <8*lsf-gpu17>",
        "                            <8*lsf-gpu18>",
        "Started at %s" % _lsf_date(t0),
        "Terminated at %s" % _lsf_date(plus(tk, 4)),
        "Results reported at %s" % _lsf_date(plus(tk, 4)),
        "",
        "TERM_OWNER: job killed by owner.",
        "Exited with exit code 130.",
        "",
        "Resource usage summary:",
        "",
        "    CPU time :                                   1021883.00 sec.",
        "    Max Memory :                                 412233 MB",
        "    Run time :                                   %d sec." % (plus(tk, 4) - t0).total_seconds(),
        "",
        "The output (if any) is above this job summary.",
    ]
    b.lines("gpt-6.7b.%d.out" % job, out)
    b.lines("bhist-l.txt", [
        "Job <%d>, Job Name <gpt-6.7b>, User <rsingh>, Project <default>" % job,
        "%s: Dispatched 32 Task(s) on Host(s) <lsf-gpu15> <lsf-gpu16> <lsf-gpu17> <lsf-gpu18>;" % _lsf_date(t0)[4:],
        "%s: Signal <KILL> requested by user or administrator <rsingh>;" % _lsf_date(tk)[4:],
        "%s: Exited with exit code 130. The CPU time used is 1021883.0 seconds;" % _lsf_date(plus(tk, 4))[4:],
    ])
    for i, n in enumerate(nodes):
        gp = []
        for k in range(8):
            g = dict(temp=44 + (k * 3 + i) % 6, perf="P0", pwr=380 + (k * 5 + i) % 20, cap=400, mem=71211,
                     memtot=81920, util=100, ecc="0",
                     bus=["00000000:07:00.0", "00000000:0F:00.0", "00000000:47:00.0", "00000000:4E:00.0",
                          "00000000:87:00.0", "00000000:90:00.0", "00000000:B7:00.0", "00000000:BD:00.0"][k])
            if i == 2 and k == 2:
                g.update(temp=92, pwr=214, util=100)
            gp.append(g)
        b.lines("%s/nvidia-smi.txt" % n, nvidia_smi_table(plus(tk, -1500), n, gp, driver="535.183.06", cuda="12.2",
                                                         name="NVIDIA A100-SXM4-80GB"))
        boot = T(2024, 8, 20, 6, i, 0)
        b.lines("%s/dmesg.txt" % n, [dmesg_T(plus(boot, 52), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  "
                                                             "535.183.06  Wed Jun 26 06:46:07 UTC 2024")])
    b.lines("lsf-gpu17/nvidia-smi-q-gpu2.txt", [
        "==============NVSMI LOG==============",
        "",
        "Timestamp                                 : %s" % ctime(plus(tk, -1480)),
        "Driver Version                            : 535.183.06",
        "",
        "GPU 00000000:47:00.0",
        "    Product Name                          : NVIDIA A100-SXM4-80GB",
        "    Clocks Event Reasons",
        "        Idle                              : Not Active",
        "        Applications Clocks Setting       : Not Active",
        "        SW Power Cap                      : Not Active",
        "        HW Slowdown                       : Active",
        "            HW Thermal Slowdown           : Active",
        "            HW Power Brake Slowdown       : Not Active",
        "        Sync Boost                        : Not Active",
        "        SW Thermal Slowdown               : Active",
        "        Display Clock Setting             : Not Active",
        "    Temperature",
        "        GPU Current Temp                  : 92 C",
        "        GPU T.Limit Temp                  : -7 C",
        "        GPU Shutdown Temp                 : 92 C",
        "        GPU Slowdown Temp                 : 89 C",
        "        GPU Max Operating Temp            : 85 C",
        "        Memory Current Temp               : 88 C",
        "    Clocks",
        "        Graphics                          : 705 MHz",
        "        SM                                : 705 MHz",
        "        Memory                            : 1593 MHz",
    ])
    b.lines("lsf-gpu17/ipmi-sdr-fans.txt", [
        "FAN1             | 11400 RPM         | ok",
        "FAN2             | 11280 RPM         | ok",
        "FAN3             | 0 RPM             | cr",
        "FAN4             | 11520 RPM         | ok",
        "FAN5             | 11460 RPM         | ok",
        "FAN6             | 11340 RPM         | ok",
    ])
    b.lines("lsf-gpu17/sel.txt", [
        "  4f | 09/02/2024 | 11:37:52 | Fan FAN3 | Lower Critical going low  | Asserted",
        "  50 | 09/02/2024 | 11:37:52 | Fan FAN3 | Lower Non-recoverable going low  | Asserted",
    ])
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "lsf-gpu17", "rank": 18},
                 action="restart_without_node",
                 rationale="The owner killed the job (TERM_OWNER) because iteration time tripled from about 11:40. "
                           "The straggler report then names rank 18 for max time, max temperature and min clock, which "
                           "is GPU 2 of lsf-gpu17. That GPU shows HW thermal slowdown at 92 C and 705 MHz, and the "
                           "node's FAN3 failed at 11:37.",
                 modelled_on="https://github.com/mlfoundations/open_clip/issues/703")
    return "cd16_lsf_term_owner_after_slowdown", b, label


# --------------------------------------------------------------------- cd17
def cd17():
    """torchrun restarted the worker group once after an object-store read timeout; run completed."""
    rnd = random.Random(8517)
    b = Bundle()
    nodes = ["a100-r07", "a100-r08"]
    job = 1187345
    t0 = T(2024, 6, 5, 20, 0, 1)
    tf = T(2024, 6, 6, 3, 12, 44)
    tr = plus(tf, 48)
    out = ["+ srun torchrun --nnodes 2 --nproc-per-node 8 --max-restarts 3 --rdzv-backend c10d "
           "--rdzv-endpoint a100-r07:29500 train.py --resume auto --data s3://corpus-shards/en-v4/"]
    t = plus(t0, 100)
    s = 0
    while t < tf:
        s += 500
        t = plus(t, 500 * 0.93)
        if t < tf:
            out.append("%s | step %6d | loss %.4f | lr %.2e" % (stamp(t), s, 2.6 - s * 1.2e-5, 2e-4))
            if s % 6000 == 0:
                out.append("%s | saved checkpoint step_%06d" % (stamp(plus(t, 12)), s))
    last_ck = (s // 6000) * 6000
    tb = [
        "[rank11]: Traceback (most recent call last):",
        '[rank11]:   File "%s/urllib3/response.py", line 712, in _error_catcher' % SITE,
        "[rank11]:     yield",
        "[rank11]: TimeoutError: The read operation timed out",
        "[rank11]: During handling of the above exception, another exception occurred:",
        '[rank11]:   File "/workspace/train.py", line 288, in <module>',
        "[rank11]:     main()",
        '[rank11]:   File "/workspace/data/s3_shards.py", line 74, in __iter__',
        "[rank11]:     body = self.client.get_object(Bucket=b, Key=k)[\"Body\"].read()",
        '[rank11]:   File "%s/botocore/response.py", line 101, in read' % SITE,
        "[rank11]:     raise ReadTimeoutError(endpoint_url=self._endpoint_url, error=e)",
        "[rank11]: botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: \"https://s3.us-west-2."
        "amazonaws.com/corpus-shards/en-v4/shard-018231.tar\"",
    ]
    out += tb
    out.append("%s 70211 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 3 "
               "(pid: 70225) of binary: /usr/bin/python3" % glog_us(plus(tf, 3), "E"))
    for r in (2, 5):
        out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 0 Rank %d] Process group watchdog thread terminated "
                   "with exception: NCCL error: remote process exited or there was a network error, NCCL version "
                   "2.20.5" % (r, glog(plus(tf, 5 + r * 0.01)), r))
    out += [
        "%s 70211 torch/distributed/elastic/agent/server/api.py:894] [default] Worker group FAILED. 3/3 attempts "
        "left; will restart worker group" % glog_us(plus(tf, 6), "I"),
        "%s 70211 torch/distributed/elastic/agent/server/api.py:703] [default] Stopping worker group"
        % glog_us(plus(tf, 6.1), "I"),
        "%s 69980 torch/distributed/elastic/agent/server/api.py:916] [default] Detected 1 new nodes from group_rank=1; "
        "will restart worker group" % glog_us(plus(tf, 36), "I"),
        "%s 69980 torch/distributed/elastic/agent/server/api.py:525] [default] Rendezvous complete for workers. "
        "Result:" % glog_us(plus(tr, -2), "I"),
        "  restart_count=1",
        "  master_addr=a100-r07",
        "  master_port=41873",
        "  group_rank=0",
        "  group_world_size=2",
        "%s | resuming from checkpoint step_%06d" % (stamp(plus(tr, 30)), last_ck),
    ]
    t = plus(tr, 60)
    s = last_ck
    while s < 30000:
        s += 500
        t = plus(t, 500 * 0.93)
        out.append("%s | step %6d | loss %.4f | lr %.2e" % (stamp(t), s, 2.6 - s * 1.2e-5, 2e-4))
        if s % 6000 == 0 or s == 30000:
            out.append("%s | saved checkpoint step_%06d" % (stamp(plus(t, 12)), s))
    tend = plus(t, 20)
    out += ["%s | training finished: 30000 steps" % stamp(tend)]
    for a in (69980, 70211):
        out.append("%s %d torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully "
                   "finished. Waiting 300 seconds for other agents to finish." % (glog_us(plus(tend, 2), "I"), a))
    b.lines("slurm-%d.out" % job, out)
    el = hms((plus(tend, 4) - t0).total_seconds())
    b.add("sacct.txt", sacct([
        [str(job), "en-v4-1b", "a100", "2", "COMPLETED", "0:0", el, "12:00:00", "a100-r[07-08]"],
        ["%d.batch" % job, "batch", "", "1", "COMPLETED", "0:0", el, "", "a100-r07"],
        ["%d.0" % job, "torchrun", "", "2", "COMPLETED", "0:0", el, "", "a100-r[07-08]"],
    ]))
    for i, n in enumerate(nodes):
        b.lines("%s/dmesg.txt" % n, [dmesg_T(plus(t0, -7200), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  "
                                                               "550.54.15  Tue Mar  5 22:23:56 UTC 2024")])
    b.lines("a100-r08/rank11.log", tb[-1:])
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="The only failure was a transient S3 read timeout on rank 11. torchrun restarted the worker "
                           "group (restart_count=1), it resumed from the last checkpoint and finished all 30000 steps. "
                           "sacct says COMPLETED 0:0, so nothing needs to be done.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/76198")
    return "cd17_worker_group_failed_then_restarted", b, label


# --------------------------------------------------------------------- cd18
def cd18():
    """Lightning job completed; one node carries Xid 13/43 from another user's job three days earlier."""
    rnd = random.Random(8518)
    b = Bundle()
    nodes = ["sc-gpu-031", "sc-gpu-032", "sc-gpu-033", "sc-gpu-034"]
    job = 902144
    t0 = T(2024, 12, 9, 9, 0, 3)
    tend = T(2024, 12, 9, 21, 47, 18)
    out = ["GPU available: True (cuda), used: True",
           "TPU available: False, using: 0 TPU cores",
           "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32",
           "----------------------------------------------------------------------------------------------------",
           "distributed_backend=nccl",
           "All distributed processes registered. Starting with 32 processes",
           "----------------------------------------------------------------------------------------------------",
           "",
           "  | Name  | Type            | Params | Mode ",
           "--------------------------------------------------",
           "0 | model | DiffusionTransformer | 2.1 B | train",
           "--------------------------------------------------"]
    for k in range(1, 11):
        s = k * 5000
        out.append("Epoch %d: 100%%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 5000/5000 "
                   "[1:16:4%d<00:00,  1.09it/s, v_num=2k1x, train_loss=0.%03d]" % (k - 1, k % 10, 140 - k * 3))
    out += ["`Trainer.fit` stopped: `max_steps=50000` reached.",
            "[rank: 0] Saved final checkpoint to /scratch/dit2b/checkpoints/last.ckpt"]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "dit-2b", "gpu", "4", "COMPLETED", "0:0", hms((tend - t0).total_seconds()), "16:00:00",
         "sc-gpu-[031-034]"],
        ["%d.batch" % job, "batch", "", "1", "COMPLETED", "0:0", hms((tend - t0).total_seconds()), "", "sc-gpu-031"],
        ["%d.0" % job, "python", "", "4", "COMPLETED", "0:0", hms((tend - t0).total_seconds() - 6), "",
         "sc-gpu-[031-034]"],
    ]))
    old = T(2024, 12, 6, 15, 41, 9)
    for i, n in enumerate(nodes):
        lines = [dmesg_T(T(2024, 11, 28, 7, 3, 12), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  "
                         "Tue Oct  8 03:22:07 UTC 2024")]
        if n == "sc-gpu-033":
            lines += [
                dmesg_T(old, "NVRM: Xid (PCI:0000:4e:00): 13, pid=28812, name=python, Graphics SM Warp Exception on "
                        "(GPC 4, TPC 1, SM 0): Out Of Range Address"),
                dmesg_T(old, "NVRM: Xid (PCI:0000:4e:00): 13, pid=28812, name=python, Graphics SM Global Exception on "
                        "(GPC 4, TPC 1, SM 0): Multiple Warp Errors"),
                dmesg_T(old, "NVRM: Xid (PCI:0000:4e:00): 13, pid=28812, name=python, Graphics Exception: ESR "
                        "0x524648=0x103000e 0x524650=0x20 0x524644=0xd3eff2 0x52464c=0x17f"),
                dmesg_T(plus(old, 1), "NVRM: Xid (PCI:0000:4e:00): 43, pid=28812, name=python, Ch 00000008"),
            ]
        lines.append(dmesg_T(plus(t0, -4), "IPv6: ADDRCONF(NETDEV_CHANGE): enp170s0np0: link becomes ready"))
        b.lines("%s/dmesg.txt" % n, lines)
        b.lines("%s/nvidia-smi.txt" % n, nvidia_smi_table(plus(tend, 300), n, h100_gpus(seed_off=i),
                                                         driver="550.127.05"))
    b.lines("sc-gpu-033/sacct_node_history.txt", [
        "JobID           User      JobName      Start               End                 State       ExitCode",
        "------------ --------- ----------- ------------------- ------------------- ---------- --------",
        "897702          tgarcia   cuda-lab1    2024-12-06T15:12:40 2024-12-06T15:41:11 FAILED          1:0",
        "899315          akumar    ppo-sweep    2024-12-07T08:00:02 2024-12-08T02:14:55 COMPLETED       0:0",
        "%d          pwong     dit-2b       %s %s COMPLETED       0:0" % (job, iso(t0), iso(tend)),
    ])
    b.lines("sc-gpu-033/nvidia-smi-q-gpu4.txt", [
        "GPU 00000000:4E:00.0",
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 0",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
    ])
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="The job ran to max_steps, saved last.ckpt and sacct shows COMPLETED 0:0. The Xid 13/43 on "
                           "sc-gpu-033 are dated 6 Dec, three days before this job, and belong to pid 28812 of another "
                           "user's failed job; ECC and remap counters are clean.",
                 modelled_on="https://github.com/Azure/azurehpc/pull/648")
    return "cd18_completed_node_dmesg_has_xid_13_43", b, label


# --------------------------------------------------------------------- cd19
def cd19():
    """IB link down on one port of gpu-e06; async error handling off, so the job hangs to its time limit."""
    rnd = random.Random(8519)
    b = Bundle()
    nodes = ["gpu-e%02d" % i for i in range(1, 9)]
    job = 3312560
    t0 = T(2024, 10, 21, 13, 0, 2)
    tlink = T(2024, 10, 21, 17, 40, 2)
    tl = T(2024, 10, 21, 19, 0, 2)
    bad = 5
    ips = ["10.12.%d.16" % (k + 1) for k in range(8)]
    out = ["+ export TORCH_NCCL_ASYNC_ERROR_HANDLING=0 NCCL_IB_TIMEOUT=22 NCCL_IB_RETRY_CNT=7 NCCL_DEBUG=WARN",
           "+ srun torchrun --nnodes 8 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint gpu-e01:29500 "
           "train.py --cfg cfgs/moe_16x3b.yaml --timeout-min 30"]
    t = plus(t0, 150)
    s = 0
    while True:
        s += 50
        t = plus(t, 50 * 2.47 + rnd.uniform(-0.3, 0.3))
        if t > tlink:
            break
        out.append("%s rank0 step=%d loss=%.4f aux_loss=%.4f tflops=%.1f" % (stamp_ms(t), s, 2.2 + 3 * 0.9996 ** s,
                                                                            0.011, 388 + rnd.uniform(-2, 2)))
    for lr in (6, 7):
        r = bad * 8 + lr
        pid = 402200 + lr
        for peer in (2, 7):
            out.append("%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 "
                       "len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s"
                       % (nodes[bad], pid, pid + 611, lr, ips[peer], 51000 + peer, ips[bad], ips[peer]))
        out.append("%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (nodes[bad], pid, pid + 611, lr))
        out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1785] [PG 0 Rank %d] Exception (either an error or timeout) "
                   "detected by watchdog at work: 188210, last enqueued NCCL work: 188211, last completed NCCL work: "
                   "188209." % (r, glog(plus(tlink, 131 + lr)), r))
        out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:577] [Rank %d] NCCL error: remote process exited or there was a "
                   "network error, NCCL version 2.21.5" % (r, glog(plus(tlink, 131.001 + lr)), r))
    for r in (0, 9, 17, 33, 46, 50, 63):
        out += c10d_timeout(plus(tlink, 1800 + r * 0.05), r, 188210, "ALLTOALL_BASE", 25165824, 1800000, 1800031)[:1]
        out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG 0 Rank %d] Timeout at NCCL work: 188210, last enqueued "
                   "NCCL work: 188210, last completed NCCL work: 188209." % (r, glog(plus(tlink, 1800.1 + r * 0.05)), r))
    out += [
        "slurmstepd: error: *** JOB %d ON gpu-e01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tl)),
        "slurmstepd: error: *** STEP %d.0 ON gpu-e01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tl)),
    ]
    out += ["srun: error: gpu-e%02d: task %d: Terminated" % (i + 1, i) for i in range(8)]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "moe-16x3b", "h100", "8", "TIMEOUT", "0:0", "06:00:11", "06:00:00", "gpu-e[01-08]"],
        ["%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", "06:00:13", "", "gpu-e01"],
        ["%d.0" % job, "torchrun", "", "8", "CANCELLED", "0:15", "05:59:38", "", "gpu-e[01-08]"],
    ]))
    b.json("topology.json", {"topology": {"leaf-sw1": nodes[:4], "leaf-sw2": nodes[4:]}})
    for i, n in enumerate(nodes):
        boot = T(2024, 10, 14, 9, 10 + i, 0)
        lines = [dmesg_up(plus(boot, 60), boot, "mlx5_core 0000:%02x:00.0: mlx5_cmd_init:2318:(pid 1): "
                          "firmware version: 28.39.2048" % 0x1a)]
        if i == bad:
            lines += [
                dmesg_up(tlink, boot, "mlx5_core 0000:9c:00.0: mlx5_port_module_event:1143:(pid 0): Port module event: "
                         "module 3, Cable error (Bad or shorted cable/module)"),
                dmesg_up(plus(tlink, 0.002), boot, "mlx5_core 0000:9c:00.0 ibp156s0: Link down"),
                dmesg_up(plus(tlink, 4.1), boot, "infiniband mlx5_3: ib_cache_update: ib_query_port failed (-5)"),
                dmesg_up(plus(tlink, 131), boot, "mlx5_core 0000:9c:00.0: mlx5_ib_event:3098:(pid 402813): warning: "
                         "event on port 1, QP 0x1a7f2: retry exceeded"),
            ]
        b.lines("%s/dmesg.txt" % n, lines)
        ib = []
        for k in range(4):
            down = (i == bad and k == 3)
            ib += ["CA 'mlx5_%d'" % k,
                   "\tCA type: MT4129",
                   "\tNumber of ports: 1",
                   "\tFirmware version: 28.39.2048",
                   "\tPort 1:",
                   "\t\tState: %s" % ("Down" if down else "Active"),
                   "\t\tPhysical state: %s" % ("Polling" if down else "LinkUp"),
                   "\t\tRate: %d" % (10 if down else 400),
                   "\t\tBase lid: %d" % (100 + i * 4 + k),
                   "\t\tLink layer: InfiniBand"]
        b.lines("%s/ibstat.txt" % n, ib)
    b.lines("gpu-e06/nccl_topo_note.txt", ["GPU6,GPU7 -> NIC mlx5_3 (PIX) per NCCL_TOPO_DUMP_FILE"])
    label = dict(category="network", layer="infrastructure", culprit={"node": "gpu-e06", "rank": None},
                 action="restart_without_node",
                 rationale="At 17:40 gpu-e06 logged a bad cable/module and link down on mlx5_3, and ibstat still shows "
                           "that port Down/Polling. Its ranks 46-47, which use that NIC, got IB retry-exceeded "
                           "completions. With async error handling off the job hung there for 80 minutes until the time "
                           "limit; the later watchdog timeouts on other ranks are sympathetic.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1405")
    return "cd19_time_limit_after_ib_retry_errors", b, label


# --------------------------------------------------------------------- cd21
def cd21():
    """Training reached 100%, then trainer.save_state() on rank 0 failed on a tensor in log_history."""
    rnd = random.Random(8521)
    b = Bundle()
    nodes = ["gpu-k%02d" % i for i in range(1, 5)]
    job = 3902271
    t0 = T(2024, 3, 8, 19, 2, 11)
    tdone = T(2024, 3, 9, 8, 23, 51)
    out = ["+ srun torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint gpu-k01:29500 "
           "train.py --model_name_or_path /models/llama-2-13b --data_path alpaca_data.json --bf16 True "
           "--num_train_epochs 3 --fsdp \"full_shard auto_wrap\" --callbacks perplexity"]
    total = 2436
    for s in range(10, total + 1, 10):
        if s % 100 == 0 or s == total:
            out.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f, 'ppl': "
                       "tensor(%.4f, device='cuda:0')}" % (1.2 - s * 1.5e-4 + rnd.uniform(-0.02, 0.02),
                                                           rnd.uniform(0.5, 1.2), 2e-5 * (1 - s / total),
                                                           3.0 * s / total, 3.3 - s * 5e-4))
    out.append("100%%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| %d/%d [13:21:40<00:00, 19.74s/it]"
               % (total, total))
    out.append("{'train_runtime': 48100.2, 'train_samples_per_second': 3.24, 'train_steps_per_second': 0.051, "
               "'train_loss': 0.8121, 'epoch': 3.0}")
    tb = [
        "[rank0]: Traceback (most recent call last):",
        '[rank0]:   File "/workspace/stanford_alpaca/train.py", line 222, in <module>',
        "[rank0]:     train()",
        '[rank0]:   File "/workspace/stanford_alpaca/train.py", line 217, in train',
        "[rank0]:     trainer.save_state()",
        '[rank0]:   File "%s/transformers/trainer_pt_utils.py", line 1045, in save_state' % SITE,
        "[rank0]:     self.state.save_to_json(path)",
        '[rank0]:   File "%s/transformers/trainer_callback.py", line 113, in save_to_json' % SITE,
        "[rank0]:     json_string = json.dumps(dataclasses.asdict(self), indent=2, sort_keys=True) + \"\\n\"",
        '[rank0]:   File "/usr/lib/python3.10/json/__init__.py", line 238, in dumps',
        "[rank0]:     **kw).encode(obj)",
        '[rank0]:   File "/usr/lib/python3.10/json/encoder.py", line 431, in _iterencode',
        "[rank0]:     yield from _iterencode_dict(o, _current_indent_level)",
        '[rank0]:   File "/usr/lib/python3.10/json/encoder.py", line 438, in _iterencode',
        "[rank0]:     o = _default(o)",
        '[rank0]:   File "/usr/lib/python3.10/json/encoder.py", line 179, in default',
        "[rank0]:     raise TypeError(f'Object of type {o.__class__.__name__} '",
        "[rank0]: TypeError: Object of type Tensor is not JSON serializable",
    ]
    out += tb
    tfail = plus(tdone, 14)
    out += ["%s 55021 torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
            % (glog_us(plus(tfail, 1 + k * 0.001), "W"), 55031 + k) for k in range(1, 8)]
    for r in (9, 17, 30):
        out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 0 Rank %d] Process group watchdog thread terminated "
                   "with exception: NCCL error: remote process exited or there was a network error, NCCL version "
                   "2.19.3" % (r, glog(plus(tfail, 3 + r * 0.01)), r))
    out.append("%s 55021 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 "
               "(pid: 55031) of binary: /usr/bin/python" % glog_us(plus(tfail, 4), "E"))
    out += child_failed("train.py", tfail, "gpu-k01", 0, 0, 1, 55031,
                        "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    out += ["srun: error: gpu-k01: task 0: Exited with exit code 1"]
    out += ["srun: error: gpu-k%02d: task %d: Exited with exit code 1" % (i + 1, i) for i in range(1, 4)]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "alpaca-13b", "h100", "4", "FAILED", "1:0", hms((plus(tfail, 20) - t0).total_seconds()),
         "16:00:00", "gpu-k[01-04]"],
        ["%d.batch" % job, "batch", "", "1", "FAILED", "1:0", hms((plus(tfail, 20) - t0).total_seconds()), "", "gpu-k01"],
        ["%d.0" % job, "torchrun", "", "4", "FAILED", "1:0", hms((plus(tfail, 18) - t0).total_seconds()), "",
         "gpu-k[01-04]"],
    ]))
    b.lines("callbacks_perplexity.py", [
        "from transformers import TrainerCallback",
        "import torch",
        "",
        "class PerplexityCallback(TrainerCallback):",
        "    def on_log(self, args, state, control, logs=None, **kwargs):",
        "        if logs is not None and \"loss\" in logs:",
        "            logs[\"ppl\"] = torch.exp(torch.tensor(logs[\"loss\"], device=\"cuda\"))",
    ])
    for i, n in enumerate(nodes):
        b.lines("%s/dmesg.txt" % n, [dmesg_T(plus(t0, -3600 * 30), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  "
                                                                    "535.161.07  Sat Feb 17 22:55:48 UTC 2024")])
    b.lines("gpu-k01/rank0.log", tb[-1:])
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="All 2436 steps finished, then rank 0 crashed in trainer.save_state() with 'Object of type "
                           "Tensor is not JSON serializable'. The user's PerplexityCallback writes a CUDA tensor ('ppl') "
                           "into the logs that go into log_history. The NCCL errors on other ranks follow that exit.",
                 modelled_on="https://github.com/tatsu-lab/stanford_alpaca/issues/314")
    return "cd21_failed_after_100_percent_progress", b, label


# --------------------------------------------------------------------- cd22
def cd22():
    """Final checkpoint written, then every rank hangs in destroy_process_group until the time limit."""
    rnd = random.Random(8522)
    b = Bundle()
    nodes = ["hpc-m01", "hpc-m02"]
    job = 660431
    t0 = T(2024, 2, 26, 19, 0, 3)
    tdone = T(2024, 2, 27, 3, 14, 7)
    tl = T(2024, 2, 27, 7, 0, 3)
    out = ["+ srun --ntasks-per-node=8 python pretrain_gpt.py --train-iters 100000 --save /fsx/ckpt/gpt1b3 "
           "--distributed-timeout-minutes 600"]
    t = plus(t0, 200)
    it = 88000
    out.append(" loading checkpoint from /fsx/ckpt/gpt1b3 at iteration 88000")
    while it < 100000:
        it += 500
        t = plus(t, 500 * 2.44)
        out.append(_megatron_iter(t, it, 100000, 2440 + rnd.uniform(-8, 8), 3e-5, 2.51 - it * 1e-6, gbs=512))
    out += [
        "saving checkpoint at iteration   100000 to /fsx/ckpt/gpt1b3 in torch_dist format",
        "  successfully saved checkpoint from iteration   100000 to /fsx/ckpt/gpt1b3 [ t 1/1, p 1/1 ]",
        "[after training is done] datetime: %s " % stamp(tdone),
        "[%s] rank 0: calling torch.distributed.destroy_process_group()" % stamp(plus(tdone, 1)),
        "slurmstepd: error: *** JOB %d ON hpc-m01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tl)),
        "slurmstepd: error: *** STEP %d.0 ON hpc-m01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tl)),
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "srun: error: hpc-m01: tasks 0-7: Terminated",
        "srun: error: hpc-m02: tasks 8-15: Terminated",
    ]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "gpt1b3", "gpu", "2", "TIMEOUT", "0:0", "12:00:13", "12:00:00", "hpc-m[01-02]"],
        ["%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", "12:00:15", "", "hpc-m01"],
        ["%d.0" % job, "python", "", "2", "CANCELLED", "0:15", "11:59:41", "", "hpc-m[01-02]"],
    ]))
    b.lines("ckpt_listing.txt", [
        "$ cat /fsx/ckpt/gpt1b3/latest_checkpointed_iteration.txt",
        "100000",
        "$ ls -la /fsx/ckpt/gpt1b3/iter_0100000/",
        "-rw-r--r-- 1 svc-ml ml 2810223616 Feb 27 03:13 __0_0.distcp",
        "-rw-r--r-- 1 svc-ml ml 2810219520 Feb 27 03:13 __1_0.distcp",
        "-rw-r--r-- 1 svc-ml ml     612908 Feb 27 03:13 .metadata",
        "-rw-r--r-- 1 svc-ml ml        409 Feb 27 03:13 common.pt",
        "-rw-r--r-- 1 svc-ml ml       4821 Feb 27 03:13 metadata.json",
    ])
    tdump = T(2024, 2, 27, 6, 40, 12)
    for i, n in enumerate(nodes):
        lines = []
        for lr in range(8):
            pid = 20400 + i * 100 + lr
            lines += ["Process %d: python pretrain_gpt.py --train-iters 100000" % pid,
                      "Python v3.10.12 (/usr/bin/python3.10)", "",
                      "Thread %d (idle): \"MainThread\"" % pid,
                      "    ncclCommDestroy (libnccl.so.2)" if lr % 2 == 0 else "    ncclCommAbort (libnccl.so.2)",
                      "    c10d::ProcessGroupNCCL::shutdown (libtorch_cuda.so)",
                      "    destroy_process_group (torch/distributed/distributed_c10d.py:1815)",
                      "    main (pretrain_gpt.py:291)",
                      "    <module> (pretrain_gpt.py:295)", ""]
        b.lines("%s/py-spy-dump.txt" % n, lines)
        b.lines("%s/dmesg.txt" % n, [dmesg_T(plus(t0, -80000), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  "
                                                                "535.129.03  Thu Oct 19 18:56:32 UTC 2023"),
                                     dmesg_T(plus(t0, -5), "EFA: efa_open: device efa_0 opened")])
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="Megatron finished all 100000 iterations and the final checkpoint is complete "
                           "(latest_checkpointed_iteration.txt = 100000, all shards written at 03:13). The remaining "
                           "3h46 were spent blocked in destroy_process_group at exit, a known PyTorch/NCCL teardown hang, "
                           "before the time limit. No training work was lost and nothing needs rerunning.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/75097")
    return "cd22_time_limit_after_training_done", b, label


# --------------------------------------------------------------------- cd23
def cd23():
    """Preempted; the requeued attempt fails on every rank loading the checkpoint (code changed)."""
    rnd = random.Random(8523)
    b = Bundle()
    nodes1 = ["gpu-q%02d" % i for i in range(1, 9)]
    nodes2 = ["gpu-q%02d" % i for i in range(5, 13)]
    job = 2740113
    t0 = T(2024, 11, 12, 1, 0, 5)
    tp = T(2024, 11, 12, 9, 51, 40)
    tr = T(2024, 11, 12, 10, 32, 11)
    out = ["+ git -C /home/ana/llm rev-parse --short HEAD", "3f2a9c1",
           "+ srun --ntasks-per-node=1 torchrun --nnodes 8 --nproc_per_node 8 --rdzv_backend c10d "
           "--rdzv_endpoint $MASTER:29500 llm/train.py --cfg cfg/7b.yaml --resume latest"]
    t = plus(t0, 120)
    s = 0
    while True:
        s += 250
        t = plus(t, 250 * 1.21)
        if t > tp:
            break
        out.append("[%s] step %d loss %.4f" % (stamp(t), s, 2.4 + 2 * 0.9997 ** s))
        if s % 5000 == 0:
            out.append("[%s] checkpoint saved: /ckpt/7b/step_%07d (model, optim, rng)" % (stamp(plus(t, 25)), s))
    ck = (s - 250) // 5000 * 5000
    out += [
        "slurmstepd: error: *** JOB %d ON gpu-q01 CANCELLED AT %s DUE TO PREEMPTION ***" % (job, iso(tp)),
        "slurmstepd: error: *** STEP %d.0 ON gpu-q01 CANCELLED AT %s DUE TO PREEMPTION ***" % (job, iso(tp)),
    ]
    for i in range(8):
        out += elastic_sigterm(plus(tp, 0.2 + i * 0.01), 80100 + i, [80110 + i * 10])
    out += ["srun: error: gpu-q%02d: task %d: Terminated" % (i + 1, i) for i in range(8)]
    out += ["", "+ git -C /home/ana/llm rev-parse --short HEAD", "8d0e4b7",
            "+ srun --ntasks-per-node=1 torchrun --nnodes 8 --nproc_per_node 8 --rdzv_backend c10d "
            "--rdzv_endpoint $MASTER:29500 llm/train.py --cfg cfg/7b.yaml --resume latest",
            "[%s] resuming from /ckpt/7b/step_%07d" % (stamp(plus(tr, 40)), ck)]
    err = [
        "[rank%d]: Traceback (most recent call last):",
        '[rank%d]:   File "/home/ana/llm/llm/train.py", line 512, in <module>',
        "[rank%d]:     main(cfg)",
        '[rank%d]:   File "/home/ana/llm/llm/train.py", line 448, in main',
        "[rank%d]:     start_step = load_checkpoint(model, optimizer, cfg.ckpt_dir)",
        '[rank%d]:   File "/home/ana/llm/llm/ckpt.py", line 61, in load_checkpoint',
        "[rank%d]:     model.load_state_dict(state[\"model\"], strict=True)",
        '[rank%d]:   File "' + SITE + '/torch/nn/modules/module.py", line 2215, in load_state_dict',
        "[rank%d]:     raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
        "[rank%d]: RuntimeError: Error(s) in loading state_dict for Transformer:",
        "[rank%d]: \tMissing key(s) in state_dict: \"output.weight\". ",
    ]
    for r in (0, 13, 40, 63):
        out += [l.replace("%d", str(r)) for l in err]
    tf = plus(tr, 75)
    out += child_failed("llm/train.py", tf, "gpu-q05", 0, 0, 1, 90011,
                        "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                        others=[(tf, "gpu-q05", k, k, 1, 90011 + k, "To enable traceback see: "
                                 "https://pytorch.org/docs/stable/elastic/errors.html") for k in range(1, 4)])
    out += ["srun: error: gpu-q%02d: task %d: Exited with exit code 1" % (i + 5, i) for i in range(8)]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct_duplicates.txt", sacct([
        [str(job), "llm-7b", "preempt", "8", "PREEMPTED", "0:0", hms((tp - t0).total_seconds()), "2-00:00:00",
         "gpu-q[01-08]"],
        [str(job), "llm-7b", "preempt", "8", "FAILED", "1:0", hms((plus(tf, 5) - tr).total_seconds()), "2-00:00:00",
         "gpu-q[05-12]"],
        ["%d.0" % job, "torchrun", "", "8", "FAILED", "1:0", hms((plus(tf, 3) - tr).total_seconds()), "",
         "gpu-q[05-12]"],
    ]))
    b.lines("git_log_between_attempts.txt", [
        "8d0e4b7 (HEAD -> main) model: untie output projection from tok_embeddings (cfg.tie_embeddings default False)",
        "3f2a9c1 data: add shard shuffling seed to cfg",
    ])
    b.lines("ckpt_meta_step_%07d.json" % ck, [
        "{\"step\": %d, \"git\": \"3f2a9c1\", \"model_cfg\": {\"dim\": 4096, \"n_layers\": 32, \"tie_embeddings\": true}}"
        % ck])
    for att, nl in (("attempt_1", nodes1), ("attempt_2", nodes2)):
        for i, n in enumerate(nl):
            b.lines("%s/%s/dmesg.txt" % (att, n), [dmesg_T(T(2024, 11, 1, 6, i, 0), "NVRM: loading NVIDIA UNIX x86_64 "
                                                           "Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024")])
            if att == "attempt_2":
                b.lines("%s/%s/ranks.log" % (att, n), [
                    "[rank%d]: RuntimeError: Error(s) in loading state_dict for Transformer:" % (i * 8 + k)
                    for k in range(8)])
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="The preemption of attempt 1 was benign. Attempt 2 failed on every rank with the same "
                           "'Missing key(s) in state_dict: \"output.weight\"', because commit 8d0e4b7, pushed between "
                           "attempts, untied the output projection while the checkpoint was saved with tied embeddings.",
                 modelled_on="https://github.com/LTH14/mar/issues/68")
    return "cd23_preempted_then_requeue_fails_on_load", b, label


# --------------------------------------------------------------------- cd24
def cd24():
    """Preempted; requeued attempt dies on Xid 94/63 on gpu-f02 GPU 3; row remap since completed."""
    rnd = random.Random(8524)
    b = Bundle()
    nodes1 = ["gpu-f01", "gpu-f02", "gpu-f03", "gpu-f04"]
    nodes2 = ["gpu-f02", "gpu-f03", "gpu-f04", "gpu-f05"]
    job = 6630450
    t0 = T(2024, 8, 14, 0, 30, 0)
    tp = T(2024, 8, 14, 5, 2, 11)
    tr = T(2024, 8, 14, 5, 40, 3)
    tx = T(2024, 8, 14, 9, 17, 26)
    out = ["+ srun torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $HEAD:29500 "
           "-m torchtitan.train --job.config_file llama3_8b.toml --checkpoint.enable_checkpoint"]
    t = plus(t0, 90)
    s = 0
    while True:
        s += 100
        t = plus(t, 100 * 1.9)
        if t > tp:
            break
        out.append("[rank0]:[titan] %s - root - INFO - step: %5d  loss: %7.4f  memory: 58.11GiB(73.46%%)  tps: 8,612  "
                   "mfu: 41.02%%" % (stamp_ms(t), s, 2.3 + 3 * 0.9995 ** s))
    s_pre = s - 100
    out += ["slurmstepd: error: *** JOB %d ON gpu-f01 CANCELLED AT %s DUE TO PREEMPTION ***" % (job, iso(tp)),
            "slurmstepd: error: *** STEP %d.0 ON gpu-f01 CANCELLED AT %s DUE TO PREEMPTION ***" % (job, iso(tp))]
    out += elastic_sigterm(plus(tp, 0.2), 31000, [31010 + k for k in range(3)])
    out += ["", "[rank0]:[titan] %s - root - INFO - Loading the checkpoint at step %d." % (stamp_ms(plus(tr, 60)),
                                                                                          s_pre - s_pre % 500)]
    t = plus(tr, 120)
    s = s_pre - s_pre % 500
    while True:
        s += 100
        t = plus(t, 100 * 1.9)
        if t > tx:
            break
        out.append("[rank0]:[titan] %s - root - INFO - step: %5d  loss: %7.4f  memory: 58.11GiB(73.46%%)  tps: 8,609  "
                   "mfu: 41.00%%" % (stamp_ms(t), s, 2.3 + 3 * 0.9995 ** s))
    tb = [
        "[rank3]: Traceback (most recent call last):",
        '[rank3]:   File "%s/torchtitan/train.py", line 438, in train' % SITE,
        "[rank3]:     loss.backward()",
        '[rank3]:   File "%s/torch/_tensor.py", line 521, in backward' % SITE,
        "[rank3]:     torch.autograd.backward(",
        "[rank3]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "[rank3]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
        "might be incorrect.",
        "[rank3]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "[rank3]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    ]
    out += tb
    for r in (8, 17, 30):
        out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 0 Rank %d] Process group watchdog thread terminated "
                   "with exception: NCCL error: remote process exited or there was a network error, NCCL version "
                   "2.21.5" % (r, glog(plus(tx, 4 + r * 0.01)), r))
    out += child_failed("torchtitan.train", plus(tx, 1), "gpu-f02", 3, 3, 1, 40213,
                        "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    out += ["srun: error: gpu-f02: task 0: Exited with exit code 1"]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct_duplicates.txt", sacct([
        [str(job), "l3-8b", "preempt", "4", "PREEMPTED", "0:0", hms((tp - t0).total_seconds()), "1-00:00:00",
         "gpu-f[01-04]"],
        [str(job), "l3-8b", "preempt", "4", "FAILED", "1:0", hms((plus(tx, 12) - tr).total_seconds()), "1-00:00:00",
         "gpu-f[02-05]"],
    ]))
    for att, nl, ta in (("attempt_1", nodes1, t0), ("attempt_2", nodes2, tr)):
        for i, n in enumerate(nl):
            boot = T(2024, 8, 2, 3, 10 + i, 0)
            lines = [dmesg_T(plus(boot, 60), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 "
                                             "09:35:42 UTC 2024")]
            if att == "attempt_2" and n == "gpu-f02":
                lines += [
                    dmesg_T(tx, "NVRM: Xid (PCI:0000:5d:00): 94, pid=40213, name=python3, Contained: SM (0x1). "
                            "RST: No, D-RST: No"),
                    dmesg_T(tx, "NVRM: Xid (PCI:0000:5d:00): 63, pid=40213, name=python3, Row Remapper: New row "
                            "(0x00000000000be3c8) was marked for remapping, reset gpu to activate."),
                    dmesg_T(plus(tx, 402), "NVRM: GPU at PCI:0000:5d:00: GPU-1b2e0f7c-44d1-9a3c-6e2f-80c4b7d5e913"),
                    dmesg_T(plus(tx, 402), "NVRM: GPU Board Serial Number: 1653523041977"),
                    dmesg_T(plus(tx, 402), "NVRM: GPU 0000:5d:00.0: GPU reset requested by nvidia-smi"),
                ]
            b.lines("%s/%s/dmesg.txt" % (att, n), lines)
    b.lines("attempt_2/gpu-f02/node-health-check.log", [
        "%s nhc: GPU 3 (0000:5d:00.0) reports Xid 94 + Xid 63, remap pending -> draining and resetting GPU"
        % stamp(plus(tx, 380)),
        "%s nhc: nvidia-smi -r -i 3: GPU 00000000:5D:00.0 was successfully reset." % stamp(plus(tx, 402)),
        "%s nhc: post-reset remapped rows: correctable=0 uncorrectable=1 pending=no failure=no -> node RESUMED"
        % stamp(plus(tx, 420)),
    ])
    b.lines("attempt_2/gpu-f02/nvidia-smi-q-gpu3.txt", [
        "==============NVSMI LOG==============",
        "Timestamp                                 : %s" % ctime(plus(tx, 430)),
        "GPU 00000000:5D:00.0",
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "        Aggregate",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 1",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 2559 bank(s)",
        "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
    ])
    label = dict(category="gpu_memory", layer="infrastructure", culprit={"node": "gpu-f02", "rank": 3},
                 action="restart",
                 rationale="Attempt 1's preemption is benign. Attempt 2 died when rank 3 (gpu-f02 GPU 3) hit an "
                           "uncorrectable ECC error: Xid 94 contained plus Xid 63 marking a row for remap. After the "
                           "health-check reset, nvidia-smi shows the row remapped, pending No and no remap failure, so "
                           "the GPU is usable again.",
                 modelled_on="https://github.com/NVIDIA/gpu-operator/issues/1065")
    return "cd24_requeued_attempt_uncorrectable_ecc", b, label


# --------------------------------------------------------------------- cd25
def cd25():
    """32-node Megatron run hits its time limit; IB/NCCL errors flood all stamped after the cancel."""
    rnd = random.Random(8525)
    b = Bundle()
    nodes = ["gpu-h%02d" % i for i in range(1, 33)]
    job = 5001236
    t0 = T(2024, 12, 1, 0, 0, 0)
    tl = T(2024, 12, 1, 23, 59, 41)
    out = ["+ srun --ntasks-per-node=8 python pretrain_gpt.py --tensor-model-parallel-size 4 "
           "--pipeline-model-parallel-size 8 --num-layers 96 --hidden-size 12288 --save /lustre/ckpt/gpt175b "
           "--save-interval 500"]
    t = plus(t0, 600)
    it = 41000
    while True:
        it += 10
        t = plus(t, 10 * 12.4 + rnd.uniform(-0.5, 0.5))
        if t > tl:
            break
        if it % 100 == 0:
            out.append(_megatron_iter(t, it, 120000, 12400 + rnd.uniform(-40, 40), 6e-5, 1.93 - it * 1e-7, gbs=1536,
                                      grad="%.3f" % rnd.uniform(0.15, 0.3)))
        if it % 500 == 0:
            out.append("saving checkpoint at iteration %8d to /lustre/ckpt/gpt175b in torch_dist format" % it)
            out.append("  successfully saved checkpoint from iteration %8d to /lustre/ckpt/gpt175b "
                       "[ t 1/4, p 1/8 ]" % it)
    out += [
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** JOB %d ON gpu-h01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tl)),
        "slurmstepd: error: *** STEP %d.0 ON gpu-h01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tl)),
    ]
    noisy = [3, 9, 14, 17, 21, 22, 26, 30]
    for i in noisy:
        n = nodes[i]
        for lr in (1, 5):
            r = i * 8 + lr
            pid = 150000 + r
            peer = (i + 5) % 32
            out.append("%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer 10.40.%d.%d<%d> with status=5 "
                       "opcode=129 len=0 vendor err 249 (Recv) localGid ::ffff:10.40.%d.%d remoteGids::ffff:10.40.%d.%d"
                       % (n, pid, pid + 700, lr, peer // 8, 10 + peer, 40100 + lr, i // 8, 10 + i, peer // 8, 10 + peer))
            out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 12 Rank %d] Process group watchdog thread "
                       "terminated with exception: NCCL error: remote process exited or there was a network error, "
                       "NCCL version 2.21.5" % (r, glog(plus(tl, 1.4 + i * 0.03 + lr * 0.002)), lr))
    out += ["srun: error: %s: tasks %d-%d: Terminated" % (n, i * 8, i * 8 + 7) for i, n in enumerate(nodes)]
    out += ["srun: Force Terminated StepId=%d.0" % job]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "gpt175b", "big", "32", "TIMEOUT", "0:0", "1-00:00:04", "1-00:00:00", "gpu-h[01-32]"],
        ["%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", "1-00:00:06", "", "gpu-h01"],
        ["%d.extern" % job, "extern", "", "32", "COMPLETED", "0:0", "1-00:00:04", "", "gpu-h[01-32]"],
        ["%d.0" % job, "python", "", "32", "CANCELLED", "0:15", "23:59:33", "", "gpu-h[01-32]"],
    ]))
    b.json("topology.json", {"topology": {"leaf-sw%d" % (k + 1): nodes[k * 8:(k + 1) * 8] for k in range(4)}})
    for i, n in enumerate(nodes):
        boot = T(2024, 11, 25, 4, i % 60, 0)
        lines = [dmesg_up(plus(boot, 58), boot, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 "
                                                "09:35:42 UTC 2024")]
        if i == 21:
            lines.append(dmesg_up(T(2024, 11, 27, 13, 2, 44), boot, "mlx5_core 0000:1a:00.0: mlx5_port_module_event:"
                                  "1143:(pid 0): Port module event: module 0, Cable plugged"))
            lines.append(dmesg_up(T(2024, 11, 27, 13, 2, 51), boot, "mlx5_core 0000:1a:00.0 ibp26s0: Link up"))
        if i in noisy:
            lines.append(dmesg_up(plus(tl, 3), boot, "infiniband mlx5_1: mlx5_ib_poll_cq: cq 0x%x: flushed WQE(s) "
                                                     "after peer QP error" % (0x3a0 + i)))
        b.lines("%s/dmesg.txt" % n, lines)
        if i in noisy:
            b.lines("%s/ibstat_after.txt" % n, ["CA 'mlx5_%d'\n\tPort 1:\n\t\tState: Active\n\t\tPhysical state: "
                                                 "LinkUp\n\t\tRate: 400" % k for k in range(4)])
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="Iterations ran at a steady 12.4 s right up to 'CANCELLED ... DUE TO TIME LIMIT' with regular "
                           "checkpoints (last at iteration 47500); sacct shows TIMEOUT. Every NCCL/IB completion error is "
                           "stamped after the cancel (WR-flush status 5 from peers exiting) and all ports are Active "
                           "afterwards. The cable event on gpu-h22 is days older.",
                 modelled_on="https://github.com/desihub/desitarget/issues/628")
    return "cd25_32_nodes_time_limit_ib_completion_errors", b, label


# --------------------------------------------------------------------- cd26
def cd26():
    """User scancels after fp16 loss scale collapses to 1.0 and lm loss goes NaN."""
    rnd = random.Random(8526)
    b = Bundle()
    nodes = ["trn-a%02d" % i for i in range(1, 5)]
    job = 4410876
    t0 = T(2024, 5, 3, 14, 0, 2)
    tspike = T(2024, 5, 3, 19, 5, 0)
    tnan = T(2024, 5, 3, 19, 31, 40)
    tc = T(2024, 5, 3, 20, 14, 57)
    out = ["+ srun --ntasks-per-node=8 python pretrain_gpt.py --fp16 --lr 6.0e-4 --min-lr 6.0e-5 --lr-warmup-iters 500 "
           "--initial-loss-scale 65536 --clip-grad 1.0 --num-layers 32 --hidden-size 4096"]
    t = plus(t0, 240)
    it = 0
    scale = 65536.0
    acc_sk = 0
    while t < tc:
        it += 20
        t = plus(t, 20 * 1.48)
        if t < tspike:
            loss = 2.5 + 4 * 0.9993 ** it + rnd.uniform(-0.02, 0.02)
            g = rnd.uniform(0.25, 0.45)
            sk, nn = 0, 0
            gs = "%.3f" % g
        elif t < tnan:
            frac = (t - tspike).total_seconds() / (tnan - tspike).total_seconds()
            loss = 2.9 + 6 * frac ** 2 + rnd.uniform(-0.05, 0.05)
            g = 0.4 * (400 ** frac)
            k = int(frac * 3.2)
            acc_sk += k
            sk = acc_sk
            nn = 0
            scale = max(1.0, scale / (2 ** k))
            gs = "%.3f" % g
        else:
            loss = float("nan")
            sk, nn = 40, 40
            scale = 1.0
            gs = "nan"
        if it % 100 == 0 or t > tspike:
            if t > tspike and it % 40:
                continue
            acc_sk = 0
            ls = "NaN" if loss != loss else "%.6E" % loss
            out.append(" [%s] iteration %8d/  250000 | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
                       "learning rate: %.6E | global batch size:   512 | lm loss: %s | loss scale: %.1f | grad norm: %s | "
                       "number of skipped iterations: %3d | number of nan iterations: %3d |"
                       % (stamp(t), it, it * 512, 1480 + rnd.uniform(-6, 6), 6e-4, ls, scale, gs, sk, nn))
    out += ["slurmstepd: error: *** JOB %d ON trn-a01 CANCELLED AT %s ***" % (job, iso(tc)),
            "slurmstepd: error: *** STEP %d.0 ON trn-a01 CANCELLED AT %s ***" % (job, iso(tc)),
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."]
    out += ["srun: error: trn-a%02d: tasks %d-%d: Terminated" % (i + 1, i * 8, i * 8 + 7) for i in range(4)]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "gpt7b-fp16", "v100x", "4", "CANCELLED by 50312", "0:0", hms((tc - t0).total_seconds()),
         "2-00:00:00", "trn-a[01-04]"],
        ["%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", hms((tc - t0).total_seconds()), "", "trn-a01"],
        ["%d.0" % job, "python", "", "4", "CANCELLED", "0:15", hms((tc - t0).total_seconds() - 5), "", "trn-a[01-04]"],
    ]))
    for i, n in enumerate(nodes):
        b.lines("%s/dmesg.txt" % n, [dmesg_T(plus(t0, -90000), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  "
                                                               "535.161.08  Tue Mar  5 22:42:15 UTC 2024")])
        b.lines("%s/dcgmi-diag-r1.txt" % n, [
            "Successfully ran diagnostic for group.",
            "+---------------------------+------------------------------------------------+",
            "| Diagnostic                | Result                                         |",
            "+===========================+================================================+",
            "|-----  Metadata  ----------+------------------------------------------------|",
            "| DCGM Version              | 3.3.5                                          |",
            "| Driver Version Detected   | 535.161.08                                     |",
            "| GPU Device IDs Detected   | 1db5,1db5,1db5,1db5,1db5,1db5,1db5,1db5        |",
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
    label = dict(category="numerical", layer="script", culprit=None, action="stop",
                 rationale="From 19:05 the loss and grad norm climbed together and the fp16 loss scale halved down to "
                           "1.0, after which every iteration was NaN and skipped. The user then scancelled (CANCELLED by "
                           "50312). This is divergence of a peak-lr 6e-4 fp16 recipe; the loss is the DP-reduced value "
                           "and DCGM and dmesg are clean on all nodes.",
                 modelled_on="https://github.com/facebookresearch/fairseq/issues/282")
    return "cd26_cancelled_after_loss_scale_1_nan", b, label


# --------------------------------------------------------------------- cd28
def cd28():
    """PBS kills the job with SISTER_EOF: one node lost power (PSU)."""
    rnd = random.Random(8528)
    b = Bundle()
    nodes = ["x3102c0s7b0n0", "x3102c0s7b1n0", "x3102c0s25b0n0", "x3102c0s25b1n0", "x3102c0s31b0n0",
             "x3102c0s31b1n0", "x3102c0s37b0n0", "x3102c0s37b1n0"]
    dead = 5
    job = "2210417.polaris-pbs-01"
    t0 = T(2024, 6, 18, 22, 0, 9)
    tpow = T(2024, 6, 19, 2, 46, 12)
    tk = plus(tpow, 34)
    out = ["+ mpiexec -n 32 --ppn 4 --depth 16 --cpu-bind depth python train_climax.py --cfg era5_1.4deg.yaml"]
    t = plus(t0, 120)
    ep = 0
    while t < tpow:
        ep += 1
        out.append("[%s] epoch %d/80 train_loss %.5f val_rmse_z500 %.2f time %.1fs" % (stamp(t), ep, 0.031 - ep * 2e-4,
                                                                                       412 - ep * 4, 611.2))
        t = plus(t, 611)
    for i in (4, 6, 1):
        r = i * 4 + 2
        out.append("%s:%d:%d [2] NCCL WARN NET/OFI Request completed with error. RC: 5. Error: 5 (Input/output error). "
                   "Completed length: 0" % (nodes[i], 33100 + r, 33400 + r))
        out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 0 Rank %d] Process group watchdog thread terminated "
                   "with exception: NCCL error: remote process exited or there was a network error, NCCL version "
                   "2.21.5" % (r, glog(plus(tpow, 21 + i)), r))
    out += [
        "=>> PBS: job killed: node 5 (%s) requested job terminate, 'EOF' (code 1099) - received SISTER_EOF attempting "
        "to communicate with sister MOM's" % nodes[dead],
        "x3102c0s7b0n0.hsn.cm.polaris.alcf.anl.gov: rank 0 died from signal 15",
    ]
    b.lines("climax.o%s" % job.split(".")[0], out)
    b.lines("qstat-xf.txt", [
        "Job Id: %s" % job,
        "    Job_Name = climax",
        "    job_state = F",
        "    exec_host = " + "+".join("%s/0*64" % n for n in nodes),
        "    Exit_status = 271",
        "    resources_used.walltime = %s" % hms((tk - t0).total_seconds()),
        "    Resource_List.walltime = 12:00:00",
    ])
    b.lines("pbsnodes-after.txt", [
        nodes[dead],
        "     Mom = %s.hsn.cm.polaris.alcf.anl.gov" % nodes[dead],
        "     state = down",
        "     comment = node down: communication closed",
        "     last_state_change_time = %s" % ctime(tk),
    ])
    b.lines("%s/redfish-events.txt" % nodes[dead], [
        "%s x3102c0s31b1 Redfish event: PowerSupply PSU0 Status.Health=Critical \"Input power lost\"" % iso(plus(tpow, -3)),
        "%s x3102c0s31b1 Redfish event: PowerSupply PSU1 Status.Health=Critical \"Power supply failure detected\""
        % iso(plus(tpow, -1)),
        "%s x3102c0s31b1 Redfish event: Chassis Node0 PowerState=Off \"Node power lost\"" % iso(tpow),
        "%s x3102c0s31b1 Redfish event: Chassis Node0 PowerState=On \"Power restored by BMC policy\""
        % iso(plus(tpow, 640)),
    ])
    b.lines("%s/console.log" % nodes[dead], [
        "[%s] NVRM: GPU0000:07:00.0: RmInitAdapter succeeded" % ctime(plus(t0, -86000)),
        "[%s] Lustre: grand-OST0041-osc-ffff9e3c9bd8f800: Connection restored to 10.140.0.71@kfi" % ctime(plus(t0, -300)),
        "<console output ends abruptly at %s>" % ctime(plus(tpow, -2)),
        "[    0.000000] Linux version 5.14.21-150500.55.49_13.0.57-cray_shasta_c (geeko@buildhost) #1 SMP",
        "[    0.000000] Command line: BOOT_IMAGE=/boot/vmlinuz root=live:s3://boot-images/compute/rootfs",
    ])
    for i, n in enumerate(nodes):
        if i == dead:
            continue
        b.lines("%s/dmesg.txt" % n, [dmesg_T(plus(t0, -600), "cxi_core 0000:c1:00.0: cxi0[hsn0] CXI_LINK_STATE: up"),
                                     dmesg_T(plus(tpow, 20), "cxi_core 0000:c1:00.0: cxi0[hsn0] PtlTE error: "
                                             "peer NID 0x%x unreachable" % (0x1a2f0 + dead))])
    label = dict(category="host", layer="infrastructure", culprit={"node": nodes[dead], "rank": None},
                 action="restart_without_node",
                 rationale="PBS killed the job because the MOM on node 5 (x3102c0s31b1n0) went silent (SISTER_EOF). "
                           "That node's BMC logged both PSUs critical and node power lost at 02:46:12, and its console "
                           "stops abruptly then shows a fresh boot. The NCCL/OFI I/O errors elsewhere are sympathetic.",
                 modelled_on="https://github.com/openpbs/openpbs/pull/1376")
    return "cd28_pbs_job_killed_sister_eof", b, label


# --------------------------------------------------------------------- cd29
def cd29():
    """Time limit reached while every rank was blocked writing a checkpoint to an unreachable Lustre OST."""
    rnd = random.Random(8529)
    b = Bundle()
    nodes = ["gn-r3-%02d" % i for i in range(1, 7)]
    job = 2071994
    t0 = T(2024, 7, 25, 11, 0, 6)
    tsave_min = T(2024, 7, 25, 21, 24, 0)
    tl = T(2024, 7, 25, 23, 0, 6)
    out = ["+ srun --ntasks-per-node=8 python pretrain_gpt.py --save /lustre/scratch/proj7/ckpt --save-interval 2000 "
           "--ckpt-format torch"]
    t = plus(t0, 200)
    it = 31200
    while True:
        it += 100
        t = plus(t, 100 * 2.92)
        out.append(_megatron_iter(t, it, 60000, 2920 + rnd.uniform(-9, 9), 1e-4, 2.2 - it * 2e-6, gbs=384))
        if it % 2000 == 0:
            if t > tsave_min:
                break
            out.append("saving checkpoint at iteration %8d to /lustre/scratch/proj7/ckpt in torch format" % it)
            out.append("  successfully saved checkpoint from iteration %8d to /lustre/scratch/proj7/ckpt" % it)
            t = plus(t, 48)
    ck = it
    tsave = plus(t, 0.4)
    tlost = plus(tsave, 9)
    out += ["saving checkpoint at iteration %8d to /lustre/scratch/proj7/ckpt in torch format" % ck,
            "slurmstepd: error: *** JOB %d ON gn-r3-01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tl)),
            "slurmstepd: error: *** STEP %d.0 ON gn-r3-01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tl)),
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."]
    out += ["slurmstepd: error: *** STEP %d.0 STEPD TERMINATED ON %s AT %s DUE TO JOB NOT ENDING WITH SIGNALS ***"
            % (job, n, iso(plus(tl, 122 + i))) for i, n in enumerate(nodes) if i in (1, 4)]
    out += ["srun: error: %s: tasks %d-%d: Killed" % (n, i * 8, i * 8 + 7) for i, n in enumerate(nodes)]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "proj7-13b", "gpu", "6", "TIMEOUT", "0:0", "12:00:09", "12:00:00", "gn-r3-[01-06]"],
        ["%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", "12:00:11", "", "gn-r3-01"],
        ["%d.0" % job, "python", "", "6", "CANCELLED", "0:9", "12:02:08", "", "gn-r3-[01-06]"],
    ]))
    b.lines("sinfo_R.txt", ["REASON               USER      TIMESTAMP           NODELIST",
                            "Kill task failed     root      %s gn-r3-[02,05]" % iso(plus(tl, 123))])
    for i, n in enumerate(nodes):
        boot = T(2024, 7, 20, 8, i, 0)
        lines = [
            dmesg_T(plus(boot, 70), "Lustre: Lustre: Build Version: 2.15.4"),
            dmesg_T(plus(tlost, i * 0.3), "Lustre: 3412:0:(client.c:2338:ptlrpc_expire_one_request()) @@@ Request sent "
                    "has timed out for slow reply: [sent %d/real %d]  req@ffff9b2e7c1a%04x x1803322178%05d/t0(0) "
                    "o4->scratch-OST0012-osc-ffff9b2f40e2c000@10.1.0.12@o2ib:6/4 lens 488/448 e 0 to 1 dl %d ref 2 "
                    "fl Rpc:XQr/0/ffffffff rc 0/-1 job:'pt_main_thread.%d'"
                    % (1721943012, 1721943012, 0x1000 + i, 10000 + i, 1721943059, 31000 + i * 10)),
            dmesg_T(plus(tlost, 1 + i * 0.3), "Lustre: scratch-OST0012-osc-ffff9b2f40e2c000: Connection to scratch-OST0012 "
                    "(at 10.1.0.12@o2ib) was lost; in progress operations using this service will wait for recovery to "
                    "complete"),
            dmesg_T(plus(tsave, 252 + i), "INFO: task pt_main_thread:%d blocked for more than 241 seconds."
                    % (31000 + i * 10)),
            dmesg_T(plus(tsave, 252 + i), "      Tainted: P           OE     5.14.0-362.24.1.el9_3.x86_64 #1"),
            dmesg_T(plus(tsave, 252 + i), "task:pt_main_thread  state:D stack:0     pid:%d  ppid:%d  flags:0x00004002"
                    % (31000 + i * 10, 30990 + i * 10)),
            dmesg_T(plus(tsave, 252 + i), "Call Trace:"),
            dmesg_T(plus(tsave, 252 + i), " <TASK>"),
            dmesg_T(plus(tsave, 252 + i), " __schedule+0x21b/0x550"),
            dmesg_T(plus(tsave, 252 + i), " schedule+0x2d/0x70"),
            dmesg_T(plus(tsave, 252 + i), " cl_sync_io_wait+0x1f5/0x3c0 [obdclass]"),
            dmesg_T(plus(tsave, 252 + i), " ll_file_write_iter+0x4e8/0x930 [lustre]"),
            dmesg_T(plus(tsave, 252 + i), " vfs_write+0x2cb/0x410"),
            dmesg_T(plus(tsave, 252 + i), " ksys_write+0x5f/0xe0"),
            dmesg_T(plus(tsave, 252 + i), " </TASK>"),
            dmesg_T(plus(tlost, 301 + i), "LustreError: 11-0: scratch-OST0012-osc-ffff9b2f40e2c000: operation ost_write "
                    "to node 10.1.0.12@o2ib failed: rc = -107"),
        ]
        if i == 0:
            lines.append(dmesg_T(T(2024, 7, 25, 23, 41, 17), "Lustre: scratch-OST0012-osc-ffff9b2f40e2c000: Connection "
                                 "restored to 10.1.0.12@o2ib (at 10.1.0.12@o2ib)"))
        b.lines("%s/dmesg.txt" % n, lines)
    b.lines("lfs-check-osts.txt", [
        "$ lfs check osts   (run from gn-r3-03 at 22:40)",
        "scratch-OST0010-osc-ffff9b2f40e2c000 active.",
        "scratch-OST0011-osc-ffff9b2f40e2c000 active.",
        "error: check 'scratch-OST0012-osc-ffff9b2f40e2c000': Resource temporarily unavailable (11)",
        "scratch-OST0013-osc-ffff9b2f40e2c000 active.",
    ])
    label = dict(category="storage", layer="infrastructure", culprit=None, action="restart",
                 rationale="Training stopped at %s when the iteration-%d checkpoint save began. All six nodes then lost "
                           "scratch-OST0012 (ost_write rc=-107) and show writer threads in D state in ll_file_write_iter, "
                           "so the time limit about 90 minutes later is a symptom. The shared Lustre OST came back at "
                           "23:41, so a restart should succeed." % (tsave.strftime("%H:%M"), ck),
                 modelled_on="https://github.com/openzfs/zfs/issues/8994")
    return "cd29_time_limit_while_saving_checkpoint", b, label


CASES = [cd07, cd15, cd16, cd17, cd18, cd19, cd21, cd22, cd23, cd24, cd25, cd26, cd28, cd29]
