"""Cases bx11..bx20."""
import json
import random

from common import (BUS_H100, Cluster, S, T, UTC, c10_prefix, dmesg_lines, elastic,
                    nvidia_smi_table, render, ts_ctime, ts_iso, ts_k8s, ts_py, ts_syslog,
                    wd_cuda, wd_remote, wd_timeout)
from scen import agent_local_failure, agent_sigterm, megatron_iter, ms
from cases_a import case, survivors_abort, survivors_remote, HARMLESS
import datetime as dt


# =============================================================== bx11
def bx11():
    rng = random.Random(7911)
    hosts = ["gpu-l%02d" % i for i in range(1, 9)]
    cl = Cluster(rng, hosts, ipfmt="10.9.%d.%d")
    style = "v24"
    t0 = T("2025-02-03 09:00:40")
    tval = T("2025-02-03 12:41:16.3")
    seq = 30412
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(30), cl.nccl_init(r)[-1]))
    tt = t0 + S(60)
    step = 0
    while tt < tval - S(200):
        per["gpu-l01"].append((tt, "Epoch 3:  %2d%%|%s| %d/%d [%s<%s, %.2fit/s, v_num=7f3a, train_loss=%.3f]" % (
            step * 100 // 4000, "#" * (step * 10 // 4000), step, 4000, "1:%02d:%02d" % ((step // 60) % 60, step % 60), "2:10:00", 1.92, 0.512 - step * 0.00001)))
        step += 200
        tt += S(104)
    per["gpu-l01"].append((tval - S(190), "Validation DataLoader 0: 100%|##########| 250/250 [03:02<00:00,  1.37it/s]"))
    per["gpu-l01"].append((tval - S(2), "Epoch 3, global step 12000: 'val/acc' reached 0.71234 (best 0.71234), saving model to '/ckpt/vit-h/epoch=3-step=12000.ckpt' as top 1"))
    per["gpu-l01"].append((t0 + S(62), "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/logger_connector/result.py:433: It is recommended to use `self.log('val/acc_best', ..., sync_dist=True)` when logging on epoch level in distributed setting to accumulate the metric across devices."))
    t_enq = tval
    # rank 0 is in a BROADCAST that nobody else entered; everyone else already sits in the
    # next step's gradient ALLREDUCE with the same sequence number.
    fl = survivors_abort(style, cl, hosts, t_enq + S(1800.05), rng, seq, "ALLREDUCE", 26214400, 26214400,
                         1800000, t_enq, "train.py", full_ranks={0, 9, 60},
                         override={0: (t_enq + S(1800.03), "BROADCAST", 1, 1)})
    for h in hosts:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    files["git_diff_since_last_good_run.patch"] = "\n".join([
        "diff --git a/vit/module.py b/vit/module.py",
        "index 41c2e0a..9b7f113 100644",
        "--- a/vit/module.py",
        "+++ b/vit/module.py",
        "@@ -188,9 +188,13 @@ class ViTModule(L.LightningModule):",
        "     def on_validation_epoch_end(self):",
        "         acc = self.val_acc.compute()",
        "         self.log(\"val/acc\", acc, sync_dist=True)",
        "-        self.val_acc.reset()",
        "+        if self.trainer.is_global_zero:",
        "+            # only track the best value on the main process",
        "+            self.best_acc = max(self.best_acc, acc.item())",
        "+            self.log(\"val/acc_best\", self.best_acc, sync_dist=True)",
        "+        self.val_acc.reset()",
        "", ""])
    files["slurm-340087.out"] = "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(hosts))
    return case("bx11_rank0_times_out_on_a_different_collective", files,
                "hang", "script", None, "stop",
                "All ranks time out at SeqNum 30412, but rank 0 is waiting in a BROADCAST of one element while the other 63 ranks are in a 26M-element ALLREDUCE with the same sequence number: the ranks issued different collectives. The diff since the last good run adds a sync_dist log inside 'if self.trainer.is_global_zero', right after the validation end logged at 12:41, so the code deadlocks itself.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")


# =============================================================== bx12
def bx12():
    rng = random.Random(7912)
    hosts = ["gpu-r%02d" % i for i in range(1, 17)]
    cl = Cluster(rng, hosts, ipfmt="10.70.%d.%d")
    style = "v24"
    bad = "gpu-r11"
    rail = 2
    pcis = ["0000:1a:00.0", "0000:3c:00.0", "0000:4d:00.0", "0000:5e:00.0", "0000:9c:00.0", "0000:bc:00.0", "0000:cc:00.0", "0000:dc:00.0"]
    nics = ["ens%dnp0" % x for x in (17, 18, 19, 20, 21, 22, 23, 24)]
    rail_ip = {h: "10.71.%d.%d" % (rail, 11 + i) for i, h in enumerate(hosts)}
    t0 = T("2024-04-22 11:30:02")
    tflap = T("2024-04-22 14:20:03.118")
    per = {h: [] for h in hosts}
    hcas = " ".join("[%d]mlx5_%d:1/RoCE" % (i, i) for i in range(8))
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(28), cl.nccl_init(r, hcas=hcas)[-1]))
    # gpu-r03 still runs with NCCL_DEBUG=INFO and NCCL_DEBUG_SUBSYS=INIT,NET: very chatty
    for r in cl.ranks("gpu-r03"):
        for ch in range(8):
            per["gpu-r03"].append((t0 + S(29), cl.nccl(r, "Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA" % (
                ch, r, cl.lr(r), (r + 8) % cl.world, cl.lr(r), cl.lr(r)), tid=cl.tid[r] + 9)))
            per["gpu-r03"].append((t0 + S(29), cl.nccl(r, "Channel %02d/0 : %d[%d] -> %d[%d] [receive] via NET/IB/%d/GDRDMA" % (
                ch, (r - 8) % cl.world, cl.lr(r), r, cl.lr(r), cl.lr(r)), tid=cl.tid[r] + 9)))
    # NIC on rail 2 of gpu-r11 flaps
    kev = []
    tflaps = [tflap + S(x) for x in (0, 19.4, 47.0, 63.2, 101.7, 140.3)]
    for i, tf in enumerate(tflaps):
        kev.append((tf, "mlx5_core %s %s: Link down" % (pcis[rail], nics[rail])))
        kev.append((tf + S(3.1 + i * 0.4), "mlx5_core %s %s: Link up" % (pcis[rail], nics[rail])))
    kev.insert(0, (tflap - S(0.4), "mlx5_core %s: Port module event[error]: module %d, Cable error, Bad or shorted cable/module" % (pcis[rail], rail)))
    for i in range(3):
        kev.append((tflap + S(0.3 + i * 30), "mlx5_core %s %s: mlx5e_tx_timeout_work:1057:(pid %d): TX timeout on queue: 7, SQ: 0x1a61, CQ: 0x8d4, SQ Cons: 0x3f SQ Prod: 0x52, usecs since last trans: 13208000" % (pcis[rail], nics[rail], 412)))
    rbad = cl.rank(bad, rail)
    per[bad].append((tflap + ms(80), cl.nccl(rbad, "NET/IB : Got async event : port error", level="WARN", tid=cl.tid[rbad] + 2, src="transport/net_ib.cc:131")))
    per[bad].append((tflap + S(3.4), cl.nccl(rbad, "NET/IB : Got async event : port active", level="WARN", tid=cl.tid[rbad] + 2, src="transport/net_ib.cc:131")))
    per[bad].append((tflap + S(19.5), cl.nccl(rbad, "NET/IB : Got async event : port error", level="WARN", tid=cl.tid[rbad] + 2, src="transport/net_ib.cc:131")))
    terr = tflap + S(21.8)
    remote = {}
    # ranks whose ring/tree neighbours are gpu-r11's rail-2 rank see retry-exceeded first
    for h in hosts:
        for r in cl.ranks(h):
            if cl.lr(r) != rail:
                continue
            if h == bad:
                peer = hosts[(hosts.index(h) + 1) % 16]
                msg = "NET/IB : Got completion from peer %s<%d> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (
                    rail_ip[peer], 52311, rail_ip[h], rail_ip[peer])
            else:
                msg = "NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s" % (
                    rail_ip[bad], 50000 + r, r % 2, "Recv" if r % 2 else "Send", rail_ip[h], rail_ip[bad])
            t = terr + S(rng.random() * 1.6)
            per[h].append((t, cl.nccl(r, msg, level="WARN", tid=cl.tid[r] + 5)))
            remote[r] = (t, msg)
    for h in hosts:
        firsts = []
        for r in cl.ranks(h):
            if r in remote:
                t, m = remote[r]
                t = t + ms(250)
            else:
                t = terr + S(2.2 + rng.random() * 1.5)
                m = "socketProgress: Connection closed by remote peer %s<%d>" % (hosts[(hosts.index(h) + 3) % 16], 43000 + r)
            per[h] += wd_remote(style, r, t, "2.21.5", m, full=(r in (2, 42)))
            firsts.append((t, r))
        firsts.sort()
        per[h] += agent_local_failure(style, cl, h, firsts[-1][0] + ms(100), firsts[0][1], -6, "pretrain.py",
                                      also_failed=[(r, -6, t) for t, r in firsts[1:]], root_time=firsts[0][0])
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    boot = T("2024-04-19 08:00:00")
    files["%s/journal_kernel.txt" % bad] = "\n".join(dmesg_lines("iso", [(boot, "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) #115-Ubuntu SMP")] + kev, host=bad)) + "\n"
    for h in ("gpu-r03", "gpu-r10", "gpu-r12"):
        files["%s/journal_kernel.txt" % h] = "\n".join(dmesg_lines("iso", [
            (boot + S(hosts.index(h) * 11), "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) #115-Ubuntu SMP"),
            (boot + S(hosts.index(h) * 11 + 17), "mlx5_core %s %s: Link up" % (pcis[rail], nics[rail]))], host=h)) + "\n"
    files["%s/ethtool_S_%s.txt" % (bad, nics[rail])] = "\n".join([
        "$ ethtool -S %s | egrep 'err|down|discard'   # 2024-04-22 14:31" % nics[rail],
        "     rx_crc_errors_phy: 184223", "     rx_symbol_err_phy: 90412", "     rx_corrected_bits_phy: 5523129",
        "     link_down_events_phy: 14", "     rx_discards_phy: 0", "     tx_discards_phy: 201", ""])
    files["gpu-r10/ethtool_S_%s.txt" % nics[rail]] = "\n".join([
        "$ ethtool -S %s | egrep 'err|down|discard'   # 2024-04-22 14:32" % nics[rail],
        "     rx_crc_errors_phy: 0", "     rx_symbol_err_phy: 0", "     rx_corrected_bits_phy: 18",
        "     link_down_events_phy: 1", "     rx_discards_phy: 0", "     tx_discards_phy: 0", ""])
    topo = {"leaf-a-rail%d" % k: hosts[:8] for k in range(8)}
    topo.update({"leaf-b-rail%d" % k: hosts[8:] for k in range(8)})
    files["topology.json"] = json.dumps({"topology": topo}, indent=1, sort_keys=True) + "\n"
    files["slurm-61022.out"] = "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(sorted(hosts, key=lambda x: (x != "gpu-r03", x))))
    return case("bx12_retry_exceeded_everywhere_loudest_on_gpu_r03", files,
                "network", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "gpu-r03 has the most output (NCCL_DEBUG=INFO) but every status=12 completion error names the rail-2 address of gpu-r11 as the peer, and only gpu-r11's kernel log shows its rail-2 port (ens19np0) going down and up six times from 14:20:03 with 14 link-down events and CRC/symbol errors in ethtool; gpu-r10 and gpu-r12 on the same leaf switch are clean. One node's NIC/cable.",
                "https://github.com/NVIDIA/nccl/issues/905")


# =============================================================== bx13
def bx13():
    rng = random.Random(7913)
    hosts = ["dgx-%02d" % i for i in range(1, 17)]
    cl = Cluster(rng, hosts, ipfmt="10.50.%d.%d")
    style = "v22"
    bad, lr = "dgx-14", 6
    rbad = cl.rank(bad, lr)
    t0 = T("2024-02-27 13:20:05")
    tx = T("2024-02-27 17:45:01.33")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(30), cl.nccl_init(r, nccl_ver="2.19.3+cuda12.3", cuda_drv="12030")[-1]))
        per[h].append((t0 + S(33), "[2024-02-27 13:20:38,771] torch.distributed.elastic.agent.server.api: [INFO] [default] Starting worker group"))
    tt = t0 + S(200)
    it = 5000
    while tt < tx:
        per["dgx-16"].append((tt, megatron_iter(tt, it, 80000, it * 4096, 6620 + rng.random() * 30, 2.5e-4,
                                                 2.31 - it * 1e-6 + rng.random() * 0.03, 1.0, 0.27 + rng.random() * 0.03)))
        it += 20
        tt += S(6.62 * 20)
    tc = tx + ms(870)
    per[bad].append((tc - ms(2), cl.nccl(rbad, "Cuda failure 'uncorrectable NVLink error detected during the execution'", level="WARN", tid=cl.pid[rbad], src="enqueue.cc:1236")))
    per[bad].append((tc, "\n".join("[rank%d]: %s" % (rbad, l) for l in [
        "Traceback (most recent call last):",
        '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 243, in <module>',
        "    pretrain(train_valid_test_datasets_provider,",
        '  File "/workspace/Megatron-LM/megatron/core/tensor_parallel/mappings.py", line 64, in _reduce',
        "    torch.distributed.all_reduce(input_, group=get_tensor_model_parallel_group())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 2219, in all_reduce',
        "    work = group.allreduce([tensor], opts)",
        "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.19.3",
        "ncclUnhandledCudaError: Call to CUDA function failed.",
        "Last error:",
        "Cuda failure 'uncorrectable NVLink error detected during the execution'"])))
    per[bad] += agent_local_failure(style, cl, bad, tc + ms(700), rbad, 1, "pretrain_gpt.py", root_time=tc)
    t_enq = tc - ms(90)
    others = [h for h in hosts if h != bad]
    fl = survivors_abort(style, cl, others, t_enq + S(1800.03), rng, 1012733, "ALLREDUCE", 50331648, 50331648,
                         1800000, t_enq, "pretrain_gpt.py", full_ranks={0, 100})
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/stdout_%s.log" % (h, h)] = render(per[h])
    bus = BUS_H100[lr]
    files["%s/dmesg_T.txt" % bad] = "\n".join(dmesg_lines("ctime", [
        (T("2024-02-20 09:14:40"), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.154.05  Thu Dec 28 15:37:48 UTC 2023"),
        (T("2024-02-20 09:15:02"), "nvidia-nvswitch0: open (major=508)"),
        (tx, "NVRM: Xid (PCI:0000:%s:00): 74, pid=%d, name=python3, NVLink: fatal error detected on link 3(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % (bus, cl.pid[rbad])),
        (tx + ms(1), "NVRM: Xid (PCI:0000:%s:00): 45, pid=%d, name=python3, Ch 00000010" % (bus, cl.pid[rbad])),
        (tx + S(2), "nvidia-nvswitch2: SXid (PCI:0000:06:00.0): 12028, Non-fatal, Link 41 egress non-posted PRIV error (First)"),
        (tx + S(2), "nvidia-nvswitch2: SXid (PCI:0000:06:00.0): 12028, Severity 0 Engine instance 41 Sub-engine instance 00"),
        (tx + S(2), "nvidia-nvswitch2: SXid (PCI:0000:06:00.0): 12028, Data {0x00000004, 0x00000004, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}")])) + "\n"
    L = ["$ nvidia-smi nvlink -e -i 6   # collected 2024-02-27 18:20",
         "GPU 6: NVIDIA H100 80GB HBM3 (UUID: GPU-5e3a41f0-88c2-2b7d-90af-6c1d52e0b7a3)"]
    for link in range(18):
        rep, rec, crc = (0, 0, 0) if link != 3 else (4096, 7, 2210)
        L += ["\t Link %d: Replay Errors: %d" % (link, rep), "\t Link %d: Recovery Errors: %d" % (link, rec),
              "\t Link %d: CRC Errors: %d" % (link, crc)]
    files["%s/nvlink_errors_gpu6.txt" % bad] = "\n".join(L) + "\n"
    sl = [(tc + S(2.9), "srun: error: %s: task %d: Exited with exit code 1" % (bad, hosts.index(bad)))]
    for i, h in enumerate(hosts):
        if h != bad:
            sl.append((t_enq + S(1803 + rng.random() * 2), "srun: error: %s: task %d: Exited with exit code 1" % (h, i)))
    files["slurm-1187400.out"] = render(sl)
    return case("bx13_allreduce_timeouts_thirty_minutes_after_last_iteration", files,
                "nvlink", "infrastructure", {"node": bad, "rank": rbad}, "restart_without_node",
                "The c10d lines carry no timestamps, but dgx-14's agent and ChildFailedError put rank 110's failure at 17:45:02, 30 minutes before every other node's watchdog (18:15). Rank 110 (GPU 6, bus ba) died with ncclUnhandledCudaError 'uncorrectable NVLink error', matching dmesg Xid 74 'NVLink: fatal error detected on link 3' at 17:45:01 and thousands of replay/CRC errors on that link.",
                "https://github.com/pytorch/pytorch/issues/58155")


# =============================================================== bx14
def bx14():
    rng = random.Random(7914)
    tz = dt.timezone(dt.timedelta(hours=2))
    nodes = ["k8s-gpu-%03d" % i for i in (3, 4, 5, 7, 8, 9, 11, 12, 14, 15, 16, 17, 19, 21, 22, 23, 26, 27, 28, 29, 31, 33, 34, 35)]
    order = list(nodes)
    rng.shuffle(order)
    pods = ["llm-sft-7b-worker-%d" % i for i in range(24)]
    pod_node = dict(zip(pods, order))
    node_pod = {v: k for k, v in pod_node.items()}
    # inside a pod the hostname NCCL and torchrun report is the pod name
    cl = Cluster(rng, pods, ipfmt="10.244.%d.%d")
    style = "v24"
    bad = "k8s-gpu-021"
    bpod = node_pod[bad]
    lr = 4
    rbad = cl.rank(bpod, lr)
    t0 = T("2024-08-06 09:00:12")
    tx = T("2024-08-06 11:04:09.512")
    per = {p: [] for p in pods}
    for p in pods:
        for r in cl.ranks(p):
            per[p].append((t0 + S(35), cl.nccl_init(r, oob="eth0")[-1]))
    w0 = "llm-sft-7b-worker-0"
    tt = t0 + S(80)
    step = 0
    while tt < tx:
        if step % 25 == 0:
            per[w0].append((tt, "%s - INFO - trainer - step %d/20000 loss=%.4f grad_norm=%.3f lr=%.2e tok/s=%d" % (
                ts_py(tt), step, 1.31 - step * 0.00003 + rng.random() * 0.02, 0.4 + rng.random() * 0.1, 2e-5, 1210000 + rng.randint(0, 20000))))
        step += 1
        tt += S(2.02)
    te = tx + ms(690)
    per[bpod].append((te, "\n".join("[rank%d]: %s" % (rbad, l) for l in [
        "Traceback (most recent call last):",
        '  File "/app/sft/train.py", line 288, in <module>',
        "    main()",
        '  File "/app/sft/train.py", line 251, in main',
        "    loss.backward()",
        '  File "/usr/local/lib/python3.11/site-packages/torch/_tensor.py", line 581, in backward',
        "    torch.autograd.backward(",
        "RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."])))
    per[bpod] += agent_local_failure(style, cl, bpod, te + ms(800), rbad, 1, "/app/sft/train.py", root_time=te)
    others = [p for p in pods if p != bpod]

    def lasterr(r):
        return "socketProgress: Connection closed by remote peer %s<%d>" % (cl.ip[bpod], 35000 + r)
    fl = survivors_remote(style, cl, others, te + S(2.7), rng, "2.21.5", lasterr, "/app/sft/train.py",
                          full_ranks={0})
    for p in others:
        per[p] += fl[p]
    files = {}
    for p in pods:
        evs = sorted(enumerate(per[p]), key=lambda x: (x[1][0], x[0]))
        out = []
        for k, (_, (t, text)) in enumerate(evs):
            for line in text.split("\n"):
                out.append("%s %s" % (ts_k8s(t), line))
        files["%s/pod_%s.log" % (pod_node[p], p)] = "\n".join(out) + "\n"
    bus = BUS_H100[lr]
    kern = [(T("2024-08-01 07:12:40"), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
            (tx, "NVRM: Xid (PCI:0000:%s:00): 95, pid=%d, name=python3, Uncontained: FBHUB. RST: Yes, D-RST: No" % (bus, cl.pid[rbad] + 120000)),
            (tx + ms(3), "NVRM: Xid (PCI:0000:%s:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)" % bus)]
    files["%s/journal_kernel.txt" % bad] = "\n".join(dmesg_lines("iso", kern, host=bad, tz=tz)) + "\n"
    files["%s/nvidia-device-plugin.log" % bad] = "\n".join([
        "I0801 07:13:55.102934       1 main.go:317] Retrieving plugins.",
        "I0801 07:13:55.811201       1 server.go:216] Starting GRPC server for 'nvidia.com/gpu'",
        "I0806 11:04:09.622180       1 health.go:194] XidCriticalError: Xid=95 on Device=GPU-3f1c8b2e-7a41-5d09-b1e6-0c9f2a7d4e18; marking device as unhealthy.",
        "I0806 11:04:09.622301       1 server.go:262] 'nvidia.com/gpu' device marked unhealthy: GPU-3f1c8b2e-7a41-5d09-b1e6-0c9f2a7d4e18", ""])
    # a second node whose journal is in UTC: its teardown noise looks earlier if offsets are ignored
    w = "k8s-gpu-005"
    files["%s/journal_kernel.txt" % w] = "\n".join(dmesg_lines("iso", [
        (T("2024-08-01 07:10:02"), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
        (te + S(3.6), "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"),
        (te + S(3.6), "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing")],
        host=w, tz=UTC)) + "\n"
    pl = ["NAME                     READY   STATUS    RESTARTS   AGE    IP             NODE          NOMINATED NODE   READINESS GATES"]
    for p in pods:
        pl.append("%-24s 0/1     %-9s 0          130m   %-14s %-13s <none>           <none>" % (p, "Error", cl.ip[p], pod_node[p]))
    files["kubectl_get_pods_wide.txt"] = "\n".join(pl) + "\n"
    files["kubectl_describe_pytorchjob.txt"] = "\n".join([
        "Name:         llm-sft-7b", "Namespace:    research", "API Version:  kubeflow.org/v1", "Kind:         PyTorchJob",
        "Spec:", "  Pytorch Replica Specs:", "    Worker:", "      Replicas:        24", "      Restart Policy:  Never",
        "Status:", "  Conditions:",
        "    Last Transition Time:  2024-08-06T09:00:05Z", "    Message:               PyTorchJob llm-sft-7b is running.", "    Reason:                PyTorchJobRunning", "    Status:                False", "    Type:                  Running",
        "    Last Transition Time:  2024-08-06T11:04:20Z", "    Message:               PyTorchJob llm-sft-7b is failed because 1 Worker replica(s) failed.", "    Reason:                PyTorchJobFailed", "    Status:                True", "    Type:                  Failed",
        "Events:", "  Type     Reason                   Age   From                   Message", "  ----     ------                   ----  ----                   -------",
        "  Normal   SuccessfulCreatePod      130m  pytorchjob-controller  Created pod: llm-sft-7b-worker-0",
        "  Normal   ExitedWithCode           6m    pytorchjob-controller  Pod: research.%s exited with code 1" % bpod,
        "  Warning  PyTorchJobFailed         6m    pytorchjob-controller  PyTorchJob llm-sft-7b is failed because 1 Worker replica(s) failed.", ""])
    return case("bx14_pytorchjob_failed_pods_with_mixed_timezone_journals", files,
                "gpu_memory", "infrastructure", {"node": bad, "rank": rbad}, "restart_without_node",
                "Normalising offsets: k8s-gpu-021's journal logs Xid 95 'Uncontained: FBHUB. RST: Yes' at 13:04:09.5+02:00 = 11:04:09.5Z on PCI 9a (GPU 4), and pod %s on that node has rank %d (local rank 4) fail with 'CUDA error: uncorrectable ECC error encountered' at 11:04:10.2Z; the device plugin marks the GPU unhealthy. k8s-gpu-005's ERROR lines are teardown noise logged in UTC, not earlier." % (bpod, rbad),
                "https://github.com/NVIDIA/k8s-device-plugin/issues/259")


# =============================================================== bx15
def bx15():
    rng = random.Random(7915)
    hosts = ["cn-06%02d" % i for i in range(1, 9)]
    cl = Cluster(rng, hosts, ipfmt="10.6.%d.%d")
    style = "v24"
    bad = "cn-0604"
    t0 = T("2024-11-04 18:02:51")
    tm = T("2024-11-04 22:41:05.91")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(27), cl.nccl_init(r)[-1]))
    tt = t0 + S(100)
    step = 0
    while tt < tm:
        if step % 40 == 0:
            per["cn-0601"].append((tt, "[rank0]:%s [INFO] step %6d | loss %.4f | tps %d | mem %.1fGB" % (
                ts_py(tt), 52000 + step, 1.88 - step * 0.00001 + rng.random() * 0.02, 98000 + rng.randint(0, 900), 61.2)))
        step += 1
        tt += S(3.31)
    # survivors: IB retry exceeded towards cn-0604 about 17 s after it vanished, then aborts
    terr = tm + S(17.2)

    def lasterr(r):
        return "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (
            cl.ip[bad], 40417 + r, cl.ip[cl.host_of(r)], cl.ip[bad])

    def warn(r):
        return cl.nccl(r, lasterr(r), level="WARN", tid=cl.tid[r] + 5)
    others = [h for h in hosts if h != bad]
    fl = survivors_remote(style, cl, others, terr, rng, "2.21.5", lasterr, "train.py", warn_fn=warn,
                          spread=1.0, full_ranks={0})
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    files["%s/remote_syslog.txt" % bad] = "\n".join(
        "%s %s kernel: %s" % (ts_syslog(t), bad, m) for t, m in [
            (tm - S(4000), "EDAC MC2: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x4b1c2e1 offset:0x3c0 grain:32 syndrome:0x0 - err_code:0101:0091 socket:1 imc:0 rank:1 bg:2 ba:1 row:1d2e col:3c0)"),
            (tm, "mce: [Hardware Error]: Machine check events logged"),
            (tm, "EDAC skx MC2: HANDLING MCE MEMORY ERROR"),
            (tm, "EDAC skx MC2: CPU 44: Machine Check Event: 0x0 Bank 17: bc00000000800091"),
            (tm, "EDAC skx MC2: TSC 0x2a1b37c1e5fd2 "),
            (tm, "EDAC skx MC2: ADDR 0x4b1c2e13c0 "),
            (tm, "EDAC MC2: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x4b1c2e1 offset:0x3c0 grain:32 - err_code:0101:0091 socket:1 imc:0 rank:1 bg:2 ba:1 row:1d2e col:3c0)"),
            (tm + ms(40), "mce: [Hardware Error]: CPU 44: Machine Check Exception: 5 Bank 17: bc00000000800091"),
            (tm + ms(40), "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9a4c7e21> {clear_page_erms+0x11/0x20}"),
            (tm + ms(41), "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1730760065 SOCKET 1 APIC 58 microcode 2b000571"),
            (tm + ms(41), "Kernel panic - not syncing: Fatal machine check"),
            (tm + S(412), "Linux version 5.15.0-122-generic (buildd@lcy02-amd64-034) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #132-Ubuntu SMP")]) + "\n"
    files["%s/ipmi_sel.txt" % bad] = "\n".join([
        "$ ipmitool sel list | tail -5",
        "  1ef | 10/21/2024 | 03:12:44 | System Event #0x83 | Timestamp Clock Sync | Asserted",
        "  1f0 | 11/04/2024 | 21:34:25 | Memory #0x87 | Correctable ECC (@DIMM B2) | Asserted",
        "  1f1 | 11/04/2024 | 22:41:05 | Memory #0x87 | Uncorrectable ECC (@DIMM B2) | Asserted",
        "  1f2 | 11/04/2024 | 22:41:06 | Processor #0x04 | IERR | Asserted",
        "  1f3 | 11/04/2024 | 22:47:57 | System Event #0x83 | OEM System boot event | Asserted", ""])
    files["slurm-771234.out"] = "\n".join([
        "srun: error: Node failure on cn-0604",
        "srun: error: cn-0602: task 1: Exited with exit code 1",
        "srun: error: cn-0607: task 6: Exited with exit code 1",
        "srun: error: cn-0601: task 0: Exited with exit code 1",
        "srun: error: cn-0605: task 4: Exited with exit code 1",
        "srun: error: cn-0603: task 2: Exited with exit code 1",
        "srun: error: cn-0608: task 7: Exited with exit code 1",
        "srun: error: cn-0606: task 5: Exited with exit code 1",
        "slurmstepd: error: *** JOB 771234 ON cn-0601 CANCELLED AT 2024-11-04T22:46:51 DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***", ""])
    files["sinfo_R.txt"] = "REASON               USER      TIMESTAMP           NODELIST\nNot responding       slurm     2024-11-04T22:42:40 cn-0604\n"
    return case("bx15_retry_exceeded_towards_one_peer_then_node_failure", files,
                "host", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "The survivors' status=12 'retry counter exceeded' errors all point at cn-0604's address and start 17 s after cn-0604's remote syslog shows an uncorrectable DIMM error (EDAC UE, DIMM B2) and 'Kernel panic - not syncing: Fatal machine check' at 22:41:05; its torchrun log just stops, the BMC SEL records Uncorrectable ECC + IERR and Slurm marks it not responding. The host died, not the fabric.",
                "https://github.com/ovro-lwa/lwa-issues/issues/117")


# =============================================================== bx16
def bx16():
    rng = random.Random(7916)
    hosts = ["gpu-m%02d" % i for i in range(1, 13)]
    cl = Cluster(rng, hosts, ipfmt="10.14.%d.%d")
    style = "v24"
    bad, lr = "gpu-m08", 2
    rbad = cl.rank(bad, lr)
    t0 = T("2024-09-30 01:15:40")
    toom = T("2024-09-30 03:26:44.019")
    foreign = 3318895
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(30), cl.nccl_init(r)[-1]))
    tt = t0 + S(90)
    step = 0
    while tt < toom:
        if step % 50 == 0:
            per["gpu-m01"].append((tt, "[rank0]:%s - root - INFO - step: %5d  loss: %7.4f  memory: %5.2fGiB(%.2f%%)  tps: %s  mfu: %.2f%%" % (
                ts_py(tt), step, 2.6 - step * 0.00004 + rng.random() * 0.03, 49.8, 49.8 / 79.11 * 100, "{:,}".format(5120 + rng.randint(0, 40)), 38.2)))
        step += 1
        tt += S(1.53)
    oom = ["Traceback (most recent call last):",
           '  File "/opt/torchtitan/train.py", line 368, in main',
           "    loss.backward()",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", line 521, in backward',
           "    torch.autograd.backward(",
           "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 2 has a total capacity of 79.11 GiB of which 1.19 GiB is free. Process %d has 27.40 GiB memory in use. Including non-PyTorch memory, this process has 50.50 GiB memory in use. Of the allocated memory 46.12 GiB is allocated by PyTorch, and 2.71 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % foreign]
    per[bad].append((toom, "\n".join("[rank%d]: %s" % (rbad, l) for l in oom)))
    per[bad] += agent_local_failure(style, cl, bad, toom + ms(900), rbad, 1, "train.py", root_time=toom)
    others = [h for h in hosts if h != bad]

    def lasterr(r):
        return "socketProgress: Connection closed by remote peer %s<%d>" % (bad, 38000 + r * 3)
    fl = survivors_remote(style, cl, others, toom + S(2.4), rng, "2.21.5", lasterr, "train.py", full_ranks={0})
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    gp = [dict(temp=33, pwr=71, mem=4, util=0) for _ in range(8)]
    gp[lr] = dict(temp=41, pwr=118, mem=28059, util=12)
    files["%s/nvidia-smi.txt" % bad] = "\n".join(nvidia_smi_table(bad, T("2024-09-30 03:41:10"), "550.90.07", "12.4", gp,
                                                                   [(lr, foreign, "python3", 28050)])) + "\n"
    files["%s/ps_foreign_pid.txt" % bad] = "\n".join([
        "$ ps -o user,pid,lstart,etime,rss,cmd -p %d" % foreign,
        "USER         PID                  STARTED     ELAPSED   RSS CMD",
        "kchen    %d Mon Sep 30 03:09:51 2024       31:19 9482112 python3 serve_eval.py --model /scratch/kchen/ckpt/llama-13b --port 8011 --device cuda:2" % foreign, ""])
    files["%s/auth.log" % bad] = "\n".join([
        "Sep 30 03:08:57 gpu-m08 sshd[3317920]: Accepted publickey for kchen from 10.0.0.41 port 51122 ssh2: ED25519 SHA256:q1cW2n0z8bG5vXy8h4mT0u7YJdO3c1Lk2a9sQ6pR4eE",
        "Sep 30 03:08:57 gpu-m08 sshd[3317920]: pam_unix(sshd:session): session opened for user kchen(uid=30214) by (uid=0)",
        "Sep 30 03:08:57 gpu-m08 sshd[3317920]: pam_slurm_adopt(sshd:account): Ignoring root/admin user or user in admin group", ""])
    files["%s/nvidia-smi.txt" % "gpu-m03"] = "\n".join(nvidia_smi_table("gpu-m03", T("2024-09-30 03:41:12"), "550.90.07", "12.4",
                                                                        [dict(temp=32, pwr=70, mem=4, util=0) for _ in range(8)], [])) + "\n"
    return case("bx16_one_rank_oom_twenty_minutes_after_an_ssh_login", files,
                "oom", "infrastructure", {"node": bad, "rank": rbad}, "restart_without_node",
                "Rank 58 (gpu-m08, GPU 2) hit CUDA OOM at 03:26:44 while its own process held only 50.5 GiB; the message names Process 3318895 holding 27.4 GiB on the same GPU, and nvidia-smi/ps show it is another user's serve_eval.py started at 03:09 after an ssh login, still holding the GPU after the job died. The other ranks ran at ~50 GiB and only saw the connection to gpu-m08 close.",
                "https://github.com/ai4d-iasc/trixie/issues/92")


# =============================================================== bx17
def bx17():
    rng = random.Random(7917)
    hosts = ["gpu-n%02d" % i for i in range(1, 17)]
    cl = Cluster(rng, hosts, ipfmt="10.16.%d.%d")
    style = "v24"
    bad = "gpu-n14"
    t0 = T("2024-12-11 00:00:31")
    tck = T("2024-12-11 06:40:02.5")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(30), cl.nccl_init(r)[-1]))
    tt = t0 + S(120)
    step = 0
    while tt < tck:
        if step % 100 == 0:
            per["gpu-n01"].append((tt, "[rank0]:%s INFO train step=%d loss=%.4f lr=%.2e" % (ts_py(tt), step, 2.1 - step * 1e-5 + rng.random() * 0.02, 1.5e-4)))
        step += 1
        tt += S(2.0)
    per["gpu-n01"].append((tck, "[rank0]:%s INFO ckpt Saving checkpoint step 12000 to staging dir /mnt/nvme0/ckpt_stage/step_12000 (async upload to s3://llm-ckpt/run-44/ after save)" % ts_py(tck)))
    tfail = tck + S(41.2)
    fail_ranks = [cl.rank(bad, 0), cl.rank(bad, 6)]
    for k, r in enumerate(fail_ranks):
        t = tfail + ms(70 * k)
        per[bad].append((t, "\n".join("[rank%d]: %s" % (r, l) for l in [
            "Traceback (most recent call last):",
            '  File "/workspace/train.py", line 512, in <module>',
            "    main()",
            '  File "/workspace/train.py", line 488, in main',
            "    ckpt.save(state_dict, step)",
            '  File "/workspace/ckpt.py", line 71, in save',
            "    dcp.save(state_dict, storage_writer=FileSystemWriter(stage_dir, thread_count=4))",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/state_dict_saver.py", line 148, in save',
            "    return _save_state_dict(",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/utils.py", line 219, in all_reduce',
            "    raise final_result",
            "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%d])" % r,
            "Traceback (most recent call last): (RANK %d)" % r,
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py", line 301, in _write_files_from_queue',
            "    _write_item(stream, data, write_item, storage_key)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py", line 224, in _write_item',
            "    torch.save(data, stream)",
            "OSError: [Errno 28] No space left on device: '/mnt/nvme0/ckpt_stage/step_12000/__%d_0.distcp'" % r])))
    per[bad] += agent_local_failure(style, cl, bad, tfail + ms(400), fail_ranks[0], 1, "train.py",
                                    also_failed=[(fail_ranks[1], 1, tfail + ms(70))], root_time=tfail)
    others = [h for h in hosts if h != bad]

    def lasterr(r):
        return "socketProgress: Connection closed by remote peer %s<%d>" % (bad, 36000 + r * 7)
    fl = survivors_remote(style, cl, others, tfail + S(2.2), rng, "2.21.5", lasterr, "train.py", full_ranks={0})
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    files["%s/df_h.txt" % bad] = "\n".join([
        "$ df -h /mnt/nvme0 /tmp /lustre    # 2024-12-11 06:52",
        "Filesystem                 Size  Used Avail Use% Mounted on",
        "/dev/md0                   3.5T  3.5T     0 100% /mnt/nvme0",
        "/dev/nvme8n1p2             439G   61G  356G  15% /",
        "10.0.9.10@o2ib:/lustre     4.0P  2.1P  1.9P  53% /lustre",
        "", "$ du -sh /mnt/nvme0/*",
        "3.1T\t/mnt/nvme0/ckpt_stage_job_7710",
        "402G\t/mnt/nvme0/ckpt_stage", ""])
    files["gpu-n03/df_h.txt"] = "\n".join([
        "$ df -h /mnt/nvme0 /tmp /lustre    # 2024-12-11 06:52",
        "Filesystem                 Size  Used Avail Use% Mounted on",
        "/dev/md0                   3.5T  485G  3.0T  14% /mnt/nvme0",
        "/dev/nvme8n1p2             439G   58G  359G  14% /",
        "10.0.9.10@o2ib:/lustre     4.0P  2.1P  1.9P  53% /lustre", ""])
    files["slurm-901144.out"] = "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(hosts))
    return case("bx17_connection_closed_flood_during_checkpoint_step_12000", files,
                "storage", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "The first failure is on gpu-n14 at 06:40:43: ranks 104 and 110 fail the checkpoint save with 'OSError: [Errno 28] No space left on device' in the node-local staging dir /mnt/nvme0; df shows that NVMe array 100% full, 3.1T of it left behind by another job's staging dir, while gpu-n03's is 14% used. Everyone else only loses the connection to gpu-n14. Local disk full on one node.",
                "https://github.com/alpa-projects/alpa/issues/763")


# =============================================================== bx18
def bx18():
    rng = random.Random(7918)
    hosts = ["hpc-g%02d" % i for i in range(1, 9)]
    cl = Cluster(rng, hosts, ipfmt="10.18.%d.%d")
    style = "v24"
    t0 = T("2024-03-29 04:01:12")
    tsave = T("2024-03-29 10:14:03.22")
    tq = T("2024-03-29 10:15:42.91")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(30), cl.nccl_init(r)[-1]))
    tt = t0 + S(90)
    step = 0
    while tt < tsave:
        if step % 100 == 0:
            per["hpc-g01"].append((tt, "%s - INFO - train - step %d | loss %.4f | lr %.2e | %.1f samples/s" % (ts_py(tt), step, 1.9 - step * 2e-5 + rng.random() * 0.02, 3e-4, 402.0 + rng.random() * 3)))
        step += 1
        tt += S(3.72)
    per["hpc-g01"].append((tsave, "%s - INFO - ckpt - rank 0 saving full checkpoint to /lustre/proj/p3204/llm13b/ckpt/step_6000.pt (est. 131.2 GB); other ranks wait at barrier" % ts_py(tsave)))
    tb = ["Traceback (most recent call last):",
          '  File "/lustre/proj/p3204/llm13b/train.py", line 344, in <module>',
          "    main()",
          '  File "/lustre/proj/p3204/llm13b/train.py", line 322, in main',
          "    save_checkpoint(model, optimizer, step, args.ckpt_dir)",
          '  File "/lustre/proj/p3204/llm13b/utils.py", line 58, in save_checkpoint',
          "    torch.save(state, path)",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/serialization.py", line 652, in save',
          "    with _open_zipfile_writer(f) as opened_zipfile:",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/serialization.py", line 499, in __exit__',
          "    self.file_like.write_end_of_file()",
          "RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos 84149432576 vs 84149432464",
          "",
          "During handling of the above exception, another exception occurred:",
          "",
          "Traceback (most recent call last):",
          '  File "/lustre/proj/p3204/llm13b/train.py", line 344, in <module>',
          "    main()",
          '  File "/lustre/proj/p3204/llm13b/utils.py", line 58, in save_checkpoint',
          "    torch.save(state, path)",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/serialization.py", line 651, in save',
          "    with _open_zipfile_writer(f) as opened_zipfile:",
          "OSError: [Errno 122] Disk quota exceeded"]
    per["hpc-g01"].append((tq, "\n".join("[rank0]: %s" % l for l in tb)))
    per["hpc-g01"] += agent_local_failure(style, cl, "hpc-g01", tq + ms(600), 0, 1, "train.py", root_time=tq)
    t_enq = tsave + S(0.4)
    others = hosts[1:]
    fl = survivors_abort(style, cl, others, t_enq + S(1800.02), rng, 184221, "ALLREDUCE", 1, 1, 1800000, t_enq,
                         "train.py", full_ranks={8, 33})
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    files["lfs_quota.txt"] = "\n".join([
        "$ lfs quota -h -p 3204 /lustre    # 2024-03-29 11:02",
        "Disk quotas for prj 3204 (pid 3204):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre  50.01T*    48T     50T  6d23h59m 1203411       0       0       -", "",
        "$ ls -la /lustre/proj/p3204/llm13b/ckpt/",
        "-rw-r--r-- 1 svc-llm p3204 140873411584 Mar 28 16:02 step_4000.pt",
        "-rw-r--r-- 1 svc-llm p3204 140873411584 Mar 28 23:05 step_5000.pt",
        "-rw-r--r-- 1 svc-llm p3204  84149432464 Mar 29 10:15 step_6000.pt", ""])
    files["slurm-3380415.out"] = render([(tq + S(3.1), "srun: error: hpc-g01: task 0: Exited with exit code 1")] +
                                        [(t_enq + S(1804 + rng.random() * 2), "srun: error: %s: task %d: Exited with exit code 1" % (h, i + 1)) for i, h in enumerate(others)])
    return case("bx18_barrier_timeouts_half_an_hour_after_checkpoint_start", files,
                "storage", "infrastructure", None, "stop",
                "Rank 0 failed at 10:15:42 writing the checkpoint to Lustre with 'OSError: [Errno 122] Disk quota exceeded' (the file stops at 84 GB of 131 GB); the other 56 ranks sat in the barrier and only timed out at 10:45:43. lfs quota shows project 3204 over its hard limit (50.01T of 50T), so restarting without freeing space fails again.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")


# =============================================================== bx19
def bx19():
    rng = random.Random(7919)
    hosts = ["gpu-k%02d" % i for i in range(1, 17)]
    cl = Cluster(rng, hosts, ipfmt="10.19.%d.%d")
    style = "v22"
    bad, lr = "gpu-k09", 6
    rbad = cl.rank(bad, lr)
    t0 = T("2024-09-19 01:00:20")
    tx = T("2024-09-19 04:12:17.744")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(29), cl.nccl_init(r, nccl_ver="2.20.5+cuda12.4")[-1]))
    r2 = cl.rank("gpu-k02", 1)
    per["gpu-k02"].append((t0 + S(31), cl.nccl(r2, "NET/IB : Got async event : GID table change", level="WARN", tid=cl.tid[r2] + 2, src="transport/net_ib.cc:131")))
    tt = t0 + S(90)
    it = 0
    while tt < tx:
        per["gpu-k16"].append((tt, megatron_iter(tt, 31000 + it, 90000, (31000 + it) * 1024, 5120 + rng.random() * 20, 2e-4,
                                                  1.73 + rng.random() * 0.02, 1.0, 0.2 + rng.random() * 0.02)))
        it += 50
        tt += S(5.12 * 50)
    te = tx + ms(510)
    per[bad].append((te, "\n".join("[rank%d]: %s" % (rbad, l) for l in [
        "Traceback (most recent call last):",
        '  File "/workspace/megatron/pretrain_gpt.py", line 289, in <module>',
        "    pretrain(",
        '  File "/workspace/megatron/megatron/core/transformer/attention.py", line 315, in forward',
        "    core_attn_out = self.core_attention(",
        "RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."])))
    per[bad] += agent_local_failure(style, cl, bad, te + ms(300), rbad, 1, "pretrain_gpt.py", root_time=te, kill_wait_s=30)
    others = [h for h in hosts if h != bad]

    def lasterr(r):
        return "socketProgress: Connection closed by remote peer %s<%d>" % (bad, 44100 + r * 5)
    fl = survivors_remote(style, cl, others, te + S(1.6), rng, "2.20.5", lasterr, "pretrain_gpt.py", full_ranks={0})
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    bus = BUS_H100[lr]
    files["%s/dmesg_T.txt" % bad] = "\n".join(dmesg_lines("ctime", [
        (T("2024-09-12 16:41:09"), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
        (tx, "NVRM: Xid (PCI:0000:%s:00): 94, pid=%d, name=python3, Contained: SM (0x1). RST: No, D-RST: No" % (bus, cl.pid[rbad])),
        (tx + ms(1), "NVRM: Xid (PCI:0000:%s:00): 63, pid=%d, name=python3, Row Remapper: New row (0x00000004a2c110e0) marked for remapping, reset gpu to activate." % (bus, cl.pid[rbad])),
        (tx + S(36.9), "NVRM: GPU at PCI:0000:%s:00: GPU-71b0c2d4-0e8f-9a13-42c6-d5f1a0b3e927" % bus),
        (tx + S(36.9), "NVRM: GPU Board Serial Number: 1653123045112"),
        (tx + S(36.9), "NVRM: Xid (PCI:0000:%s:00): 154, GPU recovery action changed from 0x1 (GPU Reset Required) to 0x0 (None)" % bus)])) + "\n"
    files["%s/epilog.log" % bad] = "\n".join([
        "2024-09-19T04:12:51+00:00 slurm-epilog[3012209]: job 2904431: GPU health check",
        "2024-09-19T04:12:51+00:00 slurm-epilog[3012209]: GPU 6 reports pending row remap; resetting",
        "2024-09-19T04:12:54+00:00 slurm-epilog[3012209]: nvidia-smi -r -i 6: GPU 00000000:%s:00.0 was successfully reset." % bus.upper(),
        "2024-09-19T04:12:54+00:00 slurm-epilog[3012209]: All done.",
        "2024-09-19T04:13:02+00:00 slurm-epilog[3012209]: dcgmi diag -r 1: Pass (Deployment 9/9)",
        "2024-09-19T04:13:03+00:00 slurm-epilog[3012209]: node returned to service", ""])
    files["%s/nvidia-smi-q_gpu6_after_reset.txt" % bad] = "\n".join([
        "==============NVSMI LOG==============", "",
        "Timestamp                                 : Thu Sep 19 04:21:30 2024",
        "Driver Version                            : 550.90.07", "",
        "GPU 00000000:%s:00.0" % bus.upper(),
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    ECC Errors",
        "        Volatile",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "        Aggregate",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 1",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 639 bank(s)",
        "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)", ""])
    sl = []
    for i, h in enumerate(hosts):
        sl.append((te + S((3.0 + rng.random() * 2.5) if h != bad else 33.4), "srun: error: %s: task %d: Exited with exit code 1" % (h, i)))
    files["slurm-2904431.out"] = render(sl)
    return case("bx19_connection_closed_flood_first_srun_error_on_another_node", files,
                "gpu_memory", "infrastructure", {"node": bad, "rank": rbad}, "restart",
                "srun reports gpu-k09 last only because its agent waited 30 s to kill stuck ranks; its ChildFailedError puts rank 70 (GPU 6, bus ba) first at 04:12:18 with 'uncorrectable ECC error', right after dmesg Xid 94 'Contained' and Xid 63 row remap. The epilog reset the GPU and nvidia-smi -q afterwards shows the remap applied (Pending: No, no remap failure), so the node is usable; just restart.",
                "https://github.com/leptonai/gpud/pull/1174")


# =============================================================== bx20
def bx20():
    rng = random.Random(7920)
    hosts = ["node-%04d" % i for i in range(1, 33)]
    cl = Cluster(rng, hosts, ipfmt="10.40.%d.%d")
    style = "v24"
    t0 = T("2025-03-04 08:30:11")
    per = {h: [] for h in hosts}
    site = "/home/svc-train/venvs/llm-2503/lib/python3.11/site-packages"
    for h in hosts:
        tid = cl.agent_tid[h]
        per[h].append((t0, "W0304 08:30:11.%03d000 %d torch/distributed/run.py:792] \nW0304 08:30:11.%03d000 %d torch/distributed/run.py:792] *****************************************\nW0304 08:30:11.%03d000 %d torch/distributed/run.py:792] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. \nW0304 08:30:11.%03d000 %d torch/distributed/run.py:792] *****************************************" % (
            (tid % 997), tid, (tid % 997), tid, (tid % 997), tid, (tid % 997), tid)))
        firsts = []
        for r in cl.ranks(h):
            t = t0 + S(9.5 + rng.random() * 1.2)
            per[h].append((t, "\n".join("[rank%d]: %s" % (r, l) for l in [
                "Traceback (most recent call last):",
                '  File "/home/svc-train/llm/train.py", line 418, in <module>',
                "    main()",
                '  File "/home/svc-train/llm/train.py", line 95, in main',
                "    torch.cuda.set_device(local_rank)",
                '  File "%s/torch/cuda/__init__.py", line 478, in set_device' % site,
                "    torch._C._cuda_setDevice(device)",
                '  File "%s/torch/cuda/__init__.py", line 319, in _lazy_init' % site,
                "    torch._C._cuda_init()",
                "RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."])))
            firsts.append((t, r))
        firsts.sort()
        per[h] += agent_local_failure(style, cl, h, firsts[-1][0] + ms(150), firsts[0][1], 1, "train.py",
                                      also_failed=[(r, 1, t) for t, r in firsts[1:]], root_time=firsts[0][0],
                                      binary="%s/../../../bin/python3" % site)
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    files["pip_freeze_excerpt.txt"] = "\n".join([
        "# /home/svc-train/venvs/llm-2503 (rebuilt 2025-03-03 by ci-bot from requirements-2503.txt)",
        "nvidia-cublas-cu12==12.4.5.8", "nvidia-cuda-runtime-cu12==12.4.127", "nvidia-nccl-cu12==2.21.5",
        "torch==2.5.1+cu124", "transformer-engine==1.12.0", ""])
    for h in ("node-0001", "node-0017"):
        files["%s/nvidia-smi.txt" % h] = "\n".join(nvidia_smi_table(h, T("2025-03-04 08:41:00"), "535.161.08", "12.2",
                                                                     [dict(temp=31, pwr=69, mem=1, util=0) for _ in range(8)], [])) + "\n"
    files["slurm-5512093.out"] = "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(hosts))
    return case("bx20_all_256_ranks_fail_at_startup", files,
                "dependency", "framework", None, "stop",
                "Every one of the 256 ranks on all 32 nodes fails within a second of launch with 'The NVIDIA driver on your system is too old (found version 12020)' in torch.cuda.set_device: the venv was rebuilt with torch 2.5.1+cu124 while the cluster driver is 535 (CUDA 12.2). The same environment error on every node; no node to blame.",
                "https://github.com/serend1p1ty/SeqNet/issues/36")


def CASES():
    return [bx11(), bx12(), bx13(), bx14(), bx15(), bx16(), bx17(), bx18(), bx19(), bx20()]
