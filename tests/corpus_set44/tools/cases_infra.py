"""ao15-ao21: network, host and storage failures."""
from datetime import timedelta

from common import (Bundle, Log, Node, T, H100_BUS, A100_BUS, benign_kernel, f_date_cmd, f_pylog, f_pylog_br, f_glog_py,
                    f_c10, f_dmesg_T, f_iso, f_nemo, f_syslog, kline, make_nodes, py_traceback, rng_for, sec, smi_table,
                    watchdog_timeout, child_failed, ds_step, titan_step, bar, hms, nccl_init, c10_frames)
from jobs import TorchrunJob

NCCL_REMOTE = ("NCCL error: remote process exited or there was a network error, NCCL version %s\n"
               "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
               "Last error:\n%s")


def ib_warn(node, pid, tid, local, peer_ip, port, lip, status=12, verr=129, direction="Recv"):
    p = "%s:%d:%d [%d]" % (node.name, pid, tid, local)
    return "\n".join([
        "%s transport/net_ib.cc:1683 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=%d opcode=0 len=0 vendor err %d (%s) localGid ::ffff:%s remoteGids::ffff:%s"
        % (p, peer_ip, port, status, verr, direction, lip, peer_ip),
        "%s NCCL INFO transport/net.cc:1302 -> 6" % p,
        "%s NCCL INFO proxy.cc:698 -> 6" % p,
        "%s NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % p])


def remote_error_block(rank, dt, rng, version, lasterr, seq, op="ALLREDUCE"):
    pre = "[rank%d]:" % rank
    msg = "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: %s" % (
        rank, NCCL_REMOTE % (version, lasterr))
    L = ["%s[%s ProcessGroupNCCL.cpp:1762] [PG ID 0 PG GUID 0(default_pg) Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
         % (pre, f_c10(dt, rng), rank, seq, seq, seq - 1),
         "%s[%s ProcessGroupNCCL.cpp:684] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
         % (pre, f_c10(dt + timedelta(microseconds=21), rng), rank),
         "%s[%s ProcessGroupNCCL.cpp:698] [Rank %d] To avoid data inconsistency, we are taking the entire process down."
         % (pre, f_c10(dt + timedelta(microseconds=40), rng), rank),
         "%s[%s ProcessGroupNCCL.cpp:1896] %s" % (pre, f_c10(dt + timedelta(microseconds=66), rng), msg),
         "Exception raised from checkForNCCLErrorsInternal at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):"]
    L += c10_frames(rng, kind="error")
    L += ["", "terminate called after throwing an instance of 'c10::DistBackendError'", "  what():  " + msg]
    return "\n".join(L)


# =============================================================================
# ao15  one node's HCA port goes down; its peers accuse its IP (status=12)
# =============================================================================
def ao15():
    name = "ao15_fsdp_job_nccl_remote_errors_on_every_node"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["gpu-b0%d" % i for i in range(1, 9)]
    ips = ["10.50.3.%d" % (10 + i) for i in range(1, 9)]
    nodes = make_nodes(names, ips, rng)
    culprit = nodes[4]     # gpu-b05 / 10.50.3.15
    rail = 3
    ver = "2.21.5"
    start = T("2025-03-26 00:30:02.000")
    t0 = T("2025-03-26 07:14:52.330")
    site = "/opt/venv/lib/python3.10/site-packages"
    job = TorchrunJob(nodes, rng, start, "train_fsdp.py", pysite=site, launcher="/opt/venv/bin/torchrun",
                      binary="/opt/venv/bin/python", nccl_version=ver + "+cuda12.4")
    job.banner()
    job.nccl(start + sec(22))
    first = nodes[0]
    t = start + sec(60)
    s = 0
    while True:
        t += sec(rng.uniform(2.55, 2.62) * 50)
        if t >= t0:
            break
        s += 50
        job.log(first).add(t, "%s | INFO | train_fsdp | step %6d | loss %.4f | lr %.3e | tok/s/gpu %5d | mem %.1fGiB" % (
            f_pylog(t), s, 2.61 - s * 2.2e-5 + rng.uniform(-0.01, 0.01), 3e-4, rng.randint(5480, 5560), 63.4))
    # kernel side: port of mlx5_3 on gpu-b05 goes down
    seq = 7734810
    # ring neighbours over rail 3: rank on node i local 3 talks to node i-1 and i+1
    tnet = t0 + sec(21.4)   # after the IB retry/timeout budget
    errs = {}
    for n in nodes:
        r = n.rank(rail)
        pid = job.pid(n, rail)
        tt = tnet + sec(rng.uniform(0, 0.6))
        if n is culprit:
            peers = [nodes[3], nodes[5]]
            for pn in peers:
                job.log(n).add(tt, ib_warn(n, pid, pid + 977, rail, pn.ip, rng.randint(40000, 60000), n.ip, status=12, direction="Send"))
            last = "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (
                peers[0].ip, 51877, n.ip, peers[0].ip)
        else:
            job.log(n).add(tt, ib_warn(n, pid, pid + 977, rail, culprit.ip, rng.randint(40000, 60000), n.ip))
            last = "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (
                culprit.ip, rng.randint(40000, 60000), n.ip, culprit.ip)
        te = tt + sec(rng.uniform(0.3, 0.9))
        job.log(n).add(te, remote_error_block(r, te, rng, ver, last, seq, op="_REDUCE_SCATTER_BASE"))
        errs[n.name] = te
    for n in nodes:
        job.teardown(n, rail, errs[n.name] + sec(0.2), -6)
    so = Log()
    so.add(start - sec(3), "+ srun -N 8 --ntasks-per-node=1 --kill-on-bad-exit=0 torchrun --nnodes 8 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-b01:29500 train_fsdp.py --cfg cfg/13b_fsdp.yaml\n"
                           "+ export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_7 NCCL_SOCKET_IFNAME=ib0 NCCL_DEBUG=WARN")
    for n in nodes:
        so.add(errs[n.name] + sec(6 + rng.uniform(0, 2)), "srun: error: %s: task %d: Exited with exit code 1" % (n.name, n.index))
    b.put("slurm-990417.out", so)
    for n in nodes:
        b.put("%s/train.log" % n.name, job.log(n))
        k = Log()
        for dt, m in benign_kernel(rng, start - sec(3600 * 5), t0 + sec(1200), rng.randint(10, 20)):
            k.add(dt, kline("T", dt, n.name, m, n.boot))
        if n is culprit:
            seqs = [(-0.9, "mlx5_core 0000:5e:00.0: mlx5_port_module_event:1193:(pid 0): Port module event[error]: module 3, Cable error, Bus stuck (I2C or data shorted)"),
                    (0.0, "mlx5_core 0000:5e:00.0: Port module event: module 3, Cable unplugged"),
                    (0.0, "mlx5_core 0000:5e:00.0 ibp94s0: Link down"),
                    (0.01, "infiniband mlx5_3: mlx5_ib_event:3137:(pid 0): warning: event on port 1, event type: 4 (PORT_ERR)"),
                    (41.2, "mlx5_core 0000:5e:00.0: Port module event: module 3, Cable plugged"),
                    (44.7, "mlx5_core 0000:5e:00.0 ibp94s0: Link up"),
                    (44.7, "infiniband mlx5_3: mlx5_ib_event:3137:(pid 0): warning: event on port 1, event type: 9 (PORT_ACTIVE)"),
                    (96.3, "mlx5_core 0000:5e:00.0: Port module event: module 3, Cable unplugged"),
                    (96.3, "mlx5_core 0000:5e:00.0 ibp94s0: Link down")]
            for off, m in seqs:
                k.add(t0 + sec(off), kline("T", t0 + sec(off), n.name, m, n.boot))
        b.put("%s/dmesg.txt" % n.name, k)
    L = ["$ ibstat mlx5_3", "CA 'mlx5_3'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.2048",
         "\tHardware version: 0", "\tNode GUID: 0x946dae0300a21f5c", "\tSystem image GUID: 0x946dae0300a21f5c", "\tPort 1:",
         "\t\tState: Down", "\t\tPhysical state: Polling", "\t\tRate: 10", "\t\tBase lid: 65535", "\t\tLMC: 0", "\t\tSM lid: 1",
         "\t\tCapability mask: 0xa751e84a", "\t\tPort GUID: 0x946dae0300a21f5c", "\t\tLink layer: InfiniBand",
         "$ perfquery -x -C mlx5_3 -P 1 2>&1 | head -3", "ibwarn: [412211] mad_rpc_open_port: can't open UMAD port (mlx5_3:1)",
         "$ cat /sys/class/infiniband/mlx5_3/ports/1/counters/link_downed", "7",
         "$ cat /sys/class/infiniband/mlx5_3/ports/1/counters/symbol_error", "48211"]
    b.put("%s/ib-port-check.txt" % culprit.name, L)
    other = nodes[1]
    L2 = ["$ ibstat mlx5_3", "CA 'mlx5_3'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.2048",
          "\tPort 1:", "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400", "\t\tBase lid: 211", "\t\tLink layer: InfiniBand",
          "$ cat /sys/class/infiniband/mlx5_3/ports/1/counters/link_downed", "0",
          "$ cat /sys/class/infiniband/mlx5_3/ports/1/counters/symbol_error", "0"]
    b.put("%s/ib-port-check.txt" % other.name, L2)
    b.set_label("network", "infrastructure", {"node": culprit.name}, "restart_without_node",
                "Every node's rail-3 rank failed with 'Got completion from peer 10.50.3.15 ... status=12' (gpu-b05's address) and gpu-b05 "
                "itself shows its mlx5_3 cable/module error and link down at 07:14:52, with ibstat still Down/Polling; the remote-error "
                "aborts everywhere are sympathetic.",
                "https://github.com/NVIDIA/nccl/issues/1405")
    return b


# =============================================================================
# ao16  all nodes behind one leaf switch flap at once; DeepSpeed via pdsh
# =============================================================================
def ao16():
    name = "ao16_deepspeed_12_nodes_ib_completion_errors_from_several_hosts"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["trn-r2-%02d" % i for i in range(1, 13)]
    ips = ["10.62.2.%d" % (100 + i) for i in range(1, 13)]
    nodes = make_nodes(names, ips, rng)
    leaf = {"ib-leaf-05": names[0:4], "ib-leaf-06": names[4:8], "ib-leaf-07": names[8:12]}
    b.topology(leaf)
    bad = nodes[8:12]
    ver = "2.20.5"
    start = T("2025-03-27 01:00:20.000")
    t0 = T("2025-03-27 04:17:52.020")
    out = Log()
    out.add(start, "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s export NCCL_IB_HCA=mlx5; cd /home/svc/llm; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=... --node_rank=%%n --master_addr=10.62.2.101 --master_port=29500 pretrain.py --deepspeed_config ds_z1.json" % (
        f_pylog(start), ",".join(names)))
    pids = {}
    for n in nodes:
        for l in range(8):
            r = n.rank(l)
            pids[r] = n.pid0 + l
            t = start + sec(rng.uniform(25, 28))
            lines = nccl_init(n, l, pids[r], pids[r] + 600, 96, 12, rng, version=ver + "+cuda12.4", verbose=(l == 0))
            out.add(t, "\n".join("%s: %s" % (n.name, x) for x in lines))
    t = start + sec(90)
    s = 0
    while True:
        t += sec(rng.uniform(39.5, 40.5))
        if t >= t0:
            break
        s += 10
        out.add(t, "\n".join("%s: %s" % (names[0], x) for x in ds_step(t, s, 0, 1.5e-4, rng.uniform(1530, 1560), 30.4, 61.2, s * 16).split("\n")))
    # leaf-07 hosts lose all links for ~40 s; peers on other leaves see errors naming leaf-07 addresses,
    # leaf-07 hosts see errors naming their ring neighbours on other leaves
    errt = {}
    for n in nodes:
        for l in range(8):
            r = n.rank(l)
            if n in bad:
                peer = nodes[(n.index + rng.choice([-1, 1]) * rng.randint(1, 3)) % 12]
                if peer in bad:
                    peer = nodes[rng.randint(0, 7)]
            else:
                if rng.random() < 0.55:
                    continue
                peer = rng.choice(bad)
            tt = t0 + sec(18 + rng.uniform(0, 3))
            w = ib_warn(n, pids[r], pids[r] + 600, l, peer.ip, rng.randint(40000, 60000), n.ip,
                        status=rng.choice([12, 12, 12, 5]), verr=rng.choice([129, 129, 249]), direction=rng.choice(["Recv", "Send"]))
            out.add(tt, "\n".join("%s: %s" % (n.name, x) for x in w.split("\n")))
            last = w.split("\n")[0].split("NCCL WARN ")[1]
            te = tt + sec(rng.uniform(0.2, 0.8))
            blk = remote_error_block(r, te, rng, ver, last, 912200 + s)
            out.add(te, "\n".join("%s: %s" % (n.name, x) for x in blk.split("\n")))
            errt.setdefault(n.name, []).append((te, l))
    for n in nodes:
        if n.name not in errt:
            continue
        te, l = min(errt[n.name])
        tk = te + sec(rng.uniform(1, 2))
        for ll in range(8):
            out.add(tk + sec(0.001 * ll), "%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (n.name, f_pylog(tk), pids[n.rank(ll)]))
        out.add(tk + sec(0.01), "%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'pretrain.py', '--local_rank=%d', '--deepspeed_config', 'ds_z1.json'] exits with return code = -6" % (n.name, f_pylog(tk), l))
    out.add(t0 + sec(40), "pdsh@trn-r2-01: trn-r2-09: ssh exited with exit code 250\npdsh@trn-r2-01: trn-r2-11: ssh exited with exit code 250\npdsh@trn-r2-01: trn-r2-10: ssh exited with exit code 250\npdsh@trn-r2-01: trn-r2-12: ssh exited with exit code 250")
    b.put("deepspeed_pdsh_run.log", out)
    for n in nodes:
        k = Log()
        for dt, m in benign_kernel(rng, start - sec(7200), t0 + sec(600), rng.randint(8, 16)):
            k.add(dt, kline("syslog", dt, n.name, m, n.boot))
        if n in bad:
            base = t0 + sec(rng.uniform(-0.3, 0.3))
            for i in range(8):
                tt = base + sec(rng.uniform(0, 0.05))
                k.add(tt, kline("syslog", tt, n.name, "mlx5_core 0000:%02x:00.0 ibp%ds0: Link down" % (0x0c + i * 0x10, 12 + i * 16), n.boot))
                k.add(tt, kline("syslog", tt, n.name, "infiniband mlx5_%d: mlx5_ib_event:3137:(pid 0): warning: event on port 1, event type: 4 (PORT_ERR)" % i, n.boot))
                tu = base + sec(39 + rng.uniform(0, 2))
                k.add(tu, kline("syslog", tu, n.name, "mlx5_core 0000:%02x:00.0 ibp%ds0: Link up" % (0x0c + i * 0x10, 12 + i * 16), n.boot))
                k.add(tu, kline("syslog", tu, n.name, "infiniband mlx5_%d: mlx5_ib_event:3137:(pid 0): warning: event on port 1, event type: 9 (PORT_ACTIVE)" % i, n.boot))
        b.put("%s/kern.log" % n.name, k)
    b.set_label("network", "infrastructure", None, "restart",
                "All eight HCA ports of every node under ib-leaf-07 (trn-r2-09..12) went down within the same second and came back ~40 s "
                "later, and the NCCL status=12 errors name several different hosts; this is a switch/fabric event, not one bad node.",
                "https://github.com/NVIDIA/nccl/issues/928")
    return b


# =============================================================================
# ao17  Ray Train: worker node vanishes (fatal machine check)
# =============================================================================
def ao17():
    name = "ao17_ray_train_actor_died_node_marked_dead"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["ip-10-0-4-21", "ip-10-0-4-22", "ip-10-0-4-23", "ip-10-0-4-24"]
    ips = ["10.0.4.21", "10.0.4.22", "10.0.4.23", "10.0.4.24"]
    nodes = make_nodes(names, ips, rng)
    culprit = nodes[2]
    start = T("2025-03-28 08:30:11.000")
    t0 = T("2025-03-28 11:02:17.604")
    ver = "2.21.5"
    drv = Log()
    drv.add(start, "%s\tINFO worker.py:1821 -- Connected to Ray cluster. View the dashboard at http://10.0.4.21:8265 " % f_pylog(start))
    drv.add(start + sec(1), "View detailed results here: /mnt/shared/ray_results/TorchTrainer_2025-03-28_08-30-12\nTo visualize your results with TensorBoard, run: `tensorboard --logdir /tmp/ray/session_2025-03-28_08-28-40_512211_1/artifacts/2025-03-28_08-30-12/TorchTrainer_2025-03-28_08-30-12/driver_artifacts`")
    drv.add(start + sec(4), "(TrainTrainable pid=4412) Trainable.setup took 3.118 seconds. If your trainable is slow to initialize, consider setting reuse_actors=True to reduce actor creation overheads.")
    wpid = {}
    for n in nodes:
        for l in range(8):
            r = n.rank(l)
            wpid[r] = n.pid0 + l * 13
    node_ids = {n.name: "%056x" % rng.getrandbits(224) for n in nodes}
    drv.add(start + sec(9), "(TorchTrainer pid=4412) Started distributed worker processes: \n" + "\n".join(
        "(TorchTrainer pid=4412) - (node_id=%s, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d" % (
            node_ids[n.name], n.ip, wpid[n.rank(l)], n.rank(l), l, n.index) for n in nodes for l in range(8)))
    for n in nodes:
        for l in range(8):
            r = n.rank(l)
            t = start + sec(15 + rng.uniform(0, 2))
            lines = nccl_init(n, l, wpid[r], wpid[r] + 310, 32, 4, rng, version=ver + "+cuda12.4", verbose=(l == 0), ifname="ens32")
            drv.add(t, "\n".join("(RayTrainWorker pid=%d, ip=%s) %s" % (wpid[r], n.ip, x) for x in lines))
    t = start + sec(40)
    ep, s = 0, 0
    while True:
        t += sec(rng.uniform(58, 61))
        if t >= t0:
            break
        s += 100
        drv.add(t, "(RayTrainWorker pid=%d, ip=10.0.4.21) [rank0] epoch=%d step=%d loss=%.4f throughput=%.1f samples/s" % (
            wpid[0], ep, s, 1.44 - s * 3e-5 + rng.uniform(-0.01, 0.01), rng.uniform(1650, 1690)))
        if s % 1000 == 0:
            drv.add(t + sec(8), "(RayTrainWorker pid=%d, ip=10.0.4.21) Checkpoint successfully created at: Checkpoint(filesystem=local, path=/mnt/shared/ray_results/TorchTrainer_2025-03-28_08-30-12/TorchTrainer_5f1a2_00000_0_2025-03-28_08-30-12/checkpoint_%06d)" % (wpid[0], s // 1000 - 1))
            drv.add(t + sec(8.1), "\nTraining finished iteration %d at %s. Total running time: %s\n" % (s // 1000, (t + sec(8)).strftime("%Y-%m-%d %H:%M:%S"), hms((t - start).total_seconds())))
    # peers see IB errors naming the vanished node before Ray notices
    tn = t0 + sec(19)
    for n in nodes:
        if n is culprit:
            continue
        for l in rng.sample(range(8), 3):
            r = n.rank(l)
            w = ib_warn(n, wpid[r], wpid[r] + 310, l, culprit.ip, rng.randint(40000, 60000), n.ip)
            drv.add(tn + sec(rng.uniform(0, 2)), "\n".join("(RayTrainWorker pid=%d, ip=%s) %s" % (wpid[r], n.ip, x) for x in w.split("\n")))
    tdead = t0 + sec(31.5)
    nid = node_ids[culprit.name]
    drv.add(tdead, "%s\tWARNING worker.py:2254 -- The node with node id: %s and address: 10.0.4.23 and node name: 10.0.4.23 has been marked dead because the detector has missed too many heartbeats from it. This can happen when a \t(1) raylet crashes unexpectedly (OOM, etc.) \n\t(2) raylet has lagging heartbeats due to slow network or busy workload." % (f_pylog(tdead), nid))
    drv.add(tdead + sec(1.2), "\n".join([
        "%s\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_5f1a2_00000" % f_pylog(tdead + sec(1.2)),
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.11/site-packages/ray/air/execution/_internal/event_manager.py", line 110, in resolve_future',
        "    result = ray.get(future)",
        '  File "/opt/conda/lib/python3.11/site-packages/ray/_private/worker.py", line 2755, in get',
        "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
        '  File "/opt/conda/lib/python3.11/site-packages/ray/_private/worker.py", line 908, in get_objects',
        "    raise value",
        "ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.",
        "\tclass_name: RayTrainWorker",
        "\tactor_id: %032x" % rng.getrandbits(128),
        "\tpid: %d" % wpid[culprit.rank(0)],
        "\tnamespace: %s" % "3c8e31d1-2e6a-4a5b-9d4e-7f9d0f3b2a11",
        "\tip: 10.0.4.23",
        "The actor is dead because its node has died. Node Id: %s" % nid,
        "The actor never ran - it was cancelled before it started running."]))
    drv.add(tdead + sec(2.0), "\n".join([
        "Training errored after %d iterations at %s. Total running time: %s" % (s // 1000, (tdead + sec(2)).strftime("%Y-%m-%d %H:%M:%S"), hms((tdead - start).total_seconds())),
        "Error file: /tmp/ray/session_2025-03-28_08-28-40_512211_1/artifacts/2025-03-28_08-30-12/TorchTrainer_2025-03-28_08-30-12/driver_artifacts/TorchTrainer_5f1a2_00000_0_2025-03-28_08-30-12/error.txt",
        "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run.",
        "To continue this run, you can use: `trainer = TorchTrainer.restore(\"/mnt/shared/ray_results/TorchTrainer_2025-03-28_08-30-12\")`.",
        "To start a new run that will retry on training failures, set `train.RunConfig(failure_config=train.FailureConfig(max_failures))` in the Trainer's `run_config` with `max_failures > 0`, or `max_failures = -1` for unlimited retries."]))
    b.put("ray_driver_stdout.log", drv)
    for n in nodes:
        rl = Log()
        rl.add(start - sec(90), "[%s %d I] (raylet) main.cc:179: Setting cluster ID to: 8a11c0b2b7d2e3f4" % (f_pylog(start - sec(90)).replace(",", "."), n.pid0 - 3000))
        rl.add(start - sec(89), "[%s %d I] (raylet) node_manager.cc:525: [state-dump] NodeManager: Node name: %s, node id: %s" % (
            f_pylog(start - sec(89)).replace(",", "."), n.pid0 - 3000, n.ip, node_ids[n.name]))
        tt = start
        while tt < t0 - sec(60):
            tt += sec(600)
            rl.add(tt, "[%s %d I] (raylet) node_manager.cc:651: Sending Python GC request to 29 local workers to clean up Python cyclic references." % (f_pylog(tt).replace(",", "."), n.pid0 - 3000))
        if n is not culprit:
            rl.add(tdead + sec(3), "[%s %d I] (raylet) worker_pool.cc:694: Job 01000000 already started in worker pool." % (f_pylog(tdead + sec(3)).replace(",", "."), n.pid0 - 3000))
            rl.add(tdead + sec(3.4), "[%s %d W] (raylet) node_manager.cc:1156: The node manager has been notified that node %s (10.0.4.23) has died." % (f_pylog(tdead + sec(3.4)).replace(",", "."), n.pid0 - 3000, nid[:16]))
            rl.add(tdead + sec(4), "[%s %d I] (raylet) node_manager.cc:1481: Disconnecting worker, graceful=false, disconnect_type=3, has_creation_task_exception=false worker_id=%s" % (f_pylog(tdead + sec(4)).replace(",", "."), n.pid0 - 3000, "%056x" % rng.getrandbits(224)))
        b.put("%s/raylet.out" % n.name, rl)
    # the dead node: previous boot kernel log and BMC event log
    k = Log()
    for dt, m in benign_kernel(rng, start - sec(3600), t0 - sec(5), 12):
        k.add(dt, "%s %s kernel: %s" % (dt.strftime("%b %d %H:%M:%S.") + "%06d" % dt.microsecond, culprit.name, m))
    mce = ["mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 1: bc00000000010135",
           "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffb2a3c08e> {intel_idle+0x6e/0xc0}",
           "mce: [Hardware Error]: TSC 2a1d8f0e55c ADDR 3c1e8f7e00 MISC 86",
           "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME %d SOCKET 1 APIC 4a microcode 2b000590" % int((t0 - T("1970-01-01 00:00:00")).total_seconds()),
           "mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
           "mce: [Hardware Error]: Machine check: Processor context corrupt",
           "Kernel panic - not syncing: Fatal machine check",
           "Kernel Offset: 0x31000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)"]
    for i, m in enumerate(mce):
        dt = t0 + sec(i * 0.0004)
        k.add(dt, "%s %s kernel: %s" % (dt.strftime("%b %d %H:%M:%S.") + "%06d" % dt.microsecond, culprit.name, m))
    b.put("%s/journalctl-k-b-1.txt" % culprit.name, ["-- Journal begins at Sat 2025-02-01 00:00:03 UTC, ends at %s UTC. --" % (t0 + sec(0.004)).strftime("%a %Y-%m-%d %H:%M:%S")] + k.render().splitlines())
    b.put("%s/ipmitool-sel-list.txt" % culprit.name, [
        "   1 | 03/01/2025 | 00:12:44 | Event Logging Disabled SEL | Log area reset/cleared | Asserted",
        "  1c | 03/28/2025 | %s | Processor CPU1_Status | IERR | Asserted" % t0.strftime("%H:%M:%S"),
        "  1d | 03/28/2025 | %s | Processor CPU1_Status | Machine Check Exception | Asserted" % t0.strftime("%H:%M:%S"),
        "  1e | 03/28/2025 | %s | OS Critical Stop #0x46 | Run-time critical stop | Asserted" % (t0 + sec(1)).strftime("%H:%M:%S"),
        "  1f | 03/28/2025 | %s | System Event #0x19 | Timestamp Clock Sync | Asserted" % (t0 + sec(188)).strftime("%H:%M:%S")])
    b.put("%s/last-x.txt" % culprit.name, [
        "reboot   system boot  5.15.0-1071-aws  Fri Mar 28 %s   still running" % (t0 + sec(204)).strftime("%H:%M"),
        "runlevel (to lvl 5)   5.15.0-1071-aws  Tue Mar 18 06:12 - crash (10+04:50)"])
    b.set_label("host", "infrastructure", {"node": culprit.name}, "restart_without_node",
                "ip-10-0-4-23 took a fatal machine check (CPU 37 bank 1, 'Processor context corrupt', kernel panic, BMC IERR) at 11:02:17; "
                "Ray then marked the node dead and the other workers' IB errors naming 10.0.4.23 are consequences of the host disappearing.",
                "https://github.com/ray-project/ray/issues/43751")
    return b


# =============================================================================
# ao18  CPU/gloo job: SIGBUS after an uncorrectable host-memory error on one node
# =============================================================================
def ao18():
    name = "ao18_cpu_embedding_job_worker_exit_code_minus7"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["cpu-r5-11", "cpu-r5-12", "cpu-r5-13", "cpu-r5-14"]
    ips = ["10.30.5.11", "10.30.5.12", "10.30.5.13", "10.30.5.14"]
    nodes = make_nodes(names, ips, rng, gpus=4)
    culprit = nodes[2]
    bl = 1
    br = culprit.rank(bl)   # 9
    site = "/opt/conda/lib/python3.10/site-packages"
    start = T("2025-03-29 05:00:40.000")
    t0 = T("2025-03-29 09:41:27.881")
    job = TorchrunJob(nodes, rng, start, "train_emb.py", new_agent=False, pysite=site, launcher="/opt/conda/bin/torchrun",
                      binary="/opt/conda/bin/python", gpus=False)
    job.banner()
    first = nodes[0]
    t = start + sec(30)
    s = 0
    while True:
        t += sec(rng.uniform(295, 305))
        if t >= t0:
            break
        s += 1000
        job.log(first).add(t, "%s [train_emb] rank0 step=%d loss=%.5f hit@10=%.4f emb_rows=%d qps=%d" % (
            f_pylog_br(t), s, 0.0912 - s * 4e-7, 0.331 + s * 3e-6, 412000000, rng.randint(61000, 62500)))
    job.log(culprit).add(t0 + sec(0.05), "%s torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -7) local_rank: 1 (pid: %d) of binary: /opt/conda/bin/python" % (
        f_pylog_br(t0 + sec(0.9)), job.pid(culprit, bl)))
    # rest of the node is torn down; table shows SIGBUS
    log = job.log(culprit)
    log.ev = [e for e in log.ev if "failed (exitcode: -7)" not in e[2]]
    job.teardown(culprit, bl, t0 + sec(0.6), -7, wait=(0.8, 1.5))
    for n in nodes:
        if n is culprit:
            continue
        d = {}
        for l in range(4):
            r = n.rank(l)
            tt = t0 + sec(rng.uniform(0.05, 0.5))
            fr = [("/opt/emb/train_emb.py", 318, "<module>", "main()"), ("/opt/emb/train_emb.py", 290, "main", "dist.all_to_all_single(out_ids, in_ids, out_splits, in_splits)"),
                  (site + "/torch/distributed/c10d_logger.py", 72, "wrapper", "return func(*args, **kwargs)"),
                  (site + "/torch/distributed/distributed_c10d.py", 3461, "all_to_all_single", "work.wait()")]
            job.log(n).add(tt, py_traceback(r, fr, gloo_closed_local("10.30.5.13", rng.randint(20000, 60000)), prefix=False))
            d[l] = tt
        fl = min(d, key=d.get)
        job.teardown(n, fl, d[fl] + sec(0.2), 1, other_codes={l: 1 for l in range(4)})
    for l in range(4):
        if l != bl:
            tt = t0 + sec(rng.uniform(0.1, 0.4))
            job.log(culprit).add(tt, py_traceback(culprit.rank(l), [("/opt/emb/train_emb.py", 318, "<module>", "main()"), ("/opt/emb/train_emb.py", 290, "main", "dist.all_to_all_single(out_ids, in_ids, out_splits, in_splits)")],
                                                  gloo_closed_local("10.30.5.13", rng.randint(20000, 60000)), prefix=False))
    for n in nodes:
        b.put("%s/torchrun.log" % n.name, job.log(n))
        k = Log()
        for dt, m in benign_kernel(rng, start - sec(7200), t0 + sec(600), rng.randint(8, 15)):
            k.add(dt, kline("T", dt, n.name, m, n.boot))
        if n.name == "cpu-r5-11":
            for off in (-9000, -6100, -3222, -410):
                dt = t0 + sec(off)
                k.add(dt, kline("T", dt, n.name, "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x81a2f1 offset:0x240 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:0 imc:1 rank:1 bg:0 ba:1 row:0x1a0f col:0x48)", n.boot))
        if n is culprit:
            pid = job.pid(n, bl)
            for i, m in enumerate([
                    "mce: [Hardware Error]: Machine check events logged",
                    "EDAC skx MC2: HANDLING MCE MEMORY ERROR",
                    "EDAC skx MC2: CPU 24: Machine Check Event: 0 Bank 13: fc2000000001009f",
                    "EDAC skx MC2: TSC 0",
                    "EDAC skx MC2: ADDR 1e3f5c2380",
                    "EDAC skx MC2: MISC 9000100a40e8086",
                    "EDAC skx MC2: PROCESSOR 0:50657 TIME %d SOCKET 1 APIC 40" % int((t0 - T("1970-01-01 00:00:00")).total_seconds()),
                    "EDAC MC2: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x1e3f5c2 offset:0x380 grain:32 - OVERFLOW err_code:0x0000:0x009f socket:1 imc:0 rank:0 bg:3 ba:0 row:0x7c3a col:0x70)",
                    "Memory failure: 0x1e3f5c2: Sending SIGBUS to python:%d due to hardware memory corruption" % pid,
                    "Memory failure: 0x1e3f5c2: recovery action for dirty LRU page: Recovered"]):
                dt = t0 + sec(i * 0.0003)
                k.add(dt, kline("T", dt, n.name, m, n.boot))
        b.put("%s/dmesg.txt" % n.name, k)
    b.set_label("host", "infrastructure", {"node": culprit.name, "rank": br}, "restart_without_node",
                "cpu-r5-13 logged an uncorrectable DIMM error (EDAC UE, MCE bank 13) and the kernel sent SIGBUS to rank 9's process, which "
                "torchrun reports as exitcode -7; the gloo 'connection closed by peer 10.30.5.13' errors elsewhere and cpu-r5-11's corrected "
                "errors are not the cause.",
                "https://github.com/NVIDIA/Megatron-LM/issues/516")
    return b


def gloo_closed_local(peer_ip, port):
    return "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [%s]:%d" % (peer_ip, port)



# =============================================================================
# ao19  torchtitan DCP save hits Lustre OST timeouts on every node (transient)
# =============================================================================
def ao19():
    name = "ao19_titan_checkpoint_exception_many_ranks_step_5000"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["nid00%d" % i for i in range(1100, 1108)]
    ips = ["10.128.11.%d" % i for i in range(0, 8)]
    nodes = make_nodes(names, ips, rng, gpus=4)
    site = "/opt/venv/lib/python3.12/site-packages"
    start = T("2025-03-30 02:00:03.000")
    t0 = T("2025-03-30 05:11:46.200")     # checkpoint at step 5000 begins
    job = TorchrunJob(nodes, rng, start, "torchtitan/train.py", pysite=site, launcher="/opt/venv/bin/torchrun",
                      binary="/opt/venv/bin/python", nccl_version="2.23.4+cuda12.6", hcas=4, ifname="hsn0",
                      plugin_msg="NET/OFI Initializing aws-ofi-nccl 1.13.0")
    job.banner()
    job.nccl(start + sec(12))
    for n in nodes:
        r = n.rank(0)
        t = start + sec(8)
        job.log(n).add(t, "[rank%d]:[titan] %s - root - INFO - Starting job: Llama 3 70B pretrain (gh200 partition)" % (r, f_pylog(t)))
        job.log(n).add(t + sec(30), "[rank%d]:[titan] %s - root - INFO - Checkpointing active. Checkpoints will be loaded from and saved to /lus/scratch/llm/titan/l3-70b/checkpoint" % (r, f_pylog(t + sec(30))))
    s = 0
    t = start + sec(60)
    while True:
        t += sec(rng.uniform(22.6, 23.1))
        s += 10
        for n in nodes:
            job.log(n).add(t + sec(rng.uniform(0, 0.05)), titan_step(t, n.rank(0), s, 3.1 - s * 2.1e-4 + rng.uniform(-0.02, 0.02), rng.uniform(0.4, 0.55),
                                                                    88.1, 92.74, rng.randint(1020, 1040), 402.3, 40.68))
        if s == 5000:
            break
    tsave = t + sec(0.3)
    for n in nodes:
        job.log(n).add(tsave, "[rank%d]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % (n.rank(0), f_pylog(tsave)))
    terr = tsave + sec(212.4)
    bad = sorted(rng.sample(range(32), 11))
    for n in nodes:
        d = {}
        for l in range(4):
            r = n.rank(l)
            tt = terr + sec(rng.uniform(0, 0.4))
            tb = ["CheckpointException ranks:dict_keys(%s)" % bad]
            for br in bad[:3]:
                tb += ["Traceback (most recent call last): (RANK %d)" % br,
                       '  File "%s/torch/distributed/checkpoint/utils.py", line 192, in reduce_scatter' % site,
                       "    local_data = map_fun()",
                       '  File "%s/torch/distributed/checkpoint/state_dict_saver.py", line 336, in write_data' % site,
                       "    all_writes = storage_writer.write_data(final_local_plan, planner)",
                       '  File "%s/torch/distributed/checkpoint/filesystem.py", line 585, in write_data' % site,
                       "    _write_files_from_queue(",
                       '  File "%s/torch/distributed/checkpoint/filesystem.py", line 376, in _write_files_from_queue' % site,
                       "    os.fsync(stream.fileno())",
                       "OSError: [Errno %d] %s" % ((5, "Input/output error") if br % 2 else (110, "Connection timed out"))]
            frames = [("/workspace/torchtitan/torchtitan/train.py", 583, "<module>", "trainer.train()"),
                      ("/workspace/torchtitan/torchtitan/train.py", 513, "train", "self.checkpointer.save("),
                      ("/workspace/torchtitan/torchtitan/components/checkpoint.py", 521, "save", "self.dcp_save("),
                      ("/workspace/torchtitan/torchtitan/components/checkpoint.py", 401, "dcp_save", "ret = dcp.save("),
                      (site + "/torch/distributed/checkpoint/state_dict_saver.py", 155, "save", "return _save_state_dict("),
                      (site + "/torch/distributed/checkpoint/state_dict_saver.py", 352, "_save_state_dict", "central_plan: SavePlan = distW.reduce_scatter(\"write\", write_data, finish_checkpoint)"),
                      (site + "/torch/distributed/checkpoint/utils.py", 209, "reduce_scatter", "raise result")]
            job.log(n).add(tt, py_traceback(r, frames, "torch.distributed.checkpoint.api." + "\n".join(tb)))
            d[l] = tt
        fl = min(d, key=d.get)
        job.teardown(n, fl, d[fl] + sec(0.3), 1, other_codes={l: 1 for l in range(4)})
    so = Log()
    so.add(start - sec(2), "+ srun --nodes=8 --ntasks-per-node=1 --cpus-per-task=288 torchrun --nnodes 8 --nproc-per-node 4 ... torchtitan/train.py --job.config_file l3_70b.toml --checkpoint.interval 1000")
    for n in nodes:
        so.add(terr + sec(rng.uniform(5, 8)), "srun: error: %s: task %d: Exited with exit code 1" % (n.name, n.index))
    b.put("slurm-2281935.out", so)
    osts = ["scratch-OST0012", "scratch-OST002a", "scratch-OST0031"]
    for n in nodes:
        b.put("%s/console.log" % n.name, job.log(n))
        k = Log()
        for dt, m in benign_kernel(rng, start - sec(3600), terr + sec(900), rng.randint(6, 12)):
            k.add(dt, kline("journal", dt, n.name, m, n.boot))
        oscid = "ffff%012x" % rng.getrandbits(48)
        for j, ost in enumerate(osts):
            ip = "10.8.0.%d" % (33 + j * 2)
            tl = tsave + sec(100 + j * 7 + rng.uniform(0, 4))
            k.add(tl, kline("journal", tl, n.name, "LustreError: 11-0: %s-osc-%s: operation ost_write to node %s@o2ib failed: rc = -110" % (ost, oscid, ip), n.boot))
            k.add(tl + sec(0.01), kline("journal", tl, n.name, "Lustre: %s-osc-%s: Connection to %s (at %s@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % (ost, oscid, ost, ip), n.boot))
            tr = terr + sec(260 + j * 11 + rng.uniform(0, 5))
            k.add(tr, kline("journal", tr, n.name, "Lustre: %s-osc-%s: Connection restored to %s@o2ib (at %s@o2ib)" % (ost, oscid, ip, ip), n.boot))
        b.put("%s/journal-k.txt" % n.name, k)
    b.set_label("storage", "infrastructure", None, "restart",
                "During the step-5000 DCP save every node lost its connections to three Lustre OSTs (ost_write rc=-110) and the checkpoint "
                "failed with EIO/ETIMEDOUT on 11 ranks across the job; the OSTs reconnected a few minutes later, so it is a transient "
                "shared-filesystem outage.",
                "https://github.com/THUDM/slime/issues/326")
    return b


# =============================================================================
# ao20  local /tmp full on one node: inductor/triton cache writes fail (DeepSpeed + pdsh)
# =============================================================================
def ao20():
    name = "ao20_compiled_deepspeed_run_fails_first_step_on_8_ranks"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["hpc-g4-01", "hpc-g4-02", "hpc-g4-03", "hpc-g4-04"]
    ips = ["10.77.1.1", "10.77.1.2", "10.77.1.3", "10.77.1.4"]
    nodes = make_nodes(names, ips, rng)
    culprit = nodes[2]
    start = T("2025-03-30 14:20:00.000")
    site = "/opt/conda/lib/python3.11/site-packages"
    out = Log()
    out.add(start, "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w hpc-g4-01,hpc-g4-02,hpc-g4-03,hpc-g4-04 export TORCHINDUCTOR_CACHE_DIR=/tmp/torchinductor_svc; cd /home/svc/vlm; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=... --node_rank=%%n --master_addr=10.77.1.1 --master_port=29500 train_vlm.py --deepspeed ds_z2.json --compile" % f_pylog(start))
    pids = {}
    for n in nodes:
        for l in range(8):
            r = n.rank(l)
            pids[r] = n.pid0 + l
            t = start + sec(rng.uniform(20, 23))
            out.add(t, "\n".join("%s: %s" % (n.name, x) for x in nccl_init(n, l, pids[r], pids[r] + 800, 32, 4, rng, version="2.21.5+cuda12.4", verbose=(l == 0))))
    tc = start + sec(71)
    out.add(tc, "hpc-g4-01: [%s] [INFO] [engine.py:3813:compile] Compiling deepspeed engine with backend inductor" % f_pylog(tc))
    te = tc + sec(48)
    frames = [("/home/svc/vlm/train_vlm.py", 402, "<module>", "main()"),
              ("/home/svc/vlm/train_vlm.py", 344, "main", "loss = engine(batch)"),
              (site + "/deepspeed/utils/nvtx.py", 18, "wrapped_fn", "ret_val = func(*args, **kwargs)"),
              (site + "/deepspeed/runtime/engine.py", 1914, "forward", "loss = self.module(*inputs, **kwargs)"),
              (site + "/torch/_dynamo/eval_frame.py", 574, "_fn", "return fn(*args, **kwargs)"),
              (site + "/torch/_inductor/codecache.py", 1490, "load", "compiled_graph = FxGraphCache._save_graph(key, compiled_graph, example_inputs, local, remote_cache)"),
              (site + "/torch/_inductor/codecache.py", 1252, "_save_graph", "write_atomic(path, content, make_dirs=True)"),
              (site + "/torch/_inductor/codecache.py", 475, "write_atomic", "with tmp_path.open(write_mode, encoding=\"utf-8\" if encode_utf_8 else None) as f:")]
    for l in range(8):
        r = culprit.rank(l)
        tt = te + sec(rng.uniform(0, 4))
        exc = ("torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
               "OSError: [Errno 28] No space left on device: '/tmp/torchinductor_svc/fxgraph/%s/tmp%s.tmp'\n\n"
               "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information\n\n\n"
               "You can suppress this exception and fall back to eager by setting:\n    import torch._dynamo\n    torch._dynamo.config.suppress_errors = True\n") % (
                   "%02x" % rng.getrandbits(8) + "/f" + "%050x" % rng.getrandbits(200), "%08x" % rng.getrandbits(32))
        tb = py_traceback(r, frames, exc.rstrip("\n"))
        out.add(tt, "\n".join("%s: %s" % (culprit.name, x) for x in tb.split("\n")))
    tk = te + sec(5.2)
    for l in range(8):
        out.add(tk + sec(0.001 * l), "%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (culprit.name, f_pylog(tk), pids[culprit.rank(l)]))
    out.add(tk + sec(0.02), "%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_vlm.py', '--local_rank=7', '--deepspeed', 'ds_z2.json', '--compile'] exits with return code = 1" % (culprit.name, f_pylog(tk)))
    out.add(tk + sec(0.5), "pdsh@hpc-g4-01: hpc-g4-03: ssh exited with exit code 1")
    # others wait in the first all-reduce, then 30 min later time out
    tw = te + sec(1800.6)
    for n in nodes:
        if n is culprit:
            continue
        for l in range(8):
            r = n.rank(l)
            tt = tw + sec(rng.uniform(0, 0.8))
            blk = watchdog_timeout(r, tt, rng, 31, op="ALLREDUCE", numel=262144000, timeout_ms=1800000, frames=(l == 0))
            out.add(tt, "\n".join("%s: %s" % (n.name, x) for x in blk.split("\n")))
        tk2 = tw + sec(2)
        out.add(tk2, "%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_vlm.py', '--local_rank=7', '--deepspeed', 'ds_z2.json', '--compile'] exits with return code = -6" % (n.name, f_pylog(tk2)))
    b.put("ds_launch.log", out)
    for n in nodes:
        use = 100 if n is culprit else rng.randint(6, 31)
        size = 447
        used = size if n is culprit else size * use // 100
        b.put("%s/df-h.txt" % n.name, [
            "$ df -h / /tmp /home /datasets",
            "Filesystem                 Size  Used Avail Use% Mounted on",
            "/dev/md0                   878G  212G  622G  26% /",
            "/dev/nvme2n1p1             %dG  %dG  %4s %3d%% /tmp" % (size, used, ("0" if n is culprit else "%dG" % (size - used)), use),
            "nfs01:/export/home          20T   14T  6.1T  70% /home",
            "weka0/datasets             1.2P  801T  399T  67% /datasets"])
        k = Log()
        for dt, m in benign_kernel(rng, start - sec(7200), tw + sec(120), rng.randint(6, 12)):
            k.add(dt, kline("T", dt, n.name, m, n.boot))
        b.put("%s/dmesg.txt" % n.name, k)
    b.put("%s/du-tmp.txt" % culprit.name, ["$ sudo du -sh /tmp/* 2>/dev/null | sort -h | tail -4",
                                           "1.2G\t/tmp/torchinductor_svc", "6.0G\t/tmp/pip-build-env-r2a9", "31G\t/tmp/ray",
                                           "409G\t/tmp/hf_datasets_cache_kmori"])
    b.set_label("storage", "infrastructure", {"node": culprit.name}, "restart_without_node",
                "Only hpc-g4-03's eight ranks failed, all with ENOSPC writing the inductor cache under /tmp; df shows /tmp on that node at "
                "100% (a stale 409G dataset cache) while the other nodes have space. The 30-minute watchdog timeouts elsewhere are sympathetic.",
                "https://github.com/NOAA-EPIC/EAGLE/issues/121")
    return b


# =============================================================================
# ao21  NeMo distributed checkpoint save: project quota exhausted on shared Lustre
# =============================================================================
def ao21():
    name = "ao21_nemo_checkpoint_save_errors_on_all_nodes"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["dgx-a1-0%d" % i for i in range(1, 5)]
    ips = ["10.16.1.%d" % i for i in range(1, 5)]
    nodes = make_nodes(names, ips, rng)
    start = T("2025-03-31 00:10:00.000")
    site = "/usr/local/lib/python3.10/dist-packages"
    job = TorchrunJob(nodes, rng, start, "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py")
    job.banner()
    job.nccl(start + sec(50))
    m = nodes[0]
    t = start + sec(120)
    gs = 0
    total = 50000
    tsave = None
    while True:
        st = rng.uniform(1.92, 1.98)
        t += sec(st * 25)
        gs += 25
        el = (t - start).total_seconds() - 120
        job.log(m).add(t, "Epoch 0: :  %d%%|%s| %d/%d [%s<%s, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.2f]" % (
            int(100 * gs / total), bar(gs / total), gs, total, hms(el), hms(el / gs * (total - gs)), 2.4 - gs * 5e-5 + rng.uniform(-0.02, 0.02), gs - 1, gs * 256, st))
        if gs % 2000 == 0:
            job.log(m).add(t + sec(1), "Epoch 0, global step %d: 'val_loss' reached %.5f (best %.5f), saving model to '/lustre/proj/p4021/nemo/ckpt/llama-13b--val_loss=%.2f-step=%d-consumed_samples=%d.0' as top 3" % (
                gs - 1, 2.2 - gs * 4e-5, 2.2 - gs * 4e-5, 2.2 - gs * 4e-5, gs - 1, gs * 256))
            job.log(m).add(t + sec(1.1), "[NeMo I %s nemo_logging:393] Using FullyParallelSaveStrategyWrapper(torch_dist, 1) dist-ckpt save strategy." % f_nemo(t + sec(1)))
            if gs == 6000:
                tsave = t + sec(1.2)
                break
            job.log(m).add(t + sec(44), "[NeMo I %s nemo_logging:393] Global Checkpoint Save : Rank : 0 : Start time : %.3fs : Save duration: 42.881s" % (f_nemo(t + sec(44)), 1743380000 + gs))
    terr = tsave + sec(31.7)
    for n in nodes:
        d = {}
        for l in range(8):
            r = n.rank(l)
            tt = terr + sec(rng.uniform(0, 1.5))
            job.log(n).add(tt, "[rank%d]: ERROR: megatron.core.dist_checkpointing.strategies.filesystem_async: Local process %d encountered an error: [Errno 122] Disk quota exceeded" % (r, l))
            frames = [("/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", 41, "main", "trainer.fit(model)"),
                      (site + "/lightning/pytorch/callbacks/model_checkpoint.py", 387, "_save_checkpoint", "trainer.save_checkpoint(filepath, self.save_weights_only)"),
                      ("/opt/NeMo/nemo/utils/callbacks/dist_ckpt_io.py", 204, "save_checkpoint", "return dist_checkpointing.save("),
                      ("/opt/megatron-lm/megatron/core/dist_checkpointing/serialization.py", 394, "save", "async_request = sharded_strategy.async_save(sharded_state_dict, checkpoint_dir)"),
                      ("/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/filesystem_async.py", 301, "write_preloaded_data_multiproc", "raise RuntimeError(f'Worker failure: {write_results_or_exc}') from write_results_or_exc")]
            job.log(n).add(tt + sec(0.2), py_traceback(r, frames, "RuntimeError: Worker failure: [Errno 122] Disk quota exceeded: '/lustre/proj/p4021/nemo/ckpt/llama-13b--val_loss=1.96-step=5999-consumed_samples=1536000.0/__%d_%d.distcp'" % (r, rng.randint(0, 1))))
            d[l] = tt + sec(0.2)
        fl = min(d, key=d.get)
        job.teardown(n, fl, d[fl] + sec(0.5), 1, other_codes={l: 1 for l in range(8)})
        b.put("%s/nemo_%s.log" % (n.name, n.name), job.log(n))
    b.put("lfs-quota-p4021.txt", [
        "$ lfs quota -h -p 4021 /lustre",
        "Disk quotas for prj 4021 (pid 4021):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre     20T*    20T     20T       -  412933       0       0       -",
        "$ lfs quota -h -u svc-nemo /lustre",
        "Disk quotas for usr svc-nemo (uid 40211):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre  19.87T       0       0       -  412101       0       0       -",
        "$ du -sh /lustre/proj/p4021/nemo/ckpt/* | sort -h | tail -5",
        "624G\t/lustre/proj/p4021/nemo/ckpt/llama-13b--val_loss=2.04-step=3999-consumed_samples=1024000.0",
        "624G\t/lustre/proj/p4021/nemo/ckpt/llama-13b--val_loss=1.99-step=4000-consumed_samples=1024256.0-last",
        "1.1T\t/lustre/proj/p4021/nemo/ckpt/old_runs_feb",
        "5.2T\t/lustre/proj/p4021/nemo/ckpt/llama-13b-sft-ablations",
        "11T\t/lustre/proj/p4021/nemo/ckpt/llama-13b-pt-run1"])
    b.set_label("storage", "infrastructure", None, "stop",
                "Every rank on all four nodes failed writing the step-5999 distributed checkpoint with EDQUOT (Errno 122) and lfs quota "
                "shows project 4021 at its 20T hard limit; the shared filesystem will not free itself, so resubmitting is pointless until "
                "space is cleaned up or the quota raised.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")
    return b


CASES = [ao15, ao16, ao17, ao18, ao19, ao20, ao21]
