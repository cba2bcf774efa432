"""Cases bu15-bu21."""
import json
import random
from datetime import datetime

from common import (Node, Log, Clock, sec, ms, c10, glog, pylog, syslog_ts, ctime, iso, hexid, guid, mac,
                    ib_completion, async_event, nccl_remote_abort, watchdog_timeout, ibstat_ca, store_reset,
                    ip_link_block, lo_block, H100_BUS, A100_BUS, agent_line, agent_teardown)
from scenario import Fate, run_logs, srun_tail, merge
from cases_a import ib_gid, sacct, slurm_head, IB4, IB8


def cuda_fail(node, lr, rank, dt, err, script_lines):
    p = node.pfx(lr, 2)
    L = [f"{p} enqueue.cc:1183 NCCL WARN Cuda failure '{err}'", f"{p} NCCL INFO group.cc:167 -> 1"]
    L += [f"[rank{rank}]: {x}" for x in script_lines]
    L += [f"[rank{rank}]: RuntimeError: CUDA error: {err}",
          f"[rank{rank}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
          f"[rank{rank}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
          f"[rank{rank}]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
    return L


MEG_TB = ["Traceback (most recent call last):",
          '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 278, in <module>',
          "    pretrain(",
          '  File "/workspace/Megatron-LM/megatron/training/training.py", line 370, in pretrain',
          "    iteration, num_floating_point_operations_so_far = train(",
          '  File "/workspace/Megatron-LM/megatron/training/training.py", line 1254, in train',
          "    train_step(forward_step_func,",
          '  File "/workspace/Megatron-LM/megatron/training/training.py", line 711, in train_step',
          "    losses_reduced = forward_backward_func(",
          '  File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 1246, in forward_backward_pipelining_without_interleaving',
          "    input_tensor_grad = backward_step(",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", line 266, in backward',
          "    Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"]


def peer_errors(nodes, bad, rng, t_err, ver, fates, lrs=(0, 1, 6, 7), gid=ib_gid, new=True, rail=None, reps=(1, 3)):
    k = 0
    for n in nodes:
        if n is bad:
            continue
        for lr in lrs:
            r = n.rank(lr)
            pre = []
            last = None
            for j in range(rng.randint(*reps)):
                hca = lr // 2 if rail is None else rail
                lines, msg = ib_completion(n, lr, bad.ip, rng.randint(33000, 61000), 12, 129,
                                           rng.choice(["Send", "Recv"]),
                                           local_gid=gid(n, hca) if new else None,
                                           remote_gid=gid(bad, hca) if new else None, version_new=new)
                pre.append((t_err + ms(k * 9 + j * 4), lines))
                last = msg
            k += 1
            dt = t_err + sec(1) + ms(k * 13)
            fates[r] = Fate(dt, nccl_remote_abort(r, dt, last, ver, rng), -6, pre=pre)


# =============================================================================
def case15():
    rng = random.Random(7615)
    name = "bu15_ib_timeouts_from_peer_after_quiet_gpu_error"
    hosts = ["sxm-0417", "sxm-0418", "sxm-0421", "sxm-0422"]
    nodes = [Node(h, i, 8, rng, ip=f"10.60.4.{int(h[-2:])}") for i, h in enumerate(hosts)]
    N = 32
    ver = "2.18.3"
    t_init = datetime(2024, 11, 19, 18, 4, 20)
    t_evt = datetime(2024, 11, 19, 22, 47, 13, 502000)
    bad = nodes[2]
    prog = dict(host="sxm-0422", start=datetime(2024, 11, 19, 18, 6, 0), first=10, last=9000, every=10,
                ms=2184.0, total=120000, loss0=2.7, stop=t_evt)
    fates = {}
    r_bad = bad.rank(5)
    dt = t_evt + ms(380)
    fates[r_bad] = Fate(dt, cuda_fail(bad, 5, r_bad, dt, "uncorrectable ECC error encountered", MEG_TB), 1,
                        tb="RuntimeError: CUDA error: uncorrectable ECC error encountered")
    peer_errors(nodes, bad, rng, t_evt + sec(12), ver, fates, new=False)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.1", oob_if="ib0", net="IB", netdevs=IB4, bus=A100_BUS,
                                   new_fmt=False, drv="12020"),
                    progress=prog, fates=fates, script="pretrain_gpt.py")
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    ck = Clock(datetime(2024, 11, 17, 7, 33, 1))
    files["sxm-0421/dmesg.txt"] = "\n".join([
        ck.dmesg_T(datetime(2024, 11, 19, 18, 4, 23), "NVRM: GPU at PCI:0000:90:00: GPU-6f1e2b7a-0c93-4d58-a2e1-93bd07c4f5a8"),
        ck.dmesg_T(datetime(2024, 11, 19, 18, 4, 23), "NVRM: GPU Board Serial Number: 1322021037402"),
        ck.dmesg_T(t_evt, "NVRM: Xid (PCI:0000:90:00): 48, pid=" + str(bad.pid(5)) + ", name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0."),
        ck.dmesg_T(t_evt + ms(4), "NVRM: Xid (PCI:0000:90:00): 63, pid=" + str(bad.pid(5)) + ", name=python3, Row Remapper: New row (0x00000000000a7f21) marked for remapping, reset gpu to activate."),
    ]) + "\n"
    files["sxm-0421/nvidia-smi-q_gpu5.txt"] = "\n".join([
        "==============NVSMI LOG==============", "",
        f"Timestamp                                 : {ctime(t_evt + sec(900))}",
        "Driver Version                            : 535.183.01", "CUDA Version                              : 12.2", "",
        "GPU 00000000:90:00.0",
        "    Product Name                          : NVIDIA A100-SXM4-80GB",
        "    Minor Number                          : 5",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 2",
        "        Aggregate",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : 11",
        "            DRAM Uncorrectable            : 2",
        "    Retired Pages",
        "        Single Bit ECC                    : N/A",
        "        Double Bit ECC                    : N/A",
        "        Pending Page Blacklist            : N/A",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : Yes",
        "        Remapping Failure Occurred        : No",
    ]) + "\n"
    slurm = slurm_head(6021177, "sxm-04[17-18,21-22]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "ib0")],
                       "torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ...", t_init - sec(20))
    slurm += srun_tail(6021177, [("sxm-0421", 2, 1), ("sxm-0417", 0, 1), ("sxm-0422", 3, 1), ("sxm-0418", 1, 1)],
                       "sxm-0417", t_evt + sec(20))
    files["slurm-6021177.out"] = "\n".join(slurm) + "\n"
    label = dict(category="gpu_memory", layer="infrastructure", culprit={"node": "sxm-0421", "rank": 21},
                 action="restart_without_node",
                 rationale="The retry-exceeded errors on three hosts name peer 10.60.4.21 (sxm-0421), but they start "
                           "12 s after sxm-0421 logged Xid 48 (DBE) and Xid 63 on PCI 0000:90:00 = GPU 5, whose rank 21 "
                           "died first with 'uncorrectable ECC error encountered'. A row remap is pending, so the node "
                           "must come out; the network errors are fallout.",
                 modelled_on="https://github.com/tatsu-lab/stanford_alpaca/issues/207")
    return name, files, label


# =============================================================================
def case16():
    rng = random.Random(7616)
    name = "bu16_network_ib_not_found_on_every_rank_at_start"
    hosts = [f"gpu-t0{i}" for i in range(1, 7)]
    nodes = [Node(h, i, 8, rng, ip=f"10.77.0.{i + 1}") for i, h in enumerate(hosts)]
    ver = "2.20.5"
    t_init = datetime(2024, 12, 2, 6, 30, 40)
    logs = {}
    for n in nodes:
        lg = Log()
        logs[n.host] = lg
        failed = []
        for lr in range(8):
            p = n.pfx(lr)
            p2 = n.pfx(lr, 1)
            r = n.rank(lr)
            t = t_init + ms(lr * 41 + n.idx * 7)
            L = [f"{p} NCCL INFO cudaDriverVersion 12040", f"{p} NCCL INFO Bootstrap : Using eth0:{n.ip}<0>"]
            if r == 0:
                L.append(f"NCCL version {ver}+cuda12.4")
            L += [f"{p} NCCL INFO NCCL_NET set by environment to IB",
                  f"{p2} NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation",
                  f"{p2} NCCL INFO NET/IB : No device found.",
                  f"{p2} NCCL INFO NET/Socket : Using [0]eth0:{n.ip}<0>",
                  "",
                  f"{p2} net.cc:1038 NCCL WARN Error: network IB not found.",
                  f"{p2} NCCL INFO init.cc:1504 -> 5",
                  f"{p2} NCCL INFO init.cc:1799 -> 5",
                  f"{p2} NCCL INFO init.cc:1837 -> 5",
                  f"[rank{r}]: Traceback (most recent call last):",
                  f'[rank{r}]:   File "/workspace/train_fsdp.py", line 219, in <module>',
                  f"[rank{r}]:     main()",
                  f'[rank{r}]:   File "/workspace/train_fsdp.py", line 141, in main',
                  f"[rank{r}]:     model = FSDP(model, auto_wrap_policy=wrap_policy, device_id=torch.cuda.current_device())",
                  f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_init_utils.py", line 614, in _sync_module_params_and_buffers',
                  f"[rank{r}]:     _sync_params_and_buffers(",
                  f"[rank{r}]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, "
                  f"invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version {ver}",
                  f"[rank{r}]: ncclInvalidUsage: This usually reflects invalid usage of NCCL library.",
                  f"[rank{r}]: Last error:",
                  f"[rank{r}]: Error: network IB not found."]
            lg.extend(t, L, step=ms(2))
            failed.append((lr, 1, t + ms(80), "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/"
                                               "distributed/c10d/ProcessGroupNCCL.cpp:1970, invalid usage (run with "
                                               f"NCCL_DEBUG=WARN for details), NCCL version {ver}"))
        agent_teardown(n, t_init + sec(1), failed, [], lg, "train_fsdp.py", "new")
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    for n in nodes:
        ib = []
        for i in range(4):
            ib += ibstat_ca(f"mlx5_{i}", "Initializing", "LinkUp", 400, 65535, 0, guid(rng))
        files[f"{n.host}/ibstat.txt"] = f"# ibstat on {n.host} @ 2024-12-02 06:34 (prolog health check)\n" + "\n".join(ib) + "\n"
    files["sminfo.txt"] = ("$ sminfo\n"
                           "ibwarn: [40121] _do_madrpc: recv failed: Connection timed out\n"
                           "ibwarn: [40121] mad_rpc: _do_madrpc failed; dport (Lid 0)\n"
                           "sminfo: iberror: failed: query\n")
    files["ufm-01_opensm_status.txt"] = "\n".join([
        "$ systemctl status opensm",
        "x opensm.service - Starts the OpenSM InfiniBand fabric Subnet Manager",
        "     Loaded: loaded (/lib/systemd/system/opensm.service; enabled; vendor preset: enabled)",
        "     Active: failed (Result: core-dump) since Mon 2024-12-02 06:11:52 UTC; 23min ago",
        "    Process: 2231 ExecStart=/usr/sbin/opensm --daemon $OPTIONS (code=exited, status=0/SUCCESS)",
        "   Main PID: 2240 (code=dumped, signal=SEGV)",
        "",
        "Dec 02 06:11:52 ufm-01 systemd[1]: opensm.service: Main process exited, code=dumped, status=11/SEGV",
        "Dec 02 06:11:52 ufm-01 systemd[1]: opensm.service: Failed with result 'core-dump'.",
        "$ ssh ufm-02 systemctl is-active opensm",
        "inactive",
    ]) + "\n"
    slurm = slurm_head(7031904, "gpu-t0[1-6]", [("NCCL_DEBUG", "INFO"), ("NCCL_NET", "IB"), ("NCCL_SOCKET_IFNAME", "eth0")],
                       "torchrun --nnodes 6 --nproc-per-node 8 train_fsdp.py", t_init - sec(25))
    slurm += srun_tail(7031904, [(h, i, 1) for i, h in enumerate(hosts)], "gpu-t01", t_init + sec(5))
    files["slurm-7031904.out"] = "\n".join(slurm) + "\n"
    label = dict(category="network", layer="infrastructure", culprit=None, action="restart",
                 rationale="Every rank on all six hosts fails at init with 'network IB not found' because NCCL sees no "
                           "ACTIVE IB port; ibstat on every host shows all ports Initializing with LID 65535 and SM lid "
                           "0, and the fabric's subnet manager (opensm on ufm-01) crashed at 06:11 with no standby. A "
                           "fabric-wide outage, not any one node.",
                 modelled_on="https://github.com/microsoft/mscclpp/issues/493")
    return name, files, label


# =============================================================================
def case17():
    rng = random.Random(7617)
    name = "bu17_connect_refused_to_link_local_address"
    hosts = ["gpu-c03", "gpu-c04", "gpu-c05", "gpu-c06"]
    nodes = [Node(h, i, 8, rng, ip=f"10.9.0.{3 + i}") for i, h in enumerate(hosts)]
    c05 = nodes[2]
    c05.ip = "169.254.3.1"
    ver = "2.19.3"
    t_init = datetime(2024, 12, 9, 9, 0, 21)
    logs = {}
    fates = {}
    for n in nodes:
        lg = Log()
        logs[n.host] = lg
        oob = "usb0" if n is c05 else "bond0"
        for lr in range(8):
            p = n.pfx(lr)
            p2 = n.pfx(lr, 1)
            L = [f"{p} NCCL INFO cudaDriverVersion 12030", f"{p} NCCL INFO Bootstrap : Using {oob}:{n.ip}<0>"]
            if n.rank(lr) == 0:
                L.append(f"NCCL version {ver}+cuda12.3")
            L += [f"{p2} NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation",
                  f"{p2} NCCL INFO NET/IB : Using {IB4} ; OOB {oob}:{n.ip}<0>",
                  f"{p2} NCCL INFO Using network IB"]
            lg.extend(t_init + ms(lr * 23), L, step=ms(2))
    t_err = t_init + sec(3)
    for n in nodes:
        if n is c05:
            continue
        for lr in range(8):
            r = n.rank(lr)
            p = n.pfx(lr)
            port = rng.randint(35000, 60000)
            last = f"socketStartConnect: Connect to 169.254.3.1<{port}> failed : Connection refused"
            lines = ["", f"{p} misc/socket.cc:484 NCCL WARN {last}",
                     f"{p} NCCL INFO misc/socket.cc:567 -> 2", f"{p} NCCL INFO misc/socket.cc:621 -> 2",
                     f"{p} NCCL INFO bootstrap.cc:274 -> 2", f"{p} NCCL INFO bootstrap.cc:589 -> 2",
                     f"{p} NCCL INFO init.cc:1388 -> 2", f"{p} NCCL INFO init.cc:1652 -> 2",
                     f"{p} NCCL INFO init.cc:1690 -> 2",
                     f"[rank{r}]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                     f"ProcessGroupNCCL.cpp:1691, unhandled system error (run with NCCL_DEBUG=INFO for details), "
                     f"NCCL version {ver}",
                     f"[rank{r}]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed "
                     "or device error. ",
                     f"[rank{r}]: Last error:", f"[rank{r}]: {last}"]
            dt = t_err + ms(lr * 17 + n.idx * 5)
            fates[r] = Fate(dt, lines, 1, tb="torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/"
                                               "distributed/c10d/ProcessGroupNCCL.cpp:1691, unhandled system error "
                                               f"(run with NCCL_DEBUG=INFO for details), NCCL version {ver}")
    for n in nodes:
        if n is c05:
            continue
        lg = logs[n.host]
        fl = []
        for lr in range(8):
            f = fates[n.rank(lr)]
            lg.extend(f.dt, f.lines, step=ms(1))
            fl.append((lr, 1, f.dt, f.tb))
        agent_teardown(n, t_err + ms(400), sorted(fl, key=lambda x: x[2]), [], lg, "train.py", "new")
    lg = logs["gpu-c05"]
    tk = t_err + sec(3)
    lg.add(tk, agent_line(tk, "WARNING", "Received Signals.SIGTERM death signal, shutting down workers", "new", c05.agent_pid))
    for lr in range(8):
        lg.add(tk + ms(lr + 1), agent_line(tk + ms(lr + 1), "WARNING", f"Sending process {c05.pid(lr)} closing signal SIGTERM", "new", c05.agent_pid))
    lg.add(tk + sec(1), f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {c05.agent_pid} got signal: 15")
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    ipl = lo_block()
    ipl += ip_link_block(2, "eno1", "BROADCAST,MULTICAST,UP,LOWER_UP", 1500, "UP", mac(rng), "192.168.20.5", 24)
    ipl += ip_link_block(3, "ens1f0np0", "NO-CARRIER,BROADCAST,MULTICAST,SLAVE,UP", 9000, "DOWN", mac(rng), master="bond0")
    ipl += ip_link_block(4, "ens1f1np1", "NO-CARRIER,BROADCAST,MULTICAST,SLAVE,UP", 9000, "DOWN", mac(rng), master="bond0")
    ipl += ["5: bond0: <NO-CARRIER,BROADCAST,MULTICAST,MASTER,UP> mtu 9000 qdisc noqueue state DOWN group default qlen 1000",
            f"    link/ether {mac(rng)} brd ff:ff:ff:ff:ff:ff"]
    ipl += ip_link_block(6, "usb0", "BROADCAST,MULTICAST,UP,LOWER_UP", 1500, "UNKNOWN", mac(rng), "169.254.3.1", 24)
    ipl += ["7: ib0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 2044 qdisc mq state UP group default qlen 256",
            "    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:b8:3f:d2:03:00:a1:5c:20 brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff"]
    files["gpu-c05/ip_addr.txt"] = "$ ip addr\n" + "\n".join(ipl) + "\n"
    ck = Clock(datetime(2024, 12, 5, 11, 20, 3))
    files["gpu-c05/dmesg.txt"] = "\n".join([
        ck.dmesg(datetime(2024, 12, 5, 11, 20, 19), "cdc_ether 1-1.3:2.0 usb0: register 'cdc_ether' at usb-0000:00:14.0-1.3, CDC Ethernet Device, 4a:3c:1e:00:7f:21"),
        ck.dmesg(datetime(2024, 12, 5, 11, 20, 26), "bond0: (slave ens1f0np0): Enslaving as an active interface with an up link"),
        ck.dmesg(datetime(2024, 12, 5, 11, 20, 26), "bond0: (slave ens1f1np1): Enslaving as an active interface with an up link"),
        ck.dmesg(datetime(2024, 12, 8, 23, 41, 7), "mlx5_core 0000:a1:00.0 ens1f0np0: Link down"),
        ck.dmesg(datetime(2024, 12, 8, 23, 41, 7), "mlx5_core 0000:a1:00.1 ens1f1np1: Link down"),
        ck.dmesg(datetime(2024, 12, 8, 23, 41, 7), "bond0: (slave ens1f0np0): link status definitely down, disabling slave"),
        ck.dmesg(datetime(2024, 12, 8, 23, 41, 7), "bond0: (slave ens1f1np1): link status definitely down, disabling slave"),
        ck.dmesg(datetime(2024, 12, 8, 23, 41, 7), "bond0: now running without any active interface!"),
        ck.dmesg(datetime(2024, 12, 9, 9, 0, 18), "NVRM: GPU at PCI:0000:18:00: GPU-aa12f9c0-7de3-4b16-8e02-5c91a3f07d6e"),
    ]) + "\n"
    slurm = slurm_head(7102255, "gpu-c0[3-6]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "^lo,docker,virbr")],
                       "--kill-on-bad-exit=1 torchrun --nnodes 4 --nproc-per-node 8 train.py", t_init - sec(20))
    slurm += srun_tail(7102255, [("gpu-c03", 0, 1), ("gpu-c04", 1, 1), ("gpu-c06", 3, 1)], "gpu-c03", tk)
    files["slurm-7102255.out"] = "\n".join(slurm) + "\n"
    label = dict(category="network", layer="infrastructure", culprit={"node": "gpu-c05", "rank": None},
                 action="restart_without_node",
                 rationale="All 24 failing ranks cannot connect to 169.254.3.1, which only gpu-c05's Bootstrap/OOB lines "
                           "use (usb0, the BMC link-local NIC) while the others use bond0:10.9.0.x. gpu-c05's bond0 has "
                           "no carrier and no address: both slaves went link down the night before, so NCCL fell back "
                           "to usb0.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/68893")
    return name, files, label


# =============================================================================
def case18():
    rng = random.Random(7618)
    name = "bu18_roce_errors_on_all_eight_hosts_within_ten_seconds"
    hosts = [f"dgx-h0{i}" for i in range(1, 9)]
    nodes = [Node(h, i, 8, rng, ip=f"10.50.8.{i + 1}", extra={"n": i + 1}) for i, h in enumerate(hosts)]
    N = 64
    ver = "2.21.5"
    t_init = datetime(2024, 12, 9, 13, 20, 4)
    t_sw = datetime(2024, 12, 9, 16, 39, 57, 118000)
    roce = " ".join(f"[{i}]mlx5_{i}:1/RoCE" for i in range(8)) + " [RO]"
    prog = dict(host="dgx-h01", start=datetime(2024, 12, 9, 13, 21, 40), first=10, last=9000, every=10, ms=2418.0,
                total=100000, loss0=2.5, stop=t_sw)

    def gid(node, rail):
        return f"::ffff:10.51.{rail}.{node.extra['n']}"
    fates = {}
    left, right = nodes[:4], nodes[4:]
    k = 0
    for n in nodes:
        others = right if n in left else left
        for lr in range(8):
            if rng.random() < 0.4:
                continue
            r = n.rank(lr)
            pre = []
            last = None
            for j in range(rng.randint(1, 3)):
                peer = rng.choice(others)
                lines, msg = ib_completion(n, lr, peer.ip, rng.randint(33000, 61000), 12, 129,
                                           rng.choice(["Send", "Recv"]), local_gid=gid(n, lr), remote_gid=gid(peer, lr))
                pre.append((t_sw + sec(7) + ms(k * 23 + j * 5), lines))
                last = msg
            k += 1
            dt = t_sw + sec(8) + ms(k * 29)
            fates[r] = Fate(dt, nccl_remote_abort(r, dt, last, ver, rng), -6, pre=pre)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="enp86s0f0", net="IB", netdevs=roce, bus=H100_BUS),
                    progress=prog, fates=fates, script="pretrain_gpt.py")
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    sp = [f"{t_sw - sec(41):%Y-%m-%dT%H:%M:%S}.902+00:00 spine-02 kernel: [812230.442191] watchdog: BUG: soft lockup - CPU#2 stuck for 22s! [syncd:1873]",
          f"{t_sw - sec(19):%Y-%m-%dT%H:%M:%S}.441+00:00 spine-02 kernel: [812252.001337] watchdog: BUG: soft lockup - CPU#2 stuck for 44s! [syncd:1873]",
          f"{t_sw:%Y-%m-%dT%H:%M:%S}.118+00:00 spine-02 monit[902]: 'container_checker' status failed (3) -- Expected containers not running: syncd, swss",
          f"{t_sw + ms(300):%Y-%m-%dT%H:%M:%S}.420+00:00 spine-02 systemd[1]: Starting Reboot...",
          f"{t_sw + sec(174):%Y-%m-%dT%H:%M:%S}.630+00:00 spine-02 kernel: [    0.000000] Linux version 5.10.0-23-2-amd64 (debian-kernel@lists.debian.org)",
          f"{t_sw + sec(268):%Y-%m-%dT%H:%M:%S}.201+00:00 spine-02 swss#portsyncd: :- doTask: Port Ethernet0 oper state set from down to up"]
    files["switch_logs/spine-02.log"] = "\n".join(sp) + "\n"
    lf = []
    for leaf in ("leaf-01", "leaf-02"):
        for p in (112, 116, 120, 124):
            lf.append(f"{t_sw + ms(40 + p):%Y-%m-%dT%H:%M:%S}.{40 + p:03d}+00:00 {leaf} NOTICE swss#orchagent: :- updatePortOperStatus: Port Ethernet{p} oper state set from up to down")
        for p in (112, 116, 120, 124):
            lf.append(f"{t_sw + sec(270) + ms(p):%Y-%m-%dT%H:%M:%S}.{p:03d}+00:00 {leaf} NOTICE swss#orchagent: :- updatePortOperStatus: Port Ethernet{p} oper state set from down to up")
    files["switch_logs/leaf-uplinks.log"] = "\n".join(lf) + "\n"
    files["topology.json"] = json.dumps({"topology": {"leaf-01": hosts[:4], "leaf-02": hosts[4:],
                                                      "spine-01": ["leaf-01", "leaf-02"], "spine-02": ["leaf-01", "leaf-02"]}},
                                        indent=2) + "\n"
    t_end = t_sw + sec(14)
    slurm = slurm_head(7120087, "dgx-h0[1-8]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "enp86s0f0"),
                                                 ("NCCL_IB_GID_INDEX", "3")],
                       "torchrun --nnodes 8 --nproc-per-node 8 pretrain_gpt.py ...", t_init - sec(20))
    slurm += srun_tail(7120087, [(h, i, 1) for i, h in enumerate(hosts)], "dgx-h01", t_end)
    files["slurm-7120087.out"] = "\n".join(slurm) + "\n"
    label = dict(category="network", layer="infrastructure", culprit=None, action="restart",
                 rationale="Within 10 s every host reports retry-exceeded errors, always against peers on the other leaf "
                           "(10.50.8.1-4 vs 10.50.8.5-8). spine-02 soft-locked and rebooted at 16:39:57 and both leaves "
                           "logged their spine-02 uplinks down at that moment; no host NIC changed state. Shared "
                           "fabric, transient.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1405")
    return name, files, label


# =============================================================================
def case19():
    rng = random.Random(7619)
    name = "bu19_allreduce_watchdog_timeouts_then_connection_closed"
    hosts = ["gpu-h01", "gpu-h02", "gpu-h03", "gpu-h04"]
    nodes = [Node(h, i, 8, rng, ip=f"10.8.0.{11 + i}") for i, h in enumerate(hosts)]
    N = 32
    ver = "2.21.5"
    t_init = datetime(2025, 1, 7, 1, 15, 9)
    t_hang = datetime(2025, 1, 7, 4, 2, 37)
    h02 = nodes[1]
    prog = dict(host="gpu-h04", start=datetime(2025, 1, 7, 1, 16, 40), first=20, last=9000, every=20, ms=1388.0,
                total=200000, loss0=2.3, stop=t_hang)
    fates = {}
    t_to = t_hang + sec(600)
    for n in nodes:
        for lr in range(8):
            r = n.rank(lr)
            if r == 13:
                continue
            dt = t_to + ms(rng.randint(10, 900))
            L = watchdog_timeout(r, dt, 88121, "ALLREDUCE", 251658240, 600000, rng, last_enq=88121)
            fates[r] = Fate(dt, L, -6)
    # after teardown, red herrings naming addresses
    extra = {}
    for n in (nodes[0], nodes[2], nodes[3]):
        p = n.pfx(3, 4)
        peer = rng.choice([x for x in nodes if x is not n])
        extra[n.host] = [(t_to + sec(1), ["", f"{p} misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer {peer.ip}<{rng.randint(40000, 60000)}>",
                                          f"{p} NCCL INFO misc/socket.cc:749 -> 6",
                                          f"{p} proxy.cc:1143 NCCL WARN [Service thread] Error encountered progressing operation=Connect, res=3, closing connection"])]
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="ib0", net="IB", netdevs=IB8, bus=H100_BUS),
                    progress=prog, fates=fates, script="pretrain_gpt.py", extra=extra)
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr_dumps/job_8830042/ -j --print_stack_trace",
          "Not all ranks joining collective 88121 at entry 4411",
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          "missing ranks: {13}",
          "input sizes: [[251658240]]",
          "output sizes: [[251658240]]",
          "expected ranks: 32",
          "collective state: scheduled",
          "collective stack trace:",
          "  all_reduce at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:2288",
          "  wrapper at /usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py:83",
          "  _allreduce_word_embedding_grads at /workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py:105",
          "  finalize_model_grads at /workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py:142",
          "",
          "rank 13 last entry: record_id 4410, collective_seq_id 88120, nccl:all_gather_into_tensor, state completed"]
    files["flight_recorder_analysis.txt"] = "\n".join(fr) + "\n"
    ps = [f"$ py-spy dump --pid {h02.pid(5)}   # gpu-h02, local rank 5 (rank 13), taken 2025-01-07 04:09:50",
          f"Process {h02.pid(5)}: /usr/bin/python3 -u /workspace/Megatron-LM/pretrain_gpt.py --tensor-model-parallel-size 8 ...",
          "Python v3.10.12 (/usr/bin/python3.10)",
          "",
          f"Thread {h02.pid(5)} (idle): \"MainThread\"",
          "    synchronize (torch/cuda/__init__.py:892)",
          "    _get_grad_norm_fp32 (megatron/core/optimizer/clip_grads.py:79)",
          "    get_grad_norm (megatron/core/optimizer/optimizer.py:207)",
          "    step_with_ready_grads (megatron/core/optimizer/optimizer.py:486)",
          "    step (megatron/core/optimizer/optimizer.py:521)",
          "    train_step (megatron/training/training.py:733)",
          "    train (megatron/training/training.py:1254)",
          "    pretrain (megatron/training/training.py:370)",
          "    <module> (pretrain_gpt.py:278)",
          f"Thread {h02.pid(5) + 212} (idle): \"Thread-2 (_pin_memory_loop)\"",
          "    select (selectors.py:416)",
          "    wait (multiprocessing/connection.py:931)",
          "    _poll (multiprocessing/connection.py:424)",
          "    get (multiprocessing/queues.py:113)",
          "    do_one_step (torch/utils/data/_utils/pin_memory.py:31)",
          "",
          f"$ py-spy dump --pid {h02.pid(4)}   # gpu-h02, local rank 4 (rank 12)",
          f"Thread {h02.pid(4)} (idle): \"MainThread\"",
          "    _allreduce_word_embedding_grads (megatron/core/distributed/finalize_model_grads.py:105)",
          "    finalize_model_grads (megatron/core/distributed/finalize_model_grads.py:142)",
          "    forward_backward_pipelining_without_interleaving (megatron/core/pipeline_parallel/schedules.py:1283)",
          "    train_step (megatron/training/training.py:711)"]
    files["gpu-h02/py-spy.txt"] = "\n".join(ps) + "\n"
    smi = ["$ nvidia-smi --query-gpu=index,utilization.gpu,power.draw,clocks.sm,temperature.gpu --format=csv  # 04:10"]
    smi.append("index, utilization.gpu [%], power.draw [W], clocks.sm [MHz], temperature.gpu")
    for i in range(8):
        if i == 5:
            smi.append(f"{i}, 100 %, 312.44 W, 1980 MHz, 61")
        else:
            smi.append(f"{i}, 100 %, {rng.uniform(118, 131):.2f} W, 1980 MHz, {rng.randint(40, 46)}")
    files["gpu-h02/nvidia-smi.txt"] = "\n".join(smi) + "\n"
    label = dict(category="hang", layer="infrastructure", culprit={"node": "gpu-h02", "rank": 13},
                 action="run_diagnostics",
                 rationale="31 ranks time out in ALLREDUCE SeqNum 88121; the flight recorder shows rank 13 never joined "
                           "it (its last entry is 88120, completed) and py-spy puts rank 13 (gpu-h02, local rank 5) in "
                           "torch.cuda.synchronize inside grad-norm while GPU 5 burns 312 W. The later 'Connection closed "
                           "by remote peer 10.8.0.x' lines come from the teardown.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/118369")
    return name, files, label


# =============================================================================
def case20():
    rng = random.Random(7620)
    name = "bu20_roce_errors_after_gid_table_change_event"
    hosts = [f"gpu-r{n}" for n in range(11, 15)]
    nodes = [Node(h, i, 8, rng, ip=f"10.70.3.{11 + i}", extra={"n": 11 + i}) for i, h in enumerate(hosts)]
    N = 32
    ver = "2.21.5"
    t_init = datetime(2025, 1, 13, 22, 40, 10)
    t_chg = datetime(2025, 1, 14, 3, 12, 40, 112000)
    r13 = nodes[2]
    roce = "[0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [RO]"
    prog = dict(host="gpu-r11", start=datetime(2025, 1, 13, 22, 41, 50), first=10, last=9000, every=10, ms=3102.0,
                total=90000, loss0=2.6, stop=t_chg + sec(20))

    def gid(node, rail):
        return f"::ffff:10.7{1 + rail}.0.{node.extra['n']}"
    extra = {"gpu-r13": [(t_chg + ms(20 + lr), [async_event(r13, lr, "mlx5_0", "GID table change")]) for lr in range(4)]}
    fates = {}
    t_err = t_chg + sec(24)
    for lr in range(4):
        peer = nodes[1] if lr % 2 else nodes[3]
        lines, msg = ib_completion(r13, lr, peer.ip, rng.randint(33000, 61000), 12, 129, "Send",
                                   local_gid=gid(r13, 0), remote_gid=gid(peer, 0), line="transport/net_ib.cc:1707")
        dt = t_err + sec(1) + ms(lr * 23)
        fates[r13.rank(lr)] = Fate(dt, nccl_remote_abort(r13.rank(lr), dt, msg, ver, rng), -6, pre=[(t_err + ms(lr * 3), lines)])
    k = 0
    for n in nodes:
        if n is r13:
            continue
        for lr in range(4):
            r = n.rank(lr)
            pre = []
            last = None
            for j in range(rng.randint(1, 3)):
                lines, msg = ib_completion(n, lr, r13.ip, rng.randint(33000, 61000), 12, 129,
                                           rng.choice(["Send", "Recv"]), local_gid=gid(n, 0), remote_gid=gid(r13, 0),
                                           line="transport/net_ib.cc:1707")
                pre.append((t_err + ms(100 + k * 11 + j * 3), lines))
                last = msg
            k += 1
            dt = t_err + sec(1) + ms(200 + k * 17)
            fates[r] = Fate(dt, nccl_remote_abort(r, dt, last, ver, rng), -6, pre=pre)
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="bond0", net="IB", netdevs=roce, bus=H100_BUS),
                    progress=prog, fates=fates, script="pretrain_gpt.py", extra=extra)
    files = {f"{h}/torchrun.log": logs[h].render() for h in hosts}
    ts = int((t_chg - datetime(1970, 1, 1)).total_seconds())
    files["gpu-r13/journal.txt"] = "\n".join([
        f"{syslog_ts(datetime(2025, 1, 13, 15, 12, 39))} gpu-r13 NetworkManager[1822]: <info>  [{ts - 43201}.0931] dhcp4 (ens6f0np0): state changed new lease, address=10.71.0.13",
        f"{syslog_ts(t_chg - sec(1))} gpu-r13 NetworkManager[1822]: <info>  [{ts - 1}.8810] dhcp4 (ens6f0np0): activation: beginning transaction (timeout in 45 seconds)",
        f"{syslog_ts(t_chg)} gpu-r13 NetworkManager[1822]: <info>  [{ts}.1120] dhcp4 (ens6f0np0): state changed new lease, address=10.71.0.113",
        f"{syslog_ts(t_chg)} gpu-r13 NetworkManager[1822]: <info>  [{ts}.1127] device (ens6f0np0): state change: activated -> activated (reason 'none', sys-iface-state: 'managed')",
        f"{syslog_ts(t_chg)} gpu-r13 kernel: [418221.603112] IPv4: martian source 10.71.0.113 from 10.71.0.1, on dev ens6f0np0",
        f"{syslog_ts(t_chg + sec(2))} gpu-r13 systemd-resolved[1201]: ens6f0np0: Bus client set DNS server list to: 10.70.0.2",
    ]) + "\n"
    ipl = lo_block()
    ipl += ip_link_block(2, "eno1", "BROADCAST,MULTICAST,UP,LOWER_UP", 1500, "UP", mac(rng), "192.168.30.13", 24)
    ipl += ["3: bond0: <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP group default qlen 1000",
            f"    link/ether {mac(rng)} brd ff:ff:ff:ff:ff:ff",
            "    inet 10.70.3.13/24 brd 10.70.3.255 scope global bond0",
            "       valid_lft forever preferred_lft forever"]
    ipl += ["4: ens6f0np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4200 qdisc mq state UP group default qlen 1000",
            f"    link/ether {mac(rng)} brd ff:ff:ff:ff:ff:ff",
            "    inet 10.71.0.113/24 brd 10.71.0.255 scope global dynamic noprefixroute ens6f0np0",
            "       valid_lft 40302sec preferred_lft 40302sec"]
    ipl += ip_link_block(5, "ens6f1np1", "BROADCAST,MULTICAST,UP,LOWER_UP", 4200, "UP", mac(rng), "10.72.0.13", 24)
    files["gpu-r13/ip_addr.txt"] = "$ ip addr   # 2025-01-14 03:40\n" + "\n".join(ipl) + "\n"
    files["gpu-r13/show_gids.txt"] = "\n".join([
        "DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV",
        "---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---",
        "mlx5_0\t1\t0\tfe80:0000:0000:0000:a288:c2ff:fe31:5e40\t\t\tv1\tens6f0np0",
        "mlx5_0\t1\t1\tfe80:0000:0000:0000:a288:c2ff:fe31:5e40\t\t\tv2\tens6f0np0",
        "mlx5_0\t1\t2\t0000:0000:0000:0000:0000:ffff:0a47:0071\t10.71.0.113  \tv1\tens6f0np0",
        "mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a47:0071\t10.71.0.113  \tv2\tens6f0np0",
        "mlx5_1\t1\t0\tfe80:0000:0000:0000:a288:c2ff:fe31:5e41\t\t\tv1\tens6f1np1",
        "mlx5_1\t1\t1\tfe80:0000:0000:0000:a288:c2ff:fe31:5e41\t\t\tv2\tens6f1np1",
        "mlx5_1\t1\t2\t0000:0000:0000:0000:0000:ffff:0a48:000d\t10.72.0.13  \tv1\tens6f1np1",
        "mlx5_1\t1\t3\t0000:0000:0000:0000:0000:ffff:0a48:000d\t10.72.0.13  \tv2\tens6f1np1",
        "n_gids_found=8",
    ]) + "\n"
    slurm = slurm_head(9004412, "gpu-r[11-14]", [("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "bond0"),
                                                  ("NCCL_IB_GID_INDEX", "3"), ("NCCL_IB_HCA", "mlx5_0,mlx5_1")],
                       "torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ...", t_init - sec(20))
    slurm += srun_tail(9004412, [("gpu-r13", 2, 1), ("gpu-r11", 0, 1), ("gpu-r12", 1, 1), ("gpu-r14", 3, 1)],
                       "gpu-r11", t_err + sec(5))
    files["slurm-9004412.out"] = "\n".join(slurm) + "\n"
    label = dict(category="network", layer="infrastructure", culprit={"node": "gpu-r13", "rank": None},
                 action="restart_without_node",
                 rationale="Every error involves remote GID ::ffff:10.71.0.13 on peer 10.70.3.13 (gpu-r13). At 03:12:40 "
                           "NetworkManager on gpu-r13 renewed the DHCP lease of its RoCE port ens6f0np0 with a new "
                           "address (10.71.0.13 -> 10.71.0.113), NCCL on gpu-r13 logged 'GID table change', and QPs "
                           "bound to the old GID timed out 24 s later. A host network config fault on that one node.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1819")
    return name, files, label


# =============================================================================
def case21():
    rng = random.Random(7621)
    name = "bu21_pod_ip_unreachable_mid_training"
    hosts = [f"gpu-node-{i}" for i in range(1, 5)]
    pod_ips = ["10.244.1.12", "10.244.2.7", "10.244.3.15", "10.244.4.9"]
    pods = [f"llm-pretrain-7b-worker-{i}" for i in range(4)]
    nodes = [Node(pods[i], i, 8, rng, ip=pod_ips[i]) for i in range(4)]
    N = 32
    ver = "2.20.5"
    t_init = datetime(2025, 1, 19, 21, 2, 30)
    t_mce = datetime(2025, 1, 20, 2, 14, 52, 301000)
    bad = nodes[2]
    fates = {}
    t_err = t_mce + sec(193)
    k = 0
    for n in nodes:
        if n is bad:
            continue
        for lr in range(8):
            if rng.random() < 0.45 and lr != 0:
                continue
            r = n.rank(lr)
            p = n.pfx(lr, 2)
            port = rng.randint(33000, 61000)
            w = f"Net : Call to recv from {bad.ip}<{port}> failed : No route to host"
            pre = [(t_err + ms(k * 37), ["", f"{p} misc/socket.cc:538 NCCL WARN {w}",
                                         f"{p} NCCL INFO misc/socket.cc:555 -> 6",
                                         f"{p} NCCL INFO transport/net_socket.cc:474 -> 6",
                                         f"{p} NCCL INFO transport/net.cc:1168 -> 6",
                                         f"{p} NCCL INFO proxy.cc:698 -> 6",
                                         f"{p} NCCL INFO proxy.cc:878 -> 6 [Progress Thread]"])]
            k += 1
            dt = t_err + sec(1) + ms(k * 41)
            fates[r] = Fate(dt, nccl_remote_abort(r, dt, w, ver, rng), -6, pre=pre)
    extra = {}
    for n in nodes:
        t = datetime(2025, 1, 19, 21, 4, 0)
        L = []
        step = 0
        while t < t_mce - sec(2):
            step += 50
            t += sec(50 * 4.41 + rng.uniform(-1, 1))
            if t > t_mce - sec(2):
                break
            if n.idx == 0 or n is bad:
                L.append((t, [f"[{pylog(t)}][INFO][rank{n.rank(0)}] step={step} loss={2.9 - step / 40000:.4f} "
                              f"tok/s/gpu={rng.randint(3720, 3790)} mfu={rng.uniform(0.41, 0.42):.3f}"]))
        extra[n.host] = L
    logs = run_logs(nodes, N, rng, t_init=t_init,
                    nccl_opts=dict(version=ver, cuda="12.4", oob_if="eth0", net="Socket", bus=H100_BUS),
                    fates=fates, script="/app/train.py", extra=extra,
                    killed_at={})
    files = {}
    for i, n in enumerate(nodes):
        files[f"{hosts[i]}/{pods[i]}.log"] = logs[n.host].render()
    files["kubectl_get_pods.txt"] = "\n".join(
        ["$ kubectl -n training get pods -o wide   # 2025-01-20 02:40",
         "NAME                          READY   STATUS    RESTARTS   AGE     IP             NODE         NOMINATED NODE   READINESS GATES"] +
        [f"{pods[i]:<29} {'0/1':<7} {('Error' if i != 2 else 'Unknown'):<9} 0          5h38m   {pod_ips[i]:<14} {hosts[i]:<12} <none>           <none>"
         for i in range(4)]) + "\n"
    files["kubectl_describe_node_gpu-node-3.txt"] = "\n".join([
        "Name:               gpu-node-3",
        "Roles:              <none>",
        "Labels:             nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3",
        "                    node.kubernetes.io/instance-type=hgx-h100",
        "Conditions:",
        "  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message",
        "  ----             ------  -----------------                 ------------------                ------                       -------",
        "  MemoryPressure   False   Mon, 20 Jan 2025 02:39:55 +0000   Mon, 20 Jan 2025 02:21:14 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available",
        "  Ready            True    Mon, 20 Jan 2025 02:39:55 +0000   Mon, 20 Jan 2025 02:21:14 +0000   KubeletReady                 kubelet is posting ready status",
        "Events:",
        "  Type     Reason                   Age   From             Message",
        "  ----     ------                   ----  ----             -------",
        "  Normal   NodeNotReady             25m   node-controller  Node gpu-node-3 status is now: NodeNotReady",
        "  Warning  Rebooted                 19m   kubelet          Node gpu-node-3 has been rebooted, boot id: 6c1d0f4e-3b2a-47c9-9e15-0a7d2c8b5f31",
        "  Normal   Starting                 19m   kubelet          Starting kubelet.",
        "  Normal   NodeReady                19m   kubelet          Node gpu-node-3 status is now: NodeReady",
    ]) + "\n"
    ck = Clock(datetime(2025, 1, 15, 9, 40, 11))
    files["gpu-node-3/journalctl_-k_-b_-1.txt"] = "\n".join([
        f"{syslog_ts(t_mce - sec(2))} gpu-node-3 kernel: mce: [Hardware Error]: Machine check events logged",
        f"{syslog_ts(t_mce)} gpu-node-3 kernel: mce: [Hardware Error]: CPU 14: Machine Check Exception: 5 Bank 7: be00000000800400",
        f"{syslog_ts(t_mce)} gpu-node-3 kernel: mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffa4c01e7a> {{intel_idle+0x5a/0xa0}}",
        f"{syslog_ts(t_mce)} gpu-node-3 kernel: mce: [Hardware Error]: TSC 3a9f1c0c2b71e MISC 1f10086 PPIN 2b1f4c8a09e30d51",
        f"{syslog_ts(t_mce)} gpu-node-3 kernel: mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1737339292 SOCKET 0 APIC 1c microcode 2b000590",
        f"{syslog_ts(t_mce)} gpu-node-3 kernel: mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
        f"{syslog_ts(t_mce)} gpu-node-3 kernel: mce: [Hardware Error]: Machine check: Processor context corrupt",
        f"{syslog_ts(t_mce)} gpu-node-3 kernel: Kernel panic - not syncing: Fatal machine check",
        "-- Boot 6c1d0f4e3b2a47c99e150a7d2c8b5f31 --",
    ]) + "\n"
    files["pytorchjob_status.yaml"] = "\n".join([
        "apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: llm-pretrain-7b", "  namespace: training",
        "status:", "  conditions:",
        "  - type: Running", "    status: \"False\"", f"    lastTransitionTime: \"{iso(t_err + sec(5))}Z\"",
        "  - type: Failed", "    status: \"True\"", "    reason: PyTorchJobFailed",
        "    message: PyTorchJob training/llm-pretrain-7b is failed because 3 Worker replica(s) failed.",
        f"    lastTransitionTime: \"{iso(t_err + sec(5))}Z\"",
        "  replicaStatuses:", "    Worker:", "      failed: 3", "      active: 0",
    ]) + "\n"
    label = dict(category="host", layer="infrastructure", culprit={"node": "gpu-node-3", "rank": None},
                 action="restart_without_node",
                 rationale="The NCCL socket errors on workers 0, 1 and 3 all name pod IP 10.244.3.15, which "
                           "kubectl get pods maps to worker-2 on gpu-node-3. worker-2's log simply stops after its 02:12:49 progress line with no error; "
                           "gpu-node-3's previous-boot kernel log ends in a fatal machine check (CPU 14, Bank 7) and "
                           "kernel panic, and the node went NotReady and rebooted.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/193")
    return name, files, label


CASES = [case15, case16, case17, case18, case19, case20, case21]
