"""Launcher-level helpers shared by the case modules."""
from lib import *  # noqa: F401,F403
from lib import TD, Log, nccl_init, torchrun_banner, ts_glog, child_failed_table


def torchrun_log(node, nnodes, t_start, rng, nranks=None, verbose_lrs=(0, 7), prefix=True,
                 commid="0x5ae77eb5ea4ec1ee", nccl_kw=None, init_delay=18.0, agent_pid=None,
                 rdzv="c10d", endpoint="10.0.0.1:29500", script="train.py"):
    """A node's torchrun console: agent banner, rendezvous, NCCL init of each local rank."""
    nccl_kw = nccl_kw or {}
    nranks = nranks or nnodes * node.gpn
    log = Log()
    apid = agent_pid or (node.pid0 - 57)
    log.add(t_start, torchrun_banner(t_start, apid))
    t = t_start + TD(milliseconds=400)
    log.add(t, "%s %d torch/distributed/launcher/api.py:188] Starting elastic_operator with launch configs:" % (ts_glog(t, "I"), apid))
    for k, v in (("entrypoint", script), ("min_nodes", nnodes), ("max_nodes", nnodes), ("nproc_per_node", node.gpn),
                 ("run_id", "%d" % rng.randint(100000, 999999)), ("rdzv_backend", rdzv), ("rdzv_endpoint", endpoint),
                 ("rdzv_configs", "{'timeout': 900}"), ("max_restarts", 0), ("monitor_interval", 0.1),
                 ("log_dir", "/tmp/torchelastic_%s" % "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789_") for _ in range(8))),
                 ("metrics_cfg", "{}")):
        log.add(t, "%s %d torch/distributed/launcher/api.py:188]   %-14s: %s" % (ts_glog(t, "I"), apid, k, v))
    t2 = t + TD(seconds=2 + rng.random() * 3)
    log.add(t2, "%s %d torch/distributed/elastic/agent/server/api.py:846] [default] starting workers for entrypoint: python3" % (ts_glog(t2, "I"), apid))
    log.add(t2, "%s %d torch/distributed/elastic/agent/server/api.py:662] [default] Rendezvous complete for workers. Result:" % (ts_glog(t2, "I"), apid))
    log.add(t2, "  restart_count=0\n  master_addr=%s\n  master_port=29500\n  group_rank=%d\n  group_world_size=%d\n  local_ranks=%s\n  role_ranks=%s\n  global_ranks=%s\n  role_world_sizes=%s\n  global_world_sizes=%s\n"
            % (endpoint.split(":")[0], node.node_rank, nnodes, list(range(node.gpn)), node.ranks(), node.ranks(),
               [nranks] * node.gpn, [nranks] * node.gpn))
    for lr in range(node.gpn):
        ti = t_start + TD(seconds=init_delay + lr * 0.021 + rng.random() * 0.2)
        for tt, l in nccl_init(node, lr, nranks, nnodes, ti, rng, verbose=(lr in verbose_lrs), commid=commid, **nccl_kw):
            log.add(tt, ("[default%d]:" % lr if prefix else "") + l)
    return log


def agent_failure(node, t, failed_lr, exitcode, rng, script, nnodes=None, extra_failures=None, torch_bin="/usr/local/bin/torchrun",
                  pyver="3.10", agent_pid=None, tb=None, sigterm_others=True):
    """Lines printed by the torchrun agent of `node` when its local rank `failed_lr` exits."""
    apid = agent_pid or (node.pid0 - 57)
    out = []
    tt = t
    if sigterm_others:
        for lr in range(node.gpn):
            if lr == failed_lr:
                continue
            tt = tt + jit(rng, 1, 4)
            out.append((tt, "%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (ts_glog(tt, "W"), apid, node.pid(lr))))
    tt = tt + jit(rng, 300, 1600)
    out.append((tt, "%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3"
                % (ts_glog(tt, "E"), apid, exitcode, failed_lr, node.pid(failed_lr))))
    fails = [{"host": node.name, "rank": node.rank(failed_lr), "local_rank": failed_lr, "exitcode": exitcode,
              "pid": node.pid(failed_lr), "time": t}]
    if tb:
        fails[0]["traceback"] = tb
    for f in (extra_failures or []):
        fails.append(f)
    tt = tt + jit(rng, 20, 90)
    out.append((tt, child_failed_table(script, t, fails, torch_bin=torch_bin, pyver=pyver)))
    return out, tt
