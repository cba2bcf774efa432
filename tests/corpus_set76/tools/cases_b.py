"""Cases bu08-bu14."""
import json
import random
from datetime import datetime

from common import (Node, Log, Clock, sec, ms, c10, glog, pylog, syslog_ts, ctime, iso, hexid, guid, mac,
                    ib_completion, async_event, nccl_remote_abort, watchdog_timeout, ibstat_ca, store_reset,
                    ip_link_block, lo_block, H100_BUS, A100_BUS, agent_line)
from scenario import Fate, run_logs, srun_tail, merge
from cases_a import ib_gid, sacct, slurm_head, IB4, IB8


# =============================================================================
def case08():
    rng = random.Random(7608)
    name = "bu08_one_host_reports_errors_against_five_peers"
    hosts = [f"gpu-b0{i}" for i in range(1, 9)]
    nodes = [Node(h, i, 8, rng, ip=f"10.20.1.{i + 1}") for i, h in enumerate(hosts)]
    N = 64
    ver = "2.18.5"
    t_init = datetime(2024, 8, 2, 7, 1, 44)
    t_evt = datetime(2024, 8, 2, 9, 12, 1, 305000)
    b02 = nodes[1]
    prog = dict(host="gpu-b08", start=datetime(2024, 8, 2, 7, 3, 10), first=10, last=5000, every=10,
                ms=1722.0, total=150000, loss0=3.1, stop=t_evt)
    fates = {}
    # gpu-b02 local ranks 2/3 share mlx5_1: many errors, against many peers
    peer_cycle = [nodes[6], nodes[0], nodes[6], nodes[2], nodes[4], nodes[6], nodes[7], nodes[2], nodes[6], nodes[0]]
    for lr in (2, 3):
        pre = []
        last = None
        for j, peer in enumerate(peer_cycle):
            lines, msg = ib_completion(b02, lr, peer.ip, rng.randint(33000, 61000), 12, 129, None,
                                       version_new=False, line="transport/net_ib.cc:1295")
            pre.append((t_evt + ms(j * 37 + lr * 5), lines))
            last = msg
        dt = t_evt + sec(1) + ms(lr * 20)
        fates[b02.rank(lr)] = Fate(dt, nccl_remote_abort(b02.rank(lr), dt, last, ver, rng), -6, pre=pre)
    for node in (nodes[0], nodes[2], nodes[4], nodes[6], nodes[7]):
        lr = rng.choice((2, 3))
        lines, msg = ib_completion(node, lr, b02.ip, rng.randint(33000, 61000), 12, 129, None,
                                   version_new=False, line="transport/net_ib.cc:1295")
        dt = t_evt + sec(2) + ms(node.idx * 31)
        fates[node.rank(lr)] = Fate(dt + sec(1), nccl_remote_abort(node.rank(lr), dt + sec(1), msg, ver, rng), -6,
                                    pre=[(dt, lines)])
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, oob_if="ib0", net="IB", netdevs=IB4, bus=H100_BUS, new_fmt=False),
                    progress=prog, fates=fates, script="pretrain_gpt.py",
                    killed_at={h: t_evt + sec(6) for h in ("gpu-b04", "gpu-b06")})
    merged = merge(logs, lambda h: f"{hosts.index(h)}: ")
    head = slurm_head(4410922, "gpu-b0[1-8]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "ib0"),
                                                ("NCCL_IB_HCA", "=mlx5_0,mlx5_1,mlx5_2,mlx5_3")],
                      "-l torchrun --nnodes 8 --nproc-per-node 8 --rdzv-endpoint gpu-b01:29500 pretrain_gpt.py ...",
                      t_init - sec(20))
    tail = srun_tail(4410922, [("gpu-b02", 1, 1), ("gpu-b07", 6, 1), ("gpu-b01", 0, 1), ("gpu-b03", 2, 1),
                               ("gpu-b08", 7, 1), ("gpu-b05", 4, 1), ("gpu-b04", 3, 1), ("gpu-b06", 5, 1)],
                     "gpu-b01", t_evt + sec(9))
    files = {"slurm-4410922.out": "\n".join(head) + "\n" + merged.render() + "\n".join(tail) + "\n"}
    ib = []
    for i in range(4):
        st, ph, rate, lid = ("Down", "Polling", 10, 0) if i == 1 else ("Active", "LinkUp", 400, 140 + i)
        ib += ibstat_ca(f"mlx5_{i}", st, ph, rate, lid, 1, guid(rng))
    files["gpu-b02/ibstat.txt"] = "# ibstat @ 2024-08-02 09:40 (post-failure health check)\n" + "\n".join(ib) + "\n"
    files["gpu-b02/perfquery_mlx5_1.txt"] = "\n".join([
        "# perfquery -C mlx5_1 -P 1 (counters since 2024-08-01 00:00 clear)",
        "# Port counters: Lid 141 port 1 (CapMask: 0x5A00)",
        "SymbolErrorCounter:..............65535",
        "LinkErrorRecoveryCounter:........255",
        "LinkDownedCounter:...............3",
        "PortRcvErrors:...................48211",
        "PortRcvRemotePhysicalErrors:.....0",
        "PortXmitDiscards:................1294",
        "LocalLinkIntegrityErrors:........15",
        "ExcessiveBufferOverrunErrors:....0",
    ]) + "\n"
    ib7 = []
    for i in range(4):
        ib7 += ibstat_ca(f"mlx5_{i}", "Active", "LinkUp", 400, 170 + i, 1, guid(rng))
    files["gpu-b07/ibstat.txt"] = "# ibstat @ 2024-08-02 09:41 (post-failure health check)\n" + "\n".join(ib7) + "\n"
    label = dict(category="network", layer="infrastructure", culprit={"node": "gpu-b02", "rank": None},
                 action="restart_without_node",
                 rationale="gpu-b02's local ranks 2/3 (mlx5_1) log retry-exceeded errors against five different peers "
                           "(10.20.1.7 most often), while every other host's single error names 10.20.1.2 = gpu-b02. "
                           "The common end is gpu-b02, whose mlx5_1 is Down/Polling with saturated symbol and link "
                           "recovery counters; gpu-b07's ports are clean.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/733")
    return name, files, label


# =============================================================================
def case09():
    rng = random.Random(7609)
    name = "bu09_no_route_to_host_at_nccl_bootstrap"
    hosts = [f"node-0{n}" for n in range(19, 25)]
    nodes = [Node(h, i, 8, rng, ip=f"10.4.2.{19 + i}") for i, h in enumerate(hosts)]
    ver = "2.21.5"
    t_init = datetime(2024, 8, 14, 7, 30, 12)
    bad = nodes[4]
    logs = {}
    for n in nodes:
        lg = Log()
        logs[n.host] = lg
        lg.add(t_init - sec(14), agent_line(t_init - sec(14), "INFO", "Starting elastic_operator with launch configs:\n"
               "  entrypoint       : train.py\n  min_nodes        : 6\n  max_nodes        : 6\n  nproc_per_node   : 8\n"
               "  run_id           : 9184470\n  rdzv_backend     : c10d\n  rdzv_endpoint    : node-019:29400\n"
               "  rdzv_configs     : {'timeout': 900}\n  max_restarts     : 0\n  monitor_interval : 0.1\n"
               "  log_dir          : /tmp/torchelastic_q3v0b1nq\n  metrics_cfg      : {}", "new", n.agent_pid))
        for lr in range(8):
            p = n.pfx(lr)
            lg.extend(t_init + ms(lr * 29), [f"{p} NCCL INFO cudaDriverVersion 12040",
                                             f"{p} NCCL INFO Bootstrap : Using ens2f0np0:{n.ip}<0>"])
            if n.rank(lr) == 0:
                lg.add(t_init + ms(5), f"NCCL version {ver}+cuda12.4")
    fates = {}
    for lr in range(8):
        p = bad.pfx(lr)
        r = bad.rank(lr)
        t0 = t_init + sec(1) + ms(lr * 31)
        L = []
        for k in range(1, 35, 4):
            L.append((t0 + ms(k * 1000), [f"{p} NCCL INFO socketPollConnect: connect returned No route to host, "
                                          f"retrying ({k}/34) after sleep for {k * 100} msec"]))
        tf = t0 + sec(61)
        last = (f"socketPollConnect: Connect to 10.4.2.19<{43000 + lr * 17}> returned 113(No route to host) errno "
                f"115(Operation now in progress)")
        lines = ["", f"{p} misc/socket.cc:533 NCCL WARN {last}",
                 f"{p} NCCL INFO misc/socket.cc:570 -> 2", f"{p} NCCL INFO misc/socket.cc:621 -> 2",
                 f"{p} NCCL INFO bootstrap.cc:285 -> 2", f"{p} NCCL INFO init.cc:1534 -> 2",
                 f"{p} NCCL INFO init.cc:1799 -> 2", f"{p} NCCL INFO init.cc:1837 -> 2",
                 f"[rank{r}]: Traceback (most recent call last):",
                 f'[rank{r}]:   File "/workspace/train.py", line 301, in <module>',
                 f"[rank{r}]:     main(cfg)",
                 f'[rank{r}]:   File "/workspace/train.py", line 118, in main',
                 f"[rank{r}]:     model = DDP(model, device_ids=[local_rank], bucket_cap_mb=100)",
                 f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/nn/parallel/distributed.py", line 822, in __init__',
                 f"[rank{r}]:     _verify_param_shape_across_processes(self.process_group, parameters)",
                 f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/utils.py", line 288, in _verify_param_shape_across_processes',
                 f"[rank{r}]:     return dist._verify_params_across_processes(process_group, tensors, logger)",
                 f"[rank{r}]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, "
                 f"unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version {ver}",
                 f"[rank{r}]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ",
                 f"[rank{r}]: Last error:",
                 f"[rank{r}]: {last}"]
        fates[r] = Fate(tf, lines, 1, pre=L,
                        tb="torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                           "NCCLUtils.hpp:317, unhandled system error (run with NCCL_DEBUG=INFO for details), "
                           f"NCCL version {ver}")
    from scenario import agent_teardown
    lg = logs[bad.host]
    for lr in range(8):
        f = fates[bad.rank(lr)]
        for dt, lines in f.pre:
            lg.extend(dt, lines, step=ms(1))
        lg.extend(f.dt, f.lines, step=ms(1))
    failed = sorted([(lr, 1, fates[bad.rank(lr)].dt, fates[bad.rank(lr)].tb) for lr in range(8)], key=lambda x: x[2])
    t_fail = failed[-1][2] + ms(200)
    agent_teardown(bad, t_fail, failed, [], lg, "train.py", "new")
    t_kill = t_fail + sec(3)
    for n in nodes:
        if n is bad:
            continue
        lg = logs[n.host]
        lg.add(t_kill, agent_line(t_kill, "WARNING", "Received Signals.SIGTERM death signal, shutting down workers", "new", n.agent_pid))
        for lr in range(8):
            lg.add(t_kill + ms(2 + lr), agent_line(t_kill + ms(2 + lr), "WARNING", f"Sending process {n.pid(lr)} closing signal SIGTERM", "new", n.agent_pid))
        lg.add(t_kill + sec(1), f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {n.agent_pid} got signal: 15")
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    hostsfile = ["# /etc/hosts (excerpt, identical on all compute nodes; managed by xCAT)",
                 "127.0.0.1   localhost localhost.localdomain",
                 "192.168.10.1    mgmt01", "10.4.0.5        nfs-home"]
    for i, h in enumerate(hosts):
        hostsfile.append(f"192.168.10.{19 + i}   {h} {h}.cluster")
    for i, h in enumerate(hosts):
        hostsfile.append(f"10.4.2.{19 + i}       {h}-data {h}-ens2")
    files["etc_hosts.txt"] = "\n".join(hostsfile) + "\n"
    ipl = lo_block()
    ipl += ip_link_block(2, "eno1", "BROADCAST,MULTICAST,UP,LOWER_UP", 1500, "UP", mac(rng), "192.168.10.23", 24,
                         altname="enp1s0f0")
    ipl += ip_link_block(3, "ens2f0np0", "NO-CARRIER,BROADCAST,MULTICAST,UP", 9000, "DOWN", mac(rng), "10.4.2.23", 24,
                         altname="enp49s0f0np0")
    ipl += ip_link_block(4, "ens2f1np1", "BROADCAST,MULTICAST", 1500, "DOWN", mac(rng), altname="enp49s0f1np1")
    ipl += ["5: docker0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1500 qdisc noqueue state DOWN group default",
            f"    link/ether {mac(rng)} brd ff:ff:ff:ff:ff:ff",
            "    inet 172.17.0.1/16 brd 172.17.255.255 scope global docker0",
            "       valid_lft forever preferred_lft forever"]
    files["node-023/ip_addr.txt"] = "$ ip addr\n" + "\n".join(ipl) + "\n"
    ck = Clock(datetime(2024, 8, 11, 2, 14, 9))
    files["node-023/dmesg.txt"] = "\n".join([
        ck.dmesg(datetime(2024, 8, 13, 22, 51, 40), "mlx5_core 0000:31:00.0 ens2f0np0: Link down"),
        ck.dmesg(datetime(2024, 8, 13, 22, 51, 40), "mlx5_core 0000:31:00.0: Port module event: module 0, Cable unplugged"),
        ck.dmesg(datetime(2024, 8, 14, 7, 29, 58), "NVRM: GPU at PCI:0000:18:00: GPU-0a6d9e13-57c2-8f40-b1d3-2ec70f9a6b84"),
        ck.dmesg(datetime(2024, 8, 14, 7, 30, 2), "nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel"),
    ]) + "\n"
    slurm = slurm_head(9184470, "node-0[19-24]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "ens2f0np0"),
                                                   ("NCCL_IB_DISABLE", "0")],
                       "--kill-on-bad-exit=1 torchrun --nnodes 6 --nproc-per-node 8 --rdzv-backend c10d "
                       "--rdzv-endpoint node-019:29400 train.py", t_init - sec(20))
    slurm += srun_tail(9184470, [("node-023", 4, 1)], "node-019", t_kill)
    files["slurm-9184470.out"] = "\n".join(slurm) + "\n"
    label = dict(category="network", layer="infrastructure", culprit={"node": "node-023", "rank": None},
                 action="restart_without_node",
                 rationale="Only node-023's eight ranks fail, each with 'Connect to 10.4.2.19 ... No route to host' at "
                           "NCCL bootstrap; the other five nodes reach 10.4.2.19 (node-019-data) and are merely "
                           "SIGTERMed. node-023's own ens2f0np0 (10.4.2.23) is NO-CARRIER/DOWN with a cable-unplugged "
                           "event from the night before.",
                 modelled_on="https://github.com/sgl-project/sglang/issues/3820")
    return name, files, label


# =============================================================================
def case10():
    rng = random.Random(7610)
    name = "bu10_tcpstore_connection_reset_on_every_worker"
    ips = ["10.0.1.10", "10.0.1.20", "10.0.1.30", "10.0.1.40"]
    hosts = ["ip-" + ip.replace(".", "-") for ip in ips]
    nodes = [Node(h, i, 8, rng, ip=ips[i]) for i, h in enumerate(hosts)]
    N = 32
    ver = "2.20.5"
    t_init = datetime(2024, 9, 3, 1, 2, 3)
    t_bug = datetime(2024, 9, 3, 5, 10, 44, 551000)
    prog = dict(host=hosts[0], start=datetime(2024, 9, 3, 1, 3, 30), first=10, last=5000, every=10, ms=2989.0,
                total=60000, loss0=2.8, stop=t_bug - sec(60))
    fates = {}
    tb = [
        "Traceback (most recent call last):",
        '  File "/opt/app/train.py", line 512, in <module>',
        "    main()",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
        "    return f(*args, **kwargs)",
        '  File "/opt/app/train.py", line 488, in main',
        "    metrics = evaluate(model, val_loader, step)",
        '  File "/opt/app/train.py", line 417, in evaluate',
        '    metrics["val_ppl"] = math.exp(metrics["val_loss"])',
        "KeyError: 'val_loss'",
    ]
    r0 = nodes[0].rank(0)
    fates[r0] = Fate(t_bug, [f"[rank0]: {x}" for x in tb], 1,
                     tb="\n".join(["Traceback (most recent call last):"] + ["    " + x for x in tb[1:]]))
    t_store_gone = t_bug + sec(4)
    for n in nodes[1:]:
        for lr in range(8):
            r = n.rank(lr)
            tt = t_store_gone + sec(rng.randint(1, 30)) + ms(lr * 11)
            pre = [(tt, store_reset(r, tt, n.host, f"{ips[0]}:29500", rng))]
            dt = t_bug + sec(1800) + ms(rng.randint(20, 800))
            fates[r] = Fate(dt, watchdog_timeout(r, dt, 96113, "ALLREDUCE", 1, 1800000, rng), -6, pre=pre)
    extra = {hosts[0]: [(t_bug - sec(55), [f"{pylog(t_bug - sec(55))} INFO  train.py:476 step 5000: running evaluation on 2000 batches"]),
                        (t_bug - sec(2), [f"{pylog(t_bug - sec(2))} WARNING evaluate.py:88 metric 'val_loss' not produced: "
                                          "loss_fn returned dict with keys ['loss_lm', 'loss_aux'] (config eval.loss_keys=['val_loss'])"])]}
    logs = run_logs(nodes, N, rng, t_init=t_init, nccl_opts=None, progress=prog, fates=fates, script="train.py",
                    extra=extra)
    for n in nodes:
        logs[n.host].add(t_init - sec(30), f"+ torchrun --nnodes 4 --nproc-per-node 8 --node-rank {n.idx} "
                                           f"--master-addr {ips[0]} --master-port 29500 /opt/app/train.py --config cfg/llama3_8b_sft.yaml")
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    files["job_status.json"] = json.dumps({
        "job": "sft-llama3-8b-0903", "scheduler": "aws-batch-multinode", "status": "FAILED",
        "statusReason": "Essential container in main node exited",
        "nodes": [{"index": i, "privateIpv4Address": ips[i], "exitCode": 1} for i in range(4)],
        "startedAt": iso(t_init - sec(60)), "stoppedAt": iso(t_bug + sec(1815))}, indent=2) + "\n"
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="Rank 0 on ip-10-0-1-10 (the 10.0.1.10:29500 store host) dies first with KeyError: "
                           "'val_loss' in the script's evaluate(); the TCPStore 'Connection reset by peer' warnings "
                           "naming 10.0.1.10:29500 and the later watchdog timeouts on the other 24 ranks are fallout. "
                           "A deterministic bug in the job's own code.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/131781")
    return name, files, label


# =============================================================================
def case11():
    rng = random.Random(7611)
    name = "bu11_nccl_warn_only_logs_name_ipoib_address"
    hosts = ["cn-r3-07", "cn-r3-08", "cn-r4-01", "cn-r4-02"]
    ips = ["192.168.100.37", "192.168.100.38", "192.168.100.41", "192.168.100.42"]
    nodes = [Node(h, i, 4, rng, ip=ips[i]) for i, h in enumerate(hosts)]
    ver = "2.20.5"
    t0 = datetime(2024, 9, 21, 13, 5, 0)
    t_fail = datetime(2024, 9, 21, 16, 31, 10, 240000)
    bad = nodes[2]
    out = Log()
    out.extend(t0, [
        f"{pylog(t0)} INFO: GPU available: True (cuda), used: True",
        f"{pylog(t0)} INFO: TPU available: False, using: 0 TPU cores",
        f"{pylog(t0)} INFO: Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/16",
        "----------------------------------------------------------------------------------------------------",
        "distributed_backend=nccl",
        "All distributed processes registered. Starting with 16 processes",
        "----------------------------------------------------------------------------------------------------",
        "",
        f"{pylog(t0 + sec(9))} INFO: LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]",
        "  | Name      | Type              | Params",
        "------------------------------------------------",
        "0 | model     | ViTForPretraining | 632 M ",
        "1 | criterion | MaskedPatchLoss   | 0     ",
        "------------------------------------------------",
        "632 M     Trainable params",
        "0         Non-trainable params",
        "632 M     Total params",
        "2528.432  Total estimated model params size (MB)",
    ], step=ms(5))
    t = t0 + sec(40)
    step = 0
    epoch = 0
    while t < t_fail - sec(20):
        step += 250
        if step > 5000:
            epoch += 1
            step = 250
        t += sec(250 * 0.905 + rng.uniform(-2, 2))
        out.add(t, f"Epoch {epoch}:  {step * 100 // 5000:>3d}%|{'#' * (step * 10 // 5000):<10s}| {step}/5000 "
                   f"[{(step * 0.905) // 60:02.0f}:{(step * 0.905) % 60:02.0f}<{((5000 - step) * 0.905) // 60:02.0f}:"
                   f"{((5000 - step) * 0.905) % 60:02.0f},  1.10it/s, v_num=12, train_loss={2.9 - 0.3 * epoch - step / 40000:.3f}]")
    # WARN-only NCCL output
    tasks = []
    for n in nodes:
        for lr in range(4):
            tasks.append((n, lr))
    first_t = None
    for n, lr in tasks:
        r = n.rank(lr)
        if n is bad:
            if lr in (0, 1):
                p = n.pfx(lr, 3)
                out.add(t_fail - sec(19) + ms(lr), f"{p} transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_0:1 Got async event : port error")
            continue
        if lr not in (0, 1):
            continue
        lines, msg = ib_completion(n, lr, bad.ip, rng.randint(33000, 61000), 12, 129, rng.choice(["Send", "Recv"]),
                                   local_gid=ib_gid(n, 0), remote_gid=ib_gid(bad, 0))
        dt = t_fail + ms(n.idx * 40 + lr * 9)
        out.extend(dt, lines, step=ms(1))
        out.extend(dt + sec(1), [
            "Traceback (most recent call last):",
            '  File "/home/svc-ml/mae/main_pretrain.py", line 211, in <module>',
            "    trainer.fit(model, datamodule=dm)",
            '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/loops/optimization/automatic.py", line 306, in backward',
            "    self.trainer.strategy.backward(closure_loss, None, ...)",
            '  File "/opt/conda/lib/python3.11/site-packages/torch/autograd/graph.py", line 768, in _engine_run_backward',
            "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
            f"torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, "
            f"remote process exited or there was a network error, NCCL version {ver}",
            "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
            "Last error:",
            msg,
        ], step=ms(1))
    tail = []
    order = [(1, 4), (0, 0), (3, 12), (1, 5), (0, 1), (3, 13), (2, 8), (2, 9)]
    for ni, task in order:
        tail.append(f"srun: error: {hosts[ni]}: task {task}: Exited with exit code 1")
        if len(tail) == 1:
            tail.append("srun: Job step aborted: Waiting up to 62 seconds for job step to finish.")
    tail.append(f"slurmstepd: error: *** STEP 2291077.0 ON cn-r3-07 CANCELLED AT {iso(t_fail + sec(6))} ***")
    tail.append(f"srun: error: cn-r4-01: tasks 10-11: Killed")
    tail.append(f"srun: error: cn-r3-07: tasks 2-3: Killed")
    tail.append(f"srun: error: cn-r3-08: tasks 6-7: Killed")
    tail.append(f"srun: error: cn-r4-02: tasks 14-15: Killed")
    head = ["#!/bin/bash", "#SBATCH --nodes=4 --ntasks-per-node=4 --gpus-per-node=4", "export NCCL_DEBUG=WARN",
            "export NCCL_SOCKET_IFNAME=ib0", "srun python main_pretrain.py --config configs/mae_vit_h14.yaml", ""]
    files = {"slurm-2291077.out": "\n".join(head) + out.render() + "\n".join(tail) + "\n"}
    files["etc_hosts.txt"] = "\n".join([
        "# /etc/hosts from cn-r3-07",
        "127.0.0.1 localhost",
        "172.20.3.7    cn-r3-07.mgmt cn-r3-07", "172.20.3.8    cn-r3-08.mgmt cn-r3-08",
        "172.20.4.1    cn-r4-01.mgmt cn-r4-01", "172.20.4.2    cn-r4-02.mgmt cn-r4-02",
        "172.20.4.3    cn-r4-03.mgmt cn-r4-03",
        "# IPoIB",
        "192.168.100.37  cn-r3-07-ib", "192.168.100.38  cn-r3-08-ib",
        "192.168.100.41  cn-r4-01-ib", "192.168.100.42  cn-r4-02-ib", "192.168.100.43  cn-r4-03-ib",
    ]) + "\n"
    ck = Clock(datetime(2024, 9, 2, 10, 0, 41))
    files["cn-r4-01/kern.log"] = "\n".join([
        ck.kern(datetime(2024, 9, 21, 15, 48, 2), "cn-r4-01", "mlx5_core 0000:e1:00.0: Port module event[error]: module 0, Cable error, High Temperature"),
        ck.kern(datetime(2024, 9, 21, 16, 12, 37), "cn-r4-01", "mlx5_core 0000:e1:00.0: Port module event[error]: module 0, Cable error, High Temperature"),
        ck.kern(t_fail - sec(19), "cn-r4-01", "mlx5_core 0000:e1:00.0: Port module event: module 0, Cable unplugged"),
        ck.kern(t_fail - sec(19) + ms(210), "cn-r4-01", "ib0: lost carrier"),
    ]) + "\n"
    ib = ibstat_ca("mlx5_0", "Down", "Polling", 10, 0, 3, guid(rng), fw="20.39.2048", ca_type="MT4123")
    files["cn-r4-01/ibstat.txt"] = "\n".join(ib) + "\n"
    ck2 = Clock(datetime(2024, 9, 2, 10, 1, 7))
    files["cn-r3-08/kern.log"] = ck2.kern(datetime(2024, 9, 21, 14, 0, 1), "cn-r3-08", "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.") + "\n"
    label = dict(category="network", layer="infrastructure", culprit={"node": "cn-r4-01", "rank": None},
                 action="restart_without_node",
                 rationale="With NCCL_DEBUG=WARN there are no Bootstrap lines; every status=12 error names peer "
                           "192.168.100.41, which /etc/hosts maps to cn-r4-01-ib. cn-r4-01's kern.log shows its "
                           "mlx5_0 module reporting High Temperature twice, then dropping (ib0 lost carrier) 19 s "
                           "before the errors; ibstat shows it Down/Polling.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/905")
    return name, files, label


# =============================================================================
def case12():
    rng = random.Random(7612)
    name = "bu12_iteration_time_tripled_on_every_rank"
    hosts = [f"gpu-p0{i}" for i in range(1, 9)]
    nodes = [Node(h, i, 8, rng, ip=f"10.61.0.{i + 1}") for i, h in enumerate(hosts)]
    N = 64
    ver = "2.21.5"
    t_init = datetime(2024, 10, 7, 8, 0, 12)
    t_slow = datetime(2024, 10, 7, 11, 20, 30)
    t_now = datetime(2024, 10, 7, 12, 5, 0)
    roce = " ".join(f"[{i}]mlx5_{i}:1/RoCE" for i in range(8)) + " [RO]"
    per_fast = 1452.0
    it_slow = int((t_slow - datetime(2024, 10, 7, 8, 1, 40)).total_seconds() / (per_fast / 1000)) // 20 * 20
    prog = dict(host="gpu-p08", start=datetime(2024, 10, 7, 8, 1, 40), first=20, last=it_slow + 660, every=20,
                ms=per_fast, total=200000, loss0=2.6, slow=[(it_slow, 10 ** 9, 4310.0)], stop=t_now)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="bond0", net="IB", netdevs=roce, bus=H100_BUS),
                    progress=prog, fates={}, script="pretrain_gpt.py")
    files = {f"{h}/torchrun.log": logs[h].render() for h in ("gpu-p01", "gpu-p08")}
    for n in nodes:
        L = []
        for snap, ts in ((0, "2024-10-07 11:58:00"), (1, "2024-10-07 11:59:00")):
            L.append(f"### {ts}  ethtool -S ens1np0 | grep -E 'prio3|pause|discard|out_of_buffer'")
            p = 8_400_000 + n.idx * 37_000 + snap * (1_180_000 + rng.randint(-40_000, 40_000))
            L += [f"     rx_prio3_bytes: {812_400_000_000 + n.idx * 9_000_000 + snap * 41_800_000_000}",
                  f"     rx_prio3_packets: {198_000_000 + n.idx * 91_000 + snap * 10_200_000}",
                  f"     tx_prio3_bytes: {809_100_000_000 + n.idx * 8_000_000 + snap * 41_500_000_000}",
                  f"     tx_prio3_packets: {197_400_000 + n.idx * 88_000 + snap * 10_150_000}",
                  f"     rx_prio3_pause: {p}",
                  f"     rx_prio3_pause_duration: {p * 3}",
                  f"     tx_prio3_pause: {p // 9}",
                  f"     rx_prio3_pause_transition: {p // 2}",
                  f"     rx_discards_phy: 0",
                  f"     rx_out_of_buffer: {snap * rng.randint(0, 3)}",
                  ""]
            L.append(f"### {ts}  /sys/class/infiniband/mlx5_0/ports/1/hw_counters")
            c = 2_100_000 + n.idx * 11_000 + snap * (410_000 + rng.randint(-15_000, 15_000))
            L += [f"np_cnp_sent:{c}", f"np_ecn_marked_roce_packets:{c * 2}", f"rp_cnp_handled:{c - 3_000}",
                  f"out_of_sequence:{900 + snap * rng.randint(300, 420)}", f"packet_seq_err:{40 + snap * rng.randint(8, 20)}",
                  f"local_ack_timeout_err:{12 + snap * rng.randint(2, 6)}", "rnr_nak_retry_err:0", ""]
        files[f"{n.host}/roce_counters.txt"] = "\n".join(L) + "\n"
    ck = Clock(datetime(2024, 10, 4, 6, 1, 2))
    files["gpu-p06/kern.log"] = "\n".join([
        ck.kern(datetime(2024, 10, 4, 6, 1, 40), "gpu-p06", "mlx5_core 0000:19:00.0 ens1np0: Link down"),
        ck.kern(datetime(2024, 10, 4, 6, 1, 44), "gpu-p06", "mlx5_core 0000:19:00.0 ens1np0: Link up"),
        ck.kern(datetime(2024, 10, 7, 8, 0, 15), "gpu-p06", "NVRM: GPU at PCI:0000:18:00: GPU-33c0e1f7-8d21-40b5-9e6a-d4a1720c8f19"),
    ]) + "\n"
    files["topology.json"] = json.dumps({"topology": {"leaf-a": hosts[:4], "leaf-b": hosts[4:]}}, indent=2) + "\n"
    files["squeue.txt"] = ("             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
                           f"           7702318     train pretrain  mlteam  R    4:04:48      8 gpu-p0[1-8]\n")
    label = dict(category="straggler", layer="infrastructure", culprit=None, action="restart",
                 rationale="At 11:20 the iteration time on the still-running job jumps from ~1.45 s to ~4.3 s with no "
                           "error. The RoCE counters on all eight hosts show the same PFC pause (~1.2 M/min on prio 3) "
                           "and CNP rates, under both leaves; no host stands out and no link is down. A fabric-wide "
                           "congestion problem, not one node (gpu-p06's flap is three days old).",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/378")
    return name, files, label


# =============================================================================
def case13():
    rng = random.Random(7613)
    name = "bu13_step_time_up_after_brief_port_error"
    hosts = [f"gpu-s0{i}" for i in range(1, 9)]
    nodes = [Node(h, i, 8, rng, ip=f"10.88.0.{i + 1}") for i, h in enumerate(hosts)]
    N = 64
    ver = "2.21.5"
    t_init = datetime(2024, 10, 29, 10, 0, 2)
    t_deg = datetime(2024, 10, 29, 14, 5, 9, 440000)
    t_now = datetime(2024, 10, 29, 15, 30, 0)
    t_start = datetime(2024, 10, 29, 10, 1, 30)
    per = 1618.0
    it_deg = int((t_deg - t_start).total_seconds() / (per / 1000)) // 10 * 10
    prog = dict(host="gpu-s08", start=t_start, first=10, last=20000, every=10, ms=per, total=300000,
                loss0=2.5, slow=[(it_deg, 10 ** 9, 2897.0)], stop=t_now)
    s05 = nodes[4]
    extra = {"gpu-s05": []}
    for lr in (6, 7):
        extra["gpu-s05"].append((t_deg + ms(20 + lr), [async_event(s05, lr, "mlx5_3", "port error")]))
        extra["gpu-s05"].append((t_deg + sec(2) + ms(600 + lr), [async_event(s05, lr, "mlx5_3", "port active")]))
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="ib0", net="IB", netdevs=IB4, bus=H100_BUS),
                    progress=prog, fates={}, script="pretrain_gpt.py", extra=extra)
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    lids = {}
    for n in nodes:
        ib = []
        for i in range(4):
            lid = 400 + n.idx * 8 + i
            lids[(n.host, i)] = lid
            rate = 100 if (n is s05 and i == 3) else 400
            ib += ibstat_ca(f"mlx5_{i}", "Active", "LinkUp", rate, lid, 1, guid(rng))
        files[f"{n.host}/ibstat.txt"] = "\n".join(ib) + "\n"
    sw = ["# iblinkinfo -S 0x fc6a1c0300e8a0c2 (leaf-s-01, collected 2024-10-29 15:10)",
          "Switch: 0xfc6a1c0300e8a0c2 leaf-s-01:"]
    port = 1
    for n in nodes:
        for i in range(4):
            lid = lids[(n.host, i)]
            width, spd = ("1X", "106.25 Gbps") if (n is s05 and i == 3) else ("4X", "106.25 Gbps")
            sw.append(f"          17    {port:>2}[  ] ==( {width}      {spd} Active/  LinkUp)==>     {lid:>4}    1[  ] "
                      f"\"MT4129 ConnectX7   Mellanox Technologies\" ( )")
            port += 1
    files["iblinkinfo_leaf-s-01.txt"] = "\n".join(sw) + "\n"
    files["squeue.txt"] = ("             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
                           f"           8120045     train pretrain  mlteam  R    5:29:58      8 gpu-s0[1-8]\n")
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "gpu-s05", "rank": None},
                 action="restart_without_node",
                 rationale="Iteration time rises from ~1.6 s to ~2.9 s at 14:05 and stays there with no error. The only "
                           "event is a port error/port active on gpu-s05's mlx5_3; that port came back at Rate 100 "
                           "(1X width on leaf-s-01 for LID 435) while all 31 other HCA ports run 4X/400. One degraded "
                           "link on gpu-s05 bottlenecks the ring.",
                 modelled_on="https://github.com/NVIDIA/nccl-tests/issues/106")
    return name, files, label


# =============================================================================
def case14():
    rng = random.Random(7614)
    name = "bu14_efa_remote_errors_against_one_instance"
    ips = ["10.2.3.14", "10.2.7.91", "10.2.9.33", "10.2.12.150"]
    hosts = ["ip-" + ip.replace(".", "-") for ip in ips]
    iids = ["i-0f2a81c3d9e7b4410", "i-0b73e5a90c1d2f6e8", "i-04c8d1e2f3a5b6c79", "i-0a1b9c8d7e6f50432"]
    gids = ["fe80::8d0:1eff:fe22:3c71", "fe80::8a4:77ff:fe90:1e03", "fe80::85f:c2ff:fe4b:aa10", "fe80::8e1:9dff:fe07:5b2e"]
    nodes = [Node(h, i, 8, rng, ip=ips[i]) for i, h in enumerate(hosts)]
    N = 32
    ver = "2.21.5"
    t_init = datetime(2024, 11, 11, 16, 40, 0)
    t_evt = datetime(2024, 11, 11, 20, 58, 3, 118000)
    bad = nodes[1]
    prog = dict(host=hosts[3], start=datetime(2024, 11, 11, 16, 42, 0), first=5, last=9000, every=5, ms=6020.0,
                total=50000, loss0=2.4, stop=t_evt)
    fates = {}
    # culprit's own rank on the failing device reports a local QP error
    for lr in (2, 3):
        r = bad.rank(lr)
        pid = bad.pid(lr)
        lf = (f"libfabric:{pid}:1731358684:efa:cq:efa_rdm_cq_poll_ibv_cq():503<warn> Unexpected completion error: "
              f"Internal QP error (local) (2) My EFA addr: fi_addr_efa://[{gids[1]}]:{lr}:{rng.randint(10 ** 8, 2 * 10 ** 9)} "
              f"My host id: {iids[1]}")
        w = (f"{bad.pfx(lr, 2)} nccl_net_ofi_rdma.c:1512 NCCL WARN NET/OFI Request completed with error. RC: 5. "
             "Error: Input/output error. Completed length: 0")
        pre = [(t_evt + ms(500 + lr), [lf, w])]
        dt = t_evt + sec(2) + ms(lr * 9)
        fates[r] = Fate(dt, nccl_remote_abort(r, dt, w.split("NCCL WARN ")[1], ver, rng), -6, pre=pre)
    k = 0
    for n in nodes:
        if n is bad:
            continue
        for lr in (2, 3, 6):
            r = n.rank(lr)
            pre = []
            last = None
            for j in range(rng.randint(2, 4)):
                lf = (f"libfabric:{n.pid(lr)}:{1731358686 + j}:efa:cq:efa_rdm_txe_handle_error():741<warn> err: 5, "
                      f"message: Unexpected status received from remote (12) My EFA addr: "
                      f"fi_addr_efa://[{gids[n.idx]}]:{lr}:{rng.randint(10 ** 8, 2 * 10 ** 9)} My host id: {iids[n.idx]} "
                      f"Peer EFA addr: fi_addr_efa://[{gids[1]}]:{lr}:{rng.randint(10 ** 8, 2 * 10 ** 9)} Peer host id: {iids[1]}")
                w = (f"{n.pfx(lr, 2)} nccl_net_ofi_rdma.c:1512 NCCL WARN NET/OFI Request completed with error. RC: 5. "
                     "Error: Input/output error. Completed length: 0")
                pre.append((t_evt + sec(3) + ms(k * 7 + j * 3), [lf, w]))
                last = w.split("NCCL WARN ")[1]
            k += 1
            dt = t_evt + sec(4) + ms(k * 11)
            fates[r] = Fate(dt, nccl_remote_abort(r, dt, last, ver, rng), -6, pre=pre)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="enp71s0", net="OFI", netdevs=32, bus=H100_BUS),
                    progress=prog, fates=fates, script="train.py")
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    tab = ["$ aws ec2 describe-instances --filters Name=tag:cluster,Values=llm-p5 --query 'Reservations[].Instances[].[InstanceId,PrivateIpAddress,PrivateDnsName,State.Name]' --output table",
           "-------------------------------------------------------------------------------------",
           "|                                 DescribeInstances                                 |",
           "+----------------------+--------------+---------------------------------+----------+"]
    order = [2, 0, 3, 1]
    for i in order:
        tab.append(f"|  {iids[i]:<20}|  {ips[i]:<12}|  {hosts[i] + '.ec2.internal':<31}|  running |")
    tab.append("+----------------------+--------------+---------------------------------+----------+")
    files["instances.txt"] = "\n".join(tab) + "\n"
    ck = Clock(datetime(2024, 11, 10, 19, 30, 11))
    files[f"{hosts[1]}/dmesg.txt"] = "\n".join([
        ck.dmesg(datetime(2024, 11, 11, 16, 39, 40), "efa 0000:85:00.0: Setup irq:0xffff9d0f31a08000 vector:201 name:efa-mgmnt@pci:0000:85:00.0"),
        ck.dmesg(t_evt, "infiniband rdmap85s0: Failed to process command CREATE_AH (opcode 11) comp_status 7 err -110"),
        ck.dmesg(t_evt + ms(2), "infiniband rdmap85s0: Failed to create ah for ::ffff:0.0.0.0 [-110]"),
        ck.dmesg(t_evt + ms(1900), "infiniband rdmap85s0: Failed to process command DESTROY_QP (opcode 4) comp_status 7 err -110"),
        ck.dmesg(t_evt + ms(1950), "infiniband rdmap85s0: Failed to process command DESTROY_QP (opcode 4) comp_status 7 err -110"),
        ck.dmesg(t_evt + sec(31), "infiniband rdmap85s0: Failed to process command DEALLOC_PD (opcode 15) comp_status 7 err -110"),
    ]) + "\n"
    ck3 = Clock(datetime(2024, 11, 10, 19, 30, 54))
    files[f"{hosts[2]}/dmesg.txt"] = "\n".join([
        ck3.dmesg(datetime(2024, 11, 11, 16, 39, 41), "efa 0000:85:00.0: Setup irq:0xffff8c2a77e14000 vector:199 name:efa-mgmnt@pci:0000:85:00.0"),
        ck3.dmesg(datetime(2024, 11, 11, 18, 2, 20), "hrtimer: interrupt took 11230 ns"),
    ]) + "\n"
    label = dict(category="network", layer="infrastructure", culprit={"node": "ip-10-2-7-91", "rank": None},
                 action="restart_without_node",
                 rationale="Every remote-status error on the other three instances names Peer host id "
                           "i-0b73e5a90c1d2f6e8, which instances.txt maps to 10.2.7.91 / ip-10-2-7-91. That host's "
                           "EFA device rdmap85s0 starts timing out admin commands (CREATE_AH, DESTROY_QP) at 20:58:03, "
                           "before any NCCL error, and its own ranks report an internal local QP error.",
                 modelled_on="https://github.com/aws/aws-ofi-nccl/issues/346")
    return name, files, label


CASES = [case08, case09, case10, case11, case12, case13, case14]
