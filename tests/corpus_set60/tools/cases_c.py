"""Cases be15-be21: preemption, RoCE/TCP transports, Kubernetes mapping,
retried attempts and IPoIB addresses that do not match host numbers."""

import random

from lib import (Bundle, T, sec, tz, UTC, f_dmesg_T, f_uptime, f_iso, f_syslog, f_glog, f_py, f_short_iso,
                 ip_addr, nccl_prefix)
from jobs import Job
from scen import Scenario


# ============================================================================ be15
def be15():
    rng = random.Random(6015)
    b = Bundle("be15_connection_closed_flood_at_six_am")
    hosts = ["gpu-st-%04d" % n for n in (7, 8, 15, 16)]
    ips = {h: "10.0.%d.%d" % (10 + i, 100 + 3 * i) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, ips, oob_if="ens5", version="2.20.5+cuda12.4", channels=2)
    sc = Scenario(b, job, layout="slurm", script="train.py")
    t0 = T("2024-03-20 21:14:02.551")
    sc.start(t0)
    tp = T("2024-03-21 06:00:00.000")
    sc.megatron(t0 + sec(100), tp, 10, 17.5, 1750.0, lr0=2.0e-4, loss0=2.52, h=hosts[0], lr=0)
    # SIGTERM reaches nodes' torchrun agents at slightly different times
    order = [("gpu-st-0015", 0.21), ("gpu-st-0007", 1.90), ("gpu-st-0016", 2.35), ("gpu-st-0008", 2.60)]
    for h, d in order:
        sc.agent_sigterm(h, tp + sec(d))
    # ranks that were still alive when gpu-st-0015 vanished accuse it
    sc.sock_error("gpu-st-0007", 7, tp + sec(0.74), "gpu-st-0015", closed=True, port=40112, abort=False)
    sc.sock_error("gpu-st-0016", 0, tp + sec(0.81), "gpu-st-0015", what="recv", port=40388, abort=False)
    sc.ib_error("gpu-st-0008", 3, tp + sec(1.02), "gpu-st-0015", status=12, kind="Send", port=41221, abort=False)
    for h, lr, dt in (("gpu-st-0007", 7, 1.2), ("gpu-st-0016", 0, 1.3), ("gpu-st-0008", 3, 1.6)):
        sc.abort(h, lr, tp + sec(dt), "socketProgress: Connection closed by remote peer %s<40112>" % ips["gpu-st-0015"])
    sc.render()
    head = ["+ scontrol show hostnames gpu-st-[0007-0008,0015-0016]",
            "gpu-st-0007", "gpu-st-0008", "gpu-st-0015", "gpu-st-0016",
            "+ srun --label torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-st-0007:29400 train.py --cfg configs/7b.yaml"]
    cancel = ["slurmstepd: error: *** JOB 48812 ON gpu-st-0007 CANCELLED AT 2024-03-21T06:00:00 DUE TO PREEMPTION ***",
              "slurmstepd: error: *** STEP 48812.0 ON gpu-st-0007 CANCELLED AT 2024-03-21T06:00:00 DUE TO PREEMPTION ***",
              "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."]
    body = []
    inserted = False
    for ln in sc.slurm_lines:
        if not inserted and ("SIGTERM death signal" in ln or "Connection closed" in ln or "NCCL WARN" in ln):
            body += cancel
            inserted = True
        body.append(ln)
    tail = ["srun: error: gpu-st-0015: task 2: Terminated",
            "srun: error: gpu-st-0007: task 0: Terminated",
            "srun: error: gpu-st-0016: task 3: Terminated",
            "srun: error: gpu-st-0008: task 1: Terminated",
            "srun: Force Terminated StepId=48812.0"]
    b.add("slurm-48812.out", head + body + tail)
    b.add("sacct_48812.txt", [
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode",
        "------------ ---------- ---------- ---------- ---------- ---------- --------",
        "48812        pretrain-+      spot      ml-res        384  PREEMPTED      0:0",
        "48812.batch       batch                ml-res         96  CANCELLED     0:15",
        "48812.extern     extern                ml-res        384  COMPLETED      0:0",
        "48812.0        torchrun                ml-res        384  CANCELLED     0:15"])
    for i, h in enumerate(hosts):
        b.add("%s/slurmd.log" % h, [
            "[2024-03-20T21:13:58.102] [48812.extern] task/cgroup: _memcg_initialize: job: alloc=1536000MB mem.limit=1536000MB memsw.limit=unlimited",
            "[2024-03-20T21:14:01.877] [48812.0] task/cgroup: _memcg_initialize: step: alloc=1536000MB mem.limit=1536000MB memsw.limit=unlimited",
            "[2024-03-21T06:00:00.%03d] [48812.0] error: *** STEP 48812.0 ON %s CANCELLED AT 2024-03-21T06:00:00 DUE TO PREEMPTION ***" % (10 + 90 * i, h),
            "[2024-03-21T06:00:0%d.%03d] [48812.0] done with job" % (3 + i, 400 + 11 * i)])
    b.set_label("unknown", "framework", None, None, "none",
                "The connection-closed and completion errors naming 10.0.12.106 (gpu-st-0015) come after Slurm cancelled job 48812 at 06:00:00 DUE TO PREEMPTION; sacct says PREEMPTED, gpu-st-0015 simply got its SIGTERM first.",
                "https://github.com/facebookincubator/submitit/issues/1613")
    return b


# ============================================================================ be16
def be16():
    rng = random.Random(6016)
    b = Bundle("be16_roce_completion_error_with_gids")
    hosts = ["hgx-r07-u%02d" % u for u in (4, 12, 20, 28)]
    oob = {h: "10.224.3.%d" % (17 + 29 * i) for i, h in enumerate(hosts)}
    roce = {h: "10.230.1.%d" % (5 + 4 * ((i + 2) % 4)) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, oob, oob_if="eth0", hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"], roce=True,
              version="2.21.5+cuda12.4")
    sc = Scenario(b, job, layout="tee", script="pretrain.py", console_name="train.log")
    t0 = T("2024-08-06 02:15:30.070")
    sc.start(t0)
    culprit = hosts[2]
    tf = T("2024-08-06 05:47:13.331")
    sc.megatron(t0 + sec(95), tf, 10, 15.2, 1521.0, lr0=2.4e-4, loss0=2.48, h=hosts[-1], lr=7)
    ta = tf + sec(33.2)
    for k, (h, lr) in enumerate([(hosts[1], 0), (hosts[3], 0), (hosts[1], 2)]):
        sc.ib_error(h, lr, ta + sec(0.5 * k), culprit, status=12, kind="Send" if k != 1 else "Recv",
                    opcode=0 if k != 1 else 129, gids=("::ffff:%s" % roce[h], "::ffff:%s" % roce[culprit]),
                    hca="mlx5_%d" % lr, port=55921 + k, repeat=2)
    sc.agent_fail(hosts[1], ta + sec(3.0), 0)
    sc.agent_fail(hosts[3], ta + sec(3.6), 0)
    sc.ib_error(culprit, 0, ta + sec(0.2), hosts[3], status=12, kind="Send",
                gids=("::ffff:%s" % roce[culprit], "::ffff:%s" % roce[hosts[3]]), hca="mlx5_0", port=44206)
    sc.agent_fail(culprit, ta + sec(2.6), 0)
    sc.node_watchdogs(hosts[0], tf + sec(600.4), 140203, op="ALLREDUCE")
    sc.agent_fail(hosts[0], tf + sec(603.0), 0)
    sc.render()
    for i, h in enumerate(hosts):
        ip = roce[h]
        hexip = "%02x%02x:%02x%02x" % tuple(int(x) for x in ip.split("."))
        G = ["DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV", "---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---"]
        for n in range(4):
            mac = "fe80:0000:0000:0000:0e42:a1ff:fe%02x:%04x" % (0x50 + i, 0x7a10 + n)
            G.append("mlx5_%d\t1\t0\t%s\t\t\tv1\tens%df%dnp%d" % (n, mac, 6 + n // 2, n % 2, n % 2))
            G.append("mlx5_%d\t1\t1\t%s\t\t\tv2\tens%df%dnp%d" % (n, mac, 6 + n // 2, n % 2, n % 2))
            if n == 0:
                G.append("mlx5_%d\t1\t2\t0000:0000:0000:0000:0000:ffff:%s\t%s  \tv1\tens6f0np0" % (n, hexip, ip))
                G.append("mlx5_%d\t1\t3\t0000:0000:0000:0000:0000:ffff:%s\t%s  \tv2\tens6f0np0" % (n, hexip, ip))
        G.append("n_gids_found=10")
        b.add("%s/show_gids.txt" % h, G)
        K = ["%s mlx5_core 0000:86:00.0: firmware version: 22.39.1002" % f_dmesg_T(T("2024-07-29 10:02:11")),
             "%s mlx5_core 0000:86:00.0 ens6f0np0: Link up" % f_dmesg_T(T("2024-07-29 10:02:30"))]
        if h == culprit:
            K += ["%s mlx5_core 0000:86:00.0: Port module event[error]: module 0, Cable error, High Temperature" % f_dmesg_T(tf),
                  "%s mlx5_core 0000:86:00.0 ens6f0np0: Link down" % f_dmesg_T(tf + sec(0.1))]
        if h == hosts[0]:
            K.append("%s mlx5_core 0000:87:00.1 ens7f1np1: Link down" % f_dmesg_T(T("2024-08-02 09:00:14")))
            K.append("%s mlx5_core 0000:87:00.1 ens7f1np1: Link up" % f_dmesg_T(T("2024-08-02 09:00:31")))
        b.add("%s/dmesg_T.log" % h, K)
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "RoCE completion timeouts on two nodes name peer %s with remoteGid ::ffff:%s; both the NCCL bootstrap lines and show_gids map these to hgx-r07-u20, whose ConnectX module reported a High Temperature cable error and ens6f0np0 Link down 33 s earlier." % (oob[culprit], roce[culprit]),
                "https://github.com/NVIDIA/nccl/issues/1814")
    return b


# ============================================================================ be17
def be17():
    rng = random.Random(6017)
    b = Bundle("be17_tcp_recv_timed_out_to_one_peer")
    hosts = ["gpn-%02d" % n for n in (11, 12, 13, 14, 15, 16)]
    data = {h: "192.168.88.%d" % (31 + 7 * i) for i, h in enumerate(hosts)}
    mgmt = {h: "10.5.0.%d" % (11 + i) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, data, oob_if="bond0", net="Socket", gpn=4, version="2.18.5+cuda12.1", channels=2)
    sc = Scenario(b, job, layout="slurm", script="train_ddp.py", agent_style="old", c10d_style="old")
    t0 = T("2024-01-16 18:00:41.200")
    sc.start(t0)
    culprit = "gpn-14"
    tf = T("2024-01-16 20:31:09.004")
    t = t0 + sec(60)
    ep = 0
    while t < tf:
        sc.add(hosts[0], 0, t, "%s INFO train: epoch %d iter %d/2500 loss %.4f acc %.3f lr %.4f"
               % (f_py(t), ep // 2500, ep % 2500, 1.23 - 0.00002 * ep + rng.uniform(-0.02, 0.02), 0.61 + ep * 0.000008, 0.1))
        ep += 50
        t = t + sec(67.0)
    te = tf + sec(928.4)           # TCP retransmission gives up (~15 min)
    for k, (h, lr) in enumerate([("gpn-13", 3), ("gpn-15", 0), ("gpn-13", 1), ("gpn-15", 2)]):
        sc.sock_error(h, lr, te + sec(0.7 * k), culprit, what="recv", err="Connection timed out", port=41230 + k)
    sc.agent_fail("gpn-13", te + sec(2.9), 3)
    sc.agent_fail("gpn-15", te + sec(3.4), 0)
    sc.render()
    head = ["+ srun --label hostname -I"] + ["%d: %s %s " % (i, mgmt[h], data[h]) for i, h in enumerate(hosts)] + [
        "+ export NCCL_SOCKET_IFNAME=bond0 NCCL_IB_DISABLE=1",
        "+ srun --label --kill-on-bad-exit=1 torchrun --nnodes 6 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint gpn-11:29500 train_ddp.py"]
    tail = ["srun: error: gpn-13: task 2: Exited with exit code 1",
            "srun: launch/slurm: _step_signal: Terminating StepId=330187.0",
            "slurmstepd: error: *** STEP 330187.0 ON gpn-11 CANCELLED AT %s ***" % (te + sec(33)).strftime("%Y-%m-%dT%H:%M:%S"),
            "srun: error: gpn-15: task 4: Exited with exit code 1",
            "srun: error: gpn-11: task 0: Terminated",
            "srun: error: gpn-12: task 1: Terminated",
            "srun: error: gpn-14: task 3: Terminated",
            "srun: error: gpn-16: task 5: Terminated",
            "srun: Force Terminated StepId=330187.0"]
    b.add("slurm-330187.out", head + sc.slurm_lines + tail)
    est = tz(-5)
    for i, h in enumerate(hosts):
        L = ["%s %s systemd[1]: Started Slurm node daemon." % (f_syslog(T("2024-01-09 08:12:00").astimezone(est)), h)]
        if h == culprit:
            lt = tf.astimezone(est)
            L += ["%s %s kernel: ice 0000:31:00.0 ens2f0: NIC Link is Down" % (f_syslog(lt), h),
                  "%s %s kernel: bond0: (slave ens2f0): link status definitely down, disabling slave" % (f_syslog(lt), h),
                  "%s %s kernel: ice 0000:31:00.1 ens2f1: NIC Link is Down" % (f_syslog(lt), h),
                  "%s %s kernel: bond0: (slave ens2f1): link status definitely down, disabling slave" % (f_syslog(lt), h),
                  "%s %s kernel: bond0: now running without any active interface!" % (f_syslog(lt), h),
                  "%s %s NetworkManager[1411]: <info>  [%.4f] device (bond0): state change: activated -> unavailable (reason 'carrier-changed', sys-iface-state: 'managed')" % (f_syslog(lt), h, tf.timestamp())]
        if h == "gpn-12":
            L.append("%s %s kernel: ice 0000:31:00.1 ens2f1: NIC Link is Down" % (f_syslog(T("2024-01-14 03:12:55").astimezone(est)), h))
            L.append("%s %s kernel: ice 0000:31:00.1 ens2f1: NIC Link is up 100 Gbps Full Duplex, Requested FEC: RS-FEC, Negotiated FEC: RS-FEC, Autoneg Advertised: On, Autoneg Negotiated: False, Flow control: None" % (f_syslog(T("2024-01-14 03:13:02").astimezone(est)), h))
        b.add("%s/messages" % h, L)
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "After ~15 minutes of silence ranks on gpn-13 and gpn-15 fail with 'Call to recv from 192.168.88.52 failed : Connection timed out'; srun hostname -I maps 192.168.88.52 to gpn-14, whose bond0 lost both slave links at 20:31:09 and ran without any active interface.",
                "https://github.com/NVIDIA/nccl/issues/2076")
    return b


# ============================================================================ be18
def be18():
    rng = random.Random(6018)
    b = Bundle("be18_send_failures_from_one_node_only")
    hosts = ["cpu-gpu-%02d" % n for n in (1, 2, 3, 4)]
    data = {h: "172.30.10.%d" % (101 + 2 * i) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, data, oob_if="ens2f0", net="Socket", gpn=8, version="2.19.3+cuda12.3", channels=2)
    sc = Scenario(b, job, layout="perrank", script="train.py", rank_file="r%d.out", launcher_name="agent.out")
    t0 = T("2024-05-30 10:00:03.300", tz(2)).astimezone(UTC)
    sc.start(t0)
    culprit = "cpu-gpu-03"
    tf = T("2024-05-30 13:14:52.120", tz(2)).astimezone(UTC)
    sc.titan(t0 + sec(90), tf, 10, 26.0, loss0=2.9, mem=58.0, tps=1980, mfu=30.1, h=hosts[0], lr=0)
    te = tf + sec(41.6)
    sc.sock_error(culprit, 2, te, "cpu-gpu-04", what="send", err="Connection timed out", port=39011)
    sc.sock_error(culprit, 5, te + sec(0.4), "cpu-gpu-02", what="send", err="Connection timed out", port=39027)
    sc.agent_fail(culprit, te + sec(2.7), 2)
    for h in hosts:
        if h == culprit:
            continue
        sc.node_watchdogs(h, tf + sec(600.8 + hosts.index(h) * 0.3), 302117, op="ALLREDUCE")
        sc.agent_fail(h, tf + sec(603.6 + hosts.index(h) * 0.3), 0)
    sc.render()
    cest = tz(2)
    for i, h in enumerate(hosts):
        up0 = 1901220.0 + i * 17
        K = ["%s ice 0000:31:00.0: The DDP package was successfully loaded: ICE OS Default Package version 1.3.36.0" % f_uptime(7.331),
             "%s ice 0000:31:00.0 ens2f0: NIC Link is up 100 Gbps Full Duplex, Requested FEC: RS-FEC, Negotiated FEC: RS-FEC, Autoneg Advertised: On, Autoneg Negotiated: False, Flow control: None" % f_uptime(12.904)]
        if h == culprit:
            u = up0
            K += ["%s ------------[ cut here ]------------" % f_uptime(u),
                  "%s NETDEV WATCHDOG: ens2f0 (ice): transmit queue 12 timed out 5376 ms" % f_uptime(u + 0.000011),
                  "%s WARNING: CPU: 44 PID: 0 at net/sched/sch_generic.c:525 dev_watchdog+0x207/0x210" % f_uptime(u + 0.000020),
                  "%s ---[ end trace 0000000000000000 ]---" % f_uptime(u + 0.000310),
                  "%s ice 0000:31:00.0 ens2f0: tx_timeout: VSI_num: 12, Q 12, NTC: 0x3e, HW_HEAD: 0x3e, NTU: 0x51, INT: 0x0" % f_uptime(u + 0.0004),
                  "%s ice 0000:31:00.0 ens2f0: tx_timeout recovery level 1, txqueue 12" % f_uptime(u + 0.0005),
                  "%s ice 0000:31:00.0 ens2f0: tx_timeout recovery level 2, txqueue 12" % f_uptime(u + 10.61),
                  "%s ice 0000:31:00.0 ens2f0: tx_timeout recovery level 3, txqueue 12" % f_uptime(u + 21.22),
                  "%s ice 0000:31:00.0 ens2f0: tx_timeout recovery level 4, txqueue 12" % f_uptime(u + 31.80),
                  "%s ice 0000:31:00.0: tx_timeout recovery unsuccessful, device is in unrecoverable state." % f_uptime(u + 31.81),
                  "%s ice 0000:31:00.0 ens2f0: NIC Link is Down" % f_uptime(u + 31.95)]
        b.add("%s/dmesg.out" % h, K)
        b.add("%s/proc_stat_btime.txt" % h, ["btime %d" % int((tf - sec(up0)).timestamp())])
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "Only cpu-gpu-03's ranks report failures, sends to two different peers timing out, while the peers just hit the watchdog later; cpu-gpu-03's own dmesg shows a NETDEV WATCHDOG transmit-queue timeout on ens2f0, failed ice tx_timeout recovery and NIC link down right before, so the accuser's NIC failed.",
                "https://github.com/NVIDIA/nccl/issues/193")
    return b


# ============================================================================ be19
def be19():
    rng = random.Random(6019)
    b = Bundle("be19_ranks_on_three_pods_lose_same_peer")
    nodes = ["aks-ndv5-%08d" % n for n in (14, 15, 17, 21)]
    pods = {n: "gpt-pretrain-worker-%d" % i for i, n in enumerate(nodes)}
    podip = {n: "10.52.%d.%d" % (i, [31, 14, 77, 9][i]) for i, n in enumerate(nodes)}
    job = Job(rng, nodes, podip, oob_if="eth0", version="2.21.5+cuda12.4", channels=4)
    # pod logs are per pod; the folder is the k8s node that hosted it
    sc = Scenario(b, job, layout="tee", script="/workspace/train.py", console_name="pod_log.txt", hostnames=pods)
    t0 = T("2024-09-02 06:30:10.400")
    sc.start(t0)
    culprit = nodes[1]                 # pod IP 10.52.1.14
    tc = T("2024-09-02 10:05:33.870")  # node panics
    sc.titan(t0 + sec(100), tc, 10, 19.9, loss0=2.61, mem=64.4, tps=3010, mfu=40.3, h=nodes[0], lr=0)
    ta = tc + sec(30.9)
    k = 0
    for h in nodes:
        if h == culprit:
            continue
        for lr in (1, 6):
            sc.ib_error(h, lr, ta + sec(0.17 * k), culprit, status=12, kind="Send" if lr == 1 else "Recv",
                        opcode=0 if lr == 1 else 129, hca="mlx5_%d" % lr, port=47110 + k)
            k += 1
        sc.agent_fail(h, ta + sec(2.8 + 0.2 * k), 1)
    sc.render()
    b.add("kubectl_get_pods_o_wide.txt", [
        "NAME                    READY   STATUS    RESTARTS   AGE     IP           NODE                 NOMINATED NODE   READINESS GATES"] + [
        "%-23s %-7s %-9s %-10s %-7s %-12s %-20s <none>           <none>" % (pods[n], "0/1" if n != culprit else "1/1",
                                                                          "Error" if n != culprit else "Unknown", "0", "3h36m", podip[n], n)
        for n in nodes])
    b.add("kubectl_get_nodes.txt", [
        "NAME                 STATUS     ROLES   AGE   VERSION"] + [
        "%-20s %-10s %-7s %-5s v1.29.7" % (n, "NotReady" if n == culprit else "Ready", "agent", "41d") for n in nodes])
    b.add("kubectl_get_events.txt", [
        "LAST SEEN   TYPE      REASON                    OBJECT                     MESSAGE",
        "34m         Normal    NodeNotReady              node/%s   Node %s status is now: NodeNotReady" % (culprit, culprit),
        "31m         Normal    Rebooted                  node/%s   Node %s has been rebooted, boot id: 3c9f1a2e-77d1-4a0c-9b5e-2f1d0e7a6c44" % (culprit, culprit),
        "29m         Warning   BackOff                   pod/gpt-pretrain-worker-0  Back-off restarting failed container trainer in pod gpt-pretrain-worker-0",
        "61m         Normal    Pulled                    pod/gpt-pretrain-worker-3  Container image \"acr.io/llm/train:24.08\" already present on machine"])
    K = []
    for dtv, msg in [
        (0.000, "mce: [Hardware Error]: CPU 27: Machine Check Exception: 5 Bank 1: be00000000800400"),
        (0.000, "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffb2a0f6c1> {native_queued_spin_lock_slowpath+0x1b1/0x2d0}"),
        (0.000, "mce: [Hardware Error]: TSC 2f3a1d90c1e2 ADDR 3f1e2c0a40 MISC 86 PPIN 2b1f60c8ee1a0f41"),
        (0.000, "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1725271533 SOCKET 1 APIC 6e microcode 2b000590"),
        (0.000, "mce: [Hardware Error]: Run the above through 'mcelog --ascii'"),
        (0.000, "mce: [Hardware Error]: Machine check: Processor context corrupt"),
        (0.001, "Kernel panic - not syncing: Fatal machine check"),
        (0.002, "Kernel Offset: 0x31000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)")]:
        K.append("%s %s kernel: %s" % (f_short_iso(tc + sec(dtv)), culprit, msg))
    prev = ["-- Boot 7d1e0c3a9b2f4e5a8c6d0f1e2a3b4c5d --",
            "%s %s kernel: mlx5_core 0001:00:00.0: firmware version: 28.39.1002" % (f_short_iso(T("2024-07-22 01:10:04")), culprit),
            "%s %s kernel: hv_netvsc 000d3a5c-1f2e-000d-3a5c-1f2e000d3a5c eth0: VF slot 1 added" % (f_short_iso(T("2024-07-22 01:10:09")), culprit),
            "%s %s kernel: EDAC MC0: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x1f0a22 offset:0x140 grain:32 syndrome:0x0)" % (f_short_iso(T("2024-09-02 09:58:40")), culprit)] + K
    b.add("%s/journalctl_-k_-b_-1.txt" % culprit, prev)
    for n in nodes:
        if n != culprit:
            b.add("%s/journalctl_-k.txt" % n, ["%s %s kernel: mlx5_core 0001:00:00.0: firmware version: 28.39.1002" % (f_short_iso(T("2024-07-22 01:10:04")), n),
                                               "%s %s kernel: hv_netvsc 000d3a5c-1f2e-000d-3a5c-%012x eth0: VF slot 1 added" % (f_short_iso(T("2024-07-22 01:10:09")), n, rng.getrandbits(44))])
    b.set_label("host", "infrastructure", culprit, None, "restart_without_node",
                "Three pods report IB completion timeouts from 10.52.1.14, the pod IP of gpt-pretrain-worker-1 scheduled on aks-ndv5-00000015; that node's previous-boot kernel log ends in a fatal machine check (Processor context corrupt) and kernel panic 31 s before, and the node went NotReady and rebooted.",
                "https://github.com/NVIDIA/nccl/issues/1405")
    return b


# ============================================================================ be20
def be20():
    rng = random.Random(6020)
    b = Bundle("be20_restarted_job_then_completion_error")
    hosts = ["n-%03d" % n for n in (210, 211, 214, 215)]
    ips = {h: "10.81.2.%d" % (40 + 13 * i) for i, h in enumerate(hosts)}
    culprit = "n-211"
    # ---------------------------------------------------------------- attempt 0: rendezvous reset, retried
    job0 = Job(rng, hosts, ips, oob_if="ib0", version="2.21.5+cuda12.4")
    sc0 = Scenario(b, job0, layout="tee", script="train.py", prefix="", console_name="torchrun.log")
    ta0 = T("2024-06-10 08:00:05.100")
    for h in hosts:
        sc0.add(h, None, ta0, [
            "I%s %d torch/distributed/launcher/api.py:188] Starting elastic_operator with launch configs:" % (f_glog(ta0, ""), job0.agent_pid(h)),
            "I%s %d torch/distributed/launcher/api.py:188]   entrypoint       : train.py" % (f_glog(ta0, ""), job0.agent_pid(h)),
            "I%s %d torch/distributed/launcher/api.py:188]   min_nodes        : 4" % (f_glog(ta0, ""), job0.agent_pid(h)),
            "I%s %d torch/distributed/launcher/api.py:188]   max_restarts     : 0" % (f_glog(ta0, ""), job0.agent_pid(h)),
            "I%s %d torch/distributed/launcher/api.py:188]   rdzv_endpoint    : n-210:29400" % (f_glog(ta0, ""), job0.agent_pid(h)),
        ])
        if h != "n-210":
            t = ta0 + sec(3.2 + hosts.index(h) * 0.1)
            sc0.add(h, None, t, [
                "W%s %d torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1188] [c10d] The client socket has failed to connect to [n-210]:29400 (errno: 104 - Connection reset by peer)." % (f_glog(t, ""), job0.agent_pid(h)),
                "Traceback (most recent call last):",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 159, in _create_tcp_store',
                "    store = TCPStore(",
                "torch.distributed.DistNetworkError: The client socket has failed to connect to any network address of (n-210, 29400). The client socket has failed to connect to n-210:29400 (errno: 104 - Connection reset by peer).",
                "",
                "The above exception was the direct cause of the following exception:",
                "",
                "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."])
    sc0.render()
    # move attempt 0 files under attempt_0/
    for h in hosts:
        b.files["attempt_0/%s/torchrun.log" % h] = b.files.pop("%s/torchrun.log" % h)
    b.add("attempt_0/n-210/launcher_note.txt", [
        "%s job-wrapper: torchrun exited 1 on 3/4 nodes within 4 s of start (rendezvous store on n-210 not listening yet)" % f_iso(ta0 + sec(6)),
        "%s job-wrapper: retry 1/3 in 60 s" % f_iso(ta0 + sec(6))])
    # ---------------------------------------------------------------- attempt 1: trains, then fails
    job = Job(rng, hosts, ips, oob_if="ib0", version="2.21.5+cuda12.4")
    sc = Scenario(b, job, layout="tee", script="train.py", prefix="", console_name="torchrun.log")
    t0 = T("2024-06-10 08:01:12.700")
    sc.start(t0)
    tf = T("2024-06-10 10:13:48.090")
    sc.megatron(t0 + sec(100), tf, 10, 18.0, 1801.0, lr0=1.8e-4, loss0=2.44, h=hosts[-1], lr=7)
    ta = tf + sec(30.6)
    sc.ib_error("n-210", 5, ta, culprit, status=12, kind="Send", hca="mlx5_5", port=43820)
    sc.ib_error("n-214", 5, ta + sec(1.3), culprit, status=12, kind="Recv", opcode=129, hca="mlx5_5", port=43852)
    sc.agent_fail("n-210", ta + sec(2.9), 5)
    sc.agent_fail("n-214", ta + sec(4.0), 5)
    sc.node_watchdogs(culprit, tf + sec(600.2), 170044, op="ALLREDUCE")
    sc.agent_fail(culprit, tf + sec(603.4), 0)
    sc.node_watchdogs("n-215", tf + sec(600.9), 170044, op="ALLREDUCE")
    sc.agent_fail("n-215", tf + sec(603.9), 0)
    sc.render()
    for h in hosts:
        b.files["attempt_1/%s/torchrun.log" % h] = b.files.pop("%s/torchrun.log" % h)
        K = ["%s mlx5_core 0000:18:00.0: firmware version: 28.39.1002" % f_dmesg_T(T("2024-06-01 00:31:02")),
             "%s IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready" % f_dmesg_T(T("2024-06-01 00:31:20"))]
        if h == culprit:
            K += ["%s mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link DOWN" % f_dmesg_T(tf),
                  "%s ib5: carrier lost" % f_dmesg_T(tf)]
        b.add("attempt_1/%s/dmesg_T.txt" % h, K)
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "Attempt 0 only hit a transient rendezvous connection reset at startup and was retried; attempt 1 trained for two hours, then ranks on n-210 and n-214 got completion timeouts from 10.81.2.53, n-211's ib0 address, whose mlx5_5 port went DOWN 30 s before.",
                "https://github.com/NVIDIA/nccl-tests/issues/252")
    return b


# ============================================================================ be21
def be21():
    rng = random.Random(6021)
    b = Bundle("be21_completion_error_names_10_20_0_12")
    hosts = ["node%02d" % n for n in range(5, 13)]
    perm = [9, 5, 12, 11, 6, 10, 8, 7]          # ib0 last octet per host, not the host number
    eth = {h: "10.10.0.%d" % int(h[4:]) for h in hosts}
    ib = {h: "10.20.0.%d" % perm[i] for i, h in enumerate(hosts)}
    job = Job(rng, hosts, ib, oob_if="ib0", hcas=["mlx5_0", "mlx5_1"], gpn=8, version="2.20.5+cuda12.4", channels=2)
    sc = Scenario(b, job, layout="perrank", script="train.py", rank_file="%d.log", launcher_name="torchrun.log",
                  prefix="logs/")
    t0 = T("2024-10-28 13:00:01.900")
    sc.start(t0)
    culprit = "node07"                 # ib0 10.20.0.12
    tf = T("2024-10-28 15:40:27.318")
    sc.megatron(t0 + sec(100), tf, 10, 22.2, 2221.0, lr0=3.0e-4, loss0=2.57, h=hosts[-1], lr=7)
    for lr in (0, 4):
        p = nccl_prefix(culprit, job.pid(culprit, lr), job.pid(culprit, lr) + 70, lr)
        sc.add(culprit, lr, tf + sec(0.3), ["", "%s transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_0:1 Got async event : local catastrophic error" % p])
    ta = tf + sec(28.0)
    acc = [("node06", 7), ("node08", 0), ("node10", 3), ("node06", 3)]
    for k, (h, lr) in enumerate(acc):
        sc.ib_error(h, lr, ta + sec(0.4 * k), culprit, status=12, kind="Send" if k % 2 == 0 else "Recv",
                    opcode=0 if k % 2 == 0 else 129, port=37001 + k)
    for h, dtv in (("node06", 2.9), ("node08", 3.4), ("node10", 4.1)):
        sc.agent_fail(h, ta + sec(dtv), dict(acc)[h] if h != "node06" else 7)
    sc.agent_fail(culprit, tf + sec(2.2), 0, exitcode=-6)
    sc.abort(culprit, 0, tf + sec(1.1), "NET/IB : Got async event : local catastrophic error")
    for h in hosts:
        if h in ("node06", "node08", "node10", culprit):
            continue
        sc.node_watchdogs(h, tf + sec(600.5), 52011, op="ALLREDUCE")
        sc.agent_fail(h, tf + sec(603.2), 0)
    sc.render()
    for i, h in enumerate(hosts):
        n = int(h[4:])
        ents = [
            {"name": "lo", "flags": "LOOPBACK,UP,LOWER_UP", "mtu": 65536, "qdisc": "noqueue", "state": "UNKNOWN", "link": "loopback",
             "mac": "00:00:00:00:00:00", "lbrd": "00:00:00:00:00:00", "inet": [("127.0.0.1/8", "127.255.255.255")]},
            {"name": "eno1", "flags": "BROADCAST,MULTICAST,UP,LOWER_UP", "mtu": 1500, "state": "UP", "link": "ether",
             "mac": "3c:ec:ef:41:%02x:%02x" % (0x10 + n, 0x20 + n), "inet": [("%s/24" % eth[h], "10.10.0.255")]},
            {"name": "ib0", "flags": "BROADCAST,MULTICAST,UP,LOWER_UP" if h != culprit else "NO-CARRIER,BROADCAST,MULTICAST,UP",
             "mtu": 4092, "state": "UP" if h != culprit else "DOWN",
             "link": "infiniband", "qlen": 256,
             "mac": "00:00:10:29:fe:80:00:00:00:00:00:00:94:6d:ae:03:00:%02x:%02x:%02x" % (0xa1, n, perm[i]),
             "lbrd": "00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff",
             "inet": [("%s/16" % ib[h], "10.20.255.255")]},
            {"name": "ib1", "flags": "BROADCAST,MULTICAST,UP,LOWER_UP", "mtu": 4092, "state": "UP", "link": "infiniband", "qlen": 256,
             "mac": "00:00:10:29:fe:80:00:00:00:00:00:00:94:6d:ae:03:00:%02x:%02x:%02x" % (0xa2, n, perm[i]),
             "lbrd": "00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff",
             "inet": [("10.21.0.%d/16" % perm[i], "10.21.255.255")]},
        ]
        b.add("%s/ip_addr.txt" % h, ip_addr(ents))
        K = ["%s mlx5_core 0000:4b:00.0: firmware version: 28.39.2048" % f_uptime(4.12)]
        up = 2210401.552 + i * 61
        if h == culprit:
            for dtv, msg in [
                (0.000, "mlx5_core 0000:4b:00.0: poll_health:835:(pid 0): device's health compromised - reached miss count"),
                (0.000, "mlx5_core 0000:4b:00.0: print_health_info:431:(pid 0): Health issue observed, firmware internal error, severity(3) ERROR:"),
                (0.001, "mlx5_core 0000:4b:00.0: print_health_info:435:(pid 0): assert_var[0] 0x0000001f"),
                (0.001, "mlx5_core 0000:4b:00.0: print_health_info:435:(pid 0): assert_var[1] 0x00000000"),
                (0.001, "mlx5_core 0000:4b:00.0: print_health_info:438:(pid 0): assert_exit_ptr 0x00a3b2c4"),
                (0.001, "mlx5_core 0000:4b:00.0: print_health_info:440:(pid 0): assert_callra 0x00a3b0f0"),
                (0.001, "mlx5_core 0000:4b:00.0: print_health_info:443:(pid 0): fw_ver 28.39.2048"),
                (0.001, "mlx5_core 0000:4b:00.0: print_health_info:445:(pid 0): hw_id 0x00000225"),
                (0.001, "mlx5_core 0000:4b:00.0: print_health_info:447:(pid 0): irisc_index 3"),
                (0.001, "mlx5_core 0000:4b:00.0: print_health_info:448:(pid 0): synd 0x1: firmware internal error"),
                (0.002, "mlx5_core 0000:4b:00.0: mlx5_trigger_health_work:762:(pid 0): Device in internal error state, disabling"),
                (0.302, "mlx5_core 0000:4b:00.0: mlx5_cmd_out_err:838:(pid 0): QUERY_VPORT_COUNTER(0x770) op_mod(0x0) failed, status bad system state(0x4), syndrome (0x368b01), err(-5)"),
                (0.303, "ib0: carrier lost")]:
                K.append("%s %s" % (f_uptime(up + dtv), msg))
        if h == "node12":
            for j in range(3):
                K.append("%s mlx5_core 0000:4b:00.0: AER: Corrected error received: 0000:4b:00.0" % f_uptime(up - 900 + 40 * j))
                K.append("%s mlx5_core 0000:4b:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)" % f_uptime(up - 900 + 40 * j))
                K.append("%s mlx5_core 0000:4b:00.0:   device [15b3:1021] error status/mask=00000001/00000000" % f_uptime(up - 900 + 40 * j))
                K.append("%s mlx5_core 0000:4b:00.0:    [ 0] RxErr                  (First)" % f_uptime(up - 900 + 40 * j))
        b.add("%s/dmesg.txt" % h, K)
        b.add("%s/btime.txt" % h, ["btime %d" % int((tf - sec(up)).timestamp())])
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "The completion errors name 10.20.0.12; ip addr shows that is ib0 of node07 (node12's addresses are 10.10.0.12 on eno1 and 10.20.0.7 on ib0), and node07's HCA reported a firmware internal error / health compromised and its NCCL a local catastrophic error 28 s before; node12's corrected AERs are a red herring.",
                "https://github.com/NVIDIA/nccl/issues/230")
    return b


CASES = [be15, be16, be17, be18, be19, be20, be21]
