"""t06-t10, t40: who is behind an address; switch vs node; one node unlike the rest."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from common import (
    Bundle,
    Console,
    Failure,
    Job,
    Prefix,
    add_watchdogs,
    agent_exit,
    base_console,
    ib_completion,
    make_job,
    ms,
    nccl_init,
    place,
    py_traceback,
    pylog,
    pylog_steps,
    sec,
    titan_steps,
    watchdog_nccl_error,
)
from hw import ib_counters, ibstat, ip_addr, kernel_log


def _nccl_warn(job: Job, rank: int, text: str, src: str = "transport/net_ib.cc:1696") -> str:
    host = job.host_of(rank)
    pid = job.pid(rank)
    return f"{host}:{pid}:{pid + 713} [{job.local(rank)}] {src} NCCL WARN {text}"


def t06() -> Bundle:
    rng = random.Random(406)
    b = Bundle("t06_ib_status12_peer_named_by_bootstrap_ip")
    hosts = [f"sxm-03{i:02d}" for i in range(1, 9)]
    job = make_job(rng, hosts, subnet="10.8.3", first=71)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 4, 8, 1, 10, 2)
    culprit = "sxm-0307"
    cip = job.ips[culprit]
    flap = datetime(2024, 4, 8, 3, 41, 6, 902114)
    cons = {h: base_console(rng, job, h, start, pfx) for h in hosts}
    for d, line in titan_steps(rng, start + sec(120), 10, 5600, step_s=1.6):
        if d < flap:
            cons["sxm-0301"].at(d, pfx.out(0) + line)
    # the culprit's own rank on rail 3 sees the port go away, then its peers time out on it
    c3 = job.rank(culprit, 3)
    cons[culprit].at(
        flap + ms(40),
        pfx.out(c3)
        + _nccl_warn(
            job, c3, "NET/IB : mlx5_3:1 Got async event : port error", "transport/net_ib.cc:101"
        ),
    )
    accusers = ["sxm-0302", "sxm-0303", "sxm-0305", "sxm-0306", "sxm-0308"]
    first = {"sxm-0302": 20.4}
    errs: dict[int, datetime] = {}
    for h in accusers:
        r = job.rank(h, 3)
        d = flap + sec(first.get(h, rng.uniform(20.6, 23.0)))
        line = ib_completion(cip, rng.randint(40000, 60000), job.ips[h], "mlx5_3")
        cons[h].at(d, pfx.out(r) + _nccl_warn(job, r, line))
        cons[h].at(
            d + ms(1),
            pfx.out(r)
            + f"{h}:{job.pid(r)}:{job.pid(r) + 713} [3] NCCL INFO transport/net.cc:1298 -> 6",
        )
        errs[r] = d + ms(rng.uniform(200, 900))
    for peer in ("sxm-0306", "sxm-0308"):
        d = flap + sec(rng.uniform(21, 22))
        line = ib_completion(
            job.ips[peer], rng.randint(40000, 60000), cip, "mlx5_3", direction="Send"
        )
        cons[culprit].at(d, pfx.out(c3) + _nccl_warn(job, c3, line))
    errs[c3] = flap + sec(22.4)
    for r, d in errs.items():
        h = job.host_of(r)
        last = ib_completion(
            cip if h != culprit else job.ips["sxm-0308"],
            rng.randint(40000, 60000),
            job.ips[h],
            "mlx5_3",
            direction="Send" if h == culprit else "Recv",
        )
        for dd, line in watchdog_nccl_error(rng, r, d, last):
            cons[h].at(dd, pfx.line(r, line))
    t_wd = flap + sec(600.8)
    for h in hosts:
        rest = [r for r in job.ranks(h) if r not in errs]
        done = add_watchdogs(
            cons[h],
            rng,
            job,
            rest,
            t_wd + sec(rng.uniform(0, 2)),
            77110,
            pfx,
            timeout_ms=600000,
            op="_ALLGATHER_BASE",
            numel=50331648,
        )
        done.update({r: d for r, d in errs.items() if job.host_of(r) == h})
        fails = [Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()]
        agent_exit(cons[h], rng, job, h, "torchtitan/train.py", fails)
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        events = []
        if h == culprit:
            events = [
                (
                    flap - ms(30),
                    "kernel",
                    "mlx5_core 0000:5c:00.0: mlx5_port_module_event:1161:(pid 0): Port module "
                    "event[error]: module 3, Cable error, Bad or shorted cable/module",
                ),
                (flap, "kernel", "mlx5_core 0000:5c:00.0 ibp92s0: Link down"),
                (flap + sec(9.1), "kernel", "mlx5_core 0000:5c:00.0 ibp92s0: Link up"),
                (flap + sec(31.7), "kernel", "mlx5_core 0000:5c:00.0 ibp92s0: Link down"),
                (flap + sec(74.2), "kernel", "mlx5_core 0000:5c:00.0 ibp92s0: Link up"),
            ]
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - sec(3000), flap + sec(700), "dmesg_t", events, noise=30),
        )
    ports = [(f"mlx5_{i}", "Active", "LinkUp", 400) for i in range(8)]
    bad_ports = list(ports)
    bad_ports[3] = ("mlx5_3", "Down", "Polling", 10)
    b.add(f"{culprit}/ibstat.txt", ibstat(bad_ports, rng))
    b.add(
        f"{culprit}/perfquery.txt",
        ib_counters(culprit, 8, {3: {"symbol": 65535, "recovery": 255, "downed": 7, "rcv": 1893}}),
    )
    b.add("sxm-0302/ibstat.txt", ibstat(ports, rng))
    b.label(
        "network",
        "infrastructure",
        culprit,
        None,
        "restart_without_node",
        "Five nodes report IB completion errors (status=12) from peer 10.8.3.77, which the NCCL Bootstrap/OOB lines "
        "map to sxm-0307; that node's mlx5_3 logged a cable error and link flaps and is now Down/Polling.",
        "https://github.com/tatsu-lab/stanford_alpaca/issues/207",
    )
    return b


def t07() -> Bundle:
    rng = random.Random(407)
    b = Bundle("t07_roce_reset_by_peer_ip_only_in_etc_hosts")
    nums = [3, 5, 7, 9, 11, 13, 15]
    hosts = [f"h100-c4-{n:02d}" for n in nums]
    mgmt = {h: f"10.0.4.{n}" for h, n in zip(hosts, nums, strict=True)}
    rdma = {h: f"172.24.9.{30 + n}" for h, n in zip(hosts, nums, strict=True)}
    job = make_job(rng, hosts, ips=mgmt)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 5, 10, 21, 30, 5)
    culprit = "h100-c4-11"
    down = datetime(2024, 5, 11, 2, 13, 2, 118870)
    cons = {h: base_console(rng, job, h, start, pfx, glog_style=False, nccl=False) for h in hosts}
    for d, line in pylog_steps(rng, start + sec(75), 10, 15000, step_s=1.1, name="trainer"):
        if d < down:
            cons[hosts[0]].at(d, pfx.out(0) + line)
    # culprit: its RoCE port loses the cable; its ranks fail first
    t_c = down + sec(6.9)
    for r in job.ranks(culprit):
        d = t_c + ms(rng.uniform(0, 800))
        peer = hosts[(hosts.index(culprit) + rng.choice([-1, 1])) % len(hosts)]
        line = ib_completion(
            rdma[peer],
            rng.randint(40000, 60000),
            rdma[culprit],
            f"mlx5_{job.local(r)}",
            direction="Send",
        )
        cons[culprit].at(d, pfx.out(r) + _nccl_warn(job, r, line))
        for dd, wl in watchdog_nccl_error(
            rng, r, d + ms(300), line, version="2.20.5", stamped=False, pg="PG 0"
        ):
            cons[culprit].at(dd, pfx.out(r) + wl)
    fails = [
        Failure(t_c + sec(1.5), culprit, r, job.local(r), -6, job.pid(r))
        for r in job.ranks(culprit)
    ]
    agent_exit(cons[culprit], rng, job, culprit, "train.py", fails, glog_style=False)
    # peers: sockets to the dead processes are reset (mgmt IP), RDMA QPs time out (RoCE IP)
    for h in hosts:
        if h == culprit:
            continue
        con = cons[h]
        errs = {}
        for r in job.ranks(h):
            d = t_c + sec(rng.uniform(1.6, 3.5))
            if job.local(r) % 3 == 0:
                last = ib_completion(
                    rdma[culprit], rng.randint(40000, 60000), rdma[h], f"mlx5_{job.local(r)}"
                )
                src = "transport/net_ib.cc:1696"
            else:
                last = (
                    f"socketProgressOpt: Call to recv from {mgmt[culprit]}<{rng.randint(33000, 60000)}> failed : "
                    "Connection reset by peer"
                )
                src = "misc/socket.cc:46"
            con.at(d, pfx.out(r) + _nccl_warn(job, r, last, src))
            for dd, wl in watchdog_nccl_error(
                rng, r, d + ms(250), last, version="2.20.5", stamped=False, pg="PG 0"
            ):
                con.at(dd, pfx.out(r) + wl)
            errs[r] = d
        fails = [Failure(d + sec(1.2), h, r, job.local(r), -6, job.pid(r)) for r, d in errs.items()]
        agent_exit(con, rng, job, h, "train.py", fails, glog_style=False)
    hosts_file = [
        "127.0.0.1 localhost",
        "::1 localhost ip6-localhost ip6-loopback",
        "",
        "# cluster c4 (managed by ansible, do not edit)",
    ]
    for h in hosts:
        hosts_file.append(f"{mgmt[h]:<15} {h} {h}.c4.cluster.local")
    for h in hosts:
        hosts_file.append(f"{rdma[h]:<15} {h}-rdma0")
    for h in hosts:
        b.add(f"{h}/train.log", cons[h].render())
        b.add(f"{h}/etc_hosts", hosts_file)
        events = []
        if h == culprit:
            events = [
                (
                    down - ms(12),
                    "kernel",
                    "mlx5_core 0000:0c:00.0: mlx5_port_module_event:1153:(pid 0): Port module "
                    "event[error]: module 0, Cable error, Bus stuck (I2C or data shorted)",
                ),
                (down, "kernel", "mlx5_core 0000:0c:00.0 ens10f0np0: Link down"),
                (down + ms(80), "kernel", "mlx5_core 0000:0c:00.0 ens10f0np0: Lost carrier"),
            ]
        if h == "h100-c4-05":
            events = [(down - sec(7000), "kernel", "mlx5_core 0000:0c:00.0 ens10f0np0: Link up")]
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - sec(3600), down + sec(300), "dmesg_t", events, noise=28),
        )
    b.label(
        "network",
        "infrastructure",
        culprit,
        None,
        "restart_without_node",
        "Peers report connection resets from 10.0.4.11 and RoCE completion errors from 172.24.9.41; /etc/hosts maps "
        "both to h100-c4-11, whose NIC logged a cable error (Bus stuck) and link down seconds before its ranks died.",
        "https://github.com/NVIDIA/nccl/issues/2076",
    )
    return b


def t08() -> Bundle:
    rng = random.Random(408)
    b = Bundle("t08_mpi_peers_accuse_one_ip_no_local_evidence")
    hosts = [f"cn-g{i}" for i in range(12, 18)]
    job = make_job(rng, hosts, gpus=4, subnet="10.41.2", first=12, bus=["1b", "43", "8b", "c3"])
    out = Prefix(job, "mpi", "stdout")
    err = Prefix(job, "mpi", "stderr")
    start = datetime(2023, 12, 4, 16, 2, 44)
    culprit = "cn-g15"
    cip = job.ips[culprit]
    t_fail = datetime(2023, 12, 4, 19, 27, 51, 204411)
    con = Console()
    con.at(
        start,
        "+ mpirun -np 24 -npernode 4 --hostfile hosts.txt --bind-to none -x NCCL_DEBUG=INFO "
        "-x NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3 -x MASTER_ADDR=cn-g12 -x MASTER_PORT=29400 "
        "python -u train_ddp.py --config configs/vit_h14.yaml",
    )
    for h in hosts:
        items = nccl_init(rng, job, h, version="2.18.5+cuda12.1", hcas=4, channels=4)
        place(con, rng, items, start + sec(21), err.out, 3000)
    for d, line in pylog_steps(rng, start + sec(60), 10, 11000, step_s=1.1, name="vit"):
        if d < t_fail:
            con.at(d, out.out(0) + line)
    accusers = {"cn-g13": 5, "cn-g14": 9, "cn-g16": 17, "cn-g17": 21}
    for i, (h, r) in enumerate(sorted(accusers.items(), key=lambda x: x[1])):
        d = t_fail + sec(i * 0.7 + rng.uniform(0, 0.5))
        line = ib_completion(cip, rng.randint(40000, 60000), job.ips[h], "mlx5_1", new=False)
        con.at(d, err.out(r) + _nccl_warn(job, r, line, "transport/net_ib.cc:1295"))
        con.at(
            d + ms(1),
            err.out(r) + f"{h}:{job.pid(r)}:{job.pid(r) + 713} [{job.local(r)}] NCCL INFO "
            "transport/net.cc:1131 -> 6",
        )
    for r, peer in ((13, "cn-g14"), (14, "cn-g16")):
        d = t_fail + sec(rng.uniform(1, 3))
        line = ib_completion(
            job.ips[peer], rng.randint(40000, 60000), cip, "mlx5_1", new=False, direction="Send"
        )
        con.at(d, err.out(r) + _nccl_warn(job, r, line, "transport/net_ib.cc:1295"))
    t_exc = t_fail + sec(4)
    first = 9
    for r in [9, 5, 17, 21, 13, 14]:
        d = t_exc + sec(0.3 if r == first else rng.uniform(0.6, 2.0))
        tb = py_traceback(
            [
                ("train_ddp.py", 214, "<module>", "main(cfg)"),
                ("train_ddp.py", 187, "main", "loss.backward()"),
                (
                    "/opt/conda/lib/python3.10/site-packages/torch/_tensor.py",
                    492,
                    "backward",
                    "torch.autograd.backward(",
                ),
                (
                    "/opt/conda/lib/python3.10/site-packages/torch/autograd/__init__.py",
                    251,
                    "backward",
                    "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
                ),
            ],
            [
                f"RuntimeError: NCCL communicator was aborted on rank {r}.  Original reason for failure was: NCCL "
                "error: remote process exited or there was a network error, NCCL version 2.18.5",
            ],
        )
        con.block(d, err.out(r), tb)
    t_end = t_exc + sec(3)
    con.at(
        t_end,
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
        "--------------------------------------------------------------------------",
        "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:",
        "",
        f"  Process name: [[41877,1],{first}]",
        "  Exit code:    1",
        "--------------------------------------------------------------------------",
    )
    b.add("cn-g12/mpirun.out", con.render())
    ports = [(f"mlx5_{i}", "Active", "LinkUp", 200) for i in range(4)]
    for h in hosts:
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - sec(5000), t_end + sec(600), "dmesg_t", noise=35),
        )
    b.add(f"{culprit}/ibstat.txt", ibstat(ports, rng))
    b.add(f"{culprit}/perfquery.txt", ib_counters(culprit, 4))
    b.add("cn-g14/ibstat.txt", ibstat(ports, rng))
    b.label(
        "network",
        "infrastructure",
        culprit,
        None,
        "run_diagnostics",
        "Ranks on four different nodes got IB retry-exceeded completions from 10.41.2.15 (cn-g15 per its NET/IB OOB "
        "line), but cn-g15's ports are Active with clean counters and a quiet kernel log: suspect it, test its links.",
        "https://github.com/NVIDIA/nccl/issues/902",
    )
    return b


def t09() -> Bundle:
    rng = random.Random(409)
    b = Bundle("t09_leaf_switch_all_four_nodes_lose_links")
    hosts = [f"g-r07-{i:02d}" for i in range(1, 9)]
    job = make_job(rng, hosts, subnet="10.70.7", first=1)
    pfx = Prefix(job, "rank")
    leaf_a, leaf_b = hosts[:4], hosts[4:]
    b.topology({"leaf-r07-a": leaf_a, "leaf-r07-b": leaf_b})
    start = datetime(2024, 8, 14, 7, 55, 0)
    down = datetime(2024, 8, 14, 11, 4, 17, 302211)
    cons = {
        h: base_console(rng, job, h, start, pfx, nccl_kw={"hcas": 4, "ifname": "ibp26s0"})
        for h in hosts
    }
    for d, line in pylog_steps(rng, start + sec(90), 10, 12000, step_s=0.95, name="gpt"):
        if d < down:
            cons[hosts[0]].at(d, pfx.out(0) + line)
    errs: dict[int, datetime] = {}
    for h in hosts:
        for r in job.ranks(h):
            if job.local(r) % 2:
                continue
            peer = rng.choice([p for p in leaf_b if p != h])
            d = down + sec(rng.uniform(19.5, 24))
            line = ib_completion(
                job.ips[peer], rng.randint(40000, 60000), job.ips[h], f"mlx5_{job.local(r) // 2}"
            )
            cons[h].at(d, pfx.out(r) + _nccl_warn(job, r, line))
            errs[r] = d + ms(rng.uniform(100, 800))
    for h in leaf_b:
        r = job.rank(h, 0)
        for i in range(4):
            cons[h].at(
                down + ms(30 + i * 7),
                pfx.out(r)
                + _nccl_warn(
                    job,
                    r,
                    f"NET/IB : mlx5_{i}:1 Got async event : port error",
                    "transport/net_ib.cc:101",
                ),
            )
    t_wd = down + sec(1800.4)
    for h in hosts:
        for r, d in errs.items():
            if job.host_of(r) != h:
                continue
            last = ib_completion(
                job.ips[rng.choice(leaf_b)], rng.randint(40000, 60000), job.ips[h], "mlx5_0"
            )
            for dd, line in watchdog_nccl_error(rng, r, d, last):
                cons[h].at(dd, pfx.line(r, line))
        rest = [r for r in job.ranks(h) if r not in errs]
        done = add_watchdogs(
            cons[h], rng, job, rest, t_wd, 613072, pfx, op="ALLREDUCE", numel=134217728
        )
        done.update({r: d for r, d in errs.items() if job.host_of(r) == h})
        fails = [Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()]
        agent_exit(cons[h], rng, job, h, "train_gpt.py", fails)
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        events = []
        if h in leaf_b:
            for i, bus in enumerate(["1a", "3c", "9c", "bc"]):
                dev = f"mlx5_core 0000:{bus}:00.0 ibp{int(bus, 16)}s0"
                events.append((down + ms(rng.uniform(0, 180)), "kernel", f"{dev}: Link down"))
                events.append(
                    (down + sec(41) + ms(rng.uniform(0, 300)), "kernel", f"{dev}: Link up")
                )
                del i
        b.add(
            f"{h}/journal-k.txt",
            kernel_log(rng, h, start - sec(4000), down + sec(1900), "precise", events, noise=30),
        )
    b.label(
        "network",
        "infrastructure",
        None,
        None,
        "restart",
        "All four HCAs of every node under leaf-r07-b (g-r07-05..08) went down within 200 ms and came back 41 s later, "
        "while the leaf-r07-a nodes saw no link event: a switch outage, not one node; restart the job.",
        "https://github.com/NVIDIA/nccl/issues/905",
    )
    return b


def t10() -> Bundle:
    rng = random.Random(410)
    b = Bundle("t10_node_power_loss_silent_console")
    hosts = [f"gpu{i}" for i in range(17, 25)]
    job = make_job(rng, hosts, subnet="10.44.1", first=17)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 7, 21, 20, 0, 31)
    culprit = "gpu23"
    cip = job.ips[culprit]
    off = datetime(2024, 7, 22, 2, 58, 41, 711304)
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"ifname": "ib0"}) for h in hosts}
    for d, line in pylog_steps(rng, start + sec(110), 10, 25000, step_s=0.99, name="pretrain"):
        if d < off:
            cons[hosts[0]].at(d, pfx.out(0) + line)
    errs: dict[int, datetime] = {}
    for h in ("gpu22", "gpu24", "gpu19", "gpu17"):
        for lr in rng.sample(range(8), 3):
            r = job.rank(h, lr)
            d = off + sec(rng.uniform(18, 26))
            line = ib_completion(
                cip,
                rng.randint(40000, 60000),
                job.ips[h],
                f"mlx5_{lr}",
                direction=rng.choice(["Send", "Recv"]),
            )
            cons[h].at(d, pfx.out(r) + _nccl_warn(job, r, line))
            for dd, wl in watchdog_nccl_error(rng, r, d + ms(400), line):
                cons[h].at(dd, pfx.line(r, wl))
            errs[r] = d + ms(500)
    t_wd = off + sec(600.9)
    for h in hosts:
        if h == culprit:
            continue
        rest = [r for r in job.ranks(h) if r not in errs]
        done = add_watchdogs(
            cons[h],
            rng,
            job,
            rest,
            t_wd,
            250111,
            pfx,
            timeout_ms=600000,
            op="_REDUCE_SCATTER_BASE",
            numel=201326592,
        )
        done.update({r: d for r, d in errs.items() if job.host_of(r) == h})
        fails = [Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()]
        agent_exit(cons[h], rng, job, h, "pretrain.py", fails)
    for h in hosts:
        b.add(f"{h}/torchrun.log", cons[h].render())
    boot2 = datetime(2024, 7, 22, 3, 6, 12)
    for h in hosts:
        if h == culprit:
            tail = [
                (off - sec(19.2), "systemd", "Started Session 50511 of User root."),
                (off - sec(4.7), "CRON", "(root) CMD (/usr/local/sbin/node-health-check --quiet)"),
                (
                    off - ms(300),
                    "kernel",
                    "ib0: multicast join failed for ff12:401b:ffff:0000:0000:0000:ffff:ffff, "
                    "status -22",
                ),
            ]
            prev = kernel_log(rng, h, start - sec(3600), off - sec(60), "journal", tail, noise=70)
            now = kernel_log(
                rng, h, boot2, boot2 + sec(900), "journal", boot=boot2, with_boot=True, noise=6
            )
            b.add(
                f"{h}/journal.txt",
                [
                    "-- Boot 6b1e0c1fa2d24a7c9e7f43c1a5d0b2aa --",
                    *prev,
                    "-- Boot 0f4c2e9b77a145d3b0e1c9a8d6f3e2b1 --",
                    *now,
                ],
            )
            b.add(
                f"{h}/journalctl-list-boots.txt",
                [
                    "IDX BOOT ID                          FIRST ENTRY                  LAST ENTRY",
                    " -2 a91c0e3d5b7f4e21a8c6d4f2e0b9a713 Thu 2024-06-27 09:14:02 UTC Sat 2024-07-13 04:41:19 UTC",
                    " -1 6b1e0c1fa2d24a7c9e7f43c1a5d0b2aa Sat 2024-07-13 04:49:55 UTC Mon 2024-07-22 02:58:41 UTC",
                    "  0 0f4c2e9b77a145d3b0e1c9a8d6f3e2b1 Mon 2024-07-22 03:06:12 UTC Mon 2024-07-22 03:31:40 UTC",
                ],
            )
            b.add(
                f"{h}/ipmitool-sel-elist.txt",
                [
                    " 19e | 07/13/2024 | 04:47:30 | System ACPI Power State ACPI_PWR_Status | S0/G0: working | Asserted",
                    " 19f | 07/19/2024 | 11:02:12 | Memory Correctable ECC #0x52 | Correctable ECC | Asserted",
                    " 1a3 | 07/22/2024 | 02:58:41 | Power Supply PSU2_Status | Failure detected () | Asserted",
                    " 1a4 | 07/22/2024 | 02:58:41 | Power Supply PSU1_Status | Power Supply AC lost | Asserted",
                    " 1a5 | 07/22/2024 | 02:58:42 | Power Unit Pwr Unit Status | Power off/down | Asserted",
                    " 1a6 | 07/22/2024 | 03:04:55 | Power Supply PSU1_Status | Power Supply AC lost | Deasserted",
                    " 1a7 | 07/22/2024 | 03:05:02 | System ACPI Power State ACPI_PWR_Status | S0/G0: working | Asserted",
                ],
            )
            b.add(
                f"{h}/scontrol-show-node.txt",
                [
                    f"NodeName={h} Arch=x86_64 CoresPerSocket=56",
                    "   CPUAlloc=0 CPUEfctv=224 CPUTot=224 CPULoad=0.41",
                    "   AvailableFeatures=h100,ib",
                    "   Gres=gpu:h100:8",
                    f"   NodeAddr={h} NodeHostName={h} Version=23.11.6",
                    "   OS=Linux 5.15.0-105-generic #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024",
                    "   RealMemory=2063000 AllocMem=0 FreeMem=2011422 Sockets=2 Boards=1",
                    "   State=DOWN+NOT_RESPONDING ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
                    "   Partitions=train",
                    "   BootTime=2024-07-22T03:06:12 SlurmdStartTime=2024-07-22T03:06:40",
                    "   Reason=Node unexpectedly rebooted [slurm@2024-07-22T03:06:40]",
                ],
            )
        else:
            b.add(
                f"{h}/journal.txt",
                kernel_log(rng, h, start - sec(3600), off + sec(900), "journal", noise=50),
            )
    b.label(
        "host",
        "infrastructure",
        culprit,
        None,
        "restart_without_node",
        "Peers time out on 10.44.1.23 (gpu23 per the NCCL Bootstrap lines); gpu23's console and journal stop at "
        "02:58:41 without any error, and its BMC logged PSU failure and AC loss at that second before a reboot.",
        "https://github.com/kftsehk/phy-clusters/issues/21",
    )
    return b


def t40() -> Bundle:
    rng = random.Random(440)
    b = Bundle("t40_one_node_missing_socket_ifname_interface")
    hosts = [f"dgx-h-{i}" for i in range(11, 17)]
    job = make_job(rng, hosts, subnet="10.60.2", first=11)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 10, 2, 14, 20, 3)
    culprit = "dgx-h-14"
    cons = {}
    for h in hosts:
        cons[h] = base_console(
            rng, job, h, start, pfx, nccl=h != culprit, nccl_kw={"ifname": "bond0"}
        )
    t_init = start + sec(41)
    for r in job.ranks(culprit):
        pid = job.pid(r)
        pre = f"{culprit}:{pid}:{pid} [{job.local(r)}]"
        d = t_init + ms(rng.uniform(0, 900))
        cons[culprit].at(
            d,
            pfx.out(r) + f"{pre} NCCL INFO NCCL_SOCKET_IFNAME set by environment to bond0",
            pfx.out(r)
            + f"{pre} misc/socket.cc:484 NCCL WARN Bootstrap : no socket interface found",
            pfx.out(r) + f"{pre} NCCL INFO bootstrap.cc:97 -> 5",
            pfx.out(r) + f"{pre} NCCL INFO init.cc:1899 -> 5",
        )
        tb = py_traceback(
            [
                (
                    "/workspace/run/train.py",
                    77,
                    "<module>",
                    "dist.barrier(device_ids=[local_rank])",
                ),
                (
                    "/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py",
                    79,
                    "wrapper",
                    "return func(*args, **kwargs)",
                ),
                (
                    "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py",
                    4166,
                    "barrier",
                    "work = default_pg.barrier(opts=opts)",
                ),
            ],
            [
                "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                "ProcessGroupNCCL.cpp:2006, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.21.5",
                "ncclInvalidUsage: This usually reflects invalid usage of NCCL library.",
                "Last error:",
                "Bootstrap : no socket interface found",
            ],
        )
        cons[culprit].block(d + ms(20), pfx.out(r), tb)
    fails = [
        Failure(t_init + sec(2.5), culprit, r, job.local(r), 1, job.pid(r))
        for r in job.ranks(culprit)
    ]
    agent_exit(cons[culprit], rng, job, culprit, "train.py", fails)
    t_wd = t_init + sec(600.5)
    for h in hosts:
        if h == culprit:
            continue
        done = add_watchdogs(
            cons[h], rng, job, job.ranks(h), t_wd, 1, pfx, timeout_ms=600000, numel=1
        )
        fails = [Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()]
        agent_exit(cons[h], rng, job, h, "train.py", fails)
    for h in hosts:
        b.add(f"{h}/torchrun.log", cons[h].render())
        n = hosts.index(h) + 11
        if h == culprit:
            ifs = [
                ("eno1", "UP", f"10.10.0.{n}/24"),
                ("bond1", "UP", f"10.60.2.{n}/16"),
                ("ibp26s0", "UP", ""),
                ("docker0", "DOWN", "172.17.0.1/16"),
            ]
        else:
            ifs = [
                ("eno1", "UP", f"10.10.0.{n}/24"),
                ("bond0", "UP", f"10.60.2.{n}/16"),
                ("ibp26s0", "UP", ""),
                ("docker0", "DOWN", "172.17.0.1/16"),
            ]
        b.add(f"{h}/ip-br-addr.txt", ip_addr(ifs))
        events = []
        if h == culprit:
            ev = start - timedelta(hours=20)
            events = [
                (ev, "kernel", "bonding: bond1 is being created..."),
                (
                    ev + sec(1),
                    "kernel",
                    "bond1: (slave enp170s0f0np0): Enslaving as a backup interface with an up link",
                ),
                (ev + sec(1.2), "kernel", "bond1: active interface up!"),
            ]
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(
                rng, h, start - timedelta(hours=22), t_wd + sec(60), "dmesg_t", events, noise=20
            ),
        )
    b.add(
        f"{culprit}/reimage-notes.txt",
        [
            f"{pylog(start - timedelta(hours=20))} provisioning: {culprit} reimaged with profile dgx-h100-base-v7 "
            "(netplan bonds renumbered)",
            f"{pylog(start - timedelta(hours=19))} provisioning: health check passed (gpu, ib, disk), node returned to "
            "partition train",
        ],
    )
    b.label(
        "network",
        "infrastructure",
        culprit,
        None,
        "restart_without_node",
        "Only dgx-h-14's ranks fail at NCCL init with 'Bootstrap : no socket interface found' (NCCL_SOCKET_IFNAME="
        "bond0, but after its reimage the bond is named bond1); the other nodes just time out on the first barrier.",
        "https://github.com/NVIDIA/nccl/issues/1837",
    )
    return b


CASES = [t06, t07, t08, t09, t10, t40]
