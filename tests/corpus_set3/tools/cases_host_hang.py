"""Cases s20-s27: host faults (panic, memory pressure, soft lockup, PCIe, node NotReady) and hangs."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from common import (
    Bundle,
    Job,
    Kernel,
    glog,
    megatron_iters,
    nvsmi_q,
    pylog,
    pytb,
    titan_steps,
)


def _ray_ts(dt: datetime) -> str:
    return f"{dt:%Y-%m-%d %H:%M:%S},{dt.microsecond // 1000:03d}"


def s20_ray_node_died_mce_panic() -> Bundle:
    b = Bundle("s20_ray_node_dead_machine_check_panic")
    rng = random.Random(120)
    hosts = ["ray-head-0", "ray-gpu-worker-1", "ray-gpu-worker-2", "ray-gpu-worker-3"]
    ips = ["10.0.4.10", "10.0.4.15", "10.0.4.17", "10.0.4.22"]
    node_ids = ["a1f0c2", "7be411", "3c9f5d", "e02a77"]
    t0 = datetime(2025, 2, 2, 12, 0, 0)
    ev = datetime(2025, 2, 2, 15, 38, 12, 210000)
    bad = 2
    drv = [
        f"{_ray_ts(t0)}\tINFO worker.py:1749 -- Connecting to existing Ray cluster at address: 10.0.4.10:6379...",
        f"{_ray_ts(t0)}\tINFO worker.py:1924 -- Connected to Ray cluster. View the dashboard at http://10.0.4.10:8265 ",
        "View detailed results here: /mnt/cluster_storage/ray_results/TorchTrainer_2025-02-02_12-00-01",
        "(TrainTrainable pid=3311) Trainable.setup took 21.338 seconds. If your trainable is slow to initialize, consider setting reuse_actors=True to reduce actor creation overheads.",
        "(TorchTrainer pid=3311) Started distributed worker processes: ",
    ]
    for i in range(16):
        n = i // 4
        drv.append(
            f"(TorchTrainer pid=3311) - (node_id={node_ids[n]}{'0' * 50}, ip={ips[n]}, pid={21000 + i * 13}) world_rank={i}, local_rank={i % 4}, node_rank={n}"
        )
    for k in range(25):
        t = t0 + timedelta(minutes=8 * k)
        drv.append(
            f"(RayTrainWorker pid=21000, ip=10.0.4.10) {{'epoch': {k // 10}, 'step': {200 * (k + 1)}, 'train_loss': {0.92 - 0.01 * k + rng.uniform(-0.01, 0.01):.4f}, 'lr': 0.0003}} [repeated 16x across cluster]"
        )
        _ = t
    drv += [
        f"(raylet, ip=10.0.4.10) [{_ray_ts(ev + timedelta(seconds=31))}] The node with node id: {node_ids[bad]}{'0' * 50} and address: {ips[bad]} and node name: {ips[bad]} has been marked dead because the detector has missed too many heartbeats from it. This can happen when a \t(1) raylet crashes unexpectedly (OOM, etc.) ",
        "\t(2) raylet has lagging heartbeats due to slow network or busy workload.",
        f"(RayTrainWorker pid=21013, ip=10.0.4.15) [rank4]:[{glog(ev + timedelta(seconds=2), 'E', 'ProcessGroupNCCL.cpp:1806', nanos=True)} [PG ID 0 PG GUID 0(default_pg) Rank 4] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
        "(RayTrainWorker pid=21013, ip=10.0.4.15) ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        f"(RayTrainWorker pid=21013, ip=10.0.4.15) NET/IB : Got completion from peer {ips[bad]}<43111> with status=12 opcode=0 len=0 vendor err 129 (Recv) [repeated 11x across cluster]",
        "2025-02-02 15:39:02,447\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_8d2e1_00000",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.11/site-packages/ray/air/execution/_internal/event_manager.py", line 110, in resolve_future',
        "    result = ray.get(future)",
        '  File "/usr/local/lib/python3.11/site-packages/ray/_private/worker.py", line 2772, in get',
        "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
        "ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.",
        "\tclass_name: RayTrainWorker",
        f"\tactor_id: 6c1f3a92e4b07d58a1c2{node_ids[bad]}01000000",
        f"\tpid: {21000 + 8 * 13}",
        "\tname: ",
        "\tnamespace: 4e1b0c3a-77d2-4b8e-9f61-1a2d3c4b5e6f",
        f"\tip: {ips[bad]}",
        f"The actor is dead because its node has died. Node Id: {node_ids[bad]}{'0' * 50}",
        "",
        "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run.",
    ]
    b.add("ray-head-0/driver-stdout.log", drv)
    b.add(
        "ray-head-0/ray-status.txt",
        [
            "======== Autoscaler status: 2025-02-02 15:40:11.014231 ========",
            "Node status",
            "---------------------------------------------------------------",
            "Active:",
            " 1 node_a1f0c2... (head)",
            " 1 node_7be411... (gpu-worker)",
            " 1 node_e02a77... (gpu-worker)",
            "Pending:",
            " (no pending nodes)",
            "Recent failures:",
            f" node_{node_ids[bad]}... ({ips[bad]}) (gpu-worker): NodeDied",
        ],
    )
    for n in (1, 3):
        k = Kernel(hosts[n], datetime(2025, 1, 30, 0, 0, 0), "dmesg_T")
        b.add(f"{hosts[n]}/dmesg.txt", k.benign(rng, t0, 7))
    k = Kernel(hosts[bad], datetime(2025, 1, 30, 0, 0, 0), "uptime")
    b.add(
        f"{hosts[bad]}/pstore-dmesg-ramoops-0",
        [
            "Panic#1 Part1",
            k.line(
                ev - timedelta(seconds=1),
                "mce: [Hardware Error]: CPU 23: Machine Check Exception: 5 Bank 7: be00000000800400",
            ),
            k.line(
                ev - timedelta(seconds=1),
                "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffb3a0e5c2> {native_safe_halt+0x12/0x20}",
            ),
            k.line(
                ev - timedelta(seconds=1),
                "mce: [Hardware Error]: TSC 0 ADDR 3f2e8c1400 MISC 8c PPIN 2b18e7f10a2c",
            ),
            k.line(
                ev - timedelta(seconds=1),
                "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1738510692 SOCKET 1 APIC 5e microcode 2b000590",
            ),
            k.line(
                ev - timedelta(seconds=1),
                "mce: [Hardware Error]: Machine check: Processor context corrupt",
            ),
            k.line(ev, "Kernel panic - not syncing: Fatal machine check"),
            k.line(
                ev,
                "Kernel Offset: 0x32000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)",
            ),
        ],
    )
    b.add(
        f"{hosts[bad]}/journalctl--list-boots.txt",
        [
            "IDX BOOT ID                          FIRST ENTRY                 LAST ENTRY",
            " -1 5d1c0b8f2a3e4f7c9b6a1d2e3f4a5b6c Thu 2025-01-30 00:00:03 UTC Sun 2025-02-02 15:38:11 UTC",
            "  0 9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b Sun 2025-02-02 15:44:57 UTC Sun 2025-02-02 16:02:40 UTC",
        ],
    )
    b.add(
        f"{hosts[bad]}/ipmi-sel.txt",
        [
            "  1a | 02/02/2025 | 15:38:11 | Processor CPU1_Status | IERR | Asserted",
            "  1b | 02/02/2025 | 15:38:12 | Memory DIMM_P1_C1 | Uncorrectable ECC | Asserted",
            "  1c | 02/02/2025 | 15:44:20 | System Event #0x83 | OEM System boot event | Asserted",
        ],
    )
    b.verdict(
        "host",
        "infrastructure",
        hosts[bad],
        None,
        "restart_without_node",
        "Ray marked node 10.0.4.17 (ray-gpu-worker-2) dead; its preserved pstore log shows a fatal machine-check panic and the BMC logged a CPU IERR and an uncorrectable DIMM error. The NCCL errors on the other workers are only fallout.",
        "https://docs.ray.io/en/latest/ray-core/fault_tolerance/nodes.html",
    )
    return b


def s21_ray_memory_monitor_foreign_process() -> Bundle:
    b = Bundle("s21_ray_oom_kill_leftover_process")
    rng = random.Random(121)
    ips = ["172.31.8.20", "172.31.8.41"]
    t0 = datetime(2025, 3, 10, 9, 0, 0)
    ev = datetime(2025, 3, 10, 9, 47, 10)
    drv = [
        f"{_ray_ts(t0)}\tINFO worker.py:1924 -- Connected to Ray cluster. View the dashboard at http://172.31.8.20:8265 "
    ]
    for k in range(12):
        drv.append(
            f"(RayTrainWorker pid=10{k % 8}1, ip=172.31.8.20) {{'step': {50 * (k + 1)}, 'loss': {2.2 - 0.02 * k:.3f}, 'samples_per_sec': {410 + rng.randint(-5, 5)}}}"
        )
    drv += [
        f"(raylet, ip={ips[1]}) [{_ray_ts(ev)}] (raylet) node_manager.cc:3219: 1 Workers (tasks / actors) killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: 5f0e1d..., IP: {ips[1]}) over the last time period. To see more information about the Workers killed on this node, use `ray logs raylet.out -ip {ips[1]}`",
        "2025-03-10 09:47:12,118\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_21c0f_00000",
        "ray.exceptions.RayTaskError(OutOfMemoryError): ray::_Inner.train() (pid=8812, ip=172.31.8.20, actor_id=2a1b..., repr=TorchTrainer)",
        "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.",
        f"Memory on the node (IP: {ips[1]}, ID: 5f0e1d9a7c3b2e14f6a8d0c2b4e6f8a1c3e5d7b9f1a3c5e7d9b1f3a5) where the task (actor ID: 9d3e..., name=RayTrainWorker.__init__, pid=40455, memory used=38.21GB) was running was 1901.53GB / 2000.00GB (0.950765), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: 77ab...) because it was the most recently scheduled task; to see more information about memory usage on this node, use `ray logs raylet.out -ip {ips[1]}`. To see the logs of the worker, use `ray logs worker-77ab*out -ip {ips[1]}. Top 10 memory users:",
        "PID\tMEM(GB)\tCOMMAND",
        "1183021\t1411.62\tpython -m vllm.entrypoints.openai.api_server --model /models/llama-3.1-405b --tensor-parallel-size 8 --cpu-offload-gb 1400",
        "40455\t38.21\tray::RayTrainWorker.train",
        "40461\t37.90\tray::RayTrainWorker.train",
        "40467\t37.88\tray::RayTrainWorker.train",
        "40473\t37.51\tray::RayTrainWorker.train",
        "40479\t37.40\tray::RayTrainWorker.train",
        "40485\t37.22\tray::RayTrainWorker.train",
        "40491\t37.02\tray::RayTrainWorker.train",
        "40497\t36.88\tray::RayTrainWorker.train",
        "2231\t3.11\t/usr/local/lib/python3.11/site-packages/ray/core/src/ray/raylet/raylet --raylet_socket_name=...",
        "Refer to the documentation on how to address the out of memory issue: https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html. Consider provisioning more memory on this node or reducing task parallelism by requesting more CPUs per task. Set max_restarts and max_task_retries to enable retry when the task crashes due to OOM. To adjust the kill threshold, set the environment variable `RAY_memory_usage_threshold` when starting Ray. To disable worker killing, set the environment variable `RAY_memory_monitor_refresh_ms` to zero.",
    ]
    b.add("ray-h100-a/job-driver.log", drv)
    b.add(
        "ray-h100-b/ps-aux-sorted-by-rss.txt",
        [
            "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
            "svc-eval 1183021  2.1 70.6 1552331204 1480220112 ?  Sl   Mar08 412:10 python -m vllm.entrypoints.openai.api_server --model /models/llama-3.1-405b --tensor-parallel-size 8 --cpu-offload-gb 1400",
            "ray        40455 98.2  1.9 61002144 40071224 ?  Rl   09:31  15:02 ray::RayTrainWorker.train",
            "ray        40461 98.0  1.9 60991012 39756120 ?  Rl   09:31  15:01 ray::RayTrainWorker.train",
            "root        2231  3.0  0.1 8123312 3261104 ?    Sl   Mar01  88:14 /usr/local/lib/python3.11/site-packages/ray/core/src/ray/raylet/raylet",
        ],
    )
    b.add(
        "ray-h100-b/nvidia-smi.txt",
        [
            "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|=========================================================================================|",
            "|    0   N/A  N/A   1183021      C   python                                       1204MiB |",
            "|    0   N/A  N/A     40455      C   ray::RayTrainWorker.train                   61022MiB |",
            "+-----------------------------------------------------------------------------------------+",
        ],
    )
    k = Kernel("ray-h100-b", datetime(2025, 3, 1, 0, 0, 0), "journal")
    b.add("ray-h100-b/journal-k.txt", k.benign(rng, t0 - timedelta(hours=3), 8))
    b.verdict(
        "host",
        "infrastructure",
        "ray-h100-b",
        None,
        "restart_without_node",
        "Ray's memory monitor killed a training worker on 172.31.8.41 (ray-h100-b) because a stray vLLM server from another user, running since Mar 08, holds 1.4 TB of host RAM; the job's own workers use ~38 GB each.",
        "https://github.com/ray-project/ray/pull/30312",
    )
    return b


def s22_soft_lockup_node_failure() -> Bundle:
    b = Bundle("s22_soft_lockup_slurm_node_failure")
    rng = random.Random(122)
    hosts = ["gpu-05", "gpu-06", "gpu-07", "gpu-08"]
    job = Job(hosts, prefix="srun", torch="old", nccl="2.14.3", seed=22)
    bad = 2
    t0 = datetime(2023, 6, 14, 8, 0, 0)
    ev = datetime(2023, 6, 14, 11, 26, 40)
    lines = ["+ srun -l --kill-on-bad-exit python -u train_vit.py --cfg configs/vit_g14.yaml"]
    for k in range(40):
        lines.append(
            f"0: [{t0 + timedelta(minutes=5 * k):%m/%d %H:%M:%S}] INFO train: Epoch: [3][{100 * k:>5d}/5004]  eta 1:02:11  lr 0.000412  time {0.812 + rng.uniform(-0.01, 0.01):.4f} ({0.811:.4f})  loss {3.91 - 0.005 * k:.4f}  grad_norm {1.2 + rng.uniform(0, 0.2):.3f}  mem 61023MB"
        )
    for r in range(32):
        if job.node_of(r) != bad:
            lines += job.watchdog(
                r, ev + timedelta(minutes=30, seconds=2), 612001, timeout_ms=1800000
            )[:1]
    lines += [
        "srun: error: Node failure on gpu-07",
        "slurmstepd: error: *** STEP 7710231.0 ON gpu-05 CANCELLED AT 2023-06-14T11:58:04 DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***",
        "srun: error: gpu-05: tasks 0-7: Killed",
        "srun: error: gpu-06: tasks 8-15: Killed",
        "srun: error: gpu-08: tasks 24-31: Killed",
        "srun: Force Terminated StepId=7710231.0",
    ]
    b.add("gpu-05/slurm-7710231.out", lines)
    b.add(
        "gpu-05/slurmctld-excerpt.log",
        [
            "[2023-06-14T11:31:41.004] error: Nodes gpu-07 not responding",
            "[2023-06-14T11:36:41.119] error: Nodes gpu-07 not responding, setting DOWN",
            "[2023-06-14T11:58:04.221] Killing JobId=7710231 on failed node gpu-07",
            "[2023-06-14T11:58:04.230] _job_complete: JobId=7710231 WEXITSTATUS 0",
            "[2023-06-14T11:58:04.231] _job_complete: JobId=7710231 done",
        ],
    )
    k = Kernel("gpu-07", datetime(2023, 6, 1, 4, 0, 0), "syslog")
    km = k.benign(rng, t0, 6)
    for i in range(6):
        tt = ev + timedelta(seconds=28 * i)
        km += [
            k.line(
                tt,
                f"watchdog: BUG: soft lockup - CPU#{[23, 23, 71, 23, 5, 71][i]} stuck for {22 + 4 * i}s! [pt_main_thread:{job.pids[job.rank(bad, 3)]}]",
            ),
            k.line(
                tt,
                "Modules linked in: nvidia_uvm(POE) nvidia_drm(POE) nvidia_modeset(POE) nvidia(POE) mlx5_ib ib_uverbs mlx5_core nfsv4 nfs lockd grace",
            ),
            k.line(
                tt,
                "CPU: 23 PID: 188213 Comm: pt_main_thread Tainted: P           OEL    5.15.0-76-generic #83-Ubuntu",
            ),
            k.line(tt, "RIP: 0010:native_queued_spin_lock_slowpath+0x66/0x2c0"),
            k.line(tt, "Call Trace:"),
            k.line(tt, " <TASK>"),
            k.line(tt, " _raw_spin_lock+0x22/0x30"),
            k.line(tt, " free_pcppages_bulk+0x6b/0x2a0"),
            k.line(tt, " os_free_mem+0x1e/0x30 [nvidia]"),
            k.line(tt, " </TASK>"),
        ]
    km.append(k.line(ev + timedelta(minutes=3), "rcu: INFO: rcu_sched self-detected stall on CPU"))
    km.append(
        k.line(
            ev + timedelta(minutes=3),
            "rcu: \t71-....: (60001 ticks this GP) idle=8a3/1/0x4000000000000000 softirq=1120312/1120312 fqs=14602",
        )
    )
    b.add("gpu-07/messages", km)
    b.verdict(
        "host",
        "infrastructure",
        "gpu-07",
        None,
        "restart_without_node",
        "gpu-07's kernel went into repeated soft lockups and RCU stalls, stopped answering slurmctld and was set DOWN; every other task was only killed because of that node failure.",
        "https://github.com/Project-MONAI/tutorials/issues/831",
    )
    return b


def s23_pcie_link_degraded_suspect() -> Bundle:
    b = Bundle("s23_pcie_corrected_aer_flood_degraded_link")
    rng = random.Random(123)
    hosts = ["hgx-09", "hgx-12", "hgx-13", "hgx-15"]
    job = Job(hosts, prefix="rank", seed=23)
    t0 = datetime(2025, 8, 11, 2, 0, 0)
    ev = datetime(2025, 8, 11, 7, 5, 19)
    bad, bad_lr = 1, 4
    rows, t = megatron_iters(t0 + timedelta(minutes=5), 10, 40, 10, 1620.0, rng)
    slow, _ = megatron_iters(t, 410, 20, 10, 2480.0, rng, jitter=0.25)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0])
        if n == 0:
            lines += [f"[rank0]:{p}" for p in rows + slow]
        for lr in range(8):
            lines += job.watchdog(
                job.rank(n, lr), ev + timedelta(minutes=10, milliseconds=11 * lr + 50 * n), 155901
            )[:3]
        lines += job.sigterm(n, ev + timedelta(minutes=10, seconds=3), range(1, 8))
        b.add(f"{h}/torchrun_node{n}.log", lines)
    k = Kernel(hosts[bad], datetime(2025, 8, 1, 0, 0, 0), "dmesg_T")
    km = k.benign(rng, t0, 5)
    tt = t0 + timedelta(hours=2, minutes=20)
    for _i in range(24):
        tt += timedelta(seconds=rng.randint(30, 600))
        km += [
            k.line(tt, "pcieport 0000:97:01.0: AER: Corrected error received: 0000:9a:00.0"),
            k.line(
                tt,
                "nvidia 0000:9a:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)",
            ),
            k.line(
                tt, "nvidia 0000:9a:00.0:   device [10de:2330] error status/mask=00001000/00000000"
            ),
            k.line(tt, "nvidia 0000:9a:00.0:    [12] Timeout               "),
        ]
    km.append(
        k.line(
            tt + timedelta(seconds=4),
            "pcieport 0000:97:01.0: AER: Corrected error message received from 0000:9a:00.0 (rate limited: 1187 suppressed)",
        )
    )
    b.add(f"{hosts[bad]}/dmesg.txt", km)
    b.add(
        f"{hosts[bad]}/nvidia-smi-q.txt",
        nvsmi_q(
            hosts[bad], ev + timedelta(minutes=20), 8, overrides={bad_lr: {"link_width": "4x"}}
        ),
    )
    b.add(
        f"{hosts[bad]}/lspci-vv-9a.txt",
        [
            "9a:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
            "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported",
            "\t\tLnkSta:\tSpeed 32GT/s, Width x4 (downgraded)",
            "\t\tCESta:\tRxErr- BadTLP- BadDLLP+ Rollover- Timeout+ AdvNonFatalErr-",
        ],
    )
    b.verdict(
        "host",
        "infrastructure",
        hosts[bad],
        job.rank(bad, bad_lr),
        "run_diagnostics",
        "No Xid or fatal error, but GPU 4 on hgx-12 (rank 12) trained down to PCIe x4 with a flood of corrected AER timeouts while iteration times grew 50% and then the collective stalled; strong suspicion of that slot, worth a DCGM/PCIe diagnostic before trusting the node.",
        "https://github.com/wilicc/gpu-burn/issues/1",
    )
    return b


def s24_hang_fr_collective_mismatch() -> Bundle:
    b = Bundle("s24_hang_flight_recorder_branch_divergence")
    rng = random.Random(124)
    hosts = ["a100-x1", "a100-x2"]
    job = Job(hosts, prefix="rank", seed=24)
    t0 = datetime(2024, 12, 9, 14, 0, 0)
    ev = datetime(2024, 12, 9, 16, 21, 0)
    odd = 15
    for att, t_start in ((0, t0), (1, t0 + timedelta(hours=3))):
        evt = ev + (t_start - t0)
        for n, h in enumerate(hosts):
            lines = job.launcher_banner(n, t_start) + job.nccl_init(n, [0])
            if n == 0:
                prog, _ = titan_steps(t_start + timedelta(minutes=3), 10, 30, 10, 4.5, rng)
                lines += prog
            for lr in range(8):
                r = job.rank(n, lr)
                lines += job.watchdog(
                    r,
                    evt + timedelta(minutes=10, milliseconds=5 * r),
                    5121,
                    fr=True,
                    op="ALLREDUCE" if r != odd else "BROADCAST",
                    completed=5120,
                )[:4]
            lines += job.sigterm(n, evt + timedelta(minutes=11), range(1, 8))
            b.add(f"attempt_{att}/{h}/console.txt", lines)
    b.add(
        "attempt_1/a100-x1/fr_trace_analysis.txt",
        [
            "$ python -m torch.distributed.flight_recorder.fr_trace -j /shared/fr_dumps/job_1812_attempt1/ --prefix nccl_trace_rank_",
            "Loading 16 ranks ...",
            "Collective 5121 at entry 312 error",
            "  Mismatch: collective op type",
            "  Collective sequence number: 5121 has mismatched op types: nccl:all_reduce on ranks 0-14 vs nccl:broadcast on rank 15",
            "  input sizes: [[1]] on ranks 0-14 vs [[4]] on rank 15",
            "  frames (ranks 0-14): train_step train.py:288 / clip_grad_norm_ utils.py:41 / all_reduce distributed_c10d.py:2501",
            "  frames (rank 15): maybe_evaluate train.py:311 / sync_best_metric train.py:97 / broadcast distributed_c10d.py:2287",
            "Not all ranks joining collective 5121 at entry 312",
        ],
    )
    b.add(
        "attempt_1/a100-x2/py-spy-dump-rank15.txt",
        [
            f"Process {job.pids[odd]}: /usr/bin/python -u train.py --config cfg/vit.yaml",
            "Python v3.10.12 (/usr/bin/python3.10)",
            "",
            f'Thread {job.pids[odd]} (active): "MainThread"',
            "    broadcast (torch/distributed/distributed_c10d.py:2287)",
            "    wrapper (torch/distributed/c10d_logger.py:83)",
            "    sync_best_metric (train.py:97)",
            "    maybe_evaluate (train.py:311)",
            "    train_epoch (train.py:276)",
            "    main (train.py:402)",
            "    <module> (train.py:420)",
        ],
    )
    b.add(
        "attempt_1/a100-x2/train.py.excerpt",
        [
            "270  for step, batch in enumerate(loader):",
            "...",
            "276      if step == len(loader) - 1:   # per-rank loader length",
            "277          maybe_evaluate(model, step)",
            "...",
            "288      clip_grad_norm_(model.parameters(), 1.0)   # all_reduce of grad norm",
        ],
    )
    b.verdict(
        "hang",
        "script",
        None,
        None,
        "stop",
        "Both attempts hang at the same collective: flight recorder shows rank 15 entering a broadcast in maybe_evaluate while ranks 0-14 are in the grad-norm all_reduce. The end-of-epoch test uses each rank's own loader length, so control flow diverges on uneven shards: a deterministic script bug.",
        "https://pytorch.org/blog/flight-recorder-a-new-lens-for-understanding-nccl-watchdog-timeouts/",
    )
    return b


def s25_hang_gpu_stuck_one_rank() -> Bundle:
    b = Bundle("s25_hang_one_rank_stuck_in_gpu_wait")
    rng = random.Random(125)
    hosts = ["sxm-n21", "sxm-n22", "sxm-n23"]
    job = Job(hosts, prefix="rank", seed=25)
    t0 = datetime(2025, 9, 1, 0, 0, 0)
    ev = datetime(2025, 9, 1, 4, 4, 4)
    stuck = job.rank(2, 6)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0])
        if n == 0:
            prog, _ = megatron_iters(t0 + timedelta(minutes=4), 100, 40, 100, 880.0, rng)
            lines += [f"[rank0]:{p}" for p in prog]
        for lr in range(8):
            r = job.rank(n, lr)
            if r == stuck:
                continue
            lines += job.watchdog(
                r,
                ev + timedelta(minutes=10, milliseconds=3 * r),
                9001,
                op="_REDUCE_SCATTER_BASE",
                fr=True,
            )[:4]
        lines += job.sigterm(n, ev + timedelta(minutes=11), range(8))
        b.add(f"{h}/torchrun.log", lines)
    b.add(
        "sxm-n21/fr_summary.txt",
        [
            "rank  last_enqueued  last_completed  state_of_9001",
            *[
                f"{r:>4d}  {9001:>13d}  {9000:>14d}  {'scheduled' if r == stuck else 'started'}"
                for r in range(24)
            ],
            "",
            "note: 23/24 ranks started collective 9001 and are waiting; rank 22 enqueued it but its stream never reached the kernel.",
        ],
    )
    b.add(
        "sxm-n23/py-spy-dump-rank22.txt",
        [
            f"Process {job.pids[stuck]}: /usr/bin/python pretrain_gpt.py ...",
            "Python v3.10.12 (/usr/bin/python3.10)",
            "",
            f'Thread {job.pids[stuck]} (idle): "MainThread"',
            "    _local_scalar_dense (torch/_ops.py:1116)",
            "    item (torch/_tensor.py:?)",
            "    calc_params_l2_norm (megatron/training/utils.py:87)",
            "    training_log (megatron/training/training.py:1003)",
            "    train (megatron/training/training.py:1391)",
            "    pretrain (megatron/training/training.py:386)",
            "    <module> (pretrain_gpt.py:283)",
        ],
    )
    b.add(
        "sxm-n23/nvidia-smi-dmon.txt",
        [
            "# gpu   pwr gtemp mtemp    sm   mem   enc   dec  mclk  pclk",
            "# Idx     W     C     C     %     %     %     %   MHz   MHz",
            *[
                f"    {i}   {118 if i != 6 else 92:>3d}    {33 + i}    {40 + i}   100     0     0     0  2619  1980"
                for i in range(8)
            ],
        ],
    )
    k = Kernel("sxm-n23", datetime(2025, 8, 30, 0, 0, 0), "dmesg_T")
    b.add("sxm-n23/dmesg.txt", k.benign(rng, t0, 9))
    b.verdict(
        "hang",
        "infrastructure",
        "sxm-n23",
        stuck,
        "run_diagnostics",
        "The flight recorder shows every rank waiting in collective 9001 except rank 22 on sxm-n23, which is blocked on a device sync at low power with no Xid or error; points at that GPU but without proof, so diagnose the node before excluding it.",
        "https://github.com/NVIDIA/nccl/issues/968",
    )
    return b


def s26_hang_no_evidence_old_torch() -> Bundle:
    b = Bundle("s26_hang_watchdog_only_no_evidence")
    rng = random.Random(126)
    hosts = ["worker-a", "worker-b"]
    job = Job(hosts, prefix="none", torch="old", nccl="2.14.3", seed=26)
    t0 = datetime(2023, 5, 2, 9, 0, 0)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0)
        if n == 0:
            for k in range(30):
                lines.append(
                    f"{pylog(t0 + timedelta(minutes=6 * k))} INFO trainer.py:221 - epoch 2 iter {300 * (k + 1)}/12000 loss={0.702 - 0.002 * k:.4f} lr=1.0e-04"
                )
        for lr in range(8):
            lines += job.watchdog(job.rank(n, lr), t0, 86645, timeout_ms=1800000)
        lines += [
            f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {job.pids[job.rank(n, lr)]} closing signal SIGTERM"
            for lr in range(1, 8)
        ]
        lines.append(
            f"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) local_rank: 0 (pid: {job.pids[job.rank(n, 0)]}) of binary: /opt/conda/bin/python"
        )
        b.add(f"{h}/train.log", lines)
        k = Kernel(h, datetime(2023, 4, 28, 0, 0, 0), "dmesg_T")
        b.add(f"{h}/dmesg.txt", k.benign(rng, t0, 10))
        b.add(
            f"{h}/nvidia-smi-q.txt",
            nvsmi_q(h, t0 + timedelta(hours=4), 8, "NVIDIA A100-SXM4-80GB", driver="525.105.17"),
        )
    b.verdict(
        "hang",
        "infrastructure",
        None,
        None,
        "restart",
        "All 16 ranks time out in the same all-reduce (SeqNum 86645) after 30 minutes; no rank errored first, kernel logs and GPU state are clean on both nodes and there are no dumps, so nothing points at a node or the code.",
        "https://github.com/NVIDIA/physicsnemo/issues/691",
    )
    return b


def s27_k8s_node_notready() -> Bundle:
    b = Bundle("s27_k8s_node_notready_rendezvous_timeout")
    nodes = [
        "ip-10-20-3-41.ec2.internal",
        "ip-10-20-3-77.ec2.internal",
        "ip-10-20-4-12.ec2.internal",
        "ip-10-20-5-201.ec2.internal",
    ]
    pods = [f"gpt-neox-worker-{i}" for i in range(4)]
    job = Job(nodes, prefix="none", torch="new", seed=27)
    t0 = datetime(2025, 4, 22, 6, 0, 0)
    ev = datetime(2025, 4, 22, 8, 40, 0)
    bad = 2
    for n, (node, pod) in enumerate(zip(nodes, pods, strict=True)):
        if n == bad:
            continue
        lines = [
            f"{glog(t0, 'I', 'torch/distributed/launcher/api.py:188', 1)} Starting elastic_operator with launch configs:",
            "  entrypoint       : train.py",
            "  min_nodes        : 4",
            "  max_nodes        : 4",
            "  nproc_per_node   : 8",
            "  rdzv_backend     : c10d",
            "  rdzv_endpoint    : gpt-neox-worker-0:29400",
            "  rdzv_configs     : {'timeout': 900}",
            "  max_restarts     : 3",
        ]
        for k in range(10):
            lines.append(
                f"{pylog(t0 + timedelta(minutes=15 * k))} INFO step {1000 * (k + 1)} loss {2.31 - 0.01 * k:.3f}"
            )
        lines += job.nccl_remote_error(
            job.rank(n, 0),
            f"socketProgress: Connection closed by remote peer {pods[bad]}.gpt-neox.default.svc<41222>",
        )[-4:]
        lines.append(
            f"{glog(ev + timedelta(seconds=30), 'I', 'torch/distributed/elastic/agent/server/api.py:889', 1)} [default] Worker group FAILED. 3/3 attempts left; will restart worker group"
        )
        lines.append(
            f"{glog(ev + timedelta(seconds=31), 'I', 'torch/distributed/elastic/agent/server/api.py:677', 1)} [default] Rendezvous'ing worker group"
        )
        lines += pytb(
            "",
            [
                (
                    "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py",
                    538,
                    "_rendezvous",
                    "rdzv_info = spec.rdzv_handler.next_rendezvous()",
                ),
                (
                    "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py",
                    1162,
                    "next_rendezvous",
                    "self._op_executor.run(join_op, deadline, self._get_deadline)",
                ),
                (
                    "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py",
                    676,
                    "run",
                    "raise RendezvousTimeoutError",
                ),
            ],
            "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
        )
        b.add(f"{node}/kubectl-logs-{pod}.log", lines)
    b.add(
        f"{nodes[0]}/kubectl-get-events.txt",
        [
            "LAST SEEN   TYPE      REASON                 OBJECT                                  MESSAGE",
            f"17m         Normal    NodeNotReady           node/{nodes[bad]}       Node {nodes[bad]} status is now: NodeNotReady",
            f"17m         Warning   NodeNotReady           pod/{pods[bad]}                Node is not ready",
            f"12m         Normal    TaintManagerEviction   pod/{pods[bad]}                Marking for deletion Pod default/{pods[bad]}",
            f"2m          Warning   FailedScheduling       pod/{pods[bad]}                0/4 nodes are available: 1 node(s) had untolerated taint {{node.kubernetes.io/unreachable: }}, 3 node(s) didn't match pod anti-affinity rules. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
        ],
    )
    b.add(
        f"{nodes[bad]}/kubectl-describe-node.txt",
        [
            f"Name:               {nodes[bad]}",
            "Taints:             node.kubernetes.io/unreachable:NoExecute",
            "                    node.kubernetes.io/unreachable:NoSchedule",
            "Conditions:",
            "  Type             Status    LastHeartbeatTime                 Reason              Message",
            "  MemoryPressure   Unknown   Tue, 22 Apr 2025 08:39:47 +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
            "  DiskPressure     Unknown   Tue, 22 Apr 2025 08:39:47 +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
            "  Ready            Unknown   Tue, 22 Apr 2025 08:39:47 +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
        ],
    )
    b.add(
        f"{nodes[bad]}/node-problem-detector.log",
        [
            "I0422 08:38:02.114201       1 log_monitor.go:160] New status generated: &{Source:kernel-monitor Events:[{Severity:warn Timestamp:2025-04-22 08:38:01 Reason:TaskHung Message:task containerd:1912 blocked for more than 120 seconds.}]}",
            "I0422 08:39:15.551018       1 log_monitor.go:160] New status generated: &{Source:kernel-monitor Events:[{Severity:warn Timestamp:2025-04-22 08:39:15 Reason:KernelOops Message:BUG: unable to handle page fault for address: ffffb3c1c0f3e008}] Conditions:[{Type:KernelDeadlock Status:True Reason:DockerHung}]}",
        ],
    )
    b.verdict(
        "host",
        "infrastructure",
        nodes[bad],
        None,
        "restart_without_node",
        "The node hosting worker-2 hit a kernel oops/hung containerd, its kubelet stopped posting status and it went NotReady; the other three workers could only fail the re-rendezvous for lack of a fourth member.",
        "https://github.com/kubeflow/trainer/issues/1638",
    )
    return b


CASES = [
    s20_ray_node_died_mce_panic,
    s21_ray_memory_monitor_foreign_process,
    s22_soft_lockup_node_failure,
    s23_pcie_link_degraded_suspect,
    s24_hang_fr_collective_mismatch,
    s25_hang_gpu_stuck_one_rank,
    s26_hang_no_evidence_old_torch,
    s27_k8s_node_notready,
]
