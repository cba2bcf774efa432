"""torchtitan-style loop: [titan] logger, step/loss/memory/tps lines, metric reduction."""
import argparse, logging, os, time, resource
import torch
import torch.distributed as dist
from tinylm import TinyLM, init, batch, allreduce_grads

p = argparse.ArgumentParser()
p.add_argument("--steps", type=int, default=50)
p.add_argument("--log-freq", type=int, default=5)
p.add_argument("--extra-metrics", default="")
args = p.parse_args()
rank, world, local = init()
logging.basicConfig(format="[titan] %(asctime)s - %(name)s - %(levelname)s - %(message)s", level=logging.INFO)
log = logging.getLogger("root")
log.info("Starting job: tinylm debug training")
log.info(f"Building 1-D device mesh with ['dp_replicate'], [{world}]")
model = TinyLM(hidden=64, layers=2)
opt = torch.optim.AdamW(model.parameters(), lr=8e-4)
log.info(f"Model tinylm debugmodel size: {sum(p.numel() for p in model.parameters()):,} total parameters")
log.info("Training starts at step 1, with local batch size 8, global batch size %d, sequence length 32, "
         "total steps %d (warmup 2)", 8 * world, args.steps)
lossf = torch.nn.CrossEntropyLoss()
metric_names = {"loss_sum", "tokens", "grad_norm"} | {m for m in args.extra_metrics.split(",") if m}
t_last = time.time()
for step in range(1, args.steps + 1):
    x, y = batch(step, rank)
    out = model(x)
    loss = lossf(out.reshape(-1, 256), y.reshape(-1))
    opt.zero_grad()
    loss.backward()
    allreduce_grads(model, world)
    gn = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    if step % args.log_freq == 0:
        vals = {"loss_sum": loss.detach().reshape(1), "tokens": torch.tensor([x.numel()], dtype=torch.float32),
                "grad_norm": gn.reshape(1), "lr_hist": torch.zeros(16), "tok_hist": torch.bincount(x.flatten(), minlength=256).float()}
        reduced = {}
        for name in metric_names:   # reduce every metric across ranks
            t = vals[name].clone()
            dist.all_reduce(t)
            reduced[name] = t
        dt = time.time() - t_last
        t_last = time.time()
        tps = x.numel() * args.log_freq / dt
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
        log.info(f"step: {step:2d}  loss: {reduced['loss_sum'].item() / world:7.4f}  grad_norm: "
                 f"{reduced['grad_norm'].item() / world:7.4f}  memory: {rss:5.2f}GiB(0.00%)  tps: {tps:,.0f}  "
                 f"tflops: 0.00  mfu: 0.00%")
log.info("Sleeping 2 seconds for other ranks to complete")
dist.barrier()
log.info("Training completed")
dist.destroy_process_group()
