"""Cases cj08-cj15: gloo CPU jobs, EFA, object store, rail faults, counters."""
from common import (Bundle, T, plus, glog, elastic, dmesg_t, syslog, uptime, iso,
                    ib_cqe, ib_cqe_text, nccl_remote_error, watchdog_timeout,
                    ip_addr, ibstat_ca, guid, mac, ib_hw, ib_gid, sacct, HCA_PCI,
                    HCAS, perfquery, TORCHRUN_TB, torchrun_table, megatron_iter)
from gpujob import GpuJob, node_header, train_lines, sbatch_head

VENV = "/opt/venv/lib/python3.11/site-packages"


def _gloo_job_head(b, hosts, t0, agents, script, endpoint, nproc=4):
    logs = {}
    for hi, h in enumerate(hosts):
        a = agents[hi]
        logs[h] = ["%s Starting elastic_operator with launch configs:" % elastic("I", plus(t0, 1), a, "torch/distributed/launcher/api.py:188"),
                   "  entrypoint       : %s" % script, "  min_nodes        : %d" % len(hosts), "  max_nodes        : %d" % len(hosts),
                   "  nproc_per_node   : %d" % nproc, "  rdzv_backend     : c10d", "  rdzv_endpoint    : %s" % endpoint, ""]
    return logs


def _ddp_backward_tb(rk, err, script="train.py", line=187):
    return ["[rank%d]: Traceback (most recent call last):" % rk,
            '[rank%d]:   File "%s", line 244, in <module>' % (rk, script),
            "[rank%d]:     main()" % rk,
            '[rank%d]:   File "%s", line %d, in main' % (rk, script, line),
            "[rank%d]:     loss.backward()" % rk,
            '[rank%d]:   File "%s/torch/_tensor.py", line 581, in backward' % (rk, VENV),
            "[rank%d]:     torch.autograd.backward(" % rk,
            '[rank%d]:   File "%s/torch/autograd/graph.py", line 825, in _engine_run_backward' % (rk, VENV),
            "[rank%d]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass" % rk,
            "[rank%d]: RuntimeError: %s" % (rk, err)]


def _table(hosts, hi, agents, pids, nproc, fails, script):
    h = hosts[hi]
    return TORCHRUN_TB + torchrun_table(script, [{"time": t, "host": h, "rank": hi * nproc + lr, "local_rank": lr,
                                                   "exitcode": c, "pid": pids[hi][lr]} for lr, t, c in fails])


# --------------------------------------------------------------------- cj08
def cj08():
    b = Bundle("cj08_gloo_cpu_job_read_error_connection_reset_by_peer", 9108)
    r = b.rng
    hosts = ["cpu-m05", "cpu-m06", "cpu-m07", "cpu-m08"]
    ips = ["10.1.7.5", "10.1.7.6", "10.1.7.7", "10.1.7.8"]
    jobid = 77388
    t0 = T(2025, 3, 20, 22, 10, 4)
    agents = [r.randint(20000, 90000) for _ in hosts]
    pids = [[a + 19 + i for i in range(4)] for a in agents]
    script = "/home/nlp/textcls/train.py"
    logs = _gloo_job_head(b, hosts, t0, agents, "train.py", "cpu-m05:29400")
    t_crash = T(2025, 3, 20, 23, 51, 37)
    for hi, h in enumerate(hosts):
        for lr in range(4):
            rk = hi * 4 + lr
            logs[h].append("[rank%d]: %s INFO resuming from checkpoint /shared/textcls/ckpt/step_4000 (world_size=16, backend=gloo)" % (rk, plus(t0, 9).strftime("%Y-%m-%d %H:%M:%S,%f")[:-3]))
        if hi == 0:
            for s in range(4050, 4180, 25):
                tt = plus(t0, 30 + (s - 4000) * 34.6)
                logs[h].append("[rank0]: %s INFO step %d loss %.4f lr 2.0e-05 examples/s %.1f" % (tt.strftime("%Y-%m-%d %H:%M:%S,%f")[:-3], s, 0.388 + r.uniform(-0.02, 0.02), 58 + r.uniform(-2, 2)))
    # rank 10 on cpu-m07 hits a KeyError in the collate function
    rk = 10
    tb = ["[rank%d]: Traceback (most recent call last):" % rk,
          '[rank%d]:   File "%s", line 244, in <module>' % (rk, script),
          "[rank%d]:     main()" % rk,
          '[rank%d]:   File "%s", line 198, in main' % (rk, script),
          "[rank%d]:     for step, batch in enumerate(loader, start=start_step):" % rk,
          '[rank%d]:   File "%s/torch/utils/data/dataloader.py", line 701, in __next__' % (rk, VENV),
          "[rank%d]:     data = self._next_data()" % rk,
          '[rank%d]:   File "%s/torch/utils/data/dataloader.py", line 1465, in _next_data' % (rk, VENV),
          "[rank%d]:     return self._process_data(data)" % rk,
          '[rank%d]:   File "%s/torch/utils/data/dataloader.py", line 1491, in _process_data' % (rk, VENV),
          "[rank%d]:     data.reraise()" % rk,
          '[rank%d]:   File "%s/torch/_utils.py", line 715, in reraise' % (rk, VENV),
          "[rank%d]:     raise exception" % rk,
          "[rank%d]: KeyError: Caught KeyError in DataLoader worker process 1." % rk,
          "[rank%d]: Original Traceback (most recent call last):" % rk,
          '[rank%d]:   File "%s/torch/utils/data/_utils/worker.py", line 351, in _worker_loop' % (rk, VENV),
          "[rank%d]:     data = fetcher.fetch(index)  # type: ignore[possibly-undefined]" % rk,
          '[rank%d]:   File "%s/torch/utils/data/_utils/fetch.py", line 55, in fetch' % (rk, VENV),
          "[rank%d]:     return self.collate_fn(data)" % rk,
          '[rank%d]:   File "/home/nlp/textcls/data.py", line 88, in collate' % rk,
          '[rank%d]:     mask = torch.stack([torch.tensor(x["attention_mask"]) for x in batch])' % rk,
          '[rank%d]:   File "/home/nlp/textcls/data.py", line 88, in <listcomp>' % rk,
          '[rank%d]:     mask = torch.stack([torch.tensor(x["attention_mask"]) for x in batch])' % rk,
          "[rank%d]: KeyError: 'attention_mask'" % rk, "[rank%d]: " % rk]
    logs["cpu-m07"] += tb
    logs["cpu-m07"] += ["%s Sending process %d closing signal SIGTERM" % (elastic("W", plus(t_crash, 1.1), agents[2], "torch/distributed/elastic/multiprocessing/api.py:897"), pids[2][lr]) for lr in (0, 1, 3)]
    logs["cpu-m07"] += ["%s failed (exitcode: 1) local_rank: 2 (pid: %d) of binary: /opt/venv/bin/python3" % (elastic("E", plus(t_crash, 1.6), agents[2], "torch/distributed/elastic/multiprocessing/api.py:869"), pids[2][2])]
    logs["cpu-m07"] += _table(hosts, 2, agents, pids, 4, [(2, t_crash, 1)] + [(lr, plus(t_crash, 1.2), -15) for lr in (0, 1, 3)], "train.py")
    for hi in (0, 1, 3):
        h = hosts[hi]
        te = plus(t_crash, 1.2 + r.uniform(0, 0.3))
        for lr in range(4):
            rkk = hi * 4 + lr
            port = 40000 + r.randint(100, 999)
            logs[h] += _ddp_backward_tb(rkk, "[../third_party/gloo/gloo/transport/tcp/pair.cc:589] Read error [10.1.7.7]:%d: Connection reset by peer" % port, script)
        logs[h] += ["%s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /opt/venv/bin/python3" % (elastic("E", plus(te, 0.9), agents[hi], "torch/distributed/elastic/multiprocessing/api.py:869"), pids[hi][0])]
        logs[h] += _table(hosts, hi, agents, pids, 4, [(0, te, 1), (1, te, 1), (2, te, 1), (3, te, 1)], "train.py")
    for hi, h in enumerate(hosts):
        b.w("%s/torchrun.log" % h, logs[h])
        b.w("%s/ip-addr.txt" % h, ip_addr([{"kind": "loopback"},
                                           {"name": "ens1f0", "inet": ips[hi] + "/24", "mtu": 1500, "mac": mac(r, "40:a6:b7")},
                                           {"name": "ens1f1", "state": "DOWN", "inet": [], "mtu": 1500, "mac": mac(r, "40:a6:b7")}]))
    boot = T(2025, 3, 2, 7, 0, 0)
    b.w("cpu-m07/kern.log", ["%s kernel: %s i40e 0000:3b:00.0 ens1f0: NIC Link is Up, 25 Gbps Full Duplex, Requested FEC: CL108 RS-FEC, Negotiated FEC: CL108 RS-FEC, Autoneg: False, Flow Control: None" % (syslog(plus(boot, 25), "cpu-m07"), uptime(plus(boot, 25), boot)),
                             "%s kernel: %s python3[%d]: segfault at 0 ip 00007f1c2a4b1e20 sp 00007ffd0c9e3f80 error 4 in libc.so.6[7f1c2a428000+195000] likely on CPU 17 (core 17, socket 0)" % (syslog(T(2025, 3, 18, 11, 4, 2), "cpu-m07"), uptime(T(2025, 3, 18, 11, 4, 2), boot), 60112)])
    b.w("slurm-%d.out" % jobid, ["resuming job textcls-ddp from step 4000",
                                 "srun: error: cpu-m07: task 2: Exited with exit code 1",
                                 "srun: error: cpu-m05: task 0: Exited with exit code 1",
                                 "srun: error: cpu-m06: task 1: Exited with exit code 1",
                                 "srun: error: cpu-m08: task 3: Exited with exit code 1"])
    b.set_label("user_code", "script", None, "stop",
                "The gloo 'Read error [10.1.7.7]: Connection reset by peer' lines point at cpu-m07, but there rank 10 died first with a KeyError 'attention_mask' raised in the "
                "script's own collate function (data.py); the node is healthy and the others only lost their peer, so the bug is in the training code/data handling.",
                "https://github.com/RVC-Project/Retrieval-based-Voice-Conversion-WebUI/issues/1882")
    return b


# --------------------------------------------------------------------- cj09
def cj09():
    b = Bundle("cj09_gloo_cpu_job_connection_closed_by_peer_172_16_5_12", 9109)
    r = b.rng
    hosts = ["cpu-p01", "cpu-p02", "cpu-p03", "cpu-p04"]
    ips = ["172.16.5.11", "172.16.5.12", "172.16.5.13", "172.16.5.14"]
    jobid = 31877
    t0 = T(2025, 6, 2, 21, 30, 11)
    agents = [r.randint(20000, 90000) for _ in hosts]
    pids = [[a + 15 + i for i in range(4)] for a in agents]
    script = "/work/gnn/train_dist.py"
    logs = _gloo_job_head(b, hosts, t0, agents, "train_dist.py", "cpu-p01:29500")
    t_down = T(2025, 6, 3, 2, 41, 17)
    t_to = plus(t_down, 121.7)
    for hi, h in enumerate(hosts):
        if hi == 0:
            for ep in range(0, 14):
                tt = plus(t0, 120 + ep * 1290)
                if tt > t_down:
                    break
                logs[h].append("[rank0]: epoch %03d | loss %.4f | val_acc %.4f | %.1f s/epoch" % (ep, 1.21 - 0.05 * ep + r.uniform(-0.01, 0.01), 0.61 + 0.012 * ep, 1290 + r.uniform(-15, 15)))
    ferr = {}
    for hi, h in enumerate(hosts):
        for lr in range(4):
            rk = hi * 4 + lr
            if hi == 1:
                err = "[../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 120000ms for recv operation to complete"
                te = plus(t_to, lr * 0.01)
            elif hi == 3 and lr in (1, 2):
                err = "[../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 120000ms for recv operation to complete"
                te = plus(t_to, 0.3)
            else:
                err = "[../third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer [172.16.5.12]:%d" % (20500 + r.randint(0, 400))
                te = plus(t_to, 0.6 + r.uniform(0, 0.2))
            ferr.setdefault(hi, te)
            ferr[hi] = min(ferr[hi], te)
            logs[h] += _ddp_backward_tb(rk, err, script, 161)
        tt = plus(ferr[hi], 0.8)
        logs[h] += ["%s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (elastic("E", tt, agents[hi], "torch/distributed/elastic/multiprocessing/api.py:869"), pids[hi][0])]
        logs[h] += _table(hosts, hi, agents, pids, 4, [(lr, ferr[hi], 1) for lr in range(4)], "train_dist.py")
        b.w("%s/torchrun.log" % h, logs[h])
    b.w("cpu-p01/etc_hosts.txt", ["127.0.0.1\tlocalhost", "127.0.1.1\tcpu-p01.hpc.local cpu-p01", "", "# compute (10GbE)"] +
        ["%s\t%s.hpc.local %s" % (ips[i], hosts[i], hosts[i]) for i in range(4)] +
        ["172.16.5.%d\tcpu-p%02d.hpc.local cpu-p%02d" % (10 + i, i, i) for i in range(5, 9)] +
        ["172.16.0.10\thead.hpc.local head", "172.16.0.20\tnas01.hpc.local nas01"])
    boot = T(2025, 5, 23, 8, 15, 0)
    k = []
    t = t_down
    for n in range(6):
        k.append("%s kernel: %s ixgbe 0000:3b:00.0 eno1: NIC Link is Down" % (syslog(t, "cpu-p02"), uptime(t, boot)))
        t = plus(t, 2 + n)
        k.append("%s kernel: %s ixgbe 0000:3b:00.0 eno1: NIC Link is Up 10 Gbps, Flow Control: RX/TX" % (syslog(t, "cpu-p02"), uptime(t, boot)))
        t = plus(t, 6 + 3 * n)
    k.append("%s kernel: %s ixgbe 0000:3b:00.0 eno1: Detected Tx Unit Hang" % (syslog(plus(t, 4), "cpu-p02"), uptime(plus(t, 4), boot)))
    k.append("%s kernel: %s ixgbe 0000:3b:00.0 eno1: tx hang 1 detected on queue 7, resetting adapter" % (syslog(plus(t, 4), "cpu-p02"), uptime(plus(t, 4.1), boot)))
    k.append("%s kernel: %s ixgbe 0000:3b:00.0 eno1: NIC Link is Down" % (syslog(plus(t, 5), "cpu-p02"), uptime(plus(t, 5), boot)))
    b.w("cpu-p02/kern.log", k)
    b.w("cpu-p04/kern.log", [
        "%s kernel: %s EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f21c4 offset:0x0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:0 bg:1 ba:2 row:0x1f90 col:0x2a8)" % (syslog(T(2025, 6, 1, 14, 2, 51), "cpu-p04"), uptime(T(2025, 6, 1, 14, 2, 51), boot)),
        "%s kernel: %s ixgbe 0000:3b:00.0 eno1: NIC Link is Up 10 Gbps, Flow Control: RX/TX" % (syslog(plus(boot, 24), "cpu-p04"), uptime(plus(boot, 24), boot)),
    ])
    b.w("slurm-%d.out" % jobid, ["srun: error: cpu-p02: task 1: Exited with exit code 1", "srun: error: cpu-p04: task 3: Exited with exit code 1",
                                 "srun: error: cpu-p01: task 0: Exited with exit code 1", "srun: error: cpu-p03: task 2: Exited with exit code 1"])
    b.set_label("network", "infrastructure", {"node": "cpu-p02", "rank": None}, "restart_without_node",
                "Ranks on cpu-p01/p03 report gloo 'Connection closed by peer [172.16.5.12]', which /etc/hosts maps to cpu-p02; cpu-p02's kernel log shows its eno1 NIC "
                "flapping down/up from 02:41:17 and then a Tx unit hang, so its ranks timed out first and the rest lost them.",
                "https://github.com/CGCL-codes/pFedSD/issues/3")
    return b


# --------------------------------------------------------------------- cj10
def cj10():
    b = Bundle("cj10_gloo_cpu_job_timeouts_and_closed_connections_on_all_ranks", 9110)
    r = b.rng
    hosts = ["cpu-q01", "cpu-q02", "cpu-q03", "cpu-q04"]
    ips = ["10.1.9.1", "10.1.9.2", "10.1.9.3", "10.1.9.4"]
    jobid = 40512
    t0 = T(2025, 4, 9, 6, 0, 3)
    agents = [r.randint(20000, 90000) for _ in hosts]
    pids = [[a + 21 + i for i in range(8)] for a in agents]
    logs = _gloo_job_head(b, hosts, t0, agents, "als_train.py", "cpu-q01:29400", nproc=8)
    t_down = T(2025, 4, 9, 11, 20, 33)
    t_up = plus(t_down, 217)
    t_to = plus(t_down, 301.2)
    for hi, h in enumerate(hosts):
        if hi == 0:
            for it in range(1, 60):
                tt = plus(t0, 40 + it * 310)
                if tt > t_down:
                    break
                logs[h].append("[rank0]: [%s] iter %d rmse=%.5f wall=%.1fs" % (tt.strftime("%H:%M:%S"), it, 0.912 - it * 0.003, 310 + r.uniform(-4, 4)))
        fe = None
        for lr in range(8):
            rk = hi * 8 + lr
            if (lr + hi) % 3 == 0:
                peer = ips[(hi + 1 + lr) % 4]
                err = "[../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [%s]:%d" % (peer, 17000 + r.randint(0, 900))
                te = plus(t_to, 0.4 + r.uniform(0, 0.4))
            else:
                err = "[../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 300000ms for recv operation to complete"
                te = plus(t_to, r.uniform(0, 0.3))
            fe = te if fe is None or te < fe else fe
            logs[h] += ["[rank%d]: Traceback (most recent call last):" % rk,
                        '[rank%d]:   File "/srv/recs/als_train.py", line 142, in <module>' % rk,
                        "[rank%d]:     run(cfg)" % rk,
                        '[rank%d]:   File "/srv/recs/als_train.py", line 117, in run' % rk,
                        "[rank%d]:     dist.all_reduce(gram, op=dist.ReduceOp.SUM)" % rk,
                        '[rank%d]:   File "%s/torch/distributed/c10d_logger.py", line 83, in wrapper' % (rk, VENV),
                        "[rank%d]:     return func(*args, **kwargs)" % rk,
                        '[rank%d]:   File "%s/torch/distributed/distributed_c10d.py", line 2501, in all_reduce' % (rk, VENV),
                        "[rank%d]:     work.wait()" % rk,
                        "[rank%d]: RuntimeError: %s" % (rk, err)]
        logs[h] += ["%s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (elastic("E", plus(fe, 0.9), agents[hi], "torch/distributed/elastic/multiprocessing/api.py:869"), pids[hi][0])]
        logs[h] += _table(hosts, hi, agents, pids, 8, [(lr, fe, 1) for lr in range(8)], "als_train.py")
        b.w("%s/torchrun.log" % h, logs[h])
        boot = T(2025, 3, 30, 10, 0, 0)
        sk = 0.1 * hi
        kl = []
        for s in ("ens1f0np0", "ens1f1np1"):
            kl.append("%s kernel: %s mlx5_core 0000:%s:00.%d %s: Link down" % (syslog(t_down, h), uptime(plus(t_down, sk), boot), "17", 0 if s.endswith("0np0") else 1, s))
        kl.append("%s kernel: %s bond0: (slave ens1f0np0): link status definitely down, disabling slave" % (syslog(t_down, h), uptime(plus(t_down, 0.2 + sk), boot)))
        kl.append("%s kernel: %s bond0: (slave ens1f1np1): link status definitely down, disabling slave" % (syslog(t_down, h), uptime(plus(t_down, 0.2 + sk), boot)))
        kl.append("%s kernel: %s bond0: now running without any active interface!" % (syslog(t_down, h), uptime(plus(t_down, 0.2 + sk), boot)))
        for s in ("ens1f0np0", "ens1f1np1"):
            kl.append("%s kernel: %s mlx5_core 0000:17:00.%d %s: Link up" % (syslog(t_up, h), uptime(plus(t_up, sk), boot), 0 if s.endswith("0np0") else 1, s))
        kl.append("%s kernel: %s bond0: (slave ens1f0np0): link status definitely up, 100000 Mbps full duplex" % (syslog(t_up, h), uptime(plus(t_up, 0.3 + sk), boot)))
        kl.append("%s kernel: %s bond0: active interface up!" % (syslog(t_up, h), uptime(plus(t_up, 0.3 + sk), boot)))
        b.w("%s/kern.log" % h, kl)
    b.j("topology.json", {"topology": {"tor-r12": hosts}})
    b.w("slurm-%d.out" % jobid, ["srun: error: cpu-q03: task 2: Exited with exit code 1", "srun: error: cpu-q01: task 0: Exited with exit code 1",
                                 "srun: error: cpu-q04: task 3: Exited with exit code 1", "srun: error: cpu-q02: task 1: Exited with exit code 1"])
    b.set_label("network", "infrastructure", None, "restart",
                "Every node of the job (all under tor-r12 in topology.json) logs both bond0 slaves going down at 11:20:33 and back 217 s later; the gloo timeouts and "
                "'Connection closed by peer' lines name different peers, so the top-of-rack switch/network failed, not one node.",
                "https://github.com/vllm-project/vllm/issues/6308")
    return b


# --------------------------------------------------------------------- cj11
def cj11():
    b = Bundle("cj11_efa_completion_errors_unreachable_remote_on_p5_nodes", 9111)
    r = b.rng
    hosts = ["ip-10-0-12-34", "ip-10-0-14-201", "ip-10-0-9-88", "ip-10-0-21-7"]
    ips = ["10.0.12.34", "10.0.14.201", "10.0.9.88", "10.0.21.7"]
    plugin = ["NET/Plugin: Loaded net plugin Libfabric (v8)",
              "NET/OFI Initializing aws-ofi-nccl 1.11.0-aws",
              "NET/OFI Using Libfabric version 1.22",
              "NET/OFI Using CUDA driver version 12040 with runtime 12040",
              "NET/OFI Configuring AWS-specific options",
              "NET/OFI Setting provider_filter to efa",
              "NET/OFI Running on p5.48xlarge platform, topology file /opt/amazon/ofi-nccl/share/aws-ofi-nccl/xml/p5.48xl-topo.xml",
              "NET/OFI Selected Provider is efa (found 32 nics)"]
    j = GpuJob(b, hosts, "ens32", ips, net="OFI", plugin=plugin, version="2.21.5+cuda12.4")
    t0 = T(2024, 10, 21, 0, 40, 2)
    tr = plus(t0, 300)
    step = 4.4
    t_ev = T(2024, 10, 21, 3, 12, 44)
    last = int((t_ev - tr).total_seconds() / step)
    logs = {h: node_header(j, hi, plus(t0, 4)) for hi, h in enumerate(hosts)}
    ferr = {}
    for hi, h in enumerate(hosts):
        if hi == 2:
            continue
        for lr in ((3, 6) if hi != 0 else (1, 3, 6)):
            pid, tid = j.pids[hi][lr], j.tids[hi][lr]
            req = "0x7f%010x" % r.getrandbits(40)
            ts = 1729480364 + r.randint(0, 3)
            logs[h] += [
                "libfabric:%d:%d::efa:cq:efa_rdm_pke_handle_tx_error():634<warn> Packet send error: Connection timed out (prov_errno: 4113 Unreachable remote) peer host 10.0.9.88 (i-0c7f31d2a9e4b5501) fi_addr %d" % (pid, ts, 16 + lr),
                "%s:%d:%d [%d] nccl_net_ofi_rdma.cpp:1530 NCCL WARN NET/OFI Request %s completed with error. RC: 110. Error: 110 (Connection timed out). Completed length: 0, Request: { dev: %d, size: 0, state: CREATED, type: SEND }" % (h, pid, tid, lr, req, lr),
                "%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (h, pid, tid, lr),
                "%s:%d:%d [%d] NCCL INFO proxy.cc:694 -> 6" % (h, pid, tid, lr),
                "%s:%d:%d [%d] NCCL INFO proxy.cc:874 -> 6 [Progress Thread]" % (h, pid, tid, lr),
            ]
            te = plus(t_ev, 11 + r.uniform(0, 2))
            ferr[hi] = min(ferr.get(hi, te), te)
            logs[h] += nccl_remote_error(j.rank(hi, lr), te, r, "NET/OFI Request %s completed with error. RC: 110. Error: 110 (Connection timed out). Completed length: 0, Request: { dev: %d, size: 0, state: CREATED, type: SEND }" % (req, lr))
    # the accused node: its own ranks block, then get the watchdog timeout
    for lr in (0, 5):
        logs[hosts[2]] += watchdog_timeout(j.rank(2, lr), plus(t_ev, 600.4), r, 188431, "ALLREDUCE", 134217728)
    ferr[2] = plus(t_ev, 600.4)
    for hi, h in enumerate(hosts):
        tk = plus(ferr[hi], 2)
        logs[h] += j.sigterm_lines(hi, tk, skip=())
        b.w("%s/stdout.log" % h, logs[h])
    boot = T(2024, 10, 18, 17, 2, 0)
    b.w("ip-10-0-9-88/dmesg.txt", [
        "%s efa 0000:a5:00.0: enabling device (0000 -> 0002)" % dmesg_t(plus(boot, 11)),
        "%s ena 0000:28:00.0 ens32: Link is up" % dmesg_t(plus(boot, 12)),
        "%s pcieport 0000:a4:01.0: AER: Uncorrected (Fatal) error received: 0000:a5:00.0" % dmesg_t(plus(t_ev, -1)),
        "%s efa 0000:a5:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)" % dmesg_t(plus(t_ev, -1)),
        "%s efa 0000:a5:00.0: AER:   device [1d0f:efa1] error status/mask=00040000/00000000" % dmesg_t(plus(t_ev, -1)),
        "%s efa 0000:a5:00.0: AER:    [18] MalfTLP                (First)" % dmesg_t(plus(t_ev, -1)),
        "%s efa 0000:a5:00.0: Failed to process command MODIFY_QP (opcode 3) comp_status 7 err -110" % dmesg_t(t_ev),
        "%s efa 0000:a5:00.0: Failed to process command CREATE_AH (opcode 11) comp_status 7 err -110" % dmesg_t(plus(t_ev, 2)),
        "%s efa 0000:a5:00.0: Admin command timed out, device is being reset" % dmesg_t(plus(t_ev, 3)),
    ])
    b.w("ip-10-0-14-201/dmesg.txt", ["%s ena 0000:28:00.0 ens32: Link is up" % dmesg_t(plus(boot, 13)),
                                     "%s ena 0000:28:00.0: ENA device version: 0.10" % dmesg_t(plus(boot, 12))])
    so = ["# node %d: %s" % (i, h) for i, h in enumerate(hosts)]
    so += [x for x in train_lines(tr, 1, last, step, 60000, 1024, 100, r)]
    so += ["srun: error: ip-10-0-14-201: task 1: Exited with exit code 1", "srun: error: ip-10-0-12-34: task 0: Exited with exit code 1",
           "srun: error: ip-10-0-21-7: task 3: Exited with exit code 1", "srun: error: ip-10-0-9-88: task 2: Terminated"]
    b.w("slurm-6612.out", so)
    b.set_label("network", "infrastructure", {"node": "ip-10-0-9-88", "rank": None}, "restart_without_node",
                "EFA sends from three instances fail with 'Unreachable remote' naming peer host 10.0.9.88, i.e. instance ip-10-0-9-88; its dmesg shows a fatal PCIe AER "
                "error on the EFA device followed by admin command timeouts and a device reset, while its own ranks only hang until the watchdog.",
                "https://github.com/aws/aws-ofi-nccl/issues/161")
    return b


# --------------------------------------------------------------------- cj12
def cj12():
    b = Bundle("cj12_checkpoint_upload_connection_reset_by_10_30_0_250_9000", 9112)
    r = b.rng
    hosts = ["gpu-g01", "gpu-g02", "gpu-g03", "gpu-g04"]
    ib = ["10.8.10.%d" % i for i in range(1, 5)]
    mg = ["10.2.10.%d" % i for i in range(1, 5)]
    j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib])
    jobid = 733104
    t0 = T(2025, 2, 3, 8, 0, 9)
    tr = plus(t0, 250)
    step = 5.5
    logs = {h: node_header(j, hi, plus(t0, 5)) for hi, h in enumerate(hosts)}
    # a good checkpoint at 5000, a failed one at 6000
    t5000 = plus(tr, 5000 * step)
    t6000 = plus(tr, 6000 * step + 94)
    for hi, h in enumerate(hosts):
        rk = j.rank(hi, 0)
        upload = "".join(r.choice("0123456789abcdef") for _ in range(32))
        logs[h] += ["[rank%d]: [%s] INFO ckpt: saving step 5000 to s3://ckpt-llm/run-17/step_5000 (DCP, %d writers)" % (rk, t5000.strftime("%Y-%m-%d %H:%M:%S"), 4),
                    "[rank%d]: [%s] INFO ckpt: step 5000 saved in 94.2s" % (rk, plus(t5000, 94).strftime("%Y-%m-%d %H:%M:%S")),
                    "[rank%d]: [%s] INFO ckpt: saving step 6000 to s3://ckpt-llm/run-17/step_6000 (DCP, %d writers)" % (rk, t6000.strftime("%Y-%m-%d %H:%M:%S"), 4)]
        for k in range(1, 4):
            logs[h].append("[rank%d]: [%s] WARNING urllib3.connectionpool: Retrying (Retry(total=%d, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ProtocolError('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))': /ckpt-llm/run-17/step_6000/__%d_0.distcp?uploadId=%s&partNumber=%d"
                           % (rk, plus(t6000, 20 + k * 9 + hi).strftime("%Y-%m-%d %H:%M:%S"), 4 - k, rk, upload, 30 + k))
        te = plus(t6000, 58 + hi * 1.3)
        part = 34 + r.randint(0, 9)
        logs[h] += ["[rank%d]: Traceback (most recent call last):" % rk,
                    '[rank%d]:   File "%s/urllib3/connectionpool.py", line 789, in urlopen' % (rk, "/usr/local/lib/python3.10/dist-packages"),
                    "[rank%d]:     response = self._make_request(" % rk,
                    "[rank%d]: ConnectionResetError: [Errno 104] Connection reset by peer" % rk, "[rank%d]: " % rk,
                    "[rank%d]: During handling of the above exception, another exception occurred:" % rk, "[rank%d]: " % rk,
                    "[rank%d]: urllib3.exceptions.ProtocolError: ('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))" % rk, "[rank%d]: " % rk,
                    "[rank%d]: During handling of the above exception, another exception occurred:" % rk, "[rank%d]: " % rk,
                    '[rank%d]: botocore.exceptions.ConnectionClosedError: Connection was closed before we received a valid response from endpoint URL: "http://10.30.0.250:9000/ckpt-llm/run-17/step_6000/__%d_0.distcp?uploadId=%s&partNumber=%d".'
                    % (rk, rk, upload, part)]
        for lr in range(8):
            rr = j.rank(hi, lr)
            logs[h] += ["[rank%d]: Traceback (most recent call last):" % rr,
                        '[rank%d]:   File "/workspace/train.py", line 412, in <module>' % rr,
                        "[rank%d]:     main()" % rr,
                        '[rank%d]:   File "/workspace/train.py", line 377, in main' % rr,
                        "[rank%d]:     dcp.save(state, storage_writer=S3StorageWriter(ckpt_uri), planner=planner)" % rr,
                        '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/state_dict_saver.py", line 163, in save' % rr,
                        "[rank%d]:     return _save_state_dict(" % rr,
                        '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/utils.py", line 276, in all_reduce' % rr,
                        "[rank%d]:     raise final_result" % rr,
                        "[rank%d]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([0, 8, 16, 24])" % rr]
        tk = plus(te, 3)
        logs[h] += [j.failed_line(hi, 0, tk, 1)]
        logs[h] += j.child_failed(hi, "train.py", [(lr, plus(te, 0.2), 1) for lr in range(8)])
        b.w("%s/stdout.log" % h, logs[h])
        b.w("%s/ip-addr.txt" % h, ip_addr([{"kind": "loopback"},
                                           {"name": "eth0", "inet": mg[hi] + "/22", "mac": mac(r, "5c:25:73")},
                                           {"name": "ib0", "kind": "infiniband", "inet": ib[hi] + "/16", "mac": ib_hw(r)}]))
    b.w("gpu-g01/etc_hosts.txt", ["127.0.0.1 localhost"] + ["%s %s" % (mg[i], hosts[i]) for i in range(4)] +
        ["%s %s-ib" % (ib[i], hosts[i]) for i in range(4)] + ["10.2.0.5 slurm-ctl", "10.2.0.9 nfs-home"])
    b.w("job.sbatch", sbatch_head(jobid, "run-17", 4) + [
        "export AWS_ENDPOINT_URL=http://10.30.0.250:9000",
        "export CKPT_URI=s3://ckpt-llm/run-17",
        "srun torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $(hostname):29500 /workspace/train.py --ckpt-every 1000",
    ])
    so = train_lines(tr, 1, 6000, step, 30000, 1024, 250, r)
    so += ["srun: error: gpu-g01: task 0: Exited with exit code 1", "srun: error: gpu-g02: task 1: Exited with exit code 1",
           "srun: error: gpu-g03: task 2: Exited with exit code 1", "srun: error: gpu-g04: task 3: Exited with exit code 1"]
    b.w("slurm-%d.out" % jobid, so)
    b.set_label("storage", "infrastructure", None, "restart",
                "All four checkpoint writer ranks (one per node) get 'Connection reset by peer' from 10.30.0.250:9000 while uploading step 6000, and DCP fails the save on every rank; "
                "that address belongs to none of the job's nodes (ip addr/hosts show 10.2.10.x and 10.8.10.x) but to the S3 endpoint in job.sbatch, so the shared object store failed.",
                "https://github.com/ARCC-RACE/deepracer-for-dummies/issues/23")
    return b


# --------------------------------------------------------------------- cj13
def cj13():
    b = Bundle("cj13_pipeline_send_completion_error_naming_next_stage_peer", 9113)
    r = b.rng
    hosts = ["gpu-h01", "gpu-h02", "gpu-h03", "gpu-h04"]
    ib = ["10.8.6.1", "10.8.6.2", "10.8.6.3", "10.8.6.4"]
    j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib])
    jobid = 804417
    t0 = T(2025, 1, 28, 10, 30, 1)
    tr = plus(t0, 240)
    step = 7.3
    t_down = T(2025, 1, 28, 13, 1, 40)
    last = int((t_down - tr).total_seconds() / step)
    gids = [[ib_gid(r) for _ in range(8)] for _ in hosts]
    logs = {h: node_header(j, hi, plus(t0, 5)) for hi, h in enumerate(hosts)}
    # rank 10 (gpu-h02, local 2) sends activations to rank 18 (gpu-h03, local 2) over rail mlx5_2
    for hi, (a, bb, d) in ((1, (10, 18, "send")), (2, (10, 18, "receive"))):
        lr = 2
        pre = "%s:%d:%d [2]" % (hosts[hi], j.pids[hi][lr], j.tids[hi][lr] + 5)
        logs[hosts[hi]] += ["%s NCCL INFO Channel 00/1 : %d[2] -> %d[2] [%s] via NET/IB/2/GDRDMA" % (pre, a, bb, d),
                            "%s NCCL INFO Channel 01/1 : %d[2] -> %d[2] [%s] via NET/IB/2/GDRDMA" % (pre, a, bb, d)]
    t_err = plus(t_down, 31)
    txt = ib_cqe_text("10.8.6.3", 45077, 12, 0, 129, "Send", gids[1][2], gids[2][2])
    logs["gpu-h02"] += ib_cqe("gpu-h02", j.pids[1][2], j.tids[1][2], 2, "10.8.6.3", 45077, 12, 0, 129, "Send", gids[1][2], gids[2][2])
    logs["gpu-h02"] += nccl_remote_error(10, t_err, r, txt, pg="[PG ID 9 PG GUID 37 Rank %d]")
    tk = plus(t_err, 2)
    logs["gpu-h02"] += j.sigterm_lines(1, tk, skip=(2,))
    logs["gpu-h02"].append(j.failed_line(1, 2, plus(tk, 1), -6))
    logs["gpu-h02"] += j.child_failed(1, "pretrain_gpt.py", [(2, plus(t_err, 0.5), -6)] + [(lr, plus(tk, 1), -15) for lr in range(8) if lr != 2])
    # everybody else waits; watchdog timeouts 10 minutes later
    t_wd = plus(t_err, 600)
    for hi in (0, 2, 3):
        h = hosts[hi]
        for lr in range(8):
            rk = j.rank(hi, lr)
            op, n = ("RECV", 16777216) if (hi == 2 and lr == 2) else ("ALLREDUCE", 1)
            logs[h] += watchdog_timeout(rk, plus(t_wd, r.uniform(0, 1.5)), r, 96113 if op == "RECV" else 388102, op, n)
        logs[h] += j.sigterm_lines(hi, plus(t_wd, 3), skip=(0,))
        logs[h] += j.child_failed(hi, "pretrain_gpt.py", [(0, plus(t_wd, 1), -6)] + [(lr, plus(t_wd, 4), -6 if lr in (2, 5) else -15) for lr in range(1, 8)])
    for hi, h in enumerate(hosts):
        b.w("%s/stdout.log" % h, logs[h])
        down = {2: ("Down", "Polling")} if hi == 1 else None
        ibs = []
        for i, ca in enumerate(HCAS):
            if down and i in down:
                ibs += ibstat_ca(ca, guid(r), state="Down", phys="Polling", lid=r.randint(100, 1900))
            else:
                ibs += ibstat_ca(ca, guid(r), lid=r.randint(100, 1900))
        b.w("%s/ibstat.txt" % h, ibs)
    boot = T(2025, 1, 20, 7, 0, 0)
    b.w("gpu-h02/dmesg.txt", [
        "%s mlx5_core %s: firmware version: 28.39.2048" % (dmesg_t(plus(boot, 14)), HCA_PCI[2]),
        "%s mlx5_core %s: mlx5_port_module_event:1153:(pid 0): Port module event[error]: module 2, Cable error, Bus stuck (I2C or data shorted)" % (dmesg_t(t_down), HCA_PCI[2]),
        "%s mlx5_core %s: mlx5_port_state_change: port 1 port_state change to DOWN (phys state: Polling)" % (dmesg_t(plus(t_down, 1)), HCA_PCI[2]),
    ])
    b.w("gpu-h03/dmesg.txt", [
        "%s mlx5_core %s: firmware version: 28.39.2048" % (dmesg_t(plus(boot, 14)), HCA_PCI[2]),
        "%s nvidia-peermem nv_mem_main_init:261 (pid 4401): nvidia-peermem loaded" % dmesg_t(plus(boot, 40)),
    ])
    so = ["3: " + x for x in train_lines(tr, 1, last, step, 80000, 1536, 20, r)]
    so += ["srun: error: gpu-h02: task 1: Exited with exit code 1", "srun: error: gpu-h01: task 0: Exited with exit code 1",
           "srun: error: gpu-h03: task 2: Exited with exit code 1", "srun: error: gpu-h04: task 3: Exited with exit code 1"]
    b.w("slurm-%d.out" % jobid, so)
    b.w("job.sbatch", sbatch_head(jobid, "gpt-70b-pp4", 4) + [
        "srun --label torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-h01:29500 pretrain_gpt.py \\",
        "    --tensor-model-parallel-size 8 --pipeline-model-parallel-size 4 --global-batch-size 1536 --log-interval 20"])
    b.set_label("network", "infrastructure", {"node": "gpu-h02", "rank": None}, "restart_without_node",
                "The only explicit completion error names peer 10.8.6.3 (gpu-h03), but it is reported by rank 10 on gpu-h02, whose mlx5_2 (the rail that rank uses) logged a cable "
                "error and went DOWN 31 s earlier and is still Down in ibstat; gpu-h03 is clean and only times out waiting, so the accuser's NIC is the fault.",
                "https://github.com/NVIDIA/nccl/issues/1664")
    return b


# --------------------------------------------------------------------- cj14
def cj14():
    b = Bundle("cj14_throughput_dip_with_ib_counter_snapshots", 9114)
    r = b.rng
    hosts = ["gpu-j01", "gpu-j02", "gpu-j03", "gpu-j04"]
    ib = ["10.8.11.%d" % i for i in range(1, 5)]
    j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib])
    jobid = 815520
    t0 = T(2025, 2, 17, 22, 0, 0)
    tr = plus(t0, 200)
    t_slow = T(2025, 2, 18, 9, 40, 0)
    t_snap = T(2025, 2, 18, 10, 20, 0)
    logs = {h: node_header(j, hi, plus(t0, 5)) for hi, h in enumerate(hosts)}
    for hi, h in enumerate(hosts):
        b.w("%s/stdout.log" % h, logs[h])
    it_slow = int((t_slow - tr).total_seconds() / 5.40)
    so = ["3: " + x for x in train_lines(tr, 1, it_slow, 5.40, 100000, 2048, 100, r)]
    so += ["3: " + x for x in train_lines(plus(tr, it_slow * 5.40), it_slow + 1, it_slow + 420, 5.63, 100000, 2048, 100, r, loss0=2.6)]
    b.w("slurm-%d.out" % jobid, so)
    b.w("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                       "            %d      h100 mixtral-  llmtrn  R   12:20:11      4 gpu-j[01-04]" % jobid])
    for hi, h in enumerate(hosts):
        for k, ts in enumerate((plus(t_snap, -600), t_snap)):
            L = ["# perfquery -x snapshot %s" % iso(ts)]
            for i, ca in enumerate(HCAS):
                lid = 400 + hi * 8 + i
                c = {"PortXmitData": 9132771823 + k * 88213301 + i, "PortRcvData": 9120011822 + k * 87100341 + i,
                     "PortXmitPkts": 471223911 + k * 4012201, "PortRcvPkts": 470991201 + k * 4001102}
                if hi == 2 and i == 5:
                    c.update({"SymbolErrorCounter": (1204, 9873)[k], "PortRcvErrors": (33, 291)[k], "LinkErrorRecoveryCounter": (2, 3)[k]})
                if hi == 0 and i == 1:
                    c.update({"PortXmitWait": (88120331, 90331782)[k]})
                else:
                    c.update({"PortXmitWait": (1200331 + i * 17, 1251220 + i * 19)[k]})
                L += ["## %s" % ca] + perfquery(lid, **c)
            b.w("%s/perfquery-%s.txt" % (h, ts.strftime("%H%M")), L)
        b.w("%s/ibstat.txt" % h, sum([ibstat_ca(ca, guid(r), lid=400 + hi * 8 + i) for i, ca in enumerate(HCAS)], []))
    b.w("gpu-j03/dmesg.txt", ["%s mlx5_core %s: firmware version: 28.39.2048" % (dmesg_t(T(2025, 2, 10, 6, 0, 14)), HCA_PCI[5])])
    b.w("notes.txt", ["collected by on-call at 10:20: tokens/s dropped from ~412k to ~395k around 09:40, job still running, no errors in logs"])
    b.set_label("network", "infrastructure", {"node": "gpu-j03", "rank": None}, "run_diagnostics",
                "The job is still running with no errors; step time rose from ~5.40 s to ~5.63 s and the only counters that move are gpu-j03 mlx5_5's SymbolErrorCounter "
                "(1204 -> 9873 in 10 min) and PortRcvErrors, without link downs; that is a suspicious, not yet failed, link on one node (the big PortXmitWait on gpu-j01 is congestion, not an error).",
                "https://github.com/guilbaults/infiniband-exporter/issues/12")
    return b


# --------------------------------------------------------------------- cj15
def cj15():
    b = Bundle("cj15_deepspeed_two_nodes_accusing_each_other_with_status12", 9115)
    r = b.rng
    hosts = ["gpu-k22", "gpu-k23"]
    eth = ["10.2.7.22", "10.2.7.23"]
    ibip = ["10.8.7.22", "10.8.7.23"]
    j = GpuJob(b, hosts, "eth0", eth, net="IB", oob=[("eth0", x) for x in eth], version="2.19.3+cuda12.3")
    t0 = T(2024, 9, 3, 22, 14, 5)
    tr = plus(t0, 160)
    t_down = T(2024, 9, 3, 23, 58, 40)
    gids = [[ib_gid(r) for _ in range(8)] for _ in hosts]
    L = ["[2024-09-03 22:14:05,118] [INFO] [runner.py:463:main] Using IP address of 10.2.7.22 for node gpu-k22",
         "[2024-09-03 22:14:05,118] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: gpu-k22,gpu-k23",
         "[2024-09-03 22:14:05,119] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w gpu-k22,gpu-k23 export NCCL_SOCKET_IFNAME=eth0; export NCCL_IB_HCA=mlx5; export NCCL_DEBUG=INFO;  cd /home/ft/sft; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJncHUtazIyIjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddLCAiZ3B1LWsyMyI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%n --master_addr=10.2.7.22 --master_port=29500 train_sft.py --deepspeed ds_z3.json"]
    for hi, h in enumerate(hosts):
        L.append("%s: [2024-09-03 22:14:08,402] [INFO] [launch.py:146:main] WORLD INFO DICT: {'gpu-k22': [0, 1, 2, 3, 4, 5, 6, 7], 'gpu-k23': [0, 1, 2, 3, 4, 5, 6, 7]}" % h)
        L.append("%s: [2024-09-03 22:14:08,402] [INFO] [launch.py:152:main] nnodes=2, num_local_procs=8, node_rank=%d" % (h, hi))
    for hi, h in enumerate(hosts):
        L += ["%s: %s" % (h, x) for x in j.node_init(hi)]
    for s in range(10, 1300, 50):
        tt = plus(tr, s * 4.6)
        if tt > t_down:
            break
        L.append("gpu-k22: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[1.9e-05], mom=[(0.9, 0.95)]" % (tt.strftime("%Y-%m-%d %H:%M:%S,%f")[:-3], s))
        L.append("gpu-k22: {'loss': %.4f, 'learning_rate': 1.9e-05, 'epoch': %.2f}" % (1.02 - s * 0.0002 + r.uniform(-0.02, 0.02), s / 2600))
    t_err = plus(t_down, 30)
    # symmetric accusations on local GPU 4 of both nodes
    for hi, h in enumerate(hosts):
        o = 1 - hi
        pre = "%s:%d:%d [4]" % (h, j.pids[hi][4], j.tids[hi][4] + 3)
        if hi == 1:
            L += ["%s: " % h, "%s: %s transport/net_ib.cc:93 NCCL WARN NET/IB : mlx5_4:1 Got async event : port error" % (h, pre)]
        port = 51000 + r.randint(0, 9000)
        L += ["%s: %s" % (h, x) for x in ib_cqe(h, j.pids[hi][4], j.tids[hi][4], 4, eth[o], port, 12, 0 if hi == 0 else 129, 129, "Send" if hi == 0 else "Recv", gids[hi][4], gids[o][4])]
        L += ["%s: %s" % (h, x) for x in nccl_remote_error(j.rank(hi, 4), plus(t_err, hi * 0.7), r,
                                                         ib_cqe_text(eth[o], port, 12, 0 if hi == 0 else 129, 129, "Send" if hi == 0 else "Recv", gids[hi][4], gids[o][4]), version="2.19.3")]
    for hi, h in enumerate(hosts):
        L.append("%s: [2024-09-04 00:00:15,%03d] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (h, r.randint(0, 999), j.pids[hi][4]))
        L.append("%s: [2024-09-04 00:00:16,%03d] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_sft.py', '--local_rank=4', '--deepspeed', 'ds_z3.json'] exits with return code = -6" % (h, r.randint(0, 999)))
    L += ["pdsh@gpu-k22: gpu-k23: ssh exited with exit code 250", "pdsh@gpu-k22: gpu-k22: ssh exited with exit code 250"]
    b.w("ds_launcher.log", L)
    b.w("gpu-k22/etc_hosts.txt", ["127.0.0.1 localhost", "%s gpu-k22.cl2.example.net gpu-k22" % eth[0], "%s gpu-k23.cl2.example.net gpu-k23" % eth[1],
                                  "%s gpu-k22-ib" % ibip[0], "%s gpu-k23-ib" % ibip[1]])
    boot = T(2024, 8, 29, 12, 0, 0)
    b.w("gpu-k23/dmesg.txt", [
        "%s mlx5_core %s: firmware version: 28.38.1002" % (dmesg_t(plus(boot, 13)), HCA_PCI[4]),
        "%s mlx5_core %s: mlx5_port_module_event:1153:(pid 0): Port module event[error]: module 4, Cable error, High Temperature" % (dmesg_t(plus(t_down, -2)), HCA_PCI[4]),
        "%s mlx5_core %s: mlx5_port_state_change: port 1 port_state change to DOWN (phys state: Disabled)" % (dmesg_t(t_down), HCA_PCI[4]),
    ])
    b.w("gpu-k22/dmesg.txt", ["%s mlx5_core %s: firmware version: 28.38.1002" % (dmesg_t(plus(boot, 13)), HCA_PCI[4]),
                              "%s EXT4-fs (md0): mounted filesystem with ordered data mode. Quota mode: none." % dmesg_t(plus(boot, 40))])
    for hi, h in enumerate(hosts):
        ibs = []
        for i, ca in enumerate(HCAS):
            if hi == 1 and i == 4:
                ibs += ibstat_ca(ca, guid(r), state="Down", phys="Disabled", lid=r.randint(100, 900), fw="28.38.1002")
            else:
                ibs += ibstat_ca(ca, guid(r), lid=r.randint(100, 900), fw="28.38.1002")
        b.w("%s/ibstat.txt" % h, ibs)
    b.set_label("network", "infrastructure", {"node": "gpu-k23", "rank": None}, "restart_without_node",
                "The two nodes accuse each other (status=12 from 10.2.7.23 on gpu-k22 and from 10.2.7.22 on gpu-k23), so the addresses alone cannot decide; gpu-k23's kernel "
                "logs a high-temperature cable/module error on mlx5_4 and the port going DOWN, and ibstat shows it Disabled, while gpu-k22's HCAs are all Active.",
                "https://github.com/NVIDIA/nccl/issues/1664")
    return b


CASES = [cj08, cj09, cj10, cj11, cj12, cj13, cj14, cj15]
