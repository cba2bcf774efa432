"""Hang, straggler and clean-run cases."""

from common import (Bundle, T, plus, st_bracket, st_c10, st_ctime, st_dmesg_T, st_glog, st_journal, st_pylog,
                    st_slurm)
from gen import (dcgm_diag_json, megatron_iters, nccl_init, nvsmi_table, pyspy, titan_steps, watchdog_timeout)
from scaffold import kernel_noise_dmesg_T, torchrun_head, torchrun_tail

H100_BUS = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
            "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]


def _pfx(rank, lines):
    return [f"[rank{rank}]:{ln}" for ln in lines]


# ==========================================================================
# d04: one rank never enqueues the collective (flight recorder), no HW signal
# ==========================================================================

def d04():
    b = Bundle("d04_stuck_at_same_step_no_errors_until_timeout")
    rng = b.rng
    nodes = [f"xe9680-{i:03d}" for i in range(1, 17)]
    culprit, cidx, lr_bad = "xe9680-011", 10, 6
    crank = cidx * 8 + lr_bad
    seq = 18211
    t0 = T("2025-04-02 18:00:00.000000")
    tlast = T("2025-04-03 01:52:40.000000")        # last completed step
    tto = plus(tlast, 601.2)
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=16, nproc=8, endpoint="xe9680-001:29500",
                                          run_id="llm-70b-dp16", node_idx=idx)
        if idx == 0:
            st, _ = titan_steps(plus(tlast, -100), 36400, 10, 1.0, rng=rng, loss0=1.61, every=10,
                                mem="70.11GiB(88.52%)", tps=3120, tflops=401.2, mfu=40.6)
            lines += st
        if host == culprit:
            for lr in range(8):
                if lr != lr_bad and lr in (0, 3):
                    lines += watchdog_timeout(idx * 8 + lr, plus(tto, rng.uniform(0, 1)), seq=seq, op="ALLREDUCE",
                                              numel=25165824)
            lines.append(f"{st_glog(plus(tto, 6.0), 'W')} {apid} torch/distributed/elastic/agent/server/api.py:704] "
                         f"Received Signals.SIGTERM death signal, shutting down workers")
            lines += [f"{st_glog(plus(tto, 6.1 + 0.001 * k), 'W')} {apid} torch/distributed/elastic/multiprocessing/"
                      f"api.py:897] Sending process {p} closing signal SIGTERM" for k, p in enumerate(pids)]
            lines.append(f"{st_glog(plus(tto, 36.1), 'W')} {apid} torch/distributed/elastic/multiprocessing/api.py:916] "
                         f"Unable to shutdown process {pids[lr_bad]} via Signals.SIGTERM, forcefully exiting via "
                         f"Signals.SIGKILL")
        else:
            lr = rng.randint(0, 7)
            tt = plus(tto, rng.uniform(0, 1.8))
            lines += watchdog_timeout(idx * 8 + lr, tt, seq=seq, op="ALLREDUCE", numel=25165824)
            lines += _pfx(idx * 8 + lr, [f"[{st_c10(plus(tt, 0.002))} ProcessGroupNCCL.cpp:1314] [PG ID 0 PG GUID "
                                         f"0(default_pg) Rank {idx * 8 + lr}] Dumping flight recorder to "
                                         f"/scratch/fr/nccl_trace_rank_{idx * 8 + lr}"])
            lines += torchrun_tail(host, plus(tt, 1.2), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="train.py", failed=[lr])
        b.add(f"{host}/std.log", lines)
        if host == culprit:
            b.add(f"{host}/py-spy-dump-rank{crank}.txt", pyspy(
                pids[lr_bad], "/usr/bin/python3 -u -m torchtitan.train --job.config_file llama70b.toml",
                [(pids[lr_bad], "active+gil", "MainThread",
                  ["_multi_tensor_adamw (torch/optim/adamw.py:598)",
                   "adamw (torch/optim/adamw.py:776)",
                   "step (torch/optim/adamw.py:220)",
                   "wrapper (torch/optim/optimizer.py:487)",
                   "train_step (torchtitan/train.py:412)",
                   "train (torchtitan/train.py:451)",
                   "<module> (torchtitan/train.py:533)"]),
                 (pids[lr_bad] + 312, "idle", "Thread-4 (_pin_memory_loop)",
                  ["select (selectors.py:415)", "wait (multiprocessing/connection.py:1136)", "get (queue.py:180)"])]))
            rows = [(H100_BUS[i], 47 + rng.randint(0, 4), "P0", 130 + rng.randint(0, 20), 71890, 0, "0")
                    for i in range(8)]
            rows[lr_bad] = (H100_BUS[lr_bad], 55, "P0", 312, 72011, 100, "0")
            b.add(f"{host}/nvidia-smi.txt", nvsmi_table(plus(tto, 2), rows))
            b.add(f"{host}/dcgmi-diag-r2.json", dcgm_diag_json(list(range(8)), {}, level=2))
            b.add(f"{host}/dmesg-T.txt", kernel_noise_dmesg_T(plus(t0, -7200), host, rng, n=3))
    fr = [f"$ python -m torch.distributed.flight_recorder.fr_trace /scratch/fr -p nccl_trace_rank_ --allow-incomplete-ranks",
          "loaded 127 of 128 rank dumps (missing: [86] -- rank killed before it could dump)",
          "",
          f"Not all ranks joining collective {seq} at entry 911",
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          f"missing ranks: {{{crank}}}",
          "input sizes: [[25165824]]",
          "output sizes: [[25165824]]",
          "expected ranks: 128",
          "collective state: scheduled",
          "collective stack trace:",
          "  all_reduce at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:2501",
          "  clip_grad_norm_ at /workspace/torchtitan/torchtitan/distributed/utils.py:318",
          "  train_step at /workspace/torchtitan/torchtitan/train.py:405",
          "",
          f"last collective completed by rank {crank}: {seq - 1} (nccl:reduce_scatter)",
          "no other mismatches found"]
    b.add("xe9680-001/fr_trace_report.txt", fr)
    b.set_label("hang", "infrastructure", culprit, crank, "run_diagnostics",
                "127 of 128 ranks timed out in all-reduce 18211 and the flight recorder names rank 86 on xe9680-011 as "
                "the only rank that never joined; py-spy shows it still inside the optimizer step with its GPU at 100%, "
                "yet there is no Xid, the DCGM level-2 diag passes and nvidia-smi is clean, so the node needs diagnostics.",
                "https://github.com/marin-community/marin/issues/7344")
    b.summary = "16 nodes; flight recorder names one missing rank; no hardware evidence -> run_diagnostics"
    return b


# ==========================================================================
# d21: every rank stuck in the same all-reduce, RAS healthy, no suspect
# ==========================================================================

def d21():
    b = Bundle("d21_all_ranks_timed_out_together")
    rng = b.rng
    nodes = [f"h100-pod-a-{i:02d}" for i in range(1, 7)]
    accused = "h100-pod-a-04"
    seq = 9912
    t0 = T("2025-06-10 02:00:00.000000")
    tstall = T("2025-06-10 04:31:12.000000")
    tto = plus(tstall, 1800.1)
    ip = {n: f"10.3.0.{11 + i}" for i, n in enumerate(nodes)}
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=6, nproc=8, endpoint="h100-pod-a-01:29500",
                                          run_id="asr-ctc", node_idx=idx, nccl=True, local=[0],
                                          nccl_kw={"version": "2.26.2+cuda12.4", "oob": f"eth0:{ip[host]}<0>"})
        if idx == 0:
            t = plus(tstall, -160)
            for k in range(8):
                t = plus(t, 19.7)
                lines.append(f"[rank0]:{st_pylog(t)} trainer INFO step={9880 + 4 * k} wer_ema=0.0871 loss=0.4122 "
                             f"it/s=0.203")
        lrs = sorted(rng.sample(range(8), 2))
        for lr in lrs:
            r = idx * 8 + lr
            tt = plus(tto, rng.uniform(0, 1.2))
            lines += watchdog_timeout(r, tt, seq=seq, op="ALLREDUCE", numel=41943040, timeout_ms=1800000)
            if host != accused and lr == lrs[0]:
                lines += _pfx(r, [f"{host}:{pids[lr]}:{pids[lr] + 211} [{lr}] transport/net_ib.cc:2047 NCCL WARN NET/IB : "
                                  f"Got completion from peer {ip[accused]}<{rng.randint(40000, 60000)}> with status=5 "
                                  f"opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:{ip[host]} remoteGids::ffff:"
                                  f"{ip[accused]}"])
            lines.append(f"[rank{r}]:[{st_c10(plus(tt, 3.0), 'W')} ProcessGroupNCCL.cpp:1250] Warning: WARNING: "
                         f"process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program "
                         f"exit, the application should call destroy_process_group to ensure that any pending NCCL "
                         f"operations have finished in this process. In rare cases this process can exit before this "
                         f"point and block the progress of another member of the process group. This constraint has "
                         f"always been present,  but this warning has only been added since PyTorch 2.4 (function "
                         f"operator())")
        lines += torchrun_tail(host, plus(tto, 3.5), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                               script="train_asr.py", failed=lrs)
        b.add(f"{host}/{'train' if idx % 2 else 'stdout'}.log", lines)
    ras = ["$ ncclras   (run on h100-pod-a-01 at " + f"{plus(tstall, 1500):%H:%M:%S}" + ", 25 min into the stall)",
           "NCCL version 2.26.2 compiled with CUDA 12.4",
           "CUDA runtime version 12040, driver version 12040", "",
           "Job summary", "===========", "",
           "  Nodes  Processes         GPUs  Processes     GPUs",
           "(total)   per node  per process    (total)  (total)",
           "      6          8            1         48       48", "",
           "Communicators... (0.01s)", "=============", "",
           "Group     Comms     Nodes     Ranks     Ranks     Ranks    Status  Errors",
           "    #  in group  per comm  per node  per comm  in group",
           "    0         1         6         8        48        48   RUNNING      OK", "",
           "Errors", "======", "", "Warnings", "========", ""]
    b.add("h100-pod-a-01/ncclras.txt", ras)
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /scratch/fr_asr -p nccl_trace_rank_",
          "loaded 48 of 48 rank dumps",
          f"collective {seq} (nccl:all_reduce, default_pg): all 48 ranks entered, state=started on every rank",
          "no missing ranks, no mismatched collectives, no size mismatches"]
    b.add("h100-pod-a-01/fr_trace_report.txt", fr)
    b.add(f"{accused}/ibstat.txt", sum([[f"CA 'mlx5_{i}'", "\tCA type: MT4129", "\tNumber of ports: 1",
                                         "\tFirmware version: 28.39.2048", "\tPort 1:", "\t\tState: Active",
                                         "\t\tPhysical state: LinkUp", "\t\tRate: 400", "\t\tLink layer: InfiniBand"]
                                        for i in range(4)], []))
    b.add(f"{accused}/perfquery-errors.txt", [f"# Port counters: Lid {210 + i} port 1" for i in range(1)] +
          ["SymbolErrorCounter:..............0", "LinkErrorRecoveryCounter:........0", "LinkDownedCounter:...............0",
           "PortRcvErrors:...................0", "PortXmitDiscards:................0", "LocalLinkIntegrityErrors:........0",
           "ExcessiveBufferOverrunErrors:....0", "PortXmitWait:....................1840"])
    b.add(f"{accused}/dmesg.txt", kernel_noise_dmesg_T(plus(t0, -7200), accused, rng, n=3))
    b.set_label("hang", "infrastructure", None, None, "restart",
                "All 48 ranks timed out in the same all-reduce (seq 9912) and the flight recorder shows every rank "
                "entered it; NCCL RAS reports the communicator healthy, and the WR-flushed (status=5) errors naming "
                "h100-pod-a-04 only appear after the aborts while its ports and counters are clean, so there is no suspect.",
                "https://github.com/NVIDIA/nccl/issues/1730")
    b.summary = "hang with no suspect; status=5 flush errors accuse an innocent node; RAS healthy"
    return b


# ==========================================================================
# d12: one node left on the powersave governor -> straggler
# ==========================================================================

def _straggler_line(t, slow, rng):
    # Megatron straggler-detector style summary (rank with min/max values)
    return (f" {st_bracket(t)} | MnRtt/Rnk: {3390 + rng.randint(0, 30)}.{rng.randint(10, 99)}ms/{rng.randint(0, 15)} | "
            f"MxRtt/Rnk: {5180 + rng.randint(0, 60)}.{rng.randint(10, 99)}ms/{slow[rng.randint(0, len(slow) - 1)]} | "
            f"MnPwr/Rnk: {398 + rng.randint(0, 9)}.00W/{slow[rng.randint(0, len(slow) - 1)]} | "
            f"MxPwr/Rnk: {681 + rng.randint(0, 9)}.00W/{rng.randint(16, 31)} | "
            f"MnTmp/Rnk: 39.00C/{slow[0]} | MxTmp/Rnk: {60 + rng.randint(0, 3)}.00C/{rng.randint(0, 15)} | "
            f"MnUtl/Rnk: {70 + rng.randint(0, 4)}.00%/{slow[rng.randint(0, len(slow) - 1)]} | "
            f"MxUtl/Rnk: 99.00%/{rng.randint(0, 31)} | MnClk/Rnk: 1980.00MHz/0 | MxClk/Rnk: 1980.00MHz/0 | "
            f"MnDRtt/Rnk: {11 + rng.randint(0, 3)}.{rng.randint(10, 99)}ms/{rng.randint(0, 31)} | "
            f"MxDRtt/Rnk: {301 + rng.randint(0, 20)}.{rng.randint(10, 99)}ms/{slow[rng.randint(0, len(slow) - 1)]} | "
            f"MnEtpt/Rnk: {141 + rng.randint(0, 2)}.{rng.randint(10, 99)}TF/{slow[rng.randint(0, len(slow) - 1)]} | "
            f"MxEtpt/Rnk: {196 + rng.randint(0, 2)}.{rng.randint(10, 99)}TF/{rng.randint(0, 31)}")


def d12():
    b = Bundle("d12_one_node_makes_every_step_slow")
    rng = b.rng
    nodes = [f"xd670-{i}" for i in range(14, 22)]
    culprit, cidx = "xd670-19", 5
    slow = [cidx * 8 + i for i in range(8)]
    jobid = 3345
    t0 = T("2025-03-11 06:00:00.000000")
    tc = T("2025-03-11 10:40:00.000000")
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=8, nproc=8, endpoint="xd670-14:29500",
                                          run_id="gpt-20b", node_idx=idx)
        if idx == 7:
            it, t = megatron_iters(plus(tc, -660), 4200, 12, 5.2, rng=rng, interval=10, loss0=2.31, gbs=1536)
            for k, ln in enumerate(it):
                lines.append(f"[rank63]:{ln}")
                if k % 3 == 2:
                    lines.append(f"[rank63]:{_straggler_line(plus(tc, -660 + 52 * (k + 1)), slow, rng)}")
                    worst = sorted(rng.sample(slow, 4))
                    lines.append(f"[rank63]: ^^^^ Bottom 4 Ranks with lowest  Etpt(TF): " +
                                 ", ".join(f"{r}: {141 + rng.random() * 2:.2f}" for r in worst))
                    lines.append(f"[rank63]: ^^^^ Top    4 Ranks with highest Etpt(TF): " +
                                 ", ".join(f"{r}: {196 + rng.random() * 2:.2f}" for r in sorted(rng.sample(range(16), 4))))
            lines.append(f"[rank63]:  (min, max) time across ranks (ms):")
            lines.append("[rank63]:     forward-backward ...............................: (3391.12, 5203.77)")
            lines.append("[rank63]:     batch-generator ................................: (10.81, 318.44)")
        lines.append(f"slurmstepd: error: *** STEP {jobid}.0 ON {host} CANCELLED AT {tc:%Y-%m-%dT%H:%M:%S} ***")
        b.add(f"{host}/megatron-{jobid}-{idx}.log", lines)
        if host == culprit:
            b.add(f"{host}/cpupower-frequency-info.txt", [
                "analyzing CPU 0:", "  driver: intel_pstate", "  CPUs which run at the same hardware frequency: 0",
                "  CPUs which need to have their frequency coordinated by software: 0",
                "  maximum transition latency:  Cannot determine or is not supported.",
                "  hardware limits: 800 MHz - 3.80 GHz", "  available cpufreq governors: performance powersave",
                "  current policy: frequency should be within 800 MHz and 3.80 GHz.",
                "                  The governor \"powersave\" may decide which speed to use",
                "                  within this range.",
                "  current CPU frequency: 801 MHz (asserted by call to kernel)", "  boost state support:",
                "    Supported: yes", "    Active: no"])
            b.add(f"{host}/scaling_governor.txt", [f"/sys/devices/system/cpu/cpu{c}/cpufreq/scaling_governor: powersave"
                                                   for c in range(0, 112, 16)] +
                  ["# tuned-adm active: Current active profile: powersave (reset by BIOS update 2025-03-10)"])
        else:
            b.add(f"{host}/cpupower-frequency-info.txt", [
                "analyzing CPU 0:", "  driver: intel_pstate", "  hardware limits: 800 MHz - 3.80 GHz",
                "  available cpufreq governors: performance powersave",
                "  current policy: frequency should be within 800 MHz and 3.80 GHz.",
                "                  The governor \"performance\" may decide which speed to use",
                "                  within this range.",
                f"  current CPU frequency: {3390 + rng.randint(0, 60)} MHz (asserted by call to kernel)",
                "  boost state support:", "    Supported: yes", "    Active: yes"])
        rows = [(H100_BUS[i], 41 + rng.randint(0, 15), "P0", (400 if host == culprit else 660) + rng.randint(0, 20),
                 70112, 72 if host == culprit else 98, "0") for i in range(8)]
        b.add(f"{host}/nvidia-smi.txt", nvsmi_table(plus(tc, -300), rows))
    b.set_label("straggler", "infrastructure", culprit, None, "restart_without_node",
                "Megatron's straggler report always puts ranks 40-47 (all of xd670-19) at the bottom with long data "
                "times and low GPU utilisation, while its GPUs show no clock or thermal limit; xd670-19 alone runs the "
                "'powersave' governor at 800 MHz with boost off, so every step waits for that node.",
                "https://github.com/taskcluster/docker-worker/pull/459")
    b.summary = "straggler with host evidence only in node-level cpupower files; user cancelled"
    return b


# ==========================================================================
# d30: a leftover process from another user's job shares one GPU
# ==========================================================================

def d30():
    b = Bundle("d30_throughput_halved_since_tuesday")
    rng = b.rng
    nodes = ["g4-node-04", "g4-node-05", "g4-node-06", "g4-node-07"]
    culprit, cidx, lr_bad = "g4-node-07", 3, 3
    crank = cidx * 8 + lr_bad
    jobid = 80211
    t0 = T("2024-11-12 08:00:00.000000")
    tc = T("2024-11-12 13:05:00.000000")
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=4, nproc=8, endpoint="g4-node-04:29500",
                                          run_id="llava-ft", node_idx=idx)
        if idx == 0:
            it, _ = megatron_iters(plus(tc, -400), 3100, 10, 3.72, rng=rng, interval=10, loss0=0.82, gbs=256,
                                   total=20000)
            lines += _pfx(0, it)
            lines += _pfx(0, ["  (min, max) time across ranks (ms):",
                              "     forward-backward ...............................: (1790.40, 3702.18)",
                              "     forward-compute ................................: (601.22, 1688.03)",
                              "     backward-compute ...............................: (1170.81, 2001.56)",
                              "     all-grads-sync .................................: (8.90, 1899.02)",
                              f" [{tc:%Y-%m-%d %H:%M:%S}] rank {crank} is the slowest in forward-compute for the last "
                              f"10 logging intervals"])
        lines.append(f"slurmstepd: error: *** JOB {jobid} ON {host} CANCELLED AT {tc:%Y-%m-%dT%H:%M:%S} ***")
        b.add(f"{host}/job{jobid}_{host}.log", lines)
        rows = [(H100_BUS[i], 52 + rng.randint(0, 8), "P0", 540 + rng.randint(0, 60), 61200, 97, "0") for i in range(8)]
        procs = [(i, pids[i], "/usr/bin/python3", "61150") for i in range(8)]
        if host == culprit:
            rows[lr_bad] = (H100_BUS[lr_bad], 71, "P0", 699, 61200 + 18022, 100, "0")
            procs.insert(lr_bad + 1, (lr_bad, 991201, "python3 eval_harness.py", "18022"))
        b.add(f"{host}/nvidia-smi.txt", nvsmi_table(plus(tc, -200), rows, procs=procs))
    b.add(f"{culprit}/ps-foreign.txt", [
        "    USER      PID    PPID     ELAPSED STAT CMD",
        "   mkhan   991201       1  2-03:11:09 Sl   python3 eval_harness.py --model ckpt/rm-13b --tasks mmlu,gsm8k"])
    b.add(f"{culprit}/slurmd.log", [
        f"{st_slurm(T('2024-11-10 09:53:51.112000'))} [79880.batch] error: *** JOB 79880 ON g4-node-07 CANCELLED AT "
        f"2024-11-10T09:53:51 ***",
        f"{st_slurm(T('2024-11-10 09:54:52.480000'))} [79880.extern] error: Failed to kill pid 991201 in cgroup "
        f"/slurm/uid_40611/job_79880: process is not in the job's cgroup (reparented to init)",
        f"{st_slurm(T('2024-11-10 09:54:53.010000'))} epilog for job 79880 ran for 1 seconds",
        f"{st_slurm(t0)} launch task StepId={jobid}.0 request from UID:41022 GID:41022 HOST:10.4.0.4 PORT:40122"])
    b.set_label("straggler", "infrastructure", culprit, crank, "restart_without_node",
                "Rank 27 (GPU 3 of g4-node-07) is consistently the slowest in forward-compute; nvidia-smi shows a second "
                "process, another user's eval_harness.py left over from job 79880 two days earlier, using 18 GB and the "
                "same GPU at 100%. The leftover process on that node makes it a straggler.",
                "https://github.com/microsoft/pai/issues/5528")
    b.summary = "foreign leftover process on one GPU (nvidia-smi + slurmd epilog); straggler with node evidence"
    return b


# ==========================================================================
# d09: clean torchtitan run with harmless noise
# ==========================================================================

def d09():
    b = Bundle("d09_finished_want_to_confirm_nothing_wrong")
    rng = b.rng
    nodes = ["tt-node-1", "tt-node-2", "tt-node-3", "tt-node-4"]
    t0 = T("2025-06-16 20:00:00.000000")
    tend = T("2025-06-17 03:41:10.000000")
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=4, nproc=8, endpoint="tt-node-1:29500",
                                          run_id="llama3-8b-c4", node_idx=idx, nccl=True, local=[0],
                                          nccl_kw={"version": "2.21.5+cuda12.4", "oob": f"eth0:10.0.7.{21 + idx}<0>"})
        if idx == 0:
            st, t = titan_steps(plus(tend, -160), 9870, 14, 1.0, rng=rng, loss0=2.31, every=10)
            lines += st
            lines += [f"[rank0]:[titan] {st_pylog(plus(tend, -15))} - root - INFO - Saving the checkpoint (or staging "
                      f"if async is enabled).",
                      f"[rank0]:[titan] {st_pylog(plus(tend, -2))} - root - INFO - Finished saving the checkpoint (or "
                      f"staging if async is enabled)in 12.88 seconds.",
                      f"[rank0]:[titan] {st_pylog(plus(tend, -1))} - root - INFO - Sleeping 2 seconds for other ranks "
                      f"to complete",
                      f"[rank0]:[titan] {st_pylog(tend)} - root - INFO - Training completed"]
        if idx == 2:
            lines.append(f"[rank19]:[{st_c10(plus(tend, 1.5), 'W')} ProcessGroupNCCL.cpp:1250] Warning: WARNING: process "
                         f"group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the "
                         f"application should call destroy_process_group to ensure that any pending NCCL operations have "
                         f"finished in this process. In rare cases this process can exit before this point and block the "
                         f"progress of another member of the process group. This constraint has always been present,  "
                         f"but this warning has only been added since PyTorch 2.4 (function operator())")
        lines += [f"{st_glog(plus(tend, 3.0), 'I')} {apid} torch/distributed/elastic/agent/server/api.py:879] [default] "
                  f"worker group successfully finished. Waiting 300 seconds for other agents to finish.",
                  f"{st_glog(plus(tend, 3.0), 'I')} {apid} torch/distributed/elastic/agent/server/api.py:932] Local "
                  f"worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish",
                  f"{st_glog(plus(tend, 3.9), 'I')} {apid} torch/distributed/elastic/agent/server/api.py:946] Done "
                  f"waiting for other agents. Elapsed: {0.5 + rng.random():.4f} seconds"]
        b.add(f"{host}/titan.log", lines)
        dm = kernel_noise_dmesg_T(plus(t0, -3600), host, rng, n=3)
        if idx == 1:
            dm.append(f"{st_dmesg_T(plus(t0, 9000))} EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#3_DIMM#0 "
                      f"(channel:3 slot:0 page:0x9c11f offset:0x140 grain:32 syndrome:0x0 - err_code:0x0000:0x009f "
                      f"socket:0 imc:0 rank:1 bg:0 ba:3 row:0x4e08 col:0x140)")
            dm.append(f"{st_dmesg_T(plus(t0, 9000))} mce: [Hardware Error]: Machine check events logged")
        b.add(f"{host}/dmesg.log", dm)
    b.add("tt-node-1/sacct.txt", ["JobID           JobName      State ExitCode    Elapsed",
                                  "------------ ---------- ---------- -------- ----------",
                                  "5521044      titan-8b  COMPLETED      0:0   07:41:15",
                                  "5521044.0    torchrun  COMPLETED      0:0   07:41:12"])
    b.set_label("unknown", "framework", None, None, "none",
                "The run reached 'Training completed', every agent reports WorkerState.SUCCEEDED and sacct shows "
                "COMPLETED 0:0; the corrected EDAC error, the NCCL plugin notice and the destroy_process_group warning "
                "are harmless.",
                "https://github.com/pytorch/torchtitan/pull/1287")
    b.summary = "clean torchtitan run with corrected EDAC, plugin notice and destroy_process_group warning"
    return b


# ==========================================================================
# d34: clean DeepSpeed (pdsh) run with a benign Xid 63 and ZeRO warnings
# ==========================================================================

def d34():
    b = Bundle("d34_run_completed_but_logs_look_scary")
    rng = b.rng
    nodes = ["ds-a-01", "ds-a-02", "ds-a-03"]
    t0 = T("2024-08-05 01:00:02.000000")
    tend = T("2024-08-05 06:59:06.000000")
    for idx, host in enumerate(nodes):
        lines = []
        tt = plus(t0, 3.0 + 0.1 * idx)
        lines += [f"{host}: [{st_pylog(tt)}] [INFO] [launch.py:146:main] WORLD INFO DICT: {{'ds-a-01': [0, 1, 2, 3, 4, "
                  f"5, 6, 7], 'ds-a-02': [0, 1, 2, 3, 4, 5, 6, 7], 'ds-a-03': [0, 1, 2, 3, 4, 5, 6, 7]}}",
                  f"{host}: [{st_pylog(tt)}] [INFO] [launch.py:152:main] nnodes=3, num_local_procs=8, node_rank={idx}",
                  f"{host}: [{st_pylog(tt)}] [INFO] [launch.py:164:main] dist_world_size=24"]
        if idx == 0:
            pid = rng.randint(20000, 80000)
            lines += [f"{host}: " + ln for ln in nccl_init(host, pid, 0, 0, 24, rng=rng, version="2.20.5+cuda12.4",
                                                        oob=f"ens8f0:10.2.4.11<0>")]
            t = plus(t0, 600)
            step = 10
            while t < plus(tend, -400):
                t = plus(t, 60.5)
                if step % 800 == 0:
                    lines.append(f"{host}: [{st_pylog(t)}] [WARNING] [stage3.py:2069:step] 2 pytorch allocator cache "
                                 f"flushes since last step. this happens when there is high memory pressure and is "
                                 f"detrimental to performance. if this is happening frequently consider adjusting "
                                 f"settings to reduce memory consumption. If you are unable to make the cache flushes go "
                                 f"away consider adding get_accelerator().empty_cache() calls in your training loop to "
                                 f"ensure that all ranks flush their caches at the same time")
                if step % 200 == 0:
                    lines.append(f"{host}: [{st_pylog(t)}] [INFO] [logging.py:96:log_dist] [Rank 0] step={step}, "
                                 f"skipped=0, lr=[1.6e-05], mom=[(0.9, 0.95)]")
                    lines.append(f"{host}: {{'loss': {1.52 - step * 0.00012:.4f}, 'grad_norm': {0.9 - step * 0.0001:.4f}, "
                                 f"'learning_rate': 1.6e-05, 'epoch': {step / 1190:.2f}}}")
                step += 10
            lines += [f"{host}: {{'train_runtime': 21544.1231, 'train_samples_per_second': 11.402, "
                      f"'train_steps_per_second': 0.166, 'train_loss': 1.1218, 'epoch': 3.0}}",
                      f"{host}: [{st_pylog(plus(tend, -30))}] [INFO] [engine.py:3551:_save_zero_checkpoint] "
                      f"zero checkpoint saved /out/qwen-14b-sft/checkpoint-3570/global_step3570/"
                      f"bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt"]
        for lr in range(8):
            lines.append(f"{host}: [{st_pylog(plus(tend, 0.2 * lr))}] [INFO] [launch.py:351:main] Process "
                         f"{rng.randint(20000, 80000)} exits successfully.")
        b.add(f"{host}/deepspeed.out", lines)
        dm = kernel_noise_dmesg_T(plus(t0, -3600), host, rng, n=3)
        if idx == 2:
            dm.append(f"{st_dmesg_T(plus(t0, 7300))} NVRM: Xid (PCI:0000:9a:00): 63, pid='<unknown>', name=<unknown>, "
                      f"Row Remapper: New row (0x00000003f21a0c60) marked for remapping, reset gpu to activate.")
        b.add(f"{host}/dmesg-T.txt", dm)
    b.add("ds-a-01/sacct.txt", ["JobID           JobName      State ExitCode    Elapsed",
                                "------------ ---------- ---------- -------- ----------",
                                "2210988      qwen-sft   COMPLETED      0:0   05:59:09"])
    b.set_label("unknown", "framework", None, None, "none",
                "All 24 processes exit successfully after epoch 3.0 with train_runtime reported and sacct shows "
                "COMPLETED; the ZeRO-3 cache-flush warnings and the single Xid 63 (a row marked for remapping, not an "
                "error) did not stop the run.",
                "https://github.com/huggingface/transformers/issues/22689")
    b.summary = "clean DeepSpeed/pdsh run with benign Xid 63 and ZeRO-3 allocator warnings"
    return b


CASES = (d04, d21, d12, d30, d09, d34)
