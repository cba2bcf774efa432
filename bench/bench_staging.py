"""The copy alone: Checkpointer.save against DCP's DefaultStager, side by side, without DCP's
writer or kintsugi's peers and storage (every background write is waited for before the next
timed call).

Two processes on this machine stage the same size at the same moment, as two ranks of a node
do; each method runs once per round, alternating, and the median per method is printed with
the ratio. DCP's stager is configured as its process-based writer uses it on a CPU host
(shared memory, synchronous staging).

    python bench/bench_staging.py [--mb 256] [--tensors 8] [--rounds 8] [--procs 2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import torch
import torch.multiprocessing as mp


def worker(
    index: int, mb: int, tensors: int, rounds: int, procs: int, start: float, out: str
) -> None:
    torch.set_num_threads(1)
    os.environ.update(LOCAL_WORLD_SIZE=str(procs), KINTSUGI_NODE=f"staging{index}")
    from torch.distributed.checkpoint.staging import DefaultStager, StagingOptions

    import kintsugi

    per = mb * (1 << 20) // 4 // tensors
    state = {f"w{i}": torch.randn(per) for i in range(tensors)}
    root = tempfile.mkdtemp(prefix="kintsugi-staging-")
    ck = kintsugi.Checkpointer(root, replicas=0, interval=None, keep=1)
    stager = DefaultStager(StagingOptions(False, True, False, False))
    step = iter(range(1, 10_000))

    def ks() -> None:
        ck.save(next(step), state)

    def dcp() -> None:
        stager.stage(state)

    methods = {"kintsugi": (ks, ck.wait), "dcp_stager": (dcp, lambda: None)}
    first = {}
    for name, (fn, after) in methods.items():
        t0 = time.perf_counter()
        fn()
        first[name] = time.perf_counter() - t0
        after()
    while time.time() < start:  # both processes begin the timed rounds together
        time.sleep(0.001)
    times: dict[str, list[float]] = {n: [] for n in methods}
    for r in range(rounds):
        for name in list(methods)[r % 2 :] + list(methods)[: r % 2]:
            fn, after = methods[name]
            t0 = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t0)
            after()
            time.sleep(0.05)
    ck.close()
    stager.close()
    Path(out, f"{index}.json").write_text(json.dumps({"first": first, "times": times}))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--mb", type=int, default=256)
    p.add_argument("--tensors", type=int, default=8, help="the state's tensors, equal sizes")
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--procs", type=int, default=2)
    a = p.parse_args()
    out = tempfile.mkdtemp(prefix="kintsugi-staging-out-")
    start = time.time() + 15
    mp.start_processes(
        worker,
        args=(a.mb, a.tensors, a.rounds, a.procs, start, out),
        nprocs=a.procs,
        start_method="spawn",
    )
    runs = [json.loads(Path(out, f"{i}.json").read_text()) for i in range(a.procs)]
    med: dict[str, float] = {}
    for name in ("kintsugi", "dcp_stager"):
        per_round = [max(r["times"][name][k] for r in runs) for k in range(a.rounds)]
        med[name] = statistics.median(per_round)
        firsts = max(r["first"][name] for r in runs)
        print(
            f"{a.mb} MB in {a.tensors} tensors x {a.procs} procs  {name:<11} "
            f"first {firsts:.3f} s  warm {med[name]:.3f} s"
        )
    print(f"kintsugi / DCP stager, warm: {med['kintsugi'] / med['dcp_stager']:.2f}x")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
