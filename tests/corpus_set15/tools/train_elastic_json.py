#!/usr/bin/env python
"""speech-ctc-small: DDP trainer with structured (one JSON object per line) logging.

The entrypoint is wrapped with torch.distributed.elastic's @record so that an uncaught
exception is written to the error file torchrun reports.
"""
import argparse
import datetime
import json
import logging
import os
import socket
import sys
import time
import traceback

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed.elastic.multiprocessing.errors import record
from torch.nn.parallel import DistributedDataParallel as DDP


class JsonFormatter(logging.Formatter):
    def __init__(self):
        super().__init__()
        self.host = socket.gethostname()
        self.rank = int(os.environ.get("RANK", -1))
        self.local_rank = int(os.environ.get("LOCAL_RANK", -1))

    def format(self, rec):
        d = {"ts": datetime.datetime.fromtimestamp(rec.created, datetime.timezone.utc).isoformat(timespec="milliseconds"),
             "level": rec.levelname.lower(), "logger": rec.name, "host": self.host, "rank": self.rank,
             "local_rank": self.local_rank, "pid": os.getpid(), "msg": rec.getMessage()}
        d.update(getattr(rec, "fields", {}))
        if rec.exc_info:
            d["exc_type"] = rec.exc_info[0].__name__
            d["exc"] = "".join(traceback.format_exception(*rec.exc_info))
        return json.dumps(d)


def get_logger(path):
    lg = logging.getLogger("trainer")
    lg.setLevel(logging.INFO)
    fmt = JsonFormatter()
    sh = logging.StreamHandler(sys.stdout)
    sh.setFormatter(fmt)
    lg.addHandler(sh)
    if path:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fh = logging.FileHandler(path)
        fh.setFormatter(fmt)
        lg.addHandler(fh)
    return lg


def log(lg, msg, level=logging.INFO, **fields):
    lg.log(level, msg, extra={"fields": fields})


class ConvCTC(nn.Module):
    def __init__(self, n_mels=40, d=96, vocab=32):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(n_mels, d, 5, padding=2), nn.GELU(),
                                  nn.Conv1d(d, d, 5, padding=2, stride=2), nn.GELU())
        self.rnn = nn.GRU(d, d, batch_first=True)
        self.out = nn.Linear(d, vocab)

    def forward(self, x):
        h = self.conv(x.transpose(1, 2)).transpose(1, 2)
        h, _ = self.rnn(h)
        return self.out(h).log_softmax(-1)


def synth_batch(g, bs, T=120, n_mels=40, U=20, vocab=32):
    x = torch.randn(bs, T, n_mels, generator=g)
    y = torch.randint(1, vocab, (bs, U), generator=g)
    return x, y


@record
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--eval-every", type=int, default=10)
    ap.add_argument("--eval-batches", type=int, default=4)
    ap.add_argument("--log-file", default="")
    ap.add_argument("--pg-timeout", type=int, default=60)
    ap.add_argument("--keep-eval-outputs", action="store_true",
                    help="keep eval log-probs on rank 0 for the WER report at the end")
    ap.add_argument("--report-every", type=int, default=5)
    args = ap.parse_args()

    lg = get_logger(args.log_file.format(rank=os.environ.get("RANK", 0), host=socket.gethostname()))
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.pg_timeout))
    rank, world = dist.get_rank(), dist.get_world_size()
    log(lg, "process group initialized", backend="gloo", world_size=world,
        master=f"{os.environ.get('MASTER_ADDR')}:{os.environ.get('MASTER_PORT')}",
        restart_count=int(os.environ.get("TORCHELASTIC_RESTART_COUNT", 0)))
    torch.manual_seed(0)
    model = DDP(ConvCTC())
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    ctc = nn.CTCLoss(zero_infinity=True)
    g = torch.Generator().manual_seed(100 + rank)
    eval_outputs = []
    log(lg, "training start", steps=args.steps, batch_size=args.batch_size,
        params=sum(p.numel() for p in model.parameters()))
    t_step = time.perf_counter()
    fwd_acc = 0.0
    for step in range(1, args.steps + 1):
        t0 = time.perf_counter()
        x, y = synth_batch(g, args.batch_size)
        lp = model(x)
        in_len = torch.full((x.shape[0],), lp.shape[1], dtype=torch.long)
        tgt_len = torch.full((x.shape[0],), y.shape[1], dtype=torch.long)
        loss = ctc(lp.transpose(0, 1), y, in_len, tgt_len)
        t_fwd = time.perf_counter()
        loss.backward()
        t_bwd = time.perf_counter()
        opt.step()
        opt.zero_grad()
        fwd = t_fwd - t0
        fwd_acc = fwd_acc + fwd
        if step % args.report_every == 0:
            stats = torch.tensor([loss.item(), fwd_acc / args.report_every])
            allstats = [torch.zeros(2) for _ in range(world)]
            dist.all_gather(allstats, stats)
            dt = (time.perf_counter() - t_step) / args.report_every
            t_step = time.perf_counter()
            comp = [round(s[1].item(), 4) for s in allstats]
            log(lg, "step", step=step, loss=round(loss.item(), 4), step_time_s=round(dt, 4),
                fwd_s=round(fwd_acc / args.report_every, 4), fwd_s_by_rank=comp,
                slowest_rank=int(torch.tensor(comp).argmax()))
            fwd_acc = 0.0
        if step % args.eval_every == 0:
            model.eval()
            with torch.no_grad():
                tot = torch.zeros(2)
                for _ in range(args.eval_batches):
                    ex, ey = synth_batch(g, args.batch_size * 4)
                    elp = model(ex)
                    tot += torch.tensor([ctc(elp.transpose(0, 1), ey,
                                             torch.full((ex.shape[0],), elp.shape[1], dtype=torch.long),
                                             torch.full((ex.shape[0],), ey.shape[1], dtype=torch.long)).item(), 1])
                    if args.keep_eval_outputs:
                        # gather every rank's log-probs on rank 0 for the final WER report
                        buf = [torch.empty_like(elp) for _ in range(world)] if rank == 0 else None
                        dist.gather(elp.contiguous(), buf, dst=0)
                        if rank == 0:
                            eval_outputs.extend(b.repeat(1, 1, 8) for b in buf)
                dist.all_reduce(tot)
            model.train()
            log(lg, "eval", step=step, val_loss=round((tot[0] / tot[1]).item(), 4),
                kept_eval_tensors=len(eval_outputs))
    log(lg, "training done", steps=args.steps)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
