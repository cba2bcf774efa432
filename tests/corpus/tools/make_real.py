"""Regenerates the real-run corpus bundles: real torchrun jobs on this machine that fail.

Each case runs one torchrun agent per simulated node (static rendezvous over 127.0.0.1), with
``--log-dir`` and ``--redirects 3 --tee 3``; the agent console and the rank logs become the
bundle, one sub-directory per node. Usage: ``python tests/corpus/tools/make_real.py [NAME...]``.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES = HERE.parent / "cases"
SCRIPT = HERE / "train_fail.py"


@dataclass
class Case:
    name: str
    mode: str
    label: dict[str, object]
    nodes: tuple[str, ...] = ("node-a",)
    nproc: int = 2
    env: dict[str, str] = field(default_factory=dict)
    max_restarts: int = 0
    attempts: tuple[dict[str, str], ...] = ()
    """Several real runs of the same job, saved as attempt_N/ above the node level."""


def _null(category: str, action: str = "stop") -> dict[str, object]:
    return {"category": category, "culprit": None, "action": action}


def _at(category: str, node: str, rank: int | None, action: str) -> dict[str, object]:
    return {"category": category, "culprit": {"node": node, "rank": rank}, "action": action}


AB = ("node-a", "node-b")
CASES_REAL = [
    Case("real_zerodiv_2nodes", "zerodiv", _null("user_code"), AB, env={"FAIL_RANK": "3"}),
    Case("real_keyerror", "keyerror", _null("user_code")),
    Case("real_indexerror", "indexerror", _null("user_code")),
    Case("real_filenotfound", "filenotfound", _null("user_code")),
    Case("real_assert", "assert", _null("user_code"), env={"FAIL_RANK": "0"}),
    Case("real_valueerror_2nodes", "valueerror", _null("user_code"), AB, env={"FAIL_RANK": "2"}),
    Case("real_typeerror", "typeerror", _null("user_code")),
    Case("real_shape_mismatch", "shape", _null("user_code", "stop")),
    Case("real_permission", "permission", _null("user_code")),
    Case("real_syntax", "syntax", _null("user_code"), nproc=1),
    Case("real_import_module", "import", _null("dependency")),
    Case("real_import_name", "importname", _null("dependency"), AB, nproc=1),
    Case("real_oom_cpu_alloc", "oom_host", _null("oom")),
    Case("real_memoryerror", "memoryerror", _null("oom"), env={"FAIL_RANK": "0"}),
    Case("real_segfault", "segfault", _at("user_code", "node-a", 1, "restart")),
    Case(
        "real_sigabrt",
        "sigabrt",
        _at("user_code", "node-b", 2, "restart"),
        AB,
        env={"FAIL_RANK": "2"},
    ),
    Case("real_sigkill", "sigkill", _at("host", "node-a", 1, "restart")),
    Case("real_exit1", "exit1", _at("unknown", "node-a", 1, "restart")),
    Case(
        "real_dataloader_killed",
        "dataloader",
        {"category": "oom", "culprit": None, "action": "stop"},
        env={"FAIL_RANK": "0"},
    ),
    Case(
        "real_enospc",
        "enospc",
        _at("storage", "node-b", 3, "restart_without_node"),
        AB,
        env={"FAIL_RANK": "3"},
    ),
    Case(
        "real_hang_gloo_timeout",
        "hang",
        _at("hang", "node-b", 3, "run_diagnostics"),
        AB,
        env={"FAIL_RANK": "3"},
    ),
    Case("real_sigstop_hang", "sigstop", _at("hang", "node-a", 1, "run_diagnostics")),
    Case("real_nan_all_nodes", "nan_all", _null("numerical"), AB, env={"FAIL_STEP": "4"}),
    Case(
        "real_nan_follows_node",
        "nan_node",
        _at("numerical", "node-b", None, "restart_without_node"),
        AB,
        env={"FAIL_NODE": "node-b"},
        attempts=({"FAIL_STEP": "2"}, {"FAIL_STEP": "4"}),
    ),
    Case(
        "real_segfault_recurs_node",
        "segfault_node",
        _at("host", "node-b", 3, "restart_without_node"),
        AB,
        env={"FAIL_NODE": "node-b", "FAIL_RANK": "3"},
        attempts=({"FAIL_STEP": "3"}, {"FAIL_STEP": "1"}),
    ),
    Case("real_no_failure", "none", _null("unknown", "none"), AB),
]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(case: Case) -> None:
    out = CASES / case.name
    shutil.rmtree(out, ignore_errors=True)
    if case.attempts:
        for i, env in enumerate(case.attempts):
            _run_once(case, out / f"attempt_{i}", {**case.env, **env})
    else:
        _run_once(case, out, case.env)
    for f in out.rglob("*"):
        if f.is_file() and f.stat().st_size == 0:
            f.unlink()
    layers = json.loads((CASES.parent / "layers.json").read_text())
    label = {"source": "real", "mode": case.mode, **case.label, "layer": layers[case.name]}
    (out / "label.json").write_text(json.dumps(label, indent=1) + "\n")
    print(case.name, sum(f.stat().st_size for f in out.rglob("*") if f.is_file()), "bytes")


def _run_once(case: Case, out: Path, case_env: dict[str, str]) -> None:
    port = _port()
    with tempfile.TemporaryDirectory() as tmp:
        procs = []
        for i, node in enumerate(case.nodes):
            nd = Path(tmp) / node
            nd.mkdir()
            env = dict(os.environ, FAIL=case.mode, NODE_NAME=node, **case_env)
            env["TORCH_DISABLE_SHARE_RDZV_TCP_STORE"] = "1"
            cmd = [
                sys.executable,
                "-m",
                "torch.distributed.run",
                f"--nnodes={len(case.nodes)}",
                f"--node-rank={i}",
                f"--nproc-per-node={case.nproc}",
                "--master-addr=127.0.0.1",
                f"--master-port={port}",
                f"--max-restarts={case.max_restarts}",
                "--monitor-interval=0.5",
                f"--log-dir={nd / 'logs'}",
                "--redirects=3",
                "--tee=3",
                str(SCRIPT),
            ]
            console = (nd / "console.log").open("wb")
            procs.append(
                (
                    subprocess.Popen(
                        cmd, stdout=console, stderr=subprocess.STDOUT, env=env, cwd=tmp
                    ),
                    console,
                )
            )
        for p, console in procs:
            try:
                p.wait(timeout=150)
            except subprocess.TimeoutExpired:
                p.kill()
            console.close()
        shutil.copytree(tmp, out)


def main() -> None:
    names = set(sys.argv[1:])
    for case in CASES_REAL:
        if not names or case.name in names:
            run(case)


if __name__ == "__main__":
    main()
