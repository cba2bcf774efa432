"""Kubernetes pods and the nodes they ran on, from the files a PyTorchJob's bundle holds.

The kubelet's and the scheduler's events name a pod (``pod/llm-ft-worker-1``), not its node:
``kubectl get events`` collected once for the whole job sits at the bundle's root, so a pod
evicted for its node's disk pressure names no node of the bundle. The pod's node is in
``kubectl describe pod`` (``Node: aks-gpu-...-vmss00000c/10.224.0.41``), in ``kubectl get pods
-o wide`` (its NODE column) and in the scheduler's own event (``Successfully assigned
ml/llm-ft-worker-1 to ip-10-42-19-141``).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from pathlib import PurePath

from kintsugi.diagnose.findings import Finding

_NAME = re.compile(r"^Name:\s+([a-z0-9][\w.-]*)\s*$", re.M)
_NODE = re.compile(r"^Node:\s+([A-Za-z0-9][\w.-]*)(?:/\S*)?\s*$", re.M)
_ASSIGNED = re.compile(
    r"Successfully assigned (?:[\w.-]+/)?([a-z0-9][\w.-]*) to ([A-Za-z0-9][\w.-]*)"
)
_HEADER = re.compile(r"^NAME\s.*\sNODE\b", re.M)
_POD = re.compile(r"\bpods?/([a-z0-9][\w.-]*[a-z0-9])")

CUES = (b"Successfully assigned", b"\nNode:", b"NODE")
"""What a file that places pods holds in its first bytes."""


def described_node(text: str) -> str | None:
    """The node of the one pod a ``kubectl describe pod`` text describes: its events (the
    kubelet's ``FailedCreatePodSandBox``) happened there."""
    name, node = _NAME.search(text), _NODE.search(text)
    if name is None or node is None or "Namespace:" not in text or len(_NAME.findall(text)) > 1:
        return None
    return node[1]


def pod_nodes(text: str) -> dict[str, str]:
    """Pod -> the node it ran on, as ``kubectl describe pod``, ``kubectl get pods -o wide``
    or the scheduler's events say."""
    out: dict[str, str] = {}
    name, node = _NAME.search(text), _NODE.search(text)
    if name is not None and node is not None and "Namespace:" in text:
        out[name[1]] = node[1]
    for m in _ASSIGNED.finditer(text):
        out.setdefault(m[1], m[2])
    for h in _HEADER.finditer(text):
        # the table's columns line up under their headers (kubectl's tabwriter)
        head = h[0]
        col = re.search(r"(?<=\s)NODE\b", head)
        assert col is not None
        rest = text[h.end() + 1 :].splitlines()
        for row in rest:
            if not row.strip() or row.startswith(("NAME ", "$")):
                break
            cells = row[col.start() :].split()
            if cells and cells[0] not in ("<none>", "<unknown>"):
                out.setdefault(row.split()[0], cells[0])
    return out


def on_pods(
    findings: list[Finding],
    pods: Mapping[str, str],
    nodes: Collection[str],
    described: Mapping[str, str] | None = None,
) -> list[Finding]:
    """Lines no node holds (the job's events, a pod's log or description collected at the
    bundle's root) that name a pod, or whose file is named after one or describes one: the
    pod's node, where it is one of the bundle's (by its full name or its short one).

    Args:
        described: file -> the node of the one pod it describes (``kubectl describe pod``).
    """
    described = described or {}
    if not pods and not described:
        return findings
    short = {n.split(".")[0]: n for n in nodes}
    # longest first: "worker-10" is not "worker-1"
    names = sorted(pods, key=len, reverse=True)
    out = []
    for f in findings:
        if f.node not in nodes:
            m = _POD.search(f.text)
            file = PurePath(f.source).name
            pod = m[1] if m is not None and m[1] in pods else None
            pod = pod or next((n for n in names if _named(n, file)), None)
            where = pods.get(pod or "") or described.get(f.source)
            home = (
                None
                if where is None
                else where
                if where in nodes
                else short.get(where.split(".")[0])
            )
            if home is not None:
                f = f.with_(node=home)
        out.append(f)
    return out


def _named(pod: str, file: str) -> bool:
    """Whether a file's name holds the pod's whole name (``kubectl_describe_pod_<pod>.txt``,
    ``<pod>.log``)."""
    at = file.find(pod)
    end = at + len(pod)
    return at >= 0 and (end == len(file) or not (file[end].isalnum() or file[end] == "-"))
