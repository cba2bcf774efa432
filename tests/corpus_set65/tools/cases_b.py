"""corpus_set65 cases bj10-bj18: local storage, host, hangs, OOM, numerical."""

from __future__ import annotations

import datetime as dt
import random

from caselib import Case, Log, label
from cases_a import agent_line, sigterm_lines
from common import (
    UTC,
    at,
    child_failed,
    dmesg_boot_noise,
    dmesg_T,
    epoch,
    glog,
    megatron_iter,
    nccl_init,
    nvidia_smi_table,
    pyts,
    torchrun_banner,
    tz,
    uptime,
    watchdog_terminate,
    watchdog_timeout,
)

# ============================================================ bj10 /dev/shm full on one node


def bj10() -> Case:
    rng = random.Random(6510)
    hosts = ["a100-14", "a100-15", "a100-17", "a100-18"]
    ips = {h: f"10.20.1.{int(h[-2:])}" for h in hosts}
    base = dt.datetime(2024, 5, 20, 9, 0, 0, tzinfo=tz(-4))
    tf = at(base, 1310.6)
    c = Case(
        "bj10_unable_to_write_torch_shm_file",
        label(
            "storage",
            "infrastructure",
            "a100-17",
            None,
            "restart_without_node",
            "Only a100-17's DataLoader workers fail with 'unable to write to file </torch_...>: No space left on device (28)'; its "
            "epilog shows /dev/shm 100% full of stale files left by an earlier job, while the other nodes' shm is nearly empty.",
            "https://github.com/idiap/ESLAM/issues/20",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        apid = 50110 + ni * 13
        pids = [apid + 40 + i for i in range(8)]
        log.add(base, torchrun_banner(base, 4, 8, "a100-14:29500", "vitl-19022"))
        log.add(
            at(base, 14),
            nccl_init(
                h, pids[0], ni * 8, 8, 32, ips[h], rng, version="2.20.5+cuda12.4", channels=2
            ),
        )
        if ni == 0:
            for k in range(0, 420, 10):
                t = at(base, 60 + k * 2.95)
                if t > tf:
                    break
                log.add(
                    t,
                    f"[{pyts(t)}] (train) epoch 0 it {k:>5d}/40037 loss {6.9 - k * 0.004 + rng.random() * 0.03:.4f} lr {1e-3 * k / 2000:.2e} data {0.011 + rng.random() * 0.01:.3f}s step {2.94 + rng.random() * 0.03:.2f}s",
                )
        if h == "a100-17":
            for j, lr in enumerate((1, 4, 6)):
                t = at(tf, j * 0.9)
                r = 16 + lr
                log.add(
                    t,
                    [
                        f"[rank{r}]: Traceback (most recent call last):",
                        f'[rank{r}]:   File "/usr/lib/python3.10/multiprocessing/queues.py", line 244, in _feed',
                        f"[rank{r}]:     obj = _ForkingPickler.dumps(obj)",
                        f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/multiprocessing/reductions.py", line 569, in reduce_storage',
                        f"[rank{r}]:     fd, size = storage._share_fd_cpu_()",
                        f"[rank{r}]: RuntimeError: unable to write to file </torch_{31911 + j * 37}_{952036340 + j * 1117}_{6686 + j}>: No space left on device (28)",
                        f"[rank{r}]: ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
                    ],
                )
            t = at(tf, 3.1)
            log.add(
                t,
                [
                    "[rank17]: Traceback (most recent call last):",
                    '[rank17]:   File "/workspace/vit/train.py", line 402, in <module>',
                    "[rank17]:     main(cfg)",
                    '[rank17]:   File "/workspace/vit/train.py", line 351, in main',
                    "[rank17]:     for it, (images, labels) in enumerate(loader, start=start_it):",
                    '[rank17]:   File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1329, in _next_data',
                    "[rank17]:     idx, data = self._get_data()",
                    '[rank17]:   File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py", line 67, in handler',
                    "[rank17]:     _error_if_any_worker_fails()",
                    "[rank17]: RuntimeError: DataLoader worker (pid 61277) is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory. Please try to raise your shared memory limit.",
                ],
            )
            t2 = at(tf, 5.0)
            log.add(t2, sigterm_lines(t2, apid, pids, skip=1))
            t3 = at(tf, 6.2)
            log.add(
                t3,
                agent_line(
                    t3,
                    "E",
                    apid,
                    "multiprocessing/api.py:869",
                    f"failed (exitcode: 1) local_rank: 1 (pid: {pids[1]}) of binary: /usr/bin/python",
                ),
            )
            log.add(
                at(t3, 0.1),
                child_failed(
                    t3,
                    h,
                    [
                        (
                            17,
                            1,
                            1,
                            pids[1],
                            "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                        )
                    ]
                    + [
                        (16 + i, i, -15, pids[i], f"Signal 15 (SIGTERM) received by PID {pids[i]}")
                        for i in range(8)
                        if i != 1
                    ],
                ),
            )
        else:
            tw = at(tf, 600.4 + ni * 0.3)
            log.add(
                tw,
                [
                    f"[W{tw:%m%d %H:%M:%S}.{tw.microsecond:06d} {pids[0]} torch/csrc/distributed/c10d/TCPStore.cpp:120] [c10d] recvValue failed on SocketImpl(fd=62, addr=[{h}]:51442, remote=[a100-14]:29500): Connection reset by peer"
                ]
                if ni
                else [],
            )
            for lr in range(8):
                log.add(
                    at(tw, 1 + lr * 0.002),
                    watchdog_timeout(
                        at(tw, 1 + lr * 0.002), ni * 8 + lr, 1271, "ALLREDUCE", 86567656
                    ),
                )
        c.put(f"{h}/torchrun-{ni}.log", log)
        ep = at(tf, 700)
        shm_used = {"a100-17": ("64G", "64G", "0", "100%")}.get(
            h, ("64G", f"{rng.randint(40, 300)}M", "64G", "1%")
        )
        ep_lines = [
            f"### slurm epilog {ep:%Y-%m-%dT%H:%M:%S%z} host={h} job=19022",
            "$ df -h /dev/shm /tmp /",
            "Filesystem      Size  Used Avail Use% Mounted on",
            f"tmpfs           {shm_used[0]:>4}  {shm_used[1]:>4}  {shm_used[2]:>4} {shm_used[3]:>4} /dev/shm",
            "/dev/nvme0n1p1  3.5T  211G  3.1T   7% /tmp",
            "/dev/sda2       440G   61G  357G  15% /",
        ]
        if h == "a100-17":
            ep_lines += [
                "$ ls -la --time-style=long-iso /dev/shm | head -8",
                "total 67108864",
                "drwxrwxrwt  2 root   root           1180 2024-05-20 09:21 .",
                "-rw-------  1 kchen  users   4294967296 2024-05-17 23:12 nccl-VY8LQb",
                "-rw-------  1 kchen  users   4294967296 2024-05-17 23:12 nccl-cK3aqP",
                "-rw-------  1 kchen  users  12884901888 2024-05-17 23:14 torch_188201_3409111771_0",
                "-rw-------  1 kchen  users  12884901888 2024-05-17 23:14 torch_188203_1177380422_0",
                "-rw-------  1 kchen  users  12884901888 2024-05-17 23:15 torch_188207_2811630052_0",
                "$ sacct -N a100-17 -S 2024-05-17 -X -o jobid,user,state,end",
                "       JobID      User      State                 End",
                "------------ --------- ---------- -------------------",
                "18877            kchen  NODE_FAIL 2024-05-17T23:15:09",
                "19022          mrossi     FAILED 2024-05-20T09:22:16",
            ]
        c.put(f"{h}/epilog.txt", ep_lines)
    return c


# ============================================================ bj11 host MCE -> SIGBUS


def bj11() -> Case:
    rng = random.Random(6511)
    hosts = ["cn-0411", "cn-0412", "cn-0415", "cn-0416"]
    ips = {h: f"10.9.4.{int(h[-2:])}" for h in hosts}
    base = dt.datetime(2022, 5, 19, 16, 10, 0, tzinfo=tz(-7))
    tf = at(base, 13031.4)
    c = Case(
        "bj11_bus_error_sigbus_one_rank",
        label(
            "host",
            "infrastructure",
            "cn-0412",
            7,
            "restart_without_node",
            "cn-0412's kernel logged a CMCI storm and an uncorrected DRAM error on CPU socket 1 and sent SIGBUS to rank 7's process "
            "for hardware memory corruption; the NCCL timeouts and SIGTERMs elsewhere are fallout from that node's host memory failure.",
            "https://github.com/ovro-lwa/lwa-issues/issues/117",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        apid = 88011 + ni * 5
        pids = [apid + 110 + i for i in range(4)]
        log.add(base, torchrun_banner(base, 4, 4, "cn-0411:29500", "bert-7781", style="old"))
        log.add(
            at(base, 12),
            nccl_init(
                h,
                pids[0],
                ni * 4,
                4,
                16,
                ips[h],
                rng,
                version="2.10.3+cuda11.4",
                ifname="ib0",
                hcas=("mlx5_0",),
                channels=4,
            ),
        )
        if ni == 0:
            for k in range(100, 9000, 100):
                t = at(base, 40 + k * 1.44)
                if t > tf:
                    break
                log.add(
                    t,
                    f"{pyts(t)} - INFO - __main__ - step {k} | mlm_loss {2.9 - k * 0.0001 + rng.random() * 0.03:.4f} | nsp_loss {0.21 + rng.random() * 0.02:.4f} | lr {1e-4:.1e} | {1.44 + rng.random() * 0.02:.2f} s/it",
                )
        if h == "cn-0412":
            t = at(tf, 0.3)
            log.add(
                t,
                [
                    f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {pids[0]} closing signal SIGTERM",
                    f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {pids[1]} closing signal SIGTERM",
                    f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {pids[2]} closing signal SIGTERM",
                    f"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -7) local_rank: 3 (pid: {pids[3]}) of binary: /opt/conda/bin/python",
                ],
            )
            log.add(
                at(t, 0.2),
                child_failed(
                    t,
                    h,
                    [(7, 3, -7, pids[3], f"Signal 7 (SIGBUS) received by PID {pids[3]}")]
                    + [
                        (4 + i, i, -15, pids[i], f"Signal 15 (SIGTERM) received by PID {pids[i]}")
                        for i in range(3)
                    ],
                    torch_site="/opt/conda/lib/python3.9/site-packages",
                ),
            )
        else:
            tw = at(tf, 1800.2 + ni * 0.4)
            for lr in range(4):
                r = ni * 4 + lr
                log.add(
                    at(tw, lr * 0.01),
                    [
                        f"[E ProcessGroupNCCL.cpp:737] [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=36220, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800{rng.randint(100, 999)} milliseconds before timing out."
                    ],
                )
            log.add(
                at(tw, 0.3),
                [
                    "[E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. To avoid this inconsistency, we are taking the entire process down.",
                    "terminate called after throwing an instance of 'std::runtime_error'",
                    f"  what():  [Rank {ni * 4}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=36220, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800218 milliseconds before timing out.",
                ],
            )
        c.put(f"{h}/stdout.log", log)
        boot = dt.datetime(2022, 5, 2, 11, 0, 0, tzinfo=tz(-7)) + dt.timedelta(hours=ni * 5)
        d = Log()
        d.add(boot, dmesg_boot_noise(lambda o, b=boot: uptime(b, at(b, o)), rng, h))
        if h == "cn-0412":
            ts = at(tf, -95)
            for k in range(4):
                tk = at(ts, k * 21)
                d.add(
                    tk,
                    [
                        f"{uptime(boot, tk)} mce: [Hardware Error]: Machine check events logged",
                        f"{uptime(boot, at(tk, 0.0001))} EDAC skx MC3: HANDLING MCE MEMORY ERROR",
                        f"{uptime(boot, at(tk, 0.0002))} EDAC skx MC3: CPU 10: Machine Check Event: 0 Bank 8: 8c00004000010092",
                        f"{uptime(boot, at(tk, 0.0003))} EDAC MC3: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0xb757589 offset:0xdc0 grain:32 syndrome:0x0 - area:DRAM err_code:0001:0092 socket:1 imc:1 rank:0 bg:1 ba:2 row:1f3a1 col:3b8)",
                    ],
                )
            d.add(
                at(tf, -30),
                f"{uptime(boot, at(tf, -30))} CMCI storm detected: switching to poll mode",
            )
            tu = at(tf, -0.02)
            d.add(
                tu,
                [
                    f"{uptime(boot, tu)} mce: [Hardware Error]: Machine check events logged",
                    f"{uptime(boot, tu)} EDAC skx MC3: HANDLING MCE MEMORY ERROR",
                    f"{uptime(boot, tu)} EDAC skx MC3: CPU 10: Machine Check Event: 0 Bank 8: fc00010001010092",
                    f"{uptime(boot, tu)} EDAC skx MC3: TSC e6ee62e90fe6 ",
                    f"{uptime(boot, tu)} EDAC skx MC3: ADDR b757589dc0 ",
                    f"{uptime(boot, tu)} EDAC skx MC3: MISC 200805c290402086 ",
                    f"{uptime(boot, tu)} EDAC skx MC3: PROCESSOR 0:50657 TIME 1653015421 SOCKET 1 APIC 20",
                    f"{uptime(boot, tu)} EDAC MC3: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0xb757589 offset:0xdc0 grain:32 -  OVERFLOW area:DRAM err_code:0001:0092 socket:1 imc:1 rank:0 bg:1 ba:2 row:1f3a1 col:3b8)",
                    f"{uptime(boot, at(tu, 0.001))} Memory failure: 0xb757589: Sending SIGBUS to python:{pids[3]} due to hardware memory corruption",
                    f"{uptime(boot, at(tu, 0.002))} Memory failure: 0xb757589: recovery action for dirty LRU page: Recovered",
                ],
            )
        if h == "cn-0415":
            tt = at(base, 4000)
            d.add(
                tt,
                f"{uptime(boot, tt)} NVRM: Xid (PCI:0000:3b:00): 63, pid='<unknown>', name=<unknown>, Dynamic Page Retirement: New page retired, reboot to activate (0x0000000000412a8c).",
            )
        c.put(f"{h}/dmesg.txt", d)
    c.put(
        "cn-0412/ipmi_sel.txt",
        [
            " 1a3 | 05/19/2022 | 19:46:22 | Memory #0x87 | Correctable ECC logging limit reached | Asserted | CPU2_DIMM_C1",
            " 1a4 | 05/19/2022 | 19:47:11 | Memory #0x87 | Uncorrectable ECC | Asserted | CPU2_DIMM_C1",
        ],
    )
    return c


# ============================================================ bj12 ReduceScatter hang, nothing points anywhere


def bj12() -> Case:
    rng = random.Random(6512)
    hosts = [f"dgx-{n:03d}" for n in range(33, 49)]
    ips = {h: f"10.160.{4 + i // 8}.{20 + i}" for i, h in enumerate(hosts)}
    base = dt.datetime(2023, 12, 12, 22, 5, 0, tzinfo=tz(8))
    tstall = at(base, 6412.8)
    c = Case(
        "bj12_reducescatter_timeout_no_nccl_error",
        label(
            "hang",
            "infrastructure",
            None,
            None,
            "restart",
            "All 128 ranks time out on the same ReduceScatter (SeqNum 1559, last completed 1558) with no NCCL warning, no Xid, no link "
            "event and no rank behind the others; nothing points at a node, so the job is restarted from the last checkpoint.",
            "https://github.com/NVIDIA/nccl/issues/1111",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        pid0 = 7120 + ni * 3
        log.add(
            base,
            nccl_init(
                h,
                pid0,
                ni * 8,
                8,
                128,
                ips[h],
                rng,
                version="2.18.5+cuda12.2",
                ifname="ibp12s0",
                hcas=(
                    "mlx5_0",
                    "mlx5_3",
                    "mlx5_4",
                    "mlx5_5",
                    "mlx5_6",
                    "mlx5_9",
                    "mlx5_10",
                    "mlx5_11",
                ),
                channels=8,
            ),
        )
        if ni == 0:
            for it in range(10, 1560, 10):
                t = at(base, 90 + it * 4.05)
                if t > tstall:
                    break
                log.add(
                    t,
                    megatron_iter(
                        t,
                        it,
                        250000,
                        4050 + rng.random() * 50,
                        1.5e-4 * min(1, it / 2000),
                        2048,
                        2.2 + 6 * 0.998**it + rng.random() * 0.02,
                        0.3 + rng.random() * 0.2,
                    ),
                )
        if h == "dgx-041":
            tt = at(base, 2211)
            log.add(
                tt,
                [
                    f"{pyts(tt)} WARNING [data.s3_reader] GET s3://corpus-bucket/shards/part-00412.tar failed: Connection reset by peer (attempt 1/5), retrying in 2.0s",
                    f"{pyts(at(tt, 2.4))} INFO [data.s3_reader] GET s3://corpus-bucket/shards/part-00412.tar ok after 2 attempts",
                ],
            )
        tw = at(tstall, 1800.3 + ni * 0.01)
        for lr in range(8):
            r = ni * 8 + lr
            t = at(tw, lr * 0.0007)
            log.add(
                t,
                [
                    f"[E ProcessGroupNCCL.cpp:475] [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1559, OpType=_REDUCE_SCATTER_BASE, NumelIn=3121908768, NumelOut=32519883, Timeout(ms)=1800000) ran for {1800441 + rng.randint(0, 400)} milliseconds before timing out."
                ],
            )
        log.add(
            at(tw, 0.02),
            [
                "[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
                "[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down.",
                "terminate called after throwing an instance of 'std::runtime_error'",
                f"  what():  [Rank {ni * 8}] NCCL watchdog thread terminated with exception: [Rank {ni * 8}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1559, OpType=_REDUCE_SCATTER_BASE, NumelIn=3121908768, NumelOut=32519883, Timeout(ms)=1800000) ran for 1800441 milliseconds before timing out.",
            ],
        )
        c.put(f"{h}/log_node{ni:02d}.txt", log)
    # kernel logs from a few nodes, all quiet
    for h in ("dgx-033", "dgx-040", "dgx-047"):
        boot = dt.datetime(2023, 12, 1, 3, 0, 0, tzinfo=tz(8))
        d = Log()
        d.add(boot, dmesg_boot_noise(lambda o, b=boot: dmesg_T(at(b, o)), rng, h))
        tt = at(tstall, 2000)
        d.add(
            tt,
            f"{dmesg_T(tt)} python[{7120 + hosts.index(h) * 3}]: segfault at 7f0000000010 ip 00007f7d4b9e1e2c sp 00007f7a2bffe7e0 error 6 in libnccl.so.2.18.5[7f7d4b000000+c0d000]",
        )
        c.put(f"{h}/dmesg_T.txt", d)
    c.put(
        "progress_probe.txt",
        [
            f"# py-spy dump --pid <rank pid> on 3 sampled ranks at {at(tstall, 600):%Y-%m-%d %H:%M:%S} (+08:00), 10 min into the stall",
            'rank 0 (dgx-033): Thread 7120 (active): "MainThread"',
            "    _reduce_scatter_base (torch/distributed/distributed_c10d.py:3326)",
            "    reduce_scatter_tensor (megatron/core/distributed/param_and_grad_buffer.py:176)",
            "    finish_grad_sync (megatron/core/distributed/distributed_data_parallel.py:221)",
            'rank 61 (dgx-040): Thread 7151 (active): "MainThread"',
            "    _reduce_scatter_base (torch/distributed/distributed_c10d.py:3326)",
            "    reduce_scatter_tensor (megatron/core/distributed/param_and_grad_buffer.py:176)",
            "    finish_grad_sync (megatron/core/distributed/distributed_data_parallel.py:221)",
            'rank 127 (dgx-048): Thread 7172 (active): "MainThread"',
            "    _reduce_scatter_base (torch/distributed/distributed_c10d.py:3326)",
            "    reduce_scatter_tensor (megatron/core/distributed/param_and_grad_buffer.py:176)",
            "    finish_grad_sync (megatron/core/distributed/distributed_data_parallel.py:221)",
            "# nvidia-smi on all 16 nodes: every GPU 100% util, 110-130 W (NCCL kernels spinning); no Xid in any kernel log; ibstat: all ports Active/LinkUp",
        ],
    )
    return c


# ============================================================ bj13 one rank provably stuck


def bj13() -> Case:
    rng = random.Random(6513)
    hosts = ["trn-h100-001", "trn-h100-002", "trn-h100-003", "trn-h100-004"]
    {h: f"172.16.9.{i + 1}" for i, h in enumerate(hosts)}
    base = dt.datetime(2025, 4, 2, 3, 0, 0, tzinfo=UTC)
    tstall = at(base, 8808.1)
    c = Case(
        "bj13_single_rank_never_joins_allreduce",
        label(
            "hang",
            "infrastructure",
            "trn-h100-004",
            26,
            "run_diagnostics",
            "Flight recorder dumps show every rank but 26 waiting in all_reduce #22871, and py-spy shows rank 26 (trn-h100-004, GPU 2) "
            "blocked in a device synchronize inside its forward pass while that GPU sits at 100% utilisation and low power: one GPU is wedged without an Xid.",
            "https://github.com/pytorch/tutorials/pull/3814",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        apid = 2210 + ni * 17
        pids = [apid + 31 + i for i in range(8)]
        log.add(base, torchrun_banner(base, 4, 8, "trn-h100-001:29500", "titan-8b-3310"))
        log.add(
            at(base, 9),
            [
                f"[rank{ni * 8 + i}]:[titan] {pyts(at(base, 9))} - root - INFO - Starting job: Llama 3 8B training"
                for i in range(8)
            ]
            if ni == 0
            else [],
        )
        log.add(
            at(base, 11),
            [
                f"[rank{ni * 8}]:[titan] {pyts(at(base, 11))} - root - INFO - TORCH_NCCL_TRACE_BUFFER_SIZE=20000, TORCH_NCCL_DUMP_ON_TIMEOUT=1, dump path /shared/fr/titan-8b-3310/nccl_trace_rank_"
            ],
        )
        if ni == 0:
            for s in range(10, 3000, 10):
                t = at(base, 30 + s * 2.93)
                if t > tstall:
                    break
                log.add(
                    t,
                    f"[rank0]:[titan] {pyts(t)} - root - INFO - step: {s:>4d}  loss: {2.4 + 8 * 0.998**s + rng.random() * 0.02:7.4f}  memory: 58.31GiB(73.57%)  tps: {6890 + rng.randint(-40, 40):,}  tflops: 398.{rng.randint(10, 99)}  mfu: 40.{rng.randint(10, 99)}%",
                )
        tw = at(tstall, 600.2 + ni * 0.02)
        for lr in range(8):
            r = ni * 8 + lr
            if r == 26:
                continue
            log.add(
                at(tw, lr * 0.001),
                watchdog_timeout(
                    at(tw, lr * 0.001),
                    r,
                    22871,
                    "ALLREDUCE",
                    524288000,
                    last_enq=22871,
                    last_done=22870,
                ),
            )
        log.add(
            at(tw, 0.4),
            [
                f"[rank{ni * 8}]:[{glog(at(tw, 0.4), 'E', True)} ProcessGroupNCCL.cpp:1577] [PG ID 0 PG GUID 0(default_pg) Rank {ni * 8}] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: 22871, last completed NCCL work: 22870.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. ",
                f"[rank{ni * 8}]:[{glog(at(tw, 0.5), 'E', True)} ProcessGroupNCCL.cpp:1383] [PG ID 0 PG GUID 0(default_pg) Rank {ni * 8}] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1",
            ],
        )
        if h == "trn-h100-004":
            tr = at(tw, 480)
            log.add(
                tr,
                [
                    f"[rank26]:[{glog(tr, 'E', True)} ProcessGroupNCCL.cpp:1743] [PG ID 0 PG GUID 0(default_pg) Rank 26] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. "
                ],
            )
        tk = at(tw, 900)
        log.add(
            tk,
            [
                agent_line(
                    tk,
                    "W",
                    apid,
                    "agent/server/api.py:704",
                    "Received 15 death signal, shutting down workers",
                ),
                *sigterm_lines(at(tk, 0.1), apid, pids),
            ],
        )
        c.put(f"{h}/torchrun_{h}.log", log)
    # flight-recorder analysis and py-spy
    c.put(
        "fr_analysis.txt",
        [
            "$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr/titan-8b-3310 -p nccl_trace_rank_",
            "loaded 31 of 32 rank dumps (rank 26 dump missing: watchdog did not return)",
            "Not all ranks joining collective 22871 at entry 19922",
            "group info: 0:default_pg",
            "collective: nccl:all_reduce",
            "missing ranks: {26}",
            "input sizes: [[524288000]]",
            "output sizes: [[524288000]]",
            "expected ranks: 32",
            "collective state: scheduled",
            "collective stack trace:",
            " all_reduce at /usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:2501",
            " wrapper at /usr/local/lib/python3.11/site-packages/torch/distributed/c10d_logger.py:83",
            " _clip_grad_norm_ at /workspace/torchtitan/torchtitan/utils.py:412",
            " train at /workspace/torchtitan/train.py:338",
        ],
    )
    c.put(
        "trn-h100-004/py-spy_rank26.txt",
        [
            f"# {at(tstall, 640):%Y-%m-%d %H:%M:%S} UTC  py-spy dump --pid {2210 + 3 * 17 + 31 + 2} (rank 26, LOCAL_RANK=2)",
            f"Process {2210 + 3 * 17 + 31 + 2}: /usr/bin/python3.11 -u /workspace/torchtitan/train.py --job.config_file llama3_8b.toml",
            "Python v3.11.9 (/usr/bin/python3.11)",
            "",
            f'Thread {2210 + 3 * 17 + 31 + 2} (active): "MainThread"',
            "    synchronize (torch/cuda/__init__.py:954)",
            "    _maybe_sync_loss (torchtitan/metrics.py:97)",
            "    forward (torchtitan/models/llama/model.py:241)",
            "    _call_impl (torch/nn/modules/module.py:1562)",
            "    forward_backward_step (torchtitan/train.py:301)",
            "    train (torchtitan/train.py:329)",
            "    wrapper (torch/distributed/elastic/multiprocessing/errors/__init__.py:355)",
            "    <module> (torchtitan/train.py:512)",
            f'Thread {2210 + 3 * 17 + 31 + 2 + 181} (idle): "Thread-2 (_pin_memory_loop)"',
            "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:55)",
        ],
    )
    hj = []
    for k in range(0, 16):
        tk = at(tstall, -300 + k * 60)
        stalled = tk >= tstall
        for g in range(8):
            wedged = stalled and g == 2
            pw = (
                112.0 + rng.random() * 3
                if wedged
                else ((246 + rng.random() * 6) if stalled else (611 + rng.random() * 40))
            )
            hj.append(
                f'{{"ts": {epoch(tk)}, "host": "trn-h100-004", "gpu": {g}, "util": 100, "power_w": {pw:.1f}, "sm_clock_mhz": 1980, "xid": null, "ecc_dbe": 0, "pcie_replay": 0}}'
            )
    c.put("trn-h100-004/node_health.jsonl", hj)
    c.put(
        "trn-h100-003/py-spy_rank17.txt",
        [
            f"# {at(tstall, 641):%Y-%m-%d %H:%M:%S} UTC  py-spy dump --pid {2210 + 2 * 17 + 31 + 1} (rank 17, LOCAL_RANK=1)",
            f'Thread {2210 + 2 * 17 + 31 + 1} (active): "MainThread"',
            "    wait (torch/distributed/distributed_c10d.py:2506)",
            "    all_reduce (torch/distributed/distributed_c10d.py:2501)",
            "    _clip_grad_norm_ (torchtitan/utils.py:412)",
            "    train (torchtitan/train.py:338)",
        ],
    )
    gpus = []
    for i in range(8):
        hot = i == 2
        gpus.append(
            dict(
                name="NVIDIA H100 80GB HBM3",
                bus=f"00000000:{['18', '2A', '3A', '5D', '9A', 'AB', 'BA', 'DB'][i]}:00.0",
                temp=61 if hot else 44,
                perf="P0",
                pwr="112" if hot else "248",
                cap=700,
                mem_used=60221 if hot else 61877,
                mem_tot=81559,
                util=100,
            )
        )
    c.put(
        "trn-h100-004/nvidia-smi.txt",
        [
            *nvidia_smi_table(f"{at(tstall, 650):%a %b %d %H:%M:%S %Y}", "550.54.15", "12.4", gpus),
            "$ nvidia-smi --query-gpu=index,clocks.sm,power.draw,pcie.link.gen.current,clocks_event_reasons.active --format=csv",
            "index, clocks.sm [MHz], power.draw [W], pcie.link.gen.current, clocks_event_reasons.active",
            "0, 1980 MHz, 248.31 W, 5, 0x0000000000000000",
            "1, 1980 MHz, 251.02 W, 5, 0x0000000000000000",
            "2, 1980 MHz, 112.40 W, 5, 0x0000000000000000",
            "3, 1980 MHz, 247.77 W, 5, 0x0000000000000000",
            "4, 1980 MHz, 249.90 W, 5, 0x0000000000000000",
            "5, 1980 MHz, 246.12 W, 5, 0x0000000000000000",
            "6, 1980 MHz, 250.45 W, 5, 0x0000000000000000",
            "7, 1980 MHz, 248.68 W, 5, 0x0000000000000000",
            "$ dmesg -T | grep -i -E 'xid|nvrm' | tail -3",
            "(no output)",
        ],
    )
    return c


# ============================================================ bj14 rank-dependent eval length -> mismatched collectives


def bj14() -> Case:
    rng = random.Random(6514)
    hosts = ["node-a", "node-b", "node-c", "node-d"]
    base = dt.datetime(2024, 6, 19, 13, 0, 0, tzinfo=tz(-7))
    teval = at(base, 5415.3)
    c = Case(
        "bj14_eval_end_watchdog_timeout_mixed_ops",
        label(
            "hang",
            "script",
            None,
            None,
            "stop",
            "At the end of eval ranks 0-23 sit in a 1-element ALLREDUCE (metric sync) while ranks 24-31 are still in eval ALLGATHERs at the "
            "same sequence number; the eval dataloader has a different length per rank (1563 vs 1566 batches), so the program's own collectives diverge.",
            "https://github.com/mosaicml/composer/issues/3415",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        log.add(base, [f"[{h}] composer launch: world_size=32 node_rank={ni} master=node-a:7501"])
        for lr in range(8):
            r = ni * 8 + lr
            nb = 1563 if r < 24 else 1566
            t = at(base, 20 + lr * 0.01)
            log.add(
                t,
                f"[rank{r}]: {pyts(t)}: [rank{r}][INFO][eval_shards]: built rank-local eval manifest from shards/val-{r:03d}.jsonl: {nb * 16 - rng.randint(0, 15)} samples, {nb} batches (drop_last=False)",
            )
        if ni == 0:
            for b in range(100, 5000, 100):
                t = at(base, 60 + b * 1.07)
                if t > at(teval, -1700):
                    break
                log.add(
                    t,
                    f"[rank0]: [batch={b}/4882]: Train time/batch: {b} | Train loss/train/total: {1.9 - b * 0.00005 + rng.random() * 0.02:.4f} | Train throughput/samples_per_sec: {478 + rng.randint(-5, 5)}",
                )
            te = at(teval, -1680)
            log.add(
                te, "[rank0]: [eval batch=1/1563]: Eval metrics/eval/LanguageCrossEntropy: started"
            )
            for b in range(200, 1563, 200):
                log.add(at(te, b * 1.05), f"[rank0]: [eval batch={b}/1563]")
            log.add(at(te, 1563 * 1.05), "[rank0]: [eval batch=1563/1563]")
        tw = at(teval, 600.1 + ni * 0.05)
        for lr in range(8):
            r = ni * 8 + lr
            t = at(tw, lr * 0.001)
            if r < 24:
                log.add(
                    t,
                    watchdog_timeout(
                        t, r, 48211, "ALLREDUCE", 1, 1, last_enq=48211, last_done=48210
                    ),
                )
            else:
                log.add(
                    t,
                    watchdog_timeout(
                        t, r, 48211, "_ALLGATHER_BASE", 2048, 65536, last_enq=48211, last_done=48210
                    ),
                )
        log.add(
            at(tw, 0.2),
            watchdog_terminate(
                ni * 8,
                f"Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48211, OpType={'ALLREDUCE' if ni < 3 else '_ALLGATHER_BASE'}, NumelIn={1 if ni < 3 else 2048}, NumelOut={1 if ni < 3 else 65536}, Timeout(ms)=600000) ran for 600021 milliseconds before timing out.",
            ),
        )
        log.add(at(tw, 3), f"ERROR:composer.cli.launcher:Rank {ni * 8} crashed with exit code -6.")
        c.put(f"{h}/composer_{h}.log", log)
    c.put(
        "eval_config_excerpt.yaml",
        [
            "eval_loader:",
            "  name: text",
            "  dataset:",
            "    local: /data/val_shards",
            "    split_by_rank_manifest: true   # custom: each rank reads shards/val-<rank>.jsonl",
            "    shuffle: false",
            "  drop_last: false",
            "  batch_size: 16",
            "eval_interval: 1ep",
        ],
    )
    return c


# ============================================================ bj15 FSDP Llama-2-70B OOM


def bj15() -> Case:
    rng = random.Random(6515)
    hosts = [f"p4de-st-{i}" for i in range(1, 9)]
    base = dt.datetime(2024, 3, 24, 6, 12, 0, tzinfo=UTC)
    tf = at(base, 211.4)
    c = Case(
        "bj15_llama70b_fsdp_oom_optimizer_step",
        label(
            "oom",
            "framework",
            None,
            None,
            "stop",
            "Ranks on every node raise torch.cuda.OutOfMemoryError in AdamW's _foreach_sqrt at the very first optimizer.step of the "
            "70B FSDP run; the memory is the job's own (71 GiB allocated by PyTorch), so the configuration does not fit and must change.",
            "https://github.com/awslabs/awsome-distributed-ai/issues/220",
        ),
    )
    log = Log()
    log.add(
        base,
        [
            f"+ srun -l torchrun --nnodes 8 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint {hosts[0]}:29501 ./train.py --model_type=llama_v2 --num_key_value_heads=8 --intermediate_size=28672 --hidden_width=8192 --num_layers=80 --num_heads=64 --max_context_width=4096 --train_batch_size=2 --sharding_strategy=full --offload_activations=0 --checkpoint_freq=500 --max_steps=5000"
        ],
    )
    for ni, h in enumerate(hosts):
        log.add(
            at(base, 20 + ni * 0.1),
            f"{ni}: {h}:{41022 + ni}:{41022 + ni} [0] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)",
        )
    log.add(
        at(base, 60),
        [
            "0: --> Model llama_v2 has 68976.65 Million params",
            "0: --> Using activation checkpointing",
            "0: --> FSDP sharding strategy: FULL_SHARD",
        ],
    )
    fails = [(1, 3), (0, 0), (4, 6), (6, 1), (2, 7), (7, 4), (3, 2), (5, 5)]
    for k, (ni, lr) in enumerate(fails):
        r = ni * 8 + lr
        t = at(tf, k * 0.37)
        free = 2.31 + rng.random() * 0.4
        log.add(
            t,
            [
                f"{ni}: [rank{r}]: Traceback (most recent call last):",
                f'{ni}: [rank{r}]:   File "/fsx/marcverd/awsome-distributed-training/3.test_cases/10.FSDP/./train.py", line 247, in main',
                f"{ni}: [rank{r}]:     train(model,",
                f'{ni}: [rank{r}]:   File "/fsx/marcverd/awsome-distributed-training/3.test_cases/10.FSDP/./train.py", line 92, in train',
                f"{ni}: [rank{r}]:     optimizer.step()",
                f'{ni}: [rank{r}]:   File "/fsx/marcverd/awsome-distributed-training/3.test_cases/10.FSDP/pt_fsdp_haha/lib/python3.10/site-packages/torch/optim/adamw.py", line 608, in _multi_tensor_adamw',
                f"{ni}: [rank{r}]:     exp_avg_sq_sqrt = torch._foreach_sqrt(device_exp_avg_sqs)",
                f"{ni}: [rank{r}]: torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU {lr} has a total capacity of 79.15 GiB of which {free:.2f} GiB is free. Including non-PyTorch memory, this process has {79.15 - free:.2f} GiB memory in use. Of the allocated memory 71.20 GiB is allocated by PyTorch, and {79.15 - free - 71.2 - 0.5:.2f} GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
            ],
        )
    te = at(tf, 8)
    log.add(
        te,
        [
            f"srun: error: {hosts[1]}: task 1: Exited with exit code 1",
            "srun: Terminating StepId=2201.0",
            f"slurmstepd: error: *** STEP 2201.0 ON {hosts[0]} CANCELLED AT {te:%Y-%m-%dT%H:%M:%S} ***",
        ]
        + [
            f"srun: error: {h}: task {i}: Exited with exit code 1"
            for i, h in enumerate(hosts)
            if i != 1
        ],
    )
    c.put("slurm-2201.out", log)
    for h in hosts:
        gpus = [
            dict(
                name="NVIDIA A100-SXM4-80GB",
                bus=f"00000000:{b}:00.0",
                temp=33 + i,
                perf="P0",
                pwr=f"{61 + i}",
                cap=400,
                mem_used=0,
                mem_tot=81920,
                util=0,
            )
            for i, b in enumerate(["10", "10", "20", "20", "90", "90", "A0", "A0"])
        ]
        for i, g in enumerate(gpus):
            g["bus"] = f"00000000:{['10', '16', '20', '27', '90', '96', 'A0', 'A6'][i]}:00.0"
        c.put(
            f"{h}/prolog_nvidia-smi.txt",
            nvidia_smi_table(f"{at(base, -30):%a %b %d %H:%M:%S %Y}", "535.161.08", "12.2", gpus),
        )
    return c


# ============================================================ bj16 dataloader workers OOM-killed


def bj16() -> Case:
    rng = random.Random(6516)
    hosts = ["paddlejob-w0", "paddlejob-w1"]
    base = dt.datetime(2025, 8, 1, 10, 30, 0, tzinfo=tz(8))
    tf = at(base, 4409.2)
    c = Case(
        "bj16_dataloader_worker_killed_signal",
        label(
            "oom",
            "framework",
            None,
            None,
            "stop",
            "On both nodes the kernel OOM killer kills pt_data_worker processes (anon-rss ~58 GB each, 16 workers per rank) and the "
            "trainer raises 'DataLoader worker ... is killed by signal: Killed'; the job's own data pipeline exhausts host RAM.",
            "https://github.com/Visual-AI/3DRS/issues/7",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        log.add(
            base,
            [
                f"[{pyts(base)}] [INFO] [launch.py] nnodes=2 node_rank={ni} nproc_per_node=8 master=paddlejob-w0:23456",
                f"[{pyts(base)}] [INFO] [train_3d.py] dataloader_num_workers=16 per_device_train_batch_size=4 video frames=32 pointcloud cache=in-memory",
            ],
        )
        if ni == 0:
            for k in range(5, 1500, 5):
                t = at(base, 100 + k * 2.85)
                if t > tf:
                    break
                log.add(
                    t,
                    f"{{'loss': {1.05 - k * 0.0002 + rng.random() * 0.05:.4f}, 'grad_norm': {1.1 + rng.random():.4f}, 'learning_rate': {2e-5 * min(1, k / 300):.4e}, 'epoch': {k / 9000:.2f}}}",
                )
                if k % 50 == 0:
                    log.add(
                        t,
                        f"  {int(100 * k / 9000)}%|{'█' * (k * 10 // 9000)}{' ' * (10 - k * 10 // 9000)}| {k}/9000 [{int(k * 2.85 // 60):02d}:{int(k * 2.85 % 60):02d}<7:01:11, 2.85s/it]",
                    )
        ranks = (3, 6) if ni == 0 else (9, 14)
        for j, r in enumerate(ranks):
            t = at(tf, ni * 41.7 + j * 3.3)
            wpid = 108439 + ni * 2211 + j * 17
            log.add(
                t,
                [
                    f"[rank{r}]: Traceback (most recent call last):",
                    f'[rank{r}]:   File "/root/miniconda3/envs/3drs/lib/python3.10/site-packages/torch/utils/data/dataloader.py", line 1132, in _try_get_data',
                    f"[rank{r}]:     data = self._data_queue.get(timeout=timeout)",
                    f'[rank{r}]:   File "/root/miniconda3/envs/3drs/lib/python3.10/queue.py", line 180, in get',
                    f"[rank{r}]:     self.not_empty.wait(remaining)",
                    f'[rank{r}]:   File "/root/miniconda3/envs/3drs/lib/python3.10/site-packages/torch/utils/data/_utils/signal_handling.py", line 66, in handler',
                    f"[rank{r}]:     _error_if_any_worker_fails()",
                    f"[rank{r}]: RuntimeError: DataLoader worker (pid {wpid}) is killed by signal: Killed.",
                    f"[rank{r}]: The above exception was the direct cause of the following exception:",
                    f'[rank{r}]:   File "/root/paddlejob/workspace/env_run/3DRS/llava/train/train_3d.py", line 1919, in train',
                    f"[rank{r}]:     trainer.train()",
                    f"[rank{r}]: RuntimeError: DataLoader worker (pid(s) {wpid}) exited unexpectedly",
                ],
            )
        c.put(f"{h}/workerlog.{ni}", log)
        boot = dt.datetime(2025, 7, 28, 0, 0, 0, tzinfo=tz(8))
        d = Log()
        d.add(boot, dmesg_boot_noise(lambda o, b=boot: dmesg_T(at(b, o)), rng, h))
        for j, _r in enumerate((3, 6) if ni == 0 else (9, 14)):
            t = at(tf, ni * 41.7 + j * 3.3 - 0.4)
            wpid = 108439 + ni * 2211 + j * 17
            d.add(
                t,
                [
                    f"{dmesg_T(t)} pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
                    f"{dmesg_T(t)} Mem-Info:",
                    f"{dmesg_T(t)} active_anon:251044811 inactive_anon:2311010 isolated_anon:0",
                    f"{dmesg_T(t)} oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/,task=pt_data_worker,pid={wpid},uid=0",
                    f"{dmesg_T(t)} Out of memory: Killed process {wpid} (pt_data_worker) total-vm:{71_880_412 + j * 1024}kB, anon-rss:{58_331_104 + j * 4096}kB, file-rss:80440kB, shmem-rss:1048576kB, UID:0 pgtables:114112kB oom_score_adj:0",
                ],
            )
        c.put(f"{h}/dmesg_T.txt", d)
        c.put(
            f"{h}/free_before.txt",
            [
                "$ free -g  (captured at job start)",
                "               total        used        free      shared  buff/cache   available",
                "Mem:            1007          41         951           2          14         960",
                "Swap:              0           0           0",
            ],
        )
    return c


# ============================================================ bj17 OOM from a leftover foreign process on one node


def bj17() -> Case:
    rng = random.Random(6517)
    hosts = ["gpu-b11", "gpu-b14", "gpu-b15"]
    base0 = dt.datetime(2024, 11, 15, 1, 5, 0, tzinfo=tz(1))
    base1 = dt.datetime(2024, 11, 15, 4, 1, 0, tzinfo=tz(1))
    c = Case(
        "bj17_oom_on_restart_one_node",
        label(
            "oom",
            "infrastructure",
            "gpu-b14",
            4,
            "restart_without_node",
            "In the second attempt only rank 4 (gpu-b14, GPU 0) runs out of memory, and the message says 'Process 118636 has 71.62 GiB "
            "memory in use'; that PID is a python process from the previous job that Slurm failed to kill (Kill task failed) and still holds the GPU.",
            "https://github.com/rwth-i6/returnn/issues/1649",
        ),
    )
    # attempt 0: user cancels; one process on gpu-b14 cannot be killed
    for ni, h in enumerate(hosts):
        log = Log()
        log.add(
            base0,
            [
                f"RETURNN starting up, version 1.20241112.152021+git.5e8a4b1, date/time {base0:%Y-%m-%d-%H-%M-%S} (UTC{base0:%z}), pid {118630 + ni * 3 if h != 'gpu-b14' else 118636}, cwd /work/asr/setups/2024-ls960, Python /usr/bin/python3",
                "RETURNN command line options: ['config/conformer_ctc_v3.config']",
                f"Torch: Hostname {h}, pid {118630 + ni * 3 if h != 'gpu-b14' else 118636}, using GPU 0.",
                "CUDA_VISIBLE_DEVICES is set to '0,1,2,3'.",
            ],
        )
        if ni == 0:
            for s in range(50, 3000, 50):
                t = at(base0, 120 + s * 0.73)
                if t > at(base0, 2300):
                    break
                log.add(
                    t,
                    f"ep 3 train, step {s}, ce {2.1 - s * 0.0001 + rng.random() * 0.05:.3f}, ctc_17 {2.9 - s * 0.0001:.3f}, fer {0.51 - s * 0.00002:.3f}, mem_usage:cuda:0 71.4GB, 0.731 sec/step",
                )
        tc = at(base0, 2301)
        log.add(
            tc, [f"slurmstepd: error: *** JOB 41882 ON {h} CANCELLED AT {tc:%Y-%m-%dT%H:%M:%S} ***"]
        )
        if h == "gpu-b14":
            log.add(at(tc, 0.9), ["Bus error (core dumped)"])
            tk = at(tc, 64)
            log.add(
                tk,
                [
                    f"slurmstepd: error: *** JOB 41882 STEPD TERMINATED ON {h} AT {tk:%Y-%m-%dT%H:%M:%S} DUE TO JOB NOT ENDING WITH SIGNALS ***",
                    "slurmstepd: error: Kill task failed",
                ],
            )
        c.put(f"attempt_0/{h}/returnn.log", log)
    boot = dt.datetime(2024, 11, 1, 8, 0, 0, tzinfo=tz(1))
    d = Log()
    d.add(boot, dmesg_boot_noise(lambda o, b=boot: dmesg_T(at(b, o)), rng, "gpu-b14"))
    tb = at(base0, 2302)
    d.add(
        tb,
        [
            f"{dmesg_T(tb)} INFO: task python3:118636 blocked for more than 122 seconds.",
            f"{dmesg_T(tb)}       Tainted: P           OE     5.15.0-119-generic #129-Ubuntu",
            f'{dmesg_T(tb)} "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
            f"{dmesg_T(tb)} task:python3         state:D stack:0     pid:118636 ppid:1      flags:0x00004006",
            f"{dmesg_T(tb)} Call Trace:",
            f"{dmesg_T(tb)}  <TASK>",
            f"{dmesg_T(tb)}  __schedule+0x2cd/0x890",
            f"{dmesg_T(tb)}  rpc_wait_bit_killable+0x1e/0xa0 [sunrpc]",
            f"{dmesg_T(tb)}  nfs_wait_on_request+0x3f/0x60 [nfs]",
            f"{dmesg_T(tb)}  </TASK>",
        ],
    )
    c.put("attempt_0/gpu-b14/dmesg_T.txt", d)
    # attempt 1: new job, OOM only on gpu-b14 rank 4
    for ni, h in enumerate(hosts):
        log = Log()
        pid = 153085 + ni * 7
        log.add(
            base1,
            [
                f"RETURNN starting up, version 1.20241112.152021+git.5e8a4b1, date/time {base1:%Y-%m-%d-%H-%M-%S} (UTC{base1:%z}), pid {pid}, cwd /work/asr/setups/2024-ls960, Python /usr/bin/python3",
                f"Torch: Hostname {h}, pid {pid}, using GPU 0.",
                f"MEMORY: main proc python({pid}) initial: rss=108.0MB pss=81.0MB uss=74.8MB shared=33.2MB",
                f"Torch distributed: rank {ni * 4}..{ni * 4 + 3} of 12 on {h}",
            ],
        )
        if h == "gpu-b14":
            t = at(base1, 95.2)
            log.add(
                t,
                [
                    "Exception occurred during training step (rank 4, local rank 0):",
                    "Traceback (most recent call last):",
                    '  File "/work/asr/returnn/returnn/torch/engine.py", line 417, in train_epoch',
                    "    self._run_step(extern_data, train_flag=True, train_func=True)",
                    '  File "/work/asr/returnn/returnn/torch/engine.py", line 1049, in _run_step',
                    "    self._train_step_func(model=self._orig_model, extern_data=extern_data)",
                    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 290.00 MiB. GPU 0 has a total capacity of 93.00 GiB of which 134.94 MiB is free. Process 118636 has 71.62 GiB memory in use. Including non-PyTorch memory, this process has 21.24 GiB memory in use. Of the allocated memory 19.85 GiB is allocated by PyTorch, and 731.17 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
                    "Module call stack:",
                    "(Model.__call__) (root)",
                    "(ConformerEncoder.__call__) encoder",
                    f"srun: error: {h}: task 1: Exited with exit code 1",
                ],
            )
        else:
            for s in range(10, 60, 10):
                t = at(base1, 60 + s * 0.73)
                log.add(
                    t,
                    f"ep 4 train, step {s}, ce {1.62 + rng.random() * 0.05:.3f}, ctc_17 2.311, fer 0.455, mem_usage:cuda:0 71.3GB, 0.733 sec/step",
                )
            tw = at(base1, 95.2 + 600.4 + ni)
            for lr in range(4):
                r = ni * 4 + lr
                log.add(
                    at(tw, lr * 0.01),
                    watchdog_timeout(at(tw, lr * 0.01), r, 213, "ALLREDUCE", 31719936),
                )
        c.put(f"attempt_1/{h}/returnn.log", log)
    gpus = []
    for i in range(4):
        gpus.append(
            dict(
                name="NVIDIA H100 NVL",
                bus=f"00000000:{['17', '65', 'CA', 'E3'][i]}:00.0",
                temp=38 if i else 47,
                perf="P0",
                pwr="89" if i else "142",
                cap=400,
                mem_used=95 if i else 73441,
                mem_tot=95830,
                util=0,
            )
        )
    c.put(
        "attempt_1/gpu-b14/nvidia-smi.txt",
        [
            *nvidia_smi_table(f"{at(base1, 130):%a %b %d %H:%M:%S %Y}", "560.35.03", "12.6", gpus),
            "",
            "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|",
            "|    0   N/A  N/A    118636      C   python3                                     73336MiB |",
            "+-----------------------------------------------------------------------------------------+",
            "$ ps -o pid,user,stat,lstart,cmd -p 118636",
            "    PID USER     STAT                  STARTED CMD",
            " 118636 zeyer    Dl   Fri Nov 15 01:05:00 2024 python3 rnn.py config/conformer_ctc_v3.config",
        ],
    )
    c.put(
        "sacct.txt",
        [
            "JobID           JobName      State ExitCode               Start NodeList",
            "------------ ---------- ---------- -------- ------------------- ---------------",
            "41882         conf-ctc3  CANCELLED     0:15 2024-11-15T01:05:00 gpu-b[11,14-15]",
            "41911         conf-ctc3     FAILED      1:0 2024-11-15T04:01:00 gpu-b[11,14-15]",
        ],
    )
    return c


# ============================================================ bj18 NaN at the same iteration on different hardware


def bj18() -> Case:
    rng = random.Random(6518)
    c = Case(
        "bj18_nan_grad_norm_assertion_iteration",
        label(
            "numerical",
            "script",
            None,
            None,
            "stop",
            "Both attempts, on disjoint sets of four nodes, blow up at iteration 37 with grad norm climbing from ~9 to 1e4 and then "
            "rank 11 asserting NaN in its local grad norm; the divergence is reproduced on different hardware at the same step, so it is the recipe.",
            "https://github.com/alibaba/Pai-Megatron-Patch/issues/366",
        ),
    )
    attempts = [
        (
            ["dsw-4421-0", "dsw-4421-1", "dsw-4421-2", "dsw-4421-3"],
            dt.datetime(2024, 10, 21, 9, 40, 0, tzinfo=tz(8)),
        ),
        (
            ["dsw-5107-0", "dsw-5107-1", "dsw-5107-2", "dsw-5107-3"],
            dt.datetime(2024, 10, 21, 15, 2, 0, tzinfo=tz(8)),
        ),
    ]
    norms = [8.9, 9.4, 9.1, 10.3, 12.8, 17.7, 29.4, 61.0, 188.2, 1402.7, 10331.5]
    for ai, (hosts, base) in enumerate(attempts):
        for ni, h in enumerate(hosts):
            log = Log()
            log.add(
                base,
                [
                    f"[{h}] MASTER_ADDR={hosts[0]} NODE_RANK={ni} GPUS_PER_NODE=8 NNODES=4",
                    "sh run_pretrain_llama_70b.sh dsw 70B 1 1024 1e-5 1e-6 128 128 bf16 4 8 70B sel true false false true 100000 /mnt/llama3-datasets/wudao_llama3bpe_content_document /mnt/llama3-ckpts/Meta-Llama-3-70B-tp4-pp8 10000000 1 /mnt/output_megatron_llama3_70B",
                ],
            )
            if ni == 3:
                for it in range(1, 37):
                    t = at(base, 240 + it * 31.2)
                    g = (
                        norms[it - 26] * (1 + rng.random() * 0.02)
                        if it >= 26
                        else 8 + rng.random() * 1.5
                    )
                    loss = (
                        2.05 + rng.random() * 0.05
                        if it < 30
                        else 2.05 + (it - 29) ** 2 * 0.08 + rng.random() * 0.03
                    )
                    log.add(
                        t,
                        megatron_iter(
                            t, it, 100000, 31200 + rng.random() * 200, 1e-5, 1024, loss, g
                        ),
                    )
            if ni == 1:
                t = at(base, 240 + 37 * 31.2 - 9.4)
                log.add(
                    t,
                    [
                        "[rank11]: Traceback (most recent call last):",
                        '[rank11]:   File "/workspace/Pai-Megatron-Patch/examples/llama3/pretrain_llama.py", line 122, in <module>',
                        "[rank11]:     pretrain(",
                        '[rank11]:   File "/workspace/Pai-Megatron-Patch/Megatron-LM-240612/megatron/training/training.py", line 773, in train_step',
                        "[rank11]:     losses_reduced = forward_backward_func(",
                        '[rank11]:   File "/workspace/Pai-Megatron-Patch/Megatron-LM-240612/megatron/core/distributed/param_and_grad_buffer.py", line 115, in start_grad_sync',
                        "[rank11]:     assert not norm_is_nan, (",
                        "[rank11]: AssertionError: Rank 11: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 3",
                    ],
                )
            else:
                t = at(base, 240 + 37 * 31.2 + 600 + ni)
                for lr in range(0, 8, 3):
                    r = ni * 8 + lr
                    log.add(
                        at(t, lr * 0.01),
                        watchdog_timeout(
                            at(t, lr * 0.01), r, 2913, "_REDUCE_SCATTER_BASE", 553648128, 17301504
                        ),
                    )
            c.put(f"attempt_{ai}/{h}/pretrain_{h}.log", log)
    c.put(
        "attempt_1/README_resubmit.txt",
        [
            "Resubmitted on a fresh DSW instance group (different physical hosts: dsw-5107-*), same script and data, same seed.",
            "Result: identical failure at iteration 37, rank 11.",
        ],
    )
    return c


ALL = [bj10, bj11, bj12, bj13, bj14, bj15, bj16, bj17, bj18]
