"""Cases ba21-ba30: stragglers, contained ECC, recurrence across submissions, fabric, config errors."""
from __future__ import annotations

from cases_part1 import Events, lab
from cases_part2 import cuda_lines, rank_table
from corpus_lib import (
    A100_BUS,
    ANSI_RESET,
    CEST,
    H100_BUS,
    PDT,
    PY,
    UTC,
    Case,
    T,
    c10d,
    child_failed_block,
    cpp_frames_watchdog,
    dmesg_raw,
    dmesg_T,
    elastic_new,
    glog_stamp,
    label,
    nccl_init_lines,
    plus,
    rng_for,
    sacct_text,
    tqdm_cr_line,
    watchdog_block,
)


# --------------------------------------------------------------------------- ba21
def ba21():
    rng = rng_for(21)
    t0 = T(2025, 6, 2, 18, 4, 30)
    L = [elastic_new(t0, "W", 5120, "torch/distributed/run.py:793", "*****************************************"),
         elastic_new(t0, "W", 5120, "torch/distributed/run.py:793", "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "),
         elastic_new(t0, "W", 5120, "torch/distributed/run.py:793", "*****************************************")]
    cfg = ["data.format: jsonl (gzip)", "data.path: /datasets/code-mix/*.jsonl.gz (2,114 files)",
           "data.tokenize_on_the_fly: true", "data.num_workers: 0", "data.pin_memory: false",
           "data.shuffle_buffer: 200000", "model: 1.4B, seq_len 4096, micro_batch 8, bf16", "nodes: 2 x 8 x A100-80GB"]
    for c in cfg:
        L.append(f"[rank0]: [config] {c}")
    bar = tqdm_cr_line("train", 50000, 260, lambda i: 0.17 + (i % 7) * 0.001)
    ts = plus(t0, 40)
    for s in range(20, 521, 20):
        tt = plus(ts, s * 5.9)
        for r in range(8):
            dw = 5.24 + rng.uniform(-.12, .12)
            fb = 0.57 + rng.uniform(-.01, .01)
            L.append(f"[rank{r}]: {tt:%H:%M:%S} step {s:4d} | step_time {dw + fb + .09:.2f}s | data_wait {dw:.2f}s | fwd_bwd {fb:.2f}s | allreduce {0.09:.2f}s")
        if s % 100 == 0:
            L.append(f"[rank0]: {tt:%H:%M:%S} [cluster] step {s}: data_wait min/median/max over 16 ranks = 5.09/5.23/5.41 s; fwd_bwd 0.56/0.57/0.59 s; gpu util (nvml, 60s avg) min 8% max 11%")
        if s == 260:
            L.append(bar)
    L.append(f"[rank0]: {plus(ts, 521 * 5.9):%H:%M:%S} ETA at current rate: 81h 40m (expected ~9h from the 1-node benchmark with pre-tokenized shards)")
    L.append("^CW0602 19:00:11.120000 5120 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGINT death signal, shutting down workers")
    case = Case("ba21_every_rank_waits_five_seconds_per_step_single_log", label(
        "straggler", "script", None, "stop",
        "All ranks on both nodes are equally slow: ~5.2 s of every 5.9 s step is data_wait with num_workers=0 and on-the-fly "
        "tokenisation of gzip JSONL, GPUs at ~10% util. The input pipeline configuration, not a node.",
        "https://github.com/mlfoundations/open_clip/issues/703"))
    case.add("torchrun_console.log", "\n".join(L) + "\n")
    return case


# --------------------------------------------------------------------------- ba22
def ba22():
    rng = rng_for(22)
    nodes = ["gpu-b2-110", "gpu-b2-111", "gpu-b2-112", "gpu-b2-113"]
    slow = 3
    jid = 5120991
    t0 = T(2025, 1, 27, 11, 20, 0)
    ev = Events()
    ev.add(t0, f"job {jid} on gpu-b2-[110-113]: 32 ranks, timing report every 500 steps (per-rank median of last 500)")
    for i, n in enumerate(nodes):
        ev.add(plus(t0, 1 + i * .01), lab(i, 1) + n)
    ts = plus(t0, 90)
    clock = 0.0
    for s in range(500, 12001, 500):
        clock += 500 * 0.585
        tt = plus(ts, clock)
        ev.add(tt, lab(0, 1) + f"[default0]:[{tt:%H:%M:%S}] step {s} loss {2.05 - s * 2e-5 + rng.uniform(-.01, .01):.4f} step_time 0.585s tokens/s 1.79M")
        per = []
        for r in range(32):
            base = 401 + rng.uniform(-5, 5)
            if r // 8 == slow:
                base = 568 + rng.uniform(-6, 6)
            per.append(base)
        body = " ".join(f"r{r}={v:.0f}" for r, v in enumerate(per))
        ev.add(plus(tt, .01), lab(0, 1) + f"[default0]:[timing] step {s} fwd_bwd_ms {body}")
        meds = []
        for i in range(4):
            vals = sorted(per[i * 8:(i + 1) * 8])
            meds.append(f"{nodes[i]}={vals[4]:.0f}")
        ev.add(plus(tt, .02), lab(0, 1) + f"[default0]:[timing] step {s} node median fwd_bwd_ms: " + " ".join(meds) + " | comm_wait_ms (others) ~165")
    ev.add(plus(ts, clock + 5), "job cancelled by user after step 12000 (see ticket): throughput 29% below the 4-node baseline")
    ev.add(plus(ts, clock + 6), f"slurmstepd: error: *** JOB {jid} ON gpu-b2-110 CANCELLED AT {plus(ts, clock + 6):%Y-%m-%dT%H:%M:%S} ***")
    case = Case("ba22_throughput_29_percent_below_baseline_per_rank_timings", label(
        "straggler", "infrastructure", (nodes[slow], None), "run_diagnostics",
        "All eight ranks of gpu-b2-113 take ~568 ms per forward/backward against ~401 ms elsewhere, on every report; its "
        "dmesg has nothing (no Xid, no throttling, no link messages). A slow node without evidence needs diagnostics.",
        "https://github.com/AI-Infra-Team/awesome-papers/issues/53"))
    case.add(f"slurm-{jid}.out", ev.text())
    dm = [
        f"{dmesg_raw(0.0)} Linux version 5.15.0-126-generic (buildd@lcy02-amd64-030) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #136-Ubuntu SMP Wed Nov 6 10:38:22 UTC 2024 (Ubuntu 5.15.0-126.136-generic 5.15.167)",
        f"{dmesg_raw(0.0)} Command line: BOOT_IMAGE=/vmlinuz-5.15.0-126-generic root=UUID=4b1f... ro pci=realloc=off iommu=pt",
        f"{dmesg_raw(1.204411)} ACPI: SRAT: Node 0 PXM 0 [mem 0x00000000-0x7fffffff]",
        f"{dmesg_raw(9.772013)} nvidia: module license 'NVIDIA' taints kernel.",
        f"{dmesg_raw(10.118820)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
        f"{dmesg_raw(11.402266)} nvidia-fabricmanager: fabric manager started",
        f"{dmesg_raw(14.883101)} mlx5_core 0000:1a:00.0 ibp26s0: Link up",
        f"{dmesg_raw(14.901772)} mlx5_core 0000:3c:00.0 ibp60s0: Link up",
        f"{dmesg_raw(15.228019)} mlx5_core 0000:4d:00.0 ibp77s0: Link up",
        f"{dmesg_raw(15.230044)} mlx5_core 0000:5e:00.0 ibp94s0: Link up",
        f"{dmesg_raw(88.120115)} IPv6: ADDRCONF(NETDEV_CHANGE): ibp26s0: link becomes ready",
        f"{dmesg_raw(604811.330021)} systemd-journald[1211]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0, suggesting rotation.",
        f"{dmesg_raw(621030.554108)} audit: type=1400 audit(1737976830.114:88): apparmor=\"STATUS\" operation=\"profile_replace\" info=\"same as current profile, skipping\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=88121 comm=\"apparmor_parser\"",
    ]
    case.add(f"{nodes[slow]}/dmesg.txt", "\n".join(dm) + "\n")
    return case


# --------------------------------------------------------------------------- ba23
def ba23():
    rng = rng_for(23)
    nodes = ["hgx-07-01", "hgx-07-02", "hgx-07-03", "hgx-07-04"]
    bi, bl = 2, 5
    br = bi * 8 + bl
    jid = 3391022
    tz = CEST
    t0 = T(2024, 8, 14, 9, 0, 12, tz=tz)
    ev = Events()
    ev.add(t0, f"{t0.astimezone(UTC):%Y-%m-%dT%H:%M:%SZ} job {jid} hgx-07-[01-04] (A100-SXM4-80GB)")
    ev.extend(plus(t0, 1), rank_table(lab(0, 1) + "[default0]:", nodes))
    for ni, n in enumerate(nodes):
        for lr in range(8):
            r = ni * 8 + lr
            pid = 60110 + ni * 17 + lr
            tt = plus(t0, 22 + ni * .02 + lr * .003)
            ev.add(tt, lab(ni, 1) + f"{n}:{pid}:{pid + 212} [{lr}] NCCL INFO comm 0x{0x5644e0a0 + r:x} rank {r} nranks 32 cudaDev {lr} nvmlDev {lr} busId {A100_BUS[lr]} commId 0x3b9de01f77c2aa81 - Init COMPLETE")
    ts = plus(t0, 60)
    t_fail = T(2024, 8, 14, 13, 48, 51, 330000, tz=tz)
    s = 0
    while True:
        s += 100
        tt = plus(ts, s * .74)
        if tt >= t_fail:
            break
        ev.add(tt, lab(0, 1) + f"[default0]:{tt.astimezone(UTC):%Y-%m-%dT%H:%M:%S.%f}"[:-3] + f"Z step={s} loss={1.41 - s * 4e-6 + rng.uniform(-.01, .01):.4f}")
    pre = lab(bi, 1) + f"[default{bl}]:"
    blk = [
        f"[rank{br}]: Traceback (most recent call last):",
        f'[rank{br}]:   File "/srv/seg/train_seg.py", line 266, in <module>',
        f"[rank{br}]:     main()",
        f'[rank{br}]:   File "/srv/seg/train_seg.py", line 231, in main',
        f"[rank{br}]:     scaler.step(optimizer)",
        f'[rank{br}]:   File "{PY}/torch/amp/grad_scaler.py", line 454, in step',
        f"[rank{br}]:     retval = self._maybe_opt_step(optimizer, optimizer_state, *args, **kwargs)",
        f'[rank{br}]:   File "{PY}/torch/amp/grad_scaler.py", line 351, in _maybe_opt_step',
        f'[rank{br}]:     if not sum(v.item() for v in optimizer_state["found_inf_per_device"].values()):',
        f"[rank{br}]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
    ] + [f"[rank{br}]: {x}" for x in cuda_lines()]
    ev.extend(t_fail, [pre + x for x in blk], step=1e-4)
    for ni in range(4):
        for lr in (1, 6):
            r = ni * 8 + lr
            if ni == bi:
                continue
            tt = plus(t_fail, 3.1 + ni * .1 + lr * .01)
            ev.add(tt, lab(ni, 1) + f"[default{lr}]:" + c10d(r, "E", tt, "ProcessGroupNCCL.cpp:1515",
                   f"[PG 0 Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5"))
    tk = plus(t_fail, 35)
    for ni, n in enumerate(nodes):
        lr0 = bl if ni == bi else 1
        root = dict(time=t_fail if ni == bi else plus(t_fail, 3.2), host=n, rank=ni * 8 + lr0, local=lr0,
                    exitcode=1 if ni == bi else -6, pid=60110 + ni * 17 + lr0)
        ev.extend(plus(tk, ni), [lab(ni, 1) + x for x in child_failed_block("train_seg.py", [], root)], step=1e-4)
    case = Case("ba23_one_rank_reports_uncorrectable_ecc_mid_run", label(
        "gpu_memory", "infrastructure", (nodes[bi], br), "restart",
        "Rank 21 (hgx-07-03, cudaDev 5, busId 90000) raises 'uncorrectable ECC error'; that node's dmesg (local CEST time, "
        "same instant as the UTC step log) shows Xid 94, a contained error, plus Xid 63 row remap pending: the GPU recovers "
        "after a reset, so a plain restart is enough.", "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html"))
    case.add(f"slurm-{jid}.out", ev.text())
    kt = plus(t_fail, -.4)
    pci = "0000:90:00"
    dm = [
        f"{dmesg_T(T(2024, 8, 2, 16, 11, 2, tz=tz))} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Tue Mar  5 22:42:15 UTC 2024",
        f"{dmesg_T(T(2024, 8, 13, 22, 40, 19, tz=tz))} NVRM: Xid (PCI:0000:87:00): 13, pid=441290, name=python, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address",
        f"{dmesg_T(T(2024, 8, 13, 22, 40, 19, tz=tz))} NVRM: Xid (PCI:0000:87:00): 13, pid=441290, name=python, Graphics Exception: ESR 0x52c730=0x8000000e 0x52c734=0x20 0x52c728=0xc81eb60 0x52c72c=0x1174",
        f"{dmesg_T(kt)} NVRM: Xid (PCI:{pci}): 94, pid={60110 + bi * 17 + bl}, name=python3, Contained: SM (0x1). RST: No, D-RST: No",
        f"{dmesg_T(kt)} NVRM: Xid (PCI:{pci}): 63, pid={60110 + bi * 17 + bl}, name=python3, Row Remapper: New row (0x00000000002f81c0) marked for remapping, reset gpu to activate.",
        f"{dmesg_T(plus(kt, 1))} NVRM: Xid (PCI:{pci}): 45, pid={60110 + bi * 17 + bl}, name=python3, Ch 00000008",
    ]
    case.add(f"{nodes[bi]}/dmesg.txt", "\n".join(dm) + "\n")
    return case


# --------------------------------------------------------------------------- ba24
def _nan_run(rng, jid, nodes, expr, t0, resume, fail_step, bad_rank):
    L = [f"[{t0:%Y-%m-%d %H:%M:%S}] job {jid} on {expr}; resume from /ckpt/wm-8b/step_{resume:06d}"]
    L += rank_table("[rank0] ", nodes)
    ts = plus(t0, 150)
    for s in range(resume + 10, fail_step, 10):
        tt = plus(ts, (s - resume) * 2.02)
        L.append(f"[rank0] [{tt:%H:%M:%S}] step {s} loss {2.011 + rng.uniform(-.015, .015):.4f} gnorm {0.212 + rng.uniform(-.02, .02):.3f} lr 1.9e-04")
    tf = plus(ts, (fail_step - resume) * 2.02)
    host = nodes[bad_rank // 8]
    L.append(f"[rank{bad_rank}] [{tf:%H:%M:%S}] [nan-guard] step {fail_step}: non-finite local grad norm (inf) on {host} cuda:{bad_rank % 8}; first bad tensor layers.21.mlp.w1.weight.grad (max abs inf, 412 non-finite elements)")
    L.append(f"[rank{bad_rank}] [{tf:%H:%M:%S}] [nan-guard] step {fail_step}: local loss before backward = 2.0087 (finite)")
    for r in range(len(nodes) * 8):
        L.append(f"[rank{r}] RuntimeError: [nan-guard] non-finite gradients reported by ranks [{bad_rank}] at step {fail_step}; refusing to apply the update")
    L.append(f"srun: error: {nodes[0]}: task 0: Exited with exit code 1")
    for i in range(1, len(nodes)):
        L.append(f"srun: error: {nodes[i]}: task {i}: Exited with exit code 1")
    return L, tf


def ba24():
    rng = rng_for(24)
    bad = "gpu-h-031"
    n1 = ["gpu-h-029", "gpu-h-030", "gpu-h-031", "gpu-h-032"]
    n2 = ["gpu-h-031", "gpu-h-040", "gpu-h-041", "gpu-h-042"]
    a, tf1 = _nan_run(rng, 4410021, n1, "gpu-h-[029-032]", T(2025, 4, 22, 1, 10, 0), 18000, 18211, 2 * 8 + 3)
    b, tf2 = _nan_run(rng, 4410388, n2, "gpu-h-[031,040-042]", T(2025, 4, 22, 2, 31, 0), 18000, 18090, 0 * 8 + 3)
    case = Case("ba24_non_finite_grads_on_a_single_rank_two_submissions", label(
        "gpu_memory", "infrastructure", (bad, None), "restart_without_node",
        "Both submissions die on a NaN-guard where exactly one rank has inf gradients with a finite loss and no spike: rank 19 in "
        "the first job and rank 3 in the second, both gpu-h-031 cuda:3. That GPU (5D:00) logs Xid 63/64 and nvidia-smi reports a "
        "row-remapping failure.", "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html"))
    case.add("slurm-4410021.out", "\n".join(a) + "\n")
    case.add("slurm-4410388.out", "\n".join(b) + "\n")
    pci = "0000:5d:00"
    dm = []
    for t, pid in ((T(2025, 4, 21, 19, 2, 41), 61377), (plus(tf1, -1.2), 90419), (plus(tf2, -0.9), 14203)):
        dm.append(f"{dmesg_T(t)} NVRM: Xid (PCI:{pci}): 63, pid={pid}, name=python3, Row Remapper: New row (0x{(0x1c0000 + t.minute * 64):016x}) marked for remapping, reset gpu to activate.")
    dm.append(f"{dmesg_T(plus(tf2, -0.9))} NVRM: Xid (PCI:{pci}): 64, pid=14203, name=python3, Row Remapper: Failed to remap row (0x00000000001c01c0): no spare rows left in bank.")
    dm.insert(0, f"{dmesg_T(T(2025, 4, 19, 8, 0, 2))} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024")
    case.add(f"{bad}/dmesg.txt", "\n".join(dm) + "\n")
    q = ["==============NVSMI LOG==============", "",
         "Timestamp                                 : Tue Apr 22 04:12:55 2025", "Driver Version                            : 550.54.15", ""]
    for g in range(8):
        bus = H100_BUS[g][:2].upper()
        badg = g == 3
        q += [f"GPU 00000000:{bus}:00.0",
              "    Remapped Rows",
              "        Correctable Error                 : 0",
              f"        Uncorrectable Error               : {14 if badg else 0}",
              f"        Pending                           : {'Yes' if badg else 'No'}",
              f"        Remapping Failure Occurred        : {'Yes' if badg else 'No'}",
              "        Bank Remap Availability Histogram",
              f"            Max                           : {2556 if badg else 2560} bank(s)",
              "            High                          : 0 bank(s)",
              "            Partial                       : 0 bank(s)",
              f"            Low                           : {3 if badg else 0} bank(s)",
              f"            None                          : {1 if badg else 0} bank(s)", ""]
    case.add(f"{bad}/nvidia-smi-q-remap.txt", "\n".join(q))
    return case


# --------------------------------------------------------------------------- ba25
def _assert_run(rng, jid, nodes, expr, t0, resume, fail_step, bad_rank):
    L = [f"job {jid} nodes={expr} started {t0:%Y-%m-%d %H:%M:%S}"]
    L.append(lab(0, 1) + "[default0]:[model] gpt2-1.3b: n_layer=24 d_model=2048 vocab_size=50257 (from configs/gpt2-1.3b.json)")
    L.append(lab(0, 1) + "[default0]:[data] tokenizer /shared/tok/gpt2-ext: vocab 50304 (base 50257 + 47 added domain tokens)")
    L.append(lab(0, 1) + f"[default0]:[ckpt] resumed from step {resume}; data loader fast-forwarded to sample {resume * 512}")
    ts = plus(t0, 70)
    for s in range(resume + 25, fail_step, 25):
        tt = plus(ts, (s - resume) * .84)
        L.append(lab(0, 1) + f"[default0]:[{tt:%H:%M:%S}] step {s} loss {2.88 + rng.uniform(-.03, .03):.4f}")
    ni, lr = divmod(bad_rank, 8)
    pre = lab(ni, 1) + f"[default{lr}]:"
    for th in range(32, 40):
        L.append(pre + f"../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [211,0,0], thread: [{th},0,0] Assertion `srcIndex < srcSelectDimSize` failed.")
    L += [pre + x for x in [
        f"[rank{bad_rank}]: Traceback (most recent call last):",
        f'[rank{bad_rank}]:   File "/home/dpark/gpt/train.py", line 298, in <module>',
        f"[rank{bad_rank}]:     logits, loss = model(x, y)",
        f'[rank{bad_rank}]:   File "/home/dpark/gpt/model.py", line 181, in forward',
        f"[rank{bad_rank}]:     tok_emb = self.transformer.wte(idx)",
        f'[rank{bad_rank}]:   File "{PY}/torch/nn/modules/sparse.py", line 190, in forward',
        f"[rank{bad_rank}]:     return F.embedding(",
        f"[rank{bad_rank}]: RuntimeError: CUDA error: device-side assert triggered",
    ] + [f"[rank{bad_rank}]: {x}" for x in cuda_lines()]]
    tf = plus(ts, (fail_step - resume) * .84 + 600)
    for r in range(len(nodes) * 8):
        if r == bad_rank or r % 4:
            continue
        a, b = divmod(r, 8)
        L.append(lab(a, 1) + f"[default{b}]:" + c10d(r, "E", plus(tf, r * .01), "ProcessGroupNCCL.cpp:616", f"[Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={fail_step * 2 + 1}, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600071 milliseconds before timing out."))
    for i, n in enumerate(nodes):
        L.append(f"srun: error: {n}: task {i}: " + ("Exited with exit code 1" if i == ni else "Aborted"))
    return L, plus(ts, (fail_step - resume) * .84)


def ba25():
    rng = rng_for(25)
    n1 = ["node0111", "node0112", "node0113", "node0114"]
    n2 = ["node0139", "node0140", "node0141", "node0142"]
    a, tfa = _assert_run(rng, 6001245, n1, "node[0111-0114]", T(2024, 11, 2, 8, 0, 5), 7000, 7313, 9)
    b, tfb = _assert_run(rng, 6001977, n2, "node[0139-0142]", T(2024, 11, 2, 10, 41, 50), 7000, 7313, 9)
    case = Case("ba25_device_side_assert_on_a_different_node_each_submission", label(
        "user_code", "script", None, "stop",
        "Both submissions resume at 7000 and hit the same embedding index assert at step 7313 on rank 9 - on node0112 the first "
        "time, node0140 the second. The tokenizer has 50304 ids but the model's vocab_size is 50257; the Xid 43 lines are the "
        "driver reporting the killed context, not hardware.", "https://github.com/huggingface/transformers/issues/11008"))
    case.add("slurm-6001245.out", "\n".join(a) + "\n")
    case.add("slurm-6001977.out", "\n".join(b) + "\n")
    for node, t, pid in (("node0112", plus(tfa, .4), 301144), ("node0140", plus(tfb, .3), 117402)):
        dm = [f"{dmesg_T(plus(t, -86400 * 3))} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.183.06  Wed Jun 26 06:46:07 UTC 2024",
              f"{dmesg_T(t)} NVRM: Xid (PCI:0000:0f:00): 43, pid={pid}, name=python, Ch 00000008"]
        case.add(f"{node}/dmesg.txt", "\n".join(dm) + "\n")
    return case


# --------------------------------------------------------------------------- ba26
def ba26():
    rng = rng_for(26)
    nodes = [f"gpu-e-0{i}" for i in range(1, 9)]
    ips = {n: f"10.70.{1 + i // 4}.{21 + i}" for i, n in enumerate(nodes)}
    jid = 9302117
    ver = "2.23.4+cuda12.6"
    t0 = T(2025, 4, 12, 0, 2, 10)
    ev = Events()

    def ts(t):
        return f"[{t:%Y-%m-%d %H:%M:%S}.{t.microsecond:06d}]"

    def add(t, task, text):
        ev.add(t, f"{ts(t)} {lab(task, 1)}{text}")
    ev.add(t0, f"{ts(t0)} job {jid}: 8 nodes, output piped through ts(1)")
    for ni, n in enumerate(nodes):
        for lr in range(8):
            pid = 41000 + ni * 60 + lr
            tt = plus(t0, 30 + ni * .04 + lr * .004)
            for k, ln in enumerate(nccl_init_lines(n, pid, pid + 377, lr, ni * 8 + lr, 64, H100_BUS[lr], 8, ver, ip=ips[n])[::2]):
                add(plus(tt, k * 1e-4), ni, ln)
    tr = plus(t0, 70)
    t_flap = T(2025, 4, 12, 1, 9, 52, 221000)
    t_fail = T(2025, 4, 12, 2, 11, 41, 530000)
    s = 0
    while True:
        s += 20
        tt = plus(tr, s * 2.2)
        if tt >= t_fail:
            break
        add(tt, 0, f"[default0]:it {s} loss {2.61 - s * 2e-5 + rng.uniform(-.01, .01):.4f} 2.20 s/it")
    # red herring: an hour earlier one HCA port on gpu-e-05 bounced, NCCL retried and training continued
    add(t_flap, 4, f"gpu-e-05:{41000 + 4 * 60 + 6}:{41000 + 4 * 60 + 6 + 379} [6] NCCL INFO NET/IB : Got async event : port error")
    add(plus(t_flap, 6.1), 4, f"gpu-e-05:{41000 + 4 * 60 + 6}:{41000 + 4 * 60 + 6 + 379} [6] NCCL INFO NET/IB : Got async event : port active")
    reporters = [0, 1, 2, 4, 5, 7]
    for j, ni in enumerate(reporters):
        n = nodes[ni]
        for lr in range(8):
            peer = nodes[(ni + 1 + (lr % 3) * 2) % 8]
            pid = 41000 + ni * 60 + lr
            tt = plus(t_fail, j * .31 + lr * .02 + rng.uniform(0, .05))
            add(tt, ni, f"{n}:{pid}:{pid + 379} [{lr}] transport/net_ib.cc:2153 NCCL WARN NET/IB: Got completion from peer {ips[peer]}<{47000 + lr}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ips[n]} remoteGids::ffff:{ips[peer]} hca mlx5_{lr}")
            add(plus(tt, 1e-4), ni, f"{n}:{pid}:{pid + 379} [{lr}] NCCL INFO transport/net.cc:1261 -> 6")
            add(plus(tt, 2e-4), ni, f"{n}:{pid}:{pid + 379} [{lr}] NCCL INFO proxy.cc:744 -> 6")
    tw = plus(t_fail, 3)
    for ni in range(8):
        for lr in range(8):
            r = ni * 8 + lr
            tt = plus(tw, ni * .1 + lr * .01)
            add(tt, ni, f"[default{lr}]:" + c10d(r, "E", tt, "ProcessGroupNCCL.cpp:1895",
                f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.23.4"))
    tk = plus(t_fail, 40)
    for ni, n in enumerate(nodes):
        ev.add(plus(tk, ni * .2), f"{ts(plus(tk, ni * .2))} srun: error: {n}: task {ni}: Exited with exit code 1")
    te = plus(tk, 30)
    ev.add(te, f"{ts(te)} [epilog] ib port check (ibstat, 8 HCAs per node):")
    for ni, n in enumerate(nodes):
        note = ("link-downed counter on mlx5_6 +1 since job start, symbol errors unchanged" if n == "gpu-e-05"
                else "symbol/link-downed counters unchanged since job start")
        ev.add(plus(te, .1 + ni * .01), f"{ts(plus(te, .1 + ni * .01))} [epilog]   {n}: 8/8 ports State: Active, Physical state: LinkUp, Rate: 400, {note}")
    case = Case("ba26_transport_retry_errors_from_six_hosts_within_two_seconds", label(
        "network", "infrastructure", None, "restart",
        "Six of eight hosts report retry-exceeded completions within ~2 s, each towards different peers, and every node's ports "
        "are still Active/LinkUp with unchanged error counters afterwards. The fabric between the hosts failed, not one node; "
        "gpu-e-05's port bounce an hour earlier recovered.", "https://github.com/NVIDIA/nccl/issues/1405"))
    case.add(f"slurm-{jid}.out", ev.text())
    case.add("sacct.txt", sacct_text([
        [str(jid), "pt-34b", "h100", "found", "1536", "FAILED", "1:0", "02:10:23", "gpu-e-[01-08]"],
        [f"{jid}.batch", "batch", "", "found", "192", "FAILED", "1:0", "02:10:23", "gpu-e-01"],
        [f"{jid}.0", "torchrun", "", "found", "1536", "FAILED", "1:0", "02:10:01", "gpu-e-[01-08]"],
    ]))
    return case


# --------------------------------------------------------------------------- ba27
def ba27():
    t0 = T(2024, 8, 1, 10, 15, 2)
    B, RD, YL, DM, R = "\x1b[1m", "\x1b[31m", "\x1b[33m", "\x1b[2m", ANSI_RESET
    out = {}
    for ni in range(2):
        L = [f"{DM}[launcher]{R} host=gpu-l40s-0{ni + 3} node_rank={ni} venv=/home/akim/venvs/llm-2407 (created 2024-07-30 from requirements.txt)",
             f"{DM}[launcher]{R} python=/home/akim/venvs/llm-2407/bin/python torch=2.3.1+cu121",
             elastic_new(t0, "W", 2211 + ni, "torch/distributed/run.py:757", "*****************************************"),
             elastic_new(t0, "W", 2211 + ni, "torch/distributed/run.py:757", "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "),
             elastic_new(t0, "W", 2211 + ni, "torch/distributed/run.py:757", "*****************************************")]
        for lr in range(8):
            r = ni * 8 + lr
            L += [
                f"[rank{r}]: {RD}╭─────────────────────────────── {B}Traceback {R}{DM}{RD}(most recent call last){R}{RD} ────────────────────────────────╮{R}",
                f"[rank{r}]: {RD}│{R} {YL}/home/akim/proj/llm/{R}{B}{YL}train.py{R}:{B}9{R} in {B}<module>{R}                                               {RD}│{R}",
                f"[rank{r}]: {RD}│{R}                                                                                         {RD}│{R}",
                f"[rank{r}]: {RD}│{R}    6 import torch.distributed as dist                                                 {RD}│{R}",
                f"[rank{r}]: {RD}│{R}    7 from transformers import AutoModelForCausalLM, AutoTokenizer                      {RD}│{R}",
                f"[rank{r}]: {RD}│{R}    8                                                                                  {RD}│{R}",
                f"[rank{r}]: {RD}│{R} {RD}❱{R}  9 from lab_utils.metrics import TokenThroughput, log_to_wandb                       {RD}│{R}",
                f"[rank{r}]: {RD}│{R}   10 from lab_utils.data import PackedDataset                                         {RD}│{R}",
                f"[rank{r}]: {RD}│{R}   11                                                                                  {RD}│{R}",
                f"[rank{r}]: {RD}╰─────────────────────────────────────────────────────────────────────────────────────────╯{R}",
                f"[rank{r}]: {B}{RD}ModuleNotFoundError: {R}No module named {YL}'lab_utils'{R}",
            ]
        tf = plus(t0, 6)
        L.append(elastic_new(tf, "E", 2211 + ni, "torch/distributed/elastic/multiprocessing/api.py:826", f"failed (exitcode: 1) local_rank: 0 (pid: {2230 + ni * 40}) of binary: /home/akim/venvs/llm-2407/bin/python"))
        root = dict(time=tf, host=f"gpu-l40s-0{ni + 3}", rank=ni * 8, local=0, exitcode=1, pid=2230 + ni * 40)
        fails = [dict(time=tf, host=f"gpu-l40s-0{ni + 3}", rank=ni * 8 + k, local=k, exitcode=1, pid=2230 + ni * 40 + k) for k in range(1, 8)]
        L += child_failed_block("train.py", fails, root, py="/home/akim/venvs/llm-2407/lib/python3.11/site-packages")
        out[ni] = L
    case = Case("ba27_all_sixteen_ranks_fail_in_the_first_second_coloured", label(
        "dependency", "script", None, "stop",
        "Every rank on both nodes fails at line 9 of train.py importing lab_utils, the user's own package that the freshly "
        "created venv does not contain. A dependency of the user's project, the same everywhere.",
        "https://pytorch.org/docs/stable/elastic/errors.html"))
    case.add("torchrun_node0.log", "\n".join(out[0]) + "\n")
    case.add("torchrun_node1.log", "\n".join(out[1]) + "\n")
    return case


# --------------------------------------------------------------------------- ba28
def ba28():
    rng = rng_for(28)
    nodes = ["a3u-gpu-0216", "a3u-gpu-0217", "a3u-gpu-0218", "a3u-gpu-0219"]
    bi, bl = 3, 5
    br = bi * 8 + bl
    jid = 7719930
    ver = "2.21.5+cuda12.4"
    tz = PDT
    t0 = T(2024, 9, 30, 11, 58, 2, tz=tz)
    ev = Events()
    ev.add(t0, f"job {jid} start (cluster local time): {t0:%a %b %d %H:%M:%S PDT %Y}; trainer logs in UTC")
    for ni, n in enumerate(nodes):
        ev.add(plus(t0, 1 + ni * .01), lab(ni, 1) + n)
    ev.add(plus(t0, 18), lab(2, 1) + f"[default4]:[W{glog_stamp('', plus(t0, 18))} socket.cpp:464] [c10d] waitForInput: poll for socket SocketImpl(fd=31, addr=[a3u-gpu-0218]:50112, remote=[a3u-gpu-0216]:29500) returned 0, likely a timeout")
    ev.add(plus(t0, 18.01), lab(2, 1) + f"[default4]:[W{glog_stamp('', plus(t0, 18.01))} socket.cpp:489] [c10d] waitForInput: socket SocketImpl(fd=31, addr=[a3u-gpu-0218]:50112, remote=[a3u-gpu-0216]:29500) timed out after 3000ms")
    pids = {}
    for ni, n in enumerate(nodes):
        for lr in range(8):
            r = ni * 8 + lr
            pid = 15300 + ni * 41 + lr
            pids[r] = pid
            tt = plus(t0, 25 + ni * .03 + lr * .002)
            for k, ln in enumerate(nccl_init_lines(n, pid, pid + 611, lr, r, 32, H100_BUS[lr], 4, ver, ip=f"10.128.0.{71 + ni}")):
                ev.add(plus(tt, k * 1e-4), lab(ni, 1) + ln)
    ts = plus(t0, 80)
    t_x = T(2024, 9, 30, 14, 5, 31, tz=tz)
    s = 0
    while True:
        s += 10
        tt = plus(ts, s * 2.64)
        if tt >= plus(t_x, -2):
            break
        ev.add(tt, lab(0, 1) + f"[default0]:{tt.astimezone(UTC):%Y-%m-%dT%H:%M:%S}Z step={s} loss={2.37 - s * 3e-5 + rng.uniform(-.01, .01):.4f} s/step=2.64")
    seq = s * 3
    tw = plus(t_x, 601.3)
    for r in range(32):
        if r == br:
            continue
        ni, lr = divmod(r, 8)
        tt = plus(tw, rng.uniform(0, 1.1))
        for k, ln in enumerate(watchdog_block(r, tt, seq, "REDUCE_SCATTER", 67108864, pg="1", src_line=616)):
            ev.add(plus(tt, k * 1e-4), lab(ni, 1) + f"[default{lr}]:" + ln)
    tk = plus(tw, 42)
    for ni, n in enumerate(nodes):
        lr0 = (ni * 3 + 1) % 8
        root = dict(time=plus(tw, .3), host=n, rank=ni * 8 + lr0, local=lr0, exitcode=-6, pid=pids[ni * 8 + lr0])
        ev.extend(plus(tk, ni), [lab(ni, 1) + x for x in child_failed_block("train.py", [], root)], step=1e-4)
    ev.add(plus(tk, 8), lab(bi, 1) + elastic_new(plus(tk, 8), "W", 15290, "torch/distributed/elastic/multiprocessing/api.py:915",
                                                 f"Unable to shutdown process {pids[br]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL"))
    for ni, n in enumerate(nodes):
        ev.add(plus(tk, 12 + ni * .1), f"srun: error: {n}: task {ni}: Exited with exit code 1")
    case = Case("ba28_reduce_scatter_timeouts_with_local_and_utc_clocks", label(
        "gpu_hardware", "infrastructure", (nodes[bi], br), "restart_without_node",
        "31 ranks time out ten minutes after the last step; rank 29 never reports and has to be SIGKILLed. The dmesg of "
        "a3u-gpu-0219 (Pacific time, 21:05 UTC) shows Xid 119 GSP RPC timeouts on 0000:ab:00 - cudaDev 5, i.e. rank 29 - "
        "about 20 s after the last logged step, ending in 'Node Reboot Required'.", "https://docs.nvidia.com/deploy/xid-errors/index.html"))
    case.add(f"slurm-{jid}.out", ev.text())
    pci = "0000:ab:00"
    d = [f"{dmesg_T(T(2024, 9, 27, 7, 44, 0, tz=tz))} NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.90.07  Release Build  (dvs-builder@U16-I3-B03-4-3)  Fri May 31 09:30:47 UTC 2024"]
    for k in range(3):
        t = plus(t_x, k * 6)
        d.append(f"{dmesg_T(t)} NVRM: Xid (PCI:{pci}): 119, pid={pids[br]}, name=python3, Timeout after 6s of waiting for RPC response from GPU5 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20802a02 0x8).")
        if k == 0:
            d.append(f"{dmesg_T(t)} NVRM: GPU5 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020802a02 0x0000000000000008.")
            d.append(f"{dmesg_T(t)} NVRM: GPU5 RPC history (CPU -> GSP):")
            d.append(f"{dmesg_T(t)} NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling")
            d.append(f"{dmesg_T(t)} NVRM:      0    76   GSP_RM_CONTROL        0x0000000020802a02 0x0000000000000008 0x00062358a1d7f3c2 0x0000000000000000          y")
    d.append(f"{dmesg_T(plus(t_x, 19))} NVRM: Xid (PCI:{pci}): 154, pid='<unknown>', name=<unknown>, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)")
    case.add(f"{nodes[bi]}/dmesg.txt", "\n".join(d) + "\n")
    return case


# --------------------------------------------------------------------------- ba29
def ba29():
    jid = 2580117
    nodes = ["cmp-gpu-12", "cmp-gpu-13"]
    t0 = T(2024, 7, 9, 16, 30, 11)
    ev = Events()
    ev.add(t0, f"job {jid} cmp-gpu-[12-13] srun -l python sft.py --config config_used.yaml")
    for r in range(16):
        ni, lr = divmod(r, 8)
        tt = plus(t0, 20 + r * .02)
        pid = 9100 + r
        ev.add(tt, lab(r) + f"{nodes[ni]}:{pid}:{pid + 190} [{lr}] misc/socket.cc:498 NCCL WARN Net : Connection closed by remote peer cmp-gpu-12<41003>")
        ev.add(plus(tt, .001), lab(r) + f"{nodes[ni]}:{pid}:{pid + 190} [{lr}] NCCL INFO misc/socket.cc:506 -> 6 (retrying 1/30)")
        ev.add(plus(tt, .5), lab(r) + f"{nodes[ni]}:{pid}:{pid + 190} [{lr}] NCCL INFO comm 0x{0x55aa1200 + r:x} rank {r} nranks 16 cudaDev {lr} nvmlDev {lr} busId {A100_BUS[lr]} commId 0x11fe - Init COMPLETE")
    tl = plus(t0, 41)
    for r in range(16):
        tt = plus(tl, r * .05)
        blk = [
            "Traceback (most recent call last):",
            '  File "/scratch/tnguyen/sft/sft.py", line 188, in <module>',
            "    main()",
            '  File "/scratch/tnguyen/sft/sft.py", line 139, in main',
            "    model.load_state_dict(state[\"model\"], strict=True)",
            f'  File "{PY}/torch/nn/modules/module.py", line 2215, in load_state_dict',
            "    raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
            "RuntimeError: Error(s) in loading state_dict for LlamaForCausalLM:",
            "\tsize mismatch for model.embed_tokens.weight: copying a param with shape torch.Size([32000, 4096]) from checkpoint, the shape in current model is torch.Size([32256, 4096]).",
            "\tsize mismatch for lm_head.weight: copying a param with shape torch.Size([32000, 4096]) from checkpoint, the shape in current model is torch.Size([32256, 4096]).",
        ]
        ev.extend(tt, [lab(r) + x for x in blk], step=1e-4)
    for ni, n in enumerate(nodes):
        ev.add(plus(tl, 3 + ni), f"srun: error: {n}: tasks {ni * 8}-{ni * 8 + 7}: Exited with exit code 1")
    case = Case("ba29_all_ranks_fail_loading_weights_after_nccl_warn", label(
        "user_code", "script", None, "stop",
        "After a transient, retried NCCL connect warning at init, all 16 ranks fail identically in load_state_dict: the "
        "checkpoint's embedding has 32000 rows but the config adds 256 tokens (32256). A config/checkpoint mismatch in the user's run.",
        "https://pytorch.org/tutorials/beginner/saving_loading_models.html"))
    case.add(f"slurm-{jid}.out", ev.text())
    case.add("config_used.yaml", "\n".join([
        "# written by sft.py at startup",
        "model:",
        "  name_or_path: /models/llama-2-7b-hf",
        "  resume_from: /scratch/tnguyen/ckpt/sft-v3/step_4000/model.pt   # trained with the stock tokenizer",
        "tokenizer:",
        "  path: /models/llama-2-7b-hf",
        "  extra_special_tokens: 256      # new chat-template tokens",
        "  resize_embeddings: true",
        "train:",
        "  lr: 2.0e-5",
        "  epochs: 3",
        "  micro_batch_size: 4",
        "",
    ]))
    return case


# --------------------------------------------------------------------------- ba30
def ba30():
    rng = rng_for(30)
    nodes = [f"node{n:04d}" for n in range(201, 209)]
    jid = 8004512
    t0 = T(2025, 5, 19, 2, 0, 4)
    ev = Events()
    ev.add(t0, f"job {jid} node[0201-0208] 64 GPUs; TORCH_NCCL_ASYNC_ERROR_HANDLING=1 NCCL_DEBUG=WARN")
    ts = plus(t0, 90)
    t_last = T(2025, 5, 19, 9, 38, 12)
    s = 0
    while True:
        s += 50
        tt = plus(ts, s * 3.5)
        if tt > t_last:
            break
        ev.add(tt, lab(0, 1) + f"[default0]:[{tt:%m-%d %H:%M:%S}] step {s} loss {1.98 - s * 2e-5 + rng.uniform(-.01, .01):.4f} 3.50 s/step")
    seq = 23101
    tw = plus(t_last, 3.5 * 50 + 600.2 - 170)
    for r in range(64):
        ni, lr = divmod(r, 8)
        tt = plus(tw, rng.uniform(0, 2.0))
        pre = lab(ni, 1) + f"[default{lr}]:"
        blk = watchdog_block(r, tt, seq, "ALLREDUCE", 503316480, pg="0", src_line=616, pg_desc="default_pg")
        for k, ln in enumerate(blk):
            ev.add(plus(tt, k * 1e-4), pre + ln)
        for k, ln in enumerate(cpp_frames_watchdog()):
            ev.add(plus(tt, .001 + k * 1e-5), pre + ln)
        ev.add(plus(tt, .002), pre + "terminate called after throwing an instance of 'c10::DistBackendError'")
    tk = plus(tw, 30)
    for ni, n in enumerate(nodes):
        lr0 = rng.randrange(8)
        root = dict(time=plus(tw, rng.uniform(0, .5)), host=n, rank=ni * 8 + lr0, local=lr0, exitcode=-6, pid=33000 + ni * 20 + lr0)
        fl = [dict(time=plus(tw, .6), host=n, rank=ni * 8 + k, local=k, exitcode=-6, pid=33000 + ni * 20 + k) for k in range(8) if k != lr0][:3]
        ev.extend(plus(tk, ni * .3), [lab(ni, 1) + x for x in child_failed_block("train.py", fl, root)], step=1e-4)
    for ni, n in enumerate(nodes):
        ev.add(plus(tk, 5 + ni * .1), f"srun: error: {n}: task {ni}: Exited with exit code 1")
    case = Case("ba30_sixty_four_ranks_time_out_on_one_allreduce", label(
        "hang", "infrastructure", None, "restart",
        "All 64 ranks time out on the same all_reduce (SeqNum 23101) with identical last-enqueued/last-completed counters; "
        "no rank errors first and nothing names a node. An unattributed collective hang: restart.",
        "https://github.com/pytorch/pytorch/issues/118369"))
    case.add(f"slurm-{jid}.out", ev.text())
    return case


CASES = [ba21, ba22, ba23, ba24, ba25, ba26, ba27, ba28, ba29, ba30]
