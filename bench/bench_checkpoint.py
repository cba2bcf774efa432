"""Checkpoint cost side by side: kintsugi.Checkpointer against clone(), torch.save and DCP.

Two ranks (gloo), each its own simulated node so that replicas cross "nodes". Per state size:
the time ``save`` blocks the training loop (the first call, each method's from a settled
machine; warm: the median of ``--rounds`` interleaved rounds, every method once per round, so
that noise from elsewhere falls on all alike), against (a) an in-memory
``clone()`` of the same state, the floor; (b) ``torch.save`` to the same disk, fsynced; (c)
DCP ``async_save`` in three configurations, timed until the state may be modified again.
Then ``restore(into=state)`` from each tier: this node's memory, a peer's memory, and storage
(page cache evicted), also with reads capped at a rank's share of a shared filesystem at scale
(``--storage-mbps``, a cgroup-v1 blkio limit); the extra host memory, and the step-time
overhead at the interval ``auto`` picks for a realistic failure rate.

    python bench/bench_checkpoint.py            # quick: 64 and 256 MB per rank
    python bench/bench_checkpoint.py --full     # 64 MB, 256 MB and 1 GB per rank
    python bench/bench_checkpoint.py --full --device cuda   # the state on the GPU

With ``--device cuda`` both ranks keep their state on GPU ``LOCAL_RANK % device_count`` (one
GPU serves both on a one-GPU machine); the floor is then the device-side ``clone()``, and
``d2h_pinned`` adds the hardware's floor for getting the state off the device: a copy into
host memory pinned beforehand. Every timing synchronizes the device before it stops.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

LLAMA3_MTBF_S = 3.09 * 3600
"""One interruption every ~3.09 h (Llama 3, 16,384 GPUs): a realistic large-job rate."""
SHARE_MBPS = 2e6 / 16384
"""Llama 3's storage sustained 2 TB/s for 16,384 GPUs: about 122 MB/s per GPU at scale."""
BLKIO = Path("/sys/fs/cgroup/blkio")


def throttle_group(root: Path, mbps: float) -> Path | None:
    """A cgroup-v1 blkio group capping reads from ``root``'s disk at ``mbps`` (root only)."""
    st = os.stat(root)
    group = BLKIO / f"kintsugi-bench-{os.getpid()}"
    try:
        group.mkdir()
        (group / "blkio.throttle.read_bps_device").write_text(
            f"{os.major(st.st_dev)}:{os.minor(st.st_dev)} {int(mbps * 1e6)}"
        )
    except OSError as e:
        print(f"no throttled storage figure: {e}", file=sys.stderr)
        with contextlib.suppress(OSError):
            group.rmdir()
        return None
    return group


def join_group(group: Path) -> None:
    (group / "cgroup.procs").write_text(str(os.getpid()))


DEVICE = "cpu"
"""Where the benchmarked state lives (``--device``); set in each worker."""


def make_state(mb: int, n: int) -> dict[str, Any]:
    per = mb * (1 << 20) // 4 // n
    g = torch.Generator().manual_seed(0)
    model = {f"w{i}": torch.randn(per, generator=g).to(DEVICE) for i in range(n)}
    return {"model": model, "step": 0}


def sync() -> None:
    if DEVICE != "cpu":
        torch.cuda.synchronize()


def note(msg: str) -> None:
    if dist.get_rank() == 0:
        print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def rank_max(x: float) -> float:
    t = torch.tensor([x], dtype=torch.float64)
    dist.all_reduce(t, op=dist.ReduceOp.MAX)
    return float(t.item())


class MethodFailed(Exception):
    """A method raised on some rank (a DCP configuration this torch cannot run, say)."""


def timed(fn: Any) -> float:
    """Seconds ``fn`` took on the slowest rank; MethodFailed on every rank if it raised on any."""
    sync()
    dist.barrier()
    return agreed(fn)


def agreed(fn: Any) -> float:
    """Runs ``fn`` (and waits for the device); its seconds on the slowest rank, or
    MethodFailed on every rank if it raised on any (a DCP upload failing in its drain, say)."""
    t0 = time.perf_counter()
    err: BaseException | None = None
    try:
        fn()
        sync()
    except Exception as e:  # noqa: BLE001 - any method failure is reported, not fatal
        err = e
    dt = time.perf_counter() - t0
    if rank_max(1.0 if err is not None else 0.0):
        raise MethodFailed(f"{type(err).__name__}: {err}" if err else "raised on another rank")
    return rank_max(dt)


def settle() -> None:
    """Every method's first call starts from the same state: dirty pages written back and the
    page cache dropped (as root), so that no first call pays for the previous method's
    writeback or reclaim."""
    os.sync()
    if dist.get_rank() == 0:
        with contextlib.suppress(OSError):
            Path("/proc/sys/vm/drop_caches").write_text("1")
    dist.barrier()


def first_and_warm(fn: Any, after: Any = None, warm: int = 2) -> tuple[float, float]:
    settle()
    times = []
    for _ in range(1 + warm):
        times.append(timed(fn))
        if after is not None:
            after()
    return times[0], statistics.median(times[1:])


def bench_size(
    mb: int, root: Path, rank: int, group: Path | None, rounds: int, tensors: int
) -> dict[str, Any]:
    import torch.distributed.checkpoint as dcp
    from torch.distributed.checkpoint.staging import DefaultStager, StagingOptions
    from torch.distributed.checkpoint.state_dict_saver import AsyncCheckpointerType

    import kintsugi

    state = make_state(mb, tensors)
    out: dict[str, Any] = {"mb": mb}
    keep: list[Any] = []
    methods: dict[str, tuple[Any, Any]] = {}

    def clone() -> None:
        keep.append({k: v.clone() for k, v in state["model"].items()})

    methods["clone"] = (clone, keep.clear)
    if DEVICE != "cpu":
        host = {
            k: torch.empty_like(v, device="cpu").pin_memory() for k, v in state["model"].items()
        }

        def d2h_pinned() -> None:
            for k, v in state["model"].items():
                host[k].copy_(v, non_blocking=True)

        methods["d2h_pinned"] = (d2h_pinned, lambda: None)
    ck = kintsugi.Checkpointer(root / f"ks{mb}", replicas=1, interval=None, keep=2)
    step = iter(range(1, 10_000))
    methods["kintsugi"] = (lambda: ck.save(next(step), state), ck.wait)

    pinned = torch.cuda.is_available()  # pinned host memory needs CUDA; none on this machine
    configs = {
        "dcp_thread": {},
        "dcp_process": {
            "async_checkpointer_type": AsyncCheckpointerType.PROCESS,
            "async_stager": DefaultStager(
                StagingOptions(pinned, True, False, pinned)  # shared memory, synchronous staging
            ),
        },
        "dcp_process_async_staging": {
            "async_checkpointer_type": AsyncCheckpointerType.PROCESS,
            "async_stager": DefaultStager(StagingOptions(pinned, True, True, pinned)),
        },
    }
    # DCP's background collectives need their own group: the timing collectives use the default.
    dcp_pg = dist.new_group(backend="gloo")
    for name, kw in configs.items():
        kw = {**kw, "process_group": dcp_pg}
        pending: list[Any] = []

        def save(kw: dict[str, Any] = kw, name: str = name, p: Any = pending) -> None:
            # One checkpoint id per method: the previous save has finished before the next.
            r = dcp.async_save({"model": state["model"]}, checkpoint_id=root / name, **kw)
            # Blocking ends when the state may change again: for async staging, once staged.
            if hasattr(r, "staging_completion"):
                r.staging_completion.result()
                p.append(r.upload_completion)
            else:
                p.append(r)

        def drain(p: Any = pending) -> None:
            while p:
                p.pop().result()

        methods[name] = (save, drain)

    # First calls one after another, each from a settled machine (page cache dropped).
    first: dict[str, float] = {}
    failed: dict[str, str] = {}
    for name, (fn, after) in methods.items():
        note(f"{mb} MB: {name}, first call")
        settle()
        try:
            first[name] = timed(fn)
            agreed(after)
        except MethodFailed as e:
            failed[name] = str(e)
    # Warm calls interleaved: each round runs every method once, starting from another one,
    # so that whatever else the machine does falls on all of them alike.
    note(f"{mb} MB: {rounds} rounds of warm calls")
    warm: dict[str, list[float]] = {name: [] for name in methods}
    for r in range(rounds):
        names = [n for n in methods if n not in failed]
        for name in names[r % len(names) :] + names[: r % len(names)]:
            fn, after = methods[name]
            try:
                warm[name].append(timed(fn))
                agreed(after)
            except MethodFailed as e:
                failed[name] = str(e)
    for name in methods:
        if name in failed:
            note(f"{mb} MB: {name} failed: {failed[name]}")
            out[name] = failed[name]
        else:
            out[name] = (first[name], statistics.median(warm[name]))
    keep.clear()
    for name in configs:
        shutil.rmtree(root / name, ignore_errors=True)
    t_dur = timed(lambda: (ck.save(next(step), state), ck.wait()))
    out["kintsugi_durable_s"] = t_dur

    # Restore through the real path, into the live state (no copy of it allocated), from
    # each tier in turn: this node's memory, the other node's holder, storage (page cache
    # evicted first: a cold read, as after a crash).
    def evict() -> None:
        for f in Path(ck.root).glob(f"step_*/rank_{rank:05d}.bin"):
            fd = os.open(f, os.O_RDONLY)
            os.fsync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            os.close(fd)

    def load(tier: str) -> None:
        r = ck.restore(into=state, tiers=(tier,))
        assert r is not None and r.tier == tier, (tier, r and r.tier)

    note(f"{mb} MB: restore")
    for tier in ("memory", "peer", "storage"):
        if tier == "storage":
            evict()
        out[f"restore_{tier}"] = timed(lambda tier=tier: load(tier))
        ck.wait()  # a restage re-replicates in the background: not part of the next figure
    if group is not None:  # storage read at a rank's share of a shared filesystem at scale
        evict()
        join_group(group)
        try:
            out["restore_storage_shared"] = timed(lambda: load("storage"))
        finally:
            join_group(BLKIO)
    dist.barrier()  # every rank's background (copies into this node's holder) has finished
    shm = sum(p.stat().st_size for p in Path(ck.node_dir or ".").glob("*") if p.is_file())
    out["host_memory_x"] = rank_max(shm / (mb * (1 << 20)))
    ck.close()
    shutil.rmtree(root / f"ks{mb}", ignore_errors=True)

    ts = root / f"ts{mb}"
    ts.mkdir(exist_ok=True)
    i = iter(range(100))

    def tsave() -> None:
        with (ts / f"{rank}_{next(i)}.pt").open("wb") as f:
            torch.save(state, f)
            f.flush()
            os.fsync(f.fileno())

    note(f"{mb} MB: torch.save")
    out["torch_save"] = first_and_warm(tsave, warm=1)
    shutil.rmtree(ts, ignore_errors=True)
    return out


def bench_overhead(root: Path) -> dict[str, Any]:
    """Step time with and without the Checkpointer; overhead at the interval auto picks."""
    import kintsugi
    from kintsugi.checkpoint import interval as policy

    torch.manual_seed(0)
    model = torch.nn.Sequential(*[torch.nn.Linear(1024, 1024) for _ in range(6)]).to(DEVICE)
    opt = torch.optim.Adam(model.parameters())
    x = torch.randn(64, 1024, device=DEVICE)

    def train_step() -> None:
        opt.zero_grad()
        model(x).square().mean().backward()
        opt.step()

    for _ in range(3):
        train_step()
    n = 60
    dist.barrier()
    t0 = time.perf_counter()
    for _ in range(n):
        train_step()
    base = rank_max((time.perf_counter() - t0) / n)
    every = 10
    # Called at every step, as documented, with an interval of about ``every`` steps: the
    # Checkpointer then sees which steps ran beside its background work.
    ck = kintsugi.Checkpointer(root / "ovh", replicas=1, interval=every * base, keep=2)
    ck.save(0, {"model": model.state_dict(), "opt": opt.state_dict()})  # first call: allocate
    ck.wait()
    dist.barrier()
    saves = ck.saves
    t0 = time.perf_counter()
    for s in range(1, n + 1):
        train_step()
        ck.save(s, {"model": model.state_dict(), "opt": opt.state_dict()})
    ck.wait()  # background work (peers, storage) counts against the checkpointer
    with_ck = rank_max((time.perf_counter() - t0) / n)
    per_save = (with_ck - base) * n / max(ck.saves - saves, 1)
    blocking, background = ck._blocking_s or 0.0, ck._background_s or 0.0
    ck.close()
    # What ``auto`` converges to on these measurements (its first choices see only the first,
    # page-faulting saves); the live Checkpointer below shows its own first choice.
    choice = policy.choose(
        policy.Measured(
            blocking_s=rank_max(blocking),
            background_s=rank_max(background),
            step_s=base,
            world_size=dist.get_world_size(),
            prior_mtbf_s=LLAMA3_MTBF_S,
        )
    )
    auto = kintsugi.Checkpointer(root / "auto", replicas=1, interval="auto", mtbf_s=LLAMA3_MTBF_S)
    for s in range(8):
        train_step()
        auto.save(s, {"model": model.state_dict(), "opt": opt.state_dict()})
    live = auto.choice
    auto.close()
    state_mb = sum(p.numel() * 4 for p in model.parameters()) * 3 / (1 << 20)
    return {
        "state_mb": state_mb,
        "step_s": base,
        "step_with_saves_s": with_ck,
        "extra_per_save_s": per_save,
        "blocking_s": blocking,
        "background_s": background,
        "auto_interval_s": choice.interval_s,
        "auto_reason": choice.reason,
        "live_auto_first_reason": live.reason if live else None,
        "overhead_at_auto": max(per_save, 0.0) / choice.interval_s,
    }


def worker(
    rank: int,
    ws: int,
    port: int,
    sizes: list[int],
    root: str,
    path: str,
    overhead: bool,
    group: str | None,
    rounds: int,
    tensors: int,
    device: str,
) -> None:
    global DEVICE
    DEVICE = device
    if device == "cuda":
        DEVICE = f"cuda:{rank % torch.cuda.device_count()}"
        torch.cuda.set_device(DEVICE)
    os.environ.update(
        RANK=str(rank),
        WORLD_SIZE=str(ws),
        LOCAL_RANK=str(rank),
        LOCAL_WORLD_SIZE=str(ws),  # both ranks share this machine's cores (copy threads)
        MASTER_ADDR="127.0.0.1",
        MASTER_PORT=str(port),
        KINTSUGI_NODE=f"node{rank}",  # each rank its own simulated node: replicas cross nodes
    )
    torch.set_num_threads(1)  # two ranks on two cores
    dist.init_process_group("gloo")
    data: dict[str, Any] = {"sizes": [], "overhead": None}
    for mb in sizes:
        data["sizes"].append(
            bench_size(mb, Path(root), rank, Path(group) if group else None, rounds, tensors)
        )
        if rank == 0:  # written as it goes: a run cut short still reports what it measured
            Path(path).write_text(json.dumps(data))
    if overhead:
        note("step overhead")
        data["overhead"] = bench_overhead(Path(root))
        if rank == 0:
            Path(path).write_text(json.dumps(data))
    dist.barrier()
    dist.destroy_process_group()


def report(data: dict[str, Any]) -> None:
    print(
        f"{'MB/rank':>8} {'what':<28} {'first s':>9} {'warm s':>9} {'first/clone':>12} {'warm/clone':>11}"
    )
    for r in data["sizes"]:
        c_first, c_warm = r["clone"]
        for name in (
            "clone",
            "d2h_pinned",
            "kintsugi",
            "torch_save",
            "dcp_thread",
            "dcp_process",
            "dcp_process_async_staging",
        ):
            if name not in r:
                continue
            if isinstance(r[name], str):
                print(f"{r['mb']:>8} {name:<28} failed: {r[name][:200]}")
                continue
            f, w = r[name]
            print(
                f"{r['mb']:>8} {name:<28} {f:>9.3f} {w:>9.3f} {f / c_first:>11.2f}x {w / c_warm:>10.2f}x"
            )
        dcp_best = min(min(v) for k, v in r.items() if k.startswith("dcp") and isinstance(v, list))
        print(
            f"{r['mb']:>8} kintsugi worst {max(r['kintsugi']):.3f} s vs best DCP {dcp_best:.3f} s; "
            f"durable after {r['kintsugi_durable_s']:.3f} s; restore memory {r['restore_memory']:.3f} s, "
            f"peer {r['restore_peer']:.3f} s, storage (cold) {r['restore_storage']:.3f} s = "
            f"{r['restore_storage'] / r['restore_peer']:.1f}x peer; host memory {r['host_memory_x']:.2f}x state"
        )
        if "restore_storage_shared" in r:
            t = r["restore_storage_shared"]
            print(
                f"{r['mb']:>8} storage at {data['share_mbps']:.0f} MB/s per rank (cgroup-capped): "
                f"restore {t:.3f} s = {t / r['restore_peer']:.1f}x peer, {t / r['restore_memory']:.1f}x memory"
            )
    o = data["overhead"]
    if o is None:
        return
    print(
        f"step overhead: state {o['state_mb']:.0f} MB/rank, step {o['step_s'] * 1e3:.1f} ms, "
        f"save blocks {o['blocking_s'] * 1e3:.1f} ms, costs {o['extra_per_save_s'] * 1e3:.1f} ms per save "
        f"with its background work; auto interval {o['auto_interval_s']:.1f} s "
        f"-> overhead {o['overhead_at_auto']:.3%}\n  auto: {o['auto_reason']}"
    )


def main() -> None:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--full", action="store_true", help="add 1 GB per rank (needs ~14 GB free)")
    p.add_argument(
        "--sizes", default=None, help="comma-separated MB per rank ('none': step overhead only)"
    )
    p.add_argument("--dir", default=None, help="storage directory (default: a temp dir on /tmp)")
    p.add_argument("--json", default=None, help="also write the raw figures here")
    p.add_argument("--no-overhead", action="store_true", help="skip the step-overhead phase")
    p.add_argument(
        "--storage-mbps",
        type=float,
        default=SHARE_MBPS,
        help="also restore from storage capped at this read bandwidth per rank, a rank's share "
        "of a shared filesystem at scale (default: Llama 3's 2 TB/s / 16,384 GPUs; 0: skip; "
        "needs root and cgroup-v1 blkio)",
    )
    p.add_argument(
        "--rounds", type=int, default=6, help="interleaved rounds of warm calls (median)"
    )
    p.add_argument(
        "--tensors",
        type=int,
        default=8,
        help="tensors per rank's state (equal sizes; a model with its Adam state has hundreds "
        "to thousands)",
    )
    p.add_argument(
        "--device", choices=("cpu", "cuda"), default="cpu", help="where each rank's state lives"
    )
    a = p.parse_args()
    if a.device == "cuda" and not torch.cuda.is_available():
        sys.exit("--device cuda: no CUDA device here")
    sizes = (
        [int(s) for s in a.sizes.split(",") if s.strip() not in ("", "none")]
        if a.sizes
        else [64, 256] + ([1024] if a.full else [])
    )
    root = Path(a.dir or tempfile.mkdtemp(prefix="kintsugi-bench-"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    path = str(root / "result.json")
    data = None
    group = throttle_group(root, a.storage_mbps) if a.storage_mbps > 0 and sizes else None
    try:
        try:
            mp.start_processes(
                worker,
                args=(
                    2,
                    port,
                    sizes,
                    str(root),
                    path,
                    not a.no_overhead,
                    group and str(group),
                    a.rounds,
                    a.tensors,
                    a.device,
                ),
                nprocs=2,
                start_method="spawn",
            )
        finally:
            if Path(path).exists():
                data = json.loads(Path(path).read_text())
    finally:
        with contextlib.suppress(OSError):
            shutil.rmtree(root)
        if group is not None:
            with contextlib.suppress(OSError):
                group.rmdir()
    if data is None:
        sys.exit("no figures: the run ended before the first size finished")
    data["share_mbps"] = a.storage_mbps
    data["device"] = torch.cuda.get_device_name() if a.device == "cuda" else "cpu"
    print(f"state on: {data['device']}")
    report(data)
    if a.json:
        Path(a.json).write_text(json.dumps(data, indent=1))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
