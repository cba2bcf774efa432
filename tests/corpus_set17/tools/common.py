"""Shared case-building bits for corpus_set17."""
from fmt import *  # noqa


class Bundle:
    def __init__(self, name, rng):
        self.name = name
        self.rng = rng
        self.files = {}
        self.topology = None
        self.label = None

    def add(self, path, lines):
        if isinstance(lines, str):
            txt = lines
        else:
            txt = "\n".join(lines)
        if not txt.endswith("\n"):
            txt += "\n"
        self.files[path] = self.files.get(path, "") + txt

    def set_label(self, category, layer, culprit_node, culprit_rank, action, rationale, modelled_on):
        culprit = None if culprit_node is None else {"node": culprit_node, "rank": culprit_rank}
        self.label = {"category": category, "layer": layer, "culprit": culprit, "action": action,
                      "rationale": rationale, "modelled_on": modelled_on}


def loss_curve(rng, step, l0=2.9, floor=1.7, tau=6000.0, noise=0.025):
    import math
    return floor + (l0 - floor) * math.exp(-step / tau) + rng.uniform(-noise, noise)


def hf_log_dict(rng, step, max_steps, lr0=2e-5, l0=1.6, epochs=3.0, gn=None):
    lr = lr0 * max(0.0, 1 - step / max_steps)
    loss = loss_curve(rng, step, l0=l0, floor=0.9, tau=4000)
    gnv = gn if gn is not None else rng.uniform(0.35, 0.9)
    return "{'loss': %.4f, 'grad_norm': %s, 'learning_rate': %s, 'epoch': %.2f}" % (
        loss, ("%.16f" % gnv)[:18], ("%.15e" % lr).replace("e-0", "e-").rstrip("0") if False else repr(float("%.6g" % lr)), epochs * step / max_steps)


def hf_progress(clk, rng, t0, s0, s1, max_steps, dt, log_every=10, per_line=5, lr0=2e-5, l0=1.6):
    """HF Trainer stdout/stderr interleaving: tqdm updates joined by \\r, loss dicts on their own lines.
    Returns (lines, t_end)."""
    L = []
    t = t0
    cur = []
    for s in range(s0, s1 + 1):
        t += dt * rng.uniform(0.97, 1.04)
        el = t - t0 + s0 * dt
        cur.append(tqdm_bar("", s, max_steps, el, 1.0 / dt if dt >= 1 else 1.0 / dt).replace(": ", "", 1).lstrip())
        if s % per_line == 0:
            L.append("\r" + "\r".join(cur))
            cur = []
        if s % log_every == 0:
            L.append(hf_log_dict(rng, s, max_steps, lr0=lr0, l0=l0))
    if cur:
        L.append("\r" + "\r".join(cur))
    return L, t


def env_dump(pairs):
    return ["%s=%s" % (k, v) for k, v in pairs]
