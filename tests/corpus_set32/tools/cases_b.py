"""Cases ac11..ac20."""
import json

from common import (Case, T, sec, BUS, xid_pci, gpu_uuid, c10, glog_py, pylog, iso,
                    nvidia_smi, dcgmi_diag, dcgmi_health, nccl_init, watchdog_timeout,
                    watchdog_exception, py_traceback, elastic_failure, loss_curve, megatron_iter,
                    titan_step, ds_step, hms, sacct, df_out)
from bundle import write_kernel, torchrun_banner, ps_listing

REMOTE = ("NCCL error: remote process exited or there was a network error, NCCL version {v}\\n"
          "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")


# ======================================================================== ac11
def ac11(out):
    c = Case(out, "ac11_all_pods_crashed_in_dataloader_within_a_minute", 3211)
    hosts = ["h200-pool-0-4kq2d", "h200-pool-0-7w9xm", "h200-pool-0-c2r8t", "h200-pool-0-zz51p"]
    gpu, drv = "H200", "570.148.08"
    t0 = T("2025-10-30 01:10:00")
    t_err = T("2025-10-30 05:31:12")
    L = []
    t = t0 + sec(90)
    step = 0
    while t < t_err:
        step += 1
        if step % 10 == 0:
            L.append(json.dumps({"ts": iso(t), "level": "INFO", "rank": 0, "step": step, "loss": round(loss_curve(c.rng, step, 2.9, 2.2, 0.03), 4),
                                 "lr": 2.5e-4, "step_s": round(2.22 + c.rng.uniform(-0.03, 0.03), 3), "data_wait_s": round(c.rng.uniform(0.002, 0.02), 3)}))
        t += sec(2.22)
    err = 'botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: "https://objstore.corp.internal:9000/pretrain-corpus/v3/shards/shard-{n:06d}.tar"'
    for ni, h in enumerate(hosts):
        R = [] if ni else list(L)
        for lr in (0, 3, 6):
            r = ni * 8 + lr
            tt = t_err + sec(ni * 7.3 + lr * 1.1)
            R.append(json.dumps({"ts": iso(tt - sec(20)), "level": "WARNING", "rank": r, "msg": f"s3 read retry 3/3 for shard-{180233 + r:06d}.tar: Read timed out. (read timeout=20)"}))
            R += py_traceback(r, [("/app/train.py", 377, "<module>", "main(cfg)"),
                                  ("/app/train.py", 301, "main", "batch = next(data_iter)"),
                                  ("/usr/local/lib/python3.12/dist-packages/torch/utils/data/dataloader.py", 733, "__next__", "data = self._next_data()"),
                                  ("/usr/local/lib/python3.12/dist-packages/torch/utils/data/dataloader.py", 1515, "_next_data", "return self._process_data(data, worker_id)"),
                                  ("/usr/local/lib/python3.12/dist-packages/torch/_utils.py", 733, "reraise", "raise exception")],
                              f"botocore.exceptions.ReadTimeoutError: Caught ReadTimeoutError in DataLoader worker process 2.\nOriginal Traceback (most recent call last):\n  File \"/app/data/s3_shards.py\", line 88, in __iter__\n    body = self.client.get_object(Bucket=self.bucket, Key=key)[\"Body\"].read()\n{err.format(n=180233 + r)}", prefix=True)
        for lr in (1, 7):
            r = ni * 8 + lr
            R += watchdog_timeout(r, t_err + sec(600 + ni), 71120 + step, numel=1048576)[:2]
        c.write(f"{h}/pod-llm-pt-worker-{ni}.log", R)
        boot = T("2025-10-21 13:00:00") + sec(ni * 71)
        write_kernel(c, f"{h}/node/dmesg.txt", h, boot, gpu, drv, t0, t_err + sec(700), "T", [], fs="nfs", kver="6.8.0-1021-gke")
        c.write(f"{h}/node/dcgm-exporter-metrics.txt",
                ["# HELP DCGM_FI_DEV_ECC_SBE_VOL_TOTAL Total number of single-bit volatile ECC errors.", "# TYPE DCGM_FI_DEV_ECC_SBE_VOL_TOTAL counter"] +
                [f'DCGM_FI_DEV_ECC_SBE_VOL_TOTAL{{gpu="{g}",UUID="{gpu_uuid(c.rng)}",Hostname="{h}",modelName="NVIDIA H200"}} {(3 if (ni == 2 and g == 5) else 0)}' for g in range(8)] +
                ["# HELP DCGM_FI_DEV_XID_ERRORS Value of the last XID error encountered.", "# TYPE DCGM_FI_DEV_XID_ERRORS gauge"] +
                [f'DCGM_FI_DEV_XID_ERRORS{{gpu="{g}",Hostname="{h}"}} 0' for g in range(8)])
    c.write("kueue-admin-01/events.txt", [
        "LAST SEEN   TYPE      REASON            OBJECT                      MESSAGE",
        "4h21m       Normal    Admitted          workload/llm-pt-7b1c9       Admitted by ClusterQueue h200-cq, wait time since reservation was 0s",
        "3m          Warning   BackOff           pod/llm-pt-worker-2-0       Back-off restarting failed container trainer",
        "3m          Normal    JobSetFailed      jobset/llm-pt               jobset failed: failurePolicy maxRestarts (0) exceeded"])
    c.write("kueue-admin-01/objstore_gateway.log", [
        f"{iso(t_err - sec(140))} WARN  gateway-2 upstream minio-pool-b: 14 of 16 drives offline (node minio-b-03 power cycled)",
        f"{iso(t_err - sec(139))} ERROR gateway-2 GET /pretrain-corpus/v3/shards/* -> 503 SlowDown (erasure set quorum lost) rate=4211/s",
        f"{iso(t_err + sec(640))} INFO  gateway-2 upstream minio-pool-b: 16 of 16 drives online, healing started",
        f"{iso(t_err + sec(655))} INFO  gateway-2 GET /pretrain-corpus/v3/shards/* -> 200 rate=3980/s"])
    c.label("storage", "infrastructure", None, None, "restart",
            "Between 05:31 and 05:32 DataLoader workers on all four pods failed with S3 ReadTimeoutError against the same object store. The gateway log shows that storage pool losing quorum at 05:28:52 and recovering 11 minutes later, so the shared service was down, not any node. It is transient, and the watchdog lines come afterwards.",
            "https://github.com/allenai/scirepeval/issues/48")
    return c


# ======================================================================== ac12
def ac12(out):
    c = Case(out, "ac12_one_node_disappeared_and_the_rest_timed_out", 3212)
    hosts = [f"hpc-g04{n}" for n in range(12, 18)]
    ips = {h: f"10.31.4.{int(h[-2:])}" for h in hosts}
    gpu, drv = "H100", "560.35.03"
    bad_host = "hpc-g0415"
    bad_ni = hosts.index(bad_host)
    # all application logs in local time (CEST, UTC+2); kernel journal with --utc
    off = sec(7200)
    t0 = T("2025-06-24 17:00:00")          # UTC
    t_mce = T("2025-06-24 19:07:31.884000")  # UTC
    L = []
    t = t0 + sec(100)
    it = 0
    while t < t_mce:
        it += 1
        if it % 5 == 0:
            L.append(f"0: {pylog(t + off)} INFO [trainer] step={it} loss={loss_curve(c.rng, it, 3.0, 2.4, 0.03):.4f} step_time={1.84 + c.rng.uniform(-.02, .02):.3f}s tok/s/gpu={int(8900 + c.rng.uniform(-40, 40))}")
        t += sec(1.84)
    for ni, h in enumerate(hosts):
        if h == bad_host:
            continue
        for lr in (0, 4):
            r = ni * 8 + lr
            tt = t_mce + sec(19.5 + ni * 0.2 + lr * 0.02)
            L.append(f"{r}: {h}:{7300 + lr}:{7380 + lr} [{lr}] transport/net_ib.cc:2244 NCCL WARN NET/IB: Got completion from peer {ips[bad_host]}<{40011 + r}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips[bad_host]} hca mlx5_{lr}")
            for x in watchdog_exception(r, tt + off + sec(0.4), 52117, REMOTE.format(v="2.21.5"))[:1]:
                L.append(f"{r}: {x}")
    L.append(f"srun: error: Node failure on {bad_host}")
    L.append(f"slurmstepd: error: *** STEP 2281904.0 ON hpc-g0412 CANCELLED AT {t_mce + off + sec(301):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***")
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    c.write("hpc-login2/slurm-2281904.out", L)
    c.write("hpc-login2/slurmctld.log.excerpt", [
        f"[{t_mce + off + sec(121):%Y-%m-%dT%H:%M:%S}.512] error: Nodes {bad_host} not responding",
        f"[{t_mce + off + sec(300):%Y-%m-%dT%H:%M:%S}.002] error: Nodes {bad_host} not responding, setting DOWN",
        f"[{t_mce + off + sec(300):%Y-%m-%dT%H:%M:%S}.019] Killing JobId=2281904 on failed node {bad_host}",
        f"[{t_mce + off + sec(300):%Y-%m-%dT%H:%M:%S}.020] _job_complete: JobId=2281904 WEXITSTATUS 0",
        f"[{t_mce + off + sec(300):%Y-%m-%dT%H:%M:%S}.020] _job_complete: JobId=2281904 done",
        f"[{t_mce + off + sec(412):%Y-%m-%dT%H:%M:%S}.740] Node {bad_host} now responding",
        f"[{t_mce + off + sec(412):%Y-%m-%dT%H:%M:%S}.741] node {bad_host} returned to service after unexpected reboot (boot_time {t_mce + off + sec(226):%Y-%m-%dT%H:%M:%S})"])
    c.write("hpc-login2/sacct.txt", sacct(2281904, "pt-13b", "hpc-g04[12-17]", "NODE_FAIL", "02:07:33", "0:0", t0 + off, t_mce + off + sec(300)))
    c.write("hpc-login2/timedatectl.txt", ["               Local time: Tue 2025-06-24 22:40:11 CEST", "           Universal time: Tue 2025-06-24 20:40:11 UTC",
                                           "                Time zone: Europe/Berlin (CEST, +0200)", "System clock synchronized: yes"])
    for ni, h in enumerate(hosts):
        boot = T("2025-06-10 06:30:00") + sec(ni * 45)
        if h == bad_host:
            ev = [(t_mce - sec(3600 * 5), "EDAC MC2: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x7a91c0 offset:0x740 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:1 bg:2 ba:0 row:0x1f4a col:0x3c0)"),
                  (t_mce - sec(3600 * 2), "EDAC MC2: 17 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x7a91c1 offset:0x100 grain:32 syndrome:0x0 - OVERFLOW err_code:0x0000:0x009f socket:1 imc:0 rank:1)"),
                  (t_mce - sec(0.002), "mce: [Hardware Error]: CPU 71: Machine Check Exception: 5 Bank 13: be00000000800090"),
                  (t_mce - sec(0.002), "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffc0f1a2b3> {nv_dma_map_sg+0x33/0x90 [nvidia]}"),
                  (t_mce - sec(0.001), "mce: [Hardware Error]: TSC 3f1c2e00a91b ADDR 7a91c1740 MISC 200000c020801086 "),
                  (t_mce - sec(0.001), "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1750792051 SOCKET 1 APIC 8e microcode 2b000620"),
                  (t_mce, "EDAC MC2: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x7a91c1 offset:0x740 grain:32 - err_code:0x0000:0x009f socket:1 imc:0 rank:1 bg:2 ba:0 row:0x1f4a col:0x3c0)"),
                  (t_mce, "mce: [Hardware Error]: Machine check: Processor context corrupt"),
                  (t_mce + sec(0.001), "Kernel panic - not syncing: Fatal machine check")]
            write_kernel(c, f"{h}/journalctl_-k_-b-1_--utc.txt", h, boot, gpu, drv, t0, t_mce, "iso", ev,
                         header=[f"-- Logs begin at Tue 2025-06-10 06:30:00 UTC, end at Tue 2025-06-24 20:44:02 UTC. --"])
            boot2 = t_mce + sec(226)
            write_kernel(c, f"{h}/journalctl_-k_-b0_--utc.txt", h, boot2, gpu, drv, boot2, boot2 + sec(1800), "iso",
                         [(boot2 + sec(41), "mce: [Hardware Error]: Machine check events logged"),
                          (boot2 + sec(41), "EDAC MC2: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x7a91c1 offset:0x700 grain:32)")])
            c.write(f"{h}/ipmitool_sel_list.txt", [
                f"  a1 | {t_mce:%m/%d/%Y | %H:%M:%S} | Memory #0x87 | Uncorrectable ECC | Asserted | CPU1_DIMM_B1",
                f"  a2 | {t_mce:%m/%d/%Y | %H:%M:%S} | Processor #0x02 | IERR | Asserted",
                f"  a3 | {t_mce + sec(226):%m/%d/%Y | %H:%M:%S} | System Event #0x20 | OEM System boot event | Asserted"])
        else:
            ev = []
            if h == "hpc-g0413":
                ev = [(t_mce + sec(19.4), "mlx5_core 0000:18:00.0: mlx5_fw_tracer_handle_traces:740:(pid 0): FW tracer: trace buffer was overwritten")]
            write_kernel(c, f"{h}/dmesg.txt", h, boot, gpu, drv, t0, t_mce + sec(900), "up", ev)
            c.write(f"{h}/nvidia-smi.txt", nvidia_smi(t_mce + sec(1500), gpu, drv))
    c.write("hpc-login2/sinfo_R.txt", ["REASON               USER      TIMESTAMP           NODELIST",
                                       f"Node unexpectedly re slurm     {t_mce + off + sec(412):%Y-%m-%dT%H:%M:%S} {bad_host}"])
    c.label("host", "infrastructure", bad_host, None, "restart_without_node",
            "hpc-g0415's previous-boot kernel log ends at 19:07:31 UTC with an uncorrectable DIMM error (EDAC UE, MCE 'Processor context corrupt') and 'Kernel panic - not syncing: Fatal machine check', after hours of growing corrected errors on the same DIMM, and the BMC SEL agrees. The NCCL errors naming its IP come 20 s later (21:07:51 CEST in the app log), and the node rebooted unexpectedly.",
            "https://github.com/ovro-lwa/lwa-issues/issues/117")
    return c


# ======================================================================== ac13
def ac13(out):
    c = Case(out, "ac13_cuda_out_of_memory_at_model_init_only_on_some_ranks", 3213)
    hosts = ["gpu-f017", "gpu-f018", "gpu-f033", "gpu-f034"]
    gpu, drv = "H100", "570.86.15"
    bad_host = "gpu-f033"
    bad_ni = hosts.index(bad_host)
    t0 = T("2025-04-14 10:20:00")
    t_oom = T("2025-04-14 10:21:47")
    L = [f"{pylog(t0 + sec(30))} | INFO | rank0 | world_size=32 fsdp=full_shard mixed_precision=bf16 model=llama-3.1-8b micro_bs=4 seq=8192",
         f"{pylog(t0 + sec(31))} | INFO | rank0 | torch 2.6.0+cu126, NCCL (2, 21, 5), CUDA 12.6",
         f"{pylog(t0 + sec(95))} | INFO | rank0 | model built on meta device; materialising shards"]
    c.write(f"{hosts[0]}/train_rank0.log", L + [f"{pylog(t_oom + sec(1))} | INFO | rank0 | waiting at barrier before optimizer init"] +
            watchdog_timeout(0, t_oom + sec(600), 41, op="ALLGATHER", numel=1, last_enq=41, last_done=40)[:2])
    for ni, h in enumerate(hosts):
        con = torchrun_banner(t0 + sec(ni * 0.2), nnodes=4, endpoint="gpu-f017:29500")
        if h == bad_host:
            for lr in range(8):
                r = ni * 8 + lr
                con += py_traceback(r, [("/home/ops/llm/train.py", 188, "<module>", "model = build_fsdp_model(cfg)"),
                                        ("/home/ops/llm/fsdp_utils.py", 73, "build_fsdp_model", "model.to_empty(device=\"cuda\")"),
                                        ("/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", 1229, "to_empty", "return self._apply(")],
                                    f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU {lr} has a total capacity of 79.19 GiB of which 1.02 GiB is free. Process {2281700 + lr} has 61.33 GiB memory in use. Including non-PyTorch memory, this process has 16.81 GiB memory in use. Of the allocated memory 15.92 GiB is allocated by PyTorch, and 112.00 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
            con += elastic_failure(t_oom + sec(2), "train.py", h, [(r, r % 8, 1, 9100 + r % 8, "Traceback (most recent call last): ... torch.OutOfMemoryError: CUDA out of memory.") for r in range(ni * 8 + 1, ni * 8 + 3)],
                                   [(ni * 8, 0, 1, 9100, "Traceback (most recent call last): ... torch.OutOfMemoryError: CUDA out of memory.")])
        else:
            con += [x for r in (ni * 8, ni * 8 + 5) for x in watchdog_timeout(r, t_oom + sec(600 + ni * 0.1), 41, op="ALLGATHER", numel=1, last_enq=41, last_done=40)]
            con += elastic_failure(t_oom + sec(602), "train.py", h, [], [(ni * 8 + 3, 3, -6, 9103, "Signal 6 (SIGABRT) received by PID 9103")], sigterm=[(9100 + k, k) for k in range(8) if k != 3])
        c.write(f"{h}/torchrun_{h}.log", con)
        boot = T("2025-04-01 07:00:00") + sec(ni * 120)
        ev = []
        if h == bad_host:
            ev = [(T("2025-04-12 23:58:02"), "INFO: task python:2281700 blocked for more than 122 seconds."),
                  (T("2025-04-12 23:58:02"), "      Tainted: P           OE     5.15.0-131-generic #141-Ubuntu"),
                  (T("2025-04-12 23:58:02"), "task:python          state:D stack:0     pid:2281700 ppid:2281655 flags:0x00004006"),
                  (T("2025-04-12 23:58:02"), "Call Trace:"), (T("2025-04-12 23:58:02"), " <TASK>"),
                  (T("2025-04-12 23:58:02"), " __schedule+0x2cd/0x890"), (T("2025-04-12 23:58:02"), " schedule+0x69/0x110"),
                  (T("2025-04-12 23:58:02"), " os_acquire_mutex+0x2f/0x50 [nvidia]"), (T("2025-04-12 23:58:02"), " _nv042329rm+0x10/0x20 [nvidia]"),
                  (T("2025-04-12 23:58:02"), " </TASK>")]
        write_kernel(c, f"{h}/dmesg.txt", h, boot, gpu, drv, t0 - sec(86400 * 2), t_oom + sec(700), "up", ev)
        if h == bad_host:
            c.write(f"{h}/nvidia-smi.txt", nvidia_smi(t_oom + sec(30), gpu, drv, mem={g: 62800 + (g * 13) % 40 for g in range(8)}, util={g: 0 for g in range(8)},
                                                        procs=[(g, 2281700 + g, "python", 62804) for g in range(8)]))
            c.write(f"{h}/ps_aux.txt", ps_listing(c.rng, [("kchen", 2281655, "Zs", 0.0, 0.0, "1-10:21:44", "[slurm_script] <defunct>")] +
                                                  [("kchen", 2281700 + g, "D", 0.0, 38.2, "1-10:21:40", "python finetune_lora.py --cfg cfgs/qwen_32b.yaml") for g in range(8)]))
            c.write(f"{h}/slurmd.log.excerpt", [
                "[2025-04-12T23:55:51.003] [880122.0] error: *** STEP 880122.0 ON gpu-f033 CANCELLED AT 2025-04-12T23:55:51 DUE TO TIME LIMIT ***",
                "[2025-04-12T23:57:52.101] [880122.0] error: *** STEP 880122.0 STEPD TERMINATED ON gpu-f033 AT 2025-04-12T23:57:52 DUE TO JOB NOT ENDING WITH SIGNALS ***",
                "[2025-04-12T23:57:52.114] error: Kill task failed for 880122 on gpu-f033 - processes still in D state",
                "[2025-04-14T09:02:12.551] admin: scontrol update nodename=gpu-f033 state=resume (reason was: Kill task failed)"])
        else:
            c.write(f"{h}/nvidia-smi.txt", nvidia_smi(t_oom + sec(30), gpu, drv, mem={g: 17211 for g in range(8)}, util={g: 0 for g in range(8)},
                                                        procs=[(g, 9100 + g, "/usr/bin/python3", 17202) for g in range(8)]))
    c.label("host", "infrastructure", bad_host, None, "restart_without_node",
            "Only the 8 ranks on gpu-f033 hit CUDA OOM while materialising the model: every GPU there already had about 61 GiB held by PIDs 2281700-07, which are another user's job 880122 from two days earlier, stuck in D state after 'Kill task failed'. An admin resumed the node without cleaning it. The ranks on the other nodes used about 17 GiB each and only timed out waiting for them.",
            "https://github.com/ai4d-iasc/trixie/issues/92")
    return c


# ======================================================================== ac14
def ac14(out):
    c = Case(out, "ac14_training_stuck_for_half_an_hour_then_collective_timeout", 3214)
    hosts = ["sxm-n101", "sxm-n102", "sxm-n117", "sxm-n118"]
    gpu, drv = "H100", "570.133.20"
    t0 = T("2025-11-06 18:00:00")
    t_last = T("2025-11-06 21:44:09")
    seq = 290341
    t_wd = t_last + sec(1800.7)
    L = []
    t = t0 + sec(200)
    it = 0
    while t < t_last:
        it += 1
        if it % 8 == 0:
            L.append(megatron_iter(t, it + 30000, 200000, 2048, loss_curve(c.rng, it + 30000, 2.3, 1.95, 0.02), 3380 + c.rng.uniform(-25, 25), 2.0e-4, gn=c.rng.uniform(0.15, 0.24), tflops=c.rng.uniform(395, 401)))
        t += sec(3.38)
    c.write(f"{hosts[0]}/rank0_stdout.log", L)
    for ni, h in enumerate(hosts):
        R = []
        for lr in range(8):
            r = ni * 8 + lr
            R += watchdog_timeout(r, t_wd + sec(ni * 0.004 + lr * 0.0007), seq, op="ALLREDUCE", numel=402653184, timeout_ms=1800000, last_enq=seq, last_done=seq - 1)
        c.write(f"{h}/stderr_node{ni}.log", R)
        boot = T("2025-10-30 12:00:00") + sec(ni * 50)
        write_kernel(c, f"{h}/dmesg.txt", h, boot, gpu, drv, t0, t_wd + sec(400), "up", [])
        c.write(f"{h}/dcgmi_health.txt", dcgmi_health("Healthy"))
        c.write(f"{h}/dcgmi_diag_r1.txt", dcgmi_diag(1, drv, gpu, "3.3.9"))
        c.write(f"{h}/nvidia-smi.txt", nvidia_smi(t_wd + sec(120), gpu, drv))
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /lustre/dumps/job_9917 -p nccl_trace_rank_",
          "loaded 32 of 32 rank dumps (version 2.4)",
          "building collective groups: pg 0 (default_pg, 32 ranks), pg 1 (dp, 4 x 8 ranks), pg 2 (tp, 8 x 4 ranks)",
          "", "Last matched collective per process group:",
          f"  pg 0: record_id 51120 collective_seq_id {seq - 1} allreduce    state=completed on 32/32 ranks",
          f"  pg 1: record_id 51119 collective_seq_id 1402211 reduce_scatter state=completed on 32/32 ranks",
          "", "In-flight at dump time:",
          f"  pg 0: collective_seq_id {seq} allreduce in=[[402653184]] out=[[402653184]] bf16",
          "        state: started on 32/32 ranks, completed on 0/32 ranks",
          "        input sizes / dtypes identical on all ranks",
          "", "Mismatch analysis: no collective mismatch, no missing rank, no size mismatch found.",
          "Not able to attribute the hang to any rank from the trace alone (all ranks entered the collective)."]
    c.write("sxm-login/fr_trace_analysis.txt", fr)
    c.write("sxm-login/sacct.txt", sacct(9917, "gpt-dense", "sxm-n[101-102,117-118]", "FAILED", "04:14:12", "6:0", t0, t_wd + sec(12)))
    c.label("hang", "framework", None, None, "restart",
            "All 32 ranks stopped at the same allreduce (seq 290341) and timed out together after 30 minutes. The flight recorder shows every rank started it, none completed it, and the sizes match. There are no Xids or kernel errors, and DCGM health and diag are clean on every node, so nothing points at a rank or a node.",
            "https://github.com/marin-community/marin/issues/7344")
    return c


# ======================================================================== ac15
def ac15(out):
    c = Case(out, "ac15_job_hung_one_gpu_still_busy_others_idle", 3215)
    hosts = [f"gpu-k0{n}" for n in range(1, 9)]
    gpu, drv = "H100", "570.133.20"
    bad_host, bad_local = "gpu-k06", 3
    bad_ni = hosts.index(bad_host)
    bad_rank = bad_ni * 8 + bad_local
    t0 = T("2025-12-09 02:00:00")
    t_stall = T("2025-12-09 06:12:40")
    seq = 120447
    t_wd = t_stall + sec(1200.5)
    L = []
    t = t0 + sec(150)
    step = 20000
    while t < t_stall:
        step += 1
        if step % 6 == 0:
            L.append(titan_step(t, 0, step, loss_curve(c.rng, step, 2.2, 1.85, 0.02), c.rng.uniform(0.2, 0.28), 63.0, 79.4, int(6100 + c.rng.uniform(-20, 20)), 430.0, 43.5))
        t += sec(2.75)
    c.write(f"{hosts[0]}/logs/rank0.log", L)
    for ni, h in enumerate(hosts):
        R = []
        for lr in (0, 3, 7):
            r = ni * 8 + lr
            if r == bad_rank:
                continue
            R += watchdog_timeout(r, t_wd + sec(ni * 0.01), seq, op="REDUCE_SCATTER", numel=50331648, timeout_ms=1200000, last_enq=seq, last_done=seq - 1)
        c.write(f"{h}/logs/node{ni}_stderr.log", R)
        boot = T("2025-12-01 10:00:00") + sec(ni * 61)
        ev = []
        if h == "gpu-k02":
            ev = [(T("2025-12-05 14:11:02"), f"NVRM: Xid ({xid_pci(BUS[gpu][5])}): 31, pid=118820, name=python3, Ch 0000000a, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC3 GPCCLIENT_T1_0 faulted @ 0x7f33_c0000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ")]
        write_kernel(c, f"{h}/dmesg.txt", h, boot, gpu, drv, t0, t_wd + sec(200), "T", ev)
        c.write(f"{h}/dcgmi_health.txt", dcgmi_health("Healthy"))
        if h == bad_host:
            c.write(f"{h}/nvidia-smi_during_hang.txt", nvidia_smi(t_stall + sec(900), gpu, drv, util={g: (100 if g == bad_local else 0) for g in range(8)},
                                                                  power={g: (412 if g == bad_local else 118) for g in range(8)},
                                                                  mem={g: 70211 for g in range(8)}, procs=[(g, 40100 + g, "python3", 70202) for g in range(8)]))
            c.write(f"{h}/py-spy_dump_rank{bad_rank}.txt", [
                f"Process 40103: /usr/bin/python3 -u -m torchtitan.train --job.config_file llama3_8b.toml",
                "Python v3.12.3 (/usr/bin/python3.12)", "",
                "Thread 40103 (active): \"MainThread\"",
                "    _local_scalar_dense (torch/_ops.py:1123)",
                "    item (torch/_tensor.py:?)",
                "    _maybe_log_grad_norm (torchtitan/train.py:402)",
                "    train_step (torchtitan/train.py:471)",
                "    train (torchtitan/train.py:533)",
                "    <module> (torchtitan/train.py:611)",
                "Thread 40388 (idle): \"pt_nccl_watchdg\"", "Thread 40390 (idle): \"pt_nccl_heartbt\"",
                "Thread 40411 (idle): \"Thread-3 (_pin_memory_loop)\"", "    select (selectors.py:415)",
                "", "# native: cudaStreamSynchronize -> libcuda.so.1 (spinning); GPU 3 SM activity 100%, no progress"])
            c.write(f"{h}/ps_state.txt", ["  PID STAT WCHAN                          %CPU COMMAND"] +
                    [f"{40100 + g} {'Rl' if g == bad_local else 'Sl'}   {'-' if g == bad_local else 'futex_wait_queue':<30} {99.8 if g == bad_local else 2.1:>5} python3 -u -m torchtitan.train" for g in range(8)])
        else:
            c.write(f"{h}/nvidia-smi_during_hang.txt", nvidia_smi(t_stall + sec(900), gpu, drv, util={g: 0 for g in range(8)}, power={g: 119 for g in range(8)},
                                                                  mem={g: 70211 for g in range(8)}, procs=[(g, 40100 + g, "python3", 70202) for g in range(8)]))
    c.write("gpu-login/fr_trace_analysis.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /scratch/fr/job_55120 -p nccl_trace_rank_ --allow-incomplete-ranks",
        "loaded 63 of 64 rank dumps; missing dump(s) for rank(s): [43]",
        "", f"Collective {seq} (pg 1 'dp_shard', reduce_scatter, 64 ranks) error:",
        f"  found on ranks: 0-42, 44-63   state=started",
        f"  missing ranks: {{{bad_rank}}}",
        f"  rank {bad_rank}: last entries reconstructed from rank 44 peer view: seq {seq - 1} completed, no entry for seq {seq}",
        "  input sizes identical on all found ranks ([[50331648]] bf16)",
        "", "Collective mismatch: none. Probable cause: rank 43 never issued the collective."])
    c.label("hang", "infrastructure", bad_host, bad_rank, "run_diagnostics",
            "The flight recorder shows rank 43 as the only rank missing from reduce_scatter seq 120447, and it never even wrote a dump. py-spy shows it blocked in cudaStreamSynchronize on .item() while GPU3 on gpu-k06 sits at 100% utilisation and every other GPU is idle. There are no Xids or DCGM findings on that node (the Xid 31 on gpu-k02 is from an earlier job), so the node should be tested before it is reused.",
            "https://github.com/pytorch/tutorials/pull/3814")
    return c


# ======================================================================== ac16
def ac16(out):
    c = Case(out, "ac16_training_hangs_at_the_end_of_epoch_zero_every_time", 3216)
    gpu, drv = "H100", "550.127.08"
    attempts = [(["hgx-n3", "hgx-n4"], T("2025-03-03 08:00:00")), (["hgx-n7", "hgx-n9"], T("2025-03-03 13:05:00"))]
    for ai, (hosts, t0) in enumerate(attempts):
        t_end = t0 + sec(240 + 3120 * 1.35)
        L = [f"Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/16", "----------------------------------------------------------------------------------------------------",
             "distributed_backend=nccl", "All distributed processes registered. Starting with 16 processes",
             "----------------------------------------------------------------------------------------------------"]
        if ai == 1:
            L.insert(0, "TORCH_DISTRIBUTED_DEBUG=DETAIL (set for this attempt)")
        step = 0
        t = t0 + sec(240)
        while step < 3120:
            step += 1
            if step % 10 == 0:
                L.append(f"Epoch 0: {int(100 * step / 3120):>3}%|{'#' * (step * 10 // 3120):<10}| {step}/3120 [{hms((t - t0).total_seconds() - 240)}<{hms((3120 - step) * 1.35)}, 0.74it/s, v_num={11 + ai}, train/loss_step={loss_curve(c.rng, step, 1.9, 1.3, 0.05):.3f}]")
            t += sec(1.35)
        L.append(f"Epoch 0: 100%|##########| 3120/3120 [{hms(3120 * 1.35)}<00:00, 0.74it/s, v_num={11 + ai}, train/loss_step=1.311]")
        if ai == 0:
            for r in (0, 3):
                L += watchdog_timeout(r, t_end + sec(1800.2), 48121, op="ALLREDUCE", numel=6, timeout_ms=1800000, last_enq=48121, last_done=48120)
        else:
            L += py_traceback(0, [("/workspace/vlm/train.py", 142, "<module>", "trainer.fit(model, datamodule=dm)"),
                                  ("/opt/conda/lib/python3.11/site-packages/lightning/pytorch/loops/fit_loop.py", 479, "on_advance_end", "call._call_lightning_module_hook(trainer, \"on_train_epoch_end\")"),
                                  ("/workspace/vlm/model.py", 318, "on_train_epoch_end", "self.log_dict(per_source_metrics, sync_dist=True)"),
                                  ("/opt/conda/lib/python3.11/site-packages/lightning/fabric/utilities/distributed.py", 220, "_sync_ddp", "torch.distributed.all_reduce(result, op=op, group=group, async_op=False)")],
                              "RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running collective: CollectiveFingerPrint(SequenceNumber=48121, OpType=ALLREDUCE, TensorShape=[6], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))), but Rank 11 is running collective: CollectiveFingerPrint(SequenceNumber=48121, OpType=ALLREDUCE, TensorShape=[5], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))).Collectives differ in the following aspects: \tTensor Tensor shapes: 6vs 5")
        c.write(f"attempt_{ai}/{hosts[0]}/lightning_rank0.log", L)
        R = []
        for r in range(8, 16):
            if ai == 0:
                R += watchdog_timeout(r, t_end + sec(1800.3 + r * 0.01), 48121, op="ALLREDUCE", numel=6 if r != 11 else 5, timeout_ms=1800000, last_enq=48121, last_done=48120)[:1]
            else:
                R.append(f"[rank{r}]: RuntimeError: Detected mismatch between collectives on ranks. Rank {r} is running collective: CollectiveFingerPrint(SequenceNumber=48121, OpType=ALLREDUCE, TensorShape=[{5 if r == 11 else 6}], TensorDtypes=Float, ...), but Rank {0 if r == 11 else 11} is running collective: CollectiveFingerPrint(SequenceNumber=48121, OpType=ALLREDUCE, TensorShape=[{6 if r == 11 else 5}], ...).")
        R.insert(0, "metrics keys on this rank: ['loss/web', 'loss/books', 'loss/code', 'loss/math', 'loss/arxiv'" + "]  (rank 11: source 'dialog' absent from its shard list)")
        c.write(f"attempt_{ai}/{hosts[1]}/lightning_node1.log", R)
        for ni, h in enumerate(hosts):
            write_kernel(c, f"attempt_{ai}/{h}/dmesg.txt", h, T("2025-02-27 07:00:00") + sec(ni * 99 + ai * 3000), gpu, drv, t0, t_end + sec(1900), "T", [])
    c.write("attempt_1/hgx-n7/model_py_excerpt.txt", [
        "# model.py (user code, excerpt as attached to the ticket)",
        "def on_train_epoch_end(self):",
        "    per_source_metrics = {f'loss/{k}': v.compute() for k, v in self.src_loss.items() if v.update_count > 0}",
        "    self.log_dict(per_source_metrics, sync_dist=True)"])
    c.label("user_code", "script", None, None, "stop",
            "Both attempts, on different node pairs, hang at the same place: the end of epoch 0, step 3120, collective seq 48121. With DETAIL debugging the framework names it: rank 11 all-reduces a 5-element metrics dict while the others all-reduce 6, because the user's on_train_epoch_end only logs sources that rank has seen. It is a deterministic program bug.",
            "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    return c


# ======================================================================== ac17
def ac17(out):
    c = Case(out, "ac17_out_of_memory_on_first_step_after_config_change", 3217)
    hosts = ["gke-h100-np1-8a2c", "gke-h100-np1-b71f", "gke-h100-np1-d09e", "gke-h100-np1-f4k3"]
    gpu, drv = "H100", "570.172.08"
    t_prev = T("2025-08-18 09:00:00")
    t0 = T("2025-08-19 14:30:00")
    P = [f"[rank0]:[titan] {pylog(t_prev)} - root - INFO - Training starts at step 1, seq_len=8192, local_batch_size=2",]
    for s in range(1, 301):
        if s % 2 == 0 or s < 10:
            P.append(titan_step(t_prev + sec(20 + s * 2.1), 0, s, loss_curve(c.rng, s * 30, 11.5, 4.0, 0.05), c.rng.uniform(0.8, 2.0), 58.71, 74.12, 7800 + c.rng.randint(-30, 30), 402.0, 40.6))
    c.write(f"{hosts[0]}/previous_run_2025-08-18_rank0.log", P)
    c.write(f"{hosts[0]}/config_diff.txt", ["--- llama3_8b.toml (2025-08-18, run r41)", "+++ llama3_8b.toml (2025-08-19, run r42)",
                                            "@@ [training] @@", "-seq_len = 8192", "+seq_len = 32768", " local_batch_size = 2",
                                            "@@ [activation_checkpoint] @@", "-mode = \"selective\"", "+mode = \"none\""])
    for ni, h in enumerate(hosts):
        R = [f"[rank{ni * 8}]:[titan] {pylog(t0 + sec(5))} - root - INFO - Starting job: Llama 3 8B 32k context",
             f"[rank{ni * 8}]:[titan] {pylog(t0 + sec(50))} - root - INFO - CUDA memory usage for model: 3.76GiB(4.75%)",
             f"[rank{ni * 8}]:[titan] {pylog(t0 + sec(52))} - root - INFO - Training starts at step 1, seq_len=32768, local_batch_size=2"]
        for lr in range(8):
            r = ni * 8 + lr
            R += py_traceback(r, [("/opt/torchtitan/torchtitan/train.py", 611, "<module>", "trainer.train()"),
                                  ("/opt/torchtitan/torchtitan/train.py", 471, "train_step", "loss = self.forward_backward_step(input_dict, labels)"),
                                  ("/opt/torchtitan/torchtitan/models/llama3/model/model.py", 225, "forward", "scores = torch.matmul(xq, xk.transpose(2, 3))")],
                              f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 GiB. GPU {lr} has a total capacity of 79.19 GiB of which 9.41 GiB is free. Including non-PyTorch memory, this process has 69.76 GiB memory in use. Of the allocated memory 66.02 GiB is allocated by PyTorch, and 2.18 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
            if lr > 1:
                R = R[:-6] + R[-1:]
        c.write(f"{h}/kubectl-logs-llama-r42-worker-{ni}.txt", R)
        write_kernel(c, f"{h}/node-dmesg.txt", h, T("2025-08-10 00:00:00") + sec(ni * 17), gpu, drv, t0, t0 + sec(400), "T", [], fs="nfs", kver="6.6.87+")
    c.write("mlops-ws07/pytorchjob-describe.txt", ["Name:         llama-r42", "Kind:         PyTorchJob", "Status:",
                                                "  Conditions:", "    Type:     Failed", "    Reason:   PyTorchJobFailed",
                                                "    Message:  PyTorchJob llama-r42 is failed because 4 Worker replica(s) failed.",
                                                "  Replica Statuses:", "    Worker:", "      Failed:  4"])
    c.label("oom", "framework", None, None, "stop",
            "Every rank on all four pods hit CUDA OOM in attention on step 1, and each process itself holds about 70 GiB (no foreign processes). The config diff raised seq_len from 8192 to 32768 and turned activation checkpointing off, while yesterday's run used 74% of memory. The job's own configuration is the cause, so it will fail the same way again.",
            "https://github.com/simplescaling/s1/issues/106")
    return c


# ======================================================================== ac18
def ac18(out):
    c = Case(out, "ac18_dataloader_worker_killed_by_signal_during_first_epoch", 3218)
    hosts = ["node-c3-11", "node-c3-12"]
    gpu, drv = "H100", "550.163.01"
    t0 = T("2025-05-06 11:00:00")
    t_k = [T("2025-05-06 11:52:07.311000"), T("2025-05-06 11:52:19.904000")]
    L = []
    t = t0 + sec(60)
    step = 0
    rss = 18.0
    while t < t_k[0]:
        step += 1
        if step % 25 == 0:
            rss += 3.1
            L.append(f"{pylog(t)} [INFO] step {step} | loss {loss_curve(c.rng, step * 5, 4.2, 2.9, 0.05):.4f} | {0.61 + c.rng.uniform(-.01, .01):.2f}s/it | host_rss_rank0 {rss:.1f} GiB | loader_workers 16")
        t += sec(0.61)
    for ni, h in enumerate(hosts):
        R = list(L) if ni == 0 else []
        for lr in (2, 5):
            r = ni * 8 + lr
            R += py_traceback(r, [("/home/u/vision/train.py", 233, "<module>", "main()"),
                                  ("/home/u/vision/train.py", 190, "main", "for i, batch in enumerate(loader):"),
                                  ("/opt/venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py", 1448, "_next_data", "idx, data = self._get_data()"),
                                  ("/opt/venv/lib/python3.11/site-packages/torch/utils/data/_utils/signal_handling.py", 73, "handler", "_error_if_any_worker_fails()")],
                              f"RuntimeError: DataLoader worker (pid {118800 + r * 17}) is killed by signal: Killed. ")
        c.write(f"{h}/train_{h}.log", R)
        boot = T("2025-04-28 06:00:00") + sec(ni * 300)
        ev = []
        for k in range(7 if ni == 0 else 6):
            tk = t_k[ni] + sec(k * 0.9)
            pid = 118800 + (ni * 8 + k) * 17
            ev += [(tk - sec(0.001), f"pt_data_worker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0"),
                   (tk, f"memory: usage 1572864000kB, limit 1572864000kB, failcnt {2211 + k}"),
                   (tk, f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_20411/job_661204,task_memcg=/slurm/uid_20411/job_661204/step_0/user/task_{k},task=pt_data_worker,pid={pid},uid=20411"),
                   (tk + sec(0.001), f"Memory cgroup out of memory: Killed process {pid} (pt_data_worker) total-vm:61239812kB, anon-rss:22413004kB, file-rss:81920kB, shmem-rss:1024kB, UID:20411 pgtables:44120kB oom_score_adj:0")]
        write_kernel(c, f"{h}/dmesg.txt", h, boot, gpu, drv, t0, t_k[ni] + sec(300), "up", ev)
        c.write(f"{h}/slurmstepd.err", [f"slurmstepd: error: Detected {7 if ni == 0 else 6} oom_kill events in StepId=661204.0. Some of the step tasks have been OOM Killed."])
        c.write(f"{h}/free-g.txt", ["               total        used        free      shared  buff/cache   available", "Mem:            2015        1498          12           3         505         502", "Swap:              0           0           0"])
    c.write("node-c3-11/job.sh", ["#!/bin/bash", "#SBATCH -N 2 --ntasks-per-node=8 --gpus-per-node=8 --mem=1500G", "srun python train.py --num-workers 16 --prefetch-factor 8 --cache-index-in-memory"])
    c.label("oom", "framework", None, None, "stop",
            "Both nodes' kernels OOM-killed the job's own pt_data_worker processes within seconds of each other, and the job's Slurm cgroup was at its 1500G limit. Rank 0's host RSS had been climbing steadily, with 16 workers per rank, prefetch 8 and the index cached in memory. The job's own memory configuration is the cause, not one node.",
            "https://github.com/pytorch/pytorch/issues/8976")
    return c


# ======================================================================== ac19
def ac19(out):
    c = Case(out, "ac19_loss_exploded_after_warmup_then_run_exited", 3219)
    hosts = [f"dgx{n:03d}" for n in (21, 22, 23, 24, 31, 32, 33, 34)]
    gpu, drv = "H100", "560.35.03"
    t0 = T("2025-02-11 20:00:00")
    L = ["------------------------ arguments ------------------------", "  fp16 ............................................ True",
         "  lr .............................................. 0.0012", "  lr_warmup_iters ................................. 100",
         "  min_lr .......................................... 1.2e-05", "  clip_grad ....................................... 0.0",
         "  initial_loss_scale .............................. 65536", "  min_loss_scale .................................. 1.0",
         "-------------------- end of arguments ---------------------"]
    t = t0 + sec(120)
    scale = 65536.0
    skipped = 0
    for it in range(1, 461):
        ms = 1650 + c.rng.uniform(-20, 20)
        lr = 0.0012 * min(1.0, it / 100)
        if it < 380:
            loss = loss_curve(c.rng, it * 20, 9.5, 4.5, 0.05) if it > 3 else 10.9
            gn = c.rng.uniform(1.0, 3.0)
            gns = f"{gn:.3f}"
        elif it < 410:
            loss = 4.6 + (it - 380) * 0.4 + c.rng.uniform(0, .3)
            gns = f"{c.rng.uniform(40, 900):.3f}"
        else:
            loss = "nan"
            gns = "nan"
            if scale > 1.0:
                scale /= 2
                skipped += 1
        if it >= 395 and it < 410 and it % 3 == 0:
            scale /= 2
            skipped += 1
        L.append(megatron_iter(t, it, 300000, 1024, loss if isinstance(loss, float) else "nan", ms, lr, scale=f"{scale:.1f}", gn=gns, skipped=1 if (it >= 395 and (it % 3 == 0 or it >= 410)) else 0, nan=1 if it >= 410 else 0))
        t += sec(ms / 1000)
        if scale <= 1.0 and it >= 410:
            break
    for r in (0, 7, 21, 40, 63):
        L += [f"[rank{r}]: Traceback (most recent call last):",
              f'[rank{r}]:   File "/workspace/Megatron-DeepSpeed/megatron/training.py", line 1144, in train_step',
              f"[rank{r}]:     model[0].step(lr_kwargs={{'increment': increment}})",
              f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/fp16/loss_scaler.py", line 183, in update_scale',
              f'[rank{r}]:     raise Exception(',
              f"[rank{r}]: Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."]
    c.write("dgx021/megatron_ds.log", L)
    for ni, h in enumerate(hosts):
        write_kernel(c, f"{h}/dmesg.txt", h, T("2025-02-04 09:00:00") + sec(ni * 20), gpu, drv, t0, t + sec(300), "up", [])
    c.write("dgx021/dcgmi_diag_r2_all_nodes.txt", [f"== {h} ==" for h in hosts[:1]] + dcgmi_diag(2, drv, gpu, "3.3.8") + ["(same result on the other 7 nodes)"])
    c.write("dgx021/previous_runs.txt", ["run  lr       warmup  fp16  result", "r07  3.0e-4   2000    yes   stable to 60k iters",
                                         "r08  1.2e-3   100     yes   this run: loss diverged at ~380, loss scale exhausted at ~420"])
    c.label("numerical", "script", None, None, "stop",
            "The loss climbed from iteration ~380, soon after a very short 100-iteration warmup to lr 1.2e-3 (4x the previous stable run, with 20x less warmup and no clipping). Then grad norms went to nan, the fp16 loss scale halved down to its 1.0 minimum, and DeepSpeed exited on every rank. DCGM passes everywhere, so the recipe is the cause.",
            "https://github.com/ymcui/Chinese-LLaMA-Alpaca/issues/534")
    return c


# ======================================================================== ac20
def ac20(out):
    c = Case(out, "ac20_nan_loss_comes_back_after_every_restart", 3220)
    gpu, drv = "H100", "570.133.20"
    pool = [f"gpu-m{n:02d}" for n in range(11, 30)]
    bad_host, bad_local = "gpu-m19", 6
    attempts = [
        (["gpu-m11", "gpu-m12", "gpu-m14", "gpu-m19", "gpu-m21", "gpu-m22", "gpu-m23", "gpu-m24"], T("2025-09-08 04:00:00"), 1180),
        (["gpu-m12", "gpu-m13", "gpu-m15", "gpu-m16", "gpu-m17", "gpu-m18", "gpu-m19", "gpu-m25"], T("2025-09-08 09:40:00"), 2207),
        (["gpu-m13", "gpu-m19", "gpu-m20", "gpu-m26", "gpu-m27", "gpu-m28", "gpu-m29", "gpu-m11"], T("2025-09-08 14:05:00"), 311),
    ]
    start_step = [0, 1000, 3000]
    for ai, (hosts, t0, nan_step_rel) in enumerate(attempts):
        ni_bad = hosts.index(bad_host)
        r_bad = ni_bad * 8 + bad_local
        L = [f"[rank0]:[titan] {pylog(t0 + sec(60))} - root - INFO - TORCH_NCCL_NAN_CHECK=1 (enabled after previous NaN incidents)" if ai else
             f"[rank0]:[titan] {pylog(t0 + sec(60))} - root - INFO - Training starts at step 1."]
        if ai:
            L.append(f"[rank0]:[titan] {pylog(t0 + sec(61))} - root - INFO - Loading the checkpoint at step {start_step[ai]}.")
        t = t0 + sec(120)
        s0 = start_step[ai]
        for s in range(s0 + 1, s0 + nan_step_rel + 1):
            if s % 5 == 0 or s == s0 + nan_step_rel:
                if ai == 0 and s == s0 + nan_step_rel:
                    L.append(f"[rank0]:[titan] {pylog(t)} - root - INFO - step: {s:>5}  loss:      nan  grad_norm:     nan  memory: 61.02GiB(77.05%)  tps: 6,212  tflops: 359.80  mfu: 36.38%")
                else:
                    L.append(titan_step(t, 0, s, loss_curve(c.rng, s, 3.0, 2.1, 0.03), c.rng.uniform(0.25, 0.4), 61.02, 77.05, 6200 + c.rng.randint(-25, 25), 359.8, 36.38))
            t += sec(2.64)
        t_nan = t
        if ai == 0:
            L.append(f"[rank0]:[titan] {pylog(t + sec(2.6))} - root - WARNING - step: {s0 + nan_step_rel + 1}  loss: nan (non-finite loss detected, aborting)")
            L += py_traceback(0, [("/opt/torchtitan/torchtitan/train.py", 488, "train_step", "raise RuntimeError(f\"Loss is NaN at step {self.step}\")")], f"RuntimeError: Loss is NaN at step {s0 + nan_step_rel + 1}")
        c.write(f"attempt_{ai}/{hosts[0]}/rank0.log", L)
        if ai:
            B = [f"{bad_host}: /pytorch/torch/csrc/distributed/c10d/NanCheck.cu:58: checkForNaN: block: [{k},0,0], thread: [64,0,0] Assertion `!isnan(val)` failed." for k in (12, 13, 40)]
            B += py_traceback(r_bad, [("/opt/torchtitan/torchtitan/train.py", 471, "train_step", "loss = self.forward_backward_step(input_dict, labels)"),
                                      ("/usr/local/lib/python3.12/dist-packages/torch/distributed/_composable/fsdp/_fsdp_collectives.py", 399, "foreach_reduce", "dist.reduce_scatter_tensor(")],
                              "RuntimeError: CUDA error: device-side assert triggered\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
            B.insert(0, f"[rank{r_bad}]:[titan] {pylog(t_nan)} - root - INFO - node={bad_host} local_rank={bad_local} global_rank={r_bad} step={s0 + nan_step_rel}")
            c.write(f"attempt_{ai}/{bad_host}/rank{r_bad}.err", B)
            for h in hosts[1:3]:
                if h == bad_host:
                    continue
                c.write(f"attempt_{ai}/{h}/node.err", [x for r in (hosts.index(h) * 8, hosts.index(h) * 8 + 2) for x in watchdog_exception(r, t_nan + sec(3), 88211 + ai, REMOTE.format(v="2.23.4"))[:1]])
        else:
            c.write(f"attempt_{ai}/{bad_host}/nan_trace.txt", [
                f"[rank{r_bad}] {pylog(t_nan - sec(2.6))} first non-finite grad: layers.17.feed_forward.w2.weight (local shard) at step {s0 + nan_step_rel}",
                f"[rank{r_bad}] host={bad_host} cuda_device=6 pci=0000:d1:00.0"])
        for h in hosts:
            if h in (bad_host, hosts[0], "gpu-m22", "gpu-m16", "gpu-m27"):
                write_kernel(c, f"attempt_{ai}/{h}/dmesg.txt", h, T("2025-08-30 10:00:00") + sec(pool.index(h) * 60), gpu, drv, t0, t_nan + sec(300), "T", [])
    c.write(f"{bad_host}/dcgmi_diag_r3_after_attempt2.txt", dcgmi_diag(3, drv, gpu, "3.3.9",
                                                            results={"Diagnostic": "Fail - GPU: 6", "Targeted Stress": "Fail - GPU: 6"},
                                                            warnings=[("Diagnostic", "GPU 6: Found 7 miscompares in the GEMM result"), ("Diagnostic", "buffer; data corruption suspected. Run field"),
                                                                      ("Diagnostic", "diagnostics and RMA if it reproduces."),
                                                                      ("Targeted Stress", "GPU 6: unexpected NaN/inf in stress kernel output")]))
    c.write("gpu-m12/dcgmi_diag_r3_after_attempt2.txt", dcgmi_diag(3, drv, gpu, "3.3.9"))
    c.write("gpu-mlogin1/nan_incidents_summary.txt", ["attempt  nodes                          nan at step  rank flagged  node/gpu",
                                 "0        gpu-m11,12,14,19,21,22,23,24   1180         30            gpu-m19 / cuda 6",
                                 "1        gpu-m12,13,15,16,17,18,19,25   3207         54            gpu-m19 / cuda 6",
                                 "2        gpu-m13,19,20,26,27,28,29,11   3311         14            gpu-m19 / cuda 6"])
    c.label("gpu_hardware", "infrastructure", bad_host, None, "restart_without_node",
            "Across three attempts with different node sets the NaN shows up at different steps (1180, 3207, 3311) and on different global ranks (30, 54, 14), but always on gpu-m19 GPU 6. The NaN check fires there, and dcgmi diag -r 3 on that GPU finds GEMM miscompares. The fault follows the GPU, not the recipe.",
            "https://github.com/pytorch/torchtitan/issues/951")
    return c


CASES = [ac11, ac12, ac13, ac14, ac15, ac16, ac17, ac18, ac19, ac20]
