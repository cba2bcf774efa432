"""corpus_set65 cases bj19-bj27: stragglers, user code, dependencies, time limit."""

from __future__ import annotations

import datetime as dt
import random

from caselib import Case, Log, label
from cases_a import agent_line
from common import (
    at,
    child_failed,
    dmesg_boot_noise,
    dmesg_T,
    glog,
    nccl_init,
    nvidia_smi_table,
    pyts,
    torchrun_banner,
    tqdm_bar,
    tz,
)

# ============================================================ bj19 one node thermally throttled


def bj19() -> Case:
    rng = random.Random(6519)
    hosts = [f"g08{n:02d}" for n in range(8, 16)]
    base = dt.datetime(2023, 10, 24, 22, 0, 0, tzinfo=tz(-7))
    tslow = at(base, 3600 * 6 + 1210)
    tend = at(base, 3600 * 9 + 300)
    c = Case(
        "bj19_throughput_drop_hours_in",
        label(
            "straggler",
            "infrastructure",
            "g0813",
            None,
            "restart_without_node",
            "Batch time rises from ~1.47 s to ~2.3 s at 04:20 with no error; at the same minute g0813 GPU 6 reaches 93 C with HW Thermal "
            "Slowdown active and SM clock falling to ~900 MHz (its BMC logs a failing fan), while every other GPU stays at full clock.",
            "https://github.com/mlfoundations/open_clip/issues/703",
        ),
    )
    log = Log()
    log.add(
        base,
        [
            f"{base:%Y-%m-%d,%H:%M:%S} | INFO | Running in distributed mode with multiple processes. Device: cuda:0.Process (global: 0, local 0), total 64.",
            f"{base:%Y-%m-%d,%H:%M:%S} | INFO | Model: ViT-L-14",
            f"{base:%Y-%m-%d,%H:%M:%S} | INFO | Params: batch_size: 256, workers: 8, precision: amp_bf16, grad_checkpointing: True, lr: 0.0005, warmup: 2000",
        ],
    )
    n = 0
    t = at(base, 120)
    while t < tend:
        slow = t >= tslow
        bt = (2.28 + rng.random() * 0.06) if slow else (1.46 + rng.random() * 0.03)
        seen = n * 100 * 16384
        log.add(
            t,
            f"{t:%Y-%m-%d,%H:%M:%S} | INFO | Train Epoch: 2 [{seen:>10d}/400027136 ({100 * seen / 400027136:.0f}%)] Data (t): {0.110 + rng.random() * 0.01:.3f} Batch (t): {bt:.3f}, {16384 / bt:.1f}/s, {16384 / bt / 64:.2f}/s/gpu LR: 0.000486 Logit Scale: 100.000 Contrastive_loss: {2.13 - n * 0.0003 + rng.random() * 0.02:.4f} ({2.14 - n * 0.0003:.4f}) Loss: {2.13 - n * 0.0003 + rng.random() * 0.02:.4f} ({2.14 - n * 0.0003:.4f})",
        )
        t = at(t, 100 * bt)
        n += 1
    c.put("g0808/out.log", log)
    for h in hosts:
        rows = [
            "timestamp, index, temperature.gpu, clocks.sm [MHz], power.draw [W], clocks_event_reasons.hw_thermal_slowdown, clocks_event_reasons.sw_power_cap"
        ]
        t = at(base, 0)
        while t < tend:
            for g in range(8):
                bad = h == "g0813" and g == 6
                if bad and t >= at(tslow, -1500):
                    frac = min(1.0, (t - at(tslow, -1500)).total_seconds() / 1500)
                    temp = int(80 + 13 * frac)
                    clk = 1410 if t < tslow else 885 + rng.randint(0, 40)
                    pw = 395 if t < tslow else 205 + rng.randint(0, 20)
                    hw = "Active" if t >= tslow else "Not Active"
                else:
                    temp = 58 + g + rng.randint(0, 6) + (6 if bad else 0)
                    clk = 1410 if rng.random() > 0.08 else 1395
                    pw = 360 + rng.randint(0, 40)
                    hw = "Not Active"
                sw = (
                    "Active"
                    if (h == "g0810" and g in (2, 3) and rng.random() < 0.5)
                    else "Not Active"
                )
                rows.append(
                    f"{t:%Y/%m/%d %H:%M:%S}.{rng.randint(100, 999)}, {g}, {temp}, {clk} MHz, {pw:.2f} W, {hw}, {sw}"
                )
            t = at(t, 600)
        c.put(f"{h}/gpu_telemetry.csv", rows)
    c.put(
        "g0813/ipmi_sel.txt",
        [
            f"  5b | 10/25/2023 | {at(tslow, -2400):%H:%M:%S} | Fan FAN4 | Lower Non-critical going low  | Asserted",
            f"  5c | 10/25/2023 | {at(tslow, -1980):%H:%M:%S} | Fan FAN4 | Lower Critical going low  | Asserted",
            f"  5d | 10/25/2023 | {at(tslow, -30):%H:%M:%S} | Temperature GPU6_Temp | Upper Non-critical going high | Asserted",
        ],
    )
    c.put(
        "g0810/nvidia-smi-q_power.txt",
        [
            "    Clocks Event Reasons",
            "        Idle                              : Not Active",
            "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : Active",
            "        HW Slowdown                       : Not Active",
            "            HW Thermal Slowdown           : Not Active",
            "            HW Power Brake Slowdown       : Not Active",
            "        Sync Boost                        : Not Active",
            "        SW Thermal Slowdown               : Not Active",
            "        Display Clock Setting             : Not Active",
        ],
    )
    return c


# ============================================================ bj20 foreign job sharing one node's GPU


def bj20() -> Case:
    rng = random.Random(6520)
    hosts = ["gpu-1-05", "gpu-1-06", "gpu-1-11", "gpu-2-03"]
    base = dt.datetime(2015, 11, 21, 1, 10, 0, tzinfo=tz(-5))
    tslow = dt.datetime(2015, 11, 21, 5, 58, 40, tzinfo=tz(-5))
    tend = dt.datetime(2015, 11, 21, 9, 30, 0, tzinfo=tz(-5))
    c = Case(
        "bj20_iteration_time_tripled_overnight",
        label(
            "straggler",
            "infrastructure",
            "gpu-1-11",
            None,
            "restart_without_node",
            "Iteration time jumps from ~32 s to ~101 s at 05:58 with no error; at that minute another user's job 6400931 started on "
            "gpu-1-11 and nvidia-smi there shows its process on GPU 2 next to our rank, because device cgroups are not enforced on that node.",
            "https://github.com/cBio/cbio-cluster/issues/342",
        ),
    )
    log = Log()
    log.add(
        base,
        [
            f"{base:%Y-%m-%d %H:%M:%S},000: DDP world size 16 on gpu-1-05,gpu-1-06,gpu-1-11,gpu-2-03 (4 GPUs each)"
        ],
    )
    t = at(base, 60)
    while t < tend:
        it = (100.5 + rng.random() * 5) if t >= tslow else (30.5 + rng.random() * 2.5)
        t = at(t, it)
        log.add(t, f"{t:%Y-%m-%d %H:%M:%S},{rng.randint(0, 999):03d}: Iteration took {it:.3f} s.")
    c.put("gpu-1-05/run.log", log)
    for ni, h in enumerate(hosts):
        gpus = []
        for g in range(4):
            shared = h == "gpu-1-11" and g == 2
            gpus.append(
                dict(
                    name="GeForce GTX TITAN X",
                    bus=f"0000:{['02', '03', '82', '83'][g]}:00.0",
                    temp=83 if shared else 71 + g,
                    perf="P2",
                    pwr="243" if shared else f"{170 + g * 5}",
                    cap=250,
                    mem_used=10711 if shared else 3411,
                    mem_tot=12287,
                    util=100 if shared else 34,
                )
            )
        lines = nvidia_smi_table(f"{at(tslow, 3600):%a %b %d %H:%M:%S %Y}", "352.39", "7.5", gpus)
        procs = [
            "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                               GPU Memory     |",
            "|  GPU       PID  Type  Process name                                         Usage         |",
            "|=========================================================================================|",
        ]
        for g in range(4):
            procs.append(
                f"|    {g}     {40100 + ni * 20 + g:>5}    C   python                                              3409MiB     |"
            )
            if h == "gpu-1-11" and g == 2:
                procs.append(
                    f"|    {g}      9931    C   /home/steven/miniconda/bin/python3 run_md.py          7300MiB     |"
                )
        procs.append(
            "+-----------------------------------------------------------------------------------------+"
        )
        c.put(f"{h}/nvidia-smi.txt", lines + procs)
    c.put(
        "gpu-1-11/slurmd.log",
        [
            f"[{at(tslow, -3):%Y-%m-%dT%H:%M:%S}.112] launch task StepId=6400931.batch request from UID:5012 GID:5000 HOST:10.0.0.2 PORT:60314",
            f"[{at(tslow, -3):%Y-%m-%dT%H:%M:%S}.120] task/affinity: batch_bind: job 6400931 CPU input mask for node: 0x000000F0",
            f"[{at(tslow, -2):%Y-%m-%dT%H:%M:%S}.001] [6400931.batch] task/cgroup: _memcg_initialize: job: alloc=8192MB mem.limit=8192MB memsw.limit=unlimited",
            f"[{at(tslow, -2):%Y-%m-%dT%H:%M:%S}.004] [6400931.batch] gres/gpu: no GRES requested, CUDA_VISIBLE_DEVICES not set by slurm",
            f"[{at(tslow, -1):%Y-%m-%dT%H:%M:%S}.330] [6400931.batch] starting 1 tasks",
        ],
    )
    c.put(
        "gpu-1-11/cgroup.conf",
        [
            "CgroupAutomount=yes",
            "ConstrainCores=yes",
            "ConstrainRAMSpace=yes",
            "ConstrainDevices=no",
        ],
    )
    c.put(
        "gpu-1-05/cgroup.conf",
        [
            "CgroupAutomount=yes",
            "ConstrainCores=yes",
            "ConstrainRAMSpace=yes",
            "ConstrainDevices=yes",
        ],
    )
    return c


# ============================================================ bj21 one node slow, no evidence why


def bj21() -> Case:
    rng = random.Random(6521)
    c = Case(
        "bj21_four_node_run_ten_times_slower",
        label(
            "straggler",
            "infrastructure",
            "t006-009",
            0,
            "run_diagnostics",
            "The new run is ~10x slower than the same job last week; per-rank timers show rank 0 (t006-009, GPU 0) spending ~40 s in compute "
            "while the other 31 ranks wait in all-reduce, yet rocm-smi and the kernel log on t006-009 show no throttling or error: slow node, cause unknown.",
            "https://github.com/AMDResearch/hpcfund/issues/19",
        ),
    )
    runs = [
        (
            ["t004-007", "t006-007", "t008-007", "t008-009"],
            dt.datetime(2024, 2, 14, 9, 0, 0, tzinfo=tz(-6)),
            False,
        ),
        (
            ["t006-009", "t006-010", "t007-009", "t007-010"],
            dt.datetime(2024, 2, 21, 10, 30, 0, tzinfo=tz(-6)),
            True,
        ),
    ]
    for ai, (hosts, base, slow) in enumerate(runs):
        for ni, h in enumerate(hosts):
            log = Log()
            log.add(
                base,
                [
                    f"[{h}] torchrun --nnodes 4 --nproc_per_node 8 --rdzv_endpoint {hosts[0]}:29400 train_gnn.py --epochs 20 (ROCm 6.0, RCCL 2.18.3)"
                ],
            )
            if ni == 0:
                for s in range(20, 800, 20):
                    st = (41.2 + rng.random() * 0.8) if slow else (4.05 + rng.random() * 0.1)
                    t = at(base, 60 + s * st)
                    log.add(
                        t,
                        f"{pyts(t)} [rank0] step {s} loss {0.92 - s * 0.0003 + rng.random() * 0.01:.4f} step_time {st:.2f}s",
                    )
                    if slow and s >= 200:
                        break
            # per-rank timer summary written by the script every 100 steps
            tt = at(base, 60 + (100 * (41.5 if slow else 4.1)))
            rows = []
            for lr in range(8):
                r = ni * 8 + lr
                if slow and r == 0:
                    comp, wait = 39.8 + rng.random() * 0.4, 0.3 + rng.random() * 0.1
                elif slow:
                    comp, wait = 3.6 + rng.random() * 0.2, 36.9 + rng.random() * 0.8
                else:
                    comp, wait = 3.6 + rng.random() * 0.2, 0.3 + rng.random() * 0.1
                rows.append(
                    f"{pyts(tt)} [timers rank{r}] fwd+bwd {comp:.2f}s  allreduce_wait {wait:.2f}s  dataloader {0.04 + rng.random() * 0.01:.2f}s  (avg over steps 1-100)"
                )
            log.add(tt, rows)
            if slow and ni == 0:
                tk = at(base, 60 + 200 * 41.5 + 30)
                log.add(
                    tk,
                    [
                        f"slurmstepd: error: *** JOB 55871 ON {h} CANCELLED AT {tk:%Y-%m-%dT%H:%M:%S} ***"
                    ],
                )
            c.put(f"attempt_{ai}/{h}/train.log", log)
        if slow:
            for ni, h in enumerate(hosts):
                rs = [
                    "========================================= ROCm System Management Interface =========================================",
                    "=================================================== Concise Info ===================================================",
                    "Device  Node  IDs              Temp    Power   Partitions          SCLK     MCLK     Fan  Perf  PwrCap  VRAM%  GPU%",
                    "              (DID,     GUID)  (Edge)  (Avg)   (Mem, Compute, ID)",
                    "====================================================================================================================",
                ]
                for g in range(8):
                    lazy = h == "t006-009" and g == 0
                    rs.append(
                        f"{g:<8}{g + 2:<6}0x738c,   {11000 + ni * 100 + g * 7:<5}  {38 if lazy else 51 + g % 3}.0°C  {'96.0W ' if lazy else f'{271 + rng.randint(0, 15)}.0W'}  N/A, N/A, 0         1502Mhz  1200Mhz  0%   auto  290.0W  {62 if lazy else 64}%    {100 if lazy else 37 + rng.randint(0, 9)}%"
                    )
                rs.append(
                    "===================================================================================================================="
                )
                rs.append(
                    "$ rocm-smi --showperflevel --showpower --showmemuse | grep -i -E 'throttl|err' ; dmesg | grep -i amdgpu | grep -i -E 'err|fault|reset'"
                )
                rs.append("(no output)")
                c.put(f"attempt_1/{h}/rocm-smi.txt", rs)
    return c


# ============================================================ bj22 input-bound everywhere


def bj22() -> Case:
    rng = random.Random(6522)
    hosts = ["gpu-r1-01", "gpu-r1-02", "gpu-r1-03", "gpu-r1-04"]
    base = dt.datetime(2022, 7, 28, 14, 0, 0, tzinfo=tz(2))
    c = Case(
        "bj22_low_gpu_util_every_node",
        label(
            "straggler",
            "script",
            None,
            None,
            "stop",
            "Every node shows the same pattern: 'Data' time dominates 'Time' with multi-minute stalls every 8 batches, GPUs mostly idle and "
            "only the 2 decode workers per rank busy on otherwise idle 128-core hosts with fast local NVMe; the job's input pipeline (workers=2, JPEG decode) is the bottleneck.",
            "https://github.com/facebookresearch/SLIP/issues/22",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        log.add(base, [f"| distributed init (rank {ni * 8 + i}): env://" for i in range(8)])
        if ni == 0:
            log.add(
                at(base, 5),
                [
                    "Namespace(model='SIMCLR_VITB16', dataset='imagenet', root='/local_nvme/imagenet', output_dir='./out/simclr', epochs=100, warmup_epochs=1, start_epoch=0, batch_size=64, lr=0.0003, workers=2, print_freq=8, world_size=32, dist_url='env://')",
                    "=> creating model: SIMCLR_VITB16",
                    "=> creating dataset",
                    "Dataset ImageFolder: 1281167 images, decode=PIL, transforms=RandomResizedCrop+ColorJitter+GaussianBlur x2 views",
                ],
            )
            t = at(base, 60)
            tot_t = tot_d = 0.0
            for i in range(0, 400):
                stall = i % 8 == 0
                d = (
                    (140 + rng.random() * 30 if i == 0 else 30 + rng.random() * 40)
                    if stall
                    else 0.0005 + rng.random() * 0.0004
                )
                b = d + 0.58 + rng.random() * 0.02
                tot_t += b
                tot_d += d
                t = at(t, b)
                if i % 8 == 0:
                    log.add(
                        t,
                        f"Epoch: [0][{i:>5d}/626]\tTime {b:7.3f} ({tot_t / (i + 1):7.3f})\tData {d:7.3f} ({tot_d / (i + 1):7.3f})\tMem 21.03e+00\tloss {7.2 - i * 0.002 + rng.random() * 0.05:.3f} ({7.3 - i * 0.001:.3f})\tssl_loss {7.2 - i * 0.002:.3f}\tssl_acc {0.2 + i * 0.01:.2f}",
                    )
        snap = at(base, 1500)
        top = [
            f"top - {snap:%H:%M:%S} up 12 days,  3:11,  1 user,  load average: 16.31, 16.12, 15.98",
            "Tasks: 1422 total,  17 running, 1405 sleeping,   0 stopped,   0 zombie",
            f"%Cpu(s): {12.1 + ni * 0.3:.1f} us,  0.8 sy,  0.0 ni, {86.6 - ni * 0.3:.1f} id,  0.4 wa,  0.0 hi,  0.1 si,  0.0 st",
            "MiB Mem : 1031812.4 total, 771022.0 free,  61210.7 used, 199579.7 buff/cache",
            "",
            "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
        ]
        for k in range(16):
            top.append(
                f"{61200 + ni * 400 + k:>7} rahim     20   0   31.2g   2.1g 180324 R 99.{rng.randint(0, 9)}   0.2  {20 + k}:{rng.randint(10, 59)}.{rng.randint(10, 99)} pt_data_worker"
            )
        for k in range(8):
            top.append(
                f"{61100 + ni * 400 + k:>7} rahim     20   0   48.9g  12.3g   1.1g S   4.{rng.randint(0, 9)}   1.2   3:{rng.randint(10, 59)}.{rng.randint(10, 99)} python"
            )
        c.put(f"{h}/top.txt", top)
        c.put(
            f"{h}/nvidia-smi-dmon.txt",
            [
                "# gpu   pwr gtemp mtemp    sm   mem   enc   dec  mclk  pclk",
                "# Idx     W     C     C     %     %     %     %   MHz   MHz",
            ]
            + [
                f"    {g}    {70 + rng.randint(0, 30):>3}    {36 + rng.randint(0, 4)}    {40 + rng.randint(0, 3)}    {rng.choice([0, 0, 0, 3, 11, 96]):>3}    {rng.choice([0, 0, 1, 5, 40]):>3}     0     0  1593  {rng.choice([210, 1410])}"
                for _ in range(3)
                for g in range(8)
            ],
        )
        c.put(
            f"{h}/iostat.txt",
            [
                "Device            r/s     rMB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wMB/s  %util",
                f"nvme0n1        {310 + rng.randint(0, 60):>6}.00  {38 + rng.randint(0, 6):>6}.21     0.00   0.00    0.11   124.33    2.00      0.01   {3 + rng.randint(0, 2)}.10",
            ],
        )
    return c


# ============================================================ bj23 resume with mismatched model config


def bj23() -> Case:
    hosts = ["dgx-a-01", "dgx-a-02"]
    base = dt.datetime(2025, 1, 20, 11, 4, 0, tzinfo=tz(8))
    c = Case(
        "bj23_resume_missing_extra_state_key",
        label(
            "user_code",
            "script",
            None,
            None,
            "stop",
            "All 16 ranks fail while loading the distributed checkpoint with 'Missing key in checkpoint state_dict: "
            "module.decoder.layers.self_attention.q_layernorm._extra_state/shard_0_16'; the run config enables qk_layernorm but the checkpoint "
            "was converted without it, a deterministic mismatch in the user's setup.",
            "https://github.com/NVIDIA/cosmos/issues/69",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        t0 = base
        log.add(
            t0,
            [
                f"[NeMo I {t0:%Y-%m-%d %H:%M:%S} nemo_logging:393] Experiments will be logged at /workspace/results/cosmos_ar_4b_posttrain/2025-01-20_11-04-00",
                f"[NeMo I {t0:%Y-%m-%d %H:%M:%S} megatron_strategy:310] Fixing mis-match between ddp-config & mcore-optimizer config",
                f"[NeMo I {t0:%Y-%m-%d %H:%M:%S} megatron_init:396] Rank {ni * 8} has data parallel group : [{', '.join(str(i) for i in range(ni * 8, ni * 8 + 8, 2))}]",
            ],
        )
        t1 = at(base, 41)
        log.add(
            t1,
            [
                f"[NeMo I {t1:%Y-%m-%d %H:%M:%S} nemo_logging:393] Padded vocab_size: 64000, original vocab_size: 64000, dummy tokens: 0.",
                f"[NeMo I {t1:%Y-%m-%d %H:%M:%S} nemo_logging:393] Copying Trainer's 'max_steps' (1000) to LR scheduler's 'max_steps'.",
                f"[NeMo I {t1:%Y-%m-%d %H:%M:%S} nemo_logging:393] model config: num_layers=16 hidden_size=4096 qk_layernorm=True normalization=RMSNorm",
                f"[NeMo I {t1:%Y-%m-%d %H:%M:%S} nemo_logging:393] Doing selective restore from RestoreConfig(path='/workspace/checkpoints/Cosmos-1.0-Autoregressive-4B/nemo', adapter_path=None, load_model_state=True, load_optim_state=False, load_artifacts=True)",
                f"[NeMo I {t1:%Y-%m-%d %H:%M:%S} nemo_logging:393] Using <megatron.core.dist_checkpointing.strategies.fully_parallel.FullyParallelLoadStrategyWrapper object at 0x7f1c1a2e0dd0> dist-ckpt load strategy.",
            ],
        )
        for lr in range(8):
            r = ni * 8 + lr
            t = at(base, 44.2 + r * 0.03)
            log.add(
                t,
                [
                    f"[rank{r}]: Traceback (most recent call last):",
                    f'[rank{r}]:   File "/workspace/cosmos1/models/autoregressive/nemo/post_training/general.py", line 136, in <module>',
                    f"[rank{r}]:     main(args)",
                    f'[rank{r}]:   File "/workspace/cosmos1/models/autoregressive/nemo/post_training/general.py", line 64, in main',
                    f"[rank{r}]:     llm.api.train(",
                    f'[rank{r}]:   File "/opt/NeMo/nemo/collections/llm/api.py", line 106, in train',
                    f"[rank{r}]:     trainer.fit(model, data)",
                    f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", line 579, in _fit_impl',
                    f"[rank{r}]:     self._run(model, ckpt_path=ckpt_path)",
                    f'[rank{r}]:   File "/opt/NeMo/nemo/lightning/pytorch/strategies/megatron_strategy.py", line 752, in load_model_state_dict',
                    f"[rank{r}]:     checkpoint = self.checkpoint_io.load_checkpoint(checkpoint_path, sharded_state_dict=sharded_state_dict, strict=strict)",
                    f'[rank{r}]:   File "/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/torch.py", line 548, in create_local_plan',
                    f"[rank{r}]:     return super().create_local_plan()",
                    f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/default_planner.py", line 233, in create_local_plan',
                    f"[rank{r}]:     return create_default_local_load_plan(",
                    f"[rank{r}]: RuntimeError: Missing key in checkpoint state_dict: module.decoder.layers.self_attention.q_layernorm._extra_state/shard_0_16.",
                ],
            )
        tw = at(base, 45.9)
        log.add(
            tw,
            [
                f"[rank{ni * 8 + i}]:[W{tw:%m%d %H:%M:%S}.{tw.microsecond + i * 131:06d}{i}11 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only recently been added since PyTorch 2.4 (function operator())"
                for i in range(0, 8, 3)
            ],
        )
        te = at(base, 47)
        log.add(te, [f"srun: error: {h}: tasks {ni * 8}-{ni * 8 + 7}: Exited with exit code 1"])
        c.put(f"{h}/posttrain_{h}.log", log)
    c.put(
        "checkpoint_metadata_keys.txt",
        [
            "$ python -c \"from torch.distributed.checkpoint import FileSystemReader as R; m=R('/workspace/checkpoints/Cosmos-1.0-Autoregressive-4B/nemo/weights').read_metadata(); print(*sorted(k for k in m.state_dict_metadata if 'layers.self_attention' in k), sep='\\n')\"",
            "module.decoder.layers.self_attention.core_attention._extra_state/shard_0_16",
            "module.decoder.layers.self_attention.linear_proj._extra_state/shard_0_16",
            "module.decoder.layers.self_attention.linear_proj.weight",
            "module.decoder.layers.self_attention.linear_qkv._extra_state/shard_0_16",
            "module.decoder.layers.self_attention.linear_qkv.layer_norm_weight",
            "module.decoder.layers.self_attention.linear_qkv.weight",
        ],
    )
    return c


# ============================================================ bj24 import fails: undefined symbol ncclCommRegister


def bj24() -> Case:
    c = Case(
        "bj24_import_undefined_symbol_ncclcommregister",
        label(
            "dependency",
            "script",
            None,
            None,
            "stop",
            "Every rank on every node dies at 'import torch' with 'libtorch_cuda.so: undefined symbol: ncclCommRegister'; the user's "
            "requirements pin nvidia-nccl-cu12==2.18.1 (pulled in for msamp) while torch 2.2.0 needs 2.19.3, as pip itself warned.",
            "https://github.com/pytorch/pytorch/issues/119932",
        ),
    )
    hosts = ["ml-gpu-21", "ml-gpu-22", "ml-gpu-23"]
    base = dt.datetime(2024, 2, 15, 16, 40, 0, tzinfo=tz(-8))
    for ni, h in enumerate(hosts):
        log = Log()
        log.add(base, torchrun_banner(base, 3, 8, "ml-gpu-21:29500", "amp-exp-7"))
        for lr in range(8):
            r = ni * 8 + lr
            t = at(base, 3.1 + lr * 0.05)
            log.add(
                t,
                [
                    f"[rank{r}]: Traceback (most recent call last):",
                    f'[rank{r}]:   File "/home/payne/exp/train_fp8.py", line 3, in <module>',
                    f"[rank{r}]:     import torch",
                    f'[rank{r}]:   File "/home/payne/venvs/fp8/lib/python3.10/site-packages/torch/__init__.py", line 237, in <module>',
                    f"[rank{r}]:     from torch._C import *  # noqa: F403",
                    f"[rank{r}]: ImportError: /home/payne/venvs/fp8/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister",
                ],
            )
        t = at(base, 4.3)
        apid = 5120 + ni * 9
        pids = [apid + 20 + i for i in range(8)]
        log.add(
            t,
            agent_line(
                t,
                "E",
                apid,
                "multiprocessing/api.py:826",
                f"failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /home/payne/venvs/fp8/bin/python",
            ),
        )
        log.add(
            at(t, 0.1),
            child_failed(
                t,
                h,
                [
                    (
                        ni * 8 + i,
                        i,
                        1,
                        pids[i],
                        "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                    )
                    for i in range(8)
                ],
                script="train_fp8.py",
                torch_site="/home/payne/venvs/fp8/lib/python3.10/site-packages",
            ),
        )
        c.put(f"{h}/torchrun.log", log)
    c.put(
        "requirements.txt",
        [
            "torch==2.2.0",
            "transformers==4.37.2",
            "accelerate==0.27.0",
            "datasets==2.17.0",
            "msamp @ git+https://github.com/Azure/MS-AMP.git@v0.3.0",
            "nvidia-nccl-cu12==2.18.1  # msamp build needs this",
            "wandb",
        ],
    )
    c.put(
        "pip_install.log",
        [
            "Collecting nvidia-nccl-cu12==2.18.1",
            "  Using cached nvidia_nccl_cu12-2.18.1-py3-none-manylinux1_x86_64.whl (209.8 MB)",
            "Installing collected packages: nvidia-nccl-cu12",
            "  Attempting uninstall: nvidia-nccl-cu12",
            "    Found existing installation: nvidia-nccl-cu12 2.19.3",
            "    Uninstalling nvidia-nccl-cu12-2.19.3:",
            "      Successfully uninstalled nvidia-nccl-cu12-2.19.3",
            "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.",
            'torch 2.2.0 requires nvidia-nccl-cu12==2.19.3; platform_system == "Linux" and platform_machine == "x86_64", but you have nvidia-nccl-cu12 2.18.1 which is incompatible.',
            "Successfully installed nvidia-nccl-cu12-2.18.1",
        ],
    )
    c.put(
        "ml-gpu-22/nvidia-smi.txt",
        nvidia_smi_table(
            f"{at(base, 30):%a %b %d %H:%M:%S %Y}",
            "545.23.08",
            "12.3",
            [
                dict(
                    name="NVIDIA A100-SXM4-80GB",
                    bus=f"00000000:{b}:00.0",
                    temp=30 + i,
                    perf="P0",
                    pwr=f"{58 + i}",
                    cap=400,
                    mem_used=4,
                    mem_tot=81920,
                    util=0,
                )
                for i, b in enumerate(["07", "0F", "47", "4E", "87", "90", "B7", "BD"])
            ],
        ),
    )
    return c


# ============================================================ bj25 SIGILL only on the AMD host


def bj25() -> Case:
    rng = random.Random(6525)
    hosts = ["node-01", "node-02", "node-03", "node-04"]
    ips = {h: f"10.77.0.{i + 11}" for i, h in enumerate(hosts)}
    base = dt.datetime(2023, 8, 1, 9, 20, 0, tzinfo=tz(8))
    tf = at(base, 212.6)
    c = Case(
        "bj25_illegal_instruction_cpu_adam_one_host",
        label(
            "dependency",
            "infrastructure",
            "node-03",
            None,
            "restart_without_node",
            "All eight ranks on node-03 die with SIGILL at the first optimizer step, the kernel reports an invalid opcode inside cpu_adam.so, "
            "and node-03 is the only AMD EPYC (no AVX-512) host while the shared extension was built with -march=native on an Intel node.",
            "https://github.com/hpcaitech/ColossalAI/issues/4353",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        apid = 5400 + ni * 13
        pids = [apid + 100 + i for i in range(8)]
        log.add(base, torchrun_banner(base, 4, 8, "node-01:29500", "booster-33", style="old"))
        log.add(
            at(base, 6),
            nccl_init(
                h,
                pids[0],
                ni * 8,
                8,
                32,
                ips[h],
                rng,
                version="2.14.3+cuda11.7",
                ifname="eth0",
                hcas=("mlx5_0", "mlx5_1"),
                channels=2,
            ),
        )
        if ni == 0:
            log.add(
                at(base, 40),
                [
                    "Using /root/.cache/colossalai/torch_extensions/torch1.13_cu11.7 as PyTorch extensions root...",
                    "Detected CUDA files, patching ldflags",
                    "Emitting ninja build file /root/.cache/colossalai/torch_extensions/torch1.13_cu11.7/cpu_adam/build.ninja...",
                    "Building extension module cpu_adam...",
                    "[1/2] c++ -MMD -MF cpu_adam.o.d -DTORCH_EXTENSION_NAME=cpu_adam -O3 -std=c++14 -march=native -fopenmp -D__AVX512__ -c /opt/colossalai/kernel/cuda_native/csrc/cpu_adam.cpp -o cpu_adam.o",
                    "[2/2] c++ cpu_adam.o -shared -lcudart -o cpu_adam.so",
                    "Loading extension module cpu_adam...",
                    "Time to load cpu_adam op: 41.83 seconds",
                ],
            )
            for k in range(1, 4):
                t = at(base, 200 + k * 6)
                if t > tf:
                    break
                log.add(
                    t,
                    f"Epoch 0: {k}/5000 [00:{int(k * 6):02d}<8:20:11, loss={2.71 + rng.random() * 0.1:.3f}]",
                )
        else:
            log.add(
                at(base, 45),
                [
                    "Loading extension module cpu_adam...",
                    f"Time to load cpu_adam op: {0.1 + rng.random() * 0.2:.2f} seconds",
                ],
            )
        if h == "node-03":
            t = at(tf, 0.2)
            log.add(
                t,
                [
                    f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {pids[i]} closing signal SIGTERM"
                    for i in range(1, 8)
                ]
                + [
                    f"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -4) local_rank: 0 (pid: {pids[0]}) of binary: /opt/conda/bin/python"
                ],
            )
            log.add(
                at(t, 0.2),
                child_failed(
                    t,
                    h,
                    [
                        (16 + i, i, -4, pids[i], f"Signal 4 (SIGILL) received by PID {pids[i]}")
                        for i in range(8)
                    ],
                    torch_site="/opt/conda/lib/python3.9/site-packages",
                ),
            )
        else:
            tw = at(tf, 1800.3 + ni)
            for lr in range(8):
                r = ni * 8 + lr
                log.add(
                    at(tw, lr * 0.01),
                    [
                        f"[E ProcessGroupNCCL.cpp:828] [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=87, OpType=_ALLGATHER_BASE, Timeout(ms)=1800000) ran for 1800{rng.randint(100, 999)} milliseconds before timing out."
                    ],
                )
        c.put(f"{h}/train.log", log)
        cpu = (
            (
                "AMD EPYC 7742 64-Core Processor",
                "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm constant_tsc rep_good nopl nonstop_tsc cpuid extd_apicid aperfmperf pni pclmulqdq monitor ssse3 fma cx16 sse4_1 sse4_2 movbe popcnt aes xsave avx f16c rdrand lahf_lm cmp_legacy svm extapic cr8_legacy abm sse4a misalignsse 3dnowprefetch osvw ibs skinit wdt tce topoext perfctr_core perfctr_nb bpext perfctr_llc mwaitx cpb cat_l3 cdp_l3 hw_pstate ssbd mba ibrs ibpb stibp vmmcall fsgsbase bmi1 avx2 smep bmi2 cqm rdt_a rdseed adx smap clflushopt clwb sha_ni xsaveopt xsavec xgetbv1 xsaves cqm_llc cqm_occup_llc cqm_mbm_total cqm_mbm_local clzero irperf xsaveerptr rdpru wbnoinvd arat npt lbrv svm_lock nrip_save tsc_scale vmcb_clean flushbyasid decodeassists pausefilter pfthreshold avic v_vmsave_vmload vgif umip rdpid overflow_recov succor smca",
            )
            if h == "node-03"
            else (
                "Intel(R) Xeon(R) Platinum 8358 CPU @ 2.60GHz",
                "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush dts acpi mmx fxsr sse sse2 ss ht tm pbe syscall nx pdpe1gb rdtscp lm constant_tsc art arch_perfmon pebs bts rep_good nopl xtopology nonstop_tsc cpuid aperfmperf pni pclmulqdq dtes64 monitor ds_cpl vmx smx est tm2 ssse3 sdbg fma cx16 xtpr pdcm pcid dca sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c rdrand lahf_lm abm 3dnowprefetch cpuid_fault epb cat_l3 invpcid_single intel_ppin ssbd mba ibrs ibpb stibp ibrs_enhanced tpr_shadow vnmi flexpriority ept vpid ept_ad fsgsbase tsc_adjust bmi1 avx2 smep bmi2 erms invpcid cqm rdt_a avx512f avx512dq rdseed adx smap avx512ifma clflushopt clwb intel_pt avx512cd sha_ni avx512bw avx512vl xsaveopt xsavec xgetbv1 xsaves cqm_llc cqm_occup_llc cqm_mbm_total cqm_mbm_local split_lock_detect wbnoinvd dtherm ida arat pln pts avx512vbmi umip pku ospke avx512_vbmi2 gfni vaes vpclmulqdq avx512_vnni avx512_bitalg tme avx512_vpopcntdq la57 rdpid fsrm md_clear pconfig flush_l1d arch_capabilities",
            )
        )
        c.put(
            f"{h}/lscpu.txt",
            [
                "Architecture:                    x86_64",
                "CPU op-mode(s):                  32-bit, 64-bit",
                f"Model name:                      {cpu[0]}",
                f"Flags:                           {cpu[1]}",
            ],
        )
        if h == "node-03":
            boot = dt.datetime(2023, 7, 20, 8, 0, 0, tzinfo=tz(8))
            d = Log()
            d.add(boot, dmesg_boot_noise(lambda o, b=boot: dmesg_T(at(b, o)), rng, h))
            d.add(
                tf,
                [
                    f"{dmesg_T(tf)} traps: python[{pids[i]}] trap invalid opcode ip:7f2a3b1c{0x4D2E + i * 16:04x} sp:7ffd2c1e0a40 error:0 in cpu_adam.so[7f2a3b1a0000+5e000]"
                    for i in range(8)
                ],
            )
            c.put(f"{h}/dmesg_T.txt", d)
    return c


# ============================================================ bj26 new image needs a newer driver everywhere


def bj26() -> Case:
    c = Case(
        "bj26_driver_insufficient_new_image",
        label(
            "dependency",
            "framework",
            None,
            None,
            "stop",
            "On both nodes the new pytorch:24.05 image refuses the host driver 450.80.02 (compatibility mode UNAVAILABLE), the nccl-tests "
            "preflight fails with 'CUDA driver version is insufficient for CUDA runtime version' and torch reports the driver too old; the same image/driver mismatch everywhere.",
            "https://github.com/NVIDIA/nccl-tests/issues/98",
        ),
    )
    hosts = ["ma-job-7f3c-worker-0", "ma-job-7f3c-worker-1"]
    base = dt.datetime(2024, 6, 3, 10, 12, 0, tzinfo=tz(8))
    for ni, h in enumerate(hosts):
        t = at(base, ni * 1.3)
        lines = (
            [
                "",
                "=============",
                "== PyTorch ==",
                "=============",
                "",
                "NVIDIA Release 24.05 (build 92489286)",
                "PyTorch Version 2.4.0a0+07cecf4",
                "",
                "Container image Copyright (c) 2024, NVIDIA CORPORATION & AFFILIATES. All rights reserved.",
                "",
                "ERROR: This container was built for NVIDIA Driver Release 550.54 or later, but",
                "       version 450.80.02 was detected and compatibility mode is UNAVAILABLE.",
                "",
                "       [[Forward compatibility was attempted on non supported HW (CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE) cuInit()=804]]",
                "",
                f"[{t:%Y-%m-%d %H:%M:%S}] preflight: mpirun -np 16 -hostfile /etc/mpi/hostfile ./build/all_reduce_perf -b 8 -e 512M -f 2 -g 1",
                "# nThread 1 nGpus 1 minBytes 8 maxBytes 536870912 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0",
                "#",
                "# Using devices",
            ]
            + [
                f"{h}: Test CUDA failure common.cu:1045 'CUDA driver version is insufficient for CUDA runtime version'"
                for _ in range(8)
            ]
            + [
                " .. " + h + " pid " + str(2311 + ni * 40) + ": Test failure common.cu:1107",
                "--------------------------------------------------------------------------",
                "Primary job  terminated normally, but 1 process returned",
                "a non-zero exit code. Per user-direction, the job has been aborted.",
                "--------------------------------------------------------------------------",
                f"[{at(t, 9):%Y-%m-%d %H:%M:%S}] preflight failed (rc=3); continuing to launch training as PREFLIGHT_STRICT=0",
                f"[{at(t, 10):%Y-%m-%d %H:%M:%S}] torchrun --nnodes 2 --node_rank {ni} --nproc_per_node 8 --master_addr {hosts[0]} pretrain.py",
            ]
        )
        for lr in range(8):
            r = ni * 8 + lr
            lines += [
                f"[rank{r}]: Traceback (most recent call last):",
                f'[rank{r}]:   File "/home/ma-user/work/pretrain.py", line 51, in <module>',
                f"[rank{r}]:     torch.cuda.set_device(local_rank)",
                f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 399, in set_device',
                f"[rank{r}]:     torch._C._cuda_setDevice(device)",
                f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 293, in _lazy_init',
                f"[rank{r}]:     torch._C._cuda_init()",
                f"[rank{r}]: RuntimeError: The NVIDIA driver on your system is too old (found version 11000). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.",
            ]
        lines += [
            f"E{at(t, 14):%m%d %H:%M:%S}.{412000 + ni:06d} 1 torch/distributed/elastic/multiprocessing/api.py:826] failed (exitcode: 1) local_rank: 0 (pid: {3120 + ni * 17}) of binary: /usr/bin/python"
        ]
        c.put(f"{h}/container.log", lines)
        c.put(
            f"{h}/host_nvidia-smi.txt",
            nvidia_smi_table(
                f"{at(base, -60):%a %b %d %H:%M:%S %Y}",
                "450.80.02",
                "11.0",
                [
                    dict(
                        name="Tesla V100-SXM2-32GB",
                        bus=f"00000000:{b}:00.0",
                        temp=31 + i,
                        perf="P0",
                        pwr=f"{41 + i}",
                        cap=300,
                        mem_used=0,
                        mem_tot=32510,
                        util=0,
                    )
                    for i, b in enumerate(["1A", "1B", "3D", "3E", "88", "89", "B1", "B2"])
                ],
            ),
        )
    c.put(
        "job_spec.yaml",
        [
            "apiVersion: batch.volcano.sh/v1alpha1",
            "kind: Job",
            "metadata:",
            "  name: ma-job-7f3c",
            "spec:",
            "  minAvailable: 2",
            "  tasks:",
            "  - replicas: 2",
            "    name: worker",
            "    template:",
            "      spec:",
            "        containers:",
            "        - image: swr.cn-north-4.myhuaweicloud.com/mirror/nvcr.io/nvidia/pytorch:24.05-py3   # was 21.10-py3 in the last working run",
            "          resources:",
            "            limits:",
            "              nvidia.com/gpu: 8",
        ],
    )
    return c


# ============================================================ bj27 cancelled at the time limit


def bj27() -> Case:
    rng = random.Random(6527)
    hosts = ["maestro-3017", "maestro-3018"]
    base = dt.datetime(2025, 1, 10, 9, 27, 23, tzinfo=tz(1))
    tend = dt.datetime(2025, 1, 10, 15, 27, 25, tzinfo=tz(1))
    c = Case(
        "bj27_step_cancelled_mid_epoch",
        label(
            "unknown",
            "framework",
            None,
            None,
            "none",
            "Slurm cancelled the step 'DUE TO TIME LIMIT' after exactly the requested 06:00:00 and sacct shows TIMEOUT; the NCCL errors and "
            "connection resets on the other node come after that SIGTERM, so nothing failed.",
            "https://github.com/Lightning-AI/pytorch-lightning/issues/20542",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        if ni == 0:
            log.add(
                base,
                [
                    "GPU available: True (cuda), used: True",
                    "TPU available: False, using: 0 TPU cores",
                    "HPU available: False, using: 0 HPUs",
                    "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/8",
                    "----------------------------------------------------------------------------------------------------",
                    "distributed_backend=nccl",
                    "All distributed processes registered. Starting with 8 processes",
                    "----------------------------------------------------------------------------------------------------",
                ],
            )
            ep_start = at(tend, -20603)
            log.add(
                at(base, 30),
                [
                    "Restoring states from the checkpoint path at /scratch/jkobject/scprint/0txx/checkpoints/epoch=9-step=200000.ckpt",
                    "Restored all states from the checkpoint at /scratch/jkobject/scprint/0txx/checkpoints/epoch=9-step=200000.ckpt",
                ],
            )
            t = at(ep_start, 30)
            while t < at(tend, -1):
                el = (t - ep_start).total_seconds()
                step = int(el / 1.106)
                log.add(
                    t,
                    "Epoch 10:  "
                    + tqdm_bar(
                        step,
                        20000,
                        el,
                        1.106,
                        f"v_num=0txx, train_loss={3.4 + rng.random() * 0.6:.3f}, denoise_60%_expr={1.29 + rng.random() * 0.3:.3f}",
                    ),
                )
                t = at(t, 60)
            log.add(
                tend,
                [
                    f"slurmstepd: error: *** STEP 55595933.0 ON {h} CANCELLED AT {tend:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***",
                    "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                    "[rank: 0] Received SIGTERM: 15",
                    "Bypassing SIGTERM: 15",
                    "Epoch 10:  "
                    + tqdm_bar(
                        18626, 20000, 5 * 3600 + 43 * 60 + 21, 1.106, "v_num=0txx, train_loss=3.970"
                    ),
                ],
            )
        else:
            log.add(
                base,
                [
                    f"Initializing distributed: GLOBAL_RANK: {4 + i}, MEMBER: {5 + i}/8"
                    for i in range(4)
                ],
            )
            tt = at(tend, 0.4)
            log.add(
                tt,
                [f"[rank: {4 + i}] Received SIGTERM: 15" for i in range(4)]
                + ["Bypassing SIGTERM: 15"] * 4,
            )
            t2 = at(tend, 2.1)
            log.add(
                t2,
                [
                    f"{h}:{88201 + i}:{88290 + i} [{i}] NCCL INFO [Service thread] Connection closed by localRank {i}"
                    for i in range(4)
                ]
                + [
                    f"[rank{5}]:[{glog(at(t2, 0.3), 'E', True)} ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank 5] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
                    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                    "Last error:",
                    "socketProgress: Connection closed by remote peer maestro-3017<48113>",
                ],
            )
            log.add(
                at(tend, 3),
                f"slurmstepd: error: *** STEP 55595933.0 ON {h} CANCELLED AT {tend:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***",
            )
        c.put(f"{h}/scprint_{h}.out", log)
    c.put(
        "sacct_55595933.txt",
        [
            "JobID           JobName  Partition  Timelimit    Elapsed      State ExitCode",
            "------------ ---------- ---------- ---------- ---------- ---------- --------",
            "55595933       scprint    gpu       06:00:00   06:00:02    TIMEOUT      0:0",
            "55595933.ba+      batch                        06:00:04  CANCELLED     0:15",
            "55595933.0       python                        06:00:02  CANCELLED     0:15",
        ],
    )
    c.put(
        "submit.sbatch",
        [
            "#!/bin/bash",
            "#SBATCH --job-name=scprint",
            "#SBATCH --nodes=2",
            "#SBATCH --ntasks-per-node=4",
            "#SBATCH --gres=gpu:4",
            "#SBATCH --time=06:00:00",
            "#SBATCH --signal=SIGUSR1@90",
            "srun python -m scprint fit --config config/pretrain_medium.yml --trainer.num_nodes 2",
        ],
    )
    return c


ALL = [bj19, bj20, bj21, bj22, bj23, bj24, bj25, bj26, bj27]
