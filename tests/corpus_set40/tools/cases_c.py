"""Cases ak21-ak30."""
import json

from common import (
    Case, T, plus, f_torch, f_glog, f_py, f_iso, f_kts, f_dmesg_T, f_uptime, f_syslog, f_journal_iso,
    f_accel, f_nemo, f_ctime, smi_q, smi_table, boot_noise, nccl_init, nccl_prefix, watchdog_timeout,
    cuda_error_watchdog, remote_error, torchrun_rdzv, child_failed, sigterm_lines, megatron_iter, ds_step,
    titan_step, nemo_line, bar, smooth_loss, H100_BUS, A100_BUS, HCAS,
)

GPUS = 8


def pids_for(base):
    return [base + i for i in range(GPUS)]


def dmesg_T(boot, rng, events, n=18):
    out = ["%s %s" % (f_dmesg_T(plus(boot, i * 0.5)), s) for i, s in enumerate(boot_noise(rng, n))]
    out += ["%s %s" % (f_dmesg_T(t), s) for t, s in sorted(events, key=lambda e: e[0])]
    return out


# ==========================================================================
# ak21  torchtitan on K8s, FileNotFoundError for one shard on rank 27, storage healthy
# ==========================================================================

def ak21():
    c = Case("ak21_filenotfounderror_on_rank_27_then_timeouts", 121)
    rng = c.rng
    pods = ["titan-worker-%d" % i for i in range(4)]
    t0 = T("2025-06-02 11:00:00")
    t_err = T("2025-06-02 13:47:09.220")
    for nr, p in enumerate(pods):
        L = []
        L += [(plus(t0, 0.01 * i), x) for i, x in enumerate(torchrun_rdzv(t0, p, nr, 4, GPUS, "titan-worker-0.titan"))]
        if nr == 0:
            L.append((plus(t0, 9), "[rank0]:[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]" % f_py(plus(t0, 9))))
            L.append((plus(t0, 12), "[rank0]:[titan] %s - ext.shard_loader - INFO - manifest /data/fineweb2-hq/manifest.json: 1024 shards, 2 epochs, shards assigned round-robin by (epoch_offset + rank)" % f_py(plus(t0, 12))))
            t = plus(t0, 40)
            for step in range(10, 6201, 10):
                t = plus(t, 10 * (1.61 + rng.uniform(-0.02, 0.02)))
                if t >= t_err:
                    break
                L.append((t, titan_step(t, 0, step, smooth_loss(rng, step, 8.0, 3.0, 900, 0.02), 58.41, 7310 + rng.randint(-40, 40), 401.2 + rng.uniform(-2, 2), 40.6 + rng.uniform(-0.2, 0.2))))
                if step % 1000 == 0:
                    L.append((plus(t, 0.1), "[rank0]:[titan] %s - ext.shard_loader - INFO - rank 0 advancing to shard %05d" % (f_py(plus(t, 0.1)), (step // 1000) * 32)))
        if nr == 3:
            r = 27
            tb = [
                "Traceback (most recent call last):",
                "  File \"/workspace/torchtitan/train.py\", line 441, in train",
                "    inputs, labels = self.next_batch(data_iterator)",
                "  File \"/workspace/torchtitan/ext/shard_loader.py\", line 118, in __iter__",
                "    table = pq.read_table(path, columns=[\"input_ids\"], memory_map=True)",
                "  File \"/usr/local/lib/python3.11/site-packages/pyarrow/parquet/core.py\", line 1793, in read_table",
                "    dataset = ParquetDataset(",
                "  File \"/usr/local/lib/python3.11/site-packages/pyarrow/parquet/core.py\", line 1371, in __init__",
                "    self._dataset = ds.dataset(path_or_paths, filesystem=filesystem,",
                "  File \"/usr/local/lib/python3.11/site-packages/pyarrow/_fs.pyx\", line 581, in pyarrow._fs.FileSystem.get_file_info",
                "  File \"/usr/local/lib/python3.11/site-packages/pyarrow/error.pxi\", line 89, in pyarrow.lib.check_status",
                "FileNotFoundError: [Errno 2] Failed to open local file '/data/fineweb2-hq/shard-00417.parquet'. Detail: [errno 2] No such file or directory",
            ]
            L.append((t_err, "[rank27]:[titan] %s - ext.shard_loader - INFO - rank 27 advancing to shard 00417" % f_py(t_err)))
            L += [(plus(t_err, 0.003), "[rank%d]: %s" % (r, x)) for x in tb]
            L += [(plus(t_err, 1.2), x) for x in sigterm_lines(plus(t_err, 1.2), [301 + i for i in range(8) if i != 3], 289)]
            L += [(plus(t_err, 2.0), x) for x in child_failed(plus(t_err, 2.0), "torchtitan/train.py", p, 27, 3, 1, 304)]
        else:
            tw = plus(t_err, 100.7)
            for lr in range(8):
                rr = nr * 8 + lr
                L += [(plus(tw, 0.02 * lr), x) for x in watchdog_timeout(rr, plus(tw, 0.02 * lr), rng, 40121, "_ALLGATHER_BASE", 33554432, timeout_ms=100000, pg="1", pgdesc="1", full=(lr == 0))]
            L += [(plus(tw, 3), x) for x in child_failed(plus(tw, 3), "torchtitan/train.py", p, nr * 8, 0, -6, 301)]
        L.sort(key=lambda e: e[0])
        c.write("%s/kubectl-logs.txt" % p, [x for _, x in L])
    c.write("titan-worker-3/ls-data.txt", [
        "$ kubectl exec titan-worker-3 -- ls -la /data/fineweb2-hq | sed -n '410,428p'",
        "-rw-r--r-- 1 1000 1000 1073561230 May 28 21:40 shard-00408.parquet",
        "-rw-r--r-- 1 1000 1000 1073440001 May 28 21:40 shard-00409.parquet",
        "-rw-r--r-- 1 1000 1000 1073609928 May 28 21:41 shard-00410.parquet",
        "-rw-r--r-- 1 1000 1000 1073388102 May 28 21:41 shard-00411.parquet",
        "-rw-r--r-- 1 1000 1000 1073512276 May 28 21:41 shard-00412.parquet",
        "-rw-r--r-- 1 1000 1000 1073499810 May 28 21:42 shard-00413.parquet",
        "-rw-r--r-- 1 1000 1000 1073602217 May 28 21:42 shard-00414.parquet",
        "-rw-r--r-- 1 1000 1000 1073455128 May 28 21:42 shard-00415.parquet",
        "-rw-r--r-- 1 1000 1000 1073390777 May 28 21:43 shard-00416.parquet",
        "-rw-r--r-- 1 1000 1000 1073577301 May 28 21:43 shard-00418.parquet",
        "-rw-r--r-- 1 1000 1000 1073481660 May 28 21:44 shard-00419.parquet",
        "",
        "$ kubectl exec titan-worker-0 -- ls /data/fineweb2-hq/shard-00417.parquet",
        "ls: cannot access '/data/fineweb2-hq/shard-00417.parquet': No such file or directory",
        "",
        "$ jq '.shards | length' /data/fineweb2-hq/manifest.json ; ls /data/fineweb2-hq/*.parquet | wc -l",
        "1024",
        "1023",
        "",
        "$ grep -n 00417 /data/fineweb2-hq/upload.log",
        "3391: 2025-05-28 21:43:12 WARN shard-00417.parquet: tokenizer worker exited with code 137, skipping upload (will retry at end)",
        "4102: 2025-05-28 23:58:40 INFO retry queue empty? false -> exiting with 1 pending item(s)",
    ])
    c.write("titan-worker-3/df-and-mount.txt", [
        "Filesystem                         Size  Used Avail Use% Mounted on",
        "overlay                            1.8T  121G  1.6T   7% /",
        "filestore-ml-data:/vol1            100T   62T   39T  62% /data",
        "",
        "filestore-ml-data:/vol1 on /data type nfs4 (ro,relatime,vers=4.1,rsize=1048576,wsize=1048576,hard,proto=tcp,timeo=600,retrans=2)",
        "",
        "# dmesg | grep -ci nfs  ->  0   (no NFS errors on any node during the run)",
    ])
    c.set_label("user_code", "script", None, None, "stop",
                "Rank 27 is the first to fail, with FileNotFoundError for /data/fineweb2-hq/shard-00417.parquet when it advances to that shard; the other ranks only hit their 100 s watchdog afterwards. The manifest lists 1024 shards but only 1023 exist (the upload log shows 00417 was never uploaded) and the mount has no errors, so it is a data-preparation problem, not storage.",
                "https://github.com/NVIDIA/Megatron-LM/issues/119")
    return c


# ==========================================================================
# ak22  Megatron, NaN grad norm only on the 8 ranks of gpu-f02; GPU 4 has DRAM UE + pending remap
# ==========================================================================

def ak22():
    c = Case("ak22_nan_grad_norm_assertion_on_eight_ranks", 122)
    rng = c.rng
    hosts = ["gpu-f01", "gpu-f02", "gpu-f03", "gpu-f04"]
    bad, bad_gpu = "gpu-f02", 4
    bad_rank = 8 + bad_gpu
    t0 = T("2024-08-05 06:00:00")
    t_nan = T("2024-08-05 12:37:48")
    boot = T("2024-08-01 19:30:00")
    for nr, h in enumerate(hosts):
        L = torchrun_rdzv(t0, h, nr, 4, GPUS, "gpu-f01")
        if nr == 0:
            L += [
                "using world size: 32, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1 ",
                "  check_for_nan_in_loss_and_grad ................... True",
                "  lr ............................................... 0.0001",
                "  clip_grad ........................................ 1.0",
            ]
        if nr == 3:
            t = plus(t0, 180)
            for it in range(20, 7721, 20):
                t = plus(t, 20 * (3.06 + rng.uniform(-0.02, 0.02)))
                L.append(megatron_iter(t, it, 100000, smooth_loss(rng, it, 7.2, 2.1, 1100, 0.012), 3060 + rng.uniform(-20, 20), 1e-4, 512, grad=0.22 + rng.uniform(-0.02, 0.03)))
        if h == bad:
            for lr in range(8):
                r = 8 + lr
                L += [
                    "[rank%d]: Traceback (most recent call last):" % r,
                    "[rank%d]:   File \"/opt/Megatron-LM/megatron/training/training.py\", line 1213, in train_step" % r,
                    "[rank%d]:     losses_reduced = forward_backward_func(" % r,
                    "[rank%d]:   File \"/opt/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py\", line 158, in check_for_nan_in_grad" % r,
                    "[rank%d]:     assert not norm_is_nan, (" % r,
                    "[rank%d]: AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: gpu-f02" % (r, r, lr),
                ]
            L += child_failed(plus(t_nan, 2.2), "pretrain_gpt.py", h, 12, 4, 1, 55224, others=[(8 + k, k, 1, 55220 + k, plus(t_nan, 2.2)) for k in (0, 1, 2)])
        else:
            tw = plus(t_nan, 600.4)
            for lr in range(8):
                L += watchdog_timeout(nr * 8 + lr, plus(tw, rng.uniform(0, 0.6)), rng, 316008, "ALLREDUCE", 1, full=(lr == 0))
            L += child_failed(plus(tw, 2.0), "pretrain_gpt.py", h, nr * 8, 0, -6, 55220 + nr * 20)
        c.write("%s/stdout.txt" % h, L)
        ev = [(plus(t0, rng.randint(300, 5000)), "perf: interrupt took too long (2512 > 2500), lowering kernel.perf_event_max_sample_rate to 79600")]
        if h == bad:
            ev += [
                (T("2024-08-05 12:21:07"), "NVRM: Xid (PCI:0000:9a:00): 63, pid=55224, name=python, Row Remapper: New row (0x0000000003a1f8c0) marked for remapping, reset gpu to activate."),
                (T("2024-08-05 12:36:55"), "NVRM: Xid (PCI:0000:9a:00): 63, pid=55224, name=python, Row Remapper: New row (0x0000000003a1f8c8) marked for remapping, reset gpu to activate."),
            ]
        if h == "gpu-f03":
            ev.append((T("2024-08-05 09:12:40"), "NVRM: Xid (PCI:0000:ba:00): 63, pid=55266, name=python, Row Remapper: New row (0x0000000000118a30) marked for remapping, reset gpu to activate."))
        c.write("%s/dmesg-T.log" % h, dmesg_T(boot, rng, ev, 12))
        gl = []
        for i in range(8):
            d = {"used": 0}
            if h == bad and i == bad_gpu:
                d = {"used": 0, "ecc": {"v_dram_ue": 2, "v_dram_ce": 913, "a_dram_ue": 2, "a_dram_ce": 1377}, "remap": {"ce": 0, "ue": 2, "pending": "Yes"}}
            if h == "gpu-f03" and i == 6:
                d = {"used": 0, "ecc": {"a_dram_ce": 4}, "remap": {"ce": 1, "pending": "No"}}
            gl.append(d)
        c.write("%s/nvidia-smi-q.txt" % h, smi_q(plus(t_nan, 900), gl, rng=rng))
    c.set_label("gpu_memory", "infrastructure", bad, bad_rank, "restart_without_node",
                "Loss and grad norm were smooth until the NaN, and it appears only on the eight tensor-parallel ranks of gpu-f02 (the other data-parallel replicas only time out). That node's GPU 4 (9a:00, rank 12) logged two Xid 63 row-remap events in the 15 minutes before, and nvidia-smi shows 2 volatile DRAM uncorrectable errors with a remap still pending: corrupted GPU memory, not the recipe.",
                "https://github.com/alibaba/Pai-Megatron-Patch/issues/366")
    return c


# ==========================================================================
# ak23  DeepSpeed via srun --label: all ranks time out at the same collective, nothing else
# ==========================================================================

def ak23():
    c = Case("ak23_all_ranks_time_out_at_same_seqnum", 123)
    rng = c.rng
    hosts = ["cmp-n201", "cmp-n202", "cmp-n203", "cmp-n204"]
    t0 = T("2024-11-18 20:00:00")
    t_hang = T("2024-11-19 01:12:30.600")
    seq = 88213
    L = ["+ srun --label --nodes=4 --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint cmp-n201:29500 train_ds.py --deepspeed_config ds_z2.json"]
    for nr, h in enumerate(hosts):
        for x in torchrun_rdzv(plus(t0, 1), h, nr, 4, GPUS, "cmp-n201")[4:16]:
            L.append("%d: %s" % (nr, x))
        for x in nccl_init(h, "10.12.7.%d" % (201 + nr), "ib0", nr, 4, pids_for(20011 + nr * 31), rng, show_version=(nr == 0),
                           extra_warn="NCCL INFO NET/Plugin: Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: cannot open shared object file"):
            if " [0] " in x or " [4] " in x or x.startswith("NCCL version"):
                L.append("%d: %s" % (nr, x))
    t = plus(t0, 120)
    step = 0
    while True:
        step += 20
        t = plus(t, 20 * (1.47 + rng.uniform(-0.02, 0.02)))
        if t > plus(t_hang, -1):
            break
        for x in ds_step(t, step, smooth_loss(rng, step, 2.9, 1.7, 3000, 0.02), 1.2e-4, 1.47 + rng.uniform(-0.01, 0.01)):
            L.append("0: " + x)
    tw = plus(t_hang, 1800.0)
    for nr in range(4):
        for lr in range(8):
            r = nr * 8 + lr
            for x in watchdog_timeout(r, plus(tw, rng.uniform(0, 0.9)), rng, seq, "ALLREDUCE", 210763776, timeout_ms=1800000, full=(lr in (0, 5))):
                L.append("%d: %s" % (nr, x))
    for nr in range(4):
        L.append("%d: %s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (nr, f_glog(plus(tw, 2.4 + nr * 0.1), "E"), 19000 + nr, nr % 8, 20011 + nr * 31 + nr % 8))
    for nr, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, nr))
    c.write("slurm-3312087.out", L)
    boot = T("2024-11-12 06:00:00")
    for nr, h in enumerate(hosts):
        K = ["%s %s kernel: %s" % (f_syslog(plus(boot, i)), h, s) for i, s in enumerate(boot_noise(rng, 12))]
        ev = [(plus(t0, rng.randint(600, 15000)), "kernel: perf: interrupt took too long (2518 > 2500), lowering kernel.perf_event_max_sample_rate to 79250")]
        if h == "cmp-n203":
            ev += [(plus(t_hang, -4200), "kernel: EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#3_DIMM#0 (channel:3 slot:0 page:0x2b70f1 offset:0x280 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)"),
                   (plus(t_hang, 2900), "kernel: EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#3_DIMM#0 (channel:3 slot:0 page:0x2b70f1 offset:0x2c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)")]
        if h == "cmp-n201":
            ev.append((plus(t_hang, 600), "systemd[1]: Started Session 812 of User ops."))
        K += ["%s %s %s" % (f_syslog(tt), h, s) for tt, s in sorted(ev)]
        c.write("%s/kern.log" % h, K)
        c.write("%s/nvidia-smi.txt" % h, smi_table(plus(t_hang, 1500), "550.127.05", "12.4", [(49 + rng.randint(0, 6), 151 + rng.randint(0, 30), 61233 + rng.randint(0, 300), 100) for _ in range(8)]))
    c.set_label("hang", "infrastructure", None, None, "restart",
                "Every one of the 32 ranks times out on the same ALLREDUCE (SeqNum 88213, last completed 88212) within a second of each other, after five hours of normal progress; no rank logged an exception, no Xid or link event appears, all GPUs show the job busy, and the EDAC messages are corrected errors. Nothing identifies a culprit.",
                "https://github.com/NVIDIA/Megatron-LM/issues/735")
    return c


# ==========================================================================
# ak24  torchtitan, 8 nodes, hang; flight recorder + py-spy show rank 42 stuck in a CUDA sync
# ==========================================================================

def ak24():
    c = Case("ak24_job_hung_flight_recorder_dump_collected", 124)
    rng = c.rng
    hosts = ["titan-node-%02d" % i for i in range(1, 9)]
    # rendezvous join order decides group_rank
    order = ["titan-node-01", "titan-node-05", "titan-node-02", "titan-node-07", "titan-node-08", "titan-node-03", "titan-node-04", "titan-node-06"]
    grank = {h: order.index(h) for h in hosts}
    bad = "titan-node-03"
    bad_rank = grank[bad] * 8 + 2
    t0 = T("2025-02-24 03:00:00")
    t_hang = T("2025-02-24 06:44:02.300")
    seq = 51407
    for h in hosts:
        nr = grank[h]
        base = 5524 + nr * 3
        L = torchrun_rdzv(t0, h, nr, 8, GPUS, "titan-node-01")
        L += nccl_init(h, "10.77.3.%d" % (100 + hosts.index(h)), "ens9f0np0", nr, 8, pids_for(base), rng, show_version=(nr == 0))
        if nr == 0:
            L.append("[rank0]:[titan] %s - root - INFO - Flight recorder enabled: TORCH_NCCL_TRACE_BUFFER_SIZE=20000 TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_FR_DUMP_TEMP_FILE=/shared/fr/titan-70b-run3/rank_" % f_py(plus(t0, 8)))
            t = plus(t0, 60)
            for step in range(10, 3001, 10):
                t = plus(t, 10 * (4.49 + rng.uniform(-0.04, 0.04)))
                if t > t_hang:
                    break
                L.append(titan_step(t, 0, step, smooth_loss(rng, step, 9.5, 2.6, 500, 0.02), 71.2, 1812 + rng.randint(-15, 15), 388.0 + rng.uniform(-3, 3), 39.2 + rng.uniform(-0.3, 0.3)))
        tw = plus(t_hang, 600.0)
        for lr in range(8):
            r = nr * 8 + lr
            if r == bad_rank:
                continue
            L += watchdog_timeout(r, plus(tw, rng.uniform(0, 1.0)), rng, seq, "ALLREDUCE", 1, pg="0", pgdesc="0(default_pg)", full=(lr == 0))
            if lr == 0:
                L.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1614] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (r, f_torch(plus(tw, 0.01), "E", rng), r))
        if h == bad:
            L.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1440] [PG ID 0 PG GUID 0(default_pg) Rank %d] Received a dump signal due to a collective timeout from  rank 0 and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % (bad_rank, f_torch(plus(tw, 1.2), "E", rng), bad_rank, seq - 1, seq - 1))
        c.write("%s/torchrun.log" % h, L)
    c.write("fr_trace_analysis.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr/titan-70b-run3 -p rank_",
        "loaded 64 dump files",
        "Not all ranks joining collective %d at entry 19992" % seq,
        "group info: 0:default_pg",
        "collective: nccl:all_reduce",
        "missing ranks: {%d}" % bad_rank,
        "input sizes: [[1]]",
        "output sizes: [[1]]",
        "expected ranks: 64",
        "collective state: scheduled",
        "collective stack trace:",
        " all_reduce at /usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:2808",
        " clip_grad_norm_ at /workspace/torchtitan/torchtitan/distributed/utils.py:344",
        " train_step at /workspace/torchtitan/torchtitan/train.py:402",
        "",
        "rank %d: last entry record_id=19991 seq_id=%d nccl:reduce_scatter state=completed; no entry for seq_id %d" % (bad_rank, seq - 1, seq),
        "all other ranks: entry seq_id=%d nccl:all_reduce state=started (waiting for peers)" % seq,
    ])
    # py-spy dumps
    base = 5524 + grank[bad] * 3
    c.write("%s/py-spy-dump-rank%d.txt" % (bad, bad_rank), [
        "$ py-spy dump --native --pid %d" % (base + 2),
        "Process %d: /usr/bin/python3 -u torchtitan/train.py --job.config_file train_configs/llama3_70b.toml" % (base + 2),
        "Python v3.11.10 (/usr/bin/python3.11)",
        "",
        "Thread %d (active): \"MainThread\"" % (base + 2),
        "    cudaStreamSynchronize (libcudart.so.12)",
        "    at::native::_local_scalar_dense_cuda (libtorch_cuda.so)",
        "    at::_ops::_local_scalar_dense::call (libtorch_cpu.so)",
        "    item (torch/_tensor.py)",
        "    _check_overflow (torchtitan/components/ft_scaler.py:87)",
        "    train_step (torchtitan/train.py:395)",
        "    train (torchtitan/train.py:441)",
        "    <module> (torchtitan/train.py:508)",
        "Thread %d (idle): \"Thread-1 (_pin_memory_loop)\"" % (base + 40),
        "    wait (threading.py:331)",
        "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:51)",
        "Thread %d (idle): \"pt_nccl_watchdg\"" % (base + 44),
        "    std::condition_variable::wait_for (libstdc++.so.6)",
        "    c10d::ProcessGroupNCCL::watchdogHandler (libtorch_cuda.so)",
        "",
        "# same stack in 3 dumps taken 60 s apart; `nvidia-smi -i 2` on %s: 100%% util, 141 W (others idle at ~115 W in NCCL spin)" % bad,
    ])
    other = "titan-node-01"
    c.write("%s/py-spy-dump-rank0.txt" % other, [
        "$ py-spy dump --native --pid 5524",
        "Process 5524: /usr/bin/python3 -u torchtitan/train.py --job.config_file train_configs/llama3_70b.toml",
        "Python v3.11.10 (/usr/bin/python3.11)",
        "",
        "Thread 5524 (active): \"MainThread\"",
        "    c10d::ProcessGroupNCCL::WorkNCCL::synchronizeStream (libtorch_cuda.so)",
        "    c10d::ProcessGroupNCCL::WorkNCCL::wait (libtorch_cuda.so)",
        "    all_reduce (torch/distributed/distributed_c10d.py:2808)",
        "    clip_grad_norm_ (torchtitan/distributed/utils.py:344)",
        "    train_step (torchtitan/train.py:402)",
        "    train (torchtitan/train.py:441)",
        "    <module> (torchtitan/train.py:508)",
    ])
    c.write("%s/nvidia-smi.txt" % bad, smi_table(plus(t_hang, 400), "550.127.05", "12.4",
                                              [(52, 116, 74211, 100), (51, 115, 74208, 100), (66, 141, 74240, 100), (50, 114, 74199, 100),
                                               (53, 117, 74215, 100), (52, 116, 74212, 100), (51, 115, 74203, 100), (52, 115, 74207, 100)]))
    c.set_label("hang", "infrastructure", bad, bad_rank, "run_diagnostics",
                "All ranks but one time out waiting in all_reduce seq 51407; the flight recorder says rank 42 never entered it (its last completed op is 51406), rank 42 printed no watchdog timeout, and py-spy on titan-node-03 (group_rank 5, so GPU 2 is rank 42) shows it stuck in cudaStreamSynchronize inside .item() while the others wait in the collective. The stuck GPU needs diagnosis.",
                "https://github.com/pytorch/pytorch/issues/95944")
    return c


# ==========================================================================
# ak25  HF accelerate on K8s: gather under is_main_process -> mismatched collectives hang
# ==========================================================================

def ak25():
    c = Case("ak25_hang_at_first_evaluation_step", 125)
    rng = c.rng
    pods = ["acc-train-worker-0", "acc-train-worker-1"]
    t0 = T("2024-12-09 17:20:00")
    t_eval = T("2024-12-09 18:03:51.100")
    for nr, p in enumerate(pods):
        L = []
        L.append((t0, "%s - INFO - __main__ - Distributed environment: MULTI_GPU  Backend: nccl" % f_accel(t0)))
        L.append((t0, "%s - INFO - __main__ - Num processes: 16, Process index: %d, Local process index: 0, Device: cuda:0" % (f_accel(t0), nr * 8)))
        for i, x in enumerate(nccl_init(p, "10.4.%d.%d" % (nr, 31 + nr), "eth0", nr, 2, pids_for(140 + nr), rng, show_version=(nr == 0))):
            L.append((plus(t0, 5 + 0.0001 * i), x))
        if nr == 0:
            t = plus(t0, 30)
            for step in range(25, 2001, 25):
                t = plus(t, 25 * (1.28 + rng.uniform(-0.01, 0.01)))
                L.append((t, "%s - INFO - __main__ - step %d | loss %.4f | lr %.2e | %.2f s/it" % (f_accel(t), step, smooth_loss(rng, step, 2.2, 1.4, 900, 0.03), 5e-5, 1.28 + rng.uniform(-0.01, 0.01))))
            L.append((t_eval, "%s - INFO - __main__ - running evaluation at step 2000 (eval_every=2000, 512 batches)" % f_accel(t_eval)))
            L.append((plus(t_eval, 38), "%s - INFO - __main__ - eval loss 1.5513 | collecting per-sample predictions on main process for the exact-match metric" % f_accel(plus(t_eval, 38))))
        tw = plus(t_eval, 38 + 1800.0)
        for lr in range(8):
            r = nr * 8 + lr
            if r == 0:
                L += [(plus(tw, 0.3), x) for x in watchdog_timeout(0, plus(tw, 0.3), rng, 20412, "_ALLGATHER_BASE", 524288, timeout_ms=1800000, full=True)]
            else:
                L += [(plus(tw, rng.uniform(0, 0.6)), x) for x in watchdog_timeout(r, plus(tw, rng.uniform(0, 0.6)), rng, 20412, "ALLREDUCE", 1, timeout_ms=1800000, full=(lr in (1, 4)))]
        L.sort(key=lambda e: e[0])
        c.write("%s/logs.txt" % p, ["%s %s" % (f_kts(tt, rng), x) for tt, x in L])
    c.write("fr_trace.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace ./fr_dumps -p nccl_trace_rank_",
        "loaded 16 dump files",
        "Collective 20412 (pg 0:default_pg) has mismatched op types across ranks:",
        "  rank 0      : nccl:_allgather_base  input sizes [[32768, 16]]  output sizes [[524288, 16]]  state=started",
        "  ranks 1-15  : nccl:all_reduce       input sizes [[1]]          output sizes [[1]]           state=started",
        "collective stack trace (rank 0):",
        " all_gather_into_tensor at /usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:3390",
        " gather at /usr/local/lib/python3.11/site-packages/accelerate/utils/operations.py:389",
        " evaluate at /app/finetune_qa.py:214",
        "collective stack trace (rank 1):",
        " all_reduce at /usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:2501",
        " clip_grad_norm_ at /usr/local/lib/python3.11/site-packages/accelerate/accelerator.py:2362",
        " train_step at /app/finetune_qa.py:171",
    ])
    c.write("acc-train-worker-0/py-spy-rank0.txt", [
        "$ py-spy dump --pid 140",
        "Process 140: python /app/finetune_qa.py --config cfg/qa_8b.yaml",
        "Thread 140 (active): \"MainThread\"",
        "    all_gather_into_tensor (torch/distributed/distributed_c10d.py:3390)",
        "    gather (accelerate/utils/operations.py:389)",
        "    evaluate (finetune_qa.py:214)",
        "    main (finetune_qa.py:301)",
        "",
        "$ sed -n '206,218p' /app/finetune_qa.py",
        "    eval_loss = accelerator.reduce(total_loss, reduction=\"mean\")",
        "    logger.info(f\"eval loss {eval_loss.item():.4f} | collecting per-sample predictions ...\")",
        "    if accelerator.is_main_process:",
        "        # gather predictions from all ranks for exact-match",
        "        preds = accelerator.gather(torch.cat(all_preds))",
        "        labels = accelerator.gather(torch.cat(all_labels))",
        "        em = exact_match(preds, labels)",
        "        logger.info(f\"eval exact_match {em:.4f}\")",
        "    model.train()",
        "    return eval_loss",
    ])
    c.set_label("user_code", "script", None, None, "stop",
                "The job hangs at the first evaluation: the flight recorder shows collective 20412 is an all_gather on rank 0 but an all_reduce (the next training step) on ranks 1-15, and the code calls accelerator.gather() only inside `if accelerator.is_main_process`. A collective under a rank condition deadlocks every time.",
                "https://github.com/NVIDIA/nccl/issues/899")
    return c


# ==========================================================================
# ak26  NeMo, Xid 94 contained ECC, row remapped after reset, nothing pending -> restart
# ==========================================================================

def ak26():
    c = Case("ak26_uncorrectable_ecc_runtimeerror_then_watchdog_aborts", 126)
    rng = c.rng
    hosts = ["gpu-k21", "gpu-k22", "gpu-k23", "gpu-k24"]
    bad, bad_gpu = "gpu-k22", 5
    bad_rank = 8 + bad_gpu
    t0 = T("2025-01-27 22:00:00")
    t_x = T("2025-01-28 04:19:33.880")
    for nr, h in enumerate(hosts):
        L = torchrun_rdzv(t0, h, nr, 4, GPUS, "gpu-k21")
        if nr == 0:
            t = plus(t0, 150)
            step = 0
            while t < t_x:
                step += 20
                t = plus(t, 20 * (2.63 + rng.uniform(-0.02, 0.02)))
                if t >= t_x:
                    break
                L.append("Epoch 0: : %3d%%|%s| %d/200000 [%d:%02d:%02d<-, reduced_train_loss=%.3f, global_step=%.1f, consumed_samples=%d, train_step_timing in s=%.2f]"
                         % (step * 100 // 200000, bar(step / 200000.0), step, (t - t0).seconds // 3600, ((t - t0).seconds // 60) % 60, (t - t0).seconds % 60,
                            smooth_loss(rng, step, 3.9, 2.0, 1800, 0.02), step - 1.0, step * 512, 2.63 + rng.uniform(-0.02, 0.02)))
        if h == bad:
            r = bad_rank
            L += [
                "[rank%d]: Traceback (most recent call last):" % r,
                "[rank%d]:   File \"/opt/NeMo/nemo/collections/llm/gpt/model/base.py\", line 297, in forward" % r,
                "[rank%d]:     output_tensor = self.module(" % r,
                "[rank%d]:   File \"/usr/local/lib/python3.12/dist-packages/transformer_engine/pytorch/module/layernorm_mlp.py\", line 1512, in forward" % r,
                "[rank%d]:     out = fwd_fn(*args)" % r,
                "[rank%d]: RuntimeError: CUDA error: uncorrectable ECC error encountered" % r,
                "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % r,
                "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % r,
                "[rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % r,
            ]
            L += sigterm_lines(plus(t_x, 1.9), [70200 + i for i in range(8) if i != bad_gpu], 70100)
            L += child_failed(plus(t_x, 2.9), "/opt/NeMo/scripts/llm/pretrain.py", h, r, bad_gpu, 1, 70200 + bad_gpu)
        else:
            tw = plus(t_x, 600.2)
            for lr in range(8):
                L += watchdog_timeout(nr * 8 + lr, plus(tw, rng.uniform(0, 0.7)), rng, 402917, "_REDUCE_SCATTER_BASE", 471859200, pg="2", pgdesc="2", full=(lr == 0))
            L += child_failed(plus(tw, 2.0), "/opt/NeMo/scripts/llm/pretrain.py", h, nr * 8, 0, -6, 70200)
        c.write("%s/nemo_%s.log" % (h, h), L)
        K = []
        boot = T("2025-01-20 08:15:00")
        for i, s in enumerate(boot_noise(rng, 12)):
            K.append("%s %s kernel: %s" % (f_journal_iso(plus(boot, i)), h, s))
        ev = [(plus(t0, rng.randint(1000, 9000)), "kernel: perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79800")]
        if h == bad:
            ev += [
                (plus(t_x, -0.41), "kernel: NVRM: Xid (PCI:0000:ab:00): 94, pid=70205, name=python3, Contained: SM (0x1). RST: No, D-RST: No"),
                (plus(t_x, -0.41), "kernel: NVRM: Xid (PCI:0000:ab:00): 63, pid=70205, name=python3, Row Remapper: New row (0x00000000015f2a40) marked for remapping, reset gpu to activate."),
                (plus(t_x, 640), "slurm-epilog[81211]: GPU 5 (0000:AB:00.0) reported Xid 94 during job 8830013; resetting GPU"),
                (plus(t_x, 646), "kernel: NVRM: GPU at PCI:0000:ab:00: GPU-1e9a3d0c-5b7f-4a62-8d11-c20f9e7b4a55"),
                (plus(t_x, 646), "slurm-epilog[81211]: nvidia-smi -r -i 5: GPU 00000000:AB:00.0 was successfully reset."),
                (plus(t_x, 651), "slurm-epilog[81211]: health check after reset: remapped rows pending=No failure=No; node returned to service"),
            ]
        if h == "gpu-k24":
            ev.append((plus(t_x, -7000), "kernel: NVRM: Xid (PCI:0000:18:00): 63, pid=70400, name=python3, Row Remapper: New row (0x00000000000c1e20) marked for remapping, reset gpu to activate."))
        K += ["%s %s %s" % (f_journal_iso(tt), h, s) for tt, s in sorted(ev)]
        c.write("%s/journalctl-k.txt" % h, K)
    gl = [{"used": 0} for _ in range(8)]
    gl[bad_gpu] = {"used": 0, "ecc": {"v_dram_ue": 0, "a_dram_ue": 1, "a_dram_ce": 3}, "remap": {"ce": 0, "ue": 1, "pending": "No", "failure": "No", "max": 2559}}
    c.write("%s/nvidia-smi-q-after-epilog.txt" % bad, smi_q(plus(t_x, 700), gl, rng=rng))
    c.set_label("gpu_memory", "infrastructure", bad, bad_rank, "restart",
                "Rank 13 (gpu-k22, GPU 5 at ab:00) hit 'uncorrectable ECC error encountered' right after Xid 94 (contained ECC error) and Xid 63; every other rank only timed out ten minutes later. The epilog reset the GPU and nvidia-smi now shows the row remapped with nothing pending and no remap failure, so the node is usable again and the job can simply be restarted.",
                "https://github.com/huggingface/accelerate/issues/1192")
    return c


# ==========================================================================
# ak27  DeepSpeed, 2 nodes, Xid 74 NVLink on r7-gpu-15 GPU 1 (rank 9), dmesg uptime format
# ==========================================================================

def ak27():
    c = Case("ak27_ncclunhandledcudaerror_on_second_node", 127)
    rng = c.rng
    hosts = ["r7-gpu-14", "r7-gpu-15"]
    bad, bad_gpu = "r7-gpu-15", 1
    bad_rank = 8 + bad_gpu
    t0 = T("2024-05-20 10:00:00")
    t_x = T("2024-05-20 16:02:17.455")
    boot = {"r7-gpu-14": T("2024-05-13 07:12:55"), "r7-gpu-15": T("2024-05-16 23:41:08")}
    for nr, h in enumerate(hosts):
        L = [
            "[%s] [INFO] [launch.py:152:main] nnodes=2, num_local_procs=8, node_rank=%d" % (f_py(plus(t0, 1)), nr),
            "[%s] [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {'r7-gpu-14': [0, 1, 2, 3, 4, 5, 6, 7], 'r7-gpu-15': [8, 9, 10, 11, 12, 13, 14, 15]})" % f_py(plus(t0, 1)),
        ]
        L += nccl_init(h, "10.70.14.%d" % (14 + nr), "ibp12s0", nr, 2, pids_for(41100 + nr * 17), rng, show_version=(nr == 0))
        if nr == 0:
            t = plus(t0, 100)
            for step in range(10, 9000, 10):
                t = plus(t, 10 * (2.38 + rng.uniform(-0.02, 0.02)))
                if t > t_x:
                    break
                L += ds_step(t, step, smooth_loss(rng, step, 2.6, 1.6, 2500, 0.02), 6e-5, 2.38 + rng.uniform(-0.02, 0.02))
        if h == bad:
            p = 41100 + nr * 17 + bad_gpu
            pre = nccl_prefix(h, p, p + 1207, bad_gpu)
            L += [
                "%s enqueue.cc:1403 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % pre,
                "%s NCCL INFO group.cc:101 -> 1" % pre,
                "[rank%d]: Traceback (most recent call last):" % bad_rank,
                "[rank%d]:   File \"/workspace/Megatron-DeepSpeed/pretrain_gpt.py\", line 356, in <module>" % bad_rank,
                "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py\", line 1012, in reduce_ipg_grads" % bad_rank,
                "[rank%d]:     self.average_tensor(extra_large_grad_reduc.view(-1))" % bad_rank,
                "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/deepspeed/comm/torch.py\", line 205, in reduce_scatter_tensor" % bad_rank,
                "[rank%d]:     return self.reduce_scatter_function(output_tensor," % bad_rank,
                "[rank%d]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3356, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5" % bad_rank,
                "[rank%d]: ncclUnhandledCudaError: Call to CUDA function failed." % bad_rank,
                "[rank%d]: Last error:" % bad_rank,
                "[rank%d]: Cuda failure 'uncorrectable NVLink error detected during the execution'" % bad_rank,
            ]
            for lr in (0, 2, 3):
                L += cuda_error_watchdog(8 + lr, plus(t_x, 1.4 + lr * 0.05), rng, "uncorrectable NVLink error detected during the execution")[:4]
            L.append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (f_py(plus(t_x, 3.3)), p))
            L.append("[%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'pretrain_gpt.py', '--local_rank=1'] exits with return code = 1" % f_py(plus(t_x, 3.4)))
        else:
            tw = plus(t_x, 4.8)
            for lr in range(8):
                p = 41100 + lr
                L.append("%s misc/socket.cc:538 NCCL WARN Net : Call to recv from 10.70.14.15<%d> failed : Connection reset by peer" % (nccl_prefix(h, p, p + 991, lr), 50200 + lr))
            for lr in (0, 6):
                L += remote_error(lr, plus(tw, 0.1), rng, "10.70.14.15", "Net : Call to recv from 10.70.14.15<%d> failed : Connection reset by peer" % (50200 + lr), version="2.20.5")
            L.append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 41100" % f_py(plus(tw, 1.3)))
        c.write("%s/ds-train.log" % h, L)
        b = boot[h]
        K = ["%s %s" % (f_uptime(plus(b, 0.5 + i * 0.3), b), s) for i, s in enumerate(boot_noise(rng, 20))]
        ev = [(plus(t0, rng.randint(300, 9000)), "perf: interrupt took too long (2506 > 2500), lowering kernel.perf_event_max_sample_rate to 79700")]
        if h == bad:
            ev += [
                (plus(t_x, -0.21), "NVRM: Xid (PCI:0000:2a:00): 74, pid=41118, name=python, NVLink: fatal error detected on link 3(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
                (plus(t_x, -0.21), "NVRM: Xid (PCI:0000:2a:00): 74, pid=41118, name=python, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
                (plus(t_x, -0.2), "NVRM: Xid (PCI:0000:2a:00): 45, pid=41118, name=python, Ch 00000014"),
                (plus(t_x, 0.9), "NVRM: Xid (PCI:0000:3a:00): 45, pid=41119, name=python, Ch 0000000c"),
            ]
        K += ["%s %s" % (f_uptime(tt, b), s) for tt, s in sorted(ev)]
        c.write("%s/dmesg.log" % h, K)
        c.write("%s/boot-time.txt" % h, ["$ uptime -s", b.strftime("%Y-%m-%d %H:%M:%S"), "$ date -u", f_ctime(plus(t_x, 1500))])
    nv = ["$ nvidia-smi nvlink -e   # %s, after the job" % bad]
    for i in range(8):
        nv.append("GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%08x-77c1-4d0e-9b2a-%012x)" % (i, 0x5a1b0000 + i * 97, 0x3c4d5e6f7000 + i * 131))
        for l in range(18):
            bad_link = (i == bad_gpu and l in (3, 11))
            nv.append("\t Link %d: Replay Errors: %d" % (l, 1873 if bad_link else 0))
            nv.append("\t Link %d: Recovery Errors: %d" % (l, 412 if bad_link else 0))
            nv.append("\t Link %d: CRC Errors: %d" % (l, 98211 if bad_link else 0))
    c.write("%s/nvidia-smi-nvlink-e.txt" % bad, nv)
    c.set_label("nvlink", "infrastructure", bad, bad_rank, "restart_without_node",
                "r7-gpu-15's kernel log (uptime stamps, boot 2024-05-16 23:41:08) shows Xid 74 NVLink fatal errors on links 3 and 11 of 0000:2a:00 (GPU 1, rank 9) at 16:02:17, immediately before rank 9's 'uncorrectable NVLink error' ncclUnhandledCudaError; nvidia-smi nvlink -e shows large replay/recovery/CRC counts on those links only. r7-gpu-14's connection resets are sympathetic.",
                "https://github.com/pytorch/pytorch/issues/58155")
    return c


# ==========================================================================
# ak28  NeMo, 8 nodes, IB errors on the 4 nodes under leaf-sw-07 at the same second
# ==========================================================================

def ak28():
    c = Case("ak28_ib_errors_on_four_nodes_at_once", 128)
    rng = c.rng
    hosts = ["c3n%02d" % i for i in range(1, 9)]
    leaf = {"leaf-sw-07": hosts[:4], "leaf-sw-08": hosts[4:]}
    ips = {h: "10.33.%d.%d" % (7 if i < 4 else 8, 11 + i) for i, h in enumerate(hosts)}
    t0 = T("2024-10-21 02:00:00")
    t_sw = T("2024-10-21 10:14:22.500")
    boot = T("2024-10-17 15:00:00")
    for nr, h in enumerate(hosts):
        L = torchrun_rdzv(t0, h, nr, 8, GPUS, "c3n01")
        L += nccl_init(h, ips[h], "ib0", nr, 8, pids_for(33000 + nr * 7), rng, show_version=(nr == 0))[:40]
        if nr == 0:
            t = plus(t0, 160)
            step = 0
            while t < t_sw:
                step += 25
                t = plus(t, 25 * (3.21 + rng.uniform(-0.02, 0.02)))
                if t >= t_sw:
                    break
                L.append(nemo_line(t, "I", "nemo_logging", 349, "step=%d reduced_train_loss=%.4f lr=%.3e train_step_timing=%.3fs consumed_samples=%d" % (step, smooth_loss(rng, step, 3.7, 2.0, 2500, 0.02), 3e-4, 3.21 + rng.uniform(-0.02, 0.02), step * 1024)))
        te = plus(t_sw, 1.2 + rng.uniform(0, 0.5))
        if h in leaf["leaf-sw-07"]:
            for lr in range(8):
                p = 33000 + nr * 7 + lr
                L.append("%s transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error" % nccl_prefix(h, p, p + 1400 + lr, lr))
            for lr in (0, 5):
                peer = hosts[4 + (nr + lr) % 4]
                L += remote_error(nr * 8 + lr, te, rng, ips[peer], "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s hca %s" % (ips[peer], 44100 + lr, ips[h], ips[peer], HCAS[lr]))
        else:
            for lr in (1, 4, 7):
                peer = hosts[(nr + lr) % 4]
                p = 33000 + nr * 7 + lr
                L.append("%s transport/net_ib.cc:2244 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca %s" % (nccl_prefix(h, p, p + 1400 + lr, lr), ips[peer], 44200 + lr, ips[h], ips[peer], HCAS[lr]))
                L += remote_error(nr * 8 + lr, plus(te, 3), rng, ips[peer], "NET/IB : Got completion from peer %s<%d> with status=12 opcode=1 len=0 vendor err 129 (Send)" % (ips[peer], 44200 + lr))
        L += child_failed(plus(te, 4), "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", h, nr * 8, 0, 1, 33000 + nr * 7,
                          tb="[rank%d]: torch.distributed.DistBackendError: NCCL error ... remote process exited or there was a network error" % (nr * 8))
        c.write("%s/train.log" % h, L)
        ev = [(plus(t0, rng.randint(300, 20000)), "perf: interrupt took too long (2509 > 2500), lowering kernel.perf_event_max_sample_rate to 79600")]
        if h in leaf["leaf-sw-07"]:
            for k, hca in enumerate(HCAS):
                ev.append((plus(t_sw, 0.01 * k), "mlx5_core 0000:%02x:00.0 %s: Port: 1 Link DOWN" % (0x1a + k * 0x10, hca)))
            for k, hca in enumerate(HCAS):
                ev.append((plus(t_sw, 212 + 0.01 * k + rng.uniform(0, 3)), "mlx5_core 0000:%02x:00.0 %s: Port: 1 Link ACTIVE" % (0x1a + k * 0x10, hca)))
        c.write("%s/dmesg-T.txt" % h, dmesg_T(boot, rng, ev, 12))
    c.write("topology.json", json.dumps({"topology": leaf}, indent=2))
    c.write("opensm-excerpt.log", [
        "Oct 21 10:14:22 %06d [7F3A1B2C3D40] 0x01 -> log_trap_info: Received Generic Notice type:1 num:128 (Link state change) Producer:2 (Switch) from LID:0x000c TID:0x000000000000a3b1" % 514221,
        "Oct 21 10:14:22 %06d [7F3A1B2C3D40] 0x02 -> osm_spst_rcv_process: Switch 0xb83fd20300a1c7e0 leaf-sw-07 MF0;leaf-sw-07:MQM9790/U1 port 1..32 changed state ACTIVE -> DOWN" % 514388,
        "Oct 21 10:14:23 %06d [7F3A1B2C3D40] 0x02 -> osm_ucast_mgr_process: ucast routing re-calculated, 64 LIDs unreachable" % 602114,
        "Oct 21 10:17:54 %06d [7F3A1B2C3D40] 0x02 -> osm_spst_rcv_process: Switch 0xb83fd20300a1c7e0 leaf-sw-07 port 1..32 changed state INIT -> ACTIVE" % 118002,
        "Oct 21 10:17:55 %06d [7F3A1B2C3D40] 0x02 -> SUBNET UP" % 203117,
    ])
    c.set_label("network", "infrastructure", None, None, "restart",
                "At 10:14:22 all eight HCAs of c3n01-c3n04 (every node under leaf-sw-07 in topology.json) go Link DOWN in the same second, those nodes log IB port errors, and the leaf-sw-08 nodes report completion errors from all four of their addresses; the subnet manager shows the whole leaf switch dropping and coming back. A fabric problem, not one node.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return c


# ==========================================================================
# ak29  Lightning, Slurm per-node folders: healthy run cancelled at its time limit
# ==========================================================================

def ak29():
    c = Case("ak29_job_ended_with_sigterm_and_connection_errors", 129)
    rng = c.rng
    hosts = ["gn-101", "gn-102", "gn-103", "gn-104"]
    t0 = T("2024-04-08 06:00:12")
    t_end = T("2024-04-09 06:00:12")
    for nr, h in enumerate(hosts):
        L = []
        for lr in range(8):
            L.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/32" % (nr * 8 + lr, nr * 8 + lr + 1))
        if nr == 0:
            L += [
                "----------------------------------------------------------------------------------------------------",
                "distributed_backend=nccl",
                "All distributed processes registered. Starting with 32 processes",
                "----------------------------------------------------------------------------------------------------",
                "Restoring states from the checkpoint path at /scratch/proj/unet3d-climate/ckpt/last.ckpt",
                "Restored all states from the checkpoint at /scratch/proj/unet3d-climate/ckpt/last.ckpt",
                "  | Name  | Type   | Params | Mode ",
                "0 | net   | UNet3D | 1.3 B  | train",
            ]
            t = plus(t0, 70)
            ep = 41
            step = 0
            while True:
                step += 100
                t = plus(t, 100 * (1.19 + rng.uniform(-0.01, 0.01)))
                if t > plus(t_end, -25):
                    break
                if step % 6000 == 0:
                    L.append("[%s] epoch %d done | val/rmse=%.4f | saving checkpoint to /scratch/proj/unet3d-climate/ckpt/epoch=%d-step=%d.ckpt and last.ckpt" % (f_py(t), ep, 0.412 - ep * 0.0011 + rng.uniform(-0.002, 0.002), ep, 246000 + step))
                    ep += 1
                    t = plus(t, 95)
                if step % 500 == 0:
                    L.append("Epoch %d:  %2d%%|%s| %d/6000 [%s, %.2fit/s, v_num=3, train/loss=%.4f]" % (ep, (step % 6000) * 100 // 6000, bar((step % 6000) / 6000.0), step % 6000, "%d:%02d" % (((step % 6000) * 1.19) // 60, int((step % 6000) * 1.19) % 60), 0.84, 0.0381 + rng.uniform(-0.002, 0.002)))
        if nr == 0:
            L.append("slurmstepd: error: *** STEP 9930145.0 ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (h, t_end.strftime("%Y-%m-%dT%H:%M:%S")))
        for lr in range(8):
            L.append("[rank: %d] Received SIGTERM: 15" % (nr * 8 + lr))
        if nr in (1, 3):
            p = 12000 + nr * 10 + 2
            L.append("%s misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer %s<%d>" % (nccl_prefix(h, p, p + 90, 2), hosts[nr - 1], 51010))
            L += remote_error(nr * 8 + 2, plus(t_end, 1.1), rng, hosts[nr - 1], "socketProgress: Connection closed by remote peer %s<51010>" % hosts[nr - 1])
        for lr in (0, 3):
            L.append("[rank%d]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (nr * 8 + lr, f_torch(plus(t_end, 1.5), "W", rng)[1:]))
        c.write("%s/rank%d-%d.log" % (h, nr * 8, nr * 8 + 7), L)
        boot = T("2024-04-01 12:00:00")
        ev = [(plus(t0, rng.randint(600, 80000)), "perf: interrupt took too long (2517 > 2500), lowering kernel.perf_event_max_sample_rate to 79300")]
        if h == "gn-103":
            ev.append((plus(t0, 51000), "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#1_DIMM#0 (channel:1 slot:0 page:0x38a112 offset:0xb00 grain:32 syndrome:0x0)"))
        c.write("%s/dmesg-T.txt" % h, dmesg_T(boot, rng, ev, 10))
    c.write("slurm-9930145.out", [
        "#SBATCH --time=24:00:00 --nodes=4 --gpus-per-node=8 --signal=SIGUSR1@90 --requeue",
        "job 9930145 start %s" % f_ctime(t0),
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** JOB 9930145 ON gn-101 CANCELLED AT %s DUE TO TIME LIMIT ***" % t_end.strftime("%Y-%m-%dT%H:%M:%S"),
        "srun: error: gn-102: tasks 8-15: Terminated",
        "srun: error: gn-104: tasks 24-31: Terminated",
        "srun: error: gn-101: tasks 0-7: Terminated",
        "srun: error: gn-103: tasks 16-23: Terminated",
    ])
    c.write("sacct.txt", ["JobID           JobName      State    Elapsed  ExitCode",
                          "9930145         unet3d    TIMEOUT   1-00:00:00      0:0",
                          "9930145.batch    batch  CANCELLED   1-00:00:03     0:15",
                          "9930145.0       python  CANCELLED   23:59:58        0:15"])
    c.set_label("unknown", "framework", None, None, "none",
                "The job was cancelled by Slurm at its 24-hour time limit (sacct TIMEOUT); the SIGTERMs, connection-closed errors and destroy_process_group warnings are the shutdown. Loss and validation were improving, checkpoints were being written every epoch, and no node shows a fault: nothing to fix.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/20542")
    return c


# ==========================================================================
# ak30  DeepSpeed via pdsh, MCE/UE memory error on aiq-08 kills a rank with SIGBUS
# ==========================================================================

def ak30():
    c = Case("ak30_rank_exits_with_code_minus7_bus_error", 130)
    rng = c.rng
    hosts = ["aiq-07", "aiq-08", "aiq-09"]
    bad = "aiq-08"
    t0 = T("2024-03-25 21:00:00")
    t_mce = T("2024-03-26 03:12:55")
    runner = [
        "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w aiq-07,aiq-08,aiq-09 export NCCL_IB_HCA=mlx5; cd /srv/llm; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=<...> --node_rank=%%n --master_addr=10.9.0.7 --master_port=29500 train.py --deepspeed ds_cfg.json" % f_py(t0),
    ]
    L = {h: [] for h in hosts}
    for nr, h in enumerate(hosts):
        L[h].append("[%s] [INFO] [launch.py:152:main] nnodes=3, num_local_procs=8, node_rank=%d" % (f_py(plus(t0, 2)), nr))
        L[h].append("[%s] [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {'aiq-07': [0, 1, 2, 3, 4, 5, 6, 7], 'aiq-08': [8, 9, 10, 11, 12, 13, 14, 15], 'aiq-09': [16, 17, 18, 19, 20, 21, 22, 23]})" % f_py(plus(t0, 2)))
        L[h] += [x for x in nccl_init(h, "10.9.0.%d" % (7 + nr), "ibp24s0", nr, 3, pids_for(48800 + nr * 12), rng, show_version=(nr == 0)) if " [0] " in x or x.startswith("NCCL version")]
    t = plus(t0, 90)
    for step in range(20, 20000, 20):
        t = plus(t, 20 * (1.14 + rng.uniform(-0.01, 0.01)))
        if t > t_mce:
            break
        L["aiq-07"] += ds_step(t, step, smooth_loss(rng, step, 2.8, 1.8, 4000, 0.02), 1e-4, 1.14 + rng.uniform(-0.01, 0.01))
    pbad = 48800 + 12 + 4
    L["aiq-08"] += [
        "[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (f_py(plus(t_mce, 0.9)), pbad),
    ] + ["[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (f_py(plus(t_mce, 0.91 + 0.002 * k)), 48812 + k) for k in range(8) if k != 4] + [
        "[%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=4', '--deepspeed', 'ds_cfg.json'] exits with return code = -7" % f_py(plus(t_mce, 1.0)),
    ]
    for nr, h in ((0, "aiq-07"), (2, "aiq-09")):
        for lr in (0, 3, 6):
            p = 48800 + nr * 12 + lr
            L[h].append("%s misc/socket.cc:538 NCCL WARN Net : Call to recv from 10.9.0.8<%d> failed : Connection reset by peer" % (nccl_prefix(h, p, p + 700, lr), 39010 + lr))
            L[h] += remote_error(nr * 8 + lr, plus(t_mce, 2.2), rng, "10.9.0.8", "Net : Call to recv from 10.9.0.8<%d> failed : Connection reset by peer" % (39010 + lr))
        L[h].append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (f_py(plus(t_mce, 3.4)), 48800 + nr * 12))
        L[h].append("[%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=0', '--deepspeed', 'ds_cfg.json'] exits with return code = 1" % f_py(plus(t_mce, 3.5)))
    merged = list(runner)
    # pdsh: hosts' output blocks as they arrive; aiq-09 and aiq-07 flush their errors before aiq-08's launcher line
    for h in hosts:
        merged += ["%s: %s" % (h, x) for x in L[h][:20]]
    merged += ["aiq-07: " + x for x in L["aiq-07"][20:]]
    merged += ["aiq-09: " + x for x in L["aiq-09"][20:]]
    merged += ["aiq-08: " + x for x in L["aiq-08"][20:]]
    merged += ["pdsh@aiq-07: aiq-08: ssh exited with exit code 249", "pdsh@aiq-07: aiq-09: ssh exited with exit code 1", "pdsh@aiq-07: aiq-07: ssh exited with exit code 1"]
    c.write("pdsh-train-20240325.log", merged)
    boot = T("2024-03-20 09:00:00")
    for h in hosts:
        K = ["%s %s kernel: %s" % (f_syslog(plus(boot, i)), h, s) for i, s in enumerate(boot_noise(rng, 12))]
        ev = []
        if h == bad:
            ev += [
                (plus(t_mce, -0.3), "kernel: mce: [Hardware Error]: Machine check events logged"),
                (plus(t_mce, -0.3), "kernel: mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 16: fc00000000800090"),
                (plus(t_mce, -0.3), "kernel: mce: [Hardware Error]: RIP !INEXACT! 33:<00007f3a9c41e2b0>"),
                (plus(t_mce, -0.3), "kernel: mce: [Hardware Error]: TSC 3a1f55a9c02e1 ADDR 3f1e2c0c0 MISC 200001c4c0086 "),
                (plus(t_mce, -0.3), "kernel: mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1711422775 SOCKET 1 APIC 4b microcode 2b000590"),
                (plus(t_mce, -0.29), "kernel: EDAC skx MC3: HANDLING MCE MEMORY ERROR"),
                (plus(t_mce, -0.29), "kernel: EDAC MC3: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f1e2c offset:0xc0 grain:32 -  OVERFLOW err_code:0x0000:0x0090 SystemAddress:0x3f1e2c0c0 ProcessorSocketId:0x1 MemoryControllerId:0x1 ChannelAddress:0xf78b00c0 ChannelId:0x2 RankAddress:0x7bc5800c0 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x7bc5 Column:0x18 Bank:0x0 BankGroup:0x2 ChipSelect:0x0 ChipId:0x0)"),
                (plus(t_mce, -0.28), "kernel: Memory failure: 0x3f1e2c: Sending SIGBUS to python:%d due to hardware memory corruption" % pbad),
                (plus(t_mce, -0.28), "kernel: Memory failure: 0x3f1e2c: recovery action for dirty LRU page: Recovered"),
                (plus(t_mce, 0.4), "kernel: python[%d]: bus error (core dumped)" % pbad),
                (plus(t_mce, 700), "kernel: EDAC MC3: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f1e31 offset:0x40 grain:32 syndrome:0x0)"),
                (plus(t_mce, 760), "rasdaemon[1811]: rasdaemon: mc_event store: Uncorrected read error, DIMM P2-DIMMC1 (CPU_SrcID#1_MC#1_Chan#2_DIMM#0), count 1, ce_count 57"),
            ]
        else:
            for k in range(2):
                ev.append((plus(t0, rng.randint(3000, 20000)), "kernel: EDAC MC%d: 1 CE memory read error on CPU_SrcID#%d_MC#%d_Chan#%d_DIMM#0 (channel:%d slot:0 page:0x%x offset:0x%x grain:32 syndrome:0x0)" % (k, k, k, k + 1, k + 1, rng.randint(0x10000, 0x3fffff), rng.choice([0x40, 0x80, 0x1c0]))))
        K += ["%s %s %s" % (f_syslog(tt), h, s) for tt, s in sorted(ev)]
        c.write("%s/syslog-kernel.txt" % h, K)
    c.write("aiq-08/edac-util.txt", ["$ edac-util -v", "mc0: 0 Uncorrected Errors with no DIMM info", "mc0: 0 Corrected Errors with no DIMM info",
                                    "mc1: csrow0: 0 Uncorrected Errors", "mc3: csrow0: ch2: 1 Uncorrected Errors", "mc3: csrow0: ch2: 58 Corrected Errors"])
    c.set_label("host", "infrastructure", bad, None, "restart_without_node",
                "The first failure is on aiq-08: a machine check with an uncorrectable DIMM error (EDAC MC3 UE, socket 1 channel 2) made the kernel send SIGBUS to the rank-12 trainer, which the launcher reports as return code -7. The connection resets on aiq-07/aiq-09 point at 10.9.0.8 (aiq-08) and follow it; their own EDAC messages are corrected errors.",
                "https://github.com/ovro-lwa/lwa-issues/issues/117")
    return c


CASES = [ak21, ak22, ak23, ak24, ak25, ak26, ak27, ak28, ak29, ak30]
