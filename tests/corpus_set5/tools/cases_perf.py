"""u26-u30: slowdowns with no crash. Iteration-time lines in several formats, per-rank
timers, and GPU telemetry (dcgmi dmon, dcgm-exporter Prometheus text, nvidia-smi -q) that
either prove a straggler's node (thermal, power brake, PCIe x4) or do not (u30), plus a
clean run with a hot-GPU red herring (u29)."""

from __future__ import annotations

import random

from common import (
    BUS_IDS_A100,
    BUS_IDS_H100,
    Bundle,
    Job,
    cosine_loss,
    dt,
    kernel_noise,
    nvidia_smi_q,
    nvidia_smi_table,
    render_dmesg_t,
    sec,
    ts_iso,
    ts_py,
    uuid,
)


def dcgmi_dmon(rng, t0, n_samples, slow: dict[int, dict] | None = None, interval: float = 5.0):
    slow = slow or {}
    out = [
        "#Entity   SMCLK   MMCLK   MMTMP   GTMP    POWER   GPUTL   PCITX        PCIRX",
        "ID        MHZ     MHZ     C       C       W       %       B/s          B/s",
    ]
    for k in range(n_samples):
        if k % 8 == 0 and k:
            out += out[:2]
        for g in range(8):
            s = slow.get(g, {})
            smclk = s.get("smclk", rng.choice([1980, 1980, 1965]))
            out.append(
                f"GPU {g}     {smclk:<7} 2619    {s.get('mtmp', rng.randint(58, 70)):<7} "
                f"{s.get('gtmp', rng.randint(52, 64)):<7} {s.get('power', rng.uniform(560, 690)):<7.1f} "
                f"{s.get('util', rng.randint(96, 100)):<7} {rng.randint(200, 900) * 10**6:<12} "
                f"{rng.randint(300, 1600) * 10**6:<12}"
            )
    _ = (t0, interval)
    return out


# --------------------------------------------------------------------------------------
# u26 torchtitan: thermal slowdown on xe9680-15 GPU 3 (rank 19); dcgmi dmon proves it
# --------------------------------------------------------------------------------------


def u26(rng: random.Random) -> Bundle:
    b = Bundle("u26_titan_thermal_straggler_dcgmi")
    hosts = ["xe9680-11", "xe9680-12", "xe9680-15", "xe9680-16"]
    job = Job(rng, hosts, gpn=8, ifname="ens1np0")
    bad, bad_local = "xe9680-15", 3
    bad_rank = job.rank(bad, bad_local)
    t0 = dt("2024-10-14 23:40:10")
    t_train = t0 + sec(190)
    t_hot = dt("2024-10-15 02:10:37") + sec(rng.uniform(0.05, 0.95))
    step_fast, step_slow = 1.02, 1.46
    n_fast = int((t_hot - t_train).total_seconds() / step_fast)
    t_snap = dt("2024-10-15 05:30:00")
    n_total = n_fast + int((t_snap - t_hot).total_seconds() / step_slow)

    def t_of(step):
        if step <= n_fast:
            return t_train + sec(step * step_fast)
        return t_hot + sec((step - n_fast) * step_slow)

    for h in hosts:
        out = job.agent_start(h, t0, "-m torchtitan.train", 4, "xe9680-11:29500")
        out += job.nccl_init(h, prefix="[rank{rank}]:")
        for step in range(10, n_total, 10):
            tt = t_of(step)
            slow = step > n_fast
            if h == hosts[0]:
                tps = int(8192 * 2 / (step_slow if slow else step_fast)) + rng.randint(-40, 40)
                out.append(
                    f"[rank0]:[titan] {ts_py(tt)} - root - INFO - step: {step:5d}  loss: "
                    f"{cosine_loss(rng, step, 3.3, 2.4):7.4f}  memory: 61.0{rng.randint(0, 9)}GiB(77.1"
                    f"{rng.randint(0, 9)}%)  tps: {tps:,}  tflops: {tps * 0.0588:.2f}  mfu: "
                    f"{tps * 0.0588 / 9.89:.2f}%"
                )
            if step % 200 == 0:
                for lr in range(8):
                    r = job.rank(h, lr)
                    hot = slow and r == bad_rank
                    fwd = rng.uniform(300, 310) * (1.47 if hot else 1.0)
                    bwd = rng.uniform(600, 615) * (1.47 if hot else 1.0)
                    wait = rng.uniform(2, 6) if (hot or not slow) else rng.uniform(430, 455)
                    out.append(
                        f"[rank{r}]:[titan] {ts_py(tt + sec(0.01 * lr))} - root - INFO - "
                        f"[step_timer] step {step} fwd {fwd:.1f}ms bwd {bwd:.1f}ms opt "
                        f"{rng.uniform(29, 33):.1f}ms exposed_comm {wait:.1f}ms"
                    )
        b.add(h, "titan_stdout.log", out, gz=h == "xe9680-12")
        slow = (
            {bad_local: {"smclk": 1155, "gtmp": 91, "mtmp": 88, "power": 402.0}} if h == bad else {}
        )
        dm = dcgmi_dmon(rng, t_snap, 24, slow)
        header = (
            f"# dcgmi dmon -e 100,101,140,150,155,203,1009,1010 -d 5000 (started {ts_iso(t_snap)})"
        )
        b.add(h, "dcgmi_dmon.txt", [header, *dm])
        over = (
            {
                bad_local: {
                    "temp": 91,
                    "mtemp": 88,
                    "hw_slowdown": True,
                    "thermal": True,
                    "sm_clock": 1155,
                    "power": 401.7,
                }
            }
            if h == bad
            else {}
        )
        b.add(h, "nvidia-smi-q.txt", nvidia_smi_q(rng, h, t_snap + sec(130), over=over))
        ev = kernel_noise(rng, t0 - sec(3600), t_snap, 20)
        b.add(h, "dmesg.txt", render_dmesg_t(ev))
    b.label(
        "straggler",
        "infrastructure",
        bad,
        bad_rank,
        "restart_without_node",
        "No crash: from 02:10 throughput drops ~30% and every rank's exposed communication grows "
        "except rank 19, whose forward/backward take 1.47x longer; that rank is xe9680-15 GPU 3, "
        "which dcgmi shows at 91 C and 1155 MHz with HW Thermal Slowdown active.",
        "https://github.com/mlfoundations/open_clip/issues/703",
        "slowdown without crash; per-rank timers; dcgmi dmon and nvidia-smi -q clock reasons",
    )
    return b


# --------------------------------------------------------------------------------------
# u27 Lightning: whole node power-braked (PSU lost), dcgm-exporter Prometheus text
# --------------------------------------------------------------------------------------


def prom_scrape(rng, host, t, slow: bool, uuids: list[str]) -> list[str]:
    out = [f"# scraped http://{host}:9400/metrics at {ts_iso(t, 3)}"]
    metrics = [
        (
            "DCGM_FI_DEV_SM_CLOCK",
            "gauge",
            "SM clock frequency (in MHz).",
            lambda: 1095 if slow else rng.choice([1980, 1980, 1965]),
        ),
        (
            "DCGM_FI_DEV_GPU_TEMP",
            "gauge",
            "GPU temperature (in C).",
            lambda: rng.randint(47, 55) if slow else rng.randint(55, 66),
        ),
        (
            "DCGM_FI_DEV_POWER_USAGE",
            "gauge",
            "Power draw (in W).",
            lambda: round(rng.uniform(281, 296), 3) if slow else round(rng.uniform(560, 690), 3),
        ),
        ("DCGM_FI_DEV_ENFORCED_POWER_LIMIT", "gauge", "Current power limit (in W).", lambda: 700.0),
        (
            "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",
            "gauge",
            "Current clock throttle reasons.",
            lambda: 136 if slow else 0,
        ),
        ("DCGM_FI_DEV_GPU_UTIL", "gauge", "GPU utilization (in %).", lambda: rng.randint(97, 100)),
        (
            "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE",
            "gauge",
            "Ratio of cycles the tensor (HMMA) pipe is active.",
            lambda: round(rng.uniform(0.27, 0.31) if slow else rng.uniform(0.41, 0.46), 6),
        ),
        ("DCGM_FI_DEV_XID_ERRORS", "gauge", "Value of the last XID error encountered.", lambda: 0),
    ]
    for name, typ, help_, fn in metrics:
        out.append(f"# HELP {name} {help_}")
        out.append(f"# TYPE {name} {typ}")
        for g in range(8):
            out.append(
                f'{name}{{gpu="{g}",UUID="GPU-{uuids[g]}",pci_bus_id="00000000:{BUS_IDS_H100[g].upper()}:00.0",'
                f'device="nvidia{g}",modelName="NVIDIA H100 80GB HBM3",Hostname="{host}",'
                f'DCGM_FI_DRIVER_VERSION="550.90.07",container="",namespace="",pod=""}} {fn()}'
            )
    return out


def u27(rng: random.Random) -> Bundle:
    b = Bundle("u27_lightning_node_power_brake_prometheus")
    hosts = ["gpu-d-201", "gpu-d-204", "gpu-d-207", "gpu-d-210"]
    job = Job(rng, hosts, gpn=8, ifname="ib0")
    bad = "gpu-d-207"
    t0 = dt("2025-01-20 18:03:40")
    t_train = t0 + sec(160)
    t_psu = dt("2025-01-20 20:47:02") + sec(rng.uniform(0.05, 0.95))
    fast, slowv = 1.41, 1.98
    n_fast = int((t_psu - t_train).total_seconds() / fast)
    t_end = dt("2025-01-21 01:15:00")
    n_total = n_fast + int((t_end - t_psu).total_seconds() / slowv)

    def t_of(step):
        return (
            t_train + sec(step * fast) if step <= n_fast else t_psu + sec((step - n_fast) * slowv)
        )

    for h in hosts:
        out = [
            f"[rank{job.rank(h, lr)}]:Initializing distributed: GLOBAL_RANK: {job.rank(h, lr)}, "
            f"MEMBER: {job.rank(h, lr) + 1}/32"
            for lr in range(8)
        ]
        out += job.nccl_init(h, prefix="[rank{rank}]:")
        for step in range(50, n_total, 50):
            tt = t_of(step)
            dt_s = slowv if step > n_fast else fast
            if h == hosts[0]:
                el = int((tt - t_train).total_seconds())
                out.append(
                    f"[rank0]:Epoch 1:  {step * 100 // 20000:>2}%|▏         | {step}/20000 "
                    f"[{el // 3600}:{el % 3600 // 60:02d}:{el % 60:02d}<, {1 / dt_s:.2f}it/s, "
                    f"v_num=12, train_loss={cosine_loss(rng, step, 2.2, 1.7):.3f}]"
                )
            if step % 500 == 0:
                for lr in range(8):
                    r = job.rank(h, lr)
                    braked = step > n_fast and h == bad
                    comp = rng.uniform(1180, 1200) * (1.41 if braked else 1.0)
                    wait = (
                        rng.uniform(5, 12) if (braked or step <= n_fast) else rng.uniform(555, 585)
                    )
                    out.append(
                        f"[rank{r}]:{ts_py(tt)} step_timer step={step} compute_ms={comp:.1f} "
                        f"allreduce_wait_ms={wait:.1f}"
                    )
        b.add(h, "lightning_console.log", out)
        uu = [uuid(rng) for _ in range(8)]
        prom = []
        for k, ts in enumerate([t_psu - sec(900), t_psu + sec(600), t_end - sec(120)]):
            prom += prom_scrape(rng, h, ts, h == bad and k > 0, uu)
            prom.append("")
        b.add(h, "dcgm_exporter_metrics.prom", prom)
        if h == bad:
            b.add(
                h,
                "ipmitool_sel_list.txt",
                [
                    f"  1a3 | {t0 - sec(86400 * 12):%m/%d/%Y | %H:%M:%S} | System Event #0x83 | "
                    "Timestamp Clock Sync | Asserted",
                    f"  1b0 | {t_psu:%m/%d/%Y | %H:%M:%S} | Power Supply #0x65 | Power Supply AC lost | "
                    "Asserted",
                    f"  1b1 | {t_psu:%m/%d/%Y | %H:%M:%S} | Power Supply #0x67 | Redundancy Lost | Asserted",
                    f"  1b2 | {t_psu + sec(1):%m/%d/%Y | %H:%M:%S} | Current #0x72 | Upper Non-critical "
                    "going high | Asserted",
                    f"  1b3 | {t_psu + sec(1):%m/%d/%Y | %H:%M:%S} | OEM #0xc1 | GPU power brake engaged "
                    "(PWR_BRAKE_N) | Asserted",
                ],
            )
    b.label(
        "straggler",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Since 20:47 the job runs at 0.50 instead of 0.71 it/s; all eight ranks of gpu-d-207 "
        "compute 1.41x slower while everyone else waits in all-reduce, and that node's "
        "dcgm-exporter shows every GPU at ~290 W and 1095 MHz with throttle reasons 136 (HW "
        "slowdown + power brake) after the BMC logged a power supply AC loss.",
        "https://github.com/l4rz/reverse-engineering-dell-idrac-to-get-rid-of-gpu-throttling/issues/3",
        "whole-node straggler; Prometheus exposition text; BMC SEL evidence; rank null",
    )
    return b


# --------------------------------------------------------------------------------------
# u28 Megatron timers (all ranks): rank 45's GPU trained down to PCIe x4
# --------------------------------------------------------------------------------------


def u28(rng: random.Random) -> Bundle:
    b = Bundle("u28_megatron_timers_pcie_x4_rank45")
    hosts = [f"hpe-xd670-{i:02d}" for i in range(1, 9)]
    job = Job(rng, hosts, gpn=8, ifname="ens21f0np0")
    bad, bad_local = "hpe-xd670-06", 5
    bad_rank = job.rank(bad, bad_local)
    t0 = dt("2024-05-27 12:00:20")
    t_train = t0 + sec(300)
    iter_s = 3.37
    n = 4000
    out_by_host = {
        h: job.agent_start(h, t0, "pretrain_gpt.py", 8, "hpe-xd670-01:6000")
        + job.nccl_init(h, prefix="[rank{rank}]:")
        for h in hosts
    }
    last = out_by_host[hosts[-1]]
    timers = [
        "forward-backward",
        "forward-compute",
        "backward-compute",
        "batch-generator",
        "params-all-gather",
        "grads-reduce-scatter",
        "optimizer",
    ]
    base = {
        "forward-backward": 3105.0,
        "forward-compute": 1010.0,
        "backward-compute": 2010.0,
        "batch-generator": 4.1,
        "params-all-gather": 61.0,
        "grads-reduce-scatter": 74.0,
        "optimizer": 38.0,
    }
    for it in range(10, n + 1, 10):
        tt = t_train + sec(it * iter_s)
        last.append(
            f"[rank63]: [{tt:%Y-%m-%d %H:%M:%S}] iteration {it:>8}/  100000 | consumed samples: "
            f"{it * 512:>10} | elapsed time per iteration (ms): {iter_s * 1000 + rng.uniform(-20, 20):.1f} "
            f"| throughput per GPU (TFLOP/s/GPU): {rng.uniform(301, 306):.1f} | learning rate: "
            f"2.994E-04 | global batch size:   512 | lm loss: {cosine_loss(rng, it, 3.1, 2.4):.6E} | "
            "loss scale: 1.0 | grad norm: 0.278 | number of skipped iterations:   0 | number of nan "
            "iterations:   0 |"
        )
        if it % 500 == 0:
            blk = ["[rank0]:times across ranks (ms):"]
            for name in timers:
                blk.append(f"[rank0]:  {name}:")
                for r in range(job.world):
                    v = base[name] * rng.uniform(0.995, 1.005)
                    if r == bad_rank:
                        v *= {
                            "batch-generator": 9.3,
                            "params-all-gather": 1.9,
                            "grads-reduce-scatter": 1.8,
                            "forward-compute": 1.04,
                            "backward-compute": 1.03,
                        }.get(name, 1.0)
                    blk.append(f"[rank0]:     rank {r:2d}: {v:.2f}")
            out_by_host[hosts[0]] += blk
    for h in hosts:
        b.add(h, "megatron.log", out_by_host[h], gz=h in ("hpe-xd670-03", "hpe-xd670-07"))
    over = {bad_local: {"link_width": 4, "replays": 1873}}
    b.add(bad, "nvidia-smi-q.txt", nvidia_smi_q(rng, bad, t_train + sec(n * iter_s), over=over))
    b.add(
        "hpe-xd670-05",
        "nvidia-smi-q.txt",
        nvidia_smi_q(rng, "hpe-xd670-05", t_train + sec(n * iter_s + 40)),
    )
    for h in hosts:
        boot = t0 - sec(rng.randint(86400, 864000))
        ev = kernel_noise(rng, boot, t_train + sec(n * iter_s), 25)
        if h == bad:
            bus = BUS_IDS_H100[bad_local]
            ev.append(
                (
                    boot + sec(7.2),
                    f"pci 0000:{bus}:00.0: 31.504 Gb/s available PCIe "
                    "bandwidth, limited by 32.0 GT/s PCIe x4 link at 0000:a8:02.0 (capable of "
                    "504.112 Gb/s with 32.0 GT/s PCIe x16 link)",
                )
            )
            for _k in range(12):
                ev.append(
                    (
                        t_train + sec(rng.uniform(0, n * iter_s)),
                        f"pcieport 0000:a8:02.0: AER: Corrected error received: 0000:{bus}:00.0",
                    )
                )
        b.add(h, "dmesg.txt", render_dmesg_t(ev))
    b.label(
        "straggler",
        "infrastructure",
        bad,
        bad_rank,
        "restart_without_node",
        "Megatron's per-rank timers show rank 45 alone with ~9x batch-generator time and ~1.9x "
        "param all-gather/reduce-scatter, holding every iteration back; rank 45 is "
        "hpe-xd670-06 GPU 5, whose PCIe link trained at x4 (nvidia-smi, boot-time bandwidth "
        "message, corrected AER errors).",
        "https://github.com/janhq/jan/issues/183",
        "Megatron 'times across ranks' blocks; PCIe link width in nvidia-smi -q and dmesg",
    )
    return b


# --------------------------------------------------------------------------------------
# u29 HF Trainer: clean run, one GPU runs hot but nothing is slow
# --------------------------------------------------------------------------------------


def u29(rng: random.Random) -> Bundle:
    b = Bundle("u29_hf_trainer_clean_hot_gpu_herring")
    hosts = ["wrk-a100-01", "wrk-a100-02"]
    job = Job(rng, hosts, gpn=8, ifname="eno1", bus_ids=BUS_IDS_A100, nccl="2.20.5", cuda="12.2")
    t0 = dt("2024-03-28 08:15:03")
    t_train = t0 + sec(210)
    total = 2289
    step_s = 6.2
    t_end = t_train + sec(total * step_s)
    for h in hosts:
        out = job.agent_start(h, t0, "run_clm.py", 2, "wrk-a100-01:29500")
        out += job.nccl_init(h, prefix="[rank{rank}]:")
        if h == hosts[0]:
            out += [
                f"[rank0]:[INFO|trainer.py:2128] {t_train:%Y-%m-%d %H:%M:%S},104 >> ***** Running "
                "training *****",
                f"[rank0]:[INFO|trainer.py:2129] {t_train:%Y-%m-%d %H:%M:%S},104 >>   Num examples = "
                "2,344,112",
                f"[rank0]:[INFO|trainer.py:2130] {t_train:%Y-%m-%d %H:%M:%S},104 >>   Num Epochs = 1",
                f"[rank0]:[INFO|trainer.py:2131] {t_train:%Y-%m-%d %H:%M:%S},104 >>   Instantaneous "
                "batch size per device = 16",
                f"[rank0]:[INFO|trainer.py:2137] {t_train:%Y-%m-%d %H:%M:%S},104 >>   Total "
                "optimization steps = 2,289",
            ]
            for step in range(10, total + 1, 10):
                el = int(step * step_s)
                out.append(
                    f"[rank0]:{{'loss': {cosine_loss(rng, step, 2.1, 1.4):.4f}, 'grad_norm': "
                    f"{rng.uniform(0.3, 0.9):.4f}, 'learning_rate': "
                    f"{2e-5 * (1 - step / total):.4e}, 'epoch': {step / total:.2f}}}"
                )
                out.append(
                    f"[rank0]: {step * 100 // total:>3}%|          | {step}/{total} "
                    f"[{el // 3600:02d}:{el % 3600 // 60:02d}:{el % 60:02d}<, "
                    f"{step_s + rng.uniform(-0.05, 0.05):.2f}s/it]"
                )
            out += [
                f"[rank0]:{{'train_runtime': {total * step_s:.4f}, 'train_samples_per_second': "
                f"{16 * 16 / step_s:.3f}, 'train_steps_per_second': {1 / step_s:.3f}, 'train_loss': "
                "1.4821093, 'epoch': 1.0}",
                f"[rank0]:[INFO|trainer.py:3478] {t_end:%Y-%m-%d %H:%M:%S},551 >> Saving model "
                "checkpoint to /shared/out/mistral-7b-sft",
                "[rank0]:***** train metrics *****",
                "[rank0]:  epoch                    =        1.0",
                "[rank0]:  total_flos               = 612311452GF",
                "[rank0]:  train_loss               =     1.4821",
                f"[rank0]:  train_runtime            = {int(total * step_s) // 3600}:"
                f"{int(total * step_s) % 3600 // 60:02d}:{int(total * step_s) % 60:02d}.31",
                f"[rank0]:  train_samples_per_second =     {16 * 16 / step_s:.3f}",
            ]
        for lr in range(8):
            r = job.rank(h, lr)
            out.append(
                f"[rank{r}]:{ts_py(t_end + sec(30))} step-time summary rank {r}: mean "
                f"{step_s + rng.uniform(-0.02, 0.02):.3f}s p99 {step_s + rng.uniform(0.1, 0.2):.3f}s"
            )
        out.append(f"{t_end + sec(44):%m%d %H:%M:%S} torchrun: all workers exited with code 0")
        b.add(h, "torchrun.log", out)
        over = {6: {"temp": 83, "mtemp": 86}} if h == "wrk-a100-02" else {}
        q = nvidia_smi_q(
            rng,
            h,
            t_train + sec(6000),
            product="NVIDIA A100-SXM4-80GB",
            bus=BUS_IDS_A100,
            driver="535.154.05",
            cuda="12.2",
            over=over,
        )
        b.add(h, "nvidia-smi-q.txt", q)
        tbl_over = {6: {"temp": 83, "power": 391, "cap": 400}} if h == "wrk-a100-02" else {}
        b.add(
            h,
            "nvidia-smi.txt",
            nvidia_smi_table(
                rng,
                t_train + sec(6001),
                name="NVIDIA A100-SXM4-80GB",
                bus=BUS_IDS_A100,
                driver="535.154.05",
                cuda="12.2",
                over=tbl_over,
            ),
        )
    b.label(
        "unknown",
        "framework",
        None,
        None,
        "none",
        "Training finishes all 2289 steps, saves the model and every worker exits 0; GPU 6 on "
        "wrk-a100-02 runs at 83 C, but no clock-event reason is active and every rank's step "
        "time is the same, so the temperature is a red herring.",
        "https://github.com/pytorch/pytorch/issues/59433",
        "clean run; hot GPU without throttling or slow rank",
    )
    return b


# --------------------------------------------------------------------------------------
# u30 FSDP2 JSON timers: rank 17 consistently slow, telemetry clean -> run diagnostics
# --------------------------------------------------------------------------------------


def u30(rng: random.Random) -> Bundle:
    b = Bundle("u30_fsdp2_slow_rank_no_telemetry_proof")
    hosts = ["ax-gpu-11", "ax-gpu-12", "ax-gpu-13", "ax-gpu-14"]
    job = Job(rng, hosts, gpn=8, ifname="ens7")
    bad, bad_local = "ax-gpu-13", 1
    bad_rank = job.rank(bad, bad_local)
    t0 = dt("2025-02-24 09:12:50")
    t_train = t0 + sec(130)
    step_s = 1.262
    n = 6000
    for h in hosts:
        out = job.agent_start(h, t0, "train_fsdp2.py", 4, "ax-gpu-11:29500")
        out += job.nccl_init(h, prefix="[rank{rank}]:")
        b.add(h, "torchrun.log", out)
        rows = []
        for step in range(50, n + 1, 50):
            tt = t_train + sec(step * step_s)
            for lr in range(8):
                r = job.rank(h, lr)
                slow = r == bad_rank
                fwd = rng.uniform(350, 356) * (1.17 if slow else 1.0)
                bwd = rng.uniform(705, 715) * (1.17 if slow else 1.0)
                wait = rng.uniform(2, 5) if slow else rng.uniform(178, 192)
                rows.append(
                    f'{{"ts":"{ts_iso(tt + sec(lr * 0.002), 3)}","step":{step},"rank":{r},'
                    f'"host":"{h}","data_ms":{rng.uniform(2, 4):.1f},"fwd_ms":{fwd:.1f},'
                    f'"bwd_ms":{bwd:.1f},"opt_ms":{rng.uniform(27, 31):.1f},'
                    f'"comm_wait_ms":{wait:.1f},"step_ms":{step_s * 1000 + rng.uniform(-3, 3):.1f},'
                    f'"loss":{cosine_loss(rng, step, 2.9, 2.2):.4f}}}'
                )
        b.add(h, "step_timers.jsonl", rows, gz=h == "ax-gpu-14")
        b.add(
            h,
            "nvidia-smi-q.txt",
            nvidia_smi_q(
                rng,
                h,
                t_train + sec(n * step_s),
                over={bad_local: {"power": 641.2}} if h == bad else {},
            ),
        )
        b.add(
            h,
            "dcgmi_dmon.txt",
            ["# dcgmi dmon -e 100,101,140,150,155,203 -d 5000", *dcgmi_dmon(rng, t0, 12)],
        )
        b.add(
            h,
            "dmesg.txt",
            render_dmesg_t(kernel_noise(rng, t0 - sec(3600), t_train + sec(n * step_s), 20)),
        )
    b.label(
        "straggler",
        "infrastructure",
        bad,
        bad_rank,
        "run_diagnostics",
        "Rank 17 (ax-gpu-13 GPU 1) is ~17% slower in forward and backward at every step while all "
        "other ranks wait ~185 ms for it, but its clocks, temperature, power, PCIe link, ECC "
        "counters and kernel log look normal: a suspect without proof, worth a diagnostic run.",
        "https://github.com/horovod/horovod/issues/867",
        "consistent per-rank slowness in JSON timers with clean telemetry -> suspicion only",
    )
    return b


CASES = [u26, u27, u28, u29, u30]
