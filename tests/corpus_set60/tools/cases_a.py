"""Cases be01-be07: an accused node and how to find who is behind the address."""

import random

from lib import (Bundle, T, sec, tz, UTC, f_dmesg_T, f_uptime, f_iso, f_syslog, ibstat_ca, perfquery, ip_br)
from jobs import Job
from scen import Scenario


def _kern_boot_noise(rng, host, n=6):
    return [
        "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024 (Ubuntu 5.15.0-105.115-generic 5.15.148)",
        "Command line: BOOT_IMAGE=/boot/vmlinuz-5.15.0-105-generic root=UUID=6c1e4d2a-8f1b-4b8e-9a43-%s ro pci=realloc=off iommu=pt numa_balancing=disable" % ("%012x" % rng.getrandbits(48)),
        "mlx5_core 0000:18:00.0: firmware version: 28.39.2048",
        "mlx5_core 0000:18:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)",
        "nvidia: loading out-of-tree module taints kernel.",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:47 UTC 2024",
        "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000",
        "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
    ][:n]


# ============================================================================ be01
def be01():
    rng = random.Random(6001)
    b = Bundle("be01_ib_completion_status12_mid_run")
    hosts = ["h100-r2-07", "h100-r2-08", "h100-r2-11", "h100-r2-12"]
    ips = {"h100-r2-07": "10.40.18.133", "h100-r2-08": "10.40.18.151",
           "h100-r2-11": "10.40.19.20", "h100-r2-12": "10.40.19.74"}
    job = Job(rng, hosts, ips, oob_if="ib0")
    sc = Scenario(b, job, layout="tee", script="pretrain_gpt.py")
    t0 = T("2024-05-14 13:02:10.412")
    sc.start(t0)
    tf = T("2024-05-14 14:22:05.318")            # cable pulled on h100-r2-11 mlx5_3
    sc.megatron(t0 + sec(95), tf, 10, 19.4, 1938.0, lr0=2.9e-4, loss0=2.71, h="h100-r2-12", lr=7)
    # node-local NCCL async events on the accused
    for lr in (3,):
        p = "h100-r2-11:%d:%d [%d]" % (job.pid("h100-r2-11", lr), job.pid("h100-r2-11", lr) + 75, lr)
        sc.add("h100-r2-11", lr, tf + sec(0.002), ["", "%s transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_3:1 Got async event : port error" % p])
    # accusers: r2-07 rank 3 sends to r2-11 on rail 3; r2-12 receives from it
    ta = tf + sec(31.7)
    sc.ib_error("h100-r2-07", 3, ta, "h100-r2-11", status=12, kind="Send", hca="mlx5_3", port=48211)
    sc.ib_error("h100-r2-12", 3, ta + sec(0.91), "h100-r2-11", status=12, kind="Recv", opcode=129, hca="mlx5_3", port=51532)
    # the accused itself times out sending over its dead port
    sc.ib_error("h100-r2-11", 3, ta + sec(0.23), "h100-r2-12", status=12, kind="Send", hca="mlx5_3", port=39950)
    sc.agent_fail("h100-r2-07", ta + sec(3.0), 3)
    sc.agent_fail("h100-r2-11", ta + sec(3.4), 3)
    sc.agent_fail("h100-r2-12", ta + sec(4.1), 3)
    # r2-08 only sees the collective never finishing
    sc.node_watchdogs("h100-r2-08", tf + sec(600.4), 250318, op="_REDUCE_SCATTER_BASE")
    sc.agent_fail("h100-r2-08", tf + sec(603.0), 0)
    sc.render()

    boot = T("2024-05-02 07:41:12")
    for h in hosts:
        L = []
        for k, ln in enumerate(_kern_boot_noise(rng, h, 8)):
            L.append("%s %s" % (f_dmesg_T(boot + sec(k * 0.7)), ln))
        if h == "h100-r2-08":
            L.append("%s NVRM: Xid (PCI:0000:5d:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000c1f2a0) has been added to the pending list, please reboot as soon as possible" % f_dmesg_T(T("2024-05-09 22:14:51")))
        L.append("%s audit: type=1400 audit(1715691730.412:311): apparmor=\"STATUS\" operation=\"profile_replace\" profile=\"unconfined\" name=\"nvidia_modprobe\"" % f_dmesg_T(t0 - sec(15)))
        if h == "h100-r2-11":
            L.append("%s mlx5_core 0000:9a:00.0: Port module event: module 0, Cable unplugged" % f_dmesg_T(tf))
            L.append("%s mlx5_core 0000:9a:00.0 mlx5_3: Port: 1 Link DOWN" % f_dmesg_T(tf + sec(0.02)))
            L.append("%s ib3: carrier lost" % f_dmesg_T(tf + sec(0.03)))
        b.add("%s/dmesg_T.txt" % h, L)
    b.add("h100-r2-11/ibstat_after.txt",
          ibstat_ca("mlx5_0", "MT4129", "28.39.2048", "0x946dae0300a1b2c0", lid=311) + [""] +
          ibstat_ca("mlx5_3", "MT4129", "28.39.2048", "0x946dae0300a1b2c6", state="Down", phys="Polling", rate=10, lid=65535, sm_lid=0))
    b.set_label("network", "infrastructure", "h100-r2-11", None, "restart_without_node",
                "Two ranks report IB completion timeouts (status=12) from 10.40.19.20, which the NCCL bootstrap lines place on h100-r2-11; that node's kernel shows the mlx5_3 cable unplugged and the port DOWN 31 s earlier.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return b


# ============================================================================ be02
def be02():
    rng = random.Random(6002)
    b = Bundle("be02_completion_errors_status12_then_flush")
    hosts = ["sc-gpu-%04d" % n for n in (1041, 1042, 1043, 1046, 1047, 1050, 1051, 1052)]
    ips = {}
    for i, h in enumerate(hosts):
        ips[h] = "172.16.%d.%d" % (8 + i // 4, [14, 23, 57, 102][i % 4] + i)
    job = Job(rng, hosts, ips, oob_if="bond0", version="2.20.5+cuda12.4")
    sc = Scenario(b, job, layout="perrank", script="train.py", rank_file="rank%d.log",
                  launcher_name="torchrun.log")
    t0 = T("2024-09-18 00:40:03.118")
    sc.start(t0)
    culprit = "sc-gpu-1046"
    tf = T("2024-09-18 03:11:52.448")
    sc.titan(t0 + sec(140), tf, 10, 21.3, loss0=2.94, h=hosts[0], lr=0)
    # accused own NCCL: catastrophic async event on the HCA that disappeared
    for lr in (2, 3):
        p = "%s:%d:%d [%d]" % (culprit, job.pid(culprit, lr), job.pid(culprit, lr) + 71, lr)
        sc.add(culprit, lr, tf + sec(0.05), ["", "%s transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_2:1 Got async event : local catastrophic error" % p])
    # accusers: several peers, first status=12 then flush errors status=5
    ta = tf + sec(29.3)
    accusers = [("sc-gpu-1043", 2), ("sc-gpu-1047", 2), ("sc-gpu-1043", 3), ("sc-gpu-1047", 3), ("sc-gpu-1050", 2)]
    for k, (h, lr) in enumerate(accusers):
        sc.ib_error(h, lr, ta + sec(0.37 * k), culprit, status=12, kind="Send" if k % 2 == 0 else "Recv",
                    repeat=3, hca="mlx5_%d" % lr, port=40212 + 17 * k)
    done = set()
    for k, (h, lr) in enumerate(accusers):
        if h in done:
            continue
        done.add(h)
        sc.agent_fail(h, ta + sec(3.2 + 0.4 * k), lr)
    sc.agent_fail(culprit, ta + sec(5.8), 2, exitcode=-6)
    for h in hosts:
        if h in done or h == culprit:
            continue
        sc.node_watchdogs(h, tf + sec(1800.2), 61877, op="ALLGATHER", timeout_ms=1800000)
        sc.agent_fail(h, tf + sec(1803.1), 0)
    sc.render()

    # mapping: ip -br a on every node
    for i, h in enumerate(hosts):
        mgmt = "10.3.%d.%d/22" % (40 + i // 3, 11 + i * 7)
        b.add("%s/net/ip_br_a.txt" % h, ip_br([
            ("lo", "UNKNOWN", ["127.0.0.1/8", "::1/128"]),
            ("eno1", "UP", [mgmt, "fe80::3eec:efff:fe2a:%x/64" % (0x1100 + i)]),
            ("ens21f0np0", "UP", []),
            ("ens21f1np1", "UP", []),
            ("bond0", "UP", ["%s/21" % ips[h], "fe80::a288:c2ff:fe14:%x/64" % (0x3a00 + i)]),
            ("docker0", "DOWN", ["172.17.0.1/16"]),
        ]))
    # journal on the accused: fatal AER on the HCA
    J = []
    tb = T("2024-09-11 06:02:44.000")
    J.append("%s %s kernel: mlx5_core 0000:c1:00.0: firmware version: 28.40.1000" % (f_iso(tb), culprit))
    J.append("%s %s kernel: mlx5_core 0000:c1:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)" % (f_iso(tb + sec(0.4)), culprit))
    J.append("%s %s systemd[1]: Started nvidia-persistenced.service - NVIDIA Persistence Daemon." % (f_iso(tb + sec(9.2)), culprit))
    J.append("%s %s kernel: pcieport 0000:c0:01.1: AER: Corrected error received: 0000:c0:01.1" % (f_iso(T("2024-09-16 19:44:03.771")), culprit))
    J.append("%s %s kernel: pcieport 0000:c0:01.1: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)" % (f_iso(T("2024-09-16 19:44:03.771")), culprit))
    J.append("%s %s kernel: pcieport 0000:c0:01.1:   device [1022:14ab] error status/mask=00000001/00002000" % (f_iso(T("2024-09-16 19:44:03.771")), culprit))
    J.append("%s %s kernel: pcieport 0000:c0:01.1:    [ 0] RxErr                  (First)" % (f_iso(T("2024-09-16 19:44:03.772")), culprit))
    J.append("%s %s slurmd[2011]: slurmd: Launching batch job 771402 for UID 41027" % (f_iso(t0 - sec(30)), culprit))
    seq = [
        (0.000, "pcieport 0000:c0:01.1: AER: Uncorrected (Fatal) error received: 0000:c1:00.0"),
        (0.000, "mlx5_core 0000:c1:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
        (0.000, "mlx5_core 0000:c1:00.0: AER:   device [15b3:1021] error status/mask=00040000/00000000"),
        (0.001, "mlx5_core 0000:c1:00.0: AER:    [18] MalfTLP                (First)"),
        (0.001, "mlx5_core 0000:c1:00.0: AER:   TLP Header: 4a000001 c1000004 00000000 00000000"),
        (0.004, "mlx5_core 0000:c1:00.0: mlx5_pci_err_detected Device state = 1 health sensors: 1 pci_status: 1. Enter, pci channel state = 2"),
        (0.004, "mlx5_core 0000:c1:00.0: mlx5_error_sw_reset:233:(pid 31877): start"),
        (1.118, "mlx5_core 0000:c1:00.0: mlx5_error_sw_reset:266:(pid 31877): end"),
        (1.120, "mlx5_core 0000:c1:00.0: mlx5_pci_err_detected Device state = 2 health sensors: 1 pci_status: 0. Exit, result = 3, need reset"),
        (1.402, "pcieport 0000:c0:01.1: AER: Root Port link has been reset (0)"),
        (1.403, "mlx5_core 0000:c1:00.0: mlx5_pci_slot_reset Device state = 2 health sensors: 1 pci_status: 0. Enter"),
        (61.40, "mlx5_core 0000:c1:00.0: wait vital counter value 0xffffffff after 60000 iterations"),
        (61.40, "mlx5_core 0000:c1:00.0: mlx5_pci_slot_reset Device state = 2 health sensors: 1 pci_status: 1. Exit, err = -5, result = 4, failed"),
        (61.41, "pcieport 0000:c0:01.1: AER: device recovery failed"),
    ]
    for dtv, msg in seq:
        J.append("%s %s kernel: %s" % (f_iso(tf + sec(dtv)), culprit, msg))
    b.add("%s/journal_kernel.log" % culprit, J)
    # the other nodes: uneventful kernel excerpts (one with corrected AER on a GPU root port)
    for i, h in enumerate(hosts):
        if h == culprit:
            continue
        L = ["%s %s kernel: mlx5_core 0000:c1:00.0: firmware version: 28.40.1000" % (f_iso(tb + sec(i)), h),
             "%s %s slurmd[2004]: slurmd: Launching batch job 771402 for UID 41027" % (f_iso(t0 - sec(30)), h)]
        if h == "sc-gpu-1051":
            L.append("%s %s kernel: NVRM: Xid (PCI:0000:9a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000004b21f0) has been added to the pending list, please reboot as soon as possible" % (f_iso(T("2024-09-15 10:12:08.551")), h))
        b.add("%s/journal_kernel.log" % h, L)
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "Five ranks on three nodes report completion errors (status=12, then flush status=5) from %s, which ip -br a puts on bond0 of sc-gpu-1046; that node's journal shows a fatal PCIe AER (MalfTLP) on its ConnectX HCA 0000:c1:00.0 and failed recovery 29 s before." % ips[culprit],
                "https://github.com/NVIDIA/nccl/issues/1814")
    return b


# ============================================================================ be03
def be03():
    rng = random.Random(6003)
    b = Bundle("be03_async_port_error_then_rank_abort")
    hosts = ["node001", "node002", "node003", "node004"]
    ib = {"node001": "10.12.0.41", "node002": "10.12.0.42", "node003": "10.12.0.17", "node004": "10.12.0.44"}
    job = Job(rng, hosts, ib, oob_if="ib0", hcas=["mlx5_0"], gpn=4, version="2.18.6+cuda12.2", channels=2)
    sc = Scenario(b, job, layout="tee", script="train_lightning.py", agent_style="old", c10d_style="old",
                  console_name="stdout.log")
    t0 = T("2024-02-06 08:15:40.222")
    sc.start(t0)
    culprit = "node003"
    flaps = [T("2024-02-06 10:47:12.118"), T("2024-02-06 10:53:40.902"), T("2024-02-06 10:58:03.447"),
             T("2024-02-06 11:01:29.013"), T("2024-02-06 11:02:51.660")]
    # Lightning style progress on rank 0
    t = t0 + sec(120)
    step = 0
    while t < flaps[-1]:
        pct = step / 30000 * 100
        el = int((t - t0).total_seconds()) - 120
        rem = int((30000 - step) / 1.31)
        sc.add("node001", 0, t, "Epoch 0:  %2d%%|%-10s| %d/30000 [%02d:%02d:%02d<%02d:%02d:%02d, 1.31it/s, v_num=7, train_loss=%.3f]"
               % (int(pct), "\u2588" * int(pct / 10), step, el // 3600, (el // 60) % 60, el % 60,
                  rem // 3600, (rem // 60) % 60, rem % 60, 2.81 - step * 0.00002 + rng.uniform(-0.05, 0.05)))
        step += 250
        t = t + sec(190.8)
    for k, fl in enumerate(flaps):
        for lr in range(4):
            p = "%s:%d:%d [%d]" % (culprit, job.pid(culprit, lr), job.pid(culprit, lr) + 66, lr)
            sc.add(culprit, lr, fl + sec(0.001 * lr), ["", "%s transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error" % p])
            if k < len(flaps) - 1:
                sc.add(culprit, lr, fl + sec(7.2 + 0.001 * lr), ["", "%s transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port active" % p])
    ta = flaps[-1] + sec(8.6)
    for lr in (0, 2):
        sc.ib_error("node002", lr, ta + sec(0.3 * lr), culprit, status=12, kind="Send", port=37948 + lr,
                    version="2.18.6")
    sc.ib_error("node004", 1, ta + sec(1.1), culprit, status=12, kind="Recv", opcode=129, port=42810,
                version="2.18.6")
    sc.agent_fail("node002", ta + sec(3.0), 0)
    sc.agent_fail("node004", ta + sec(3.9), 1)
    sc.node_watchdogs(culprit, flaps[-1] + sec(1800.3), 412004, timeout_ms=1800000)
    sc.agent_fail(culprit, flaps[-1] + sec(1803.9), 0)
    sc.node_watchdogs("node001", flaps[-1] + sec(1800.9), 412004, timeout_ms=1800000)
    sc.agent_fail("node001", flaps[-1] + sec(1804.2), 0)
    sc.render()

    b.add("etc_hosts.txt", [
        "127.0.0.1\tlocalhost",
        "::1\tlocalhost ip6-localhost ip6-loopback",
        "# management",
        "10.11.0.1\tnode001",
        "10.11.0.2\tnode002",
        "10.11.0.3\tnode003",
        "10.11.0.4\tnode004",
        "10.11.0.17\tstorage01",
        "# ipoib",
        "10.12.0.41\tnode001-ib",
        "10.12.0.42\tnode002-ib",
        "10.12.0.17\tnode003-ib",
        "10.12.0.44\tnode004-ib",
        "10.12.0.250\tsm01-ib",
    ])
    # syslog on every node, local time CET (+01:00); flaps only on node003
    cet = tz(1)
    for i, h in enumerate(hosts):
        L = []
        base = T("2024-02-06 07:00:01").astimezone(cet)
        L.append("%s %s CRON[88%02d]: (root) CMD (   cd / && run-parts --report /etc/cron.hourly)" % (f_syslog(base), h, i))
        L.append("%s %s systemd[1]: Started Session 412 of User svc-train." % (f_syslog((t0 - sec(40)).astimezone(cet)), h))
        if h == "node002":
            L.append("%s %s kernel: [77231.004412] nvme nvme1: I/O 388 QID 17 timeout, completion polled" % (f_syslog(T("2024-02-06 09:31:18").astimezone(cet)), h))
        if h == culprit:
            up0 = 812345.0
            for k, fl in enumerate(flaps):
                lt = fl.astimezone(cet)
                upt = up0 + (fl - flaps[0]).total_seconds()
                L.append("%s %s kernel: [%.6f] mlx5_core 0000:3b:00.0 mlx5_0: Port: 1 Link DOWN" % (f_syslog(lt), h, upt))
                L.append("%s %s kernel: [%.6f] ib0: carrier lost" % (f_syslog(lt), h, upt + 0.000412))
                if k < len(flaps) - 1:
                    lt2 = (fl + sec(7.2)).astimezone(cet)
                    L.append("%s %s kernel: [%.6f] mlx5_core 0000:3b:00.0 mlx5_0: Port: 1 Link INIT" % (f_syslog(lt2), h, upt + 6.9))
                    L.append("%s %s kernel: [%.6f] mlx5_core 0000:3b:00.0 mlx5_0: Port: 1 Link ACTIVE" % (f_syslog(lt2), h, upt + 7.2))
                    L.append("%s %s kernel: [%.6f] ib0: carrier acquired" % (f_syslog(lt2), h, upt + 7.21))
        L.append("%s %s systemd[1]: session-412.scope: Deactivated successfully." % (f_syslog((flaps[-1] + sec(1810)).astimezone(cet)), h))
        b.add("%s/syslog" % h, L)
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "Ranks on node002 and node004 report status=12 completion errors from 10.12.0.17, which /etc/hosts maps to node003-ib; node003's own NCCL logs and syslog show its mlx5_0 port flapping DOWN/ACTIVE five times before the failure.",
                "https://github.com/Lightning-AI/lit-llama/issues/380")
    return b


# ============================================================================ be04
def be04():
    rng = random.Random(6004)
    b = Bundle("be04_rank_reports_timeout_to_healthy_peer")
    hosts = ["a3-0012", "a3-0013", "a3-0019", "a3-0022"]
    ips = {"a3-0012": "10.96.4.12", "a3-0013": "10.96.4.13", "a3-0019": "10.96.4.19", "a3-0022": "10.96.4.22"}
    # OOB on ib0 but the IPs are the same last octet as the host number here; the trap is which side failed
    job = Job(rng, hosts, ips, oob_if="ib0", version="2.19.3+cuda12.3")
    sc = Scenario(b, job, layout="slurm", script="main.py")
    t0 = T("2024-07-30 21:10:07.500")
    sc.start(t0)
    culprit = "a3-0019"
    tf = T("2024-07-30 23:48:19.731")
    sc.megatron(t0 + sec(120), tf, 10, 14.1, 1406.0, lr0=1.5e-4, loss0=2.33, h=hosts[-1], lr=7)
    for lr in (0, 1):
        p = "%s:%d:%d [%d]" % (culprit, job.pid(culprit, lr), job.pid(culprit, lr) + 80, lr)
        sc.add(culprit, lr, tf + sec(0.01), ["", "%s transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_0:1 Got async event : port error" % p])
    ta = tf + sec(27.9)
    # the accuser is a3-0019 itself: its sends to a3-0022 time out
    sc.ib_error(culprit, 0, ta, "a3-0022", status=12, kind="Send", hca="mlx5_0", port=44871)
    sc.ib_error(culprit, 1, ta + sec(0.2), "a3-0022", status=12, kind="Send", hca="mlx5_0", port=44902)
    sc.agent_fail(culprit, ta + sec(2.8), 0)
    # a3-0013 receives from a3-0019 and later sees its peer gone
    sc.ib_error("a3-0013", 0, ta + sec(5.7), culprit, status=12, kind="Recv", opcode=129, hca="mlx5_0", port=50233)
    sc.agent_fail("a3-0013", ta + sec(8.4), 0)
    cut = ta + sec(32.1)
    for h in ("a3-0012", "a3-0022"):
        sc.agent_sigterm(h, cut + sec(0.2 * hosts.index(h)))
    sc.render()
    head = [
        "+ scontrol show hostnames a3-[0012-0013,0019,0022]",
        "a3-0012",
        "a3-0013",
        "a3-0019",
        "a3-0022",
        "+ export MASTER_ADDR=a3-0012",
        "+ MASTER_PORT=29511",
        "+ srun --label --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint a3-0012:29511 main.py --config cfg/gpt3_13b.yaml",
    ]
    tail = [
        "srun: error: a3-0019: task 2: Exited with exit code 1",
        "srun: launch/slurm: _step_signal: Terminating StepId=551204.0",
        "slurmstepd: error: *** STEP 551204.0 ON a3-0012 CANCELLED AT %s ***" % cut.strftime("%Y-%m-%dT%H:%M:%S"),
        "srun: error: a3-0013: task 1: Exited with exit code 1",
        "srun: error: a3-0012: task 0: Terminated",
        "srun: error: a3-0022: task 3: Terminated",
        "srun: Force Terminated StepId=551204.0",
    ]
    b.add("slurm-551204.out", head + sc.slurm_lines + tail)
    # kernel logs: only the accuser has link trouble
    for i, h in enumerate(hosts):
        L = ["%s mlx5_core 0000:0c:00.0: firmware version: 28.39.1002" % f_uptime(4.381 + i * 0.01),
             "%s mlx5_core 0000:0c:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 97656Mbps" % f_uptime(4.512)]
        L.append("%s IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready" % f_uptime(19.004 + i * 0.2))
        if h == culprit:
            up = 601233.102
            L.append("%s mlx5_core 0000:0c:00.0: Port module event[error]: module 0, Cable error, Bad or shorted cable/module" % f_uptime(up))
            L.append("%s mlx5_core 0000:0c:00.0 mlx5_0: Port: 1 Link DOWN" % f_uptime(up + 0.004))
            L.append("%s ib0: carrier lost" % f_uptime(up + 0.005))
        if h == "a3-0022":
            L.append("%s nvidia 0000:9a:00.0: [drm] Cannot find any crtc or sizes" % f_uptime(22.4))
        b.add("%s/dmesg.txt" % h, L)
        b.add("%s/uptime.txt" % h, [" %s up %d days, %2d:%02d,  0 users,  load average: 41.12, 40.88, 40.31"
                                    % ("23:59:02", 6 + (i % 2), 22 - i, 11 + i)])
    bt = tf - sec(601233.102)
    b.add("a3-0019/boot_time.txt", ["$ uptime -s", bt.strftime("%Y-%m-%d %H:%M:%S")])
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "a3-0019 is the first to report a completion timeout, naming a3-0022 (10.96.4.22), but a3-0022 has clean logs; a3-0019's own NCCL got a port error and its dmesg shows a bad/shorted cable and mlx5_0 Link DOWN just before, so the accuser's NIC failed.",
                "https://github.com/NVIDIA/nccl/issues/733")
    return b


# ============================================================================ be05
def be05():
    rng = random.Random(6005)
    b = Bundle("be05_four_nodes_drop_at_once")
    leaves = {"leaf-sw-a12": ["gn-101", "gn-102", "gn-103", "gn-104"],
              "leaf-sw-a13": ["gn-105", "gn-106", "gn-107", "gn-108"],
              "leaf-sw-a14": ["gn-109", "gn-110", "gn-111", "gn-112"]}
    hosts = [h for v in leaves.values() for h in v]
    ips = {h: "10.77.%d.%d" % (12 + i // 4, 30 + (i * 13) % 200) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, ips, oob_if="ibp24s0", version="2.21.5+cuda12.4", channels=2)
    sc = Scenario(b, job, layout="perrank", script="pretrain.py", rank_file="worker_%03d.log",
                  launcher_name="elastic_agent.log")
    t0 = T("2024-11-03 19:00:11.007")
    sc.start(t0)
    tf = T("2024-11-04 02:17:41.204")
    sc.megatron(t0 + sec(180), tf, 10, 24.6, 2455.0, lr0=1.2e-4, loss0=2.18, h=hosts[-1], lr=7)
    down = leaves["leaf-sw-a13"]
    ta = tf + sec(30.4)
    acc = [("gn-104", 0, "gn-105"), ("gn-109", 0, "gn-108"), ("gn-102", 5, "gn-107"), ("gn-111", 3, "gn-106"),
           ("gn-101", 2, "gn-106"), ("gn-110", 6, "gn-105")]
    seen = set()
    for k, (h, lr, peer) in enumerate(acc):
        sc.ib_error(h, lr, ta + sec(0.29 * k), peer, status=12, kind="Send" if k % 2 else "Recv", port=45000 + k * 31,
                    hca="mlx5_%d" % lr)
        if h not in seen:
            sc.agent_fail(h, ta + sec(3 + 0.29 * k), lr)
            seen.add(h)
    # the nodes behind the switch also time out talking to each other's peers outside
    for k, h in enumerate(down):
        sc.ib_error(h, k, ta + sec(0.5 + 0.2 * k), hosts[(hosts.index(h) + 4) % 12], status=12, kind="Send",
                    port=47000 + k, hca="mlx5_%d" % k)
        sc.agent_fail(h, ta + sec(3.5 + 0.2 * k), k)
    for h in hosts:
        if h in seen or h in down:
            continue
        sc.node_watchdogs(h, tf + sec(600.7), 98731, op="ALLREDUCE")
        sc.agent_fail(h, tf + sec(603.1), 0)
    sc.render()
    b.set_topology(leaves)
    boot = 1730000000.0
    for i, h in enumerate(hosts):
        L = ["%s Linux version 6.5.0-1024-nvidia (buildd@lcy02-amd64-031) #25-Ubuntu SMP" % f_uptime(0.0),
             "%s mlx5_core 0000:18:00.0: firmware version: 28.41.1000" % f_uptime(3.881),
             "%s mlx5_core 0000:18:00.0 ibp24s0: renamed from ib0" % f_uptime(9.224)]
        up = (tf.timestamp() - (boot + 3600 * i))
        if h in down:
            for port in range(8):
                bus = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"][port]
                L.append("%s mlx5_core 0000:%s:00.0 mlx5_%d: Port: 1 Link DOWN" % (f_uptime(up + 0.0003 * port + 0.011 * (i % 4)), bus, port))
            L.append("%s ibp24s0: carrier lost" % f_uptime(up + 0.004))
        if h == "gn-110":
            L.append("%s EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#3_DIMM#0 (channel:3 slot:0 page:0x3c1f2a offset:0x740 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:1 bg:0 ba:3 row:0x7a1 col:0x3c0)" % f_uptime(up - 7021.4))
        b.add("%s/dmesg.log" % h, L)
        b.add("%s/boot_epoch.txt" % h, ["%.0f" % (boot + 3600 * i)])
    b.set_label("network", "infrastructure", None, None, "restart",
                "Accusations name four different peers (gn-105..gn-108) and all four, exactly the nodes under leaf-sw-a13 in topology.json, lost every IB port within the same second; no single node is at fault, the shared leaf switch is.",
                "https://github.com/marin-community/marin/issues/6950")
    return b


# ============================================================================ be06
def be06():
    rng = random.Random(6006)
    b = Bundle("be06_fifteen_ranks_blame_same_address")
    hosts = ["trn-g%04d" % (600 + n) for n in (3, 4, 5, 7, 8, 9, 11, 12, 13, 14, 15, 17, 18, 19, 20, 22)]
    ips = {h: "172.20.%d.%d" % (4 + i // 8, [61, 9, 140, 33, 201, 77, 118, 12][i % 8]) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, ips, oob_if="bond0", version="2.21.5+cuda12.4", channels=8)
    sc = Scenario(b, job, layout="tee", script="train.py", console_name="torchrun.out")
    t0 = T("2025-01-21 04:00:09.331")
    sc.start(t0)
    culprit = hosts[0]                   # 172.20.4.61
    tf = T("2025-01-21 09:41:55.004")
    # noisy: per-step NCCL INFO comm split / p2p lines on every node
    for h in hosts:
        for k in range(12):
            tt = t0 + sec(200 + 37 * k)
            for lr in range(8):
                p = "%s:%d:%d [%d]" % (h, job.pid(h, lr), job.pid(h, lr), lr)
                sc.add(h, lr, tt, ["%s NCCL INFO Using non-device net plugin version 0" % p,
                                   "%s NCCL INFO Using network IB" % p,
                                   "%s NCCL INFO ncclCommInitRank comm 0x%012x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x%016x - Init START"
                                   % (p, rng.getrandbits(48), lr, 8, lr, lr, "18000", rng.getrandbits(64)),
                                   "%s NCCL INFO ncclCommInitRank comm 0x%012x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x%016x - Init COMPLETE"
                                   % (p, rng.getrandbits(48), lr, 8, lr, lr, "18000", rng.getrandbits(64))])
    sc.titan(t0 + sec(400), tf, 10, 30.1, loss0=2.51, mem=66.8, tps=2710, mfu=38.2, h=hosts[1], lr=0)
    p = "%s:%d:%d [%d]" % (culprit, job.pid(culprit, 4), job.pid(culprit, 4) + 71, 4)
    sc.add(culprit, 4, tf, ["", "%s transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_4:1 Got async event : port error" % p])
    ta = tf + sec(29.8)
    for k, h in enumerate(hosts[1:]):
        lr = 4
        sc.ib_error(h, lr, ta + sec(0.113 * k), culprit, status=12, kind=["Send", "Recv"][k % 2],
                    opcode=0 if k % 2 == 0 else 129, port=41000 + 7 * k, hca="mlx5_4")
        sc.agent_fail(h, ta + sec(2.7 + 0.113 * k), lr)
    sc.ib_error(culprit, 4, ta + sec(0.61), hosts[1], status=12, kind="Send", port=40031, hca="mlx5_4")
    sc.agent_fail(culprit, ta + sec(3.3), 4)
    sc.render()
    b.add("%s/ibstat.txt" % culprit,
          sum([ibstat_ca("mlx5_%d" % n, "MT4129", "28.42.1000", "0xa088c20300f1%04x" % (0x2210 + n),
                         state="Down" if n == 4 else "Active", phys="Polling" if n == 4 else "LinkUp",
                         rate=10 if n == 4 else 400, lid=65535 if n == 4 else 1201 + n, sm_lid=0 if n == 4 else 1) + [""]
               for n in range(8)], []))
    b.add(hosts[5] + "/ibstat.txt",
          sum([ibstat_ca("mlx5_%d" % n, "MT4129", "28.42.1000", "0xa088c20300f2%04x" % (0x1100 + n),
                         lid=1301 + n) + [""] for n in range(8)], []))
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "Every other node's rank 4 reports a completion timeout from 172.20.4.61, the bond0 bootstrap address of trn-g0603; that node's own NCCL got a port error on mlx5_4 first and ibstat shows mlx5_4 Down/Polling.",
                "https://github.com/tatsu-lab/stanford_alpaca/issues/207")
    return b


# ============================================================================ be07
def be07():
    rng = random.Random(6007)
    b = Bundle("be07_two_nodes_accuse_each_other")
    hosts = ["cn-a-031", "cn-a-032", "cn-a-047", "cn-a-048"]
    ips = {"cn-a-031": "192.168.60.31", "cn-a-032": "192.168.60.32", "cn-a-047": "192.168.60.47", "cn-a-048": "192.168.60.48"}
    job = Job(rng, hosts, ips, oob_if="ib0", hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"], version="2.20.3+cuda12.2")
    sc = Scenario(b, job, layout="perrank", script="finetune.py", rank_file="log_rank%d.txt",
                  launcher_name="launcher.txt")
    t0 = T("2024-04-22 16:20:00.090", tz(-7)).astimezone(UTC)
    sc.start(t0)
    tf = T("2024-04-22 18:05:12.500", tz(-7)).astimezone(UTC)
    # HF trainer style logging on rank 0
    t = t0 + sec(160)
    step = 0
    while t < tf:
        sc.add("cn-a-031", 0, t, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}"
               % (1.92 - step * 0.00003 + rng.uniform(-0.04, 0.04), 0.8 + rng.uniform(-0.2, 0.2), 2e-5 * (1 - step / 20000), step / 4100))
        step += 50
        t = t + sec(95.0)
    ta = tf + sec(0.4)
    # cn-a-032 -> cn-a-047 and cn-a-047 -> cn-a-032, same second
    sc.ib_error("cn-a-032", 7, ta, "cn-a-047", status=12, kind="Send", port=38113, hca="mlx5_3")
    sc.ib_error("cn-a-047", 0, ta + sec(0.6), "cn-a-032", status=12, kind="Send", port=50021, hca="mlx5_0")
    sc.agent_fail("cn-a-032", ta + sec(2.9), 7)
    sc.agent_fail("cn-a-047", ta + sec(3.3), 0)
    for h in ("cn-a-031", "cn-a-048"):
        sc.node_watchdogs(h, tf + sec(1800.5), 77120, op="ALLREDUCE", timeout_ms=1800000)
        sc.agent_fail(h, tf + sec(1803.0), 0)
    sc.render()
    # perfquery after the failure on both accusers (local ports)
    b.add("cn-a-032/perfquery_mlx5_3.txt", ["$ perfquery -C mlx5_3 -P 1"] + perfquery(214, 1, {
        "SymbolErrorCounter": 0, "LinkErrorRecoveryCounter": 0, "LinkDownedCounter": 0, "PortRcvErrors": 0,
        "PortXmitData": 4294967295, "PortRcvData": 4294967295, "PortXmitPkts": 4294967295, "PortRcvPkts": 4294967295,
        "PortXmitWait": 118230}))
    b.add("cn-a-047/perfquery_mlx5_0.txt", ["$ perfquery -C mlx5_0 -P 1"] + perfquery(233, 1, {
        "SymbolErrorCounter": 65535, "LinkErrorRecoveryCounter": 255, "LinkDownedCounter": 11, "PortRcvErrors": 18211,
        "PortRcvRemotePhysicalErrors": 0, "LocalLinkIntegrityErrors": 7, "ExcessiveBufferOverrunErrors": 0,
        "PortXmitData": 4294967295, "PortRcvData": 4294967295, "PortXmitPkts": 4294967295, "PortRcvPkts": 4294967295,
        "PortXmitWait": 9931442}))
    b.add("cn-a-047/perfquery_mlx5_1.txt", ["$ perfquery -C mlx5_1 -P 1"] + perfquery(234, 1, {
        "SymbolErrorCounter": 0, "LinkErrorRecoveryCounter": 0, "LinkDownedCounter": 0, "PortRcvErrors": 0,
        "PortXmitData": 4294967295, "PortRcvData": 4294967295, "PortXmitPkts": 4294967295, "PortRcvPkts": 4294967295,
        "PortXmitWait": 120031}))
    b.add("cn-a-031/perfquery_mlx5_0.txt", ["$ perfquery -C mlx5_0 -P 1"] + perfquery(201, 1, {
        "SymbolErrorCounter": 3, "LinkErrorRecoveryCounter": 0, "LinkDownedCounter": 1, "PortRcvErrors": 0,
        "PortXmitData": 4294967295, "PortRcvData": 4294967295, "PortXmitPkts": 4294967295, "PortRcvPkts": 4294967295,
        "PortXmitWait": 101877}))
    b.set_label("network", "infrastructure", "cn-a-047", None, "restart_without_node",
                "cn-a-032 reports a timeout from 192.168.60.47 (cn-a-047) and cn-a-047 reports one from 192.168.60.32 (cn-a-032); only cn-a-047's local port mlx5_0 shows saturated SymbolErrorCounter, link recoveries and 11 link-downs, so its link is the bad side.",
                "https://manpages.ubuntu.com/manpages/noble/man8/perfquery.8.html")
    return b


CASES = [be01, be02, be03, be04, be05, be06, be07]
