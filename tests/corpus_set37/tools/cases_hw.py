"""One node's hardware failing (GPU / NVLink / host / contained ECC)."""
from lib import (Bundle, T, add, glog, pylog, bracket, dmesg_T, dmesg_rel, syslog, rng, watchdog_timeout,
                 dist_backend_terminate, nvsmi_table, child_failed_box, sacct, PCI)


def xid79(name):
    b = Bundle(name)
    r = rng(3710)
    nodes = ["gpu-d%02d" % i for i in range(1, 13)]
    bad, bad_gpu = "gpu-d09", 5
    bad_rank = nodes.index(bad) * 8 + bad_gpu
    tfail = T("2024-11-18 03:14:07.402")
    b.add("ticket.txt", [
        "PAGE #4391  Mon 2024-11-18 03:31 UTC",
        "llama-70b-cpt died at 03:14-03:24. The Slurm output is a wall of NCCL errors from every node; torchrun says",
        "root cause is rank 19 on gpu-d03. Attached: slurm output (all nodes, --label), dmesg from gpu-d03 and",
        "gpu-d09 (health check flagged d09 afterwards), sacct.",
    ])
    L = []
    ts = T("2024-11-18 02:50:00")
    for it in range(61200, 61290, 10):
        L.append("0: " + " %s iteration %8d/  300000 | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: 1.500000E-04 | global batch size:  1536 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
                 % (bracket(ts), it, it * 1536, 15820 + r.uniform(-90, 90), 1.712 + r.uniform(-0.02, 0.02), r.uniform(0.2, 0.3)))
        ts = add(ts, 158.2)
    # the culprit's own error (short, printed once)
    bi = nodes.index(bad)
    L.append("%d: [rank%d]:[%s 88231 ProcessGroupNCCL.cpp:1895] [PG ID 1 PG GUID 1(tp) Rank 5] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure" % (bi, bad_rank, glog(add(tfail, 0.61))))
    L.append("%d: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % bi)
    L.append("%d: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % bi)
    L.append("%d: Exception raised from c10_cuda_check_implementation at /opt/pytorch/pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):" % bi)
    # everyone else: loud
    for k, n in enumerate(nodes):
        if n == bad:
            continue
        tt = add(tfail, 9.8 + k * 0.4)
        for lr in (0, 3, 6):
            rk = k * 8 + lr
            L.append("%d: %s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.20.1.%d<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.20.1.%d remoteGids::ffff:10.20.1.%d hca mlx5_%d"
                     % (k, n, 90000 + rk, 90300 + rk, lr, 40 + bi, 40000 + rk, 40 + k, 40 + bi, lr))
            L.append("%d: %s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (k, n, 90000 + rk, 90300 + rk, lr))
        for lr in range(8):
            rk = k * 8 + lr
            L += ["%d: %s" % (k, x) for x in watchdog_timeout(rk, add(tfail, 600.2 + k * 0.05 + lr * 0.001), 2914421, "ALLREDUCE", 1, 600000, pg="0")][:2]
    k3 = nodes.index("gpu-d03")
    root_ts = add(tfail, 612.0)
    fails = [dict(rank=19, host="gpu-d03", local_rank=3, exitcode=-6, pid=90019, ts=root_ts, msg="Signal 6 (SIGABRT) received by PID 90019"),
             dict(rank=16, host="gpu-d03", local_rank=0, exitcode=-6, pid=90016, ts=add(root_ts, 0.2), msg="Signal 6 (SIGABRT) received by PID 90016")]
    L += ["%d: %s" % (k3, x) for x in child_failed_box("train.py", fails, fails[0])]
    L.append("srun: error: gpu-d09: task 8: Exited with exit code 1")
    L.append("srun: error: gpu-d03: task 2: Exited with exit code 1")
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    L.append("slurmstepd: error: *** STEP 877310.0 ON gpu-d01 CANCELLED AT 2024-11-18T03:25:01 ***")
    b.add("slurm-877310.out", L)
    boot = T("2024-11-11 08:00:00")
    D = ["%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % dmesg_rel(add(boot, 31.2), boot),
         "%s nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000" % dmesg_rel(add(boot, 33.1), boot),
         "%s NVRM: GPU at PCI:%s: GPU-9e13f0b4-2d71-0a55-7c1e-f1a2b3c4d5e6" % (dmesg_rel(tfail, boot), PCI[bad_gpu]),
         "%s NVRM: GPU Board Serial Number: 1654923011842" % dmesg_rel(tfail, boot),
         "%s NVRM: Xid (PCI:%s): 79, pid=88231, name=python3, GPU has fallen off the bus." % (dmesg_rel(tfail, boot), PCI[bad_gpu]),
         "%s NVRM: GPU %s.0: GPU has fallen off the bus." % (dmesg_rel(add(tfail, 0.001), boot), PCI[bad_gpu]),
         "%s NVRM: GPU %s.0: GPU serial number is 1654923011842." % (dmesg_rel(add(tfail, 0.001), boot), PCI[bad_gpu]),
         "%s NVRM: kgspRcAndNotifyAllChannels_IMPL: RC all channels for critical error 79." % dmesg_rel(add(tfail, 0.002), boot),
         "%s NVRM: Xid (PCI:%s): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)" % (dmesg_rel(add(tfail, 0.004), boot), PCI[bad_gpu]),
         "%s pcieport 0000:a7:01.0: pciehp: Slot(35): Link Down" % dmesg_rel(add(tfail, 0.01), boot)]
    b.add("%s/dmesg.txt" % bad, D)
    b.add("gpu-d03/dmesg.txt", [
        "%s NVRM: Xid (PCI:0000:2a:00): 13, pid=71120, name=python3, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address" % dmesg_rel(T("2024-11-15 17:40:02"), boot),
        "%s NVRM: Xid (PCI:0000:2a:00): 13, pid=71120, name=python3, Graphics Exception: ESR 0x52df30=0x10 0x52df34=0x24 0x52df28=0xf81eb60 0x52df2c=0x1174" % dmesg_rel(T("2024-11-15 17:40:02"), boot),
        "%s infiniband mlx5_3: mlx5_ib_event:3066:(pid 0): warning: event on port 1" % dmesg_rel(add(tfail, 0.9), boot)])
    b.add("%s/nvidia-smi.txt" % bad, ["Unable to determine the device handle for GPU0000:%s.0: Unknown Error" % PCI[bad_gpu][5:].upper(),
                                      "No devices were found"])
    b.add("sacct.txt", sacct([("877310", "llama70b", "h100", "lm", "3072", "FAILED", "1:0", "2024-11-16T09:30:10", "2024-11-18T03:25:33", "gpu-d[01-12]"),
                              ("877310.0", "torchrun", "", "lm", "3072", "CANCELLED", "0:9", "2024-11-16T09:30:11", "2024-11-18T03:25:33", "gpu-d[01-12]")]))
    b.label("gpu_hardware", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
            "The earliest event is Xid 79 (GPU fallen off the bus) on gpu-d09 GPU 5 at 03:14:07, whose rank 69 dies with 'unspecified launch failure'; the NCCL completion errors and watchdog timeouts on the other nodes, and torchrun's root cause on gpu-d03, come later and are sympathetic.",
            "https://github.com/rwth-i6/returnn/issues/1486")
    return b


def xid74_nvlink(name):
    b = Bundle(name)
    r = rng(3711)
    nodes = ["hgx-e%02d" % i for i in range(1, 5)]
    bad, bad_gpu = "hgx-e03", 6
    bad_rank = nodes.index(bad) * 8 + bad_gpu
    tfail = T("2024-11-19 15:42:31.550")
    b.add("ticket.txt", [
        "Slack #gpu-oncall  Tue 2024-11-19 16:10 (US/Eastern)",
        "megatron-moe-16x3b crashed with ncclUnhandledCudaError in a TP all-reduce. Re-launched on the same 4 nodes and it",
        "crashed again in 40 min, same kind of error. Logs of both attempts plus dmesg/nvlink status from hgx-e03.",
    ])
    for att, tf in ((1, add(tfail, -4210)), (2, tfail)):
        for i, n in enumerate(nodes):
            L = []
            if i == 0:
                ts = add(tf, -600)
                for it in range(900 if att == 1 else 140, (900 if att == 1 else 140) + 40, 10):
                    L.append(" %s iteration %8d/  100000 | consumed samples: %10d | elapsed time per iteration (ms): %.1f | learning rate: 3.000000E-04 | global batch size:   512 | lm loss: %.6E | load_balancing_loss: 1.0031E+00 | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
                             % (bracket(ts), it, it * 512, 1505 + r.uniform(-20, 20), 2.61 + r.uniform(-0.05, 0.05), r.uniform(0.3, 0.5)))
                    ts = add(ts, 15)
            if n == bad:
                L += ["[rank%d]: Traceback (most recent call last):" % bad_rank,
                      "[rank%d]:   File \"/workspace/megatron/pretrain_gpt.py\", line 271, in <module>" % bad_rank,
                      "[rank%d]:   File \"/workspace/megatron/megatron/core/tensor_parallel/mappings.py\", line 33, in _reduce" % bad_rank,
                      "[rank%d]:     torch.distributed.all_reduce(input_, group=get_tensor_model_parallel_group())" % bad_rank,
                      "[rank%d]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:317, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5" % bad_rank,
                      "[rank%d]: ncclUnhandledCudaError: Call to CUDA function failed." % bad_rank,
                      "[rank%d]: Last error:" % bad_rank,
                      "[rank%d]: Cuda failure 'uncorrectable NVLink error detected during the execution'" % bad_rank]
                for lr in (2, 5):
                    L.append("[rank%d]:[%s %d ProcessGroupNCCL.cpp:1895] [PG ID 1 PG GUID 1(tp) Rank %d] Process group watchdog thread terminated with exception: CUDA error: uncorrectable NVLink error detected during the execution" % (i * 8 + lr, glog(add(tf, 0.4 + lr * 0.01)), 7100 + lr, lr))
            else:
                for lr in range(0, 8, 3):
                    L += watchdog_timeout(i * 8 + lr, add(tf, 600.1 + i * 0.1 + lr * 0.002), 551802 if att == 2 else 4410299, "ALLREDUCE", 16777216, 600000, pg="4", pgname="dp")[:2]
            b.add("attempt%d/%s.log" % (att, n), L)
    boot = T("2024-11-02 11:10:00")
    D = []
    for tf in (add(tfail, -4210), tfail):
        D += ["%s NVRM: Xid (PCI:%s): 74, pid=%d, name=python3, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % (dmesg_T(tf), PCI[bad_gpu], 7106 if tf == tfail else 5506),
              "%s NVRM: Xid (PCI:%s): 45, pid=%d, name=python3, Ch 00000008" % (dmesg_T(add(tf, 0.3)), PCI[bad_gpu], 7106 if tf == tfail else 5506)]
    D.insert(0, "%s NVRM: Xid (PCI:%s): 74, pid=1031, name=nvidia-fabricmanager, NVLink: non-fatal, link 11 replay count exceeded threshold(0x0, 0x0, 0x0, 0x0, 0x2, 0x0, 0x0)" % (dmesg_T(T("2024-11-17 22:03:51")), PCI[bad_gpu]))
    b.add("%s/dmesg_nvrm.txt" % bad, D)
    N = ["GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-7f1c0e22-6a0b-11ef-9d01-%012x)" % (bad_gpu, 0xa1b2c3d4e5f0 + bad_gpu)]
    for l in range(18):
        bad_l = l == 11
        N += ["\t Link %d: Replay Errors: %d" % (l, 412 if bad_l else 0), "\t Link %d: Recovery Errors: %d" % (l, 37 if bad_l else 0),
              "\t Link %d: CRC Errors: %d" % (l, 9120 if bad_l else 0)]
    b.add("%s/nvidia-smi_nvlink_-e_-i%d.txt" % (bad, bad_gpu), N)
    b.add("hgx-e02/dmesg_nvrm.txt", ["%s NVRM: Xid (PCI:0000:5d:00): 31, pid=3120, name=python3, Ch 00000014, intr 00000000. MMU Fault: ENGINE CE3 HUBCLIENT_CE1 faulted @ 0x7fa1_80000000. Fault is of type FAULT_PTE ACCESS_TYPE_VIRT_READ" % dmesg_T(T("2024-11-13 08:10:40"))])
    b.label("nvlink", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
            "Both attempts die first on hgx-e03 with 'uncorrectable NVLink error' on rank 22 at the same moment dmesg logs fatal Xid 74 on link 11 of GPU 6, and nvlink -e shows replay/CRC errors only on that link; the other nodes only time out afterwards.",
            "https://github.com/MIC-DKFZ/nnUNet/issues/1519")
    return b


def host_mce(name):
    b = Bundle(name)
    r = rng(3712)
    nodes = ["cn-f%02d" % i for i in range(1, 9)]
    bad = "cn-f06"
    tdie = T("2024-11-20 09:47:22")
    b.add("ticket.txt", [
        "Ticket HPC-20941  Wed 2024-11-20 11:15 CET",
        "detr-xl job 903118 ended NODE_FAIL. The Slurm output has connection-reset errors from all nodes. Node cn-f06",
        "rebooted on its own; I grabbed its previous-boot journal. Also attached: slurmctld lines and sacct.",
    ])
    L = []
    ts = add(tdie, -900)
    for ep_it in range(3000, 3300, 50):
        L.append("0: Epoch: [37]  [%4d/7393]  eta: 2:11:07  lr: 0.000100  loss: %.4f (%.4f)  loss_ce: %.4f  loss_bbox: %.4f  loss_giou: %.4f  time: 1.0721  data: 0.0211  max mem: 61022"
                 % (ep_it, 6.1 + r.uniform(-0.2, 0.2), 6.2, 0.41 + r.uniform(-0.02, 0.02), 0.122, 0.388))
    for k, n in enumerate(nodes):
        if n == bad:
            continue
        L.append("%d: [rank%d]:[%s %d ProcessGroupNCCL.cpp:1567] [PG ID 0 PG GUID 0(default_pg) Rank %d] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection reset by peer"
                 % (k, k * 8, glog(add(tdie, 31 + k), "W"), 5100 + k, k * 8))
        L.append("%d: %s:%d:%d [2] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.9.0.%d<52310> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.9.0.%d remoteGids::ffff:10.9.0.%d hca mlx5_2"
                 % (k, n, 51000 + k, 51200 + k, 10 + nodes.index(bad), 10 + k, 10 + nodes.index(bad)))
    L.append("srun: error: Node failure on cn-f06")
    L.append("srun: error: cn-f06: tasks 5: Killed")
    L.append("slurmstepd: error: *** JOB 903118 ON cn-f01 CANCELLED AT 2024-11-20T09:53:30 DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***")
    b.add("slurm-903118.out", L)
    J = ["-- Journal begins at Thu 2024-10-03 07:12:03 CET, ends at Wed 2024-11-20 09:47:22 CET. --",
         "%s %s systemd[1]: Started Session 812 of user svc-slurm." % (syslog(add(tdie, -3600)), bad),
         "%s %s kernel: mce: [Hardware Error]: Machine check events logged" % (syslog(add(tdie, -1320)), bad),
         "%s %s kernel: EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x2f1b882 offset:0x3c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:0 bg:1 ba:2 row:0x1e21 col:0x3c0)" % (syslog(add(tdie, -1320)), bad),
         "%s %s kernel: EDAC MC1: 27 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x2f1b882 offset:0x3c0 grain:32 syndrome:0x0 - OVERFLOW err_code:0x0000:0x009f socket:1 imc:0 rank:0)" % (syslog(add(tdie, -300)), bad),
         "%s %s kernel: mce: CMCI storm detected: switching to poll mode" % (syslog(add(tdie, -120)), bad),
         "%s %s kernel: mce: [Hardware Error]: CPU 47: Machine Check Exception: 5 Bank 13: be00000000800090" % (syslog(tdie), bad),
         "%s %s kernel: mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9a2c3d11> {clear_page_erms+0x11/0x20}" % (syslog(tdie), bad),
         "%s %s kernel: mce: [Hardware Error]: TSC 2c1f0a9be1d8e ADDR 2f1b8823c0 MISC 200000c000000086 " % (syslog(tdie), bad),
         "%s %s kernel: mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1732092442 SOCKET 1 APIC 5e microcode 2b0005c0" % (syslog(tdie), bad),
         "%s %s kernel: EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x2f1b882 offset:0x3c0 grain:32 - err_code:0x0080:0x0090 socket:1 imc:0 rank:0)" % (syslog(tdie), bad),
         "%s %s kernel: Kernel panic - not syncing: Fatal machine check" % (syslog(tdie), bad)]
    b.add("%s/journalctl_-b-1_-k.txt" % bad, J)
    b.add("slurmctld_excerpt.log", [
        "[2024-11-20T09:49:02.113] error: Nodes cn-f06 not responding",
        "[2024-11-20T09:53:22.481] error: Nodes cn-f06 not responding, setting DOWN",
        "[2024-11-20T09:53:30.004] Killing JobId=903118 on failed node cn-f06",
        "[2024-11-20T09:53:30.005] _job_complete: JobId=903118 WTERMSIG 9",
        "[2024-11-20T09:53:30.005] _job_complete: JobId=903118 done",
        "[2024-11-20T09:58:41.771] Node cn-f06 now responding",
        "[2024-11-20T09:58:41.772] node cn-f06 returned to service (unexpected reboot)"])
    b.add("sacct.txt", sacct([("903118", "detr-xl", "a100", "vision", "512", "NODE_FAIL", "1:0", "2024-11-19T21:02:41", "2024-11-20T09:53:30", "cn-f[01-08]"),
                              ("903118.0", "python", "", "vision", "512", "CANCELLED", "0:9", "2024-11-19T21:02:42", "2024-11-20T09:53:30", "cn-f[01-08]")]))
    b.add("cn-f02/dmesg_tail.txt", ["%s NVRM: Xid (PCI:0000:b7:00): 63, pid=' ', name=, Row Remapper: New row (0x00000000000a1f20) marked for remapping, reset gpu to activate." % dmesg_T(T("2024-11-12 16:22:09")),
                                    "%s nvidia-smi: GPU 0000:b7:00.0 reset successful" % dmesg_T(T("2024-11-12 18:01:55"))])
    b.label("host", "infrastructure", {"node": bad}, "restart_without_node",
            "cn-f06 logged a CE storm and then an uncorrectable DIMM error with a fatal machine-check kernel panic at 09:47:22; Slurm then marked it down (NODE_FAIL) and the connection resets on the other nodes followed. The old Xid 63 on cn-f02 was already handled days earlier.",
            "https://github.com/ovro-lwa/lwa-issues/issues/117")
    return b


def contained_ecc(name):
    b = Bundle(name)
    r = rng(3713)
    pods = ["sd3-ft-worker-%d" % i for i in range(2)]
    hosts = ["k8s-h100-21", "k8s-h100-22"]
    bad_host, bad_gpu = "k8s-h100-22", 3
    bad_rank = 8 + bad_gpu
    tf = T("2024-11-22 19:05:44.201")
    b.add("ticket.txt", [
        "PAGE #4449  Fri 2024-11-22 19:20 UTC",
        "sd3-ft (2 pods x 8) crashed with 'uncorrectable ECC error encountered' on one rank. The GPU health operator",
        "then reset that GPU. Attached pod logs, node dmesg, row-remapper state after the reset, kubectl events.",
    ])
    for w, (p, h) in enumerate(zip(pods, hosts)):
        L = []
        ts = add(tf, -400)
        if w == 0:
            for st in range(6400, 6440, 10):
                L.append("%s INFO train: step=%d loss=%.4f lr=1.0e-05 it/s=%.2f" % (pylog(ts), st, 0.118 + r.uniform(-0.01, 0.01), 1.62 + r.uniform(-0.02, 0.02)))
                ts = add(ts, 6.2)
        if h == bad_host:
            L += ["[rank%d]: Traceback (most recent call last):" % bad_rank,
                  "[rank%d]:   File \"/app/train_sd3.py\", line 512, in <module>" % bad_rank,
                  "[rank%d]:   File \"/app/train_sd3.py\", line 401, in train_step" % bad_rank,
                  "[rank%d]:     loss = F.mse_loss(model_pred.float(), target.float(), reduction=\"mean\")" % bad_rank,
                  "[rank%d]: RuntimeError: CUDA error: uncorrectable ECC error encountered" % bad_rank,
                  "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % bad_rank,
                  "[rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % bad_rank]
            L += ["E%s torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (add(tf, 3).strftime("%m%d %H:%M:%S.%f"), bad_gpu, 140 + bad_gpu)]
        else:
            L += watchdog_timeout(2, add(tf, 600.3), 128832, "ALLREDUCE", 2048, 600000)[:2]
        b.add("pods/%s.log" % p, L)
    boot = T("2024-11-08 06:00:00")
    b.add("nodes/%s/dmesg.txt" % bad_host, [
        "%s NVRM: Xid (PCI:%s): 94, pid=%d, name=python, Contained: SM (0x1). RST: No, D-RST: No" % (dmesg_T(add(tf, -0.05)), PCI[bad_gpu], 143),
        "%s NVRM: Xid (PCI:%s): 63, pid=' ', name=, Row Remapper: New row (0x0000000000e1a0c0) marked for remapping, reset gpu to activate." % (dmesg_T(add(tf, -0.04)), PCI[bad_gpu]),
        "%s nvidia 0000:5d:00.0: GPU reset requested by gpu-health-operator (reason: row remap pending)" % dmesg_T(add(tf, 95)),
        "%s NVRM: GPU at PCI:%s: GPU-31d0a8f2-18b4-4be0-b77c-0d6c5e2a9f03" % (dmesg_T(add(tf, 97)), PCI[bad_gpu])])
    b.add("nodes/%s/nvidia-smi-q-d-ROW_REMAPPER.txt" % bad_host, [
        "==============NVSMI LOG==============", "Timestamp                                 : Fri Nov 22 19:14:03 2024",
        "GPU 00000000:5D:00.0", "    Remapped Rows", "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1", "        Pending                           : No",
        "        Remapping Failure Occurred        : No", "        Bank Remap Availability Histogram",
        "            Max                           : 639 bank(s)", "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)", "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)"])
    b.add("nodes/%s/nvidia-smi-q-d-ECC.txt" % bad_host, [
        "GPU 00000000:5D:00.0", "    ECC Mode", "        Current                           : Enabled",
        "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0", "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0", "            DRAM Correctable              : 0", "            DRAM Uncorrectable            : 0",
        "        Aggregate", "            SRAM Correctable              : 0", "            DRAM Correctable              : 2",
        "            DRAM Uncorrectable            : 1"])
    b.add("kubectl_get_events.txt", [
        "LAST SEEN   TYPE      REASON            OBJECT                  MESSAGE",
        "14m         Warning   GpuXidError       node/k8s-h100-22        Xid 94 (contained ECC) on GPU 3 (PCI 0000:5d:00), pid 143",
        "14m         Normal    GpuResetStarted   node/k8s-h100-22        gpu-health-operator resetting GPU 3 to apply pending row remap",
        "13m         Normal    GpuResetDone      node/k8s-h100-22        GPU 3 reset complete; row remap applied, no pending remaps",
        "13m         Normal    NodeReady         node/k8s-h100-22        dcgm level-1 check passed on 8/8 GPUs",
        "12m         Warning   BackoffLimit      pytorchjob/sd3-ft       worker sd3-ft-worker-1 failed (exit 1); restartPolicy=ExitCode, restarts 0/3"])
    b.label("gpu_memory", "infrastructure", {"node": bad_host, "rank": bad_rank}, "restart",
            "Rank 11 died with 'uncorrectable ECC error' at the moment k8s-h100-22 logged Xid 94 (contained) plus Xid 63 on GPU 3; after the operator's GPU reset the row remap is applied, nothing is pending and no remap failure, so the job can be restarted on the same node.",
            "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")
    return b
