"""Writes the synthetic corpus bundles: failures that cannot happen on a CPU-only machine.

XID, ECC, NVLink, DCGM, nvidia-smi, InfiniBand and kernel lines are written in their real
formats (NVIDIA Xid catalog, dcgmi diag -j, nvidia-smi -q, NCCL and Linux messages), around
rank logs of ordinary training chatter. Usage: ``python tests/corpus/tools/make_synthetic.py``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

CASES = Path(__file__).resolve().parent.parent / "cases"
LAYERS = json.loads((CASES.parent / "layers.json").read_text())
"""Expected layer per case (Acme's layers), kept beside the generators' labels."""
T0 = 1_700_000_000.0


def chatter(rank: int, steps: int = 6) -> str:
    return "".join(
        f"[rank{rank}] 2024-06-01 10:00:{s:02d} INFO step {s} loss {2.5 - s * 0.01:.4f} "
        f"lr 3.0e-4 tokens/s 51234\n"
        for s in range(steps)
    )


def tb(rank: int, exc: str, user: bool = True) -> str:
    p = f"[rank{rank}]: "
    frames = [
        ('/home/alice/train.py", line 212, in <module>', "main()"),
        ('/home/alice/train.py", line 180, in main', "loss = step(model, batch)"),
    ]
    if not user:
        frames.append(
            (
                '/opt/conda/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1736, '
                "in _call_impl",
                "return forward_call(*args, **kwargs)",
            )
        )
    body = "".join(f'{p}  File "{f}\n{p}    {c}\n' for f, c in frames)
    return f"{p}Traceback (most recent call last):\n{body}{p}{exc}\n"


WATCHDOG = (
    "[rank{r}]:[E601 10:10:00.123456789 ProcessGroupNCCL.cpp:616] [Rank {r}] Watchdog caught "
    "collective operation timeout: WorkNCCL(SeqNum=4711, OpType=ALLREDUCE, NumelIn=1048576, "
    "NumelOut=1048576, Timeout(ms)=600000) ran for 600043 milliseconds before timing out.\n"
)
REMOTE = (
    "[rank{r}]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/"
    "c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, "
    "NCCL version 2.21.5\n[rank{r}]: ncclRemoteError: A call failed possibly due to a network "
    "error or a remote process exiting prematurely.\n"
)


def xid(n: int, msg: str, pci: str = "0000:3b:00") -> str:
    return f"[ 8123.456789] NVRM: Xid (PCI:{pci}): {n}, pid=48213, name=python, {msg}\n"


def dmesg(*lines: str) -> str:
    base = "[    0.000000] Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007)\n"
    base += "[    2.114312] nvidia: module license 'NVIDIA' taints kernel.\n"
    return base + "".join(lines)


def dcgm(fail_test: str, gpu: int, warning: str, code: int) -> str:
    def res(name: str, status: str, w: list[dict[str, object]]) -> dict[str, object]:
        return {
            "name": name,
            "results": [
                {
                    "entity_group": "GPU",
                    "entity_group_id": 1,
                    "entity_id": g,
                    "status": status if g == gpu else "Pass",
                    "warnings": w if g == gpu else [],
                }
                for g in range(4)
            ],
            "test_summary": {"status": status},
        }

    warn = [{"warning": warning, "error_id": code, "error_category": 1, "error_severity": 2}]
    doc = {
        "DCGM Diagnostic": {
            "test_categories": [
                {"category": "Deployment", "tests": [res("software", "Pass", [])]},
                {"category": "Hardware", "tests": [res(fail_test, "Fail", warn)]},
            ]
        },
        "entity_groups": [{"entity_group": "GPU", "entity_group_id": 1}],
        "metadata": {"version": "3.3.6", "Driver Version Detected": "550.54.15"},
    }
    return json.dumps(doc, indent=2)


def nvsmi(remap_fail: bool = False, thermal: bool = False, dbe: int = 0) -> str:
    return f"""
==============NVSMI LOG==============

Timestamp                                 : Sat Jun  1 10:12:00 2024
Driver Version                            : 550.54.15
CUDA Version                              : 12.4

Attached GPUs                             : 1
GPU 00000000:3B:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    Clocks Event Reasons
        Idle                              : Not Active
        SW Power Cap                      : Not Active
        HW Slowdown                       : {"Active" if thermal else "Not Active"}
        HW Thermal Slowdown               : {"Active" if thermal else "Not Active"}
        SW Thermal Slowdown               : Not Active
    ECC Errors
        Volatile
            SRAM Correctable              : 0
            SRAM Uncorrectable            : 0
            DRAM Correctable              : 12
            DRAM Uncorrectable            : {dbe}
        Aggregate
            SRAM Correctable              : 0
            SRAM Uncorrectable            : 0
            DRAM Correctable              : 40
            DRAM Uncorrectable            : {dbe}
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : {1 if remap_fail else 0}
        Pending                           : No
        Remapping Failure Occurred        : {"Yes" if remap_fail else "No"}
    Temperature
        GPU Current Temp                  : {91 if thermal else 48} C
"""


def events(run: str, evs: list[dict[str, object]]) -> str:
    out = []
    for i, e in enumerate(evs):
        d = {
            "eid": f"{run}-{i}",
            "schema": 1,
            "run_id": run,
            "ts": T0 + i,
            "rank": None,
            "attempt": 0,
            "node": "",
            **e,
        }
        out.append(json.dumps(d, sort_keys=True))
    return "\n".join(out) + "\n"


def steps(
    node: str,
    rank: int,
    dt: float,
    loss: float | None = None,
    n: int = 8,
    nan_at: int | None = None,
) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for s in range(n):
        data: dict[str, object] = {"step": s, "step_time_s": dt}
        if loss is not None:
            data["loss"] = float("nan") if nan_at is not None and s >= nan_at else loss
        out.append({"kind": "step", "node": node, "rank": rank, "data": data})
    return out


def nodes4(failing: str, fail_text: str, others: str = WATCHDOG) -> dict[str, str]:
    files = {}
    for i, n in enumerate(("node-a", "node-b", "node-c", "node-d")):
        r = 2 * i
        if n == failing:
            files[f"{n}/rank{r}.log"] = chatter(r) + fail_text.format(r=r)
        else:
            files[f"{n}/rank{r}.log"] = chatter(r) + others.format(r=r)
    return files


CUDA_OOM = (
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
    "capacity of 79.11 GiB of which 1.21 GiB is free. Including non-PyTorch memory, this "
    "process has 77.88 GiB memory in use."
)


def cases() -> dict[str, tuple[dict[str, str], dict[str, object]]]:
    c: dict[str, tuple[dict[str, str], dict[str, object]]] = {}

    def at(cat: str, node: str | None, rank: int | None, action: str) -> dict[str, object]:
        cul = None if node is None else {"node": node, "rank": rank}
        return {"category": cat, "culprit": cul, "action": action}

    f = nodes4("node-b", "")
    f["node-b/dmesg.txt"] = dmesg(xid(79, "GPU has fallen off the bus."))
    c["syn_xid79_nccl_timeouts"] = (f, at("gpu_hardware", "node-b", None, "restart_without_node"))
    f = nodes4("node-c", "", REMOTE)
    f["node-c/kern.log"] = dmesg(
        xid(
            48,
            "An uncorrectable double bit error (DBE) has been "
            "detected on GPU in the framebuffer at partition 6.",
        )
    )
    c["syn_xid48_dbe"] = (f, at("gpu_memory", "node-c", None, "restart_without_node"))
    f = nodes4(
        "node-a",
        tb(0, "RuntimeError: CUDA error: uncorrectable ECC error encountered", user=False),
        REMOTE,
    )
    f["node-a/dmesg.txt"] = dmesg(xid(94, "Contained: SM (0x1). RST: No, D-RST: No"))
    c["syn_xid94_contained"] = (f, at("gpu_memory", "node-a", 0, "restart_without_node"))
    f = nodes4("node-d", "")
    f["node-d/dmesg.txt"] = dmesg(xid(64, "Row remapper: failed to remap a row (0x13, 0x1)."))
    c["syn_xid64_remap_failed"] = (f, at("gpu_memory", "node-d", None, "restart_without_node"))
    f = nodes4("node-a", "", REMOTE)
    f["node-a/dmesg.txt"] = dmesg(
        xid(
            74,
            "NVLink: fatal error detected on link 4(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
            "0000:ba:00",
        )
    )
    c["syn_xid74_nvlink"] = (f, at("nvlink", "node-a", None, "restart_without_node"))
    f = nodes4(
        "node-b",
        tb(2, "RuntimeError: CUDA error: an illegal memory access was encountered", user=False),
        REMOTE,
    )
    f["node-b/dmesg.txt"] = dmesg(
        xid(13, "Graphics SM Warp Exception on (GPC 0, TPC 1, SM 0): Out Of Range Address")
    )
    c["syn_xid13_app_fault"] = (f, at("user_code", "node-b", None, "restart"))
    f = nodes4("node-c", "")
    f["node-c/dmesg.txt"] = dmesg(
        xid(
            119,
            "Timeout after 6s of waiting for RPC response from "
            "GPU0 GSP! Expected function 76 (GSP_RM_CONTROL).",
        )
    )
    c["syn_xid119_gsp"] = (f, at("gpu_hardware", "node-c", None, "restart_without_node"))
    f = nodes4("node-c", "", REMOTE)
    f["node-c/dcgm_diag.json"] = dcgm(
        "memory", 3, "DCGM_FR_FAULTY_MEMORY: GPU 3 has faulty memory: 2 uncorrectable errors", 50
    )
    c["syn_dcgm_memory_fail"] = (f, at("gpu_memory", "node-c", None, "restart_without_node"))
    f = nodes4("node-a", tb(0, "ZeroDivisionError: float division by zero"), REMOTE)
    f["node-a/dcgm.json"] = dcgm("memory", 9, "", 0)
    c["syn_dcgm_pass_user_bug"] = (f, at("user_code", None, None, "stop"))
    f = nodes4("node-b", "")
    f["node-b/nvidia-smi-q.txt"] = nvsmi(remap_fail=True, dbe=2)
    c["syn_nvsmi_remap_failure"] = (f, at("gpu_memory", "node-b", None, "restart_without_node"))
    f = nodes4("node-a", "", REMOTE)
    f["node-a/kern.log"] = dmesg(
        "[ 9001.000001] mlx5_core 0000:5e:00.0 ib0: Link down\n",
        "[ 9001.000101] mlx5_core 0000:5e:00.0: Port module event[error]: module 0, Cable error\n",
    )
    c["syn_nic_link_down"] = (f, at("network", "node-a", None, "restart_without_node"))
    ib = (
        "[rank{r}]: node-x:2231:2290 [0] NCCL WARN NET/IB : Got completion from peer "
        "10.0.0.7<43013> with error 12, opcode 0, len 0, vendor err 129 (Recv)\n"
    )
    f = nodes4("node-a", ib, WATCHDOG)
    f["node-b/rank2.log"] = chatter(2) + ib.format(r=2)
    f["topology.json"] = json.dumps(
        {"topology": {"leaf-1": ["node-a", "node-b"], "leaf-2": ["node-c", "node-d"]}}
    )
    c["syn_switch_two_nodes"] = (f, at("network", None, None, "restart"))
    f = nodes4("node-d", "")
    f["node-d/dmesg.txt"] = dmesg(
        "[12001.1] mce: [Hardware Error]: Machine check events logged\n",
        "[12001.2] EDAC MC1: 1 UE memory read error on CPU_SrcID#1_Ha#0_Chan#2_DIMM#0\n",
    )
    c["syn_host_mce"] = (f, at("host", "node-d", None, "restart_without_node"))
    f = {
        "node-a/rank0.log": chatter(0)
        + tb(0, "RuntimeError: DataLoader worker (pid 51234) is killed by signal: Killed."),
        "node-a/rank1.log": chatter(1) + WATCHDOG.format(r=1),
        "node-a/dmesg.txt": dmesg(
            "[7001.5] python invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE)\n",
            "[7001.6] Out of memory: Killed process 51234 (pt_data_worker) total-vm:92334212kB\n",
        ),
    }
    c["syn_oom_killer_dataloader"] = (f, at("oom", None, None, "stop"))
    nfs = "[5001.2] nfs: server fs01 not responding, still trying\n"
    f = nodes4(
        "node-a", tb(0, "OSError: [Errno 5] Input/output error: '/mnt/ckpt/step_900'"), REMOTE
    )
    for n in ("node-a", "node-b", "node-c"):
        f[f"{n}/dmesg.txt"] = dmesg(nfs)
    c["syn_nfs_shared"] = (f, at("storage", None, None, "restart"))
    f = nodes4(
        "node-c",
        tb(
            4,
            "botocore.exceptions.ClientError: An error occurred (SlowDown) "
            "when calling the PutObject operation (reached max retries: 4)",
        ),
        REMOTE,
    )
    c["syn_s3_slowdown"] = (f, at("storage", "node-c", 4, "restart"))
    f = nodes4("node-b", tb(2, CUDA_OOM, user=False), REMOTE)
    c["syn_cuda_oom"] = (f, at("oom", None, None, "stop"))
    f = {
        "node-a/rank0.log": tb(
            0,
            "ImportError: /opt/conda/lib/python3.11/site-packages/torch/"
            "lib/libtorch_cuda.so: undefined symbol: ncclCommRegister",
        )
    }
    c["syn_undefined_symbol"] = (f, at("dependency", None, None, "stop"))
    f = {
        "node-a/rank0.log": "A module that was compiled using NumPy 1.x cannot be run in\n"
        "NumPy 2.0.0 as it may crash. To support both 1.x and 2.x\n"
        + tb(0, "ImportError: numpy.core.multiarray failed to import")
    }
    c["syn_numpy_abi"] = (f, at("dependency", None, None, "stop"))
    for i in range(2):
        base = f"attempt_{i}/"
        for k, v in nodes4("node-b", "", REMOTE).items():
            f = c.setdefault("syn_xid94_recurs", ({}, {}))[0]
            f[base + k] = v
        f[base + "node-b/dmesg.txt"] = dmesg(xid(94, "Contained: SM (0x1). RST: No, D-RST: No"))
    c["syn_xid94_recurs"] = (
        c["syn_xid94_recurs"][0],
        at("gpu_memory", "node-b", None, "restart_without_node"),
    )
    # kintsugi event exports (what `kintsugi run` stores), live-path cases replayed offline
    evs = (
        steps("node-a", 0, 0.5)
        + steps("node-a", 1, 0.5)
        + steps("node-b", 2, 0.5)
        + steps("node-b", 3, 1.4)
    )
    f = {
        "node-b/events.jsonl": events("r-thermal", evs),
        "node-b/nvidia-smi.txt": nvsmi(thermal=True),
    }
    c["syn_events_thermal_straggler"] = (f, at("straggler", "node-b", 3, "restart_without_node"))
    f = {"events.jsonl": events("r-strag", evs)}
    c["syn_events_straggler"] = (f, at("straggler", "node-b", 3, "run_diagnostics"))
    hang = [
        {
            "kind": "hang_detected",
            "node": "node-b",
            "data": {
                "silent_s": 310.0,
                "timeout_s": 300.0,
                "phase": "step",
                "ranks": [0, 1, 2, 3],
                "stopped_ranks": [],
                "suspect_rank": 3,
                "step": 812,
                "stacks": {"3": 'File "train.py", line 88, in load_batch\n  time.sleep(3600)'},
            },
        }
    ]
    f = {"node-b/events.jsonl": events("r-hang", steps("node-b", 3, 0.4) + hang)}
    c["syn_events_hang_suspect"] = (f, at("hang", "node-b", 3, "restart"))
    rexit = [
        {
            "kind": "rank_exit",
            "node": "node-a",
            "rank": 1,
            "data": {
                "exitcode": 1,
                "signal": None,
                "exc_type": "KeyError",
                "message": "'labels'",
                "traceback": tb(1, "KeyError: 'labels'").replace("[rank1]: ", ""),
                "step": 40,
                "log_tail": "",
                "first": True,
            },
        },
        {
            "kind": "rank_exit",
            "node": "node-a",
            "rank": 0,
            "data": {
                "exitcode": -15,
                "signal": "SIGTERM",
                "exc_type": None,
                "message": None,
                "traceback": None,
                "step": 40,
                "log_tail": "",
                "first": False,
            },
        },
    ]
    c["syn_events_keyerror"] = (
        {"node-a/events.jsonl": events("r-key", rexit)},
        at("user_code", None, None, "stop"),
    )
    nan = steps("node-a", 0, 0.3, 2.0, nan_at=5) + steps("node-b", 1, 0.3, 2.0, nan_at=5)
    c["syn_events_nan_two_nodes"] = (
        {"events.jsonl": events("r-nan", nan)},
        at("numerical", None, None, "stop"),
    )
    ecc = [
        {
            "kind": "rank_exit",
            "node": "node-b",
            "rank": 5,
            "data": {
                "exitcode": 1,
                "signal": None,
                "exc_type": "RuntimeError",
                "message": "CUDA error: uncorrectable ECC error encountered",
                "traceback": None,
                "step": 99,
                "log_tail": "",
                "first": True,
            },
        }
    ]
    c["syn_events_ecc"] = (
        {"node-b/events.jsonl": events("r-ecc", ecc)},
        at("gpu_memory", "node-b", 5, "restart_without_node"),
    )
    return c


def main() -> None:
    for name, (files, label) in cases().items():
        out = CASES / name
        shutil.rmtree(out, ignore_errors=True)
        for rel, text in files.items():
            p = out / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
        label = {"source": "synthetic", **label, "layer": LAYERS[name]}
        (out / "label.json").write_text(json.dumps(label, indent=1) + "\n")
    print(len(cases()), "synthetic cases")


if __name__ == "__main__":
    main()
