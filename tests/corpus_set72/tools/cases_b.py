"""Cases bq11..bq20."""
import json

from klib import (D, plus, pyts, sqlts, iso_z, hms, syslog_ts, dmesg_T, date_cmd, age, table,
                  pods_wide, events_table, hexs, alnum, uuid4, gpu_uuid, BUS, nccl_busid,
                  watchdog_timeout, cuda_err_watchdog, megatron_iters, titan_steps, hf_steps,
                  kubelet_noise, kubelet_line, dmesg_boot, render_dmesg, journal_kernel,
                  dcgm_scrape, describe_pod, nvidia_smi_table, child_failed, TORCHRUN_TB,
                  torch_glog, merge_timed, torchrun_preamble, elastic_agent_start, elastic_rdzv_done)
from kjob import (pod_torchrun_log, rank_traceback, sigterm_received, SIGNAL_TB,
                  agent_failure_tail, watchdog_pod_tail)


def _tail_lines(tail):
    return [ln for _, ln in sorted(tail, key=lambda x: x[0])]


# =============================================================================== bq11
def bq11(c):
    """GKE JobSet (NeMo/Megatron): 'found NaN in local grad norm' three times, a different rank each time, always the same node's GPU 6."""
    rng = c.rng
    pref = "gke-pretrain-a3-np-1-8f2d6c1a-"
    sfx = ["5vhx", "9tqc", "b3mw", "d7zr", "hh2k", "k2rm", "p8fn", "w4sj"]
    nodes = [pref + s for s in sfx]
    bad_node = 5
    bad_gpu = 6
    js, ns = "gpt-8b", "pretrain"
    nproc, nn = 8, 8
    perms = [[0, 1, 5, 2, 3, 4, 6, 7], [7, 6, 0, 3, 4, 5, 1, 2], [5, 3, 2, 4, 1, 0, 7, 6]]
    starts = [D(2024, 9, 3, 2, 11, 40), None, None]
    fail_iter = [3411, 3187, 3052]
    step_s = 2.37
    restarts_info = []
    t_prev_end = None
    for a in range(3):
        perm = perms[a]
        t0 = starts[a] if a == 0 else plus(t_prev_end, 38 + rng.uniform(0, 10))
        hashes = [alnum(rng, 5) for _ in range(nn)]
        pods = ["%s-workers-0-%d-%s" % (js, k, hashes[k]) for k in range(nn)]
        hosts = ["%s-workers-0-%d" % (js, k) for k in range(nn)]
        idx_bad = perm.index(bad_node)
        t_train = plus(t0, 205)
        t_fail = plus(t_train, (fail_iter[a] - 3000) * step_s + rng.uniform(0.2, 1.9))
        bad_rank = idx_bad * nproc + bad_gpu
        iters = []
        gs = 3000
        tt = t_train
        while True:
            gs += 10
            tt = plus(tt, 10 * step_s * (1 + rng.uniform(-0.01, 0.01)))
            if tt >= t_fail:
                break
            el = (tt - t_train).total_seconds()
            rem = (50000 - gs) * step_s
            iters.append((tt, "Epoch 0: : %3d%%|%s| %d/50000 [%d:%02d:%02d<%d:%02d:%02d, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.3f]" % (
                int(100 * gs / 50000), ("█" * (gs // 5000)).ljust(10), gs, el // 3600, (el % 3600) // 60, el % 60, rem // 3600, (rem % 3600) // 60, rem % 60,
                2.603 - (gs - 3000) * 0.00004 + rng.uniform(-0.02, 0.02), gs - 1, gs * 1024, step_s * (1 + rng.uniform(-0.015, 0.015)))))
        for k in range(nn):
            node = nodes[perm[k]]
            body = []
            if k == 0:
                for q, ln in enumerate(["[NeMo I %s nemo_logging:381] Rank 0 has data parallel group : [0, 8, 16, 24, 32, 40, 48, 56]",
                                        "[NeMo I %s nemo_logging:381] All data parallel group ranks with context parallel combined: [[0, 8, 16, 24, 32, 40, 48, 56], [1, 9, 17, 25, 33, 41, 49, 57]]",
                                        "[NeMo I %s nemo_logging:381] Ranks 0 has data parallel rank: 0",
                                        "[NeMo I %s nemo_logging:381] Rank 0 has tensor model parallel group: [0, 1, 2, 3, 4, 5, 6, 7]",
                                        "[NeMo I %s nemo_logging:381] Rank 0 has pipeline model parallel group: [0]",
                                        "[NeMo I %s nemo_logging:381] Restoring checkpoint from gs://acme-ckpt/gpt-8b/checkpoints/step=3000-consumed_samples=3072000.0",
                                        "[NeMo I %s nemo_logging:381] Restored all states from the checkpoint at step 3000",
                                        "[NeMo W %s nemo_logging:393] check_for_nan_in_loss_and_grad is enabled"]):
                    tt = plus(t0, 90 + q * 4.1)
                    body.append((tt, ln % ("%02d:%02d:%02d" % (tt.hour, tt.minute, tt.second) if False else tt.strftime("%Y-%m-%d %H:%M:%S"))))
            if k == nn - 1:
                body += iters
            lines, pids = pod_torchrun_log(rng, hosts[k], k, nn, nproc, t0, "10.%d.%d.%d" % (48, perm[k] + 1, 2), "tcpx",
                                           "%s-workers-0-0.%s" % (js, js), "%s-%d" % (js, a), "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py",
                                           body, bus=BUS["a3"], nccl_ver="2.18.5+cuda12.2", cuda_drv=12020, base_pid=140, timestamps=True)
            tail = []
            if k == idx_bad:
                tb = rank_traceback(bad_rank, [
                    "File \"/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py\", line 62, in main",
                    "    trainer.fit(model)",
                    "File \"/usr/local/lib/python3.10/dist-packages/pytorch_lightning/trainer/trainer.py\", line 543, in fit",
                    "    call._call_and_handle_interrupt(",
                    "File \"/usr/local/lib/python3.10/dist-packages/pytorch_lightning/loops/optimization/automatic.py\", line 318, in _optimizer_step",
                    "    call._call_lightning_module_hook(",
                    "File \"/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py\", line 781, in training_step",
                    "    loss_mean = self.fwd_bwd_step(dataloader_iter, False)",
                    "File \"/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py\", line 684, in fwd_bwd_step",
                    "    losses_reduced_per_micro_batch = fwd_bwd_function(",
                    "File \"/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py\", line 446, in forward_backward_no_pipelining",
                    "    config.finalize_model_grads_func([model])",
                    "File \"/opt/megatron-lm/megatron/core/distributed/finalize_model_grads.py\", line 113, in finalize_model_grads",
                    "    model_chunk.finish_grad_sync()",
                    "File \"/opt/megatron-lm/megatron/core/distributed/distributed_data_parallel.py\", line 247, in finish_grad_sync",
                    "    buffer.finish_grad_sync()",
                    "File \"/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py\", line 512, in finish_grad_sync",
                    "    bucket.finish_grad_sync()",
                    "File \"/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py\", line 170, in finish_grad_sync",
                    "    self.start_grad_sync()",
                    "File \"/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py\", line 124, in start_grad_sync",
                    "    assert not norm.isnan(), ("],
                    "AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (bad_rank, bad_gpu, hosts[k]))
                tail += [(t_fail, ln) for ln in tb]
                tail += agent_failure_tail(plus(t_fail, 4.4), hosts[k], "megatron_gpt_pretraining.py", pids, [(bad_gpu, plus(t_fail, 0.9), 1)], bad_gpu, k, nproc)
            else:
                ts = plus(t_fail, 9.0 + rng.uniform(0, 2))
                tail += [(ts, ln) for ln in sigterm_received(ts, pids)]
                tail += [(plus(ts, 1.9), ln) for ln in SIGNAL_TB]
            lines += ["%s %s" % (iso_z(t, 9), ln) for t, ln in sorted(tail, key=lambda x: x[0])]
            c.w("attempt_%d/%s/%s.log" % (a, node, pods[k]), lines)
        t_snap = plus(t_fail, 7)
        rows = []
        for k in range(nn):
            rows.append({"name": pods[k], "ready": "0/1" if k == idx_bad else "1/1", "status": "Error" if k == idx_bad else "Terminating",
                         "restarts": 0, "start": t0, "ip": "10.48.%d.%d" % (perm[k] + 1, 10 + k + a * 8), "node": nodes[perm[k]]})
        c.w("attempt_%d/kubectl_get_pods_-o_wide.txt" % a, ["$ kubectl -n pretrain get pods -o wide -l jobset.sigs.k8s.io/restart-attempt=%d   # %s" % (a, iso_z(t_snap, 0))] + pods_wide(rows, t_snap))
        restarts_info.append((t_fail, hosts[idx_bad], bad_rank, fail_iter[a]))
        t_prev_end = plus(t_fail, 12)
    t_now = plus(t_prev_end, 600)
    evs = []
    for a, (tf, host, r, it) in enumerate(restarts_info):
        evs.append((plus(tf, 6), "Warning", "FailedJobs" if a == 2 else "Restarting", "jobset/%s" % js,
                    ("jobset failed: reached maximum restarts" if a == 2 else "restarting jobset, attempt %d" % (a + 1))))
    c.w("kubectl_get_events.txt", ["$ kubectl -n pretrain get events --field-selector involvedObject.kind=JobSet"] + events_table(evs, t_now))
    c.w("kubectl_get_jobset_-o_yaml_status.txt", ["status:", "  conditions:", "  - lastTransitionTime: \"%s\"" % iso_z(plus(restarts_info[2][0], 6), 0),
                                                  "    message: jobset failed due to reaching max number of restarts", "    reason: ReachedMaxRestarts", "    status: \"True\"", "    type: Failed",
                                                  "  restarts: 2", "  replicatedJobsStatus:", "  - active: 0", "    failed: 1", "    name: workers", "    ready: 0", "    succeeded: 0"])
    c.set_label("gpu_hardware", "infrastructure", nodes[bad_node], restarts_info[2][2], "restart_without_node",
                "Three attempts failed Megatron's NaN check on different ranks (22, 46, 6) and at different iterations, but each time the rank sits on GPU 6 of the pod scheduled onto gke-...-k2rm (the per-attempt pod tables map the pod hostnames to that node). A bad recipe would not follow one GPU of one node.",
                "https://github.com/NVIDIA/Megatron-LM/issues/780")


# =============================================================================== bq12
def bq12(c):
    """GKE A3 Mega JobSet (torchtitan): training froze; every rank but 19 times out at SeqNum 8813; rank 19 stuck in a CUDA sync."""
    rng = c.rng
    pref = "gke-titan-a3m-pool-2b7f9e1c-"
    sfx = ["4dkq", "6pzm", "9cwx", "fj3t", "hq8v", "mx2b", "rt5n", "zz7g"]
    nodes = [pref + s for s in sfx]
    js, ns = "titan-13b", "ml"
    hosts = ["%s-trainers-0-%d" % (js, k) for k in range(8)]
    pods = ["%s-%s" % (h, alnum(rng, 5)) for h in hosts]
    nproc, nn = 8, 8
    bad, bad_l = 2, 3
    bad_rank = bad * nproc + bad_l
    t0 = D(2024, 10, 14, 6, 30, 5)
    t_hang = D(2024, 10, 14, 11, 2, 47)
    t_to = plus(t_hang, 600)
    t_now = plus(t_to, 960)
    steps = titan_steps(plus(t0, 150), 0, 1200, 1.51, 10.8, rng, every=10, mem=71.2, tps=5320, mfu=44.1)
    steps = [(t, ln) for t, ln in steps if t < t_hang]
    seq = 8813
    for i in range(nn):
        body = []
        if i == 0:
            body += steps
        lines, pids = pod_torchrun_log(rng, hosts[i], i, nn, nproc, t0, "10.52.%d.%d" % (i + 1, 4), "tcpx", "%s-trainers-0-0.%s" % (js, js),
                                       js, "/workspace/torchtitan/train.py", body, bus=BUS["a3"], nccl_ver="2.21.5+cuda12.4", base_pid=201)
        tail = []
        if i == bad:
            # rank 19 never times out itself; the other 7 local ranks do
            order = [j for j in range(nproc) if j != bad_l]
            failed = []
            for q, j in enumerate(order):
                r = i * nproc + j
                tt = plus(t_to, 0.3 * q + rng.uniform(0, 0.1))
                tail += [(tt, ln) for ln in watchdog_timeout(r, tt, seq, "ALLREDUCE", 1, ran_ms=600000 + rng.randint(20, 900))]
                failed.append((j, plus(tt, 0.4), -6))
            tail += [(plus(t_to, 2.2), "[rank%d]:[W%s ProcessGroupNCCL.cpp:1262] [PG 0 (default_pg) Rank %d] Heartbeat monitor: watchdog thread is alive, last enqueued NCCL work: %d, last completed NCCL work: %d. No timeout on this rank." % (bad_rank, plus(t_to, 2.2).strftime("%m%d %H:%M:%S.") + "%09d" % rng.randint(0, 10 ** 9 - 1), bad_rank, seq - 1, seq - 1))]
            tail += agent_failure_tail(plus(t_to, 6.0), hosts[i], "train.py", pids, failed, order[0], i, nproc)
        else:
            tail += watchdog_pod_tail(rng, hosts[i], "train.py", i, nproc, pids, plus(t_to, rng.uniform(0, 1.5)), seq, "ALLREDUCE", 1)
        lines += _tail_lines(tail)
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
        if i == bad:
            bad_pids = pids
    # py-spy of the stuck rank, taken at ~11:09 by the on-call
    tps = plus(t_hang, 380)
    c.w("%s/py-spy_dump_rank%d.txt" % (nodes[bad], bad_rank), [
        "$ kubectl -n ml exec %s -- py-spy dump --pid %d --native   # %s" % (pods[bad], bad_pids[bad_l], iso_z(tps, 0)),
        "Process %d: /usr/bin/python3 -u /workspace/torchtitan/train.py --job.config_file ./train_configs/llama3_13b.toml" % bad_pids[bad_l],
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        "Thread %d (active): \"MainThread\"" % bad_pids[bad_l],
        "    cuStreamSynchronize (libcuda.so.550.90.07)",
        "    cudaStreamSynchronize (libcudart.so.12)",
        "    at::native::_local_scalar_dense_cuda (libtorch_cuda.so)",
        "    at::_ops::_local_scalar_dense::call (libtorch_cpu.so)",
        "    at::native::item (libtorch_cpu.so)",
        "    THPVariable_item (libtorch_python.so)",
        "    train (train.py:331)",
        "        loss_val = loss.item()",
        "    <module> (train.py:456)",
        "Thread %d (idle): \"Thread-1\"" % (bad_pids[bad_l] + 40),
        "    wait (threading.py:324)",
        "    wait (threading.py:607)",
        "    run (tqdm/_monitor.py:60)",
        "    _bootstrap_inner (threading.py:1016)",
        "    _bootstrap (threading.py:973)",
        "Thread %d (idle): \"pt_autograd_0\"" % (bad_pids[bad_l] + 71),
        "    std::condition_variable::wait (libstdc++.so.6.0.30)",
        "    torch::autograd::ReadyQueue::pop (libtorch_cpu.so)",
        "",
        "$ kubectl -n ml exec %s -- py-spy dump --pid %d   # rank %d, same pod, for comparison" % (pods[bad], bad_pids[0], bad * nproc),
        "Process %d: /usr/bin/python3 -u /workspace/torchtitan/train.py --job.config_file ./train_configs/llama3_13b.toml" % bad_pids[0],
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        "Thread %d (active): \"MainThread\"" % bad_pids[0],
        "    _wait_for_work (torch/distributed/distributed_c10d.py:2288)",
        "    all_reduce (torch/distributed/c10d_logger.py:79)",
        "    dist_max (torchtitan/utils.py:48)",
        "    train (train.py:338)",
        "    <module> (train.py:456)"])
    gpus = []
    for g in range(8):
        gpus.append({"bus": BUS["a3"][g], "temp": 38 + rng.randint(0, 4) if g != bad_l else 61, "pwr": 118 + rng.randint(0, 20) if g != bad_l else 402,
                     "cap": 700, "mem_used": 70211 + rng.randint(0, 900), "util": 0 if g != bad_l else 100})
    c.w("%s/nvidia-smi.txt" % nodes[bad], ["$ nvidia-smi   # %s" % iso_z(plus(tps, 20), 0)] + nvidia_smi_table(plus(tps, 20), "550.90.07", "12.4", gpus,
        [(g, bad_pids[g] + 30000, "/usr/bin/python3", 70205) for g in range(8)]))
    c.w("%s/dmesg_-T_tail.txt" % nodes[bad], render_dmesg([(0.0, "gve 0000:06:00.0: GVE version 1.4.0"), (12.7, "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000"),
                                                            (40.2, "IPv6: ADDRCONF(NETDEV_CHANGE): eth1: link becomes ready"),
                                                            (18000.5, "IPv6: ADDRCONF(NETDEV_CHANGE): gke%s: link becomes ready" % hexs(rng, 11))], D(2024, 10, 14, 1, 2, 0)))
    # flight recorder analysis
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /gcs/dumps/titan-13b/20241014-1112/ -j --print_stack_trace",
          "loaded 64 files in 1.92s",
          "built groups, memberships",
          "Not all ranks joining collective 8813 at entry 8812",
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          "missing ranks: {%d}" % bad_rank,
          "input sizes: [[1]]",
          "output sizes: [[1]]",
          "expected ranks: 64",
          "collective state: scheduled",
          "collective stack trace:",
          " dist_max at /workspace/torchtitan/torchtitan/utils.py:48",
          " train at /workspace/torchtitan/train.py:338",
          " <module> at /workspace/torchtitan/train.py:456",
          "",
          "rank %d: last entry record_id 8812 (nccl:reduce_scatter, state: completed); no entry for collective 8813" % bad_rank,
          "ranks with entry for collective 8813 (state scheduled): 63/64"]
    c.w("fr_trace_analysis.txt", fr)
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": "10.52.%d.%d" % (k + 1, 9), "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n ml get pods -o wide"] + pods_wide(rows, t_now))
    c.set_label("hang", "infrastructure", nodes[bad], bad_rank, "run_diagnostics",
                "Training output stops at 11:02:47 and 63 of 64 ranks time out in ALLREDUCE SeqNum 8813; the flight recorder shows only rank 19 never reached 8813, and py-spy of rank 19 (titan-13b-trainers-0-2 on gke-...-9cwx, GPU 3) sits in cudaStreamSynchronize under loss.item() with that GPU pinned at 100%. No Xid or NIC error, so the GPU needs diagnosing.",
                "https://pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")


# =============================================================================== bq13
def bq13(c):
    """Volcano + torchrun on-prem: every rank times out, rank 0 in ALLGATHER, the rest in ALLREDUCE at the same SeqNum."""
    rng = c.rng
    nodes = ["k8s-gpu-r2-07", "k8s-gpu-r2-08", "k8s-gpu-r2-11", "k8s-gpu-r3-02"]
    job, ns = "sdxl-ft", "vision"
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job, "%s-worker-2" % job]
    nproc, nn = 8, 4
    t0 = D(2024, 6, 21, 13, 0, 44)
    t_eval = D(2024, 6, 21, 15, 31, 12)
    t_to = plus(t_eval, 1800)
    t_now = plus(t_to, 400)
    seq = 30212
    ips = ["192.168.40.%d" % x for x in (17, 18, 21, 32)]
    body0 = []
    t = plus(t0, 90)
    step = 0
    while True:
        step += 25
        t = plus(t, 25 * 0.72 * (1 + rng.uniform(-0.02, 0.02)))
        if t >= t_eval:
            break
        body0.append((t, "Steps: %6d/200000 | loss=%.4f | lr=1.0e-05 | step_time=0.72s | images/s=355.1" % (step, 0.131 + rng.uniform(-0.03, 0.03))))
    body0.append((plus(t_eval, -0.4), "Steps: %6d/200000 | running validation (every 12500 steps) ..." % step))
    for i in range(nn):
        body = list(body0) if i == 0 else []
        lines, pids = pod_torchrun_log(rng, pods[i], i, nn, nproc, t0, ips[i], "roce", "%s-master-0" % job, job, "/app/train_sdxl.py",
                                       body, bus=BUS["dgx"], nccl_ver="2.20.5+cuda12.4", nnics=4, base_pid=51)
        tail = []
        failed = []
        order = list(range(nproc))
        rng.shuffle(order)
        for q, j in enumerate(order):
            r = i * nproc + j
            tt = plus(t_to, q * 0.2 + rng.uniform(0, 0.5))
            if r == 0:
                tail += [(tt, ln) for ln in watchdog_timeout(r, tt, seq, "ALLGATHER", 8, ran_ms=1800000 + rng.randint(100, 900), timeout_ms=1800000)]
            else:
                tail += [(tt, ln) for ln in watchdog_timeout(r, tt, seq, "ALLREDUCE", 16, ran_ms=1800000 + rng.randint(100, 900), timeout_ms=1800000)]
            failed.append((j, plus(tt, 0.3), -6))
        tail += agent_failure_tail(plus(t_to, 6.2), pods[i], "train_sdxl.py", pids, failed, order[0], i, nproc)
        lines += _tail_lines(tail)
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /mnt/shared/fr/sdxl-ft/ -j",
          "loaded 32 files in 0.71s", "built groups, memberships",
          "Collective %d at entry %d error" % (seq, seq - 1),
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          "mismatch type: collective type mismatch",
          "  rank 0: nccl:all_gather  input sizes: [[8]]  output sizes: [[8, 32]]",
          "  ranks 1-31: nccl:all_reduce  input sizes: [[16]]  output sizes: [[16]]",
          "collective state: scheduled",
          "rank 0 stack trace:",
          " all_gather_object at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:2712",
          " gather_eval_images at /app/sdxl/eval_hooks.py:88",
          " run_validation at /app/sdxl/eval_hooks.py:141",
          " train_loop at /app/train_sdxl.py:412",
          "rank 1 stack trace:",
          " all_reduce at /usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py:79",
          " reduce_metrics at /app/sdxl/metrics.py:57",
          " run_validation at /app/sdxl/eval_hooks.py:150",
          " train_loop at /app/train_sdxl.py:412"]
    c.w("fr_trace_analysis.txt", fr)
    c.w("app_sdxl_eval_hooks.py_L80-L152.txt", [
        "    80\tdef gather_eval_images(images, step):",
        "    81\t    # collect a few sample images on the main process for the dashboard",
        "    82\t    out = [None] * dist.get_world_size()",
        "    88\t    dist.all_gather_object(out, images[:4])",
        "    89\t    return [x for xs in out for x in xs]",
        "   ...",
        "   135\tdef run_validation(model, loader, step):",
        "   136\t    metrics = evaluate(model, loader)",
        "   140\t    if is_main_process():",
        "   141\t        samples = gather_eval_images(metrics.pop(\"images\"), step)",
        "   142\t        log_images(samples, step)",
        "   150\t    metrics = reduce_metrics(metrics)",
        "   151\t    return metrics"])
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": "10.233.%d.%d" % (64 + k, 20 + k), "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n vision get pods -o wide"] + pods_wide(rows, t_now))
    c.w("kubectl_get_vcjob.txt", ["$ kubectl -n vision get vcjob", "NAME      STATUS   MINAVAILABLE   RUNNINGS   AGE", "%s   Failed   4                             %s" % (job, age((t_now - t0).total_seconds()))])
    c.set_label("hang", "script", None, None, "stop",
                "Training stopped at the first validation (step 12500). All 32 ranks hit the 30-min watchdog at the same SeqNum 30212, but rank 0 is in ALLGATHER while ranks 1-31 are in ALLREDUCE of a different size; the flight recorder pins rank 0 in all_gather_object called only under is_main_process() in the eval hook, a collective the other ranks never issue.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/16541")


# =============================================================================== bq14
def bq14(c):
    """On-prem PyTorchJob (NeMo): step time up 55% since 09:40; one HGX node's GPUs at HW thermal slowdown, a fan at 0 RPM."""
    rng = c.rng
    nodes = ["hgx-c2-r14-n0%d" % k for k in range(1, 7)]
    job, ns = "nemo-llama-34b", "llm"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(5)]
    nproc, nn = 8, 6
    bad = 2
    t0 = D(2024, 11, 5, 3, 12, 9)
    t_slow = D(2024, 11, 5, 9, 40, 0)
    t_now = D(2024, 11, 5, 11, 25, 30)
    ips = ["10.60.14.%d" % (10 + k) for k in range(nn)]
    body0 = []
    t = plus(t0, 260)
    gs = 14000
    while t < t_now:
        st = 4.41 if t < t_slow else 6.87
        st *= 1 + rng.uniform(-0.015, 0.015)
        gs += 50
        t = plus(t, 50 * st)
        if t >= t_now:
            break
        done = gs
        el = (t - t0).total_seconds()
        rem = (120000 - gs) * st
        pct = int(100 * gs / 120000)
        body0.append((t, "Epoch 0: :  %2d%%|%s| %d/120000 [%d:%02d:%02d<%d:%02d:%02d, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%.3e, train_step_timing in s=%.3f]" % (
            pct, ("█" * (pct // 10)).ljust(10), done, el // 3600, (el % 3600) // 60, el % 60, rem // 3600, (rem % 3600) // 60, rem % 60,
            2.21 - gs * 0.000003 + rng.uniform(-0.02, 0.02), gs - 1, gs * 512.0, st)))
    for i in range(nn):
        body = list(body0) if i == 0 else []
        lines, pids = pod_torchrun_log(rng, pods[i], i, nn, nproc, t0, ips[i], "ib", "%s-master-0" % job, job,
                                       "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", body, bus=BUS["dgx"], nccl_ver="2.19.3+cuda12.3", nnics=8, base_pid=66)
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    # DCGM export across nodes
    csv = ["# exported from Prometheus: avg_over_time(DCGM_FI_DEV_SM_CLOCK[5m]), DCGM_FI_DEV_GPU_TEMP, DCGM_FI_DEV_CLOCK_THROTTLE_REASONS by (Hostname, gpu)",
           "time,Hostname,gpu,DCGM_FI_DEV_SM_CLOCK,DCGM_FI_DEV_GPU_TEMP,DCGM_FI_DEV_POWER_USAGE,DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"]
    tt = D(2024, 11, 5, 9, 0, 0)
    while tt <= D(2024, 11, 5, 11, 20, 0):
        for k, n in enumerate(nodes):
            for g in range(8):
                if k == bad and tt >= plus(t_slow, -300):
                    clk = rng.choice([1110, 1155, 1200, 1245, 1290, 1350])
                    temp = rng.randint(86, 92) if g >= 4 else rng.randint(79, 85)
                    thr = 72 if g >= 4 else rng.choice([8, 72])
                    pw = rng.randint(380, 470)
                else:
                    clk = 1980
                    temp = rng.randint(58, 69)
                    thr = 0
                    pw = rng.randint(610, 690)
                csv.append("%s,%s,%d,%d,%d,%d,%d" % (iso_z(tt, 0), n, g, clk, temp, pw, thr))
        tt = plus(tt, 600)
    c.w("dcgm_prometheus_export.csv", csv)
    gp = [(gpu_uuid(rng), "0000:%s" % b) for b in BUS["dgx"]]
    vals = {"DCGM_FI_DEV_SM_CLOCK": [1245.0, 1290.0, 1200.0, 1245.0, 1110.0, 1155.0, 1110.0, 1200.0],
            "DCGM_FI_DEV_GPU_TEMP": [83.0, 84.0, 82.0, 85.0, 90.0, 91.0, 89.0, 90.0],
            "DCGM_FI_DEV_MEMORY_TEMP": [88.0, 87.0, 88.0, 89.0, 95.0, 96.0, 94.0, 95.0],
            "DCGM_FI_DEV_POWER_USAGE": [451.2, 447.9, 438.3, 440.1, 402.7, 398.1, 391.5, 405.0],
            "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": [8.0, 72.0, 8.0, 72.0, 72.0, 72.0, 72.0, 72.0],
            "DCGM_FI_DEV_XID_ERRORS": [0.0] * 8,
            "DCGM_FI_DEV_GPU_UTIL": [100.0] * 8}
    c.w("%s/dcgm-exporter_metrics.txt" % nodes[bad], ["# curl -s localhost:9400/metrics  (%s)" % iso_z(plus(t_now, -120), 0)] +
        dcgm_scrape(nodes[bad], gp, vals, pods=pods[bad], namespace=ns))
    q = ["", "==============NVSMI LOG==============", "", "Timestamp                                 : Tue Nov  5 11:22:41 2024",
         "Driver Version                            : 550.54.15", "CUDA Version                              : 12.4", "", "Attached GPUs                             : 8"]
    for g in range(8):
        hot = g >= 4
        q += ["GPU 00000000:%s.0" % BUS["dgx"][g].upper(),
              "    Performance State                     : P0",
              "    Clocks Event Reasons",
              "        Idle                              : Not Active",
              "        Applications Clocks Setting       : Not Active",
              "        SW Power Cap                      : Not Active",
              "        HW Slowdown                       : Active",
              "            HW Thermal Slowdown           : %s" % ("Active" if hot or g % 2 else "Not Active"),
              "            HW Power Brake Slowdown       : Not Active",
              "        Sync Boost                        : Not Active",
              "        SW Thermal Slowdown               : Not Active",
              "        Display Clock Setting             : Not Active",
              "    Temperature",
              "        GPU Current Temp                  : %d C" % vals["DCGM_FI_DEV_GPU_TEMP"][g],
              "        GPU T.Limit Temp                  : %d C" % (87 - vals["DCGM_FI_DEV_GPU_TEMP"][g] if 87 > vals["DCGM_FI_DEV_GPU_TEMP"][g] else -2),
              "        GPU Shutdown Temp                 : 92 C",
              "        GPU Slowdown Temp                 : 87 C",
              "        GPU Max Operating Temp            : 85 C",
              "        Memory Current Temp               : %d C" % vals["DCGM_FI_DEV_MEMORY_TEMP"][g],
              "        Memory Max Operating Temp         : 95 C",
              "    Clocks",
              "        Graphics                          : %d MHz" % vals["DCGM_FI_DEV_SM_CLOCK"][g],
              "        SM                                : %d MHz" % vals["DCGM_FI_DEV_SM_CLOCK"][g],
              "        Memory                            : 2619 MHz", ""]
    c.w("%s/nvidia-smi_-q_-d_PERFORMANCE,TEMPERATURE,CLOCK.txt" % nodes[bad], q)
    fans = ["$ ipmitool sdr type Fan"]
    for k in range(1, 11):
        rpm = 0 if k == 6 else rng.randint(11800, 13900)
        fans.append("FAN%d_TACH      | %02Xh | %s  | 29.%d | %s" % (k, 0x30 + k, "cr " if k == 6 else "ok ", k, "0 RPM" if rpm == 0 else "%d RPM" % rpm))
    fans.append("$ ipmitool sel elist | tail -n 3")
    fans.append("  2f1 | 11/05/2024 | 09:34:52 | Fan FAN6_TACH | Lower Critical going low  | Asserted | Reading 0 < Threshold 2400 RPM")
    fans.append("  2f2 | 11/05/2024 | 09:34:52 | Fan FAN6_TACH | Lower Non-recoverable going low  | Asserted | Reading 0 < Threshold 1800 RPM")
    fans.append("  2f3 | 11/05/2024 | 09:36:10 | Fan Redundancy #0x70 | Redundancy Lost | Asserted")
    c.w("%s/ipmitool_sdr_type_fan.txt" % nodes[bad], fans)
    for k in (0, 4):
        gp2 = [(gpu_uuid(rng), "0000:%s" % b) for b in BUS["dgx"]]
        v2 = {"DCGM_FI_DEV_SM_CLOCK": [1980.0] * 8, "DCGM_FI_DEV_GPU_TEMP": [float(rng.randint(58, 68)) for _ in range(8)],
              "DCGM_FI_DEV_POWER_USAGE": [float(rng.randint(610, 690)) for _ in range(8)], "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": [0.0] * 8,
              "DCGM_FI_DEV_XID_ERRORS": [0.0] * 8, "DCGM_FI_DEV_GPU_UTIL": [float(rng.randint(64, 72)) for _ in range(8)]}
        c.w("%s/dcgm-exporter_metrics.txt" % nodes[k], ["# curl -s localhost:9400/metrics  (%s)" % iso_z(plus(t_now, -118), 0)] + dcgm_scrape(nodes[k], gp2, v2, pods=pods[k], namespace=ns))
    rows = [{"name": p, "ready": "1/1", "status": "Running", "restarts": 0, "start": t0, "ip": "10.233.%d.%d" % (90 + k, 12), "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n llm get pods -o wide"] + pods_wide(rows, t_now))
    c.w("ticket.txt", ["[llm-infra] nemo-llama-34b slowed down ~55% since about 09:40, nothing failed. train_step_timing 4.4s -> 6.9s. pods all Running. - rlopez"])
    c.set_label("straggler", "infrastructure", nodes[bad], None, "restart_without_node",
                "Job is running but train_step_timing rose from 4.4 s to 6.9 s at 09:40. Only hgx-c2-r14-n03's GPUs run at 1110-1350 MHz with HW slowdown/HW thermal throttle (reasons 0x48) at 86-92 C, while every other node holds 1980 MHz; its BMC shows FAN6 at 0 RPM and fan redundancy lost at 09:34.",
                "https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/feature-overview.html")


# =============================================================================== bq15
def bq15(c):
    """SageMaker HyperPod (EKS): whole job slows; Lustre client timeouts to the same OSTs on every node; FSx throughput saturated by another team's export job."""
    rng = c.rng
    nodes = ["hyperpod-i-0%s" % hexs(rng, 16) for _ in range(16)]
    job, ns = "llama3-8b-cpt", "hyperpod-ns-research"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(15)]
    nproc, nn = 8, 16
    t0 = D(2024, 12, 2, 0, 5, 31)
    t_slow = D(2024, 12, 2, 6, 48, 0)
    t_now = D(2024, 12, 2, 8, 2, 12)
    ips = ["10.1.%d.%d" % (100 + k // 4, 20 + k * 7) for k in range(nn)]
    body0 = []
    t = plus(t0, 140)
    step = 0
    while True:
        step += 20
        slow = t >= t_slow
        dl = rng.uniform(2.8, 7.5) if slow else rng.uniform(0.01, 0.05)
        st = 2.12 + dl
        t = plus(t, 20 * st)
        if t >= t_now:
            break
        body0.append((t, "%s | INFO | train | step %6d | loss %.4f | step_time %.2fs | data_wait %.2fs | tokens/s/gpu %d" % (pyts(t), step, 2.41 - step * 0.00001 + rng.uniform(-0.02, 0.02), st, dl, int(3880 * 2.12 / st))))
    for i in range(nn):
        body = list(body0) if i == 0 else []
        lines, pids = pod_torchrun_log(rng, pods[i], i, nn, nproc, t0, ips[i], "efa", "%s-master-0" % job, job, "/fsx/code/train.py",
                                       body, bus=BUS["p5"], nccl_ver="2.21.5+cuda12.4", nnics=32, base_pid=55)
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
        if i % 4 == 1 or i == 0:
            boot = D(2024, 11, 28, 14, 0, 2)
            ents = [(11.0, "Lustre: Lustre: Build Version: 2.15.4"), (11.2, "LNet: Added LNI 10.1.%d.%d@tcp [8/256/0/180]" % (100 + i // 4, 20 + i * 7)),
                    (12.9, "Lustre: Mounted fsx-client")]
            tt = plus(t_slow, -120)
            hnd = {"OST0004": hexs(rng, 10), "OST0005": hexs(rng, 10)}
            while tt < t_now:
                up = (tt - boot).total_seconds()
                ep = int((tt - D(1970, 1, 1)).total_seconds())
                ost = rng.choice(["OST0004", "OST0005"])
                oip = "10.1.7.41" if ost == "OST0004" else "10.1.7.58"
                ents.append((up, "Lustre: %d:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@%s x%d/t0(0) o3->fsx-%s-osc-ffff9c%s@%s@tcp:6/4 lens 488/440 e 1 to 1 dl %d ref 2 fl Rpc:XQr/2/ffffffff rc 0/-1 job:''" % (
                    rng.randint(2000, 9000), ep - 47, ep - 47, "0000000%s" % hexs(rng, 9), rng.randint(10 ** 15, 10 ** 16), ost, hnd[ost], oip, ep + 6)))
                ents.append((up + 0.0001, "Lustre: fsx-%s-osc-ffff9c%s: Connection to fsx-%s (at %s@tcp) was lost; in progress operations using this service will wait for recovery to complete" % (ost, hnd[ost], ost, oip)))
                ents.append((up + rng.uniform(8, 40), "Lustre: fsx-%s-osc-ffff9c%s: Connection restored to %s@tcp (at %s@tcp)" % (ost, hnd[ost], oip, oip)))
                tt = plus(tt, rng.uniform(90, 400))
            c.w("%s/dmesg_-T.txt" % nodes[i], render_dmesg(ents, boot))
    csv = ["# aws cloudwatch get-metric-data, FileSystemId fs-0a1b2c3d4e5f60789 (PERSISTENT_2, 125 MB/s/TiB, 48 TiB => 6000 MB/s), 5-min sums converted to MB/s",
           "time,DataReadBytes_MBps,DataWriteBytes_MBps,MetadataOperations_per_s"]
    tt = D(2024, 12, 2, 5, 0, 0)
    while tt <= plus(t_now, -300):
        if tt >= plus(t_slow, -600):
            csv.append("%s,%d,%d,%d" % (iso_z(tt, 0), rng.randint(5850, 5995), rng.randint(30, 90), rng.randint(6000, 9000)))
        else:
            csv.append("%s,%d,%d,%d" % (iso_z(tt, 0), rng.randint(1500, 2100), rng.randint(30, 90), rng.randint(2000, 3000)))
        tt = plus(tt, 300)
    c.w("fsx_cloudwatch_throughput.csv", csv)
    rows = [{"ns": ns, "name": p, "ready": "1/1", "status": "Running", "restarts": 0, "start": t0, "ip": ips[k], "node": nodes[k]} for k, p in enumerate(pods)]
    rows.append({"ns": "data-eng", "name": "embedding-export-2f7k1-%s" % alnum(rng, 5), "ready": "1/1", "status": "Running", "restarts": 0,
                 "start": plus(t_slow, -640), "ip": "10.1.110.31", "node": "ip-10-1-110-4.us-west-2.compute.internal"})
    for k in range(5):
        rows.append({"ns": "data-eng", "name": "embedding-export-2f7k1-worker-%d" % k, "ready": "1/1", "status": "Running", "restarts": 0,
                     "start": plus(t_slow, -600), "ip": "10.1.110.%d" % (40 + k), "node": "ip-10-1-110-%d.us-west-2.compute.internal" % (5 + k)})
    c.w("kubectl_get_pods_-A_-o_wide_filtered.txt", ["$ kubectl get pods -A -o wide | grep -E 'llama3-8b-cpt|embedding-export'"] + pods_wide(rows, t_now, namespace_col=True))
    c.set_label("straggler", "infrastructure", None, None, "restart",
                "Nothing failed, but from 06:48 step time jumps from 2.1 s to 5-9 s and the whole increase is data_wait. Every sampled node logs Lustre slow-reply timeouts and lost/restored connections to the same FSx OSTs (OST0004/0005), and the FSx read throughput sits at the 6000 MB/s ceiling since another namespace's embedding export started. A shared storage bottleneck, not one node.",
                "https://docs.aws.amazon.com/fsx/latest/LustreGuide/performance.html")


# =============================================================================== bq16
def bq16(c):
    """SageMaker HyperPod (EKS) p4d: Xid 48 DBE + Xid 63 on one GPU; rank 22 dies with uncorrectable ECC; health agent marks node for replacement."""
    rng = c.rng
    nodes = ["hyperpod-i-0%s" % hexs(rng, 16) for _ in range(4)]
    job, ns = "qwen-sft", "hyperpod-ns-apps"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(3)]
    nproc, nn = 8, 4
    bad, bad_gpu = 2, 6
    bad_rank = bad * nproc + bad_gpu
    t0 = D(2025, 1, 14, 19, 3, 11)
    t_x = D(2025, 1, 14, 21, 48, 9)
    t_now = D(2025, 1, 14, 22, 6, 30)
    ips = ["10.3.%d.%d" % (16 + k, 40 + k) for k in range(nn)]
    uu = [gpu_uuid(rng) for _ in range(8)]
    steps = hf_steps(plus(t0, 160), 0, 600, 1.63, 1.71, rng, 12000, every=10, lr0=1e-5, epoch_steps=12000)
    steps = [(t, ln) for t, ln in steps if t < t_x]
    for i in range(nn):
        body = list(steps) if i == 0 else []
        lines, pids = pod_torchrun_log(rng, pods[i], i, nn, nproc, t0, ips[i], "efa", "%s-master-0" % job, job, "/workspace/sft.py",
                                       body, bus=BUS["p4d"], nccl_ver="2.20.3+cuda12.3", cuda_drv=12030, nnics=4, base_pid=58, timestamps=True)
        tail = []
        if i == bad:
            te = plus(t_x, 0.6)
            tail += [(te, ln) for ln in cuda_err_watchdog(bad_rank, te, "uncorrectable ECC error encountered")]
            tail += agent_failure_tail(plus(t_x, 5.4), pods[i], "sft.py", pids, [(bad_gpu, plus(t_x, 0.9), -6)], bad_gpu, i, nproc)
        else:
            tail += watchdog_pod_tail(rng, pods[i], "sft.py", i, nproc, pids, plus(t_x, 1800 + rng.uniform(0, 2)), 77120, "ALLREDUCE", 262144000, timeout_ms=1800000)
        lines += ["%s %s" % (iso_z(t, 9), ln) for t, ln in sorted(tail, key=lambda x: x[0])]
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    boot = D(2025, 1, 9, 4, 21, 0)
    up = (t_x - boot).total_seconds()
    bb = BUS["p4d"][bad_gpu]
    ents = dmesg_boot("5.10.230-223.885.amzn2.x86_64", "550.127.05")
    ents += [(up, "NVRM: Xid (PCI:0000:%s): 48, pid=%d, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % (bb, 31244)),
             (up + 0.0004, "NVRM: Xid (PCI:0000:%s): 63, pid=%d, name=python3, Row Remapper: New row (0x00000000001f3a40) marked for remapping, reset gpu to activate." % (bb, 31244)),
             (up + 0.3, "NVRM: Xid (PCI:0000:%s): 45, pid=%d, name=python3, Ch 00000008" % (bb, 31244))]
    c.w("%s/dmesg_-T.txt" % nodes[bad], render_dmesg(ents, boot))
    q = ["==============NVSMI LOG==============", "", "Timestamp                                 : Tue Jan 14 21:58:02 2025",
         "Driver Version                            : 550.127.05", "", "GPU 00000000:%s.0" % bb.upper(),
         "    Product Name                          : NVIDIA A100-SXM4-40GB", "    GPU UUID                              : %s" % uu[bad_gpu],
         "    Minor Number                          : %d" % bad_gpu,
         "    ECC Mode", "        Current                           : Enabled", "        Pending                           : Enabled",
         "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0", "            SRAM Uncorrectable            : 0",
         "            DRAM Correctable              : 0", "            DRAM Uncorrectable            : 1", "        Aggregate",
         "            SRAM Correctable              : 0", "            SRAM Uncorrectable            : 0", "            DRAM Correctable              : 12",
         "            DRAM Uncorrectable            : 1", "    Retired Pages", "        Single Bit ECC                    : N/A", "        Double Bit ECC                    : N/A",
         "        Pending Page Blacklist            : N/A", "    Remapped Rows", "        Correctable Error                 : 0", "        Uncorrectable Error               : 1",
         "        Pending                           : Yes", "        Remapping Failure Occurred        : No", "        Bank Remap Availability Histogram",
         "            Max                           : 639 bank(s)", "            High                          : 1 bank(s)", "            Partial                       : 0 bank(s)",
         "            Low                           : 0 bank(s)", "            None                          : 0 bank(s)"]
    c.w("%s/nvidia-smi_-q_-i_%d_-d_ECC,ROW_REMAPPER.txt" % (nodes[bad], bad_gpu), q)
    hm = []
    th = plus(t_x, 1.8)
    hm.append('{"level":"info","ts":"%s","msg":"health-monitoring-agent started","version":"1.0.448.0","node":"%s"}' % (iso_z(boot, 3), nodes[bad]))
    hm.append('{"level":"error","ts":"%s","msg":"NvidiaErrorTerminate: Xid 48 detected","node":"%s","gpu":"%s","pci":"0000:%s.0","xid":48,"monitor":"NvidiaGpuXidMonitor"}' % (iso_z(th, 3), nodes[bad], uu[bad_gpu], bb))
    hm.append('{"level":"error","ts":"%s","msg":"NvidiaErrorTerminate: Xid 63 detected","node":"%s","gpu":"%s","pci":"0000:%s.0","xid":63,"monitor":"NvidiaGpuXidMonitor"}' % (iso_z(plus(th, 0.01), 3), nodes[bad], uu[bad_gpu], bb))
    hm.append('{"level":"info","ts":"%s","msg":"updating node label","node":"%s","label":"sagemaker.amazonaws.com/node-health-status","value":"UnschedulablePendingReplacement"}' % (iso_z(plus(th, 0.4), 3), nodes[bad]))
    hm.append('{"level":"info","ts":"%s","msg":"node condition set","node":"%s","type":"AcceleratedHardwareReady","status":"False","reason":"NvidiaErrorTerminate"}' % (iso_z(plus(th, 0.5), 3), nodes[bad]))
    c.w("%s/health-monitoring-agent.log" % nodes[bad], ["$ kubectl -n aws-hyperpod logs health-monitoring-agent-%s" % alnum(rng, 5)] + hm)
    c.w("kubectl_get_nodes_-L_node-health-status.txt", ["$ kubectl get nodes -L sagemaker.amazonaws.com/node-health-status,node.kubernetes.io/instance-type"] +
        table(["NAME", "STATUS", "ROLES", "AGE", "VERSION", "NODE-HEALTH-STATUS", "INSTANCE-TYPE"],
              [[n, "Ready,SchedulingDisabled" if k == bad else "Ready", "<none>", "%dd" % (5 + k), "v1.30.6-eks-94953ac", "UnschedulablePendingReplacement" if k == bad else "Schedulable", "ml.p4d.24xlarge"] for k, n in enumerate(nodes)]))
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": ips[k], "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n %s get pods -o wide" % ns] + pods_wide(rows, t_now))
    c.set_label("gpu_memory", "infrastructure", nodes[bad], bad_rank, "restart_without_node",
                "GPU 6 (0000:a0:1c) on the third HyperPod node logged Xid 48 (DBE) and Xid 63 (row pending remap) at 21:48:09; rank 22 on that GPU died with 'uncorrectable ECC error encountered', nvidia-smi shows DRAM Uncorrectable 1 with a remap pending, and HyperPod's health agent set the node to UnschedulablePendingReplacement. Other ranks only hit watchdog timeouts.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")


# =============================================================================== bq17
def bq17(c):
    """GKE A3 JobSet: ~7x slower than the previous run; NCCL on every pod fell back to NET/Socket (manifest lost the TCPX sidecar/plugin)."""
    rng = c.rng
    pref = "gke-a3-train-a3-highgpu-8g-7f3d1e2a-"
    sfx = ["2lkc", "5bqw", "8dzx", "c4hn", "g9vm", "k6rt", "q1fs", "x3pj"]
    nodes = [pref + s for s in sfx]
    js, ns = "llama-13b-tp", "train"
    hosts = ["%s-w-0-%d" % (js, k) for k in range(8)]
    pods = ["%s-%s" % (h, alnum(rng, 5)) for h in hosts]
    nproc, nn = 8, 8
    t0 = D(2024, 9, 27, 15, 20, 4)
    t_now = D(2024, 9, 27, 17, 2, 40)
    steps = titan_steps(plus(t0, 210), 0, 400, 9.85, 10.9, rng, every=10, mem=58.3, tps=2950 * 1.41 / 9.85, mfu=39.8 * 1.41 / 9.85)
    steps = [(t, ln) for t, ln in steps if t < t_now]
    for i in range(nn):
        body = list(steps) if i == 0 else []
        lines, pids = pod_torchrun_log(rng, hosts[i], i, nn, nproc, t0, "10.128.0.%d" % (60 + i), "socket", "%s-w-0-0.%s" % (js, js), js,
                                       "/workspace/torchtitan/train.py", body, bus=BUS["a3"], nccl_ver="2.21.5+cuda12.4",
                                       nccl_extra=["NCCL_SOCKET_IFNAME set by environment to eth0", "NET/Socket : GPU Direct RDMA Disabled for HCA 0 'eth0'",
                                                   "NCCL_NET_GDR_LEVEL set by environment to PIX", "Could not find real path of /sys/class/net/eth0/device",
                                                   "NCCL_CROSS_NIC set by environment to 0"])
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    prev = ["# excerpt: kubectl logs of llama-13b-tp-w-0-0 from the 2024-09-20 run (same nodes pool, previous manifest rev 14)",
            "llama-13b-tp-w-0-0:118:118 [0] NCCL INFO NET/Plugin: Loaded net plugin GPUDirectTCPX (v7)",
            "llama-13b-tp-w-0-0:118:118 [0] NCCL INFO NET/GPUDirectTCPX ver. 3.1.6.",
            "llama-13b-tp-w-0-0:118:118 [0] NCCL INFO NET/GPUDirectTCPX : GPUDirectTCPX enable: 1",
            "llama-13b-tp-w-0-0:118:118 [0] NCCL INFO NET/GPUDirectTCPX : Using [0]eth1:172.16.1.60<0> [1]eth2:172.16.2.60<0> [2]eth3:172.16.3.60<0> [3]eth4:172.16.4.60<0>",
            "llama-13b-tp-w-0-0:118:118 [0] NCCL INFO Using network GPUDirectTCPX"]
    for ln in titan_steps(D(2024, 9, 20, 10, 4, 0), 1000, 6, 1.41, 9.1, rng, every=10, mem=58.3, tps=2950, mfu=39.8):
        prev.append(ln[1])
    c.w("previous_run_2024-09-20_rank0_excerpt.log", prev)
    c.w("jobset_llama-13b-tp_rev15.yaml", [
        "apiVersion: jobset.x-k8s.io/v1alpha2", "kind: JobSet", "metadata:", "  name: llama-13b-tp", "  namespace: train", "spec:",
        "  failurePolicy:", "    maxRestarts: 2", "  replicatedJobs:", "  - name: w", "    replicas: 1", "    template:", "      spec:",
        "        parallelism: 8", "        completions: 8", "        backoffLimit: 0", "        template:", "          metadata:", "            annotations:",
        "              kueue.x-k8s.io/podset-required-topology: cloud.google.com/gce-topology-block", "          spec:",
        "            hostNetwork: true", "            dnsPolicy: ClusterFirstWithHostNet",
        "            # rev15: moved to the shared base template (common/train-pod.yaml); tcpx-daemon sidecar and",
        "            #        /usr/local/tcpx volume are no longer listed here",
        "            containers:", "            - name: trainer", "              image: us-docker.pkg.dev/acme/llm/titan:2024.09.25",
        "              env:", "              - name: NCCL_SOCKET_IFNAME", "                value: eth0", "              - name: NCCL_CROSS_NIC", "                value: \"0\"",
        "              - name: NCCL_NET_GDR_LEVEL", "                value: PIX", "              - name: NCCL_DEBUG", "                value: INFO",
        "              - name: LD_LIBRARY_PATH", "                value: /usr/local/nvidia/lib64",
        "              resources:", "                limits:", "                  nvidia.com/gpu: 8",
        "              volumeMounts:", "              - name: dshm", "                mountPath: /dev/shm",
        "            volumes:", "            - name: dshm", "              emptyDir:", "                medium: Memory"])
    c.w("diff_rev14_rev15.txt", [
        "--- jobset_llama-13b-tp_rev14.yaml", "+++ jobset_llama-13b-tp_rev15.yaml", "@@ -31,30 +31,8 @@",
        "-            - name: tcpx-daemon", "-              image: us-docker.pkg.dev/gce-ai-infra/gpudirect-tcpx/tcpgpudmarxd-dev:v2.0.9",
        "-              command: [\"/tcpgpudmarxd/build/app/tcpgpudmarxd\", \"--gpu_nic_preset\", \"a3vm\", \"--gpu_shmem_type\", \"fd\", \"--uds_path\", \"/run/tcpx\", \"--setup_param\", \"--verbose 128 2 0 \"]",
        "-              securityContext:", "-                privileged: true", "-              volumeMounts:", "-              - name: tcpx-socket", "-                mountPath: /run/tcpx",
        "-              - name: NCCL_GPUDIRECTTCPX_UNIX_CLIENT_PREFIX", "-                value: /run/tcpx",
        "-              - name: NCCL_GPUDIRECTTCPX_SOCKET_IFNAME", "-                value: eth1,eth2,eth3,eth4",
        "-              - name: NCCL_GPUDIRECTTCPX_CTRL_DEV", "-                value: eth0",
        "-              - name: LD_LIBRARY_PATH", "-                value: /usr/local/tcpx/lib64:/usr/local/nvidia/lib64",
        "+              - name: LD_LIBRARY_PATH", "+                value: /usr/local/nvidia/lib64",
        "-              - name: libraries", "-                mountPath: /usr/local/tcpx/lib64"])
    rows = [{"name": p, "ready": "1/1", "status": "Running", "restarts": 0, "start": t0, "ip": "10.128.0.%d" % (60 + k), "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n train get pods -o wide"] + pods_wide(rows, t_now))
    c.set_label("straggler", "script", None, None, "stop",
                "The run is ~7x slower than last week's (tps ~420 vs 2950) on every pod, not one node. All 64 ranks load no net plugin and use NET/Socket over eth0, whereas the previous run used GPUDirectTCPX; rev15 of the JobSet dropped the tcpx-daemon sidecar, the TCPX env vars and the /usr/local/tcpx/lib64 library path. The job's own manifest is the cause.",
                "https://cloud.google.com/kubernetes-engine/docs/how-to/gpu-bandwidth-gpudirect-tcpx")


# =============================================================================== bq18
def bq18(c):
    """On-prem RKE2 + GPU Operator: driver upgrade half-applied on one node (kernel 535, userspace 550); its pod fails CUDA init (error 803)."""
    rng = c.rng
    nodes = ["rke2-gpu-06", "rke2-gpu-07", "rke2-gpu-09", "rke2-gpu-12"]
    job, ns = "asr-conformer", "speech"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(3)]
    nproc, nn = 8, 4
    bad = 2
    t0 = D(2024, 10, 2, 9, 14, 50)
    t_now = D(2024, 10, 2, 9, 52, 3)
    ips = ["10.42.%d.%d" % (6 + k, 31 + k) for k in range(nn)]
    for i in range(nn):
        timed = [(t0, ln) for ln in torchrun_preamble(t0, nproc)]
        timed += [(plus(t0, 0.3), ln) for ln in elastic_agent_start(plus(t0, 0.3), "/app/train_asr.py", nn, nproc, "%s-master-0:29400" % job, job)]
        tr = plus(t0, 5.3 + i * 0.2)
        timed += [(tr, ln) for ln in elastic_rdzv_done(tr, i, nn, nproc, "%s-master-0" % job)]
        pids = [41 + 2 * k for k in range(nproc)]
        if i == bad:
            for j in range(nproc):
                r = i * nproc + j
                tj = plus(tr, 6.1 + j * 0.05)
                timed.append((tj, "[rank%d]: /usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)" % r))
                timed.append((tj, "[rank%d]:   return torch._C._cuda_getDeviceCount() > 0" % r))
                timed += [(plus(tj, 0.1), ln) for ln in rank_traceback(r, [
                    "File \"/app/train_asr.py\", line 301, in <module>",
                    "    main(cfg)",
                    "File \"/app/train_asr.py\", line 212, in main",
                    "    torch.cuda.set_device(local_rank)",
                    "File \"/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py\", line 399, in set_device",
                    "    torch._C._cuda_setDevice(device)",
                    "File \"/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py\", line 302, in _lazy_init",
                    "    torch._C._cuda_init()"],
                    "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination")]
            fl = [(j, plus(tr, 6.6 + j * 0.05), 1) for j in range(nproc)]
            timed += agent_failure_tail(plus(tr, 10.2), pods[i], "train_asr.py", pids, fl, 0, i, nproc)
        else:
            for j in range(nproc):
                r = i * nproc + j
                tj = plus(t0, 1806 + j * 0.05 + i * 0.3)
                timed += [(tj, ln) for ln in rank_traceback(r, [
                    "File \"/app/train_asr.py\", line 301, in <module>",
                    "    main(cfg)",
                    "File \"/app/train_asr.py\", line 207, in main",
                    "    dist.init_process_group(backend=\"nccl\", timeout=timedelta(minutes=30))",
                    "File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py\", line 79, in wrapper",
                    "    return func(*args, **kwargs)",
                    "File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py\", line 1305, in init_process_group",
                    "    store, rank, world_size = next(rendezvous_iterator)",
                    "File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py\", line 246, in _env_rendezvous_handler",
                    "    store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)",
                    "File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py\", line 174, in _create_c10d_store",
                    "    return TCPStore("],
                    "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined.")]
            fl = [(j, plus(t0, 1806.5 + j * 0.05 + i * 0.3), 1) for j in range(nproc)]
            timed += agent_failure_tail(plus(t0, 1810 + i * 0.3), pods[i], "train_asr.py", pids, fl, 0, i, nproc)
        timed.sort(key=lambda x: x[0])
        c.w("%s/%s.log" % (nodes[i], pods[i]), [ln for _, ln in timed])
    boot = D(2024, 9, 12, 7, 40, 3)
    up_u = (D(2024, 10, 2, 8, 51, 17) - boot).total_seconds()
    ents = dmesg_boot("5.15.0-119-generic", "535.183.01")
    for k in range(22):
        ents.append((up_u + 5 + k * 37.3, "NVRM: API mismatch: the client has the version 550.90.07, but"))
        ents.append((up_u + 5 + k * 37.3, "NVRM: this kernel module has the version 535.183.01.  Please"))
        ents.append((up_u + 5 + k * 37.3, "NVRM: make sure that this kernel module and all NVIDIA driver"))
        ents.append((up_u + 5 + k * 37.3, "NVRM: components have the same version."))
    ents.append((up_u, "nvidia-nvlink: Unregistered Nvlink Core, major device number 234") if False else (up_u - 1.0, "rmmod: nvidia_uvm busy"))
    c.w("%s/dmesg_-T.txt" % nodes[bad], render_dmesg(ents, boot))
    drv = ["$ kubectl -n gpu-operator logs nvidia-driver-daemonset-550.90.07-%s -c nvidia-driver-ctr --previous | tail -n 25" % alnum(rng, 5),
           "DRIVER_ARCH is x86_64", "Creating directory NVIDIA-Linux-x86_64-550.90.07", "Verifying archive integrity... OK",
           "Uncompressing NVIDIA Accelerated Graphics Driver for Linux-x86_64 550.90.07.....",
           "", "WARNING: Unable to determine the default X library path. The path /tmp/null/lib will be used, but this path was not detected in the ld.so configuration file(s).",
           "", "========== NVIDIA Software Installer ==========", "", "Starting installation of NVIDIA driver version 550.90.07 for Linux kernel version 5.15.0-119-generic",
           "", "Stopping NVIDIA persistence daemon...", "Unloading NVIDIA driver kernel modules...", "nvidia_uvm           1765376  4",
           "nvidia_drm             86016  0", "nvidia_modeset       1306624  1 nvidia_drm", "nvidia              56872960  112 nvidia_uvm,nvidia_modeset",
           "Could not unload NVIDIA driver kernel modules, driver is in use",
           "Installing NVIDIA driver userspace components only (kernel module left loaded: 535.183.01)",
           "Installing 'NVIDIA Accelerated Graphics Driver for Linux-x86_64' (550.90.07):", "  Installing: [##############################] 100%",
           "Driver file installation is complete.", "Done, now waiting for signal", ""]
    c.w("%s/nvidia-driver-ctr.previous.log" % nodes[bad], drv)
    c.w("%s/nvidia-smi.txt" % nodes[bad], ["$ nvidia-smi", "Failed to initialize NVML: Driver/library version mismatch", "NVML library version: 550.90"])
    c.w("kubectl_get_nodes_-L_upgrade-state.txt", ["$ kubectl get nodes -L nvidia.com/gpu-driver-upgrade-state,nvidia.com/cuda.driver.major"] +
        table(["NAME", "STATUS", "ROLES", "AGE", "VERSION", "GPU-DRIVER-UPGRADE-STATE", "DRIVER.MAJOR"],
              [[n, "Ready", "<none>", "%dd" % (140 + k), "v1.29.7+rke2r1", "upgrade-failed" if k == bad else "upgrade-done", "535" if k == bad else "550"] for k, n in enumerate(nodes)]))
    opr = [("%s" % iso_z(plus(t_now, -3600 + k * 400), 3)) for k in range(4)]
    c.w("gpu-operator_upgrade-controller.log", ["$ kubectl -n gpu-operator logs deploy/gpu-operator | grep -i upgrade | tail -n 12",
        '{"level":"info","ts":"%s","logger":"controllers.Upgrade","msg":"Node upgrade state","node":"rke2-gpu-06","state":"upgrade-done"}' % opr[0],
        '{"level":"info","ts":"%s","logger":"controllers.Upgrade","msg":"Node upgrade state","node":"rke2-gpu-07","state":"upgrade-done"}' % opr[1],
        '{"level":"info","ts":"%s","logger":"controllers.Upgrade","msg":"Node upgrade state","node":"rke2-gpu-09","state":"pod-restart-required"}' % opr[2],
        '{"level":"error","ts":"%s","logger":"controllers.Upgrade","msg":"Driver pod did not reach ready state after restart; driver modules still in use","node":"rke2-gpu-09","state":"upgrade-failed"}' % opr[3],
        '{"level":"info","ts":"%s","logger":"controllers.Upgrade","msg":"Node upgrade state","node":"rke2-gpu-12","state":"upgrade-done"}' % iso_z(plus(t_now, -1500), 3)])
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": ips[k], "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n speech get pods -o wide"] + pods_wide(rows, t_now))
    c.set_label("dependency", "infrastructure", nodes[bad], None, "restart_without_node",
                "Only the pod on rke2-gpu-09 fails, at CUDA init with error 803 'unsupported display driver / cuda driver combination'; that node's dmesg shows 'API mismatch: client 550.90.07, kernel module 535.183.01', nvidia-smi reports a driver/library mismatch and the GPU Operator left it in upgrade-failed because the old modules were in use. The other pods just time out waiting for its 8 ranks to join.",
                "https://github.com/NVIDIA/gpu-operator/issues/457")


# =============================================================================== bq19
def bq19(c):
    """KubeRay RayJob on EKS g5.12xlarge (4 GPUs/node): every train worker fails importing the user's own package."""
    rng = c.rng
    gpu_nodes = ["ip-192-168-41-77.us-west-2.compute.internal", "ip-192-168-58-130.us-west-2.compute.internal"]
    head_node = "ip-192-168-12-9.us-west-2.compute.internal"
    ips = ["192.168.41.%d" % rng.randint(100, 200), "192.168.58.%d" % rng.randint(100, 200)]
    head_ip = "192.168.12.%d" % rng.randint(100, 200)
    rc = "rec-ranker-raycluster-%s" % alnum(rng, 5)
    sub = "rec-ranker-%s" % alnum(rng, 5)
    t0 = D(2024, 7, 30, 17, 44, 21)
    wpids = [1408 + 9 * k for k in range(8)]
    pkg = "_ray_pkg_%s" % hexs(rng, 16)
    L = []
    def R(t, s):
        L.append("%s\t%s" % (pyts(t), s))
    R(t0, "INFO cli.py:39 -- Job submission server address: http://%s-head-svc.ml.svc.cluster.local:8265" % rc)
    R(plus(t0, 0.6), "INFO packaging.py:530 -- Creating a file package for local directory '/home/ray/workdir'.")
    R(plus(t0, 0.7), "INFO packaging.py:358 -- Pushing file package 'gcs://%s.zip' (0.94MiB) to Ray cluster..." % pkg)
    R(plus(t0, 0.9), "INFO packaging.py:371 -- Successfully pushed file package 'gcs://%s.zip'." % pkg)
    R(plus(t0, 1.1), "SUCC cli.py:63 -- Job '%s' submitted successfully" % sub)
    R(plus(t0, 7), "INFO worker.py:1586 -- Connecting to existing Ray cluster at address: %s:6379..." % head_ip)
    R(plus(t0, 7.3), "INFO worker.py:1762 -- Connected to Ray cluster. View the dashboard at %s:8265 " % head_ip)
    L.append("")
    L.append("View detailed results here: s3://acme-ray-results/rec-ranker/TorchTrainer_2024-07-30_17-44-28")
    L.append("To visualize your results with TensorBoard, run: `tensorboard --logdir /tmp/ray/session_2024-07-30_17-31-02_118311_1/artifacts/2024-07-30_17-44-28/TorchTrainer_2024-07-30_17-44-28/driver_artifacts`")
    L.append("")
    L.append("Training started with configuration:")
    L.append("╭──────────────────────────────────────────────╮")
    L.append("│ Training config                              │")
    L.append("├──────────────────────────────────────────────┤")
    L.append("│ train_loop_config/batch_size            4096 │")
    L.append("│ train_loop_config/epochs                   6 │")
    L.append("│ train_loop_config/lr                   0.002 │")
    L.append("│ train_loop_config/scheduler   cosine_warmup  │")
    L.append("╰──────────────────────────────────────────────╯")
    L.append("(TrainTrainable pid=1290, ip=%s) Trainable.setup took 11.094 seconds. If your trainable is slow to initialize, consider setting reuse_actors=True to reduce actor creation overheads." % ips[0])
    L.append("(TorchTrainer pid=1290, ip=%s) Started distributed worker processes: " % ips[0])
    for k in range(8):
        L.append("(TorchTrainer pid=1290, ip=%s) - (node_id=%s, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d" % (ips[0], hexs(rng, 56), ips[k // 4], wpids[k], k, k % 4, k // 4))
    L.append("(RayTrainWorker pid=%d, ip=%s) Setting up process group for: env:// [rank=0, world_size=8]" % (wpids[0], ips[0]))
    wd = "/tmp/ray/session_2024-07-30_17-31-02_118311_1/runtime_resources/working_dir_files/%s" % pkg
    L.append("2024-07-30 17:45:02,774\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_51c2e_00000")
    L += ["Traceback (most recent call last):",
          "  File \"/home/ray/anaconda3/lib/python3.11/site-packages/ray/air/execution/_internal/event_manager.py\", line 110, in resolve_future",
          "    result = ray.get(future)",
          "  File \"/home/ray/anaconda3/lib/python3.11/site-packages/ray/_private/worker.py\", line 2639, in get",
          "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
          "  File \"/home/ray/anaconda3/lib/python3.11/site-packages/ray/_private/worker.py\", line 866, in get_objects",
          "    raise value.as_instanceof_cause()",
          "ray.exceptions.RayTaskError(ImportError): ray::_Inner.train() (pid=1290, ip=%s, actor_id=%s, repr=TorchTrainer)" % (ips[0], hexs(rng, 32)),
          "  File \"/home/ray/anaconda3/lib/python3.11/site-packages/ray/tune/trainable/trainable.py\", line 331, in train",
          "    raise skipped from exception_cause(skipped)",
          "  File \"/home/ray/anaconda3/lib/python3.11/site-packages/ray/train/_internal/utils.py\", line 53, in check_for_failure",
          "    ray.get(object_ref)",
          "ray.exceptions.RayTaskError(ImportError): ray::_RayTrainWorker__execute.get_next() (pid=%d, ip=%s, actor_id=%s, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f41d8b1e650>)" % (wpids[0], ips[0], hexs(rng, 32)),
          "  File \"/home/ray/anaconda3/lib/python3.11/site-packages/ray/train/_internal/worker_group.py\", line 33, in __execute",
          "    raise skipped from exception_cause(skipped)",
          "  File \"/home/ray/anaconda3/lib/python3.11/site-packages/ray/train/_internal/utils.py\", line 169, in discard_return_wrapper",
          "    train_func(*args, **kwargs)",
          "  File \"%s/train.py\", line 58, in train_loop_per_worker" % wd,
          "    from trainer.schedulers import CosineWarmupScheduler",
          "ImportError: cannot import name 'CosineWarmupScheduler' from 'trainer.schedulers' (%s/trainer/schedulers.py)" % wd,
          "",
          "Training errored after 0 iterations at 2024-07-30 17:45:02. Total running time: 34s",
          "Error file: /tmp/ray/session_2024-07-30_17-31-02_118311_1/artifacts/2024-07-30_17-44-28/TorchTrainer_2024-07-30_17-44-28/driver_artifacts/TorchTrainer_51c2e_00000_0_2024-07-30_17-44-28/error.txt",
          "",
          "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run."]
    R(plus(t0, 44), "ERR cli.py:71 -- -----------------------------------------")
    R(plus(t0, 44), "ERR cli.py:72 -- Job '%s' failed" % sub)
    R(plus(t0, 44), "ERR cli.py:73 -- -----------------------------------------")
    R(plus(t0, 44), "INFO cli.py:86 -- Status message: Job entrypoint command failed with exit code 1, last available logs (truncated to 20,000 chars):")
    c.w("rayjob_submitter_%s.log" % sub, ["$ kubectl -n ml logs job/%s" % sub] + L)
    c.w("workdir/git_show_--stat_HEAD.txt", ["commit 0e4c1b7a9f2d3e5c6b8a7d9e0f1a2b3c4d5e6f70", "Author: dkhan <dkhan@acme.ai>", "Date:   Tue Jul 30 17:30:55 2024 +0000", "",
                                              "    refactor schedulers: CosineWarmupScheduler -> WarmupCosineLR", "",
                                              " trainer/schedulers.py | 41 ++++++++++++++++++++---------------------", " trainer/__init__.py   |  2 +-",
                                              " 2 files changed, 22 insertions(+), 21 deletions(-)"])
    c.w("workdir/grep_CosineWarmup.txt", ["$ grep -rn 'CosineWarmup\\|WarmupCosineLR' /home/ray/workdir",
                                          "/home/ray/workdir/train.py:58:    from trainer.schedulers import CosineWarmupScheduler",
                                          "/home/ray/workdir/train.py:97:    sched = CosineWarmupScheduler(opt, warmup=cfg[\"warmup\"], total=cfg[\"total_steps\"])",
                                          "/home/ray/workdir/trainer/schedulers.py:12:class WarmupCosineLR(torch.optim.lr_scheduler.LRScheduler):"])
    for k, n in enumerate(gpu_nodes):
        wl = ["$ kubectl -n ml logs %s-worker-gpu-%s -c ray-worker | tail" % (rc, alnum(rng, 5)),
              "%s\tINFO scripts.py:1047 -- Local node IP: %s" % (pyts(plus(t0, -780)), ips[k]),
              "%s\tSUCC scripts.py:1064 -- Ray runtime started." % pyts(plus(t0, -778)),
              "%s\tINFO scripts.py:1077 -- This command will now block forever until terminated by a signal." % pyts(plus(t0, -778))]
        for q in range(4):
            wl.append("(raylet) [%s] worker %d (RayTrainWorker) exited with code 1: ImportError: cannot import name 'CosineWarmupScheduler' from 'trainer.schedulers'" % (iso_z(plus(t0, 41 + q * 0.1), 3), wpids[k * 4 + q]) if False else
                      "%s\tINFO worker_pool.cc:565 -- Started worker process with pid %d" % (pyts(plus(t0, 30 + q * 0.2)), wpids[k * 4 + q]))
        c.w("%s/ray-worker.log" % n, wl)
        gp = [(gpu_uuid(rng), "0000:00:%02x" % (0x1b + g)) for g in range(4)]
        c.w("%s/dcgm-exporter_metrics.txt" % n, ["# curl -s localhost:9400/metrics"] + dcgm_scrape(n, gp, {
            "DCGM_FI_DEV_GPU_TEMP": [float(rng.randint(28, 33)) for _ in range(4)], "DCGM_FI_DEV_GPU_UTIL": [0.0] * 4,
            "DCGM_FI_DEV_FB_USED": [float(rng.randint(400, 520)) for _ in range(4)], "DCGM_FI_DEV_XID_ERRORS": [0.0] * 4}, model="NVIDIA A10G", driver="535.183.01"))
    c.w("%s/ray-head.log" % head_node, ["$ kubectl -n ml logs %s-head-%s -c ray-head | tail -n 3" % (rc, alnum(rng, 5)),
                                        "%s\tINFO scripts.py:744 -- Local node IP: %s" % (pyts(plus(t0, -800)), head_ip),
                                        "%s\tSUCC scripts.py:781 -- Ray runtime started." % pyts(plus(t0, -796)),
                                        "%s\tINFO job_manager.py:531 -- Job %s failed with exit code 1." % (pyts(plus(t0, 43)), sub) if False else
                                        "%s\tINFO monitor.py:690 -- Autoscaler has not yet received load metrics. Waiting." % pyts(plus(t0, -790))])
    c.set_label("dependency", "script", None, None, "stop",
                "The Ray Train workers fail 34 s into the run with ImportError: cannot import name 'CosineWarmupScheduler' from the job's own trainer/schedulers.py (uploaded working_dir); the latest commit renamed the class to WarmupCosineLR while train.py still imports the old name. Nodes and GPUs are idle and healthy.",
                "https://docs.ray.io/en/latest/ray-core/handling-dependencies.html")


# =============================================================================== bq20
def bq20(c):
    """AKS PyTorchJob + HF Trainer: KeyError 'labels' in the user's collate_fn on rank 11 at step 3120; others time out 30 min later."""
    rng = c.rng
    nodes = ["aks-a100pool-19382736-vmss00000%s" % x for x in ("3", "5", "6", "b")]
    job, ns = "t5-xl-sum", "nlp"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(3)]
    nproc, nn = 8, 4
    bad_rank = 11
    bad = bad_rank // nproc
    t0 = D(2024, 8, 8, 1, 10, 0)
    t_e = D(2024, 8, 8, 3, 2, 41)
    t_now = plus(t_e, 2000)
    ips = ["172.16.0.%d" % (20 + k) for k in range(nn)]
    steps = hf_steps(plus(t0, 130), 0, 312, 2.13, 2.61, rng, 12000, every=10, lr0=3e-4, epoch_steps=4000)
    steps = [(t, ln) for t, ln in steps if t < t_e]
    for i in range(nn):
        body = list(steps) if i == 0 else []
        extra = None
        if i == 2:
            extra = ["NET/IB : mlx5_3:1 Got async event : GID table change"]
        lines, pids = pod_torchrun_log(rng, pods[i], i, nn, nproc, t0, ips[i], "ib", "%s-master-0" % job, job, "/workspace/run_summarization.py",
                                       body, bus=BUS["nd"], nccl_ver="2.20.5+cuda12.4", nnics=8, base_pid=49, nccl_extra=extra)
        tail = []
        if i == 2:
            tw = plus(t0, 5000)
            tail.append((tw, "%s:%d:%d [3] NCCL WARN NET/IB : mlx5_3:1 Got async event : GID table change" % (pods[i], pids[3], pids[3] + 97)))
        if i == bad:
            j = bad_rank % nproc
            tail += [(t_e, ln) for ln in rank_traceback(bad_rank, [
                "File \"/workspace/run_summarization.py\", line 744, in <module>",
                "    main()",
                "File \"/workspace/run_summarization.py\", line 663, in main",
                "    train_result = trainer.train(resume_from_checkpoint=checkpoint)",
                "File \"/usr/local/lib/python3.10/dist-packages/transformers/trainer.py\", line 1938, in train",
                "    return inner_training_loop(",
                "File \"/usr/local/lib/python3.10/dist-packages/transformers/trainer.py\", line 2236, in _inner_training_loop",
                "    for step, inputs in enumerate(epoch_iterator):",
                "File \"/usr/local/lib/python3.10/dist-packages/accelerate/data_loader.py\", line 454, in __iter__",
                "    current_batch = next(dataloader_iter)",
                "File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py\", line 631, in __next__",
                "    data = self._next_data()",
                "File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py\", line 1346, in _next_data",
                "    return self._process_data(data)",
                "File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py\", line 1372, in _process_data",
                "    data.reraise()",
                "File \"/usr/local/lib/python3.10/dist-packages/torch/_utils.py\", line 705, in reraise",
                "    raise exception"],
                ["KeyError: Caught KeyError in DataLoader worker process 2.",
                 "Original Traceback (most recent call last):",
                 "  File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/worker.py\", line 308, in _worker_loop",
                 "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                 "  File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/fetch.py\", line 54, in fetch",
                 "    return self.collate_fn(data)",
                 "  File \"/workspace/sumdata/collate.py\", line 41, in __call__",
                 "    labels = [f[\"labels\"] for f in features]",
                 "  File \"/workspace/sumdata/collate.py\", line 41, in <listcomp>",
                 "    labels = [f[\"labels\"] for f in features]",
                 "KeyError: 'labels'"])]
            tail += agent_failure_tail(plus(t_e, 4.8), pods[i], "run_summarization.py", pids, [(j, plus(t_e, 1.2), 1)], j, i, nproc)
        else:
            tail += watchdog_pod_tail(rng, pods[i], "run_summarization.py", i, nproc, pids, plus(t_e, 1800 + rng.uniform(0, 2)), 62411, "ALLREDUCE", 1, timeout_ms=1800000)
        lines += _tail_lines(tail)
        c.w("%s/kubectl_logs_-c_pytorch.txt" % pods[i], ["$ kubectl -n nlp logs %s -c pytorch" % pods[i]] + lines)
    boot = D(2024, 7, 29, 2, 0, 0)
    ents = dmesg_boot("5.15.0-1068-azure", "535.161.08")
    ents += [(400000.0, "mlx5_core 0003:00:02.0: mlx5_port_module_event:1145:(pid 0): Port module event: module 0, Cable plugged"),
             (400001.2, "mlx5_core 0003:00:02.0 ibP3p0s2: Link up"),
             ((t_e - boot).total_seconds() - 3000, "hv_balloon: Max. dynamic memory size: 1900544 MB")]
    c.w("%s/dmesg_-T.txt" % nodes[2], render_dmesg(ents, boot))
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": "10.244.%d.%d" % (3 + k, 17), "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n nlp get pods -o wide"] + pods_wide(rows, t_now))
    c.set_label("user_code", "script", None, None, "stop",
                "Rank 11 (t5-xl-sum-worker-0) raised KeyError: 'labels' inside the job's own collate_fn (/workspace/sumdata/collate.py) at step ~3120, i.e. a sample without labels in the user's data/collator; every other rank then waits 30 min and times out. The IB GID-change warning on another node is benign.",
                "https://github.com/zjunlp/Relphormer/issues/10")


CASES = [
    ("bq11_nan_grad_norm_three_restarts", bq11),
    ("bq12_training_froze_then_watchdog_timeouts", bq12),
    ("bq13_hang_at_first_validation", bq13),
    ("bq14_step_time_up_55_percent", bq14),
    ("bq15_data_wait_dominates_step_time", bq15),
    ("bq16_worker_sigabrt_uncorrectable_ecc", bq16),
    ("bq17_throughput_seven_times_lower", bq17),
    ("bq18_one_pod_cuda_init_error_803", bq18),
    ("bq19_rayjob_fails_in_34_seconds", bq19),
    ("bq20_keyerror_in_dataloader_worker", bq20),
]
