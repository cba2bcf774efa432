"""Naming the rank on a faulty GPU where no log says which process ran there: the kernel
names the GPU's PCI bus, the node's ``nvidia-smi`` the index on it, a clock sampler's CSV
the index and its clock-event bitmask; the node's block of ranks (its GPU count, nodes in
name order) turns the index into the rank. Formats: ``nvidia-smi`` 550's table, ``nvidia-smi
--query-gpu=... --format=csv``, an Xid in a console log."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Category

BUSES = ("53", "64", "75", "86", "97", "a8", "b9", "ca")


def table(node: str) -> str:
    rows = "".join(
        f"|   {i}  NVIDIA H100 80GB HBM3          On  |   00000000:{b.upper()}:00.0 Off |"
        "                    0 |\n"
        f"| N/A   34C    P0            113W /  700W |       0MiB /  81559MiB |      0%      "
        "Default |\n"
        for i, b in enumerate(BUSES)
    )
    return (
        f"# prolog {node}\n"
        "| NVIDIA-SMI 550.127.05             Driver Version: 550.127.05     CUDA Version: 12.4 |\n"
        + rows
    )


def test_the_xids_bus_is_the_gpu_whose_rank_the_block_gives(tmp_path: Path) -> None:
    for n in range(1, 5):
        d = tmp_path / f"p5-{n}"
        d.mkdir()
        (d / "prolog_nvidia-smi.txt").write_text(table(d.name))
    (tmp_path / "p5-3" / "console.txt").write_text(
        "[262254.600000] NVRM: Xid (PCI:0000:97:00): 79, pid='<unknown>', name=<unknown>, "
        "GPU has fallen off the bus.\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_HARDWARE
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("p5-3", 20)


def test_a_clock_samplers_bitmask_names_the_hot_gpu_and_its_rank(tmp_path: Path) -> None:
    head = "index, temperature.gpu, clocks.sm [MHz], clocks_event_reasons.active\n"
    for n, node in enumerate(("sky-head", "sky-worker1", "sky-worker2", "sky-worker3")):
        d = tmp_path / node
        d.mkdir()
        rows = "".join(
            f"{i}, 91, 1155, 0x0000000000000068\n"
            if (n, i) == (2, 5)
            else f"{i}, 60, 1980, 0x0000000000000000\n"
            for i in range(8)
        )
        (d / "gpu_watch.csv").write_text(head + rows * 3)
        (d / "train.log").write_text(
            "".join(
                f"step {s} step_time {0.52 if s < 50 else 0.8:.2f}s\n" for s in range(0, 100, 5)
            )
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STRAGGLER
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("sky-worker2", 21)


def nvsmi_q(bus: str, hot: bool, attached: int | None = None) -> str:
    """``nvidia-smi -q -i N``: the header, maybe the GPU count, and the one GPU asked for."""
    state = "Active" if hot else "Not Active"
    return (
        "==============NVSMI LOG==============\n\n"
        "Timestamp                                 : Thu Jul 18 10:33:44 2024\n"
        "Driver Version                            : 550.90.07\n"
        + (f"Attached GPUs                             : {attached}\n" if attached else "")
        + f"\nGPU 00000000:{bus}:00.0\n"
        "    Product Name                          : NVIDIA L40S\n"
        "    Clocks Event Reasons\n"
        f"        HW Slowdown                       : {state}\n"
        f"            HW Thermal Slowdown           : {state}\n"
    )


def nccl_init(host: str, rank: int, local: int, bus: str) -> str:
    pid = 4100 + rank
    return (
        f"{host}:{pid}:{pid + 60} [{local}] NCCL INFO comm 0x55d2{rank:02d}3c0 rank {rank} "
        f"nranks 8 cudaDev {local} nvmlDev {local} busId {bus}000 commId 0x5a3c - Init COMPLETE\n"
    )


def test_an_nvsmi_excerpt_of_one_gpu_is_placed_by_nccls_bus_not_numbered_zero(
    tmp_path: Path,
) -> None:
    """``nvidia-smi -q -i 1`` prints the header and one GPU, with or without the count: the
    block is not GPU 0. NCCL's communicator line says which GPU index (and rank) drives that
    bus (``nvmlDev 1 busId 65000``)."""
    buses = ("17", "65", "ca", "e3")
    for n, node in enumerate(("l40s-01", "l40s-02")):
        d = tmp_path / node
        d.mkdir()
        placed = ", ".join(str(4 * n + i) for i in range(4))
        (d / "ranks.log").write_text(
            "INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous complete for "
            f"workers. Result:\n  global_ranks=[{placed}]\n"
            + "".join(nccl_init(node, 4 * n + i, i, b) for i, b in enumerate(buses))
        )
        (d / "train.log").write_text(
            "".join(
                f"step {s} step_time {0.41 if s < 50 else 0.96:.2f}s\n" for s in range(0, 100, 5)
            )
        )
    for attached in (None, 4):
        (tmp_path / "l40s-02" / "nvsmi_gpu1.txt").write_text(nvsmi_q("65", True, attached))
        d = diagnose_bundle(tmp_path).diagnosis
        assert d.category is Category.STRAGGLER
        assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("l40s-02", 5)


def test_the_jobs_console_ties_each_hosts_buses_to_its_ranks(tmp_path: Path) -> None:
    """``srun -l`` labels each line with its node's index, not a rank; NCCL's communicator
    lines in the job's console name each process's rank and bus on its host. The epilog's
    health check on one node then finds a GPU gone by its bus: the rank on that bus."""
    console = []
    hosts = ("hx-219", "hx-220", "hx-221", "hx-223")
    for n, host in enumerate(hosts):
        (tmp_path / host).mkdir()
        for d, bus in enumerate(BUSES):
            console.append(
                f"{n}: {host}:30{n}{d}1:30{n}{d}2 [{d}] NCCL INFO comm 0x3baa725e0{d} rank "
                f"{8 * n + d} nranks 32 cudaDev {d} nvmlDev {d} busId {bus}000 commId "
                "0x1c4f - Init COMPLETE\n"
            )
    console += [
        f"{n}: [rank{r}]:[E1014 03:22:{r:02d}.000000000 ProcessGroupNCCL.cpp:632] [Rank {r}] "
        f"Watchdog caught collective operation timeout: WorkNCCL(SeqNum=88, OpType=ALLTOALL_BASE"
        f", NumelIn=1, NumelOut=1, Timeout(ms)=1200000) ran for 1200044 milliseconds before "
        "timing out.\n"
        for n in range(len(hosts))
        for r in range(8 * n, 8 * n + 8)
    ]
    (tmp_path / "slurm-9920411.out").write_text("".join(console))
    for host in hosts[:-1]:
        (tmp_path / host / "nhc.log").write_text("NHC: all checks passed\n")
    (tmp_path / "hx-223" / "nhc.log").write_text(
        "ERROR:  nhc:  Health check failed:  check_nv_gpu_count:  Found 7 of 8 expected GPUs "
        "(nvidia-smi: Unable to determine the device handle for GPU0000:B9:00.0: Unknown "
        "Error)\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_HARDWARE
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("hx-223", 30)
