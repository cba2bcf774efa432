"""o11-o20: network (switch, optics), storage, host, OOM."""
from common import Bundle, D, sec, rng_for, set_label, c10d
from noise import P, port_flap, make_nodes
from std import run, cuda_err, nvsmi_q, PGS
from scen import origin_abort

GH = "https://github.com/"


def tb(lines, err):
    return [(None, "Traceback (most recent call last):\n" + "\n".join(lines) + "\n" + err)]


def o11():
    name = "o11_four_nodes_lost_connection_together"
    rng = rng_for(name)
    names = ["gpu-%s" % x for x in ("r12u01", "r12u03", "r12u05", "r12u07", "r13u01", "r13u03", "r13u05", "r13u07", "r14u01", "r14u03", "r14u05", "r14u07")]
    leaf = names[4:8]
    b = Bundle(name, names)
    job, tf, seq = run(b, rng, names, "10.77.1", D("2024-12-02 07:30:00"), 1.7, 30000, 41250, "gpu-r13u03", 4,
                       origin=[(None, "gpu-r13u03:61204:61281 [4] transport/net_ib.cc:1027 NCCL WARN NET/IB : Got async event : port error"),
                               (PGS + ":1748", "[PG ID 0 PG GUID 0(default_pg) Rank 44] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\nNET/IB : Got completion from peer 10.77.1.17<50112> with status=12 opcode=0 len=0 vendor err 129 (Recv)")],
                       mode="remote", fmt="kv", every=10, jobid=8812033, kstyle="dmesg_T",
                       extra_noise={"gpu-r12u01": ("xid31_old",)})
    for i, h in enumerate(leaf):
        n = job.by_name[h]
        for d, pci in (("mlx5_0", "0000:1a:00.0"), ("mlx5_3", "0000:3c:00.0"), ("mlx5_4", "0000:4d:00.0"), ("mlx5_9", "0000:9c:00.0")):
            t = tf - sec(1.2) + sec(0.003 * i)
            b.add(P("", n, n.kfile), t, n.kline(t, "mlx5_core %s %s: Port: 1 Link DOWN" % (pci, d)))
            t2 = tf + sec(38 + i)
            b.add(P("", n, n.kfile), t2, n.kline(t2, "mlx5_core %s %s: Port: 1 Link ACTIVE" % (pci, d)))
    b.topology = {"topology": {"leaf-r12": names[:4], "leaf-r13": leaf, "leaf-r14": names[8:]}}
    set_label(b, "network", "infrastructure", None, "restart",
              "All four nodes under leaf-r13 (and only those) lost every IB port within a few ms and regained them ~40 s later; the NCCL errors elsewhere point at those nodes. A switch-side event, not one node's fault.",
              GH + "NVIDIA/nccl/issues/1405")
    return b


def o12():
    name = "o12_connection_reset_storm_mid_epoch"
    rng = rng_for(name)
    names = ["k8s-gpu-pool-b-%s" % x for x in ("2xq7c", "4hk2p", "7mzt9", "9pwq1", "bb8d3", "c4n6x", "fj2k8", "h7t5r", "mq9z2", "t6vv4")]
    cul = "k8s-gpu-pool-b-fj2k8"
    order = names[:]
    b = Bundle(name, names)
    job, tf, seq = run(b, rng, names, "10.250.3", D("2025-01-14 10:00:00"), 1.1, 0, 15100, cul, 6,
                       kern=[(-31, "mlx5_core 0000:c1:00.0: Port module event[error]: module 0, Cable error, High Temperature"),
                             (-30.9, "mlx5_core 0000:c1:00.0 eth3: Link down"),
                             (-3, "mlx5_core 0000:c1:00.0: Port module event: module 0, Cable plugged"),
                             (-2.9, "mlx5_core 0000:c1:00.0 eth3: Link up")],
                       origin=[(PGS + ":1748", "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\nNET/IB : Got completion from peer 10.250.3.12<41022> with status=12 opcode=0 len=0 vendor err 129 (Send)" % (names.index(cul) * 8 + 6))],
                       mode="remote", fmt="hf", every=10, kstyle="iso", kfile="node-journal.log", console="pod.log",
                       jobid=None, slurm_file=None, extra_noise={names[0]: ("oom_old", "xid31_old")})
    b.static("%s/ethtool-S-eth3.txt" % cul, "NIC statistics:\n     rx_packets_phy: 91244120331\n     rx_crc_errors_phy: 81234\n     rx_symbol_err_phy: 224310\n     link_down_events_phy: 7\n     rx_pause_ctrl_phy: 0\n     tx_pause_ctrl_phy: 0\n     module_temperature: 86 C (high alarm 75 C)\n")
    b.static("%s/k8s-events.txt" % names[0], "LAST SEEN   TYPE      REASON             OBJECT                         MESSAGE\n12m         Warning   BackOff            pod/pretrain-worker-6          Back-off restarting failed container\n13m         Normal    Killing            pod/pretrain-worker-0          Stopping container pytorch\n13m         Warning   NodeNotReady       node/k8s-gpu-pool-b-2xq7c      Node is not ready (kubelet restarted 6h ago)\n14m         Warning   Failed             pytorchjob/pretrain            PyTorchJob pretrain is failed because 1 Worker replica(s) failed.\n")
    set_label(b, "network", "infrastructure", {"node": cul, "rank": None}, "restart_without_node",
              "The RoCE port eth3 of fj2k8 flapped after a transceiver high-temperature module event 30 s before its rank failed, and ethtool shows CRC/symbol errors and 86 C optics; the other nodes only see peers reset. The NodeNotReady event for 2xq7c is hours old.",
              GH + "NVIDIA/nccl-tests/issues/252")
    return b


def o13():
    name = "o13_checkpoint_save_failed_at_step_20000"
    rng = rng_for(name)
    names = ["cn%03d" % i for i in range(140, 156)]
    b = Bundle(name, names)
    cul = names[0]
    job, tf, seq = run(b, rng, names, "10.3.7", D("2024-03-25 02:00:00"), 2.6, 14000, 20000, cul, 0,
                       origin=tb(['  File "/home/u/llm/train.py", line 512, in <module>\n    main()',
                                  '  File "/home/u/llm/train.py", line 488, in main\n    save_checkpoint(model, optim, step, args.ckpt_dir)',
                                  '  File "/home/u/llm/ckpt.py", line 61, in save_checkpoint\n    torch.save(state, tmp)',
                                  '  File "/opt/venv/lib/python3.11/site-packages/torch/serialization.py", line 652, in save\n    _save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)'],
                                 "OSError: [Errno 28] No space left on device"),
                       origin_code=1, fail_off=41.0, kstyle="syslog_up", kfile="messages", fmt="compact", every=10,
                       jobid=6610200, extra_noise={"cn147": ("oom_old",)})
    for h in names:
        n = job.by_name[h]
        t = tf - sec(2 + names.index(h) * 0.01)
        b.add(P("", n, n.kfile), t, n.kline(t, "LustreError: 11-0: scratch-OST001%d-osc-ffff9d2e41c6b000: operation ost_write to node 10.3.0.%d@o2ib failed: rc = -28" % (names.index(h) % 8, 21 + names.index(h) % 8)))
    n0 = job.by_name[cul]
    b.add(P("", n0, "train_rank0.log"), tf - sec(40), "[ckpt] step 20000: saving sharded checkpoint to /lustre/scratch/proj-llm/ckpt/step_20000 ...")
    b.static("%s/lfs_df.txt" % cul, "$ lfs df -h /lustre/scratch\nUUID                       bytes        Used   Available Use% Mounted on\nscratch-MDT0000_UUID        8.7T        2.1T        6.1T  26% /lustre/scratch[MDT:0]\n"
             + "".join("scratch-OST%04x_UUID       98.2T       98.1T       12.0G 100%% /lustre/scratch[OST:%d]\n" % (i, i) for i in range(16, 24))
             + "filesystem_summary:       785.6T      785.0T       96.0G 100% /lustre/scratch\n")
    set_label(b, "storage", "infrastructure", None, "stop",
              "The checkpoint write on rank 0 failed with ENOSPC and every node's Lustre client logged ost_write rc=-28; lfs df shows all OSTs of /lustre/scratch at 100%. The shared file system is full; restarting will fail the same way.",
              GH + "awslabs/awsome-distributed-ai/pull/1225")
    return b


def o14():
    name = "o14_dataloader_errors_on_many_nodes"
    rng = rng_for(name)
    names = ["gpu%d" % i for i in range(301, 309)] + ["gpu%d" % i for i in range(311, 315)]
    b = Bundle(name, names)
    cul = "gpu306"
    job, tf, seq = run(b, rng, names, "192.168.40", D("2024-06-30 18:20:00"), 0.95, 50000, 71900, cul, 3,
                       origin=tb(['  File "/opt/venv/lib/python3.11/site-packages/torch/utils/data/_utils/worker.py", line 308, in _worker_loop\n    data = fetcher.fetch(index)',
                                  '  File "/work/proj/data/webdataset_loader.py", line 88, in __getitem__\n    with open(self.paths[i], "rb") as fh:'],
                                 "OSError: [Errno 116] Stale file handle: '/mnt/datasets/web-2024/shard-018812.tar'"),
                       origin_code=1, fmt="kv", every=20, kstyle="journal", kfile="kern.log", jobid=512339)
    for h in names:
        n = job.by_name[h]
        t = tf - sec(290 - names.index(h) * 0.4)
        b.add(P("", n, n.kfile), t, n.kline(t, "nfs: server nas01.storage.local not responding, still trying"))
        t2 = tf + sec(410 + names.index(h) * 0.3)
        b.add(P("", n, n.kfile), t2, n.kline(t2, "nfs: server nas01.storage.local OK"))
    set_label(b, "storage", "infrastructure", None, "restart",
              "Every node logged 'nfs: server nas01 not responding' about five minutes before the first rank failed with a stale NFS handle, and all reported the server OK again ~7 minutes later: a transient shared-storage outage that has recovered.",
              GH + "hiyouga/LlamaFactory/issues/3388")
    return b


def o15():
    name = "o15_input_output_error_reading_shards"
    rng = rng_for(name)
    names = ["a3-%s" % x for x in ("east-01", "east-02", "east-03", "east-04", "east-05", "east-06", "east-07", "east-08", "west-01", "west-02")]
    cul = "a3-east-05"
    b = Bundle(name, names)
    job, tf, seq = run(b, rng, names, "10.140.0", D("2024-08-08 06:00:00"), 1.35, 0, 18800, cul, 7,
                       kern=[(-61, "nvme nvme1: I/O 412 QID 17 timeout, aborting"), (-31, "nvme nvme1: I/O 412 QID 17 timeout, reset controller"),
                             (-1.2, "nvme nvme1: Abort status: 0x371"),
                             (-1.1, "blk_update_request: I/O error, dev nvme1n1, sector 1883144192 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 0"),
                             (-1.0, "EXT4-fs error (device nvme1n1): ext4_find_entry:1682: inode #2: comm pt_data_worker: reading directory lblock 0")],
                       origin=tb(['  File "/opt/venv/lib/python3.11/site-packages/torch/utils/data/_utils/worker.py", line 308, in _worker_loop\n    data = fetcher.fetch(index)',
                                  '  File "/app/data/cached_shards.py", line 140, in _load\n    buf = np.fromfile(path, dtype=np.uint16)'],
                                 "OSError: [Errno 5] Input/output error: '/local_ssd/cache/tokens/shard_04412.bin'"),
                       origin_code=1, fmt="compact", every=10, jobid=3001220, kstyle="dmesg_T",
                       extra_noise={"a3-east-01": ("hung_other", "xid31_old")})
    b.static("%s/smartctl-nvme1.txt" % cul, "SMART/Health Information (NVMe Log 0x02)\nCritical Warning:                   0x04\nTemperature:                        51 Celsius\nAvailable Spare:                    100%\nPercentage Used:                    7%\nMedia and Data Integrity Errors:    1893\nError Information Log Entries:      4410\n")
    set_label(b, "storage", "infrastructure", {"node": cul, "rank": None}, "restart_without_node",
              "Only a3-east-05's local NVMe cache disk timed out and returned I/O errors (media errors in SMART), and the rank reading from it failed with EIO; a node-local disk fault.",
              GH + "NVIDIA/NVSentinel/issues/155")
    return b


def o16():
    name = "o16_rank_killed_with_signal_9"
    rng = rng_for(name)
    names = ["gpu-node-%03d" % i for i in range(17, 33)]
    cul = "gpu-node-029"
    b = Bundle(name, names)
    job, tf, seq = run(b, rng, names, "10.31.2", D("2024-05-19 11:00:00"), 1.9, 62000, 70410, cul, 3,
                       origin_code=-9, fmt="megatron", every=10, kstyle="dmesg_T", jobid=901877, rank0_file="log_rank0.txt",
                       extra_noise={"gpu-node-017": ("oom_old", "oom_old", "xid31_old"), "gpu-node-021": ("oom_old",)})
    cn = job.by_name[cul]
    pid = job.pid(cul, 3)
    k = [(-0.9, "java invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0"),
         (-0.85, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"),
         (-0.84, "[ 118204] 40317 118204 251229011 226118912 1811820544        0             0 java"),
         (-0.83, "[%7d]  1000 %6d  31022911  19821344  201113600        0             0 python3" % (pid, pid)),
         (-0.82, "[%7d]  1000 %6d  30998201  19790210  200991744        0             0 python3" % (job.pid(cul, 4), job.pid(cul, 4))),
         (-0.5, "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/slurm/uid_1000/job_901877/step_0/task_0,task=python3,pid=%d,uid=1000" % pid),
         (-0.49, "Out of memory: Killed process %d (python3) total-vm:124091644kB, anon-rss:79285376kB, file-rss:11264kB, shmem-rss:2201600kB, UID:1000 pgtables:196400kB oom_score_adj:0" % pid)]
    for off, m in k:
        t = tf + sec(off)
        b.add(P("", cn, cn.kfile), t, cn.kline(t, m))
    b.static("%s/squeue-node.txt" % cul, "$ squeue -w %s\n  JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n 901877       gpu pretrain    u1000  R    2:26:51     16 gpu-node-[017-032]\n 902455    shared spark-etl mkowalski  R      41:12      1 %s\n" % (cul, cul))
    set_label(b, "host", "infrastructure", {"node": cul, "rank": None}, "restart_without_node",
              "A global (not cgroup) OOM on gpu-node-029 was triggered by another user's 'java' process with ~860 GB RSS from a shared-partition job on the same node; the kernel killed our rank %d's python process. gpu-node-017's OOM kills are days old and in other users' cgroups." % job.rank(cul, 3),
              GH + "cBio/cbio-cluster/issues/232")
    return b


def o17():
    name = "o17_training_stalled_then_connection_reset"
    rng = rng_for(name)
    names = ["bj-gpu-%02d" % i for i in range(1, 13)]
    cul = "bj-gpu-09"
    ov = {cul: {"kstyle": "iso", "tz": 8, "tzname": "Asia/Shanghai"}}
    b = Bundle(name, names)
    job, tf, seq = run(b, rng, names, "10.18.6", D("2024-11-12 01:10:00"), 2.4, 90000, 99870, cul, 0,
                       kern=[(-25, "mce: [Hardware Error]: CPU 33: Machine Check: 0 Bank 5: be00000000800400"),
                             (-25, "mce: [Hardware Error]: TSC 0 ADDR fe8a1c40 MISC 3880000086 SYND 4d000000 IPID 500b000000000"),
                             (-24.9, "mce: [Hardware Error]: PROCESSOR 2:a10f11 TIME 1731373774 SOCKET 1 APIC 42 microcode a10113e"),
                             (-2, "watchdog: BUG: soft lockup - CPU#33 stuck for 23s! [python3:%d]" % 51110),
                             (0.5, "Kernel panic - not syncing: Fatal machine check")],
                       mode="remote", remote_kind="socket", origin_silent=True, kstyle="journal", kfile="kernel.log",
                       overrides=ov, fmt="compact", every=10, jobid=3320101,
                       extra_noise={"bj-gpu-01": ("xid31_old", "oom_old")})
    cn = job.by_name[cul]
    t = tf + sec(190)
    b.add(P("", cn, cn.kfile), t, "-- Boot 7f1c2a9e0b5d4c21a8e3f6b1d2c4e5f6 --")
    b.add(P("", cn, cn.kfile), t + sec(1), cn.kline(t + sec(1), "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) #115-Ubuntu SMP"))
    b.static("%s/ipmi-sel.txt" % cul, "   1 | 10/30/2024 | 08:02:11 | System Event #0x83 | Timestamp Clock Sync | Asserted\n"
             "  4f | %s | Processor #0x0b | Uncorrectable machine check exception | Asserted\n"
             "  50 | %s | System Event #0x83 | OEM System Boot Event | Asserted\n" % (
                 (tf - sec(25)).strftime("%m/%d/%Y | %H:%M:%S"), (tf + sec(185)).strftime("%m/%d/%Y | %H:%M:%S")))
    set_label(b, "host", "infrastructure", {"node": cul, "rank": None}, "restart_without_node",
              "bj-gpu-09 (kernel log in UTC+8) logged an uncorrectable CPU machine check, a soft lockup and a fatal-MCE panic before the other nodes' sockets were reset (their logs are UTC); the SEL confirms the MCE and a reboot. Its own console just stops.",
              GH + "cBio/cbio-cluster/issues/232")
    return b


def o18():
    name = "o18_bus_error_when_eval_group_created"
    rng = rng_for(name)
    names = ["hpc-g%03d" % i for i in (10, 11, 12, 13, 14, 15, 16, 17, 40, 41)]
    cul = "hpc-g014"
    b = Bundle(name, names)
    r0 = names.index(cul) * 8
    job, tf, seq = run(b, rng, names, "10.60.8", D("2024-07-22 13:00:00"), 1.3, 0, 2000, cul, 0,
                       origin=[(None, "%s:%d:%d [0] NCCL INFO comm 0x5a11d0 rank %d nranks 80 cudaDev 0 busId 18000 commId 0x3bfe01 - Init START" % (cul, 40112, 40177, r0)),
                               (None, "%s:%d:%d [0] include/shmutils.h:41 NCCL WARN Error: failed to extend /dev/shm/nccl-kZ1vq8 to 9637892 bytes" % (cul, 40112, 40177)),
                               (None, "%s:%d:%d [0] NCCL INFO transport/shm.cc:114 -> 2" % (cul, 40112, 40177)),
                               (None, "Fatal Python error: Bus error")],
                       origin_code=-7, locals_die=list(range(8)), fmt="compact", every=2, jobid=771122,
                       kstyle="journal", kfile="kern.log", fail_off=3.0)
    b.add(P("", job.nodes[0], "train_rank0.log"), tf - sec(2.5), "[eval] step 2000: creating evaluation process group (dist.new_group) ...")
    b.static("%s/df.txt" % cul, "$ df -h /dev/shm\nFilesystem      Size  Used Avail Use% Mounted on\ntmpfs            64M   61M  3.0M  96% /dev/shm\n")
    b.static("%s/df.txt" % names[0], "$ df -h /dev/shm\nFilesystem      Size  Used Avail Use% Mounted on\ntmpfs           1.0T  2.1G 1022G   1% /dev/shm\n")
    set_label(b, "host", "infrastructure", {"node": cul, "rank": None}, "restart_without_node",
              "When the eval process group was created at step 2000, all ranks of hpc-g014 failed to extend NCCL's /dev/shm segment and died with SIGBUS; that node's /dev/shm is a 64 MB tmpfs while the others have 1 TB. A node setting, not the code.",
              GH + "NVIDIA/nccl/issues/1180")
    return b


def o19():
    name = "o19_cuda_oom_on_one_gpu_only"
    rng = rng_for(name)
    names = ["gpu-%02d.c3" % i for i in range(1, 11)]
    cul = "gpu-07.c3"
    b = Bundle(name, names)
    r = names.index(cul) * 8 + 2
    job, tf, seq = run(b, rng, names, "10.5.0", D("2024-04-02 09:00:00"), 1.5, 21000, 29066, cul, 2,
                       origin=tb(['  File "/src/train.py", line 301, in train_step\n    out = model(batch)'],
                                 "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 2 has a total capacity of 79.11 GiB of which 1.19 GiB is free. Process 48812 has 61.20 GiB memory in use. Including non-PyTorch memory, this process has 16.62 GiB memory in use. Of the allocated memory 14.90 GiB is allocated by PyTorch, and 1.21 GiB is reserved by PyTorch but unallocated."),
                       origin_code=1, fmt="kv", every=10, jobid=1180021)
    b.static("%s/nvidia-smi-q.txt" % cul, nvsmi_q(8, procs={l: [(job.pid(cul, l), "/opt/venv/bin/python3", 17020)] for l in range(8) if l != 2} | {2: [(48812, "/usr/bin/python3 -m vllm.entrypoints.api_server", 62668), (job.pid(cul, 2), "/opt/venv/bin/python3", 16980)]}))
    b.static("%s/ps.txt" % cul, "$ ps -o user,pid,lstart,cmd -p 48812\nUSER       PID                  STARTED CMD\ntchen    48812 Sat Mar 30 22:14:05 2024 /usr/bin/python3 -m vllm.entrypoints.api_server --port 8011\n")
    set_label(b, "oom", "infrastructure", {"node": cul, "rank": r}, "restart_without_node",
              "Rank %d on gpu-07.c3 ran out of GPU memory while our own process held only ~17 GB; a leftover vLLM server from another user (PID 48812, started days earlier) holds 61 GB of that GPU." % r,
              GH + "pytorch/pytorch/issues/8976")
    return b


def o20():
    name = "o20_cuda_oom_again_after_resubmit"
    b = Bundle(name, [])
    names = ["dgx%03d" % i for i in range(21, 33)]
    b.folders = names
    spots = [("dgx027", 5), ("dgx031", 1)]
    for a in range(2):
        rng = rng_for(name + str(a))
        cul, l = spots[a]
        t0 = [D("2024-09-10 00:00:00"), D("2024-09-10 06:12:00")][a]
        st = [(0, 12000), (11000, 12000)][a]
        job, tf, seq = run(b, rng, names, "10.1.4", t0, 1.75, st[0], st[1], cul, l, prefix="attempt_%d/" % a,
                           origin=tb(['  File "/src/pretrain.py", line 233, in step\n    logits = model(tokens)'],
                                     "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 8.00 GiB. GPU %d has a total capacity of 79.11 GiB of which 5.02 GiB is free. Including non-PyTorch memory, this process has 74.07 GiB memory in use. Of the allocated memory 70.31 GiB is allocated by PyTorch, and 2.44 GiB is reserved by PyTorch but unallocated." % l),
                           origin_code=1, fmt="compact", every=10, jobid=4000120 + a, fail_off=2.0)
        n0 = job.nodes[0]
        b.add(P("attempt_%d/" % a, n0, "train_rank0.log"), job.at(12000) + sec(0.1), "[curriculum] step 12000: seq_len 4096 -> 8192, micro_batch 4 (unchanged)")
    set_label(b, "oom", "framework", None, "stop",
              "Both attempts hit CUDA OOM at step 12000, right when the curriculum doubled the sequence length, on different nodes (dgx027, then dgx031) with the whole GPU used by the job itself; the config does not fit.",
              GH + "pytorch/pytorch/issues/8976")
    return b


CASES = [o11, o12, o13, o14, o15, o16, o17, o18, o19, o20]
