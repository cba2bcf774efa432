"""Cases al01-al10."""
import random
from common import *  # noqa


# --------------------------------------------------------------------------- al01
def al01(OUT):
    c = Case(OUT, "al01_connection_closed_by_peer_on_seven_ranks")
    rng = random.Random(101)
    tv = TV("2.1.2", py="3.10", prefix="/opt/conda")
    hosts = ["hpc-cpu-017", "hpc-cpu-018"]
    ip = {"hpc-cpu-017": "10.40.2.17", "hpc-cpu-018": "10.40.2.18"}
    c.host(*hosts)
    nproc, world = 4, 8
    script = "finetune_sft.py"
    spath = "/home/svc-train/sft/" + script
    t0 = T("2024-03-12 13:05:10.412")
    tid = {"hpc-cpu-017": 140093372733248, "hpc-cpu-018": 139871650432832}
    pid = {r: (51820 if r < 4 else 23104) + (r % 4) for r in range(world)}
    run = {"hpc-cpu-017": "sft-0312_k2v9q1ax", "hpc-cpu-018": "sft-0312_7hc0ze4m"}
    logroot = "/var/log/torchelastic"
    t_start = t0 + secs(9.7)
    prog, t_last = progress_all(rng, "pylog", range(world), t_start, 0, 1500, 50, 0.861, 14000,
                                prefix=lambda r: "[default%d]:" % (r % 4), bs=16)
    t_f = t_last + secs(22.418)  # rank 6 collate KeyError
    base_calls = [(412, "<module>", "main()")]
    pre = user_frames(spath, base_calls) + tv.frames_wrapper() + user_frames(spath, [(398, "main", "train_one_epoch(model, loader, optim, sched, epoch, cfg)")])
    # rank 6 root
    frames6 = pre + user_frames(spath, [(231, "train_one_epoch", "for step, batch in enumerate(loader, start=start_step):")]) + dl_frames(tv)
    exc6 = ["KeyError: Caught KeyError in DataLoader worker process 1.",
            "Original Traceback (most recent call last):",
            '  File "%s/torch/utils/data/_utils/worker.py", line 308, in _worker_loop' % tv.site,
            "    data = fetcher.fetch(index)",
            '  File "%s/torch/utils/data/_utils/fetch.py", line 54, in fetch' % tv.site,
            "    return self.collate_fn(data)",
            '  File "/home/svc-train/sft/sft_data.py", line 88, in collate_packed',
            '    masks = [ex["attention_mask"] for ex in batch]',
            '  File "/home/svc-train/sft/sft_data.py", line 88, in <listcomp>',
            '    masks = [ex["attention_mask"] for ex in batch]',
            "KeyError: 'attention_mask'", ""]
    framesb = pre + user_frames(spath, [(262, "train_one_epoch", "loss.backward()")]) + tv.frames_backward()
    port = {r: rng.randint(20000, 65000) for r in range(world)}
    events = {}
    for h in hosts:
        events[h] = []
    # rank 6 traceback on 018
    events["hpc-cpu-018"].append((t_f, "\n".join(rank_tb("[default2]:", frames6, exc6))))
    err_times = {}
    for r in range(world):
        if r == 6:
            err_times[r] = t_f
            continue
        h = hosts[r // 4]
        dt = t_f + secs(0.041 + 0.013 * r + rng.uniform(0, 0.02))
        err_times[r] = dt
        if r == 5:
            continue  # rank 5 gets SIGTERM before raising
        exc = "RuntimeError: " + tv.closed_by_peer(ip["hpc-cpu-018"], port[6] + (r * 7) % 11)
        events[h].append((dt, "\n".join(rank_tb("[default%d]:" % (r % 4), framesb, exc))))
    for h_i, h in enumerate(hosts):
        lines = []
        lines += tv.omp_banner(t0, tid[h])
        items = [(d, l) for d, l in prog if ("[default" in l and int(l.split("rank=")[1].split()[0]) // 4 == h_i)]
        items += events[h]
        items.sort(key=lambda x: x[0])
        # startup prints
        head = []
        for lr in range(nproc):
            r = h_i * 4 + lr
            head.append("[default%d]:%s INFO [dist_utils.py:41] init_process_group(backend=gloo) rank=%d world_size=%d local_rank=%d host=%s" % (
                lr, pylog(t0 + secs(4.1 + 0.01 * lr)), r, world, lr, h))
        head.append("[default0]:%s INFO [finetune_sft.py:377] model=llama-160m-sft params=162.3M dtype=float32 device=cpu" % pylog(t0 + secs(8.2)))
        head.append("[default0]:%s INFO [finetune_sft.py:381] train samples=224,118 per-rank batches=1,751 grad_accum=1" % pylog(t0 + secs(9.1)))
        lines += head
        lines += [l for _, l in items]
        first_dt = {0: t_f, 1: None}
        if h == "hpc-cpu-018":
            t_det = t_f + secs(2.117)
            first = fail_rec(t_f + secs(0.09), 6, 2, 1, pid[6], "%s/%s/attempt_0/2/error.json" % (logroot, run[h]), traceback(frames6, exc6))
            others = [fail_rec(t_det, 4, 0, 1, pid[4], "%s/%s/attempt_0/0/error.json" % (logroot, run[h]),
                               traceback(framesb, "RuntimeError: " + tv.closed_by_peer(ip["hpc-cpu-018"], port[6] + (4 * 7) % 11))),
                      fail_rec(t_det, 5, 1, -15, pid[5]),
                      fail_rec(t_det, 7, 3, 1, pid[7], "%s/%s/attempt_0/3/error.json" % (logroot, run[h]),
                               traceback(framesb, "RuntimeError: " + tv.closed_by_peer(ip["hpc-cpu-018"], port[6] + (7 * 7) % 11)))]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [pid[5]], first, others)
        else:
            t_det = t_f + secs(3.408)
            order = sorted(range(4), key=lambda r: err_times[r])
            recs = []
            for r in order:
                recs.append(fail_rec(err_times[r] + secs(0.05), r, r, 1, pid[r], "%s/%s/attempt_0/%d/error.json" % (logroot, run[h], r),
                                     traceback(framesb, "RuntimeError: " + tv.closed_by_peer(ip["hpc-cpu-018"], port[6] + (r * 7) % 11))))
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        lines += blk
        c.w("%s/torchrun.out" % h, lines)
        # error files
        for lr in range(nproc):
            r = h_i * 4 + lr
            if r == 5:
                continue
            if r == 6:
                ej = error_json("KeyError: Caught KeyError in DataLoader worker process 1.", frames6, exc6, t_f)
            else:
                e = "RuntimeError: " + tv.closed_by_peer(ip["hpc-cpu-018"], port[6] + (r * 7) % 11)
                ej = error_json(e, framesb, e, err_times[r])
            c.wj("%s/torchelastic/%s/attempt_0/%d/error.json" % (h, run[h], lr), ej, indent=None)
    # a quiet kernel log on 018 so the reader can rule out the host
    boot = T("2024-03-01 06:12:40.000")
    c.w("hpc-cpu-018/dmesg_T.txt", dmesg_T_block(rng, boot, [], 14, t_f + secs(60)))
    c.w("hpc-cpu-017/launch_cmd.txt", [
        "torchrun --nnodes=2 --nproc-per-node=4 --rdzv-backend=c10d --rdzv-endpoint=hpc-cpu-017:29400 \\",
        "  --rdzv-id=sft-0312 --max-restarts=0 --tee=3 --log-dir=/var/log/torchelastic \\",
        "  finetune_sft.py --config configs/sft_160m.yaml --data /datasets/sft/mix_v3.jsonl"])
    c.label("user_code", "script", None, None, "stop",
            "The earliest failure is rank 6 on hpc-cpu-018 raising KeyError 'attention_mask' inside the user's collate function; "
            "every 'Connection closed by peer [10.40.2.18]' on the other ranks (including hpc-cpu-017's root-cause table) is a consequence.",
            "https://github.com/RVC-Project/Retrieval-based-Voice-Conversion-WebUI/issues/1882")
    return c


# --------------------------------------------------------------------------- al02
def al02(OUT):
    c = Case(OUT, "al02_dataloader_worker_killed_by_signal_on_both_nodes")
    rng = random.Random(202)
    tv = TV("2.0.1", py="3.10", prefix="/opt/conda")
    hosts = ["ml-c01", "ml-c02"]
    ip = {"ml-c01": "10.30.0.11", "ml-c02": "10.30.0.12"}
    c.host(*hosts)
    nproc, world = 4, 8
    jobid = 88123
    script = "pretrain_vit.py"
    spath = "/work/vision/" + script
    t0 = T("2024-05-20 01:31:02.000")
    pid = {r: 61400 + r * 3 if r < 4 else 40210 + (r - 4) * 3 for r in range(world)}
    t_oom2 = T("2024-05-20 02:14:51.337")   # ml-c02 first
    t_oom1 = T("2024-05-20 02:14:51.812")   # ml-c01 0.47 s later (same memory curve)
    lines_rank = {}
    for r in range(world):
        p = Progress(random.Random(r * 7 + 1), "bracket", r, world, loss0=6.9, loss_floor=3.2, bs=128)
        out = []
        dt = t0 + secs(21 + 0.01 * r)
        rss = 9.4 + rng.uniform(-0.3, 0.3)
        for s_ in range(0, 2601, 100):
            st = 1.02 * (1 + p.rng.uniform(-0.04, 0.04))
            if dt >= t_oom2:
                break
            out.append((dt, p.line(dt, s_, 25000, 0, step_time=st, extra=" | host_rss %.1fG | cache_items %d" % (rss, s_ * 128 * 2))))
            rss += 4.31 + rng.uniform(-0.05, 0.08)
            dt = dt + secs(st * 100)
        lines_rank[r] = out
    frames_dl = user_frames(spath, [(301, "<module>", "main(cfg)"), (287, "main", "train(model, loader, opt, cfg)"),
                                    (204, "train", "for it, (img, tgt) in enumerate(loader):")]) + dl_worker_killed_frames(tv)
    framesb = user_frames(spath, [(301, "<module>", "main(cfg)"), (287, "main", "train(model, loader, opt, cfg)"),
                                  (231, "train", "loss.backward()")]) + tv.frames_backward()
    wpid = {r: (61900 if r < 4 else 40800) + r * 11 for r in range(world)}
    task = lambda r: "0" if r < 4 else "1"
    items = []
    for r in range(world):
        for d, l in lines_rank[r]:
            items.append((d, "%s: %s" % (task(r), l)))
    port = {r: rng.randint(20000, 60000) for r in range(world)}
    errt, errtb = {}, {}
    for r in range(world):
        if r == 5:
            errt[r] = t_oom2 + secs(0.061)
            errtb[r] = (frames_dl, ["RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % wpid[r]])
        elif r == 2:
            errt[r] = t_oom1 + secs(0.058)
            errtb[r] = (frames_dl, ["RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % wpid[r]])
        else:
            errt[r] = t_oom2 + secs(0.09 + 0.004 * r)
            errtb[r] = (framesb, ["RuntimeError: " + tv.closed_by_peer(ip["ml-c02"], port[5] + r * 3)])
        items.append((errt[r], "\n".join("%s: %s" % (task(r), l) for l in traceback(*errtb[r]))))
    for h, base, t_det in [("ml-c02", 4, t_oom2 + secs(4.402)), ("ml-c01", 0, t_oom2 + secs(4.975))]:
        tk = task(base)
        order = sorted(range(base, base + 4), key=lambda r: errt[r])
        recs = [fail_rec(t_det - secs(0.5), r, r - base, 1, pid[r], None, None) for r in order]
        blk, _ = finish_block(tv, 0, h, script, t_det, [], recs[0], recs[1:])
        items.append((t_det, "\n".join("%s: %s" % (tk, l) for l in blk)))
    items.sort(key=lambda x: x[0])
    head = ["srun: job %d queued and waiting for resources" % jobid, "srun: job %d has been allocated resources" % jobid]
    head += ["%s: %s" % (t, l) for t in ("0", "1") for l in tv.omp_banner(t0, 0)]
    for r in range(world):
        head.append("%s: [%s] [rank %d] world=%d backend=gloo data=/scratch/imagenet21k_resized num_workers=6 cache=InMemoryDecodedCache(max_items=None)" % (
            task(r), (t0 + secs(12 + r * 0.02)).strftime("%Y-%m-%d %H:%M:%S"), r, world))
    tail = ["srun: error: ml-c02: task 1: Exited with exit code 1",
            "srun: error: ml-c01: task 0: Exited with exit code 1"]
    c.w("slurm-%d.out" % jobid, head + [l for _, l in items] + tail)
    boot = {"ml-c01": T("2024-05-11 08:40:02.000"), "ml-c02": T("2024-05-13 17:03:55.000")}
    for h, td, base, vr in [("ml-c02", t_oom2, 4, 5), ("ml-c01", t_oom1, 0, 2)]:
        procs = [(1, 0, 3210, "systemd"), (812, 0, 18230, "systemd-journal"), (1422, 0, 5120, "slurmd"),
                 (2210, 0, 40211, "prometheus-node"), (pid[base] - 40, 1001, 71220, "torchrun")]
        victim_rss = 0
        for i in range(4):
            r = base + i
            procs.append((pid[r], 1001, 1210000 + rng.randint(0, 60000), "python"))
            for k in range(6):
                rs = 4650000 + rng.randint(0, 90000)
                wp = wpid[r] + k
                if r == vr and k == 0:
                    rs = 4931250
                    victim_rss = rs * 4
                procs.append((wp, 1001, rs, "pt_data_worker"))
        rep = oom_report("pt_data_worker", wpid[vr] + 3, procs, wpid[vr], "pt_data_worker", victim_rss,
                         cgroup="/system.slice/slurmstepd.scope/job_%d" % jobid)
        ev = [(td - secs(0.0004 * (len(rep) - i)), l) for i, l in enumerate(rep)]
        ev.append((td + secs(0.21), "oom_reaper: reaped process %d (pt_data_worker), now anon-rss:0kB, file-rss:0kB, shmem-rss:2048kB" % wpid[vr]))
        c.w("%s/dmesg.txt" % h, dmesg_T_block(rng, boot[h], ev, 12, td + secs(120)))
        c.w("%s/free_m_before_job.txt" % h, [
            "               total        used        free      shared  buff/cache   available",
            "Mem:          511714        7812      498120          51        5782      501210",
            "Swap:              0           0           0"])
    c.w("job_script.sbatch", ["#!/bin/bash", "#SBATCH --job-name=vit-pre", "#SBATCH --nodes=2", "#SBATCH --ntasks-per-node=1",
                              "#SBATCH --exclusive", "#SBATCH --time=24:00:00", "export MASTER=$(scontrol show hostnames $SLURM_NODELIST | head -n1)",
                              "srun -l torchrun --nnodes=2 --nproc-per-node=4 --rdzv-backend=c10d --rdzv-endpoint=$MASTER:29500 \\",
                              "    --rdzv-id=$SLURM_JOB_ID pretrain_vit.py --cfg cfgs/vit_b16_21k.yaml --workers 6 --cache-decoded"])
    c.label("oom", "framework", None, None, "stop",
            "Both exclusive nodes hit the kernel OOM killer within half a second and it killed the job's own pt_data_worker "
            "processes; host_rss grows by ~4 GB per 100 steps on every rank because of the unbounded decoded-image cache "
            "(max_items=None), so this is the job's own memory growth, not a node fault.",
            "https://github.com/pytorch/pytorch/issues/8976")
    return c


# --------------------------------------------------------------------------- al03
def al03(OUT):
    c = Case(OUT, "al03_rank_exitcode_minus9_while_others_report_closed_peer")
    rng = random.Random(303)
    tv = TV("2.3.1", py="3.11", prefix="/opt/venvs/train")
    hosts = ["node-a1", "node-a2", "node-a3"]
    ip = {"node-a1": "10.8.1.11", "node-a2": "10.8.1.12", "node-a3": "10.8.1.13"}
    c.host(*hosts)
    nproc, world = 4, 12
    script = "train_ctr.py"
    spath = "/srv/ranking/" + script
    t0 = T("2024-06-03 22:00:04.120")
    tid = {h: 140000000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 99800 + r * 4 + (r // 4) * 1000 for r in range(world)}
    pid[5] = 99812
    prog, t_last = progress_all(rng, "json", range(world), t0 + secs(14), 0, 5200, 200, 0.31, 60000, bs=4096, loss0=0.71, floor=0.43)
    t_kill = t_last + secs(11.02)
    port = {r: rng.randint(20000, 60000) for r in range(world)}
    framesb = user_frames(spath, [(188, "<module>", "main()")]) + tv.frames_wrapper() + \
        user_frames(spath, [(179, "main", "trainer.fit(epochs=cfg.epochs)")]) + \
        [("/srv/ranking/ctr/trainer.py", 171, "fit", "self._train_epoch(ep)"),
         ("/srv/ranking/ctr/trainer.py", 96, "_train_epoch", "loss.backward()")] + tv.frames_backward()
    rank_files = {}
    err_t = {}
    for r in range(world):
        h = hosts[r // 4]
        lines = [l for d, l in prog if ('"rank": %d,' % r) in l]
        lines = ['{"ts": "%s", "rank": %d, "event": "init", "backend": "gloo", "world_size": %d, "host": "%s", "pid": %d}' % (
            iso(t0 + secs(3 + 0.01 * r)), r, world, h, pid[r])] + lines
        if r == 5:
            rank_files[r] = lines  # killed, no traceback
            continue
        if r // 4 == 1:
            # same-node ranks: agent SIGTERMs them at detection
            rank_files[r] = lines
            continue
        dt = t_kill + secs(0.004 + 0.009 * r)
        err_t[r] = dt
        exc = "RuntimeError: " + tv.closed_by_peer(ip["node-a2"], port[5] + r)
        lines += ["[rank%d]: %s" % (r, l) for l in traceback(framesb, exc)]
        rank_files[r] = lines
    for r in range(world):
        h = hosts[r // 4]
        c.w("%s/logs/rank_%02d.jsonl" % (h, r), rank_files[r])
    run = {"node-a1": "ctr_w23_ud1mq0zp", "node-a2": "ctr_w23_9g4tdl2s", "node-a3": "ctr_w23_xk27a0bv"}
    for h_i, h in enumerate(hosts):
        lines = tv.omp_banner(t0 - secs(2), tid[h])
        base = h_i * 4
        if h == "node-a2":
            t_det = t_kill + secs(0.61)
            first = fail_rec(t_det, 5, 1, -9, pid[5])
            others = [fail_rec(t_det + secs(0.02), base + i, i, -15, pid[base + i]) for i in (0, 2, 3)]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [pid[base + i] for i in (0, 2, 3)], first, others)
        else:
            order = sorted([base + i for i in range(4)], key=lambda r: err_t[r])
            t_det = err_t[order[0]] + secs(1.9 + h_i * 0.7)
            recs = [fail_rec(err_t[r] + secs(0.2), r, r - base, 1, pid[r],
                             "/tmp/torchelastic_%s/%s/attempt_0/%d/error.json" % (rid(rng), run[h], r - base),
                             traceback(framesb, "RuntimeError: " + tv.closed_by_peer(ip["node-a2"], port[5] + r))) for r in order]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun.log" % h, lines + blk)
    # node-a2 dmesg with uptime stamps + boot time file
    boot = T("2024-05-29 04:51:17.554")
    procs = [(1, 0, 4201, "systemd"), (902, 0, 22010, "systemd-journal"), (1880, 0, 6100, "sssd"),
             (4411, 2044, 46840211, "java", -1000), (4593, 2044, 11230, "java", -1000),
             (pid[4] - 31, 1005, 64000, "torchrun")]
    for i in range(4):
        procs.append((pid[4 + i], 1005, 9534200 if 4 + i == 5 else 7300000 + rng.randint(0, 200000), "python"))
    rep = oom_report("java", 4411, procs, pid[5], "python", 9534200 * 4, cgroup="/user.slice/user-1005.slice/session-41.scope", uid=1005)
    ev = [(t_kill - secs(0.0003 * (len(rep) - i)), l) for i, l in enumerate(rep)]
    ev.append((t_kill + secs(0.19), "oom_reaper: reaped process %d (python), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB" % pid[5]))
    c.w("node-a2/dmesg.txt", dmesg_uptime_block(rng, boot, ev, 16, t_kill + secs(200)))
    tcol = t_kill + secs(780)
    upd = tcol - boot
    c.w("node-a2/uptime_at_collection.txt", [" %s up %d days, %2d:%02d,  2 users,  load average: 41.20, 38.77, 30.02" % (
        tcol.strftime("%H:%M:%S"), upd.days, upd.seconds // 3600, (upd.seconds % 3600) // 60),
                                            "# /proc/stat btime: %d (%s UTC)" % (epoch(boot), boot.strftime("%Y-%m-%d %H:%M:%S"))])
    c.w("node-a2/ps_top_mem.txt", [
        "# ps -eo pid,user,rss,etime,cmd --sort=-rss | head   (collected %s UTC, after the job died)" % (t_kill + secs(790)).strftime("%Y-%m-%d %H:%M:%S"),
        "    PID USER        RSS     ELAPSED CMD",
        "# systemd unit spark-worker.service sets OOMScoreAdjust=-1000",
        "   4411 etl-svc  191337412 03:41:09 /usr/lib/jvm/java-17-openjdk-amd64/bin/java -Xms8g -Xmx240g -cp /opt/spark/jars/* org.apache.spark.executor.CoarseGrainedExecutorBackend --driver-url spark://CoarseGrainedScheduler@etl-gw01:41233 --executor-id 7",
        "   4593 etl-svc     44920 03:41:08 /usr/lib/jvm/java-17-openjdk-amd64/bin/java -cp /opt/spark/conf/:/opt/spark/jars/* org.apache.spark.deploy.worker.Worker",
        "    902 root        88040 5-17:02:33 /lib/systemd/systemd-journald",
        "   1880 root        24400 5-17:02:31 /usr/sbin/sssd -i --logger=files"])
    for h in ("node-a1", "node-a3"):
        b = T("2024-05-29 04:5%d:0%d.000" % (rng.randint(0, 9), rng.randint(0, 9)))
        c.w("%s/dmesg.txt" % h, dmesg_uptime_block(rng, b, [], 10, t_kill + secs(200)))
    c.label("host", "infrastructure", "node-a2", 5, "restart_without_node",
            "Rank 5 on node-a2 died with SIGKILL (-9) because the kernel OOM killer fired, and the allocation that triggered it "
            "came from a foreign Spark executor (java, uid 2044, ~180 GB RSS) running on the same node; the closed-peer errors "
            "pointing at 10.8.1.12 on node-a1/node-a3 are sympathetic.",
            "https://github.com/cBio/cbio-cluster/issues/232")
    return c


# --------------------------------------------------------------------------- al04
def al04(OUT):
    c = Case(OUT, "al04_rank_exitcode_minus7_sigbus_mid_epoch")
    rng = random.Random(404)
    tv = TV("2.4.0", py="3.10", prefix="/usr")
    tv.site = "/usr/local/lib/python3.10/dist-packages"
    hosts = ["cn-0409", "cn-0410", "cn-0411", "cn-0412"]
    ip = {h: "172.20.4.%d" % (int(h[-2:])) for h in hosts}
    c.host(*hosts)
    nproc, world = 2, 8
    script = "train_gnn.py"
    spath = "/lus/proj/gnn/" + script
    t0 = T("2024-02-07 03:14:00.250")
    tid = {h: 139700000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 30100 + r * 7 for r in range(world)}
    prog, t_last = progress_all(rng, "absl", range(world), t0 + secs(20), 0, 9000, 250, 0.52, 40000, loss0=1.9, floor=0.6)
    t_bus = t_last + secs(48.31)
    victim = 7  # cn-0412 local 1
    port = {r: rng.randint(20000, 60000) for r in range(world)}
    framesb = user_frames(spath, [(233, "<module>", "run(args)"), (201, "run", "loss.backward()")]) + tv.frames_backward()
    for r in range(world):
        h = hosts[r // 2]
        lines = ["I%s %s.%06d %d train.py:77] rank %d/%d on %s, backend=gloo, threads=%d" % (
            t0.strftime("%m%d"), (t0 + secs(2)).strftime("%H:%M:%S"), 1234, 4000 + r, r, world, h, 28)]
        lines += [l for d, l in prog if (" %d train.py" % (4000 + r)) in l]
        if r == victim:
            pass
        elif r // 2 == 3:
            pass
        else:
            dt = t_bus + secs(0.02 + 0.011 * r)
            lines += traceback(framesb, "RuntimeError: " + tv.closed_by_peer(ip["cn-0412"], port[victim] + r))
        c.w("%s/rank%d.stderr" % (h, r), lines)
    # launcher logs (glog style with timestamps)
    for h_i, h in enumerate(hosts):
        base = h_i * 2
        lines = tv.omp_banner(t0 - secs(1), tid[h])
        if h == "cn-0412":
            t_det = t_bus + secs(1.32)
            first = fail_rec(t_det, victim, 1, -7, pid[victim])
            others = [fail_rec(t_det + secs(0.03), 6, 0, -15, pid[6])]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [pid[6]], first, others)
        else:
            t_det = t_bus + secs(2.5 + h_i * 0.4)
            recs = [fail_rec(t_bus + secs(0.05 + 0.011 * r), r, r - base, 1, pid[r], None, None) for r in (base, base + 1)]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun_launcher.log" % h, lines + blk)
    # journald kernel logs, short-iso-precise, in the site's local time (+01:00)
    for h in hosts:
        st = t0 - secs(3600 * 5)
        en = t_bus + secs(900)
        items = []
        for txt in kernel_noise(rng, 9):
            d = st + secs(rng.uniform(0, (en - st).total_seconds()))
            items.append((d, journal_prefix(d, h, "kernel", 1) + txt))
        if h == "cn-0409":
            # red herring: a single corrected error, hours earlier
            d = t0 - secs(7400)
            for txt in ["EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x1f8e23 offset:0x4c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f  SystemAddress:0x1f8e234c0 ProcessorSocketId:0x0 MemoryControllerId:0x0 ChannelAddress:0x3f1c4cc0 ChannelId:0x1 RankAddress:0xfc71260 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x7e38 Column:0x1c8 Bank:0x1 BankGroup:0x2 ChipSelect:0x0 ChipId:0x0)"]:
                items.append((d, journal_prefix(d, h, "kernel", 1) + txt))
        if h == "cn-0412":
            d = t_bus - secs(0.8)
            seq = [
                "mce: [Hardware Error]: Machine check events logged",
                "mce: [Hardware Error]: CPU 23: Machine Check: 0 Bank 13: fd80000000100134",
                "mce: [Hardware Error]: RIP !INEXACT! 33:<00007f3a2c41e3b0> ",
                "mce: [Hardware Error]: TSC 3b8a2f1c9e06d ADDR 5f3c29a000 MISC 200401c401400086 ",
                "mce: [Hardware Error]: PROCESSOR 0:606a6 TIME %d SOCKET 1 APIC 2e microcode d000390" % epoch(d),
                "EDAC MC2: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#0_DIMM#1 (channel:0 slot:1 page:0x5f3c29a offset:0x0 grain:32 - err_code:0x0000:0x0134  SystemAddress:0x5f3c29a000 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x17cf0a6000 ChannelId:0x0 RankAddress:0xbe78530 PhysicalRankId:0x1 DimmSlotId:0x1)",
                "Memory failure: 0x5f3c29a: Sending SIGBUS to python:%d due to hardware memory corruption" % pid[victim],
                "Memory failure: 0x5f3c29a: recovery action for dirty LRU page: Recovered",
            ]
            for i, txt in enumerate(seq):
                items.append((d + secs(0.0002 * i), journal_prefix(d + secs(0.0002 * i), h, "kernel", 1) + txt))
            d2 = d + secs(1.3)
            items.append((d2, journal_prefix(d2, h, "mcelog[1844]", 1) + "Hardware event. This is not a software error."))
            items.append((d2 + secs(0.001), journal_prefix(d2 + secs(0.001), h, "mcelog[1844]", 1) + "MCE 0"))
            items.append((d2 + secs(0.002), journal_prefix(d2 + secs(0.002), h, "mcelog[1844]", 1) + "CPU 23 BANK 13 TSC 3b8a2f1c9e06d"))
            items.append((d2 + secs(0.003), journal_prefix(d2 + secs(0.003), h, "mcelog[1844]", 1) + "MCi status: Uncorrected error, Error enabled, MCi_MISC register valid, MCi_ADDR register valid, SRAR"))
            items.append((d2 + secs(0.004), journal_prefix(d2 + secs(0.004), h, "mcelog[1844]", 1) + "Memory read error, channel 0, DIMM 1 (CPU1_DIMM_B2)"))
        items.sort(key=lambda x: x[0])
        c.w("%s/journal_kernel.txt" % h, ["-- Logs begin at %s. --" % (st + secs(3600)).strftime("%a %Y-%m-%d %H:%M:%S CET")] + [l for _, l in items])
    c.w("README.operator.txt", ["collected by ops-bot; journald timestamps are local (CET, +01:00), training logs are UTC.",
                                "nodes: cn-0409..cn-0412, 2 ranks each, torchrun c10d rdzv on cn-0409:29400"])
    c.label("host", "infrastructure", "cn-0412", 7, "restart_without_node",
            "Rank 7 on cn-0412 was killed by SIGBUS (-7): the node's kernel logged an uncorrected DIMM error (MCE bank 13, EDAC UE) "
            "and 'Memory failure ... Sending SIGBUS to python:%d' 0.8 s earlier; the corrected EDAC event on cn-0409 two hours "
            "before is benign and the closed-peer errors are sympathetic." % pid[victim],
            "https://github.com/ovro-lwa/lwa-issues/issues/117")
    return c


# --------------------------------------------------------------------------- al05
def al05(OUT):
    c = Case(OUT, "al05_connection_timed_out_reads_on_all_four_nodes")
    rng = random.Random(505)
    tv = TV("2.2.2", py="3.11", prefix="/opt/conda")
    hosts = ["trn-17", "trn-18", "trn-19", "trn-20"]
    ip = {h: "10.12.0.%s" % h[-2:] for h in hosts}
    c.host(*hosts)
    nproc, world = 4, 16
    script = "train_asr.py"
    spath = "/nfs/asr/recipes/conformer/" + script
    t0 = T("2024-04-16 09:30:00.700")
    tid = {h: 140400000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 71000 + r * 5 for r in range(world)}
    prog, t_last = progress_all(rng, "pylog", range(world), t0 + secs(30), 0, 7200, 100, 0.69, 90000, bs=48, loss0=310.0, floor=41.0)
    t_down = t_last + secs(37.4)  # link down on trn-19
    # nothing logged for ~15 min; then TCP retransmission timeouts on trn-19 sockets (ETIMEDOUT)
    t_to = t_down + secs(934.2)
    port = {r: rng.randint(20000, 60000) for r in range(world)}
    framesb = user_frames(spath, [(512, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
        (497, "main", "train_epoch(model, dl, optimizer, scaler, epoch)"), (331, "train_epoch", "loss.backward()")]) + tv.frames_backward()
    errt = {}
    for r in range(world):
        h = hosts[r // 4]
        lines = ["%s INFO [train_asr.py:455] rank %d host %s gloo iface=%s" % (pylog(t0 + secs(5 + 0.01 * r)), r, h, "bond0")]
        lines += [l for d, l in prog if (" rank=%d " % r) in l]
        if h == "trn-19":
            dt = t_to + secs(0.3 * (r % 4))
            errt[r] = dt
            peer = hosts[(r // 4 + 1) % 4]
            exc = "RuntimeError: " + tv.read_error(ip[peer], rng.randint(20000, 60000), "Connection timed out")
        else:
            dt = t_to + secs(1.2 + 0.05 * r)
            errt[r] = dt
            exc = "RuntimeError: " + tv.read_error(ip["trn-19"], port[8 + r % 4], "Connection timed out")
        lines += traceback(framesb, exc)
        c.w("%s/rank%02d/train.log" % (h, r), lines)
    for h_i, h in enumerate(hosts):
        base = h_i * 4
        head = tv.omp_banner(t0, tid[h])
        order = sorted(range(base, base + 4), key=lambda r: errt[r])
        t_det = errt[order[0]] + secs(0.9)
        recs = [fail_rec(errt[r] + secs(0.1), r, r - base, 1, pid[r], None, None) for r in order]
        blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun.err" % h, head + blk)
        # syslog
        st = t0 - secs(1800)
        en = t_to + secs(600)
        items = syslog_block(rng, h, st, en, 40)
        if h == "trn-19":
            ev = [(t_down, "kernel", "ice 0000:4b:00.0 ens2f0: NIC Link is Down"),
                  (t_down + secs(0.0021), "kernel", "bond0: (slave ens2f0): link status definitely down, disabling slave"),
                  (t_down + secs(0.0023), "kernel", "bond0: now running without any active interface!"),
                  (t_down + secs(0.41), "NetworkManager[1302]", "<info>  [%d.%04d] device (bond0): carrier: link connected -> disconnected" % (epoch(t_down), 4100)),
                  (t_down + secs(61.2), "kernel", "ice 0000:4b:00.0 ens2f0: NIC Link is Down"),
                  (t_down + secs(300.9), "lldpd[1671]", "unable to send packet on real device for ens2f0: Network is down"),
                  (t_down + secs(1210.0), "kernel", "ice 0000:4b:00.0 ens2f0: Detected Tx Unit Hang"), ]
            for d, tg, m in ev:
                items.append((d, syslog_prefix(d, h, tg) + m))
        if h == "trn-17":
            d = st + secs(60)
            items.append((d, syslog_prefix(d, h, "kernel") + "ice 0000:4b:00.0 ens2f0: NIC Link is up 100 Gbps Full Duplex, Requested FEC: RS-FEC, Negotiated FEC: RS-FEC, Autoneg Advertised: On, Autoneg Negotiated: True, Flow Control: None"))
        items.sort(key=lambda x: x[0])
        c.w("%s/var_log_syslog" % h, [l for _, l in items])
    c.w("hostfile.txt", ["%s %s slots=4" % (h, ip[h]) for h in hosts])
    c.label("network", "infrastructure", "trn-19", None, "restart_without_node",
            "trn-19's syslog shows its only bond slave ens2f0 losing link ('bond0: now running without any active interface!') "
            "~15 min before every rank fails with 'Connection timed out' read errors; every rank off trn-19 names 10.12.0.19, and the other "
            "nodes have no link events.",
            "https://github.com/vllm-project/vllm/issues/6308")
    return c


# --------------------------------------------------------------------------- al06
def al06(OUT):
    c = Case(OUT, "al06_oserror_errno28_then_closed_peer_everywhere")
    rng = random.Random(606)
    tv = TV("2.5.1", py="3.11", prefix="/opt/train/.venv")
    hosts = ["dl-srv-a", "dl-srv-b"]
    ip = {"dl-srv-a": "192.168.40.21", "dl-srv-b": "192.168.40.22"}
    c.host(*hosts)
    nproc, world = 8, 16
    script = "lm_train.py"
    spath = "/opt/train/lm/" + script
    t0 = T("2024-09-02 05:58:12.390")
    tid = {"dl-srv-a": 2211873, "dl-srv-b": 1987440}
    pid = {r: (2211900 if r < 8 else 1987460) + (r % 8) * 2 for r in range(world)}
    prog, t_last = progress_all(rng, "iso", range(world), t0 + secs(40), 0, 11000, 500, 0.43, 50000, bs=8, loss0=10.4, floor=3.3)
    t_enospc = t_last + secs(88.7)
    port = {r: rng.randint(20000, 60000) for r in range(world)}
    fr_cache = user_frames(spath, [(640, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
        (611, "main", "for step, batch in enumerate(train_iter, start=state.step):")]) + [
        ("/opt/train/lm/data/streaming.py", 203, "__iter__", "self.cache.append(tokens)"),
        ("/opt/train/lm/data/token_cache.py", 118, "append", "self.flush()"),
        ("/opt/train/lm/data/token_cache.py", 142, "flush", "self._fh.write(buf.tobytes())")]
    fr_b = user_frames(spath, [(640, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
        (622, "main", "loss.backward()")]) + tv.frames_backward()
    errt = {}
    consoles = {h: [] for h in hosts}
    for r in range(world):
        h = hosts[r // 8]
        if r in (11, 9):
            dt = t_enospc if r == 11 else t_enospc + secs(0.388)
            errt[r] = dt
            exc = "OSError: [Errno 28] No space left on device"
            tb = traceback(fr_cache, exc)
        else:
            dt = t_enospc + secs(0.07 + 0.003 * r)
            errt[r] = dt
            exc = "RuntimeError: " + tv.closed_by_peer(ip["dl-srv-b"], port[11] + r)
            tb = traceback(fr_b, exc)
        if r == 9:
            continue  # rank 9 is SIGTERM'd before its own flush fails? no - it failed first below
        consoles[h].append((dt, "\n".join("[rank%d]: %s" % (r, l) for l in tb)))
    for d, l in prog:
        r = int(l.split(" rank")[1][:2])
        consoles[hosts[r // 8]].append((d, "[default%d]:%s" % (r % 8, l)))
    for h_i, h in enumerate(hosts):
        base = h_i * 8
        lines = tv.omp_banner(t0, tid[h])
        lines += launch_configs(tv, t0 + secs(0.01), tid[h], script, 2, 2, 8, "lm-ft-0902", "c10d", "dl-srv-a:29400", 0)
        lines += rdzv_complete(tv, t0 + secs(2.4), tid[h], 0, "dl-srv-a", 48123, h_i, 2, 8)
        for r in range(base, base + 8):
            lines.append("[default%d]:%s rank%02d cache_dir=/local_nvme/cache/lm-ft-0902/rank%02d free=%s" % (
                r % 8, iso(t0 + secs(9 + 0.01 * r)), r, r, "1.8T" if h == "dl-srv-a" else "96G"))
        lines += [l for _, l in sorted(consoles[h], key=lambda x: x[0])]
        if h == "dl-srv-b":
            t_det = t_enospc + secs(0.412)
            first = fail_rec(t_enospc + secs(0.1), 11, 3, 1, pid[11], "/tmp/torchelastic_vm2k1x_4/lm-ft-0902_3c9rj0aa/attempt_0/3/error.json",
                             traceback(fr_cache, "OSError: [Errno 28] No space left on device"))
            others = [fail_rec(errt[r] + secs(0.1), r, r % 8, 1, pid[r], "/tmp/torchelastic_vm2k1x_4/lm-ft-0902_3c9rj0aa/attempt_0/%d/error.json" % (r % 8),
                               traceback(fr_b, "RuntimeError: " + tv.closed_by_peer(ip["dl-srv-b"], port[11] + r)))
                      for r in (8, 10, 12, 13)]
            sig = [pid[r] for r in (9, 14, 15)]
            others += [fail_rec(t_det + secs(0.02), r, r % 8, -15, pid[r]) for r in (9, 14, 15)]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, sig, first, others)
        else:
            t_det = t_enospc + secs(1.02)
            order = sorted(range(0, 8), key=lambda r: errt[r])
            recs = [fail_rec(errt[r] + secs(0.1), r, r, 1, pid[r], "/tmp/torchelastic_0f1xqwe2/lm-ft-0902_9zzk2m1c/attempt_0/%d/error.json" % r,
                             traceback(fr_b, "RuntimeError: " + tv.closed_by_peer(ip["dl-srv-b"], port[11] + r))) for r in order]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun.log" % h, lines + blk)
    c.w("dl-srv-a/df_h.txt", ["Filesystem      Size  Used Avail Use% Mounted on", "/dev/nvme0n1p2  1.8T  212G  1.5T  13% /",
                              "/dev/nvme1n1p1  3.5T  1.3T  2.0T  41% /local_nvme", "tmpfs           252G     0  252G   0% /dev/shm",
                              "nas01:/home     100T   61T   39T  62% /home"])
    c.w("dl-srv-b/df_h.txt", ["Filesystem      Size  Used Avail Use% Mounted on", "/dev/nvme0n1p2  1.8T  230G  1.5T  14% /",
                              "/dev/nvme1n1p1  3.5T  3.5T     0 100% /local_nvme", "tmpfs           252G     0  252G   0% /dev/shm",
                              "nas01:/home     100T   61T   39T  62% /home"])
    c.w("dl-srv-b/du_local_nvme.txt", ["# du -sh /local_nvme/* /local_nvme/cache/*   (ops, %s)" % iso(t_enospc + secs(1500)),
                                       "3.3T\t/local_nvme/cache", "2.0G\t/local_nvme/lost+found", "28K\t/local_nvme/README",
                                       "1.1T\t/local_nvme/cache/asr-pretrain-0817", "1.0T\t/local_nvme/cache/asr-pretrain-0821",
                                       "974G\t/local_nvme/cache/mm-align-0825", "96G\t/local_nvme/cache/lm-ft-0902"])
    c.w("dl-srv-b/kern.log", [syslog_prefix(t_enospc - secs(3600 * 30 - i * 977), "dl-srv-b", "kernel") + t for i, t in enumerate(kernel_noise(rng, 8))])
    c.label("storage", "infrastructure", "dl-srv-b", 11, "restart_without_node",
            "Rank 11 on dl-srv-b failed with ENOSPC writing its token cache to the node-local /local_nvme, which is "
            "100% full because of ~3 TB of stale cache directories from earlier jobs; dl-srv-a's identical cache has 2 TB free, and "
            "the closed-peer errors naming 192.168.40.22 are sympathetic.",
            "https://github.com/databrickslabs/dolly/issues/139")
    return c


# --------------------------------------------------------------------------- al07
def al07(OUT):
    c = Case(OUT, "al07_input_output_errors_in_dataloader_workers_on_every_node")
    rng = random.Random(707)
    tv = TV("2.2.2", py="3.10", prefix="/home/dl/miniforge3/envs/clip")
    hosts = ["c-101", "c-102", "c-103"]
    ip = {h: "10.60.1.%s" % h[-3:].lstrip("0") for h in hosts}
    c.host(*hosts)
    nproc, world = 4, 12
    script = "train_clip.py"
    spath = "/home/dl/proj/clip/" + script
    t0 = T("2024-07-09 01:02:40.000")
    tid = {h: 140500000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 8800 + r * 3 + (r // 4) * 500 for r in range(world)}
    prog, t_last = progress_all(rng, "bracket", range(world), t0 + secs(50), 0, 9800, 200, 1.12, 60000, bs=256, loss0=8.1, floor=3.0)
    t_nfs = t_last + secs(51.0)
    worker_frames = ['  File "%s/torch/utils/data/_utils/worker.py", line 308, in _worker_loop' % tv.site,
                     "    data = fetcher.fetch(index)",
                     '  File "%s/torch/utils/data/_utils/fetch.py", line 51, in fetch' % tv.site,
                     "    data = [self.dataset[idx] for idx in possibly_batched_index]",
                     '  File "%s/torch/utils/data/_utils/fetch.py", line 51, in <listcomp>' % tv.site,
                     "    data = [self.dataset[idx] for idx in possibly_batched_index]",
                     '  File "/home/dl/proj/clip/data/tar_dataset.py", line 77, in __getitem__',
                     '    with open(self.shards[shard_id], "rb") as f:']
    fr = user_frames(spath, [(402, "<module>", "main(args)"), (377, "main", "train_one_epoch(model, data, epoch, optimizer, scaler, args)"),
                             (142, "train_one_epoch", "images, texts = next(it)")]) + dl_frames(tv)
    fr_b = user_frames(spath, [(402, "<module>", "main(args)"), (377, "main", "train_one_epoch(model, data, epoch, optimizer, scaler, args)"),
                               (171, "train_one_epoch", "total_loss.backward()")]) + tv.frames_backward()
    io_ranks = {4: 77.10, 1: 77.12, 10: 77.14, 7: 77.17}
    errt = {}
    per_host = {h: [] for h in hosts}
    for r in range(world):
        h = hosts[r // 4]
        lines = [l for d, l in prog if ("[rank %d]" % r) in l]
        if r in io_ranks:
            dt = t_nfs + secs(io_ranks[r])
            shard = "/mnt/datasets/laion-sub/shard-%06d.tar" % rng.randint(3000, 9000)
            exc = ["OSError: Caught OSError in DataLoader worker process %d." % rng.randint(0, 7), "Original Traceback (most recent call last):"] + \
                worker_frames + ["OSError: [Errno 5] Input/output error: '%s'" % shard, ""]
            tb = traceback(fr, exc)
        else:
            dt = t_nfs + secs(77.1 + 0.2 + 0.01 * r)
            exc = "RuntimeError: " + tv.closed_by_peer(ip["c-102"], rng.randint(20000, 60000))
            tb = traceback(fr_b, exc)
        errt[r] = (dt, tb)
        lines += tb
        c.w("%s/logs/train_rank%d.log" % (h, r), lines)
    for h_i, h in enumerate(hosts):
        base = h_i * 4
        order = sorted(range(base, base + 4), key=lambda r: errt[r][0])
        t_det = errt[order[0]][0] + secs(1.3)
        recs = [fail_rec(errt[r][0] + secs(0.05), r, r - base, 1, pid[r], "/tmp/torchelastic_%s/clip-0709_%s/attempt_0/%d/error.json" % (
            rid(rng), rid(rng), r - base), errt[r][1]) for r in order]
        blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun.stderr" % h, tv.omp_banner(t0, tid[h]) + blk)
        boot = T("2024-07-0%d 11:%02d:10.000" % (rng.randint(1, 5), rng.randint(0, 59)))
        ev = [(t_nfs + secs(rng.uniform(0, 4)), "nfs: server nas-prod-02 not responding, still trying"),
              (t_nfs + secs(rng.uniform(5, 30)), "nfs: server nas-prod-02 not responding, timed out"),
              (t_nfs + secs(rng.uniform(31, 70)), "nfs: server nas-prod-02 not responding, timed out"),
              (t_nfs + secs(rng.uniform(300, 330)), "nfs: server nas-prod-02 OK")]
        c.w("%s/dmesg_T.log" % h, dmesg_T_block(rng, boot, ev, 11, t_nfs + secs(900)))
        c.w("%s/mounts.txt" % h, ["nas-prod-02:/export/datasets /mnt/datasets nfs4 ro,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,soft,proto=tcp,timeo=150,retrans=2,sec=sys,clientaddr=%s,local_lock=none,addr=10.60.0.5 0 0" % ip[h],
                                  "nfs-home:/export/home /home nfs4 rw,relatime,vers=4.1,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=%s 0 0" % ip[h]])
    c.w("storage_team_status.txt", ["%s  nas-prod-02: controller B failover initiated (HA heartbeat loss)" % iso(t_nfs - secs(2)),
                                    "%s  nas-prod-02: failover complete, exports back online" % iso(t_nfs + secs(318))])
    c.label("storage", "infrastructure", None, None, "restart",
            "All three nodes log 'nfs: server nas-prod-02 not responding' at the same moment and the first failures are EIO reads of "
            "dataset shards on the soft-mounted /mnt/datasets on several nodes; the filer failed over and came back ('OK' ~5 min "
            "later), so this is a transient shared-storage outage.",
            "https://github.com/Mouse-Imaging-Centre/pydpiper/issues/338")
    return c


# --------------------------------------------------------------------------- al08
def al08(OUT):
    c = Case(OUT, "al08_rank0_checkpoint_save_raises_errno122")
    rng = random.Random(808)
    tv = TV("2.4.0", py="3.11", prefix="/sw/pytorch/2.4.0")
    hosts = ["lx-n0031", "lx-n0032"]
    ip = {"lx-n0031": "10.3.0.31", "lx-n0032": "10.3.0.32"}
    c.host(*hosts)
    nproc, world = 4, 8
    script = "run_pretrain.py"
    spath = "/lustre/proj/nlp-team/src/" + script
    t0 = T("2024-10-14 18:00:03.000")
    tid = {h: 140300000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 120400 + r * 3 for r in range(world)}
    prog, t_last = progress_all(rng, "pylog", range(world), t0 + secs(31), 15000, 20000, 100, 0.97, 100000, bs=16, loss0=3.4, floor=3.0)
    t_save0 = t_last + secs(1.2)
    t_err = t_save0 + secs(212.6)
    fr_save = user_frames(spath, [(520, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
        (488, "main", "save_checkpoint(model, optim, sched, step, cfg.ckpt_dir)"),
        (131, "save_checkpoint", "torch.save(state, tmp_path)")]) + [
        ("%s/torch/serialization.py" % tv.site, 651, "save", "_save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)"),
        ("%s/torch/serialization.py" % tv.site, 883, "_save", "zip_file.write_record(name, storage, num_bytes)")]
    exc_save = ["RuntimeError: [enforce fail at inline_container.cc:778] . PytorchStreamWriter failed writing file data/217: file write failed"]
    fr_save2 = user_frames(spath, [(520, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
        (488, "main", "save_checkpoint(model, optim, sched, step, cfg.ckpt_dir)"),
        (137, "save_checkpoint", 'with open(os.path.join(ckpt_dir, "FAILED_SAVE.txt"), "w") as fh:')])
    exc_final = ["OSError: [Errno 122] Disk quota exceeded: '/lustre/proj/nlp-team/ckpts/run42/FAILED_SAVE.txt'"]
    chained = traceback(fr_save, exc_save)
    full0 = chained + ["", "During handling of the above exception, another exception occurred:", ""] + traceback(fr_save2, exc_final)
    fr_bar = user_frames(spath, [(520, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
        (489, "main", "dist.barrier()")]) + tv.frames_barrier()
    port = {r: rng.randint(20000, 60000) for r in range(world)}
    errt = {}
    for r in range(world):
        h = hosts[r // 4]
        lines = ["%s INFO [run_pretrain.py:402] resumed from /lustre/proj/nlp-team/ckpts/run42/step_15000.pt (rank %d)" % (pylog(t0 + secs(25 + 0.01 * r)), r)]
        lines += [l for d, l in prog if (" rank=%d " % r) in l]
        if r == 0:
            lines.append("%s INFO [ckpt.py:118] saving step 20000 -> /lustre/proj/nlp-team/ckpts/run42/step_20000.pt.tmp (est. 4.1 GB)" % pylog(t_save0))
            lines.append("%s WARNING [ckpt.py:124] project usage 9.62 TiB of 10.00 TiB (lfs quota -p 4012)" % pylog(t_save0 + secs(0.4)))
            lines += ["%s ERROR [run_pretrain.py:493] checkpoint save failed" % pylog(t_err)]
            lines += full0
            errt[r] = t_err
        else:
            dt = t_err + secs(0.1 + 0.01 * r)
            errt[r] = dt
            lines += traceback(fr_bar, "RuntimeError: " + tv.closed_by_peer(ip["lx-n0031"], port[0] + r))
        c.w("%s/rank_%d.log" % (h, r), lines)
    for h_i, h in enumerate(hosts):
        base = h_i * 4
        lines = tv.omp_banner(t0, tid[h])
        lines += launch_configs(tv, t0, tid[h], script, 2, 2, 4, "run42", "c10d", "lx-n0031:29400", 0)
        order = sorted(range(base, base + 4), key=lambda r: errt[r])
        t_det = errt[order[0]] + secs(0.8)
        recs = []
        for r in order:
            tb = full0 if r == 0 else traceback(fr_bar, "RuntimeError: " + tv.closed_by_peer(ip["lx-n0031"], port[0] + r))
            recs.append(fail_rec(errt[r] + secs(0.2), r, r - base, 1, pid[r], "/tmp/torchelastic_%s/run42_%s/attempt_0/%d/error.json" % (rid(rng), rid(rng), r - base), tb))
        blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun.log" % h, lines + blk)
    c.w("lfs_quota_after_failure.txt", ["$ lfs quota -h -p 4012 /lustre   # %s" % iso(t_err + secs(1200)),
                                        "Disk quotas for prj 4012 (pid 4012):",
                                        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
                                        "        /lustre     10T*    10T     10T       -  412308       0       0       -"])
    c.w("ls_ckpt_dir.txt", ["$ ls -la /lustre/proj/nlp-team/ckpts/run42 | tail -8"] + [
        "-rw-r--r-- 1 nlp nlp-team %d %s step_%d.pt" % (4128767824, (t0 - secs(60 * 47 * (15000 - st) / 1000.0 + 600)).strftime("%b %d %H:%M"), st)
        for st in range(5000, 15001, 2000)] + [
        "-rw-r--r-- 1 nlp nlp-team 3904487424 Oct 14 %s step_20000.pt.tmp" % t_err.strftime("%H:%M")])
    c.label("storage", "infrastructure", None, None, "stop",
            "Rank 0's torch.save of the 4 GB step-20000 checkpoint failed on the shared Lustre project directory, which lfs quota "
            "shows at its 10 TiB hard limit (usage warning logged just before); other ranks only fail in the barrier afterwards. "
            "A full project quota will not clear by restarting.",
            "https://github.com/open-mmlab/mmdetection/issues/12069")
    return c


# --------------------------------------------------------------------------- al09
def al09(OUT):
    c = Case(OUT, "al09_all_sixteen_ranks_exit_1_within_two_seconds")
    rng = random.Random(909)
    tv = TV("2.4.0", py="3.10", prefix="/opt/venv")
    hosts = ["cpu-train-01", "cpu-train-02"]
    c.host(*hosts)
    nproc, world = 8, 16
    script = "train_gnn_mol.py"
    spath = "/home/rsun/mol/" + script
    t0 = T("2024-08-21 10:44:51.908")
    tid = {h: 140100000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: (33410 if r < 8 else 17702) + (r % 8) for r in range(world)}
    sym = "_ZN3c106detail14torchCheckFailEPKcS2_jRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"
    frames = [(spath, 14, "<module>", "from torch_geometric.nn import GINEConv, global_add_pool"),
              ("%s/torch_geometric/__init__.py" % tv.site, 13, "<module>", "import torch_geometric.typing"),
              ("%s/torch_geometric/typing.py" % tv.site, 86, "<module>", "import torch_scatter  # noqa"),
              ("%s/torch_scatter/__init__.py" % tv.site, 16, "<module>", "torch.ops.load_library(spec.origin)"),
              ("%s/torch/_ops.py" % tv.site, 1295, "load_library", "ctypes.CDLL(path)"),
              ("/usr/lib/python3.10/ctypes/__init__.py", 374, "__init__", "self._handle = _dlopen(self._name, mode)")]
    exc = "OSError: %s/torch_scatter/_scatter_cpu.so: undefined symbol: %s" % (tv.site, sym)
    for h_i, h in enumerate(hosts):
        base = h_i * 8
        lines = tv.omp_banner(t0, tid[h])
        lines += launch_configs(tv, t0 + secs(0.002), tid[h], script, 2, 2, 8, "molgnn-ft", "c10d", "cpu-train-01:29400", 0, log_dir="None")
        lines.append(agent_info(tv, t0 + secs(0.004), tid[h], "[default] starting workers for entrypoint: python"))
        lines.append(agent_info(tv, t0 + secs(0.005), tid[h], "[default] Rendezvous'ing worker group"))
        lines += rdzv_complete(tv, t0 + secs(1.31), tid[h], 0, "cpu-train-01", 47771, h_i, 2, 8)
        lines.append(agent_info(tv, t0 + secs(1.31), tid[h], "[default] Starting worker group"))
        errs = {}
        for r in range(base, base + 8):
            d = t0 + secs(2.6 + rng.uniform(0, 0.7))
            errs[r] = d
            lines += ["[rank%d]: %s" % (r, l) for l in traceback(frames, exc)]
        order = sorted(errs, key=lambda r: errs[r])
        t_det = errs[order[0]] + secs(0.21)
        recs = [fail_rec(errs[r], r, r - base, 1, pid[r], None, None) for r in order]
        blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun.log" % h, lines + blk)
        c.w("%s/pip_list.txt" % h, ["Package            Version", "------------------ ------------",
                                     "numpy              1.26.4", "scipy              1.13.1", "torch              2.4.0+cpu",
                                     "torch_geometric    2.5.3", "torch_scatter      2.1.2+pt21cpu", "torch_sparse       0.6.18+pt21cpu",
                                     "rdkit              2023.9.6", "tqdm               4.66.4"])
    c.w("cpu-train-01/env_setup.log", ["%s $ pip install torch==2.4.0 --index-url https://download.pytorch.org/whl/cpu" % iso(t0 - secs(5000)),
                                        "Successfully installed torch-2.4.0+cpu",
                                        "%s $ pip install --no-deps -r requirements-pyg.txt   # pinned pyg wheels from data.pyg.org/whl/torch-2.1.0+cpu.html" % iso(t0 - secs(4800)),
                                        "Successfully installed torch_scatter-2.1.2+pt21cpu torch_sparse-0.6.18+pt21cpu",
                                        "%s image /opt/venv synced to cpu-train-02 (rsync)" % iso(t0 - secs(4500))])
    c.label("dependency", "framework", None, None, "stop",
            "Every rank on both nodes dies at import with the same 'undefined symbol' from torch_scatter's _scatter_cpu.so: the "
            "shared venv has torch 2.4.0 but PyG extension wheels built for torch 2.1 (+pt21cpu). Same environment error everywhere; "
            "fix the install before rerunning.",
            "https://github.com/16lemoing/dot/issues/20")
    return c


# --------------------------------------------------------------------------- al10
def al10(OUT):
    c = Case(OUT, "al10_two_ranks_exit_at_import_others_time_out_in_init")
    rng = random.Random(1010)
    tv = TV("2.1.2", py="3.10", prefix="/usr")
    tv.site = "/usr/local/lib/python3.10/dist-packages"
    hosts = ["ws-gpu01", "ws-gpu02", "ws-gpu03", "ws-gpu04"]
    c.host(*hosts)
    nproc, world = 2, 8
    script = "train_tabular.py"
    spath = "/srv/exp/tabnet/" + script
    t0 = T("2024-07-02 14:20:00.551")
    tid = {h: 139600000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 5100 + r * 13 for r in range(world)}
    npmsg = ["", "A module that was compiled using NumPy 1.x cannot be run in",
             "NumPy 2.0.1 as it may crash. To support both 1.x and 2.x",
             "versions of NumPy, modules must be compiled with NumPy 2.0.",
             "Some module may need to rebuild instead e.g. with 'pybind11>=2.12'.", "",
             "If you are a user of the module, the easiest solution will be to",
             "downgrade to 'numpy<2' or try to upgrade the affected module.",
             "We expect that some modules will need time to support NumPy 2.", ""]
    frames = [(spath, 11, "<module>", "import pandas as pd"),
              ("%s/pandas/__init__.py" % tv.site, 22, "<module>", "from pandas.compat import is_numpy_dev as _is_numpy_dev  # pyright: ignore # noqa:F401"),
              ("%s/pandas/compat/__init__.py" % tv.site, 18, "<module>", "from pandas.compat.numpy import ("),
              ("%s/pandas/compat/numpy/__init__.py" % tv.site, 4, "<module>", "from pandas.util.version import Version"),
              ("%s/pandas/util/__init__.py" % tv.site, 2, "<module>", "from pandas.util._decorators import (  # noqa:F401"),
              ("%s/pandas/util/_decorators.py" % tv.site, 14, "<module>", "from pandas._libs.properties import cache_readonly"),
              ("%s/pandas/_libs/__init__.py" % tv.site, 13, "<module>", "from pandas._libs.interval import Interval"),
              ("interval.pyx", 1, "init pandas._libs.interval", "")]
    exc = "ValueError: numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, got 88 from PyObject"
    t_imp = t0 + secs(3.3)
    t_to = t0 + secs(1801.2)
    store_frames = [(spath, 141, "<module>", "main()"), (spath, 97, "main", 'dist.init_process_group(backend="gloo", timeout=timedelta(minutes=30))'),
                    ("%s/torch/distributed/c10d_logger.py" % tv.site, 74, "wrapper", "func_return = func(*args, **kwargs)"),
                    ("%s/torch/distributed/distributed_c10d.py" % tv.site, 1177, "init_process_group", "_store_based_barrier(rank, store, group_name, world_size, timeout)"),
                    ("%s/torch/distributed/distributed_c10d.py" % tv.site, 3952, "_store_based_barrier", "raise DistStoreError(  # noqa: TRY200")]
    # import of pandas happens lazily after init? no: train_tabular imports pandas at top -> on ws-gpu03 fails before init
    store_exc = "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 6/8 clients joined."
    for h_i, h in enumerate(hosts):
        base = h_i * 2
        lines = tv.omp_banner(t0, tid[h])
        lines += launch_configs(tv, t0, tid[h], script, 4, 4, 2, "tabnet-0702", "c10d", "ws-gpu01:29400", 0)
        lines += rdzv_complete(tv, t0 + secs(2.1), tid[h], 0, "ws-gpu01", 50331, h_i, 4, 2)
        if h == "ws-gpu03":
            for r in (base, base + 1):
                lines += ["[default%d]:%s" % (r - base, l) for l in npmsg]
                lines += ["[default%d]:%s" % (r - base, l) for l in traceback(frames, exc)]
            t_det = t_imp + secs(0.5)
            recs = [fail_rec(t_imp + secs(0.02 * i), base + i, i, 1, pid[base + i]) for i in range(2)]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
            lines += blk
        else:
            for r in (base, base + 1):
                lines.append("[default%d]:%s INFO tabnet: rank %d waiting for process group (world_size=8)" % (r - base, pylog(t0 + secs(4.2 + 0.01 * r)), r))
            for r in (base, base + 1):
                lines += ["[default%d]:%s" % (r - base, l) for l in traceback(store_frames, store_exc)]
            t_det = t_to + secs(0.6 + h_i * 0.1)
            recs = [fail_rec(t_to + secs(0.01 * i), base + i, i, 1, pid[base + i]) for i in range(2)]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
            lines += blk
        c.w("%s/torchrun_%s.log" % (h, t0.strftime("%Y%m%d")), lines)
        np_ver = "2.0.1" if h == "ws-gpu03" else "1.26.4"
        c.w("%s/pip_freeze.txt" % h, ["joblib==1.4.2", "numpy==%s" % np_ver, "pandas==2.1.4", "pyarrow==15.0.2",
                                      "scikit-learn==1.4.2", "scipy==1.12.0", "torch==2.1.2+cpu", "tqdm==4.66.4"])
    c.w("ws-gpu03/ansible_last_run.log", ["%s TASK [common-python : upgrade scientific stack] ****" % iso(t0 - secs(86400 * 2)),
                                          "changed: [ws-gpu03] => {\"cmd\": \"pip install -U numpy\", \"stdout\": \"Successfully installed numpy-2.0.1\"}",
                                          "%s PLAY RECAP ************************************************" % iso(t0 - secs(86400 * 2 - 40)),
                                          "ws-gpu03                   : ok=14   changed=1    unreachable=0    failed=0"])
    c.label("dependency", "infrastructure", "ws-gpu03", None, "restart_without_node",
            "Only ws-gpu03's two ranks fail, at 'import pandas', because that node alone has numpy 2.0.1 (ansible upgraded it) while "
            "pandas was built for NumPy 1.x; the other six ranks just time out 30 min later in the init barrier (6/8 clients joined).",
            "https://github.com/xai4space/meteors/issues/20")
    return c
