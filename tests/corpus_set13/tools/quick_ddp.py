# quick_ddp.py -- "just get it running" script, prints everywhere
import os, sys, time, ctypes
import datetime
import torch
import torch.nn as nn
import torch.distributed as dist

MODE = sys.argv[1] if len(sys.argv) > 1 else "train"
STEPS = int(os.environ.get("STEPS", "30"))

dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=int(os.environ.get("PG_TIMEOUT", "30"))))
rank = dist.get_rank()
world = dist.get_world_size()
print(f"rank {rank}/{world} up on {os.uname().nodename} pid {os.getpid()}", flush=True)

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(256, 512), nn.ReLU(), nn.Linear(512, 256))
model = nn.parallel.DistributedDataParallel(model)
opt = torch.optim.SGD(model.parameters(), lr=0.01)

_f = os.environ.get("_SIMFAULT", "")  # harness-only fault switch (never printed)
_fault_kind, _, _fault_arg = _f.partition("@")

preds_for_report = []   # keep eval predictions for the end-of-run report
for step in range(STEPS):
    x = torch.randn(64, 256)
    loss = (model(x) - x).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    if rank == 0:
        print(f"step {step} loss {loss.item():.4f}", flush=True)

    if MODE == "report" and rank == 0:
        # eval batch predictions, kept around for the final report
        with torch.no_grad():
            preds_for_report.append(model.module(torch.randn(8192, 256)) * 1.0)
            preds_for_report.append(torch.randn(8192, 1024))

    if _fault_kind == "segv" and step == int(_fault_arg) and os.environ.get("LOCAL_RANK") == "1":
        ctypes.string_at(0)   # native crash
    if _fault_kind == "stall" and step == int(_fault_arg.split(":")[0]) and rank == int(_fault_arg.split(":")[1]):
        time.sleep(3600)

    if MODE == "barrier" and step % 10 == 9:
        # make sure everyone finished the chunk before rank 0 writes the summary
        dist.monitored_barrier(timeout=datetime.timedelta(seconds=20))
        if rank == 0:
            print(f"chunk ending at step {step} done on all ranks", flush=True)

    if MODE == "retrieval" and step == 12:
        # recall@k on the full candidate pool (rank 0 only, others wait at the barrier)
        if rank == 0:
            cand = torch.randn(200_000, 256)
            print("computing full similarity matrix for recall@k ...", flush=True)
            sims = torch.empty(cand.shape[0], cand.shape[0])
            sims = torch.mm(cand, cand.T, out=sims)
            print("recall@10", (sims.topk(10).indices == 0).float().mean().item())
        dist.barrier()
    time.sleep(0.1)

dist.barrier()
print(f"rank {rank} finished", flush=True)
dist.destroy_process_group()
