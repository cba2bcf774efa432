"""torchrun / elastic-agent console fragments (new 2.3+ glog-ish style and 2.1/2.2 style)."""
from fmt import at, torchrun_line, omp_banner, child_failed, tb

API = "torch/distributed/elastic/agent/server/api.py"
MPAPI = "torch/distributed/elastic/multiprocessing/api.py"


def banner(t, pid, style="new", warn_master_addr=False):
    L = []
    if warn_master_addr:
        if style == "new":
            L.append(torchrun_line(t, "W", pid, "torch/distributed/run.py:792",
                                   "master_addr is only used for static rdzv_backend and when rdzv_endpoint is not specified."))
        else:
            L.append("master_addr is only used for static rdzv_backend and when rdzv_endpoint is not specified.")
    L += omp_banner(t, style, pid)
    return L


def rdzv_complete(t, pid, master, port, group_rank, nnodes, nproc, restart=0, style="new"):
    ws = nnodes * nproc
    ranks = list(range(group_rank * nproc, group_rank * nproc + nproc))
    body = ["[default] Rendezvous complete for workers. Result:",
            "  restart_count=%d" % restart,
            "  master_addr=%s" % master,
            "  master_port=%d" % port,
            "  group_rank=%d" % group_rank,
            "  group_world_size=%d" % nnodes,
            "  local_ranks=%s" % list(range(nproc)),
            "  role_ranks=%s" % ranks,
            "  global_ranks=%s" % ranks,
            "  role_world_sizes=%s" % ([ws] * nproc),
            "  global_world_sizes=%s" % ([ws] * nproc),
            ""]
    if style == "new":
        return [torchrun_line(t, "I", pid, API + ":525", b) for b in body]
    return ["[%s] torch.distributed.elastic.agent.server.api: [INFO] %s" % (t.strftime("%Y-%m-%d %H:%M:%S,%f")[:-3], body[0])] + body[1:]


def worker_failed(t, pid, local_rank, wpid, exitcode, style="new", python="/usr/bin/python3"):
    if exitcode < 0:
        msg = "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (exitcode, local_rank, wpid, python)
    else:
        msg = "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (exitcode, local_rank, wpid, python)
    return [torchrun_line(t, "E", pid, MPAPI + ":869", msg, style)]


def sending_sigterm(t, pid, wpids, style="new"):
    return [torchrun_line(at(t, 0.0003 * i), "W", pid, MPAPI + ":897", "Sending process %d closing signal SIGTERM" % w, style)
            for i, w in enumerate(wpids)]


def got_sigterm(t, pid, wpids, style="new", sig="SIGTERM", signum=15):
    L = [torchrun_line(t, "W", pid, API + ":704", "Received Signals.%s death signal, shutting down workers" % sig, style)]
    L += sending_sigterm(at(t, 0.001), pid, wpids, style)
    L += tb([("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
             ("/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355,
              "wrapper", "return f(*args, **kwargs)"),
             ("/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", 919, "main", "run(args)"),
             ("/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", 910, "run", "elastic_launch("),
             ("/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", 138, "__call__",
              "return launch_agent(self._config, self._entrypoint, list(args))"),
             ("/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", 260, "launch_agent",
              "result = agent.run()"),
             ("/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", 696, "run",
              "result = self._invoke_run(role)"),
             ("/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", 855, "_invoke_run",
              "time.sleep(monitor_interval)"),
             ("/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", 84,
              "_terminate_process_handler", "raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)")],
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: %d" % (pid, signum))
    return L


def agent_tb_childfailed(script, failures, root):
    L = tb([("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355,
             "wrapper", "return f(*args, **kwargs)"),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", 919, "main", "run(args)"),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", 910, "run", "elastic_launch("),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", 138, "__call__",
             "return launch_agent(self._config, self._entrypoint, list(args))"),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", 269, "launch_agent",
             "raise ChildFailedError(")], [])
    return L + child_failed(script, failures, root)
