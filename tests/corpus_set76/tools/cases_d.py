"""Cases bu22-bu28."""
import json
import random
from datetime import datetime

from common import (Node, Log, Clock, sec, ms, c10, glog, pylog, syslog_ts, ctime, iso, hexid, guid, mac,
                    ib_completion, async_event, nccl_remote_abort, watchdog_timeout, ibstat_ca,
                    ip_link_block, lo_block, H100_BUS, A100_BUS, agent_line, agent_teardown)
from scenario import Fate, run_logs, srun_tail, merge
from cases_a import ib_gid, sacct, slurm_head, IB4, IB8
from cases_c import cuda_fail, MEG_TB, peer_errors


# =============================================================================
def case22():
    rng = random.Random(7622)
    name = "bu22_errors_name_two_rail_gids_of_one_peer"
    hosts = [f"gpu-d{n:02d}" for n in range(7, 11)]
    nodes = [Node(h, i, 8, rng, ip=f"10.50.0.{7 + i}", extra={"n": 7 + i}) for i, h in enumerate(hosts)]
    N = 32
    ver = "2.20.3"
    t_init = datetime(2025, 2, 3, 8, 10, 5)
    t_evt = datetime(2025, 2, 3, 12, 33, 7, 815000)
    d09 = nodes[2]
    roce = "[0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/RoCE [RO]"
    prog = dict(host="gpu-d07", start=datetime(2025, 2, 3, 8, 11, 40), first=10, last=9000, every=10, ms=2777.0,
                total=80000, loss0=2.5, stop=t_evt)

    def gid(node, rail):
        return f"::ffff:10.{51 + rail}.0.{node.extra['n']}"
    fates = {}
    t_err = t_evt + sec(9)
    k = 0
    for n in nodes:
        if n is d09:
            continue
        for lr in (0, 1, 2, 3):
            rail = lr // 2
            r = n.rank(lr)
            pre = []
            last = None
            for j in range(rng.randint(1, 3)):
                lines, msg = ib_completion(n, lr, d09.ip, rng.randint(33000, 61000), 12, 129,
                                           rng.choice(["Send", "Recv"]), local_gid=gid(n, rail),
                                           remote_gid=gid(d09, rail), line="transport/net_ib.cc:1707")
                pre.append((t_err + ms(k * 13 + j * 4), lines))
                last = msg
            k += 1
            dt = t_err + sec(1) + ms(k * 19)
            fates[r] = Fate(dt, nccl_remote_abort(r, dt, last, ver, rng), -6, pre=pre)
    # d09's own ranks on rails 0/1: local catastrophic event
    for lr in (0, 1, 2, 3):
        dev = f"mlx5_{lr // 2}"
        p = d09.pfx(lr, 3)
        pre = [(t_evt + sec(2) + ms(lr), [f"{p} transport/net_ib.cc:101 NCCL WARN NET/IB : {dev}:1 Got async event : local catastrophic error"])]
        peer = nodes[rng.choice([0, 1, 3])]
        lines, msg = ib_completion(d09, lr, peer.ip, rng.randint(33000, 61000), 5, 249, "Recv",
                                   local_gid=gid(d09, lr // 2), remote_gid=gid(peer, lr // 2), opcode=32602,
                                   length=32603, line="transport/net_ib.cc:1707")
        pre.append((t_evt + sec(3) + ms(lr * 7), lines))
        dt = t_evt + sec(4) + ms(lr * 11)
        fates[d09.rank(lr)] = Fate(dt, nccl_remote_abort(d09.rank(lr), dt, msg, ver, rng), -6, pre=pre)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.3", oob_if="bond0", net="IB", netdevs=roce, bus=H100_BUS),
                    progress=prog, fates=fates, script="pretrain_gpt.py")
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    ck = Clock(datetime(2025, 1, 29, 16, 2, 44))
    e = t_evt
    files["gpu-d09/dmesg.txt"] = "\n".join([
        ck.dmesg(datetime(2025, 2, 3, 8, 10, 8), "NVRM: GPU at PCI:0000:18:00: GPU-e0b7c3a1-22d9-4f6e-8b10-7c5a93d2e4f6"),
        ck.dmesg(e, "mlx5_core 0000:3b:00.0: poll_health:819:(pid 0): device's health compromised - reached miss count"),
        ck.dmesg(e + ms(3), "mlx5_core 0000:3b:00.0: print_health_info:431:(pid 0): Health issue observed, firmware internal error, severity(3) ERROR:"),
        ck.dmesg(e + ms(3), "mlx5_core 0000:3b:00.0: print_health_info:435:(pid 0): assert_var[0] 0x00000001"),
        ck.dmesg(e + ms(3), "mlx5_core 0000:3b:00.0: print_health_info:435:(pid 0): assert_var[1] 0x8fc2a004"),
        ck.dmesg(e + ms(3), "mlx5_core 0000:3b:00.0: print_health_info:438:(pid 0): assert_exit_ptr 0x00a7e0c8"),
        ck.dmesg(e + ms(3), "mlx5_core 0000:3b:00.0: print_health_info:440:(pid 0): assert_callra 0x00a7e1f4"),
        ck.dmesg(e + ms(3), "mlx5_core 0000:3b:00.0: print_health_info:444:(pid 0): fw_ver 28.39.2048"),
        ck.dmesg(e + ms(9), "mlx5_core 0000:3b:00.1: poll_health:819:(pid 0): device's health compromised - reached miss count"),
        ck.dmesg(e + sec(2), "mlx5_core 0000:3b:00.0: mlx5_enter_error_state:300:(pid 1291): start"),
        ck.dmesg(e + sec(2), "mlx5_core 0000:3b:00.1: mlx5_enter_error_state:300:(pid 1294): start"),
        ck.dmesg(e + sec(2) + ms(40), "mlx5_core 0000:3b:00.0: mlx5_enter_error_state:311:(pid 1291): end"),
        ck.dmesg(e + sec(2) + ms(41), "mlx5_core 0000:3b:00.1: mlx5_enter_error_state:311:(pid 1294): end"),
        ck.dmesg(e + sec(2) + ms(60), "mlx5_core 0000:3b:00.0 ens1f0np0: Link down"),
        ck.dmesg(e + sec(2) + ms(61), "mlx5_core 0000:3b:00.1 ens1f1np1: Link down"),
        ck.dmesg(e + sec(62), "mlx5_core 0000:3b:00.0: mlx5_health_try_recover:340:(pid 1291): handling bad device here"),
        ck.dmesg(e + sec(62), "mlx5_core 0000:3b:00.0: mlx5_error_sw_reset:233:(pid 1291): start"),
        ck.dmesg(e + sec(63), "mlx5_core 0000:3b:00.0: NIC IFC still 7 after 1000ms."),
        ck.dmesg(e + sec(63), "mlx5_core 0000:3b:00.0: mlx5_error_sw_reset:266:(pid 1291): end"),
        ck.dmesg(e + sec(123), "mlx5_core 0000:3b:00.0: mlx5_health_try_recover:343:(pid 1291): health recovery failed"),
    ]) + "\n"
    ipl = lo_block()
    ipl += ["2: bond0: <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP> mtu 1500 qdisc noqueue state UP group default qlen 1000",
            f"    link/ether {mac(rng)} brd ff:ff:ff:ff:ff:ff",
            "    inet 10.50.0.9/24 brd 10.50.0.255 scope global bond0",
            "       valid_lft forever preferred_lft forever"]
    ipl += ip_link_block(3, "ens1f0np0", "NO-CARRIER,BROADCAST,MULTICAST,UP", 4200, "DOWN", mac(rng), "10.51.0.9", 24)
    ipl += ip_link_block(4, "ens1f1np1", "NO-CARRIER,BROADCAST,MULTICAST,UP", 4200, "DOWN", mac(rng), "10.52.0.9", 24)
    files["gpu-d09/ip_addr.txt"] = "$ ip addr   # 2025-02-03 12:52\n" + "\n".join(ipl) + "\n"
    slurm = slurm_head(9230117, "gpu-d[07-10]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "bond0"),
                                                  ("NCCL_IB_HCA", "mlx5_0,mlx5_1"), ("NCCL_IB_GID_INDEX", "3")],
                       "torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ...", t_init - sec(20))
    slurm += srun_tail(9230117, [("gpu-d09", 2, 1), ("gpu-d07", 0, 1), ("gpu-d08", 1, 1), ("gpu-d10", 3, 1)],
                       "gpu-d07", t_err + sec(4))
    files["slurm-9230117.out"] = "\n".join(slurm) + "\n"
    label = dict(category="network", layer="infrastructure", culprit={"node": "gpu-d09", "rank": None},
                 action="restart_without_node",
                 rationale="The retry-exceeded errors name two different remote GIDs, ::ffff:10.51.0.9 and "
                           "::ffff:10.52.0.9, on peer 10.50.0.9; gpu-d09's ip addr shows all three are its own. Both "
                           "ports sit on one dual-port ConnectX (0000:3b:00.0/.1), which hit a firmware internal error "
                           "at 12:33:07, dropped both links, and failed health recovery.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1710")
    return name, files, label


# =============================================================================
def case23():
    rng = random.Random(7623)
    name = "bu23_timeouts_only_between_two_groups_of_addresses"
    hosts = [f"gpu-f0{i}" for i in range(1, 9)]
    ips = [f"10.30.1.{i}" for i in range(1, 5)] + [f"10.30.2.{i}" for i in range(5, 9)]
    nodes = [Node(h, i, 8, rng, ip=ips[i]) for i, h in enumerate(hosts)]
    N = 64
    ver = "2.19.3"
    t_init = datetime(2025, 2, 10, 19, 0, 33)
    t_evt = datetime(2025, 2, 10, 23, 48, 20, 400000)
    prog = dict(host="gpu-f08", start=datetime(2025, 2, 10, 19, 2, 0), first=10, last=9000, every=10, ms=2205.0,
                total=70000, loss0=2.6, stop=t_evt)
    left, right = nodes[:4], nodes[4:]
    fates = {}
    k = 0
    for n in nodes:
        others = right if n in left else left
        for lr in range(8):
            if rng.random() < 0.35:
                continue
            r = n.rank(lr)
            pre = []
            last = None
            for j in range(rng.randint(1, 2)):
                peer = rng.choice(others)
                lines, msg = ib_completion(n, lr, peer.ip, rng.randint(33000, 61000), 12, 129,
                                           rng.choice(["Send", "Recv"]), local_gid=ib_gid(n, lr // 2),
                                           remote_gid=ib_gid(peer, lr // 2))
                pre.append((t_evt + sec(15) + ms(k * 17 + j * 3), lines))
                last = msg
            k += 1
            dt = t_evt + sec(16) + ms(k * 23)
            fates[r] = Fate(dt, nccl_remote_abort(r, dt, last, ver, rng), -6, pre=pre)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.3", oob_if="ib0", net="IB", netdevs=IB4, bus=H100_BUS),
                    progress=prog, fates=fates, script="pretrain_gpt.py")
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    for h in ("gpu-f02", "gpu-f07"):
        ib = []
        for i in range(4):
            ib += ibstat_ca(f"mlx5_{i}", "Active", "LinkUp", 400, rng.randint(100, 900), 1, guid(rng))
        files[f"{h}/ibstat.txt"] = "# ibstat (post-failure, 2025-02-11 00:05)\n" + "\n".join(ib) + "\n"
        ck = Clock(datetime(2025, 2, 8, 4, 0, 0) + sec(rng.randint(0, 3000)))
        files[f"{h}/kern.log"] = "\n".join([
            ck.kern(datetime(2025, 2, 10, 19, 0, 36), h, f"NVRM: GPU at PCI:0000:18:00: GPU-{hexid(rng, 8)}-{hexid(rng, 4)}-{hexid(rng, 4)}-{hexid(rng, 4)}-{hexid(rng, 12)}"),
            ck.kern(datetime(2025, 2, 10, 21, 30, 2), h, "perf: interrupt took too long (2504 > 2500), lowering kernel.perf_event_max_sample_rate to 79750"),
        ]) + "\n"
    files["topology.json"] = json.dumps({"topology": {"leaf-ib-1": hosts[:4], "leaf-ib-2": hosts[4:]}}, indent=2) + "\n"
    slurm = slurm_head(9411050, "gpu-f0[1-8]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "ib0")],
                       "torchrun --nnodes 8 --nproc-per-node 8 pretrain_gpt.py ...", t_init - sec(20))
    slurm += srun_tail(9411050, [(h, i, 1) for i, h in enumerate(hosts)], "gpu-f01", t_evt + sec(22))
    files["slurm-9411050.out"] = "\n".join(slurm) + "\n"
    label = dict(category="network", layer="infrastructure", culprit=None, action="restart",
                 rationale="Every retry-exceeded error crosses between 10.30.1.1-4 (gpu-f01..f04, leaf-ib-1) and "
                           "10.30.2.5-8 (gpu-f05..f08, leaf-ib-2), in both directions, and no host reports a link or "
                           "port event; sampled hosts show all ports Active. The break is between the two leaves, "
                           "not at any node.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/733")
    return name, files, label


# =============================================================================
def case24():
    rng = random.Random(7624)
    name = "bu24_periodic_iteration_time_spikes"
    hosts = [f"gpu-g{n}" for n in range(21, 25)]
    nodes = [Node(h, i, 8, rng, ip=f"10.80.0.{21 + i}") for i, h in enumerate(hosts)]
    N = 32
    ver = "2.21.5"
    t_init = datetime(2025, 2, 17, 6, 0, 10)
    t_start = datetime(2025, 2, 17, 6, 1, 40)
    t_now = datetime(2025, 2, 17, 9, 40, 0)
    per = 1.301
    g23 = nodes[2]
    flaps = []
    t = datetime(2025, 2, 17, 7, 12, 3, 110000)
    while t < t_now:
        flaps.append((t, rng.uniform(1.5, 6.5)))
        t += sec(rng.randint(380, 720))
    slow = []
    for tf, d in flaps:
        it = int((tf - t_start).total_seconds() / per) // 10 * 10
        slow.append((it, it + 10, 1301 + d * 1000 / 10 * 1.9 + 400))
    prog = dict(host="gpu-g24", start=t_start, first=10, last=20000, every=10, ms=per * 1000, total=300000,
                loss0=2.5, slow=slow, stop=t_now)
    extra = {"gpu-g23": []}
    ck = Clock(datetime(2025, 2, 12, 20, 5, 1))
    kern = [ck.kern(datetime(2025, 2, 17, 6, 0, 13), "gpu-g23", "NVRM: GPU at PCI:0000:18:00: GPU-91c3e0d7-5a2b-4f86-b1e9-0d7c2a4f6e35")]
    for tf, d in flaps:
        for lr in (2, 3):
            extra["gpu-g23"].append((tf + ms(30 + lr), [async_event(g23, lr, "mlx5_1", "port error")]))
            extra["gpu-g23"].append((tf + sec(d) + ms(150 + lr), [async_event(g23, lr, "mlx5_1", "port active")]))
        kern.append(ck.kern(tf, "gpu-g23", "mlx5_core 0000:2a:00.0: Port module event: module 1, Cable unplugged"))
        kern.append(ck.kern(tf + sec(d), "gpu-g23", "mlx5_core 0000:2a:00.0: Port module event: module 1, Cable plugged"))
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="ib0", net="IB", netdevs=IB4, bus=H100_BUS),
                    progress=prog, fates={}, script="pretrain_gpt.py", extra=extra)
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    files["gpu-g23/kern.log"] = "\n".join(kern) + "\n"
    files["gpu-g23/perfquery_mlx5_1.txt"] = "\n".join([
        "# perfquery -C mlx5_1 -P 1   (2025-02-17 09:38)",
        "# Port counters: Lid 217 port 1 (CapMask: 0x5A00)",
        "SymbolErrorCounter:..............9120",
        "LinkErrorRecoveryCounter:........0",
        f"LinkDownedCounter:...............{len(flaps)}",
        "PortRcvErrors:...................311",
        "PortXmitDiscards:................2240",
        "LocalLinkIntegrityErrors:........4",
        "PortXmitWait:....................18842201",
    ]) + "\n"
    files["squeue.txt"] = ("             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
                           "           9518820     train pretrain  mlteam  R    3:39:50      4 gpu-g[21-24]\n")
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "gpu-g23", "rank": None},
                 action="restart_without_node",
                 rationale=f"The job is still running but every ~6-12 min one logging window runs 1.5-2.3x slower. Each spike "
                           f"lines up with gpu-g23's mlx5_1 dropping and recovering a few seconds later ({len(flaps)} "
                           "cable unplugged/plugged pairs, LinkDownedCounter matches). The link always recovers, so "
                           "nothing crashes, but this one node's cable keeps stalling the ring.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/905")
    return name, files, label


# =============================================================================
def case25():
    rng = random.Random(7625)
    name = "bu25_connection_closed_by_one_peer_then_step_cancelled"
    hosts = [f"gpu-l{n}" for n in range(31, 35)]
    nodes = [Node(h, i, 8, rng, ip=f"10.5.1.{31 + i}") for i, h in enumerate(hosts)]
    N = 32
    ver = "2.20.5"
    t_init = datetime(2025, 2, 14, 17, 30, 2)
    t_pre = datetime(2025, 2, 14, 22, 0, 3, 112000)
    prog = dict(host="gpu-l31", start=datetime(2025, 2, 14, 17, 31, 30), first=10, last=20000, every=10, ms=1911.0,
                total=100000, loss0=2.4, stop=t_pre)
    l34 = nodes[3]
    fates = {}
    k = 0
    for n in nodes[:3]:
        for lr in (0, 7, 3):
            r = n.rank(lr)
            p = n.pfx(lr, 4)
            w = f"socketProgress: Connection closed by remote peer {l34.ip}<{rng.randint(40000, 60000)}>"
            pre = [(t_pre + ms(180 + k * 9), ["", f"{p} misc/socket.cc:49 NCCL WARN {w}",
                                              f"{p} NCCL INFO misc/socket.cc:749 -> 6",
                                              f"{p} NCCL INFO proxy.cc:1122 -> 6",
                                              f"{p} proxy.cc:1143 NCCL WARN [Service thread] Error encountered progressing operation=Connect, res=6, closing connection"])]
            k += 1
            dt = t_pre + ms(240 + k * 11)
            fates[r] = Fate(dt, nccl_remote_abort(r, dt, w, ver, rng), -6, pre=pre)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="ib0", net="IB", netdevs=IB4, bus=H100_BUS),
                    progress=prog, fates=fates, script="pretrain_gpt.py",
                    killed_at={"gpu-l34": t_pre + ms(40)})
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    slurm = slurm_head(88213, "gpu-l[31-34]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "ib0")],
                       "torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ...", t_init - sec(20))
    slurm += [f"slurmstepd: error: *** JOB 88213 ON gpu-l31 CANCELLED AT {iso(t_pre)} DUE TO PREEMPTION ***",
              f"slurmstepd: error: *** STEP 88213.0 ON gpu-l31 CANCELLED AT {iso(t_pre)} DUE TO PREEMPTION ***",
              "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
              "srun: got SIGCONT", "srun: forcing job termination",
              "srun: error: gpu-l34: task 3: Terminated",
              "srun: error: gpu-l31: task 0: Exited with exit code 1",
              "srun: error: gpu-l32: task 1: Exited with exit code 1",
              "srun: error: gpu-l33: task 2: Exited with exit code 1"]
    files["slurm-88213.out"] = "\n".join(slurm) + "\n"
    files["sacct.txt"] = sacct(88213, "pretrain_gpt", "PREEMPTED", "0:15", elapsed="04:30:21",
                               extra_steps=[("0", "torchrun", "CANCELLED", "0:15")])
    files["slurmctld.log"] = "\n".join([
        f"[{t_pre - sec(1):%Y-%m-%dT%H:%M:%S}.981] sched: _slurm_rpc_allocate_resources JobId=88240 NodeList=(null) usec=1203",
        f"[{t_pre:%Y-%m-%dT%H:%M:%S}.112] preempted JobId=88213 has been killed to reallocate resources for JobId=88240",
        f"[{t_pre:%Y-%m-%dT%H:%M:%S}.113] _job_signal: of JobId=88213 State=PREEMPTED successful",
        f"[{t_pre + sec(33):%Y-%m-%dT%H:%M:%S}.540] sched: Allocate JobId=88240 NodeList=gpu-l[31-34] #CPUs=512 Partition=prod-hi",
    ]) + "\n"
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="The 'Connection closed by remote peer 10.5.1.34' errors (gpu-l34) begin at 22:00:03, the "
                           "same instant slurmctld preempted job 88213 for higher-priority job 88240; gpu-l34's agent "
                           "simply received its SIGTERM first. sacct shows PREEMPTED. The scheduler ended the job; "
                           "nothing is broken.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1232")
    return name, files, label


# =============================================================================
def case26():
    rng = random.Random(7626)
    name = "bu26_socket_finalize_accept_wrong_type_at_init"
    hosts = [f"gpu-m0{i}" for i in range(1, 5)]
    nodes = [Node(h, i, 8, rng, ip=f"10.90.0.{i + 1}") for i, h in enumerate(hosts)]
    ver = "2.19.3"
    t_init = datetime(2025, 3, 3, 10, 12, 40)
    m03 = nodes[2]
    logs = {h: Log() for h in hosts}
    for n in nodes:
        lg = logs[n.host]
        for lr in range(8):
            p = n.pfx(lr)
            p2 = n.pfx(lr, 1)
            L = [f"{p} NCCL INFO cudaDriverVersion 12040", f"{p} NCCL INFO Bootstrap : Using ib0:{n.ip}<0>"]
            if n.rank(lr) == 0:
                L.append(f"NCCL version {ver}+cuda12.3")
            L.append(f"{p2} NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation")
            if n is m03:
                L += [f"{p2} misc/ibvwrap.cc:108 NCCL WARN Failed to open libibverbs.so[.1]",
                      f"{p2} NCCL INFO NET/Socket : Using [0]ib0:{n.ip}<0> [1]eno1:192.168.40.3<0>",
                      f"{p2} NCCL INFO Using network Socket"]
            else:
                L += [f"{p2} NCCL INFO NET/IB : Using {IB4} ; OOB ib0:{n.ip}<0>", f"{p2} NCCL INFO Using network IB"]
            lg.extend(t_init + ms(lr * 27), L, step=ms(2))
    t_c = t_init + sec(4)
    fails = {h: [] for h in hosts}
    for lr in range(8):
        p = m03.pfx(lr, 5)
        lg = logs[m03.host]
        lg.extend(t_c + ms(lr * 5), ["", f"{p} misc/socket.cc:441 NCCL WARN socketFinalizeAccept: wrong type 3 != 4",
                                     f"{p} NCCL INFO misc/socket.cc:561 -> 3", f"{p} NCCL INFO misc/socket.cc:665 -> 3",
                                     f"{p} NCCL INFO transport/net_socket.cc:375 -> 3",
                                     f"{p} NCCL INFO transport/net.cc:728 -> 3", f"{p} NCCL INFO proxy.cc:1306 -> 3",
                                     f"{p} NCCL INFO proxy.cc:1377 -> 3", "",
                                     f"{p} proxy.cc:1519 NCCL WARN [Proxy Service {m03.rank(lr)}] Failed to execute operation Accept from rank {m03.rank(lr) - 1}, retcode 3"],
                  step=ms(1))
    for n in nodes:
        for lr in range(8):
            r = n.rank(lr)
            p = n.pfx(lr, 5)
            lg = logs[n.host]
            dt = t_c + sec(1) + ms(lr * 9 + n.idx * 3)
            if n is m03:
                last = "socketFinalizeAccept: wrong type 3 != 4"
                kind = "internal error - please report this issue to the NCCL developers"
                code = "ncclInternalError: Internal check failed."
            else:
                if lr in (0, 7) or n.idx == 1:
                    last = f"socketProgress: Connection closed by remote peer {m03.ip}<{rng.randint(40000, 60000)}>"
                    lg.extend(dt - ms(400), ["", f"{p} misc/socket.cc:49 NCCL WARN {last}",
                                             f"{p} NCCL INFO misc/socket.cc:749 -> 6",
                                             f"{p} proxy.cc:1143 NCCL WARN Socket recv failed while polling for opId=0x7f{hexid(rng, 10)}",
                                             f"{p} NCCL INFO transport/net.cc:288 -> 3"], step=ms(1))
                    kind = "internal error - please report this issue to the NCCL developers"
                    code = "ncclInternalError: Internal check failed."
                else:
                    continue
            lg.extend(dt, [f"[rank{r}]: Traceback (most recent call last):",
                           f'[rank{r}]:   File "/workspace/train.py", line 188, in <module>',
                           f"[rank{r}]:     dist.barrier(device_ids=[local_rank])",
                           f"[rank{r}]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                           f"ProcessGroupNCCL.cpp:1691, {kind}, NCCL version {ver}",
                           f"[rank{r}]: {code}", f"[rank{r}]: Last error:", f"[rank{r}]: {last}"], step=ms(1))
            fails[n.host].append((lr, 1, dt, f"torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, {kind}, NCCL version {ver}"))
    for n in nodes:
        fl = sorted(fails[n.host], key=lambda x: x[2])
        killed = [lr for lr in range(8) if lr not in [x[0] for x in fl]]
        agent_teardown(n, fl[0][2] + ms(500), [x for x in fl if x[2] <= fl[0][2] + ms(500)], killed, logs[n.host],
                       "train.py", "new")
    merged = merge(logs, lambda h: f"{hosts.index(h)}: ")
    pyx = []
    for i, h in enumerate(hosts):
        if h == "gpu-m03":
            pyx.append(f"{i}: pyxis: reusing existing container filesystem")
        else:
            pyx.append(f"{i}: pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.03-py3")
            pyx.append(f"{i}: pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.03-py3")
    head = slurm_head(9630018, "gpu-m0[1-4]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "ib0")],
                      "-l --container-image=nvcr.io#nvidia/pytorch:24.03-py3 --container-name=train "
                      "torchrun --nnodes 4 --nproc-per-node 8 train.py", t_init - sec(60), pyxis=pyx)
    tail = srun_tail(9630018, [("gpu-m03", 2, 1), ("gpu-m02", 1, 1), ("gpu-m01", 0, 1), ("gpu-m04", 3, 1)],
                     "gpu-m01", t_c + sec(4))
    files = {"slurm-9630018.out": "\n".join(head) + "\n" + merged.render() + "\n".join(tail) + "\n"}
    files["gpu-m03/container_check.txt"] = "\n".join([
        "$ enroot list --fancy | grep train",
        "pyxis_9402211_train   ...   (created 2025-02-19 by job 9402211)",
        "$ enroot start pyxis_9402211_train sh -c 'cat /etc/nv_image_tag 2>/dev/null; ldconfig -p | grep -c libibverbs; python -c \"import torch;print(torch.__version__, torch.cuda.nccl.version())\"'",
        "nvcr.io/nvidia/pytorch:23.10-py3 (site slim build: rdma-core removed)",
        "0",
        "2.1.0a0+32f93b1 (2, 19, 3)",
    ]) + "\n"
    files["gpu-m01/container_check.txt"] = "\n".join([
        "$ enroot list --fancy | grep train",
        "pyxis_9630018_train   ...   (created 2025-03-03 by job 9630018)",
        "$ enroot start pyxis_9630018_train sh -c 'cat /etc/nv_image_tag 2>/dev/null; ldconfig -p | grep -c libibverbs; python -c \"import torch;print(torch.__version__, torch.cuda.nccl.version())\"'",
        "nvcr.io/nvidia/pytorch:24.03-py3",
        "4",
        "2.3.0a0+40ec155e58.nv24.03 (2, 19, 3)",
    ]) + "\n"
    label = dict(category="dependency", layer="infrastructure", culprit={"node": "gpu-m03", "rank": None},
                 action="restart_without_node",
                 rationale="Only gpu-m03 logs 'Failed to open libibverbs.so' and falls back to NET/Socket while the "
                           "others use NET/IB; the IB-side ranks then see 'Connection closed by remote peer "
                           "10.90.0.3' and gpu-m03 sees 'wrong type 3 != 4'. pyxis reused a stale container on "
                           "gpu-m03 (a slim 23.10 image without rdma-core) instead of importing 24.03. A bad container "
                           "on one node.",
                 modelled_on="https://github.com/NVIDIA/nccl-tests/issues/188")
    return name, files, label


# =============================================================================
def case27():
    rng = random.Random(7627)
    name = "bu27_collective_timeout_during_checkpoint_save"
    hosts = [f"gpu-n0{i}" for i in range(1, 5)]
    nodes = [Node(h, i, 8, rng, ip=f"10.6.0.{i + 1}") for i, h in enumerate(hosts)]
    N = 32
    ver = "2.21.5"
    t_init = datetime(2025, 3, 10, 0, 30, 4)
    t_save = datetime(2025, 3, 10, 5, 11, 59)
    t_nfs = datetime(2025, 3, 10, 5, 12, 31)
    prog = dict(host="gpu-n04", start=datetime(2025, 3, 10, 0, 31, 40), first=20, last=12000, every=20, ms=1401.0,
                total=100000, loss0=2.5, stop=t_save - sec(3))
    fates = {}
    t_to = t_save + sec(1800)
    stuck = {0, 8, 16, 24}  # one writer per node stuck in D state
    for n in nodes:
        for lr in range(8):
            r = n.rank(lr)
            if r in stuck:
                continue
            dt = t_to + ms(rng.randint(10, 900))
            fates[r] = Fate(dt, watchdog_timeout(r, dt, 120344, "_ALLGATHER_BASE", 4194304, 1800000, rng), -6)
    extra = {"gpu-n04": [(t_save, [f"saving checkpoint at iteration   12000 to /mnt/shared/ckpt/llama-13b in torch_dist format"])]}
    for n in (nodes[1], nodes[3]):
        p = n.pfx(2, 4)
        extra.setdefault(n.host, []).append((t_to + sec(2), ["", f"{p} misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer {nodes[0].ip}<{rng.randint(40000, 60000)}>",
                                                             f"{p} NCCL INFO misc/socket.cc:749 -> 6"]))
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="ib0", net="IB", netdevs=IB8, bus=H100_BUS),
                    progress=prog, fates=fates, script="pretrain_gpt.py", extra=extra)
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    for n in nodes:
        ck = Clock(datetime(2025, 3, 6, 12, 0, 0) + sec(n.idx * 411))
        L = []
        for j in range(3):
            L.append(ck.kern(t_nfs + sec(j * 181 + n.idx), n.host, "nfs: server 10.50.0.5 not responding, still trying"))
        pid = n.pid(0)
        L += [ck.kern(t_nfs + sec(90 + n.idx), n.host, f"INFO: task python3:{pid} blocked for more than 120 seconds."),
              ck.kern(t_nfs + sec(90 + n.idx), n.host, "      Tainted: P           OE     5.15.0-119-generic #129-Ubuntu"),
              ck.kern(t_nfs + sec(90 + n.idx), n.host, "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
              ck.kern(t_nfs + sec(90 + n.idx), n.host, f"task:python3         state:D stack:    0 pid:{pid} ppid:{n.agent_pid} flags:0x00004002"),
              ck.kern(t_nfs + sec(90 + n.idx), n.host, "Call Trace:"),
              ck.kern(t_nfs + sec(90 + n.idx), n.host, " <TASK>"),
              ck.kern(t_nfs + sec(90 + n.idx), n.host, " __schedule+0x2cd/0x890"),
              ck.kern(t_nfs + sec(90 + n.idx), n.host, " rpc_wait_bit_killable+0x25/0xb0 [sunrpc]"),
              ck.kern(t_nfs + sec(90 + n.idx), n.host, " nfs_file_write+0x180/0x2a0 [nfs]"),
              ck.kern(t_nfs + sec(90 + n.idx), n.host, " vfs_write+0x1c6/0x290"),
              ck.kern(t_nfs + sec(90 + n.idx), n.host, " </TASK>"),
              ck.kern(datetime(2025, 3, 10, 5, 58, 12) + sec(n.idx), n.host, "nfs: server 10.50.0.5 OK")]
        L.sort(key=lambda s: s[:15])
        files[f"{n.host}/kern.log"] = "\n".join(L) + "\n"
    files["etc_hosts.txt"] = "\n".join(["127.0.0.1 localhost", "10.50.0.5   nfs-01.storage nfs-01", "10.50.0.6   nfs-02.storage nfs-02"] +
                                       [f"10.6.0.{i + 1}    {h}-ib" for i, h in enumerate(hosts)] +
                                       [f"172.16.9.{i + 1}  {h}" for i, h in enumerate(hosts)]) + "\n"
    files["mounts.txt"] = "10.50.0.5:/export/shared /mnt/shared nfs4 rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=172.16.9.1,local_lock=none,addr=10.50.0.5 0 0\n"
    slurm = slurm_head(9700455, "gpu-n0[1-4]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "ib0")],
                       "torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py --save /mnt/shared/ckpt/llama-13b ...", t_init - sec(20))
    slurm += srun_tail(9700455, [("gpu-n02", 1, 1), ("gpu-n03", 2, 1), ("gpu-n01", 0, 1), ("gpu-n04", 3, 1)],
                       "gpu-n01", t_to + sec(5))
    files["slurm-9700455.out"] = "\n".join(slurm) + "\n"
    label = dict(category="storage", layer="infrastructure", culprit=None, action="restart",
                 rationale="The checkpoint save to /mnt/shared starts at 05:11:59; from 05:12:31 all four nodes log 'nfs: "
                           "server 10.50.0.5 not responding' with a writer per node blocked in nfs_file_write, and the "
                           "rest time out in _ALLGATHER_BASE 30 min later. 10.50.0.5 is nfs-01, not a compute node; it "
                           "came back at 05:58 ('server OK'). Transient shared-storage outage.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1609")
    return name, files, label


# =============================================================================
def case28():
    rng = random.Random(7628)
    name = "bu28_peer_errors_hours_after_a_port_flap"
    hosts = [f"gpu-q0{i}" for i in range(1, 5)]
    nodes = [Node(h, i, 8, rng, ip=f"10.33.0.{i + 1}") for i, h in enumerate(hosts)]
    N = 32
    ver = "2.21.5"
    t_init = datetime(2025, 3, 18, 8, 40, 1)
    t_flap = datetime(2025, 3, 18, 10, 2, 41, 220000)
    t_evt = datetime(2025, 3, 18, 13, 52, 10, 734000)
    q01, q03 = nodes[0], nodes[2]
    prog = dict(host="gpu-q04", start=datetime(2025, 3, 18, 8, 41, 30), first=20, last=20000, every=20, ms=1544.0,
                total=150000, loss0=2.6, stop=t_evt, slow=[])
    it_flap = int((t_flap - prog["start"]).total_seconds() / 1.544) // 20 * 20
    prog["slow"] = [(it_flap, it_flap + 20, 1620.0)]
    extra = {"gpu-q01": [(t_flap + ms(40), [async_event(q01, 4, "mlx5_4", "port error")]),
                         (t_flap + sec(2) + ms(300), [async_event(q01, 4, "mlx5_4", "port active")])]}
    fates = {}
    r_bad = q03.rank(6)
    dt = t_evt + ms(410)
    fates[r_bad] = Fate(dt, cuda_fail(q03, 6, r_bad, dt, "uncorrectable NVLink error detected during the execution", MEG_TB), 1,
                        tb="RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution")
    peer_errors(nodes, q03, rng, t_evt + sec(9), ver, fates, lrs=(6, 7, 0), gid=ib_gid, rail=None)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="ib0", net="IB", netdevs=IB8, bus=H100_BUS),
                    progress=prog, fates=fates, script="pretrain_gpt.py", extra=extra)
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    ck1 = Clock(datetime(2025, 3, 15, 3, 0, 10))
    files["gpu-q01/kern.log"] = "\n".join([
        ck1.kern(datetime(2025, 3, 18, 8, 40, 4), "gpu-q01", "NVRM: GPU at PCI:0000:18:00: GPU-5b0e2c7d-19a3-4e8f-b6d2-3c1f7a90e4d8"),
        ck1.kern(t_flap, "gpu-q01", "mlx5_core 0000:9b:00.0: Port module event: module 4, Cable unplugged"),
        ck1.kern(t_flap + sec(2), "gpu-q01", "mlx5_core 0000:9b:00.0: Port module event: module 4, Cable plugged"),
    ]) + "\n"
    ck3 = Clock(datetime(2025, 3, 14, 22, 41, 5))
    files["gpu-q03/kern.log"] = "\n".join([
        ck3.kern(datetime(2025, 3, 18, 8, 40, 4), "gpu-q03", "NVRM: GPU at PCI:0000:ba:00: GPU-c27d90e1-4f3b-48a6-9d15-e08b7c6a2f43"),
        ck3.kern(t_evt, "gpu-q03", f"NVRM: Xid (PCI:0000:ba:00): 74, pid={q03.pid(6)}, name=python3, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
        ck3.kern(t_evt + ms(2), "gpu-q03", f"NVRM: Xid (PCI:0000:ba:00): 74, pid={q03.pid(6)}, name=python3, NVLink: fatal error detected on link 12(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
        ck3.kern(t_evt + ms(90), "gpu-q03", "nvidia-nvswitch1: SXid (PCI:0000:06:00.0): 12028, Non-fatal, Link 44 egress non-posted PRIV error (First)"),
    ]) + "\n"
    files["gpu-q01/ibstat_mlx5_4.txt"] = "\n".join(ibstat_ca("mlx5_4", "Active", "LinkUp", 400, 2217, 1, guid(rng))) + "\n"
    slurm = slurm_head(9905121, "gpu-q0[1-4]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "ib0")],
                       "torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ...", t_init - sec(20))
    slurm += srun_tail(9905121, [("gpu-q03", 2, 1), ("gpu-q01", 0, 1), ("gpu-q04", 3, 1), ("gpu-q02", 1, 1)],
                       "gpu-q01", t_evt + sec(14))
    files["slurm-9905121.out"] = "\n".join(slurm) + "\n"
    label = dict(category="nvlink", layer="infrastructure", culprit={"node": "gpu-q03", "rank": 22},
                 action="restart_without_node",
                 rationale="gpu-q01's mlx5_4 flapped for 2 s at 10:02 and training carried on for almost four hours. "
                           "The crash at 13:52 starts on gpu-q03: Xid 74 NVLink fatal errors on PCI 0000:ba:00 (GPU 6, "
                           "rank 22), which fails first with an uncorrectable NVLink error. The retry-exceeded errors "
                           "naming 10.33.0.3 come 9 s later.",
                 modelled_on="https://github.com/NVIDIA/nccl-tests/issues/252")
    return name, files, label


CASES = [case22, case23, case24, case25, case26, case27, case28]
