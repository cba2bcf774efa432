"""Cases co01-co09 (flight recorder, py-spy, Xid, NFS/Lustre, IB)."""
import sys

sys.dont_write_bytecode = True

import json  # noqa: E402
import random  # noqa: E402

from lib import (  # noqa: E402
    A100_BUS, H100_BUS, TP, Bundle, Timeline, agent_sigterm_lines, dmesg_lines, dt, epoch, frames_backward,
    glog, gpu_list, ibstat, iso, kernlog_lines, nccl_init_block, nvsmi_q, pin_memory_thread, plus,
    pyspy_dump, sacct, syslog_ts, torchrun_child_failed, watchdog_block, megatron_iter,
)


def sbatch(name, nodes, gpus, time_limit, body, part="gpu", extra=None):
    lines = ["#!/bin/bash",
             "#SBATCH --job-name=%s" % name,
             "#SBATCH --partition=%s" % part,
             "#SBATCH --nodes=%d" % nodes,
             "#SBATCH --ntasks-per-node=1",
             "#SBATCH --gpus-per-node=%d" % gpus,
             "#SBATCH --cpus-per-task=96",
             "#SBATCH --time=%s" % time_limit,
             "#SBATCH --output=slurm-%j.out",
             "#SBATCH --exclusive"]
    lines += extra or []
    lines += [""] + body
    return lines


def torchrun_header(t, agent_pid, nproc):
    return [
        "W%02d%02d %s.%06d %d torch/distributed/run.py:793] " % (t.month, t.day, t.strftime("%H:%M:%S"), 881234, agent_pid),
        "W%02d%02d %s.%06d %d torch/distributed/run.py:793] *****************************************" % (t.month, t.day, t.strftime("%H:%M:%S"), 881300, agent_pid),
        "W%02d%02d %s.%06d %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (t.month, t.day, t.strftime("%H:%M:%S"), 881355, agent_pid),
        "W%02d%02d %s.%06d %d torch/distributed/run.py:793] *****************************************" % (t.month, t.day, t.strftime("%H:%M:%S"), 881390, agent_pid),
    ]


def healthy_node_files(b, rng, host, t_snap, nbus, boot, n_gpus=8, product="NVIDIA H100 80GB HBM3",
                       driver="535.161.08", events=None, kern=True, ib=True, hcas=None, gpu_over=None,
                       power=None, max_clock=1980, power_limit=700.0, mem_total=81559, arch="Hopper",
                       prefix=""):
    gl = gpu_list(rng, n_gpus, nbus, overrides=gpu_over or {}, procs_base=rng.randint(20000, 90000))
    if power is not None:
        for g in gl:
            g.setdefault("power", power)
    b.add(prefix + host + "/nvidia-smi-q.txt", nvsmi_q(t_snap, gl, driver=driver, product=product, arch=arch,
                                                       max_clock=max_clock, power_limit=power_limit,
                                                       mem_total=mem_total))
    if kern:
        b.add(prefix + host + "/kern.log", kernlog_lines(rng, host, boot, events or [], drv=driver, around=t_snap))
    if ib:
        hc = hcas or ["mlx5_%d" % i for i in range(8)]
        b.add(prefix + host + "/ibstat.txt", ibstat(hc, guid_seed=0x946dae0300000000 + rng.getrandbits(20) * 256))
    return gl


def label(category, layer, node, rank, action, rationale, url):
    return {"category": category, "layer": layer,
            "culprit": None if node is None else {"node": node, "rank": rank},
            "action": action, "rationale": rationale, "modelled_on": url}


# =====================================================================================
def co01(name):
    rng = random.Random(9601)
    b = Bundle()
    nodes = ["gpu-h101", "gpu-h102"]
    jobid = 5521907
    t0 = dt(2024, 11, 6, 9, 12, 4)
    boot = dt(2024, 10, 28, 7, 41, 0)
    tl = Timeline()
    agent = [41210, 40877]
    pids = [[agent[n] + 30 + i for i in range(8)] for n in range(2)]
    for n in range(2):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t_init = plus(t0, 21)
    tl.add(t_init, "0: 2024-11-06 09:12:25 | INFO | train_resnet_ddp.py:118 | world_size=16 backend=nccl broadcast_buffers=True sync_bn=False")
    tl.add(t_init, "0: 2024-11-06 09:12:25 | INFO | train_resnet_ddp.py:131 | model=resnet152 params=60.19M batch/gpu=128 amp=bf16")
    tl.add(plus(t_init, 9), "0: 2024-11-06 09:12:34 | INFO | train_resnet_ddp.py:166 | dataset imagenet-1k train=1281167 val=50000 (val on rank 0 only)")
    t = plus(t0, 40)
    step = 0
    loss = 6.91
    while step < 3000:
        step += 50
        t = plus(t, 49 + rng.random() * 4)
        loss = max(1.9, loss - rng.uniform(0.04, 0.11))
        tl.add(t, "0: %s | INFO | train_resnet_ddp.py:298 | epoch 0 step %5d/10008 | loss %.4f | lr %.5f | img/s %d | data %.3fs" % (
            t.strftime("%Y-%m-%d %H:%M:%S"), step, loss, 0.1 * min(1.0, step / 2500), rng.randint(30900, 31800), rng.uniform(0.002, 0.009)))
    t_val = plus(t, 2)
    tl.add(t_val, "0: %s | INFO | train_resnet_ddp.py:305 | step 3000: running validation (rank 0, 200 batches)" % t_val.strftime("%Y-%m-%d %H:%M:%S"))
    tl.add(plus(t_val, 1), "0: %s | WARNING | torch/nn/modules/module.py:1562 | UserWarning: Using a non-full backward hook when the forward contains multiple autograd Nodes is deprecated" % t_val.strftime("%Y-%m-%d %H:%M:%S"))
    t_wd = plus(t_val, 1803)
    for r in range(16):
        n, lr = divmod(r, 8)
        tt = plus(t_wd, rng.randint(0, 2))
        if r == 0:
            blk = watchdog_block(r, tt, rng.randint(1, 900000000), 18214, "BROADCAST", 53120, 1800000, 1800000 + rng.randint(20, 90),
                                 18214, 18213, fr_dump=True, dump_path="/lustre/ckpt/resnet152-ddp/fr_dumps/5521907/nccl_trace_rank_")
        else:
            blk = watchdog_block(r, tt, rng.randint(1, 900000000), 18214, "ALLREDUCE", 26214400, 1800000, 1800000 + rng.randint(20, 90),
                                 18214, 18213, fr_dump=True, dump_path="/lustre/ckpt/resnet152-ddp/fr_dumps/5521907/nccl_trace_rank_")
        tl.extend(tt, ["%d: %s" % (n, x) for x in blk[:7]])
    t_fail = plus(t_wd, 9)
    tl.extend(t_fail, ["1: " + x for x in agent_sigterm_lines(t_fail, agent[1], pids[1], 3, pids[1][3], -6)])
    tl.extend(plus(t_fail, 2), ["1: " + x for x in torchrun_child_failed("train_resnet_ddp.py", t_fail, nodes[1], [(11, 3, -6, pids[1][3], "SIGABRT")])])
    tl.extend(plus(t_fail, 3), ["0: " + x for x in agent_sigterm_lines(plus(t_fail, 3), agent[0], pids[0], 5, pids[0][5], -6)])
    tl.extend(plus(t_fail, 4), ["0: " + x for x in torchrun_child_failed("train_resnet_ddp.py", plus(t_fail, 3), nodes[0], [(5, 5, -6, pids[0][5], "SIGABRT")])])
    tl.add(plus(t_fail, 6), "srun: error: gpu-h102: task 1: Exited with exit code 1")
    tl.add(plus(t_fail, 7), "srun: error: gpu-h101: task 0: Exited with exit code 1")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("job.sbatch", sbatch("rn152-ddp", 2, 8, "1-00:00:00", [
        "export TORCH_NCCL_TRACE_BUFFER_SIZE=2000",
        "export TORCH_NCCL_DUMP_ON_TIMEOUT=1",
        "export TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/lustre/ckpt/resnet152-ddp/fr_dumps/${SLURM_JOB_ID}/nccl_trace_rank_",
        "head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "srun --label torchrun --nnodes=$SLURM_NNODES --nproc-per-node=8 \\",
        "    --rdzv-backend=c10d --rdzv-endpoint=$head:29500 --rdzv-id=$SLURM_JOB_ID \\",
        "    train_resnet_ddp.py --arch resnet152 --epochs 90 --val-every 3000 --amp bf16",
    ]))
    t_end = plus(t_fail, 7)
    b.add("sacct.txt", sacct(jobid, "rn152-ddp", "gpu", "vision", "FAILED", "1:0", "03:20:10", "gpu-h[101-102]", 192, t0, t_end))
    stack0 = [
        "_sync_buffers at %storch/nn/parallel/distributed.py:1921" % TP,
        "_pre_forward at %storch/nn/parallel/distributed.py:1500" % TP,
        "forward at %storch/nn/parallel/distributed.py:1632" % TP,
        "_call_impl at %storch/nn/modules/module.py:1747" % TP,
        "evaluate at /home/mlin/resnet/train_resnet_ddp.py:231",
        "main at /home/mlin/resnet/train_resnet_ddp.py:306",
    ]
    stack1 = [
        "_engine_run_backward at %storch/autograd/graph.py:825" % TP,
        "backward at %storch/autograd/__init__.py:347" % TP,
        "backward at %storch/_tensor.py:581" % TP,
        "train_one_step at /home/mlin/resnet/train_resnet_ddp.py:274",
        "main at /home/mlin/resnet/train_resnet_ddp.py:296",
    ]
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /lustre/ckpt/resnet152-ddp/fr_dumps/5521907 -p nccl_trace_rank_",
          "loaded 16 files in 1.84s",
          "built groups, memberships",
          "Collective 18213 (pg 0:default_pg, nccl:broadcast, sizes [[53120]]) completed on all 16 ranks",
          "Not all ranks joining collective 18214 at entry 1998",
          "group info: 0:default_pg",
          "collective: nccl:broadcast",
          "missing ranks: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}",
          "input sizes: [[53120]]",
          "output sizes: [[53120]]",
          "expected ranks: 16",
          "collective state: scheduled",
          "collective stack trace:"] + [" " + s for s in stack0] + [
          "",
          "Mismatch at collective 18214: rank 0 issued nccl:broadcast [[53120]], ranks 1-15 issued nccl:all_reduce [[26214400]] (COLLECTIVE_TYPE_MISMATCH)",
          "ranks 1-15 stack trace (rank 1 shown):"] + [" " + s for s in stack1] + [
          "",
          "rank  last_enqueued  last_started  last_completed  pending_op",
          ]
    for r in range(16):
        fr.append("%4d  %13d  %12d  %14d  %s" % (r, 18214, 18214, 18213, "nccl:broadcast [[53120]]" if r == 0 else "nccl:all_reduce [[26214400]]"))
    b.add("fr_trace_analysis.txt", fr)
    snap = plus(t_wd, -300)
    for n, h in enumerate(nodes):
        evs = []
        if n == 1:
            evs.append((dt(2024, 11, 5, 17, 2, 44), "NVRM: Xid (PCI:0000:3a:00): 13, pid=288114, name=python3, Graphics SM Warp Exception on (GPC 2, TPC 4, SM 1): Out Of Range Address"))
            evs.append((dt(2024, 11, 5, 17, 2, 44), "NVRM: Xid (PCI:0000:3a:00): 13, pid=288114, name=python3, Graphics Exception: ESR 0x51e730=0x201000e 0x51e734=0x24 0x51e728=0x4c1eb72 0x51e72c=0x174"))
            evs.append((dt(2024, 11, 5, 17, 2, 45), "NVRM: Xid (PCI:0000:3a:00): 43, pid=288114, name=python3, Ch 00000008"))
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, events=evs)
    lab = label("user_code", "script", None, None, "stop",
                "Flight recorder shows rank 0 issuing an extra DDP buffer broadcast from evaluate() (validation runs on rank 0 only) while ranks 1-15 moved on to the gradient all_reduce at the same sequence number 18214; the watchdog timeouts on every rank are the consequence. The Xid 13/43 on gpu-h102 is from an unrelated process the previous day. A collective called on only one rank is a script bug.",
                "https://github.com/pytorch/pytorch/issues/88000")
    return b, lab


# =====================================================================================
def co02(name):
    rng = random.Random(9602)
    b = Bundle()
    nodes = ["dgx0417", "dgx0418", "dgx0419", "dgx0420"]
    jobid = 3308812
    t0 = dt(2025, 2, 11, 22, 40, 10)
    boot = dt(2025, 2, 2, 3, 15, 0)
    tl = Timeline()
    agent = [71522, 71608, 70951, 71840]
    for n in range(4):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 190)
    tl.add(t, "0:  > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 8030261248")
    tl.add(t, "0: [after model, optimizer, and learning rate scheduler are built] datetime: %s " % t.strftime("%Y-%m-%d %H:%M:%S"))
    tl.add(plus(t, 40), "0: [after dataloaders are built] datetime: %s " % plus(t, 40).strftime("%Y-%m-%d %H:%M:%S"))
    it = 0
    t = plus(t, 60)
    while it < 7700:
        it += 50
        ms = rng.uniform(2890, 2990)
        t = plus(t, ms * 50 / 1000)
        if it % 50 == 0:
            tl.add(t, "3:" + megatron_iter(t, it, 100000, it * 512, ms, 2.5e-4, 512, 2.3 - it * 0.00004 + rng.uniform(-0.02, 0.02), rng.uniform(0.6, 0.9)))
    last = t
    t_wd = plus(last, 600 + 5)
    seq = 77120
    for r in range(32):
        if r == 19:
            continue
        n = r // 8
        tt = plus(t_wd, rng.randint(0, 3))
        blk = watchdog_block(r, tt, rng.randint(1, 900000000), seq, "ALLREDUCE", 40108032, 600000, 600000 + rng.randint(10, 80), seq + 4, seq - 1,
                             fr_dump=True, dump_path="/lustre1/proj/llm8b/fr/3308812/rank_")
        tl.extend(tt, ["%d: %s" % (n, x) for x in blk[:7]])
    tf = plus(t_wd, 12)
    tl.extend(tf, ["0: " + x for x in agent_sigterm_lines(tf, agent[0], [agent[0] + 20 + i for i in range(8)], 2, agent[0] + 22, -6)])
    tl.extend(plus(tf, 1), ["0: " + x for x in torchrun_child_failed("pretrain_gpt.py", tf, "dgx0417", [(2, 2, -6, agent[0] + 22, "SIGABRT")])])
    tl.add(plus(tf, 3), "srun: error: dgx0417: task 0: Exited with exit code 1")
    tl.add(plus(tf, 3), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    tl.add(plus(tf, 4), "slurmstepd: error: *** STEP 3308812.0 ON dgx0417 CANCELLED AT %s ***" % iso(plus(tf, 4)))
    tl.add(plus(tf, 5), "srun: error: dgx0418: task 1: Killed")
    tl.add(plus(tf, 5), "srun: error: dgx0420: task 3: Killed")
    tl.add(plus(tf, 36), "srun: error: dgx0419: task 2: Killed")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "llm8b-pt", "batch", "llm", "FAILED", "1:0", "06:39:52", "dgx[0417-0420]", 512, t0, plus(tf, 36)))
    b.add("job.sbatch", sbatch("llm8b-pt", 4, 8, "2-00:00:00", [
        "export TORCH_NCCL_TRACE_BUFFER_SIZE=4096 TORCH_NCCL_DUMP_ON_TIMEOUT=1",
        "export TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/lustre1/proj/llm8b/fr/${SLURM_JOB_ID}/rank_",
        "DATA=/lustre1/proj/llm8b/data/slimpajama_text_document",
        "srun --label torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint dgx0417:29400 \\",
        "   pretrain_gpt.py --tensor-model-parallel-size 1 --pipeline-model-parallel-size 1 \\",
        "   --num-layers 32 --hidden-size 4096 --seq-length 4096 --micro-batch-size 2 --global-batch-size 512 \\",
        "   --data-path $DATA --num-workers 4 --distributed-timeout-minutes 10 --log-interval 50",
    ]))
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /lustre1/proj/llm8b/fr/3308812 -p rank_ --allow-incomplete-ranks",
          "WARNING: 31 of 32 rank dumps found; missing dump for rank 19",
          "loaded 31 files in 3.02s",
          "built groups, memberships",
          "Not all ranks joining collective 77120 at entry 4095",
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          "missing ranks: {19}",
          "input sizes: [[40108032]]",
          "output sizes: [[40108032]]",
          "expected ranks: 32",
          "collective state: started",
          "collective stack trace:",
          " all_reduce at %storch/distributed/distributed_c10d.py:2455" % TP,
          " start_grad_sync at /workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py:398",
          " finish_grad_sync at /workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py:402",
          " finalize_model_grads at /workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py:221",
          " forward_backward_no_pipelining at /workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py:479",
          " train_step at /workspace/Megatron-LM/megatron/training/training.py:742",
          " train at /workspace/Megatron-LM/megatron/training/training.py:1340",
          "",
          "rank 19: last entry in its own buffer unknown (no dump written; process did not respond to dump signal)"]
    b.add("fr_trace_summary.txt", fr)
    snap = plus(t_wd, -200)
    for n, h in enumerate(nodes):
        evs = []
        if h == "dgx0419":
            base = plus(last, -40)
            evs += [
                (base, "Lustre: 4170:0:(client.c:2295:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@ffff9a2c5e1b8d80 x1823094411736576/t0(0) o3->lustre1-OST0017-osc-ffff9a2b81e3d000@10.41.0.27@o2ib:6/4 lens 488/440 e 0 to 1 dl %d ref 2 fl Rpc:Xr/0/ffffffff rc 0/-1 job:'pretrain_gpt.3308812'" % (
                    epoch(base) - 47, epoch(base) - 47, epoch(base))),
                (plus(base, 1), "Lustre: lustre1-OST0017-osc-ffff9a2b81e3d000: Connection to lustre1-OST0017 (at 10.41.0.27@o2ib) was lost; in progress operations using this service will wait for recovery to complete"),
                (plus(base, 47), "LustreError: 11-0: lustre1-OST0017-osc-ffff9a2b81e3d000: operation ost_connect to node 10.41.0.27@o2ib failed: rc = -16"),
                (plus(base, 118), "LustreError: 167-0: lustre1-OST0017-osc-ffff9a2b81e3d000: This client was evicted by lustre1-OST0017; in progress operations using this service will fail."),
                (plus(base, 118), "LustreError: 4191:0:(ldlm_resource.c:1125:ldlm_resource_complain()) lustre1-OST0017-osc-ffff9a2b81e3d000: namespace resource [0x1c0004e21:0x0:0x0].0x0 (ffff9a2c11f7ea80) refcount nonzero (1) after lock cleanup; forcing cleanup."),
                (plus(base, 250), "INFO: task pt_data_worker:48211 blocked for more than 122 seconds."),
                (plus(base, 250), "      Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"),
                (plus(base, 250), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
                (plus(base, 250), "task:pt_data_worker  state:D stack:    0 pid:48211 ppid: 47930 flags:0x00000000"),
                (plus(base, 250), "Call Trace:"),
                (plus(base, 250), " <TASK>"),
                (plus(base, 250), " __schedule+0x23d/0x590"),
                (plus(base, 250), " schedule+0x4e/0xc0"),
                (plus(base, 250), " cl_sync_io_wait+0x1f5/0x380 [obdclass]"),
                (plus(base, 250), " ll_io_read_page+0x33e/0x6b0 [lustre]"),
                (plus(base, 250), " ll_readpage+0x1b0/0x8e0 [lustre]"),
                (plus(base, 250), " filemap_fault+0x6a5/0xa40"),
                (plus(base, 250), " ll_fault+0x33f/0x800 [lustre]"),
                (plus(base, 250), " do_user_addr_fault+0x1c1/0x6b0"),
                (plus(base, 250), " exc_page_fault+0x77/0x170"),
                (plus(base, 250), " </TASK>"),
                (plus(base, 372), "INFO: task pt_data_worker:48211 blocked for more than 245 seconds."),
            ]
        else:
            evs.append((plus(t0, -3000), "Lustre: Mounted lustre1-client"))
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, events=evs)
    ps = ["  PID  PPID USER     STAT WCHAN                    %CPU  RSS(KB) ELAPSED CMD"]
    for lr in range(8):
        ps.append("%5d %5d llmsvc   Sl   futex_wait_queue_me     %5.1f %8d 06:49:02 /usr/bin/python3 -u pretrain_gpt.py --local-rank=%d" % (
            70951 + 20 + lr, 70951, 99.6 if lr != 3 else 0.0, rng.randint(21000000, 24000000), lr))
    for w in range(4):
        ps.append("%5d %5d llmsvc   %s   %-22s %5.1f %8d 06:48:11 pt_data_worker" % (
            48208 + w, 70974, "D" if w == 3 else "S", "cl_sync_io_wait" if w == 3 else "do_select", 0.0, rng.randint(3100000, 3400000)))
    b.add("dgx0419/ps.txt", ps)
    main_frames = [
        ("wait", "/usr/lib/python3.10/threading.py", 324),
        ("get", "/usr/lib/python3.10/multiprocessing/queues.py", 113),
        ("_try_get_data", TP + "torch/utils/data/dataloader.py", 1133),
        ("_get_data", TP + "torch/utils/data/dataloader.py", 1294),
        ("_next_data", TP + "torch/utils/data/dataloader.py", 1327),
        ("__next__", TP + "torch/utils/data/dataloader.py", 701),
        ("get_batch", "/workspace/Megatron-LM/pretrain_gpt.py", 128),
        ("forward_step", "/workspace/Megatron-LM/pretrain_gpt.py", 196),
        ("forward_step", "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 275),
        ("forward_backward_no_pipelining", "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 452),
        ("train_step", "/workspace/Megatron-LM/megatron/training/training.py", 742),
        ("train", "/workspace/Megatron-LM/megatron/training/training.py", 1340),
        ("pretrain", "/workspace/Megatron-LM/megatron/training/training.py", 360),
        ("<module>", "/workspace/Megatron-LM/pretrain_gpt.py", 272),
    ]
    worker_frames = [
        ("__getitem__", "/workspace/Megatron-LM/megatron/core/datasets/indexed_dataset.py", 401),
        ("_query_document_sample_shuffle_indices", "/workspace/Megatron-LM/megatron/core/datasets/gpt_dataset.py", 216),
        ("__getitem__", "/workspace/Megatron-LM/megatron/core/datasets/gpt_dataset.py", 128),
        ("__getitem__", "/workspace/Megatron-LM/megatron/core/datasets/blended_dataset.py", 91),
        ("fetch", TP + "torch/utils/data/_utils/fetch.py", 52),
        ("_worker_loop", TP + "torch/utils/data/_utils/worker.py", 351),
        ("run", "/usr/lib/python3.10/multiprocessing/process.py", 108),
    ]
    dump = ["# py-spy dump collected by on-call on dgx0419 at %s (job %d still running)" % (iso(plus(last, 420)), jobid), ""]
    dump.append(pyspy_dump(70974, "/usr/bin/python3 -u pretrain_gpt.py --local-rank=3 (rank 19)", [
        (70974, "idle", "MainThread", main_frames), pin_memory_thread(71102)]))
    dump.append(pyspy_dump(48211, "pt_data_worker (DataLoader worker 3 of rank 19)", [
        (48211, "active+gil", "MainThread", worker_frames)]))
    dump.append("# the same dump for local ranks 0-2 and 4-7 shows MainThread in all_reduce (distributed_c10d.py:2455) <- start_grad_sync (param_and_grad_buffer.py:398)")
    b.add("dgx0419/py-spy-dump.txt", dump)
    lab = label("storage", "infrastructure", "dgx0419", 19, "restart_without_node",
                "The flight recorder names rank 19 as the only rank missing from all_reduce 77120; py-spy shows rank 19 waiting on its DataLoader while its worker sits in D state in a Lustre page fault, and dgx0419's kernel log shows its Lustre client timing out and being evicted by OST0017 (no other node reports Lustre errors). The watchdog timeouts on the other 31 ranks are sympathetic.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/14")
    return b, lab


# =====================================================================================
def co03(name):
    rng = random.Random(9603)
    b = Bundle()
    nodes = ["a100-n07", "a100-n08"]
    jobid = 918274
    t0 = dt(2024, 7, 19, 14, 3, 51)
    boot = dt(2024, 7, 2, 10, 11, 0)
    tl = Timeline()
    agent = [119302, 87211]
    for n in range(2):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 35)
    tl.add(t, "0: [2024-07-19 14:04:26,118][trainer][INFO] - FSDP wrap policy: transformer_auto_wrap_policy(LlamaDecoderLayer) sharding=FULL_SHARD")
    step = 0
    while step < 1840:
        step += 20
        t = plus(t, 20 * rng.uniform(1.55, 1.62))
        tl.add(t, "0: [%s][trainer][INFO] - step=%d loss=%.4f grad_norm=%.3f lr=%.2e tokens/s=%d" % (
            t.strftime("%Y-%m-%d %H:%M:%S,%f")[:23], step, 2.1 - step * 0.0001 + rng.uniform(-0.03, 0.03), rng.uniform(0.3, 0.6), 2e-5, rng.randint(118000, 121000)))
    last = t
    t_xid = plus(last, 17)
    t_wd = plus(t_xid, 1800 + 3)
    for r in range(16):
        if r == 13:
            continue
        n = r // 8
        tt = plus(t_wd, rng.randint(0, 2))
        blk = watchdog_block(r, tt, rng.randint(1, 900000000), 29480, "_REDUCE_SCATTER_BASE", 209715200, 1800000, 1800000 + rng.randint(10, 90), 29481, 29479, world=16)
        tl.extend(tt, ["%d: %s" % (n, x) for x in blk[:7]])
    tf = plus(t_wd, 8)
    pids1 = [agent[1] + 11 + i for i in range(8)]
    tl.extend(tf, ["1: " + x for x in agent_sigterm_lines(tf, agent[1], pids1, 1, pids1[1], -6)])
    tl.extend(plus(tf, 1), ["1: " + x for x in torchrun_child_failed("train_fsdp.py", tf, "a100-n08", [(9, 1, -6, pids1[1], "SIGABRT")])])
    pids0 = [agent[0] + 11 + i for i in range(8)]
    tl.extend(plus(tf, 2), ["0: " + x for x in agent_sigterm_lines(plus(tf, 2), agent[0], pids0, 4, pids0[4], -6)])
    tl.extend(plus(tf, 3), ["0: " + x for x in torchrun_child_failed("train_fsdp.py", plus(tf, 2), "a100-n07", [(4, 4, -6, pids0[4], "SIGABRT")])])
    tl.add(plus(tf, 4), "srun: error: a100-n08: task 1: Exited with exit code 1")
    tl.add(plus(tf, 5), "srun: error: a100-n07: task 0: Exited with exit code 1")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "sft-13b", "a100", "nlp", "FAILED", "1:0", "01:20:12", "a100-n[07-08]", 256, t0, plus(tf, 5)))
    b.add("job.sbatch", sbatch("sft-13b", 2, 8, "12:00:00", [
        "srun --label torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint a100-n07:29500 \\",
        "    train_fsdp.py --config configs/sft_13b.yaml",
    ], part="a100"))
    snap = plus(t_wd, 40)
    prod = "NVIDIA A100-SXM4-80GB"
    for n, h in enumerate(nodes):
        evs = []
        over = {}
        missing = None
        if h == "a100-n08":
            evs = [
                (t_xid, "NVRM: GPU at PCI:0000:90:00: GPU-5d1e2c0a-7b3f-91c4-2e8a-6c0f3b9d1a77"),
                (t_xid, "NVRM: GPU Board Serial Number: 1322621045871"),
                (t_xid, "NVRM: Xid (PCI:0000:90:00): 79, pid=87227, name=python3, GPU has fallen off the bus."),
                (t_xid, "NVRM: GPU 0000:90:00.0: GPU has fallen off the bus."),
                (t_xid, "NVRM: GPU 0000:90:00.0: GPU serial number is 1322621045871."),
                (t_xid, "NVRM: A GPU crash dump has been created. If possible, please run"),
                (t_xid, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                (t_xid, "NVRM: the NVIDIA kernel module is unloaded."),
                (plus(t_xid, -2), "pcieport 0000:8e:00.0: AER: Uncorrected (Fatal) error received: 0000:8e:00.0"),
                (plus(t_xid, -2), "pcieport 0000:8e:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
                (plus(t_xid, -2), "pcieport 0000:8e:00.0:   device [1000:c030] error status/mask=00000020/00000000"),
                (plus(t_xid, -2), "pcieport 0000:8e:00.0:    [ 5] SDES                   (First)"),
            ]
            missing = ["0000:90:00.0"]
        gl = gpu_list(rng, 8, A100_BUS, procs_base=agent[n] + 11)
        if missing:
            gl = [g for g in gl if g["bus"] != "90"]
        b.add(h + "/nvidia-smi-q.txt", nvsmi_q(snap, gl, driver="535.183.01", product=prod, arch="Ampere", missing=missing,
                                              max_clock=1410, power_limit=400.0, mem_total=81920))
        b.add(h + "/kern.log", kernlog_lines(rng, h, boot, evs, drv="535.183.01", around=snap))
    topo = ["        GPU0  GPU1  GPU2  GPU3  GPU4  GPU5  GPU6  GPU7  NIC0  NIC1  CPU Affinity  NUMA Affinity",
            "GPU0     X    NV12  NV12  NV12  NV12  NV12  NV12  NV12  PXB   SYS   48-63,176-191 3"]
    b.add("a100-n07/nvidia-smi-topo.txt", topo + ["(truncated)"])
    lab = label("gpu_hardware", "infrastructure", "a100-n08", 13, "restart_without_node",
                "a100-n08 logged Xid 79 (GPU has fallen off the bus, preceded by a fatal PCIe AER error) for PCI 0000:90:00, which is GPU 5 on that node (nvidia-smi can no longer see it), i.e. rank 13. Rank 13 is the only rank without a watchdog report; the reduce-scatter timeouts and SIGABRTs reported by torchrun for ranks 4 and 9 are sympathetic.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507")
    return b, lab


# =====================================================================================
def co04(name):
    rng = random.Random(9604)
    b = Bundle()
    nodes = ["node-c21", "node-c22"]
    jobid = 660421
    t0 = dt(2025, 3, 3, 6, 0, 14)
    boot = dt(2025, 2, 20, 8, 0, 0)
    tl = Timeline()
    agent = [33910, 34102]
    for n in range(2):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 50)
    step = 0
    while step < 2000:
        step += 25
        t = plus(t, 25 * rng.uniform(0.9, 0.95))
        tl.add(t, "0: [rank0]:%s INFO trainer.py:233 step %d | loss %.4f | %.1f TFLOP/s/gpu" % (
            t.strftime("%Y-%m-%d %H:%M:%S"), step, 3.0 - step * 0.0003 + rng.uniform(-0.05, 0.05), rng.uniform(371, 380)))
    t_ck = plus(t, 3)
    for r in range(16):
        n = r // 8
        tl.add(plus(t_ck, r * 0.01), "%d: [rank%d]:%s INFO trainer.py:352 step 2000: eval loss aggregation + checkpoint" % (n, r, t_ck.strftime("%Y-%m-%d %H:%M:%S")))
    tl.add(plus(t_ck, 4), "0: [rank5]:%s WARNING trainer.py:371 checkpoint/eval hook failed, continuing training: KeyError('val/acc_bucket_7')" % plus(t_ck, 4).strftime("%Y-%m-%d %H:%M:%S"))
    tl.add(plus(t_ck, 9), "0: [rank0]:%s INFO checkpoint.py:88 saving sharded state dict to /scratch/proj/ckpt/mistral-ft/step_2000 ..." % plus(t_ck, 9).strftime("%Y-%m-%d %H:%M:%S"))
    tl.add(plus(t_ck, 61), "0: [rank0]:%s INFO checkpoint.py:97 rank 0 wrote __0_0.distcp (3.61 GB) in 52.1s" % plus(t_ck, 61).strftime("%Y-%m-%d %H:%M:%S"))
    t_wd = plus(t_ck, 1805)
    for r in range(16):
        n = r // 8
        tt = plus(t_wd, rng.randint(0, 2))
        if r == 5:
            blk = watchdog_block(r, tt, rng.randint(1, 900000000), 61207, "_ALLGATHER_BASE", 117440512, 1800000, 1800000 + rng.randint(9, 60), 61207, 61206, world=16)
        else:
            blk = watchdog_block(r, tt, rng.randint(1, 900000000), 61207, "ALLREDUCE", 1, 1800000, 1800000 + rng.randint(9, 60), 61207, 61206)
        tl.extend(tt, ["%d: %s" % (n, x) for x in blk[:7]])
    tf = plus(t_wd, 6)
    p0 = [agent[0] + 9 + i for i in range(8)]
    tl.extend(tf, ["0: " + x for x in agent_sigterm_lines(tf, agent[0], p0, 5, p0[5], -6)])
    tl.extend(plus(tf, 1), ["0: " + x for x in torchrun_child_failed("trainer.py", tf, "node-c21", [(5, 5, -6, p0[5], "SIGABRT")])])
    p1 = [agent[1] + 9 + i for i in range(8)]
    tl.extend(plus(tf, 1), ["1: " + x for x in agent_sigterm_lines(plus(tf, 1), agent[1], p1, 0, p1[0], -6)])
    tl.extend(plus(tf, 2), ["1: " + x for x in torchrun_child_failed("trainer.py", plus(tf, 1), "node-c22", [(8, 0, -6, p1[0], "SIGABRT")])])
    tl.add(plus(tf, 3), "srun: error: node-c21: task 0: Exited with exit code 1")
    tl.add(plus(tf, 3), "srun: error: node-c22: task 1: Exited with exit code 1")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "mistral-ft", "h100", "nlp-ft", "FAILED", "1:0", "01:06:31", "node-c[21-22]", 224, t0, plus(tf, 3)))
    b.add("job.sbatch", sbatch("mistral-ft", 2, 8, "08:00:00", [
        "srun --label torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint node-c21:29500 \\",
        "   trainer.py --model mistral-7b --fsdp full_shard --ckpt-every 2000 --eval-every 2000",
    ], part="h100"))
    snap = plus(t_ck, 900)
    barrier_frames = [
        ("barrier", TP + "torch/distributed/distributed_c10d.py", 4159),
        ("wrapper", TP + "torch/distributed/c10d_logger.py", 83),
        ("save_checkpoint", "/home/svc-ft/mft/trainer.py", 377),
        ("maybe_checkpoint", "/home/svc-ft/mft/trainer.py", 366),
        ("train", "/home/svc-ft/mft/trainer.py", 240),
        ("main", "/home/svc-ft/mft/trainer.py", 512),
        ("<module>", "/home/svc-ft/mft/trainer.py", 530),
    ]
    r5_frames = [
        ("_all_gather_into_tensor", TP + "torch/distributed/fsdp/_flat_param.py", 1425),
        ("unshard", TP + "torch/distributed/fsdp/_flat_param.py", 1328),
        ("_unshard", TP + "torch/distributed/fsdp/_runtime_utils.py", 328),
        ("_pre_forward_unshard", TP + "torch/distributed/fsdp/_runtime_utils.py", 448),
        ("_pre_forward", TP + "torch/distributed/fsdp/_runtime_utils.py", 412),
        ("forward", TP + "torch/distributed/fsdp/fully_sharded_data_parallel.py", 850),
        ("_call_impl", TP + "torch/nn/modules/module.py", 1747),
        ("train_step", "/home/svc-ft/mft/trainer.py", 205),
        ("train", "/home/svc-ft/mft/trainer.py", 236),
        ("main", "/home/svc-ft/mft/trainer.py", 512),
        ("<module>", "/home/svc-ft/mft/trainer.py", 530),
    ]
    for n, h in enumerate(nodes):
        parts = ["# for p in $(pgrep -f trainer.py | grep -v torchrun); do py-spy dump --pid $p; done   (%s, %s)" % (h, iso(snap)), ""]
        for lr in range(8):
            r = n * 8 + lr
            pid = agent[n] + 9 + lr
            parts.append(pyspy_dump(pid, "/usr/bin/python3 -u trainer.py --model mistral-7b --fsdp full_shard --ckpt-every 2000 --eval-every 2000 (RANK=%d)" % r, [
                (pid, "idle", "MainThread", r5_frames if r == 5 else barrier_frames), pin_memory_thread(pid + 301)]))
        b.add(h + "/py-spy-dump.txt", parts)
        healthy_node_files(b, rng, h, snap, H100_BUS, boot)
    code = [
        "# excerpt of trainer.py attached by the user (lines 350-380)",
        "    def maybe_checkpoint(self, step):",
        "        if step % self.cfg.ckpt_every:",
        "            return",
        "        log.info(f'step {step}: eval loss aggregation + checkpoint')",
        "        try:",
        "            metrics = {k: self.val_stats[k] / self.val_counts[k] for k in self.metric_keys}",
        "            self.save_checkpoint(step, metrics)",
        "        except Exception as e:  # never kill a long run because of a checkpoint",
        "            log.warning(f'checkpoint/eval hook failed, continuing training: {e!r}')",
        "",
        "    def save_checkpoint(self, step, metrics):",
        "        dcp.save(self.state_dict(), checkpoint_id=self.ckpt_dir / f'step_{step}')",
        "        dist.barrier()",
        "        ...",
    ]
    b.add("trainer_excerpt.py", code)
    lab = label("user_code", "script", None, None, "stop",
                "Rank 5 hit KeyError('val/acc_bucket_7') in its own metric dict inside maybe_checkpoint(); the broad except swallowed it, so rank 5 skipped the DCP save and its barrier and went on to the next FSDP all-gather while the other 15 ranks wait in dist.barrier (py-spy, and the watchdog shows rank 5 on _ALLGATHER_BASE vs ALLREDUCE numel 1 elsewhere). It is a deterministic script bug, not a node fault.",
                "https://github.com/dylanyunlon/Neuron_SP/issues/73")
    return b, lab


# =====================================================================================
def co05(name):
    rng = random.Random(9605)
    b = Bundle()
    nodes = ["node-11", "node-12", "node-13", "node-14"]
    jobid = 2207731
    t0 = dt(2024, 12, 14, 1, 30, 2)
    boot = dt(2024, 12, 1, 9, 0, 0)
    tl = Timeline()
    agent = [51001, 50877, 51240, 50960]
    for n in range(4):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 70)
    it = 0
    while it < 5000:
        it += 50
        t = plus(t, 50 * rng.uniform(1.31, 1.36))
        tl.add(t, "0: %s | it %d | loss %.3f | grad_norm %.2f | %.2f s/it | mem %.1fG" % (
            t.strftime("%Y-%m-%d %H:%M:%S"), it, 2.7 - it * 0.00009 + rng.uniform(-0.03, 0.03), rng.uniform(0.4, 1.1), rng.uniform(1.31, 1.36), rng.uniform(61, 63)))
    t_ck = plus(t, 1)
    tl.add(t_ck, "0: %s | saving checkpoint it 5000 -> /mnt/ckpt/proj-vlm/run17/it_005000.pt (consolidated on rank 0)" % t_ck.strftime("%Y-%m-%d %H:%M:%S"))
    t_nfs = plus(t_ck, 38)
    t_wd = plus(t_ck, 3600 + 4)
    for r in range(1, 32):
        n = r // 8
        tt = plus(t_wd, rng.randint(0, 2))
        blk = watchdog_block(r, tt, rng.randint(1, 900000000), 40112, "ALLREDUCE", 1, 3600000, 3600000 + rng.randint(8, 70), 40112, 40111)
        tl.extend(tt, ["%d: %s" % (n, x) for x in blk[:7]])
    tf = plus(t_wd, 7)
    p = [agent[2] + 8 + i for i in range(8)]
    tl.extend(tf, ["2: " + x for x in agent_sigterm_lines(tf, agent[2], p, 6, p[6], -6)])
    tl.extend(plus(tf, 1), ["2: " + x for x in torchrun_child_failed("train_vlm.py", tf, "node-13", [(22, 6, -6, p[6], "SIGABRT")])])
    tl.add(plus(tf, 2), "srun: error: node-13: task 2: Exited with exit code 1")
    tl.add(plus(tf, 2), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    tl.add(plus(tf, 34), "slurmstepd: error: *** STEP 2207731.0 ON node-11 CANCELLED AT %s ***" % iso(plus(tf, 34)))
    tl.add(plus(tf, 160), "slurmstepd: error: *** STEP 2207731.0 STEPD TERMINATED ON node-11 AT %s DUE TO JOB NOT ENDING WITH SIGNALS ***" % iso(plus(tf, 160)))
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "vlm-run17", "gpu", "mm", "FAILED", "1:0", "03:16:41", "node-[11-14]", 384, t0, plus(tf, 36)))
    b.add("job.sbatch", sbatch("vlm-run17", 4, 8, "3-00:00:00", [
        "export NCCL_DEBUG=WARN",
        "srun --label torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint node-11:29500 \\",
        "     train_vlm.py --cfg cfg/run17.yaml --dist-timeout-min 60 --save-dir /mnt/ckpt/proj-vlm/run17",
    ]))
    snap = plus(t_ck, 1500)
    for n, h in enumerate(nodes):
        evs = []
        off = n * 2
        evs.append((plus(t_nfs, off), "nfs: server nas-ckpt01 not responding, still trying"))
        evs.append((plus(t_nfs, off + 181), "nfs: server nas-ckpt01 not responding, still trying"))
        evs.append((plus(t_nfs, off + 362), "nfs: server nas-ckpt01 not responding, timed out"))
        if h == "node-11":
            for k in (1, 2, 3):
                tt = plus(t_nfs, 120 * k + 4)
                evs += [(tt, "INFO: task python3:%d blocked for more than %d seconds." % (agent[0] + 8, 120 * k + 2)),
                        (tt, "      Tainted: P           OE     6.5.0-41-generic #41~22.04.2-Ubuntu"),
                        (tt, "task:python3         state:D stack:0     pid:%d  ppid:%d  flags:0x00004002" % (agent[0] + 8, agent[0])),
                        (tt, "Call Trace:"), (tt, " <TASK>"), (tt, " __schedule+0x2cb/0x750"), (tt, " schedule+0x63/0x110"),
                        (tt, " rpc_wait_bit_killable+0x11/0x70 [sunrpc]"), (tt, " __wait_on_bit+0x42/0x110"),
                        (tt, " out_of_line_wait_on_bit+0x8c/0xb0"), (tt, " nfs_wait_on_request+0x35/0x50 [nfs]"),
                        (tt, " nfs_file_write+0x1a3/0x2e0 [nfs]"), (tt, " vfs_write+0x239/0x400"), (tt, " </TASK>")]
        else:
            tt = plus(t_nfs, 250 + n)
            evs += [(tt, "INFO: task ls:%d blocked for more than 122 seconds." % rng.randint(300000, 400000)),
                    (tt, "task:ls              state:D stack:0     pid:%d  ppid:1  flags:0x00000006" % rng.randint(300000, 400000)),
                    (tt, " nfs_getattr+0x14a/0x3c0 [nfs]")]
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, events=evs, ib=(n == 0))
        b.add(h + "/mount-check.txt", [
            "$ grep nfs /proc/mounts",
            "nas-ckpt01:/export/ckpt /mnt/ckpt nfs4 rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.20.1.%d,local_lock=none,addr=10.20.0.5 0 0" % (11 + n),
            "nas-home:/export/home /home nfs4 rw,relatime,vers=4.1,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.20.1.%d,addr=10.20.0.7 0 0" % (11 + n),
            "$ timeout 15 stat -f /mnt/ckpt; echo rc=$?",
            "rc=124",
            "$ timeout 15 stat -f /home; echo rc=$?",
            "  File: \"/home\"",
            "    ID: 0        Namelen: 255     Type: nfs",
            "Block size: 1048576    Fundamental block size: 1048576",
            "rc=0",
        ])
    dump = pyspy_dump(agent[0] + 8, "/usr/bin/python3 -u train_vlm.py --cfg cfg/run17.yaml (RANK=0)", [
        (agent[0] + 8, "active", "MainThread", [
            ("write", TP + "torch/serialization.py", 877),
            ("_save", TP + "torch/serialization.py", 881),
            ("save", TP + "torch/serialization.py", 652),
            ("save_checkpoint", "/home/vlm/vlm/engine.py", 312),
            ("train", "/home/vlm/vlm/engine.py", 250),
            ("main", "/home/vlm/train_vlm.py", 88)])])
    b.add("node-11/py-spy-rank0.txt", ["# py-spy dump --pid %d  (%s)" % (agent[0] + 8, iso(snap)), dump,
                                       "# ranks 1-31: MainThread in barrier (distributed_c10d.py:4159) <- save_checkpoint (engine.py:318)"])
    lab = label("storage", "infrastructure", None, None, "restart",
                "All four nodes log 'nfs: server nas-ckpt01 not responding' within seconds of each other and stat on /mnt/ckpt times out everywhere while /home works; rank 0 is stuck in D state writing the checkpoint to that mount and ranks 1-31 wait in the post-save barrier until the 60-minute watchdog fires. A shared-filesystem outage, not a node or script fault.",
                "https://github.com/Mouse-Imaging-Centre/pydpiper/issues/338")
    return b, lab


# =====================================================================================
def co06(name):
    rng = random.Random(9606)
    b = Bundle()
    nodes = ["gpu031", "gpu032", "gpu033"]
    jobid = 4412873
    t0 = dt(2025, 1, 22, 20, 0, 0)
    boot = dt(2025, 1, 9, 13, 30, 0)
    tl = Timeline()
    agent = [90112, 90310, 89977]
    for n in range(3):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 80)
    it = 0
    while it < 36000:
        it += 100
        t = plus(t, 100 * rng.uniform(0.705, 0.722))
        tl.add(t, "0: [%s] step %d/60000 loss=%.4f lr=%.3e grad_norm=%.3f step_time=%.3fs" % (
            t.strftime("%Y-%m-%d %H:%M:%S"), it, 2.6 - it * 0.00003 + rng.uniform(-0.02, 0.02), 3e-4, rng.uniform(0.2, 0.5), rng.uniform(0.70, 0.73)))
    last = t
    t_end = dt(2025, 1, 23, 8, 0, 0)
    tl.add(t_end, "slurmstepd: error: *** JOB %d ON gpu031 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, iso(t_end)))
    tl.add(plus(t_end, 1), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    tl.add(plus(t_end, 1), "slurmstepd: error: *** STEP %d.0 ON gpu031 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, iso(plus(t_end, 1))))
    for n in range(3):
        tl.add(plus(t_end, 2), "%d: W0123 08:00:02.%06d %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (n, 120000 + n, agent[n]))
        for lr in range(8):
            tl.add(plus(t_end, 2), "%d: W0123 08:00:02.%06d %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (n, 200000 + lr, agent[n], agent[n] + 6 + lr))
    tl.add(plus(t_end, 33), "srun: error: gpu032: task 1: Killed")
    tl.add(plus(t_end, 33), "srun: error: gpu033: task 2: Killed")
    tl.add(plus(t_end, 34), "srun: error: gpu031: task 0: Killed")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "dit-xl", "gpu", "genai", "TIMEOUT", "0:0", "12:00:34", "gpu[031-033]", 288, t0, plus(t_end, 34),
                             steps=[("%d.batch" % jobid, "batch", "", "genai", 96, "CANCELLED", "0:15", "12:00:34", iso(t0), iso(plus(t_end, 34)), "gpu031"),
                                    ("%d.0" % jobid, "torchrun", "", "genai", 288, "CANCELLED", "0:9", "12:00:33", iso(plus(t0, 1)), iso(plus(t_end, 34)), "gpu[031-033]")]))
    b.add("job.sbatch", sbatch("dit-xl", 3, 8, "12:00:00", [
        "srun --label torchrun --nnodes 3 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu031:29500 \\",
        "   train_dit.py --model DiT-XL/2 --global-batch-size 768 --pg-timeout-hours 6",
    ]))
    snap = dt(2025, 1, 23, 5, 31, 0)
    frames = [
        ("all_reduce", TP + "torch/distributed/distributed_c10d.py", 2455),
        ("wrapper", TP + "torch/distributed/c10d_logger.py", 83),
        ("clip_grad_norm_", TP + "torch/distributed/fsdp/fully_sharded_data_parallel.py", 1180),
        ("train_step", "/work/genai/dit/train_dit.py", 214),
        ("main", "/work/genai/dit/train_dit.py", 301),
        ("<module>", "/work/genai/dit/train_dit.py", 333),
    ]
    for n, h in enumerate(nodes):
        parts = ["# collected by on-call %s: job produced no output since %s" % (iso(snap), iso(last)), ""]
        for lr in range(8):
            pid = agent[n] + 6 + lr
            parts.append(pyspy_dump(pid, "/opt/conda/bin/python -u train_dit.py --model DiT-XL/2 (RANK=%d)" % (n * 8 + lr), [
                (pid, "idle", "MainThread", frames), pin_memory_thread(pid + 412)], pyver="3.11.9", exe="/opt/conda/bin/python3.11"))
        b.add(h + "/py-spy-dump.txt", parts)
        over = {i: {"util": 100, "power": round(rng.uniform(88, 104), 2), "temp": rng.randint(36, 41)} for i in range(8)}
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, gpu_over=over)
        b.add(h + "/dmesg-tail.txt", dmesg_lines(rng, 1123000.0, [], n_noise=8, span=90000))
    b.add("gpu031/ib-counters.txt", [
        "$ perfquery -x mlx5_0 1 ; (all 8 HCAs on all 3 nodes: SymbolErrorCounter, LinkDownedCounter, PortRcvErrors, PortXmitDiscards = 0)",
        "# Port extended counters: Lid 101 port 1 (CapMask: 0x5A00)",
        "PortXmitData:....................1847204451837",
        "PortRcvData:.....................1847211906632",
        "PortXmitPkts:....................622710448",
        "PortRcvPkts:.....................622713004",
        "SymbolErrorCounter:..............0",
        "LinkErrorRecoveryCounter:........0",
        "LinkDownedCounter:...............0",
        "PortRcvErrors:...................0",
        "PortXmitDiscards:................0",
    ])
    lab = label("hang", "infrastructure", None, None, "restart",
                "The run stopped logging at step 36000 and sat until Slurm killed it at the 12-hour limit; the watchdog never fired because the script raised the process-group timeout to 6 h. py-spy shows all 24 ranks parked in the same all_reduce in clip_grad_norm_, GPUs are idle-spinning, and no node has Xid, link, filesystem or memory errors. A hang with no identifiable culprit: restart from the last checkpoint.",
                "https://github.com/ShinoharaHare/LLM-Training/issues/7")
    return b, lab


# =====================================================================================
def co07(name):
    rng = random.Random(9607)
    b = Bundle()
    nodes = ["hgx-b05", "hgx-b06", "hgx-b07", "hgx-b08"]
    jobid = 7730215
    t0 = dt(2025, 4, 2, 18, 0, 5)
    boot = dt(2025, 3, 28, 9, 0, 0)
    tl = Timeline()
    agent = [22041, 21988, 22310, 22107]
    for n in range(4):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 240)
    it = 0
    while it < 3460:
        it += 20
        ms = rng.uniform(5100, 5250)
        t = plus(t, ms * 20 / 1000)
        tl.add(t, "3:" + megatron_iter(t, it, 250000, it * 1024, ms, 1.5e-4, 1024, 2.9 - it * 0.0002 + rng.uniform(-0.02, 0.02), rng.uniform(0.9, 1.3)))
    last = t
    t_xid = plus(last, 10)
    t_end = plus(t0, 8 * 3600)
    tl.add(t_end, "slurmstepd: error: *** JOB %d ON hgx-b05 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, iso(t_end)))
    tl.add(plus(t_end, 1), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for n in range(4):
        tl.add(plus(t_end, 2), "%d: W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (n, plus(t_end, 2).strftime("%m%d %H:%M:%S.118004"), agent[n]))
    tl.add(plus(t_end, 33), "srun: error: hgx-b07: task 2: Killed")
    tl.add(plus(t_end, 33), "srun: error: hgx-b05: task 0: Killed")
    tl.add(plus(t_end, 33), "srun: error: hgx-b06: task 1: Killed")
    tl.add(plus(t_end, 34), "srun: error: hgx-b08: task 3: Killed")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "gpt-20b", "hgx", "fm", "TIMEOUT", "0:0", "08:00:34", "hgx-b[05-08]", 448, t0, plus(t_end, 34)))
    b.add("job.sbatch", sbatch("gpt-20b", 4, 8, "08:00:00", [
        "export NCCL_DEBUG=WARN",
        "srun --label torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint hgx-b05:29400 \\",
        "   pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 4 \\",
        "   --distributed-timeout-minutes 600 --log-interval 20 ...",
    ], part="hgx"))
    snap = plus(t_end, -1800)
    for n, h in enumerate(nodes):
        evs = []
        over = {i: {"util": 100, "power": round(rng.uniform(110, 140), 2)} for i in range(8)}
        if h == "hgx-b07":
            evs.append((plus(t_xid, -6), "NVRM: Xid (PCI:0000:5d:00): 119, pid=22319, name=python3, Timeout waiting for RPC from GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)."))
            evs.append((plus(t_xid, -6), "NVRM: GPU at PCI:0000:5d:00: GPU-a7025c62-0c96-b417-6d14-19f801509422"))
            for k in range(1, 9):
                evs.append((plus(t_xid, 40 * k), "NVRM: Xid (PCI:0000:5d:00): 119, pid=%d, name=%s, Timeout waiting for RPC from GSP! Expected function 76 (GSP_RM_CONTROL) (0x2080014b 0x5)." % (
                    22319 if k % 3 else 48820 + k, "python3" if k % 3 else "nv-hostengine")))
            evs.append((plus(t_xid, 400), "NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:5d:00 (printing 1 of every 30).  The GPU likely needs to be reset."))
            over[3] = {"util": 0, "power": 0.0, "reset_required": "Yes", "drain": "Yes", "pstate": "Unknown"}
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, events=evs, gpu_over=over)
    b.add("hgx-b07/dcgm-health.txt", [
        "$ dcgmi health -g 0 -c",
        "+---------------------------+----------------------------------------------------------+",
        "| Health Monitor Report                                                                |",
        "+===========================+==========================================================+",
        "| Overall Health            | Failure                                                  |",
        "| GPU ID: 3                 | Failure                                                  |",
        "|                           | System: Failure                                          |",
        "|                           | GPU 3 is not responding to RM control calls (Xid 119).   |",
        "+---------------------------+----------------------------------------------------------+",
    ])
    lab = label("gpu_hardware", "infrastructure", "hgx-b07", 19, "restart_without_node",
                "Although sacct only says TIMEOUT, hgx-b07's kernel log shows repeated Xid 119 (GSP RPC timeout) on PCI 0000:5d:00, GPU 3 on that node, starting seconds after the last logged iteration; nvidia-smi marks that GPU reset-required and DCGM health fails it. That GPU is rank 19 (node index 2, local rank 3); with a 600-minute NCCL timeout the job simply hung until the time limit.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446")
    return b, lab


# =====================================================================================
def co08(name):
    rng = random.Random(9608)
    b = Bundle()
    nodes = ["cn201", "cn202", "cn203", "cn204"]
    ips = {h: "10.10.3.%d" % (201 + i) for i, h in enumerate(nodes)}
    t0 = dt(2024, 9, 9, 10, 20, 33)
    boot = dt(2024, 8, 30, 11, 0, 0)
    tl = Timeline()
    tl.add(t0, "+ mpirun -np 32 -H cn201:8,cn202:8,cn203:8,cn204:8 --tag-output --bind-to none --map-by slot \\")
    tl.add(t0, "    -x NCCL_DEBUG=WARN -x NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3 -x MASTER_ADDR=cn201 -x MASTER_PORT=29500 \\")
    tl.add(t0, "    python train_mpi.py --config configs/bert_large_mlm.yaml")
    t = plus(t0, 40)
    tl.add(t, "[1,0]<stdout>:[train_mpi] world_size=32 local_size=8 backend=nccl")
    step = 0
    while step < 12000:
        step += 200
        t = plus(t, 200 * rng.uniform(0.51, 0.53))
        tl.add(t, "[1,0]<stdout>:step %6d | mlm_loss %.4f | nsp_acc %.3f | seq/s %.0f" % (step, 3.5 - step * 0.0001 + rng.uniform(-0.03, 0.03), rng.uniform(0.9, 0.95), rng.uniform(7900, 8100)))
    last = t
    t_down = plus(last, 6)
    # peers complaining about cn203 over IB
    for r in range(32):
        n = r // 8
        lr = r % 8
        h = nodes[n]
        if h == "cn203":
            if lr in (4, 5):
                tl.add(plus(t_down, 1), "[1,%d]<stderr>:cn203:%d:%d [%d] NCCL WARN NET/IB : Got async event : port error" % (r, 61200 + lr, 61390 + lr, lr))
            continue
        if lr in (4, 5) and rng.random() < 0.9:
            tt = plus(t_down, 20 + rng.randint(0, 3))
            tl.add(tt, "[1,%d]<stderr>:%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_2" % (
                r, h, 61000 + n * 300 + lr, 61190 + n * 300 + lr, lr, ips["cn203"], rng.randint(40000, 60000), ips[h], ips["cn203"]))
            tl.add(tt, "[1,%d]<stderr>:%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (r, h, 61000 + n * 300 + lr, 61190 + n * 300 + lr, lr))
    t_wd = plus(last, 600 + 3)
    for r in range(32):
        n = r // 8
        tt = plus(t_wd, rng.randint(0, 2))
        blk = watchdog_block(r, tt, rng.randint(1, 900000000), 36051, "ALLREDUCE", 25165824, 600000, 600000 + rng.randint(5, 60), 36051, 36050,
                             prefix="[1,%d]<stderr>:[rank%d]:" % (r, r))
        tl.extend(tt, blk[:5])
    tl.add(plus(t_wd, 9), "--------------------------------------------------------------------------")
    tl.add(plus(t_wd, 9), "Primary job  terminated normally, but 1 process returned")
    tl.add(plus(t_wd, 9), "a non-zero exit code. Per user-direction, the job has been aborted.")
    tl.add(plus(t_wd, 9), "--------------------------------------------------------------------------")
    tl.add(plus(t_wd, 10), "--------------------------------------------------------------------------")
    tl.add(plus(t_wd, 10), "mpirun noticed that process rank 6 with PID 61006 on node cn201 exited on signal 6 (Aborted).")
    tl.add(plus(t_wd, 10), "--------------------------------------------------------------------------")
    b.add("mpirun.log", tl.render())
    b.add("hostfile", ["cn201 slots=8", "cn202 slots=8", "cn203 slots=8", "cn204 slots=8"])
    snap = plus(t_wd, 120)
    for n, h in enumerate(nodes):
        evs = []
        down = {}
        if h == "cn203":
            evs = [
                (plus(t_down, -3), "mlx5_core 0000:4b:00.0: mlx5_port_module_event:1153:(pid 0): Port module event[error]: module 2, Cable error, High Temperature"),
                (t_down, "mlx5_core 0000:4b:00.0 mlx5_2: Port: 1 Link DOWN"),
                (t_down, "mlx5_core 0000:4b:00.0 ibp75s0: Link down"),
                (plus(t_down, 95), "mlx5_core 0000:4b:00.0: mlx5_port_module_event:1153:(pid 0): Port module event[error]: module 2, Cable error, High Temperature"),
            ]
            down = {"mlx5_2": ("Down", "Polling", 10)}
        gl = gpu_list(rng, 8, H100_BUS)
        b.add(h + "/nvidia-smi-q.txt", nvsmi_q(snap, gl))
        b.add(h + "/kern.log", kernlog_lines(rng, h, boot, evs, around=snap))
        b.add(h + "/ibstat.txt", ibstat(["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"], down=down, guid_seed=0xb83fd20300a10000 + n * 0x1000))
    lab = label("network", "infrastructure", "cn203", None, "restart_without_node",
                "cn203's mlx5_2 reported a cable module error and went Link DOWN (ibstat: Down/Polling) seconds after the last step, and every other node's NCCL warnings are IB completion errors (status 12, retry exceeded) from peer 10.10.3.203. mpirun's 'rank 6 on cn201 exited on signal 6' and the watchdog timeouts everywhere are consequences of that one node's NIC link.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return b, lab


# =====================================================================================
def co09(name):
    rng = random.Random(9609)
    b = Bundle()
    r1 = ["gpu-r1-01", "gpu-r1-02", "gpu-r1-03", "gpu-r1-04"]
    r2 = ["gpu-r2-01", "gpu-r2-02", "gpu-r2-03", "gpu-r2-04"]
    nodes = r1 + r2
    jobid = 1182044
    t0 = dt(2025, 5, 17, 3, 10, 0)
    boot = dt(2025, 5, 1, 12, 0, 0)
    tl = Timeline()
    agent = [30000 + 111 * i for i in range(8)]
    for n in range(8):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 150)
    it = 0
    while it < 9000:
        it += 50
        t = plus(t, 50 * rng.uniform(1.02, 1.06))
        tl.add(t, "0: %s [INFO] train.py:402 - step %d loss %.4f lr %.2e tps %d" % (t.strftime("%Y-%m-%d %H:%M:%S"), it, 2.4 - it * 0.00004 + rng.uniform(-0.02, 0.02), 2e-4, rng.randint(2_900_000, 3_050_000)))
    last = t
    t_sw = plus(last, 3)
    for r in range(64):
        n = r // 8
        if r % 8 not in (0, 3):
            continue
        tt = plus(t_sw, 22 + rng.randint(0, 4))
        h = nodes[n]
        peer = "10.50.2.%d" % (11 + rng.randint(0, 3)) if n < 4 else "10.50.1.%d" % (11 + rng.randint(0, 3))
        tl.add(tt, "%d: %s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:10.50.%d.%d remoteGids::ffff:%s hca mlx5_%d" % (
            n, h, 41000 + r, 41300 + r, r % 8, peer, rng.randint(30000, 60000), 1 if n < 4 else 2, 11 + n % 4, peer, r % 8))
    t_wd = plus(last, 900 + 4)
    for r in range(0, 64, 3):
        n = r // 8
        tt = plus(t_wd, rng.randint(0, 2))
        tl.extend(tt, ["%d: %s" % (n, x) for x in watchdog_block(r, tt, rng.randint(1, 900000000), 52390, "_REDUCE_SCATTER_BASE", 134217728, 900000, 900000 + rng.randint(4, 70), 52391, 52389, world=64)[:3]])
    tf = plus(t_wd, 8)
    tl.add(tf, "0: torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    tl.add(tf, "5: torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    for n in range(8):
        tl.add(plus(tf, 2 + n % 3), "srun: error: %s: task %d: Exited with exit code 1" % (nodes[n], n))
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "moe-16x", "gpu", "research", "FAILED", "1:0", "02:52:14", "gpu-r1-[01-04],gpu-r2-[01-04]", 768, t0, plus(tf, 4)))
    b.add("topology.json", json.dumps({"topology": {"leaf-sw-07": r1, "leaf-sw-08": r2}}, indent=2) + "\n")
    snap = plus(t_wd, 300)
    for n, h in enumerate(nodes):
        evs = []
        down = {}
        if h in r2:
            for k in range(8):
                evs.append((plus(t_sw, k % 2), "mlx5_core 0000:%s:00.0 mlx5_%d: Port: 1 Link DOWN" % (["1a", "3b", "4c", "5d", "9c", "bb", "cc", "dc"][k], k)))
            evs.append((plus(t_sw, 600), "mlx5_core 0000:1a:00.0 mlx5_0: Port: 1 Link INIT"))
            down = {"mlx5_%d" % k: ("Down", "Polling") for k in range(8)}
        gl = gpu_list(rng, 8, H100_BUS)
        b.add(h + "/nvidia-smi-q.txt", nvsmi_q(snap, gl))
        b.add(h + "/kern.log", kernlog_lines(rng, h, boot, evs, n_noise=8, around=snap))
        b.add(h + "/ibstat.txt", ibstat(["mlx5_%d" % k for k in range(8)], down=down, guid_seed=0xa088c20300f00000 + n * 0x1000))
    lab = label("network", "infrastructure", None, None, "restart",
                "All eight HCAs on all four nodes under leaf-sw-08 (gpu-r2-01..04) went Link DOWN in the same second and stay Down/Polling, while the four nodes on leaf-sw-07 are Active; the NCCL IB completion errors on both sides and the reduce-scatter watchdog timeouts follow. A fabric/switch failure spanning many nodes, so no single node to exclude.",
                "https://github.com/NVIDIA/nccl/issues/733")
    return b, lab


CASES = [
    ("co01_rank0_eval_broadcast_desync", co01),
    ("co02_lustre_eviction_rank_stuck_in_read", co02),
    ("co03_xid79_gpu_fell_off_bus", co03),
    ("co04_swallowed_keyerror_skips_barrier", co04),
    ("co05_nfs_ckpt_server_not_responding", co05),
    ("co06_silent_hang_killed_at_time_limit", co06),
    ("co07_time_limit_hides_xid119_gsp", co07),
    ("co08_ib_port_down_mpirun", co08),
    ("co09_leaf_switch_partition", co09),
]
