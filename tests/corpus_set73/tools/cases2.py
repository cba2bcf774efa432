"""Cases br11-br20."""
import calendar
import json

from brlib import (Case, T, add, f_dmesgT, f_syslog, f_glog, f_elastic, f_iso, f_slurm,
                   HGX_H100_BUS, DGX_A100_BUS, PCIE4_BUS, nccl_init, watchdog, child_failed, omp_banner,
                   nvsmi_table, nvsmi_q, gpu_list, boot_dmesg_noise, ibstat, sacct, scontrol_job,
                   uuid, serial, cpp_frames, ansi, df_h, tqdm_bar)
from common import (agent_sigterm, agent_failed, megatron_iter, cuda_error_watchdog, nccl_remote_error,
                    nccl_ib_warn, sigterm_exc, CUDA_CHECK_FRAMES)

PKG = "/usr/local/lib/python3.10/dist-packages"


def epoch(t):
    return calendar.timegm(t.timetuple())


def f_ms(t):
    return "[%s.%03d]" % (t.strftime("%Y-%m-%dT%H:%M:%S"), t.microsecond // 1000)


# ============================================================================ br11
def br11(out):
    c = Case(out, "br11_local_time_logs_checkpoint_write_fails", 7311)
    rng = c.rng
    nodes = ["ngpu-%02d" % i for i in range(1, 7)]
    TZ = 2 * 3600  # CEST
    t_save_utc = T(2024, 6, 3, 7, 41, 2, 118000)
    t_lost = T(2024, 6, 3, 7, 40, 23, 118272)
    t_evict = T(2024, 6, 3, 7, 41, 10, 552104)
    t_restore = T(2024, 6, 3, 7, 42, 31, 1000)
    evicted = [0, 1, 2, 4]
    start_utc = T(2024, 6, 2, 18, 3, 40)
    step_s = 2.46

    def loc(t):
        return add(t, TZ)

    def lt(t):
        return f_iso(loc(t), "+02:00", 3)
    failed_ranks = [r for i in evicted for r in range(i * 4, i * 4 + 4)]
    for i, n in enumerate(nodes):
        L = ["%s | INFO  | rank %d | host=%s local_rank=%d world=24 tz=Europe/Madrid" % (lt(add(start_utc, k * 0.01)), i * 4 + k, n, k) for k in range(4)]
        if i == 0:
            s = 0
            tt = add(start_utc, 90)
            while tt < t_save_utc:
                if s % 50 == 0:
                    L.append("%s | INFO  | rank 0 | step %6d | loss %.4f | lr %.3e | %.2f s/step | tokens/s %d" % (
                        lt(tt), s, 2.8 - s * 0.00004 + rng.uniform(-0.02, 0.02), 1.5e-4, step_s + rng.uniform(-0.02, 0.02), 159800 + rng.randrange(-900, 900)))
                if s > 0 and s % 3000 == 0:
                    L.append("%s | INFO  | rank 0 | saving checkpoint step %d -> /scratch/proj/ckpt/llm-3b/step_%06d (dcp, 24 shards)" % (lt(tt), s, s))
                    L.append("%s | INFO  | rank 0 | checkpoint step %d saved in %.1f s" % (lt(add(tt, 31)), s, 30.5 + rng.uniform(-2, 2)))
                    tt = add(tt, 31)
                s += 1
                tt = add(tt, step_s)
            L.append("%s | INFO  | rank 0 | saving checkpoint step 12000 -> /scratch/proj/ckpt/llm-3b/step_012000 (dcp, 24 shards)" % lt(t_save_utc))
        tex = add(t_evict, 0.9)
        for k in range(4):
            r = i * 4 + k
            tb = ["Traceback (most recent call last):",
                  '  File "/scratch/proj/llm/train.py", line 402, in <module>',
                  "    main(cfg)",
                  '  File "/scratch/proj/llm/train.py", line 377, in main',
                  "    save_checkpoint(state, step, cfg.ckpt_dir)",
                  '  File "/scratch/proj/llm/ckpt.py", line 58, in save_checkpoint',
                  "    dcp.save(state_dict, checkpoint_id=path)",
                  '  File "%s/torch/distributed/checkpoint/logger.py", line 66, in wrapper' % PKG,
                  "    result = func(*args, **kwargs)",
                  '  File "%s/torch/distributed/checkpoint/state_dict_saver.py", line 284, in _save_state_dict' % PKG,
                  '    central_plan: SavePlan = distW.reduce_scatter("plan", local_step, global_step)',
                  '  File "%s/torch/distributed/checkpoint/utils.py", line 249, in all_reduce' % PKG,
                  "    raise result",
                  "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(%s)" % str(failed_ranks)]
            for fr in failed_ranks[:4]:
                tb += ["Traceback (most recent call last): (RANK %d)" % fr,
                       '  File "%s/torch/distributed/checkpoint/utils.py", line 212, in all_gather' % PKG,
                       "    result = map_fun()",
                       '  File "%s/torch/distributed/checkpoint/filesystem.py", line 630, in write_data' % PKG,
                       "    _write_files_from_queue(",
                       '  File "%s/torch/distributed/checkpoint/filesystem.py", line 385, in _write_files_from_queue' % PKG,
                       "    os.fsync(stream.fileno())",
                       "OSError: [Errno 108] Cannot send after transport endpoint shutdown"]
            tb.append("(... %d more ranks with the same error)" % (len(failed_ranks) - 4))
            L.append("%s | ERROR | rank %d | checkpoint save failed" % (lt(add(tex, r * 0.002)), r))
            L += tb
        L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (
            f_glog(loc(add(tex, 2.2)), "E", nanos=False), 51120 + i, 77210 + i * 10))
        L += child_failed("train.py", (loc(add(tex, 2.1)), n, i * 4, 0, 1, 77210 + i * 10, None, "/tmp/torchelastic_q1/llm3b_r/attempt_0/0/error.json"), [])
        c.write("%s/train.log" % n, L)
        # syslog in UTC RFC3339
        S = []
        tt = add(t_lost, -5400)
        while tt < add(t_lost, -10):
            S.append("%s %s %s" % (f_iso(tt, "+00:00", 6), n, rng.choice([
                "systemd[1]: Started session-%d.scope - Session %d of User svc-train." % (rng.randrange(100, 999), rng.randrange(100, 999)),
                "slurmd[2211]: slurmd: debug:  attempting to run health_check [/usr/sbin/nhc]",
                "nhc[%d]: Node Health Check completed successfully (1s)." % rng.randrange(10000, 99999)])))
            tt = add(tt, rng.randrange(60, 420))
        if n == "ngpu-04":
            S.insert(3, "%s ngpu-04 chronyd[1422]: System clock wrong by 1.283 seconds, adjustment started" % f_iso(add(t_lost, -4100), "+00:00", 6))
        S.append("%s %s kernel: Lustre: %d:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@%016x x18004233177%05d/t0(0) o4->scratch-OST0007-osc-ffff8f2b4a6d1000@10.44.0.17@o2ib:6/4 lens 488/448 e 0 to 1 dl %d ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'python.%d'" % (
            f_iso(t_lost, "+00:00", 6), n, 3412 + i, epoch(t_lost) - 42, epoch(t_lost) - 42, rng.getrandbits(60), rng.randrange(10 ** 5), epoch(t_lost), 77210 + i * 10))
        S.append("%s %s kernel: Lustre: scratch-OST0007-osc-ffff8f2b4a6d1000: Connection to scratch-OST0007 (at 10.44.0.17@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % (f_iso(add(t_lost, 0.00003), "+00:00", 6), n))
        if i in evicted:
            S.append("%s %s kernel: LustreError: 167-0: scratch-OST0007-osc-ffff8f2b4a6d1000: This client was evicted by scratch-OST0007; in progress operations using this service will fail." % (f_iso(t_evict, "+00:00", 6), n))
            S.append("%s %s kernel: LustreError: %d:0:(ldlm_resource.c:1128:ldlm_resource_complain()) scratch-OST0007-osc-ffff8f2b4a6d1000: namespace resource [0x5a2c1f3:0x0:0x0].0x0 (%016x) refcount nonzero (1) after lock cleanup; forcing cleanup." % (f_iso(add(t_evict, 0.004), "+00:00", 6), n, 3412 + i, rng.getrandbits(64)))
        S.append("%s %s kernel: Lustre: scratch-OST0007-osc-ffff8f2b4a6d1000: Connection restored to 10.44.0.17@o2ib (at 10.44.0.17@o2ib)" % (f_iso(add(t_restore, i * 0.3), "+00:00", 6), n))
        tt = add(t_restore, 60)
        for _ in range(8):
            S.append("%s %s nhc[%d]: Node Health Check completed successfully (1s)." % (f_iso(tt, "+00:00", 6), n, rng.randrange(10000, 99999)))
            tt = add(tt, rng.randrange(200, 400))
        c.write("%s/syslog" % n, S)
    c.write("sacct.txt", ["# sacct -j 1188431 (times are Europe/Madrid, CEST)"] + sacct(1188431, "llm3b", [
        ("", "llm3b", "gpu", 288, "FAILED", "1:0", loc(start_utc), loc(add(t_evict, 4)), "ngpu-[01-06]"),
        (".0", "torchrun", "", 288, "FAILED", "1:0", loc(add(start_utc, 2)), loc(add(t_evict, 4)), "ngpu-[01-06]")]))
    c.write("lfs_df.txt", ["$ lfs df -h /scratch   # run at %s" % lt(add(t_restore, 900)),
                           "UUID                       bytes        Used   Available Use% Mounted on",
                           "scratch-MDT0000_UUID        8.6T      611.2G        7.9T   8% /scratch[MDT:0]"] +
            ["scratch-OST%04d_UUID       116.4T       %4.1fT       %4.1fT  %2d%% /scratch[OST:%d]" % (j, 40 + j * 1.3, 76.4 - j * 1.3, 34 + j, j) for j in range(12)] +
            ["", "filesystem_summary:         1.4P      566.0T      830.0P  40% /scratch"])
    c.label("storage", "infrastructure", None, None, "restart",
            "At 09:41:10+02:00 (07:41:10Z in the UTC syslogs) four nodes are evicted by Lustre OST0007 during the step-12000 checkpoint write; DCP fails with ESHUTDOWN (errno 108) on exactly those nodes' ranks and the connection is restored a minute later. A transient shared-filesystem event, not one node.",
            "https://doc.lustre.org/lustre_manual.xhtml")


# ============================================================================ br12
def br12(out):
    c = Case(out, "br12_one_node_has_no_logs_at_all", 7312)
    rng = c.rng
    nodes = ["gpu-c%02d" % i for i in range(9, 17)]
    ips = {n: "10.9.1.%d" % (9 + i) for i, n in enumerate(nodes)}
    bad = nodes.index("gpu-c14")
    jobid = 5521034
    t0 = T(2024, 9, 18, 11, 4, 12)
    tpow = T(2024, 9, 18, 16, 22, 31, 500000)
    tkill = T(2024, 9, 18, 16, 27, 41, 220000)
    for i, n in enumerate(nodes):
        if i == bad:
            c.write("%s/COLLECT_FAILED.txt" % n, [
                "collect-job-logs.sh v2.3 -- job %d -- node %s" % (jobid, n),
                "%s ssh %s: connect to host %s port 22: No route to host (attempt 1/3)" % (f_iso(add(tkill, 1800), "+00:00", 0), n, n),
                "%s ssh %s: connect to host %s port 22: No route to host (attempt 2/3)" % (f_iso(add(tkill, 1830), "+00:00", 0), n, n),
                "%s ssh %s: connect to host %s port 22: No route to host (attempt 3/3)" % (f_iso(add(tkill, 1860), "+00:00", 0), n, n),
                "%s ipmitool -I lanplus -H %s-bmc sel elist: Error: Unable to establish IPMI v2 / RMCP+ session" % (f_iso(add(tkill, 1875), "+00:00", 0), n),
                "%s giving up on %s: no files collected" % (f_iso(add(tkill, 1876), "+00:00", 0), n)])
            continue
        L = ["+ srun --ntasks-per-node=1 torchrun --nnodes=8 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-c09:29500 --rdzv-id=%d train_fsdp.py" % jobid]
        L += omp_banner(t0, pid=31000 + i)
        for k in range(8):
            L += nccl_init(n, 41000 + i * 20 + k, k, i * 8 + k, 64, ips[n], iface="ibs1", rng=rng, nchan=2, print_version=(i == 0 and k == 0), version="2.20.5", cuda="12.4")
        if i == 0:
            tt = add(t0, 120)
            s = 0
            while tt < tpow:
                if s % 25 == 0:
                    L.append("[rank0]:[train] step %d loss %.4f grad_norm %.3f lr %.2e step_time %.2fs" % (s, 2.6 - s * 0.00003 + rng.uniform(-0.02, 0.02), rng.uniform(0.2, 0.4), 2e-4, 1.31 + rng.uniform(-0.02, 0.02)))
                s += 1
                tt = add(tt, 1.31)
        if abs(i - bad) == 1:
            for k in (0, 3, 5):
                L += nccl_ib_warn(n, 41000 + i * 20 + k, 41000 + i * 20 + k + 88, k, ips["gpu-c14"], ips[n], "mlx5_%d" % k, rng)
            for k in (0, 3, 5):
                L += nccl_remote_error(i * 8 + k, add(tpow, 22.1 + k * 0.01), ips["gpu-c14"], rng, version="2.20.5", local_ip=ips[n], hca="mlx5_%d" % k)
            L += agent_failed(add(tpow, 23.9), 0, -6, 41000 + i * 20, pypid=31000 + i)
            L += agent_sigterm(add(tpow, 23.91), [41000 + i * 20 + k for k in range(1, 8)], pypid=31000 + i)
            L += child_failed("train_fsdp.py", (add(tpow, 23.8), n, i * 8, 0, -6, 41000 + i * 20), [], pkgs="/opt/conda/lib/python3.11/site-packages", torchrun="/opt/conda/bin/torchrun")
        else:
            L.append("slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (jobid, n, f_slurm(tkill)))
            L.append("%s %d torch/distributed/elastic/agent/server/api.py:688] Received Signals.SIGTERM death signal, shutting down workers" % (f_glog(add(tkill, 0.1), "W", nanos=False), 31000 + i))
            L += agent_sigterm(add(tkill, 0.11), [41000 + i * 20 + k for k in range(8)], pypid=31000 + i)
            L += ["Traceback (most recent call last):",
                  '  File "/opt/conda/bin/torchrun", line 8, in <module>',
                  "    sys.exit(main())",
                  '  File "/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", line 867, in _invoke_run',
                  "    time.sleep(monitor_interval)",
                  '  File "/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/api.py", line 79, in _terminate_process_handler',
                  '    raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)',
                  "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % (31000 + i)]
        c.write("%s/torchrun.log" % n, L)
        if n == "gpu-c11":
            c.write("%s/collect.err" % n, ["dmesg: read kernel buffer failed: Operation not permitted", "nvidia-smi -q: skipped (timeout 30s)"])
        else:
            D = ["%s %s" % (f_dmesgT(add(T(2024, 9, 12, 3, 1, 0), j * 17000)), l) for j, l in enumerate(boot_dmesg_noise(rng, n, 20))]
            c.write("%s/dmesg_T.txt" % n, D)
    c.write("slurmctld.log", [
        "%s sched: Allocate JobId=%d NodeList=gpu-c[09-16] #CPUs=1024 Partition=h100" % (f_ms(t0), jobid),
        "%s error: Nodes gpu-c14 not responding" % f_ms(add(tpow, 180)),
        "%s error: Nodes gpu-c14 not responding" % f_ms(add(tpow, 280)),
        "%s error: Nodes gpu-c14 not responding, setting DOWN" % f_ms(add(tkill, -0.5)),
        "%s Killing JobId=%d on failed node gpu-c14" % (f_ms(tkill), jobid),
        "%s _job_complete: JobId=%d WTERMSIG 9" % (f_ms(add(tkill, 2)), jobid),
        "%s _job_complete: JobId=%d done" % (f_ms(add(tkill, 2)), jobid),
        "%s update_node: node gpu-c14 reason set to: no ping, BMC unreachable, PDU-B rack R07 outlet 14 tripped (fac ticket FAC-88213)" % f_ms(add(tkill, 2400)),
        "%s update_node: node gpu-c14 state set to DRAINED" % f_ms(add(tkill, 2400)),
    ])
    c.write("sinfo_R.txt", ["REASON                                                        USER      TIMESTAMP           NODELIST",
                            "no ping, BMC unreachable, PDU-B rack R07 outlet 14 tripped (f  root      %s gpu-c14" % f_slurm(add(tkill, 2400)),
                            "nhc: ib port mlx5_4 rate 200 (expected 400)                   root      2024-09-02T08:12:51 gpu-c31"])
    c.write("sacct.txt", sacct(jobid, "fsdp70b", [
        ("", "fsdp70b", "h100", 1024, "NODE_FAIL", "0:0", t0, add(tkill, 2), "gpu-c[09-16]"),
        (".batch", "batch", "", 128, "CANCELLED", "0:15", t0, add(tkill, 2), "gpu-c09"),
        (".0", "torchrun", "", 1024, "CANCELLED", "0:9", add(t0, 1), add(tkill, 2), "gpu-c[09-16]")]))
    c.label("host", "infrastructure", "gpu-c14", None, "restart_without_node",
            "gpu-c14 left nothing: SSH and its BMC are unreachable, Slurm marks it not responding and kills the job with NODE_FAIL, and the admin reason says its PDU outlet tripped (lost power). Its ring neighbours gpu-c13/c15 only report the lost peer 10.9.1.14; gpu-c11's missing dmesg is a collector permission problem.",
            "https://slurm.schedmd.com/troubleshoot.html")


# ============================================================================ br13
def br13(out):
    c = Case(out, "br13_cpp_stack_frames_then_all_nodes_abort", 7313)
    rng = c.rng
    nodes = ["h100-b10", "h100-b11", "h100-b12", "h100-b13"]
    bad, bad_local = 2, 2
    bad_rank = bad * 8 + bad_local
    t0 = T(2024, 7, 22, 6, 1, 40)
    tx = T(2024, 7, 22, 10, 14, 55, 301000)
    pids = {n: [2210930 + i * 40 + k for k in range(8)] for i, n in enumerate(nodes)}
    lib = "/usr/local/lib/python3.10/dist-packages/torch/lib"
    for i, n in enumerate(nodes):
        L = omp_banner(t0, pid=11800 + i)
        if i == 0:
            tt = add(t0, 240)
            it = 0
            while tt < tx:
                if it % 10 == 0:
                    L.append(megatron_iter(tt, it + 120000, 500000, (it + 120000) * 1024, 2541.0 + rng.uniform(-20, 20), 1.2e-4, 1024, 1.92 - it * 0.000003 + rng.uniform(-0.01, 0.01), gnorm=rng.uniform(0.15, 0.3), tflops=455 + rng.uniform(-4, 4)))
                it += 1
                tt = add(tt, 2.54)
        if i == bad:
            tb = ["[rank%d]: Traceback (most recent call last):" % bad_rank,
                  '[rank%d]:   File "/workspace/megatron/pretrain_gpt.py", line 265, in <module>' % bad_rank,
                  "[rank%d]:     pretrain(" % bad_rank,
                  '[rank%d]:   File "/workspace/megatron/megatron/training/training.py", line 353, in pretrain' % bad_rank,
                  "[rank%d]:     iteration, num_floating_point_operations_so_far = train(" % bad_rank,
                  '[rank%d]:   File "/workspace/megatron/megatron/training/training.py", line 1231, in train' % bad_rank,
                  "[rank%d]:     train_step(forward_step_func," % bad_rank,
                  '[rank%d]:   File "/workspace/megatron/megatron/core/distributed/param_and_grad_buffer.py", line 411, in finish_grad_sync' % bad_rank,
                  "[rank%d]:     self.communication_handle.wait()" % bad_rank,
                  "[rank%d]: RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution" % bad_rank,
                  "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % bad_rank,
                  "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % bad_rank,
                  "[rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % bad_rank,
                  "[rank%d]: " % bad_rank,
                  "[rank%d]: Exception raised from c10_cuda_check_implementation at /opt/pytorch/pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):" % bad_rank]
            tb += ["[rank%d]: %s" % (bad_rank, x) for x in cpp_frames([
                ("c10::Error::Error(c10::SourceLocation, std::string)", "libc10.so"),
                ("c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&)", "libc10.so"),
                ("c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool)", "libc10_cuda.so"),
                ("c10d::ProcessGroupNCCL::WorkNCCL::synchronizeStream()", "libtorch_cuda.so"),
                ("c10d::ProcessGroupNCCL::WorkNCCL::wait(std::chrono::duration<long, std::ratio<1l, 1000l> >)", "libtorch_cuda.so"),
                (None, "libtorch_python.so"),
                (None, "libtorch_python.so"),
                ("/usr/bin/python()", "/usr/bin/python"),
                ("_PyObject_MakeTpCall", "/usr/bin/python"),
                ("_PyEval_EvalFrameDefault", "/usr/bin/python"),
                ("_PyFunction_Vectorcall", "/usr/bin/python"),
                ("_PyEval_EvalFrameDefault", "/usr/bin/python"),
                ("__libc_start_main", "/lib/x86_64-linux-gnu/libc.so.6"),
                ("_start", "/usr/bin/python")], rng, lib)]
            L += tb
            L += ["[rank%d]:%s" % (bad_rank, x) for x in [""]]
            L += agent_failed(add(tx, 2.2), bad_local, 1, pids[n][bad_local], pypid=11800 + i, binary="/usr/bin/python")
            L += agent_sigterm(add(tx, 2.21), [p for k, p in enumerate(pids[n]) if k != bad_local], pypid=11800 + i)
            L += child_failed("pretrain_gpt.py", (add(tx, 2.1), n, bad_rank, bad_local, 1, pids[n][bad_local], None, "/tmp/torchelastic_nv/megatron_run/attempt_0/%d/error.json" % bad_local), [])
        else:
            wt = add(tx, 600.02)
            for k in range(8):
                L += watchdog(i * 8 + k, add(wt, k * 0.003), 3301223, "_ALLGATHER_BASE", 157286400, rng, full=(k in (0, 4)), lib=lib)
            L += agent_failed(add(wt, 1.7), 4, -6, pids[n][4], pypid=11800 + i, binary="/usr/bin/python")
            L += agent_sigterm(add(wt, 1.71), [p for k, p in enumerate(pids[n]) if k != 4], pypid=11800 + i)
            L += child_failed("pretrain_gpt.py", (add(wt, 1.6), n, i * 8 + 4, 4, -6, pids[n][4]), [])
        c.write("%s/torchrun.log" % n, L)
        D = ["%s %s" % (f_dmesgT(add(T(2024, 7, 15, 2, 0, 0), j * 23000)), l) for j, l in enumerate(boot_dmesg_noise(rng, n, 24))]
        if i == bad:
            D += ["%s NVRM: Xid (PCI:0000:3a:00): 74, pid=%d, name=python, NVLink: fatal error detected on link 6(0x0, 0x0, 0x0, 0x0, 0x0, 0x10000, 0x0)" % (f_dmesgT(tx), pids[n][bad_local]),
                  "%s NVRM: Xid (PCI:0000:3a:00): 74, pid=%d, name=python, NVLink: fatal error detected on link 7(0x0, 0x0, 0x0, 0x0, 0x0, 0x10000, 0x0)" % (f_dmesgT(tx), pids[n][bad_local]),
                  "%s NVRM: Xid (PCI:0000:3a:00): 45, pid=%d, name=python, Ch 00000018" % (f_dmesgT(add(tx, 2)), pids[n][bad_local]),
                  "%s NVRM: Xid (PCI:0000:3a:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)" % f_dmesgT(add(tx, 2))]
        c.write("%s/dmesg_T.txt" % n, D)
    NV = []
    for g in range(8):
        NV.append("GPU %d: NVIDIA H100 80GB HBM3 (UUID: %s)" % (g, uuid(rng)))
        for l in range(18):
            if g == bad_local and l in (6, 7):
                NV.append("\t Link %d: <inactive>" % l)
            else:
                NV.append("\t Link %d: 26.562 GB/s" % l)
    c.write("h100-b12/nvidia-smi_nvlink_-s.txt", NV)
    diag = {"DCGM GPU Diagnostic": {"test_categories": [
        {"category": "Deployment", "tests": [{"name": n_, "results": [{"status": "Pass"}]} for n_ in ["Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks", "Persistence Mode", "Environment Variables", "Page Retirement/Row Remap", "Graphics Processes", "Inforom"]]},
        {"category": "Integration", "tests": [{"name": "PCIe", "results": [{"gpu_id": str(g), "status": "Pass"} for g in range(8)]}]},
        {"category": "Hardware", "tests": [{"name": "GPU Memory", "results": [{"gpu_id": str(g), "status": "Pass"} for g in range(8)]},
                                            {"name": "Diagnostic", "results": [{"gpu_id": str(g), "status": "Pass"} for g in range(8)]}]},
        {"category": "Stress", "tests": [{"name": "Targeted Stress", "results": [{"gpu_id": str(g), "status": "Pass"} for g in range(8)]},
                                          {"name": "Targeted Power", "results": [{"gpu_id": str(g), "status": "Pass"} for g in range(8)]},
                                          {"name": "Memory Bandwidth", "results": [{"gpu_id": str(g), "status": "Pass"} for g in range(8)]}]}]},
        "version": "3.3.6", "start_time": "2024-07-15T01:12:09Z", "host": "h100-b10"}
    c.write("h100-b10/dcgmi_diag_r3_2024-07-15.json", json.dumps(diag, indent=2))
    c.label("nvlink", "infrastructure", "h100-b12", bad_rank, "restart_without_node",
            "Rank 18 (h100-b12, GPU 2 at 0000:3a:00) fails first with c10::Error 'uncorrectable NVLink error'; dmesg logs Xid 74 on links 6 and 7 of that GPU and nvidia-smi nvlink shows them inactive. The other nodes abort on NCCL watchdog timeouts 10 minutes later.",
            "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html")


# ============================================================================ br14
def br14(out):
    c = Case(out, "br14_first_checkpoint_chained_tracebacks", 7314)
    rng = c.rng
    nodes = ["ip-10-1-34-12.ec2.internal", "ip-10-1-35-201.ec2.internal", "ip-10-1-36-77.ec2.internal", "ip-10-1-34-140.ec2.internal"]
    pods = ["llm-ft-0912-master-0", "llm-ft-0912-worker-0", "llm-ft-0912-worker-1", "llm-ft-0912-worker-2"]
    t0 = T(2024, 9, 12, 8, 40, 2, 118822)
    tck = T(2024, 9, 12, 9, 31, 44, 118822)
    role = "arn:aws:sts::412233981234:assumed-role/eks-llm-train-irsa/botocore-session-1726131234"
    py = "/opt/conda/lib/python3.11/site-packages"

    def ts(t):
        return f_iso(t, "Z", 6)[:-1] + "%03dZ" % (t.microsecond % 1000)
    for i, (n, pod) in enumerate(zip(nodes, pods)):
        L = []

        def K(t, s):
            L.append("%s %s" % (ts(t), s))
        K(t0, "[2024-09-12 08:40:02,118] torch.distributed.run: [WARNING] master_addr is only used for static rdzv_backend and when rdzv_endpoint is not specified.")
        for k in range(8):
            K(add(t0, 20 + k * 0.01), "[rank%d]: loading tokenizer from s3://ml-models-prod/llama3-8b/ (cached)" % (i * 8 + k))
        if i == 0:
            for s in range(10, 1001, 10):
                K(add(t0, 300 + s * 2.9), "[rank0]: {'step': %d, 'loss': %.4f, 'lr': %.3e, 'tokens_per_sec': %d}" % (s, 2.3 - s * 0.0004 + rng.uniform(-0.02, 0.02), 2e-5, 41200 + rng.randrange(-300, 300)))
            K(tck, "[rank0]: saving distributed checkpoint step 1000 -> s3://ml-ckpt-prod/llm-ft-0912/step_1000 (FsspecWriter, 32 shards)")
        for k in range(8):
            r = i * 8 + k
            tt = add(tck, 1.2 + r * 0.011)
            key = "llm-ft-0912/step_1000/__%d_0.distcp" % r
            tb = ["Traceback (most recent call last):",
                  '  File "%s/s3fs/core.py", line 114, in _error_wrapper' % py,
                  "    return await func(*args, **kwargs)",
                  "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^",
                  '  File "%s/aiobotocore/client.py", line 412, in _make_api_call' % py,
                  "    raise error_class(parsed_response, operation_name)",
                  "botocore.exceptions.ClientError: An error occurred (AccessDenied) when calling the PutObject operation: User: %s is not authorized to perform: s3:PutObject on resource: \"arn:aws:s3:::ml-ckpt-prod/%s\" because no identity-based policy allows the s3:PutObject action" % (role, key),
                  "",
                  "The above exception was the direct cause of the following exception:",
                  "",
                  "Traceback (most recent call last):",
                  '  File "%s/torch/distributed/checkpoint/utils.py", line 212, in all_gather' % py,
                  "    result = map_fun()",
                  "             ^^^^^^^^^",
                  '  File "%s/torch/distributed/checkpoint/filesystem.py", line 630, in write_data' % py,
                  "    _write_files_from_queue(",
                  '  File "%s/torch/distributed/checkpoint/filesystem.py", line 377, in _write_files_from_queue' % py,
                  "    with create_stream(file_name, \"wb\") as stream:",
                  '  File "%s/fsspec/spec.py", line 1964, in __exit__' % py,
                  "    self.close()",
                  '  File "%s/fsspec/spec.py", line 1931, in close' % py,
                  "    self.flush(force=True)",
                  '  File "%s/s3fs/core.py", line 2254, in _upload_chunk' % py,
                  "    self.commit()",
                  '  File "%s/s3fs/core.py", line 142, in _error_wrapper' % py,
                  "    raise err",
                  "PermissionError: User: %s is not authorized to perform: s3:PutObject on resource: \"arn:aws:s3:::ml-ckpt-prod/%s\" because no identity-based policy allows the s3:PutObject action" % (role, key),
                  "",
                  "The above exception was the direct cause of the following exception:",
                  "",
                  "Traceback (most recent call last):",
                  '  File "/workspace/ft/train.py", line 288, in train_loop',
                  "    ckpt.save(step, model, optimizer)",
                  '  File "/workspace/ft/ckpt.py", line 71, in save',
                  "    dcp.save(state, storage_writer=FsspecWriter(uri, sync_files=False))",
                  '  File "%s/torch/distributed/checkpoint/state_dict_saver.py", line 297, in _save_state_dict' % py,
                  '    return distW.all_reduce("write", write_data, finish_checkpoint)',
                  '  File "%s/torch/distributed/checkpoint/utils.py", line 249, in all_reduce' % py,
                  "    raise result",
                  "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31])",
                  "",
                  "The above exception was the direct cause of the following exception:",
                  "",
                  "Traceback (most recent call last):",
                  '  File "/workspace/ft/train.py", line 412, in <module>',
                  "    main()",
                  '  File "/workspace/ft/train.py", line 291, in train_loop',
                  '    raise RuntimeError(f"checkpoint save failed for step {step} -> {uri}") from e',
                  "RuntimeError: checkpoint save failed for step 1000 -> s3://ml-ckpt-prod/llm-ft-0912/step_1000"]
            if k in (0, 3) or r == 0:
                for x in tb:
                    K(tt, "[rank%d]: %s" % (r, x))
            else:
                K(tt, "[rank%d]: RuntimeError: checkpoint save failed for step 1000 -> s3://ml-ckpt-prod/llm-ft-0912/step_1000" % r)
        te = add(tck, 4.4)
        K(te, "E0912 09:31:48.%06d 1 torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /opt/conda/bin/python3.11" % (te.microsecond, 88 + i))
        for x in child_failed("train.py", (te, pod, i * 8, 0, 1, 88 + i, None, "/tmp/torchelastic_k8s/none_x1/attempt_0/0/error.json"), [], pkgs=py, torchrun="/opt/conda/bin/torchrun"):
            K(add(te, 0.01), x)
        c.write("%s/%s.log" % (n, pod), L)
    c.write("kubectl_get_events.txt", [
        "LAST SEEN   TYPE      REASON                    OBJECT                             MESSAGE",
        "59m         Warning   FailedScheduling          pod/llm-ft-0912-worker-2           0/14 nodes are available: 10 Insufficient nvidia.com/gpu, 4 Insufficient vpc.amazonaws.com/efa. preemption: 0/14 nodes are available: 14 No preemption victims found for incoming pod.",
        "58m         Normal    Scheduled                 pod/llm-ft-0912-worker-2           Successfully assigned ml-train/llm-ft-0912-worker-2 to ip-10-1-34-140.ec2.internal",
        "58m         Normal    Pulled                    pod/llm-ft-0912-master-0           Container image \"412233981234.dkr.ecr.us-west-2.amazonaws.com/llm-ft:2024.09.10\" already present on machine",
        "2m11s       Normal    Killing                   pod/llm-ft-0912-worker-0           Stopping container pytorch",
        "2m10s       Warning   PyTorchJobFailed          pytorchjob/llm-ft-0912             PyTorchJob llm-ft-0912 is failed because 1 Master replica(s) failed.",
        "2m10s       Normal    PyTorchJobFailed          pytorchjob/llm-ft-0912             PyTorchJob ml-train/llm-ft-0912 has failed because 1 Master replica(s) failed."])
    c.write("serviceaccount_llm-train.yaml", ["apiVersion: v1", "kind: ServiceAccount", "metadata:", "  name: llm-train", "  namespace: ml-train",
                                              "  annotations:", "    eks.amazonaws.com/role-arn: arn:aws:iam::412233981234:role/eks-llm-train-irsa",
                                              "    # 2024-09-11: role narrowed to read-only on ml-ckpt-prod (sec review SR-1183)"])
    c.label("storage", "infrastructure", None, None, "stop",
            "At the first checkpoint all 32 ranks on all four nodes fail the same way: S3 PutObject AccessDenied for the training IAM role, chained through s3fs PermissionError and DCP's CheckpointException. A permission problem on the shared checkpoint store recurs on any restart until the role is fixed.",
            "https://boto3.amazonaws.com/v1/documentation/api/latest/guide/error-handling.html")


# ============================================================================ br15
def br15(out):
    c = Case(out, "br15_rich_progress_bar_slows_down", 7315)
    rng = c.rng
    nodes = ["dgx-h-12", "dgx-h-13", "dgx-h-14", "dgx-h-15"]
    bad, bad_local = 2, 5
    bad_rank = bad * 8 + bad_local
    t0 = T(2024, 8, 6, 20, 0, 5)
    tslow = T(2024, 8, 7, 1, 47, 10)
    tq = T(2024, 8, 7, 9, 2, 33)
    steps_per_epoch = 1875

    def rich_line(ep, n_, el, rate, loss):
        frac = n_ / float(steps_per_epoch)
        w = 40
        full = int(frac * w)
        bar = "\x1b[38;2;98;6;224m" + "━" * full + "\x1b[0m" + ("\x1b[38;5;237m╺" + "━" * (w - full - 1) + "\x1b[0m" if full < w else "")
        rem = (steps_per_epoch - n_) / rate
        return "\x1b[37mEpoch %d/19 \x1b[0m %s \x1b[37m%d/%d\x1b[0m \x1b[38;5;245m%d:%02d:%02d • %d:%02d:%02d\x1b[0m \x1b[38;5;249m%.2fit/s\x1b[0m \x1b[37mv_num: 0.000 train_loss: %.3f\x1b[0m" % (
            ep, bar, n_, steps_per_epoch, el // 3600, (el % 3600) // 60, el % 60, rem // 3600, (rem % 3600) // 60, rem % 60, rate, loss)
    out_parts = ["\x1b[?25l"]
    text_lines = []
    tt = add(t0, 60)
    gstep = 0
    ep = 0
    timing = []
    while tt < tq:
        for n_ in range(0, steps_per_epoch + 1, 25):
            rate = 2.08 if tt < tslow else 1.41
            loss = 2.9 * (0.97 ** (gstep / 500.0)) + 1.1 + rng.uniform(-0.02, 0.02)
            out_parts.append("\r\x1b[2K" + rich_line(ep, n_, int(n_ / rate), rate, loss))
            if gstep % 200 == 0 and gstep > 0:
                if tt < tslow:
                    sr = rng.randrange(32)
                    timing.append((tt, gstep, 481 + rng.randrange(-6, 6), sr, 481 * (1 + rng.uniform(0.01, 0.04))))
                else:
                    timing.append((tt, gstep, 474 + rng.randrange(-6, 6), bad_rank, 702 + rng.randrange(-15, 15)))
            gstep += 25
            tt = add(tt, 25 / rate)
            if tt >= tq:
                break
        out_parts.append("\n")
        ep += 1
    pre = ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores", "HPU available: False, using: 0 HPUs",
           "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32", "----------------------------------------------------------------------------------------------------",
           "distributed_backend=nccl", "All distributed processes registered. Starting with 32 processes",
           "----------------------------------------------------------------------------------------------------", "",
           "\x1b[3m                        Model summary                        \x1b[0m",
           "┏━━━┳━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━┳━━━━━━━━┳━━━━━━━┓",
           "┃\x1b[1m \x1b[0m\x1b[1m \x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1mName     \x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1mType            \x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1mParams\x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1mMode \x1b[0m\x1b[1m \x1b[0m┃",
           "┡━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━╇━━━━━━━━╇━━━━━━━┩",
           "│\x1b[2m \x1b[0m\x1b[2m0\x1b[0m\x1b[2m \x1b[0m│ backbone  │ VisionTransformer│  632 M │ train │",
           "│\x1b[2m \x1b[0m\x1b[2m1\x1b[0m\x1b[2m \x1b[0m│ head      │ Linear           │  1.3 M │ train │",
           "└───┴───────────┴──────────────────┴────────┴───────┘"]
    c.write("slurm-993311.out", "\n".join(pre) + "\n" + "".join(out_parts))
    T_ = ["# StepTimer callback (rank 0 gathers per-rank fwd+bwd+opt wall time every 200 steps)"]
    for (tt, s, p50, sr, worst) in timing:
        T_.append("%s [StepTimer] step %6d | p50 %3d ms | slowest rank %2d (%s/cuda:%d) %4.0f ms | ratio %.2f" % (
            f_iso(tt, "", 3, " "), s, p50, sr, nodes[sr // 8], sr % 8, worst, worst / p50))
    c.write("dgx-h-12/step_timer_rank0.log", T_)
    for i, n in enumerate(nodes):
        over = {}
        for k in range(8):
            over["g%d" % k] = {"util": 100, "used": 70112 + k * 11, "temp": 58 + rng.randrange(0, 6), "pwr": 640 + rng.randrange(0, 50), "sm": 1980}
        if i == bad:
            over["g%d" % bad_local] = {"util": 100, "used": 70131, "temp": 89, "mtemp": 96, "pwr": 402, "sm": 1095, "hw_slow": "Active", "hw_thermal": "Active", "sw_thermal": "Active"}
        if i == 0:
            over["g0"]["sw_power"] = "Active"
        g = gpu_list("h100", HGX_H100_BUS, rng, **over)
        c.write("%s/nvidia-smi-q.txt" % n, nvsmi_q(add(tq, i * 4), g, driver="550.90.07", cuda="12.4", rng=rng))
        S = ["$ ipmitool sdr type Fan"]
        for f in range(1, 11):
            if i == bad and f == 6:
                S.append("FAN_%d_F          | %02Xh | cr  | 29.%d | 0 RPM" % (f, 0x30 + f, f))
                S.append("FAN_%d_R          | %02Xh | cr  | 29.%d | 0 RPM" % (f, 0x40 + f, f))
            else:
                S.append("FAN_%d_F          | %02Xh | ok  | 29.%d | %d RPM" % (f, 0x30 + f, f, 10800 + rng.randrange(-400, 400)))
                S.append("FAN_%d_R          | %02Xh | ok  | 29.%d | %d RPM" % (f, 0x40 + f, f, 9600 + rng.randrange(-400, 400)))
        if i == bad:
            S += ["", "$ ipmitool sel elist | tail -3",
                  " 2f1 | 08/07/2024 | 01:44:52 | Fan FAN_6_F | Lower Critical going low  | Asserted | Reading 0 < Threshold 1500 RPM",
                  " 2f2 | 08/07/2024 | 01:44:52 | Fan FAN_6_R | Lower Critical going low  | Asserted | Reading 0 < Threshold 1500 RPM",
                  " 2f3 | 08/07/2024 | 01:46:40 | Temperature GPU5_TEMP | Upper Non-critical going high | Asserted | Reading 87 > Threshold 85 degrees C"]
        c.write("%s/ipmi_fans.txt" % n, S)
    c.write("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                           "            993311      h100 vit-1b-p  mkoval  R   13:02:28      4 dgx-h-[12-15]"])
    c.label("straggler", "infrastructure", "dgx-h-14", bad_rank, "restart_without_node",
            "From 01:47 the rich bar drops from 2.08 to 1.41 it/s and the step timer names rank 21 (dgx-h-14 cuda:5) as slowest every time; that GPU shows HW/thermal slowdown active at 89C with SM clock 1095 MHz, and the node's FAN_6 pair reads 0 RPM. dgx-h-12's SW power cap is normal under load.",
            "https://docs.nvidia.com/deploy/nvidia-smi/index.html")


# ============================================================================ br16
def br16(out):
    c = Case(out, "br16_k8s_json_logs_worker_crashes_at_load", 7316)
    rng = c.rng
    nodes = ["gke-a3-pool-2-7f3c-a81p", "gke-a3-pool-2-7f3c-x9d4", "gke-a3-pool-2-7f3c-k2xm", "gke-a3-pool-2-7f3c-q7rt"]
    pods = ["llama-sft-master-0", "llama-sft-worker-0", "llama-sft-worker-1", "llama-sft-worker-2"]
    bad, bad_local = 2, 3
    bad_rank = bad * 8 + bad_local
    t0 = T(2024, 10, 3, 13, 19, 40, 112341)
    toom = T(2024, 10, 3, 13, 21, 7, 512000)
    foreign = 2291877

    def J(t, n, pod, stream, log):
        return json.dumps({"time": f_iso(t, "Z", 6), "stream": stream, "_p": "F", "log": log,
                           "kubernetes": {"pod_name": pod, "namespace_name": "team-llm", "host": n, "container_name": "pytorch",
                                          "labels": {"training.kubeflow.org/job-name": "llama-sft", "training.kubeflow.org/replica-index": str(nodes.index(n))}}})
    for i, (n, pod) in enumerate(zip(nodes, pods)):
        L = []
        L.append(J(t0, n, pod, "stderr", "W1003 13:19:40.112000 1 torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default"))
        for k in range(8):
            r = i * 8 + k
            L.append(J(add(t0, 9 + k * 0.01), n, pod, "stdout", "[rank%d] world_size=32 local_rank=%d device=cuda:%d" % (r, k, k)))
            L.append(J(add(t0, 10 + k * 0.01), n, pod, "stderr", "[rank%d]: loading checkpoint shards: 0/4" % r))
        for s in range(1, 5):
            for k in range(8):
                L.append(J(add(t0, 10 + s * 14 + k * 0.01), n, pod, "stderr", "[rank%d]: Loading checkpoint shards: %3d%%|%s| %d/4 [00:%02d<00:%02d, %.2fs/it]" % (
                    i * 8 + k, s * 25, "█" * (s * 10 // 4) + " " * (10 - s * 10 // 4), s, s * 14, (4 - s) * 14, 14.0 + rng.uniform(-0.5, 0.5))))
        if i == bad:
            tb = ["Traceback (most recent call last):",
                  '  File "/workspace/sft/train.py", line 188, in <module>',
                  "    main()",
                  '  File "/workspace/sft/train.py", line 142, in main',
                  "    model = FSDP(model, auto_wrap_policy=wrap_policy, device_id=torch.cuda.current_device(), sync_module_states=True)",
                  '  File "%s/torch/distributed/fsdp/fully_sharded_data_parallel.py", line 509, in __init__' % PKG,
                  "    _init_param_handle_from_module(",
                  '  File "%s/torch/distributed/fsdp/_init_utils.py", line 603, in _init_param_handle_from_module' % PKG,
                  "    _move_module_to_device(",
                  '  File "%s/torch/distributed/fsdp/_init_utils.py", line 1016, in _move_module_to_device' % PKG,
                  "    _move_states_to_device(params_to_move, bufs_to_move, device_from_device_id)",
                  '  File "%s/torch/distributed/fsdp/_init_utils.py", line 1072, in _move_states_to_device' % PKG,
                  "    param.data = param.to(device_from_device_id)",
                  "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 3 has a total capacity of 79.11 GiB of which 1.19 GiB is free. Process %d has 45.02 GiB memory in use. Process 412 has 32.87 GiB memory in use. Of the allocated memory 31.20 GiB is allocated by PyTorch, and 925.41 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % foreign]
            for x in tb:
                L.append(J(toom, n, pod, "stderr", "[rank%d]: %s" % (bad_rank, x)))
            L.append(J(add(toom, 1.6), n, pod, "stderr", "E1003 13:21:09.112000 1 torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: 1) local_rank: 3 (pid: 412) of binary: /usr/bin/python3"))
            for x in child_failed("train.py", (add(toom, 1.5), pod, bad_rank, bad_local, 1, 412, None, "/tmp/torchelastic_k/none_z/attempt_0/3/error.json"), []):
                L.append(J(add(toom, 1.7), n, pod, "stderr", x))
        else:
            tk = add(toom, 9.3)
            L.append(J(tk, n, pod, "stderr", "W1003 13:21:16.812000 1 torch/distributed/elastic/agent/server/api.py:688] Received Signals.SIGTERM death signal, shutting down workers"))
            for x in sigterm_exc(1, script="/workspace/sft/train.py", line=142):
                L.append(J(add(tk, 0.2), n, pod, "stderr", x))
        c.write("%s/containers.jsonl" % n, L)
    g = gpu_list("h100", HGX_H100_BUS, rng)
    for k, x in enumerate(g):
        x.update(used=4, util=0, temp=31 + k % 3)
    g[bad_local].update(used=46101, util=97, temp=63, pwr=512)
    c.write("%s/nvidia-smi_host.txt" % nodes[bad], ["# collected via node-debugger daemonset (hostPID) at %s" % f_iso(add(toom, 300), "Z", 0)] +
            nvsmi_table(add(toom, 300), g, [(bad_local, foreign, "python3", 46090)], driver="550.90.07", cuda="12.4"))
    c.write("%s/ps_foreign.txt" % nodes[bad], ["$ ps -o pid,ppid,stat,etime,user,cmd -p %d" % foreign,
                                               "    PID    PPID STAT     ELAPSED USER     CMD",
                                               "%7d       1 Sl   1-04:31:09 1000     python3 /workspace/eval_harness.py --model /ckpt/mixtral-eval --tasks mmlu,gsm8k --device cuda:3" % foreign,
                                               "$ cat /proc/%d/cgroup | head -1" % foreign,
                                               "0::/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod3c1e77f2_9d2a_4b1c_a0f1_2f9e1c7d55aa.slice/cri-containerd-9a1f3e.scope",
                                               "$ crictl ps -a --id 9a1f3e",
                                               "CONTAINER           IMAGE               CREATED             STATE               NAME                ATTEMPT             POD ID              POD",
                                               "(no containers found)"])
    c.write("kubectl_get_events.txt", [
        "LAST SEEN   TYPE      REASON             OBJECT                               MESSAGE",
        "27h         Warning   FailedKillPod      pod/nightly-eval-7d9f-6xkqp          error killing pod: failed to \"KillPodSandbox\" for \"3c1e77f2-9d2a-4b1c-a0f1-2f9e1c7d55aa\" with KillPodSandboxError: \"rpc error: code = DeadlineExceeded desc = context deadline exceeded\"",
        "3m2s        Normal    Scheduled          pod/llama-sft-worker-1               Successfully assigned team-llm/llama-sft-worker-1 to gke-a3-pool-2-7f3c-k2xm",
        "2m49s       Normal    Pulled             pod/llama-sft-worker-1               Container image \"us-docker.pkg.dev/proj/llm/sft:1.9\" already present on machine",
        "95s         Warning   BackOff            pod/llama-sft-worker-1               Back-off restarting failed container pytorch in pod llama-sft-worker-1_team-llm",
        "94s         Normal    PyTorchJobFailed   pytorchjob/llama-sft                 PyTorchJob team-llm/llama-sft has failed because 1 Worker replica(s) failed."])
    c.label("oom", "infrastructure", nodes[bad], bad_rank, "restart_without_node",
            "Rank 19 on gke-...-k2xm OOMs while FSDP moves weights to cuda:3 because 'Process 2291877 has 45.02 GiB' is also on that GPU: a leftover eval_harness.py from a pod whose sandbox failed to die 27h earlier (orphaned, no container). The other ranks only got SIGTERM when the job was torn down.",
            "https://github.com/NVIDIA/nvidia-docker/issues/1373")


# ============================================================================ br17
def br17(out):
    c = Case(out, "br17_clush_output_workers_killed_everywhere", 7317)
    rng = c.rng
    nodes = ["gpu-n101", "gpu-n102", "gpu-n103", "gpu-n104"]
    t0 = T(2024, 7, 31, 13, 41, 2)
    toom = T(2024, 7, 31, 14, 22, 51)
    jobid = 88123
    wpids = {}
    for i, n in enumerate(nodes):
        L = ["+ torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-n101:29500 train_in21k.py --data /lustre/ds/in21k/meta.pkl --workers 12 --bs 256"]
        L += omp_banner(t0, pid=300 + i)
        for k in range(8):
            L.append("[default%d]:loaded metadata: 14,197,087 samples (python list of dicts, %.1f GiB pickled)" % (k, 9.6))
        if i == 0:
            for s in range(0, 2300, 20):
                L.append("[default0]:Epoch: [0]  [%5d/6932]  eta: 3:%02d:%02d  lr: 0.000%03d  loss: %.4f  time: %.4f  data: %.4f  max mem: 51234" % (
                    s, rng.randrange(60), rng.randrange(60), rng.randrange(1000), 9.9 - s * 0.0004, 1.07 + rng.uniform(-0.02, 0.05), 0.01 + rng.uniform(0, 0.02)))
        victims = rng.sample(range(8), 5)
        for j, k in enumerate(victims):
            wp = 118000 + i * 1000 + k * 13 + j
            wpids.setdefault(n, []).append(wp)
            tb = ["Traceback (most recent call last):",
                  '  File "%s/torch/utils/data/dataloader.py", line 1133, in _try_get_data' % PKG,
                  "    data = self._data_queue.get(timeout=timeout)",
                  '  File "/usr/lib/python3.10/multiprocessing/queues.py", line 113, in get',
                  "    if not self._poll(timeout):",
                  '  File "%s/torch/utils/data/_utils/signal_handling.py", line 66, in handler' % PKG,
                  "    _error_if_any_worker_fails()",
                  "RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % wp,
                  "",
                  "The above exception was the direct cause of the following exception:",
                  "",
                  "Traceback (most recent call last):",
                  '  File "/home/rk/in21k/train_in21k.py", line 402, in <module>',
                  "    main(args)",
                  '  File "/home/rk/in21k/engine.py", line 61, in train_one_epoch',
                  "    for samples, targets in metric_logger.log_every(data_loader, print_freq, header):",
                  '  File "%s/torch/utils/data/dataloader.py", line 1146, in _try_get_data' % PKG,
                  "    raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e",
                  "RuntimeError: DataLoader worker (pid(s) %d) exited unexpectedly" % wp]
            L += ["[default%d]:%s" % (k, x) for x in tb]
        L += agent_failed(add(toom, 3.1), victims[0], 1, 52000 + i * 10 + victims[0], pypid=300 + i)
        L += agent_sigterm(add(toom, 3.11), [52000 + i * 10 + k for k in range(8) if k != victims[0]], pypid=300 + i)
        L += child_failed("train_in21k.py", (add(toom, 3.0), n, i * 8 + victims[0], victims[0], 1, 52000 + i * 10 + victims[0], None, "/tmp/torchelastic_r/none/attempt_0/%d/error.json" % victims[0]), [])
        L.append("slurmstepd: error: Detected %d oom_kill events in StepId=%d.0. Some of your processes may have been killed by the cgroup out-of-memory handler." % (9 + i * 3, jobid))
        c.write("%s/torchrun.log" % n, L)
        P = ["$ ps -eo pid,ppid,rss,comm --sort=-rss | head -20   # %s (cron snapshot)" % add(toom, -240).strftime("%H:%M:%S"),
             "    PID    PPID   RSS COMMAND"]
        for k in range(8):
            P.append("%7d %7d %9d python3" % (52000 + i * 10 + k, 300 + i, 21400000 + rng.randrange(-300000, 300000)))
        for w in range(11):
            P.append("%7d %7d %9d pt_data_worker" % (118000 + i * 1000 + w * 13, 52000 + i * 10 + w % 8, 10100000 + rng.randrange(-500000, 500000)))
        P.append("$ cat /sys/fs/cgroup/system.slice/slurmstepd.scope/job_%d/memory.max" % jobid)
        P.append("1030792151040")
        c.write("%s/ps_rss_snapshot.txt" % n, P)
    # clush output: interleaved, one prefix per line
    chunks = []
    for i, n in enumerate(nodes):
        lines = []
        tt = add(toom, i * 0.7)
        for j, wp in enumerate(wpids[n]):
            t1 = add(tt, j * 2.1)
            lines += ["[%s] pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0" % f_dmesgT(t1)[1:-1],
                      "[%s] memory: usage 1006632960kB, limit 1006632960kB, failcnt %d" % (f_dmesgT(t1)[1:-1], 4412 + j),
                      "[%s] Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:41233412kB, anon-rss:%dkB, file-rss:81234kB, shmem-rss:0kB, UID:41022 pgtables:61234kB oom_score_adj:0" % (f_dmesgT(t1)[1:-1], wp, 10100000 + rng.randrange(-400000, 400000))]
        chunks.append([(n, x) for x in lines])
    C = ["$ clush -w gpu-n[101-104] 'dmesg -T | grep -iE \"oom|out of memory\"'"]
    while any(chunks):
        for ch in chunks:
            for _ in range(rng.randrange(1, 5)):
                if ch:
                    n, x = ch.pop(0)
                    C.append("%s: %s" % (n, x))
        chunks = [ch for ch in chunks if ch]
    C += ["", "$ clush -b -w gpu-n[101-104] free -g", "---------------", "gpu-n[101-104] (4)", "---------------",
          "               total        used        free      shared  buff/cache   available",
          "Mem:            1007          22         961           1          23         979",
          "Swap:              0           0           0"]
    c.write("clush_oom.txt", C)
    c.write("sacct.txt", sacct(jobid, "in21k", [
        ("", "in21k", "a100", 512, "OUT_OF_ME+", "0:125", t0, add(toom, 5), "gpu-n[101-104]"),
        (".batch", "batch", "", 128, "OUT_OF_ME+", "0:125", t0, add(toom, 5), "gpu-n101"),
        (".0", "torchrun", "", 512, "OUT_OF_ME+", "0:125", add(t0, 1), add(toom, 5), "gpu-n[101-104]")]))
    c.label("oom", "framework", None, None, "stop",
            "On all four nodes the cgroup OOM killer kills pt_data_worker processes (~10 GB RSS each: 8 ranks x 12 workers each touching a 14M-entry Python metadata list) and the ranks die with 'DataLoader worker ... killed by signal: Killed'. The job's own host-memory use, not one node.",
            "https://github.com/pytorch/pytorch/issues/13246")


# ============================================================================ br18
def br18(out):
    c = Case(out, "br18_eval_hangs_then_desync_error", 7318)
    rng = c.rng
    nodes = ["ws-g1", "ws-g2"]
    t0 = T(2024, 5, 27, 19, 10, 4)
    shards = [1280, 1280, 1280, 1280, 1280, 1279, 1279, 1279]
    # attempt 0: hang in eval, watchdog after 30 min, different op types per rank
    teval = T(2024, 5, 27, 20, 2, 41)
    seq = 20417
    for a in (0, 1):
        base = t0 if a == 0 else T(2024, 5, 27, 21, 5, 10)
        for i, n in enumerate(nodes):
            streams = {}
            for k in range(4):
                r = i * 4 + k
                s = ["[%s] rank %d: eval sampler shard size %d (dataset 10237, world 8, drop_last=False, pad=False)" % (add(base, 5).strftime("%H:%M:%S"), r, shards[r])]
                if a == 1:
                    s.append("[%s] rank %d: TORCH_DISTRIBUTED_DEBUG=DETAIL" % (add(base, 5).strftime("%H:%M:%S"), r))
                s.append("[%s] rank %d: epoch 3 train done, starting eval" % (add(teval if a == 0 else add(base, 600), -1).strftime("%H:%M:%S"), r))
                streams[r] = s
            L = ["+ torchrun --nnodes 2 --nproc-per-node 4 --rdzv-backend c10d --rdzv-endpoint ws-g1:29400 train_seg.py --cfg seg_b.yaml" + (" # rerun with TORCH_DISTRIBUTED_DEBUG=DETAIL" if a == 1 else "")]
            L += omp_banner(base, pid=5100 + i)
            idx = {r: 0 for r in streams}
            while any(idx[r] < len(streams[r]) for r in streams):
                r = rng.choice(list(streams))
                if idx[r] < len(streams[r]):
                    L.append(streams[r][idx[r]])
                    idx[r] += 1
            if a == 0:
                wt = add(teval, 1800.04)
                for k in range(4):
                    r = i * 4 + k
                    if r < 5:
                        L += watchdog(r, add(wt, k * 0.01), seq, "ALLREDUCE", 1, rng, timeout_ms=1800000, full=(k == 0))
                    else:
                        L += watchdog(r, add(wt, k * 0.01 + 0.3), seq, "BROADCAST", 2048, rng, timeout_ms=1800000, full=(k == 1))
                fk = 0 if i == 0 else 1
                L += agent_failed(add(wt, 2), fk, -6, 6100 + i * 10 + fk, pypid=5100 + i)
                L += agent_sigterm(add(wt, 2.01), [6100 + i * 10 + k for k in range(4) if k != fk], pypid=5100 + i)
                L += child_failed("train_seg.py", (add(wt, 1.9), n, i * 4 + fk, fk, -6, 6100 + i * 10 + fk), [])
            else:
                te = add(base, 601.3)
                for k in range(4):
                    r = i * 4 + k
                    if r == 5 or r == 0:
                        msg = ("RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: CollectiveFingerPrint(SequenceNumber=%d, OpType=%s, TensorShape=[%s], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))), but Rank %d is running collective: CollectiveFingerPrint(SequenceNumber=%d, OpType=%s, TensorShape=[%s], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))).Collectives differ in the following aspects: \t Op type: %svs %s\t Tensor Tensor shapes: %svs %s" % (
                            (5, 1603, "BROADCAST", "2048", 0, 1603, "ALLREDUCE", "1", "BROADCAST", "ALLREDUCE", "2048", "1") if r == 5 else
                            (0, 1603, "ALLREDUCE", "1", 5, 1603, "BROADCAST", "2048", "ALLREDUCE", "BROADCAST", "1", "2048")))
                        L += ["[rank%d]: Traceback (most recent call last):" % r,
                              '[rank%d]:   File "/home/dz/seg/train_seg.py", line 311, in <module>' % r,
                              "[rank%d]:     main()" % r,
                              '[rank%d]:   File "/home/dz/seg/train_seg.py", line 287, in main' % r,
                              "[rank%d]:     %s" % (r, "best = broadcast_best(metrics)" if r == 5 else "val_loss = evaluate(model, val_loader)"),
                              '[rank%d]:   File "/home/dz/seg/%s' % (r, 'utils/dist.py", line 33, in broadcast_best' if r == 5 else 'engine.py", line 118, in evaluate'),
                              "[rank%d]:     %s" % (r, "dist.broadcast(state, src=0)" if r == 5 else "dist.all_reduce(loss_sum)"),
                              '[rank%d]:   File "%s/torch/distributed/c10d_logger.py", line 79, in wrapper' % (r, PKG),
                              "[rank%d]:     return func(*args, **kwargs)" % r,
                              '[rank%d]:   File "%s/torch/distributed/distributed_c10d.py", line %d, in %s' % (r, PKG, 2213 if r == 5 else 2288, "broadcast" if r == 5 else "all_reduce"),
                              "[rank%d]:     work = %s" % (r, "default_pg.broadcast([tensor], opts)" if r == 5 else "group.allreduce([tensor], opts)"),
                              "[rank%d]: %s" % (r, msg)]
                    else:
                        L.append("[rank%d]: RuntimeError: Detected mismatch between collectives on ranks. (see rank 0 / rank 5)" % r)
                fk = 0 if i == 0 else 1
                L += agent_failed(add(te, 1.5), fk, 1, 7100 + i * 10 + fk, pypid=5200 + i)
                L += agent_sigterm(add(te, 1.51), [7100 + i * 10 + k for k in range(4) if k != fk], pypid=5200 + i)
                L += child_failed("train_seg.py", (add(te, 1.4), n, i * 4 + fk, fk, 1, 7100 + i * 10 + fk), [])
            c.write("attempt_%d/%s/torchrun.log" % (a, n), L)
            g = gpu_list("l40s", PCIE4_BUS, rng)
            c.write("attempt_%d/%s/nvidia-smi.txt" % (a, n), nvsmi_table(add(base, 4000 if a == 0 else 700), g, [], driver="550.54.15", cuda="12.4"))
    c.write("NOTES_from_user.txt", ["attempt_0: job sat in eval for 30 min, then all ranks died on NCCL watchdog.",
                                    "attempt_1: reran same config with TORCH_DISTRIBUTED_DEBUG=DETAIL to see what is going on."])
    c.label("hang", "script", None, None, "stop",
            "The eval sampler gives ranks 5-7 one batch fewer (1279 vs 1280), so at the same sequence number ranks 0-4 wait in ALLREDUCE while ranks 5-7 are already in the post-eval BROADCAST. Attempt 0's watchdog lines show the mismatched op types and attempt 1 with DETAIL reports the collective mismatch explicitly: a program bug.",
            "https://github.com/pytorch/pytorch/issues/78022")


# ============================================================================ br19
def br19(out):
    c = Case(out, "br19_colored_log_ends_at_6am_sharp", 7319)
    rng = c.rng
    nodes = ["node-a01", "node-a02"]
    jobid = 881234
    tstart = T(2024, 7, 1, 6, 0, 0)
    tend = T(2024, 7, 2, 6, 0, 14, 118000)

    def rich_log(t, level, msg, src):
        col = {"INFO": "34", "WARNING": "31", "ERROR": "1;31"}[level]
        return "\x1b[2;36m[%s]\x1b[0m\x1b[2;36m \x1b[0m\x1b[%sm%-8s\x1b[0m %s \x1b[2m%s\x1b[0m" % (t.strftime("%m/%d/%y %H:%M:%S"), col, level, msg, src)
    for i, n in enumerate(nodes):
        L = ["+ torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint node-a01:29500 train.py --deepspeed ds_config_z3.json"]
        L += omp_banner(tstart, pid=20101 + i)
        L.append(rich_log(add(tstart, 30), "INFO", "DeepSpeed ZeRO-3 enabled, offload_optimizer=none, bf16=True", "train.py:88"))
        if i == 0:
            tt = add(tstart, 120)
            s = 50000
            while tt < tend:
                if s % 50 == 0:
                    L.append("%s [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[0.000%03d], mom=[(0.9, 0.95)]" % (f_elastic(tt), s, rng.randrange(50, 99)))
                    L.append(rich_log(tt, "INFO", "step \x1b[1;36m%d\x1b[0m loss=\x1b[1;36m%.4f\x1b[0m tok/s=\x1b[1;36m%d\x1b[0m" % (s, 1.84 - (s - 50000) * 0.000002 + rng.uniform(-0.02, 0.02), 28100 + rng.randrange(-300, 300)), "train.py:233"))
                if s % 2000 == 0:
                    L.append(rich_log(tt, "WARNING", "checkpoint every 2000 steps; last saved step \x1b[1;36m%d\x1b[0m" % (s - 2000 if s > 50000 else 50000), "ckpt.py:41"))
                s += 1
                tt = add(tt, 2.11)
        L.append("slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, n, f_slurm(tend)))
        L.append("%s %d torch/distributed/elastic/agent/server/api.py:688] Received Signals.SIGTERM death signal, shutting down workers" % (f_glog(add(tend, 0.1), "W", nanos=False), 20101 + i))
        L += agent_sigterm(add(tend, 0.11), [30100 + i * 10 + k for k in range(8)], pypid=20101 + i)
        for k in (1, 6):
            r = i * 8 + k
            L += ["[rank%d]:[%s ProcessGroupNCCL.cpp:1515] [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (r, f_glog(add(tend, 0.4)), r),
                  "[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % r,
                  "[rank%d]:Last error:" % r,
                  "[rank%d]:socketProgress: Connection closed by remote peer node-a0%d.cluster<%d>" % (r, 2 - i, rng.randrange(40000, 60000))]
        L += sigterm_exc(20101 + i, pkgs=PKG, script="/usr/local/bin/torchrun", line=8)
        c.write("%s/torchrun.log" % n, L)
        D = ["%s %s" % (f_dmesgT(add(T(2024, 6, 24, 8, 0, 0), j * 19000)), l) for j, l in enumerate(boot_dmesg_noise(rng, n, 22))]
        if i == 1:
            D.append("%s NVRM: Xid (PCI:0000:9a:00): 43, pid=%d, name=python3, Ch 00000008" % (f_dmesgT(add(tend, 1)), 30114))
            D.append("%s NVRM: Xid (PCI:0000:ba:00): 43, pid=%d, name=python3, Ch 00000008" % (f_dmesgT(add(tend, 1)), 30116))
        c.write("%s/dmesg_T.txt" % n, D)
    c.write("sacct.txt", sacct(jobid, "sft-13b", [
        ("", "sft-13b", "h100", 224, "TIMEOUT", "0:0", tstart, add(tend, 2), "node-a[01-02]"),
        (".batch", "batch", "", 112, "CANCELLED", "0:15", tstart, add(tend, 2), "node-a01"),
        (".0", "torchrun", "", 224, "CANCELLED", "0:15", add(tstart, 1), add(tend, 2), "node-a[01-02]")]))
    c.write("scontrol_show_job.txt", scontrol_job(jobid, "sft-13b", "pchen", "TIMEOUT", "TimeLimit", "node-a[01-02]", 2, tstart, add(tend, 2), "1-00:00:00", partition="h100", runtime="1-00:00:16", exitcode="0:0", workdir="/home/pchen/sft"))
    c.label("unknown", "framework", None, None, "none",
            "sacct says TIMEOUT and slurmstepd prints 'CANCELLED ... DUE TO TIME LIMIT' exactly 24h after start (TimeLimit=1-00:00:00). The NCCL 'remote process exited' errors and the Xid 43s on node-a02 are the teardown of killed processes.",
            "https://slurm.schedmd.com/sbatch.html")


# ============================================================================ br20
def br20(out):
    c = Case(out, "br20_rotated_logs_job_gone_overnight", 7320)
    rng = c.rng
    nodes = ["p-gpu-%02d" % i for i in range(7, 11)]
    jobid = 90311
    tstart = T(2024, 3, 2, 17, 40, 3)
    tpre = T(2024, 3, 4, 2, 13, 0)
    rot = [T(2024, 3, 3, 0, 0, 1), T(2024, 3, 4, 0, 0, 1)]
    for i, n in enumerate(nodes):
        days = [[], [], []]
        tt = add(tstart, 90)
        s = 0
        while tt < tpre:
            d = 0 if tt < rot[0] else (1 if tt < rot[1] else 2)
            if i == 0 and s % 100 == 0:
                days[d].append("%s | rank0 | it %7d | loss %.4f | %.3f s/it | eta %s" % (f_iso(tt, "", 3, " "), s, 3.1 - s * 0.000009 + rng.uniform(-0.02, 0.02), 0.912 + rng.uniform(-0.01, 0.01), "n/a"))
            elif i != 0 and s % 2000 == 0:
                days[d].append("%s | rank%d | heartbeat it %d mem %.1f GiB" % (f_iso(tt, "", 3, " "), i * 4, s, 33.1 + rng.uniform(-0.2, 0.2)))
            if s > 0 and s % 20000 == 0 and i == 0:
                days[d].append("%s | rank0 | checkpoint saved: /proj/ckpt/diff-xl/it_%07d.pt" % (f_iso(tt, "", 3, " "), s))
            s += 1
            tt = add(tt, 0.912)
        cur = days[2]
        cur.append("slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s DUE TO PREEMPTION ***" % (jobid, n, f_slurm(tpre)))
        cur += ["[rank%d]: %s" % (i * 4, x) for x in sigterm_exc(44100 + i * 4, pkgs=PKG, script="/proj/diff/train.py", line=233)]
        cur.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1218] [PG 0 Rank %d] ProcessGroupNCCL destroyed without calling destroy_process_group()" % (i * 4 + 1, f_glog(add(tpre, 0.5), "W"), i * 4 + 1))
        cur.append("%s:%d:%d [2] NCCL INFO [Service thread] Connection closed by localRank 2" % (n, 44102 + i * 4, 44190))
        cur.append("%s:%d:%d [3] misc/cudawrap.cc:33 NCCL WARN Cuda failure 'driver shutting down'" % (n, 44103 + i * 4, 44103 + i * 4))
        cur.append("slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO PREEMPTION ***" % (jobid, n, f_slurm(add(tpre, 120))) if i == 0 else
                   "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s DUE TO PREEMPTION ***" % (jobid, n, f_slurm(add(tpre, 120))))
        c.write("%s/logs/train.log.2.gz" % n, days[0], gz=True)
        c.write("%s/logs/train.log.1.gz" % n, days[1], gz=True)
        c.write("%s/logs/train.log" % n, cur)
    c.write("sacct.txt", sacct(jobid, "diff-xl", [
        ("", "diff-xl", "preempt", 256, "PREEMPTED", "0:0", tstart, add(tpre, 121), "p-gpu-[07-10]"),
        (".batch", "batch", "", 64, "CANCELLED", "0:15", tstart, add(tpre, 121), "p-gpu-07"),
        (".0", "python", "", 256, "CANCELLED", "0:15", add(tstart, 2), add(tpre, 121), "p-gpu-[07-10]")]))
    c.write("slurmctld.log", [
        "%s sched: Allocate JobId=%d NodeList=p-gpu-[07-10] #CPUs=256 Partition=preempt" % (f_ms(tstart), jobid),
        "%s _job_preempt: JobId=%d to be preempted by JobId=90377 (partition prio-gpu, QOS high), PreemptMode=CANCEL GraceTime=120" % (f_ms(tpre), jobid),
        "%s job_signal: 15 of running JobId=%d successful 0x8004" % (f_ms(tpre), jobid),
        "%s job_signal: 9 of running JobId=%d successful 0x8004" % (f_ms(add(tpre, 120)), jobid),
        "%s sched: Allocate JobId=90377 NodeList=p-gpu-[05-10] #CPUs=384 Partition=prio-gpu" % f_ms(add(tpre, 124))])
    c.label("unknown", "framework", None, None, "none",
            "The live train.log (after two gzip rotations) ends with 'CANCELLED ... DUE TO PREEMPTION'; slurmctld shows JobId 90377 in a higher-priority partition preempting it and sacct says PREEMPTED. The SIGTERM tracebacks and NCCL 'driver shutting down' lines are teardown.",
            "https://slurm.schedmd.com/preempt.html")


CASES = [br11, br12, br13, br14, br15, br16, br17, br18, br19, br20]
