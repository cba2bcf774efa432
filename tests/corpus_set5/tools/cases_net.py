"""u06-u10: who is behind an address. Transport errors name a peer IP; the IP has to be
mapped to a node (NCCL Bootstrap lines, kubectl -o wide, ip addr, /etc/hosts, SkyPilot
prefixes) and checked against node-local kernel evidence. u07 is the same symptom on every
node under one leaf switch."""

from __future__ import annotations

import random

from common import (
    BUS_IDS_A100,
    BUS_IDS_H100,
    Bundle,
    Job,
    cosine_loss,
    dt,
    hexid,
    ip_addr,
    kernel_noise,
    render_dmesg_t,
    render_dmesg_uptime,
    sec,
    traceback,
    ts_py,
)


def ib_completion(
    job: Job,
    rank: int,
    peer_ip: str,
    hca: str,
    rng: random.Random,
    direction: str = "Recv",
    roce: bool = False,
    local_ip: str = "",
    remote_ip: str = "",
    pre: str = "",
) -> list[str]:
    host, lr = job.where(rank)
    pid = job.pid[rank]
    tid = pid + rng.randint(900, 2400)
    if roce:
        gids = f"localGid ::ffff:{local_ip} remoteGids::ffff:{remote_ip}"
    else:
        gids = (
            f"localGid fe80::a088:c203:00{hexid(rng, 2)}:{hexid(rng, 4)} "
            f"remoteGids fe80::a088:c203:00{hexid(rng, 2)}:{hexid(rng, 4)}"
        )
    q = f"{pre}{host}:{pid}:{tid} [{lr}]"
    return [
        f"{q} transport/net_ib.cc:2244 NCCL WARN NET/IB : Got completion from peer "
        f"{peer_ip}<{rng.randint(32768, 60999)}> with status=12 opcode={rng.choice([0, 1, 129])} "
        f"len=0 vendor err 129 ({direction}) {gids} hca {hca}",
        f"{q} NCCL INFO transport/net.cc:1302 -> 6",
        f"{q} NCCL INFO proxy.cc:698 -> 6",
        f"{q} NCCL INFO proxy.cc:878 -> 6 [Progress Thread]",
    ]


def megatron_iters(rng, t_start, first, last, every, iter_s, pre="", total=250000, gbs=1024):
    out = []
    for it in range(first, last + 1, every):
        tt = t_start + sec((it - first) * iter_s + rng.uniform(-0.5, 0.5))
        out.append(
            f"{pre} [{tt:%Y-%m-%d %H:%M:%S}] iteration {it:>8}/{total:>8} | consumed samples: "
            f"{it * gbs:>11} | elapsed time per iteration (ms): {iter_s * 1000 + rng.uniform(-25, 25):.1f} "
            f"| throughput per GPU (TFLOP/s/GPU): {rng.uniform(398, 411):.1f} | learning rate: "
            f"2.118E-04 | global batch size: {gbs:>5} | lm loss: {cosine_loss(rng, it, 2.4, 1.9):.6E} "
            "| loss scale: 1.0 | grad norm: 0.187 | number of skipped iterations:   0 | number of "
            "nan iterations:   0 |"
        )
    return out


# --------------------------------------------------------------------------------------
# u06 IB completion errors name 172.20.3.41, which is hgx-h100-043 (not -041)
# --------------------------------------------------------------------------------------


def u06(rng: random.Random) -> Bundle:
    b = Bundle("u06_ib_peer_ip_maps_to_other_host")
    hosts = [f"hgx-h100-0{i}" for i in range(38, 46)]
    last = [52, 37, 44, 58, 46, 41, 39, 60]
    ips = {h: f"172.20.3.{x}" for h, x in zip(hosts, last, strict=True)}
    job = Job(rng, hosts, gpn=8, ips=ips, ifname="eno1", nccl="2.21.5", cuda="12.4")
    bad = "hgx-h100-043"
    bad_local = 4
    hca = f"mlx5_{bad_local}"
    t0 = dt("2024-08-19 13:05:00")
    t_train = t0 + sec(410)
    t_link = dt("2024-08-19 21:47:32") + sec(rng.uniform(0.05, 0.95))
    iter_s = 6.35
    it0 = 88000
    last_it = it0 + int((t_link - t_train).total_seconds() / iter_s)
    seq = 14 * last_it
    for idx, h in enumerate(hosts):
        out = job.agent_start(h, t0, "pretrain_gpt.py", 8, "hgx-h100-038:29500")
        out += job.nccl_init(h, prefix="[rank{rank}]:")
        if idx == len(hosts) - 1:
            out += megatron_iters(rng, t_train, it0, last_it, 10, iter_s, pre="[rank63]:")
        tfail = t_link + sec(19 + rng.uniform(0, 3))
        nb_prev, nb_next = hosts[idx - 1], hosts[(idx + 1) % len(hosts)]
        for lr in range(8):
            r = job.rank(h, lr)
            pre = f"[rank{r}]:"
            if h == bad and lr == bad_local:
                out.append(
                    f"{pre}{h}:{job.pid[r]}:{job.pid[r] + 1204} [{lr}] transport/net_ib.cc:"
                    f"113 NCCL WARN NET/IB : {hca}:1 Got async event : port error"
                )
                for peer in (nb_prev, nb_next):
                    out += ib_completion(job, r, ips[peer], hca, rng, "Send", pre=pre)
                out += job.nccl_async_error(
                    r, tfail, seq, "remote process exited or there was a network error"
                )
            elif lr == bad_local and bad in (nb_prev, nb_next):
                for _ in range(2):
                    out += ib_completion(job, r, ips[bad], hca, rng, "Recv", pre=pre)
                out += job.nccl_async_error(
                    r, tfail + sec(0.3), seq, "remote process exited or there was a network error"
                )
            else:
                out += job.watchdog_timeout(r, t_link + sec(600.2 + rng.uniform(0, 2)), seq)
        ta = t_link + sec(604)
        out += job.agent_failure(h, ta, [(lr, -6) for lr in range(8)], "pretrain_gpt.py")
        b.add(h, "megatron_torchrun.log", out, gz=idx % 3 == 1)
        ev = kernel_noise(rng, t0 - sec(7200), ta + sec(60), 40)
        if h == bad:
            bus = BUS_IDS_H100[bad_local]
            tt = t_link
            for k in range(6):
                ev.append((tt, f"mlx5_core 0000:{bus}:00.0 {hca}: Port: 1 Link DOWN"))
                ev.append(
                    (
                        tt + sec(0.001),
                        f"mlx5_core 0000:{bus}:00.0 ibp{int(bus, 16)}s0: Lost carrier",
                    )
                )
                tt += sec(rng.uniform(6, 14))
                ev.append((tt, f"mlx5_core 0000:{bus}:00.0 {hca}: Port: 1 Link INIT"))
                if k < 5:
                    tt += sec(rng.uniform(2, 4))
                    ev.append((tt, f"mlx5_core 0000:{bus}:00.0 {hca}: Port: 1 Link ACTIVE"))
                    tt += sec(rng.uniform(20, 90))
            ev.append(
                (
                    t_link - sec(1.2),
                    f"mlx5_core 0000:{bus}:00.0: mlx5_port_module_event:1157:"
                    "(pid 0): Port module event[error]: module 4, Cable error, Power budget "
                    "exceeded",
                )
            )
        if h == "hgx-h100-041":
            ev.append(
                (
                    t0 - sec(3000),
                    "mlx5_core 0000:5d:00.0: mlx5_fw_tracer_handle_traces:754:"
                    "(pid 2231): FWTracer: Events were lost",
                )
            )
        b.add(h, "dmesg.txt", render_dmesg_t(ev))
    ib = []
    for i in range(8):
        state = ("Down", "Polling") if i == bad_local else ("Active", "LinkUp")
        ib += [
            f"CA 'mlx5_{i}'",
            "\tCA type: MT4129",
            "\tNumber of ports: 1",
            "\tFirmware version: 28.39.2048",
            "\tHardware version: 0",
            f"\tNode GUID: 0xa088c20300{hexid(rng, 6)}",
            f"\tSystem image GUID: 0xa088c20300{hexid(rng, 6)}",
            "\tPort 1:",
            f"\t\tState: {state[0]}",
            f"\t\tPhysical state: {state[1]}",
            f"\t\tRate: {'10' if i == bad_local else '400'}",
            f"\t\tBase lid: {rng.randint(100, 2000)}",
            "\t\tLMC: 0",
            "\t\tSM lid: 1",
            "\t\tCapability mask: 0xa751e848",
            f"\t\tPort GUID: 0xa088c20300{hexid(rng, 6)}",
            "\t\tLink layer: InfiniBand",
        ]
    b.add(bad, "ibstat.txt", ib)
    b.label(
        "network",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "The completion errors (status=12, vendor err 129) name peer 172.20.3.41, which the NCCL "
        "Bootstrap lines show is hgx-h100-043 (not -041); that node alone logs an IB port error, "
        "mlx5_4 link flapping with a cable error, and ibstat shows the port down.",
        "https://github.com/NVIDIA/nccl/issues/1405",
        "peer IP -> host via Bootstrap lines; hostname-number decoy; node-local link flaps",
    )
    return b


# --------------------------------------------------------------------------------------
# u07 RoCE: all six nodes under leaf-r08 lose link at once (NeMo)
# --------------------------------------------------------------------------------------


def u07(rng: random.Random) -> Bundle:
    b = Bundle("u07_roce_leaf_switch_all_nodes_flap")
    r07 = [f"node-r07-u{i:02d}" for i in range(1, 7)]
    r08 = [f"node-r08-u{i:02d}" for i in range(1, 7)]
    hosts = r07 + r08
    ips = {h: f"10.7.{7 if h in r07 else 8}.{10 + i}" for i, h in enumerate(hosts)}
    job = Job(
        rng,
        hosts,
        gpn=8,
        ips=ips,
        ifname="enp59s0f0np0",
        hcas=["mlx5_0", "mlx5_1"],
        nccl="2.19.3",
        cuda="12.3",
    )
    b.topology({"leaf-r07": r07, "leaf-r08": r08})
    t0 = dt("2024-09-29 21:34:10")
    t_train = t0 + sec(300)
    t_flap = dt("2024-09-30 03:17:44") + sec(rng.uniform(0.05, 0.95))
    step_s = 1.78
    last_step = int((t_flap - t_train).total_seconds() / step_s)
    seq = 5 * last_step
    for idx, h in enumerate(hosts):
        out = [
            f"[NeMo I {t0:%Y-%m-%d %H:%M:%S} nemo_logging:349] Rank {idx * 8} has data parallel "
            f"group : {list(range(idx % 2, 96, 2))[:6]}",
            f"[NeMo W {t0:%Y-%m-%d %H:%M:%S} nemo_logging:349] /usr/local/lib/python3.10/dist-"
            "packages/pytorch_lightning/trainer/connectors/logger_connector/logger_connector.py:75: "
            "Starting from v1.9.0, `tensorboardX` has been removed as a dependency ...",
        ]
        out += job.nccl_init(h, prefix="", net="IB")
        if idx == 0:
            for step in range(0, last_step, 20):
                tt = t_train + sec(step * step_s)
                out.append(
                    f"Epoch 0: :  {step * 100 // 30000:>2}%|          | {step}/30000 "
                    f"[{int(step * step_s) // 3600}:{int(step * step_s) % 3600 // 60:02d}:"
                    f"{int(step * step_s) % 60:02d}<, reduced_train_loss={cosine_loss(rng, step, 2.8, 2.0):.3f}, "
                    f"global_step={step}.0, consumed_samples={step * 768}.0, train_step_timing in "
                    f"s={step_s + rng.uniform(-0.02, 0.02):.3f}]"
                )
                if step and step % 2000 == 0:
                    out.append(
                        f"[NeMo I {tt:%Y-%m-%d %H:%M:%S} nemo_model_checkpoint:497] Scheduled "
                        f"async checkpoint save for /results/checkpoints/megatron_llama--"
                        f"step={step}-consumed_samples={step * 768}.0.ckpt"
                    )
        for lr in range(8):
            r = job.rank(h, lr)
            hca = job.hcas[lr // 4]
            if h in r08:
                out.append(
                    f"{h}:{job.pid[r]}:{job.pid[r] + 917} [{lr}] transport/net_ib.cc:113 "
                    "NCCL WARN NET/IB : Got async event : port error"
                )
                peers = [p for p in r07 if rng.random() < 0.3] or [r07[0]]
            else:
                peers = [p for p in r08 if rng.random() < 0.35] or [r08[lr % 6]]
            for p in peers[:2]:
                out += ib_completion(
                    job,
                    r,
                    ips[p],
                    hca,
                    rng,
                    rng.choice(["Send", "Recv"]),
                    roce=True,
                    local_ip=ips[h],
                    remote_ip=ips[p],
                )
            if h in r08:
                out.append(
                    f"{h}:{job.pid[r]}:{job.pid[r] + 917} [{lr}] transport/net_ib.cc:113 "
                    "NCCL WARN NET/IB : Got async event : GID table change"
                )
            out += job.nccl_async_error(
                r,
                t_flap + sec(28 + rng.uniform(0, 6)),
                seq,
                "remote process exited or there was a network error",
                tag="",
            )
        out += job.agent_failure(
            h, t_flap + sec(40), [(lr, -6) for lr in range(8)], "megatron_gpt_pretraining.py"
        )
        b.add(h, "nemo_stdout.log", out)
        ev = kernel_noise(rng, t0 - sec(3600), t_flap + sec(600), 30, drv="545.23.08")
        if h in r08:
            tl = t_flap + sec(rng.uniform(0.0, 0.35))
            ev += [
                (tl, "mlx5_core 0000:3b:00.0 enp59s0f0np0: Link down"),
                (tl + sec(0.02), "mlx5_core 0000:3b:00.1 enp59s0f1np1: Link down"),
                (tl + sec(41.2), "mlx5_core 0000:3b:00.0 enp59s0f0np0: Link up"),
                (tl + sec(41.9), "mlx5_core 0000:3b:00.1 enp59s0f1np1: Link up"),
                (tl + sec(42.5), "IPv6: ADDRCONF(NETDEV_CHANGE): enp59s0f0np0: link becomes ready"),
            ]
        b.add(h, "dmesg.txt", render_dmesg_t(ev))
    b.label(
        "network",
        "infrastructure",
        None,
        None,
        "restart",
        "All six nodes under leaf-r08 logged 'Link down' on both RoCE ports within the same "
        "second and link up 41 s later, and every node's completion errors name peers across "
        "that switch; no single node is at fault, so this is the fabric, not a host.",
        "https://github.com/NVIDIA/nccl/issues/905",
        "same symptom on every node under one switch (topology.json); many peer IPs named",
    )
    return b


# --------------------------------------------------------------------------------------
# u08 Kubernetes: peer pod IP 10.244.7.23 -> llm-pt-worker-1 on k8s-gpu-w14, NIC TX timeouts
# --------------------------------------------------------------------------------------


def u08(rng: random.Random) -> Bundle:
    b = Bundle("u08_k8s_pod_ip_nic_tx_timeout")
    pods = ["llm-pt-master-0", "llm-pt-worker-0", "llm-pt-worker-1", "llm-pt-worker-2"]
    nodes = {
        "llm-pt-master-0": "k8s-gpu-w11",
        "llm-pt-worker-0": "k8s-gpu-w17",
        "llm-pt-worker-1": "k8s-gpu-w14",
        "llm-pt-worker-2": "k8s-gpu-w20",
    }
    pod_ip = {
        "llm-pt-master-0": "10.244.3.12",
        "llm-pt-worker-0": "10.244.9.7",
        "llm-pt-worker-1": "10.244.7.23",
        "llm-pt-worker-2": "10.244.12.5",
    }
    node_ip = {
        "k8s-gpu-w11": "172.16.20.11",
        "k8s-gpu-w14": "172.16.20.14",
        "k8s-gpu-w17": "172.16.20.17",
        "k8s-gpu-w20": "172.16.20.20",
    }
    job = Job(rng, pods, gpn=8, ips=pod_ip, ifname="eth0", hcas=[], nccl="2.21.5")
    bad_pod = "llm-pt-worker-1"
    bad_node = nodes[bad_pod]
    t0 = dt("2024-10-08 06:58:02")
    t_train = t0 + sec(150)
    t_nic = dt("2024-10-08 11:28:40") + sec(rng.uniform(0.05, 0.95))
    step_s = 2.9
    last_step = int((t_nic - t_train).total_seconds() / step_s)
    seq = 3 * last_step
    boot = dt("2024-09-21 17:02:55")
    for pod in pods:
        h = nodes[pod]
        out = job.agent_start(pod, t0, "/workspace/train.py", 4, "llm-pt-master-0:23456")
        out += job.nccl_init(pod, net="Socket", prefix="[rank{rank}]:")
        if pod == "llm-pt-master-0":
            for step in range(0, last_step, 25):
                tt = t_train + sec(step * step_s)
                out.append(
                    f"[rank0]:{ts_py(tt)} | INFO | trainer | step {step:6d} | loss "
                    f"{cosine_loss(rng, step, 3.1, 2.2):.4f} | {step_s + rng.uniform(-0.05, 0.05):.2f}s/step "
                    f"| grad_norm {rng.uniform(0.2, 0.5):.3f}"
                )
        for lr in range(8):
            r = job.rank(pod, lr)
            pid = job.pid[r]
            tid = pid + 1100
            q = f"[rank{r}]:{pod}:{pid}:{tid} [{lr}]"
            tf = t_nic + sec(22 + rng.uniform(0, 5))
            if pod == bad_pod:
                for other in pods:
                    if other != pod and rng.random() < 0.6:
                        out.append(
                            f"{q} misc/socket.cc:50 NCCL WARN socketProgress: Connection "
                            f"closed by remote peer {pod_ip[other]}<{rng.randint(35000, 60000)}>"
                        )
            else:
                out.append(
                    f"{q} misc/socket.cc:538 NCCL WARN Net : Call to recv from "
                    f"{pod_ip[bad_pod]}<{rng.randint(35000, 60000)}> failed : Connection "
                    "reset by peer"
                    if lr % 2
                    else f"{q} misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by "
                    f"remote peer {pod_ip[bad_pod]}<{rng.randint(35000, 60000)}>"
                )
            out.append(f"{q} NCCL INFO misc/socket.cc:752 -> 6")
            out.append(f"{q} NCCL INFO transport/net_socket.cc:474 -> 6")
            out.append(f"{q} NCCL INFO transport/net.cc:1302 -> 6")
            out.append(f"{q} NCCL INFO proxy.cc:698 -> 6")
            out += job.nccl_async_error(
                r, tf, seq, "remote process exited or there was a network error"
            )
        ta = t_nic + sec(31)
        out += job.agent_failure(pod, ta, [(lr, -6) for lr in range(8)], "/workspace/train.py")
        b.add(h, f"pod_{pod}.log", out)
        ev = kernel_noise(rng, t0 - sec(7200), ta + sec(300), 35, drv="550.54.15")
        if pod == bad_pod:
            tt = t_nic
            ev.append((tt, "mlx5_core 0000:3b:00.0 ens1f0np0: TX timeout detected"))
            for k in range(5):
                q = rng.randint(0, 31)
                ev += [
                    (
                        tt,
                        f"NETDEV WATCHDOG: ens1f0np0 (mlx5_core): transmit queue {q} timed out "
                        f"{5376 + k * 5000} ms",
                    ),
                    (
                        tt + sec(0.001),
                        f"mlx5_core 0000:3b:00.0 ens1f0np0: TX timeout on queue: "
                        f"{q}, SQ: 0x{rng.randint(256, 4000):x}, CQ: 0x{rng.randint(256, 4000):x}, "
                        f"SQ Cons: 0x{rng.randint(0, 4095):x} SQ Prod: "
                        f"0x{rng.randint(0, 4095):x}, usecs since last trans: "
                        f"{(5376 + k * 5000) * 1000}",
                    ),
                    (
                        tt + sec(0.002),
                        f"mlx5_core 0000:3b:00.0 ens1f0np0: EQ 0x{rng.randint(8, 40):x}: "
                        f"Cons = 0x{rng.randint(100, 4000):x}, irqn = 0x{rng.randint(100, 200):x}",
                    ),
                    (
                        tt + sec(0.003),
                        "mlx5_core 0000:3b:00.0 ens1f0np0: recover 1 eqes on EQ "
                        f"0x{rng.randint(8, 40):x}",
                    ),
                ]
                tt += sec(5.0 + rng.uniform(0, 0.1))
            ev.append(
                (
                    tt + sec(8),
                    "mlx5_core 0000:3b:00.0: mlx5_health_try_recover:331:(pid "
                    f"{rng.randint(900, 3000)}): handling bad device here",
                )
            )
            ev.append(
                (
                    tt + sec(9),
                    "mlx5_core 0000:3b:00.0: mlx5_error_sw_reset:233:(pid "
                    f"{rng.randint(900, 3000)}): start",
                )
            )
            ev.append((tt + sec(31), "mlx5_core 0000:3b:00.0 ens1f0np0: Link up"))
            b.add(h, "dmesg.txt", render_dmesg_uptime(ev, boot))
        else:
            b.add(h, "dmesg.txt", render_dmesg_t(ev))
    m = nodes["llm-pt-master-0"]
    rows = [
        "NAME              READY   STATUS   RESTARTS   AGE     IP            NODE          "
        "NOMINATED NODE   READINESS GATES"
    ]
    for pod in pods:
        rows.append(
            f"{pod:<17} 0/1     Error    0          4h{rng.randint(31, 39)}m   "
            f"{pod_ip[pod]:<13} {nodes[pod]:<13} <none>           <none>"
        )
    b.add(m, "kubectl_get_pods_o_wide.txt", rows)
    b.add(
        m,
        "kubectl_get_nodes_o_wide.txt",
        [
            "NAME          STATUS   ROLES    AGE    VERSION   INTERNAL-IP    EXTERNAL-IP   OS-IMAGE"
            "             KERNEL-VERSION      CONTAINER-RUNTIME",
        ]
        + [
            f"{n:<13} Ready    <none>   {rng.randint(40, 200)}d   v1.29.6   {node_ip[n]:<14} <none>"
            "        Ubuntu 22.04.4 LTS   5.15.0-117-generic  containerd://1.7.19"
            for n in sorted(node_ip)
        ],
    )
    ev_rows = ["LAST SEEN   TYPE      REASON              OBJECT                     MESSAGE"]
    ev_rows += [
        "4h30m       Normal    Scheduled           pod/llm-pt-worker-1        Successfully assigned "
        "train/llm-pt-worker-1 to k8s-gpu-w14",
        "4h29m       Normal    Pulled              pod/llm-pt-worker-1        Container image "
        '"registry.local/llm/trainer:24.09-py3" already present on machine',
        "21m         Warning   NodeNotReady        node/k8s-gpu-w14           Node k8s-gpu-w14 "
        "status is now: NodeNotReady",
        "21m         Warning   NodeNotReady        pod/llm-pt-worker-1        Node is not ready",
        "20m         Normal    NodeReady           node/k8s-gpu-w14           Node k8s-gpu-w14 "
        "status is now: NodeReady",
        "20m         Warning   Unhealthy           pod/node-exporter-6xq2c    Readiness probe failed: "
        'Get "http://10.244.7.2:9100/": context deadline exceeded',
        "20m         Normal    ExitedWithCode      pytorchjob/llm-pt          Pod: train.llm-pt-"
        "master-0 exited with code 1",
        "20m         Normal    PyTorchJobFailed    pytorchjob/llm-pt          PyTorchJob train/llm-pt "
        "is failed because 1 Master replica(s) failed.",
    ]
    b.add(m, "kubectl_get_events.txt", ev_rows)
    b.label(
        "network",
        "infrastructure",
        bad_node,
        None,
        "restart_without_node",
        "Every other pod reports its connection to peer 10.244.7.23 reset; kubectl -o wide maps "
        "that pod IP to llm-pt-worker-1 on k8s-gpu-w14, whose kernel logged NETDEV WATCHDOG TX "
        "timeouts and an mlx5 reset seconds earlier, and the node briefly went NotReady.",
        "https://github.com/kubeflow/trainer/issues/1638",
        "pod IP -> pod -> node via kubectl -o wide; uptime-stamped dmesg; NotReady event",
    )
    return b


# --------------------------------------------------------------------------------------
# u09 SkyPilot: one worker's NCCL bootstraps on virbr0 (192.168.122.1)
# --------------------------------------------------------------------------------------


def u09(rng: random.Random) -> Bundle:
    b = Bundle("u09_skypilot_bootstrap_on_virbr0")
    hosts = [
        "sky-ft-8a1f-head",
        "sky-ft-8a1f-worker1",
        "sky-ft-8a1f-worker2",
        "sky-ft-8a1f-worker3",
    ]
    vm_ip = dict(
        zip(hosts, ["10.128.0.11", "10.128.0.14", "10.128.0.19", "10.128.0.23"], strict=True)
    )
    bad = "sky-ft-8a1f-worker2"
    ips = dict(vm_ip)
    ips[bad] = "192.168.122.1"
    job = Job(
        rng,
        hosts,
        gpn=8,
        ips=ips,
        ifname="ens4",
        hcas=[],
        bus_ids=BUS_IDS_A100,
        nccl="2.21.5",
        cuda="12.4",
    )
    names = {h: ("head" if "head" in h else h.split("-")[-1]) for h in hosts}
    t0 = dt("2024-12-02 15:40:27")
    out = [
        f"I {t0:%m-%d %H:%M:%S} cloud_vm_ray_backend.py:4534] Job submitted, ID: 3",
        f"I {t0:%m-%d %H:%M:%S} cloud_vm_ray_backend.py:3327] Running setup on 4 VMs.",
        "(setup pid=2231) Requirement already satisfied: torch==2.4.1 in /opt/conda/lib/python3.10/"
        "site-packages (2.4.1)",
        f"I {t0 + sec(44):%m-%d %H:%M:%S} cloud_vm_ray_backend.py:3344] Setup completed.",
        f"I {t0 + sec(45):%m-%d %H:%M:%S} log_lib.py:431] Start streaming logs for job 3.",
        "INFO: Tip: use Ctrl-C to exit log streaming (task will not be killed).",
        "INFO: Waiting for task resources on 4 nodes. This will block if the cluster is full.",
        "INFO: All task resources reserved.",
        "INFO: Reserved IPs: ['10.128.0.11', '10.128.0.14', '10.128.0.19', '10.128.0.23']",
    ]
    for i, h in enumerate(hosts):
        pfx = f"({names[h]}, rank={i}, pid={rng.randint(2000, 9000)}"
        pfx += ")" if i == 0 else f", ip={vm_ip[h]})"
        lines = job.agent_start(h, t0 + sec(47), "finetune.py", 4, "10.128.0.11:8008")
        lines += job.nccl_init(
            h,
            prefix="[rank{rank}]:",
            net="Socket",
            ip=ips[h],
            ifname="virbr0" if h == bad else "ens4",
        )
        tf = t0 + sec(47 + 31)
        for lr in range(8):
            r = job.rank(h, lr)
            q = f"[rank{r}]:{h}:{job.pid[r]}:{job.pid[r] + 388} [{lr}]"
            if h == bad:
                lines += [
                    f"{q} misc/socket.cc:588 NCCL WARN socketPollConnect: connect returned "
                    "Connection timed out, exceeded error retry count (35)",
                    f"{q} NCCL INFO misc/socket.cc:627 -> 2",
                    f"{q} NCCL INFO bootstrap.cc:285 -> 2",
                    f"{q} NCCL INFO init.cc:1385 -> 2",
                ]
                lines += traceback(
                    [
                        ("/home/gcpuser/sky_workdir/finetune.py", 61, "<module>", "main()"),
                        (
                            "/home/gcpuser/sky_workdir/finetune.py",
                            22,
                            "main",
                            "dist.barrier(device_ids=[local_rank])",
                        ),
                        (
                            "/opt/conda/lib/python3.10/site-packages/torch/distributed/"
                            "distributed_c10d.py",
                            4165,
                            "barrier",
                            "work = default_pg.barrier(opts=opts)",
                        ),
                    ],
                    "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/"
                    "c10d/ProcessGroupNCCL.cpp:1970, unhandled system error (run with "
                    "NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclSystemError: System "
                    "call (e.g. socket, malloc) or external library call failed or device error. "
                    "\nLast error:\nsocketPollConnect: connect returned Connection timed out, "
                    "exceeded error retry count (35)",
                    f"[rank{r}]:",
                )
            else:
                port = rng.randint(40000, 60000)
                lines += [
                    f"{q} misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to "
                    f"192.168.122.1<{port}> failed : Software caused connection abort",
                    f"{q} NCCL INFO misc/socket.cc:565 -> 2",
                    f"{q} NCCL INFO misc/socket.cc:619 -> 2",
                    f"{q} NCCL INFO bootstrap.cc:285 -> 2",
                    f"{q} NCCL INFO bootstrap.cc:552 -> 2",
                    f"{q} NCCL INFO init.cc:1385 -> 2",
                    f"{q} NCCL INFO group.cc:64 -> 2 [Async thread]",
                    f"{q} NCCL INFO group.cc:418 -> 2",
                    f"{q} NCCL INFO init.cc:1796 -> 2",
                ]
                lines += traceback(
                    [
                        ("/home/gcpuser/sky_workdir/finetune.py", 61, "<module>", "main()"),
                        (
                            "/home/gcpuser/sky_workdir/finetune.py",
                            22,
                            "main",
                            "dist.barrier(device_ids=[local_rank])",
                        ),
                        (
                            "/opt/conda/lib/python3.10/site-packages/torch/distributed/c10d_logger.py",
                            83,
                            "wrapper",
                            "return func(*args, **kwargs)",
                        ),
                        (
                            "/opt/conda/lib/python3.10/site-packages/torch/distributed/"
                            "distributed_c10d.py",
                            4165,
                            "barrier",
                            "work = default_pg.barrier(opts=opts)",
                        ),
                    ],
                    "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/"
                    "c10d/ProcessGroupNCCL.cpp:1970, unhandled system error (run with "
                    "NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclSystemError: System "
                    "call (e.g. socket, malloc) or external library call failed or device error. "
                    "\nLast error:\nsocketStartConnect: Connect to 192.168.122.1<"
                    f"{port}> failed : Software caused connection abort",
                    f"[rank{r}]:",
                )
        ta = tf + (sec(140) if h == bad else sec(2))
        lines += job.agent_failure(h, ta, [(lr, 1) for lr in range(8)], "finetune.py")
        out += [f"{pfx} {x}" for x in lines]
    out += [
        "ERROR: Job 3 failed with return code list: [1, 1, 1, 1]",
        "INFO: Job finished (status: FAILED).",
    ]
    b.add(hosts[0], "sky_logs/run.log", out)
    for h in hosts:
        ifs = [("ens4", vm_ip[h], 32, "UP")]
        if h == bad:
            ifs.insert(0, ("virbr0", "192.168.122.1", 24, "UP"))
        ifs.append(("docker0", "172.17.0.1", 16, "DOWN"))
        b.add(h, "ip_addr.txt", ip_addr(rng, ifs))
    b.add(
        bad,
        "systemctl_status_libvirtd.txt",
        [
            "● libvirtd.service - Virtualization daemon",
            "     Loaded: loaded (/lib/systemd/system/libvirtd.service; enabled; vendor preset: enabled)",
            f"     Active: active (running) since {t0 - sec(1700):%a %Y-%m-%d %H:%M:%S} UTC; 29min ago",
            "TriggeredBy: ● libvirtd-ro.socket",
            "             ● libvirtd.socket",
            "             ● libvirtd-admin.socket",
            "       Docs: man:libvirtd(8)",
            "             https://libvirt.org",
            "   Main PID: 1187 (libvirtd)",
            "      Tasks: 21 (limit: 32768)",
            "     Memory: 31.2M",
            "        CPU: 412ms",
            "     CGroup: /system.slice/libvirtd.service",
            "             ├─1187 /usr/sbin/libvirtd",
            "             ├─1402 /usr/sbin/dnsmasq --conf-file=/var/lib/libvirt/dnsmasq/default.conf "
            "--leasefile-ro --dhcp-script=/usr/lib/libvirt/libvirt_leaseshelper",
            "             └─1403 /usr/sbin/dnsmasq --conf-file=/var/lib/libvirt/dnsmasq/default.conf "
            "--leasefile-ro --dhcp-script=/usr/lib/libvirt/libvirt_leaseshelper",
        ],
    )
    b.label(
        "network",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Every rank on the other three VMs fails to connect to 192.168.122.1 during NCCL "
        "bootstrap; only worker2 has that address (a libvirt virbr0 bridge that NCCL picked as "
        "its bootstrap interface), so that VM's network configuration is at fault.",
        "https://github.com/horovod/horovod/issues/310",
        "address belongs to a bridge on one VM (ip addr); SkyPilot (worker, rank, ip) prefixes",
    )
    return b


# --------------------------------------------------------------------------------------
# u10 LSF: peer 192.168.40.33 -> c4n17 via /etc/hosts; PCIe AER on the HCA
# --------------------------------------------------------------------------------------


def u10(rng: random.Random) -> Bundle:
    b = Bundle("u10_lsf_etc_hosts_hca_pcie_aer")
    hosts = ["c4n09", "c4n12", "c4n17", "c4n21"]
    ib_ip = {
        "c4n09": "192.168.40.9",
        "c4n12": "192.168.40.17",
        "c4n17": "192.168.40.33",
        "c4n21": "192.168.40.21",
    }
    job = Job(
        rng,
        hosts,
        gpn=4,
        ips=ib_ip,
        ifname="ib0",
        hcas=["mlx5_0", "mlx5_1"],
        bus_ids=["1b", "3d", "89", "b1"],
        nccl="2.20.5",
        cuda="12.2",
    )
    bad = "c4n17"
    t0 = dt("2025-01-14 18:02:40")
    t_train = t0 + sec(90)
    t_aer = dt("2025-01-14 23:16:05") + sec(rng.uniform(0.05, 0.95))
    step_s = 0.92
    last = int((t_aer - t_train).total_seconds() / step_s)
    seq = 2 * last + 5
    out = [
        "Sender: LSF System <lsfadmin@c4n09>",
        "Subject: Job 731902: <vit-l-pretrain> in cluster <hpc4> Exited",
        "",
        f"Job <vit-l-pretrain> was submitted from host <login2> by user <mtanaka> in cluster <hpc4> "
        f"at {t0 - sec(300):%a %b %d %H:%M:%S %Y}",
        f"Job was executed on host(s) <4*c4n09>, in queue <gpu>, as user <mtanaka> in cluster "
        f"<hpc4> at {t0:%a %b %d %H:%M:%S %Y}",
        "                            <4*c4n12>",
        "                            <4*c4n17>",
        "                            <4*c4n21>",
        "",
        "The output (if any) follows:",
        "",
    ]
    for h in hosts:
        out += job.agent_start(h, t0 + sec(5), "train_vit.py", 4, "c4n09:29511")
    for h in hosts:
        out += job.nccl_init(h, prefix="[rank{rank}]:", net="IB")
    for step in range(0, last, 50):
        tt = t_train + sec(step * step_s)
        out.append(
            f"[rank0]:{ts_py(tt)} train: [ep 3][{step:5d}/9375] loss {cosine_loss(rng, step, 6.1, 4.4):.4f} "
            f"acc@1 {rng.uniform(18, 31):.2f} lr 1.2e-03 {step_s + rng.uniform(-0.02, 0.02):.3f}s/it"
        )
    for h in hosts:
        for lr in range(4):
            r = job.rank(h, lr)
            tf = t_aer + sec(14 + rng.uniform(0, 3))
            if h == bad:
                out += job.watchdog_timeout(
                    r, t_aer + sec(600.4 + lr * 0.01), seq, timeout_ms=600000
                )
            else:
                hca = job.hcas[lr // 2]
                out += ib_completion(job, r, ib_ip[bad], hca, rng, "Send", pre=f"[rank{r}]:")
                out += job.nccl_async_error(
                    r, tf, seq, "remote process exited or there was a network error"
                )
    for h in hosts:
        out += job.agent_failure(h, t_aer + sec(603), [(lr, -6) for lr in range(4)], "train_vit.py")
    out += [
        "",
        "------------------------------------------------------------",
        "",
        "Exited with exit code 1.",
        "",
        "Resource usage summary:",
        "",
        "    CPU time :                                   812441.00 sec.",
        "    Max Memory :                                 1602331 MB",
        "    Average Memory :                             1311902.12 MB",
        "    Total Requested Memory :                     -",
        "    Delta Memory :                               -",
        "    Max Swap :                                   -",
        "    Max Processes :                              74",
        "    Max Threads :                                1611",
        "    Run time :                                   19169 sec.",
        "    Turnaround time :                            19470 sec.",
    ]
    b.add("c4n09", "lsf-731902.out", out)
    b.add(
        "c4n09",
        "bjobs_l_731902.txt",
        [
            "",
            "Job <731902>, Job Name <vit-l-pretrain>, User <mtanaka>, Project <default>, Status <EXIT>,",
            '                     Queue <gpu>, Command <#!/bin/bash;#BSUB -n 16;#BSUB -R "span[ptile=',
            '                     4]";#BSUB -gpu "num=4:mode=exclusive_process";blaunch -z "$LSB_HOSTS"',
            "                      ./launch_node.sh>, Share group charged </mtanaka>",
            f"{t0 - sec(300):%a %b %d %H:%M:%S}: Submitted from host <login2>, CWD <$HOME/vit>, 16 Task(s),",
            "                     Requested Resources <span[ptile=4]>, Requested GPU <num=4:mode=exclus",
            "                     ive_process>;",
            f"{t0:%a %b %d %H:%M:%S}: Started 16 Task(s) on Host(s) <4*c4n09> <4*c4n12> <4*c4n17> ",
            "                     <4*c4n21>, Allocated 16 Slot(s) on Host(s) <4*c4n09> <4*c4n12> ",
            "                     <4*c4n17> <4*c4n21>, Execution Home </home/mtanaka>, Execution CWD ",
            "                     </home/mtanaka/vit>;",
            f"{t_aer + sec(606):%a %b %d %H:%M:%S}: Exited with exit code 1. The CPU time used is 812441.0 seconds.",
            f"{t_aer + sec(606):%a %b %d %H:%M:%S}: Completed <exit>.",
            "",
            " MEMORY USAGE:",
            " MAX MEM: 1.5 Tbytes;  AVG MEM: 1.3 Tbytes",
        ],
    )
    etc_hosts = [
        "127.0.0.1   localhost localhost.localdomain",
        "::1         localhost localhost.localdomain",
        "# --- management / ethernet ---",
    ]
    for n in range(1, 25):
        etc_hosts.append(f"10.4.4.{n}    c4n{n:02d}.hpc4.local c4n{n:02d}")
    etc_hosts.append("# --- IPoIB (ib0) ---")
    ib_map = {f"c4n{n:02d}": f"192.168.40.{n + 8}" for n in range(1, 25)}
    ib_map.update(ib_ip)
    taken = {v: k for k, v in ib_map.items() if k in ib_ip}
    for n in range(1, 25):
        hn = f"c4n{n:02d}"
        ip = ib_map[hn]
        if ip in taken and taken[ip] != hn:
            ip = f"192.168.41.{n}"
        etc_hosts.append(f"{ip:<15} {hn}-ib0 {hn}-ib")
    etc_hosts.append("10.4.0.2    lsfmaster.hpc4.local lsfmaster")
    b.add("c4n09", "etc_hosts", etc_hosts)
    for h in hosts:
        ev = kernel_noise(rng, t0 - sec(3600), t_aer + sec(900), 28, drv="535.183.01")
        if h == bad:
            ev += [
                (
                    t_aer,
                    "pcieport 0000:80:01.1: AER: Uncorrected (Non-Fatal) error received: "
                    "0000:81:00.0",
                ),
                (
                    t_aer,
                    "mlx5_core 0000:81:00.0: AER: PCIe Bus Error: severity=Uncorrected "
                    "(Non-Fatal), type=Transaction Layer, (Requester ID)",
                ),
                (
                    t_aer,
                    "mlx5_core 0000:81:00.0: AER:   device [15b3:101b] error status/mask="
                    "00004000/00000000",
                ),
                (t_aer, "mlx5_core 0000:81:00.0: AER:    [14] CmpltTO                (First)"),
                (
                    t_aer + sec(0.01),
                    "mlx5_core 0000:81:00.0: mlx5_pci_err_detected Device state = 1 "
                    "health sensors: 1 pci_status: 1. Enter, pci channel state = 2",
                ),
                (
                    t_aer + sec(0.02),
                    "mlx5_core 0000:81:00.0: mlx5_crdump_collect:50:(pid 0): "
                    "crdump: failed to lock vsc gw err -16",
                ),
                (
                    t_aer + sec(1.4),
                    "mlx5_core 0000:81:00.0: mlx5_pci_err_detected Device state = 2 "
                    "pci_status: 0. Exit, result = 3, need reset",
                ),
                (t_aer + sec(2.2), "pcieport 0000:80:01.1: AER: Root Port link has been reset (0)"),
                (
                    t_aer + sec(2.9),
                    "mlx5_core 0000:81:00.0: mlx5_pci_resume Device state = 2 pci_status: 1. Enter",
                ),
                (
                    t_aer + sec(9.1),
                    "mlx5_core 0000:81:00.0: wait_fw_init:335:(pid 0): Waiting for "
                    "FW initialization, timeout abort in 100s (0xffffffff)",
                ),
                (
                    t_aer + sec(110),
                    "mlx5_core 0000:81:00.0: mlx5_pci_resume Device state = 2 "
                    "pci_status: 1. Exit, err = -16, result = 5, recover failed",
                ),
            ]
        b.add(h, "dmesg.txt", render_dmesg_t(ev))
    b.label(
        "network",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "The other nodes' ranks all report completion errors from peer 192.168.40.33, which "
        "/etc/hosts assigns to c4n17-ib0 (192.168.40.17 is c4n12's IPoIB address); c4n17's "
        "kernel shows an uncorrected PCIe AER completion timeout on its ConnectX HCA that failed "
        "to recover.",
        "https://github.com/NVIDIA/nccl/issues/1698",
        "peer IP -> host via /etc/hosts with an IP-suffix decoy; LSF job report and bjobs -l",
    )
    return b


CASES = [u06, u07, u08, u09, u10]
