"""Lightning-style fit loop (plain torch; prints what a LightningModule run prints)."""
import os
import signal
import sys
import time

import torch
import torch.distributed as dist
import torch.nn.functional as F

from tinycore import TinyLM, allreduce_grads, init

EPOCHS = int(os.environ.get("MAX_EPOCHS", "3"))
STEPS = int(os.environ.get("STEPS_PER_EPOCH", "20"))
CKPT = os.environ.get("CKPT_DIR", "/srv/shared/lightning_logs/version_0/checkpoints")
SHARDED = os.environ.get("SHARDED_CKPT", "0") == "1"


def on_sigterm(signum, frame):
    print(f"[rank: {dist.get_rank()}] Received SIGTERM: {signum}", file=sys.stderr, flush=True)
    sys.exit(143)


def main():
    rank, world, local = init()
    signal.signal(signal.SIGTERM, on_sigterm)
    if rank == 0:
        print("GPU available: False, used: False\nTPU available: False, using: 0 TPU cores\nHPU available: False, using: 0 HPUs", flush=True)
    print(f"Initializing distributed: GLOBAL_RANK: {rank}, MEMBER: {rank + 1}/{world}", flush=True)
    dist.barrier()
    if rank == 0:
        print("-" * 100 + f"\ndistributed_backend=gloo\nAll distributed processes registered. Starting with {world} processes\n" + "-" * 100 + "\n", flush=True)
    torch.manual_seed(7)
    model = TinyLM(512, int(os.environ.get("HIDDEN", "64")), 2, 32)
    for p in model.parameters():
        dist.broadcast(p.data, 0)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    n = sum(p.numel() for p in model.parameters())
    if rank == 0:
        print(f"  | Name  | Type   | Params | Mode\n-----------------------------------------\n0 | model | TinyLM | {n / 1000:.0f} K  | train\n"
              f"-----------------------------------------\n{n / 1000:.0f} K     Trainable params\n0         Non-trainable params", flush=True)
    g = torch.Generator().manual_seed(rank)
    gstep = 0
    best = None
    for ep in range(EPOCHS):
        t0 = time.time()
        for i in range(1, STEPS + 1):
            x = torch.randint(0, 512, (8, 33), generator=g)
            loss = F.cross_entropy(model(x[:, :-1]).reshape(-1, 512), x[:, 1:].reshape(-1))
            opt.zero_grad()
            loss.backward()
            allreduce_grads(model, world)
            opt.step()
            gstep += 1
            time.sleep(float(os.environ.get("STEP_SLEEP", "0.02")))
            if rank == 0 and (i % 5 == 0 or i == STEPS):
                el = time.time() - t0
                bar = "█" * int(10 * i / STEPS)
                print(f"Epoch {ep}: {100 * i // STEPS:3d}%|{bar:<10}| {i}/{STEPS} [00:{int(el):02d}<00:{int(el / i * (STEPS - i)):02d}, "
                      f"{i / el:.2f}it/s, v_num=0, train_loss={loss.item():.3f}]", flush=True)
        vl = torch.tensor(loss.item())
        dist.all_reduce(vl)
        vl = vl.item() / world
        os.makedirs(CKPT, exist_ok=True)
        name = f"epoch={ep}-step={gstep}.ckpt"
        if SHARDED:
            d = os.path.join(CKPT, name)
            os.makedirs(d, exist_ok=True)
            fn = os.path.join(d, f"__{rank}_0.distcp")
            with open(fn, "wb") as f:
                torch.save({"model": model.state_dict(), "optim": opt.state_dict()}, f)
                f.flush()
                os.fsync(f.fileno())
            dist.barrier()
            if rank == 0:
                with open(os.path.join(d, ".metadata"), "w") as f:
                    f.write(f"{world} shards\n")
                    f.flush()
                    os.fsync(f.fileno())
        elif rank == 0:
            torch.save(model.state_dict(), os.path.join(CKPT, name))
        if rank == 0:
            msg = f"reached {vl:.5f} (best {min(vl, best or vl):.5f})" if best is None or vl < best else "was not in top 1"
            print(f"Epoch {ep}, global step {gstep}: 'val_loss' {msg}, saving model to '{CKPT}/{name}' as top 1", flush=True)
            best = vl if best is None else min(best, vl)
        dist.barrier()
    if rank == 0:
        print(f"`Trainer.fit` stopped: `max_epochs={EPOCHS}` reached.", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
