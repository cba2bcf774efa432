"""Cases bu01-bu07."""
import json
import random
from datetime import datetime

from common import (Node, Log, Clock, sec, ms, c10, glog, pylog, syslog_ts, ctime, iso, hexid, guid,
                    ib_completion, async_event, nccl_remote_abort, watchdog_timeout, ibstat_ca,
                    H100_BUS, A100_BUS, P4D_BUS, agent_line, megatron_iter)
from scenario import Fate, run_logs, srun_tail

IB4 = "[0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB"
IB8 = " ".join(f"[{i}]mlx5_{i}:1/IB" for i in range(8))


def ib_gid(node, hca):
    return f"fe80::b83f:d203:{0xa1 + node.idx:x}:{0x3c10 + hca * 0x11:x}"


def sacct(jobid, name, state, code, cpus=512, elapsed="01:29:55", extra_steps=()):
    L = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode    Elapsed ",
         "------------ ---------- ---------- ---------- ---------- ---------- -------- ---------- ",
         f"{jobid:<12} {name[:10]:>10} {'train':>10} {'llm-pt':>10} {cpus:>10} {state:>10} {code:>8} {elapsed:>10} ",
         f"{str(jobid) + '.batch':<12} {'batch':>10} {'':>10} {'llm-pt':>10} {128:>10} {state:>10} {code:>8} {elapsed:>10} ",
         f"{str(jobid) + '.extern':<12} {'extern':>10} {'':>10} {'llm-pt':>10} {cpus:>10} {'COMPLETED':>10} {'0:0':>8} {elapsed:>10} "]
    for s, n, st, c in extra_steps:
        L.append(f"{str(jobid) + '.' + s:<12} {n:>10} {'':>10} {'llm-pt':>10} {cpus:>10} {st:>10} {c:>8} {elapsed:>10} ")
    return "\n".join(L) + "\n"


def fmt_elapsed(td):
    s = int(td.total_seconds())
    return f"{s // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}"


def slurm_head(jobid, nodes, env, cmd, start, pyxis=None):
    L = [f"+ echo 'SLURM_JOB_ID={jobid} SLURM_JOB_NODELIST={nodes}'",
         f"SLURM_JOB_ID={jobid} SLURM_JOB_NODELIST={nodes}",
         f"+ date",
         ctime(start)]
    for k, v in env:
        L.append(f"+ export {k}={v}")
    L.append(f"+ srun {cmd}")
    if pyxis:
        L += pyxis
    return L


# =============================================================================
def case01():
    rng = random.Random(7601)
    name = "bu01_ib_retry_exceeded_errors_naming_one_peer_ip"
    hosts = ["gpu-a01", "gpu-a02", "gpu-a03", "gpu-a04"]
    nodes = [Node(h, i, 8, rng, ip=f"10.12.0.{11 + i}") for i, h in enumerate(hosts)]
    N = 32
    ver = "2.19.3"
    t_init = datetime(2024, 3, 12, 8, 2, 10)
    t_train = datetime(2024, 3, 12, 8, 3, 40)
    prog = dict(host="gpu-a04", start=t_train, first=50, last=5150, every=50, ms=1052.0, total=250000,
                loss0=3.9)
    prog["stop"] = datetime(2024, 3, 12, 9, 33, 21)
    t_evt = datetime(2024, 3, 12, 9, 33, 21, 412000)  # port goes down on gpu-a04 mlx5_0
    a01, a02, a03, a04 = nodes
    fates = {}
    # culprit's own ranks on mlx5_0: async port error, then flush errors naming peers
    for lr in (0, 1):
        pre = [(t_evt + ms(90 + lr * 3), [async_event(a04, lr, "mlx5_0", "port error")])]
        peer = a03 if lr == 0 else a01
        lines, msg = ib_completion(a04, lr, peer.ip, rng.randint(33000, 61000), 5, 249, "Recv",
                                   local_gid=ib_gid(a04, 0), remote_gid=ib_gid(peer, 0), opcode=32557,
                                   length=32557)
        pre.append((t_evt + sec(18) + ms(lr * 11), lines))
        dt = t_evt + sec(19) + ms(200 + lr * 40)
        fates[a04.rank(lr)] = Fate(dt, nccl_remote_abort(a04.rank(lr), dt, msg, ver, rng), -6, pre=pre)
    # accusers: retry-exceeded towards 10.12.0.14
    for node, lr, kind in [(a03, 7, "Send"), (a01, 0, "Send"), (a01, 1, "Send"), (a03, 0, "Recv"),
                           (a03, 1, "Send"), (a01, 7, "Recv")]:
        pre = []
        last = None
        for k in range(rng.randint(2, 4)):
            lines, msg = ib_completion(node, lr, a04.ip, rng.randint(33000, 61000), 12, 129, kind,
                                       local_gid=ib_gid(node, lr // 2), remote_gid=ib_gid(a04, 0))
            pre.append((t_evt + sec(18) + ms(300 + 50 * k + lr * 13 + node.idx * 7), lines))
            last = msg
        dt = t_evt + sec(19) + ms(400 + lr * 21 + node.idx * 9)
        fates[node.rank(lr)] = Fate(dt, nccl_remote_abort(node.rank(lr), dt, last, ver, rng), -6, pre=pre)
    # bystander gpu-a02 waits until the watchdog fires
    for lr in range(8):
        dt = t_evt + sec(600) + ms(rng.randint(50, 900))
        fates[a02.rank(lr)] = Fate(dt, watchdog_timeout(a02.rank(lr), dt, 154318, "_REDUCE_SCATTER_BASE",
                                                        104857600, 600000, rng), -6)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, oob_if="ib0", net="IB", netdevs=IB4, bus=H100_BUS),
                    progress=prog, fates=fates, script="pretrain_gpt.py")
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}

    ck = Clock(datetime(2024, 3, 9, 17, 40, 2))
    kl = [
        ck.kern(datetime(2024, 3, 12, 7, 58, 44), "gpu-a04", "nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel"),
        ck.kern(datetime(2024, 3, 12, 8, 2, 13), "gpu-a04", "NVRM: GPU at PCI:0000:18:00: GPU-4f1c0a9e-2b33-6e1d-9c77-0b2d1f6a8e90"),
        ck.kern(datetime(2024, 3, 12, 8, 2, 13), "gpu-a04", "NVRM: GPU Board Serial Number: 1654123045871"),
        ck.kern(t_evt, "gpu-a04", "mlx5_core 0000:1a:00.0: Port module event[error]: module 0, Cable error, Bus stuck (I2C or data shorted)"),
        ck.kern(t_evt + ms(3), "gpu-a04", "mlx5_core 0000:1a:00.0: mlx5_port_module_event:1161:(pid 0): Port module event: module 0, Cable unplugged"),
        ck.kern(t_evt + ms(220), "gpu-a04", "ib0: lost carrier"),
        ck.kern(t_evt + sec(760), "gpu-a04", "python3[41877]: segfault at 8 ip 00007f3a8c1d22e0 sp 00007ffd7e1c9b10 error 4 in libibverbs.so.1.14.47.0[7f3a8c1c4000+18000] likely on CPU 12 (core 12, socket 0)"),
    ]
    files["gpu-a04/kern.log"] = "\n".join(kl) + "\n"
    ib = []
    for i in range(4):
        st, ph, rate = ("Down", "Polling", 10) if i == 0 else ("Active", "LinkUp", 400)
        ib += ibstat_ca(f"mlx5_{i}", st, ph, rate, 0 if i == 0 else 211 + i * 4, 1, guid(rng))
    files["gpu-a04/ibstat.txt"] = "# ibstat (collected 2024-03-12 09:58 by health-check)\n" + "\n".join(ib) + "\n"
    ck2 = Clock(datetime(2024, 3, 9, 17, 39, 40))
    files["gpu-a02/kern.log"] = "\n".join([
        ck2.kern(datetime(2024, 3, 12, 8, 2, 12), "gpu-a02", "NVRM: GPU at PCI:0000:18:00: GPU-77e0b1d2-94c1-0f5e-3a11-c2d8e4b90a17"),
        ck2.kern(datetime(2024, 3, 12, 8, 40, 1), "gpu-a02", "EDAC skx MC2: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x1f3e2a offset:0x0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:0 bg:1 ba:2 row:0x7cf8 col:0x2a0)"),
        ck2.kern(datetime(2024, 3, 12, 9, 12, 9), "gpu-a02", "perf: interrupt took too long (3140 > 3130), lowering kernel.perf_event_max_sample_rate to 63600"),
    ]) + "\n"
    t_end = t_evt + sec(602)
    slurm = slurm_head(771204, "gpu-a[01-04]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "ib0"),
                                                  ("NCCL_IB_HCA", "mlx5_0,mlx5_1,mlx5_2,mlx5_3"),
                                                  ("MASTER_ADDR", "gpu-a01"), ("MASTER_PORT", "29500")],
                       "--kill-on-bad-exit=0 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d "
                       "--rdzv-endpoint gpu-a01:29500 pretrain_gpt.py --tensor-model-parallel-size 8 ...", t_init - sec(30))
    slurm += srun_tail(771204, [("gpu-a04", 3, 1), ("gpu-a01", 0, 1), ("gpu-a03", 2, 1), ("gpu-a02", 1, 1)],
                       "gpu-a01", t_end)
    files["slurm-771204.out"] = "\n".join(slurm) + "\n"
    files["sacct.txt"] = sacct(771204, "pretrain_gpt", "FAILED", "1:0", elapsed="01:41:02")
    label = dict(category="network", layer="infrastructure", culprit={"node": "gpu-a04", "rank": None},
                 action="restart_without_node",
                 rationale="All retry-exceeded (status=12) errors on gpu-a01/gpu-a03 name peer 10.12.0.14, which the "
                           "Bootstrap/OOB lines map to gpu-a04; gpu-a04's kern.log shows a cable error on its mlx5_0 "
                           "port 18 s earlier and ibstat shows mlx5_0 Down/Polling. gpu-a04's own status=5 flush "
                           "errors naming other peers are a consequence.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1405")
    return name, files, label


# =============================================================================
def gloo_tb(rank, where, err):
    p = f"[rank{rank}]:"
    return [f"{p} Traceback (most recent call last):",
            f'{p}   File "/opt/train/train.py", line 388, in <module>',
            f"{p}     main()",
            f'{p}   File "/opt/train/train.py", line 361, in main',
            f"{p}     stats = reduce_metrics(stats, group=metrics_pg)",
            f'{p}   File "/opt/train/utils/metrics.py", line 41, in reduce_metrics',
            f"{p}     dist.all_reduce(t, op=dist.ReduceOp.SUM, group=group)",
            f'{p}   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", line 75, in wrapper',
            f"{p}     return func(*args, **kwargs)",
            f'{p}   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 2219, in all_reduce',
            f"{p}     work.wait()",
            f"{p} RuntimeError: [../third_party/gloo/gloo/transport/tcp/{where}] {err}"]


def case02():
    rng = random.Random(7602)
    name = "bu02_gloo_connection_reset_by_peer_naming_healthy_hosts"
    ips = ["10.0.1.42", "10.0.2.88", "10.0.3.17", "10.0.3.201"]
    hosts = ["ip-" + ip.replace(".", "-") for ip in ips]
    nodes = [Node(h, i, 4, rng, ip=ips[i]) for i, h in enumerate(hosts)]
    N = 16
    ver = "2.18.1"
    t_init = datetime(2024, 3, 19, 11, 20, 4)
    t_evt = datetime(2024, 3, 19, 14, 2, 29, 180000)
    culprit = nodes[2]
    extra = {h: [] for h in hosts}
    # HF-style progress from rank 0
    t = datetime(2024, 3, 19, 11, 22, 0)
    step = 0
    loss = 2.31
    lines = []
    while t < t_evt - sec(40):
        step += 20
        t += sec(20 * 3.02 + rng.uniform(-0.8, 0.8))
        loss = max(0.9, loss - rng.uniform(0.0, 0.006) + rng.uniform(-0.01, 0.01))
        lines.append((t, [f"{pylog(t)} - INFO - train - step {step} | loss {loss:.4f} | lr {2e-5 * min(1, step / 500):.3e} | "
                          f"tokens/s {rng.randint(40500, 41900)} | mem 19.8GB"]))
    extra[hosts[0]] = lines
    fates = {}
    timeout_at = t_evt + sec(60) + ms(rng.randint(100, 300))
    for n in nodes:
        for lr in range(4):
            r = n.rank(lr)
            if n is culprit:
                dt = datetime(2024, 3, 19, 14, 3, 41, 620000) + ms(lr * 17)
                peer = rng.choice([x for x in nodes if x is not culprit])
                err = f"Read error [{peer.ip}]:{rng.randint(20000, 65000)}: Connection reset by peer"
                fates[r] = Fate(dt, gloo_tb(r, "pair.cc:534", err), 1,
                                tb=f"RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] {err}")
            else:
                dt = timeout_at + ms(n.idx * 40 + lr * 7)
                err = "Timed out waiting 60000ms for recv operation to complete"
                fates[r] = Fate(dt, gloo_tb(r, "unbound_buffer.cc:81", err), 1,
                                tb=f"RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] {err}")
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.1", oob_if="ens5", net="Socket", bus=["00:1b", "00:1c", "00:1d", "00:1e"],
                                   new_fmt=False),
                    fates=fates, script="train.py", style="old", extra=extra)
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    ck = Clock(datetime(2024, 3, 19, 10, 58, 12))
    d = [
        ck.dmesg_T(datetime(2024, 3, 19, 11, 19, 51), "ena 0000:00:05.0 ens5: Local page cache is disabled for less than 16 channels"),
        ck.dmesg_T(datetime(2024, 3, 19, 12, 40, 3), "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters."),
        ck.dmesg_T(t_evt, "NETDEV WATCHDOG: ens5 (ena): transmit queue 3 timed out"),
        ck.dmesg_T(t_evt, "ena 0000:00:05.0 ens5: TX q 3 is paused for too long (threshold 5000000). Time since last napi 6124000 usec. napi scheduled: 1"),
        ck.dmesg_T(t_evt + ms(900), "ena 0000:00:05.0 ens5: Keep alive watchdog timeout."),
        ck.dmesg_T(t_evt + ms(901), "ena 0000:00:05.0 ens5: Trigger reset is on"),
        ck.dmesg_T(t_evt + sec(11), "ena 0000:00:05.0: Reset indication didn't turn off"),
        ck.dmesg_T(t_evt + sec(22), "ena 0000:00:05.0: Reset indication didn't turn off"),
        ck.dmesg_T(t_evt + sec(22), "ena 0000:00:05.0: Can not reset device"),
        ck.dmesg_T(t_evt + sec(22), "ena 0000:00:05.0: Reset attempt failed. Retrying in 10 seconds"),
        ck.dmesg_T(t_evt + sec(71), "ena 0000:00:05.0: ENA device version: 0.10"),
        ck.dmesg_T(t_evt + sec(71), "ena 0000:00:05.0: ENA controller version: 0.0.1 implementation version 1"),
        ck.dmesg_T(t_evt + sec(72), "ena 0000:00:05.0: Device reset completed successfully, Driver info: Elastic Network Adapter (ENA) v2.8.9g"),
    ]
    files[f"{hosts[2]}/dmesg.txt"] = "\n".join(d) + "\n"
    ck0 = Clock(datetime(2024, 3, 19, 10, 57, 30))
    files[f"{hosts[0]}/dmesg.txt"] = "\n".join([
        ck0.dmesg_T(datetime(2024, 3, 19, 11, 19, 49), "ena 0000:00:05.0 ens5: Local page cache is disabled for less than 16 channels"),
        ck0.dmesg_T(datetime(2024, 3, 19, 12, 40, 3), "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters."),
    ]) + "\n"
    launcher = ["# launcher: scripts/launch_multi.sh (pdsh -w ip-10-0-[1-3]-*,ip-10-0-3-201)",
                f"[{pylog(t_init - sec(40))}] launch: MASTER_ADDR=10.0.1.42 MASTER_PORT=29500 NNODES=4 NPROC_PER_NODE=4",
                f"[{pylog(t_init - sec(40))}] launch: NCCL_SOCKET_IFNAME=ens5 NCCL_IB_DISABLE=1 GLOO_SOCKET_IFNAME=ens5",
                f"[{pylog(t_init - sec(39))}] launch: metrics process group backend=gloo timeout=60s"]
    for h in hosts:
        launcher.append(f"{h}: torchrun exited with status 1")
    files["launcher.log"] = "\n".join(launcher) + "\n"
    label = dict(category="network", layer="infrastructure", culprit={"node": "ip-10-0-3-17", "rank": None},
                 action="restart_without_node",
                 rationale="At 14:02:29 ip-10-0-3-17's ENA NIC hit a TX watchdog/keep-alive timeout and a reset that "
                           "took 72 s; every other node's gloo all_reduce timed out waiting on it at 14:03:29. The "
                           "'Connection reset by peer [10.0.x.x]' errors come only from ip-10-0-3-17 after its NIC "
                           "returned, naming peers that had already exited.",
                 modelled_on="https://github.com/vllm-project/vllm/issues/45092")
    return name, files, label


# =============================================================================
def case03():
    rng = random.Random(7603)
    name = "bu03_efa_unresponsive_receiver_on_three_instances"
    ips = ["10.1.16.5", "10.1.17.140", "10.1.18.77", "10.1.19.203"]
    hosts = ["ip-" + ip.replace(".", "-") for ip in ips]
    iids = ["i-0c1f3e7d0a9b21e44", "i-0a55d2e81f0c7b3d9", "i-07d21b9c4e8f3a016", "i-0e9b4c13d6a2f8870"]
    gids = ["fe80::4a0:a1ff:fe3c:11d2", "fe80::48d:7cff:fe10:2b4e", "fe80::4f2:22ff:fe71:9a10", "fe80::41c:93ff:fe5a:e07b"]
    nodes = [Node(h, i, 8, rng, ip=ips[i]) for i, h in enumerate(hosts)]
    N = 32
    ver = "2.18.5"
    t_init = datetime(2024, 4, 2, 0, 41, 12)
    t_evt = datetime(2024, 4, 2, 3, 17, 41, 77000)
    bad = nodes[2]
    prog = dict(host=hosts[3], start=datetime(2024, 4, 2, 0, 43, 0), first=20, last=3620, every=20, ms=2561.0,
                total=100000, loss0=2.9, stop=datetime(2024, 4, 2, 3, 17, 41))
    fates = {}
    r_bad = bad.rank(6)
    dt = t_evt + ms(1450)
    fates[r_bad] = Fate(dt, [
        f"{bad.pfx(6, 2)} enqueue.cc:1183 NCCL WARN Cuda failure 'unspecified launch failure'",
        f"{bad.pfx(6, 2)} NCCL INFO group.cc:167 -> 1",
        f"[rank{r_bad}]: Traceback (most recent call last):",
        f'[rank{r_bad}]:   File "/fsx/nemo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 42, in main',
        f"[rank{r_bad}]:     trainer.fit(model)",
        f'[rank{r_bad}]:   File "/usr/local/lib/python3.10/dist-packages/megatron/core/pipeline_parallel/schedules.py", line 1226, in forward_backward_pipelining_without_interleaving',
        f"[rank{r_bad}]:     output_tensor = forward_step(",
        f"[rank{r_bad}]: RuntimeError: CUDA error: unspecified launch failure",
        f"[rank{r_bad}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        f"[rank{r_bad}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
    ], 1, tb="RuntimeError: CUDA error: unspecified launch failure")
    t_abort = t_evt + sec(8)
    k = 0
    for n in nodes:
        if n is bad:
            continue
        for lr in range(8):
            r = n.rank(lr)
            pre = []
            msgs = []
            for j in range(rng.randint(2, 3)):
                pid = n.pid(lr)
                lf = (f"libfabric:{pid}:{1712027861 + j}:efa:cq:efa_rdm_txe_handle_error():737<warn> err: 113, message: "
                      f"Unresponsive receiver. This error is typically caused by a peer hardware failure or incorrect "
                      f"inbound/outbound rules in the security group - EFA requires \"All traffic\" type allowlisting. "
                      f"Please also verify the peer application has not terminated unexpectedly. (113) My EFA addr: "
                      f"fi_addr_efa://[{gids[n.idx]}]:{lr}:{rng.randint(10 ** 8, 2 * 10 ** 9)} My host id: {iids[n.idx]} "
                      f"Peer EFA addr: fi_addr_efa://[{gids[2]}]:{lr}:{rng.randint(10 ** 8, 2 * 10 ** 9)} Peer host id: {iids[2]}")
                w = (f"{n.pfx(lr, 2)} nccl_net_ofi_sendrecv.c:121 NCCL WARN NET/OFI Request 0x7f{hexid(rng, 10)} completed "
                     f"with error. RC: 113. Error: Unresponsive receiver. Completed length: 0, Request: {{ dev: {lr // 2}, "
                     f"size: 0, state: CREATED, type: SEND }}")
                pre.append((t_abort + ms(k * 5 + j), [lf, w, f"{n.pfx(lr, 2)} NCCL INFO transport/net.cc:1122 -> 6",
                                                     f"{n.pfx(lr, 2)} NCCL INFO proxy.cc:698 -> 6",
                                                     f"{n.pfx(lr, 2)} NCCL INFO proxy.cc:878 -> 6 [Progress Thread]"]))
                msgs.append(w.split("NCCL WARN ")[1])
            k += 1
            dt = t_abort + sec(1) + ms(k * 9)
            fates[r] = Fate(dt, nccl_remote_abort(r, dt, msgs[-1], ver, rng), -6, pre=pre)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, oob_if="ens32", net="OFI", netdevs=4, bus=P4D_BUS, new_fmt=False),
                    progress=prog, fates=fates, script="megatron_gpt_pretraining.py")
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    for i, h in enumerate(hosts):
        files[f"{h}/instance-identity.json"] = json.dumps({
            "accountId": "611823094457", "architecture": "x86_64", "availabilityZone": "us-east-1f",
            "imageId": "ami-0d9c1a5e77a2b3c41", "instanceId": iids[i], "instanceType": "p4d.24xlarge",
            "privateIp": ips[i], "region": "us-east-1", "version": "2017-09-30"}, indent=2) + "\n"
    ck = Clock(datetime(2024, 4, 1, 22, 5, 33))
    files[f"{hosts[2]}/dmesg.txt"] = "\n".join([
        ck.dmesg(datetime(2024, 4, 2, 0, 40, 58), "efa 0000:10:1b.0: Setup irq:0xffff8e1f4a3c2000 vector:94 name:efa-mgmnt@pci:0000:10:1b.0"),
        ck.dmesg(datetime(2024, 4, 2, 0, 41, 20), "NVRM: GPU at PCI:0000:a0:1c: GPU-1b7e3d0f-9a42-c5e8-07d1-6f2a9c3e4b58"),
        ck.dmesg(datetime(2024, 4, 2, 0, 41, 20), "NVRM: GPU Board Serial Number: 1323220064913"),
        ck.dmesg(t_evt, "NVRM: Xid (PCI:0000:a0:1c): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
        ck.dmesg(t_evt + ms(1), "NVRM: GPU 0000:a0:1c.0: GPU has fallen off the bus."),
        ck.dmesg(t_evt + ms(2), "NVRM: GPU 0000:a0:1c.0: GPU serial number is 1323220064913."),
        ck.dmesg(t_evt + ms(40), "NVRM: A GPU crash dump has been created. If possible, please run"),
        ck.dmesg(t_evt + ms(40), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
        ck.dmesg(t_evt + ms(40), "NVRM: the NVIDIA kernel module is unloaded."),
        ck.dmesg(t_evt + sec(9), "nvidia-nvswitch2: SXid (PCI:0000:c6:00.0): 20034, Fatal, Link 30 LTSSM Fault Up"),
    ]) + "\n"
    files[f"{hosts[2]}/nvidia-smi.txt"] = ("$ nvidia-smi --query-gpu=index,pci.bus_id,ecc.errors.uncorrected.volatile.total --format=csv\n"
                                          "Unable to determine the device handle for GPU0000:A0:1C.0: Unknown Error\n"
                                          "index, pci.bus_id, ecc.errors.uncorrected.volatile.total\n" +
                                          "".join(f"{i}, 00000000:{P4D_BUS[i].upper()}.0, 0\n" for i in range(8) if i != 6))
    label = dict(category="gpu_hardware", layer="infrastructure", culprit={"node": "ip-10-1-18-77", "rank": 22},
                 action="restart_without_node",
                 rationale="The Unresponsive receiver storms on three instances all name Peer host id "
                           "i-07d21b9c4e8f3a016 (ip-10-1-18-77 per instance-identity.json). That node logged Xid 79 "
                           "(GPU 0000:a0:1c, local rank 6 -> rank 22 fell off the bus) 8 s before any EFA error, and "
                           "rank 22 failed first with a CUDA error.",
                 modelled_on="https://github.com/aws/aws-ofi-nccl/issues/346")
    return name, files, label


# =============================================================================
def roce_gid(node, rail):
    return f"::ffff:10.7.{1 + rail}.{node.extra['n']}"


def case04():
    rng = random.Random(7604)
    name = "bu04_roce_completion_errors_from_four_hosts_at_once"
    hosts = [f"node-{n}" for n in range(101, 109)]
    nodes = [Node(h, i, 8, rng, ip=f"10.7.0.{101 + i}", extra={"n": 101 + i}) for i, h in enumerate(hosts)]
    N = 64
    ver = "2.20.5"
    t_init = datetime(2024, 5, 8, 18, 30, 41)
    t_evt = datetime(2024, 5, 8, 21, 14, 22, 118000)
    prog = dict(host="node-101", start=datetime(2024, 5, 8, 18, 32, 30), first=10, last=2900, every=10,
                ms=3377.0, total=60000, loss0=2.7, gbs=2048,
                stop=datetime(2024, 5, 8, 21, 14, 22))
    down = nodes[4:]
    up = nodes[:4]
    roce = " ".join(f"[{i}]mlx5_{i}:1/RoCE" for i in range(8)) + " [RO]"
    fates = {}
    for n in down:
        for lr in range(8):
            r = n.rank(lr)
            pre = [(t_evt + ms(60 + lr), [async_event(n, lr, f"mlx5_{lr}", "port error")])]
            peer = rng.choice(up + [x for x in down if x is not n])
            lines, msg = ib_completion(n, lr, peer.ip, rng.randint(33000, 61000), 5, 249, "Recv",
                                       local_gid=roce_gid(n, lr), remote_gid=roce_gid(peer, lr), opcode=32590,
                                       length=32591, line="transport/net_ib.cc:1707")
            pre.append((t_evt + sec(20) + ms(lr * 9), lines))
            dt = t_evt + sec(21) + ms(lr * 13 + n.idx * 5)
            fates[r] = Fate(dt, nccl_remote_abort(r, dt, msg, ver, rng), -6, pre=pre)
    for n in up:
        for lr in range(8):
            r = n.rank(lr)
            pre = []
            last = None
            for j in range(rng.randint(1, 3)):
                peer = rng.choice(down)
                lines, msg = ib_completion(n, lr, peer.ip, rng.randint(33000, 61000), 12, 129,
                                           rng.choice(["Send", "Recv"]), local_gid=roce_gid(n, lr),
                                           remote_gid=roce_gid(peer, lr), line="transport/net_ib.cc:1707")
                pre.append((t_evt + sec(20) + ms(150 + j * 40 + lr * 9), lines))
                last = msg
            dt = t_evt + sec(21) + ms(300 + lr * 11 + n.idx * 5)
            fates[r] = Fate(dt, nccl_remote_abort(r, dt, last, ver, rng), -6, pre=pre)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="bond0", net="IB", netdevs=roce, bus=H100_BUS),
                    progress=prog, fates=fates, script="pretrain_gpt.py")
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    pci = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
    for n in nodes:
        ck = Clock(datetime(2024, 5, 6, 9, 12, 0) + sec(n.idx * 37))
        L = [ck.kern(datetime(2024, 5, 8, 18, 30, 44), n.host, f"NVRM: GPU at PCI:0000:{pci[0]}:00: GPU-{hexid(rng, 8)}-{hexid(rng, 4)}-{hexid(rng, 4)}-{hexid(rng, 4)}-{hexid(rng, 12)}")]
        if n in down:
            for i in range(8):
                L.append(ck.kern(t_evt + ms(i * 2), n.host, f"mlx5_core 0000:{int(pci[i], 16) + 1:02x}:00.0 ens{i + 1}np0: Link down"))
            for i in range(8):
                L.append(ck.kern(t_evt + sec(209) + ms(i * 40), n.host, f"mlx5_core 0000:{int(pci[i], 16) + 1:02x}:00.0 ens{i + 1}np0: Link up"))
        else:
            L.append(ck.kern(datetime(2024, 5, 8, 20, 1, 7), n.host, "perf: interrupt took too long (2511 > 2500), lowering kernel.perf_event_max_sample_rate to 79500"))
        files[f"{n.host}/kern.log"] = "\n".join(L) + "\n"
    files["topology.json"] = json.dumps({"topology": {"leaf-r07a": hosts[:4], "leaf-r07b": hosts[4:]}}, indent=2) + "\n"
    t_end = t_evt + sec(30)
    slurm = slurm_head(5540213, "node-[101-108]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "bond0"),
                                                    ("NCCL_IB_GID_INDEX", "3"), ("NCCL_IB_TC", "106")],
                       "torchrun --nnodes 8 --nproc-per-node 8 pretrain_gpt.py ...", t_init - sec(25))
    slurm += srun_tail(5540213, [("node-105", 4, 1), ("node-107", 6, 1), ("node-101", 0, 1), ("node-106", 5, 1),
                                 ("node-103", 2, 1), ("node-108", 7, 1), ("node-102", 1, 1), ("node-104", 3, 1)],
                       "node-101", t_end)
    files["slurm-5540213.out"] = "\n".join(slurm) + "\n"
    label = dict(category="network", layer="infrastructure", culprit=None, action="restart",
                 rationale="At 21:14:22 all eight RoCE ports of node-105..108 went Link down in the same second and "
                           "came back 209 s later; those four hosts are exactly the ones under leaf-r07a's neighbour "
                           "leaf-r07b in topology.json, and every status=12 error on node-101..104 names one of their "
                           "bond0 addresses (10.7.0.105-108). A whole-switch outage, not one node.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1814")
    return name, files, label


# =============================================================================
def case05():
    rng = random.Random(7605)
    name = "bu05_ib_port_error_warnings_mid_run"
    hosts = ["hgx-n07", "hgx-n08", "hgx-n09", "hgx-n10"]
    nodes = [Node(h, i, 8, rng, ip=f"10.21.4.{7 + i}") for i, h in enumerate(hosts)]
    N = 32
    ver = "2.21.5"
    t_init = datetime(2024, 6, 3, 6, 10, 2)
    t_start = datetime(2024, 6, 3, 6, 11, 30)
    per = 1.231
    t_flap = datetime(2024, 6, 3, 9, 41, 6, 503000)
    it_flap = 26000 + int((t_flap - t_start).total_seconds() / per) // 50 * 50
    prog = dict(host="hgx-n10", start=t_start, first=50, last=40000 - 26000, every=50, ms=per * 1000,
                total=40000, loss0=2.4, slow=[(it_flap, it_flap + 50, 1310.0)])
    # the run is a resumed job: iterations 26000..40000
    prog["first"] = 26050
    prog["last"] = 40000
    prog["start"] = t_start
    n09 = nodes[2]
    extra = {h: [] for h in hosts}
    for lr in (4, 5):
        extra["hgx-n09"].append((t_flap + ms(40 + lr), [async_event(n09, lr, "mlx5_5", "port error")]))
        extra["hgx-n09"].append((t_flap + sec(3) + ms(80 + lr), [async_event(n09, lr, "mlx5_5", "port active")]))
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="ib0", net="IB", netdevs=IB8, bus=H100_BUS),
                    progress=prog, fates={}, script="pretrain_gpt.py", extra=extra)
    t_done = prog["end_time"]
    L = logs["hgx-n10"]
    L.add(t_done + sec(1), f"[after training is done] datetime: {t_done + sec(1):%Y-%m-%d %H:%M:%S} ")
    L.add(t_done + sec(2), f"saving checkpoint at iteration   40000 to /lustre/ckpt/gpt-13b-run7 in torch_dist format")
    L.add(t_done + sec(58), f"  successfully saved checkpoint from iteration   40000 to /lustre/ckpt/gpt-13b-run7 [ t 1/8, p 1/4 ]")
    L.add(t_done + sec(59), "Evaluating on 640 samples")
    L.add(t_done + sec(121), "-" * 100)
    L.add(t_done + sec(121), " validation loss at iteration 40000 on validation set | lm loss value: 1.874310E+00 | lm loss PPL: 6.515944E+00 | ")
    L.add(t_done + sec(121), "-" * 100)
    for n in nodes:
        t = t_done + sec(125) + ms(n.idx * 310)
        lg = logs[n.host]
        lg.add(t, agent_line(t, "INFO", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.", "new", n.agent_pid))
        lg.add(t + sec(1), agent_line(t + sec(1), "INFO", "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish", "new", n.agent_pid))
        lg.add(t + sec(1) + ms(20), agent_line(t + sec(1) + ms(20), "INFO", "Done waiting for other agents. Elapsed: 0.9871437549591064 seconds", "new", n.agent_pid))
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    ck = Clock(datetime(2024, 5, 30, 14, 2, 11))
    files["hgx-n09/kern.log"] = "\n".join([
        ck.kern(datetime(2024, 6, 3, 6, 10, 5), "hgx-n09", "NVRM: GPU at PCI:0000:18:00: GPU-5e2d0c41-7b9a-4f13-a1e8-3d6c0b9f2e71"),
        ck.kern(t_flap - ms(6), "hgx-n09", "mlx5_core 0000:d2:00.0: Port module event: module 5, Cable unplugged"),
        ck.kern(t_flap + sec(2) + ms(870), "hgx-n09", "mlx5_core 0000:d2:00.0: Port module event: module 5, Cable plugged"),
        ck.kern(datetime(2024, 6, 3, 13, 2, 44), "hgx-n09", "audit: type=1400 audit(1717419764.221:412): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.activate\" name=\"/proc/sys/kernel/osrelease\" pid=91120 comm=\"snap-exec\""),
    ]) + "\n"
    files["hgx-n09/perfquery_mlx5_5.txt"] = "\n".join([
        "# perfquery -C mlx5_5 -P 1 (collected after job end)",
        "# Port counters: Lid 377 port 1 (CapMask: 0x5A00)",
        "PortSelect:......................1",
        "CounterSelect:...................0x0000",
        "SymbolErrorCounter:..............14",
        "LinkErrorRecoveryCounter:........0",
        "LinkDownedCounter:...............1",
        "PortRcvErrors:...................0",
        "PortRcvRemotePhysicalErrors:.....0",
        "PortRcvSwitchRelayErrors:........0",
        "PortXmitDiscards:................23",
        "PortXmitConstraintErrors:........0",
        "PortRcvConstraintErrors:.........0",
        "CounterSelect2:..................0x00",
        "LocalLinkIntegrityErrors:........0",
        "ExcessiveBufferOverrunErrors:....0",
        "VL15Dropped:.....................0",
        "PortXmitData:....................4294967295",
        "PortRcvData:.....................4294967295",
        "PortXmitPkts:....................4294967295",
        "PortRcvPkts:.....................4294967295",
        "PortXmitWait:....................88104",
    ]) + "\n"
    files["sacct.txt"] = sacct(880431, "pretrain_gpt", "COMPLETED", "0:0", elapsed=fmt_elapsed(t_done + sec(128) - t_init),
                               extra_steps=[("0", "torchrun", "COMPLETED", "0:0")])
    files["slurm-880431.out"] = "\n".join(slurm_head(880431, "hgx-n[07-10]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "ib0")],
                                                     "torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py --load /lustre/ckpt/gpt-13b-run7 --train-iters 40000 ...",
                                                     t_init - sec(20)) + [f"+ echo 'exit status 0'", "exit status 0"]) + "\n"
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="hgx-n09's mlx5_5 cable flapped for ~3 s at 11:41 (port error then port active, "
                           "LinkDownedCounter 1), but training continued, reached iteration 40000, saved the final "
                           "checkpoint and every agent reports SUCCEEDED; sacct says COMPLETED 0:0. Nothing failed.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/905")
    return name, files, label


# =============================================================================
def case06():
    rng = random.Random(7606)
    name = "bu06_requeued_job_dies_twice_with_ib_timeouts"
    hosts = [f"gpu-k{n}" for n in range(11, 17)]
    files = {}
    N = 48
    ver = "2.19.4"
    k14_ck = Clock(datetime(2024, 6, 20, 3, 33, 50))
    kern = [k14_ck.kern(datetime(2024, 6, 21, 9, 0, 31), "gpu-k14", "NVRM: GPU at PCI:0000:18:00: GPU-2ab0e3c5-11d7-4e90-8f6c-7a1d9e0b5c32")]
    attempts = [
        (datetime(2024, 6, 21, 9, 0, 30), datetime(2024, 6, 21, 10, 2, 11, 330000), 2.0,
         datetime(2024, 6, 21, 10, 5, 40, 52000), 18.0, 1000, 4),
        (datetime(2024, 6, 21, 10, 16, 2), datetime(2024, 6, 21, 10, 44, 57, 10000), 1.2,
         datetime(2024, 6, 21, 10, 51, 12, 640000), 23.0, 2400, 5),
    ]
    for ai, (t_init, t_flap1, d1, t_flap2, d2, it0, seed_off) in enumerate(attempts, 1):
        r2 = random.Random(7606 + seed_off)
        nodes = [Node(h, i, 8, r2, ip=f"10.40.1.{11 + i}") for i, h in enumerate(hosts)]
        k14 = nodes[3]
        t_start = t_init + sec(95)
        per = 1.46
        last = it0 + int((t_flap2 - t_start).total_seconds() / per) // 20 * 20
        prog = dict(host="gpu-k16", start=t_start, first=it0 + 20, last=last, every=20, ms=per * 1000,
                    total=120000, loss0=2.6 - ai * 0.1, stop=t_flap2 + sec(3))
        extra = {h: [] for h in hosts}
        for lr in (4, 5):
            extra["gpu-k14"].append((t_flap1 + ms(30 + lr), [async_event(k14, lr, "mlx5_2", "port error")]))
            extra["gpu-k14"].append((t_flap1 + sec(d1) + ms(200 + lr), [async_event(k14, lr, "mlx5_2", "port active")]))
            extra["gpu-k14"].append((t_flap2 + ms(30 + lr), [async_event(k14, lr, "mlx5_2", "port error")]))
        kern.append(k14_ck.kern(t_flap1, "gpu-k14", "mlx5_core 0000:5d:00.0: Port module event: module 2, Cable unplugged"))
        kern.append(k14_ck.kern(t_flap1 + sec(d1), "gpu-k14", "mlx5_core 0000:5d:00.0: Port module event: module 2, Cable plugged"))
        kern.append(k14_ck.kern(t_flap2, "gpu-k14", "mlx5_core 0000:5d:00.0: Port module event: module 2, Cable unplugged"))
        kern.append(k14_ck.kern(t_flap2 + sec(d2), "gpu-k14", "mlx5_core 0000:5d:00.0: Port module event: module 2, Cable plugged"))
        fates = {}
        t_err = t_flap2 + sec(8) + ms(r2.randint(100, 900))
        # k14 local ranks 4/5 (mlx5_2) report errors naming their peers
        for lr in (4, 5):
            peer = nodes[2] if lr == 4 else nodes[4]
            lines, msg = ib_completion(k14, lr, peer.ip, r2.randint(33000, 61000), 12, 129, "Send",
                                       local_gid=ib_gid(k14, 2), remote_gid=ib_gid(peer, 2))
            dt = t_err + sec(1) + ms(lr * 30)
            fates[k14.rank(lr)] = Fate(dt, nccl_remote_abort(k14.rank(lr), dt, msg, ver, r2), -6, pre=[(t_err + ms(lr), lines)])
        # ring / tree neighbours of k14 on rail 2 accuse 10.40.1.14 (k13 is the loudest)
        accusers = [(nodes[2], 4, 5), (nodes[2], 5, 4), (nodes[4], 4, 2), (nodes[4], 5, 2), (nodes[0], 4, 1),
                    (nodes[5], 5, 1)]
        for node, lr, reps in accusers:
            pre = []
            last = None
            for j in range(reps):
                lines, msg = ib_completion(node, lr, k14.ip, r2.randint(33000, 61000), 12, 129,
                                           r2.choice(["Send", "Recv"]), local_gid=ib_gid(node, 2),
                                           remote_gid=ib_gid(k14, 2))
                pre.append((t_err + ms(60 + j * 15 + node.idx * 3), lines))
                last = msg
            dt = t_err + sec(1) + ms(100 + lr * 17 + node.idx * 11)
            fates[node.rank(lr)] = Fate(dt, nccl_remote_abort(node.rank(lr), dt, last, ver, r2), -6, pre=pre)
        fates_nodes = {fn for fn in [n.host for n in nodes for lr in range(8) if n.rank(lr) in fates]}
        logs = run_logs(nodes, N, r2, t_init=t_init,
                        nccl_opts=dict(version=ver, cuda="12.3", oob_if="ib0", net="IB", netdevs=IB4, bus=H100_BUS),
                        progress=prog, fates=fates, script="train_llama.py",
                        killed_at={h: t_err + sec(4) for h in hosts if h not in fates_nodes}, extra=extra)
        for h in hosts:
            files[f"attempt_{ai}/{h}/torchrun.log"] = logs[h].render()
        jobinfo = slurm_head(3310552, "gpu-k[11-16]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "ib0"),
                                                        ("NCCL_IB_TIMEOUT", "18"), ("NCCL_IB_RETRY_CNT", "7")],
                             "torchrun --nnodes 6 --nproc-per-node 8 train_llama.py --resume auto", t_init - sec(20))
        if ai == 2:
            jobinfo.insert(0, f"slurmstepd: info: job 3310552 requeued, restart count 1 (SLURM_RESTART_COUNT=1)")
        jobinfo += srun_tail(3310552, [("gpu-k13", 2, 1), ("gpu-k14", 3, 1), ("gpu-k15", 4, 1), ("gpu-k11", 0, 1),
                                       ("gpu-k16", 5, 1), ("gpu-k12", 1, 1)], "gpu-k11", t_err + sec(6))
        if ai == 1:
            jobinfo.append(f"slurmstepd: error: *** JOB 3310552 ON gpu-k11 REQUEUED AT {t_err + sec(40):%Y-%m-%dT%H:%M:%S} ***")
        files[f"attempt_{ai}/slurm-3310552.out"] = "\n".join(jobinfo) + "\n"
    files["attempt_2/gpu-k14/kern.log"] = "\n".join(kern) + "\n"
    ib = []
    for i in range(4):
        ib += ibstat_ca(f"mlx5_{i}", "Active", "LinkUp", 400, 301 + i, 1, guid(rng))
    files["attempt_2/gpu-k14/ibstat.txt"] = "# ibstat (node health check after job end, 2024-06-21 11:03)\n" + "\n".join(ib) + "\n"
    files["attempt_2/gpu-k14/perfquery_mlx5_2.txt"] = "\n".join([
        "# perfquery -C mlx5_2 -P 1",
        "# Port counters: Lid 303 port 1 (CapMask: 0x5A00)",
        "SymbolErrorCounter:..............5531",
        "LinkErrorRecoveryCounter:........2",
        "LinkDownedCounter:...............4",
        "PortRcvErrors:...................187",
        "PortXmitDiscards:................940",
        "LocalLinkIntegrityErrors:........3",
    ]) + "\n"
    files["sacct.txt"] = sacct(3310552, "train_llama", "FAILED", "1:0", cpus=768, elapsed="00:56:10",
                               extra_steps=[("0", "torchrun", "FAILED", "1:0")])
    label = dict(category="network", layer="infrastructure", culprit={"node": "gpu-k14", "rank": None},
                 action="restart_without_node",
                 rationale="Both attempts die the same way: status=12 retry-exceeded errors naming 10.40.1.14 (gpu-k14 "
                           "per Bootstrap/OOB) a few seconds after gpu-k14's mlx5_2 cable reports unplugged/plugged "
                           "for 18-23 s; it also had a short flap earlier in each attempt. The port reads Active now "
                           "but LinkDownedCounter=4 and symbol errors show a bad cable on that one node.",
                 modelled_on="https://github.com/ROCm/rccl/issues/1423")
    return name, files, label


# =============================================================================
def case07():
    rng = random.Random(7607)
    name = "bu07_socket_connection_reset_from_one_address"
    hosts = ["gpu-x21", "gpu-x22", "gpu-x23", "gpu-x24"]
    nodes = [Node(h, i, 8, rng, ip=f"10.3.0.{21 + i}") for i, h in enumerate(hosts)]
    N = 32
    ver = "2.20.3"
    t_init = datetime(2024, 7, 9, 23, 58, 3)
    t_oom = datetime(2024, 7, 10, 3, 17, 44, 208000)
    x23 = nodes[2]
    victim = 2
    prog = dict(host="gpu-x21", start=datetime(2024, 7, 9, 23, 59, 50), first=25, last=4525, every=25,
                ms=4395.0, total=200000, loss0=2.95, stop=datetime(2024, 7, 10, 3, 17, 40))
    fates = {}
    fates[x23.rank(victim)] = Fate(t_oom, [], -9)
    t_err = t_oom + sec(2) + ms(310)
    for n in nodes:
        if n is x23:
            continue
        for lr in range(8):
            r = n.rank(lr)
            if rng.random() < 0.55 or lr in (0, 7):
                p = n.pfx(lr, 2)
                port = rng.randint(33000, 61000)
                err = rng.choice(["Connection reset by peer", "Connection reset by peer", "Broken pipe"])
                w = f"Net : Call to recv from {x23.ip}<{port}> failed : {err}"
                pre = [(t_err + ms(lr * 7 + n.idx * 3), ["", f"{p} misc/socket.cc:538 NCCL WARN {w}",
                                                         f"{p} NCCL INFO misc/socket.cc:555 -> 6",
                                                         f"{p} NCCL INFO transport/net_socket.cc:474 -> 6",
                                                         f"{p} NCCL INFO transport/net.cc:1168 -> 6",
                                                         f"{p} NCCL INFO proxy.cc:698 -> 6",
                                                         f"{p} NCCL INFO proxy.cc:878 -> 6 [Progress Thread]"])]
                dt = t_err + sec(1) + ms(lr * 13 + n.idx * 7)
                fates[r] = Fate(dt, nccl_remote_abort(r, dt, w, ver, rng), -6, pre=pre)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.3", oob_if="ens2f0np0", net="Socket", bus=A100_BUS),
                    progress=prog, fates=fates, script="train.py", style="old",
                    extra={"gpu-x21": [(t_init - sec(4), [
                        f"[{pylog(t_init - sec(4))}] [INFO] [config.py:88] data.cache_in_memory=True data.num_workers=12 "
                        "data.prefetch_factor=8 data.shuffle_buffer=2000000 model=llama2-34b seq_len=4096",
                        f"[{pylog(t_init - sec(4))}] [INFO] [dataset.py:141] loading full token index into memory "
                        "(in-memory cache enabled; index grows as shards are visited)"])]})
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    ck = Clock(datetime(2024, 7, 2, 8, 0, 0))
    pids = [x23.pid(lr) for lr in range(8)]
    tbl = ["[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"]
    for lr, p in enumerate(pids):
        tbl.append(f"[{p:>7}]  1042 {p:>5} {rng.randint(61000000, 64000000):>8} {rng.randint(56000000, 61000000):>8} "
                   f"{rng.randint(480000000, 520000000):>14}        0             0 python3")
        for w in range(3):
            wp = p + 300 + w * 8 + lr
            tbl.append(f"[{wp:>7}]  1042 {wp:>5} {rng.randint(18000000, 21000000):>8} {rng.randint(9000000, 11000000):>8} "
                       f"{rng.randint(80000000, 90000000):>14}        0             0 pt_data_worker")
    rss = 243112488
    journal = [
        f"{syslog_ts(t_oom - sec(1))} gpu-x23 kernel: pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
        f"{syslog_ts(t_oom - sec(1))} gpu-x23 kernel: CPU: 71 PID: {pids[5] + 313} Comm: pt_data_worker Tainted: P           OE     5.15.0-105-generic #115-Ubuntu",
        f"{syslog_ts(t_oom - sec(1))} gpu-x23 kernel: Mem-Info:",
        f"{syslog_ts(t_oom - sec(1))} gpu-x23 kernel: active_anon:497211377 inactive_anon:12883901 isolated_anon:0",
        f"{syslog_ts(t_oom - sec(1))} gpu-x23 kernel: Node 0 Normal free:11022kB boost:0kB min:11264kB low:1059840kB high:2108416kB",
        f"{syslog_ts(t_oom - sec(1))} gpu-x23 kernel: Tasks state (memory values in pages):",
    ] + [f"{syslog_ts(t_oom - sec(1))} gpu-x23 kernel: {x}" for x in tbl] + [
        f"{syslog_ts(t_oom)} gpu-x23 kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/system.slice/slurmstepd.scope/job_6620071/step_0/user/task_0,task=python3,pid={pids[victim]},uid=1042",
        f"{syslog_ts(t_oom)} gpu-x23 kernel: Out of memory: Killed process {pids[victim]} (python3) total-vm:{rss + 9110440}kB, anon-rss:{rss}kB, file-rss:421880kB, shmem-rss:0kB, UID:1042 pgtables:{rng.randint(480000, 520000)}kB oom_score_adj:0",
        f"{syslog_ts(t_oom + sec(1))} gpu-x23 slurmstepd[88102]: error: Detected 1 oom_kill event in StepId=6620071.0. Some of the step tasks have been OOM Killed.",
    ]
    files["gpu-x23/journal.txt"] = "\n".join(journal) + "\n"
    mem = ["# node_exporter: node_memory_MemAvailable_bytes (GiB), 30 min samples", "time                 gpu-x21  gpu-x22  gpu-x23  gpu-x24"]
    t = datetime(2024, 7, 10, 0, 0, 0)
    avail = [1460.0, 1458.0, 1455.0, 1461.0]
    while t <= datetime(2024, 7, 10, 3, 0, 0):
        mem.append(f"{t:%Y-%m-%d %H:%M}     " + "  ".join(f"{a:7.0f}" for a in avail))
        avail = [a - rng.uniform(180, 215) for a in avail]
        avail[2] -= 12
        t += sec(1800)
    mem.append(f"{datetime(2024, 7, 10, 3, 15):%Y-%m-%d %H:%M}     " + "  ".join(f"{a:7.0f}" for a in [avail[0] + 60, avail[1] + 55, 3, avail[3] + 58]))
    files["memory_available.txt"] = "\n".join(mem) + "\n"
    label = dict(category="oom", layer="framework", culprit=None, action="stop",
                 rationale="The 'Call to recv from 10.3.0.23 ... Connection reset by peer' errors start 2 s after the "
                           "kernel OOM killer SIGKILLed rank 18's python3 (243 GB anon-rss) on gpu-x23; the task table "
                           "holds only the job's own trainers and data workers, and MemAvailable falls the same way on "
                           "all four nodes (in-memory dataset cache), so the job itself exhausts host memory.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/795")
    return name, files, label


CASES = [case01, case02, case03, case04, case05, case06, case07]
