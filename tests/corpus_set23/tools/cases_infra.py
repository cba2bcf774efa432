"""Network, storage and host cases."""

from common import (Bundle, T, plus, st_c10, st_ctime, st_dmesg_T, st_glog, st_iso, st_journal, st_pylog,
                    st_slurm, st_uptime, uptime_of)
from gen import (child_failed, df_h, megatron_iters, nccl_init, pyspy, std_df, titan_steps, watchdog_timeout)
from scaffold import kernel_noise_dmesg_T, torchrun_head, torchrun_tail


def _pfx(rank, lines):
    return [f"[rank{rank}]:{ln}" for ln in lines]


# ==========================================================================
# d03: GPFS fileset quota hit during a DCP save; df shows free space
# ==========================================================================

def d03():
    b = Bundle("d03_checkpoint_save_fails_but_disk_not_full")
    rng = b.rng
    nodes = ["cn-h100-3-14", "cn-h100-3-15", "cn-h100-3-16", "cn-h100-3-17"]
    t0 = T("2024-12-09 08:00:31.000000")
    tsave1 = T("2024-12-09 10:31:02.114000")
    tsave2 = T("2024-12-09 13:02:40.870000")
    ckdir = "/gpfs/proj/llm/ckpt/llama3-8b-cpt"
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=4, nproc=8, endpoint="cn-h100-3-14:29500",
                                          run_id="cpt-8b", node_idx=idx)
        if idx == 0:
            st, t = titan_steps(plus(tsave1, -120), 2410, 9, 1.21, rng=rng, loss0=2.08)
            lines += st
            lines.append(f"[rank0]:[titan] {st_pylog(tsave1)} - root - INFO - Saving the checkpoint (or staging if "
                         f"async is enabled).")
            lines.append(f"[rank0]:[titan] {st_pylog(plus(tsave1, 41.2))} - root - INFO - [GC] Performing periodical "
                         f"GC collection. 0.07 seconds.")
            lines.append(f"[rank0]:[titan] {st_pylog(plus(tsave1, 43.0))} - root - INFO - Finished saving the "
                         f"checkpoint (or staging if async is enabled)in 41.22 seconds.")
            st, t = titan_steps(plus(tsave2, -130), 4900, 10, 1.21, rng=rng, loss0=1.93)
            lines += st
            lines.append(f"[rank0]:[titan] {st_pylog(tsave2)} - root - INFO - Saving the checkpoint (or staging if "
                         f"async is enabled).")
        failing = sorted(rng.sample(range(8), 3))
        tb = []
        for lr in failing:
            r = idx * 8 + lr
            tb += [f"Traceback (most recent call last): (RANK {r})",
                   "  File \"/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/utils.py\", line "
                   "212, in all_gather",
                   "    result = map_fun()",
                   "  File \"/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/filesystem.py\", "
                   "line 655, in write_data",
                   "    _write_files_from_queue(",
                   "  File \"/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/filesystem.py\", "
                   "line 386, in _write_files_from_queue",
                   "    _write_item(",
                   "  File \"/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/filesystem.py\", "
                   "line 301, in _write_item",
                   "    stream.write(data.getbuffer())",
                   f"OSError: [Errno 122] Disk quota exceeded: '{ckdir}/step-5000/__{r}_0.distcp'"]
        lr0 = rng.randint(0, 7)
        r0 = idx * 8 + lr0
        err = ["Traceback (most recent call last):",
               "  File \"/workspace/torchtitan/torchtitan/train.py\", line 520, in <module>",
               "    trainer.train()",
               "  File \"/workspace/torchtitan/torchtitan/train.py\", line 444, in train",
               "    self.checkpointer.save(self.step, last_step=(self.step == job_config.training.steps))",
               "  File \"/workspace/torchtitan/torchtitan/components/checkpoint.py\", line 490, in save",
               "    self.dcp_save(states, checkpoint_id=checkpoint_id, async_mode=AsyncMode.DISABLED)",
               "  File \"/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/state_dict_saver.py\", "
               "line 155, in save",
               "    return _save_state_dict(",
               "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys("
               f"{[idx * 8 + x for x in failing]})"] + tb
        lines += _pfx(r0, err)
        lines += torchrun_tail(host, plus(tsave2, 58.3 + idx * 0.2), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                               script="train.py", failed=[lr0], exitcode=1)
        b.add(f"{host}/torchrun-{host}.log", lines)
        b.add(f"{host}/df-h.txt", std_df([("proj", "2.0P", "1.2P", "803T", "61%", "/gpfs/proj"),
                                          ("home", "120T", "88T", "33T", "73%", "/gpfs/home")]))
    b.add("cn-h100-3-14/mmlsquota.txt", [
        "                         Block Limits                                                    |     File Limits",
        "Filesystem Fileset    type                 KB        quota        limit   in_doubt    grace |    files   "
        "quota    limit in_doubt    grace  Remarks",
        "proj       llm        FILESET    214748364800 214748364800 214748364800    3145728     none |  1913312       "
        "0        0        0     none ",
        "proj       root       FILESET      9183121408            0            0          0     none |   221018       "
        "0        0        0     none "])
    b.add("cn-h100-3-14/du-ckpt.txt", [f"53T\t{ckdir}/step-2500", f"53T\t{ckdir}/step-1",
                                      f"48T\t{ckdir}/step-5000", f"39T\t/gpfs/proj/llm/ckpt/llama3-8b-base-sft",
                                      f"200T\t/gpfs/proj/llm/ckpt"])
    b.set_label("storage", "infrastructure", None, None, "stop",
                "Every node's checkpoint writers failed with 'Errno 122 Disk quota exceeded' during the step-5000 save, "
                "and mmlsquota shows the shared 'llm' fileset at its 200 TiB hard limit even though df reports the file "
                "system 61% full; retrying will fail the same way until space or quota is freed.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")
    b.summary = "shared fileset quota full; df looks fine; every node fails the same save (stop)"
    return b


# ==========================================================================
# d06: one reimaged RoCE node uses GID index 0 (link-local)
# ==========================================================================

def d06():
    b = Bundle("d06_job_fails_at_startup_since_node_swap")
    rng = b.rng
    nodes = ["gx-101", "gx-102", "gx-104", "gx-105", "gx-107", "gx-110"]
    culprit, cidx = "gx-107", 4
    ip = {n: f"10.60.1.{int(n[3:])}" for n in nodes}
    mac_ll = "fe80::a288:c2ff:fe4d:9e10"
    t0 = T("2025-01-21 16:40:02.000000")
    tfail = plus(t0, 96.4)
    for idx, host in enumerate(nodes):
        gid = 0 if host == culprit else 3
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=6, nproc=8, endpoint="gx-101:29500",
                                          run_id="rm-32b", node_idx=idx)
        for lr in (0, 1):
            r = idx * 8 + lr
            init = nccl_init(host, pids[lr], lr, r, 48, rng=rng, version="2.19.3+cuda12.3",
                             oob=f"eth0:{ip[host]}<0>", hcas="[0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE",
                             net_name="IB", complete=False)
            init.insert(2, f"{host}:{pids[lr]}:{pids[lr]} [{lr}] NCCL INFO NCCL_IB_GID_INDEX set by environment to {gid}.")
            lines += _pfx(r, init)
        if host == culprit:
            for lr in (0, 1, 5):
                r = idx * 8 + lr
                peer = nodes[(idx + 1) % 6]
                lines += _pfx(r, [
                    f"{host}:{pids[lr]}:{pids[lr] + 188} [{lr}] misc/ibvwrap.cc:262 NCCL WARN Call to ibv_modify_qp "
                    f"failed with 110 Connection timed out, on dev mlx5_{lr % 2}:1, curr state INIT, next state RTR, "
                    f"local GID index 0, local GID {mac_ll}, remote GID ::ffff:{ip[peer]}",
                    f"{host}:{pids[lr]}:{pids[lr] + 188} [{lr}] NCCL INFO transport/net_ib.cc:1124 -> 2",
                    f"{host}:{pids[lr]}:{pids[lr] + 188} [{lr}] NCCL INFO transport/net.cc:690 -> 2",
                    "Traceback (most recent call last):",
                    "  File \"/app/rm/train_rm.py\", line 97, in <module>",
                    "    model = setup_fsdp(model)",
                    "  File \"/app/rm/parallel.py\", line 41, in setup_fsdp",
                    "    dist.barrier()",
                    "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                    "ProcessGroupNCCL.cpp:1691, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL "
                    "version 2.19.3",
                    "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.",
                    "Last error:",
                    f"Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx5_{lr % 2}:1, curr state "
                    f"INIT, next state RTR, local GID index 0, local GID {mac_ll}, remote GID ::ffff:{ip[peer]}"])
            lines += torchrun_tail(host, plus(tfail, 1.0), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="train_rm.py", failed=[0, 1, 5], exitcode=1)
        else:
            lr = rng.randint(0, 7)
            r = idx * 8 + lr
            tt = plus(tfail, 2.0 + 0.3 * idx)
            lines += _pfx(r, [
                f"{host}:{pids[lr]}:{pids[lr] + 201} [{lr}] transport/net_ib.cc:1695 NCCL WARN NET/IB : Got completion "
                f"from peer {ip[culprit]}<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 "
                f"(Send) localGid ::ffff:{ip[host]} remoteGids{mac_ll}",
                f"{host}:{pids[lr]}:{pids[lr] + 201} [{lr}] NCCL INFO transport/net.cc:1152 -> 6",
                "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                "ProcessGroupNCCL.cpp:1691, remote process exited or there was a network error, NCCL version 2.19.3",
                "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                "Last error:",
                f"NET/IB : Got completion from peer {ip[culprit]}<{rng.randint(40000, 60000)}> with status=12 opcode=0 "
                f"len=0 vendor err 129 (Send) localGid ::ffff:{ip[host]} remoteGids{mac_ll}"])
            lines += torchrun_tail(host, plus(tt, 0.6), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="train_rm.py", failed=[lr], exitcode=1)
        b.add(f"{host}/launch.log", lines)
        b.add(f"{host}/etc/nccl.conf", ["NCCL_SOCKET_IFNAME=eth0", "NCCL_IB_HCA=mlx5_0,mlx5_1",
                                        f"NCCL_IB_GID_INDEX={gid}", "NCCL_IB_TC=106"] +
              (["# generated by base-image 2025.01 (reimaged 2025-01-20)"] if host == culprit else []))
    gids = ["DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV", "---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---"]
    for dev in ("mlx5_0", "mlx5_1"):
        gids += [f"{dev}\t1\t0\t{mac_ll}\t\t\tv1\teth{dev[-1]}",
                 f"{dev}\t1\t1\t{mac_ll}\t\t\tv2\teth{dev[-1]}",
                 f"{dev}\t1\t2\t0000:0000:0000:0000:0000:ffff:0a3c:016b\t{ip[culprit]}  \tv1\teth{dev[-1]}",
                 f"{dev}\t1\t3\t0000:0000:0000:0000:0000:ffff:0a3c:016b\t{ip[culprit]}  \tv2\teth{dev[-1]}"]
    gids.append("n_gids_found=8")
    b.add(f"{culprit}/show_gids.txt", gids)
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "Only gx-107 (reimaged the day before) has NCCL_IB_GID_INDEX=0 in /etc/nccl.conf, so its RoCE queue "
                "pairs use the link-local GID and ibv_modify_qp to RTR times out; the other nodes' status=12 errors all "
                "point at gx-107 and its link-local GID.",
                "https://github.com/NVIDIA/nccl/issues/426")
    b.summary = "RoCE GID index wrong only in one node's nccl.conf; peers' status=12 accuse it"
    return b


# ==========================================================================
# d08: soft lockups on one node; its ranks stop, heartbeat monitor fires
# ==========================================================================

def d08():
    b = Bundle("d08_gpus_idle_and_one_node_unresponsive")
    rng = b.rng
    nodes = ["aip-gpu-a07", "aip-gpu-a08", "aip-gpu-a09", "aip-gpu-a10", "aip-gpu-a11"]
    culprit, cidx = "aip-gpu-a09", 2
    t0 = T("2025-03-03 09:10:00.000000")
    tlock = T("2025-03-03 14:02:11.000000")
    tto = plus(tlock, 611.0)
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=5, nproc=8, endpoint="aip-gpu-a07:29400",
                                          run_id="vlm-pt", node_idx=idx)
        if idx == 0:
            t = plus(tlock, -260)
            for k in range(12):
                t = plus(t, 21.4)
                if t > plus(tlock, 8):
                    break
                lines.append(f"[rank0]:{st_pylog(t)} [INFO] [trainer] it={90120 + 10 * k} loss={1.0412 - 0.0003 * k:.4f} "
                             f"lr=3.00e-05 sec/it=2.14 data_wait=0.01")
        if host == culprit:
            for lr in (1, 6):
                r = cidx * 8 + lr
                th = plus(tlock, 482 + lr)
                lines += _pfx(r, [
                    f"[{st_c10(th)} ProcessGroupNCCL.cpp:1423] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Heartbeat "
                    f"monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=1",
                    f"[{st_c10(plus(th, 0.1))} ProcessGroupNCCL.cpp:1268] [PG ID 0 PG GUID 0(default_pg) Rank {r}] "
                    f"ProcessGroupNCCL preparing to dump debug info.",
                    f"[{st_c10(plus(th, 0.1))} ProcessGroupNCCL.cpp:1287] [PG ID 0 PG GUID 0(default_pg) Rank {r}] "
                    f"ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring "
                    f"enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang "
                    f"blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api "
                    f"(for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect the watchdog is "
                    f"not actually stuck and a longer timeout would help, you can either increase the timeout "
                    f"(TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor "
                    f"(TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to "
                    f"PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. "])
            lines += torchrun_tail(host, plus(tlock, 496), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="pretrain.py", failed=[1, 6])
        else:
            lr = rng.randint(0, 7)
            tt = plus(tto, rng.uniform(0, 2))
            lines += watchdog_timeout(idx * 8 + lr, tt, seq=180233, op="_REDUCE_SCATTER_BASE", numel=201326592,
                                      timeout_ms=600000)
            lines += torchrun_tail(host, plus(tt, 0.9), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="pretrain.py", failed=[lr])
        b.add(f"{host}/worker.log", lines)
    j = []
    t = plus(tlock, -3)
    j.append(f"{st_journal(t, culprit, 'kernel')} mlx5_core 0000:3b:00.0: mlx5_cmd_out_err:838:(pid 0): "
             f"QUERY_VPORT_COUNTER(0x770) op_mod(0x0) failed, status bad parameter(0x3), syndrome (0x2a3b11), err(-22)")
    stuck = [(37, "cuda-EvtHandlr", 88123), (38, "python3", 88119), (61, "kworker/61:2", 1023), (37, "cuda-EvtHandlr", 88123)]
    for k, (cpu, comm, pid) in enumerate(stuck):
        t = plus(tlock, 26 * k)
        j += [f"{st_journal(t, culprit, 'kernel')} watchdog: BUG: soft lockup - CPU#{cpu} stuck for "
              f"{22 + 26 * (k // 3)}s! [{comm}:{pid}]",
              f"{st_journal(t, culprit, 'kernel')} Modules linked in: nvidia_uvm(POE) nvidia_peermem(POE) "
              f"nvidia_drm(POE) nvidia_modeset(POE) nvidia(POE) mlx5_ib ib_uverbs mlx5_core",
              f"{st_journal(t, culprit, 'kernel')} CPU: {cpu} PID: {pid} Comm: {comm} Tainted: P           OEL     "
              f"5.15.0-119-generic #129-Ubuntu",
              f"{st_journal(t, culprit, 'kernel')} RIP: 0010:native_queued_spin_lock_slowpath+0x21e/0x2b0",
              f"{st_journal(t, culprit, 'kernel')} Call Trace:",
              f"{st_journal(t, culprit, 'kernel')}  <IRQ>",
              f"{st_journal(t, culprit, 'kernel')}  _raw_spin_lock_irqsave+0x3d/0x50",
              f"{st_journal(t, culprit, 'kernel')}  os_acquire_spinlock+0x12/0x30 [nvidia]",
              f"{st_journal(t, culprit, 'kernel')}  _nv042368rm+0x1c/0x40 [nvidia]"]
        if k == 1:
            j.append(f"{st_journal(plus(t, 3), culprit, 'kernel')} rcu: INFO: rcu_sched self-detected stall on CPU")
            j.append(f"{st_journal(plus(t, 3), culprit, 'kernel')} rcu:         38-....: (14998 ticks this GP) "
                     f"idle=0b2/1/0x4000000000000000 softirq=90211/90211 fqs=6489")
    j.append(f"{st_journal(plus(tlock, 300), culprit, 'systemd-journald[812]')} Under memory pressure, flushing caches.")
    b.add(f"{culprit}/journal.txt", j)
    for host in nodes:
        if host != culprit:
            b.add(f"{host}/journal.txt", [f"{st_journal(plus(t0, -1800), host, 'kernel')} mlx5_core 0000:3b:00.0 "
                                          f"ibp59s0: Link up",
                                          f"{st_journal(plus(t0, 30), host, 'systemd[1]')} Started Session 4471 of "
                                          f"User slurm."])
    b.set_label("host", "infrastructure", culprit, None, "restart_without_node",
                "aip-gpu-a09's kernel logged repeated soft lockups (CPUs stuck in a spinlock) with an RCU stall from "
                "14:02, after which its ranks' heartbeat monitor fired; the other nodes only time out on the collective "
                "those ranks never joined.",
                "https://github.com/Project-MONAI/tutorials/issues/831")
    b.summary = "soft lockup in journald of the middle node; heartbeat-monitor abort precedes peers' timeouts"
    return b


# ==========================================================================
# d14: EFA device failure on one AWS node; accuses an innocent peer
# ==========================================================================

def d14():
    b = Bundle("d14_crash_on_aws_cluster_after_two_hours")
    rng = b.rng
    nodes = ["ip-10-1-104-12", "ip-10-1-113-7", "ip-10-1-120-45", "ip-10-1-21-200", "ip-10-1-34-120",
             "ip-10-1-55-9", "ip-10-1-77-31", "ip-10-1-9-88"]   # job order == alphabetical here
    culprit = "ip-10-1-9-88"
    cidx = nodes.index(culprit)
    innocent = "ip-10-1-113-7"
    ipd = {n: n[3:].replace("-", ".") for n in nodes}
    t0 = T("2024-11-02 08:02:40.000000")
    tx = T("2024-11-02 10:01:03.122000")
    for idx, host in enumerate(nodes):
        apid, pids, head = torchrun_head(host, t0, rng=rng, nnodes=8, nproc=8, endpoint=f"{ipd[nodes[0]]}:29500",
                                         run_id="p5-llm", node_idx=idx)
        r0 = idx * 8
        init = [f"{host}:{pids[0]}:{pids[0]} [0] NCCL INFO cudaDriverVersion 12040",
                f"{host}:{pids[0]}:{pids[0]} [0] NCCL INFO Bootstrap : Using enp71s0:{ipd[host]}<0>",
                f"{host}:{pids[0]}:{pids[0] + 90} [0] NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.9.1-aws",
                f"{host}:{pids[0]}:{pids[0] + 90} [0] NCCL INFO NET/OFI Using Libfabric version 1.21",
                f"{host}:{pids[0]}:{pids[0] + 90} [0] NCCL INFO NET/OFI Using CUDA driver version 12040",
                f"{host}:{pids[0]}:{pids[0] + 90} [0] NCCL INFO NET/OFI Configuring AWS-specific options",
                f"{host}:{pids[0]}:{pids[0] + 90} [0] NCCL INFO NET/OFI Setting provider_filter to efa",
                f"{host}:{pids[0]}:{pids[0] + 90} [0] NCCL INFO NET/OFI Running on p5.48xlarge platform, Setting "
                f"NCCL_TOPO_FILE environment variable to /opt/amazon/ofi-nccl/share/aws-ofi-nccl/xml/p5.48xl-topo.xml",
                f"{host}:{pids[0]}:{pids[0] + 90} [0] NCCL INFO NET/OFI Selected Provider is efa (found 32 nics)",
                f"{host}:{pids[0]}:{pids[0] + 90} [0] NCCL INFO Using network AWS Libfabric"]
        head += _pfx(r0, init)
        if host == culprit:
            lines = list(head)
            lr = 4
            r = cidx * 8 + lr
            lines += _pfx(r, [
                f"{host}:{pids[lr]}:{pids[lr] + 377} [{lr}] NCCL WARN NET/OFI Request 0x7f2a1c0d8a98 completed with "
                f"error. RC: 5. Error: 5 (Input/output error). Completed length: 0, Request: {{ dev: 4, size: 1048576, "
                f"state: CREATED, type: SEND }}, peer {innocent} (rank 12)",
                f"{host}:{pids[lr]}:{pids[lr] + 377} [{lr}] NCCL INFO transport/net.cc:1303 -> 6",
                f"[{st_c10(plus(tx, 1.1))} ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Process "
                f"group watchdog thread terminated with exception: NCCL error: remote process exited or there was a "
                f"network error, NCCL version 2.21.5",
                "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                "Last error:",
                "NET/OFI Request completed with error. RC: 5. Error: 5 (Input/output error)"])
            lines += torchrun_tail(host, plus(tx, 2.0), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="train.py", failed=[lr])
            b.add(f"{host}/train.log", lines)
            dm = kernel_noise_dmesg_T(plus(t0, -3600), host, rng, n=2)
            dm += [f"{st_dmesg_T(plus(tx, -0.9))} efa 0000:52:00.0: Admin command timeout, opcode 9",
                   f"{st_dmesg_T(plus(tx, -0.9))} efa 0000:52:00.0: Failed to process command DESTROY_QP (opcode 9) "
                   f"comp_status 7 err -110",
                   f"{st_dmesg_T(tx)} efa 0000:52:00.0: Device is in error state, resetting",
                   f"{st_dmesg_T(plus(tx, 3))} efa 0000:52:00.0: Failed to reset device, err -110",
                   f"{st_dmesg_T(plus(tx, 3))} infiniband rdmap82s0: ib_query_port failed (-5)"]
            b.add(f"{host}/dmesg-T.txt", dm)
        else:
            # CloudWatch agent prefixes every shipped line with an ISO time stamp
            tt = plus(tx, 5.9 + 0.21 * idx + rng.uniform(0, 0.1))
            lr = rng.randint(0, 7)
            r = idx * 8 + lr
            errl = _pfx(r, [
                f"{host}:{pids[lr]}:{pids[lr] + 377} [{lr}] NCCL WARN NET/OFI Request 0x7f55e40b1c20 completed with "
                f"error. RC: 5. Error: 5 (Input/output error). Completed length: 0, Request: {{ dev: {lr}, size: "
                f"1048576, state: CREATED, type: RECV }}, peer {culprit} (rank {cidx * 8 + 4})",
                f"[{st_c10(plus(tt, 0.2))} ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Process "
                f"group watchdog thread terminated with exception: NCCL error: remote process exited or there was a "
                f"network error, NCCL version 2.21.5"])
            tail = torchrun_tail(host, plus(tt, 0.9), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                 script="train.py", failed=[lr])
            out = []
            for seg, tseg in ((head, t0), (errl, tt), (tail, plus(tt, 2.4))):
                tcur = tseg
                for ln in seg:
                    out.append(f"{st_iso(tcur)} {ln}")
                    tcur = plus(tcur, 0.0007)
            b.add(f"{host}/train.log", out)
            b.add(f"{host}/dmesg-T.txt", kernel_noise_dmesg_T(plus(t0, -3600), host, rng, n=2))
    b.add(f"{innocent}/fi_info-efa.txt", ["provider: efa", "    fabric: efa", "    domain: rdmap79s0-rdm",
                                          "    version: 121.0", "    type: FI_EP_RDM", "    protocol: FI_PROTO_EFA",
                                          "(32 domains listed, all FI_EP_RDM, state ok)"])
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "ip-10-1-9-88 has the earliest failure: its EFA device timed out admin commands and failed to reset at "
                "10:01:03, before any peer error; the other nodes' errors at 10:01:09 all name ip-10-1-9-88, and the "
                "peer it named (ip-10-1-113-7) is healthy.",
                "https://github.com/aws/aws-ofi-nccl/issues/161")
    b.summary = "EFA reset failure found by time order (dmesg -T vs ISO-prefixed logs); accused peer innocent"
    return b


# ==========================================================================
# d16: BeeGFS storage target unreachable for ~9 minutes; every node EIO
# ==========================================================================

def d16():
    b = Bundle("d16_io_errors_reading_data_on_every_node")
    rng = b.rng
    nodes = ["c1-gpu-01", "c1-gpu-02", "c1-gpu-03", "c1-gpu-04"]
    t0 = T("2024-07-04 09:00:00.000000")
    tdown = T("2024-07-04 14:21:58.000000")
    tup = T("2024-07-04 14:31:40.000000")
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=4, nproc=4, endpoint="c1-gpu-01:29500",
                                          run_id="clip-l", node_idx=idx)
        lr = rng.randint(0, 3)
        r = idx * 4 + lr
        shard = 18311 + rng.randint(0, 40)
        tt = plus(tdown, 38.0 + rng.uniform(0, 3))
        lines += _pfx(r, [
            "Traceback (most recent call last):",
            "  File \"/opt/clip/train.py\", line 233, in <module>",
            "    main()",
            "  File \"/opt/clip/train.py\", line 190, in main",
            "    for i, (images, texts) in enumerate(loader):",
            "  File \"/usr/lib/python3/dist-packages/torch/utils/data/dataloader.py\", line 631, in __next__",
            "    data = self._next_data()",
            "  File \"/usr/lib/python3/dist-packages/torch/utils/data/dataloader.py\", line 1346, in _next_data",
            "    return self._process_data(data)",
            "  File \"/usr/lib/python3/dist-packages/torch/utils/data/dataloader.py\", line 1372, in _process_data",
            "    data.reraise()",
            "  File \"/usr/lib/python3/dist-packages/torch/_utils.py\", line 705, in reraise",
            "    raise exception",
            f"OSError: Caught OSError in DataLoader worker process {rng.randint(0, 7)}.",
            "Original Traceback (most recent call last):",
            "  File \"/usr/lib/python3/dist-packages/webdataset/tariterators.py\", line 116, in tar_file_iterator",
            "    for tarinfo in stream:",
            "  File \"/usr/lib/python3.10/tarfile.py\", line 2475, in __iter__",
            "    tarinfo = self.next()",
            f"OSError: [Errno 5] Input/output error: '/beegfs/datasets/laion-dedup/shard-{shard:06d}.tar'"])
        lines += torchrun_tail(host, plus(tt, 1.0), agent_pid=apid, pids=pids, node_idx=idx, nproc=4,
                               script="train.py", failed=[lr], exitcode=1)
        b.add(f"{host}/torchrun.out", lines)
        cl = [f"(3) Jul04 09:00:02 Main [App] >> BeeGFS Client Version: 7.4.3",
              f"(2) {tdown:%b%d %H:%M:%S} *{['loader', 'pt_data_worker', 'python3'][idx % 3]}({pids[0] + 40}) "
              f"[Messaging (RPC)] >> Communication error: Receive timed out from: beegfs-storage stor03 [ID: 3] @ "
              f"10.50.0.13:8003 (message type: ReadLocalFileV2)",
              f"(2) {plus(tdown, 1):%b%d %H:%M:%S} *pt_data_worker({pids[0] + 41}) [Retrying communication] >> "
              f"Retrying communication with storage target: 301",
              f"(2) {plus(tdown, 11):%b%d %H:%M:%S} *pt_data_worker({pids[0] + 41}) [Messaging (RPC)] >> Unable to "
              f"connect to: beegfs-storage stor03 [ID: 3]",
              f"(1) {plus(tdown, 36):%b%d %H:%M:%S} *pt_data_worker({pids[0] + 41}) [Read] >> Giving up communication "
              f"with storage target: 301 (unreachable). FileID: 5A-66851F2C-3; Error: Communication error",
              f"(3) {tup:%b%d %H:%M:%S} XNodeSync [Sync] >> Storage target 301 is reachable again: beegfs-storage "
              f"stor03 [ID: 3]"]
        b.add(f"{host}/beegfs-client.log", cl)
    b.add("c1-gpu-01/beegfs-ctl-listtargets.txt", [
        f"# captured {plus(tdown, 60):%Y-%m-%d %H:%M:%S} by slurm epilog",
        "TargetID     Reachability  Consistency        NodeID",
        "========     ============  ===========        ======",
        "     101           Online         Good             1",
        "     201           Online         Good             2",
        "     301          Offline         Good             3",
        "     401           Online         Good             4"])
    b.set_label("storage", "infrastructure", None, None, "restart",
                "All four nodes failed within seconds with EIO reading shards from /beegfs, and every BeeGFS client "
                "logged storage target 301 (stor03) unreachable at 14:22 and reachable again at 14:31; a shared storage "
                "outage that has already cleared, so the job can simply be restarted.",
                "https://github.com/MIC-DKFZ/nnUNet/issues/1784")
    b.summary = "transient shared-FS outage: EIO on every node + beegfs-client unreachable/reachable-again"
    return b


# ==========================================================================
# d18: one node's clock 7 minutes fast -> Slurm job credential expired
# ==========================================================================

def d18():
    b = Bundle("d18_job_never_started_on_all_nodes")
    rng = b.rng
    nodes = [f"hpc-g1{i:02d}" for i in range(1, 7)]
    culprit = "hpc-g104"
    skew = 432.1
    jobid = 884121
    t0 = T("2024-04-09 07:21:50.010000")
    batch = nodes[0]
    out = [f"{st_slurm(t0)} job {jobid}: {len(nodes)} nodes allocated: hpc-g[101-106]",
           "+ export MASTER_ADDR=hpc-g101 MASTER_PORT=29500",
           "+ srun --kill-on-bad-exit=1 torchrun --nnodes 6 --nproc-per-node 8 --rdzv-backend c10d "
           "--rdzv-endpoint hpc-g101:29500 finetune.py --config cfg/sft_34b.yaml",
           f"srun: error: Task launch for StepId={jobid}.0 failed on node {culprit}: Job credential expired",
           "srun: error: Application launch failed: Job credential expired",
           "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."]
    for idx, host in enumerate(nodes):
        if host == culprit:
            continue
        out.append(f"slurmstepd: error: *** STEP {jobid}.0 ON {host} CANCELLED AT "
                   f"{plus(t0, 33.5):%Y-%m-%dT%H:%M:%S} ***")
    out.append("srun: error: Timed out waiting for job step to complete")
    b.add(f"{batch}/slurm-{jobid}.out", out)
    for idx, host in enumerate(nodes):
        if host == culprit:
            ts = plus(t0, skew + 1.3)
            sl = [f"{st_slurm(plus(ts, -3600))} Resource spec: Reserved system memory limit not configured for this node",
                  f"{st_slurm(ts)} error: Invalid job credential from 10.1.0.5: Job credential expired",
                  f"{st_slurm(ts)} error: Job credential expired (ENCODED: {t0:%a %b %d %H:%M:%S %Y}, DECODED: "
                  f"{ts:%a %b %d %H:%M:%S %Y})",
                  f"{st_slurm(plus(ts, 0.01))} error: _rpc_launch_tasks: unable to launch job step {jobid}.0: "
                  f"Job credential expired"]
            b.add(f"{host}/slurmd.log", sl)
            b.add(f"{host}/chronyc-tracking.txt", [
                "Reference ID    : 00000000 ()", "Stratum         : 0",
                "Ref time (UTC)  : Thu Jan 01 00:00:00 1970",
                f"System time     : {skew:.9f} seconds fast of NTP time",
                "Last offset     : +0.000000000 seconds", "RMS offset      : 0.000000000 seconds",
                "Frequency       : 11.205 ppm fast", "Residual freq   : +0.000 ppm", "Skew            : 0.000 ppm",
                "Root delay      : 1.000000000 seconds", "Root dispersion : 1.000000000 seconds",
                "Update interval : 0.0 seconds", "Leap status     : Not synchronised"])
            b.add(f"{host}/timedatectl.txt", [f"               Local time: {plus(t0, skew + 90):%a %Y-%m-%d %H:%M:%S} UTC",
                                              f"           Universal time: {plus(t0, skew + 90):%a %Y-%m-%d %H:%M:%S} UTC",
                                              "                 Time zone: Etc/UTC (UTC, +0000)",
                                              "System clock synchronized: no",
                                              "              NTP service: inactive",
                                              "          RTC in local TZ: no"])
        else:
            ts = plus(t0, 0.4 + rng.uniform(0, 0.2))
            sl = [f"{st_slurm(ts)} launch task StepId={jobid}.0 request from UID:41022 GID:41022 HOST:10.1.0.5 PORT:51124",
                  f"{st_slurm(plus(ts, 0.01))} task/affinity: lllp_distribution: JobId={jobid} implicit auto binding: "
                  f"sockets,one_thread, dist 8192",
                  f"{st_slurm(plus(ts, 33.1))} [{jobid}.0] error: *** STEP {jobid}.0 ON {host} CANCELLED AT "
                  f"{plus(t0, 33.5):%Y-%m-%dT%H:%M:%S} ***",
                  f"{st_slurm(plus(ts, 34.0))} [{jobid}.0] done with job"]
            b.add(f"{host}/slurmd.log", sl)
            apid = rng.randint(20000, 90000)
            tl = [f"{st_glog(plus(ts, 1.2), 'W')} {apid} torch/distributed/run.py:793] *****************************************",
                  f"{st_glog(plus(ts, 1.4), 'I')} {apid} torch/distributed/elastic/agent/server/api.py:862] "
                  f"[default] starting workers for entrypoint: python3",
                  f"{st_glog(plus(ts, 1.4), 'I')} {apid} torch/distributed/elastic/agent/server/api.py:674] "
                  f"[default] Rendezvous'ing worker group",
                  "slurmstepd: error: *** STEP CANCELLED ***",
                  f"{st_glog(plus(ts, 33.2), 'W')} {apid} torch/distributed/elastic/agent/server/api.py:704] "
                  f"Received Signals.SIGTERM death signal, shutting down workers",
                  "torch.distributed.elastic.multiprocessing.api.SignalException: Process "
                  f"{apid} got signal: 15"]
            b.add(f"{host}/torchrun.err", tl)
            b.add(f"{host}/chronyc-tracking.txt", [
                "Reference ID    : 0A010002 (ntp1.cluster)", "Stratum         : 3",
                f"Ref time (UTC)  : {plus(t0, -40):%a %b %d %H:%M:%S %Y}",
                f"System time     : 0.000{rng.randint(10, 99)}1204 seconds slow of NTP time",
                "Last offset     : -0.000011402 seconds", "RMS offset      : 0.000021377 seconds",
                "Leap status     : Normal"])
    b.set_label("host", "infrastructure", culprit, None, "restart_without_node",
                "srun could not start the step because hpc-g104 rejected the launch credential as expired; that node's "
                "clock is 432 s fast and not synchronised (chrony 'Not synchronised', NTP inactive), while every other "
                "node is within a millisecond and was only cancelled.",
                "https://github.com/c3nl-neuraldynamics/c3nl_cluster/issues/18")
    b.summary = "clock skew on one node breaks Slurm step launch; its slurmd stamps are 7 min ahead"
    return b


# ==========================================================================
# d22: PFC pause storm under one leaf switch (topology); null culprit
# ==========================================================================

def d22():
    b = Bundle("d22_all_jobs_on_rack_b_slow_then_timeout")
    rng = b.rng
    leaf_a = ["r1n1", "r1n2", "r1n3", "r1n4"]
    leaf_b = ["r2n1", "r2n2", "r2n3", "r2n4"]
    nodes = leaf_a + leaf_b
    b.set_topology({"leaf-sw-07": leaf_a, "leaf-sw-08": leaf_b})
    t0 = T("2025-02-18 06:00:00.000000")
    tslow = T("2025-02-18 11:47:00.000000")
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=8, nproc=8, endpoint="r1n1:29500",
                                          run_id="mt5-xxl", node_idx=idx)
        def tfn(k, ms):
            return ms if k < 6 else ms * (1.0 + 0.9 * (k - 5) ** 1.6)
        it, tl = megatron_iters(plus(tslow, -140), 60100, 13, 2.13, rng=__import__("random").Random(2218), interval=10,
                                loss0=1.702, time_fn=tfn, gbs=2048)
        tto = plus(tl, 611.0)
        if idx == 7:
            lines += _pfx(63, it)
        lr = rng.randint(0, 7)
        tt = plus(tto, rng.uniform(0, 3))
        lines += watchdog_timeout(idx * 8 + lr, tt, seq=1940412, op="ALLREDUCE", numel=50331648, timeout_ms=600000)
        lines += torchrun_tail(host, plus(tt, 1.0), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                               script="pretrain_t5.py", failed=[lr])
        b.add(f"{host}/pretrain.{host}.log", lines)
        storm = host in leaf_b
        eth = []
        for port in range(4):
            rxp = rng.randint(8_100_000, 9_900_000) * 100 if storm else rng.randint(100, 3000)
            dur = rxp * rng.randint(20, 30) if storm else rng.randint(0, 50000)
            eth += [f"NIC statistics ens{port}f0np0 ({st_ctime(plus(tto, 30))}):",
                    f"     rx_prio3_pause: {rxp}",
                    f"     rx_prio3_pause_duration: {dur}",
                    f"     tx_prio3_pause: {rng.randint(0, 40)}",
                    f"     tx_prio3_pause_duration: {rng.randint(0, 900)}",
                    f"     rx_prio3_pause_transition: {rng.randint(900000, 2000000) if storm else rng.randint(10, 90)}",
                    "     tx_pause_storm_warning_events: 0",
                    "     tx_pause_storm_error_events: 0",
                    f"     rx_discards_phy: {rng.randint(0, 3)}",
                    f"     np_cnp_sent: {rng.randint(10**6, 10**7) if storm else rng.randint(100, 9000)}",
                    f"     rp_cnp_handled: {rng.randint(10**6, 10**7) if storm else rng.randint(100, 9000)}",
                    ""]
        b.add(f"{host}/ethtool-S.txt", eth)
    b.set_label("network", "infrastructure", None, None, "restart",
                "Step time grew twentyfold and then every rank timed out at the same all-reduce; the four hosts under "
                "leaf-sw-08 all received hundreds of millions of PFC pause frames while sending none and showing no "
                "pause-storm events, so the pauses come from the switch side, not from one host.",
                "https://losslessnetwork.com/learn/roce-v2/pfc-ecn-dcqcn")
    b.summary = "PFC pauses received by all hosts under one leaf (topology.json); no single node to blame"
    return b


# ==========================================================================
# d27: NFS client on one node hangs (D state); others time out
# ==========================================================================

def d27():
    b = Bundle("d27_one_node_stuck_then_everyone_timed_out")
    rng = b.rng
    nodes = ["lambda-h100-01", "lambda-h100-02", "lambda-h100-03"]
    culprit, cidx = "lambda-h100-02", 1
    t0 = T("2024-08-27 20:00:00.000000")
    teval = T("2024-08-28 01:13:20.000000")
    tto = plus(teval, 600.8)
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=3, nproc=8, endpoint="lambda-h100-01:29500",
                                          run_id="ft-mistral", node_idx=idx)
        for lr in (0,):
            r = idx * 8 + lr
            if host != culprit:
                lines.append(f"[rank{r}]:{st_pylog(plus(teval, 2.2 + idx))} INFO eval.py:54 loaded 4096 eval samples "
                             f"from /home/team/data/eval/val-v3.jsonl")
        if host != culprit:
            lr = rng.randint(0, 7)
            tt = plus(tto, rng.uniform(0, 1))
            lines += watchdog_timeout(idx * 8 + lr, tt, seq=60512, op="ALLGATHER", numel=8, timeout_ms=600000)
            lines += torchrun_tail(host, plus(tt, 0.8), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="finetune.py", failed=[lr])
        else:
            lines.append(f"{st_glog(plus(tto, 9), 'W')} {apid} torch/distributed/elastic/agent/server/api.py:704] "
                         f"Received Signals.SIGTERM death signal, shutting down workers")
            lines += [f"{st_glog(plus(tto, 9.1), 'W')} {apid} torch/distributed/elastic/multiprocessing/api.py:897] "
                      f"Sending process {p} closing signal SIGTERM" for p in pids]
            lines.append(f"{st_glog(plus(tto, 39.1), 'W')} {apid} torch/distributed/elastic/multiprocessing/api.py:916] "
                         f"Unable to shutdown process {pids[3]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL")
        b.add(f"{host}/run.log", lines)
        if host == culprit:
            dm = kernel_noise_dmesg_T(plus(t0, -7200), host, rng, n=2)
            tn = plus(teval, 1.5)
            dm += [f"{st_dmesg_T(tn)} nfs: server nas02 not responding, still trying",
                   f"{st_dmesg_T(plus(tn, 0.4))} nfs: server nas02 not responding, still trying"]
            for k, pid in enumerate((pids[3], pids[0])):
                th = plus(teval, 123 + 120 * k)
                dm += [f"{st_dmesg_T(th)} INFO: task python3:{pid} blocked for more than {122 + 120 * k} seconds.",
                       f"{st_dmesg_T(th)}       Tainted: P           OE      5.15.0-117-generic #127-Ubuntu",
                       f"{st_dmesg_T(th)} \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.",
                       f"{st_dmesg_T(th)} task:python3         state:D stack:    0 pid:{pid} ppid:{apid} flags:0x00004002",
                       f"{st_dmesg_T(th)} Call Trace:",
                       f"{st_dmesg_T(th)}  <TASK>",
                       f"{st_dmesg_T(th)}  __schedule+0x24e/0x590",
                       f"{st_dmesg_T(th)}  schedule+0x69/0x110",
                       f"{st_dmesg_T(th)}  rpc_wait_bit_killable+0x11/0x80 [sunrpc]",
                       f"{st_dmesg_T(th)}  __rpc_execute+0x10f/0x480 [sunrpc]",
                       f"{st_dmesg_T(th)}  rpc_execute+0xa7/0xc0 [sunrpc]",
                       f"{st_dmesg_T(th)}  nfs4_call_sync_sequence+0x6c/0xa0 [nfsv4]",
                       f"{st_dmesg_T(th)}  _nfs4_proc_open+0x1ad/0x220 [nfsv4]",
                       f"{st_dmesg_T(th)}  nfs4_atomic_open+0xe9/0x110 [nfsv4]",
                       f"{st_dmesg_T(th)}  path_openat+0x3a5/0x1120",
                       f"{st_dmesg_T(th)}  do_sys_openat2+0x7a/0x150",
                       f"{st_dmesg_T(th)}  </TASK>"]
            b.add(f"{host}/dmesg.txt", dm)
            b.add(f"{host}/py-spy-rank11.txt", pyspy(pids[3], "/usr/bin/python3 -u finetune.py --cfg cfg/mistral-7b.yaml",
                                                     [(pids[3], "idle", "MainThread",
                                                       ["_load_jsonl (/workspace/ft/eval.py:51)",
                                                        "build_eval_set (/workspace/ft/eval.py:77)",
                                                        "evaluate (/workspace/ft/eval.py:102)",
                                                        "train (/workspace/ft/finetune.py:288)",
                                                        "<module> (/workspace/ft/finetune.py:341)"]),
                                                      (pids[3] + 210, "idle", "Thread-2 (_pin_memory_loop)",
                                                       ["wait (threading.py:324)", "get (queue.py:180)"])]))
        else:
            b.add(f"{host}/dmesg.txt", kernel_noise_dmesg_T(plus(t0, -7200), host, rng, n=3))
        b.add(f"{host}/nfsstat-m.txt", [f"/home from nas02:/export/home",
                                        " Flags:\trw,relatime,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,hard,"
                                        "proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.9.0." + str(11 + idx) +
                                        ",local_lock=none,addr=10.9.0.2"])
    b.set_label("storage", "infrastructure", culprit, None, "restart_without_node",
                "Only lambda-h100-02 lost its NFS mount ('nas02 not responding'), leaving its ranks in D state opening "
                "the eval file (hung-task traces, py-spy in _load_jsonl); the other two nodes read the same file "
                "from nas02 fine and then timed out waiting for lambda-h100-02.",
                "https://github.com/raspberrypi/linux/issues/2482")
    b.summary = "hung task in D state on one node's NFS client; others read the same file fine; 3 nodes"
    return b


# ==========================================================================
# d28: IOMMU/ACS enabled after a BIOS reset on one of two nodes
# ==========================================================================

def d28():
    b = Bundle("d28_nccl_init_hangs_on_one_server")
    rng = b.rng
    nodes = ["gpu-lab-1", "gpu-lab-2"]
    culprit = "gpu-lab-2"
    t0 = T("2025-04-14 10:05:12.000000")
    tinit = plus(t0, 38.0)
    tto = plus(tinit, 1800.3)
    l40 = ["01:00.0", "25:00.0", "41:00.0", "61:00.0", "81:00.0", "a1:00.0", "c1:00.0", "e1:00.0"]
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=2, nproc=8, endpoint="gpu-lab-1:29500",
                                          run_id="l40s-sft", node_idx=idx, nccl=True, local=[0, 1],
                                          nccl_kw={"version": "2.21.5+cuda12.4", "oob": f"eno1:192.168.40.{11 + idx}<0>",
                                                   "hcas": "[0]mlx5_0:1/RoCE", "complete": False})
        for lr in (0, 1):
            r = idx * 8 + lr
            lines += _pfx(r, [f"{host}:{pids[lr]}:{pids[lr] + 91} [{lr}] NCCL INFO Channel 00/0 : {r}[{lr}] -> "
                              f"{r + 1}[{lr + 1}] via P2P/CUMEM",
                              f"{host}:{pids[lr]}:{pids[lr] + 91} [{lr}] NCCL INFO Channel 01/0 : {r}[{lr}] -> "
                              f"{r + 1}[{lr + 1}] via P2P/CUMEM"])
            if host != culprit:
                lines += _pfx(r, [f"{host}:{pids[lr]}:{pids[lr] + 91} [{lr}] NCCL INFO Connected all rings",
                                  f"{host}:{pids[lr]}:{pids[lr] + 91} [{lr}] NCCL INFO ncclCommInitRank comm 0x55d3a1 "
                                  f"rank {r} nranks 16 cudaDev {lr} nvmlDev {lr} busId {l40[lr][:2]}000 - Init COMPLETE"])
        lr = rng.randint(0, 7)
        tt = plus(tto, rng.uniform(0, 1))
        lines += watchdog_timeout(idx * 8 + lr, tt, seq=1, op="ALLREDUCE", numel=1, timeout_ms=1800000)
        lines += torchrun_tail(host, plus(tt, 0.7), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                               script="sft.py", failed=[lr])
        b.add(f"{host}/torchrun_{idx}.log", lines)
        if host == culprit:
            dm = [f"{st_dmesg_T(plus(t0, -86000))} DMAR: IOMMU enabled",
                  f"{st_dmesg_T(plus(t0, -86000))} DMAR-IR: Enabled IRQ remapping in x2apic mode",
                  f"{st_dmesg_T(plus(t0, -85990))} pci 0000:20:00.0: Adding to iommu group 31"]
            for k in range(6):
                tk = plus(tinit, 0.8 + 0.003 * k)
                dev = l40[(k * 3) % 8]
                dm += [f"{st_dmesg_T(tk)} DMAR: DRHD: handling fault status reg 2",
                       f"{st_dmesg_T(tk)} DMAR: [DMA Read NO_PASID] Request device [{dev}] fault addr 0x{0xf8000000 + k * 0x200000:x} "
                       f"[fault reason 0x06] PTE Read access is not set"]
            dm.append(f"{st_dmesg_T(plus(tinit, 1.2))} dmar_fault: 241 callbacks suppressed")
            b.add(f"{host}/dmesg_T.log", dm)
            b.add(f"{host}/proc-cmdline.txt", "BOOT_IMAGE=/vmlinuz-6.8.0-45-generic root=/dev/mapper/vg0-root ro "
                                              "intel_iommu=on quiet splash")
        else:
            b.add(f"{host}/dmesg_T.log", [f"{st_dmesg_T(plus(t0, -90000))} DMAR: IOMMU disabled",
                                          f"{st_dmesg_T(plus(t0, -89990))} mlx5_core 0000:b1:00.0: Port module event: "
                                          f"module 0, Cable plugged"])
            b.add(f"{host}/proc-cmdline.txt", "BOOT_IMAGE=/vmlinuz-6.8.0-45-generic root=/dev/mapper/vg0-root ro "
                                              "intel_iommu=off quiet splash")
        acs = ("SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl- DirectTrans-" if host == culprit
               else "SrcValid- TransBlk- ReqRedir- CmpltRedir- UpstreamFwd- EgressCtrl- DirectTrans-")
        lsp = []
        for port in ("1f:00.0", "20:00.0", "3f:00.0", "40:00.0"):
            lsp += [f"{port} PCI bridge: Broadcom / LSI PEX890xx PCIe Gen 5 Switch (rev b0) (prog-if 00 [Normal decode])",
                    "\tCapabilities: [1f0 v1] Access Control Services",
                    "\t\tACSCap:\tSrcValid+ TransBlk+ ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl+ DirectTrans+",
                    f"\t\tACSCtl:\t{acs}", ""]
        b.add(f"{host}/lspci-vvv-bridges.txt", lsp)
    b.set_label("host", "infrastructure", culprit, None, "restart_without_node",
                "Both nodes hang in the very first all-reduce, but only gpu-lab-2 has the IOMMU on with ACS redirect "
                "enabled on its PCIe switch ports and logs DMAR faults for GPU peer-to-peer reads at init; gpu-lab-1 "
                "has IOMMU off and ACS cleared.",
                "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#pci-access-control-services-acs")
    b.summary = "2 nodes; BIOS/IOMMU + ACS only visible in dmesg, cmdline and lspci of one node"
    return b


# ==========================================================================
# d33: nvidia-peermem not loaded on one node after maintenance -> slow
# ==========================================================================

def d33():
    b = Bundle("d33_throughput_dropped_after_maintenance")
    rng = b.rng
    nodes = ["ds-h100-101", "ds-h100-102", "ds-h100-103", "ds-h100-104"]
    culprit, cidx = "ds-h100-103", 2
    jobid = 55123
    t0 = T("2024-10-15 18:00:05.000000")
    tend = T("2024-10-16 06:00:05.000000")
    for idx, host in enumerate(nodes):
        gdr = host != culprit
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=4, nproc=8, endpoint="ds-h100-101:29500",
                                          run_id="codegen-15b", node_idx=idx, nccl=True, local=[0, 4],
                                          nccl_kw={"version": "2.21.5+cuda12.4", "gdr": gdr,
                                                   "oob": f"ibp26s0:10.30.0.{101 + idx}<0>"})
        for lr in (0, 4):
            r = idx * 8 + lr
            path = "NET/IB/0/GDRDMA" if gdr else "NET/IB/0"
            peer = ((idx + 1) % 4) * 8 + lr
            lines += _pfx(r, [f"{host}:{pids[lr]}:{pids[lr] + 140} [{lr}] NCCL INFO Channel 00/0 : {r}[{lr}] -> "
                              f"{peer}[{lr}] [send] via {path}",
                              f"{host}:{pids[lr]}:{pids[lr] + 140} [{lr}] NCCL INFO Channel 01/0 : {r}[{lr}] -> "
                              f"{peer}[{lr}] [send] via {path}"])
        if idx == 3:
            it, t = megatron_iters(plus(t0, 900), 10, 30, 5.91, rng=rng, interval=50, loss0=2.61, gbs=512,
                                   total=12000)
            lines += _pfx(31, it)
            lines.append(f"[rank31]: {st_glog(plus(t, 5))[5:]} (min, max) time across ranks (ms):")
            lines.append("[rank31]:     forward-backward ...............................: (5688.41, 5733.02)")
            lines.append("[rank31]:     all-grads-sync .................................: (3391.77, 3402.60)")
            lines.append("[rank31]:     optimizer ......................................: (98.12, 101.40)")
        lines.append(f"slurmstepd: error: *** STEP {jobid}.0 ON {host} CANCELLED AT {tend:%Y-%m-%dT%H:%M:%S} DUE TO "
                     f"TIME LIMIT ***")
        lines += [f"{st_glog(plus(tend, 0.4), 'W')} {apid} torch/distributed/elastic/agent/server/api.py:704] Received "
                  f"Signals.SIGTERM death signal, shutting down workers"]
        b.add(f"{host}/{host}-{jobid}.log", lines)
        if host == culprit:
            b.add(f"{host}/lsmod.txt", ["Module                  Size  Used by", "nvidia_uvm           1540096  16",
                                        "nvidia_drm             90112  0", "nvidia_modeset       1306624  1 nvidia_drm",
                                        "nvidia              56823808  230 nvidia_uvm,nvidia_modeset",
                                        "mlx5_ib               450560  0", "ib_uverbs             196608  2 rdma_ucm,mlx5_ib",
                                        "mlx5_core            2170880  1 mlx5_ib"])
            b.add(f"{host}/dmesg-boot.txt", [
                f"{st_dmesg_T(plus(t0, -5400))} nvidia-nvlink: Nvlink Core is being initialized, major device number 508",
                f"{st_dmesg_T(plus(t0, -5391))} nvidia_peermem: disagrees about version of symbol "
                f"ib_register_peer_memory_client",
                f"{st_dmesg_T(plus(t0, -5391))} nvidia_peermem: Unknown symbol ib_register_peer_memory_client (err -22)",
                f"{st_dmesg_T(plus(t0, -5390))} mlx5_core 0000:1a:00.0: firmware version: 28.39.2048"])
        else:
            b.add(f"{host}/lsmod.txt", ["Module                  Size  Used by", "nvidia_peermem         16384  0",
                                        "nvidia_uvm           1540096  16", "nvidia              56823808  231 "
                                        "nvidia_uvm,nvidia_peermem,nvidia_modeset", "mlx5_ib               450560  0",
                                        "ib_core               409600  9 rdma_cm,ib_ipoib,nvidia_peermem,iw_cm,"
                                        "ib_umad,rdma_ucm,ib_uverbs,mlx5_ib,ib_cm"])
    b.add("ds-h100-101/sacct.txt", ["JobID           JobName  Partition    Elapsed      State ExitCode",
                                    "------------ ---------- ---------- ---------- ---------- --------",
                                    f"{jobid}       codegen15b      h100   12:00:00    TIMEOUT      0:0",
                                    f"{jobid}.0       torchrun             12:00:11  CANCELLED     0:15",
                                    f"54880       codegen15b      h100   04:51:12  COMPLETED      0:0"])
    b.add("ds-h100-101/notes-previous-run.txt", [
        "# job 54880 (same config, same four nodes, before the 2024-10-15 maintenance window)",
        "iteration 2000/12000 | elapsed time per iteration (ms): 2391.6 | lm loss: 2.183 |"])
    b.set_label("network", "infrastructure", culprit, None, "restart_without_node",
                "After maintenance ds-h100-103 booted without nvidia_peermem (symbol version mismatch), so its ranks "
                "report 'GPU Direct RDMA Disabled' and send via NET/IB without GDRDMA, dragging every step from 2.4 s "
                "to 5.9 s until the job hit its time limit; the other nodes load the module and use GDRDMA.",
                "https://github.com/NVIDIA/nccl/issues/1676")
    b.summary = "GPUDirect RDMA off on one node (NCCL INFO + lsmod + dmesg); slow job ends at time limit"
    return b


CASES = (d03, d06, d08, d14, d16, d18, d22, d27, d28, d33)
