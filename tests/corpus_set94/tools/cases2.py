"""Cases cm10-cm18: network, environment, script bugs, numerics, storage, clean endings."""
import sys

sys.dont_write_bytecode = True

import json
import random
from datetime import timedelta

from common import (A100_BUS, H100_BUS, H100_NIC_BUS, TB_HINT, TORCH_SITE, boot_noise, c10d, childfailed, dt, elastic,
                    ibstat, join, kmsg, loss_curve, nccl_init_lines, periodic_noise, pyl, sacct, secs, sigterm_tb,
                    smi_table, watchdog_terminate, watchdog_timeout)
from cases1 import _ev, _sorted, _torchrun_start

S = secs


# =============================================================================
# cm10: one node's IB port goes down
# =============================================================================
def cm10():
    rng = random.Random(9410)
    job = 4410092
    hosts = [f"gpu-r07-n{n:02d}" for n in (1, 2, 3, 4)]
    ips = [f"10.20.7.{11 + i}" for i in range(4)]
    gpn = 8
    world = 32
    bad = 2
    nics = [f"mlx5_{i}" for i in range(8)]
    t0 = dt(2024, 12, 3, 19, 0, 12, 710000)
    ev = []
    pids = {}
    for i, h in enumerate(hosts):
        apid = 22140 + i * 55
        _torchrun_start(ev, t0 + S(0.2 * i), i, apid, h, 4, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 20 + lr
    t = t0 + S(17)
    for n in range(4):
        for lr in range(gpn):
            r = n * gpn + lr
            ls = nccl_init_lines(hosts[n], pids[(n, lr)], pids[(n, lr)] + 140, lr, r, world, H100_BUS[lr], ip=ips[n], nics=nics, rng=rng,
                                 version="2.21.5+cuda12.4", with_version=(r == 0))
            for k, ln in enumerate(ls):
                if lr == 0 or "Init COMPLETE" in ln:
                    _ev(ev, t + timedelta(milliseconds=rng.randint(0, 900) + 10 * k), f"{n}: {ln}", k)
    t += S(35)
    losses = loss_curve(rng, 8000, 2.8, 2.2, 0.01)
    tl = t
    for s in range(20, 6920, 20):
        tl = t + timedelta(seconds=s * 1.63)
        _ev(ev, tl, f"0: {pyl(tl)} [train] step={s} loss={losses[s]:.4f} lr=2.00e-04 tokens/s={rng.randint(1500000, 1540000)}")
    t_x = tl + S(9.9)
    bad_ip = ips[bad]
    # local async event on the bad node, all ranks of that process use mlx5_5 channels
    for lr in range(gpn):
        tt = t_x + timedelta(milliseconds=3 + lr)
        _ev(ev, tt, f"{bad}: {hosts[bad]}:{pids[(bad, lr)]}:{pids[(bad, lr)] + 151} [{lr}] transport/net_ib.cc:89 NCCL WARN NET/IB : Got async event : port error")
    # completion errors on peers, blaming the bad node's address
    tcomp = t_x + S(7.4)
    blamers = []
    for n in (0, 1, 3):
        for lr in range(gpn):
            r = n * gpn + lr
            tt = tcomp + timedelta(milliseconds=rng.randint(0, 600))
            port = rng.randint(33000, 61000)
            _ev(ev, tt, f"{n}: {hosts[n]}:{pids[(n, lr)]}:{pids[(n, lr)] + 152} [{lr}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {bad_ip}<{port}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::946d:ae03:a{n}:{0xb2c0 + lr:x} remoteGids fe80::946d:ae03:a{bad}:{0xb2c5:x} hca mlx5_{lr}")
            blamers.append((n, lr, tt, port))
    for lr in range(gpn):
        tt = tcomp + timedelta(milliseconds=rng.randint(0, 600))
        peer = ips[3] if lr % 2 else ips[1]
        _ev(ev, tt, f"{bad}: {hosts[bad]}:{pids[(bad, lr)]}:{pids[(bad, lr)] + 152} [{lr}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {peer}<{rng.randint(33000, 61000)}> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid fe80::946d:ae03:a{bad}:{0xb2c0 + lr:x} remoteGids fe80::946d:ae03:a1:b2c5 hca mlx5_5")
    # watchdog aborts
    for (n, lr, tt, port) in blamers:
        r = n * gpn + lr
        t2 = tt + S(0.4)
        _ev(ev, t2, f"{n}: " + c10d(r, "E", t2, "ProcessGroupNCCL.cpp:1595", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"), 0)
        _ev(ev, t2, f"{n}: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.", 1)
        _ev(ev, t2, f"{n}: Last error:", 2)
        _ev(ev, t2, f"{n}: NET/IB : Got completion from peer {bad_ip}<{port}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::946d:ae03:a{n}:{0xb2c0 + lr:x} remoteGids fe80::946d:ae03:a{bad}:{0xb2c5:x} hca mlx5_{lr}", 3)
    for lr in range(gpn):
        r = bad * gpn + lr
        t2 = tcomp + S(1.1 + lr * 0.01)
        _ev(ev, t2, f"{bad}: " + c10d(r, "E", t2, "ProcessGroupNCCL.cpp:1595", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"), 0)
    for n in range(4):
        an = 22140 + n * 55
        te = tcomp + S(3.5 + n * 0.3)
        _ev(ev, te, f"{n}: " + elastic("E", te, an, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[(n, 0)]}) of binary: /opt/venv/bin/python3"))
        others = [(n * gpn + lr, lr, -6, pids[(n, lr)], f"Signal 6 (SIGABRT) received by PID {pids[(n, lr)]}") for lr in range(1, gpn)]
        for k, ln in enumerate(childfailed("train_llm.py", hosts[n], tcomp, (n * gpn, 0, -6, pids[(n, 0)], f"Signal 6 (SIGABRT) received by PID {pids[(n, 0)]}"), others)):
            _ev(ev, te + S(0.1), f"{n}: {ln}", k)
        _ev(ev, te + S(0.5), f"srun: error: {hosts[n]}: task {n}: Exited with exit code 1")
    out = _sorted(ev)
    boot = dt(2024, 11, 20, 10, 3, 11)
    dm, tb = boot_noise(boot, hosts[bad], rng, nics=nics, nic_bus=H100_NIC_BUS, driver="550.90.07")
    dm += periodic_noise(boot, tb, t_x - S(2), hosts[bad], rng, every=50000)
    dm.append(kmsg(boot, t_x - S(0.21), "mlx5_core 0000:bc:00.0: Port module event: module 5, Cable unplugged"))
    dm.append(kmsg(boot, t_x - S(0.02), "mlx5_core 0000:bc:00.0 mlx5_5: Port: 1 Link DOWN"))
    dm.append(kmsg(boot, t_x + S(0.4), "ib_srpt MAD registration failed for mlx5_5-1."))
    ts = tcomp + S(380)
    ib_bad = [(n, "Active", "LinkUp", 400, 0xa1b2c0 + 0x100 * bad + i) for i, n in enumerate(nics)]
    ib_bad[5] = ("mlx5_5", "Down", "Polling", 10, 0xa1b2c0 + 0x100 * bad + 5)
    ib_ok = [(n, "Active", "LinkUp", 400, 0xa1b2c0 + i) for i, n in enumerate(nics)]
    topo = {"topology": {f"ib-leaf-r07-rail{i}": list(hosts) for i in range(8)}}
    files = {
        f"slurm-{job}.out": join(out),
        f"{hosts[bad]}/dmesg.txt": join(dm),
        f"{hosts[bad]}/ibstat.txt": f"# ibstat  ({ts:%Y-%m-%d %H:%M:%S} UTC)\n" + join(ibstat(ib_bad)),
        f"{hosts[0]}/ibstat.txt": f"# ibstat  ({ts:%Y-%m-%d %H:%M:%S} UTC)\n" + join(ibstat(ib_ok)),
        "topology.json": json.dumps(topo, indent=2) + "\n",
        "sacct.txt": join(sacct([
            (f"{job}", "llm-13b-pt", "h100", "found", "512", "FAILED", "1:0"),
            (f"{job}.0", "torchrun", "", "found", "512", "FAILED", "1:0"),
        ])),
    }
    label = {
        "category": "network", "layer": "infrastructure", "culprit": {"node": hosts[bad], "rank": None},
        "action": "restart_without_node",
        "rationale": "gpu-r07-n03's processes get an IB 'port error' async event first; then ranks on all three other nodes report completion errors (status 12, retry exceeded) against peer 10.20.7.13, which the NCCL bootstrap lines map to gpu-r07-n03. That node's dmesg shows a cable-unplugged module event and mlx5_5 Link DOWN, and its ibstat shows mlx5_5 Down/Polling, while the same rail leaf serves the other nodes fine (their ports stay Active). One node's NIC/cable, not the fabric.",
        "modelled_on": "https://github.com/Lightning-AI/lit-llama/issues/380",
    }
    return "cm10_ib_port_down_one_node", files, label


# =============================================================================
# cm11: NCCL cannot create /dev/shm segments, pod spec lacks a shm volume
# =============================================================================
def cm11():
    rng = random.Random(9411)
    pods = ["bert-mlm-ddp-master-0", "bert-mlm-ddp-worker-0"]
    nodes = ["k8s-gpu-a14", "k8s-gpu-a15"]
    gpn = 4
    world = 8
    t0 = dt(2024, 5, 30, 15, 41, 7)
    files = {}
    for n, p in enumerate(pods):
        L = []
        tt = t0 + S(3 + n)
        L.append((tt, 0, elastic("W", tt, 1, "torch/distributed/run.py:757", "")))
        L.append((tt, 1, "*****************************************"))
        L.append((tt, 2, "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "))
        L.append((tt, 3, "*****************************************"))
        t = tt + S(11)
        if n == 0:
            L.append((t, 0, f"{pyl(t)} - INFO - __main__ - world_size=8 backend=nccl model=bert-large-uncased seq_len=512 batch=32"))
            L.append((t, 1, f"{pyl(t)} - INFO - __main__ - tokenized dataset cached at /workspace/cache/wiki_bc_512 (41.2M examples)"))
        for lr in range(gpn):
            pid = 40 + lr
            seg = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") for _ in range(6))
            tw = t + S(6 + rng.uniform(0, 0.4))
            if lr in (0, 1, 3) or n == 1:
                L.append((tw, 0, f"{p}:{pid}:{pid + 93} [{lr}] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-{seg} to 9637892 bytes, error: No space left on device (28)"))
                L.append((tw, 1, ""))
                L.append((tw, 2, f"{p}:{pid}:{pid + 93} [{lr}] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-{seg} (size 9637888), error: No space left on device (28)"))
                r = n * gpn + lr
                tb = tw + S(0.3)
                tbl = [
                    f"[rank{r}]: Traceback (most recent call last):",
                    f'[rank{r}]:   File "/workspace/train_mlm.py", line 171, in <module>',
                    f"[rank{r}]:     model = DDP(model, device_ids=[local_rank], output_device=local_rank)",
                    f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/nn/parallel/distributed.py", line 822, in __init__',
                    f"[rank{r}]:     _verify_param_shape_across_processes(self.process_group, parameters)",
                    f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/utils.py", line 286, in _verify_param_shape_across_processes',
                    f"[rank{r}]:     return dist._verify_params_across_processes(process_group, tensors, logger)",
                    f"[rank{r}]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5",
                    f"[rank{r}]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ",
                    f"[rank{r}]: Last error:",
                    f"[rank{r}]: Error while creating shared memory segment /dev/shm/nccl-{seg} (size 9637888), error: No space left on device (28)",
                ]
                for k, ln in enumerate(tbl):
                    L.append((tb, 3 + k, ln))
        te = t + S(9)
        L.append((te, 0, elastic("W", te, 1, "torch/distributed/elastic/multiprocessing/api.py:858", "Sending process 42 closing signal SIGTERM")))
        te2 = te + S(0.6)
        L.append((te2, 0, elastic("E", te2, 1, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: 1) local_rank: 0 (pid: 40) of binary: /usr/bin/python")))
        fails = [(n * gpn + lr, lr, 1 if (lr != 2 or n == 1) else -15, 40 + lr, TB_HINT if (lr != 2 or n == 1) else sigterm_tb(42)) for lr in range(1, gpn)]
        for k, ln in enumerate(childfailed("/workspace/train_mlm.py", p, t + S(6), (n * gpn, 0, 1, 40, TB_HINT), fails, site="/usr/local/lib/python3.10/dist-packages", torchrun="/usr/local/bin/torchrun")):
            L.append((te2 + S(0.1), k + 1, ln))
        L.sort(key=lambda x: (x[0], x[1]))
        files[f"kubectl-logs-{p}.txt"] = join([x[2] for x in L])
    tg = t0 + S(240)
    files["kubectl-get-pods.txt"] = join([
        "NAME                    READY   STATUS   RESTARTS   AGE   IP             NODE          NOMINATED NODE   READINESS GATES",
        f"bert-mlm-ddp-master-0   0/1     Error    0          4m    10.233.71.19   {nodes[0]}   <none>           <none>",
        f"bert-mlm-ddp-worker-0   0/1     Error    0          4m    10.233.72.44   {nodes[1]}   <none>           <none>",
    ])
    files["kubectl-describe-pod-bert-mlm-ddp-master-0.txt"] = join([
        "Name:             bert-mlm-ddp-master-0",
        "Namespace:        ml-team",
        f"Node:             {nodes[0]}/10.60.0.14",
        "Labels:           training.kubeflow.org/job-name=bert-mlm-ddp",
        "                  training.kubeflow.org/replica-type=master",
        "Status:           Failed",
        "Containers:",
        "  pytorch:",
        "    Image:          harbor.lab.local/ml/bert-train:1.6",
        "    Command:",
        "      torchrun",
        "      --nnodes=2",
        "      --nproc-per-node=4",
        "      /workspace/train_mlm.py",
        "    State:          Terminated",
        "      Reason:       Error",
        "      Exit Code:    1",
        "    Limits:",
        "      cpu:             32",
        "      memory:          240Gi",
        "      nvidia.com/gpu:  4",
        "    Environment:",
        "      NCCL_DEBUG:    WARN",
        "      PYTHONUNBUFFERED:  1",
        "    Mounts:",
        "      /workspace/cache from dataset-cache (rw)",
        "      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-7qvzt (ro)",
        "Volumes:",
        "  dataset-cache:",
        "    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)",
        "    ClaimName:  wiki-bc-cache",
        "  kube-api-access-7qvzt:",
        "    Type:                    Projected (a volume that contains injected data from multiple sources)",
        "QoS Class:                   Guaranteed",
        "Events:",
        "  Type    Reason     Age   From               Message",
        "  ----    ------     ----  ----               -------",
        f"  Normal  Scheduled  4m    default-scheduler  Successfully assigned ml-team/bert-mlm-ddp-master-0 to {nodes[0]}",
        "  Normal  Pulled     4m    kubelet            Container image \"harbor.lab.local/ml/bert-train:1.6\" already present on machine",
        "  Normal  Started    4m    kubelet            Started container pytorch",
    ])
    files["pytorchjob.yaml"] = """apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata:
  name: bert-mlm-ddp
  namespace: ml-team
spec:
  pytorchReplicaSpecs:
    Master:
      replicas: 1
      restartPolicy: Never
      template:
        spec:
          containers:
          - name: pytorch
            image: harbor.lab.local/ml/bert-train:1.6
            command: ["torchrun", "--nnodes=2", "--nproc-per-node=4", "/workspace/train_mlm.py"]
            env: [{name: NCCL_DEBUG, value: WARN}, {name: PYTHONUNBUFFERED, value: "1"}]
            resources:
              limits: {cpu: 32, memory: 240Gi, nvidia.com/gpu: 4}
            volumeMounts:
            - {name: dataset-cache, mountPath: /workspace/cache}
          volumes:
          - name: dataset-cache
            persistentVolumeClaim: {claimName: wiki-bc-cache}
    Worker:
      replicas: 1
      restartPolicy: Never
      template:
        spec:
          containers:
          - name: pytorch
            image: harbor.lab.local/ml/bert-train:1.6
            command: ["torchrun", "--nnodes=2", "--nproc-per-node=4", "/workspace/train_mlm.py"]
            env: [{name: NCCL_DEBUG, value: WARN}, {name: PYTHONUNBUFFERED, value: "1"}]
            resources:
              limits: {cpu: 32, memory: 240Gi, nvidia.com/gpu: 4}
            volumeMounts:
            - {name: dataset-cache, mountPath: /workspace/cache}
          volumes:
          - name: dataset-cache
            persistentVolumeClaim: {claimName: wiki-bc-cache}
"""
    files["debug-pod-df.txt"] = join([
        "$ kubectl run shmcheck --rm -it --image=harbor.lab.local/ml/bert-train:1.6 --overrides='{...same pod template...}' -- df -h /dev/shm /workspace/cache",
        "Filesystem                                   Size  Used Avail Use% Mounted on",
        "shm                                           64M     0   64M   0% /dev/shm",
        "10.60.1.5:/export/pvc-1d2e3f40-wiki-bc-cache  2.0T  612G  1.4T  31% /workspace/cache",
    ])
    label = {
        "category": "dependency", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Every rank on both pods fails at the first NCCL collective with 'Error while creating shared memory segment /dev/shm/nccl-* ... No space left on device'. The PyTorchJob spec mounts no memory-backed /dev/shm, so the container gets the runtime default of 64M (debug pod df), too small for NCCL's SHM transport. The job's own definition is wrong; fix the pod template (emptyDir medium: Memory at /dev/shm), don't just resubmit.",
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/525",
    }
    return "cm11_nccl_shm_segment_pod_without_dshm", files, label


# =============================================================================
# cm12: driver/library version mismatch on one node after unattended upgrade
# =============================================================================
def cm12():
    rng = random.Random(9412)
    job = 1184220
    hosts = [f"tc-gpu-{n}" for n in (301, 302, 303, 304)]
    gpn = 8
    bad = 2
    t0 = dt(2024, 4, 24, 7, 31, 55, 220000)
    ev = []
    pids = {}
    for i, h in enumerate(hosts):
        apid = 14120 + i * 23
        _torchrun_start(ev, t0 + S(0.2 * i), i, apid, h, 4, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 12 + lr
    t = t0 + S(9)
    frames = [
        ("/home/ana/proj/train.py", 61, "<module>", "torch.cuda.set_device(local_rank)"),
        (f"{TORCH_SITE}/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
        (f"{TORCH_SITE}/torch/cuda/__init__.py", 293, "_lazy_init", "torch._C._cuda_init()"),
    ]
    for lr in range(gpn):
        r = bad * gpn + lr
        tt = t + timedelta(milliseconds=rng.randint(0, 300))
        lines = [f"[rank{r}]: Traceback (most recent call last):"]
        for f, ln, fn, code in frames:
            lines.append(f'[rank{r}]:   File "{f}", line {ln}, in {fn}')
            lines.append(f"[rank{r}]:     {code}")
        lines.append(f"[rank{r}]: RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination")
        for k, ln in enumerate(lines):
            _ev(ev, tt, f"{bad}: {ln}", k)
    a2 = 14120 + bad * 23
    te = t + S(1.9)
    _ev(ev, te, f"{bad}: " + elastic("E", te, a2, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: 1) local_rank: 0 (pid: {pids[(bad, 0)]}) of binary: /opt/venv/bin/python"))
    others = [(bad * gpn + lr, lr, 1, pids[(bad, lr)], TB_HINT) for lr in range(1, gpn)]
    for k, ln in enumerate(childfailed("/home/ana/proj/train.py", hosts[bad], t, (bad * gpn, 0, 1, pids[(bad, 0)], TB_HINT), others)):
        _ev(ev, te + S(0.1), f"{bad}: {ln}", k)
    _ev(ev, te + S(0.4), f"srun: error: {hosts[bad]}: task {bad}: Exited with exit code 1")
    # the others wait in init_process_group until the store times out
    for n in (0, 1, 3):
        _ev(ev, t + S(2 + n), f"{n}: {pyl(t + S(2 + n))} INFO rank {n * gpn}: cuda ok ({gpn} x NVIDIA A100-SXM4-80GB), waiting for process group init ...")
    tw = t + S(600.9)
    r0 = [
        "[rank0]: Traceback (most recent call last):",
        '[rank0]:   File "/home/ana/proj/train.py", line 64, in <module>',
        '[rank0]:     dist.init_process_group("nccl", timeout=timedelta(minutes=10))',
        f'[rank0]:   File "{TORCH_SITE}/torch/distributed/c10d_logger.py", line 79, in wrapper',
        "[rank0]:     return func(*args, **kwargs)",
        f'[rank0]:   File "{TORCH_SITE}/torch/distributed/distributed_c10d.py", line 1305, in init_process_group',
        "[rank0]:     store, rank, world_size = next(rendezvous_iterator)",
        f'[rank0]:   File "{TORCH_SITE}/torch/distributed/rendezvous.py", line 246, in _env_rendezvous_handler',
        "[rank0]:     store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)",
        "[rank0]: torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 24/32 clients joined.",
    ]
    for k, ln in enumerate(r0):
        _ev(ev, tw, f"0: {ln}", k)
    for n in (0, 1, 3):
        an = 14120 + n * 23
        te2 = tw + S(1.5 + n * 0.1)
        _ev(ev, te2, f"{n}: " + elastic("E", te2, an, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: 1) local_rank: 0 (pid: {pids[(n, 0)]}) of binary: /opt/venv/bin/python"))
        _ev(ev, te2 + S(0.4), f"srun: error: {hosts[n]}: task {n}: Exited with exit code 1")
    out = _sorted(ev)
    boot = dt(2024, 3, 28, 12, 0, 5)
    dm, tb = boot_noise(boot, hosts[bad], rng, nic_bus=["0c", "12", "4b", "54"], driver="535.161.08")
    dm += periodic_noise(boot, tb, t - S(3600 * 26), hosts[bad], rng, every=80000)
    for lr in range(gpn):
        tt = t + timedelta(milliseconds=rng.randint(0, 250))
        for k, ln in enumerate([
            "NVRM: API mismatch: the client has the version 535.183.01, but",
            "NVRM: this kernel module has the version 535.161.08.  Please",
            "NVRM: make sure that this kernel module and all NVIDIA driver",
            "NVRM: components have the same version.",
        ]):
            dm.append(kmsg(boot, tt + timedelta(microseconds=k * 4), ln))
    dm.sort(key=lambda s: float(s[1:s.index("]")]))
    apt = [
        "Start-Date: 2024-04-23  06:12:41",
        "Commandline: /usr/bin/unattended-upgrade",
        "Upgrade: libnvidia-compute-535:amd64 (535.161.08-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), libnvidia-cfg1-535:amd64 (535.161.08-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), nvidia-utils-535:amd64 (535.161.08-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), nvidia-compute-utils-535:amd64 (535.161.08-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), libnvidia-nscq-535:amd64 (535.161.08-1, 535.183.01-1)",
        "End-Date: 2024-04-23  06:13:30",
        "",
        "Start-Date: 2024-04-23  06:13:34",
        "Commandline: /usr/bin/unattended-upgrade",
        "Upgrade: tzdata:amd64 (2024a-0ubuntu0.22.04, 2024a-0ubuntu0.22.04.1)",
        "End-Date: 2024-04-23  06:13:36",
    ]
    ok_gpus = [dict(bus=A100_BUS[i], temp=29 + i % 3, pwr=58 + i, cap=400, mem_used=0, mem_total=81920, util=0) for i in range(gpn)]
    files = {
        f"slurm-{job}.out": join(out),
        f"{hosts[bad]}/dmesg.txt": join(dm),
        f"{hosts[bad]}/nvidia-smi.txt": "Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 535.183\n",
        f"{hosts[bad]}/apt-history.log": join(apt),
        f"{hosts[0]}/nvidia-smi.txt": join(smi_table(tw + S(60), ok_gpus, driver="535.161.08", cuda="12.2", name="NVIDIA A100-SXM4-80GB")),
        "sacct.txt": join(sacct([
            (f"{job}", "ana-sweep3", "a100", "vision", "256", "FAILED", "1:0"),
            (f"{job}.0", "torchrun", "", "vision", "256", "FAILED", "1:0"),
        ])),
    }
    label = {
        "category": "dependency", "layer": "infrastructure", "culprit": {"node": hosts[bad], "rank": None},
        "action": "restart_without_node",
        "rationale": "All eight workers on tc-gpu-303, and only there, fail in torch.cuda.set_device with CUDA error 803 (unsupported driver combination). tc-gpu-303's dmesg shows NVRM API mismatch (client 535.183.01 vs kernel module 535.161.08), nvidia-smi fails with a driver/library version mismatch, and apt history shows unattended-upgrade replaced the user-space driver libraries the day before without reloading the module. Rank 0's store timeout (24/32 joined) is the consequence.",
        "modelled_on": "https://github.com/lyulyul/shine-cluster/issues/30",
    }
    return "cm12_nvml_driver_mismatch_one_node", files, label


# =============================================================================
# cm13: flash-attn wheel built against another torch, every pod (K8s)
# =============================================================================
def cm13():
    rng = random.Random(9413)
    pods = ["qwen-dpo-master-0", "qwen-dpo-worker-0", "qwen-dpo-worker-1", "qwen-dpo-worker-2"]
    nodes = ["a3-node-112", "a3-node-087", "a3-node-140", "a3-node-009"]
    gpn = 8
    t0 = dt(2024, 7, 16, 10, 2, 40)
    site = "/usr/local/lib/python3.10/dist-packages"
    files = {}
    for n, p in enumerate(pods):
        L = []
        restarts = 3
        for attempt in range(restarts + 1):
            tt = t0 + S(5 + n + attempt * 95)
            L.append((tt, 0, f"# ---- container start (restart {attempt}) ----" if attempt else "# ---- container start ----"))
            L.append((tt, 1, elastic("W", tt, 1, "torch/distributed/run.py:757", "")))
            L.append((tt, 2, "*****************************************"))
            L.append((tt, 3, "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "))
            L.append((tt, 4, "*****************************************"))
            t = tt + S(14)
            for lr in range(gpn):
                r = n * gpn + lr
                ti = t + timedelta(milliseconds=rng.randint(0, 800))
                tb = [
                    f"[rank{r}]: Traceback (most recent call last):",
                    f'[rank{r}]:   File "/app/dpo_train.py", line 12, in <module>',
                    f"[rank{r}]:     from trl import DPOConfig, DPOTrainer",
                    f'[rank{r}]:   File "{site}/trl/trainer/dpo_trainer.py", line 30, in <module>',
                    f"[rank{r}]:     from transformers import AutoModelForCausalLM, DataCollator, PreTrainedModel, PreTrainedTokenizerBase, Trainer",
                    f'[rank{r}]:   File "{site}/transformers/models/qwen2/modeling_qwen2.py", line 53, in <module>',
                    f"[rank{r}]:     from flash_attn import flash_attn_func, flash_attn_varlen_func",
                    f'[rank{r}]:   File "{site}/flash_attn/__init__.py", line 3, in <module>',
                    f"[rank{r}]:     from flash_attn.flash_attn_interface import (",
                    f'[rank{r}]:   File "{site}/flash_attn/flash_attn_interface.py", line 10, in <module>',
                    f"[rank{r}]:     import flash_attn_2_cuda as flash_attn_cuda",
                    f"[rank{r}]: ImportError: {site}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
                ]
                for k, ln in enumerate(tb):
                    L.append((ti, k, ln))
            te = t + S(2.2)
            L.append((te, 0, elastic("E", te, 1, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: 1) local_rank: 0 (pid: {30 + attempt * 40}) of binary: /usr/bin/python")))
            others = [(n * gpn + lr, lr, 1, 30 + attempt * 40 + lr, TB_HINT) for lr in range(1, gpn)]
            for k, ln in enumerate(childfailed("/app/dpo_train.py", p, t, (n * gpn, 0, 1, 30 + attempt * 40, TB_HINT), others, site=site, torchrun="/usr/local/bin/torchrun")):
                L.append((te + S(0.1), k + 1, ln))
        L.sort(key=lambda x: (x[0], x[1]))
        files[f"kubectl-logs-{p}.txt"] = join([x[2] for x in L])
    files["kubectl-get-pods.txt"] = join([
        "NAME                READY   STATUS             RESTARTS      AGE   IP            NODE          NOMINATED NODE   READINESS GATES",
    ] + [f"{p:<20}0/1     CrashLoopBackOff   3 (41s ago)   6m    10.12.{40 + i}.{9 + i:<4}{nodes[i]:<14}<none>           <none>" for i, p in enumerate(pods)])
    files["kubectl-describe-pytorchjob-qwen-dpo.txt"] = join([
        "Name:         qwen-dpo",
        "Namespace:    alignment",
        "API Version:  kubeflow.org/v1",
        "Kind:         PyTorchJob",
        "Spec:",
        "  Pytorch Replica Specs:",
        "    Master:  Replicas: 1  Restart Policy: OnFailure",
        "    Worker:  Replicas: 3  Restart Policy: OnFailure",
        "  Run Policy:",
        "    Backoff Limit:  3",
        "Status:",
        "  Conditions:",
        "    Type:     Created     Status: True   Reason: PyTorchJobCreated",
        "    Type:     Running     Status: False  Reason: PyTorchJobRunning",
        "    Type:     Failed      Status: True   Reason: PyTorchJobFailed",
        "    Message:  PyTorchJob qwen-dpo is failed because 4 Worker replica(s) failed.",
        "  Replica Statuses:",
        "    Master:  Failed: 1",
        "    Worker:  Failed: 3",
        "Events:",
        "  Type     Reason                    Age   From                   Message",
        "  ----     ------                    ----  ----                   -------",
        "  Normal   SuccessfulCreatePod       7m    pytorchjob-controller  Created pod: qwen-dpo-master-0",
        "  Warning  PyTorchJobRestarting      5m    pytorchjob-controller  PyTorchJob qwen-dpo is restarting because 1 Master replica(s) failed.",
        "  Warning  PyTorchJobRestarting      4m    pytorchjob-controller  PyTorchJob qwen-dpo is restarting because 3 Worker replica(s) failed.",
        "  Normal   PyTorchJobFailed          41s   pytorchjob-controller  PyTorchJob qwen-dpo is failed because 4 Worker replica(s) failed.",
    ])
    files["Dockerfile"] = """FROM nvcr.io/nvidia/cuda:12.1.1-cudnn8-devel-ubuntu22.04
RUN apt-get update && apt-get install -y python3.10 python3-pip git && rm -rf /var/lib/apt/lists/*
# bumped torch for the new SDPA kernels (was 2.2.2)
RUN pip install torch==2.3.0 --index-url https://download.pytorch.org/whl/cu121
# prebuilt wheel, avoids a 40 min compile
RUN pip install https://github.com/Dao-AILab/flash-attention/releases/download/v2.5.6/flash_attn-2.5.6+cu122torch2.2cxx11abiFALSE-cp310-cp310-linux_x86_64.whl
RUN pip install transformers==4.42.3 trl==0.9.6 accelerate==0.31.0 datasets==2.20.0 deepspeed==0.14.4
COPY . /app
WORKDIR /app
"""
    files["pip-freeze.txt"] = join([
        "accelerate==0.31.0", "datasets==2.20.0", "deepspeed==0.14.4", "einops==0.8.0",
        "flash-attn @ https://github.com/Dao-AILab/flash-attention/releases/download/v2.5.6/flash_attn-2.5.6+cu122torch2.2cxx11abiFALSE-cp310-cp310-linux_x86_64.whl",
        "huggingface-hub==0.23.4", "numpy==1.26.4", "nvidia-nccl-cu12==2.20.5", "safetensors==0.4.3", "tokenizers==0.19.1",
        "torch==2.3.0+cu121", "transformers==4.42.3", "triton==2.3.0", "trl==0.9.6",
    ])
    label = {
        "category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "All 32 ranks in all four pods, on every restart, fail at import with flash_attn_2_cuda ... undefined symbol _ZN3c104cuda9SetDeviceEi before touching a GPU or the network. The image pins torch 2.3.0 but installs a flash-attn 2.5.6 wheel built for torch 2.2, an ABI-incompatible library stack baked into the image; every node fails identically, so the image must be rebuilt.",
        "modelled_on": "https://github.com/Dao-AILab/flash-attention/issues/931",
    }
    return "cm13_flash_attn_undefined_symbol_every_pod", files, label


# =============================================================================
# cm14: bug in the script's rank-0-only evaluation path
# =============================================================================
def cm14():
    rng = random.Random(9414)
    job = 90441
    hosts = ["g2-07", "g2-08"]
    gpn = 8
    t0 = dt(2024, 10, 29, 17, 55, 2, 100000)
    ev = []
    pids = {}
    for i, h in enumerate(hosts):
        apid = 3344 + i * 1010
        _torchrun_start(ev, t0 + S(0.1 * i), i, apid, h, 2, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 9 + lr
    t = t0 + S(28)
    _ev(ev, t, f"0: {pyl(t)} | INFO | config: eval_every=2000 eval_on_rank0_only=True eval_batches=256 ckpt_every=5000")
    _ev(ev, t + S(1), f"0: /home/tw/.venv/lib/python3.11/site-packages/torch/utils/checkpoint.py:1399: FutureWarning: `torch.cpu.amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('cpu', args...)` instead.")
    _ev(ev, t + S(1.2), "0:   with device_autocast_ctx, torch.cpu.amp.autocast(**cpu_autocast_kwargs), recompute_context:  # type: ignore[attr-defined]")
    _ev(ev, t + S(2), "0: wandb: Tracking run with wandb version 0.17.9")
    _ev(ev, t + S(2.1), "0: wandb: Run data is saved locally in /home/tw/llm/wandb/run-20241029_175532-3kq7x2ra")
    losses = loss_curve(rng, 2100, 4.1, 2.6, 0.02)
    tl = t
    for s in range(25, 2001, 25):
        tl = t + S(4 + s * 0.71)
        _ev(ev, tl, f"0: {pyl(tl)} | INFO | step {s:5d} | loss {losses[s]:.4f} | lr {3e-4 * min(1, s / 500):.2e} | gnorm {rng.uniform(0.3, 0.8):.2f} | {rng.randint(760, 790)}k tok/s")
    te0 = tl + S(0.3)
    _ev(ev, te0, f"0: {pyl(te0)} | INFO | step 2000: running evaluation on rank 0 ({256} batches)")
    tev = te0 + S(41.6)
    _ev(ev, tev, f"0: {pyl(tev)} | INFO | eval done: {{'val_loss': 2.6813, 'perplexity': 14.605, 'eval_tokens': 4194304}}")
    tb = [
        "[rank0]: Traceback (most recent call last):",
        '[rank0]:   File "/home/tw/llm/train.py", line 402, in <module>',
        "[rank0]:     main()",
        '[rank0]:   File "/home/tw/llm/train.py", line 371, in main',
        "[rank0]:     log_eval(step, metrics, best)",
        '[rank0]:   File "/home/tw/llm/train.py", line 188, in log_eval',
        '[rank0]:     if metrics["val_ppl"] < best["val_ppl"]:',
        "[rank0]:              ~~~~~~~^^^^^^^^^^^",
        "[rank0]: KeyError: 'val_ppl'",
    ]
    for k, ln in enumerate(tb):
        _ev(ev, tev + S(0.01), f"0: {ln}", k)
    a0 = 3344
    tk = tev + S(1.1)
    for lr in range(1, gpn):
        _ev(ev, tk, "0: " + elastic("W", tk, a0, "torch/distributed/elastic/multiprocessing/api.py:897", f"Sending process {pids[(0, lr)]} closing signal SIGTERM"), lr)
    te = tk + S(0.9)
    _ev(ev, te, "0: " + elastic("E", te, a0, "torch/distributed/elastic/multiprocessing/api.py:869", f"failed (exitcode: 1) local_rank: 0 (pid: {pids[(0, 0)]}) of binary: /home/tw/.venv/bin/python"))
    others = [(lr, lr, -15, pids[(0, lr)], sigterm_tb(pids[(0, lr)])) for lr in range(1, gpn)]
    for k, ln in enumerate(childfailed("train.py", hosts[0], tev, (0, 0, 1, pids[(0, 0)], TB_HINT), others, site="/home/tw/.venv/lib/python3.11/site-packages", torchrun="/home/tw/.venv/bin/torchrun")):
        _ev(ev, te + S(0.1), f"0: {ln}", k)
    _ev(ev, te + S(0.3), f"srun: error: {hosts[0]}: task 0: Exited with exit code 1")
    tn = tk + S(0.6)
    for lr in range(gpn):
        r = gpn + lr
        tt = tn + timedelta(milliseconds=rng.randint(0, 200))
        _ev(ev, tt, "1: " + c10d(r, "E", tt, "ProcessGroupNCCL.cpp:1595", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"), 0)
        _ev(ev, tt, "1: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.", 1)
        _ev(ev, tt, "1: Last error:", 2)
        _ev(ev, tt, f"1: socketProgress: Connection closed by remote peer {hosts[0]}.ib.cluster<{rng.randint(40000, 60000)}>", 3)
    a1 = 3344 + 1010
    te1 = tn + S(2.2)
    _ev(ev, te1, "1: " + elastic("E", te1, a1, "torch/distributed/elastic/multiprocessing/api.py:869", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[(1, 0)]}) of binary: /home/tw/.venv/bin/python"))
    others = [(gpn + lr, lr, -6, pids[(1, lr)], f"Signal 6 (SIGABRT) received by PID {pids[(1, lr)]}") for lr in range(1, gpn)]
    for k, ln in enumerate(childfailed("train.py", hosts[1], tn, (gpn, 0, -6, pids[(1, 0)], f"Signal 6 (SIGABRT) received by PID {pids[(1, 0)]}"), others, site="/home/tw/.venv/lib/python3.11/site-packages", torchrun="/home/tw/.venv/bin/torchrun")):
        _ev(ev, te1 + S(0.1), f"1: {ln}", k)
    _ev(ev, te1 + S(0.3), f"srun: error: {hosts[1]}: task 1: Exited with exit code 1")
    out = _sorted(ev)
    diff = """diff --git a/eval.py b/eval.py
index 3c1d2e0..9fa41b7 100644
--- a/eval.py
+++ b/eval.py
@@ -41,9 +41,9 @@ def evaluate(model, loader, max_batches):
     mean_loss = total_loss / max(total_tokens, 1)
-    return {"val_loss": mean_loss, "val_ppl": math.exp(mean_loss),
-            "eval_tokens": total_tokens}
+    # align metric names with the HF leaderboard export
+    return {"val_loss": mean_loss, "perplexity": math.exp(mean_loss),
+            "eval_tokens": total_tokens}
"""
    files = {
        f"slurm-{job}.out": join(out),
        "git-diff-HEAD~1.txt": diff,
        "sacct.txt": join(sacct([
            (f"{job}", "llm-350m", "gpu", "tw", "192", "FAILED", "1:0"),
            (f"{job}.0", "torchrun", "", "tw", "192", "FAILED", "1:0"),
        ])),
    }
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "At step 2000 rank 0 runs the rank-0-only evaluation, which succeeds, then crashes in log_eval with KeyError: 'val_ppl'; the last commit renamed that metric to 'perplexity' in evaluate(). Rank 0's exit makes its agent SIGTERM local peers, and g2-08's ranks then abort with 'Connection closed by remote peer' - all consequences. A deterministic script bug; it will recur at the next evaluation.",
        "modelled_on": "https://github.com/huggingface/accelerate/issues/3861",
    }
    return "cm14_rank0_eval_keyerror_script_bug", files, label


# =============================================================================
# cm15: NaN / fp16 loss-scale collapse from a bad learning rate (DeepSpeed)
# =============================================================================
def cm15():
    rng = random.Random(9415)
    hosts = ["ds-a100-11", "ds-a100-12"]
    gpn = 8
    t0 = dt(2024, 1, 17, 22, 10, 41, 500000)
    L = []
    def ds(t, lvl, src, msg, host=None):
        p = f"{host}: " if host else ""
        return f"{p}[{pyl(t)}] [{lvl}] [{src}] {msg}"
    L.append((t0, 0, ds(t0, "INFO", "runner.py:568:main", "cmd = pdsh -S -f 1024 -w ds-a100-11,ds-a100-12 export PYTHONPATH=/work/mds; cd /work/mds; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkcy1hMTAwLTExIjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddLCAiZHMtYTEwMC0xMiI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%n --master_addr=ds-a100-11 --master_port=29500 pretrain_gpt.py --num-layers 24 --hidden-size 2048 --num-attention-heads 16 --seq-length 2048 --micro-batch-size 8 --global-batch-size 512 --lr 6.0e-2 --min-lr 6.0e-3 --lr-warmup-iters 200 --lr-decay-style cosine --train-iters 140000 --fp16 --deepspeed --deepspeed_config ds_config_gpt_1.3B.json")))
    for n, h in enumerate(hosts):
        tt = t0 + S(2.5 + n * 0.3)
        L.append((tt, 0, ds(tt, "INFO", "launch.py:163:main", f"global_rank_mapping=defaultdict(<class 'list'>, {{'ds-a100-11': [0, 1, 2, 3, 4, 5, 6, 7], 'ds-a100-12': [8, 9, 10, 11, 12, 13, 14, 15]}})", h)))
        L.append((tt, 1, ds(tt, "INFO", "launch.py:164:main", "dist_world_size=16", h)))
    t = t0 + S(70)
    L.append((t, 0, "ds-a100-11: " + ds(t, "INFO", "logging.py:96:log_dist", "[Rank 0] DeepSpeed info: version=0.12.6, git-hash=unknown, git-branch=unknown")))
    L.append((t, 1, "ds-a100-11: " + ds(t, "INFO", "config.py:984:print", "  fp16_enabled ................. True")))
    L.append((t, 2, "ds-a100-11: " + ds(t, "INFO", "config.py:984:print", "  initial_dynamic_scale ........ 65536")))
    L.append((t, 3, "ds-a100-11: " + ds(t, "INFO", "config.py:984:print", "  dynamic_loss_scale_args ...... {'init_scale': 65536, 'scale_window': 1000, 'delayed_shift': 2, 'consecutive_hysteresis': False, 'min_scale': 1}")))
    L.append((t, 4, "ds-a100-11: " + ds(t, "INFO", "config.py:984:print", "  gradient_clipping ............ 1.0")))
    L.append((t + S(2), 0, "ds-a100-11: > learning rate decay style: cosine"))
    t = t + S(10)
    it_t = t
    scale = 65536.0
    skipped = 0
    nan_its = 0
    loss = 10.95
    overflow_from = 131
    for it in range(1, 160):
        it_t = t + timedelta(seconds=it * 0.74)
        lr = 6.0e-2 * min(1.0, it / 200)
        if it < 95:
            loss = max(6.9, loss - rng.uniform(0.03, 0.06))
            gn = rng.uniform(0.8, 2.5)
        elif it < overflow_from:
            loss = loss + rng.uniform(0.02, 0.25)
            gn = rng.uniform(8, 60) * (1 + (it - 95) / 10)
        if it >= overflow_from:
            L.append((it_t, 0, "ds-a100-11: " + ds(it_t, "INFO", "logging.py:96:log_dist", f"[Rank 0] Overflow detected. Skipping step. Attempted loss scale: {int(scale)}, reducing to {int(scale / 2)}")))
            scale /= 2
            skipped += 1
            nan_its += 1
        if it % 5 == 0 or it >= overflow_from:
            ls = "nan" if it >= overflow_from else f"{loss:.6E}"
            gns = "" if it >= overflow_from else f" grad norm: {gn:.3f} |"
            L.append((it_t, 1, f"ds-a100-12:  iteration {it:8d}/  140000 | consumed samples: {it * 512:12d} | consumed tokens: {it * 512 * 2048:14d} | elapsed time per iteration (ms): {740 + rng.uniform(-9, 9):.1f} | learning rate: {lr:.6E} | global batch size:   512 | lm loss: {ls} | loss scale: {scale:.1f} |{gns} actual seqlen:  2048 | number of skipped iterations: {skipped:3d} | number of nan iterations: {nan_its:3d} | samples per second: {692 + rng.uniform(-5, 5):.3f} | TFLOPs: {121 + rng.uniform(-1, 1):.2f} |"))
        if scale < 1:
            break
    tx = it_t + S(0.05)
    for n, h in enumerate(hosts):
        for lr_ in range(gpn):
            r = n * gpn + lr_
            tt = tx + timedelta(milliseconds=rng.randint(0, 90))
            tb = [
                "Traceback (most recent call last):",
                '  File "/work/mds/pretrain_gpt.py", line 356, in <module>',
                "    pretrain(train_valid_test_datasets_provider,",
                '  File "/work/mds/megatron/training.py", line 226, in pretrain',
                "    iteration = train(forward_step_func,",
                '  File "/work/mds/megatron/training.py", line 1162, in train',
                "    train_step(forward_step_func,",
                '  File "/work/mds/megatron/training.py", line 699, in train_step',
                "    model[0].step(lr_kwargs={'increment': increment})",
                '  File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/engine.py", line 2150, in step',
                "    self._take_model_step(lr_kwargs)",
                '  File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/fp16/fused_optimizer.py", line 241, in step',
                "    self._update_scale(self.overflow)",
                '  File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/fp16/loss_scaler.py", line 183, in update_scale',
                "    raise Exception(",
                "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.",
            ]
            if r % 5 == 0:
                for k, ln in enumerate(tb):
                    L.append((tt, k, f"{h}: {ln}"))
    for n, h in enumerate(hosts):
        tk = tx + S(2 + n * 0.4)
        for lr_ in range(gpn):
            L.append((tk, lr_, f"{h}: " + ds(tk, "INFO", "launch.py:315:sigkill_handler", f"Killing subprocess {61200 + n * 700 + lr_}")))
        L.append((tk + S(1.5), 0, f"{h}: " + ds(tk + S(1.5), "ERROR", "launch.py:321:sigkill_handler", f"['/opt/conda/bin/python', '-u', 'pretrain_gpt.py', '--local_rank=7', '--num-layers', '24', '--hidden-size', '2048', '--lr', '6.0e-2', '--fp16', '--deepspeed', '--deepspeed_config', 'ds_config_gpt_1.3B.json'] exits with return code = 1")))
        L.append((tk + S(1.7), 0, f"pdsh@ds-a100-11: {h}: ssh exited with exit code 1"))
    L.sort(key=lambda x: (x[0], x[1]))
    run_sh = """#!/bin/bash
# GPT 1.3B, tokens from the_pile_dedup. Copied from run_gpt_350m.sh and scaled up.
NNODES=2
GPUS_PER_NODE=8
MODEL_SIZE=1.3
NUM_LAYERS=24
HIDDEN=2048
HEADS=16
SEQ=2048
MICRO_BATCH=8
GLOBAL_BATCH=512
# GPT-3 paper: 1.3B uses lr 2.0e-4; 350M used 3.0e-4
LR=6.0e-2
MIN_LR=6.0e-3
deepspeed --hostfile hostfile pretrain_gpt.py \\
  --num-layers $NUM_LAYERS --hidden-size $HIDDEN --num-attention-heads $HEADS \\
  --seq-length $SEQ --micro-batch-size $MICRO_BATCH --global-batch-size $GLOBAL_BATCH \\
  --lr $LR --min-lr $MIN_LR --lr-warmup-iters 200 --lr-decay-style cosine \\
  --train-iters 140000 --fp16 --deepspeed --deepspeed_config ds_config_gpt_1.3B.json
"""
    cfg = {"train_batch_size": 512, "train_micro_batch_size_per_gpu": 8, "steps_per_print": 10, "gradient_clipping": 1.0,
           "zero_optimization": {"stage": 1}, "fp16": {"enabled": True, "loss_scale": 0, "loss_scale_window": 1000, "hysteresis": 2, "min_loss_scale": 1, "initial_scale_power": 16},
           "wall_clock_breakdown": False}
    files = {
        "train.log": join([x[2] for x in L]),
        "run_gpt_1.3b.sh": run_sh,
        "ds_config_gpt_1.3B.json": json.dumps(cfg, indent=2) + "\n",
        "hostfile": "ds-a100-11 slots=8\nds-a100-12 slots=8\n",
    }
    label = {
        "category": "numerical", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "The run uses --lr 6.0e-2, hundreds of times the 2e-4 its own script comment names for 1.3B. As warmup ramps the LR, loss stops falling around iteration 95, grad norm explodes, every step from iteration 131 overflows with nan loss, and the fp16 loss scale halves to the minimum, so all ranks on both nodes raise 'Current loss scale already at minimum'. Deterministic configuration divergence, not hardware.",
        "modelled_on": "https://github.com/facebookresearch/fairseq/issues/282",
    }
    return "cm15_fp16_nan_from_learning_rate_typo", files, label


# =============================================================================
# cm16: project quota exceeded while writing a distributed checkpoint
# =============================================================================
def cm16():
    rng = random.Random(9416)
    job = 3390017
    hosts = [f"lx-h100-{n:02d}" for n in (11, 12, 13, 14)]
    gpn = 8
    world = 32
    t0 = dt(2024, 11, 2, 1, 15, 3, 300000)
    ev = []
    pids = {}
    for i, h in enumerate(hosts):
        apid = 7700 + i * 120
        _torchrun_start(ev, t0 + S(0.2 * i), i, apid, h, 4, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 31 + lr
    t = t0 + S(40)
    _ev(ev, t, f"0: {pyl(t)} INFO resumed from /lustre/proj/p4021/ckpt/run17/step_6000 (dcp, 32 shards)")
    losses = loss_curve(rng, 8100, 2.4, 2.1, 0.01)
    tl = t
    for s in range(6010, 8001, 10):
        tl = t + S((s - 6000) * 1.21)
        _ev(ev, tl, f"0: {pyl(tl)} INFO step {s} loss {losses[s]:.4f} lr 1.10e-04 mfu 0.412")
    ts = tl + S(0.5)
    _ev(ev, ts, f"0: {pyl(ts)} INFO saving checkpoint step 8000 -> /lustre/proj/p4021/ckpt/run17/step_8000 (model+optimizer, ~16.7 TB)")
    tf = ts + S(312)
    bad = sorted(rng.sample(range(world), 9))
    detail = []
    for r in bad[:3]:
        detail += [
            f"(RANK {r})",
            "Traceback (most recent call last):",
            f'  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/checkpoint/utils.py", line 212, in all_gather',
            "    result = map_fun()",
            f'  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/checkpoint/state_dict_saver.py", line 309, in write_data',
            "    all_writes.wait()",
            f'  File "/opt/conda/lib/python3.10/site-packages/torch/futures/__init__.py", line 84, in wait',
            "    return super().wait()",
            f'  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/checkpoint/filesystem.py", line 431, in _write_files_from_queue',
            "    _write_item(stream, data, write_item, storage_key)",
            f'  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/checkpoint/filesystem.py", line 313, in _write_item',
            "    stream.write(data.getbuffer())",
            "OSError: [Errno 122] Disk quota exceeded",
        ]
    for n in range(4):
        for lr in range(gpn):
            r = n * gpn + lr
            tt = tf + timedelta(milliseconds=rng.randint(0, 700))
            tb = [
                f"[rank{r}]: Traceback (most recent call last):",
                f'[rank{r}]:   File "/opt/train/train.py", line 517, in <module>',
                f"[rank{r}]:     main()",
                f'[rank{r}]:   File "/opt/train/train.py", line 488, in main',
                f"[rank{r}]:     save_checkpoint(step, model, optimizer, cfg.ckpt_dir)",
                f'[rank{r}]:   File "/opt/train/ckpt.py", line 61, in save_checkpoint',
                f"[rank{r}]:     dcp.save(state, checkpoint_id=os.path.join(root, f\"step_{{step}}\"))",
                f'[rank{r}]:   File "/opt/conda/lib/python3.10/site-packages/torch/distributed/checkpoint/state_dict_saver.py", line 320, in _save_state_dict',
                f"[rank{r}]:     return distW.all_reduce(\"write\", write_data, finish_checkpoint)",
                f'[rank{r}]:   File "/opt/conda/lib/python3.10/site-packages/torch/distributed/checkpoint/utils.py", line 247, in all_reduce',
                f"[rank{r}]:     raise result",
                f"[rank{r}]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys({bad})",
            ]
            if r == 0:
                tb += [f"[rank0]: Traceback: {ln}" if i == 0 else f"[rank0]: {ln}" for i, ln in enumerate(detail)]
            if r in (0, 1, 9, 17, 26):
                for k, ln in enumerate(tb):
                    _ev(ev, tt, f"{n}: {ln}", k)
    for n in range(4):
        an = 7700 + n * 120
        te = tf + S(2.5 + n * 0.2)
        _ev(ev, te, f"{n}: " + elastic("E", te, an, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: 1) local_rank: 0 (pid: {pids[(n, 0)]}) of binary: /opt/conda/bin/python3"))
        others = [(n * gpn + lr, lr, 1, pids[(n, lr)], TB_HINT) for lr in range(1, gpn)]
        for k, ln in enumerate(childfailed("/opt/train/train.py", hosts[n], tf, (n * gpn, 0, 1, pids[(n, 0)], TB_HINT), others, site="/opt/conda/lib/python3.10/site-packages", torchrun="/opt/conda/bin/torchrun")):
            _ev(ev, te + S(0.1), f"{n}: {ln}", k)
        _ev(ev, te + S(0.4), f"srun: error: {hosts[n]}: task {n}: Exited with exit code 1")
    out = _sorted(ev)
    tq = tf + S(900)
    quota = [
        f"$ lfs quota -h -p 4021 /lustre     # {tq:%Y-%m-%d %H:%M} UTC",
        "Disk quotas for prj 4021 (pid 4021):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre    100T*    95T    100T   6d21h  2811402       0       0       -",
        "",
        "$ df -h /lustre",
        "Filesystem                      Size  Used Avail Use% Mounted on",
        "10.99.0.2@o2ib:10.99.0.3@o2ib:/lfs01  8.1P  5.2P  2.9P  65% /lustre",
        "",
        "$ du -sh /lustre/proj/p4021/ckpt/run17/*",
        "17T\t/lustre/proj/p4021/ckpt/run17/step_2000",
        "17T\t/lustre/proj/p4021/ckpt/run17/step_4000",
        "17T\t/lustre/proj/p4021/ckpt/run17/step_6000",
        "9.8T\t/lustre/proj/p4021/ckpt/run17/step_8000",
        "21T\t/lustre/proj/p4021/datasets",
        "19T\t/lustre/proj/p4021/scratch",
    ]
    boot = dt(2024, 10, 21, 8, 2, 0)
    dm, tb_ = boot_noise(boot, hosts[1], rng, driver="550.90.07")
    dm += periodic_noise(boot, tb_, tf, hosts[1], rng, every=40000)
    dm.append(kmsg(boot, ts + S(200), "LustreError: 11-0: lfs01-OST0041-osc-ffff9b3c4e2a1000: operation ost_write to node 10.99.0.41@o2ib failed: rc = -122"))
    dm.append(kmsg(boot, ts + S(201), "LustreError: 11-0: lfs01-OST0012-osc-ffff9b3c4e2a1000: operation ost_write to node 10.99.0.12@o2ib failed: rc = -122"))
    files = {
        f"slurm-{job}.out": join(out),
        "lfs-quota.txt": join(quota),
        f"{hosts[1]}/dmesg.txt": join(dm),
        "sacct.txt": join(sacct([
            (f"{job}", "run17", "h100", "p4021", "512", "FAILED", "1:0"),
            (f"{job}.0", "torchrun", "", "p4021", "512", "FAILED", "1:0"),
        ])),
    }
    label = {
        "category": "storage", "layer": "infrastructure", "culprit": None, "action": "stop",
        "rationale": "The job dies saving the step-8000 checkpoint: DCP reports a CheckpointException from ranks spread over all four nodes, each write failing with OSError [Errno 122] Disk quota exceeded (Lustre ost_write rc -122). lfs quota shows project 4021 at its 100T hard limit while the filesystem itself is only 65% full; three old 17T checkpoints are kept. Resubmitting will fail the same way until space is freed or the quota raised.",
        "modelled_on": "https://github.com/open-mmlab/mmdetection/issues/12069",
    }
    return "cm16_project_quota_full_during_checkpoint", files, label


# =============================================================================
# cm17: Lightning run that finished, with scary warnings
# =============================================================================
def cm17():
    rng = random.Random(9417)
    job = 672310
    hosts = ["lg-05", "lg-06"]
    gpn = 4
    t0 = dt(2024, 8, 20, 9, 0, 14)
    L = []
    def add(t, text, k=0):
        L.append((t, k, text))
    add(t0, f"[W socket.cpp:697] [c10d] The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in use).")
    add(t0, f"[W socket.cpp:697] [c10d] The server socket has failed to bind to 0.0.0.0:29500 (errno: 98 - Address already in use).", 1)
    add(t0 + S(0.1), "[E socket.cpp:733] [c10d] The server socket has failed to listen on any local network address.", 2)
    add(t0 + S(4), "GPU available: True (cuda), used: True")
    add(t0 + S(4), "TPU available: False, using: 0 TPU cores", 1)
    add(t0 + S(4), "HPU available: False, using: 0 HPUs", 2)
    for r in range(8):
        add(t0 + S(5 + r * 0.05), f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/8")
    add(t0 + S(7), "----------------------------------------------------------------------------------------------------")
    add(t0 + S(7), "distributed_backend=nccl", 1)
    add(t0 + S(7), "All distributed processes registered. Starting with 8 processes", 2)
    add(t0 + S(7), "----------------------------------------------------------------------------------------------------", 3)
    add(t0 + S(8), "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]")
    for k, ln in enumerate([
        "  | Name      | Type               | Params | Mode ",
        "---------------------------------------------------------",
        "0 | encoder   | ViTEncoder         | 303 M  | train",
        "1 | decoder   | MaskedDecoder      | 26.4 M | train",
        "2 | criterion | MSELoss            | 0      | train",
        "---------------------------------------------------------",
        "329 M     Trainable params",
        "0         Non-trainable params",
        "329 M     Total params",
        "1,317.556 Total estimated model params size (MB)",
    ]):
        add(t0 + S(9), ln, k)
    add(t0 + S(10), "/opt/venv/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/data_connector.py:424: The 'val_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=15` in the `DataLoader` to improve performance.")
    add(t0 + S(11), "/opt/venv/lib/python3.11/site-packages/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()")
    add(t0 + S(11), "  return self.fget.__get__(instance, owner)()", 1)
    t = t0 + S(12)
    loss = 0.92
    epoch_s = 392
    for e in range(20):
        te = t + S(e * (epoch_s + 21))
        loss = loss * rng.uniform(0.9, 0.97)
        add(te + S(epoch_s), f"Epoch {e}: 100%|██████████| 1250/1250 [{epoch_s // 60:02d}:{epoch_s % 60:02d}<00:00,  {1250 / epoch_s:.2f}it/s, v_num=41, train_loss={loss:.3f}]")
        add(te + S(epoch_s + 18), f"Epoch {e}: 100%|██████████| 1250/1250 [{epoch_s // 60:02d}:{epoch_s % 60:02d}<00:00,  {1250 / epoch_s:.2f}it/s, v_num=41, train_loss={loss:.3f}, val_loss={loss * 1.08:.3f}]")
        if e == 0:
            add(te + S(epoch_s + 17), "/opt/venv/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/logger_connector/result.py:431: It is recommended to use `self.log('val_loss', ..., sync_dist=True)` when logging on epoch level in distributed setting to accumulate the metric across devices.")
        if e == 7:
            add(te + S(200), "lg-06:88412:88530 [2] NCCL INFO NET/IB : Got async event : port active")
            add(te + S(200), "lg-06:88412:88530 [2] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : GID table change", 1)
    tend = t + S(20 * (epoch_s + 21))
    add(tend, "`Trainer.fit` stopped: `max_epochs=20` reached.")
    add(tend + S(1), f"Saved final checkpoint to /shared/mae/run41/last.ckpt")
    for r in range(8):
        tt = tend + S(3 + r * 0.01)
        add(tt, c10d(r, "W", tt, "ProcessGroupNCCL.cpp:1250", "Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())"))
    add(tend + S(3.4), "lg-05:71233:71502 [1] NCCL INFO [Service thread] Connection closed by localRank 1")
    add(tend + S(3.5), "lg-05:71233:71233 [1] misc/cudawrap.cc:188 NCCL WARN Cuda failure 4 'driver shutting down'")
    add(tend + S(4), "wandb: 🚀 View run mae-vitl-run41 at: https://wandb.ai/vision-lab/mae/runs/9c2kd01z")
    add(tend + S(4), "wandb: Synced 6 W&B file(s), 0 media file(s), 2 artifact file(s) and 0 other file(s)", 1)
    L.sort(key=lambda x: (x[0], x[1]))
    boot = dt(2024, 8, 12, 3, 0, 0)
    dm, tb = boot_noise(boot, hosts[1], rng, driver="550.90.07")
    dm += periodic_noise(boot, tb, tend + S(60), hosts[1], rng, every=9000)
    dm.append(kmsg(boot, t + S(7 * (epoch_s + 21) + 198), "mlx5_core 0000:4d:00.0: mlx5_fw_tracer_handle_traces:740:(pid 1022): FW tracer: firmware log dropped"))
    dm.append(kmsg(boot, t + S(7 * (epoch_s + 21) + 199), "mlx5_core 0000:4d:00.0 mlx5_2: Port: 1 Link ACTIVE"))
    dm.sort(key=lambda s: float(s[1:s.index("]")]))
    files = {
        f"slurm-{job}.out": join([x[2] for x in L]),
        "sacct.txt": join(sacct([
            (f"{job}", "mae-vitl", "gpu", "vision", "128", "COMPLETED", "0:0", "02:24:31"),
            (f"{job}.batch", "batch", "", "vision", "64", "COMPLETED", "0:0", "02:24:31"),
            (f"{job}.0", "python", "", "vision", "128", "COMPLETED", "0:0", "02:24:28"),
        ], header=("JobID", "JobName", "Partition", "Account", "AllocCPUS", "State", "ExitCode", "Elapsed"))),
        "job.sbatch": "#!/bin/bash\n#SBATCH -J mae-vitl\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -t 04:00:00\nsrun python train_mae.py trainer.num_nodes=2 trainer.devices=4 trainer.max_epochs=20\n",
        f"{hosts[1]}/dmesg.txt": join(dm),
    }
    label = {
        "category": "unknown", "layer": "framework", "culprit": None, "action": "none",
        "rationale": "Lightning reports '`Trainer.fit` stopped: `max_epochs=20` reached', the final checkpoint is saved and sacct shows COMPLETED 0:0 for the job and its step. The alarming lines are benign: a socket bind retry at startup, the PyTorch 2.4 'process group has NOT been destroyed' warning at exit, NCCL 'driver shutting down' during teardown, deprecation warnings and a transient IB GID event. Nothing failed.",
        "modelled_on": "https://github.com/Lightning-AI/pytorch-lightning/pull/19931",
    }
    return "cm17_clean_finish_scary_warnings_lightning", files, label


# =============================================================================
# cm18: user cancelled the job (scancel)
# =============================================================================
def cm18():
    rng = random.Random(9418)
    job = 5521893
    hosts = ["gpu-l40s-08", "gpu-l40s-09"]
    gpn = 4
    t0 = dt(2024, 9, 3, 11, 48, 30, 210000)
    ev = []
    pids = {}
    for i, h in enumerate(hosts):
        apid = 88123 + i * 517
        _torchrun_start(ev, t0 + S(0.1 * i), i, apid, h, 2, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 40 + lr
    t = t0 + S(30)
    losses = loss_curve(rng, 4000, 1.3, 0.55, 0.03)
    tl = t
    for s in range(50, 3801, 50):
        tl = t + S(s * 2.09)
        _ev(ev, tl, f"0: [{tl:%H:%M:%S}] epoch 1 | step {s}/9000 | loss {losses[s]:.4f} | acc {0.61 + s / 20000:.3f} | lr 1.0e-04")
    tc = tl + S(37.4)
    _ev(ev, tc, f"slurmstepd: error: *** JOB {job} ON {hosts[0]} CANCELLED AT {tc:%Y-%m-%dT%H:%M:%S} ***")
    _ev(ev, tc, f"slurmstepd: error: *** STEP {job}.0 ON {hosts[0]} CANCELLED AT {tc:%Y-%m-%dT%H:%M:%S} ***", 1)
    _ev(ev, tc + S(0.01), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.", 2)
    for n in range(2):
        an = 88123 + n * 517
        tt = tc + S(0.05 + n * 0.02)
        _ev(ev, tt, f"{n}: " + elastic("W", tt, an, "torch/distributed/elastic/agent/server/api.py:704", "Received Signals.SIGTERM death signal, shutting down workers"))
        for lr in range(gpn):
            _ev(ev, tt + S(0.001), f"{n}: " + elastic("W", tt + S(0.001), an, "torch/distributed/elastic/multiprocessing/api.py:897", f"Sending process {pids[(n, lr)]} closing signal SIGTERM"), lr + 1)
        tb = [
            "Traceback (most recent call last):",
            '  File "/home/nkhan/miniforge3/envs/cls/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            '  File "/home/nkhan/miniforge3/envs/cls/lib/python3.11/site-packages/torch/distributed/run.py", line 919, in main',
            "    run(args)",
            '  File "/home/nkhan/miniforge3/envs/cls/lib/python3.11/site-packages/torch/distributed/launcher/api.py", line 260, in launch_agent',
            "    result = agent.run()",
            '  File "/home/nkhan/miniforge3/envs/cls/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", line 696, in run',
            "    result = self._invoke_run(role)",
            '  File "/home/nkhan/miniforge3/envs/cls/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", line 855, in _invoke_run',
            "    time.sleep(monitor_interval)",
            '  File "/home/nkhan/miniforge3/envs/cls/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
            "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
            f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {an} got signal: 15",
        ]
        for k, ln in enumerate(tb):
            _ev(ev, tt + S(1.9), f"{n}: {ln}", k)
    _ev(ev, tc + S(2.4), f"srun: error: {hosts[1]}: task 1: Exited with exit code 1")
    _ev(ev, tc + S(2.5), f"srun: error: {hosts[0]}: task 0: Exited with exit code 1")
    out = _sorted(ev)
    files = {
        f"slurm-{job}.out": join(out),
        "sacct.txt": join(sacct([
            (f"{job}", "cls-vit-b", "nkhan", "40213", "CANCELLED by 40213", "0:0", "02:13:49"),
            (f"{job}.batch", "batch", "", "", "CANCELLED", "0:15", "02:13:50"),
            (f"{job}.extern", "extern", "", "", "COMPLETED", "0:0", "02:13:49"),
            (f"{job}.0", "torchrun", "", "", "CANCELLED", "0:15", "02:13:48"),
        ], header=("JobID", "JobName", "User", "UID", "State", "ExitCode", "Elapsed"))),
    }
    label = {
        "category": "unknown", "layer": "framework", "culprit": None, "action": "none",
        "rationale": "Training was progressing normally when slurmstepd logged 'JOB 5521893 ... CANCELLED'; both torchrun agents received SIGTERM and shut their workers down, hence the SignalException tracebacks. sacct shows 'CANCELLED by 40213', the job owner's own UID (user nkhan), with no error before the cancel: a user scancel, not a fault.",
        "modelled_on": "https://github.com/PrimeIntellect-ai/prime-rl/issues/1360",
    }
    return "cm18_user_scancel_mid_training", files, label


CASES = [cm10, cm11, cm12, cm13, cm14, cm15, cm16, cm17, cm18]
