"""Cases al11-al20."""
import random
from common import *  # noqa


# --------------------------------------------------------------------------- al11
def al11(OUT):
    c = Case(OUT, "al11_recv_timeout_1800000ms_on_all_eight_ranks")
    rng = random.Random(1111)
    tv = TV("2.3.1", py="3.10", prefix="/opt/conda")
    hosts = ["r7i-node-01", "r7i-node-02"]
    ip = {"r7i-node-01": "172.31.18.201", "r7i-node-02": "172.31.21.77"}
    c.host(*hosts)
    nproc, world = 4, 8
    script = "train_recsys.py"
    spath = "/home/ubuntu/recsys/" + script
    t0 = T("2024-11-04 01:15:20.000")
    tid = {h: 140200000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 3300 + r * 2 + (r // 4) * 100 for r in range(world)}
    prog, t_last = progress_all(rng, "pylog", range(world), t0 + secs(35), 0, 6400, 100, 1.07, 40000, bs=2048, loss0=0.69, floor=0.45)
    t_to = t_last + secs(1800 + 1.07 * 37)
    fr = user_frames(spath, [(311, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
        (290, "main", "train_epoch(model, loader, opt, ep)"), (214, "train_epoch", "loss.backward()")]) + tv.frames_backward()
    errt = {}
    for r in range(world):
        h = hosts[r // 4]
        lines = ["%s INFO [train_recsys.py:260] rank=%d world=%d gloo timeout=0:30:00 embedding_shards=%d" % (pylog(t0 + secs(20 + 0.01 * r)), r, world, 64)]
        lines += [l for d, l in prog if (" rank=%d " % r) in l]
        dt = t_to + secs(rng.uniform(0, 0.9))
        errt[r] = dt
        exc = "RuntimeError: " + (tv.recv_timeout() if r % 3 else tv.send_timeout())
        lines += ["[rank%d]: %s" % (r, l) for l in traceback(fr, exc)]
        c.w("%s/rank%d.log" % (h, r), lines)
    for h_i, h in enumerate(hosts):
        base = h_i * 4
        lines = tv.omp_banner(t0, tid[h])
        lines += launch_configs(tv, t0, tid[h], script, 2, 2, 4, "recsys-1104", "c10d", "r7i-node-01:29400", 0)
        lines += rdzv_complete(tv, t0 + secs(3.0), tid[h], 0, "r7i-node-01", 44211, h_i, 2, 4)
        order = sorted(range(base, base + 4), key=lambda r: errt[r])
        t_det = errt[order[0]] + secs(2.2)
        recs = [fail_rec(errt[r] + secs(0.1), r, r - base, 1, pid[r], "/tmp/torchelastic_%s/recsys-1104_%s/attempt_0/%d/error.json" % (rid(rng), rid(rng), r - base),
                         traceback(fr, "RuntimeError: " + (tv.recv_timeout() if r % 3 else tv.send_timeout()))) for r in order]
        blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun.log" % h, lines + blk)
        boot = T("2024-10-2%d 0%d:11:51.000" % (h_i + 1, h_i + 3))
        c.w("%s/dmesg_T.txt" % h, dmesg_T_block(rng, boot, [], 13, t_to + secs(300)))
        items = syslog_block(rng, h, t0 - secs(600), t_to + secs(300), 45)
        c.w("%s/syslog" % h, [l for _, l in sorted(items, key=lambda x: x[0])])
    # cloud monitoring export: CPU drops to idle on both nodes at the same time
    rows = ["timestamp,instance,cpu_utilization_pct,network_in_mb,network_out_mb"]
    t = t0 + secs(300)
    while t < t_to + secs(300):
        for h in hosts:
            busy = t < t_last + secs(60)
            cpu = rng.uniform(88, 97) if busy else rng.uniform(0.8, 2.5)
            net = rng.uniform(900, 1300) if busy else rng.uniform(0.1, 0.6)
            rows.append("%s,%s,%.1f,%.1f,%.1f" % (iso(t, ms=False), h, cpu, net, net * rng.uniform(0.9, 1.1)))
        t = t + secs(300)
    c.w("cloudwatch_export.csv", rows)
    c.label("hang", "infrastructure", None, None, "restart",
            "All eight ranks stop making progress at the same step and both nodes go idle together; 30 minutes later every rank "
            "hits the gloo 1800000 ms send/recv timeout. No rank crashed first and neither node logs any hardware, kernel or link "
            "event, so there is no evidence of who or why.",
            "https://github.com/Intellindust-AI-Lab/DEIMv2/issues/65")
    return c


# --------------------------------------------------------------------------- al12
def al12(OUT):
    c = Case(OUT, "al12_no_progress_for_31_minutes_pyspy_dumps_attached")
    rng = random.Random(1212)
    tv = TV("2.4.0", py="3.11", prefix="/opt/conda")
    hosts = ["cpu-node-06", "cpu-node-07"]
    c.host(*hosts)
    nproc, world = 4, 8
    script = "train_seg.py"
    spath = "/home/research/seg/" + script
    t0 = T("2024-12-10 15:02:11.000")
    pid = {r: (20511 if r < 4 else 9817) + (r % 4) * 9 for r in range(world)}
    prog, t_last = progress_all(rng, "bracket", range(world), t0 + secs(28), 0, 2900, 50, 0.79, 30000, bs=24, loss0=2.8, floor=0.7)
    t_dump = t_last + secs(31 * 60 + 12)
    stuck = 6
    for r in range(world):
        h = hosts[r // 4]
        lines = [l for d, l in prog if ("[rank %d]" % r) in l]
        c.w("%s/train_rank%d.log" % (h, r), lines)
    py = ("3.11.9", "/opt/conda/bin/python3.11")
    cmd = "/opt/conda/bin/python3.11 -u train_seg.py --cfg cfgs/deeplab_r50.yaml --num-workers 0"
    for r in range(world):
        h = hosts[r // 4]
        common_tail = [("train_one_epoch", "/home/research/seg/train_seg.py", 187), ("main", "/home/research/seg/train_seg.py", 262),
                       ("wrapper", "/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", 348),
                       ("<module>", "/home/research/seg/train_seg.py", 270)]
        if r == stuck:
            frames = [("__libc_read (libc.so.6)", "libc.so.6", None),
                      ("_Py_read (python3.11)", "python3.11", None),
                      ("_io_FileIO_readinto (python3.11)", "python3.11", None),
                      ("read", "/opt/conda/lib/python3.11/site-packages/numpy/lib/format.py", 822),
                      ("load", "/opt/conda/lib/python3.11/site-packages/numpy/lib/npyio.py", 456),
                      ("__getitem__", "/home/research/seg/data/cityscapes_npy.py", 64),
                      ("fetch", "/opt/conda/lib/python3.11/site-packages/torch/utils/data/_utils/fetch.py", 52),
                      ("_next_data", "/opt/conda/lib/python3.11/site-packages/torch/utils/data/dataloader.py", 757),
                      ("__next__", "/opt/conda/lib/python3.11/site-packages/torch/utils/data/dataloader.py", 701),
                      ("train_one_epoch", "/home/research/seg/train_seg.py", 171)] + common_tail[1:]
            state = "active"
        else:
            frames = [("pthread_cond_wait@@GLIBC_2.3.2 (libc.so.6)", "libc.so.6", None),
                      ("std::condition_variable::wait(std::unique_lock<std::mutex>&) (libstdc++.so.6)", "libstdc++.so.6", None),
                      ("c10d::ProcessGroupGloo::AsyncWork::wait(std::chrono::duration<long, std::ratio<1l, 1000l> >) (libtorch_cpu.so)", "libtorch_cpu.so", None),
                      ("c10d::Reducer::finalize_backward() (libtorch_cpu.so)", "libtorch_cpu.so", None),
                      ("torch::autograd::Engine::execute(...) (libtorch_cpu.so)", "libtorch_cpu.so", None),
                      ("_engine_run_backward", "/opt/conda/lib/python3.11/site-packages/torch/autograd/graph.py", 768),
                      ("backward", "/opt/conda/lib/python3.11/site-packages/torch/autograd/__init__.py", 289),
                      ("backward", "/opt/conda/lib/python3.11/site-packages/torch/_tensor.py", 521),
                      ("train_one_epoch", "/home/research/seg/train_seg.py", 187)] + common_tail[1:]
            state = "idle"
        th = [(pid[r], state, "MainThread", frames),
              (pid[r] + 3, "idle", "Thread-1 (_monitor_loop)", [("wait", "/opt/conda/lib/python3.11/threading.py", 331),
                                                                ("wait", "/opt/conda/lib/python3.11/threading.py", 629),
                                                                ("_monitor_loop", "/home/research/seg/utils/heartbeat.py", 40),
                                                                ("run", "/opt/conda/lib/python3.11/threading.py", 982),
                                                                ("_bootstrap_inner", "/opt/conda/lib/python3.11/threading.py", 1045),
                                                                ("_bootstrap", "/opt/conda/lib/python3.11/threading.py", 1002)])]
        dump = ["# py-spy dump --native --pid %d   (%s, %s UTC)" % (pid[r], h, (t_dump + secs(r * 3)).strftime("%Y-%m-%d %H:%M:%S"))]
        dump += pyspy_dump(pid[r], cmd, py, th)
        c.w("%s/pyspy/pyspy_pid%d.txt" % (h, pid[r]), dump)
    c.w("cpu-node-07/ps_snapshot.txt", ["# ps -o pid,stat,wchan:32,etime,pcpu,cmd -p %s" % ",".join(str(pid[r]) for r in range(4, 8)),
                                         "    PID STAT WCHAN                                ELAPSED %CPU CMD"] +
        ["%7d %-4s %-36s %s %4.1f %s" % (pid[r], "Dl" if r == stuck else "Sl", "-" if r != stuck else "io_schedule", "01:28:51", 0.0 if r == stuck else 0.3, cmd) for r in range(4, 8)])
    c.w("cpu-node-06/ps_snapshot.txt", ["# ps -o pid,stat,wchan:32,etime,pcpu,cmd -p %s" % ",".join(str(pid[r]) for r in range(4)),
                                         "    PID STAT WCHAN                                ELAPSED %CPU CMD"] +
        ["%7d %-4s %-36s %s %4.1f %s" % (pid[r], "Sl", "-", "01:28:52", 0.2, cmd) for r in range(4)])
    boot = T("2024-12-02 07:41:00.000")
    c.w("cpu-node-07/dmesg.txt", dmesg_uptime_block(rng, boot, [], 12, t_dump))
    c.w("cpu-node-07/boot_time.txt", ["btime %d  # %s UTC" % (epoch(boot), boot.strftime("%Y-%m-%d %H:%M:%S"))])
    c.w("NOTES.txt", ["job 'seg-r50-1210' (2x4 ranks, gloo, torchrun c10d on cpu-node-06) stopped logging after it %d." % 2900,
                      "ops dumped every rank with py-spy at ~%s UTC, job still running (not killed yet)." % t_dump.strftime("%H:%M")])
    c.label("hang", "infrastructure", "cpu-node-07", stuck,
            "run_diagnostics",
            "py-spy shows ranks 0-5 and 7 parked in the DDP gradient all-reduce (ProcessGroupGloo wait in finalize_backward) while "
            "rank 6 on cpu-node-07 is still inside a blocking read() of a local .npy sample in uninterruptible sleep (D state); the "
            "stuck rank is identified but nothing in the bundle says why, so the node needs diagnostics.",
            "https://github.com/rwth-i6/returnn/issues/1484")
    return c


# --------------------------------------------------------------------------- al13
def al13(OUT):
    c = Case(OUT, "al13_rank0_in_all_reduce_others_in_barrier_then_timeouts")
    rng = random.Random(1313)
    tv = TV("2.2.2", py="3.10", prefix="/opt/conda")
    hosts = ["gpu-ws-11", "gpu-ws-12"]
    ip = {"gpu-ws-11": "10.9.3.11", "gpu-ws-12": "10.9.3.12"}
    c.host(*hosts)
    nproc, world = 4, 8
    script = "train_cls.py"
    spath = "/home/ana/cls/" + script
    t0 = T("2024-04-29 08:00:30.000")
    tid = {h: 140600000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 14500 + r * 6 for r in range(world)}
    prog, t_last = progress_all(rng, "pylog", range(world), t0 + secs(25), 0, 1250, 50, 0.64, 1250, bs=64, loss0=4.6, floor=1.2)
    t_eval = t_last + secs(33.5)
    t_to = t_eval + secs(1800.4)
    for r in range(world):
        pass
    # source snippet collected by the operator
    snippet = ["$ git -C /home/ana/cls show HEAD:train_cls.py | sed -n '318,345p'",
               "318 def evaluate(model, loader, epoch):",
               "319     model.eval()",
               "320     correct = torch.zeros(1)",
               "321     total = torch.zeros(1)",
               "322     with torch.no_grad():",
               "323         for x, y in loader:",
               "324             pred = model(x).argmax(1)",
               "325             correct += (pred == y).sum()",
               "326             total += y.numel()",
               "327     if is_main_process():",
               "328         # aggregate accuracy across ranks and log it",
               "329         dist.all_reduce(correct)",
               "330         dist.all_reduce(total)",
               "331         log.info('epoch %d val acc %.4f', epoch, (correct / total).item())",
               "332     model.train()",
               "333",
               "...",
               "340         evaluate(model, val_loader, epoch)",
               "341         dist.barrier()",
               "342         if is_main_process():",
               "343             save_ckpt(model, opt, epoch)"]
    c.w("gpu-ws-11/source_snippet.txt", snippet)
    py = ("3.10.13", "/opt/conda/bin/python3.10")
    cmd = "/opt/conda/bin/python3.10 -u train_cls.py --epochs 30 --data /data/inat-mini"
    t_dump = t_eval + secs(14 * 60)
    for r in range(world):
        h = hosts[r // 4]
        if r == 0:
            fr = [("all_reduce", "/opt/conda/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py", 2050),
                  ("wrapper", "/opt/conda/lib/python3.10/site-packages/torch/distributed/c10d_logger.py", 72),
                  ("evaluate", spath, 329), ("main", spath, 340), ("<module>", spath, 351)]
        else:
            fr = [("barrier", "/opt/conda/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py", 3703),
                  ("wrapper", "/opt/conda/lib/python3.10/site-packages/torch/distributed/c10d_logger.py", 72),
                  ("main", spath, 341), ("<module>", spath, 351)]
        dump = ["# py-spy dump --pid %d   host=%s" % (pid[r], h)] + pyspy_dump(pid[r], cmd, py, [(pid[r], "idle", "MainThread", fr)])
        c.w("%s/pyspy_rank%d.txt" % (h, r), dump)
    fr0 = user_frames(spath, [(351, "<module>", "main()"), (340, "main", "evaluate(model, val_loader, epoch)"),
                              (329, "evaluate", "dist.all_reduce(correct)")]) + tv.frames_all_reduce()
    frb = user_frames(spath, [(351, "<module>", "main()"), (341, "main", "dist.barrier()")]) + tv.frames_barrier()
    errt = {}
    for h_i, h in enumerate(hosts):
        base = h_i * 4
        lines = tv.omp_banner(t0, tid[h])
        items = [(d, "[default%d]:%s" % (int(l.split("rank=")[1].split()[0]) % 4, l)) for d, l in prog
                 if int(l.split("rank=")[1].split()[0]) // 4 == h_i]
        if h_i == 0:
            items.append((t_eval - secs(21), "[default0]:%s INFO [train_cls.py:336] epoch 0 done, running validation (2,500 images per rank)" % pylog(t_eval - secs(21))))
        tbs = {}
        for r in range(base, base + 4):
            dt = t_to + secs(rng.uniform(0, 0.4))
            errt[r] = dt
            tbs[r] = traceback(fr0, "RuntimeError: " + tv.recv_timeout()) if r == 0 else traceback(frb, "RuntimeError: " + tv.recv_timeout())
            items.append((dt, "\n".join("[default%d]:%s" % (r - base, l) for l in tbs[r])))
        items.sort(key=lambda x: x[0])
        lines += [l for _, l in items]
        order = sorted(range(base, base + 4), key=lambda r: errt[r])
        t_det = errt[order[0]] + secs(1.6)
        recs = [fail_rec(errt[r] + secs(0.1), r, r - base, 1, pid[r], "/tmp/torchelastic_%s/none_%s/attempt_0/%d/error.json" % (rid(rng), rid(rng), r - base), tbs[r]) for r in order]
        blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun_console.log" % h, lines + blk)
    c.label("user_code", "script", None, None, "stop",
            "py-spy shows rank 0 blocked in dist.all_reduce inside 'if is_main_process():' in evaluate() while ranks 1-7 sit in the "
            "following dist.barrier(); a collective issued by only one rank can never complete, so all ranks time out after 30 "
            "min. The hang is in the program, not the cluster.",
            "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    return c


# --------------------------------------------------------------------------- al14
def al14(OUT):
    c = Case(OUT, "al14_detected_mismatch_between_collectives_single_server")
    rng = random.Random(1414)
    tv = TV("2.3.1", py="3.11", prefix="/opt/pyenv/versions/3.11.9")
    h = "bigmem-07"
    c.host(h)
    nproc, world = 8, 8
    script = "eval_retrieval.py"
    spath = "/home/kwang/retrieval/" + script
    t0 = T("2024-06-18 20:40:00.120")
    tid = 140411771213632
    pid = {r: 401220 + r for r in range(world)}
    prog, t_last = progress_all(rng, "bracket", range(world), t0 + secs(40), 0, 3900, 100, 0.55, 3906, bs=128, loss0=1.9, floor=0.9)
    t_err = t_last + secs(7.0)
    fr = user_frames(spath, [(288, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
        (270, "main", "metrics = validate(model, val_loader)"),
        (201, "validate", "all_scores = gather_scores(scores)"),
        (88, "gather_scores", "dist.all_reduce(buf, op=dist.ReduceOp.SUM)")]) + tv.frames_all_reduce()

    def fp(seq, shape):
        return ("CollectiveFingerPrint(SequenceNumber=%d, OpType=ALLREDUCE, TensorShape=[%d], TensorDtypes=Float, "
                "TensorDeviceTypes=TensorOptions(dtype=float (default), device=cpu, layout=Strided (default), requires_grad=false (default), "
                "pinned_memory=false (default), memory_format=(nullopt)))" % (seq, shape))
    seq = 31288
    shapes = {r: 1024 for r in range(world)}
    shapes[7] = 1000   # last rank gets the remainder of the val set
    items = []
    for d, l in prog:
        r = int(l.split("[rank ")[1].split("]")[0])
        items.append((d, "[rank%d]:%s" % (r, l)))
    items.append((t_last + secs(1.0), "[rank0]:[%s] [rank 0] epoch 0 train done; validating 8000 queries" % (t_last + secs(1)).strftime("%Y-%m-%d %H:%M:%S")))
    errt = {}
    for r in range(world):
        other = 7 if r != 7 else 0
        msg = ("RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: %s, but Rank %d is running "
               "collective: %s.Collectives differ in the following aspects: \t Tensor Tensor shapes: %d vs %d") % (
            r, fp(seq, shapes[r]), other, fp(seq, shapes[other]), shapes[r], shapes[other])
        dt = t_err + secs(0.002 * r + (0.0 if r == 3 else 0.004))
        errt[r] = (dt, traceback(fr, msg))
        items.append((dt, "\n".join("[rank%d]: %s" % (r, l) for l in traceback(fr, msg))))
    items.sort(key=lambda x: x[0])
    lines = ["$ TORCH_DISTRIBUTED_DEBUG=DETAIL LOGLEVEL=INFO torchrun --standalone --nproc-per-node=8 eval_retrieval.py --ckpt runs/dual_enc_v4/last.pt"]
    lines += tv.omp_banner(t0, tid)
    lines += launch_configs(tv, t0, tid, script, 1, 1, 8, "3f2c0a61-9d7b-4a53-8f0e-4b7c51d2a9e0", "c10d", "localhost:0", 0)
    lines += rdzv_complete(tv, t0 + secs(0.4), tid, 0, "localhost", 38123, 0, 1, 8)
    for r in range(world):
        lines.append("[rank%d]:[W%s %s ProcessGroupWrapper] TORCH_DISTRIBUTED_DEBUG=DETAIL: wrapping ProcessGroupGloo with collective checks" % (
            r, t0.strftime("%m%d"), (t0 + secs(6)).strftime("%H:%M:%S")))
    lines += [l for _, l in items]
    order = sorted(range(world), key=lambda r: errt[r][0])
    t_det = errt[order[0]][0] + secs(0.7)
    recs = [fail_rec(errt[r][0] + secs(0.05), r, r, 1, pid[r], "/tmp/torchelastic_kq81x0_r/3f2c0a61-9d7b-4a53-8f0e-4b7c51d2a9e0_a8t1m0qz/attempt_0/%d/error.json" % r, errt[r][1]) for r in order]
    blk, _ = finish_block(tv, tid, h, script, t_det, [], recs[0], recs[1:])
    c.w("%s/run_%s.log" % (h, t0.strftime("%Y%m%d_%H%M")), lines + blk)
    c.w("%s/free_h.txt" % h, ["              total        used        free      shared  buff/cache   available",
                               "Mem:          1.5Ti       211Gi       1.1Ti       1.0Gi       181Gi       1.3Ti",
                               "Swap:            0B          0B          0B"])
    c.label("user_code", "script", None, None, "stop",
            "With TORCH_DISTRIBUTED_DEBUG=DETAIL every rank reports the same all_reduce at the same sequence number with different tensor "
            "shapes (1024 on ranks 0-6 vs 1000 on rank 7): gather_scores reduces a buffer sized by the local number of validation "
            "queries. Deterministic program bug.",
            "https://github.com/pytorch/pytorch/issues/78022")
    return c


# --------------------------------------------------------------------------- al15
def al15(OUT):
    c = Case(OUT, "al15_all_ranks_raise_floatingpointerror_same_step")
    rng = random.Random(1515)
    tv = TV("2.0.1", py="3.9", prefix="/opt/conda")
    hosts = ["sim-n01", "sim-n02", "sim-n03"]
    c.host(*hosts)
    nproc, world = 4, 12
    script = "train_pinn.py"
    spath = "/shared/pinn/" + script
    t0 = T("2024-01-23 10:00:00.000")
    pid = {r: 2200 + r * 17 for r in range(world)}
    t = t0 + secs(20)
    step_time = 0.37
    nan_step = 8841
    for r in range(world):
        h = hosts[r // 4]
        rr = random.Random(r + 31)
        lines = ["%s | INFO | pinn | rank %d/%d host=%s lr=2.0e-03 warmup=0 fp32 clip_grad=None" % (pylog(t0 + secs(5 + 0.01 * r)), r, world, h)]
        dt = t + secs(0.01 * r)
        loss = 1.8
        for s in range(0, 8825, 25):
            if s < 7800:
                loss = max(0.012, loss * 0.9985 * (1 + rr.uniform(-0.02, 0.02)))
                g = rr.uniform(0.3, 1.1)
            else:
                loss = loss * (1.05 + rr.uniform(0, 0.05))
                g = g * (1.3 + rr.uniform(0, 0.3))
            lines.append("%s | INFO | pinn | rank %d step %d loss %.6f grad_norm %.3f" % (pylog(dt), r, s, loss, g))
            dt = dt + secs(step_time * 25 * (1 + rr.uniform(-0.03, 0.03)))
        lines.append("%s | INFO | pinn | rank %d step %d loss %s grad_norm %s" % (pylog(dt), r, 8825, "%.6f" % (loss * 3.7), "inf"))
        dt2 = dt + secs(step_time * 16)
        lines.append("%s | WARNING | pinn | rank %d step %d non-finite loss: nan (residual_pde=nan, bc=2.41e+07)" % (pylog(dt2), r, nan_step))
        fr = user_frames(spath, [(402, "<module>", "main()"), (377, "main", "train(cfg, model, opt)"),
                                 (233, "train", "check_finite(loss, step)"), (58, "check_finite", 'raise FloatingPointError(f"Non-finite loss detected at step {step} (loss={loss.item()}); aborting")')])
        lines += traceback(fr, "FloatingPointError: Non-finite loss detected at step %d (loss=nan); aborting" % nan_step)
        c.w("%s/logs/rank%02d.log" % (h, r), lines)
        if r == 0:
            t_nan = dt2
    for h_i, h in enumerate(hosts):
        base = h_i * 4
        t_det = t_nan + secs(2.1 + 0.3 * h_i)
        recs = [fail_rec(t_det - secs(1.5), base + i, i, 1, pid[base + i]) for i in range(4)]
        blk, _ = finish_block(tv, 0, h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun.log" % h, tv.omp_banner(t0, 0) + blk)
    boot = T("2024-01-19 12:00:31.000")
    ev = [(t0 + secs(3600 * 1.4), "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3c10a2 offset:0x840 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)")]
    c.w("sim-n02/dmesg.txt", dmesg_T_block(rng, boot, ev, 10, t_nan + secs(100)))
    c.w("sim-n01/dmesg.txt", dmesg_T_block(rng, boot + secs(391), [], 10, t_nan + secs(100)))
    c.label("numerical", "script", None, None, "stop",
            "Loss and grad_norm grow on every rank from ~step 7800 (no grad clipping, lr 2e-3), grad_norm becomes inf at 8825 and "
            "all twelve ranks raise the same FloatingPointError at step 8841; the single corrected EDAC error on sim-n02 hours "
            "earlier is unrelated. Recipe divergence.",
            "https://github.com/kuleshov-group/caduceus/issues/22")
    return c


# --------------------------------------------------------------------------- al16
def al16(OUT):
    c = Case(OUT, "al16_agents_report_worker_group_succeeded")
    rng = random.Random(1616)
    tv = TV("2.4.0", py="3.11", prefix="/opt/conda")
    hosts = ["cpu-a01", "cpu-a02"]
    c.host(*hosts)
    nproc, world = 4, 8
    script = "train_mae_small.py"
    t0 = T("2024-08-30 22:10:00.500")
    tid = {h: 140700000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    prog, t_last = progress_all(rng, "pylog", range(world), t0 + secs(48), 0, 6000, 100, 0.58, 6000, bs=64, loss0=1.1, floor=0.42)
    t_end = t_last + secs(40)
    for h_i, h in enumerate(hosts):
        base = h_i * 4
        lines = []
        if h == "cpu-a02":
            for k in range(3):
                d = t0 - secs(12 - k * 4)
                lines.append(cglog("W", d, "socket.cpp:697") + "[c10d] The client socket has failed to connect to [cpu-a01]:29400 (errno: 111 - Connection refused).")
        lines += tv.omp_banner(t0, tid[h])
        lines += launch_configs(tv, t0, tid[h], script, 2, 2, 4, "mae-s-0830", "c10d", "cpu-a01:29400", 0)
        lines.append(agent_info(tv, t0 + secs(0.01), tid[h], "[default] starting workers for entrypoint: python"))
        lines.append(agent_info(tv, t0 + secs(0.01), tid[h], "[default] Rendezvous'ing worker group"))
        lines += rdzv_complete(tv, t0 + secs(1.8), tid[h], 0, "cpu-a01", 41877, h_i, 2, 4)
        lines.append(agent_info(tv, t0 + secs(1.8), tid[h], "[default] Starting worker group"))
        items = [(d, "[default%d]:%s" % (int(l.split("rank=")[1].split()[0]) % 4, l)) for d, l in prog if int(l.split("rank=")[1].split()[0]) // 4 == h_i]
        for lr in range(4):
            items.append((t0 + secs(9), "[default%d]:%s/lib/python3.11/site-packages/timm/models/layers/__init__.py:48: FutureWarning: Importing from timm.models.layers is deprecated, please import via timm.layers" % (lr, tv.prefix)))
            items.append((t0 + secs(9.001), '[default%d]:  warnings.warn(f"Importing from {__name__} is deprecated, please import via timm.layers", FutureWarning)' % lr))
        if h_i == 0:
            items.append((t_end - secs(20), "[default0]:%s INFO [train_mae_small.py:301] epoch 19/19 done; saving final checkpoint to /ckpt/mae-s-0830/final.pt" % pylog(t_end - secs(20))))
            items.append((t_end - secs(4), "[default0]:%s INFO [train_mae_small.py:309] training finished in 6:28:11, final loss 0.4217" % pylog(t_end - secs(4))))
        for lr in range(4):
            items.append((t_end - secs(2 - lr * 0.01), "[default%d]:%s INFO [dist.py:52] rank %d: destroy_process_group() done" % (lr, pylog(t_end - secs(2 - lr * 0.01)), base + lr)))
        items.sort(key=lambda x: x[0])
        lines += [l for _, l in items]
        te = t_end + secs(0.5 + 0.3 * h_i)
        lines.append(agent_info(tv, te, tid[h], "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.", ln=741))
        lines.append(tv.log("I", te, tid[h], "torch.distributed.elastic.agent.server.api", 1004,
                            "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"))
        lines.append(tv.log("I", te + secs(0.7 - 0.3 * h_i), tid[h], "torch.distributed.elastic.agent.server.api", 1018,
                            "Done waiting for other agents. Elapsed: %.14f seconds" % (0.7 - 0.3 * h_i + rng.uniform(0.0, 0.01))))
        c.w("%s/torchrun.log" % h, lines)
        c.w("%s/exit_status.txt" % h, ["torchrun exit code: 0", "finished: %s" % iso(te + secs(1))])
    c.label("unknown", "framework", None, None, "none",
            "The run completed: every rank logged the final epoch and destroy_process_group, and both agents report WorkerState.SUCCEEDED "
            "with exit code 0. The connection-refused warnings on cpu-a02 happen before rendezvous (the store was not up yet) and are harmless.",
            "https://pytorch.org/docs/stable/elastic/quickstart.html")
    return c


# --------------------------------------------------------------------------- al17
def al17(OUT):
    c = Case(OUT, "al17_sigterm_to_all_workers_after_twelve_hours")
    rng = random.Random(1717)
    tv = TV("2.3.1", py="3.10", prefix="/apps/conda/envs/lm")
    hosts = ["cpu-r3-07", "cpu-r3-08"]
    c.host(*hosts)
    nproc, world = 4, 8
    jobid = 4412093
    script = "train_lm.py"
    t0 = T("2024-05-01 18:00:09.000")
    tid = {h: 140800000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 18200 + r * 4 + (r // 4) * 90 for r in range(world)}
    t_kill = T("2024-05-02 06:00:17.000")
    prog, t_last = progress_all(rng, "iso", range(world), t0 + secs(55), 0, 49400, 200, 0.873, 200000, bs=16, loss0=9.8, floor=2.9)
    prog = [(d, l) for d, l in prog if d < t_kill]
    items = []
    for d, l in prog:
        r = int(l.split(" rank")[1][:2])
        items.append((d, "%d: [default%d]:%s" % (r // 4, r % 4, l)))
    for h_i, h in enumerate(hosts):
        base = h_i * 4
        items.append((t_kill + secs(0.05), "%d: %s" % (h_i, tv.log("W", t_kill + secs(0.05), tid[h], "torch.distributed.elastic.agent.server.api", 723,
                                                                        "Received Signals.SIGTERM death signal, shutting down workers"))))
        for i in range(4):
            items.append((t_kill + secs(0.06 + 0.001 * i), "%d: %s" % (h_i, tv.sigterm(t_kill + secs(0.06 + 0.001 * i), tid[h], pid[base + i]))))
        tb = tv.torchrun_tb() [:-2] + [
            '  File "%s/torch/distributed/launcher/api.py", line 254, in launch_agent' % tv.site, "    result = agent.run()",
            '  File "%s/torch/distributed/elastic/metrics/api.py", line 123, in wrapper' % tv.site, "    result = f(*args, **kwargs)",
            '  File "%s/torch/distributed/elastic/agent/server/api.py", line 733, in run' % tv.site, "    result = self._invoke_run(role)",
            '  File "%s/torch/distributed/elastic/agent/server/api.py", line 876, in _invoke_run' % tv.site, "    time.sleep(monitor_interval)",
            '  File "%s/torch/distributed/elastic/multiprocessing/api.py", line 76, in _terminate_process_handler' % tv.site,
            "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % (pid[base] - 37)]
        items.append((t_kill + secs(0.4), "\n".join("%d: %s" % (h_i, l) for l in tb)))
    items.sort(key=lambda x: x[0])
    head = ["%d: %s" % (i, l) for i in range(2) for l in tv.omp_banner(t0, tid[hosts[i]])]
    tail = ["srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
            "slurmstepd: error: *** JOB %d ON cpu-r3-07 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, t_kill.strftime("%Y-%m-%dT%H:%M:%S")),
            "slurmstepd: error: *** STEP %d.0 ON cpu-r3-07 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, t_kill.strftime("%Y-%m-%dT%H:%M:%S"))]
    c.w("slurm-%d.out" % jobid, head + [l for _, l in items] + tail)
    c.w("sacct_%d.txt" % jobid, ["       JobID    JobName  Partition      State  Timelimit    Elapsed ExitCode   NodeList",
                                 "------------ ---------- ---------- ---------- ---------- ---------- -------- ----------",
                                 "%12d   lm-1p3b     cpu-lg    TIMEOUT   12:00:00   12:00:08      0:0 cpu-r3-[07-08]" % jobid,
                                 "%12s      batch                CANCELLED              12:00:10     0:15 cpu-r3-07" % ("%d.batch" % jobid),
                                 "%12s   torchrun                CANCELLED              12:00:07     0:15 cpu-r3-[07-08]" % ("%d.0" % jobid)])
    c.w("cpu-r3-07/ckpt_listing.txt", ["/scratch/lm-1p3b/ckpt/step_%06d.pt" % s for s in range(5000, 49001, 5000)])
    c.label("unknown", "framework", None, None, "none",
            "Training progressed normally up to the end and Slurm cancelled the job 'DUE TO TIME LIMIT' after exactly the 12:00:00 "
            "walltime; torchrun's SignalException: got signal 15 and the SIGTERMs to workers are the scheduler shutdown, not a fault.",
            "https://github.com/ZettaAI/zetta_utils/issues/671")
    return c


# --------------------------------------------------------------------------- al18
def al18(OUT):
    c = Case(OUT, "al18_three_attempts_each_fail_loading_cached_features")
    rng = random.Random(1818)
    tv = TV("2.2.2", py="3.10", prefix="/opt/conda")
    hosts = ["gn-04", "gn-05", "gn-06"]
    ip = {h: "10.77.0.%d" % (10 + int(h[-1])) for h in hosts}
    c.host(*hosts)
    nproc, world = 2, 6
    script = "train_speaker.py"
    spath = "/home/asr/spk/" + script
    t0 = T("2024-03-28 07:30:00.300")
    tid = {h: 140900000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    # group rank assignment per attempt (c10d join order differs)
    grank = [{"gn-04": 0, "gn-05": 1, "gn-06": 2}, {"gn-06": 0, "gn-04": 1, "gn-05": 2}, {"gn-05": 0, "gn-06": 1, "gn-04": 2}]
    errs = [("RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory", "part-00412.pt"),
            ("_pickle.UnpicklingError: invalid load key, '\\x00'.", "part-00731.pt"),
            ("OSError: [Errno 5] Input/output error: '/scratch/featcache/spk-v2/part-00731.pt'", "part-00731.pt")]
    bad_local = [1, 0, 1]
    logs = {h: [] for h in hosts}
    kern = []
    t = t0
    run = {h: "spk-0328_%s" % rid(rng) for h in hosts}
    attempt_files = {}
    for a in range(3):
        ta = t + secs(2.5)
        # workers start, load feature cache lazily, train
        prog, t_last = progress_all(rng, "absl", range(world), ta + secs(18), 0 if a == 0 else 3000, 2400 + a * 900 if a == 0 else 3000 + 600 * a, 100, 0.74, 60000, loss0=4.2 if a == 0 else 2.6, floor=1.1)
        t_fail = t_last + secs(12.3 + a)
        g5 = grank[a]["gn-05"]
        bad_rank = g5 * 2 + bad_local[a]
        bad_file = errs[a][1]
        # kernel I/O errors on gn-05 right before each failure
        sector = 1441792 + a * 8192
        kern.append((t_fail - secs(0.35), "nvme0n1: I/O Cmd(0x2) @ LBA %d, 256 blocks, I/O Error (sct 0x2 / sc 0x81) MORE DNR" % sector))
        kern.append((t_fail - secs(0.349), "critical medium error, dev nvme0n1, sector %d op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 2" % sector))
        if a >= 1:
            kern.append((t_fail - secs(0.30), "EXT4-fs warning (device nvme0n1p1): ext4_end_bio:343: I/O error 61 writing to inode 5113003 starting block 180224)" if a == 2 else
                         "EXT4-fs error (device nvme0n1p1): ext4_find_extent:936: inode #5113003: comm python: pblk 180224 bad header/extent: invalid magic - magic 0, entries 0, max 0(0), depth 0(0)"))
        fr = user_frames(spath, [(377, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
            (351, "main", "for step, (feats, spk) in enumerate(loader, start=state.step):")]) + dl_frames(tv)
        inner = ["Original Traceback (most recent call last):",
                 '  File "%s/torch/utils/data/_utils/worker.py", line 308, in _worker_loop' % tv.site,
                 "    data = fetcher.fetch(index)",
                 '  File "%s/torch/utils/data/_utils/fetch.py", line 51, in fetch' % tv.site,
                 "    data = [self.dataset[idx] for idx in possibly_batched_index]",
                 '  File "/home/asr/spk/data/featcache.py", line 58, in __getitem__',
                 "    part = self._load_part(pid)",
                 '  File "/home/asr/spk/data/featcache.py", line 41, in _load_part',
                 '    return torch.load(os.path.join(self.root, f"part-{pid:05d}.pt"), map_location="cpu")']
        if a < 2:
            inner += ['  File "%s/torch/serialization.py", line 1026, in load' % tv.site,
                      "    return _load(opened_zipfile," if a == 0 else "    return _legacy_load(opened_file, map_location, pickle_module, **pickle_load_args)"]
            if a == 0:
                inner += ['  File "%s/torch/serialization.py", line 1004, in load' % tv.site, "    with _open_zipfile_reader(opened_file) as opened_zipfile:",
                          '  File "%s/torch/serialization.py", line 456, in __init__' % tv.site, "    super().__init__(torch._C.PyTorchFileReader(name_or_buffer))"]
            else:
                inner += ['  File "%s/torch/serialization.py", line 1246, in _legacy_load' % tv.site, "    magic_number = pickle_module.load(f, **pickle_load_args)"]
        else:
            inner += ['  File "%s/torch/serialization.py", line 1026, in load' % tv.site, "    with _open_file_like(f, 'rb') as opened_file:",
                      '  File "%s/torch/serialization.py", line 451, in _open_file_like' % tv.site, "    return _open_file(name_or_buffer, mode)",
                      '  File "%s/torch/serialization.py", line 432, in __init__' % tv.site, "    super().__init__(open(name, mode))"]
        exc_type = errs[a][0].split(":")[0]
        exc = ["%s: Caught %s in DataLoader worker process %d." % (exc_type, exc_type.split(".")[-1], rng.randint(0, 3))] + inner + [errs[a][0], ""]
        tb_bad = traceback(fr, exc)
        frb = user_frames(spath, [(377, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [(362, "main", "loss.backward()")]) + tv.frames_backward()
        for h in hosts:
            g = grank[a][h]
            base = g * 2
            L = logs[h]
            L += launch_configs(tv, t, tid[h], script, 3, 3, 2, "spk-0328", "c10d", "gn-04:29400", 2) if a == 0 else []
            if a == 0:
                L.append(agent_info(tv, t + secs(0.01), tid[h], "[default] starting workers for entrypoint: python"))
            L.append(agent_info(tv, t + secs(0.02), tid[h], "[default] Rendezvous'ing worker group"))
            L += rdzv_complete(tv, ta, tid[h], a, "gn-04" if a == 0 else [k for k, v in grank[a].items() if v == 0][0], 40000 + a * 37, g, 3, 2)
            L.append(agent_info(tv, ta, tid[h], "[default] Starting worker group"))
            items = []
            for d, l in prog:
                r = int(l.split(" ")[2]) - 4000
                if base <= r < base + 2:
                    items.append((d, "[default%d]:%s" % (r - base, l)))
            recs = []
            for lr in range(2):
                r = base + lr
                if h == "gn-05" and lr == bad_local[a]:
                    dt = t_fail
                    tb = tb_bad
                else:
                    dt = t_fail + secs(0.05 + 0.01 * r)
                    tb = traceback(frb, "RuntimeError: " + tv.closed_by_peer(ip["gn-05"], rng.randint(20000, 60000)))
                items.append((dt, "\n".join("[default%d]:%s" % (lr, l) for l in tb)))
                ef = "/var/tmp/elastic/%s/attempt_%d/%d/error.json" % (run[h], a, lr)
                recs.append(fail_rec(dt + secs(0.1), r, lr, 1, 30000 + a * 400 + r * 3 + int(h[-1]) * 1000, ef, tb))
                exm = tb[-2] if tb[-1] == "" else tb[-1]
                c.wj("%s/elastic/%s/attempt_%d/%d/error.json" % (h, run[h], a, lr),
                     {"message": {"message": exm if not exm.startswith("Original") else tb[-2],
                                  "extraInfo": {"py_callstack": "\n".join(tb) + "\n", "timestamp": str(epoch(dt))}}}, indent=None)
            items.sort(key=lambda x: x[0])
            L += [l for _, l in items]
            recs.sort(key=lambda x: x["dt"])
            t_det = t_fail + secs(1.1 + 0.2 * g)
            if a < 2:
                L.append(agent_info(tv, t_det, tid[h], "[default] Worker group FAILED. %d/2 attempts left; will restart worker group" % (2 - a), ln=882))
                L.append(agent_info(tv, t_det, tid[h], "[default] Stopping worker group", ln=733))
            else:
                blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
                L += blk
        t = t_fail + secs(4.0)
    for h in hosts:
        c.w("%s/torchrun.log" % h, tv.omp_banner(t0, tid[h]) + logs[h])
    boot = T("2024-03-20 03:12:45.000")
    c.w("gn-05/dmesg.txt", dmesg_uptime_block(rng, boot, kern, 14, t + secs(60)))
    c.w("gn-05/boot_epoch.txt", ["%d" % epoch(boot)])
    c.w("gn-05/smartctl_nvme0.txt", ["=== START OF SMART DATA SECTION ===", "SMART overall-health self-assessment test result: PASSED", "",
                                      "SMART/Health Information (NVMe Log 0x02)", "Critical Warning:                   0x00", "Temperature:                        41 Celsius",
                                      "Available Spare:                    100%", "Percentage Used:                    7%", "Data Units Read:                    912,330,118 [467 TB]",
                                      "Media and Data Integrity Errors:    43", "Error Information Log Entries:      61"])
    for h in ("gn-04", "gn-06"):
        c.w("%s/dmesg.txt" % h, dmesg_uptime_block(rng, boot + secs(rng.randint(100, 5000)), [], 12, t + secs(60)))
    c.w("featcache_layout.txt", ["feature cache is built per node on local NVMe at /scratch/featcache/spk-v2 (copied from /lustre/asr/featcache/spk-v2 by the prolog; same md5 on every node)"])
    c.label("storage", "infrastructure", "gn-05", None, "restart_without_node",
            "Three attempts fail with three different-looking data errors (bad zip, unpickling, EIO), but every time the failing rank is on "
            "gn-05 (global ranks 3, 4 and 1 as the node's group rank changes), and gn-05's kernel logs NVMe critical medium errors / EXT4 "
            "errors on its local cache disk right before each failure (SMART: 43 media errors). The error follows the node.",
            "https://github.com/pytorch/pytorch/issues/108158")
    return c


# --------------------------------------------------------------------------- al19
def al19(OUT):
    c = Case(OUT, "al19_indexerror_in_two_job_submissions")
    rng = random.Random(1919)
    tv = TV("2.5.1", py="3.12", prefix="/opt/uv/lm")
    script = "pretrain_gpt.py"
    spath = "/home/team/gpt-cpu/" + script
    att = [dict(hosts=["x1001", "x1002"], jobid=771203, t0=T("2025-01-15 09:00:00.000"), step0=0, bad_rank=3),
           dict(hosts=["x1002", "x1003"], jobid=771388, t0=T("2025-01-15 12:41:30.000"), step0=4000, bad_rank=5)]
    nproc, world = 4, 8
    fail_step = 4180
    all_hosts = set()
    for a_i, A in enumerate(att):
        hosts = A["hosts"]
        all_hosts.update(hosts)
        ip = {h: "10.100.%d.%d" % (int(h[1:]) // 100, int(h[1:]) % 100) for h in hosts}
        t0 = A["t0"]
        tid = {h: 4100 + rng.randint(100, 900) for h in hosts}
        pid = {r: 50000 + a_i * 3000 + r * 5 for r in range(world)}
        steps_end = 4100 if a_i == 0 else 4100
        st0 = A["step0"]
        prog, t_last = progress_all(rng, "json", range(world), t0 + secs(40), st0, 4100, 100, 2.1, 20000, loss0=10.8 if a_i == 0 else 4.9, floor=4.4, bs=8)
        t_err = t_last + secs(2.1 * 80 + 1.3)
        fr = user_frames(spath, [(455, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
            (431, "main", "loss = model(input_ids, labels=labels)")]) + [
            ("%s/torch/nn/modules/module.py" % tv.site, 1736, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("%s/torch/nn/modules/module.py" % tv.site, 1747, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("%s/torch/nn/parallel/distributed.py" % tv.site, 1643, "forward", "else self._run_ddp_forward(*inputs, **kwargs)"),
            ("%s/torch/nn/parallel/distributed.py" % tv.site, 1459, "_run_ddp_forward", "return self.module(*inputs, **kwargs)  # type: ignore[index]"),
            ("%s/torch/nn/modules/module.py" % tv.site, 1736, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("%s/torch/nn/modules/module.py" % tv.site, 1747, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("/home/team/gpt-cpu/model.py", 212, "forward", "tok = self.wte(input_ids)"),
            ("%s/torch/nn/modules/module.py" % tv.site, 1736, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            ("%s/torch/nn/modules/module.py" % tv.site, 1747, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("%s/torch/nn/modules/sparse.py" % tv.site, 190, "forward", "return F.embedding("),
            ("%s/torch/nn/functional.py" % tv.site, 2551, "embedding", "return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)")]
        exc = "IndexError: index out of range in self"
        frb = user_frames(spath, [(455, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [(436, "main", "loss.backward()")]) + tv.frames_backward()
        br = A["bad_rank"]
        bad_host = hosts[br // 4]
        errt = {}
        for h_i, h in enumerate(hosts):
            base = h_i * 4
            lines = tv.omp_banner(t0, tid[h])
            lines += launch_configs(tv, t0, tid[h], script, 2, 2, 4, "gpt-cpu-%d" % A["jobid"], "c10d", "%s:29400" % hosts[0], 0)
            lines += rdzv_complete(tv, t0 + secs(2.0), tid[h], 0, hosts[0], 45100 + a_i, h_i, 2, 4)
            items = []
            for d, l in prog:
                r = int(l.split('"rank": ')[1].split(",")[0])
                if base <= r < base + 4:
                    items.append((d, "[default%d]:%s" % (r - base, l)))
            if a_i == 1 and h_i == 0:
                items.append((t0 + secs(30), '[default0]:{"ts": "%s", "rank": 0, "event": "resume", "ckpt": "/ckpt/gpt-cpu/step_004000.pt", "step": 4000, "data_seed": 1234}' % iso(t0 + secs(30))))
            if a_i == 0 and h_i == 0:
                items.append((t0 + secs(30), '[default0]:{"ts": "%s", "rank": 0, "event": "start", "vocab_size": 50257, "tokenizer": "gpt2+<|pad|>", "data_seed": 1234}' % iso(t0 + secs(30))))
            for r in range(base, base + 4):
                if r == br:
                    dt = t_err
                    items.append((dt - secs(0.01), '[default%d]:{"ts": "%s", "rank": %d, "event": "step_begin", "step": %d}' % (r - base, iso(dt - secs(0.01)), r, fail_step)))
                    tb = traceback(fr, exc)
                else:
                    dt = t_err + secs(0.06 + 0.01 * r)
                    tb = traceback(frb, "RuntimeError: " + tv.closed_by_peer(ip[bad_host], rng.randint(20000, 60000)))
                errt[r] = (dt, tb)
                items.append((dt, "\n".join("[rank%d]: %s" % (r, l) for l in tb)))
            items.sort(key=lambda x: x[0])
            lines += [l for _, l in items]
            order = sorted(range(base, base + 4), key=lambda r: errt[r][0])
            t_det = errt[order[0]][0] + secs(0.6)
            recs = [fail_rec(errt[r][0] + secs(0.1), r, r - base, 1, pid[r], "/tmp/torchelastic_%s/gpt-cpu-%d_%s/attempt_0/%d/error.json" % (
                rid(rng), A["jobid"], rid(rng), r - base), errt[r][1]) for r in order]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
            c.w("attempt_%d/%s/torchrun-%d.log" % (a_i, h, A["jobid"]), lines + blk)
    c.host(*sorted(all_hosts))
    c.w("operator_notes.md", ["# gpt-cpu pretrain incidents 2025-01-15",
                              "- job 771203 (x1001,x1002) died at ~step 4180, rank 3 IndexError. Suspected x1001, drained it.",
                              "- resubmitted as 771388 on x1002,x1003 with --resume /ckpt/gpt-cpu/step_004000.pt",
                              "- died again around the same point, this time rank 5 on x1003."])
    c.label("user_code", "script", None, None, "stop",
            "Both submissions fail at step 4180 with the same IndexError in the token embedding (index out of range), first on x1001 "
            "rank 3 and, after x1001 was drained and the job resumed from step 4000 with the same data seed, on x1003 rank 5. Same error "
            "at the same iteration on different nodes = a data/vocab bug (pad token id == vocab_size), not a node problem.",
            "https://github.com/ajhalthor/Transformer-Neural-Network/issues/13")
    return c


# --------------------------------------------------------------------------- al20
def al20(OUT):
    c = Case(OUT, "al20_rendezvous_timeout_on_three_of_four_agents")
    rng = random.Random(2020)
    tv = TV("2.3.1", py="3.10", prefix="/opt/conda")
    hosts = ["tr-a01", "tr-a02", "tr-a03", "tr-a04"]
    c.host(*hosts)
    script = "train_ddp.py"
    t0 = T("2024-05-06 07:00:02.000")
    tid = {h: 140100000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    s = tv.site
    rdzv_tb = tv.torchrun_tb()[:-2] + [
        '  File "%s/torch/distributed/launcher/api.py", line 254, in launch_agent' % s, "    result = agent.run()",
        '  File "%s/torch/distributed/elastic/metrics/api.py", line 123, in wrapper' % s, "    result = f(*args, **kwargs)",
        '  File "%s/torch/distributed/elastic/agent/server/api.py", line 733, in run' % s, "    result = self._invoke_run(role)",
        '  File "%s/torch/distributed/elastic/agent/server/api.py", line 870, in _invoke_run' % s, "    self._initialize_workers(self._worker_group)",
        '  File "%s/torch/distributed/elastic/metrics/api.py", line 123, in wrapper' % s, "    result = f(*args, **kwargs)",
        '  File "%s/torch/distributed/elastic/agent/server/api.py", line 705, in _initialize_workers' % s, "    self._rendezvous(worker_group)",
        '  File "%s/torch/distributed/elastic/metrics/api.py", line 123, in wrapper' % s, "    result = f(*args, **kwargs)",
        '  File "%s/torch/distributed/elastic/agent/server/api.py", line 546, in _rendezvous' % s, "    store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()",
        '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1108, in next_rendezvous' % s,
        "    self._op_executor.run(join_op, deadline, self._get_deadline)",
        '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 667, in run' % s, "    raise RendezvousTimeoutError",
        "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"]
    conn_tb = ["Traceback (most recent call last):",
               '  File "%s/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 159, in _create_tcp_store' % s,
               "    store = TCPStore(",
               "torch.distributed.DistNetworkError: The client socket has timed out after 60s while trying to connect to (10.31.0.250, 29400).",
               "", "The above exception was the direct cause of the following exception:", ""] + tv.torchrun_tb()[:-2] + [
        '  File "%s/torch/distributed/launcher/api.py", line 236, in launch_agent' % s, "    rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),",
        '  File "%s/torch/distributed/elastic/rendezvous/registry.py", line 66, in get_rendezvous_handler' % s, "    return handler_registry.create_handler(params)",
        '  File "%s/torch/distributed/elastic/rendezvous/api.py", line 258, in create_handler' % s, "    handler = creator(params)",
        '  File "%s/torch/distributed/elastic/rendezvous/registry.py", line 36, in _create_c10d_handler' % s, "    backend, store = create_backend(params)",
        '  File "%s/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 250, in create_backend' % s, "    store = _create_tcp_store(params)",
        '  File "%s/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 183, in _create_tcp_store' % s, "    raise RendezvousConnectionError(",
        "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."]
    for h_i, h in enumerate(hosts):
        ep = "10.31.0.250:29400" if h == "tr-a04" else "tr-a01:29400"
        wrap = ["+ source /etc/trainenv/cluster.env",
                "+ echo 'launching on %s: NNODES=4 NPROC=4 RDZV_ENDPOINT=%s RUN_ID=ddp-0506'" % (h, ep),
                "launching on %s: NNODES=4 NPROC=4 RDZV_ENDPOINT=%s RUN_ID=ddp-0506" % (h, ep),
                "+ exec torchrun --nnodes=4 --nproc-per-node=4 --rdzv-backend=c10d --rdzv-endpoint=%s --rdzv-id=ddp-0506 train_ddp.py --epochs 90" % ep]
        lines = wrap + tv.omp_banner(t0, tid[h])
        lines += launch_configs(tv, t0, tid[h], script, 4, 4, 4, "ddp-0506", "c10d", ep, 0)
        if h == "tr-a04":
            t_err = t0 + secs(60.05)
            lines.append(cglog("E", t_err, "socket.cpp:957") + "[c10d] The client socket has timed out after 60s while trying to connect to (10.31.0.250, 29400).")
            lines += conn_tb
        else:
            lines.append(agent_info(tv, t0 + secs(0.01), tid[h], "[default] starting workers for entrypoint: python"))
            lines.append(agent_info(tv, t0 + secs(0.02), tid[h], "[default] Rendezvous'ing worker group"))
            t_to = t0 + secs(900.1 + 0.2 * h_i)
            lines.append(tv.log("W", t_to - secs(0.05), tid[h], "torch.distributed.elastic.rendezvous.dynamic_rendezvous", 1147,
                                "The node '%s_%d_0' is shutting down the rendezvous 'ddp-0506' due to an error of type RendezvousTimeoutError." % (h, 17000 + h_i * 13)))
            lines += rdzv_tb
        c.w("%s/launch_%s.log" % (h, t0.strftime("%Y%m%d%H%M")), lines)
        c.w("%s/cluster.env" % h, ["# managed by config-sync; do not edit", "NNODES=4", "NPROC=4",
                                   "RDZV_ENDPOINT=%s" % ep, "RUN_ID=ddp-0506", "GLOO_SOCKET_IFNAME=ens1f0"] +
            (["# config-sync last applied: 2024-04-12 (host was offline during 2024-04-30 head-node migration)"] if h == "tr-a04" else
             ["# config-sync last applied: 2024-05-01"]))
    c.w("hosts_inventory.txt", ["10.31.0.11 tr-a01   # rendezvous/head since 2024-04-30", "10.31.0.12 tr-a02", "10.31.0.13 tr-a03", "10.31.0.14 tr-a04",
                                "# 10.31.0.250 tr-head-old  (decommissioned 2024-04-30)"])
    c.label("network", "infrastructure", "tr-a04", None, "restart_without_node",
            "tr-a04 never joined: its stale cluster.env still points the rendezvous at the decommissioned 10.31.0.250:29400, so its agent "
            "dies after 60 s with RendezvousConnectionError, and the three healthy agents (endpoint tr-a01:29400) wait 900 s and time out "
            "with RendezvousTimeoutError.",
            "https://github.com/pytorch/pytorch/issues/107021")
    return c
