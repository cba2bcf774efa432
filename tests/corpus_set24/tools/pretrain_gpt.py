"""Megatron-style pretraining loop (timers + iteration lines)."""
import argparse, os, socket, sys, time, resource
import torch
import torch.distributed as dist
from tinylm import TinyLM, init, batch, allreduce_grads

p = argparse.ArgumentParser()
p.add_argument("--hidden-size", type=int, default=64)
p.add_argument("--num-layers", type=int, default=2)
p.add_argument("--train-iters", type=int, default=60)
p.add_argument("--log-interval", type=int, default=5)
p.add_argument("--lr", type=float, default=3e-4)
p.add_argument("--save", default=None)
p.add_argument("--save-interval", type=int, default=0)
p.add_argument("--load", default=None)
p.add_argument("--micro-batch-size", type=int, default=8)
p.add_argument("--keep-activations-for-debug", action="store_true")
p.add_argument("--payload-mb", type=float, default=0.0, help="extra gradient bucket per iteration (MB)")
args = p.parse_args()

rank, world, local = init()
torch.manual_seed(1234)
if rank == 0:
    print("using world size: {}, data-parallel size: {}, tensor-model-parallel size: 1, "
          "pipeline-model-parallel size: 1".format(world, world), flush=True)
    print("------------------------ arguments ------------------------", flush=True)
    for k, v in sorted(vars(args).items()):
        print("  {} {} {}".format(k, "." * (40 - len(k)), v), flush=True)
    print("-------------------- end of arguments ---------------------", flush=True)
model = TinyLM(hidden=args.hidden_size, layers=args.num_layers)
opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
start = 0
if args.load and os.path.exists(os.path.join(args.load, "latest_checkpointed_iteration.txt")):
    it = int(open(os.path.join(args.load, "latest_checkpointed_iteration.txt")).read())
    path = os.path.join(args.load, "iter_{:07d}".format(it), "mp_rank_00", "model_optim_rng.pt")
    if rank == 0:
        print(" loading checkpoint from {} at iteration {}".format(args.load, it), flush=True)
    sd = torch.load(path, map_location="cpu", weights_only=False)
    model.load_state_dict(sd["model"])
    opt.load_state_dict(sd["optimizer"])
    start = sd["iteration"]
    if rank == 0:
        print("  successfully loaded checkpoint from {} at iteration {}".format(args.load, it), flush=True)
elif rank == 0:
    print("> no checkpoint found at {}, starting from scratch".format(args.load), flush=True)
n_params = sum(p.numel() for p in model.parameters())
print(" > number of parameters on (tensor, pipeline) model parallel rank (0, 0): {}".format(n_params), flush=True)
dist.barrier()
if rank == 0:
    print("[after model, optimizer, and learning rate scheduler are built] datetime: {}".format(
        time.strftime("%Y-%m-%d %H:%M:%S")), flush=True)
    print("training ...", flush=True)
lossf = torch.nn.CrossEntropyLoss()
kept = []
t_last = time.time()
fwd_t = comm_t = 0.0
tot_loss = 0.0
for it in range(start + 1, args.train_iters + 1):
    x, y = batch(it, rank, bs=args.micro_batch_size)
    t0 = time.time()
    out = model(x)
    loss = lossf(out.reshape(-1, out.shape[-1]), y.reshape(-1))
    opt.zero_grad()
    loss.backward()
    if args.keep_activations_for_debug:
        kept.append(torch.randn(6 * 2**20 // 4) + out.detach().mean())  # ~6 MB / iter
    t1 = time.time()
    allreduce_grads(model, world)
    if args.payload_mb:
        buf = torch.ones(int(args.payload_mb * 2**20 / 4))
        dist.all_reduce(buf)
    t2 = time.time()
    opt.step()
    fwd_t += t1 - t0
    comm_t += t2 - t1
    tot_loss += loss.item()
    if it % args.log_interval == 0:
        el = (time.time() - t_last) * 1000 / args.log_interval
        if rank == 0:
            print(" iteration {:8d}/{:8d} | consumed samples: {:12d} | elapsed time per iteration (ms): {:.1f} | "
                  "learning rate: {:.3E} | global batch size: {:5d} | lm loss: {:.6E} | loss scale: 1.0 | "
                  "grad norm: {:.3f} | number of skipped iterations:   0 | number of nan iterations:   0 |".format(
                      it, args.train_iters, it * args.micro_batch_size * world, el, args.lr,
                      args.micro_batch_size * world, tot_loss / args.log_interval,
                      float(torch.nn.utils.clip_grad_norm_(model.parameters(), 1e9))), flush=True)
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print("[Rank {}] (after {} iterations) memory (MB) | max rss: {:.1f} | "
              "forward-backward: {:.1f} | all-grads-sync: {:.1f}".format(
                  rank, it, rss, fwd_t * 1000 / args.log_interval, comm_t * 1000 / args.log_interval), flush=True)
        fwd_t = comm_t = tot_loss = 0.0
        t_last = time.time()
    if args.save and args.save_interval and it % args.save_interval == 0:
        if rank == 0:
            d = os.path.join(args.save, "iter_{:07d}".format(it), "mp_rank_00")
            os.makedirs(d, exist_ok=True)
            torch.save({"model": model.state_dict(), "optimizer": opt.state_dict(), "iteration": it,
                        "args": vars(args)}, os.path.join(d, "model_optim_rng.pt"))
            open(os.path.join(args.save, "latest_checkpointed_iteration.txt"), "w").write(str(it))
            print("  successfully saved checkpoint from iteration {:7d} to {}".format(it, args.save), flush=True)
        dist.barrier()
dist.barrier()
if rank == 0:
    print("[after training is done] datetime: {}".format(time.strftime("%Y-%m-%d %H:%M:%S")), flush=True)
dist.destroy_process_group()
