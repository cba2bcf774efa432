"""Launcher / framework text used by several cases."""
from brlib import (add, f_glog, f_elastic, cpp_frames, TORCH_LIB)


def agent_sigterm(t, pids, pypid=140251, new=True):
    out = []
    for p in pids:
        if new:
            out.append("%s %d torch/distributed/elastic/multiprocessing/api.py:858] Sending process %d closing signal SIGTERM" % (f_glog(t, "W", nanos=False), pypid, p))
        else:
            out.append("%s torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % (f_elastic(t), p))
    return out


def agent_failed(t, local, exitcode, pid, pypid=140251, binary="/usr/bin/python3", new=True):
    if new:
        return ["%s %d torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (
            f_glog(t, "E", nanos=False), pypid, exitcode, local, pid, binary)]
    return ["%s torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (
        f_elastic(t), exitcode, local, pid, binary)]


def megatron_iter(t, it, total, consumed, ms, lr, gbs, loss, scale=1.0, gnorm=0.4, skipped=0, nan=0, tflops=None):
    s = " [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f |" % (
        t.strftime("%Y-%m-%d %H:%M:%S"), it, total, consumed, ms)
    if tflops is not None:
        s += " throughput per GPU (TFLOP/s/GPU): %.1f |" % tflops
    s += " learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %.1f | grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |" % (
        lr, gbs, loss, scale, gnorm, skipped, nan)
    return s


CUDA_CHECK_FRAMES = [
    ("c10::Error::Error(c10::SourceLocation, std::string)", "libc10.so"),
    ("c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&)", "libc10.so"),
    ("c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool)", "libc10_cuda.so"),
    ("c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const", "libtorch_cuda.so"),
    ("c10d::ProcessGroupNCCL::WorkNCCL::isCompleted()", "libtorch_cuda.so"),
    ("c10d::ProcessGroupNCCL::watchdogHandler()", "libtorch_cuda.so"),
    ("c10d::ProcessGroupNCCL::ncclCommWatchdog()", "libtorch_cuda.so"),
    (None, "/lib/x86_64-linux-gnu/libstdc++.so.6"),
    (None, "/lib/x86_64-linux-gnu/libc.so.6"),
    ("clone", "/lib/x86_64-linux-gnu/libc.so.6"),
]


def cuda_error_watchdog(rank, t, msg, rng, pfx=None, pg="0 (default_pg)", lib=TORCH_LIB):
    """A CUDA error surfaced by the NCCL watchdog (c10::Error with frame list)."""
    p = pfx if pfx is not None else "[rank%d]:" % rank
    out = [p + "[%s ProcessGroupNCCL.cpp:1515] [PG %s Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (f_glog(t), pg, rank, msg),
           p + "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
           p + "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
           p + "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
           p,
           p + "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):"]
    out += [p + x for x in cpp_frames(CUDA_CHECK_FRAMES, rng, lib)]
    out += [p, p + "terminate called after throwing an instance of 'c10::DistBackendError'",
            p + "  what():  [PG %s Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (pg, rank, msg),
            p + "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            p + "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            p + "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            p,
            p + "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):"]
    out += [p + x for x in cpp_frames(CUDA_CHECK_FRAMES[:3], rng, lib)]
    out += [p + "frame #3: <unknown function> + 0x%x (0x%x in %s/libtorch_cuda.so)" % (rng.getrandbits(20), 0x7f0000000000 + rng.getrandbits(36), lib),
            p + "frame #4: <unknown function> + 0x%x (0x%x in /lib/x86_64-linux-gnu/libstdc++.so.6)" % (rng.getrandbits(20), 0x7f0000000000 + rng.getrandbits(36)),
            p + "frame #5: <unknown function> + 0x94ac3 (0x%x in /lib/x86_64-linux-gnu/libc.so.6)" % (0x7f0000000000 + rng.getrandbits(36)),
            p + "frame #6: clone + 0x44 (0x%x in /lib/x86_64-linux-gnu/libc.so.6)" % (0x7f0000000000 + rng.getrandbits(36)),
            p]
    return out


def nccl_remote_error(rank, t, peer_ip, rng, version="2.19.3", pfx=None, pg="0 (default_pg)", hca="mlx5_0", local_ip="10.0.0.1"):
    p = pfx if pfx is not None else "[rank%d]:" % rank
    port = rng.randrange(40000, 60000)
    last = ("NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s hca %s" % (peer_ip, port, local_ip, peer_ip, hca))
    return [p + "[%s ProcessGroupNCCL.cpp:1515] [PG %s Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version %s" % (f_glog(t), pg, rank, version),
            p + "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
            p + "Last error:",
            p + last,
            p + "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1904 (most recent call first):"] + \
        [p + x for x in cpp_frames([
            ("c10::Error::Error(c10::SourceLocation, std::string)", "libc10.so"),
            ("c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&)", "libtorch_cuda.so"),
            ("c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException()", "libtorch_cuda.so"),
            ("c10d::ProcessGroupNCCL::watchdogHandler()", "libtorch_cuda.so"),
            ("c10d::ProcessGroupNCCL::ncclCommWatchdog()", "libtorch_cuda.so"),
            (None, "/lib/x86_64-linux-gnu/libstdc++.so.6"),
            (None, "/lib/x86_64-linux-gnu/libc.so.6"),
            ("clone", "/lib/x86_64-linux-gnu/libc.so.6")], rng)] + \
        [p, p + "terminate called after throwing an instance of 'c10::DistBackendError'",
         p + "  what():  [PG %s Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version %s" % (pg, rank, version),
         p + "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
         p + "Last error:", p + last]


def nccl_ib_warn(host, pid, tid, dev, peer_ip, local_ip, hca, rng, status=12, direction="Recv"):
    port = rng.randrange(40000, 60000)
    pre = "%s:%d:%d [%d] " % (host, pid, tid, dev)
    return [pre + "transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=%d opcode=0 len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s hca %s" % (
        peer_ip, port, status, direction, local_ip, peer_ip, hca),
            pre + "NCCL INFO transport/net.cc:1298 -> 6",
            pre + "NCCL INFO proxy.cc:694 -> 6",
            pre + "NCCL INFO proxy.cc:874 -> 6 [Progress Thread]"]


def sigterm_exc(pid, pkgs="/usr/local/lib/python3.10/dist-packages", script="train.py", line=211, sig=15):
    return ["Traceback (most recent call last):",
            '  File "%s", line %d, in <module>' % (script, line),
            "    main()",
            '  File "%s", line %d, in main' % (script, line - 40),
            "    loss.backward()",
            '  File "%s/torch/_tensor.py", line 521, in backward' % pkgs,
            "    torch.autograd.backward(",
            '  File "%s/torch/autograd/__init__.py", line 289, in backward' % pkgs,
            "    _engine_run_backward(",
            '  File "%s/torch/distributed/elastic/multiprocessing/api.py", line 79, in _terminate_process_handler' % pkgs,
            "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: %d" % (pid, sig)]
