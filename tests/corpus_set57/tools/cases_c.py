"""Cases bb21-bb30."""
from __future__ import annotations

import random

from kit import (Job, Log, T, UTC, base_log, dcgmi_diag, f_iso, f_torch_ts, gpus, ibstat, ipmi_sel, nvsmi_q,
                 perfquery, render_kernel, sacct, sec, slurm_tail, tz, xid, xid_line)
from cases_a import CFG, label, nsteps
from cases_b import FL_ATTN, FL_MLP, abort_all, die_one

CFGW = lambda job: [c.format(w=job.world) for c in CFG]


# =============================================================================== bb21
def bb21():
    rng = random.Random(5721)
    hosts = ["gpu-r2-01", "gpu-r2-02", "gpu-r2-03", "gpu-r2-04"]
    t0 = T(2024, 8, 21, 13, 0, 5)
    job = Job(rng, hosts, start=t0, script="train.py", nccl="2.21.5")
    st = 1.46
    tnow = T(2024, 8, 21, 16, 40, 0)
    total = nsteps(t0 + sec(75), tnow, st)
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(75), 1, total, st, {"every": 50}), config_lines=CFGW(job))
        if ni == 0:
            for s in range(500, total, 500):
                tt = t0 + sec(75 + s * st)
                if s < 1500:
                    L.add(tt, f"{job.pfx(0)}[rank0]: [timing] step {s}: fwd+bwd median 0.95s, slowest rank {rng.choice([3, 17, 26, 30])} {0.99 + rng.uniform(0, .02):.2f}s, grad allreduce 0.31s")
                else:
                    L.add(tt, f"{job.pfx(0)}[rank0]: [timing] step {s}: fwd+bwd median 0.95s, slowest rank 13 {1.36 + rng.uniform(0, .06):.2f}s, grad allreduce 0.31s")
        files[f"{h}/train.log"] = L.render()
        over = {}
        if ni == 1:
            over = {5: {"temp": 91, "tlimit": -4, "mtemp": 96, "clk": 1110, "pwr": 412.0, "thr": {"hw": "Active", "hwt": "Active", "swt": "Active"}}}
        if ni == 3:
            over = {1: {"temp": 78, "tlimit": 9}}
        files[f"{h}/nvidia-smi-q.txt"] = nvsmi_q(tnow, "550.90.07", "12.4", gpus(rng, job.bus, over))
    files["gpu-r2-02/ipmi_sel.txt"] = ipmi_sel([
        (0x88, T(2024, 8, 21, 13, 48, 12), "Fan FAN6", "Lower Critical going low  | Reading 1120 < Threshold 1800 RPM", "Asserted"),
        (0x89, T(2024, 8, 21, 13, 52, 40), "Temperature GPU5_Temp", "Upper Non-critical going high | Reading 88 > Threshold 87 degrees C", "Asserted"),
        (0x8a, T(2024, 8, 21, 14, 1, 3), "Temperature GPU5_Temp", "Upper Critical going high | Reading 91 > Threshold 90 degrees C", "Asserted")])
    files["gpu-r2-04/ipmi_sel.txt"] = ipmi_sel([(0x12, T(2024, 7, 2, 9, 1, 0), "Event Logging Disabled SEL", "Log area reset/cleared", "Asserted")])
    files["squeue.txt"] = "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n           5570213     train  llm-8b  mvasquez R    3:39:55      4 gpu-r2-[01-04]\n"
    return {"name": "bb21_throughput_drops_forty_percent_one_rank_always_slowest", "files": files,
            "label": label("straggler", "infrastructure", "gpu-r2-02", 13, "restart_without_node",
                           "From step 1500 rank 13 is always the slowest; it is gpu-r2-02 GPU 5, which runs at 91 C with HW and SW thermal slowdown active and 1110 MHz clocks, after the BMC logged fan FAN6 below its critical threshold. The 78 C GPU on gpu-r2-04 is not throttling.",
                           "https://github.com/mlfoundations/open_clip/issues/703")}


def ib_port_event(dev, port_state):
    return f"mlx5_core {dev}: mlx5_port_event:{'1153' if port_state == 'DOWN' else '1141'}:(pid 0): Port: 1 state change: {port_state}"


# =============================================================================== bb22
def bb22():
    rng = random.Random(5722)
    hosts = ["gpu-ib-01", "gpu-ib-02", "gpu-ib-03", "gpu-ib-04"]
    ltz = tz(-5)
    t0 = T(2024, 3, 27, 14, 0, 2)
    job = Job(rng, hosts, start=t0, ltz=ltz, script="train.py", nccl="2.19.3", cuda="12.3", torch="2.2.2")
    tc = T(2024, 3, 27, 17, 9, 44, 128000)
    st = 1.52
    files = {}
    nic = ["0000:0c:00.0", "0000:2a:00.0", "0000:41:00.0", "0000:58:00.0", "0000:9a:00.0", "0000:b3:00.0", "0000:c1:00.0", "0000:da:00.0"]
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(70), 1, nsteps(t0 + sec(70), tc, st), st), style="old", config_lines=CFGW(job))
        K = Log()
        K.add(t0 - sec(86400 * 3), "mlx5_core 0000:9a:00.0: firmware version: 28.39.1002")
        cas = [(f"mlx5_{i}", "Active", "LinkUp", 400, "28.39.1002") for i in range(8)]
        if ni == 0:
            tf = t0 - sec(7300)
            K.add(tf, ib_port_event(nic[2], "DOWN"))
            K.add(tf + sec(9.2), ib_port_event(nic[2], "ACTIVE"))
            files[f"{h}/perfquery_mlx5_2.txt"] = perfquery(102, sym=14, ler=1, lpd=1)
        if ni == 2:
            K.add(tc - sec(0.8), f"mlx5_core {nic[4]}: mlx5_port_module_event:1193:(pid 0): Port module event[error]: module 4, Cable error, High Temperature")
            K.add(tc - sec(0.7), ib_port_event(nic[4], "DOWN"))
            cas[4] = ("mlx5_4", "Down", "Polling", 10, "28.39.1002")
            files[f"{h}/perfquery_mlx5_4.txt"] = perfquery(0, sym=4817, ler=255, lpd=1, rcv=912)
            for lr in range(8):
                L.add(tc - sec(0.6), f"{job.pfx(lr)}{h}:{job.pids[2][lr]}:{job.pids[2][lr] + 140} [{lr}] NCCL WARN NET/IB : Got async event : port error")
            p = job.pfx(4)
            L.add(tc, "\n".join([
                f"{p}{h}:{job.pids[2][4]}:{job.pids[2][4] + 131} [4] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {job.ips[1]}<49122> with status=5 opcode=0 len=0 vendor err 249 (Send) localGid ::ffff:{job.ips[2]} remoteGids::ffff:{job.ips[1]}",
                f"{p}{h}:{job.pids[2][4]}:{job.pids[2][4] + 131} [4] NCCL INFO transport/net.cc:1302 -> 6",
                f"{p}[rank20]:[E{f_torch_ts(job.loc(tc + sec(0.3)))} ProcessGroupNCCL.cpp:1316] [PG 0 Rank 20] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3",
                f"{p}ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                f"{p}Last error:",
                f"{p}NET/IB : Got completion from peer {job.ips[1]}<49122> with status=5 opcode=0 len=0 vendor err 249 (Send)"]))
            L.extend(job.agent_lines(2, tc + sec(1), 4, exitcode=-6, style="old"))
            L.add(tc + sec(6), job.child_failed(2, tc + sec(6), [(tc + sec(0.3), 4, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[2][4]}")], 0))
        else:
            abort_all(job, L, ni, tc + sec(1.3 + 0.1 * ni), 2, kind="ib", seq=12907)
        files[f"{h}/ibstat.txt"] = ibstat(cas)
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/syslog.txt"] = render_kernel(K, h, "syslog", ltz=ltz)
    return {"name": "bb22_every_node_reports_ib_completion_errors", "files": files,
            "label": label("network", "infrastructure", "gpu-ib-03", None, "restart_without_node",
                           "Only gpu-ib-03 has local evidence: mlx5_4 cable error and port DOWN seconds before the failure, NCCL 'port error' async events, ibstat Down/Polling and LinkDowned=1. The other nodes just report failed completions to its IP; gpu-ib-01's flap and symbol errors happened two hours before the job.",
                           "https://github.com/NVIDIA/nccl/issues/1405")}


# =============================================================================== bb23
def bb23():
    rng = random.Random(5723)
    hosts = ["ib-n05", "ib-n06", "ib-n07", "ib-n09", "ib-n11", "ib-n12"]
    t0 = T(2024, 11, 18, 20, 30, 1)
    job = Job(rng, hosts, start=t0, script="train.py", nccl="2.21.5")
    tc = T(2024, 11, 19, 0, 52, 16, 480000)
    st = 1.6
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(70), 1, nsteps(t0 + sec(70), tc, st), st, {"every": 25}), config_lines=CFGW(job))
        K = Log()
        K.add(t0 - sec(86400), "mlx5_core 0000:41:00.0: firmware version: 28.39.1002")
        pre = {"sym": 0, "ler": 0, "lpd": 0}
        post = {"sym": 0, "ler": 0, "lpd": 0}
        if h == "ib-n07":
            post = {"sym": 2291, "ler": 0, "lpd": 0}
        if h == "ib-n11":
            post = {"sym": 8832, "ler": 41, "lpd": 3}
            for k, dtt in enumerate([-3100, -1400, -2.1]):
                tt = tc + sec(dtt)
                K.add(tt, "mlx5_core 0000:41:00.0: mlx5_port_event:1153:(pid 0): Port: 1 state change: DOWN")
                if dtt < 0 and k < 2:
                    K.add(tt + sec(7.5), "mlx5_core 0000:41:00.0: mlx5_port_event:1141:(pid 0): Port: 1 state change: ACTIVE")
                    for lr in (2,):
                        L.add(tt + sec(0.2), f"{job.pfx(lr)}{h}:{job.pids[ni][lr]}:{job.pids[ni][lr] + 140} [{lr}] NCCL WARN NET/IB : Got async event : port error")
                        L.add(tt + sec(7.6), f"{job.pfx(lr)}{h}:{job.pids[ni][lr]}:{job.pids[ni][lr] + 140} [{lr}] NCCL WARN NET/IB : Got async event : port active")
            L.add(tc - sec(1.9), f"{job.pfx(2)}{h}:{job.pids[ni][2]}:{job.pids[ni][2] + 140} [2] NCCL WARN NET/IB : Got async event : port error")
            p = job.pfx(2)
            L.add(tc, "\n".join([
                f"{p}{h}:{job.pids[ni][2]}:{job.pids[ni][2] + 131} [2] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {job.ips[3]}<40012> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:{job.ips[ni]} remoteGids::ffff:{job.ips[3]}",
                f"{p}{h}:{job.pids[ni][2]}:{job.pids[ni][2] + 131} [2] NCCL INFO transport/net.cc:1302 -> 6",
                f"{p}[rank{job.g(ni, 2)}]:[E{f_torch_ts(tc + sec(0.3))} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {job.g(ni, 2)}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
                f"{p}terminate called after throwing an instance of 'c10::DistBackendError'"]))
            L.extend(job.agent_lines(ni, tc + sec(1), 2, exitcode=-6))
            L.add(tc + sec(6), job.child_failed(ni, tc + sec(6), [(tc + sec(0.3), 2, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][2]}")], 0))
        else:
            abort_all(job, L, ni, tc + sec(1.4 + 0.1 * ni), 4, kind="ib", seq=9817)
        files[f"{h}/perfquery_prolog.txt"] = perfquery(140 + ni, **pre)
        files[f"{h}/perfquery_epilog.txt"] = perfquery(140 + ni, **post)
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/dmesg.txt"] = render_kernel(K, h, "T")
    topo = {"topology": {"ib-leaf-a": ["ib-n05", "ib-n06", "ib-n07"], "ib-leaf-b": ["ib-n09", "ib-n11", "ib-n12"]}}
    return {"name": "bb23_symbol_errors_rising_on_two_nodes_job_dies_on_one", "files": files, "topology": topo,
            "label": label("network", "infrastructure", "ib-n11", None, "restart_without_node",
                           "Symbol errors climb on both ib-n07 and ib-n11, but only ib-n11's port actually flapped (three DOWN events, LinkDowned 0->3, NCCL port-error async events) and the final drop matches the failure; ib-n07's link never went down and its ranks only report the lost peer.",
                           "https://github.com/NVIDIA/nccl/issues/1664")}


# =============================================================================== bb24
def bb24():
    rng = random.Random(5724)
    hosts = [f"gpu-q-{i:02d}" for i in range(1, 9)]
    t0 = T(2024, 5, 19, 0, 0, 4)
    job = Job(rng, hosts, start=t0, script="train.py", nccl="2.21.5")
    tf = T(2024, 5, 19, 2, 17, 31, 640000)
    st = 1.8
    files = {}
    leaf14 = hosts[:6]
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(70), 1, nsteps(t0 + sec(70), tf, st), st), config_lines=CFGW(job))
        K = Log()
        K.add(t0 - sec(40000), "mlx5_core 0000:0c:00.0: firmware version: 28.39.1002")
        if h in leaf14:
            td = tf + sec(rng.uniform(0, 0.25))
            for i, dev in enumerate(["0000:0c:00.0", "0000:2a:00.0", "0000:41:00.0", "0000:58:00.0", "0000:9a:00.0", "0000:b3:00.0", "0000:c1:00.0", "0000:da:00.0"]):
                K.add(td + sec(0.01 * i), f"mlx5_core {dev}: mlx5_port_event:1153:(pid 0): Port: 1 state change: DOWN")
                K.add(td + sec(212 + 0.3 * i), f"mlx5_core {dev}: mlx5_port_event:1141:(pid 0): Port: 1 state change: ACTIVE")
            for lr in range(8):
                L.add(td + sec(0.05), f"{job.pfx(lr)}{h}:{job.pids[ni][lr]}:{job.pids[ni][lr] + 140} [{lr}] NCCL WARN NET/IB : Got async event : port error")
        abort_all(job, L, ni, tf + sec(rng.uniform(0.4, 1.5)), (ni + 3) % 8, kind="ib", seq=6621)
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/dmesg.txt"] = render_kernel(K, h, "T")
    ufm = [
        "2024-05-19 02:17:29.811 [WARNING] [Switch] ib-leaf-14 (GUID 0xfc6a1c0300e4a280): PSU 2 input power lost",
        "2024-05-19 02:17:31.402 [CRITICAL] [Switch] ib-leaf-14 (GUID 0xfc6a1c0300e4a280): Switch is unreachable (reboot in progress)",
    ]
    for i in range(1, 49):
        ufm.append(f"2024-05-19 02:17:31.{410 + i:03d} [ERROR] [Link] Link went down: (ib-leaf-14 port {i}) <-> (gpu-q-{(i - 1) // 8 + 1:02d} mlx5_{(i - 1) % 8})")
    for i in range(49, 57):
        ufm.append(f"2024-05-19 02:17:31.{410 + i:03d} [ERROR] [Link] Link went down: (ib-leaf-14 port {i}) <-> (ib-spine-0{(i - 49) % 4 + 1} port {14 + (i - 49) // 4})")
    ufm += ["2024-05-19 02:21:03.920 [INFO] [Switch] ib-leaf-14 (GUID 0xfc6a1c0300e4a280): Switch is reachable",
            "2024-05-19 02:21:05.118 [INFO] [Fabric] SM sweep completed: 0 errors, 1 switch re-added"]
    files["ufm_events.log"] = "\n".join(ufm) + "\n"
    topo = {"topology": {"ib-leaf-14": leaf14, "ib-leaf-15": hosts[6:]}}
    return {"name": "bb24_all_ranks_fail_within_two_seconds_with_ib_errors", "files": files, "topology": topo,
            "label": label("network", "infrastructure", None, None, "restart",
                           "Six nodes lose all eight IB ports in the same quarter second and the fabric manager logs leaf switch ib-leaf-14 rebooting after a PSU loss; the two nodes on ib-leaf-15 fail only because their peers vanished. A switch event, not any one node; it came back 3.5 minutes later.",
                           "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html")}


# =============================================================================== bb25
def bb25():
    rng = random.Random(5725)
    hosts = [f"a2-ultragpu-{i}" for i in (1, 2, 3, 4)]
    files = {}
    atts = [(T(2024, 2, 6, 3, 0, 2), 1, T(2024, 2, 6, 4, 48, 10, 91000)),
            (T(2024, 2, 6, 5, 2, 40), 4001, T(2024, 2, 6, 5, 8, 52, 560000))]
    st = 1.47
    for ai, (t0, s0, tc) in enumerate(atts, 1):
        job = Job(rng, hosts, start=t0, script="train.py", nccl="2.18.6", cuda="12.1", torch="2.1.2")
        for ni, h in enumerate(hosts):
            cfg = (["resuming from /gcs-fuse/ckpt/step_4000"] if ai == 2 else []) + CFGW(job)
            L = base_log(job, ni, t0, steps=(t0 + sec(60), s0, s0 + nsteps(t0 + sec(60), tc, st), st), style="old", config_lines=cfg)
            K = Log()
            K.add(t0 - sec(20000 + ai), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023")
            if ni == 2:
                K.add(tc - sec(0.04), xid_line(job.bus[3], 13, job.pids[2][3], "python3", gpc=5, tpc=3, sm=0))
                K.add(tc - sec(0.04), f"NVRM: Xid (PCI:0000:{job.bus[3]}:00): 13, pid={job.pids[2][3]}, name=python3, Graphics Exception: ESR 0x52d648=0x10000e 0x52d650=0x20 0x52d644=0xd3eff2 0x52d64c=0x17f")
                K.add(tc + sec(3.3), xid_line(job.bus[3], 43, job.pids[2][3], "python3", ch=0x10))
                die_one(job, L, 2, 3, tc, "an illegal memory access was encountered", FL_MLP)
            else:
                abort_all(job, L, ni, tc + sec(1.2 + 0.1 * ni), 2, kind="socket", seq=30000 + ai)
            files[f"attempt_{ai}/{h}/train.log"] = L.render()
            files[f"attempt_{ai}/{h}/dmesg.txt"] = render_kernel(K, h, "T")
            if ai == 2:
                fails = {}
                if ni == 2:
                    fails = {"Diagnostic": ("Fail - GPU: 3", ["Error: GPU 3 produced incorrect results during the GEMM stress test (187 mismatching elements out of 67108864); this may indicate a faulty GPU. Run a field diagnostic on the GPU."])}
                files[f"attempt_2/{h}/epilog_dcgmi_diag_r3.txt"] = dcgmi_diag(3, dcgm="3.3.3", driver="535.129.03", dev_id="20b2", fails=fails)
    return {"name": "bb25_illegal_memory_access_in_both_attempts", "files": files,
            "label": label("gpu_hardware", "infrastructure", "a2-ultragpu-3", 19, "restart_without_node",
                           "Both attempts die on rank 19 (a2-ultragpu-3 GPU 3) with an illegal memory access at different steps and data, Xid 13 only on that GPU, and the epilog dcgmi diag -r 3 fails that GPU's GEMM correctness test while the other nodes pass: a hardware fault, not the application.",
                           "https://github.com/NVIDIA/NVSentinel/issues/271")}


def nan_spiral(job, ni, t_first, s0, s_nan, st, L, spike_at):
    out = []
    t = t_first
    loss = 2.41
    for s in range(s0, s_nan + 1):
        t = t + sec(st)
        if s < spike_at:
            loss = max(1.9, loss - 0.00002 + job.rng.uniform(-0.004, 0.004))
            if s % 10 == 0:
                out.append((t, f"{job.pfx(0)}[rank0]: step {s:6d} | loss {loss:.4f} | lr 3.000e-03 | grad_norm {job.rng.uniform(0.7, 1.3):.3f} | loss_scale 65536.0"))
        else:
            k = s - spike_at
            gn = [3.1, 48.2, 911.7, 21044.9, 4.1e6, float('inf')][min(k, 5)]
            lv = [2.62, 3.97, 7.81, 19.44, 104.3, float('nan')][min(k, 5)]
            out.append((t, f"{job.pfx(0)}[rank0]: step {s:6d} | loss {lv:.4f} | lr 3.000e-03 | grad_norm {gn:.3f} | loss_scale 65536.0"))
    L.extend(out)
    return t


# =============================================================================== bb26
def bb26():
    rng = random.Random(5726)
    files = {}
    sets = [["gpu-c-101", "gpu-c-102", "gpu-c-103", "gpu-c-104"], ["gpu-c-101", "gpu-c-102", "gpu-c-104", "gpu-c-105"]]
    atts = [(T(2024, 10, 9, 7, 0, 3), 1), (T(2024, 10, 9, 8, 41, 20), 3001)]
    st = 1.71
    s_nan = 3271
    cfg = ["args: model=llama-3b seq_len=2048 micro_bs=8 lr=3e-3 warmup_steps=0 lr_schedule=constant grad_clip=none fp16=True",
           "data: /datasets/fineweb-edu/shards seed=1234 (deterministic order)"]
    for ai, ((t0, s0), hosts) in enumerate(zip(atts, sets), 1):
        job = Job(rng, hosts, start=t0, script="train.py", nccl="2.21.5")
        tfirst = t0 + sec(60)
        for ni, h in enumerate(hosts):
            c = (["resuming from checkpoint step_3000"] if ai == 2 else []) + cfg + [f"world_size={job.world}"]
            L = base_log(job, ni, t0, config_lines=c)
            if ni == 0:
                tn = nan_spiral(job, ni, tfirst, s0, s_nan, st, L, s_nan - 5)
            else:
                tn = tfirst + sec((s_nan - s0 + 1) * st)
            for lr in range(8):
                g = job.g(ni, lr)
                tt = tn + sec(0.05 + 0.002 * g)
                L.add(tt, "\n".join(f"{job.pfx(lr)}[rank{g}]: {x}" for x in [
                    "Traceback (most recent call last):",
                    '  File "/workspace/train.py", line 512, in <module>',
                    "    main()",
                    '  File "/workspace/train.py", line 480, in main',
                    "    check_finite(loss, step)",
                    '  File "/workspace/utils/guards.py", line 22, in check_finite',
                    '    raise FloatingPointError(f"Non-finite loss ({loss.item()}) at step {step}; aborting")',
                    f"FloatingPointError: Non-finite loss (nan) at step {s_nan}; aborting"]))
            L.extend(job.agent_lines(ni, tn + sec(0.8), 0, exitcode=1, sigterm=False))
            L.add(tn + sec(3), job.child_failed(ni, tn + sec(3), [(tn + sec(0.05 + 0.002 * job.g(ni, lr)), lr, 1, "[See inner exception above]") for lr in range(8)], 0))
            files[f"attempt_{ai}/{h}/train.log"] = L.render()
            if ai == 2:
                files[f"attempt_2/{h}/prolog_dcgmi_diag_r1.txt"] = dcgmi_diag(1, dcgm="3.3.7", driver="550.90.07")
    K = Log()
    tx = T(2024, 10, 7, 2, 44, 51)
    K.add(tx, xid_line("9a", 92, 441020, "python"))
    K.add(tx + sec(3600 * 4), xid_line("9a", 92, 441020, "python"))
    K.add(T(2024, 10, 9, 6, 58, 40), "NVRM: GPU at PCI:0000:9a:00: GPU-a1f3e2c4-5b6d-7e8f-9012-3456789abcde")
    files["attempt_1/gpu-c-103/journal_kernel.txt"] = render_kernel(K, "gpu-c-103", "iso")
    files["notes_from_user.txt"] = "first run died at 3271 with nan. excluded gpu-c-103 (it had xid 92 in its history) and resumed from step_3000 on a new node. died again at 3271.\n"
    return {"name": "bb26_nan_loss_at_step_3271_in_both_attempts", "files": files,
            "label": label("numerical", "script", None, None, "stop",
                           "Loss and grad-norm blow up over the same five steps and go NaN at step 3271 in both attempts, on every rank at once, even after gpu-c-103 was swapped out; with deterministic data order and lr=3e-3, no warmup and no clipping this is the recipe. The Xid 92 on gpu-c-103 is two days old and dcgmi diag passes.",
                           "https://github.com/facebookresearch/maskrcnn-benchmark/issues/295")}


# =============================================================================== bb27
def bb27():
    rng = random.Random(5727)
    hosts = [f"sdc-{i:02d}" for i in range(3, 9)]
    files = {}
    atts = [(T(2025, 5, 12, 9, 0, 1), 1, 812), (T(2025, 5, 12, 9, 40, 30), 501, 2930)]
    st = 1.38
    for ai, (t0, s0, s_bad) in enumerate(atts, 1):
        job = Job(rng, hosts, start=t0, script="train.py", nccl="2.23.4", cuda="12.6", torch="2.5.1")
        tf = t0 + sec(60 + (s_bad - s0 + 1) * st)
        for ni, h in enumerate(hosts):
            cfg = (["resuming from checkpoint step_500 (data order reshuffled: seed=1000+attempt)"] if ai == 2 else []) + \
                  ["args: model=llama-8b seq_len=4096 lr=3e-4 warmup=2000 grad_clip=1.0 bf16=True check_local_loss=True", f"world_size={job.world}"]
            L = base_log(job, ni, t0, steps=(t0 + sec(60), s0, s_bad - 1, st), config_lines=cfg)
            if ni == 4:
                g = job.g(4, 5)
                L.add(tf, "\n".join(f"{job.pfx(5)}[rank{g}]: {x}" for x in [
                    f"WARNING non-finite local loss (nan) at step {s_bad} micro-batch {rng.randint(0, 3)} before all-reduce; input stats: tokens=32768 max_id=127998 (finite), logits absmax=inf",
                    "Traceback (most recent call last):",
                    '  File "/workspace/train.py", line 540, in <module>',
                    "    main()",
                    '  File "/workspace/train.py", line 497, in main',
                    "    guard_local_loss(loss, step)",
                    '  File "/workspace/utils/guards.py", line 41, in guard_local_loss',
                    '    raise FloatingPointError(f"rank {rank}: non-finite local loss at step {step}")',
                    f"FloatingPointError: rank {g}: non-finite local loss at step {s_bad}"]))
                L.extend(job.agent_lines(4, tf + sec(0.6), 5, exitcode=1))
                L.add(tf + sec(6), job.child_failed(4, tf + sec(6), [(tf, 5, 1, "[See inner exception above]")], 0))
            else:
                abort_all(job, L, ni, tf + sec(1.5 + 0.1 * ni), 4, kind="ib", seq=s_bad * 6)
            if ni == 0:
                L.add(tf - sec(st), f"{job.pfx(0)}[rank0]: step {s_bad - 1:6d}: all-reduced loss finite on all {job.world} ranks")
            files[f"attempt_{ai}/{h}/train.log"] = L.render()
    for ni, h in enumerate(hosts):
        fails = {}
        if ni == 4:
            fails = {"Diagnostic": ("Fail - GPU: 5", ["Error: GPU 5 produced incorrect results during the GEMM stress test (4 mismatching elements out of 67108864); this may indicate a faulty GPU."])}
        files[f"attempt_2/{h}/epilog_dcgmi_diag_r3.txt"] = dcgmi_diag(3, dcgm="3.3.9", driver="565.57.01", fails=fails)
    files["attempt_2/sdc-07/nvidia-smi-q.txt"] = nvsmi_q(T(2025, 5, 12, 10, 45, 0), "565.57.01", "12.7", gpus(rng, ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]))
    return {"name": "bb27_nan_on_one_rank_only_in_both_attempts", "files": files,
            "label": label("gpu_hardware", "infrastructure", "sdc-07", 37, "restart_without_node",
                           "Only rank 37 (sdc-07 GPU 5) ever produces a non-finite local loss, at different steps with reshuffled data in both attempts, and dcgmi diag -r 3 finds wrong GEMM results on exactly that GPU with no ECC errors: silent data corruption on one GPU, not the recipe.",
                           "https://arxiv.org/abs/2102.11245")}


# =============================================================================== bb28
def bb28():
    rng = random.Random(5728)
    hosts = ["r7-gpu-01", "r7-gpu-02", "r7-gpu-03", "r7-gpu-04"]
    ltz = tz(3)
    t0 = T(2024, 12, 16, 5, 0, 2)
    job = Job(rng, hosts, start=t0, ltz=ltz, script="train.py", nccl="2.21.5")
    th = T(2024, 12, 16, 9, 26, 40, 300000)
    st = 1.34
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(70), 1, nsteps(t0 + sec(70), th, st), st), config_lines=CFGW(job))
        K = Log()
        K.add(t0 - sec(86400 * 5), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Tue Oct  8 03:12:41 UTC 2024")
        if ni == 1:
            K.add(th - sec(0.9), xid_line("2a", 62, job.pids[1][1], "python3", a=0x2c9f, b=0x1f17))
            K.add(th - sec(0.9), "NVRM: GPU at PCI:0000:2a:00: GPU-5e0c1d7a-93b2-4c6e-8a15-0f2d9e7b3c48")
            K.add(th - sec(0.9), "NVRM: GPU Board Serial Number: 1654123019877")
            K.add(th - sec(0.8), "NVRM: Xid (PCI:0000:2a:00): 62, pid=" + str(job.pids[1][1]) + ", name=python3, 0000(0000) 00000000 00000000")
        if ni == 3:
            t61 = t0 - sec(3 * 86400 + 4000)
            K.add(t61, xid_line("9a", 61, 301877, "python3", a=0x2f88))
            K.add(t61 + sec(0.2), xid_line("9a", 61, 301877, "python3", a=0x2f88))
        tw = th + sec(600.2)
        for lr in range(8):
            L.add(tw + sec(0.01 * lr + 0.03 * ni), job.watchdog_timeout(ni, lr, tw + sec(0.01 * lr + 0.03 * ni), seq=47311))
        L.extend(job.agent_lines(ni, tw + sec(1.4), 0, exitcode=-6))
        L.add(tw + sec(6), job.child_failed(ni, tw + sec(6), [(tw + sec(0.3 + 0.01 * lr), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][lr]}") for lr in range(8)], 0))
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/journal_kernel.txt"] = render_kernel(K, h, "iso", ltz=ltz)
    return {"name": "bb28_every_rank_watchdog_timeout_no_crash_before", "files": files,
            "label": label("gpu_hardware", "infrastructure", "r7-gpu-02", 9, "restart_without_node",
                           "All 32 ranks time out together, and the only local evidence is on r7-gpu-02: an internal micro-controller halt (Xid 62) on GPU 0000:2a (local rank 1 = rank 9) ten minutes before the timeouts. The Xid 61 warnings on r7-gpu-04 are three days old, from another job.",
                           "https://github.com/leptonai/gpud/pull/100")}


# =============================================================================== bb29
def bb29():
    rng = random.Random(5729)
    pods = ["llama-ft-master-0", "llama-ft-worker-0", "llama-ft-worker-1", "llama-ft-worker-2"]
    knodes = ["gke-a3-pool-1-7f2c9d-4m2p", "gke-a3-pool-1-7f2c9d-9tqz", "gke-a3-pool-1-7f2c9d-x8kq", "gke-a3-pool-1-7f2c9d-b1wd"]
    t0 = T(2025, 7, 2, 11, 3, 8)
    job = Job(rng, pods, start=t0, script="finetune.py", nccl="2.23.4", cuda="12.6", torch="2.6.0")
    tc = T(2025, 7, 2, 13, 47, 2, 811000)
    st = 0.97
    files = {}
    for ni, p in enumerate(pods):
        L = base_log(job, ni, t0, steps=(t0 + sec(90), 1, nsteps(t0 + sec(90), tc, st), st, {"every": 50}),
                     config_lines=["args: model=llama-3.1-8b task=sft lora=False fsdp=FULL_SHARD lr=1e-5", f"world_size={job.world}"])
        if ni == 2:
            K = Log()
            K.add(tc - sec(0.3), xid_line("9a", 140, job.pids[2][4], "python3"))
            K.add(tc - sec(0.29), xid_line("9a", 154, act=1, actname="GPU Reset Required"))
            die_one(job, L, 2, 4, tc, "uncorrectable ECC error encountered", FL_ATTN)
            files[f"{p}/node-{knodes[2]}-journal.txt"] = render_kernel(K, knodes[2], "iso")
            g = gpus(rng, job.bus, {4: {"ecc": {"v_dram_u": 3, "a_dram_u": 3}, "reset_req": "Yes", "recovery": "GPU Reset",
                                        "remap": {"u": 0, "pending": "No", "fail": "No"}}})
            files[f"{p}/nvidia-smi-q-from-driver-pod.txt"] = nvsmi_q(tc + sec(600), "570.133.20", "12.8", g)
        else:
            abort_all(job, L, ni, tc + sec(1.1 + 0.1 * ni), 2, kind="socket", seq=9940)
        files[f"{p}/pod.log"] = L.render()
        state = "Terminated" if ni != 2 else "Terminated"
        ec = 1
        files[f"{p}/describe.txt"] = "\n".join([
            f"Name:             {p}", "Namespace:        ml-team", f"Node:             {knodes[ni]}/10.128.0.{31 + ni}",
            f"Start Time:       {t0 - sec(40):%a, %d %b %Y %H:%M:%S} +0000", "Labels:           training.kubeflow.org/job-name=llama-ft",
            f"                  training.kubeflow.org/replica-index={0 if ni == 0 else ni - 1}",
            f"                  training.kubeflow.org/replica-type={'master' if ni == 0 else 'worker'}",
            "Status:           Failed", "Containers:", "  pytorch:", "    Image:          us-docker.pkg.dev/ml-team/train/llama-ft:2025.06.30",
            f"    State:          {state}", "      Reason:       Error", f"      Exit Code:    {ec}",
            f"      Started:      {t0:%a, %d %b %Y %H:%M:%S} +0000", f"      Finished:     {tc + sec(9):%a, %d %b %Y %H:%M:%S} +0000",
            "    Ready:          False", "    Restart Count:  0", "    Limits:", "      nvidia.com/gpu:  8", "Events:",
            "  Type     Reason     Age   From     Message", "  ----     ------     ----  ----     -------",
            "  Normal   Pulled     165m  kubelet  Container image \"us-docker.pkg.dev/ml-team/train/llama-ft:2025.06.30\" already present on machine",
            "  Normal   Started    165m  kubelet  Started container pytorch", ""])
    files["kubectl_get_events.txt"] = "\n".join([
        "LAST SEEN   TYPE      REASON                    OBJECT                         MESSAGE",
        "12m         Warning   PyTorchJobFailed          pytorchjob/llama-ft            PyTorchJob ml-team/llama-ft is failed because 1 Worker replica(s) failed.",
        "12m         Normal    SuccessfulDeletePod       pytorchjob/llama-ft            Deleted pod: llama-ft-worker-0",
        "3h2m        Warning   FailedScheduling          pod/llama-ft-worker-2          0/12 nodes are available: 4 Insufficient nvidia.com/gpu, 8 node(s) didn't match pod's node affinity/selector.",
        "3h1m        Normal    Scheduled                 pod/llama-ft-worker-2          Successfully assigned ml-team/llama-ft-worker-2 to gke-a3-pool-1-7f2c9d-b1wd", ""])
    return {"name": "bb29_pytorchjob_failed_one_worker_replica", "files": files,
            "label": label("gpu_memory", "infrastructure", "llama-ft-worker-1", 20, "restart_without_node",
                           "The node under llama-ft-worker-1 logs Xid 140 (uncorrectable ECC error that could not be offlined or remapped) on GPU 0000:9a, local rank 4 = rank 20, with a GPU reset required; the other pods only see the peer disappear. The FailedScheduling warning is from job start.",
                           "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html")}


# =============================================================================== bb30
def bb30():
    rng = random.Random(5730)
    hosts = [f"gb200-r03-t{i:02d}" for i in range(1, 7)]
    buses = ["0008:01:00", "0009:01:00", "0018:01:00", "0019:01:00"]
    ltz = tz(-7)
    t0 = T(2025, 8, 11, 15, 0, 3)
    job = Job(rng, hosts, gpn=4, start=t0, ltz=ltz, script="train.py", nccl="2.26.5", cuda="12.8", torch="2.7.1",
              bus_ids=["0008:01", "0009:01", "0018:01", "0019:01"], hca=["mlx5_0", "mlx5_1", "mlx5_3", "mlx5_4"])
    tc = T(2025, 8, 11, 19, 12, 55, 402000)
    st = 2.1
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(80), 1, nsteps(t0 + sec(80), tc, st), st, {"every": 20}),
                     config_lines=["args: model=moe-236b ep=8 tp=4 pp=1 MNNVL=1 NCCL_NVLS_ENABLE=1", f"world_size={job.world}"])
        K = Log()
        K.add(t0 - sec(86400 * 2), "NVRM: loading NVIDIA UNIX Open Kernel Module for aarch64  570.148.08  Release Build  (dvs-builder@U22-I3-AE18-23-3)")
        if ni == 1:
            tn = tc - sec(3 * 3600 + 1200)
            K.add(tn, f"NVRM: Xid (PCI:{buses[2]}): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 13 (0x0409a0c2 0x00000008 0x00000001 0x00000000 0x00100000 0x00000004)")
        if ni == 4:
            for i, b in enumerate(buses):
                K.add(tc - sec(0.4) + sec(0.002 * i), f"NVRM: Xid (PCI:{b}): 149, NETIR_LINK_EVT Fatal XC0 i0 Link 00 (0x025001c6 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000)")
            K.add(tc - sec(0.35), f"NVRM: Xid (PCI:{buses[0]}): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)")
            for i, b in enumerate(buses):
                for c in range(1, 4):
                    K.add(tc + sec(0.1 + 0.01 * c + 0.05 * i), f"NVRM: Xid (PCI:{b}): 45, pid={job.pids[4][i]}, name=python3, Ch {c:08x} caused by previous Xid 149")
            for lr in range(4):
                tt = tc + sec(0.02 * lr)
                L.add(tt, job.cuda_error(4, lr, tt, "uncorrectable NVLink error was detected during the execution",
                                         file_line=('/usr/local/lib/python3.12/site-packages/torch/distributed/distributed_c10d.py", line 4631, in all_to_all_single',
                                                    "work = group.alltoall_base(output, input, output_split_sizes, input_split_sizes, opts)")))
            L.extend(job.agent_lines(4, tc + sec(0.7), 0, exitcode=1))
            L.add(tc + sec(6), job.child_failed(4, tc + sec(6), [(tc + sec(0.02 * lr), lr, 1, "[See inner exception above]") for lr in range(4)], 0))
        else:
            tw = tc + sec(600.4 + 0.02 * ni)
            for lr in range(4):
                L.add(tw + sec(0.01 * lr), job.watchdog_timeout(ni, lr, tw + sec(0.01 * lr), op="ALLTOALL_BASE", numel=50331648, seq=88217))
            L.extend(job.agent_lines(ni, tw + sec(1.3), 0, exitcode=-6))
            L.add(tw + sec(6), job.child_failed(ni, tw + sec(6), [(tw + sec(0.3 + 0.01 * lr), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][lr]}") for lr in range(4)], 0))
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/journal_kernel.txt"] = render_kernel(K, h, "iso", ltz=ltz)
    files["slurm-918820.out"] = slurm_tail(918820, 0, hosts, tc, 1) + "\n"
    return {"name": "bb30_alltoall_hangs_on_most_trays_one_tray_errors", "files": files,
            "label": label("nvlink", "infrastructure", "gb200-r03-t05", None, "restart_without_node",
                           "Tray gb200-r03-t05 logs a fatal NVLink NETIR link event (Xid 149) on all four of its GPUs with a Node Reboot Required recovery action, and its ranks fail at once with an uncorrectable NVLink error; the other trays only hang until the watchdog. The non-fatal Xid 145 on t02 is three hours older and harmless.",
                           "https://github.com/leptonai/gpud/pull/1160")}


CASES = [bb21, bb22, bb23, bb24, bb25, bb26, bb27, bb28, bb29, bb30]
