"""Throughput of ``kintsugi diagnose`` on a large bundle, against ``grep -c`` on the same files.

Generates a bundle of about ``--mb`` MB (default 1024) in a temporary directory: many nodes,
rank logs of ordinary training chatter with a few failure lines buried deep, plus kernel logs.
Also times a log where every line matches a signature (``--spam-mb``, default 60: findings
are capped, so time and memory stay bounded) and, with ``--baseline SRC``, the same commands
with another checkout's ``src`` (e.g. main's) side by side.
Usage: ``python bench/bench_diagnose.py [--mb 1024] [--nodes 16] [--ranks 8] [--spam-mb 60]
[--baseline /work/main/src]``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
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


def timed(cmd: list[str], src: str | None = None) -> tuple[float, str]:
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    return time.perf_counter() - t, p.stdout


def diagnose(bundle: Path, src: str | None) -> tuple[float, str, float]:
    """Seconds, verdict line and peak RSS (MB) of one ``kintsugi diagnose --json`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    d, out = timed([sys.executable, "-m", "kintsugi.cli", "diagnose", "--json", str(bundle)], src)
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    try:
        v = json.loads(out)
        verdict = f"{v['category']} culprit {v['culprit']} -> {v['action']}"
    except (ValueError, KeyError):
        verdict = "no verdict (crashed)"
    # ru_maxrss is the largest child so far: only a new maximum is attributable to this run
    return d, verdict, max(rss, before) / 1024 if rss > before else float("nan")


def spam(root: Path, mb: int) -> int:
    """A log where every line matches (a CUDA error repeated by 64 ranks), plus an XID."""
    (root / "node-a").mkdir(parents=True)
    (root / "node-b").mkdir(parents=True)
    line = "[rank{r}]: RuntimeError: CUDA error: an illegal memory access was encountered\n"
    block = "".join(line.format(r=i % 64) for i in range(4096)).encode()
    with (root / "node-a" / "rank.log").open("wb") as f:
        size = 0
        while size < mb << 20:
            f.write(block)
            size += len(block)
    (root / "node-b" / "dmesg.txt").write_text(
        "[ 99.1] NVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=python, GPU has fallen off the bus.\n"
    )
    return size


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mb", type=int, default=1024)
    ap.add_argument("--nodes", type=int, default=16)
    ap.add_argument("--ranks", type=int, default=8)
    ap.add_argument("--spam-mb", type=int, default=60)
    ap.add_argument("--baseline", default=None, help="another checkout's src directory")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="kintsugi-bench-"))
    srcs = {"this": str(Path(__file__).resolve().parents[1] / "src")}
    if args.baseline:
        srcs["baseline"] = args.baseline
    try:
        t = time.perf_counter()
        size = generate(tmp / "bundle", args.mb, args.nodes, args.ranks)
        mb = size / (1 << 20)
        print(
            f"generated {mb:.0f} MB in {args.nodes * args.ranks} rank logs "
            f"({time.perf_counter() - t:.1f}s)"
        )
        # warm the page cache so every tool reads from memory
        timed(["grep", "-rc", "zzzzqqq", str(tmp / "bundle")])
        g, _ = timed(["grep", "-rcE", GREP, str(tmp / "bundle")])
        print(f"grep -rcE:                {g:6.2f}s  {mb / g:7.0f} MB/s")
        res = {}
        for name, src in srcs.items():
            d, verdict, _ = diagnose(tmp / "bundle", src)
            res[name] = d
            print(
                f"kintsugi diagnose ({name:8}) {d:6.2f}s  {mb / d:7.0f} MB/s  ratio to grep "
                f"{d / g:.1f}x  verdict: {verdict}"
            )
        if "baseline" in res:
            print(f"throughput this/baseline: {res['baseline'] / res['this']:.2f}")
        if args.spam_mb:
            smb = spam(tmp / "spam", args.spam_mb) / (1 << 20)
            timed(["grep", "-rc", "zzzzqqq", str(tmp / "spam")])
            for name, src in srcs.items():
                d, verdict, rss = diagnose(tmp / "spam", src)
                print(
                    f"every line matches, {smb:.0f} MB ({name:8}): {d:6.2f}s  peak RSS "
                    f"{rss:6.0f} MB  verdict: {verdict}"
                )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
