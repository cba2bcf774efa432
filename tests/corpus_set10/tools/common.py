"""Shared pieces for the set-10 generator: bundle container, timestamp styles, log fragments.

Only the standard library is used.  Every fragment is written in our own words, shaped like the
real tool output it imitates (NCCL, c10d, torchrun, kernel, nvidia-smi, DCGM, Slurm, k8s, Ray).
"""
import datetime as _dt
import gzip
import io
import json
import os
import random

ALLOWED = {
    "category": {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
                 "oom", "numerical", "straggler", "user_code", "dependency", "unknown"},
    "layer": {"infrastructure", "framework", "script"},
    "action": {"restart", "restart_without_node", "stop", "run_diagnostics", "none"},
}


class Bundle:
    """One failure bundle: files keyed by relative path, plus a label and optional topology."""

    def __init__(self, name):
        self.name = name
        self.files = {}
        self.label = None
        self.topology = None

    def add(self, path, content):
        if isinstance(content, list):
            content = "\n".join(content) + "\n"
        self.files[path] = content

    def add_gz(self, path, content):
        if isinstance(content, list):
            content = "\n".join(content) + "\n"
        buf = io.BytesIO()
        with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0) as fh:
            fh.write(content.encode())
        self.files[path] = buf.getvalue()

    def set_label(self, category, layer, culprit, action, rationale, modelled_on, rank=None):
        c = None if culprit is None else {"node": culprit, "rank": rank}
        self.label = {"category": category, "layer": layer, "culprit": c, "action": action,
                      "rationale": rationale, "modelled_on": modelled_on}

    def node_dirs(self):
        dirs = set()
        for p in self.files:
            parts = p.split("/")
            if parts[0].startswith("attempt_") and len(parts) > 2:
                dirs.add(parts[1])
            elif len(parts) > 1:
                dirs.add(parts[0])
        return dirs

    def write(self, root):
        base = os.path.join(root, self.name)
        for rel, content in sorted(self.files.items()):
            path = os.path.join(base, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            mode = "wb" if isinstance(content, bytes) else "w"
            with open(path, mode) as fh:
                fh.write(content)
        with open(os.path.join(base, "label.json"), "w") as fh:
            json.dump(self.label, fh, indent=2, sort_keys=True)
            fh.write("\n")
        if self.topology is not None:
            with open(os.path.join(base, "topology.json"), "w") as fh:
                json.dump({"topology": self.topology}, fh, indent=2, sort_keys=True)
                fh.write("\n")


# ----------------------------------------------------------------------------- time styles

def t0(y, mo, d, h, mi, s=0):
    return _dt.datetime(y, mo, d, h, mi, s, tzinfo=_dt.timezone.utc)


def plus(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


def glog(t, level="I"):
    return "%s%s %s" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S.%f"))


def glog_ns(t, level="E", extra=317):
    return "%s%s %s%03d" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S.%f"), extra)


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def iso_precise(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.%f") + "+0000"


def pylog(t):
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def syslog(t):
    return t.strftime("%b %d %H:%M:%S").replace(" 0", "  ", 1) if t.day < 10 else t.strftime("%b %d %H:%M:%S")


def bracket(t):
    return t.strftime("[%Y-%m-%d %H:%M:%S]")


def ctime(t):
    return t.strftime("%a %b %d %H:%M:%S %Y")


def uptime(boot, t):
    return "[%12.6f]" % (t - boot).total_seconds()


# ----------------------------------------------------------------------------- names

HGX_BUSES = ["0000:18:00.0", "0000:2A:00.0", "0000:3A:00.0", "0000:5D:00.0",
             "0000:9A:00.0", "0000:AB:00.0", "0000:BA:00.0", "0000:DB:00.0"]


def bus_ids(rng=None, n=8):
    """PCI addresses of the 8 GPUs of an HGX baseboard; identical on every node, as in real fleets."""
    return list(HGX_BUSES[:n])


# ----------------------------------------------------------------------------- torch / NCCL fragments

def nccl_init(host, pid, local, rank, nranks, bus, version="2.21.5", ib=True, extra=0, rng=None):
    p = "%s:%d:%d [%d]" % (host, pid, pid + 41 + local, local)
    b = bus.split(":")[1].lower() + "000"
    out = []
    if rank == 0:
        out.append("%s NCCL INFO Bootstrap : Using eth0:10.%d.%d.%d<0>" % (p, 40, local, 11))
        out.append("NCCL version %s+cuda12.4" % version)
    out.append("%s NCCL INFO cudaDriverVersion 12040" % p)
    out.append("%s NCCL INFO Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so" % p)
    out.append("%s NCCL INFO P2P plugin v8 IBext_v8" % p)
    if ib:
        out.append("%s NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB "
                   "[4]mlx5_6:1/IB [5]mlx5_9:1/IB [6]mlx5_10:1/IB [7]mlx5_11:1/IB ; OOB eth0:10.40.%d.11<0>" % (p, local))
        out.append("%s NCCL INFO Using network IBext_v8" % p)
    else:
        out.append("%s NCCL INFO NET/Socket : Using [0]eth0:10.40.%d.11<0>" % (p, local))
        out.append("%s NCCL INFO Using network Socket" % p)
    out.append("%s NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x5d1c0e7a93f2b418 - Init START"
               % (p, 0x55d0a0000000 + rank * 0x1340, rank, nranks, local, local, b))
    out.append("%s NCCL INFO NVLS multicast support is available on dev %d" % (p, local))
    out.append("%s NCCL INFO Setting affinity for GPU %d to ffffffff,00000000,ffffffff" % (p, local))
    for c in range(2 + extra):
        out.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" %
                   (p, c, rank, local, rank + 1 if local < 7 else rank - 7, (local + 1) % 8))
    out.append("%s NCCL INFO Connected all rings" % p)
    out.append("%s NCCL INFO Connected all trees" % p)
    out.append("%s NCCL INFO threadThresholds 8/8/64 | 128/8/64 | 512 | 512" % p)
    out.append("%s NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x5d1c0e7a93f2b418 - Init COMPLETE"
               % (p, 0x55d0a0000000 + rank * 0x1340, rank, nranks, local, local, b))
    return out


def watchdog_timeout(t, rank, seq, op="ALLREDUCE", numel=1048576, timeout_ms=600000, pid=0, prefix=""):
    """Torch 2.4+ shaped watchdog timeout block for one rank."""
    pg = "[PG ID 0 PG GUID 0(default_pg) Rank %d]" % rank
    ran = timeout_ms + 7 + (rank * 13) % 90
    lines = [
        "%s %s ProcessGroupNCCL.cpp:616] %s Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, "
        "OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
        % (glog_ns(t), pid, pg, seq, op, numel, numel, timeout_ms, ran),
        "%s %s ProcessGroupNCCL.cpp:1785] %s Exception (either an error or timeout) detected by watchdog at work: %d, "
        "last enqueued NCCL work: %d, last completed NCCL work: %d." % (glog_ns(t), pid, pg, seq, seq, seq - 1),
        "%s %s ProcessGroupNCCL.cpp:1834] %s Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
        % (glog_ns(t), pid, pg, seq, seq, seq - 1),
        "%s %s ProcessGroupNCCL.cpp:630] %s Some NCCL operations have failed or timed out. Due to the asynchronous nature "
        "of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (glog_ns(t), pid, pg),
        "%s %s ProcessGroupNCCL.cpp:636] %s To avoid data inconsistency, we are taking the entire process down."
        % (glog_ns(t), pid, pg),
        "%s %s ProcessGroupNCCL.cpp:1595] %s Process group watchdog thread terminated with exception: [Rank %d] "
        "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, "
        "Timeout(ms)=%d) ran for %d milliseconds before timing out." % (glog_ns(t), pid, pg, rank, seq, op, numel, numel, timeout_ms, ran),
    ]
    lines += dist_backend_terminate(rank, "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, "
                                    "OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
                                    % (rank, seq, op, numel, numel, timeout_ms, ran))
    return [prefix + ln for ln in lines]


def dist_backend_terminate(rank, what):
    return [
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  %s" % what,
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3c1b2b9446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3bd0a6e772 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3bd0a75bb3 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3bd0a7761d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f3c1b8f0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f3c1f6a1ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: clone + 0x44 (0x7f3c1f732a04 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]


def cuda_error_block(rank, msg, where="c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43"):
    return [
        "[rank%d]: RuntimeError: CUDA error: %s" % (rank, msg),
        "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % rank,
        "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % rank,
        "[rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % rank,
        "[rank%d]: Exception raised from %s (most recent call first):" % (rank, where),
    ]


def elastic_failure(t, host, script, failures, first=None):
    """torchrun's closing summary.  failures: list of (global_rank, local_rank, exitcode, pid, signal-or-None)."""
    out = ["E%s %s torch/distributed/elastic/multiprocessing/api.py:863] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3"
           % (t.strftime("%m%d %H:%M:%S.%f"), failures[0][3] - 11, failures[0][2], failures[0][1], failures[0][3]),
           "Traceback (most recent call last):",
           "  File \"/usr/local/bin/torchrun\", line 8, in <module>",
           "    sys.exit(main())",
           "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py\", line 919, in main",
           "    run(args)",
           "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py\", line 263, in launch_agent",
           "    raise ChildFailedError(",
           "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
           "============================================================",
           "%s FAILED" % script,
           "------------------------------------------------------------",
           "Failures:"]
    rest = failures[1:]
    if not rest:
        out.append("  <NO_OTHER_FAILURES>")
    for i, (g, l, code, pid, sig) in enumerate(rest, 1):
        out += ["[%d]:" % i, "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"), "  host      : %s" % host,
                "  rank      : %d (local_rank: %d)" % (g, l),
                "  exitcode  : %d (pid: %d)" % (code, pid),
                "  error_file: <N/A>",
                "  traceback : %s" % ("Signal %d (%s) received by PID %d" % (-code, sig, pid) if sig else
                                      "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")]
    g, l, code, pid, sig = failures[0]
    out += ["------------------------------------------------------------", "Root Cause (first observed failure):", "[0]:",
            "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"), "  host      : %s" % host,
            "  rank      : %d (local_rank: %d)" % (g, l), "  exitcode  : %d (pid: %d)" % (code, pid),
            "  error_file: <N/A>",
            "  traceback : %s" % ("Signal %d (%s) received by PID %d" % (-code, sig, pid) if sig else
                                  "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"),
            "============================================================"]
    return out


def sigterm_lines(t, pids):
    return ["W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
            % (t.strftime("%m%d %H:%M:%S.%f"), pids[0] - 9, p) for p in pids]


def harmless_warnings(rank=None):
    pre = "" if rank is None else "[rank%d]: " % rank
    return [
        pre + "/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:464: UserWarning: torch.utils.checkpoint: "
              "the use_reentrant parameter should be passed explicitly.",
        pre + "  warnings.warn(",
        pre + "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/attention.py:4109: UserWarning: "
              "window_size should be (-1, -1) or (>=0, >=0) for attn_mask_type=causal",
        pre + "/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_state_dict_utils.py:827: FutureWarning: "
              "FSDP.state_dict_type() and FSDP.set_state_dict_type() are being deprecated.",
    ]


# ----------------------------------------------------------------------------- progress lines per framework

def megatron_iter(t, it, total, ms, loss, gbs=1024, lr=2.4e-4, scale=1.0, gnorm=0.9, skipped=0, nan=0):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %.1f | grad norm: %.3f | "
            "number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * gbs, ms, lr, gbs, loss, scale, gnorm, skipped, nan))


def titan_step(t, step, loss, mem, tps, mfu, rank=0):
    return ("[rank%d]:[titan] %s - root - INFO - step: %2d  loss: %7.4f  memory: %5.2fGiB(%.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%"
            % (rank, t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000), step, loss, mem, mem / 79.1 * 100,
               "{:,}".format(tps), mfu * 9.89, mfu))


def hf_step(step, total, elapsed_s, it_s):
    pct = int(100 * step / total)
    bar = ("█" * (pct // 10)).ljust(10)
    remain = int((total - step) * it_s)
    return "%3d%%|%s| %d/%d [%s<%s, %.2fs/it]" % (pct, bar, step, total, hms(elapsed_s), hms(remain), it_s)


def hms(s):
    s = int(s)
    return "%02d:%02d:%02d" % (s // 3600, (s // 60) % 60, s % 60) if s >= 3600 else "%02d:%02d" % (s // 60, s % 60)


def ds_step(t, step, loss, lr, sps):
    return ("[%s] [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.8f], mom=[(0.9, 0.95)]"
            % (t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000), step, lr),
            "[%s] [INFO] [timer.py:264:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.4f, "
            "CurrSamplesPerSec=%.4f, MemAllocated=41.2GB, MaxMemAllocated=63.87GB"
            % (t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000), step * 8, step, sps, sps * 1.01), loss)


from nodetools import nvidia_smi_q, nvidia_smi_table, kernel_noise, pyspy_dump  # noqa: E402,F401  (re-exported)


def slurm_label(rank_task, line):
    return "%d: %s" % (rank_task, line)
