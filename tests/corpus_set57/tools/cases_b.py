"""Cases bb11-bb20."""
from __future__ import annotations

import random

from kit import (Job, Log, T, UTC, base_log, dcgmi_diag, f_glog, f_iso, f_py, f_torch_ts, gpus, ibstat,
                 ipmi_sel, node_info, nvsmi_q, perfquery, render_kernel, sacct, sec, slurm_tail, tz, xid_line)
from cases_a import CFG, label, nsteps


def abort_all(job, L, ni, te, peer, kind="ib", seq=50000):
    for lr in range(job.gpn):
        L.add(te + sec(0.01 * lr), job.nccl_remote_error(ni, lr, te, peer, kind=kind, seq=seq))
    L.extend(job.agent_lines(ni, te + sec(1), 0, exitcode=-6))
    L.add(te + sec(5), job.child_failed(ni, te + sec(5), [(te + sec(0.3 + 0.01 * lr), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][lr]}") for lr in range(job.gpn)], 0))


def die_one(job, L, ni, lr, tc, msg, fl, ec=1):
    L.add(tc, job.cuda_error(ni, lr, tc, msg, file_line=fl))
    L.extend(job.agent_lines(ni, tc + sec(0.7), lr, exitcode=ec))
    L.add(tc + sec(6), job.child_failed(ni, tc + sec(6), [(tc, lr, ec, "[See inner exception above]")], 0))


FL_ATTN = ('/workspace/model/attention.py", line 207, in forward',
           "attn = flash_attn_varlen_func(q, k, v, cu_seqlens, cu_seqlens, max_len, max_len, causal=True)")
FL_MLP = ('/workspace/model/mlp.py", line 61, in forward', "return self.down(F.silu(self.gate(x)) * self.up(x))")


# =============================================================================== bb11
def bb11():
    rng = random.Random(5711)
    hosts = [f"node-gpu-{i}" for i in (21, 22, 23, 24)]
    ltz = tz(1)
    files = {}
    atts = [(T(2025, 1, 20, 8, 0, 4), 1, T(2025, 1, 20, 12, 31, 44, 250000), "48_63"),
            (T(2025, 1, 20, 12, 36, 40), 6001, T(2025, 1, 20, 13, 5, 9, 610000), "48_64")]
    st = 1.55
    for ai, (t0, s0, tc, kind) in enumerate(atts, 1):
        job = Job(rng, hosts, start=t0, ltz=ltz, script="train.py", nccl="2.21.5")
        for ni, h in enumerate(hosts):
            cfg = (["resuming from checkpoint step_6000"] if ai == 2 else []) + CFG
            L = base_log(job, ni, t0, steps=(t0 + sec(90), s0, s0 + nsteps(t0 + sec(90), tc, st), st, {"every": 20}), config_lines=[c.format(w=job.world) for c in cfg])
            K = Log()
            K.add(t0 - sec(7200 + 3 * ai), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Tue Oct  8 03:12:41 UTC 2024")
            if ni == 2:
                K.add(tc - sec(0.2), xid_line("2a", 48, job.pids[2][1], "python3", part=3 if ai == 1 else 5, sub=1))
                if kind == "48_63":
                    K.add(tc - sec(0.19), xid_line("2a", 63, job.pids[2][1], "python3", row=0x3be10))
                else:
                    K.add(tc - sec(0.19), xid_line("2a", 64, job.pids[2][1], "python3", row=0x3be4c, bank=11))
                die_one(job, L, 2, 1, tc, "uncorrectable ECC error encountered", FL_MLP)
                if ai == 2:
                    g = gpus(rng, job.bus, {1: {"ecc": {"v_dram_u": 1, "a_dram_u": 9}, "reset_req": "Yes",
                                                "remap": {"u": 8, "pending": "No", "fail": "Yes", "max": 631, "high": 8, "none": 1}}})
                    files[f"attempt_2/{h}/nvidia-smi-q.txt"] = nvsmi_q(job.loc(tc + sec(300)), "550.127.05", "12.4", g)
            else:
                abort_all(job, L, ni, tc + sec(1.4 + 0.2 * ni), 2, seq=41000 + ai)
            files[f"attempt_{ai}/{h}/train.log"] = L.render()
            files[f"attempt_{ai}/{h}/journal_kernel.txt"] = render_kernel(K, h, "iso", ltz=ltz)
    files["sacct.txt"] = sacct([
        ("993410", "pt-llm", "h100", "REQUEUED", "1:0", "2025-01-20T09:00:01", "2025-01-20T13:31:58", "node-gpu-[21-24]"),
        ("993410", "pt-llm", "h100", "FAILED", "1:0", "2025-01-20T13:36:37", "2025-01-20T14:05:22", "node-gpu-[21-24]")])
    return {"name": "bb11_same_rank_crashes_in_both_attempts", "files": files,
            "label": label("gpu_memory", "infrastructure", "node-gpu-23", 17, "restart_without_node",
                           "Both attempts die on rank 17 = node-gpu-23 GPU 0000:2a: a double-bit ECC error (Xid 48) each time, and in the second attempt the row remapper fails (Xid 64, Remapping Failure Occurred: Yes). The requeue on the same nodes reproduced it; this GPU needs to be taken out.",
                           "https://github.com/awslabs/awsome-distributed-ai/pull/1190")}


def nvlink_e(rng, gpu_names_uuids, bad=None, counters=None):
    """nvidia-smi nvlink -e; bad: dict (gpu, link) -> (replay, recovery, crc)."""
    out = []
    for i, (name, uid) in enumerate(gpu_names_uuids):
        out.append(f"GPU {i}: {name} (UUID: {uid})")
        for l in range(18):
            r, rc, c = (bad or {}).get((i, l), (0, 0, 0))
            out += [f"\t Link {l}: Replay Errors: {r}", f"\t Link {l}: Recovery Errors: {rc}", f"\t Link {l}: CRC Errors: {c}"]
    return "\n".join(out) + "\n"


# =============================================================================== bb12
def bb12():
    rng = random.Random(5712)
    hosts = ["dgx-b-01", "dgx-b-02", "dgx-b-03", "dgx-b-04"]
    t0 = T(2024, 4, 9, 22, 5, 0)
    job = Job(rng, hosts, start=t0, script="train.py", nccl="2.19.3", cuda="12.3", torch="2.2.2")
    tc = T(2024, 4, 10, 1, 17, 52, 804000)
    st = 1.33
    files = {}
    uu = {h: [("NVIDIA H100 80GB HBM3", f"GPU-{rng.getrandbits(32):08x}-{rng.getrandbits(16):04x}-{rng.getrandbits(16):04x}-{rng.getrandbits(16):04x}-{rng.getrandbits(48):012x}") for _ in range(8)] for h in hosts}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(60), 1, nsteps(t0 + sec(60), tc, st), st), style="old", config_lines=[c.format(w=job.world) for c in CFG])
        K = Log()
        K.add(t0 - sec(50000), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Tue Mar  5 22:42:18 UTC 2024")
        if ni == 2:
            K.add(tc - sec(0.35), xid_line("3a", 74, job.pids[2][2], "python3", link=7, r0=0x10000))
            K.add(tc - sec(0.34), xid_line("3a", 74, job.pids[2][2], "python3", link=7, r0=0x100))
            die_one(job, L, 2, 2, tc, "uncorrectable NVLink error was detected during the execution", FL_ATTN)
            L.add(tc + sec(0.2), f"{job.pfx(3)}{h}:{job.pids[2][3]}:{job.pids[2][3] + 131} [3] enqueue.cc:1541 NCCL WARN Cuda failure 'uncorrectable NVLink error was detected during the execution'")
            files[f"{h}/nvlink_errors_prolog.txt"] = nvlink_e(rng, uu[h])
            files[f"{h}/nvlink_errors_epilog.txt"] = nvlink_e(rng, uu[h], {(2, 7): (4211, 3, 18734), (3, 11): (2, 0, 0)})
        else:
            abort_all(job, L, ni, tc + sec(1.2 + 0.1 * ni), 2, kind="ib", seq=8848)
            files[f"{h}/nvlink_errors_epilog.txt"] = nvlink_e(rng, uu[h], {(5, 3): (12, 0, 0)} if ni == 3 else None)
            if ni == 3:
                files[f"{h}/nvlink_errors_prolog.txt"] = nvlink_e(rng, uu[h], {(5, 3): (12, 0, 0)})
        if ni == 0:
            files[f"{h}/perfquery_mlx5_3.txt"] = perfquery(117, sym=3, ler=0, lpd=0, rcv=0)
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/dmesg.txt"] = render_kernel(K, h, "T")
    return {"name": "bb12_peers_report_closed_connection_to_one_node", "files": files,
            "label": label("nvlink", "infrastructure", "dgx-b-03", 18, "restart_without_node",
                           "dgx-b-03 logs fatal NVLink errors (Xid 74) on GPU 0000:3a link 7 and rank 18 dies with an uncorrectable NVLink error; CRC/replay counters on that link jump between prolog and epilog. The others only report the lost peer; the static replay count on dgx-b-04 and 3 symbol errors on dgx-b-01 were there before the job.",
                           "https://github.com/NVIDIA/NVSentinel/issues/364")}


# =============================================================================== bb13
def bb13():
    rng = random.Random(5713)
    hosts = ["hgx-h100-101", "hgx-h100-102", "hgx-h100-103", "hgx-h100-104"]
    ltz = tz(-5)
    t0 = T(2025, 3, 4, 23, 0, 7)
    job = Job(rng, hosts, start=t0, ltz=ltz, script="train.py", nccl="2.23.4", cuda="12.6", torch="2.5.1")
    tc = T(2025, 3, 5, 2, 14, 7, 330000)
    st = 1.62
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(60), 1, nsteps(t0 + sec(60), tc, st), st), config_lines=[c.format(w=job.world) for c in CFG])
        K = Log()
        K.add(t0 - sec(90000), "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000")
        fm = [f"[{job.loc(t0 - sec(89900)):%b %d %Y %H:%M:%S}] [INFO] [tid 3601] Fabric Manager version 550.127.05 is running with the following configuration options",
              f"[{job.loc(t0 - sec(89880)):%b %d %Y %H:%M:%S}] [INFO] [tid 3601] Successfully configured all the available NVSwitches to route GPU NVLink traffic. NVLink Peer-to-Peer support will be enabled once the GPUs are successfully registered with the NVLink fabric."]
        if ni == 3:
            tn = t0 - sec(2 * 86400 + 3100)
            K.add(tn, "nvidia-nvswitch0: SXid (PCI:0000:05:00.0): 12028, Non-fatal, Link 08 egress non-posted PRIV error (First)")
            K.add(tn, "nvidia-nvswitch0: SXid (PCI:0000:05:00.0): 12028, Severity 0 Engine instance 08 Sub-engine instance 00")
            K.add(tn, "nvidia-nvswitch0: SXid (PCI:0000:05:00.0): 12028, Data {0x00000002, 0x00000002, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}")
        if ni == 1:
            ts = tc - sec(0.6)
            K.add(ts, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Fatal, Link 46 LTSSM Fault Up")
            K.add(ts, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Severity 1 Engine instance 46 Sub-engine instance 00")
            K.add(ts, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Data {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}")
            for lr in range(8):
                K.add(tc - sec(0.3) + sec(0.01 * lr), xid_line(job.bus[lr], 74, job.pids[1][lr], "python3", link=rng.choice([4, 9, 13, 16]), r0=0x10000))
            fm += [f"[{job.loc(ts):%b %d %Y %H:%M:%S}] [ERROR] [tid 3612] detected NVSwitch fatal error 20034 on fid 0 on NVSwitch pci bus id 00000000:07:00.0 physical id 2 port 46",
                   f"[{job.loc(ts):%b %d %Y %H:%M:%S}] [ERROR] [tid 3612] NVSwitch fatal error detected. The NVSwitch and the GPUs connected to it need a reset.",
                   f"[{job.loc(ts + sec(1)):%b %d %Y %H:%M:%S}] [ERROR] [tid 3612] a fatal error occurred on NVSwitch port(s) 46 on NVSwitch pci bus id 00000000:07:00.0, all the GPUs on this node are degraded"]
            for lr in range(8):
                tt = tc + sec(0.05 * lr)
                L.add(tt, job.cuda_error(1, lr, tt, "uncorrectable NVLink error was detected during the execution",
                                         file_line=('/usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 2501, in all_reduce',
                                                    "work = group.allreduce([tensor], opts)")))
            L.extend(job.agent_lines(1, tc + sec(0.8), 0, exitcode=1))
            L.add(tc + sec(6), job.child_failed(1, tc + sec(6), [(tc + sec(0.05 * lr), lr, 1, "[See inner exception above]") for lr in range(8)], 0))
        else:
            abort_all(job, L, ni, tc + sec(1.5 + 0.1 * ni), 1, kind="ib", seq=71180)
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/dmesg.txt"] = render_kernel(K, h, "T", ltz=ltz)
        files[f"{h}/fabricmanager.log"] = "\n".join(fm) + "\n"
    return {"name": "bb13_eight_ranks_of_one_node_fail_at_once", "files": files,
            "label": label("nvlink", "infrastructure", "hgx-h100-102", None, "restart_without_node",
                           "A fatal NVSwitch error (SXid 20034, LTSSM fault on port 46) on hgx-h100-102, confirmed by its fabric manager, takes all eight GPUs of that node down together; the non-fatal SXid on hgx-h100-104 is two days old.",
                           "https://github.com/NVIDIA/nccl/issues/1562")}


# =============================================================================== bb14
def bb14():
    rng = random.Random(5714)
    hosts = ["gpu-p5-05", "gpu-p5-06", "gpu-p5-07", "gpu-p5-08"]
    t0 = T(2025, 4, 22, 8, 2, 11)
    job = Job(rng, hosts, start=t0, script="train.py", nccl="2.21.5", torch="2.4.1")
    files = {}
    for ni, h in enumerate(hosts):
        L = Log()
        from kit import launcher_header
        L.extend(launcher_header(job, ni, t0))
        if ni == 2:
            for lr in range(8):
                tt = t0 + sec(14.2 + 0.03 * lr)
                p, g = job.pfx(lr), job.g(2, lr)
                L.add(tt, "\n".join(f"{p}[rank{g}]: {x}" for x in [
                    "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)",
                    "  return torch._C._cuda_getDeviceCount() > 0",
                    "Traceback (most recent call last):",
                    '  File "/workspace/train.py", line 702, in <module>',
                    "    main()",
                    '  File "/workspace/train.py", line 590, in main',
                    "    torch.cuda.set_device(local_rank)",
                    '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 420, in set_device',
                    "    torch._C._cuda_setDevice(device)",
                    '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 314, in _lazy_init',
                    "    torch._C._cuda_init()",
                    "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized"]))
            L.extend(job.agent_lines(2, t0 + sec(15.1), 0, exitcode=1))
            L.add(t0 + sec(20), job.child_failed(2, t0 + sec(20), [(t0 + sec(14.2 + 0.03 * lr), lr, 1, "[See inner exception above]") for lr in range(8)], 0))
        else:
            tt = t0 + sec(1801.4)
            if ni == 0:
                L.add(tt, "\n".join(f"{job.pfx(0)}[rank0]: {x}" for x in [
                    "Traceback (most recent call last):",
                    '  File "/workspace/train.py", line 702, in <module>',
                    "    main()",
                    '  File "/workspace/train.py", line 593, in main',
                    '    dist.init_process_group("nccl", timeout=timedelta(minutes=30))',
                    '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py", line 189, in _create_c10d_store',
                    "    return TCPStore(",
                    "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined."]))
                L.extend(job.agent_lines(0, tt + sec(0.5), 0, exitcode=1))
                L.add(tt + sec(6), job.child_failed(0, tt + sec(6), [(tt, 0, 1, "[See inner exception above]")], 0))
            else:
                for lr in range(8):
                    L.add(tt + sec(0.3), "\n".join(f"{job.pfx(lr)}[rank{job.g(ni, lr)}]: {x}" for x in [
                        "torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?"]))
                L.extend(job.agent_lines(ni, tt + sec(1), 0, exitcode=1))
                L.add(tt + sec(6), job.child_failed(ni, tt + sec(6), [(tt + sec(0.3), lr, 1, "[See inner exception above]") for lr in range(8)], 0))
        files[f"{h}/train.log"] = L.render()
    # journald of the bad node: reboot earlier this morning, fabric manager failed to come up
    tb = T(2025, 4, 22, 7, 41, 3)
    j = [f"{f_iso(tb + sec(s))} gpu-p5-07 {m}" for s, m in [
        (0, "kernel: Linux version 5.15.0-1066-aws (buildd@lcy02-amd64-012) #72~20.04.1-Ubuntu SMP"),
        (22, "kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
        (25, "kernel: nvidia-nvswitch: Probing device 0000:07:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000"),
        (128, "systemd[1]: Starting NVIDIA fabric manager service..."),
        (131, "nv-fabricmanager[2211]: Connected to 1 node."),
        (149, "nv-fabricmanager[2211]: NVLink training failed for NVSwitch 00000000:07:00.0 port 17 connected to GPU physical id 5 (00000000:ab:00.0) link 12"),
        (149, "nv-fabricmanager[2211]: failed to train/configure NVLink connections, fabric manager is exiting"),
        (150, "systemd[1]: nvidia-fabricmanager.service: Main process exited, code=exited, status=1/FAILURE"),
        (150, "systemd[1]: nvidia-fabricmanager.service: Failed with result 'exit-code'."),
        (150, "systemd[1]: Failed to start NVIDIA fabric manager service."),
        (160, "kernel: nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Fatal, Link 17 LTSSM Fault Up")]]
    files["gpu-p5-07/journalctl_boot.txt"] = "\n".join(j) + "\n"
    g = gpus(rng, job.bus, {i: {"fabric": ("In Progress", "N/A"), "pstate": "P0"} for i in range(8)})
    files["gpu-p5-07/nvidia-smi-q.txt"] = nvsmi_q(t0 + sec(1900), "550.90.07", "12.4", g)
    for h in ("gpu-p5-05", "gpu-p5-06", "gpu-p5-08"):
        files[f"{h}/systemctl_status_fm.txt"] = f"● nvidia-fabricmanager.service - NVIDIA fabric manager service\n     Loaded: loaded (/lib/systemd/system/nvidia-fabricmanager.service; enabled; vendor preset: enabled)\n     Active: active (running) since Mon 2025-04-14 03:12:40 UTC; 1 week 1 day ago\n   Main PID: 2304 (nv-fabricmanage)\n"
    files["slurm-230117.out"] = slurm_tail(230117, 0, hosts, t0, [1, 1, 1, 1]) + "\n"
    return {"name": "bb14_rendezvous_timeout_after_one_node_fails_cuda_init", "files": files,
            "label": label("nvlink", "infrastructure", "gpu-p5-07", None, "restart_without_node",
                           "All eight ranks on gpu-p5-07 fail CUDA init with error 802 because its fabric manager exited after NVLink training failed at boot (GPU Fabric State stuck In Progress); the 30-minute store timeout on rank 0 and the closed connections elsewhere are consequences.",
                           "https://github.com/NVIDIA/gpu-operator/issues/610")}


# =============================================================================== bb15
def bb15():
    rng = random.Random(5715)
    hosts = ["h100-n031", "h100-n032", "h100-n033"]
    t0 = T(2025, 6, 3, 15, 20, 44)
    job = Job(rng, hosts, start=t0, script="finetune.py", nccl="2.21.5", torch="2.4.1")
    files = {}
    for ni, h in enumerate(hosts):
        from kit import launcher_header
        L = Log().extend(launcher_header(job, ni, t0))
        for lr in range(8):
            tt = t0 + sec(11.5 + 0.04 * lr + 0.3 * ni)
            p, g = job.pfx(lr), job.g(ni, lr)
            L.add(tt, "\n".join(f"{p}[rank{g}]: {x}" for x in [
                "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)",
                "  return torch._C._cuda_getDeviceCount() > 0",
                "Traceback (most recent call last):",
                '  File "/workspace/finetune.py", line 211, in <module>',
                "    torch.cuda.set_device(local_rank)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 314, in _lazy_init',
                "    torch._C._cuda_init()",
                "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized"]))
        L.extend(job.agent_lines(ni, t0 + sec(12.6 + 0.3 * ni), 0, exitcode=1))
        L.add(t0 + sec(18), job.child_failed(ni, t0 + sec(18), [(t0 + sec(11.5 + 0.04 * lr + 0.3 * ni), lr, 1, "[See inner exception above]") for lr in range(8)], 0))
        files[f"{h}/train.log"] = L.render()
        tb = T(2025, 6, 3, 6, 2, 0) + sec(ni * 47)
        fm_pid = 2300 + rng.randint(0, 90)
        j = [f"{f_iso(tb + sec(s))} {h} {m}" for s, m in [
            (0, "kernel: Linux version 5.15.0-139-generic (buildd@lcy02-amd64-067) #149-Ubuntu SMP"),
            (21, "kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.163.01  Fri Apr 18 01:02:11 UTC 2025"),
            (126, "systemd[1]: Starting NVIDIA fabric manager service..."),
            (127, f"nv-fabricmanager[{fm_pid}]: fabric manager NVIDIA GPU driver interface version 550.90.07 don't match with driver version 550.163.01. Please update with matching NVIDIA driver package."),
            (127, "systemd[1]: nvidia-fabricmanager.service: Control process exited, code=exited, status=1/FAILURE"),
            (127, "systemd[1]: nvidia-fabricmanager.service: Failed with result 'exit-code'."),
            (127, "systemd[1]: Failed to start NVIDIA fabric manager service.")]]
        files[f"{h}/journalctl_boot.txt"] = "\n".join(j) + "\n"
        files[f"{h}/dpkg_recent.txt"] = "\n".join([
            "2025-06-03 05:51:12 upgrade nvidia-kernel-common-550:amd64 550.90.07-0ubuntu1 550.163.01-0ubuntu1",
            "2025-06-03 05:51:40 upgrade nvidia-dkms-550:amd64 550.90.07-0ubuntu1 550.163.01-0ubuntu1",
            "2025-06-03 05:52:18 upgrade libnvidia-compute-550:amd64 550.90.07-0ubuntu1 550.163.01-0ubuntu1",
            "$ apt-mark showhold", "nvidia-fabricmanager-550", "$ dpkg -l nvidia-fabricmanager-550 | tail -1",
            "hi  nvidia-fabricmanager-550   550.90.07-1   amd64   Fabric Manager for NVSwitch based systems.", ""])
    files["slurm-311902.out"] = slurm_tail(311902, 0, hosts, t0, 1) + "\n"
    return {"name": "bb15_every_rank_fails_cuda_init_with_error_802", "files": files,
            "label": label("dependency", "framework", None, None, "stop",
                           "Every rank on all three nodes fails CUDA init with error 802 because the morning's unattended driver upgrade (550.163.01) left the held fabric manager at 550.90.07, which refuses to start on every node. A version mismatch in the node image, not a broken GPU.",
                           "https://github.com/NVIDIA/gpu-operator/issues/544")}


# =============================================================================== bb16
def bb16():
    rng = random.Random(5716)
    hosts = ["sm-h100-11", "sm-h100-12", "sm-h100-13", "sm-h100-14"]
    t0 = T(2023, 9, 14, 9, 30, 2)
    job = Job(rng, hosts, start=t0, script="train.py", nccl="2.18.3", cuda="12.2", torch="2.1.0")
    files = {}
    fns = [(76, "GSP_RM_CONTROL", 0x2080014b, 0x5), (103, "GSP_RM_ALLOC", 0x80, 0x38), (76, "GSP_RM_CONTROL", 0x20800110, 0x84),
           (76, "GSP_RM_CONTROL", 0x20801702, 0x4)]
    first = {0: (3, 1.1), 1: (6, 2.4), 2: (1, 0.6), 3: (4, 1.7)}   # ni -> (lr, minutes after stepping starts)
    tc = t0 + sec(95 + first[1][1] * 60 + 46)
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(95), 1, int((tc - t0).total_seconds() - 95) // 2, 1.9), style="old",
                     config_lines=["args: model=llama2-7b seq_len=4096 micro_bs=4 lr=3e-4", f"world_size={job.world}"])
        K = Log()
        boot = T(2023, 9, 14, 7, 58, 0) + sec(ni * 33)
        K.add(boot + sec(20), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.54.03  Tue Jun  6 22:20:39 UTC 2023")
        K.add(boot + sec(23), f"NVRM: GPU 0000:{job.bus[0]}:00.0: RmInitAdapter succeeded, GSP firmware enabled")
        lr0, m = first[ni]
        tx = t0 + sec(95 + m * 60)
        bad = [lr0] + rng.sample([x for x in range(8) if x != lr0], 2)
        for k, lr in enumerate(bad):
            for r in range(rng.randint(2, 4)):
                f = fns[(r + k) % len(fns)]
                tt = tx + sec(12 * k + 45 * r)
                if ni != 1 and tt > tc:
                    break
                K.add(tt, xid_line(job.bus[lr], 119, job.pids[ni][lr], "python3", fn=f[0], fname=f[1], a=f[2], b=f[3]))
        te = tc + sec(95)
        for k, lr in enumerate(rng.sample(range(8), 3)):
            f = fns[k % len(fns)]
            K.add(te + sec(30 + 45 * k), xid_line(job.bus[lr], 119, 9100 + 17 * ni, "nvidia-smi", fn=f[0], fname=f[1], a=f[2], b=f[3]))
        if ni == 1:
            L.add(tc, job.cuda_error(ni, lr0, tc, "unknown error", file_line=FL_MLP))
            L.extend(job.agent_lines(ni, tc + sec(0.8), lr0, exitcode=1, style="old"))
            L.add(tc + sec(7), job.child_failed(ni, tc + sec(7), [(tc, lr0, 1, "[See inner exception above]")], 0))
        else:
            abort_all(job, L, ni, tc + sec(1.5 + 0.1 * ni), 1, kind="ib", seq=1401)
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/dmesg.txt"] = render_kernel(K, h, "T")
        files[f"{h}/nvidia_params.txt"] = "$ grep -i firmware /proc/driver/nvidia/params\nEnableGpuFirmware: 18\nEnableGpuFirmwareLogs: 2\n$ nvidia-smi -q | grep -i 'GSP Firmware'\n    GSP Firmware Version                  : 535.54.03\n"
        files[f"{h}/epilog.txt"] = f"[epilog {job.loc(te):%Y-%m-%d %H:%M:%S}] running nvidia-smi health query\n[epilog {job.loc(te + sec(181)):%Y-%m-%d %H:%M:%S}] nvidia-smi did not return within 180s; marking node for admin review\n"
    files["sacct_history.txt"] = sacct([
        ("401877", "llama7b", "h100", "COMPLETED", "0:0", "2023-09-08T10:02:11", "2023-09-11T04:40:52", "sm-h100-[11-14]"),
        ("402990", "nccl-tests", "h100", "COMPLETED", "0:0", "2023-09-14T08:31:40", "2023-09-14T08:33:02", "sm-h100-[11-14]"),
        ("403011", "llama7b", "h100", "FAILED", "1:0", "2023-09-14T09:29:58", "2023-09-14T09:38:40", "sm-h100-[11-14]")])
    files["maintenance_note.txt"] = "2023-09-13 22:00-2023-09-14 08:00 partition h100 reimaged: driver 525.125.06 -> 535.54.03 (GSP firmware now default-on), CUDA 12.2, OFED 23.07. Acceptance: nccl-tests only.\n"
    return {"name": "bb16_unknown_cuda_errors_on_all_nodes_first_hour_after_maintenance", "files": files,
            "label": label("dependency", "framework", None, None, "stop",
                           "All four nodes log Xid 119 GSP RPC timeouts on several GPUs each, from the first minutes of the first job on the new 535.54.03 image with GSP firmware enabled; the same job ran clean on 525 the week before. A driver/firmware regression (disable GSP or roll back), not a faulty GPU.",
                           "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446")}


# =============================================================================== bb17
def bb17():
    rng = random.Random(5717)
    hosts = ["gpu-sh-01", "gpu-sh-02", "gpu-sh-03", "gpu-sh-04"]
    ltz = tz(8)
    t0 = T(2024, 10, 28, 1, 0, 3)
    job = Job(rng, hosts, start=t0, ltz=ltz, script="train.py", nccl="2.21.5")
    thang = T(2024, 10, 28, 6, 43, 12, 500000)
    st = 1.27
    files = {}
    boot = T(2024, 10, 20, 2, 11, 40)
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(70), 1, nsteps(t0 + sec(70), thang, st), st), config_lines=[c.format(w=job.world) for c in CFG])
        K = Log()
        K.add(boot + sec(19), "NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.127.05  Release Build  (dvs-builder@U16-I3-B03-4-3)")
        tw = thang + sec(600.3)
        for lr in range(8):
            if ni == 2 and lr == 6:
                continue
            L.add(tw + sec(0.01 * lr + 0.05 * ni), job.watchdog_timeout(ni, lr, tw + sec(0.01 * lr + 0.05 * ni), seq=77412))
        L.extend(job.agent_lines(ni, tw + sec(1.2), 0 if ni != 2 else 0, exitcode=-6))
        if ni == 2:
            ag = job.pids[2][0] - 7
            tk = tw + sec(31.5)
            L.add(tk, f"W{f_torch_ts(job.loc(tk))[:-3]} {ag} torch/distributed/elastic/multiprocessing/api.py:916] Unable to shutdown process {job.pids[2][6]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL")
            for k in range(9):
                f = [(76, "GSP_RM_CONTROL", 0x20800a4c, 0x4), (10, "FREE", 0x0, 0x0), (76, "GSP_RM_CONTROL", 0x2080014b, 0x5)][k % 3]
                K.add(thang - sec(2.1) + sec(45 * k), xid_line("ba", 119, job.pids[2][6], "python3", fn=f[0], fname=f[1], a=f[2], b=f[3]))
            K.add(thang + sec(45 * 9 + 3), xid_line("ba", 154, act=1, actname="GPU Reset Required"))
            K.add(tk + sec(2), xid_line("ba", 119, 0, "", fn=103, fname="GSP_RM_ALLOC", a=0x208f, b=0x0).replace("pid=0, name=, ", "pid='<unknown>', name=<unknown>, "))
            L.add(tk + sec(5), job.child_failed(2, tk + sec(5), [(tw + sec(0.3), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[2][lr]}") for lr in range(8) if lr != 6] + [(tk, 6, -9, f"Signal 9 (SIGKILL) received by PID {job.pids[2][6]}")], 0))
        else:
            L.add(tw + sec(5), job.child_failed(ni, tw + sec(5), [(tw + sec(0.3 + 0.01 * lr), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][lr]}") for lr in range(8)], 0))
        if ni == 0:
            K.add(t0 - sec(3600 * 30), "mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:739:(pid 1023): FWTracer: Events were lost")
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/dmesg.txt"] = render_kernel(K, h, "syslog", ltz=ltz)
    return {"name": "bb17_every_rank_times_out_in_the_same_allreduce", "files": files,
            "label": label("gpu_hardware", "infrastructure", "gpu-sh-03", 22, "restart_without_node",
                           "Every rank times out in the same all-reduce, but only gpu-sh-03 has local evidence: repeated Xid 119 GSP RPC timeouts on GPU 0000:ba (local rank 6 = rank 22) starting just before the stall, a GPU Reset Required recovery action, and rank 22 never printing a timeout and having to be SIGKILLed.",
                           "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446")}


# =============================================================================== bb18
def bb18():
    rng = random.Random(5718)
    hosts = ["gpu-d-01", "gpu-d-02", "gpu-d-03", "gpu-d-04"]
    ltz = tz(-7)
    t0 = T(2024, 8, 2, 6, 12, 0)
    job = Job(rng, hosts, start=t0, ltz=ltz, script="train.py", nccl="2.20.5", torch="2.3.1")
    tx = T(2024, 8, 2, 10, 41, 3, 214000)
    st = 1.48
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(70), 1, nsteps(t0 + sec(70), tx, st), st), style="old",
                     config_lines=[c.format(w=job.world) for c in CFG])
        K = Log()
        K.add(t0 - sec(7 * 86400), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024")
        if ni == 3:
            K.add(tx, xid_line("5d", 120, job.pids[3][3], "python3", code=0x5, pc=0x5c11c4))
            K.add(tx + sec(0.4), xid_line("5d", 154, act=1, actname="GPU Reset Required"))
            tc = tx + sec(0.9)
            L.add(tc, job.cuda_error(3, 3, tc, "unspecified launch failure", file_line=FL_ATTN))
            L.extend(job.agent_lines(3, tc + sec(1.1), 3, exitcode=1, style="old"))
            L.add(tc + sec(7), job.child_failed(3, tc + sec(7), [(tc, 3, 1, "[See inner exception above]")], 0))
            files[f"{h}/journalctl_k.txt"] = render_kernel(K, h, "iso", ltz=UTC)
        else:
            te = tx + sec(1.7 + 0.2 * ni)
            if ni == 0:
                p = job.pfx(0)
                L.add(te - sec(0.05), "\n".join(f"{p}[rank0]: {x}" for x in [
                    "Traceback (most recent call last):",
                    '  File "/workspace/train.py", line 702, in <module>',
                    "    main()",
                    '  File "/workspace/train.py", line 655, in main',
                    "    loss = train_step(model, batch, optimizer)",
                    '  File "/workspace/train.py", line 431, in train_step',
                    "    dist.all_reduce(loss_t, op=dist.ReduceOp.AVG)",
                    '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", line 75, in wrapper',
                    "    return func(*args, **kwargs)",
                    "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, remote process exited or there was a network error, NCCL version 2.20.5",
                    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                    "Last error:",
                    f"NET/IB : Got completion from peer {job.ips[3]}<51377> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{job.ips[0]} remoteGids::ffff:{job.ips[3]}"]))
            abort_all(job, L, ni, te, 3, kind="ib", seq=51903)
            files[f"{h}/dmesg.txt"] = render_kernel(K, h, "T", ltz=ltz)
        files[f"{h}/train.log"] = L.render()
    return {"name": "bb18_rank0_raises_dist_backend_error_first_in_the_logs", "files": files,
            "label": label("gpu_hardware", "infrastructure", "gpu-d-04", 27, "restart_without_node",
                           "gpu-d-04's kernel journal is in UTC: its Xid 120 GSP error on GPU 0000:5d (rank 27) at 10:41:03Z is 03:41:03 PDT, before rank 0's loud DistBackendError (03:41:04 PDT) that only reports the lost peer; rank 27 fails with an unspecified launch failure and a GPU reset is required.",
                           "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html")}


# =============================================================================== bb19
def bb19():
    rng = random.Random(5719)
    hosts = ["c-gpu-31", "c-gpu-32", "c-gpu-33", "c-gpu-34"]
    ltz = tz(5.5)
    t0 = T(2024, 6, 11, 4, 30, 9)
    job = Job(rng, hosts, start=t0, ltz=ltz, script="train.py", nccl="2.20.5", torch="2.3.1")
    tm = T(2024, 6, 11, 10, 38, 31, 77000)
    st = 1.12
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(60), 1, nsteps(t0 + sec(60), tm, st), st, {"every": 50}), style="old",
                     config_lines=[c.format(w=job.world) for c in CFG])
        K = Log()
        K.add(t0 - sec(86400 * 4), "EDAC MC0: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)")
        K.add(t0 - sec(86400 * 4), "EDAC MC1: Giving out device to module i10nm_edac controller Intel_10nm Socket#1 IMC#0: DEV 0000:fe:0c.0 (INTERRUPT)")
        if ni == 0:
            for k, dtk in enumerate([-86400 * 2.7, -86400 * 1.1, -3600 * 5, 3600 * 2.2, 3600 * 5.1]):
                tce = t0 + sec(dtk)
                K.add(tce, "mce: [Hardware Error]: Machine check events logged")
                K.add(tce, f"EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x{0x1a2b3c + k:x} offset:0x{0x40 * k:x} grain:32 syndrome:0x0 - err_code:0x0000:0x009f  SystemAddress:0x{0x1a2b3c000 + 0x40 * k:x} ProcessorSocketId:0x0 MemoryControllerId:0x0 ChannelAddress:0x{0x3456780 + k:x} ChannelId:0x1 RankAddress:0x{0x1a2b3c0 + k:x} PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x7a1 Column:0x1f0 Bank:0x3 BankGroup:0x1 ChipSelect:0x0 ChipId:0x0)")
            files[f"{h}/ipmi_sel.txt"] = ipmi_sel([(0x2e1 + k, (t0 + sec(d)).astimezone(ltz), "Memory #0x87", "Correctable ECC | P0-DIMMB1", "Asserted")
                                                  for k, d in enumerate([-86400 * 2.7, -86400 * 1.1, 3600 * 2.2])])
        if ni == 2:
            pid = job.pids[2][2]
            K.add(tm, "mce: [Hardware Error]: Machine check events logged")
            K.add(tm, "mce: [Hardware Error]: CPU 52: Machine Check: 0 Bank 13: fc2000000003009f")
            K.add(tm, "mce: [Hardware Error]: TSC 0 ADDR 4d3f21540 MISC 200414a800001086 PPIN 2b1c3e7a0f4d51c2")
            K.add(tm, f"mce: [Hardware Error]: PROCESSOR 0:806f8 TIME {int(tm.timestamp())} SOCKET 1 APIC 9c microcode 2b000590")
            K.add(tm + sec(0.001), "EDAC i10nm MC2: HANDLING MCE MEMORY ERROR")
            K.add(tm + sec(0.001), "EDAC MC2: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x4d3f21 offset:0x540 grain:32 - err_code:0x0000:0x009f  SystemAddress:0x4d3f21540 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x9a7e4540 ChannelId:0x2 RankAddress:0x4d3f2140 PhysicalRankId:0x1 DimmSlotId:0x0 Row:0x1a7e3 Column:0x3a8 Bank:0x1 BankGroup:0x2 ChipSelect:0x1 ChipId:0x0)")
            K.add(tm + sec(0.002), f"Memory failure: 0x4d3f21: Sending SIGBUS to python3:{pid} due to hardware memory corruption")
            K.add(tm + sec(0.002), "Memory failure: 0x4d3f21: recovery action for dirty LRU page: Recovered")
            tf = tm + sec(0.9)
            L.extend(job.agent_lines(2, tf, 2, exitcode=-7, style="old"))
            L.add(tf + sec(6), job.child_failed(2, tf + sec(6), [(tm + sec(0.01), 2, -7, f"Signal 7 (SIGBUS) received by PID {pid}")], 0))
            files[f"{h}/ipmi_sel.txt"] = ipmi_sel([
                (0x19a, (t0 - sec(86400 * 30)).astimezone(ltz), "Event Logging Disabled #0x07", "Log area reset/cleared", "Asserted"),
                (0x19b, tm.astimezone(ltz), "Memory #0x87", "Uncorrectable ECC | P1-DIMMC1", "Asserted"),
                (0x19c, (tm + sec(1)).astimezone(ltz), "Critical Interrupt #0x1f", "Bus Uncorrectable error", "Asserted")])
        else:
            abort_all(job, L, ni, tm + sec(1.9 + 0.1 * ni), 2, kind="ib", seq=30411)
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/kern.log"] = render_kernel(K, h, "syslog", ltz=ltz)
    return {"name": "bb19_one_rank_killed_by_sigbus", "files": files,
            "label": label("host", "infrastructure", "c-gpu-33", None, "restart_without_node",
                           "c-gpu-33 takes an uncorrectable DIMM error (MCE bank 13, EDAC UE on P1-DIMMC1, BMC SEL agrees) and the kernel SIGBUSes the process of rank 18 (local rank 2); the correctable ECC errors on c-gpu-31 are low-rate background noise spread over days.",
                           "https://www.kernel.org/doc/html/latest/driver-api/edac.html")}


# =============================================================================== bb20
def bb20():
    rng = random.Random(5720)
    hosts = ["sm-gpu-11", "sm-gpu-12", "sm-gpu-13", "sm-gpu-14"]
    ltz = tz(1)
    t0 = T(2025, 1, 7, 19, 0, 2)
    job = Job(rng, hosts, start=t0, ltz=ltz, script="train.py", nccl="2.21.5")
    tp = T(2025, 1, 7, 20, 29, 40)
    st = 1.21
    n_before = nsteps(t0 + sec(80), tp, st)
    tnow = T(2025, 1, 8, 0, 11, 5)
    slow = lambda s: 1.0 if s <= n_before else 1.63
    total = n_before + int((tnow - tp).total_seconds() / (st * 1.63))
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(80), 1, total, st, {"every": 50, "slow": slow}),
                     config_lines=[c.format(w=job.world) for c in CFG])
        if ni == 0:
            for s in range(1000, total, 1000):
                f = 1.0 if s <= n_before else 1.63
                tt = t0 + sec(80 + s * st * (1 if s <= n_before else 1)) if s <= n_before else tp + sec((s - n_before) * st * 1.63)
                fb = 0.97 if s <= n_before else 1.58
                L.add(tt, f"{job.pfx(0)}[rank0]: [timing] step {s}: fwd+bwd median {0.96 + rng.uniform(0, .02):.2f}s max {fb + rng.uniform(0, .03):.2f}s | comm wait median {0.18 * f + (0.58 if s > n_before else 0):.2f}s | data {0.01:.2f}s")
        files[f"{h}/train.log"] = L.render()
        over = {}
        if ni == 3:
            over = {i: {"thr": {"hw": "Active", "hwpb": "Active"}, "clk": rng.choice([1035, 1050, 1095]), "pwr": rng.uniform(290, 320), "temp": rng.randint(44, 52)} for i in range(8)}
        if ni == 1:
            over = {i: {"thr": {"swpc": "Active"}, "pwr": rng.uniform(695, 700), "clk": rng.choice([1845, 1890, 1935])} for i in (1, 4, 6)}
            over[4]["temp"] = 79
        files[f"{h}/nvidia-smi-q.txt"] = nvsmi_q(tnow.astimezone(ltz), "550.127.05", "12.4", gpus(rng, job.bus, over))
    files["sm-gpu-14/ipmi_sel.txt"] = ipmi_sel([
        (0x51, (tp - sec(86400 * 12)).astimezone(ltz), "Power Supply PS3_Status", "Presence detected", "Asserted"),
        (0x52, (tp - sec(2.5)).astimezone(ltz), "Power Supply PS3_Status", "Power Supply AC lost", "Asserted"),
        (0x53, (tp - sec(2.4)).astimezone(ltz), "Power Unit PSU_Redundancy", "Redundancy Lost", "Asserted"),
        (0x54, (tp - sec(1.0)).astimezone(ltz), "System Event GPU_PWR_BRAKE", "OEM record e0", "Asserted")])
    files["sm-gpu-12/ipmi_sel.txt"] = ipmi_sel([(0x1f, (t0 - sec(86400 * 40)).astimezone(ltz), "Event Logging Disabled SEL", "Log area reset/cleared", "Asserted")])
    files["squeue.txt"] = "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n            884120       gpu  llm-8b   jchen  R    5:11:03      4 sm-gpu-[11-14]\n"
    files["user_report.txt"] = "step time went from ~1.2 s to ~2.0 s about 90 minutes into the run and never recovered; no errors in the logs. job still running.\n"
    return {"name": "bb20_step_time_jumps_sixty_percent_and_stays", "files": files,
            "label": label("straggler", "infrastructure", "sm-gpu-14", None, "restart_without_node",
                           "All eight GPUs of sm-gpu-14 show HW Power Brake Slowdown with clocks near 1 GHz and ~300 W draw, and its BMC logged PSU3 AC lost / redundancy lost exactly when step time jumped; the SW power cap on sm-gpu-12 is normal full-load behaviour.",
                           "https://github.com/leptonai/gpud/pull/330")}


CASES = [bb11, bb12, bb13, bb14, bb15, bb16, bb17, bb18, bb19, bb20]
