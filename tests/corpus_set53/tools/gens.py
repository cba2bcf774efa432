"""Framework-specific log line generators (Megatron-LM, torchtitan, HF Trainer,
Lightning) and the Case container used by every case module."""
import json
import random

from fmtlib import f_bracket, f_pylog, add


class Case:
    def __init__(self, name, seed):
        self.name = name
        self.rng = random.Random(seed)
        self.files = {}
        self.label = None
        self.topology = None

    def add(self, path, content):
        if isinstance(content, (list, tuple)):
            content = "\n".join(content) + "\n"
        if path in self.files:
            raise ValueError(f"{self.name}: duplicate file {path}")
        self.files[path] = content

    def set_label(self, category, layer, node, rank, action, rationale, modelled_on):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def set_topology(self, topo):
        self.topology = {"topology": topo}

    def rendered(self):
        out = dict(self.files)
        out["label.json"] = json.dumps(self.label, indent=2) + "\n"
        if self.topology is not None:
            out["topology.json"] = json.dumps(self.topology, indent=2) + "\n"
        return out


# --------------------------------------------------------------------------
# Megatron-LM
# --------------------------------------------------------------------------
def megatron_args(args):
    L = ["------------------------ arguments ------------------------"]
    for k in sorted(args):
        L.append(f"  {k} {'.' * max(2, 48 - len(k))} {args[k]}")
    L.append("-------------------- end of arguments ---------------------")
    return L


def megatron_iter(t, it, total, consumed, ms, tflops, lr, gbs, loss, gn, loss_scale=1.0,
                  skipped=0, nan=0, params_norm=None, zeros=None):
    s = (f" {f_bracket(t)} iteration {it:>8d}/{total:>8d} | consumed samples: {consumed:>12d} | "
         f"elapsed time per iteration (ms): {ms:.1f} | throughput per GPU (TFLOP/s/GPU): {tflops:.1f} | "
         f"learning rate: {lr:.6E} | global batch size: {gbs:>5d} | lm loss: {loss:.6E} | "
         f"loss scale: {loss_scale:.1f} | grad norm: {gn:.3f} | ")
    if zeros is not None:
        s += f"num zeros: {zeros} | "
    if params_norm is not None:
        s += f"params norm: {params_norm:.3f} | "
    s += f"number of skipped iterations: {skipped:>3d} | number of nan iterations: {nan:>3d} |"
    return s


def megatron_timers(entries, header="(min, max) time across ranks (ms):"):
    L = [header]
    for name, mn, mx in entries:
        L.append(f"    {name} {'.' * max(2, 48 - len(name))}: ({mn:.2f}, {mx:.2f})")
    return L


def vr(v, r, unit):
    return f"{v:.2f}{unit}/{r}"


def megatron_straggler(t, d):
    """d: dict with keys rtt_min, rtt_max, pwr_min, pwr_max, tmp_min, tmp_max, utl_min, utl_max,
    clk_min, clk_max, drtt_min, drtt_max, etpt_min, etpt_max -- each a (value, rank) tuple."""
    return (f"INFO:megatron.core.utils:{f_bracket(t)} | "
            f"MnRtt/Rnk: {vr(*d['rtt_min'], 'ms')} | MxRtt/Rnk: {vr(*d['rtt_max'], 'ms')} | "
            f"MnPwr/Rnk: {vr(*d['pwr_min'], 'W')} | MxPwr/Rnk: {vr(*d['pwr_max'], 'W')} | "
            f"MnTmp/Rnk: {vr(*d['tmp_min'], 'C')} | MxTmp/Rnk: {vr(*d['tmp_max'], 'C')} | "
            f"MnUtl/Rnk: {vr(*d['utl_min'], '%')} | MxUtl/Rnk: {vr(*d['utl_max'], '%')} | "
            f"MnClk/Rnk: {vr(*d['clk_min'], 'MHz')} | MxClk/Rnk: {vr(*d['clk_max'], 'MHz')} | "
            f"MnDRtt/Rnk: {vr(*d['drtt_min'], 'ms')} | MxDRtt/Rnk: {vr(*d['drtt_max'], 'ms')} | "
            f"MnEtpt/Rnk: {d['etpt_min'][0]:.2f}TF/{d['etpt_min'][1]} | MxEtpt/Rnk: {d['etpt_max'][0]:.2f}TF/{d['etpt_max'][1]}")


def megatron_startup(t, world, tp, pp, extra=None):
    dp = world // (tp * pp)
    L = [
        f"using world size: {world}, data-parallel size: {dp}, context-parallel size: 1, "
        f"hierarchical context-parallel sizes: None, tensor-model-parallel size: {tp}, "
        f"encoder-tensor-model-parallel size: 0, pipeline-model-parallel size: {pp}, encoder-pipeline-model-parallel size: 0",
        "Number of virtual stages per pipeline stage: None",
        "using torch.bfloat16 for parameters ...",
    ]
    if extra:
        L += extra
    L += [
        "> building GPT2BPETokenizer tokenizer ...",
        " > padded vocab (size: 128256) with 0 dummy tokens (new size: 128256)",
        "> initializing torch distributed ...",
        "> initialized tensor model parallel with size %d" % tp,
        "> initialized pipeline model parallel with size %d" % pp,
        "> setting random seeds to 1234 ...",
        "> compiling dataset index builder ...",
        "make: Entering directory '/workspace/Megatron-LM/megatron/core/datasets'",
        "make: Nothing to be done for 'default'.",
        "make: Leaving directory '/workspace/Megatron-LM/megatron/core/datasets'",
        ">>> done with dataset index builder. Compilation time: 0.061 seconds",
        f"> compiling and loading fused kernels ...",
        f">>> done with compiling and loading fused kernels. Compilation time: 3.112 seconds",
        f"time to initialize megatron (seconds): 41.882",
        f"{f_bracket(t)} after megatron is initialized",
    ]
    return L


# --------------------------------------------------------------------------
# torchtitan
# --------------------------------------------------------------------------
def titan(t, msg, rank=0, lvl="INFO"):
    return f"[rank{rank}]:[titan] {f_pylog(t)} - root - {lvl} - {msg}"


def titan_step(t, step, loss, gn, mem_gib, mem_pct, tps, tflops, mfu, rank=0):
    return titan(t, f"step: {step:>2d}  loss: {loss:7.4f}  grad_norm: {gn:7.4f}  memory: {mem_gib:5.2f}GiB({mem_pct:.2f}%)  "
                    f"tps: {tps:,}  tflops: {tflops:.2f}  mfu: {mfu:.2f}%", rank)


# --------------------------------------------------------------------------
# HF Trainer
# --------------------------------------------------------------------------
def hf_log(d):
    parts = []
    for k, v in d.items():
        if isinstance(v, float):
            parts.append(f"'{k}': {v!r}")
        else:
            parts.append(f"'{k}': {v}")
    return "{" + ", ".join(parts) + "}"


def jitter(rng, base, frac):
    return base * (1.0 + rng.uniform(-frac, frac))
