"""Cases am01-am10."""
import datetime as dt
import json

from lib import *  # noqa: F401,F403
from common import torchrun_log, agent_failure

D = dt.datetime


def _megatron_preamble(t, rng, nparams="1345290240", tp=1, pp=1, world=32, gbs=512, mbs=2, seq=4096, lr="0.0003", clip="1.0", warmup=2000):
    L = []
    L.append((t, "using world size: %d, data-parallel size: %d, context-parallel size: 1, tensor-model-parallel size: %d, pipeline-model-parallel size: %d " % (world, world // (tp * pp), tp, pp)))
    L.append((t, "using torch.bfloat16 for parameters ..."))
    L.append((t, "------------------------ arguments ------------------------"))
    for k, v in (("global_batch_size", gbs), ("micro_batch_size", mbs), ("seq_length", seq), ("lr", lr),
                 ("min_lr", "3e-05"), ("lr_warmup_iters", warmup), ("clip_grad", clip), ("bf16", "True"),
                 ("use_distributed_optimizer", "True"), ("overlap_grad_reduce", "True"),
                 ("distributed_timeout_minutes", 10), ("save_interval", 1000), ("log_interval", 100),
                 ("tensor_model_parallel_size", tp), ("pipeline_model_parallel_size", pp)):
        L.append((t, "  %s %s %s" % (k, "." * (48 - len(k)), v)))
    L.append((t, "-------------------- end of arguments ---------------------"))
    t2 = t + TD(seconds=31)
    L.append((t2, "building GPT model ..."))
    L.append((t2 + TD(seconds=4), " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): %s" % nparams))
    L.append((t2 + TD(seconds=22), "[after model, optimizer, and learning rate scheduler are built] datetime: %s " % (t2 + TD(seconds=22)).strftime("%Y-%m-%d %H:%M:%S")))
    L.append((t2 + TD(seconds=40), "[after dataloaders are built] datetime: %s " % (t2 + TD(seconds=40)).strftime("%Y-%m-%d %H:%M:%S")))
    L.append((t2 + TD(seconds=40), "done with setup ..."))
    L.append((t2 + TD(seconds=41), "training ..."))
    L.append((t2 + TD(seconds=41), "[before the start of training step] datetime: %s " % (t2 + TD(seconds=41)).strftime("%Y-%m-%d %H:%M:%S")))
    return L, t2 + TD(seconds=41)


def _dmesg_T(rng, boot, node, events, start, end, driver="550.54.15", bus=H100_BUS, hcas=8):
    log = Log()
    for t, m in boot_dmesg(rng, boot, node.name, driver=driver, bus=bus, hcas=hcas):
        log.add(t, "%s %s" % (ts_dmesg_T(t), m))
    for t, m in quiet_noise(rng, start - TD(hours=5), end, node.name, n=5):
        log.add(t, "%s %s" % (ts_dmesg_T(t), m))
    for t, m in events:
        log.add(t, "%s %s" % (ts_dmesg_T(t), m))
    return log


# ---------------------------------------------------------------------------
def am01(name):
    """Xid 79 on one GPU; every other rank dies ten minutes later on the watchdog."""
    rng = rng_for(name)
    c = Case(name)
    names = ["hpc-gn-017", "hpc-gn-018", "hpc-gn-021", "hpc-gn-022"]
    ips = ["10.18.4.17", "10.18.4.18", "10.18.4.21", "10.18.4.22"]
    nodes = make_nodes(names, ips, rng=rng)
    start = D(2024, 3, 12, 9, 41, 7, 220000)
    T0 = D(2024, 3, 12, 15, 47, 3, 412118)
    bad, blr = nodes[2], 5
    script = "pretrain_gpt.py"
    seq, numel = 66847, 169869312
    logs = {n.name: torchrun_log(n, 4, start, rng, endpoint="10.18.4.17:29500", script=script) for n in nodes}
    pre, tstart = _megatron_preamble(start + TD(seconds=21), rng)
    for t, l in pre:
        logs["hpc-gn-017"].add(t, "[default0]:" + l)
    its, _, _ = megatron_iters(tstart + TD(seconds=30), 100, 30000, 100, 1.318, 250000, 512, rng)
    for t, l in its:
        if t < T0:
            logs["hpc-gn-017"].add(t, "[default0]:" + l)
    for k in range(1, 40):
        it = 1000 * k
        t = tstart + TD(seconds=30 + (it - 100) * 1.318 + 2)
        if t < T0:
            logs["hpc-gn-017"].add(t, "[default0]:saving checkpoint at iteration %7d to /lustre/proj/llm/ckpt/gpt-1b3" % it)
            logs["hpc-gn-017"].add(t + TD(seconds=17), "[default0]:  successfully saved checkpoint from iteration %7d to /lustre/proj/llm/ckpt/gpt-1b3 [ t 1/1, p 1/1 ]" % it)
    # bad rank: sticky CUDA error seen by its watchdog
    r = bad.rank(blr)
    logs[bad.name].add(T0 + TD(milliseconds=871), "\n".join("[default5]:" + x for x in cuda_watchdog_error(r, T0 + TD(milliseconds=871), rng, "unknown error").split("\n")))
    out, _ = agent_failure(bad, T0 + TD(milliseconds=1240), blr, -6, rng, script)
    logs[bad.name].extend(out)
    # everyone else: watchdog after 600 s
    for n in nodes:
        if n is bad:
            continue
        first = None
        for lr in range(8):
            t = T0 - TD(milliseconds=310) + (TD(seconds=600) + jit(rng, 40, 140))
            if first is None or t < first[0]:
                first = (t, lr)
            txt = watchdog_timeout(n.rank(lr), t, seq, "ALLREDUCE", numel, rng)
            logs[n.name].add(t, "\n".join("[default%d]:%s" % (lr, x) for x in txt.split("\n")))
        out, _ = agent_failure(n, first[0] + TD(milliseconds=600), first[1], -6, rng, script)
        logs[n.name].extend(out)
    boot = {"hpc-gn-017": D(2024, 3, 8, 6, 12, 40), "hpc-gn-018": D(2024, 3, 8, 6, 13, 2),
            "hpc-gn-021": D(2024, 3, 9, 22, 1, 37), "hpc-gn-022": D(2024, 3, 8, 6, 12, 55)}
    for n in nodes:
        ev = []
        if n is bad:
            ser = "1654923%06d" % rng.randint(0, 999999)
            ev = [(T0, "NVRM: GPU at PCI:0000:c3:00: %s" % uuid(rng)),
                  (T0, "NVRM: GPU Board Serial Number: %s" % ser),
                  (T0, "NVRM: Xid (PCI:0000:c3:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                  (T0, "NVRM: GPU 0000:c3:00.0: GPU has fallen off the bus."),
                  (T0, "NVRM: GPU 0000:c3:00.0: GPU serial number is %s." % ser),
                  (T0 + TD(seconds=1), "NVRM: A GPU crash dump has been created. If possible, please run\nNVRM: nvidia-bug-report.sh as root to collect this data before\nNVRM: the NVIDIA kernel module is unloaded.")]
        c.add("%s/dmesg-T.txt" % n.name, _dmesg_T(rng, boot[n.name], n, ev, start, T0 + TD(minutes=14)))
        c.add("%s/console.log" % n.name, logs[n.name])
    c.add("hpc-gn-021/nvidia-smi.out", "Unable to determine the device handle for GPU0000:C3:00.0: Unknown Error")
    c.set_label("gpu_hardware", "infrastructure", {"node": "hpc-gn-021", "rank": 21}, "restart_without_node",
                "GPU 0000:c3:00 (local rank 5, global rank 21) on hpc-gn-021 fell off the bus (Xid 79) at 15:47:03; rank 21's watchdog died on a sticky CUDA error a second later and every other rank only timed out 600 s afterwards.",
                "https://github.com/pytorch/pytorch/issues/118369")
    return c


# ---------------------------------------------------------------------------
def am02(name):
    """Leaf switch flap: every node on one leaf loses its links at once."""
    rng = rng_for(name)
    c = Case(name)
    names = ["r12n%02d" % i for i in range(1, 17)]
    ips = ["172.24.12.%d" % (10 + i) for i in range(1, 17)]
    hcas = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
    nodes = make_nodes(names, ips, rng=rng, bus=A100_BUS)
    leaf_a, leaf_b = nodes[:8], nodes[8:]
    c.add("topology.json", json.dumps({"topology": {"ib-leaf-r12a": [n.name for n in leaf_a],
                                                    "ib-leaf-r12b": [n.name for n in leaf_b]}}, indent=2))
    start = D(2024, 5, 20, 22, 5, 31, 400000)
    T0 = D(2024, 5, 21, 3, 18, 44, 120331)
    script = "train_llama.py"
    mlx_bus = ["0000:0c:00.0", "0000:12:00.0", "0000:8a:00.0", "0000:91:00.0"]
    logs = {n.name: torchrun_log(n, 16, start, rng, endpoint="172.24.12.11:29400", script=script,
                                 nccl_kw={"hcas": hcas, "version": "2.19.3+cuda12.3", "driver_cuda": "12030"},
                                 verbose_lrs=(0,)) for n in nodes}
    t = start + TD(seconds=70)
    it = 0
    while t < T0 - TD(seconds=3):
        it += 50
        t = t + TD(seconds=50 * 2.06 * (1 + rng.uniform(-0.01, 0.01)))
        if t >= T0:
            break
        logs["r12n01"].add(t, "[default0]:%s | INFO | train | step %d | loss %.4f | lr %.3e | grad_norm %.3f | tokens/s/gpu %d | step_time %.3fs"
                           % (ts_py(t), it, loss_at(it, rng, base=1.9), 3e-4 * min(1, it / 2000), rng.uniform(0.2, 0.45), rng.randint(3010, 3120), 2.06 + rng.uniform(-0.03, 0.03)))
    # kernel logs
    for n in nodes:
        boot = D(2024, 5, 17, 4, 0, 0) + TD(seconds=rng.randint(0, 900))
        log = Log()
        for tt, m in boot_dmesg(rng, boot, n.name, bus=A100_BUS, hcas=4, mlx_bus=mlx_bus, driver="535.161.08"):
            log.add(tt, "%s %s kernel: %s" % (ts_syslog(tt), n.name, m))
        for tt, m in quiet_noise(rng, start - TD(hours=3), T0 + TD(minutes=20), n.name, n=6):
            log.add(tt, "%s %s kernel: %s" % (ts_syslog(tt), n.name, m))
        log.add(start + TD(seconds=rng.randint(0, 3)), "%s %s slurmd[2211]: slurmd: launch task StepId=2291834.0 request from UID:41277 GID:41277 HOST:172.24.0.5 PORT:40212" % (ts_syslog(start), n.name))
        if n in leaf_b:
            for k, h in enumerate(hcas):
                td = T0 + jit(rng, 0, 380)
                log.add(td, "%s %s kernel: mlx5_core %s %s: Port: 1 Link DOWN" % (ts_syslog(td), n.name, mlx_bus[k], h))
            log.add(T0 + TD(seconds=1), "%s %s kernel: ib0: carrier lost" % (ts_syslog(T0 + TD(seconds=1)), n.name))
            for k, h in enumerate(hcas):
                td = T0 + (TD(seconds=37) + jit(rng, 0, 900))
                log.add(td, "%s %s kernel: mlx5_core %s %s: Port: 1 Link INIT" % (ts_syslog(td), n.name, mlx_bus[k], h))
                td2 = td + (TD(seconds=2) + jit(rng, 0, 400))
                log.add(td2, "%s %s kernel: mlx5_core %s %s: Port: 1 Link ACTIVE" % (ts_syslog(td2), n.name, mlx_bus[k], h))
            log.add(T0 + TD(seconds=41), "%s %s kernel: IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready" % (ts_syslog(T0 + TD(seconds=41)), n.name))
        c.add("%s/kern.log" % n.name, log)
        bad = {h: {"link_downed": 1, "symbol_error": rng.randint(140, 900), "link_error_recovery": rng.randint(1, 3),
                   "port_rcv_errors": rng.randint(3, 40)} for h in hcas} if n in leaf_b else {}
        c.add("%s/ib_port_counters.txt" % n.name, "# collected %s by job epilog\n" % ts_iso(T0 + TD(minutes=26)) + ib_counters(hcas, bad, rng))
    # NCCL errors
    for n in nodes:
        firsts = []
        for lr in range(8):
            pid = n.pid(lr)
            tid = pid + 53
            if n in leaf_b:
                ta = T0 + jit(rng, 5, 600)
                logs[n.name].add(ta, "[default%d]:%s:%d:%d [%d] NCCL WARN NET/IB : %s:1 Got async event : port error" % (lr, n.name, pid, tid, lr, hcas[lr // 2]))
            peer = rng.choice([m for m in leaf_b if m is not n])
            te = T0 + (TD(seconds=19) + jit(rng, 0, 2500))
            logs[n.name].add(te, "[default%d]:%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s"
                             % (lr, n.name, pid, tid, lr, peer.ip, rng.randint(33000, 60000), rng.choice([0, 1]), rng.choice(["Send", "Recv"]), n.ip, peer.ip))
            logs[n.name].add(te, "[default%d]:%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6\n[default%d]:%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6\n[default%d]:%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]"
                             % (lr, n.name, pid, tid, lr, lr, n.name, pid, tid, lr, lr, n.name, pid, tid, lr))
            tw = te + jit(rng, 200, 900)
            txt = nccl_remote_error(n.rank(lr), tw, rng, peer.ip, rng.randint(33000, 60000), n.ip, vers="2.19.3")
            logs[n.name].add(tw, "\n".join("[default%d]:%s" % (lr, x) for x in txt.split("\n")))
            firsts.append((tw, lr))
        firsts.sort()
        out, _ = agent_failure(n, firsts[0][0] + TD(milliseconds=300), firsts[0][1], -6, rng, script)
        logs[n.name].extend(out)
        c.add("%s/torchrun-%s.out" % (n.name, n.name), logs[n.name])
    sl = Log()
    sl.add(start - TD(seconds=4), "SLURM_JOB_ID=2291834 SLURM_JOB_NODELIST=r12n[01-16] SLURM_NNODES=16")
    sl.add(start - TD(seconds=4), "Starting torchrun on 16 nodes, 128 GPUs, rdzv 172.24.12.11:29400")
    tfail = T0 + TD(seconds=22)
    for i, n in enumerate(nodes):
        tt = tfail + TD(seconds=rng.uniform(0.5, 4))
        sl.add(tt, "srun: error: %s: task %d: Exited with exit code 1" % (n.name, i))
    sl.add(tfail + TD(seconds=5), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    c.add("slurm-2291834.out", sl)
    c.set_label("network", "infrastructure", None, "restart",
                "All eight nodes on leaf ib-leaf-r12b logged simultaneous mlx5 Link DOWN/ACTIVE on every HCA at 03:18:44 and have link_downed=1 counters, while the other leaf is clean; the completion errors accusing individual peers are a switch-wide event, not one node.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return c


# ---------------------------------------------------------------------------
def am03(name):
    """Device-side assert (embedding index out of range) shows up as Xid 13 on three nodes."""
    rng = rng_for(name)
    c = Case(name)
    names = ["node-c0701", "node-c0702", "node-c0705", "node-c0706"]
    ips = ["10.33.7.1", "10.33.7.2", "10.33.7.5", "10.33.7.6"]
    nodes = make_nodes(names, ips, rng=rng)
    start = D(2024, 4, 9, 11, 2, 13, 512000)
    T0 = None  # set from the training loop below (step 2148)
    L = Log()
    p = lambda t: ts_py_bracket(t)
    L.add(start, "%s [INFO] [runner.py:463:main] Using IP address of 10.33.7.1 for node node-c0701" % p(start))
    L.add(start, "%s [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: %s" % (p(start), ",".join(names)))
    L.add(start, "%s [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s export PYTHONPATH=/workspace/sft; export NCCL_IB_HCA=mlx5; export NCCL_DEBUG=WARN;  cd /workspace/sft; /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJub2RlLWMwNzAxIjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddfQ== --node_rank=%%n --master_addr=10.33.7.1 --master_port=29500 sft.py --model /models/qwen2-7b --data /datasets/sft_mix_v4 --deepspeed ds_z3_bf16.json --per_device_train_batch_size 4 --num_train_epochs 3 --learning_rate 2e-5 --add_special_tokens configs/special_tokens.json --no_resize_embeddings"
          % (p(start), ",".join(names)))
    for n in nodes:
        t = start + TD(seconds=2.7 + rng.random())
        L.add(t, "%s: %s [INFO] [launch.py:146:main] WORLD INFO DICT: {%s}" % (n.name, p(t), ", ".join("'%s': [0, 1, 2, 3, 4, 5, 6, 7]" % x for x in names)))
        L.add(t, "%s: %s [INFO] [launch.py:152:main] nnodes=4, num_local_procs=8, node_rank=%d" % (n.name, p(t), n.node_rank))
        L.add(t, "%s: %s [INFO] [launch.py:164:main] dist_world_size=32" % (n.name, p(t)))
        L.add(t, "%s: %s [INFO] [launch.py:166:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7" % (n.name, p(t)))
        L.add(t, "%s: %s [INFO] [launch.py:253:main] process %d spawned with command: ['/usr/bin/python3', '-u', 'sft.py', '--local_rank=0', ...]" % (n.name, p(t), n.pid(0)))
        t2 = t + TD(seconds=9 + rng.random())
        for lr in range(8):
            L.add(t2, "%s: %s [INFO] [comm.py:637:init_distributed] cdb=None" % (n.name, p(t2)))
        if n.node_rank == 0:
            L.add(t2, "%s: %s [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % (n.name, p(t2)))
        t3 = t2 + TD(seconds=14)
        for lr in range(8):
            L.add(t3, "%s: %s - WARNING - sft.data - tokenizer has 151665 tokens after adding 22 special tokens; model embedding has 151643 rows and --no_resize_embeddings is set" % (n.name, ts_py(t3)))
    t = start + TD(seconds=95)
    L.add(t, "node-c0701: %s [INFO] [config.py:1000:print] DeepSpeedEngine configuration:" % p(t))
    L.add(t, "node-c0701: %s [INFO] [config.py:1004:print]   zero_optimization_stage ...... 3" % p(t))
    L.add(t, "node-c0701: %s [INFO] [config.py:1004:print]   train_batch_size ............. 128" % p(t))
    L.add(t, "node-c0701: ***** Running training *****")
    L.add(t, "node-c0701:   Num examples = 274,871")
    L.add(t, "node-c0701:   Num Epochs = 3")
    L.add(t, "node-c0701:   Total optimization steps = 6,444")
    step = 0
    tt = t + TD(seconds=10)
    while step < 2140:
        step += 10
        tt = tt + TD(seconds=10 * 3.33 * (1 + rng.uniform(-0.02, 0.02)))
        L.add(tt, "node-c0701: {'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}"
              % (0.95 + 0.9 / (1 + step / 300) + rng.uniform(-0.04, 0.04), rng.uniform(0.3, 1.1), 2e-5 * min(1, step / 200), step / 2148))
        if step % 500 == 0:
            L.add(tt + TD(seconds=1), "node-c0701: %s [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.6e], mom=[(0.9, 0.95)]" % (p(tt), step, 2e-5))
    T0 = tt + TD(seconds=8 * 3.33, microseconds=rng.randint(0, 999999))
    L.add(T0 - TD(seconds=40), "node-c0701: %s - INFO - sft.data - epoch 1 finished; opening shard group 2 (sft_mix_v4/part-0004..0007, 91,204 examples)" % ts_py(T0 - TD(seconds=40)))
    # the assert: three nodes hit the bad tokens in the same step
    hit = {"node-c0701": [2, 6], "node-c0702": [1], "node-c0706": [3, 4]}
    bus_pid = {}
    for n in nodes:
        for lr in hit.get(n.name, []):
            ta = T0 + jit(rng, 0, 400)
            for k in range(3):
                L.add(ta, "%s: ../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed."
                      % (n.name, rng.randint(100, 900), rng.choice([32, 64, 96, 127])))
            tb = py_traceback([
                ("/workspace/sft/sft.py", 412, "<module>", "main()"),
                ("/workspace/sft/sft.py", 398, "main", "trainer.train()"),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 1938, "train", "return inner_training_loop("),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 2279, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 3318, "training_step", "loss = self.compute_loss(model, inputs)"),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 3363, "compute_loss", "outputs = model(**inputs)"),
                ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 1852, "forward", "loss = self.module(*inputs, **kwargs)"),
                ("/usr/local/lib/python3.10/dist-packages/transformers/models/qwen2/modeling_qwen2.py", 880, "forward", "inputs_embeds = self.embed_tokens(input_ids)"),
                ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/sparse.py", 163, "forward", "return F.embedding("),
                ("/usr/local/lib/python3.10/dist-packages/torch/nn/functional.py", 2264, "embedding", "return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)"),
            ], "RuntimeError: CUDA error: device-side assert triggered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                prefix="%s: " % n.name)
            L.add(ta + TD(milliseconds=300), tb)
            bus_pid[(n.name, lr)] = ta
    # launchers kill their children
    for n in nodes:
        tk = T0 + TD(seconds=2 + rng.random() * 2) if n.name in hit else T0 + TD(seconds=4 + rng.random() * 2)
        for lr in range(8):
            L.add(tk, "%s: %s [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (n.name, p(tk), n.pid(lr)))
        lr0 = hit.get(n.name, [0])[0]
        code = 1 if n.name in hit else -15
        L.add(tk + TD(milliseconds=200), "%s: %s [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'sft.py', '--local_rank=%d', '--model', '/models/qwen2-7b', '--data', '/datasets/sft_mix_v4', '--deepspeed', 'ds_z3_bf16.json'] exits with return code = %d" % (n.name, p(tk), lr0, code))
        L.add(tk + TD(milliseconds=800), "pdsh@node-c0701: %s: ssh exited with exit code %d" % (n.name, 1 if code == 1 else 143))
    c.add("deepspeed_launcher.log", L)
    # kernel logs
    for n in nodes:
        boot = D(2024, 4, 2, 8, 30, 0) + TD(seconds=rng.randint(0, 3600))
        log = Log()
        for tt, m in boot_dmesg(rng, boot, n.name):
            log.add(tt, "%s %s kernel: [%s] %s" % (ts_syslog(tt), n.name, ts_uptime(tt, boot)[1:-1].strip(), m))
        for tt, m in quiet_noise(rng, start - TD(hours=2), T0 + TD(minutes=5), n.name, n=4):
            log.add(tt, "%s %s kernel: [%s] %s" % (ts_syslog(tt), n.name, ts_uptime(tt, boot)[1:-1].strip(), m))
        if n.name == "node-c0705":
            for k in range(4):
                te = start - TD(hours=1) + TD(minutes=37 * k + rng.randint(0, 20))
                log.add(te, "%s %s kernel: [%s] EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0x1f3a2c offset:0x2c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:1 rank:1 bg:2 ba:1 row:0x1a7e1 col:0x3e0)"
                        % (ts_syslog(te), n.name, ts_uptime(te, boot)[1:-1].strip()))
        for lr in hit.get(n.name, []):
            tx = bus_pid[(n.name, lr)] + TD(milliseconds=30)
            b = n.bus[lr]
            log.add(tx, "%s %s kernel: [%s] NVRM: Xid (PCI:0000:%s:00): 13, pid=%d, name=python3, Graphics SM Warp Exception on (GPC %d, TPC %d, SM %d): Assert"
                    % (ts_syslog(tx), n.name, ts_uptime(tx, boot)[1:-1].strip(), b, n.pid(lr), rng.randint(0, 7), rng.randint(0, 8), rng.randint(0, 1)))
            log.add(tx, "%s %s kernel: [%s] NVRM: Xid (PCI:0000:%s:00): 13, pid=%d, name=python3, Graphics Exception: ESR 0x%x=0x%x 0x%x=0x24 0x%x=0x0 0x%x=0x0"
                    % (ts_syslog(tx), n.name, ts_uptime(tx, boot)[1:-1].strip(), b, n.pid(lr), 0x50e648 + rng.randint(0, 8) * 0x800, 0x102000e, 0x50e650, 0x50e644, 0x50e64c))
        c.add("%s/kern.log" % n.name, log)
    c.set_label("user_code", "script", None, "stop",
                "Ranks on three different nodes hit the same device-side assert in the embedding lookup (index >= 151643 rows) at the first step of the new data shard, right after the script warned that 22 added tokens were not resized into the embedding; the Xid 13s are the application's own assert, and node-c0705's corrected EDAC errors are unrelated.",
                "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html")
    return c


# ---------------------------------------------------------------------------
def am04(name):
    """Contained Xid 94 on one GPU; epilog reset applied the remap; nothing pending."""
    rng = rng_for(name)
    c = Case(name)
    names = ["trn-h100-001", "trn-h100-002", "trn-h100-003", "trn-h100-004"]
    ips = ["10.60.1.11", "10.60.1.12", "10.60.1.13", "10.60.1.14"]
    nodes = make_nodes(names, ips, rng=rng)
    start = D(2024, 8, 13, 21, 3, 55, 0)
    T0 = D(2024, 8, 14, 3, 11, 9, 514000)
    bad, blr = nodes[2], 4
    brank = bad.rank(blr)
    for n in nodes:
        for lr in range(8):
            r = n.rank(lr)
            log = Log()
            t = start + TD(seconds=6 + rng.random())
            log.add(t, "%s - INFO - launch - rank %d/32 local_rank %d on %s, CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7, MASTER_ADDR=10.60.1.11" % (ts_py(t), r, lr, n.name))
            log.add(t, "%s - INFO - launch - torch 2.4.0+cu124, nccl (2, 20, 5), device %s" % (ts_py(t), "NVIDIA H100 80GB HBM3"))
            for tt, l in nccl_init(n, lr, 32, 4, t + TD(seconds=12), rng, verbose=(lr == 0), commid="0x1e2b90cc4a7d6f02"):
                log.add(tt, l)
            t2 = t + TD(seconds=40)
            log.add(t2, "%s - INFO - model - FSDP wrapped LlamaForCausalLM (8.03B params), sharding=FULL_SHARD, mixed precision bf16" % ts_py(t2))
            log.add(t2 + TD(seconds=3), "%s - INFO - ckpt - resumed from /mnt/weka/runs/l3-8b-cpt/step_3500 (dataloader state restored)" % ts_py(t2 + TD(seconds=3)))
            if r == 0:
                step = 3500
                tt = t2 + TD(seconds=20)
                while True:
                    step += 25
                    tt = tt + TD(seconds=25 * 5.21 * (1 + rng.uniform(-0.01, 0.01)))
                    if tt >= T0:
                        break
                    log.add(tt, "%s - INFO - train - step %d/60000 loss=%.4f lr=%.3e gnorm=%.3f tok/s=%d mfu=%.1f%%"
                            % (ts_py(tt), step, loss_at(step, rng, base=1.6, scale=6), 1.5e-4, rng.uniform(0.15, 0.3), rng.randint(401000, 409000), rng.uniform(43.0, 44.2)))
                    if step % 500 == 0:
                        log.add(tt + TD(seconds=2), "%s - INFO - ckpt - saved /mnt/weka/runs/l3-8b-cpt/step_%d in 41.2s" % (ts_py(tt + TD(seconds=2)), step))
            if r == brank:
                te = T0 + TD(milliseconds=231)
                log.add(te, "%s - ERROR - train - uncaught exception on rank %d\n" % (ts_py(te), r) + py_traceback([
                    ("/opt/train/cpt.py", 311, "<module>", "main(cfg)"),
                    ("/opt/train/cpt.py", 262, "main", "loss = train_step(model, batch, optim, scaler)"),
                    ("/opt/train/cpt.py", 148, "train_step", "loss.backward()"),
                    ("/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                    ("/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
                    ("/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
                ], "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."))
            c.add("%s/rank_%02d.log" % (n.name, r), log)
    sl = Log()
    sl.add(start, "+ srun --kill-on-bad-exit=1 --ntasks-per-node=8 --gpus-per-task=1 python3 /opt/train/cpt.py --config cfg/l3_8b_cpt.yaml")
    tk = T0 + TD(seconds=1, milliseconds=403)
    sl.add(tk, "srun: error: trn-h100-003: task %d: Exited with exit code 1" % brank)
    sl.add(tk + TD(milliseconds=10), "srun: launch/slurm: _step_signal: Terminating StepId=9124.0")
    sl.add(tk + TD(milliseconds=50), "slurmstepd: error: *** STEP 9124.0 ON trn-h100-001 CANCELLED AT %s ***" % tk.strftime("%Y-%m-%dT%H:%M:%S"))
    for n in nodes:
        rs = [x for x in n.ranks() if x != brank]
        sl.add(tk + (TD(seconds=1) + jit(rng, 0, 900)), "srun: error: %s: tasks %s: Terminated" % (n.name, "%d-%d" % (rs[0], rs[-1]) if len(rs) == 8 else ",".join(str(x) for x in rs)))
    sl.add(tk + TD(seconds=3), "srun: Force Terminated StepId=9124.0")
    c.add("slurm-9124.out", sl)
    boot = D(2024, 8, 1, 17, 44, 2)
    ev = [(T0, "NVRM: Xid (PCI:0000:9d:00): 94, pid=%d, name=python3, Contained: SM (0x1). RST: No, D-RST: No" % bad.pid(blr)),
          (T0, "NVRM: Xid (PCI:0000:9d:00): 94, pid=%d, name=python3, Contained ECC error." % bad.pid(blr)),
          (T0 + TD(milliseconds=3), "NVRM: Xid (PCI:0000:9d:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000d41f08) marked for remapping, reset gpu to activate.")]
    for n in nodes:
        c.add("%s/dmesg-T.log" % n.name, _dmesg_T(rng, boot + TD(minutes=rng.randint(0, 30)), n, ev if n is bad else [], start, T0 + TD(minutes=5)))
    te = T0 + TD(minutes=1, seconds=12)
    ep = Log()
    ep.add(te, "%s epilog[88120]: job 9124 ended (state=FAILED), running post-job GPU checks" % ts_iso(te))
    ep.add(te + TD(seconds=2), "%s epilog[88120]: GPU 4 (00000000:9D:00.0): remapped rows pending=Yes, failure=No -> requesting GPU reset" % ts_iso(te + TD(seconds=2)))
    ep.add(te + TD(seconds=9), "%s epilog[88120]: nvidia-smi -r -i 4: GPU 00000000:9D:00.0 was successfully reset." % ts_iso(te + TD(seconds=9)))
    ep.add(te + TD(seconds=11), "%s epilog[88120]: GPU 4 (00000000:9D:00.0): remapped rows pending=No, failure=No, uncorrectable=1" % ts_iso(te + TD(seconds=11)))
    ep.add(te + TD(seconds=12), "%s epilog[88120]: dcgmi diag -r 1: PASS" % ts_iso(te + TD(seconds=12)))
    ep.add(te + TD(seconds=12), "%s epilog[88120]: node left in state IDLE" % ts_iso(te + TD(seconds=12)))
    c.add("trn-h100-003/healthcheck/epilog.log", ep)
    gpus = [gpu_default(i, bad.bus[i], rng) for i in range(8)]
    g = gpus[blr]
    g["ecc_agg"] = {"DRAM Uncorrectable": 1, "DRAM Correctable": 3}
    g["remap"] = {"corr": 0, "unc": 1, "pending": "No", "fail": "No"}
    c.add("trn-h100-003/healthcheck/nvidia-smi-q.txt", nvsmi_q(te + TD(seconds=11), "550.90.07", "12.4", gpus))
    c.set_label("gpu_memory", "infrastructure", {"node": "trn-h100-003", "rank": 20}, "restart",
                "Rank 20 (GPU 4, 0000:9d:00 on trn-h100-003) died with an uncorrectable ECC error; dmesg shows a contained Xid 94 followed by a row remap, and after the epilog reset nvidia-smi reports the row remapped with nothing pending and no remap failure, so the GPU is usable again.",
                "https://github.com/NVIDIA/gpu-operator/issues/1065")
    return c


# ---------------------------------------------------------------------------
def am05(name):
    """RoCE: sxm-n13's own NIC flaps; it reports completion errors naming sxm-n12."""
    rng = rng_for(name)
    c = Case(name)
    names = ["sxm-n11", "sxm-n12", "sxm-n13", "sxm-n14"]
    oob = ["10.0.3.11", "10.0.3.12", "10.0.3.13", "10.0.3.14"]
    nodes = make_nodes(names, oob, rng=rng, bus=HGX_BUS)
    order = {"sxm-n11": 0, "sxm-n12": 1, "sxm-n13": 2, "sxm-n14": 3}
    hcas = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
    netdev = ["enp12s0f0np0", "enp75s0f0np0", "enp140s0f0np0", "enp203s0f0np0"]
    pci = ["0000:0c:00.0", "0000:4b:00.0", "0000:8c:00.0", "0000:cb:00.0"]
    start = D(2024, 10, 2, 8, 0, 4, 0)
    T0 = D(2024, 10, 2, 11, 26, 51, 304000)
    bad = nodes[2]
    rail = 1
    logs = {}
    for n in nodes:
        log = Log()
        t = start + TD(seconds=3)
        log.add(t, "%s | INFO | launcher | node %s node_rank=%d nproc=8 master=10.0.3.11:23456 NCCL_IB_GID_INDEX=3 NCCL_IB_TIMEOUT=22 NCCL_IB_RETRY_CNT=7" % (ts_py(t), n.name, n.node_rank))
        for lr in range(8):
            for tt, l in nccl_init(n, lr, 32, 4, t + TD(seconds=15 + lr * 0.02), rng, ifname="eth0", net="RoCE", hcas=hcas,
                                   verbose=(lr in (0, 3)), commid="0x9f0e11a2b3c4d5e6"):
                log.add(tt, l)
        if n.node_rank == 0:
            step = 0
            tt = t + TD(seconds=80)
            while True:
                step += 20
                tt = tt + TD(seconds=20 * 1.87 * (1 + rng.uniform(-0.01, 0.01)))
                if tt >= T0:
                    break
                log.add(tt, "%s | INFO | trainer | it %6d | loss %.4f | lr %.2e | %.2f s/it | %.1f TFLOP/s/gpu" % (ts_py(tt), step, loss_at(step, rng, base=2.4), 2e-4, 1.87 + rng.uniform(-0.02, 0.02), rng.uniform(402, 411)))
        logs[n.name] = log
    # n13 own rail-1 NIC goes down: async event on its ranks that use mlx5_1 (local ranks 2,3)
    for lr in (2, 3):
        pid = bad.pid(lr)
        logs[bad.name].add(T0 + TD(milliseconds=90 + lr), "%s:%d:%d [%d] NCCL WARN NET/IB : mlx5_1:1 Got async event : port error" % (bad.name, pid, pid + 61, lr))
    # n13 sends toward n12 fail first (retry exceeded after ~17 s), then n14 talking to n13 fails
    n12 = nodes[1]
    n14 = nodes[3]
    te = T0 + TD(seconds=16, milliseconds=880)
    for lr in (2, 3):
        pid = bad.pid(lr)
        logs[bad.name].add(te + TD(milliseconds=lr), "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.0.3.12<%d> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:192.168.51.13 remoteGids::ffff:192.168.51.12"
                           % (bad.name, pid, pid + 71, lr, rng.randint(40000, 60000)))
        logs[bad.name].add(te + TD(milliseconds=lr + 1), "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (bad.name, pid, pid + 71, lr))
        tw = te + TD(milliseconds=400 + lr * 20)
        logs[bad.name].add(tw, nccl_remote_error(bad.rank(lr), tw, rng, "10.0.3.12", rng.randint(40000, 60000), "192.168.51.13", vers="2.20.5"))
    te2 = te + TD(seconds=1, milliseconds=205)
    for lr in (2, 3):
        pid = n14.pid(lr)
        logs[n14.name].add(te2 + TD(milliseconds=lr), "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.0.3.13<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:192.168.51.14 remoteGids::ffff:192.168.51.13"
                           % (n14.name, pid, pid + 71, lr, rng.randint(40000, 60000)))
        tw = te2 + TD(milliseconds=500 + lr * 30)
        logs[n14.name].add(tw, nccl_remote_error(n14.rank(lr), tw, rng, "10.0.3.13", rng.randint(40000, 60000), "192.168.51.14", vers="2.20.5"))
    # launcher on n13 tears down; n11/n12 hit watchdog much later
    for n in (bad, n14):
        tk = te2 + TD(seconds=2)
        logs[n.name].add(tk, "%s | ERROR | launcher | local rank 2 (pid %d) exited with code -6; terminating remaining workers" % (ts_py(tk), n.pid(2)))
    for n in (nodes[0], nodes[1]):
        for lr in range(8):
            tw = T0 + (TD(seconds=600) + jit(rng, 200, 600))
            logs[n.name].add(tw, watchdog_timeout(n.rank(lr), tw, 512207, "_REDUCE_SCATTER_BASE", 134217728, rng))
        tk = T0 + TD(seconds=601, milliseconds=400)
        logs[n.name].add(tk, "%s | ERROR | launcher | local rank 0 (pid %d) exited with code -6; terminating remaining workers" % (ts_py(tk), n.pid(0)))
    for n in nodes:
        c.add("%s/train.log" % n.name, logs[n.name])
        boot = D(2024, 9, 29, 14, 2, 11) + TD(seconds=rng.randint(0, 1200))
        c.add("%s/uptime-s.txt" % n.name, boot.strftime("%Y-%m-%d %H:%M:%S"))
        dl = Log()
        for tt, m in boot_dmesg(rng, boot, n.name, bus=HGX_BUS, hcas=4, mlx_bus=pci):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        for k in range(4):
            tt = boot + TD(seconds=26 + k * 0.3)
            dl.add(tt, "%s mlx5_core %s %s: Link up" % (ts_uptime(tt, boot), pci[k], netdev[k]))
        for tt, m in quiet_noise(rng, start - TD(hours=1), T0 + TD(minutes=12), n.name, n=5):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        if n is bad:
            dl.add(T0, "%s mlx5_core %s %s: Link down" % (ts_uptime(T0, boot), pci[rail], netdev[rail]))
            dl.add(T0 + TD(milliseconds=2), "%s mlx5_core %s: mlx5_port_module_event:1168:(pid 0): Port module event: module 0, Cable error, Bad or shorted cable/module" % (ts_uptime(T0 + TD(milliseconds=2), boot), pci[rail]))
            tu = T0 + TD(seconds=41, milliseconds=77)
            dl.add(tu, "%s mlx5_core %s %s: Link up" % (ts_uptime(tu, boot), pci[rail], netdev[rail]))
        c.add("%s/dmesg.txt" % n.name, dl)
        es = []
        for k, nd in enumerate(netdev):
            vals = {"link_down_events_phy": 0, "rx_crc_errors_phy": 0, "rx_symbol_err_phy": 0, "rx_pcs_symbol_err_phy": 0,
                    "rx_out_of_buffer": rng.randint(0, 3), "tx_pause_ctrl_phy": rng.randint(1000, 9000), "rx_discards_phy": 0}
            if n is bad and k == rail:
                vals.update(link_down_events_phy=1, rx_crc_errors_phy=1822, rx_symbol_err_phy=14, rx_pcs_symbol_err_phy=23107)
            es.append("# ethtool -S %s | egrep 'link_down|crc|symbol|discard|out_of_buffer|pause'" % nd)
            es.extend("     %s: %d" % (k2, v) for k2, v in vals.items())
        c.add("%s/ethtool-S.txt" % n.name, "\n".join(es))
    c.set_label("network", "infrastructure", {"node": "sxm-n13"}, "restart_without_node",
                "sxm-n13's own rail-1 port (enp75s0f0np0 / mlx5_1) went down at 11:26:51 with a cable error and link_down_events_phy=1; its ranks then reported completion errors naming sxm-n12, which has clean counters, and sxm-n14 in turn accused sxm-n13.",
                "https://github.com/NVIDIA/nccl/issues/1170")
    return c


# ---------------------------------------------------------------------------
def am06(name):
    """Job reaches its 24 h limit while healthy; an Xid 63 and a few corrected ECC errors on one node."""
    rng = rng_for(name)
    c = Case(name)
    names = ["gpu-q41", "gpu-q42", "gpu-q43", "gpu-q44"]
    ips = ["10.7.4.41", "10.7.4.42", "10.7.4.43", "10.7.4.44"]
    nodes = make_nodes(names, ips, rng=rng)
    start = D(2024, 6, 2, 0, 0, 12, 0)
    TL = D(2024, 6, 3, 0, 0, 41, 0)
    script = "pretrain_gpt.py"
    L = Log()
    L.add(start - TD(seconds=1), "Job 612203 on gpu-q[41-44], walltime 1-00:00:00, starting torchrun x4 at %s" % start.strftime("%a %b %d %H:%M:%S UTC %Y"))
    for i, n in enumerate(nodes):
        lg = torchrun_log(n, 4, start, rng, endpoint="10.7.4.41:29500", script=script, verbose_lrs=(0,))
        for t, _, x in lg.e:
            L.add(t, "\n".join("%d: %s" % (i, y) for y in x.split("\n")))
    pre, ts = _megatron_preamble(start + TD(seconds=24), rng, nparams="6738415616", tp=8, pp=1, gbs=256, mbs=1)
    for t, l in pre:
        L.add(t, "0: [default0]:" + l)
    L.add(ts, "0: [default0]: loading checkpoint from /lustre/llm/ckpt/7b-run3 at iteration 38000")
    its, _, _ = megatron_iters(ts + TD(seconds=60), 38100, 70000, 100, 3.71, 120000, 256, rng, loss_base=1.7)
    last = 38000
    for t, l in its:
        if t < TL:
            L.add(t, "0: [default0]:" + l)
            last = int(l.split("iteration")[1].split("/")[0])
    for k in range(38000 + 1000, last + 1, 1000):
        tk = ts + TD(seconds=60 + (k - 38100) * 3.71 + 5)
        if tk < TL:
            L.add(tk, "0: [default0]:saving checkpoint at iteration %7d to /lustre/llm/ckpt/7b-run3" % k)
            L.add(tk + TD(seconds=24), "0: [default0]:  successfully saved checkpoint from iteration %7d to /lustre/llm/ckpt/7b-run3 [ t 1/8, p 1/1 ]" % k)
    L.add(TL, "slurmstepd: error: *** JOB 612203 ON gpu-q41 CANCELLED AT %s DUE TO TIME LIMIT ***" % TL.strftime("%Y-%m-%dT%H:%M:%S"))
    L.add(TL, "slurmstepd: error: *** STEP 612203.0 ON gpu-q41 CANCELLED AT %s DUE TO TIME LIMIT ***" % TL.strftime("%Y-%m-%dT%H:%M:%S"))
    L.add(TL + TD(milliseconds=20), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for i, n in enumerate(nodes):
        apid = n.pid0 - 57
        t = TL + TD(milliseconds=80 + rng.randint(0, 50))
        L.add(t, "%d: %s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (i, ts_glog(t, "W"), apid))
        for lr in range(8):
            L.add(t, "%d: %s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (i, ts_glog(t, "W"), apid, n.pid(lr)))
        tb = py_traceback([
            ("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", 910, "run", "elastic_launch("),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", 260, "launch_agent", "result = agent.run()"),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", 696, "run", "result = self._invoke_run(role)"),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", 855, "_invoke_run", "time.sleep(monitor_interval)"),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", 84, "_terminate_process_handler", "raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)"),
        ], "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % apid)
        L.add(t + TD(seconds=2), "\n".join("%d: %s" % (i, y) for y in tb.split("\n")))
        L.add(t + TD(seconds=3), "srun: error: %s: task %d: Exited with exit code 1" % (n.name, i))
    c.add("slurm-612203.out", L)
    x63 = D(2024, 6, 2, 14, 10, 27, 881000)
    for n in nodes:
        boot = D(2024, 5, 28, 10, 0, 0) + TD(seconds=rng.randint(0, 4000))
        dl = Log()
        for tt, m in boot_dmesg(rng, boot, n.name):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        for tt, m in quiet_noise(rng, start, TL, n.name, n=6):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        if n.name == "gpu-q43":
            dl.add(x63, "%s NVRM: Xid (PCI:0000:61:00): 63, pid=%d, name=python3, Row Remapper: New row (0x00000000002c7a41) marked for remapping, reset gpu to activate." % (ts_uptime(x63, boot), n.pid(3)))
        c.add("%s/dmesg.txt" % n.name, dl)
        c.add("%s/boot_time.txt" % n.name, "btime %d\n# %s" % (int((boot - D(1970, 1, 1)).total_seconds()), boot.strftime("%Y-%m-%d %H:%M:%S UTC")))
    gpus = [gpu_default(i, H100_BUS[i], rng) for i in range(8)]
    gpus[3]["ecc_vol"] = {"DRAM Correctable": 7}
    gpus[3]["ecc_agg"] = {"DRAM Correctable": 12}
    gpus[3]["remap"] = {"corr": 1, "unc": 0, "pending": "Yes", "fail": "No"}
    c.add("gpu-q43/nvidia-smi-q.txt", nvsmi_q(TL + TD(minutes=2), "550.54.15", "12.4", gpus))
    c.set_label("unknown", "framework", None, "none",
                "The job trained normally until Slurm cancelled it at its 24 h time limit (checkpoint saved minutes before); the Xid 63 and pending correctable row remap on gpu-q43 are routine and caused no failure.",
                "https://raw.githubusercontent.com/stas00/ml-engineering/7bc7c3054eb93c277a4755c597ae0864d77a63f1/compute/accelerator/nvidia/debug.md")
    return c


# ---------------------------------------------------------------------------
def _attempt_logs(c, prefix, nodes, start, bad, blr, fail_it, resume_it, rng, script="train.py"):
    """One torchrun attempt across `nodes`; `bad` local rank `blr` dies with an illegal memory access."""
    logs = {n.name: torchrun_log(n, len(nodes), start, rng, endpoint="10.90.0.11:29500", script=script, verbose_lrs=(0,)) for n in nodes}
    root = [n for n in nodes if n.node_rank == 0][0]
    t = start + TD(seconds=35)
    logs[root.name].add(t, "[default0]:%s INFO  resuming from checkpoint step=%d (/fsx/ckpt/mm-34b/step_%07d)" % (ts_iso(t), resume_it, resume_it))
    it = resume_it
    tt = t + TD(seconds=70)
    while it + 10 < fail_it:
        it += 10
        tt = tt + TD(seconds=10 * 2.44 * (1 + rng.uniform(-0.01, 0.01)))
        logs[root.name].add(tt, "[default0]:%s INFO  step=%d loss=%.4f grad_norm=%.3f lr=%.3e samples/s=%.1f" % (ts_iso(tt), it, loss_at(it, rng, base=1.8), rng.uniform(0.2, 0.5), 1.2e-4, rng.uniform(104, 106)))
    fail_t = tt + TD(seconds=(fail_it - it) * 2.44, microseconds=rng.randint(0, 999999))
    r = bad.rank(blr)
    tb = py_traceback([
        ("/opt/mm/train.py", 488, "<module>", "trainer.fit()"),
        ("/opt/mm/trainer.py", 231, "fit", "loss = self._step(batch)"),
        ("/opt/mm/trainer.py", 174, "_step", "self.scaler.scale(loss).backward()"),
        ("/usr/local/lib/python3.11/site-packages/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
        ("/usr/local/lib/python3.11/site-packages/torch/autograd/__init__.py", 347, "backward", "_engine_run_backward("),
        ("/usr/local/lib/python3.11/site-packages/torch/autograd/graph.py", 825, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
    ], "RuntimeError: CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
    logs[bad.name].add(fail_t + TD(milliseconds=40), "\n".join("[default%d]:[rank%d]: %s" % (blr, r, x) for x in tb.split("\n")))
    out, _ = agent_failure(bad, fail_t + TD(milliseconds=700), blr, 1, rng, script, pyver="3.11", torch_bin="/usr/local/bin/torchrun")
    logs[bad.name].extend(out)
    for n in nodes:
        if n is bad:
            continue
        tw = fail_t + (TD(seconds=1800) + jit(rng, 10, 300))
        for lr in range(8):
            txt = watchdog_timeout(n.rank(lr), tw + TD(milliseconds=lr * 3), fail_it * 3 + 17, "ALLREDUCE", 268435456, rng, timeout_ms=1800000,
                                   lib="/usr/local/lib/python3.11/site-packages/torch/lib")
            logs[n.name].add(tw, "\n".join("[default%d]:%s" % (lr, x) for x in txt.split("\n")))
        out, _ = agent_failure(n, tw + TD(milliseconds=500), 0, -6, rng, script, pyver="3.11")
        logs[n.name].extend(out)
    for n in nodes:
        c.add("%s/%s/stdout_node%d.log" % (prefix, n.name, n.node_rank), logs[n.name])
    return fail_t


def am07(name):
    """Illegal memory access twice, different global rank each time, same physical GPU on sm-a04."""
    rng = rng_for(name)
    c = Case(name)
    names = ["sm-a01", "sm-a02", "sm-a03", "sm-a04", "sm-a05", "sm-a06", "sm-a07", "sm-a08"]
    ips = ["10.90.0.%d" % (11 + i) for i in range(8)]
    order0 = [0, 1, 2, 3, 4, 5, 6, 7]
    order1 = [4, 0, 7, 6, 1, 2, 5, 3]
    runs = [("attempt_0", order0, D(2024, 11, 4, 2, 10, 0), 3312, 0),
            ("attempt_1", order1, D(2024, 11, 4, 5, 2, 41), 3549, 3000)]
    for prefix, order, start, fail_it, resume in runs:
        nodes = make_nodes(names, ips, order=order, rng=rng, bus=H100_BUS)
        bad = nodes[3]
        blr = 2
        fail_t = _attempt_logs(c, prefix, nodes, start, bad, blr, fail_it, resume, rng)
        boot = D(2024, 10, 30, 3, 0, 0)
        for n in nodes:
            dl = Log()
            b = boot + TD(seconds=(zlib_h(n.name) % 3000))
            for tt, m in boot_dmesg(rng, b, n.name):
                dl.add(tt, "%s %s" % (ts_dmesg_T(tt), m))
            for tt, m in quiet_noise(rng, start, fail_t + TD(minutes=31), n.name, n=4):
                dl.add(tt, "%s %s" % (ts_dmesg_T(tt), m))
            if n is bad:
                tx = fail_t - TD(milliseconds=15)
                dl.add(tx, "%s NVRM: Xid (PCI:0000:52:00): 31, pid=%d, name=python3, Ch 0000000a, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_%d faulted @ 0x7f%02x_%08x. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"
                       % (ts_dmesg_T(tx), n.pid(blr), rng.randint(0, 15), rng.randint(0x10, 0xff), rng.randint(0, 0xffffffff)))
            c.add("%s/%s/dmesg.log" % (prefix, n.name), dl)
        c.add("%s/job_info.txt" % prefix, "jobid=%s\nstart=%s\nnodes=%s\nnode_ranks=%s\nresume_from=step_%07d\n"
              % ({"attempt_0": "73110", "attempt_1": "73154"}[prefix], start.isoformat(), ",".join(names),
                 ",".join("%s:%d" % (n.name, n.node_rank) for n in nodes), resume))
    c.set_label("gpu_hardware", "infrastructure", {"node": "sm-a04"}, "restart_without_node",
                "Both attempts died with an illegal memory access on sm-a04 GPU 2 (0000:52:00, Xid 31 MMU fault each time) although the global rank differed (26, then 50) and the second attempt had already passed the first failure's step; an error that follows one GPU across attempts is that node's hardware.",
                "https://github.com/pytorch/pytorch/issues/51382")
    return c


def zlib_h(s):
    import zlib
    return zlib.crc32(s.encode())


# ---------------------------------------------------------------------------
def am08(name):
    """Iteration time creeps up ~60%; one GPU on hgx-2-14 thermally throttles after a fan failure."""
    rng = rng_for(name)
    c = Case(name)
    names = ["hgx-2-%02d" % i for i in range(1, 17)]
    ips = ["10.12.2.%d" % i for i in range(1, 17)]
    nodes = make_nodes(names, ips, rng=rng, bus=HGX_BUS)
    bad, blr = nodes[13], 5
    start = D(2024, 7, 9, 6, 0, 3)
    tfan = D(2024, 7, 9, 9, 40, 12)
    tslow = D(2024, 7, 9, 9, 55, 0)
    tend = D(2024, 7, 9, 14, 2, 33)
    L = Log()
    L.add(start, "SLURM_JOB_ID=5512 nodes=hgx-2-[01-16] tasks=128")
    pre, ts = _megatron_preamble(start + TD(seconds=20), rng, nparams="3296329728", tp=8, pp=1, world=128, gbs=1024, mbs=1)
    for t, l in pre:
        L.add(t, "0: " + l)
    t = ts + TD(seconds=30)
    it = 0
    while t < tend:
        it += 100
        slow = 0.0 if t < tslow else min(1.0, (t - tslow).total_seconds() / 1200.0)
        st = 1.421 + slow * 0.885 + rng.uniform(-0.01, 0.01)
        t = t + TD(seconds=100 * st)
        if t >= tend:
            break
        L.add(t, "0:  [%s] iteration %8d/  200000 | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size:  1024 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
              % (t.strftime("%Y-%m-%d %H:%M:%S"), it, it * 1024, st * 1000, 3e-4, loss_at(it, rng, base=2.0), rng.uniform(0.2, 0.4)))
        if it % 1000 == 0:
            if slow > 0.2:
                L.add(t, "0:  [%s] rank timing (fwd+bwd, ms) over last 1000 iters: min %.1f (rank %d)  median %.1f  max %.1f (rank %d)"
                      % (t.strftime("%Y-%m-%d %H:%M:%S"), 1262 + rng.uniform(-8, 8), rng.randint(0, 127), 1288 + rng.uniform(-5, 5), 1262 + slow * 880 + rng.uniform(-10, 10), bad.rank(blr)))
            else:
                L.add(t, "0:  [%s] rank timing (fwd+bwd, ms) over last 1000 iters: min %.1f (rank %d)  median %.1f  max %.1f (rank %d)"
                      % (t.strftime("%Y-%m-%d %H:%M:%S"), 1262 + rng.uniform(-8, 8), rng.randint(0, 127), 1288 + rng.uniform(-5, 5), 1311 + rng.uniform(-6, 6), rng.randint(0, 127)))
    L.add(tend, "slurmstepd: error: *** JOB 5512 ON hgx-2-01 CANCELLED AT %s ***" % tend.strftime("%Y-%m-%dT%H:%M:%S"))
    L.add(tend, "slurmstepd: error: *** STEP 5512.0 ON hgx-2-01 CANCELLED AT %s ***" % tend.strftime("%Y-%m-%dT%H:%M:%S"))
    L.add(tend + TD(seconds=1), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    c.add("slurm-5512.out", L)
    for n in nodes:
        rows = ["timestamp, index, temperature.gpu, clocks.sm [MHz], power.draw [W], utilization.gpu [%], clocks_event_reasons.hw_thermal_slowdown, clocks_event_reasons.sw_thermal_slowdown"]
        t = start + TD(minutes=2)
        while t < tend:
            for g in range(8):
                hot = (n is bad and g == blr and t > tfan)
                if hot:
                    k = min(1.0, (t - tfan).total_seconds() / 1100.0)
                    temp = int(66 + 26 * k + rng.uniform(-1, 1))
                    clk = int(1980 - 915 * k + rng.uniform(-15, 15)) if k > 0.5 else 1980
                    hw = "Active" if k > 0.6 else "Not Active"
                    sw = "Active" if k > 0.4 else "Not Active"
                    pw = 690 - 260 * k
                else:
                    temp, clk, hw, sw, pw = rng.randint(61, 69), 1980, "Not Active", "Not Active", rng.uniform(640, 695)
                    if t > tslow:
                        pw = pw * 0.74
                rows.append("%s, %d, %d, %d MHz, %.2f W, %d %%, %s, %s" % (t.strftime("%Y/%m/%d %H:%M:%S.000"), g, temp, clk, pw, rng.randint(96, 100) if t < tslow or hot else rng.randint(60, 72), hw, sw))
            t = t + TD(minutes=10)
        c.add("%s/gpu_query.csv" % n.name, "\n".join(rows))
    gpus = [gpu_default(i, HGX_BUS[i], rng) for i in range(8)]
    for g in gpus:
        g["temp"] = rng.randint(62, 68)
        g["used"] = 71230 + rng.randint(0, 300)
        g["power"] = rng.uniform(470, 520)
    gb = gpus[blr]
    gb.update(temp=92, sm_clock=1065, power=431.0, reasons={"HW Slowdown": True, "HW Thermal Slowdown": True, "SW Thermal Slowdown": True})
    c.add("hgx-2-14/nvidia-smi-q.txt", nvsmi_q(D(2024, 7, 9, 13, 51, 2), "550.54.15", "12.4", gpus))
    gpus2 = [gpu_default(i, HGX_BUS[i], rng) for i in range(8)]
    for g in gpus2:
        g["temp"], g["used"], g["power"] = rng.randint(62, 68), 71230 + rng.randint(0, 300), rng.uniform(470, 520)
    c.add("hgx-2-03/nvidia-smi-q.txt", nvsmi_q(D(2024, 7, 9, 13, 51, 9), "550.54.15", "12.4", gpus2))
    sel = ["   1 | 06/28/2024 | 11:02:41 | Event Logging Disabled #0x07 | Log area reset/cleared | Asserted",
           "   2 | 07/09/2024 | 09:40:12 | Fan FAN5_B | Lower Critical going low  | Asserted",
           "   3 | 07/09/2024 | 09:40:14 | Fan FAN5_B | Lower Non-recoverable going low  | Asserted",
           "   4 | 07/09/2024 | 09:58:31 | Temperature GPU5_TEMP | Upper Non-critical going high | Asserted",
           "   5 | 07/09/2024 | 10:03:07 | Temperature GPU5_TEMP | Upper Critical going high | Asserted"]
    c.add("hgx-2-14/ipmitool-sel-list.txt", "\n".join(sel))
    c.add("hgx-2-03/ipmitool-sel-list.txt", "   1 | 06/28/2024 | 11:05:02 | Event Logging Disabled #0x07 | Log area reset/cleared | Asserted")
    c.set_label("straggler", "infrastructure", {"node": "hgx-2-14", "rank": 109}, "restart_without_node",
                "From 09:55 every iteration slowed from 1.42 s to ~2.3 s and the per-rank timing names rank 109 as slowest; that rank's GPU (hgx-2-14 GPU 5) reached 92 C with HW thermal slowdown at 1065 MHz after the node's FAN5 failed (IPMI SEL).",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return c


# ---------------------------------------------------------------------------
def am09(name):
    """Xid 48 (DBE) on one A100 mid-run; an old Xid 63 on another node is harmless."""
    rng = rng_for(name)
    c = Case(name)
    names = ["a100-pod2-%02d" % i for i in range(1, 9)]
    ips = ["10.2.20.%d" % i for i in range(1, 9)]
    nodes = make_nodes(names, ips, rng=rng, bus=A100_BUS)
    bad, blr = nodes[5], 3
    herring, hlr = nodes[1], 6
    start = D(2024, 2, 27, 4, 30, 2)
    T0 = D(2024, 2, 27, 11, 5, 17, 620000)
    x63 = D(2024, 2, 27, 7, 12, 54, 10000)
    L = Log()
    L.add(start, "+ srun -l --kill-on-bad-exit=1 --cpu-bind=none python pretrain_gpt.py --tensor-model-parallel-size 2 --pipeline-model-parallel-size 4 ...")
    for n in nodes:
        for lr in range(8):
            r = n.rank(lr)
            for tt, l in nccl_init(n, lr, 64, 8, start + TD(seconds=30 + rng.random()), rng, verbose=False, hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"],
                                   version="2.18.5+cuda12.2", driver_cuda="12020", commid="0x44c1d0e9b2a77f13"):
                L.add(tt, "%d: %s" % (r, l))
    pre, ts = _megatron_preamble(start + TD(seconds=40), rng, nparams="1651834880", tp=2, pp=4, world=64, gbs=512, mbs=1)
    for t, l in pre:
        L.add(t, "0: " + l)
    its, _, _ = megatron_iters(ts + TD(seconds=20), 10, 50000, 10, 4.88, 120000, 512, rng, stamp=False, loss_base=2.2)
    for t, l in its:
        if t < T0:
            L.add(t, "63: " + l)
    r = bad.rank(blr)
    tb = py_traceback([
        ("/workspace/Megatron-LM/pretrain_gpt.py", 238, "<module>", "pretrain(train_valid_test_datasets_provider,"),
        ("/workspace/Megatron-LM/megatron/training/training.py", 279, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
        ("/workspace/Megatron-LM/megatron/training/training.py", 1045, "train", "train_step(forward_step_func,"),
        ("/workspace/Megatron-LM/megatron/training/training.py", 556, "train_step", "losses_reduced = forward_backward_func("),
        ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 1288, "forward_backward_pipelining_without_interleaving", "input_tensor_grad = backward_step("),
        ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 329, "backward_step", "torch.autograd.backward(output_tensor[0], grad_tensors=output_tensor_grad[0])"),
        ("/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", 266, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
    ], "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1.\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
    L.add(T0 + TD(milliseconds=150), "\n".join("%d: %s" % (r, x) for x in tb.split("\n")))
    # peers in the same TP / PP group see NCCL errors shortly after
    for pr in (r - 1, r + 2, r + 8):
        n = nodes[pr // 8]
        tw = T0 + (TD(seconds=2) + jit(rng, 0, 800))
        L.add(tw, "\n".join("%d: %s" % (pr, x) for x in nccl_remote_error(pr, tw, rng, bad.ip, rng.randint(40000, 60000), n.ip, vers="2.18.5", prefix=False).split("\n")))
    tk = T0 + TD(seconds=1, milliseconds=902)
    L.add(tk, "srun: error: a100-pod2-06: task %d: Exited with exit code 1" % r)
    L.add(tk + TD(milliseconds=10), "srun: launch/slurm: _step_signal: Terminating StepId=448812.0")
    L.add(tk + TD(milliseconds=30), "slurmstepd: error: *** STEP 448812.0 ON a100-pod2-01 CANCELLED AT %s ***" % tk.strftime("%Y-%m-%dT%H:%M:%S"))
    for n in nodes:
        L.add(tk + (TD(seconds=2) + jit(rng, 0, 900)), "srun: error: %s: tasks %d-%d: Terminated" % (n.name, n.rank(0), n.rank(7)) if n is not bad else
              "srun: error: %s: tasks %d-%d,%d-%d: Terminated" % (n.name, n.rank(0), r - 1, r + 1, n.rank(7)))
    L.add(tk + TD(seconds=4), "srun: Force Terminated StepId=448812.0")
    c.add("slurm-448812.out", L)
    for n in nodes:
        boot = D(2024, 2, 20, 19, 0, 0) + TD(seconds=rng.randint(0, 7200))
        dl = Log()
        for tt, m in boot_dmesg(rng, boot, n.name, driver="535.129.03", bus=A100_BUS, hcas=4):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        for tt, m in quiet_noise(rng, start, T0 + TD(minutes=4), n.name, n=5):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        if n is herring:
            dl.add(x63, "%s NVRM: Xid (PCI:0000:%s:00): 63, pid=%d, name=python, Row Remapper: New row (0x00000000003a11c0) marked for remapping, reset gpu to activate." % (ts_uptime(x63, boot), A100_BUS[hlr], n.pid(hlr)))
        if n is bad:
            dl.add(T0, "%s NVRM: Xid (PCI:0000:4e:00): 48, pid=%d, name=python, Ch 00000009, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % (ts_uptime(T0, boot), n.pid(blr)))
            dl.add(T0 + TD(milliseconds=1), "%s NVRM: Xid (PCI:0000:4e:00): 63, pid=%d, name=python, Row Remapper: New row (0x00000000005a8e13) marked for remapping, reset gpu to activate." % (ts_uptime(T0 + TD(milliseconds=1), boot), n.pid(blr)))
            dl.add(T0 + TD(milliseconds=40), "%s NVRM: Xid (PCI:0000:4e:00): 45, pid=%d, name=python, Ch 00000009" % (ts_uptime(T0 + TD(milliseconds=40), boot), n.pid(blr)))
        c.add("%s/dmesg" % n.name, dl)
        c.add("%s/uptime_since.txt" % n.name, boot.strftime("%Y-%m-%d %H:%M:%S"))
    for n, tq in ((bad, T0 + TD(minutes=3)), (herring, T0 + TD(minutes=3, seconds=20))):
        gpus = [gpu_default(i, A100_BUS[i], rng, product="NVIDIA A100-SXM4-80GB", arch="Ampere") for i in range(8)]
        for g in gpus:
            g["plimit"] = 400.0
            g["power"] = rng.uniform(55, 65)
        if n is bad:
            gpus[blr]["ecc_vol"] = {"DRAM Uncorrectable": 2}
            gpus[blr]["ecc_agg"] = {"DRAM Uncorrectable": 2, "DRAM Correctable": 1}
            gpus[blr]["remap"] = {"corr": 0, "unc": 1, "pending": "Yes", "fail": "No"}
        else:
            gpus[hlr]["ecc_agg"] = {"DRAM Correctable": 4}
            gpus[hlr]["ecc_vol"] = {"DRAM Correctable": 2}
            gpus[hlr]["remap"] = {"corr": 1, "unc": 0, "pending": "Yes", "fail": "No"}
        for g in gpus:
            g["hist"] = {"Max": 640 - g["remap"]["corr"] - g["remap"]["unc"], "High": g["remap"]["corr"] + g["remap"]["unc"], "Partial": 0, "Low": 0, "None": 0}
        c.add("%s/nvidia-smi-q.log" % n.name, nvsmi_q(tq, "535.129.03", "12.2", gpus))
    c.set_label("gpu_hardware", "infrastructure", {"node": "a100-pod2-06", "rank": 43}, "restart_without_node",
                "Rank 43 (GPU 3, 0000:4e:00 on a100-pod2-06) died with 'uncorrectable ECC error encountered' at the moment dmesg logged Xid 48 (double-bit error) on that GPU; the Xid 63 on a100-pod2-02 four hours earlier is a routine correctable remap.",
                "https://github.com/verl-project/verl/issues/407")
    return c


# ---------------------------------------------------------------------------
def am10(name):
    """Eval-time CUDA OOM on every rank; an IB link flap 3.5 h earlier is unrelated."""
    rng = rng_for(name)
    c = Case(name)
    names = ["gx-01", "gx-02", "gx-03", "gx-04"]
    ips = ["10.44.0.1", "10.44.0.2", "10.44.0.3", "10.44.0.4"]
    nodes = make_nodes(names, ips, rng=rng)
    start = D(2024, 4, 18, 0, 31, 40)
    tflap = D(2024, 4, 18, 2, 14, 7, 331000)
    nemo = lambda t, lvl="I": "[NeMo %s %s nemo_logging:349]" % (lvl, t.strftime("%Y-%m-%d %H:%M:%S"))
    prog = []
    tt = start + TD(seconds=140)
    t_loop0 = tt
    step = 0
    while step < 2000:
        step += 10
        tt = tt + TD(seconds=10 * 9.39 * (1 + rng.uniform(-0.01, 0.01)))
        el = (tt - t_loop0).total_seconds()
        rem = (12000 - step) * 9.39
        prog.append((tt, "Epoch 0: :  %d%%|%s| %d/12000 [%d:%02d:%02d<%d:%02d:%02d, %.2fs/it, v_num=0, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.2f]"
                     % (int(step / 120), "#" * int(step / 1200), step, el // 3600, el % 3600 // 60, el % 60, rem // 3600, rem % 3600 // 60, rem % 60, 9.39, loss_at(step, rng, base=1.1, scale=4), step - 1, step * 256, 9.39 + rng.uniform(-0.05, 0.05))))
    T0 = tt + TD(seconds=7, microseconds=118000)
    for n in nodes:
        L = Log()
        t = start
        L.add(t, "%s Rank %d has data parallel group : [0, 8, 16, 24]" % (nemo(t), n.rank(0)))
        L.add(t, "%s \n\n************** Experiment configuration ***********" % nemo(t))
        if n.node_rank == 0:
            L.add(t, "name: llama3-8b-sft\ntrainer:\n  devices: 8\n  num_nodes: 4\n  precision: bf16-mixed\n  max_steps: 12000\n  val_check_interval: 2000\n  limit_val_batches: 50\nmodel:\n  micro_batch_size: 2\n  global_batch_size: 256\n  tensor_model_parallel_size: 8\n  data:\n    train_ds:\n      micro_batch_size: 2\n      max_seq_length: 8192\n    validation_ds:\n      micro_batch_size: 24\n      max_seq_length: 8192\n      pad_to_max_length: true")
        for lr in range(8):
            for tt, l in nccl_init(n, lr, 32, 4, t + TD(seconds=50 + rng.random()), rng, verbose=False, commid="0x2f4b8e7ca5d91306"):
                L.add(tt, l)
        if n.node_rank == 0:
            L.extend(prog)
            L.add(T0 - TD(seconds=6), "%s Validation: iteration 2000, starting validation loop (50 batches)" % nemo(T0 - TD(seconds=6)))
        L.add(start + TD(seconds=3), "%s Using NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_6,mlx5_7,mlx5_8,mlx5_9" % nemo(start + TD(seconds=3)))
        if n.name == "gx-03":
            for lr in (4, 5):
                L.add(tflap + TD(milliseconds=50 + lr), "%s:%d:%d [%d] NCCL WARN NET/IB : mlx5_6:1 Got async event : port error" % (n.name, n.pid(lr), n.pid(lr) + 63, lr))
                L.add(tflap + TD(seconds=3, milliseconds=500 + lr), "%s:%d:%d [%d] NCCL WARN NET/IB : mlx5_6:1 Got async event : port active" % (n.name, n.pid(lr), n.pid(lr) + 63, lr))
        for lr in range(8):
            te = T0 + jit(rng, 0, 900)
            free = rng.uniform(6.6, 7.3)
            tb = py_traceback([
                ("/opt/NeMo/examples/nlp/language_modeling/tuning/megatron_gpt_finetuning.py", 62, "main", "trainer.fit(model)"),
                ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
                ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/training_epoch_loop.py", 309, "on_advance_end", "self.val_loop.run()"),
                ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/evaluation_loop.py", 135, "run", "self._evaluation_step(batch, batch_idx, dataloader_idx, dataloader_iter)"),
                ("/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_sft_model.py", 402, "validation_step", "return self.inference_step(dataloader_iter, 'validation')"),
                ("/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py", 1290, "fwd_output_and_loss_func", "output_tensor = model(**forward_args)"),
                ("/opt/megatron-lm/megatron/core/models/gpt/gpt_model.py", 248, "forward", "logits, _ = self.output_layer(hidden_states, weight=output_weight)"),
                ("/opt/megatron-lm/megatron/core/tensor_parallel/layers.py", 795, "forward", "output_parallel = self._forward_impl("),
            ], "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 11.75 GiB. GPU %d has a total capacity of 79.11 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                % (lr, free, 79.11 - free - 0.5, 79.11 - free - 4.9, 4.1))
            L.add(te, "%s Error executing job with overrides: []\n%s" % (nemo(te, "E"), tb))
        c.add("%s/nemo_stdout.log" % n.name, L)
        boot = D(2024, 4, 15, 12, 0, 0) + TD(seconds=rng.randint(0, 3000))
        ev = []
        if n.name == "gx-03":
            ev = [(tflap, "mlx5_core 0000:8c:00.0 mlx5_6: Port: 1 Link DOWN"),
                  (tflap + TD(seconds=2, milliseconds=940), "mlx5_core 0000:8c:00.0 mlx5_6: Port: 1 Link INIT"),
                  (tflap + TD(seconds=3, milliseconds=412), "mlx5_core 0000:8c:00.0 mlx5_6: Port: 1 Link ACTIVE")]
        c.add("%s/dmesg_T.txt" % n.name, _dmesg_T(rng, boot, n, ev, start, T0 + TD(minutes=3)))
    c.set_label("oom", "framework", None, "stop",
                "At the first validation pass (step 2000) every rank on every node ran out of GPU memory allocating logits; the config uses validation micro_batch_size 24 at 8192 tokens versus 2 for training. The mlx5_6 flap on gx-03 at 02:14 recovered in 3 s and training continued for 3.5 h.",
                "https://github.com/OpenNMT/OpenNMT-py/issues/1852")
    return c
