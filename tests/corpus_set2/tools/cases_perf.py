"""Stragglers, hangs and clean runs."""

from scenario import *  # noqa
from cases_gpu import dmesg_boot_noise

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def straggler_line(dt, mn_rtt, mn_r, mx_rtt, mx_r, hot_rank, hot_temp, hot_clk, hot_pwr, rng):
    return (
        " [%s] straggler detector: | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | "
        "MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: 100%%/%d | MnClk/Rnk: %dMHz/%d | "
        "MxClk/Rnk: 1980MHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d"
        % (
            dt.strftime("%Y-%m-%d %H:%M:%S"),
            mn_rtt,
            mn_r,
            mx_rtt,
            mx_r,
            hot_pwr,
            hot_rank,
            rng.randint(660, 699),
            rng.randint(0, 63),
            rng.randint(38, 44),
            rng.randint(0, 63),
            hot_temp,
            hot_rank,
            rng.randint(61, 79) if hot_clk < 1900 else 97,
            hot_rank,
            rng.randint(0, 63),
            hot_clk,
            hot_rank,
            rng.randint(0, 63),
            rng.uniform(9, 13),
            rng.randint(0, 63),
            rng.uniform(30, 38),
            rng.randint(0, 63),
            rng.uniform(230, 260) if hot_clk < 1900 else rng.uniform(395, 400),
            hot_rank if hot_clk < 1900 else rng.randint(0, 63),
            rng.uniform(401, 405),
            rng.randint(0, 63),
        )
    )


# ============================================================================
@case
def c24(rng):
    b = Bundle("c24_straggler_thermal_megatron")
    hosts = ["ws-h100-12%02d" % i for i in range(1, 9)]
    ips = ["10.12.0.%d" % (100 + i) for i in range(1, 9)]
    t0 = T("2024-05-02 02:00:15")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="pretrain_gpt.py",
        nccl_version="2.20.5+cuda12.4",
        rank_file=lambda hi, l, r: "megatron_rank%02d.log" % r,
        agent_file="torchrun.log",
    )
    job.startup()
    hot_hi, hot_l = 5, 5
    hot_r = job.rank(hot_hi, hot_l)
    prog = []
    t = t0 + sec(300)
    it = 20000
    slow_from = 22400
    strag = []
    while it < 24100:
        it += 100
        slow = it >= slow_from
        el = (6.93 if slow else 4.11) * (1 + rng.uniform(-0.01, 0.01))
        t += sec(el * 100)
        prog.append(
            megatron_iter_line(
                t,
                it,
                250000,
                it * 2048,
                el * 1000,
                (236.0 if slow else 398.0) * (1 + rng.uniform(-0.01, 0.01)),
                2.2e-4,
                2048,
                2.05 - it * 0.000002 + rng.uniform(-0.01, 0.01),
                0.2 + rng.uniform(0, 0.05),
            )
        )
        if slow:
            strag.append(
                straggler_line(
                    t,
                    4023.1 + rng.uniform(-5, 5),
                    rng.choice([0, 8, 17]),
                    6911.2 + rng.uniform(-20, 20),
                    hot_r,
                    hot_r,
                    rng.randint(89, 92),
                    rng.randint(1095, 1200),
                    rng.randint(290, 330),
                    rng,
                )
            )
        else:
            strag.append(
                straggler_line(
                    t,
                    4082.0 + rng.uniform(-5, 5),
                    rng.randint(0, 63),
                    4101.0 + rng.uniform(-5, 5),
                    rng.randint(0, 63),
                    rng.randint(0, 63),
                    rng.randint(66, 71),
                    1980,
                    rng.randint(600, 660),
                    rng,
                )
            )
    job.logs[(7, 7)] += prog
    job.logs[(0, 0)] += strag
    t_cancel = t + sec(310)
    for hi, h in enumerate(hosts):
        job.agent[hi] += agent_sigterm_block(
            h,
            job.agent_pid[h],
            t_cancel + ms(rng.randint(0, 800)),
            job.pids[h],
            rng,
            reason_line="slurmstepd: error: *** STEP 2209931.0 ON %s CANCELLED AT %s ***"
            % (h, slurm_ts(t_cancel)),
        )
    job.emit()
    h = hosts[hot_hi]
    gp = []
    for i in range(8):
        if i == hot_l:
            gp.append(
                {
                    "temp": 91,
                    "memtemp": 84,
                    "sm_clock": 1155,
                    "power": 311.4,
                    "util": 100,
                    "used": 71242,
                    "throttle": {
                        "HW Slowdown": "Active",
                        "HW Thermal Slowdown": "Active",
                        "SW Thermal Slowdown": "Active",
                    },
                }
            )
        else:
            gp.append(
                {
                    "temp": 58 + i % 4,
                    "sm_clock": 1980,
                    "power": 640 + i * 5,
                    "util": 100,
                    "used": 71240,
                }
            )
    b.add(h, "nvidia-smi-q.txt", nvsmi_q(t_cancel - sec(900), gp))
    b.add(
        h,
        "ipmi_sdr.txt",
        [
            "$ ipmitool sdr type Fan",
            "FAN1_F           | 30h | ok  | 29.1 | 11760 RPM",
            "FAN2_F           | 31h | ok  | 29.2 | 11900 RPM",
            "FAN3_F           | 32h | ok  | 29.3 | 11830 RPM",
            "FAN4_F           | 33h | ok  | 29.4 | 11690 RPM",
            "FAN5_F           | 34h | cr  | 29.5 | 0 RPM",
            "FAN6_F           | 35h | ok  | 29.6 | 11910 RPM",
        ],
    )
    # red herring: SW power cap active on another node (normal at full load)
    b.add(
        hosts[1],
        "nvidia-smi-q.txt",
        nvsmi_q(
            t_cancel - sec(880),
            [
                {
                    "temp": 63,
                    "power": 699.7,
                    "util": 100,
                    "used": 71240,
                    "throttle": {"SW Power Cap": "Active"},
                }
                if i == 2
                else {"temp": 60, "power": 650, "util": 100, "used": 71240}
                for i in range(8)
            ],
        ),
    )
    b.set_label(
        "straggler",
        "infrastructure",
        culprit(h, hot_r),
        "restart_without_node",
        "From iteration 22400 step time jumps 4.1 s -> 6.9 s and Megatron's straggler detector names rank 45 as MxRtt "
        "every interval; on ws-h100-1206 GPU 5 sits at 91 C with HW Thermal Slowdown active and 1155 MHz, next to a "
        "dead fan. One throttled GPU slows all 64 ranks; the SW power cap on ws-h100-1202 is normal.",
        "https://github.com/mlfoundations/open_clip/issues/703",
        "Straggler visible in Megatron step time + straggler detector; thermal throttle + fan failure on one node.",
    )
    return b


# ============================================================================
@case
def c25(rng):
    b = Bundle("c25_straggler_power_brake_nemo")
    hosts = ["h100-nemo-%02d" % i for i in (1, 2, 3, 4, 6, 7, 9, 10)]
    ips = ["10.77.1.%d" % (10 + i) for i in range(8)]
    t0 = T("2024-09-12 00:03:41")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py",
        nccl_version="2.21.5+cuda12.4",
        rank_file=lambda hi, l, r: "nemo_log_globalrank-%d_localrank-%d.txt" % (r, l),
        agent_file="ft_launcher.log",
    )
    job.startup()
    slow_hi = 2
    t = t0 + sec(400)
    lg0 = job.logs[(0, 0)]
    step = 0
    for k in range(80):
        step += 50
        slow = step > 2600
        st = (3.12 if slow else 2.31) * (1 + rng.uniform(-0.01, 0.01))
        t += sec(50 * st)
        lg0.append(
            "Epoch 0: : %d/100000 [%s, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.3f]"
            % (
                step,
                "%d:%02d:%02d<?, ?it/s"
                % ((t - t0).seconds // 3600, (t - t0).seconds // 60 % 60, (t - t0).seconds % 60),
                2.4 - step * 0.00005,
                step,
                step * 1024,
                st,
            )
        )
        if step % 500 == 0 and step >= 1000:
            lg0.append(
                "[NeMo I %s straggler_det_callback:128] GPU relative performance:"
                % t.strftime("%Y-%m-%d %H:%M:%S")
            )
            lg0.append("     Worst performing 5/64 ranks:")
            worst = list(range(16, 24)) if slow else rng.sample(range(64), 5)
            for r in worst[:5]:
                lg0.append(
                    "      Rank=%d Node=%s Score=%.2f"
                    % (
                        r,
                        hosts[r // 8],
                        rng.uniform(0.72, 0.75) if slow else rng.uniform(0.97, 0.99),
                    )
                )
            lg0.append("     Best performing 5/64 ranks:")
            for r in rng.sample([x for x in range(64) if x // 8 != slow_hi], 5):
                lg0.append(
                    "      Rank=%d Node=%s Score=%.2f" % (r, hosts[r // 8], rng.uniform(0.99, 1.0))
                )
            if slow:
                lg0.append(
                    "[NeMo W %s straggler_det_callback:146] STRAGGLER DETECTION WARNING: Some GPUs have worse relative "
                    "performance. Affected ranks: [16, 17, 18, 19, 20, 21, 22, 23]"
                    % t.strftime("%Y-%m-%d %H:%M:%S")
                )
    lg0.append(
        "[NeMo I %s straggler_det_callback:167] Detected stragglers. Training will be stopped."
        % t.strftime("%Y-%m-%d %H:%M:%S")
    )
    lg0.append("`Trainer.fit` stopped: straggler detected (stop_if_detected=True)")
    t_end = t + sec(35)
    for hi, h in enumerate(hosts):
        job.agent[hi].append(
            glog_agent(
                t_end + ms(rng.randint(0, 900)),
                "I",
                job.agent_pid[h],
                "torch/distributed/elastic/agent/server/api.py:879",
                "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.",
            )
        )
        job.agent[hi].append(
            glog_agent(
                t_end + ms(rng.randint(1000, 1900)),
                "I",
                job.agent_pid[h],
                "torch/distributed/elastic/agent/server/api.py:932",
                "Done waiting for other agents. Elapsed: 0.71 seconds",
            )
        )
    job.emit()
    h = hosts[slow_hi]
    b.add(
        h,
        "nvidia-smi-q.txt",
        nvsmi_q(
            t_end - sec(600),
            [
                {
                    "temp": 54,
                    "power": 402.0,
                    "sm_clock": 1410,
                    "util": 100,
                    "used": 70102,
                    "throttle": {"HW Slowdown": "Active", "HW Power Brake Slowdown": "Active"},
                }
                for _ in range(8)
            ],
        ),
    )
    b.add(
        h,
        "ipmi_sel.txt",
        [
            "$ ipmitool sel elist | tail -4",
            " 4c1 | %s | Power Supply PSU2_Status | Failure detected | Asserted"
            % t0.strftime("%m/%d/%Y | %H:%M:%S"),
            " 4c2 | %s | Power Supply PSU2_Status | Power Supply AC lost | Asserted"
            % t0.strftime("%m/%d/%Y | %H:%M:%S"),
            " 4c3 | %s | Power Unit PS_Redundancy | Redundancy Lost | Asserted"
            % (t0 + sec(1)).strftime("%m/%d/%Y | %H:%M:%S"),
            " 4c4 | %s | System Event GPU_PWRBRAKE | State Asserted | Asserted"
            % (t0 + sec(3600 + 1500)).strftime("%m/%d/%Y | %H:%M:%S"),
        ],
    )
    b.set_label(
        "straggler",
        "infrastructure",
        culprit(h, None),
        "restart_without_node",
        "NeMo's straggler detector repeatedly scores all 8 ranks of h100-nemo-03 at ~0.73 and finally stops training; "
        "that node's GPUs all show HW Power Brake Slowdown at 1410 MHz after PSU2 failed (BMC SEL). The run 'finished' "
        "(exit 0) but the node is degraded.",
        "https://nvidia.github.io/nvidia-resiliency-ext/straggler_det/usage_guide.html",
        "Straggler with whole-node power brake; clean exit code 0 because stop_if_detected stopped the run.",
    )
    return b


# ============================================================================
@case
def c26(rng):
    b = Bundle("c26_straggler_dataloading_no_hw_evidence")
    hosts = ["trn-gpu-a1", "trn-gpu-b4", "trn-gpu-c3", "trn-gpu-d2"]
    ips = ["10.5.1.11", "10.5.2.14", "10.5.3.13", "10.5.4.12"]
    t0 = T("2025-01-14 08:20:00")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="torchtitan/train.py",
        nccl_version="2.21.5+cuda12.4",
        rank_file=lambda hi, l, r: "rank_%d.log" % r,
        agent_file="torchrun.log",
    )
    job.startup()
    slow_hi = 2
    t = t0 + sec(150)
    for step in range(10, 4010, 10):
        slow = step > 2400
        dt_step = (2.96 if slow else 1.71) * (1 + rng.uniform(-0.01, 0.01))
        t += sec(10 * dt_step)
        for hi in range(4):
            for l in (0,):
                r = job.rank(hi, l)
                tps = int(8 * 8192 / dt_step)
                job.logs[(hi, l)].append(
                    "[rank%d]:[titan] %s - root - INFO - step: %d  loss: %7.4f  memory: 58.31GiB(73.66%%)  tps: %s  tflops: %.2f  mfu: %.2f%%"
                    % (
                        r,
                        pylog(t),
                        step,
                        3.9 - step * 0.0002,
                        f"{tps:,}",
                        tps * 0.0585,
                        tps * 0.0059,
                    )
                )
                if step % 100 == 0:
                    w = rng.uniform(1180, 1300) if (slow and hi == slow_hi) else rng.uniform(5, 40)
                    job.logs[(hi, l)].append(
                        "[rank%d]:[titan] %s - root - INFO - [dl-timing] step %d data_wait_ms(p50)=%.0f "
                        "h2d_ms=%.1f" % (r, pylog(t), step, w, rng.uniform(3, 5))
                    )
    t_cancel = t + sec(120)
    for hi, h in enumerate(hosts):
        job.agent[hi] += agent_sigterm_block(
            h, job.agent_pid[h], t_cancel + ms(rng.randint(0, 500)), job.pids[h], rng
        )
    job.emit()
    h = hosts[slow_hi]
    b.add(
        h,
        "nvidia-smi-q.txt",
        nvsmi_q(
            t_cancel - sec(300),
            [{"temp": 61, "power": 580, "util": 63, "used": 59700} for _ in range(8)],
        ),
    )
    b.add(h, "dmesg.txt", dmesg_boot_noise(t0 - sec(86400 * 8), h, "T", rng))
    b.add(
        h,
        "top.txt",
        [
            "top - %s up 8 days,  2:11,  0 users,  load average: 61.20, 60.88, 59.97"
            % t_cancel.strftime("%H:%M:%S"),
            "Tasks: 1311 total,   9 running, 1302 sleeping,   0 stopped,   0 zombie",
            "%Cpu(s): 31.2 us,  4.0 sy,  0.0 ni, 58.1 id,  6.3 wa,  0.0 hi,  0.4 si,  0.0 st",
            "MiB Mem : 2063872.0 total, 1511242.8 free, 301217.4 used, 251411.8 buff/cache",
        ],
    )
    b.add(
        hosts[0],
        "top.txt",
        [
            "top - %s up 8 days,  2:10,  0 users,  load average: 59.71, 60.02, 60.31"
            % t_cancel.strftime("%H:%M:%S"),
            "%Cpu(s): 32.0 us,  3.8 sy,  0.0 ni, 63.9 id,  0.1 wa,  0.0 hi,  0.2 si,  0.0 st",
        ],
    )
    b.set_label(
        "straggler",
        "infrastructure",
        culprit(h, None),
        "run_diagnostics",
        "After step 2400 throughput drops ~42% on every rank, and the per-rank data-loading timer shows only "
        "trn-gpu-c3 waiting ~1.2 s per step for data; its GPUs, kernel log and clocks look normal (only elevated iowait). "
        "The node is the suspect but there is no hardware evidence yet: run diagnostics (disk/NIC/CPU) on it before "
        "excluding it.",
        "https://facebookresearch.github.io/spdl/latest/optimization_guide/straggler.html",
        "Slowness attributable to one node only via per-rank timing; no hardware signal -> run_diagnostics.",
    )
    return b


# ============================================================================
@case
def c27(rng):
    b = Bundle("c27_straggler_cpu_thermal_hf_trainer")
    hosts = ["gpu-node-a", "gpu-node-b", "gpu-node-c"]
    ips = ["192.168.50.11", "192.168.50.12", "192.168.50.13"]
    t0 = T("2024-07-22 22:10:09")
    slow_hi = 1
    # HF Trainer + DeepSpeed launcher: console only on node a (main process), per-node syslog
    out = [
        "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w gpu-node-a,gpu-node-b,gpu-node-c export NCCL_IB_HCA=mlx5; "
        "cd /home/ana/sft; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=... --master_addr=192.168.50.11 "
        "--master_port=29500 run_sft.py --deepspeed ds_z2.json --per_device_train_batch_size 4 --gradient_accumulation_steps 4"
        % pylog(t0)
    ]
    t = t0 + sec(160)
    total = 9000
    for step in range(0, 4700, 10):
        slow = step > 2900
        sit = (3.34 if slow else 1.88) * (1 + rng.uniform(-0.02, 0.02))
        t += sec(10 * sit)
        if step % 50 == 0:
            el = (t - t0).seconds
            rem = int((total - step) * sit)
            out.append(
                "gpu-node-a: %3d%%|%s| %d/%d [%d:%02d:%02d<%d:%02d:%02d, %.2fs/it]"
                % (
                    step * 100 // total,
                    "█" * (step * 10 // total) + " " * (10 - step * 10 // total),
                    step,
                    total,
                    el // 3600,
                    el // 60 % 60,
                    el % 60,
                    rem // 3600,
                    rem // 60 % 60,
                    rem % 60,
                    sit,
                )
            )
        if step % 200 == 0 and step:
            out.append(
                "gpu-node-a: {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}"
                % (
                    1.62 - step * 0.00004 + rng.uniform(-0.02, 0.02),
                    0.4 + rng.uniform(0, 0.2),
                    2e-5 * (1 - step / total),
                    step / 3000,
                )
            )
    t_cancel = t + sec(66)
    out.append(
        "gpu-node-a: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 7712"
        % pylog(t_cancel)
    )
    out.append("pdsh@gpu-node-a: interrupt (one more within 1 sec to abort)")
    out.append("pdsh@gpu-node-a: (^Z to background pdsh)")
    b.add(hosts[0], "deepspeed_console.log", out)
    boot = t0 - sec(86400 * 25)
    for hi, h in enumerate(hosts):
        k = dmesg_boot_noise(boot, h, "journal", rng)
        if hi == slow_hi:
            tt = t0 + sec(160 + 2900 * 1.88)
            for n in range(9):
                tt += sec(rng.randint(120, 600))
                cpu = rng.choice([2, 14, 26, 38, 50, 62])
                k.append(
                    journald(tt, h)
                    + " mce: CPU%d: Core temperature above threshold, cpu clock throttled (total events = %d)"
                    % (cpu, 40000 + n * 1733)
                )
                k.append(
                    journald(tt, h)
                    + " mce: CPU%d: Package temperature above threshold, cpu clock throttled (total events = %d)"
                    % (cpu, 52000 + n * 2011)
                )
                k.append(
                    journald(tt + sec(1), h) + " mce: CPU%d: Core temperature/speed normal" % cpu
                )
        elif hi == 2:
            k.append(
                journald(t0 + sec(3000), h) + " mce: [Hardware Error]: Machine check events logged"
            )
            k.append(
                journald(t0 + sec(3000), h, "mcelog[1288]")
                + " Corrected error, no action required."
            )
        b.add(h, "syslog", k)
    b.add(
        hosts[slow_hi],
        "sensors.txt",
        [
            "$ sensors coretemp-isa-0000 coretemp-isa-0001 | grep Package",
            "Package id 0:  +99.0°C  (high = +90.0°C, crit = +100.0°C)",
            "Package id 1:  +97.0°C  (high = +90.0°C, crit = +100.0°C)",
            "",
            "$ ipmitool sdr type Fan | grep -v ok",
            "FAN_CPU1         | 41h | cr  | 29.1 | 600 RPM",
        ],
    )
    b.add(
        hosts[2],
        "sensors.txt",
        [
            "$ sensors coretemp-isa-0000 coretemp-isa-0001 | grep Package",
            "Package id 0:  +61.0°C  (high = +90.0°C, crit = +100.0°C)",
            "Package id 1:  +63.0°C  (high = +90.0°C, crit = +100.0°C)",
        ],
    )
    b.set_label(
        "straggler",
        "infrastructure",
        culprit(hosts[slow_hi], None),
        "restart_without_node",
        "The HF Trainer progress bar slows from ~1.9 to ~3.3 s/it after step ~2900; from that time gpu-node-b's syslog "
        "is full of 'Core/Package temperature above threshold, cpu clock throttled' with packages at 97-99 C and a "
        "failed CPU fan, starving its data/optimizer CPU work. The single corrected MCE on gpu-node-c is noise.",
        "https://github.com/tensorflow/tensorflow/issues/40042",
        "Host CPU thermal throttling on one node (not GPU) seen only via syslog; DeepSpeed/pdsh console only.",
    )
    return b


# ============================================================================
@case
def c28(rng):
    b = Bundle("c28_hang_pyspy_one_rank_stuck_in_sync")
    hosts = ["gpu-e-101", "gpu-e-102", "gpu-e-103", "gpu-e-104"]
    ips = ["10.44.0.101", "10.44.0.102", "10.44.0.103", "10.44.0.104"]
    t0 = T("2024-11-02 05:10:00")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train.py",
        nccl_version="2.21.5+cuda12.4",
        rank_file=lambda hi, l, r: "logs/train_r%d.log" % r,
        agent_file="logs/torchrun.log",
    )
    job.startup()
    bad = 22
    bhi, bl = job.where(bad)
    t = t0 + sec(200)
    for step in range(100, 30100, 100):
        t += sec(100 * 0.94 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(0, 0)].append(
            "%s INFO step=%d loss=%.4f ppl=%.2f tokens/s=%d"
            % (
                pylog(t),
                step,
                2.6 - step * 0.00001,
                13.5 - step * 0.0001,
                1110000 + rng.randint(-9000, 9000),
            )
        )
    t_hang = t + sec(40)
    seq = 88213
    t_dump = t_hang + sec(300)
    for hi, h in enumerate(hosts):
        for l in range(8):
            r = job.rank(hi, l)
            if r == 0:
                job.logs[(0, 0)].append(
                    "%s WARNING progress_watchdog: no step completed for 300 s (last step %d); dumping stacks "
                    "with py-spy to /shared/hangs/job-55120/" % (pylog(t_dump), 30000)
                )
            pid = job.pids[h][l]
            if r == bad:
                st = [
                    "Process %d: /usr/bin/python -u train.py --config cfg/34b.yaml" % pid,
                    "Python v3.10.12 (/usr/bin/python3.10)",
                    "",
                    'Thread %d (active): "MainThread"' % pid,
                    "    synchronize (torch/cuda/__init__.py:801)",
                    "    clip_grad_norm_ (torch/nn/utils/clip_grad.py:76)",
                    "    train_step (train.py:233)",
                    "    main (train.py:402)",
                    "    <module> (train.py:455)",
                    'Thread %d (idle): "Thread-1 (_pin_memory_loop)"' % (pid + 61),
                    "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:53)",
                    'Thread %d (idle): "pt_nccl_watchdg"' % (pid + 74),
                    "",
                    "native frames (py-spy dump --native):",
                    "    cuStreamSynchronize (libcuda.so.1)",
                    "    cudaStreamSynchronize (libcudart.so.12)",
                    "    c10::cuda::stream_synchronize (libc10_cuda.so)",
                ]
            else:
                st = [
                    "Process %d: /usr/bin/python -u train.py --config cfg/34b.yaml" % pid,
                    "Python v3.10.12 (/usr/bin/python3.10)",
                    "",
                    'Thread %d (active): "MainThread"' % pid,
                    "    wait (torch/distributed/distributed_c10d.py:2288)"
                    if l % 2
                    else "    all_reduce (torch/distributed/distributed_c10d.py:2288)",
                    "    wrapper (torch/distributed/c10d_logger.py:79)",
                    "    clip_grad_norm_ (torch/nn/utils/clip_grad.py:81)",
                    "    train_step (train.py:233)",
                    "    main (train.py:402)",
                    "    <module> (train.py:455)",
                    'Thread %d (idle): "Thread-1 (_pin_memory_loop)"' % (pid + 61),
                    "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:53)",
                ]
            b.add(
                h,
                "pyspy/rank_%02d.txt" % r,
                ["# py-spy dump --pid %d  (%s)" % (pid, iso(t_dump + ms(rng.randint(0, 4000))))]
                + st,
            )
    died = job.watchdog_cascade(t_hang, seq, "ALLREDUCE", (1, 1), skip=[bad])
    died[bad] = max(v for k, v in died.items() if job.where(k)[0] == bhi) + ms(200)
    job.agents_after(died)
    job.emit()
    h = hosts[bhi]
    b.add(
        h,
        "nvidia-smi.txt",
        nvsmi_table(
            t_dump + sec(20), [(41 + i % 3, 112 + i * 2, 61200, 100, "0") for i in range(8)]
        ),
    )
    b.add(
        hosts[0],
        "nvidia-smi.txt",
        nvsmi_table(
            t_dump + sec(24), [(40 + i % 4, 110 + i * 3, 61200, 100, "0") for i in range(8)]
        ),
    )
    b.set_label(
        "hang",
        "infrastructure",
        culprit(h, bad),
        "restart_without_node",
        "All ranks but 22 are parked in the clip-grad all-reduce (SeqNum 88213) and time out; py-spy shows rank 22 never "
        "reached it - it is stuck in cudaStreamSynchronize inside clip_grad_norm_ on gpu-e-103 (GPU 6), i.e. a kernel on "
        "that GPU never completes; no Xid is logged and nvidia-smi looks the same everywhere (100% util from NCCL spin).",
        "https://github.com/allenai/OLMo/pull/709",
        "Hang; py-spy dumps for 32 ranks; one rank not in the collective; nvidia-smi is uninformative on every node.",
    )
    return b


# ============================================================================
@case
def c29(rng):
    b = Bundle("c29_hang_flight_recorder_nvme_timeout")
    hosts = [
        "gpu-c-0401",
        "gpu-c-0403",
        "gpu-c-0404",
        "gpu-c-0406",
        "gpu-c-0407",
        "gpu-c-0410",
        "gpu-c-0411",
        "gpu-c-0412",
    ]
    ips = ["10.40.4.%d" % i for i in (1, 3, 4, 6, 7, 10, 11, 12)]
    t0 = T("2025-02-19 10:00:00")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train.py",
        nccl_version="2.23.4+cuda12.6",
        rank_file=lambda hi, l, r: "r%02d.log" % r,
        agent_file="torchrun.log",
    )
    job.startup()
    bad = 29  # gpu-c-0406 local 5
    bhi, bl = job.where(bad)
    t = t0 + sec(180)
    for step in range(50, 9050, 50):
        t += sec(50 * 1.33 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(7, 7)].append(
            "[%s] step %d | loss %.3f | lr %.2e | %.2f s/step"
            % (iso(t, z=False), step, 2.9 - step * 0.0001, 3e-4, 1.33)
        )
    t_hang = t + sec(20)
    seq = 4412
    died = job.watchdog_cascade(
        t_hang, seq, "_ALLGATHER_BASE", (4194304, 268435456), skip=[bad], timeout_ms=900000
    )
    for (hi, l), lg in job.logs.items():
        r = job.rank(hi, l)
        if r == bad:
            continue
        idx = next(i for i, x in enumerate(lg) if "Process group watchdog thread terminated" in x)
        lg.insert(
            idx,
            glog(
                died[r] - ms(1100),
                "E",
                "ProcessGroupNCCL.cpp:1595",
                "[PG ID 0 PG GUID 0(default_pg) Rank %d] First PG on "
                "this rank to signal dumping." % r
                if r == 3
                else "[PG ID 0 PG GUID 0(default_pg) Rank %d] Observed flight "
                "recorder dump signal from another rank via TCPStore." % r,
                rank=r,
                rng=rng,
            ),
        )
    died[bad] = max(died.values()) + sec(2)
    job.agents_after(died)
    job.emit()
    # fr_trace analysis output written by on-call
    fr = [
        "$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr/job-88310 -p nccl_trace_rank_",
        "Not all ranks joining collective %d at entry 311" % seq,
        "group info: 0:default_pg",
        "collective: nccl:_allgather_base",
        "missing ranks: {%d}" % bad,
        "input sizes: [[4194304]]",
        "output sizes: [[268435456]]",
        "expected ranks: 64",
        "collective state: scheduled",
        "collective stack trace:",
        "  all_gather_into_tensor at /usr/local/lib/python3.12/site-packages/torch/distributed/distributed_c10d.py:3586",
        "  _fsdp_param_all_gather at /usr/local/lib/python3.12/site-packages/torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py:212",
        "  pre_forward at /home/svc/llm/model.py:147",
        "",
        "$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr/job-88310 -p nccl_trace_rank_ -j --selected-ranks %d"
        % bad,
        "Rank %d: last entry record_id=310 collective_seq_id=%d nccl:_allgather_base state=completed"
        % (bad, seq - 1),
        "Rank %d: no entry for collective_seq_id=%d" % (bad, seq),
        "Rank %d stack at dump time (thread MainThread):" % bad,
        "  __next__ at /usr/local/lib/python3.12/site-packages/torch/utils/data/dataloader.py:701",
        "  _next_data at /usr/local/lib/python3.12/site-packages/torch/utils/data/dataloader.py:1448",
        "  _get_data at /usr/local/lib/python3.12/site-packages/torch/utils/data/dataloader.py:1402",
        "  get at /usr/lib/python3.12/multiprocessing/queues.py:113",
    ]
    b.add(hosts[0], "fr_analysis.txt", fr)
    h = hosts[bhi]
    boot = t0 - sec(86400 * 3)
    k = dmesg_boot_noise(boot, h, "up", rng)
    tt = t_hang - sec(31)
    k += [
        dmesg_up(tt, boot) + " nvme nvme1: I/O 837 (Read) QID 41 timeout, aborting",
        dmesg_up(tt + ms(2), boot) + " nvme nvme1: I/O 838 (Read) QID 41 timeout, aborting",
        dmesg_up(tt + sec(30), boot) + " nvme nvme1: I/O 837 QID 41 timeout, reset controller",
        dmesg_up(tt + sec(91), boot) + " nvme nvme1: Device not ready; aborting reset, CSTS=0x1",
        dmesg_up(tt + sec(91), boot) + " nvme nvme1: Removing after probe failure status: -19",
        dmesg_up(tt + sec(91), boot)
        + " I/O error, dev nvme1n1, sector 88123456 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 2",
        dmesg_up(tt + sec(92), boot) + " XFS (nvme1n1): log I/O error -5",
        dmesg_up(tt + sec(92), boot)
        + " XFS (nvme1n1): Filesystem has been shut down due to log error (0x2).",
        dmesg_up(tt + sec(250), boot)
        + " INFO: task pt_data_worker:%d blocked for more than 122 seconds."
        % (job.pids[h][bl] + 900),
    ]
    b.add(h, "dmesg.txt", k)
    b.set_label(
        "hang",
        "infrastructure",
        culprit(h, bad),
        "restart_without_node",
        "Flight recorder: every rank but 29 scheduled all-gather 4412; rank 29 (gpu-c-0406) never enqueued it and is "
        "stuck waiting on its dataloader, whose workers are blocked on the node-local NVMe cache that timed out and "
        "was removed (XFS shut down). The watchdog flood on 63 ranks is fallout.",
        "https://github.com/pytorch/tutorials/pull/3814",
        "Hang with flight-recorder analysis naming the missing rank; root cause is a local NVMe failure on that node.",
    )
    return b


# ============================================================================
@case
def c30(rng):
    b = Bundle("c30_hang_no_culprit_evidence")
    hosts = ["a100-2-17", "a100-2-18", "a100-2-19", "a100-2-20"]
    ips = ["10.2.0.17", "10.2.0.18", "10.2.0.19", "10.2.0.20"]
    t0 = T("2023-10-09 19:40:00")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="main.py",
        nccl_version="2.19.3+cuda12.2",
        kind="a100",
        rank_file=lambda hi, l, r: "%s-%d.err" % (hosts[hi], l),
        agent_file="%s.agent" % "torchrun",
    )
    job.startup()
    t = t0 + sec(200)
    for step in range(200, 41200, 200):
        t += sec(200 * 0.61 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(0, 0)].append("%s train step %d loss %.4f" % (iso(t), step, 1.8 - step * 0.00001))
    t_hang = t + sec(70)
    died = job.watchdog_cascade(t_hang, 331022, "ALLREDUCE", (88604672, 88604672), last_enq_delta=0)
    job.agents_after(died)
    job.emit()
    boot = t0 - sec(86400 * 5)
    for hi, h in enumerate(hosts):
        b.add(
            h,
            "dmesg.txt",
            dmesg_boot_noise(boot, h, "T", rng)
            + [
                dmesg_T(died[job.rank(hi, 0)] + sec(2))
                + " NVRM: Xid (PCI:0000:%s:00): 45, pid=%d, name=python, Ch 00000010"
                % (busid(l, "a100")[:2], job.pids[h][l])
                for l in (1, 4)
            ],
        )
    b.set_label(
        "hang",
        "infrastructure",
        None,
        "run_diagnostics",
        "All 32 ranks time out in the same all-reduce (SeqNum 331022) within a second of each other, each having "
        "enqueued it; no rank raised an error, no Xid other than teardown Xid 45, no IB errors and no stack dumps. "
        "Nothing names a culprit: run diagnostics (nccl-tests / dcgmi) before restarting.",
        "https://github.com/NVIDIA/nccl/issues/997",
        "Pure symmetric watchdog flood with no evidence; must not blame the first file or rank 0.",
    )
    return b


# ============================================================================
@case
def c31(rng):
    b = Bundle("c31_clean_run_scary_warnings")
    hosts = ["gpu-xe-21", "gpu-xe-14"]
    ips = ["10.30.0.21", "10.30.0.14"]
    t0 = T("2024-08-30 01:00:02")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train.py",
        nccl_version="2.21.5+cuda12.4",
        rank_file=lambda hi, l, r: "rank_%d.log" % r,
        agent_file="torchrun.log",
    )
    job.startup(
        warn_all=lambda hi, l, r, t: [
            "/usr/local/lib/python3.10/dist-packages/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed "
            "in the future and UntypedStorage will be the only storage class.",
            "  return self.fget.__get__(instance, owner)()",
            glog(
                t + sec(30),
                "W",
                "ProcessGroupNCCL.cpp:4172",
                "Warning: TORCH_NCCL_AVOID_RECORD_STREAMS is the default now, this "
                "environment variable is thus deprecated. (function operator())",
                rank=r,
                rng=rng,
            ),
        ]
    )
    t = t0 + sec(120)
    for step in range(100, 5100, 100):
        t += sec(100 * 1.21 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(0, 0)].append(
            "%s | INFO | step %5d/5000 | loss %.4f | lr %.3e"
            % (pylog(t), step, 3.2 - step * 0.00021, 1e-4)
        )
        if step == 2300:
            pp = job.pids[hosts[1]][3]
            job.logs[(1, 3)].append(
                "%s misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer gpu-xe-21<51422>"
                % nccl_prefix(hosts[1], pp, pp + 9, 3)
            )
            job.logs[(1, 3)].append(
                "%s NCCL INFO [Service thread] Connection closed by localRank 3"
                % nccl_prefix(hosts[1], pp, pp + 9, 3)
            )
    job.logs[(0, 0)].append(
        "%s | INFO | Training finished: 5000 steps. Final checkpoint saved to /ckpt/run-0830/step_5000"
        % pylog(t + sec(40))
    )
    t_end = t + sec(52)
    for (hi, l), lg in job.logs.items():
        r = job.rank(hi, l)
        lg.append(
            glog(
                t_end + ms(rng.randint(0, 700)),
                "W",
                "ProcessGroupNCCL.cpp:1250",
                "Warning: WARNING: process group has NOT "
                "been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call "
                "destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare "
                "cases this process can exit before this point and block the progress of another member of the process "
                "group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 "
                "(function operator())",
                rank=r,
                rng=rng,
            )
        )
    for hi, h in enumerate(hosts):
        job.agent[hi].append(
            glog_agent(
                t_end + sec(2),
                "I",
                job.agent_pid[h],
                "torch/distributed/elastic/agent/server/api.py:879",
                "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.",
            )
        )
        job.agent[hi].append(
            glog_agent(
                t_end + sec(3),
                "I",
                job.agent_pid[h],
                "torch/distributed/elastic/agent/server/api.py:932",
                "Done waiting for other agents. Elapsed: 0.4318 seconds",
            )
        )
    job.emit()
    boot = t0 - sec(86400 * 3)
    for hi, h in enumerate(hosts):
        k = dmesg_boot_noise(boot, h, "T", rng)
        k += [
            dmesg_T(t_end + sec(3))
            + " NVRM: Xid (PCI:0000:%s:00): 45, pid=%d, name=python, Ch 00000008"
            % (busid(l)[:2], job.pids[h][l])
            for l in range(0, 8, 3)
        ]
        if hi == 1:
            k.insert(
                4,
                dmesg_T(t0 + sec(5000))
                + " mlx5_core 0000:1a:00.0: mlx5_pcie_event:301:(pid 48): PCIe slot advertised sufficient power (75W).",
            )
            k.insert(
                5,
                dmesg_T(t0 + sec(5300))
                + " NVRM: Xid (PCI:0000:18:00): 92, pid='<unknown>', name=<unknown>, High single-bit ECC error rate",
            )
        b.add(h, "dmesg.txt", k)
    b.add(
        hosts[1],
        "nvidia-smi-q.txt",
        nvsmi_q(
            t_end + sec(60),
            [
                {"ecc": {"Volatile": {"sram_ce": 3}, "Aggregate": {"sram_ce": 17, "dram_ce": 2}}}
                if i == 0
                else {}
                for i in range(8)
            ],
        ),
    )
    b.add(
        hosts[0],
        "sacct.txt",
        [
            "       JobID    JobName      State ExitCode    Elapsed",
            "------------ ---------- ---------- -------- ----------",
            "     7781201   llm-1p3b  COMPLETED      0:0   %s"
            % str(t_end - t0 + sec(40)).split(".")[0],
            "7781201.bat+      batch  COMPLETED      0:0   %s"
            % str(t_end - t0 + sec(40)).split(".")[0],
            "   7781201.0   torchrun  COMPLETED      0:0   %s"
            % str(t_end - t0 + sec(9)).split(".")[0],
        ],
    )
    b.set_label(
        "unknown",
        "framework",
        None,
        "none",
        "The run reached step 5000, saved its final checkpoint and every agent reports the worker group finished "
        "successfully (sacct COMPLETED 0:0). destroy_process_group warnings, a mid-run socket-closed NCCL warning, "
        "teardown Xid 45 and a single-bit ECC rate notice with only corrected errors are all benign.",
        "https://github.com/pytorch/pytorch/issues/126275",
        "Clean run full of scary-looking warnings; nothing to act on.",
    )
    return b


# ============================================================================
@case
def c32(rng):
    b = Bundle("c32_clean_run_lightning_slurm")
    hosts = ["jwb0917", "jwb0955"]
    t0 = T("2024-04-16 17:00:11")
    out = [
        "GPU available: True (cuda), used: True",
        "TPU available: False, using: 0 TPU cores",
        "/p/software/lightning/pytorch/trainer/connectors/accelerator_connector.py:551: The `srun` command is available on your "
        "system but is not used. HINT: If your intention is to run Lightning on SLURM, prepend your python command with `srun` "
        "like so: srun python train.py ...",
        "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/8",
        "----------------------------------------------------------------------------------------------------",
        "distributed_backend=nccl",
        "All distributed processes registered. Starting with 8 processes",
        "----------------------------------------------------------------------------------------------------",
        "",
        "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]",
        "  | Name  | Type          | Params | Mode ",
        "------------------------------------------------",
        "0 | model | UNet3DModel   | 412 M  | train",
        "------------------------------------------------",
        "/p/software/lightning/pytorch/trainer/connectors/logger_connector/result.py:431: It is recommended to use "
        "`self.log('val/dice', ..., sync_dist=True)` when logging on epoch level in distributed setting to accumulate the "
        "metric across devices.",
    ]
    t = t0 + sec(90)
    for ep in range(0, 20):
        for frac in (25, 50, 75, 100):
            t += sec(240 * 0.25)
            n = 1000 * frac // 100
            out.append(
                "Epoch %d: %3d%%|%s| %d/1000 [%02d:%02d<%02d:%02d, %.2fit/s, v_num=4, train/loss=%.3f]"
                % (
                    ep,
                    frac,
                    "█" * (frac // 10) + " " * (10 - frac // 10),
                    n,
                    (n * 0.24) // 60,
                    int(n * 0.24) % 60,
                    ((1000 - n) * 0.24) // 60,
                    int((1000 - n) * 0.24) % 60,
                    4.16,
                    0.61 - ep * 0.02,
                )
            )
    out.append("`Trainer.fit` stopped: `max_steps=20000` reached.")
    b.add(hosts[0], "slurm-10447512.out", out)
    b.add(
        hosts[0],
        "slurm-10447512.err",
        [
            "[W socket.cpp:663] [c10d] The client socket has failed to connect to [jwb0917.juwels]:29500 (errno: 111 - Connection refused).",
            "[W socket.cpp:663] [c10d] The client socket has failed to connect to [jwb0917.juwels]:29500 (errno: 111 - Connection refused).",
            "wandb: Network error (ReadTimeout), entering retry loop.",
            "wandb: 🚀 View run ruby-sun-4 at: https://wandb.ai/acme/unet3d/runs/k2j4",
        ],
    )
    t_end = t + sec(20)
    boot = t0 - sec(86400 * 9)
    for hi, h in enumerate(hosts):
        b.add(
            h,
            "kern.log",
            [
                journald(boot + sec(40), h)
                + " nvidia-nvlink: Nvlink Core is being initialized, major device number 507"
            ]
            + [
                journald(t_end + sec(1), h)
                + " NVRM: Xid (PCI:0000:%02x:00): 45, pid=%d, name=python, Ch 0000000%d"
                % (0x03 + 0x40 * l, 71000 + hi * 300 + l, l + 1)
                for l in range(4)
            ],
        )
    b.add(
        hosts[1],
        "sacct.txt",
        [
            "JobID|State|ExitCode|Elapsed",
            "10447512|COMPLETED|0:0|%s" % str(t_end - t0).split(".")[0],
            "10447512.batch|COMPLETED|0:0|%s" % str(t_end - t0).split(".")[0],
        ],
    )
    b.set_label(
        "unknown",
        "framework",
        None,
        "none",
        "Lightning reports '`Trainer.fit` stopped: `max_steps=20000` reached' and Slurm marks the job COMPLETED 0:0. "
        "Connection-refused retries at startup, a wandb network retry and Xid 45 at process exit are normal.",
        "https://github.com/NVIDIA/NVSentinel/issues/1748",
        "Clean Lightning run with only a launcher console and kernel logs; Xid 45 at exit must not be read as a fault.",
    )
    return b
