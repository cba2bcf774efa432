"""torchtitan-like training loop (corpus_set30)."""
import argparse
import logging
import os
import sys
import time

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tinylm  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--job.config_file", dest="config", required=True)
ap.add_argument("--training.steps", dest="steps", type=int, default=None)
args = ap.parse_args()
cfg = tinylm.load_cfg(args.config)
tr, ck, mo = cfg["training"], cfg.get("checkpoint", {}), cfg.get("model", {})
steps = args.steps or tr["steps"]

logging.basicConfig(format="[titan] %(asctime)s - %(name)s - %(levelname)s - %(message)s", level=logging.INFO)
logger = logging.getLogger("root")
rank, local_rank, world = tinylm.init(tr.get("comm_timeout_seconds", 60))
logger.info(f"Starting job: {cfg['job']['description']}")
logger.info(f"Building 1-D device mesh with ['dp_shard'], [{world}]")
torch.manual_seed(tr.get("seed", 0))
model = tinylm.TinyLM(vocab=mo.get("vocab_size", 512), dim=mo.get("dim", 128), layers=mo.get("n_layers", 2),
                      seq=tr.get("seq_len", 64))
logger.info(f"Building llama3 {mo.get('flavor', 'debugmodel')} with {{'dim': {mo.get('dim', 128)}, "
            f"'n_layers': {mo.get('n_layers', 2)}, 'vocab_size': {mo.get('vocab_size', 512)}}}")
logger.info(f"Model llama3 {mo.get('flavor', 'debugmodel')} size: {tinylm.n_params(model):,} total parameters")
ddp = DDP(model)
opt = torch.optim.AdamW(ddp.parameters(), lr=tr.get("lr", 8e-4))
folder = ck.get("folder")
start = 0
if ck.get("enable_checkpoint") and folder:
    os.makedirs(folder, exist_ok=True)
    steps_avail = sorted(int(d.split("-")[1]) for d in os.listdir(folder) if d.startswith("step-"))
    if steps_avail:
        s = steps_avail[-1]
        t = time.time()
        st = torch.load(os.path.join(folder, f"step-{s}", f"__{rank}_0.distcp"), weights_only=False)
        model.load_state_dict(st["model"])
        opt.load_state_dict(st["optim"])
        start = s
        logger.info(f"Loading the checkpoint at step {s}.")
        logger.info(f"Finished loading the checkpoint in {time.time() - t:.2f} seconds.")
logger.info(f"Training starts at step {start + 1}, with local batch size {tr['local_batch_size']}, "
            f"global batch size {tr['local_batch_size'] * world}, sequence length {tr.get('seq_len', 64)}, "
            f"total steps {steps} (warmup {tr.get('warmup_steps', 10)})")
t_log = time.time()
ntok = 0
for step in range(start + 1, steps + 1):
    x, y = tinylm.synthetic_batch(step, rank, bs=tr["local_batch_size"], seq=tr.get("seq_len", 64),
                                  vocab=mo.get("vocab_size", 512))
    logits = ddp(x)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(ddp.parameters(), tr.get("max_norm", 1.0))
    opt.step()
    time.sleep(tr.get("data_wait", 0.1))
    ntok += x.numel()
    if step % cfg["metrics"]["log_freq"] == 0 or step == 1:
        gl = loss.detach().clone()
        dist.all_reduce(gl)
        dt = time.time() - t_log
        t_log = time.time()
        logger.info(f"step: {step:2d}  loss: {gl.item() / world:7.4f}  memory:  0.00GiB(0.00%)  "
                    f"tps: {int(ntok / dt):,}  tflops: 0.00  mfu: 0.00%")
        ntok = 0
    if ck.get("enable_checkpoint") and folder and step % ck.get("interval", 50) == 0:
        t = time.time()
        d = os.path.join(folder, f"step-{step}")
        os.makedirs(d, exist_ok=True)
        torch.save({"model": model.state_dict(), "optim": opt.state_dict()}, os.path.join(d, f"__{rank}_0.distcp"))
        dist.barrier()
        logger.info(f"Finished saving the checkpoint (or staging if async is enabled)in {time.time() - t:.2f} seconds.")
logger.info("Training completed")
dist.destroy_process_group()
