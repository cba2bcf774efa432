"""Cases be22-be28: OOM behind a connection flood, accusation chains, raw
uptime timestamps, fabric counters by GUID, rendezvous host NIC, silent
link loss and fabric-wide congestion."""

import random

from lib import (Bundle, T, sec, tz, UTC, f_dmesg_T, f_uptime, f_iso, f_syslog, f_glog, ibstat_ca)
from jobs import Job
from scen import Scenario


# ============================================================================ be22
def be22():
    rng = random.Random(6022)
    b = Bundle("be22_connection_closed_by_remote_peer_at_first_step")
    hosts = ["hpc-g%03d" % n for n in (41, 42, 43, 44)]
    ips = {h: "10.148.0.%d" % (141 + 5 * i) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, ips, oob_if="ib0", version="2.21.5+cuda12.4")
    sc = Scenario(b, job, layout="perrank", script="pretrain_gpt.py", rank_file="rank_%02d.txt",
                  launcher_name="torchrun.txt")
    t0 = T("2024-12-11 09:40:10.010")
    sc.start(t0)
    ts = t0 + sec(212.4)
    # Megatron setup prints on last rank
    sc.add(hosts[-1], 7, t0 + sec(60), [
        "> building GPT model ...",
        " > number of parameters on (tensor, pipeline) model parallel rank (0, 3): 10372382720",
        " > number of parameters on (tensor, pipeline) model parallel rank (1, 3): 10372382720",
        "> learning rate decay style: cosine",
        "[after model, optimizer, and learning rate scheduler are built] datetime: %s " % (t0 + sec(150)).strftime("%Y-%m-%d %H:%M:%S"),
        "> building train, validation, and test datasets ...",
        "[after dataloaders are built] datetime: %s " % (t0 + sec(205)).strftime("%Y-%m-%d %H:%M:%S"),
        "done with setup ...",
        "training ...",
        "[before the start of training step] datetime: %s " % (t0 + sec(206)).strftime("%Y-%m-%d %H:%M:%S")])
    culprit = hosts[-1]
    for lr in (5, 7, 6):
        r = job.rank(culprit, lr)
        tt = ts + sec(0.05 * lr)
        sc.add(culprit, lr, tt, [
            "[rank%d]: Traceback (most recent call last):" % r,
            '[rank%d]:   File "/workspace/Megatron-LM/pretrain_gpt.py", line 278, in <module>' % r,
            "[rank%d]:     pretrain(" % r,
            '[rank%d]:   File "/workspace/Megatron-LM/megatron/training/training.py", line 386, in pretrain' % r,
            "[rank%d]:     iteration, num_floating_point_operations_so_far = train(" % r,
            '[rank%d]:   File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 1459, in forward_backward_pipelining_without_interleaving' % r,
            "[rank%d]:     output_tensor, num_tokens = forward_step(" % r,
            '[rank%d]:   File "/workspace/Megatron-LM/megatron/core/models/gpt/gpt_model.py", line 278, in forward' % r,
            "[rank%d]:     loss = self.compute_language_model_loss(labels, logits)" % r,
            '[rank%d]:   File "/workspace/Megatron-LM/megatron/core/fusions/fused_cross_entropy.py", line 124, in forward' % r,
            "[rank%d]:     logits_max = torch.max(vocab_parallel_logits, dim=-1)[0]" % r,
            "[rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.82 GiB. GPU %d has a total capacity of 79.10 GiB of which 3.41 GiB is free. Including non-PyTorch memory, this process has 75.67 GiB memory in use. Of the allocated memory 70.91 GiB is allocated by PyTorch, and 2.94 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (r, lr)])
    for lr in (5, 6, 7):
        tt = ts + sec(0.05 * lr + 0.4)
        sc.add(culprit, lr, tt, "[rank%d]:[W%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only recently been added. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())"
               % (job.rank(culprit, lr), f_glog(tt, "")))
    sc.agent_fail(culprit, ts + sec(2.1), 5, exitcode=1, others_exit=1)
    # pipeline neighbours (stage 2 on hpc-g043) see the peer go away
    for k, lr in enumerate((5, 6, 7, 4)):
        sc.sock_error(hosts[2], lr, ts + sec(2.6 + 0.05 * k), culprit, closed=True, port=50111 + k)
    sc.agent_fail(hosts[2], ts + sec(4.0), 5)
    for h in hosts[:2]:
        sc.ib_error(h, 0, ts + sec(3.3 + hosts.index(h) * 0.3), culprit, status=12, kind="Recv", opcode=129, port=47600 + hosts.index(h))
        sc.agent_fail(h, ts + sec(5.9 + hosts.index(h) * 0.3), 0)
    sc.render()
    b.add("run_pretrain.sh", [
        "#!/bin/bash",
        "# 4 nodes x 8 H100 80GB",
        "GPT_ARGS=\"--num-layers 80 --hidden-size 8192 --num-attention-heads 64 --seq-length 8192 --max-position-embeddings 8192 \\",
        "  --micro-batch-size 2 --global-batch-size 512 --vocab-size 256000 --untie-embeddings-and-output-weights \\",
        "  --tensor-model-parallel-size 8 --pipeline-model-parallel-size 4 --sequence-parallel --bf16 --use-flash-attn\"",
        "torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint hpc-g041:29500 pretrain_gpt.py $GPT_ARGS $DATA_ARGS $OUTPUT_ARGS"])
    for h in hosts:
        b.add("%s/dmesg.txt" % h, ["%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % f_uptime(10.9),
                                   "%s mlx5_core 0000:18:00.0: firmware version: 28.39.1002" % f_uptime(4.2)])
    b.set_label("oom", "framework", None, None, "stop",
                "The connection-closed and completion errors all name 10.148.0.156 (hpc-g044), but hpc-g044's last-pipeline-stage ranks died first at the first training step with torch.OutOfMemoryError in the cross-entropy over a 256k vocabulary with micro-batch 2 x 8192 tokens; the job's own configuration does not fit.",
                "https://github.com/NVIDIA/nccl/issues/795")
    return b


# ============================================================================ be23
def be23():
    rng = random.Random(6023)
    b = Bundle("be23_reset_by_peer_chain_across_nodes")
    hosts = ["r5n%02d" % n for n in (1, 2, 3, 4, 5, 6)]
    ips = {h: "10.60.5.%d" % (201 - 9 * i) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, ips, oob_if="ibs1", version="2.20.5+cuda12.4", channels=2)
    sc = Scenario(b, job, layout="tee", script="pretrain.py", console_name="console.txt")
    t0 = T("2024-04-03 23:10:00.040")
    sc.start(t0)
    tf = T("2024-04-04 03:33:17.555")
    sc.titan(t0 + sec(100), tf, 10, 25.5, loss0=2.81, h=hosts[0], lr=0)
    C = "r5n05"     # link dies
    B = "r5n03"     # talks to C over IB, aborts first
    sc.ib_error(B, 2, tf + sec(31.4), C, status=12, kind="Send", hca="mlx5_2", port=44001)
    sc.agent_fail(B, tf + sec(33.9), 2)
    # after B's processes vanish, several ranks on other nodes see socket resets naming B
    k = 0
    for h in ("r5n01", "r5n02", "r5n04", "r5n06"):
        for lr in (0, 4) if h in ("r5n02", "r5n04") else (4,):
            sc.sock_error(h, lr, tf + sec(34.5 + 0.21 * k), B, closed=(k % 2 == 1), port=46000 + k)
            k += 1
        sc.agent_fail(h, tf + sec(36.8 + 0.3 * k), 4 if h not in ("r5n02", "r5n04") else 0)
    sc.node_watchdogs(C, tf + sec(600.1), 219870, op="ALLREDUCE")
    sc.agent_fail(C, tf + sec(603.2), 0)
    sc.render()
    for i, h in enumerate(hosts):
        K = ["%s mlx5_core 0000:1a:00.0: firmware version: 28.39.2048" % f_dmesg_T(T("2024-03-28 10:00:14")),
             "%s IPv6: ADDRCONF(NETDEV_CHANGE): ibs1: link becomes ready" % f_dmesg_T(T("2024-03-28 10:00:31"))]
        if h == C:
            K += ["%s mlx5_core 0000:5c:00.0: Port module event[error]: module 2, Cable error, Bad or shorted cable/module" % f_dmesg_T(tf),
                  "%s mlx5_core 0000:5c:00.0 mlx5_2: Port: 1 Link DOWN" % f_dmesg_T(tf)]
        if h == B:
            K.append("%s NVRM: Xid (PCI:0000:3a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000e1a004) has been added to the pending list, please reboot as soon as possible" % f_dmesg_T(T("2024-04-01 04:10:51")))
        b.add("%s/dmesg_T.txt" % h, K)
    b.set_label("network", "infrastructure", C, None, "restart_without_node",
                "Most errors are socket resets naming 10.60.5.183 (r5n03), but r5n03 only died because its rank 18 got a completion timeout from 10.60.5.165 (r5n05) 31 s after r5n05's mlx5_2 reported a bad cable and went DOWN; the earliest specific cause is r5n05's link.",
                "https://github.com/NVIDIA/nccl/issues/2076")
    return b


# ============================================================================ be24
def be24():
    rng = random.Random(6024)
    b = Bundle("be24_completion_error_with_old_link_flap_elsewhere")
    hosts = ["ml-%d" % n for n in (301, 302, 303, 304, 305)]
    ips = {h: "10.200.%d.%d" % (3, 61 + 17 * i) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, ips, oob_if="ib0", version="2.19.3+cuda12.3", channels=2)
    sc = Scenario(b, job, layout="tee", script="train.py", console_name="run.log")
    t0 = T("2024-07-01 12:00:00.900")
    sc.start(t0)
    culprit = "ml-303"
    tf = T("2024-07-01 16:21:40.612")
    sc.megatron(t0 + sec(90), tf, 10, 20.8, 2080.0, lr0=2.2e-4, loss0=2.62, h=hosts[-1], lr=7)
    ta = tf + sec(29.6)
    sc.ib_error("ml-302", 7, ta, culprit, status=12, kind="Send", port=41777)
    sc.ib_error("ml-304", 0, ta + sec(0.8), culprit, status=12, kind="Recv", opcode=129, port=41788)
    sc.agent_fail("ml-302", ta + sec(2.6), 7)
    sc.agent_fail("ml-304", ta + sec(3.3), 0)
    for h in ("ml-301", "ml-303", "ml-305"):
        sc.node_watchdogs(h, tf + sec(600.3 + 0.2 * hosts.index(h)), 128731)
        sc.agent_fail(h, tf + sec(603.6 + 0.2 * hosts.index(h)), 0)
    sc.render()
    btimes = {h: int(T("2024-06-%02d 05:12:00" % (20 + i)).timestamp()) + 37 * i for i, h in enumerate(hosts)}
    for h in hosts:
        bt = btimes[h]
        up = tf.timestamp() - bt
        K = ["%s Linux version 5.14.0-427.13.1.el9_4.x86_64 (mockbuild@x64-builder02.almalinux.org)" % f_uptime(0.0),
             "%s mlx5_core 0000:3b:00.0: firmware version: 20.39.1002" % f_uptime(3.902),
             "%s IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready" % f_uptime(15.433)]
        if h == "ml-301":
            # harmless: a flap days before this job, fully recovered
            old = up - 3 * 86400 - 5021.7
            K += ["%s mlx5_core 0000:3b:00.0 mlx5_0: Port: 1 Link DOWN" % f_uptime(old),
                  "%s ib0: carrier lost" % f_uptime(old + 0.001),
                  "%s mlx5_core 0000:3b:00.0 mlx5_0: Port: 1 Link INIT" % f_uptime(old + 8.210),
                  "%s mlx5_core 0000:3b:00.0 mlx5_0: Port: 1 Link ACTIVE" % f_uptime(old + 8.602),
                  "%s ib0: carrier acquired" % f_uptime(old + 8.603)]
        if h == culprit:
            K += ["%s mlx5_core 0000:3b:00.0 mlx5_0: Port: 1 Link DOWN" % f_uptime(up),
                  "%s ib0: carrier lost" % f_uptime(up + 0.001)]
        if h == "ml-305":
            K.append("%s nvme nvme0: I/O 442 QID 31 timeout, completion polled" % f_uptime(up - 7200.4))
        b.add("%s/dmesg" % h, K)
        b.add("%s/proc_stat_btime" % h, ["btime %d" % bt])
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "Completion timeouts name 10.200.3.95, ml-303's ib0 bootstrap address; converting the raw dmesg uptimes with btime puts ml-303's mlx5_0 Link DOWN at 16:21:40, 30 s before, while ml-301's link flap happened three days before the job and recovered.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return b


# ============================================================================ be25
def be25():
    rng = random.Random(6025)
    b = Bundle("be25_status12_and_fabric_error_report")
    hosts = ["gpu%03d" % n for n in (112, 113, 118, 121, 125, 126)]
    ips = {h: "10.150.2.%d" % (17 + 8 * i) for i, h in enumerate(hosts)}
    guids = {h: ["0x%016x" % (0x946dae0300c00000 + rng.getrandbits(20)) for _ in range(4)] for h in hosts}
    job = Job(rng, hosts, ips, oob_if="ib0", hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"], version="2.21.5+cuda12.4")
    sc = Scenario(b, job, layout="perrank", script="train.py", rank_file="rank%03d.log", launcher_name="launch.log")
    t0 = T("2025-02-03 07:00:30.120")
    sc.start(t0)
    culprit = "gpu121"
    tf = T("2025-02-03 11:49:02.030")
    sc.titan(t0 + sec(110), tf, 10, 27.7, loss0=2.45, h=hosts[0], lr=0)
    ta = tf + sec(1.3)
    sc.ib_error("gpu118", 5, ta, culprit, status=12, kind="Send", hca="mlx5_2", port=39123)
    sc.ib_error("gpu125", 4, ta + sec(0.7), culprit, status=12, kind="Recv", opcode=129, hca="mlx5_2", port=39140)
    sc.agent_fail("gpu118", ta + sec(2.8), 5)
    sc.agent_fail("gpu125", ta + sec(3.4), 4)
    for h in hosts:
        if h in ("gpu118", "gpu125"):
            continue
        sc.node_watchdogs(h, tf + sec(600.2 + 0.1 * hosts.index(h)), 301777, op="_ALLGATHER_BASE")
        sc.agent_fail(h, tf + sec(603.1 + 0.1 * hosts.index(h)), 0)
    sc.render()
    for h in hosts:
        cas = []
        for n in range(4):
            cas += ibstat_ca("mlx5_%d" % n, "MT4129", "28.42.1000", guids[h][n], lid=800 + hosts.index(h) * 4 + n) + [""]
        b.add("%s/ibstat.txt" % h, cas)
    # fabric-wide report from the subnet manager node; CA node descriptions were never set
    bad = guids[culprit][2]
    R = ["# ibqueryerrors --details  (run on ufm-01, 2025-02-03 12:05 UTC)",
         'Errors for 0x%016x "MF0;ib-leaf-11:MQM9700/U1"' % (0xfc6a1c0300e4a000 + 11),
         "   GUID 0x%016x port 17: [SymbolErrorCounter == 65535] [LinkErrorRecoveryCounter == 255] [LinkDownedCounter == 19] [PortRcvErrors == 20931]" % (0xfc6a1c0300e4a000 + 11),
         "   Link info:    1113   17[  ] ==( 4X       53.125 Gbps Active/  LinkUp)==>  %s    1[  ] \"MT4129 ConnectX7   Mellanox Technologies\" ( )" % bad,
         'Errors for %s "MT4129 ConnectX7   Mellanox Technologies"' % bad,
         "   GUID %s port 1: [SymbolErrorCounter == 41119] [LinkErrorRecoveryCounter == 87] [LinkDownedCounter == 19] [PortRcvErrors == 18220] [LocalLinkIntegrityErrors == 12]" % bad,
         'Errors for 0x%016x "MF0;ib-spine-02:MQM9790/U1"' % (0xfc6a1c0300e4b000 + 2),
         "   GUID 0x%016x port 33: [PortXmitDiscards == 3]" % (0xfc6a1c0300e4b000 + 2),
         'Errors for %s "MT4129 ConnectX7   Mellanox Technologies"' % guids["gpu112"][0],
         "   GUID %s port 1: [SymbolErrorCounter == 4]" % guids["gpu112"][0],
         "",
         "Summary: 1184 nodes checked, 4 bad nodes found",
         "         2968 ports checked, 4 ports have errors beyond threshold"]
    b.add("fabric_ibqueryerrors.txt", R)
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "Completion timeouts name 10.150.2.41, gpu121's ib0 address; the subnet manager's ibqueryerrors lists CA port GUID %s (mlx5_2 of gpu121 per its ibstat) and its leaf port with saturated symbol errors and 19 link-downs, so gpu121's link is bad; the other entries are minor." % bad,
                "https://github.com/NVIDIA/nccl/issues/905")
    return b


# ============================================================================ be26
def be26():
    rng = random.Random(6026)
    b = Bundle("be26_rendezvous_store_unreachable_mid_training")
    hosts = ["gpu-n%04d" % n for n in (41, 42, 43, 44, 45, 46, 47, 48)]
    eth = {h: "10.9.%d.%d" % (1 + i // 4, 41 + i) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, eth, oob_if="eno1", version="2.21.5+cuda12.4", channels=2)
    sc = Scenario(b, job, layout="tee", script="train.py", console_name="torchrun.log")
    t0 = T("2024-11-03 00:10:04.200")
    sc.start(t0)
    master = hosts[0]
    tf = T("2024-11-03 04:20:40.661")
    sc.megatron(t0 + sec(100), tf + sec(70), 10, 16.4, 1640.0, lr0=2.0e-4, loss0=2.39, h=hosts[-1], lr=7)
    for i, h in enumerate(hosts[1:], 1):
        ap = job.agent_pid(h)
        t1 = tf + sec(9.8 + 0.13 * i)
        L = ["W%s %d torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1172] The node '%s_%d_0' has failed to send a keep-alive heartbeat to the rendezvous 'llm-7b-811' due to an error of type RendezvousConnectionError."
             % (f_glog(t1, ""), ap, h, ap)]
        t2 = tf + sec(69.9 + 0.13 * i)
        L += ["E%s %d torch/distributed/elastic/agent/server/api.py:701] Error monitoring workers" % (f_glog(t2, ""), ap),
              "Traceback (most recent call last):",
              '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 113, in _call_store',
              "    return getattr(self._store, store_op)(*args, **kwargs)",
              "torch.distributed.DistStoreError: Socket Timeout",
              "",
              "The above exception was the direct cause of the following exception:",
              "",
              "Traceback (most recent call last):",
              '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 907, in _invoke_run',
              "    num_nodes_waiting = rdzv_handler.num_nodes_waiting()",
              '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1253, in num_nodes_waiting',
              "    self._state_holder.sync()",
              '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 118, in _call_store',
              "    raise RendezvousConnectionError(",
              "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."]
        for lr in range(8):
            L.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
                     % (f_glog(t2 + sec(0.01 * (lr + 1)), ""), ap, job.pid(h, lr)))
        sc.add(h, None, t1, L)
    # once the other agents tore their workers down, the master's own ranks lose their IB peers
    tz2 = tf + sec(70.3 + 0.13 * 8 + 31.0)
    sc.ib_error(master, 7, tz2, hosts[1], status=12, kind="Send", hca="mlx5_7", port=45310)
    sc.ib_error(master, 0, tz2 + sec(0.4), hosts[7], status=12, kind="Recv", opcode=129, hca="mlx5_0", port=45377)
    sc.agent_fail(master, tz2 + sec(2.9), 7)
    sc.render()
    b.add("sbatch_train.sh", [
        "#!/bin/bash",
        "#SBATCH -N 8 --gpus-per-node=8 --exclusive",
        "MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)",
        "export NCCL_SOCKET_IFNAME=eno1 NCCL_IB_HCA=mlx5",
        "srun torchrun --nnodes 8 --nproc-per-node 8 --rdzv-id llm-7b-811 --rdzv-backend c10d --rdzv-endpoint $MASTER_ADDR:29400 train.py"])
    b.add("getent_hosts.txt", ["%s       %s.cluster.local %s" % (eth[h], h, h) for h in hosts])
    for i, h in enumerate(hosts):
        K = ["%s %s kernel: ice 0000:17:00.0 eno1: NIC Link is up 25 Gbps Full Duplex, Requested FEC: RS-FEC, Negotiated FEC: RS-FEC, Autoneg Advertised: On, Autoneg Negotiated: True, Flow control: None" % (f_iso(T("2024-10-30 07:00:12.004")), h)]
        if h == master:
            K += ["%s %s kernel: ice 0000:17:00.0 eno1: NIC Link is Down" % (f_iso(tf), h),
                  "%s %s NetworkManager[1302]: <info>  [%.4f] device (eno1): state change: activated -> unavailable (reason 'carrier-changed', sys-iface-state: 'managed')" % (f_iso(tf + sec(0.004)), h, tf.timestamp()),
                  "%s %s systemd-networkd-wait-online[1480]: Timeout occurred while waiting for network connectivity." % (f_iso(tf + sec(120.2)), h)]
        if h == "gpu-n0046":
            K.append("%s %s kernel: NVRM: Xid (PCI:0000:db:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000002c1b10) has been added to the pending list, please reboot as soon as possible" % (f_iso(T("2024-11-02 12:01:33.410")), h))
        b.add("%s/journal.log" % h, K)
    b.set_label("network", "infrastructure", master, None, "restart_without_node",
                "Training itself was fine, but the torchrun agents on seven nodes lost the c10d rendezvous store at gpu-n0041:29400 (keep-alive failures, Socket Timeout, RendezvousConnectionError); gpu-n0041 is MASTER_ADDR and its eno1 NIC link went down 10 s before the first keep-alive failure.",
                "https://github.com/meta-pytorch/torchtune/issues/2676")
    return b


# ============================================================================ be27
def be27():
    rng = random.Random(6027)
    b = Bundle("be27_watchdog_timeouts_everywhere_no_peer_named")
    hosts = ["s%02dn%02d" % (3, n) for n in (1, 2, 3, 4, 5, 6, 7, 8)]
    ips = {h: "172.24.3.%d" % (10 + 10 * i) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, ips, oob_if="ibp12s0", version="2.21.5+cuda12.4", channels=2)
    sc = Scenario(b, job, layout="perrank", script="train.py", rank_file="rank%d.err", launcher_name="agent.err")
    t0 = T("2025-01-08 18:00:03.003", tz(-8)).astimezone(UTC)
    sc.start(t0)
    culprit = "s03n06"
    tl = T("2025-01-08 20:47:29.440", tz(-8)).astimezone(UTC)
    sc.titan(t0 + sec(100), tl, 10, 23.8, loss0=2.70, h=hosts[0], lr=0)
    for h in hosts:
        for lr in range(8):
            sc.watchdog(h, lr, tl + sec(1800.0 + rng.uniform(0.1, 3.0)), 96004, op="ALLREDUCE", timeout_ms=1800000)
        sc.agent_fail(h, tl + sec(1805.0 + rng.uniform(0, 1)), rng.randint(0, 7))
    sc.render()
    b.add("nccl_env.txt", ["NCCL_IB_TIMEOUT=28", "NCCL_IB_RETRY_CNT=7", "NCCL_DEBUG=WARN", "TORCH_NCCL_ASYNC_ERROR_HANDLING=1"])
    pst = tz(-8)
    for i, h in enumerate(hosts):
        L = ["%s %s kernel: mlx5_core 0000:0c:00.0: firmware version: 28.42.1000" % (f_syslog(T("2025-01-02 09:00:02").astimezone(pst)), h),
             "%s %s systemd[1]: Started Slurm node daemon." % (f_syslog(T("2025-01-02 09:00:40").astimezone(pst)), h)]
        if h == culprit:
            lt = (tl + sec(0.3)).astimezone(pst)
            L += ["%s %s kernel: mlx5_core 0000:ab:00.0 mlx5_6: Port: 1 Link DOWN" % (f_syslog(lt), h),
                  "%s %s kernel: mlx5_core 0000:ab:00.0: Port module event: module 6, Cable unplugged" % (f_syslog(lt), h)]
        if h == "s03n02":
            L.append("%s %s kernel: EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x881c2 offset:0x3c0 grain:32 syndrome:0x0)" % (f_syslog((tl - sec(5000)).astimezone(pst)), h))
        b.add("%s/messages" % h, L)
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "All 64 ranks hit the 30-minute watchdog on the same SeqNum and no NCCL warning names a peer (long IB timeout/retry settings), but s03n06's syslog shows its mlx5_6 cable unplugged and the port DOWN right after the last completed step; that node's link is the only evidence.",
                "https://github.com/NVIDIA/nccl/issues/1071")
    return b


# ============================================================================ be28
def be28():
    rng = random.Random(6028)
    b = Bundle("be28_step_time_creeps_up_on_all_nodes")
    hosts = ["roce-h%02d" % n for n in (21, 22, 23, 24, 25, 26)]
    ips = {h: "10.112.0.%d" % (21 + i) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, ips, oob_if="eth0", hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"], roce=True,
              version="2.21.5+cuda12.4", channels=2)
    sc = Scenario(b, job, layout="tee", script="pretrain.py", console_name="train_stdout.log")
    t0 = T("2024-09-24 08:00:00.120")
    sc.start(t0)
    tc = T("2024-09-24 10:30:00.000")
    tend = T("2024-09-24 12:40:00.000")

    def jit(t, it):
        if t < tc:
            return 1408.0 + rng.uniform(-12, 12)
        ramp = min(1.0, (t - tc).total_seconds() / 2400.0)
        return 1408.0 + ramp * 2200.0 + rng.uniform(-180, 180)
    t = t0 + sec(100)
    it = 10
    while t < tend:
        ms = jit(t, it)
        sc.add(hosts[-1], 7, t, " [%s] iteration %8d/  200000 | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: 1.500000E-04 | global batch size:  1536 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
               % (t.strftime("%Y-%m-%d %H:%M:%S"), it, it * 1536, ms, 2.5 - it * 0.00001 + rng.uniform(-0.03, 0.03), 0.35 + rng.uniform(0, 0.1)))
        it += 10
        t = t + sec(ms * 10 / 1000.0)
    sc.render()
    b.add("squeue.txt", ["  JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         " 771903     roce  llm-30b   ml-ops  R    4:40:11      6 roce-h[21-26]"])
    for i, h in enumerate(hosts):
        E = ["$ ethtool -S ens6f0np0 | egrep 'prio3|pause|cnp|ecn|out_of_buffer|discard'  # sample 1 (10:20) / sample 2 (12:35)"]
        for sample, scale in (("10:20", 1.0), ("12:35", 1.0)):
            hot = sample == "12:35"
            E += ["  # %s" % sample,
                  "     rx_prio3_pause: %d" % ((2211 + 31 * i) if not hot else (48211002 + 3100 * i)),
                  "     tx_prio3_pause: %d" % ((1911 + 17 * i) if not hot else (39100210 + 2701 * i)),
                  "     rx_prio3_pause_duration: %d" % ((120031 + i) if not hot else (9810224410 + 1000 * i)),
                  "     tx_pause_storm_warning_events: 0",
                  "     rx_out_of_buffer: %d" % (0 if not hot else 1120 + i),
                  "     rx_discards_phy: %d" % (0 if not hot else 88 + 3 * i),
                  "     np_ecn_marked_roce_packets: %d" % ((1021 + i) if not hot else (77120211 + 4000 * i)),
                  "     np_cnp_sent: %d" % ((998 + i) if not hot else (75002110 + 3800 * i)),
                  "     rp_cnp_handled: %d" % ((1003 + i) if not hot else (74988012 + 3900 * i))]
        b.add("%s/ethtool_S_ens6f0np0.txt" % h, E)
        K = ["%s mlx5_core 0000:86:00.0 ens6f0np0: Link up" % f_dmesg_T(T("2024-09-19 06:40:11")),
             "%s mlx5_core 0000:86:00.0: mlx5e_dcbnl_ieee_setpfc: PFC per priority bit mask: 0x08" % f_dmesg_T(T("2024-09-19 06:40:14"))]
        if i == 2:
            K.append("%s NVRM: Xid (PCI:0000:9a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000310f00) has been added to the pending list, please reboot as soon as possible" % f_dmesg_T(T("2024-09-22 01:11:09")))
        b.add("%s/dmesg_T.txt" % h, K)
        b.add("%s/nvidia-smi_q_d_CLOCK_PERFORMANCE.txt" % h, [
            "==============NVSMI LOG==============",
            "Timestamp                                 : Tue Sep 24 12:36:%02d 2024" % (10 + i),
            "Driver Version                            : 550.90.07",
            "Attached GPUs                             : 8",
            "GPU 00000000:18:00.0",
            "    Clocks Event Reasons",
            "        Idle                              : Not Active",
            "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : Not Active",
            "        HW Slowdown                       : Not Active",
            "        HW Thermal Slowdown               : Not Active",
            "        SW Thermal Slowdown               : Not Active",
            "    Clocks",
            "        SM                                : 1980 MHz",
            "        Memory                            : 2619 MHz"])
    b.add("switch_note.txt", [
        "# from the network team's dashboard export, leaf pair lf-r12a/lf-r12b, 2024-09-24",
        "time(UTC)  port-group          egress_util  ecn_marked/s  pfc_pause_tx/s",
        "10:00      to-spine            41%          120           3",
        "10:30      to-spine            88%          91022         1211",
        "11:00      to-spine            97%          402211        9877",
        "12:30      to-spine            98%          431877        10210",
        "# tenants on leaf pair since 10:27: job 771903 (roce-h[21-26]), job 772011 (roce-h[27-40], all-to-all benchmark)"])
    b.set_label("straggler", "infrastructure", None, None, "restart",
                "No crash: iteration time creeps from ~1.4 s to ~3.6 s after 10:30 on a still-running job; every node shows the same explosion of PFC pauses, ECN marks and CNPs on its RoCE port and the shared leaf uplinks are saturated by another tenant, with no node-local fault, so the fabric is the bottleneck.",
                "https://github.com/NVIDIA/nccl/issues/914")
    return b


CASES = [be22, be23, be24, be25, be26, be27, be28]
