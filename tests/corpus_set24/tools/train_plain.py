# plain-print training loop reading a node-local token cache through mmap
import mmap, os, socket, sys, time
import torch
import torch.distributed as dist
from tinylm import TinyLM, init, allreduce_grads

rank, world, local = init()
host = socket.gethostname()
cache = os.environ.get("TOKEN_CACHE", "/srv/local/cache/tokens.bin")
steps = int(os.environ.get("STEPS", "80"))
hidden = int(os.environ.get("HIDDEN", "64"))
print(f"rank {rank}/{world} on {host} pid {os.getpid()} cache={cache}", flush=True)
f = open(cache, "rb")
mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
ntok = len(mm)
print(f"rank {rank}: mapped {ntok} tokens from {cache}", flush=True)
model = TinyLM(hidden=hidden)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
lossf = torch.nn.CrossEntropyLoss()
seq, bs = 32, 8
span = bs * (seq + 1)
t0 = time.time()
for step in range(steps):
    off = ((step * world + rank) * span * 7919) % (ntok - span)
    buf = torch.frombuffer(bytearray(mm[off:off + span]), dtype=torch.uint8).long().reshape(bs, seq + 1)
    x, y = buf[:, :-1], buf[:, 1:]
    out = model(x)
    loss = lossf(out.reshape(-1, 256), y.reshape(-1))
    opt.zero_grad(); loss.backward(); allreduce_grads(model, world); opt.step()
    if step % 10 == 0:
        print(f"step {step} loss {loss.item():.4f} offset {off} ({time.time() - t0:.1f}s)", flush=True)
    time.sleep(float(os.environ.get("STEP_SLEEP", "0.05")))
dist.barrier()
print(f"rank {rank}: done, {steps} steps in {time.time() - t0:.1f}s", flush=True)
dist.destroy_process_group()
