"""t26-t30: slowdowns without a crash, and a clean run with checkpoint dips."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from common import (
    Bundle,
    Prefix,
    base_console,
    c10,
    hf_logs,
    make_job,
    megatron_iters,
    ms,
    nemo_bar,
    pylog,
    sec,
    titan_steps,
)
from hw import kernel_log, nvidia_smi_q, nvlink_status, smi_query_csv


def t26() -> Bundle:
    rng = random.Random(426)
    b = Bundle("t26_megatron_slowdown_one_gpu_thermal_throttle")
    hosts = [f"mgx-04{i}" for i in range(10, 16)]
    job = make_job(rng, hosts, subnet="10.4.10", first=10)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 6, 3, 9, 1, 10)
    slow_at = datetime(2024, 6, 3, 13, 19, 0)
    now = datetime(2024, 6, 3, 13, 41, 30)
    culprit, lr = "mgx-0413", 6
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    for h in hosts:
        for r in job.ranks(h):
            cons[h].at(
                start + sec(33) + ms(rng.uniform(0, 400)),
                pfx.out(r) + f"> rank {r} local_rank "
                f"{job.local(r)} host {h} device cuda:{job.local(r)} (00000000:{job.bus[job.local(r)].upper()}"
                ":00.0)",
            )
    last = job.world - 1
    lh = job.host_of(last)
    t0 = start + sec(240)
    per = 4210.0
    first_slow = int((slow_at - t0).total_seconds() * 1000 / per)
    its = megatron_iters(
        rng,
        t0,
        10,
        40000,
        gbs=1536,
        ms_per_iter=per,
        total=300000,
        slow_from=first_slow,
        slow_ms=2640.0,
    )
    for d, line in its:
        if d > now:
            break
        cons[lh].at(d, pfx.out(last) + line)
        it = int(line.split("iteration")[1].split("/")[0])
        if it % 100 == 0:
            slow = it >= first_slow
            fb = (
                rng.uniform(3990, 4020),
                rng.uniform(6690, 6720) if slow else rng.uniform(4060, 4090),
            )
            fc = (
                rng.uniform(1170, 1190),
                rng.uniform(3380, 3400) if slow else rng.uniform(1240, 1260),
            )
            cons[lh].at(
                d + ms(2),
                *[
                    pfx.out(last) + x
                    for x in [
                        "(min, max) time across ranks (ms):",
                        f"    forward-backward ...............................: ({fb[0]:.2f}, {fb[1]:.2f})",
                        f"    forward-compute ................................: ({fc[0]:.2f}, {fc[1]:.2f})",
                        f"    backward-compute ...............................: ({rng.uniform(2220, 2240):.2f}, "
                        f"{rng.uniform(2950, 2970) if slow else rng.uniform(2290, 2310):.2f})",
                        f"    batch-generator ................................: ({rng.uniform(0.8, 1.0):.2f}, "
                        f"{rng.uniform(2.0, 3.1):.2f})",
                        f"    optimizer ......................................: ({rng.uniform(88, 89):.2f}, "
                        f"{rng.uniform(90, 91):.2f})",
                    ]
                ],
            )
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())

        def sample(s: int, g: int, h: str = h) -> tuple[int, float, int, int]:
            t = now - timedelta(seconds=(35 - s) * 60)
            if h == culprit and g == lr and t >= slow_at - timedelta(minutes=2):
                return (
                    rng.randint(89, 92),
                    rng.uniform(402, 430),
                    rng.choice([1005, 1095, 1140, 1200]),
                    0x48,
                )
            return rng.randint(44, 58), rng.uniform(590, 690), 1980, 0x0

        b.add(
            f"{h}/nvidia-smi-query.csv",
            smi_query_csv(rng, now - timedelta(minutes=35), 36, 8, 60, sample),
        )
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - timedelta(hours=1), now, "dmesg_t", noise=20),
        )
    b.add(
        f"{culprit}/nvidia-smi-q.txt",
        nvidia_smi_q(
            rng,
            now,
            job.bus,
            gpus={lr: {"temp": 91, "power": 417.3, "sm": 1095, "reasons": {"hw", "hw_thermal"}}},
        ),
    )
    b.add(
        f"{culprit}/ipmitool-sdr-fans.txt",
        [
            *[
                f"FAN{i}{s}           | {rng.randint(11800, 12600)} RPM         | ok"
                for i in range(1, 7)
                for s in "AB"
                if (i, s) != (5, "B")
            ],
            "FAN5B           | 0 RPM             | cr",
            "GPU6_Temp       | 91 degrees C      | nc",
        ],
    )
    b.label(
        "straggler",
        "infrastructure",
        culprit,
        30,
        "restart_without_node",
        "Iteration time rose from ~4.2 s to ~6.9 s at 13:19 with the forward-backward max/min spread widening; only "
        "GPU 6 of mgx-0413 (rank 30) shows HW thermal slowdown at 91 C, next to a dead fan. No crash.",
        "https://github.com/mlfoundations/open_clip/issues/703",
    )
    return b


def t27() -> Bundle:
    rng = random.Random(427)
    b = Bundle("t27_nemo_step_time_up_power_brake_on_one_node")
    hosts = [f"dgxh-c0{i}" for i in range(5, 9)]
    job = make_job(rng, hosts, subnet="10.27.0", first=5)
    pfx = Prefix(job, "default")
    start = datetime(2024, 9, 9, 0, 2, 0)
    slow_at = datetime(2024, 9, 9, 4, 9, 51)
    now = datetime(2024, 9, 9, 4, 58, 0)
    culprit = "dgxh-c07"
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    t0 = start + sec(200)
    first_slow = int((slow_at - t0).total_seconds() / 2.1)
    for d, line in nemo_bar(
        rng, t0, 10, 20000, 60000, step_s=2.1, slow_from=first_slow, slow_s=1.3
    ):
        if d > now:
            break
        cons[hosts[0]].at(d, pfx.out(0) + line)
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())

        def sample(s: int, g: int, h: str = h) -> tuple[int, float, int, int]:
            t = now - timedelta(minutes=60 - s)
            if h == culprit and t >= slow_at:
                return (
                    rng.randint(52, 60),
                    rng.uniform(280, 305),
                    rng.choice([1080, 1095, 1110]),
                    0x88,
                )
            return rng.randint(48, 62), rng.uniform(600, 695), 1980, 0x0

        b.add(
            f"{h}/nvidia-smi-query.csv",
            smi_query_csv(rng, now - timedelta(minutes=60), 60, 8, 60, sample),
        )
        b.add(f"{h}/syslog.txt", kernel_log(rng, h, start, now, "syslog", noise=30))
    b.add(
        f"{culprit}/ipmitool-sel-elist.txt",
        [
            " 2f1 | 09/02/2024 | 14:02:11 | Power Supply PSU4 | Presence detected | Asserted",
            " 2f9 | 09/09/2024 | 04:09:51 | Power Supply PSU4 | Failure detected | Asserted",
            " 2fa | 09/09/2024 | 04:09:51 | Power Supply PS_Redundancy | Redundancy Lost | Asserted",
            " 2fb | 09/09/2024 | 04:09:52 | Power Unit PWR_CAP | Power limit exceeded, GPU power brake asserted | "
            "Asserted",
        ],
    )
    b.add(
        f"{culprit}/dcgmi-health.txt",
        [
            "+---------------------------+----------------------------------------------------------+",
            "| Health Monitor Report                                                                |",
            "+===========================+==========================================================+",
            "| Overall Health            | Warning                                                  |",
            *[
                line
                for g in range(8)
                for line in (
                    f"| GPU ID: {g}                 | Warning                                                  |",
                    "|                           | Power: Power brake (hardware slowdown) asserted by the   |",
                    "|                           | system; clocks reduced. Check PSUs and power delivery.   |",
                )
            ],
            "+---------------------------+----------------------------------------------------------+",
        ],
    )
    b.label(
        "straggler",
        "infrastructure",
        culprit,
        None,
        "restart_without_node",
        "NeMo step time went from ~2.1 s to ~3.4 s at 04:10; all eight GPUs of dgxh-c07 report HW power-brake "
        "slowdown (0x88) at ~300 W from that minute, matching a PSU failure in its BMC log. Other nodes are clean.",
        "https://github.com/NVIDIA/NVSentinel/issues/1666",
    )
    return b


def t28() -> Bundle:
    rng = random.Random(428)
    b = Bundle("t28_hf_trainer_one_node_slow_no_hardware_signal")
    hosts = [f"hf-gpu-{i:02d}" for i in range(1, 5)]
    job = make_job(rng, hosts, subnet="10.28.0", first=1)
    pfx = Prefix(job, "rank")
    start = datetime(2025, 1, 14, 10, 0, 5)
    now = datetime(2025, 1, 14, 12, 31, 0)
    culprit = "hf-gpu-03"
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    total = 12000
    logs = hf_logs(rng, start + sec(150), 10, total, total, s_it=2.02)
    last_step = 0
    for d, line in logs:
        if d > now:
            break
        cons[hosts[0]].at(d, pfx.out(0) + line)
        if line.startswith("{"):
            last_step += 10
    for step in range(50, last_step + 1, 50):
        d = start + sec(150 + step * 2.02)
        for h in hosts:
            for r in job.ranks(h):
                slow = h == culprit
                fb = rng.uniform(1.82, 1.90) if slow else rng.uniform(1.19, 1.24)
                wait = rng.uniform(0.005, 0.02) if slow else rng.uniform(0.62, 0.69)
                cons[h].at(
                    d + ms(rng.uniform(0, 40)),
                    pfx.out(r) + f"[timing] step={step} rank={r} host={h} "
                    f"data_s={rng.uniform(0.008, 0.015):.3f} fwd_bwd_s={fb:.3f} optim_s="
                    f"{rng.uniform(0.08, 0.09):.3f} comm_wait_s={wait:.3f}",
                )
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - timedelta(hours=3), now, "dmesg_t", noise=20),
        )
    b.add(f"{culprit}/nvidia-smi-q.txt", nvidia_smi_q(rng, now, job.bus))
    b.add("hf-gpu-01/nvidia-smi-q.txt", nvidia_smi_q(rng, now, job.bus))
    b.add(
        f"{culprit}/top.txt",
        [
            f"top - {now:%H:%M:%S} up 41 days,  3:12,  0 users,  load average: 71.22, 70.95, 70.41",
            "Tasks: 1289 total,   9 running, 1280 sleeping,   0 stopped,   0 zombie",
            "%Cpu(s): 31.4 us,  2.1 sy,  0.0 ni, 66.1 id,  0.2 wa,  0.0 hi,  0.2 si,  0.0 st",
            "MiB Mem : 2063584.0 total, 1521401.2 free, 402117.9 used, 140064.9 buff/cache",
            "",
            "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
            *[
                f"  {job.pid(r):>5} mlteam    20   0  121.3g  31.2g   1.1g R 101.0   1.5 151:0{r % 10}.41 python3"
                for r in job.ranks(culprit)
            ],
        ],
    )
    b.label(
        "straggler",
        "infrastructure",
        culprit,
        None,
        "run_diagnostics",
        "Per-rank timing shows all eight ranks of hf-gpu-03 at ~1.86 s forward-backward versus ~1.21 s elsewhere "
        "(the others wait ~0.65 s in comms), yet its clocks, throttle reasons, temperatures and kernel log are clean.",
        "https://github.com/intelligent-machine-learning/dlrover/issues/678",
    )
    return b


def t29() -> Bundle:
    rng = random.Random(429)
    b = Bundle("t29_torchtitan_clean_finish_with_checkpoint_dips")
    hosts = [f"titan-{i:02d}" for i in range(1, 5)]
    job = make_job(rng, hosts, subnet="10.29.0", first=1)
    pfx = Prefix(job, "rank")
    start = datetime(2025, 3, 1, 6, 0, 0)
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    for h in hosts:
        for r in job.ranks(h):
            d = start + sec(48) + ms(rng.uniform(0, 300))
            cons[h].at(
                d,
                pfx.out(r)
                + f"[{c10(d, 'W')} ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank {r}] "
                f"using GPU {job.local(r)} to perform barrier as devices used by this process are currently "
                "unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect."
                "Specify device_ids in barrier() to force use of a particular device,or call "
                "init_process_group() with a device_id.",
            )
    c0 = cons[hosts[0]]
    t = start + sec(90)
    for s0 in range(0, 10000, 500):
        steps = titan_steps(rng, t, s0 + 10, s0 + 500, step_s=1.58)
        for d, line in steps:
            c0.at(d, pfx.out(0) + line)
        t = steps[-1][0]
        d = t + ms(30)
        c0.at(
            d,
            pfx.out(0)
            + f"[titan] {pylog(d)} - root - INFO - Saving the checkpoint (or staging if async is "
            f"enabled).",
        )
        dur = rng.uniform(12.5, 15.5)
        t = d + sec(dur)
        c0.at(
            t,
            pfx.out(0)
            + f"[titan] {pylog(t)} - root - INFO - [GC] Performing periodical GC collection 0.05 "
            "seconds.",
            pfx.out(0) + f"[titan] {pylog(t)} - root - INFO - Finished saving the checkpoint (or "
            f"staging if async is enabled)in {dur:.2f} seconds.",
        )
    end = t + sec(2)
    c0.at(
        end,
        pfx.out(0) + f"[titan] {pylog(end)} - root - INFO - Training completed",
        pfx.out(0)
        + f"[titan] {pylog(end)} - root - INFO - Sleeping 2 seconds for other ranks to complete",
    )
    for h in hosts:
        d = end + sec(3) + ms(rng.uniform(0, 500))
        cons[h].at(
            d,
            *[
                pfx.out(r) + f"[titan] {pylog(d)} - root - INFO - Process group destroyed."
                for r in job.ranks(h)
            ],
        )
        ap = job.agent_pid[h]
        cons[h].at(
            d + sec(1),
            f"I{d + sec(1):%m%d %H:%M:%S}.{rng.randint(100000, 999999)} {ap} torch/distributed/"
            "elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 "
            "seconds for other agents to finish.",
            f"I{d + sec(1):%m%d %H:%M:%S}.{rng.randint(100000, 999999)} {ap} torch/distributed/elastic/agent/"
            "server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for "
            "other agents to finish",
            f"I{d + sec(4):%m%d %H:%M:%S}.{rng.randint(100000, 999999)} {ap} torch/distributed/elastic/agent/"
            "server/api.py:946] Done waiting for other agents. Elapsed: 3.0871615409851074 seconds",
        )
        b.add(f"{h}/console.log", cons[h].render())
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - timedelta(hours=1), end + sec(60), "dmesg_t", noise=25),
        )
    b.add(
        "titan-01/sacct.txt",
        [
            "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode",
            "------------ ---------- ---------- ---------- ---------- ---------- --------",
            "2210931      llama3-8b+      train     lm-pre        896  COMPLETED      0:0",
            "2210931.bat+      batch                lm-pre        224  COMPLETED      0:0",
            "2210931.0      torchrun                lm-pre        896  COMPLETED      0:0",
        ],
    )
    b.label(
        "unknown",
        "framework",
        None,
        None,
        "none",
        "Clean finish: 10000 steps, 'Training completed', every agent reports SUCCEEDED and sacct COMPLETED 0:0. "
        "The tps dips every 500 steps are the checkpoint saves; the barrier device warnings are harmless.",
        "https://github.com/pytorch/torchtitan/pull/1287",
    )
    return b


def t30() -> Bundle:
    rng = random.Random(430)
    b = Bundle("t30_whole_job_slow_nvlink_down_on_one_node")
    hosts = [f"sxm5-n{i:02d}" for i in range(7, 11)]
    job = make_job(rng, hosts, subnet="10.30.0", first=7)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 12, 16, 8, 30, 0)
    now = datetime(2024, 12, 16, 11, 15, 0)
    culprit = "sxm5-n09"
    cons = {}
    for h in hosts:
        con = base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4})
        if h == culprit:
            for ev in list(con.events):
                d, seq, line = ev
                if "via P2P/CUMEM/read" in line and ("[3] ->" in line or "[4] ->" in line):
                    con.events.remove(ev)
                    con.events.append(
                        (d, seq, line.replace("via P2P/CUMEM/read", "via SHM/direct/direct"))
                    )
            r = job.rank(h, 3)
            pid = job.pid(r)
            con.at(
                start + sec(40),
                pfx.out(r) + f"{h}:{pid}:{pid + 512} [3] NCCL INFO NCCL_IGNORE_DISABLED_P2P set by "
                "environment to 1.",
            )
            con.at(
                start + sec(40.1),
                pfx.out(r)
                + f"{h}:{pid}:{pid + 512} [3] graph/paths.cc:326 NCCL WARN P2P is disabled between "
                "NVLINK connected GPUs 3 and 4. This should not be the case given their connectivity, and is "
                "probably due to a hardware issue. If you still want to proceed, you can set "
                "NCCL_IGNORE_DISABLED_P2P=1.",
            )
        cons[h] = con
    for d, line in _ds_like(rng, start + sec(120), now):
        cons[hosts[0]].at(d, pfx.out(0) + line)
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - timedelta(hours=2), now, "dmesg_t", noise=20),
        )
    inactive = {3: list(range(18)), 4: [2, 5, 11, 14]}
    b.add(f"{culprit}/nvidia-smi-nvlink-s.txt", nvlink_status(8, inactive))
    b.add("sxm5-n08/nvidia-smi-nvlink-s.txt", nvlink_status(8))
    for h in hosts:
        bw = rng.uniform(131, 142) if h == culprit else rng.uniform(474, 486)
        b.add(
            f"{h}/all_reduce_perf-1node.txt",
            [
                "# nThread 1 nGpus 8 minBytes 1073741824 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 "
                "agg iters: 1 validation: 1 graph: 0",
                "#",
                "#                                                              out-of-place                       in-place",
                "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw "
                "  busbw #wrong",
                "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s) "
                " (GB/s)",
                *[
                    f"  {size:>11}  {size // 4:>12}     float     sum      -1  {size / (bw * 1e3 / 1.75):9.1f}  "
                    f"{bw / 1.75:6.2f}  {bw:6.2f}      0  {size / (bw * 1e3 / 1.75) * 1.01:9.1f}  {bw / 1.76:6.2f}  "
                    f"{bw * 0.99:6.2f}      0"
                    for size in (1073741824, 2147483648, 4294967296, 8589934592)
                ],
                "# Out of bounds values : 0 OK",
                f"# Avg bus bandwidth    : {bw:.3f} ",
            ],
        )
    b.label(
        "straggler",
        "infrastructure",
        culprit,
        None,
        "restart_without_node",
        "Throughput of the whole job is ~30% below its usual rate with no error; sxm5-n09 reports NVLinks of GPUs 3/4 "
        "<inactive>, NCCL falls back to SHM there (P2P disabled, ignored by env) and its one-node busbw is ~135 GB/s.",
        "https://github.com/Azure/azhpc-diagnostics/issues/73",
    )
    return b


def _ds_like(rng: random.Random, t: datetime, end: datetime) -> list[tuple[datetime, str]]:
    out = []
    s = 0
    while t < end:
        s += 10
        it = rng.uniform(1.95, 2.05)
        t = t + sec(it * 10)
        out.append(
            (
                t,
                f"{pylog(t)} | step {s:>6} | loss {2.4 * 0.99997**s:.4f} | samples/s {512 / it:7.1f} | "
                f"tflops/gpu {1450 / it:6.1f} | expected samples/s (baseline run 1183) 365.0",
            )
        )
    return out


CASES = [t26, t27, t28, t29, t30]
