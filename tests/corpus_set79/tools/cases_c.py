"""Cases bx21..bx30."""
import datetime as dt
import json
import random

from common import (BUS_H100, Cluster, S, T, UTC, c10_prefix, dmesg_lines, elastic,
                    nvidia_smi_table, render, signal_exc_trace, ts_ctime, ts_iso, ts_py,
                    ts_syslog, wd_remote, wd_timeout)
from scen import agent_local_failure, agent_sigterm, megatron_iter, ms
from cases_a import case, survivors_abort, survivors_remote


# =============================================================== bx21
def bx21():
    rng = random.Random(7921)
    hosts = ["gpu-e%02d" % i for i in range(1, 25)]
    cl = Cluster(rng, hosts, ipfmt="10.21.%d.%d")
    style = "v24"
    bad = "gpu-e19"
    t0 = T("2025-02-11 06:00:10")
    per = {h: [] for h in hosts}
    site = "/usr/local/lib/python3.10/dist-packages"
    # gpu-e19's ranks die at set_device; nobody else notices until the store times out
    firsts = []
    for r in cl.ranks(bad):
        t = t0 + S(21 + rng.random() * 0.8)
        per[bad].append((t - ms(300), "%s/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)\n  return torch._C._cuda_getDeviceCount() > 0" % site))
        per[bad].append((t, "\n".join("[rank%d]: %s" % (r, l) for l in [
            "Traceback (most recent call last):",
            '  File "/workspace/pretrain/main.py", line 77, in <module>',
            "    setup_distributed(args)",
            '  File "/workspace/pretrain/dist.py", line 31, in setup_distributed',
            "    torch.cuda.set_device(int(os.environ[\"LOCAL_RANK\"]))",
            '  File "%s/torch/cuda/__init__.py", line 399, in set_device' % site,
            "    torch._C._cuda_setDevice(device)",
            '  File "%s/torch/cuda/__init__.py", line 314, in _lazy_init' % site,
            "    torch._C._cuda_init()",
            "RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."])))
        firsts.append((t, r))
    firsts.sort()
    per[bad] += agent_local_failure(style, cl, bad, firsts[-1][0] + ms(100), firsts[0][1], 1, "main.py",
                                    also_failed=[(r, 1, t) for t, r in firsts[1:]], root_time=firsts[0][0])
    tst = t0 + S(1821.4)
    per["gpu-e01"].append((tst, "\n".join("[rank0]: %s" % l for l in [
        "Traceback (most recent call last):",
        '  File "/workspace/pretrain/main.py", line 77, in <module>',
        "    setup_distributed(args)",
        '  File "/workspace/pretrain/dist.py", line 33, in setup_distributed',
        "    dist.init_process_group(backend=\"nccl\", timeout=timedelta(minutes=30))",
        '  File "%s/torch/distributed/c10d_logger.py", line 83, in wrapper' % site,
        "    return func(*args, **kwargs)",
        '  File "%s/torch/distributed/distributed_c10d.py", line 1520, in init_process_group' % site,
        "    store, rank, world_size = next(rendezvous_iterator)",
        '  File "%s/torch/distributed/rendezvous.py", line 269, in _env_rendezvous_handler' % site,
        "    store = _create_c10d_store(",
        '  File "%s/torch/distributed/rendezvous.py", line 189, in _create_c10d_store' % site,
        "    return TCPStore(",
        "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 184/192 clients joined."])))
    per["gpu-e01"] += agent_local_failure(style, cl, "gpu-e01", tst + ms(300), 0, 1, "main.py", root_time=tst)
    for h in hosts:
        if h in (bad, "gpu-e01"):
            continue
        fs = []
        for r in cl.ranks(h):
            t = tst + S(0.4 + rng.random() * 0.5)
            per[h].append((t, "\n".join("[rank%d]: %s" % (r, l) for l in [
                "Traceback (most recent call last):",
                '  File "/workspace/pretrain/main.py", line 77, in <module>',
                "    setup_distributed(args)",
                '  File "/workspace/pretrain/dist.py", line 35, in setup_distributed',
                "    dist.barrier()",
                '  File "%s/torch/distributed/c10d_logger.py", line 83, in wrapper' % site,
                "    return func(*args, **kwargs)",
                '  File "%s/torch/distributed/distributed_c10d.py", line 4164, in barrier' % site,
                "    work = group.barrier(opts=opts)",
                "torch.distributed.DistBackendError: [%d] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Connection reset by peer" % r,
                "Exception raised from recvBytes at ../torch/csrc/distributed/c10d/Utils.hpp:670 (most recent call first):"])))
            fs.append((t, r))
        fs.sort()
        per[h] += agent_local_failure(style, cl, h, fs[-1][0] + ms(100), fs[0][1], 1, "main.py",
                                      also_failed=[(r, 1, t) for t, r in fs[1:]], root_time=fs[0][0])
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    gpus = [dict(temp=30, pwr=68, mem=1, util=0) for _ in range(8)]
    files["%s/nvidia-smi.txt" % bad] = "\n".join(nvidia_smi_table(bad, T("2025-02-11 06:45:02"), "535.161.08", "12.2", gpus, [])) + "\n"
    files["gpu-e03/nvidia-smi.txt"] = "\n".join(nvidia_smi_table("gpu-e03", T("2025-02-11 06:45:05"), "550.90.07", "12.4", gpus, [])) + "\n"
    files["slurm-7731208.out"] = render(
        [(firsts[-1][0] + S(2.4), "srun: error: %s: task %d: Exited with exit code 1" % (bad, hosts.index(bad)))] +
        [(tst + S(3 + rng.random() * 2), "srun: error: %s: task %d: Exited with exit code 1" % (h, i)) for i, h in enumerate(hosts) if h != bad])
    files["node_changes.log"] = "\n".join([
        "2025-02-10T16:20:11Z reimage gpu-e19 image=gpu-base-2024.06 (rollback after BMC swap; ticket HW-4471)",
        "2025-02-10T17:02:40Z slurm resume gpu-e19",
        "2025-01-27T09:12:03Z rollout gpu-base-2025.01 (driver 550.90.07) to gpu-e[01-24]", ""])
    return case("bx21_rendezvous_store_timeout_184_of_192_clients", files,
                "dependency", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "The flood is rank 0's DistStoreError '184/192 clients joined' at 06:30:32 and 'store->get got error: Connection reset by peer' on everyone else, but the 8 missing clients are gpu-e19's ranks, which died 30 minutes earlier at 06:00:31 on CUDA init ('driver too old, found 12020'); gpu-e19 runs driver 535/CUDA 12.2 after a rollback reimage while the other nodes run 550/12.4. One node's environment.",
                "https://github.com/pytorch/pytorch/issues/55571")


# =============================================================== bx22
def bx22():
    rng = random.Random(7922)
    hosts = ["gpu-p%02d" % i for i in range(1, 17)]
    cl = Cluster(rng, hosts, ipfmt="10.22.%d.%d")
    style = "v24"
    t0 = T("2024-10-02 05:59:58")
    tlim = T("2024-10-03 06:00:14")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(29), cl.nccl_init(r)[-1]))
    tt = tlim - S(2400)
    it = 181200
    while tt < tlim:
        per["gpu-p16"].append((tt, megatron_iter(tt, it, 500000, it * 1024, 4410 + rng.random() * 25, 1.1e-4,
                                                  1.602 + rng.random() * 0.03, 1.0, 0.12 + rng.random() * 0.02)))
        it += 25
        tt += S(4.41 * 25)
    # slurm SIGTERMs every agent at once; children die in arbitrary order
    for h in hosts:
        ta = tlim + ms(rng.randint(5, 60))
        per[h] += agent_sigterm(style, cl, h, ta)
        for r in cl.ranks(h):
            if rng.random() < 0.45:
                t = ta + ms(rng.randint(20, 400))
                if rng.random() < 0.5:
                    le = "socketProgress: Connection closed by remote peer %s<%d>" % (hosts[rng.randrange(16)], 40000 + r)
                else:
                    peer = hosts[rng.randrange(16)]
                    le = "NET/IB : Got completion from peer %s<%d> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (
                        cl.ip[peer], 51000 + r, cl.ip[h], cl.ip[peer])
                per[h] += wd_remote(style, r, t, "2.21.5", le)
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    files["slurm-884411.out"] = "\n".join([
        "slurmstepd: error: *** JOB 884411 ON gpu-p01 CANCELLED AT 2024-10-03T06:00:14 DUE TO TIME LIMIT ***",
        "slurmstepd: error: *** STEP 884411.0 ON gpu-p01 CANCELLED AT 2024-10-03T06:00:14 DUE TO TIME LIMIT ***",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."] +
        ["srun: error: %s: task %d: Exited with exit code 1" % (h, i) for i, h in enumerate(hosts)] + [""])
    files["sacct.txt"] = "\n".join([
        "$ sacct -j 884411 --format=JobID,JobName,State,ExitCode,Timelimit,Elapsed,NodeList",
        "JobID           JobName      State ExitCode  Timelimit    Elapsed        NodeList ",
        "------------ ---------- ---------- -------- ---------- ---------- --------------- ",
        "884411       gpt-pretr+    TIMEOUT      0:0 1-00:00:00 1-00:00:16    gpu-p[01-16] ",
        "884411.batch      batch  CANCELLED     0:15            1-00:00:18         gpu-p01 ",
        "884411.extern    extern  COMPLETED      0:0            1-00:00:16    gpu-p[01-16] ",
        "884411.0       torchrun  CANCELLED     0:15            1-00:00:15    gpu-p[01-16] ", ""])
    boot = T("2024-09-28 10:00:00")
    files["gpu-p09/dmesg.txt"] = "\n".join(dmesg_lines("uptime", [
        (boot + S(5), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
        (tlim + S(1.3), "NVRM: Xid (PCI:0000:5d:00): 43, pid=%d, name=python3, Ch 00000008" % cl.pid[cl.rank("gpu-p09", 3)]),
        (tlim + S(1.4), "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing")], boot=boot)) + "\n"
    files["gpu-p09/uptime_since.txt"] = "2024-09-28 10:00:00\n"
    return case("bx22_sigterm_storm_and_nccl_errors_on_all_sixteen_nodes", files,
                "unknown", "framework", None, "none",
                "Slurm cancelled job 884411 at 06:00:14 DUE TO TIME LIMIT (sacct: TIMEOUT after exactly 1-00:00:00); every agent then logs 'Received Signals.SIGTERM death signal' and the NCCL status=5 flush errors, closed connections and the Xid 43 on gpu-p09 all come after that as workers were killed mid-collective. Training was healthy until the limit.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/20542")


# =============================================================== bx23
def bx23():
    rng = random.Random(7923)
    hosts = ["lc-gpu-%02d" % i for i in range(31, 39)]
    cl = Cluster(rng, hosts, ipfmt="10.23.%d.%d")
    style = "v22"
    t0 = T("2024-12-17 09:40:02")
    tp = T("2024-12-17 13:22:03")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(26), cl.nccl_init(r, nccl_ver="2.20.5+cuda12.4")[-1]))
    tt = t0 + S(70)
    step = 0
    while tt < tp:
        if step % 100 == 0:
            per["lc-gpu-31"].append((tt, "[%s][INFO] step=%d loss=%.4f lr=%.2e throughput=%.1f" % (tt.strftime("%Y-%m-%d %H:%M:%S"), step, 2.2 - step * 2e-5, 2e-4, 388.0 + rng.random() * 4)))
        step += 1
        tt += S(2.6)
    for h in hosts:
        ta = tp + ms(rng.randint(10, 90))
        per[h] += agent_sigterm(style, cl, h, ta)
        for r in cl.ranks(h):
            if rng.random() < 0.5:
                t = ta + ms(rng.randint(30, 600))
                le = "socketProgress: Connection closed by remote peer %s<%d>" % (hosts[rng.randrange(8)], 41000 + r)
                per[h] += wd_remote(style, r, t, "2.20.5", le)
        if h == "lc-gpu-35":
            r = cl.rank(h, 5)
            per[h].append((ta + ms(700), "\n".join("[rank%d]: %s" % (r, l) for l in [
                "Traceback (most recent call last):",
                '  File "/home/jlee/proj/train.py", line 201, in <module>',
                "    loss.backward()",
                "RuntimeError: NCCL communicator was aborted on rank %d." % r])))
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    files["slurm-90112.out"] = "\n".join([
        "slurmstepd: error: *** STEP 90112.0 ON lc-gpu-31 CANCELLED AT 2024-12-17T13:22:03 DUE TO PREEMPTION ***",
        "slurmstepd: error: *** JOB 90112 ON lc-gpu-31 CANCELLED AT 2024-12-17T13:22:03 DUE TO PREEMPTION ***",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."] +
        ["srun: error: %s: task %d: Terminated" % (h, i) for i, h in enumerate(hosts)] + [""])
    files["sacct.txt"] = "\n".join([
        "$ sacct -j 90112 -D --format=JobID,JobName,Partition,QOS,State,ExitCode,Start,End",
        "JobID           JobName  Partition        QOS      State ExitCode               Start                 End ",
        "------------ ---------- ---------- ---------- ---------- -------- ------------------- ------------------- ",
        "90112        ft-llama-+    preempt    standby  PREEMPTED      0:0 2024-12-17T09:39:58 2024-12-17T13:22:03 ",
        "90112.batch       batch                        CANCELLED     0:15 2024-12-17T09:39:58 2024-12-17T13:22:05 ",
        "90112.0        torchrun                        CANCELLED     0:15 2024-12-17T09:39:59 2024-12-17T13:22:04 ",
        "90112        ft-llama-+    preempt    standby    PENDING      0:0             Unknown             Unknown ", ""])
    files["scontrol_show_job.txt"] = "\n".join([
        "JobId=90112 JobName=ft-llama-70b",
        "   UserId=jlee(41822) GroupId=nlp(4100) MCS_label=N/A",
        "   Priority=1 Nice=0 Account=nlp QOS=standby",
        "   JobState=PENDING Reason=BeginTime Dependency=(null)",
        "   Requeue=1 Restarts=1 BatchFlag=1 Reboot=0 ExitCode=0:0",
        "   RunTime=00:00:00 TimeLimit=2-00:00:00 TimeMin=N/A",
        "   SubmitTime=2024-12-17T13:22:04 EligibleTime=2024-12-17T13:24:04",
        "   PreemptEligibleTime=2024-12-17T09:39:58 PreemptTime=2024-12-17T13:22:03",
        "   Partition=preempt AllocNode:Sid=login2:88123",
        "   NumNodes=8-8 NumCPUs=896 NumTasks=8 CPUs/Task=112 ReqB:S:C:T=0:0:*:*", ""])
    return case("bx23_communicator_aborted_and_terminated_tasks_on_standby_qos", files,
                "unknown", "framework", None, "none",
                "slurmstepd cancelled step 90112.0 at 13:22:03 DUE TO PREEMPTION (standby QOS, PreemptTime 13:22:03, sacct PREEMPTED, job requeued); the agents' SIGTERM shutdown, closed connections and 'NCCL communicator was aborted' all follow the preemption. The scheduler stopped a healthy job.",
                "https://github.com/facebookincubator/submitit/issues/1613")


# =============================================================== bx24
def bx24():
    rng = random.Random(7924)
    hosts = ["worker-%d" % i for i in range(16)]
    cl = Cluster(rng, hosts, ipfmt="10.24.%d.%d")
    t0 = T("2024-04-02 11:02:40")
    tend = T("2024-04-02 12:58:31.5")
    ev = []

    def dsl(t, level, src, msg):
        return "[%s] [%s] [%s] %s" % (ts_py(t), level, src, msg)
    ev.append((t0, "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w worker-0,worker-1,worker-2,worker-3,worker-4,worker-5,worker-6,worker-7,worker-8,worker-9,worker-10,worker-11,worker-12,worker-13,worker-14,worker-15 export NCCL_IB_HCA=mlx5; cd /mnt/shared/llm13b; /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJ3b3JrZXItMCI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%%n --master_addr=10.24.1.11 --master_port=29500 train.py --deepspeed ds_config_fp16.json --lr 3e-3 --warmup-steps 200" % ts_py(t0)))
    for i, h in enumerate(hosts):
        ev.append((t0 + S(3 + i * 0.01), "%s: %s" % (h, dsl(t0 + S(3), "INFO", "launch.py:146:main", "WORLD INFO DICT: {'worker-0': [0, 1, 2, 3, 4, 5, 6, 7], ...}"))))
    ev.append((t0 + S(40), "worker-0: %s" % dsl(t0 + S(40), "INFO", "logging.py:96:log_dist", "[Rank 0] DeepSpeed info: version=0.14.0, git-hash=unknown, git-branch=unknown")))
    ev.append((t0 + S(41), "worker-0: %s" % dsl(t0 + S(41), "INFO", "config.py:1000:print", "  fp16_enabled ................. True")))
    ev.append((t0 + S(41), "worker-0: %s" % dsl(t0 + S(41), "INFO", "config.py:1000:print", "  dynamic_loss_scale_args ...... {'init_scale': 65536, 'scale_window': 1000, 'delayed_shift': 2, 'consecutive_hysteresis': False, 'min_scale': 1}")))
    ev.append((t0 + S(41), "worker-0: %s" % dsl(t0 + S(41), "INFO", "config.py:1000:print", "  optimizer_params ............. {'lr': 0.003, 'betas': [0.9, 0.95], 'eps': 1e-08, 'weight_decay': 0.1}")))
    step = 0
    tt = t0 + S(90)
    scale = 65536
    skipped = 0
    loss = 2.9
    t_div = tend - S(1320)
    div_step = None
    while tt < tend - S(3):
        step += 1
        if div_step is None and tt > t_div:
            div_step = step
        late = tt > tend - S(150)
        if tt > t_div:
            loss = min(11.8, loss + 0.0065 + rng.random() * 0.004)
        else:
            loss = max(2.2, loss - 0.0006 + rng.random() * 0.002)
        if step % 50 == 0:
            ev.append((tt, "worker-0: %s" % dsl(tt, "INFO", "logging.py:96:log_dist", "[Rank 0] step=%d, skipped=%d, lr=[%.16f], mom=[(0.9, 0.95)]" % (step, skipped, min(3e-3, 3e-3 * step / 200.0)))))
            ev.append((tt, "worker-0: step %d | loss %s | grad_norm %s | lr 3.000e-03" % (
                step, "%.4f" % loss if not late else "nan",
                "%.3f" % (1.2 + rng.random() + (0 if tt < t_div else (tt - t_div).total_seconds() / 60.0)) if tt < t_div + S(600) else "inf")))
        if tt > t_div and (rng.random() < 0.012 or late):
            if scale > 1:
                ev.append((tt, "worker-0: %s" % dsl(tt, "INFO", "loss_scaler.py:183:update_scale", "[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, reducing to %d" % (scale, max(1, scale // 2)))))
                scale = max(1, scale // 2)
                skipped += 1
            elif tt > tend - S(40):
                ev.append((tt, "worker-0: %s" % dsl(tt, "INFO", "loss_scaler.py:183:update_scale", "[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 1, reducing to 1")))
                skipped += 1
        tt += S(1.22)
    # every rank raises the same exception within a few hundred ms; stragglers then see NCCL errors
    for i, h in enumerate(hosts):
        for lr in range(8):
            r = i * 8 + lr
            t = tend + ms(rng.randint(0, 400))
            if lr in (0, 3) or h in ("worker-0", "worker-9"):
                tb = ["Traceback (most recent call last):",
                      '  File "/mnt/shared/llm13b/train.py", line 287, in <module>',
                      "    main()",
                      '  File "/mnt/shared/llm13b/train.py", line 261, in main',
                      "    engine.step()",
                      '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", line 2213, in step',
                      "    self._take_model_step(lr_kwargs)",
                      '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/fp16/fused_optimizer.py", line 250, in step',
                      "    self._update_scale(self.overflow)",
                      '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/fp16/loss_scaler.py", line 175, in update_scale',
                      "    raise Exception(",
                      "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."]
                ev.append((t, "\n".join("%s: [rank%d]: %s" % (h, r, l) for l in tb)))
        tk = tend + ms(600 + rng.randint(0, 300))
        ev.append((tk, "%s: %s" % (h, dsl(tk, "INFO", "launch.py:319:sigkill_handler", "Killing subprocess %d" % cl.pid[i * 8]))))
        ev.append((tk + ms(5), "%s: %s" % (h, dsl(tk + ms(5), "ERROR", "launch.py:325:sigkill_handler", "['/usr/bin/python3', '-u', 'train.py', '--local_rank=0', '--deepspeed', 'ds_config_fp16.json', '--lr', '3e-3', '--warmup-steps', '200'] exits with return code = 1"))))
        if i in (4, 11, 13):
            r = i * 8 + 6
            ev += [(t + ms(900), "\n".join("%s: %s" % (h, l) for l in x.split("\n"))) for t, x in wd_remote("v22", r, tend + ms(500), "2.18.5",
                   "socketProgress: Connection closed by remote peer %s<%d>" % (hosts[(i + 1) % 16], 42000 + r))]
        ev.append((tk + S(1), "pdsh@worker-0: %s: ssh exited with exit code 1" % h))
    files = {"deepspeed_launcher.log": render(ev)}
    files["ds_config_fp16.json"] = json.dumps({"train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 2,
                                               "fp16": {"enabled": True, "loss_scale": 0, "initial_scale_power": 16,
                                                        "loss_scale_window": 1000, "hysteresis": 2, "min_loss_scale": 1},
                                               "zero_optimization": {"stage": 1}, "gradient_clipping": 0.0}, indent=2) + "\n"
    for h in ("worker-3", "worker-12"):
        files["%s/nvidia-smi.txt" % h] = "\n".join(nvidia_smi_table(h, tend - S(600), "535.161.08", "12.2",
                                                                     [dict(temp=60 + k, pwr=540 + k * 5, mem=52110, util=98) for k in range(8)],
                                                                     [(k, cl.pid[cl.rank(h, k)], "/usr/bin/python3", 52100) for k in range(8)])) + "\n"
        boot = T("2024-03-30 08:00:00")
        files["%s/dmesg.txt" % h] = "\n".join(dmesg_lines("uptime", [
            (boot + S(5), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Wed Jan 31 23:19:24 UTC 2024"),
            (boot + S(10), "nvidia-peermem nv_mem_client_init:  Registered nvidia-peermem")], boot=boot)) + "\n"
    return case("bx24_overflow_skips_then_every_worker_exits", files,
                "numerical", "script", None, "stop",
                "From step ~%d the loss climbs from ~2.3 towards 12 and then nan, grad_norm turns inf, and DeepSpeed keeps halving the fp16 loss scale on OVERFLOW skips until it reaches the minimum of 1; then all 128 ranks raise 'Current loss scale already at minimum - cannot decrease scale anymore' within 0.4 s and the NCCL errors are ranks outliving their peers. fp16 with lr 3e-3 and no gradient clipping diverges everywhere: a recipe problem." % (div_step // 10 * 10),
                "https://github.com/modelscope/ms-swift/issues/4374")


# =============================================================== bx25
def bx25():
    rng = random.Random(7925)
    hosts = ["hgx-%02d" % i for i in range(1, 9)]
    cl = Cluster(rng, hosts, ipfmt="10.25.%d.%d")
    style = "v24"
    bad = "hgx-06"
    rk = cl.rank(bad, 3)
    t0 = T("2024-11-04 14:00:03")
    toom = T("2024-11-04 22:41:09.33")
    boot = T("2024-10-26 02:13:51")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(31), cl.nccl_init(r)[-1]))
    tt = t0 + S(120)
    step = 0
    while tt < toom:
        if step % 100 == 0:
            per["hgx-01"].append((tt, "[rank0]:%s INFO step %d loss %.4f host_rss_gb %.1f" % (ts_py(tt), step, 2.0 - step * 1e-5, 61.0 + rng.random())))
        step += 1
        tt += S(2.9)
    per[bad] += agent_local_failure(style, cl, bad, toom + ms(400), rk, -9, "train.py", root_time=toom + ms(300))
    others = [h for h in hosts if h != bad]

    def lasterr(r):
        return "socketProgress: Connection closed by remote peer %s<%d>" % (bad, 37000 + r * 11)
    fl = survivors_remote(style, cl, others, toom + S(2.8), rng, "2.21.5", lasterr, "train.py", full_ranks={0})
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    victim = cl.pid[rk]
    tasks = ["Tasks state (memory values in pages):",
             "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
             "[    912]     0   912    30271     1204   253952        0          -250 systemd-journal",
             "[   1733]     0  1733  2481771   118234  1531904        0          -999 dcgm-exporter",
             "[   2291]     0  2291 196440112 193110417 1560563712        0          -999 fluent-bit",
             "[   3120]     0  3120   401230    20115   442368        0             0 slurmd"]
    rsss = {r: 15800000 + rng.randint(0, 300000) for r in cl.ranks(bad)}
    rsss[rk] = max(rsss.values()) + 212417
    for r in cl.ranks(bad):
        rss = rsss[r]
        tasks.append("[%7d] %5d %5d %8d %8d %14d %8d %13d %s" % (cl.pid[r], 30112, cl.pid[r], rss + 30000000, rss, rss * 2, 0, 0, "python3"))
    anon = rsss[rk] * 4 - 1148236 - 2097152
    oom = ["python3 invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0",
           "CPU: 17 PID: %d Comm: python3 Tainted: P           OE     5.15.0-119-generic #129-Ubuntu" % cl.pid[cl.rank(bad, 1)],
           "Mem-Info:",
           "active_anon:257130991 inactive_anon:1190235 isolated_anon:0",
           "Node 0 Normal free:84512kB boost:0kB min:90112kB low:1138688kB high:2187264kB",
           "Node 1 Normal free:90176kB boost:0kB min:90112kB low:1138688kB high:2187264kB"] + tasks + [
           "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/slurm/uid_30112/job_552014/step_0/user/task_0,task=python3,pid=%d,uid=30112" % victim,
           "Out of memory: Killed process %d (python3) total-vm:%dkB, anon-rss:%dkB, file-rss:1148236kB, shmem-rss:2097152kB, UID:30112 pgtables:130212kB oom_score_adj:0" % (victim, (rsss[rk] + 30000000) * 4, anon)]
    ev = []
    for j, l in enumerate(oom):
        ev.append((toom + ms(j), l))
    tfb = t0 - S(36000)
    files["%s/syslog" % bad] = "%s %s fluent-bit[2291]: [2024/11/04 04:00:02] [ warn] [input:tail:tail.0] file=/var/log/gpu-burn.log rotated, buffer limit reached, retrying\n" % (ts_syslog(tfb), bad) + \
        "%s %s fluent-bit[2291]: [2024/11/04 04:00:02] [ warn] [engine] chunk backlog 142.6G exceeds mem_buf_limit, storage.type=memory\n" % (ts_syslog(tfb), bad) + \
        "\n".join(dmesg_lines("syslog", ev, boot=boot, host=bad)) + "\n"
    files["%s/free_after.txt" % bad] = "\n".join([
        "$ free -g    # 2024-11-04 23:02, job 552014 already gone",
        "               total        used        free      shared  buff/cache   available",
        "Mem:            2015        742         8           2        1265        1247",
        "Swap:              0           0           0", "",
        "$ ps -o pid,user,rss,etime,cmd -p 2291",
        "    PID USER       RSS     ELAPSED CMD",
        "   2291 root  772441668 9-20:27:11 /opt/fluent-bit/bin/fluent-bit -c /etc/fluent-bit/fluent-bit.conf", ""])
    files["slurm-552014.out"] = "slurmstepd: error: Detected 1 oom_kill event in StepId=552014.0. Some of the step tasks have been OOM Killed.\n" + "".join(
        "srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(hosts))
    return case("bx25_sigkill_on_one_rank_and_connection_closed_flood", files,
                "oom", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Rank %d on hgx-06 died with SIGKILL at 22:41:09; hgx-06's syslog shows a global (CONSTRAINT_NONE) OOM in which the fluent-bit daemon holds ~740 GiB RSS with oom_score_adj -999, so the kernel killed a training process (~62 GiB) instead, and free/ps after the job still show fluent-bit at 740 GiB. Memory taken by a foreign process on one node." % rk,
                "https://github.com/pytorch/pytorch/issues/8976")


# =============================================================== bx26
def bx26():
    rng = random.Random(7926)
    hosts = ["gpu-z%02d" % i for i in range(1, 9)]
    cl = Cluster(rng, hosts, ipfmt="10.26.%d.%d")
    style = "v24"
    t0 = T("2024-06-27 12:00:05")
    te = T("2024-06-27 16:20:03.218")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(30), cl.nccl_init(r)[-1]))
    tt = t0 + S(60)
    step = 0
    while tt < te - S(700):
        if step % 200 == 0:
            per["gpu-z01"].append((tt, "[rank0]: %s INFO train epoch=2 step=%d loss=%.4f" % (ts_py(tt), step, 1.5 - step * 1e-5)))
        step += 1
        tt += S(1.9)
    per["gpu-z01"].append((te - S(690), "[rank0]: %s INFO eval starting generation eval on 'holdout-v2' (rank 0 only; other ranks wait at barrier)" % ts_py(te - S(690))))
    per["gpu-z01"].append((te - S(688), "[rank0]: %s WARNING eval dropped 1200/1200 samples longer than max_eval_len=1024 tokens" % ts_py(te - S(688))))
    for k in range(0, 101, 4):
        tk = te - S(680) + S(k * 6.7)
        per["gpu-z01"].append((tk, "Generating:  %3d%%|%-20s| %d/%d [%02d:%02d<00:00]" % (k, "#" * (k // 5), k, 100, int(k * 6.7) // 60, int(k * 6.7) % 60)))
    tb = ["Traceback (most recent call last):",
          '  File "/workspace/gen/train.py", line 377, in <module>',
          "    main()",
          '  File "/workspace/gen/train.py", line 352, in main',
          "    metrics = evaluate_generation(model, tokenizer, eval_set)",
          '  File "/workspace/gen/eval.py", line 141, in evaluate_generation',
          "    bleu = matches / total",
          "ZeroDivisionError: division by zero"]
    per["gpu-z01"].append((te, "\n".join("[rank0]: %s" % l for l in tb)))
    per["gpu-z01"] += agent_local_failure(style, cl, "gpu-z01", te + ms(500), 0, 1, "train.py", root_time=te,
                                          kill_wait_s=30)
    others = hosts[1:]

    def lasterr(r):
        return "socketProgress: Connection closed by remote peer gpu-z01<%d>" % (43500 + r)
    fl = survivors_remote(style, cl, others, te + S(1.9), rng, "2.21.5", lasterr, "train.py", full_ranks={13})
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/%s.out" % (h, h)] = render(per[h])
    order = sorted(others, key=lambda h: rng.random())
    sl = [(te + S(4 + i * 0.3), "srun: error: %s: task %d: Exited with exit code 1" % (h, hosts.index(h))) for i, h in enumerate(order)]
    sl.append((te + S(33.9), "srun: error: gpu-z01: task 0: Exited with exit code 1"))
    files["slurm-442210.out"] = render(sl)
    return case("bx26_generation_eval_then_connection_closed_on_seven_nodes", files,
                "user_code", "script", None, "stop",
                "srun lists gpu-z01 last, but its log shows rank 0 raising ZeroDivisionError in evaluate_generation (bleu = matches / total) at 16:20:03 after the eval filter dropped all 1200 samples, 2 s before any other rank's 'Connection closed by remote peer gpu-z01'; gpu-z01's agent was late only because it waited 30 s to kill its stuck ranks. A deterministic bug in the eval code.",
                "https://github.com/jpata/particleflow/issues/390")


# =============================================================== bx27
def bx27():
    rng = random.Random(7927)
    hosts = ["gpu-f%02d" % i for i in range(1, 17)]
    cl = Cluster(rng, hosts, ipfmt="10.27.%d.%d")
    style = "v24"
    t0 = T("2025-01-22 00:30:12")
    tn = T("2025-01-22 04:10:12")
    seq = 402117
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(29), cl.nccl_init(r)[-1]))
    tt = t0 + S(80)
    step = 0
    while tt < tn:
        if step % 100 == 0:
            per["gpu-f01"].append((tt, "[rank0]: %s INFO step %d loss %.4f data_wait_ms %.1f" % (ts_py(tt), step, 2.3 - step * 1e-5, 4.0 + rng.random() * 3)))
        step += 1
        tt += S(2.1)
    t_enq = tn + S(6.2)
    fl = survivors_abort(style, cl, hosts, t_enq + S(1800.02), rng, seq, "ALLREDUCE", 1, 1, 1800000, t_enq, "train.py",
                         full_ranks={0, 77})
    for h in hosts:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    tok = T("2025-01-22 04:52:30")
    for i, h in enumerate(hosts):
        d = S(rng.random() * 4) if h != "gpu-f07" else -S(3.1)
        ev = [(tn + d, "nfs: server fs-data01 not responding, still trying"),
              (tn + d + S(0.01), "nfs: server fs-data01 not responding, still trying")]
        for k in range(1, 4):
            tt = tn + d + S(123 * k)
            ev.append((tt, "INFO: task pt_data_worker:%d blocked for more than %d seconds." % (cl.pid[cl.rank(h, k % 8)] + 200 + k, 120 * k + 2)))
            ev.append((tt, "      Tainted: P           OE     5.15.0-126-generic #136-Ubuntu"))
            ev.append((tt, "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."))
        ev.append((tok + S(rng.random() * 2), "nfs: server fs-data01 OK"))
        if i % 2 == 0:
            files["%s/kern.log" % h] = "\n".join(dmesg_lines("syslog", ev, host=h)) + "\n"
        elif i % 4 == 1:
            files["%s/dmesg_T.txt" % h] = "\n".join(dmesg_lines("ctime", ev)) + "\n"
    files["job.sbatch"] = "\n".join([
        "#!/bin/bash", "#SBATCH -N 16 --gpus-per-node=8 --exclusive -t 3-00:00:00",
        "export DATA_DIR=/mnt/fs-data01/corpora/mix-v7   # NFS, shared by all nodes",
        "srun torchrun --nnodes=16 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=$MASTER:29500 train.py --data $DATA_DIR --num-workers 6", ""])
    files["slurm-992301.out"] = "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(hosts))
    return case("bx27_allreduce_timeouts_with_hung_data_workers", files,
                "storage", "infrastructure", None, "restart",
                "Every node's kernel log shows 'nfs: server fs-data01 not responding' from 04:10 (gpu-f07 merely 3 s earlier) with data-loader workers blocked in D state, the dataset lives on that NFS server, and the ALLREDUCE watchdog fires on all ranks 30 minutes later; the server came back at 04:52 ('OK'). A transient shared-storage outage, no node to blame.",
                "https://github.com/TIGRLab/admin/issues/525")


# =============================================================== bx28
def bx28():
    rng = random.Random(7928)
    hosts = ["gpu-w%02d" % i for i in range(1, 17)]
    cl = Cluster(rng, hosts, ipfmt="10.28.%d.%d")
    style = "v22"
    cet = dt.timezone(dt.timedelta(hours=1))
    tzs = {h: (cet if i % 3 != 1 else UTC) for i, h in enumerate(hosts)}
    bad = "gpu-w10"
    tzs[bad] = cet
    tzs["gpu-w02"] = UTC
    rbad = cl.rank(bad, 5)
    t0 = T("2024-11-19 09:12:40")
    tf = T("2024-11-19 13:03:51.220")

    def iso(t, h):
        lt = t.astimezone(tzs[h])
        return lt.strftime("%Y-%m-%dT%H:%M:%S.") + "%03d" % (lt.microsecond // 1000) + lt.strftime("%z")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(30), cl.nccl_init(r)[-1]))
        per[h].append((t0 + S(35), "%s INFO data rank-local shard iterator: %d shards per rank, prefetch=4" % (iso(t0 + S(35), h), 118)))
    tt = t0 + S(80)
    step = 0
    while tt < tf:
        if step % 200 == 0:
            per["gpu-w01"].append((tt, "%s INFO train step=%d loss=%.4f lr=%.2e" % (iso(tt, "gpu-w01"), step, 2.05 - step * 1e-5, 2e-4)))
        step += 1
        tt += S(2.4)
    tb = ["Traceback (most recent call last):",
          '  File "/opt/pipeline/data/webdata.py", line 214, in __iter__',
          "    with open(path, \"rb\") as fh:",
          "FileNotFoundError: [Errno 2] No such file or directory: '/datasets/web-v3/train/shard_01873.tar'"]
    per[bad].append((tf, "%s ERROR data fatal error in shard reader (rank %d)\n%s" % (iso(tf, bad), rbad, "\n".join(tb))))
    per[bad].append((tf + ms(5), "\n".join("[rank%d]: %s" % (rbad, l) for l in ["Traceback (most recent call last):",
                                                                               '  File "/opt/pipeline/train.py", line 266, in <module>',
                                                                               "    main()",
                                                                               '  File "/opt/pipeline/train.py", line 214, in main',
                                                                               "    batch = next(loader_iter)"] + tb)))
    al = agent_local_failure(style, cl, bad, tf + ms(300), rbad, 1, "train.py", root_time=tf)
    per[bad] += al
    others = [h for h in hosts if h != bad]

    def lasterr(r):
        return "socketProgress: Connection closed by remote peer %s<%d>" % (bad, 39900 + r)
    fl = survivors_remote(style, cl, others, tf + S(2.0), rng, "2.21.5", lasterr, "train.py")
    for h in others:
        per[h] += fl[h]
        t_first = min(t for t, _ in fl[h])
        per[h].append((t_first - ms(50), "%s ERROR train rank %d: NCCL communicator reported an async error; aborting step" % (iso(t_first - ms(50), h), cl.ranks(h)[0])))
    files = {}
    for h in hosts:
        # the agent's [YYYY-MM-DD HH:MM:SS,mmm] lines are written in the node's local time
        out = []
        for _, (t, text) in sorted(enumerate(per[h]), key=lambda x: (x[1][0], x[0])):
            if text.startswith("[20") and "torch.distributed.elastic" in text:
                lt = t.astimezone(tzs[h])
                text = "[%s]%s" % (ts_py(lt), text[text.index("]") + 1:])
            if "  time      : " in text:
                lines = []
                for l in text.split("\n"):
                    if l.startswith("  time      : "):
                        u = dt.datetime.strptime(l[14:], "%Y-%m-%d_%H:%M:%S").replace(tzinfo=UTC)
                        lines.append("  time      : %s" % u.astimezone(tzs[h]).strftime("%Y-%m-%d_%H:%M:%S"))
                    else:
                        lines.append(l)
                text = "\n".join(lines)
            out.append(text)
        files["%s/train.log" % h] = "\n".join(out) + "\n"
    files["%s/timedatectl.txt" % bad] = "               Local time: Tue 2024-11-19 14:31:07 CET\n           Universal time: Tue 2024-11-19 13:31:07 UTC\n                Time zone: Europe/Berlin (CET, +0100)\nSystem clock synchronized: yes\n"
    files["gpu-w02/timedatectl.txt"] = "               Local time: Tue 2024-11-19 13:31:09 UTC\n           Universal time: Tue 2024-11-19 13:31:09 UTC\n                Time zone: Etc/UTC (UTC, +0000)\nSystem clock synchronized: yes\n"
    files["dataset_check.txt"] = "\n".join([
        "$ python -m pipeline.tools.verify_manifest /datasets/web-v3/train/manifest.json   # 2024-11-19 14:40 CET",
        "manifest: 1880 shards (shard_00000.tar .. shard_01879.tar)",
        "present on disk: 1872 (shard_00000.tar .. shard_01871.tar)",
        "MISSING: shard_01872.tar shard_01873.tar shard_01874.tar shard_01875.tar shard_01876.tar shard_01877.tar shard_01878.tar shard_01879.tar",
        "", "$ grep -c 'status=FAILED' /datasets/web-v3/_convert/convert-web-v3.log",
        "1", "$ tail -1 /datasets/web-v3/_convert/convert-web-v3.log",
        "2024-11-15T22:01:44+0100 status=FAILED worker=37 shards=01872-01879 error='source bucket listing truncated'", ""])
    files["slurm-667001.out"] = "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(sorted(hosts, key=lambda x: x == bad)))
    return case("bx28_nccl_errors_logged_an_hour_apart_by_clock_zone", files,
                "user_code", "script", None, "stop",
                "Logs mix +0100 and +0000 offsets; normalised, rank 77 on gpu-w10 fails first at 14:03:51.220+0100 (13:03:51.220Z) with FileNotFoundError for shard_01873.tar, and the 'collective failed' lines stamped 13:03:53+0000 on UTC nodes are 2 s later, not an hour earlier. The manifest lists 8 shards the failed conversion never wrote: bad input data/config that fails again on restart.",
                "https://github.com/EleutherAI/gpt-neox/issues/919")


# =============================================================== bx29
def bx29():
    rng = random.Random(7929)
    hosts = ["gpu-t%02d" % i for i in range(1, 33)]
    cl = Cluster(rng, hosts, ipfmt="10.29.%d.%d")
    style = "v24"
    t0 = T("2024-08-14 02:00:41")
    t_enq = T("2024-08-14 07:16:20.9")
    seq = 77122
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(38), cl.nccl_init(r)[-1]))
    tt = t0 + S(120)
    it = 60000
    while tt < t_enq:
        per["gpu-t32"].append((tt, megatron_iter(tt, it, 300000, it * 2048, 7690 + rng.random() * 30, 1.9e-4, 1.84 + rng.random() * 0.02, 1.0, 0.15)))
        it += 40
        tt += S(7.69 * 40)
    fl = survivors_abort(style, cl, hosts, t_enq + S(1800.03), rng, seq, "ALLREDUCE", 1, 1, 1800000, t_enq, "pretrain_gpt.py",
                         full_ranks={0, 200})
    for h in hosts:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    boot = T("2024-08-09 06:41:12")
    bad = "gpu-t22"
    files["%s/dmesg.txt" % bad] = "\n".join(dmesg_lines("uptime", [
        (boot + S(5.2), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
        (T("2024-08-11 03:27:40.4"), "NVRM: Xid (PCI:0000:3a:00): 13, pid=1187723, name=python3, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address"),
        (T("2024-08-11 03:27:40.4"), "NVRM: Xid (PCI:0000:3a:00): 13, pid=1187723, name=python3, Graphics Exception: ESR 0x52df30=0x10000e 0x52df34=0x20 0x52df28=0xc81eb60 0x52df2c=0x1174"),
        (T("2024-08-11 03:27:41.1"), "NVRM: Xid (PCI:0000:3a:00): 43, pid=1187723, name=python3, Ch 00000010"),
        (t0 + S(20), "nvidia-peermem nv_mem_client_init:  Registered nvidia-peermem")], boot=boot)) + "\n"
    files["%s/uptime_since.txt" % bad] = "$ uptime -s\n2024-08-09 06:41:12\n"
    files["%s/sacct_node_history.txt" % bad] = "\n".join([
        "$ sacct -N gpu-t22 -S 2024-08-10 --format=JobID,User,JobName,State,Start,End",
        "JobID             User    JobName      State               Start                 End ",
        "------------ --------- ---------- ---------- ------------------- ------------------- ",
        "4410233          mtran  cuda-kern+     FAILED 2024-08-11T03:01:10 2024-08-11T03:27:44 ",
        "4411007        svc-llm  gpt-pretr+     FAILED 2024-08-14T02:00:36 2024-08-14T07:46:28 ", ""])
    for h in ("gpu-t05", "gpu-t17"):
        b = T("2024-08-09 06:40:00") + S(hosts.index(h) * 13)
        files["%s/dmesg.txt" % h] = "\n".join(dmesg_lines("uptime", [
            (b + S(5.2), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
            (t0 + S(20), "nvidia-peermem nv_mem_client_init:  Registered nvidia-peermem")], boot=b)) + "\n"
    files["slurm-4411007.out"] = "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(hosts))
    upx = int((T("2024-08-11 03:27:40.4") - boot).total_seconds())
    return case("bx29_thirty_two_node_allreduce_timeout_with_old_xid_on_one_node", files,
                "hang", "infrastructure", None, "restart",
                "All 256 ranks time out on ALLREDUCE 77122 at 07:46 with identical counters and nothing else fails. The only kernel error is gpu-t22's Xid 13/43, whose uptime (boot 2024-08-09 06:41:12 + %d s) dates it to 2024-08-11 03:27, three days before this job and matching another user's cuda-kernel test job (pid 1187723 is not ours). An unattributed hang." % upx,
                "https://github.com/pytorch/pytorch/issues/118369")


# =============================================================== bx30
def bx30():
    rng = random.Random(7930)
    hosts = ["gpu-u%02d" % i for i in range(1, 25)]
    cl = Cluster(rng, hosts, ipfmt="10.30.%d.%d")
    style = "v24"
    t0 = T("2024-07-30 12:00:22")
    tf = T("2024-07-30 19:02:11.4")
    leafs = {"leaf-01": hosts[:8], "leaf-02": hosts[8:16], "leaf-03": hosts[16:]}
    leaf_of = {h: l for l, hs in leafs.items() for h in hs}
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(33), cl.nccl_init(r)[-1]))
    tt = t0 + S(100)
    it = 20000
    while tt < tf:
        per["gpu-u24"].append((tt, megatron_iter(tt, it, 250000, it * 1024, 3980 + rng.random() * 20, 2.2e-4, 1.97 + rng.random() * 0.02, 1.0, 0.2)))
        it += 50
        tt += S(3.98 * 50)
    # cross-leaf pairs only fail, spread over many nodes
    hit = {}
    for h in hosts:
        for r in cl.ranks(h):
            if rng.random() < 0.22:
                cand = [x for x in hosts if leaf_of[x] != leaf_of[h]]
                peer = cand[rng.randrange(len(cand))]
                t = tf + S(rng.random() * 3.0)
                msg = "NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid fe80::b83f:d203:a1:%x remoteGids fe80::b83f:d203:a1:%x" % (
                    cl.ip[peer], 50200 + r, r % 2, "Recv" if r % 2 else "Send", 0x100 + hosts.index(h), 0x100 + hosts.index(peer))
                per[h].append((t, cl.nccl(r, msg, level="WARN", tid=cl.tid[r] + 5)))
                hit[r] = (t, msg)
    for h in hosts:
        fs = []
        for r in cl.ranks(h):
            if r in hit:
                t, m = hit[r]
                t += ms(300)
            else:
                t = tf + S(3.5 + rng.random() * 2.0)
                m = "socketProgress: Connection closed by remote peer %s<%d>" % (hosts[(hosts.index(h) + 5) % 24], 41500 + r)
            per[h] += wd_remote(style, r, t, "2.21.5", m, full=(r in (0, 100)))
            fs.append((t, r))
        fs.sort()
        per[h] += agent_local_failure(style, cl, h, fs[-1][0] + ms(100), fs[0][1], -6, "pretrain_gpt.py",
                                      also_failed=[(r, -6, t) for t, r in fs[1:]], root_time=fs[0][0])
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    topo = dict(leafs)
    topo["spine-01"] = ["leaf-01", "leaf-02", "leaf-03"]
    topo["spine-02"] = ["leaf-01", "leaf-02", "leaf-03"]
    topo["spine-03"] = ["leaf-01", "leaf-02", "leaf-03"]
    topo["spine-04"] = ["leaf-01", "leaf-02", "leaf-03"]
    files["topology.json"] = json.dumps({"topology": topo}, indent=1, sort_keys=True) + "\n"
    files["ibdiagnet_summary.txt"] = "\n".join([
        "ibdiagnet2 run by fabric on-call 2024-07-30 19:31 UTC (-r --pc)",
        "-I- Discovered 3 leaf / 4 spine switches, 24 CAs (192 ports)",
        "-E- Port Counters Errors:",
        "-E-   spine-03/P12 <-> leaf-02/P33 : LinkDownedCounter=14 (threshold 0) SymbolErrorCounter=83312 LinkErrorRecoveryCounter=211",
        "-E-   spine-03/P07 <-> leaf-01/P35 : PortRcvErrors=9131 PortXmitDiscards=22817",
        "-W-   spine-03 : 2 PSU in degraded state since 2024-07-30 19:01:58",
        "-I- Links from CAs to leaf switches: no errors (192/192 ACTIVE, 400G)",
        "-I- Summary: 0 CA errors, 3 switch-to-switch link errors, all on spine-03", ""])
    files["slurm-330019.out"] = "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(hosts))
    return case("bx30_retry_exceeded_between_random_node_pairs", files,
                "network", "infrastructure", None, "restart",
                "At 19:02:11 status=12 'retry exceeded' completions appear on about a fifth of the ranks across all 24 nodes, always between nodes on different leaf switches and with no node common to all pairs; no node logs a link event, and ibdiagnet finds every CA link clean but link-down and symbol errors on spine-03's uplinks (PSU degraded at 19:01:58). A fabric (spine) fault, not any node.",
                "https://github.com/NVIDIA/nccl/issues/1405")


def CASES():
    return [bx21(), bx22(), bx23(), bx24(), bx25(), bx26(), bx27(), bx28(), bx29(), bx30()]
