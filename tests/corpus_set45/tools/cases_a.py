"""Cases ap01 - ap05."""
import random

from lib import (T, plus, glog_ms, c10, pyts, dmesg_T, iso, kev, boot_events, run_noise,
                 render_dmesg_T, render_dmesg_raw, render_journal_k, render_syslog, render_journal_iso,
                 nccl_init_block, torchrun_banner, elastic, elastic_tb, child_failed_box, box_time,
                 rendezvous_result, tb, megatron_iter, ds_step, ds_timer, tqdm_bar, smi_gpu, render_smi_q,
                 uuid_for, serial_for, GPU_BUSES_8, GPU_BUSES_ALT, GPU_BUSES_DGX, watchdog_timeout_lines,
                 cuda_error_frames, launch_config)


# ============================================================== ap01
def ap01(w):
    """unhandled system error at NCCL init; one node's HCA port is down (accused via remote GID)."""
    rng = random.Random(4501)
    name = "ap01_unhandled_system_error_at_ddp_init_all_ranks"
    hosts = ["gpu-a101", "gpu-a102", "gpu-a103", "gpu-a104"]
    oob = {h: f"10.44.0.{101 + i}" for i, h in enumerate(hosts)}
    rail = {h: {hca: f"10.44.{j}.{101 + i}" for j, hca in enumerate(["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"])}
            for i, h in enumerate(hosts)}
    bad = "gpu-a103"
    job_t = T(2024, 5, 14, 8, 2, 10, 118000)
    pyp = "/opt/conda/lib/python3.10/site-packages"
    torch_lib = f"{pyp}/torch/lib"
    world = 32
    commid = "0x9b1e0c77d2a4f316"

    # sbatch wrapper log at top level
    top = [
        f"[{job_t:%Y-%m-%d %H:%M:%S}] job 48211 starting on {len(hosts)} nodes: gpu-a[101-104]",
        "[prolog] NCCL_DEBUG=INFO NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3 NCCL_SOCKET_IFNAME=ib0",
        "[prolog] image: /shared/sif/pt23.10-py3.sif (sha256:5d0f2a91c7e8)",
        "[prolog] MASTER_ADDR=gpu-a101 MASTER_PORT=29500",
        "[prolog] launching: srun --kill-on-bad-exit=1 torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=gpu-a101:29500 --rdzv_id=48211 train_vit.py --cfg configs/vit_h14_in21k.yaml",
    ]
    fail_t = plus(job_t, 49.7)
    for i, h in enumerate(hosts):
        top.append(f"srun: error: {h}: task {i}: Exited with exit code 1")
    top.append(f"[{plus(fail_t, 3):%Y-%m-%d %H:%M:%S}] job 48211 finished with state FAILED (exit 1:0)")
    w.file("slurm-48211.out", top)

    for ni, h in enumerate(hosts):
        agent_pid = 51200 + ni * 311
        L = []
        L += torchrun_banner("mid", plus(job_t, 1.2), agent_pid)
        L += rendezvous_result("mid", plus(job_t, 6.4 + ni * 0.02), agent_pid, 0, "gpu-a101", 29500, ni, 4,
                               list(range(8)), list(range(ni * 8, ni * 8 + 8)), world)
        L.append(elastic("mid", "I", plus(job_t, 6.5), agent_pid, "agent/server/api.py", 705, "[default] Starting worker group"))
        pids = [agent_pid + 30 + k for k in range(8)]
        for k in range(8):
            r = ni * 8 + k
            L.append(f"| distributed init (rank {r}): env://, gpu {k}")
        L.append(f"[{pyts(plus(job_t, 14.2))}] INFO vit.builder: building vit_huge_patch14 (632.0M params), drop_path=0.3")
        L.append(f"[{pyts(plus(job_t, 22.9))}] INFO data: ImageNet-21k train index loaded: 13,153,500 samples, 19167 classes")
        # NCCL INFO blocks
        for k in range(8):
            r = ni * 8 + k
            tid = pids[k] + 410
            hcas = ("mlx5_0:1", "mlx5_1:1", "mlx5_3:1") if h == bad else ("mlx5_0:1", "mlx5_1:1", "mlx5_2:1", "mlx5_3:1")
            blk = nccl_init_block(h, pids[k], tid, k, r, world, oob[h], version="2.18.5+cuda12.2",
                                  bus=f"{GPU_BUSES_8[k]}000", commid=commid, comm=f"0x{rng.getrandbits(44):011x}",
                                  short=(k not in (0, 4)), nchan=2, hcas=hcas)
            # stop before "Init COMPLETE" - the init fails
            L += blk[:-1]
        # failures
        for k in range(8):
            r = ni * 8 + k
            tid = pids[k] + 410
            dev = k
            hca = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"][k // 2]
            if h == bad:
                if hca == "mlx5_2":
                    # rail-2 GPUs fall back to mlx5_3 (cross-rail) because mlx5_2 is not ACTIVE
                    peer = hosts[(ni + 1 + k) % 4] if hosts[(ni + 1 + k) % 4] != bad else "gpu-a101"
                    err = (f"Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx5_3:1, curr state INIT, next state RTR, "
                           f"local GID index 3, local GID ::ffff:{rail[h]['mlx5_3']}, remote GID ::ffff:{rail[peer]['mlx5_2']}")
                    L.append(f"{h}:{pids[k]}:{tid} [{dev}] misc/ibvwrap.cc:262 NCCL WARN {err}")
                else:
                    peer = "gpu-a104" if k % 2 else "gpu-a102"
                    err = f"Net : Connection closed by remote peer {peer}<{rng.randint(33000, 61000)}>"
                    L.append(f"{h}:{pids[k]}:{tid} [{dev}] misc/socket.cc:538 NCCL WARN {err}")
            else:
                if hca == "mlx5_2":
                    err = (f"Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx5_2:1, curr state INIT, next state RTR, "
                           f"local GID index 3, local GID ::ffff:{rail[h]['mlx5_2']}, remote GID ::ffff:{rail[bad]['mlx5_3']}")
                    L.append(f"{h}:{pids[k]}:{tid} [{dev}] misc/ibvwrap.cc:262 NCCL WARN {err}")
                else:
                    err = f"Net : Connection closed by remote peer {bad}<{rng.randint(33000, 61000)}>"
                    L.append(f"{h}:{pids[k]}:{tid} [{dev}] misc/socket.cc:538 NCCL WARN {err}")
            for ln in ["transport/net_ib.cc:985", "transport/net.cc:812", "transport.cc:164", "init.cc:1263", "init.cc:1548"]:
                L.append(f"{h}:{pids[k]}:{tid} [{dev}] NCCL INFO {ln} -> 2")
            L.append(f"{h}:{pids[k]}:{tid} [{dev}] NCCL INFO group.cc:64 -> 2 [Async thread]")
            L.append(f"{h}:{pids[k]}:{pids[k]} [{dev}] NCCL INFO group.cc:418 -> 2")
            L.append(f"{h}:{pids[k]}:{pids[k]} [{dev}] NCCL INFO init.cc:1929 -> 2")
            L += tb([("/workspace/vit/train_vit.py", 412, "<module>", "main(cfg)"),
                     ("/workspace/vit/train_vit.py", 214, "main", "model = DDP(model, device_ids=[local_rank], find_unused_parameters=False)"),
                     (f"{pyp}/torch/nn/parallel/distributed.py", 795, "__init__", "_verify_param_shape_across_processes(self.process_group, parameters)"),
                     (f"{pyp}/torch/distributed/utils.py", 265, "_verify_param_shape_across_processes", "return dist._verify_params_across_processes(process_group, tensors, logger)")],
                    [f"torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.5",
                     "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ",
                     "Last error:",
                     err])
        lt = plus(job_t, 49.7 + ni * 0.3)
        L.append(elastic("mid", "W", lt, agent_pid, "multiprocessing/api.py", 836, f"Sending process {pids[1]} closing signal SIGTERM"))
        for k in range(2, 8):
            L.append(elastic("mid", "W", plus(lt, 0.001 * k), agent_pid, "multiprocessing/api.py", 836, f"Sending process {pids[k]} closing signal SIGTERM"))
        L.append(elastic("mid", "E", plus(lt, 0.31), agent_pid, "multiprocessing/api.py", 871, f"failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /opt/conda/bin/python"))
        L += elastic_tb("/opt/conda", "2.1.0a0+32f93b1", style="mid")
        L += child_failed_box("train_vit.py", dict(time=box_time(plus(lt, 0.3)), host=h, rank=ni * 8, local_rank=0,
                                                   exitcode=1, pid=pids[0]))
        w.file(f"{h}/torchrun.{h}.log", L)

        # kernel log (dmesg -T) and ibstat
        boot = T(2024, 5, 2, 17, 40, 11) if h != bad else T(2024, 5, 13, 22, 15, 3)
        ev = boot_events(boot, h, rng, driver="535.104.12")
        ev += run_noise(plus(boot, 200), T(2024, 5, 14, 8, 3, 30), rng, h, n=10)
        if h == "gpu-a102":
            ev.append(kev(T(2024, 5, 11, 3, 12, 44), "EDAC MC1: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f11a2 offset:0x40 grain:32 syndrome:0x0 - err_code:0x0000:0x009f  SystemAddress:0x3f11a2040 ProcessorSocketId:0x0 MemoryControllerId:0x1 ChannelAddress:0x7e2340 ChannelId:0x0 RankAddress:0x3f11a0 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x1f88 Column:0x88 Bank:0x1 BankGroup:0x2 ChipSelect:0x0 ChipId:0x0)"))
        if h == bad:
            tdown = T(2024, 5, 14, 7, 58, 40, 511002)
            ev.append(kev(tdown, "mlx5_core 0000:8c:00.0: mlx5_port_module_event:1158:(pid 0): Port module event[error]: module 2, Cable error, Bad or shorted cable/module"))
            ev.append(kev(plus(tdown, 0.004), "mlx5_core 0000:8c:00.0 ibp140s0: Link down"))
            ev.append(kev(plus(tdown, 0.31), "mlx5_core 0000:8c:00.0: mlx5_ib_event:3102:(pid 0): port 1 event IB_EVENT_PORT_ERR"))
            ev.append(kev(plus(tdown, 61.2), "mlx5_core 0000:8c:00.0: mlx5_port_module_event:1158:(pid 0): Port module event[error]: module 2, Cable error, Bad or shorted cable/module"))
        w.file(f"{h}/dmesg_T.txt", render_dmesg_T(ev))

        ib = []
        for ci, ca in enumerate(["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]):
            down = (h == bad and ca == "mlx5_2")
            ib += [f"CA '{ca}'",
                   "\tCA type: MT4129",
                   "\tNumber of ports: 1",
                   "\tFirmware version: 28.39.1002",
                   "\tHardware version: 0",
                   f"\tNode GUID: 0x{rng.getrandbits(64):016x}",
                   f"\tSystem image GUID: 0x{rng.getrandbits(64):016x}",
                   "\tPort 1:",
                   f"\t\tState: {'Down' if down else 'Active'}",
                   f"\t\tPhysical state: {'Polling' if down else 'LinkUp'}",
                   f"\t\tRate: {'10' if down else '400'}",
                   f"\t\tBase lid: {rng.randint(100, 2000)}",
                   "\t\tLMC: 0",
                   "\t\tSM lid: 1",
                   "\t\tCapability mask: 0xa751e848",
                   f"\t\tPort GUID: 0x{rng.getrandbits(64):016x}",
                   "\t\tLink layer: InfiniBand"]
        w.file(f"{h}/ibstat.txt", ib)

    w.label("network", "infrastructure", {"node": bad}, "restart_without_node",
            "Every rank fails NCCL init with 'unhandled system error', but the healthy nodes' failing QP transitions all target gpu-a103 (remote GID 10.44.3.103 / 'closed by remote peer gpu-a103'); gpu-a103 lists only three HCAs, its kernel log shows mlx5_2 going down with a cable/module error minutes before the job and ibstat reports it Down/Polling.",
            "https://github.com/NVIDIA/nccl/issues/207")
    return name


# ============================================================== ap02
def ap02(w):
    """mid-run ncclRemoteError, status=12 accusations point to one node that has a link flap."""
    rng = random.Random(4502)
    hosts = ["trn-node-12", "trn-node-17", "trn-node-21", "trn-node-24"]
    ip = {"trn-node-12": "10.40.3.12", "trn-node-17": "10.40.3.17", "trn-node-21": "10.40.3.21", "trn-node-24": "10.40.3.24"}
    bad = "trn-node-17"
    world = 32
    start = T(2024, 7, 2, 3, 10, 4, 221000)
    flap = T(2024, 7, 2, 6, 47, 13, 402117)
    err_t = T(2024, 7, 2, 6, 47, 33, 811000)
    pyp = "/usr/local/lib/python3.10/dist-packages"
    commid = "0x3e7a90c1b25df488"

    w.topology({"ib-leaf-3a": ["trn-node-12", "trn-node-17"], "ib-leaf-3b": ["trn-node-21", "trn-node-24"]})
    w.file("hosts", ["127.0.0.1 localhost"] + [f"{ip[h]} {h} {h}.ib.cluster" for h in hosts])

    for ni, h in enumerate(hosts):
        L = []
        apid = 88000 + ni * 517
        pids = [apid + 60 + k for k in range(8)]
        L += torchrun_banner("plain")
        L.append(f"using world size: {world}, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1 ")
        for k in range(8):
            r = ni * 8 + k
            blk = nccl_init_block(h, pids[k], pids[k] + 701, k, r, world, ip[h], version="2.20.5+cuda12.4",
                                  bus=f"{GPU_BUSES_8[k]}000", commid=commid, comm=f"0x{rng.getrandbits(44):011x}",
                                  short=(k != 0), nchan=2, cuda_driver="12040")
            L += blk
        if ni == 0:
            L.append("> initialized tensor model parallel with size 8")
            L.append("> initialized pipeline model parallel with size 1")
            L.append("> setting random seeds to 1234 ...")
            L.append("> compiling dataset index builder ...")
            L.append(">>> done with dataset index builder. Compilation time: 0.061 seconds")
            L.append(f"time to initialize megatron (seconds): 41.882")
            L.append(f"[after megatron is initialized] datetime: {plus(start, 42):%Y-%m-%d %H:%M:%S} ")
            L.append(" > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1758486528")
            L.append("> building train, validation, and test datasets ...")
            L.append(f"[after dataloaders are built] datetime: {plus(start, 71):%Y-%m-%d %H:%M:%S} ")
            L.append("done with setup ...")
            L.append("training ...")
            L.append(f"[before the start of training step] datetime: {plus(start, 72):%Y-%m-%d %H:%M:%S} ")
        if ni == len(hosts) - 1:
            it_t = plus(start, 75)
            it = 0
            while it_t < flap:
                it += 10
                ms = rng.uniform(2861, 2934)
                it_t = plus(it_t, ms * 10 / 1000)
                if it_t >= flap:
                    break
                if it % 50 == 0 or it < 60:
                    L.append(megatron_iter(it_t, it, 500000, it * 1024, ms, 3e-4 * min(1, it / 2000), 1024,
                                           max(1.9, 9.5 - it * 0.0021 + rng.uniform(-0.05, 0.05)), 1.0,
                                           rng.uniform(0.18, 0.42)))
            last_it = it
        # the failure
        for k in range(8):
            r = ni * 8 + k
            tid = pids[k] + 1404
            if h == bad:
                peer = hosts[(ni + 1 + k) % 4] if hosts[(ni + 1 + k) % 4] != bad else "trn-node-21"
                msg = f"NET/IB : Got completion from peer {ip[peer]}<{rng.randint(33000, 61000)}> with status=5 opcode=1 len=0 vendor err 249 (Send) localGid ::ffff:{ip[h]} remoteGids::ffff:{ip[peer]}"
            else:
                msg = f"NET/IB : Got completion from peer {ip[bad]}<{rng.randint(33000, 61000)}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ip[h]} remoteGids::ffff:{ip[bad]}"
            L.append("")
            L.append(f"{h}:{pids[k]}:{tid} [{k}] transport/net_ib.cc:1696 NCCL WARN {msg}")
            L.append(f"{h}:{pids[k]}:{tid} [{k}] NCCL INFO transport/net.cc:1298 -> 6")
            L.append(f"{h}:{pids[k]}:{tid} [{k}] NCCL INFO proxy.cc:694 -> 6")
            L.append(f"{h}:{pids[k]}:{tid} [{k}] NCCL INFO proxy.cc:874 -> 6 [Progress Thread]")
        for k in range(8):
            r = ni * 8 + k
            et = plus(err_t, rng.uniform(0, 0.9))
            pre = f"[rank{r}]:"
            L.append(f"{pre}{c10('E', et, 'ProcessGroupNCCL.cpp:1316')} [PG 0 (default_pg) Rank {r}] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5")
            L.append(f"{pre}ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
            L.append(f"{pre}Last error:")
            if h == bad:
                L.append(f"{pre}NET/IB : Got completion from peer {ip['trn-node-21']}<{rng.randint(33000, 61000)}> with status=5 opcode=1 len=0 vendor err 249 (Send) localGid ::ffff:{ip[h]} remoteGids::ffff:{ip['trn-node-21']}")
            else:
                L.append(f"{pre}NET/IB : Got completion from peer {ip[bad]}<{rng.randint(33000, 61000)}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ip[h]} remoteGids::ffff:{ip[bad]}")
            L.append(f"Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1590 (most recent call first):")
            L.append(f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f{rng.getrandbits(36):09x} in {pyp}/torch/lib/libc10.so)")
            L.append(f"frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (0x7f{rng.getrandbits(36):09x} in {pyp}/torch/lib/libtorch_cuda.so)")
            L.append(f"frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x7f{rng.getrandbits(36):09x} in {pyp}/torch/lib/libtorch_cuda.so)")
            L.append(f"frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (0x7f{rng.getrandbits(36):09x} in {pyp}/torch/lib/libtorch_cuda.so)")
            L.append(f"frame #4: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f{rng.getrandbits(36):09x} in {pyp}/torch/lib/libtorch_cuda.so)")
            L.append("")
            L.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        lt = plus(err_t, 2.4 + ni * 0.07)
        L.append(elastic("mid", "W", lt, apid, "multiprocessing/api.py", 858, f"Sending process {pids[1]} closing signal SIGTERM"))
        L.append(elastic("mid", "E", plus(lt, 0.9), apid, "multiprocessing/api.py", 833, f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python"))
        L += elastic_tb("/usr/local", "2.3.0a0+40ec155e58.nv24.3", style="mid", site="/usr/local/lib/python3.10/dist-packages")
        L += child_failed_box("pretrain_gpt.py", dict(time=box_time(lt), host=h, rank=ni * 8, local_rank=0, exitcode=-6,
                                                      pid=pids[0], signal="6 (SIGABRT)"))
        w.file(f"{h}/megatron_{h}.out", L)

        # kernel log: syslog-style kern.log
        boot = T(2024, 6, 28, 9, 3, 44)
        ev = boot_events(boot, h, rng, driver="550.54.15", kernel="5.15.0-105-generic")
        ev += run_noise(plus(boot, 300), T(2024, 7, 2, 6, 55), rng, h, n=14)
        if h == "trn-node-24":
            ev.append(kev(T(2024, 7, 2, 1, 18, 50, 771233), "NVRM: Xid (PCI:0000:ab:00): 63, pid=' <unknown> ', name=<unknown>, Row Remapper: New row marked for remapping, reset gpu to activate."))
        if h == bad:
            ev.append(kev(flap, "mlx5_core 0000:9c:00.0 ibp156s0: Link down"))
            ev.append(kev(plus(flap, 0.000412), "mlx5_core 0000:9c:00.0: mlx5_ib_event:3102:(pid 0): port 1 event IB_EVENT_PORT_ERR"))
            ev.append(kev(plus(flap, 17.88), "mlx5_core 0000:9c:00.0 ibp156s0: Link up"))
            ev.append(kev(plus(flap, 18.02), "mlx5_core 0000:9c:00.0: mlx5_ib_event:3102:(pid 0): port 1 event IB_EVENT_PORT_ACTIVE"))
            ev.append(kev(plus(flap, 212.4), "mlx5_core 0000:9c:00.0 ibp156s0: Link down"))
            ev.append(kev(plus(flap, 229.9), "mlx5_core 0000:9c:00.0 ibp156s0: Link up"))
        ev = [e for e in ev if e.src == "kernel"]
        w.file(f"{h}/kern.log", render_syslog(ev, h))
    w.label("network", "infrastructure", {"node": bad}, "restart_without_node",
            "All healthy nodes report status=12 (retry exceeded) completions from peer 10.40.3.17, which is trn-node-17, and that node's own kernel log shows its mlx5 port dropping and flapping 20 s before the NCCL errors; its own status=5 errors are the flush of its broken QPs.",
            "https://github.com/NVIDIA/nccl/issues/1664")
    return "ap02_remote_process_exited_or_network_error_after_3h"


# ============================================================== ap03
def ap03(w):
    """gloo CPU training; DataLoader worker killed by kernel OOM killer; memory grows on every node."""
    rng = random.Random(4503)
    hosts = ["cpu-w01", "cpu-w02", "cpu-w03"]
    ip = {"cpu-w01": "10.0.8.11", "cpu-w02": "10.0.8.12", "cpu-w03": "10.0.8.13"}
    first = "cpu-w02"
    nproc = 4
    world = 12
    start = T(2024, 2, 19, 11, 5, 0, 330000)
    kill_t = T(2024, 2, 19, 14, 22, 8, 117000)
    pyp = "/home/mlops/venvs/tab/lib/python3.11/site-packages"
    for ni, h in enumerate(hosts):
        apid = 30100 + ni * 977
        pids = [apid + 14 + k for k in range(nproc)]
        L = []
        L += torchrun_banner("new", plus(start, 0.4), apid)
        L += launch_config("new", plus(start, 0.5), apid, "train_tabular.py", 3, nproc, "tab-ctr-0219", f"{ip['cpu-w01']}:29400", 0, f"/tmp/torchelastic_{rng.getrandbits(32):08x}")
        L.append(elastic("new", "I", plus(start, 0.6), apid, "agent/server/api.py", 885, "[default] starting workers for entrypoint: python"))
        L.append(elastic("new", "I", plus(start, 0.6), apid, "agent/server/api.py", 680, "[default] Rendezvous'ing worker group"))
        L += rendezvous_result("new", plus(start, 3.1), apid, 0, ip["cpu-w01"], 41233, ni, 3, list(range(nproc)),
                               list(range(ni * nproc, ni * nproc + nproc)), world)
        L.append(elastic("new", "I", plus(start, 3.1), apid, "agent/server/api.py", 688, "[default] Starting worker group"))

        # rank logs
        for k in range(nproc):
            r = ni * nproc + k
            R = []
            t = plus(start, 4 + rng.uniform(0, 0.4))
            R.append(f"{pyts(t)} INFO [rank {r}] init_process_group(backend='gloo') world_size={world} master={ip['cpu-w01']}:41233")
            R.append(f"{pyts(plus(t, 1.2))} INFO [rank {r}] dataset: /data/ctr/2024-02/part-*.parquet  rows=1,843,117,220  shard={r}/{world}")
            R.append(f"{pyts(plus(t, 1.3))} INFO [rank {r}] DataLoader(batch_size=8192, num_workers=8, persistent_workers=True, prefetch_factor=4)  dataset.cache_in_memory=True")
            R.append(f"{pyts(plus(t, 1.9))} INFO [rank {r}] model: DeepFM(emb_dim=64, fields=39) params=412,118,016  DDP(bucket_cap_mb=25)")
            if r == 0:
                R.append(f"{pyts(plus(t, 2.0))} WARNING [rank 0] /usr/lib/python3.11/multiprocessing/popen_fork.py:66: DeprecationWarning: This process is multi-threaded, use of fork() may lead to deadlocks in the child.")
            step = 0
            tt = plus(t, 8)
            mem_total = 251.6
            end = kill_t if h == first else plus(kill_t, 2.5)
            while True:
                step += 200
                tt = plus(tt, 200 * rng.uniform(0.235, 0.252))
                if tt >= end:
                    break
                frac = (tt - start).total_seconds() / (kill_t - start).total_seconds()
                main_rss = 6.0 + 7.5 * frac + rng.uniform(-0.1, 0.1)
                wrk_rss = 2.4 + 44.5 * frac ** 1.1 + rng.uniform(-0.2, 0.2)
                avail = max(0.6, 245.0 - 4 * (6.0 + 7.5 * frac + 2.4 + 44.5 * frac ** 1.1) - ni * 0.7 + rng.uniform(-0.4, 0.4))
                loss = 0.52 - 0.09 * frac + rng.uniform(-0.006, 0.006)
                R.append(f"{pyts(tt)} INFO [rank {r}] step {step:6d} | loss {loss:.4f} | auc {0.741 + 0.04 * frac:.4f} | {8192 * 200 / (200 * 0.243):.0f} samples/s | rss_main {main_rss:.1f}GiB | rss_workers(8) {wrk_rss:.1f}GiB | node_mem_avail {avail:.1f}GiB")
            if h == first and k == 1:
                wp = 48213
                dl = f"{pyp}/torch/utils/data/dataloader.py"
                t1 = tb([(dl, 1133, "_try_get_data", "data = self._data_queue.get(timeout=timeout)"),
                         ("/usr/lib/python3.11/multiprocessing/queues.py", 113, "get", "if not self._poll(timeout):"),
                         ("/usr/lib/python3.11/multiprocessing/connection.py", 257, "poll", "return self._poll(timeout)"),
                         ("/usr/lib/python3.11/multiprocessing/connection.py", 440, "_poll", "r = wait([self], timeout)"),
                         ("/usr/lib/python3.11/multiprocessing/connection.py", 948, "wait", "ready = selector.select(timeout)"),
                         ("/usr/lib/python3.11/selectors.py", 415, "select", "fd_event_list = self._selector.poll(timeout)"),
                         (f"{pyp}/torch/utils/data/_utils/signal_handling.py", 67, "handler", "_error_if_any_worker_fails()")],
                        [f"RuntimeError: DataLoader worker (pid {wp}) is killed by signal: Killed. "])
                t2 = tb([("/srv/tab/train_tabular.py", 301, "<module>", "main()"),
                         ("/srv/tab/train_tabular.py", 262, "main", "for batch in loader:"),
                         (dl, 631, "__next__", "data = self._next_data()"),
                         (dl, 1329, "_next_data", "idx, data = self._get_data()"),
                         (dl, 1295, "_get_data", "success, data = self._try_get_data()"),
                         (dl, 1146, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")],
                        [f"RuntimeError: DataLoader worker (pid(s) {wp}) exited unexpectedly"])
                R += [f"[rank{r}]: " + x for x in t1 + ["", "The above exception was the direct cause of the following exception:", ""] + t2]
            else:
                et = plus(kill_t, 1.6 + rng.uniform(0, 0.8))
                peer_ip = ip[first]
                R += tb([("/srv/tab/train_tabular.py", 301, "<module>", "main()"),
                         ("/srv/tab/train_tabular.py", 271, "main", "loss.backward()"),
                         (f"{pyp}/torch/_tensor.py", 525, "backward", "torch.autograd.backward("),
                         (f"{pyp}/torch/autograd/__init__.py", 267, "backward", "_engine_run_backward("),
                         (f"{pyp}/torch/autograd/graph.py", 744, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                        [f"RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [{peer_ip}]:{rng.randint(10000, 60000)}"],
                        prefix=f"[rank{r}]: ")
            w.file(f"{h}/logs/rank{r:02d}.log", R)

        # agent tail
        L2 = []
        lt = plus(kill_t, 2.2 + ni * 0.11)
        if h == first:
            for k in (0, 2, 3):
                L2.append(elastic("new", "W", plus(lt, 0.001 * k), apid, "multiprocessing/api.py", 897, f"Sending process {pids[k]} closing signal SIGTERM"))
            L2.append(elastic("new", "E", plus(lt, 0.42), apid, "multiprocessing/api.py", 869, f"failed (exitcode: 1) local_rank: 1 (pid: {pids[1]}) of binary: /home/mlops/venvs/tab/bin/python"))
            root = dict(time=box_time(plus(lt, 0.4)), host=h, rank=ni * nproc + 1, local_rank=1, exitcode=1, pid=pids[1])
        else:
            for k in (1, 2, 3):
                L2.append(elastic("new", "W", plus(lt, 0.001 * k), apid, "multiprocessing/api.py", 897, f"Sending process {pids[k]} closing signal SIGTERM"))
            L2.append(elastic("new", "E", plus(lt, 0.38), apid, "multiprocessing/api.py", 869, f"failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /home/mlops/venvs/tab/bin/python"))
            root = dict(time=box_time(plus(lt, 0.4)), host=h, rank=ni * nproc, local_rank=0, exitcode=1, pid=pids[0])
        L2 += elastic_tb("/home/mlops/venvs/tab", "2.2.1+cpu", style="new")
        L2 += child_failed_box("train_tabular.py", root)
        w.file(f"{h}/torchrun_agent.log", L + L2)

        # kernel log
        boot = T(2024, 2, 12, 8, 0, 41)
        ev = boot_events(boot, h, rng, kernel="6.1.0-18-amd64", cpu_only=True, cpu="AMD EPYC 9454 48-Core Processor", mem_gb=256, nfs=True)
        ev += run_noise(plus(boot, 200), plus(kill_t, 30), rng, h, n=9, cpu_only=True)
        if h == first:
            ot = plus(kill_t, -0.83)
            ev.append(kev(ot, "pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"))
            ev.append(kev(plus(ot, 0.00002), f"CPU: 37 PID: 48219 Comm: pt_data_worker Not tainted 6.1.0-18-amd64 #1  Debian 6.1.76-1"))
            ev.append(kev(plus(ot, 0.00003), "Hardware name: Dell Inc. PowerEdge R7625/0H8P2V, BIOS 1.6.6 10/11/2023"))
            ev.append(kev(plus(ot, 0.0003), "Mem-Info:"))
            ev.append(kev(plus(ot, 0.00031), "active_anon:61829233 inactive_anon:1893114 isolated_anon:0"))
            ev.append(kev(plus(ot, 0.00032), " active_file:1201 inactive_file:988 isolated_file:0"))
            ev.append(kev(plus(ot, 0.00033), " unevictable:0 dirty:0 writeback:0"))
            ev.append(kev(plus(ot, 0.00034), " slab_reclaimable:140022 slab_unreclaimable:201877"))
            ev.append(kev(plus(ot, 0.00035), " mapped:30291 shmem:1402277 pagetables:144189 bounce:0"))
            ev.append(kev(plus(ot, 0.0004), "Tasks state (memory values in pages):"))
            ev.append(kev(plus(ot, 0.00041), "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"))
            tasks = [(pids[0], 3112442, 2901133, "python"), (pids[1], 3108771, 2899810, "python"),
                     (pids[2], 3110021, 2900377, "python"), (pids[3], 3109110, 2898944, "python")]
            for k in range(4):
                for wk in range(8):
                    tasks.append((48200 + k * 10 + wk if not (k == 1 and wk == 3) else 48213, 2811021 + wk * 1311,
                                  1691234 + rng.randint(-90000, 90000) + (620000 if (k == 1 and wk == 3) else 0), "pt_data_worker"))
            for pid_, vm, rss, nm in tasks:
                ev.append(kev(plus(ot, 0.00042), f"[{pid_:7d}]  1001 {pid_:5d} {vm:8d} {rss:8d} {rss // 200 * 4096 // 512:14d}        0             0 {nm}"))
            ev.append(kev(plus(ot, 0.0009), "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-1001.slice/session-41.scope,task=pt_data_worker,pid=48213,uid=1001"))
            ev.append(kev(plus(ot, 0.0012), "Out of memory: Killed process 48213 (pt_data_worker) total-vm:11269568kB, anon-rss:9244108kB, file-rss:4012kB, shmem-rss:36108kB, UID:1001 pgtables:19380kB oom_score_adj:0"))
        w.file(f"{h}/dmesg.txt", render_dmesg_T(ev))
        # free -g snapshot by monitoring cron a few minutes before
        snap = plus(kill_t, -240)
        fr = (snap - start).total_seconds() / (kill_t - start).total_seconds()
        used = int(round(6 + 4 * (6.0 + 7.5 * fr + 2.4 + 44.5 * fr ** 1.1) + ni * 0.7))
        w.file(f"{h}/free_{snap:%H%M}.txt", [f"# {snap:%Y-%m-%d %H:%M:%S} free -g",
                                             "               total        used        free      shared  buff/cache   available",
                                             f"Mem:             251         {used}           1           2          {251 - used - 1}           {max(1, 251 - used - 2)}",
                                             "Swap:              0           0           0"])
    w.label("oom", "framework", None, "stop",
            "A DataLoader worker on cpu-w02 was killed by the global OOM killer, but every node's ranks show the same steadily growing host RSS (in-memory dataset cache duplicated across 8 workers per rank) with free memory nearly exhausted; the job's own memory footprint is the cause and the gloo 'Connection closed by peer' errors are sympathetic.",
            "https://github.com/pytorch/pytorch/issues/43455")
    return "ap03_gloo_connection_closed_by_peer_cpu_job_after_3h"


# ============================================================== ap04
def ap04(w):
    """gloo; program-level hang: rank-0-only barrier inside checkpoint save; all ranks time out 30 min later."""
    rng = random.Random(4504)
    pods = ["ctr-train-0", "ctr-train-1", "ctr-train-2"]
    nodes = {"ctr-train-0": "ip-10-1-33-18", "ctr-train-1": "ip-10-1-35-202", "ctr-train-2": "ip-10-1-37-91"}
    podip = {"ctr-train-0": "10.1.33.140", "ctr-train-1": "10.1.35.77", "ctr-train-2": "10.1.37.9"}
    nproc = 4
    world = 12
    start = T(2024, 9, 3, 16, 20, 2, 551000)
    step_s = 0.83
    hang_step = 1500
    hang_t = plus(start, 25 + hang_step * step_s)
    to_t = plus(hang_t, 1800.2)
    pyp = "/opt/venv/lib/python3.10/site-packages"
    for ni, p in enumerate(pods):
        apid = 1
        pids = [57 + k for k in range(nproc)]
        L = []
        L.append(f"+ torchrun --nnodes=3 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=ctr-train-0.ctr-train:29400 --rdzv_id=ctr-train-5b7d train_ctr.py --config /cfg/ctr_small.yaml")
        L += torchrun_banner("mid", plus(start, 0.3), 140233118841664)
        L += rendezvous_result("mid", plus(start, 2.1), 140233118841664, 0, "ctr-train-0.ctr-train", 29400, ni, 3,
                               list(range(nproc)), list(range(ni * nproc, ni * nproc + nproc)), world)
        for k in range(nproc):
            r = ni * nproc + k
            L.append(f"[rank{r}] {pyts(plus(start, 4 + 0.01 * k))} | INFO | backend=gloo world_size={world} local_rank={k}")
        if ni == 0:
            L.append(f"[rank0] {pyts(plus(start, 5))} | INFO | checkpointing: every 500 steps by rank 0 -> /mnt/efs/ctr/ckpt (async=False)")
            L.append(f"[rank0] {pyts(plus(start, 5.1))} | INFO | model: TwoTower(user_dim=128, item_dim=128) params=48,221,184")
        t = plus(start, 25)
        for step in range(50, hang_step + 1, 50):
            t = plus(start, 25 + step * step_s + rng.uniform(-0.3, 0.3))
            for k in range(nproc):
                r = ni * nproc + k
                if k == 0 or step % 250 == 0:
                    loss = 0.69 - 0.00011 * step + rng.uniform(-0.004, 0.004)
                    L.append(f"[rank{r}] {pyts(plus(t, 0.002 * k))} | INFO | step={step} loss={loss:.4f} lr=1.0e-03 ex/s={4096 / step_s:.0f}")
            if step % 500 == 0 and step < hang_step:
                if ni == 0:
                    L.append(f"[rank0] {pyts(plus(t, 0.01))} | INFO | saving checkpoint step={step} -> /mnt/efs/ctr/ckpt/step_{step:06d}.pt")
                    L.append(f"[rank0] {pyts(plus(t, 4.2))} | INFO | checkpoint written (191.4 MB) in 4.19s")
        if ni == 0:
            L.append(f"[rank0] {pyts(plus(hang_t, 0.02))} | INFO | saving checkpoint step={hang_step} -> /mnt/efs/ctr/ckpt/step_{hang_step:06d}.pt")
            L.append(f"[rank0] {pyts(plus(hang_t, 4.4))} | INFO | checkpoint written (191.4 MB) in 4.37s")
            L.append(f"[rank0] {pyts(plus(hang_t, 4.41))} | INFO | waiting for all ranks before pruning old checkpoints (keep_last=3)")
        # timeouts
        for k in range(nproc):
            r = ni * nproc + k
            et = plus(to_t, rng.uniform(0, 0.6) + (4.4 if r == 0 else 0))
            pre = f"[rank{r}]: "
            if r == 0:
                fr = [("/app/train_ctr.py", 288, "<module>", "main(cfg)"),
                      ("/app/train_ctr.py", 251, "main", "if rank == 0: save_checkpoint(model, optimizer, step, cfg)"),
                      ("/app/ckpt.py", 64, "save_checkpoint", "dist.barrier()  # wait for everyone before deleting old files"),
                      (f"{pyp}/torch/distributed/c10d_logger.py", 79, "wrapper", "return func(*args, **kwargs)"),
                      (f"{pyp}/torch/distributed/distributed_c10d.py", 3943, "barrier", "work.wait()")]
            else:
                fr = [("/app/train_ctr.py", 288, "<module>", "main(cfg)"),
                      ("/app/train_ctr.py", 238, "main", "loss.backward()"),
                      (f"{pyp}/torch/_tensor.py", 525, "backward", "torch.autograd.backward("),
                      (f"{pyp}/torch/autograd/__init__.py", 267, "backward", "_engine_run_backward("),
                      (f"{pyp}/torch/autograd/graph.py", 744, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
            L += [f"[rank{r}]: " + x for x in tb(fr, [f"RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 1800000ms for recv operation to complete"])]
        lt = plus(to_t, 6.3 + ni * 0.2)
        L.append(elastic("mid", "W", lt, 140233118841664, "multiprocessing/api.py", 858, f"Sending process {pids[1]} closing signal SIGTERM"))
        L.append(elastic("mid", "W", plus(lt, 0.001), 140233118841664, "multiprocessing/api.py", 858, f"Sending process {pids[2]} closing signal SIGTERM"))
        L.append(elastic("mid", "W", plus(lt, 0.002), 140233118841664, "multiprocessing/api.py", 858, f"Sending process {pids[3]} closing signal SIGTERM"))
        L.append(elastic("mid", "E", plus(lt, 0.5), 140233118841664, "multiprocessing/api.py", 833, f"failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /opt/venv/bin/python3"))
        L += elastic_tb("/opt/venv", "2.4.0+cpu", style="mid")
        L += child_failed_box("train_ctr.py", dict(time=box_time(lt), host=p, rank=ni * nproc, local_rank=0, exitcode=1, pid=pids[0]))
        w.file(f"{p}/kubectl-logs.txt", L)
        d = [f"Name:             {p}",
             "Namespace:        recsys",
             "Priority:         0",
             f"Node:             {nodes[p]}.ec2.internal/{nodes[p][3:].replace('-', '.')}",
             f"Start Time:       {start:%a, %d %b %Y %H:%M:%S} +0000",
             "Labels:           job-name=ctr-train",
             f"                  batch.kubernetes.io/job-completion-index={ni}",
             "Status:           Failed",
             f"IP:               {podip[p]}",
             "Containers:",
             "  trainer:",
             "    Image:          123456789012.dkr.ecr.us-east-1.amazonaws.com/recsys/ctr-train:2024.08.29",
             "    Image ID:       123456789012.dkr.ecr.us-east-1.amazonaws.com/recsys/ctr-train@sha256:77a1f0c9e3b24d52a0b9c6fe18d2e7a4c05b91d3f6e8a2b47c10d9e5f3a6b218",
             "    State:          Terminated",
             "      Reason:       Error",
             "      Exit Code:    1",
             f"      Started:      {start:%a, %d %b %Y %H:%M:%S} +0000",
             f"      Finished:     {plus(lt, 1):%a, %d %b %Y %H:%M:%S} +0000",
             "    Restart Count:  0",
             "    Limits:",
             "      cpu:     32",
             "      memory:  120Gi",
             "    Requests:",
             "      cpu:     32",
             "      memory:  120Gi",
             "    Environment:",
             "      OMP_NUM_THREADS:   8",
             "      GLOO_SOCKET_IFNAME:  eth0",
             "Events:",
             "  Type    Reason     Age   From               Message",
             "  ----    ------     ----  ----               -------",
             "  Normal  Scheduled  39m   default-scheduler  Successfully assigned recsys/" + p + " to " + nodes[p] + ".ec2.internal",
             "  Normal  Pulled     39m   kubelet            Container image \"123456789012.dkr.ecr.us-east-1.amazonaws.com/recsys/ctr-train:2024.08.29\" already present on machine",
             "  Normal  Created    39m   kubelet            Created container trainer",
             "  Normal  Started    39m   kubelet            Started container trainer"]
        w.file(f"{p}/describe-pod.txt", d)
        boot = T(2024, 8, 30, 2, 11, 9)
        ev = boot_events(boot, nodes[p], rng, kernel="6.1.102-111.182.amzn2023.x86_64", cpu_only=True, cpu="Intel(R) Xeon(R) Platinum 8488C", mem_gb=384)
        ev += run_noise(plus(boot, 100), plus(to_t, 60), rng, nodes[p], n=12, cpu_only=True)
        w.file(f"{p}/node-journal-k.txt", render_journal_k(ev, nodes[p]))
    w.label("user_code", "script", None, "stop",
            "Rank 0 blocks in dist.barrier() inside save_checkpoint, which only rank 0 calls (`if rank == 0: save_checkpoint(...)`), while all other ranks proceed into the next step's gradient all-reduce; the mismatched collectives deadlock until every rank hits the 30-minute gloo timeout. No node or network anomaly exists.",
            "https://github.com/pytorch/pytorch/issues/97191")
    return "ap04_gloo_recv_timeout_1800000ms_on_every_rank"


# ============================================================== ap05
def ap05(w):
    """Lightning + DeepSpeed ZeRO-3 on SLURM: CUDA OOM on ranks of every node at the first steps after seq len raised."""
    rng = random.Random(4505)
    hosts = ["gn017", "gn018", "gn019", "gn020"]
    job = 771203
    start = T(2024, 3, 27, 21, 14, 51, 90000)
    pyp = "/sw/conda/envs/falcon/lib/python3.11/site-packages"
    world = 16
    out = []
    err = []
    out.append(f"SLURM_JOB_ID={job} SLURM_JOB_NODELIST=gn[017-020] SLURM_NNODES=4 SLURM_NTASKS_PER_NODE=4")
    out.append("Loaded modules: cuda/12.1 nccl/2.18.3 gcc/12.2")
    out.append(f"config: conf/falcon40b_sft.yaml  (git 3f1c9ab, dirty)")
    out.append("  model.name_or_path: tiiuae/falcon-40b")
    out.append("  data.max_seq_len: 8192            # bumped from 4096 (job 771102)")
    out.append("  data.micro_batch_size: 2")
    out.append("  trainer.strategy: deepspeed_stage_3_offload")
    out.append("  trainer.precision: bf16-mixed")
    out.append("  trainer.accumulate_grad_batches: 8")
    out.append("  model.gradient_checkpointing: false")
    for r in range(world):
        out.append(f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/{world}")
    out.append("----------------------------------------------------------------------------------------------------")
    out.append("distributed_backend=nccl")
    out.append(f"All distributed processes registered. Starting with {world} processes")
    out.append("----------------------------------------------------------------------------------------------------")
    out.append("")
    out.append("You are using a CUDA device ('NVIDIA A100-SXM4-40GB') that has Tensor Cores. To properly utilize them, you should set `torch.set_float32_matmul_precision('medium' | 'high')` which will trade-off precision for performance. For more details, read https://pytorch.org/docs/stable/generated/torch.set_float32_matmul_precision.html#torch.set_float32_matmul_precision")
    for r in range(world):
        out.append(f"LOCAL_RANK: {r % 4} - CUDA_VISIBLE_DEVICES: [0,1,2,3]")
    t = plus(start, 64)
    out.append(f"[{pyts(t)}] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.12.6, git-hash=unknown, git-branch=unknown")
    out.append(f"[{pyts(plus(t, 0.4))}] [INFO] [config.py:733:__init__] Config mesh_device None world_size = {world}")
    out.append(f"[{pyts(plus(t, 1.1))}] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed Flops Profiler Enabled: False")
    out.append(f"[{pyts(plus(t, 1.2))}] [INFO] [logging.py:96:log_dist] [Rank 0] Using client Optimizer as basic optimizer")
    out.append(f"[{pyts(plus(t, 1.3))}] [INFO] [logging.py:96:log_dist] [Rank 0] Creating fp16 ZeRO stage 3 optimizer, MiCS is enabled False, Hierarchical params gather False")
    out.append(f"[{pyts(plus(t, 1.3))}] [INFO] [logging.py:96:log_dist] [Rank 0] Creating torch.bfloat16 ZeRO stage 3 optimizer")
    out.append(f"[{pyts(plus(t, 2.0))}] [INFO] [utils.py:791:see_memory_usage] Stage 3 initialize beginning")
    out.append(f"[{pyts(plus(t, 2.0))}] [INFO] [utils.py:792:see_memory_usage] MA 5.21 GB         Max_MA 5.86 GB         CA 6.35 GB         Max_CA 6 GB ")
    out.append(f"[{pyts(plus(t, 2.0))}] [INFO] [utils.py:799:see_memory_usage] CPU Virtual Memory:  used = 331.42 GB, percent = 33.0%")
    out.append(f"[{pyts(plus(t, 39))}] [INFO] [stage3.py:127:__init__] Reduce bucket size 67108864")
    out.append(f"[{pyts(plus(t, 39))}] [INFO] [stage3.py:128:__init__] Prefetch bucket size 60397977")
    out.append(f"Parameter Offload: Total persistent parameters: 1265664 in 482 params")
    out.append("")
    out.append("  | Name  | Type             | Params")
    out.append("-------------------------------------------")
    out.append("0 | model | FalconForCausalLM | 41.8 B")
    out.append("-------------------------------------------")
    out.append("41.8 B    Trainable params")
    out.append("0         Non-trainable params")
    out.append("41.8 B    Total params")
    out.append("167,211.974Total estimated model params size (MB)")
    out.append("Sanity Checking: |          | 0/? [00:00<?, ?it/s]")
    out.append("Epoch 0:   0%|          | 0/18820 [00:00<?, ?it/s] ")
    oom_t = plus(start, 171.4)
    victims = [(0, 0), (2, 2), (5, 1), (6, 2), (9, 1), (11, 3), (12, 0), (14, 2)]
    for r, dev in victims:
        h = hosts[r // 4]
        tried = rng.choice(["2.50 GiB", "2.50 GiB", "1.88 GiB"])
        alloc = rng.uniform(33.6, 35.2)
        free = rng.uniform(0.81, 2.3)
        out += tb([("/home/jbeck/sft/train.py", 203, "<module>", "trainer.fit(model, datamodule=dm)"),
                   (f"{pyp}/lightning/pytorch/trainer/trainer.py", 544, "fit", "call._call_and_handle_interrupt("),
                   (f"{pyp}/lightning/pytorch/trainer/call.py", 43, "_call_and_handle_interrupt", "return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)"),
                   (f"{pyp}/lightning/pytorch/trainer/trainer.py", 580, "_fit_impl", "self._run(model, ckpt_path=ckpt_path)"),
                   (f"{pyp}/lightning/pytorch/loops/training_epoch_loop.py", 250, "advance", "batch_output = self.automatic_optimization.run(trainer.optimizers[0], batch_idx, kwargs)"),
                   (f"{pyp}/lightning/pytorch/core/module.py", 1303, "optimizer_step", "optimizer.step(closure=optimizer_closure)"),
                   (f"{pyp}/deepspeed/runtime/zero/parameter_offload.py", 380, "_pre_forward_module_hook", "self.pre_sub_module_forward_function(module)"),
                   (f"{pyp}/deepspeed/runtime/zero/partitioned_param_coordinator.py", 424, "__all_gather_params", "ret_val = func(*args, **kwargs)"),
                   (f"{pyp}/deepspeed/runtime/zero/partition_parameters.py", 1147, "_all_gather_coalesced", "param_buffer = torch.empty(")],
                  [f"torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried} (GPU {dev}; 39.39 GiB total capacity; {alloc:.2f} GiB already allocated; {free:.2f} GiB free; {alloc + 1.6:.2f} GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF"])
    w.file(f"slurm-{job}.out", out)
    err.append(f"/sw/conda/envs/falcon/lib/python3.11/site-packages/lightning/fabric/connector.py:558: `precision=bf16` is supported for historical reasons but its usage is discouraged. Please set your precision to bf16-mixed instead!")
    err.append("Using bfloat16 Automatic Mixed Precision (AMP)")
    err.append("GPU available: True (cuda), used: True")
    err.append("TPU available: False, using: 0 TPU cores")
    err.append("IPU available: False, using: 0 IPUs")
    err.append("HPU available: False, using: 0 HPUs")
    for h in hosts:
        err.append(f"[W socket.cpp:436] [c10d] The server socket cannot be initialized on [::]:29511 (errno: 97 - Address family not supported by protocol).")
    for r, dev in victims:
        err.append(f"srun: error: {hosts[r // 4]}: task {r}: Exited with exit code 1")
    err.append(f"slurmstepd: error: *** STEP {job}.0 ON gn017 CANCELLED AT {plus(oom_t, 6):%Y-%m-%dT%H:%M:%S} ***")
    err.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    w.file(f"slurm-{job}.err", err)

    for ni, h in enumerate(hosts):
        boot = T(2024, 3, 20, 6, 45, 2)
        ev = boot_events(boot, h, rng, driver="535.154.05", kernel="4.18.0-477.27.1.el8_8.x86_64", gpus=4,
                         buses=["07", "0f", "47", "4e"], lustre="home")
        ev += run_noise(plus(boot, 200), plus(oom_t, 60), rng, h, n=8)
        if h == "gn019":
            ev.append(kev(T(2024, 3, 26, 13, 2, 9, 120554), "NVRM: Xid (PCI:0000:47:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000039a2f7c0) marked for remapping, reset gpu to activate."))
            ev.append(kev(T(2024, 3, 26, 13, 40, 12, 11003), "NVRM: GPU at PCI:0000:47:00: GPU-2c18a7e4-6f3d-b1c2-9e07-7d4f5a3c8b21"))
            ev.append(kev(T(2024, 3, 26, 13, 40, 12, 11210), "NVRM: GPU Board Serial Number: 1652321003187"))
            ev.append(kev(T(2024, 3, 26, 13, 40, 13, 2), "NVRM: Xid (PCI:0000:47:00): 64, pid='<unknown>', name=<unknown>, Row Remapper: Row remapping from pending to active (reset) completed."))
        w.file(f"{h}/dmesg-T.log", render_dmesg_T(ev))
        gpus = []
        for k in range(4):
            b = ["07", "0f", "47", "4e"][k]
            rm = {"corr": 0, "unc": 1, "pending": "No", "failure": "No"} if (h == "gn019" and k == 2) else {}
            gpus.append(smi_gpu(k, b, serial_for(rng), uuid_for(rng), product="NVIDIA A100-SXM4-40GB",
                                total_mib=40960, power_cap=400.0, power=58.3 + k, temp=31 + k, remap=rm))
        w.file(f"{h}/nvidia-smi-q_after.txt", render_smi_q(plus(oom_t, 300), "535.154.05", "12.2", gpus))
    w.label("oom", "framework", None, "stop",
            "Ranks on all four nodes hit CUDA OOM in the first ZeRO-3 parameter all-gather right after max_seq_len was doubled to 8192; allocations are PyTorch's own (no foreign process), so the configuration does not fit. The row-remap note on gn019 is an old, completed remap.",
            "https://github.com/Lightning-AI/pytorch-lightning/issues/18134")
    return "ap05_cuda_out_of_memory_on_first_step_all_nodes"


# ============================================================== ap06
def ap06(w):
    """accelerate multi-node SFT: one rank OOMs after 3h; another tenant's process holds 26 GiB on that GPU."""
    from lib import render_smi_table
    rng = random.Random(4506)
    hosts = ["ml-gpu-04", "ml-gpu-05", "ml-gpu-07"]
    ip = {"ml-gpu-04": "172.16.20.4", "ml-gpu-05": "172.16.20.5", "ml-gpu-07": "172.16.20.7"}
    bad = "ml-gpu-07"
    bad_local = 3
    bad_rank = 2 * 8 + bad_local
    world = 24
    start = T(2024, 4, 9, 8, 31, 12, 402000)
    oom_step = 1823
    spd = 5.92  # s/it
    oom_t = plus(start, 95 + oom_step * spd + 3.1)
    intruder_t = plus(oom_t, -171)
    pyp = "/home/ray/anaconda3/lib/python3.10/site-packages"
    w.file("accelerate_config.yaml", [
        "compute_environment: LOCAL_MACHINE",
        "debug: false",
        "distributed_type: MULTI_GPU",
        "downcast_bf16: 'no'",
        "gpu_ids: all",
        "machine_rank: 0   # 1 on ml-gpu-05, 2 on ml-gpu-07",
        "main_process_ip: 172.16.20.4",
        "main_process_port: 29555",
        "main_training_function: main",
        "mixed_precision: bf16",
        "num_machines: 3",
        "num_processes: 24",
        "rdzv_backend: static",
        "same_network: true",
        "tpu_env: []",
        "tpu_use_cluster: false",
        "tpu_use_sudo: false",
        "use_cpu: false"])
    for ni, h in enumerate(hosts):
        apid = 210400 + ni * 300
        pids = [apid + 55 + k for k in range(8)]
        L = [f"$ accelerate launch --config_file accelerate_config.yaml --machine_rank {ni} sft_train.py --model meta-llama/Llama-2-13b-hf --dataset /mnt/data/sft_mix_v3 --per_device_train_batch_size 4 --gradient_accumulation_steps 4 --max_seq_length 4096 --gradient_checkpointing"]
        L += torchrun_banner("mid", plus(start, 0.8), apid)
        for k in range(8):
            r = ni * 8 + k
            L.append(f"[{pyts(plus(start, 12 + 0.05 * k))}] [rank{r}] Distributed environment: MULTI_GPU  Backend: nccl")
            L.append(f"Num processes: {world}")
            L.append(f"Process index: {r}")
            L.append(f"Local process index: {k}")
            L.append(f"Device: cuda:{k}")
            L.append("")
            L.append("Mixed precision type: bf16")
            L.append("")
        if ni == 0:
            L.append("Loading checkpoint shards: 100%|" + "\u2588" * 10 + "| 3/3 [00:09<00:00,  3.21s/it]")
            L.append(f"[INFO|trainer.py:1721] {pyts(plus(start, 88))} >> ***** Running training *****")
            L.append(f"[INFO|trainer.py:1722] {pyts(plus(start, 88))} >>   Num examples = 1,402,118")
            L.append(f"[INFO|trainer.py:1723] {pyts(plus(start, 88))} >>   Num Epochs = 1")
            L.append(f"[INFO|trainer.py:1724] {pyts(plus(start, 88))} >>   Instantaneous batch size per device = 4")
            L.append(f"[INFO|trainer.py:1727] {pyts(plus(start, 88))} >>   Total train batch size (w. parallel, distributed & accumulation) = 384")
            L.append(f"[INFO|trainer.py:1728] {pyts(plus(start, 88))} >>   Gradient Accumulation steps = 4")
            L.append(f"[INFO|trainer.py:1729] {pyts(plus(start, 88))} >>   Total optimization steps = 3,651")
            L.append(f"[INFO|trainer.py:1730] {pyts(plus(start, 88))} >>   Number of trainable parameters = 13,015,864,320")
        for step in range(100, oom_step, 100):
            t = plus(start, 95 + step * spd)
            if ni == 0:
                L.append(tqdm_bar("  ", step, 3651, step * spd, 1 / spd))
                L.append(f"{{'loss': {1.42 - 0.00018 * step + rng.uniform(-0.02, 0.02):.4f}, 'learning_rate': {2e-5 * min(1, step / 100) * (1 - step / 3651):.4e}, 'epoch': {step / 3651:.2f}}}")
            if step % 200 == 0:
                for k in range(8):
                    r = ni * 8 + k
                    a = 47.6 + rng.uniform(-0.4, 0.4)
                    L.append(f"[{pyts(plus(t, 0.01 * k))}] [rank{r}] MemoryCallback step={step} allocated={a:.1f}GiB reserved={a + 2.4:.1f}GiB max_allocated={a + 1.9:.1f}GiB")
        # failure
        if h == bad:
            r = bad_rank
            L += [f"[rank{r}]: " + x for x in tb([
                ("/home/ray/sft/sft_train.py", 311, "<module>", "main()"),
                ("/home/ray/sft/sft_train.py", 302, "main", "trainer.train()"),
                (f"{pyp}/transformers/trainer.py", 1539, "train", "return inner_training_loop("),
                (f"{pyp}/transformers/trainer.py", 1869, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                (f"{pyp}/transformers/trainer.py", 2781, "training_step", "self.accelerator.backward(loss)"),
                (f"{pyp}/accelerate/accelerator.py", 1966, "backward", "loss.backward(**kwargs)"),
                (f"{pyp}/torch/_tensor.py", 522, "backward", "torch.autograd.backward("),
                (f"{pyp}/torch/autograd/__init__.py", 266, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                ["torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 3 has a total capacty of 79.15 GiB of which 1.02 GiB is free. Process 88123 has 26.40 GiB memory in use. Including non-PyTorch memory, this process has 51.70 GiB memory in use. Of the allocated memory 47.92 GiB is allocated by PyTorch, and 2.31 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF"])]
            lt = plus(oom_t, 1.8)
            for k in range(8):
                if k != bad_local:
                    L.append(elastic("mid", "W", plus(lt, 0.001 * k), apid, "multiprocessing/api.py", 835, f"Sending process {pids[k]} closing signal SIGTERM"))
            L.append(elastic("mid", "E", plus(lt, 1.2), apid, "multiprocessing/api.py", 870, f"failed (exitcode: 1) local_rank: {bad_local} (pid: {pids[bad_local]}) of binary: /home/ray/anaconda3/bin/python"))
            root = dict(time=box_time(plus(lt, 1.2)), host=h, rank=bad_rank, local_rank=bad_local, exitcode=1, pid=pids[bad_local])
        else:
            for k in range(8):
                r = ni * 8 + k
                et = plus(oom_t, 4.1 + rng.uniform(0, 0.6))
                L.append(f"[rank{r}]:{c10('E', et, 'ProcessGroupNCCL.cpp:1316')} [PG 0 Rank {r}] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3")
                L.append(f"[rank{r}]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
                L.append(f"[rank{r}]:Last error:")
                L.append(f"[rank{r}]:socketProgress: Connection closed by remote peer {bad}.cluster.local<{rng.randint(40000, 60000)}>")
            lt = plus(oom_t, 6.0 + ni * 0.3)
            L.append(elastic("mid", "W", lt, apid, "agent/server/api.py", 741, f"Sending process {pids[1]} closing signal SIGTERM"))
            L.append(elastic("mid", "E", plus(lt, 0.7), apid, "multiprocessing/api.py", 870, f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /home/ray/anaconda3/bin/python"))
            root = dict(time=box_time(plus(lt, 0.7)), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], signal="6 (SIGABRT)")
        L += elastic_tb("/home/ray/anaconda3", "2.2.1", style="mid")
        L += child_failed_box("sft_train.py", root)
        w.file(f"{h}/accelerate_launch.log", L)

        boot = T(2024, 3, 30, 15, 2, 40)
        ev = boot_events(boot, h, rng, driver="545.23.08")
        ev += run_noise(plus(boot, 100), plus(oom_t, 300), rng, h, n=22)
        if h == bad:
            ev.append(kev(plus(intruder_t, -4.2), "Accepted publickey for svc-eval from 172.16.9.31 port 51844 ssh2: ED25519 SHA256:Qm1v0bX2d5u3yQ8hB0zqJcY6w4Vw2gq5xT8m1Lq9yZk", "sshd[88101]"))
            ev.append(kev(plus(intruder_t, -4.1), "pam_unix(sshd:session): session opened for user svc-eval(uid=2203) by (uid=0)", "sshd[88101]"))
            ev.append(kev(plus(intruder_t, -3.9), "Started Session 4412 of User svc-eval.", "systemd[1]"))
            ev.append(kev(plus(intruder_t, -1.0), "Started eval-sidecar (nightly regression eval, CUDA_VISIBLE_DEVICES=3).", "systemd[2203]"))
            ev.append(kev(plus(intruder_t, 0.4), "serve_eval.py: loading /models/rm-7b-v5 on cuda:0 (visible 3)", "eval-sidecar[88123]"))
        w.file(f"{h}/syslog", render_syslog(ev, h))
        tgpus = []
        procs = []
        for k in range(8):
            used = 51702 if k == bad_local else (0 if h == bad else 52188 + rng.randint(-300, 300))
            if h == bad and k != bad_local:
                used = 4
            tgpus.append(dict(idx=k, name="NVIDIA A100-SXM4-80GB", bus=GPU_BUSES_8[k], temp=34 + rng.randint(0, 6),
                              perf="P0", pwr=f"{rng.randint(61, 78)}", cap="400", used=(27038 if (h == bad and k == bad_local) else used),
                              total=81920, util=0))
        if h == bad:
            procs = [(bad_local, 88123, "C", "python3 /home/svc-eval/serve_eval.py", 27034)]
            w.file(f"{h}/nvidia-smi_{plus(oom_t, 40):%H%M%S}.txt", render_smi_table(plus(oom_t, 40), "545.23.08", "12.3", tgpus, procs))
    w.label("oom", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
            "Rank 19 (ml-gpu-07 GPU 3) ran out of memory although its own usage matched every other rank (~48 GiB allocated); the OOM message and the post-mortem nvidia-smi show process 88123 (svc-eval's serve_eval.py, started 3 minutes earlier) holding 26.4 GiB on the same GPU. Other ranks' ncclRemoteError is sympathetic.",
            "https://github.com/huggingface/accelerate/issues/1754")
    return "ap06_cuda_oom_on_one_rank_after_1800_steps"


# ============================================================== ap07
def ap07(w):
    """NeMo/Lightning: watchdog timeouts on all 48 ranks after ~4.5h; dgx-b10 GPU fell off the bus 30 min earlier."""
    rng = random.Random(4507)
    hosts = ["dgx-b05", "dgx-b06", "dgx-b08", "dgx-b09", "dgx-b10", "dgx-b11"]
    bad = "dgx-b10"
    bad_local = 4
    bad_rank = 4 * 8 + bad_local
    world = 48
    start = T(2024, 10, 8, 9, 40, 3, 114000)
    xid_t = T(2024, 10, 8, 14, 2, 11, 803412)
    wd_t = plus(xid_t, 1800 + 6.4)
    seq = 331907
    pyp = "/usr/local/lib/python3.10/dist-packages"
    it_rate = 1.37
    total = 500150
    for ni, h in enumerate(hosts):
        apid = 3100 + ni * 71
        pids = [apid + 40 + k for k in range(8)]
        L = []
        L += torchrun_banner("mid", plus(start, 0.7), 140501223876416)
        for k in range(8):
            r = ni * 8 + k
            L.append(f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/{world}")
        if ni == 0:
            L.append("----------------------------------------------------------------------------------------------------")
            L.append("distributed_backend=nccl")
            L.append(f"All distributed processes registered. Starting with {world} processes")
            L.append("----------------------------------------------------------------------------------------------------")
            L.append(f"[NeMo I {start:%Y-%m-%d %H:%M:%S} megatron_gpt_pretraining:37] Hydra config: model.micro_batch_size=2 model.global_batch_size=768 model.tensor_model_parallel_size=4 model.pipeline_model_parallel_size=2 trainer.num_nodes=6")
            L.append(f"[NeMo I {plus(start, 71):%Y-%m-%d %H:%M:%S} exp_manager:396] Experiments will be logged at /results/gpt3_20b/2024-10-08_09-40-03")
            L.append(f"[NeMo I {plus(start, 119):%Y-%m-%d %H:%M:%S} nlp_overrides:153] Configuring DDP for model parallelism.")
            L.append(f"[NeMo I {plus(start, 141):%Y-%m-%d %H:%M:%S} modelPT:728] Optimizer config = MegatronDistributedFusedAdam (")
            L.append("    Parameter Group 0")
            L.append("        betas: [0.9, 0.95]")
            L.append("        bias_correction: True")
            L.append("        eps: 1e-08")
            L.append("        lr: 0.00016")
            L.append("        weight_decay: 0.1")
            L.append("    )")
            L.append("  | Name  | Type     | Params")
            L.append("-----------------------------------")
            L.append("0 | model | GPTModel | 2.5 B ")
            L.append("-----------------------------------")
            L.append("Sanity Checking: |          | 0/? [00:00<?, ?it/s]")
            el = 0.0
            n = 0
            while True:
                n += 500
                el = n / it_rate
                tt = plus(start, 160 + el)
                if tt > xid_t:
                    break
                loss = 2.6 - 0.25 * (n / 30000) + rng.uniform(-0.05, 0.05)
                L.append(tqdm_bar("Epoch 0:   ", n, total, el, it_rate + rng.uniform(-0.01, 0.01),
                                  f"loss={loss:.3g}, v_num=95nc, reduced_train_loss={loss - 0.01:.3f}, global_step={n}.0, consumed_samples={n * 768}.0", width=33))
            if True:
                L.append(f"[NeMo W {plus(start, 7200):%Y-%m-%d %H:%M:%S} nemo_logging:349] {pyp}/torch/distributed/distributed_c10d.py:2384: UserWarning: torch.distributed._all_gather_base is a private function and will be deprecated. Please use torch.distributed.all_gather_into_tensor instead.")
        for k in range(8):
            r = ni * 8 + k
            if r == bad_rank:
                continue
            et = plus(wd_t, rng.uniform(0, 1.3))
            L += watchdog_timeout_lines("2.3", et, r, seq, "ALLREDUCE", 1800000, 1800000 + rng.randint(40, 1400),
                                        numel=9437184, lib_prefix=f"{pyp}/torch/lib", with_frames=(k == 0))
        lt = plus(wd_t, 5.1 + ni * 0.05)
        if h == bad:
            L.append(elastic("mid", "W", lt, 140501223876416, "multiprocessing/api.py", 858, f"Sending process {pids[bad_local]} closing signal SIGTERM"))
            L.append(elastic("mid", "W", plus(lt, 30.0), 140501223876416, "multiprocessing/api.py", 875, f"Unable to shutdown process {pids[bad_local]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL"))
            L.append(elastic("mid", "E", plus(lt, 30.4), 140501223876416, "multiprocessing/api.py", 833, f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python"))
        else:
            L.append(elastic("mid", "E", plus(lt, 0.5), 140501223876416, "multiprocessing/api.py", 833, f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python"))
        L += elastic_tb("/usr/local", "2.3.0a0+ebedce2", style="mid", site="/usr/local/lib/python3.10/dist-packages")
        L += child_failed_box("/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py",
                              dict(time=box_time(lt), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], signal="6 (SIGABRT)"))
        w.file(f"{h}/stdout_{h}.log", L)

        boot = T(2024, 9, 29, 4, 12, 55)
        ev = boot_events(boot, h, rng, driver="550.90.07", buses=GPU_BUSES_DGX, kernel="5.15.0-1042-nvidia")
        ev += run_noise(plus(boot, 200), plus(wd_t, 120), rng, h, n=20)
        if h == "dgx-b05":
            ev.append(kev(T(2024, 10, 8, 11, 27, 40, 331002), "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#3_DIMM#0 (channel:3 slot:0 page:0x1f7d2a offset:0x180 grain:32 syndrome:0x0 - err_code:0x0000:0x0090 ProcessorSocketId:0x0 MemoryControllerId:0x0 ChannelAddress:0x3e1d40 ChannelId:0x3 RankAddress:0xf8748 PhysicalRankId:0x0 DimmSlotId:0x0)"))
            ev.append(kev(T(2024, 10, 8, 12, 2, 5, 10012), "mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:740:(pid 1288): FWTracer: Events were lost"))
        if h == bad:
            b = GPU_BUSES_DGX[bad_local]
            ev.append(kev(xid_t, f"NVRM: GPU at PCI:0000:{b}:00: GPU-9c0e1d2f-73a4-5b86-c9d0-e1f2a3b4c5d6"))
            ev.append(kev(plus(xid_t, 0.000031), "NVRM: GPU Board Serial Number: 1654723018841"))
            ev.append(kev(plus(xid_t, 0.000044), f"NVRM: Xid (PCI:0000:{b}:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."))
            ev.append(kev(plus(xid_t, 0.000051), f"NVRM: GPU 0000:{b}:00.0: GPU has fallen off the bus."))
            ev.append(kev(plus(xid_t, 0.000120), "NVRM: A GPU crash dump has been created. If possible, please run"))
            ev.append(kev(plus(xid_t, 0.000121), "NVRM: nvidia-bug-report.sh as root to collect this data before"))
            ev.append(kev(plus(xid_t, 0.000122), "NVRM: the NVIDIA kernel module is unloaded."))
            ev.append(kev(plus(xid_t, -0.41), "pcieport 0000:80:01.1: AER: Uncorrected (Fatal) error received: 0000:85:00.0"))
            ev.append(kev(plus(xid_t, -0.409), "pcieport 0000:85:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"))
            ev.append(kev(plus(xid_t, -0.408), "pcieport 0000:85:00.0:   device [1000:c030] error status/mask=00040000/00180000"))
            ev.append(kev(plus(xid_t, -0.407), "pcieport 0000:85:00.0:    [18] MalfTLP                (First)"))
            for j in range(3):
                ev.append(kev(plus(xid_t, 242 + 121 * j), f"INFO: task python:{pids[bad_local]} blocked for more than {120 + 121 * j} seconds."))
                ev.append(kev(plus(xid_t, 242.0001 + 121 * j), "      Tainted: P           OE     5.15.0-1042-nvidia #42-Ubuntu"))
                ev.append(kev(plus(xid_t, 242.0002 + 121 * j), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."))
        w.file(f"{h}/kern.log", render_journal_k(ev, h))
        gpus = []
        for k in range(8):
            if h == bad and k == bad_local:
                continue
            gpus.append(smi_gpu(k, GPU_BUSES_DGX[k], serial_for(rng), uuid_for(rng), temp=33 + rng.randint(0, 5), power=71.2 + rng.uniform(0, 9)))
        txt = render_smi_q(plus(wd_t, 600), "550.90.07", "12.4", gpus)
        if h == bad:
            txt = f"Unable to determine the device handle for GPU0000:{GPU_BUSES_DGX[bad_local]}:00.0: Unknown Error\n" + txt
        w.file(f"{h}/nvidia-smi-q.txt", txt)
    w.label("gpu_hardware", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
            "Every rank except 36 reports a watchdog timeout on the same ALLREDUCE 30 minutes after dgx-b10 logged PCIe fatal AER errors and Xid 79 (GPU 0000:87:00, index 4 = rank 36) fallen off the bus; rank 36 is stuck in D state and nvidia-smi can no longer see that GPU.",
            "https://github.com/pytorch/pytorch/issues/118369")
    return "ap07_watchdog_timeouts_on_all_ranks_after_4h"


# ============================================================== ap08
def ap08(w):
    """accelerate + DeepSpeed ZeRO-2: 'uncorrectable ECC error encountered' on one rank; Xid 48 DBE on that GPU."""
    rng = random.Random(4508)
    hosts = ["gpu31", "gpu32", "gpu33", "gpu34"]
    bad = "gpu33"
    bad_local = 6
    bad_rank = 2 * 8 + bad_local
    world = 32
    start = T(2023, 3, 21, 14, 2, 7, 551000)
    fail_t = T(2023, 3, 21, 19, 11, 4, 618000)
    pyp = "/usr/local/lib/python3.9/dist-packages"
    for ni, h in enumerate(hosts):
        apid = 40211 + ni * 1500
        pids = [apid + 17 + k for k in range(8)]
        L = [f"[{pyts(start)}] [INFO] [real_accelerator.py:158:get_accelerator] Setting ds_accelerator to cuda (auto detect)"]
        L += torchrun_banner("old")
        for k in range(8):
            r = ni * 8 + k
            L.append(f"[{pyts(plus(start, 9 + 0.03 * k))}] [INFO] [comm.py:652:init_distributed] cdb=None")
        if ni == 0:
            L.append(f"[{pyts(plus(start, 9.5))}] [INFO] [comm.py:683:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl")
            L.append(f"[{pyts(plus(start, 61))}] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.8.2, git-hash=unknown, git-branch=unknown")
            L.append(f"[{pyts(plus(start, 63))}] [INFO] [logging.py:96:log_dist] [Rank 0] Creating BF16 optimizer")
            L.append(f"[{pyts(plus(start, 63))}] [INFO] [stage_1_and_2.py:133:__init__] Reduce bucket size 500000000")
            L.append(f"[{pyts(plus(start, 63))}] [INFO] [stage_1_and_2.py:134:__init__] Allgather bucket size 500000000")
            L.append(f"[{pyts(plus(start, 63))}] [INFO] [stage_1_and_2.py:135:__init__] CPU Offload: False")
            L.append(f"[{pyts(plus(start, 71))}] [INFO] [utils.py:829:see_memory_usage] After initializing ZeRO optimizer")
            L.append(f"[{pyts(plus(start, 71))}] [INFO] [utils.py:830:see_memory_usage] MA 31.21 GB         Max_MA 33.88 GB         CA 34.02 GB         Max_CA 34 GB ")
            step = 0
            t = plus(start, 80)
            while True:
                step += 50
                t = plus(t, 50 * rng.uniform(3.41, 3.49))
                if t > fail_t:
                    break
                L.append(ds_step(t, 0, step, 0, 2e-5 * min(1, step / 200), mom=(0.9, 0.999)))
                L.append(ds_timer(plus(t, 0.002), 0, step * 4, step, f"{9.38 + rng.uniform(-0.05, 0.05):.12f}",
                                  f"{9.38 + rng.uniform(-0.4, 0.4):.12f}", "31.87", "52.11"))
        if h == bad:
            r = bad_rank
            L += tb([("train_sft.py", 388, "<module>", "main()"),
                     ("train_sft.py", 341, "main", "accelerator.backward(loss)"),
                     (f"{pyp}/accelerate/accelerator.py", 1628, "backward", "self.deepspeed_engine_wrapped.backward(loss, **kwargs)"),
                     (f"{pyp}/accelerate/utils/deepspeed.py", 167, "backward", "self.engine.backward(loss, **kwargs)"),
                     (f"{pyp}/deepspeed/utils/nvtx.py", 15, "wrapped_fn", "ret_val = func(*args, **kwargs)"),
                     (f"{pyp}/deepspeed/runtime/engine.py", 1860, "backward", "self.optimizer.backward(loss, retain_graph=retain_graph)"),
                     (f"{pyp}/deepspeed/runtime/zero/stage_1_and_2.py", 1901, "backward", "self.loss_scaler.backward(loss.float(), retain_graph=retain_graph)"),
                     (f"{pyp}/deepspeed/runtime/fp16/loss_scaler.py", 51, "backward", "scaled_loss.backward(retain_graph=retain_graph)"),
                     (f"{pyp}/torch/_tensor.py", 488, "backward", "torch.autograd.backward("),
                     (f"{pyp}/torch/autograd/__init__.py", 197, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                    ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
                     "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                     "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                     "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."])
            L.append("terminate called after throwing an instance of 'c10::Error'")
            L.append("  what():  CUDA error: uncorrectable ECC error encountered")
            L.append("Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:44 (most recent call first):")
            L += cuda_error_frames(f"{pyp}/torch/lib")[:3]
            lt = plus(fail_t, 2.7)
            for k in range(8):
                if k != bad_local:
                    L.append(f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {pids[k]} closing signal SIGTERM")
            L.append(f"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) local_rank: {bad_local} (pid: {pids[bad_local]}) of binary: /usr/bin/python")
            root = dict(time=box_time(lt), host=h, rank=bad_rank, local_rank=bad_local, exitcode=-6, pid=pids[bad_local], signal="6 (SIGABRT)")
        else:
            for k in range(8):
                r = ni * 8 + k
                L.append(f"[E ProcessGroupNCCL.cpp:828] [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=218844, OpType=_ALLGATHER_BASE, Timeout(ms)=1800000) ran for 1800751 milliseconds before timing out.")
            L.append("[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.")
            L.append("[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.")
            L.append("terminate called after throwing an instance of 'std::runtime_error'")
            L.append(f"  what():  [Rank {ni * 8}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=218844, OpType=_ALLGATHER_BASE, Timeout(ms)=1800000) ran for 1800751 milliseconds before timing out.")
            lt = plus(fail_t, 1804.0 + ni * 0.2)
            L.append(f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {pids[1]} closing signal SIGTERM")
            L.append(f"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python")
            root = dict(time=box_time(lt), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], signal="6 (SIGABRT)")
        L += elastic_tb("/usr/local", "1.14.0a0+44dac51", style="old", site="/usr/local/lib/python3.9/dist-packages")
        L += child_failed_box("train_sft.py", root)
        w.file(f"{h}/accelerate.{h}.log", L)

        boot = T(2023, 3, 17, 10, 21, 34, 500000)
        ev = boot_events(boot, h, rng, driver="525.85.12", kernel="5.4.0-144-generic", buses=GPU_BUSES_ALT,
                         cpu="AMD EPYC 7763 64-Core Processor")
        ev += run_noise(plus(boot, 300), plus(fail_t, 2000), rng, h, n=10)
        if h == "gpu32":
            ct = T(2023, 3, 21, 16, 40, 2, 91000)
            ev.append(kev(ct, "mce: [Hardware Error]: Machine check events logged"))
            ev.append(kev(plus(ct, 0.0001), "[Hardware Error]: Corrected error, no action required."))
            ev.append(kev(plus(ct, 0.0002), "[Hardware Error]: CPU:37 (19:1:1) MC17_STATUS[Over|CE|MiscV|AddrV|-|-|SyndV|CECC|-|-|-]: 0xdc2040000000011b"))
            ev.append(kev(plus(ct, 0.0003), "[Hardware Error]: Error Addr: 0x0000001f8a1c3ac0"))
            ev.append(kev(plus(ct, 0.0004), "[Hardware Error]: IPID: 0x0000009600050f00, Syndrome: 0x0000a7c20a800001"))
            ev.append(kev(plus(ct, 0.0005), "[Hardware Error]: Unified Memory Controller Ext. Error Code: 0, DRAM ECC error."))
            ev.append(kev(plus(ct, 0.0006), "EDAC MC0: 1 CE on mc#0csrow#1channel#1 (csrow:1 channel:1 page:0x1f8a1c3 offset:0xac0 grain:64 syndrome:0xa7c2)"))
        if h == bad:
            b = GPU_BUSES_ALT[bad_local]
            xt = plus(fail_t, -0.211)
            ev.append(kev(plus(xt, -0.00005), f"NVRM: GPU at PCI:0000:{b}:00: GPU-5ab8e5e0-1f7c-4d4b-93e2-3f0a6c2d7e11"))
            ev.append(kev(plus(xt, -0.00004), "NVRM: GPU Board Serial Number: 1322121049183"))
            ev.append(kev(xt, f"NVRM: Xid (PCI:0000:{b}:00): 48, pid={pids[bad_local]}, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1."))
            ev.append(kev(plus(xt, 0.0021), f"NVRM: Xid (PCI:0000:{b}:00): 63, pid={pids[bad_local]}, name=python, Row Remapper: New row (0x00000000025f8c40) marked for remapping, reset gpu to activate."))
            ev.append(kev(plus(xt, 0.0933), f"NVRM: Xid (PCI:0000:{b}:00): 45, pid={pids[bad_local]}, name=python, Ch 00000010"))
        w.file(f"{h}/dmesg.raw.txt", render_dmesg_raw(ev, boot))
        w.file(f"{h}/uptime-since.txt", [f"{boot:%Y-%m-%d %H:%M:%S}", "# `uptime -s` captured together with `dmesg` (kernel clock, no -T)"])
        if h == bad:
            gpus = []
            for k in range(8):
                if k == bad_local:
                    gpus.append(smi_gpu(k, GPU_BUSES_ALT[k], serial_for(rng), uuid_for(rng), product="NVIDIA A100-SXM4-80GB",
                                        total_mib=81920, power_cap=400.0, ecc={"v_dram_u": 1, "a_dram_u": 1, "a_dram_c": 3},
                                        remap={"unc": 1, "pending": "Yes",
                                               "hist": ["Max     : 639 bank(s)", "High    : 1 bank(s)", "Partial : 0 bank(s)", "Low     : 0 bank(s)", "None    : 0 bank(s)"]}))
                else:
                    gpus.append(smi_gpu(k, GPU_BUSES_ALT[k], serial_for(rng), uuid_for(rng), product="NVIDIA A100-SXM4-80GB",
                                        total_mib=81920, power_cap=400.0, remap={"hist": ["Max     : 640 bank(s)", "High    : 0 bank(s)", "Partial : 0 bank(s)", "Low     : 0 bank(s)", "None    : 0 bank(s)"]}))
            w.file(f"{h}/nvidia-smi-q.txt", render_smi_q(plus(fail_t, 2100), "525.85.12", "12.0", gpus))
    w.label("gpu_memory", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
            "Rank 22 (gpu33, GPU 6 at 0000:c8:00) died with 'uncorrectable ECC error encountered' at the same moment the kernel logged Xid 48 (double-bit ECC) and a row remap pending reset on that GPU; the other nodes only show the resulting watchdog timeouts, and gpu32's MCE is a corrected DRAM error.",
            "https://github.com/huggingface/accelerate/issues/1192")
    return "ap08_runtimeerror_cuda_error_on_one_rank_then_watchdog_timeouts"


# ============================================================== ap09
def ap09(w):
    """FSDP torchrun: 'uncorrectable NVLink error detected during the execution' on one rank; Xid 74 on that GPU."""
    rng = random.Random(4509)
    hosts = ["hgx-east-03", "hgx-east-04", "hgx-east-09"]
    bad = "hgx-east-04"
    bad_local = 3
    bad_rank = 8 + bad_local
    world = 24
    start = T(2024, 11, 19, 22, 48, 30, 5000)
    fail_t = T(2024, 11, 20, 2, 17, 41, 266000)
    pyp = "/opt/conda/envs/llm/lib/python3.11/site-packages"
    for ni, h in enumerate(hosts):
        apid = 9100 + ni * 211
        pids = [apid + 23 + k for k in range(8)]
        L = []
        L += torchrun_banner("new", plus(start, 0.5), apid)
        L += rendezvous_result("new", plus(start, 3.3), apid, 0, "hgx-east-03", 29500, ni, 3, list(range(8)),
                               list(range(ni * 8, ni * 8 + 8)), world)
        for k in range(8):
            r = ni * 8 + k
            L.append(f"[rank{r}]:{glog_ms('I', plus(start, 10 + 0.02 * k), pids[k], 'train_fsdp.py:118')} FSDP sharding=FULL_SHARD mixed_precision=bf16 limit_all_gathers=True use_orig_params=True")
        if ni == 0:
            t = plus(start, 60)
            step = 0
            while True:
                step += 20
                t = plus(t, 20 * rng.uniform(1.69, 1.74))
                if t > fail_t:
                    break
                L.append(f"[rank0]:{glog_ms('I', t, pids[0], 'train_fsdp.py:241')} step {step:6d} | loss {3.1 - 0.3 * step / 7000 + rng.uniform(-0.03, 0.03):.4f} | lr 1.50e-04 | tok/s/gpu {3520 + rng.randint(-40, 40)} | mfu 0.41")
        if h == bad:
            r = bad_rank
            L += [f"[rank{r}]: " + x for x in tb([
                ("/work/llm/train_fsdp.py", 298, "<module>", "main()"),
                ("/work/llm/train_fsdp.py", 226, "main", "loss.backward()"),
                (f"{pyp}/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                (f"{pyp}/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
                (f"{pyp}/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
                (f"{pyp}/torch/distributed/fsdp/_runtime_utils.py", 1104, "_post_backward_hook", "_reduce_grad(state, handle)"),
                (f"{pyp}/torch/distributed/fsdp/_runtime_utils.py", 808, "_reduce_grad", "dist.reduce_scatter_tensor(")],
                ["RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
                 "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                 "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                 "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."])]
            for k in range(8):
                if k == bad_local:
                    continue
                r = 8 + k
                tid = pids[k] + 880
                L.append(f"{h}:{pids[k]}:{tid} [{k}] enqueue.cc:1410 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'")
                L.append(f"{h}:{pids[k]}:{tid} [{k}] NCCL INFO enqueue.cc:1476 -> 1")
                et = plus(fail_t, 0.9 + rng.uniform(0, 0.5))
                L.append(f"[rank{r}]:{c10('E', et, 'ProcessGroupNCCL.cpp:1553')} [PG 0 (default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5")
                L.append(f"[rank{r}]:ncclUnhandledCudaError: Call to CUDA function failed.")
                L.append(f"[rank{r}]:Last error:")
                L.append(f"[rank{r}]:Cuda failure 'uncorrectable NVLink error detected during the execution'")
            lt = plus(fail_t, 3.1)
            L.append(elastic("new", "W", lt, apid, "multiprocessing/api.py", 897, f"Sending process {pids[0]} closing signal SIGTERM"))
            L.append(elastic("new", "E", plus(lt, 1.1), apid, "multiprocessing/api.py", 869, f"failed (exitcode: 1) local_rank: {bad_local} (pid: {pids[bad_local]}) of binary: /opt/conda/envs/llm/bin/python"))
            root = dict(time=box_time(plus(lt, 1.1)), host=h, rank=bad_rank, local_rank=bad_local, exitcode=1, pid=pids[bad_local])
        else:
            for k in range(8):
                r = ni * 8 + k
                et = plus(fail_t, 600 + rng.uniform(0.1, 1.0))
                L += watchdog_timeout_lines("2.5", et, r, 1881342, "_REDUCE_SCATTER_BASE", 600000, 600000 + rng.randint(10, 900),
                                            numel=58720256, lib_prefix=f"{pyp}/torch/lib", with_frames=(k == 0))
            lt = plus(fail_t, 606 + ni * 0.2)
            L.append(elastic("new", "E", lt, apid, "multiprocessing/api.py", 869, f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /opt/conda/envs/llm/bin/python"))
            root = dict(time=box_time(lt), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], signal="6 (SIGABRT)")
        L += elastic_tb("/opt/conda/envs/llm", "2.5.1", style="new", site=pyp)
        L += child_failed_box("train_fsdp.py", root)
        w.file(f"{h}/torchrun-{h}.txt", L)

        boot = T(2024, 11, 14, 6, 30, 1)
        ev = boot_events(boot, h, rng, driver="550.127.05", buses=GPU_BUSES_ALT, kernel="6.5.0-1024-oracle")
        ev += run_noise(plus(boot, 200), plus(fail_t, 900), rng, h, n=16)
        if h == bad:
            b = GPU_BUSES_ALT[bad_local]
            xt = plus(fail_t, -0.054)
            ev.append(kev(xt, f"NVRM: Xid (PCI:0000:{b}:00): 74, pid={pids[bad_local]}, name=python, NVLink: fatal error detected on link 7(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"))
            ev.append(kev(plus(xt, 0.0008), f"NVRM: Xid (PCI:0000:{b}:00): 45, pid={pids[bad_local]}, name=python, Ch 00000008"))
            for k in range(8):
                if k != bad_local:
                    ev.append(kev(plus(xt, 0.91 + 0.01 * k), f"NVRM: Xid (PCI:0000:{GPU_BUSES_ALT[k]}:00): 45, pid={pids[k]}, name=python, Ch 00000010"))
        w.file(f"{h}/journalctl-k.txt", render_journal_iso(ev, h))
        if h == bad:
            nv = []
            for k in range(8):
                nv.append(f"GPU {k}: NVIDIA H100 80GB HBM3 (UUID: {uuid_for(rng)})")
                for link in range(18):
                    bad_link = (k == bad_local and link == 7)
                    nv.append(f"\t Link {link}: Replay Errors: {1422 if bad_link else rng.choice([0, 0, 0, 1])}")
                    nv.append(f"\t Link {link}: Recovery Errors: {37 if bad_link else 0}")
                    nv.append(f"\t Link {link}: CRC Errors: {918 if bad_link else 0}")
            w.file(f"{h}/nvidia-smi_nvlink_-e.txt", nv)
    w.label("nvlink", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
            "Rank 11 on hgx-east-04 (GPU 3, 0000:53:00) failed first with an uncorrectable NVLink error, matching Xid 74 on link 7 of that GPU and its large replay/CRC counters; the Xid 45s and other ranks' NCCL/watchdog errors are fallout.",
            "https://github.com/pytorch/pytorch/issues/58155")
    return "ap09_unhandled_cuda_error_in_reduce_scatter_mid_run"


# ============================================================== ap10
def ap10(w):
    """Megatron: ECC error kills one rank; Xid 94 (contained) + row remapped; after GPU reset nothing pending."""
    rng = random.Random(4510)
    hosts = ["hpc-sxm-k01", "hpc-sxm-k02", "hpc-sxm-k03", "hpc-sxm-k04"]
    bad = "hpc-sxm-k03"
    bad_local = 4
    bad_rank = 16 + bad_local
    world = 32
    start = T(2024, 8, 14, 0, 5, 40, 441000)
    fail_t = T(2024, 8, 14, 23, 51, 17, 302000)
    fail_it = 41210
    ms_it = (fail_t - start).total_seconds() * 1000 / (fail_it + 30)
    pyp = "/usr/local/lib/python3.10/dist-packages"
    for ni, h in enumerate(hosts):
        apid = 700 + ni * 5
        pids = [apid + 31 + k for k in range(8)]
        L = []
        L += torchrun_banner("new", plus(start, 0.2), apid)
        if ni == 0:
            L.append("using world size: 32, data-parallel size: 2, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 2 ")
            L.append("using torch.bfloat16 for parameters ...")
            L.append("------------------------ arguments ------------------------")
            for a in ["  accumulate_allreduce_grads_in_fp32 .............. True", "  adam_beta1 ...................................... 0.9",
                      "  adam_beta2 ...................................... 0.95", "  bf16 ............................................ True",
                      "  check_for_nan_in_loss_and_grad .................. True", "  clip_grad ....................................... 1.0",
                      "  global_batch_size ............................... 512", "  lr .............................................. 0.00015",
                      "  micro_batch_size ................................ 1", "  seq_length ...................................... 4096",
                      "  save_interval ................................... 1000", "  train_iters ..................................... 120000"]:
                L.append(a)
            L.append("-------------------- end of arguments ---------------------")
            L.append(f"[after megatron is initialized] datetime: {plus(start, 55):%Y-%m-%d %H:%M:%S} ")
            L.append(f" loading checkpoint from /lustre/ckpt/gpt-70b at iteration 0")
        if ni == 3:
            it = 0
            while True:
                it += 100
                tt = plus(start, 70 + it * ms_it / 1000)
                if tt > fail_t:
                    break
                L.append(megatron_iter(tt, it, 120000, it * 512, ms_it + rng.uniform(-40, 40), 1.5e-4, 512,
                                       2.9 - 0.9 * it / 41000 + rng.uniform(-0.02, 0.02), 1.0, rng.uniform(0.9, 1.4)))
                if it % 1000 == 0:
                    L.append(f"saving checkpoint at iteration {it:7d} to /lustre/ckpt/gpt-70b in torch_dist format")
                    L.append(f"  successfully saved checkpoint from iteration {it:7d} to /lustre/ckpt/gpt-70b [ t 1/8, p 2/2 ]")
        if h == bad:
            r = bad_rank
            L += [f"[rank{r}]: " + x for x in tb([
                ("/workspace/megatron-lm/pretrain_gpt.py", 264, "<module>", "pretrain("),
                ("/workspace/megatron-lm/megatron/training/training.py", 349, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                ("/workspace/megatron-lm/megatron/training/training.py", 1250, "train", "train_step(forward_step_func,"),
                ("/workspace/megatron-lm/megatron/training/training.py", 707, "train_step", "losses_reduced = forward_backward_func("),
                ("/workspace/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 1390, "forward_backward_pipelining_without_interleaving", "output_tensor, num_tokens = forward_step("),
                ("/workspace/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 274, "forward_step", "output_tensor, loss_func = forward_step_func(data_iterator, model)"),
                ("/workspace/megatron-lm/megatron/core/transformer/attention.py", 315, "forward", "core_attn_out = self.core_attention(")],
                ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
                 "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                 "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                 "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."])]
            lt = plus(fail_t, 2.2)
            L.append(elastic("new", "W", lt, apid, "multiprocessing/api.py", 897, f"Sending process {pids[0]} closing signal SIGTERM"))
            L.append(elastic("new", "E", plus(lt, 2.0), apid, "multiprocessing/api.py", 869, f"failed (exitcode: 1) local_rank: {bad_local} (pid: {pids[bad_local]}) of binary: /usr/bin/python"))
            root = dict(time=box_time(plus(lt, 2.0)), host=h, rank=bad_rank, local_rank=bad_local, exitcode=1, pid=pids[bad_local])
        else:
            for k in range(8):
                r = ni * 8 + k
                et = plus(fail_t, 3.5 + rng.uniform(0, 1))
                L.append(f"[rank{r}]:{c10('E', et, 'ProcessGroupNCCL.cpp:1316')} [PG 3 Rank {k}] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5")
                L.append(f"[rank{r}]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
                L.append(f"[rank{r}]:Last error:")
                L.append(f"[rank{r}]:socketProgress: Connection closed by remote peer {bad}<{rng.randint(40000, 60000)}>")
            lt = plus(fail_t, 6.1 + ni * 0.2)
            L.append(elastic("new", "E", lt, apid, "multiprocessing/api.py", 869, f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python"))
            root = dict(time=box_time(lt), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], signal="6 (SIGABRT)")
        L += elastic_tb("/usr/local", "2.5.0a0+872d972e41.nv24.8", style="new", site="/usr/local/lib/python3.10/dist-packages")
        L += child_failed_box("pretrain_gpt.py", root)
        w.file(f"{h}/pretrain_{h}.log", L)

        boot = T(2024, 8, 7, 12, 0, 18, 250000)
        ev = boot_events(boot, h, rng, driver="550.90.07", kernel="5.15.0-113-generic", lustre="lustre")
        ev += run_noise(plus(boot, 200), plus(fail_t, 700), rng, h, n=14)
        if h == bad:
            b = GPU_BUSES_8[bad_local]
            xt = plus(fail_t, -0.038)
            ev.append(kev(plus(xt, -0.0001), f"NVRM: GPU at PCI:0000:{b}:00: GPU-1d7e2c90-4b3a-6f58-a0e1-9c2b7d4f8e63"))
            ev.append(kev(plus(xt, -0.00009), "NVRM: GPU Board Serial Number: 1653923044712"))
            ev.append(kev(xt, f"NVRM: Xid (PCI:0000:{b}:00): 94, pid={pids[bad_local]}, name=python, Ch 00000008"))
            ev.append(kev(plus(xt, 0.0012), f"NVRM: Xid (PCI:0000:{b}:00): 63, pid={pids[bad_local]}, name=python, Row Remapper: New row (0x0000000120a0f5c8) marked for remapping, reset gpu to activate."))
            rt = plus(fail_t, 181.4)
            ev.append(kev(rt, f"NVRM: GPU at PCI:0000:{b}:00: GPU-1d7e2c90-4b3a-6f58-a0e1-9c2b7d4f8e63"))
            ev.append(kev(plus(rt, 0.0003), f"NVRM: Xid (PCI:0000:{b}:00): 64, pid='<unknown>', name=<unknown>, Row Remapper: Row remapping from pending to active (reset) completed."))
        w.file(f"{h}/dmesg.txt", render_dmesg_raw(ev, boot))
        w.file(f"{h}/boot_time.txt", [f"btime {int((boot - T(1970, 1, 1)).total_seconds())}   # from /proc/stat", f"uptime -s: {boot:%Y-%m-%d %H:%M:%S}"])
        if h == bad:
            ha = [f"{iso(plus(fail_t, 12))} gpu-health-agent[2114]: job 5119044 ended (state=FAILED); running post-job GPU checks",
                  f"{iso(plus(fail_t, 13))} gpu-health-agent[2114]: GPU 4 (00000000:9A:00.0): Xid 94 seen at {fail_t:%H:%M:%S}, remapped rows uncorrectable=1 pending=Yes",
                  f"{iso(plus(fail_t, 13))} gpu-health-agent[2114]: policy: contained ECC (Xid 94) with successful remap -> reset GPU, no drain",
                  f"{iso(plus(fail_t, 180))} gpu-health-agent[2114]: exec: nvidia-smi -r -i 4",
                  f"{iso(plus(fail_t, 182))} gpu-health-agent[2114]: GPU 00000000:9A:00.0 was successfully reset.",
                  f"{iso(plus(fail_t, 182))} gpu-health-agent[2114]: All done.",
                  f"{iso(plus(fail_t, 190))} gpu-health-agent[2114]: GPU 4: remapped rows corr=0 unc=1 pending=No failure=No; bank histogram max=2558 high=1",
                  f"{iso(plus(fail_t, 191))} gpu-health-agent[2114]: dcgmi diag -r 2 -i 4 ... PASS (Memory, Diagnostic, PCIe, SM Stress)",
                  f"{iso(plus(fail_t, 452))} gpu-health-agent[2114]: node {bad} returned to service (state=IDLE)"]
            w.file(f"{h}/gpu-health-agent.log", ha)
            gpus = []
            for k in range(8):
                if k == bad_local:
                    gpus.append(smi_gpu(k, GPU_BUSES_8[k], serial_for(rng), uuid_for(rng), ecc={"a_dram_u": 1, "a_dram_c": 0},
                                        remap={"unc": 1, "pending": "No", "failure": "No",
                                               "hist": ["Max     : 2558 bank(s)", "High    : 1 bank(s)", "Partial : 0 bank(s)", "Low     : 0 bank(s)", "None    : 0 bank(s)"]}))
                else:
                    gpus.append(smi_gpu(k, GPU_BUSES_8[k], serial_for(rng), uuid_for(rng)))
            w.file(f"{h}/nvidia-smi-q.after-reset.txt", render_smi_q(plus(fail_t, 195), "550.90.07", "12.4", gpus))
    w.label("gpu_memory", "infrastructure", {"node": bad, "rank": bad_rank}, "restart",
            "Rank 20 (hpc-sxm-k03 GPU 4) died with an uncorrectable ECC error that the driver reported as Xid 94 (contained) plus a row remap; after the GPU reset the remap became active, nothing is pending, no remap failure and diagnostics passed, so the job can simply be restarted.",
            "https://github.com/pytorch/pytorch/issues/113128")
    return "ap10_rank_20_dies_with_cuda_error_after_41k_iterations"
