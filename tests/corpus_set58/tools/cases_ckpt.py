"""Checkpoint save/load failures: Lustre, GPFS, NFS, S3, GCS; partial
checkpoints on resume; a GPU lost during an async save."""

from kit import (Case, T, sec, ms, tz, preamble, watchdog_timeout, child_failed, sigterm_agent,
                 step_lines, dmesg_raw, iso, syslog, sacct, pyglog, pylog, rank_traceback, glog,
                 torchrun_banner, rdzv_complete)

PYLIB = "/usr/local/lib/python3.10/dist-packages"


def _pids(base, n):
    return [base + 11 * i for i in range(n)]


def _dcp_save_frames(entry, line):
    return [
        (entry, line, "save", "dcp.save(state_dict, checkpoint_id=path)"),
        (f"{PYLIB}/torch/distributed/checkpoint/logger.py", 83, "wrapper", "result = func(*args, **kwargs)"),
        (f"{PYLIB}/torch/distributed/checkpoint/utils.py", 429, "inner_func", "return func(*args, **kwargs)"),
        (f"{PYLIB}/torch/distributed/checkpoint/state_dict_saver.py", 152, "save", "return _save_state_dict("),
        (f"{PYLIB}/torch/distributed/checkpoint/state_dict_saver.py", 334, "_save_state_dict", "return distW.all_reduce(\"write\", write_data, finish_checkpoint)"),
        (f"{PYLIB}/torch/distributed/checkpoint/utils.py", 210, "all_reduce", "all_results = cast(List[Union[T, WRAPPED_EXCEPTION]], self.gather_object(local_data))"),
        (f"{PYLIB}/torch/distributed/checkpoint/utils.py", 108, "gather_object", "dist.gather_object("),
    ]


# ---------------------------------------------------------------------------
def bc15():
    c = Case("bc15_checkpoint_save_at_step_24000_never_finishes", 5815)
    hosts = [f"nid0041{12 + i}" for i in range(8)]
    nproc = 4
    t0 = T(2024, 5, 30, 5, 1, 22)
    t_save = T(2024, 5, 30, 11, 41, 58)
    t_lost = t_save + sec(9)
    t_rest = T(2024, 5, 30, 12, 3, 44)
    seq = 72041
    slow = {3, 6, 9, 13, 18, 22, 25, 30}   # still writing when the others gave up
    for i, h in enumerate(hosts):
        apid = 41000 + i
        pids = _pids(41233 + 50 * i, nproc)
        L = preamble(c, h, i, 8, nproc, t0, hosts[0], pids, f"10.150.{i // 4}.{12 + i}", "titan-70b-orion", apid,
                     nccl_ver="2.21.5+cuda12.4", channels=4, net="Socket", oob="hsn0")
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(210), 22001, 23999, 9.7, 2.05, every=10, fmt="titan")
            L += sl
            L.append(f"[rank0]:[titan] {pylog(t_save)} - root - INFO - Saving the checkpoint (or staging if async is enabled).")
        for lr in range(nproc):
            g = i * nproc + lr
            if g in slow:
                continue
            L += watchdog_timeout(c, g, t_save + sec(610) + ms(c.rng.randint(0, 900)), seq, "GATHER", 1, 32 if g == 0 else 0,
                                  600000, seq, seq - 1, ver="2.5", frames=(lr == 0))
        L += sigterm_agent(t_save + sec(616), apid, pids)
        L += child_failed(t_save + sec(648), h, [(i * nproc + lr, lr, -6, pids[lr], t_save + sec(615), None)
                                                 for lr in range(nproc) if i * nproc + lr not in slow][:1] or
                          [(i * nproc, 0, -15, pids[0], t_save + sec(646), None)], pid=apid)
        c.add(f"{h}/rank_logs.txt", L)
        K = [f"{syslog(T(2024, 5, 30, 4, 58, 2))} {h} kernel: Lustre: Mounted orion-client",
             f"{syslog(T(2024, 5, 30, 4, 58, 2))} {h} kernel: Lustre: orion-MDT0000-mdc-ffff9b1e4e2c5000: Imperative Recovery not enabled, recovery window 60-180"]
        t = t_lost + ms(300 * i)
        K.append(f"{syslog(t)} {h} kernel: Lustre: 10422:0:(client.c:2338:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent {int(t.timestamp()) - 107}/real {int(t.timestamp()) - 107}]  req@ffff9b2e6c7a{3400 + i:04x} x1799811204{213248 + i}/t0(0) o36->orion-MDT0000-mdc-ffff9b1e4e2c5000@10.100.0.12@o2ib:12/10 lens 496/440 e 0 to 1 dl {int(t.timestamp())} ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'python.{pids[0]}'")
        K.append(f"{syslog(t)} {h} kernel: Lustre: orion-MDT0000-mdc-ffff9b1e4e2c5000: Connection to orion-MDT0000 (at 10.100.0.12@o2ib) was lost; in progress operations using this service will wait for recovery to complete")
        for k in range(120):
            t = t + sec(10)
            op = ["o36", "o101", "o35", "o400"][k % 4]
            K.append(f"{syslog(t)} {h} kernel: Lustre: 10422:0:(client.c:2338:ptlrpc_expire_one_request()) @@@ Request sent has failed due to network error: [sent {int(t.timestamp())}/real {int(t.timestamp())}]  req@ffff9b2e6d{k:02x}0{i}00 x1799811204{214000 + 97 * k + i}/t0(0) {op}->orion-MDT0000-mdc-ffff9b1e4e2c5000@10.100.0.12@o2ib:12/10 lens 520/544 e 0 to 1 dl {int(t.timestamp()) + 11} ref 1 fl Rpc:eXQN/0/ffffffff rc 0/-1 job:''")
            if k % 30 == 7:
                K.append(f"{syslog(t)} {h} kernel: LustreError: 11-0: orion-MDT0000-mdc-ffff9b1e4e2c5000: operation mds_reint to node 10.100.0.12@o2ib failed: rc = -107")
        K.append(f"{syslog(t_rest + ms(700 * i))} {h} kernel: Lustre: orion-MDT0000-mdc-ffff9b1e4e2c5000: Connection restored to 10.100.0.12@o2ib (at 10.100.0.12@o2ib)")
        c.add(f"{h}/messages", K)
    c.add("sacct.txt", sacct(2288104, "titan70b", "FAILED", "1:0", "06:52:31", 8, "nid[004112-004119]", t0 - sec(20), t_save + sec(660)))
    c.add("center_status_2024-05-30.txt", [
        "Orion (Lustre) status feed",
        "11:45 UTC  Investigating: metadata operations on /lustre/orion hanging for some users",
        "12:05 UTC  Monitoring: MDS orion-mds1 failed over to orion-mds2; metadata service restored",
        "12:40 UTC  Resolved"])
    c.set_label("storage", "infrastructure", None, "restart",
                "The DCP save at step 24000 stalls on all eight nodes at once: every client logs 'Connection to orion-MDT0000 was "
                "lost' seconds after the save starts and only regains it at 12:03; ranks that finished writing time out in the DCP "
                "gather after 10 min. The shared Lustre metadata server failed over; it is back, restart from step 23000.",
                "https://github.com/pytorch/torchtitan/issues/3065")
    return c


# ---------------------------------------------------------------------------
def bc16():
    c = Case("bc16_checkpoint_write_error_on_rank0_at_step_15000", 5816)
    hosts = ["gn-a100-41", "gn-a100-42"]
    t0 = T(2024, 10, 21, 0, 12, 40, tzinfo=tz(-4))
    t_save = T(2024, 10, 21, 9, 3, 11, tzinfo=tz(-4))
    seq = 45021
    ck = "/gpfs/projects/nlp_proj/ckpt/run42/step_15000"
    for i, h in enumerate(hosts):
        apid = 6100 + i
        pids = _pids(6211 + 100 * i, 8)
        L = preamble(c, h, i, 2, 8, t0, hosts[0], pids, f"10.41.0.{41 + i}", "run42", apid,
                     nccl_ver="2.18.6+cuda12.1", channels=4, nics=("mlx5_0", "mlx5_1"), new_style=False)
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(50), 10001, 14999, 6.35, 2.44, every=50, fmt="plain", tzinfo=tz(-4))
            L += sl
            L.append(f"[rank0]: {pylog(t_save)} INFO ckpt: saving full state dict to {ck}/model.pt")
            L += rank_traceback(0, [
                ("/gpfs/projects/nlp_proj/code/ckpt.py", 58, "_atomic_save", "torch.save(obj, tmp)"),
                (f"{PYLIB}/torch/serialization.py", 652, "save", "with _open_zipfile_writer(f) as opened_zipfile:"),
                (f"{PYLIB}/torch/serialization.py", 499, "__exit__", "self.file_like.write_end_of_file()"),
            ], ["RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos 11892948352 vs 11892948240"])
            L.append(f"[rank0]: {pylog(t_save + sec(212))} WARNING ckpt: save failed (RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos 11892948352 vs 11892948240); retrying in 30s")
            L += rank_traceback(0, [
                ("/gpfs/projects/nlp_proj/code/train.py", 611, "<module>", "main(cfg)"),
                ("/gpfs/projects/nlp_proj/code/train.py", 540, "main", "ckpt.save(model, optim, step, cfg)"),
                ("/gpfs/projects/nlp_proj/code/ckpt.py", 71, "save", "_atomic_save(state, f\"{path}/model.pt\")"),
                ("/gpfs/projects/nlp_proj/code/ckpt.py", 55, "_atomic_save", "with open(tmp, \"wb\") as fh:"),
            ], [f"OSError: [Errno 122] Disk quota exceeded: '{ck}/model.pt.tmp'"])
            fails = [(0, 0, 1, pids[0], t_save + sec(243), None)]
            L += sigterm_agent(t_save + sec(244), apid, pids[1:])
        else:
            for lr in range(8):
                g = 8 + lr
                L.append(f"{h}:{pids[lr]}:{pids[lr] + 377} [{lr}] misc/socket.cc:538 NCCL WARN Net : Connection closed by remote peer gn-a100-41.ib.cluster<{47211 + lr}>")
                L.append(f"[rank{g}]:[E ProcessGroupNCCL.cpp:1182] [Rank {g}] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.18.6")
                L.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
                L.append("Last error:")
                L.append(f"Net : Connection closed by remote peer gn-a100-41.ib.cluster<{47211 + lr}>")
            fails = [(8, 0, -6, pids[0], t_save + sec(246), None)]
            L += sigterm_agent(t_save + sec(247), apid, pids[1:])
        L += child_failed(t_save + sec(250), h, fails, pid=apid)
        c.add(f"{h}/train.out", L)
    c.add("epilog_mmlsquota.txt", [
        f"# epilog {t_save + sec(260):%Y-%m-%d %H:%M:%S %z}: mmlsquota -j nlp_proj --block-size auto gpfs01",
        "                         Block Limits                                    |     File Limits",
        "Filesystem Fileset    type         blocks      quota      limit   in_doubt    grace |    files   quota    limit in_doubt    grace  Remarks",
        "gpfs01     nlp_proj   FILESET      100T        90T       100T      7.94M   expired |  4012331       0        0        0     none   (EXCEEDED)",
        "",
        "# du -sh /gpfs/projects/nlp_proj/ckpt/run42/* | tail -4",
        "11G\t/gpfs/projects/nlp_proj/ckpt/run42/step_13500",
        "11G\t/gpfs/projects/nlp_proj/ckpt/run42/step_14000",
        "11G\t/gpfs/projects/nlp_proj/ckpt/run42/step_14500",
        "11G\t/gpfs/projects/nlp_proj/ckpt/run42/step_15000"])
    c.set_label("storage", "infrastructure", None, "stop",
                "Rank 0's checkpoint write at step 15000 fails (truncated zip, then 'Disk quota exceeded' on retry) and the job "
                "collapses; the epilog shows the GPFS fileset nlp_proj over its 100T hard limit with the grace period expired. "
                "Someone must free space or raise the quota before resubmitting.",
                "https://github.com/rwth-i6/returnn/issues/1829")
    return c


# ---------------------------------------------------------------------------
def bc17():
    c = Case("bc17_save_errors_then_resume_cannot_read_checkpoint", 5817)
    hosts = ["lx-gpu-201", "lx-gpu-202", "lx-gpu-203", "lx-gpu-204"]
    ck = "/lustre/scratch/teamq/ft-34b/ckpt"
    enospc = {5, 6, 17, 26}
    # attempt 1 -----------------------------------------------------------
    t0 = T(2024, 11, 4, 20, 0, 3)
    t_save = T(2024, 11, 5, 6, 30, 12)
    for i, h in enumerate(hosts):
        apid = 9100 + i
        pids = _pids(9210 + 100 * i, 8)
        L = preamble(c, h, i, 4, 8, t0, hosts[0], pids, f"10.44.2.{201 + i}", "ft34b", apid,
                     nccl_ver="2.20.5+cuda12.4", channels=4)
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(80), 27001, 29999, 12.2, 1.31, every=20, fmt="plain")
            L += sl
            L.append(f"[rank0]: {pylog(t_save)} INFO ckpt: updating {ck}/latest -> step_30000 ; writing sharded optimizer/model state (32 files)")
        for lr in range(8):
            g = i * 8 + lr
            if g in enospc:
                L += rank_traceback(g, [
                    ("/home/teamq/ft/ckpt.py", 96, "save_sharded", f"torch.save(shard, f\"{{d}}/optim_rank{{rank}}.pt\")"),
                    (f"{PYLIB}/torch/serialization.py", 651, "save", "_save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)"),
                    (f"{PYLIB}/torch/serialization.py", 883, "_save", "zip_file.write_record(name, storage, num_bytes)"),
                ], [f"RuntimeError: [enforce fail at inline_container.cc:783] . PytorchStreamWriter failed writing file data/{17 + lr}: file write failed",
                    "",
                    "During handling of the above exception, another exception occurred:",
                    "",
                    "Traceback (most recent call last):",
                    f'  File "{PYLIB}/torch/serialization.py", line 499, in __exit__',
                    "    self.file_like.write_end_of_file()",
                    f"OSError: [Errno 28] No space left on device"])
        tf = t_save + sec(41)
        L += sigterm_agent(tf + sec(1), apid, pids)
        first = [g for g in sorted(enospc) if g // 8 == i]
        if first:
            lr = first[0] % 8
            L += child_failed(tf + sec(3), h, [(first[0], lr, 1, pids[lr], tf, None)], pid=apid)
        else:
            L.append(f"[rank{i * 8 + 2}]: torch.distributed.elastic.multiprocessing.api.SignalException: Process {pids[2]} got signal: 15")
            L += child_failed(tf + sec(3), h, [(i * 8, 0, -15, pids[0], tf + sec(2), None)], pid=apid)
        c.add(f"attempt_1/{h}/train.log", L)
    c.add("attempt_1/lfs_df.txt", [
        f"# {t_save + sec(300):%Y-%m-%dT%H:%M:%SZ} lfs df -h /lustre/scratch",
        "UUID                       bytes        Used   Available Use% Mounted on",
        "scratch-MDT0000_UUID        5.8T        2.1T        3.4T  39% /lustre/scratch[MDT:0]",
        "scratch-OST0000_UUID      116.4T      108.9T        1.7T  99% /lustre/scratch[OST:0]",
        "scratch-OST0001_UUID      116.4T      109.4T        1.2T  99% /lustre/scratch[OST:1]",
        "scratch-OST0002_UUID      116.4T      111.0T      152.7G 100% /lustre/scratch[OST:2]",
        "scratch-OST0003_UUID      116.4T      116.4T           0 100% /lustre/scratch[OST:3]",
        "scratch-OST0004_UUID      116.4T      116.4T           0 100% /lustre/scratch[OST:4]",
        "scratch-OST0005_UUID      116.4T      110.2T      901.4G  99% /lustre/scratch[OST:5]",
        "",
        "filesystem_summary:       698.4T      672.3T        3.9T  99% /lustre/scratch"])
    # attempt 2 -----------------------------------------------------------
    t1 = T(2024, 11, 5, 6, 41, 55)
    for i, h in enumerate(hosts):
        apid = 12100 + i
        pids = _pids(12210 + 100 * i, 8)
        L = preamble(c, h, i, 4, 8, t1, hosts[0], pids, f"10.44.2.{201 + i}", "ft34b", apid,
                     nccl_ver="2.20.5+cuda12.4", channels=4)
        L.append(f"[rank{i * 8}]: {pylog(t1 + sec(38))} INFO ckpt: resuming from {ck}/latest (step_30000)")
        for lr in range(8):
            g = i * 8 + lr
            if g in enospc:
                L += rank_traceback(g, [
                    ("/home/teamq/ft/train.py", 214, "main", "step = ckpt.load_sharded(model, optim, cfg.resume)"),
                    ("/home/teamq/ft/ckpt.py", 121, "load_sharded", "shard = torch.load(f\"{d}/optim_rank{rank}.pt\", map_location=\"cpu\")"),
                    (f"{PYLIB}/torch/serialization.py", 1065, "load", "with _open_zipfile_reader(opened_file) as opened_zipfile:"),
                    (f"{PYLIB}/torch/serialization.py", 468, "__init__", "super().__init__(torch._C.PyTorchFileReader(name_or_buffer))"),
                ], ["RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory"])
            elif lr in (3, 7):
                L += rank_traceback(g, [
                    ("/home/teamq/ft/ckpt.py", 121, "load_sharded", "shard = torch.load(f\"{d}/optim_rank{rank}.pt\", map_location=\"cpu\")"),
                    (f"{PYLIB}/torch/serialization.py", 997, "load", "with _open_file_like(f, 'rb') as opened_file:"),
                ], [f"FileNotFoundError: [Errno 2] No such file or directory: '{ck}/step_30000/optim_rank{g}.pt'"])
        tf = t1 + sec(52)
        L += sigterm_agent(tf, apid, pids)
        L += child_failed(tf + sec(2), h, [(i * 8 + 3, 3, 1, pids[3], tf - sec(1), None)], pid=apid)
        c.add(f"attempt_2/{h}/train.log", L)
    c.add("attempt_2/ls_step_30000.txt", [
        f"$ ls -la {ck}/step_30000 | head -12",
        "total 640155488",
        "-rw-r--r-- 1 teamq teamq 21474836480 Nov  5 06:30 model_rank0.pt",
        "-rw-r--r-- 1 teamq teamq 21474836480 Nov  5 06:30 model_rank1.pt",
        "-rw-r--r-- 1 teamq teamq 42949672960 Nov  5 06:30 optim_rank0.pt",
        "-rw-r--r-- 1 teamq teamq 42949672960 Nov  5 06:30 optim_rank1.pt",
        "-rw-r--r-- 1 teamq teamq  8992587776 Nov  5 06:30 optim_rank5.pt",
        "-rw-r--r-- 1 teamq teamq  6710886400 Nov  5 06:30 optim_rank6.pt",
        "-rw-r--r-- 1 teamq teamq 42949672960 Nov  5 06:30 optim_rank8.pt",
        "..."])
    c.add("sacct.txt", sacct(881234, "ft34b", "FAILED", "1:0", "00:01:03", 4, "lx-gpu-[201-204]", t1 - sec(10), t1 + sec(60)) + [
        f"881234       ft34b        gpu  llm-pretr        384   REQUEUED      1:0   10:31:03        4 lx-gpu-[201-204] {t0 - sec(10):%Y-%m-%dT%H:%M:%S} {t_save + sec(50):%Y-%m-%dT%H:%M:%S} "])
    c.set_label("storage", "infrastructure", None, "stop",
                "The first run dies writing checkpoint step_30000: four ranks on three nodes get ENOSPC and lfs df shows the "
                "scratch OSTs at 99-100%. The requeue then fails on the truncated/missing shards of that same checkpoint. The "
                "shared filesystem is full, a person has to free space (and drop step_30000) before any restart can work.",
                "https://github.com/sml2h3/dddd_trainer/issues/36")
    return c


# ---------------------------------------------------------------------------
def bc18():
    c = Case("bc18_node_rank0_writers_fail_during_step_8000_save", 5818)
    hosts = ["node-a7-01", "node-a7-02", "node-a7-03", "node-a7-04"]
    t0 = T(2024, 8, 11, 14, 20, 0)
    t_save = T(2024, 8, 11, 18, 52, 30)
    t_nr = t_save + sec(3)
    boots = [T(2024, 8, 2, 7, 11, 40), T(2024, 8, 2, 7, 12, 2), T(2024, 7, 29, 19, 3, 55), T(2024, 8, 9, 10, 44, 18)]
    for i, h in enumerate(hosts):
        apid = 3300 + i
        pids = _pids(3411 + 100 * i, 8)
        L = preamble(c, h, i, 4, 8, t0, hosts[0], pids, f"10.7.0.{1 + i}", "run-0811", apid,
                     nccl_ver="2.19.3+cuda12.3", channels=4, new_style=False)
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(70), 1, 7999, 2.03, 5.1, every=25, fmt="plain")
            L += sl
            L.append(f"[rank0]: {pylog(t_save)} INFO ckpt: step 8000: each node's local rank 0 writes its shard to /nfs/ckpt/run-0811/step_8000.tmp/")
        g = i * 8
        tf = t_nr + sec(74 + 2 * i)
        L += rank_traceback(g, [
            ("/opt/app/trainer/ckpt.py", 141, "save_node_shard", "os.replace(tmp_path, final_path)"),
        ], [f"OSError: [Errno 116] Stale file handle: '/nfs/ckpt/run-0811/step_8000.tmp/shard_{i:02d}.pt.partial' -> '/nfs/ckpt/run-0811/step_8000.tmp/shard_{i:02d}.pt'"])
        L += sigterm_agent(tf + sec(1), apid, pids[1:])
        L += child_failed(tf + sec(3), h, [(g, 0, 1, pids[0], tf, None)], pid=apid)
        c.add(f"{h}/torchrun.log", L)
        up = (t_nr - boots[i]).total_seconds() + 0.2 * i
        D = [f"{dmesg_raw(3.1)} Linux version 5.15.0-105-generic (buildd@lcy02-amd64-054) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP",
             f"{dmesg_raw(41.7)} FS-Cache: Netfs 'nfs' registered for caching",
             f"{dmesg_raw(up - 5211.9)} nfs: server nfs-ha-vip not responding, timed out" if i == 2 else f"{dmesg_raw(up - 9000.2)} audit: type=1400 audit(1723380000.112:311): apparmor=\"STATUS\" operation=\"profile_replace\"",
             f"{dmesg_raw(up)} nfs: server nfs-ha-vip not responding, still trying",
             f"{dmesg_raw(up + 0.4)} nfs: server nfs-ha-vip not responding, still trying",
             f"{dmesg_raw(up + 68.9)} nfs: server nfs-ha-vip OK",
             f"{dmesg_raw(up + 69.0)} nfs: server nfs-ha-vip OK"]
        c.add(f"{h}/dmesg.txt", D)
        c.add(f"{h}/uptime_-s.txt", [f"{boots[i]:%Y-%m-%d %H:%M:%S}"])
    c.add("mount_nfs.txt", ["nfs-ha-vip:/vol/ckpt on /nfs/ckpt type nfs4 (rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.7.0.1,local_lock=none,addr=10.7.255.10)"])
    c.set_label("storage", "infrastructure", None, "restart",
                "During the step-8000 save all four nodes lose the NFS server at the same moment ('nfs-ha-vip not responding' ... "
                "'OK' ~70 s later in every dmesg, uptime-relative) and each node's writer then hits ESTALE on rename. A transient "
                "failover of the shared checkpoint filer; restart from step 7500.",
                "https://github.com/huggingface/transformers/issues/9732")
    return c


# ---------------------------------------------------------------------------
def bc19():
    c = Case("bc19_checkpoint_upload_errors_on_nine_ranks", 5819)
    hosts = ["ip-10-4-17-201", "ip-10-4-17-37", "ip-10-4-18-90", "ip-10-4-18-144"]
    t0 = T(2024, 9, 25, 7, 0, 0)
    t_save = T(2024, 9, 25, 10, 2, 14)
    failing = [2, 5, 9, 11, 14, 17, 22, 23, 30]
    for i, h in enumerate(hosts):
        apid = 1
        pids = _pids(88 + 40 * i, 8)
        L = preamble(c, h, i, 4, 8, t0, hosts[0], pids, f"10.4.{17 + i // 2}.{[201, 37, 90, 144][i]}", "llama-13b-s3", apid,
                     nccl_ver="2.21.5+cuda12.4", channels=8, net="Socket", oob="ens32")
        if i == 0:
            for s in (3000, 4000):
                L.append(f"[rank0]: {pylog(t0 + sec(s * 2.1))} INFO ckpt: saved s3://acme-train-ckpt/llama-13b/step_{s}/ (32 writers, 151.2 GiB) in {38 + s // 1000}.2s")
            L.append(f"[rank0]: {pylog(t_save)} INFO ckpt: saving s3://acme-train-ckpt/llama-13b/step_5000/ via S3StorageWriter")
        for lr in range(8):
            g = i * 8 + lr
            if g in failing:
                L.append(f"[rank{g}]: {pylog(t_save + sec(40 + g))} WARNING botocore.retryhandler: Retry needed, retrying request after delay of: {c.rng.uniform(0.5, 8):.3f}")
                L.append(f"[rank{g}]: {pylog(t_save + sec(71 + g))} WARNING ckpt: write of __{g}_0.distcp failed: An error occurred (SlowDown) when calling the PutObject operation (reached max retries: 4): Please reduce your request rate.")
        if i == 0:
            L += rank_traceback(0, _dcp_save_frames("/app/llm/ckpt.py", 77)[:5], [
                "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([2, 5, 9, 11, 14, 17, 22, 23, 30])",
                "Traceback (most recent call last): (RANK 2)",
                f'  File "{PYLIB}/torch/distributed/checkpoint/utils.py", line 201, in all_reduce',
                "    local_data = map_fun()",
                f'  File "{PYLIB}/s3torchconnector/dcp/s3_file_system.py", line 188, in write_data',
                "    stream.close()",
                "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the PutObject operation (reached max retries: 4): Please reduce your request rate.",
                "Traceback (most recent call last): (RANK 5)",
                "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the PutObject operation (reached max retries: 4): Please reduce your request rate.",
                "Traceback (most recent call last): (RANK 9)",
                "botocore.exceptions.ClientError: An error occurred (ServiceUnavailable) when calling the UploadPart operation (reached max retries: 4): Please reduce your request rate."])
        tf = t_save + sec(118)
        L += sigterm_agent(tf, apid, pids[1:] if i == 0 else pids)
        L += child_failed(tf + sec(2), h, [(i * 8, 0, 1 if i == 0 else -15, pids[0], tf, None)], pid=apid)
        c.add(f"{h}/pod.log", L)
    c.add("s3_bucket_metrics.txt", [
        "CloudWatch S3 request metrics, bucket acme-train-ckpt, filter EntireBucket, 1-minute periods (UTC)",
        "time      AllRequests  PutRequests  5xxErrors  4xxErrors",
        "09:58     1204         388          0          2",
        "10:00     9811         7420         11         0",
        "10:01     31118        29007        2260       1",
        "10:02     48920        46411        9933       0",
        "10:03     51207        48815        11871      0",
        "10:04     47390        44102        8911       3",
        "10:05     22011        19870        1422       0",
        "10:07     2109         1630         0          0",
        "note: 10:00-10:05 overlaps the nightly export of team 'ads-ranking' (s3://acme-train-ckpt/ads/*, ~40k PUT/min)"])
    c.set_label("storage", "infrastructure", None, "restart",
                "The step-5000 DCP upload fails on nine ranks across all nodes with S3 'SlowDown / reduce your request rate' after "
                "retries; the same layout saved fine at steps 3000/4000 and the bucket metrics show a burst of 5xx from another "
                "team's export in the same minutes. Transient throttling of the shared object store; restart from step 4000.",
                "https://github.com/ray-project/ray/issues/47937")
    return c


# ---------------------------------------------------------------------------
def bc20():
    c = Case("bc20_first_checkpoint_upload_rejected_on_every_rank", 5820)
    pods = [f"gemma-ft-worker-{i}" for i in range(4)]
    t0 = T(2024, 12, 9, 3, 0, 31)
    t_save = T(2024, 12, 9, 3, 41, 50)
    sa = "ml-train@acme-ml-prod.iam.gserviceaccount.com"
    for i, p in enumerate(pods):
        apid = 1
        pids = _pids(52 + 40 * i, 8)
        L = preamble(c, p, i, 4, 8, t0, "gemma-ft-worker-0", pids, f"10.8.{i}.{9 + i}", "gemma-ft", apid,
                     endpoint="gemma-ft-worker-0:29400", nccl_ver="2.21.5+cuda12.4", channels=8,
                     nics=("eth1", "eth2", "eth3", "eth4"), net="Socket")
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(75), 1, 999, 2.38, 2.7, every=20, fmt="plain")
            L += sl
            L.append(f"[rank0]: {pylog(t_save)} INFO ckpt: first save -> gs://acme-ml-ckpt/gemma-ft/step_1000/")
        for lr in range(8):
            g = i * 8 + lr
            L.append(f"[rank{g}]: {pylog(t_save + ms(800 + 37 * g))} ERROR gcsfs: _upload_chunk failed: 403 POST https://storage.googleapis.com/upload/storage/v1/b/acme-ml-ckpt/o?uploadType=resumable&name=gemma-ft%2Fstep_1000%2F__{g}_0.distcp")
            L.append(f"[rank{g}]: gcsfs.retry.HttpError: {sa} does not have storage.objects.create access to the Google Cloud Storage object. Permission 'storage.objects.create' denied on resource (or it may not exist)., 403")
        if i == 0:
            L += rank_traceback(0, _dcp_save_frames("/src/gemma_ft/ckpt.py", 51)[:5], [
                "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31])",
                "Traceback (most recent call last): (RANK 0)",
                f"gcsfs.retry.HttpError: {sa} does not have storage.objects.create access to the Google Cloud Storage object. Permission 'storage.objects.create' denied on resource (or it may not exist)., 403"])
        tf = t_save + sec(6)
        L += sigterm_agent(tf, apid, pids[1:] if i == 0 else pids)
        L += child_failed(tf + sec(2), p, [(i * 8, 0, 1, pids[0], tf, None)], pid=apid)
        c.add(f"{p}/logs.txt", L)
    c.add("iam_policy_acme-ml-ckpt.txt", [
        "$ gcloud storage buckets get-iam-policy gs://acme-ml-ckpt --format=yaml",
        "bindings:",
        "- members:",
        "  - projectEditor:acme-ml-prod",
        "  - projectOwner:acme-ml-prod",
        "  role: roles/storage.legacyBucketOwner",
        "- members:",
        f"  - serviceAccount:{sa}",
        "  role: roles/storage.objectViewer",
        "etag: CAY=",
        "version: 1",
        "",
        "$ gcloud logging read 'protoPayload.methodName=\"storage.setIamPermissions\" AND resource.labels.bucket_name=\"acme-ml-ckpt\"' --limit 1",
        "timestamp: '2024-12-07T16:22:09.331Z'",
        "protoPayload.authenticationInfo.principalEmail: terraform-ci@acme-ml-prod.iam.gserviceaccount.com",
        "protoPayload.serviceData.policyDelta.bindingDeltas: [{action: REMOVE, role: roles/storage.objectAdmin, member: serviceAccount:" + sa + "}, {action: ADD, role: roles/storage.objectViewer, member: serviceAccount:" + sa + "}]"])
    c.set_label("storage", "infrastructure", None, "stop",
                "Training is healthy; the very first checkpoint upload is refused with 403 storage.objects.create on all 32 ranks. "
                "The bucket policy was changed two days earlier so the training service account is only objectViewer. A "
                "permission problem someone must fix; restarting cannot help.",
                "https://github.com/googleapis/google-cloud-php/issues/1206")
    return c


# ---------------------------------------------------------------------------
def bc21():
    c = Case("bc21_async_save_aborts_then_restart_fails_at_startup", 5821)
    hosts = ["gpu-a3-031", "gpu-a3-032", "gpu-a3-033", "gpu-a3-034"]
    buses = ["00000000:04:00.0", "00000000:05:00.0", "00000000:0A:00.0", "00000000:0B:00.0",
             "00000000:84:00.0", "00000000:BB:00.0", "00000000:8A:00.0", "00000000:8B:00.0"]
    bad_node, bad_lr = 2, 5
    bad = bad_node * 8 + bad_lr
    t0 = T(2024, 7, 22, 1, 0, 0)
    t_save = T(2024, 7, 22, 6, 38, 41)
    t_xid = t_save + sec(17)
    seq = 45102
    for i, h in enumerate(hosts):
        apid = 2500 + i
        pids = _pids(2611 + 100 * i, 8)
        L = preamble(c, h, i, 4, 8, t0, hosts[0], pids, f"10.128.0.{31 + i}", "mistral-7b-a3", apid,
                     nccl_ver="2.20.5+cuda12.4", channels=8, nics=("eth1", "eth2", "eth3", "eth4", "eth5", "eth6", "eth7", "eth8"), net="Socket")
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(90), 1, 14999, 1.35, 9.9, every=50, fmt="titan", tok_per_s=7510)
            L += sl
            L.append(f"[rank0]:[titan] {pylog(t_save)} - root - INFO - Saving the checkpoint (or staging if async is enabled).")
            L.append(f"[rank0]:[titan] {pylog(t_save + sec(4))} - root - INFO - [GC] Performing periodical GC collection. 0.07 seconds.")
        for lr in range(8):
            g = i * 8 + lr
            if g == bad:
                q = f"{h}:{pids[lr]}:{pids[lr] + 500} [{lr}]"
                L.append(f"{q} enqueue.cc:1538 NCCL WARN Cuda failure 'unspecified launch failure'")
                L.append(f"{q} NCCL INFO group.cc:64 -> 1")
                L += rank_traceback(g, [
                    ("/workspace/torchtitan/train.py", 409, "main", "checkpoint.save(train_state.step, force=(train_state.step == job_config.training.steps))"),
                    ("/workspace/torchtitan/torchtitan/checkpoint.py", 402, "save", "self._async_with_pinned_memory(checkpoint_id)"),
                    ("/workspace/torchtitan/torchtitan/checkpoint.py", 361, "_async_with_pinned_memory", "self.cpu_offload_state_dict = _create_cpu_state_dict(state_dict, pin_memory=True, share_memory=True)"),
                    (f"{PYLIB}/torch/distributed/_state_dict_utils.py", 323, "_copy_state_dict", "ret.copy_(value, non_blocking=non_blocking)"),
                ], ["RuntimeError: CUDA error: unspecified launch failure",
                    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."])
            elif lr in (0, 3):
                L += watchdog_timeout(c, g, t_xid + sec(600) + ms(c.rng.randint(0, 500)), seq, "GATHER", 1, 0, 600000, seq, seq - 1,
                                      ver="2.4", frames=(lr == 0))
        tf = t_xid + sec(3) if i == bad_node else t_xid + sec(601)
        L += sigterm_agent(tf, apid, pids)
        if i == bad_node:
            L += child_failed(tf + sec(30), h, [(bad, bad_lr, 1, pids[bad_lr], t_xid + sec(2), None)], pid=apid)
        else:
            L += child_failed(tf + sec(2), h, [(i * 8, 0, -6, pids[0], tf - sec(1), None)], pid=apid)
        c.add(f"attempt_1/{h}/torchrun.log", L)
        boot = T(2024, 7, 20, 18, 4, 11) + sec(13 * i)
        D = [f"{iso(boot)} {h} kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024"]
        if i == bad_node:
            D += [f"{iso(t_xid)} {h} kernel: NVRM: GPU at PCI:0000:bb:00: GPU-7c1e9a3d-5b2f-11ee-9d4a-8fe2c1a0b7d4",
                  f"{iso(t_xid)} {h} kernel: NVRM: Xid (PCI:0000:bb:00): 79, pid={2611 + 100 * bad_node + 11 * bad_lr}, name=python3, GPU has fallen off the bus.",
                  f"{iso(t_xid)} {h} kernel: NVRM: GPU 0000:bb:00.0: GPU has fallen off the bus.",
                  f"{iso(t_xid + ms(4))} {h} kernel: pcieport 0000:b8:01.0: AER: Uncorrected (Fatal) error received: 0000:b9:00.0",
                  f"{iso(t_xid + ms(4))} {h} kernel: pcieport 0000:b9:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)",
                  f"{iso(t_xid + sec(1))} {h} kernel: NVRM: A GPU crash dump has been created. If possible, please run",
                  f"{iso(t_xid + sec(1))} {h} kernel: NVRM: nvidia-bug-report.sh as root to collect this data before",
                  f"{iso(t_xid + sec(1))} {h} kernel: NVRM: the NVIDIA kernel module is unloaded."]
        c.add(f"attempt_1/{h}/kern.log", D)
    c.add("attempt_1/gpu-a3-031/prolog_nvidia-smi_-L.txt", [f"GPU {k}: NVIDIA H100 80GB HBM3 (UUID: GPU-{k:x}1e9a3d-5b2f-11ee-9d4a-8fe2c1a0b7d{k}) bus {buses[k]}" for k in range(8)])
    # attempt 2 (requeued onto the same four nodes) ------------------------
    t1 = T(2024, 7, 22, 6, 58, 4)
    for i, h in enumerate(hosts):
        apid = 3500 + i
        pids = _pids(3611 + 100 * i, 8)
        L = torchrun_banner(t1, 4, 8, "c10d", "gpu-a3-031:29400", "mistral-7b-a3", apid)
        L += rdzv_complete(t1 + sec(3), apid, i, 4, 8, hosts[0])
        if i == 0:
            L.append(f"[rank0]:[titan] {pylog(t1 + sec(30))} - root - WARNING - checkpoint step-15000 has no .metadata (incomplete save), falling back to step-14500")
            L.append(f"[rank0]:[titan] {pylog(t1 + sec(64))} - root - INFO - Loading the checkpoint at step 14500.")
        if i == bad_node:
            L += rank_traceback(23, [
                ("/workspace/torchtitan/train.py", 64, "main", "device = torch.device(f\"{device_type}:{int(os.environ['LOCAL_RANK'])}\"); torch.cuda.set_device(device)"),
                (f"{PYLIB}/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
            ], ["RuntimeError: CUDA error: invalid device ordinal",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1"])
            L.append(f"[rank16]: {pylog(t1 + sec(9))} INFO torchtitan: torch.cuda.device_count() = 7 (expected 8)")
            L += sigterm_agent(t1 + sec(11), apid, pids[:7])
            L += child_failed(t1 + sec(13), h, [(23, 7, 1, pids[7], t1 + sec(10), None)], pid=apid)
        else:
            L.append(f"[rank{i * 8}]:[E{glog(c, t1 + sec(612))} ProcessGroupNCCL.cpp:616] [Rank {i * 8}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600071 milliseconds before timing out.")
            L += sigterm_agent(t1 + sec(613), apid, pids)
            L += child_failed(t1 + sec(615), h, [(i * 8, 0, -6, pids[0], t1 + sec(612), None)], pid=apid)
        c.add(f"attempt_2/{h}/torchrun.log", L)
    c.add("attempt_2/gpu-a3-033/prolog_nvidia-smi.txt", [
        f"{t1 - sec(20):%a %b %e %H:%M:%S %Y}",
        "Unable to determine the device handle for GPU0000:BB:00.0: Unknown Error",
        "GPU 0000:BB:00.0 is lost. Reboot the system to recover this GPU"])
    c.add("attempt_2/requeue.txt", [f"{t1 - sec(40):%Y-%m-%dT%H:%M:%S} scontrol requeue 604411 (auto-resume policy); same nodes gpu-a3-[031-034]; no health-check drain configured"])
    c.set_label("gpu_hardware", "infrastructure", {"node": "gpu-a3-033", "rank": bad}, "restart_without_node",
                "During the async checkpoint staging, GPU 5 of gpu-a3-033 (PCI bb:00, rank 21) fell off the bus (Xid 79 + fatal PCIe "
                "AER); the other ranks only time out in the save's gather. The requeue landed on the same node, which now shows 7 "
                "GPUs ('GPU is lost'), so its local rank 7 fails with invalid device ordinal. Exclude gpu-a3-033.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return c


# ---------------------------------------------------------------------------
def bc28():
    c = Case("bc28_save_hangs_then_resume_hits_read_errors", 5828)
    hosts = ["cn-g41", "cn-g42", "cn-g43", "cn-g44"]
    et = tz(-4)
    ck = "/gpfs/gpfs01/proj/vlm/ckpt"
    t0 = T(2024, 9, 17, 19, 0, 0, tzinfo=et)
    t_save = T(2024, 9, 18, 2, 10, 58, tzinfo=et)
    seq = 38811
    for i, h in enumerate(hosts):
        apid = 4400 + i
        pids = _pids(4511 + 100 * i, 8)
        L = preamble(c, h, i, 4, 8, t0, hosts[0], pids, f"10.40.1.{41 + i}", "vlm-34b", apid,
                     nccl_ver="2.20.5+cuda12.4", channels=4)
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(66), 9001, 11999, 8.6, 1.77, every=20, fmt="megatron", tzinfo=et)
            L += sl
            L.append(f"[rank0]: [{t_save:%Y-%m-%d %H:%M:%S}] saving checkpoint at iteration   12000 to {ck} in torch_dist format")
        for lr in range(8):
            g = i * 8 + lr
            if (g % 5) in (1, 3):
                continue
            L += watchdog_timeout(c, g, t_save + sec(601) + ms(c.rng.randint(0, 900)), seq, "GATHER", 1, 32 if g == 0 else 0,
                                  600000, seq, seq - 1, ver="2.4", frames=(lr == 0))
        L += sigterm_agent(t_save + sec(606), apid, pids)
        L += child_failed(t_save + sec(640), h, [(i * 8, 0, -6, pids[0], t_save + sec(605), None)], pid=apid)
        c.add(f"attempt_1/{h}/train.log", L)
        M = [f"{t0 - sec(86400):%Y-%m-%d_%H:%M:%S}.102{t0.strftime('%z')}: [I] Command: mount gpfs01",
             f"{t_save + sec(6):%Y-%m-%d_%H:%M:%S}.{118 + i}{t0.strftime('%z')}: [E] The current file system manager failed and no new manager will be appointed. This may cause nodes mounting the file system to experience mount failures.",
             f"{t_save + sec(7):%Y-%m-%d_%H:%M:%S}.{301 + i}{t0.strftime('%z')}: [N] Request sent to 10.40.0.21 (nsd03) to expel 10.40.0.22 (nsd04) from cluster hpc.gpfs",
             f"{t_save + sec(41):%Y-%m-%d_%H:%M:%S}.{77 + i}{t0.strftime('%z')}: [W] Disk nsd03_d12 on nsd03 is unavailable; I/O to it will wait for recovery"]
        c.add(f"attempt_1/{h}/mmfs.log", M)
    c.add("attempt_1/cn-g42/mmdiag_waiters.txt", [
        f"# {t_save + sec(420):%Y-%m-%d %H:%M:%S %z} mmdiag --waiters (top 6 of 211)",
        "=== mmdiag: waiters ===",
        "Waiting 412.3118 sec since 02:04:08, monitored, thread 412331 FileBlockWriteFetchHandlerThread: on ThCond 0x7F2A1C0047A8 (MsgRecordCondvar), reason 'RPC wait' for NSD I/O completion on node 10.40.0.21 <c0n3>",
        "Waiting 411.9002 sec since 02:04:08, monitored, thread 412340 FileBlockWriteFetchHandlerThread: on ThCond 0x7F2A1C004E18 (MsgRecordCondvar), reason 'RPC wait' for NSD I/O completion on node 10.40.0.21 <c0n3>",
        "Waiting 409.0447 sec since 02:04:11, monitored, thread 412388 WritebehindWorkerThread: on ThCond 0x18001C9A6D8 (LogFileBufferDescriptorCondvar), reason 'force wait on force active buffer write'",
        "Waiting 398.5521 sec since 02:04:22, monitored, thread 412401 SharedHashTabFetchHandlerThread: on ThMutex 0x1800128F6B0 (SharedHashTabMutex), reason 'Waiting for tm lock'",
        "Waiting 31.0010 sec since 02:10:59, monitored, thread 9981 RecLockHandlerThread: for fsync of recovery log",
        "Waiting 2.1311 sec since 02:11:28, monitored, thread 1121 TSRcvWorkerThread: on ThCond 0x7F2A1C009100 (RcvWorkerCondvar), reason 'waiting for data'"])
    # attempt 2
    t1 = T(2024, 9, 18, 2, 31, 12, tzinfo=et)
    for i, h in enumerate(hosts):
        apid = 5400 + i
        pids = _pids(5511 + 100 * i, 8)
        L = preamble(c, h, i, 4, 8, t1, hosts[0], pids, f"10.40.1.{41 + i}", "vlm-34b", apid,
                     nccl_ver="2.20.5+cuda12.4", channels=2)
        if i == 0:
            L.append(f"[rank0]: [{t1 + sec(30):%Y-%m-%d %H:%M:%S}] loading distributed checkpoint from {ck}/iter_0011000 (latest complete)")
        for lr in (2, 5):
            g = i * 8 + lr
            if g in (2, 13, 21, 29):
                L += rank_traceback(g, [
                    ("/opt/megatron/megatron/core/dist_checkpointing/strategies/torch.py", 612, "load", "checkpoint.load_state_dict("),
                    (f"{PYLIB}/torch/distributed/checkpoint/filesystem.py", 641, "read_data", "bytes = io.BytesIO(stream.read(item_md.length))"),
                ], [f"OSError: [Errno 5] Input/output error: '{ck}/iter_0011000/__{g}_0.distcp'"])
        tf = t1 + sec(95)
        L += sigterm_agent(tf, apid, pids)
        fr = 2 if i == 0 else i * 8 + 5
        L += child_failed(tf + sec(2), h, [(fr, fr % 8, 1, pids[fr % 8], tf - sec(1), None)], pid=apid)
        c.add(f"attempt_2/{h}/train.log", L)
        M = [f"{t1 + sec(90):%Y-%m-%d_%H:%M:%S}.{500 + i}{t1.strftime('%z')}: [E] Disk failure.  Volume gpfs01. rc = 5. Physical volume nsd03_d12.",
             f"{t1 + sec(91):%Y-%m-%d_%H:%M:%S}.{612 + i}{t1.strftime('%z')}: [E] Error reading inode 88213411 snap 0 from disk nsd03_d12: Input/output error (rc 5)",
             f"{T(2024, 9, 18, 2, 49, 30, tzinfo=et):%Y-%m-%d_%H:%M:%S}.{9 + i}{t1.strftime('%z')}: [I] Recovery of nsd03 complete; disk nsd03_d12 state changed from down to up",
             f"{T(2024, 9, 18, 2, 49, 31, tzinfo=et):%Y-%m-%d_%H:%M:%S}.{12 + i}{t1.strftime('%z')}: [I] Command: successful mmchdisk gpfs01 start -d nsd03_d12"]
        c.add(f"attempt_2/{h}/mmfs.log", M)
    c.set_label("storage", "infrastructure", None, "restart",
                "Both failures are the shared GPFS: during the step-12000 save an NSD server (nsd03) is expelled and writes wait "
                "(mmdiag waiters on NSD I/O), so the DCP gather times out; the immediate resume reads from the same disk while it "
                "is down and gets EIO. GPFS logs the disk back up at 02:49; restart from iter 11000.",
                "https://github.com/pytorch/torchtitan/issues/3065")
    return c


CASES = [bc15, bc16, bc17, bc18, bc19, bc20, bc21, bc28]
