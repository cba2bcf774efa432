"""Throughput of ``kintsugi diagnose`` on a large bundle, against ``grep -c`` on the same files.

Generates a bundle of about ``--mb`` MB (default 1024) in a temporary directory: many nodes,
rank logs of ordinary training chatter with a few failure lines buried deep, plus kernel logs.
Usage: ``python bench/bench_diagnose.py [--mb 1024] [--nodes 16] [--ranks 8]``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHATTER = (
    "[rank{r}] 2024-06-01 10:{m:02d}:{s:02d},{ms:03d} INFO trainer.py:412 step {step} loss "
    "{loss:.4f} lr 3.0e-04 grad_norm 0.{g:04d} tokens/s {tps} mfu 0.43 mem 61.2GiB\n",
    "[rank{r}] 2024-06-01 10:{m:02d}:{s:02d},{ms:03d} INFO dataloader.py:88 prefetched shard "
    "{step} (1024 samples) in 0.{g:04d}s\n",
    "node{n}:{pid}:{pid} [{r}] NCCL INFO Channel {c:02d}/32 : {r}[{r}] -> {q}[{q}] via P2P/IPC\n",
)
GREP = r"Xid|Error|Traceback|NCCL WARN|Killed|Segmentation|nan"


def block(n: int, r: int, lines: int, start: int) -> str:
    out = []
    for i in range(lines):
        step = start + i
        out.append(
            CHATTER[i % 3].format(
                r=r,
                n=n,
                m=(step // 60) % 60,
                s=step % 60,
                ms=i % 1000,
                step=step,
                loss=2.5 - (step % 1000) * 1e-4,
                g=(step * 7) % 10000,
                tps=51000 + step % 997,
                pid=1000 + r,
                c=i % 32,
                q=(r + 1) % 8,
            )
        )
    return "".join(out)


def generate(root: Path, total_mb: int, nodes: int, ranks: int) -> int:
    per_file = total_mb * (1 << 20) // (nodes * ranks)
    chunk = None
    written = 0
    for n in range(nodes):
        node = root / f"node-{n:03d}"
        node.mkdir(parents=True)
        for r in range(ranks):
            g = n * ranks + r
            chunk = block(n, g, 20000, g * 100).encode()
            with (node / f"rank{g}.log").open("wb") as f:
                size = 0
                while size < per_file:
                    f.write(chunk)
                    size += len(chunk)
                if n == nodes // 2 and r == 3:
                    f.write(b"[rank%d]: Traceback (most recent call last):\n" % g)
                    f.write(
                        b'[rank%d]:   File "/opt/conda/lib/python3.11/site-packages/torch/'
                        b'distributed/distributed_c10d.py", line 2501, in all_reduce\n' % g
                    )
                    f.write(
                        b"[rank%d]: torch.distributed.DistBackendError: NCCL error: remote "
                        b"process exited or there was a network error\n" % g
                    )
                elif r == 0:
                    f.write(
                        b"[rank%d]:[E601 10:10:00.1 ProcessGroupNCCL.cpp:616] [Rank %d] "
                        b"Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, "
                        b"OpType=ALLREDUCE) ran for 600043 milliseconds before timing out.\n"
                        % (g, g)
                    )
                written += size
        dmesg = "".join(f"[{i}.000001] eth0: renamed from veth{i}\n" for i in range(2000))
        if n == nodes // 2:
            dmesg += "[ 9001.1] NVRM: Xid (PCI:0000:3b:00): 79, pid=4821, name=python, GPU has "
            dmesg += "fallen off the bus.\n"
        (node / "dmesg.txt").write_text(dmesg)
    return written


def timed(cmd: list[str]) -> tuple[float, str]:
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, check=False)
    return time.perf_counter() - t, p.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mb", type=int, default=1024)
    ap.add_argument("--nodes", type=int, default=16)
    ap.add_argument("--ranks", type=int, default=8)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="kintsugi-bench-"))
    try:
        t = time.perf_counter()
        size = generate(tmp / "bundle", args.mb, args.nodes, args.ranks)
        mb = size / (1 << 20)
        print(
            f"generated {mb:.0f} MB in {args.nodes * args.ranks} rank logs "
            f"({time.perf_counter() - t:.1f}s)"
        )
        # warm the page cache so both tools read from memory
        timed(["grep", "-rc", "zzzzqqq", str(tmp / "bundle")])
        g, _ = timed(["grep", "-rcE", GREP, str(tmp / "bundle")])
        d, out = timed(
            [sys.executable, "-m", "kintsugi.cli", "diagnose", "--json", str(tmp / "bundle")]
        )
        verdict = json.loads(out)
        print(f"verdict: {verdict['category']} culprit {verdict['culprit']} -> {verdict['action']}")
        print(f"kintsugi diagnose: {d:6.2f}s  {mb / d:7.0f} MB/s")
        print(f"grep -rcE:         {g:6.2f}s  {mb / g:7.0f} MB/s")
        print(f"ratio diagnose/grep: {d / g:.1f}x")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
