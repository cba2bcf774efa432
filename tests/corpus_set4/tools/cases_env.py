"""t11-t19: one node's environment vs the job's; shared service vs node-local storage."""

from __future__ import annotations

import random
from datetime import datetime

from common import (
    Bundle,
    Console,
    Failure,
    Prefix,
    add_watchdogs,
    agent_exit,
    base_console,
    iso,
    make_job,
    megatron_iters,
    ms,
    nccl_init,
    nemo_bar,
    place,
    py_traceback,
    pylog,
    pylog_steps,
    sec,
    torchrun_summary,
)
from hw import df_h, kernel_log, nvidia_smi_table

PY = "/usr/local/lib/python3.10/dist-packages"


def _fail_all(
    con: Console, pfx: Prefix, ranks: list[int], t: datetime, rng: random.Random, tb: list[str]
) -> None:
    for r in ranks:
        con.block(t + ms(rng.uniform(0, 400)), pfx.out(r), tb)


def t11() -> Bundle:
    rng = random.Random(411)
    b = Bundle("t11_driver_too_old_on_one_node")
    hosts = [f"a3-node-{i:03d}" for i in range(11, 15)]
    job = make_job(rng, hosts, subnet="10.128.0", first=41)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 2, 27, 18, 40, 12)
    culprit = "a3-node-013"
    cons = {h: base_console(rng, job, h, start, pfx, nccl=h != culprit, warnings=1) for h in hosts}
    t_cuda = start + sec(31)
    tb = py_traceback(
        [
            ("/mnt/home/proj/llm/train.py", 61, "<module>", "torch.cuda.set_device(local_rank)"),
            (
                "/opt/venv/lib/python3.11/site-packages/torch/cuda/__init__.py",
                399,
                "set_device",
                "torch._C._cuda_setDevice(device)",
            ),
            (
                "/opt/venv/lib/python3.11/site-packages/torch/cuda/__init__.py",
                310,
                "_lazy_init",
                "torch._C._cuda_init()",
            ),
        ],
        "RuntimeError: The NVIDIA driver on your system is too old (found version 11080). Please update your GPU "
        "driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx "
        "Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your "
        "version of the CUDA driver.",
    )
    _fail_all(cons[culprit], pfx, job.ranks(culprit), t_cuda, rng, tb)
    fails = [
        Failure(t_cuda + sec(2), culprit, r, job.local(r), 1, job.pid(r))
        for r in job.ranks(culprit)
    ]
    agent_exit(cons[culprit], rng, job, culprit, "train.py", fails)
    for h in hosts:
        if h == culprit:
            continue
        for r in job.ranks(h):
            cons[h].at(
                t_cuda + ms(rng.uniform(0, 900)),
                pfx.out(r) + f"rank {r}/{job.world} on {h}: cuda:{job.local(r)}"
                f" ({'NVIDIA H100 80GB HBM3'}), torch 2.4.1+cu124",
            )
        done = add_watchdogs(
            cons[h],
            rng,
            job,
            job.ranks(h),
            t_cuda + sec(1800.3),
            1,
            pfx,
            op="BROADCAST",
            numel=131137536,
        )
        fails = [Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()]
        agent_exit(cons[h], rng, job, h, "train.py", fails)
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        old = h == culprit
        when = t_cuda + sec(2400)
        b.add(
            f"{h}/nvidia-smi.txt",
            nvidia_smi_table(
                rng,
                when,
                ["04", "05", "0a", "0b", "84", "85", "8a", "8b"],
                [{"util": 0, "mem": 1} for _ in range(8)],
                [],
                driver="520.61.05" if old else "550.90.07",
                cuda="11.8" if old else "12.4",
            ),
        )
        b.add(f"{h}/dmesg-T.txt", kernel_log(rng, h, start - sec(7200), when, "dmesg_t", noise=20))
    b.add(
        f"{culprit}/dpkg-nvidia.txt",
        [
            "ii  nvidia-driver-520-server        520.61.05-0ubuntu0.22.04.1  amd64  NVIDIA Server Driver metapackage",
            "ii  nvidia-kernel-common-520-server 520.61.05-0ubuntu0.22.04.1  amd64  Shared files used with the kernel "
            "module",
            "ii  libnvidia-compute-520-server:amd64 520.61.05-0ubuntu0.22.04.1 amd64 NVIDIA libcompute package",
        ],
    )
    b.label(
        "dependency",
        "infrastructure",
        culprit,
        None,
        "restart_without_node",
        "Only a3-node-013 runs driver 520 (CUDA 11.8) and all its ranks fail 'NVIDIA driver ... too old' at CUDA "
        "init; the other nodes (driver 550) start fine and only time out waiting for the missing ranks.",
        "https://github.com/IEIT-Yuan/Yuan-2.0/issues/65",
    )
    return b


def t12() -> Bundle:
    rng = random.Random(412)
    b = Bundle("t12_libcudnn_missing_on_one_node_pdsh")
    hosts = [f"w-gpu-{i}" for i in range(6)]
    job = make_job(rng, hosts, subnet="192.168.77", first=30)
    Prefix(job, "pdsh")
    start = datetime(2024, 3, 19, 10, 2, 9, 118000)
    culprit = "w-gpu-3"
    con = Console()
    h0 = f"[{pylog(start)}] [INFO]"
    con.at(
        start,
        f"{h0} [runner.py:463:main] Using IP address of 192.168.77.30 for node w-gpu-0",
        f"{h0} [multinode_runner.py:80:get_cmd] Running on the following workers: {','.join(hosts)}",
        f"{h0} [runner.py:568:main] cmd = pdsh -S -f 1024 -w {','.join(hosts)} export "
        "LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/lib/x86_64-linux-gnu; cd /home/svc/train; "
        "/opt/pytorch/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ3LWdwdS0wIjogWzAsIDEsIDIsIDMsIDQs"
        "IDUsIDYsIDddfQ== --node_rank=%n --master_addr=192.168.77.30 --master_port=29500 finetune.py "
        "--deepspeed ds_zero3.json --model /models/llama-2-70b",
    )
    t = start + sec(3)
    for h in hosts:
        lt = t + ms(rng.uniform(0, 900))
        lh = f"[{pylog(lt)}] [INFO]"
        con.at(
            lt,
            f"{h}: {lh} [launch.py:151:main] nnodes=6, num_local_procs=8, node_rank={hosts.index(h)}",
            f"{h}: {lh} [launch.py:164:main] dist_world_size=48",
            f"{h}: {lh} [launch.py:166:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7",
            f"{h}: {lh} [launch.py:253:main] process {job.pid(job.rank(h, 0))} spawned with command: "
            "['/opt/pytorch/bin/python', '-u', 'finetune.py', '--local_rank=0', '--deepspeed', 'ds_zero3.json']",
        )
    t_imp = t + sec(4)
    tb = py_traceback(
        [
            ("/home/svc/train/finetune.py", 4, "<module>", "import torch"),
            (
                "/opt/pytorch/lib/python3.10/site-packages/torch/__init__.py",
                237,
                "<module>",
                "from torch._C import *  # noqa: F403",
            ),
        ],
        "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory",
    )
    for _ in job.ranks(culprit):
        con.block(t_imp + ms(rng.uniform(0, 500)), f"{culprit}: ", tb)
    kt = t_imp + sec(1.5)
    for r in job.ranks(culprit):
        con.at(
            kt,
            f"{culprit}: [{pylog(kt)}] [INFO] [launch.py:315:sigkill_handler] Killing subprocess {job.pid(r)}",
        )
    con.at(
        kt + sec(0.2),
        f"{culprit}: [{pylog(kt + sec(0.2))}] [ERROR] [launch.py:321:sigkill_handler] "
        "['/opt/pytorch/bin/python', '-u', 'finetune.py', '--local_rank=7', '--deepspeed', 'ds_zero3.json'] "
        "exits with return code = 1",
    )
    con.at(kt + sec(0.4), f"pdsh@w-gpu-0: {culprit}: ssh exited with exit code 1")
    for h in hosts:
        if h == culprit:
            continue
        for r in job.ranks(h):
            d = t_imp + sec(rng.uniform(5, 9))
            con.at(d, f"{h}: [{pylog(d)}] [INFO] [comm.py:637:init_distributed] cdb=None")
            if r == 0:
                con.at(
                    d,
                    f"{h}: [{pylog(d)}] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in "
                    "DeepSpeed with backend nccl",
                )
    t_to = t_imp + sec(1807)
    tb0 = py_traceback(
        [
            ("/home/svc/train/finetune.py", 88, "<module>", "deepspeed.init_distributed()"),
            (
                "/opt/pytorch/lib/python3.10/site-packages/deepspeed/comm/comm.py",
                670,
                "init_distributed",
                "cdb = TorchBackend(dist_backend, timeout, init_method, rank, world_size)",
            ),
            (
                "/opt/pytorch/lib/python3.10/site-packages/deepspeed/comm/torch.py",
                121,
                "__init__",
                "self.init_process_group(backend, timeout, init_method, rank, world_size)",
            ),
            (
                "/opt/pytorch/lib/python3.10/site-packages/torch/distributed/rendezvous.py",
                174,
                "_create_c10d_store",
                "return TCPStore(",
            ),
        ],
        "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 40/48 clients joined.",
    )
    con.block(t_to, "w-gpu-0: ", tb0)
    for h in hosts:
        if h in (culprit,):
            continue
        kt = t_to + sec(rng.uniform(1, 3))
        con.at(
            kt,
            f"{h}: [{pylog(kt)}] [ERROR] [launch.py:321:sigkill_handler] ['/opt/pytorch/bin/python', '-u', "
            "'finetune.py', '--local_rank=7', '--deepspeed', 'ds_zero3.json'] exits with return code = 1",
        )
    b.add("w-gpu-0/ds_launch.log", con.render())
    for h in hosts:
        if h == culprit:
            lib = [
                "\tlibcublasLt.so.12 (libc6,x86-64) => /usr/local/cuda/lib64/libcublasLt.so.12",
                "\tlibcublas.so.12 (libc6,x86-64) => /usr/local/cuda/lib64/libcublas.so.12",
            ]
            pkgs = ["ii  cuda-toolkit-12-4  12.4.1-1  amd64  CUDA Toolkit 12.4 meta-package"]
        else:
            lib = [
                "\tlibcudnn.so.9 (libc6,x86-64) => /lib/x86_64-linux-gnu/libcudnn.so.9",
                "\tlibcudnn_graph.so.9 (libc6,x86-64) => /lib/x86_64-linux-gnu/libcudnn_graph.so.9",
                "\tlibcublasLt.so.12 (libc6,x86-64) => /usr/local/cuda/lib64/libcublasLt.so.12",
                "\tlibcublas.so.12 (libc6,x86-64) => /usr/local/cuda/lib64/libcublas.so.12",
            ]
            pkgs = [
                "ii  cuda-toolkit-12-4  12.4.1-1  amd64  CUDA Toolkit 12.4 meta-package",
                "ii  libcudnn9-cuda-12  9.1.0.70-1  amd64  cuDNN runtime libraries for CUDA 12.4",
            ]
        b.add(f"{h}/ldconfig-p.txt", ["$ ldconfig -p | grep -E 'cudnn|cublas'", *lib])
        b.add(f"{h}/dpkg-cuda.txt", ["$ dpkg -l | grep -E 'cudnn|cuda-toolkit'", *pkgs])
        b.add(
            f"{h}/syslog.txt",
            kernel_log(rng, h, start - sec(3600), t_to + sec(60), "syslog", noise=30),
        )
    b.label(
        "dependency",
        "infrastructure",
        culprit,
        None,
        "restart_without_node",
        "All eight processes on w-gpu-3 die importing torch (libcudnn.so.9 missing; ldconfig/dpkg show no cuDNN on "
        "that node only); the other five nodes start and then time out waiting for 8 clients at the TCPStore.",
        "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/91",
    )
    return b


def t13() -> Bundle:
    rng = random.Random(413)
    b = Bundle("t13_flash_attn_abi_mismatch_on_every_pod")
    nodes = [
        "gke-a3-highgpu-pool-8c1e-xk2p",
        "gke-a3-highgpu-pool-8c1e-7mzq",
        "gke-a3-highgpu-pool-8c1e-q4vd",
        "gke-a3-highgpu-pool-8c1e-d9wt",
    ]
    pods = [
        "llama-sft-0411-master-0",
        "llama-sft-0411-worker-0",
        "llama-sft-0411-worker-1",
        "llama-sft-0411-worker-2",
    ]
    job = make_job(rng, nodes, subnet="10.124.0", first=5)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 4, 11, 9, 30, 41)
    digest = "sha256:7f1c2e4a9b3d5f6e8a0c1b2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5"
    sym = "_ZN3c104cuda9SetDeviceEi"
    for n, pod in zip(nodes, pods, strict=True):
        for attempt in (1, 2):
            t0 = start + sec(attempt * 95 + rng.uniform(0, 4))
            con = Console()
            con.at(
                t0,
                "+ torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d "
                "--rdzv_endpoint=llama-sft-0411-master-0:29400 --rdzv_id=llama-sft-0411 /app/sft/train.py "
                "--config /app/configs/llama3_8b_sft.yaml",
            )
            ti = t0 + sec(9)
            tb = py_traceback(
                [
                    ("/app/sft/train.py", 14, "<module>", "from sft.model import build_model"),
                    (
                        "/app/sft/model.py",
                        9,
                        "<module>",
                        "from flash_attn import flash_attn_func, flash_attn_varlen_func",
                    ),
                    (
                        f"{PY}/flash_attn/__init__.py",
                        3,
                        "<module>",
                        "from flash_attn.flash_attn_interface import (",
                    ),
                    (
                        f"{PY}/flash_attn/flash_attn_interface.py",
                        10,
                        "<module>",
                        "import flash_attn_2_cuda as flash_attn_cuda",
                    ),
                ],
                f"ImportError: {PY}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: {sym}",
            )
            _fail_all(con, pfx, job.ranks(n), ti, rng, tb)
            fails = [Failure(ti + sec(1), n, r, job.local(r), 1, job.pid(r)) for r in job.ranks(n)]
            root = fails[0]
            con.at(
                ti + sec(1.2),
                *torchrun_summary("/app/sft/train.py", fails, root, agent_pid=1, dt=ti + sec(1.2)),
            )
            suffix = "" if attempt == 2 else "--previous"
            b.add(f"{n}/kubectl-logs-{pod}{suffix}.txt", con.render_stamped(iso))
        b.add(
            f"{n}/kubectl-describe-pod-{pod}.txt",
            [
                f"Name:             {pod}",
                "Namespace:        ml-train",
                f"Node:             {n}/{job.ips[n]}",
                "Labels:           training.kubeflow.org/job-name=llama-sft-0411",
                f"                  training.kubeflow.org/replica-type={'master' if 'master' in pod else 'worker'}",
                "Status:           Running",
                "Containers:",
                "  pytorch:",
                "    Image:          us-docker.pkg.dev/acme-ml/train/llm-sft:2024-04-10",
                f"    Image ID:       us-docker.pkg.dev/acme-ml/train/llm-sft@{digest}",
                "    State:          Waiting",
                "      Reason:       CrashLoopBackOff",
                "    Last State:     Terminated",
                "      Reason:       Error",
                "      Exit Code:    1",
                f"      Started:      {start + sec(190):%a, %d %b %Y %H:%M:%S} +0000",
                f"      Finished:     {start + sec(201):%a, %d %b %Y %H:%M:%S} +0000",
                "    Ready:          False",
                "    Restart Count:  3",
                "    Limits:",
                "      nvidia.com/gpu:  8",
                "Events:",
                "  Type     Reason     Age                 From     Message",
                "  ----     ------     ----                ----     -------",
                '  Normal   Pulled     4m (x4 over 7m)     kubelet  Container image "us-docker.pkg.dev/acme-ml/train/'
                'llm-sft:2024-04-10" already present on machine',
                "  Normal   Created    4m (x4 over 7m)     kubelet  Created container pytorch",
                "  Normal   Started    4m (x4 over 7m)     kubelet  Started container pytorch",
                "  Warning  BackOff    2m (x9 over 6m)     kubelet  Back-off restarting failed container pytorch in pod "
                f"{pod}_ml-train",
            ],
        )
        b.add(
            f"{n}/pip-freeze-{pod}.txt",
            [
                "accelerate==0.29.2",
                "datasets==2.18.0",
                "einops==0.7.0",
                "flash-attn==2.5.6",
                "ninja==1.11.1.1",
                "numpy==1.26.4",
                "safetensors==0.4.2",
                "tokenizers==0.15.2",
                "torch==2.3.0",
                "transformers==4.39.3",
                "triton==2.3.0",
            ],
        )
    b.add(
        f"{nodes[0]}/image-changelog.txt",
        [
            "2024-04-10  llm-sft: bump torch 2.2.2 -> 2.3.0 (cu121), keep flash-attn==2.5.6 wheel from cache",
            "2024-04-02  llm-sft: add datasets 2.18.0",
        ],
    )
    b.label(
        "dependency",
        "framework",
        None,
        None,
        "stop",
        "Every pod of the PyTorchJob, on four different nodes with the same image digest, fails importing "
        "flash_attn_2_cuda (undefined symbol _ZN3c104cuda9SetDeviceEi): the wheel was built for torch 2.2, the image "
        "now has torch 2.3. Fix the image.",
        "https://github.com/Dao-AILab/flash-attention/issues/966",
    )
    return b


def t14() -> Bundle:
    rng = random.Random(414)
    b = Bundle("t14_leftover_eval_server_holds_gpu_memory")
    hosts = [f"ml-h100-{i}" for i in range(21, 25)]
    job = make_job(rng, hosts, subnet="10.20.8", first=21)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 11, 18, 12, 58, 30)
    culprit, lr = "ml-h100-23", 3
    bad = job.rank(culprit, lr)
    cons = {h: base_console(rng, job, h, start, pfx) for h in hosts}
    t_oom = start + sec(221.4)
    tb = py_traceback(
        [
            ("/home/jdoe/proj/train_fsdp.py", 302, "<module>", "main(args)"),
            ("/home/jdoe/proj/train_fsdp.py", 251, "main", "loss = model(**batch).loss"),
            (
                f"{PY}/torch/nn/modules/module.py",
                1553,
                "_wrapped_call_impl",
                "return self._call_impl(*args, **kwargs)",
            ),
            (
                f"{PY}/torch/distributed/fsdp/fully_sharded_data_parallel.py",
                863,
                "forward",
                "output = self._fsdp_wrapped_module(*args, **kwargs)",
            ),
            (
                f"{PY}/transformers/models/llama/modeling_llama.py",
                1189,
                "forward",
                "logits = self.lm_head(hidden_states)",
            ),
        ],
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 3 has a total capacity of 79.10 "
        "GiB of which 1.31 GiB is free. Process 48213 has 61.24 GiB memory in use. Including non-PyTorch memory, "
        "this process has 16.52 GiB memory in use. Of the allocated memory 14.90 GiB is allocated by PyTorch, and "
        "1.02 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
        "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
    )
    cons[culprit].block(t_oom, pfx.out(bad), tb)
    agent_exit(
        cons[culprit],
        rng,
        job,
        culprit,
        "train_fsdp.py",
        [Failure(t_oom + sec(1.1), culprit, bad, lr, 1, job.pid(bad))],
        sigterm=[job.pid(r) for r in job.ranks(culprit) if r != bad],
        sigterm_at=t_oom + sec(0.8),
    )
    for d, line in pylog_steps(rng, start + sec(200), 1, 1, every=1, step_s=19, name="fsdp"):
        cons[hosts[0]].at(d, pfx.out(0) + line)
    for h in hosts:
        if h == culprit:
            continue
        done = add_watchdogs(
            cons[h],
            rng,
            job,
            job.ranks(h),
            t_oom + sec(1800.2),
            7,
            pfx,
            op="_ALLGATHER_BASE",
            numel=131334144,
        )
        fails = [Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()]
        agent_exit(cons[h], rng, job, h, "train_fsdp.py", fails)
    snap = t_oom + sec(2400)
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        rows = [{"util": 0, "mem": 4} for _ in range(8)]
        procs = []
        if h == culprit:
            rows[3] = {"util": 0, "mem": 62713}
            procs = [(3, 48213, "python3 /home/svc-eval/serve_eval.py", 62706)]
        b.add(f"{h}/nvidia-smi.txt", nvidia_smi_table(rng, snap, job.bus, rows, procs))
        b.add(f"{h}/dmesg-T.txt", kernel_log(rng, h, start - sec(3000), snap, "dmesg_t", noise=18))
    b.add(
        f"{culprit}/ps-gpu-pids.txt",
        [
            "$ ps -o pid,user,lstart,etime,rss,cmd -p 48213",
            "    PID USER     STARTED                      ELAPSED   RSS CMD",
            "  48213 svc-eval Sat Nov 16 08:14:55 2024  2-05:24:10 9126440 python3 /home/svc-eval/serve_eval.py "
            "--port 8711 --model /models/judge-70b --tp 1",
            "$ squeue -w ml-h100-23",
            "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
            "            771455     train  sft-fsdp     jdoe  R      41:48      4 ml-h100-[21-24]",
            "$ sacct -u svc-eval -S 2024-11-16 --format=JobID,JobName,State,End,NodeList",
            "JobID           JobName      State                 End        NodeList",
            "------------ ---------- ---------- ------------------- ---------------",
            "765102        eval-judge  CANCELLED 2024-11-16T09:02:31      ml-h100-23",
        ],
    )
    b.label(
        "oom",
        "infrastructure",
        culprit,
        bad,
        "restart_without_node",
        "Rank 19 (ml-h100-23, GPU 3) ran out of memory because 'Process 48213 has 61.24 GiB memory in use': a stray "
        "eval server left by another user's cancelled job two days ago. Its peers only time out afterwards.",
        "https://github.com/ai4d-iasc/trixie/issues/92",
    )
    return b


def t15() -> Bundle:
    rng = random.Random(415)
    b = Bundle("t15_pyxis_reuses_stale_named_container_on_one_node")
    hosts = [f"hgx-{i:02d}" for i in range(7, 13)]
    job = make_job(rng, hosts, subnet="10.5.0", first=107)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 6, 10, 7, 12, 44)
    culprit = "hgx-10"
    image = "nvcr.io#nvidia/pytorch:24.05-py3"
    cons = {}
    for h in hosts:
        con = Console()
        if h == culprit:
            con.at(
                start,
                "pyxis: reusing existing container filesystem",
                "pyxis: starting container ...",
            )
        else:
            con.at(start, f"pyxis: importing docker image: {image}")
            con.at(
                start + sec(rng.uniform(70, 95)),
                f"pyxis: imported docker image: {image}",
                "pyxis: creating container filesystem: pyxis_megatron",
                "pyxis: starting container ...",
            )
        cons[h] = con
    t_run = start + sec(100)
    for h in hosts:
        base = base_console(rng, job, h, t_run, pfx, nccl=h != culprit, warnings=1)
        for ev in base.events:
            cons[h].events.append(ev)
        for r in job.ranks(h):
            if h == culprit:
                v = "torch 2.1.0a0+32f93b1 | cuda 12.2 | nccl (2, 18, 3) | transformer_engine 1.0.0+66d91d5"
            else:
                v = "torch 2.4.0a0+07cecf4 | cuda 12.4 | nccl (2, 21, 5) | transformer_engine 1.6.0+c81733f"
            cons[h].at(
                t_run + sec(18) + ms(rng.uniform(0, 500)), pfx.out(r) + f"[env] rank {r} {v}"
            )
    t_imp = t_run + sec(19)
    tb = py_traceback(
        [
            (
                "/lustre/proj/megatron-run/train.py",
                12,
                "<module>",
                "from parallel import setup_mesh",
            ),
            (
                "/lustre/proj/megatron-run/parallel.py",
                5,
                "<module>",
                "from torch.distributed.device_mesh import init_device_mesh",
            ),
        ],
        "ModuleNotFoundError: No module named 'torch.distributed.device_mesh'",
    )
    _fail_all(cons[culprit], pfx, job.ranks(culprit), t_imp, rng, tb)
    agent_exit(
        cons[culprit],
        rng,
        job,
        culprit,
        "train.py",
        [
            Failure(t_imp + sec(1.5), culprit, r, job.local(r), 1, job.pid(r))
            for r in job.ranks(culprit)
        ],
    )
    for h in hosts:
        if h == culprit:
            continue
        done = add_watchdogs(
            cons[h],
            rng,
            job,
            job.ranks(h),
            t_imp + sec(600.7),
            1,
            pfx,
            timeout_ms=600000,
            op="BROADCAST",
            numel=262144,
        )
        agent_exit(
            cons[h],
            rng,
            job,
            h,
            "train.py",
            [Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()],
        )
    for h in hosts:
        b.add(f"{h}/slurm-771204-{h}.out", cons[h].render())
        if h == culprit:
            rows = [
                "NAME            PID STATE STARTED                          TIME MNTNS USERNS COMMAND",
                "pyxis_megatron                                                                     ",
            ]
            created = "2024-05-29 16:03"
        else:
            rows = [
                "NAME            PID STATE STARTED                          TIME MNTNS USERNS COMMAND",
                "pyxis_megatron                                                                     ",
            ]
            created = f"{start + sec(90):%Y-%m-%d %H:%M}"
        b.add(
            f"{h}/enroot-list.txt",
            [
                "$ enroot list -f",
                *rows,
                "$ stat -c '%y %n' /raid/enroot/data/user-41022/pyxis_megatron",
                f"{created}:11.402917316 +0000 /raid/enroot/data/user-41022/pyxis_megatron",
            ],
        )
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - sec(3600), t_imp + sec(700), "dmesg_t", noise=15),
        )
    b.add(
        f"{hosts[0]}/sbatch.sh",
        [
            "#!/bin/bash",
            "#SBATCH -J megatron-70b -N 6 --ntasks-per-node=1 --gpus-per-node=8 -p train",
            "#SBATCH -o slurm-%j-%N.out",
            f"srun --container-image={image} --container-name=megatron \\",
            "     --container-mounts=/lustre:/lustre torchrun --nnodes=6 --nproc-per-node=8 \\",
            "     --rdzv-backend=c10d --rdzv-endpoint=$MASTER:29500 /lustre/proj/megatron-run/train.py",
        ],
    )
    b.label(
        "dependency",
        "infrastructure",
        culprit,
        None,
        "restart_without_node",
        "On hgx-10 pyxis reused a stale named container (created 2024-05-29, torch 2.1) instead of importing the "
        "24.05 image, so its ranks cannot import torch.distributed.device_mesh; the other five nodes run torch 2.4.",
        "https://github.com/NVIDIA/pyxis/issues/28",
    )
    return b


def t16() -> Bundle:
    rng = random.Random(416)
    b = Bundle("t16_local_disk_full_breaks_inductor_on_one_node")
    hosts = [f"gpu-east-{i}" for i in range(31, 35)]
    job = make_job(rng, hosts, subnet="10.31.0", first=31)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 8, 29, 3, 0, 17)
    culprit = "gpu-east-33"
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    for h in hosts:
        cons[h].at(
            start - sec(2),
            "The following values were not passed to `accelerate launch` and had defaults "
            "used instead:",
            "\t`--dynamo_backend` was set to a value of `'no'`",
            "To avoid this warning pass in values for each of the problematic parameters or run "
            "`accelerate config`.",
        )
    t_comp = start + sec(140)
    for r in job.ranks(culprit):
        pid = job.pid(r)
        tb = py_traceback(
            [
                ("/srv/jobs/dpo/train_dpo.py", 219, "<module>", "main()"),
                ("/srv/jobs/dpo/train_dpo.py", 188, "main", "out = policy(**batch)"),
                (f"{PY}/torch/_dynamo/eval_frame.py", 433, "_fn", "return fn(*args, **kwargs)"),
                (
                    f"{PY}/torch/_dynamo/convert_frame.py",
                    1116,
                    "__call__",
                    "return self._torchdynamo_orig_callable(",
                ),
                (
                    f"{PY}/torch/_dynamo/output_graph.py",
                    1465,
                    "call_user_compiler",
                    "raise BackendCompilerFailed(self.compiler_fn, e) from e",
                ),
            ],
            [
                "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                f"OSError: [Errno 28] No space left on device: '/tmp/torchinductor_root/triton/{job.local(r)}/"
                f"{rng.getrandbits(128):032x}/triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_0.cubin.tmp.pid_{pid}_"
                f"{rng.getrandbits(24)}'",
                "",
                'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information',
                "",
                "",
                "You can suppress this exception and fall back to eager by setting:",
                "    import torch._dynamo",
                "    torch._dynamo.config.suppress_errors = True",
            ],
        )
        cons[culprit].block(t_comp + sec(rng.uniform(0, 6)), pfx.out(r), tb)
    agent_exit(
        cons[culprit],
        rng,
        job,
        culprit,
        "train_dpo.py",
        [
            Failure(t_comp + sec(7), culprit, r, job.local(r), 1, job.pid(r))
            for r in job.ranks(culprit)
        ],
    )
    for h in hosts:
        if h == culprit:
            continue
        done = add_watchdogs(
            cons[h], rng, job, job.ranks(h), t_comp + sec(1800.5), 3, pfx, numel=88080384
        )
        agent_exit(
            cons[h],
            rng,
            job,
            h,
            "train_dpo.py",
            [Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()],
        )
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        if h == culprit:
            root = ("/dev/nvme0n1p2", "1.8T", "1.8T", "0", "100%", "/")
        else:
            root = (
                "/dev/nvme0n1p2",
                "1.8T",
                f"{rng.randint(280, 420)}G",
                "1.4T",
                f"{rng.randint(16, 24)}%",
                "/",
            )
        b.add(
            f"{h}/df-h.txt",
            df_h(
                [
                    ("udev", "1.0T", "0", "1.0T", "0%", "/dev"),
                    root,
                    ("10.31.0.2:/home", "200T", "141T", "60T", "71%", "/home"),
                    ("tmpfs", "1.0T", "1.2G", "1.0T", "1%", "/dev/shm"),
                ]
            ),
        )
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - sec(3600), t_comp + sec(1900), "dmesg_t", noise=15),
        )
    b.add(
        f"{culprit}/du-tmp.txt",
        [
            "$ sudo du -xsh /tmp/* 2>/dev/null | sort -h | tail -5",
            "12K\t/tmp/torchinductor_root",
            "1.3G\t/tmp/ray",
            "6.2G\t/tmp/pip-build-env-q1x8",
            "1.6T\t/tmp/hf_datasets_cache_bak",
            "$ ls -ld /tmp/hf_datasets_cache_bak",
            "drwxr-xr-x 412 mkowalski research 12288 Aug 11 22:41 /tmp/hf_datasets_cache_bak",
        ],
    )
    b.label(
        "storage",
        "infrastructure",
        culprit,
        None,
        "restart_without_node",
        "All ranks of gpu-east-33 fail compiling (ENOSPC in /tmp/torchinductor_root): its root disk is 100% full with "
        "a 1.6T leftover dataset cache from another user; the other nodes have 1.4T free and only time out.",
        "https://github.com/pytorch/torchdynamo/issues/2004",
    )
    return b


def t17() -> Bundle:
    rng = random.Random(417)
    b = Bundle("t17_lustre_ost_evicts_every_client_during_save")
    hosts = [f"lx-gpu-{i:02d}" for i in range(1, 7)]
    job = make_job(rng, hosts, subnet="10.50.1", first=21)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 9, 21, 8, 0, 3)
    lost = datetime(2024, 9, 21, 16, 19, 43, 551200)
    save = datetime(2024, 9, 21, 16, 20, 0, 902000)
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    last = job.world - 1
    for d, line in megatron_iters(
        rng, start + sec(200), 10, 6000, gbs=768, ms_per_iter=4950, total=120000
    ):
        if d < save:
            cons[job.host_of(last)].at(d, pfx.out(last) + line)
    cons[job.host_of(0)].at(
        save,
        pfx.out(0) + "saving checkpoint at iteration    6000 to "
        "/lustre/scratch/proj/ckpt/gpt-30b in torch_dist format",
    )
    victims = [3, 14, 22, 29, 41]
    errs = {}
    for i, r in enumerate(victims):
        h = job.host_of(r)
        d = lost + sec(212 + i * 3.1 + rng.uniform(0, 2))
        cons[h].at(
            d,
            pfx.out(r)
            + "ERROR:megatron.core.dist_checkpointing.strategies.filesystem_async:Local process "
            "0 encountered an error: [Errno 108] Cannot send after transport endpoint shutdown",
        )
        tb = py_traceback(
            [
                ("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                (
                    "/workspace/Megatron-LM/megatron/training/training.py",
                    1307,
                    "train",
                    "save_checkpoint_and_time(",
                ),
                (
                    "/workspace/Megatron-LM/megatron/training/checkpointing.py",
                    401,
                    "save_checkpoint",
                    "async_save_request = dist_checkpointing.save(state_dict, checkpoint_name, save_strategy,",
                ),
                (
                    "/workspace/Megatron-LM/megatron/core/dist_checkpointing/strategies/filesystem_async.py",
                    219,
                    "write_preloaded_data",
                    "torch.save(data, stream)",
                ),
            ],
            f"OSError: [Errno 108] Cannot send after transport endpoint shutdown: '/lustre/scratch/proj/ckpt/gpt-30b/"
            f"iter_0006000/__{r}_0.distcp'",
        )
        cons[h].block(d + ms(30), pfx.out(r), tb)
        errs[r] = d
    for h in hosts:
        mine = {r: d for r, d in errs.items() if job.host_of(r) == h}
        rest = [r for r in job.ranks(h) if r not in mine]
        for r in rest:
            if r % 7 == 0:
                cons[h].at(
                    lost + sec(rng.uniform(240, 300)),
                    pfx.out(r) + f"WARNING: rank {r} still waiting for "
                    "checkpoint writers after 240s (async_save)",
                )
        done = add_watchdogs(
            cons[h], rng, job, rest, save + sec(1800.3), 944021, pfx, op="ALLREDUCE", numel=1
        )
        done.update(mine)
        agent_exit(
            cons[h],
            rng,
            job,
            h,
            "pretrain_gpt.py",
            [
                Failure(d + sec(1), h, r, job.local(r), -6 if r not in mine else 1, job.pid(r))
                for r, d in done.items()
            ],
        )
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        osc = f"scratch-OST0012-osc-ffff{rng.getrandbits(36):09x}"
        jit = rng.uniform(0, 0.8)
        events = [
            (
                lost + sec(jit),
                "kernel",
                f"Lustre: {osc}: Connection to scratch-OST0012 (at 10.50.0.12@o2ib) was "
                "lost; in progress operations using this service will wait for recovery to "
                "complete",
            ),
            (
                lost + sec(101 + jit),
                "kernel",
                f"LustreError: 11-0: {osc}: operation ost_write to node "
                "10.50.0.12@o2ib failed: rc = -107",
            ),
            (
                lost + sec(203 + jit),
                "kernel",
                f"LustreError: 167-0: {osc}: This client was evicted by "
                "scratch-OST0012; in progress operations using this service will fail.",
            ),
            (
                lost + sec(203.2 + jit),
                "kernel",
                f"LustreError: {rng.randint(2000, 9000)}:0:(ldlm_resource.c:1128:"
                "ldlm_resource_complain()) scratch-OST0012-osc: namespace resource "
                "[0x4f21a:0x0:0x0].0x0 (ffff9e5c) refcount nonzero (1) after lock "
                "cleanup; forcing cleanup.",
            ),
            (
                lost + sec(371 + jit),
                "kernel",
                f"Lustre: {osc}: Connection restored to 10.50.0.12@o2ib (at 10.50.0.12@o2ib)",
            ),
        ]
        b.add(
            f"{h}/messages.txt",
            kernel_log(rng, h, start - sec(1800), save + sec(1900), "syslog", events, noise=45),
        )
    b.label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "During the iteration-6000 save every one of the six clients lost OST0012 at 16:19:43 and was evicted by it; "
        "the ranks writing shards there got ESHUTDOWN. Shared filesystem fault, no node to blame: restart later.",
        "https://github.com/THUDM/slime/issues/326",
    )
    return b


def t18() -> Bundle:
    rng = random.Random(418)
    b = Bundle("t18_object_store_503_for_every_ray_worker")
    head = "ip-10-3-12-5"
    workers = ["ip-10-3-14-21", "ip-10-3-14-37", "ip-10-3-15-9", "ip-10-3-15-120"]
    ips = {w: w[3:].replace("-", ".") for w in workers}
    job = make_job(rng, workers, ips=ips)
    start = datetime(2024, 11, 5, 4, 12, 33, 118000)
    fail = datetime(2024, 11, 5, 6, 47, 2, 301000)
    con = Console()
    con.at(
        start,
        f"{pylog(start)}\tINFO worker.py:1601 -- Connecting to existing Ray cluster at address: "
        "10.3.12.5:6379...",
        f"{pylog(start + ms(13))}\tINFO worker.py:1777 -- Connected to Ray cluster. View the dashboard at "
        "http://10.3.12.5:8265 ",
    )
    tc = "(TrainController pid=3121)"
    con.at(
        start + sec(2),
        f"{tc} Attempting to start training worker group of size 32 with the following "
        "resources: [{'GPU': 1}] * 32",
    )
    lines = [f"{tc} Started training worker group of size 32: "]
    for w in workers:
        for r in job.ranks(w):
            lines.append(
                f"{tc} - (ip={ips[w]}, pid={job.pid(r)}) world_rank={r}, local_rank={job.local(r)}, "
                f"node_rank={workers.index(w)}"
            )
    con.at(start + sec(31), *lines)

    def tag(r: int) -> str:
        return f"(RayTrainWorker pid={job.pid(r)}, ip={job.ips[job.host_of(r)]}) "

    for w in workers:
        place(con, rng, nccl_init(rng, job, w, channels=4), start + sec(40), tag, 2500)
    for d, line in pylog_steps(rng, start + sec(70), 10, 9000, step_s=1.0, name="train"):
        if d < fail:
            con.at(d, tag(0) + line)
    err_ranks = {}
    for w in workers:
        for r in rng.sample(job.ranks(w), 3):
            d = fail + sec(rng.uniform(0, 50))
            if r % 2:
                exc = [
                    "botocore.exceptions.ClientError: An error occurred (ServiceUnavailable) when calling the "
                    "GetObject operation (reached max retries: 4): Service Unavailable"
                ]
            else:
                exc = [
                    "urllib3.exceptions.ReadTimeoutError: HTTPConnectionPool(host='minio.storage.svc', port=9000): "
                    "Read timed out. (read timeout=60)",
                    "",
                    "During handling of the above exception, another exception occurred:",
                    "",
                    'botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: "http://minio.storage.svc'
                    f':9000/corpus-v3/shards/part-{rng.randint(0, 4095):05d}.tar"',
                ]
            tb = py_traceback(
                [
                    (
                        "/home/ray/app/data.py",
                        88,
                        "__iter__",
                        "obj = self.s3.get_object(Bucket=self.bucket, Key=key)",
                    ),
                    (
                        "/home/ray/anaconda3/lib/python3.11/site-packages/botocore/client.py",
                        565,
                        "_api_call",
                        "return self._make_api_call(operation_name, kwargs)",
                    ),
                    (
                        "/home/ray/anaconda3/lib/python3.11/site-packages/botocore/client.py",
                        1021,
                        "_make_api_call",
                        "raise error_class(parsed_response, operation_name)",
                    ),
                ],
                exc,
            )
            con.block(d, tag(r), tb)
            err_ranks[r] = d
            b.add(
                f"{w}/worker-{job.pid(r)}.err",
                [
                    f"{pylog(d)} ERROR data.py:91 -- shard fetch failed, giving up after 4 retries",
                    *tb,
                ],
            )
    t_end = max(err_ranks.values()) + sec(4)
    con.at(
        t_end,
        f"{tc} [FailurePolicy] RETRY decision: worker group failed with 12 errors, retry 1 of 1",
        f"{tc} Training run failed: RayTaskError(ClientError): ray::_RayTrainWorker__execute.get_next() "
        f"(pid={job.pid(1)}, ip={ips[workers[0]]}, actor_id=9a1c0e3d5b7f4e21a8c6d4f2e0b9a713)",
    )
    con.at(
        t_end + sec(300),
        f"{tc} Attempting to start training worker group of size 32 with the following "
        "resources: [{'GPU': 1}] * 32",
    )
    for w in workers:
        for r in rng.sample(job.ranks(w), 2):
            d = t_end + sec(330 + rng.uniform(0, 40))
            con.at(
                d,
                tag(r)
                + "botocore.exceptions.ClientError: An error occurred (ServiceUnavailable) when calling "
                "the GetObject operation (reached max retries: 4): Service Unavailable",
            )
    con.at(
        t_end + sec(400),
        "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect "
        "the previous error messages for a cause. After fixing the issue (assuming that the "
        "error is not caused by your own application logic, but rather an error such as OOM), "
        "you can restart the run from scratch or continue this run.",
    )
    b.add(f"{head}/job-driver-raysubmit_Hk2bq9TZ3pWm1cXf.log", con.render())
    for h in [head, *workers]:
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - sec(3600), t_end + sec(500), "dmesg_t", noise=18),
        )
    b.add(
        f"{head}/minio-health.txt",
        [
            f"$ curl -s -o /dev/null -w '%{{http_code}}\\n' http://minio.storage.svc:9000/minio/health/cluster   "
            f"# {fail + sec(120):%H:%M:%S}",
            "503",
            f"$ mc admin info corpus   # {fail + sec(130):%H:%M:%S}",
            "●  minio-0.minio.storage.svc:9000",
            "   Uptime: 41 days ",
            "   Drives: 2/4 OK ",
            "●  minio-1.minio.storage.svc:9000",
            "   Uptime: 2 minutes ",
            "   Drives: 1/4 OK ",
            "Pools:",
            "   1st, Erasure sets: 1, Drives per erasure set: 8",
            "4 drives online, 4 drives offline, EC:4",
        ],
    )
    b.label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "Data-loader reads fail with 503 ServiceUnavailable / read timeouts against minio.storage.svc on all four "
        "Ray worker nodes within a minute, and the store's own health check returns 503: shared service, no node.",
        "https://github.com/argonne-lcf/dlio_benchmark/issues/347",
    )
    return b


def t19() -> Bundle:
    rng = random.Random(419)
    b = Bundle("t19_local_nvme_media_errors_ext4_readonly")
    hosts = [f"nemo-a{i}" for i in range(1, 5)]
    job = make_job(rng, hosts, subnet="10.19.0", first=11)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 8, 20, 3, 5, 40)
    culprit, lr = "nemo-a3", 4
    bad = job.rank(culprit, lr)
    io = datetime(2024, 8, 20, 5, 44, 9, 617000)
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    nl = f"[NeMo I {start:%Y-%m-%d %H:%M:%S} "
    cons["nemo-a1"].at(
        start + sec(5),
        pfx.out(0) + nl + "exp_manager:396] Experiments will be logged at /results/llama3-8b-cpt",
        pfx.out(0) + nl + "megatron_init:269] Rank 0 has data parallel group : [0, 8, 16, 24]",
    )
    for d, line in nemo_bar(rng, start + sec(180), 10, 5000, 200000, step_s=2.05):
        if d < io:
            cons["nemo-a1"].at(d, pfx.out(0) + line)
    t_err = io + sec(3.2)
    tb = py_traceback(
        [
            (
                "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py",
                42,
                "main",
                "trainer.fit(model)",
            ),
            (
                "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/fit_loop.py",
                363,
                "advance",
                "self.epoch_loop.run(self._data_fetcher)",
            ),
            (
                "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/fetchers.py",
                134,
                "__next__",
                "batch = super().__next__()",
            ),
            (
                f"{PY}/torch/utils/data/dataloader.py",
                1344,
                "_next_data",
                "return self._process_data(data)",
            ),
            (f"{PY}/torch/_utils.py", 706, "reraise", "raise exception"),
        ],
        [
            "OSError: Caught OSError in DataLoader worker process 2.",
            "Original Traceback (most recent call last):",
            f'  File "{PY}/torch/utils/data/_utils/worker.py", line 308, in _worker_loop',
            "    data = fetcher.fetch(index)",
            '  File "/opt/NeMo/nemo/collections/nlp/data/language_modeling/megatron/gpt_dataset.py", line 512, '
            "in __getitem__",
            "    text = self.indexed_dataset.get(self.doc_idx[doc_index_f], offset=offset_f, length=length)",
            '  File "/opt/megatron-lm/megatron/core/datasets/indexed_dataset.py", line 568, in get',
            "    sequence = self.bin_reader.read(dtype=self.index.dtype, count=length, offset=sequence_pointer)",
            "OSError: [Errno 5] Input/output error: '/raid/cache/slimpajama_text_document.bin'",
        ],
    )
    cons[culprit].block(t_err, pfx.out(bad), tb)
    agent_exit(
        cons[culprit],
        rng,
        job,
        culprit,
        "megatron_gpt_pretraining.py",
        [Failure(t_err + sec(1.5), culprit, bad, lr, 1, job.pid(bad))],
        sigterm=[job.pid(r) for r in job.ranks(culprit) if r != bad],
        sigterm_at=t_err + sec(1.1),
    )
    for h in hosts:
        if h == culprit:
            continue
        done = add_watchdogs(
            cons[h],
            rng,
            job,
            job.ranks(h),
            t_err + sec(1800.4),
            451200,
            pfx,
            op="_REDUCE_SCATTER_BASE",
            numel=218103808,
        )
        agent_exit(
            cons[h],
            rng,
            job,
            h,
            "megatron_gpt_pretraining.py",
            [Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()],
        )
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        events = []
        if h == culprit:
            for i in range(6):
                d = io - sec(95) + sec(i * 15.5)
                events.append(
                    (
                        d,
                        "kernel",
                        f"nvme nvme1: I/O {rng.randint(100, 999)} (Read) QID {rng.randint(1, 32)} "
                        "timeout, aborting",
                    )
                )
            for i in range(5):
                d = io - sec(1.2) + sec(i * 0.3)
                sector = rng.randint(1_000_000_000, 3_000_000_000)
                events.append(
                    (
                        d,
                        "kernel",
                        f"I/O error, dev nvme1n1, sector {sector} op 0x0:(READ) flags 0x80700 "
                        "phys_seg 32 prio class 2",
                    )
                )
            events += [
                (
                    io,
                    "kernel",
                    "EXT4-fs error (device nvme1n1): ext4_find_entry:1682: inode #2: comm pt_data_worker: "
                    "reading directory lblock 0",
                ),
                (
                    io + ms(4),
                    "kernel",
                    "Buffer I/O error on dev nvme1n1, logical block 0, lost sync page write",
                ),
                (io + ms(5), "kernel", "EXT4-fs (nvme1n1): I/O error while writing superblock"),
                (io + ms(6), "kernel", "EXT4-fs (nvme1n1): Remounting filesystem read-only"),
            ]
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - sec(3600), t_err + sec(1900), "dmesg_t", events, noise=25),
        )
    b.add(
        f"{culprit}/smartctl-nvme1.txt",
        [
            "smartctl 7.2 2020-12-30 r5155 [x86_64-linux-5.15.0-105-generic] (local build)",
            "=== START OF INFORMATION SECTION ===",
            "Model Number:                       SAMSUNG MZQL27T6HBLA-00A07",
            "Firmware Version:                   GDC5602Q",
            "=== START OF SMART DATA SECTION ===",
            "SMART overall-health self-assessment test result: FAILED!",
            "- media has been placed in read only mode",
            "- NVM subsystem reliability has been degraded",
            "",
            "SMART/Health Information (NVMe Log 0x02)",
            "Critical Warning:                   0x0c",
            "Temperature:                        41 Celsius",
            "Available Spare:                    3%",
            "Available Spare Threshold:          10%",
            "Percentage Used:                    97%",
            "Media and Data Integrity Errors:    1187",
            "Error Information Log Entries:      5421",
        ],
    )
    b.add(
        "nemo-a2/smartctl-nvme1.txt",
        [
            "smartctl 7.2 2020-12-30 r5155 [x86_64-linux-5.15.0-105-generic] (local build)",
            "=== START OF SMART DATA SECTION ===",
            "SMART overall-health self-assessment test result: PASSED",
            "Critical Warning:                   0x00",
            "Available Spare:                    100%",
            "Percentage Used:                    11%",
            "Media and Data Integrity Errors:    0",
        ],
    )
    b.label(
        "storage",
        "infrastructure",
        culprit,
        bad,
        "restart_without_node",
        "Rank 20's data-loader got EIO from the node-local cache on /raid (nvme1n1) of nemo-a3: NVMe timeouts, I/O "
        "errors, ext4 remounted read-only and SMART FAILED on that node only; the other nodes just hit the watchdog.",
        "https://github.com/gardenlinux/gardenlinux/issues/263",
    )
    return b


CASES = [t11, t12, t13, t14, t15, t16, t17, t18, t19]
