"""A parameterised multi-node torchrun (+Megatron-style) attempt.

torchrun_attempt() renders one attempt of a job: every node's agent/worker log
with rendezvous, NCCL init flood, progress (on the logging node), checkpoint
saves, then a crash injected on one (node, local_rank) and the sympathetic
fallout on the other nodes.  Cases customise the crash text and add their own
files (dmesg, nvidia-smi, scheduler output).
"""

import hashlib

import logkit as L
from jobs import Timeline, agent_start, megatron_progress


def host_ip(host, prefix="10.224"):
    """Stable per-host address (the same host keeps its IP in every attempt)."""
    d = hashlib.md5(host.encode()).digest()
    return f"{prefix}.{d[0] % 16 + 1}.{d[1] % 240 + 10}"


def remote_peer_error(host, pid, lr, rank, t, peer_host, peer_port, nccl_ver="2.21.5"):
    tid = pid + 91
    pre = f"{host}:{pid}:{tid} [{lr}]"
    head = L.c10("E", t, "ProcessGroupNCCL.cpp:1595", rank, 311)
    return [
        f"{pre} misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer {peer_host}<{peer_port}>",
        f"{pre} NCCL INFO misc/socket.cc:752 -> 6",
        f"{pre} NCCL INFO transport/net_socket.cc:474 -> 6",
        f"{pre} NCCL INFO transport/net.cc:1302 -> 6",
        f"{pre} NCCL INFO proxy.cc:698 -> 6",
        f"{pre} NCCL INFO proxy.cc:878 -> 6 [Progress Thread]",
        f"{head} [PG 0 (default_pg) Rank {rank}] Process group watchdog thread terminated with exception: NCCL error: "
        f"remote process exited or there was a network error, NCCL version {nccl_ver}",
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        f"socketProgress: Connection closed by remote peer {peer_host}<{peer_port}>",
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f8e2b37a446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (0x7f8e2c6e8a90 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x7f8e2c6e8cdc in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (0x7f8e2c6f0b93 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f8e2c6f261d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
    ]


class Attempt:
    def __init__(self):
        self.logs = {}      # host -> Timeline
        self.pids = {}      # host -> [worker pids]
        self.apid = {}      # host -> agent pid
        self.crash_t = None
        self.end_t = None
        self.last_iter = None


def torchrun_attempt(b, *, hosts, t0, nproc=8, entry="pretrain_gpt.py", run_id="job", port=29500,
                     it_start=0, it_stop=None, ms=1650.0, every=10, gbs=1024, total=500000, lr0=2.9e-4,
                     loss0=2.2, loss_slope=2e-6, tflops=395.0, ckpt_every=1000, ckpt_dir="/lustre/ckpt",
                     log_host=None, master=None, group_order=None, restart_count=0, max_restarts=0,
                     crash=None, peer_mode="remote", peer_delay=18.0, timeout_ms=600000, seq=None,
                     ib_ip=None, nccl_flood=True, flood_channels=8, progress_fn=None, end_summary=True,
                     startup_extra=None, megatron_startup=True, rdzv_backend="c10d", plugin_notice=True, nccl_ver="2.21.5+cuda12.4",
                     drv=12040):
    """crash: dict(host=..., lr=..., lines=fn(t, rank, pid) -> list, exitcode=-6, delay=seconds after last progress,
    traceback='Signal 6 (SIGABRT) received by PID {pid}' or text).
    group_order: list of hosts in group-rank order (defaults to hosts)."""
    a = Attempt()
    order = group_order or list(hosts)
    nn = len(order)
    world = nn * nproc
    master = master or order[0]
    log_host = log_host or order[-1]
    ib_ip = ib_ip or {h: host_ip(h) for h in order}
    for i, h in enumerate(order):
        a.logs[h] = Timeline()
        a.apid[h] = b.rng.randrange(30000, 90000)
        a.pids[h] = b.pids(nproc)
        ta = L.plus(t0, seconds=b.rng.uniform(0.2, 3.5))
        a.logs[h].add(ta, agent_start(b, h, ta, a.apid[h], entry=entry, nnodes=nn, nproc=nproc, run_id=run_id,
                                      endpoint=f"{master}:{port}", master=master, port=port + 1 + restart_count,
                                      group_rank=i, restart_count=restart_count, max_restarts=max_restarts,
                                      backend=rdzv_backend, world_nodes=nn))
        if nccl_flood:
            tf = L.plus(t0, seconds=48 + b.rng.uniform(0, 3))
            a.logs[h].add(tf, L.nccl_init_flood(b.rng, h, a.pids[h], i * nproc, world, oob_ip=ib_ip[h],
                                                print_version=(i == 0), channels=flood_channels,
                                                plugin_notice=plugin_notice, version=nccl_ver, driver=drv))
    # startup lines on the logging host
    t_load = L.plus(t0, seconds=95)
    st = []
    if it_start:
        st += [
            f" loading distributed checkpoint from {ckpt_dir} at iteration {it_start}",
            f" successfully loaded checkpoint from {ckpt_dir} [ t 0/{min(8, nproc)}, p 0/{max(1, nn // 2)} ] at iteration {it_start}",
        ]
    st += [
        "(min, max) time across ranks (ms):",
        f"    load-checkpoint ................................: ({41000 + b.rng.uniform(0, 900):.2f}, {42000 + b.rng.uniform(0, 900):.2f})",
        f"[after model, optimizer, and learning rate scheduler are built] datetime: {t_load:%Y-%m-%d %H:%M:%S} ",
        "> building train, validation, and test datasets ...",
        " > datasets target sizes (minimum size):",
        f"    train:      {total * gbs}",
        f"    validation: {(total // 1000 + 1) * 10 * gbs}",
        "    test:       10240",
        f"[after dataloaders are built] datetime: {L.plus(t_load, seconds=31):%Y-%m-%d %H:%M:%S} ",
        "done with setup ...",
        "training ...",
        f"[before the start of training step] datetime: {L.plus(t_load, seconds=33):%Y-%m-%d %H:%M:%S} ",
    ]
    if startup_extra:
        st += startup_extra
    if not megatron_startup:
        st = list(startup_extra or [])
    if st:
        a.logs[log_host].add(t_load, st)
    t = L.plus(t_load, seconds=34)
    if it_stop is not None:
        if progress_fn is not None:
            prog, t_last = progress_fn(t)
        else:
            prog, t_last = megatron_progress(b.rng, t, it_start, it_stop, every=every, total=total, ms=ms, gbs=gbs,
                                             lr0=lr0, loss0=loss0, loss_slope=loss_slope, tflops=tflops)
        for tp, line in prog:
            a.logs[log_host].add(tp, line)
            try:
                it = int(line.split("iteration", 1)[1].split("/")[0])
            except (IndexError, ValueError):
                it = None
            if it and ckpt_every and it % ckpt_every == 0:
                a.logs[log_host].add(L.plus(tp, seconds=0.5), [
                    f"saving checkpoint at iteration {it:7d} to {ckpt_dir} in torch_dist format",
                ])
                a.logs[log_host].add(L.plus(tp, seconds=47), [
                    f"  successfully saved checkpoint from iteration {it:7d} to {ckpt_dir} [ t 1/{min(8, nproc)}, p 1/{max(1, nn // 2)} ]",
                    "(min, max) time across ranks (ms):",
                    f"    save-checkpoint ................................: ({44000 + b.rng.uniform(0, 3000):.2f}, {46500 + b.rng.uniform(0, 800):.2f})",
                ])
        a.last_iter = it_stop
        t = t_last
    if crash is None:
        a.end_t = t
        return a
    ch = crash["host"]
    clr = crash["lr"]
    ci = order.index(ch)
    crank = ci * nproc + clr
    cpid = a.pids[ch][clr]
    tc = L.plus(t, seconds=crash.get("delay", 6.3))
    a.crash_t = tc
    a.logs[ch].add(tc, crash["lines"](tc, crank, cpid))
    exitcode = crash.get("exitcode", -6)
    tb = crash.get("traceback", "Signal 6 (SIGABRT) received by PID {pid}").format(pid=cpid)
    tdet = L.plus(tc, seconds=1.4)
    fail_line = L.elastic_failed(tdet, a.apid[ch], exitcode, clr, cpid)
    others = [p for j, p in enumerate(a.pids[ch]) if j != clr]
    a.logs[ch].add(tdet, [fail_line] + L.elastic_sigterm(tdet, a.apid[ch], others))
    root = dict(time=f"{tc:%Y-%m-%d_%H:%M:%S}", host=ch, rank=crank, local_rank=clr, exitcode=exitcode, pid=cpid,
                traceback=tb)
    if end_summary:
        a.logs[ch].add(L.plus(tdet, seconds=31), L.child_failed_summary(entry, [], root))
    # sympathetic fallout elsewhere
    for j, h in enumerate(order):
        if h == ch:
            continue
        if peer_mode == "none":
            continue
        pids = a.pids[h]
        if peer_mode == "remote":
            tp = L.plus(tc, seconds=peer_delay + b.rng.uniform(0, 4))
            chunk = []
            for lr in (0, nproc - 1):
                chunk += remote_peer_error(h, pids[lr], lr, j * nproc + lr, tp, ch, 40000 + b.rng.randrange(0, 9999),
                                           nccl_ver=nccl_ver.split("+")[0])
            a.logs[h].add(tp, chunk)
        else:
            tp = L.plus(tc, seconds=timeout_ms / 1000.0 + b.rng.uniform(0, 3))
            chunk = []
            s = seq or b.rng.randrange(100000, 900000)
            for lr in (0, nproc // 2):
                chunk += L.watchdog_timeout(tp, j * nproc + lr, s, timeout_ms=timeout_ms, ran_ms=timeout_ms + b.rng.randrange(10, 90))
            a.logs[h].add(tp, chunk)
        tdet2 = L.plus(tp, seconds=1.1)
        a.logs[h].add(tdet2, [L.elastic_failed(tdet2, a.apid[h], -6, 0, pids[0])] +
                      L.elastic_sigterm(tdet2, a.apid[h], pids[1:]))
        r2 = dict(time=f"{tp:%Y-%m-%d_%H:%M:%S}", host=h, rank=j * nproc, local_rank=0, exitcode=-6, pid=pids[0],
                  traceback=f"Signal 6 (SIGABRT) received by PID {pids[0]}")
        if end_summary:
            a.logs[h].add(L.plus(tdet2, seconds=30), L.child_failed_summary(entry, [], r2))
    a.end_t = L.plus(tc, seconds=(timeout_ms / 1000.0 if peer_mode == "timeout" else peer_delay) + 40)
    return a
