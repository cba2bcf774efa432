"""Cases ap21 - ap30."""
import random

from lib import (T, plus, glog_ms, c10, pyts, kev, boot_events, run_noise, render_dmesg_T, render_dmesg_raw,
                 render_journal_k, render_syslog, render_journal_iso, nccl_init_block, torchrun_banner, elastic,
                 elastic_tb, child_failed_box, box_time, rendezvous_result, tb, megatron_iter, tqdm_bar, smi_gpu,
                 render_smi_q, render_smi_table, uuid_for, serial_for, GPU_BUSES_8, GPU_BUSES_ALT, GPU_BUSES_DGX,
                 watchdog_timeout_lines, launch_config, iso)


# ============================================================== ap21
def ap21(w):
    """Megatron, 2 attempts: NaN in local grad norm, always on gpu-q07 device 5 (different global ranks)."""
    rng = random.Random(4521)
    attempts = [
        dict(hosts=["gpu-q03", "gpu-q05", "gpu-q07", "gpu-q09"], start=T(2024, 4, 16, 2, 0, 31), resume=0, fail_it=23817),
        dict(hosts=["gpu-q07", "gpu-q10", "gpu-q03", "gpu-q11"], start=T(2024, 4, 16, 13, 44, 2), resume=23000, fail_it=24403),
    ]
    bad = "gpu-q07"
    dev = 5
    ms = 1680.0
    pyp = "/usr/local/lib/python3.10/dist-packages"
    for ai, a in enumerate(attempts):
        hosts = a["hosts"]
        start = a["start"]
        fail_t = plus(start, 80 + (a["fail_it"] - a["resume"]) * ms / 1000)
        bad_rank = hosts.index(bad) * 8 + dev
        for ni, h in enumerate(hosts):
            apid = 1200 + ni * 40 + ai * 7
            pids = [apid + 9 + k for k in range(8)]
            L = []
            L += torchrun_banner("new", plus(start, 0.2), apid)
            L += rendezvous_result("new", plus(start, 2.5), apid, 0, hosts[0], 29500, ni, 4, list(range(8)), list(range(ni * 8, ni * 8 + 8)), 32)
            if ni == 0:
                L.append("using world size: 32, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 1, pipeline-model-parallel size: 8 ")
                L.append("  check_for_nan_in_loss_and_grad .................. True")
                if a["resume"]:
                    L.append(f" loading checkpoint from /mnt/cpfs/ckpt/llama3-70b-cpt at iteration {a['resume']}")
                    L.append(f"  successfully loaded checkpoint from /mnt/cpfs/ckpt/llama3-70b-cpt [ t 1/1, p 1/8 ] at iteration {a['resume']}")
            if ni == len(hosts) - 1:
                it = a["resume"]
                while it + 50 < a["fail_it"]:
                    it += 50
                    t = plus(start, 80 + (it - a["resume"]) * ms / 1000)
                    L.append(megatron_iter(t, it, 100000, it * 1024, ms + rng.uniform(-20, 20), 1e-5, 1024,
                                           1.92 - 0.1 * it / 25000 + rng.uniform(-0.015, 0.015), 1.0, rng.uniform(0.3, 0.5)))
            if h == bad:
                L += [f"[rank{bad_rank}]: " + x for x in tb([
                    ("/workspace/Pai-Megatron-Patch/examples/llama3/pretrain_llama.py", 101, "<module>", "pretrain(train_valid_test_datasets_provider,"),
                    ("/workspace/Pai-Megatron-Patch/megatron_patch/training.py", 652, "train", "train_step(forward_step_func,"),
                    ("/workspace/Pai-Megatron-Patch/megatron_patch/training.py", 385, "train_step", "update_successful, grad_norm, num_zeros_in_grad = optimizer.step(args, timers)"),
                    ("/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py", 262, "finish_grad_sync", "buffer.finish_grad_sync()"),
                    ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 115, "start_grad_sync", "assert not norm.isnan(), (")],
                    [f"AssertionError: Rank {bad_rank}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: {dev}, node: {bad}"])]
                lt = plus(fail_t, 2.1)
                L.append(elastic("new", "W", lt, apid, "multiprocessing/api.py", 897, f"Sending process {pids[0]} closing signal SIGTERM"))
                L.append(elastic("new", "E", plus(lt, 1.4), apid, "multiprocessing/api.py", 869, f"failed (exitcode: 1) local_rank: {dev} (pid: {pids[dev]}) of binary: /usr/bin/python"))
                root = dict(time=box_time(plus(lt, 1.4)), host=h, rank=bad_rank, local_rank=dev, exitcode=1, pid=pids[dev])
            else:
                for k in range(8):
                    r = ni * 8 + k
                    L.append(f"[rank{r}]:{c10('E', plus(fail_t, 4 + rng.uniform(0, 1)), 'ProcessGroupNCCL.cpp:1316')} [PG 2 Rank {k}] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5")
                    L.append(f"[rank{r}]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
                lt = plus(fail_t, 6 + ni * 0.1)
                L.append(elastic("new", "E", lt, apid, "multiprocessing/api.py", 869, f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python"))
                root = dict(time=box_time(lt), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], signal="6 (SIGABRT)")
            L += elastic_tb("/usr/local", "2.4.0a0+f70bd71a48.nv24.6", style="new", site="/usr/local/lib/python3.10/dist-packages")
            L += child_failed_box("pretrain_llama.py", root)
            w.file(f"attempt_{ai}/{h}/train.log", L)
            boot = T(2024, 4, 9, 6, 0, 0)
            ev = boot_events(boot, h, rng, driver="550.54.15", kernel="5.10.134-16.3.al8.x86_64")
            ev += run_noise(plus(start, -7200), plus(fail_t, 120), rng, h, n=8)
            if h == bad:
                b = GPU_BUSES_8[dev]
                ev.append(kev(T(2024, 4, 14, 17, 3, 44, 1200), f"NVRM: Xid (PCI:0000:{b}:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x000000003f2a19c0) marked for remapping, reset gpu to activate."))
                ev.append(kev(T(2024, 4, 15, 8, 10, 2, 500), f"NVRM: Xid (PCI:0000:{b}:00): 64, pid='<unknown>', name=<unknown>, Row Remapper: Remapping failure - no spare rows available in bank 0x1b."))
            w.file(f"attempt_{ai}/{h}/dmesg-T.txt", render_dmesg_T(ev))
        if ai == 1:
            gpus = []
            for k in range(8):
                if k == dev:
                    gpus.append(smi_gpu(k, GPU_BUSES_8[k], serial_for(rng), uuid_for(rng), ecc={"v_sram_c": 0, "a_sram_c": 2, "a_dram_c": 11482, "a_dram_u": 2},
                                        remap={"corr": 97, "unc": 2, "pending": "No", "failure": "Yes",
                                               "hist": ["Max     : 2511 bank(s)", "High    : 31 bank(s)", "Partial : 12 bank(s)", "Low     : 3 bank(s)", "None    : 2 bank(s)"]}))
                else:
                    gpus.append(smi_gpu(k, GPU_BUSES_8[k], serial_for(rng), uuid_for(rng), ecc={"a_dram_c": rng.choice([0, 0, 1, 2])}))
            w.file(f"attempt_1/{bad}/nvidia-smi-q.txt", render_smi_q(plus(fail_t, 900), "550.54.15", "12.4", gpus))
    w.label("gpu_memory", "infrastructure", {"node": bad}, "restart_without_node",
            "Both attempts stop on 'found NaN in local grad norm' from the same physical GPU (gpu-q07 device 5) although it was rank 21 the first time and rank 5 after re-ordering, at unrelated iterations (23817 vs 24403); that GPU has 11k corrected DRAM errors, uncorrectable errors and 'Remapping Failure Occurred: Yes' (Xid 64), so it is silently corrupting data.",
            "https://github.com/NVIDIA/Megatron-LM/issues/780")
    return "ap21_found_nan_in_local_grad_norm_two_attempts"


# ============================================================== ap22
def ap22(w):
    """Lightning on SLURM: all ranks time out on the same ALLREDUCE; nothing else anywhere."""
    rng = random.Random(4522)
    hosts = ["acc-n11", "acc-n12", "acc-n13"]
    job = 1204471
    world = 24
    start = T(2025, 2, 10, 19, 30, 2, 60000)
    hang_t = T(2025, 2, 11, 0, 58, 40, 0)
    seq = 187254
    wd_t = plus(hang_t, 600.3)
    out = [f"[{pyts(start)}] job {job}: nodes=acc-n[11-13] gpus/node=8 image=pt2.4-cu124-lightning2.4"]
    for r in range(world):
        out.append(f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/{world}")
    out += ["----------------------------------------------------------------------------------------------------",
            "distributed_backend=nccl", f"All distributed processes registered. Starting with {world} processes",
            "----------------------------------------------------------------------------------------------------", ""]
    total = 60000
    rate = 2.71
    n = 0
    while True:
        n += 250
        el = n / rate
        if plus(start, 90 + el) > hang_t:
            break
        out.append(tqdm_bar("Epoch 0:  ", n, total, el, rate + rng.uniform(-0.02, 0.02), f"v_num=k2x1, train_loss={2.3 - 0.6 * n / 60000 + rng.uniform(-0.04, 0.04):.3f}", width=10))
    for r in range(world):
        et = plus(wd_t, rng.uniform(0, 1.1))
        out += watchdog_timeout_lines("2.4", et, r, seq, "ALLREDUCE", 600000, 600000 + rng.randint(20, 1100), numel=1,
                                      last_enq=seq, last_done=seq - 1, with_frames=False)
    for h in hosts:
        out.append(f"srun: error: {h}: task {hosts.index(h) * 8}: Aborted (core dumped)")
    w.file(f"slurm-{job}.out", out)
    for h in hosts:
        boot = T(2025, 2, 3, 14, 4, 0)
        ev = boot_events(boot, h, rng, driver="550.127.08", kernel="5.15.0-130-generic")
        ev += run_noise(plus(boot, 200), plus(wd_t, 300), rng, h, n=18)
        w.file(f"{h}/dmesg-T.txt", render_dmesg_T(ev))
        gpus = [smi_gpu(k, GPU_BUSES_8[k], serial_for(rng), uuid_for(rng), temp=35 + rng.randint(0, 4), power=120 + rng.uniform(-10, 10),
                        util=100, used_mib=61230 + rng.randint(-200, 200), procs=[(40100 + hosts.index(h) * 100 + k, "/usr/bin/python", 61230)])
                for k in range(8)]
        w.file(f"{h}/nvidia-smi-q_during_hang.txt", render_smi_q(plus(hang_t, 420), "550.127.08", "12.4", gpus))
        ib = []
        for ca in ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]:
            ib.append(f"# perfquery -x {ca} 1")
            ib.append(f"PortSelect:......................1")
            ib.append(f"SymbolErrorCounter:..............0")
            ib.append(f"LinkErrorRecoveryCounter:........0")
            ib.append(f"LinkDownedCounter:...............0")
            ib.append(f"PortRcvErrors:...................0")
            ib.append(f"PortXmitDiscards:................0")
            ib.append(f"ExcessiveBufferOverrunErrors:....0")
            ib.append(f"PortXmitWait:....................{rng.randint(100000, 900000)}")
            ib.append(f"PortXmitData:....................{rng.randint(10 ** 12, 10 ** 13)}")
            ib.append(f"PortRcvData:.....................{rng.randint(10 ** 12, 10 ** 13)}")
        w.file(f"{h}/perfquery.txt", ib)
    w.label("hang", "infrastructure", None, "restart",
            "All 24 ranks time out on the same ALLREDUCE (SeqNum 187254, every rank enqueued it and completed 187253), so no rank is behind; kernel logs, GPU state and IB counters are clean on every node. A hang with no identifiable culprit - restart from the last checkpoint.",
            "https://github.com/Lightning-AI/pytorch-lightning/issues/20434")
    return "ap22_nccl_watchdog_timeout_600000ms_all_24_ranks"


# ============================================================== ap23
def ap23(w):
    """DDP: all ranks but one time out on collective N; the silent rank is stuck in cudaDeviceSynchronize (py-spy)."""
    rng = random.Random(4523)
    hosts = ["gpu-e01", "gpu-e02"]
    bad = "gpu-e02"
    bad_local = 5
    bad_rank = 8 + bad_local
    world = 16
    start = T(2023, 2, 27, 10, 5, 0, 700000)
    stuck_step = 40209
    spd = 0.612
    stuck_t = plus(start, 60 + stuck_step * spd)
    seq = stuck_step * 2 + 4
    wd_t = plus(stuck_t, 1800.9)
    pyp = "/g/data/z00/yxs900/installation/pytorch/v1.12.1/lib/python3.9/site-packages"
    pfx = "/g/data/z00/yxs900/installation/pytorch/v1.12.1"
    for ni, h in enumerate(hosts):
        apid = 81000 + ni * 77
        pids = [apid + 3 + k for k in range(8)]
        L = []
        L += torchrun_banner("old")
        for k in range(8):
            r = ni * 8 + k
            R = [f"{pyts(plus(start, 5 + 0.01 * k))} rank={r} local_rank={k} host={h} device=cuda:{k}"]
            last = stuck_step - 1 if r == bad_rank else stuck_step
            for step in range(500, last + 1, 500):
                R.append(f"{pyts(plus(start, 60 + step * spd + 0.002 * k))} rank={r} step={step} loss={0.92 - 0.35 * step / 40000 + rng.uniform(-0.01, 0.01):.4f} step_time={spd + rng.uniform(-0.01, 0.01):.3f}s")
            R.append(f"{pyts(plus(start, 60 + last * spd + 0.002 * k))} rank={r} step={last} loss={0.92 - 0.35 * last / 40000 + rng.uniform(-0.01, 0.01):.4f} step_time={spd + rng.uniform(-0.01, 0.01):.3f}s")
            if r != bad_rank:
                R.append(f"[E ProcessGroupNCCL.cpp:737] [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for {1800000 + rng.randint(100, 900)} milliseconds before timing out.")
                R.append(f"[E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. To avoid this inconsistency, we are taking the entire process down.")
                R.append("terminate called after throwing an instance of 'std::runtime_error'")
                R.append(f"  what():  [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for {1800000 + rng.randint(100, 900)} milliseconds before timing out.")
            w.file(f"{h}/rank_{r:02d}.log", R)
        L.append(f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {pids[1]} closing signal SIGTERM")
        if h == bad:
            L.append(f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {pids[bad_local]} closing signal SIGTERM")
            L.append(f"WARNING:torch.distributed.elastic.multiprocessing.api:Unable to shutdown process {pids[bad_local]} via Signals.SIGTERM, forcefully exitting via Signals.SIGKILL")
        L.append(f"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: {pfx}/bin/python3.9")
        L += elastic_tb(pfx, "1.12.1", style="old", site=pyp)
        L += child_failed_box("train_seg.py", dict(time=box_time(plus(wd_t, 2)), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], signal="6 (SIGABRT)"))
        w.file(f"{h}/torchrun.out", L)
        boot = T(2023, 2, 20, 8, 0, 0)
        ev = boot_events(boot, h, rng, driver="515.86.01", kernel="4.18.0-425.10.1.el8_7.x86_64", gpus=8, buses=GPU_BUSES_ALT)
        ev += run_noise(plus(boot, 200), plus(wd_t, 100), rng, h, n=15)
        w.file(f"{h}/dmesg.txt", render_dmesg_T(ev))
    # py-spy dumps taken during the hang on gpu-e02
    snap = plus(stuck_t, 1260)
    P = [f"# py-spy dump --native, collected {snap:%Y-%m-%d %H:%M:%S} on {bad} while job was hung"]
    for k in range(8):
        r = 8 + k
        pid = 81077 + 3 + k
        P.append("")
        P.append(f"Process {pid}: {pfx}/bin/python3.9 -u train_seg.py --local_rank={k} --cfg cfgs/segformer_b5_city.yaml")
        P.append(f"Python v3.9.2 ({pfx}/bin/python3.9)")
        P.append("")
        P.append(f"Thread {pid} (active): \"MainThread\"")
        if r == bad_rank:
            P.append("    0x14cd955ebdbc (libcuda.so.1)")
            P.append("    0x14cd953608b6 (libcuda.so.1)")
            P.append("    0x14cd956bb12f (libcuda.so.1)")
            P.append("    cudaDeviceSynchronize (libcudart.so.11.0)")
            P.append(f"    synchronize (torch/cuda/__init__.py:566)")
            P.append("    stop (utils/timer.py:41)")
            P.append("    train_one_epoch (engine.py:118)")
            P.append("    main (train_seg.py:301)")
            P.append("    <module> (train_seg.py:344)")
        else:
            P.append("    0x14cd955ebdbc (libcuda.so.1)")
            P.append("    cudaMemcpyAsync (libcudart.so.11.0)")
            P.append("    at::native::_local_scalar_dense_cuda (libtorch_cuda.so)")
            P.append("    item (torch/_tensor.py:0)")
            P.append("    reduce_loss (utils/dist.py:57)")
            P.append("    train_one_epoch (engine.py:131)")
            P.append("    main (train_seg.py:301)")
            P.append("    <module> (train_seg.py:344)")
        P.append(f"Thread {pid + 40} (idle): \"Thread-1\"")
        P.append("    wait (threading.py:312)")
        P.append("    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:28)")
    w.file(f"{bad}/py-spy-dump_{snap:%H%M}.txt", P)
    tg = [dict(idx=k, name="NVIDIA A100-SXM4-80GB", bus=GPU_BUSES_ALT[k], temp=(58 if k == bad_local else 37), perf="P0",
               pwr=(f"{241}" if k == bad_local else f"{rng.randint(88, 95)}"), cap="400", used=63118 + rng.randint(-300, 300),
               total=81920, util=(100 if k == bad_local else 0)) for k in range(8)]
    w.file(f"{bad}/nvidia-smi_{snap:%H%M}.txt", render_smi_table(snap, "515.86.01", "11.7", tg,
                                                                  [(k, 81077 + 3 + k, "C", f"{pfx}/bin/python3.9", 63100) for k in range(8)]))
    w.label("hang", "infrastructure", {"node": bad, "rank": bad_rank}, "run_diagnostics",
            f"Every rank except 13 times out on ALLREDUCE SeqNum {seq}; rank 13's log stops one step earlier, it never enqueued that collective, and py-spy shows it blocked in cudaDeviceSynchronize while its GPU (gpu-e02 GPU 5) sits at 100% utilization and higher power than the idle peers. No Xid or other explanation, so the GPU/node needs diagnostics.",
            "https://github.com/pytorch/pytorch/issues/95944")
    return "ap23_watchdog_timeout_on_15_of_16_ranks"


# ============================================================== ap24
def ap24(w):
    """Megatron slows down ~40% after 3h; sniff test + nvidia-smi show one GPU in HW thermal slowdown (fan fault)."""
    rng = random.Random(4524)
    hosts = ["gpu-h11", "gpu-h12", "gpu-h14", "gpu-h15"]
    bad = "gpu-h14"
    bad_local = 6
    bad_rank = 2 * 8 + bad_local
    start = T(2025, 5, 6, 20, 0, 4)
    slow_t = T(2025, 5, 6, 23, 12, 40)
    snap_t = T(2025, 5, 7, 1, 30, 0)
    fast, slow = 1912.0, 2688.0
    L = []
    L += torchrun_banner("new", plus(start, 0.1), 4401)
    L.append("using world size: 32, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1 ")
    L.append("  gpu_sniff_test_interval ......................... 2000")
    it = 0
    t = plus(start, 70)
    while t < snap_t:
        it += 100
        ms = (fast if t < slow_t else slow) + rng.uniform(-25, 25)
        t = plus(t, 100 * ms / 1000)
        L.append(megatron_iter(t, it, 200000, it * 1024, ms, 2e-4, 1024, 3.1 - 0.5 * it / 12000 + rng.uniform(-0.02, 0.02), 1.0, rng.uniform(0.2, 0.35)))
        if it % 2000 == 0:
            L.append(f"[gpu-sniff-test] iteration {it}: GEMM 8192x8192x8192 bf16 TFLOP/s/GPU mean={(701.3 if t < slow_t else 688.0):.1f} std={(4.1 if t < slow_t else 41.7):.1f}")
            if t >= slow_t:
                L.append(f"[gpu-sniff-test] iteration {it}: outlier GEMM: rank {bad_rank} ({bad}, local GPU {bad_local}) {452.6 + rng.uniform(-10, 10):.1f} TFLOP/s/GPU (-35%)")
            L.append(f"[gpu-sniff-test] iteration {it}: all-reduce 256MiB busbw mean={361.2 + rng.uniform(-2, 2):.1f} GB/s std={1.3 + rng.uniform(0, 0.4):.1f}; no outliers")
    L.append(f"[{snap_t:%Y-%m-%d %H:%M:%S}] (job still running; logs collected for slowdown ticket INC-55120)")
    w.file("megatron_rank31_stdout.log", L)
    for ni, h in enumerate(hosts):
        boot = T(2025, 4, 29, 9, 1, 1)
        ev = boot_events(boot, h, rng, driver="570.124.06", kernel="6.8.0-57-generic")
        ev += run_noise(plus(boot, 300), snap_t, rng, h, n=12)
        w.file(f"{h}/kern.log", render_journal_k(ev, h))
        gpus = []
        for k in range(8):
            if h == bad and k == bad_local:
                gpus.append(smi_gpu(k, GPU_BUSES_8[k], serial_for(rng), uuid_for(rng), temp=91, mem_temp=88, power=402.0, util=100, used_mib=71822,
                                    events={"HW Slowdown": "Active", "HW Thermal Slowdown": "Active"}, sm_clock=1095))
            else:
                gpus.append(smi_gpu(k, GPU_BUSES_8[k], serial_for(rng), uuid_for(rng), temp=58 + rng.randint(0, 6), mem_temp=61 + rng.randint(0, 5),
                                    power=590 + rng.uniform(-20, 20), util=100, used_mib=71822 + rng.randint(-100, 100), sm_clock=1980))
        w.file(f"{h}/nvidia-smi-q.txt", render_smi_q(snap_t, "570.124.06", "12.8", gpus))
        sel = ["ID  | Date/Time           | Sensor               | Event                               | State"]
        sel.append(f"1a2 | {T(2025, 4, 29, 9, 0, 12):%m/%d/%Y %H:%M:%S} | System Event         | Timestamp Clock Sync                | Asserted")
        if h == bad:
            sel.append(f"1a9 | {plus(slow_t, -64):%m/%d/%Y %H:%M:%S} | FAN_GPU_TRAY_12      | Lower Critical going low  (Reading 0 RPM < Threshold 1800 RPM) | Asserted")
            sel.append(f"1aa | {plus(slow_t, -12):%m/%d/%Y %H:%M:%S} | GPU6_TEMP            | Upper Non-critical going high (Reading 87 > Threshold 85) | Asserted")
        w.file(f"{h}/ipmitool_sel_elist.txt", sel)
    w.label("straggler", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
            "Iteration time jumped from ~1.9 s to ~2.7 s at 23:13 without any error; the periodic GEMM sniff test singles out rank 22 (gpu-h14 GPU 6), whose nvidia-smi shows HW/thermal slowdown active at 91 C and 1095 MHz, right after the BMC logged the GPU tray fan at 0 RPM. The rest of the job is waiting on that GPU.",
            "https://github.com/NVIDIA/Megatron-LM/pull/4662")
    return "ap24_iteration_time_up_40_percent_no_errors"


# ============================================================== ap25
def ap25(w):
    """Megatron straggler detector always names the same rank as slowest; no hardware signal anywhere."""
    rng = random.Random(4525)
    hosts = [f"node-g0{i}" for i in range(1, 9)]
    bad = "node-g06"
    bad_local = 1
    bad_rank = 5 * 8 + bad_local
    start = T(2025, 1, 14, 4, 0, 10)
    end = T(2025, 1, 14, 9, 15, 0)
    L = []
    L += torchrun_banner("new", plus(start, 0.1), 6600)
    L.append("using world size: 64, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 4, pipeline-model-parallel size: 2 ")
    L.append("  log_straggler ................................... True")
    L.append("  straggler_minmax_count .......................... 1")
    L.append("> StragglerDetector: enabled, port=65535, amp=3.0")
    it = 0
    t = plus(start, 90)
    base = 2410.0
    while t < end:
        it += 10
        ms = base + rng.uniform(-20, 20) + (0 if it < 300 else 310)
        t = plus(t, 10 * ms / 1000)
        if it % 100 == 0:
            L.append(megatron_iter(t, it, 150000, it * 512, ms, 3e-4, 512, 2.9 - 0.4 * it / 8000 + rng.uniform(-0.02, 0.02), 1.0, rng.uniform(0.25, 0.4)))
            if it >= 300:
                slow_rtt = 2690 + rng.uniform(-25, 25)
                fast_rtt = 2305 + rng.uniform(-15, 15)
                L.append(f" [{t:%Y-%m-%d %H:%M:%S}] | MnRtt/Rnk: {fast_rtt:.2f}ms/{rng.choice([3, 12, 27, 50])} | MxRtt/Rnk: {slow_rtt:.2f}ms/{bad_rank} | "
                         f"MnPwr/Rnk: {rng.randint(596000, 601000)}W/{rng.choice([9, 33, 60])} | MxPwr/Rnk: {rng.randint(668000, 684000)}W/{rng.choice([2, 18, 44])} | "
                         f"MnTmp/Rnk: {rng.randint(49, 52)}C/{rng.choice([0, 24])} | MxTmp/Rnk: {rng.randint(64, 67)}C/{rng.choice([21, 58])} | "
                         f"MnUtl/Rnk: {rng.randint(96, 98)}%/{rng.choice([8, 40])} | MxUtl/Rnk: 100%/{rng.choice([6, 31])} | "
                         f"MnClk/Rnk: {rng.choice([1950, 1965])}MHz/{rng.choice([28, 7, 62])} | MxClk/Rnk: 1980MHz/0 | "
                         f"MnDRtt/Rnk: {rng.uniform(13, 15):.2f}ms/{rng.choice([23, 11])} | MxDRtt/Rnk: {rng.uniform(31, 36):.2f}ms/{rng.choice([3, 45])} | "
                         f"MnEtpt/Rnk: {211.4 + rng.uniform(-3, 3):.2f}TF/{bad_rank} | MxEtpt/Rnk: {297.3 + rng.uniform(-1, 1):.2f}TF/{rng.choice([8, 16, 0])}")
            else:
                L.append(f" [{t:%Y-%m-%d %H:%M:%S}] | MnRtt/Rnk: {2301 + rng.uniform(-10, 10):.2f}ms/{rng.choice([3, 12])} | MxRtt/Rnk: {2331 + rng.uniform(-10, 10):.2f}ms/{rng.choice([0, 44, 19])} | MnEtpt/Rnk: {294.0 + rng.uniform(-1, 1):.2f}TF/{rng.choice([19, 44])} | MxEtpt/Rnk: {297.3 + rng.uniform(-1, 1):.2f}TF/{rng.choice([8, 16])}")
        if it == 700:
            L.append(f"[{t:%Y-%m-%d %H:%M:%S}] (straggler) iteration {it}: rank {bad_rank} ({bad}) relative GPU perf 0.71 vs median 1.00, 5/5 consecutive reports")
    L.append(f"[{end:%Y-%m-%d %H:%M:%S}] (job still running; snapshot for perf ticket)")
    w.file("rank63_megatron.log", L)
    for ni, h in enumerate(hosts):
        boot = T(2025, 1, 7, 3, 30, 0)
        ev = boot_events(boot, h, rng, driver="560.35.03", kernel="5.15.0-126-generic")
        ev += run_noise(plus(boot, 300), end, rng, h, n=10)
        w.file(f"{h}/dmesg.log", render_dmesg_T(ev))
        gpus = [smi_gpu(k, GPU_BUSES_8[k], serial_for(rng), uuid_for(rng), temp=55 + rng.randint(0, 8), mem_temp=60 + rng.randint(0, 6),
                        power=610 + rng.uniform(-30, 30), util=100, used_mib=68111 + rng.randint(-300, 300), sm_clock=rng.choice([1965, 1980]))
                for k in range(8)]
        w.file(f"{h}/nvidia-smi-q.txt", render_smi_q(plus(end, -60), "560.35.03", "12.6", gpus))
    w.label("straggler", "infrastructure", {"node": bad, "rank": bad_rank}, "run_diagnostics",
            "From iteration 300 on, every straggler report names rank 41 (node-g06) as the slowest (~0.71 relative throughput) while its power, temperature, clocks and utilization are in line with the fleet and no kernel or GPU error exists on node-g06; a clear straggler without a cause, so the node needs diagnostics.",
            "https://github.com/NVIDIA/Megatron-LM/pull/2118")
    return "ap25_throughput_drop_after_300_iterations_stable_since"


# ============================================================== ap26
def ap26(w):
    """gloo CPU DDP: every rank waits in all-reduce; ranks on cpu-n4 compute 2x slower; n4 CPU thermal throttling."""
    rng = random.Random(4526)
    hosts = ["cpu-n1", "cpu-n2", "cpu-n3", "cpu-n4"]
    ip = {h: f"192.168.40.{11 + i}" for i, h in enumerate(hosts)}
    bad = "cpu-n4"
    nproc = 2
    world = 8
    start = T(2024, 7, 22, 9, 0, 3, 210000)
    slow_t = T(2024, 7, 22, 10, 41, 0)
    end = T(2024, 7, 22, 14, 0, 0)
    for ni, h in enumerate(hosts):
        apid = 12001 + ni * 33
        L = []
        L += torchrun_banner("new", plus(start, 0.2), apid)
        L += rendezvous_result("new", plus(start, 2.7), apid, 0, ip["cpu-n1"], 29600, ni, 4, list(range(nproc)), list(range(ni * nproc, ni * nproc + nproc)), world)
        L.append(elastic("new", "I", plus(start, 2.8), apid, "agent/server/api.py", 688, "[default] Starting worker group"))
        w.file(f"{h}/torchrun_agent.log", L)
        for k in range(nproc):
            r = ni * nproc + k
            R = [f"{pyts(plus(start, 4))} [rank{r}] gloo DDP, OMP_NUM_THREADS=28, model=ResNet-50 (cpu, channels_last), global_batch=512"]
            step = 0
            t = plus(start, 30)
            while t < end:
                step += 50
                slow = t >= slow_t
                comp = (1.31 if not slow else (2.74 if h == bad else 1.32)) + rng.uniform(-0.03, 0.03)
                wait = (0.18 if not slow else (0.16 if h == bad else 1.58)) + rng.uniform(-0.02, 0.02)
                t = plus(t, 50 * (comp + wait))
                if t > end:
                    break
                R.append(f"{pyts(t)} [rank{r}] step {step:6d} loss {2.7 - 0.9 * step / 9000 + rng.uniform(-0.03, 0.03):.4f} fwd_bwd {comp * 1000:.0f}ms allreduce_wait {wait * 1000:.0f}ms img/s {512 / world / (comp + wait):.1f}")
            R.append(f"{pyts(end)} [rank{r}] (log snapshot; job still running)")
            w.file(f"{h}/rank{r}.log", R)
        boot = T(2024, 7, 10, 6, 0, 0)
        ev = boot_events(boot, h, rng, kernel="5.14.0-362.24.1.el9_3.x86_64", cpu_only=True, cpu="Intel(R) Xeon(R) Platinum 8380 CPU @ 2.30GHz", mem_gb=512)
        ev += run_noise(plus(boot, 300), end, rng, h, n=10, cpu_only=True)
        if h == bad:
            tt = plus(slow_t, -40)
            for j in range(14):
                cpu = rng.choice([2, 9, 14, 33, 41, 57, 62])
                ev.append(kev(plus(tt, j * 700 + rng.uniform(0, 60)), f"CPU{cpu}: Core temperature is above threshold, cpu clock is throttled (total events = {1800 + j * 2311})"))
                ev.append(kev(plus(tt, j * 700 + rng.uniform(0, 60) + 0.01), f"CPU{cpu + 40 if cpu < 40 else cpu - 40}: Package temperature is above threshold, cpu clock is throttled (total events = {6120 + j * 4007})"))
                ev.append(kev(plus(tt, j * 700 + 4.3), f"CPU{cpu}: Core temperature/speed normal"))
        w.file(f"{h}/dmesg-T.txt", render_dmesg_T(ev))
        s = [f"# sensors; collected {end:%Y-%m-%d %H:%M:%S}",
             "coretemp-isa-0000",
             "Adapter: ISA adapter",
             f"Package id 0:  {'+98.0' if h == bad else '+61.0'}°C  (high = +90.0°C, crit = +100.0°C)",
             f"Core 0:        {'+97.0' if h == bad else '+58.0'}°C  (high = +90.0°C, crit = +100.0°C)",
             f"Core 1:        {'+96.0' if h == bad else '+59.0'}°C  (high = +90.0°C, crit = +100.0°C)",
             "",
             "coretemp-isa-0001",
             "Adapter: ISA adapter",
             f"Package id 1:  {'+99.0' if h == bad else '+63.0'}°C  (high = +90.0°C, crit = +100.0°C)",
             "",
             "# ipmitool sdr type Fan",
             f"FAN1             | 30h | ok  |  7.1 | {'0 RPM' if h == bad else '9800 RPM'}",
             f"FAN2             | 31h | {'cr ' if h == bad else 'ok '} |  7.1 | {'0 RPM' if h == bad else '9800 RPM'}",
             "FAN3             | 32h | ok  |  7.1 | 13400 RPM" if h == bad else "FAN3             | 32h | ok  |  7.1 | 9600 RPM",
             "# cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq",
             f"{'1000000' if h == bad else '2900000'}"]
        w.file(f"{h}/sensors_fans.txt", s)
    w.label("straggler", "infrastructure", {"node": bad}, "restart_without_node",
            "Since 10:41 every rank spends ~1.6 s per step in all-reduce waits except the two ranks on cpu-n4, whose own forward/backward time doubled; cpu-n4's kernel log shows continuous core/package thermal throttling, its CPUs run at 1.0 GHz at 98 C and two fans read 0 RPM.",
            "https://github.com/intelligent-machine-learning/dlrover/issues/678")
    return "ap26_gloo_cpu_job_step_time_doubled"


# ============================================================== ap27
def ap27(w):
    """Clean gloo CPU run: finishes normally with benign warnings."""
    rng = random.Random(4527)
    hosts = ["cpu-train-a", "cpu-train-b"]
    ip = {"cpu-train-a": "10.110.158.1", "cpu-train-b": "10.110.158.2"}
    nproc = 4
    world = 8
    start = T(2022, 7, 12, 13, 20, 0, 210000)
    epochs = 20
    ep_s = 311.0
    end = plus(start, 25 + epochs * ep_s)
    pyp = "/home/upwind/miniconda3/envs/ddp/lib/python3.9/site-packages"
    for ni, h in enumerate(hosts):
        L = [f"(ddp) upwind@{h}:~/ddp$ torchrun --nproc_per_node=4 --nnodes=2 --node_rank={ni} --master_addr='10.110.158.1' --master_port=3456 main.py --backend gloo --epochs 20"]
        L += torchrun_banner("old")
        if ni == 1:
            L.append(f"[W socket.cpp:558] [c10d] The client socket has failed to connect to [10.110.158.1]:3456 (errno: 111 - Connection refused).")
            L.append(f"[W socket.cpp:558] [c10d] The client socket has failed to connect to [10.110.158.1]:3456 (errno: 111 - Connection refused).")
        for k in range(nproc):
            r = ni * nproc + k
            L.append(f"[{os_pid(ni, k)}] (rank = {r}, local_rank = {k}) training...")
        L.append(f"{pyp}/torch/utils/data/dataloader.py:554: UserWarning: This DataLoader will create 8 worker processes in total. Our suggested max number of worker in current system is 6, which is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary.")
        L.append("  warnings.warn(_create_warning_msg(")
        for ep in range(epochs):
            t = plus(start, 25 + (ep + 1) * ep_s + rng.uniform(-3, 3))
            for k in range(nproc):
                r = ni * nproc + k
                if k == 0 or ep % 5 == 4:
                    L.append(f"[{t:%H:%M:%S}] rank {r} epoch {ep + 1:2d}/{epochs} train_loss {1.9 * 0.91 ** ep + rng.uniform(-0.01, 0.01):.4f} val_acc {0.52 + 0.42 * (1 - 0.85 ** (ep + 1)):.4f} epoch_time {ep_s + rng.uniform(-3, 3):.1f}s")
        if ni == 0:
            L.append(f"[{end:%H:%M:%S}] rank 0 saved final model to /home/upwind/ddp/out/toy_resnet_final.pt")
        for k in range(nproc):
            L.append(f"[{end:%H:%M:%S}] rank {ni * nproc + k} done, destroying process group")
        L.append(f"INFO:torch.distributed.elastic.agent.server.api:[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.")
        L.append(f"INFO:torch.distributed.elastic.agent.server.api:Local worker group finished (SUCCEEDED). Waiting 300 seconds for other agents to finish")
        L.append(f"INFO:torch.distributed.elastic.agent.server.api:Done waiting for other agents. Elapsed: {0.4 + ni * 1.1:.12f} seconds")
        L.append(f"(ddp) upwind@{h}:~/ddp$ echo $?")
        L.append("0")
        w.file(f"{h}/terminal.log", L)
        boot = T(2022, 7, 1, 7, 0, 0)
        ev = boot_events(boot, h, rng, kernel="5.4.0-121-generic", cpu_only=True, cpu="Intel(R) Xeon(R) Silver 4214R CPU @ 2.40GHz", mem_gb=192)
        ev += run_noise(plus(boot, 300), plus(end, 600), rng, h, n=14, cpu_only=True)
        if ni == 0:
            ev.append(kev(plus(start, 4011), "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x8a1f2 offset:0x300 grain:32 syndrome:0x0 - err_code:0x0000:0x0091 socket:0 imc:0 rank:1 bg:2 ba:1 row:0x1a2f col:0x3c0)"))
        w.file(f"{h}/kern.log", render_syslog([e for e in ev if e.src == "kernel"], h))
    w.label("unknown", "framework", None, "none",
            "Both nodes ran all 20 epochs, rank 0 saved the final model, every worker destroyed its process group and both torchrun agents report SUCCEEDED with exit code 0. The early 'client socket failed to connect' retries, the DataLoader worker warning and one corrected EDAC error are benign.",
            "https://github.com/pytorch/pytorch/issues/81313")
    return "ap27_two_node_gloo_cpu_training_logs"


def os_pid(ni, k):
    return 27310 + ni * 1000 + k


# ============================================================== ap28
def ap28(w):
    """Lightning on SLURM, healthy run cancelled at the time limit."""
    rng = random.Random(4528)
    hosts = ["maestro-3017", "maestro-3018"]
    job = 55595933
    world = 8
    start = T(2025, 1, 10, 9, 42, 3)
    tl_t = T(2025, 1, 10, 15, 27, 25)
    out = [f"job {job} starting on maestro-[3017-3018] (time limit 05:45:00)"]
    for r in range(world):
        out.append(f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/{world}")
    out += ["----------------------------------------------------------------------------------------------------",
            "distributed_backend=nccl", f"All distributed processes registered. Starting with {world} processes",
            "----------------------------------------------------------------------------------------------------", "",
            "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]",
            "  | Name  | Type            | Params | Mode ",
            "--------------------------------------------------",
            "0 | model | scPRINT         | 92.4 M | train",
            "--------------------------------------------------"]
    rate = 0.90
    epoch_len = 20000
    t = plus(start, 60)
    ep = 0
    pos = 0
    while True:
        pos += 400
        if pos > epoch_len:
            out.append(f"Epoch {ep}, global step {(ep + 1) * epoch_len}: 'val_loss' reached {3.6 - 0.05 * ep:.5f} (best {3.6 - 0.05 * ep:.5f}), saving model to '/scratch/jk/scprint/ckpt/epoch={ep}-step={(ep + 1) * epoch_len}.ckpt' as top 1")
            ep += 1
            pos = 400
        el = pos / rate
        tt = plus(t, ep * (epoch_len / rate + 90) + el)
        if tt > tl_t:
            break
        loss = 4.1 - 0.06 * ep - 0.02 * pos / epoch_len + rng.uniform(-0.2, 0.2)
        out.append(tqdm_bar(f"Epoch {ep}:  ", pos, epoch_len, el, rate + rng.uniform(-0.01, 0.01), f"v_num=0txx, train_loss={loss:.3f}", width=10))
    out.append("")
    out.append(f"slurmstepd: error: *** STEP {job}.0 ON maestro-3017 CANCELLED AT {tl_t:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for r in range(world):
        out.append(f"[rank: {r}] Received SIGTERM: 15")
        out.append("Bypassing SIGTERM: 15")
    out.append(tqdm_bar(f"Epoch {ep}:  ", pos - 399, epoch_len, (pos - 399) / rate, rate, "v_num=0txx, train_loss=3.812", width=10))
    out.append(f"[rank5]:[W{tl_t.month}{tl_t.day:02d} {plus(tl_t, 31):%H:%M:%S}.118201442 ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only recently been added since we have added an async NCCL abort feature. (function operator())")
    out.append(f"slurmstepd: error: *** JOB {job} ON maestro-3017 CANCELLED AT {plus(tl_t, 33):%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")
    out.append("srun: error: maestro-3018: tasks 4-7: Killed")
    out.append("srun: error: maestro-3017: tasks 0-3: Killed")
    w.file(f"slurm-{job}.out", out)
    w.file(f"sacct_{job}.txt", [
        "JobID           JobName  Partition    Elapsed      State ExitCode        NodeList",
        "------------ ---------- ---------- ---------- ---------- -------- ---------------",
        f"{job}      scprint-pt        gpu   05:45:22    TIMEOUT      0:0 maestro-[3017-3018]",
        f"{job}.batch      batch              05:45:24  CANCELLED     0:15    maestro-3017",
        f"{job}.0      python              05:45:23  CANCELLED     0:15 maestro-[3017-3018]"])
    for h in hosts:
        boot = T(2025, 1, 2, 5, 5, 5)
        ev = boot_events(boot, h, rng, driver="550.127.05", kernel="4.18.0-553.el8_10.x86_64", gpus=4, buses=["07", "47", "87", "c7"])
        ev += run_noise(plus(boot, 300), plus(tl_t, 120), rng, h, n=14)
        w.file(f"{h}/dmesg-T.txt", render_dmesg_T(ev))
    w.label("unknown", "framework", None, "none",
            "Training progressed steadily at ~0.9 it/s with checkpoints every epoch until SLURM cancelled the step at its 5h45 time limit; the SIGTERMs, 'Killed' tasks and the destroy_process_group warning are consequences of the time-limit kill, not a failure.",
            "https://github.com/Lightning-AI/pytorch-lightning/issues/20542")
    return "ap28_slurm_step_cancelled_sigterm_on_all_ranks"


# ============================================================== ap29
def ap29(w):
    """IB link flaps on every node under one leaf switch, two attempts; ncclRemoteError / ncclInternalError fleet-wide."""
    rng = random.Random(4529)
    leaf7 = ["ib-a01", "ib-a02", "ib-a03", "ib-a04"]
    leaf8 = ["ib-b01", "ib-b02", "ib-b03", "ib-b04"]
    hosts = leaf7 + leaf8
    w.topology({"leaf-07": leaf7, "leaf-08": leaf8})
    ip = {h: f"10.60.{7 if h in leaf7 else 8}.{11 + (hosts.index(h) % 4)}" for h in hosts}
    attempts = [dict(start=T(2024, 9, 17, 1, 0, 5), flap=T(2024, 9, 17, 4, 21, 33, 120000)),
                dict(start=T(2024, 9, 17, 5, 10, 44), flap=T(2024, 9, 17, 6, 2, 9, 551000))]
    world = 64
    pyp = "/usr/local/lib/python3.10/dist-packages"
    for ai, a in enumerate(attempts):
        start, flap = a["start"], a["flap"]
        err_t = plus(flap, 19.5)
        for ni, h in enumerate(hosts):
            apid = 5000 + ni * 97 + ai * 13
            pids = [apid + 21 + k for k in range(8)]
            L = []
            L += torchrun_banner("new", plus(start, 0.3), apid)
            for k in range(8):
                r = ni * 8 + k
                if k == 0:
                    L += nccl_init_block(h, pids[k], pids[k] + 300, k, r, world, ip[h], version="2.21.5+cuda12.4", bus=f"{GPU_BUSES_8[k]}000",
                                         short=False, nchan=2)
            if ni == len(hosts) - 1:
                it = 0
                tt = plus(start, 80)
                while True:
                    it += 50
                    tt = plus(tt, 50 * 2.05 + rng.uniform(-1, 1))
                    if tt > flap:
                        break
                    L.append(megatron_iter(tt, it, 300000, it * 2048, 2050 + rng.uniform(-15, 15), 2e-4, 2048, 2.7 - 0.2 * it / 6000 + rng.uniform(-0.02, 0.02), 1.0, rng.uniform(0.2, 0.3)))
            for k in range(8):
                r = ni * 8 + k
                tid = pids[k] + 1200
                peer = leaf7[(ni + k) % 4] if h not in leaf7 else leaf8[(ni + k) % 4]
                if h in leaf7 and k % 2 == 0:
                    peer = leaf7[(ni + 1) % 4]
                st = 12
                L.append(f"{h}:{pids[k]}:{tid} [{k}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {ip[peer]}<{rng.randint(30000, 60000)}> with status={st} opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ip[h]} remoteGids::ffff:{ip[peer]} hca mlx5_{k // 2}")
                L.append(f"{h}:{pids[k]}:{tid} [{k}] NCCL INFO transport/net.cc:1298 -> 6")
                L.append(f"{h}:{pids[k]}:{tid} [{k}] NCCL INFO proxy.cc:694 -> 6")
                et = plus(err_t, rng.uniform(0, 1.2))
                if (ni + k) % 5 == 0:
                    L.append(f"[rank{r}]:{c10('E', et, 'ProcessGroupNCCL.cpp:1316')} [PG 0 (default_pg) Rank {r}] NCCL watchdog thread terminated with exception: NCCL error: internal error - please report this issue to the NCCL developers, NCCL version 2.21.5")
                    L.append(f"[rank{r}]:ncclInternalError: Internal check failed.")
                    L.append(f"[rank{r}]:Last error:")
                    L.append(f"[rank{r}]:Proxy Call to rank {(r + 9) % world} failed (Connect)")
                else:
                    L.append(f"[rank{r}]:{c10('E', et, 'ProcessGroupNCCL.cpp:1316')} [PG 0 (default_pg) Rank {r}] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5")
                    L.append(f"[rank{r}]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
                    L.append(f"[rank{r}]:Last error:")
                    L.append(f"[rank{r}]:NET/IB : Got completion from peer {ip[peer]}<{rng.randint(30000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Recv)")
            lt = plus(err_t, 3 + ni * 0.05)
            L.append(elastic("new", "E", lt, apid, "multiprocessing/api.py", 869, f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python"))
            L += elastic_tb("/usr/local", "2.5.0a0+e000cf0ad9.nv24.10", style="new", site="/usr/local/lib/python3.10/dist-packages")
            L += child_failed_box("pretrain_gpt.py", dict(time=box_time(lt), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], signal="6 (SIGABRT)"))
            w.file(f"attempt_{ai}/{h}/torchrun.log", L)
            boot = T(2024, 9, 12, 0, 30, 0)
            ev = boot_events(boot, h, rng, driver="550.90.12", kernel="5.15.0-119-generic")
            ev += run_noise(plus(start, -3600), plus(err_t, 120), rng, h, n=8)
            if h in leaf7:
                for j, ca in enumerate(["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]):
                    pci = ["0c", "1c", "8c", "9c"][j]
                    ft = plus(flap, rng.uniform(0, 0.35))
                    ev.append(kev(ft, f"mlx5_core 0000:{pci}:00.0 ibp{int(pci, 16)}s0: Link down"))
                    ev.append(kev(plus(ft, 0.0004), f"mlx5_core 0000:{pci}:00.0: mlx5_ib_event:3102:(pid 0): port 1 event IB_EVENT_PORT_ERR"))
                    ev.append(kev(plus(ft, 41.7 + rng.uniform(0, 2)), f"mlx5_core 0000:{pci}:00.0 ibp{int(pci, 16)}s0: Link up"))
            w.file(f"attempt_{ai}/{h}/kern.log", render_journal_k(ev, h))
    fab = ["# ibdiagnet --pc --get_cable_info (summary), run 2024-09-17 06:40",
           "-I- Links Check",
           "-I- Switch leaf-07 (GUID 0xb83fd203007a1c40): 4 of 36 ports have LinkDownedCounter increments since last clear",
           "-W- leaf-07/P1  <-> ib-a01/mlx5_0  LinkDownedCounter=2 SymbolErrorCounter=18311",
           "-W- leaf-07/P2  <-> ib-a01/mlx5_1  LinkDownedCounter=2 SymbolErrorCounter=17002",
           "-W- leaf-07/P5  <-> ib-a02/mlx5_0  LinkDownedCounter=2 SymbolErrorCounter=19730",
           "-W- leaf-07/P9  <-> ib-a03/mlx5_0  LinkDownedCounter=2 SymbolErrorCounter=16644",
           "-W- leaf-07/P13 <-> ib-a04/mlx5_0  LinkDownedCounter=2 SymbolErrorCounter=18022",
           "-W- leaf-07/P33 <-> spine-01/P7    LinkDownedCounter=2 SymbolErrorCounter=40117",
           "-I- Switch leaf-08 (GUID 0xb83fd203007a1d80): no port counters above threshold",
           "-I- Switch spine-01: 1 port above threshold (P7 -> leaf-07)",
           "-I- Summary: errors=0 warnings=6",
           "-I- Note: leaf-07 PSU2 reported 'input voltage out of range' twice (04:21, 06:02) in switch event log"]
    w.file("fabric/ibdiagnet_summary.txt", fab)
    w.label("network", "infrastructure", None, "restart",
            "Both attempts fail fleet-wide with status=12 IB completions and ncclRemoteError/ncclInternalError; in each attempt all four nodes under leaf-07 (and only those) log simultaneous mlx5 link down/up, and the fabric report shows every leaf-07 port incl. its spine uplink with link-down and symbol errors (switch PSU event). This is the switch, not any single node.",
            "https://github.com/NVIDIA/nccl/issues/2076")
    return "ap29_ncclremoteerror_status12_fleet_wide_twice"


# ============================================================== ap30
def ap30(w):
    """gloo CPU job: one worker dies with SIGBUS after an uncorrected memory error (MCE) on its host."""
    rng = random.Random(4530)
    hosts = ["cpu-r7-01", "cpu-r7-02", "cpu-r7-03"]
    ip = {h: f"10.3.7.{i + 1}" for i, h in enumerate(hosts)}
    bad = "cpu-r7-02"
    nproc = 4
    bad_local = 2
    bad_rank = 1 * nproc + bad_local
    world = 12
    start = T(2023, 8, 29, 22, 10, 0, 500000)
    mce_t = T(2023, 8, 30, 3, 44, 51, 902113)
    pyp = "/opt/miniforge/envs/gnn/lib/python3.10/site-packages"
    bad_pid = 73321
    for ni, h in enumerate(hosts):
        apid = 71000 + ni * 800
        pids = [apid + 12 + k for k in range(nproc)]
        if h == bad:
            pids[bad_local] = bad_pid
        L = []
        L += torchrun_banner("mid", plus(start, 0.3), apid)
        L += rendezvous_result("mid", plus(start, 3.2), apid, 0, ip["cpu-r7-01"], 29500, ni, 3, list(range(nproc)), list(range(ni * nproc, ni * nproc + nproc)), world)
        L.append(elastic("mid", "I", plus(start, 3.3), apid, "agent/server/api.py", 705, "[default] Starting worker group"))
        for k in range(nproc):
            r = ni * nproc + k
            L.append(f"[rank{r}] {pyts(plus(start, 6 + 0.01 * k))} graph partition {r}/{world} loaded: 8,912,441 nodes, 201,338,102 edges, feat_dim=602 (gloo, pid {pids[k]})")
        for ep in range(1, 100):
            t = plus(start, 20 + ep * 1104 + rng.uniform(-2, 2))
            if t > mce_t:
                break
            for k in range(nproc):
                r = ni * nproc + k
                if k == 0:
                    L.append(f"[rank{r}] {pyts(t)} epoch {ep:3d} | loss {1.21 * 0.96 ** ep + rng.uniform(-0.01, 0.01):.4f} | train_acc {0.61 + 0.3 * (1 - 0.93 ** ep):.4f} | epoch_time {1104 + rng.uniform(-4, 4):.1f}s | sample {161.2 + rng.uniform(-3, 3):.1f}s allreduce {44.1 + rng.uniform(-1.6, 1.6):.1f}s")
        if h == bad:
            lt = plus(mce_t, 0.9)
            for k in range(nproc):
                if k != bad_local:
                    L.append(elastic("mid", "W", plus(lt, 0.001 * k), apid, "multiprocessing/api.py", 836, f"Sending process {pids[k]} closing signal SIGTERM"))
            L.append(elastic("mid", "E", plus(lt, 1.3), apid, "multiprocessing/api.py", 871, f"failed (exitcode: -7) local_rank: {bad_local} (pid: {bad_pid}) of binary: /opt/miniforge/envs/gnn/bin/python"))
            root = dict(time=box_time(plus(lt, 1.3)), host=h, rank=bad_rank, local_rank=bad_local, exitcode=-7, pid=bad_pid, signal="7 (SIGBUS)")
        else:
            for k in range(nproc):
                r = ni * nproc + k
                L += [f"[rank{r}]: " + x for x in tb([
                    ("/srv/gnn/train_dist_sage.py", 412, "<module>", "run(args)"),
                    ("/srv/gnn/train_dist_sage.py", 366, "run", "loss.backward()"),
                    (f"{pyp}/torch/_tensor.py", 492, "backward", "torch.autograd.backward("),
                    (f"{pyp}/torch/autograd/__init__.py", 251, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                    [f"RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [{ip[bad]}]:{rng.randint(20000, 60000)}"])]
            lt = plus(mce_t, 2.6 + ni * 0.1)
            L.append(elastic("mid", "W", lt, apid, "multiprocessing/api.py", 836, f"Sending process {pids[1]} closing signal SIGTERM"))
            L.append(elastic("mid", "E", plus(lt, 0.6), apid, "multiprocessing/api.py", 871, f"failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /opt/miniforge/envs/gnn/bin/python"))
            root = dict(time=box_time(plus(lt, 0.6)), host=h, rank=ni * nproc, local_rank=0, exitcode=1, pid=pids[0])
        L += elastic_tb("/opt/miniforge/envs/gnn", "2.0.1", style="mid")
        L += child_failed_box("train_dist_sage.py", root)
        w.file(f"{h}/torchrun_{h}.log", L)
        boot = T(2023, 8, 21, 14, 40, 12, 250000)
        ev = boot_events(boot, h, rng, kernel="5.15.0-79-generic", cpu_only=True, cpu="Intel(R) Xeon(R) Platinum 8358 CPU @ 2.60GHz", mem_gb=1024)
        ev += run_noise(plus(boot, 300), plus(mce_t, 600), rng, h, n=12, cpu_only=True)
        if h == "cpu-r7-01":
            for j in range(3):
                ev.append(kev(plus(T(2023, 8, 29, 23, 5, 11, 100), j * 37 * 60), f"EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#0_DIMM#1 (channel:0 slot:1 page:0x7f3a{j}1 offset:0x{rng.randint(0, 4095):x} grain:32 syndrome:0x0 - err_code:0x0000:0x009f ProcessorSocketId:0x0 MemoryControllerId:0x0 ChannelAddress:0x{rng.getrandbits(24):x} ChannelId:0x0)"))
        if h == bad:
            m = mce_t
            ev.append(kev(m, "mce: [Hardware Error]: Machine check events logged"))
            ev.append(kev(plus(m, 0.00002), "mce: [Hardware Error]: CPU 37: Machine Check: 0 Bank 13: bd80000000100134"))
            ev.append(kev(plus(m, 0.00003), "mce: [Hardware Error]: RIP !INEXACT! 33:<00007f4b1a2c8e31> "))
            ev.append(kev(plus(m, 0.00004), "mce: [Hardware Error]: TSC 1b2a3c4d5e6f7 ADDR 3e5a4c1000 MISC 86 "))
            ev.append(kev(plus(m, 0.00005), "mce: [Hardware Error]: PROCESSOR 0:606a6 TIME 1693367091 SOCKET 1 APIC 4a microcode d0003a5"))
            ev.append(kev(plus(m, 0.00011), "EDAC MC2: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3e5a4c1 offset:0x0 grain:32 -  err_code:0x0000:0x0134 SystemAddress:0x3e5a4c1000 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x1f2d26000 ChannelId:0x2 RankAddress:0xf9693000 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x7cb4 Column:0x1c0 Bank:0x2 BankGroup:0x1 ChipSelect:0x0 ChipId:0x0)"))
            ev.append(kev(plus(m, 0.0003), "mce: Uncorrected hardware memory error in user-access at 3e5a4c1000"))
            ev.append(kev(plus(m, 0.0009), f"Memory failure: 0x3e5a4c1: Sending SIGBUS to python:{bad_pid} due to hardware memory corruption"))
            ev.append(kev(plus(m, 0.0011), "Memory failure: 0x3e5a4c1: recovery action for dirty LRU page: Recovered"))
        w.file(f"{h}/dmesg.txt", render_dmesg_T(ev))
    w.label("host", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
            "Rank 6 (pid 73321 on cpu-r7-02) was killed by SIGBUS right after the kernel logged an uncorrected memory error (MCE bank 13, EDAC UE on socket 1 channel 2) in that process's memory; the other ranks' gloo 'Connection closed by peer [10.3.7.2]' is sympathetic and cpu-r7-01's corrected EDAC errors are benign.",
            "https://github.com/pytorch/pytorch/issues/75512")
    return "ap30_gloo_connection_closed_by_peer_epoch_18"
