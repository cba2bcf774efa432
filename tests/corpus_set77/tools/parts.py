"""Reusable log fragments built on common.py / kit.py."""

from common import (PY, PCI, ts_py, TRAIN_FRAMES_TOP, cuda_error_exc, hostlist, megatron_iter, py_traceback, sec,
                    simple_step, ts_dmesg_human, ts_iso, ts_syslog, ts_uptime, watchdog_cuda_error)
from kit import ip_of


def progress(run, t_start, s0, s1, every, st, total, rng, fmt="simple", base=2.1, lr_max=3.0e-4,
             gn=(0.8, 1.1), tps=3850, ckpt_every=500, ckpt_dir="/lustre/llm/ckpt/run-7b", host=None,
             data_time=None, lossfn=None, gnfn=None, stfn=None):
    """Adds rank-0 progress lines for steps (s0, s1]; returns time of step s1."""
    host = host or run.nodes[0]
    t = t_start
    s = s0
    while s < s1:
        s += 1
        this = stfn(s) if stfn else st
        t = t + sec(this * rng.uniform(0.997, 1.003))
        if s % every == 0:
            loss = lossfn(s) if lossfn else base + 8.5 / (1.0 + s / 300.0) + rng.uniform(-0.04, 0.04)
            g = gnfn(s) if gnfn else rng.uniform(*gn)
            lr = lr_max * min(1.0, s / 2000.0)
            if fmt == "megatron":
                line = megatron_iter(t, s, total, s * 1024, this * 1000 * rng.uniform(0.99, 1.01), lr, loss, g)
            else:
                dtv = None if data_time is None else data_time * rng.uniform(0.9, 1.1)
                line = simple_step(t, s, total, loss, lr, g, int(tps * (st / this) * rng.uniform(0.98, 1.02)), this, data_time=dtv)
            run.addp(host, 0, t, line)
        if ckpt_every and s % ckpt_every == 0:
            run.addp(host, 0, t + sec(0.2), "%s - pretrain - INFO - Saving checkpoint at step %d to %s/step_%07d" % (
                ts_py(t + sec(0.2)), s, ckpt_dir, s))
            t = t + sec(14.0)
            run.addp(host, 0, t, "%s - pretrain - INFO - Checkpoint step_%07d saved in 13.8s" % (ts_py(t), s))
    return t


def resume_lines(run, t, step, ckpt_dir="/lustre/llm/ckpt/run-7b"):
    for h in run.nodes:
        run.addp(h, 0, t, "%s - pretrain - INFO - Resuming from %s/step_%07d (found latest)" % (ts_py(t), ckpt_dir, step))
    run.addp(run.nodes[0], 0, t + sec(31), "%s - pretrain - INFO - Loaded model, optimizer and dataloader state for step %d in 30.7s" % (ts_py(t + sec(31)), step))
    return t + sec(31)


def fresh_lines(run, t, cfgname="configs/llama_7b_pretrain.yaml"):
    run.addp(run.nodes[0], 0, t, "%s - pretrain - INFO - Loading config %s" % (ts_py(t), cfgname))
    run.addp(run.nodes[0], 0, t + sec(1), "%s - pretrain - INFO - No checkpoint found under /lustre/llm/ckpt/run-7b, starting from scratch" % ts_py(t + sec(1)))
    return t + sec(20)


def backward_cuda_error(run, host, lr, t, msg="an illegal memory access was encountered", loss_line=421):
    frames = TRAIN_FRAMES_TOP + [
        ("/workspace/llm/pretrain.py", loss_line, "train", "loss.backward()"),
        ("%s/torch/_tensor.py" % PY, 521, "backward", "torch.autograd.backward("),
        ("%s/torch/autograd/__init__.py" % PY, 289, "backward", "_engine_run_backward("),
        ("%s/torch/autograd/graph.py" % PY, 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
    ]
    run.addr(host, lr, t, py_traceback("", frames, cuda_error_exc(msg)))
    r = run.rank(host, lr)
    run.addp(host, lr, t + sec(0.3), watchdog_cuda_error(r, t + sec(0.3), msg))


def dmesg_noise(boot, t0, host, rng, n=6, human=False):
    """Background kernel lines."""
    pool = [
        "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
        "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000",
        "audit: type=1400 audit(%d.512:311): apparmor=\"STATUS\" operation=\"profile_replace\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=2211 comm=\"apparmor_parser\"" % (1700000000 + rng.randint(0, 9999999)),
        "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Opts: (null)",
        "mlx5_core 0000:%02x:00.0: mlx5_pcie_event:299:(pid 0): PCIe slot advertised sufficient power (75W)." % rng.choice([0x1a, 0x3c, 0x4d, 0x5e, 0x9c, 0xbc, 0xcc, 0xdc]),
        "Lustre: Mounted lustre-client",
        "nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024",
        "perf: interrupt took too long (2512 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
        "systemd-journald[1021]: Data hash table of /var/log/journal/%032x/system.journal has a fill level at 75.0 (8534 of 11377 items, 6553600 file size, 767 bytes per hash table item), suggesting rotation." % rng.getrandbits(128),
    ]
    out = []
    for i in range(n):
        t = t0 + sec(rng.uniform(0, 3600) + i)
        out.append((t, pool[rng.randrange(len(pool))]))
    out.sort(key=lambda x: x[0])
    return [((ts_dmesg_human(t) if human else ts_uptime(boot, t)) + " " + l, t) for t, l in out]


def render_dmesg(entries, boot, human=False):
    """entries: list of (t, text). returns lines sorted."""
    entries = sorted(entries, key=lambda x: x[0])
    return [((ts_dmesg_human(t) if human else ts_uptime(boot, t)) + " " + l) for t, l in entries]


def dmesg_base(boot, t0, rng, n=6):
    pool = [
        "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
        "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Opts: (null)",
        "Lustre: Mounted lustre-client",
        "perf: interrupt took too long (2512 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
        "nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel",
        "audit: type=1400 audit(%d.512:311): apparmor=\"STATUS\" operation=\"profile_replace\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=2211 comm=\"apparmor_parser\"" % (1709000000 + rng.randint(0, 999999)),
        "mlx5_core 0000:%02x:00.0: mlx5_pcie_event:299:(pid 0): PCIe slot advertised sufficient power (75W)." % rng.choice([0x1a, 0x3c, 0x4d, 0x5e, 0x9c]),
        "NVRM: GPU at PCI:0000:18:00: GPU-%08x-%04x-%04x-%04x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(48)),
        "hrtimer: interrupt took 13824 ns",
    ]
    out = []
    for i in range(n):
        out.append((t0 + sec(rng.uniform(-900, 60) + i), pool[rng.randrange(len(pool))]))
    return out


def slurm_out(jobid, nodes, t_start, body, script="run_pretrain.sbatch", restart_count=0):
    L = [
        "+ echo 'SLURM_JOB_ID=%s SLURM_NODELIST=%s SLURM_RESTART_COUNT=%d'" % (jobid, hostlist(nodes), restart_count),
        "SLURM_JOB_ID=%s SLURM_NODELIST=%s SLURM_RESTART_COUNT=%d" % (jobid, hostlist(nodes), restart_count),
        "+ export NCCL_DEBUG=INFO NCCL_IB_HCA=mlx5 TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
        "+ MASTER_ADDR=%s" % nodes[0],
        "+ srun --kill-on-bad-exit=1 --ntasks-per-node=1 bash -c 'torchrun --nnodes=%d --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=%s:29500 --tee 3 pretrain.py --config configs/llama_7b_pretrain.yaml 2>&1 | tee logs/%s/$(hostname)/torchrun.log'" % (len(nodes), nodes[0], jobid),
        "[%s] job start on %s" % (ts_iso(t_start), hostlist(nodes)),
    ]
    return L + body


def requeue_wrapper(jobid, t, rc, count, maximum=3, exclude=None):
    L = ["[%s] srun exited with code %d" % (ts_iso(t), rc)]
    if count < maximum:
        if exclude:
            L.append("[%s] scontrol update JobId=%s ExcNodeList=%s" % (ts_iso(t + sec(1)), jobid, exclude))
        L.append("[%s] requeue-on-failure: SLURM_RESTART_COUNT=%d < %d, running 'scontrol requeue %s'" % (ts_iso(t + sec(1)), count, maximum, jobid))
    else:
        L.append("[%s] requeue-on-failure: SLURM_RESTART_COUNT=%d reached limit %d, giving up" % (ts_iso(t + sec(1)), count, maximum))
    return L


def srun_kill_lines(jobid, nodes, bad, t, step=0, code=1, bad_is_signal=False):
    L = []
    L.append("srun: error: %s: task %d: %s" % (bad, nodes.index(bad), "Exited with exit code %d" % code if not bad_is_signal else "Killed"))
    L.append("srun: Terminating StepId=%s.%d" % (jobid, step))
    L.append("slurmstepd: error: *** STEP %s.%d ON %s CANCELLED AT %s ***" % (jobid, step, nodes[0], ts_iso(t + sec(1))))
    for i, n in enumerate(nodes):
        if n != bad:
            L.append("srun: error: %s: task %d: Terminated" % (n, i))
    L.append("srun: Force Terminated StepId=%s.%d" % (jobid, step))
    return L


def xid_line(pci, xid, pid, text, name="python"):
    if pid is None:
        return "NVRM: Xid (PCI:%s): %d, pid='<unknown>', name=<unknown>, %s" % (pci, xid, text)
    return "NVRM: Xid (PCI:%s): %d, pid=%d, name=%s, %s" % (pci, xid, pid, name, text)


def ib_completion_err(host, pid, lr, peer_ip, t_label=None, status=12, verr=129, my_ip="10.0.0.1", direction="Recv"):
    return "%s:%d:%d [%d] transport/net_ib.cc:2067 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=%d opcode=0 len=0 vendor err %d (%s) localGid ::ffff:%s remoteGids::ffff:%s" % (
        host, pid, pid + 300 + lr, lr, peer_ip, 50000 + (pid % 9000), status, verr, direction, my_ip, peer_ip)


def ib_err_followups(host, pid, lr):
    return [
        "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (host, pid, pid + 300 + lr, lr),
        "%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6" % (host, pid, pid + 300 + lr, lr),
        "%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (host, pid, pid + 300 + lr, lr),
    ]
