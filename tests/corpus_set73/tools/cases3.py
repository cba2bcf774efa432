"""Cases br21-br30."""
import calendar
import json

from brlib import (Case, T, add, f_dmesgT, f_syslog, f_glog, f_elastic, f_iso, f_slurm,
                   HGX_H100_BUS, DGX_A100_BUS, PCIE4_BUS, nccl_init, watchdog, child_failed, omp_banner,
                   nvsmi_table, nvsmi_q, gpu_list, boot_dmesg_noise, ibstat, sacct, df_h,
                   uuid, serial, cpp_frames, ansi)
from common import (agent_sigterm, agent_failed, megatron_iter, cuda_error_watchdog, nccl_remote_error,
                    nccl_ib_warn, sigterm_exc)

PKG = "/usr/local/lib/python3.10/dist-packages"


def epoch(t):
    return calendar.timegm(t.timetuple())


def f_ms(t):
    return "[%s.%03d]" % (t.strftime("%Y-%m-%dT%H:%M:%S"), t.microsecond // 1000)


# ============================================================================ br21
def br21(out):
    c = Case(out, "br21_srun_labels_one_task_copies_slowly", 7321)
    rng = c.rng
    nodes = ["sx-n%02d" % i for i in range(1, 9)]
    bad, bad_local = 5, 2
    bad_rank = bad * 4 + bad_local
    t0 = T(2024, 4, 22, 13, 0, 12)
    L = []

    def lab(t):
        return "%2d: " % t
    for r in range(32):
        L.append(lab(r) + "[%s] rank %d/32 host %s gpu %d (NVIDIA A100 80GB PCIe) | dataloader workers 6 | pin_memory True" % (add(t0, 5).strftime("%H:%M:%S"), r, nodes[r // 4], r % 4))
    for s in range(100, 3100, 100):
        for r in rng.sample(range(32), 32):
            h2d = 5.8 + rng.uniform(-0.4, 0.4)
            ar = 158 + rng.uniform(-6, 6)
            if r == bad_rank:
                h2d = 94 + rng.uniform(-3, 3)
                ar = 69 + rng.uniform(-3, 3)
            fwd = 118 + rng.uniform(-2, 2)
            bwd = 236 + rng.uniform(-3, 3)
            tot = 4.1 + h2d + fwd + bwd + ar + 19
            L.append(lab(r) + "[timing] step %5d data %.1fms h2d %.1fms fwd %.1fms bwd %.1fms allreduce %.1fms opt %.1fms total %.0fms" % (
                s, 4.1 + rng.uniform(-0.3, 0.3), h2d, fwd, bwd, ar, 19.0 + rng.uniform(-1, 1), tot))
        L.append(lab(0) + "step %5d | loss %.4f | %.2f samples/s | lr %.2e" % (s, 4.2 - s * 0.0003 + rng.uniform(-0.02, 0.02), 32 * 48 / 0.53, 1e-3))
    c.write("slurm-551902.out", L)
    for i, n in enumerate(nodes):
        over = {}
        for k in range(4):
            over["g%d" % k] = {"util": 98, "used": 61012, "temp": 55 + rng.randrange(5), "pwr": 240 + rng.randrange(30), "name": "NVIDIA A100 80GB PCIe", "cap": 300}
        if i == bad:
            over["g%d" % bad_local].update({"pcie_cur": 1, "replays": 1123, "tx": 51000, "rx": 48800, "util": 71})
        g = gpu_list("a100", PCIE4_BUS, rng, **over)
        if i in (bad, 1):
            c.write("%s/nvidia-smi-q.txt" % n, nvsmi_q(add(t0, 3000), g, driver="535.161.08", cuda="12.2", rng=rng))
        if i in (bad, 1):
            LS = []
            for k, b in enumerate(PCIE4_BUS):
                sta = "Speed 2.5GT/s (downgraded), Width x16 (ok)" if (i == bad and k == bad_local) else "Speed 16GT/s (ok), Width x16 (ok)"
                LS += ["%s:00.0 3D controller: NVIDIA Corporation GA100 [A100 PCIe 80GB] (rev a1)" % b,
                       "\tSubsystem: NVIDIA Corporation GA100 [A100 PCIe 80GB]",
                       "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+",
                       "\tLatency: 0",
                       "\tNUMA node: %d" % (0 if k < 2 else 1),
                       "\tCapabilities: [68] Express (v2) Endpoint, MSI 00",
                       "\t\tDevCap:\tMaxPayload 256 bytes, PhantFunc 0, Latency L0s unlimited, L1 <64us",
                       "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM not supported",
                       "\t\t\tClockPM+ Surprise- LLActRep- BwNot- ASPMOptComp+",
                       "\t\tLnkCtl:\tASPM Disabled; RCB 64 bytes, Disabled- CommClk+",
                       "\t\tLnkSta:\t%s" % sta,
                       "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-",
                       "\t\tLnkCtl2: Target Link Speed: 16GT/s, EnterCompliance- SpeedDis-",
                       ""]
            c.write("%s/lspci_vvv_nvidia.txt" % n, ["$ sudo lspci -vvv -d 10de: | grep -E '^[0-9a-f]|Lnk|NUMA|Subsystem|Control|Latency|Capabilities: \\[68\\]|DevCap:'"] + LS)
        D = ["%s %s" % (f_dmesgT(add(T(2024, 4, 19, 9, 31, 2), j * 11000)), l) for j, l in enumerate(boot_dmesg_noise(rng, n, 18, hca_bus=["41", "c1"]))]
        if i == bad:
            bt = T(2024, 4, 19, 9, 31, 40)
            for j in range(6):
                tt = add(bt, j * 0.4)
                D += ["%s pcieport 0000:c9:01.0: AER: Corrected error received: 0000:ca:00.0" % f_dmesgT(tt),
                      "%s nvidia 0000:ca:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)" % f_dmesgT(tt),
                      "%s nvidia 0000:ca:00.0:   device [10de:20b5] error status/mask=00000001/0000e000" % f_dmesgT(tt),
                      "%s nvidia 0000:ca:00.0:    [ 0] RxErr                  (First)" % f_dmesgT(tt)]
            D.append("%s pcieport 0000:c9:01.0: broken device, retraining non-functional downstream link at 2.5GT/s" % f_dmesgT(add(bt, 3)))
            D.sort(key=lambda x: x[:26])
        c.write("%s/dmesg_T.txt" % n, D)
    c.write("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                           "            551902   a100pci  detr-r1    hkim  R      48:10      8 sx-n[01-08]"])
    c.write("NOTE.txt", ["same config on sx-n[09-16] last week: ~340 ms/step. This run: ~520 ms/step. -- hkim"])
    c.label("straggler", "infrastructure", "sx-n06", bad_rank, "restart_without_node",
            "Task 22's H2D copies take ~94 ms versus ~6 ms elsewhere and every other rank waits in allreduce; sx-n06's GPU 2 (0000:ca:00.0) is trained at PCIe 2.5GT/s (downgraded, nvidia-smi shows Gen 1, many replays) after RxErr AER errors at boot.",
            "https://github.com/janhq/jan/issues/183")


# ============================================================================ br22
def br22(out):
    c = Case(out, "br22_json_agent_logs_startup_fails_on_most_nodes", 7322)
    rng = c.rng
    nodes = ["rk1-gpu%03d" % i for i in range(1, 17)]
    ok = [0, 3, 6, 11, 14]
    t0 = T(2024, 9, 30, 8, 0, 58, 412000)
    trec = T(2024, 9, 30, 8, 9, 12)
    endpoint = "trn-rdzv.svc.cluster.local"

    def J(t, lvl, name, msg, host, **kw):
        d = {"asctime": "%s,%03d" % (t.strftime("%Y-%m-%d %H:%M:%S"), t.microsecond // 1000), "levelname": lvl, "name": name, "message": msg, "host": host, "job": "pretrain-34b", "slurm_jobid": "771202"}
        d.update(kw)
        return json.dumps(d)
    pk = "/opt/venv/lib/python3.11/site-packages"
    for i, n in enumerate(nodes):
        L = [J(add(t0, i * 0.05), "INFO", "torch.distributed.launcher.api", "Starting elastic_operator with launch configs: entrypoint=pretrain.py min_nodes=16 max_nodes=16 nproc_per_node=8 rdzv_backend=c10d rdzv_endpoint=%s:29400 run_id=pretrain-34b-0930 max_restarts=0" % endpoint, n)]
        if i in ok:
            L.append(J(add(t0, 0.3 + i * 0.05), "INFO", "torch.distributed.elastic.agent.server.api", "[default] starting workers for entrypoint: python", n))
            L.append(J(add(t0, 0.31 + i * 0.05), "INFO", "torch.distributed.elastic.agent.server.api", "[default] Rendezvous'ing worker group", n))
            L.append(J(add(t0, 0.35 + i * 0.05), "INFO", "torch.distributed.elastic.rendezvous.dynamic_rendezvous", "The node '%s_%d_0' attempts to join the next round of the rendezvous 'pretrain-34b-0930'." % (n, 88200 + i), n))
            tt = add(t0, 900.4)
            exc = ("Traceback (most recent call last):\n"
                   '  File "%s/torch/distributed/elastic/agent/server/api.py", line 527, in _rendezvous\n'
                   "    rdzv_info = spec.rdzv_handler.next_rendezvous()\n"
                   '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1126, in next_rendezvous\n'
                   "    self._op_executor.run(join_op, deadline, self._get_deadline)\n"
                   '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 666, in run\n'
                   "    raise RendezvousTimeoutError\n"
                   "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError") % (pk, pk, pk)
            L.append(J(tt, "ERROR", "torch.distributed.elastic.multiprocessing.errors.error_handler", "RendezvousTimeoutError: rendezvous 'pretrain-34b-0930' timed out with 5/16 participants (min_nodes=16)", n, exc_info=exc))
        else:
            for a in range(3):
                L.append(J(add(t0, 0.3 + a * 5 + i * 0.05), "WARNING", "torch.distributed.elastic.rendezvous.c10d_rendezvous_backend", "connect to %s:29400 failed (attempt %d/3), retrying in 5s" % (endpoint, a + 1), n))
            tt = add(t0, 15.4 + i * 0.05)
            exc = ("Traceback (most recent call last):\n"
                   '  File "%s/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 159, in _create_tcp_store\n'
                   "    store = TCPStore(\n"
                   "            ^^^^^^^^^\n"
                   "torch.distributed.DistNetworkError: The IPv6 network addresses of (%s, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution).\n\n"
                   "The above exception was the direct cause of the following exception:\n\n"
                   "Traceback (most recent call last):\n"
                   '  File "/opt/venv/bin/torchrun", line 8, in <module>\n'
                   "    sys.exit(main())\n"
                   '  File "%s/torch/distributed/run.py", line 892, in run\n'
                   "    elastic_launch(\n"
                   '  File "%s/torch/distributed/launcher/api.py", line 255, in launch_agent\n'
                   "    result = agent.run()\n"
                   '  File "%s/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 255, in create_backend\n'
                   "    store = _create_tcp_store(params)\n"
                   '  File "%s/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 183, in _create_tcp_store\n'
                   "    raise RendezvousConnectionError(\n"
                   "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.") % (pk, endpoint, pk, pk, pk, pk)
            L.append(J(tt, "ERROR", "torch.distributed.elastic.multiprocessing.errors.error_handler", "RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.", n, exc_info=exc))
        c.write("%s/torchrun_agent.jsonl" % n, L)
        G = ["$ getent hosts %s   # %s" % (endpoint, f_iso(add(trec, 1800 + i), "Z", 0)),
             "10.70.1.1       rk1-gpu001.cluster.local %s" % endpoint,
             "$ resolvectl statistics | grep -E 'Transactions|Timeouts|Cache'",
             "Current Transactions: 0", "  Total Transactions: %d" % (88120 + rng.randrange(2000)),
             "       Current Cache Size: %d" % (411 if i in ok else 12),
             "          Cache Hits: %d" % (23000 + rng.randrange(900)), "        Cache Misses: %d" % (4100 + rng.randrange(200)),
             "       Total Timeouts: %d" % (rng.randrange(2, 5) if i in ok else 14 + rng.randrange(6))]
        c.write("%s/dns_check.txt" % n, G)
        J2 = []
        tt = add(t0, -2)
        J2.append(json.dumps({"__REALTIME_TIMESTAMP": str(epoch(tt) * 1000000 + 1204), "_HOSTNAME": n, "SYSLOG_IDENTIFIER": "systemd-resolved", "PRIORITY": "4",
                              "MESSAGE": "Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.0.0.2."}))
        J2.append(json.dumps({"__REALTIME_TIMESTAMP": str(epoch(add(tt, 6)) * 1000000 + 88), "_HOSTNAME": n, "SYSLOG_IDENTIFIER": "systemd-resolved", "PRIORITY": "4",
                              "MESSAGE": "Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.0.0.3."}))
        J2.append(json.dumps({"__REALTIME_TIMESTAMP": str(epoch(add(trec, 40 + i)) * 1000000 + 512), "_HOSTNAME": n, "SYSLOG_IDENTIFIER": "systemd-resolved", "PRIORITY": "6",
                              "MESSAGE": "Grace period over, resuming full feature set (UDP+EDNS0) for DNS server 10.0.0.2."}))
        c.write("%s/journal_resolved.jsonl" % n, J2)
    P = []
    tt = add(t0, -120)
    while tt < add(trec, 300):
        for srv in ("10.0.0.2", "10.0.0.3"):
            down = add(t0, -75) <= tt < trec
            P.append(json.dumps({"ts": f_iso(tt, "Z", 0), "probe": "dns", "target": "%s:53" % srv, "query": endpoint,
                                 "success": 0 if down else 1, "duration_s": 5.001 if down else round(0.001 + rng.uniform(0, 0.003), 4)}))
        tt = add(tt, 30)
    c.write("blackbox_dns_probe.jsonl", P)
    c.write("sacct.txt", sacct(771202, "pt-34b", [
        ("", "pt-34b", "h100", 2048, "FAILED", "1:0", add(t0, -5), add(t0, 902), "rk1-gpu[001-016]"),
        (".0", "torchrun", "", 2048, "FAILED", "1:0", add(t0, -3), add(t0, 902), "rk1-gpu[001-016]")]))
    c.label("network", "infrastructure", None, None, "restart",
            "11 of 16 agents fail before training starts because the rendezvous endpoint's name cannot be resolved (gai error -3, Temporary failure in name resolution), chained into RendezvousConnectionError; the other 5, which had the name cached, time out waiting. The DNS probes show both resolvers timing out from 07:59:43 to 08:09 and then recovering: a transient shared-service outage.",
            "https://github.com/pytorch/pytorch/issues/67547")


# ============================================================================ br23
def br23(out):
    c = Case(out, "br23_mixed_timezones_many_nodes_drop_at_once", 7323)
    rng = c.rng
    nodes = ["sea1-h100-%03d" % i for i in range(1, 13)]
    ips = {n: "10.50.%d.%d" % (1 + i // 4, 10 + i) for i, n in enumerate(nodes)}
    leaf = {"leaf-01": nodes[0:4], "leaf-02": nodes[4:8], "leaf-03": nodes[8:12]}
    PDT = -7 * 3600
    tdown = T(2024, 8, 14, 10, 12, 40, 204000)
    tup = T(2024, 8, 14, 10, 15, 2, 880000)
    t0 = T(2024, 8, 14, 1, 30, 11)
    jobid = 3120448
    hcas = ["mlx5_%d" % k for k in (0, 3, 4, 5, 6, 9, 10, 11)]

    def loc(t):
        return add(t, PDT)
    for i, n in enumerate(nodes):
        L = ["[job %d] node %s  TZ=America/Los_Angeles  date: %s" % (jobid, n, loc(t0).strftime("%a %b %d %H:%M:%S PDT %Y"))]
        L.append("[NeMo I %s exp_manager:396] Experiments will be logged at /lustre/exp/llama70b/2024-08-13_18-30-11" % loc(add(t0, 30)).strftime("%Y-%m-%d %H:%M:%S"))
        for k in range(8):
            L += nccl_init(n, 52000 + i * 10 + k, k, i * 8 + k, 96, ips[n], iface="ibp26s0", hcas=hcas, rng=rng, nchan=2, print_version=(i == 0 and k == 0), version="2.21.5", cuda="12.4")
        if i == 0:
            tt = add(t0, 400)
            s = 0
            while tt < tdown:
                if s % 20 == 0:
                    L.append("[NeMo I %s nemo_logging:349] step %d reduced_train_loss=%.4f lr=%.3e global_batch_size=1024 train_step_timing in s=%.3f" % (
                        loc(tt).strftime("%Y-%m-%d %H:%M:%S"), 21000 + s, 1.71 - s * 0.00001 + rng.uniform(-0.01, 0.01), 1.0e-4, 7.61 + rng.uniform(-0.05, 0.05)))
                s += 1
                tt = add(tt, 7.61)
        if n in leaf["leaf-02"]:
            for k in (0, 4, 7):
                pre = "%s:%d:%d [%d] " % (n, 52000 + i * 10 + k, 52000 + i * 10 + k + 61, k)
                L.append(pre + "transport/net_ib.cc:119 NCCL WARN NET/IB : %s:1 Got async event : port error" % hcas[k])
            for k in (0, 4):
                L += nccl_remote_error(i * 8 + k, add(tdown, 19.4 + k * 0.01), ips[nodes[(i + 4) % 12]], rng, version="2.21.5", local_ip=ips[n], hca=hcas[k])
        else:
            peer = nodes[4 + (i % 4)]
            for k in (1, 6):
                L += nccl_ib_warn(n, 52000 + i * 10 + k, 52000 + i * 10 + k + 58, k, ips[peer], ips[n], hcas[k], rng)
                L += nccl_remote_error(i * 8 + k, add(tdown, 19.9 + k * 0.01), ips[peer], rng, version="2.21.5", local_ip=ips[n], hca=hcas[k])
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
        c.write("%s/nemo_stdout.log" % n, L)
        S = []
        tt = add(tdown, -3000)
        while tt < add(tdown, -5):
            S.append("%s %s %s" % (f_iso(tt, "+00:00", 6), n, rng.choice([
                "systemd[1]: Started session-%d.scope - Session %d of User svc-nemo." % (rng.randrange(100, 999), rng.randrange(100, 999)),
                "nvidia-persistenced[1802]: device 0000:%s:00.0 - persistence mode enabled." % rng.choice(HGX_H100_BUS),
                "kernel: perf: interrupt took too long (2506 > 2500), lowering kernel.perf_event_max_sample_rate to 79750"])))
            tt = add(tt, rng.randrange(120, 600))
        if n == "sea1-h100-003":
            S.insert(0, "%s %s kernel: mlx5_core 0000:1a:00.0: Port: 1 Link DOWN" % (f_iso(T(2024, 8, 9, 17, 2, 11, 1000), "+00:00", 6), n))
            S.insert(1, "%s %s kernel: mlx5_core 0000:1a:00.0: Port: 1 Link ACTIVE" % (f_iso(T(2024, 8, 9, 17, 2, 44, 1000), "+00:00", 6), n))
        if n in leaf["leaf-02"]:
            from brlib import HCA_BUS_H100
            for k, b in enumerate(HCA_BUS_H100):
                S.append("%s %s kernel: mlx5_core 0000:%s:00.0: Port: 1 Link DOWN" % (f_iso(add(tdown, k * 0.0004), "+00:00", 6), n, b))
            for k, b in enumerate(HCA_BUS_H100):
                S.append("%s %s kernel: mlx5_core 0000:%s:00.0: Port: 1 Link ACTIVE" % (f_iso(add(tup, k * 0.003 + (i - 4) * 0.4), "+00:00", 6), n, b))
        c.write("%s/syslog" % n, S)
    topo = {"topology": leaf}
    c.write("topology.json", json.dumps(topo, indent=2))
    U = ["Timestamp (UTC),Severity,Type,Object,Event,Description"]
    U.append("2024-08-14 09:58:12.402,Info,Fabric,fabric,Periodic fabric health,No errors")
    U.append("%s,Critical,Switch,leaf-02 (0x%016x),Switch is down,\"Switch leaf-02 is unreachable; 32 ports went down (ASIC watchdog reset)\"" % (tdown.strftime("%Y-%m-%d %H:%M:%S.%f")[:-3], rng.getrandbits(64)))
    for k in range(8):
        for j, n in enumerate(leaf["leaf-02"]):
            U.append("%s,Warning,Port,%s/%s/1,Link went down,\"Peer port leaf-02/%d\"" % (add(tdown, 0.05).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3], n, hcas[k], 1 + j * 8 + k))
    U.append("%s,Info,Switch,leaf-02 (0x%016x),Switch is up,\"Switch leaf-02 rebooted, firmware 31.2012.2114\"" % (add(tup, -6).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3], rng.getrandbits(64)))
    U.append("%s,Info,Fabric,fabric,Link up,\"32 ports on leaf-02 returned to Active\"" % add(tup, 2).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3])
    c.write("ufm_events.csv", U)
    c.write("sacct.txt", ["# sacct (slurmctld runs in America/Los_Angeles)"] + sacct(jobid, "llama70b", [
        ("", "llama70b", "h100", 2304, "FAILED", "1:0", loc(t0), loc(add(tdown, 24)), "sea1-h100-[001+"),
        (".0", "nemo", "", 2304, "FAILED", "1:0", loc(add(t0, 2)), loc(add(tdown, 24)), "sea1-h100-[001+")]))
    c.label("network", "infrastructure", None, None, "restart",
            "At 03:12:40 PDT (10:12:40Z in the UTC syslogs and UFM) leaf switch leaf-02 resets: all eight HCA ports on the four nodes behind it (005-008) go down and come back at 10:15Z, and every other node's NCCL errors point at those nodes. A shared switch fault that cleared, not one node.",
            "https://github.com/NVIDIA/nccl/issues/1405")


# ============================================================================ br24
def br24(out):
    c = Case(out, "br24_compile_warning_spam_then_crash_on_one_node", 7324)
    rng = c.rng
    nodes = ["gx-10", "gx-11", "gx-12", "gx-13"]
    bad = 2
    t0 = T(2024, 8, 12, 16, 3, 40)
    tfail = T(2024, 8, 12, 16, 11, 52, 301000)
    warns = [
        "W0812 {t} {pid} torch/_dynamo/convert_frame.py:762] [{f}/8] torch._dynamo hit config.cache_size_limit (8)",
        "W0812 {t} {pid} torch/_dynamo/convert_frame.py:762] [{f}/8]    function: 'forward' (/opt/torchtitan/torchtitan/models/llama/model.py:{ln})",
        "W0812 {t} {pid} torch/_dynamo/convert_frame.py:762] [{f}/8]    last reason: 0/0: tensor 'L['x']' size mismatch at index 1. expected {a}, actual {b}",
        "W0812 {t} {pid} torch/_dynamo/convert_frame.py:762] [{f}/8] To log all recompilation reasons, use TORCH_LOGS=\"recompiles\".",
        "W0812 {t} {pid} torch/_dynamo/convert_frame.py:762] [{f}/8] To diagnose recompilation issues, see https://pytorch.org/docs/main/torch.compiler_troubleshooting.html.",
        "W0812 {t} {pid} torch/_inductor/utils.py:1137] [{f}/0_1] Not enough SMs to use max_autotune_gemm mode",
        "{pk}/torch/_inductor/compile_fx.py:150: UserWarning: TensorFloat32 tensor cores for float32 matrix multiplication available but not enabled. Consider setting `torch.set_float32_matmul_precision('high')` for better performance.",
    ]
    for i, n in enumerate(nodes):
        L = ["+ torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint gx-10:29500 train.py --job.config_file train_configs/llama3_8b.toml --training.compile"]
        L += omp_banner(t0, pid=70200 + i)
        tt = add(t0, 30)
        while tt < tfail:
            k = rng.randrange(8)
            w = rng.choice(warns)
            L.append("[rank%d]:" % (i * 8 + k) + w.format(t=tt.strftime("%H:%M:%S.%f"), pid=80100 + i * 10 + k, f=rng.randrange(1, 40), ln=rng.choice([212, 298, 344]),
                                                           a=rng.choice([2048, 4096]), b=rng.choice([1024, 3072, 8192]), pk=PKG))
            tt = add(tt, rng.uniform(0.01, 0.12))
        if i == bad:
            for k in (0, 3, 5, 6):
                r = i * 8 + k
                tb = ["Traceback (most recent call last):",
                      '  File "%s/torch/_inductor/codecache.py", line 478, in write_atomic' % PKG,
                      '    with tmp_path.open(write_mode) as f:',
                      '  File "/usr/lib/python3.10/pathlib.py", line 1119, in open',
                      "    return self._accessor.open(self, mode, buffering, encoding, errors,",
                      "OSError: [Errno 28] No space left on device: '/tmp/torchinductor_svc-train/triton/0/%s/triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_%d.cubin.tmp.pid_%d_%s'" % ("%032x" % rng.getrandbits(128), rng.randrange(40), 80100 + i * 10 + k, "%08x" % rng.getrandbits(32)),
                      "",
                      "The above exception was the direct cause of the following exception:",
                      "",
                      "Traceback (most recent call last):",
                      '  File "/opt/torchtitan/train.py", line 433, in <module>',
                      "    main(config)",
                      '  File "/opt/torchtitan/train.py", line 318, in main',
                      "    pred = model(input_ids)",
                      '  File "%s/torch/_dynamo/eval_frame.py", line 433, in _fn' % PKG,
                      "    return fn(*args, **kwargs)",
                      '  File "%s/torch/_dynamo/output_graph.py", line 1465, in call_user_compiler' % PKG,
                      "    raise BackendCompilerFailed(self.compiler_fn, e).with_traceback(",
                      "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                      "OSError: [Errno 28] No space left on device",
                      "",
                      "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information",
                      "",
                      "You can suppress this exception and fall back to eager by setting:",
                      "    import torch._dynamo",
                      "    torch._dynamo.config.suppress_errors = True"]
                L += ["[rank%d]: %s" % (r, x) for x in tb]
            L += agent_failed(add(tfail, 1.6), 0, 1, 80100 + i * 10, pypid=70200 + i)
            L += agent_sigterm(add(tfail, 1.61), [80100 + i * 10 + k for k in range(1, 8)], pypid=70200 + i)
            L += child_failed("train.py", (add(tfail, 1.5), n, i * 8, 0, 1, 80100 + i * 10, None, "/tmp/torchelastic_x/none/attempt_0/0/error.json"), [])
        else:
            wt = add(tfail, 600.03)
            for k in (0, 2, 7):
                L += watchdog(i * 8 + k, add(wt, k * 0.01), 481, "ALLREDUCE", 1, rng, full=(k == 0))
            L += agent_failed(add(wt, 1.3), 0, -6, 80100 + i * 10, pypid=70200 + i)
            L += agent_sigterm(add(wt, 1.31), [80100 + i * 10 + k for k in range(1, 8)], pypid=70200 + i)
            L += child_failed("train.py", (add(wt, 1.2), n, i * 8, 0, -6, 80100 + i * 10), [])
        c.write("%s/torchrun.log" % n, L)
        if i == bad:
            rows = [("/dev/md0", "3.5T", "412G", "2.9T", "13%", "/"), ("tmpfs", "1.0T", "24M", "1.0T", "1%", "/dev/shm"),
                    ("/dev/nvme0n1p4", "1.8T", "1.8T", "0", "100%", "/tmp"),
                    ("10.44.0.2@o2ib:/scratch", "1.4P", "566T", "830T", "41%", "/scratch")]
        else:
            rows = [("/dev/md0", "3.5T", "398G", "2.9T", "12%", "/"), ("tmpfs", "1.0T", "24M", "1.0T", "1%", "/dev/shm"),
                    ("/dev/nvme0n1p4", "1.8T", "%dG" % rng.randrange(20, 60), "1.7T", "3%", "/tmp"),
                    ("10.44.0.2@o2ib:/scratch", "1.4P", "566T", "830T", "41%", "/scratch")]
        c.write("%s/df_h.txt" % n, df_h(rows))
    c.write("gx-12/du_tmp.txt", ["$ sudo du -xsh /tmp/* 2>/dev/null | sort -h | tail -5",
                                 "18M\t/tmp/torchinductor_svc-train",
                                 "1.1G\t/tmp/nccl-ubuntu",
                                 "3.9G\t/tmp/pip-cache",
                                 "1.8T\t/tmp/cores",
                                 "$ ls -la /tmp/cores | head -4",
                                 "total 1894922336",
                                 "-rw------- 1 svc-eval svc-eval 101941213184 Aug 11 22:04 core.python3.2219041",
                                 "-rw------- 1 svc-eval svc-eval 101898442752 Aug 11 22:05 core.python3.2219044"])
    c.label("storage", "infrastructure", "gx-12", None, "restart_without_node",
            "Among thousands of dynamo recompile warnings, only gx-12's ranks fail: inductor cannot write to /tmp (OSError errno 28, No space left on device). gx-12's /tmp is 100% full of core dumps from an earlier job, while /tmp on the other nodes is at 3%. The other nodes just time out.",
            "https://github.com/pytorch/torchdynamo/issues/2004")


# ============================================================================ br25
def br25(out):
    c = Case(out, "br25_interleaved_ranks_all_timeout_together", 7325)
    rng = c.rng
    nodes = ["gpu-q%02d" % i for i in range(1, 9)]
    t0 = T(2024, 10, 21, 19, 2, 8)
    thang = T(2024, 10, 21, 21, 34, 9, 800000)
    seq = 51234
    L = []
    streams = []
    for r in range(64):
        s = ["[rank%d]:[W1021 %s ProcessGroupNCCL.cpp:4115] [PG 0 Rank %d]  using GPU %d to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id." % (r, add(t0, 30).strftime("%H:%M:%S.%f"), r, r % 8)]
        streams.append(s)
    for r in range(64):
        for x in streams[r]:
            L.insert(rng.randrange(len(L) + 1), x)
    tt = add(t0, 90)
    s = 0
    while tt < thang:
        if s % 10 == 0:
            L.append("[rank0]:step=%d loss=%.4f lr=%.2e mfu=%.1f%% step_time=%.2fs" % (s, 2.4 - s * 0.00005 + rng.uniform(-0.02, 0.02), 3e-4, 44.0 + rng.uniform(-0.5, 0.5), 1.74 + rng.uniform(-0.02, 0.02)))
        s += 1
        tt = add(tt, 1.74)
    wt = add(thang, 600.05)
    blocks = []
    for r in range(64):
        blocks.append(watchdog(r, add(wt, rng.uniform(0, 0.09)), seq, "_REDUCE_SCATTER_BASE", 268435456, rng, full=True))
    idx = [0] * 64
    while any(idx[r] < len(blocks[r]) for r in range(64)):
        r = rng.randrange(64)
        if idx[r] < len(blocks[r]):
            take = rng.randrange(1, 4)
            L += blocks[r][idx[r]:idx[r] + take]
            idx[r] += take
    for i, n in enumerate(nodes):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    c.write("slurm-640019.out", L)
    F = ["$ python -m torch.distributed.flight_recorder.fr_trace /checkpoint/fsdp-13b/fr --prefix nccl_trace_rank_",
         "loaded 64 of 64 rank dumps", "",
         "rank  host      last_enqueued  last_started  last_completed  state_of_last"]
    for r in range(64):
        F.append("%4d  %-8s  %13d  %12d  %14d  started" % (r, nodes[r // 8], seq, seq, seq - 1))
    F += ["", "All 64 ranks entered collective %d (nccl:_reduce_scatter_base, pg 0, input [268435456] bfloat16); none completed." % seq,
          "No mismatched collectives found. No missing ranks."]
    c.write("fr_trace_analysis.txt", F)
    for i, n in enumerate(nodes):
        D = ["%s %s" % (f_dmesgT(add(T(2024, 10, 18, 12, 0, 0), j * 19000)), l) for j, l in enumerate(boot_dmesg_noise(rng, n, 20))]
        c.write("%s/dmesg_T.txt" % n, D)
        c.write("%s/ibstat.txt" % n, ibstat(["mlx5_%d" % k for k in range(8)], rng))
        g = gpu_list("h100", HGX_H100_BUS, rng)
        for k, x in enumerate(g):
            x.update(used=72011 + k, util=100, pwr=135 + rng.randrange(10), temp=42 + k % 3)
        c.write("%s/nvidia-smi.txt" % n, nvsmi_table(add(thang, 400), g, [(k, 91000 + i * 10 + k, "/opt/conda/bin/python3", 72000 + k) for k in range(8)]))
    c.label("hang", "infrastructure", None, None, "restart",
            "All 64 ranks time out together on the same _REDUCE_SCATTER_BASE (SeqNum 51234). The flight recorder shows every rank started it and none finished, with no missing or mismatched rank, and no node has Xids, IB port problems or errors. A hang with no evidence of who caused it.",
            "https://github.com/NVIDIA/physicsnemo/issues/691")


# ============================================================================ br26
def br26(out):
    c = Case(out, "br26_journald_json_kernel_log_one_rank_dies", 7326)
    rng = c.rng
    nodes = ["a3-n15", "a3-n16", "a3-n17", "a3-n18"]
    bad, bad_local = 2, 1
    bad_rank = bad * 8 + bad_local
    t0 = T(2024, 6, 25, 3, 10, 0)
    tx = T(2024, 6, 25, 7, 44, 19, 412318)
    treset = T(2024, 6, 25, 7, 58, 3)
    boot = T(2024, 6, 20, 11, 2, 44)
    pids = {n: [3301200 + i * 20 + k for k in range(8)] for i, n in enumerate(nodes)}
    for i, n in enumerate(nodes):
        L = omp_banner(t0, pid=8800 + i)
        if i == 0:
            tt = add(t0, 120)
            s = 0
            while tt < tx:
                if s % 10 == 0:
                    L.append("[rank0]:[titan] %s - root - INFO - step: %5d  loss:  %.4f  memory: 58.71GiB(74.22%%)  wps: 6,412  mfu: 38.90%%" % (tt.strftime("%Y-%m-%d %H:%M:%S,%f")[:-3], s, 3.1 - s * 0.0001 + rng.uniform(-0.02, 0.02)))
                s += 1
                tt = add(tt, 2.04)
        if i == bad:
            L += cuda_error_watchdog(bad_rank, add(tx, 0.3), "uncorrectable ECC error encountered", rng)
            L += agent_failed(add(tx, 1.9), bad_local, -6, pids[n][bad_local], pypid=8800 + i)
            L += agent_sigterm(add(tx, 1.91), [p for k, p in enumerate(pids[n]) if k != bad_local], pypid=8800 + i)
            L += child_failed("train.py", (add(tx, 1.8), n, bad_rank, bad_local, -6, pids[n][bad_local]), [])
        else:
            wt = add(tx, 600.03)
            for k in (0, 3):
                L += watchdog(i * 8 + k, add(wt, k * 0.01), 2210442, "_ALLGATHER_BASE", 67108864, rng, full=(k == 0))
            L += agent_failed(add(wt, 1.2), 0, -6, pids[n][0], pypid=8800 + i)
            L += agent_sigterm(add(wt, 1.21), pids[n][1:], pypid=8800 + i)
            L += child_failed("train.py", (add(wt, 1.1), n, i * 8, 0, -6, pids[n][0]), [])
        c.write("%s/torchrun.log" % n, L)
        bid = "%032x" % rng.getrandbits(128)
        J = []
        cur = [1000 + i * 10000]

        def jk(t, msg, prio="6"):
            cur[0] += rng.randrange(1, 40)
            return json.dumps({"__CURSOR": "s=%s;i=%x;b=%s;m=%x;t=%x;x=%x" % (bid[:32], cur[0], bid, int((t - boot).total_seconds() * 1e6), epoch(t) * 1000000 + t.microsecond, rng.getrandbits(40)),
                               "__REALTIME_TIMESTAMP": str(epoch(t) * 1000000 + t.microsecond),
                               "__MONOTONIC_TIMESTAMP": str(int((t - boot).total_seconds() * 1e6)),
                               "_BOOT_ID": bid, "_TRANSPORT": "kernel", "PRIORITY": prio, "SYSLOG_FACILITY": "0",
                               "SYSLOG_IDENTIFIER": "kernel", "_HOSTNAME": n, "_MACHINE_ID": "%032x" % (i + 77),
                               "MESSAGE": msg})
        tt = add(tx, -40000)
        while tt < add(tx, -10):
            J.append(jk(tt, rng.choice(["perf: interrupt took too long (2506 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
                                        "IPv6: ADDRCONF(NETDEV_CHANGE): veth%07x: link becomes ready" % rng.getrandbits(28),
                                        "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 12028, Non-fatal, Link 22 egress non-posted PRIV error (First)" if (i == 0 and rng.random() < 0.02) else
                                        "audit: type=1400 audit(%d.%03d:%d): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.activate\"" % (epoch(tt), rng.randrange(1000), rng.randrange(100))])))
            tt = add(tt, rng.randrange(300, 1500))
        if i == bad:
            J.append(jk(tx, "NVRM: Xid (PCI:0000:2a:00): 94, pid=%d, name=python3, Contained: SM (0x1). RST: No, D-RST: No" % pids[n][bad_local], "4"))
            J.append(jk(add(tx, 0.004), "NVRM: Xid (PCI:0000:2a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000003b41f0) marked for remapping, reset gpu to activate.", "4"))
            J.append(jk(add(tx, 2.1), "NVRM: Xid (PCI:0000:2a:00): 45, pid=%d, name=python3, Ch 00000010" % pids[n][bad_local], "4"))
            J.append(jk(treset, "NVRM: GPU at PCI:0000:2a:00: %s" % uuid(rng)))
            J.append(jk(add(treset, 0.01), "NVRM: GPU Board Serial Number: %s" % serial(rng)))
            J.append(jk(add(treset, 3.2), "nvidia 0000:2a:00.0: nvidia_dev_reset: GPU reset completed"))
        c.write("%s/journal_kernel.jsonl" % n, J)
    H = [json.dumps({"ts": f_iso(add(tx, 60), "Z", 3), "host": "a3-n17", "event": "xid", "xid": 94, "gpu": 1, "bus": "00000000:2A:00.0", "policy": "contained ECC -> drain GPU until reset"}),
         json.dumps({"ts": f_iso(add(tx, 61), "Z", 3), "host": "a3-n17", "event": "xid", "xid": 63, "gpu": 1, "bus": "00000000:2A:00.0", "policy": "row remap pending -> GPU reset required"}),
         json.dumps({"ts": f_iso(add(treset, -5), "Z", 3), "host": "a3-n17", "event": "gpu_reset", "gpu": 1, "cmd": "nvidia-smi -r -i 1", "reason": "no processes on GPU, remap pending"}),
         json.dumps({"ts": f_iso(add(treset, 4), "Z", 3), "host": "a3-n17", "event": "gpu_reset_done", "gpu": 1, "result": "ok", "remapped_rows": {"uncorrectable": 1, "pending": False, "failure": False}}),
         json.dumps({"ts": f_iso(add(treset, 95), "Z", 3), "host": "a3-n17", "event": "dcgm_diag", "level": 1, "result": "PASS"}),
         json.dumps({"ts": f_iso(add(treset, 96), "Z", 3), "host": "a3-n17", "event": "node_state", "state": "available", "note": "GPU 1 returned to service after row remap"})]
    c.write("a3-n17/gpu-healthd.jsonl", H)
    g = gpu_list("h100", HGX_H100_BUS, rng, g1={"a_dram_ue": 1, "v_dram_ue": 0, "rr_ue": 1, "rr_pending": "No", "rr_fail": "No", "rr_partial": 1, "rr_max": 2559})
    c.write("a3-n17/nvidia-smi-q_after_reset.txt", nvsmi_q(add(treset, 60), g, driver="550.90.07", cuda="12.4", rng=rng))
    c.label("gpu_memory", "infrastructure", "a3-n17", bad_rank, "restart",
            "The journald JSON shows Xid 94 (contained ECC) and Xid 63 (row marked for remapping) on a3-n17 GPU 0000:2a:00 (GPU 1), and rank 17 dies with 'uncorrectable ECC error encountered'. After the GPU reset, nvidia-smi -q shows the row remapped (1 uncorrectable, Pending: No, no remap failure) and diag passes, so the node can be reused.",
            "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")


# ============================================================================ br27
def br27(out):
    c = Case(out, "br27_every_rank_dies_during_startup_new_image", 7327)
    rng = c.rng
    nodes = ["dgx-%03d" % i for i in range(41, 45)]
    t0 = T(2024, 8, 19, 10, 0, 41)
    so = "/usr/local/lib/python3.10/dist-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so"
    sym = "_ZN3c104cuda9SetDeviceEi"
    for i, n in enumerate(nodes):
        L = ["pyxis: importing docker image: registry.internal#llm/train:2024.08.1",
             "pyxis: imported docker image: registry.internal#llm/train:2024.08.1"]
        L += omp_banner(add(t0, 20), pid=9100 + i)
        for k in range(8):
            r = i * 8 + k
            if k == 0:
                tb = ["Traceback (most recent call last):",
                      '  File "%s/transformers/utils/import_utils.py", line 1603, in _get_module' % PKG,
                      '    return importlib.import_module("." + module_name, self.__name__)',
                      '  File "/usr/lib/python3.10/importlib/__init__.py", line 126, in import_module',
                      "    return _bootstrap._gcd_import(name[level:], package, level)",
                      '  File "<frozen importlib._bootstrap>", line 1050, in _gcd_import',
                      '  File "<frozen importlib._bootstrap>", line 1027, in _find_and_load',
                      '  File "<frozen importlib._bootstrap>", line 1006, in _find_and_load_unlocked',
                      '  File "<frozen importlib._bootstrap>", line 688, in _load_unlocked',
                      '  File "<frozen importlib._bootstrap_external>", line 883, in exec_module',
                      '  File "<frozen importlib._bootstrap>", line 241, in _call_with_frames_removed',
                      '  File "%s/transformers/models/llama/modeling_llama.py", line 54, in <module>' % PKG,
                      "    from flash_attn import flash_attn_func, flash_attn_varlen_func",
                      '  File "%s/flash_attn/__init__.py", line 3, in <module>' % PKG,
                      "    from flash_attn.flash_attn_interface import (",
                      '  File "%s/flash_attn/flash_attn_interface.py", line 10, in <module>' % PKG,
                      "    import flash_attn_2_cuda as flash_attn_cuda",
                      "ImportError: %s: undefined symbol: %s" % (so, sym),
                      "",
                      "The above exception was the direct cause of the following exception:",
                      "",
                      "Traceback (most recent call last):",
                      '  File "/workspace/llm/train.py", line 22, in <module>',
                      "    from transformers import LlamaForCausalLM, AutoTokenizer",
                      '  File "<frozen importlib._bootstrap>", line 1075, in _handle_fromlist',
                      '  File "%s/transformers/utils/import_utils.py", line 1594, in __getattr__' % PKG,
                      "    value = getattr(module, name)",
                      '  File "%s/transformers/utils/import_utils.py", line 1593, in __getattr__' % PKG,
                      "    module = self._get_module(self._class_to_module[name])",
                      '  File "%s/transformers/utils/import_utils.py", line 1605, in _get_module' % PKG,
                      "    raise RuntimeError(",
                      "RuntimeError: Failed to import transformers.models.llama.modeling_llama because of the following error (look up to see its traceback):",
                      "%s: undefined symbol: %s" % (so, sym)]
                L += ["[rank%d]: %s" % (r, x) for x in tb]
            else:
                L += ["[rank%d]: RuntimeError: Failed to import transformers.models.llama.modeling_llama because of the following error (look up to see its traceback):" % r,
                      "[rank%d]: %s: undefined symbol: %s" % (r, so, sym)]
        L += agent_failed(add(t0, 38.2), 0, 1, 9200 + i * 10, pypid=9100 + i)
        others = [(add(t0, 38.1 + k * 0.01), n, i * 8 + k, k, 1, 9200 + i * 10 + k, None, "/tmp/torchelastic_y/none/attempt_0/%d/error.json" % k) for k in range(1, 8)]
        L += child_failed("train.py", (add(t0, 38.0), n, i * 8, 0, 1, 9200 + i * 10, None, "/tmp/torchelastic_y/none/attempt_0/0/error.json"), others)
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
        c.write("%s/torchrun.log" % n, L)
        g = gpu_list("h100", HGX_H100_BUS, rng)
        c.write("%s/nvidia-smi.txt" % n, nvsmi_table(add(t0, 90), g, [], driver="550.90.07", cuda="12.4"))
    c.write("image_pip_freeze.txt", ["# docker run --rm registry.internal/llm/train:2024.08.1 pip freeze | grep -Ei 'torch|flash|transformers|triton|nvidia-nccl'",
                                     "flash-attn @ file:///wheels/flash_attn-2.5.8%2Bcu122torch2.3cxx11abiFALSE-cp310-cp310-linux_x86_64.whl",
                                     "nvidia-nccl-cu12==2.20.5",
                                     "torch==2.4.0",
                                     "transformers==4.44.0",
                                     "triton==3.0.0",
                                     "# previous image 2024.07.3: torch==2.3.1, flash-attn 2.5.8+cu122torch2.3"])
    c.write("sacct.txt", sacct(7701223, "llama-ft", [
        ("", "llama-ft", "h100", 896, "FAILED", "1:0", t0, add(t0, 41), "dgx-[041-044]"),
        (".0", "torchrun", "", 896, "FAILED", "1:0", add(t0, 1), add(t0, 41), "dgx-[041-044]")]))
    c.label("dependency", "framework", None, None, "stop",
            "All 32 ranks on all four nodes fail at import: flash_attn_2_cuda has an undefined c10 symbol, which chains into transformers' 'Failed to import ... modeling_llama'. The new image bundles torch 2.4.0 with a flash-attn wheel built for torch 2.3, so it fails everywhere and a restart cannot help.",
            "https://github.com/Dao-AILab/flash-attention/issues/966")


# ============================================================================ br28
def br28(out):
    c = Case(out, "br28_pdsh_checks_all_green_job_slower", 7328)
    rng = c.rng
    nodes = ["c2-n%02d" % i for i in range(1, 17)]
    slow = 8
    t0 = T(2024, 11, 5, 8, 14, 2)
    L = []
    tt = add(t0, 300)
    for it in range(10, 3410, 10):
        ms = 2588.0 + rng.uniform(-25, 25)
        L.append(megatron_iter(tt, 40000 + it, 200000, (40000 + it) * 2048, ms, 2.5e-4, 2048, 1.98 - it * 0.00001 + rng.uniform(-0.01, 0.01), gnorm=rng.uniform(0.2, 0.3), tflops=352 + rng.uniform(-3, 3)))
        if it % 100 == 0:
            worst = rng.sample(range(slow * 8, slow * 8 + 8), 8)
            L.append(" [straggler] iter %d | compute ms min/median/max = %.0f/%.0f/%.0f | slowest ranks: %s" % (
                40000 + it, 2041 + rng.uniform(-10, 10), 2093 + rng.uniform(-10, 10), 2561 + rng.uniform(-20, 20),
                " ".join("%d(%s)" % (r, nodes[r // 8]) for r in worst)))
        tt = add(tt, ms / 1000.0 * 10)
    c.write("c2-n01/train_rank0.log", L)
    c.write("baseline.txt", ["run 2024-10-29 (same config, nodes c2-n[01-08,17-24]): elapsed time per iteration ~2110 ms, 431 TFLOP/s/GPU",
                             "run 2024-11-05 (this run, nodes c2-n[01-16]): ~2590 ms"])
    P = []
    for i, n in enumerate(nodes):
        for k in range(8):
            P.append("%s: %d, %d MHz, %d MHz, 0x0000000000000000, %d, %.2f W, 5, 16" % (n, k, 1980, 2619, 56 + rng.randrange(8), 655 + rng.uniform(-30, 30)))
    c.write("pdsh_nvsmi_query.txt", ["$ pdsh -w c2-n[01-16] nvidia-smi --query-gpu=index,clocks.sm,clocks.mem,clocks_event_reasons.active,temperature.gpu,power.draw,pcie.link.gen.current,pcie.link.width.current --format=csv,noheader"] + sorted(P, key=lambda x: (rng.random(), x)))
    I = []
    for n in nodes:
        for k in range(8):
            I.append("%s: mlx5_%d port 1: State: Active, Physical state: LinkUp, Rate: 400" % (n, k))
    rng.shuffle(I)
    c.write("pdsh_ibstat_brief.txt", ["$ pdsh -w c2-n[01-16] 'for d in $(ls /sys/class/infiniband); do echo -n \"$d port 1: \"; ibstat $d 1 | grep -E \"State|Rate\" | paste -sd, ; done'"] + I)
    Sx = []
    for n in nodes:
        Sx.append("%s: CPU0_TEMP %d C, CPU1_TEMP %d C, INLET %d C, PSU1 %d W, PSU2 %d W, fans ok" % (n, 52 + rng.randrange(8), 50 + rng.randrange(8), 22 + rng.randrange(3), 2400 + rng.randrange(300), 2400 + rng.randrange(300)))
    c.write("pdsh_sensors_summary.txt", Sx)
    for i, n in enumerate(nodes):
        D = ["%s %s" % (f_dmesgT(add(T(2024, 11, 1, 6, 0, 0), j * 21000)), l) for j, l in enumerate(boot_dmesg_noise(rng, n, 16))]
        c.write("%s/dmesg_T.txt" % n, D)
    c.write("c2-n09/dcgmi_health.txt", ["$ dcgmi health -g 1 -c", "+---------------------------+----------------------------------------------------------+",
                                        "| Health Monitor Report                                                                |",
                                        "+===========================+==========================================================+",
                                        "| Overall Health            | Healthy                                                  |",
                                        "+---------------------------+----------------------------------------------------------+"])
    c.write("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                           "           8812005      h100 gpt-175b   oparis  R    2:31:41     16 c2-n[01-16]"])
    c.label("straggler", "infrastructure", "c2-n09", None, "run_diagnostics",
            "Iterations are ~23% slower than the baseline, and the straggler report always lists c2-n09's eight ranks (64-71) as slowest. The pdsh clock/throttle/PCIe, IB, sensor and DCGM health checks all look normal for c2-n09, so it is one slow node with no visible cause: drain it and run diagnostics.",
            "https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/dcgm-diagnostics.html")


# ============================================================================ br29
def br29(out):
    c = Case(out, "br29_nan_again_after_each_requeue", 7329)
    rng = c.rng
    attempts = [(7712001, ["gpu-d01", "gpu-d02", "gpu-d03", "gpu-d04"], T(2024, 5, 6, 8, 0, 10), 15211),
                (7712019, ["gpu-d03", "gpu-d02", "gpu-d05", "gpu-d06"], T(2024, 5, 6, 9, 40, 2), 15188),
                (7712044, ["gpu-d07", "gpu-d08", "gpu-d01", "gpu-d03"], T(2024, 5, 6, 11, 5, 44), 15240)]
    bad_node, bad_local = "gpu-d03", 5
    step_s = 1.96
    for a, (jobid, nodes, t0, nan_step) in enumerate(attempts):
        L = []
        tres = add(t0, 95)
        for ti, n in enumerate(nodes):
            L.append("%d: + torchrun --nnodes=4 --nproc-per-node=8 --node-rank=%d --master-addr=%s --master-port=29500 train.py --resume /lustre/ckpt/moe-8x1b/step_15000" % (ti, ti, nodes[0]))
        L.append("0: [rank0] resumed from step 15000 (data loader state restored, deterministic order, seed=1234)")
        for s in range(15010, nan_step, 10):
            tt = add(tres, (s - 15000) * step_s)
            L.append("0: [rank0] step %d | loss %.4f | aux_loss %.4f | grad_norm %.3f | %.2fs/it" % (s, 2.214 - (s - 15000) * 0.00001 + rng.uniform(-0.01, 0.01), 0.0112 + rng.uniform(-0.0005, 0.0005), rng.uniform(0.25, 0.4), step_s + rng.uniform(-0.02, 0.02)))
        ti = nodes.index(bad_node)
        r = ti * 8 + bad_local
        tn = add(tres, (nan_step - 15000) * step_s)
        layer = rng.choice([14, 17, 17, 22])
        L += ["%d: [rank%d]: [nan-guard] non-finite local gradient at step %d: layers.%d.moe.experts.%d.w2.weight.grad (nan=%d, inf=0) host=%s cuda:%d" % (ti, r, nan_step, layer, rng.randrange(8), rng.randrange(1000, 9000), bad_node, bad_local),
              "%d: [rank%d]: Traceback (most recent call last):" % (ti, r),
              '%d: [rank%d]:   File "/home/lw/moe/train.py", line 288, in <module>' % (ti, r),
              "%d: [rank%d]:     main()" % (ti, r),
              '%d: [rank%d]:   File "/home/lw/moe/train.py", line 251, in main' % (ti, r),
              "%d: [rank%d]:     nan_guard.check(model, step)" % (ti, r),
              '%d: [rank%d]:   File "/home/lw/moe/nan_guard.py", line 40, in check' % (ti, r),
              '%d: [rank%d]:     raise FloatingPointError(f"non-finite local grads on rank {rank} ({host} cuda:{dev}) at step {step}")' % (ti, r),
              "%d: [rank%d]: FloatingPointError: non-finite local grads on rank %d (%s cuda:%d) at step %d" % (ti, r, r, bad_node, bad_local, nan_step)]
        L += ["%d: %s" % (ti, x) for x in agent_failed(add(tn, 1.3), bad_local, 1, 61000 + a * 100 + bad_local, pypid=6000 + a * 10 + ti)]
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (bad_node, ti))
        L.append("srun: Terminating StepId=%d.0" % jobid)
        for tj, n in enumerate(nodes):
            if tj != ti:
                L.append("%d: %s %d torch/distributed/elastic/agent/server/api.py:688] Received Signals.SIGTERM death signal, shutting down workers" % (tj, f_glog(add(tn, 2.1), "W", nanos=False), 6000 + a * 10 + tj))
                L.append("%d: torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % (tj, 6000 + a * 10 + tj))
        L.append("srun: error: %s: tasks %s: Terminated" % (",".join(n for n in nodes if n != bad_node), ",".join(str(x) for x in range(4) if x != ti)))
        c.write("attempt_%d/slurm-%d.out" % (a, jobid), L)
        for tj, n in enumerate(nodes):
            D = ["%s %s" % (f_dmesgT(add(T(2024, 5, 2, 7, 0, 0), j * 23000)), l) for j, l in enumerate(boot_dmesg_noise(rng, n, 14, hca_bus=["0c", "12", "4b", "54"]))]
            c.write("attempt_%d/%s/dmesg_T.txt" % (a, n), D)
        if a == 2:
            g = gpu_list("a100", DGX_A100_BUS, rng)
            for k, x in enumerate(g):
                x.update(used=0, util=0, temp=33 + k % 4)
            c.write("attempt_%d/%s/nvidia-smi-q.txt" % (a, bad_node), nvsmi_q(add(tn, 600), g, driver="535.161.08", cuda="12.2", rng=rng))
    c.write("requeue_notes.txt", ["7712001 -> NaN at 15211 (rank 21)", "7712019 -> resubmitted, different nodes; NaN at 15188 (rank 5)", "7712044 -> resubmitted again; NaN at 15240 (rank 29)",
                                  "data order is deterministic (seed 1234, restored loader state) -- author: lw"])
    c.label("gpu_hardware", "infrastructure", bad_node, None, "restart_without_node",
            "Three submissions on different node sets resume from the same checkpoint with the same deterministic data, and each fails at a different step with non-finite local gradients on whatever global rank landed on gpu-d03 cuda:5 (21, 5, 29). The NaN follows the GPU, not the data or the recipe. The rank is null because its number changes every attempt.",
            "https://docs.nvidia.com/deploy/xid-errors/index.html")


# ============================================================================ br30
def br30(out):
    c = Case(out, "br30_colored_log_every_step_slow_from_start", 7330)
    rng = c.rng
    nodes = ["hx-01", "hx-02", "hx-03", "hx-04"]
    ips = {n: "10.3.1.%d" % (5 + i) for i, n in enumerate(nodes)}
    t0 = T(2024, 5, 9, 14, 20, 3)
    for i, n in enumerate(nodes):
        L = omp_banner(t0, pid=4400 + i)
        for k in range(8):
            r = i * 8 + k
            pid = 55100 + i * 10 + k
            L.append("%s:%d:%d [%d] NCCL INFO NCCL_IB_DISABLE set by environment to 1." % (n, pid, pid, k))
            L += nccl_init(n, pid, k, r, 32, ips[n], iface="bond0", rng=rng, nchan=2, print_version=(r == 0), net="Socket", version="2.19.3")
        if i == 0:
            tt = add(t0, 180)
            for it in range(10, 910, 10):
                ms = 9812.0 + rng.uniform(-60, 60)
                line = megatron_iter(tt, it, 250000, it * 1024, ms, 3e-4 * min(1, it / 2000.0), 1024, 7.2 - it * 0.004 + rng.uniform(-0.03, 0.03), gnorm=rng.uniform(1.0, 3.0), tflops=61.2 + rng.uniform(-1, 1))
                L.append("\x1b[32mINFO\x1b[0m \x1b[2m%s\x1b[0m %s" % (tt.strftime("%H:%M:%S"), line))
                if it % 100 == 0:
                    L.append("\x1b[32mINFO\x1b[0m \x1b[2m%s\x1b[0m [Rank 0] (after %d iterations) memory (MB) | allocated: 31022.1 | max allocated: 52113.7 | reserved: 61440.0 | max reserved: 61440.0" % (tt.strftime("%H:%M:%S"), it))
                    L.append("\x1b[32mINFO\x1b[0m \x1b[2m%s\x1b[0m timers: forward-backward: %.1f | grads-all-reduce: %.1f | optimizer: %.1f" % (tt.strftime("%H:%M:%S"), 2012.2 + rng.uniform(-10, 10), 7611.4 + rng.uniform(-40, 40), 92.3 + rng.uniform(-2, 2)))
                tt = add(tt, ms / 100.0)
            L.insert(6, "\x1b[33mWARNING\x1b[0m \x1b[2m%s\x1b[0m overlap_grad_reduce is disabled; data-parallel communication is not overlapped" % add(t0, 60).strftime("%H:%M:%S"))
        c.write("%s/megatron.log" % n, L)
        c.write("%s/ibstat.txt" % n, ibstat(["mlx5_%d" % k for k in range(8)], rng))
    c.write("submit.sh", ["#!/bin/bash", "#SBATCH -N 4 --gpus-per-node=8 --ntasks-per-node=1 -p h100 -t 72:00:00 -J gpt-7b-a",
                          "source /etc/profile.d/modules.sh", "module load cuda/12.2 nccl/2.19.3",
                          "export NCCL_DEBUG=INFO", "export NCCL_IB_DISABLE=1   # TODO remove -- was debugging the IB hang on 05/02",
                          "export NCCL_SOCKET_IFNAME=bond0", "export CUDA_DEVICE_MAX_CONNECTIONS=1",
                          "srun torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $(hostname):29500 pretrain_gpt.py @args/gpt7b.args"])
    c.write("reference_run.txt", ["gpt7b reference (2024-04-18, same 4 nodes, same args): elapsed time per iteration (ms): ~2105, throughput ~392 TFLOP/s/GPU, grads-all-reduce ~150 ms"])
    c.write("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                           "            412877      h100 gpt-7b-a   tnguye  R    2:31:05      4 hx-[01-04]"])
    c.label("straggler", "script", None, None, "stop",
            "Every iteration takes ~9.8 s instead of ~2.1 s, with gradient all-reduce dominating, on all nodes equally; NCCL reports 'NCCL_IB_DISABLE set by environment to 1' and uses NET/Socket over bond0 because the submit script still exports NCCL_IB_DISABLE=1. The IB ports are all Active: a job setting.",
            "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html")


CASES = [br21, br22, br23, br24, br25, br26, br27, br28, br29, br30]
