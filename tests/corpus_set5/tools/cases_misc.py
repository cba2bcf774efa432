"""u36-u40: data-loader workers killed by the kernel OOM killer (framework), a hang with
flight-recorder evidence but no proof, a fabric-manager failure on one node, a clean
Kubeflow run, and a NaN at the same iteration in two attempts."""

from __future__ import annotations

import random

from common import (
    BUS_IDS_A100,
    SITE,
    Bundle,
    Job,
    cosine_loss,
    dt,
    kernel_noise,
    nvidia_smi_table,
    render_dmesg_t,
    render_syslog,
    sec,
    traceback,
    ts_c10,
    ts_py,
    ts_syslog,
)

# --------------------------------------------------------------------------------------
# u36 DataLoader workers OOM-killed on three of four nodes (host RAM growth, copy-on-read)
# --------------------------------------------------------------------------------------


def u36(rng: random.Random) -> Bundle:
    b = Bundle("u36_dataloader_workers_oom_killed")
    hosts = ["node-a100-31", "node-a100-32", "node-a100-33", "node-a100-34"]
    job = Job(rng, hosts, gpn=8, ifname="ib0", bus_ids=BUS_IDS_A100, nccl="2.19.3", cuda="12.2")
    t0 = dt("2024-04-22 00:30:07")
    t_train = t0 + sec(420)
    step_s = 0.58
    kills = {
        "node-a100-31": dt("2024-04-22 04:11:52"),
        "node-a100-33": dt("2024-04-22 04:13:40"),
        "node-a100-34": dt("2024-04-22 04:15:03"),
    }
    first = min(kills.values())
    last = int((first - t_train).total_seconds() / step_s)
    seq = 2 * last + 7
    for h in hosts:
        out = job.agent_start(h, t0, "train_clip.py", 4, "node-a100-31:29500")
        out += job.nccl_init(h, prefix="[rank{rank}]:")
        out.append(
            f"[rank{job.rank(h, 0)}]:{ts_py(t0 + sec(300))} data: loaded caption index with "
            "81,442,117 entries into a python list (num_workers=12, persistent_workers=True, "
            "prefetch_factor=4)"
        )
        if h == hosts[0]:
            for step in range(0, last, 100):
                tt = t_train + sec(step * step_s)
                out.append(
                    f"[rank0]:{ts_py(tt)} clip | step {step} | loss "
                    f"{cosine_loss(rng, step, 5.2, 2.9):.4f} | samples/s {rng.randint(20500, 21300)} "
                    f"| host_mem_used {min(1990, 610 + step * 0.061):.0f}GB"
                )
        if h in kills:
            tk = kills[h]
            lr = rng.randint(0, 7)
            r = job.rank(h, lr)
            wpid = rng.randint(40000, 90000)
            out += traceback(
                [
                    ("/opt/clip/train_clip.py", 344, "<module>", "main()"),
                    (
                        "/opt/clip/train_clip.py",
                        287,
                        "main",
                        "for step, (images, texts) in enumerate(loader):",
                    ),
                    (
                        f"{SITE}/torch/utils/data/dataloader.py",
                        701,
                        "__next__",
                        "data = self._next_data()",
                    ),
                    (
                        f"{SITE}/torch/utils/data/dataloader.py",
                        1448,
                        "_next_data",
                        "idx, data = self._get_data()",
                    ),
                    (
                        f"{SITE}/torch/utils/data/dataloader.py",
                        1402,
                        "_get_data",
                        "success, data = self._try_get_data()",
                    ),
                    (
                        f"{SITE}/torch/utils/data/dataloader.py",
                        1256,
                        "_try_get_data",
                        "data = self._data_queue.get(timeout=timeout)",
                    ),
                    ("/usr/lib/python3.10/queue.py", 180, "get", "self.not_empty.wait(remaining)"),
                    (
                        f"{SITE}/torch/utils/data/_utils/signal_handling.py",
                        73,
                        "handler",
                        "_error_if_any_worker_fails()",
                    ),
                ],
                f"RuntimeError: DataLoader worker (pid {wpid}) is killed by signal: Killed. ",
                f"[rank{r}]:",
            )
            out += job.agent_failure(h, tk + sec(2.5), [(lr, 1)], "train_clip.py")
            ev = kernel_noise(rng, t0 - sec(3600), tk + sec(600), 20)
            ev += [
                (
                    tk - sec(0.3),
                    "python3 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|"
                    "__GFP_COMP), order=0, oom_score_adj=0",
                ),
                (
                    tk - sec(0.3),
                    f"CPU: {rng.randint(0, 127)} PID: {rng.randint(40000, 90000)} Comm: python3 "
                    "Tainted: P           OE     5.15.0-105-generic #115-Ubuntu",
                ),
                (tk - sec(0.29), "Mem-Info:"),
                (tk - sec(0.29), "active_anon:412883019 inactive_anon:84122103 isolated_anon:0"),
                (
                    tk - sec(0.28),
                    "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,"
                    f"mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-1000.slice/"
                    f"session-4.scope,task=python3,pid={wpid},uid=1000",
                ),
                (
                    tk - sec(0.27),
                    f"Out of memory: Killed process {wpid} (python3) total-vm:"
                    f"{rng.randint(60, 80) * 10**6}kB, anon-rss:{rng.randint(20, 26) * 10**6}kB, "
                    "file-rss:71312kB, shmem-rss:0kB, UID:1000 pgtables:88412kB oom_score_adj:0",
                ),
            ]
            b.add(h, "dmesg_T.txt", render_dmesg_t(ev))
        else:
            for lr in range(8):
                out += job.watchdog_timeout(
                    job.rank(h, lr),
                    first + sec(1800.4 + lr * 0.01),
                    seq,
                    timeout_ms=1800000,
                    with_terminate=lr < 2,
                )
            out += job.agent_failure(
                h, first + sec(1803), [(lr, -6) for lr in range(8)], "train_clip.py"
            )
            b.add(h, "dmesg_T.txt", render_dmesg_t(kernel_noise(rng, t0 - sec(3600), first, 20)))
        b.add(h, "torchrun.log", out)
        sar = [
            "Linux 5.15.0-105-generic (" + h + ") \t04/22/2024 \t_x86_64_\t(128 CPU)",
            "",
            "00:40:01    kbmemfree   kbavail kbmemused  %memused kbbuffers  kbcached  kbcommit"
            "   %commit  kbactive   kbinact   kbdirty",
        ]
        for k in range(24):
            tt = t0 + sec(600 * (k + 1))
            used = min(99.3, 30 + k * 3.1 + rng.uniform(-0.5, 0.5))
            sar.append(
                f"{tt:%H:%M:%S}  {int(2113000000 * (1 - used / 100)):>10} "
                f"{int(2113000000 * (1 - used / 100) * 1.02):>9} {int(2113000000 * used / 100):>9} "
                f"{used:>9.2f} {rng.randint(100000, 400000):>9} {rng.randint(10**7, 3 * 10**7):>9} "
                f"{int(2113000000 * used / 90):>9} {used * 1.1:>9.2f} {int(2113000000 * used / 110):>9} "
                f"{rng.randint(10**6, 9 * 10**6):>9} {rng.randint(100, 9000):>9}"
            )
        b.add(h, "sar_-r.txt", sar)
    b.label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "DataLoader workers on three of the four nodes are OOM-killed within four minutes "
        "(kernel global OOM, 'Killed process ... python3'), after host memory climbed steadily "
        "to ~99% on every node: the job's own loader (12 workers per rank over an 81M-entry "
        "Python list) outgrows RAM, so it will recur until reconfigured.",
        "https://github.com/TorchSSL/TorchSSL/issues/4",
        "data-loader killed by the kernel OOM killer = framework; same growth on every node",
    )
    return b


# --------------------------------------------------------------------------------------
# u37 hang: flight recorder says gpu-e-33's ranks never entered the collective, no proof why
# --------------------------------------------------------------------------------------


def u37(rng: random.Random) -> Bundle:
    b = Bundle("u37_hang_flight_recorder_missing_node")
    hosts = ["gpu-e-31", "gpu-e-32", "gpu-e-33", "gpu-e-35"]
    job = Job(rng, hosts, gpn=8, ifname="ibs2f0")
    bad = "gpu-e-33"
    t0 = dt("2025-01-06 06:05:50")
    t_train = t0 + sec(180)
    step_s = 2.05
    t_stall = dt("2025-01-06 14:39:12") + sec(rng.uniform(0.05, 0.95))
    last = int((t_stall - t_train).total_seconds() / step_s)
    seq = 91377
    t_wd = t_stall + sec(900)
    for h in hosts:
        out = job.agent_start(h, t0, "train.py", 4, "gpu-e-31:29500")
        out.append(
            f"{ts_py(t0 + sec(1))} env: TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_NCCL_TRACE_BUFFER_"
            "SIZE=2000 TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/shared/fr/nccl_trace_rank_"
        )
        out += job.nccl_init(h, prefix="[rank{rank}]:")
        if h == hosts[0]:
            for step in range(0, last, 10):
                tt = t_train + sec(step * step_s)
                out.append(
                    f"[rank0]:{ts_py(tt)} | step {step} | loss {cosine_loss(rng, step, 2.9, 2.1):.4f} "
                    f"| {step_s + rng.uniform(-0.03, 0.03):.2f}s/it"
                )
        for lr in range(8):
            r = job.rank(h, lr)
            tr = t_wd + sec(rng.uniform(0, 0.8))
            s = seq - 1 if h == bad else seq
            out += job.watchdog_timeout(
                r,
                tr,
                s,
                op="ALLREDUCE" if h != bad else "_ALLGATHER_BASE",
                timeout_ms=900000,
                with_terminate=False,
            )
            out.append(
                f"[rank{r}]:[{ts_c10(tr + sec(0.2), 'I', rng)} ProcessGroupNCCL.cpp:1319] [PG ID 0 "
                f"PG GUID 0(default_pg) Rank {r}] ProcessGroupNCCL preparing to dump debug info. "
                "Include stack trace: 1"
            )
            out.append(
                f"[rank{r}]:[{ts_c10(tr + sec(1.1), 'I', rng)} NCCLUtils.cpp:348] Finished writing "
                f"NCCLPG debug info to /shared/fr/nccl_trace_rank_{r}"
            )
        out += job.agent_failure(h, t_wd + sec(65), [(lr, -6) for lr in range(8)], "train.py")
        b.add(h, "torchrun.log", out, gz=h in ("gpu-e-32", "gpu-e-35"))
        b.add(
            h, "dmesg.txt", render_dmesg_t(kernel_noise(rng, t0 - sec(7200), t_wd + sec(300), 30))
        )
        over = (
            {g: {"util": 100, "power": rng.randint(88, 97)} for g in range(8)} if h == bad else {}
        )
        b.add(h, "nvidia-smi.txt", nvidia_smi_table(rng, t_stall + sec(600), over=over))
    missing = list(range(16, 24))
    fr = [
        "$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr -p nccl_trace_rank_ "
        "--print_only_mismatch",
        "loaded 32 files in 3.81s",
        "built groups, memberships",
        "",
        "Group: 0 (default_pg), size 32",
        f"  last completed collective seq_id on ranks 0-15,24-31: {seq - 1}",
        f"  last completed collective seq_id on ranks 16-23: {seq - 2}",
        "",
        f"Not all ranks joining collective {seq} at entry {seq}",
        "  collective: nccl:all_reduce  input sizes [[1024]] output sizes [[1024]]",
        f"  found ranks: {sorted(set(range(32)) - set(missing))}",
        f"  missing ranks: {missing}",
        "  state of missing ranks' last record:",
    ]
    for r in missing:
        fr.append(
            f"    rank {r}: seq_id {seq - 1} profiling_name nccl:_allgather_base state scheduled "
            "time_discovered_started_ns None time_discovered_completed_ns None"
        )
    fr += ["", "No mismatch in op type, shapes or dtypes was found among ranks that entered."]
    b.add(hosts[0], "fr_trace_analysis.txt", fr)
    dumps = []
    for lr in range(8):
        r = job.rank(bad, lr)
        dumps += [
            f"Process {job.pid[r]}: /usr/bin/python3 -u train.py --config cfg/dense_30b.yaml",
            "Python v3.10.12 (/usr/bin/python3.10)",
            "",
            f'Thread {job.pid[r]} (active): "MainThread"',
            "    forward (torch/distributed/_composable/fsdp/_fsdp_param_group.py:239)",
            "    _pre_forward (torch/distributed/_composable/fsdp/_fsdp_state.py:221)",
            "    wait_for_unshard (torch/distributed/_composable/fsdp/_fsdp_param_group.py:311)",
            "    wait (torch/cuda/streams.py:224)",
            "    synchronize (torch/cuda/streams.py:224)",
            f'Thread {job.pid[r] + 61} (idle): "Thread-1 (_pin_memory_loop)"',
            "    wait (threading.py:324)",
            "    get (queue.py:180)",
            "",
        ]
    b.add(bad, "py-spy_dump.txt", dumps)
    b.label(
        "hang",
        "infrastructure",
        bad,
        None,
        "run_diagnostics",
        "Every rank hits the 15-minute watchdog at the same moment; the flight-recorder analysis "
        "shows ranks 16-23 (all of gpu-e-33) never completed the preceding all-gather, py-spy "
        "has them blocked in a CUDA stream synchronize and nvidia-smi shows their GPUs at 100% "
        "util but ~90 W, yet no Xid or kernel error proves a fault: test that node.",
        "https://github.com/NVIDIA/nccl/issues/968",
        "simultaneous watchdogs; flight recorder names the lagging node; no hard evidence",
    )
    return b


# --------------------------------------------------------------------------------------
# u38 fabric manager fails on one HGX after an unattended driver upgrade: CUDA error 802
# --------------------------------------------------------------------------------------


def u38(rng: random.Random) -> Bundle:
    b = Bundle("u38_fabricmanager_down_one_hgx")
    hosts = ["hgx-b-11", "hgx-b-12", "hgx-b-14", "hgx-b-15"]
    job = Job(rng, hosts, gpn=8, ifname="ens3np0")
    bad = "hgx-b-14"
    t_boot = dt("2025-03-03 06:01:09")
    t0 = dt("2025-03-03 08:20:41")
    for h in hosts:
        out = job.agent_start(h, t0, "pretrain.py", 4, "hgx-b-11:29500")
        if h == bad:
            for lr in range(8):
                r = job.rank(h, lr)
                out += traceback(
                    [
                        (
                            "/opt/job/pretrain.py",
                            71,
                            "<module>",
                            "torch.cuda.set_device(local_rank)",
                        ),
                        (
                            f"{SITE}/torch/cuda/__init__.py",
                            478,
                            "set_device",
                            "torch._C._cuda_setDevice(device)",
                        ),
                        (
                            f"{SITE}/torch/cuda/__init__.py",
                            319,
                            "_lazy_init",
                            "torch._C._cuda_init()",
                        ),
                    ],
                    "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda "
                    "functions before calling NumCudaDevices() that might have already set an error? "
                    "Error 802: system not yet initialized",
                    f"[rank{r}]:",
                )
            out += job.agent_failure(h, t0 + sec(14), [(lr, 1) for lr in range(8)], "pretrain.py")
        else:
            out += job.nccl_init(h, prefix="[rank{rank}]:")
            for lr in range(8):
                out += job.watchdog_timeout(
                    job.rank(h, lr), t0 + sec(615 + lr * 0.02), 1, numel=1, with_terminate=lr == 0
                )
            out += job.agent_failure(h, t0 + sec(618), [(lr, -6) for lr in range(8)], "pretrain.py")
        b.add(h, "torchrun.log", out)
        ts = t_boot + sec(rng.uniform(3, 9))
        if h == bad:
            fm = [
                (ts, "systemd[1]", "Starting NVIDIA fabric manager service..."),
                (
                    ts + sec(0.4),
                    "nv-fabricmanager[4121]",
                    "fabric manager NVIDIA GPU driver interface "
                    "version 550.90.07 don't match with driver version 550.127.05. Please update with "
                    "matching NVIDIA driver package.",
                ),
                (
                    ts + sec(0.4),
                    "nvidia-fabricmanager-start.sh[4118]",
                    '"/usr/bin/nv-fabricmanager -c '
                    '/usr/share/nvidia/nvswitch/fabricmanager.cfg" failed! Exit code: 1',
                ),
                (
                    ts + sec(0.5),
                    "systemd[1]",
                    "nvidia-fabricmanager.service: Control process exited, "
                    "code=exited, status=1/FAILURE",
                ),
                (
                    ts + sec(0.5),
                    "systemd[1]",
                    "nvidia-fabricmanager.service: Failed with result 'exit-code'.",
                ),
                (ts + sec(0.5), "systemd[1]", "Failed to start NVIDIA fabric manager service."),
            ]
        else:
            fm = [
                (ts, "systemd[1]", "Starting NVIDIA fabric manager service..."),
                (ts + sec(2.1), "nv-fabricmanager[4093]", "Connected to 1 node."),
                (
                    ts + sec(2.3),
                    "nv-fabricmanager[4093]",
                    "Successfully configured all the available "
                    "NVSwitches to route GPU NVLink traffic. NVLink Peer-to-Peer support will be enabled "
                    "once the GPUs are successfully registered with the NVLink fabric.",
                ),
                (ts + sec(2.4), "systemd[1]", "Started NVIDIA fabric manager service."),
            ]
        b.add(
            h,
            "journalctl_-u_nvidia-fabricmanager.txt",
            [f"{ts_syslog(t)} {h} {who}: {m}" for t, who, m in fm],
        )
        ev = kernel_noise(
            rng, t_boot, t0 + sec(700), 20, drv="550.127.05" if h == bad else "550.90.07"
        )
        ev.append((t_boot + sec(4), f"nvidia-nvswitch{rng.randint(0, 3)}: open (major=508)"))
        b.add(h, "dmesg.txt", render_dmesg_t(ev))
    b.add(
        bad,
        "unattended-upgrades.log",
        [
            f"{ts_py(t_boot - sec(1900))} INFO Starting unattended upgrades script",
            f"{ts_py(t_boot - sec(1899))} INFO Allowed origins are: o=Ubuntu,a=jammy-security, "
            "o=Ubuntu,a=jammy-updates",
            f"{ts_py(t_boot - sec(1830))} INFO Packages that will be upgraded: libnvidia-compute-550-server "
            "nvidia-dkms-550-server nvidia-driver-550-server nvidia-kernel-common-550-server "
            "nvidia-utils-550-server",
            f"{ts_py(t_boot - sec(1830))} INFO Writing dpkg log to /var/log/unattended-upgrades/"
            "unattended-upgrades-dpkg.log",
            f"{ts_py(t_boot - sec(1502))} INFO All upgrades installed",
            f"{ts_py(t_boot - sec(1501))} WARNING Found /var/run/reboot-required, rebooting",
        ],
    )
    b.label(
        "nvlink",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "All eight ranks of hgx-b-14 fail CUDA initialisation with error 802 'system not yet "
        "initialized'; that node's nvidia-fabricmanager failed at boot because an unattended "
        "upgrade moved the driver to 550.127.05, so its NVSwitch fabric is unconfigured; the other "
        "nodes only time out.",
        "https://github.com/aws-samples/aws-deep-learning-ami-ubuntu-dcv-desktop/issues/33",
        "one node's systemd unit log; CUDA 802 on one node only",
    )
    return b


# --------------------------------------------------------------------------------------
# u39 clean Kubeflow PyTorchJob on AKS
# --------------------------------------------------------------------------------------


def u39(rng: random.Random) -> Bundle:
    b = Bundle("u39_kubeflow_pytorchjob_clean")
    nodes = [
        "aks-gpupool-38211409-vmss000002",
        "aks-gpupool-38211409-vmss000005",
        "aks-gpupool-38211409-vmss000007",
    ]
    pods = ["bert-ft-master-0", "bert-ft-worker-0", "bert-ft-worker-1"]
    job = Job(
        rng, pods, gpn=4, ifname="eth0", hcas=[], bus_ids=BUS_IDS_A100, nccl="2.20.5", cuda="12.2"
    )
    t0 = dt("2024-09-09 17:40:02")
    t_train = t0 + sec(80)
    total = 3 * 1250
    step_s = 0.41
    t_end = t_train + sec(total * step_s)
    for pod, node in zip(pods, nodes, strict=True):
        out = job.agent_start(pod, t0, "/workspace/finetune_bert.py", 3, "bert-ft-master-0:23456")
        out += job.nccl_init(pod, net="Socket", prefix="[rank{rank}]:")
        if pod == pods[0]:
            for step in range(0, total + 1, 25):
                ep = step // 1250 + 1
                out.append(
                    f"[rank0]:Train Epoch: {min(ep, 3)} [{(step % 1250) * 384}/480000 "
                    f"({(step % 1250) * 100 // 1250}%)]\tloss={cosine_loss(rng, step, 0.9, 0.21):.4f}"
                )
                if step and step % 1250 == 0:
                    out.append(
                        f"[rank0]:{ts_py(t_train + sec(step * step_s))} eval epoch {ep - 1}: "
                        f"accuracy={0.861 + ep * 0.011:.4f} f1={0.842 + ep * 0.012:.4f}"
                    )
            out.append(f"[rank0]:{ts_py(t_end)} saved model to /mnt/azureblob/models/bert-ft/final")
        out.append(
            f"{t_end + sec(6):%m%d %H:%M:%S} torchrun: all 4 local workers finished (exit code 0)"
        )
        b.add(node, f"kubectl_logs_{pod}.txt", out)
        b.add(
            node,
            "dmesg.txt",
            render_dmesg_t(kernel_noise(rng, t0 - sec(3600), t_end, 15, drv="535.183.01")),
        )
    b.add(
        nodes[0],
        "kubectl_get_pytorchjob.txt",
        [
            "NAME      STATE       AGE",
            f"bert-ft   Succeeded   {int((t_end - t0).total_seconds()) // 60 + 7}m",
        ],
    )
    b.add(
        nodes[0],
        "kubectl_describe_pytorchjob.txt",
        [
            "Name:         bert-ft",
            "Namespace:    ml",
            "API Version:  kubeflow.org/v1",
            "Kind:         PyTorchJob",
            "Spec:",
            "  Pytorch Replica Specs:",
            "    Master:",
            "      Replicas:        1",
            "      Restart Policy:  OnFailure",
            "    Worker:",
            "      Replicas:        2",
            "      Restart Policy:  OnFailure",
            "Status:",
            f"  Completion Time:  {t_end + sec(9):%Y-%m-%dT%H:%M:%SZ}",
            "  Conditions:",
            f"    Last Transition Time:  {t0 - sec(20):%Y-%m-%dT%H:%M:%SZ}",
            "    Message:               PyTorchJob bert-ft is created.",
            "    Reason:                PyTorchJobCreated",
            "    Status:                True",
            "    Type:                  Created",
            f"    Last Transition Time:  {t0:%Y-%m-%dT%H:%M:%SZ}",
            "    Message:               PyTorchJob ml/bert-ft is running.",
            "    Reason:                PyTorchJobRunning",
            "    Status:                False",
            "    Type:                  Running",
            f"    Last Transition Time:  {t_end + sec(9):%Y-%m-%dT%H:%M:%SZ}",
            "    Message:               PyTorchJob ml/bert-ft successfully completed.",
            "    Reason:                PyTorchJobSucceeded",
            "    Status:                True",
            "    Type:                  Succeeded",
            "  Replica Statuses:",
            "    Master:",
            "      Succeeded:  1",
            "    Worker:",
            "      Succeeded:  2",
            f"  Start Time:      {t0 - sec(20):%Y-%m-%dT%H:%M:%SZ}",
            "Events:",
            "  Type    Reason                   Age   From                   Message",
            "  ----    ------                   ----  ----                   -------",
            "  Normal  SuccessfulCreatePod      29m   pytorchjob-controller  Created pod: bert-ft-master-0",
            "  Normal  SuccessfulCreatePod      29m   pytorchjob-controller  Created pod: bert-ft-worker-0",
            "  Normal  SuccessfulCreatePod      29m   pytorchjob-controller  Created pod: bert-ft-worker-1",
            "  Normal  ExitedWithCode           2m    pytorchjob-controller  Pod: ml.bert-ft-master-0 exited with code 0",
            "  Normal  PyTorchJobSucceeded      2m    pytorchjob-controller  PyTorchJob ml/bert-ft successfully completed.",
        ],
    )
    b.label(
        "unknown",
        "framework",
        None,
        None,
        "none",
        "All three pods train three epochs, rank 0 saves the final model, every worker exits 0 "
        "and the PyTorchJob is Succeeded; nothing failed.",
        "https://github.com/sungsoo/sungsoo.github.io/issues/17",
        "clean run on Kubernetes",
    )
    return b


# --------------------------------------------------------------------------------------
# u40 NaN in grad norm at iteration 14873 in both attempts (node replaced between them)
# --------------------------------------------------------------------------------------


def u40(rng: random.Random) -> Bundle:
    b = Bundle("u40_nan_same_iteration_two_attempts")
    att = [
        ["dgx-s-05", "dgx-s-06", "dgx-s-07", "dgx-s-08"],
        ["dgx-s-05", "dgx-s-06", "dgx-s-09", "dgx-s-08"],
    ]
    starts = [dt("2024-08-12 02:00:15"), dt("2024-08-12 17:41:02")]
    resume = [12000, 14000]
    it_fail = 14873
    iter_s = 8.9
    for a, (hosts, t0, r0) in enumerate(zip(att, starts, resume, strict=True), 1):
        job = Job(rng, hosts, gpn=8, ifname="enp225s0")
        t_train = t0 + sec(260)
        t_fail = t_train + sec((it_fail - r0) * iter_s)
        for h in hosts:
            out = [
                f"[NeMo I {t0:%Y-%m-%d %H:%M:%S} exp_manager:450] Resuming training from checkpoint: "
                f"/results/llama3-8b-cpt/checkpoints/megatron_llama--step={r0}-consumed_samples="
                f"{r0 * 512}.0"
            ]
            out += job.agent_start(h, t0, "megatron_gpt_pretraining.py", 4, f"{hosts[0]}:29500")
            out += job.nccl_init(h, prefix="[rank{rank}]:")
            if h == hosts[-1]:
                for it in [*range(r0 + 10, 14850, 10), *range(14850, it_fail + 1)]:
                    tt = t_train + sec((it - r0) * iter_s)
                    if it < 14850:
                        loss = f"{cosine_loss(rng, it, 2.3, 1.95):.6E}"
                        gn = f"{rng.uniform(0.3, 0.5):.3f}"
                        nan_it = 0
                    elif it < it_fail:
                        loss = f"{2.1 + (it - 14850) ** 1.4 * 0.09:.6E}"
                        gn = f"{(it - 14849) ** 1.6 * 2.3:.1f}"
                        nan_it = 0
                    else:
                        loss = "nan"
                        gn = "nan"
                        nan_it = 1
                    out.append(
                        f"[rank31]: [{tt:%Y-%m-%d %H:%M:%S}] iteration {it:>8}/   50000 | "
                        f"consumed samples: {it * 512:>10} | elapsed time per iteration (ms): "
                        f"{iter_s * 1000 + rng.uniform(-40, 40):.1f} | learning rate: "
                        f"3.000E-04 | global batch size:   512 | lm loss: {loss} | loss scale: "
                        f"1.0 | grad norm: {gn} "
                        f"| number of skipped iterations:   0 | number of nan iterations:   {nan_it} |"
                    )
            for lr in range(8):
                r = job.rank(h, lr)
                if rng.random() < 0.6:
                    out += traceback(
                        [
                            (
                                "/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py",
                                727,
                                "training_step",
                                "self.megatron_timer_stop('gradient_allreduce')",
                            ),
                            (
                                "/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py",
                                272,
                                "start_grad_sync",
                                "assert not norm.isnan(), (",
                            ),
                        ],
                        f"AssertionError: Rank {r}: found NaN in local grad norm in backward pass before "
                        f"data-parallel communication collective. Device: {lr}, node: {h}",
                        f"[rank{r}]:",
                    )
            out += job.agent_failure(
                h, t_fail + sec(4), [(lr, 1) for lr in range(8)], "megatron_gpt_pretraining.py"
            )
            b.add(h, "nemo_train.log", out, attempt=a)
            ev = kernel_noise(rng, t0 - sec(600), t_fail + sec(60), 12)
            if h == "dgx-s-07":
                for _k in range(5):
                    ev.append(
                        (
                            t0 + sec(rng.uniform(100, 20000)),
                            "pcieport 0000:c0:01.1: AER: Corrected error received: 0000:c1:00.0",
                        )
                    )
                    ev.append(
                        (
                            t0 + sec(rng.uniform(100, 20000)),
                            "nvidia 0000:c1:00.0: PCIe Bus Error: severity=Corrected, type=Data "
                            "Link Layer, (Receiver ID)",
                        )
                    )
            b.add(h, "syslog", render_syslog(ev, h), attempt=a)
    b.label(
        "numerical",
        "script",
        None,
        None,
        "stop",
        "Both attempts diverge at the same place: lm loss climbs from iteration 14850 and the "
        "grad norm is NaN at iteration 14873, with NaN assertions on ranks across all nodes; the "
        "second attempt resumed from step 14000 on a different node set (dgx-s-07 swapped for "
        "-09) and failed identically, so it is the data/hyper-parameters, not hardware.",
        "https://github.com/NVIDIA/tacotron2/issues/283",
        "same NaN at the same iteration across attempts with a node swapped; AER herring",
    )
    return b


CASES = [u36, u37, u38, u39, u40]
