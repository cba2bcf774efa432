"""Host (CPU, memory, power, local disk) and hang cases."""

from __future__ import annotations

from datetime import datetime, timedelta

from common import (
    Case,
    dmesg_ctime,
    dmesg_uptime,
    glog,
    journal,
    megatron_iters,
    nccl_bootstrap,
    py_tb,
    sigterm,
    torchrun_table,
    ts,
    watchdog_timeout,
)

SITE = "/usr/lib/python3/dist-packages"


def mce_panic() -> Case:
    c = Case("mce_fatal_machine_check")
    bad = "node-0042"
    t = datetime(2024, 6, 17, 4, 33, 20, 5000)
    c.add(
        f"{bad}/journalctl-k-b-1.txt",
        [
            "-- Journal begins at Mon 2024-06-10 08:01:44 UTC, ends at Mon 2024-06-17 04:33:20 UTC. --",
            journal(
                t - timedelta(seconds=2),
                bad,
                "mce: [Hardware Error]: CPU 17: Machine Check Exception: 5 Bank 5: be00000000800400",
            ),
            journal(
                t - timedelta(seconds=2),
                bad,
                "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff8f2a1c5e> {intel_idle+0x7e/0x140}",
            ),
            journal(
                t - timedelta(seconds=2),
                bad,
                "mce: [Hardware Error]: TSC 5e1a3b8c7d2e ADDR 3fff80e4b000 MISC 8c",
            ),
            journal(
                t - timedelta(seconds=2),
                bad,
                "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1718598798 SOCKET 1 APIC 42 microcode 2b000590",
            ),
            journal(
                t - timedelta(seconds=2),
                bad,
                "mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
            ),
            journal(
                t - timedelta(seconds=2),
                bad,
                "mce: [Hardware Error]: Machine check: Processor context corrupt",
            ),
            journal(
                t - timedelta(seconds=2), bad, "Kernel panic - not syncing: Fatal machine check"
            ),
        ],
    )
    c.add(
        f"{bad}/train_rank8-15.log",
        megatron_iters(t - timedelta(seconds=40), 3301, 6, 6100.0, 2.45, seed=8),
    )
    lines = megatron_iters(t - timedelta(seconds=40), 3301, 6, 6100.0, 2.45, seed=8)
    lines += [
        glog(
            "W",
            t + timedelta(seconds=31),
            5533,
            "TCPStore.cpp:125",
            "[c10d] recvValue failed on SocketImpl(fd=44, addr=[node-0041]:29500, remote=[node-0042]:50122): Connection reset by peer",
            0,
        ),
        "node-0041:5520:5611 [0] transport/net_ib.cc:1697 NCCL WARN NET/IB : Got completion from peer 10.2.0.42<40007> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.2.0.41 remoteGids::ffff:10.2.0.42",
    ]
    for r in range(8):
        lines.append(
            glog(
                "E",
                t + timedelta(seconds=33, milliseconds=r),
                5520 + r,
                "ProcessGroupNCCL.cpp:1595",
                f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3",
                r,
            )
        )
    c.add("node-0041/train_rank0-7.log", lines)
    c.add("node-0041/bootstrap.log", nccl_bootstrap("node-0041", 5520, 0, "ib0", "10.2.0.41"))
    c.add(f"{bad}/bootstrap.log", nccl_bootstrap(bad, 7720, 0, "ib0", "10.2.0.42"))
    c.label(
        "host",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "node-0042 took an uncorrected machine check ('Processor context corrupt') and panicked; its training "
        "log simply stops. node-0041 only reports the lost peer 10.2.0.42 = node-0042.",
        "https://github.com/mikeizbicki/ucr-cs100/issues/404",
    )
    return c


def edac_ue_sigbus() -> Case:
    c = Case("edac_uncorrected_sigbus")
    nodes = ["gx-5", "gx-6", "gx-7"]
    bad = "gx-7"
    t = datetime(2024, 1, 16, 18, 4, 1)
    for ni, n in enumerate(nodes):
        agent = 16600 + ni * 50
        if n == bad:
            c.add(
                f"{n}/launcher.log",
                sigterm(t + timedelta(milliseconds=400), agent, [agent + k for k in range(2, 9)])
                + torchrun_table(
                    "train.py",
                    {
                        "time": "2024-01-16_18:04:01",
                        "host": n,
                        "rank": 17,
                        "local_rank": 1,
                        "exitcode": -7,
                        "pid": agent + 1,
                        "traceback": f"Signal 7 (SIGBUS) received by PID {agent + 1}",
                    },
                ),
            )
            c.add(
                f"{n}/dmesg-T.txt",
                [
                    dmesg_ctime(
                        t - timedelta(seconds=1),
                        "mce: [Hardware Error]: Machine check events logged",
                    ),
                    dmesg_ctime(
                        t - timedelta(seconds=1),
                        "EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3a1f4c offset:0x0 grain:32 - err_code:0x0101:0x0090 SystemAddress:0x3a1f4c000 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x1d0fa000 ChannelId:0x1 RankAddress:0xe87d000 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x743e Column:0x3c0 Bank:0x1 BankGroup:0x2 ChipSelect:0x0 ChipId:0x0)",
                    ),
                    dmesg_ctime(
                        t,
                        f"Memory failure: 0x3a1f4c: Sending SIGBUS to python:{agent + 1} due to hardware memory corruption",
                    ),
                    dmesg_ctime(
                        t, "Memory failure: 0x3a1f4c: recovery action for dirty LRU page: Recovered"
                    ),
                ],
            )
        else:
            lines = []
            for r in (ni * 8, ni * 8 + 1):
                lines += watchdog_timeout(
                    t + timedelta(minutes=10, seconds=2), r, 44100, "ALLREDUCE", 50331648
                )
            c.add(
                f"{n}/launcher.log",
                lines
                + sigterm(t + timedelta(minutes=10, seconds=3), agent, [agent + 1, agent + 2]),
            )
            c.add(
                f"{n}/dmesg-T.txt",
                [
                    dmesg_ctime(
                        t - timedelta(hours=3),
                        "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x81a2 offset:0x0 grain:32 syndrome:0x0)",
                    )
                ],
            )
    c.label(
        "host",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "An uncorrectable DIMM error (EDAC UE) on gx-7 made the kernel SIGBUS rank 17; the other nodes time out "
        "later (the corrected DIMM errors on gx-5 and gx-6 hours earlier are noise).",
        "https://github.com/openstreetmap/operations/issues/300",
    )
    return c


def psu_lost() -> Case:
    c = Case("psu_failure_node_vanished")
    nodes = [f"trn-a{i}" for i in range(1, 7)]
    ips = {n: f"172.16.8.{10 + i}" for i, n in enumerate(nodes, start=1)}
    bad = "trn-a4"
    t = datetime(2024, 6, 11, 3, 21, 7)
    for ni, n in enumerate(nodes):
        lines = nccl_bootstrap(n, 4000 + ni, 0, "eth1", ips[n])
        lines += [
            f"{ts(t - timedelta(seconds=s))} | step {112040 - s // 3} | loss 2.10{s % 10} | 3.02 s/it"
            for s in (9, 6, 3)
        ]
        if n in ("trn-a3", "trn-a5"):
            lines.append(
                f"{n}:{4000 + ni}:{4090 + ni} [3] transport/net_ib.cc:1697 NCCL WARN NET/IB : Got completion from peer {ips[bad]}<38812> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:{ips[n]} remoteGids::ffff:{ips[bad]}"
            )
            lines.append(
                glog(
                    "E",
                    t + timedelta(seconds=19),
                    4000 + ni,
                    "ProcessGroupNCCL.cpp:1595",
                    f"[PG ID 2 PG GUID 5 Rank {ni}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error",
                    ni * 8 + 3,
                )
            )
        elif n != bad:
            lines += watchdog_timeout(t + timedelta(minutes=10), ni * 8, 335201, "ALLREDUCE", 1)
        c.add(f"{n}/slurm-771203.{ni}.out", lines)
    c.add(
        f"{bad}/ipmi-sel.txt",
        """  3a1 | 06/11/2024 | 03:21:05 | Power Supply PS1_Status | Power Supply AC lost | Asserted
  3a2 | 06/11/2024 | 03:21:06 | Power Supply PS2_Status | Failure detected | Asserted
  3a3 | 06/11/2024 | 03:21:06 | Power Unit PSU_Redundancy | Redundancy Lost | Asserted
  3a4 | 06/11/2024 | 03:29:51 | System Event #0x83 | Timestamp Clock Sync | Asserted""",
    )
    c.label(
        "host",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "trn-a4's log stops mid-run and its BMC records AC loss on PS1 and a PS2 failure at 03:21:06; peers "
        "report IB errors naming 172.16.8.14 (= trn-a4 per the bootstrap lines) and then time out.",
        "https://github.com/NVIDIA/nccl/issues/1814",
    )
    return c


def local_disk_full() -> Case:
    c = Case("local_nvme_full_one_node")
    nodes = ["gpu-p-15", "gpu-p-16", "gpu-p-17"]
    bad = "gpu-p-17"
    t = datetime(2024, 7, 1, 16, 41, 5)
    for ni, n in enumerate(nodes):
        lines = [
            f"[{ts(t - timedelta(seconds=3))}] rank {ni * 8}: staging checkpoint step 26000 to /local_nvme/ckpt_stage (async)"
        ]
        if n == bad:
            lines += py_tb(
                [
                    (
                        "/home/svc/repo/ckpt/async_stage.py",
                        141,
                        "_stage",
                        "torch.save(shard, tmp_path)",
                    ),
                    (
                        f"{SITE}/torch/serialization.py",
                        652,
                        "save",
                        "_save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)",
                    ),
                    (
                        f"{SITE}/torch/serialization.py",
                        886,
                        "_save",
                        "zip_file.write_record(name, storage, num_bytes)",
                    ),
                ],
                "RuntimeError: [enforce fail at inline_container.cc:626] . PytorchStreamWriter failed writing file data/57: file write failed",
                prefix="[rank21]:",
            )
            df_use, avail = "100%", "0"
        else:
            lines += watchdog_timeout(t + timedelta(minutes=10), ni * 8, 9981, "BROADCAST", 1)
            df_use, avail = f"{41 + ni}%", "1.7T"
        c.add(f"{n}/out/rank_group.log", lines)
        c.add(
            f"{n}/df-h.txt",
            [
                "Filesystem      Size  Used Avail Use% Mounted on",
                "/dev/md0        439G  121G  296G  30% /",
                f"/dev/nvme4n1    3.5T  {'3.5T' if n == bad else '1.8T'}  {avail} {df_use} /local_nvme",
                "10.9.0.5:/home  100T   61T   39T  62% /home",
            ],
        )
    c.label(
        "host",
        "infrastructure",
        bad,
        21,
        "restart_without_node",
        "Only gpu-p-17's local NVMe staging volume is 100% full, so rank 21's checkpoint write fails there; the "
        "shared /home is fine and the other nodes only time out waiting. A local-disk problem of one host.",
        "https://github.com/h2oai/h2o-llmstudio/issues/214",
    )
    return c


def nvme_medium_error() -> Case:
    c = Case("nvme_medium_error_dataset_cache")
    nodes = ["a100-05", "a100-06", "a100-07", "a100-08"]
    bad = "a100-07"
    t = datetime(2023, 11, 3, 4, 12, 40)
    up = 991203.22
    for ni, n in enumerate(nodes):
        if n == bad:
            log = py_tb(
                [
                    (
                        f"{SITE}/torch/utils/data/_utils/worker.py",
                        308,
                        "_worker_loop",
                        "data = fetcher.fetch(index)",
                    ),
                    (
                        "/scratch/job/src/data/arrow_ds.py",
                        77,
                        "__getitem__",
                        "table = pa.ipc.open_file(self.shards[shard]).read_all()",
                    ),
                ],
                "OSError: [Errno 5] Input/output error: '/scratch/cache/shard-00417.arrow'",
                prefix="",
            )
            log = ["Caught OSError in DataLoader worker process 3.", "Original " + log[0], *log[1:]]
            c.add(f"{n}/stderr-rank18.txt", log)
            c.add(
                f"{n}/dmesg",
                [
                    dmesg_uptime(up, "nvme nvme1: I/O 211 QID 14 timeout, aborting"),
                    dmesg_uptime(
                        up + 0.8,
                        "critical medium error, dev nvme1n1, sector 1887436800 op 0x0:(READ) flags 0x80700 phys_seg 4 prio class 0",
                    ),
                    dmesg_uptime(
                        up + 0.8,
                        "Buffer I/O error on dev nvme1n1p1, logical block 235929600, async page read",
                    ),
                    dmesg_uptime(
                        up + 1.1,
                        "EXT4-fs error (device nvme1n1p1): __ext4_find_entry:1682: inode #2: comm pt_data_worker: reading directory lblock 0",
                    ),
                ],
            )
        else:
            c.add(
                f"{n}/stderr-rank{ni * 8 + 2}.txt",
                watchdog_timeout(
                    t + timedelta(minutes=10, seconds=1), ni * 8 + 2, 61211, "ALLREDUCE", 25690112
                ),
            )
            c.add(
                f"{n}/dmesg",
                [dmesg_uptime(up - 3000, "nvme nvme1: 64/0/0 default/read/poll queues")],
            )
    c.label(
        "host",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "The local NVMe holding a100-07's dataset cache returns critical medium errors and an EXT4 error, and a "
        "data-loader worker there gets EIO; everyone else just waits. The host's disk is failing.",
        "https://github.com/rwth-i6/returnn/issues/1486",
    )
    return c


def hang_collective_mismatch() -> Case:
    c = Case("hang_rank0_only_collective")
    t = datetime(2024, 2, 17, 6, 28, 43)
    r0 = watchdog_timeout(t + timedelta(minutes=30), 0, 96120, "ALLGATHER", 1, timeout_ms=1800000)
    pyspy0 = """Process 41102: python -u train.py --config cfg/vit_h.yaml
Python v3.10.12 (/usr/bin/python3.10)

Thread 41102 (idle): "MainThread"
    all_gather_object (torch/distributed/distributed_c10d.py:2459)
    wrapper (torch/distributed/c10d_logger.py:83)
    gather_metrics (/srv/vit/utils/metrics.py:51)
    evaluate (/srv/vit/engine.py:212)
    main (/srv/vit/train.py:188)
    <module> (/srv/vit/train.py:240)
Thread 41360 (idle): "Thread-2 (_pin_memory_loop)"
    select (selectors.py:416)"""
    pyspy3 = """Process 41105: python -u train.py --config cfg/vit_h.yaml
Python v3.10.12 (/usr/bin/python3.10)

Thread 41105 (idle): "MainThread"
    _wait_for_pending_works (torch/nn/parallel/distributed.py:1520)
    backward (torch/_tensor.py:581)
    train_one_epoch (/srv/vit/engine.py:97)
    main (/srv/vit/train.py:181)
    <module> (/srv/vit/train.py:240)"""
    code = """        if epoch % cfg.eval_every == 0 and dist.get_rank() == 0:
            evaluate(model, val_loader)   # gathers metrics from all ranks
        train_one_epoch(model, train_loader, optimizer, epoch)"""
    lines0 = ["Epoch 0:   6%|##        | 32040/500150 [6:28:43<94:39:17,  1.37it/s, loss=2.6]", *r0]
    c.add("ml-w0/rank0.log", lines0)
    for r in range(1, 8):
        c.add(
            f"ml-w0/rank{r}.log",
            watchdog_timeout(
                t + timedelta(minutes=30, milliseconds=r),
                r,
                96120,
                "ALLREDUCE",
                28311552,
                timeout_ms=1800000,
            ),
        )
    for r in range(8, 16):
        c.add(
            f"ml-w1/rank{r}.log",
            watchdog_timeout(
                t + timedelta(minutes=30, milliseconds=r),
                r,
                96120,
                "ALLREDUCE",
                28311552,
                timeout_ms=1800000,
            ),
        )
    c.add("ml-w0/py-spy-rank0.txt", pyspy0)
    c.add("ml-w0/py-spy-rank3.txt", pyspy3)
    c.add("ml-w0/train.py.excerpt", code)
    c.label(
        "hang",
        "script",
        None,
        None,
        "stop",
        "Rank 0 alone entered evaluate() and waits in all_gather_object (SeqNum 96120 ALLGATHER) while the 15 "
        "other ranks wait in DDP's ALLREDUCE with the same sequence number: a collective mismatch written into "
        "the script (eval guarded by rank==0). It will hang again on every restart.",
        "https://github.com/pytorch/pytorch/issues/118369",
    )
    return c


def hang_stuck_rank() -> Case:
    c = Case("hang_one_rank_stuck_in_cuda_sync")
    nodes = [f"gpu-node-{i:03d}" for i in range(1, 5)]
    bad, badrank = "gpu-node-004", 29
    t = datetime(2025, 3, 2, 13, 7, 51, 220000)
    for ni, n in enumerate(nodes):
        lines = []
        for lr in range(8):
            r = ni * 8 + lr
            if r == badrank:
                continue
            lines += watchdog_timeout(
                t + timedelta(milliseconds=r * 3), r, 48211, "ALLREDUCE", 1048576
            )
        c.add(f"{n}/ranks.err", lines)
    c.add(
        f"{bad}/flight_recorder_rank29.txt",
        """rank 29: pg default_pg
  last enqueued work: 48210 (ALLREDUCE, completed)
  last completed work: 48210
  collectives in flight: none
  note: rank never enqueued SeqNum 48211""",
    )
    c.add(
        f"{bad}/py-spy-dump-rank29.txt",
        """Process 880129: /usr/bin/python3 -u pretrain.py --tp 4 --pp 2
Python v3.11.9 (/usr/bin/python3.11)

Thread 880129 (active): "MainThread"
    _local_scalar_dense (torch/_ops.py:1116)
    item (torch/_tensor.py:1127)
    log_grad_norm (/opt/job/pretrain.py:402)
    train_step (/opt/job/pretrain.py:377)
    main (/opt/job/pretrain.py:511)""",
    )
    c.add(
        f"{bad}/nvidia-smi.txt",
        """+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |
|-----------------------------------------+------------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
|=========================================+========================+======================|
|   4  NVIDIA H100 80GB HBM3          On  |   00000000:9A:00.0 Off |                    0 |
| N/A   49C    P0            131W /  700W |   71240MiB /  81559MiB |    100%      Default |
|   5  NVIDIA H100 80GB HBM3          On  |   00000000:AB:00.0 Off |                    0 |
| N/A   38C    P0            116W /  700W |   70122MiB /  81559MiB |      0%      Default |
+-----------------------------------------+------------------------+----------------------+""",
    )
    c.add(
        f"{bad}/dmesg.txt",
        [
            dmesg_uptime(
                12.55, "nvidia-nvlink: Nvlink Core is being initialized, major device number 511"
            )
        ],
    )
    c.label(
        "hang",
        "infrastructure",
        bad,
        badrank,
        "run_diagnostics",
        "31 ranks time out in ALLREDUCE 48211; rank 29 on gpu-node-004 never enqueued it. py-spy shows it blocked "
        "in .item() (a device sync) while its GPU sits at 100% util at 131 W: stuck outside the collective with "
        "no XID. Suspect that GPU, but it is not proven: run diagnostics on the node.",
        "https://github.com/marin-community/marin/issues/7344",
    )
    return c


def nccl_timeout_no_evidence() -> Case:
    c = Case("nccl_timeout_everyone_no_evidence")
    nodes = ["ax-n1", "ax-n2", "ax-n3"]
    t = datetime(2024, 3, 21, 2, 7, 8, 408271)
    for ni, n in enumerate(nodes):
        lines = []
        for lr in range(4):
            r = ni * 4 + lr
            lines += [
                f"[{80746 + r}] " + x
                for x in watchdog_timeout(
                    t + timedelta(milliseconds=r * 7), r, 1580, "ALLREDUCE", 466119168
                )
            ]
        lines += sigterm(
            t + timedelta(seconds=2), 80700 + ni, [80746 + ni * 4 + k for k in range(1, 4)]
        )
        c.add(f"{n}/output.log", lines)
        c.add(
            f"{n}/dmesg.txt",
            [dmesg_uptime(88.1, "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready")],
        )
    c.label(
        "hang",
        "infrastructure",
        None,
        None,
        "restart",
        "All 12 ranks time out on the same ALLREDUCE (SeqNum 1580) within milliseconds of each other, no rank "
        "is missing, and no node shows kernel, GPU or network errors. A transient collective timeout with no "
        "culprit: restart from the last checkpoint.",
        "https://github.com/hiyouga/LlamaFactory/issues/7396",
    )
    return c


CASES = [
    mce_panic,
    edac_ue_sigbus,
    psu_lost,
    local_disk_full,
    nvme_medium_error,
    hang_collective_mismatch,
    hang_stuck_rank,
    nccl_timeout_no_evidence,
]
