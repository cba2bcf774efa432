"""GPT pretraining loop with Megatron-LM-like logging (corpus_set30)."""
import argparse
import os
import sys
import time
from datetime import datetime

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tinylm  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--num-layers", type=int, default=2)
ap.add_argument("--hidden-size", type=int, default=128)
ap.add_argument("--seq-length", type=int, default=64)
ap.add_argument("--padded-vocab-size", type=int, default=512)
ap.add_argument("--micro-batch-size", type=int, default=8)
ap.add_argument("--train-iters", type=int, default=100)
ap.add_argument("--lr", type=float, default=3e-4)
ap.add_argument("--log-interval", type=int, default=5)
ap.add_argument("--save-interval", type=int, default=20)
ap.add_argument("--save", default=None)
ap.add_argument("--load", default=None)
ap.add_argument("--distributed-timeout-minutes", type=float, default=1.0)
ap.add_argument("--log-train-ppl-hist", action="store_true",
                help="keep the logits of the log interval and print a perplexity histogram")
ap.add_argument("--iter-sleep", type=float, default=0.1)
args = ap.parse_args()

rank, local_rank, world = tinylm.init(int(args.distributed_timeout_minutes * 60))


def print_rank_0(msg):
    if rank == 0:
        print(msg, flush=True)


def now():
    return datetime.now().strftime("%Y-%m-%d %H:%M:%S")


print_rank_0(f"using world size: {world}, data-parallel size: {world}, context-parallel size: 1, "
             f"tensor-model-parallel size: 1, pipeline-model-parallel size: 1")
print_rank_0("------------------------ arguments ------------------------")
for k, v in sorted(vars(args).items()):
    print_rank_0(f"  {k} {'.' * (48 - len(k))} {v}")
print_rank_0("-------------------- end of arguments ---------------------")
print_rank_0("> building GPT model ...")
torch.manual_seed(1234)
model = tinylm.TinyLM(vocab=args.padded_vocab_size, dim=args.hidden_size, layers=args.num_layers,
                      seq=args.seq_length)
print(f" > number of parameters on (tensor, pipeline) model parallel rank (0, 0): {tinylm.n_params(model)}"
      if rank == 0 else "", end="\n" if rank == 0 else "", flush=True)
ddp = DDP(model)
opt = torch.optim.AdamW(ddp.parameters(), lr=args.lr, weight_decay=0.1)
iteration = 0
if args.load:
    tracker = os.path.join(args.load, "latest_checkpointed_iteration.txt")
    if os.path.exists(tracker):
        it = int(open(tracker).read().strip())
        path = os.path.join(args.load, f"iter_{it:07d}", "mp_rank_00", "model_optim_rng.pt")
        print_rank_0(f" loading checkpoint from {args.load} at iteration {it}")
        sd = torch.load(path, map_location="cpu", weights_only=False)
        model.load_state_dict(sd["model"])
        opt.load_state_dict(sd["optimizer"])
        iteration = sd["iteration"]
        print_rank_0(f"  successfully loaded checkpoint from {args.load} [ t 1/1, p 1/1 ] at iteration {iteration}")
    else:
        print_rank_0(f"WARNING: could not find the metadata file {tracker}")
        print_rank_0("    will not load any checkpoints and will start from random")
print_rank_0(f"[after model, optimizer, and learning rate scheduler are built] datetime: {now()} ")
print_rank_0(f"[after dataloaders are built] datetime: {now()} ")
print_rank_0("done with setup ...")
print_rank_0("training ...")
print_rank_0(f"[before the start of training step] datetime: {now()} ")

ppl_buffer = []
t_last = time.time()
loss_acc = 0.0
while iteration < args.train_iters:
    x, y = tinylm.synthetic_batch(iteration, rank, bs=args.micro_batch_size, seq=args.seq_length,
                                  vocab=args.padded_vocab_size)
    logits = ddp(x)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    gn = torch.nn.utils.clip_grad_norm_(ddp.parameters(), 1.0)
    opt.step()
    if args.log_train_ppl_hist:
        ppl_buffer.append(logits)          # histogram is computed at the end of the epoch
    time.sleep(args.iter_sleep)
    iteration += 1
    loss_acc += loss.item()
    if iteration % args.log_interval == 0:
        el = (time.time() - t_last) * 1000 / args.log_interval
        t_last = time.time()
        print_rank_0(f" [{now()}] iteration {iteration:8d}/{args.train_iters:8d} | consumed samples: "
                     f"{iteration * args.micro_batch_size * world:12d} | elapsed time per iteration (ms): "
                     f"{el:.1f} | learning rate: {args.lr:.6E} | global batch size: "
                     f"{args.micro_batch_size * world:5d} | lm loss: {loss_acc / args.log_interval:.6E} | "
                     f"loss scale: 1.0 | grad norm: {float(gn):.3f} | number of skipped iterations:   0 | "
                     f"number of nan iterations:   0 |")
        loss_acc = 0.0
    if args.save and iteration % args.save_interval == 0:
        print_rank_0(f"saving checkpoint at iteration {iteration:7d} to {args.save} in torch format")
        if rank == 0:
            d = os.path.join(args.save, f"iter_{iteration:07d}", "mp_rank_00")
            os.makedirs(d, exist_ok=True)
            torch.save({"model": model.state_dict(), "optimizer": opt.state_dict(), "iteration": iteration,
                        "args": vars(args)}, os.path.join(d, "model_optim_rng.pt"))
            with open(os.path.join(args.save, "latest_checkpointed_iteration.txt"), "w") as f:
                f.write(str(iteration))
        dist.barrier()
        print_rank_0(f"  successfully saved checkpoint from iteration {iteration:7d} to {args.save} "
                     f"[ t 1/1, p 1/1 ]")

print_rank_0(f"[after training is done] datetime: {now()} ")
dist.destroy_process_group()
