"""Cases bz17-bz28: look-alikes, recurring hangs, storage/host behind a hang."""
from common import (Bundle, Clock, nccl_init, pyspy, faulthandler_dump, child_failed,
                    watchdog_block, BUS_IDS, PCI, write_json, rng)


def _ip(prefix, i):
    return "%s.%d" % (prefix, 31 + i)


# ---------------------------------------------------------------------------
# bz17: first step takes 23 minutes (torch.compile), then trains to completion
# ---------------------------------------------------------------------------
def bz17():
    b = Bundle("bz17_no_step_logged_for_22_minutes_after_start")
    c = Clock(2025, 3, 4, 7, 0, 0, 51023.0)
    nodes = ["h200-x%02d" % i for i in (1, 2, 3, 4)]
    r = rng(1717)
    step1 = 1391.6
    pfx = "[rank0]:[titan] "
    L = [pfx + "%s - root - INFO - Starting job: Llama 3 8B training" % c.iso_ms(12.1),
         pfx + "%s - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]" % c.iso_ms(14.0),
         pfx + "%s - root - INFO - Model llama3 8B size: 8,030,261,248 total parameters" % c.iso_ms(31.5),
         pfx + "%s - root - INFO - Applied selective activation checkpointing to the model" % c.iso_ms(31.7),
         pfx + "%s - root - INFO - Compiling each TransformerBlock with torch.compile" % c.iso_ms(31.9),
         pfx + "%s - root - INFO - Applied FSDP to the model" % c.iso_ms(32.4),
         pfx + "%s - root - INFO - CUDA memory usage for model: 3.77GiB(2.70%%)" % c.iso_ms(33.0),
         pfx + "%s - root - INFO - Checkpointing active. Checkpoints will be loaded from and saved to ./outputs/checkpoint" % c.iso_ms(33.1),
         pfx + "%s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 3000 (warmup 200)" % c.iso_ms(33.4),
         "[rank0]:W0304 07:00:41.220000 9121 torch/_inductor/utils.py:1137] [0/0] Not enough SMs to use max_autotune_gemm mode",
         "[rank0]:W0304 07:01:58.004000 9121 torch/_dynamo/convert_frame.py:906] [4/8] torch._dynamo hit config.cache_size_limit (8)",
         "[rank0]:W0304 07:01:58.004000 9121 torch/_dynamo/convert_frame.py:906] [4/8]    function: 'forward' (/workspace/torchtitan/torchtitan/models/llama/model.py:292)",
         "[rank0]:W0304 07:01:58.004000 9121 torch/_dynamo/convert_frame.py:906] [4/8]    last reason: 4/0: ___check_obj_id(L['self'], 140121488861200)",
         pfx + "%s - root - INFO - step:  1  loss: 12.2541  memory: 71.02GiB(50.82%%)  tps: 118  tflops: 5.61  mfu: 0.57%%" % c.iso_ms(step1),
         pfx + "%s - root - INFO - Synchronizing and adjusting timeout for all ProcessGroups to 0:10:00" % c.iso_ms(step1 + 0.2)]
    t = step1
    for s in list(range(10, 3001, 10)):
        t = step1 + s * 4.05
        L.append(pfx + "%s - root - INFO - step: %4d  loss: %7.4f  memory: 71.02GiB(50.82%%)  tps: 8,0%02d  tflops: 381.%02d  mfu: 38.%02d%%" % (
            c.iso_ms(t), s, max(1.9, 12.2 - 2.1 * (s ** 0.33)) + r.random() * 0.05, r.randint(10, 99), r.randint(10, 99), r.randint(10, 99)))
        if s % 1000 == 0:
            L.append(pfx + "%s - root - INFO - Saving a checkpoint at step %d." % (c.iso_ms(t + 0.4), s))
            L.append(pfx + "%s - root - INFO - [GC] Performing periodical GC collection. 0.11 seconds." % c.iso_ms(t + 41))
    L.append(pfx + "%s - root - INFO - Sleeping 2 seconds for other ranks to complete" % c.iso_ms(t + 45))
    L.append(pfx + "%s - root - INFO - Training completed" % c.iso_ms(t + 47))
    b.lines("h200-x01/train_rank0.log", L)
    for n in nodes:
        b.lines("%s/torchrun.log" % n, [
            "W0304 07:00:02.441000 9102 torch/distributed/run.py:793] ",
            "W0304 07:00:02.441000 9102 torch/distributed/run.py:793] *****************************************",
            "W0304 07:00:02.441000 9102 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
            "W0304 07:00:02.441000 9102 torch/distributed/run.py:793] *****************************************",
            "I0304 %s.118000 9102 torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish." % c.at(t + 50).strftime("%H:%M:%S"),
            "I0304 %s.130000 9102 torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish" % c.at(t + 50).strftime("%H:%M:%S"),
            "I0304 %s.902000 9102 torch/distributed/elastic/agent/server/api.py:946] Done waiting for other agents. Elapsed: 0.7741 seconds" % c.at(t + 51).strftime("%H:%M:%S")])
    b.lines("monitor_alerts.txt", [
        "%s WARN  job=771002 user=rsingh: no new stdout for 15m (threshold 15m)  last line: 'Training starts at step 1 ...'" % c.iso(33 + 900),
        "%s WARN  job=771002: GPU util 100%% on 32/32 GPUs, SM clock nominal, NCCL traffic ~0 B/s" % c.iso(33 + 905),
        "%s INFO  job=771002: on-call collected py-spy (see pyspy_h200-x01_t1.txt / _t2.txt)" % c.iso(33 + 1100),
        "%s RESOLVED job=771002: stdout active again (step 1 logged)" % c.iso(step1 + 20)])
    for k, sec in ((1, 33 + 1080), (2, 33 + 1200)):
        frames = {1: ["_run_from_cache (torch/_inductor/codecache.py:1261)",
                      "load_by_key_path (torch/_inductor/codecache.py:2847)",
                      "wait (torch/_inductor/async_compile.py:272)",
                      "result (concurrent/futures/_base.py:451)"],
                  2: ["benchmark_all_configs (torch/_inductor/runtime/triton_heuristics.py:777)",
                      "autotune_to_one_config (torch/_inductor/runtime/triton_heuristics.py:794)",
                      "run (torch/_inductor/runtime/triton_heuristics.py:1090)",
                      "call (/tmp/torchinductor_svc/ra/crak4lqjwe2bn4rfn7yqzbl3.py:2211)"]}[k]
        out = ["# %s py-spy dump of 2 of the 8 local ranks" % c.iso(sec)]
        for lr in (0, 5):
            out += [""] + pyspy(9121 + lr, "/usr/bin/python -u torchtitan/train.py --job.config_file llama3_8b.toml --training.compile",
                                [(9121 + lr, "active", "MainThread", frames + [
                                    "compile_fx_inner (torch/_inductor/compile_fx.py:537)",
                                    "compile_fx (torch/_inductor/compile_fx.py:1538)",
                                    "__call__ (torch/_dynamo/repro/after_aot.py:67)",
                                    "_compile (torch/_dynamo/convert_frame.py:699)",
                                    "_fn (torch/_dynamo/eval_frame.py:600)",
                                    "forward_backward_step (torchtitan/train.py:282)",
                                    "train_step (torchtitan/train.py:329)",
                                    "train (torchtitan/train.py:430)",
                                    "<module> (torchtitan/train.py:545)"]),
                                 (9121 + lr + 140, "idle", "pt_nccl_watchdg", [])], pyver="3.12.3",
                                pybin="/usr/bin/python3.12")
        b.lines("h200-x01/pyspy_h200-x01_t%d.txt" % k, out)
    b.lines("sacct.txt", [
        "JobID           JobName      State ExitCode    Elapsed  NodeList",
        "------------ ---------- ---------- -------- ---------- ---------------",
        "771002       llama3-8b  COMPLETED      0:0   03:46:19 h200-x[01-04]",
        "771002.batch      batch  COMPLETED      0:0   03:46:19 h200-x01",
        "771002.0       torchrun  COMPLETED      0:0   03:46:17 h200-x[01-04]"])
    b.lines("job.toml.excerpt", ["[training]", "compile = true", "steps = 3000",
                                 "[comm]", "init_timeout_seconds = 3600", "train_timeout_seconds = 600",
                                 "[float8]", "enable_float8_linear = false"])
    label = {"category": "unknown", "layer": "framework", "culprit": None, "action": "none",
             "rationale": "The 22-minute silence before step 1 is torch.compile/Inductor autotuning (two py-spy snapshots show every rank actively compiling, at different frames), under a 3600 s init timeout; step 1 then logged and the job ran all 3000 steps and exited COMPLETED. Not a hang.",
             "modelled_on": "https://github.com/pytorch/pytorch/issues/108971"}
    return b, label


# ---------------------------------------------------------------------------
# bz18: hang alert during a long checkpoint save that finished; walltime end
# ---------------------------------------------------------------------------
def bz18():
    b = Bundle("bz18_hang_alert_while_saving_checkpoint_then_walltime")
    c = Clock(2023, 9, 22, 0, 0, 0, 210044.0)
    nodes = ["sc-a%03d" % i for i in (11, 12, 13, 14, 15, 16, 17, 18)]
    r = rng(1818)
    save_t = 30100.2
    save_dur = 1082.4
    end_t = 43140.0
    L = []
    for it in range(10, 12001, 10):
        t = 200 + it * 2.49
        if it % 100 == 0:
            L.append(" [%s] iteration    %5d/  150000 | consumed samples:     %8d | elapsed time per iteration (ms): %.1f | learning rate: 1.500E-04 | global batch size:  1536 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
                c.iso(t), it, it * 1536, 2490 + r.random() * 9, 2.21 - it * 0.00003 + r.random() * 0.01, 0.21 + r.random() * 0.03))
    L.append("saving checkpoint at iteration   12000 to /lustre/proj/llama13b/ckpt in torch format")
    L.append("  successfully saved checkpoint from iteration   12000 to /lustre/proj/llama13b/ckpt [ t 1/8, p 1/4 ]")
    L.append("(min, max) time across ranks (ms):")
    L.append("    save-checkpoint ................................: (%.2f, %.2f)" % (save_dur * 1000 - 211.7, save_dur * 1000))
    t2 = save_t + save_dur
    it = 12000
    while True:
        it += 100
        t = t2 + (it - 12000) * 2.49
        if t > end_t - 30:
            break
        L.append(" [%s] iteration    %5d/  150000 | consumed samples:     %8d | elapsed time per iteration (ms): %.1f | learning rate: 1.500E-04 | global batch size:  1536 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
            c.iso(t), it, it * 1536, 2490 + r.random() * 9 + (8000 if it == 12100 else 0), 2.21 - it * 0.00003 + r.random() * 0.01, 0.21 + r.random() * 0.03))
    b.lines("sc-a011/megatron_rank0.log", L)
    for n in nodes:
        dm = ["%s Lustre: Lustre: Build Version: 2.15.3" % c.uptime(-210000),
              "%s Lustre: Mounted proj-client" % c.uptime(-209990)]
        if n in ("sc-a011", "sc-a014"):
            dm.append("%s Lustre: 5121:0:(client.c:2309:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@00000000a1b2c3d4 x1777712345678912/t0(0) o4->proj-OST0012-osc-ffff9a8bc0e1d000@10.100.0.12@o2ib:6/4 lens 488/448 e 2 to 1 dl %d ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'' uid:4011 gid:4011" % (
                c.uptime(save_t + 700), 1695370000 + int(save_t), 1695370000 + int(save_t), 1695370000 + int(save_t) + 100))
            dm.append("%s Lustre: proj-OST0012-osc-ffff9a8bc0e1d000: Connection to proj-OST0012 (at 10.100.0.12@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % c.uptime(save_t + 700.1))
            dm.append("%s Lustre: proj-OST0012-osc-ffff9a8bc0e1d000: Connection restored to 10.100.0.12@o2ib (at 10.100.0.12@o2ib)" % c.uptime(save_t + 761.9))
        b.lines("%s/dmesg.txt" % n, dm)
        b.lines("%s/nvidia-smi.txt" % n, ["index, temperature.gpu, utilization.gpu [%], power.draw [W]"] +
                ["%d, %d, 100 %%, %d.%02d W" % (g, 55 + g % 4, 380 + r.randint(0, 20), r.randint(0, 99)) for g in range(8)])
    b.lines("hang_detector.log", [
        "%s [hangwatch] job 1190245: no iteration line for 600 s (last: iteration 12000 at %s)" % (c.iso(save_t + 600), c.iso(200 + 12000 * 2.49)),
        "%s [hangwatch] job 1190245: still no progress after 900 s; py-spy sample of rank 0: save_checkpoint (megatron/training/checkpointing.py:389) <- torch.save <- _save <- write_record" % c.iso(save_t + 900),
        "%s [hangwatch] job 1190245: paging on-call (threshold 900 s)" % c.iso(save_t + 901),
        "%s [hangwatch] job 1190245: progress resumed (iteration 12100); alert auto-resolved" % c.iso(t2 + 100 * 2.49 + 8)])
    b.lines("slurm-1190245.out", [
        "+ srun python pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 4 --save-interval 2000 --distributed-timeout-minutes 60 --exit-signal-handler ...",
        "slurmstepd: error: *** STEP 1190245.0 ON sc-a011 CANCELLED AT %s DUE TO TIME LIMIT ***" % c.slurm(end_t),
        "slurmstepd: error: *** JOB 1190245 ON sc-a011 CANCELLED AT %s DUE TO TIME LIMIT ***" % c.slurm(end_t),
        "[autoresume] job 1190245 reached walltime; resubmitted as 1190977 (--dependency=afterany:1190245), will resume from iteration 12000"])
    b.lines("sacct.txt", [
        "JobID           JobName      State ExitCode    Elapsed  Timelimit  NodeList",
        "------------ ---------- ---------- -------- ---------- ---------- ---------------",
        "1190245      llama13b    TIMEOUT      0:0   11:59:00   11:59:00 sc-a[011-018]"])
    label = {"category": "unknown", "layer": "framework", "culprit": None, "action": "none",
             "rationale": "The hang alert fired while rank 0 was writing the iteration-12000 checkpoint; Megatron reports it saved successfully after ~18 min (a Lustre OST reconnect slowed it, then recovered) and training continued until Slurm's walltime (TIMEOUT, auto-resubmitted). The 60-minute distributed timeout never fired. Nothing failed.",
             "modelled_on": "https://github.com/epfLLM/Megatron-LLM/issues/69"}
    return b, label


# ---------------------------------------------------------------------------
# bz19: one rank stuck waiting on nvidia-smi spawned by a stats callback
# ---------------------------------------------------------------------------
def bz19():
    b = Bundle("bz19_ranks_wait_in_allreduce_one_rank_in_callback")
    c = Clock(2024, 5, 9, 15, 30, 0, 811221.0)
    nodes = ["lambda-hx-1", "lambda-hx-2"]
    world = 16
    stuck = 14
    seq = 62991
    hang = 11200.5
    fire = hang + 1800.5
    r = rng(1919)
    sp = "/home/ubuntu/.venv/lib/python3.10/site-packages"
    for ni, n in enumerate(nodes):
        for lr in range(8):
            rank = ni * 8 + lr
            pid = 12201 + lr
            L = nccl_init(n, pid, pid + 150, lr, rank, world, _ip("10.0.5", ni),
                          nccl_ver="2.20.5", cuda="12.2", busid=BUS_IDS[lr])
            if rank == 0:
                L.append("%s/lightning/pytorch/trainer/connectors/logger_connector/result.py:431: It is recommended to use `self.log('train/loss', ..., sync_dist=True)` when logging on epoch level in distributed setting to accumulate the metric across devices." % sp)
                for s in range(50, 3151, 50):
                    L.append("Epoch 2:  %2d%%|%-10s| %d/3200 [%02d:%02d<..., 0.89it/s, v_num=7, train/loss=%.3f]" % (s * 100 // 3200, "#" * (s * 10 // 3200), s, int(s / 0.89) // 3600, (int(s / 0.89) // 60) % 60, 0.41 - s * 0.00001 + r.random() * 0.01))
            if rank == stuck:
                L.append("[rank%d]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank %d] Received a global timeout from another rank and will start to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d." % (rank, rank, seq - 1, seq - 1))
            else:
                j = r.random()
                L += watchdog_block("2.3", c, fire + j, rank, seq, "ALLREDUCE", 25690112, 25690112,
                                    1800000, 1800000 + int(j * 1000) + 19, seq + 3, seq - 1)
            b.lines("%s/rank%d.log" % (n, rank), L)
    out = ["# py-spy dump on lambda-hx-2, %s" % c.iso(hang + 1500)]
    for lr in range(8):
        rank = 8 + lr
        pid = 12201 + lr
        if rank == stuck:
            fr = ["_try_wait (subprocess.py:1959)", "_wait (subprocess.py:2001)", "wait (subprocess.py:1209)",
                  "communicate (subprocess.py:1146)", "run (subprocess.py:505)",
                  "get_nvidia_gpu_stats (lightning/pytorch/accelerators/cuda.py:142)",
                  "get_device_stats (lightning/pytorch/accelerators/cuda.py:61)",
                  "_get_and_log_device_stats (lightning/pytorch/callbacks/device_stats_monitor.py:136)",
                  "on_train_batch_end (lightning/pytorch/callbacks/device_stats_monitor.py:163)",
                  "_call_callback_hooks (lightning/pytorch/trainer/call.py:208)",
                  "advance (lightning/pytorch/loops/training_epoch_loop.py:265)",
                  "run (lightning/pytorch/loops/training_epoch_loop.py:140)",
                  "advance (lightning/pytorch/loops/fit_loop.py:363)",
                  "run (lightning/pytorch/loops/fit_loop.py:202)",
                  "_run_stage (lightning/pytorch/trainer/trainer.py:1030)",
                  "fit (lightning/pytorch/trainer/trainer.py:543)",
                  "main (train.py:96)"]
            st = "idle"
        else:
            fr = ["_engine_run_backward (torch/autograd/graph.py:744)",
                  "backward (torch/autograd/__init__.py:267)",
                  "backward (torch/_tensor.py:522)",
                  "backward (lightning/pytorch/core/module.py:1078)",
                  "backward (lightning/pytorch/strategies/strategy.py:213)",
                  "closure (lightning/pytorch/loops/optimization/automatic.py:146)",
                  "step (torch/optim/adamw.py:164)",
                  "optimizer_step (lightning/pytorch/core/module.py:1306)",
                  "advance (lightning/pytorch/loops/training_epoch_loop.py:250)",
                  "run (lightning/pytorch/loops/training_epoch_loop.py:140)",
                  "fit (lightning/pytorch/trainer/trainer.py:543)",
                  "main (train.py:96)"]
            st = "active"
        out += [""] + pyspy(pid, "/home/ubuntu/.venv/bin/python train.py fit --config configs/unet_xl.yaml",
                            [(pid, st, "MainThread", fr)])
    out += ["", "$ ps -o pid,ppid,stat,wchan:24,etime,cmd --ppid 12207",
            "    PID    PPID STAT WCHAN                        ELAPSED CMD",
            "  91877   12207 D    os_acquire_mutex               25:03 /usr/bin/nvidia-smi --query-gpu=utilization.gpu,memory.used,memory.free,utilization.memory,fan.speed,temperature.gpu,temperature.memory --format=csv,nounits,noheader --id=6"]
    b.lines("lambda-hx-2/pyspy_all_local_ranks.txt", out)
    b.lines("lambda-hx-2/dmesg.txt", [
        "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.104.12  Wed Sep 20 09:35:17 UTC 2023" % c.ctime(-811200),
        "%s INFO: task nvidia-smi:91877 blocked for more than 122 seconds." % c.ctime(hang + 123),
        "%s       Tainted: P           OE     6.2.0-37-generic #38~22.04.1-Ubuntu" % c.ctime(hang + 123),
        "%s \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message." % c.ctime(hang + 123),
        "%s task:nvidia-smi      state:D stack:0     pid:91877 ppid:12207  flags:0x00004002" % c.ctime(hang + 123),
        "%s Call Trace:" % c.ctime(hang + 123),
        "%s  <TASK>" % c.ctime(hang + 123),
        "%s  __schedule+0x2cb/0x750" % c.ctime(hang + 123),
        "%s  schedule+0x63/0x110" % c.ctime(hang + 123),
        "%s  schedule_timeout+0x157/0x170" % c.ctime(hang + 123),
        "%s  __down_common+0xfb/0x1f0" % c.ctime(hang + 123),
        "%s  down+0x4a/0x70" % c.ctime(hang + 123),
        "%s  os_acquire_mutex+0x3e/0x60 [nvidia]" % c.ctime(hang + 123),
        "%s  _nv038459rm+0x10/0x40 [nvidia]" % c.ctime(hang + 123),
        "%s  rm_ioctl+0x58/0xb0 [nvidia]" % c.ctime(hang + 123),
        "%s  nvidia_ioctl+0x2a5/0x840 [nvidia]" % c.ctime(hang + 123),
        "%s  </TASK>" % c.ctime(hang + 123),
        "%s INFO: task nvidia-smi:91877 blocked for more than 245 seconds." % c.ctime(hang + 246)])
    b.lines("lambda-hx-1/dmesg.txt", [
        "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.104.12  Wed Sep 20 09:35:17 UTC 2023" % c.ctime(-811200)])
    b.lines("lambda-hx-2/nvidia-smi.txt", ["$ timeout 60 nvidia-smi (%s)" % c.iso(hang + 1560), "<no output, exit 124>"])
    b.lines("lambda-hx-1/nvidia-smi.txt", ["$ nvidia-smi --query-gpu=index,utilization.gpu --format=csv",
                                          "index, utilization.gpu [%]"] + ["%d, 100 %%" % g for g in range(8)])
    label = {"category": "hang", "layer": "infrastructure",
             "culprit": {"node": "lambda-hx-2", "rank": stuck}, "action": "run_diagnostics",
             "rationale": "Fifteen ranks wait in ALLREDUCE 62991; rank 14 reports last enqueued 62990 and py-spy shows it outside any collective, waiting for an nvidia-smi child (DeviceStatsMonitor) that is stuck in D state inside the NVIDIA driver on lambda-hx-2; nvidia-smi hangs there for the operator too. No Xid was logged, so the GPU/driver on that node needs diagnosis.",
             "modelled_on": "https://github.com/tensorpack/tensorpack/issues/1134"}
    return b, label


# ---------------------------------------------------------------------------
# bz20: hang follows one physical GPU across a requeue (different rank ids)
# ---------------------------------------------------------------------------
def bz20():
    b = Bundle("bz20_hang_again_after_requeue_different_step")
    c = Clock(2024, 2, 26, 8, 0, 0, 500000.0)
    world = 32
    r = rng(2020)
    orders = {1: ["gpu-n01", "gpu-n02", "gpu-n03", "gpu-n04"],
              2: ["gpu-n02", "gpu-n03", "gpu-n01", "gpu-n04"]}
    info = {1: dict(off=0, hang=31888.0, seq=88711, stuck=19, step=8871, op="_REDUCE_SCATTER_BASE",
                    nin=209715200, nout=6553600),
            2: dict(off=34000, hang=34000 + 7956.0, seq=22108, stuck=11, step=2210, op="_ALLGATHER_BASE",
                    nin=6553600, nout=209715200)}
    for att in (1, 2):
        d = info[att]
        fire = d["hang"] + 600.3
        for ni, n in enumerate(orders[att]):
            out = []
            for lr in range(8):
                rank = ni * 8 + lr
                out += nccl_init(n, 5100 + lr + att * 100, 5300 + lr + att * 100, lr, rank, world,
                                 _ip("10.20.1", int(n[-1])), nccl_ver="2.19.3", cuda="12.2",
                                 busid=BUS_IDS[lr])
            if ni == 0:
                out.append("I0226 torch/distributed/elastic/agent/server/api.py:527] [default] Rendezvous complete for workers. Result:")
                out.append("  restart_count=%d" % (att - 1))
                out.append("  master_addr=%s" % orders[att][0])
                out.append("  group_rank=0")
                out.append("  group_world_size=4")
            for lr in range(8):
                rank = ni * 8 + lr
                j = r.random()
                wd = watchdog_block("2.4", c, fire + j, rank, d["seq"], d["op"], d["nin"], d["nout"],
                                    600000, 600000 + int(j * 1000) + 3, d["seq"] + 1, d["seq"] - 1)
                out += wd[:3]
            b.lines("attempt_%d/%s/stdout.log" % (att, n), out)
            if n == "gpu-n03":
                b.lines("attempt_%d/%s/nvidia-smi.txt" % (att, n), [
                    "$ nvidia-smi --query-gpu=index,pci.bus_id,utilization.gpu,power.draw,temperature.gpu,clocks.sm --format=csv  (%s)" % c.iso(d["hang"] + 300),
                    "index, pci.bus_id, utilization.gpu [%], power.draw [W], temperature.gpu, clocks.sm [MHz]"] + [
                    "%d, 00000000:%s.0, 100 %%, %s W, %d, %s MHz" % (g, PCI[g][5:].upper(), "688.41" if g == 3 else "%d.%02d" % (117 + g, g * 7), 74 if g == 3 else 41, "1755" if g == 3 else "1980") for g in range(8)])
                b.lines("attempt_%d/%s/dmesg.txt" % (att, n), [
                    "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  545.23.08  Mon Nov  6 23:49:37 UTC 2023" % c.ctime(-500000)])
        fr = ["$ torchfrtrace --prefix nccl_trace_rank_ /shared/fr/attempt_%d/" % att,
              "Collective sequence number: %d has errors" % d["seq"],
              "internal record id: 1873",
              "group info: 0:default_pg",
              "collective: nccl:%s" % ("_reduce_scatter_base" if att == 1 else "_allgather_base"),
              "input sizes: [[%d]]" % d["nin"],
              "output sizes: [[%d]]" % d["nout"],
              "world size: 32",
              "expected ranks: {%s}" % ", ".join(str(i) for i in range(32)),
              "collective state: started",
              "error msg: Culprit rank %d; Error type: COLLECTIVE_STATE_MISMATCH, Expected state: 'started' does not match found state: 'scheduled'" % d["stuck"],
              "collective stack trace: ",
              " %s at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:%d" % ("_reduce_scatter_base" if att == 1 else "_all_gather_base", 3560 if att == 1 else 3012),
              "wrapper at /usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py:75",
              "%s at /usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/%s" % (("_reduce_grad", "_runtime_utils.py:803") if att == 1 else ("_all_gather_flat_param", "_flat_param.py:1364"))]
        b.lines("attempt_%d/fr_trace_analysis.txt" % att, fr)
        b.lines("attempt_%d/train_progress.txt" % att, [
            "last logged step before hang: %d (%s)" % (d["step"], "backward reduce-scatter" if att == 1 else "forward all-gather"),
            "resumed from checkpoint step 6000" if att == 2 else "fresh start"])
    b.lines("sacct.txt", [
        "JobID           JobName  Restarts      State ExitCode    Elapsed  NodeList",
        "------------ ---------- --------- ---------- -------- ---------- ---------------",
        "6623019        dit-xl          1     FAILED      1:0   20:47:41 gpu-n[01-04]"])
    label = {"category": "gpu_hardware", "layer": "infrastructure",
             "culprit": {"node": "gpu-n03", "rank": 11}, "action": "restart_without_node",
             "rationale": "Two hangs at unrelated points (backward reduce-scatter at step 8871, forward all-gather at step 2210 after requeue) both have one rank whose collective stays 'scheduled' while the rest started: rank 19 in attempt 1 and rank 11 in attempt 2, both local GPU 3 of gpu-n03 (rendezvous reordered the nodes), which runs hot at ~690 W while the others spin at ~120 W. A fault that follows one physical GPU across attempts: exclude the node.",
             "modelled_on": "https://github.com/determined-ai/determined/issues/8915"}
    return b, label


# ---------------------------------------------------------------------------
# bz21: one rank decides to early-stop from its local val loss (DeepSpeed)
# ---------------------------------------------------------------------------
def bz21():
    b = Bundle("bz21_one_rank_logs_early_stop_then_job_hangs")
    c = Clock(2024, 5, 2, 9, 0, 0, 330211.0)
    nodes = ["ds-node-a", "ds-node-b"]
    world = 16
    odd = 5
    seq = 31518
    ev_t = 14402.7
    fire = ev_t + 1800.2
    r = rng(2121)
    for ni, n in enumerate(nodes):
        out = []
        for lr in range(8):
            rank = ni * 8 + lr
            out += ["%s: %s" % (n, x) for x in nccl_init(n, 18810 + lr, 19010 + lr, lr, rank, world,
                                                          _ip("10.14.2", ni), nccl_ver="2.19.3",
                                                          cuda="12.1", busid=BUS_IDS[lr])]
        if ni == 0:
            for s in range(100, 4001, 100):
                out.append("%s: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[2.7e-05], mom=[(0.9, 0.95)]" % (n, c.iso_ms(s * 3.5), s))
                out.append("%s: [%s] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.3f, CurrSamplesPerSec=%.3f, MemAllocated=21.4GB, MaxMemAllocated=38.9GB" % (
                    n, c.iso_ms(s * 3.5 + 0.1), s * 4, s, 73.2 + r.random(), 72 + r.random() * 3))
        for lr in range(8):
            rank = ni * 8 + lr
            vl = 1.8302 if rank == odd else 1.8271 - r.random() * 0.004
            out.append("%s: %s | rank %2d | eval@4000 | local val_loss %.4f | best %.4f | patience %d/3" % (
                n, c.iso_ms(ev_t - 3 + rank * 0.01), rank, vl, 1.8290, 3 if rank == odd else 0))
        if ni == 0:
            out.append("%s: %s | rank  5 | EarlyStopping: val_loss did not improve for 3 evals -> stopping training, saving final checkpoint" % (n, c.iso_ms(ev_t)))
            out.append("%s: [%s] [INFO] [logging.py:96:log_dist] [Rank 5] Saving model checkpoint: /nfs/ckpt/ds-sft/global_step4000/mp_rank_00_model_states.pt" % (n, c.iso_ms(ev_t + 0.2)))
        for lr in range(8):
            rank = ni * 8 + lr
            j = r.random()
            if rank == odd:
                wd = watchdog_block("2.3", c, fire + j, rank, seq, "ALLREDUCE", 1, 1, 1800000,
                                    1800000 + int(j * 1000) + 13, seq, seq - 1)
            else:
                wd = watchdog_block("2.3", c, fire + j, rank, seq, "_REDUCE_SCATTER_BASE", 402653184,
                                    25165824, 1800000, 1800000 + int(j * 1000) + 13, seq + 1, seq - 1)
            out += ["%s: %s" % (n, x) for x in wd[:2]]
        b.lines("%s/deepspeed_stdout.log" % n, out)
    b.lines("train.py.excerpt", [
        "301     val_loss = evaluate(model_engine, val_loader)      # mean over this rank's shard only",
        "302     if early_stopper.step(val_loss):",
        "303         logger.info(f'rank {rank:2d} | EarlyStopping: ...')",
        "304         model_engine.save_checkpoint(args.output_dir)  # collective (barrier inside)",
        "305         break"])
    b.lines("launcher.log", [
        "[2024-05-02 09:00:01,211] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w ds-node-a,ds-node-b export NCCL_DEBUG=INFO; ... deepspeed.launcher.launch --world_info=eyJkcy1ub2RlLWEiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN10sICJkcy1ub2RlLWIiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119 --node_rank=%n --master_addr=ds-node-a --master_port=29500 train.py --deepspeed ds_zero2.json",
        "ds-node-a: [%s] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=5', '--deepspeed', 'ds_zero2.json'] exits with return code = -6" % c.iso_ms(fire + 3),
        "pdsh@ds-node-a: ds-node-a: ssh exited with exit code 250",
        "pdsh@ds-node-a: ds-node-b: ssh exited with exit code 250"])
    label = {"category": "hang", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "At eval step 4000 each rank judged early stopping on its own shard's val loss; only rank 5 decided to stop and entered save_checkpoint's barrier (ALLREDUCE, 1 element) while the other 15 ranks went on to the next ZeRO reduce-scatter at the same sequence number. Ranks called different collectives by code path; rerunning will deadlock again.",
             "modelled_on": "https://github.com/pytorch/pytorch/issues/77562"}
    return b, label


# ---------------------------------------------------------------------------
# bz22: every rank stuck in its data loader; NFS server not responding
# ---------------------------------------------------------------------------
def bz22():
    b = Bundle("bz22_faulthandler_timeout_dumps_on_all_ranks")
    c = Clock(2024, 1, 15, 2, 0, 0, 1203344.0)
    nodes = ["dgx%02d" % i for i in (21, 22, 23, 24)]
    world = 32
    outage = 8812.0
    dump_t = outage + 1800.0
    py = "/usr/lib/python3.10"
    sp = "/usr/local/lib/python3.10/dist-packages"
    for ni, n in enumerate(nodes):
        out = ["[rank%d]:%s | INFO | watchdog: faulthandler.dump_traceback_later(1800, exit=True) re-armed every step" % (ni * 8, c.iso_ms(30))]
        for lr in range(8):
            rank = ni * 8 + lr
            fh = faulthandler_dump([
                (0x00007f1e5cffd640 + lr * 0x1000, False, [
                    ("%s/threading.py" % py, 324, "wait"),
                    ("%s/multiprocessing/queues.py" % py, 231, "_feed"),
                    ("%s/threading.py" % py, 953, "run"),
                    ("%s/threading.py" % py, 1016, "_bootstrap_inner"),
                    ("%s/threading.py" % py, 973, "_bootstrap")]),
                (0x00007f1f8a5e1740 + lr * 0x1000, False, [
                    ("%s/threading.py" % py, 324, "wait"),
                    ("%s/queue.py" % py, 180, "get"),
                    ("%s/torch/utils/data/dataloader.py" % sp, 1133, "_try_get_data"),
                    ("%s/torch/utils/data/dataloader.py" % sp, 1294, "_get_data"),
                    ("%s/torch/utils/data/dataloader.py" % sp, 1332, "_next_data"),
                    ("%s/torch/utils/data/dataloader.py" % sp, 631, "__next__"),
                    ("/workspace/mmseg_train/engine.py", 142, "train_one_epoch"),
                    ("/workspace/mmseg_train/train.py", 211, "main"),
                    ("/workspace/mmseg_train/train.py", 260, "<module>")])],
                header="Timeout (0:30:00)!")
            out += ["[rank%d]:%s" % (rank, x) for x in fh]
        b.lines("%s/train.log" % n, out)
        b.lines("%s/dmesg.txt" % n, [
            "%s NFS: Registering the id_resolver key type" % c.ctime(-1203300),
            "%s nfs: server nfs-data01 not responding, still trying" % c.ctime(outage + ni * 0.7),
            "%s nfs: server nfs-data01 not responding, still trying" % c.ctime(outage + 1.3 + ni * 0.7),
            "%s INFO: task pt_data_worker:%d blocked for more than 122 seconds." % (c.ctime(outage + 124), 41120 + ni),
            "%s       Not tainted 5.15.0-91-generic #101-Ubuntu" % c.ctime(outage + 124),
            "%s task:pt_data_worker  state:D stack:    0 pid:%d ppid: %d flags:0x00000000" % (c.ctime(outage + 124), 41120 + ni, 40911 + ni),
            "%s Call Trace:" % c.ctime(outage + 124),
            "%s  <TASK>" % c.ctime(outage + 124),
            "%s  __schedule+0x24d/0x590" % c.ctime(outage + 124),
            "%s  rpc_wait_bit_killable+0x25/0xb0 [sunrpc]" % c.ctime(outage + 124),
            "%s  __rpc_execute+0x134/0x480 [sunrpc]" % c.ctime(outage + 124),
            "%s  nfs4_call_sync_sequence+0x83/0xc0 [nfsv4]" % c.ctime(outage + 124),
            "%s  nfs4_proc_getattr+0x80/0x120 [nfsv4]" % c.ctime(outage + 124),
            "%s  vfs_statx+0x6f/0x120" % c.ctime(outage + 124),
            "%s  </TASK>" % c.ctime(outage + 124)] + (
            ["%s nfs: server nfs-data01 OK" % c.ctime(dump_t + 1020 + ni * 3)] if ni in (0, 2) else []))
        b.lines("%s/mounts.txt" % n, ["nfs-data01:/export/datasets /mnt/datasets nfs4 rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys 0 0"])
    b.lines("storage-status.txt", [
        "%s  nfs-data01  WARN  nfsd threads saturated (256/256), 1 of 2 bonded links down (bond0: eno2 carrier lost)" % c.iso(outage - 40),
        "%s  nfs-data01  CRIT  health check: RPC NULL timeout from monitor host" % c.iso(outage + 60),
        "%s  nfs-data01  INFO  bond0: eno2 carrier restored; clients reconnecting" % c.iso(dump_t + 1010)])
    b.lines("slurm-240115.out", [
        "srun: error: dgx21: task 0: Exited with exit code 1",
        "srun: error: dgx22: task 1: Exited with exit code 1",
        "srun: error: dgx23: task 2: Exited with exit code 1",
        "srun: error: dgx24: task 3: Exited with exit code 1"])
    label = {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "restart",
             "rationale": "No collective is pending anywhere: all 32 ranks' faulthandler dumps show the main thread waiting on the DataLoader, and every node logs 'nfs: server nfs-data01 not responding' at the same moment with data workers in D state in NFS RPC. The shared dataset server stalled (link loss), and later came back OK, so a restart should work.",
             "modelled_on": "https://github.com/BVLC/caffe/issues/6020"}
    return b, label


# ---------------------------------------------------------------------------
# bz23: torch 1.13, mpirun, 16 ranks all in the same allreduce; nothing else
# ---------------------------------------------------------------------------
def bz23():
    b = Bundle("bz23_sixteen_ranks_same_allreduce_timeout_old_torch")
    c = Clock(2022, 10, 21, 3, 0, 0, 88120.0)
    nodes = ["v100-s1", "v100-s2"]
    world = 16
    seq = 469508
    hang = 24450.0
    fire = hang + 1800.2
    r = rng(2323)
    for ni, n in enumerate(nodes):
        out = []
        for lr in range(8):
            rank = ni * 8 + lr
            out += ["[1,%d]<stderr>:%s" % (rank, x) for x in nccl_init(
                n, 22001 + lr, 22101 + lr, lr, rank, world, _ip("192.168.7", ni), nccl_ver="2.14.3",
                cuda="11.7", busid=BUS_IDS[lr], plugin_noise=False)]
        if ni == 0:
            for s in range(2000, 469001, 3000):
                out.append("[1,0]<stdout>:%s | INFO | fairseq.trainer | epoch %03d | num_updates %d | loss %.3f | wps %d" % (c.iso_ms(s * 0.052), s // 52000 + 1, s // 2, 3.1 - s * 0.000002 + r.random() * 0.02, 51000 + r.randint(0, 800)))
        for lr in range(8):
            rank = ni * 8 + lr
            j = r.random()
            out += ["[1,%d]<stderr>:%s" % (rank, x) for x in watchdog_block(
                "1.13", c, fire + j, rank, seq, "ALLREDUCE", None, None, 1800000, 1802200 + int(j * 100), 0, 0)]
        b.lines("%s/stdout.log" % n, out)
        b.lines("%s/pyspy_ranks_%d_%d.txt" % (n, ni * 8, ni * 8 + 1), sum([
            pyspy(22001 + k, "/opt/conda/bin/python -u fairseq_cli/train.py data-bin/wmt16 --arch transformer_vaswani_wmt_en_de_big",
                  [(22001 + k, "idle", "MainThread", [
                      "all_reduce (torch/distributed/distributed_c10d.py:1534)",
                      "all_reduce (fairseq/distributed/utils.py:436)",
                      "all_reduce_dict (fairseq/distributed/utils.py:661)",
                      "_fast_stat_sync_sum (fairseq/trainer.py:1399)",
                      "_aggregate_logging_outputs (fairseq/trainer.py:1349)",
                      "train_step (fairseq/trainer.py:831)",
                      "train (fairseq_cli/train.py:322)",
                      "main (fairseq_cli/train.py:190)"])],
                  pyver="3.9.13", pybin="/opt/conda/bin/python3.9") + [""] for k in range(2)], []))
        dm = ["%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  515.65.01  Wed Jul 20 14:00:58 UTC 2022" % c.uptime(-88100)]
        if ni == 1:
            dm += ["%s ACPI Error: No handler for Region [SYSI] (00000000a3f0c8d2) [IPMI] (20210730/evregion-130)" % c.uptime(-88090),
                   "%s ACPI Error: Region IPMI (ID=7) has no handler (20210730/exfldio-261)" % c.uptime(-88090),
                   "%s EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3b1c02 offset:0x0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:0 imc:0 rank:0 bg:2 ba:1 row:0x1d80 col:0x3c8)" % c.uptime(-40211)]
        b.lines("%s/dmesg.txt" % n, dm)
        b.lines("%s/ibstat.txt" % n, ["CA 'mlx5_0'", "\tPort 1:", "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 100"])
    b.lines("mpirun.log", [
        "$ mpirun -np 16 -H v100-s1:8,v100-s2:8 -x MASTER_ADDR=v100-s1 -x MASTER_PORT=29500 -x NCCL_DEBUG=INFO python -u fairseq_cli/train.py ... --distributed-backend nccl",
        "--------------------------------------------------------------------------",
        "mpirun noticed that process rank 3 with PID 22004 on node v100-s1 exited on signal 6 (Aborted).",
        "--------------------------------------------------------------------------"])
    label = {"category": "hang", "layer": "infrastructure", "culprit": None, "action": "restart",
             "rationale": "All 16 ranks time out on the same ALLREDUCE SeqNum=469508 after ~6.8 h of healthy training, and py-spy of ranks on both nodes shows them inside that same all_reduce. No rank is absent or behind, no Xid or link error; the lone corrected DIMM error and ACPI noise are benign. No identifiable stuck rank: restart.",
             "modelled_on": "https://github.com/OFA-Sys/OFA/issues/271"}
    return b, label


# ---------------------------------------------------------------------------
# bz24: pipeline-parallel hang; one GPU's TP collective never started; DCGM fails
# ---------------------------------------------------------------------------
def bz24():
    b = Bundle("bz24_pipeline_parallel_hang_dcgm_run_afterwards")
    c = Clock(2024, 8, 5, 19, 0, 0, 700100.0)
    nodes = ["mlx-n1", "mlx-n2", "mlx-n3", "mlx-n4"]
    world = 32
    stuck = 20
    hang = 26420.0
    fire = hang + 600.4
    r = rng(2424)
    for ni, n in enumerate(nodes):
        out = []
        for lr in range(8):
            rank = ni * 8 + lr
            out += nccl_init(n, 6601 + lr, 6800 + lr, lr, rank, world, _ip("10.33.0", ni),
                             nccl_ver="2.20.5", cuda="12.4", busid=BUS_IDS[lr])
        if ni == 3:
            for it in range(10, 7301, 10):
                out.append(" iteration %7d/  500000 | consumed samples: %10d | elapsed time per iteration (ms): %.1f | learning rate: 3.000E-04 | global batch size:   256 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
                    it, it * 256, 3610 + r.random() * 20, 2.9 - it * 0.00005 + r.random() * 0.01, 0.4 + r.random() * 0.1))
        for lr in range(8):
            rank = ni * 8 + lr
            j = r.random()
            if ni == 2:  # stage 2: tensor-parallel allreduce inside the stage
                wd = watchdog_block("2.4", c, fire + j, rank, 431177, "ALLREDUCE", 16777216, 16777216,
                                    600000, 600000 + int(j * 1000) + 8, 431178, 431176, pg="3")
            elif ni == 3:  # stage 3 waits on recv from stage 2
                wd = watchdog_block("2.4", c, fire + j, rank, 14601, "RECV", 16777216, 16777216,
                                    600000, 600000 + int(j * 1000) + 8, 14601, 14600, pg="9")
            else:  # stages 0/1 wait on their next send/recv further up the pipe
                wd = watchdog_block("2.4", c, fire + 30 + j, rank, 14602, "SEND" if ni == 1 else "RECV", 16777216,
                                    16777216, 600000, 600000 + int(j * 1000) + 30008, 14602, 14601, pg=str(7 + ni))
            out += wd[:3]
        b.lines("%s/stdout.log" % n, out)
    fr = ["$ torchfrtrace --prefix nccl_trace_rank_ /scratch/fr/gpt-20b/",
          "Collective sequence number: 431177 has errors",
          "internal record id: 1990",
          "group info: 3:TENSOR_MODEL_PARALLEL_GROUP",
          "collective: nccl:all_reduce",
          "input sizes: [[16777216]]",
          "output sizes: [[16777216]]",
          "world size: 8",
          "expected ranks: {16, 17, 18, 19, 20, 21, 22, 23}",
          "collective state: started",
          "error msg: Culprit rank 20; Error type: COLLECTIVE_STATE_MISMATCH, Expected state: 'started' does not match found state: 'scheduled'",
          "collective stack trace: ",
          " all_reduce at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:2288",
          "wrapper at /usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py:79",
          "_reduce at /workspace/megatron/core/tensor_parallel/mappings.py:24",
          "forward at /workspace/megatron/core/tensor_parallel/layers.py:940",
          "",
          "Not all ranks joining collective, sequence number: 14601",
          "internal record id: 611",
          "group info: 9:PIPELINE_MODEL_PARALLEL_GROUP",
          "collective: nccl:recv 28<-20",
          "missing ranks: {20}",
          "collective state: started"]
    b.lines("fr_trace_analysis.txt", fr)
    b.lines("mlx-n3/nvidia-smi.txt", [
        "$ nvidia-smi --query-gpu=index,utilization.gpu,power.draw,temperature.gpu,clocks.sm --format=csv  (%s)" % c.iso(hang + 400),
        "index, utilization.gpu [%], power.draw [W], temperature.gpu, clocks.sm [MHz]"] + [
        "%d, 100 %%, %s W, %d, %s MHz" % (g, "691.02" if g == 4 else "%d.%02d" % (112 + g, g), 79 if g == 4 else 43, "1410" if g == 4 else "1980") for g in range(8)])
    b.lines("mlx-n3/dcgmi-diag.txt", [
        "$ dcgmi diag -r 3   (node drained, %s)" % c.iso(fire + 3600),
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.6                                          |",
        "| Driver Version Detected   | 550.54.15                                      |",
        "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
        "|-----  Deployment  --------+------------------------------------------------|",
        "| Denylist                  | Pass                                           |",
        "| NVML Library              | Pass                                           |",
        "| CUDA Main Library         | Pass                                           |",
        "| Permissions and OS Blocks | Pass                                           |",
        "| Persistence Mode          | Pass                                           |",
        "| Environment Variables     | Pass                                           |",
        "| Page Retirement/Row Remap | Pass                                           |",
        "| Graphics Processes        | Pass                                           |",
        "| Inforom                   | Pass                                           |",
        "+-----  Integration  -------+------------------------------------------------+",
        "| PCIe                      | Pass - All                                     |",
        "+-----  Hardware  ----------+------------------------------------------------+",
        "| GPU Memory                | Pass - All                                     |",
        "| Diagnostic                | Pass - GPUs: 0, 1, 2, 3, 5, 6, 7               |",
        "|                           | Fail - GPU: 4                                  |",
        "| Warning                   | GPU 4 Error using CUDA API cuStreamSynchronize |",
        "|                           |  Check DCGM and system logs for errors. Reset  |",
        "|                           |  GPU. Restart DCGM. Rerun diagnostics.         |",
        "|                           |  (kernel did not complete within 300 s)        |",
        "+-----  Stress  ------------+------------------------------------------------+",
        "| Targeted Stress           | Pass - GPUs: 0, 1, 2, 3, 5, 6, 7               |",
        "|                           | Skip - GPU: 4                                  |",
        "| Targeted Power            | Pass - GPUs: 0, 1, 2, 3, 5, 6, 7               |",
        "|                           | Skip - GPU: 4                                  |",
        "| Memory Bandwidth          | Pass - GPUs: 0, 1, 2, 3, 5, 6, 7               |",
        "|                           | Skip - GPU: 4                                  |",
        "+---------------------------+------------------------------------------------+"])
    for n in nodes:
        b.lines("%s/dmesg.txt" % n, ["%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024" % c.ctime(-700000)])
    write_json(b, "job.json", {"launcher": "srun + torchrun", "tp": 8, "pp": 4, "dp": 1,
                               "stage_of_node": {"mlx-n1": 0, "mlx-n2": 1, "mlx-n3": 2, "mlx-n4": 3},
                               "env": {"TORCH_NCCL_DUMP_ON_TIMEOUT": "1", "TORCH_NCCL_TRACE_BUFFER_SIZE": "2000"}})
    label = {"category": "gpu_hardware", "layer": "infrastructure",
             "culprit": {"node": "mlx-n3", "rank": stuck}, "action": "restart_without_node",
             "rationale": "The flight recorder shows stage 2's tensor-parallel all_reduce started on ranks 16-23 except rank 20, where it stays 'scheduled', and stage 3's recv from rank 20 never matched; rank 20 is GPU 4 on mlx-n3, pinned at 690 W/79C. The post-mortem dcgmi diag fails GPU 4 with a kernel that never completes while the other seven pass: a failing GPU.",
             "modelled_on": "https://github.com/facebookresearch/Detectron/issues/219"}
    return b, label


# ---------------------------------------------------------------------------
# bz25: Kubernetes, one node's local NVMe cache throws I/O errors; its ranks hang
# ---------------------------------------------------------------------------
def bz25():
    b = Bundle("bz25_pytorchjob_eight_ranks_silent_others_time_out")
    c = Clock(2025, 8, 19, 1, 0, 0, 612300.0)
    nodes = ["aks-h100-40613187-vmss00000%d" % i for i in range(4)]
    badn = nodes[1]
    world = 32
    seq = 20441
    io_t = 3721.0
    fire = io_t + 1800.3
    r = rng(2525)
    for ni, n in enumerate(nodes):
        pod = "ft-qwen-worker-%d" % ni
        out = []
        for lr in range(8):
            rank = ni * 8 + lr
            out += nccl_init(pod, 88 + lr, 301 + lr, lr, rank, world, _ip("10.244.7", ni),
                             nccl_ver="2.21.5", cuda="12.4", busid=BUS_IDS[lr])
        if ni == 0:
            for s in range(20, 1001, 20):
                out.append("%s INFO step=%d loss=%.4f samples/s=%.1f data_wait_ms=%d" % (c.k8s(s * 3.6), s, 1.42 - s * 0.0002 + r.random() * 0.01, 212 + r.random() * 3, 3 + r.randint(0, 4)))
        for lr in range(8):
            rank = ni * 8 + lr
            if n == badn:
                continue
            j = r.random()
            out += ["%s %s" % (c.k8s(fire + j), x) for x in watchdog_block(
                "2.5", c, fire + j, rank, seq, "ALLREDUCE", 117440512, 117440512, 1800000,
                1800000 + int(j * 1000) + 2, seq + 1, seq - 1)[:3]]
        if n == badn:
            out.append("%s INFO [rank 8..15] data cache: /mnt/nvme-cache/shards (local, hostPath), 1.2 TB" % c.k8s(40))
        b.lines("%s/kubectl-logs-%s.txt" % (n, pod), out)
        dm = ["%s nvme nvme1: pci function 8d4f:00:00.0" % c.ctime(-612000),
              "%s EXT4-fs (nvme1n1): mounted filesystem with ordered data mode. Quota mode: none." % c.ctime(-611990)]
        if n == badn:
            dm += ["%s nvme nvme1: I/O 412 QID 7 timeout, aborting" % c.ctime(io_t),
                   "%s nvme nvme1: I/O 413 QID 7 timeout, aborting" % c.ctime(io_t + 0.01),
                   "%s nvme nvme1: Abort status: 0x371" % c.ctime(io_t + 30.0),
                   "%s nvme nvme1: I/O 412 QID 7 timeout, reset controller" % c.ctime(io_t + 60.1),
                   "%s nvme1n1: Read(0x2) @ LBA 1877190912, 256 blocks, Data Transfer Error (sct 0x0 / sc 0x4)" % c.ctime(io_t + 61.0),
                   "%s blk_update_request: I/O error, dev nvme1n1, sector 1877190912 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 0" % c.ctime(io_t + 61.0),
                   "%s EXT4-fs warning (device nvme1n1): ext4_end_bio:343: I/O error 10 writing to inode 4983212 starting block 234648864)" % c.ctime(io_t + 61.2),
                   "%s INFO: task pt_data_worker:52211 blocked for more than 120 seconds." % c.ctime(io_t + 183),
                   "%s       Tainted: G           OE     5.15.0-1091-azure #100-Ubuntu" % c.ctime(io_t + 183),
                   "%s task:pt_data_worker  state:D stack:    0 pid:52211 ppid: 51880 flags:0x00004000" % c.ctime(io_t + 183),
                   "%s Call Trace:" % c.ctime(io_t + 183),
                   "%s  <TASK>" % c.ctime(io_t + 183),
                   "%s  io_schedule+0x46/0x80" % c.ctime(io_t + 183),
                   "%s  folio_wait_bit_common+0x13d/0x350" % c.ctime(io_t + 183),
                   "%s  filemap_get_pages+0x4b4/0x5e0" % c.ctime(io_t + 183),
                   "%s  ext4_file_read_iter+0x5d/0x1c0" % c.ctime(io_t + 183),
                   "%s  </TASK>" % c.ctime(io_t + 183),
                   "%s INFO: task pt_data_worker:52219 blocked for more than 120 seconds." % c.ctime(io_t + 183.1)]
        b.lines("%s/dmesg.txt" % n, dm)
    b.lines("%s/ps-D-state.txt" % badn, [
        "$ ps -eo pid,stat,wchan:22,cmd | awk '$2 ~ /D/'",
        "  52211 D    folio_wait_bit_common  pt_data_worker",
        "  52219 D    folio_wait_bit_common  pt_data_worker",
        "  52240 D    folio_wait_bit_common  pt_data_worker",
        "  52263 D    folio_wait_bit_common  pt_data_worker",
        "  61002 D    nvme_dev_disable       [kworker/u192:3+nvme-reset-wq]"])
    b.lines("kubectl-describe-pytorchjob.txt", [
        "Name:         ft-qwen", "Namespace:    ml-prod", "Kind:         PyTorchJob",
        "Status:",
        "  Conditions:",
        "    Message:  PyTorchJob ft-qwen is failed because 3 Worker replica(s) failed.",
        "    Reason:   PyTorchJobFailed",
        "Events:",
        "  Warning  NodeProblem  aks-h100-40613187-vmss000001  kernel: INFO: task pt_data_worker blocked for more than 120 seconds (KernelDeadlock condition: True)"])
    label = {"category": "storage", "layer": "infrastructure",
             "culprit": {"node": badn, "rank": None}, "action": "restart_without_node",
             "rationale": "The 24 ranks on three nodes time out in ALLREDUCE 20441 while the eight ranks on vmss000001 are silent; that node's local NVMe cache (nvme1n1) times out, resets and returns I/O errors, leaving the data-loader workers in D state. A local disk failure on one node, not a collective problem.",
             "modelled_on": "https://github.com/Azure/local-csi-driver/issues/153"}
    return b, label


# ---------------------------------------------------------------------------
# bz26: user cancelled during a slow (but progressing) evaluation
# ---------------------------------------------------------------------------
def bz26():
    b = Bundle("bz26_evaluation_looked_stuck_job_cancelled")
    c = Clock(2021, 10, 9, 11, 0, 0, 45010.0)
    nodes = ["gpu-d01", "gpu-d02"]
    r = rng(2626)
    L = []
    for it in range(19, 90000, 20):
        if it % 200 != 199:
            continue
        if it > 20000:
            break
        t = 60 + it * 0.41
        L.append("[%s d2.utils.events]:  eta: %s  iter: %d  total_loss: %.3f  loss_cls: %.3f  loss_box_reg: %.3f  time: 0.4102  data_time: 0.0102  lr: 0.02  max_mem: 7311M" % (
            c.at(t).strftime("%m/%d %H:%M:%S"), "%d:%02d:%02d" % ((90000 - it) * 41 // 360000, (90000 - it) * 41 // 6000 % 60, (90000 - it) * 41 // 100 % 60), it,
            0.92 - it * 0.000004 + r.random() * 0.02, 0.31 + r.random() * 0.01, 0.2 + r.random() * 0.01))
    t0 = 60 + 20000 * 0.41
    L.append("[%s d2.data.datasets.coco]: Loaded 5000 images in COCO format from datasets/coco/annotations/instances_val2017.json" % c.at(t0 + 2).strftime("%m/%d %H:%M:%S"))
    L.append("[%s d2.evaluation.evaluator]: Start inference on 313 batches" % c.at(t0 + 5).strftime("%m/%d %H:%M:%S"))
    for k, done in enumerate(range(11, 300, 20)):
        t = t0 + 5 + done * 5.43
        L.append("[%s d2.evaluation.evaluator]: Inference done %d/313. Dataloading: 0.0011 s/iter. Inference: 5.4102 s/iter. Eval: 0.0003 s/iter. Total: 5.4118 s/iter. ETA=0:%02d:%02d" % (
            c.at(t).strftime("%m/%d %H:%M:%S"), done, (313 - done) * 5 // 60, (313 - done) * 5 % 60))
    cancel = t0 + 5 + 291 * 5.43 + 41
    b.lines("gpu-d01/log.txt", L)
    b.lines("gpu-d01/config_diff.txt", ["TEST.AUG.ENABLED: True   # added in this run", "TEST.AUG.MIN_SIZES: (400, 500, 600, 700, 800, 900, 1000, 1100, 1200)",
                                        "TEST.AUG.FLIP: True", "TEST.EVAL_PERIOD: 20000"])
    for n in nodes:
        b.lines("%s/nvidia-smi.txt" % n, ["$ nvidia-smi --query-gpu=index,utilization.gpu,power.draw --format=csv (%s)" % c.iso(cancel - 300),
                                          "index, utilization.gpu [%], power.draw [W]"] +
                ["%d, %d %%, %d.%02d W" % (g, 91 + r.randint(0, 8), 220 + r.randint(0, 40), r.randint(0, 99)) for g in range(8)])
    b.lines("gpu-d01/pyspy_rank0.txt", pyspy(30211, "/usr/bin/python tools/train_net.py --num-gpus 8 --num-machines 2 --machine-rank 0 --dist-url tcp://gpu-d01:50152 --config-file configs/COCO-Detection/faster_rcnn_X_101_32x8d_FPN_3x.yaml",
                                             [(30211, "active", "MainThread", [
                                                 "forward (detectron2/modeling/roi_heads/fast_rcnn.py:290)",
                                                 "_call_impl (torch/nn/modules/module.py:1102)",
                                                 "_get_augmented_boxes (detectron2/modeling/test_time_augmentation.py:260)",
                                                 "_inference_one_image (detectron2/modeling/test_time_augmentation.py:223)",
                                                 "__call__ (detectron2/modeling/test_time_augmentation.py:196)",
                                                 "inference_on_dataset (detectron2/evaluation/evaluator.py:158)",
                                                 "test_with_TTA (tools/train_net.py:131)",
                                                 "main (tools/train_net.py:157)"])], pyver="3.7.11",
                                             pybin="/usr/bin/python3.7") + ["", "# second sample 30 s later: same function, inference_on_dataset at batch index 271 (was 266)"])
    b.lines("slurm-8810021.out", [
        "slurmstepd: error: *** JOB 8810021 ON gpu-d01 CANCELLED AT %s ***" % c.slurm(cancel),
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "srun: error: gpu-d02: task 1: Terminated",
        "srun: error: gpu-d01: task 0: Terminated",
        "srun: Force Terminated StepId=8810021.0"])
    b.lines("sacct.txt", [
        "JobID           JobName      State ExitCode    Elapsed",
        "------------ ---------- ---------- -------- ----------",
        "8810021      frcnn_x101 CANCELLED+      0:0   %s" % ("%02d:%02d:%02d" % (int(cancel) // 3600, int(cancel) // 60 % 60, int(cancel) % 60)),
        "",
        "$ sacct -j 8810021 -o JobID,State,Reason%30,User --parsable2 | head -2",
        "JobID|State|Reason|User",
        "8810021|CANCELLED by 51231|None|lzhou"])
    label = {"category": "unknown", "layer": "framework", "culprit": None, "action": "none",
             "rationale": "The job was in its first evaluation with test-time augmentation newly enabled (~5.4 s/iter instead of ~0.4 s); the evaluator kept logging progress up to 291/313, py-spy showed rank 0 actively running TTA inference and GPUs were busy, then the user cancelled it. Slow but progressing, no timeout or error: nothing to fix in the infrastructure.",
             "modelled_on": "https://github.com/facebookresearch/detectron2/issues/3562"}
    return b, label


# ---------------------------------------------------------------------------
# bz27: context-parallel all-gather with mismatched shard sizes (fr_trace 2.7)
# ---------------------------------------------------------------------------
def bz27():
    b = Bundle("bz27_first_step_hang_fr_size_mismatch")
    c = Clock(2026, 8, 20, 22, 0, 0, 301002.0)
    nodes = ["l20-box-1", "l20-box-2"]
    world = 16
    fire = 95.0 + 600.2
    r = rng(2727)
    for ni, n in enumerate(nodes):
        out = []
        for lr in range(8):
            rank = ni * 8 + lr
            out += nccl_init(n, 4401 + lr, 4600 + lr, lr, rank, world, _ip("10.12.12", ni), ib=False,
                             nccl_ver="2.26.2", cuda="12.8", busid=BUS_IDS[lr])
        if ni == 0:
            out.append("%s INFO runner.batch_inference: foldcp_mode=distributed cp_size=16 dp_size=1; input 16 samples" % c.iso_ms(40))
            out.append("%s INFO runner.batch_inference: sample 0: 3 chains, 22975 tokens -> per-rank shard ceil(22975/16)=1436 (last shard 1435)" % c.iso_ms(88.2))
        for lr in range(8):
            rank = ni * 8 + lr
            j = r.random()
            wd = watchdog_block("2.7", c, fire + j, rank, 7, "_ALLGATHER_BASE", 2940928 if rank != 15 else 2938880,
                                47054848, 600000, 600000 + int(j * 1000) + 5, 7, 6)
            out += wd
        b.lines("%s/stdout.log" % n, out)
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace -p nccl_trace_rank_ /tmp/fr",
          "Collective sequence number: 7 has errors",
          "internal record id: 6",
          "group info: 0:default_pg",
          "collective: nccl:_allgather_base",
          "input sizes: [[1, 1436, 16, 128]]",
          "output sizes: [[16, 1436, 16, 128]]",
          "world size: 16",
          "expected ranks: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}",
          "collective state: started",
          "error msg: Culprit rank 15; Error type: SIZE_OR_SYNTAX_MISMATCH, Expected input sizes: '[[1, 1436, 16, 128]]' does not match found input sizes: '[[1, 1435, 16, 128]]'",
          "collective stack trace: ",
          " all_gather_into_tensor at /opt/venv/lib/python3.13/site-packages/torch/distributed/distributed_c10d.py:3861",
          "wrapper at /opt/venv/lib/python3.13/site-packages/torch/distributed/c10d_logger.py:81",
          "gather_seq at /workspace/opendde/model/cp/ops.py:77",
          "forward at /workspace/opendde/model/modules/pairformer.py:415"]
    b.lines("fr_trace_analysis.txt", fr)
    b.lines("attempts.txt", ["attempt 1 (2026-08-20 21:21): identical hang at the first pairformer block, seq 7",
                             "attempt 2 (this bundle): same"])
    label = {"category": "hang", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "The very first forward hangs (seq 7, reproduced on a previous attempt) and fr_trace reports a SIZE_OR_SYNTAX_MISMATCH: rank 15 all-gathers a [1, 1435, 16, 128] shard while the others send 1436, because the context-parallel split of a 22975-token input is uneven. A program bug in sequence sharding; rank 15's GPU is not at fault.",
             "modelled_on": "https://github.com/aurekaresearch/OpenDDE/issues/23"}
    return b, label


# ---------------------------------------------------------------------------
# bz28: all eight ranks of one node missing; MCE and soft lockups on that host
# ---------------------------------------------------------------------------
def bz28():
    b = Bundle("bz28_eight_ranks_missing_from_collective")
    c = Clock(2024, 12, 1, 4, 0, 0, 1010220.0)
    nodes = ["c4-n%02d" % i for i in range(1, 9)]
    badn = "c4-n07"
    world = 64
    seq = 55012
    mce_t = 19930.0
    fire = mce_t + 600.8
    r = rng(2828)
    for ni, n in enumerate(nodes):
        out = []
        for lr in range(8):
            rank = ni * 8 + lr
            out += nccl_init(n, 17001 + lr, 17201 + lr, lr, rank, world, _ip("10.64.1", ni),
                             nccl_ver="2.21.5", cuda="12.4", busid=BUS_IDS[lr])
        if ni == 0:
            for s in range(100, 5501, 100):
                out.append("[rank0]: %s | step %5d | loss %.4f | grad_norm %.3f | 1.62 it/s" % (c.iso_ms(s * 3.62), s, 2.7 - s * 0.0001 + r.random() * 0.01, 0.5 + r.random() * 0.1))
        if n != badn:
            for lr in range(8):
                rank = ni * 8 + lr
                j = r.random()
                out += watchdog_block("2.4", c, fire + j, rank, seq, "ALLREDUCE", 50331648, 50331648,
                                      600000, 600000 + int(j * 1000) + 21, seq + 2, seq - 1)[:3]
        b.lines("%s/stdout.log" % n, out)
        dm = ["%s Linux version 5.14.0-427.13.1.el9_4.x86_64 (mockbuild@x86-64-01) #1 SMP PREEMPT_DYNAMIC" % c.uptime(-1010200)]
        if n == badn:
            dm += ["%s mce: [Hardware Error]: Machine check events logged" % c.uptime(mce_t - 420),
                   "%s EDAC skx MC3: HANDLING MCE MEMORY ERROR" % c.uptime(mce_t - 420),
                   "%s EDAC skx MC3: CPU 1: Machine Check Event: 0x0 Bank 13: 0x8c00004000010091" % c.uptime(mce_t - 420),
                   "%s EDAC MC3: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x2f31a8 offset:0x3c0 grain:32 syndrome:0x0 - err_code:0x0101:0x0091 socket:1 imc:1 rank:1 bg:3 ba:2 row:0x1b71 col:0x1f8)" % c.uptime(mce_t - 420),
                   "%s mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 13: bd80000000100134" % c.uptime(mce_t),
                   "%s mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9a8c1e52> {native_queued_spin_lock_slowpath+0x1b2/0x2e0}" % c.uptime(mce_t),
                   "%s mce: [Hardware Error]: TSC 3c1a2b8f9d21e ADDR 5e631a0c0 MISC 200001c020001086 " % c.uptime(mce_t),
                   "%s mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1733044330 SOCKET 1 APIC 4b microcode 2b000590" % c.uptime(mce_t),
                   "%s EDAC MC3: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x5e631a offset:0x0 grain:32 - err_code:0x0000:0x0134 socket:1 imc:1 rank:1 bg:3 ba:2 row:0x1b71 col:0x200)" % c.uptime(mce_t),
                   "%s Memory failure: 0x5e631a: recovery action for dirty LRU page: Recovered" % c.uptime(mce_t + 0.1),
                   "%s watchdog: BUG: soft lockup - CPU#37 stuck for 23s! [python3:17005]" % c.uptime(mce_t + 27.6),
                   "%s watchdog: BUG: soft lockup - CPU#41 stuck for 22s! [pt_nccl_watchdg:17420]" % c.uptime(mce_t + 31.1),
                   "%s rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:" % c.uptime(mce_t + 61.0),
                   "%s rcu:     37-....: (14999 ticks this GP) idle=b1c/1/0x4000000000000000 softirq=8812201/8812201 fqs=7011" % c.uptime(mce_t + 61.0),
                   "%s         (detected by 12, t=15002 jiffies, g=91122877, q=2212 ncpus=112)" % c.uptime(mce_t + 61.0),
                   "%s watchdog: BUG: soft lockup - CPU#37 stuck for 82s! [python3:17005]" % c.uptime(mce_t + 87.7),
                   "%s INFO: task python3:17002 blocked for more than 122 seconds." % c.uptime(mce_t + 125)]
        else:
            dm.append("%s EDAC MC0: Giving out device to module skx_edac controller Skylake Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)" % c.uptime(-1010150))
        b.lines("%s/dmesg.txt" % n, dm)
    sel = lambda sec: c.at(sec).strftime("%m/%d/%Y | %H:%M:%S")
    b.lines("%s/ipmi-sel.txt" % badn, [
        "$ ipmitool sel elist | tail -4",
        " 1a3 | %s | Memory #0x87 | Correctable ECC | Asserted | DIMM_P1_E1" % sel(mce_t - 420),
        " 1a4 | %s | Memory #0x87 | Uncorrectable ECC | Asserted | DIMM_P1_E1" % sel(mce_t),
        " 1a5 | %s | Processor #0x02 | IERR | Asserted" % sel(mce_t + 1),
        " 1a6 | %s | OS Critical Stop #0x20 | Run-time critical stop | Asserted" % sel(mce_t + 95)])
    fr = ["$ torchfrtrace --prefix nccl_trace_rank_ /shared/fr/c4job/",
          "We cannot decide what's wrong with this collective entry because we missed FR dumps from ranks ({48, 49, 50, 51, 52, 53, 54, 55}) so we don't have enough information. If you want to debug further use -j to dump all raw trace",
          "$ ls /shared/fr/c4job/ | wc -l",
          "56"]
    b.lines("fr_trace_analysis.txt", fr)
    b.lines("slurm-8120044.out", [
        "srun: error: c4-n01: task 0: Exited with exit code 1",
        "srun: error: Node failure on c4-n07",
        "srun: error: c4-n07: task 6: Killed",
        "slurmstepd: error: *** STEP 8120044.0 ON c4-n01 CANCELLED AT %s DUE TO NODE FAILURE ***" % c.slurm(fire + 400)])
    b.lines("sinfo-R.txt", ["REASON               USER      TIMESTAMP           NODELIST",
                            "Not responding       slurm     %s c4-n07" % c.slurm(fire + 380)])
    label = {"category": "host", "layer": "infrastructure",
             "culprit": {"node": badn, "rank": None}, "action": "restart_without_node",
             "rationale": "All eight ranks of c4-n07 stopped participating (no timeout lines, no flight-recorder dumps) while the other 56 time out in ALLREDUCE 55012; c4-n07's kernel log shows an uncorrectable DIMM error with a CPU machine check, followed by soft lockups and RCU stalls, IPMI logs IERR, and Slurm marks the node failed. A host (CPU/memory) fault.",
             "modelled_on": "https://github.com/madMAx43v3r/chia-plotter/issues/535"}
    return b, label


CASES = [bz17, bz18, bz19, bz20, bz21, bz22, bz23, bz24, bz25, bz26, bz27, bz28]
