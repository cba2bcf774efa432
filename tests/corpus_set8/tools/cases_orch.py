"""x31-x35: Ray Train, Kubeflow PyTorchJob, Slurm sbatch wrappers."""

from common import *


def _rw(pid, ip_, msg):
    return f"(RayTrainWorker pid={pid}, ip={ip_}) {msg}"


def x31_ray_spot_preemption(rng):
    b = Bundle()
    ips = ["10.0.3.21", "10.0.3.44", "10.0.3.57", "10.0.3.90"]
    names = [f"ip-{i.replace('.', '-')}" for i in ips]
    gone = 1
    t0 = T(2024, 11, 18, 3, 0, 0)
    fail = add(t0, 9000)
    drv = [
        f"{py_ts(t0)}\tINFO worker.py:1816 -- Connected to Ray cluster. View the dashboard at 10.0.3.21:8265",
        f"{py_ts(add(t0, 5))}\tINFO backend_executor.py:... Started distributed worker processes: "
        + ", ".join(
            f"- (node_id={rng.randint(0, 16**12):012x}, ip={i}, pid={3000 + k}) world_rank={k * 8}-{k * 8 + 7}"
            for k, i in enumerate(ips)
        ),
    ]
    for s in range(100, 2900, 200):
        drv.append(
            _rw(
                3000,
                ips[0],
                f"{{'loss': {2.2 - s / 9000:.4f}, 'learning_rate': 2e-05, 'epoch': {s / 10000:.2f}, 'step': {s}}}",
            )
        )
    drv += [
        f"{py_ts(fail)}\tWARNING worker.py:2280 -- The node with node id: 5b9f0c1e2d3a and address: {ips[gone]} and node name: {ips[gone]} has been marked dead because the detector has missed too many heartbeats from it. This can happen when a \t(1) raylet crashes unexpectedly (OOM, preempted node, etc.) \n\t(2) raylet has lagging heartbeats due to slow network or busy workload.",
        _rw(
            3000,
            ips[0],
            f"[rank0]:[E{fail.strftime('%m%d %H:%M:%S')}.482113514 ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank 0] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
        ),
        "ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.",
        f"\tclass_name: RayTrainWorker\n\tactor_id: 9f1c...\n\tpid: {3001}\n\tnamespace: 1a2b\n\tip: {ips[gone]}",
        "The actor is dead because its node has died. Node Id: 5b9f0c1e2d3a",
        "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run.",
        'To continue this run, you can use: `trainer = TorchTrainer.restore("s3://ml-ckpt/ray_results/TorchTrainer_2024-11-18_03-00-00")`.',
        "FailureConfig(max_failures=0): not retrying.",
    ]
    b.add(names[0], "ray-driver.log", drv)
    b.add(
        names[gone],
        "spot-interruption.log",
        [
            f'{iso(add(fail, -125))} ec2-metadata: GET /latest/meta-data/spot/instance-action -> {{"action": "terminate", "time": "{iso(add(fail, -5))}"}}',
            f"{iso(add(fail, -120))} node-termination-handler: Spot interruption notice received; cordoning and draining",
            f"{iso(add(fail, -6))} systemd-logind: System is powering down.",
        ],
    )
    b.add(
        names[gone],
        "raylet.out",
        [
            f"[{add(fail, -30).strftime('%Y-%m-%d %H:%M:%S')},114 I 412 412] (raylet) node_manager.cc:1421: Received SIGTERM, shutting down raylet."
        ],
    )
    for n in names[2:]:
        b.add(n, "syslog", kernel_noise(rng, n, t0, 4))
    b.label(
        "host",
        "infrastructure",
        None,
        None,
        "restart",
        "Ray marks 10.0.3.44 dead and the Train run fails with ActorDiedError, with max_failures=0 so no retry. That "
        "instance received an EC2 spot termination notice two minutes earlier and powered down. This is a preemption, "
        "not a faulty host: the instance is gone and its replacement will be a new one. Restore the run from the last "
        "checkpoint.",
        "https://github.com/ray-project/ray/issues/44680",
    )
    return b


def x32_kubeflow_worker_evicted_disk_pressure(rng):
    b = Bundle()
    nodes = [
        "gke-a3-pool-7f2c-x9k1",
        "gke-a3-pool-7f2c-m2q8",
        "gke-a3-pool-7f2c-p0v3",
        "gke-a3-pool-7f2c-z7d5",
    ]
    pods = ["llm-ft-master-0", "llm-ft-worker-0", "llm-ft-worker-1", "llm-ft-worker-2"]
    bad = 2
    t0 = T(2025, 1, 22, 14, 0, 0)
    ev = add(t0, 6700)
    for i, n in enumerate(nodes):
        lines = [f"$ kubectl logs {pods[i]} -c pytorch"]
        if i == 0:
            lines += [
                f"{{'loss': {1.8 - s / 8000:.4f}, 'learning_rate': 1e-05, 'epoch': {s / 6000:.2f}}}"
                for s in range(100, 2200, 100)
            ]
        if i != bad:
            lines += watchdog_v2(
                i * 8, 55120, "ALLREDUCE", 600000, 600000 + rng.randint(5, 99), add(ev, 601)
            )
        else:
            lines += [
                f"[{py_ts(add(ev, -1))}] torch.distributed.elastic.agent.server.api: [WARNING] Received Signals.SIGTERM death signal, shutting down workers"
            ]
        b.add(n, f"{pods[i]}.log", lines)
    b.add(
        nodes[bad],
        "kubectl-describe-pod.txt",
        [
            f"Name:             {pods[bad]}",
            "Namespace:        research",
            f"Node:             {nodes[bad]}/10.128.0.{41 + bad}",
            "Status:           Failed",
            "Reason:           Evicted",
            "Message:          The node was low on resource: ephemeral-storage. Threshold quantity: 38654705664, available: 29360128Ki. Container pytorch was using 12Gi, request is 0, has larger consumption of ephemeral-storage.",
            "Events:",
            "  Type     Reason     Age   From     Message",
            f"  Warning  Evicted    2m    kubelet  The node was low on resource: ephemeral-storage.",
            f"  Normal   Killing    2m    kubelet  Stopping container pytorch",
        ],
    )
    b.add(
        nodes[bad],
        "kubectl-describe-node.txt",
        [
            f"Name:               {nodes[bad]}",
            "Conditions:",
            "  Type             Status  Reason                       Message",
            "  DiskPressure     True    KubeletHasDiskPressure       kubelet has disk pressure",
            "Events:",
            "  Warning  ImageGCFailed          12m   kubelet  failed to garbage collect required amount of images. Attempted to free 212345678848 bytes, but only found 0 bytes eligible to free.",
            "  Warning  EvictionThresholdMet   3m    kubelet  Attempting to reclaim ephemeral-storage",
        ],
    )
    b.add(
        nodes[0],
        "pytorchjob-status.yaml",
        [
            "status:",
            "  conditions:",
            "  - type: Running",
            '    status: "False"',
            "  - type: Failed",
            '    status: "True"',
            "    reason: PyTorchJobFailed",
            f"    message: PyTorchJob research/llm-ft is failed because 1 Worker replica(s) failed.",
            "  replicaStatuses:",
            "    Master: {active: 1}",
            "    Worker: {active: 2, failed: 1}",
            "  runPolicy: {backoffLimit: 0}",
        ],
    )
    b.label(
        "host",
        "infrastructure",
        nodes[bad],
        None,
        "restart_without_node",
        "Worker-1 was evicted for ephemeral-storage pressure. The pod itself used only 12Gi; the node's image filesystem "
        "is full, image GC could free nothing, and DiskPressure is set. The other pods then time out in allreduce and "
        "backoffLimit 0 fails the job. The node's disk is the problem; reschedule away from it.",
        "https://github.com/kubeflow/trainer/issues/301",
    )
    return b


def x33_slurm_time_limit(rng):
    b = Bundle()
    hosts = ["nid001234", "nid001235", "nid001301", "nid001302"]
    t0 = T(2024, 7, 30, 20, 0, 0)
    end = add(t0, 4 * 3600)
    con = [
        "+ srun --ntasks-per-node=1 --cpus-per-task=64 torchrun --nnodes=4 --nproc-per-node=4 pretrain_gpt.py --save-interval 500 ..."
    ]
    for it in range(10, 2801, 10):
        tt = add(t0, 300 + it * 5.0)
        if tt > end:
            break
        con.append(
            f"0:  [{tt.strftime('%Y-%m-%d %H:%M:%S')}] iteration {it:>8d}/  200000 | consumed samples: {it * 512:>12d} | elapsed time per iteration (ms): {5000 + rng.random() * 30:.1f} | learning rate: 2.900000E-04 | global batch size:   512 | lm loss: {2.9 - it / 4000:.6E} | loss scale: 1.0 | grad norm: 0.412 | number of skipped iterations:   0 | number of nan iterations:   0 |"
        )
        if it % 500 == 0:
            con.append(
                f"0: saving checkpoint at iteration {it:>7d} to /lus/proj/ckpt/gpt-1b3 in torch_dist format"
            )
            con.append(
                f"0:   successfully saved checkpoint from iteration {it:>7d} to /lus/proj/ckpt/gpt-1b3 [ t 1/1, p 1/1 ]"
            )
    con += [
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        f"slurmstepd: error: *** JOB 991204 ON nid001234 CANCELLED AT {end.strftime('%Y-%m-%dT%H:%M:%S')} DUE TO TIME LIMIT ***",
        f"slurmstepd: error: *** STEP 991204.0 ON nid001234 CANCELLED AT {end.strftime('%Y-%m-%dT%H:%M:%S')} DUE TO TIME LIMIT ***",
        f"0: W{end.strftime('%m%d %H:%M:%S')}.004000 8812 torch/distributed/elastic/agent/server/api.py:704] Received 15 death signal, shutting down workers",
        f"0: [rank0]:[W{end.strftime('%m%d %H:%M:%S')}.911000000 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL.",
    ]
    b.add(hosts[0], "slurm-991204.out", con)
    b.add(
        hosts[0],
        "sacct.txt",
        [
            "       JobID    JobName  Timelimit    Elapsed      State ExitCode",
            "------------ ---------- ---------- ---------- ---------- --------",
            "991204        gpt-1b3    04:00:00   04:00:17    TIMEOUT      0:0",
            "991204.batch      batch              04:00:19  CANCELLED     0:15",
            "991204.0       torchrun              04:00:16  CANCELLED     0:15",
        ],
    )
    for h in hosts:
        b.add(h, "syslog", kernel_noise(rng, h, t0, 4))
    b.label(
        "unknown",
        "script",
        None,
        None,
        "restart",
        "Nothing failed. Training ran at a steady ~5 s/iteration, saved checkpoints every 500 iterations, and was "
        "killed by Slurm at the job's 4 h wall-clock limit (sacct: TIMEOUT). Resubmit to continue from the last "
        "checkpoint, perhaps with a longer limit.",
        "https://github.com/NVIDIA-NeMo/Automodel/pull/2637",
    )
    return b


def x34_slurm_node_fail_psu(rng):
    b = Bundle()
    hosts = ["nid001041", "nid001042", "nid001045", "nid001046", "nid001050", "nid001051"]
    job = Job(hosts, gpn=4)
    bh = "nid001045"
    t0 = T(2024, 1, 8, 2, 0, 0)
    fail = add(t0, 15000)
    con = []
    for it in range(20, 3000, 40):
        con.append(
            f"0: | epoch   1 | step {it:6d} | loss {3.1 - it / 5000:.3f} | ms/step {2210 + rng.randint(-20, 20)} |"
        )
    con += [
        f"srun: error: Node failure on {bh}",
        f"srun: error: Aborting, io error and missing step on node {job.hosts.index(bh)}",
        f"slurmstepd: error: *** STEP 3312001.0 ON nid001041 CANCELLED AT {add(fail, 301).strftime('%Y-%m-%dT%H:%M:%S')} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***",
    ]
    for r in range(0, 24, 5):
        if job.host_of(r) != bh:
            con.append(
                f"{r}: [E ProcessGroupNCCL.cpp:475] [Rank {r}] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.18.1"
            )
    b.add(hosts[0], "slurm-3312001.out", con)
    b.add(
        hosts[0],
        "sacct.txt",
        [
            "JobID           State ExitCode NodeList",
            "3312001      NODE_FAIL      0:0 nid0010[41-42,45-46,50-51]",
            "3312001.0    CANCELLED     0:9 nid0010[41-42,45-46,50-51]",
        ],
    )
    b.add(
        hosts[0],
        "slurmctld-excerpt.log",
        [
            f"[{fail.strftime('%Y-%m-%dT%H:%M:%S')}.112] error: Nodes {bh} not responding",
            f"[{add(fail, 300).strftime('%Y-%m-%dT%H:%M:%S')}.113] error: Nodes {bh} not responding, setting DOWN",
            f"[{add(fail, 300).strftime('%Y-%m-%dT%H:%M:%S')}.190] Killing JobId=3312001 on failed node {bh}",
        ],
    )
    b.add(
        bh,
        "console.log.gz",
        [
            f"{add(fail, -5).strftime('%Y-%m-%d %H:%M:%S')} {bh} kernel: mce: [Hardware Error]: Machine check events logged",
            f"{add(fail, -2).strftime('%Y-%m-%d %H:%M:%S')} {bh} kernel: {{1}}[Hardware Error]: event severity: fatal",
        ],
    )
    b.add(
        bh,
        "bmc-sel.txt",
        [
            f" 1a3 | {fail.strftime('%m/%d/%Y | %H:%M:%S')} | Power Supply PS2 | Failure detected | Asserted",
            f" 1a4 | {fail.strftime('%m/%d/%Y | %H:%M:%S')} | Power Supply PS1 | Power Supply AC lost | Asserted",
            f" 1a5 | {add(fail, 400).strftime('%m/%d/%Y | %H:%M:%S')} | System Event | Timestamp Clock Sync | Asserted",
        ],
    )
    for h in hosts[1:]:
        if h != bh:
            b.add(h, "syslog", kernel_noise(rng, h, t0, 3))
    b.label(
        "host",
        "infrastructure",
        bh,
        None,
        "restart_without_node",
        "Slurm reports NODE_FAIL: nid001045 stopped responding and was set DOWN. Its BMC logs a PSU failure plus AC loss "
        "on the second PSU at that second, and the console shows a fatal machine check just before. The NCCL "
        "'remote process exited' errors on other ranks are fallout. Resubmit excluding the node.",
        "https://github.com/flux-framework/flux-core/issues/6103",
    )
    return b


def x35_kubeflow_master_worker_image_mismatch(rng):
    b = Bundle()
    nodes = ["aks-gpu-31544-vmss000003", "aks-gpu-31544-vmss000007", "aks-gpu-31544-vmss00000b"]
    pods = ["bert-pt-master-0", "bert-pt-worker-0", "bert-pt-worker-1"]
    t0 = T(2024, 5, 3, 8, 20, 0)
    for i, n in enumerate(nodes):
        ver = "2.20.5+cuda12.4" if i == 0 else "2.18.1+cuda12.1"
        lines = [f"$ kubectl logs {pods[i]}", f"torch {'2.3.0' if i == 0 else '2.1.2'}"]
        if i == 0:
            lines.append(f"{pods[i]}:41:41 [0] NCCL INFO NCCL version {ver}")
        lines += [
            f"{pods[i]}:41:41 [0] NCCL INFO cudaDriverVersion 12040",
            f"{pods[i]}:41:{90 + i} [0] NCCL INFO Bootstrap : Using eth0:10.244.{i}.17<0>",
        ]
        if i == 0:
            lines += [
                f"{pods[i]}:41:95 [0] bootstrap.cc:90 NCCL WARN Message truncated : received 4240 bytes instead of 4128",
                f"{pods[i]}:41:95 [0] NCCL INFO bootstrap.cc:591 -> 3",
            ]
        lines += py_tb(
            [
                ("/app/train.py", 58, "setup", "dist.barrier()"),
                (
                    "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py",
                    3683,
                    "barrier",
                    "work = default_pg.barrier(opts=opts)",
                ),
            ],
            f"torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:{1970 if i == 0 else 1333}, internal error - please report this issue to the NCCL developers, NCCL version {ver.split('+')[0]}\nncclInternalError: Internal check failed.\nLast error:\nMessage truncated : received 4240 bytes instead of 4128",
        )
        b.add(n, f"{pods[i]}.log", lines)
    b.add(
        nodes[0],
        "pytorchjob.yaml",
        [
            "apiVersion: kubeflow.org/v1",
            "kind: PyTorchJob",
            "spec:",
            "  pytorchReplicaSpecs:",
            "    Master:",
            "      template: {spec: {containers: [{name: pytorch, image: acr.io/nlp/trainer:2024.05}]}}",
            "    Worker:",
            "      replicas: 2",
            "      template: {spec: {containers: [{name: pytorch, image: acr.io/nlp/trainer:2024.01}]}}",
        ],
    )
    b.label(
        "dependency",
        "framework",
        None,
        None,
        "stop",
        "NCCL bootstrap fails on every pod with 'Message truncated' or internal error. The master runs torch 2.3 / NCCL "
        "2.20.5 while the workers run torch 2.1 / NCCL 2.18.1, because the PyTorchJob spec points master and worker at "
        "different image tags. The mixed library versions are incompatible; align the images before relaunching.",
        "https://github.com/pytorch/pytorch/issues/122571",
    )
    return b


CASES = [
    x31_ray_spot_preemption,
    x32_kubeflow_worker_evicted_disk_pressure,
    x33_slurm_time_limit,
    x34_slurm_node_fail_psu,
    x35_kubeflow_master_worker_image_mismatch,
]
