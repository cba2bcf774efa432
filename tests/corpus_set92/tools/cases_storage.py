"""Cases ck13-ck20: storage errors on one node versus a shared store on all nodes."""
import random

from common import (T, plus, pylog, glog, c10, kern, dmesg, nccl, boot_dmesg, nvidia_smi, default_gpus,
                    child_failed, sacct, ranks_of, join, iso, watchdog_timeout, watchdog_tail, titan_step,
                    sort_dmesg, up, H100, A100)

PY310 = "/usr/local/lib/python3.10/dist-packages"


def _sympathetic(out_by_node, nodes, skip, t, seq, prefix_fn, op="ALLREDUCE", numel=262144000, every=3):
    """Append watchdog timeouts for ranks on every node except `skip`."""
    for i, n in enumerate(nodes):
        if i in skip:
            continue
        for k in range(0, 8, every):
            r = i * 8 + k
            tt = plus(t, i * 0.37 + k * 0.011)
            lines = [watchdog_timeout(r, tt, seq, op=op, numel=numel)] + watchdog_tail(r, plus(tt, 0.002), seq, op=op, numel=numel)
            out_by_node[n] += [prefix_fn(i, r, ln) for ln in lines]


# ---------------------------------------------------------------------------
def ck13():
    rng = random.Random(9213)
    job = 7712051
    nodes = ["hgx-b2-%02d" % i for i in range(1, 9)]
    bad = 4
    t_start = T("2024-07-09 04:10:22")
    t_fault = T("2024-07-09 11:31:05")
    files = {}
    per = {n: [] for n in nodes}
    step0 = 28100
    for s in range(0, 25):
        t = plus(T("2024-07-09 11:00:00"), s * 76.5)
        per[nodes[0]].append(titan_step(0, t, step0 + s * 50, 2.31 - s * 0.002 + rng.random() * 0.01, 61.87, 78.2,
                                        rng.randint(3350, 3420), 41.0 + rng.random()))
    br = 34
    t_eio = plus(t_fault, 3.9)
    per[nodes[bad]] += [
        "[rank%d]:Traceback (most recent call last):" % br,
        '[rank%d]:  File "/workspace/vit/train.py", line 311, in <module>' % br,
        "[rank%d]:    main(cfg)" % br,
        '[rank%d]:  File "/workspace/vit/train.py", line 262, in main' % br,
        "[rank%d]:    images, labels = next(data_iter)" % br,
        '[rank%d]:  File "%s/torch/utils/data/dataloader.py", line 1344, in _next_data' % (br, PY310),
        "[rank%d]:    return self._process_data(data)" % br,
        '[rank%d]:  File "%s/torch/utils/data/dataloader.py", line 1370, in _process_data' % (br, PY310),
        "[rank%d]:    data.reraise()" % br,
        '[rank%d]:  File "%s/torch/_utils.py", line 706, in reraise' % (br, PY310),
        "[rank%d]:    raise exception" % br,
        "[rank%d]:OSError: Caught OSError in DataLoader worker process 5." % br,
        "[rank%d]:Original Traceback (most recent call last):" % br,
        '[rank%d]:  File "%s/torch/utils/data/_utils/worker.py", line 309, in _worker_loop' % (br, PY310),
        "[rank%d]:    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]" % br,
        '[rank%d]:  File "%s/webdataset/tariterators.py", line 208, in url_opener' % (br, PY310),
        "[rank%d]:    stream = gopen(url, **kw)" % br,
        '[rank%d]:  File "%s/webdataset/gopen.py", line 390, in gopen' % (br, PY310),
        "[rank%d]:    return open(url, mode)" % br,
        "[rank%d]:OSError: [Errno 5] Input/output error: '/raid/stage/laion-a/shard-004211.tar'" % br]
    for k in range(8):
        if k != 2:
            per[nodes[bad]].append("%s Sending process %d closing signal SIGTERM" % (
                glog("W", plus(t_eio, 1.1), 140071, "torch/distributed/elastic/multiprocessing/api.py:897"), 70311 + k))
    t_f = plus(t_eio, 7)
    fails = [{"host": nodes[bad], "rank": br, "local_rank": 2, "exitcode": 1, "pid": 70313, "time": t_eio}]
    fails += [{"host": nodes[bad], "rank": 32 + k, "local_rank": k, "exitcode": -15, "pid": 70311 + k, "time": t_f, "signame": "SIGTERM"}
              for k in (0, 1, 3)]
    per[nodes[bad]] += child_failed("train.py", t_eio, fails)
    t_to = plus(t_fault, 600 + 11)
    _sympathetic(per, nodes, {bad}, t_to, 28561 * 3 + 7, lambda i, r, ln: ln, numel=98566144)
    for n in nodes:
        files["%s/stdout.log" % n] = join(per[n])
    out = ["srun: error: hgx-b2-05: task 4: Exited with exit code 1"]
    for i, n in enumerate(nodes):
        if i != bad:
            out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-%d.out" % job] = join(["Job %d started %s on hgx-b2-[01-08]" % (job, iso(t_start)),
                                        "Staging /lustre/datasets/laion-a -> /raid/stage/laion-a (local NVMe md0) ... done in 1412s"] + out)
    files["sacct.txt"] = sacct([(str(job), "vit-g-pt", "hgx", "FAILED", "1:0", "07:31:49", "hgx-b2-[01-08]"),
                                ("%d.0" % job, "torchrun", "", "FAILED", "1:0", "07:31:47", "hgx-b2-[01-08]")])
    boot = T("2024-06-30 08:02:33")
    for i, n in enumerate(nodes):
        d = boot_dmesg(n, boot)
        if i == bad:
            t1 = T("2024-07-09 11:29:40")
            d += [dmesg(t1, boot, "nvme nvme3: I/O 871 QID 14 timeout, aborting"),
                  dmesg(plus(t1, 0.9), boot, "nvme nvme3: Abort status: 0x371"),
                  dmesg(plus(t1, 31), boot, "nvme nvme3: I/O 871 QID 14 timeout, reset controller"),
                  dmesg(plus(t_fault, -3), boot, "nvme nvme3: controller is down; will reset: CSTS=0xffffffff, PCI_STATUS=0xffff"),
                  dmesg(plus(t_fault, -2.9), boot, "nvme nvme3: Does your device have a faulty power saving mode enabled?"),
                  dmesg(plus(t_fault, -1), boot, "nvme 0000:c4:00.0: enabling device (0000 -> 0002)"),
                  dmesg(plus(t_fault, -0.5), boot, "nvme nvme3: Removing after probe failure status: -19"),
                  dmesg(t_fault, boot, "blk_update_request: I/O error, dev nvme3n1, sector 1302218752 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 0"),
                  dmesg(plus(t_fault, 0.01), boot, "blk_update_request: I/O error, dev nvme3n1, sector 1302219008 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 0"),
                  dmesg(plus(t_fault, 0.2), boot, "nvme3n1: detected capacity change from 7501476528 to 0"),
                  dmesg(plus(t_fault, 0.3), boot, "XFS (md0): metadata I/O error in \"xfs_imap_to_bp+0x61/0xb0 [xfs]\" at daddr 0x4d9f2e40 len 32 error 5"),
                  dmesg(plus(t_fault, 0.4), boot, "XFS (md0): log I/O error -5"),
                  dmesg(plus(t_fault, 0.41), boot, "XFS (md0): Filesystem has been shut down due to log error (0x2)."),
                  dmesg(plus(t_fault, 0.42), boot, "XFS (md0): Please unmount the filesystem and rectify the problem(s).")]
            files["%s/lsblk.txt" % n] = join([
                "$ cat /proc/mdstat", "Personalities : [raid0]", "md0 : active raid0 nvme4n1[3] nvme2n1[1] nvme1n1[0]",
                "      30005905408 blocks super 1.2 512k chunks", "", "$ nvme list | tail -n +3",
                "/dev/nvme0n1  S6CKNE0T912345  SAMSUNG MZ1L21T9HCLS-00A07   1  1.92  TB / 1.92  TB  512   B +  0 B  GDC7302Q",
                "/dev/nvme1n1  S6EWNA0W100231  SAMSUNG MZWLR7T6HALA-00007   1  7.68  TB / 7.68  TB  512   B +  0 B  MPK7525Q",
                "/dev/nvme2n1  S6EWNA0W100244  SAMSUNG MZWLR7T6HALA-00007   1  7.68  TB / 7.68  TB  512   B +  0 B  MPK7525Q",
                "/dev/nvme4n1  S6EWNA0W100251  SAMSUNG MZWLR7T6HALA-00007   1  7.68  TB / 7.68  TB  512   B +  0 B  MPK7525Q",
                "$ ls /raid/stage", "ls: cannot access '/raid/stage': Input/output error"])
        if i == 1:
            t2 = T("2024-07-09 06:14:51")
            d += [dmesg(t2, boot, "mce: [Hardware Error]: Machine check events logged"),
                  dmesg(plus(t2, 0.01), boot, "EDAC skx MC1: HANDLING MCE MEMORY ERROR"),
                  dmesg(plus(t2, 0.02), boot, "EDAC skx MC1: CPU 48: Machine Check Event: 0x0 Bank 13: 0x8c00004000010090"),
                  dmesg(plus(t2, 0.03), boot, "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3f2e1c offset:0x0 grain:32 syndrome:0x0)")]
        files["%s/dmesg.txt" % n] = join(sort_dmesg(d))
    files["%s/nvidia-smi.txt" % nodes[bad]] = nvidia_smi(plus(t_to, 60), "550.54.15", "12.4", default_gpus(rng))
    label = {"category": "storage", "layer": "infrastructure",
             "culprit": {"node": "hgx-b2-05", "rank": None}, "action": "restart_without_node",
             "rationale": "The first failure is rank 34's DataLoader EIO reading the locally staged /raid copy on hgx-b2-05, "
                          "whose NVMe nvme3 timed out, dropped off and took the md0/XFS scratch down; every other node's NCCL "
                          "watchdog timeout ten minutes later is sympathetic. The corrected MCE on hgx-b2-02 is unrelated.",
             "modelled_on": "https://github.com/MIC-DKFZ/nnUNet/issues/1784"}
    return "ck13_dataloader_input_output_error_then_watchdog_timeouts", files, label


# ---------------------------------------------------------------------------
def ck14():
    rng = random.Random(9214)
    job = 1190442
    nodes = ["nid%06d" % n for n in range(1120, 1126)]
    t_ev = T("2024-09-02 22:47:13")
    files = {}
    boot = T("2024-08-28 12:00:07")
    osc = "flare-OST0012-osc-ffff9d4b2e0e8000"
    for i, n in enumerate(nodes):
        tt = plus(t_ev, i * 0.8 + rng.random())
        lines = [kern(plus(tt, -95), boot, n, "Lustre: %s: Connection to flare-OST0012 (at 10.150.2.44@kfi) was lost; in progress operations using this service will wait for recovery to complete" % osc),
                 kern(plus(tt, -95), boot, n, "Lustre: Skipped 3 previous similar messages"),
                 kern(tt, boot, n, "LustreError: 11-0: %s: operation ost_read to node 10.150.2.44@kfi failed: rc = -107" % osc),
                 kern(plus(tt, 0.4), boot, n, "LustreError: 167-0: %s: This client was evicted by flare-OST0012; in progress operations using this service will fail." % osc),
                 kern(plus(tt, 0.5), boot, n, "LustreError: %d:0:(ldlm_resource.c:1128:ldlm_resource_complain()) %s: namespace resource [0x3c0000402:0x1a2f8e:0x0].0x0 (ffff9d4c7a1b3e40) refcount nonzero (1) after lock cleanup; forcing cleanup." % (41102 + i, osc)),
                 kern(plus(tt, 2.2), boot, n, "Lustre: %s: Connection restored to 10.150.2.44@kfi (at 10.150.2.44@kfi)" % osc)]
        files["%s/kern.log" % n] = join(lines)
    out = []
    for s in range(8):
        t = plus(T("2024-09-02 22:30:00"), s * 120)
        out.append("0: %s | train | step %d | loss %.4f | lr 3.00e-04 | grad_norm %.3f | %.1f samples/s" % (
            pylog(t), 61200 + s * 40, 2.118 - s * 0.003 + rng.random() * 0.004, 0.21 + rng.random() * 0.05, 2411 + rng.random() * 30))
    first = [(3, 0.9), (17, 1.6), (29, 2.9), (40, 4.1), (44, 4.6)]
    for r, dt in first:
        i = r // 8
        t = plus(t_ev, dt)
        shard = 88000 + r * 13
        if r in (3, 29):
            out += ["%d: [rank%d]: Traceback (most recent call last):" % (r, r),
                    '%d: [rank%d]:   File "/lus/flare/projects/geo/fm/train.py", line 418, in train_loop' % (r, r),
                    "%d: [rank%d]:     batch = next(loader)" % (r, r),
                    '%d: [rank%d]:   File "/lus/flare/projects/geo/fm/data/zarr_ds.py", line 77, in __getitem__' % (r, r),
                    "%d: [rank%d]:     arr = np.fromfile(f, dtype=np.float16, count=self.chunk)" % (r, r)]
        out.append("%d: [rank%d]: OSError: [Errno 5] Input/output error: '/lus/flare/projects/geo/era5/chunks/c%07d.bin'" % (r, r, shard))
    out.append("srun: error: nid001120: task 3: Exited with exit code 1")
    out.append("srun: Terminating StepId=%d.0" % job)
    out.append("slurmstepd: error: *** STEP %d.0 ON nid001120 CANCELLED AT %s ***" % (job, iso(plus(t_ev, 6))))
    out.append("srun: error: nid001122: task 17: Exited with exit code 1")
    out.append("srun: error: nid001123: task 29: Exited with exit code 1")
    files["slurm-%d.out" % job] = join(out)
    files["sacct.txt"] = sacct([(str(job), "geo-fm", "gpu", "FAILED", "1:0", "11:17:06", "nid[001120-001125]"),
                                ("%d.0" % job, "python", "", "CANCELLED", "0:15", "11:17:04", "nid[001120-001125]")])
    files["lfs-check.txt"] = join([
        "$ lfs check osts 2>&1 | grep -v active   # run from nid001121 at 22:49",
        "flare-OST0012-osc-ffff9d4b2e0e8000: check error: Resource temporarily unavailable",
        "$ lfs getstripe -i /lus/flare/projects/geo/era5/chunks/c0088039.bin", "18",
        "$ lfs df -h /lus/flare | grep OST0012",
        "flare-OST0012_UUID         72.8T       51.2T       21.6T  71% /lus/flare[OST:18] D"])
    label = {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "restart",
             "rationale": "EIO hits ranks on four different nodes within five seconds, and every node's kernel log shows the "
                          "same Lustre OST0012 connection loss and client eviction; the shared filesystem failed for the whole "
                          "job, not one host. The OST reconnected, so a restart is appropriate.",
             "modelled_on": "https://github.com/facebookresearch/dino/issues/155"}
    return "ck14_input_output_errors_on_four_nodes_within_seconds", files, label


# ---------------------------------------------------------------------------
def ck15():
    rng = random.Random(9215)
    job = 5531290
    nodes = ["gpu-k01", "gpu-k02", "gpu-k03", "gpu-k04"]
    t_save = T("2024-10-21 14:00:00")
    files = {}
    boot = T("2024-10-01 10:11:12")
    for i, n in enumerate(nodes):
        files["%s/kern.log" % n] = join([
            kern(plus(t_save, 2 + i * 0.3), boot, n, "nfs: server nfs-ckpt01 not responding, still trying"),
            kern(plus(t_save, 2.1 + i * 0.3), boot, n, "nfs: server nfs-ckpt01 not responding, still trying"),
            kern(plus(t_save, 107 + i * 0.2), boot, n, "nfs: server nfs-ckpt01 OK")])
    files["nfs-ha-events.txt"] = join([
        "# from the storage team's pacemaker log (nfs-ckpt01a/b)",
        "Oct 21 14:00:01 nfs-ckpt01a pacemaker-controld[2311]:  notice: Result of monitor operation for nfsserver on nfs-ckpt01a: not running",
        "Oct 21 14:00:03 nfs-ckpt01b pacemaker-schedulerd[2290]:  notice: Actions: Move       vip-ckpt01     ( nfs-ckpt01a -> nfs-ckpt01b )",
        "Oct 21 14:01:44 nfs-ckpt01b pacemaker-controld[2294]:  notice: Result of start operation for nfsserver on nfs-ckpt01b: ok",
        "Oct 21 14:01:46 nfs-ckpt01b exportfs[51730]: INFO: Directory /export/ckpt exported (fsid changed 19 -> 0)"])
    site = PY310
    out = []
    for s in range(6):
        t = plus(T("2024-10-21 13:48:00"), s * 115)
        out.append("0: [rank0]:%s - INFO - step %d | loss %.4f | lr 1.5e-4 | tflops/gpu %.1f" % (
            pylog(t), 23950 + s * 10, 1.972 - s * 0.001 + rng.random() * 0.003, 402 + rng.random() * 4))
    out.append("0: [rank0]:%s - INFO - saving distributed checkpoint to /ckpt/llm-30b/step_24000" % pylog(t_save))
    ranks_bad = [2, 11, 19, 28, 30]
    t_err = plus(t_save, 108)
    out.append("0: [rank0]: Traceback (most recent call last):")
    out.append('0: [rank0]:   File "/home/svc/llm30b/train.py", line 377, in <module>')
    out.append("0: [rank0]:     dcp.save(state_dict, checkpoint_id=ckpt_dir)")
    out.append('0: [rank0]:   File "%s/torch/distributed/checkpoint/state_dict_saver.py", line 280, in _save_state_dict' % site)
    out.append("0: [rank0]:     central_plan = distW.reduce_scatter(\"plan\", local_step, global_step)")
    out.append('0: [rank0]:   File "%s/torch/distributed/checkpoint/utils.py", line 192, in reduce_scatter' % site)
    out.append("0: [rank0]:     raise result")
    out.append("0: [rank0]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(%s)" % ranks_bad)
    for r in ranks_bad:
        out += ["0: [rank0]: Traceback: (RANK %d)" % r,
                "0: [rank0]: Traceback (most recent call last):",
                '0: [rank0]:   File "%s/torch/distributed/checkpoint/utils.py", line 165, in reduce_scatter' % site,
                "0: [rank0]:     local_data = map_fun()",
                '0: [rank0]:   File "%s/torch/distributed/checkpoint/filesystem.py", line 263, in _write_files_from_queue' % site,
                "0: [rank0]:     with create_stream(file_name, \"wb\") as stream:",
                "0: [rank0]: OSError: [Errno 116] Stale file handle: '/ckpt/llm-30b/step_24000/__%d_0.distcp'" % r]
    for i in range(4):
        out.append("%d: %s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (
            i, glog("E", plus(t_err, 3 + i * 0.2), 140300000000000 + i, "torch/distributed/elastic/multiprocessing/api.py:826"), 90111 + i * 200))
    for i, n in enumerate(nodes):
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-%d.out" % job] = join(out)
    files["sacct.txt"] = sacct([(str(job), "llm-30b", "a100", "FAILED", "1:0", "19:49:58", "gpu-k[01-04]"),
                                ("%d.0" % job, "torchrun", "", "FAILED", "1:0", "19:49:56", "gpu-k[01-04]")])
    files["mounts.txt"] = join(["$ pdsh -w gpu-k[01-04] \"findmnt -no SOURCE,FSTYPE,OPTIONS /ckpt\" | sort"] +
                               ["%s: nfs-ckpt01:/export/ckpt nfs4 rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,hard,proto=tcp,timeo=600,retrans=2" % n for n in nodes])
    label = {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "restart",
             "rationale": "Checkpoint writes from ranks on all four nodes fail with ESTALE; every node logged 'nfs-ckpt01 not "
                          "responding' at the same moment and the NFS HA pair failed over and re-exported with a new fsid. "
                          "The shared checkpoint store, not a node, failed; it is back, so restart from the previous checkpoint.",
             "modelled_on": "https://github.com/allenai/OLMo/issues/894"}
    return "ck15_stale_file_handle_from_ranks_on_all_nodes_at_checkpoint", files, label


# ---------------------------------------------------------------------------
def ck16():
    rng = random.Random(9216)
    job = 5540917
    nodes = ["gpu-e01", "gpu-e02", "gpu-e03", "gpu-e04"]
    bad = 2
    t_save = T("2024-10-29 03:00:00")
    files = {}
    boot = T("2024-10-14 16:20:44")
    for i, n in enumerate(nodes):
        lines = []
        if i == bad:
            lines = [kern(T("2024-10-29 01:12:40"), boot, n, "NFS: server nfs-ckpt02-legacy error: fileid changed"),
                     kern(T("2024-10-29 01:12:40"), boot, n, "fsid 0:61: expected fileid 0x2a0014, got 0x1b3001c"),
                     kern(plus(t_save, 1.2), boot, n, "NFS: nfs4_reclaim_open_state: unhandled error -116"),
                     kern(plus(t_save, 1.3), boot, n, "NFS: server nfs-ckpt02-legacy error: fileid changed"),
                     kern(plus(t_save, 1.3), boot, n, "fsid 0:61: expected fileid 0x2a0014, got 0x1b3001c")]
        else:
            lines = [kern(T("2024-10-28 22:14:03"), boot, n, "nfs4: Deprecated parameter 'intr'")]
        files["%s/kern.log" % n] = join(lines)
    mounts = ["$ pdsh -w gpu-e[01-04] \"findmnt -no SOURCE,FSTYPE /ckpt; grep ckpt /etc/auto.cluster\" | sort"]
    for i, n in enumerate(nodes):
        src = "nfs-ckpt02-legacy:/export/ckpt" if i == bad else "nfs-ckpt02:/export/ckpt"
        mounts.append("%s: %s nfs4" % (n, src))
        mounts.append("%s: ckpt  -fstype=nfs4,hard,vers=4.2  %s" % (n, src))
    mounts.append("$ cfengine --last-run gpu-e03")
    mounts.append("gpu-e03: last successful policy run 2024-09-30 08:00 (agent disabled during RMA)")
    files["mounts.txt"] = join(mounts)
    out = []
    for s in range(6):
        t = plus(T("2024-10-29 02:49:00"), s * 110)
        out.append("0: [rank0]:%s - INFO - step %d | loss %.4f | tokens/s %d" % (pylog(t), 31950 + s * 10, 1.801 - s * 0.001, rng.randint(612000, 618000)))
    out.append("0: [rank0]:%s - INFO - saving distributed checkpoint to /ckpt/moe-16x3b/step_32000" % pylog(t_save))
    for r in range(32):
        if r // 8 != bad and r % 8 == 0:
            out.append("%d: [rank%d]:%s - INFO - wrote /ckpt/moe-16x3b/step_32000/__%d_0.distcp (3.12 GiB, 14.8s)" % (
                r // 8, r, pylog(plus(t_save, 15 + r * 0.05)), r))
    t_err = plus(t_save, 17)
    ranks_bad = ranks_of(bad)
    out.append("0: [rank0]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(%s)" % ranks_bad)
    for r in ranks_bad:
        if r in (16, 19):
            out += ["0: [rank0]: Traceback: (RANK %d)" % r,
                    "0: [rank0]: Traceback (most recent call last):",
                    '0: [rank0]:   File "%s/torch/distributed/checkpoint/filesystem.py", line 263, in _write_files_from_queue' % PY310,
                    "0: [rank0]:     with create_stream(file_name, \"wb\") as stream:"]
        out.append("0: [rank0]: OSError: [Errno 116] Stale file handle: '/ckpt/moe-16x3b/step_32000/__%d_0.distcp'" % r)
    for i in range(4):
        out.append("%d: %s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (
            i, glog("E", plus(t_err, 2 + i * 0.2), 140500000000000 + i, "torch/distributed/elastic/multiprocessing/api.py:826"), 77120 + i * 300))
    files["slurm-%d.out" % job] = join(out)
    files["sacct.txt"] = sacct([(str(job), "moe-16x3b", "a100", "FAILED", "1:0", "22:40:11", "gpu-e[01-04]")])
    label = {"category": "storage", "layer": "infrastructure",
             "culprit": {"node": "gpu-e03", "rank": None}, "action": "restart_without_node",
             "rationale": "Only ranks 16-23, all on gpu-e03, fail with ESTALE while ranks on the other three nodes wrote their "
                          "shards to the same path; gpu-e03 alone mounts /ckpt from the legacy export (stale automount map, "
                          "config agent disabled since an RMA) and its kernel logs 'fileid changed'.",
             "modelled_on": "https://github.com/huggingface/transformers/issues/9732"}
    return "ck16_stale_file_handle_at_checkpoint_from_eight_ranks", files, label


# ---------------------------------------------------------------------------
def ck17():
    rng = random.Random(9217)
    job = 8842117
    nodes = ["node-h100-015", "node-h100-016", "node-h100-017", "node-h100-018"]
    bad = 2
    t0 = T("2024-11-18 20:03:15")
    files = {}
    user = "svc-ml"
    per = {n: [] for n in nodes}
    t_c = plus(t0, 95)
    for i, n in enumerate(nodes):
        if i != bad:
            per[n].append("[rank%d]:%s - INFO - torch.compile: compiled forward graph in %.1fs" % (i * 8, pylog(plus(t_c, 40 + i)), 38.2 + i))
    br = 18
    tb = ["[rank%d]: Traceback (most recent call last):" % br,
          '[rank%d]:   File "/srv/ml/t2i/train.py", line 229, in <module>' % br,
          "[rank%d]:     loss = compiled_step(batch)" % br,
          '[rank%d]:   File "%s/torch/_dynamo/eval_frame.py", line 465, in _fn' % (br, PY310),
          "[rank%d]:     return fn(*args, **kwargs)" % br,
          '[rank%d]:   File "%s/torch/_inductor/codecache.py", line 2880, in write_atomic' % (br, PY310),
          "[rank%d]:     with tmp_path.open(write_mode) as f:" % br,
          "[rank%d]: torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:" % br,
          "[rank%d]: OSError: [Errno 28] No space left on device: '/tmp/torchinductor_%s/triton/0/tmp.pid_%d_4c1a9e7f/triton_red_fused_native_layer_norm_12.cubin'" % (br, user, 91233),
          "[rank%d]: " % br,
          "[rank%d]: Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information" % br]
    per[nodes[bad]] += tb
    for r in (16, 21, 23):
        per[nodes[bad]].append("[rank%d]: OSError: [Errno 28] No space left on device: '/tmp/torchinductor_%s/fxgraph/tmp.%08x'" % (r, user, rng.getrandbits(32)))
    t_fail = plus(t_c, 12)
    fails = [{"host": nodes[bad], "rank": br, "local_rank": 2, "exitcode": 1, "pid": 91233, "time": t_fail}]
    per[nodes[bad]] += child_failed("train.py", t_fail, fails)
    t_to = plus(t_fail, 1800)
    for i, n in enumerate(nodes):
        if i == bad:
            continue
        for k in (0, 5):
            r = i * 8 + k
            per[n] += [watchdog_timeout(r, plus(t_to, i * 0.2 + k * 0.01), 3, op="_ALLGATHER_BASE", numel=83886080, timeout_ms=1800000)]
            per[n] += watchdog_tail(r, plus(t_to, i * 0.2 + k * 0.01 + 0.003), 3, op="_ALLGATHER_BASE", numel=83886080, timeout_ms=1800000)
    for n in nodes:
        files["%s/stdout.log" % n] = join(per[n])
    for i, n in enumerate(nodes):
        if i == bad:
            files["%s/df.txt" % n] = join([
                "$ df -h / /tmp /dev/shm /raid", "Filesystem      Size  Used Avail Use% Mounted on",
                "/dev/nvme0n1p2   50G   50G     0 100% /", "/dev/nvme0n1p2   50G   50G     0 100% /",
                "tmpfs           1.0T  4.2G 1020G   1% /dev/shm", "/dev/md0         28T  3.1T   25T  12% /raid",
                "$ sudo du -xsh /tmp/* 2>/dev/null | sort -h | tail -4",
                "612M\t/tmp/torchinductor_svc-ml", "1.9G\t/tmp/core.python3.1771044", "9.4G\t/tmp/ray_spill_jdoe",
                "36G\t/tmp/ray/session_2024-11-16_11-42-09_118342_1770981",
                "$ ls -ld /tmp/ray", "drwxrwxrwt 3 jdoe jdoe 4096 Nov 16 11:42 /tmp/ray"])
            files["%s/kern.log" % n] = join([
                kern(T("2024-11-16 23:58:10"), T("2024-11-02 07:00:00"), n, "EXT4-fs warning (device nvme0n1p2): ext4_dx_add_entry:2516: inode #2097153: comm ray::IDLE_SpillWorker: Directory index full!"),
                kern(plus(t_c, 10), T("2024-11-02 07:00:00"), n, "systemd-journald[1122]: Failed to open system journal: No space left on device")])
        else:
            files["%s/df.txt" % n] = join([
                "$ df -h / /tmp /dev/shm /raid", "Filesystem      Size  Used Avail Use% Mounted on",
                "/dev/nvme0n1p2   50G   11G   37G  23% /", "/dev/nvme0n1p2   50G   11G   37G  23% /",
                "tmpfs           1.0T  4.1G 1020G   1% /dev/shm", "/dev/md0         28T  3.1T   25T  12% /raid"])
    files["slurm-%d.out" % job] = join(["srun: error: node-h100-017: task 2: Exited with exit code 1",
                                        "srun: error: node-h100-015: task 0: Exited with exit code 1",
                                        "srun: error: node-h100-016: task 1: Exited with exit code 1",
                                        "srun: error: node-h100-018: task 3: Exited with exit code 1"])
    files["sacct.txt"] = sacct([(str(job), "t2i-dit-xl", "h100", "FAILED", "1:0", "00:32:31", "node-h100-[015-018]")])
    label = {"category": "storage", "layer": "infrastructure",
             "culprit": {"node": "node-h100-017", "rank": None}, "action": "restart_without_node",
             "rationale": "Ranks on node-h100-017 fail inductor compilation with ENOSPC under /tmp; that node's root filesystem "
                          "is 100% full with another user's leftover Ray session and spill files, while the other nodes are at 23% "
                          "and compiled fine before timing out in the first all-gather.",
             "modelled_on": "https://github.com/jansel/pytorch-jit-paritybench/pull/24"}
    return "ck17_inductor_no_space_left_on_device_then_allgather_timeouts", files, label


# ---------------------------------------------------------------------------
def ck18():
    rng = random.Random(9218)
    job = 3009155
    nodes = ["a100n-%03d" % n for n in (41, 42, 43, 44)]
    t_save = T("2024-08-05 06:00:00")
    files = {}
    out = []
    for s in range(5):
        t = plus(T("2024-08-05 05:52:00"), s * 96)
        out.append("0: [rank0]:%s | INFO | it %d | loss %.4f | %.2f it/s" % (pylog(t), 99960 + s * 10, 2.44 - s * 0.001, 0.104))
    out.append("0: [rank0]:%s | INFO | checkpoint: writing /lustre/proj/p4102/runs/clip-h/ckpt-100000 (FSDP sharded)" % pylog(t_save))
    bad_ranks = [0, 6, 13, 19, 25, 31]
    t_err = plus(t_save, 41)
    out.append("0: [rank0]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(%s)" % bad_ranks)
    for r in bad_ranks:
        if r in (0, 19):
            out += ["0: [rank0]: Traceback: (RANK %d)" % r, "0: [rank0]: Traceback (most recent call last):",
                    '0: [rank0]:   File "%s/torch/distributed/checkpoint/filesystem.py", line 269, in _write_files_from_queue' % PY310,
                    "0: [rank0]:     _write_item(stream, data, write_item, storage_key)",
                    '0: [rank0]:   File "%s/torch/distributed/checkpoint/filesystem.py", line 201, in _write_item' % PY310,
                    "0: [rank0]:     stream.write(data.getbuffer())"]
        out.append("0: [rank0]: OSError: [Errno 122] Disk quota exceeded")
    for i, n in enumerate(nodes):
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-%d.out" % job] = join(out)
    files["lfs-quota.txt"] = join([
        "$ lfs quota -h -p 4102 /lustre/proj",
        "Disk quotas for prj 4102 (pid 4102):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "   /lustre/proj  100.1T*    100T    100T       -  8112403  20000000 20000000       -",
        "$ du -sh /lustre/proj/p4102/runs/clip-h/ckpt-* | tail -5",
        "4.9T\t/lustre/proj/p4102/runs/clip-h/ckpt-080000", "4.9T\t/lustre/proj/p4102/runs/clip-h/ckpt-085000",
        "4.9T\t/lustre/proj/p4102/runs/clip-h/ckpt-090000", "4.9T\t/lustre/proj/p4102/runs/clip-h/ckpt-095000",
        "2.3T\t/lustre/proj/p4102/runs/clip-h/ckpt-100000"])
    files["sacct.txt"] = sacct([(str(job), "clip-h-14", "a100", "FAILED", "1:0", "2-03:11:09", "a100n-[041-044]")])
    for n in nodes[:1]:
        files["%s/nvidia-smi.txt" % n] = nvidia_smi(plus(t_err, 120), "535.161.08", "12.2",
                                                    default_gpus(rng, bus=("07", "0f", "47", "4e", "87", "90", "b7", "bd")), name=A100)
    label = {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "stop",
             "rationale": "Ranks on all four nodes get EDQUOT while writing the checkpoint; the project's Lustre quota is at its "
                          "100T hard limit (20+ retained 4.9T checkpoints). No node is at fault and a retry fails the same way "
                          "until space is freed or the quota raised.",
             "modelled_on": "https://github.com/marbits-icm/marbits-public/issues/88"}
    return "ck18_disk_quota_exceeded_while_writing_checkpoint", files, label


# ---------------------------------------------------------------------------
def _boto_tb(r, url, pref):
    return ["%s[rank%d]: Traceback (most recent call last):" % (pref, r),
            '%s[rank%d]:   File "%s/urllib3/connectionpool.py", line 536, in _make_request' % (pref, r, PY310),
            "%s[rank%d]:     response = conn.getresponse()" % (pref, r),
            '%s[rank%d]:   File "/usr/lib/python3.10/ssl.py", line 1163, in read' % (pref, r),
            "%s[rank%d]:     return self._sslobj.read(len, buffer)" % (pref, r),
            "%s[rank%d]: TimeoutError: The read operation timed out" % (pref, r),
            "%s[rank%d]: " % (pref, r),
            "%s[rank%d]: During handling of the above exception, another exception occurred:" % (pref, r),
            "%s[rank%d]: " % (pref, r),
            "%s[rank%d]: Traceback (most recent call last):" % (pref, r),
            '%s[rank%d]:   File "%s/botocore/httpsession.py", line 501, in send' % (pref, r, PY310),
            "%s[rank%d]:     raise ReadTimeoutError(endpoint_url=request.url, error=e)" % (pref, r),
            '%s[rank%d]: botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: "%s"' % (pref, r, url)]


def ck19():
    rng = random.Random(9219)
    nodes = ["ip-10-42-%d-%d" % (a, b) for a, b in ((16, 21), (16, 94), (17, 12), (17, 88), (18, 40), (18, 203))]
    t_ev = T("2024-12-11 02:14:40")
    files = {}
    per = {n: [] for n in nodes}
    ep = "https://s3.objstore.internal/llm-pretrain/tokens/v7"
    for i, n in enumerate(nodes):
        tt = T("2024-12-10 19:03:11")
        per[n].append("[rank%d]:%s - streaming - WARNING - urllib3.connectionpool: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ReadTimeoutError(\"HTTPSConnectionPool(host='s3.objstore.internal', port=443): Read timed out. (read timeout=60)\")': /llm-pretrain/tokens/v7/shard-0%05d.bin" % (i * 8, pylog(plus(tt, i * 413)), 1200 + i * 77))
    for s in range(6):
        per[nodes[0]].append("[rank0]:%s - train - INFO - step %d | loss %.4f | tok/s %d" % (pylog(plus(T("2024-12-11 02:02:00"), s * 120)), 88400 + s * 25, 2.061 - s * 0.001, rng.randint(1510000, 1530000)))
    for i, n in enumerate(nodes):
        for k in (1, 4):
            r = i * 8 + k
            tt = plus(t_ev, i * 1.7 + k * 0.3)
            per[n].append("[rank%d]:%s - streaming - WARNING - download of %s/shard-0%05d.bin failed (attempt 3/3): Read timeout on endpoint URL" % (r, pylog(tt), ep, 21400 + r))
    order = [(3, 0), (1, 2), (5, 6), (0, 3), (4, 7), (2, 5)]
    for j, (i, k) in enumerate(order):
        r = i * 8 + k
        url = "%s/shard-0%05d.bin" % (ep, 21400 + r)
        tt = plus(t_ev, 20 + j * 0.9)
        if j < 2:
            per[nodes[i]] += _boto_tb(r, url, "")
        else:
            per[nodes[i]].append('[rank%d]: botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: "%s"' % (r, url))
        per[nodes[i]].append("%s failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python" % (
            glog("E", plus(tt, 2), 139990000000000 + i, "torch/distributed/elastic/multiprocessing/api.py:826"), k, 4410 + r))
    for n in nodes:
        files["%s/stdout.log" % n] = join(per[n])
    files["objstore-status.txt"] = join([
        "# ceph status from the object-store admin host, 2024-12-11 02:16 UTC",
        "  cluster:", "    id:     5d1f3c2a-8e0b-4a7d-b9c2-1e0f3a4b5c6d",
        "    health: HEALTH_WARN", "            1 osds down", "            Degraded data redundancy: 4112/1203311 objects degraded (0.342%), 71 pgs degraded",
        "            37 slow ops, oldest one blocked for 412 sec, daemons [osd.112,osd.118,osd.131] have slow ops.",
        "  services:", "    rgw: 6 daemons active (6 hosts, 1 zones)",
        "  io:", "    client:   21 GiB/s rd, 390 MiB/s wr, 61.2k op/s rd, 2.1k op/s wr"])
    files["kubectl-get-pods.txt"] = join(["NAME                       READY   STATUS    RESTARTS   AGE   NODE"] +
                                         ["llm-pt-v7-worker-%d          0/1     Error     0          9h    %s" % (i, n) for i, n in enumerate(nodes)])
    label = {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "restart",
             "rationale": "S3 read timeouts exhaust the loader's retries on ranks of all six nodes within seconds of each other; "
                          "the Ceph cluster behind the endpoint reports an OSD down and slow ops at the same time. A shared-store "
                          "outage, not a node; restart once it has recovered. The isolated retry warnings hours earlier were harmless.",
             "modelled_on": "https://github.com/sillsdev/silnlp/pull/568"}
    return "ck19_s3_read_timeouts_on_ranks_of_every_node", files, label


# ---------------------------------------------------------------------------
def ck20():
    rng = random.Random(9220)
    nodes = ["ip-10-42-17-12", "ip-10-42-17-88", "ip-10-42-18-40", "ip-10-42-18-203"]
    bad = 1
    t0 = T("2025-01-07 13:20:00")
    files = {}
    per = {n: [] for n in nodes}
    ep = "https://s3.objstore.internal/vlm-data/webdata/v2"
    for s in range(10):
        per[nodes[0]].append("[rank0]:%s - train - INFO - step %d | loss %.4f | samples/s %.1f" % (
            pylog(plus(t0, s * 90)), 5100 + s * 20, 1.633 - s * 0.002, 1630 + rng.random() * 20))
    boot = T("2025-01-02 08:41:17")
    d = boot_dmesg(nodes[bad], boot, nics=())
    ev = []
    for k, off in enumerate((212, 377, 515, 700, 861)):
        tt = plus(t0, off)
        for q, idx in ((3, 188 + k), (3, 189 + k), (5, 901 + k)):
            ev.append(dmesg(tt, boot, "ena 0000:a9:00.0 eth0: Found a Tx that wasn't completed on time, qid %d, index %d. %d usecs have passed since last napi execution. Missing Tx timeout value 5000 msecs" % (q, idx, 5120000 + k * 1000)))
        ev.append(dmesg(plus(tt, 0.4), boot, "ena 0000:a9:00.0 eth0: The number of lost tx completions is above the threshold (%d > 128). Reset the device" % (131 + k * 17)))
        ev.append(dmesg(plus(tt, 0.41), boot, "ena 0000:a9:00.0 eth0: Trigger reset is on"))
        ev.append(dmesg(plus(tt, 3.2), boot, "ena 0000:a9:00.0: Device reset completed successfully, Driver info: Elastic Network Adapter (ENA) v2.8.3g"))
    files["%s/dmesg.txt" % nodes[bad]] = join(sort_dmesg(d + ev))
    for i in (0, 2):
        files["%s/dmesg.txt" % nodes[i]] = join(boot_dmesg(nodes[i], boot, nics=()))
    files["%s/ethtool-S.txt" % nodes[bad]] = join([
        "$ ethtool -S eth0 | grep -E 'reset|timeout|missing|bw_'", "     tx_timeout: 0", "     reset_fail: 0",
        "     interface_down: 5", "     interface_up: 5", "     wd_expired: 5", "     missed_tx: 1147",
        "     bw_in_allowance_exceeded: 0", "     bw_out_allowance_exceeded: 0"])
    files["%s/ethtool-S.txt" % nodes[0]] = join([
        "$ ethtool -S eth0 | grep -E 'reset|timeout|missing|bw_'", "     tx_timeout: 0", "     reset_fail: 0",
        "     interface_down: 0", "     interface_up: 1", "     wd_expired: 0", "     missed_tx: 0",
        "     bw_in_allowance_exceeded: 0", "     bw_out_allowance_exceeded: 0"])
    for k, off in enumerate((215, 380, 519, 704, 866)):
        r = 8 + (k * 3) % 8
        per[nodes[bad]].append("[rank%d]:%s - loader - WARNING - GET %s/part-%05d.tar failed (Read timeout on endpoint URL), retry %d/5" % (
            r, pylog(plus(t0, off)), ep, 3300 + k * 7, 1 + k % 3))
    br = 11
    tt = plus(t0, 872)
    per[nodes[bad]] += _boto_tb(br, "%s/part-%05d.tar" % (ep, 3342), "")
    per[nodes[bad]].append("%s failed (exitcode: 1) local_rank: 3 (pid: %d) of binary: /opt/conda/bin/python" % (
        glog("E", plus(tt, 1.5), 140010000000001, "torch/distributed/elastic/multiprocessing/api.py:826"), 28811))
    t_to = plus(tt, 600 + 4)
    for i, n in enumerate(nodes):
        if i == bad:
            continue
        for k in (0, 6):
            r = i * 8 + k
            per[n].append(watchdog_timeout(r, plus(t_to, i * 0.3 + k * 0.01), 61302, numel=131072000))
            per[n] += watchdog_tail(r, plus(t_to, i * 0.3 + k * 0.01 + 0.002), 61302, numel=131072000)
    for n in nodes:
        files["%s/stdout.log" % n] = join(per[n])
    files["kubectl-get-pods.txt"] = join([
        "NAME                   READY   STATUS    RESTARTS   AGE   NODE",
        "vlm-ft-worker-0        0/1     Error     0          3h    ip-10-42-17-12",
        "vlm-ft-worker-1        0/1     Error     0          3h    ip-10-42-17-88",
        "vlm-ft-worker-2        0/1     Error     0          3h    ip-10-42-18-40",
        "vlm-ft-worker-3        0/1     Error     0          3h    ip-10-42-18-203"])
    label = {"category": "network", "layer": "infrastructure",
             "culprit": {"node": "ip-10-42-17-88", "rank": None}, "action": "restart_without_node",
             "rationale": "Only ranks on ip-10-42-17-88 see object-store read timeouts, each right after that host's ENA NIC "
                          "logs lost TX completions and resets itself (five resets, wd_expired=5); the other nodes read the same "
                          "bucket without errors. The store is fine; the node's front-end NIC is not.",
             "modelled_on": "https://github.com/amzn/amzn-drivers/issues/220"}
    return "ck20_object_store_read_timeouts_on_one_hosts_ranks", files, label


CASES = [ck13, ck14, ck15, ck16, ck17, ck18, ck19, ck20]
