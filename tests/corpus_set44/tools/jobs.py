"""Reusable building blocks for multi-node GPU / CPU jobs launched with torchrun."""
from datetime import timedelta

from common import (Log, agent_banner, agent_failed_new, agent_failed_old, agent_sigterm_new,
                    agent_sigterm_old, c10_frames, child_failed, f_c10, f_glog_py, f_pylog_br, nccl_init,
                    sec, watchdog_timeout)

MEGATRON_TB = [
    ("/workspace/Megatron-LM/pretrain_gpt.py", 335, "<module>", "pretrain("),
    ("/workspace/Megatron-LM/megatron/training/training.py", 386, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
    ("/workspace/Megatron-LM/megatron/training/training.py", 1499, "train", "train_step(forward_step_func,"),
    ("/workspace/Megatron-LM/megatron/training/training.py", 789, "train_step", "losses_reduced = forward_backward_func("),
    ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 1612, "forward_backward_pipelining_without_interleaving", "input_tensor_grad = backward_step("),
]

DS_TB = [
    ("/home/svc-train/llm/train_ds.py", 412, "<module>", "main()"),
    ("/home/svc-train/llm/train_ds.py", 377, "main", "engine.backward(loss)"),
    ("/opt/conda/lib/python3.11/site-packages/deepspeed/utils/nvtx.py", 18, "wrapped_fn", "ret_val = func(*args, **kwargs)"),
    ("/opt/conda/lib/python3.11/site-packages/deepspeed/runtime/engine.py", 2126, "backward", "self.optimizer.backward(loss, retain_graph=retain_graph)"),
    ("/opt/conda/lib/python3.11/site-packages/deepspeed/runtime/zero/stage3.py", 2284, "backward", "self.loss_scaler.backward(loss.float(), retain_graph=retain_graph)"),
]


def watchdog_cuda_error(rank, dt, rng, err, pg="0 PG GUID 0(default_pg)"):
    pre = "[rank%d]:" % rank
    msg = "[PG ID %s Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (pg, rank, err)
    L = ["%s[%s ProcessGroupNCCL.cpp:1595] %s" % (pre, f_c10(dt, rng), msg),
         "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
         "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
         "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
         "",
         "Exception raised from c10_cuda_check_implementation at /opt/pytorch/pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):"]
    L += c10_frames(rng, kind="cuda")
    L += ["", "terminate called after throwing an instance of 'c10::DistBackendError'",
          "  what():  " + msg,
          "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
          "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
          "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
    return "\n".join(L)


class TorchrunJob:
    """One torchrun agent per node; console log per node collects all local ranks."""

    def __init__(self, nodes, rng, start, script, new_agent=True, site="torch",
                 binary="/usr/bin/python", launcher="/usr/local/bin/torchrun",
                 pysite="/usr/local/lib/python3.10/dist-packages", nccl_version="2.21.5+cuda12.4",
                 gpus=True, hcas=8, net="IB", ifname="ib0", plugin_msg=None, cuda_drv=12040):
        self.cuda_drv = cuda_drv
        self.nodes = nodes
        self.rng = rng
        self.start = start
        self.script = script
        self.new_agent = new_agent
        self.site = site
        self.binary = binary
        self.launcher = launcher
        self.pysite = pysite
        self.nccl_version = nccl_version
        self.gpus = gpus
        self.hcas = hcas
        self.net = net
        self.ifname = ifname
        self.plugin_msg = plugin_msg
        self.logs = {n.name: Log() for n in nodes}
        self.agent_pid = {n.name: n.pid0 for n in nodes}
        self.world = sum(n.gpus for n in nodes)
        self.dead = set()

    def pid(self, node, local):
        return self.agent_pid[node.name] + 17 + local

    def log(self, node):
        return self.logs[node.name]

    def banner(self, skew=1.0):
        for n in self.nodes:
            t = self.start + sec(self.rng.uniform(0, skew))
            if self.new_agent:
                pre = "%s %d %s/distributed/run.py:793] " % (f_glog_py(t, "W"), self.agent_pid[n.name], self.site)
                self.log(n).add(t, "\n".join([pre] + [pre + x for x in agent_banner().split("\n")]))
            else:
                self.log(n).add(t, "WARNING:torch.distributed.run:\n" + agent_banner())

    def nccl(self, at, verbose_locals=(0,), nodes=None):
        for n in (nodes or self.nodes):
            for l in range(n.gpus):
                t = at + sec(self.rng.uniform(0, 2.5))
                pid = self.pid(n, l)
                lines = nccl_init(n, l, pid, pid + 411 + l, self.world, len(self.nodes), self.rng,
                                  version=self.nccl_version, ifname=self.ifname, hcas=self.hcas,
                                  net=self.net, plugin_msg=self.plugin_msg, verbose=(l in verbose_locals),
                                  cuda_drv=self.cuda_drv)
                self.log(n).add(t, "\n".join(lines))

    def watchdogs(self, base, seq, skip=(), op="ALLREDUCE", numel=1, timeout_ms=600000, jitter=0.8,
                  last_enq=None, last_done=None, frames=True, nodes=None, pg="0 PG GUID 0(default_pg)"):
        """Every rank not in skip times out.  Blocks are kept pending until finish()
        decides which ranks printed before the agent SIGTERMed them.  Returns rank->time."""
        out = {}
        self.pending = getattr(self, "pending", {})
        for n in (nodes or self.nodes):
            for l in range(n.gpus):
                r = n.rank(l)
                if r in skip:
                    continue
                t = base + sec(self.rng.uniform(0, jitter))
                blk = watchdog_timeout(r, t, self.rng, seq, op=op, numel=numel, timeout_ms=timeout_ms,
                                       last_enq=last_enq, last_done=last_done, frames=frames, pg=pg)
                self.pending.setdefault(n.name, {})[l] = (t, blk)
                out[r] = t
        return out

    def finish(self, node, delay=(0.25, 0.9), wait=(1.5, 6.0), script=None):
        """Resolve pending watchdog blocks on node and print agent teardown."""
        pend = self.pending.get(node.name, {})
        first_local = min(pend, key=lambda l: pend[l][0])
        ts = pend[first_local][0] + sec(self.rng.uniform(*delay))
        codes = {}
        for l, (t, blk) in pend.items():
            if t <= ts:
                self.log(node).add(t, blk)
                codes[l] = -6
            else:
                codes[l] = -15
        return self.teardown(node, first_local, ts, -6, other_codes=codes, script=script, wait=wait)

    def teardown(self, node, first_local, first_time, code, others_code=-15, other_times=None,
                 script=None, root_tb=None, other_codes=None, dead_locals=(), host=None, wait=(1.5, 6.0), error_file=None):
        """Agent notices first_local died; SIGTERMs the rest; prints ChildFailedError."""
        log = self.log(node)
        ap = self.agent_pid[node.name]
        t = first_time + sec(self.rng.uniform(0.05, 0.3))
        others = []
        for l in range(node.gpus):
            if l == first_local or l in dead_locals:
                continue
            tl = t + sec(self.rng.uniform(0.0005, 0.004) * (l + 1))
            if self.new_agent:
                log.add(tl, agent_sigterm_new(tl, ap, self.pid(node, l), site=self.site))
            else:
                log.add(tl, agent_sigterm_old(tl, self.pid(node, l)))
        tf = t + sec(self.rng.uniform(*wait))
        if self.new_agent:
            log.add(tf, agent_failed_new(tf, ap, code, first_local, self.pid(node, first_local),
                                         binary=self.binary, site=self.site))
        else:
            log.add(tf, agent_failed_old(tf, code, first_local, self.pid(node, first_local), binary=self.binary))
        for l in range(node.gpus):
            if l == first_local:
                continue
            c = (other_codes or {}).get(l, others_code)
            others.append({"time": tf, "rank": node.rank(l), "local": l, "code": c, "pid": self.pid(node, l)})
        root = {"time": tf, "rank": node.rank(first_local), "local": first_local, "code": code,
                "pid": self.pid(node, first_local)}
        if root_tb:
            root["traceback"] = root_tb
            if error_file:
                root["error_file"] = error_file
        log.add(tf + sec(0.01), child_failed(script or self.script, host or node.name, root, others,
                                              launcher=self.launcher, site=self.pysite))
        return tf
