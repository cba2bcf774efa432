"""Cases am21-am30."""
import datetime as dt
import json

from lib import *  # noqa: F401,F403
from common import torchrun_log, agent_failure
from cases_a import _megatron_preamble, _dmesg_T

D = dt.datetime


def _pyspy(pid, cmd, frames, native=True, threads=None):
    L = ["Process %d: %s" % (pid, cmd), "Python v3.10.12 (/usr/bin/python3.10)", ""]
    L.append('Thread %d (active): "MainThread"' % pid)
    for f in frames:
        L.append("    " + f)
    for tname, tfr in (threads or []):
        L.append("")
        L.append('Thread %d (idle): "%s"' % (pid + 17 + len(tname), tname))
        for f in tfr:
            L.append("    " + f)
    return "\n".join(L)


# ---------------------------------------------------------------------------
def am21(name):
    """No progress for 40 min; py-spy and a flight-recorder dump show rank 21 never reached the allreduce."""
    rng = rng_for(name)
    c = Case(name)
    names = ["trn1-gpu-01", "trn1-gpu-02", "trn1-gpu-03", "trn1-gpu-04"]
    ips = ["10.31.0.1", "10.31.0.2", "10.31.0.3", "10.31.0.4"]
    nodes = make_nodes(names, ips, rng=rng)
    bad, blr = nodes[2], 5
    start = D(2024, 11, 19, 20, 30, 0)
    Tst = D(2024, 11, 20, 2, 11, 38, 420000)
    Tkill = D(2024, 11, 20, 2, 53, 10)
    seq = 88211
    script = "train.py"
    logs = {n.name: torchrun_log(n, 4, start, rng, endpoint="10.31.0.1:29500", script=script, verbose_lrs=(0,)) for n in nodes}
    t = start + TD(seconds=50)
    step = 0
    while True:
        step += 10
        t = t + TD(seconds=10 * 2.33 * (1 + rng.uniform(-0.01, 0.01)))
        if t >= Tst:
            break
        logs["trn1-gpu-01"].add(t, "[default0]:%s | train | step %d | loss %.4f | gnorm %.3f | lr %.2e | %.2fs/step" % (ts_py(t), step, loss_at(step, rng, base=1.7), rng.uniform(0.2, 0.5), 1.5e-4, 2.33 + rng.uniform(-0.02, 0.02)))
    for n in nodes:
        apid = n.pid0 - 57
        logs[n.name].add(Tkill, "%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (ts_glog(Tkill, "W"), apid))
        for lr in range(8):
            logs[n.name].add(Tkill, "%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (ts_glog(Tkill + TD(milliseconds=lr), "W"), apid, n.pid(lr)))
        c.add("%s/torchrun.log" % n.name, logs[n.name])
    cmd = "/usr/bin/python3 -u train.py --config configs/13b_fsdp.yaml"
    tail = ["main (train.py:301)", "<module> (train.py:330)"]
    for n in nodes:
        for lr in range(8):
            r = n.rank(lr)
            if r == bad.rank(blr):
                fr = ["cuStreamSynchronize (libcuda.so.550.54.15)",
                      "0x7f1c2e6b1a3c (libcudart.so.12)",
                      "cudaStreamSynchronize (libcudart.so.12)",
                      "at::native::_local_scalar_dense_cuda (libtorch_cuda.so)",
                      "at::_ops::_local_scalar_dense::call (libtorch_cpu.so)",
                      "at::native::item (libtorch_cpu.so)",
                      "THPVariable_item (libtorch_python.so)",
                      "train_step (train.py:209)",
                      "    loss_val = loss.detach().item()"] + tail
            else:
                fr = ["cuStreamSynchronize (libcuda.so.550.54.15)",
                      "0x7f1c2e6b1a3c (libcudart.so.12)",
                      "cudaStreamSynchronize (libcudart.so.12)",
                      "at::native::_local_scalar_dense_cuda (libtorch_cuda.so)",
                      "at::_ops::_local_scalar_dense::call (libtorch_cpu.so)",
                      "THPVariable_item (libtorch_python.so)",
                      "clip_grad_norm_dist (train.py:181)",
                      "    total = total_sq.item() ** 0.5",
                      "train_step (train.py:222)"] + tail
            txt = _pyspy(n.pid(lr), cmd, fr, threads=[("pt_autograd_0", ["_wait (threading.py:324)"]),
                                                      ("ProcessGroupNCCL watchdog", ["ncclCommWatchdog (libtorch_cuda.so)"])])
            c.add("%s/pyspy/rank_%02d.txt" % (n.name, r), "# py-spy dump --native --pid %d   (taken %s)\n%s" % (n.pid(lr), (Tkill - TD(minutes=6)).strftime("%Y-%m-%d %H:%M:%S"), txt))
    c.add("fr_dump_analysis.txt", "\n".join([
        "# flight recorder dumped via TORCH_NCCL_DEBUG_INFO_PIPE_FILE at %s, analysed with torch.distributed.flight_recorder.fr_trace" % (Tkill - TD(minutes=4)).strftime("%Y-%m-%d %H:%M:%S"),
        "pg 0 (default_pg), 32 ranks",
        "  collective #%d all_reduce (1,) float32: entered by 31/32 ranks" % seq,
        "  Not all ranks joining collective #%d: missing ranks {%d}" % (seq, bad.rank(blr)),
        "  rank %d: last enqueued #%d (all_gather_into_tensor), last completed #%d" % (bad.rank(blr), seq - 1, seq - 1),
        "  other ranks: last enqueued #%d, last completed #%d" % (seq, seq - 1)]))
    for n in nodes:
        boot = D(2024, 11, 15, 5, 0, 0) + TD(seconds=rng.randint(0, 8000))
        c.add("%s/dmesg-T.txt" % n.name, _dmesg_T(rng, boot, n, [], start, Tkill))
        gpus = [gpu_default(i, H100_BUS[i], rng) for i in range(8)]
        for g in gpus:
            g["used"], g["util"], g["power"] = 70112 + rng.randint(0, 900), 100, rng.uniform(160, 190)
        if n is bad:
            gpus[blr]["power"] = 412.0
            gpus[blr]["temp"] = 71
        c.add("%s/nvidia-smi.txt" % n.name, nvsmi_table(Tkill - TD(minutes=7), "550.54.15", "12.4", gpus,
                                                       procs=[(i, n.pid(i), "/usr/bin/python3", gpus[i]["used"] - 500) for i in range(8)]))
    c.add("scancel.txt", "$ scancel 60981   # %s  no progress since 02:11, py-spy + FR dump collected" % Tkill.strftime("%Y-%m-%d %H:%M"))
    c.set_label("hang", "infrastructure", {"node": "trn1-gpu-03", "rank": 21}, "run_diagnostics",
                "Training stopped at 02:11 without any error; the flight recorder shows rank 21 never enqueued allreduce #88211 that the other 31 ranks are waiting in, and py-spy shows rank 21 (trn1-gpu-03 GPU 5) blocked earlier in loss.item() on a GPU sync. No Xid or other evidence explains it.",
                "https://github.com/rwth-i6/returnn/issues/1484")
    return c


# ---------------------------------------------------------------------------
def _ofi_init(node, lr, nranks, t0, rng):
    host = node.name
    pid = node.pid(lr)
    p0 = "%s:%d:%d [%d]" % (host, pid, pid, lr)
    p1 = "%s:%d:%d [%d]" % (host, pid, pid + 41, lr)
    L = []
    t = t0
    for m in ("%s NCCL INFO cudaDriverVersion 12040" % p0,
              "%s NCCL INFO Bootstrap : Using enp71s0:%s<0>" % (p0, node.ip),
              "%s NCCL INFO NET/Plugin: Loaded net plugin Libfabric (v8)" % p0,
              "%s NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.9.1-aws" % p1,
              "%s NCCL INFO NET/OFI Using Libfabric version 1.19" % p1,
              "%s NCCL INFO NET/OFI Using CUDA driver version 12040 with runtime 12040" % p1,
              "%s NCCL INFO NET/OFI Configuring AWS-specific options" % p1,
              "%s NCCL INFO NET/OFI Setting provider_filter to efa" % p1,
              "%s NCCL INFO NET/OFI Setting FI_EFA_FORK_SAFE environment variable to 1" % p1,
              "%s NCCL INFO NET/OFI Running on p5.48xlarge platform, Setting NCCL_TOPO_FILE environment variable to /opt/amazon/ofi-nccl/share/aws-ofi-nccl/xml/p5.48xl-topo.xml" % p1,
              "%s NCCL INFO NET/OFI Internode latency set at 75.0 us" % p1,
              "%s NCCL INFO NET/OFI Selected Provider is efa (found 32 nics)" % p1,
              "%s NCCL INFO Using network Libfabric" % p1,
              "%s NCCL INFO ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x3c9e1d7f00a4b6e2 - Init COMPLETE"
              % (p1, 0x55e000000000 + rng.randint(0, 0xffffff) * 16, node.rank(lr), nranks, lr, lr, node.bus[lr])):
        t = t + TD(milliseconds=rng.randint(1, 40))
        L.append((t, m))
    return L


def am22(name):
    """Xid 95 (uncontained ECC) on one GPU of a 16-node EFA job."""
    rng = rng_for(name)
    c = Case(name)
    seen = set()
    names = []
    while len(names) < 16:
        h = "ip-10-20-%d-%d" % (rng.randint(128, 159), rng.randint(2, 250))
        if h not in seen:
            seen.add(h)
            names.append(h)
    ips = [h[3:].replace("-", ".") for h in names]
    nodes = make_nodes(names, ips, rng=rng)
    bad, blr = nodes[11], 7
    start = D(2024, 10, 9, 3, 0, 0)
    T0 = D(2024, 10, 9, 9, 48, 30, 215000)
    script = "train.py"
    L = Log()
    L.add(start - TD(seconds=1), "Nodes: %s" % " ".join(names))
    for i, n in enumerate(nodes):
        apid = n.pid0 - 57
        L.add(start, "\n".join("%d: %s" % (i, x) for x in torchrun_banner(start, apid).split("\n")))
        for lr in range(8):
            for t, m in _ofi_init(n, lr, 128, start + TD(seconds=20) + jit(rng, 0, 800), rng):
                if lr == 0 or "Init COMPLETE" in m:
                    L.add(t, "%d: [default%d]:%s" % (i, lr, m))
    t = start + TD(seconds=90)
    step = 0
    while True:
        step += 50
        t = t + TD(seconds=50 * 1.12 * (1 + rng.uniform(-0.01, 0.01)))
        if t >= T0:
            break
        L.add(t, "0: [default0]:[%s] step=%d loss=%.4f lr=%.3e grad_norm=%.3f throughput=%.1f TFLOPs/GPU" % (ts_iso(t), step, loss_at(step, rng, base=2.5), 3e-4, rng.uniform(0.2, 0.6), rng.uniform(447, 455)))
    bi = nodes.index(bad)
    r = bad.rank(blr)
    tr = T0 + TD(milliseconds=410)
    L.add(tr, "\n".join("%d: [default7]:%s" % (bi, x) for x in cuda_watchdog_error(r, tr, rng, "uncorrectable ECC error encountered").split("\n")))
    out, tt = agent_failure(bad, tr + TD(milliseconds=300), blr, -6, rng, script)
    for t2, x in out:
        L.add(t2, "\n".join("%d: %s" % (bi, y) for y in x.split("\n")))
    for i, n in enumerate(nodes):
        if n is bad:
            continue
        if rng.random() < 0.5:
            lr = rng.randint(0, 7)
            te = T0 + TD(seconds=3) + jit(rng, 0, 4000)
            L.add(te, "%d: [default%d]:%s:%d:%d [%d] NCCL WARN NET/OFI Request 0x7f%010x completed with error. RC: 21. Error: 4106 (Unresponsive receiver (reachable by EFA device but handshake failed)). Completed length: 0, Request: { dev: %d, size: 0, state: CREATED, type: RECV }"
                  % (i, lr, n.name, n.pid(lr), n.pid(lr) + 41, lr, rng.randint(0, 0xffffffffff), lr * 4))
            tw = te + jit(rng, 100, 700)
            msg = ("NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
                   "Last error:\nNET/OFI Request completed with error. RC: 21. Error: 4106 (Unresponsive receiver (reachable by EFA device but handshake failed)).")
            blk = "[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: %s" % (n.rank(lr), ts_torch(tw, "E", lr), n.rank(lr), msg)
            L.add(tw, "\n".join("%d: [default%d]:%s" % (i, lr, y) for y in blk.split("\n")))
        else:
            lr = rng.randint(0, 7)
            tw = T0 + TD(seconds=600) + jit(rng, 20, 300)
            L.add(tw, "\n".join("%d: [default%d]:%s" % (i, lr, y) for y in watchdog_timeout(n.rank(lr), tw, 231877, "_REDUCE_SCATTER_BASE", 117440512, rng).split("\n")))
        out, _ = agent_failure(n, tw + jit(rng, 200, 600), lr, -6, rng, script)
        for t2, x in out:
            L.add(t2, "\n".join("%d: %s" % (i, y) for y in x.split("\n")))
    L.add(T0 + TD(seconds=602), "srun: error: %s: task %d: Exited with exit code 1" % (bad.name, bi))
    c.add("slurm-88410.out", L)
    for n in nodes:
        boot = D(2024, 10, 7, 18, 0, 0) + TD(seconds=rng.randint(0, 9000))
        dl = Log()
        for tt, m in boot_dmesg(rng, boot, n.name, hcas=0, fs="nfs"):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        for k in range(32):
            tt = boot + TD(seconds=9 + k * 0.05)
            dl.add(tt, "%s efa 0000:%02x:00.0: Setup irq:%d name:efa-mgmnt@pci:0000:%02x:00.0" % (ts_uptime(tt, boot), 0x30 + k * 5 % 200, 200 + k, 0x30 + k * 5 % 200))
        for tt, m in quiet_noise(rng, start, T0 + TD(minutes=12), n.name, n=4):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        if n is bad:
            for dd, m in ((T0, "NVRM: Xid (PCI:0000:df:00): 95, pid=%d, name=python3, Uncontained: FBHUB. RST: Yes, D-RST: No" % bad.pid(blr)),
                          (T0 + TD(milliseconds=8), "NVRM: Xid (PCI:0000:df:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000012f8d40) marked for remapping, reset gpu to activate."),
                          (T0 + TD(milliseconds=50), "NVRM: Xid (PCI:0000:df:00): 45, pid=%d, name=python3, Ch 00000009" % bad.pid(blr))):
                dl.add(dd, "%s %s" % (ts_uptime(dd, boot), m))
        c.add("%s/dmesg.txt" % n.name, dl)
        c.add("%s/proc_stat_btime.txt" % n.name, "btime %d" % int((boot - D(1970, 1, 1)).total_seconds()))
    c.set_label("gpu_memory", "infrastructure", {"node": bad.name, "rank": r}, "restart_without_node",
                "Rank %d (GPU 7, 0000:df:00 on %s) died with 'uncorrectable ECC error encountered' as dmesg logged Xid 95 (uncontained, reset required) on that GPU; the EFA 'Unresponsive receiver' errors and watchdog timeouts on the other 15 nodes are sympathetic." % (r, bad.name),
                "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html")
    return c


# ---------------------------------------------------------------------------
def am23(name):
    """A straggler report keeps naming rank 13; no hardware signal anywhere."""
    rng = rng_for(name)
    c = Case(name)
    names = ["lx-gpu-01", "lx-gpu-02", "lx-gpu-03", "lx-gpu-04"]
    ips = ["10.88.1.1", "10.88.1.2", "10.88.1.3", "10.88.1.4"]
    nodes = make_nodes(names, ips, rng=rng)
    bad, blr = nodes[1], 5
    start = D(2024, 5, 14, 8, 0, 0)
    tslow = D(2024, 5, 14, 9, 42, 0)
    tend = D(2024, 5, 14, 12, 31, 7)
    nemo = lambda t, lvl="I", mod="nemo_logging:349": "[NeMo %s %s %s]" % (lvl, t.strftime("%Y-%m-%d %H:%M:%S"), mod)
    L = Log()
    L.add(start, "%s Experiments will be logged at /results/gpt-5b/2024-05-14_08-00-00" % nemo(start))
    for n in nodes:
        for lr in range(8):
            for tt, l in nccl_init(n, lr, 32, 4, start + TD(seconds=40) + jit(rng, 0, 600), rng, verbose=False, commid="0x17e2c9d04b3a5f68"):
                if lr == 0 or "COMPLETE" in l:
                    L.add(tt, l)
    t = start + TD(seconds=120)
    step = 0
    t0 = t
    while True:
        step += 25
        st = 1.61 if t < tslow else 1.80
        t = t + TD(seconds=25 * st * (1 + rng.uniform(-0.005, 0.005)))
        if t >= tend:
            break
        el = (t - t0).total_seconds()
        L.add(t, "Epoch 0: :  %d%%| %d/40000 [%d:%02d:%02d<%d:%02d:%02d, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.3f]"
              % (step // 400, step, el // 3600, el % 3600 // 60, el % 60, (40000 - step) * st // 3600, (40000 - step) * st % 3600 // 60, (40000 - step) * st % 60, loss_at(step, rng, base=2.2), step - 1, step * 512, st + rng.uniform(-0.01, 0.01)))
        if step % 500 == 0 and step >= 1000:
            if t > tslow + TD(minutes=5):
                worst = [(13, bad.name, rng.uniform(0.86, 0.89))] + [(rr, names[rr // 8], rng.uniform(0.975, 0.995)) for rr in rng.sample([x for x in range(32) if x != 13], 3)]
            else:
                worst = [(rr, names[rr // 8], rng.uniform(0.975, 0.995)) for rr in rng.sample(range(32), 4)]
            worst.sort(key=lambda a: a[2])
            L.add(t + TD(seconds=1), "%s \n  Straggler report @ step %d (window 500)\n  GPU relative performance (1.00 = fastest): %s\n  GPU individual performance (vs own baseline): %s\n  Stragglers (threshold 0.90): %s"
                  % (nemo(t + TD(seconds=1), mod="straggler_det_callback:196"), step,
                     " | ".join("rank %d (%s) %.2f" % w for w in worst),
                     " | ".join("rank %d %.2f" % (w[0], w[2] + rng.uniform(-0.01, 0.01)) for w in worst),
                     "rank 13 (%s)" % bad.name if worst[0][0] == 13 else "none"))
    L.add(tend, "slurmstepd: error: *** JOB 44120 ON lx-gpu-01 CANCELLED AT %s ***" % tend.strftime("%Y-%m-%dT%H:%M:%S"))
    c.add("nemo_log_globalrank-0_localrank-0.txt", L)
    for n in nodes:
        boot = D(2024, 5, 10, 9, 0, 0) + TD(seconds=rng.randint(0, 8000))
        c.add("%s/dmesg_T.txt" % n.name, _dmesg_T(rng, boot, n, [], start, tend))
        gpus = [gpu_default(i, H100_BUS[i], rng) for i in range(8)]
        for g in gpus:
            g["temp"], g["used"], g["power"], g["sm_clock"] = rng.randint(58, 66), 64410 + rng.randint(0, 800), rng.uniform(540, 610), 1980
        c.add("%s/nvidia-smi-q.txt" % n.name, nvsmi_q(tend - TD(minutes=10), "550.54.15", "12.4", gpus))
    c.set_label("straggler", "infrastructure", {"node": "lx-gpu-02", "rank": 13}, "run_diagnostics",
                "From ~09:47 the step time rose from 1.61 s to 1.80 s and every straggler report names rank 13 on lx-gpu-02 (relative performance ~0.87, all others >0.97), but nvidia-smi -q and dmesg on all nodes show no thermal, clock, PCIe or error signal, so the node needs diagnostics rather than a verdict.",
                "https://github.com/intelligent-machine-learning/dlrover/issues/678")
    return c


# ---------------------------------------------------------------------------
def am24(name):
    """CUDA OOM only on shared-a100-03 GPU 2: a Jupyter kernel of another user holds 37 GiB there."""
    rng = rng_for(name)
    c = Case(name)
    names = ["shared-a100-01", "shared-a100-02", "shared-a100-03", "shared-a100-04"]
    ips = ["10.5.0.31", "10.5.0.32", "10.5.0.33", "10.5.0.34"]
    nodes = make_nodes(names, ips, rng=rng, bus=A100_BUS)
    bad, blr = nodes[2], 2
    start = D(2024, 6, 18, 5, 10, 0)
    T0 = D(2024, 6, 18, 9, 57, 42, 318000)
    script = "finetune_llava.py"
    logs = {n.name: torchrun_log(n, 4, start, rng, endpoint="10.5.0.31:29500", script=script, verbose_lrs=(0,),
                                 nccl_kw={"hcas": ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"], "version": "2.20.5+cuda12.4"}) for n in nodes}
    t = start + TD(seconds=60)
    step = 0
    while True:
        step += 10
        t = t + TD(seconds=10 * 3.8 * (1 + rng.uniform(-0.02, 0.02)))
        if t >= T0:
            break
        logs["shared-a100-01"].add(t, "[default0]:{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (1.3 - step / 20000 + rng.uniform(-0.05, 0.05), rng.uniform(0.6, 1.6), 2e-5, step / 9000))
        if step % 200 == 0:
            logs["shared-a100-01"].add(t, "[default0]:%s | mem | rank0 max_allocated=38.41GiB reserved=40.02GiB" % ts_py(t))
    r = bad.rank(blr)
    tb = py_traceback([
        ("/work/llava/finetune_llava.py", 288, "<module>", "train()"),
        ("/work/llava/finetune_llava.py", 271, "train", "trainer.train()"),
        ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 2279, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
        ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 3349, "training_step", "self.accelerator.backward(loss, **kwargs)"),
        ("/usr/local/lib/python3.10/dist-packages/accelerate/accelerator.py", 2196, "backward", "loss.backward(**kwargs)"),
        ("/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
    ], "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 2 has a total capacity of 79.15 GiB of which 1.21 GiB is free. Process 88213 has 37.12 GiB memory in use. Including non-PyTorch memory, this process has 40.80 GiB memory in use. Of the allocated memory 36.91 GiB is allocated by PyTorch, and 2.37 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
    logs[bad.name].add(T0, "\n".join("[default2]:[rank%d]: %s" % (r, x) for x in tb.split("\n")))
    out, _ = agent_failure(bad, T0 + TD(seconds=1), blr, 1, rng, script)
    logs[bad.name].extend(out)
    for n in nodes:
        if n is bad:
            continue
        tw = T0 + TD(seconds=600) + jit(rng, 30, 300)
        for lr in range(8):
            logs[n.name].add(tw + TD(milliseconds=lr), "\n".join("[default%d]:%s" % (lr, x) for x in watchdog_timeout(n.rank(lr), tw + TD(milliseconds=lr), 150871, "ALLREDUCE", 27525120, rng).split("\n")))
        out, _ = agent_failure(n, tw + TD(milliseconds=500), 0, -6, rng, script)
        logs[n.name].extend(out)
    for n in nodes:
        c.add("%s/torchrun.log" % n.name, logs[n.name])
    gpus = [gpu_default(i, A100_BUS[i], rng, product="NVIDIA A100-SXM4-80GB", arch="Ampere") for i in range(8)]
    procs = []
    for g in gpus:
        g["plimit"], g["mem_total"] = 400.0, 81920
        g["used"] = 41780 + rng.randint(0, 300)
        g["util"] = 100
        g["power"] = rng.uniform(250, 330)
        procs.append((g["idx"], bad.pid(g["idx"]), "/usr/bin/python3", g["used"] - 420))
    gpus[blr]["used"] = 81120
    procs.append((blr, 88213, "/opt/conda/envs/jlab/bin/python", 38012))
    procs.sort()
    c.add("shared-a100-03/nvidia-smi_at_crash.txt", nvsmi_table(T0 - TD(seconds=20), "550.54.15", "12.4", gpus, procs=procs))
    c.add("shared-a100-03/ps_gpu_procs.txt", "\n".join([
        "$ ps -o user,pid,lstart,etime,cmd -p %s,88213" % ",".join(str(bad.pid(i)) for i in range(8)),
        "USER       PID                  STARTED     ELAPSED CMD"] +
        ["svc-train %6d %s    %s /usr/bin/python3 -u finetune_llava.py --deepspeed zero2.json --local-rank=%d" % (bad.pid(i), ts_ctime(start + TD(seconds=4)), "04:47:38", i) for i in range(8)] +
        ["mchen       88213 %s    02:11:05 /opt/conda/envs/jlab/bin/python -m ipykernel_launcher -f /home/mchen/.local/share/jupyter/runtime/kernel-3f1c9a.json" % ts_ctime(T0 - TD(hours=2, minutes=11, seconds=5))]))
    gpus1 = [gpu_default(i, A100_BUS[i], rng, product="NVIDIA A100-SXM4-80GB", arch="Ampere") for i in range(8)]
    for g in gpus1:
        g["plimit"], g["mem_total"], g["used"], g["util"], g["power"] = 400.0, 81920, 41690 + rng.randint(0, 300), 100, rng.uniform(250, 330)
    c.add("shared-a100-01/nvidia-smi_at_crash.txt", nvsmi_table(T0 - TD(seconds=18), "550.54.15", "12.4", gpus1,
                                                              procs=[(g["idx"], nodes[0].pid(g["idx"]), "/usr/bin/python3", g["used"] - 420) for g in gpus1]))
    c.set_label("oom", "infrastructure", {"node": "shared-a100-03", "rank": 18}, "restart_without_node",
                "Only rank 18 (shared-a100-03 GPU 2) ran out of memory: the OOM message and nvidia-smi show another user's Jupyter kernel (PID 88213, 37 GiB) on that GPU, while the job's own ranks use ~41 GiB everywhere; the other ranks merely timed out.",
                "https://github.com/huggingface/accelerate/issues/200")
    return c


# ---------------------------------------------------------------------------
def am25(name):
    """Corrected PCIe errors for an hour, then a fatal AER and Xid 79 on ml-gpu-032 GPU 3."""
    rng = rng_for(name)
    c = Case(name)
    names = ["ml-gpu-031", "ml-gpu-032", "ml-gpu-033", "ml-gpu-034"]
    ips = ["10.21.3.31", "10.21.3.32", "10.21.3.33", "10.21.3.34"]
    nodes = make_nodes(names, ips, rng=rng)
    bad, blr = nodes[1], 3
    start = D(2024, 9, 3, 9, 0, 0)
    T0 = D(2024, 9, 3, 14, 21, 6, 770000)
    script = "pretrain.py"
    logs = {n.name: torchrun_log(n, 4, start, rng, endpoint="10.21.3.31:29500", script=script, verbose_lrs=(0, 3)) for n in nodes}
    pre, ts = _megatron_preamble(start + TD(seconds=25), rng)
    for t, l in pre:
        logs["ml-gpu-031"].add(t, "[default0]:" + l)
    its, _, _ = megatron_iters(ts + TD(seconds=30), 50, 40000, 50, 1.21, 200000, 512, rng)
    for t, l in its:
        if t < T0:
            logs["ml-gpu-031"].add(t, "[default0]:" + l)
    r = bad.rank(blr)
    tr = T0 + TD(seconds=1, milliseconds=92)
    logs[bad.name].add(tr, "\n".join("[default3]:" + x for x in cuda_watchdog_error(r, tr, rng, "unspecified launch failure").split("\n")))
    out, _ = agent_failure(bad, tr + TD(milliseconds=420), blr, -6, rng, script)
    logs[bad.name].extend(out)
    for n in nodes:
        if n is bad:
            continue
        tw = T0 + TD(seconds=600) + jit(rng, 100, 900)
        for lr in range(8):
            logs[n.name].add(tw + TD(milliseconds=lr), "\n".join("[default%d]:%s" % (lr, x) for x in watchdog_timeout(n.rank(lr), tw + TD(milliseconds=lr), 79411, "ALLREDUCE", 169869312, rng).split("\n")))
        out, _ = agent_failure(n, tw + TD(milliseconds=600), 0, -6, rng, script)
        logs[n.name].extend(out)
    for n in nodes:
        c.add("%s/launcher-%s.log" % (n.name, n.name), logs[n.name])
        boot = D(2024, 9, 3, 7, 12, 44) if n is bad else D(2024, 8, 30, 2, 0, 0) + TD(seconds=rng.randint(0, 9000))
        dl = Log()
        for tt, m in boot_dmesg(rng, boot, n.name):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        for tt, m in quiet_noise(rng, start, T0 + TD(minutes=11), n.name, n=5):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        if n is bad:
            tc = T0 - TD(minutes=63)
            while tc < T0 - TD(seconds=30):
                dl.add(tc, "%s pcieport 0000:60:01.0: AER: Corrected error received: 0000:61:00.0" % ts_uptime(tc, boot))
                dl.add(tc, "%s nvidia 0000:61:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)" % ts_uptime(tc, boot))
                dl.add(tc, "%s nvidia 0000:61:00.0:   device [10de:2330] error status/mask=00001000/0000e000" % ts_uptime(tc, boot))
                dl.add(tc, "%s nvidia 0000:61:00.0:    [12] Timeout               " % ts_uptime(tc, boot))
                tc = tc + TD(seconds=rng.randint(40, 400), microseconds=rng.randint(0, 999999))
            seqs = [
                (0, "pcieport 0000:60:01.0: AER: Uncorrected (Fatal) error received: 0000:60:01.0"),
                (0.000011, "pcieport 0000:60:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
                (0.000019, "pcieport 0000:60:01.0:   device [1000:c030] error status/mask=00000020/00000000"),
                (0.000024, "pcieport 0000:60:01.0:    [ 5] SDES                   (First)"),
                (0.000301, "nvidia 0000:61:00.0: AER: can't recover (no error_detected callback)"),
                (0.612, "NVRM: GPU at PCI:0000:61:00: %s" % uuid(rng)),
                (0.612, "NVRM: Xid (PCI:0000:61:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                (0.612, "NVRM: GPU 0000:61:00.0: GPU has fallen off the bus."),
                (1.050, "pcieport 0000:60:01.0: AER: Root Port link has been reset (0)"),
                (1.051, "pcieport 0000:60:01.0: AER: device recovery failed"),
            ]
            for dtt, m in seqs:
                tt = T0 + TD(seconds=dtt)
                dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        c.add("%s/dmesg" % n.name, dl)
        c.add("%s/uptime-s" % n.name, boot.strftime("%Y-%m-%d %H:%M:%S"))
    c.set_label("gpu_hardware", "infrastructure", {"node": "ml-gpu-032", "rank": 11}, "restart_without_node",
                "ml-gpu-032 logged repeated corrected PCIe errors on GPU 3 (0000:61:00) for an hour, then a fatal AER (Surprise Down) on its root port and Xid 79; rank 11 on that GPU failed a second later and every other rank only hit the watchdog 10 minutes after.",
                "https://github.com/wilicc/gpu-burn/issues/1")
    return c


# ---------------------------------------------------------------------------
def am26(name):
    """Non-finite gradients in two runs at different steps; both times the offending rank is gpu-f03 GPU 4."""
    rng = rng_for(name)
    c = Case(name)
    names = ["gpu-f%02d" % i for i in range(1, 9)]
    ips = ["10.19.6.%d" % i for i in range(1, 9)]
    runs = [("attempt_0", [0, 1, 2, 3, 4, 5, 6, 7], D(2024, 8, 5, 1, 0, 0), 14000 - 2000, 14203),
            ("attempt_1", [3, 7, 5, 0, 6, 1, 2, 4], D(2024, 8, 5, 10, 31, 0), 14000, 14377)]
    script = "train.py"
    for prefix, order, start, resume, bad_step in runs:
        nodes = make_nodes(names, ips, order=order, rng=rng)
        bad, blr = nodes[2], 4
        r = bad.rank(blr)
        logs = {n.name: torchrun_log(n, 8, start, rng, endpoint="10.19.6.1:29500" if prefix == "attempt_0" else "10.19.6.4:29500", script=script, verbose_lrs=(0,)) for n in nodes}
        root = [n for n in nodes if n.node_rank == 0][0]
        t = start + TD(seconds=45)
        logs[root.name].add(t, "[default0]:%s INFO  ckpt  resumed from step %d" % (ts_iso(t), resume))
        step = resume
        while step < bad_step - 1:
            step += 1
            t = t + TD(seconds=2.51 * (1 + rng.uniform(-0.01, 0.01)))
            if step % 25 == 0:
                logs[root.name].add(t, "[default0]:%s INFO  train step=%d loss=%.4f gnorm=%.3f lr=%.3e" % (ts_iso(t), step, loss_at(step, rng, base=1.9), rng.uniform(0.22, 0.35), 2e-4))
            if prefix == "attempt_1" and step == 14203:
                logs[root.name].add(t, "[default0]:%s INFO  train step=14203 loss=%.4f gnorm=%.3f lr=%.3e" % (ts_iso(t), loss_at(step, rng, base=1.9), rng.uniform(0.22, 0.35), 2e-4))
        T0 = t + TD(seconds=2.4)
        logs[bad.name].add(T0 - TD(milliseconds=300), "[default4]:%s WARN  nan_guard rank=%d host=%s step=%d local grad norm is nan (first non-finite grad: model.layers.%d.mlp.down_proj.weight, %d/%d elements non-finite)"
                           % (ts_iso(T0 - TD(milliseconds=300)), r, bad.name, bad_step, rng.randint(3, 38), rng.randint(1, 40), 58720256))
        for n in nodes:
            for lr in range(8):
                if n is bad and lr == blr:
                    continue
                if rng.random() < 0.15:
                    logs[n.name].add(T0 - TD(milliseconds=250), "[default%d]:%s DEBUG nan_guard rank=%d step=%d local grad norm %.4f finite" % (lr, ts_iso(T0 - TD(milliseconds=250)), n.rank(lr), bad_step, rng.uniform(0.2, 0.35)))
        tb = py_traceback([
            ("/opt/llm/train.py", 402, "<module>", "main()"),
            ("/opt/llm/train.py", 377, "main", "nan_guard.check(step)"),
            ("/opt/llm/utils/nan_guard.py", 61, "check", "raise FloatingPointError(msg)"),
        ], "FloatingPointError: non-finite gradients at step %d; offending ranks: [%d] (%s cuda:%d); aborting before optimizer step" % (bad_step, r, bad.name, blr))
        logs[root.name].add(T0, "\n".join("[default0]:[rank0]: " + x for x in tb.split("\n")))
        out, _ = agent_failure(root, T0 + TD(milliseconds=700), 0, 1, rng, script)
        logs[root.name].extend(out)
        for n in nodes:
            if n is root:
                continue
            tw = T0 + TD(seconds=1800) + jit(rng, 10, 300)
            lr = rng.randint(0, 7)
            logs[n.name].add(tw, "\n".join("[default%d]:%s" % (lr, x) for x in watchdog_timeout(n.rank(lr), tw, bad_step * 2 + 7, "ALLREDUCE", 1, rng, timeout_ms=1800000).split("\n")))
            out, _ = agent_failure(n, tw + TD(milliseconds=400), lr, -6, rng, script)
            logs[n.name].extend(out)
        for n in nodes:
            c.add("%s/%s/torchrun.log" % (prefix, n.name), logs[n.name])
    gpus = [gpu_default(i, H100_BUS[i], rng) for i in range(8)]
    c.add("gpu-f03/dcgmi_diag_-r3_-j.json", dcgmi_diag_json(8, {
        ("Hardware", "Diagnostic"): {4: ("Fail", "GPU 4: Found 231 compute errors (miscompares) during the Diagnostic test. Drain the GPU and run field diagnostics.", 95)},
        ("Stress", "Targeted Stress"): {4: ("Warn", "GPU 4: Thermal/clock behaviour within limits; result inconclusive after compute miscompares.", 0)},
    }))
    c.add("gpu-f03/nvidia-smi-q.txt", nvsmi_q(D(2024, 8, 5, 12, 4, 11), "550.54.15", "12.4", gpus))
    boot = D(2024, 7, 31, 16, 20, 0)
    for nm in names:
        bn = make_nodes([nm], ["0.0.0.0"], rng=rng)[0]
        c.add("%s/dmesg_T.txt" % nm, _dmesg_T(rng, boot + TD(seconds=rng.randint(0, 7200)), bn, [], D(2024, 8, 5, 1, 0, 0), D(2024, 8, 5, 11, 30, 0)))
    c.add("gpu-f03/health_check_note.txt", "2024-08-05 12:10 ops: gpu-f03 pulled after two NaN aborts; dcgmi diag -r 3 attached (GPU 4 fails Diagnostic). No Xid in dmesg since boot.")
    c.set_label("gpu_hardware", "infrastructure", {"node": "gpu-f03"}, "restart_without_node",
                "Both runs aborted on non-finite gradients at different steps (14203, then 14377 after the second run had passed 14203 cleanly), and each time the only offending rank was GPU 4 of gpu-f03 (rank 20, then 44); dcgmi diag then found 231 compute miscompares on that GPU. A NaN that follows one GPU across attempts is that node's hardware.",
                "https://github.com/pytorch/torchtitan/issues/951")
    return c


# ---------------------------------------------------------------------------
def am27(name):
    """12-node job with topology: only cn-c03 (on leaf-3) shows link flaps; its leaf-mates are clean."""
    rng = rng_for(name)
    c = Case(name)
    names = ["cn-a01", "cn-a02", "cn-a03", "cn-a04", "cn-b01", "cn-b02", "cn-b03", "cn-b04", "cn-c01", "cn-c02", "cn-c03", "cn-c04"]
    ips = ["10.9.%d.%d" % (1 + i // 4, 1 + i % 4) for i in range(12)]
    nodes = make_nodes(names, ips, rng=rng)
    bad = nodes[10]
    c.add("topology.json", json.dumps({"topology": {"leaf-1": names[0:4], "leaf-2": names[4:8], "leaf-3": names[8:12]}}, indent=1))
    hcas = ["mlx5_%d" % k for k in (0, 1, 2, 3, 6, 7, 8, 9)]
    pci = ["0000:0c:00.0", "0000:1f:00.0", "0000:3c:00.0", "0000:4b:00.0", "0000:8c:00.0", "0000:9e:00.0", "0000:bc:00.0", "0000:cb:00.0"]
    start = D(2025, 1, 14, 0, 20, 0)
    flaps = [D(2025, 1, 14, 5, 3, 12, 100000), D(2025, 1, 14, 5, 31, 40, 900000), D(2025, 1, 14, 5, 44, 2, 330000)]
    T0 = flaps[-1]
    script = "pretrain.py"
    logs = {n.name: torchrun_log(n, 12, start, rng, endpoint="10.9.1.1:29500", script=script, verbose_lrs=(0,)) for n in nodes}
    t = start + TD(seconds=70)
    step = 0
    while True:
        step += 50
        t = t + TD(seconds=50 * 1.48 * (1 + rng.uniform(-0.01, 0.01)))
        if t >= T0:
            break
        logs["cn-a01"].add(t, "[default0]:%s - INFO - step %d loss %.4f lr %.3e gnorm %.3f tps %d" % (ts_py(t), step, loss_at(step, rng, base=2.15), 3e-4, rng.uniform(0.2, 0.4), rng.randint(8.80e5, 8.95e5)))
    for k, tf in enumerate(flaps):
        for lr in (3,):
            logs[bad.name].add(tf + TD(milliseconds=60), "[default%d]:%s:%d:%d [%d] NCCL WARN NET/IB : mlx5_3:1 Got async event : port error" % (lr, bad.name, bad.pid(lr), bad.pid(lr) + 70, lr))
            if k < 2:
                logs[bad.name].add(tf + TD(seconds=4, milliseconds=200), "[default%d]:%s:%d:%d [%d] NCCL WARN NET/IB : mlx5_3:1 Got async event : port active" % (lr, bad.name, bad.pid(lr), bad.pid(lr) + 70, lr))
    firsts = {}
    for n in nodes:
        for lr in range(8):
            if n is bad or rng.random() > 0.35:
                continue
            te = T0 + TD(seconds=18) + jit(rng, 0, 2500)
            pid = n.pid(lr)
            logs[n.name].add(te, "[default%d]:%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s"
                             % (lr, n.name, pid, pid + 70, lr, bad.ip, rng.randint(33000, 61000), rng.choice([0, 1]), rng.choice(["Send", "Recv"]), n.ip, bad.ip))
            tw = te + jit(rng, 100, 600)
            logs[n.name].add(tw, "\n".join("[default%d]:%s" % (lr, x) for x in nccl_remote_error(n.rank(lr), tw, rng, bad.ip, rng.randint(33000, 61000), n.ip).split("\n")))
            firsts.setdefault(n.name, []).append((tw, lr))
    for n in nodes:
        if n.name not in firsts:
            tw = T0 + TD(seconds=600) + jit(rng, 20, 400)
            lr = rng.randint(0, 7)
            logs[n.name].add(tw, "\n".join("[default%d]:%s" % (lr, x) for x in watchdog_timeout(n.rank(lr), tw, 77102, "ALLREDUCE", 223281152, rng).split("\n")))
            firsts[n.name] = [(tw, lr)]
        tw, lr = sorted(firsts[n.name])[0]
        out, _ = agent_failure(n, tw + jit(rng, 200, 600), lr, -6, rng, script)
        logs[n.name].extend(out)
        c.add("%s/torchrun.log" % n.name, logs[n.name])
        boot = D(2025, 1, 9, 3, 0, 0) + TD(seconds=rng.randint(0, 9000))
        K = Log()
        for tt, m in boot_dmesg(rng, boot, n.name, mlx_bus=pci):
            K.add(tt, "%s %s kernel: %s" % (ts_iso_off(tt)[:19] + "+0000", n.name, m))
        for tt, m in quiet_noise(rng, start, T0 + TD(minutes=12), n.name, n=5):
            K.add(tt, "%s %s kernel: %s" % (ts_iso_off(tt)[:19] + "+0000", n.name, m))
        if n is bad:
            for k, tf in enumerate(flaps):
                K.add(tf, "%s %s kernel: mlx5_core %s: mlx5_port_module_event:1168:(pid 0): Port module event[error]: module 0, Cable error, High Temperature" % (ts_iso_off(tf)[:19] + "+0000", n.name, pci[3]))
                K.add(tf + TD(milliseconds=2), "%s %s kernel: mlx5_core %s mlx5_3: Port: 1 Link DOWN" % (ts_iso_off(tf)[:19] + "+0000", n.name, pci[3]))
                if k < 2:
                    tu = tf + TD(seconds=4, milliseconds=140)
                    K.add(tu, "%s %s kernel: mlx5_core %s mlx5_3: Port: 1 Link ACTIVE" % (ts_iso_off(tu)[:19] + "+0000", n.name, pci[3]))
                else:
                    tu = tf + TD(seconds=52, milliseconds=8)
                    K.add(tu, "%s %s kernel: mlx5_core %s mlx5_3: Port: 1 Link ACTIVE" % (ts_iso_off(tu)[:19] + "+0000", n.name, pci[3]))
        c.add("%s/journal-kernel.txt" % n.name, K)
        badc = {"mlx5_3": {"link_downed": 3, "symbol_error": 4812, "link_error_recovery": 9, "port_rcv_errors": 377}} if n is bad else {}
        c.add("%s/ib_port_counters.txt" % n.name, ib_counters(hcas, badc, rng))
    c.set_label("network", "infrastructure", {"node": "cn-c03"}, "restart_without_node",
                "cn-c03's mlx5_3 flapped three times (module 'Cable error, High Temperature'), the last time for 52 s, and its counters show link_downed=3 and thousands of symbol errors; its leaf-3 neighbours cn-c01/02/04 are clean, so this is one node's link, and the other nodes' completion errors all name cn-c03's 10.9.3.3.",
                "https://github.com/ROCm/rccl/issues/1423")
    return c


# ---------------------------------------------------------------------------
def am28(name):
    """Every rank on every node fails to import torch: undefined symbol ncclCommRegister."""
    rng = rng_for(name)
    c = Case(name)
    names = ["a2-node-01", "a2-node-02", "a2-node-03", "a2-node-04"]
    ips = ["10.120.0.11", "10.120.0.12", "10.120.0.13", "10.120.0.14"]
    nodes = make_nodes(names, ips, rng=rng)
    start = D(2024, 3, 19, 16, 42, 5)
    S = Log()
    S.add(start - TD(seconds=6), "+ module load cuda/12.1 nccl/2.18.1-cuda12.1 openmpi/4.1.5")
    S.add(start - TD(seconds=5), "+ export LD_LIBRARY_PATH=/apps/nccl/2.18.1-cuda12.1/lib:/apps/cuda/12.1/lib64:/apps/openmpi/4.1.5/lib:")
    S.add(start - TD(seconds=5), "+ source /home/rk/venvs/torch23/bin/activate")
    S.add(start - TD(seconds=4), "+ python -c 'import sys; print(sys.version)'")
    S.add(start - TD(seconds=4), "3.10.13 (main, Sep 11 2023, 13:44:35) [GCC 11.2.0]")
    S.add(start - TD(seconds=3), "+ srun --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint a2-node-01:29500 train_clm.py --config cfg/llama_3b.yaml")
    for i, n in enumerate(nodes):
        L = Log()
        apid = n.pid0 - 57
        L.add(start, torchrun_banner(start, apid))
        tf = start + TD(seconds=6) + jit(rng, 0, 900)
        for lr in range(8):
            tb = py_traceback([
                ("/home/rk/llm/train_clm.py", 3, "<module>", "import torch"),
                ("/home/rk/venvs/torch23/lib/python3.10/site-packages/torch/__init__.py", 237, "<module>", "from torch._C import *  # noqa: F403"),
            ], "ImportError: /home/rk/venvs/torch23/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister")
            L.add(tf + TD(milliseconds=lr * 7), "\n".join("[default%d]:%s" % (lr, x) for x in tb.split("\n")))
        te = tf + TD(milliseconds=400)
        L.add(te, "%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /home/rk/venvs/torch23/bin/python" % (ts_glog(te, "E"), apid, n.pid(0)))
        fails = [{"host": n.name, "rank": n.rank(lr), "local_rank": lr, "exitcode": 1, "pid": n.pid(lr), "time": tf} for lr in range(8)]
        L.add(te + TD(milliseconds=30), child_failed_table("train_clm.py", tf, fails, torch_bin="/home/rk/venvs/torch23/bin/torchrun"))
        c.add("%s/torchrun_node%d.log" % (n.name, i), L)
        S.add(te + TD(seconds=1), "srun: error: %s: task %d: Exited with exit code 1" % (n.name, i))
        boot = D(2024, 3, 12, 8, 0, 0) + TD(seconds=rng.randint(0, 9000))
        ev = []
        if n.name == "a2-node-03":
            for k in range(5):
                tt = start - TD(hours=5) + TD(minutes=41 * k + rng.randint(0, 30))
                ev += [(tt, "pcieport 0000:3a:00.0: AER: Corrected error received: 0000:3c:00.0"),
                       (tt, "mlx5_core 0000:3c:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
                       (tt, "mlx5_core 0000:3c:00.0:   device [15b3:1021] error status/mask=00000001/00000000"),
                       (tt, "mlx5_core 0000:3c:00.0:    [ 0] RxErr                 ")]
        c.add("%s/dmesg-T" % n.name, _dmesg_T(rng, boot, n, ev, start, start + TD(minutes=2)))
    S.add(start + TD(seconds=9), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    c.add("slurm-1188201.out", S)
    c.add("pip_freeze_excerpt.txt", "torch==2.3.0\nnvidia-nccl-cu12==2.20.5\nnvidia-cuda-runtime-cu12==12.1.105\ntransformers==4.40.1\naccelerate==0.29.3")
    c.set_label("dependency", "framework", None, "stop",
                "All 32 ranks on all four nodes fail at 'import torch' with 'libtorch_cuda.so: undefined symbol: ncclCommRegister' because the job script loads nccl/2.18.1 and puts it first in LD_LIBRARY_PATH ahead of the NCCL 2.20 that torch 2.3 needs; the corrected PCIe errors on a2-node-03's NIC are unrelated.",
                "https://github.com/pytorch/pytorch/issues/119932")
    return c


# ---------------------------------------------------------------------------
def am29(name):
    """High single-bit ECC rate (Xid 92) on one GPU for two hours, then an uncorrectable error kills its rank."""
    rng = rng_for(name)
    c = Case(name)
    names = ["node-a%02d" % i for i in range(1, 7)]
    ips = ["10.30.5.%d" % i for i in range(1, 7)]
    nodes = make_nodes(names, ips, rng=rng)
    bad, blr = nodes[3], 6
    start = D(2024, 2, 11, 22, 15, 0)
    T0 = D(2024, 2, 12, 3, 11, 9, 440000)
    p = ts_py_bracket
    L = Log()
    L.add(start, "%s [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s export NCCL_DEBUG=WARN; cd /mnt/code/rlhf; /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=... --node_rank=%%n --master_addr=10.30.5.1 --master_port=29500 train_rm.py --deepspeed ds_config_zero2.json" % (p(start), ",".join(names)))
    for n in nodes:
        t = start + TD(seconds=3) + jit(rng, 0, 900)
        L.add(t, "%s: %s [INFO] [launch.py:152:main] nnodes=6, num_local_procs=8, node_rank=%d" % (n.name, p(t), n.node_rank))
        L.add(t, "%s: %s [INFO] [launch.py:164:main] dist_world_size=48" % (n.name, p(t)))
    t = start + TD(seconds=60)
    step = 0
    while True:
        step += 10
        t = t + TD(seconds=10 * 4.1 * (1 + rng.uniform(-0.01, 0.01)))
        if t >= T0:
            break
        L.add(t, "node-a01: %s [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[9.0e-06], mom=[(0.9, 0.95)]" % (p(t), step))
        L.add(t, "node-a01: %s [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.3f, CurrSamplesPerSec=%.3f, MemAllocated=31.2GB, MaxMemAllocated=58.9GB" % (p(t), step * 4, step, 93.6 + rng.uniform(-0.4, 0.4), 93.6 + rng.uniform(-2, 2)))
    r = bad.rank(blr)
    tb = py_traceback([
        ("/mnt/code/rlhf/train_rm.py", 344, "<module>", "main()"),
        ("/mnt/code/rlhf/train_rm.py", 310, "main", "model.backward(loss)"),
        ("/usr/local/lib/python3.10/dist-packages/deepspeed/utils/nvtx.py", 15, "wrapped_fn", "ret_val = func(*args, **kwargs)"),
        ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 1976, "backward", "self.optimizer.backward(loss, retain_graph=retain_graph)"),
        ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py", 2056, "backward", "self.loss_scaler.backward(loss.float(), retain_graph=retain_graph)"),
        ("/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", 522, "backward", "torch.autograd.backward("),
    ], "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1.\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
    L.add(T0 + TD(milliseconds=260), "\n".join("%s: %s" % (bad.name, x) for x in tb.split("\n")))
    tk = T0 + TD(seconds=2)
    for n in nodes:
        tt = tk + jit(rng, 0, 1500) if n is bad else T0 + TD(seconds=600) + jit(rng, 100, 900)
        if n is not bad:
            lr = rng.randint(0, 7)
            L.add(tt - TD(seconds=1), "\n".join("%s: %s" % (n.name, x) for x in watchdog_timeout(n.rank(lr), tt - TD(seconds=1), 61203, "REDUCE_SCATTER", 98566144, rng).split("\n")))
        for lr in range(8):
            L.add(tt, "%s: %s [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (n.name, p(tt), n.pid(lr)))
        L.add(tt + TD(milliseconds=150), "%s: %s [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'train_rm.py', '--local_rank=%d', '--deepspeed', 'ds_config_zero2.json'] exits with return code = %d"
              % (n.name, p(tt), blr if n is bad else lr, 1 if n is bad else -6))
        L.add(tt + TD(seconds=1), "pdsh@node-a01: %s: ssh exited with exit code 1" % n.name)
    c.add("ds_launch.out", L)
    x92 = [T0 - TD(hours=2, minutes=7), T0 - TD(hours=1, minutes=22), T0 - TD(minutes=48), T0 - TD(minutes=9)]
    for n in nodes:
        boot = D(2024, 2, 6, 14, 0, 0) + TD(seconds=rng.randint(0, 9000))
        J = Log()
        for tt, m in boot_dmesg(rng, boot, n.name):
            J.add(tt, "%s %s kernel: %s" % (tt.strftime("%Y-%m-%dT%H:%M:%S%z") + "+0000", n.name, m))
        for tt, m in quiet_noise(rng, start, T0 + TD(minutes=12), n.name, n=5):
            J.add(tt, "%s %s kernel: %s" % (tt.strftime("%Y-%m-%dT%H:%M:%S") + "+0000", n.name, m))
        if n is bad:
            for tt in x92:
                J.add(tt, "%s %s kernel: NVRM: Xid (PCI:0000:d1:00): 92, pid=%d, name=python3, High single-bit ECC error rate" % (tt.strftime("%Y-%m-%dT%H:%M:%S") + "+0000", n.name, n.pid(blr)))
            for dd, m in ((T0, "NVRM: Xid (PCI:0000:d1:00): 94, pid=%d, name=python3, Contained: SM (0x1). RST: No, D-RST: No" % n.pid(blr)),
                          (T0 + TD(milliseconds=3), "NVRM: Xid (PCI:0000:d1:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000b70e52) marked for remapping, reset gpu to activate.")):
                J.add(dd, "%s %s kernel: %s" % (dd.strftime("%Y-%m-%dT%H:%M:%S") + "+0000", n.name, m))
        J.add(start + TD(seconds=1), "%s %s systemd[1]: Started Session 4411 of User svc-rlhf." % ((start + TD(seconds=1)).strftime("%Y-%m-%dT%H:%M:%S") + "+0000", n.name))
        c.add("%s/journal.log" % n.name, J)
    gpus = [gpu_default(i, H100_BUS[i], rng) for i in range(8)]
    gpus[blr]["ecc_vol"] = {"DRAM Correctable": 48211, "DRAM Uncorrectable": 1}
    gpus[blr]["ecc_agg"] = {"DRAM Correctable": 61094, "DRAM Uncorrectable": 1}
    gpus[blr]["remap"] = {"corr": 2, "unc": 1, "pending": "Yes", "fail": "No"}
    c.add("node-a04/nvidia-smi-q.txt", nvsmi_q(T0 + TD(minutes=10), "550.54.15", "12.4", gpus))
    c.set_label("gpu_memory", "infrastructure", {"node": "node-a04", "rank": 30}, "restart_without_node",
                "node-a04 GPU 6 (0000:d1:00) logged Xid 92 (high single-bit ECC rate) four times in two hours, then rank 30 on it died with an uncorrectable ECC error (Xid 94 + row remap pending); nvidia-smi shows 48k volatile correctable and 1 uncorrectable DRAM errors on that GPU only.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    return c


# ---------------------------------------------------------------------------
def am30(name):
    """Iteration time +35% from 03:12; n-d17 GPU 3's PCIe link retrained to x4 after AER bursts."""
    rng = rng_for(name)
    c = Case(name)
    names = ["n-d%d" % i for i in range(12, 20)]
    ips = ["10.45.0.%d" % i for i in range(12, 20)]
    nodes = make_nodes(names, ips, rng=rng)
    bad, blr = nodes[5], 3
    start = D(2024, 12, 9, 21, 0, 0)
    tdeg = D(2024, 12, 10, 3, 12, 44, 120000)
    tend = D(2024, 12, 10, 7, 40, 3)
    L = Log()
    L.add(start, "job 998812 | 8 nodes n-d[12-19] | 64 x H100 | torchrun per node")
    pre, ts = _megatron_preamble(start + TD(seconds=20), rng, nparams="8030261248", tp=8, world=64, gbs=512, mbs=1)
    for t, l in pre:
        L.add(t, "[rank0] " + l)
    t = ts + TD(seconds=40)
    it = 0
    while True:
        it += 50
        k = 0.0 if t < tdeg else 1.0
        st = 2.104 * (1 + 0.54 * k) + rng.uniform(-0.01, 0.01)
        t = t + TD(seconds=50 * st)
        if t >= tend:
            break
        L.add(t, "[rank0]  [%s] iteration %8d/  300000 | consumed samples: %12d | elapsed time per iteration (ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size:   512 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
              % (t.strftime("%Y-%m-%d %H:%M:%S"), it, it * 512, st * 1000, 487.0 / (1 + 0.54 * k) + rng.uniform(-2, 2), 3e-4, loss_at(it, rng, base=1.95), rng.uniform(0.2, 0.4)))
        if it % 1000 == 0:
            if k:
                L.add(t, "[rank0] [perf] iter %d: h2d_batch_copy_ms p50=%.1f max=%.1f (rank %d) | dp_grad_reduce_ms p50=%.0f max=%.0f (rank %d)"
                      % (it, 3.1 + rng.uniform(-0.2, 0.2), 47.9 + rng.uniform(-2, 2), bad.rank(blr), 612 + rng.uniform(-10, 10), 1741 + rng.uniform(-30, 30), bad.rank(blr)))
            else:
                L.add(t, "[rank0] [perf] iter %d: h2d_batch_copy_ms p50=%.1f max=%.1f (rank %d) | dp_grad_reduce_ms p50=%.0f max=%.0f (rank %d)"
                      % (it, 3.1 + rng.uniform(-0.2, 0.2), 3.6 + rng.uniform(-0.2, 0.2), rng.randint(0, 63), 608 + rng.uniform(-10, 10), 641 + rng.uniform(-10, 10), rng.randint(0, 63)))
    L.add(tend, "slurmstepd: error: *** JOB 998812 ON n-d12 CANCELLED AT %s ***" % tend.strftime("%Y-%m-%dT%H:%M:%S"))
    c.add("train_rank0.log", L)
    for n in nodes:
        boot = D(2024, 12, 5, 10, 0, 0) + TD(seconds=rng.randint(0, 9000))
        ev = []
        if n is bad:
            tt = tdeg - TD(seconds=40)
            for j in range(9):
                tt = tt + TD(seconds=rng.uniform(1, 6))
                ev += [(tt, "pcieport 0000:60:01.0: AER: Multiple Corrected error received: 0000:61:00.0"),
                       (tt, "nvidia 0000:61:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)"),
                       (tt, "nvidia 0000:61:00.0:   device [10de:2330] error status/mask=000011c0/0000e000"),
                       (tt, "nvidia 0000:61:00.0:    [ 6] BadTLP                 (First)"),
                       (tt, "nvidia 0000:61:00.0:    [ 7] BadDLLP               "),
                       (tt, "nvidia 0000:61:00.0:    [12] Timeout               ")]
            ev.append((tdeg, "nvidia 0000:61:00.0: 63.015 Gb/s available PCIe bandwidth, limited by 16.0 GT/s PCIe x4 link at 0000:60:01.0 (capable of 504.123 Gb/s with 32.0 GT/s PCIe x16 link)"))
        c.add("%s/dmesg-T.log" % n.name, _dmesg_T(rng, boot, n, ev, start, tend))
    for n in (bad, nodes[0]):
        gpus = [gpu_default(i, H100_BUS[i], rng) for i in range(8)]
        for g in gpus:
            g["used"], g["temp"], g["power"] = 72100 + rng.randint(0, 600), rng.randint(55, 63), rng.uniform(380, 460)
        if n is bad:
            gpus[blr]["pcie_gen"] = (4, 5)
            gpus[blr]["pcie_width"] = ("4x", "16x")
            gpus[blr]["replays"] = 18231
        c.add("%s/nvidia-smi-q.txt" % n.name, nvsmi_q(tend - TD(minutes=20), "550.54.15", "12.4", gpus))
    c.set_label("straggler", "infrastructure", {"node": "n-d17", "rank": 43}, "restart_without_node",
                "From 03:12 the iteration time rose from 2.10 s to ~3.24 s and the per-rank perf lines name rank 43 as the slowest in host-to-device copies and gradient reduction; that rank's GPU (n-d17 GPU 3, 0000:61:00) logged AER bursts and its PCIe link retrained to Gen4 x4 (nvidia-smi: current 4x of max 16x, 18231 replays).",
                "https://github.com/deepspeedai/DeepSpeed/issues/1617")
    return c
