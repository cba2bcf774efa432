"""Environment / dependency cases: one node's environment vs the whole job's environment."""

from scenario import *  # noqa

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def torchrun_agent_exit1(
    host, agent_pid, t, script, local_pids, rank_base, tb_text, rng, all_failed=True
):
    """Agent output when every local worker exits with code 1 at startup (2.3 style)."""
    out = []
    tt = t
    if not all_failed:
        for l, p in enumerate(local_pids[1:], 1):
            out.append(
                glog_agent(
                    tt,
                    "W",
                    agent_pid,
                    "torch/distributed/elastic/multiprocessing/api.py:851",
                    "Sending process %d closing signal SIGTERM" % p,
                )
            )
    out.append(
        glog_agent(
            tt + ms(180),
            "E",
            agent_pid,
            "torch/distributed/elastic/multiprocessing/api.py:826",
            "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3"
            % local_pids[0],
        )
    )
    out += TORCHRUN_TB.split("\n")
    fails = []
    if all_failed:
        for l in range(1, len(local_pids)):
            fails.append(
                dict(
                    time=tt + ms(180),
                    host=host,
                    rank=rank_base + l,
                    local_rank=l,
                    exitcode=1,
                    pid=local_pids[l],
                )
            )
    root = dict(
        time=tt + ms(180), host=host, rank=rank_base, local_rank=0, exitcode=1, pid=local_pids[0]
    )
    out += child_failed_table(script, fails, root)
    return out


# ============================================================================
@case
def c13(rng):
    b = Bundle("c13_old_driver_on_one_node")
    hosts = ["gpu-a100-r2-n03", "gpu-a100-r2-n05", "gpu-a100-r2-n07", "gpu-a100-r2-n08"]
    ips = ["10.60.2.3", "10.60.2.5", "10.60.2.7", "10.60.2.8"]
    t0 = T("2023-12-05 10:12:00")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="finetune.py",
        nccl_version="2.18.1+cuda12.1",
        kind="a100",
        rank_file=lambda hi, l, r: "logs/finetune.%d.err" % r,
        agent_file="torchrun.log",
    )
    bad = 2
    # startup only on good nodes; bad node's ranks die at torch.cuda.set_device
    for hi, h in enumerate(hosts):
        for l in range(8):
            lg = job.logs[(hi, l)]
            r = job.rank(hi, l)
            if hi == bad:
                lg += rank_traceback(
                    [
                        ("/home/ml/ft/finetune.py", 512, "<module>", "main()"),
                        (
                            "/home/ml/ft/finetune.py",
                            88,
                            "main",
                            "torch.cuda.set_device(local_rank)",
                        ),
                        (
                            "/opt/conda/lib/python3.10/site-packages/torch/cuda/__init__.py",
                            404,
                            "set_device",
                            "torch._C._cuda_setDevice(device)",
                        ),
                        (
                            "/opt/conda/lib/python3.10/site-packages/torch/cuda/__init__.py",
                            302,
                            "_lazy_init",
                            "torch._C._cuda_init()",
                        ),
                    ],
                    "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU "
                    "driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx "
                    "Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your "
                    "version of the CUDA driver.",
                )
            else:
                lg += nccl_init_lines(
                    h,
                    job.pids[h][l],
                    l,
                    ips[hi],
                    version=job.nccl_version,
                    rank=r,
                    nranks=32,
                    rng=rng,
                    kind="a100",
                )[:6]
    t_bad = t0 + sec(14)
    ag = job.agent_pid[hosts[bad]]
    job.agent[bad] += torchrun_agent_exit1(
        hosts[bad], ag, t_bad, "finetune.py", job.pids[hosts[bad]], 16, "", rng
    )
    # the other 24 ranks sit in NCCL bootstrap (Init START, never COMPLETE) until Slurm's time limit
    t_kill = t0 + sec(7200) - sec(3)
    for hi, h in enumerate(hosts):
        if hi == bad:
            continue
        job.agent[hi] += agent_sigterm_block(
            h,
            job.agent_pid[h],
            t_kill + ms(rng.randint(0, 900)),
            job.pids[h],
            rng,
            reason_line="slurmstepd: error: *** STEP 771204.0 ON %s CANCELLED AT %s DUE TO TIME LIMIT ***"
            % (h, slurm_ts(t_kill)),
        )
    job.emit()
    for hi, h in enumerate(hosts):
        drv, cu = ("470.223.02", "11.4") if hi == bad else ("535.154.05", "12.2")
        rows = [(31 + i % 3, 61, 4 if hi == bad else 1211, 0, "0") for i in range(8)]
        b.add(
            h,
            "prolog_nvidia-smi.txt",
            nvsmi_table(t0 - sec(20), rows, driver=drv, cuda=cu, name="NVIDIA A100-SXM4-80GB"),
        )
    b.add(
        hosts[bad],
        "reimage.log",
        [
            "%s INFO  provisioning: node gpu-a100-r2-n07 re-imaged from image 'ubuntu20-gpu-2022q4' (ticket INC-88231, mainboard swap)"
            % iso(t0 - sec(86400 * 2)),
            "%s INFO  provisioning: post-install: nvidia-driver-470-server 470.223.02-0ubuntu0.20.04.1"
            % iso(t0 - sec(86400 * 2 - 300)),
            "%s INFO  provisioning: node returned to partition 'a100' (state=IDLE)"
            % iso(t0 - sec(86400 * 2 - 900)),
        ],
    )
    b.set_label(
        "dependency",
        "framework",
        culprit(hosts[bad], None),
        "restart_without_node",
        "Every rank on gpu-a100-r2-n07 fails at CUDA init within 14 s: driver 470 (CUDA 11.4) is too old for the cu121 "
        "PyTorch; the node was re-imaged from an old image two days earlier. The other 24 ranks sit in NCCL init until "
        "the 2 h time limit kills them. Only that node's environment is wrong.",
        "https://github.com/NVIDIA/nvidia-docker/issues/400",
        "Old driver on one node at startup; everyone else hangs in NCCL init until the Slurm time limit.",
    )
    return b


# ============================================================================
@case
def c14(rng):
    b = Bundle("c14_nccl_undefined_symbol_all_nodes_console")
    hosts = ["n-h100-0412", "n-h100-0413", "n-h100-0431", "n-h100-0432"]
    t0 = T("2024-03-01 18:45:09")
    so = [
        "==> job 3318802 (user: rtak, account: llm-core) on n-h100-[0412-0413,0431-0432]",
        "+ source /lustre/home/rtak/venvs/llm-2.2/bin/activate",
        "+ pip list 2>/dev/null | grep -E '^(torch|nvidia-nccl)'",
        "nvidia-nccl-cu12          2.18.1",
        "torch                     2.2.0",
        "+ srun -l bash -c 'torchrun --nnodes=$SLURM_NNODES --node_rank=$SLURM_NODEID --nproc_per_node=8 "
        "--rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=n-h100-0412:29400 train.py --config cfg/7b.yaml'",
    ]
    t = t0 + sec(3)
    for ni, h in enumerate(hosts):
        tw = t + ms(rng.randint(0, 999))
        so.append("%d: [%s] torch.distributed.run: [WARNING] " % (ni, pylog(tw)))
        so.append(
            "%d: [%s] torch.distributed.run: [WARNING] *****************************************"
            % (ni, pylog(tw))
        )
    t += sec(9)
    tb = [
        "Traceback (most recent call last):",
        '  File "/lustre/home/rtak/llm/train.py", line 3, in <module>',
        "    import torch",
        '  File "/lustre/home/rtak/venvs/llm-2.2/lib/python3.10/site-packages/torch/__init__.py", line 237, in <module>',
        "    from torch._C import *  # noqa: F403",
        "ImportError: /lustre/home/rtak/venvs/llm-2.2/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister",
    ]
    order = [(ni, l) for ni in range(4) for l in range(8)]
    rng.shuffle(order)
    for ni, l in order[:14]:
        so += ["%d: %s" % (ni, x) for x in tb]
    for ni, h in enumerate(hosts):
        pl = pids(rng)
        ap = rng.randint(4000, 9000)
        tt = t + ms(rng.randint(100, 900))
        so.append(
            "%d: [%s] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: "
            "/lustre/home/rtak/venvs/llm-2.2/bin/python" % (ni, pylog(tt), pl[0])
        )
        so += [
            "%d: %s" % (ni, x)
            for x in TORCHRUN_TB.replace(
                "/usr/local/bin/torchrun", "/lustre/home/rtak/venvs/llm-2.2/bin/torchrun"
            )
            .replace(
                "/usr/local/lib/python3.10/dist-packages",
                "/lustre/home/rtak/venvs/llm-2.2/lib/python3.10/site-packages",
            )
            .split("\n")
        ]
        fails = [
            dict(time=tt, host=h, rank=ni * 8 + l, local_rank=l, exitcode=1, pid=pl[l])
            for l in range(1, 8)
        ]
        so += [
            "%d: %s" % (ni, x)
            for x in child_failed_table(
                "train.py",
                fails,
                dict(time=tt, host=h, rank=ni * 8, local_rank=0, exitcode=1, pid=pl[0]),
            )
        ]
    for ni, h in enumerate(hosts):
        so.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
    b.add(hosts[0], "slurm-3318802.out", so)
    for ni, h in enumerate(hosts):
        b.add(
            h,
            "prolog.log",
            ["%s prolog: node %s healthy (gpus=8 ib=8/8 lustre=mounted)" % (iso(t0 - sec(4)), h)],
        )
    b.set_label(
        "dependency",
        "framework",
        None,
        "stop",
        "All 32 ranks on all four nodes die at 'import torch' with undefined symbol ncclCommRegister: the user's venv "
        "pairs torch 2.2.0 with nvidia-nccl-cu12 2.18.1. Same error everywhere = the job's environment; fix the venv.",
        "https://github.com/pytorch/pytorch/issues/119932",
        "Only a Slurm launcher console (srun -l prefixes) exists; identical ImportError on every node.",
    )
    return b


# ============================================================================
@case
def c15(rng):
    b = Bundle("c15_nvidia_module_not_loaded_one_node")
    hosts = ["cn-g038", "cn-g041", "cn-g042", "cn-g044"]
    ips = ["10.3.0.38", "10.3.0.41", "10.3.0.42", "10.3.0.44"]
    t0 = T("2024-04-29 07:30:44")
    bad = 2
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="pretrain.py",
        nccl_version="2.20.5+cuda12.4",
        rank_file=lambda hi, l, r: "stdout-%d.txt" % r,
        agent_file="launcher.txt",
    )
    for hi, h in enumerate(hosts):
        for l in range(8):
            r = job.rank(hi, l)
            if hi == bad:
                job.logs[(hi, l)] += rank_traceback(
                    [
                        ("/work/proj/pretrain.py", 141, "<module>", "main(args)"),
                        (
                            "/work/proj/pretrain.py",
                            47,
                            "main",
                            "torch.cuda.set_device(int(os.environ['LOCAL_RANK']))",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py",
                            399,
                            "set_device",
                            "torch._C._cuda_setDevice(device)",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py",
                            293,
                            "_lazy_init",
                            "torch._C._cuda_init()",
                        ),
                    ],
                    "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed "
                    "a driver from http://www.nvidia.com/Download/index.aspx",
                )
            else:
                job.logs[(hi, l)] += nccl_init_lines(
                    h,
                    job.pids[h][l],
                    l,
                    ips[hi],
                    version=job.nccl_version,
                    rank=r,
                    nranks=32,
                    rng=rng,
                )[:5]
    job.agent[bad] += torchrun_agent_exit1(
        hosts[bad],
        job.agent_pid[hosts[bad]],
        t0 + sec(9),
        "pretrain.py",
        job.pids[hosts[bad]],
        16,
        "",
        rng,
    )
    # good ranks hang in NCCL bootstrap; the user scancels 47 minutes later
    t_kill = t0 + sec(47 * 60 + 12)
    for hi, h in enumerate(hosts):
        if hi == bad:
            continue
        job.agent[hi] += agent_sigterm_block(
            h,
            job.agent_pid[h],
            t_kill + ms(rng.randint(0, 700)),
            job.pids[h],
            rng,
            reason_line="slurmstepd: error: *** STEP 902113.0 ON %s CANCELLED AT %s ***"
            % (h, slurm_ts(t_kill)),
        )
    job.emit()
    h = hosts[bad]
    boot = t0 - sec(5400)
    j = [
        journald(boot + sec(2), h)
        + " Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0)",
        journald(boot + sec(9), h, "systemd-modules-load[611]") + " Failed to find module 'nvidia'",
        journald(boot + sec(9), h, "systemd-modules-load[611]")
        + " Failed to find module 'nvidia-uvm'",
        journald(boot + sec(9), h, "systemd-modules-load[611]")
        + " Failed to find module 'nvidia-peermem'",
        journald(boot + sec(21), h, "dkms[1130]")
        + " Error! Bad return status for module build on kernel: 5.15.0-105-generic (x86_64)",
        journald(boot + sec(21), h, "dkms[1130]")
        + " Consult /var/lib/dkms/nvidia/535.161.08/build/make.log for more information.",
        journald(boot + sec(30), h, "nvidia-persistenced[1402]")
        + " Failed to open libnvidia-cfg.so.1: libnvidia-cfg.so.1: cannot open shared object file: No such file or directory",
        journald(boot + sec(30), h, "systemd[1]")
        + " nvidia-persistenced.service: Main process exited, code=exited, status=1/FAILURE",
        journald(boot + sec(31), h, "nvidia-fabricmanager[1410]")
        + " request to query NVSwitch device information from NVSwitch driver failed with error:NV_WARN_NOTHING_TO_DO",
        journald(boot + sec(31), h, "systemd[1]")
        + " nvidia-fabricmanager.service: Failed with result 'exit-code'.",
        journald(t0 - sec(600), h, "unattended-upgrades[88123]")
        + " Packages that were upgraded: linux-image-5.15.0-105-generic linux-modules-5.15.0-105-generic",
    ]
    j.sort(key=lambda s: s[:15])
    b.add(h, "journal.txt", j)
    b.add(
        h,
        "nvidia-smi.txt",
        [
            "$ nvidia-smi",
            "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
            "Make sure that the latest NVIDIA driver is installed and running.",
            "",
            "$ lsmod | grep nvidia",
            "(empty)",
        ],
    )
    b.set_label(
        "host",
        "infrastructure",
        culprit(h, None),
        "restart_without_node",
        "cn-g042 rebooted into a new kernel after unattended-upgrades and DKMS failed to build the NVIDIA module, so "
        "torch finds no driver on any of its 8 ranks; the other nodes hang in NCCL init until the user cancels. A broken node, "
        "not a job problem.",
        "https://github.com/NVIDIA/nvidia-docker/issues/498",
        "Driver module missing on one node after kernel upgrade; 'Found no NVIDIA driver' only there.",
    )
    return b


# ============================================================================
@case
def c16(rng):
    b = Bundle("c16_leftover_processes_hold_gpu_memory")
    hosts = ["cs-gpu-b07", "cs-gpu-b12", "cs-gpu-b13"]
    ips = ["10.88.7.7", "10.88.7.12", "10.88.7.13"]
    t0 = T("2024-02-08 13:02:41")
    bad = 1
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train_gpt.py",
        nccl_version="2.19.3+cuda12.3",
        rank_file=lambda hi, l, r: "node%d_local%d.log" % (hi, l),
        agent_file="torchrun.log",
    )
    job.startup()
    foreign = {l: 201877 + l * 3 for l in range(8)}
    t_oom = t0 + sec(61)
    died = {}
    for l in range(8):
        r = job.rank(bad, l)
        free = 1.41 + rng.uniform(-0.2, 0.3)
        job.logs[(bad, l)] += [
            "[rank%d]: %s" % (r, x)
            for x in rank_traceback(
                [
                    ("/home/ylin/gpt/train_gpt.py", 402, "<module>", "main()"),
                    ("/home/ylin/gpt/train_gpt.py", 351, "main", "logits, loss = model(x, y)"),
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py",
                        1532,
                        "_wrapped_call_impl",
                        "return self._call_impl(*args, **kwargs)",
                    ),
                    ("/home/ylin/gpt/model.py", 188, "forward", "x = block(x)"),
                    ("/home/ylin/gpt/model.py", 104, "forward", "x = x + self.mlp(self.ln_2(x))"),
                    ("/home/ylin/gpt/model.py", 79, "forward", "x = self.gelu(x)"),
                ],
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU %d has a total capacity of 79.15 GiB of "
                "which %.2f GiB is free. Process %d has 71.32 GiB memory in use. Process %d has 6.38 GiB memory in use. Of the "
                "allocated memory 5.91 GiB is allocated by PyTorch, and 12.31 MiB is reserved by PyTorch but unallocated. If "
                "reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
                "fragmentation.  See documentation for Memory Management  "
                "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                % (l, free, foreign[l], job.pids[hosts[bad]][l]),
            )
        ]
        died[r] = t_oom + ms(rng.randint(0, 400))
    died.update(
        job.watchdog_cascade(
            t_oom - sec(2),
            3,
            "ALLREDUCE",
            (124475392, 124475392),
            skip=[job.rank(bad, l) for l in range(8)],
        )
    )
    job.agents_after(died, exitcodes={job.rank(bad, l): 1 for l in range(8)})
    job.emit()
    h = hosts[bad]
    b.add(
        h,
        "nvidia-smi.txt",
        nvsmi_table(
            t_oom + sec(40),
            [(36, 88, 73034, 0, "0") for _ in range(8)],
            procs=[(l, foreign[l], "/home/mkrause/envs/rl/bin/python", 73026) for l in range(8)],
        ),
    )
    for oh in (hosts[0], hosts[2]):
        b.add(
            oh,
            "nvidia-smi.txt",
            nvsmi_table(t_oom + sec(44), [(33 + i % 3, 70, 4, 0, "0") for i in range(8)]),
        )
    b.add(
        h,
        "ps_foreign.txt",
        [
            "$ ps -o pid,ppid,user,stat,etime,cmd -p %s"
            % ",".join(str(p) for p in foreign.values()),
            "    PID    PPID USER     STAT     ELAPSED CMD",
        ]
        + [
            "%7d       1 mkrause  Dl   1-02:41:%02d /home/mkrause/envs/rl/bin/python -u ppo_trainer.py --local_rank=%d"
            % (p, 10 + l, l)
            for l, p in foreign.items()
        ],
    )
    b.add(
        h,
        "slurmd.log",
        [
            "[%s] [552811.0] error: *** STEP 552811.0 ON cs-gpu-b12 CANCELLED AT %s DUE TO TIME LIMIT ***"
            % (slurm_ts(t0 - sec(3600 * 11)), slurm_ts(t0 - sec(3600 * 11))),
            "[%s] [552811.0] error: Unable to kill task 0: processes in uninterruptible sleep (D state)"
            % slurm_ts(t0 - sec(3600 * 11 - 120)),
            "[%s] [552811.extern] error: proctrack_p_wait: Unable to destroy container 201874 in cgroup plugin, giving up after 128 sec"
            % slurm_ts(t0 - sec(3600 * 11 - 250)),
            "[%s] error: epilog for job 552811 failed; node left in state IDLE (UnkillableStepProgram not configured)"
            % slurm_ts(t0 - sec(3600 * 11 - 260)),
            "[%s] launch task StepId=601144.0 request from UID:31002 GID:31002 HOST:10.88.0.2 PORT:51100"
            % slurm_ts(t0 - sec(8)),
        ],
    )
    b.set_label(
        "host",
        "infrastructure",
        culprit(h, None),
        "restart_without_node",
        "All 8 ranks on cs-gpu-b12 OOM at the first forward with only ~1.4 GiB free because foreign PIDs (another user's "
        "job 552811, stuck in D state since its time-limit kill) hold 71 GiB on every GPU; ranks on b07/b13 are fine "
        "and merely time out. The model config is not the problem.",
        "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/73",
        "CUDA OOM that is NOT a config problem: leftover processes from an earlier job on one node.",
    )
    return b


# ============================================================================
@case
def c17(rng):
    b = Bundle("c17_rendezvous_port_in_use_stale_agent")
    hosts = ["dgx-h100-a01", "dgx-h100-a02", "dgx-h100-a03", "dgx-h100-a04"]
    t0 = T("2024-05-20 06:00:03")
    master = "dgx-h100-a03"  # rendezvous endpoint is NOT the alphabetically first node
    for hi, h in enumerate(hosts):
        ap = rng.randint(3000, 9000)
        t = t0 + ms(rng.randint(200, 1500))
        lines = [
            glog_agent(
                t,
                "I",
                ap,
                "torch/distributed/launcher/api.py:188",
                "Starting elastic_operator with launch configs:",
            ),
            glog_agent(
                t, "I", ap, "torch/distributed/launcher/api.py:188", "  entrypoint       : sft.py"
            ),
            glog_agent(
                t, "I", ap, "torch/distributed/launcher/api.py:188", "  min_nodes        : 4"
            ),
            glog_agent(
                t, "I", ap, "torch/distributed/launcher/api.py:188", "  max_nodes        : 4"
            ),
            glog_agent(
                t, "I", ap, "torch/distributed/launcher/api.py:188", "  nproc_per_node   : 8"
            ),
            glog_agent(
                t, "I", ap, "torch/distributed/launcher/api.py:188", "  rdzv_backend     : static"
            ),
            glog_agent(
                t,
                "I",
                ap,
                "torch/distributed/launcher/api.py:188",
                "  rdzv_endpoint    : %s:29500" % master,
            ),
            glog_agent(
                t, "I", ap, "torch/distributed/launcher/api.py:188", "  max_restarts     : 0"
            ),
        ]
        if h == master:
            t2 = t + ms(40)
            lines += [
                "[W socket.cpp:464] [c10d] The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in use).",
                "[W socket.cpp:464] [c10d] The server socket has failed to bind to 0.0.0.0:29500 (errno: 98 - Address already in use).",
                "[E socket.cpp:500] [c10d] The server socket has failed to listen on any local network address.",
            ]
            lines += TORCHRUN_TB.split("\n")[:11] + [
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 232, in launch_agent',
                "    result = agent.run()",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 683, in _initialize_workers',
                "    self._rendezvous(worker_group)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 498, in _rendezvous',
                "    rdzv_info = spec.rdzv_handler.next_rendezvous()",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py", line 67, in next_rendezvous',
                "    self._store = TCPStore(  # type: ignore[call-arg]",
                "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: "
                "29500, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
            ]
            b.add(h, "torchrun-%s.log" % h.split("-")[-1], lines)
            b.add(
                h,
                "ss_listen.txt",
                [
                    "$ ss -ltnp 'sport = :29500'",
                    "State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process",
                    'LISTEN 0      4096         0.0.0.0:29500      0.0.0.0:*     users:(("torchrun",pid=2291047,fd=3))',
                    "",
                    "$ ps -o pid,user,etime,cmd -p 2291047",
                    "    PID USER         ELAPSED CMD",
                    "2291047 svc-eval  3-07:14:22 /usr/bin/python3 /usr/local/bin/torchrun --nproc_per_node 8 "
                    "--rdzv_backend static --master_port 29500 eval_harness.py --tasks mmlu",
                ],
            )
        else:
            t3 = t + sec(900) + ms(rng.randint(0, 900))
            lines += TORCHRUN_TB.split("\n")[:11] + [
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py", line 67, in next_rendezvous',
                "    self._store = TCPStore(  # type: ignore[call-arg]",
                "torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to connect to "
                "(%s, 29500)." % master,
            ]
            lines.insert(
                8,
                glog_agent(
                    t3 - sec(1),
                    "E",
                    ap,
                    "torch/distributed/elastic/agent/server/api.py:672",
                    "[default] Rendezvous failed.",
                ),
            )
            b.add(h, "torchrun-%s.log" % h.split("-")[-1], lines)
    b.add(
        hosts[0],
        "job.out",
        [
            "#SBATCH --nodes=4 --exclusive=user",
            "MASTER_ADDR=%s (selected by scontrol show hostnames | sed -n 3p)" % master,
            "srun: error: %s: task 2: Exited with exit code 1" % master,
            "srun: error: dgx-h100-a01: task 0: Exited with exit code 1",
            "srun: error: dgx-h100-a02: task 1: Exited with exit code 1",
            "srun: error: dgx-h100-a04: task 3: Exited with exit code 1",
        ],
    )
    b.set_label(
        "host",
        "infrastructure",
        culprit(master, None),
        "restart_without_node",
        "The rendezvous host dgx-h100-a03 cannot bind port 29500 because a 3-day-old torchrun from another user's eval "
        "job (shared node, --exclusive=user) is still listening there; the other three agents time out connecting to it "
        "15 minutes later. Move the job off that node (or kill the stale process).",
        "https://github.com/vllm-project/vllm/issues/39015",
        "EADDRINUSE on the rendezvous node from a stale process; client-timeout errors on the other nodes are fallout.",
    )
    return b


# ============================================================================
@case
def c18(rng):
    b = Bundle("c18_flash_attn_abi_mismatch_all_nodes")
    hosts = ["worker-0", "worker-1"]
    t0 = T("2024-11-12 15:20:33")
    for hi, h in enumerate(hosts):
        pl = pids(rng)
        for l in range(8):
            r = hi * 8 + l
            lines = [
                "[%s] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)"
                % pylog(t0 + sec(4))
            ]
            lines += [
                "[rank%d]: %s" % (r, x)
                for x in rank_traceback(
                    [
                        (
                            "/app/sft/train.py",
                            14,
                            "<module>",
                            "from modeling.llama_flash import LlamaForCausalLMFlash",
                        ),
                        (
                            "/app/sft/modeling/llama_flash.py",
                            9,
                            "<module>",
                            "from flash_attn import flash_attn_varlen_func",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/flash_attn/__init__.py",
                            3,
                            "<module>",
                            "from flash_attn.flash_attn_interface import (",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/flash_attn/flash_attn_interface.py",
                            10,
                            "<module>",
                            "import flash_attn_2_cuda as flash_attn_cuda",
                        ),
                    ],
                    "ImportError: /usr/local/lib/python3.11/site-packages/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: "
                    "undefined symbol: _ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE",
                )
            ]
            b.add(h, "logs/rank_%d.log" % r, lines)
        ap = rng.randint(50, 90)
        t = t0 + sec(6) + ms(rng.randint(0, 800))
        b.add(
            h,
            "launcher.log",
            [
                "+ accelerate launch --config_file configs/fsdp_2x8.yaml --machine_rank %d --main_process_ip worker-0 train.py"
                % hi,
                "The following values were not passed to `accelerate launch` and had defaults used instead:",
                "\t`--dynamo_backend` was set to a value of `'no'`",
            ]
            + torchrun_agent_exit1(h, ap, t, "train.py", pl, hi * 8, "", rng)
            + [
                "Traceback (most recent call last):",
                '  File "/usr/local/bin/accelerate", line 8, in <module>',
                "    sys.exit(main())",
                "subprocess.CalledProcessError: Command '['torchrun', '--nnodes', '2', ...]' returned non-zero exit status 1.",
            ],
        )
    b.add(
        hosts[0],
        "image_build.txt",
        [
            "Step 7/12 : RUN pip install torch==2.5.1 --index-url https://download.pytorch.org/whl/cu124",
            "Successfully installed torch-2.5.1+cu124",
            "Step 8/12 : RUN pip install flash-attn==2.6.3 --no-build-isolation",
            "Using cached flash_attn-2.6.3-cp311-cp311-linux_x86_64.whl (prebuilt for torch 2.4, cxx11abi FALSE)",
            "Successfully installed flash-attn-2.6.3",
        ],
    )
    b.set_label(
        "dependency",
        "framework",
        None,
        "stop",
        "Every rank on both pods fails importing flash_attn_2_cuda with an undefined c10 symbol: the image installed a "
        "flash-attn wheel built for a different torch/C++ ABI. Identical on all nodes, so it is the image, not a node.",
        "https://github.com/pytorch/pytorch/issues/119072",
        "accelerate/FSDP on k8s pods; ABI mismatch in the container image on every rank.",
    )
    return b
