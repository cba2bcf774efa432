"""corpus_set11 cases p21-p30."""
from __future__ import annotations

from common import (Bundle, Ctx, Log, T, sec, make_nodes, f_pylog, f_iso_z, f_journal_iso, kernel_log, dmesg_noise,
                    nvidia_smi, host_info, etc_hosts, nccl_init, ib_completion_error, torchrun_banner, flood,
                    teardown, prefixed, k8s_prefix, srun_prefix, fmt_pylog, fmt_megatron, fmt_titan, schedule,
                    render_sched, kubectl_get_pods, kubectl_describe_pod, hexs, uuid, slurm_header, f_slurm_time,
                    local, f_uptime, epoch, MLX_PCI)


def _ks(kn):
    return sorted(kn, key=lambda x: x[0])


def _destroy_warning(ctx, t, rank):
    return (t, ctx.c10(t, "W", "ProcessGroupNCCL.cpp:1168",
                       "Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. "
                       "On normal program exit, the application should call destroy_process_group to ensure that any "
                       "pending NCCL operations have finished in this process. In rare cases this process can exit "
                       "before this point and block the progress of another member of the process group. This "
                       "constraint has always been present,  but this warning has only been added since PyTorch 2.4 "
                       "(function operator())", rank).replace("[W ", "[W"))


# ---------------------------------------------------------------------------
# p21: a clean run that looks alarming
# ---------------------------------------------------------------------------

def p21_torchrun_finished_with_warnings(rng):
    b = Bundle("p21")
    ctx = Ctx(rng, torch="2.4", nccl="2.20.5", timeout_ms=1800000, py="3.10", cuda="12.4", drv="12040",
              script="train.py", binary="/usr/bin/python3")
    names = ["node-h01", "node-h02", "node-h05", "node-h06"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.30.0.", ib="10.31.0.", boot0=T("2024-08-01 00:00:00"))
    t0 = T("2024-08-05 07:00:00")
    t_train = t0 + sec(150)
    total = 20000
    sched = schedule(rng, t_train, 0, t_train + sec(1.05 * total * 1.2), 1.05, max_step=total)
    t_done = sched[-1][0] + sec(4)
    for i, n in enumerate(nodes):
        lg = Log()
        lg.add(t0, f"$ torchrun --nnodes 4 --nproc_per_node 8 --node_rank {i} --master_addr node-h01 --master_port 29500 train.py --cfg vit_g14.yaml --steps {total}")
        lg.extend(torchrun_banner(ctx, n, t0 + sec(1)))
        if i:
            for k in range(rng.randint(2, 4)):
                tt = t0 + sec(2 + k)
                lg.add(tt, ctx.c10(tt, "W", "socket.cpp:697", f"[c10d] The client socket has failed to connect to [node-h01]:29500 (errno: 111 - Connection refused).", 0).replace("[rank0]:", ""))
        if i == 0:
            lg.extend(render_sched(sched, 25, fmt_pylog("train")))
            for s in range(2000, total + 1, 2000):
                ts = [x for x in sched if x[1] == s][0][0]
                lg.add(ts + sec(0.2), f"{f_pylog(ts + sec(0.2))} INFO train: eval step={s} top1={0.52 + s / total * 0.27:.4f} loss={2.1 - s / total * 0.9:.4f}")
                lg.add(ts + sec(9), f"{f_pylog(ts + sec(9))} INFO train: saved checkpoint /ckpt/vit_g14/step_{s:06d}")
            lg.add(t_done, f"{f_pylog(t_done)} INFO train: Training complete: {total} steps in {(t_done - t_train).total_seconds() / 3600:.2f} h. Final checkpoint /ckpt/vit_g14/step_{total:06d}")
            lg.add(sched[len(sched) // 3][0], f"{f_pylog(sched[len(sched) // 3][0])} WARNING train: grad norm 14.82 exceeded clip threshold 1.0 at step {sched[len(sched) // 3][1]} (clipped)")
            lg.add(sched[len(sched) // 2][0], f"{f_pylog(sched[len(sched) // 2][0])} ERROR wandb: Network error (ReadTimeout), entering retry loop.")
            lg.add(sched[len(sched) // 2][0] + sec(41), f"{f_pylog(sched[len(sched) // 2][0] + sec(41))} INFO wandb: Network connection restored, resuming normal operation.")
        for lr in range(8):
            lg.add(t_done + sec(1.5 + rng.uniform(0, 0.8)), _destroy_warning(ctx, t_done + sec(1.5), n.rank(lr))[1])
        te = t_done + sec(3 + rng.uniform(0, 2))
        tid = ctx.agent_tid(n)
        lg.add(te, ctx.agent(te, "I", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.", tid, mod="agent/server/api.py", line=879))
        lg.add(te + sec(0.01), ctx.agent(te, "I", "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish", tid, mod="agent/server/api.py", line=725))
        if i:
            lg.add(te + sec(1.2), ctx.c10(te, "W", "socket.cpp:470", f"[c10d] recvValue failed on SocketImpl(fd=4, addr=[{n.name}]:{rng.randint(40000, 60000)}, remote=[node-h01]:29500): Connection reset by peer", 0).replace("[rank0]:", "")
                                  + "\nException raised from recvBytes at ../torch/csrc/distributed/c10d/Utils.hpp:670 (most recent call first):\nframe #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f" + hexs(rng, 10) + f" in {ctx.site}/torch/lib/libc10.so)")
            lg.add(te + sec(1.3), ctx.agent(te, "W", f"The node '{n.name}_{n.agent_pid}_0' has failed to shutdown the rendezvous 'none' due to an error of type RendezvousConnectionError.", tid, mod="rendezvous/dynamic_rendezvous.py", line=1285))
        lg.add(te + sec(1.4), ctx.agent(te, "I", f"Done waiting for other agents. Elapsed: {rng.uniform(0.01, 1.9):.4f} seconds", tid, mod="agent/server/api.py", line=729))
        b.add(f"{n.name}/torchrun_console.log", lg)
        kn = dmesg_noise(rng, t0 - sec(3600), t_done + sec(600), rng.randint(18, 30))
        if i == 1:
            kn += [(t_train + sec(9000), "mce: [Hardware Error]: Machine check events logged"),
                   (t_train + sec(9000), "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x5c31a offset:0x2c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:0 imc:1 rank:0 bg:3 ba:2 row:0x2b1c col:0x2c0)")]
        if i == 3:
            kn += [(t_train + sec(4000), "pcieport 0000:9a:01.0: AER: Corrected error received: 0000:9b:00.0"),
                   (t_train + sec(4000), f"nvidia 0000:{n.pci[4]}:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)"),
                   (t_train + sec(4000), f"nvidia 0000:{n.pci[4]}:00.0:   device [10de:2330] error status/mask=00001000/00002000"),
                   (t_train + sec(4000), f"nvidia 0000:{n.pci[4]}:00.0:    [12] Timeout               ")]
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
        b.add(f"{n.name}/exit_status.txt", [f"$ echo $?  # torchrun on {n.name}", "0"])
    b.set_label("unknown", "framework", None, None, "none",
                "The run reached its final step, saved the last checkpoint and every agent reports the worker group "
                "SUCCEEDED with exit status 0; the destroy_process_group warnings, shutdown connection resets, wandb "
                "retry and corrected ECC/AER messages are noise.",
                "https://github.com/pytorch/pytorch/issues/126275")
    return b


# ---------------------------------------------------------------------------
# p22: a host panics on a machine check; only kdump tells when
# ---------------------------------------------------------------------------

def p22_slurm_node_vanishes(rng):
    b = Bundle("p22")
    ctx = Ctx(rng, torch="2.4", nccl="2.21.5", timeout_ms=1800000, py="3.10", cuda="12.4", drv="12040",
              script="train.py", binary="/opt/miniforge/envs/llm/bin/python", tz=8.0)
    ctx.site = "/opt/miniforge/envs/llm/lib/python3.10/site-packages"
    names = ["hgx-sz-02", "hgx-sz-03", "hgx-sz-05", "hgx-sz-07", "hgx-sz-08", "hgx-sz-11"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.44.0.", ib="10.45.0.", boot0=T("2025-03-02 01:00:00"))
    for n in nodes:
        n.tz = 8.0
    bad = nodes[3]
    bad.boot = T("2025-03-02 01:11:04.000")
    job = 300991
    t0 = T("2025-03-02 02:30:00")
    t_train = t0 + sec(190)
    t_mce = T("2025-03-02 06:20:53.180")
    t_err = t_mce + sec(8.6)
    sched = schedule(rng, t_train, 0, t_mce, 2.22)
    out = Log()
    out.add(t0, slurm_header(job, nodes, t0, tz=8, extra=["+ srun -l --kill-on-bad-exit=1 torchrun --nnodes 6 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint hgx-sz-02:29500 train.py --cfg 30b.yaml"]))
    for i, n in enumerate(nodes):
        items = torchrun_banner(ctx, n, t0 + sec(2))
        if i == 0:
            items += render_sched(sched, 10, fmt_pylog("train", tz=8))
        if n is not bad:
            fails = []
            for lr in range(8):
                if rng.random() < 0.6 or lr == 0:
                    te = t_err + sec(rng.uniform(0, 2.2))
                    txt, warn = ib_completion_error(ctx, n, lr, bad.ib_ip, n.ib_ip, status=12, vendor=129,
                                                    hca=f"mlx5_{rng.choice([0, 3, 4, 5])}", gid_style="ib",
                                                    direction=rng.choice(["Send", "Recv"]))
                    items.append((te, txt))
                    items += ctx.nccl_error_abort(n.rank(lr), te + sec(0.5), "remote", warn, frames=(lr == 0))
                    fails.append((lr, -6, te + sec(0.5)))
            td, tend = teardown(ctx, n, fails, "train.py", tz_hours=8)
            items += td
            out.extend(prefixed(items, srun_prefix(i)))
            out.add(tend + sec(0.5), f"srun: error: {n.name}: task {i}: Exited with exit code 1")
        else:
            out.extend(prefixed(items, srun_prefix(i)))
        kn = dmesg_noise(rng, t0 - sec(3000), t_mce + sec(1400), rng.randint(12, 22))
        if n is bad:
            kn = [x for x in kn if x[0] < t_mce - sec(20)]
        b.add(f"{n.name}/journal_kernel.txt", ["$ journalctl -k -o short-iso -b -1" if n is bad else "$ journalctl -k -o short-iso"] +
              [ln for _, ln in kernel_log(n, _ks(kn), "journal")])
        b.add(f"{n.name}/host_info.txt", host_info(n, t_mce + sec(3600), tz_name="Asia/Shanghai"))
    out.add(t_err + sec(31), f"srun: error: Node failure on {bad.name}")
    out.add(t_err + sec(32), f"srun: error: {bad.name}: task 3: Killed")
    out.add(t_err + sec(33), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    b.add(f"{nodes[0].name}/slurm-{job}.out", out)
    # crashed host: kdump's vmcore-dmesg (seconds since boot) + list of boots
    vm = []
    for t, m in _ks(dmesg_noise(rng, t_mce - sec(4000), t_mce - sec(30), 10)):
        vm.append(f"{f_uptime(t, bad.boot)} {m}")
    apic = rng.choice(["4a", "52", "6c"])
    cpu = rng.randint(32, 95)
    mce = [f"mce: [Hardware Error]: CPU {cpu}: Machine Check Exception: 5 Bank 1: be00000000800400",
           f"mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff{hexs(rng, 8)}> {{native_safe_halt+0xe/0x20}}",
           f"mce: [Hardware Error]: TSC {hexs(rng, 12)} ADDR {hexs(rng, 10)} MISC 86 ",
           f"mce: [Hardware Error]: PROCESSOR 0:806f8 TIME {epoch(t_mce)} SOCKET 1 APIC {apic} microcode 2b000590",
           "mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
           "mce: [Hardware Error]: Machine check: Processor context corrupt",
           "Kernel panic - not syncing: Fatal machine check",
           "Kernel Offset: 0x19000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)"]
    for k, m in enumerate(mce):
        vm.append(f"{f_uptime(t_mce + sec(k * 0.000013), bad.boot)} {m}")
    b.add(f"{bad.name}/var_crash/127.0.0.1-2025-03-02-14-22-40/vmcore-dmesg.txt", vm)
    lb = local(bad.boot, 8)
    le = local(t_mce - sec(22), 8)
    nb = local(t_mce + sec(107), 8)
    b.add(f"{bad.name}/list_boots.txt", ["$ journalctl --list-boots | tail -3",
                                         f"-2 {hexs(rng, 32)} Sat {local(bad.boot - sec(86400 * 9), 8):%Y-%m-%d %H:%M:%S} CST—Sun {lb - __import__('datetime').timedelta(seconds=95):%Y-%m-%d %H:%M:%S} CST",
                                         f"-1 {hexs(rng, 32)} Sun {lb:%Y-%m-%d %H:%M:%S} CST—Sun {le:%Y-%m-%d %H:%M:%S} CST",
                                         f" 0 {hexs(rng, 32)} Sun {nb:%Y-%m-%d %H:%M:%S} CST—Sun {local(t_mce + sec(3600), 8):%Y-%m-%d %H:%M:%S} CST"])
    b.add(f"{nodes[0].name}/etc_hosts", etc_hosts(nodes) + [f"{n.ib_ip}\t{n.name}-ib0" for n in nodes])
    b.add(f"{nodes[0].name}/sinfo_R.txt", ["$ sinfo -R", "REASON               USER      TIMESTAMP           NODELIST",
                                           f"Not responding       slurm     {f_slurm_time(t_err + sec(30), 8)} {bad.name}"])
    b.set_label("host", "infrastructure", bad.name, None, "restart_without_node",
                "Peers report IB completion errors from 10.45.0.x, which /etc/hosts maps to hgx-sz-07-ib0; that host "
                "printed nothing and its journal just stops, but its kdump vmcore-dmesg (uptime stamps + boot time "
                "from --list-boots) shows a fatal machine check panic 8 s before the first peer error.",
                "https://github.com/ovro-lwa/lwa-issues/issues/117")
    return b


# ---------------------------------------------------------------------------
# p23: CUDA OOM on one node at start; memory held by an old job's processes
# ---------------------------------------------------------------------------

def p23_slurm_oom_at_startup_one_node(rng):
    b = Bundle("p23")
    ctx = Ctx(rng, torch="2.4", nccl="2.20.5", timeout_ms=1800000, py="3.11", cuda="12.4", drv="12040",
              script="train.py", binary="/usr/bin/python3")
    ctx.site = "/usr/local/lib/python3.11/dist-packages"
    names = ["a100-n14", "a100-n15", "a100-n17", "a100-n20"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.5.1.", ib="10.6.1.", boot0=T("2024-11-01 00:00:00"),
                       gpu="NVIDIA A100-SXM4-80GB")
    bad = nodes[2]
    job, old_job = 88107, 88011
    t0 = T("2024-11-12 10:05:00")
    t_oom = t0 + sec(71.3)
    old_pids = [rng.randint(2200000, 2300000) for _ in range(8)]
    out = Log()
    out.add(t0, slurm_header(job, nodes, t0, partition="a100", extra=["+ srun -l torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint a100-n14:29500 train.py"]))
    for i, n in enumerate(nodes):
        items = torchrun_banner(ctx, n, t0 + sec(2))
        if n is bad:
            fails = []
            for lr in range(8):
                te = t_oom + sec(rng.uniform(0, 0.4))
                free = rng.uniform(1.5, 2.4)
                mine = 79.15 - 71.0 - free
                tb = ctx.py_tb(n.rank(lr), [("/home/ml/proj/train.py", 377, "<module>", "main()"),
                                           ("/home/ml/proj/train.py", 139, "main", "model = build_model(cfg).to(device)"),
                                           ("TORCH/nn/modules/module.py", 1174, "to", "return self._apply(convert)"),
                                           ("TORCH/nn/modules/module.py", 780, "_apply", "module._apply(fn)"),
                                           ("TORCH/nn/modules/module.py", 805, "_apply", "param_applied = fn(param)"),
                                           ("TORCH/nn/modules/module.py", 1160, "convert", "return t.to(")],
                               f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU {lr} has a total capacity of 79.15 GiB of which {free:.2f} GiB is free. Process {old_pids[lr]} has 71.02 GiB memory in use. Process {n.pids[lr]} has {mine:.2f} GiB memory in use. Of the allocated memory {mine - 0.51:.2f} GiB is allocated by PyTorch, and 12.50 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
                items.append((te, tb))
                fails.append((lr, 1, te))
            td, tend = teardown(ctx, n, fails, "train.py")
        else:
            fl, times = flood(ctx, n, t_oom + sec(1800.4 + rng.uniform(0, 0.8)), 1, "BROADCAST", numel=rng.randint(10**8, 2 * 10**8), frames_for=1)
            items += fl
            td, tend = teardown(ctx, n, [(lr, -6, tt) for lr, tt in times.items()], "train.py")
        items += td
        out.extend(prefixed(items, srun_prefix(i)))
        out.add(tend + sec(0.4), f"srun: error: {n.name}: task {i}: Exited with exit code 1")
        kn = dmesg_noise(rng, t0 - sec(7200), t_oom + sec(1900), rng.randint(10, 20))
        if n is bad:
            kn += [(t0 - sec(3150), f"INFO: task python3:{old_pids[0]} blocked for more than 120 seconds."),
                   (t0 - sec(3150), "      Tainted: P           OE     5.15.0-119-generic #129-Ubuntu"),
                   (t0 - sec(3150), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
                   (t0 - sec(3150), f"task:python3         state:D stack:0     pid:{old_pids[0]} ppid:1      flags:0x00004006")]
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
        tc = t_oom + sec(2100)
        if n is bad:
            procs = [(g, old_pids[g], "python3", 72722) for g in range(8)]
            smi = nvidia_smi(rng, n, tc, driver="550.90.07", cuda="12.4", used=[72730] * 8, procs=procs)
            b.add(f"{n.name}/nvidia-smi.txt", ["$ nvidia-smi"] + smi)
            b.add(f"{n.name}/ps.txt", ["$ ps -o pid,ppid,user,stat,lstart,etime,cmd -p " + ",".join(map(str, old_pids))] +
                  ["    PID    PPID USER     STAT                  STARTED     ELAPSED CMD"] +
                  [f"{p:7d}       1 mlee     Dl   {local(t0 - sec(86400 * 1.4), 0):%a %b %d %H:%M:%S %Y} 1-09:{rng.randint(10, 59)}:{rng.randint(10, 59)} /usr/bin/python3 -u train_rlhf.py --local_rank={g}" for g, p in enumerate(old_pids)])
            b.add(f"{n.name}/slurmd.log", [f"[{f_slurm_time(t0 - sec(3300))}.{rng.randint(100, 999)}] [{old_job}.0] error: *** STEP {old_job}.0 STEPD TERMINATED ON {n.name} AT {f_slurm_time(t0 - sec(3300))} DUE TO JOB NOT ENDING WITH SIGNALS ***",
                                           f"[{f_slurm_time(t0 - sec(3299))}.{rng.randint(100, 999)}] error: Kill task failed on {n.name} for job {old_job}",
                                           f"[{f_slurm_time(t0 - sec(600))}.{rng.randint(100, 999)}] Node resumed by admin: reason='Kill task failed' cleared",
                                           f"[{f_slurm_time(t0 + sec(1))}.{rng.randint(100, 999)}] [{job}.0] task/affinity: task_p_pre_launch: Using sched_affinity for tasks"])
        else:
            b.add(f"{n.name}/nvidia-smi.txt", ["$ nvidia-smi"] + nvidia_smi(rng, n, tc, driver="550.90.07", cuda="12.4"))
    b.add(f"{nodes[0].name}/slurm-{job}.out", out)
    b.set_label("host", "infrastructure", bad.name, None, "restart_without_node",
                "Only a100-n17's ranks OOM while moving the model to GPU, and their messages name another process "
                "holding 71 GiB per GPU; nvidia-smi/ps show python processes in D state from job 88011, whose step "
                "slurmd failed to kill before the node was resumed. Leftover processes on one node.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/73")
    return b


# ---------------------------------------------------------------------------
# p24: pdsh-launched torchrun; one node's fabric manager is down
# ---------------------------------------------------------------------------

def p24_pdsh_cuda_init_error_one_host(rng):
    b = Bundle("p24")
    ctx = Ctx(rng, torch="2.3", nccl="2.20.5", timeout_ms=1800000, py="3.10", cuda="12.4", drv="12040",
              script="train.py", binary="/usr/bin/python")
    names = ["hgx-h100-c1", "hgx-h100-c2", "hgx-h100-c4", "hgx-h100-c6"]
    nodes = make_nodes(rng, names, gpus=8, eth="172.20.3.", ib="172.21.3.", boot0=T("2024-07-15 00:00:00"))
    bad = nodes[2]
    bad.boot = T("2024-07-16 22:31:40")
    t0 = T("2024-07-17 09:00:12")
    t_init = t0 + sec(21)
    out = Log()
    out.add(t0, "$ pdsh -w hgx-h100-c[1,2,4,6] 'cd /shared/proj && ./launch.sh'")
    for i, n in enumerate(nodes):
        items = torchrun_banner(ctx, n, t0 + sec(1.5))
        if n is bad:
            fails = []
            for lr in range(8):
                te = t_init + sec(rng.uniform(0, 1))
                tb = ctx.py_tb(n.rank(lr), [("/shared/proj/train.py", 290, "<module>", "main()"),
                                           ("/shared/proj/train.py", 61, "main", "torch.cuda.set_device(local_rank)"),
                                           ("TORCH/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
                                           ("TORCH/cuda/__init__.py", 293, "_lazy_init", "torch._C._cuda_init()")],
                               "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized")
                items.append((te, tb))
                fails.append((lr, 1, te))
            td, tend = teardown(ctx, n, fails, "train.py")
        else:
            tt = t_init + sec(1800 + rng.uniform(0.2, 1.5))
            fails = []
            for lr in range(8):
                if lr == 0 or rng.random() < 0.3:
                    tb = ctx.py_tb(n.rank(lr), [("/shared/proj/train.py", 290, "<module>", "main()"),
                                                ("/shared/proj/train.py", 64, "main", "dist.init_process_group(\"nccl\")"),
                                                ("TORCH/distributed/c10d_logger.py", 75, "wrapper", "return func(*args, **kwargs)"),
                                                ("TORCH/distributed/c10d_logger.py", 89, "wrapper", "func_return = func(*args, **kwargs)"),
                                                ("TORCH/distributed/distributed_c10d.py", 1312, "init_process_group", "default_pg, _ = _new_process_group_helper("),
                                                ("TORCH/distributed/distributed_c10d.py", 1478, "_new_process_group_helper", "backend_class = ProcessGroupNCCL(")],
                                   "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined.")
                    items.append((tt + sec(lr * 0.01), tb))
                    fails.append((lr, 1, tt + sec(lr * 0.01)))
            td, tend = teardown(ctx, n, fails, "train.py")
        items += td
        out.extend(prefixed(items, lambda t, ln, h=n.name: f"{h}: {ln}"))
        out.add(tend + sec(0.3), f"pdsh@hgx-h100-c1: {n.name}: ssh exited with exit code 1")
        j = []
        kn = dmesg_noise(rng, t0 - sec(7200), t_init + sec(1900), rng.randint(10, 20))
        kn.append((n.boot + sec(17.3), f"NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {'550.90.07  Fri May 31 09:35:42 UTC 2024' if n is bad else '550.54.15  Tue Mar  5 22:23:56 UTC 2024'}"))
        if n is bad:
            fm = bad.boot + sec(31.2)
            kn += [(bad.boot + sec(25.0), "Starting NVIDIA fabric manager service...", "systemd[1]"),
                   (fm, "fabric manager NVIDIA GPU driver interface version 550.54.15 don't match with driver version 550.90.07. Please update with matching NVIDIA driver package.", "nv-fabricmanager[2211]"),
                   (fm + sec(0.01), "nvidia-fabricmanager.service: Control process exited, code=exited, status=1/FAILURE", "systemd[1]"),
                   (fm + sec(0.01), "nvidia-fabricmanager.service: Failed with result 'exit-code'.", "systemd[1]"),
                   (fm + sec(0.02), "Failed to start NVIDIA fabric manager service.", "systemd[1]")]
        else:
            kn += [(n.boot + sec(25.0), "Starting NVIDIA fabric manager service...", "systemd[1]"),
                   (n.boot + sec(33.4), "Started NVIDIA fabric manager service.", "systemd[1]")]
        b.add(f"{n.name}/journal.txt", ["$ journalctl -b -o short-iso -k -u nvidia-fabricmanager"] + [ln for _, ln in kernel_log(n, _ks(kn), "journal")])
        b.add(f"{n.name}/host_info.txt", host_info(n, t_init + sec(2400)))
    b.add(f"{nodes[0].name}/launch_console.txt", out)
    b.set_label("nvlink", "infrastructure", bad.name, None, "restart_without_node",
                "Only hgx-h100-c4's ranks fail at CUDA init with error 802 'system not yet initialized'; its journal "
                "shows the NVIDIA fabric manager failing at boot because the driver was upgraded to 550.90.07 while "
                "fabric manager stayed at 550.54.15. The other nodes only time out waiting for 8 clients.",
                "https://github.com/dstackai/dstack/issues/2348")
    return b


# ---------------------------------------------------------------------------
# p25: non-finite values appear first on whatever rank sits on one node
# ---------------------------------------------------------------------------

def p25_pytorchjob_nan_three_resubmits(rng):
    b = Bundle("p25")
    pool = ["gke-trainer-a3-pool-3c1f2a8d-2mqz", "gke-trainer-a3-pool-3c1f2a8d-7hkd",
            "gke-trainer-a3-pool-3c1f2a8d-9wtn", "gke-trainer-a3-pool-3c1f2a8d-c4lx",
            "gke-trainer-a3-pool-3c1f2a8d-fq8r", "gke-trainer-a3-pool-3c1f2a8d-k2vb",
            "gke-trainer-a3-pool-3c1f2a8d-x9fh"]
    badn = "gke-trainer-a3-pool-3c1f2a8d-x9fh"
    allocs = [["gke-trainer-a3-pool-3c1f2a8d-2mqz", badn, "gke-trainer-a3-pool-3c1f2a8d-7hkd", "gke-trainer-a3-pool-3c1f2a8d-9wtn"],
              ["gke-trainer-a3-pool-3c1f2a8d-c4lx", "gke-trainer-a3-pool-3c1f2a8d-fq8r", "gke-trainer-a3-pool-3c1f2a8d-k2vb", badn],
              [badn, "gke-trainer-a3-pool-3c1f2a8d-2mqz", "gke-trainer-a3-pool-3c1f2a8d-fq8r", "gke-trainer-a3-pool-3c1f2a8d-k2vb"]]
    starts = [T("2025-01-20 02:00:00"), T("2025-01-20 05:10:30"), T("2025-01-20 06:33:12")]
    resume = [0, 7000, 9000]
    nan_at = [7311, 9210, 9877]
    bad_lr = [5, 2, 6]
    ips = {p: f"10.8.{rng.randint(0, 15)}.{rng.randint(2, 250)}" for p in pool}
    for a in range(3):
        ctx = Ctx(rng, torch="2.5", nccl="2.21.5", timeout_ms=600000, py="3.11", cuda="12.4", drv="12060",
                  script="/app/train.py", binary="/usr/local/bin/python")
        ctx.site = "/usr/local/lib/python3.11/site-packages"
        nodes = make_nodes(rng, allocs[a], gpus=8, eth="10.8.0.", ib=None)
        for n in nodes:
            n.eth_ip = ips[n.name]
        run = f"llm-13b-r{a}"
        pods = [f"{run}-master-0"] + [f"{run}-worker-{k}" for k in range(3)]
        pod_ip = {n.name: f"10.52.{rng.randint(0, 63)}.{rng.randint(2, 250)}" for n in nodes}
        t0 = starts[a]
        t_train = t0 + sec(140)
        sched = schedule(rng, t_train, resume[a], t_train + sec(2.2 * (nan_at[a] - resume[a]) + 60), 1.48, max_step=nan_at[a])
        t_nan = sched[-1][0]
        bad = [n for n in nodes if n.name == badn][0]
        kp = k8s_prefix(rng)
        for i, (n, pod) in enumerate(zip(nodes, pods)):
            items = [(t0, f"+ torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint {run}-master-0:29400 /app/train.py --cfg 13b.yaml --resume {'none' if a == 0 else 'latest'}")]
            items += torchrun_banner(ctx, n, t0 + sec(1))
            if i == 0:
                if a:
                    items.append((t_train - sec(4), f"{f_pylog(t_train - sec(4))} INFO train: resumed from gs://ml-ckpt/13b/step_{resume[a]:07d}"))
                items += render_sched(sched, 10, fmt_pylog("train"))
            if n is bad:
                r_ = n.rank(bad_lr[a])
                items.append((t_nan - sec(0.2), f"{f_pylog(t_nan - sec(0.2))} WARNING train: [rank {r_} host={pod}] local grad norm is inf/nan before all-reduce at step {nan_at[a]} (first non-finite param: layers.{rng.randint(0, 39)}.mlp.down_proj.weight)"))
            fails = []
            for lr in range(8):
                gr = n.rank(lr)
                if lr == 0 or rng.random() < 0.35:
                    te = t_nan + sec(0.1 + rng.uniform(0, 0.05))
                    tb = ctx.py_tb(gr, [("/app/train.py", 420, "<module>", "main()"),
                                        ("/app/train.py", 371, "main", "check_finite(loss, grad_norm, step)"),
                                        ("/app/utils/guards.py", 22, "check_finite", "raise FloatingPointError(f\"non-finite loss/grad at step {step}: loss={loss} grad_norm={grad_norm}\")")],
                                   f"FloatingPointError: non-finite loss/grad at step {nan_at[a]}: loss=nan grad_norm=nan")
                    items.append((te, tb))
                    fails.append((lr, 1, te))
            td, tend = teardown(ctx, n, fails, "/app/train.py")
            items += td
            b.add(f"attempt_{a}/{n.name}/kubectl_logs_{pod}.txt", Log().extend(prefixed(items, kp)))
            kn = dmesg_noise(rng, t0 - sec(1800), t_nan + sec(600), rng.randint(8, 14))
            b.add(f"attempt_{a}/{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
        rows = [(pod, "0/1", "Error", "0", "1h", pod_ip[n.name], n.name) for n, pod in zip(nodes, pods)]
        b.add(f"attempt_{a}/{nodes[0].name}/kubectl_get_pods.txt", [f"$ kubectl get pods -o wide -l training.kubeflow.org/job-name={run}"] + kubectl_get_pods(rows, t0))
    b.set_label("gpu_hardware", "infrastructure", badn, None, "restart_without_node",
                "Three submissions blow up at different steps (7311, 9210, 9877) with NaN everywhere, but each time the "
                "first non-finite local gradient is reported by the pod that kubectl places on ...-x9fh, under a "
                "different rank and GPU; silent data corruption that follows that node.",
                "https://github.com/pytorch/torchtitan/issues/951")
    return b


# ---------------------------------------------------------------------------
# p26: device-side assert at the same step on two different node sets
# ---------------------------------------------------------------------------

def p26_slurm_device_assert_two_attempts(rng):
    b = Bundle("p26")
    allocs = [["v100x8-07", "v100x8-08", "v100x8-11", "v100x8-12"], ["v100x8-02", "v100x8-03", "v100x8-15", "v100x8-16"]]
    jobs = [412880, 412903]
    starts = [T("2023-09-14 20:00:05"), T("2023-09-15 00:41:10")]
    step_bad = 5120
    for a in range(2):
        ctx = Ctx(rng, torch="2.1", nccl="2.18.1", timeout_ms=1800000, py="3.10", cuda="12.1", drv="12020",
                  script="run_mlm.py", binary="/usr/bin/python")
        nodes = make_nodes(rng, allocs[a], gpus=8, eth="10.2.9.", ib="10.3.9.", boot0=starts[a],
                           gpu="Tesla V100-SXM2-32GB")
        for n in nodes:
            n.pci = ["1a", "1c", "1d", "1e", "3d", "3f", "40", "41"]
        t0 = starts[a]
        t_train = t0 + sec(120)
        r0 = 0 if a == 0 else 4000
        sched = schedule(rng, t_train, r0, t_train + sec(3 * (step_bad - r0)), 0.74, max_step=step_bad)
        t_f = sched[-1][0] + sec(0.3)
        out = Log()
        out.add(t0, slurm_header(jobs[a], nodes, t0, partition="v100", extra=["+ srun -l torchrun --nnodes 4 --nproc_per_node 8 ... run_mlm.py --tokenizer tok/bert-wp-64k --vocab_size 50000 " + ("" if a == 0 else "--resume_from_checkpoint out/checkpoint-4000")]))
        bad_rank = 11
        for i, n in enumerate(nodes):
            items = torchrun_banner(ctx, n, t0 + sec(2))
            if i == 0:
                items += render_sched(sched, 50, lambda t, s, l, st, d: f"{{'loss': {l:.4f}, 'learning_rate': {1e-4 * (1 - s / 40000):.4e}, 'epoch': {s / 12000:.2f}}}")
            if bad_rank in n.ranks():
                lr = bad_rank - n.rank(0)
                asserts = "\n".join(f"../aten/src/ATen/native/cuda/Indexing.cu:1292: indexSelectLargeIndex: block: [{rng.randint(100, 400)},0,0], thread: [{k},0,0] Assertion `srcIndex < srcSelectDimSize` failed." for k in range(rng.randint(24, 40)))
                items.append((t_f - sec(0.01), asserts))
                tb = ctx.py_tb(bad_rank, [("/work/mlm/run_mlm.py", 655, "<module>", "main()"),
                                          ("/work/mlm/run_mlm.py", 604, "main", "train_result = trainer.train(resume_from_checkpoint=checkpoint)"),
                                          ("SITE/transformers/trainer.py", 1555, "train", "return inner_training_loop("),
                                          ("SITE/transformers/trainer.py", 1860, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                                          ("SITE/transformers/trainer.py", 2725, "training_step", "loss = self.compute_loss(model, inputs)"),
                                          ("SITE/transformers/models/bert/modeling_bert.py", 230, "forward", "inputs_embeds = self.word_embeddings(input_ids)"),
                                          ("TORCH/nn/functional.py", 2233, "embedding", "return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)")],
                               "RuntimeError: CUDA error: device-side assert triggered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1.\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n")
                items.append((t_f, tb))
                items += ctx.cuda_error_abort(bad_rank, t_f + sec(0.1), "device-side assert triggered")
                td, tend = teardown(ctx, n, [(lr, 1, t_f)], "run_mlm.py")
            else:
                fl, times = flood(ctx, n, t_f + sec(1800.3 + rng.uniform(0, 0.4)), step_bad + 2, "ALLREDUCE", numel=rng.randint(10**7, 10**8), frames_for=1)
                items += fl
                td, tend = teardown(ctx, n, [(lr, -6, tt) for lr, tt in times.items()], "run_mlm.py")
            items += td
            out.extend(prefixed(items, srun_prefix(i)))
            out.add(tend + sec(0.4), f"srun: error: {n.name}: task {i}: Exited with exit code 1")
            kn = dmesg_noise(rng, t0 - sec(1200), t_f + sec(1900), rng.randint(8, 14))
            if bad_rank in n.ranks():
                kn.append((t_f + sec(0.05), f"NVRM: Xid (PCI:0000:{n.pci[3]}:00): 43, pid={n.pids[3]}, name=python, Ch 00000028"))
            b.add(f"attempt_{a}/{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
        b.add(f"attempt_{a}/{nodes[0].name}/slurm-{jobs[a]}.out", out)
    b.set_label("user_code", "script", None, None, "stop",
                "Both attempts, on disjoint node sets, hit the embedding index assertion (srcIndex < srcSelectDimSize) "
                "on rank 11 at step 5120: a token id at or above the model's 50000-entry vocabulary from the 64k "
                "tokenizer. Xid 43 is only the driver reporting the killed context.",
                "https://github.com/huggingface/transformers/issues/28104")
    return b


# ---------------------------------------------------------------------------
# p27: anomaly mode reports NaN on every rank at the same step
# ---------------------------------------------------------------------------

def p27_accelerate_anomaly_nan(rng):
    b = Bundle("p27")
    ctx = Ctx(rng, torch="2.2", nccl="2.19.3", timeout_ms=1800000, py="3.10", cuda="12.1", drv="12020",
              script="train_clm.py", binary="/opt/conda/bin/python")
    ctx.site = "/opt/conda/lib/python3.10/site-packages"
    names = ["gpu-l40-31", "gpu-l40-36"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.66.0.", ib=None, boot0=T("2024-04-20 00:00:00"), gpu="NVIDIA L40S")
    t0 = T("2024-04-22 13:14:00")
    t_train = t0 + sec(95)
    step_bad = 612

    def tw(s, d, st):
        if s > 380:
            d["loss"] = 2.9 + (s - 380) * 0.012 + rng.uniform(-0.05, 0.05)
            d["gn"] = 3 + (s - 380) * 0.4
        d["lr"] = min(3e-3, 3e-3 * s / 500)
        return st
    sched = schedule(rng, t_train, 0, t_train + sec(3000), 2.6, tweak=tw, max_step=step_bad - 1)
    t_f = sched[-1][0] + sec(2.4)
    for i, n in enumerate(nodes):
        lg = Log()
        lg.add(t0, f"$ accelerate launch --multi_gpu --num_machines 2 --machine_rank {i} --main_process_ip gpu-l40-31 --num_processes 16 train_clm.py --lr 3e-3 --warmup_steps 500 --detect_anomaly")
        lg.extend(torchrun_banner(ctx, n, t0 + sec(1)))
        if i == 0:
            lg.extend(render_sched(sched, 10, lambda t, s, l, st, d: f"{f_pylog(t)} - INFO - __main__ - step {s}: loss={l:.4f} grad_norm={d['gn']:.2f} lr={d['lr']:.2e}"))
        fails = []
        for lr in range(8):
            te = t_f + sec(rng.uniform(0, 0.5))
            gr = n.rank(lr)
            warn = (f"{ctx.site}/torch/autograd/graph.py:744: UserWarning: Error detected in LogSoftmaxBackward0. Traceback of forward call that caused the error:\n"
                    f'  File "/srv/clm/train_clm.py", line 312, in <module>\n    main()\n'
                    f'  File "/srv/clm/train_clm.py", line 271, in main\n    outputs = model(**batch)\n'
                    f'  File "{ctx.site}/transformers/models/mistral/modeling_mistral.py", line 1186, in forward\n    loss = loss_fct(shift_logits, shift_labels)\n'
                    f'  File "{ctx.site}/torch/nn/functional.py", line 3059, in cross_entropy\n    return torch._C._nn.cross_entropy_loss(input, target, weight, _Reduction.get_enum(reduction), ignore_index, label_smoothing)\n'
                    " (Triggered internally at ../torch/csrc/autograd/python_anomaly_mode.cpp:111.)\n"
                    "  return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")
            lg.add(te - sec(0.01), warn)
            tb = ctx.py_tb(gr, [("/srv/clm/train_clm.py", 312, "<module>", "main()"),
                                ("/srv/clm/train_clm.py", 276, "main", "accelerator.backward(loss)"),
                                ("SITE/accelerate/accelerator.py", 1995, "backward", "loss.backward(**kwargs)"),
                                ("TORCH/_tensor.py", 522, "backward", "torch.autograd.backward("),
                                ("TORCH/autograd/__init__.py", 266, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                           "RuntimeError: Function 'LogSoftmaxBackward0' returned nan values in its 0th output.")
            lg.add(te, tb)
            fails.append((lr, 1, te))
        td, _ = teardown(ctx, n, fails, "train_clm.py")
        lg.extend(td)
        b.add(f"{n.name}/accelerate.log", lg)
        kn = dmesg_noise(rng, t0 - sec(1800), t_f + sec(300), rng.randint(8, 14))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
    b.set_label("numerical", "script", None, None, "stop",
                "Loss and grad norm climb steadily as warmup drives the LR to 3e-3, then all 16 ranks on both nodes "
                "raise the anomaly-mode error 'LogSoftmaxBackward0 returned nan values' at step 612: divergence from "
                "the hyper-parameters.",
                "https://github.com/pytorch/pytorch/issues/51196")
    return b


# ---------------------------------------------------------------------------
# p28: torchx dist.ddp; ranks with local_rank != 0 hit a device mismatch
# ---------------------------------------------------------------------------

def p28_torchx_ddp_device_mismatch(rng):
    b = Bundle("p28")
    ctx = Ctx(rng, torch="2.0", nccl="2.14.3", timeout_ms=1800000, py="3.10", cuda="11.8", drv="12020",
              script="main.py", binary="/usr/bin/python3")
    names = ["gke-ml-a10g-pool-5b7e-1x2c", "gke-ml-a10g-pool-5b7e-8mv0", "gke-ml-a10g-pool-5b7e-qq3t"]
    nodes = make_nodes(rng, names, gpus=4, eth="10.128.0.", ib=None, boot0=T("2023-06-12 00:00:00"), gpu="NVIDIA A10G")
    for n in nodes:
        n.pci = ["00:1b", "00:1c", "00:1d", "00:1e"]
    t0 = T("2023-06-13 17:40:00")
    t_first = t0 + sec(58.4)
    app = f"main-{hexs(rng, 6)}"
    for i, n in enumerate(nodes):
        items = [(t0, f"torchx {t0:%Y-%m-%d %H:%M:%S} INFO     Launching app {app} (dist.ddp -j 3x4 --script main.py)")]
        items += torchrun_banner(ctx, n, t0 + sec(1))
        items.append((t0 + sec(40), f"[default0]:{f_pylog(t0 + sec(40))} INFO main: rank {n.rank(0)}/12 using device cuda:0"))
        fails = []
        for lr in range(1, 4):
            te = t_first + sec(rng.uniform(0, 0.6))
            tb = ctx.py_tb(n.rank(lr), [("/app/main.py", 188, "<module>", "main()"),
                                       ("/app/main.py", 160, "main", "logits = model(batch[\"x\"].to(device))"),
                                       ("TORCH/nn/modules/module.py", 1501, "_call_impl", "return forward_call(*args, **kwargs)"),
                                       ("TORCH/nn/parallel/distributed.py", 1156, "forward", "output = self._run_ddp_forward(*inputs, **kwargs)"),
                                       ("TORCH/nn/parallel/distributed.py", 1110, "_run_ddp_forward", "return module_to_run(*inputs[0], **kwargs[0])  # type: ignore[index]"),
                                       ("/app/model.py", 74, "forward", "h = h @ self.proj.to(\"cuda\")")],
                           f"RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:{lr} and cuda:0! (when checking argument for argument mat2 in method wrapper_CUDA_mm)")
            items.append((te, "\n".join(f"[default{lr}]:{x}" for x in tb.split("\n"))))
            fails.append((lr, 1, te))
        td, tend = teardown(ctx, n, fails, "main.py")
        items += td
        b.add(f"{n.name}/torchx_log_{app}_trainer_{i}.txt", Log().extend(prefixed(items, lambda t, ln, i=i: f"trainer/{i} {ln}")))
        kn = dmesg_noise(rng, t0 - sec(3600), t_first + sec(120), rng.randint(8, 14))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
    b.add(f"{nodes[0].name}/torchx_status.txt", [f"$ torchx status kubernetes://ml:{app}", "AppDef:", "  State: FAILED", "  Num Restarts: 0", "Roles:",
                                                 "  *trainer[0]:FAILED (exitcode: 1)", "   trainer[1]:FAILED (exitcode: 1)", "   trainer[2]:FAILED (exitcode: 1)"])
    b.set_label("user_code", "script", None, None, "stop",
                "On every node the ranks with local_rank 1-3 raise 'Expected all tensors to be on the same device ... "
                "cuda:N and cuda:0' from model.py hard-coding .to(\"cuda\"); local rank 0 happens to work. A code bug, "
                "identical on all three nodes.",
                "https://github.com/pytorch/elastic/issues/169")
    return b


# ---------------------------------------------------------------------------
# p29: a hung rank named by NCCL RAS via its node IP; GSP timeouts there
# ---------------------------------------------------------------------------

def p29_pyxis_ras_missing_rank(rng):
    b = Bundle("p29")
    ctx = Ctx(rng, torch="2.7", nccl="2.26.5", timeout_ms=1800000, py="3.12", cuda="12.8", drv="12080",
              script="/workspace/train.py", binary="/usr/bin/python")
    ctx.site = "/usr/local/lib/python3.12/dist-packages"
    names = ["h200-r01", "h200-r02", "h200-r05", "h200-r06"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.7.0.", ib="10.9.0.", boot0=T("2025-07-01 00:00:00"),
                       gpu="NVIDIA H200")
    bad, bad_lr = nodes[2], 4
    bad_rank = bad.rank(bad_lr)
    job = 1204412
    t0 = T("2025-07-08 03:00:00")
    t_train = t0 + sec(220)
    t_gsp = T("2025-07-08 07:48:12.410")
    sched = schedule(rng, t_train, 0, t_gsp + sec(1), 2.35)
    seq = sched[-1][1] * 4 + 2
    t_wd = t_gsp + sec(1800.5)
    stack = ("#0 all_reduce from /usr/local/lib/python3.12/dist-packages/torch/distributed/distributed_c10d.py:2861\n"
             "#1 wrapper from /usr/local/lib/python3.12/dist-packages/torch/distributed/c10d_logger.py:81\n"
             "#2 reduce_grads from /workspace/ddp_utils.py:77\n#3 train_step from /workspace/train.py:288\n"
             "#4 main from /workspace/train.py:401\n#5 <module> from /workspace/train.py:430\n")
    out = Log()
    out.add(t0, slurm_header(job, nodes, t0, partition="h200", extra=["pyxis: imported docker image: nvcr.io#nvidia/pytorch:25.06-py3",
                                                                      "+ srun -l --container-image=nvcr.io#nvidia/pytorch:25.06-py3 env NCCL_RAS_ENABLE=1 TORCH_NCCL_DUMP_ON_TIMEOUT=1 torchrun ... /workspace/train.py"]))
    first = rng.choice([r for r in range(32) if r // 8 != 2])
    for i, n in enumerate(nodes):
        items = torchrun_banner(ctx, n, t0 + sec(2))
        if i == 0:
            items += render_sched(sched, 10, fmt_titan())
        skip = (bad_lr,) if n is bad else ()
        fl = []
        times = {}
        for lr in range(8):
            if lr in skip:
                continue
            gr = n.rank(lr)
            tt = t_wd + sec(rng.uniform(0, 1.0)) if gr != first else t_wd - sec(0.2)
            fl += ctx.watchdog_timeout(gr, tt, seq, "ALLREDUCE", numel=rng.randint(10**8, 2 * 10**8), frames=(lr == 0),
                                       fr_dump=True, fr_from=None if gr == first else first, stack=stack if lr == 0 else None)
            times[lr] = tt
        items += fl
        td, tend = teardown(ctx, n, [(lr, -6, tt + sec(0.8)) for lr, tt in times.items()], "/workspace/train.py")
        items += td
        out.extend(prefixed(items, srun_prefix(i)))
        out.add(tend + sec(0.4), f"srun: error: {n.name}: task {i}: Exited with exit code 1")
        kn = dmesg_noise(rng, t0 - sec(3600), t_wd + sec(1200), rng.randint(14, 24))
        if n is bad:
            bus = n.pci[bad_lr]
            for k in range(5):
                kn.append((t_gsp + sec(6 * k), f"NVRM: Xid (PCI:0000:{bus}:00): 119, pid={n.pids[bad_lr]}, name=python, Timeout after 6s of waiting for RPC response from GPU4 GSP! Expected function 76 (GSP_RM_CONTROL) (0x2080{hexs(rng, 4)} 0x{rng.randint(4, 900):x})."))
            kn.append((t_gsp + sec(31), f"NVRM: GPU4 _kgspLogRpcTimeout: ********************************* GSP Timeout **********************************"))
            kn.append((t_gsp + sec(31.01), f"NVRM: GPU4 _kgspLogRpcTimeout: Note: Please also check logs above."))
            kn.append((t_gsp + sec(32), f"NVRM: Xid (PCI:0000:{bus}:00): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)"))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
    b.add(f"{nodes[0].name}/slurm-{job}.out", out)
    tr = t_gsp + sec(900)
    ras = ["$ ncclras    # run inside the job container on h200-r01 at " + f"{tr:%H:%M:%S} UTC",
           f"NCCL version {ctx.nccl} compiled with CUDA 12.8", "CUDA runtime version 12080, driver version 12080", "",
           "Job summary", "===========", "",
           "  Nodes  Processes         GPUs  Processes     GPUs",
           "(total)   per node  per process    (total)  (total)",
           "      4          8            1         32       32", "",
           "Communicators... (2.01s)", "=============", "",
           "Group     Comms     Nodes     Ranks     Ranks     Ranks    Status  Errors",
           "    #  in group  per comm  per node  per comm  in group",
           "    0         1         4         8        32        32   RUNNING  INCOMPLETE", "",
           "Errors", "======", "",
           f"#0-0 ({hexs(rng, 16)}) INCOMPLETE",
           "  Missing communicator data from 1 rank",
           f"  The missing rank: {bad_rank}",
           f"  Rank {bad_rank} -- GPU {bad_lr} managed by process {bad.pids[bad_lr]} on node {bad.eth_ip} -- is unresponsive", "",
           "Warnings", "========", "",
           f"#0-0 MISMATCH",
           "  Communicator ranks have different AllReduce operation counts",
           f"  31 ranks have launched up to operation {seq}",
           f"  1 rank has launched up to operation {seq - 1}",
           f"  Rank {bad_rank} -- GPU {bad_lr} managed by process {bad.pids[bad_lr]} on node {bad.eth_ip}"]
    b.add(f"{nodes[0].name}/ncclras_status.txt", ras)
    b.add(f"{nodes[0].name}/etc_hosts", etc_hosts(nodes))
    b.set_label("gpu_hardware", "infrastructure", bad.name, bad_rank, "restart_without_node",
                f"NCCL RAS names rank {bad_rank} (GPU 4 on node {bad.eth_ip}) as the unresponsive rank one op behind; "
                "/etc/hosts maps that IP to h200-r05, whose kernel logged repeated Xid 119 GSP RPC timeouts on that GPU "
                "and Xid 154 'Node Reboot Required' 30 minutes before the watchdog flood.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446")
    return b


# ---------------------------------------------------------------------------
# p30: SageMaker-style export; S3 throttles every host while streaming data
# ---------------------------------------------------------------------------

def p30_sagemaker_s3_errors(rng):
    b = Bundle("p30")
    ctx = Ctx(rng, torch="2.3", nccl="2.20.5", timeout_ms=1800000, py="3.11", cuda="12.1", drv="12040",
              script="train.py", binary="/opt/conda/bin/python3.11")
    ctx.site = "/opt/conda/lib/python3.11/site-packages"
    names = ["algo-1", "algo-2", "algo-3", "algo-4"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.0.", ib=None, boot0=T("2024-06-13 11:00:00"), gpu="NVIDIA A100-SXM4-40GB")
    for k, n in enumerate(nodes):
        n.eth_ip = f"10.0.{rng.randint(64, 200)}.{rng.randint(2, 250)}"
    job = "clip-vitl-2024-06-13-11-02-44-617"
    t0 = T("2024-06-13 11:09:51")
    t_train = t0 + sec(180)
    t_s3 = T("2024-06-13 14:31:06.600")
    sched = schedule(rng, t_train, 0, t_s3 + sec(2), 1.21)
    order = [2, 0, 3, 1]
    for i, n in enumerate(nodes):
        lg = Log()
        lg.add(t0, f"{f_iso_z(t0, 3)} 2024-06-13 11:09:51,002 sagemaker-training-toolkit INFO     Invoking user script")
        lg.add(t0 + sec(0.1), f"{f_iso_z(t0, 3)} Command \"torchrun --nnodes 4 --nproc_per_node 8 --master_addr algo-1 --master_port 7777 --node_rank {i} train.py --shards s3://clip-data-prod/laion-en/{{00000..41407}}.tar\"")
        items = torchrun_banner(ctx, n, t0 + sec(1))
        if i == 0:
            items += render_sched(sched, 50, fmt_pylog("train"))
        base = t_s3 + sec(order.index(i) * rng.uniform(5, 12))
        fails = []
        for lr in range(8):
            if lr < 2 or rng.random() < 0.4:
                te = base + sec(rng.uniform(0, 9))
                tb = ctx.py_tb(n.rank(lr), [("/opt/ml/code/train.py", 410, "<module>", "main()"),
                                           ("/opt/ml/code/train.py", 322, "main", "batch = next(loader_iter)"),
                                           ("TORCH/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
                                           ("TORCH/utils/data/dataloader.py", 1346, "_next_data", "return self._process_data(data)"),
                                           ("TORCH/_utils.py", 705, "reraise", "raise exception")],
                               "botocore.exceptions.ClientError: Caught ClientError in DataLoader worker process 3.\nOriginal Traceback (most recent call last):\n"
                               f'  File "{ctx.site}/torch/utils/data/_utils/worker.py", line 308, in _worker_loop\n    data = fetcher.fetch(index)\n'
                               '  File "/opt/ml/code/data/s3_tars.py", line 61, in _open\n    body = self.s3.get_object(Bucket=bucket, Key=key)["Body"]\n'
                               f'  File "{ctx.site}/botocore/client.py", line 1021, in _make_api_call\n    raise error_class(parsed_response, operation_name)\n'
                               f"botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 4): Please reduce your request rate.")
                items.append((te, tb))
                fails.append((lr, 1, te))
        td, tend = teardown(ctx, n, fails, "train.py")
        items += td
        lg.extend(prefixed(items, lambda t, ln: f"{f_iso_z(t, 3)} {ln}"))
        lg.add(tend + sec(1), f"{f_iso_z(tend + sec(1), 3)} {f_pylog(tend + sec(1))} sagemaker-training-toolkit ERROR    Reporting training FAILURE")
        lg.add(tend + sec(1.1), f"{f_iso_z(tend + sec(1.1), 3)} {f_pylog(tend + sec(1))} sagemaker-training-toolkit ERROR    ExecuteUserScriptError:\nExitCode 1\nErrorMessage \"botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 4): Please reduce your request rate.\"")
        b.add(f"{n.name}/cloudwatch_{job}_{n.name}.log", lg)
    b.add("algo-1/describe-training-job.json", ['{', f'  "TrainingJobName": "{job}",', '  "TrainingJobStatus": "Failed",',
                                                 '  "SecondaryStatus": "Failed",',
                                                 '  "FailureReason": "AlgorithmError: ExecuteUserScriptError:\\nExitCode 1\\nErrorMessage \\"botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 4): Please reduce your request rate.\\"\\nCommand \\"torchrun --nnodes 4 --nproc_per_node 8 ...\\", exit code: 1",',
                                                 '  "ResourceConfig": {"InstanceType": "ml.p4d.24xlarge", "InstanceCount": 4, "VolumeSizeInGB": 500},',
                                                 f'  "TrainingStartTime": "{t0:%Y-%m-%dT%H:%M:%S}.000Z",', f'  "TrainingEndTime": "{t_s3 + sec(120):%Y-%m-%dT%H:%M:%S}.000Z"', '}'])
    b.set_label("storage", "infrastructure", None, None, "restart",
                "Data-loader workers on all four hosts fail within about 40 s with S3 'SlowDown ... reached max retries' "
                "on GetObject; algo-3 is merely first. The shared object store throttled the whole job; retry later "
                "(ideally with backoff).",
                "https://github.com/ray-project/deltacat/issues/51")
    return b
