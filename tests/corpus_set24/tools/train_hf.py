"""HF-Trainer-like loop: dict log lines, tqdm-ish bars, warnings, save_steps checkpoints."""
import json, math, os, sys, time, warnings, logging
import torch
import torch.distributed as dist
from tinylm import TinyLM, init, batch, allreduce_grads

logging.basicConfig(format="%(asctime)s - %(levelname)s - %(name)s - %(message)s",
                    datefmt="%m/%d/%Y %H:%M:%S", level=logging.INFO)
logger = logging.getLogger("transformers.trainer")
out_dir = os.environ.get("OUTPUT_DIR", "/srv/shared/out")
max_steps = int(os.environ.get("MAX_STEPS", "40"))
save_steps = int(os.environ.get("SAVE_STEPS", "20"))
scratch = os.environ.get("SCRATCH", "/srv/local/scratch")
rank, world, local = init()
logger.warning(f"Process rank: {rank}, device: cpu, n_gpu: 0, distributed training: True, 16-bits training: False")
if os.environ.get("NOISY"):
    warnings.warn("`torch.cpu.amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('cpu', args...)` instead.", FutureWarning)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        pass
model = TinyLM()
opt = torch.optim.AdamW(model.parameters(), lr=5e-4)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 5))
if os.environ.get("NOISY"):
    sched.step()   # scheduler stepped before optimizer: PyTorch warns about it
    torch.nn.functional.gelu(torch.ones(2), approximate="none")
    torch.tensor([1.0, 2.0]).resize_(3)
    torch.load_state = None
start = 0
ck = None
if os.path.isdir(out_dir):
    cks = sorted((d for d in os.listdir(out_dir) if d.startswith("checkpoint-")), key=lambda d: int(d.split("-")[1]))
    if cks:
        ck = os.path.join(out_dir, cks[-1])
if ck:
    sd = torch.load(os.path.join(ck, "pytorch_model.bin"), map_location="cpu")
    model.load_state_dict(sd)
    start = int(ck.rsplit("-", 1)[1])
    logger.info(f"Loading model from {ck}.")
if rank == 0:
    logger.info("***** Running training *****")
    logger.info(f"  Num examples = {max_steps * 8 * world}")
    logger.info(f"  Instantaneous batch size per device = 8")
    logger.info(f"  Total train batch size (w. parallel, distributed & accumulation) = {8 * world}")
    logger.info(f"  Total optimization steps = {max_steps}")
    if start:
        logger.info(f"  Continuing training from global step {start}")
lossf = torch.nn.CrossEntropyLoss()
os.makedirs(scratch, exist_ok=True)
t0 = time.time()
for step in range(start + 1, max_steps + 1):
    x, y = batch(step, rank)
    # tokenized batch is spilled to node-local scratch (prefetch cache)
    spill = os.path.join(scratch, f"prefetch_r{rank}_{step % 4}.pt")
    torch.save({"x": x, "y": y, "pad": torch.zeros(int(os.environ.get("SPILL_KB", "256")) * 256)}, spill)
    d = torch.load(spill)
    out = model(d["x"])
    loss = lossf(out.reshape(-1, 256), d["y"].reshape(-1))
    opt.zero_grad(); loss.backward(); allreduce_grads(model, world); opt.step(); sched.step()
    if step % 5 == 0 and rank == 0:
        print(json.dumps({"loss": round(loss.item(), 4), "grad_norm": round(float(sum(p.grad.norm() ** 2 for p in model.parameters()) ** 0.5), 4),
                          "learning_rate": sched.get_last_lr()[0], "epoch": round(step / max_steps, 2)}).replace('"', "'"), flush=True)
    if step % save_steps == 0:
        if rank == 0:
            d = os.path.join(out_dir, f"checkpoint-{step}")
            os.makedirs(d, exist_ok=True)
            torch.save(model.state_dict(), os.path.join(d, "pytorch_model.bin"))
            logger.info(f"Saving model checkpoint to {d}")
        dist.barrier()
    time.sleep(float(os.environ.get("STEP_SLEEP", "0.05")))
el = time.time() - t0
if rank == 0:
    logger.info("\n\nTraining completed. Do not forget to share your model on huggingface.co/models =)\n\n")
    print(str({"train_runtime": round(el, 4), "train_samples_per_second": round(8 * world * (max_steps - start) / el, 3),
               "train_steps_per_second": round((max_steps - start) / el, 3), "train_loss": round(loss.item(), 4), "epoch": 1.0}), flush=True)
dist.barrier()
dist.destroy_process_group()
