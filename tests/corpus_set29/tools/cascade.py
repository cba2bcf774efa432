"""Sympathetic failure text every node produces once one rank is gone:
watchdog timeouts, NCCL remote errors, torchrun ChildFailedError summaries,
SIGTERMs from the agent, Slurm/sacct tails."""
from common import c10d, glog, sec
from noise import P

PGS = "ProcessGroupNCCL.cpp"


def watchdog(b, job, node, prefix, dt, locals_, seq, op="ALLREDUCE", timeout_ms=600000,
             numel=16777216, ns=False, last_enq=None, last_done=None, jitter=0.0009):
    f = P(prefix, node, node.console)
    for i, l in enumerate(locals_):
        r = job.rank(node.name, l)
        t = dt + sec(jitter * i)
        le = seq if last_enq is None else last_enq
        ld = seq - 1 if last_done is None else last_done
        ran = timeout_ms + 3 + (r * 7) % 90
        lines = [
            c10d(node, t, r, "E", PGS + ":616", "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
                 % (r, seq, op, numel, numel, timeout_ms, ran), ns),
            c10d(node, t, r, "E", PGS + ":1785", "[PG ID 0 PG GUID 0(default_pg) Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
                 % (r, seq, le, ld), ns),
            c10d(node, t, r, "E", PGS + ":636", "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % r, ns),
            "terminate called after throwing an instance of 'c10::DistBackendError'",
        ]
        b.add(f, t, "\n".join(lines))


def remote_error(b, job, node, prefix, dt, locals_, peer_ip, seq, kind="ib", ns=False, nccl_ver="2.21.5"):
    """ncclRemoteError on survivors that talk to a dead/unreachable peer."""
    f = P(prefix, node, node.console)
    for i, l in enumerate(locals_):
        r = job.rank(node.name, l)
        t = dt + sec(0.0013 * i)
        pid = job.pid(node.name, l)
        if kind == "ib":
            last = "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (
                peer_ip, 40000 + (r * 131) % 20000, node.ip, peer_ip)
            b.add(f, t, "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN %s" % (node.name, pid, pid + 64, l, last))
            b.add(f, t, "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6\n%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6\n%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]"
                  % (node.name, pid, pid + 64, l, node.name, pid, pid + 64, l, node.name, pid, pid + 64, l))
        else:
            last = "socketProgressOpt: Call to recv from %s<%d> failed : Connection reset by peer" % (peer_ip, 40000 + (r * 131) % 20000)
            b.add(f, t, "%s:%d:%d [%d] misc/socket.cc:49 NCCL WARN %s" % (node.name, pid, pid + 70, l, last))
        t2 = t + sec(0.4)
        b.add(f, t2, c10d(node, t2, r, "E", PGS + ":1748", "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version %s\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\n%s"
                               % (r, nccl_ver, last), ns))
        b.add(f, t2, "terminate called after throwing an instance of 'c10::DistBackendError'")


def sigterm_survivors(b, job, node, prefix, dt, locals_):
    f = P(prefix, node, node.console)
    apid = job.pid(node.name, 99) - 50
    b.add(f, dt, glog(node, dt, "W", apid, "torch/distributed/elastic/multiprocessing/api.py:897",
                      "Sending process %d closing signal SIGTERM" % job.pid(node.name, locals_[0]))
          if len(locals_) == 1 else
          "\n".join(glog(node, dt, "W", apid, "torch/distributed/elastic/multiprocessing/api.py:897",
                         "Sending process %d closing signal SIGTERM" % job.pid(node.name, l)) for l in locals_))


def childfailed(b, job, node, prefix, dt, failures, script=None, restarts=0):
    """failures: list of (local, dt_fail, exitcode) -- first one is the node's 'root cause'."""
    f = P(prefix, node, node.console)
    script = script or job.script
    apid = job.pid(node.name, 99) - 50
    def blk(i, l, t, code):
        r = job.rank(node.name, l)
        if code < 0:
            sig = {-6: "SIGABRT", -9: "SIGKILL", -15: "SIGTERM", -7: "SIGBUS", -11: "SIGSEGV"}[code]
            tb = "Signal %d (%s) received by PID %d" % (-code, sig, job.pid(node.name, l))
        else:
            tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        loc = node.local(t)
        return ("[%d]:\n  time      : %s\n  host      : %s\n  rank      : %d (local_rank: %d)\n  exitcode  : %d (pid: %d)\n  error_file: <N/A>\n  traceback : %s"
                % (i, loc.strftime("%Y-%m-%d_%H:%M:%S"), node.name, r, l, code, job.pid(node.name, l), tb))
    root = failures[0]
    others = failures[1:]
    text = [glog(node, dt, "E", apid, "torch/distributed/elastic/multiprocessing/api.py:869",
                 "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /opt/venv/bin/python3"
                 % (root[2], root[0], job.pid(node.name, root[0])))]
    text.append("Traceback (most recent call last):\n  File \"/opt/venv/bin/torchrun\", line 8, in <module>\n    sys.exit(main())\n"
                "  File \"/opt/venv/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line 355, in wrapper\n    return f(*args, **kwargs)\n"
                "  File \"/opt/venv/lib/python3.11/site-packages/torch/distributed/run.py\", line 919, in main\n    run(args)\n"
                "  File \"/opt/venv/lib/python3.11/site-packages/torch/distributed/launcher/api.py\", line 263, in launch_agent\n    raise ChildFailedError(\n"
                "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n============================================================\n%s FAILED\n------------------------------------------------------------\nFailures:" % script)
    if others:
        text.append("\n".join(blk(i + 1, l, t, c) for i, (l, t, c) in enumerate(others)))
    else:
        text.append("  <NO_OTHER_FAILURES>")
    text.append("------------------------------------------------------------\nRoot Cause (first observed failure):\n" + blk(0, *root)
                + "\n============================================================")
    b.add(f, dt, "\n".join(text))


def slurm_tail(b, prefix, node, fname, dt, jobid, task_fail, cancel_node=None, step=0):
    """task_fail: list of (dt, hostname, task, code)"""
    f = "%s%s/%s" % (prefix, node.name, fname)
    for t, h, task, code in task_fail:
        b.add(f, t, "srun: error: %s: task %d: Exited with exit code %d" % (h, task, code))
    if cancel_node:
        loc = node.local(dt)
        b.add(f, dt, "slurmstepd: error: *** STEP %d.%d ON %s CANCELLED AT %s ***" % (jobid, step, cancel_node, loc.strftime("%Y-%m-%dT%H:%M:%S")))
        b.add(f, dt + sec(0.2), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")


def sacct(b, prefix, node, fname, jobid, name, start, end, nodes_expr, nnodes, state, code):
    hdr = ("JobID           JobName  Partition    Account  AllocCPUS      State ExitCode               Start                 End   NNodes        NodeList\n"
           "------------ ---------- ---------- ---------- ---------- ---------- -------- ------------------- ------------------- -------- ---------------")
    rows = [("%d" % jobid, name, "gpu", "llm-pt", nnodes * 128, state, code),
            ("%d.batch" % jobid, "batch", "", "llm-pt", 128, state if state != "CANCELLED" else "CANCELLED", code),
            ("%d.0" % jobid, "torchrun", "", "llm-pt", nnodes * 128, "FAILED" if state != "COMPLETED" else "COMPLETED", "1:0" if state != "COMPLETED" else "0:0")]
    txt = [hdr]
    for r in rows:
        txt.append("%-12s %10s %10s %10s %10d %10s %8s %19s %19s %8d %15s" % (
            r[0], r[1][:10], r[2], r[3], r[4], r[5], r[6], start.strftime("%Y-%m-%dT%H:%M:%S"),
            end.strftime("%Y-%m-%dT%H:%M:%S"), nnodes, nodes_expr))
    b.static("%s%s/%s" % (prefix, node.name, fname), "\n".join(txt))
