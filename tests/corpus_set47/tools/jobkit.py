"""Job-level scaffolding shared by the case modules."""
from common import (sec, ts_c10, ts_py, ts_glog, ts_iso, pod_prelude, watchdog_timeout, torchrun_failure,
                    agent_received_sigterm)


def build_job(rng, pods, gpn, t0, ips, run_id, endpoint, net="IB", iface="eth0", nccl_extra=None,
              entry="/workspace/train.py", version="2.21.5"):
    logs, pids = {}, {}
    t_ready = t0
    for i, p in enumerate(pods):
        lines, base_pid, tr = pod_prelude(p, i, gpn, len(pods), t0 + sec(i * 0.7), rng, net=net, ip=ips[i],
                                          endpoint=endpoint, run_id=run_id, entry=entry, iface=iface,
                                          nccl_extra=nccl_extra, version=version)
        logs[p] = lines
        pids[p] = base_pid
        t_ready = max(t_ready, tr)
    return logs, pids, t_ready


def sympathetic_timeouts(logs, pods, gpn, pids, t, seq, skip=(), optype="ALLREDUCE", numel=262144000,
                         timeout_ms=600000, rng=None, agent_fail=True, script="train.py", last_completed=None):
    """Every rank on every pod (except those in skip) hits the NCCL watchdog; launcher reports ChildFailedError."""
    for i, p in enumerate(pods):
        out = []
        fails = []
        for lr in range(gpn):
            r = i * gpn + lr
            if r in skip:
                continue
            tt = t + sec(lr * 0.013 + i * 0.21)
            out += watchdog_timeout(r, tt, seq, optype, numel, timeout_ms, last_completed=last_completed)
            fails.append((lr, r, -6, pids[p] + lr, "Signal 6 (SIGABRT) received by PID %d" % (pids[p] + lr)))
        if agent_fail and fails:
            out += torchrun_failure(t + sec(3 + i * 0.3), p, fails, script=script)
        logs[p] += out


def crash_trace(rank, frames, exc, prefix=True):
    pre = "[rank%d]: " % rank if prefix else ""
    out = [pre + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(pre + '  File "%s", line %d, in %s' % (f, ln, fn))
        out.append(pre + "    " + code)
    out.append(pre + exc)
    return out


TRAIN_FRAMES = [
    ("/workspace/train.py", 412, "<module>", "main()"),
    ("/workspace/train.py", 377, "main", "train(cfg, model, optimizer, loader)"),
    ("/workspace/train.py", 298, "train", "loss.backward()"),
    ("/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", 521, "backward",
     "torch.autograd.backward("),
    ("/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", 289, "backward",
     "_engine_run_backward("),
    ("/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", 768, "_engine_run_backward",
     "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
]
