"""x11-x15: DeepSpeed (pdsh launcher, ZeRO, fp16 loss scaler, ops)."""

from common import *


def _ds(t, src, msg, level="INFO"):
    return f"[{py_ts(t)}] [{level}] [{src}] {msg}"


def _launcher_head(t, hosts, gpn=8):
    world = {h: list(range(gpn)) for h in hosts}
    return (
        [
            _ds(
                t,
                "runner.py:568:main",
                f"cmd = pdsh -S -f 1024 -w {','.join(hosts)} export PYTHONPATH=/workspace; cd /workspace; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ...= --node_rank=%n --master_addr={hosts[0]} --master_port=29500 train.py --deepspeed ds_config.json",
            ),
        ]
        + [
            f"{h}: " + _ds(add(t, 2), "launch.py:146:main", f"WORLD INFO DICT: {world}")
            for h in hosts[:1]
        ]
        + [
            f"{h}: "
            + _ds(
                add(t, 2),
                "launch.py:152:main",
                f"nnodes={len(hosts)}, num_local_procs={gpn}, node_rank={i}",
            )
            for i, h in enumerate(hosts)
        ]
    )


def x11_deepspeed_loss_scale_floor(rng):
    b = Bundle()
    hosts = ["worker-0", "worker-1", "worker-2"]
    job = Job(hosts)
    t0 = T(2023, 8, 14, 11, 2, 0, 555000)
    con = _launcher_head(t0, hosts)
    con.append(
        "worker-0: "
        + _ds(
            add(t0, 40),
            "config.py:1000:print",
            '  fp16 ......................... {"enabled": true, "loss_scale": 0, "initial_scale_power": 16, "loss_scale_window": 1000, "hysteresis": 2, "min_loss_scale": 1}',
        )
    )
    con.append(
        "worker-0: "
        + _ds(
            add(t0, 40),
            "config.py:1000:print",
            "  optimizer_params ............. {'lr': 0.0005, 'betas': [0.9, 0.95], 'eps': 1e-08, 'weight_decay': 0.0}",
        )
    )
    t = add(t0, 120)
    scale = 65536
    for step in range(1, 40):
        t = add(t, 7.5)
        if step < 8:
            con.append(
                "worker-0: "
                + _ds(
                    t,
                    "logging.py:96:log_dist",
                    f"[Rank 0] step={step * 10}, skipped=0, lr=[{5e-4 * step / 40:.6e}], mom=[(0.9, 0.95)]",
                )
            )
            con.append(
                f"worker-0: {{'loss': {2.9 - step * 0.05:.4f}, 'learning_rate': {5e-4 * step / 40:.3e}, 'epoch': 0.0{step}}}"
            )
        else:
            new = max(scale // 2, 1)
            con.append(
                "worker-0: "
                + _ds(
                    t,
                    "loss_scaler.py:190:update_scale",
                    f"[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: {scale}, but hysteresis is 2. Reducing hysteresis to 1"
                    if step == 8
                    else f"[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: {scale}, reducing to {new}",
                )
            )
            scale = new
            if scale == 1 and step > 25:
                break
    fail = add(t, 8)
    for h in hosts:
        for r in job.ranks(h)[:3]:
            con += pfx(
                f"{h}: ",
                py_tb(
                    [
                        ("/workspace/train.py", 233, "<module>", "main()"),
                        ("/workspace/train.py", 201, "main", "model_engine.step()"),
                        (
                            "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py",
                            2213,
                            "step",
                            "self._take_model_step(lr_kwargs)",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py",
                            1913,
                            "step",
                            "self._update_scale(self.overflow)",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/fp16/loss_scaler.py",
                            183,
                            "update_scale",
                            "raise Exception(",
                        ),
                    ],
                    "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.",
                ),
            )
        con.append(
            f"{h}: "
            + _ds(
                add(fail, 2),
                "launch.py:319:sigkill_handler",
                f"Killing subprocess {23000 + hosts.index(h) * 100}",
            )
        )
        con.append(
            f"{h}: "
            + _ds(
                add(fail, 3),
                "launch.py:325:sigkill_handler",
                "['/usr/bin/python', '-u', 'train.py', '--local_rank=7', '--deepspeed', 'ds_config.json'] exits with return code = 1",
                level="ERROR",
            )
        )
    con.append(f"pdsh@worker-0: worker-2: ssh exited with exit code 1")
    con.append(f"pdsh@worker-0: worker-1: ssh exited with exit code 1")
    b.add("worker-0", "deepspeed_launcher.log", con)
    for h in hosts:
        b.add(h, "dmesg.txt", kernel_noise(rng, h, t0, 4, style="uptime"))
    b.label(
        "numerical",
        "script",
        None,
        None,
        "stop",
        "Once warmup reaches lr 5e-4, every step overflows in fp16 and the dynamic loss scale halves from 65536 down to 1. "
        "DeepSpeed then aborts on all ranks. This is divergence from the fp16 + learning-rate setup (switch to bf16 or "
        "lower the LR); a restart would diverge again.",
        "https://github.com/deepspeedai/DeepSpeedExamples/issues/418",
    )
    return b


def x12_deepspeed_zero3_offload_host_oom(rng):
    b = Bundle()
    hosts = ["10.4.0.11", "10.4.0.12", "10.4.0.13", "10.4.0.14"]
    names = ["ip-10-4-0-11", "ip-10-4-0-12", "ip-10-4-0-13", "ip-10-4-0-14"]
    job = Job(names)
    t0 = T(2024, 3, 30, 7, 45, 0)
    con = _launcher_head(t0, hosts)
    con.append(
        f"{hosts[0]}: "
        + _ds(
            add(t0, 30),
            "config.py:1000:print",
            "  zero_config .................. stage=3 contiguous_gradients=True reduce_scatter=True offload_param=DeepSpeedZeroOffloadParamConfig(device='cpu', pin_memory=True) offload_optimizer=DeepSpeedZeroOffloadOptimizerConfig(device='cpu', pin_memory=True) stage3_max_live_parameters=1000000000",
        )
    )
    for i, h in enumerate(hosts):
        con.append(
            f"{h}: "
            + _ds(
                add(t0, 160 + i),
                "utils.py:789:see_memory_usage",
                f"CPU Virtual Memory:  used = {1850 + rng.randint(0, 60)}.{rng.randint(10, 99)} GB, percent = 9{rng.randint(5, 9)}.{rng.randint(0, 9)}%",
            )
        )
    fail = add(t0, 190)
    for i, h in enumerate(hosts):
        con.append(
            f"{h}: "
            + _ds(
                add(fail, i * 3),
                "launch.py:319:sigkill_handler",
                f"Killing subprocess {9100 + i * 40}",
            )
        )
        con.append(
            f"{h}: "
            + _ds(
                add(fail, i * 3 + 1),
                "launch.py:325:sigkill_handler",
                f"['/opt/conda/bin/python', '-u', 'finetune.py', '--local_rank={rng.randint(0, 7)}', '--model', 'llama-2-70b'] exits with return code = -9",
                level="ERROR",
            )
        )
    b.add(names[0], "launcher.log", con)
    for i, n in enumerate(names):
        dm = kernel_noise(rng, n, t0, 2, style="uptime") + [
            f"{uptime(88123.4 + i * 1.7)} python invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0",
            f"{uptime(88123.9 + i * 1.7)} Out of memory: Killed process {9100 + i * 40} (python) total-vm:310224412kB, anon-rss:251003120kB, file-rss:71212kB, shmem-rss:0kB, UID:0 pgtables:498112kB oom_score_adj:0",
        ]
        b.add(n, "dmesg.txt", dm)
    b.label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "The ZeRO-3 engine offloads both parameters and optimizer state of a 70B model to pinned CPU memory. Host "
        "memory reaches ~97% on every node and the kernel OOM killer takes a rank on all four, hence 'exits with "
        "return code = -9'. This is a deterministic sizing problem, not a node fault: offload to NVMe, add nodes, or "
        "stop offloading parameters.",
        "https://github.com/deepspeedai/DeepSpeed/issues/4239",
    )
    return b


def x13_deepspeed_pdsh_node_unreachable(rng):
    b = Bundle()
    hosts = [f"trn-{i:03d}" for i in range(8)]
    dead = "trn-005"
    t0 = T(2024, 10, 9, 20, 10, 0)
    con = _launcher_head(t0, hosts)
    con += [
        f"{dead}: ssh: connect to host {dead} port 22: No route to host",
        f"pdsh@trn-000: {dead}: ssh exited with exit code 255",
    ]
    for h in hosts:
        if h == dead:
            continue
        for lr in range(0, 8, 3):
            con += [
                f"{h}: [rank{hosts.index(h) * 8 + lr}]: " + l
                for l in py_tb(
                    [
                        (
                            "/workspace/train.py",
                            61,
                            "main",
                            "deepspeed.init_distributed(dist_backend='nccl')",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py",
                            1520,
                            "init_process_group",
                            "store, rank, world_size = next(rendezvous_iterator)",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py",
                            269,
                            "_env_rendezvous_handler",
                            "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)",
                        ),
                    ],
                    "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 56/64 clients joined.",
                )
            ]
        con.append(
            f"{h}: "
            + _ds(
                add(t0, 1830),
                "launch.py:325:sigkill_handler",
                "['/usr/bin/python', '-u', 'train.py', '--local_rank=7'] exits with return code = 1",
                level="ERROR",
            )
        )
    b.add("trn-000", "ds_launch.out", con)
    for h in hosts:
        if h != dead:
            b.add(h, "syslog", kernel_noise(rng, h, t0, 4))
    b.add(
        dead,
        "journal-previous-boot.txt",
        [
            f"{journal(add(t0, -2000), dead, 'kernel')} mlx5_core 0000:0c:00.0: mlx5_cmd_out_err:838: DESTROY_QP(0x501) op_mod(0x0) failed, status bad resource state(0x9)",
            f"{journal(add(t0, -1500), dead, 'kernel')} watchdog: BUG: soft lockup - CPU#33 stuck for 22s! [kworker/33:1:4410]",
            f"{journal(add(t0, -1490), dead, 'kernel')} watchdog: BUG: soft lockup - CPU#33 stuck for 48s! [kworker/33:1:4410]",
            f"{journal(add(t0, -1460), dead, 'kernel')} rcu: INFO: rcu_sched detected stalls on CPUs/tasks: {{ 33-... }} (detected by 12, t=60002 jiffies)",
            "-- Boot 9c1f2e0d7a6b4e1f8d9a2b3c4d5e6f70 ends here (no clean shutdown) --",
        ],
    )
    b.label(
        "host",
        "infrastructure",
        dead,
        None,
        "restart_without_node",
        "pdsh cannot reach trn-005 (no route to host, ssh exit 255), so 8 of 64 ranks never join and the TCPStore "
        "times out on every other node. The node's last journal shows soft lockups and RCU stalls and then ends without "
        "a clean shutdown. The host is down; relaunch without it.",
        "https://github.com/deepspeedai/DeepSpeed/issues/1722",
    )
    return b


def x14_deepspeed_batch_assert(rng):
    b = Bundle()
    hosts = ["gpu17", "gpu18"]
    job = Job(hosts)
    t0 = T(2025, 5, 6, 10, 0, 0)
    con = _launcher_head(t0, hosts)
    for h in hosts:
        con.append(
            f"{h}: "
            + _ds(
                add(t0, 5),
                "real_accelerator.py:219:get_accelerator",
                "Setting ds_accelerator to cuda (auto detect)",
            )
        )
        con.append(
            f"{h}:  [WARNING]  async_io requires the dev libaio .so object and headers but these were not found."
        )
        con.append(
            f"{h}: {h}:{5100}:{5100} [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."
        )
        for r in job.ranks(h):
            con += [
                f"{h}: [rank{r}]: " + l
                for l in py_tb(
                    [
                        (
                            "/workspace/sft.py",
                            188,
                            "<module>",
                            "engine, optimizer, _, scheduler = deepspeed.initialize(model=model, config=ds_cfg, model_parameters=params)",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/deepspeed/__init__.py",
                            181,
                            "initialize",
                            "config_class = DeepSpeedConfig(config, mpu, mesh_device=mesh_device)",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/deepspeed/runtime/config.py",
                            814,
                            "__init__",
                            "self._configure_train_batch_size()",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/deepspeed/runtime/config.py",
                            997,
                            "_batch_assertion",
                            "assert train_batch == micro_batch * grad_acc * self.world_size, (",
                        ),
                    ],
                    "AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 256 != 4 * 8 * 16",
                )
            ]
        con.append(
            f"{h}: "
            + _ds(
                add(t0, 44),
                "launch.py:325:sigkill_handler",
                "['/usr/bin/python3', '-u', 'sft.py', '--local_rank=0'] exits with return code = 1",
                level="ERROR",
            )
        )
    b.add("gpu17", "launcher.log", con)
    b.add("gpu18", "dmesg.txt", kernel_noise(rng, "gpu18", t0, 4, style="dmesgT"))
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "deepspeed.initialize rejects the config on all 16 ranks: train_batch_size 256 does not equal micro batch 4 x "
        "grad-accum 8 x world 16. The config was written for 8 GPUs. This is deterministic and must be fixed in the "
        "config. The libaio and NCCL plugin messages are harmless.",
        "https://github.com/deepspeedai/DeepSpeed/issues/6914",
    )
    return b


def x15_deepspeed_fused_adam_cuda_mismatch(rng):
    b = Bundle()
    hosts = ["a100-x01", "a100-x02"]
    job = Job(hosts, gpn=4)
    t0 = T(2023, 11, 22, 15, 30, 0)
    con = _launcher_head(t0, hosts, gpn=4)
    for h in hosts:
        for r in job.ranks(h):
            con += [
                f"{h}: Using /root/.cache/torch_extensions/py310_cu118 as PyTorch extensions root...",
                f"{h}: Detected CUDA files, patching ldflags",
                f"{h}: Emitting ninja build file /root/.cache/torch_extensions/py310_cu118/fused_adam/build.ninja...",
            ]
        con += [
            f"{h}: " + l
            for l in py_tb(
                [
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/utils/cpp_extension.py",
                        2100,
                        "_run_ninja_build",
                        "subprocess.run(",
                    ),
                    (
                        "/usr/lib/python3.10/subprocess.py",
                        526,
                        "run",
                        "raise CalledProcessError(retcode, process.args,",
                    ),
                ],
                "subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.",
            )
        ]
        con += [
            f"{h}: RuntimeError: ",
            f"{h}: The detected CUDA version (12.1) mismatches the version that was used to compile",
            f"{h}: PyTorch (11.8). Please make sure to use the same CUDA versions.",
            f"{h}: ",
            f"{h}: RuntimeError: Error building extension 'fused_adam'",
        ]
        con.append(
            f"{h}: "
            + _ds(
                add(t0, 95),
                "launch.py:325:sigkill_handler",
                "['/usr/bin/python', '-u', 'pretrain.py', '--local_rank=3'] exits with return code = 1",
                level="ERROR",
            )
        )
    b.add(hosts[0], "launcher.log", con)
    for h in hosts:
        b.add(
            h,
            "ds_report.txt",
            [
                "DeepSpeed C++/CUDA extension op report",
                "fused_adam ............. [NO] ....... [OKAY]",
                "torch version .................... 2.1.0+cu118",
                "torch cuda version ............... 11.8",
                "nvcc version ..................... 12.1",
                "deepspeed info ................... 0.12.3",
            ],
        )
    b.label(
        "dependency",
        "framework",
        None,
        None,
        "stop",
        "The JIT build of DeepSpeed's fused_adam op fails on both nodes: the image's nvcc is 12.1 but torch was built "
        "for cu118. The image needs a toolkit that matches the torch wheel, or prebuilt ops (DS_BUILD_FUSED_ADAM=1). "
        "A restart repeats the failure.",
        "https://github.com/deepspeedai/DeepSpeed/issues/629",
    )
    return b


CASES = [
    x11_deepspeed_loss_scale_floor,
    x12_deepspeed_zero3_offload_host_oom,
    x13_deepspeed_pdsh_node_unreachable,
    x14_deepspeed_batch_assert,
    x15_deepspeed_fused_adam_cuda_mismatch,
]
