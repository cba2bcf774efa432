"""ao26-ao30: hangs, stragglers and a clean run."""
from datetime import timedelta

from common import (Bundle, Log, Node, T, H100_BUS, benign_kernel, f_date_cmd, f_pylog, f_pylog_br, f_glog_py, f_c10,
                    f_iso, f_nemo, kline, make_nodes, megatron_iter, py_traceback, rng_for, sec, smi_gpu_q, smi_header,
                    smi_table, titan_step, bar, hms, child_failed)
from jobs import TorchrunJob


def smi_perf_only(g, bus, rng, temp=None, clock=1980, hw_slow="Not Active", hw_thermal="Not Active", power=None, util=None, procs=None):
    full = smi_gpu_q(g, bus, rng, temp=temp, sm_clock=clock, hw_slow=hw_slow, hw_thermal=hw_thermal, power=power, util=util, procs=procs)
    keep, on = [], True
    for line in full:
        if line.startswith("    ECC Mode") or line.startswith("    Retired Pages") or line.startswith("    Remapped Rows"):
            on = False
        elif line.startswith("    ") and not line.startswith("        ") and not line.startswith("    ECC Errors"):
            on = True
        if on:
            keep.append(line)
    return keep


# =============================================================================
# ao26  silent hang: every rank times out on the same collective, no other evidence
# =============================================================================
def ao26():
    name = "ao26_no_step_logs_for_30min_then_timeouts_everywhere"
    rng = rng_for(name)
    b = Bundle(name)
    sfx = ["xk2w", "9hqd", "m4tz", "p0rc", "w7bn", "c1ve"]
    names = ["gke-llm-a3high-pool-3c1e6b52-%s" % s for s in sfx]
    ips = ["10.128.0.%d" % (41 + i) for i in range(6)]
    nodes = make_nodes(names, ips, rng)
    pods = ["fsdp-ft-master-0"] + ["fsdp-ft-worker-%d" % i for i in range(5)]
    site = "/usr/local/lib/python3.11/site-packages"
    start = T("2025-03-19 20:00:40.000")
    thang = T("2025-03-20 01:37:12.900")
    job = TorchrunJob(nodes, rng, start, "train_fsdp2.py", pysite=site, launcher="/usr/local/bin/torchrun",
                      binary="/usr/local/bin/python", nccl_version="2.21.5+cuda12.4", ifname="eth0", hcas=8,
                      plugin_msg="NET/GPUDirectTCPX ver. 3.1.8.")
    for n in nodes:
        job.agent_pid[n.name] = 1
    job.banner()
    job.nccl(start + sec(40))
    first = nodes[0]
    s = 0
    t = start + sec(90)
    while True:
        t += sec(rng.uniform(3.05, 3.15) * 20)
        if t >= thang:
            break
        s += 20
        job.log(first).add(t, "%s [INFO] train_fsdp2: step=%d loss=%.4f lr=%.2e grad_norm=%.3f step_time=%.2fs mfu=%.1f%%" % (
            f_pylog(t), s, 1.98 - s * 3e-5 + rng.uniform(-0.01, 0.01), 2e-5, rng.uniform(0.5, 0.9), rng.uniform(3.05, 3.15), rng.uniform(41.8, 42.6)))
    seq = 3 * s + 2
    job.watchdogs(thang + sec(1800.3), seq, op="_ALLGATHER_BASE", numel=103022592, timeout_ms=1800000, jitter=0.9,
                  last_enq=seq, last_done=seq - 1)
    for n in nodes:
        job.finish(n)
    for i, n in enumerate(nodes):
        b.put("%s/%s.log" % (n.name, pods[i]), job.log(n))
        k = Log()
        for dt, m in benign_kernel(rng, start - sec(3600), thang + sec(2400), rng.randint(8, 15)):
            k.add(dt, kline("iso", dt, n.name, m, n.boot))
        b.put("%s/kernel.log" % n.name, k)
        rows = [(H100_BUS[g], rng.randint(31, 36), rng.randint(70, 76), 0, 0) for g in range(8)]
        b.put("%s/nvidia-smi.txt" % n.name, smi_table(thang + sec(2600), rows, driver="550.90.07"))
    b.put("kubectl-get-pytorchjob.txt", [
        "$ kubectl get pytorchjob fsdp-ft -o wide",
        "NAME      STATE    AGE",
        "fsdp-ft   Failed   6h19m",
        "$ kubectl get events --field-selector involvedObject.name=fsdp-ft | tail -3",
        "LAST SEEN   TYPE      REASON             OBJECT              MESSAGE",
        "12m         Warning   PyTorchJobFailed   pytorchjob/fsdp-ft  PyTorchJob fsdp-ft is failed because 6 Master/Worker replica(s) failed.",
        "$ grep -c 'step=' fsdp-ft-master-0.log",
        str(s // 20)])
    b.set_label("hang", "infrastructure", None, "restart",
                "Step logging stopped at 01:37 and exactly 30 minutes later all 48 ranks timed out on the same all-gather (SeqNum %d, "
                "every rank had enqueued it and none completed it); no rank is missing, no Xid, link or host errors exist anywhere, so "
                "there is no culprit to remove." % seq,
                "https://github.com/InternLM/InternLM/issues/290")
    return b


# =============================================================================
# ao27  hang with a provably stuck rank (flight recorder + py-spy)
# =============================================================================
def ao27():
    name = "ao27_titan_h200_job_stalls_watchdog_dumps_written"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["h200-n17", "h200-n18", "h200-n19", "h200-n20"]
    ips = ["10.99.7.17", "10.99.7.18", "10.99.7.19", "10.99.7.20"]
    nodes = make_nodes(names, ips, rng)
    culprit = nodes[2]
    bl = 5
    br = culprit.rank(bl)   # 21
    site = "/opt/venv/lib/python3.12/site-packages"
    start = T("2025-03-21 09:00:05.000")
    tstuck = T("2025-03-21 10:12:31.405")
    job = TorchrunJob(nodes, rng, start, "torchtitan/train.py", pysite=site, launcher="/opt/venv/bin/torchrun",
                      binary="/opt/venv/bin/python", nccl_version="2.25.1+cuda12.8")
    job.banner()
    job.nccl(start + sec(14))
    for n in nodes:
        job.log(n).add(start + sec(1), "%s %d torch/distributed/run.py:796] TORCH_NCCL_TRACE_BUFFER_SIZE=2000 TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_FR_DUMP_TEMP_FILE=/scratch/fr/job_88214/nccl_trace_rank_" % (f_glog_py(start + sec(1), "I"), job.agent_pid[n.name]))
    s = 0
    t = start + sec(60)
    steps_per_s = 1 / 2.95
    while True:
        t += sec(rng.uniform(2.9, 3.0) * 10)
        if t >= tstuck:
            break
        s += 10
        job.log(nodes[0]).add(t, titan_step(t, 0, s, 3.4 - s * 6e-4 + rng.uniform(-0.02, 0.02), rng.uniform(0.3, 0.4), 118.2, 84.62, rng.randint(5440, 5510), 612.9, 61.97))
    seq = 1453
    job.watchdogs(tstuck + sec(100.2), seq, skip={br}, op="_ALLGATHER_BASE", numel=266240, timeout_ms=100000, jitter=0.7,
                  last_enq=seq, last_done=seq - 1)
    for n in nodes:
        job.finish(n)
    for n in nodes:
        b.put("%s/console.log" % n.name, job.log(n))
    # flight recorder analysis (run afterwards by the on-call)
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /scratch/fr/job_88214 -p nccl_trace_rank_",
          "loaded 32 dumps from /scratch/fr/job_88214 (prefix nccl_trace_rank_)",
          "Not all ranks joining collective %d at entry %d" % (seq, seq - 1),
          "group info: 0:default_pg",
          "collective: nccl:_allgather_base",
          "missing ranks: {%d}" % br,
          "input sizes: [[266240]]",
          "output sizes: [[8519680]]",
          "expected ranks: 32",
          "collective state: scheduled",
          "collective stack trace:",
          "  all_gather_into_tensor at %s/torch/distributed/distributed_c10d.py:3841" % site,
          "  foreach_all_gather at %s/torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py:244" % site,
          "  unshard at %s/torch/distributed/fsdp/_fully_shard/_fsdp_param_group.py:313" % site,
          "  pre_forward at %s/torch/distributed/fsdp/_fully_shard/_fsdp_param_group.py:405" % site,
          "  forward at /workspace/torchtitan/torchtitan/models/llama3/model.py:421",
          "",
          "rank %d: last enqueued collective %d (nccl:_reduce_scatter_base, state=completed), last completed %d" % (br, seq - 1, seq - 1),
          "all other ranks: last enqueued %d (nccl:_allgather_base, state=scheduled), last completed %d" % (seq, seq - 1)]
    b.put("fr_trace_analysis.txt", fr)
    pid = job.pid(culprit, bl)
    b.put("%s/py-spy-dump-rank%d.txt" % (culprit.name, br), [
        "$ py-spy dump --pid %d --native    # taken %s, 4 min after last step log" % (pid, (tstuck + sec(240)).strftime("%H:%M:%S")),
        "Process %d: /opt/venv/bin/python -u torchtitan/train.py --job.config_file llama3_70b.toml" % pid,
        "Python v3.12.8 (/opt/venv/bin/python3.12)",
        "",
        "Thread %d (active): \"MainThread\"" % pid,
        "    cudaStreamSynchronize (libcudart.so.12)",
        "    c10::cuda::CUDAStream::synchronize (libc10_cuda.so)",
        "    synchronize (torch/cuda/streams.py:106)",
        "    _wait_for_grad_scaler_and_loss (/workspace/torchtitan/torchtitan/components/metrics.py:378)",
        "    log (/workspace/torchtitan/torchtitan/components/metrics.py:402)",
        "    train_step (/workspace/torchtitan/torchtitan/train.py:472)",
        "    train (/workspace/torchtitan/torchtitan/train.py:507)",
        "    wrapper (torch/distributed/elastic/multiprocessing/errors/__init__.py:355)",
        "    <module> (/workspace/torchtitan/torchtitan/train.py:583)",
        "Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"" % (pid + 77),
        "    wait (threading.py:359)",
        "    get (queue.py:180)",
        "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:55)",
        "Thread %d (active): \"ProcessGroupNCCL watchdog\"" % (pid + 91),
        "    c10d::ProcessGroupNCCL::watchdogHandler (libtorch_cuda.so)",
        "",
        "$ nvidia-smi --query-gpu=index,utilization.gpu,power.draw,clocks.sm,temperature.gpu --format=csv",
        "index, utilization.gpu [%], power.draw [W], clocks.sm [MHz], temperature.gpu",
        "0, 0 %, 112.41 W, 1980 MHz, 33",
        "1, 0 %, 110.95 W, 1980 MHz, 34",
        "2, 0 %, 113.20 W, 1980 MHz, 33",
        "3, 0 %, 111.87 W, 1980 MHz, 32",
        "4, 0 %, 112.02 W, 1980 MHz, 34",
        "5, 100 %, 171.33 W, 1980 MHz, 39",
        "6, 0 %, 110.40 W, 1980 MHz, 33",
        "7, 0 %, 112.66 W, 1980 MHz, 35"])
    for n in nodes:
        k = Log()
        for dt, m in benign_kernel(rng, start - sec(3600), tstuck + sec(900), rng.randint(6, 12)):
            k.add(dt, kline("T", dt, n.name, m, n.boot))
        b.put("%s/dmesg.txt" % n.name, k)
    b.set_label("hang", "infrastructure", {"node": culprit.name, "rank": br}, "run_diagnostics",
                "The flight-recorder dumps show rank 21 never enqueued all-gather #1453 that the other 31 ranks were waiting on, and "
                "py-spy shows it blocked in cudaStreamSynchronize with GPU 5 of h200-n19 pinned at 100% while its peers idle; no Xid explains "
                "it, so the GPU/node needs diagnostics.",
                "https://github.com/pytorch/tutorials/pull/3040")
    return b


# =============================================================================
# ao28  one GPU thermally throttled (failed fan) slows a running Megatron job
# =============================================================================
def ao28():
    name = "ao28_megatron_iteration_time_up_50pct_no_errors"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["hx-c12-n%02d" % i for i in range(1, 9)]
    ips = ["10.41.12.%d" % i for i in range(1, 9)]
    nodes = make_nodes(names, ips, rng)
    culprit = nodes[5]
    bl = 3
    br = culprit.rank(bl)   # 43
    start = T("2025-03-23 12:00:03.000")
    tslow = T("2025-03-23 19:41:00.000")
    tcoll = T("2025-03-24 01:15:00.000")
    job = TorchrunJob(nodes, rng, start, "/workspace/Megatron-LM/pretrain_gpt.py", nccl_version="2.21.5+cuda12.4")
    job.banner()
    job.nccl(start + sec(44))
    last = nodes[-1]
    first = nodes[0]
    it = 52000
    t = start + sec(200)
    while True:
        slow = t >= tslow
        st = rng.uniform(6.2, 6.35) if slow else rng.uniform(4.08, 4.15)
        t += sec(st * 50)
        if t >= tcoll:
            break
        it += 50
        job.log(last).add(t, megatron_iter(t, it, 300000, 1024, 8192, st * 1000, 1.2e-4, 1.83 - (it - 52000) * 1.5e-6 + rng.uniform(-0.01, 0.01),
                                           rng.uniform(0.17, 0.24), (402.0 if not slow else 265.0) + rng.uniform(-3, 3)))
        if it % 100 == 0:
            mn = rng.uniform(4050, 4090) if not slow else rng.uniform(4060, 4110)
            mx = rng.uniform(4100, 4160) if not slow else rng.uniform(6190, 6330)
            mxr = rng.randint(0, 63) if not slow else br
            mnclk = (rng.choice([1965, 1980]), rng.randint(0, 63)) if not slow else (rng.choice([1080, 1095, 1110]), br)
            mxt = (rng.randint(58, 66), rng.randint(0, 63)) if not slow else (rng.randint(89, 92), br)
            job.log(first).add(t + sec(0.2), " [%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d" % (
                t.strftime("%Y-%m-%d %H:%M:%S"), mn, rng.randint(0, 63), mx, mxr,
                rng.randint(540, 580) if not slow else 402, rng.randint(0, 63) if not slow else br, rng.randint(680, 699), rng.randint(0, 63),
                rng.randint(44, 50), rng.randint(0, 63), mxt[0], mxt[1], rng.randint(96, 98), rng.randint(0, 63), 100, rng.randint(0, 63),
                mnclk[0], mnclk[1], 1980, rng.randint(0, 63), rng.uniform(8, 12), rng.randint(0, 63), rng.uniform(15, 30) if not slow else rng.uniform(2100, 2250),
                rng.randint(0, 63), (rng.uniform(396, 401) if not slow else rng.uniform(262, 268)), (rng.randint(0, 63) if not slow else br),
                rng.uniform(404, 409), rng.randint(0, 63)))
    for n in nodes:
        b.put("%s/%s.out" % (n.name, n.name), job.log(n))
        k = Log()
        for dt, m in benign_kernel(rng, start - sec(3600), tcoll, rng.randint(8, 16)):
            k.add(dt, kline("syslog", dt, n.name, m, n.boot))
        b.put("%s/kern.log" % n.name, k)
    L = ["$ nvidia-smi -q -d PERFORMANCE,TEMPERATURE,CLOCK,POWER    # %s" % f_iso(tcoll, frac=False)] + smi_header(tcoll)
    for g in range(8):
        if g == bl:
            L += smi_perf_only(g, H100_BUS[g], rng, temp=91, clock=1095, hw_slow="Active", hw_thermal="Active", power=398.0, util=100)
        else:
            L += smi_perf_only(g, H100_BUS[g], rng, temp=rng.randint(52, 61), clock=1980, power=rng.uniform(610, 690), util=100)
    b.put("%s/nvidia-smi-q-perf.txt" % culprit.name, L)
    b.put("%s/ipmitool-sdr-fan.txt" % culprit.name, [
        "$ ipmitool sdr type Fan",
        "FAN1_F           | 30h | ok  | 29.1 | 12040 RPM",
        "FAN2_F           | 31h | ok  | 29.2 | 11960 RPM",
        "FAN3_F           | 32h | ok  | 29.3 | 12110 RPM",
        "FAN4_F           | 33h | cr  | 29.4 | 0 RPM",
        "FAN5_F           | 34h | ok  | 29.5 | 12080 RPM",
        "FAN6_F           | 35h | ok  | 29.6 | 11990 RPM",
        "$ ipmitool sel list | tail -2",
        "  3a | 03/23/2025 | 19:38:52 | Fan FAN4_F | Lower Critical going low  | Asserted",
        "  3b | 03/23/2025 | 19:38:52 | Fan FAN4_F | Lower Non-recoverable going low  | Asserted"])
    other = nodes[1]
    L2 = ["$ nvidia-smi -q -d PERFORMANCE,TEMPERATURE,CLOCK,POWER    # %s" % f_iso(tcoll, frac=False)] + smi_header(tcoll)
    for g in range(8):
        L2 += smi_perf_only(g, H100_BUS[g], rng, temp=rng.randint(50, 60), clock=1980, power=rng.uniform(610, 690), util=100)
    b.put("%s/nvidia-smi-q-perf.txt" % other.name, L2)
    b.set_label("straggler", "infrastructure", {"node": culprit.name, "rank": br}, "restart_without_node",
                "Since 19:41 every iteration is ~50% slower and Megatron's straggler report consistently names rank 43 as max round-trip, "
                "min clock (~1.1 GHz) and max temperature (~91 C); hx-c12-n06 GPU 3 shows HW Thermal Slowdown Active and the node's FAN4 "
                "reads 0 RPM.",
                "https://github.com/mosaicml/composer/pull/3342")
    return b


# =============================================================================
# ao29  one rank persistently slower, no hardware evidence (NeMo straggler detection)
# =============================================================================
def ao29():
    name = "ao29_nemo_throughput_sagging_straggler_warnings"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["gpu-f2-0%d" % i for i in range(1, 5)]
    ips = ["10.58.2.%d" % i for i in range(1, 5)]
    nodes = make_nodes(names, ips, rng)
    culprit = nodes[3]
    bl = 3
    br = culprit.rank(bl)   # 27
    start = T("2025-03-21 00:20:00.000")
    tslow = T("2025-03-21 02:05:00.000")
    tcoll = T("2025-03-21 05:30:00.000")
    job = TorchrunJob(nodes, rng, start, "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py")
    job.banner()
    job.nccl(start + sec(40))
    m = nodes[0]
    job.log(m).add(start + sec(60), "[NeMo I %s straggler_det_callback:98] Straggler detection enabled: report_time_interval=300s, calc_relative_gpu_perf=True, calc_individual_gpu_perf=True, stop_if_detected=False, gpu_relative_perf_threshold=0.7, gpu_individual_perf_threshold=0.7" % f_nemo(start + sec(60)))
    gs = 0
    t = start + sec(120)
    total = 40000
    nxt = start + sec(420)
    while True:
        slow = t >= tslow
        st = rng.uniform(3.72, 3.95) if slow else rng.uniform(3.08, 3.14)
        t += sec(st * 20)
        if t >= tcoll:
            break
        gs += 20
        el = (t - start).total_seconds() - 120
        job.log(m).add(t, "Epoch 0: :  %d%%|%s| %d/%d [%s<%s, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.2f]" % (
            int(100 * gs / total), bar(gs / total), gs, total, hms(el), hms(el / gs * (total - gs)), 2.7 - gs * 8e-5 + rng.uniform(-0.02, 0.02), gs - 1, gs * 256, st))
        if t >= nxt:
            nxt = t + sec(300)
            ranks = list(range(32))
            if slow:
                worst = [(br, rng.uniform(0.58, 0.64))] + [(r, rng.uniform(0.96, 0.99)) for r in rng.sample([x for x in ranks if x != br], 4)]
                ind = [(br, rng.uniform(0.60, 0.66))] + [(r, rng.uniform(0.95, 0.99)) for r in rng.sample([x for x in ranks if x != br], 4)]
            else:
                worst = [(r, rng.uniform(0.95, 0.98)) for r in rng.sample(ranks, 5)]
                ind = [(r, rng.uniform(0.95, 0.98)) for r in rng.sample(ranks, 5)]
            worst.sort(key=lambda x: x[1])
            ind.sort(key=lambda x: x[1])
            nodeof = lambda r: nodes[r // 8].name
            rep = ["[NeMo I %s straggler_det_callback:167] " % f_nemo(t),
                   "    GPU relative performance:",
                   "     Worst performing 5/32 ranks:"]
            rep += ["      Rank=%d Node=%s Score=%.2f" % (r, nodeof(r), sc) for r, sc in worst]
            rep += ["     Best performing 5/32 ranks:"]
            rep += ["      Rank=%d Node=%s Score=%.2f" % (r, nodeof(r), rng.uniform(0.99, 1.0)) for r in rng.sample([x for x in ranks if x != br], 5)]
            rep += ["    GPU individual performance:", "     Worst performing 5/32 ranks:"]
            rep += ["      Rank=%d Node=%s Score=%.2f" % (r, nodeof(r), sc) for r, sc in ind]
            rep += ["    Straggler report processing time: %.3f sec." % rng.uniform(0.03, 0.06)]
            job.log(m).add(t + sec(0.3), "\n".join(rep))
            if slow:
                job.log(m).add(t + sec(0.31), "[NeMo W %s straggler_det_callback:184] STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected ranks: [%d]" % (f_nemo(t), br))
                job.log(m).add(t + sec(0.32), "[NeMo W %s straggler_det_callback:190] STRAGGLER DETECTION WARNING: Some GPUs performance dropped. Affected ranks: [%d]" % (f_nemo(t), br))
    for n in nodes:
        b.put("%s/nemo_%s.log" % (n.name, n.name), job.log(n))
        k = Log()
        for dt, mm in benign_kernel(rng, start - sec(3600), tcoll, rng.randint(8, 14)):
            k.add(dt, kline("T", dt, n.name, mm, n.boot))
        b.put("%s/dmesg.txt" % n.name, k)
    L = ["$ nvidia-smi -q -d PERFORMANCE,TEMPERATURE,CLOCK,POWER,PIDS    # %s" % f_iso(tcoll, frac=False)] + smi_header(tcoll)
    for g in range(8):
        L += smi_perf_only(g, H100_BUS[g], rng, temp=rng.randint(49, 58), clock=1980, power=rng.uniform(600, 690), util=100,
                           procs=[(job.pid(culprit, g), "/usr/bin/python", rng.randint(70100, 72400))])
    b.put("%s/nvidia-smi-q.txt" % culprit.name, L)
    b.put("%s/dcgmi-diag-r1.txt" % culprit.name, [
        "$ dcgmi diag -r 1",
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.7                                          |",
        "| Driver Version Detected   | 550.90.07                                      |",
        "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
        "|-----  Deployment  --------+------------------------------------------------|",
        "| Denylist                  | Pass                                           |",
        "| NVML Library              | Pass                                           |",
        "| CUDA Main Library         | Pass                                           |",
        "| Permissions and OS Blocks | Pass                                           |",
        "| Persistence Mode          | Pass                                           |",
        "| Environment Variables     | Pass                                           |",
        "| Page Retirement/Row Remap | Pass                                           |",
        "| Graphics Processes        | Skip                                           |",
        "| Inforom                   | Pass                                           |",
        "+---------------------------+------------------------------------------------+"])
    b.set_label("straggler", "infrastructure", {"node": culprit.name, "rank": br}, "run_diagnostics",
                "From 02:05 the step time rose from ~3.1 s to ~3.8 s and every NeMo straggler report names rank 27 on gpu-f2-04 (relative "
                "score ~0.6); nvidia-smi shows no throttling, no foreign process and normal clocks, and a quick dcgmi run passes, so the "
                "GPU needs deeper diagnostics rather than a blind replacement.",
                "https://github.com/NVIDIA-NeMo/Megatron-Bridge/issues/25")
    return b


# =============================================================================
# ao30  clean CPU/gloo job that finishes (with benign warnings)
# =============================================================================
def ao30():
    name = "ao30_cpu_gloo_fraud_model_run_exit_0"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["cpu-std-21", "cpu-std-22"]
    ips = ["10.12.9.21", "10.12.9.22"]
    nodes = make_nodes(names, ips, rng, gpus=4)
    site = "/opt/venv/lib/python3.12/site-packages"
    start = T("2025-03-20 22:00:02.000")
    job = TorchrunJob(nodes, rng, start, "train_fraud.py", pysite=site, launcher="/opt/venv/bin/torchrun",
                      binary="/opt/venv/bin/python", gpus=False)
    job.banner()
    n2 = nodes[1]
    ap = job.agent_pid[n2.name]
    job.log(n2).add(start + sec(0.6), "[W%s socket.cpp:752] [c10d] The client socket has failed to connect to [cpu-std-21]:29400 (errno: 111 - Connection refused)." % f_c10(start + sec(0.6), rng)[1:])
    for n in nodes:
        for l in range(4):
            r = n.rank(l)
            tt = start + sec(rng.uniform(3, 4))
            job.log(n).add(tt, "[rank%d]:[W%s ProcessGroupGloo.cpp:727] Warning: Unable to resolve hostname to a (local) address. Using the loopback address as fallback. Manually set the network interface to bind to with GLOO_SOCKET_IFNAME. (function operator())" % (r, f_c10(tt, rng)[1:]))
            job.log(n).add(tt + sec(2), "%s INFO train_fraud: rank %d/8 ready, %d training rows in local shard" % (f_pylog(tt + sec(2)), r, rng.randint(2400000, 2500000)))
    first = nodes[0]
    t = start + sec(20)
    best = 0.0
    for ep in range(20):
        for s in range(1000, 9001, 1000):
            t += sec(rng.uniform(14.5, 15.5))
            job.log(first).add(t, "%s INFO train_fraud: epoch %2d step %4d/9000 loss=%.5f" % (f_pylog(t), ep, s, 0.21 - ep * 0.006 - s * 2e-6 + rng.uniform(-0.003, 0.003)))
        t += sec(rng.uniform(9, 11))
        acc = 0.88 + ep * 0.0027 + rng.uniform(-0.002, 0.002)
        best = max(best, acc)
        job.log(first).add(t, "%s INFO train_fraud: epoch %2d val_auc=%.4f best=%.4f" % (f_pylog(t), ep, acc, best))
    job.log(first).add(t + sec(2), "%s INFO train_fraud: training finished in %s; model saved to /data/models/mlp-fraud-v3.pt" % (f_pylog(t + sec(2)), hms((t - start).total_seconds())))
    job.log(first).add(t + sec(2.2), "/opt/venv/lib/python3.12/site-packages/torch/distributed/distributed_c10d.py:4631: UserWarning: No device id is provided via `init_process_group` or `barrier `. Using the current device set by the user. \n  warnings.warn(  # warn only once")
    for n in nodes:
        tt = t + sec(3 + rng.uniform(0, 0.3))
        apn = job.agent_pid[n.name]
        job.log(n).add(tt, "%s %d torch/distributed/elastic/agent/server/api.py:932] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish." % (f_glog_py(tt, "I"), apn))
        job.log(n).add(tt + sec(0.001), "%s %d torch/distributed/elastic/agent/server/api.py:985] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish" % (f_glog_py(tt, "I"), apn))
        job.log(n).add(tt + sec(0.3), "%s %d torch/distributed/elastic/agent/server/api.py:1000] Done waiting for other agents. Elapsed: %.6f seconds" % (f_glog_py(tt + sec(0.3), "I"), apn, rng.uniform(0.05, 0.4)))
    for n in nodes:
        b.put("%s/torchrun.log" % n.name, job.log(n))
        b.put("%s/exit_status" % n.name, ["torchrun exited with status 0 at %s" % f_date_cmd(t + sec(4))])
    b.set_label("unknown", "framework", None, "none",
                "The CPU gloo job ran all 20 epochs, saved the model and every torchrun agent reported WorkerState.SUCCEEDED with exit 0; "
                "the early connection-refused retry and the gloo loopback warning are benign.",
                "https://docs.pytorch.org/docs/stable/elastic/run.html")
    return b


CASES = [ao26, ao27, ao28, ao29, ao30]
