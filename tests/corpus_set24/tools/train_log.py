# training loop with site logging format:  LEVEL|yyyy-mm-ddThh:mm:ss.mmm|host|r<rank>|module: msg
import logging, os, socket, sys, time
import torch
import torch.distributed as dist
from tinylm import TinyLM, init, batch, allreduce_grads

rank, world, local = init()
logging.basicConfig(format=f"%(levelname).1s|%(asctime)s.%(msecs)03d|{socket.gethostname()}|r{rank}|%(module)s: %(message)s",
                    datefmt="%Y-%m-%dT%H:%M:%S", level=logging.INFO, stream=sys.stdout)
log = logging.getLogger("trainer")
steps = int(os.environ.get("STEPS", "60"))
shard_dir = os.environ.get("SHARD_DIR", "/srv/local/scratch/ckpt")
every = int(os.environ.get("SHARD_EVERY", "10"))
model = TinyLM(hidden=int(os.environ.get("HIDDEN", "96")))
opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
log.info("model params=%d world=%d shard_dir=%s", sum(p.numel() for p in model.parameters()), world, shard_dir)
lossf = torch.nn.CrossEntropyLoss()
os.makedirs(shard_dir, exist_ok=True)
t = time.time()
for step in range(1, steps + 1):
    x, y = batch(step, rank)
    out = model(x)
    loss = lossf(out.reshape(-1, 256), y.reshape(-1))
    opt.zero_grad(); loss.backward(); allreduce_grads(model, world); opt.step()
    if step % 5 == 0:
        log.info("step=%d loss=%.4f step_time=%.3fs", step, loss.item(), (time.time() - t) / 5)
        t = time.time()
    if step % every == 0:
        p = os.path.join(shard_dir, f"step{step:05d}_rank{rank:03d}.distcp")
        torch.save({"model": model.state_dict(), "optim": opt.state_dict()}, p)
        log.info("saved local shard %s (%.1f MB)", p, os.path.getsize(p) / 2**20)
        dist.barrier()
    time.sleep(float(os.environ.get("STEP_SLEEP", "0.1")))
log.info("finished %d steps", steps)
dist.barrier()
dist.destroy_process_group()
