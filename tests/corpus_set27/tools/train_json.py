"""Training script with structured JSON logs (one JSON object per line, for the log shipper)."""
import json
import math
import os
import socket
import sys
import time

import torch
import torch.distributed as dist
import torch.nn.functional as F

from tinycore import TinyLM, allreduce_grads, init

RUN = os.environ.get("RUN_NAME", "run")


def log(level, msg, **kw):
    rec = {"ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()) + f".{int(time.time() * 1000) % 1000:03d}Z",
           "level": level, "logger": "trainer", "run": RUN, "host": socket.gethostname(),
           "rank": int(os.environ.get("RANK", -1)), "msg": msg}
    rec.update(kw)
    print(json.dumps(rec), flush=True)


def fp16_cross_entropy(logits, y):
    """Memory-saving cross entropy: softmax statistics in half precision."""
    h = logits.half()
    lse = h.exp().sum(-1).log()
    return (lse.float() - logits.gather(-1, y.unsqueeze(-1)).squeeze(-1)).mean()


def main():
    log("INFO", "starting", pid=os.getpid(), torch=torch.__version__, argv=sys.argv[1:])
    try:
        rank, world, local = init()
    except Exception as e:
        log("ERROR", "process group init failed", error=f"{type(e).__name__}: {e}")
        raise
    log("INFO", "process group ready", world_size=world, backend="gloo")
    steps = int(os.environ.get("STEPS", "80"))
    lr = float(os.environ.get("LR", "1e-3"))
    half_ce = os.environ.get("HALF_CE", "0") == "1"
    torch.manual_seed(3)
    model = TinyLM(512, int(os.environ.get("HIDDEN", "64")), 2, 32)
    for p in model.parameters():
        dist.broadcast(p.data, 0)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.0)
    g = torch.Generator().manual_seed(100 + rank)
    pattern = torch.randint(0, 512, (64, 33), generator=torch.Generator().manual_seed(5))
    t0 = time.time()
    for step in range(1, steps + 1):
        x = pattern[torch.randint(0, 64, (8,), generator=g)]
        logits = model(x[:, :-1])
        loss = fp16_cross_entropy(logits, x[:, 1:]) if half_ce else F.cross_entropy(logits.reshape(-1, 512), x[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        allreduce_grads(model, world)
        opt.step()
        l = loss.detach().clone()
        dist.all_reduce(l)
        l = l.item() / world
        if step % 5 == 0 or not math.isfinite(l):
            log("INFO", "train_step", step=step, loss=round(l, 5) if math.isfinite(l) else str(l),
                max_logit=round(logits.detach().max().item(), 3), step_time_s=round((time.time() - t0) / step, 4))
        if not math.isfinite(l):
            log("ERROR", "non-finite loss, aborting", step=step, loss=str(l))
            raise FloatingPointError(f"loss is {l} at step {step}")
        time.sleep(float(os.environ.get("STEP_SLEEP", "0.02")))
    log("INFO", "training finished", steps=steps, wall_s=round(time.time() - t0, 2))
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
