"""Hangs: watchdog timeouts with and without a pinned rank, collective
mismatches, skipped barriers, flight-recorder and py-spy evidence."""

from kit import (Case, T, sec, ms, tz, preamble, watchdog_timeout, child_failed, sigterm_agent,
                 step_lines, pyspy, pyspy_bg_threads, fr_header, fr_entry, dmesg_T, dmesg_raw, iso,
                 syslog, sacct, ibstat_port, nvidia_smi_table, pyglog, fr_dump_lines, rank_traceback, pylog, glog)


def _pids(base, n):
    return [base + 11 * i for i in range(n)]


def _timeouts_for_node(case, node_idx, nproc, t, seq, op, nin, nout, tmo, enq, comp, ver,
                       skip=(), override=None, dump=None, pg="0", desc="default_pg"):
    L = []
    for lr in range(nproc):
        g = node_idx * nproc + lr
        if g in skip:
            continue
        o = (override or {}).get(g, {})
        tt = t + ms(case.rng.randint(0, 900)) + o.get("dt", sec(0))
        L += watchdog_timeout(case, g, tt, o.get("seq", seq), o.get("op", op), o.get("nin", nin),
                              o.get("nout", nout), tmo, o.get("enq", enq), o.get("comp", comp), ver=ver,
                              pg=pg, desc=desc, dump_from=(dump(g) if dump else None))
    return L


# ---------------------------------------------------------------------------
def bc01():
    c = Case("bc01_allreduce_timeout_on_all_32_ranks_at_step_18211", 5801)
    hosts = ["node0412", "node0413", "node0414", "node0415"]
    ips = ["10.31.4.12", "10.31.4.13", "10.31.4.14", "10.31.4.15"]
    nproc, nn = 8, 4
    t0 = T(2024, 3, 12, 2, 10, 4)
    run = "pretrain-1b3-2213907"
    seq, op, nin, tmo = 54634, "ALLREDUCE", 262144000, 1800000
    t_hang = T(2024, 3, 12, 3, 6, 33)
    t_to = t_hang + sec(1800)
    for i, h in enumerate(hosts):
        apid = 90211 + i * 7
        pids = _pids(90240 + i * 100, nproc)
        L = preamble(c, h, i, nn, nproc, t0 + sec(i), hosts[0], pids, ips[i], run, apid,
                     nccl_ver="2.20.5+cuda12.4", channels=16)
        if i == 0:
            L.append(f"[rank0]: {pylog(t0 + sec(40))} INFO trainer: resuming from /lustre/proj/llm/ckpt/1b3/step_16500 (loaded in 31.2s)")
            sl, t_end, _ = step_lines(c, t0 + sec(41), 16501, 18210, 1.84, 2.214, every=1, fmt="plain")
            L += sl
        for lr in range(nproc):
            g = i * nproc + lr
            if lr in (2, 5):
                L.append(f"[rank{g}]:[W ProcessGroupNCCL.cpp:1948] Warning: TORCH_NCCL_AVOID_RECORD_STREAMS is the default now, this environment variable is thus deprecated. (function operator())")
        L += _timeouts_for_node(c, i, nproc, t_to, seq, op, nin, nin, tmo, seq, seq - 1, "2.4")
        L += sigterm_agent(t_to + sec(6), apid, pids[1:])
        fails = [(i * nproc, 0, -6, pids[0], t_to + sec(6), None)]
        fails += [(i * nproc + k, k, -6, pids[k], t_to + sec(6), None) for k in (3, 6)]
        L += child_failed(t_to + sec(37), h, fails, pid=apid)
        c.add(f"{h}/torchrun-{h}.log", L)
        # dmesg: benign, plus an old flap on node0414 before the job started
        boot = T(2024, 3, 1, 9, 12, 44)
        D = [f"{dmesg_T(boot + sec(31))} mlx5_core 0000:4b:00.0: firmware version: 28.39.1002",
             f"{dmesg_T(boot + sec(33))} nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel",
             f"{dmesg_T(boot + sec(47))} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024",
             f"{dmesg_T(boot + sec(62))} nvidia-fabricmanager: Fabric Manager started",
             f"{dmesg_T(T(2024, 3, 11, 23, 0, 2))} systemd-journald[1184]: Data hash table of /var/log/journal/0b1c/system.journal has a fill level at 75.0 (8536 of 11377 items, 6553600 file size, 767 bytes per item), suggesting rotation."]
        if h == "node0414":
            D += [f"{dmesg_T(T(2024, 3, 12, 1, 4, 17))} mlx5_core 0000:4b:00.0 mlx5_2: Link down",
                  f"{dmesg_T(T(2024, 3, 12, 1, 4, 17))} mlx5_core 0000:4b:00.0: mlx5_port_module_event:1122:(pid 0): Port module event: module 2, Cable plugged",
                  f"{dmesg_T(T(2024, 3, 12, 1, 4, 29))} mlx5_core 0000:4b:00.0 mlx5_2: Link up"]
        D.append(f"{dmesg_T(t0 - sec(20))} slurmd[2211]: launch task StepId=2213907.0 request from UID:41022 GID:41022 HOST:10.31.0.2 PORT:41234")
        c.add(f"{h}/dmesg.txt", D)
        I = []
        for k in range(4):
            I += ibstat_port(f"mlx5_{k}", guid=f"0xa088c20300{i:02x}e2d{k}", lid=400 + i * 4 + k)
            I.append("")
        c.add(f"{h}/ibstat.txt", I)
    c.add("node0414/perfquery_mlx5_2.txt", [
        "# Port counters: Lid 410 port 1 (CapMask: 0x5A00)",
        "PortSelect:......................1", "CounterSelect:...................0x0000",
        "SymbolErrorCounter:..............0", "LinkErrorRecoveryCounter:........0",
        "LinkDownedCounter:...............1", "PortRcvErrors:...................0",
        "PortRcvRemotePhysicalErrors:.....0", "PortRcvSwitchRelayErrors:........0",
        "PortXmitDiscards:................0", "PortXmitConstraintErrors:........0",
        "PortRcvConstraintErrors:.........0", "LocalLinkIntegrityErrors:........0",
        "ExcessiveBufferOverrunErrors:....0", "VL15Dropped:.....................0",
        "PortXmitData:....................2864521901245", "PortRcvData:.....................2864508822317",
        "PortXmitPkts:....................9812235511", "PortRcvPkts:.....................9812229042",
        "PortXmitWait:....................12044"])
    c.add("sacct.txt", sacct(2213907, "pt-1b3", "FAILED", "1:0", "01:27:22", 4, "node[0412-0415]",
                             t0 - sec(8), t_to + sec(60),
                             steps=[("2213907.0", "bash", 384, "FAILED", "1:0", "01:27:13", 4, "node[0412-0415]", t0 - sec(6), t_to + sec(58))]))
    c.add("slurm-2213907.out", [
        f"{t0 - sec(8):%Y-%m-%d %H:%M:%S} job 2213907 starting on node[0412-0415]",
        "MASTER_ADDR=node0412 MASTER_PORT=29400 NCCL_DEBUG=INFO NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3",
        "srun: error: node0413: task 1: Exited with exit code 1",
        "srun: error: node0415: task 3: Exited with exit code 1",
        "srun: error: node0412: task 0: Exited with exit code 1",
        "srun: error: node0414: task 2: Exited with exit code 1"])
    c.set_label("hang", "infrastructure", None, "restart",
                "All 32 ranks enqueued allreduce 54634 and all time out together after 30 min; no rank lags, no Xid, no link or "
                "counter change during the job (node0414's flap is an hour before the job and recovered). Nothing names a culprit.",
                "https://github.com/OFA-Sys/OFA/issues/271")
    return c


# ---------------------------------------------------------------------------
def bc02():
    c = Case("bc02_all_ranks_abort_and_dump_traces_one_rank_unresponsive", 5802)
    hosts = ["gpu-a3-017", "gpu-a3-018", "gpu-a3-019", "gpu-a3-020"]
    ips = ["10.128.0.17", "10.128.0.18", "10.128.0.19", "10.128.0.20"]
    nproc, nn = 8, 4
    t0 = T(2024, 6, 4, 7, 40, 12)
    run = "llama3-8b-cpt-0604"
    stuck = 13
    seq, tmo = 27364, 600000
    t_hang = T(2024, 6, 4, 11, 2, 11)
    t_to = t_hang + sec(600)
    for i, h in enumerate(hosts):
        apid = 31022 + i * 3
        pids = _pids(48140 + i * 100, nproc)
        L = preamble(c, h, i, nn, nproc, t0, hosts[0], pids, ips[i], run, apid,
                     nccl_ver="2.20.5+cuda12.4", channels=8, nics=("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"))
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(95), 1, 9120, 1.36, 10.9, every=10, fmt="titan", rank_prefix="[rank0]:", tok_per_s=7420)
            L += sl
        first = True
        for lr in range(nproc):
            g = i * nproc + lr
            tt = t_to + ms(c.rng.randint(10, 800))
            if g == stuck:
                L += [f"[rank{g}]:[E{glog(c, tt)} ProcessGroupNCCL.cpp:1987] [PG ID 0 PG GUID 0(default_pg) Rank {g}] Received a dump signal due to a collective timeout from rank 4 and we will try our best to dump the debug info. Last enqueued NCCL work: {seq - 1}, last completed NCCL work: {seq - 1}.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. "]
                L += fr_dump_lines(c, g, tt + ms(40), "/shared/fr/llama3-8b-cpt-0604/nccl_trace_rank_")
                continue
            frm = "this local rank" if g == 4 else "rank 4"
            L += watchdog_timeout(c, g, tt, seq, "ALLREDUCE", 218103808, 218103808, tmo, seq + 1, seq - 1,
                                  ver="2.4", dump_from=frm, frames=first)
            L += fr_dump_lines(c, g, tt + ms(60), "/shared/fr/llama3-8b-cpt-0604/nccl_trace_rank_")
            first = False
        L += sigterm_agent(t_to + sec(7), apid, pids)
        if h == "gpu-a3-018":
            L.append(pyglog(t_to + sec(37), "W", apid, "torch/distributed/elastic/multiprocessing/api.py:875") + f" Unable to shutdown process {pids[5]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL")
            fails = [(8, 0, -6, pids[0], t_to + sec(7), None), (13, 5, -9, pids[5], t_to + sec(38), None)]
        else:
            fails = [(i * nproc + 1, 1, -6, pids[1], t_to + sec(7), None)]
        L += child_failed(t_to + sec(39), h, fails, pid=apid)
        c.add(f"{h}/torchrun.log", L)
        boot = 1211.0 + i * 37
        c.add(f"{h}/dmesg.txt", [
            f"{dmesg_raw(boot)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024",
            f"{dmesg_raw(boot + 3.2)} nvidia-uvm: Loaded the UVM driver, major device number 507.",
            f"{dmesg_raw(boot + 211.4)} gve 0000:06:00.0 eth0: Device link is up.",
            f"{dmesg_raw(boot + 13120.7)} TCP: request_sock_TCP: Possible SYN flooding on port 29400. Sending cookies.  Check SNMP counters.",
        ])
    # hang collector ran 7 minutes into the stall (step-time alert)
    tc = t_hang + sec(425)
    c.add("gpu-a3-018/hang_collect/pyspy_rank13.txt", pyspy(
        48140 + 100 + 55, "/usr/bin/python3 -u train.py --job.config_file llama3_8b_cpt.toml",
        [(48195, "active", "MainThread", [
            "0x7f31c2b4e2d1 (libcuda.so.550.54.15)",
            "cuStreamSynchronize (libcuda.so.550.54.15)",
            "0x7f32066f3bb5 (libcudart.so.12)",
            "cudaStreamSynchronize (libcudart.so.12)",
            "at::native::_local_scalar_dense_cuda(at::Tensor const&) (libtorch_cuda.so)",
            "at::_ops::_local_scalar_dense::call(at::Tensor const&) (libtorch_cpu.so)",
            "at::native::item(at::Tensor const&) (libtorch_cpu.so)",
            "forward_backward_step (torchtitan/train.py:311)",
            "train_step (torchtitan/train.py:352)",
            "main (torchtitan/train.py:467)",
            "wrapper (torch/distributed/elastic/multiprocessing/errors/__init__.py:355)",
            "<module> (torchtitan/train.py:512)"])] + pyspy_bg_threads(48195)))
    c.add("gpu-a3-018/hang_collect/pyspy_rank12.txt", pyspy(
        48140 + 100 + 44, "/usr/bin/python3 -u train.py --job.config_file llama3_8b_cpt.toml",
        [(48184, "active", "MainThread", [
            "0x7f0be13a11f4 (libcuda.so.550.54.15)",
            "cuStreamSynchronize (libcuda.so.550.54.15)",
            "cudaStreamSynchronize (libcudart.so.12)",
            "at::native::_local_scalar_dense_cuda(at::Tensor const&) (libtorch_cuda.so)",
            "at::native::item(at::Tensor const&) (libtorch_cpu.so)",
            "_clip_grads_with_norm_ (torch/nn/utils/clip_grad.py:155)",
            "clip_grad_norm_ (torchtitan/utils.py:418)",
            "train_step (torchtitan/train.py:361)",
            "main (torchtitan/train.py:467)",
            "wrapper (torch/distributed/elastic/multiprocessing/errors/__init__.py:355)",
            "<module> (torchtitan/train.py:512)"])] + pyspy_bg_threads(48184)))
    c.add("gpu-a3-018/hang_collect/nvidia-smi.txt", nvidia_smi_table("gpu-a3-018", tc, [
        {"idx": k, "bus": ["00000000:04:00.0", "00000000:05:00.0", "00000000:0A:00.0", "00000000:0B:00.0",
                           "00000000:84:00.0", "00000000:85:00.0", "00000000:8A:00.0", "00000000:8B:00.0"][k],
         "temp": 41 + k, "pwr": 148 + 3 * k, "mem_used": 70113 + 17 * k, "util": 100} for k in range(8)],
        procs=[(k, 48140 + 100 + 11 * k, "/usr/bin/python3", 70100 + 17 * k) for k in range(8)]))
    c.add("gpu-a3-018/hang_collect/README", [
        f"collected {tc:%Y-%m-%dT%H:%M:%SZ} by step-time alert (no step for 420s), job llama3-8b-cpt-0604",
        "py-spy dump --native --pid <pid> for the ranks of this host that the alert listed"])
    c.add("fr_trace_analysis.txt", fr_header(32, "nccl_trace_rank_", "/shared/fr/llama3-8b-cpt-0604/") + fr_entry(
        "missing", seq, seq - 1, "0:default_pg", "nccl:all_reduce", "[[218103808]]", "[[218103808]]", 32,
        "{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31}",
        "scheduled", ["all_reduce at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:2501",
                      "wrapper at /usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py:83",
                      "_reduce_grads at torchtitan/parallelisms/data_parallel.py:96",
                      "forward_backward_step at torchtitan/train.py:318",
                      "train_step at torchtitan/train.py:352"], missing="{13}"))
    c.set_label("hang", "infrastructure", {"node": "gpu-a3-018", "rank": 13}, "run_diagnostics",
                "Flight recorder shows rank 13 never joined allreduce 27364 (its last enqueued work is 27363) and the py-spy dump "
                "taken during the stall has rank 13 blocked in cudaStreamSynchronize inside its own forward/backward, i.e. its GPU "
                "stopped progressing; every other rank is sympathetic. No Xid, so diagnose the GPU.",
                "https://github.com/pytorch/pytorch/issues/95944")
    return c


# ---------------------------------------------------------------------------
def bc03():
    c = Case("bc03_eval_hang_after_step_2000_on_two_pods", 5803)
    pods = ["pt-sft-7b-worker-0", "pt-sft-7b-worker-1"]
    nproc, nn = 8, 2
    t0 = T(2024, 11, 19, 14, 3, 51)
    run = "pt-sft-7b"
    seq = 6151
    t_eval = T(2024, 11, 19, 15, 21, 7)
    t_to = t_eval + sec(612)
    short = {11, 12, 13, 14, 15}
    for i, p in enumerate(pods):
        apid = 1
        pids = _pids(142 + 40 * i, nproc)
        ip = f"10.244.{17 + i}.{33 + i}"
        L = preamble(c, p, i, nn, nproc, t0, "pt-sft-7b-worker-0", pids, ip, run, apid,
                     endpoint="pt-sft-7b-worker-0:23456", nccl_ver="2.21.5+cuda12.4", channels=4)
        if i == 0:
            sl, t_s, _ = step_lines(c, t0 + sec(70), 1, 2000, 2.31, 1.92, every=25, fmt="plain")
            L += sl
            L.append(f"[rank0]: {pylog(t_eval)} INFO evaluator: running evaluation on 1003 samples (shard = samples[rank::world_size], eval_batch_size=31)")
        for lr in range(nproc):
            g = i * nproc + lr
            n = 63 if g < 11 else 62
            L.append(f"[rank{g}]: {pylog(t_eval + ms(30 + 7 * lr))} INFO evaluator: eval shard {n} samples -> {(n + 30) // 31} batches")
        for lr in range(nproc):
            g = i * nproc + lr
            tt = t_to + ms(c.rng.randint(0, 700))
            if g in short:
                L += watchdog_timeout(c, g, tt, seq, "ALLGATHER", 1, 16, 600000, seq, seq - 1, ver="2.5", frames=(lr == 3))
            else:
                L += watchdog_timeout(c, g, tt, seq, "ALLREDUCE", 3, 3, 600000, seq, seq - 1, ver="2.5", frames=(lr == 0))
        L += sigterm_agent(t_to + sec(6), apid, pids[1:])
        L += child_failed(t_to + sec(8), p, [(i * nproc, 0, -6, pids[0], t_to + sec(6), None)], pid=apid)
        c.add(f"{p}/logs.txt", L)
        c.add(f"{p}/describe.txt", [
            f"Name:             {p}", "Namespace:        ml-sft", "Priority:         1000",
            "Node:             gke-a3-pool-2-" + ("7f3c" if i == 0 else "91ad") + f"/10.128.0.{60 + i}",
            f"Start Time:       {t0 - sec(95):%a, %d %b %Y %H:%M:%S} +0000",
            "Labels:           training.kubeflow.org/job-name=pt-sft-7b",
            "                  training.kubeflow.org/replica-index=" + str(i),
            "                  training.kubeflow.org/replica-type=worker",
            "Status:           Failed",
            f"IP:               10.244.{17 + i}.{33 + i}",
            "Containers:", "  pytorch:", "    Image:          us-docker.pkg.dev/ml-prod/train/sft:2024.11.2",
            "    State:          Terminated", "      Reason:       Error", "      Exit Code:    1",
            f"      Finished:     {t_to + sec(9):%a, %d %b %Y %H:%M:%S} +0000",
            "    Limits:", "      nvidia.com/gpu:  8", "Events:",
            "  Type    Reason   Age   From     Message", "  ----    ------   ----  ----     -------",
            "  Normal  Pulled   92m   kubelet  Container image \"us-docker.pkg.dev/ml-prod/train/sft:2024.11.2\" already present on machine",
            "  Normal  Started  92m   kubelet  Started container pytorch"])
    frames_ar = ["all_reduce at /opt/conda/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:2688",
                 "wrapper at /opt/conda/lib/python3.11/site-packages/torch/distributed/c10d_logger.py:83",
                 "evaluate at /workspace/sft/eval.py:71",
                 "maybe_evaluate at /workspace/sft/trainer.py:402",
                 "train at /workspace/sft/trainer.py:377"]
    c.add("fr_trace_analysis.txt", fr_header(16, "fr_rank_", "/mnt/ckpt/pt-sft-7b/fr/") + fr_entry(
        "errors", seq, seq - 1, "0:default_pg", "nccl:all_reduce", "[[3]]", "[[3]]", 16,
        "{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}", "scheduled", frames_ar,
        errors=", ".join(f"Culprit rank {r}; Error type: COLLECTIVE_TYPE_MISMATCH, Expected collective type: 'all_reduce' does not match found collective type: 'all_gather'" for r in sorted(short)))
        + ["", "Mismatched collective on rank 11:", " collective: nccl:all_gather", " input sizes: [[1]]", " output sizes: [[16]]",
           " collective stack trace: ",
           "  all_gather at /opt/conda/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:3348",
           "  all_gather_object at /opt/conda/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:2980",
           "  gather_predictions at /workspace/sft/eval.py:88",
           "  evaluate at /workspace/sft/eval.py:79",
           "  maybe_evaluate at /workspace/sft/trainer.py:402"])
    c.add("pytorchjob_status.txt", [
        "$ kubectl -n ml-sft get pytorchjob pt-sft-7b -o jsonpath='{.status.conditions}' | jq -c '.[]'",
        f'{{"type":"Created","status":"True","lastTransitionTime":"{t0 - sec(100):%Y-%m-%dT%H:%M:%SZ}"}}',
        f'{{"type":"Running","status":"False","lastTransitionTime":"{t_to + sec(12):%Y-%m-%dT%H:%M:%SZ}"}}',
        f'{{"type":"Failed","status":"True","reason":"PyTorchJobFailed","message":"PyTorchJob pt-sft-7b is failed because 1 Worker replica(s) failed.","lastTransitionTime":"{t_to + sec(12):%Y-%m-%dT%H:%M:%SZ}"}}'])
    c.set_label("hang", "script", None, "stop",
                "At the first evaluation the ranks diverge: ranks 11-15 (62-sample shards, 2 batches) already call all_gather_object "
                "while ranks 0-10 (63 samples, 3 batches) are in a third all_reduce; flight recorder reports a collective type mismatch. "
                "Uneven eval sharding in the user's loop, deterministic.",
                "https://docs.pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")
    return c


# ---------------------------------------------------------------------------
def bc04():
    c = Case("bc04_metrics_allreduce_stalls_at_step_29471", 5804)
    hosts = ["hpc-g017", "hpc-g018", "hpc-g021"]
    nproc, nn = 8, 3
    t0 = T(2024, 8, 22, 21, 0, 7, tzinfo=tz(2))
    run = "moe-3b-mix7"
    seq = 88412
    t_hang = T(2024, 8, 23, 4, 11, 52, tzinfo=tz(2))
    t_to = t_hang + sec(900)
    for i, h in enumerate(hosts):
        apid = 77310 + i
        pids = _pids(77400 + i * 100, nproc)
        L = preamble(c, h, i, nn, nproc, t0, hosts[0], pids, f"172.20.1.{17 + i * 2}", run, apid,
                     nccl_ver="2.20.5+cuda12.4", channels=8)
        if i == 0:
            L.append(f"[rank0]: {pylog(t0 + sec(30))} INFO data: mixture web=0.55 books=0.12 arxiv=0.08 wiki=0.06 math=0.05 stack=0.04 dialog=0.04 legal=0.02 med=0.015 news=0.015 patents=0.01 subtitles=0.005 code_review=0.003 lean=0.002")
            L.append(f"[rank0]: {pylog(t0 + sec(30))} INFO metrics: per-source loss logging enabled (one scalar per source present in the micro-batch)")
            sl, _, _ = step_lines(c, t0 + sec(52), 24001, 29470, 4.71, 2.61, every=10, fmt="plain", tzinfo=tz(2))
            L += sl
        ov = {19: {"nin": 13, "nout": 13}}
        L += _timeouts_for_node(c, i, nproc, t_to, seq, "ALLREDUCE", 14, 14, 900000, seq, seq - 1, "2.4", override=ov)
        L += sigterm_agent(t_to + sec(5), apid, pids[1:])
        L += child_failed(t_to + sec(36), h, [(i * nproc, 0, -6, pids[0], t_to + sec(5), None)], pid=apid)
        c.add(f"{h}/train_{h}.log", L)
    c.add("fr_trace_analysis.txt", fr_header(24, "fr_", "/scratch/moe-3b-mix7/fr/") + fr_entry(
        "errors", seq, seq - 1, "0:default_pg", "nccl:all_reduce", "[[14]]", "[[14]]", 24,
        "{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}", "scheduled",
        ["all_reduce at /opt/venv/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py:2501",
         "wrapper at /opt/venv/lib/python3.10/site-packages/torch/distributed/c10d_logger.py:83",
         "reduce_metrics at /home/jdoe/moe/metrics.py:57",
         "log_step at /home/jdoe/moe/trainer.py:288",
         "train at /home/jdoe/moe/trainer.py:241"],
        errors="Culprit rank 19; Error type: SIZE_OR_SYNTAX_MISMATCH, Expected input sizes: '[[14]]' does not match found input sizes: '[[13]]'"))
    c.add("slurm-6610932.out", [
        "+ export NCCL_DEBUG=INFO TORCH_NCCL_TRACE_BUFFER_SIZE=2000 TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_FR_DUMP_TEMP_FILE=/scratch/moe-3b-mix7/fr/fr_",
        "+ srun --kill-on-bad-exit=1 bash -c 'torchrun --nnodes 3 --nproc-per-node 8 ... > logs/train_$(hostname).log 2>&1'",
        "srun: error: hpc-g018: task 1: Exited with exit code 1",
        "srun: launch/slurm: _step_signal: Terminating StepId=6610932.0",
        "slurmstepd: error: *** STEP 6610932.0 ON hpc-g017 CANCELLED AT 2024-08-23T04:27:30 ***",
        "srun: error: hpc-g017: task 0: Terminated",
        "srun: error: hpc-g021: task 2: Terminated"])
    c.set_label("hang", "script", None, "stop",
                "Flight recorder: at allreduce 88412 rank 19 passes a 13-element metrics tensor while every other rank passes 14 "
                "(reduce_metrics builds one scalar per data source present in the micro-batch). A data-dependent size mismatch in the "
                "user's logging code, not a fault of hpc-g021.",
                "https://github.com/pytorch/pytorch/pull/130764")
    return c


# ---------------------------------------------------------------------------
def bc05():
    c = Case("bc05_job_stalls_right_after_checkpoint_at_step_6000", 5805)
    hosts = ["a100-n03", "a100-n04", "a100-n05", "a100-n06"]
    nproc, nn = 4, 4
    t0 = T(2024, 2, 27, 18, 30, 2)
    run = "vit-h-16"
    seq = 40211
    t_save = T(2024, 2, 27, 21, 41, 13)
    t_to = t_save + sec(13) + sec(1800)
    for i, h in enumerate(hosts):
        apid = 5501 + i
        pids = _pids(5600 + i * 50, nproc)
        L = preamble(c, h, i, nn, nproc, t0, hosts[0], pids, f"192.168.40.{3 + i}", run, apid,
                     nccl_ver="2.19.3+cuda12.3", channels=4, nics=("mlx5_0",), new_style=False)
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(60), 1, 5999, 1.88, 6.8, every=20, fmt="plain")
            L += sl
            L.append(f"[rank0]: {pylog(t_save)} INFO ckpt: saving checkpoint to /scratch/vit-h-16/ckpt/step_6000.pt")
            L.append(f"[rank0]: {pylog(t_save + sec(12))} INFO ckpt: saved checkpoint step 6000 (5.1 GB in 12.4s)")
        for lr in range(nproc):
            g = i * nproc + lr
            tt = t_to + ms(c.rng.randint(0, 600))
            if g == 0:
                L += watchdog_timeout(c, g, tt, seq, "ALLREDUCE", 1, 1, 1800000, seq, seq - 1, ver="2.3")
            else:
                L += watchdog_timeout(c, g, tt, seq, "ALLREDUCE", 25165824, 25165824, 1800000, seq + 3, seq - 1, ver="2.3", frames=(lr == 1))
        L += sigterm_agent(t_to + sec(5), apid, pids[1:])
        L += child_failed(t_to + sec(7), h, [(i * nproc, 0, -6, pids[0], t_to + sec(5), None)], pid=apid)
        c.add(f"{h}/torchrun.out", L)
    tc = t_save + sec(13) + sec(1200)
    c.add("a100-n03/hang_dump/py-spy-rank0.txt", pyspy(5600, "python3 -u train.py --cfg configs/vit_h16.yaml", [
        (5600, "idle", "MainThread", [
            "barrier (torch/distributed/distributed_c10d.py:3936)",
            "wrapper (torch/distributed/c10d_logger.py:75)",
            "save_checkpoint (vitrain/ckpt.py:77)",
            "train (vitrain/train.py:233)",
            "main (vitrain/train.py:311)",
            "<module> (vitrain/train.py:318)"])] + pyspy_bg_threads(5600)))
    c.add("a100-n04/hang_dump/py-spy-rank5.txt", pyspy(5661, "python3 -u train.py --cfg configs/vit_h16.yaml", [
        (5661, "active", "MainThread", [
            "train_step (vitrain/train.py:204)",
            "train (vitrain/train.py:228)",
            "main (vitrain/train.py:311)",
            "<module> (vitrain/train.py:318)"])] + pyspy_bg_threads(5661)))
    c.add("a100-n03/hang_dump/collected_at.txt", [f"{tc:%Y-%m-%d %H:%M:%S} UTC  py-spy dump of rank 0 (a100-n03) and rank 5 (a100-n04)"])
    c.add("git_log_-p_-1.txt", [
        "commit 3e9a1c07b5d2f1a8e6c4d9b0a7f2e1c3d4b5a6f7",
        "Author: M. Ortiz <mortiz@lab.example.org>",
        "Date:   Tue Feb 27 17:58:41 2024 +0000",
        "",
        "    ckpt: only rank 0 writes; sync after write",
        "",
        "diff --git a/vitrain/ckpt.py b/vitrain/ckpt.py",
        "index 51c2e90..a7d14b3 100644",
        "--- a/vitrain/ckpt.py",
        "+++ b/vitrain/ckpt.py",
        "@@ -68,12 +68,11 @@ def save_checkpoint(model, optimizer, step, cfg):",
        "     state = {\"model\": model.module.state_dict(),",
        "              \"optim\": optimizer.state_dict(),",
        "              \"step\": step}",
        "-    if dist.get_rank() == 0:",
        "-        torch.save(state, path)",
        "-    dist.barrier()",
        "+    if dist.get_rank() == 0:",
        "+        torch.save(state, path)",
        "+        log.info(\"saved checkpoint step %d (%.1f GB in %.1fs)\", step, size_gb, dt)",
        "+        dist.barrier()  # make sure the file is visible before anyone continues",
        "     return path"])
    c.set_label("hang", "script", None, "stop",
                "Right after rank 0 saves step 6000 it waits in a barrier (1-element allreduce) that only rank 0 calls, while ranks 1-15 "
                "are already in the next step's gradient allreduce with the same sequence number; the last commit moved dist.barrier() "
                "inside the rank-0 branch. Program-level deadlock.",
                "https://github.com/KempnerInstitute/KempnerForge/issues/49")
    return c


# ---------------------------------------------------------------------------
def bc14():
    c = Case("bc14_barrier_timeout_on_15_ranks_while_rank0_busy", 5814)
    hosts = ["a100-80g-n01", "a100-80g-n02"]
    nproc, nn = 8, 2
    t0 = T(2024, 4, 2, 6, 0, 0, tzinfo=tz(-7))
    run = "convnext-xl-in22k"
    t_val = T(2024, 4, 2, 10, 0, 3, tzinfo=tz(-7))
    t_to = t_val + sec(1801)
    seq = 918204
    for i, h in enumerate(hosts):
        apid = 44001 + i
        pids = _pids(44100 + 100 * i, nproc)
        L = preamble(c, h, i, nn, nproc, t0, hosts[0], pids, f"10.40.8.{11 + i}", run, apid,
                     nccl_ver="2.18.6+cuda12.1", channels=4, nics=("mlx5_0", "mlx5_1"), new_style=False)
        if i == 0:
            for ep in range(3):
                L.append(f"[rank0]: {pylog(t0 + sec(60 + ep * 4700))} INFO epoch {ep} done: train/loss={3.91 - 0.6 * ep:.3f} train/top1={41.2 + 9.7 * ep:.2f}")
            L.append(f"[rank0]: {pylog(t_val)} INFO epoch 3 done: train/loss=2.118 train/top1=70.88")
            L.append(f"[rank0]: {pylog(t_val)} INFO running full validation on rank 0 (val set 20000 images, batch 4); other ranks wait")
            for k in range(0, 3660, 61):
                el = int(k / 2.033)
                rem = int((5000 - k) / 2.033)
                pct = int(100 * k / 5000)
                bar = ("█" * (pct // 10)).ljust(10)
                L.append(f"[rank0]: Validating: {pct:3d}%|{bar}| {k}/5000 [{el // 60:02d}:{el % 60:02d}<{rem // 60:02d}:{rem % 60:02d},  2.03it/s]")
        for lr in range(nproc):
            g = i * nproc + lr
            if g == 0:
                continue
            tt = t_to + ms(c.rng.randint(0, 400))
            L += watchdog_timeout(c, g, tt, seq, "ALLREDUCE", 1, 1, 1800000, seq, seq - 1, ver="2.3", frames=(lr in (1, 4)))
        L += sigterm_agent(t_to + sec(4), apid, pids if i else pids[2:] + [pids[0]])
        if i == 0:
            L.append(f"[rank0]: Validating:  73%|███████▎  | 3660/5000 [30:00<10:59,  2.03it/s]")
            L.append(f"[rank0]: Traceback (most recent call last):")
            L.append(f"[rank0]:   File \"/home/ml/cnx/train.py\", line 402, in <module>")
            L.append(f"[rank0]:     main()")
            L.append(f"[rank0]:   File \"/home/ml/cnx/train.py\", line 381, in main")
            L.append(f"[rank0]:     val_metrics = validate(model, val_loader)")
            L.append(f"[rank0]:   File \"/home/ml/cnx/engine.py\", line 140, in validate")
            L.append(f"[rank0]:     output = model(images)")
            L.append(f"[rank0]:   File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/multiprocessing/api.py\", line 62, in _terminate_process_handler")
            L.append(f"[rank0]:     raise SignalException(f\"Process {{os.getpid()}} got signal: {{sigval}}\", sigval=sigval)")
            L.append(f"[rank0]: torch.distributed.elastic.multiprocessing.api.SignalException: Process {pids[0]} got signal: 15")
            fails = [(1, 1, -6, pids[1], t_to + sec(4), None), (0, 0, 1, pids[0], t_to + sec(5), None)]
        else:
            fails = [(8, 0, -6, pids[0], t_to + sec(4), None)]
        L += child_failed(t_to + sec(6), h, fails, pid=apid)
        c.add(f"{h}/train.log", L)
    c.add("sacct.txt", sacct(448812, "cnx-xl", "FAILED", "1:0", "04:30:51", 2, "a100-80g-n[01-02]",
                             t0 - sec(30), t_to + sec(20)))
    c.set_label("hang", "script", None, "stop",
                "Ranks 1-15 time out after exactly 30 min in a 1-element allreduce (barrier) while rank 0 is still running a full "
                "validation pass alone (73% done, 11 min left). The user's rank-0-only evaluation outlasts the NCCL timeout; nothing "
                "is wrong with the hardware.",
                "https://github.com/NVIDIA/nccl/issues/708")
    return c


# ---------------------------------------------------------------------------
def bc26():
    c = Case("bc26_hang_on_a_different_rank_after_each_requeue", 5826)
    hosts = ["node2101", "node2102", "node2103", "node2104"]
    nproc, nn = 8, 4
    run = "gpt-neo-2b"
    attempts = [
        (T(2024, 9, 2, 8, 0, 5), 1, 2211, 12, 6637, "first run"),
        (T(2024, 9, 2, 9, 30, 40), 2001, 2388, 27, 1168, "requeue 1"),
        (T(2024, 9, 2, 10, 31, 2), 2001, 2093, 5, 280, "requeue 2"),
    ]
    sacct_rows = []
    for a, (t0, s0, s_hang, bad, seq, note) in enumerate(attempts, 1):
        base = f"attempt_{a}"
        t_hang = t0 + sec(70) + sec(int((s_hang - s0) * 2.02))
        t_to = t_hang + sec(600)
        for i, h in enumerate(hosts):
            apid = 20100 + 13 * a + i
            pids = _pids(20200 + 1000 * a + 100 * i, nproc)
            L = preamble(c, h, i, nn, nproc, t0, hosts[0], pids, f"10.21.0.{101 + i}", f"{run}-a{a}", apid,
                         nccl_ver="2.20.5+cuda12.4", channels=4)
            if i == 0:
                if s0 > 1:
                    L.append(f"[rank0]: {pylog(t0 + sec(40))} INFO resume: loaded /ckpt/gpt-neo-2b/step_2000 ; data seed = 1234 + restart_count({a - 1})")
                sl, _, _ = step_lines(c, t0 + sec(70), s0, s_hang - 1, 2.02, 3.4 - 0.0002 * s0, every=10, fmt="plain")
                L += sl
            node_bad = bad // nproc
            if i == node_bad:
                L.append(f"[rank{bad}]: {pylog(t_hang - ms(400))} WARNING trainer: skipping micro-batch at step {s_hang}: 0 target tokens after masking (sample ids {[c.rng.randint(10**6, 10**7) for _ in range(3)]})")
            ov = {bad: {"nin": 1, "nout": 1, "enq": seq, "comp": seq - 1}}
            L += _timeouts_for_node(c, i, nproc, t_to, seq, "ALLREDUCE", 26214400, 26214400, 600000, seq + 2, seq - 1, "2.4",
                                    override=ov)
            L += sigterm_agent(t_to + sec(5), apid, pids[1:])
            L += child_failed(t_to + sec(7), h, [(i * nproc, 0, -6, pids[0], t_to + sec(5), None)], pid=apid)
            c.add(f"{base}/{h}/torchrun.log", L)
        c.add(f"{base}/fr_trace_analysis.txt", fr_header(32, "fr_rank_", f"/ckpt/gpt-neo-2b/fr/a{a}/") + fr_entry(
            "errors", seq, seq - 1, "0:default_pg", "nccl:all_reduce", "[[26214400]]", "[[26214400]]", 32,
            "{" + ", ".join(str(r) for r in range(32)) + "}", "scheduled",
            ["all_reduce at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:2501",
             "_run_ddp_forward / reducer hook (C++)",
             "backward at /usr/local/lib/python3.10/dist-packages/torch/_tensor.py:521",
             "train_step at /code/neo/trainer.py:196"],
            errors=f"Culprit rank {bad}; Error type: SIZE_OR_SYNTAX_MISMATCH, Expected input sizes: '[[26214400]]' does not match found input sizes: '[[1]]'"))
        sacct_rows.append((f"7730411", a, t0, t_to))
        c.add(f"{base}/slurm-7730411.out", [
            f"{t0 - sec(5):%Y-%m-%dT%H:%M:%S} [{note}] SLURM_RESTART_COUNT={a - 1} nodes=node[2101-2104]",
            "srun: error: node2101: task 0: Exited with exit code 1",
            "srun: error: node2102: task 1: Exited with exit code 1",
            "srun: error: node2103: task 2: Exited with exit code 1",
            "srun: error: node2104: task 3: Exited with exit code 1",
            ("requeue: failure within 6h, SLURM_RESTART_COUNT < 2, scontrol requeue 7730411" if a < 3 else "requeue: restart budget exhausted, not requeueing")])
    c.add("sacct.txt", sacct(7730411, "neo-2b", "FAILED", "1:0", "00:42:31", 4, "node[2101-2104]",
                             attempts[2][0], attempts[2][0] + sec(2551)) + [
        "# sacct -D -j 7730411 (duplicates = requeued runs)",
        f"7730411      neo-2b        gpu  llm-pretr        384   REQUEUED      1:0   01:25:10        4 node[2101-2104] {attempts[0][0]:%Y-%m-%dT%H:%M:%S} {attempts[1][0] - sec(30):%Y-%m-%dT%H:%M:%S} ",
        f"7730411      neo-2b        gpu  llm-pretr        384   REQUEUED      1:0   00:49:21        4 node[2101-2104] {attempts[1][0]:%Y-%m-%dT%H:%M:%S} {attempts[2][0] - sec(40):%Y-%m-%dT%H:%M:%S} "])
    c.set_label("hang", "script", None, "stop",
                "Each run hangs with a flight-recorder size mismatch (one rank's allreduce is a 1-element loss tensor while the others "
                "are in the 26M-element gradient bucket), each time on a different rank and node (12, 27, 5) and each right after that "
                "rank logged 'skipping micro-batch: 0 target tokens'. The user's skip path desynchronises DDP; the nodes are not at fault.",
                "https://docs.pytorch.org/docs/stable/notes/ddp.html")
    return c


# ---------------------------------------------------------------------------
def bc27():
    c = Case("bc27_same_rank_stops_progressing_in_two_runs", 5827)
    hosts = ["gpu-b2-005", "gpu-b2-006", "gpu-b2-007", "gpu-b2-008"]
    nproc, nn = 8, 4
    bad = 22
    runs = [(T(2025, 1, 14, 3, 12, 9), 40001, 41877, 125632), (T(2025, 1, 14, 6, 48, 55), 41001, 41655, 1966)]
    for a, (t0, s0, s_hang, seq) in enumerate(runs, 1):
        base = f"attempt_{a}"
        t_hang = t0 + sec(95) + sec(int((s_hang - s0) * 1.11))
        t_to = t_hang + sec(600)
        for i, h in enumerate(hosts):
            apid = 3300 + 10 * a + i
            pids = _pids(61100 + 1000 * a + 100 * i, nproc)
            L = preamble(c, h, i, nn, nproc, t0, hosts[0], pids, f"10.60.2.{5 + i}", f"mixtral-ft-a{a}", apid,
                         nccl_ver="2.21.5+cuda12.4", channels=8,
                         nics=("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"))
            if i == 0:
                L.append(f"[rank0]: {pylog(t0 + sec(60))} INFO checkpoint: resumed from /weka/mixtral-ft/step_{s0 - 1} in 33.0s")
                sl, _, _ = step_lines(c, t0 + sec(95), s0, s_hang - 1, 1.11, 1.71, every=1, fmt="plain")
                L += sl
            for lr in range(nproc):
                g = i * nproc + lr
                tt = t_to + ms(c.rng.randint(0, 700))
                if g == bad:
                    L.append(f"[rank{g}]:[E{glog(c, tt)} ProcessGroupNCCL.cpp:1987] [PG ID 0 PG GUID 0(default_pg) Rank {g}] Received a dump signal due to a collective timeout from rank 0 and we will try our best to dump the debug info. Last enqueued NCCL work: {seq - 1}, last completed NCCL work: {seq - 1}.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. ")
                    L += fr_dump_lines(c, g, tt + ms(50), f"/weka/mixtral-ft/fr/a{a}/rank_", ver="2.5")
                    continue
                L += watchdog_timeout(c, g, tt, seq, "_REDUCE_SCATTER_BASE", 377487360, 11796480, 600000, seq + 1, seq - 1,
                                      ver="2.5", frames=(lr % 4 == 0), dump_from=("this local rank" if g == 0 else "rank 0"))
            L += sigterm_agent(t_to + sec(6), apid, pids)
            if h == "gpu-b2-007":
                L.append(pyglog(t_to + sec(36), "W", apid, "torch/distributed/elastic/multiprocessing/api.py:875") + f" Unable to shutdown process {pids[6]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL")
            L += child_failed(t_to + sec(38), h, [(i * nproc, 0, -6, pids[0], t_to + sec(6), None)], pid=apid)
            c.add(f"{base}/{h}/torchrun.log", L)
            c.add(f"{base}/{h}/dmesg.txt", [
                f"{iso(t0 - sec(3600 * 5 + 11 * i))} {h} kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
                f"{iso(t0 - sec(3600 * 5 - 40))} {h} kernel: nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000",
                f"{iso(t0 - sec(600))} {h} kernel: nv-hostengine[2231]: segfault at 8 ip 00007f93a2c1e3c4 sp 00007ffd5d8e0a40 error 4 in libnvidia-ml.so.550.90.07[7f93a2b00000+1e0000] likely on CPU 17 (core 9, socket 0)" if (a == 1 and i == 1) else
                f"{iso(t0 - sec(600))} {h} kernel: EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.",
            ])
        pid_bad = 61100 + 1000 * a + 200 + 66
        c.add(f"{base}/gpu-b2-007/pyspy_rank22.txt", pyspy(pid_bad, "/opt/venv/bin/python -u -m mixft.train --config cfg/mixtral_ft.yaml", [
            (pid_bad, "active", "MainThread", [
                "0x7fa4e1c02a17 (libcuda.so.550.90.07)",
                "cuStreamSynchronize (libcuda.so.550.90.07)",
                "cudaStreamSynchronize (libcudart.so.12)",
                "at::native::_local_scalar_dense_cuda(at::Tensor const&) (libtorch_cuda.so)",
                "at::native::item(at::Tensor const&) (libtorch_cpu.so)",
                ("_check_router_balance (mixft/moe.py:233)" if a == 1 else "_aux_loss (mixft/moe.py:198)"),
                "forward (mixft/moe.py:260)",
                "_call_impl (torch/nn/modules/module.py:1747)",
                "forward (mixft/model.py:411)",
                "train_step (mixft/train.py:188)",
                "main (mixft/train.py:301)",
                "_run_code (runpy.py:86)"])] + pyspy_bg_threads(pid_bad), python="Python v3.11.9 (/opt/venv/bin/python)"))
        c.add(f"{base}/fr_trace_analysis.txt", fr_header(32, "rank_", f"/weka/mixtral-ft/fr/a{a}/") + fr_entry(
            "missing", seq, seq - 1, "0:default_pg", "nccl:_reduce_scatter_base", "[[377487360]]", "[[11796480]]", 32,
            "{" + ", ".join(str(r) for r in range(32)) + "}", "scheduled",
            ["_reduce_scatter_base at /opt/venv/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:4210",
             "_reduce_grad at /opt/venv/lib/python3.11/site-packages/torch/distributed/fsdp/_runtime_utils.py:1112",
             "_post_backward_hook at /opt/venv/lib/python3.11/site-packages/torch/distributed/fsdp/_runtime_utils.py:744",
             "train_step at mixft/train.py:193"], missing="{22}"))
    c.add("attempt_2/requeue_note.txt", ["auto-requeue (same allocation, same nodes gpu-b2-[005-008]) after attempt 1 exit 1"])
    c.set_label("hang", "infrastructure", {"node": "gpu-b2-007", "rank": 22}, "run_diagnostics",
                "In both runs flight recorder says rank 22 never joined the reduce-scatter (last enqueued = last completed) and py-spy "
                "shows it stuck in cudaStreamSynchronize inside its own forward, at different Python call sites; it also ignores "
                "SIGTERM. Same GPU (gpu-b2-007 GPU 6) both times, no Xid logged: diagnose that GPU.",
                "https://github.com/pytorch/pytorch/issues/95944")
    return c


CASES = [bc01, bc02, bc03, bc04, bc05, bc14, bc26, bc27]
