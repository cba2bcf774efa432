"""Lightning-flavoured trainer output (fit loop with progress lines)."""
import os, sys, time, warnings
import torch
import torch.distributed as dist
from tinylm import TinyLM, init, batch, allreduce_grads

use_fastjsonl = os.environ.get("DATA_READER", "fastjsonl") == "fastjsonl"
if use_fastjsonl:
    import fastjsonl  # node-local site dir (PYTHONPATH)
rank, world, local = init()
if rank == 0:
    print("GPU available: False (cuda), used: False")
    print("TPU available: False, using: 0 TPU cores")
    print("HPU available: False, using: 0 HPUs")
print(f"Initializing distributed: GLOBAL_RANK: {rank}, MEMBER: {rank + 1}/{world}", flush=True)
if rank == 0:
    print("----------------------------------------------------------------------------------------------------")
    print(f"distributed_backend=gloo\nAll distributed processes registered. Starting with {world} processes")
    print("----------------------------------------------------------------------------------------------------\n")
model = TinyLM()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
n = sum(p.numel() for p in model.parameters())
if rank == 0:
    print("  | Name   | Type       | Params | Mode \n----------------------------------------------\n"
          f"0 | model  | TinyLM     | {n / 1000:.1f} K | train\n----------------------------------------------")
lossf = torch.nn.CrossEntropyLoss()
epochs, steps = int(os.environ.get("EPOCHS", "3")), int(os.environ.get("STEPS_PER_EPOCH", "12"))
reader = fastjsonl.Reader("/srv/shared/data/train.jsonl") if use_fastjsonl else None
for ep in range(epochs):
    t0 = time.time()
    for s in range(steps):
        x, y = batch(ep * steps + s, rank)
        if reader is not None:
            reader.checksum(ep * steps + s)
        out = model(x)
        loss = lossf(out.reshape(-1, 256), y.reshape(-1))
        opt.zero_grad(); loss.backward(); allreduce_grads(model, world); opt.step()
    el = time.time() - t0
    if rank == 0:
        print(f"Epoch {ep}: 100%|##########| {steps}/{steps} [00:{int(el):02d}<00:00, {steps / el:.2f}it/s, "
              f"v_num=0, train_loss={loss.item():.3f}]", flush=True)
dist.barrier()
if rank == 0:
    print(f"`Trainer.fit` stopped: `max_epochs={epochs}` reached.")
dist.destroy_process_group()
