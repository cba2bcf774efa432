"""Small helpers that describe a job's placement (hosts, ranks, pids, buses)
and assemble the repetitive parts of launcher output."""
import sys

sys.dont_write_bytecode = True

from common import (add, glog, nccl_init_lines, watchdog_block, hexid, join,
                    smi_gpu, gpu_uuid, BUS_MAPS)


class Cluster:
    def __init__(self, rng, hosts, gpn=8, busmap="dgx_h100", product="h100"):
        self.rng = rng
        self.hosts = list(hosts)
        self.gpn = gpn
        self.bus = BUS_MAPS[busmap][:gpn]
        self.product = product
        self.agent_pid = {}
        self.pid = {}
        for h in self.hosts:
            base = rng.randint(20000, 380000)
            self.agent_pid[h] = base
            for l in range(gpn):
                self.pid[(h, l)] = base + 7 + l * 3 + rng.randint(0, 2)
        self._init_uuids(rng)
        self.commid = hexid(rng, 16)

    def new_pids(self):
        """Fresh process ids (a requeued attempt on the same hardware)."""
        for h in self.hosts:
            base = self.rng.randint(20000, 380000)
            self.agent_pid[h] = base
            for l in range(self.gpn):
                self.pid[(h, l)] = base + 7 + l * 3 + self.rng.randint(0, 2)
        self.commid = hexid(self.rng, 16)

    def _init_uuids(self, rng):
        self.uuid = {}
        self.serial = {}
        for h in self.hosts:
            for l in range(self.gpn):
                self.uuid[(h, l)] = gpu_uuid(rng)
                self.serial[(h, l)] = "1652%09d" % rng.randint(100000000, 999999999)

    @property
    def world(self):
        return len(self.hosts) * self.gpn

    def rank(self, host, local):
        return self.hosts.index(host) * self.gpn + local

    def where(self, rank):
        return self.hosts[rank // self.gpn], rank % self.gpn

    def gpus(self, host, per_gpu=None):
        """nvidia-smi descriptors for a host; per_gpu maps local index -> dict of overrides,
        key 'all' applies to every GPU."""
        out = []
        per_gpu = per_gpu or {}
        common = per_gpu.get("all", {})
        for l in range(self.gpn):
            kw = dict(common)
            kw.update(per_gpu.get(l, {}))
            out.append(smi_gpu(l, self.bus[l], self.uuid[(host, l)], self.serial[(host, l)], self.product, **kw))
        return out

    def nccl_init(self, t, label=None, version="2.21.5+cuda12.4", only_complete=False):
        """NCCL init lines for every rank; label(host_index) -> prefix string."""
        out = []
        for ni, h in enumerate(self.hosts):
            pre = label(ni) if label else ""
            for l in range(self.gpn):
                r = self.rank(h, l)
                lines = nccl_init_lines(h, self.pid[(h, l)], l, r, self.world, self.bus[l], self.rng,
                                        self.commid, version=version, first=(r == 0))
                if only_complete:
                    lines = [x for x in lines if "Init COMPLETE" in x or "NCCL version" in x]
                out += [pre + x for x in lines]
        return out

    def flood(self, t, seq, op, numel, timeout_ms, label=None, skip=(), frames_for=None, spread=2.5, last_done=None):
        """Watchdog timeouts from every rank (except skip)."""
        out = []
        order = list(range(self.world))
        self.rng.shuffle(order)
        for i, r in enumerate(order):
            if r in skip:
                continue
            h, l = self.where(r)
            ni = self.hosts.index(h)
            pre = label(ni) if label else ""
            tt = add(t, spread * i / max(1, self.world))
            fr = frames_for is None or r in frames_for
            ld = None if last_done is None else last_done.get(r)
            for x in watchdog_block(r, tt, seq, op, numel, timeout_ms, self.rng, frames=fr, last_done=ld):
                out.append(pre + x)
        return out


def srun_label(ni):
    return "%d: " % ni


def torchrun_banner(t, label, agent_pid, nproc=8):
    g = glog(t, "W")
    return [
        label + "%s %d torch/distributed/run.py:779] " % (g, agent_pid),
        label + "%s %d torch/distributed/run.py:779] *****************************************" % (g, agent_pid),
        label + "%s %d torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (g, agent_pid),
        label + "%s %d torch/distributed/run.py:779] *****************************************" % (g, agent_pid),
    ]


def rank_tb(rank, frames, exc, prefix=True):
    """Python traceback printed by a rank; frames list of (file, line, func, code)."""
    p = "[rank%d]: " % rank if prefix else ""
    out = [p + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(p + '  File "%s", line %d, in %s' % (f, ln, fn))
        out.append(p + "    " + code)
    for e in exc:
        out.append(p + e)
    return out


TRAIN_FRAMES = [
    ("/workspace/llm/train.py", 412, "<module>", "main()"),
    ("/workspace/llm/train.py", 398, "main", "train(cfg, model, optimizer, loader)"),
    ("/workspace/llm/train.py", 287, "train", "loss.backward()"),
    ("/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
    ("/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
    ("/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
]

CUDA_ERR_TAIL = [
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    "",
]
