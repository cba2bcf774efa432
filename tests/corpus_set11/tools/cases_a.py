"""corpus_set11 cases p01-p10."""
from __future__ import annotations

from common import (Bundle, Ctx, Log, T, sec, make_nodes, f_pylog, f_dmesg_T, f_k8s, f_iso_z, f_journal_iso,
                    kernel_log, dmesg_noise, nvidia_smi, host_info, etc_hosts, nccl_init, ib_completion_error,
                    torchrun_banner, flood, teardown, prefixed, k8s_prefix, srun_prefix, fmt_pylog, fmt_megatron,
                    fmt_titan, schedule, render_sched, step_at, kubectl_get_pods, kubectl_describe_pod, hexs, uuid,
                    slurm_header, compress_nodelist, f_slurm_time, f_torchrun_time, epoch, local, MLX_PCI)


def _reentrant_warning(ctx, t, rank):
    return (t, f"{ctx.site}/torch/utils/checkpoint.py:464: UserWarning: torch.utils.checkpoint: the use_reentrant "
               "parameter should be passed explicitly. In version 2.4 we will raise an exception if use_reentrant is "
               "not passed. use_reentrant=False is recommended, but if you need to preserve the current default "
               "behavior, you can pass use_reentrant=True. Refer to docs for more details on the differences between "
               "the two variants.\n  warnings.warn(")


def _gpu_query(node, driver, t):
    out = ["+ nvidia-smi --query-gpu=index,name,pci.bus_id,driver_version --format=csv,noheader"]
    for i in range(node.gpus):
        out.append(f"{i}, {node.gpu}, 00000000:{node.pci[i].upper()}:00.0, {driver}")
    return "\n".join(out)


def _node_line(i, tz=0):
    def f(t, step, loss, st, d):
        return f"{f_pylog(t, tz)} INFO pretrain: [node {i}] step {step} local_tokens/s={int(d['tps'] * 8):,} mem_alloc={d['mem']:.1f}GiB"
    return f


# ---------------------------------------------------------------------------
# p01: Kubeflow PyTorchJob, 64 ranks, watchdog flood; first failure is a
#      kernel message on one node ten minutes earlier (GPU fell off the bus)
# ---------------------------------------------------------------------------

def p01_kubeflow_64rank_watchdog_flood(rng):
    b = Bundle("p01")
    ctx = Ctx(rng, torch="2.3", nccl="2.20.5", timeout_ms=600000, py="3.10", cuda="12.1", drv="12040",
              script="/workspace/pretrain.py", binary="/usr/bin/python3")
    names = ["kube-h100-r2-n03", "kube-h100-r2-n07", "kube-h100-r3-n01", "kube-h100-r3-n04",
             "kube-h100-r3-n09", "kube-h100-r4-n02", "kube-h100-r4-n06", "kube-h100-r4-n11"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.18.4.", ib=None, boot0=T("2024-05-14 06:00:00"))
    pods = ["llm7b-pt-master-0"] + [f"llm7b-pt-worker-{i}" for i in range(7)]
    pod_ip = {n.name: f"10.233.{rng.randint(64, 127)}.{rng.randint(2, 250)}" for n in nodes}
    bad, bad_lr = nodes[4], 5
    t0 = T("2024-05-14 06:41:12.204")
    t_train = t0 + sec(131.5)
    t_x = T("2024-05-14 09:12:40.613")
    sched = schedule(rng, t_train, 0, t_x + sec(0.9), 1.38)
    last = sched[-1][1]
    seq = last * 4 + 37
    t_wd = t_x + sec(600.4)
    kp = k8s_prefix(rng)
    driver = "550.54.15"
    image = "harbor.corp.internal/ml/llm-train:2024.05.2"
    digest = "sha256:" + hexs(rng, 64)
    ends = {}
    for i, (n, pod) in enumerate(zip(nodes, pods)):
        items = [(t0, "+ export NCCL_DEBUG=WARN TORCH_NCCL_ASYNC_ERROR_HANDLING=1"),
                 (t0 + sec(0.01), _gpu_query(n, driver, t0)),
                 (t0 + sec(0.2), "+ torchrun --nnodes=8 --nproc_per_node=8 --rdzv_backend=c10d "
                                 "--rdzv_endpoint=llm7b-pt-master-0:23456 --rdzv_id=llm7b-pt /workspace/pretrain.py "
                                 "--config configs/llama7b_fsdp.yaml")]
        items += torchrun_banner(ctx, n, t0 + sec(1.1))
        ts = t0 + sec(38 + rng.uniform(0, 6))
        items.append((ts, f"{f_pylog(ts)} INFO pretrain: node_rank={i} local_world_size=8 world_size=64 "
                          f"rdzv=llm7b-pt-master-0:23456 host={n.name}"))
        for lr in range(8):
            items.append(_reentrant_warning(ctx, ts + sec(70 + rng.uniform(0, 9)), n.rank(lr)))
        if i == 0:
            items.append((t_train - sec(2), f"{f_pylog(t_train - sec(2))} INFO pretrain: FSDP wrapped 32 blocks, "
                                            f"params=6.74B, mixed_precision=bf16, sharding=FULL_SHARD"))
            items += render_sched(sched, 25, fmt_pylog("pretrain"))
        else:
            items += render_sched(sched, 250, _node_line(i))
        skip = (bad_lr,) if n is bad else ()
        fl, times = flood(ctx, n, t_wd + sec(rng.uniform(0.0, 0.7)), seq, "ALLREDUCE", numel=1, frames_for=1,
                          skip=skip)
        items += fl
        td, tend = teardown(ctx, n, [(lr, -6, tt) for lr, tt in times.items()], "/workspace/pretrain.py")
        items += td
        ends[n.name] = tend
        b.add(f"{n.name}/kubectl_logs_{pod}.txt", Log().extend(prefixed(items, kp)))

        # kernel ring buffer
        kn = dmesg_noise(rng, t0 - sec(3600 * 5), t_wd + sec(1200), rng.randint(30, 55))
        if n is bad:
            bus = n.pci[bad_lr]
            kn += [(t_x - sec(0.41), f"pcieport 0000:{int(bus, 16) - 7:02x}:01.0: AER: Uncorrected (Fatal) error received: 0000:{int(bus, 16) - 7:02x}:01.0"),
                   (t_x - sec(0.40), f"pcieport 0000:{int(bus, 16) - 7:02x}:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
                   (t_x, f"NVRM: GPU at PCI:0000:{bus}:00: GPU-{uuid(rng)}"),
                   (t_x, f"NVRM: GPU Board Serial Number: 16549230{rng.randint(10000, 99999)}"),
                   (t_x, f"NVRM: Xid (PCI:0000:{bus}:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                   (t_x, f"NVRM: GPU 0000:{bus}:00.0: GPU has fallen off the bus."),
                   (t_x + sec(0.01), "NVRM: A GPU crash dump has been created. If possible, please run"),
                   (t_x + sec(0.01), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                   (t_x + sec(0.01), "NVRM: the NVIDIA kernel module is unloaded."),
                   (t_wd + sec(245), f"INFO: task python3:{n.pids[bad_lr]} blocked for more than 122 seconds."),
                   (t_wd + sec(245), "      Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"),
                   (t_wd + sec(245), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.")]
        kn.sort(key=lambda x: x[0])
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, kn, "dmesg_T")])
        tc = t_wd + sec(1500 + i * 13)
        b.add(f"{n.name}/host_info.txt", host_info(n, tc))
        if n is bad:
            b.add(f"{n.name}/nvidia-smi.txt", ["$ nvidia-smi", f"Unable to determine the device handle for GPU00000000:{bad.pci[bad_lr].upper()}:00.0: Unknown Error"])
        else:
            b.add(f"{n.name}/nvidia-smi.txt", ["$ nvidia-smi"] + nvidia_smi(rng, n, tc, driver=driver, cuda="12.4"))

    rows = []
    for n, pod in zip(nodes, pods):
        rows.append((pod, "0/1", "Error", "0", "3h1m", pod_ip[n.name], n.name))
    b.add(f"{nodes[0].name}/kubectl_get_pods.txt", ["$ kubectl -n llm get pods -o wide -l training.kubeflow.org/job-name=llm7b-pt"] + kubectl_get_pods(rows, t_wd))
    for n, pod in zip(nodes, pods):
        idx = pods.index(pod)
        if n is bad:
            ev = [("Normal", "Killing", "19m", "kubelet", "Stopping container pytorch"),
                  ("Warning", "FailedKillPod", "17m", "kubelet", 'error killing pod: failed to "KillPodSandbox" for "' + hexs(rng, 8) + '" with KillPodSandboxError: "rpc error: code = DeadlineExceeded desc = context deadline exceeded"')]
            ec, rsn = 137, "Error"
        else:
            ev = []
            ec, rsn = 1, "Error"
        d = kubectl_describe_pod(pod, "llm", n.name, n.eth_ip, pod_ip[n.name], image, f"{image.split(':')[0]}@{digest}",
                                 t0 - sec(20), ends[n.name] + sec(3 if n is not bad else 160), ec, rsn, 0, ev,
                                 job="llm7b-pt", replica="master" if idx == 0 else "worker", index=max(0, idx - 1))
        b.add(f"{n.name}/kubectl_describe_pod_{pod}.txt", d)
    b.set_label("gpu_hardware", "infrastructure", bad.name, bad.rank(bad_lr), "restart_without_node",
                "Every rank times out ten minutes after one node logged Xid 79 (GPU fell off the bus) for the GPU at "
                "the bus id the startup query maps to local rank 5 of worker-3; that GPU never reports a timeout itself.",
                "https://github.com/rwth-i6/returnn/issues/1486")
    return b


# ---------------------------------------------------------------------------
# p02: torchrun per-rank log dir; IB completion errors accuse a peer by IP
# ---------------------------------------------------------------------------

def _ibstat(rng, n, down=None):
    out = []
    for i, dev in enumerate([0, 3, 4, 5, 6, 9, 10, 11]):
        st, ph, rate = ("Active", "LinkUp", 400)
        if down == dev:
            st, ph, rate = ("Down", "Polling", 10)
        out += [f"CA 'mlx5_{dev}'",
                "\tCA type: MT4129",
                "\tNumber of ports: 1",
                "\tFirmware version: 28.39.2048",
                "\tHardware version: 0",
                f"\tNode GUID: 0x{hexs(rng, 16)}",
                f"\tSystem image GUID: 0x{hexs(rng, 16)}",
                "\tPort 1:",
                f"\t\tState: {st}",
                f"\t\tPhysical state: {ph}",
                f"\t\tRate: {rate}",
                f"\t\tBase lid: {rng.randint(100, 2000) if st == 'Active' else 65535}",
                "\t\tLMC: 0",
                f"\t\tSM lid: {1 if st == 'Active' else 0}",
                "\t\tCapability mask: 0xa751e848",
                f"\t\tPort GUID: 0x{hexs(rng, 16)}",
                "\t\tLink layer: InfiniBand"]
    return out


def p02_torchrun_logdir_ib_completion_errors(rng):
    b = Bundle("p02")
    ctx = Ctx(rng, torch="2.4", nccl="2.21.5", timeout_ms=900000, py="3.11",
              site="/opt/venv/lib/python3.11/site-packages", cuda="12.4", drv="12040",
              script="train_gpt.py", binary="/opt/venv/bin/python3")
    names = ["ai-h100-017", "ai-h100-022", "ai-h100-031", "ai-h100-046"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.20.7.", ib="10.44.3.", boot0=T("2024-07-02 09:00:00"))
    bad = nodes[2]
    bad_hca = 4  # mlx5_4 serves local ranks 2 and 3
    hca_of = {0: "mlx5_0", 1: "mlx5_0", 2: "mlx5_4", 3: "mlx5_4", 4: "mlx5_6", 5: "mlx5_6", 6: "mlx5_10", 7: "mlx5_10"}
    t0 = T("2024-07-02 11:31:05.770")
    t_train = t0 + sec(96)
    t_down = T("2024-07-02 14:02:09.338")
    t_err = t_down + sec(7.2)
    sched = schedule(rng, t_train, 0, t_err, 2.1)
    run = f"llm_{hexs(rng, 8)}"
    sub = {n.name: f"{run}_{hexs(rng, 8)}" for n in nodes}
    rdir = lambda n, lr: f"{n.name}/runlogs/{sub[n.name]}/attempt_0/{lr}"  # noqa: E731
    nccl_ver = ctx.nccl
    for i, n in enumerate(nodes):
        agent = Log()
        agent.add(t0, f"$ torchrun --nnodes=4 --nproc_per_node=8 --node_rank={i} --master_addr={nodes[0].name} "
                      f"--master_port=29500 --log-dir=/scratch/runlogs --tee 3 train_gpt.py --cfg gpt_13b.yaml")
        agent.extend(torchrun_banner(ctx, n, t0 + sec(0.9)))
        fails = []
        for lr in range(8):
            out, err = Log(), Log()
            gr = n.rank(lr)
            ti = t0 + sec(42 + rng.uniform(0, 3))
            out.lines(ti, nccl_init(ctx, n, lr, 32, sock_if="ib0", print_version=(gr == 0),
                                    ib_devs=[f"mlx5_{d}:1/IB" for d in (0, 3, 4, 5, 6, 9, 10, 11)]))
            err.add(ti - sec(30), f"{ctx.site}/transformers/utils/generic.py:441: FutureWarning: `torch.utils._pytree._register_pytree_node` is deprecated. Please use `torch.utils._pytree.register_pytree_node` instead.\n  _torch_pytree._register_pytree_node(")
            if gr == 0:
                out.extend(render_sched(sched, 10, fmt_pylog("train_gpt")))
            elif lr == 0:
                out.extend(render_sched(sched, 100, _node_line(i)))
            # failure
            te = t_err + sec(rng.uniform(0.0, 1.6))
            peer_touch = (lr in (2, 3)) or rng.random() < 0.35
            if n is bad and lr in (2, 3):
                other = rng.choice([x for x in nodes if x is not bad])
                txt, warn = ib_completion_error(ctx, n, lr, other.ib_ip, n.ib_ip, status=5, vendor=249,
                                                opcode=rng.choice([0, 1, 129]), hca=hca_of[lr], gid_style="ib",
                                                direction="Send")
                out.add(te - sec(0.3), txt)
                err.extend(ctx.nccl_error_abort(gr, te, "remote", warn, frames=(lr == 2)))
                fails.append((lr, -6, te))
            elif n is not bad and peer_touch:
                txt, warn = ib_completion_error(ctx, n, lr, bad.ib_ip, n.ib_ip, status=12, vendor=129,
                                                opcode=rng.choice([0, 0, 1]), hca=hca_of[lr], gid_style="ib",
                                                direction=rng.choice(["Recv", "Send"]))
                out.add(te, txt)
                err.extend(ctx.nccl_error_abort(gr, te + sec(0.4), "remote", warn, frames=(len(fails) == 0)))
                fails.append((lr, -6, te + sec(0.4)))
            b.add(f"{rdir(n, lr)}/stdout.log", out)
            b.add(f"{rdir(n, lr)}/stderr.log", err)
        if not fails:
            fails = [(0, -6, t_err + sec(3))]
        td, _ = teardown(ctx, n, fails, "train_gpt.py")
        agent.extend(td)
        b.add(f"{n.name}/torchrun_agent.log", agent)
        kn = dmesg_noise(rng, t0 - sec(7200), t_err + sec(900), rng.randint(20, 40))
        if n is bad:
            pci = MLX_PCI[2]
            kn += [(t_down - sec(1.9), f"mlx5_core 0000:{pci}:00.0: mlx5_port_module_event:1152:(pid 0): Port module event[error]: module 4, Cable error, Bad or shorted cable/module"),
                   (t_down, f"mlx5_core 0000:{pci}:00.0: Port module event: module 4, Cable unplugged"),
                   (t_down + sec(0.004), f"ib_core: mlx5_4: port 1 state changed to DOWN"),
                   (t_down + sec(0.6), "ib2: carrier lost"),
                   (t_down + sec(3.1), f"mlx5_core 0000:{pci}:00.0: mlx5_port_module_event:1152:(pid 0): Port module event[error]: module 4, Cable error, Bad or shorted cable/module")]
        kn.sort(key=lambda x: x[0])
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, kn, "dmesg_T")])
        tc = t_err + sec(2400 + 40 * i)
        ifs = [("lo", "UNKNOWN", "127.0.0.1/8 ::1/128"), ("eno1", "UP", f"{n.eth_ip}/23"),
               ("ib0", "UP", f"{n.ib_ip}/16 fe80::{hexs(rng, 4)}:{hexs(rng, 4)}:{hexs(rng, 4)}:{hexs(rng, 4)}/64")]
        for k, d in enumerate((3, 4, 5, 6, 9, 10, 11), 1):
            st = "DOWN" if (n is bad and d == bad_hca) else "UP"
            ifs.append((f"ib{k}", st, f"10.44.{3 + k * 16}.{n.ib_ip.split('.')[-1]}/16" if st == "UP" else ""))
        b.add(f"{n.name}/ip_addr.txt", host_info(n, tc, ifaces=ifs))
        b.add(f"{n.name}/ibstat.txt", _ibstat(rng, n, down=bad_hca if n is bad else None))
    b.set_label("network", "infrastructure", bad.name, None, "restart_without_node",
                "Ranks on three nodes report IB completion errors (status 12) from peer 10.44.3.x, which is the ib0 "
                "OOB address of ai-h100-031; that node's kernel logged a bad cable and link down on mlx5_4 seconds "
                "earlier, and its own ranks' flush errors (status 5) only name innocent peers.",
                "https://github.com/NVIDIA/nccl/issues/1405")
    return b


# ---------------------------------------------------------------------------
# p03: one leaf switch drops: every node under it loses links at once
# ---------------------------------------------------------------------------

def p03_slurm_ib_errors_half_the_cluster(rng):
    b = Bundle("p03")
    ctx = Ctx(rng, torch="2.1", nccl="2.18.5", timeout_ms=1800000, py="3.10", cuda="12.1", drv="12020",
              script="pretrain_gpt.py", binary="/usr/bin/python")
    names = [f"gpu{n:03d}" for n in (104, 105, 107, 108, 121, 122, 124, 126)]
    nodes = make_nodes(rng, names, gpus=8, eth="172.16.8.", ib="172.18.8.", boot0=T("2024-01-22 00:00:00"),
                       gpu="NVIDIA A100-SXM4-80GB")
    leaf_a, leaf_b = nodes[:4], nodes[4:]
    b.set_topology({"ib-leaf-07": [n.name for n in leaf_a], "ib-leaf-08": [n.name for n in leaf_b]})
    job = 481233
    t0 = T("2024-01-29 22:03:41.000")
    t_train = t0 + sec(150)
    t_sw = T("2024-01-30 04:17:52.615")
    t_err = t_sw + sec(4.8)
    sched = schedule(rng, t_train, 0, t_err, 3.05)
    out = Log()
    out.add(t0, slurm_header(job, nodes, t0, extra=["+ srun --label --ntasks-per-node=1 bash -c 'torchrun --nnodes=8 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=gpu104:29500 pretrain_gpt.py ...'"]))
    for i, n in enumerate(nodes):
        items = torchrun_banner(ctx, n, t0 + sec(2))
        if i == 0:
            items.append((t_train - sec(1), " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1632944128"))
            items += render_sched(sched, 20, fmt_megatron(250000, 1536))
        fails = []
        # links on leaf-08 drop: every rank that crosses the leaf sees completion errors
        for lr in range(8):
            gr = n.rank(lr)
            if rng.random() < (0.75 if n in leaf_b else 0.45):
                peer = rng.choice(leaf_b if n in leaf_a else nodes)
                while peer is n:
                    peer = rng.choice(nodes)
                te = t_err + sec(rng.uniform(0, 2.5)) + (sec(0) if n in leaf_b else sec(0.9))
                txt, warn = ib_completion_error(ctx, n, lr, peer.ib_ip, n.ib_ip, status=rng.choice([12, 12, 5]),
                                                vendor=129, hca=f"mlx5_{rng.choice([0, 1, 2, 3])}", gid_style="ib",
                                                direction=rng.choice(["Recv", "Send"]))
                items.append((te, txt))
                items += ctx.nccl_error_abort(gr, te + sec(0.3), "remote", warn, frames=False)
                fails.append((lr, -6, te + sec(0.3)))
        if not fails:
            fails = [(0, -6, t_err + sec(3))]
        td, _ = teardown(ctx, n, fails, "pretrain_gpt.py")
        items += td
        out.extend(prefixed(items, srun_prefix(i)))
        out.add(t_err + sec(9 + i * 0.2), f"srun: error: {n.name}: task {i}: Exited with exit code 1")
        # kernel log (kern.log style: syslog + uptime)
        kn = dmesg_noise(rng, t0 - sec(3600), t_err + sec(600), rng.randint(15, 30))
        if n in leaf_b:
            for k, pci in enumerate(MLX_PCI[:4]):
                td0 = t_sw + sec(rng.uniform(0, 0.35))
                kn += [(td0, f"mlx5_core 0000:{pci}:00.0: mlx5_eq_async_int:431:(pid 0): port change event: port 1 DOWN"),
                       (td0 + sec(0.002), f"ib_core: mlx5_{k}: port 1 state changed to DOWN"),
                       (td0 + sec(94 + rng.uniform(0, 3)), f"ib_core: mlx5_{k}: port 1 state changed to ACTIVE")]
        kn.sort(key=lambda x: x[0])
        b.add(f"{n.name}/kern.log", [ln for _, ln in kernel_log(n, kn, "kernlog")])
        b.add(f"{n.name}/host_info.txt", host_info(n, t_err + sec(3000)))
    out.add(t_err + sec(12), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    b.add(f"{nodes[0].name}/slurm-{job}.out", out)
    b.set_label("network", "infrastructure", None, None, "restart",
                "All four nodes under ib-leaf-08 lost every IB port within the same half second and regained them "
                "about 95 s later; ranks everywhere then failed with completion errors, so the switch, not a node, "
                "is at fault.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return b


# ---------------------------------------------------------------------------
# p04: accelerate on slurm; dmesg in seconds-since-boot; ECC DBE on one node
# ---------------------------------------------------------------------------

def p04_accelerate_slurm_uptime_dmesg(rng):
    b = Bundle("p04")
    ctx = Ctx(rng, torch="2.2", nccl="2.19.3", timeout_ms=1800000, py="3.10", cuda="12.1", drv="12020",
              script="finetune.py", binary="/home/svc-ml/.conda/envs/ft/bin/python")
    ctx.site = "/home/svc-ml/.conda/envs/ft/lib/python3.10/site-packages"
    names = ["hpc-gn031", "hpc-gn032", "hpc-gn040", "hpc-gn044", "hpc-gn051", "hpc-gn052"]
    nodes = make_nodes(rng, names, gpus=4, eth="10.141.0.", ib="10.149.0.", boot0=T("2024-02-20 08:00:00"),
                       gpu="NVIDIA A100-SXM4-80GB", ip_jitter=True)
    for n in nodes:
        n.pci = ["07", "0f", "47", "4e"]
    bad, bad_lr = nodes[3], 2
    bad_rank = bad.rank(bad_lr)
    job = 2217409
    t0 = T("2024-02-20 13:10:04.000")
    t_train = t0 + sec(210)
    t_ecc = T("2024-02-20 19:44:27.902")
    sched = schedule(rng, t_train, 0, t_ecc + sec(0.3), 0.92)
    out = Log()
    out.add(t0, slurm_header(job, nodes, t0, partition="a100", extra=[
        "+ srun --ntasks-per-node=1 accelerate launch --config_file fsdp.yaml --num_machines 6 --num_processes 24 "
        "--machine_rank $SLURM_NODEID --main_process_ip hpc-gn031 --main_process_port 29400 finetune.py"]))
    for i, n in enumerate(nodes):
        items = torchrun_banner(ctx, n, t0 + sec(3))
        items.append((t0 + sec(60), f"{f_pylog(t0 + sec(60))} - INFO - accelerate.utils.other - Detected kernel version 4.18.0, which is below the recommended minimum of 5.5.0; this can cause the process to hang. It is recommended to upgrade the kernel to the minimum version or higher."))
        if i == 0:
            items += render_sched(sched, 50, lambda t, s, l, st, d: f"{{'loss': {l:.4f}, 'grad_norm': {d['gn']:.4f}, 'learning_rate': {1.8e-05 * (1 - s / 90000):.4e}, 'epoch': {s / 30000:.2f}}}")
        fails = []
        if n is bad:
            te = t_ecc + sec(0.35)
            tb = ctx.py_tb(bad_rank, [
                ("/home/svc-ml/ft/finetune.py", 388, "<module>", "main()"),
                ("/home/svc-ml/ft/finetune.py", 341, "main", "accelerator.backward(loss)"),
                ("SITE/accelerate/accelerator.py", 1966, "backward", "loss.backward(**kwargs)"),
                ("TORCH/_tensor.py", 522, "backward", "torch.autograd.backward("),
                ("TORCH/autograd/__init__.py", 266, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
            ], "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1.\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n")
            items.append((te, tb))
            fails.append((bad_lr, 1, te))
            # the other local ranks are killed by accelerate/torchrun
        else:
            fl, times = flood(ctx, n, t_ecc + sec(1800.2 + rng.uniform(0, 0.4)), sched[-1][1] * 2 + 11, "_REDUCE_SCATTER_BASE",
                              numel=rng.choice([131334144, 262668288]), frames_for=1)
            items += fl
            fails = [(lr, -6, tt) for lr, tt in times.items()]
        td, tend = teardown(ctx, n, fails, "finetune.py")
        items += td
        out.extend(prefixed(items, srun_prefix(i)))
        out.add(tend + sec(1), f"srun: error: {n.name}: task {i}: Exited with exit code 1")
        # kernel: uptime-stamped dmesg + uptime -s in host_info
        kn = dmesg_noise(rng, t0 - sec(3000), t_ecc + sec(2000), rng.randint(25, 45))
        if n is bad:
            bus = n.pci[bad_lr]
            kn += [(t_ecc, f"NVRM: Xid (PCI:0000:{bus}:00): 48, pid={n.pids[bad_lr]}, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0."),
                   (t_ecc + sec(0.02), f"NVRM: Xid (PCI:0000:{bus}:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000{hexs(rng, 8)}) marked for remapping, reset gpu to activate."),
                   (t_ecc + sec(0.31), f"NVRM: Xid (PCI:0000:{bus}:00): 45, pid={n.pids[bad_lr]}, name=python, Ch 00000010")]
        kn.sort(key=lambda x: x[0])
        b.add(f"{n.name}/dmesg.txt", [ln for _, ln in kernel_log(n, kn, "uptime")])
        b.add(f"{n.name}/host_info.txt", host_info(n, t_ecc + sec(2400)))
    out.add(t_ecc + sec(40), f"slurmstepd: error: *** STEP {job}.0 ON hpc-gn031 CANCELLED AT {f_slurm_time(t_ecc + sec(40))} ***")
    b.add(f"{nodes[0].name}/slurm-{job}.out", out)
    b.set_label("gpu_memory", "infrastructure", bad.name, bad_rank, "restart_without_node",
                "Converting hpc-gn044's seconds-since-boot dmesg with its boot time puts Xid 48 (DBE) and Xid 63 on "
                "the GPU of local rank 2 at the same instant as that rank's 'uncorrectable ECC error'; every other "
                "node only times out 30 minutes later.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    return b


# ---------------------------------------------------------------------------
# p05: SkyPilot, NVLink fatal error on one node
# ---------------------------------------------------------------------------

def p05_skypilot_cuda_errors_one_worker(rng):
    b = Bundle("p05")
    ctx = Ctx(rng, torch="2.5", nccl="2.21.5", timeout_ms=600000, py="3.11",
              site="/home/sky/miniconda3/envs/train/lib/python3.11/site-packages", cuda="12.4", drv="12060",
              script="train.py", binary="/home/sky/miniconda3/envs/train/bin/python")
    names = ["sky-4f1c-ana-head", "sky-4f1c-ana-worker1", "sky-4f1c-ana-worker2", "sky-4f1c-ana-worker3"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.130.0.", ib=None, boot0=T("2024-11-05 06:00:00"))
    labels = ["head", "worker1", "worker2", "worker3"]
    bad = nodes[2]
    t0 = T("2024-11-05 07:12:30.000")
    t_train = t0 + sec(300)
    t_nv = T("2024-11-05 10:03:17.412")
    sched = schedule(rng, t_train, 0, t_nv + sec(0.5), 1.77)
    sky = Log()
    sky.add(t0 - sec(40), "I 11-05 07:11:50 cloud_vm_ray_backend.py:3511] Job submitted with Job ID: 3")
    sky.add(t0 - sec(39), "I 11-05 07:11:51 log_lib.py:415] Start streaming logs for job 3.")
    sky.add(t0 - sec(38), "INFO: Tip: use Ctrl-C to exit log streaming (task will not be killed).")
    sky.add(t0 - sec(37), "INFO: Waiting for task resources on 4 nodes. This will block if the cluster is full.")
    sky.add(t0 - sec(36), "INFO: All task resources reserved.")
    sky.add(t0 - sec(35), "INFO: Reserved IPs: [" + ", ".join(f"'{n.eth_ip}'" for n in nodes) + "]")
    seq = sched[-1][1] * 3 + 19
    t_wd = t_nv + sec(600.3)
    for i, n in enumerate(nodes):
        pfx = f"({labels[i]}, rank={i}, pid={n.agent_pid - 3}" + ("" if i == 0 else f", ip={n.eth_ip}") + ")"
        items = torchrun_banner(ctx, n, t0 + sec(1))
        if i == 0:
            items += render_sched(sched, 20, fmt_titan())
        else:
            items += render_sched(sched, 300, fmt_titan())[:3]
        if n is bad:
            # NVLink fatal: two ranks on this node get CUDA errors, the rest hang in intra-node collectives
            for lr in (3, 4):
                te = t_nv + sec(0.3 + rng.uniform(0, 0.2))
                items += ctx.cuda_error_abort(n.rank(lr), te, "uncorrectable NVLink error detected during the execution")
            items += [(t_nv + sec(0.6), f"{n.name}:{n.pids[lr]}:{n.pids[lr] + 311} [{lr}] NCCL INFO [Service thread] Connection closed by localRank {lr}") for lr in (2, 5)]
            fails = [(3, -6, t_nv + sec(0.45)), (4, -6, t_nv + sec(0.5))]
            td, tend = teardown(ctx, n, fails, "train.py")
        else:
            fl, times = flood(ctx, n, t_wd + sec(rng.uniform(0, 0.5)), seq, frames_for=1)
            items += fl
            td, tend = teardown(ctx, n, [(lr, -6, tt) for lr, tt in times.items()], "train.py")
        items += td
        sky.extend(prefixed(items, lambda t, ln, p=pfx: f"{p} {ln}"))
        # node-level captures
        kn = dmesg_noise(rng, t0 - sec(3600), t_wd + sec(900), rng.randint(20, 35))
        if n is bad:
            for lr, link, regs in ((3, 14, "0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0"), (4, 9, "0x0, 0x0, 0x0, 0x0, 0x10000, 0x0, 0x0")):
                kn.append((t_nv + sec(0.01 * lr), f"NVRM: Xid (PCI:0000:{n.pci[lr]}:00): 74, pid={n.pids[lr]}, name=python, NVLink: fatal error detected on link {link}({regs})"))
                kn.append((t_nv + sec(0.2 + 0.01 * lr), f"NVRM: Xid (PCI:0000:{n.pci[lr]}:00): 45, pid={n.pids[lr]}, name=python, Ch 00000008"))
        kn.sort(key=lambda x: x[0])
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, kn, "dmesg_T")])
        if n is bad:
            nv = ["$ nvidia-smi nvlink -e -i 3"]
            for l in range(18):
                rep = rng.randint(0, 2)
                nv += [f"GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-{uuid(rng)})" if l == 0 else "",
                       f"\t Link {l}: Replay Errors: {rep if l != 14 else 2117}",
                       f"\t Link {l}: Recovery Errors: {0 if l != 14 else 41}",
                       f"\t Link {l}: CRC Errors: {0 if l != 14 else 18893}"]
            b.add(f"{n.name}/nvlink_errors.txt", [x for x in nv if x != ""])
    sky.add(t_wd + sec(30), "ERROR: Job 3 failed with return code list: [1, 1, 1, 1]")
    sky.add(t_wd + sec(31), "I 11-05 10:13:49 log_lib.py:507] Job finished (status: FAILED).")
    b.add(f"{nodes[0].name}/sky_logs_job3.txt", sky)
    b.set_label("nvlink", "infrastructure", bad.name, None, "restart_without_node",
                "The only early errors come from worker2, whose kernel logged Xid 74 NVLink fatal errors on two GPUs "
                "(with large replay/CRC counters) just before its ranks hit 'uncorrectable NVLink error'; the other "
                "nodes only time out ten minutes later.",
                "https://github.com/pytorch/pytorch/issues/58155")
    return b


# ---------------------------------------------------------------------------
# p06: three attempts, an 'application' CUDA error that follows one node
# ---------------------------------------------------------------------------

def p06_pyxis_three_attempts_illegal_access(rng):
    b = Bundle("p06")
    pool = ["dgx-b03", "dgx-b05", "dgx-b07", "dgx-b09", "dgx-b12", "dgx-b14", "dgx-b17", "dgx-b18"]
    alloc = [["dgx-b03", "dgx-b12", "dgx-b14", "dgx-b17"],
             ["dgx-b05", "dgx-b07", "dgx-b09", "dgx-b12"],
             ["dgx-b12", "dgx-b14", "dgx-b17", "dgx-b18"]]
    bad_name = "dgx-b12"
    jobs = [733018, 733102, 733240]
    starts = [T("2024-09-10 01:02:11"), T("2024-09-10 06:40:52"), T("2024-09-10 08:15:33")]
    fail_after = [9480.2, 1190.6, 5933.1]
    bad_lrs = [5, 5, 5]
    boot = {nm: T("2024-09-01 00:00:00") - sec(rng.randint(0, 86400 * 9)) for nm in pool}
    ips = {nm: f"10.60.{rng.randint(1, 6)}.{rng.randint(10, 250)}" for nm in pool}
    for a in range(3):
        ctx = Ctx(rng, torch="2.3", nccl="2.20.3", timeout_ms=1200000, py="3.10", cuda="12.4", drv="12040",
                  script="/opt/megatron/pretrain_gpt.py", binary="/usr/bin/python")
        nodes = make_nodes(rng, alloc[a], gpus=8, eth="10.60.2.", ib=None)
        for n in nodes:
            n.eth_ip = ips[n.name]
            n.boot = boot[n.name]
        t0 = starts[a]
        t_train = t0 + sec(240)
        t_f = t_train + sec(fail_after[a])
        sched = schedule(rng, t_train, [0, 3100, 3490][a], t_f, 2.9)
        out = Log()
        out.add(t0, slurm_header(jobs[a], nodes, t0, extra=[
            "pyxis: importing docker image: gitlab.corp:5005#llm/megatron:24.08",
            "pyxis: imported docker image: gitlab.corp:5005#llm/megatron:24.08",
            f"+ srun --container-image=gitlab.corp:5005#llm/megatron:24.08 --container-mounts=/lustre:/lustre -l torchrun ... --load /lustre/ckpt/gpt-22b"]))
        if a:
            out.add(t_train - sec(20), f"0:  loading checkpoint from /lustre/ckpt/gpt-22b at iteration {sched[0][1] - 1}")
        seq = sched[-1][1] * 5 + 3
        bad = [n for n in nodes if n.name == bad_name][0]
        for i, n in enumerate(nodes):
            items = torchrun_banner(ctx, n, t0 + sec(3))
            if i == 0:
                items += render_sched(sched, 10, fmt_megatron(120000, 2048))
            if n is bad:
                lr = bad_lrs[a]
                r_ = n.rank(lr)
                te = t_f + sec(0.2)
                tb = ctx.py_tb(r_, [
                    ("/opt/megatron/pretrain_gpt.py", 243, "<module>", "pretrain("),
                    ("/opt/megatron/megatron/training/training.py", 339, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                    ("/opt/megatron/megatron/training/training.py", 1254, "train", "train_step(forward_step_func,"),
                    ("/opt/megatron/megatron/training/training.py", 704, "train_step", "losses_reduced = forward_backward_func("),
                    ("/opt/megatron/megatron/core/pipeline_parallel/schedules.py", 1393, "forward_backward_pipelining_without_interleaving", "input_tensor_grad = backward_step("),
                    ("/opt/megatron/megatron/core/pipeline_parallel/schedules.py", 328, "backward_step", "torch.autograd.backward(output_tensor[0], grad_tensors=output_tensor_grad[0])"),
                    ("TORCH/autograd/__init__.py", 267, "backward", "_engine_run_backward("),
                    ("TORCH/autograd/graph.py", 744, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
                ], "RuntimeError: CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n")
                items.append((te, tb))
                items += ctx.cuda_error_abort(n.rank((lr + 1) % 8), te + sec(0.05), "an illegal memory access was encountered")
                fails = [(lr, 1, te), ((lr + 1) % 8, -6, te + sec(0.06))]
            else:
                fl, times = flood(ctx, n, t_f + sec(1200.3 + rng.uniform(0, 0.5)), seq, "SEND" if i < 3 else "RECV",
                                  numel=16777216, frames_for=1)
                items += fl
                fails = [(lr, -6, tt) for lr, tt in times.items()]
            td, tend = teardown(ctx, n, fails, "/opt/megatron/pretrain_gpt.py")
            items += td
            out.extend(prefixed(items, srun_prefix(i)))
            out.add(tend + sec(0.6), f"srun: error: {n.name}: task {i}: Exited with exit code 1")
            kn = dmesg_noise(rng, t0 - sec(1800), t_f + sec(1500), rng.randint(12, 22))
            if n is bad:
                bus = n.pci[bad_lrs[a]]
                gpc = rng.choice([2, 4, 6])
                kn += [(t_f - sec(0.02), f"NVRM: Xid (PCI:0000:{bus}:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC {gpc}, TPC {rng.randint(0, 8)}, SM {rng.randint(0, 1)}): Out Of Range Address"),
                       (t_f - sec(0.02), f"NVRM: Xid (PCI:0000:{bus}:00): 13, pid='<unknown>', name=<unknown>, Graphics Exception: ESR 0x{hexs(rng, 6)}=0x{hexs(rng, 8)} 0x{hexs(rng, 6)}=0x0 0x{hexs(rng, 6)}=0x{hexs(rng, 8)} 0x{hexs(rng, 6)}=0x{hexs(rng, 4)}"),
                       (t_f + sec(0.1), f"NVRM: Xid (PCI:0000:{bus}:00): 43, pid={n.pids[bad_lrs[a]]}, name=pt_main_thread, Ch 00000018")]
            kn.sort(key=lambda x: x[0])
            b.add(f"attempt_{a}/{n.name}/dmesg.txt", [ln for _, ln in kernel_log(n, kn, "uptime")])
            b.add(f"attempt_{a}/{n.name}/host_info.txt", host_info(n, t_f + sec(1900)))
        out.add(t_f + sec(1260), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
        b.add(f"attempt_{a}/{nodes[0].name}/slurm-{jobs[a]}.out", out)
    b.set_label("gpu_hardware", "infrastructure", bad_name, None, "restart_without_node",
                "Each attempt dies with an 'illegal memory access' on a different global rank and iteration, but the "
                "failing rank always sits on dgx-b12 (same GPU bus, Xid 13/43 each time) while the other nodes change; "
                "the error follows the node, not the code.",
                "https://github.com/marin-community/marin/issues/7956")
    return b


# ---------------------------------------------------------------------------
# p07: NaN at the same iteration on two disjoint node sets
# ---------------------------------------------------------------------------

def p07_slurm_nan_loss_two_attempts(rng):
    b = Bundle("p07")
    alloc = [["gpu-c11", "gpu-c12", "gpu-c15", "gpu-c19"], ["gpu-c21", "gpu-c22", "gpu-c26", "gpu-c27"]]
    jobs = [55120, 55161]
    starts = [T("2025-02-03 10:00:07"), T("2025-02-03 13:47:40")]
    nan_step = 18240
    for a in range(2):
        ctx = Ctx(rng, torch="2.5", nccl="2.21.5", timeout_ms=600000, py="3.11", cuda="12.4", drv="12060",
                  script="train.py", binary="/usr/bin/python3")
        ctx.site = "/usr/local/lib/python3.11/dist-packages"
        nodes = make_nodes(rng, alloc[a], gpus=8, eth="10.12.3.", ib="10.13.3.", boot0=starts[a])
        t0 = starts[a]
        t_train = t0 + sec(170)
        step0 = 16000 if a == 0 else 18000

        def tweak(s, d, st):
            if s >= nan_step - 30:
                d["gn"] = d["gn"] * (1 + (s - nan_step + 30) * 0.6)
            if s >= nan_step - 6:
                d["loss"] = d["loss"] + (s - nan_step + 6) * 0.4
            if s >= nan_step:
                d["loss"] = float("nan")
                d["gn"] = float("nan")
            return st
        sched = schedule(rng, t_train, step0, t_train + sec(3 * (nan_step - step0)), 1.31, tweak=tweak,
                         max_step=nan_step)
        t_nan = sched[-1][0]
        out = Log()
        out.add(t0, slurm_header(jobs[a], nodes, t0, extra=[
            f"+ srun -l torchrun --nnodes=4 --nproc_per_node=8 --rdzv_endpoint={nodes[0].name}:29500 train.py --config cfg/1b3_wide.yaml --resume latest"]))
        out.add(t_train - sec(5), f"0: {f_pylog(t_train - sec(5))} INFO train: resumed from /shared/ckpt/1b3_wide/step_{step0:07d} (data position restored)")
        for i, n in enumerate(nodes):
            items = torchrun_banner(ctx, n, t0 + sec(2))
            if i == 0:
                items += render_sched(sched, 10, fmt_pylog("train"))
            te = t_nan + sec(0.05 + rng.uniform(0, 0.05))
            fails = []
            for lr in range(8):
                r_ = n.rank(lr)
                tb = ctx.py_tb(r_, [("/workspace/train.py", 512, "<module>", "main()"),
                                    ("/workspace/train.py", 478, "main", "trainer.fit()"),
                                    ("/workspace/trainer.py", 233, "fit", "self._check_finite(loss, step)"),
                                    ("/workspace/trainer.py", 119, "_check_finite", "raise FloatingPointError(")],
                               f"FloatingPointError: non-finite loss detected at step {nan_step}: loss=nan grad_norm=nan (rank {r_})")
                if lr < 2 or rng.random() < 0.3:
                    items.append((te + sec(lr * 0.003), tb))
                    fails.append((lr, 1, te + sec(lr * 0.003)))
            td, tend = teardown(ctx, n, fails, "train.py")
            items += td
            out.extend(prefixed(items, srun_prefix(i)))
            out.add(tend + sec(0.4), f"srun: error: {n.name}: task {i}: Exited with exit code 1")
            kn = dmesg_noise(rng, t0 - sec(1200), t_nan + sec(600), rng.randint(8, 18))
            b.add(f"attempt_{a}/{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "dmesg_T")])
        b.add(f"attempt_{a}/{nodes[0].name}/slurm-{jobs[a]}.out", out)
    b.set_label("numerical", "script", None, None, "stop",
                "Both attempts diverge (grad norm blow-up, then NaN) at exactly step 18240 although the second ran on "
                "four different nodes after resuming from an earlier checkpoint: a deterministic training instability.",
                "https://github.com/karpathy/nanoGPT/issues/136")
    return b


# ---------------------------------------------------------------------------
# p08: torchx on slurm; one node has an old driver
# ---------------------------------------------------------------------------

def p08_torchx_rendezvous_timeouts(rng):
    b = Bundle("p08")
    ctx = Ctx(rng, torch="2.2", nccl="2.19.3", timeout_ms=1800000, py="3.10", cuda="12.1", drv="12020",
              script="trainer/main.py", binary="/usr/bin/python3")
    names = ["g-009", "g-011", "g-014", "g-015"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.31.0.", ib=None, boot0=T("2024-04-08 12:00:00"),
                       gpu="NVIDIA A100-SXM4-80GB")
    bad = nodes[2]
    app = f"torchx-trainer_main-{hexs(rng, 6)}"
    t0 = T("2024-04-09 02:14:33")
    t_init = t0 + sec(35)
    for i, n in enumerate(nodes):
        lg = Log()
        lg.add(t0, f"torchx {t0:%Y-%m-%d %H:%M:%S} INFO     Log directory for job {app}: /home/jenkins/.torchx/slurm/{app}")
        lg.add(t0 + sec(0.4), f"torchx {t0:%Y-%m-%d %H:%M:%S} INFO     Launching {app} role=trainer replica={i}: torchrun --rdzv_backend c10d --rdzv_endpoint g-009:29500 --rdzv_id {app} --nnodes 4 --nproc_per_node 8 --tee 3 --role trainer -m trainer.main --cfg ddp_vit_h.yaml")
        lg.extend(torchrun_banner(ctx, n, t0 + sec(2)))
        if n is bad:
            fails = []
            for lr in range(8):
                te = t_init + sec(rng.uniform(0, 1.2))
                tb = ctx.py_tb(n.rank(lr), [("/usr/lib/python3.10/runpy.py", 196, "_run_module_as_main", 'return _run_code(code, main_globals, None,'),
                                           ("/usr/lib/python3.10/runpy.py", 86, "_run_code", "exec(code, run_globals)"),
                                           ("/app/trainer/main.py", 301, "<module>", "main()"),
                                           ("/app/trainer/main.py", 88, "main", "torch.cuda.set_device(local_rank)"),
                                           ("TORCH/cuda/__init__.py", 408, "set_device", "torch._C._cuda_setDevice(device)"),
                                           ("TORCH/cuda/__init__.py", 302, "_lazy_init", "torch._C._cuda_init()")],
                               "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.", prefix=f"[trainer{lr}]:")
                lg.add(te, tb)
                fails.append((lr, 1, te))
            td, tend = teardown(ctx, n, fails, "trainer.main")
            lg.extend(td)
        else:
            # ranks wait in init_process_group / first barrier; store times out
            tb_t = t_init + sec(1800 + rng.uniform(0.5, 2.0))
            fails = []
            for lr in range(8):
                r_ = n.rank(lr)
                if lr in (0, 1) or rng.random() < 0.3:
                    tb = ctx.py_tb(r_, [("/app/trainer/main.py", 301, "<module>", "main()"),
                                        ("/app/trainer/main.py", 93, "main", 'dist.init_process_group("nccl", timeout=timedelta(minutes=30))'),
                                        ("TORCH/distributed/c10d_logger.py", 86, "wrapper", "func_return = func(*args, **kwargs)"),
                                        ("TORCH/distributed/distributed_c10d.py", 1184, "init_process_group", "default_pg, _ = _new_process_group_helper("),
                                        ("TORCH/distributed/distributed_c10d.py", 1302, "_new_process_group_helper", "backend_class = ProcessGroupNCCL(backend_prefix_store, group_rank, group_size, pg_options)")],
                                   "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined.",
                                   prefix=f"[trainer{lr}]:")
                    lg.add(tb_t + sec(lr * 0.01), tb)
                    fails.append((lr, 1, tb_t + sec(lr * 0.01)))
            td, tend = teardown(ctx, n, fails, "trainer.main")
            lg.extend(td)
        b.add(f"{n.name}/torchx_trainer_{i}.log", lg)
        drv = "470.223.02" if n is bad else "535.161.08"
        cu = "11.4" if n is bad else "12.2"
        smi = nvidia_smi(rng, n, t0 + sec(3600), driver=drv, cuda=cu)
        b.add(f"{n.name}/nvidia-smi.txt", ["$ nvidia-smi"] + smi)
        kn = dmesg_noise(rng, t0 - sec(3600 * 12), t0 + sec(2000), rng.randint(15, 25))
        kn.append((n.boot + sec(14.2), f"NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {drv}  {'Wed Nov  1 18:15:01 UTC 2023' if n is bad else 'Wed Feb 21 19:34:48 UTC 2024'}"))
        if n is bad:
            kn.append((n.boot + sec(9.8), "nvidia: loading out-of-tree module taints kernel."))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "dmesg_T")])
    b.set_label("dependency", "infrastructure", bad.name, None, "restart_without_node",
                "Only g-014 fails, at CUDA init, with 'driver on your system is too old (found version 11040)'; its "
                "nvidia-smi shows driver 470 while the other nodes run 535, so their rendezvous timeouts are "
                "sympathetic.",
                "https://github.com/lllyasviel/Fooocus/issues/1313")
    return b


# ---------------------------------------------------------------------------
# p09: AzureML export, every process fails importing flash-attn
# ---------------------------------------------------------------------------

def p09_azureml_import_error_everywhere(rng):
    b = Bundle("p09")
    ctx = Ctx(rng, torch="2.4", nccl="2.20.5", timeout_ms=1800000, py="3.10",
              site="/opt/conda/envs/ptca/lib/python3.10/site-packages", cuda="12.4", drv="12040",
              script="train.py", binary="/opt/conda/envs/ptca/bin/python")
    names = ["a54b1e3c7f0d4c8ea1-000000", "a54b1e3c7f0d4c8ea1-000001", "a54b1e3c7f0d4c8ea1-000002",
             "a54b1e3c7f0d4c8ea1-000003"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.0.0.", ib="172.16.1.", boot0=T("2024-08-19 09:00:00"),
                       gpu="NVIDIA A100-SXM4-80GB")
    t0 = T("2024-08-19 09:41:02.552")
    for i, n in enumerate(nodes):
        life = Log()
        life.add(t0 - sec(95), f"{f_iso_z(t0 - sec(95), 3)} INFO lifecycler.py:204 -- Starting lifecycle for job run on node {i}")
        life.add(t0 - sec(60), f"{f_iso_z(t0 - sec(60), 3)} WARNING image_fetcher.py:88 -- Image pull took 48.2s; consider using a cached environment")
        life.add(t0 - sec(20), f"{f_iso_z(t0 - sec(20), 3)} INFO execution_wrapper.py:130 -- Running user command: python -m torch.distributed.run --nnodes 4 --nproc_per_node 8 train.py --deepspeed ds_z2.json")
        if i == 2:
            life.add(t0 - sec(18), f"{f_iso_z(t0 - sec(18), 3)} ERROR metrics_client.py:55 -- Failed to post metrics batch (HTTP 429 Too Many Requests); will retry")
        fails = []
        for lr in range(8):
            gr = n.rank(lr)
            lg = Log()
            te = t0 + sec(8 + rng.uniform(0, 4))
            lg.add(te - sec(3), f"[{f_pylog(te - sec(3))}] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)")
            tb = ctx.py_tb(gr, [("/mnt/azureml/cr/j/" + hexs(rng, 32) + "/exe/wd/train.py", 22, "<module>", "from model.llama_flash import LlamaForCausalLM"),
                                ("/mnt/azureml/cr/j/wd/model/llama_flash.py", 9, "<module>", "from flash_attn import flash_attn_func, flash_attn_varlen_func"),
                                ("SITE/flash_attn/__init__.py", 3, "<module>", "from flash_attn.flash_attn_interface import ("),
                                ("SITE/flash_attn/flash_attn_interface.py", 10, "<module>", "import flash_attn_2_cuda as flash_attn_cuda")],
                           f"ImportError: {ctx.site}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
                           prefix="")
            lg.add(te, tb)
            fails.append((lr, 1, te))
            b.add(f"{n.name}/user_logs/std_log_process_{gr}.txt", lg)
        td, tend = teardown(ctx, n, fails, "train.py")
        life.add(tend + sec(2), f"{f_iso_z(tend + sec(2), 3)} ERROR execution_wrapper.py:171 -- User process exited with code 1")
        b.add(f"{n.name}/user_logs/std_log.txt", Log().extend(td))
        b.add(f"{n.name}/system_logs/lifecycler/execution-wrapper.log", life)
        kn = dmesg_noise(rng, t0 - sec(7200), t0 + sec(200), rng.randint(12, 20))
        if i == 1:
            kn.append((t0 - sec(5400), "mlx5_core 0101:00:00.0: mlx5_pcie_event:301:(pid 11422): Detected insufficient power on the PCIe slot (27W)."))
            kn.append((t0 - sec(5399), "mlx5_core 0101:00:00.0 ib0: Link down"))
            kn.append((t0 - sec(5391), "mlx5_core 0101:00:00.0 ib0: Link up"))
        b.add(f"{n.name}/system_logs/dmesg.txt", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "dmesg_T")])
    b.set_label("dependency", "framework", None, None, "stop",
                "All 32 processes on all four nodes die at import with the same undefined C++ symbol in "
                "flash_attn_2_cuda: the flash-attn wheel in the job's environment was built against a different "
                "torch ABI. The old IB link flap on one node is unrelated.",
                "https://github.com/Dao-AILab/flash-attention/issues/723")
    return b


# ---------------------------------------------------------------------------
# p10: PyTorchJob, one worker restarts in a loop; others time out in rendezvous
# ---------------------------------------------------------------------------

def p10_pytorchjob_worker_crashloop(rng):
    b = Bundle("p10")
    ctx = Ctx(rng, torch="2.4", nccl="2.20.5", timeout_ms=1800000, py="3.11",
              site="/usr/local/lib/python3.11/site-packages", cuda="12.4", drv="12040",
              script="/app/run_sft.py", binary="/usr/local/bin/python")
    names = ["gpu-pool-b-node-1", "gpu-pool-b-node-2", "gpu-pool-b-node-4", "gpu-pool-b-node-5",
             "gpu-pool-b-node-8", "gpu-pool-b-node-9"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.0.32.", ib=None, boot0=T("2025-03-17 00:00:00"))
    pods = ["sft-qwen-master-0"] + [f"sft-qwen-worker-{i}" for i in range(5)]
    bad = nodes[2]
    image = "registry.ml.example.com/sft/trainer:v2"
    good_digest = "sha256:" + hexs(rng, 64)
    old_digest = "sha256:" + hexs(rng, 64)
    pod_ip = {n.name: f"172.30.{rng.randint(0, 63)}.{rng.randint(2, 250)}" for n in nodes}
    t0 = T("2025-03-18 15:20:11.000")
    kp = k8s_prefix(rng)
    for i, (n, pod) in enumerate(zip(nodes, pods)):
        items = [(t0, "+ pip list 2>/dev/null | grep -E '^(torch|transformers|trainlib|flash.attn) '")]
        if n is bad:
            items.append((t0 + sec(0.5), "flash-attn                2.5.8\ntorch                     2.4.0\ntrainlib                  0.17.3\ntransformers              4.42.4"))
        else:
            items.append((t0 + sec(0.5), "flash-attn                2.6.3\ntorch                     2.4.0\ntrainlib                  0.19.0\ntransformers              4.46.2"))
        items.append((t0 + sec(1), f"+ torchrun --nnodes 6 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint sft-qwen-master-0:29400 --rdzv_id sft-qwen /app/run_sft.py --cfg /cfg/qwen2vl_72b.yaml"))
        items += torchrun_banner(ctx, n, t0 + sec(2))
        if n is bad:
            # crash loop: `kubectl logs` only shows the current (5th) container start
            tstart = t0
            for restart in range(4):
                tstart = tstart + sec(17 + 10 * 2 ** restart + rng.uniform(0, 3))
            shift = tstart - t0
            items = [(t + shift, x) for t, x in items]
            fails = []
            for lr in range(8):
                te = tstart + sec(14 + rng.uniform(0, 2))
                tb = ctx.py_tb(n.rank(lr), [("/app/run_sft.py", 14, "<module>", "from trainlib.precision import apply_fp8_autowrap"),
                                           ("/app/trainlib/precision/__init__.py", 3, "<module>", "from .fp8 import *")],
                               f"ImportError: cannot import name 'apply_fp8_autowrap' from 'trainlib.precision' ({ctx.site}/trainlib/precision/__init__.py)")
                items.append((te, tb))
                fails.append((lr, 1, te))
            td, tend = teardown(ctx, n, fails, "/app/run_sft.py")
            items += td
            t_last = tend
        else:
            t_to = t0 + sec(1800 + 30 + rng.uniform(0, 3))
            fails = []
            for lr in range(8):
                if lr == 0 or rng.random() < 0.25:
                    tb = ctx.py_tb(n.rank(lr), [("/app/run_sft.py", 402, "<module>", "main()"),
                                                ("/app/run_sft.py", 77, "main", 'dist.init_process_group(backend="nccl")'),
                                                ("TORCH/distributed/c10d_logger.py", 79, "wrapper", "return func(*args, **kwargs)"),
                                                ("TORCH/distributed/distributed_c10d.py", 1520, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                                                ("TORCH/distributed/rendezvous.py", 269, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)")],
                                   "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 40/48 clients joined.")
                    items.append((t_to + sec(lr * 0.01), tb))
                    fails.append((lr, 1, t_to + sec(lr * 0.01)))
            td, tend = teardown(ctx, n, fails, "/app/run_sft.py")
            items += td
        b.add(f"{n.name}/kubectl_logs_{pod}.txt", Log().extend(prefixed(items, kp)))
        if n is bad:
            ev = [("Normal", "Scheduled", "41m", "default-scheduler", f"Successfully assigned sft/{pod} to {n.name}"),
                  ("Normal", "Pulled", "41m", "kubelet", f'Container image "{image}" already present on machine'),
                  ("Normal", "Created", "39m (x4 over 41m)", "kubelet", "Created container pytorch"),
                  ("Normal", "Started", "39m (x4 over 41m)", "kubelet", "Started container pytorch"),
                  ("Warning", "BackOff", "2m (x160 over 38m)", "kubelet", "Back-off restarting failed container pytorch in pod " + pod)]
            d = kubectl_describe_pod(pod, "sft", n.name, n.eth_ip, pod_ip[n.name], image, f"registry.ml.example.com/sft/trainer@{old_digest}",
                                     t0, t_last, 1, "Error", 4, ev, job="sft-qwen", index=pods.index(pod) - 1)
        else:
            ev = [("Normal", "Scheduled", "41m", "default-scheduler", f"Successfully assigned sft/{pod} to {n.name}"),
                  ("Normal", "Pulling", "41m", "kubelet", f'Pulling image "{image}"'),
                  ("Normal", "Pulled", "40m", "kubelet", f'Successfully pulled image "{image}" in {rng.uniform(30, 70):.3f}s (Image size: 23410552311 bytes)')]
            d = kubectl_describe_pod(pod, "sft", n.name, n.eth_ip, pod_ip[n.name], image, f"registry.ml.example.com/sft/trainer@{good_digest}",
                                     t0, t0 + sec(1840), 1, "Error", 0, ev, job="sft-qwen",
                                     replica="master" if i == 0 else "worker", index=max(0, pods.index(pod) - 1))
        b.add(f"{n.name}/kubectl_describe_pod_{pod}.txt", d)
        kn = dmesg_noise(rng, t0 - sec(3000), t0 + sec(1900), rng.randint(10, 20))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "dmesg_T")])
    rows = [(pod, "0/1", "CrashLoopBackOff" if n is bad else "Error", "4 (2m ago)" if n is bad else "0", "41m", pod_ip[n.name], n.name)
            for n, pod in zip(nodes, pods)]
    b.add(f"{nodes[0].name}/kubectl_get_pods.txt", ["$ kubectl -n sft get pods -o wide"] + kubectl_get_pods(rows, t0))
    b.set_label("dependency", "infrastructure", bad.name, None, "restart_without_node",
                "Only the pod on gpu-pool-b-node-4 crash-loops on an ImportError; kubelet there reused an image "
                "'already present on machine' whose digest and package versions differ from the freshly pulled v2 "
                "on every other node, so the others just time out waiting for 8 missing clients.",
                "https://github.com/NVIDIA/NeMo-Framework-Launcher/pull/455")
    return b
