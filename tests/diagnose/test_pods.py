"""A PyTorchJob's pods and their nodes: ``kubectl get events`` and ``kubectl describe pod``
collected once at the bundle's root name a pod, and the pod's node (its ``Node:`` line, the
NODE column of ``kubectl get pods -o wide``, the scheduler's ``Successfully assigned``) is the
culprit of a node-pressure eviction.

Formats: kubectl's ``describe pod`` (``Node: aks-gpu-...-vmss00000c/10.224.0.41``), ``get pods
-o wide`` and ``get events`` tables, the kubelet's eviction message ("The node was low on
resource: ephemeral-storage"), NCCL watchdog timeouts on the other pods.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.pods import pod_nodes
from kintsugi.events import Action, Category

NODES = ("aks-gpu-3851-vmss000000", "aks-gpu-3851-vmss00000c", "aks-gpu-3851-vmss000003")
PODS = ("llm-ft-master-0", "llm-ft-worker-1", "llm-ft-worker-10")
EVICTED = (
    "The node was low on resource: ephemeral-storage. Threshold quantity: 10120387530, "
    "available: 9702960Ki. Container pytorch was using 2841320Ki, request is 0."
)
TIMEOUT = (
    "[rank{r}]:[E1022 04:41:28.218000371 ProcessGroupNCCL.cpp:616] [Rank {r}] Watchdog caught "
    "collective operation timeout: WorkNCCL(SeqNum=3011, OpType=ALLREDUCE, NumelIn=131072, "
    "NumelOut=131072, Timeout(ms)=600000) ran for 600079 milliseconds before timing out.\n"
)


def test_pods_and_their_nodes_from_kubectls_outputs() -> None:
    wide = (
        "NAME                READY   STATUS    RESTARTS      AGE   IP            NODE"
        "                      NOMINATED NODE   READINESS GATES\n"
        "llm-ft-master-0     0/1     Error     2 (5m ago)    3h    10.244.1.7    "
        "aks-gpu-3851-vmss000000   <none>           <none>\n"
        "llm-ft-worker-1     0/1     Evicted   0             3h    <none>        "
        "aks-gpu-3851-vmss00000c   <none>           <none>\n"
    )
    assert pod_nodes(wide) == {
        "llm-ft-master-0": "aks-gpu-3851-vmss000000",
        "llm-ft-worker-1": "aks-gpu-3851-vmss00000c",
    }
    describe = "Name:             llm-ft-worker-10\nNamespace:        ml\nNode:             aks-gpu-3851-vmss000003/10.224.0.41\n"
    assert pod_nodes(describe) == {"llm-ft-worker-10": "aks-gpu-3851-vmss000003"}
    events = (
        "58m  Normal  Scheduled  pod/llm-ft-worker-1  Successfully assigned ml/llm-ft-worker-1 "
        "to aks-gpu-3851-vmss00000c\n"
    )
    assert pod_nodes(events) == {"llm-ft-worker-1": "aks-gpu-3851-vmss00000c"}


def test_an_evicted_pod_in_the_jobs_events_names_its_node(tmp_path: Path) -> None:
    for i, (node, pod) in enumerate(zip(NODES, PODS, strict=True)):
        (tmp_path / node).mkdir()
        lines = "" if pod == "llm-ft-worker-1" else TIMEOUT.format(r=8 * i)
        (tmp_path / node / f"{pod}.log").write_text(f"[rank{8 * i}]: step 4100 loss 1.92\n" + lines)
    (tmp_path / "kubectl_get_events_ml.txt").write_text(
        "LAST SEEN   TYPE      REASON    OBJECT                MESSAGE\n"
        f"14m         Warning   Evicted   pod/llm-ft-worker-1   {EVICTED}\n"
    )
    (tmp_path / "kubectl_describe_pod_llm-ft-worker-1.txt").write_text(
        "Name:             llm-ft-worker-1\nNamespace:        ml\n"
        "Node:             aks-gpu-3851-vmss00000c/10.224.0.41\nStatus:           Failed\n"
        f"Reason:           Evicted\nMessage:          {EVICTED}\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STORAGE, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "aks-gpu-3851-vmss00000c"
