"""Cases cc18-cc30: host MCE/EDAC, NICs and fabric, driver stacks, benign Xids, hangs."""
from datetime import datetime
from lib import (T, ctime, dmesg, dmesg_T, kern, journal, c10d, elastic, nccl, pid_of, watchdog_timeout,
                 nccl_async_error, py_traceback, CUDA_TAIL, child_failed, agent_sigterm, agent_failed,
                 smi_table, gpu_row, H100, A100, H100_BUS, A100_BUS, short_bus, smi_q, qgpu, dcgmi_diag,
                 DEPLOY_PASS, sacct, join, iso, rank_prefix, ipmi_sel, ibstat_ca, perfquery, syslog_ts)
from common import torchrun_preamble, node_nccl_init, write_label
from cases_a import benign, megatron_iter, titan_progress

NCCL_REMOTE = ("remote process exited or there was a network error, NCCL version 2.21.5\n"
               "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\n")


def ib_err(host, pid, lr, peer, port, status=12, vendor=129, kind="Send", local="fe80::a288:c203:4b:1f20"):
    return nccl(host, pid, pid + 240, lr, "WARN",
                f"NET/IB : Got completion from peer {peer}<{port}> with status={status} opcode={0 if kind == 'Send' else 129} len=0 vendor err {vendor} ({kind}) localGid {local} remoteGids::ffff:{peer}")


# --------------------------------------------------------------------------- cc18
def cc18():
    name = "cc18_job_node_fail_connection_reset"
    base = datetime(2024, 6, 14, 0, 30, 0)
    hosts = [f"cn-04{i:02d}" for i in range(8, 16)]
    bad = 4
    job = 6600123
    t_x = 9103.0
    files = {}
    ips = {h: f"10.90.4.{8 + i}" for i, h in enumerate(hosts)}
    for ni, h in enumerate(hosts):
        if ni == bad:
            L = torchrun_preamble(T(base, 1), 9000 + ni) + node_nccl_init(h, ni, 8, 64, A100_BUS, ips[h])
            files[f"{h}/train.log"] = join(L + ["# (log ends abruptly; node lost power to OS at ~03:01:43)"])
            continue
        L = torchrun_preamble(T(base, 1), 9000 + ni) + node_nccl_init(h, ni, 8, 64, A100_BUS, ips[h])
        if ni == 0:
            for k in range(0, 60):
                t = 120 + k * 150
                if t > t_x:
                    break
                L.append(f"[rank0]: {megatron_iter(T(base, t), 400 + k * 40, 60000, 1024, 2.48 - k * 0.003, 0.231, 3701.2)}")
        for lr in (3, 4) if ni in (bad - 1, bad + 1) else (4,):
            p = pid_of(ni, lr)
            L.append(ib_err(h, p, lr, ips[hosts[bad]], 43110 + lr, kind="Send" if lr == 3 else "Recv"))
            L.append(nccl(h, p, p + 240, lr, "INFO", "transport/net.cc:1298 -> 6"))
            L += nccl_async_error(ni * 8 + lr, T(base, t_x + 21.3), 19022, NCCL_REMOTE + f"NET/IB : Got completion from peer {ips[hosts[bad]]}<{43110 + lr}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips[hosts[bad]]}")
        if ni == 0:
            L += rank_prefix(0, ["[W614 03:02:11.220000 TCPStore.cpp:135] [c10d] recvVector failed on SocketImpl(fd=41, addr=[cn-0408]:29500, remote=[cn-0412]:51842): Connection reset by peer"])
        L += agent_sigterm(T(base, t_x + 23), 9000 + ni, [pid_of(ni, k) for k in range(8)][:3])
        files[f"{h}/train.log"] = join(L)
        files[f"{h}/dmesg.txt"] = join(benign(88121.0 + ni * 13, 2))
    h = hosts[bad]
    dtx = T(base, t_x)
    files[f"{h}/console-sol.log"] = join([
        f"[{ctime(T(dtx, -4))}] EDAC MC3: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0xb757589 offset:0xdc0 grain:32 syndrome:0x0 -  area:DRAM err_code:0001:0090 socket:1 imc:1 rank:1 bg:2 ba:1 row:1a3f1 col:2d8)",
        f"[{ctime(dtx)}] mce: [Hardware Error]: CPU 41: Machine Check Exception: 5 Bank 17: be00000000800091",
        f"[{ctime(dtx)}] mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffa2cf1a3e> {{native_queued_spin_lock_slowpath+0x1be/0x2c0}}",
        f"[{ctime(dtx)}] mce: [Hardware Error]: TSC 4b6e1f3a9d82c ADDR b757589dc0 MISC 200805c290402086 ",
        f"[{ctime(dtx)}] mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1718323303 SOCKET 1 APIC 52 microcode 2b000571",
        f"[{ctime(dtx)}] mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
        f"[{ctime(dtx)}] mce: [Hardware Error]: Machine check: Processor context corrupt",
        f"[{ctime(dtx)}] Kernel panic - not syncing: Fatal machine check",
        f"[{ctime(dtx)}] Kernel Offset: 0x21000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)",
        f"[{ctime(T(dtx, 1))}] ---[ end Kernel panic - not syncing: Fatal machine check ]---"])
    files[f"{h}/ipmi-sel.txt"] = join(ipmi_sel([
        (0x2f1, datetime(2024, 5, 30, 4, 12, 9), "Memory #0x87", "Correctable ECC (CPU1_DIMM_E1)", "Asserted"),
        (0x2f2, T(dtx, -4), "Memory #0x87", "Correctable ECC (CPU1_DIMM_E1)", "Asserted"),
        (0x2f3, dtx, "Memory #0x87", "Uncorrectable ECC (CPU1_DIMM_E1)", "Asserted"),
        (0x2f4, dtx, "Processor #0x02", "IERR", "Asserted"),
        (0x2f5, T(dtx, 1), "OS Critical Stop #0x46", "Run-time critical stop", "Asserted"),
        (0x2f6, T(dtx, 212), "System Event #0x83", "OEM System boot event", "Asserted")]))
    nb = T(dtx, 260)
    files[f"{h}/dmesg-after-reboot.txt"] = join([
        dmesg_T(nb, "Linux version 5.14.0-362.24.1.el9_3.x86_64 (mockbuild@x86-64-01.build.eng.rdu2.redhat.com) (gcc (GCC) 11.4.1 20230605 (Red Hat 11.4.1-2), GNU ld version 2.35.2-42.el9) #1 SMP PREEMPT_DYNAMIC Thu Feb 15 07:16:49 EST 2024"),
        dmesg_T(T(nb, 3), "mce: [Hardware Error]: Machine check events logged"),
        dmesg_T(T(nb, 3), "mce: [Hardware Error]: CPU 41: Machine Check: 0 Bank 17: be00000000800091"),
        dmesg_T(T(nb, 3), "mce: [Hardware Error]: TSC 0 ADDR b757589dc0 MISC 200805c290402086 "),
        dmesg_T(T(nb, 3), f"mce: [Hardware Error]: PROCESSOR 0:806f8 TIME {1718323303 + 263} SOCKET 1 APIC 52 microcode 2b000571"),
        dmesg_T(T(nb, 9), "EDAC MC3: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0xb757589 offset:0xdc0 grain:32 -  OVERFLOW area:DRAM err_code:0001:0091 socket:1 imc:1 rank:1 bg:2 ba:1 row:1a3f1 col:2d8)")])
    files[f"slurm-{job}.out"] = join([
        f"srun: error: Node failure on {h}",
        f"slurmstepd: error: *** JOB {job} ON {hosts[0]} CANCELLED AT {T(base, t_x + 190):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "srun: error: cn-0409: task 1: Killed", "srun: error: cn-0411: task 3: Killed"])
    files["slurmctld.log"] = join([
        f"[{T(base, t_x + 100):%Y-%m-%dT%H:%M:%S}.112] error: Nodes {h} not responding",
        f"[{T(base, t_x + 190):%Y-%m-%dT%H:%M:%S}.530] Killing JobId={job} on failed node {h}",
        f"[{T(base, t_x + 190):%Y-%m-%dT%H:%M:%S}.531] update_node: node {h} reason set to: Not responding",
        f"[{T(base, t_x + 190):%Y-%m-%dT%H:%M:%S}.531] update_node: node {h} state set to DOWN"])
    files["sacct.txt"] = join(sacct([(str(job), "gpt-30b", "a100", "NODE_FAIL", "0:0", base, T(base, t_x + 190), 8, "cn-04[08-15]")]))
    label = write_label("host", "infrastructure", {"node": h, "rank": None}, "restart_without_node",
                        "Slurm reports NODE_FAIL for cn-0412. Its serial console shows a fatal Machine Check Exception (bank 17, processor context corrupt) and 'Kernel panic - not syncing: Fatal machine check', and the BMC SEL logs an uncorrectable ECC on CPU1_DIMM_E1 plus IERR. The IB completion errors and connection resets on the other nodes all point at cn-0412's address and are only the fallout.",
                        "https://github.com/ovro-lwa/lwa-issues/issues/117")
    return name, files, label


# --------------------------------------------------------------------------- cc19
def cc19():
    name = "cc19_dataloader_worker_killed_on_all_nodes"
    base = datetime(2024, 3, 11, 20, 0, 0)
    hosts = ["ws-gpu-01", "ws-gpu-02", "ws-gpu-03"]
    files = {}
    files["config.yaml"] = join(["data:", "  train_manifest: /datasets/speech/train_manifest.jsonl   # 41M utterances",
                                 "  in_memory_index: true      # each worker loads the full manifest", "  num_workers: 16",
                                 "  prefetch_factor: 8", "  persistent_workers: true", "trainer:", "  devices: 8", "  num_nodes: 3"])
    t_err = 2710.0
    for ni, h in enumerate(hosts):
        L = node_nccl_init(h, ni, 8, 24, A100_BUS, f"10.1.7.{31 + ni}")
        if ni == 0:
            for k in range(8):
                L.append(f"Epoch 0:   {k * 3}%|{'#' * k}{' ' * (10 - k)}| {k * 620}/20480 [{k * 5:02d}:{(k * 37) % 60:02d}<1:48:11, 3.20it/s, v_num=14, train_loss={4.1 - k * 0.2:.3f}]")
        for lr in (0, 2, 6) if ni != 1 else (1, 5):
            r = ni * 8 + lr
            wpid = 23000 + ni * 1000 + lr * 17
            L += rank_prefix(r, py_traceback([
                ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1133, "_try_get_data", "data = self._data_queue.get(timeout=timeout)"),
                ("/usr/lib/python3.10/multiprocessing/queues.py", 113, "get", "if not self._poll(timeout):"),
                ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py", 67, "handler", "_error_if_any_worker_fails()"),
            ], f"RuntimeError: DataLoader worker (pid {wpid}) is killed by signal: Killed. "))
        files[f"{h}/train.log"] = join(L)
        u0 = 150220.0 + ni * 17
        D = benign(u0, 2)
        if ni == 1:
            for k in range(3):
                D.append(dmesg(u0 - 3600 * 5 + k * 1200, f"EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3a1f44 offset:0x{k * 0x40:x} grain:32 syndrome:0x0 -  area:DRAM err_code:0000:009f socket:0 imc:0 rank:0 bg:1 ba:3 row:7e21 col:{0x318 + k * 8:x})"))
        for k in range(3):
            wpid = 23000 + ni * 1000 + k * 17
            u = u0 + t_err - 6 + k * 1.7
            D += [dmesg(u, "pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"),
                  dmesg(u + 0.0002, f"oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/slurm/uid_1207/job_771902/step_0/task_{ni},task=pt_data_worker,pid={wpid},uid=1207"),
                  dmesg(u + 0.0003, f"Out of memory: Killed process {wpid} (pt_data_worker) total-vm:{31022400 + k * 1024}kB, anon-rss:{27011232 + k * 4096}kB, file-rss:61440kB, shmem-rss:1048576kB, UID:1207 pgtables:58320kB oom_score_adj:0")]
        files[f"{h}/dmesg.txt"] = join(D)
        files[f"{h}/free.txt"] = join(["               total        used        free      shared  buff/cache   available",
                                       f"Mem:           1007Gi       {991 - ni}Gi       3.1Gi       8.9Gi        12Gi       4.2Gi",
                                       "Swap:             0B          0B          0B"])
    label = write_label("oom", "framework", None, "stop",
                        "Every node's kernel OOM-killer killed pt_data_worker processes at the same point, and ranks on all three nodes fail with 'DataLoader worker ... is killed by signal: Killed'. The config runs 16 persistent workers per rank that each load the whole 41M-line manifest into memory, so host RAM runs out. The corrected EDAC errors on ws-gpu-02 are hours older and unrelated.",
                        "https://github.com/pytorch/pytorch/issues/8976")
    return name, files, label


# --------------------------------------------------------------------------- cc20
def cc20():
    name = "cc20_nccl_ib_completion_error_12"
    base = datetime(2024, 9, 2, 5, 0, 0)
    hosts = [f"gpu-j{i:02d}" for i in range(3, 11)]
    bad, nic_lr = 6, 3
    t_x = 14877.0
    files = {}
    ip = lambda ni, lr: f"10.70.{lr}.{3 + ni}"
    for ni, h in enumerate(hosts):
        L = node_nccl_init(h, ni, 8, 64, H100_BUS, ip(ni, 0), nics=[f"mlx5_{k}" for k in range(8)])
        if ni == 0:
            prog, _ = titan_progress(0, base, 100, t_x - 3, 10, 2.2, 250, 2.71, 4310)
            L += prog
        if ni == bad:
            p = pid_of(ni, nic_lr)
            L += [nccl(h, p, p + 240, nic_lr, "WARN", "NET/IB : Got async event : port error"),
                  nccl(h, p, p + 240, nic_lr, "WARN", f"NET/IB : Got completion from peer {ip(ni - 1, nic_lr)}<51200> with status=5 opcode=0 len=0 vendor err 249 (Send) localGid ::ffff:{ip(ni, nic_lr)} remoteGids::ffff:{ip(ni - 1, nic_lr)}")]
            L += nccl_async_error(ni * 8 + nic_lr, T(base, t_x + 19.1), 88123, NCCL_REMOTE + "NET/IB : Got completion from peer with status=5 (WR flushed)")
        if ni in (bad - 1, bad + 1):
            for lr in (nic_lr,):
                p = pid_of(ni, lr)
                L.append(ib_err(h, p, lr, ip(bad, nic_lr), 51200 + ni, kind="Send" if ni < bad else "Recv", local=f"::ffff:{ip(ni, lr)}"))
                L.append(nccl(h, p, p + 240, lr, "INFO", "transport/net.cc:1298 -> 6"))
                L += nccl_async_error(ni * 8 + lr, T(base, t_x + 18.2), 88123, NCCL_REMOTE + f"NET/IB : Got completion from peer {ip(bad, nic_lr)}<{51200 + ni}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:{ip(ni, lr)} remoteGids::ffff:{ip(bad, nic_lr)}")
        else:
            if ni != bad:
                L += watchdog_timeout(ni * 8, T(base, t_x + 600.4), 88123, "ALLREDUCE", 1048576, 600000, frames=False)[:1]
        files[f"{h}/train.log"] = join(L)
        u0 = 401877.0 + ni * 101
        D = benign(u0, 2)
        I = []
        for k in range(8):
            down = (ni == bad and k == nic_lr)
            I += ibstat_ca(f"mlx5_{k}", 0xa088c20300ab0000 + ni * 0x100 + k, 100 + ni * 8 + k,
                           state="Down" if down else "Active", phys="Polling" if down else "LinkUp", rate=10 if down else 400)
            I.append("")
        if ni == bad:
            u = u0 + t_x
            D += [dmesg(u - 2.1, "mlx5_core 0000:4b:00.0: mlx5_port_module_event:1161:(pid 0): Port module event[error]: module 0, Cable error, Bus stuck (I2C or data shorted)"),
                  dmesg(u - 2.0, "mlx5_core 0000:4b:00.0 ibp75s0: Link down"),
                  dmesg(u + 40.2, "mlx5_core 0000:4b:00.0 ibp75s0: Link up"),
                  dmesg(u + 41.0, "mlx5_core 0000:4b:00.0 ibp75s0: Link down"),
                  dmesg(u + 300.4, "mlx5_core 0000:4b:00.0: mlx5_port_module_event:1161:(pid 0): Port module event[error]: module 0, Cable error, Bus stuck (I2C or data shorted)")]
            files[f"{h}/perfquery-mlx5_3.txt"] = join(perfquery(100 + ni * 8 + 3, sym=65535, lerr=255, ldown=31, rcv=12002, xmitdisc=811, lli=14))
        files[f"{h}/dmesg.txt"] = join(D)
        if ni in (bad - 1, bad, bad + 1, 0):
            files[f"{h}/ibstat.txt"] = join(I)
    label = write_label("network", "infrastructure", {"node": hosts[bad], "rank": None}, "restart_without_node",
                        "The loudest errors are IB completion status=12 (retry exceeded) on gpu-j08 and gpu-j10, but both name gpu-j09's mlx5_3 address as the peer. gpu-j09 itself logs a port error, a cable error ('Bus stuck') and a flapping link on that HCA; ibstat shows mlx5_3 Down/Polling and its counters show 31 link-downs and saturated symbol errors. One node's NIC/cable.",
                        "https://github.com/pytorch/pytorch/issues/81628")
    return name, files, label


# --------------------------------------------------------------------------- cc21
def cc21():
    name = "cc21_nccl_errors_on_half_the_nodes_same_second"
    base = datetime(2024, 11, 18, 1, 0, 0)
    hosts = [f"c7-r{i:02d}" for i in range(1, 17)]
    leaf = {h: ("leaf-sw1" if i < 8 else "leaf-sw2") for i, h in enumerate(hosts)}
    t_x = 8561.0
    files = {}
    files["topology.json"] = '{"topology": {"leaf-sw1": [%s], "leaf-sw2": [%s]}}\n' % (
        ", ".join(f'"{h}"' for h in hosts[:8]), ", ".join(f'"{h}"' for h in hosts[8:]))
    ip = lambda ni: f"10.77.0.{10 + ni}"
    for ni, h in enumerate(hosts):
        L = node_nccl_init(h, ni, 8, 128, H100_BUS, ip(ni))[-3:]
        if ni == 0:
            prog, _ = titan_progress(0, base, 100, t_x - 3, 10, 2.6, 300, 2.61, 3990)
            L += prog
        p = pid_of(ni, 0)
        if ni >= 8:
            L.append(nccl(h, p, p + 240, 0, "WARN", "NET/IB : Got async event : port error"))
        peer = ip((ni + 8) % 16 if ni < 8 else (ni + 1) % 16)
        L.append(ib_err(h, p, 0, peer, 40000 + ni, kind="Recv" if ni % 2 else "Send", local=f"::ffff:{ip(ni)}"))
        L += nccl_async_error(ni * 8, T(base, t_x + 18.0 + (ni % 3) * 0.2), 55001, NCCL_REMOTE + f"NET/IB : Got completion from peer {peer}<{40000 + ni}> with status=12 opcode=0 len=0 vendor err 129 (Send)")
        files[f"{h}/train.log"] = join(L)
        u0 = 700000.0 + ni * 3.3
        D = benign(u0, 2)
        if ni >= 8:
            for k in range(4):
                D.append(dmesg(u0 + t_x + k * 0.0004, f"mlx5_core 0000:{0x1a + k * 0x20:02x}:00.0 ibp{0x1a + k * 0x20}s0: Link down"))
            for k in range(4):
                D.append(dmesg(u0 + t_x + 93.8 + k * 0.2, f"mlx5_core 0000:{0x1a + k * 0x20:02x}:00.0 ibp{0x1a + k * 0x20}s0: Link up"))
        files[f"{h}/dmesg.txt"] = join(D)
    dt = T(base, t_x)
    files["ufm-events.log"] = join([
        f"{iso(T(dt, -1))} [41102] [524] WARNING [Hardware] Switch [leaf-sw2 / 0xfc6a1c0300e4a2b0]: Switch is not responding (power/management failure suspected)",
        f"{iso(dt)} [41103] [329] CRITICAL [Communication] Link [leaf-sw2 port 1-32]: 32 links went down",
        f"{iso(T(dt, 88))} [41110] [525] INFO [Hardware] Switch [leaf-sw2 / 0xfc6a1c0300e4a2b0]: Switch is up (uptime 0d 00:00:41, reason: watchdog reset)",
        f"{iso(T(dt, 94))} [41111] [330] INFO [Communication] Link [leaf-sw2 port 1-32]: 32 links are up"])
    files["sacct.txt"] = join(sacct([("3391027", "llama-405b-sft", "h100", "FAILED", "1:0", base, T(base, t_x + 25), 16, "c7-r[01-16]")]))
    label = write_label("network", "infrastructure", None, "restart",
                        "All 16 nodes report IB completion errors at the same second. The eight nodes behind leaf-sw2 (c7-r09..r16) all logged link down on every HCA at once and link up about 94 s later, and UFM shows leaf-sw2 stopped responding and came back after a watchdog reset. No single node is at fault; the switch has recovered, so restart the job.",
                        "https://github.com/NVIDIA/nccl/issues/905")
    return name, files, label


# --------------------------------------------------------------------------- cc22
V100_BUS = ["00000000:06:00.0", "00000000:07:00.0", "00000000:0A:00.0", "00000000:0B:00.0",
            "00000000:85:00.0", "00000000:86:00.0", "00000000:89:00.0", "00000000:8A:00.0"]


def cc22():
    name = "cc22_pipeline_send_recv_timeouts_v100"
    base = datetime(2023, 5, 16, 22, 0, 0)
    hosts = ["dgx1-05", "dgx1-06", "dgx1-07", "dgx1-08"]
    bad, bad_lr = 2, 2
    bad_rank = bad * 8 + bad_lr
    t_x = 11840.0
    files = {}
    for ni, h in enumerate(hosts):
        L = torchrun_preamble(T(base, 1), 2200 + ni) + node_nccl_init(h, ni, 8, 32, V100_BUS, f"10.5.5.{5 + ni}", ver="2.14.3+cuda11.7")
        if ni == 0:
            for k in range(40):
                t = 300 + k * 290
                if t > t_x:
                    break
                L.append(f"[rank0]: {megatron_iter(T(base, t), 2000 + k * 100, 100000, 256, 2.66 - k * 0.002, 0.44, 2901.8, scale='131072.0')}")
        if ni == bad:
            L += rank_prefix(bad_rank, py_traceback([
                ("/workspace/Megatron-DeepSpeed/pretrain_gpt.py", 231, "<module>", "pretrain(train_valid_test_datasets_provider, model_provider,"),
                ("/usr/local/lib/python3.8/dist-packages/deepspeed/runtime/pipe/engine.py", 1307, "_exec_schedule", "self._exec_instr(**cmd.kwargs)"),
                ("/usr/local/lib/python3.8/dist-packages/deepspeed/runtime/pipe/engine.py", 1018, "_exec_send_activations", "p2p.send(buffer, self.next_stage)"),
            ], "RuntimeError: CUDA error: uncorrectable ECC error encountered", CUDA_TAIL[:2]))
            L += agent_sigterm(T(base, t_x + 1), 2200 + ni, [pid_of(ni, k) for k in range(8) if k != bad_lr])
            L += child_failed("pretrain_gpt.py", T(base, t_x + 2), [], dict(host=h, rank=bad_rank, local_rank=bad_lr, exitcode=1, pid=pid_of(ni, bad_lr)))
        else:
            op = "SEND" if ni < bad else "RECV"
            for lr in (0, 2):
                L += watchdog_timeout(ni * 8 + lr, T(base, t_x + 1800.3), 140112, op, 12582912, 1800000, frames=(lr == 0))
        files[f"{h}/train.log"] = join(L)
        u0 = 3021887.0 + ni * 50
        D = benign(u0, 2)
        if ni == bad:
            sb = short_bus(V100_BUS[bad_lr])
            D += [dmesg(u0 + t_x - 0.2, f"NVRM: Xid (PCI:{sb}): 48, pid={pid_of(ni, bad_lr)}, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0."),
                  dmesg(u0 + t_x - 0.19, f"NVRM: Xid (PCI:{sb}): 63, pid={pid_of(ni, bad_lr)}, name=python, Dynamic Page Retirement: New page retired, reboot to activate (0x00000000001d3e10)."),
                  dmesg(u0 + t_x + 3.0, f"NVRM: Xid (PCI:{sb}): 45, pid={pid_of(ni, bad_lr)}, name=python, Ch 00000010")]
            q = []
            for g in range(8):
                leg = {"Volatile": {"Single Bit": 0, "Double Bit": 1 if g == bad_lr else 0},
                       "Aggregate": {"Single Bit": 2 if g == bad_lr else 0, "Double Bit": 1 if g == bad_lr else 0}}
                q.append(qgpu("Tesla V100-SXM2-32GB", V100_BUS[g], g, 507, legacy_ecc=leg, pcie_max=3, pcie_cur=3,
                              retired=dict(sbe=0, dbe=1 if g == bad_lr else 0, pending="Yes" if g == bad_lr else "No"),
                              sm_clk=1530, max_clk=1530, mem_clk=877, mem_max=877, vbios="88.00.4F.00.09"))
            files[f"{h}/nvidia-smi-q.txt"] = join(smi_q(T(base, t_x + 900), "470.199.02", "11.4", q))
        files[f"{h}/dmesg.txt"] = join(D)
        if ni == 0:
            files[f"{h}/ibstat.txt"] = join(ibstat_ca("mlx5_0", 0x248a070300f1e2a0, 41, rate=100, fw="12.28.2006", ctype="MT4115"))
            files[f"{h}/perfquery.txt"] = join(perfquery(41, sym=3, lerr=0, ldown=0, rcv=0, wait=91234))
    label = write_label("gpu_hardware", "infrastructure", {"node": hosts[bad], "rank": bad_rank}, "restart_without_node",
                        f"Rank {bad_rank} (dgx1-07 GPU 2) failed with 'uncorrectable ECC error encountered' while sending activations; dmesg has Xid 48 (double bit error) followed by Xid 63 page retirement pending a reboot, and nvidia-smi -q shows 1 volatile DBE with Pending Page Blacklist: Yes. Other pipeline stages just time out in SEND/RECV, and the 3 symbol errors on dgx1-05's HCA are negligible.",
                        "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    return name, files, label


# --------------------------------------------------------------------------- cc23
def cc23():
    name = "cc23_segfault_in_libcuda_at_startup_every_rank"
    base = datetime(2025, 4, 2, 10, 15, 0)
    hosts = ["cx-ai-07", "cx-ai-08", "cx-ai-09"]
    files = {}
    files["job.yaml"] = join(["name: genomics-foundation-pt", "image: registry.corp/ml/pt-train:25.03-rapids   # previously pt-train:25.01",
                              "launcher: mpirun", "nodes: 3", "gpus_per_node: 8",
                              "env:", "  UCX_TLS: rc,cuda_copy,cuda_ipc", "  PYTHONNOUSERSITE: '1'"])
    files["image-diff.txt"] = join(["pt-train:25.01 -> pt-train:25.03-rapids",
                                    "+ ucx-py-cu11 0.36.0 (libucx 1.15.0 built against CUDA 11.8)",
                                    "+ cudf-cu11 24.02, rmm-cu11 24.02", "= torch 2.5.1+cu124"])
    M = [f"mpirun -np 24 -H {','.join(h + ':8' for h in hosts)} --bind-to none -x UCX_TLS python -m genomics.train"]
    for ni, h in enumerate(hosts):
        for lr in (0, 3) if ni else (0, 1, 5):
            pid = 812331 + ni * 1000 + lr
            M += [f"[{h}:{pid}:0:{pid}] Caught signal 11 (Segmentation fault: Sent by the kernel at address (nil))",
                  f"==== backtrace (tid: {pid}) ====",
                  " 0  /opt/conda/lib/python3.11/site-packages/libucx/lib/libucs.so(ucs_handle_error+0x294) [0x7f09d5a3e024]",
                  " 1  /opt/conda/lib/python3.11/site-packages/libucx/lib/libucs.so(+0x321df) [0x7f09d5a3e1df]",
                  " 2  /opt/conda/lib/python3.11/site-packages/libucx/lib/libucs.so(+0x324a6) [0x7f09d5a3e4a6]",
                  " 3  /lib/x86_64-linux-gnu/libc.so.6(+0x42520) [0x7f0cf643fc30]",
                  " 4  /usr/lib/x86_64-linux-gnu/libcuda.so.1(+0x31a708) [0x7f0c59f1a708]",
                  " 5  /usr/lib/x86_64-linux-gnu/libcuda.so.1(cuCtxGetDevice_v2+0x20) [0x7f0c59f0dae0]",
                  " 6  /opt/conda/lib/python3.11/site-packages/libucx/lib/ucx/libuct_cuda.so(+0xa21b) [0x7f09c8e1021b]",
                  "=================================",
                  "Fatal Python error: Segmentation fault", "",
                  "Current thread 0x00007f0cf6401740 (most recent call first):",
                  '  File "/opt/conda/lib/python3.11/site-packages/ucp/core.py", line 938 in init',
                  '  File "/opt/conda/lib/python3.11/site-packages/genomics/io/shuffle.py", line 22 in <module>',
                  '  File "/opt/conda/lib/python3.11/site-packages/genomics/train.py", line 9 in <module>', ""]
    M += ["--------------------------------------------------------------------------",
          "Primary job  terminated normally, but 1 process returned", "a non-zero exit code. Per user-direction, the job has been aborted.",
          "--------------------------------------------------------------------------",
          "--------------------------------------------------------------------------",
          f"mpirun noticed that process rank 0 with PID 812331 on node {hosts[0]} exited on signal 11 (Segmentation fault).",
          "--------------------------------------------------------------------------"]
    files["mpirun.out"] = join(M)
    for ni, h in enumerate(hosts):
        u0 = 90000.0 + ni * 3
        D = benign(u0, 2)
        for lr in range(3):
            D.append(dmesg(u0 + 900 + lr * 0.01, f"python[{812331 + ni * 1000 + lr}]: segfault at 0 ip 00007f0c59f1a708 sp 00007ffd2c1e8a40 error 4 in libcuda.so.580.82.07[7f0c59c00000+1a2e000]"))
        files[f"{h}/dmesg.txt"] = join(D)
        files[f"{h}/nvidia-smi.txt"] = join(smi_table(T(base, 1200), "580.82.07", "13.0", [gpu_row(H100, b, temp=30 + i) for i, b in enumerate(H100_BUS)]))
    label = write_label("dependency", "framework", None, "stop",
                        "Every rank on all three nodes segfaults during import, inside libcuda.so.1 (cuCtxGetDevice) called from UCX's CUDA transport, before any training. The job's image was just switched to a RAPIDS variant that ships ucx-py/libucx built for CUDA 11, while the hosts run driver 580/CUDA 13. The GPUs are healthy; the image must be fixed.",
                        "https://github.com/dpeerlab/segger/issues/30")
    return name, files, label


# --------------------------------------------------------------------------- cc24
def cc24():
    name = "cc24_xid45_burst_on_one_node"
    base = datetime(2024, 8, 5, 14, 0, 0)
    hosts = ["gpu-q01", "gpu-q02", "gpu-q03", "gpu-q04"]
    t_x = 388.0
    files = {}
    for ni, h in enumerate(hosts):
        L = torchrun_preamble(T(base, 1), 4400 + ni) + node_nccl_init(h, ni, 8, 32, H100_BUS, f"10.44.0.{1 + ni}")
        if ni == 0:
            L += ["[rank0]: > building train, validation, and test datasets ...",
                  "[rank0]:  > datasets target sizes (minimum size):", "[rank0]:     train:      256000000", "[rank0]:     validation: 2562560",
                  "[rank0]: > building dataset index ..."]
            L += rank_prefix(0, py_traceback([
                ("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                ("/workspace/Megatron-LM/megatron/core/datasets/blended_megatron_dataset_builder.py", 421, "_build_megatron_dataset_splits", "dataset = self.build_generic_dataset("),
                ("/workspace/Megatron-LM/megatron/core/datasets/indexed_dataset.py", 423, "__init__", "self.initialize(path_prefix, multimodal, mmap)"),
                ("/workspace/Megatron-LM/megatron/core/datasets/indexed_dataset.py", 450, "initialize", "self.index = _IndexReader(get_idx_path(self.path_prefix), self.multimodal)"),
                ("/workspace/Megatron-LM/megatron/core/datasets/indexed_dataset.py", 237, "__init__", 'with open(idx_path, "rb") as stream:'),
            ], "FileNotFoundError: [Errno 2] No such file or directory: '/lustre/fsw/data/pile/pile_text_documnet.idx'"))
            L += agent_sigterm(T(base, t_x + 1), 4400, [pid_of(0, k) for k in range(1, 8)])
            L += child_failed("pretrain_gpt.py", T(base, t_x + 2), [], dict(host=h, rank=0, local_rank=0, exitcode=1, pid=pid_of(0, 0)))
        else:
            L += [c10d(ni * 8, "W", T(base, t_x + 30 + ni), "socket.cpp:464", "[c10d] The server socket on gpu-q01:29500 has been closed."),
                  elastic("W", T(base, t_x + 31 + ni), 4400 + ni, "torch/distributed/elastic/agent/server/api.py:704", "Received Signals.SIGTERM death signal, shutting down workers"),
                  "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % (4400 + ni)]
        files[f"{h}/train.log"] = join(L)
        u0 = 77120.0 + ni * 9
        D = benign(u0, 2)
        if ni == 2:
            for g in range(8):
                for ch in (8, 9):
                    D.append(dmesg(u0 + t_x + 62 + g * 0.002 + ch * 0.0001, f"NVRM: Xid (PCI:{short_bus(H100_BUS[g])}): 45, pid={pid_of(ni, g)}, name=python, Ch {ch:08x}"))
        files[f"{h}/dmesg.txt"] = join(D)
    files["run.sh"] = join(["#!/bin/bash", "DATA_PATH=/lustre/fsw/data/pile/pile_text_documnet",
                            "srun --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-endpoint gpu-q01:29500 pretrain_gpt.py \\",
                            "   --data-path $DATA_PATH --split 949,50,1 --tokenizer-type GPT2BPETokenizer ..."])
    files["ls-data.txt"] = join(["$ ls /lustre/fsw/data/pile/", "pile_text_document.bin  pile_text_document.idx  gpt2-merges.txt  gpt2-vocab.json"])
    label = write_label("user_code", "script", None, "stop",
                        "Rank 0 fails while building the dataset with FileNotFoundError for 'pile_text_documnet.idx'; the data directory holds 'pile_text_document.idx', so run.sh has a typo in DATA_PATH. The burst of Xid 45 on gpu-q03 comes after the job was already shutting down: it is the driver cleaning up channels of processes killed by the launcher, not a GPU fault.",
                        "https://github.com/NVIDIA/NVSentinel/issues/1748")
    return name, files, label


# --------------------------------------------------------------------------- cc25
def cc25():
    name = "cc25_all_ranks_sigterm_xid45_everywhere"
    base = datetime(2024, 10, 19, 8, 0, 0)
    hosts = ["gpu-t01", "gpu-t02", "gpu-t03", "gpu-t04"]
    job = 4471002
    limit = 24 * 3600
    files = {}
    for ni, h in enumerate(hosts):
        L = torchrun_preamble(T(base, 1), 3300 + ni) + node_nccl_init(h, ni, 8, 32, H100_BUS, f"10.12.9.{1 + ni}")
        if ni == 0:
            for k in range(0, 48):
                t = 600 + k * 1790
                L.append(f"[rank0]:[titan] {iso(T(base, t))} - root - INFO - step: {200 + k * 620:5d}  loss: {2.9 - k * 0.012:7.4f}  memory: 63.01GiB(79.63%)  tps: 4,102  tflops: 431.9  mfu: 43.67%")
                if k % 8 == 7:
                    L.append(f"[rank0]:[titan] {iso(T(base, t + 30))} - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 28.41 seconds.")
        L += [elastic("W", T(base, limit), 3300 + ni, "torch/distributed/elastic/agent/server/api.py:704", "Received Signals.SIGTERM death signal, shutting down workers")]
        L += agent_sigterm(T(base, limit), 3300 + ni, [pid_of(ni, k) for k in range(8)])
        L += ["Traceback (most recent call last):", '  File "/usr/local/bin/torchrun", line 8, in <module>', "    sys.exit(main())",
              "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % (3300 + ni)]
        files[f"{h}/train.log"] = join(L)
        u0 = 400000.0 + ni * 77
        D = benign(u0, 2)
        for g in range(8):
            D.append(dmesg(u0 + limit + 31.5 + g * 0.001, f"NVRM: Xid (PCI:{short_bus(H100_BUS[g])}): 45, pid={pid_of(ni, g)}, name=python, Ch 0000000{g % 4 + 1}"))
        files[f"{h}/dmesg.txt"] = join(D)
    files[f"slurm-{job}.out"] = join([
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        f"slurmstepd: error: *** JOB {job} ON gpu-t01 CANCELLED AT {T(base, limit):%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***",
        f"slurmstepd: error: *** STEP {job}.0 ON gpu-t01 CANCELLED AT {T(base, limit):%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***"])
    files["sacct.txt"] = join(sacct([(str(job), "llama3-70b", "h100", "TIMEOUT", "0:0", base, T(base, limit + 33), 4, "gpu-t[01-04]"),
                                     (f"{job}.0", "torchrun", "", "CANCELLED", "0:15", T(base, 1), T(base, limit + 33), 4, "gpu-t[01-04]")]))
    label = write_label("unknown", "framework", None, "none",
                        "Training ran normally for exactly the 24 h wall-clock limit; Slurm cancelled the job 'DUE TO TIME LIMIT' (sacct TIMEOUT) and torchrun forwarded SIGTERM to all ranks. The Xid 45 lines on every GPU of every node come 30 s later as the driver tears down the killed processes' channels. Checkpoints were being saved, so nothing failed.",
                        "https://github.com/ZettaAI/zetta_utils/issues/671")
    return name, files, label


# --------------------------------------------------------------------------- cc26
def cc26():
    name = "cc26_hang_no_progress_64_ranks"
    base = datetime(2023, 9, 4, 4, 0, 0)
    hosts = [f"a100-p{i:02d}" for i in range(1, 9)]
    bad, bad_lr = 6, 6
    bad_rank = bad * 8 + bad_lr
    t_h = 17020.0
    files = {}
    for ni, h in enumerate(hosts):
        L = torchrun_preamble(T(base, 1), 1100 + ni) + node_nccl_init(h, ni, 8, 64, A100_BUS, f"10.2.0.{1 + ni}", ver="2.18.3+cuda12.1")
        if ni == 0:
            for k in range(0, 200):
                t = 120 + k * 240
                if t > t_h:
                    break
                L.append(f"[rank0]: {megatron_iter(T(base, t), 60000 + k * 60, 250000, 1536, 1.98 - k * 0.001, 0.19, 4005.0)}")
        for lr in (0, 7) if ni != bad else (0, 1, 7):
            L += watchdog_timeout(ni * 8 + lr, T(base, t_h + 1800.4), 512201, "ALLREDUCE", 125829120, 1800000, frames=(ni == 0 and lr == 0))
        files[f"{h}/train.log"] = join(L)
        u0 = 1204567.0 + ni * 41
        D = benign(u0, 2)
        if ni == bad:
            sb = short_bus(A100_BUS[bad_lr])
            D += [dmesg(u0 + t_h + 0.5, f"NVRM: Xid (PCI:{sb}): 61, pid={pid_of(ni, bad_lr)}, name=python, 0cec(2d50) 00000000 00000000"),
                  dmesg(u0 + t_h + 12.1, f"NVRM: Xid (PCI:{sb}): 62, pid={pid_of(ni, bad_lr)}, name=python, 0cec(2d50) 00000000 00000000"),
                  dmesg(u0 + t_h + 252.0, f"INFO: task python:{pid_of(ni, bad_lr)} blocked for more than 120 seconds.")]
            rows = [gpu_row(A100, b, temp=52 + i, pw=310, cap=400, mu=71002, mt=81920, util=100) for i, b in enumerate(A100_BUS)]
            tbl = smi_table(T(base, t_h + 2100), "535.54.03", "12.2", rows)
            tbl = [l for l in tbl]
            idx = 8 + bad_lr * 4
            tbl[idx] = f"|   6  NVIDIA A100-SXM4-80GB          On  |   00000000:B7:00.0 Off |                 ERR! |"
            tbl[idx + 1] = "| N/A   ERR!  ERR!             ERR! / ERR! |   71002MiB / 81920MiB |    ERR!      Default |"
            files[f"{h}/nvidia-smi.txt"] = join(tbl)
        files[f"{h}/dmesg.txt"] = join(D)
    files["py-spy-summary.txt"] = join([
        f"# py-spy dump collected on all 64 ranks at {T(base, t_h + 1500):%H:%M} (job not progressing for 25 min)",
        "63 ranks: MainThread in synchronize (torch/cuda/__init__.py:801) <- train_step (megatron/training/training.py:771)",
        f"rank {bad_rank} ({hosts[bad]}): py-spy failed: process in uninterruptible sleep (D state), /proc/{pid_of(bad, bad_lr)}/stack shows os_schedule+0x2f/0x60 [nvidia] ... _nv_rm_ioctl"])
    label = write_label("gpu_hardware", "infrastructure", {"node": hosts[bad], "rank": bad_rank}, "restart_without_node",
                        f"The job stopped making progress and every rank eventually hit the 30 min watchdog. At the moment it stalled {hosts[bad]} logged Xid 61 then Xid 62 (GPU internal micro-controller halt) on GPU 6 (B7:00); nvidia-smi shows ERR! for that GPU and rank {bad_rank}'s process is stuck in the driver in D state. This is a GPU fault, not a software deadlock.",
                        "https://github.com/leptonai/gpud/pull/100")
    return name, files, label


# --------------------------------------------------------------------------- cc27
def cc27():
    name = "cc27_finetune_finished_xids_in_dmesg"
    base = datetime(2024, 2, 2, 13, 0, 0)
    hosts = ["l40s-node-3", "l40s-node-4"]
    files = {}
    L = []
    for k in range(30):
        L.append(f"{{'loss': {1.62 - k * 0.024:.4f}, 'grad_norm': {1.1 - k * 0.01:.3f}, 'learning_rate': {2e-4 * (1 - k / 30):.3e}, 'epoch': {0.1 * (k + 1):.2f}}}")
    L += ["{'train_runtime': 12012.3411, 'train_samples_per_second': 21.833, 'train_steps_per_second': 0.171, 'train_loss': 1.2214019775390625, 'epoch': 3.0}",
          "100%|██████████| 2052/2052 [3:20:12<00:00,  5.85s/it]",
          "Saving model checkpoint to /outputs/mistral-7b-lora-support/final",
          "Training completed. Do not forget to share your model on huggingface.co/models =)"]
    files["l40s-node-3/accelerate.log"] = join(L)
    files["l40s-node-4/accelerate.log"] = join(["[rank8]: wandb: Run history: train/loss ▇▆▆▅▄▄▃▃▂▂▁", "[rank8]: process exited with code 0"])
    dmesg_lines = benign(300000.0, 2)
    jt = T(base, -4 * 3600)
    dmesg_lines = [dmesg_T(T(base, -26 * 3600), "NVRM: Xid (PCI:0000:c1:00): 109, pid=1797828, name=pt_main_thread, Ch 00000008, errorString CTX SWITCH TIMEOUT, Info 0x58005"),
                   dmesg_T(jt, "NVRM: Xid (PCI:0000:41:00): 68, pid=661201, name=ffmpeg, NVDEC0 Exception: ESR 0x4a8c00=0x1c, Info 0x0"),
                   dmesg_T(T(jt, 1), "NVRM: Xid (PCI:0000:41:00): 68, pid=661201, name=ffmpeg, NVDEC0 Exception: ESR 0x4a8c00=0x1c, Info 0x0"),
                   dmesg_T(T(jt, 2), "NVRM: Xid (PCI:0000:41:00): 43, pid=661201, name=ffmpeg, Ch 00000002"),
                   dmesg_T(T(base, 12070), "docker0: port 2(veth81c0ad2) entered disabled state")]
    files["l40s-node-4/dmesg.txt"] = join(dmesg_lines)
    files["l40s-node-3/dmesg.txt"] = join([dmesg_T(T(base, -3600 * 50), "perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750")])
    files["sacct.txt"] = join(sacct([("90311", "lora-support", "l40s", "COMPLETED", "0:0", base, T(base, 12100), 2, "l40s-node-[3-4]")]))
    label = write_label("unknown", "framework", None, "none",
                        "The fine-tune finished: HF Trainer printed its train_runtime summary, saved the final model, and sacct shows COMPLETED with exit 0 on both nodes. The Xid 109 (a day earlier) and the Xid 68 NVDEC / Xid 43 lines on l40s-node-4 predate this job and come from other processes (an ffmpeg video-decode job).",
                        "https://github.com/leptonai/gpud/pull/46")
    return name, files, label


# --------------------------------------------------------------------------- cc28
def cc28():
    name = "cc28_nccl_local_catastrophic_error_volcano_job"
    base = datetime(2025, 1, 27, 16, 0, 0)
    hosts = ["gpu-m01", "gpu-m02", "gpu-m03", "gpu-m04"]
    pods = [f"pretrain-13b-worker-{i}" for i in range(4)]
    bad = 2
    t_x = 6120.0
    files = {}
    ip = lambda ni, k: f"172.31.{k}.{10 + ni}"
    for ni, h in enumerate(hosts):
        L = node_nccl_init(pods[ni], ni, 8, 32, H100_BUS, ip(ni, 0), netdev="eth0")
        if ni == 0:
            prog, _ = titan_progress(0, base, 90, t_x - 2, 10, 2.3, 200, 2.81, 4012)
            L += prog
        if ni == bad:
            for lr in (4, 5):
                p = pid_of(ni, lr)
                L.append(nccl(pods[ni], p, p + 240, lr, "WARN", "NET/IB : Got async event : local catastrophic error"))
                L.append(nccl(pods[ni], p, p + 240, lr, "WARN", f"NET/IB : Got completion from peer {ip(ni + 1, 2)}<44821> with status=5 opcode=0 len=0 vendor err 249 (Send) localGid ::ffff:{ip(ni, 2)} remoteGids::ffff:{ip(ni + 1, 2)}"))
            L += nccl_async_error(ni * 8 + 4, T(base, t_x + 1.2), 70011, NCCL_REMOTE + "NET/IB : Got async event : local catastrophic error")
        else:
            p = pid_of(ni, 4)
            L.append(ib_err(pods[ni], p, 4, ip(bad, 2), 44821 + ni, local=f"::ffff:{ip(ni, 2)}"))
            L += nccl_async_error(ni * 8 + 4, T(base, t_x + 16.0), 70011, NCCL_REMOTE + f"NET/IB : Got completion from peer {ip(bad, 2)}<{44821 + ni}> with status=12 opcode=0 len=0 vendor err 129 (Send)")
        files[f"{h}/{pods[ni]}.log"] = join(L)
        u0 = 912004.0 + ni * 23
        D = benign(u0, 2)
        if ni == 0:
            for k in range(2):
                uu = u0 - 7 * 86400 + k * 3.1
                D += [dmesg(uu, "pcieport 0000:17:01.0: AER: Corrected error received: 0000:18:00.0"),
                      dmesg(uu + 0.000004, "nvidia 0000:18:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
                      dmesg(uu + 0.000007, "nvidia 0000:18:00.0:   device [10de:2330] error status/mask=00000001/0000a000"),
                      dmesg(uu + 0.000009, "nvidia 0000:18:00.0:    [ 0] RxErr                  (First)")]
        if ni == bad:
            u = u0 + t_x - 0.3
            D += [dmesg(u, "pcieport 0000:c0:01.1: AER: Uncorrected (Fatal) error received: 0000:c1:00.0"),
                  dmesg(u + 0.000006, "mlx5_core 0000:c1:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
                  dmesg(u + 0.000009, "mlx5_core 0000:c1:00.0:   device [15b3:1021] error status/mask=00040000/00000000"),
                  dmesg(u + 0.000012, "mlx5_core 0000:c1:00.0:    [18] MalfTLP                (First)"),
                  dmesg(u + 0.000015, "mlx5_core 0000:c1:00.0: AER:   TLP Header: 4a000001 2000000c c1000000 00000000"),
                  dmesg(u + 0.0011, "mlx5_core 0000:c1:00.0: mlx5_pci_err_detected Device state = 1 health sensors: 1 pci_status: 1. Enter, pci channel state = 3"),
                  dmesg(u + 0.0012, "mlx5_core 0000:c1:00.0: mlx5_error_sw_reset:233:(pid 1911): start"),
                  dmesg(u + 2.41, "mlx5_core 0000:c1:00.0: mlx5_error_sw_reset:266:(pid 1911): PCI channel offline, stop waiting for NIC IFC"),
                  dmesg(u + 2.42, "mlx5_core 0000:c1:00.0: mlx5_pci_err_detected Device state = 2 pci_status: 0. Exit, result = 4, need reset"),
                  dmesg(u + 12.9, "pcieport 0000:c0:01.1: AER: Root Port link has been reset (0)"),
                  dmesg(u + 13.4, "mlx5_core 0000:c1:00.0: mlx5_pci_slot_reset Device state = 2 pci_status: 0. Enter"),
                  dmesg(u + 73.4, "mlx5_core 0000:c1:00.0: wait vital counter value 0x0 after 1 iterations"),
                  dmesg(u + 73.5, "mlx5_core 0000:c1:00.0: mlx5_pci_slot_reset Device state = 2 pci_status: 1. Exit, err = -110, result = 4, recovery failed")]
            I = []
            for k in range(8):
                if k == 2:
                    I += ibstat_ca("mlx5_2", 0x946dae0300c1a000 + k, 0, state="Down", phys="Disabled", rate=10)
                else:
                    I += ibstat_ca(f"mlx5_{k}", 0x946dae0300c1a000 + k, 300 + k)
                I.append("")
            files[f"{h}/ibstat.txt"] = join(I)
        files[f"{h}/dmesg.txt"] = join(D)
    files["kubectl-describe-vcjob.txt"] = join([
        "Name:         pretrain-13b", "Namespace:    llm", "Kind:         Job", "API Version:  batch.volcano.sh/v1alpha1",
        "Status:", "  State:", "    Phase:  Failed", "  Failed:  4", "  Retry Count:  0",
        "Events:", "  Type     Reason           Age   From                   Message",
        "  ----     ------           ----  ----                   -------",
        "  Warning  PodFailed        2m    vc-controller-manager  Task worker pod pretrain-13b-worker-2 failed: exit code 134",
        "  Warning  PodFailed        2m    vc-controller-manager  Task worker pod pretrain-13b-worker-0 failed: exit code 134",
        "  Normal   ExecuteAction    2m    vc-controller-manager  Start to execute action AbortJob "])
    label = write_label("network", "infrastructure", {"node": hosts[bad], "rank": None}, "restart_without_node",
                        "gpu-m03's ConnectX at c1:00.0 (mlx5_2) took a PCIe AER Uncorrected (Fatal) MalfTLP error, the driver's slot reset failed, and ibstat shows mlx5_2 Down/Disabled. Ranks using that HCA logged 'local catastrophic error', and the status=12 errors on the other pods all point at gpu-m03's mlx5_2 address. The corrected RxErr on gpu-m01 is a week old and benign.",
                        "https://github.com/NVIDIA/nccl/issues/1405")
    return name, files, label


# --------------------------------------------------------------------------- cc29
def cc29():
    name = "cc29_one_node_ranks_fail_cuda_init_error_803"
    base = datetime(2024, 9, 23, 11, 30, 0)
    hosts = [f"gpu-s{i:02d}" for i in range(1, 7)]
    bad = 4
    files = {}
    for ni, h in enumerate(hosts):
        L = torchrun_preamble(T(base, 1), 8800 + ni)
        if ni == bad:
            for lr in (0, 1, 6):
                L.append(f"[rank{ni * 8 + lr}]: /usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)")
                L += rank_prefix(ni * 8 + lr, py_traceback([
                    ("/workspace/lightning_train.py", 71, "<module>", "trainer.fit(model, dm)"),
                    ("/usr/local/lib/python3.10/dist-packages/lightning/fabric/accelerators/cuda.py", 48, "setup_device", "torch.cuda.set_device(device)"),
                ], "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination"))
            L += child_failed("lightning_train.py", T(base, 12), [dict(host=h, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pid_of(ni, k)) for k in range(1, 4)],
                              dict(host=h, rank=ni * 8, local_rank=0, exitcode=1, pid=pid_of(ni, 0)))
            files[f"{h}/nvidia-smi.txt"] = join(["$ nvidia-smi", "Failed to initialize NVML: Driver/library version mismatch", "NVML library version: 550.127"])
            files[f"{h}/dmesg.txt"] = join(benign(612004.0, 2) + [
                dmesg(612004.0 + 300, "NVRM: API mismatch: the client has the version 550.127.05, but"),
                dmesg(612004.0 + 300, "NVRM: this kernel module has the version 550.90.07.  Please"),
                dmesg(612004.0 + 300, "NVRM: make sure that this kernel module and all NVIDIA driver"),
                dmesg(612004.0 + 300, "NVRM: components have the same version.")])
            files[f"{h}/dpkg.log"] = join(["2024-09-22 06:14:51 upgrade libnvidia-compute-550:amd64 550.90.07-0ubuntu1 550.127.05-0ubuntu1",
                                           "2024-09-22 06:14:53 upgrade nvidia-utils-550:amd64 550.90.07-0ubuntu1 550.127.05-0ubuntu1",
                                           "2024-09-22 06:15:02 upgrade nvidia-kernel-common-550:amd64 550.90.07-0ubuntu1 550.127.05-0ubuntu1",
                                           "# (no reboot since: uptime 7 days)"])
        else:
            L += [f"[rank0]: torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 40/48 clients joined."] if ni == 0 else \
                 [elastic("W", T(base, 605), 8800 + ni, "torch/distributed/elastic/agent/server/api.py:704", "Received Signals.SIGTERM death signal, shutting down workers")]
            files[f"{h}/nvidia-smi.txt"] = join(smi_table(T(base, 700), "550.90.07", "12.4", [gpu_row(H100, b, temp=30 + i) for i, b in enumerate(H100_BUS)]))
        files[f"{h}/train.log"] = join(L)
    label = write_label("dependency", "infrastructure", {"node": hosts[bad], "rank": None}, "restart_without_node",
                        "Only gpu-s05's ranks fail, at CUDA init with Error 803. On that node nvidia-smi says 'Driver/library version mismatch' and dmesg shows the NVRM API mismatch: dpkg upgraded the user-space driver libraries to 550.127.05 the day before, but the node was not rebooted and still runs the 550.90.07 kernel module. The other five nodes are fine and only time out waiting for gpu-s05.",
                        "https://github.com/NVIDIA/nccl/issues/726")
    return name, files, label


# --------------------------------------------------------------------------- cc30
def cc30():
    name = "cc30_job_stalled_no_errors_for_90_min"
    base = datetime(2025, 5, 12, 20, 0, 0)
    hosts = ["gpu-w01", "gpu-w02", "gpu-w03", "gpu-w04"]
    stuck = 21
    t_h = 13300.0
    files = {}
    L = torchrun_preamble(T(base, 1), 6100) + node_nccl_init(hosts[0], 0, 8, 32, H100_BUS, "10.80.0.1")
    prog, _ = titan_progress(0, base, 100, t_h, 10, 2.05, 200, 2.47, 4380)
    L += prog + ["# no further output; TORCH_NCCL timeout is 7200 s, on-call dumped state at 21:56"]
    files["gpu-w01/train.log"] = join(L)
    for ni in (1, 2, 3):
        files[f"{hosts[ni]}/train.log"] = join(torchrun_preamble(T(base, 1), 6100 + ni) + node_nccl_init(hosts[ni], ni, 8, 32, H100_BUS, f"10.80.0.{1 + ni}"))
    fr = [f"# python -m torch.distributed.flight_recorder.fr_trace /dumps/nccl_trace_rank_ -j",
          "Collective 8813 (pg 0 default_pg, ALLREDUCE, size [26214400], bf16): state=scheduled/started on 31 of 32 ranks",
          f"  Not all ranks joining collective: missing ranks {{{stuck}}}",
          f"  rank {stuck}: last entry collective 8812 (ALLREDUCE) state=completed, no entries after it",
          "Collectives 0..8812 matched on all ranks"]
    files["flight-recorder-analysis.txt"] = join(fr)
    S = []
    for r in (0, 1, 8, 20, 22, 31):
        S += [f"--- rank {r} ({hosts[r // 8]}) ---", f"Thread {pid_of(r // 8, r % 8)} (idle): \"MainThread\"",
              "    _local_scalar_dense (torch/_ops.py)", "    item (torch/_tensor.py)",
              "    log_metrics (train.py:288)", "    train (train.py:341)", "    main (train.py:402)"]
    S += [f"--- rank {stuck} ({hosts[stuck // 8]}) ---", f"Thread {pid_of(2, 5)} (active): \"MainThread\"",
          "    0x7f3ac1d2e8a1 (libcuda.so.1)", "    cuLaunchKernelEx (libcuda.so.1)", "    flash_fwd_splitkv_kernel launch (flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so)",
          "    forward (model/attention.py:212)", "    _call_impl (torch/nn/modules/module.py:1562)",
          "    forward (model/transformer.py:97)", "    train (train.py:326)", "    main (train.py:402)",
          "# other ranks dumped identical stacks to rank 0 (omitted)"]
    files["py-spy-dump.txt"] = join(S)
    files["gpu-w03/nvidia-smi.txt"] = join(smi_table(T(base, t_h + 3300), "550.90.07", "12.4",
                                                     [gpu_row(H100, b, temp=49 + i % 3, pw=251 if i != 5 else 598, mu=70110, util=100) for i, b in enumerate(H100_BUS)]))
    for ni, h in enumerate(hosts):
        files[f"{h}/dmesg.txt"] = join(benign(9000.0 + ni * 5, 3))
    files["gpu-w03/dcgmi-health.txt"] = join(["$ dcgmi health -c", "Health Monitor Report", "+----------------------------+---------------------------------------------------------+",
                                              "| Overall Health: Healthy                                                              |", "+----------------------------+---------------------------------------------------------+"])
    label = write_label("hang", "infrastructure", {"node": "gpu-w03", "rank": stuck}, "run_diagnostics",
                        f"The job stopped with no error. The flight recorder shows 31 ranks entered allreduce 8813 but rank {stuck} never enqueued it, and py-spy shows rank {stuck} stuck launching a flash-attention kernel in the forward pass while every other rank waits in .item() after the allreduce. No Xid, ECC or health findings on gpu-w03, so the GPU behind rank {stuck} needs diagnostics before it is trusted again.",
                        "https://github.com/modelscope/ms-swift/issues/1817")
    return name, files, label


CASES = [cc18, cc19, cc20, cc21, cc22, cc23, cc24, cc25, cc26, cc27, cc28, cc29, cc30]
