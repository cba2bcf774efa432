"""Which rank drove the faulty GPU, where the node's own files name the GPU but no rank, and
which device a PCIe error came from.

The kernel's Xid names a PCI bus, ``nvidia-smi`` a GPU; where neither can be tied to a
rank, the rank's own error often can: the rank whose CUDA call hit the fault says so in a
log that no node's folder holds (rank 0's console that prints every rank's watchdog, a pod's
log, a file named by an address), ``[PG 0 Rank 14] ... uncorrectable ECC error
encountered``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.verdict import GPU, Verdict
from kintsugi.events import Category, Culprit


def rank_by_report(
    v: Verdict,
    roots: list[Finding],
    nodes: Collection[str],
    homes: Mapping[int, str],
    context: list[Finding],
) -> None:
    """A GPU fault on a node with no rank named, and exactly one rank that reported that kind
    of fault in the same attempt, from that node's files or from a log placed on no node of
    the bundle: that rank, unless the job's lines place it on another of the bundle's nodes.
    Where none did, the one task of that node srun says exited with an error (the others it
    killed) is the rank."""
    c, p = v.culprit, v.primary
    if v.category not in GPU or c is None or c.node is None or c.rank is not None:
        return
    attempt = p.attempt if p is not None else None
    told = {
        f.rank
        for f in roots
        if f.category is v.category
        and f.rank is not None
        and f.attempt == attempt
        and (f.node == c.node or f.node not in nodes)
    } or {
        f.rank
        for f in context
        if f.signature == "task_exited"
        and f.rank is not None
        and f.node == c.node
        and f.attempt == attempt
    }
    if len(told) != 1:
        return
    rank = told.pop()
    home = homes.get(rank)
    if home is not None and home != c.node and home in nodes:
        return
    v.culprit = Culprit(c.node, rank)
    v.why("culprit", "rank_by_report", f"rank {rank} reported the {v.category.value} fault")


_AER_FROM = re.compile(
    r"AER: Uncorrect(?:ed|able) \(Fatal\) error (?:\w+ )?received(?: from|:) "
    r"(?:[0-9a-fA-F]{4}:)?(?P<bus>[0-9a-fA-F]{2}:[0-9a-fA-F]{2})\.\d"
)
"""A root port's report of a fatal PCIe error and the device it came from (``pcieport
0000:c9:02.0: AER: Uncorrected (Fatal) error message received from 0000:cb:00.0``; newer
kernels: ``... error received: 0000:cb:00.0``)."""


def pcie_fault_on_a_gpu(v: Verdict, fs: list[Finding]) -> None:
    """A fatal PCIe error from a device the job's NCCL lines (or the node's ``nvidia-smi``)
    show to be one of that node's GPUs: the GPU fell off its link, with or without an Xid
    of its own. Its rank is then the one on that bus (``rank_by_bus``)."""
    c, p = v.culprit, v.primary
    if v.category is not Category.HOST or c is None or c.node is None or p is None:
        return
    m = _AER_FROM.search(p.text)
    if m is None:
        return
    bus = m["bus"].lower()
    if not any(f.signature == "gpu_bus" and f.detail == bus and f.node == c.node for f in fs):
        return
    v.category = Category.GPU_HARDWARE
    v.why("category", "pcie_fault_on_a_gpu", f"PCI {bus} of {c.node} is a GPU")
