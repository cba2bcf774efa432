"""Network / host / storage / recurrence / software cases."""
import random
from gen import (D, TD, Job, Bundle, GPU_BUS, HCA_BUS, c10, pylog, nvsmi_q, ibstat, perfquery, sacct, scontrol_job,
                 slurm_ts, slurmd_ts, watchdog_exception, iso, syslog, write_json)
from frame import std_job, kernel_log, quiet_kernel, slurmd_log, nodelist_expr
from cases_hw import xid, cuda_err_lines, L, PY


def rank_tb(g, frames, err):
    out = ["[rank%d]: Traceback (most recent call last):" % g]
    for f, ln, fn, code in frames:
        out += ["[rank%d]:   File \"%s\", line %d, in %s" % (g, f, ln, fn), "[rank%d]:     %s" % (g, code)]
    out += ["[rank%d]: %s" % (g, e) for e in err.split("\n")]
    return out


# --------------------------------------------------------------------------- as10
def as10(root):
    name = "as10_ib_completion_errors_in_both_attempts"
    rng = random.Random(4810)
    b = Bundle(root + "/" + name)
    for att, (nodes, start, rc) in enumerate([
            (["gpu-n%02d" % i for i in (1, 2, 3, 4, 5, 6, 7, 8)], D(2024, 7, 1, 8, 0, 3), 0),
            (["gpu-n%02d" % i for i in (2, 3, 6, 9, 10, 11, 12, 13)], D(2024, 7, 1, 10, 52, 44), 1)], 1):
        job = Job(rng, nodes, jobid=887001, start=start)
        pre = "attempt_%d/" % att
        cn, cl = "gpu-n06", 3
        t_fail = job.start + (TD(hours=2, minutes=31, seconds=5.2) if att == 1 else TD(minutes=57, seconds=41.8))
        g = job.grank(cn, cl)
        pid = job.pid(cn, cl)
        lines = ["%s:%d:%d [%d] transport/net_ib.cc:98 NCCL WARN NET/IB : Got async event : port error" % (cn, pid, pid + 205, cl),
                 "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<51202> with status=5 opcode=0 len=0 vendor err 249 (Send) localGid ::ffff:%s remoteGid ::ffff:%s hca mlx5_3"
                 % (cn, pid, pid + 211, cl, job.ip[nodes[(nodes.index(cn) + 1) % len(nodes)]], job.ip[cn], job.ip[nodes[(nodes.index(cn) + 1) % len(nodes)]])]
        lines += watchdog_exception(g, t_fail + TD(milliseconds=30), "NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. \nLast error:\nNET/IB : Got async event : port error")
        std_job(b, job, rng, pre=pre, layout="pernode", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=lines, sym="remote",
                sym_delay=4.0, step_s=5.0, restart=rc, it0=1 if att == 1 else 1801)
        hb = HCA_BUS[3]
        ev = {cn: [(t_fail - TD(seconds=2.2), "mlx5_core 0000:%s:00.0: mlx5_port_module_event:1172:(pid 0): Port module event[error]: module 0, Cable error, Bad or shorted cable/module" % hb),
                   (t_fail - TD(seconds=2.1), "mlx5_core 0000:%s:00.0: Port: 1 Link DOWN" % hb),
                   (t_fail - TD(seconds=2.1), "ib_core: mlx5_3: port 1 state changed to DOWN"),
                   (t_fail + TD(seconds=19), "mlx5_core 0000:%s:00.0: Port: 1 Link ACTIVE" % hb),
                   (t_fail + TD(seconds=47), "mlx5_core 0000:%s:00.0: Port: 1 Link DOWN" % hb)]}
        for i, n in enumerate(nodes):
            kernel_log(b, rng, job, n, D(2024, 6, 27, 4, 11, 0) + TD(hours=i), "T", ev.get(n, []), pre=pre)
        b.add(pre + cn + "/ibstat.txt", ibstat(cn, ports_down=(3,)))
        b.add(pre + cn + "/perfquery-mlx5_3.txt", perfquery(0xffff, sym=65535, linkdown=11 + 3 * att, rcverr=4821, recovery=255))
        other = nodes[0] if nodes[0] != cn else nodes[1]
        b.add(pre + other + "/ibstat.txt", ibstat(other))
        b.add(pre + other + "/perfquery-mlx5_3.txt", perfquery(131, sym=3, linkdown=0, rcverr=0))
    label = L("network", "infrastructure", "gpu-n06", None, "restart_without_node",
              "gpu-n06 is in both allocations (attempt_1 and attempt_2, SLURM_RESTART_COUNT=1) and both attempts die when its HCA mlx5_3 drops: gpu-n06/dmesg-T.txt 'Port module event[error]: module 0, Cable error, Bad or shorted cable/module' and 'Port: 1 Link DOWN', NCCL on that node logs 'NET/IB : Got async event : port error', ibstat shows mlx5_3 Down/Polling and perfquery shows SymbolErrorCounter 65535 and LinkDownedCounter 11/14. Every other node's 'Got completion from peer <gpu-n06's address: 10.12.0.16 in attempt_1, 10.12.0.13 in attempt_2> ... status=12' accuses gpu-n06 and is sympathetic; the failure follows the node across attempts, at different iterations. The 3 symbol errors on a healthy node are normal background.",
              "https://github.com/NVIDIA/nccl/issues/905")
    return name, label, b


# --------------------------------------------------------------------------- as11
def as11(root):
    name = "as11_port_errors_on_half_the_nodes_same_second"
    rng = random.Random(4811)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in range(41, 49)]
    job = Job(rng, nodes, jobid=889442, start=D(2024, 7, 19, 23, 1, 30), ip_base="10.12.4.")
    t_fail = job.start + TD(hours=6, minutes=44, seconds=12.0)
    leaf_a = nodes[:4]
    extra = {}
    for n in leaf_a:
        for lr in range(8):
            p = job.pid(n, lr)
            extra[(n, t_fail + TD(milliseconds=5 * lr + 40))] = ["%s:%d:%d [%d] transport/net_ib.cc:98 NCCL WARN NET/IB : Got async event : port error" % (n, p, p + 205, lr)]
    cn = "gpu-n42"
    p = job.pid(cn, 2)
    lines = watchdog_exception(job.grank(cn, 2), t_fail + TD(seconds=2.5), "NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. \nLast error:\nNET/IB : Got async event : port error")
    std_job(b, job, rng, layout="label", fmt="titan", t_fail=t_fail + TD(seconds=2.5), culprit=(cn, 2), culprit_lines=lines, sym="remote",
            sym_delay=1.5, step_s=3.9, script="torchtitan/train.py", extra=extra)
    for i, n in enumerate(nodes):
        ev = []
        if n in leaf_a:
            for k in range(8):
                ev += [(t_fail - TD(milliseconds=300 - k), "mlx5_core 0000:%s:00.0: Port: 1 Link DOWN" % HCA_BUS[k]),
                       (t_fail + TD(seconds=26, milliseconds=k * 3), "mlx5_core 0000:%s:00.0: Port: 1 Link ACTIVE" % HCA_BUS[k])]
        kernel_log(b, rng, job, n, job.start - TD(days=4, hours=i), "journal", ev)
    for n in (nodes[1], nodes[5]):
        b.add(n + "/ibstat.txt", ibstat(n))
    ut = t_fail - TD(milliseconds=420)
    b.add("ufm-events.log", [
        "%s [EVENT] id=1323 severity=Warning type=Switch category=Hardware object=leaf-07 (MQM9700, guid 0xfc6a1c0300a81e40) description=\"Switch power supply PSU2 input lost\"" % iso(ut - TD(seconds=2))[:23],
        "%s [EVENT] id=1324 severity=Critical type=Switch category=Fabric object=leaf-07 description=\"Switch leaf-07 reboot detected (ASIC reset)\"" % iso(ut)[:23],
    ] + ["%s [EVENT] id=%d severity=Warning type=Port category=Fabric object=leaf-07/%d description=\"Link went down: %s mlx5_%d port 1\"" % (iso(ut + TD(milliseconds=20))[:23], 1325 + j, j + 1, leaf_a[j // 8], j % 8) for j in range(32)] + [
        "%s [EVENT] id=1357 severity=Info type=Switch category=Fabric object=leaf-07 description=\"Switch is up, 32 ports active\"" % iso(ut + TD(seconds=26))[:23]])
    write_json(b.root + "/topology.json", {"topology": {"leaf-07": leaf_a, "leaf-08": nodes[4:]}})
    label = L("network", "infrastructure", None, None, "restart",
              "All eight HCAs of all four nodes behind leaf-07 (gpu-n41..n44, topology.json) log 'Port: 1 Link DOWN' within the same millisecond and come back ACTIVE 26 s later; ufm-events.log shows leaf-07 losing a PSU and resetting. Every rank on those nodes prints 'NET/IB : Got async event : port error'. A fabric/switch event on several nodes at once, not one node's NIC - the 'status=12' completion errors naming gpu-n42 on the leaf-08 nodes are sympathetic. The switch is back, so restart.",
              "https://github.com/Lightning-AI/lit-llama/issues/380")
    return name, label, b


# --------------------------------------------------------------------------- as13
def as13(root):
    name = "as13_rank_killed_by_signal_7"
    rng = random.Random(4813)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in range(1, 9)]
    job = Job(rng, nodes, jobid=895510, start=D(2024, 8, 14, 2, 17, 55))
    t_fail = job.start + TD(hours=15, minutes=9, seconds=30.7)
    cn, cl = "gpu-n07", 2
    g = job.grank(cn, cl)
    pid = job.pid(cn, cl)
    lines = ["Fatal Python error: Bus error", "",
             "Thread 0x00007f2b1dffb640 (most recent call first):",
             "  File \"%s/torch/utils/data/_utils/pin_memory.py\", line 54 in do_one_step" % PY,
             "  File \"%s/torch/utils/data/_utils/pin_memory.py\", line 58 in _pin_memory_loop" % PY,
             "  File \"/usr/lib/python3.10/threading.py\", line 953 in run", "",
             "Current thread 0x00007f2c8a7fe740 (most recent call first):",
             "  File \"/workspace/Megatron-LM/megatron/core/optimizer/distrib_optimizer.py\", line 1642 in _copy_main_params_to_model_params",
             "  File \"/workspace/Megatron-LM/megatron/training/training.py\", line 1187 in train_step"]
    std_job(b, job, rng, layout="label", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=lines, culprit_exit=-7,
            sym="remote", step_s=6.6)
    t0 = t_fail - TD(milliseconds=80)
    ev = [(t0, "mce: [Hardware Error]: Machine check events logged"),
          (t0, "EDAC i10nm MC3: HANDLING MCE MEMORY ERROR"),
          (t0, "EDAC i10nm MC3: CPU 57: Machine Check Event: 0x0 Bank 15: 0xbd80000000100134"),
          (t0, "EDAC i10nm MC3: TSC 0x6f1e92c3e1a ADDR 0x3f1e2c4840 MISC 0x200001c020001086 PROCESSOR 0:0x806f8 TIME 1723746135 SOCKET 1 APIC 0x72"),
          (t0, "EDAC MC3: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f1e2c4 offset:0x840 grain:32 -  err_code:0x0010:0x0134 SystemAddress:0x3f1e2c4840 ProcessorSocketId:0x1 MemoryControllerId:0x1 ChannelAddress:0x7e3c5840 ChannelId:0x0 RankAddress:0x3f1e2840 PhysicalRankId:0x1 DimmSlotId:0x0 Row:0x7c78 Column:0x108 Bank:0x1 BankGroup:0x2 ChipSelect:0x1 ChipId:0x0)"),
          (t0 + TD(milliseconds=2), "Memory failure: 0x3f1e2c4: Sending SIGBUS to python:%d due to hardware memory corruption" % pid),
          (t0 + TD(milliseconds=2), "Memory failure: 0x3f1e2c4: recovery action for dirty LRU page: Recovered")]
    ev_prev = [(job.start - TD(hours=30 - k * 5), "EDAC MC3: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f1e2c4 offset:0x%x grain:32 syndrome:0x0 -  err_code:0x0000:0x009f)" % (0x800 + k * 64)) for k in range(4)]
    for i, n in enumerate(nodes):
        evn = ev + ev_prev if n == cn else ([(job.start + TD(hours=4), "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x1a44f0 offset:0x300 grain:32 syndrome:0x0 -  err_code:0x0000:0x009f)")] if n == "gpu-n03" else [])
        kernel_log(b, rng, job, n, job.start - TD(days=3, hours=i), "journal", evn)
    b.add(cn + "/ras-mc-ctl-errors.txt", ["Memory controller events:",
                                          "1 2024-08-13 20:17:02 +0000 1 Corrected error(s): memory read error at CPU_SrcID#1_MC#1_Chan#0_DIMM#0 location: 0:0:-1:-1, addr 0x3f1e2c4800",
                                          "5 %s +0000 1 Uncorrected error(s): memory read error at CPU_SrcID#1_MC#1_Chan#0_DIMM#0 location: 0:0:-1:-1, addr 0x3f1e2c4840" % t0.strftime("%Y-%m-%d %H:%M:%S")])
    label = L("host", "infrastructure", cn, None, "restart_without_node",
              "gpu-n07/journal-kernel.log: 'mce: [Hardware Error]' with 'EDAC MC3: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0' and 'Memory failure: ... Sending SIGBUS to python:<pid of local rank 2>' 80 ms before that rank prints 'Fatal Python error: Bus error' and torchrun reports exitcode -7; the same DIMM logged correctable errors in the preceding day. Host DRAM, not a GPU, so no rank in the culprit. The single CE on gpu-n03 is a corrected error; the remote-peer errors accusing gpu-n07 are sympathetic.",
              "https://github.com/ovro-lwa/lwa-issues/issues/117")
    return name, label, b


# --------------------------------------------------------------------------- as14
def as14(root):
    name = "as14_job_ends_node_fail_one_host_silent"
    rng = random.Random(4814)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in range(1, 7)]
    job = Job(rng, nodes, jobid=897733, start=D(2024, 8, 30, 18, 20, 0))
    t_fail = job.start + TD(hours=8, minutes=2, seconds=15.0)
    cn = "gpu-n02"
    std_job(b, job, rng, layout="pernode", fmt="megatron", t_fail=t_fail, culprit=(cn, 0), culprit_lines=[], culprit_exit=None,
            sym="timeout", silent=(cn,), step_s=4.4)
    boot = job.start - TD(days=16)
    ev = [(t_fail - TD(seconds=48), "watchdog: BUG: soft lockup - CPU#71 stuck for 26s! [kworker/71:2:1183]"),
          (t_fail - TD(seconds=48), "CPU: 71 PID: 1183 Comm: kworker/71:2 Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"),
          (t_fail - TD(seconds=48), "Workqueue: events mlx5_timestamp_overflow [mlx5_core]"),
          (t_fail - TD(seconds=48), "RIP: 0010:native_queued_spin_lock_slowpath+0x1d3/0x200"),
          (t_fail - TD(seconds=20), "watchdog: BUG: soft lockup - CPU#71 stuck for 52s! [kworker/71:2:1183]"),
          (t_fail - TD(seconds=3), "rcu: INFO: rcu_sched detected stalls on CPUs/tasks:"),
          (t_fail - TD(seconds=3), "rcu: \t71-....: (14998 ticks this GP) idle=8e2/1/0x4000000000000000 softirq=2197418/2197418 fqs=6731"),
          (t_fail + TD(seconds=8), "watchdog: BUG: soft lockup - CPU#12 stuck for 23s! [pt_main_thread:%d]" % job.pid(cn, 1)),
          (t_fail + TD(seconds=35), "watchdog: BUG: soft lockup - CPU#71 stuck for 105s! [kworker/71:2:1183]"),
          (t_fail + TD(seconds=36), "Kernel panic - not syncing: softlockup: hung tasks")]
    kernel_log(b, rng, job, cn, boot, "journal", ev, fname="journal-kernel.prev-boot.log")
    quiet_kernel(b, rng, job, "journal", skip=(cn,))
    tc = t_fail + TD(minutes=5)
    b.add("slurmctld.log", ["%s %s" % (slurmd_ts(t), m) for t, m in [
        (t_fail + TD(seconds=301), "error: Nodes gpu-n02 not responding"),
        (tc + TD(minutes=2), "error: Nodes gpu-n02 not responding, setting DOWN"),
        (tc + TD(minutes=2), "Killing JobId=%d on failed node gpu-n02" % job.jobid),
        (tc + TD(minutes=2), "_job_complete: JobId=%d WTERMSIG 9" % job.jobid),
        (tc + TD(minutes=2), "_job_complete: JobId=%d done" % job.jobid)]])
    b.add("sacct.txt", sacct(job.jobid, "gpt-13b", [
        ("", "gpt-13b", "h100", 576, "NODE_FAIL", "0:0", "08:09:15", nodelist_expr(nodes)),
        (".batch", "batch", "", 96, "CANCELLED", "0:15", "08:09:17", "gpu-n01"),
        (".0", "torchrun", "", 576, "CANCELLED", "0:9", "08:08:40", nodelist_expr(nodes))]))
    label = L("host", "infrastructure", cn, None, "restart_without_node",
              "gpu-n02 stops producing output; gpu-n02/journal-kernel.prev-boot.log (journalctl -k -b -1) shows 'watchdog: BUG: soft lockup - CPU#71 stuck', RCU stalls and finally 'Kernel panic - not syncing: softlockup: hung tasks'; slurmctld.log marks gpu-n02 not responding / DOWN and sacct ends NODE_FAIL. All watchdog timeouts on the other five nodes are sympathetic (the peer vanished). A host/kernel failure of one node.",
              "https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/issues/138")
    return name, label, b


# --------------------------------------------------------------------------- as15
def as15(root):
    name = "as15_dataloader_worker_oserror_errno5"
    rng = random.Random(4815)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in range(1, 9)]
    job = Job(rng, nodes, jobid=899120, start=D(2024, 9, 4, 5, 44, 1))
    t_fail = job.start + TD(hours=3, minutes=36, seconds=2.5)
    cn, cl = "gpu-n08", 6
    g = job.grank(cn, cl)
    shard = "/local_scratch/cache/mix_v4/shard_00412.bin"
    err = ("OSError: Caught OSError in DataLoader worker process 3.\nOriginal Traceback (most recent call last):\n"
           "  File \"%s/torch/utils/data/_utils/worker.py\", line 309, in _worker_loop\n    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]\n"
           "  File \"/workspace/Megatron-LM/megatron/core/datasets/indexed_dataset.py\", line 381, in read\n    sequence = numpy.frombuffer(self.bin_buffer, dtype=self.dtype, count=length, offset=pointer)\n"
           "OSError: [Errno 5] Input/output error: '%s'" % (PY, shard))
    tb = rank_tb(g, [("/workspace/Megatron-LM/megatron/training/training.py", 1113, "train_step", "losses_reduced = forward_backward_func("),
                     ("/workspace/Megatron-LM/pretrain_gpt.py", 164, "get_batch", "batch = get_batch_on_this_tp_rank(data_iterator)"),
                     ("%s/torch/utils/data/dataloader.py" % PY, 1465, "_next_data", "return self._process_data(data)"),
                     ("%s/torch/_utils.py" % PY, 706, "reraise", "raise exception")], err)
    extra = {(n, job.start + TD(seconds=75)): [" > copying dataset shards to node-local cache /local_scratch/cache/mix_v4 ... done (412 shards, 1.83 TB)"] for n in nodes}
    std_job(b, job, rng, layout="pernode", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=tb, culprit_exit=1,
            culprit_tb="[rank%d]: OSError: Caught OSError in DataLoader worker process 3." % g, sym="remote", step_s=5.2, extra=extra)
    t0 = t_fail - TD(seconds=4)
    ev = [(t0 - TD(minutes=40), "nvme nvme1: I/O 712 QID 41 timeout, aborting"),
          (t0 - TD(minutes=40), "nvme nvme1: Abort status: 0x0"),
          (t0, "nvme1n1: Read(0x2) @ LBA 2811820032, 256 blocks, Unrecovered Read Error (sct 0x2 / sc 0x81) DNR"),
          (t0, "critical medium error, dev nvme1n1, sector 2811820032 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 2"),
          (t0 + TD(milliseconds=3), "nvme1n1: Read(0x2) @ LBA 2811820288, 256 blocks, Unrecovered Read Error (sct 0x2 / sc 0x81) DNR"),
          (t0 + TD(milliseconds=3), "critical medium error, dev nvme1n1, sector 2811820288 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 2"),
          (t0 + TD(seconds=1), "EXT4-fs error (device nvme1n1): ext4_find_entry:1682: inode #54001665: comm pt_data_worker: reading directory lblock 0"),
          (t0 + TD(seconds=1), "Buffer I/O error on dev nvme1n1, logical block 0, lost sync page write"),
          (t0 + TD(seconds=1), "EXT4-fs (nvme1n1): I/O error while writing superblock"),
          (t0 + TD(seconds=1), "Aborting journal on device nvme1n1-8."),
          (t0 + TD(seconds=1), "EXT4-fs (nvme1n1): Remounting filesystem read-only")]
    for i, n in enumerate(nodes):
        kernel_log(b, rng, job, n, job.start - TD(days=7, hours=i), "raw", ev if n == cn else [])
    b.add(cn + "/smartctl-nvme1.txt", ["smartctl 7.2 2020-12-30 r5155 [x86_64-linux-5.15.0-105-generic] (local build)",
                                       "=== START OF SMART DATA SECTION ===",
                                       "SMART overall-health self-assessment test result: FAILED!",
                                       "- media has been placed in read only mode", "",
                                       "Critical Warning:                   0x0c", "Temperature:                        51 Celsius",
                                       "Available Spare:                    2%", "Available Spare Threshold:          10%", "Percentage Used:                    113%",
                                       "Media and Data Integrity Errors:    1822", "Error Information Log Entries:      4410"])
    for n in (cn, "gpu-n03"):
        b.add(n + "/df-h.txt", ["Filesystem                       Size  Used Avail Use% Mounted on",
                                "/dev/nvme0n1p2                   878G   61G  773G   8% /",
                                "/dev/nvme1n1                     6.9T  1.9T  4.7T  29% /local_scratch",
                                "10.20.0.40@o2ib:10.20.0.41@o2ib:/lfs01  2.1P  1.4P  0.7P  67% /lfs01"])
    label = L("storage", "infrastructure", cn, None, "restart_without_node",
              "gpu-n08/torchrun.log: rank 62's DataLoader worker raises 'OSError: [Errno 5] Input/output error' on /local_scratch/cache/mix_v4/shard_00412.bin; gpu-n08/dmesg.txt (uptime-s.txt) shows nvme1n1 'Unrecovered Read Error' / 'critical medium error', EXT4 journal abort and read-only remount of the node-local scratch, and smartctl reports the drive FAILED (spare 2%, 1822 media errors). Only this node's local disk - the shared /lfs01 and other nodes' identical local caches are fine (df shows space). Other nodes' peer errors are sympathetic.",
              "https://github.com/oxidecomputer/crucible/issues/1844")
    return name, label, b


# --------------------------------------------------------------------------- as16 / as17 (NaN recurrence)
def _nan_case(root, name, seed, attempts, url, label_fn):
    rng = random.Random(seed)
    b = Bundle(root + "/" + name)
    for att, (nodes, start, it0, it_fail, bad) in enumerate(attempts, 1):
        job = Job(rng, nodes, jobid=905551 if seed == 4816 else 906802, start=start, ip_base="10.14.0.")
        pre = "attempt_%d/" % att
        step_s = 3.1
        t_fail = job.start + TD(seconds=31 + 55 + (it_fail - it0 + 1) * step_s + 2 * step_s + 4.0)
        extra = {}
        if att > 1:
            extra[(nodes[-1], job.start + TD(seconds=82))] = [" successfully loaded checkpoint from /lfs01/proj/ckpt/llm-30b [ t 0/4, p 0/2 ] at iteration %d" % (it0 - 1)]
        msgs = {}
        for (bn, bl) in bad:
            gg = job.grank(bn, bl)
            msgs.setdefault(bn, []).extend(rank_tb(gg, [
                ("/workspace/Megatron-LM/megatron/training/training.py", 1160, "train_step", "update_successful, grad_norm, num_zeros_in_grad = optimizer.step()"),
                ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 136, "check_for_nan_in_grad", "assert not norm_is_nan, (")],
                "AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (gg, bl, bn)))
        cn, cl = bad[0]
        for bn, ls in msgs.items():
            if bn != cn:
                extra[(bn, t_fail + TD(milliseconds=15))] = ls
        if seed == 4817:
            # loss excursion visible in the last logged iterations (recipe instability)
            loss = 2.08
            for k in range(25):
                it = it_fail - 25 + k
                loss = loss * (1.06 if k > 10 else 1.0) + rng.uniform(-0.01, 0.01)
                tt = t_fail - TD(seconds=(25 - k) * step_s + 3.0)
                extra[(nodes[-1], tt)] = [" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size:  1536 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
                                          % (tt.strftime("%Y-%m-%d %H:%M:%S"), it, 80000, it * 1536, step_s * 1000, 2.4e-4, loss, 0.3 * (1.5 ** max(0, k - 10)))]
        std_job(b, job, rng, pre=pre, layout="label", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=msgs[cn], culprit_exit=1,
                culprit_tb="[rank%d]: AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective." % (job.grank(cn, cl), job.grank(cn, cl)),
                sym="remote", step_s=step_s, it0=it0, restart=att - 1, extra=extra, every=1,
                it_stop=(it_fail - 26) if seed == 4817 else (it_fail - 1),
                args="--config configs/llm_30b.yaml --check-for-nan-in-loss-and-grad")
        for i, n in enumerate(nodes):
            kernel_log(b, rng, job, n, start - TD(days=5, hours=i), "T", [], pre=pre)
        b.add(pre + "sacct.txt", sacct(job.jobid, "llm-30b", [("", "llm-30b", "h100", 384, "FAILED" if att == len(attempts) else "REQUEUED", "1:0", "--", nodelist_expr(nodes))]))
    return b


def as16(root):
    name = "as16_nan_grad_norm_assertion_in_two_attempts"
    A = [(["dgx-a01", "dgx-a02", "dgx-a07", "dgx-a09"], D(2024, 10, 2, 4, 0, 0), 1, 3121, [("dgx-a07", 5)]),
         (["dgx-a03", "dgx-a05", "dgx-a07", "dgx-a12"], D(2024, 10, 2, 7, 5, 12), 3001, 4411, [("dgx-a07", 5)])]
    b = _nan_case(root, name, 4816, A, None, None)
    b.add("attempt_2/dgx-a07/nvidia-smi-q.txt", nvsmi_q("dgx-a07", D(2024, 10, 2, 8, 20, 0), override={5: {"util": "0 %"}}))
    label = L("gpu_hardware", "infrastructure", "dgx-a07", 21, "restart_without_node",
              "Both attempts abort with Megatron's 'Rank 21: found NaN in local grad norm in backward pass ... Device: 5, node: dgx-a07' - in iteration 3121 in attempt_1 and in iteration 4411 in attempt_2 (resumed from 3000, so 3121 was passed cleanly), while three of the four nodes were replaced between attempts. The NaN follows dgx-a07 GPU 5 (node index 2 in both allocations -> rank 21), not the step: silent data corruption on that GPU. No Xid/ECC is logged (nvidia-smi -q is clean), which is typical of SDC; the remote-peer errors on other nodes are sympathetic.",
              "https://github.com/NVIDIA/Megatron-LM/issues/780")
    return name, label, b


def as17(root):
    name = "as17_nan_grad_norm_assertion_after_requeue_new_nodes"
    A = [(["gpu-n%02d" % i for i in (11, 12, 13, 14)], D(2024, 11, 20, 1, 0, 0), 12001, 12871, [("gpu-n13", 2), ("gpu-n11", 7), ("gpu-n14", 0)]),
         (["gpu-n%02d" % i for i in (21, 22, 25, 26)], D(2024, 11, 20, 2, 11, 9), 12001, 12871, [("gpu-n22", 4), ("gpu-n26", 1), ("gpu-n21", 3)])]
    b = _nan_case(root, name, 4817, A, None, None)
    b.add("attempt_1/gpu-n12/nvidia-smi-q.txt", nvsmi_q("gpu-n12", D(2024, 11, 20, 1, 50, 0), override={3: {"sbe_agg": "7", "rr_corr": "1"}}))
    label = L("numerical", "script", None, None, "stop",
              "Both attempts (SLURM_RESTART_COUNT 0 and 1, resumed from the iteration-12000 checkpoint) blow up at the same iteration 12871 on disjoint node sets gpu-n[11-14] and gpu-n[21-22,25-26]: lm loss and grad norm climb for ~15 iterations, then several ranks on different nodes raise 'found NaN in local grad norm' together. Same step regardless of hardware = recipe instability (learning rate/data), not a node. The corrected ECC count on gpu-n12 in attempt_1 is a red herring.",
              "https://github.com/alibaba/Pai-Megatron-Patch/issues/366")
    return name, label, b


CASES = [as10, as11, as13, as14, as15, as16, as17]
