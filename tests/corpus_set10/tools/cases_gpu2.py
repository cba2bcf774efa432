"""z06-z10: contained ECC, PCIe/AER GPU loss, NVLink Xid 74, fabric manager, NVSwitch SXid."""
import random

from common import (Bundle, t0, plus, glog_ns, iso, iso_precise, pylog, syslog, uptime, bus_ids, ctime,
                    nccl_init, watchdog_timeout, cuda_error_block, elastic_failure, sigterm_lines,
                    harmless_warnings, ds_step, nvidia_smi_q, nvidia_smi_table, kernel_noise)


def _rng(fn):
    return random.Random("corpus_set10/" + fn)


def z06_xid94_contained_nemo():
    """NeMo console per node; journalctl -k -o short-iso-precise has Xid 94 contained ECC on one node."""
    rng = _rng("z06_xid94_contained_nemo")
    b = Bundle("z06_xid94_contained_nemo")
    hosts = ["dgx-h100-031", "dgx-h100-032", "dgx-h100-033", "dgx-h100-034"]
    t = t0(2026, 4, 18, 11, 30, 0)
    fail = plus(t, 6 * 3600 + 77)
    for n, h in enumerate(hosts):
        log = ["[NeMo I %s nemo_logging:381] Experiments will be logged at /results/nemotron-15b/2026-04-18_11-30-00" % t.strftime("%Y-%m-%d %H:%M:%S"),
               "[NeMo W %s nemo_logging:393] The checkpoint callback was told to monitor 'val_loss' but it could not find it; defaulting to 'reduced_train_loss'" % t.strftime("%Y-%m-%d %H:%M:%S")]
        tt = plus(t, 120)
        step = 0
        while tt < fail:
            tt = plus(tt, 25 * 4.31)
            step += 25
            if n == 3:
                log.append("Epoch 0: : %d/200000 [%s<%s, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=4.31]"
                           % (step, "%d:%02d:%02d" % ((step * 4) // 3600, ((step * 4) // 60) % 60, (step * 4) % 60), "99:00:00", 2.1 - step * 0.00005 + rng.uniform(-0.02, 0.02), step, step * 1152))
        if n == 1:
            r = 8 + 6
            log += cuda_error_block(r, "uncorrectable ECC error encountered")
            log.append("Error executing job with overrides: ['trainer.num_nodes=4', 'model.tensor_model_parallel_size=4']")
        else:
            log += watchdog_timeout(plus(fail, 600), n * 8, 73101, pid=51000)[:6]
        log += ["[NeMo W %s exp_manager:1105] Received SIGTERM, saving nothing" % plus(fail, 660).strftime("%Y-%m-%d %H:%M:%S")]
        b.add("%s/nemo_console.log" % h, log)
        j = []
        kt = plus(t, -1200)
        for ln in kernel_noise(rng, 40):
            kt = plus(kt, rng.uniform(60, 700))
            j.append("%s %s kernel: %s" % (iso_precise(kt), h, ln))
        if n == 1:
            bus = bus_ids(rng)[6].lower()[:-2]
            x = plus(fail, -0.2)
            j += ["%s %s kernel: NVRM: Xid (PCI:%s): 94, pid=51006, name=python, Contained: CE User Channel (0x9). RST: No, D-RST: No" % (iso_precise(x), h, bus),
                  "%s %s kernel: NVRM: Xid (PCI:%s): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000003c1a07) was marked for remapping, reset gpu to activate." % (iso_precise(plus(x, 0.004)), h, bus)]
        b.add("%s/journalctl-k.txt" % h, sorted(j))
    b.set_label("gpu_memory", "infrastructure", "dgx-h100-032", "restart_without_node",
                "dgx-h100-032's kernel journal shows Xid 94 (contained uncorrectable ECC) and a new row marked for remapping at "
                "the moment rank 14 failed with 'uncorrectable ECC error'; the other nodes only report collective timeouts.",
                "https://github.com/leptonai/gpud/pull/1174", rank=14)
    return b


def z07_pcie_aer_gpu_lost_lightning():
    """Lightning console; one node's dmesg fills with PCIe AER timeouts, then nvidia-smi cannot find a GPU."""
    rng = _rng("z07_pcie_aer_gpu_lost_lightning")
    b = Bundle("z07_pcie_aer_gpu_lost_lightning")
    hosts = ["node-7f01", "node-7f02"]
    t = t0(2026, 7, 1, 8, 0, 0)
    boot = plus(t, -5000)
    fail = plus(t, 2 * 3600 + 300)
    buses = bus_ids(rng)
    for n, h in enumerate(hosts):
        log = ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores",
               "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (n * 8, n * 8 + 1),
               "----------------------------------------------------------------------------------------------------",
               "distributed_backend=nccl", "All distributed processes registered. Starting with 16 processes",
               "----------------------------------------------------------------------------------------------------",
               "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
               "  | Name  | Type          | Params | Mode ", "0 | model | ViTGiant      | 1.8 B  | train",
               "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/data_connector.py:425: The 'val_dataloader' does not have many workers which may be a bottleneck."]
        tt = plus(t, 30)
        for e in range(3):
            for i in range(0, 1201, 50):
                tt = plus(tt, 50 * 2.3)
                if tt > fail:
                    break
                log.append("Epoch %d:  %d%%|%s| %d/1200 [%02d:%02d<%02d:%02d, 0.43it/s, v_num=7, train_loss=%.3f]" % (e, i * 100 // 1200, "#" * (i * 10 // 1200), i, (i * 2) // 60, (i * 2) % 60, ((1200 - i) * 2) // 60, ((1200 - i) * 2) % 60, 1.4 - e * 0.2 - i * 0.0001 + rng.uniform(-0.02, 0.02)))
        if n == 1:
            log += cuda_error_block(11, "unspecified launch failure")
            log.append("[rank11]:%s 2201 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 11] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure" % glog_ns(fail))
        else:
            log += watchdog_timeout(plus(fail, 1800), 0, 40113, timeout_ms=1800000, pid=2200)[:5]
        b.add("%s/lightning_console.log" % h, log)
        d = []
        kt = plus(t, -3000)
        for ln in kernel_noise(rng, 20):
            kt = plus(kt, rng.uniform(50, 600))
            d.append("%s %s" % (uptime(boot, kt), ln))
        if n == 1:
            x = plus(fail, -95)
            for k in range(14):
                x = plus(x, rng.uniform(0.5, 6))
                d += ["%s pcieport 0000:5c:01.0: AER: Corrected error received: 0000:5c:01.0" % uptime(boot, x),
                      "%s pcieport 0000:5c:01.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)" % uptime(boot, x),
                      "%s pcieport 0000:5c:01.0:   device [8086:352a] error status/mask=00001000/00002000" % uptime(boot, x),
                      "%s pcieport 0000:5c:01.0:    [12] Timeout               " % uptime(boot, x)]
            bus = buses[3].lower()[:-2]
            d += ["%s pcieport 0000:5c:01.0: AER: Uncorrected (Non-Fatal) error received: 0000:5d:00.0" % uptime(boot, plus(fail, -1)),
                  "%s NVRM: Xid (PCI:%s): 79, pid=2203, name=python, GPU has fallen off the bus." % (uptime(boot, plus(fail, -0.5)), bus),
                  "%s NVRM: GPU %s.0: GPU is on Board 1652523044127." % (uptime(boot, plus(fail, -0.5)), bus)]
            b.add("%s/nvidia-smi.txt" % h, ["Unable to determine the device handle for GPU%s: Unknown Error" % buses[3].replace("0000:", "0000:")] +
                  nvidia_smi_table(plus(fail, 600), [x for i, x in enumerate(buses) if i != 3], util=0, mem_used=3, procs=None))
        else:
            b.add("%s/nvidia-smi.txt" % h, nvidia_smi_table(plus(fail, 600), buses, util=100, mem_used=70411, procs=[2200 + i for i in range(8)]))
        b.add("%s/dmesg.txt" % h, sorted(d, key=lambda s: float(s[1:13])))
    b.set_label("gpu_hardware", "infrastructure", "node-7f02", "restart_without_node",
                "node-7f02's dmesg shows a burst of PCIe AER timeouts on the root port above GPU 3, then Xid 79; rank 11 died "
                "with 'unspecified launch failure' and nvidia-smi on that node can no longer open the device.",
                "https://github.com/rwth-i6/returnn/issues/1486", rank=11)
    return b


def z08_xid74_nvlink_pdsh():
    """DeepSpeed launcher via pdsh: every line prefixed with 'host: '; Xid 74 in one node's syslog."""
    rng = _rng("z08_xid74_nvlink_pdsh")
    b = Bundle("z08_xid74_nvlink_pdsh")
    hosts = ["worker-0", "worker-1", "worker-2", "worker-3"]
    t = t0(2026, 8, 3, 2, 15, 0)
    fail = plus(t, 4 * 3600 + 1234)
    out = ["[%s] [INFO] [runner.py:463:main] Using IP address of 10.5.0.10 for node worker-0" % pylog(t),
           "[%s] [INFO] [multinode_runner.py:81:get_cmd] Running on the following workers: worker-0,worker-1,worker-2,worker-3" % pylog(t),
           "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w worker-0,worker-1,worker-2,worker-3 export NCCL_DEBUG=WARN; ..." % pylog(t)]
    for h in hosts:
        out.append("%s: [%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'worker-0': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-1': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-2': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-3': [0, 1, 2, 3, 4, 5, 6, 7]}" % (h, pylog(plus(t, 3))))
        out.append("%s: [%s] [INFO] [launch.py:164:main] dist_world_size=32" % (h, pylog(plus(t, 3))))
    tt = plus(t, 80)
    step = 0
    while tt < fail:
        tt = plus(tt, 10 * 5.02)
        step += 10
        a, c, _ = ds_step(tt, step, 0, 1.5e-4, 51.0 + rng.uniform(-0.4, 0.4))
        out.append("worker-0: " + a)
        out.append("worker-0: " + c)
        if step % 100 == 0:
            out.append("worker-0: {'loss': %.4f, 'learning_rate': 0.00015, 'epoch': %.2f}" % (2.2 - step * 0.00003 + rng.uniform(-0.03, 0.03), step / 30000))
    out += ["worker-2: worker-2:61244:61802 [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.5.0.12<41377> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.5.0.12 remoteGids::ffff:10.5.0.11",
            "worker-1: worker-1:73110:73699 [5] enqueue.cc:1203 NCCL WARN Cuda failure 'unspecified launch failure'",
            "worker-1: [rank13]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.19.3",
            "worker-1: [rank13]: ncclUnhandledCudaError: Call to CUDA function failed.",
            "worker-1: [rank13]: Last error:",
            "worker-1: [rank13]: Cuda failure 'unspecified launch failure'"]
    for h in ("worker-0", "worker-3", "worker-2"):
        for l in (0, 4):
            out += ["%s: %s" % (h, x) for x in watchdog_timeout(plus(fail, 1800), hosts.index(h) * 8 + l, 88041, timeout_ms=1800000, pid=61000 + l)[:4]]
    out += ["worker-1: [%s] [INFO] [launch.py:351:sigkill_handler] Killing subprocess 73110" % pylog(plus(fail, 2)),
            "worker-1: [%s] [ERROR] [launch.py:357:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=5', '--deepspeed', 'ds_z3.json'] exits with return code = -6" % pylog(plus(fail, 3)),
            "pdsh@worker-0: worker-1: ssh exited with exit code 250",
            "pdsh@worker-0: worker-0: ssh exited with exit code 1", "pdsh@worker-0: worker-3: ssh exited with exit code 1", "pdsh@worker-0: worker-2: ssh exited with exit code 1"]
    b.add("worker-0/deepspeed_launcher.out", out)
    for n, h in enumerate(hosts):
        s = []
        kt = plus(t, -600)
        for ln in kernel_noise(rng, 25):
            kt = plus(kt, rng.uniform(60, 900))
            s.append("%s %s kernel: [%d.%06d] %s" % (syslog(kt), h, int((kt - t).total_seconds()) + 90000, rng.randint(0, 999999), ln))
        if h == "worker-1":
            bus = bus_ids(rng)[5].lower()[:-2]
            x = plus(fail, -1)
            s += ["%s %s kernel: [%d.%06d] NVRM: Xid (PCI:%s): 74, pid=73110, name=python, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % (syslog(x), h, int((x - t).total_seconds()) + 90000, 41, bus),
                  "%s %s kernel: [%d.%06d] NVRM: Xid (PCI:%s): 74, pid=73110, name=python, NVLink: fatal error detected on link 12(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % (syslog(x), h, int((x - t).total_seconds()) + 90000, 57, bus),
                  "%s %s kernel: [%d.%06d] NVRM: Xid (PCI:%s): 45, pid=73110, name=python, Ch 00000010" % (syslog(plus(x, 1)), h, int((x - t).total_seconds()) + 90001, 3, bus)]
        b.add("%s/syslog" % h, sorted(s))
    b.set_label("nvlink", "infrastructure", "worker-1", "restart_without_node",
                "worker-1's syslog shows Xid 74 fatal NVLink errors on two links of GPU 5 a second before rank 13 got "
                "'unspecified launch failure'; the IB completion error on worker-2 and the timeouts are downstream.",
                "https://github.com/pytorch/pytorch/issues/58155")
    return b


def z09_fabric_manager_mismatch():
    """After a driver update one node's nvidia-fabricmanager refuses to start; CUDA returns error 802 there."""
    rng = _rng("z09_fabric_manager_mismatch")
    b = Bundle("z09_fabric_manager_mismatch")
    hosts = ["a100-r2-n01", "a100-r2-n02", "a100-r2-n03", "a100-r2-n04"]
    t = t0(2026, 9, 22, 7, 5, 0)
    for n, h in enumerate(hosts):
        log = ["W0922 07:05:02.118000 %d torch/distributed/run.py:793] *****************************************" % (3300 + n),
               "W0922 07:05:02.118000 %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default" % (3300 + n)]
        if n == 2:
            for l in range(8):
                log += ["[rank%d]: /usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)" % (16 + l),
                        "[rank%d]:   return torch._C._cuda_getDeviceCount() > 0" % (16 + l),
                        "[rank%d]: RuntimeError: No CUDA GPUs are available" % (16 + l)]
            log += elastic_failure(plus(t, 9), h, "train_ddp.py", [(16, 0, 1, 3410, None), (17, 1, 1, 3411, None), (18, 2, 1, 3412, None)])
        else:
            for l in range(0, 8, 4):
                log += ["[rank%d]:%s" % (n * 8 + l, x) for x in nccl_init(h, 3400 + l, l, n * 8 + l, 32, bus_ids(rng)[l])[:5]]
            log += ["[rank%d]:[E%s %d ProcessGroupNCCL.cpp:1316] [PG ID 0 PG GUID 0(default_pg) Rank %d] Received a dump signal due to a collective timeout from  rank 16 and we will try our best to dump the debug info." % (n * 8, plus(t, 1810).strftime("%m%d %H:%M:%S.%f"), 3400, n * 8),
                    "[rank%d]: torch.distributed.DistStoreError: Socket Timeout" % (n * 8 + 1),
                    "W0922 07:35:14.002000 %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (3300 + n, 3401)]
        b.add("%s/torchrun.out" % h, log)
        drv = "550.127.05"
        fm = ["-- Logs begin at %s --" % ctime(plus(t, -7200))]
        if n == 2:
            fm += ["%s %s systemd[1]: Starting NVIDIA fabric manager service..." % (syslog(plus(t, -900)), h),
                   "%s %s nv-fabricmanager[2291]: fabric manager NVIDIA GPU driver interface version 550.90.07 don't match with driver version 550.127.05. Please update with matching NVIDIA driver package." % (syslog(plus(t, -899)), h),
                   "%s %s systemd[1]: nvidia-fabricmanager.service: Control process exited, code=exited, status=1/FAILURE" % (syslog(plus(t, -899)), h),
                   "%s %s systemd[1]: nvidia-fabricmanager.service: Failed with result 'exit-code'." % (syslog(plus(t, -899)), h),
                   "%s %s systemd[1]: Failed to start NVIDIA fabric manager service." % (syslog(plus(t, -899)), h)]
        else:
            fm += ["%s %s systemd[1]: Starting NVIDIA fabric manager service..." % (syslog(plus(t, -7000)), h),
                   "%s %s nv-fabricmanager[2188]: Connected to 1 node." % (syslog(plus(t, -6996)), h),
                   "%s %s nv-fabricmanager[2188]: Successfully configured all the available NVSwitches to route GPU NVLink traffic. NVLink Peer-to-Peer support will be enabled once the GPUs are successfully registered with the NVLink fabric." % (syslog(plus(t, -6995)), h),
                   "%s %s systemd[1]: Started NVIDIA fabric manager service." % (syslog(plus(t, -6995)), h)]
        b.add("%s/journalctl-u-nvidia-fabricmanager.txt" % h, fm)
        b.add("%s/nvidia-smi.txt" % h, nvidia_smi_table(plus(t, 2000), bus_ids(rng), driver=drv, util=0, mem_used=4, procs=None))
    b.set_label("nvlink", "infrastructure", "a100-r2-n03", "restart_without_node",
                "Only a100-r2-n03 fails CUDA init with error 802 'system not yet initialized'; its fabric manager refused to "
                "start because its version no longer matches the updated driver. The other nodes time out waiting for it.",
                "https://github.com/dstackai/dstack/issues/2348")
    return b


def z10_nvswitch_sxid_dcgmi():
    """SXid fatal on an NVSwitch in dmesg, Xid 45 on GPUs, dcgmi health -c reporting NVSwitch fatal."""
    rng = _rng("z10_nvswitch_sxid_dcgmi")
    b = Bundle("z10_nvswitch_sxid_dcgmi")
    hosts = ["h100-pod3-07", "h100-pod3-08", "h100-pod3-09"]
    t = t0(2026, 10, 5, 13, 0, 0)
    fail = plus(t, 3 * 3600 + 41)
    for n, h in enumerate(hosts):
        log = []
        tt = plus(t, 60)
        it = 0
        while tt < fail:
            it += 10
            tt = plus(tt, 10 * 1.61)
            if n == 2:
                log.append(" [%s] iteration %8d/  300000 | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: 1.200000E-04 | global batch size:   512 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
                           % (tt.strftime("%Y-%m-%d %H:%M:%S"), it, it * 512, 1610 + rng.uniform(-15, 15), 2.5 - it * 0.000004 + rng.uniform(-0.01, 0.01), rng.uniform(0.2, 0.4)))
        if n == 1:
            for l in (1, 2, 6):
                log += ["[rank%d]: RuntimeError: CUDA error: unspecified launch failure" % (8 + l)]
                log += ["[rank%d]:%s" % (8 + l, x) for x in watchdog_timeout(plus(fail, 0.3), 8 + l, 120413, pid=8800 + l)[5:8]]
        else:
            for l in (0, 5):
                log += ["[rank%d]:%s" % (n * 8 + l, x) for x in watchdog_timeout(plus(fail, 600), n * 8 + l, 120413, pid=8800 + l)[:5]]
        b.add("%s/megatron.log" % h, log)
        d = []
        for ln in kernel_noise(rng, 20):
            d.append("kern  :info  : %s %s" % (iso_precise(plus(t, rng.uniform(-3000, 9000))).replace(".", ","), ln))
        if n == 1:
            x = plus(fail, -0.6)
            d += ["kern  :err   : %s nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Fatal, Link 33 sourcetrack timeout error" % iso_precise(x).replace(".", ","),
                  "kern  :err   : %s nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Severity 1 Engine instance 33 Sub-engine instance 00" % iso_precise(x).replace(".", ","),
                  "kern  :err   : %s nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Data {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}" % iso_precise(x).replace(".", ",")]
            for l, bus in enumerate(bus_ids(rng)):
                if l in (1, 2, 6):
                    d.append("kern  :err   : %s NVRM: Xid (PCI:%s): 45, pid=%d, name=python, Ch 00000008" % (iso_precise(plus(x, 0.4)).replace(".", ","), bus.lower()[:-2], 8800 + l))
            b.add("%s/dcgmi_health_c.txt" % h, [
                "+---------------------------+----------------------------------------------------------+",
                "| Health Monitor Report                                                                |",
                "+===========================+==========================================================+",
                "| Overall Health            | Failure                                                  |",
                "| Switch ID: 2              |                                                          |",
                "| -> NVSwitch               | Failure                                                  |",
                "|                           | Detected fatal errors on NVSwitch 2, link 33             |",
                "| GPU ID: 1                 | Warning                                                  |",
                "|                           | Detected NvLink inactive links on GPU 1                  |",
                "+---------------------------+----------------------------------------------------------+"])
        b.add("%s/dmesg-iso.txt" % h, sorted(d))
    b.set_label("nvlink", "infrastructure", "h100-pod3-08", "restart_without_node",
                "h100-pod3-08 logs a fatal SXid 24007 on NVSwitch 2 followed by Xid 45 on the three GPUs whose ranks failed; "
                "dcgmi health confirms the switch fault. Timeouts on the other nodes follow.",
                "https://github.com/leptonai/gpud/pull/338")
    return b
