"""Application-, scheduler- and shared-service-flavoured cases: hangs, user code, numerics,
stragglers, storage, clean endings."""

from __future__ import annotations

from datetime import timedelta

from kit import (Case, TLog, T, age, child_failed, describe_pod, dmesg_T, dmesg_raw, events_table,
                 get_pods, iso_s, iso_z, journal, klog, label, nccl, nccl_async_error, pylog, rfc1123,
                 rng_for, sigterm_child, step_line, syslog, torch_c, torch_py, train_pod,
                 watchdog_timeout, nvidia_smi_table, busid_of, PY, A3_BUS, H100_BUS, P5_BUS, ND_BUS)

S = timedelta(seconds=1)
M = timedelta(minutes=1)


def _hex(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _sfx(rng, n=5):
    return "".join(rng.choice("bcdfghjklmnpqrstvwxz2456789") for _ in range(n))


# =========================================================================== ay13
def ay13():
    name = "ay13_volcano_job_every_rank_timeout_same_seq"
    rng = rng_for(name)
    c = Case(name, label("hang", "infrastructure", None, None, "restart",
                         "All 32 ranks enqueued AllReduce 233187 and all time out on it together; no rank is missing, no node "
                         "shows an Xid, link error or stuck process. The only link event recovered an hour earlier.",
                         "https://github.com/pytorch/pytorch/issues/140563"))
    job = "gpt-vc"
    pods = [f"{job}-master-0", f"{job}-worker-0", f"{job}-worker-1", f"{job}-worker-2"]
    nodes = ["node0407", "node0408", "node0411", "node0415"]
    t0 = T("2024-04-18 20:00:00.000")
    th = T("2024-04-18 23:12:08.000")
    seq = 233187
    for i, pod in enumerate(pods):
        tl = TLog()
        info = train_pod(tl, pod, i, 4, t0, "gptvc", f"{job}-master-0.{job}", ip=f"172.16.40.{7 + i}", step_s=0.95,
                         t_end=th, rng=rng, net="IB", log_every=500, flood=3)
        tw = th + timedelta(minutes=10, seconds=0.3 * i)
        for k in range(8):
            g = i * 8 + k
            tl.extend(tw + timedelta(milliseconds=6 * k), watchdog_timeout(tw, g, seq, "ALLREDUCE", 141557760, last_enq=seq, last_done=seq - 1, tail=(k == 0)))
            tl.add(tw + timedelta(milliseconds=6 * k + 2), torch_c(tw, "E", "ProcessGroupNCCL.cpp:1397", g) +
                   f"[PG 0 (default_pg) Rank {g}] ProcessGroupNCCL preparing to dump debug info. Include only the local trace buffer.")
        tl.extend(tw + 3 * S, child_failed(tw + 3 * S, pod, "pretrain_gpt.py", [(i * 8, 0, -6, info["pids"][0], f"Signal 6 (SIGABRT) received by PID {info['pids'][0]}")], info["agent"]))
        c.add(f"{nodes[i]}/{pod}.log", tl.kube())
        boot = T("2024-04-02 11:00:00.000")
        dm = [syslog(boot + 40 * S, nodes[i], "kernel") + "mlx5_core 0000:1a:00.0: firmware version: 28.39.1002",
              syslog(boot + 41 * S, nodes[i], "kernel") + "mlx5_core 0000:1a:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 97656Mbps",
              syslog(boot + 90 * S, nodes[i], "kernel") + "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Wed Mar 13 21:09:31 UTC 2024"]
        if i == 2:
            dm += [syslog(th - timedelta(minutes=64), nodes[i], "kernel") + "mlx5_core 0000:9c:00.0 ibp156s0: Link down",
                   syslog(th - timedelta(minutes=64) + 6 * S, nodes[i], "kernel") + "mlx5_core 0000:9c:00.0 ibp156s0: Link up"]
        c.add(f"{nodes[i]}/kern.log", dm)
        c.add(f"{nodes[i]}/ibstat_perfquery.txt", [f"$ ibstat | grep -E \"CA '|State|Rate\"  # collected {iso_s(tw + 5 * M)}"] +
              [ln for k in range(8) for ln in (f"CA 'mlx5_{k}'", "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400")] +
              ["$ perfquery -x -a | grep -E 'SymbolErrorCounter|LinkDownedCounter|PortRcvErrors'",
               "SymbolErrorCounter:..............0", f"LinkDownedCounter:...............{1 if i == 2 else 0}", "PortRcvErrors:...................0"])
    now = th + timedelta(minutes=30)
    c.add("fr_trace_summary.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr/gpt-vc -p nccl_trace_rank_",
        "Loaded 32 dumps (ranks 0-31) from /shared/fr/gpt-vc",
        "group 0 (default_pg), size 32",
        f"  last completed collective on all ranks: {seq - 1} nccl:all_reduce",
        f"  collective {seq} nccl:all_reduce in[141557760] out[141557760]: state=started on 32/32 ranks",
        "  no mismatched collectives found; no missing ranks",
        f"  pending p2p ops: none"])
    c.add("vcjob_describe.txt", [
        f"Name:         {job}", "Namespace:    research", "API Version:  batch.volcano.sh/v1alpha1", "Kind:         Job",
        "Spec:", "  Max Retry:  0", "  Min Available:  4", "  Policies:", "    Action:  AbortJob", "    Event:   PodFailed",
        "  Queue:  h100-research", "  Scheduler Name:  volcano",
        "Status:", "  Failed:  4", "  State:", f"    Last Transition Time:  {iso_s(th + timedelta(minutes=10, seconds=9))}", "    Phase:                 Aborted",
        "Events:", "  Type     Reason           Age   From                   Message", "  ----     ------           ----  ----                   -------",
        f"  Normal   ExecuteAction    {age(now - th - 10 * M)}   vc-controller-manager  Start to execute action AbortJob ",
        f"  Warning  PodFailed        {age(now - th - 10 * M)}   vc-controller-manager  Pod {pods[0]} failed"])
    return c


# =========================================================================== ay14
def ay14():
    name = "ay14_ray_train_run_fails_after_zero_iterations"
    rng = rng_for(name)
    head = f"ft-ray-raycluster-{_sfx(rng)}-head-{_sfx(rng)}"
    workers = [f"ft-ray-raycluster-{_sfx(rng)}-gpu-group-worker-{_sfx(rng)}" for _ in range(4)]
    c = Case(name, label("user_code", "script", None, None, "stop",
                         "Every Ray Train worker raises the same KeyError('attention_mask') in the user's collate function on the "
                         "first batch; the raylet warnings and pending CPU requests are noise.",
                         "https://docs.ray.io/en/latest/train/getting-started-pytorch.html"))
    t0 = T("2024-07-08 14:58:20.000")
    ips = ["10.8.3.17", "10.8.5.22", "10.8.6.4", "10.8.9.30", "10.8.11.2"]
    drv = TLog()
    drv.add(t0, "2024-07-08 14:58:20,114\tINFO worker.py:1564 -- Connecting to existing Ray cluster at address: 10.8.3.17:6379...",
            "2024-07-08 14:58:20,130\tINFO worker.py:1740 -- Connected to Ray cluster. View the dashboard at http://10.8.3.17:8265 ")
    drv.add(t0 + 2 * S, "2024-07-08 14:58:22,411\tINFO tune.py:616 -- [output] This uses the legacy output and progress reporter, as Jupyter notebooks are not supported by the new engine, yet.",
            "(TrainTrainable pid=4012, ip=10.8.3.17) Trainable.setup took 14.262 seconds. If your trainable is slow to initialize, consider setting reuse_actors=True to reduce actor creation overheads.")
    drv.add(t0 + 18 * S, "(TorchTrainer pid=4012, ip=10.8.3.17) Started distributed worker processes: ")
    for k, ip in enumerate(ips[1:]):
        for j in range(8):
            drv.add(t0 + 18 * S, f"(TorchTrainer pid=4012, ip=10.8.3.17) - (node_id={_hex(rng, 56)}, ip={ip}, pid={870 + j}) world_rank={k * 8 + j}, local_rank={j}, node_rank={k}")
    drv.add(t0 + 21 * S, "(RayTrainWorker pid=870, ip=10.8.5.22) Setting up process group for: env:// [rank=0, world_size=32]")
    drv.add(t0 + 25 * S, "(autoscaler +31s) Warning: The following resource request cannot be scheduled right now: {'CPU': 1.0}. This is likely due to all cluster resources being claimed by actors. Consider creating fewer actors or adding more nodes to this Ray cluster.")
    drv.add(t0 + 38 * S, "(RayTrainWorker pid=870, ip=10.8.5.22) Moving model to device: cuda:0",
            "(RayTrainWorker pid=870, ip=10.8.5.22) Wrapping provided model in DistributedDataParallel.")
    te = t0 + 52 * S
    for k, ip in enumerate(ips[1:]):
        for j in (0, 3):
            drv.add(te + timedelta(milliseconds=40 * k + j), f"(RayTrainWorker pid={870 + j}, ip={ip}) [rank{k * 8 + j}]: KeyError: 'attention_mask'  (raised in collate at /app/data.py:41)")
    tb = ["2024-07-08 14:59:13,402\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_6a1f2_00000",
          "Traceback (most recent call last):",
          '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/air/execution/_internal/event_manager.py", line 110, in resolve_future',
          "    result = ray.get(future)",
          '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/auto_init_hook.py", line 21, in auto_init_wrapper',
          "    return fn(*args, **kwargs)",
          '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/worker.py", line 2667, in get',
          "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
          '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/worker.py", line 864, in get_objects',
          "    raise value.as_instanceof_cause()",
          f"ray.exceptions.RayTaskError(KeyError): ray::_Inner.train() (pid=4012, ip=10.8.3.17, actor_id={_hex(rng, 32)}, repr=TorchTrainer)",
          '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/tune/trainable/trainable.py", line 331, in train',
          "    raise skipped from exception_cause(skipped)",
          '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/utils.py", line 57, in check_for_failure',
          "    ray.get(object_ref)",
          f"ray.exceptions.RayTaskError(KeyError): ray::_RayTrainWorker__execute.get_next() (pid=873, ip=10.8.6.4, actor_id={_hex(rng, 32)}, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f2b9c1e3a60>)",
          '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/worker_group.py", line 33, in __execute',
          "    raise skipped from exception_cause(skipped)",
          '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/utils.py", line 176, in discard_return_wrapper',
          "    train_func(*args, **kwargs)",
          '  File "/app/train_ray.py", line 88, in train_loop_per_worker',
          "    for step, batch in enumerate(loader):",
          '  File "/home/ray/anaconda3/lib/python3.10/site-packages/torch/utils/data/dataloader.py", line 631, in __next__',
          "    data = self._next_data()",
          '  File "/home/ray/anaconda3/lib/python3.10/site-packages/torch/utils/data/dataloader.py", line 675, in _next_data',
          "    data = self._dataset_fetcher.fetch(index)  # may raise StopIteration",
          '  File "/home/ray/anaconda3/lib/python3.10/site-packages/torch/utils/data/_utils/fetch.py", line 54, in fetch',
          "    return self.collate_fn(data)",
          '  File "/app/data.py", line 41, in collate',
          '    "attention_mask": torch.stack([ex["attention_mask"] for ex in examples]),',
          '  File "/app/data.py", line 41, in <listcomp>',
          '    "attention_mask": torch.stack([ex["attention_mask"] for ex in examples]),',
          "KeyError: 'attention_mask'",
          "",
          "Training errored after 0 iterations at 2024-07-08 14:59:13. Total running time: 53s",
          "Error file: /home/ray/ray_results/TorchTrainer_2024-07-08_14-58-22/TorchTrainer_6a1f2_00000_0_2024-07-08_14-58-22/error.txt",
          "",
          "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run.",
          "To continue this run, you can use: `trainer = TorchTrainer.restore(\"/home/ray/ray_results/TorchTrainer_2024-07-08_14-58-22\")`.",
          "To start a new run that will retry on training failures, set `train.RunConfig(failure_config=train.FailureConfig(max_failures))` in the Trainer's `run_config` with `max_failures > 0`, or `max_failures = -1` for unlimited retries."]
    drv.add(te + 1 * S, *tb)
    c.add(f"{head}/rayjob-driver.log", drv.render())
    c.add(f"{head}/monitor.log", [f"2024-07-08 14:{57 + k // 60:02d}:{k % 60:02d},{rng.randint(100, 999)}\tINFO autoscaler.py:469 -- Resized to 160 CPUs, 32 GPUs." for k in range(0, 110, 11)])
    for k, w in enumerate(workers):
        r = TLog()
        r.add(t0 - 60 * S, f"[2024-07-08 14:57:20,{rng.randint(100, 999)} I 211 211] (raylet) main.cc:179: Setting cluster ID to: {_hex(rng, 56)}",
              f"[2024-07-08 14:57:20,{rng.randint(100, 999)} I 211 211] (raylet) node_manager.cc:1012: Raylet of id, {_hex(rng, 56)} started. Raylet consists of node_manager and object_manager. node_manager address: {ips[k + 1]}:45111 object_manager address: {ips[k + 1]}:34871 hostname: {w} node_manager.cc:1012")
        r.add(te - 20 * S, f"[2024-07-08 14:58:53,{rng.randint(100, 999)} I 211 258] (raylet) local_object_manager.cc:490: Spilled 1811 MiB, 212 objects, write throughput 1422 MiB/s.")
        r.add(te + 1 * S, f"[2024-07-08 14:59:13,{rng.randint(100, 999)} I 211 211] (raylet) worker_pool.cc:595: Worker process {870 + (k * 3) % 8} exited with code 1 (RayTrainWorker, reason: user exception)")
        c.add(f"{w}/raylet.out", r.render())
        wl = TLog()
        for j in range(8):
            pid = 870 + j
            wl.add(t0 + 24 * S, nccl(w, pid, pid, j, "cudaDriverVersion 12020"),
                   nccl(w, pid, pid + 61, j, f"ncclCommInitRank comm 0x{_hex(rng, 8)} rank {k * 8 + j} nranks 32 cudaDev {j} nvmlDev {j} busId {busid_of(H100_BUS[j])} commId 0x{_hex(rng, 16)} - Init COMPLETE"))
        wl.add(te, f"[rank{k * 8}]: KeyError: 'attention_mask'")
        c.add(f"{w}/worker-{_hex(rng, 8)}-{870}.err", wl.render())
    c.add("rayjob_status.yaml", ["status:", "  jobDeploymentStatus: Complete", "  jobStatus: FAILED",
                                 "  message: 'Job entrypoint command failed with exit code 1, last available logs (truncated to 20,000 chars): ... KeyError: ''attention_mask'''",
                                 f"  startTime: \"{iso_s(t0 - 90 * S)}\"", f"  endTime: \"{iso_s(te + 3 * S)}\""])
    return c


# =========================================================================== ay15
def ay15():
    name = "ay15_jobset_restart_fails_again_at_same_step"
    rng = rng_for(name)
    c = Case(name, label("user_code", "script", None, None, "stop",
                         "In both attempts global rank 18 raises the same RoPE shape mismatch (8192 vs 4096) at step 3817 while "
                         "running on different nodes; the NCCL errors on the other pods come after it. The sequence packer emits "
                         "over-long samples: a deterministic bug in the script.",
                         "https://github.com/kubernetes-sigs/jobset"))
    js = "pretrain-js"
    placement = {1: ["gke-pt-h100-pool-5a1b-2kx0", "gke-pt-h100-pool-5a1b-6tmw", "gke-pt-h100-pool-5a1b-j8rt", "gke-pt-h100-pool-5a1b-r3qd"],
                 2: ["gke-pt-h100-pool-5a1b-6tmw", "gke-pt-h100-pool-5a1b-r3qd", "gke-pt-h100-pool-5a1b-p2lc", "gke-pt-h100-pool-5a1b-2kx0"]}
    starts = {1: T("2025-06-09 16:00:00.000"), 2: T("2025-06-09 20:10:30.000")}
    resume = {1: 0, 2: 3000}
    fail_step = 3817
    step_s = 3.2
    for a in (1, 2):
        t0 = starts[a]
        tfail = t0 + timedelta(seconds=45 + (fail_step - resume[a]) * step_s)
        sfx = [_sfx(rng) for _ in range(4)]
        for i in range(4):
            pod = f"{js}-workers-0-{i}-{sfx[i]}"
            node = placement[a][i]
            tl = TLog()
            if a == 2:
                tl.add(t0 + 30 * S, pylog(t0 + 30 * S, "ckpt", "INFO", -7) + f"restored step 3000 from gs://acme-ckpt/pretrain-js/step_3000 (rank {i * 8})")
            info = train_pod(tl, pod, i, 4, t0, f"pjs-{a}", f"{js}-workers-0-0.{js}", ip=f"10.90.{i}.{4 + a}", step0=resume[a],
                             step_s=step_s, t_end=tfail + (0 if i == 2 else 1) * S, rng=rng, net="TCPX", busids=A3_BUS,
                             log_every=100)
            if i == 2:
                g = 18
                te = tfail - 0.3 * S
                tl.add(te - 0.2 * S, pylog(te - 0.2 * S, "packer", "WARNING", -7) + "shard 00412 doc 88123: packed length 8192 > max_seq_len 4096, keeping (truncate=False)")
                tl.add(te, f"[rank{g}]: Traceback (most recent call last):",
                       f'[rank{g}]:   File "/src/pretrain.py", line 301, in <module>',
                       f"[rank{g}]:     main()",
                       f'[rank{g}]:   File "/src/pretrain.py", line 262, in main',
                       f"[rank{g}]:     loss = model(batch).loss",
                       f'[rank{g}]:   File "{PY}/torch/nn/modules/module.py", line 1747, in _call_impl',
                       f"[rank{g}]:     return forward_call(*args, **kwargs)",
                       f'[rank{g}]:   File "/src/model/attention.py", line 112, in forward',
                       f"[rank{g}]:     q, k = apply_rotary(q, k, self.cos_cached, self.sin_cached)",
                       f'[rank{g}]:   File "/src/model/rope.py", line 57, in apply_rotary',
                       f"[rank{g}]:     q_embed = (q * cos) + (rotate_half(q) * sin)",
                       f"[rank{g}]: RuntimeError: The size of tensor a (8192) must match the size of tensor b (4096) at non-singleton dimension 1")
                tl.extend(te + 1.5 * S, sigterm_child(te + 1.5 * S, info["agent"], [p for k, p in enumerate(info["pids"]) if k != 2]))
                tl.extend(te + 3 * S, child_failed(te + 3 * S, pod, "pretrain.py", [(18, 2, 1, info["pids"][2], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], info["agent"]))
            else:
                tr = tfail + timedelta(seconds=2.6 + 0.2 * i)
                for k in (1, 6):
                    gg = i * 8 + k
                    tl.add(tr, nccl(pod, info["pids"][k], info["pids"][k] + 71, k, f"tcpxResult_t tcpxCommProgress(tcpxComm*):1176 NCCL WARN Connection closed by remote peer 192.168.{k // 2 + 1}.{30 + 2}<{47000 + gg}>", "WARN"))
                    tl.extend(tr + 0.2 * S, nccl_async_error(tr + 0.2 * S, gg, f"socketProgress: Connection closed by remote peer 10.90.2.{4 + a}<{47000 + gg}>"))
                tl.extend(tr + 1 * S, sigterm_child(tr + 1 * S, info["agent"], [p for k, p in enumerate(info["pids"]) if k not in (1, 6)]))
                tl.extend(tr + 3 * S, child_failed(tr + 3 * S, pod, "pretrain.py", [(i * 8 + 1, 1, -6, info["pids"][1], f"Signal 6 (SIGABRT) received by PID {info['pids'][1]}")], info["agent"]))
            c.add(f"attempt_{a}/{node}/{pod}.log", tl.kube())
        now = tfail + timedelta(minutes=3)
        c.add(f"attempt_{a}/kubectl_get_pods.txt", get_pods([(f"{js}-workers-0-{k}-{sfx[k]}", "0/1", "Error", 0, age(now - t0), f"10.90.{k}.{4 + a}", placement[a][k]) for k in range(4)]))
    c.add("jobset_events.txt", events_table([
        (starts[1] + timedelta(hours=3, minutes=24), "Warning", "BackoffLimitExceeded", f"job/{js}-workers-0", "Job has reached the specified backoff limit"),
        (starts[1] + timedelta(hours=3, minutes=24, seconds=2), "Normal", "Restarting", f"jobset/{js}", "jobset pretrain-js restarting (restart 1/1): job pretrain-js-workers-0 failed"),
        (starts[2] + timedelta(minutes=45, seconds=20), "Warning", "BackoffLimitExceeded", f"job/{js}-workers-0", "Job has reached the specified backoff limit"),
        (starts[2] + timedelta(minutes=45, seconds=21), "Warning", "FailedJobs", f"jobset/{js}", "jobset pretrain-js failed: reached maxRestarts (1)"),
    ], starts[2] + timedelta(minutes=50)))
    return c


# =========================================================================== ay16
def ay16():
    name = "ay16_loss_blows_up_at_same_step_each_retry"
    rng = rng_for(name)
    c = Case(name, label("numerical", "script", None, None, "stop",
                         "Three attempts on three different node sets all resume from step 12000 and diverge identically "
                         "(grad norm explodes, loss NaN at 12437) under lr 6e-4 with clipping disabled: the recipe, not the "
                         "hardware.",
                         "https://github.com/NVIDIA/tacotron2/issues/283"))
    job = "llm-1b-pt"
    pods = [f"{job}-master-0", f"{job}-worker-0", f"{job}-worker-1"]
    pool = [f"ip-10-2-{a}-{b}.ec2.internal" for a, b in ((4, 18), (4, 77), (5, 102), (6, 31), (6, 200), (7, 9), (7, 66), (8, 140))]
    placement = {1: [pool[0], pool[1], pool[2]], 2: [pool[3], pool[4], pool[5]], 3: [pool[6], pool[1], pool[7]]}
    starts = {1: T("2024-03-25 07:00:00.000"), 2: T("2024-03-25 07:43:10.000"), 3: T("2024-03-25 08:26:55.000")}
    fail = 12437
    step_s = 2.8

    def lossf(s):
        if s < 12380:
            return 2.312 + rng.uniform(-0.01, 0.01)
        x = s - 12380
        return 2.31 * (1.07 ** x)

    def gnorm(s):
        if s < 12380:
            return f" | grad_norm {0.42 + rng.uniform(-0.05, 0.05):.2f}"
        return f" | grad_norm {0.42 * (1.19 ** (s - 12380)):.2f}"

    for a in (1, 2, 3):
        t0 = starts[a]
        tfail = t0 + timedelta(seconds=45 + (fail - 12000) * step_s)
        for i, pod in enumerate(pods):
            tl = TLog()
            if i == 0:
                tl.add(t0 + 2 * S, pylog(t0 + 2 * S, "cfg") + "optimizer=adamw lr=6.0e-04 betas=(0.9,0.95) wd=0.1 warmup_steps=2000 schedule=constant_with_warmup clip_grad_norm=0.0 (disabled) precision=bf16")
            tl.add(t0 + 30 * S, pylog(t0 + 30 * S, "ckpt") + f"resumed from s3://acme-llm/ckpt/llm-1b/step_12000 (rank {i * 8})")
            info = train_pod(tl, pod, i, 3, t0, f"llm1b-{a}", pods[0], ip=f"10.2.{a}.{10 + i}", step0=12000, step_s=step_s,
                             t_end=tfail, rng=rng, net="OFI", busids=P5_BUS, log_every=10, loss_fn=lossf, step_extra=gnorm)
            te = tfail + 0.1 * S
            if i == 0:
                tl.add(te, step_line(te, fail, float("nan"), 6e-4, 401233, extra=" | grad_norm inf"))
            for k in range(8):
                g = i * 8 + k
                tl.add(te + timedelta(milliseconds=4 * k), f"[rank{g}]: Traceback (most recent call last):",
                       f'[rank{g}]:   File "/opt/llm/train.py", line 233, in <module>',
                       f"[rank{g}]:     train(cfg)",
                       f'[rank{g}]:   File "/opt/llm/train.py", line 190, in train',
                       f"[rank{g}]:     raise RuntimeError(f\"Loss is NaN at step {{step}}\")",
                       f"[rank{g}]: RuntimeError: Loss is NaN at step {fail}")
            tl.extend(te + 2 * S, child_failed(te + 2 * S, pod, "train.py", [(i * 8 + k, k, 1, info["pids"][k], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html") for k in range(8)], info["agent"]))
            c.add(f"attempt_{a}/{placement[a][i]}/{pod}.log", tl.kube())
        now = tfail + timedelta(minutes=2)
        c.add(f"attempt_{a}/kubectl_get_pods.txt", get_pods([(p, "0/1", "Error", a - 1, age(now - t0), f"10.2.{a}.{10 + k}", placement[a][k]) for k, p in enumerate(pods)]))
    c.add("pytorchjob_events.txt", [
        "Events:", "  Type     Reason                       Age    From                   Message", "  ----     ------                       ----   ----                   -------",
        "  Normal   PyTorchJobRestarting         2h     pytorchjob-controller  PyTorchJob default/llm-1b-pt is restarting because 1 Master replica(s) failed.",
        "  Normal   PyTorchJobRestarting         80m    pytorchjob-controller  PyTorchJob default/llm-1b-pt is restarting because 1 Master replica(s) failed.",
        "  Warning  PyTorchJobFailed             37m    pytorchjob-controller  PyTorchJob default/llm-1b-pt is failed because 1 Master replica(s) failed.",
        "  Warning  BackoffLimitExceeded         37m    pytorchjob-controller  Job llm-1b-pt has failed because it has reached the specified backoff limit"])
    return c


# =========================================================================== ay21
def ay21():
    name = "ay21_checkpoint_save_raises_on_all_ranks"
    rng = rng_for(name)
    c = Case(name, label("storage", "infrastructure", None, None, "stop",
                         "Every rank gets EDQUOT (Errno 122) writing the step-20000 checkpoint to /amlfs; the project quota on the "
                         "Azure Managed Lustre file system is exhausted. A person must raise the quota or clean up.",
                         "https://learn.microsoft.com/en-us/azure/azure-managed-lustre/lustre-quotas"))
    nodes = ["ccw-gpu-5", "ccw-gpu-6", "ccw-gpu-7", "ccw-gpu-8"]
    jobid = 9120
    t0 = T("2025-04-14 02:00:03.000")
    tck = T("2025-04-14 15:53:20.000")
    out = TLog()
    out.add(t0 - 2 * S, "+ srun --label --ntasks-per-node=8 python -u train.py --cfg cfg/moe16b.yaml --ckpt-dir /amlfs/proj-moe/ckpt/run42 --save-every 5000")
    for g in range(32):
        out.add(t0 + timedelta(seconds=20, milliseconds=13 * g), f"{g}: " + nccl(nodes[g // 8], 22011 + 7 * (g % 8), 22011 + 7 * (g % 8) + 61, g % 8,
                f"ncclCommInitRank comm 0x{_hex(rng, 8)} rank {g} nranks 32 cudaDev {g % 8} nvmlDev {g % 8} busId {busid_of(ND_BUS[g % 8])} commId 0x{_hex(rng, 16)} - Init COMPLETE"))
    t = t0 + 60 * S
    s = 0
    while t < tck:
        if s % 250 == 0:
            out.add(t, "0: " + step_line(t, s, 1.9 + 2000 / (s + 2500), 2e-4, 388000 * rng.uniform(0.98, 1.02)))
        if s in (5000, 10000, 15000):
            out.add(t + 1 * S, f"0: " + pylog(t + S, "ckpt") + f"saving distributed checkpoint to /amlfs/proj-moe/ckpt/run42/step_{s}")
            out.add(t + 95 * S, f"0: " + pylog(t + 95 * S, "ckpt") + f"saved step_{s} (1.71 TiB) in 94.2s")
            t += 95 * S
        s += 1
        t += timedelta(seconds=2.61)
    out.add(tck, f"0: " + pylog(tck, "ckpt") + "saving distributed checkpoint to /amlfs/proj-moe/ckpt/run42/step_20000")
    te = tck + 41 * S
    ranks_tb = []
    for r in (0, 9, 17):
        ranks_tb += [f"Traceback (most recent call last): (RANK {r})",
                     f'  File "{PY}/torch/distributed/checkpoint/utils.py", line 212, in reduce_scatter',
                     "    local_data = map_fun()",
                     f'  File "{PY}/torch/distributed/checkpoint/filesystem.py", line 625, in _write_files_from_queue',
                     "    stream.write(data)",
                     f"OSError: [Errno 122] Disk quota exceeded: '/amlfs/proj-moe/ckpt/run42/step_20000/__{r}_0.distcp'"]
    for g in range(32):
        out.add(te + timedelta(milliseconds=20 * g), f"{g}: [rank{g}]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31])")
    out.extend(te + 1 * S, [f"0: {ln}" for ln in ranks_tb])
    out.add(te + 3 * S, "srun: error: ccw-gpu-5: tasks 0-7: Exited with exit code 1", "srun: error: ccw-gpu-6: tasks 8-15: Exited with exit code 1",
            "srun: error: ccw-gpu-7: tasks 16-23: Exited with exit code 1", "srun: error: ccw-gpu-8: tasks 24-31: Exited with exit code 1")
    c.add(f"slurm-{jobid}.out", out.render())
    for i, n in enumerate(nodes):
        kl = [syslog(t0 - timedelta(days=1), n, "kernel") + "Lustre: Lustre: Build Version: 2.15.4_42_gd6d405d",
              syslog(t0 - timedelta(days=1), n, "kernel") + "Lustre: Mounted amlfs-client"]
        if i in (1, 3):
            tf = tck - timedelta(hours=2, minutes=11)
            kl += [syslog(tf, n, "kernel") + "Lustre: amlfs-OST0001-osc-ff3a9c1e2b448000: Connection to amlfs-OST0001 (at 10.2.0.8@tcp) was lost; in progress operations using this service will wait for recovery to complete",
                   syslog(tf + 21 * S, n, "kernel") + "Lustre: amlfs-OST0001-osc-ff3a9c1e2b448000: Connection restored to 10.2.0.8@tcp (at 10.2.0.8@tcp)"]
        kl.append(syslog(tck + 40 * S, n, "kernel") + f"LustreError: {4411 + i}:0:(osc_request.c:1772:osc_brw_fini_request()) amlfs-OST000{i}-osc-ff3a9c1e2b448000: write failed: rc = -122")
        c.add(f"{n}/kern.log", kl)
        c.add(f"{n}/df_amlfs.txt", ["$ df -h /amlfs", "Filesystem                 Size  Used Avail Use% Mounted on",
                                    "10.2.0.4@tcp:/lustrefs      128T   71T   57T  56% /amlfs"])
    c.add("lfs_quota.txt", [
        "$ lfs quota -p 4201 -h /amlfs     # project proj-moe",
        "Disk quotas for prj 4201 (pid 4201):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "         /amlfs  10.03T*    10T     10T       -   18211       0       0       -",
        "$ du -sh /amlfs/proj-moe/ckpt/run42/*",
        "1.7T\t/amlfs/proj-moe/ckpt/run42/step_5000", "1.7T\t/amlfs/proj-moe/ckpt/run42/step_10000",
        "1.7T\t/amlfs/proj-moe/ckpt/run42/step_15000", "1.1T\t/amlfs/proj-moe/ckpt/run42/step_20000",
        "3.8T\t/amlfs/proj-moe/datasets"])
    c.add("sacct.txt", ["JobID           JobName  Partition        NodeList      State ExitCode    Elapsed",
                        "------------ ---------- ---------- --------------- ---------- -------- ----------",
                        "9120          moe16b-cpt        gpu ccw-gpu-[5-8]     FAILED      1:0   13:54:09"])
    return c


# =========================================================================== ay22
def ay22():
    name = "ay22_step_time_doubles_on_every_pod"
    rng = rng_for(name)
    c = Case(name, label("straggler", "infrastructure", None, None, "restart",
                         "Every rank on every node now waits ~2.7 s per step in the data loader, and every node logs Lustre "
                         "timeouts/reconnects to the same FSx OST while the file system runs a storage optimization. A shared "
                         "service slowdown, not one node and not the script.",
                         "https://www.repost.aws/knowledge-center/fsx-for-lustre-performance"))
    nodes = ["ip-10-0-12-41.ec2.internal", "ip-10-0-12-87.ec2.internal", "ip-10-0-13-5.ec2.internal", "ip-10-0-13-199.ec2.internal"]
    job = "vit-22b"
    pods = [f"{job}-worker-{i}" for i in range(4)]
    t0 = T("2024-09-02 00:00:00.000")
    tslow = T("2024-09-02 05:12:00.000")
    tend = T("2024-09-02 07:40:00.000")
    for i, n in enumerate(nodes):
        tl = TLog()
        train_pod(tl, pods[i], i, 4, t0, "vit22b", pods[0], ip=f"10.0.{12 + i // 2}.{41 + i}", step_s=1.0, t_end=t0 + 45 * S,
                  rng=rng, net="OFI", busids=P5_BUS)
        t = t0 + 45 * S
        s = 0
        while t < tend:
            slow = t >= tslow
            data = (0.02 if not slow else 2.71) * rng.uniform(0.9, 1.1)
            st = 1.88 + data
            if i == 0 and s % 200 == 0:
                tl.add(t, step_line(t, s, 1.44 - s * 2e-6, 8e-4, 250000 / st, extra=f" | step_time {st:.2f}s | data_wait {data:.2f}s"))
            if s % 2000 == 0 and s > 0:
                for k in range(8):
                    dw = (0.02 if not slow else 2.7) * rng.uniform(0.85, 1.15)
                    tl.add(t, pylog(t, "timer") + f"rank {i * 8 + k:2d} step {s}: data_wait {dw * 1000:.0f}ms compute {1.51 * rng.uniform(0.98, 1.02) * 1000:.0f}ms allreduce {0.36 * 1000:.0f}ms loader_workers=10 prefetch=4")
            s += 1
            t += timedelta(seconds=st)
        c.add(f"{n}/{pods[i]}.log", tl.kube())
        boot = T("2024-08-20 10:00:00.000")
        dm = [dmesg_T(boot + 60 * S) + "Lustre: Lustre: Build Version: 2.15.5",
              dmesg_T(boot + 61 * S) + "Lustre: Mounted fs-0a9c1e2b44f3d7e18-client"]
        tt = tslow - timedelta(minutes=3) + timedelta(seconds=rng.uniform(0, 40))
        while tt < tend:
            dm += [dmesg_T(tt) + f"Lustre: {rng.randint(2000, 9000)}:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent {int(tt.timestamp()) - 100}/real {int(tt.timestamp()) - 100}]  req@{_hex(rng, 16)} x{rng.randint(10**15, 10**16)}/t0(0) o3->pfkkdbmv-OST0003-osc-ff{_hex(rng, 14)}@10.0.7.91@tcp:6/4 lens 488/440 e 0 to 1 dl {int(tt.timestamp())} ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'python3.{rng.randint(100, 999)}'",
                   dmesg_T(tt) + f"Lustre: pfkkdbmv-OST0003-osc-ff{_hex(rng, 14)}: Connection to pfkkdbmv-OST0003 (at 10.0.7.91@tcp) was lost; in progress operations using this service will wait for recovery to complete",
                   dmesg_T(tt + timedelta(seconds=rng.uniform(5, 30))) + f"Lustre: pfkkdbmv-OST0003-osc-ff{_hex(rng, 14)}: Connection restored to 10.0.7.91@tcp (at 10.0.7.91@tcp)"]
            tt += timedelta(seconds=rng.uniform(200, 520))
        c.add(f"{n}/dmesg_T.txt", dm)
    c.add("aws_fsx_describe.json", [
        "{", '  "FileSystems": [', "    {", '      "FileSystemId": "fs-0a9c1e2b44f3d7e18",', '      "FileSystemType": "LUSTRE",',
        '      "Lifecycle": "AVAILABLE",', '      "StorageCapacity": 28800,', '      "LustreConfiguration": {', '        "DeploymentType": "PERSISTENT_2",',
        '        "PerUnitStorageThroughput": 250,', '        "MountName": "pfkkdbmv"', "      },", '      "AdministrativeActions": [', "        {",
        '          "AdministrativeActionType": "FILE_SYSTEM_UPDATE",', '          "Status": "COMPLETED",', f'          "RequestTime": "{iso_s(tslow - timedelta(minutes=40))}",',
        '          "TargetFileSystemValues": {"StorageCapacity": 28800}', "        },", "        {",
        '          "AdministrativeActionType": "STORAGE_OPTIMIZATION",', '          "ProgressPercent": 37,', f'          "RequestTime": "{iso_s(tslow - timedelta(minutes=6))}",',
        '          "Status": "IN_PROGRESS"', "        }", "      ]", "    }", "  ]", "}"])
    c.add("alert_TrainingThroughputLow.txt", [
        "[FIRING:1] TrainingThroughputLow job=vit-22b namespace=vision",
        "summary: tokens/s below 50% of 24h median for 20m",
        f"startsAt: {iso_s(tslow + timedelta(minutes=20))}",
        "note (on-call): bundle collected while the job is still running; no pod has failed"])
    return c


# =========================================================================== ay24
def ay24():
    name = "ay24_gpu_util_low_on_all_pods_from_first_step"
    rng = rng_for(name)
    c = Case(name, label("straggler", "script", None, None, "stop",
                         "From the first step every rank waits ~3.8 s in the data loader: the pod spec limits the container to 4 "
                         "CPUs while the script starts 12 loader workers per rank (torch warns), and the cgroup is heavily "
                         "throttled on every pod. The user's settings, not a node.",
                         "https://pytorch.org/docs/stable/data.html"))
    job = "whisper-ft"
    pods = [f"{job}-master-0", f"{job}-worker-0", f"{job}-worker-1"]
    nodes = ["gke-ml-a2-ultra-8f3e-1x2c", "gke-ml-a2-ultra-8f3e-4rkd", "gke-ml-a2-ultra-8f3e-9pqs"]
    t0 = T("2024-10-28 10:00:00.000")
    tend = T("2024-10-28 12:30:00.000")
    for i, pod in enumerate(pods):
        tl = TLog()
        info = train_pod(tl, pod, i, 3, t0, "whisperft", pods[0], ip=f"10.72.{i}.8", step_s=1, t_end=t0 + 45 * S, rng=rng, net="Socket")
        for k in range(8):
            tl.add(t0 + 40 * S, f"[rank{i * 8 + k}]:{PY}/torch/utils/data/dataloader.py:617: UserWarning: This DataLoader will create 12 worker processes in total. Our suggested max number of worker in current system is 4, which is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary.")
        t = t0 + 45 * S
        s = 0
        while t < tend:
            data = 3.8 * rng.uniform(0.9, 1.1)
            st = 0.42 + data
            if i == 0 and s % 100 == 0:
                tl.add(t, step_line(t, s, 0.61 - s * 1e-5, 1e-5, 24 * 30 / st, extra=f" | samples/s {192 / st:.1f} | step_time {st:.2f}s"))
            if s % 500 == 0 and s > 0:
                for k in range(8):
                    tl.add(t, pylog(t, "timer") + f"rank {i * 8 + k:2d} step {s}: data_wait {data * 1000 * rng.uniform(0.95, 1.05):.0f}ms compute {395 * rng.uniform(0.97, 1.03):.0f}ms allreduce 27ms")
            s += 1
            t += timedelta(seconds=st)
        c.add(f"{pod}/container.log", tl.kube())
        c.add(f"{pod}/describe.txt", describe_pod(
            pod, "speech", nodes[i], f"10.128.2.{10 + i}", f"10.72.{i}.8", t0 - 30 * S,
            [f"training.kubeflow.org/job-name={job}"], "us-docker.pkg.dev/speech/ft/whisper:3.2", f"us-docker.pkg.dev/speech/ft/whisper@sha256:{_hex(rng, 64)}",
            ["torchrun", "--nnodes=3", "--nproc-per-node=8", "ft.py", "--num-workers=12", "--batch-size=24"],
            ["Running", f"Started:      {rfc1123(t0 - 5 * S)}"], ready="True",
            limits={"cpu": "4", "memory": "320Gi", "nvidia.com/gpu": "8"}, controlled_by=f"PyTorchJob/{job}"))
        c.add(f"{pod}/cgroup_cpu_stat.txt", ["$ kubectl exec " + pod + " -- cat /sys/fs/cgroup/cpu.stat /sys/fs/cgroup/cpu.max",
                                              f"usage_usec {int(3.99 * (tend - t0).total_seconds() * 1e6)}", f"user_usec {int(3.6 * (tend - t0).total_seconds() * 1e6)}",
                                              f"system_usec {int(0.39 * (tend - t0).total_seconds() * 1e6)}", f"nr_periods {int((tend - t0).total_seconds() * 10)}",
                                              f"nr_throttled {int((tend - t0).total_seconds() * 9.7)}", f"throttled_usec {int((tend - t0).total_seconds() * 31.2e6)}",
                                              "400000 100000"])
        c.add(f"{pod}/nvidia-smi.txt", nvidia_smi_table(tend - 60 * S, "550.90.07", "12.4",
              [(g, H100_BUS[g], 36 + g % 3, "P0", 141 + g * 3, 400, 31877, 9 + (g * 7) % 6, "NVIDIA A100-SXM4-80GB") for g in range(8)]))
    c.add("alert.txt", ["[FIRING] GPUUtilizationLow namespace=speech job=whisper-ft avg(DCGM_FI_DEV_GPU_UTIL)=11% for 2h",
                        "note: job still running, no errors reported by the user; collected at " + iso_s(tend)])
    return c


# =========================================================================== ay25
def ay25():
    name = "ay25_broken_pipe_and_store_timeouts_at_exit"
    rng = rng_for(name)
    c = Case(name, label("unknown", "framework", None, None, "none",
                         "Training finished (final checkpoint saved, PyTorchJob Succeeded); the broken-pipe, should-dump and "
                         "exit-barrier errors are teardown noise after rank 0's store went away.",
                         "https://github.com/pytorch/pytorch/issues/126275"))
    job = "reward-ft"
    pods = [f"{job}-master-0", f"{job}-worker-0", f"{job}-worker-1", f"{job}-worker-2"]
    t0 = T("2024-11-28 01:00:00.000")
    tdone = T("2024-11-28 09:41:07.000")
    for i, pod in enumerate(pods):
        tl = TLog()
        info = train_pod(tl, pod, i, 4, t0, "rewardft", pods[0], ip=f"10.30.{i}.4", step_s=2.5, t_end=tdone - 20 * S, rng=rng,
                         net="IB", log_every=200)
        if i == 0:
            tl.add(tdone - 15 * S, pylog(tdone - 15 * S, "train") + f"reached max_steps={info['last_step'] + 1}; running final eval")
            tl.add(tdone - 8 * S, pylog(tdone - 8 * S, "eval") + "final eval: acc=0.7431 loss=0.5120 (n=20000)")
            tl.add(tdone - 3 * S, pylog(tdone - 3 * S, "ckpt") + "saved final checkpoint to gs://acme-rm/reward-ft/final (62.1 GB)")
            tl.add(tdone - 1 * S, pylog(tdone - 1 * S, "train") + "Training complete.")
        td = tdone + timedelta(seconds=0.5 + 0.2 * i)
        for k in range(8):
            if k == 0:
                tl.add(td, torch_c(td, "W", "ProcessGroupNCCL.cpp:1250", i * 8) + "Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())")
            if i > 0 and k in (2, 5):
                tt = td + 1.2 * S
                tl.add(tt, torch_c(tt, "W", "socket.cpp:464", i * 8 + k) + "[c10d] sendBytes failed on SocketImpl(fd=61, addr=[" + pod + "]:41822, remote=[" + pods[0] + f".default.svc]:29500): Broken pipe")
                tl.add(tt, torch_c(tt, "W", "ProcessGroupNCCL.cpp:1168", i * 8 + k) + f"[PG ID 0 PG GUID 0(default_pg) Rank {i * 8 + k}] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Broken pipe")
        ta = td + 3 * S
        tl.add(ta, torch_py(ta, "I", info["agent"], "torch/distributed/elastic/agent/server/api.py:879") + "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.")
        tl.add(ta, torch_py(ta, "I", info["agent"], "torch/distributed/elastic/agent/server/api.py:932") + "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish")
        if i == 3:
            tb = ta + 300 * S
            tl.add(tb, torch_py(tb, "E", info["agent"], "torch/distributed/elastic/agent/server/api.py:957") + "Error waiting on exit barrier. Elapsed: 300.0441825389862 seconds",
                   "Traceback (most recent call last):",
                   f'  File "{PY}/torch/distributed/elastic/agent/server/api.py", line 943, in _exit_barrier',
                   "    store_util.barrier(",
                   f'  File "{PY}/torch/distributed/elastic/utils/store.py", line 190, in barrier',
                   "    synchronize(store, data, rank, world_size, key_prefix, timeout)",
                   f'  File "{PY}/torch/distributed/elastic/utils/store.py", line 66, in synchronize',
                   "    agent_data = get_all(store, rank, key_prefix, world_size)",
                   f'  File "{PY}/torch/distributed/elastic/utils/store.py", line 36, in get_all',
                   "    data = store.get(f\"{prefix}{idx}\")",
                   "torch.distributed.DistStoreError: Socket Timeout")
        else:
            tl.add(ta + 1.4 * S, torch_py(ta + 1.4 * S, "I", info["agent"], "torch/distributed/elastic/agent/server/api.py:949") + "Done waiting for other agents. Elapsed: 1.3822853565216064 seconds")
        c.add(f"{pod}/container.log", tl.kube())
    now = tdone + timedelta(minutes=40)
    c.add("pytorchjob_describe.txt", [
        f"Name:         {job}", "Namespace:    default", "Kind:         PyTorchJob", "Status:", "  Completion Time:  " + iso_s(tdone + 306 * S),
        "  Conditions:",
        f"    Last Transition Time:  {iso_s(t0 - 20 * S)}", "    Message:               PyTorchJob reward-ft is running.", "    Reason:                PyTorchJobRunning", "    Status:                False", "    Type:                  Running",
        f"    Last Transition Time:  {iso_s(tdone + 5 * S)}", "    Message:               PyTorchJob default/reward-ft successfully completed.", "    Reason:                PyTorchJobSucceeded", "    Status:                True", "    Type:                  Succeeded",
        "  Replica Statuses:", "    Master:", "      Succeeded:  1", "    Worker:", "      Succeeded:  3"])
    c.add("kubectl_get_pods.txt", get_pods([(p, "0/1", "Completed", 0, "9h", f"10.30.{k}.4", f"node05{k + 1:02d}") for k, p in enumerate(pods)]))
    return c


# =========================================================================== ay26
def ay26():
    name = "ay26_all_pods_sigterm_after_three_days"
    rng = rng_for(name)
    c = Case(name, label("unknown", "framework", None, None, "none",
                         "The PyTorchJob hit its runPolicy.activeDeadlineSeconds (259200 s) and the operator deleted the pods; the "
                         "SIGTERM, SignalException and NCCL connection errors are the consequence of that scheduler limit.",
                         "https://github.com/kubeflow/pytorch-operator/pull/151"))
    job = "mm-dit-xl"
    pods = [f"{job}-master-0", f"{job}-worker-0", f"{job}-worker-1", f"{job}-worker-2"]
    start = T("2024-06-10 04:12:55.000")
    t0 = T("2024-06-13 01:00:00.000")  # logs kept from the last restart-free window
    tdl = start + timedelta(seconds=259200)
    for i, pod in enumerate(pods):
        tl = TLog()
        tl.add(t0 - 10 * S, "(log truncated by kubectl --since=4h)")
        t = t0
        s = 291000
        while t < tdl + timedelta(seconds=0.3 * i):
            if i == 0 and s % 500 == 0:
                tl.add(t, step_line(t, s, 0.221 + rng.uniform(-0.003, 0.003), 5e-5, 1.2e6 * rng.uniform(0.99, 1.01)))
            s += 1
            t += timedelta(seconds=1.41)
        ts = tdl + timedelta(seconds=1 + 0.4 * i)
        tl.add(ts, torch_py(ts, "W", 200, "torch/distributed/elastic/agent/server/api.py:741") + "Received Signals.SIGTERM death signal, shutting down workers")
        tl.extend(ts, sigterm_child(ts, 200, [212 + k for k in range(8)]))
        if i in (1, 3):
            for k in (0, 4):
                g = i * 8 + k
                tl.add(ts + 0.4 * S, nccl(pod, 212 + k, 283 + k, k, f"socket.c:544 NCCL WARN socketProgress: Connection closed by remote peer {pods[(i + 1) % 4]}.{job}.svc<{50100 + g}>", "WARN"))
        tl.add(ts + 2 * S, "Traceback (most recent call last):", '  File "/usr/local/bin/torchrun", line 8, in <module>', "    sys.exit(main())",
               f'  File "{PY}/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
               "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
               "torch.distributed.elastic.multiprocessing.api.SignalException: Process 200 got signal: 15")
        c.add(f"{pod}/container.log", tl.kube())
    now = tdl + timedelta(minutes=20)
    c.add("pytorchjob_describe.txt", [
        f"Name:         {job}", "Namespace:    gen-media", "Kind:         PyTorchJob", "Spec:", "  Run Policy:", "    Active Deadline Seconds:  259200",
        "    Backoff Limit:            2", "    Clean Pod Policy:         Running",
        "Status:", f"  Start Time:  {iso_s(start)}", "  Conditions:",
        f"    Last Transition Time:  {iso_s(start + 12 * S)}", "    Message:               PyTorchJob gen-media/mm-dit-xl is running.", "    Reason:                PyTorchJobRunning", "    Status:                False", "    Type:                  Running",
        f"    Last Transition Time:  {iso_s(tdl)}", "    Message:               PyTorchJob gen-media/mm-dit-xl has failed because it was active longer than specified deadline",
        "    Reason:                DeadlineExceeded", "    Status:                True", "    Type:                  Failed",
        "Events:", "  Type     Reason                   Age   From                   Message", "  ----     ------                   ----  ----                   -------",
        f"  Normal   SuccessfulDeletePod      {age(now - tdl)}   pytorchjob-controller  Deleted pod: mm-dit-xl-master-0",
        f"  Normal   SuccessfulDeletePod      {age(now - tdl)}   pytorchjob-controller  Deleted pod: mm-dit-xl-worker-0",
        f"  Normal   SuccessfulDeletePod      {age(now - tdl)}   pytorchjob-controller  Deleted pod: mm-dit-xl-worker-1",
        f"  Normal   SuccessfulDeletePod      {age(now - tdl)}   pytorchjob-controller  Deleted pod: mm-dit-xl-worker-2",
        f"  Warning  DeadlineExceeded         {age(now - tdl)}   pytorchjob-controller  PyTorchJob gen-media/mm-dit-xl has failed because it was active longer than specified deadline"])
    return c


# =========================================================================== ay27
def ay27():
    name = "ay27_timeout_right_after_eval_step"
    rng = rng_for(name)
    c = Case(name, label("hang", "script", None, None, "stop",
                         "At the step-6000 eval, rank 0 enters all_gather_object (called only under `if rank == 0`) while ranks "
                         "1-15 proceed to the next training all_reduce at the same sequence number: a collective mismatch in the "
                         "user's code.",
                         "https://pytorch.org/tutorials/prototype/flight_recorder_tutorial.html"))
    job = "mae-vit"
    pods = [f"{job}-master-0", f"{job}-worker-0"]
    nodes = ["gpu-a3-017", "gpu-a3-022"]
    t0 = T("2025-01-21 13:00:00.000")
    step_s = 1.2
    teval = t0 + timedelta(seconds=45 + 6000 * step_s)
    seq = 24011
    for i, pod in enumerate(pods):
        tl = TLog()
        info = train_pod(tl, pod, i, 2, t0, "maevit", pods[0], ip=f"10.12.9.{40 + i}", step_s=step_s, t_end=teval, rng=rng,
                         net="IB", log_every=500)
        if i == 0:
            tl.add(t0 + 2 * S, pylog(t0 + 2 * S, "cfg") + "model=vit_huge_patch14 mask_ratio=0.75 global_batch=4096 eval_every=6000 eval_set=imagenet_val(50000)")
        if i == 0:
            tl.add(teval + 0.5 * S, pylog(teval + 0.5 * S, "eval") + "step 6000: running eval on 50000 images, gathering per-rank metrics")
        tw = teval + timedelta(minutes=30, seconds=1 + 0.2 * i)
        for k in range(8):
            g = i * 8 + k
            if g == 0:
                tl.extend(tw, watchdog_timeout(tw, 0, seq, "ALLGATHER", 16, timeout_ms=1800000, last_enq=seq, last_done=seq - 1))
            else:
                tl.extend(tw + timedelta(milliseconds=5 * k), watchdog_timeout(tw, g, seq, "ALLREDUCE", 86557184, timeout_ms=1800000, last_enq=seq, last_done=seq - 1, tail=(k == 1)))
        tl.extend(tw + 3 * S, child_failed(tw + 3 * S, pod, "pretrain_mae.py", [(i * 8 + (0 if i == 0 else 1), 0 if i == 0 else 1, -6, info["pids"][0], "Signal 6 (SIGABRT) received by PID %d" % info["pids"][0])], info["agent"]))
        c.add(f"{nodes[i]}/{pod}.log", tl.kube())
    c.add("fr_trace_output.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /mnt/fr/mae-vit -p nccl_trace_rank_",
        "Not all ranks joining collective 0 at entry 24011",
        "group info: 0:default_pg",
        "collective: nccl:all_gather",
        "missing ranks: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}",
        "input sizes: [[1]]",
        "output sizes: [[16]]",
        "expected ranks: 16",
        "collective state: scheduled",
        "collective stack trace:",
        f" all_gather at {PY}/torch/distributed/distributed_c10d.py:3370",
        f" all_gather_object at {PY}/torch/distributed/distributed_c10d.py:2744",
        " gather_eval_metrics at /workspace/mae/evalutil.py:48",
        " evaluate at /workspace/mae/pretrain_mae.py:377",
        " main at /workspace/mae/pretrain_mae.py:455",
        "",
        "Mismatch at entry 24011: rank 0 has nccl:all_gather, ranks 1-15 have nccl:all_reduce",
        "ranks 1-15 collective stack trace:",
        f" all_reduce at {PY}/torch/distributed/distributed_c10d.py:2501",
        " _reduce_grads at /workspace/mae/engine.py:133",
        " train_one_step at /workspace/mae/engine.py:161"])
    c.add("git_log.txt", ["commit 7e1f0c2a (HEAD -> main)", "Author: j.doe", "Date:   Tue Jan 21 11:02:44 2025 +0000", "",
                          "    eval: only gather metrics on the main process to save time", "",
                          " mae/evalutil.py | 6 ++++--", " mae/pretrain_mae.py | 3 ++-"])
    return c


# =========================================================================== ay28
def ay28():
    name = "ay28_sixty_three_ranks_timeout_one_silent"
    rng = rng_for(name)
    pods = [f"llm-70b-sft-{r}-{i}" for r, i in [("master", 0)] + [("worker", k) for k in range(7)]]
    culprit = pods[5]
    c = Case(name, label("hang", "infrastructure", culprit, 43, "run_diagnostics",
                         "63 ranks time out waiting in AllReduce 51208; flight recorder says rank 43 never joined, and py-spy shows "
                         "rank 43 blocked inside cudaStreamSynchronize/libcuda ioctl with its GPU pinned at 100% and low power, "
                         "no Xid. A rank stuck in the driver on one node.",
                         "https://github.com/pytorch/tutorials/pull/3814"))
    t0 = T("2024-12-18 03:00:00.000")
    th = T("2024-12-18 06:41:55.120")
    seq = 51208
    for i, pod in enumerate(pods):
        tl = TLog()
        info = train_pod(tl, pod, i, 8, t0, "sft70b", pods[0], ip=f"10.16.{i}.{3 + i}", step_s=2.9, t_end=th + (0 if i == 5 else 1) * S,
                         rng=rng, net="IB", log_every=100, flood=(4 if i in (0, 1) else 0))
        tw = th + timedelta(minutes=10, seconds=0.4 + 0.05 * i)
        for k in range(8):
            g = i * 8 + k
            if g == 43:
                continue
            tl.extend(tw + timedelta(milliseconds=7 * k), watchdog_timeout(tw, g, seq, "ALLREDUCE", 67108864, last_enq=seq, last_done=seq - 1, tail=(k in (0, 4))))
        if i == 0:
            for k in range(40):
                tt = tw + timedelta(seconds=0.5 + k * 0.01)
                tl.add(tt, torch_c(tt, "E", "ProcessGroupNCCL.cpp:1397", 0) + f"[PG 0 (default_pg) Rank 0] ProcessGroupNCCL preparing to dump debug info. Include only the local trace buffer." if k == 0 else
                       torch_c(tt, "E", "ProcessGroupNCCL.cpp:1465", 0) + f"[PG 0 (default_pg) Rank 0] Received a dump signal due to a collective timeout from rank {k + 1 if k + 1 != 43 else 44} and we will try our best to dump the debug info.")
        if i != 5:
            tl.extend(tw + 3 * S, child_failed(tw + 3 * S, pod, "sft.py", [(i * 8, 0, -6, info["pids"][0], f"Signal 6 (SIGABRT) received by PID {info['pids'][0]}")], info["agent"]))
        else:
            ts = tw + timedelta(seconds=50)
            tl.extend(tw + 2 * S, [torch_py(tw + 2 * S, "E", info["agent"], "torch/distributed/elastic/multiprocessing/api.py:869") + f"failed (exitcode: -6) local_rank: 0 (pid: {info['pids'][0]}) of binary: /usr/bin/python3"])
            tl.extend(tw + 2 * S, sigterm_child(tw + 2 * S, info["agent"], info["pids"][1:]))
            tl.add(ts, torch_py(ts, "W", info["agent"], "torch/distributed/elastic/multiprocessing/api.py:916") + f"Unable to shutdown process {info['pids'][3]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL")
        c.add(f"{pod}/container.log", tl.kube())
    c.add("fr_trace_summary.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /nfs/fr/llm-70b-sft -p nccl_trace_rank_ --allow-incomplete-ranks",
        "Loaded 63 dumps; missing dump for ranks: {43}",
        f"Not all ranks joining collective 0 at entry {seq}",
        "group info: 0:default_pg",
        "collective: nccl:all_reduce",
        "missing ranks: {43}",
        "input sizes: [[67108864]]",
        "output sizes: [[67108864]]",
        "expected ranks: 64",
        "collective state: started",
        "collective stack trace:",
        f" all_reduce at {PY}/torch/distributed/distributed_c10d.py:2501",
        " _allreduce_fut at /workspace/sft/ddp_hooks.py:41",
        " backward at /workspace/sft/trainer.py:219"])
    c.add(f"{culprit}/py-spy_dump_rank43.txt", [
        "$ kubectl exec llm-70b-sft-worker-4 -- py-spy dump --native --pid 227   # local_rank 3, 06:49Z",
        "Process 227: /usr/bin/python3 -u sft.py --cfg cfg/70b_sft.yaml",
        "Python v3.10.12 (/usr/bin/python3.10)", "",
        "Thread 227 (active): \"MainThread\"",
        "    ioctl (libc.so.6)",
        "    0x7f2c9a41c2e3 (libcuda.so.550.90.07)",
        "    0x7f2c9a3a0b18 (libcuda.so.550.90.07)",
        "    cuStreamSynchronize (libcuda.so.550.90.07)",
        "    cudaStreamSynchronize (libcudart.so.12)",
        "    c10::cuda::stream_synchronize (CUDAFunctions.h:79)",
        "    at::native::_local_scalar_dense_cuda (Dense.cu:...)",
        "    item (torch/_tensor.py:...)",
        "    _log_metrics (/workspace/sft/trainer.py:247)",
        "    train_step (/workspace/sft/trainer.py:231)",
        "    main (/workspace/sft/sft.py:144)",
        "Thread 412 (idle): \"pt_nccl_watchdg\"",
        "    pthread_cond_timedwait (libc.so.6)",
        "Thread 413 (idle): \"pt_nccl_heartbt\""])
    smi = nvidia_smi_table(th + timedelta(minutes=8), "550.90.07", "12.4",
                           [(g, H100_BUS[g], 41 + g % 3, "P0", 121 if g == 3 else 402 + g, 700, 74211 if g == 3 else 70013, 100 if g == 3 else 0, "NVIDIA H100 80GB HBM3") for g in range(8)],
                           procs=[(g, 212 + g, "/usr/bin/python3", 74180 if g == 3 else 69990) for g in range(8)])
    c.add(f"{culprit}/nvidia-smi.txt", smi)
    c.add(f"{culprit}/node_dmesg.txt", [dmesg_T(T("2024-12-17 22:10:00.000")) + "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
                                        dmesg_T(T("2024-12-17 22:10:03.000")) + "nvidia-nvswitch3: using MSI",
                                        dmesg_T(T("2024-12-18 06:52:11.000")) + "INFO: task python3:227 blocked for more than 122 seconds.",
                                        dmesg_T(T("2024-12-18 06:52:11.000")) + "      Tainted: P           OE      6.5.0-1024-gcp #26~22.04.1-Ubuntu",
                                        dmesg_T(T("2024-12-18 06:52:11.000")) + "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."])
    return c


CASES = [ay13, ay14, ay15, ay16, ay21, ay22, ay24, ay25, ay26, ay27, ay28]
