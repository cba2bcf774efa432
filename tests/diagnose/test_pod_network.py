"""A PyTorchJob whose last worker never started because its node's pod network (CNI) failed:
the store times out with 3 of 4 clients, the others lose it; ``kubectl describe`` of the
pending pod names its node and the sandbox failure: that node, excluded."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Culprit, Layer


def test_the_pending_pods_node_could_not_network_it(tmp_path: Path) -> None:
    for node, pod, text in (
        (
            "k8s-cpu-03",
            "master-0",
            "torch.distributed.DistStoreError: Timed out after 1801 "
            "seconds waiting for clients. 3/4 clients joined.\n",
        ),
        (
            "k8s-cpu-04",
            "worker-0",
            "torch.distributed.DistNetworkError: failed to recv, got 0 bytes\n",
        ),
        (
            "k8s-cpu-05",
            "worker-1",
            "torch.distributed.DistNetworkError: failed to recv, got 0 bytes\n",
        ),
    ):
        (tmp_path / node).mkdir()
        (tmp_path / node / f"{pod}.log").write_text(text)
    (tmp_path / "k8s-cpu-07").mkdir()
    (tmp_path / "k8s-cpu-07" / "kubelet.log").write_text("I0909 11:58:00 kubelet started\n")
    (tmp_path / "kubectl-describe-worker-2.txt").write_text(
        "Name:             pjob-worker-2\nNamespace:        ml\n"
        "Node:             k8s-cpu-07/10.70.1.37\nStatus:           Pending\nEvents:\n"
        "  Warning  FailedCreatePodSandBox  31m  kubelet  Failed to create pod sandbox: rpc "
        'error: code = Unknown desc = failed to setup network for sandbox "5be1c0e4f7": plugin '
        'type="calico" failed (add): stat /var/lib/calico/nodename: no such file or directory\n'
    )
    (tmp_path / "kubectl-get-pods.txt").write_text(
        "NAME             READY   STATUS              RESTARTS   AGE   IP            NODE\n"
        "pjob-master-0    0/1     Error               0          31m   10.244.3.17   k8s-cpu-03\n"
        "pjob-worker-2    0/1     ContainerCreating   0          31m   <none>        k8s-cpu-07\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.NETWORK,
        Layer.INFRASTRUCTURE,
        Culprit("k8s-cpu-07", None),
        Action.RESTART_WITHOUT_NODE,
    ), d.summary
