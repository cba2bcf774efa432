"""XID event -> node excluded -> training resumed, in seconds (issue 10).

Three simulated nodes (``kintsugi run`` agents on this host, one rank each, the demo trainer
over gloo) for a 2-node job, rendezvousing through a standalone ``kintsugi rendezvous`` store.
Only g1 sees GPUs: the stand-in ``libnvidia-ml.so.1`` from tests/stand_ins (no GPU here; the
real nvidia-ml-py bindings load it) posts XID 79 on g1 while it trains; g3 waits as a spare
(10 s after its prolog, so that its standbys are warm, as a spare that waited minutes is).
Measured from the moment the XID is posted, from the events the agents record:

- verdict: g1's ``diagnosis`` event (gpu_hardware, culprit g1);
- excluded: g1's ``stop_decided`` (cordoned, it leaves the rendezvous at once);
- resumed: the first ``step`` of the new round on a surviving node.

torchrun has no counterpart to compare with: it does not read NVML, so on a real cluster an XID
79 shows up only as the collective that hangs on the lost GPU, after NCCL's watchdog timeout
(10 minutes by default), and torchrun then restarts on the same node.

    python bench/bench_xid.py [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
from conftest import TINY, TRAIN, node_cmd, rendezvous_server  # noqa: E402
from kintsugi.store import StoreError, open_store  # noqa: E402
from stand_ins.standins import FakeGpus, build_fake_nvml  # noqa: E402

SPARE_WAIT_S = 10.0
"""How long the spare waits (after its prolog) before the XID: long enough to be warm."""


def one_run(tmp: Path, lib: Path) -> dict[str, float]:
    with rendezvous_server() as (_, endpoint):
        return _run(tmp, lib, int(endpoint.rsplit(":", 1)[1]))


def _run(tmp: Path, lib: Path, port: int) -> dict[str, float]:
    run_id, store = f"xid-{uuid.uuid4().hex[:6]}", f"sqlite:///{tmp / 'events.db'}"
    gpus = FakeGpus(lib, tmp / "g1-nvml")

    def node(name: str, env: dict[str, str]) -> subprocess.Popen[str]:
        cmd = node_cmd(
            name, run_id, port, tmp, "--kernel-log", "none",
            str(TRAIN), "--steps", "400", "--ckpt-every", "10", "--step-sleep", "0.05", *TINY,
        )  # fmt: skip
        return subprocess.Popen(
            cmd, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, **env}, cwd=tmp,
        )  # fmt: skip

    def events() -> list[tuple[str, str, float, int | None]]:
        try:
            with open_store(store) as s:
                return [(e.node, e.kind.value, e.ts, e.attempt) for e in s.events(run_id=run_id)]
        except StoreError:
            return []

    def stepping() -> bool:
        return {n for n, k, _, _ in events() if k == "step"} >= {"g1", "g2"}

    procs = [node("g1", gpus.env()), node("g2", {})]
    try:
        deadline = time.monotonic() + 120
        while not stepping():
            if time.monotonic() > deadline:
                raise SystemExit("the job did not start within 120 s")
            time.sleep(0.2)
        procs.append(node("g3", {}))  # the spare
        deadline = time.monotonic() + 120
        while not any(n == "g3" and k == "health_check" for n, k, _, _ in events()):
            if time.monotonic() > deadline:
                raise SystemExit("the spare did not start within 120 s")
            time.sleep(0.2)
        time.sleep(SPARE_WAIT_S)  # a spare waits for minutes in practice: warm by then
        t0 = time.time()
        gpus.xid(gpu=1, xid=79)
        for p in procs:
            p.wait(timeout=300)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    ev = events()
    verdict = next(ts for n, k, ts, _ in ev if n == "g1" and k == "diagnosis")
    left = next(ts for n, k, ts, _ in ev if n == "g1" and k == "stop_decided")
    resumed = min(ts for n, k, ts, a in ev if n != "g1" and k == "step" and ts > left)
    return {"verdict": verdict - t0, "excluded": left - t0, "resumed": resumed - t0}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as d:
        lib = build_fake_nvml(Path(d))
        for i in range(a.runs):
            tmp = Path(d) / f"run{i}"
            tmp.mkdir()
            rows.append(one_run(tmp, lib))
            print(
                f"run {i + 1}: verdict {rows[-1]['verdict']:.2f} s, excluded "
                f"{rows[-1]['excluded']:.2f} s, training resumed {rows[-1]['resumed']:.2f} s"
            )
    print(f"XID 79 posted -> (median of {a.runs} runs, 2-node job + spare, 1 rank per node)")
    for key in ("verdict", "excluded", "resumed"):
        xs = [r[key] for r in rows]
        med, lo, hi = statistics.median(xs), min(xs), max(xs)
        print(f"  {key:<9}: median {med:.2f} s (min {lo:.2f}, max {hi:.2f})")


if __name__ == "__main__":
    main()
