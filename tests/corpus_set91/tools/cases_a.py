"""Cases cj01-cj07: InfiniBand/Ethernet accusations and rendezvous addresses."""
from common import (Bundle, T, plus, glog, elastic, dmesg_t, syslog, uptime, iso,
                    ib_cqe, ib_cqe_text, nccl_remote_error, watchdog_timeout,
                    ip_addr, ibstat_ca, guid, mac, ib_hw, ib_gid, sacct, HCA_PCI,
                    HCAS, perfquery, TORCHRUN_TB, torchrun_table)
from gpujob import GpuJob, node_header, train_lines, sbatch_head


def _ibstat_node(rng, down=None, rates=None):
    L = []
    for i, ca in enumerate(HCAS):
        if down and i in down:
            st, ph = down[i]
            L += ibstat_ca(ca, guid(rng), state=st, phys=ph, lid=rng.randint(100, 1900))
        else:
            L += ibstat_ca(ca, guid(rng), lid=rng.randint(100, 1900),
                           rate=(rates or {}).get(i, 400))
    return L


def _ipaddr_ib(rng, mgmt_ip, ib_ip, ib_state="UP", eth_name="eno1"):
    return ip_addr([
        {"kind": "loopback"},
        {"name": eth_name, "inet": mgmt_ip, "mtu": 1500, "mac": mac(rng, "3c:ec:ef")},
        {"name": "ib0", "kind": "infiniband", "inet": ib_ip, "state": ib_state, "mac": ib_hw(rng)},
    ])


# --------------------------------------------------------------------- cj01
def cj01():
    b = Bundle("cj01_ib_status12_completions_naming_one_peer_address", 9101)
    r = b.rng
    hosts = ["gpu-b04", "gpu-b05", "gpu-b06", "gpu-b07"]
    ib = ["10.8.3.74", "10.8.3.75", "10.8.3.76", "10.8.3.77"]
    mg = ["10.2.3.74", "10.2.3.75", "10.2.3.76", "10.2.3.77"]
    j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib])
    jobid = 481733
    t0 = T(2024, 10, 22, 9, 12, 4)
    tr = plus(t0, 212)
    step = 6.02
    t_down = T(2024, 10, 22, 13, 47, 36)
    last_it = int((t_down - tr).total_seconds() / step)
    t_err = plus(t_down, 31)
    gids = [[ib_gid(r) for _ in range(8)] for _ in hosts]

    logs = {}
    for hi, h in enumerate(hosts):
        logs[h] = node_header(j, hi, plus(t0, 6))
    # gpu-b07 local rank 0: port error, then flush errors against its ring neighbour
    h7 = 3
    pre7 = "%s:%d:%d [0]" % (hosts[h7], j.pids[h7][0], j.tids[h7][0] + 3)
    logs[hosts[h7]] += ["", "%s transport/net_ib.cc:93 NCCL WARN NET/IB : mlx5_0:1 Got async event : port error" % pre7, ""]
    cq7 = ib_cqe_text("10.8.3.76", 50817, 5, 32661, 249, "Recv", gids[3][0], gids[2][0])
    logs[hosts[h7]] += ib_cqe(hosts[h7], j.pids[h7][0], j.tids[h7][0], 0, "10.8.3.76", 50817, 5, 32661, 249, "Recv", gids[3][0], gids[2][0])
    logs[hosts[h7]] += nccl_remote_error(24, plus(t_err, 1.8), r, cq7)
    # accusers: local rank 0 on the other three nodes, status=12 naming 10.8.3.77
    first_err = {}
    for hi in range(3):
        port = 41731 + hi * 977
        kind = "Send" if hi != 2 else "Recv"
        op = 0 if kind == "Send" else 129
        logs[hosts[hi]] += ib_cqe(hosts[hi], j.pids[hi][0], j.tids[hi][0], 0, "10.8.3.77", port, 12, op, 129, kind,
                                  gids[hi][0], gids[3][0])
        txt = ib_cqe_text("10.8.3.77", port, 12, op, 129, kind, gids[hi][0], gids[3][0])
        te = plus(t_err, 0.2 + hi * 0.4)
        first_err[hi] = te
        logs[hosts[hi]] += nccl_remote_error(j.rank(hi, 0), te, r, txt)
    first_err[3] = plus(t_err, 1.8)
    script = "pretrain_gpt.py"
    for hi, h in enumerate(hosts):
        tk = plus(first_err[hi], 2.3)
        logs[h] += j.sigterm_lines(hi, tk, skip=(0,))
        logs[h].append(j.failed_line(hi, 0, plus(tk, 1.1), -6))
        fl = [(0, plus(first_err[hi], 0.6), -6)] + [(lr, plus(tk, 1.0), -15) for lr in range(1, 8)]
        logs[h] += j.child_failed(hi, script, fl)
        b.w("%s/stdout.log" % h, logs[h])

    # kernel logs
    boot = T(2024, 10, 17, 6, 40, 11)
    d7 = [
        "%s mlx5_core 0000:1a:00.0: firmware version: 28.39.2048" % dmesg_t(plus(boot, 14)),
        "%s mlx5_core 0000:1a:00.0: 400.000 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)" % dmesg_t(plus(boot, 14)),
        "%s mlx5_core 0000:1a:00.0: Port module event: module 0, Cable plugged" % dmesg_t(plus(boot, 15)),
        "%s IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready" % dmesg_t(plus(boot, 31)),
        "%s nvidia-peermem nv_mem_main_init:261 (pid 4417): nvidia-peermem loaded" % dmesg_t(plus(boot, 42)),
        "%s mlx5_core 0000:1a:00.0: mlx5_port_module_event:1153:(pid 0): Port module event: module 0, Cable unplugged" % dmesg_t(t_down),
        "%s mlx5_core 0000:1a:00.0: mlx5_port_state_change: port 1 port_state change to DOWN (phys state: Polling)" % dmesg_t(plus(t_down, 1)),
        "%s mlx5_core 0000:1a:00.0 ib0: Link down" % dmesg_t(plus(t_down, 1)),
        "%s mlx5_core 0000:1a:00.0: mlx5_port_module_event:1153:(pid 0): Port module event: module 0, Cable plugged" % dmesg_t(plus(t_down, 212)),
        "%s mlx5_core 0000:1a:00.0: mlx5_port_module_event:1153:(pid 0): Port module event: module 0, Cable unplugged" % dmesg_t(plus(t_down, 219)),
    ]
    b.w("gpu-b07/dmesg.txt", d7)
    b.w("gpu-b05/dmesg.txt", [
        "%s mlx5_core 0000:5f:00.0: firmware version: 28.39.2048" % dmesg_t(plus(boot, 14)),
        "%s IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready" % dmesg_t(plus(boot, 30)),
        "%s mlx5_core 0000:5f:00.0: mlx5_cmd_out_err:838:(pid 151823): QUERY_VPORT_COUNTER(0x770) op_mod(0x0) failed, status bad parameter(0x3), syndrome (0x6eefa2), err(-22)" % dmesg_t(T(2024, 10, 22, 11, 2, 17)),
    ])
    for hi in (0, 2):
        b.w("%s/dmesg.txt" % hosts[hi], [
            "%s mlx5_core %s: firmware version: 28.39.2048" % (dmesg_t(plus(boot, 14)), HCA_PCI[0]),
            "%s IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready" % dmesg_t(plus(boot, 29 + hi)),
            "%s nvidia-peermem nv_mem_main_init:261 (pid 4391): nvidia-peermem loaded" % dmesg_t(plus(boot, 41)),
        ])
    for hi, h in enumerate(hosts):
        down = {0: ("Down", "Polling")} if hi == 3 else None
        b.w("%s/ibstat.txt" % h, _ibstat_node(r, down))
        b.w("%s/ip-addr.txt" % h, _ipaddr_ib(r, mg[hi] + "/22", ib[hi] + "/16"))

    # slurm output (rank 31 prints the iteration lines; srun --label)
    so = ["MASTER_ADDR=gpu-b04 MASTER_PORT=29500 NNODES=4 GPUS_PER_NODE=8",
          "NCCL_SOCKET_IFNAME=ib0 NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_7 NCCL_IB_TIMEOUT=20 NCCL_IB_RETRY_CNT=7"]
    so += ["3: " + x for x in train_lines(tr, 1, last_it, step, 50000, 2048, 50, r)]
    so += ["0: " + x for x in nccl_remote_error(0, first_err[0], r, ib_cqe_text("10.8.3.77", 41731, 12, 0, 129, "Send", gids[0][0], gids[3][0]))[:4]]
    so += [
        "srun: error: gpu-b05: task 1: Exited with exit code 1",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** STEP %d.0 ON gpu-b04 CANCELLED AT %s ***" % (jobid, iso(plus(t_err, 6))),
        "srun: error: gpu-b04: task 0: Exited with exit code 1",
        "srun: error: gpu-b07: task 3: Exited with exit code 1",
        "srun: error: gpu-b06: task 2: Exited with exit code 1",
    ]
    b.w("slurm-%d.out" % jobid, so)
    b.w("sacct.txt", sacct(jobid, [
        (str(jobid), "gpt13b-pt", "h100", "llm-pre", 384, "FAILED", "1:0"),
        ("%d.batch" % jobid, "batch", "", "llm-pre", 96, "FAILED", "1:0"),
        ("%d.0" % jobid, "torchrun", "", "llm-pre", 384, "FAILED", "1:0"),
    ]))
    b.w("job.sbatch", sbatch_head(jobid, "gpt13b-pt", 4) + [
        "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "export MASTER_PORT=29500",
        "export NCCL_SOCKET_IFNAME=ib0",
        "export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_7",
        "export NCCL_DEBUG=INFO",
        "srun --label torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT \\",
        "    pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 1 --global-batch-size 2048 --log-interval 50",
    ])
    b.j("topology.json", {"topology": {"ib-leaf-07": ["gpu-b04", "gpu-b05"], "ib-leaf-08": ["gpu-b06", "gpu-b07"]}})
    b.set_label("network", "infrastructure", {"node": "gpu-b07", "rank": None}, "restart_without_node",
                "Ranks on gpu-b04/b05/b06 report IB status=12 (retry exceeded) from peer 10.8.3.77, which the NCCL OOB line and ip addr map to gpu-b07; "
                "gpu-b07's own dmesg shows mlx5_0 cable unplugged / port DOWN seconds earlier and ibstat shows it still Down, so its status=5 flush errors against 10.8.3.76 are a consequence.",
                "https://github.com/NVIDIA/nccl/issues/1405")
    return b


# --------------------------------------------------------------------- cj02
def cj02():
    b = Bundle("cj02_socket_transport_recv_timeouts_then_resets_between_nodes", 9102)
    r = b.rng
    hosts = ["ml-c11", "ml-c12", "ml-c13", "ml-c14"]
    ips = ["10.20.1.11", "10.20.1.12", "10.20.1.13", "10.20.1.14"]
    ifn = "enp65s0f0np0"
    j = GpuJob(b, hosts, ifn, ips, net="Socket", gpn=4, version="2.20.5+cuda12.4")
    t0 = T(2024, 8, 14, 1, 3, 50)
    tr = plus(t0, 95)
    step = 1.84
    t_down = T(2024, 8, 14, 3, 12, 44)
    t_up = T(2024, 8, 14, 3, 16, 20)
    last = int((t_down - tr).total_seconds() / step)
    logs = {h: node_header(j, hi, plus(t0, 3)) for hi, h in enumerate(hosts)}
    # first symptoms: recv timeouts naming 10.20.1.14 on the other three nodes
    t_to = plus(t_down, 127)
    errs = {}
    for hi in range(3):
        for lr in (1, 3) if hi != 1 else (0, 2):
            pre = "%s:%d:%d [%d]" % (hosts[hi], j.pids[hi][lr], j.tids[hi][lr] + 2, lr)
            port = 51000 + r.randint(100, 900)
            logs[hosts[hi]] += [
                "",
                "%s misc/socket.cc:64 NCCL WARN socketProgressOpt: Call to recv from 10.20.1.14<%d> failed : Connection timed out" % (pre, port),
                "%s NCCL INFO misc/socket.cc:80 -> 6" % pre,
                "%s NCCL INFO misc/socket.cc:829 -> 6" % pre,
                "%s NCCL INFO transport/net_socket.cc:520 -> 6" % pre,
                "%s NCCL INFO transport/net.cc:1302 -> 6" % pre,
                "%s NCCL INFO proxy.cc:698 -> 6" % pre,
                "%s NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % pre,
            ]
            rk = j.rank(hi, lr)
            te = plus(t_to, r.uniform(0.1, 2.5))
            errs.setdefault(hi, te)
            logs[hosts[hi]] += nccl_remote_error(rk, te, r, "socketProgressOpt: Call to recv from 10.20.1.14<%d> failed : Connection timed out" % port, version="2.20.5")
    # after the link comes back, ml-c14's stale sockets are reset by the peers that already exited
    for lr in range(4):
        pre = "%s:%d:%d [%d]" % (hosts[3], j.pids[3][lr], j.tids[3][lr] + 2, lr)
        peer = ips[lr % 3]
        port = 43000 + r.randint(100, 900)
        logs[hosts[3]] += [
            "",
            "%s misc/socket.cc:64 NCCL WARN socketProgressOpt: Call to recv from %s<%d> failed : Connection reset by peer" % (pre, peer, port),
            "%s NCCL INFO misc/socket.cc:80 -> 6" % pre,
            "%s NCCL INFO transport/net_socket.cc:520 -> 6" % pre,
            "%s NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % pre,
        ]
        logs[hosts[3]] += nccl_remote_error(j.rank(3, lr), plus(t_up, 1.4 + lr * 0.2), r,
                                            "socketProgressOpt: Call to recv from %s<%d> failed : Connection reset by peer" % (peer, port), version="2.20.5")
    errs[3] = plus(t_up, 1.4)
    for hi, h in enumerate(hosts):
        tk = plus(errs[hi], 1.9)
        logs[h] += j.sigterm_lines(hi, tk)
        logs[h] += j.child_failed(hi, "train_sft.py", [(0 if hi == 1 or hi == 3 else 1, plus(errs[hi], 0.5), -6)] +
                                  [(lr, plus(tk, 1), -15) for lr in range(4) if lr != (0 if hi in (1, 3) else 1)])
        b.w("%s/stdout.log" % h, logs[h])
    hosts_txt = ["127.0.0.1   localhost", "::1         localhost ip6-localhost ip6-loopback", "",
                 "# cluster c (25GbE data network)"] + ["%s   %s.lab.internal %s" % (ips[i], hosts[i], hosts[i]) for i in range(4)] + \
                ["10.20.0.5    nfs-c.lab.internal nfs-c", "10.20.0.2    slurmctl-c.lab.internal slurmctl-c"]
    b.w("ml-c11/etc_hosts.txt", hosts_txt)
    boot = T(2024, 8, 2, 22, 10, 0)
    k14 = [
        "%s kernel: %s mlx5_core 0000:41:00.0 %s: Link up" % (syslog(plus(boot, 33), "ml-c14"), uptime(plus(boot, 33), boot), ifn),
        "%s kernel: %s mlx5_core 0000:41:00.0 %s: Link down" % (syslog(t_down, "ml-c14"), uptime(t_down, boot), ifn),
        "%s kernel: %s mlx5_core 0000:41:00.0: mlx5_port_module_event:1153:(pid 0): Port module event[error]: module 0, Cable error, Bad or shorted cable/module" % (syslog(t_down, "ml-c14"), uptime(plus(t_down, 0.3), boot)),
        "%s systemd-networkd[1731]: %s: Lost carrier" % (syslog(plus(t_down, 1), "ml-c14"), ifn),
        "%s kernel: %s mlx5_core 0000:41:00.0 %s: Link up" % (syslog(t_up, "ml-c14"), uptime(t_up, boot), ifn),
        "%s systemd-networkd[1731]: %s: Gained carrier" % (syslog(plus(t_up, 1), "ml-c14"), ifn),
    ]
    b.w("ml-c14/kern.log", k14)
    b.w("ml-c12/kern.log", [
        "%s kernel: %s mlx5_core 0000:41:00.0 %s: Link up" % (syslog(plus(boot, 31), "ml-c12"), uptime(plus(boot, 31), boot), ifn),
        "%s kernel: %s nvidia-modeset: WARNING: GPU:0: Unable to read EDID for display device DFP-0" % (syslog(plus(boot, 60), "ml-c12"), uptime(plus(boot, 60), boot)),
    ])
    b.w("ml-c14/ethtool-S.txt", ["NIC statistics:", "     rx_packets: 8816623419", "     tx_packets: 8790112034",
                                  "     link_down_events_phy: 3", "     rx_crc_errors_phy: 18822", "     rx_symbol_err_phy: 41107",
                                  "     tx_timeout: 0", "     module_unplug: 0", "     module_bad_shorted: 2"])
    b.w("ml-c12/ethtool-S.txt", ["NIC statistics:", "     rx_packets: 8813901277", "     tx_packets: 8801447113",
                                  "     link_down_events_phy: 0", "     rx_crc_errors_phy: 0", "     rx_symbol_err_phy: 0",
                                  "     tx_timeout: 0", "     module_unplug: 0", "     module_bad_shorted: 0"])
    so = ["+ torchrun --nnodes 4 --nproc-per-node 4 --rdzv-backend c10d --rdzv-endpoint ml-c11:29400 train_sft.py --config configs/sft_34b.yaml"]
    so += ["%s {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % ("", 1.2 - i * 0.004 + r.uniform(-0.02, 0.02), 0.8 + r.uniform(0, 0.3), 1.5e-5, i * 0.011)
           for i in range(1, last // 100)]
    so += ["srun: error: ml-c12: task 1: Exited with exit code 1",
           "srun: error: ml-c11: task 0: Exited with exit code 1",
           "srun: error: ml-c13: task 2: Exited with exit code 1",
           "srun: error: ml-c14: task 3: Exited with exit code 1"]
    b.w("slurm-220418.out", so)
    b.set_label("network", "infrastructure", {"node": "ml-c14", "rank": None}, "restart_without_node",
                "The first NCCL socket errors on three nodes are recv timeouts from 10.20.1.14, which /etc/hosts maps to ml-c14; ml-c14's kernel log shows its data NIC "
                "losing link (bad/shorted cable) at 03:12:44 until 03:16:20, and its later 'reset by peer' errors only follow the others' exit.",
                "https://github.com/NVIDIA/nccl/issues/193")
    return b


# --------------------------------------------------------------------- cj03
def _cpp_info(t, src, msg, rng, lvl="I"):
    return "%s %s" % (glog(lvl, t, src, rng), msg)


def cj03():
    b = Bundle("cj03_rendezvous_store_unreachable_from_one_node", 9103)
    r = b.rng
    hosts = ["gpu-d01", "gpu-d02", "gpu-d03", "gpu-d04"]
    data = ["10.4.0.11", "10.4.0.12", "10.4.0.13", "10.4.0.14"]
    mgmt = ["10.0.0.41", "10.0.0.42", "10.0.0.43", "10.0.0.44"]
    jobid = 590274
    t0 = T(2024, 11, 5, 8, 1, 30)
    agents = [r.randint(40000, 60000) for _ in hosts]
    logs = {}
    for hi, h in enumerate(hosts):
        a = agents[hi]
        L = ["%s Starting elastic_operator with launch configs:" % elastic("I", plus(t0, 2), a, "torch/distributed/launcher/api.py:188"),
             "  entrypoint       : train.py",
             "  min_nodes        : 4",
             "  max_nodes        : 4",
             "  nproc_per_node   : 8",
             "  run_id           : %d" % jobid,
             "  rdzv_backend     : c10d",
             "  rdzv_endpoint    : 10.4.0.11:29500",
             "  rdzv_configs     : {'timeout': 900}",
             "  max_restarts     : 0",
             "  monitor_interval : 0.1",
             "  log_dir          : /tmp/torchelastic_%s" % "".join(r.choice("abcdefghijklmnopqrstuvwxyz0123456789_") for _ in range(8)),
             "  metrics_cfg      : {}", ""]
        logs[h] = L
    # master: store server listening, accepts d02 and d04 (and itself)
    tm = plus(t0, 3)
    logs["gpu-d01"] += [
        _cpp_info(tm, "socket.cpp:440", "[c10d - debug] The server socket will attempt to listen on an IPv6 address.", r),
        _cpp_info(tm, "socket.cpp:564", "[c10d] The server socket has started to listen on [::]:29500.", r),
        _cpp_info(plus(tm, 0.01), "socket.cpp:787", "[c10d] The client socket has connected to [gpu-d01]:29500 on [gpu-d01]:42218.", r),
        _cpp_info(plus(tm, 0.4), "socket.cpp:293", "[c10d - debug] The server socket on [::]:29500 has accepted a connection from [gpu-d02]:50116.", r),
        _cpp_info(plus(tm, 0.9), "socket.cpp:293", "[c10d - debug] The server socket on [::]:29500 has accepted a connection from [gpu-d04]:38840.", r),
        "%s The node 'gpu-d01_%d_0' has joined round 0 of the c10d rendezvous '%d' as rank 0 in a world of size 4." % (elastic("I", plus(tm, 1), agents[0], "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1178"), agents[0], jobid),
    ]
    for hi in (1, 3):
        h = hosts[hi]
        tt = plus(tm, 0.4 if hi == 1 else 0.9)
        logs[h] += [
            _cpp_info(tt, "socket.cpp:787", "[c10d] The client socket has connected to [10.4.0.11]:29500 on [%s]:%d." % (h, 50116 if hi == 1 else 38840), r),
        ]
    # d03: no route to host, repeated, then RendezvousConnectionError
    a3 = agents[2]
    L = []
    for k in range(12):
        tk = plus(tm, 3.1 * k + 0.2)
        L.append("%s [c10d] The client socket has failed to connect to [10.4.0.11]:29500 (errno: 113 - No route to host)." % glog("W", tk, "socket.cpp:752", r))
    t_fail3 = plus(tm, 61)
    L += ["%s The connection to the C10d store has failed. See inner exception for details." % elastic("E", t_fail3, a3, "torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py:182") ]
    L += TORCHRUN_TB[:11] + [
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 232, in launch_agent',
        "    rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 269, in create_backend',
        "    store = _create_tcp_store(params)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 183, in _create_tcp_store',
        "    raise RendezvousConnectionError(",
        "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",
    ]
    logs["gpu-d03"] += L
    # others wait and time out
    t_to = plus(tm, 901)
    for hi in (0, 1, 3):
        h = hosts[hi]
        a = agents[hi]
        logs[h] += [
            "%s [default] Rendezvous'ing worker group" % elastic("I", plus(tm, 1.2), a, "torch/distributed/elastic/agent/server/api.py:860"),
        ]
        logs[h] += TORCHRUN_TB[:11] + [
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1141, in next_rendezvous',
            "    self._op_executor.run(join_op, deadline, self._get_deadline)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 668, in run',
            "    raise RendezvousTimeoutError",
            "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
        ]
    for h in hosts:
        b.w("%s/torchrun.log" % h, logs[h])
    # ip addr on all nodes; d03's data NIC has no carrier
    for hi, h in enumerate(hosts):
        st = "DOWN" if hi == 2 else "UP"
        b.w("%s/ip-addr.txt" % h, ip_addr([
            {"kind": "loopback"},
            {"name": "eno1", "inet": mgmt[hi] + "/24", "mtu": 1500, "mac": mac(r, "3c:ec:ef")},
            {"name": "ens2f0", "inet": data[hi] + "/22", "state": st, "mac": mac(r, "b4:96:91"), "altname": "enp49s0f0"},
        ]))
    boot = T(2024, 10, 29, 14, 2, 51)
    b.w("gpu-d03/dmesg.txt", [
        "%s ice 0000:31:00.0: The DDP package was successfully loaded: ICE OS Default Package version 1.3.36.0" % dmesg_t(plus(boot, 9)),
        "%s ice 0000:31:00.0 ens2f0: NIC Link is up 100 Gbps Full Duplex, Requested FEC: RS-FEC, Negotiated FEC: RS-FEC, Autoneg Advertised: On, Autoneg Negotiated: False, Flow Control: None" % dmesg_t(plus(boot, 21)),
        "%s ice 0000:31:00.0 ens2f0: NIC Link is Down" % dmesg_t(T(2024, 11, 5, 7, 58, 2)),
        "%s ice 0000:31:00.0: Module is not present" % dmesg_t(T(2024, 11, 5, 7, 58, 2)),
    ])
    b.w("gpu-d01/dmesg.txt", [
        "%s ice 0000:31:00.0 ens2f0: NIC Link is up 100 Gbps Full Duplex, Requested FEC: RS-FEC, Negotiated FEC: RS-FEC, Autoneg Advertised: On, Autoneg Negotiated: False, Flow Control: None" % dmesg_t(plus(boot, 20)),
        "%s nvidia-nvswitch0: open (major=508)" % dmesg_t(plus(boot, 44)),
    ])
    so = ["Nodes: gpu-d[01-04]  head: gpu-d01 (10.4.0.11)",
          "srun: error: gpu-d03: task 2: Exited with exit code 1",
          "srun: error: gpu-d01: task 0: Exited with exit code 1",
          "srun: error: gpu-d02: task 1: Exited with exit code 1",
          "srun: error: gpu-d04: task 3: Exited with exit code 1"]
    b.w("slurm-%d.out" % jobid, so)
    b.w("job.sbatch", sbatch_head(jobid, "vit-h-ft", 4) + [
        "export TORCH_CPP_LOG_LEVEL=INFO",
        "head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "head_ip=$(srun -N1 -n1 -w $head ip -4 -o addr show ens2f0 | awk '{print $4}' | cut -d/ -f1)",
        'echo "Nodes: $SLURM_JOB_NODELIST  head: $head ($head_ip)"',
        "srun torchrun --nnodes 4 --nproc-per-node 8 --rdzv-id $SLURM_JOB_ID --rdzv-backend c10d --rdzv-endpoint $head_ip:29500 train.py",
    ])
    b.set_label("network", "infrastructure", {"node": "gpu-d03", "rank": None}, "restart_without_node",
                "Only gpu-d03 fails to reach the rendezvous store 10.4.0.11:29500 (No route to host); 10.4.0.11 is gpu-d01, which is listening and accepted gpu-d02 and gpu-d04. "
                "gpu-d03's own data NIC ens2f0 lost link (module not present) before the job and ip addr shows NO-CARRIER, so the caller is at fault, not the master.",
                "https://github.com/pytorch/pytorch/issues/69197")
    return b


# --------------------------------------------------------------------- cj04
def cj04():
    b = Bundle("cj04_every_node_times_out_connecting_to_10_6_2_99_29500", 9104)
    r = b.rng
    hosts = ["gpu-n21", "gpu-n22", "gpu-n23", "gpu-n24"]
    ips = ["10.6.2.21", "10.6.2.22", "10.6.2.23", "10.6.2.24"]
    jobid = 613390
    t0 = T(2024, 11, 8, 19, 30, 12)
    agents = [r.randint(20000, 70000) for _ in hosts]
    for hi, h in enumerate(hosts):
        a = agents[hi]
        L = ["%s master_addr is only used for static rdzv_backend and when rdzv_endpoint is not specified." % elastic("W", plus(t0, 1), a, "torch/distributed/run.py:757")] if False else []
        L += ["%s Starting elastic_operator with launch configs:" % elastic("I", plus(t0, 2), a, "torch/distributed/launcher/api.py:188"),
              "  entrypoint       : finetune.py", "  min_nodes        : 4", "  max_nodes        : 4", "  nproc_per_node   : 8",
              "  run_id           : none", "  rdzv_backend     : static", "  rdzv_endpoint    : 10.6.2.99:29500",
              "  rdzv_configs     : {'rank': %d, 'timeout': 900}" % hi, "  max_restarts     : 0", "  monitor_interval : 0.1",
              "  log_dir          : None", "  metrics_cfg      : {}", ""]
        for k in range(0, 880, 60):
            L.append("%s [c10d] The client socket has failed to connect to [10.6.2.99]:29500 (errno: 113 - No route to host)." % glog("W", plus(t0, 5 + k + r.uniform(0, 2)), "socket.cpp:752", r))
        L += TORCHRUN_TB[:11] + [
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 255, in launch_agent',
            "    result = agent.run()",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py", line 55, in next_rendezvous',
            "    self._store = TCPStore(  # type: ignore[call-arg]",
            "torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to connect to (10.6.2.99, 29500).",
        ]
        b.w("%s/torchrun.log" % h, L)
        b.w("%s/ip-addr.txt" % h, ip_addr([
            {"kind": "loopback"},
            {"name": "eth0", "inet": ips[hi] + "/24", "mac": mac(r, "b8:3f:d2"), "altname": "enp25s0f0np0"},
            {"name": "ib0", "kind": "infiniband", "inet": "10.8.2.%d/16" % (21 + hi), "mac": ib_hw(r)},
        ]))
    b.w("gpu-n21/etc_hosts.txt", ["127.0.0.1 localhost"] + ["%s %s" % (ips[i], hosts[i]) for i in range(4)] +
        ["10.6.2.%d gpu-n%d" % (i, i) for i in range(25, 33)])
    b.w("job.sbatch", sbatch_head(jobid, "llama-ft", 4) + [
        "# head node from last week's reservation; keep it fixed so the wandb run id stays stable",
        "export MASTER_ADDR=10.6.2.99",
        "export MASTER_PORT=29500",
        "srun torchrun --nnodes 4 --nproc-per-node 8 --node-rank $SLURM_NODEID --master-addr $MASTER_ADDR --master-port $MASTER_PORT finetune.py --cfg cfg/llama3_8b_lora.yaml",
    ])
    b.w("slurm-%d.out" % jobid, ["JobId=%d NodeList=gpu-n[21-24]" % jobid,
                                 "srun: error: gpu-n23: task 2: Exited with exit code 1",
                                 "srun: error: gpu-n21: task 0: Exited with exit code 1",
                                 "srun: error: gpu-n22: task 1: Exited with exit code 1",
                                 "srun: error: gpu-n24: task 3: Exited with exit code 1"])
    b.w("sacct.txt", sacct(jobid, [(str(jobid), "llama-ft", "h100", "nlp-ft", 384, "FAILED", "1:0"),
                                   ("%d.batch" % jobid, "batch", "", "nlp-ft", 96, "FAILED", "1:0"),
                                   ("%d.0" % jobid, "torchrun", "", "nlp-ft", 384, "FAILED", "1:0")]))
    b.set_label("user_code", "script", None, "stop",
                "All four nodes, including the would-be master, time out connecting to 10.6.2.99:29500; no node in the allocation has that address (ip addr shows 10.6.2.21-24) "
                "and job.sbatch hard-codes MASTER_ADDR from an old reservation, so the job configuration is wrong and a retry cannot help.",
                "https://github.com/pytorch/pytorch/issues/76367")
    return b


# --------------------------------------------------------------------- cj05
def cj05():
    b = Bundle("cj05_ib_retry_errors_across_eight_nodes_naming_different_peers", 9105)
    r = b.rng
    hosts = ["gpu-e%02d" % i for i in range(1, 9)]
    ib = ["10.8.4.%d" % (50 + i) for i in range(1, 9)]
    j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib])
    jobid = 702211
    t0 = T(2024, 12, 1, 20, 2, 40)
    tr = plus(t0, 260)
    step = 9.7
    t_down = T(2024, 12, 2, 2, 14, 7)
    t_up = plus(t_down, 102)
    last = int((t_down - tr).total_seconds() / step)
    t_err = plus(t_down, 32)
    gids = [[ib_gid(r) for _ in range(8)] for _ in hosts]
    logs = {h: node_header(j, hi, plus(t0, 5)) for hi, h in enumerate(hosts)}
    ferr = {}
    for hi, h in enumerate(hosts):
        if hi < 4:
            # leaf-e1 nodes accuse peers behind leaf-e2
            for lr in (0, 3, 5):
                peer = 4 + (hi + lr) % 4
                port = 40000 + r.randint(0, 20000)
                logs[h] += ib_cqe(h, j.pids[hi][lr], j.tids[hi][lr], lr, ib[peer], port, 12, 0, 129, "Send", gids[hi][lr], gids[peer][lr])
                te = plus(t_err, r.uniform(0, 3))
                ferr[hi] = min(ferr.get(hi, te), te)
                logs[h] += nccl_remote_error(j.rank(hi, lr), te, r, ib_cqe_text(ib[peer], port, 12, 0, 129, "Send", gids[hi][lr], gids[peer][lr]))
        else:
            for lr in (1, 6):
                pre = "%s:%d:%d [%d]" % (h, j.pids[hi][lr], j.tids[hi][lr] + 3, lr)
                logs[h] += ["", "%s transport/net_ib.cc:93 NCCL WARN NET/IB : %s:1 Got async event : port error" % (pre, HCAS[lr]), ""]
                peer = (hi + lr) % 4
                port = 40000 + r.randint(0, 20000)
                logs[h] += ib_cqe(h, j.pids[hi][lr], j.tids[hi][lr], lr, ib[peer], port, 12, 129, 129, "Recv", gids[hi][lr], gids[peer][lr])
                te = plus(t_err, r.uniform(0.5, 3))
                ferr[hi] = min(ferr.get(hi, te), te)
                logs[h] += nccl_remote_error(j.rank(hi, lr), te, r, ib_cqe_text(ib[peer], port, 12, 129, 129, "Recv", gids[hi][lr], gids[peer][lr]))
    for hi, h in enumerate(hosts):
        tk = plus(ferr[hi], 2)
        logs[h] += j.sigterm_lines(hi, tk, skip=(0,) if hi < 4 else (1,))
        lr0 = 0 if hi < 4 else 1
        logs[h] += j.child_failed(hi, "pretrain_gpt.py", [(lr0, plus(ferr[hi], 0.4), -6)] + [(lr, plus(tk, 1), -15) for lr in range(8) if lr != lr0])
        b.w("%s/stdout.log" % h, logs[h])
    boot = T(2024, 11, 20, 9, 0, 0)
    for hi, h in enumerate(hosts):
        d = ["%s mlx5_core %s: firmware version: 28.39.2048" % (dmesg_t(plus(boot, 14)), HCA_PCI[0]),
             "%s IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready" % dmesg_t(plus(boot, 30))]
        if hi >= 4:
            for i in range(8):
                d.append("%s mlx5_core %s: mlx5_port_state_change: port 1 port_state change to DOWN (phys state: Polling)" % (dmesg_t(plus(t_down, (i * 0.13) // 1)), HCA_PCI[i]))
            d.append("%s mlx5_core %s ib0: Link down" % (dmesg_t(t_down), HCA_PCI[0]))
            for i in range(8):
                d.append("%s mlx5_core %s: mlx5_port_state_change: port 1 port_state change to ACTIVE" % (dmesg_t(plus(t_up, i // 3)), HCA_PCI[i]))
            d.append("%s mlx5_core %s ib0: Link up" % (dmesg_t(t_up), HCA_PCI[0]))
        elif hi == 1:
            d.append("%s perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750" % dmesg_t(T(2024, 12, 1, 23, 40, 2)))
        b.w("%s/dmesg.txt" % h, d)
    so = ["7: " + x for x in train_lines(tr, 1, last, step, 120000, 4096, 25, r)]
    so += ["0: " + x for x in nccl_remote_error(0, ferr[0], r, "NET/IB : Got completion from peer %s<...> with status=12 opcode=0 len=0 vendor err 129 (Send)" % ib[4])[:1]]
    so += ["srun: error: %s: task %d: Exited with exit code 1" % (hosts[i], i) for i in (0, 4, 2, 5, 1, 3, 6, 7)]
    b.w("slurm-%d.out" % jobid, so)
    b.j("topology.json", {"topology": {"leaf-e1": hosts[:4], "leaf-e2": hosts[4:]}})
    b.set_label("network", "infrastructure", None, "restart",
                "All four nodes behind leaf-e2 (topology.json) log every HCA going DOWN at 02:14:07 and back ACTIVE 102 s later, while the leaf-e1 nodes show nothing; "
                "the status=12 accusations name whichever peer sat across that switch, so the cause is the switch, not any one node.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return b


# --------------------------------------------------------------------- cj06
def cj06():
    b = Bundle("cj06_port_error_and_lid_change_events_on_all_nodes", 9106)
    r = b.rng
    hosts = ["hgx-a01", "hgx-a02", "hgx-a03", "hgx-a04"]
    ib = ["10.9.1.%d" % i for i in range(1, 5)]
    j = GpuJob(b, hosts, "ibp26s0", ib, net="IB", oob=[("ibp26s0", x) for x in ib], version="2.23.4+cuda12.6")
    t0 = T(2025, 1, 14, 13, 55, 0)
    t_ev = T(2025, 1, 14, 19, 40, 12)
    tr = plus(t0, 180)
    step = 3.1
    last = int((t_ev - tr).total_seconds() / step)
    gids = [[ib_gid(r) for _ in range(8)] for _ in hosts]
    logs = {h: node_header(j, hi, plus(t0, 4)) for hi, h in enumerate(hosts)}
    ferr = {}
    for hi, h in enumerate(hosts):
        pre = "%s:%d:%d [3]" % (h, j.pids[hi][3], j.tids[hi][3] + 3)
        logs[h] += ["", "%s transport/net_ib.cc:93 NCCL WARN NET/IB : mlx5_3:1 Got async event : port error" % pre, "",
                    "%s transport/net_ib.cc:93 NCCL WARN NET/IB : mlx5_3:1 Got async event : LID change" % pre, "",
                    "%s transport/net_ib.cc:93 NCCL WARN NET/IB : mlx5_3:1 Got async event : client reregistration" % pre, ""]
        peer = (hi + 1) % 4
        port = 35000 + r.randint(0, 20000)
        logs[h] += ib_cqe(h, j.pids[hi][3], j.tids[hi][3], 3, ib[peer], port, 12, 0, 129, "Send", gids[hi][3], gids[peer][3])
        te = plus(t_ev, 30 + r.uniform(0, 2))
        ferr[hi] = te
        logs[h] += nccl_remote_error(j.rank(hi, 3), te, r, ib_cqe_text(ib[peer], port, 12, 0, 129, "Send", gids[hi][3], gids[peer][3]), version="2.23.4")
        tk = plus(te, 2)
        logs[h] += j.sigterm_lines(hi, tk, skip=(3,))
        logs[h] += j.child_failed(hi, "train.py", [(3, plus(te, 0.4), -6)] + [(lr, plus(tk, 1), -15) for lr in range(8) if lr != 3])
        b.w("%s/stdout.log" % h, logs[h])
        boot = T(2025, 1, 9, 8, 12, 0)
        b.w("%s/dmesg.txt" % h, [
            "%s mlx5_core %s: firmware version: 28.41.1000" % (dmesg_t(plus(boot, 13)), HCA_PCI[3]),
            "%s mlx5_core %s: mlx5_port_state_change: port 1 port_state change to DOWN (phys state: LinkUp)" % (dmesg_t(plus(t_ev, r.choice([0, 0, 1]))), HCA_PCI[3]),
            "%s mlx5_core %s: mlx5_port_state_change: port 1 port_state change to INIT" % (dmesg_t(plus(t_ev, 38)), HCA_PCI[3]),
            "%s mlx5_core %s: mlx5_port_state_change: port 1 port_state change to ACTIVE" % (dmesg_t(plus(t_ev, 41)), HCA_PCI[3]),
        ])
        ibs = []
        for i, ca in enumerate(HCAS):
            ibs += ibstat_ca(ca, guid(r), lid=r.randint(100, 900), sm=(3 if i == 3 else 1), fw="28.41.1000")
        b.w("%s/ibstat.txt" % h, ibs)
    so = ["[2025-01-14 13:55:02] launching 4x8 job 88120 on hgx-a[01-04]"]
    so += ["%s step %d | loss %.4f | tok/s %d" % (x[2:21], int(x.split("iteration")[1].split("/")[0]), float(x.split("lm loss: ")[1].split(" ")[0]), 1310000 + r.randint(-9000, 9000))
           for x in train_lines(tr, 1, last, step, 40000, 1024, 100, r)]
    so += ["srun: error: hgx-a02: task 1: Exited with exit code 1", "srun: error: hgx-a01: task 0: Exited with exit code 1",
           "srun: error: hgx-a04: task 3: Exited with exit code 1", "srun: error: hgx-a03: task 2: Exited with exit code 1"]
    b.w("slurm-88120.out", so)
    b.set_label("network", "infrastructure", None, "restart",
                "Every node logs the same mlx5_3 port error, LID change and client reregistration at 19:40:12 and every node's kernel shows mlx5_3 going DOWN and back to ACTIVE "
                "with a new SM lid; the status=12 errors point at different peers, so the rail-3 fabric (switch/subnet manager) failed for the whole job, not one node.",
                "https://github.com/Lightning-AI/lit-llama/issues/380")
    return b


# --------------------------------------------------------------------- cj07
def cj07():
    b = Bundle("cj07_gloo_cpu_job_connection_closed_by_peer_10_1_2_3", 9107)
    r = b.rng
    hosts = ["cpu-n01", "cpu-n02", "cpu-n03", "cpu-n04"]
    ips = ["10.1.2.1", "10.1.2.2", "10.1.2.3", "10.1.2.4"]
    jobid = 77120
    t0 = T(2025, 3, 14, 9, 5, 20)
    t_oom = T(2025, 3, 14, 16, 22, 47)
    agents = [r.randint(20000, 90000) for _ in hosts]
    pids = [[a + 17 + i for i in range(4)] for a in agents]
    boot = T(2025, 2, 22, 18, 44, 0)
    victim = 2  # local rank on cpu-n03
    for hi, h in enumerate(hosts):
        a = agents[hi]
        L = ["%s Starting elastic_operator with launch configs:" % elastic("I", plus(t0, 1), a, "torch/distributed/launcher/api.py:188"),
             "  entrypoint       : train_ddp.py", "  min_nodes        : 4", "  max_nodes        : 4", "  nproc_per_node   : 4",
             "  rdzv_backend     : c10d", "  rdzv_endpoint    : cpu-n01:29400", ""]
        for lr in range(4):
            rk = hi * 4 + lr
            L.append("[rank%d]: %s | INFO | init_process_group(backend='gloo') world_size=16 GLOO_SOCKET_IFNAME=bond0" % (rk, plus(t0, 6).strftime("%Y-%m-%d %H:%M:%S")))
        if hi == 0:
            for ep in range(0, 12):
                tt = plus(t0, 60 + ep * 2150)
                if tt >= t_oom:
                    break
                L.append("[rank0]: %s | INFO | epoch %d done | train_loss %.4f | auc %.4f | samples/s %d" % (tt.strftime("%Y-%m-%d %H:%M:%S"), ep, 0.47 - ep * 0.006 + r.uniform(-0.003, 0.003), 0.781 + ep * 0.002, 1830 + r.randint(-40, 40)))
        if hi != 2:
            te = plus(t_oom, 0.6 + r.uniform(0, 0.5))
            for lr in range(4):
                rk = hi * 4 + lr
                port = 20000 + r.randint(100, 900)
                L += ["[rank%d]: Traceback (most recent call last):" % rk,
                      '[rank%d]:   File "/home/mlops/ctr/train_ddp.py", line 211, in <module>' % rk,
                      "[rank%d]:     main()" % rk,
                      '[rank%d]:   File "/home/mlops/ctr/train_ddp.py", line 187, in main' % rk,
                      "[rank%d]:     loss.backward()" % rk,
                      '[rank%d]:   File "/opt/venv/lib/python3.11/site-packages/torch/_tensor.py", line 581, in backward' % rk,
                      "[rank%d]:     torch.autograd.backward(" % rk,
                      '[rank%d]:   File "/opt/venv/lib/python3.11/site-packages/torch/autograd/graph.py", line 825, in _engine_run_backward' % rk,
                      "[rank%d]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass" % rk,
                      "[rank%d]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.1.2.3]:%d" % (rk, port)]
            tk = plus(te, 1)
            L += ["%s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /opt/venv/bin/python3" % (elastic("E", tk, a, "torch/distributed/elastic/multiprocessing/api.py:869"), pids[hi][0])]
            L += TORCHRUN_TB + torchrun_table("train_ddp.py", [{"time": te, "host": h, "rank": hi * 4, "local_rank": 0, "exitcode": 1, "pid": pids[hi][0]}] +
                                             [{"time": te, "host": h, "rank": hi * 4 + lr, "local_rank": lr, "exitcode": 1, "pid": pids[hi][lr]} for lr in (1, 2, 3)])
        else:
            L += ["%s Sending process %d closing signal SIGTERM" % (elastic("W", plus(t_oom, 1.2), a, "torch/distributed/elastic/multiprocessing/api.py:897"), pids[hi][lr]) for lr in (0, 1, 3)]
            L += ["%s failed (exitcode: -9) local_rank: %d (pid: %d) of binary: /opt/venv/bin/python3" % (elastic("E", plus(t_oom, 1.5), a, "torch/distributed/elastic/multiprocessing/api.py:869"), victim, pids[hi][victim])]
            L += TORCHRUN_TB + torchrun_table("train_ddp.py", [{"time": plus(t_oom, 0.4), "host": h, "rank": 10, "local_rank": 2, "exitcode": -9, "pid": pids[hi][2]}] +
                                             [{"time": plus(t_oom, 1.3), "host": h, "rank": 8 + lr, "local_rank": lr, "exitcode": -15, "pid": pids[hi][lr]} for lr in (0, 1, 3)])
        b.w("%s/torchrun.log" % h, L)
        b.w("%s/ip-addr.txt" % h, ip_addr([
            {"kind": "loopback"},
            {"name": "ens1f0np0", "flags": "BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP", "master": "bond0", "inet": [], "mac": mac(r, "b8:ce:f6")},
            {"name": "ens1f1np1", "flags": "BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP", "master": "bond0", "inet": [], "mac": mac(r, "b8:ce:f6")},
            {"name": "bond0", "flags": "BROADCAST,MULTICAST,MASTER,UP,LOWER_UP", "inet": ips[hi] + "/24", "mac": mac(r, "b8:ce:f6")},
        ]))
        free = {0: (503, 88, 402), 1: (503, 86, 404), 2: (503, 259, 231), 3: (503, 87, 403)}[hi]
        b.w("%s/free-g.txt" % h, ["               total        used        free      shared  buff/cache   available",
                                  "Mem:             %d         %3d         %3d           0          12         %3d" % (free[0], free[1], free[2] - 12, free[2]),
                                  "Swap:              0           0           0"])
    # kernel log of cpu-n03: OOM killer picks a trainer because the big daemon is protected
    k = []
    def kl(t, msg):
        k.append("%s kernel: %s %s" % (syslog(t, "cpu-n03"), uptime(t, boot), msg))
    kl(T(2025, 3, 14, 13, 2, 9), "EXT4-fs (nvme1n1p1): mounted filesystem 0f2a7c1e-22d1-4a0e-a3f3-8f62b1c9d120 r/w with ordered data mode. Quota mode: none.")
    kl(t_oom, "python3 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0")
    kl(t_oom, "CPU: 41 PID: %d Comm: python3 Not tainted 5.15.0-119-generic #129-Ubuntu" % pids[2][1])
    kl(t_oom, "Mem-Info:")
    kl(t_oom, "active_anon:127201133 inactive_anon:4301224 isolated_anon:0")
    kl(t_oom, "Tasks state (memory values in pages):")
    kl(t_oom, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")
    kl(t_oom, "[   1843]     0  1843   102455     3310   241664        0         -1000 slurmd")
    kl(t_oom, "[  71502]     0 71502 46102233 44361871 356745216        0         -1000 reindexd")
    for lr in range(4):
        kl(t_oom, "[%7d]  1001 %5d  6823411  %7d  40114176        0             0 python3" % (pids[2][lr], pids[2][lr], 4980221 + r.randint(-9000, 9000)))
    kl(t_oom, "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/system.slice/slurmstepd.scope/job_%d/step_0/user/task_2,task=python3,pid=%d,uid=1001" % (jobid, pids[2][2]))
    kl(t_oom, "Out of memory: Killed process %d (python3) total-vm:27293644kB, anon-rss:19920884kB, file-rss:2048kB, shmem-rss:0kB, UID:1001 pgtables:39174kB oom_score_adj:0" % pids[2][2])
    b.w("cpu-n03/kern.log", k)
    b.w("cpu-n03/ps-aux.txt", [
        "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
        "root           1  0.0  0.0 168220 13012 ?        Ss   Feb22   1:11 /sbin/init",
        "root        1843  0.0  0.0 409820 13240 ?        Ss   Feb22   0:40 /usr/sbin/slurmd -D -s",
        "root       71502 97.1 33.6 184408932 177447484 ? Ssl  13:01 419:50 /opt/catalog/bin/reindexd --full --shards 96 --cache-size 160G",
        "root       71511  0.0  0.0  12220  4100 ?        S    13:01   0:00 /opt/catalog/bin/reindexd-watch",
    ])
    b.w("slurm-%d.out" % jobid, ["srun: error: cpu-n03: task 2: Exited with exit code 1",
                                 "srun: error: cpu-n01: task 0: Exited with exit code 1",
                                 "srun: error: cpu-n02: task 1: Exited with exit code 1",
                                 "srun: error: cpu-n04: task 3: Exited with exit code 1"])
    b.w("sacct.txt", sacct(jobid, [(str(jobid), "ctr-ddp", "cpu", "recsys", 512, "FAILED", "1:0"),
                                   ("%d.batch" % jobid, "batch", "", "recsys", 128, "FAILED", "1:0"),
                                   ("%d.0" % jobid, "torchrun", "", "recsys", 512, "OUT_OF_ME+", "0:125")]))
    b.set_label("host", "infrastructure", {"node": "cpu-n03", "rank": None}, "restart_without_node",
                "The gloo 'Connection closed by peer [10.1.2.3]' errors point at cpu-n03 (bond0 10.1.2.3), where the kernel OOM killer killed trainer rank 10; "
                "the trainers use ~20 GB each like on every other node, but a root reindexd daemon (oom_score_adj -1000) holds ~170 GB there, so a foreign process exhausted that host's memory.",
                "https://github.com/pytorch/pytorch/issues/75512")
    return b


CASES = [cj01, cj02, cj03, cj04, cj05, cj06, cj07]
