"""Cases bb01-bb10."""
from __future__ import annotations

import random

from kit import (Job, Log, T, UTC, base_log, dcgmi_diag, f_dmesg_T, f_glog, f_iso, f_py, f_syslog, f_torch_ts,
                 f_uptime, gpus, ipmi_sel, nvsmi_q, sacct, sec, sig, slurm_tail, tz, xid_line)


def label(cat, layer, node, rank, action, why, url):
    return {"category": cat, "layer": layer,
            "culprit": None if node is None else {"node": node, "rank": rank},
            "action": action, "rationale": why, "modelled_on": url}


CFG = ["args: model=llama-8b seq_len=4096 micro_bs=2 grad_accum=4 lr=3e-4 warmup=2000 zero_stage=1 bf16=True",
       "world_size={w} dp={w} tp=1 pp=1"]


# =============================================================================== bb01
def bb01():
    rng = random.Random(5701)
    hosts = ["gpu-a3-004", "gpu-a3-005", "gpu-a3-009", "gpu-a3-012"]
    t0 = T(2024, 6, 11, 1, 2, 4)
    job = Job(rng, hosts, start=t0, script="pretrain_mm.py")
    files = {}
    t_fail = T(2024, 6, 11, 1, 58, 41, 220000)
    cfg = ["args: model=llama3-8b-mm seq_len=4096 micro_bs=2 lr=2e-4 data_schedule=configs/mix_v7.yaml",
           "loaded tokenizer /data/tok/llama3-mm-v2: vocab_size=128259 (added special tokens: <|img|>, <|/img|>, <|tool|>)",
           "model config: n_layers=32 d_model=4096 n_heads=32 vocab_size=128256 rope_theta=500000",
           "using fused embedding+rope kernel from kernels/fused_embed_rope.cu (JIT build cached)",
           f"world_size={job.world} dp={job.world}"]
    crash = {}
    for ni in range(4):
        for lr in range(8):
            if (ni, lr) in [(1, 6), (3, 2), (0, 5)]:
                continue
            crash[(ni, lr)] = t_fail + sec(rng.uniform(0.0, 2.4))
    dmesg = {h: Log() for h in hosts}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(60), 1, 1839, (t_fail - t0).total_seconds() / 1841.5), config_lines=cfg)
        if ni == 0:
            L.add(t_fail - sec(1.7), f"{job.pfx(0)}[rank0]: data schedule: entering phase 2 (mix_v7.yaml: web=0.40 code=0.25 mm_interleaved=0.35) at step 1840")
        for lr in range(8):
            g = job.g(ni, lr)
            if (ni, lr) in crash:
                tc = crash[(ni, lr)]
                L.add(tc, job.cuda_error(ni, lr, tc, "an illegal memory access was encountered",
                                         file_line=('/workspace/kernels/fused_embed.py", line 88, in forward',
                                                    "out = _C.fused_embed_rope_fwd(input_ids, self.weight, cos, sin)")))
                bus = job.bus[lr]
                dmesg[h].add(tc - sec(0.03), xid_line(bus, 13, job.pids[ni][lr], "python3", gpc=rng.randint(0, 7), tpc=rng.randint(0, 8), sm=rng.randint(0, 1)))
                dmesg[h].add(tc - sec(0.03), f"NVRM: Xid (PCI:0000:{bus}:00): 13, pid={job.pids[ni][lr]}, name=python3, Graphics Exception: ESR 0x{0x50e648 + 0x800 * rng.randint(0, 7):x}=0x10000e 0x{0x50e650:x}=0x20 0x50e644=0xd3eff2 0x50e64c=0x17f")
                dmesg[h].add(tc + sec(3.1), xid_line(bus, 43, job.pids[ni][lr], "python3", ch=rng.choice([8, 9, 0x10, 0x18])))
            else:
                peer = (ni + 1) % 4
                L.add(t_fail + sec(3.5), job.nccl_remote_error(ni, lr, t_fail + sec(3.5), peer, kind="ib", seq=29461))
        first = min((crash[k], k[1]) for k in crash if k[0] == ni)
        L.extend(job.agent_lines(ni, first[0] + sec(1.0), first[1], exitcode=1))
        fails = sorted([(crash[(ni, lr)], lr, 1, "[See inner exception above]") for lr in range(8) if (ni, lr) in crash])
        L.add(first[0] + sec(3.3), job.child_failed(ni, first[0] + sec(3.3), fails, 0))
        files[f"{h}/train.log"] = L.render()
        d = dmesg[h]
        d.add(t0 - sec(3600 * 5), "nvidia-peermem nv_mem_client_init: peer memory client registered")
        d.add(t0 + sec(5), f"NVRM: GPU at PCI:0000:{job.bus[0]}:00: GPU-{rng.getrandbits(32):08x}-2b4c-7e1a-9f0d-3c5e8a7b6d21")
        d.add(t0 + sec(600), "workqueue: drm_fb_helper_damage_work hogged CPU for >10000us 4 times, consider switching to WQ_UNBOUND")
        files[f"{h}/dmesg.txt"] = "".join(f"{f_iso(t)} {h} kernel: {x}\n" for t, _, x in sorted(d.ev, key=lambda e: (e[0], e[1])))
    files["slurm-771203.out"] = "\n".join([
        f"+ srun --kill-on-bad-exit=1 -N4 --ntasks-per-node=1 torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint={hosts[0]}:29500 pretrain_mm.py --config configs/8b_mm.yaml",
        slurm_tail(771203, 0, hosts, t_fail, 1),
        f"slurmstepd: error: *** STEP 771203.0 ON {hosts[0]} CANCELLED AT 2024-06-11T01:58:49 ***", ""])
    return {"name": "bb01_illegal_memory_access_on_most_ranks_at_step_1840", "files": files,
            "label": label("user_code", "script", None, None, "stop",
                           "Xid 13 'Out Of Range Address' hits 29 GPUs on all four nodes within 3 s, exactly when the data schedule switches to a mixture that uses the 3 tokens added to the tokenizer (vocab 128259 vs model 128256) and the user's unchecked fused embedding kernel; an application bug, not hardware.",
                           "https://github.com/NVIDIA/NVSentinel/issues/271")}


# =============================================================================== bb02
def bb02():
    rng = random.Random(5702)
    hosts = [f"node04{i}" for i in range(12, 18)]
    ltz = tz(-4)
    files = {}
    VA = "7ffe_d0000000"
    attempts = [
        # start, first step, crash step, crash time, (ni, lr)
        (T(2024, 9, 25, 12, 0, 10), 1, None, T(2024, 9, 25, 13, 41, 7, 310000), (3, 5), 4.96),
        (T(2024, 9, 25, 13, 52, 40), 1001, None, T(2024, 9, 25, 14, 14, 52, 870000), (0, 2), 4.93),
    ]
    kern = {h: Log() for h in hosts}
    boot = {h: T(2024, 9, 23, 4, 31, 0) + sec(rng.randint(0, 900)) for h in hosts}
    for h in hosts:
        kern[h].add(boot[h] + sec(31), f"nvidia: loading out-of-tree module taints kernel.")
        kern[h].add(boot[h] + sec(33), f"NVRM: loading NVIDIA UNIX x86_64 Kernel Module  560.35.03  Fri Aug 16 21:39:15 UTC 2024")
        kern[h].add(boot[h] + sec(41), "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000")
    for ai, (ts, s0, s1, tc, (cni, clr), st) in enumerate(attempts, 1):
        s1 = s0 + int(((tc - ts).total_seconds() - 75) / st)
        job = Job(rng, hosts, start=ts, ltz=ltz, script="train_moe.py", nccl="2.21.5", torch="2.4.1")
        for ni, h in enumerate(hosts):
            cfg = ([f"resuming from /lustre/proj/moe/ckpt/step_1000 (attempt {ai})"] if ai == 2 else []) + \
                  ["args: model=moe-16x3b seq_len=4096 micro_bs=1 ep=8 lr=4e-4", f"world_size={job.world} dp=6 ep=8"]
            L = base_log(job, ni, ts, steps=(ts + sec(75), s0, s1 - 1, st), config_lines=cfg)
            if ni == cni:
                L.add(tc, job.cuda_error(ni, clr, tc, "an illegal memory access was encountered",
                                         file_line=('/usr/local/lib/python3.10/dist-packages/megablocks/layers/moe.py", line 412, in permute_and_compute',
                                                    "x = ops.binned_gather(x, indices, bins, bin_size, top_k)")))
                bus = job.bus[clr]
                kern[h].add(tc - sec(0.21), xid_line(bus, 31, job.pids[ni][clr], "python3", ch=0x18 + clr, c=rng.randint(0, 7), va=VA))
                kern[h].add(tc + sec(4.2), xid_line(bus, 43, job.pids[ni][clr], "python3", ch=0x18 + clr))
                L.extend(job.agent_lines(ni, tc + sec(0.8), clr, exitcode=1))
                L.add(tc + sec(4), job.child_failed(ni, tc + sec(4), [(tc, clr, 1, "[See inner exception above]")], 0))
            else:
                for lr in range(8):
                    L.add(tc + sec(2.2 + 0.01 * lr), job.nccl_remote_error(ni, lr, tc + sec(2.2), cni, kind="ib", seq=20113 + 7 * s1))
                L.extend(job.agent_lines(ni, tc + sec(2.9), 0, exitcode=-6))
                L.add(tc + sec(6), job.child_failed(ni, tc + sec(6), [(tc + sec(2.3 + 0.01 * lr), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][lr]}") for lr in range(8)], 0))
            files[f"attempt_{ai}/{h}/train.log"] = L.render()
    # a third host shows the same fault from an unrelated job on the same image the day before
    kern["node0416"].add(T(2024, 9, 24, 18, 2, 44, 120000), xid_line("9a", 31, 81234, "python", ch=0x1c, c=3, va=VA))
    kern["node0416"].add(T(2024, 9, 24, 18, 2, 48, 400000), xid_line("9a", 43, 81234, "python", ch=0x1c))
    now = T(2024, 9, 25, 14, 31, 0)
    for h in hosts:
        files[f"attempt_2/{h}/dmesg_T.txt"] = "\n".join(
            render_T(kern[h], ltz).splitlines()) + "\n"
        files[f"attempt_2/{h}/node_info.txt"] = node_info_local(h, boot[h], now, "560.35.03", [
            "$ grep nvidia-driver /var/log/dpkg.log",
            "2024-09-23 04:12:31 upgrade nvidia-driver-560:amd64 550.90.07-0ubuntu1 560.35.03-0ubuntu1",
            "2024-09-23 04:12:58 status installed nvidia-driver-560:amd64 560.35.03-0ubuntu1",
            "$ cat /etc/image-release", "IMAGE=hpc-gpu-2409b BUILT=2024-09-22 DRIVER=560.35.03 CUDA=12.6 OFED=24.07-0.6.1.0"])
    fleet = ["# exported from loki 2024-09-25T18:30Z: count_over_time({source=\"kmsg\"} |= \"NVRM: Xid\" [96h]) by host, xid",
             "# image rollout hpc-gpu-2409b (driver 560.35.03) completed on partition h100-a 2024-09-23 ~04:40Z",
             f"{'host':<10} {'xid':>4} {'count':>6}  first_seen            last_seen             sample"]
    rows = [("node0402", 31, 3, "2024-09-23T19:02:11Z", "2024-09-24T22:40:09Z"), ("node0402", 43, 3, "2024-09-23T19:02:15Z", "2024-09-24T22:40:13Z"),
            ("node0405", 31, 1, "2024-09-24T07:11:52Z", "2024-09-24T07:11:52Z"), ("node0409", 31, 2, "2024-09-23T23:48:30Z", "2024-09-25T03:05:41Z"),
            ("node0412", 31, 1, "2024-09-25T18:14:52Z", "2024-09-25T18:14:52Z"), ("node0415", 31, 1, "2024-09-25T17:41:07Z", "2024-09-25T17:41:07Z"),
            ("node0416", 31, 1, "2024-09-24T22:02:44Z", "2024-09-24T22:02:44Z"), ("node0420", 31, 4, "2024-09-23T12:20:19Z", "2024-09-25T09:57:02Z"),
            ("node0421", 31, 2, "2024-09-24T02:33:16Z", "2024-09-24T15:09:44Z"), ("node0422", 94, 1, "2024-09-22T01:17:40Z", "2024-09-22T01:17:40Z")]
    for r in rows:
        samp = f"MMU Fault: ENGINE GRAPHICS ... faulted @ 0x{VA}. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ" if r[1] == 31 else ("Ch 000000xx" if r[1] == 43 else "Contained ECC error.")
        fleet.append(f"{r[0]:<10} {r[1]:>4} {r[2]:>6}  {r[3]}  {r[4]}  {samp}")
    fleet.append("# no Xid 31 on partition h100-a between 2024-09-01 and 2024-09-23T04:40Z")
    files["xid_fleet_96h.txt"] = "\n".join(fleet) + "\n"
    files["sacct_history.txt"] = sacct([
        ("770111", "moe16x3b", "h100-a", "COMPLETED", "0:0", "2024-09-19T06:10:02", "2024-09-21T11:52:40", "node04[12-17]"),
        ("772950", "moe16x3b", "h100-a", "REQUEUED", "1:0", "2024-09-25T08:00:03", "2024-09-25T09:41:19", "node04[12-17]"),
        ("772950", "moe16x3b", "h100-a", "FAILED", "1:0", "2024-09-25T09:52:31", "2024-09-25T10:15:04", "node04[12-17]"),
    ])
    return {"name": "bb02_mmu_faults_kill_a_different_rank_each_attempt", "files": files,
            "label": label("dependency", "framework", None, None, "stop",
                           "Xid 31 FAULT_PDE at the identical virtual address hits a different node and GPU in each attempt and on unrelated jobs across the partition, starting only after the driver 560.35.03 image rollout; the same job ran clean on 550.90.07. A driver regression, not one bad GPU.",
                           "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1370")}


def render_T(L, ltz):
    from kit import render_kernel
    return render_kernel(L, "", "T", ltz=ltz)


def node_info_local(h, boot, now, drv, extra):
    from kit import node_info
    return node_info(h, boot, now, drv, extra)


def kt(L, host, fmt, boot=None, ltz=None):
    from kit import render_kernel
    return render_kernel(L, host, fmt, boot=boot, ltz=ltz)


def ni_txt(h, boot, now, drv, extra=()):
    from kit import node_info
    return node_info(h, boot, now, drv, extra)


def dl_keyerror(job, ni, lr, t, worker=3):
    p = job.pfx(lr)
    g = job.g(ni, lr)
    return "\n".join(f"{p}[rank{g}]: {x}" for x in [
        "Traceback (most recent call last):",
        f'  File "/workspace/{job.script}", line 702, in <module>',
        "    main()",
        f'  File "/workspace/{job.script}", line 655, in main',
        "    batch = next(train_iter)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 630, in __next__',
        "    data = self._next_data()",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1344, in _next_data',
        "    return self._process_data(data)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1370, in _process_data',
        "    data.reraise()",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/_utils.py", line 706, in reraise',
        "    raise exception",
        f"KeyError: Caught KeyError in DataLoader worker process {worker}.",
        "Original Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/worker.py", line 309, in _worker_loop',
        "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/fetch.py", line 55, in fetch',
        "    return self.collate_fn(data)",
        '  File "/workspace/data/collate.py", line 57, in __call__',
        '    masks = [torch.as_tensor(s["attention_mask"]) for s in samples]',
        "KeyError: 'attention_mask'",
        ""])


# =============================================================================== bb03
def bb03():
    rng = random.Random(5703)
    hosts = ["dgx-h100-03", "dgx-h100-04", "dgx-h100-07"]
    ltz = tz(2)
    t0 = T(2024, 10, 2, 10, 15, 2)
    job = Job(rng, hosts, start=t0, ltz=ltz, script="sft.py", nccl="2.20.5", cuda="12.4")
    skew = [sec(0), sec(0), sec(-121.4)]
    tk = T(2024, 10, 2, 12, 2, 11, 402000)
    files = {}
    for ni, h in enumerate(hosts):
        sk = skew[ni]
        L = base_log(job, ni, t0 + sk, steps=(t0 + sk + sec(50), 1, nsteps(t0 + sec(50), tk, 1.37), 1.37),
                     config_lines=["args: model=mistral-7b sft data=/data/sft/mix_2024_09/*.jsonl seq_len=8192 lr=1e-5",
                                   "dataset: 1,842,113 samples from 37 shards (shard_0031..0037 added 2024-09-30)"])
        K = Log()
        K.add(t0 - sec(86400 * 2) + sk, "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000")
        K.add(t0 - sec(86400 * 2 - 60) + sk, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024")
        if ni == 1:
            L.add(tk, dl_keyerror(job, 1, 1, tk))
            L.extend(job.agent_lines(1, tk + sec(0.6), 1, exitcode=1))
            L.add(tk + sec(5.1), job.child_failed(1, tk + sec(5.1), [(tk, 1, 1, "[See inner exception above]")], 0))
            for lr in range(8):
                K.add(tk + sec(1.3 + 0.2 * lr), xid_line(job.bus[lr], 43, job.pids[1][lr], "python3", ch=rng.choice([8, 9, 0x18, 0x19])))
        else:
            te = tk + sec(1.9) + sk
            for lr in range(8):
                L.add(te + sec(0.01 * lr), job.nccl_remote_error(ni, lr, te, 1, kind="socket", seq=36532))
            L.extend(job.agent_lines(ni, te + sec(1.1), 0, exitcode=-6))
            L.add(te + sec(4.4), job.child_failed(ni, te + sec(4.4), [(te + sec(0.3 + 0.01 * lr), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][lr]}") for lr in range(8)], 0))
            for lr in range(8):
                K.add(te + sec(2.0 + 0.15 * lr), xid_line(job.bus[lr], 43, job.pids[ni][lr], "python3", ch=rng.choice([8, 9, 0x18, 0x19])))
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/dmesg.txt"] = kt(K, h, "T", ltz=ltz)
    files["dgx-h100-07/chronyc_tracking.txt"] = "\n".join([
        "Reference ID    : 00000000 ()", "Stratum         : 0", "Ref time (UTC)  : Thu Jan 01 00:00:00 1970",
        "System time     : 121.402315414 seconds slow of NTP time", "Last offset     : +0.000000000 seconds",
        "RMS offset      : 0.000000000 seconds", "Frequency       : 18.224 ppm slow", "Residual freq   : +0.000 ppm",
        "Skew            : 0.000 ppm", "Root delay      : 1.000000000 seconds", "Root dispersion : 1.000000000 seconds",
        "Update interval : 0.0 seconds", "Leap status     : Not synchronised", ""])
    files["slurm-88213.out"] = slurm_tail(88213, 0, hosts, tk, 1) + "\n"
    return {"name": "bb03_gpu_stopped_processing_on_every_gpu_after_abort", "files": files,
            "label": label("user_code", "script", None, None, "stop",
                           "Rank 9 dies on KeyError 'attention_mask' from a new data shard; the Xid 43s on all 24 GPUs follow the abort (the ones on dgx-h100-07 only look earlier because its clock is 121 s slow and unsynchronised).",
                           "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html")}


# =============================================================================== bb04
def bb04():
    rng = random.Random(5704)
    hosts = ["ip-10-1-3-11", "ip-10-1-3-19", "ip-10-1-3-27", "ip-10-1-3-40"]
    t0 = T(2024, 8, 14, 3, 0, 5)
    job = Job(rng, hosts, start=t0, script="train_vit.py", nccl="2.18.5", cuda="12.1", ip_base="10.1.3.")
    job.ips = ["10.1.3.11", "10.1.3.19", "10.1.3.27", "10.1.3.40"]
    st = 0.93
    t_steps = t0 + sec(70)
    boot = [t0 - sec(rng.randint(3600 * 20, 3600 * 40)) for _ in hosts]
    toom = t_steps + sec(9140 * st) + sec(0.4)
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t_steps, 1, 9139, st, {"jitter": 0.01}),
                     config_lines=["args: model=vit-h/14 img=336 global_bs=4096 num_workers=12 pin_memory=True cache_decoded=True",
                                   "dataset: LaionSubset(/fsx/laion400m/shards, 41.2M samples) with in-memory decoded-sample cache"])
        for k, s in enumerate(range(500, 9001, 500)):
            pct = 31.0 + s * 0.0071 + rng.uniform(-0.6, 0.6)
            L.add(t_steps + sec(s * st + 0.2), f"{job.pfx(0)}[rank{job.g(ni, 0)}]: [mem] step {s} host_used={pct * 1.1595 / 100:.2f}TiB/1.16TiB ({pct:.1f}%) dl_workers=96 sample_cache={s * 0.000419 * 1000:.2f}M")
        K = Log()
        K.add(boot[ni] + sec(12.5), "nvidia: module license 'NVIDIA' taints kernel.")
        K.add(boot[ni] + sec(14.1), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.183.01  Sun May 12 19:39:15 UTC 2024")
        K.add(boot[ni] + sec(19.7), "ena 0000:10:00.0: ENA device version: 0.10")
        if ni == 2:
            wpid = job.pids[2][4] + 1200 + 4 * 12
            K.add(toom, "python3 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0")
            K.add(toom, f"CPU: 57 PID: {wpid} Comm: python3 Tainted: P           OE     5.15.0-1063-aws #69~20.04.1-Ubuntu")
            K.add(toom, "Hardware name: Amazon EC2 p4d.24xlarge/, BIOS 1.0 10/16/2017")
            K.add(toom, "Mem-Info:")
            K.add(toom, "active_anon:287310211 inactive_anon:11842 isolated_anon:0\n active_file:1022 inactive_file:877 isolated_file:0\n unevictable:0 dirty:0 writeback:0\n slab_reclaimable:210455 slab_unreclaimable:398122\n mapped:9811 shmem:40911 pagetables:1187266 bounce:0\n free:4522107 free_pcp:411 free_cma:0")
            K.add(toom, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")
            for lr in range(8):
                K.add(toom, f"[{job.pids[2][lr]:7d}]  1000 {job.pids[2][lr]:5d} 29310442  3811203  31006720        0             0 python3")
                for w in range(3):
                    wp = job.pids[2][lr] + 1200 + lr * 12 + w * 3
                    rss = 7810332 if (lr == 4 and w == 0) else rng.randint(5800000, 7400000)
                    K.add(toom, f"[{wp:7d}]  1000 {wp:5d} {rss + 2200000:8d} {rss:8d}  {rss * 8:9d}        0             0 python3")
            K.add(toom, f"oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-1000.slice/session-4.scope,task=python3,pid={wpid},uid=1000")
            K.add(toom + sec(0.05), f"Out of memory: Killed process {wpid} (python3) total-vm:40125320kB, anon-rss:31241328kB, file-rss:70344kB, shmem-rss:0kB, UID:1000 pgtables:63112kB oom_score_adj:0")
            te = toom + sec(1.2)
            L.add(te, "\n".join(f"{job.pfx(4)}[rank20]: {x}" for x in [
                "Traceback (most recent call last):",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1133, in _try_get_data',
                "    data = self._data_queue.get(timeout=timeout)",
                '  File "/usr/lib/python3.10/multiprocessing/queues.py", line 113, in get',
                "    if not self._poll(timeout):",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py", line 66, in handler',
                "    _error_if_any_worker_fails()",
                f"RuntimeError: DataLoader worker (pid {wpid}) is killed by signal: Killed. ",
                "",
                "The above exception was the direct cause of the following exception:",
                "",
                "Traceback (most recent call last):",
                '  File "/workspace/train_vit.py", line 544, in <module>',
                "    main()",
                '  File "/workspace/train_vit.py", line 501, in main',
                "    images, labels = next(loader_iter)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1146, in _try_get_data',
                "    raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e",
                f"RuntimeError: DataLoader worker (pid(s) {wpid}) exited unexpectedly"]))
            L.extend(job.agent_lines(2, te + sec(0.4), 4, exitcode=1, style="old"))
            L.add(te + sec(8), job.child_failed(2, te + sec(8), [(te, 4, 1, "[See inner exception above]")], 0))
            for lr in range(8):
                for c in range(rng.randint(34, 46)):
                    K.add(te + sec(0.5 + 0.3 * lr + 0.002 * c), xid_line(job.bus[lr], 45, job.pids[2][lr], "python3", ch=c))
        else:
            te = toom + sec(2.6)
            for lr in range(8):
                L.add(te + sec(0.01 * lr), job.nccl_remote_error(ni, lr, te, 2, kind="socket", seq=77311))
            L.extend(job.agent_lines(ni, te + sec(1), 0, exitcode=-6, style="old"))
            L.add(te + sec(5), job.child_failed(ni, te + sec(5), [(te + sec(0.2 + 0.01 * lr), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][lr]}") for lr in range(8)], 0))
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/dmesg.txt"] = kt(K, h, "uptime", boot=boot[ni])
        files[f"{h}/node_info.txt"] = ni_txt(h, boot[ni], toom + sec(300), "535.183.01",
                                             ["$ free -g", "               total        used        free      shared  buff/cache   available",
                                              f"Mem:            1148  {rng.randint(1040, 1090) if ni != 2 else 58}  {rng.randint(20, 60) if ni != 2 else 1071}           0          12  {rng.randint(30, 90) if ni != 2 else 1080}"])
    return {"name": "bb04_preemptive_cleanup_flood_on_one_node_after_worker_killed", "files": files,
            "label": label("oom", "framework", None, None, "stop",
                           "The job's own in-memory sample cache grows host memory on every node (about 95% on all four); the kernel OOM killer takes a DataLoader worker on ip-10-1-3-27 first, and the Xid 45 flood there is only the cleanup of the killed ranks.",
                           "https://github.com/pytorch/pytorch/issues/13246")}


def aer_corrected(rp, dev, devname="nvidia", vid="10de:2330", n=1, multiple=False):
    out = [f"pcieport {rp}: AER: {'Multiple ' if multiple else ''}Corrected error received: {dev}",
           f"{devname} {dev}: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)",
           f"{devname} {dev}:   device [{vid}] error status/mask=00000001/0000e000",
           f"{devname} {dev}:    [ 0] RxErr                  (First)"]
    return "\n".join(out)


# =============================================================================== bb05
def bb05():
    rng = random.Random(5705)
    hosts = ["gpu-a3-011", "gpu-a3-012", "gpu-a3-013", "gpu-a3-014"]
    ltz = tz(-7)
    t0 = T(2024, 7, 19, 9, 0, 3)
    job = Job(rng, hosts, start=t0, ltz=ltz, script="pretrain.py")
    tc = T(2024, 7, 19, 13, 22, 5, 118000)
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(65), 1, nsteps(t0 + sec(65), tc, 1.41), 1.41), config_lines=[c.format(w=job.world) for c in CFG])
        K = Log()
        K.add(t0 - sec(3 * 86400), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024")
        K.add(t0 - sec(3 * 86400 - 8), "nvidia-fabricmanager: NVLink fabric initialized")
        if ni == 0:
            tb = T(2024, 7, 19, 10, 4, 51)
            for i in range(14):
                K.add(tb + sec(i * rng.uniform(0.5, 40)), aer_corrected("0000:16:02.0", "0000:17:00.0", "mlx5_core", "15b3:1021", multiple=i % 4 == 3))
        if ni == 2:
            rp, dev = "0000:a7:01.0", "0000:ab:00.0"
            K.add(tc - sec(0.31), f"pcieport {rp}: AER: Uncorrected (Fatal) error received: {dev}")
            K.add(tc - sec(0.31), f"nvidia {dev}: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)")
            K.add(tc - sec(0.31), f"nvidia {dev}: AER:   device [10de:2330] error status/mask=00040000/00000000")
            K.add(tc - sec(0.31), f"nvidia {dev}: AER:    [18] MalfTLP                (First)")
            K.add(tc - sec(0.31), f"nvidia {dev}: AER:   TLP Header: 4a000001 01000004 ab000000 00000000")
            K.add(tc - sec(0.30), f"nvidia {dev}: AER: can't recover (no error_detected callback)")
            K.add(tc - sec(0.22), f"pcieport {rp}: AER: Root Port link has been reset (-25)")
            K.add(tc - sec(0.21), f"pcieport {rp}: AER: subordinate device reset failed")
            K.add(tc - sec(0.20), f"pcieport {rp}: AER: device recovery failed")
            K.add(tc - sec(0.12), f"NVRM: GPU at PCI:0000:ab:00: GPU-7d21c0f4-51b9-2e3a-88c1-0e4f6a3b9d17")
            K.add(tc - sec(0.12), f"NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.")
            K.add(tc - sec(0.12), f"NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus.")
            K.add(tc - sec(0.11), f"NVRM: A GPU crash dump has been created. If possible, please run\nNVRM: nvidia-bug-report.sh as root to collect this data before\nNVRM: the NVIDIA kernel module is unloaded.")
            L.add(tc, job.cuda_error(2, 5, tc, "unspecified launch failure",
                                     file_line=('/usr/local/lib/python3.10/dist-packages/torch/optim/adamw.py", line 591, in _multi_tensor_adamw',
                                                "torch._foreach_add_(device_exp_avgs, device_grads, alpha=1 - beta1)")))
            L.add(tc + sec(0.05), f"{job.pfx(5)}{h}:{job.pids[2][5]}:{job.pids[2][5] + 131} [5] include/alloc.h:183 NCCL WARN Cuda failure 'unspecified launch failure'")
            L.extend(job.agent_lines(2, tc + sec(0.9), 5, exitcode=1))
            L.add(tc + sec(7), job.child_failed(2, tc + sec(7), [(tc, 5, 1, "[See inner exception above]")], 0))
            files[f"{h}/nvidia-smi.txt"] = "$ nvidia-smi\nUnable to determine the device handle for GPU0000:AB:00.0: Unknown Error\n"
        else:
            te = tc + sec(1.6 + 0.2 * ni)
            for lr in range(8):
                L.add(te + sec(0.01 * lr), job.nccl_remote_error(ni, lr, te, 2, kind="ib", seq=98841))
            L.extend(job.agent_lines(ni, te + sec(1), 0, exitcode=-6))
            L.add(te + sec(5), job.child_failed(ni, te + sec(5), [(te + sec(0.4 + 0.01 * lr), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][lr]}") for lr in range(8)], 0))
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/dmesg.txt"] = kt(K, h, "T", ltz=ltz)
    return {"name": "bb05_one_rank_unspecified_launch_failure_then_all_abort", "files": files,
            "label": label("gpu_hardware", "infrastructure", "gpu-a3-013", 21, "restart_without_node",
                           "gpu-a3-013 logs an uncorrected fatal PCIe AER (MalfTLP) on 0000:ab:00.0 with failed recovery, then Xid 79 for that GPU (local rank 5 = rank 21) which dies first; the corrected RxErr lines on gpu-a3-011 are an unrelated NIC bridge, hours earlier.",
                           "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1151")}


# =============================================================================== bb06
def bb06():
    rng = random.Random(5706)
    hosts = ["node0101", "node0102", "node0107", "node0108"]
    t0 = T(2024, 5, 2, 18, 30, 11)
    job = Job(rng, hosts, start=t0, script="train.py", nccl="2.19.3", cuda="12.3", torch="2.2.2")
    tc = t0 + sec(70 + 2209 * 1.52 + 0.7)
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(70), 1, 2209, 1.52), style="old",
                     config_lines=["args: model=gpt-2.7b seq_len=4096 pack_documents=True micro_bs=4 lr=1.6e-4",
                                   "data: /datasets/pile-dedup/tokenized (packing with EOD separator)"])
        K = Log()
        if ni in (2, 3):
            t = t0 - sec(3600 * 6)
            rp, dev = ("0000:40:01.1", "0000:41:00.0")
            while t < tc + sec(600):
                K.add(t, aer_corrected(rp, dev, "mlx5_core", "15b3:101d", multiple=rng.random() < 0.3))
                t = t + sec(rng.expovariate(1 / 19.0))
        K.add(t0 - sec(7200), "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.")
        if ni == 0:
            g = 0
            L.add(tc, "\n".join(f"{job.pfx(0)}[rank0]: {x}" for x in [
                "Traceback (most recent call last):",
                '  File "/workspace/train.py", line 611, in <module>',
                "    main()",
                '  File "/workspace/train.py", line 566, in main',
                "    batch = next(data_iter)",
                '  File "/workspace/data/packing.py", line 164, in __iter__',
                "    yield self.pack_documents(buf)",
                '  File "/workspace/data/packing.py", line 131, in pack_documents',
                '    assert len(tokens) <= self.max_seq_len, f"packed sequence length {len(tokens)} exceeds max_seq_len {self.max_seq_len}"',
                "AssertionError: packed sequence length 4103 exceeds max_seq_len 4096"]))
            L.extend(job.agent_lines(0, tc + sec(0.5), 0, exitcode=1, style="old"))
            L.add(tc + sec(6), job.child_failed(0, tc + sec(6), [(tc, 0, 1, "[See inner exception above]")], 0))
        else:
            te = tc + sec(1.2)
            for lr in range(8):
                L.add(te + sec(0.01 * lr), job.nccl_remote_error(ni, lr, te, 0, kind="ib", seq=17681))
            L.extend(job.agent_lines(ni, te + sec(1), 0, exitcode=-6, style="old"))
            L.add(te + sec(4), job.child_failed(ni, te + sec(4), [(te + sec(0.2 + 0.01 * lr), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][lr]}") for lr in range(8)], 0))
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/kern.log"] = kt(K, h, "syslog")
    files["slurm-40412.out"] = slurm_tail(40412, 0, hosts, tc, 1) + "\n"
    return {"name": "bb06_rank0_exits_while_two_nodes_spam_pcie_errors", "files": files,
            "label": label("user_code", "script", None, None, "stop",
                           "Rank 0 fails an assertion in the user's document-packing code (4103 > 4096 tokens); everyone else aborts on the closed connection. The thousands of corrected RxErr AER lines on node0107/node0108 were there hours before the job and never stop or escalate.",
                           "https://github.com/endlessm/linux/pull/625")}


# =============================================================================== bb07
def bb07():
    rng = random.Random(5707)
    hosts = ["node0412", "node0413", "node0414", "node0415"]
    spare = ["node0416", "node0417"]
    t0 = T(2024, 11, 5, 1, 0, 4)
    job = Job(rng, hosts, start=t0, script="pretrain.py", nccl="2.21.5")
    st = 2.31
    tsave = t0 + sec(80 + 6000 * st + 3)
    files = {}
    ost = "scratch-OST002a-osc-ffff9a3c5e2f1000"
    bad = sorted(rng.sample(range(32), 11))
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(80), 1, 6000, st, {"every": 50}),
                     config_lines=["args: model=llama-13b seq_len=4096 ckpt_every=2000 ckpt_dir=/lustre/scratch/proj-lm/ckpt",
                                   f"world_size={job.world} fsdp=FULL_SHARD"])
        if ni == 0:
            for s in (2000, 4000):
                ts = t0 + sec(80 + s * st + 2)
                L.add(ts, f"{job.pfx(0)}[rank0]: saving distributed checkpoint to /lustre/scratch/proj-lm/ckpt/step_{s}")
                L.add(ts + sec(41), f"{job.pfx(0)}[rank0]: checkpoint step_{s} saved in 41.3s")
            L.add(tsave, f"{job.pfx(0)}[rank0]: saving distributed checkpoint to /lustre/scratch/proj-lm/ckpt/step_6000")
        K = Log()
        K.add(t0 - sec(86400), "Lustre: Lustre: Build Version: 2.15.4")
        K.add(t0 - sec(86400 - 3), "Lustre: Mounted scratch-client")
        tl = tsave + sec(19 + ni * 0.4)
        K.add(tl, f"LustreError: 11-0: {ost}: operation ost_write to node 10.31.0.42@o2ib failed: rc = -107")
        K.add(tl + sec(0.01), f"Lustre: {ost}: Connection to scratch-OST002a (at 10.31.0.42@o2ib) was lost; in progress operations using this service will wait for recovery to complete")
        K.add(tl + sec(101), f"LustreError: 167-0: {ost}: This client was evicted by scratch-OST002a; in progress operations using this service will fail.")
        K.add(tl + sec(101.2), f"LustreError: {rng.randint(40000, 60000)}:0:(osc_request.c:1021:osc_init_grant()) {ost}: granted 3407872 but already consumed 67108864")
        K.add(tl + sec(102), f"Lustre: {ost}: Connection restored to 10.31.0.42@o2ib (at 10.31.0.42@o2ib)")
        files[f"{h}/kern.log"] = kt(K, h, "syslog")
        tfail = tsave + sec(121)
        for lr in range(8):
            g = job.g(ni, lr)
            if g in bad:
                L.add(tfail + sec(0.1 * lr), "\n".join(f"{job.pfx(lr)}[rank{g}]: {x}" for x in [
                    "Traceback (most recent call last):",
                    '  File "/workspace/pretrain.py", line 733, in <module>',
                    "    main()",
                    '  File "/workspace/pretrain.py", line 701, in main',
                    "    dcp.save(state_dict, checkpoint_id=ckpt_dir)",
                    '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/state_dict_saver.py", line 173, in _save_state_dict',
                    '    return distW.all_reduce("write", write_data, finish_checkpoint)',
                    '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/utils.py", line 210, in all_reduce',
                    "    raise result",
                    f"torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys({bad})",
                    f"Traceback (most recent call last): (RANK {bad[0]})",
                    '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py", line 246, in _write_files_from_queue',
                    "    _write_item(stream, data, write_item, storage_key)",
                    '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py", line 186, in _write_item',
                    "    torch.save(data, stream)",
                    f"OSError: [Errno 5] Input/output error: '/lustre/scratch/proj-lm/ckpt/step_6000/__{bad[0]}_0.distcp'"]))
        fails = [(tfail + sec(0.1 * lr), lr, 1, "[See inner exception above]") for lr in range(8) if job.g(ni, lr) in bad]
        if fails:
            L.extend(job.agent_lines(ni, fails[0][0] + sec(0.5), fails[0][1], exitcode=1))
            L.add(tfail + sec(6), job.child_failed(ni, tfail + sec(6), fails, 0))
        else:
            for lr in range(8):
                L.add(tfail + sec(1.5), job.nccl_remote_error(ni, lr, tfail + sec(1.5), 1, kind="ib", seq=61207))
            L.extend(job.agent_lines(ni, tfail + sec(2.5), 0, exitcode=-6))
            L.add(tfail + sec(6), job.child_failed(ni, tfail + sec(6), [(tfail + sec(1.6), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][lr]}") for lr in range(8)], 0))
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/nvidia-smi-q.txt"] = nvsmi_q(job.loc(tfail + sec(300)), "550.90.07", "12.4", gpus(rng, job.bus))
    # health sweep also pulled from the rest of the rack
    for h in spare:
        K = Log()
        K.add(t0 - sec(86400), "Lustre: Mounted scratch-client")
        g = gpus(rng, job.bus)
        if h == "node0417":
            tx = t0 + sec(3600 * 3 + 725)
            K.add(tx, xid_line("3a", 48, 190233, "python", part=6, sub=0))
            K.add(tx + sec(0.01), xid_line("3a", 63, 190233, "python", row=0xa3c51))
            K.add(tx + sec(0.4), xid_line("3a", 45, 190233, "python", ch=0x10))
            g[2].update({"ecc": {"v_dram_u": 1, "a_dram_u": 1}, "remap": {"u": 1, "pending": "Yes", "max": 639, "high": 1}})
        files[f"{h}/kern.log"] = kt(K, h, "syslog")
        files[f"{h}/nvidia-smi-q.txt"] = nvsmi_q(job.loc(tsave + sec(400)), "550.90.07", "12.4", g)
    files["sacct.txt"] = sacct([
        ("6120877", "llm13b", "gpu", "FAILED", "1:0", "2024-11-05T01:00:01", f"{tsave + sec(130):%Y-%m-%dT%H:%M:%S}", "node04[12-15]"),
        ("6120877.0", "torchrun", "", "FAILED", "1:0", "2024-11-05T01:00:03", f"{tsave + sec(130):%Y-%m-%dT%H:%M:%S}", "node04[12-15]"),
        ("6120911", "eval-sweep", "gpu", "FAILED", "1:0", "2024-11-05T03:40:17", "2024-11-05T04:12:09", "node04[16-17]")])
    files["health_sweep_README.txt"] = "collected by rack-sweep.sh at 2024-11-05T05:49Z from rack r04 (node0412-node0417): kern.log tail, nvidia-smi -q\n"
    return {"name": "bb07_checkpoint_save_fails_with_input_output_error", "files": files,
            "label": label("storage", "infrastructure", None, None, "restart",
                           "Every job node logs the Lustre client losing scratch-OST002a and being evicted during the step-6000 checkpoint, and 11 ranks fail with EIO; the connection comes back 100 s later. The Xid 48 DBE is on node0417, which ran another job and was never in this job's allocation.",
                           "https://wiki.helsinki.fi/display/it4sci/Lustre+Troubleshooting+Guide")}


def nsteps(t_first, t_end, st):
    return int((t_end - t_first).total_seconds() / st)


# =============================================================================== bb08
def bb08():
    rng = random.Random(5708)
    hosts = ["hgx-b2-03", "hgx-b2-04", "hgx-b2-05"]
    ltz = tz(-8)
    t0 = T(2025, 2, 13, 14, 0, 9)
    tend = T(2025, 2, 14, 14, 0, 12, 250000)
    job = Job(rng, hosts, start=t0, ltz=ltz, script="train.py", nccl="2.23.4", cuda="12.6", torch="2.5.1")
    st = 2.02
    last = nsteps(t0 + sec(90), tend, st)
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(90), 1, last, st, {"every": 100}),
                     config_lines=["args: model=llama-70b-lora seq_len=8192 max_steps=60000 save_every=1000", f"world_size={job.world}"])
        if ni == 0:
            for s in range(1000, last, 1000):
                L.add(t0 + sec(90 + s * st + 1), f"{job.pfx(0)}[rank0]: saved checkpoint step_{s} to /mnt/weka/ckpt/llama70b-lora")
        pid0 = job.pids[ni][0] - 7
        L.add(tend, f"W{f_torch_ts(job.loc(tend))[:-3]} {pid0} torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers")
        for lr in range(8):
            L.add(tend + sec(0.001 * lr), f"W{f_torch_ts(job.loc(tend + sec(0.001 * lr)))[:-3]} {pid0} torch/distributed/elastic/multiprocessing/api.py:897] Sending process {job.pids[ni][lr]} closing signal SIGTERM")
        if ni == 1:
            for lr in (2, 5):
                te = tend + sec(0.4)
                L.add(te, f"{job.pfx(lr)}{h}:{job.pids[ni][lr]}:{job.pids[ni][lr] + 131} [{lr}] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer hgx-b2-03.cluster.local<43117>")
        tt = tend + sec(2.1)
        L.add(tt, "\n".join([
            "Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/run.py", line 919, in main',
            "    run(args)",
            '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
            "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
            f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {pid0} got signal: 15"]))
        files[f"{h}/train.log"] = L.render()
    # hgx-b2-05: kernel journal covering the last three days, including an older event and a reboot
    K1, K2 = Log(), Log()
    tx = T(2025, 2, 11, 10, 14, 33, 91000)
    boot1 = T(2025, 2, 1, 7, 0, 0)
    K1.add(tx, xid_line("3a", 94, 77120, "python3"))
    K1.add(tx + sec(0.001), xid_line("3a", 63, 77120, "python3", row=0x1e0a7))
    K1.add(tx + sec(1.2), xid_line("3a", 43, 77120, "python3", ch=0x9))
    K1.add(tx + sec(2900), "reboot: Restarting system")
    boot2 = tx + sec(3120)
    K2.add(boot2, "Linux version 6.8.0-51-generic (buildd@lcy02-amd64-045) (x86_64-linux-gnu-gcc-13 (Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0) #52-Ubuntu SMP PREEMPT_DYNAMIC")
    K2.add(boot2 + sec(21), "NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  565.57.01  Release Build  (dvs-builder@U16-I3-B03-4-3)  Thu Oct 10 12:02:07 UTC 2024")
    K2.add(boot2 + sec(44), "nvidia 0000:3a:00.0: Enabling HDA controller")
    j = ["-- Journal begins at Tue 2025-02-11 00:00:00 PST, ends at Fri 2025-02-14 06:05:40 PST. --"]
    j += kt(K1, "hgx-b2-05", "iso", ltz=ltz).splitlines()
    j.append("-- Boot 7f3c2e91b0d84a5cb1e6f0a9d4c27e13 --")
    j += kt(K2, "hgx-b2-05", "iso", ltz=ltz).splitlines()
    files["hgx-b2-05/journalctl_k_3days.txt"] = "\n".join(j) + "\n"
    for ni, h in enumerate(hosts):
        g = gpus(rng, job.bus)
        if h == "hgx-b2-05":
            g[2].update({"ecc": {"a_dram_u": 1}, "remap": {"u": 1, "max": 639, "high": 1}})
        files[f"{h}/prolog_nvidia-smi-q.txt"] = nvsmi_q(job.loc(t0 - sec(40)), "565.57.01", "12.7", g, model="b200")
    files["slurm-5512093.out"] = f"slurmstepd: error: *** JOB 5512093 ON hgx-b2-03 CANCELLED AT {job.loc(tend):%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***\nsrun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
    files["sacct.txt"] = sacct([("5512093", "l70b-lora", "b200", "TIMEOUT", "0:0", f"{job.loc(t0 - sec(9)):%Y-%m-%dT%H:%M:%S}", f"{job.loc(tend + sec(30)):%Y-%m-%dT%H:%M:%S}", "hgx-b2-[03-05]"),
                                ("5512093.0", "torchrun", "", "CANCELLED", "0:15", f"{job.loc(t0):%Y-%m-%dT%H:%M:%S}", f"{job.loc(tend + sec(30)):%Y-%m-%dT%H:%M:%S}", "hgx-b2-[03-05]")])
    return {"name": "bb08_all_ranks_receive_sigterm_after_24_hours", "files": files,
            "label": label("unknown", "framework", None, None, "none",
                           "Slurm cancelled the job at its 24 h time limit and every rank got SIGTERM; training was healthy to the end. The Xid 94/63 on hgx-b2-05 is from another job two days earlier, before a reboot, and the prolog shows the row remap applied (pending No, no failure).",
                           "https://github.com/leptonai/gpud/pull/987")}


# =============================================================================== bb09
def bb09():
    rng = random.Random(5709)
    hosts = ["gpu-h100-05", "gpu-h100-06", "gpu-h100-07", "gpu-h100-08"]
    ltz = tz(9)
    t0 = T(2024, 12, 3, 0, 10, 2)
    job = Job(rng, hosts, start=t0, ltz=ltz, script="train.py", nccl="2.21.5")
    tc = T(2024, 12, 3, 2, 47, 31, 480000)
    st = 1.18
    last = nsteps(t0 + sec(70), tc, st)
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(70), 1, last, st), config_lines=[c.format(w=job.world) for c in CFG])
        K = Log()
        K.add(t0 - sec(40000), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Tue Oct  8 03:12:41 UTC 2024")
        K.add(t0 - sec(100), "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready")
        if ni == 2:
            K.add(tc - sec(0.12), xid_line("5d", 94, job.pids[2][3], "python3"))
            K.add(tc - sec(0.11), xid_line("5d", 63, job.pids[2][3], "python3", row=0x2b7f3))
            L.add(tc, job.cuda_error(2, 3, tc, "uncorrectable ECC error encountered",
                                     file_line=('/workspace/model/attention.py", line 207, in forward',
                                                "attn = flash_attn_varlen_func(q, k, v, cu_seqlens, cu_seqlens, max_len, max_len, causal=True)")))
            L.extend(job.agent_lines(2, tc + sec(0.7), 3, exitcode=1))
            L.add(tc + sec(6), job.child_failed(2, tc + sec(6), [(tc, 3, 1, "[See inner exception above]")], 0))
            g = gpus(rng, job.bus, {3: {"ecc": {"v_dram_u": 1, "a_dram_u": 1}, "remap": {"u": 1, "pending": "Yes", "max": 639, "high": 1}}})
            files[f"{h}/nvidia-smi-q.txt"] = nvsmi_q(job.loc(tc + sec(900)), "550.127.05", "12.4", g)
        else:
            tw = tc + sec(600 + rng.uniform(0.5, 2))
            for lr in range(8):
                L.add(tw + sec(0.02 * lr), job.watchdog_timeout(ni, lr, tw + sec(0.02 * lr), seq=62214))
            L.extend(job.agent_lines(ni, tw + sec(1.5), 0, exitcode=-6))
            L.add(tw + sec(6), job.child_failed(ni, tw + sec(6), [(tw + sec(0.5 + 0.01 * lr), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][lr]}") for lr in range(8)], 0))
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/syslog.txt"] = kt(K, h, "syslog", ltz=ltz)
    return {"name": "bb09_watchdog_timeouts_ten_minutes_after_one_rank_exited", "files": files,
            "label": label("gpu_memory", "infrastructure", "gpu-h100-07", 19, "restart",
                           "The first event is a contained ECC error (Xid 94, with Xid 63 row remap pending) on gpu-h100-07 GPU 3, killing rank 19; the watchdog timeouts on the other nodes come ten minutes later. Contained ECC with a pending remap: reset and restart.",
                           "https://github.com/leptonai/gpud/pull/1174")}


# =============================================================================== bb10
def bb10():
    rng = random.Random(5710)
    hosts = [f"a3mega-a3meganodeset-{i}" for i in range(4)]
    t0 = T(2025, 3, 8, 7, 30, 1)
    job = Job(rng, hosts, start=t0, script="train_dit.py", nccl="2.23.4", cuda="12.6", torch="2.5.1")
    tc = T(2025, 3, 8, 11, 4, 19, 733000)
    st = 0.88
    last = nsteps(t0 + sec(60), tc, st)
    boot = [t0 - sec(rng.randint(50000, 300000)) for _ in hosts]
    files = {}
    for ni, h in enumerate(hosts):
        L = base_log(job, ni, t0, steps=(t0 + sec(60), 1, last, st, {"every": 25}),
                     config_lines=["args: model=dit-xl/2 res=512 global_bs=2048 ema=0.9999", f"world_size={job.world}"])
        K = Log()
        K.add(boot[ni] + sec(9), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024")
        K.add(boot[ni] + sec(15), "gve 0000:06:00.0: GVE version 1.4.0")
        if ni == 2:
            K.add(tc - sec(0.08), xid_line("ba", 95, job.pids[2][6], "python3"))
            K.add(tc - sec(0.07), xid_line("ba", 154, act=1, actname="GPU Reset Required"))
            L.add(tc, job.cuda_error(2, 6, tc, "uncorrectable ECC error encountered",
                                     file_line=('/workspace/models/dit.py", line 318, in forward',
                                                "x = block(x, c)")))
            L.extend(job.agent_lines(2, tc + sec(0.6), 6, exitcode=1))
            L.add(tc + sec(6), job.child_failed(2, tc + sec(6), [(tc, 6, 1, "[See inner exception above]")], 0))
            for lr in range(8):
                for c in range(rng.randint(3, 9)):
                    K.add(tc + sec(0.7 + 0.1 * lr + 0.001 * c), xid_line(job.bus[lr], 45, job.pids[2][lr], "python3", ch=c))
            g = gpus(rng, job.bus, {6: {"ecc": {"v_dram_u": 2, "a_dram_u": 2}, "reset_req": "Yes", "recovery": "GPU Reset",
                                         "remap": {"u": 1, "pending": "Yes", "max": 639, "high": 1}}})
            files[f"{h}/nvidia-smi-q.txt"] = nvsmi_q(tc + sec(420), "550.90.07", "12.4", g)
        else:
            te = tc + sec(1.3 + 0.3 * ni)
            for lr in range(8):
                L.add(te + sec(0.01 * lr), job.nccl_remote_error(ni, lr, te, 2, kind="ib", seq=40118))
            L.extend(job.agent_lines(ni, te + sec(1), 0, exitcode=-6))
            L.add(te + sec(5), job.child_failed(ni, te + sec(5), [(te + sec(0.3 + 0.01 * lr), lr, -6, f"Signal 6 (SIGABRT) received by PID {job.pids[ni][lr]}") for lr in range(8)], 0))
            if ni == 1:
                for lr in range(8):
                    K.add(te + sec(1.1 + 0.05 * lr), xid_line(job.bus[lr], 45, job.pids[1][lr], "python3", ch=rng.randint(0, 12)))
        files[f"{h}/train.log"] = L.render()
        files[f"{h}/dmesg.txt"] = kt(K, h, "uptime", boot=boot[ni])
        files[f"{h}/node_info.txt"] = ni_txt(h, boot[ni], tc + sec(400), "550.90.07")
    return {"name": "bb10_all_ranks_on_one_node_exit_together", "files": files,
            "label": label("gpu_memory", "infrastructure", "a3mega-a3meganodeset-2", 22, "restart_without_node",
                           "Raw dmesg on nodeset-2 (boot time from btime) shows an uncontained ECC error (Xid 95) on GPU 0000:ba (local rank 6 = rank 22) and a GPU Reset Required recovery action just before the crash; the Xid 45s on nodeset-1 and nodeset-2 are teardown after it.",
                           "https://github.com/scitix/sichek/pull/121")}
CASES = [bb01, bb02, bb03, bb04, bb05, bb06, bb07, bb08, bb09, bb10]
