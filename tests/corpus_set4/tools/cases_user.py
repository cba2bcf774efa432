"""t31-t39: deterministic user errors by message, data-loader layer, clean run, evidence-free hang."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from common import (
    Bundle,
    Console,
    Failure,
    Job,
    Prefix,
    add_watchdogs,
    agent_exit,
    base_console,
    destroy_pg_warning,
    iso,
    make_job,
    ms,
    nccl_init,
    place,
    py_traceback,
    pylog,
    pylog_steps,
    sec,
    titan_steps,
)
from hw import free_g, kernel_log, nvidia_smi_q, xid

PY = "/usr/local/lib/python3.10/dist-packages"


def _all_ranks_fail(
    cons: dict[str, Console],
    rng: random.Random,
    job: Job,
    pfx: Prefix,
    t: datetime,
    tb: list[str],
    script: str,
    spread: float = 2.0,
) -> None:
    for h, con in cons.items():
        for r in job.ranks(h):
            con.block(t + sec(rng.uniform(0, spread)), pfx.out(r), tb)
        agent_exit(
            con,
            rng,
            job,
            h,
            script,
            [
                Failure(t + sec(spread + rng.uniform(0.5, 1.5)), h, r, job.local(r), 1, job.pid(r))
                for r in job.ranks(h)
            ],
        )


def t31() -> Bundle:
    rng = random.Random(431)
    b = Bundle("t31_resume_state_dict_missing_keys_every_rank")
    hosts = ["ws-gpu-7", "ws-gpu-8"]
    job = make_job(rng, hosts, subnet="10.31.7", first=7)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 10, 30, 16, 44, 2)
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    for h in hosts:
        cons[h].at(
            start - sec(3),
            "The following values were not passed to `accelerate launch` and had defaults used "
            "instead:",
            "\t`--num_cpu_threads_per_process` was set to `1` to improve out-of-box performance "
            "when training on CPUs",
            "To avoid this warning pass in values for each of the problematic parameters or run `accelerate "
            "config`.",
        )
    cons["ws-gpu-7"].at(
        start + sec(70),
        pfx.out(0) + f"{pylog(start + sec(70))} - accelerate.accelerator - INFO - "
        "Loading states from /ckpt/qwen-lora/checkpoint-3000",
    )
    keys = ", ".join(
        f'"base_model.model.model.layers.{i}.self_attn.{p}_proj.lora_{ab}.default.weight"'
        for i in range(3)
        for p in "qkv"
        for ab in "AB"
    )
    unexpected = ", ".join(
        f'"model.layers.{i}.self_attn.{p}_proj.weight"' for i in range(3) for p in "qkvo"
    )
    tb = py_traceback(
        [
            ("/home/ml/sft/train_lora.py", 233, "<module>", "main()"),
            ("/home/ml/sft/train_lora.py", 190, "main", "accelerator.load_state(args.resume_from)"),
            (f"{PY}/accelerate/accelerator.py", 3086, "load_state", "load_accelerator_state("),
            (
                f"{PY}/accelerate/checkpointing.py",
                195,
                "load_accelerator_state",
                "models[i].load_state_dict(state_dict, **load_model_func_kwargs)",
            ),
            (
                f"{PY}/torch/nn/modules/module.py",
                2215,
                "load_state_dict",
                "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
            ),
        ],
        [
            "RuntimeError: Error(s) in loading state_dict for PeftModelForCausalLM:",
            f"\tMissing key(s) in state_dict: {keys}, ... (1344 more).",
            f"\tUnexpected key(s) in state_dict: {unexpected}, ... (1020 more).",
        ],
    )
    _all_ranks_fail(cons, rng, job, pfx, start + sec(72), tb, "train_lora.py")
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - timedelta(hours=5), start + sec(200), "dmesg_t", noise=20),
        )
    b.add(
        "ws-gpu-8/nvidia-smi-q.txt",
        nvidia_smi_q(
            rng,
            start + sec(300),
            job.bus,
            procs={i: [] for i in range(8)},
            gpus={i: {"util": 0, "mem_used": 4} for i in range(8)}
            | {5: {"util": 0, "mem_used": 4, "ecc_vol": {"sram_c": 2}, "ecc_agg": {"sram_c": 9}}},
        ),
    )
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "All 16 ranks fail in accelerator.load_state with missing LoRA keys and unexpected base-model keys: the "
        "resume path points at a full-model checkpoint, not the adapter state. Deterministic; fix the path/config.",
        "https://github.com/LiheYoung/UniMatch/issues/97",
    )
    return b


def t32() -> Bundle:
    rng = random.Random(432)
    b = Bundle("t32_dtype_mismatch_runtimeerror_every_rank_pdsh")
    hosts = ["ds-node-1", "ds-node-2", "ds-node-3"]
    job = make_job(rng, hosts, subnet="10.32.0", first=1)
    Prefix(job, "pdsh")
    start = datetime(2024, 6, 25, 11, 30, 40, 201000)
    con = Console()
    hd = f"[{pylog(start)}] [INFO]"
    con.at(
        start,
        f"{hd} [runner.py:463:main] Using IP address of 10.32.0.1 for node ds-node-1",
        f"{hd} [runner.py:568:main] cmd = pdsh -S -f 1024 -w ds-node-1,ds-node-2,ds-node-3 export "
        "NCCL_DEBUG=INFO; cd /data/rm; python -u -m deepspeed.launcher.launch --world_info=eyJkcy1ub2RlLTEiOiBbMC"
        "wgMSwgMiwgMywgNCwgNSwgNiwgN119 --node_rank=%n --master_addr=10.32.0.1 --master_port=29500 "
        "train_reward.py --deepspeed ds_z3_bf16.json",
    )
    for h in hosts:
        place(
            con,
            rng,
            nccl_init(rng, job, h, version="2.20.5+cuda12.4", channels=4),
            start + sec(30),
            lambda r, h=h: f"{h}: ",
            2500,
        )
    t_cfg = start + sec(45)
    con.at(
        t_cfg,
        f"ds-node-1: [{pylog(t_cfg)}] [INFO] [config.py:1000:print]   bfloat16_enabled ............. True",
        f"ds-node-1: [{pylog(t_cfg)}] [INFO] [config.py:1000:print]   zero_optimization_stage ...... 3",
    )
    t_err = start + sec(96)
    tb = py_traceback(
        [
            ("/data/rm/train_reward.py", 211, "<module>", "main()"),
            ("/data/rm/train_reward.py", 176, "main", "rewards = engine(**batch)"),
            (
                f"{PY}/deepspeed/runtime/engine.py",
                1855,
                "forward",
                "loss = self.module(*inputs, **kwargs)",
            ),
            ("/data/rm/model.py", 58, "forward", "score = self.value_head(hidden.float())"),
            (
                f"{PY}/torch/nn/modules/module.py",
                1562,
                "_call_impl",
                "return forward_call(*args, **kwargs)",
            ),
            (
                f"{PY}/deepspeed/runtime/zero/linear.py",
                57,
                "forward",
                "output = input.matmul(weight.t())",
            ),
        ],
        "RuntimeError: expected mat1 and mat2 to have the same dtype, but got: float != c10::BFloat16",
    )
    for r in range(job.world):
        con.block(t_err + sec(rng.uniform(0, 1.5)), f"{job.host_of(r)}: ", tb)
    for h in hosts:
        kt = t_err + sec(rng.uniform(2, 3))
        con.at(
            kt,
            *[
                f"{h}: [{pylog(kt)}] [INFO] [launch.py:315:sigkill_handler] Killing subprocess {job.pid(r)}"
                for r in job.ranks(h)
            ],
        )
        con.at(
            kt + sec(0.3),
            f"{h}: [{pylog(kt + sec(0.3))}] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/"
            "python', '-u', 'train_reward.py', '--local_rank=7', '--deepspeed', 'ds_z3_bf16.json'] exits with "
            "return code = 1",
        )
        con.at(kt + sec(0.5), f"pdsh@ds-node-1: {h}: ssh exited with exit code 1")
    b.add("ds-node-1/deepspeed.log", con.render())
    for h in hosts:
        b.add(
            f"{h}/syslog.txt",
            kernel_log(rng, h, start - timedelta(hours=2), t_err + sec(60), "syslog", noise=25),
        )
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Every one of the 24 ranks fails on its first forward with 'expected mat1 and mat2 to have the same dtype "
        "(float != BFloat16)' from the user's value head casting to float under ZeRO-3 bf16. Deterministic.",
        "https://github.com/deepseek-ai/DeepSeek-MoE/issues/35",
    )
    return b


def t33() -> Bundle:
    rng = random.Random(433)
    b = Bundle("t33_cuda_oom_on_every_rank_after_seq_len_change")
    hosts = [f"gh-gpu-{i}" for i in range(101, 105)]
    job = make_job(rng, hosts, subnet="10.33.1", first=101)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 12, 9, 20, 11, 3)
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    cons[hosts[0]].at(
        start + sec(40),
        *[
            pfx.out(0) + x
            for x in [
                f"{pylog(start + sec(40))} - run - INFO - config diff vs run 901087:",
                "    data.seq_length: 4096 -> 16384",
                "    train.micro_batch_size: 2 -> 2",
                "    model.activation_checkpointing: selective -> none",
            ]
        ],
    )
    t_oom = start + sec(118)
    for h in hosts:
        for r in job.ranks(h):
            free = rng.uniform(4.9, 6.1)
            tb = py_traceback(
                [
                    ("/work/lm/train.py", 288, "<module>", "main(cfg)"),
                    ("/work/lm/train.py", 241, "main", "loss = model(tokens, labels).loss"),
                    ("/work/lm/model.py", 173, "forward", "attn = torch.softmax(scores, dim=-1)"),
                ],
                f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 8.00 GiB. GPU {job.local(r)} has a "
                f"total capacity of 79.10 GiB of which {free:.2f} GiB is free. Including non-PyTorch memory, this "
                f"process has {79.1 - free:.2f} GiB memory in use. Of the allocated memory {69.1 + rng.uniform(0, 1):.2f}"
                f" GiB is allocated by PyTorch, and {rng.uniform(2.1, 3.2):.2f} GiB is reserved by PyTorch but "
                "unallocated. If reserved but unallocated memory is large try setting "
                "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for "
                "Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
            )
            cons[h].block(t_oom + sec(rng.uniform(0, 3)), pfx.out(r), tb)
        agent_exit(
            cons[h],
            rng,
            job,
            h,
            "train.py",
            [Failure(t_oom + sec(4), h, r, job.local(r), 1, job.pid(r)) for r in job.ranks(h)],
        )
        cons[h].at(
            t_oom + sec(6), f"srun: error: {h}: task {hosts.index(h)}: Exited with exit code 1"
        )
    for h in hosts:
        b.add(f"{h}/slurm-901122.{h}.out", cons[h].render())
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - timedelta(hours=3), t_oom + sec(60), "dmesg_t", noise=18),
        )
    b.add(
        "gh-gpu-103/nvidia-smi-q.txt",
        nvidia_smi_q(
            rng,
            t_oom + sec(600),
            job.bus,
            procs={i: [] for i in range(8)},
            gpus={i: {"util": 0, "mem_used": 4} for i in range(8)},
        ),
    )
    b.label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "All 32 ranks run out of GPU memory on the first step right after the config raised seq_length from 4096 to "
        "16384 and disabled activation checkpointing; no foreign process. Change the configuration.",
        "https://github.com/QwenLM/Qwen3-Coder/issues/174",
    )
    return b


def t34() -> Bundle:
    rng = random.Random(434)
    b = Bundle("t34_missing_tokenized_shard_filenotfound")
    hosts = [f"llm-tr-{i:02d}" for i in range(1, 5)]
    job = make_job(rng, hosts, subnet="10.34.0", first=1)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 4, 22, 6, 0, 20)
    fail = datetime(2024, 4, 22, 9, 17, 44, 61000)
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    for d, line in pylog_steps(rng, start + sec(80), 10, 12000, step_s=1.9, name="pretrain"):
        if d < fail:
            cons[hosts[0]].at(d, pfx.out(0) + line)
    path = "/lustre/proj/tok/en-v2/shard_00417.bin"
    victims = [13, 29]
    for i, r in enumerate(victims):
        h = job.host_of(r)
        d = fail + sec(i * 0.8)
        tb = py_traceback(
            [
                ("/opt/lm/pretrain.py", 301, "<module>", "main()"),
                ("/opt/lm/pretrain.py", 252, "main", "batch = next(train_iter)"),
                (
                    f"{PY}/torch/utils/data/dataloader.py",
                    1344,
                    "_next_data",
                    "return self._process_data(data)",
                ),
                (f"{PY}/torch/_utils.py", 706, "reraise", "raise exception"),
            ],
            [
                f"FileNotFoundError: Caught FileNotFoundError in DataLoader worker process {i + 2}.",
                "Original Traceback (most recent call last):",
                f'  File "{PY}/torch/utils/data/_utils/worker.py", line 308, in _worker_loop',
                "    data = fetcher.fetch(index)",
                '  File "/opt/lm/data/sharded.py", line 77, in __iter__',
                "    arr = np.memmap(self.shards[self._cur], dtype=np.uint16, mode='r')",
                '  File "/usr/local/lib/python3.10/dist-packages/numpy/core/memmap.py", line 229, in __new__',
                "    f_ctx = open(os_fspath(filename), ('r' if mode == 'c' else mode)+'b')",
                f"FileNotFoundError: [Errno 2] No such file or directory: '{path}'",
            ],
        )
        cons[h].block(d, pfx.out(r), tb)
    for h in hosts:
        mine = [r for r in victims if job.host_of(r) == h]
        rest = [r for r in job.ranks(h) if r not in mine]
        done = add_watchdogs(
            cons[h], rng, job, rest, fail + sec(1800.5), 210017, pfx, op="ALLREDUCE", numel=50331648
        )
        done.update({r: fail + sec(1) for r in mine})
        agent_exit(
            cons[h],
            rng,
            job,
            h,
            "pretrain.py",
            [
                Failure(d + sec(0.5), h, r, job.local(r), 1 if r in mine else -6, job.pid(r))
                for r, d in done.items()
            ],
        )
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - timedelta(hours=1), fail + sec(1900), "dmesg_t", noise=20),
        )
    ls = ["$ ls -l /lustre/proj/tok/en-v2/ | sed -n '410,426p'"]
    for n in range(409, 426):
        if n == 417:
            continue
        ls.append(
            f"-rw-r--r-- 1 dataeng lmdata {rng.randint(3_900_000_000, 4_100_000_000)} Apr 17 {3 + (n - 360) // 60:02d}:{(n - 360) % 60:02d} "
            f"shard_{n:05d}.bin"
        )
    ls += [
        "$ grep -n 'shard_00417' /lustre/proj/tok/en-v2/manifest.txt",
        "418:shard_00417.bin expected_tokens=2006165888",
        "$ tail -3 /lustre/proj/tok/en-v2/_tokenize.log",
        "2024-04-17 03:17:02 worker 23: shard_00417 FAILED: MemoryError (skipping, will not be written)",
        "2024-04-17 03:18:40 worker 11: shard_00418 done (4011002880 bytes)",
        "2024-04-17 05:02:11 all workers finished: 1023 ok, 1 failed",
    ]
    b.add("llm-tr-01/dataset-listing.txt", ls)
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Ranks 13 and 29 fail when their loaders reach shard_00417.bin, which the tokenisation job never wrote (the "
        "manifest still lists it); Lustre itself is healthy. The dataset is incomplete: fix the data, don't restart.",
        "https://github.com/NVIDIA/Megatron-LM/issues/119",
    )
    return b


def _oom_dump(
    rng: random.Random, procs: list[tuple[int, int, str, int]], protected: int = -1
) -> list[str]:
    """Kernel OOM task dump: procs (pid, uid, name, rss_pages); ``protected`` has oom_score_adj -1000."""
    out = [
        "Tasks state (memory values in pages):",
        "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
    ]
    for pid, uid, name, rss in procs:
        out.append(
            f"[{pid:>7}] {uid:>5} {pid:>5} {rss + rng.randint(100000, 900000):>8} {rss:>8} "
            f"{rng.randint(30, 90) * 1000000:>14} {0:>8} {-1000 if pid == protected else 0:>13} {name}"
        )
    return out


def t35() -> Bundle:
    rng = random.Random(435)
    b = Bundle("t35_dataloader_workers_exhaust_host_memory_everywhere")
    hosts = [f"gpu-m{i:02d}" for i in range(1, 5)]
    job = make_job(rng, hosts, subnet="10.35.0", first=1)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 5, 27, 1, 0, 0)
    kill = datetime(2024, 5, 27, 5, 2, 13, 412000)
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    cons[hosts[0]].at(
        start + sec(30),
        pfx.out(0) + f"{pylog(start + sec(30))} - vlm - INFO - DataLoader: "
        "num_workers=12, prefetch_factor=8, persistent_workers=True, dataset=InterleavedCaptions "
        "(41,882,310 samples, index held in a Python list)",
    )
    for d, line in pylog_steps(rng, start + sec(90), 10, 9000, step_s=1.6, name="vlm"):
        if d < kill:
            cons[hosts[0]].at(d, pfx.out(0) + line)
    culprit_node = "gpu-m03"
    r = job.rank(culprit_node, 6)
    wpid = job.pid(r) + 3000 + 7
    tb = py_traceback(
        [
            ("/srv/vlm/train.py", 311, "<module>", "main()"),
            (
                "/srv/vlm/train.py",
                262,
                "main",
                "for step, batch in enumerate(loader, start=start_step):",
            ),
            (f"{PY}/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
            (
                f"{PY}/torch/utils/data/dataloader.py",
                1329,
                "_next_data",
                "idx, data = self._get_data()",
            ),
            (
                f"{PY}/torch/utils/data/_utils/signal_handling.py",
                67,
                "handler",
                "_error_if_any_worker_fails()",
            ),
        ],
        f"RuntimeError: DataLoader worker (pid {wpid}) is killed by signal: Killed. ",
    )
    cons[culprit_node].block(kill + sec(0.4), pfx.out(r), tb)
    agent_exit(
        cons[culprit_node],
        rng,
        job,
        culprit_node,
        "train.py",
        [Failure(kill + sec(1.5), culprit_node, r, 6, 1, job.pid(r))],
        sigterm=[job.pid(x) for x in job.ranks(culprit_node) if x != r],
        sigterm_at=kill + sec(1.2),
    )
    for h in hosts:
        if h == culprit_node:
            continue
        done = add_watchdogs(
            cons[h],
            rng,
            job,
            job.ranks(h),
            kill + sec(600.2),
            90211,
            pfx,
            timeout_ms=600000,
            numel=83886080,
        )
        agent_exit(
            cons[h],
            rng,
            job,
            h,
            "train.py",
            [Failure(d + sec(0.5), h, x, job.local(x), -6, job.pid(x)) for x, d in done.items()],
        )
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        events = []
        if h in (culprit_node, "gpu-m01"):
            t = kill if h == culprit_node else kill + sec(37)
            vpid = wpid if h == culprit_node else job.pid(job.rank(h, 2)) + 3000 + 4
            procs = [
                (job.pid(x), 1001, "python3", rng.randint(2_300_000, 2_600_000))
                for x in job.ranks(h)
            ]
            procs += [
                (job.pid(x) + 3000 + w, 1001, "pt_data_worker", rng.randint(4_900_000, 5_300_000))
                for x in job.ranks(h)
                for w in range(0, 12, 3)
            ]
            dump = _oom_dump(rng, procs)
            events = [
                (
                    t - ms(5),
                    "kernel",
                    "pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|"
                    "__GFP_COMP), order=0, oom_score_adj=0",
                )
            ]
            events += [(t - ms(4), "kernel", line) for line in dump]
            events += [
                (
                    t - ms(1),
                    "kernel",
                    "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,"
                    "global_oom,task_memcg=/system.slice/slurmstepd.scope/job_88410,"
                    f"task=pt_data_worker,pid={vpid},uid=1001",
                ),
                (
                    t,
                    "kernel",
                    f"Out of memory: Killed process {vpid} (pt_data_worker) total-vm:53824112kB, "
                    "anon-rss:21873244kB, file-rss:81220kB, shmem-rss:1342176kB, UID:1001 pgtables:43212kB "
                    "oom_score_adj:0",
                ),
            ]
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(
                rng, h, start - timedelta(hours=1), kill + sec(700), "dmesg_t", events, noise=20
            ),
        )
        rows = ["time,mem_used_gib,mem_total_gib,pt_data_worker_rss_gib_avg"]
        for k in range(0, 250, 10):
            t = start + timedelta(minutes=k)
            used = min(2010, 310 + k * 6.9 + rng.uniform(-8, 8))
            rows.append(f"{t:%Y-%m-%dT%H:%M:%S},{used:.0f},2015,{(used - 290) / 96:.1f}")
        b.add(f"{h}/node-memory.csv", rows)
    b.add("gpu-m02/free-g.txt", free_g(2015, 1962, 41, 38))
    b.label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "The kernel OOM killer shot data-loader workers (pt_data_worker, ~20 GiB RSS each, 96 per node) on gpu-m03 "
        "then gpu-m01; memory climbed identically on all four nodes: the job's own loaders. Reduce workers/prefetch.",
        "https://github.com/pytorch/pytorch/issues/8976",
    )
    return b


def t36() -> Bundle:
    rng = random.Random(436)
    b = Bundle("t36_dataloader_killed_by_foreign_memory_hog")
    hosts = [f"cx-gpu-0{i}" for i in range(5, 9)]
    job = make_job(rng, hosts, subnet="10.36.0", first=5)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 8, 6, 9, 40, 0)
    kill = datetime(2024, 8, 6, 14, 20, 7, 90000)
    culprit, lr = "cx-gpu-07", 3
    bad = job.rank(culprit, lr)
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    for d, line in pylog_steps(rng, start + sec(90), 10, 12000, step_s=1.35, name="asr"):
        if d < kill:
            cons[hosts[0]].at(d, pfx.out(0) + line)
    wpid = job.pid(bad) + 2000 + 5
    tb = py_traceback(
        [
            ("/work/asr/train.py", 198, "<module>", "main()"),
            ("/work/asr/train.py", 160, "main", "for batch in loader:"),
            (
                f"{PY}/torch/utils/data/dataloader.py",
                1329,
                "_next_data",
                "idx, data = self._get_data()",
            ),
            (
                f"{PY}/torch/utils/data/_utils/signal_handling.py",
                67,
                "handler",
                "_error_if_any_worker_fails()",
            ),
        ],
        f"RuntimeError: DataLoader worker (pid {wpid}) is killed by signal: Killed. ",
    )
    cons[culprit].block(kill + sec(0.3), pfx.out(bad), tb)
    agent_exit(
        cons[culprit],
        rng,
        job,
        culprit,
        "train.py",
        [Failure(kill + sec(1.4), culprit, bad, lr, 1, job.pid(bad))],
        sigterm=[job.pid(x) for x in job.ranks(culprit) if x != bad],
        sigterm_at=kill + sec(1.1),
    )
    for h in hosts:
        if h == culprit:
            continue
        done = add_watchdogs(
            cons[h], rng, job, job.ranks(h), kill + sec(1800.3), 188201, pfx, numel=33554432
        )
        agent_exit(
            cons[h],
            rng,
            job,
            h,
            "train.py",
            [Failure(d + sec(0.5), h, x, job.local(x), -6, job.pid(x)) for x, d in done.items()],
        )
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        events = []
        if h == culprit:
            procs = [
                (job.pid(x), 1207, "python3", rng.randint(1_900_000, 2_100_000))
                for x in job.ranks(h)
            ]
            procs += [
                (job.pid(x) + 2000 + w, 1207, "pt_data_worker", rng.randint(820_000, 910_000))
                for x in job.ranks(h)
                for w in range(0, 8, 2)
            ]
            procs.insert(3, (311842, 2044, "java", 368_112_400))
            dump = _oom_dump(rng, procs, protected=311842)
            events = [
                (
                    kill - ms(5),
                    "kernel",
                    "pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_"
                    "MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
                )
            ]
            events += [(kill - ms(4), "kernel", line) for line in dump]
            events += [
                (
                    kill - ms(1),
                    "kernel",
                    "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed="
                    "0-1,global_oom,task_memcg=/system.slice/slurmstepd.scope/job_51733,"
                    f"task=pt_data_worker,pid={wpid},uid=1207",
                ),
                (
                    kill,
                    "kernel",
                    f"Out of memory: Killed process {wpid} (pt_data_worker) total-vm:14210332kB, "
                    "anon-rss:3502184kB, file-rss:61220kB, shmem-rss:412176kB, UID:1207 pgtables:9212kB "
                    "oom_score_adj:0",
                ),
            ]
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(
                rng, h, start - timedelta(hours=1), kill + sec(1900), "dmesg_t", events, noise=20
            ),
        )
        b.add(
            f"{h}/free-g.txt", free_g(1511, 1498 if h == culprit else rng.randint(360, 420), 20, 8)
        )
    b.add(
        f"{culprit}/ps-top-rss.txt",
        [
            "$ ps -eo pid,user,rss,etime,cmd --sort=-rss | head -4",
            "    PID USER        RSS     ELAPSED CMD",
            " 311842 etl-svc  1472449600  03:12:41 /usr/lib/jvm/java-17/bin/java -Xmx1400g -cp /opt/spark/jars/* "
            "org.apache.spark.executor.CoarseGrainedExecutorBackend --driver-url spark://CoarseGrainedScheduler@"
            "etl-head:7077 --executor-id 17",
            f" {job.pid(job.rank(culprit, 0)):>6} mlops       8401220     4:40:07 /usr/bin/python3 -u /work/asr/train.py",
        ],
    )
    b.label(
        "host",
        "infrastructure",
        culprit,
        bad,
        "restart_without_node",
        "Rank 19's data-loader worker on cx-gpu-07 was OOM-killed, but the OOM task list and ps show a foreign Spark "
        "executor (etl-svc, ~1.4 TiB RSS, oom_score_adj -1000) there; the job's workers use ~3.5 GiB, other nodes are fine.",
        "https://github.com/open-mmlab/mmrotate/issues/501",
    )
    return b


def t37() -> Bundle:
    rng = random.Random(437)
    b = Bundle("t37_device_side_assert_vocab_mismatch_every_rank")
    hosts = [f"gpu-west-{i}" for i in range(11, 14)]
    job = make_job(rng, hosts, subnet="10.37.0", first=11)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 7, 29, 15, 5, 0)
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    cons[hosts[0]].at(
        start + sec(52),
        pfx.out(0) + f"{pylog(start + sec(52))} - cpt - INFO - tokenizer: "
        "meta-llama/Meta-Llama-3-8B (vocab 128256); model: configs/tiny_llama_1b.json (vocab_size 32000,"
        " tie_word_embeddings=false)",
    )
    t_err = start + sec(81)
    for h in hosts:
        for r in job.ranks(h):
            d = t_err + sec(rng.uniform(0, 1))
            asserts = [
                f"../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: "
                f"[{rng.randint(0, 511)},0,0], thread: [{t},0,0] Assertion `srcIndex < srcSelectDimSize` failed."
                for t in range(rng.randint(64, 96), rng.randint(97, 128))
            ]
            tb = py_traceback(
                [
                    ("/home/cpt/train.py", 177, "<module>", "main()"),
                    ("/home/cpt/train.py", 140, "main", "logits = model(input_ids).logits"),
                    (
                        f"{PY}/transformers/models/llama/modeling_llama.py",
                        1001,
                        "forward",
                        "inputs_embeds = self.embed_tokens(input_ids)",
                    ),
                    (
                        f"{PY}/torch/nn/functional.py",
                        2264,
                        "embedding",
                        "return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)",
                    ),
                ],
                [
                    "RuntimeError: CUDA error: device-side assert triggered",
                    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace "
                    "below might be incorrect.",
                    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                ],
            )
            cons[h].block(d, pfx.out(r), asserts + tb)
        agent_exit(
            cons[h],
            rng,
            job,
            h,
            "train.py",
            [Failure(t_err + sec(2.5), h, r, job.local(r), 1, job.pid(r)) for r in job.ranks(h)],
        )
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        events = [
            (
                t_err + ms(rng.uniform(0, 900)),
                "kernel",
                xid(job.bus[lr], 43, "Ch 00000010", job.pid(job.rank(h, lr)), "python3"),
            )
            for lr in range(8)
        ]
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(
                rng, h, start - timedelta(hours=2), t_err + sec(300), "dmesg_t", events, noise=15
            ),
        )
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Every rank on all three nodes hits 'srcIndex < srcSelectDimSize' in the embedding and a device-side assert on "
        "the first batch: token ids from a 128256-token tokenizer fed to a 32000-row embedding. Xid 43 just follows.",
        "https://github.com/Lightning-AI/lit-llama/issues/306",
    )
    return b


def t38() -> Bundle:
    rng = random.Random(438)
    b = Bundle("t38_clean_mpirun_finish_with_scary_warnings")
    hosts = ["node-c01", "node-c02", "node-c03"]
    job = make_job(rng, hosts, gpus=4, subnet="10.38.0", first=1, bus=["1b", "43", "8b", "c3"])
    out = Prefix(job, "mpi", "stdout")
    err = Prefix(job, "mpi", "stderr")
    start = datetime(2024, 3, 28, 18, 0, 11)
    con = Console()
    con.at(
        start,
        "+ mpirun -np 12 -npernode 4 --hostfile hosts -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH "
        "python -u train_unet.py --epochs 40",
    )
    for h in hosts:
        place(
            con,
            rng,
            nccl_init(rng, job, h, version="2.19.3+cuda12.3", hcas=4, channels=4),
            start + sec(15),
            err.out,
            2500,
        )
    for r in range(job.world):
        con.at(
            start + sec(12) + ms(rng.uniform(0, 500)),
            err.out(r) + "/opt/conda/lib/python3.10/site-packages/torch/"
            "cuda/amp/grad_scaler.py:126: FutureWarning: `torch.cuda.amp.GradScaler(args...)` is deprecated. "
            "Please use `torch.amp.GradScaler('cuda', args...)` instead.",
            err.out(r) + "  warnings.warn(",
        )
    t = start + sec(60)
    for ep in range(40):
        for d, line in pylog_steps(rng, t, 10, 750, step_s=0.81, name=f"unet.ep{ep}"):
            con.at(d, out.out(0) + line)
            t = d
        con.at(
            t + sec(3),
            out.out(0) + f"{pylog(t + sec(3))} - unet - INFO - epoch {ep} done, val dice "
            f"{0.71 + ep * 0.004 + rng.uniform(-0.003, 0.003):.4f}",
        )
        t = t + sec(4)
    con.at(
        t + sec(2),
        out.out(0) + f"{pylog(t + sec(2))} - unet - INFO - training finished: 40 epochs, best val "
        "dice 0.8712, checkpoint /proj/unet/ckpt/best.pt",
    )
    for r in range(job.world):
        d = t + sec(3) + ms(rng.uniform(0, 600))
        h = job.host_of(r)
        pid = job.pid(r)
        con.at(
            d,
            err.out(r)
            + f"{h}:{pid}:{pid + 901} [{job.local(r)}] NCCL INFO [Service thread] Connection closed "
            f"by localRank {(job.local(r) + 1) % 4}",
        )
        con.at(d + ms(5), err.out(r) + destroy_pg_warning(d + ms(5), r))
    b.add("node-c01/mpirun.out", con.render())
    end = t + sec(5)
    for h in hosts:
        events = []
        if h == "node-c02":
            events = [
                (start + sec(9000), "kernel", xid("8b", 92, "High single-bit ECC error rate"))
            ]
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(
                rng, h, start - timedelta(hours=1), end + sec(60), "dmesg_t", events, noise=22
            ),
        )
    b.add(
        "node-c02/nvidia-smi-q.txt",
        nvidia_smi_q(
            rng,
            end + sec(120),
            job.bus,
            product="NVIDIA A100-SXM4-80GB",
            procs={i: [] for i in range(4)},
            event_label="Clocks Throttle Reasons",
            gpus={i: {"util": 0, "mem_used": 4} for i in range(4)}
            | {
                2: {
                    "util": 0,
                    "mem_used": 4,
                    "ecc_vol": {"dram_c": 38},
                    "ecc_agg": {"dram_c": 412},
                    "remap": {"corr": 1},
                }
            },
        ),
    )
    b.add("node-c01/job-exit.txt", ["$ echo $?  # mpirun", "0"])
    b.label(
        "unknown",
        "framework",
        None,
        None,
        "none",
        "mpirun exits 0 after 'training finished'; NCCL plugin/service-thread INFO, FutureWarnings, the "
        "destroy_process_group warning, corrected DRAM ECC and an Xid 92 on node-c02 are noise, not failures.",
        "https://github.com/NVIDIA/nccl/issues/1231",
    )
    return b


def t39() -> Bundle:
    rng = random.Random(439)
    b = Bundle("t39_pytorchjob_watchdog_everyone_in_same_collective")
    nodes = [f"aks-ndh100-28133707-vmss00000{i}" for i in range(4)]
    pods = ["gpt-cpt-master-0", "gpt-cpt-worker-0", "gpt-cpt-worker-1", "gpt-cpt-worker-2"]
    job = make_job(rng, nodes, subnet="10.244.1", first=10)
    pfx = Prefix(job, "rank")
    start = datetime(2025, 1, 30, 17, 20, 5)
    stuck = datetime(2025, 1, 30, 21, 47, 33, 80000)
    cons = {n: base_console(rng, job, n, start, pfx, nccl_kw={"channels": 4}) for n in nodes}
    for d, line in titan_steps(rng, start + sec(100), 10, 11000, step_s=1.6, tps=6100):
        if d < stuck:
            cons[nodes[0]].at(d, pfx.out(0) + line)
    for n in nodes:
        done = add_watchdogs(
            cons[n],
            rng,
            job,
            job.ranks(n),
            stuck + sec(1800.6),
            51023,
            pfx,
            spread_s=1.2,
            op="_REDUCE_SCATTER_BASE",
            numel=318767104,
            flight_recorder=True,
        )
        agent_exit(
            cons[n],
            rng,
            job,
            n,
            "train.py",
            [Failure(d + sec(0.5), n, r, job.local(r), -6, job.pid(r)) for r, d in done.items()],
        )
    for n, pod in zip(nodes, pods, strict=True):
        b.add(f"{n}/kubectl-logs-{pod}.txt", cons[n].render_stamped(iso))
        b.add(
            f"{n}/kubectl-describe-node.txt",
            [
                f"Name:               {n}",
                "Roles:              agent",
                "Labels:             agentpool=ndh100, nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3,",
                "                    nvidia.com/gpu.count=8",
                "Conditions:",
                "  Type                 Status  LastHeartbeatTime                 Reason                       Message",
                "  ----                 ------  -----------------                 ------                       -------",
                "  GpuXidError          False   Thu, 30 Jan 2025 22:21:02 +0000   NoXidErrors                  no Xid "
                "errors detected",
                "  IbLinkFlap           False   Thu, 30 Jan 2025 22:21:02 +0000   NoIbLinkFlap                 no IB link "
                "flaps detected",
                "  MemoryPressure       False   Thu, 30 Jan 2025 22:20:51 +0000   KubeletHasSufficientMemory   kubelet "
                "has sufficient memory available",
                "  DiskPressure         False   Thu, 30 Jan 2025 22:20:51 +0000   KubeletHasNoDiskPressure     kubelet "
                "has no disk pressure",
                "  Ready                True    Thu, 30 Jan 2025 22:20:51 +0000   KubeletReady                 kubelet is "
                "posting ready status",
            ],
        )
        b.add(
            f"{n}/dmesg-T.txt",
            kernel_log(rng, n, start - timedelta(hours=3), stuck + sec(2000), "dmesg_t", noise=20),
        )
    fr = [
        "$ python -m torch.distributed.flight_recorder.fr_trace /mnt/fr-dumps -j",
        "Collective sequence 51023 (_REDUCE_SCATTER_BASE, pg default_pg, 32 ranks):",
        "  state: scheduled on 32/32 ranks, started on 32/32 ranks, completed on 0/32 ranks",
        "  last completed collective on every rank: 51022 (_ALLGATHER_BASE)",
        "  no rank missing, no mismatched op/size across ranks",
        "Summary: all ranks entered the same collective; none completed.",
    ]
    b.add(f"{nodes[0]}/fr_trace-summary.txt", fr)
    b.add(
        f"{nodes[1]}/ib-counters.txt",
        [
            "$ for d in mlx5_{0..7}; do perfquery -x -C $d -P 1 | grep -E "
            "'SymbolError|LinkDowned|RcvErrors'; done",
            *[
                "SymbolErrorCounter:..............0\nLinkDownedCounter:...............0\n"
                "PortRcvErrors:...................0"
                for _ in range(8)
            ],
        ],
    )
    b.label(
        "hang",
        "infrastructure",
        None,
        None,
        "restart",
        "All 32 ranks time out in the same _REDUCE_SCATTER_BASE (seq 51023): all entered it, none completed, nobody "
        "missing or mismatched; no Xid, link flap or node condition anywhere. Transient hang: restart from checkpoint.",
        "https://github.com/kubeflow/trainer/issues/2000",
    )
    return b


CASES = [t31, t32, t33, t34, t35, t36, t37, t38, t39]
