"""v11-v15: one node unlike the rest (exclude it) vs the same environment error everywhere (stop)."""

from common import (
    Bundle,
    Job,
    T,
    sec,
    glog,
    pylog,
    dmesg_T,
    dmesg_up,
    syslog,
    iso,
    kernel_noise,
    merge_sorted,
    py_tb,
    prefixed,
    sigtb,
    smi_q,
)


def v11_old_driver_one_node_accelerate(rng):
    b = Bundle()
    hosts = ["g-a100-01", "g-a100-02", "g-a100-05"]
    job = Job(rng, hosts, subnet="10.20", iface="enp65s0")
    bad = 2
    t0 = T("2023-11-20 09:00:04.000000")
    for n, h in enumerate(hosts):
        lines = [
            "$ accelerate launch --config_file fsdp.yaml --num_machines 3 --machine_rank %d --main_process_ip %s --main_process_port 29500 train_clm.py"
            % (n, job.ips[0]),
            "The following values were not passed to `accelerate launch` and had defaults used instead:",
            "\t`--dynamo_backend` was set to a value of `'no'`",
            "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.",
        ]
        if n == bad:
            for l in range(8):
                lines += py_tb(
                    [
                        (
                            "/home/svc/clm/train_clm.py",
                            58,
                            "main",
                            "accelerator = Accelerator(mixed_precision='bf16')",
                        ),
                        (
                            "/home/svc/.venv/lib/python3.10/site-packages/accelerate/state.py",
                            214,
                            "__init__",
                            "torch.cuda.set_device(self.device)",
                        ),
                        (
                            "/home/svc/.venv/lib/python3.10/site-packages/torch/cuda/__init__.py",
                            399,
                            "set_device",
                            "torch._C._cuda_setDevice(device)",
                        ),
                        (
                            "/home/svc/.venv/lib/python3.10/site-packages/torch/cuda/__init__.py",
                            298,
                            "_lazy_init",
                            "torch._C._cuda_init()",
                        ),
                    ],
                    "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and "
                    "installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install "
                    "a PyTorch version that has been compiled with your version of the CUDA driver.",
                )
            tt = t0 + sec(9)
            lines += job.elastic_failure(
                n,
                tt,
                [(job.rank(n, l), l, 1, tt, None) for l in (4, 0, 1, 2, 3, 5, 6, 7)],
                script="train_clm.py",
            )
        else:
            tt = t0 + sec(1805)
            for l in range(8):
                r = job.rank(n, l)
                lines += [
                    "[rank%d]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 16/24 clients joined."
                    % r
                ]
            lines += job.elastic_failure(
                n, tt, [(job.rank(n, l), l, 1, tt, None) for l in range(8)], script="train_clm.py"
            )
        b.add("%s/accelerate.log" % h, lines)
        drv, cu = ("470.182.03", "11.4") if n == bad else ("535.154.05", "12.2")
        b.add(
            "%s/nvidia-smi-q.txt" % h,
            smi_q(
                h,
                t0 + sec(2000),
                driver=drv,
                cuda=cu,
                product="NVIDIA A100-SXM4-80GB",
                uuid_seed=n + 3,
            ),
        )
        b.add(
            "%s/pip_freeze.txt" % h,
            [
                "accelerate==0.24.1",
                "torch==2.1.1+cu121",
                "transformers==4.35.2",
                "nvidia-nccl-cu12==2.18.1",
            ],
        )
    b.set_label(
        "dependency",
        "infrastructure",
        "restart_without_node",
        "All eight ranks of %s fail at CUDA init with 'driver too old (found version 11040)'; its nvidia-smi reports driver 470 / CUDA 11.4 "
        "while the other two nodes run 535 / 12.2 with the same Python packages. Those nodes only time out waiting for 8 missing clients."
        % hosts[bad],
        "https://github.com/NVIDIA/nvidia-docker/issues/400",
        node=hosts[bad],
    )
    return b


def v12_ray_one_node_wrong_nccl(rng):
    b = Bundle()
    ips = ["172.31.%d.%d" % (rng.randrange(0, 64), rng.randrange(2, 250)) for _ in range(4)]
    hosts = ["ray-head", "ray-worker-gpu-1", "ray-worker-gpu-2", "ray-worker-gpu-3"]
    job = Job(rng, hosts, ips=ips, iface="eth0")
    bad = 2
    t0 = T("2024-08-14 20:12:40.000000")
    drv = [
        "%s INFO worker.py:1786 -- Connected to Ray cluster. View the dashboard at 127.0.0.1:8265"
        % pylog(t0),
        "%s INFO trainer.py:... -- Starting TorchTrainer with ScalingConfig(num_workers=32, use_gpu=True, resources_per_worker={'GPU': 1})"
        % pylog(t0 + sec(1)),
        "(TrainController pid=%d) Attempting to start training worker group of size 32 with the following resources: [{'GPU': 1}] * 32"
        % rng.randrange(3000, 9000),
    ]
    pairs = []
    for n, h in enumerate(hosts):
        for l in range(8):
            wpid = job.pid(n, l)
            t = t0 + sec(14 + rng.uniform(0, 3))
            pre = "(RayTrainWorker pid=%d, ip=%s) " % (wpid, ips[n])
            if n == bad:
                pairs += [
                    (t, pre + x)
                    for x in py_tb(
                        [
                            (
                                "/tmp/ray/session_2024-08-14_19-58-01_412231_1/runtime_resources/working_dir_files/_ray_pkg_3f1c/train.py",
                                9,
                                "<module>",
                                "import torch",
                            ),
                            (
                                "/home/ray/anaconda3/lib/python3.11/site-packages/torch/__init__.py",
                                289,
                                "<module>",
                                "_load_global_deps()",
                            ),
                            (
                                "/home/ray/anaconda3/lib/python3.11/site-packages/torch/__init__.py",
                                245,
                                "_load_global_deps",
                                "raise err",
                            ),
                        ],
                        "OSError: /home/ray/anaconda3/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister",
                    )
                ]
            else:
                pairs.append(
                    (
                        t,
                        pre
                        + "Setting up process group for: env:// [rank=%d, world_size=32]"
                        % job.rank(n, l),
                    )
                )
    drv += merge_sorted(pairs)
    drv += [
        "%s ERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_5c1e0_00000"
        % pylog(t0 + sec(20)),
        "ray.exceptions.RayTaskError(OSError): ray::_RayTrainWorker__execute.get_next() (pid=%d, ip=%s, actor_id=9a0c71e2f5d1b3, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f2b1c3e>)"
        % (job.pid(bad, 0), ips[bad]),
        "OSError: /home/ray/anaconda3/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister",
        "Training errored after 0 iterations at %s. Total running time: 24s"
        % (t0 + sec(24)).strftime("%Y-%m-%d %H:%M:%S"),
    ]
    b.add("ray-head/driver.log", drv)
    b.add(
        "ray-head/ray_status.txt",
        [
            "======== Autoscaler status: %s ========"
            % (t0 + sec(30)).strftime("%Y-%m-%d %H:%M:%S"),
            "Node status",
            "---------------------------------------------------------------",
            "Active:",
        ]
        + [
            " 1 node_%s%s (%s)  %s"
            % ("%08x" % (rng.randrange(1 << 32)), "a1b2" * 3, ips[i], hosts[i])
            for i in range(4)
        ],
    )
    for n, h in enumerate(hosts):
        ld = [
            "\tlibnccl.so.2 (libc6,x86-64) => /home/ray/anaconda3/lib/python3.11/site-packages/nvidia/nccl/lib/libnccl.so.2"
        ]
        env = "LD_LIBRARY_PATH=/usr/local/nvidia/lib64:/usr/local/cuda/lib64"
        if n == bad:
            ld = ["\tlibnccl.so.2 (libc6,x86-64) => /usr/local/nccl-2.12.12/lib/libnccl.so.2"] + ld
            env = "LD_LIBRARY_PATH=/usr/local/nccl-2.12.12/lib:/usr/local/nvidia/lib64:/usr/local/cuda/lib64"
        b.add("%s/ldconfig_nccl.txt" % h, ld)
        b.add("%s/env.txt" % h, [env, "NCCL_SOCKET_IFNAME=eth0", "RAY_NODE_IP=%s" % ips[n]])
    b.set_label(
        "dependency",
        "infrastructure",
        "restart_without_node",
        "Only the 8 Ray workers at %s fail on 'import torch' with an undefined NCCL symbol; ray status maps that IP to %s, the only node "
        "whose LD_LIBRARY_PATH/ldconfig picks up an old system NCCL 2.12 before the wheel's. The other 24 workers start fine."
        % (ips[bad], hosts[bad]),
        "https://github.com/vllm-project/vllm/issues/4312",
        node=hosts[bad],
    )
    return b


def v13_flash_attn_abi_everywhere(rng):
    b = Bundle()
    hosts = ["worker-%d" % i for i in range(4)]
    job = Job(rng, hosts, subnet="10.5")
    t0 = T("2024-06-02 07:30:12.000000")
    lines = []
    for n, h in enumerate(hosts):
        lines.append(
            "%s: [%s] [INFO] [launch.py:256:main] process %d spawned with command: ['/usr/bin/python3', '-u', 'sft.py', '--local_rank=0', '--deepspeed', 'ds.json']"
            % (h, pylog(t0), job.pid(n, 0))
        )
    for n, h in enumerate(hosts):
        for l in range(8):
            lines += prefixed(
                "%s: " % h,
                py_tb(
                    [
                        (
                            "/mnt/code/sft.py",
                            14,
                            "<module>",
                            "from modeling_llama import LlamaForCausalLM",
                        ),
                        (
                            "/mnt/code/modeling_llama.py",
                            38,
                            "<module>",
                            "from flash_attn import flash_attn_func, flash_attn_varlen_func",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/flash_attn/__init__.py",
                            3,
                            "<module>",
                            "from flash_attn.flash_attn_interface import (",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/flash_attn/flash_attn_interface.py",
                            10,
                            "<module>",
                            "import flash_attn_2_cuda as flash_attn_cuda",
                        ),
                    ],
                    "ImportError: /usr/local/lib/python3.10/dist-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
                ),
            )
        lines.append(
            "%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'sft.py', '--local_rank=7', '--deepspeed', 'ds.json'] exits with return code = 1"
            % (h, pylog(t0 + sec(11)))
        )
    lines.append("pdsh@worker-0: worker-2: ssh exited with exit code 1")
    lines.append("pdsh@worker-0: worker-0: ssh exited with exit code 1")
    lines.append("pdsh@worker-0: worker-3: ssh exited with exit code 1")
    lines.append("pdsh@worker-0: worker-1: ssh exited with exit code 1")
    b.add("worker-0/deepspeed_launcher.log", lines)
    for n, h in enumerate(hosts):
        b.add(
            "%s/pip_list.txt" % h,
            [
                "deepspeed                0.14.2",
                "flash-attn               2.5.8",
                "torch                    2.3.0+cu121",
                "transformers             4.41.1",
                "triton                   2.3.0",
            ],
        )
        b.add(
            "%s/image.txt" % h,
            ["image: registry.internal/ml/sft:2024-06-01-r2", "digest: sha256:7d0c%060x" % 0x51AB],
        )
    b.set_label(
        "dependency",
        "framework",
        "stop",
        "Every rank on all four nodes fails importing flash_attn with an undefined c10 symbol: the flash-attn wheel in the (identical) "
        "image was built against a different torch than the installed 2.3.0. No node differs; the image must be fixed.",
        "https://github.com/Dao-AILab/flash-attention/issues/853",
    )
    return b


def v14_fabricmanager_down_one_node(rng):
    b = Bundle()
    hosts = ["dgx-h100-%03d" % i for i in (17, 18, 19, 20, 21)]
    job = Job(rng, hosts, subnet="10.77")
    bad = 3
    t0 = T("2024-12-05 16:40:30.000000")
    for n, h in enumerate(hosts):
        lines = [
            "%d: W%s %d torch/distributed/run.py:793] " % (n, glog(t0, "W")[1:], job.agent_pid[n]),
            "%d: W%s %d torch/distributed/run.py:793] *****************************************"
            % (n, glog(t0, "W")[1:], job.agent_pid[n]),
        ]
        if n == bad:
            for l in range(8):
                r = job.rank(n, l)
                lines += prefixed(
                    "%d: [rank%d]: " % (n, r),
                    py_tb(
                        [
                            ("/lustre/proj/titan/train.py", 512, "<module>", "main(config)"),
                            (
                                "/lustre/proj/titan/train.py",
                                97,
                                "main",
                                "torch.cuda.set_device(device)",
                            ),
                            (
                                "/usr/local/lib/python3.12/dist-packages/torch/cuda/__init__.py",
                                478,
                                "set_device",
                                "torch._C._cuda_setDevice(device)",
                            ),
                        ],
                        [
                            "torch.AcceleratorError: CUDA error: system not yet initialized",
                            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                        ],
                    ),
                )
            tt = t0 + sec(8)
            lines += prefixed(
                "%d: " % n,
                job.elastic_failure(
                    n, tt, [(job.rank(n, l), l, 1, tt, None) for l in (1, 0, 2, 3, 4, 5, 6, 7)]
                ),
            )
        else:
            tt = t0 + sec(905)
            lines += prefixed(
                "%d: " % n,
                [
                    "[rank%d]: torch.distributed.DistBackendError: [%d] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d "
                    "key-value store by key '0', but store->get('0') got error: wait timeout after 900000ms, keys: //worker/attempt_0/default_pg/0//cuda//0"
                    % (job.rank(n, 0), job.rank(n, 0))
                ],
            )
            lines += prefixed(
                "%d: " % n,
                job.elastic_failure(n, tt, [(job.rank(n, l), l, 1, tt, None) for l in range(8)]),
            )
        b.add("%s/srun.out" % h, lines)
        j = kernel_noise(
            rng,
            T("2024-12-05 08:00:00"),
            T("2024-12-05 16:50:00"),
            lambda t: syslog(t, h, "kernel"),
            4,
        )
        if n == bad:
            tb = T("2024-12-05 08:03:11")
            j += [
                "%s Starting NVIDIA fabric manager service..." % syslog(tb, h, "systemd[1]"),
                "%s fabric manager NVLink/NVSwitch version mismatch: driver 550.127.05, fabric manager 550.90.07"
                % syslog(tb + sec(1), h, "nv-fabricmanager[4121]"),
                "%s request to query NVSwitch device information from NVSwitch driver failed with error:Invalid argument"
                % syslog(tb + sec(1), h, "nv-fabricmanager[4121]"),
                "%s nvidia-fabricmanager.service: Main process exited, code=exited, status=1/FAILURE"
                % syslog(tb + sec(1.2), h, "systemd[1]"),
                "%s nvidia-fabricmanager.service: Failed with result 'exit-code'."
                % syslog(tb + sec(1.2), h, "systemd[1]"),
            ]
        else:
            j += [
                "%s Started NVIDIA fabric manager service."
                % syslog(T("2024-12-01 10:15:02"), h, "systemd[1]")
            ]
        b.add("%s/journal.txt" % h, sorted(j, key=lambda s: s[:15]))
        b.add(
            "%s/versions.txt" % h,
            [
                "nvidia driver: %s" % ("550.127.05" if n == bad else "550.90.07"),
                "nvidia-fabricmanager: 550.90.07",
                "NCCL: 2.21.5",
            ],
        )
    b.set_label(
        "nvlink",
        "infrastructure",
        "restart_without_node",
        "All ranks of %s fail at set_device with 'system not yet initialized'; its journal shows nvidia-fabricmanager failing at boot on a "
        "driver/fabric-manager version mismatch (driver was upgraded only there). The other nodes wait on the store and time out."
        % hosts[bad],
        "https://github.com/NVIDIA/nccl/issues/1231",
        node=hosts[bad],
    )
    return b


def v15_no_sm90_kernels_everywhere(rng):
    b = Bundle()
    hosts = ["h100-pool-%s" % x for x in ("x7k2p", "m3q9d", "c8v1r")]
    job = Job(rng, hosts, subnet="10.9")
    t0 = T("2023-09-27 12:01:00.000000")
    for n, h in enumerate(hosts):
        lines = []
        for l in range(8):
            r = job.rank(n, l)
            lines += [
                "/opt/conda/lib/python3.10/site-packages/torch/cuda/__init__.py:173: UserWarning: ",
                "NVIDIA H100 80GB HBM3 with CUDA capability sm_90 is not compatible with the current PyTorch installation.",
                "The current PyTorch install supports CUDA capabilities sm_37 sm_50 sm_60 sm_70 sm_75 sm_80 sm_86.",
                "If you want to use the NVIDIA H100 80GB HBM3 GPU with PyTorch, please check the instructions at https://pytorch.org/get-started/locally/",
                "",
                '  warnings.warn(incompatible_device_warn.format(device_name, capability, " ".join(arch_list), device_name))',
            ]
            lines += py_tb(
                [
                    ("/code/pretrain.py", 77, "<module>", "model = build_model(cfg).cuda()"),
                    ("/code/model.py", 120, "build_model", "m.apply(init_weights)"),
                    (
                        "/code/model.py",
                        33,
                        "init_weights",
                        "torch.nn.init.trunc_normal_(w, std=0.02)",
                    ),
                ],
                [
                    "RuntimeError: CUDA error: no kernel image is available for execution on the device",
                    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                ],
            )
        tt = t0 + sec(21)
        lines += job.elastic_failure(
            n,
            tt,
            [(job.rank(n, l), l, 1, tt, None) for l in range(8)],
            script="pretrain.py",
            style="1.13",
        )
        b.add("%s/stdout.log" % h, lines)
        b.add(
            "%s/versions.txt" % h,
            ["torch 1.13.1+cu116", "driver 535.104.05", "GPU: 8x NVIDIA H100 80GB HBM3"],
        )
    b.set_label(
        "dependency",
        "framework",
        "stop",
        "All 24 ranks on all three nodes warn that sm_90 is not supported by this torch 1.13.1+cu116 build and then fail with "
        "'no kernel image is available'. Same wheel and same GPUs everywhere: the environment is wrong for H100, not a node.",
        "https://github.com/pytorch/pytorch/issues/90761",
    )
    return b


CASES = [
    v11_old_driver_one_node_accelerate,
    v12_ray_one_node_wrong_nccl,
    v13_flash_attn_abi_everywhere,
    v14_fabricmanager_down_one_node,
    v15_no_sm90_kernels_everywhere,
]
