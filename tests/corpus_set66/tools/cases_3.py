"""Cases bk21-bk28."""

import random

import nodetools as nt
from corpus_lib import (Bundle, label, T, tz, add, rng_seed, f_pylog, f_torchlog, f_journal, f_iso, f_uptime,
                        f_glog, f_dmesg_T, tee, cuda_error_tb, train_frames, sacct, PY, child_failed, sigterm_lines,
                        agent_failed, watchdog_timeout)
from scaffold import Job, progress_pylog


# ============================================================================ bk21

def bk21():
    name = "bk21_oom_on_one_node_at_model_init"
    rng = random.Random(rng_seed(name))
    hosts = ["a100-n12", "a100-n13", "a100-n14", "a100-n15"]
    ips = ["10.5.12.12", "10.5.12.13", "10.5.12.14", "10.5.12.15"]
    job = Job(rng, hosts, ips, script="fsdp_train.py", nccl="2.18.3+cuda12.1",
              hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"])
    bad = "a100-n15"
    b = Bundle(name, label(
        "oom", "infrastructure", bad, 24, "restart_without_node",
        "Only rank 24 (a100-n15 GPU 0) ran out of memory while wrapping the model; the OOM message names a second process "
        "(PID 48211) holding 37.6 GiB, and nvidia-smi -q / ps on a100-n15 show it is a leftover eval_ckpt.py from another "
        "user started the day before. The other 31 ranks had plenty of free memory.",
        "https://github.com/pytorch/pytorch/issues/40863"))
    t0 = T(2024, 6, 4, 9, 20, 3)
    tf = add(t0, 71.4)
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h, channels=2)
        if h == bad:
            pid0 = job.pids[h][0]
            log += tee(0, [
                "[rank24]: Traceback (most recent call last):",
                '[rank24]:   File "/home/svc/fsdp_train.py", line 204, in <module>',
                "[rank24]:     model = FSDP(model, auto_wrap_policy=wrap_policy, device_id=torch.cuda.current_device(),",
                '[rank24]:   File "%s/torch/distributed/fsdp/fully_sharded_data_parallel.py", line 483, in __init__' % PY,
                "[rank24]:     _init_param_handle_from_module(",
                '[rank24]:   File "%s/torch/distributed/fsdp/_init_utils.py", line 587, in _init_param_handle_from_module' % PY,
                "[rank24]:     _move_module_to_device(",
                '[rank24]:   File "%s/torch/distributed/fsdp/_init_utils.py", line 958, in _move_module_to_device' % PY,
                "[rank24]:     module.to(device_from_device_id)",
                "[rank24]:   ...",
                "[rank24]: torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.02 GiB is free. Process 48211 has 37.61 GiB memory in use. Process %d has 40.50 GiB memory in use. Of the allocated memory 38.87 GiB is allocated by PyTorch, and 812.00 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % pid0,
            ])
            log += job.agent_teardown(h, add(tf, 0.8), 0, 1)
        else:
            log += job.watchdog_storm(h, add(tf, 1800), seq=1, op="BROADCAST", numel=524288000, timeout_ms=1800000)
        b.node(h, "torchrun.log", log)
    for h in hosts:
        gpus = [nt.gpu(i, "a100", host=h) for i in range(8)]
        if h == bad:
            gpus[0].update(fb_used=38512, procs=[(48211, "/usr/bin/python3", 38512)], util=0)
        b.node(h, "epilog/nvidia-smi-q.txt", nt.nvsmi_q("Tue Jun  4 09:52:40 2024", "535.183.01", "12.2", gpus))
    b.node(bad, "epilog/ps-gpu-procs.txt", [
        "$ ps -o pid,user,lstart,etime,cmd -p 48211",
        "    PID USER                      STARTED     ELAPSED CMD",
        "  48211 jlee     Mon Jun  3 17:41:09 2024    16:11:31 python3 eval_ckpt.py --ckpt /scratch/jlee/run7/step_18000 --device cuda:0",
    ])
    return b


# ============================================================================ bk22

def bk22():
    name = "bk22_loss_nan_on_two_attempts_different_steps"
    rng = random.Random(rng_seed(name))
    a0 = ["p4-01", "p4-02", "p4-03", "p4-04"]
    a1 = ["p4-03", "p4-05", "p4-06", "p4-07"]
    b = Bundle(name, label(
        "gpu_hardware", "infrastructure", "p4-03", None, "restart_without_node",
        "Loss went NaN at step 8811 in the first allocation and, after resuming from step 8000 on mostly different nodes, "
        "at step 9430 in the second; p4-03 is the only node in both. The post-mortem dcgmi diag -r 3 on p4-03 fails the "
        "Diagnostic test on GPU 5 with a memory mismatch not reported by CUDA or NVML (silent corruption), while p4-05 passes.",
        "https://github.com/pytorch/torchtitan/issues/951"))
    for att, hosts, t0, nan_step, start in ((0, a0, T(2024, 11, 19, 1, 2, 0), 8811, 0), (1, a1, T(2024, 11, 19, 7, 40, 10), 9430, 8000)):
        job = Job(rng, hosts, ["10.4.4.%d" % int(h[-2:]) for h in hosts], script="train.py", nccl="2.20.5+cuda12.4")
        for h in hosts:
            log = job.launcher_head(h, t0)
            log += job.nccl_lines(h)
            if h == hosts[0]:
                pl = []
                if start:
                    pl.append("%s - train - INFO - resuming from /ckpt/moe-8x7b/step_%d" % (f_pylog(add(t0, 40)), start))
                tt = add(t0, 90)
                s = start + 10
                while s < nan_step:
                    pl.append("%s - train - INFO - step %d loss %.4f gnorm %.3f lr %.2e" % (f_pylog(tt), s, 2.31 - s / 50000.0 + rng.uniform(-0.01, 0.01), 0.85 + rng.uniform(-0.08, 0.08), 1.5e-4))
                    tt = add(tt, 10 * 2.6)
                    s += 10
                tt = add(tt, (nan_step - (s - 10)) * 2.6)
                pl.append("%s - train - INFO - step %d loss nan gnorm nan lr %.2e" % (f_pylog(tt), nan_step, 1.5e-4))
                pl.append("%s - train - ERROR - non-finite loss at step %d, aborting (skip_nan=False)" % (f_pylog(add(tt, 0.01)), nan_step))
                pl += ["[rank0]: Traceback (most recent call last):",
                       '[rank0]:   File "/workspace/train.py", line 377, in <module>',
                       "[rank0]:     main()",
                       '[rank0]:   File "/workspace/train.py", line 351, in main',
                       "[rank0]:     raise FloatingPointError(f\"non-finite loss at step {step}\")",
                       "[rank0]: FloatingPointError: non-finite loss at step %d" % nan_step]
                log += tee(0, pl)
                log += job.agent_teardown(h, add(tt, 1.2), 0, 1)
                t_nan = tt
            else:
                log += job.watchdog_storm(h, None, seq=30000 + nan_step * 4, numel=1)
            b.add("attempt_%d/%s/torchrun.log" % (att, h), log)
    fail = nt.dcgmi_diag_text("3.3.5", "550.54.15", ["2330"] * 8, nt.deploy_rows(),
                              [("PCIe", "Pass - All", [])],
                              [("GPU Memory", "Pass - All", []),
                               ("Diagnostic", ("Pass - GPUs: 0, 1, 2, 3, 4, 6, 7", "Fail - GPU: 5"),
                                [("Warning", "GPU 5 A memory mismatch was detected on GPU 5, but no error was reported by CUDA or NVML.")])],
                              [("Targeted Stress", "Pass - All", []), ("Targeted Power", "Pass - All", []),
                               ("Memory Bandwidth", "Pass - All", []), ("EUD Test", "Skip - All", [])])
    b.node("p4-03", "postmortem/dcgmi-diag-r3.txt", ["$ dcgmi diag -r 3   # 2024-11-19 12:48 UTC, node drained"] + fail)
    ok = nt.dcgmi_diag_text("3.3.5", "550.54.15", ["2330"] * 8, nt.deploy_rows(),
                            [("PCIe", "Pass - All", [])],
                            [("GPU Memory", "Pass - All", []), ("Diagnostic", "Pass - All", [])],
                            [("Targeted Stress", "Pass - All", []), ("Targeted Power", "Pass - All", []),
                             ("Memory Bandwidth", "Pass - All", []), ("EUD Test", "Skip - All", [])])
    b.node("p4-05", "postmortem/dcgmi-diag-r3.txt", ["$ dcgmi diag -r 3   # 2024-11-19 13:20 UTC"] + ok)
    gpus = [nt.gpu(i, host="p4-03") for i in range(8)]
    b.node("p4-03", "postmortem/nvidia-smi-q.txt", nt.nvsmi_q("Tue Nov 19 12:40:02 2024", "550.54.15", "12.4", gpus, expanded_sram=True))
    return b


# ============================================================================ bk23

def bk23():
    name = "bk23_resume_fails_with_missing_keys_on_all_ranks"
    rng = random.Random(rng_seed(name))
    hosts = ["v100-r2-05", "v100-r2-06"]
    ips = ["192.168.7.105", "192.168.7.106"]
    job = Job(rng, hosts, ips, script="train_gpt2.py", nccl="2.14.3+cuda11.7", ifname="ib0",
              hcas=["mlx5_0", "mlx5_1"])
    b = Bundle(name, label(
        "user_code", "script", None, None, "stop",
        "Every rank on both nodes fails load_state_dict on resume: the checkpoint keys carry the torch.compile '_orig_mod.' "
        "prefix the uncompiled model does not expect. The retired pages on v100-r2-06 GPU 3 (2 single-bit, none pending) and "
        "its old Xid 63 are historical and unrelated.",
        "https://github.com/karpathy/nanoGPT/issues/325"))
    t0 = T(2024, 2, 6, 14, 30, 11)
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h, channels=2)
        for lr in range(8):
            r = job.rank(h, lr)
            log += tee(lr, [
                "Traceback (most recent call last):",
                '  File "/home/ykim/nanogpt/train_gpt2.py", line 176, in <module>',
                "    model.load_state_dict(state_dict)",
                '  File "/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py", line 2041, in load_state_dict',
                "    raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
                "RuntimeError: Error(s) in loading state_dict for GPT:",
                '\tMissing key(s) in state_dict: "transformer.wte.weight", "transformer.wpe.weight", "transformer.h.0.ln_1.weight", "transformer.h.0.attn.c_attn.weight", "transformer.h.0.attn.c_attn.bias", "transformer.h.0.attn.c_proj.weight", ... ',
                '\tUnexpected key(s) in state_dict: "_orig_mod.transformer.wte.weight", "_orig_mod.transformer.wpe.weight", "_orig_mod.transformer.h.0.ln_1.weight", "_orig_mod.transformer.h.0.attn.c_attn.weight", "_orig_mod.transformer.h.0.attn.c_attn.bias", ... ',
            ])
        pids = job.pids[h]
        tf = add(t0, 48.2)
        log += agent_failed(tf, 1, 0, pids[0])
        log += child_failed(tf, h, "train_gpt2.py", job.rank(h, 0), 0, 1, pids[0],
                            others=[(job.rank(h, lr), lr, 1, pids[lr]) for lr in range(1, 8)])
        b.node(h, "torchrun.log", log)
    gpus = [dict(idx=i) for i in range(8)]
    gpus[3].update(ret_sbe=2, ret_dbe=0, ret_pending="No", sbe_a=14, sbe_v=0)
    b.node("v100-r2-06", "nvidia-smi-q.txt", nt.nvsmi_q_volta("Tue Feb  6 14:33:02 2024", "470.223.02", "11.4", gpus))
    b.node("v100-r2-06", "dmesg.txt", [
        f_uptime(4.118203) + " Linux version 5.4.0-150-generic (buildd@lcy02-amd64-034) (gcc version 9.4.0 (Ubuntu 9.4.0-1ubuntu1~20.04.1)) #167-Ubuntu SMP",
        f_uptime(38.902117) + " nvidia-nvlink: Nvlink Core is being initialized, major device number 236",
        f_uptime(39.441920) + " NVRM: loading NVIDIA UNIX x86_64 Kernel Module  470.223.02  Sat Oct  7 15:39:11 UTC 2023",
        f_uptime(86231.117402) + " NVRM: Xid (PCI:0000:0b:00): 63, pid=1120331, Dynamic Page Retirement: New page retired, reboot to activate (0x0000000000734a21).",
        f_uptime(86231.117498) + " NVRM: Xid (PCI:0000:0b:00): 63, pid=1120331, Dynamic Page Retirement: New page retired, reboot to activate (0x0000000000734a22).",
        f_uptime(1021873.310442) + " IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
    ])
    b.node("v100-r2-06", "uptime.txt", [" 14:33:05 up 11 days, 19:52,  0 users,  load average: 2.11, 6.40, 9.82"])
    return b


# ============================================================================ bk24

def bk24():
    name = "bk24_training_hung_no_errors_for_thirty_minutes"
    rng = random.Random(rng_seed(name))
    hosts = ["gn-301", "gn-302", "gn-303", "gn-304"]
    ips = ["10.2.3.1", "10.2.3.2", "10.2.3.3", "10.2.3.4"]
    job = Job(rng, hosts, ips, script="train.py", nccl="2.21.5+cuda12.4")
    bad, bad_lr = "gn-303", 5
    bad_rank = job.rank(bad, bad_lr)
    b = Bundle(name, label(
        "hang", "infrastructure", bad, bad_rank, "run_diagnostics",
        "Progress stopped at step 22300 and 31 ranks later timed out in ALLREDUCE 88124. The flight recorder shows every "
        "rank except 21 entered that collective, and py-spy shows rank 21 (gn-303 GPU 5) blocked in torch.cuda.synchronize "
        "waiting on its own GPU. nvidia-smi -q and dcgmi health on gn-303 show nothing, so the node needs diagnostics.",
        "https://docs.pytorch.org/tutorials/prototype/flight_recorder_tutorial.html"))
    t0 = T(2025, 3, 3, 12, 0, 4)
    stop = T(2025, 3, 3, 16, 40, 12)

    def fmt(s, t):
        return "step %d | loss %.4f | grad_norm %.3f | %.2f s/it" % (s, 2.2 - s / 90000.0, 0.41 + rng.uniform(-0.04, 0.04), 0.752 + rng.uniform(-0.01, 0.01))
    prog, _ = progress_pylog(add(t0, 90), 100, 22300, 100, 0.752, fmt, rng)
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h)
        if h == hosts[0]:
            log += tee(0, prog)
        skip = (bad_lr,) if h == bad else ()
        log += job.watchdog_storm(h, add(stop, 1800), seq=88124, numel=262144, skip=skip, timeout_ms=1800000)
        for lr in range(8):
            if h == bad and lr == bad_lr:
                continue
            r = job.rank(h, lr)
            log += tee(lr, ["[rank%d]:[E%s %d ProcessGroupNCCL.cpp:1381] [PG 0 (default_pg) Rank %d] First PG on this rank to signal dumping." % (
                r, add(stop, 1801.0 + rng.uniform(0, 0.2)).strftime("%m%d %H:%M:%S.%f"), job.pids[h][lr], r) if (r == 0) else
                "[rank%d]:[E%s %d ProcessGroupNCCL.cpp:1390] [PG 0 (default_pg) Rank %d] Observed flight recorder dump signal from another rank via TCPStore." % (
                r, add(stop, 1801.3 + rng.uniform(0, 0.9)).strftime("%m%d %H:%M:%S.%f"), job.pids[h][lr], r)])
        b.node(h, "torchrun.log", log)
    b.add("fr_trace_analysis.txt", [
        "$ torchfrtrace /shared/fr/job-118842 -j",
        "Not all ranks joining collective 88124 at entry 3071",
        "group info: 0:default_pg",
        "collective: nccl:all_reduce",
        "missing ranks: {%d}" % bad_rank,
        "input sizes: [[262144]]",
        "output sizes: [[262144]]",
        "expected ranks: 32",
        "collective state: scheduled",
        "collective stack trace:",
        "\t all_reduce at %s/torch/distributed/distributed_c10d.py:2501" % PY,
        "\t wrapper at %s/torch/distributed/c10d_logger.py:83" % PY,
        "\t reduce_metrics at /opt/job/train.py:288",
        "\t train_loop at /opt/job/train.py:355",
        "",
        "rank %d: last completed collective 88123 (nccl:all_reduce), last enqueued 88123" % bad_rank,
        "all other ranks: last enqueued 88124, last completed 88123",
    ])
    b.node(bad, "pyspy-dump-rank21.txt", [
        "Process %d: /usr/bin/python3 -u /opt/job/train.py --config cfg/run_118842.yaml" % job.pids[bad][bad_lr],
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        'Thread %d (active): "MainThread"' % job.pids[bad][bad_lr],
        "    synchronize (torch/cuda/__init__.py:892)",
        "    _log_step_metrics (train.py:301)",
        "    train_loop (train.py:351)",
        "    main (train.py:402)",
        "    <module> (train.py:410)",
        'Thread %d (idle): "Thread-2 (_pin_memory_loop)"' % (job.pids[bad][bad_lr] + 228),
        "    select (selectors.py:416)",
        "    wait (multiprocessing/connection.py:936)",
        "    _poll (multiprocessing/connection.py:424)",
        "    poll (multiprocessing/connection.py:257)",
        "    get (multiprocessing/queues.py:113)",
        "    do_one_step (torch/utils/data/_utils/pin_memory.py:31)",
        "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)",
        "    run (threading.py:953)",
        "    _bootstrap_inner (threading.py:1016)",
        "    _bootstrap (threading.py:973)",
    ])
    b.node("gn-302", "pyspy-dump-rank12.txt", [
        "Process %d: /usr/bin/python3 -u /opt/job/train.py --config cfg/run_118842.yaml" % job.pids["gn-302"][4],
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        'Thread %d (active): "MainThread"' % job.pids["gn-302"][4],
        "    synchronize (torch/cuda/__init__.py:892)",
        "    _log_step_metrics (train.py:301)",
        "    train_loop (train.py:351)",
        "    main (train.py:402)",
        "    <module> (train.py:410)",
    ])
    for h in hosts:
        gpus = [nt.busy(nt.gpu(i, host=h)) for i in range(8)]
        if h == bad:
            gpus[bad_lr].update(power=121.4)
        b.node(h, "hang-snapshot/nvidia-smi-q.txt", nt.nvsmi_q("Mon Mar  3 17:02:31 2025", "550.127.05", "12.4", gpus, expanded_sram=True))
    b.node(bad, "hang-snapshot/dcgmi-health-c.txt", nt.dcgmi_health("Healthy", []))
    b.node(bad, "hang-snapshot/journalctl-k-since-12h.txt", [
        "-- No entries --",
    ])
    return b


# ============================================================================ bk25

def bk25():
    name = "bk25_job_requeued_and_node_drained_at_start"
    rng = random.Random(rng_seed(name))
    hosts = ["h100-d09", "h100-d10", "h100-d11", "h100-d12"]
    pdt = tz(-7)
    b = Bundle(name, label(
        "gpu_hardware", "infrastructure", "h100-d12", None, "restart_without_node",
        "The job was requeued before it ran because the prolog failed on h100-d12, which Slurm drained. Its prolog GPU check "
        "finds 7 of 8 GPUs: nvidia-smi -L has no GPU at 0000:9a:00.0 and lspci shows that H100 as rev ff (config space "
        "unreadable). The other three prologs found all eight GPUs.",
        "https://github.com/cBio/cbio-cluster/issues/24"))
    tp = T(2024, 9, 18, 22, 41, 0, 0, pdt)
    for i, h in enumerate(hosts):
        lines = ["%s %s prolog[%d]: job 61733 prolog start" % (add(tp, i).isoformat(), h, 88400 + i * 7)]
        if h == "h100-d12":
            lines += ["%s %s prolog[88421]: gpu-check: nvidia-smi -L reports 7 GPUs, expected 8" % (add(tp, 3).isoformat(), h),
                      "%s %s prolog[88421]: gpu-check: present bus ids: 0000:18:00.0 0000:2a:00.0 0000:3a:00.0 0000:5d:00.0 0000:ab:00.0 0000:ba:00.0 0000:db:00.0" % (add(tp, 3).isoformat(), h),
                      "%s %s prolog[88421]: FAIL gpu-count (7/8)" % (add(tp, 3).isoformat(), h),
                      "%s %s prolog[88421]: exit 1" % (add(tp, 3).isoformat(), h)]
        else:
            lines += ["%s %s prolog[%d]: gpu-check: 8/8 GPUs, persistence on, no retired/remap pending" % (add(tp, 3 + i).isoformat(), h, 88400 + i * 7),
                      "%s %s prolog[%d]: ib-check: 8/8 ports Active" % (add(tp, 4 + i).isoformat(), h, 88400 + i * 7),
                      "%s %s prolog[%d]: exit 0" % (add(tp, 5 + i).isoformat(), h, 88400 + i * 7)]
        b.node(h, "prolog.log", lines)
    gl = [nt.gpu(i, host="h100-d12") for i in range(8)]
    b.node("h100-d12", "nvidia-smi-L.txt", ["GPU %d: NVIDIA H100 80GB HBM3 (UUID: %s)" % (j, g["uuid"]) for j, g in enumerate(g for g in gl if g["idx"] != 4)])
    b.node("h100-d12", "lspci-nvidia.txt", [
        "18:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
        "2a:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
        "3a:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
        "5d:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
        "9a:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev ff)",
        "ab:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
        "ba:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
        "db:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
        "07:00.0 Bridge: NVIDIA Corporation GH100 [H100 NVSwitch] (rev a1)",
        "08:00.0 Bridge: NVIDIA Corporation GH100 [H100 NVSwitch] (rev a1)",
        "09:00.0 Bridge: NVIDIA Corporation GH100 [H100 NVSwitch] (rev a1)",
        "0a:00.0 Bridge: NVIDIA Corporation GH100 [H100 NVSwitch] (rev a1)",
    ])
    b.add("sinfo-R.txt", ["REASON               USER      TIMESTAMP           NODELIST",
                          "Prolog error         root      2024-09-18T22:41:04 h100-d12"])
    b.add("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         "             61733       h100  dpo-34b   rchen PD       0:00      4 (launch failed requeued held)"])
    b.add("sacct-61733.txt", sacct([("61733", "dpo-34b", "h100", "REQUEUED", "0:0", "00:00:00", "h100-d[09-12]"),
                                    ("61733", "dpo-34b", "h100", "PENDING", "0:0", "00:00:00", "None assigned")]))
    return b


# ============================================================================ bk26

def bk26():
    name = "bk26_one_node_consistently_slower_no_errors"
    rng = random.Random(rng_seed(name))
    hosts = ["bm-gpu-01", "bm-gpu-02", "bm-gpu-03", "bm-gpu-04"]
    ips = ["10.1.1.11", "10.1.1.12", "10.1.1.13", "10.1.1.14"]
    job = Job(rng, hosts, ips, script="train.py", nccl="2.21.5+cuda12.4")
    b = Bundle(name, label(
        "straggler", "infrastructure", "bm-gpu-02", None, "run_diagnostics",
        "Per-node timers show bm-gpu-02's forward/backward ~18 % slower than the others, which spend the difference "
        "waiting in allreduce; but nvidia-smi -q (clocks, event reasons, PCIe, ECC), sensors, perfquery and dcgmi diag -r 1 "
        "are clean on bm-gpu-02 as on every node, so the cause is not visible and the node needs deeper diagnostics.",
        "https://nvidia.github.io/nvidia-resiliency-ext/straggler_det/usage_guide.html"))
    t0 = T(2025, 4, 8, 9, 0, 0)
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h)
        ni = hosts.index(h)
        tt = add(t0, 120)
        tl = []
        for s in range(200, 4200, 200):
            if h == "bm-gpu-02":
                fb, wait = 1.414 + rng.uniform(-0.01, 0.01), 0.021 + rng.uniform(0, 0.004)
            else:
                fb, wait = 1.198 + rng.uniform(-0.01, 0.01), 0.236 + rng.uniform(-0.01, 0.01)
            tl.append("%s - timers - INFO - [node %s rank %d] step %d fwd_bwd_p50=%.3fs allreduce_wait_p50=%.3fs optim=%.3fs" % (
                f_pylog(tt), h, ni * 8, s, fb, wait, 0.061))
            tt = add(tt, 200 * 1.53)
        log += tee(0, tl)
        b.node(h, "torchrun.log", log)
        gpus = [nt.busy(nt.gpu(i, host=h)) for i in range(8)]
        b.node(h, "checks/nvidia-smi-q.txt", nt.nvsmi_q("Tue Apr  8 10:31:12 2025", "550.127.05", "12.4", gpus, expanded_sram=True))
        temps = [48.0 + rng.randrange(8) for _ in range(8)]
        b.node(h, "checks/sensors.txt", nt.coretemp(0, temps) + nt.coretemp(1, [t + 2 for t in temps]))
        pq = []
        for i, hca in enumerate(["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"]):
            pq += ["## %s" % hca] + nt.perfquery(500 + ni * 8 + i) + [""]
        b.node(h, "checks/perfquery.txt", pq)
        b.node(h, "checks/dcgmi-diag-r1.txt", nt.dcgmi_diag_text("3.3.9", "550.127.05", ["2330"] * 8, nt.deploy_rows(), [], [], []))
    return b


# ============================================================================ bk27

def bk27():
    name = "bk27_dataloader_worker_killed_by_signal"
    rng = random.Random(rng_seed(name))
    hosts = ["cpuheavy-g1", "cpuheavy-g2"]
    ips = ["10.77.0.1", "10.77.0.2"]
    job = Job(rng, hosts, ips, script="train_asr.py", nccl="2.19.3+cuda12.3")
    b = Bundle(name, label(
        "oom", "framework", None, None, "stop",
        "On both nodes the kernel OOM killer killed DataLoader workers (pt_data_worker, ~24 GB RSS each with 16 workers per "
        "rank) and ranks died with 'DataLoader worker ... is killed by signal: Killed'; the host ran out of RAM from the "
        "job's own loader configuration. The corrected DIMM errors in rasdaemon are from July and unrelated.",
        "https://github.com/pytorch/pytorch/issues/8976"))
    t0 = T(2024, 9, 25, 20, 0, 1)
    for h in hosts:
        ni = hosts.index(h)
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h, channels=2)
        tk = add(t0, 2710 + ni * 4.1)
        lr = 3 if ni == 0 else 6
        r = job.rank(h, lr)
        wpid = 71000 + ni * 1000 + 337
        log += tee(lr, [
            "[rank%d]: Traceback (most recent call last):" % r,
            '[rank%d]:   File "%s/torch/utils/data/dataloader.py", line 1133, in _try_get_data' % (r, PY),
            "[rank%d]:     data = self._data_queue.get(timeout=timeout)" % r,
            "[rank%d]:   ..." % r,
            '[rank%d]:   File "%s/torch/utils/data/_utils/signal_handling.py", line 66, in handler' % (r, PY),
            "[rank%d]:     _error_if_any_worker_fails()" % r,
            "[rank%d]: RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % (r, wpid),
        ])
        log += job.agent_teardown(h, add(tk, 1.6), lr, 1)
        b.node(h, "torchrun.log", log)
        jk = []
        for k in range(3):
            t = add(tk, -0.8 + k * 0.3)
            victim = wpid if k == 2 else wpid - 40 * (k + 1)
            jk += [f_journal(t) + " %s kernel: pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0" % h,
                   f_journal(t) + " %s kernel: Mem-Info:" % h,
                   f_journal(t) + " %s kernel: active_anon:251880118 inactive_anon:12011843 isolated_anon:0" % h,
                   f_journal(t) + " %s kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/slurm/uid_5012/job_512004/step_0,task=pt_data_worker,pid=%d,uid=5012" % (h, victim),
                   f_journal(t) + " %s kernel: Out of memory: Killed process %d (pt_data_worker) total-vm:31544112kB, anon-rss:24118744kB, file-rss:70144kB, shmem-rss:1032kB, UID:5012 pgtables:48812kB oom_score_adj:0" % (h, victim)]
        b.node(h, "journalctl-k.txt", jk)
        b.node(h, "free-g.txt", ["               total        used        free      shared  buff/cache   available",
                                 "Mem:            2015        1988           3           1          23           9",
                                 "Swap:              0           0           0"])
    b.add("launch_config.txt", ["dataloader:", "  num_workers: 16", "  prefetch_factor: 8", "  dataset: ManifestDataset(preload_audio=True)   # loads all audio into a python list in __init__", "nproc_per_node: 8"])
    b.node("cpuheavy-g1", "ras-mc-ctl-summary.txt", [
        "Memory controller events summary:",
        "\tCorrected on DIMM Label(s): 'CPU_SrcID#1_MC#0_Chan#1_DIMM#0' location: 1:0:1:0 errors: 2",
        "", "No PCIe AER errors.", "", "No Extlog errors.", "", "No MCE errors."])
    b.node("cpuheavy-g1", "ras-mc-ctl-errors.txt", [
        "Memory controller events:",
        "1 2024-07-11 04:18:52 +0000 1 Corrected error(s): memory scrubbing error at CPU_SrcID#1_MC#0_Chan#1_DIMM#0 location: 1:0:1:0, addr 0x7c1e3a0040, grain 5, syndrome 0x0  err_code:0x0008:0x00c1 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelId:0x1 DimmSlotId:0x0",
        "2 2024-07-11 04:18:52 +0000 1 Corrected error(s): memory scrubbing error at CPU_SrcID#1_MC#0_Chan#1_DIMM#0 location: 1:0:1:0, addr 0x7c1e3a0080, grain 5, syndrome 0x0  err_code:0x0008:0x00c1 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelId:0x1 DimmSlotId:0x0",
    ])
    return b


# ============================================================================ bk28

def bk28():
    name = "bk28_checkpoint_save_failed_mid_run"
    rng = random.Random(rng_seed(name))
    hosts = ["r3n1", "r3n2", "r3n3"]
    ips = ["10.33.3.1", "10.33.3.2", "10.33.3.3"]
    job = Job(rng, hosts, ips, script="train.py", nccl="2.20.5+cuda12.4")
    b = Bundle(name, label(
        "storage", "infrastructure", None, None, "stop",
        "Rank 0 failed writing the step-6000 checkpoint with '[Errno 122] Disk quota exceeded' and lfs quota shows the "
        "project at its hard block limit; the other ranks then timed out waiting at the post-save barrier. The NVLink CRC "
        "count on r3n2 is identical before and after the job.",
        "https://github.com/open-mmlab/mmdetection/issues/12069"))
    t0 = T(2024, 12, 16, 7, 0, 0)
    tf = T(2024, 12, 16, 11, 18, 40, 220000)
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h)
        if h == "r3n1":
            def fmt(s, t):
                return "step %d | loss %.4f | lr %.2e | %.2f s/step" % (s, 2.05 - s / 60000.0, 1e-4, 2.51 + rng.uniform(-0.02, 0.02))
            prog, _ = progress_pylog(add(t0, 80), 20, 6000, 20, 2.51, fmt, rng)
            log += tee(0, prog)
            log += tee(0, ["%s - train - INFO - saving checkpoint to /lustre/proj/p_llm/ckpt/run-41/step_6000" % f_pylog(add(tf, -31)),
                           "[rank0]: Traceback (most recent call last):",
                           '[rank0]:   File "/work/train.py", line 402, in <module>',
                           "[rank0]:     main()",
                           '[rank0]:   File "/work/train.py", line 377, in main',
                           "[rank0]:     torch.save(state, os.path.join(ckpt_dir, \"model.pt\"))",
                           '[rank0]:   File "%s/torch/serialization.py", line 651, in save' % PY,
                           "[rank0]:     with _open_zipfile_writer(f) as opened_zipfile:",
                           '[rank0]:   File "%s/torch/serialization.py", line 499, in __exit__' % PY,
                           "[rank0]:     self.file_like.write_end_of_file()",
                           "[rank0]: RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos 8455128704 vs 8455128592",
                           "[rank0]: ",
                           "[rank0]: During handling of the above exception, another exception occurred:",
                           "[rank0]: ",
                           "[rank0]: OSError: [Errno 122] Disk quota exceeded"])
            log += job.agent_teardown(h, add(tf, 1.3), 0, 1)
        else:
            log += job.watchdog_storm(h, add(tf, 600), seq=96044, op="BARRIER")
        b.node(h, "torchrun.log", log)
    b.add("lfs-quota-p_llm.txt", [
        "$ lfs quota -h -p 40213 /lustre",
        "Disk quotas for prj 40213 (pid 40213):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre    500T*   500T    500T       -  1831044       0       0       -",
    ])
    gpus = [nt.gpu(i, host="r3n2") for i in range(8)]
    errs = {(4, 11): (0, 0, 17)}
    b.node("r3n2", "prolog/nvlink-errors.txt", nt.nvlink_errors(gpus, errs=errs))
    b.node("r3n2", "epilog/nvlink-errors.txt", nt.nvlink_errors(gpus, errs=errs))
    return b


CASES = [bk21, bk22, bk23, bk24, bk25, bk26, bk27, bk28]
