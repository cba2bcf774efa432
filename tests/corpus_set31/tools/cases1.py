"""Cases ab01-ab10."""
import datetime as dt
import json

from lib import (T, UTC, Case, add, boot_lines, c10, default_df, df_h, dmesg_T, free_g, glog,
                 gpu_query_csv, ibstat, ip_addr, iso, kernel_log, megatron_iter, mk_nodes, nvsmi_q,
                 nvsmi_table, old_watchdog_block, periodic_noise, pylog, render, sacct, sec,
                 timedatectl, tz, watchdog_block, torch_ts, HGX_BUS)
from common import (hexid, nccl_init_events, nccl_init_per_local, prefixed, py_tb, timeout_events, torchrun_console)

CUDA_TAIL = ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
             "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
             "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]


def cuda_err_watchdog(rank, t, msg, rng, pg="PG 0 (default_pg)"):
    pre = "[rank%d]:" % rank
    a = "%x" % (0x7f3a00000000 + rng.getrandbits(28))
    out = [pre + c10(t, "E", "ProcessGroupNCCL.cpp:1418", rng) +
           " [%s Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (pg, rank, msg)]
    out += [pre + x for x in CUDA_TAIL]
    out += [pre, pre + "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
            pre + "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x%s in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)" % a,
            pre + "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x%s in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)" % a,
            pre + "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x%s in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10_cuda.so)" % a,
            pre + "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x%s in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % a,
            pre + "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x%s in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % a,
            pre + "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x%s in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % a,
            pre,
            pre + "terminate called after throwing an instance of 'c10::DistBackendError'",
            pre + "  what():  [%s Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (pg, rank, msg)]
    return out


# ---------------------------------------------------------------------------------------------- ab01
def ab01(out):
    c = Case(out, "ab01_all_ranks_nccl_watchdog_timeout_after_ten_minutes", 101)
    r = c.rng
    hosts = ["gpu-b104", "gpu-b105", "gpu-b109", "gpu-b110", "gpu-b112", "gpu-b115"]
    order = ["gpu-b104", "gpu-b105", "gpu-b109", "gpu-b112", "gpu-b110", "gpu-b115"]
    nodes = mk_nodes(hosts, "10.31.4", r, order=order)
    culprit = [n for n in nodes if n.host == "gpu-b112"][0]
    cet = tz(1)
    t0 = T(2024, 3, 12, 6, 58, 10)
    t_coll = T(2024, 3, 12, 9, 12, 40, 2000)
    t_xid = T(2024, 3, 12, 9, 12, 40, 231884)
    seq, numel, tmo = 88213, 262144000, 600000
    run_id = "4471920"
    entry = "/workspace/llm/train.py"
    consoles = {}
    for n in nodes:
        ev = []
        ts = t0 + sec(r.uniform(0, 6))
        consoles[n.host] = ev
        nccl_init_events(ev, n, T(2024, 3, 12, 6, 59, 31), 48, r)
        if n.node_rank == 0:
            tt = T(2024, 3, 12, 7, 0, 4, 120000)
            step = 0
            loss = 10.9
            while tt < t_coll - sec(2):
                step += 10
                loss = max(2.05, loss * 0.9965 - 0.0008 + r.uniform(-0.01, 0.01))
                st = r.uniform(1.405, 1.43)
                ev.append((tt, "[rank0]:%s - train - INFO - step %d | loss %.4f | lr %.3e | grad_norm %.3f | %.3f s/it | %.1f TFLOP/s/GPU" % (
                    pylog(tt), step, loss, min(3e-4, 3e-4 * step / 2000), r.uniform(0.18, 0.6), st, 402.0 * 1.418 / st)))
                if step % 1000 == 0:
                    ev.append((tt + sec(0.5), "[rank0]:%s - train - INFO - saving checkpoint to /lustre/ckpt/llm-13b/step_%07d" % (pylog(tt + sec(0.5)), step)))
                    ev.append((tt + sec(31), "[rank0]:%s - train - INFO - checkpoint saved in 30.41s" % pylog(tt + sec(31))))
                    tt += sec(31)
                tt += sec(st * 10)
        if n is culprit:
            tf = T(2024, 3, 12, 9, 12, 41, 6000)
            add(ev, tf, cuda_err_watchdog(29, tf, "unspecified launch failure", r))
            tfail = tf + sec(1.4)
            torchrun_console(ev, n, 6, ts, "gpu-b104", 29500, run_id, entry, r,
                             [(5, tfail, -6, None, None)], tfail, script="train.py")
        else:
            times = timeout_events(ev, n, t_coll, seq, "ALLREDUCE", numel, tmo, r)
            first = min(times, key=times.get)
            tfail = times[first] + sec(r.uniform(0.6, 1.5))
            fails = [(first, tfail - sec(0.2), -6, None, None)]
            torchrun_console(ev, n, 6, ts, "gpu-b104", 29500, run_id, entry, r, fails, tfail, script="train.py")
        c.w("%s/torchrun_console.log" % n.host, render(ev))
        c.w("%s/ibstat.txt" % n.host, ibstat(r))
        # kernel logs
        boot = T(2024, 3, 10, 22, 41, 7) - sec(r.randint(0, 4000))
        noise = boot_lines(n.host, r, ibip=n.ib_ip, drv="550.54.15")
        kev = periodic_noise(boot + sec(120), T(2024, 3, 12, 9, 40), r, n.host)
        if n is culprit:
            kev += [(t_xid, "NVRM: GPU at PCI:0000:c3:00: GPU-5d0e1c0b-7a2f-3c11-9e84-2b6f0a7c1d93"),
                    (t_xid + sec(0.00002), "NVRM: GPU Board Serial Number: %d" % (n.serial0 + 5 * 17)),
                    (t_xid + sec(0.00004), "NVRM: Xid (PCI:0000:c3:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                    (t_xid + sec(0.00006), "NVRM: GPU 0000:c3:00.0: GPU has fallen off the bus."),
                    (t_xid + sec(0.0012), "NVRM: A GPU crash dump has been created. If possible, please run"),
                    (t_xid + sec(0.0013), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                    (t_xid + sec(0.0014), "NVRM: the NVIDIA kernel module is unloaded."),
                    (t_xid + sec(0.9), "pcieport 0000:c0:01.1: AER: Uncorrected (Fatal) error received: 0000:c2:00.0"),
                    (t_xid + sec(0.9001), "pcieport 0000:c2:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
                    (t_xid + sec(0.9002), "pcieport 0000:c2:00.0:   device [1000:c030] error status/mask=00000020/00000000"),
                    (t_xid + sec(0.9003), "pcieport 0000:c2:00.0:    [ 5] SDES                   (First)")]
            lines = kernel_log(kev, boot, n.host, "journal", r, boot_noise=noise, tzinfo=cet)
            c.w("%s/journalctl_-k_--since_yesterday.txt" % n.host, lines)
            c.w("%s/timedatectl.txt" % n.host, timedatectl(T(2024, 3, 12, 10, 31, 2, tzinfo=cet), "Europe/Berlin", "CET", "+0100"))
            c.w("%s/nvidia-smi.txt" % n.host, nvsmi_table(T(2024, 3, 12, 10, 31, 5, tzinfo=cet), n.host, drv="550.54.15", cuda="12.4",
                                                            missing=[5], lost_msg="Unable to determine the device handle for GPU0000:C3:00.0: Unknown Error"))
            c.w("%s/prolog_gpu_inventory.csv" % n.host, ["# collected by slurm prolog at job start (%s)" % iso(T(2024, 3, 12, 7, 58, 2, tzinfo=cet), 0)] + gpu_query_csv(n, r))
        else:
            if n.host == "gpu-b109":
                kev += [(T(2024, 3, 10, 4, 11, 52, 120331), "NVRM: Xid (PCI:0000:52:00): 13, pid=2281934, name=python3, Graphics Exception: SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address"),
                        (T(2024, 3, 10, 4, 11, 52, 120400), "NVRM: Xid (PCI:0000:52:00): 13, pid=2281934, name=python3, Graphics SM Global Exception on (GPC 4, TPC 1, SM 0): Multiple Warp Errors")]
            lines = kernel_log(kev, boot, n.host, "T", r, boot_noise=noise)
            c.w("%s/dmesg_-T.txt" % n.host, lines)
            c.w("%s/timedatectl.txt" % n.host, timedatectl(T(2024, 3, 12, 9, 31, 2 + n.node_rank), "Etc/UTC", "UTC", "+0000"))
            c.w("%s/nvidia-smi.txt" % n.host, nvsmi_table(T(2024, 3, 12, 9, 31, 9), n.host, drv="550.54.15", cuda="12.4"))
    c.label("gpu_hardware", "infrastructure", "gpu-b112", 29, "restart_without_node",
            "gpu-b112 logged Xid 79 (GPU at PCI c3:00 fell off the bus) at 10:12:40 CET = 09:12:40 UTC; rank 29 (group_rank 3, local_rank 5 = bus C3) died with a CUDA error one second later, and the watchdog timeouts on all other nodes came ten minutes after that.",
            "https://github.com/jpata/particleflow/issues/390")


# ---------------------------------------------------------------------------------------------- ab02
def ab02(out):
    c = Case(out, "ab02_training_died_with_nccl_errors_on_32_ranks_exit_code_137", 102)
    r = c.rng
    hosts = ["gpu-c01", "gpu-c02", "gpu-c03", "gpu-c07"]
    nodes = mk_nodes(hosts, "10.22.8", r)
    jobid = "771234"
    t0 = T(2024, 5, 21, 8, 2, 11)
    t_oom = T(2024, 5, 21, 14, 3, 17, 412000)
    # srun -l output: task prefix, no time stamps in NCCL lines
    lines = []
    lines += ["+ srun -l --kill-on-bad-exit=0 python -u train_ddp.py --config configs/vit_g_pretrain.yaml",
              "0: [2024-05-21 08:02:31] world_size=32 backend=nccl",
              "0: [2024-05-21 08:02:31] model: vit_giant_patch14 params=1.84B",
              "0: [2024-05-21 08:02:32] data: 1.2B image-text pairs, num_workers=10, pin_memory=True, cache_decoded=True"]
    for rk in range(32):
        lines.append("%d: [2024-05-21 08:02:3%d] rank %d on %s local_rank %d" % (rk, 3 + rk % 5, rk, hosts[rk // 8], rk % 8))
    tt = T(2024, 5, 21, 8, 4, 0)
    step = 0
    mem = {n.host: 210.0 + r.uniform(-5, 5) for n in nodes}
    while tt < t_oom - sec(20):
        step += 50
        lines.append("0: [%s] step %6d  loss %.4f  lr %.2e  imgs/s %.0f  data_time %.3f" % (
            tt.strftime("%Y-%m-%d %H:%M:%S"), step, 6.2 * (0.9996 ** step) + 1.1 + r.uniform(-0.02, 0.02),
            1e-3 * min(1, step / 5000), r.uniform(15100, 15400), r.uniform(0.01, 0.03)))
        if step % 1000 == 0:
            for n in nodes:
                mem[n.host] += r.uniform(41, 47)
                lines.append("%d: [%s] [hostmem] %s used=%.0fGiB/2015GiB rss_per_rank~%.1fGiB" % (
                    n.node_rank * 8, tt.strftime("%Y-%m-%d %H:%M:%S"), n.host, mem[n.host], mem[n.host] / 8 - 6))
        tt += sec(r.uniform(29.5, 30.5))
    # the kill: rank 20 (gpu-c03 local 4) disappears
    lines.append("srun: error: gpu-c03: task 20: Killed")
    victims = [rk for rk in range(32) if rk != 20]
    r.shuffle(victims)
    for rk in victims:
        p = "%d: " % rk
        lines += [p + "Traceback (most recent call last):",
                  p + '  File "/opt/app/train_ddp.py", line 412, in <module>',
                  p + "    main(cfg)",
                  p + '  File "/opt/app/train_ddp.py", line 377, in main',
                  p + "    loss.backward()",
                  p + '  File "/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", line 525, in backward',
                  p + "    torch.autograd.backward(",
                  p + '  File "/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", line 267, in backward',
                  p + "    _engine_run_backward(",
                  p + "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, remote process exited or there was a network error, NCCL version 2.19.3",
                  p + "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                  p + "Last error:",
                  p + "NET/IB : Got completion from peer 10.22.8.5<4%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:10.22.8.5" % (
                      r.randint(1000, 9999), nodes[rk // 8].ib_ip) if rk // 8 != 2 else
                  p + "socketProgressOpt: Call to recv from 10.22.8.5<3%d> failed : Connection reset by peer" % r.randint(1000, 9999)]
    lines += ["srun: error: gpu-c01: tasks 0-7: Exited with exit code 1",
              "srun: error: gpu-c02: tasks 8-15: Exited with exit code 1",
              "srun: error: gpu-c07: tasks 24-31: Exited with exit code 1",
              "srun: error: gpu-c03: tasks 16-19,21-23: Exited with exit code 1"]
    c.w("login-02/slurm-%s.out" % jobid, lines)
    c.w("login-02/sacct_%s.txt" % jobid, sacct(jobid, "vitg-pt", "gpu-c[01-03,07]", 4, t0, t_oom + sec(40), "FAILED", "1:0"))
    for n in nodes:
        boot = T(2024, 5, 2, 3, 10, 0) + sec(r.randint(0, 9000))
        kev = periodic_noise(boot + sec(100), T(2024, 5, 21, 14, 30), r, n.host)
        if n.host == "gpu-c03":
            tk = t_oom
            pid = 118822
            kev += [(tk - sec(0.004), "python invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0"),
                    (tk - sec(0.0039), "CPU: 87 PID: 118901 Comm: python Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"),
                    (tk - sec(0.0035), "memory: usage 2113929216kB, limit 2113929216kB, failcnt 48211"),
                    (tk - sec(0.0034), "swap: usage 0kB, limit 9007199254740988kB, failcnt 0"),
                    (tk - sec(0.0031), "Memory cgroup stats for /slurm/uid_41230/job_771234:"),
                    (tk - sec(0.0020), "Tasks state (memory values in pages):"),
                    (tk - sec(0.0019), "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")]
            for i in range(8):
                kev.append((tk - sec(0.0018 - i * 0.00001), "[ %6d]  41230 %6d %9d %8d %14d        0             0 python" % (
                    pid + i, pid + i, 86000000 + r.randint(0, 900000), 64000000 + r.randint(0, 2500000) + (3000000 if i == 4 else 0), 540000000 + r.randint(0, 9999999))))
            kev += [(tk - sec(0.0005), "[ %6d]  41230 %6d   402113    11024         258048        0             0 pt_data_worker" % (pid + 40, pid + 40)),
                    (tk, "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_41230/job_771234,task_memcg=/slurm/uid_41230/job_771234/step_0/user/task_20,task=python,pid=%d,uid=41230" % (pid + 4)),
                    (tk + sec(0.0002), "Memory cgroup out of memory: Killed process %d (python) total-vm:344913204kB, anon-rss:268719332kB, file-rss:391204kB, shmem-rss:2097152kB, UID:41230 pgtables:531420kB oom_score_adj:0" % (pid + 4)),
                    (tk + sec(2.1), "oom_reaper: reaped process %d (python), now anon-rss:0kB, file-rss:0kB, shmem-rss:2097152kB" % (pid + 4))]
        c.w("%s/dmesg_-T.txt" % n.host, kernel_log(kev, boot, n.host, "T", r, boot_noise=boot_lines(n.host, r, ibip=n.ib_ip)))
        used = int(mem[n.host] + 40) if n.host != "gpu-c03" else 1760
        c.w("%s/free_-g.txt" % n.host, ["# collected 2024-05-21 14:09 UTC (job already ended; processes still exiting)"] + free_g(2015, used, 14, 80))
        c.w("%s/nvidia-smi.txt" % n.host, nvsmi_table(T(2024, 5, 21, 14, 9, 31), n.host, drv="535.161.08", cuda="12.2"))
    c.label("oom", "framework", None, None, "stop",
            "The first event is the kernel OOM killer on gpu-c03 killing rank 20's own python process inside the job's cgroup at 14:03:17 (srun: task 20 Killed); every node's [hostmem] line shows the job's host memory climbing ~44 GiB per 1000 steps on all nodes, so it is the job's own memory growth, and the NCCL errors on the other 31 ranks are consequences.",
            "https://github.com/goodfire-ai/spd/pull/537")


# ---------------------------------------------------------------------------------------------- ab03
def ab03(out):
    c = Case(out, "ab03_loss_went_to_nan_and_all_ranks_exited", 103)
    r = c.rng
    hosts = ["dgx-d011", "dgx-d014", "dgx-d015", "dgx-d020"]
    nodes = mk_nodes(hosts, "10.50.2", r)
    t = T(2024, 4, 2, 9, 40, 12)
    lines = []
    # deepspeed launcher on dgx-d011 via pdsh
    lines.append("[%s] [INFO] [runner.py:463:main] Using IP address of 10.50.2.13 for node dgx-d011" % pylog(t))
    lines.append("[%s] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: dgx-d011,dgx-d014,dgx-d015,dgx-d020" % pylog(t))
    lines.append("[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w dgx-d011,dgx-d014,dgx-d015,dgx-d020 export NCCL_IB_HCA=mlx5; export PYTHONPATH=/home/rsun/llm-sft;  cd /home/rsun/llm-sft; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkZ3gtZDAxMSI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%%n --master_addr=10.50.2.13 --master_port=29500 train.py --deepspeed ds_config_fp16.json --lr 6e-3 --warmup_steps 200 --model_size 7b" % pylog(t))
    for n in nodes:
        hp = n.host + ": "
        lines.append(hp + "[%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'dgx-d011': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-d014': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-d015': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-d020': [0, 1, 2, 3, 4, 5, 6, 7]}" % pylog(t + sec(3)))
        lines.append(hp + "[%s] [INFO] [launch.py:152:main] nnodes=4, num_local_procs=8, node_rank=%d" % (pylog(t + sec(3)), n.node_rank))
        lines.append(hp + "[%s] [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {'dgx-d011': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-d014': [8, 9, 10, 11, 12, 13, 14, 15], 'dgx-d015': [16, 17, 18, 19, 20, 21, 22, 23], 'dgx-d020': [24, 25, 26, 27, 28, 29, 30, 31]})" % pylog(t + sec(3)))
    h0 = "dgx-d011: "
    t1 = t + sec(95)
    lines.append(h0 + "[%s] [INFO] [config.py:984:print] DeepSpeedEngine configuration:" % pylog(t1))
    for k, v in [("fp16_enabled", "True"), ("initial_dynamic_scale", "65536"), ("dynamic_loss_scale_args", "{'init_scale': 65536, 'scale_window': 1000, 'delayed_shift': 2, 'consecutive_hysteresis': False, 'min_scale': 1}"),
                 ("optimizer_name", "adamw"), ("optimizer_params", "{'lr': 0.006, 'betas': [0.9, 0.95], 'eps': 1e-08, 'weight_decay': 0.1}"),
                 ("scheduler_name", "WarmupDecayLR"), ("scheduler_params", "{'warmup_min_lr': 0, 'warmup_max_lr': 0.006, 'warmup_num_steps': 200, 'total_num_steps': 20000}"),
                 ("gradient_clipping", "0.0"), ("train_batch_size", "512"), ("zero_optimization_stage", "2")]:
        lines.append(h0 + "[%s] [INFO] [config.py:988:print]   %-28s %s" % (pylog(t1), k, v))
    tt = t1 + sec(40)
    loss = 2.41
    scale = 65536.0
    step = 0
    skipped = 0
    hyst = False
    while True:
        step += 1
        lr = 6e-3 * min(1.0, step / 200)
        if step < 60:
            loss = loss * 0.997 + r.uniform(-0.01, 0.01)
        elif step < 140:
            loss = loss * 0.999 + r.uniform(-0.02, 0.03)
        else:
            loss = loss * 1.035 + r.uniform(0, 0.2)
        overflow = step >= 150 and (step > 168 or r.random() < 0.45)
        if overflow:
            new = max(1.0, scale / 2) if hyst else scale
            for n in nodes:
                lines.append(n.host + ": [%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank %d Skipping step. Attempted loss scale: %d, but hysteresis is 2. Reducing hysteresis to 1" % (
                    pylog(tt), n.rank(0), int(scale)) if not hyst else
                    n.host + ": [%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank %d Skipping step. Attempted loss scale: %d, reducing to %d" % (pylog(tt), n.rank(0), int(scale), int(new)))
            skipped += 1
            hyst = True
            if scale == 1.0:
                break
            scale = new
        if step % 10 == 0:
            lines.append(h0 + "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=%d, lr=[%.6f], mom=[(0.9, 0.95)]" % (pylog(tt), step, skipped, lr))
            lines.append(h0 + "steps: %d loss: %.4f iter time (s): %.3f samples/sec: %.3f" % (step, loss if loss < 12 else float("nan"), r.uniform(0.79, 0.83), r.uniform(617, 640)))
        if True:
            lines.append(h0 + "%s | step %d | loss %.4f | grad_norm %.2f | loss_scale %d" % (pylog(tt), step, loss if loss < 12 else float("nan"),
                                                                                         (0.9 + 0.01 * step) if step < 140 else (12 * 1.3 ** (step - 140)), int(scale)))
        tt += sec(r.uniform(0.79, 0.83))
    tfail = tt + sec(0.4)
    for n in nodes:
        for local in range(8):
            rk = n.rank(local)
            p = n.host + ": "
            lines += [p + "Traceback (most recent call last):",
                      p + '  File "/home/rsun/llm-sft/train.py", line 301, in <module>',
                      p + "    main()",
                      p + '  File "/home/rsun/llm-sft/train.py", line 288, in main',
                      p + "    engine.step()",
                      p + '  File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/engine.py", line 2169, in step',
                      p + "    self._take_model_step(lr_kwargs)",
                      p + '  File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/zero/stage_1_and_2.py", line 1838, in step',
                      p + "    self._update_scale(self.overflow)",
                      p + '  File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/fp16/loss_scaler.py", line 175, in update_scale',
                      p + "    raise Exception(",
                      p + "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."]
    for n in nodes:
        for local in range(8):
            lines.append(n.host + ": [%s] [ERROR] [launch.py:321:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train.py', '--local_rank=%d', '--deepspeed', 'ds_config_fp16.json', '--lr', '6e-3', '--warmup_steps', '200', '--model_size', '7b'] exits with return code = 1" % (pylog(tfail + sec(2 + local * 0.1)), local))
    lines.append("pdsh@dgx-d011: dgx-d014: ssh exited with exit code 1")
    lines.append("pdsh@dgx-d011: dgx-d015: ssh exited with exit code 1")
    lines.append("pdsh@dgx-d011: dgx-d020: ssh exited with exit code 1")
    c.w("dgx-d011/deepspeed_launcher.log", lines)
    c.w("dgx-d011/ds_config_fp16.json", json.dumps({"train_batch_size": 512, "gradient_accumulation_steps": 2, "fp16": {"enabled": True, "loss_scale": 0, "initial_scale_power": 16, "loss_scale_window": 1000, "hysteresis": 2, "min_loss_scale": 1},
                                                   "optimizer": {"type": "AdamW", "params": {"lr": 6e-3, "betas": [0.9, 0.95], "weight_decay": 0.1}},
                                                   "scheduler": {"type": "WarmupDecayLR", "params": {"warmup_min_lr": 0, "warmup_max_lr": 6e-3, "warmup_num_steps": 200, "total_num_steps": 20000}},
                                                   "zero_optimization": {"stage": 2, "overlap_comm": True}}, indent=2))
    for n in nodes:
        boot = T(2024, 3, 28, 11, 0, 0) + sec(r.randint(0, 5000))
        kev = periodic_noise(boot + sec(100), T(2024, 4, 2, 10, 0), r, n.host)
        c.w("%s/dmesg.txt" % n.host, kernel_log(kev, boot, n.host, "uptime", r, boot_noise=boot_lines(n.host, r, ibip=n.ib_ip)))
        per = {}
        if n.host == "dgx-d015":
            per = {2: dict(ecc_vol_cor=3, ecc_agg_cor=11, remap=(1, 0, "No", "No"))}
        c.w("%s/nvidia-smi_-q.txt" % n.host, nvsmi_q(T(2024, 4, 2, 9, 47, 0), n, r, per_gpu=per))
    c.label("numerical", "script", None, None, "stop",
            "Loss rises smoothly on all ranks as the linear warmup pushes lr towards 6e-3, fp16 overflows then occur on every rank at the same steps until DeepSpeed's loss scale hits min_scale=1 and every rank raises the same exception; a recipe (lr/fp16) divergence, not hardware (no Xids, only a few corrected ECC counts on one GPU).",
            "https://github.com/deepspeedai/DeepSpeedExamples/issues/418")


# ---------------------------------------------------------------------------------------------- ab04
def ab04(out):
    c = Case(out, "ab04_distbackenderror_on_every_node_after_thirty_minutes", 104)
    r = c.rng
    hosts = ["hpc-e002", "hpc-e003", "hpc-e006", "hpc-e008", "hpc-e011", "hpc-e012", "hpc-e015", "hpc-e019"]
    order = ["hpc-e002", "hpc-e003", "hpc-e006", "hpc-e008", "hpc-e012", "hpc-e011", "hpc-e015", "hpc-e019"]
    nodes = mk_nodes(hosts, "10.60.1", r, order=order)
    culprit = [n for n in nodes if n.host == "hpc-e011"][0]   # node_rank 5, local 5 -> rank 45
    t0 = T(2024, 5, 7, 7, 11, 3)
    t_err = T(2024, 5, 7, 11, 2, 7, 558000)
    t_coll = t_err + sec(0.9)
    tmo = 1800000
    run = "llm-sft-0507"
    logdir = "/scratch/logs/%s" % run
    for n in nodes:
        ev = []
        init = nccl_init_per_local(n, T(2024, 5, 7, 7, 12, 40), 64, r)
        base = "%s/logs/%s_attempt0" % (n.host, run)
        if n is culprit:
            tb = py_tb([("/app/sft/train.py", 244, "<module>", "main()"),
                        ("/app/sft/train.py", 211, "main", "for step, batch in enumerate(loader, start=start_step):"),
                        ("/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
                        ("/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py", 1346, "_next_data", "return self._process_data(data)"),
                        ("/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py", 1372, "_process_data", "data.reraise()"),
                        ("/usr/local/lib/python3.11/site-packages/torch/_utils.py", 705, "reraise", "raise exception")],
                       ["KeyError: Caught KeyError in DataLoader worker process 3.",
                        "Original Traceback (most recent call last):",
                        '  File "/usr/local/lib/python3.11/site-packages/torch/utils/data/_utils/worker.py", line 308, in _worker_loop',
                        "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                        '  File "/usr/local/lib/python3.11/site-packages/torch/utils/data/_utils/fetch.py", line 51, in fetch',
                        "    data = [self.dataset[idx] for idx in possibly_batched_index]",
                        '  File "/app/sft/data.py", line 87, in __getitem__',
                        "    prompt = self.template.format(instruction=rec[\"instruction\"], response=rec[\"text\"])",
                        "KeyError: 'text'"])
            err_lines = ["%s | WARNING | data.py:79 | record 88123 of /datasets/sft-mix-v7/part-00731.jsonl has keys ['instruction', 'response', 'source']" % pylog(t_err - sec(0.01))] + tb
            for local in range(8):
                rk = n.rank(local)
                ol = []
                tt = T(2024, 5, 7, 7, 13, 20)
                if local == 0:
                    step = 0
                    while tt < t_err:
                        step += 20
                        ol.append("%s | INFO | train.py:230 | [node %s rank %d] step %d loss %.4f tok/s %.0f" % (pylog(tt), n.host, rk, step, 1.9 * 0.9999 ** step + 0.7 + r.uniform(-0.03, 0.03), r.uniform(3.05e5, 3.12e5)))
                        tt += sec(r.uniform(26, 27))
                c.w("%s/%d/stdout.log" % (base, local), ol or [""])
                if local == 5:
                    c.w("%s/%d/stderr.log" % (base, local), render(init[local]) + err_lines)
                    c.w("%s/%d/error.json" % (base, local), json.dumps({"message": {"message": "KeyError: Caught KeyError in DataLoader worker process 3.", "extraInfo": {"py_callstack": "\n".join(tb), "timestamp": str(int(t_err.timestamp()))}}}, indent=2))
                else:
                    c.w("%s/%d/stderr.log" % (base, local), render(init[local]))
            tfail = t_err + sec(1.2)
            tr = []
            torchrun_console(tr, n, 8, t0 + sec(r.uniform(0, 5)), "hpc-e002", 29400, run, "/app/sft/train.py", r,
                             [(5, t_err + sec(0.3), 1, "\n".join(tb[-3:]), "%s/%s_attempt0/5/error.json" % (logdir, run))], tfail, script="/app/sft/train.py", log_dir=logdir)
        else:
            times = {}
            for local in range(8):
                rk = n.rank(local)
                ev2 = list(init[local])
                tt = t_coll + sec(tmo / 1000 + r.uniform(0.02, 1.9))
                add(ev2, tt, watchdog_block(rk, tt, 30122, "ALLREDUCE", 1, tmo, r, prefix=False, frames=(local == 0)))
                times[local] = tt
                ol = []
                if n.node_rank == 0 and local == 0:
                    tt2 = T(2024, 5, 7, 7, 13, 20)
                    step = 0
                    while tt2 < t_err:
                        step += 20
                        ol.append("%s | INFO | train.py:230 | [node %s rank %d] step %d loss %.4f tok/s %.0f" % (pylog(tt2), n.host, rk, step, 1.9 * 0.9999 ** step + 0.7 + r.uniform(-0.03, 0.03), r.uniform(3.05e5, 3.12e5)))
                        tt2 += sec(r.uniform(26, 27))
                c.w("%s/%d/stdout.log" % (base, local), ol or [""])
                c.w("%s/%d/stderr.log" % (base, local), render(ev2))
            first = min(times, key=times.get)
            tfail = times[first] + sec(0.8)
            tr = []
            torchrun_console(tr, n, 8, t0 + sec(r.uniform(0, 5)), "hpc-e002", 29400, run, "/app/sft/train.py", r,
                             [(first, times[first] + sec(0.5), -6, None, None)], tfail, script="/app/sft/train.py", log_dir=logdir)
        c.w("%s/torchrun_agent.log" % n.host, render(tr + ev))
        c.w("%s/dmesg.txt" % n.host, kernel_log(periodic_noise(T(2024, 5, 1, 2, 0) + sec(200), T(2024, 5, 7, 12, 0), r, n.host), T(2024, 5, 1, 2, 0) + sec(r.randint(0, 900)), n.host, "uptime", r, boot_noise=boot_lines(n.host, r, ibip=n.ib_ip)))
    c.w("login-a/sacct.txt", sacct("5502817", "llm-sft", "hpc-e[002-003,006,008,011-012,015,019]", 8, t0 - sec(20), T(2024, 5, 7, 11, 32, 12), "FAILED", "1:0"))
    c.label("user_code", "script", None, None, "stop",
            "The first failure is rank 45 (hpc-e011, local_rank 5) raising KeyError: 'text' at 11:02:07 because record 88123 of part-00731.jsonl lacks the 'text' key; the watchdog timeouts on all other ranks came exactly 30 minutes later, so this is a deterministic data/script bug.",
            "https://github.com/pytorch/pytorch/pull/106437")


def fe80(rng):
    return "fe80::a088:c203:%x:%04x" % (rng.randint(0x10, 0xff), rng.randint(0, 0xffff))


# ---------------------------------------------------------------------------------------------- ab05
def ab05(out):
    c = Case(out, "ab05_nccl_warn_got_completion_with_status_12_many_ranks", 105)
    r = c.rng
    hosts = ["gpu-f201", "gpu-f202", "gpu-f203", "gpu-f205", "gpu-f207", "gpu-f209", "gpu-f210", "gpu-f212"]
    nodes = mk_nodes(hosts, "10.48.7", r)
    culprit = nodes[4]
    assert culprit.host == "gpu-f207"
    t0 = T(2024, 6, 2, 19, 4, 30)
    t_link = T(2024, 6, 3, 2, 17, 44, 381000)
    lines = []
    lines.append("$ mpirun -np 64 --hostfile hosts.txt --map-by ppr:8:node --bind-to none --tag-output -x NCCL_DEBUG=INFO -x NCCL_DEBUG_SUBSYS=INIT,NET -x NCCL_IB_HCA=mlx5 -x LD_LIBRARY_PATH python pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 2 --num-layers 80 --hidden-size 8192 --micro-batch-size 1 --global-batch-size 1024 --seq-length 4096 --train-iters 250000 --log-interval 10 --distributed-timeout-minutes 20")
    ev = []
    commid = hexid(r, 16)
    for n in nodes:
        for local in range(8):
            rk = n.rank(local)
            tt = t0 + sec(40 + r.uniform(0, 3))
            for i, ln in enumerate(__import__("lib").nccl_init_lines(n, local, 64, r, ver="2.19.3+cuda12.3", comm=hexid(r, 12), commid=commid, show_version=(rk == 0))):
                ev.append((tt + sec(i * 0.001), "[1,%d]<stdout>:%s" % (rk, ln)))
    # megatron iteration logs from the last rank
    tt = t0 + sec(170)
    it = 118000
    while tt < t_link - sec(62):
        it += 10
        ms = r.uniform(6020, 6110)
        ev.append((tt, "[1,63]<stdout>:" + megatron_iter(tt, it, 250000, it * 1024, ms, 396.0 * 6060 / ms, 1.5e-4 * (1 - it / 500000), 1024,
                                                         1.71 + 0.2 * (250000 - it) / 250000 + r.uniform(-0.02, 0.02), r.uniform(0.15, 0.3))))
        if it % 500 == 0:
            ev.append((tt + sec(0.2), "[1,0]<stdout>:saving checkpoint at iteration %7d to /lustre/proj/gpt175/ckpt" % it))
            ev.append((tt + sec(38), "[1,0]<stdout>:  successfully saved checkpoint at iteration %7d to /lustre/proj/gpt175/ckpt [ t 1/8, p 1/2 ]" % it))
            tt += sec(38)
        tt += sec(ms / 100)
    # peers that talk to gpu-f207's mlx5_3 / rank 35 & 36
    accusers = [(nodes[3], 3), (nodes[5], 3), (nodes[3], 4), (nodes[5], 4), (nodes[0], 3), (nodes[7], 3)]
    for n, local in accusers:
        rk = n.rank(local)
        pid = n.pid(local)
        tid = pid + r.randint(300, 900)
        ta = t_link + sec(r.uniform(0.9, 8.0))
        for k in range(r.randint(2, 4)):
            hp = "%s:%d:%d [%d] " % (n.host, pid, tid, local)
            ev.append((ta + sec(k * 0.0003), "[1,%d]<stderr>:" % rk))
            ev.append((ta + sec(k * 0.0003), "[1,%d]<stderr>:%stransport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=%d vendor err 129 (%s) localGid %s remoteGids %s" % (
                rk, hp, culprit.ib_ip, r.randint(40000, 60000), r.choice([0, 1, 32579]), r.choice([0, 524288]), r.choice(["Recv", "Send"]), fe80(r), fe80(r))))
            ev.append((ta + sec(k * 0.0003 + 0.00002), "[1,%d]<stdout>:%sNCCL INFO transport/net.cc:1298 -> 6" % (rk, hp)))
            ev.append((ta + sec(k * 0.0003 + 0.00003), "[1,%d]<stdout>:%sNCCL INFO proxy.cc:694 -> 6" % (rk, hp)))
            ev.append((ta + sec(k * 0.0003 + 0.00004), "[1,%d]<stdout>:%sNCCL INFO proxy.cc:874 -> 6 [Progress Thread]" % (rk, hp)))
    # the accused node itself sees async port errors
    for local in (3,):
        rk = culprit.rank(local)
        pid = culprit.pid(local)
        ta = t_link + sec(0.05)
        ev.append((ta, "[1,%d]<stderr>:%s:%d:%d [%d] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error" % (rk, culprit.host, pid, pid + 512, local)))
        ev.append((ta + sec(0.2), "[1,%d]<stderr>:%s:%d:%d [%d] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error" % (rk, culprit.host, pid, pid + 512, local)))
    # then everyone: PyTorch error
    t_err = t_link + sec(9)
    order = list(range(64))
    r.shuffle(order)
    for rk in order:
        te = t_err + sec(r.uniform(0, 4))
        n = nodes[rk // 8]
        p = "[1,%d]<stderr>:" % rk
        blk = [c10(te, "E", "ProcessGroupNCCL.cpp:1540", r) + " [PG 1 Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % rk,
               "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
               "Last error:",
               "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid %s remoteGids %s" % (culprit.ib_ip, r.randint(40000, 60000), fe80(r), fe80(r)) if r.random() < 0.4 else
               "socketProgressOpt: Call to recv from %s<%d> failed : Connection reset by peer" % (nodes[r.randrange(8)].ib_ip if r.random() < 0.3 else culprit.ib_ip, r.randint(40000, 60000)),
               "terminate called after throwing an instance of 'c10::DistBackendError'",
               "  what():  [PG 1 Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % rk]
        for i, ln in enumerate(blk):
            ev.append((te + sec(i * 0.00001), p + ln))
    lines += render(ev)
    first_inn = [x for x in order if x // 8 != 4][0]
    lines += ["--------------------------------------------------------------------------",
              "Primary job  terminated normally, but 1 process returned",
              "a non-zero exit code. Per user-direction, the job has been aborted.",
              "--------------------------------------------------------------------------",
              "--------------------------------------------------------------------------",
              "mpirun noticed that process rank %d with PID %d on node %s exited on signal 6 (Aborted)." % (first_inn, nodes[first_inn // 8].pid(first_inn % 8), nodes[first_inn // 8].host),
              "--------------------------------------------------------------------------"]
    c.w("gpu-f201/mpirun_pretrain_gpt.out", lines)
    c.w("gpu-f201/hosts.txt", ["%s slots=8" % n.host for n in nodes])
    for n in nodes:
        boot = T(2024, 5, 24, 9, 0, 0) + sec(r.randint(0, 20000))
        kev = periodic_noise(boot + sec(300), T(2024, 6, 3, 2, 40), r, n.host)
        if n is culprit:
            kev += [(t_link - sec(0.01), "mlx5_core 0000:5d:00.0: Port module event[error]: module 3, Cable error, Bad or shorted cable/module"),
                    (t_link, "mlx5_core 0000:5d:00.0 ibp93s0: Link down"),
                    (t_link + sec(0.002), "ib_core: mlx5_3 port 1 state changed to DOWN"),
                    (t_link + sec(14.2), "mlx5_core 0000:5d:00.0: Port module event: module 3, Cable plugged"),
                    (t_link + sec(15.9), "mlx5_core 0000:5d:00.0 ibp93s0: Link up"),
                    (t_link + sec(31.4), "mlx5_core 0000:5d:00.0 ibp93s0: Link down"),
                    (t_link + sec(33.0), "mlx5_core 0000:5d:00.0: Port module event[error]: module 3, Cable error, Bad or shorted cable/module")]
        if n.host == "gpu-f203":
            kev += [(T(2024, 5, 25, 14, 2, 11), "mlx5_core 0000:3a:00.0 ibp58s0: Link down"),
                    (T(2024, 5, 25, 14, 2, 13), "mlx5_core 0000:3a:00.0 ibp58s0: Link up")]
        c.w("%s/dmesg_-T.txt" % n.host, kernel_log(kev, boot, n.host, "T", r, boot_noise=boot_lines(n.host, r, ibip=n.ib_ip, ibbus0="18")))
        c.w("%s/ip_addr.txt" % n.host, ip_addr(n.host, n.ib_ip, n.eth_ip, r))
        if n is culprit:
            c.w("%s/ibstat.txt" % n.host, ibstat(r, states={3: ("Down", "Polling")}))
        else:
            c.w("%s/ibstat.txt" % n.host, ibstat(r))
    c.label("network", "infrastructure", "gpu-f207", None, "restart_without_node",
            "Ranks on several nodes report NET/IB completion errors (status=12, retry exceeded) from peer 10.48.7.209, which gpu-f207's NCCL init and ip addr identify as its ib0 address; gpu-f207's own kernel log shows mlx5_3 'Cable error' and link down at 02:17:44 and ibstat shows the port Down/Polling, so it is one node's link, not the fabric.",
            "https://github.com/NVIDIA/nccl/issues/1405")


# ---------------------------------------------------------------------------------------------- ab06
def ab06(out):
    c = Case(out, "ab06_connection_reset_by_peer_and_pytorchjob_failed", 106)
    r = c.rng
    sgt = tz(8)
    hosts = ["h100-node-07", "h100-node-11", "h100-node-12", "h100-node-14", "h100-node-21", "h100-node-23"]
    order = ["h100-node-11", "h100-node-07", "h100-node-21", "h100-node-14", "h100-node-23", "h100-node-12"]
    nodes = mk_nodes(hosts, "10.12.7", r, order=order)
    for n in nodes:
        n.ib_ip = "10.12.%d.%d" % (r.choice([4, 5, 6, 7]), r.randint(10, 250))
    culprit = [n for n in nodes if n.host == "h100-node-14"][0]
    pod = {n.host: "gpt-pretrain-worker-%d" % n.node_rank for n in nodes}
    t0 = T(2024, 6, 17, 22, 5, 0)
    t_mce = T(2024, 6, 18, 3, 41, 2, 118000)
    def k8s_ts(t):
        return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + "%09dZ" % (t.microsecond * 1000 + r.randint(0, 999))
    for n in nodes:
        L = []
        tt = t0 + sec(r.uniform(8, 20))
        L.append("%s [INFO] worker starting: RANK_OFFSET=%d WORLD_SIZE=48 MASTER_ADDR=gpt-pretrain-worker-0 NODE_NAME=%s POD_IP=%s" % (k8s_ts(tt), n.node_rank * 8, n.host, n.ib_ip))
        st, tid = __import__("lib").torchrun_start_lines(tt, n, 6, 8, "gpt-pretrain-worker-0", 23456, "gpt-pretrain", "/workspace/train.py", r)
        for t1, ln in st:
            L.append("%s %s" % (k8s_ts(t1), ln))
        if n.node_rank == 0:
            tt = t0 + sec(200)
            step = 30000
            while tt < t_mce:
                step += 10
                L.append("%s [rank0]:%s INFO train.py:318] step=%d loss=%.4f lr=%.3e tokens/s=%.0f mfu=%.3f" % (
                    k8s_ts(tt), pylog(tt), step, 1.95 + r.uniform(-0.04, 0.04), 2.4e-4, r.uniform(1.86e6, 1.9e6), r.uniform(0.41, 0.43)))
                tt += sec(r.uniform(21.0, 21.6))
        if n is culprit:
            # the pod log just stops (node died); kubectl logs returned what was streamed before
            c.w("%s/kubectl_logs_%s.txt" % (n.host, pod[n.host]), L + ["%s [rank29]:%s INFO train.py:402] heartbeat ok (step time 2.14s)" % (k8s_ts(t_mce - sec(12)), pylog(t_mce - sec(12)))])
            continue
        tb = t_mce + sec(r.uniform(1.5, 3.5))
        for local in range(8):
            rk = n.rank(local)
            te = tb + sec(r.uniform(0, 0.8))
            port = r.randint(20000, 60000)
            if local % 3 == 0:
                blk = ["[rank%d]: Traceback (most recent call last):" % rk,
                       '[rank%d]:   File "/workspace/train.py", line 355, in <module>' % rk,
                       "[rank%d]:     main()" % rk,
                       '[rank%d]:   File "/workspace/train.py", line 340, in main' % rk,
                       "[rank%d]:     dist.all_reduce(stats, group=cpu_group)" % rk,
                       '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 2195, in all_reduce' % rk,
                       "[rank%d]:     work.wait()" % rk,
                       "[rank%d]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [%s]:%d" % (rk, culprit.ib_ip, port)]
            else:
                blk = ["[rank%d]:%s [PG 0 Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.18.6" % (rk, c10(te, "E", "ProcessGroupNCCL.cpp:1418", r), rk),
                       "[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % rk,
                       "[rank%d]:Last error:" % rk,
                       "[rank%d]:socketProgressOpt: Call to recv from %s<%d> failed : Connection reset by peer" % (rk, culprit.ib_ip, port),
                       "[rank%d]:terminate called after throwing an instance of 'c10::DistBackendError'" % rk]
            for ln in blk:
                L.append("%s %s" % (k8s_ts(te), ln))
        tf = tb + sec(2)
        L.append("%s %s Sending process %d closing signal SIGTERM" % (k8s_ts(tf), glog(tf, "W", tid, "torch/distributed/elastic/multiprocessing/api.py:858"), n.pid(7)))
        L.append("%s %s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (k8s_ts(tf), glog(tf, "E", tid, "torch/distributed/elastic/multiprocessing/api.py:833"), n.pid(0)))
        L.append("%s torch.distributed.elastic.multiprocessing.errors.ChildFailedError: " % k8s_ts(tf))
        c.w("%s/kubectl_logs_%s.txt" % (n.host, pod[n.host]), L)
    # node-level files
    for n in nodes:
        c.w("%s/ip_addr.txt" % n.host, ip_addr(n.host, n.ib_ip, n.eth_ip, r))
        if n is culprit:
            boot_old = T(2024, 6, 9, 1, 12, 44)
            kev = periodic_noise(boot_old + sec(300), t_mce - sec(5), r, n.host)
            kev += [(t_mce - sec(0.3), "mce: [Hardware Error]: Machine check events logged"),
                    (t_mce - sec(0.29), "{1}[Hardware Error]: Hardware error from APEI Generic Hardware Error Source: 0"),
                    (t_mce - sec(0.289), "{1}[Hardware Error]: event severity: fatal"),
                    (t_mce - sec(0.288), "{1}[Hardware Error]:  Error 0, type: fatal"),
                    (t_mce - sec(0.287), "{1}[Hardware Error]:   section_type: memory error"),
                    (t_mce - sec(0.286), "{1}[Hardware Error]:   node: 1 card: 5 module: 0 rank: 1 bank: 13 device: 7 row: 44129 column: 648"),
                    (t_mce - sec(0.285), "{1}[Hardware Error]:   error_type: 3, multi-bit ECC"),
                    (t_mce, "mce: [Hardware Error]: CPU 52: Machine Check Exception: 5 Bank 13: be00000000800400"),
                    (t_mce, "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffa2c1e1bb> {native_safe_halt+0xb/0x10}"),
                    (t_mce, "mce: [Hardware Error]: TSC 0 ADDR 3a9f5e4c0 MISC 200000c020001086"),
                    (t_mce, "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1718682062 SOCKET 1 APIC 68 microcode 2b000590"),
                    (t_mce, "mce: [Hardware Error]: Run the above through 'mcelog --ascii'"),
                    (t_mce, "mce: [Hardware Error]: Machine check: Processor context corrupt"),
                    (t_mce, "Kernel panic - not syncing: Fatal machine check")]
            prev = kernel_log(kev, boot_old, n.host, "journal", r, boot_noise=boot_lines(n.host, r, ibip=n.ib_ip), tzinfo=sgt)
            boot_new = T(2024, 6, 18, 3, 46, 31)
            cur = kernel_log(periodic_noise(boot_new + sec(60), T(2024, 6, 18, 5, 10), r, n.host), boot_new, n.host, "journal", r,
                             boot_noise=boot_lines(n.host, r, ibip=n.ib_ip), tzinfo=sgt)
            c.w("%s/journalctl_-k_-b_-1.txt" % n.host, ["-- Journal begins at Sun 2024-05-12 08:00:01 +08. --"] + prev)
            c.w("%s/journalctl_-k_-b_0.txt" % n.host, ["-- Journal begins at Sun 2024-05-12 08:00:01 +08. --"] + cur)
            c.w("%s/journalctl_--list-boots.txt" % n.host, [
                "IDX BOOT ID                          FIRST ENTRY                  LAST ENTRY",
                " -2 0b9d41c2e6a34e8f9c1d55a0f3e7b210 Sun 2024-05-12 08:00:01 +08 Sun 2024-06-09 09:10:02 +08",
                " -1 5f2c0e8d9a7b4c31b6e2d8f14a9c0e77 Sun 2024-06-09 09:12:44 +08 Tue 2024-06-18 11:41:02 +08",
                "  0 c41a7e02d9f5438a8b6e1f0c2d3b9a54 Tue 2024-06-18 11:46:31 +08 Tue 2024-06-18 13:10:44 +08"])
            c.w("%s/ipmitool_sel_elist.txt" % n.host, [
                "  1a | 05/30/2024 | 02:11:09 | Power Supply PSU2 Status | Power Supply AC lost | Asserted",
                "  1b | 05/30/2024 | 02:11:31 | Power Supply PSU2 Status | Power Supply AC lost | Deasserted",
                "  1c | 06/18/2024 | 03:41:02 | Processor CPU1 Status | IERR | Asserted",
                "  1d | 06/18/2024 | 03:41:02 | Memory DIMM_P1_F1 | Uncorrectable ECC | Asserted",
                "  1e | 06/18/2024 | 03:41:03 | System Event #0x83 | Timestamp Clock Sync | Asserted",
                "  1f | 06/18/2024 | 03:46:02 | System Boot Initiated | System Restart | Asserted"])
            c.w("%s/timedatectl.txt" % n.host, timedatectl(T(2024, 6, 18, 13, 5, 0, tzinfo=sgt), "Asia/Singapore", "+08", "+0800"))
        else:
            boot = T(2024, 6, 9, 1, 0, 0) + sec(r.randint(0, 5000))
            c.w("%s/dmesg_-T.txt" % n.host, kernel_log(periodic_noise(boot + sec(300), T(2024, 6, 18, 5, 0), r, n.host), boot, n.host, "T", r,
                                                       boot_noise=boot_lines(n.host, r, ibip=n.ib_ip), tzinfo=sgt))
            c.w("%s/timedatectl.txt" % n.host, timedatectl(T(2024, 6, 18, 13, 5, 0, tzinfo=sgt), "Asia/Singapore", "+08", "+0800"))
    ops = "ops-bastion-1"
    rows = ["NAME                    READY   STATUS    RESTARTS   AGE   IP            NODE           NOMINATED NODE   READINESS GATES"]
    for n in sorted(nodes, key=lambda x: x.node_rank):
        st = "Unknown" if n is culprit else "Error"
        rows.append("%-23s %-7s %-9s %-10s %-5s %-13s %-14s <none>           <none>" % (pod[n.host], "0/1", st, "0", "5h37m", n.ib_ip, n.host))
    c.w("%s/kubectl_get_pods_-o_wide.txt" % ops, rows)
    c.w("%s/kubectl_get_events.txt" % ops, [
        "LAST SEEN   TYPE      REASON                    OBJECT                          MESSAGE",
        "89m         Normal    NodeNotReady              pod/%s   Node is not ready" % pod[culprit.host],
        "89m         Warning   NodeNotReady              node/h100-node-14              Node h100-node-14 status is now: NodeNotReady",
        "88m         Warning   FailedToUpdateEndpoint    endpoints/gpt-pretrain-worker-0   Failed to update endpoint default/gpt-pretrain-worker-0: Operation cannot be fulfilled on endpoints",
        "87m         Normal    ExitedWithCode            pytorchjob/gpt-pretrain         Pod: default.gpt-pretrain-worker-0 exited with code 1",
        "87m         Normal    ExitedWithCode            pytorchjob/gpt-pretrain         Pod: default.gpt-pretrain-worker-2 exited with code 1",
        "87m         Warning   PyTorchJobFailed          pytorchjob/gpt-pretrain         PyTorchJob gpt-pretrain is failed because 1 Worker replica(s) failed.",
        "84m         Warning   Rebooted                  node/h100-node-14              Node h100-node-14 has been rebooted, boot id: c41a7e02-d9f5-438a-8b6e-1f0c2d3b9a54",
        "84m         Normal    NodeReady                 node/h100-node-14              Node h100-node-14 status is now: NodeReady"])
    c.label("host", "infrastructure", "h100-node-14", None, "restart_without_node",
            "Every surviving worker reports gloo/NCCL connection closed/reset by peer %s, which kubectl get pods -o wide and ip addr map to h100-node-14;" % culprit.ib_ip + " that node's previous-boot journal (SGT, +08) shows a fatal machine check and kernel panic at 11:41:02 = 03:41:02 UTC, seconds before the resets, and it then rebooted.",
            "https://github.com/NVIDIA/nccl/issues/1514")


# ---------------------------------------------------------------------------------------------- ab07
def ab07(out):
    c = Case(out, "ab07_nccl_errors_on_many_nodes_at_the_same_second", 107)
    r = c.rng
    leaves = {"ib-leaf-03": ["cn0103", "cn0104", "cn0107", "cn0108"],
              "ib-leaf-07": ["cn0211", "cn0212", "cn0215", "cn0216"],
              "ib-leaf-11": ["cn0302", "cn0305", "cn0306", "cn0309"]}
    hosts = sum(leaves.values(), [])
    nodes = mk_nodes(hosts, "10.80.2", r)
    for n in nodes:
        n.ib_ip = "10.80.%d.%d" % (int(n.host[3:5]) + 10, int(n.host[5:]) + 20)
    c.topology(leaves)
    bad = [n for n in nodes if n.host in leaves["ib-leaf-07"]]
    good = [n for n in nodes if n not in bad]
    jobid = "8812001"
    t0 = T(2024, 6, 10, 4, 18, 40)
    t_out = T(2024, 6, 10, 16, 20, 3, 211000)
    t_up = T(2024, 6, 10, 16, 20, 41, 870000)
    for n in nodes:
        L = []
        tt = t0 + sec(r.uniform(1, 6))
        L.append("[NeMo I %s nemo_logging:381] Rank %d has data parallel group : %s" % (tt.strftime("%Y-%m-%d %H:%M:%S"), n.rank(0), list(range(n.rank(0) % 8, 96, 8))))
        for local in range(8):
            for i, ln in enumerate(__import__("lib").nccl_init_lines(n, local, 96, r, ver="2.21.5+cuda12.4", comm=hexid(r, 12), commid="0x5e1f0a7c9b2d4e81", show_version=(n.rank(local) == 0))):
                L.append(ln)
        if n.node_rank == 0:
            tt = T(2024, 6, 10, 4, 22, 10)
            step = 0
            while tt < t_out - sec(3):
                step += 100
                el = tt - T(2024, 6, 10, 4, 22, 10)
                L.append("Epoch 0: :  %2d%%|%-10s| %d/100000 [%s<%s, reduced_train_loss=%.3f, global_step=%.1e, consumed_samples=%.2e, train_step_timing in s=%.3f]" % (
                    step // 1000, "█" * (step // 10000), step, str(el).split(".")[0], "16:0%d:11" % r.randint(0, 9), 2.9 * 0.99998 ** step + 1.2 + r.uniform(-0.02, 0.02),
                    step, step * 2048, r.uniform(1.04, 1.07)))
                tt += sec(100 * 1.055)
        if n in bad:
            for local in range(8):
                pid = n.pid(local)
                L.append("%s:%d:%d [%d] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error" % (n.host, pid, pid + 611, local))
            for local in range(8):
                peer = r.choice(good)
                pid = n.pid(local)
                L.append("%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid %s remoteGids %s" % (
                    n.host, pid, pid + 611, local, peer.ib_ip, r.randint(40000, 60000), fe80(r), fe80(r)))
        else:
            for local in r.sample(range(8), 5):
                peer = r.choice(bad)
                pid = n.pid(local)
                for k in range(2):
                    L.append("%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (Recv) localGid %s remoteGids %s" % (
                        n.host, pid, pid + 611, local, peer.ib_ip, r.randint(40000, 60000), r.choice([0, 1]), fe80(r), fe80(r)))
                    L.append("%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (n.host, pid, pid + 611, local))
        te = t_out + sec(r.uniform(6, 12))
        for local in range(8):
            rk = n.rank(local)
            L.append("[rank%d]:%s [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (rk, c10(te + sec(local * 0.01), "E", "ProcessGroupNCCL.cpp:1580", r), rk))
            L.append("[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % rk)
            L.append("[rank%d]:terminate called after throwing an instance of 'c10::DistBackendError'" % rk)
        L.append("srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (n.host, n.rank(0), n.rank(7)))
        c.w("%s/slurm-%s-%s.out" % (n.host, jobid, n.host), L)
        boot = T(2024, 6, 1, 7, 0, 0) + sec(r.randint(0, 30000))
        kev = periodic_noise(boot + sec(300), T(2024, 6, 10, 17, 0), r, n.host)
        if n in bad:
            for i, b in enumerate(HGX_BUS):
                kev.append((t_out + sec(0.001 * i), "mlx5_core 0000:%s:00.0 ibp%ds0: Link down" % (b.lower(), int(b, 16))))
            for i, b in enumerate(HGX_BUS):
                kev.append((t_up + sec(0.3 * i + r.uniform(0, 0.2)), "mlx5_core 0000:%s:00.0 ibp%ds0: Link up" % (b.lower(), int(b, 16))))
        c.w("%s/dmesg_-T.txt" % n.host, kernel_log(kev, boot, n.host, "T", r, boot_noise=boot_lines(n.host, r, ibip=n.ib_ip)))
        c.w("%s/ibstat.txt" % n.host, ibstat(r))
        c.w("%s/ip_-br_addr.txt" % n.host, ["lo               UNKNOWN        127.0.0.1/8 ::1/128",
                                             "eno1np0          UP             %s/22" % n.eth_ip,
                                             "ib0              UP             %s/16 fe80::%x:%x/64" % (n.ib_ip, r.getrandbits(16), r.getrandbits(16)),
                                             "docker0          DOWN           172.17.0.1/16"])
    c.w("login-1/ufm_events_2024-06-10.csv", [
        "timestamp,severity,type,object,description",
        "2024-06-10 09:02:17.114,Info,Port Up,cn0305 HCA-4/1,Port is up",
        "2024-06-10 16:20:02.944,Critical,Switch Down,ib-leaf-07 (0xfc6a1c0300e41a80),Switch is not responding / rebooting (reason: firmware watchdog)",
        "2024-06-10 16:20:03.201,Warning,Links Down,ib-leaf-07 (0xfc6a1c0300e41a80),32 links went down",
        "2024-06-10 16:20:40.512,Info,Switch Up,ib-leaf-07 (0xfc6a1c0300e41a80),Switch is up",
        "2024-06-10 16:20:41.877,Info,Links Up,ib-leaf-07 (0xfc6a1c0300e41a80),32 links are up"])
    c.w("login-1/sacct_%s.txt" % jobid, sacct(jobid, "gpt20b", "cn[0103-0104,0107-0108,0211-0212,0215-0216,0302,0305-0306,0309]", 12, t0 - sec(15), t_out + sec(30), "FAILED", "134:0"))
    c.label("network", "infrastructure", None, None, "restart",
            "All four nodes behind ib-leaf-07 (topology.json) log link down on every HCA at 16:20:03 and link up at 16:20:41, UFM reports the leaf switch rebooting at the same second, and every other node's NET/IB errors accuse ib-leaf-07 addresses: a switch outage affecting several nodes, not one node's fault.",
            "https://github.com/NVIDIA/nccl/issues/905")


# ---------------------------------------------------------------------------------------------- ab08
def ab08(out):
    c = Case(out, "ab08_job_never_started_store_timeout_24_of_32_clients", 108)
    r = c.rng
    hosts = ["gpu-k02", "gpu-k05", "gpu-k06", "gpu-k09"]
    order = ["gpu-k02", "gpu-k06", "gpu-k05", "gpu-k09"]
    nodes = mk_nodes(hosts, "10.70.3", r, order=order)
    culprit = [n for n in nodes if n.host == "gpu-k05"][0]
    t0 = T(2024, 7, 1, 10, 0, 4)
    for n in nodes:
        ev = []
        ts = t0 + sec(r.uniform(0, 3))
        t_init = ts + sec(r.uniform(14, 18))
        if n is culprit:
            fails = []
            for local in range(8):
                rk = n.rank(local)
                te = t_init + sec(r.uniform(0, 0.5))
                ev.append((te, "[rank%d]:/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11070). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)" % rk))
                ev.append((te, "[rank%d]:  return torch._C._cuda_getDeviceCount() > 0" % rk))
                tb = py_tb([("/opt/train/main.py", 57, "<module>", "main()"), ("/opt/train/main.py", 31, "main", "torch.cuda.set_device(local_rank)"),
                            ("/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
                            ("/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", 302, "_lazy_init", "torch._C._cuda_init()")],
                           ["RuntimeError: The NVIDIA driver on your system is too old (found version 11070). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."])
                add(ev, te + sec(0.01), prefixed(tb, rk))
                fails.append((local, te + sec(0.6), 1, tb[-1], None))
            tf = t_init + sec(1.5)
            torchrun_console(ev, n, 4, ts, "gpu-k02", 29500, "tr-20240701", "/opt/train/main.py", r, fails[:1] + fails[1:], tf, script="/opt/train/main.py", sigterm=False)
        else:
            te = t_init + sec(1800 + r.uniform(0.5, 2))
            fails = []
            for local in range(8):
                rk = n.rank(local)
                if rk == 0:
                    exc = ["torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined."]
                    frames = [("/opt/train/main.py", 57, "<module>", "main()"), ("/opt/train/main.py", 33, "main", 'dist.init_process_group("nccl", timeout=timedelta(minutes=30))'),
                              ("/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", 75, "wrapper", "return func(*args, **kwargs)"),
                              ("/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 1305, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                              ("/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py", 246, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)"),
                              ("/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py", 174, "_create_c10d_store", "return TCPStore(")]
                else:
                    exc = ["torch.distributed.DistStoreError: wait timeout after 1800000ms, keys: /default_pg/0//cuda//0"]
                    frames = [("/opt/train/main.py", 57, "<module>", "main()"), ("/opt/train/main.py", 34, "main", "dist.barrier()"),
                              ("/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", 75, "wrapper", "return func(*args, **kwargs)"),
                              ("/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 3696, "barrier", "work = default_pg.barrier(opts=opts)")]
                tb = py_tb(frames, exc)
                add(ev, te + sec(local * 0.01), prefixed(tb, rk))
                fails.append((local, te + sec(0.5), 1, tb[-1], None))
            torchrun_console(ev, n, 4, ts, "gpu-k02", 29500, "tr-20240701", "/opt/train/main.py", r, fails, te + sec(1), script="/opt/train/main.py", sigterm=False)
        c.w("%s/torchrun.log" % n.host, render(ev))
        drv, cuda = ("515.105.01", "11.7") if n is culprit else ("550.54.15", "12.4")
        c.w("%s/nvidia-smi.txt" % n.host, nvsmi_table(T(2024, 7, 1, 10, 41, 0), n.host, drv=drv, cuda=cuda))
        c.w("%s/proc_driver_nvidia_version.txt" % n.host, [
            "NVRM version: NVIDIA UNIX x86_64 Kernel Module  %s  %s" % (drv, "Wed Mar 22 19:33:40 UTC 2023" if n is culprit else "Thu Feb 22 01:44:30 UTC 2024"),
            "GCC version:  gcc version 11.4.0 (Ubuntu 11.4.0-1ubuntu1~22.04)"])
        c.w("%s/etc_node-image-release.txt" % n.host, ["IMAGE_NAME=h100-ubuntu22-gpu", "IMAGE_VERSION=%s" % ("2023.04.2" if n is culprit else "2024.05.1"),
                                                      "BUILD_DATE=%s" % ("2023-04-18" if n is culprit else "2024-05-20"),
                                                      "NVIDIA_DRIVER=%s" % drv, "MOFED=%s" % ("5.8-2.0.3" if n is culprit else "23.10-1.1.9")])
        boot = T(2024, 6, 30, 22, 0, 0) + sec(r.randint(0, 9000))
        c.w("%s/dmesg.txt" % n.host, kernel_log(periodic_noise(boot + sec(300), T(2024, 7, 1, 10, 40), r, n.host), boot, n.host, "uptime", r,
                                                 boot_noise=boot_lines(n.host, r, ibip=n.ib_ip, drv=drv, drvdate="Wed Mar 22 19:33:40 UTC 2023" if n is culprit else "Thu Feb 22 01:44:30 UTC 2024")))
    c.w("slurm-head/pip_list_torch.txt", ["torch                    2.3.1+cu121", "nvidia-cuda-runtime-cu12 12.1.105", "nvidia-nccl-cu12         2.20.5", "triton                   2.3.1"])
    c.label("dependency", "infrastructure", "gpu-k05", None, "restart_without_node",
            "Only the 8 ranks on gpu-k05 fail, at startup, with 'NVIDIA driver on your system is too old (found version 11070)'; gpu-k05 runs driver 515.105.01 from an older node image while the other three nodes run 550.54.15, and the store timeout on the others (24/32 clients joined) is the consequence. One node's driver differs.",
            "https://github.com/NVIDIA/nvidia-docker/issues/1090")


# ---------------------------------------------------------------------------------------------- ab09
def ab09(out):
    c = Case(out, "ab09_every_rank_crashes_on_import_at_launch", 109)
    r = c.rng
    hosts = ["gpu-p101", "gpu-p102", "gpu-p103", "gpu-p104", "gpu-p107", "gpu-p108"]
    nodes = mk_nodes(hosts, "10.91.0", r)
    t0 = T(2024, 2, 20, 15, 30, 12)
    jobid = "3390127"
    for n in nodes:
        ev = []
        ts = t0 + sec(r.uniform(0, 2))
        te = ts + sec(r.uniform(6, 9))
        fails = []
        for local in range(8):
            rk = n.rank(local)
            tb = py_tb([("/home/ci/llama-pt/train.py", 4, "<module>", "import torch"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/__init__.py", 237, "<module>", "from torch._C import *  # noqa: F403")],
                       ["ImportError: /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister"])
            add(ev, te + sec(local * 0.02), prefixed(tb, rk))
            fails.append((local, te + sec(0.3 + local * 0.02), 1, tb[-1], None))
        torchrun_console(ev, n, 6, ts, "gpu-p101", 29500, jobid, "/home/ci/llama-pt/train.py", r, fails, te + sec(1), script="/home/ci/llama-pt/train.py", sigterm=False)
        c.w("%s/torchrun_%s.log" % (n.host, n.host), render(ev))
        boot = T(2024, 2, 14, 8, 0, 0) + sec(r.randint(0, 9000))
        kev = periodic_noise(boot + sec(300), T(2024, 2, 20, 16, 0), r, n.host)
        if n.host == "gpu-p103":
            kev.append((T(2024, 2, 17, 3, 44, 9), "NVRM: Xid (PCI:0000:9d:00): 31, pid=1988321, name=python, Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f12_a0000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"))
        c.w("%s/dmesg.txt" % n.host, kernel_log(kev, boot, n.host, "uptime", r, boot_noise=boot_lines(n.host, r, ibip=n.ib_ip)))
        c.w("%s/nvidia-smi.txt" % n.host, nvsmi_table(T(2024, 2, 20, 15, 41, 0), n.host))
    c.w("gpu-p101/ldd_libtorch_cuda.txt", [
        "\tlinux-vdso.so.1 (0x00007ffd3a9f2000)",
        "\tlibc10_cuda.so => /usr/local/lib/python3.10/dist-packages/torch/lib/libc10_cuda.so (0x00007f0a1c800000)",
        "\tlibcudart.so.12 => /usr/local/lib/python3.10/dist-packages/torch/lib/../../nvidia/cuda_runtime/lib/libcudart.so.12 (0x00007f0a1c400000)",
        "\tlibnccl.so.2 => /opt/nccl-2.18.1/lib/libnccl.so.2 (0x00007f0a0a200000)",
        "\tlibcublas.so.12 => /usr/local/lib/python3.10/dist-packages/torch/lib/../../nvidia/cublas/lib/libcublas.so.12 (0x00007f0a03800000)",
        "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f0a1bc00000)"])
    c.w("login-03/job_%s.sbatch" % jobid, [
        "#!/bin/bash", "#SBATCH -J llama-pt", "#SBATCH -N 6", "#SBATCH --ntasks-per-node=1", "#SBATCH --gpus-per-node=8", "#SBATCH -p h100",
        "module load cuda/12.1 nccl/2.18.1   # site modules (added 2024-02-19 for nccl-tests)",
        "export LD_LIBRARY_PATH=/opt/nccl-2.18.1/lib:$LD_LIBRARY_PATH",
        "export NCCL_DEBUG=WARN",
        "head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "srun --container-image=/shared/images/pt24.02.sqsh torchrun --nnodes 6 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $head:29500 --rdzv-id $SLURM_JOB_ID /home/ci/llama-pt/train.py --cfg cfg/llama7b.yaml"])
    c.w("login-03/pip_freeze_excerpt.txt", ["torch==2.2.1", "nvidia-nccl-cu12==2.19.3", "nvidia-cuda-runtime-cu12==12.1.105", "triton==2.2.0", "transformers==4.38.1"])
    c.w("login-03/sacct_%s.txt" % jobid, sacct(jobid, "llama-pt", "gpu-p[101-104,107-108]", 6, t0 - sec(3), t0 + sec(14), "FAILED", "1:0"))
    c.label("dependency", "framework", None, None, "stop",
            "All 48 ranks on all six nodes fail identically at 'import torch' with 'undefined symbol: ncclCommRegister' because the job script prepends /opt/nccl-2.18.1/lib to LD_LIBRARY_PATH, shadowing the NCCL 2.19 that torch 2.2.1 needs (ldd confirms); a job-environment problem that will fail again on any nodes.",
            "https://github.com/pytorch/pytorch/issues/119932")


# ---------------------------------------------------------------------------------------------- ab10
def ab10(out):
    c = Case(out, "ab10_resume_from_checkpoint_fails_with_filenotfounderror", 110)
    r = c.rng
    hosts = ["gpu-m03", "gpu-m04", "gpu-m07", "gpu-m10", "gpu-m12", "gpu-m16"]
    nodes = mk_nodes(hosts, "10.40.6", r)
    culprit = [n for n in nodes if n.host == "gpu-m12"][0]
    bad_ranks = culprit.ranks()
    t0 = T(2024, 8, 5, 21, 14, 40)
    t_load = T(2024, 8, 5, 21, 16, 52, 400000)
    ck = "/lustre/proj/llm7b/ckpt/step_42000"
    exc_tail = ["FileNotFoundError: [Errno 2] No such file or directory: '%s/.metadata'" % ck]
    inner = ["Traceback (most recent call last):",
             '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/utils.py", line 164, in reduce_scatter',
             "    local_data = map_fun()",
             '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/state_dict_loader.py", line 220, in local_step',
             "    metadata = storage_reader.read_metadata()",
             '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/filesystem.py", line 664, in read_metadata',
             "    with self.fs.create_stream(path, \"rb\") as metadata_file:",
             '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/filesystem.py", line 386, in create_stream',
             "    with cast(Path, path).open(mode) as stream:",
             '  File "/usr/local/lib/python3.11/pathlib.py", line 1044, in open',
             "    return io.open(self, mode, buffering, encoding, errors, newline)"] + exc_tail
    for n in nodes:
        ev = []
        ts = t0 + sec(r.uniform(0, 4))
        nccl_init_events(ev, n, t0 + sec(50), 48, r)
        fails = []
        for local in range(8):
            rk = n.rank(local)
            te = t_load + sec(r.uniform(0.3, 1.2))
            body = ["[rank%d]: %s - ckpt - INFO - resuming from %s (step 42000)" % (rk, pylog(t_load - sec(0.2)), ck)] if rk % 8 == 0 else []
            tb = py_tb([("/workspace/titanlike/train.py", 512, "<module>", "main(cfg)"),
                        ("/workspace/titanlike/train.py", 188, "main", "ckpt_mgr.load(step=cfg.resume_step)"),
                        ("/workspace/titanlike/checkpoint.py", 97, "load", "dcp.load(state, checkpoint_id=path)"),
                        ("/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/state_dict_loader.py", 179, "_load_state_dict", "central_plan: LoadPlan = distW.reduce_scatter(\"plan\", local_step, global_step)"),
                        ("/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/utils.py", 191, "reduce_scatter", "raise result")],
                       ["torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(%s)" % bad_ranks,
                        "Traceback: (RANK %d)" % bad_ranks[0]] + ["    " + x for x in inner] +
                       ["Traceback: (RANK %d)" % bad_ranks[1]] + ["    " + x for x in inner] +
                       ["Traceback: (RANK %d)" % bad_ranks[2]] + ["    " + x for x in inner] +
                       ["Traceback: (RANK %d)" % bad_ranks[3]] + ["    " + x for x in inner] +
                       ["Traceback: (RANK %d)" % bad_ranks[4]] + ["    " + x for x in inner] +
                       ["Traceback: (RANK %d)" % bad_ranks[5]] + ["    " + x for x in inner] +
                       ["Traceback: (RANK %d)" % bad_ranks[6]] + ["    " + x for x in inner] +
                       ["Traceback: (RANK %d)" % bad_ranks[7]] + ["    " + x for x in inner])
            add(ev, te, prefixed(body + tb, rk))
            fails.append((local, te + sec(0.4), 1, "\n".join(tb[-2 - len(inner):-len(inner)]), None))
        torchrun_console(ev, n, 6, ts, "gpu-m03", 29500, "llm7b-resume", "/workspace/titanlike/train.py", r, fails, t_load + sec(3), script="/workspace/titanlike/train.py", sigterm=False)
        c.w("%s/torchrun.log" % n.host, render(ev))
        if n is culprit:
            c.w("%s/df_-h.txt" % n.host, default_df(lustre=False))
            c.w("%s/mount_grep_lustre.txt" % n.host, ["# mount | grep -i lustre", "(no output)", "# ls -la /lustre", "total 8", "drwxr-xr-x  2 root root 4096 Jan 11  2024 .", "drwxr-xr-x 23 root root 4096 Aug  5 19:02 .."])
            boot = T(2024, 8, 5, 19, 1, 58)
            noise = boot_lines(n.host, r, ibip=n.ib_ip, lustre=False)
            kev = [(boot + sec(47.2), "Lustre: Lustre: Build Version: 2.15.4"),
                   (boot + sec(47.9), "LNetError: 2803:0:(o2iblnd_cb.c:3383:kiblnd_check_conns()) Timed out tx for 10.40.0.11@o2ib: 31 seconds"),
                   (boot + sec(78.4), "LustreError: 15c-8: MGC10.40.0.11@o2ib: Confguration from log lfs01-client failed from MGS -5. Communication error between node & MGS, a bad configuration, or other errors. See syslog for more info"),
                   (boot + sec(78.5), "LustreError: 3121:0:(llite_lib.c:1234:ll_fill_super()) Unable to process log: -5"),
                   (boot + sec(78.6), "Lustre: Unmounted lfs01-client"),
                   (boot + sec(78.6), "LustreError: 3121:0:(obd_mount.c:1732:lustre_fill_super()) Unable to mount  (-5)")]
            kev += periodic_noise(boot + sec(300), T(2024, 8, 5, 21, 30), r, n.host)
            c.w("%s/dmesg.txt" % n.host, kernel_log(kev, boot, n.host, "uptime", r, boot_noise=noise))
            c.w("%s/uptime_-s.txt" % n.host, ["2024-08-05 19:01:58"])
        else:
            c.w("%s/df_-h.txt" % n.host, default_df(lustre=True))
            boot = T(2024, 7, 29, 9, 0, 0) + sec(r.randint(0, 9000))
            c.w("%s/dmesg.txt" % n.host, kernel_log(periodic_noise(boot + sec(300), T(2024, 8, 5, 21, 30), r, n.host), boot, n.host, "uptime", r,
                                                     boot_noise=boot_lines(n.host, r, ibip=n.ib_ip)))
    c.w("login-2/ls_-la_ckpt_step_42000.txt", ["$ ls -la %s | head" % ck, "total 1043215812", "drwxr-sr-x  2 mlops llm        33280 Aug  5 18:40 .",
                                              "drwxr-sr-x 44 mlops llm        16384 Aug  5 18:41 ..",
                                              "-rw-r--r--  1 mlops llm      9581223 Aug  5 18:40 .metadata"] +
        ["-rw-r--r--  1 mlops llm  16588221440 Aug  5 18:40 __%d_0.distcp" % i for i in range(6)])
    c.w("login-2/scontrol_show_node_gpu-m12.txt", ["NodeName=gpu-m12 Arch=x86_64 CoresPerSocket=56", "   State=MIXED ThreadsPerCore=2 TmpDisk=0 Weight=1",
                                                   "   BootTime=2024-08-05T19:01:58 SlurmdStartTime=2024-08-05T19:03:11",
                                                   "   Reason=(none)", "   Comment=rebooted for kernel update (ticket OPS-5512)"])
    c.label("storage", "infrastructure", "gpu-m12", None, "restart_without_node",
            "Every rank prints the same CheckpointException, but it names only ranks 32-39 (all of gpu-m12) as failing to open .metadata; the file exists on Lustre (ls from the login node), and gpu-m12 has no /lustre mount after its 19:01 reboot (dmesg 'Unable to mount (-5)', df lacks /lustre). One node's missing mount.",
            "https://github.com/JinjieNi/dlms-are-super-data-learners/issues/4")
