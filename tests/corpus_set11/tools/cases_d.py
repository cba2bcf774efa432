"""corpus_set11 cases p31-p40."""
from __future__ import annotations

from common import (Bundle, Ctx, Log, T, sec, make_nodes, f_pylog, f_iso_z, kernel_log, dmesg_noise, nvidia_smi,
                    host_info, etc_hosts, nccl_init, ib_completion_error, torchrun_banner, flood, teardown, prefixed,
                    k8s_prefix, srun_prefix, fmt_pylog, fmt_megatron, fmt_titan, schedule, render_sched,
                    kubectl_get_pods, kubectl_describe_pod, hexs, uuid, slurm_header, f_slurm_time, local, f_uptime,
                    nccl_pfx, MLX_PCI)


def _ks(kn):
    return sorted(kn, key=lambda x: x[0])


# ---------------------------------------------------------------------------
# p31: AzureML; older NCCL completion errors accuse one IB address
# ---------------------------------------------------------------------------

def p31_azureml_nccl_error12(rng):
    b = Bundle("p31")
    ctx = Ctx(rng, torch="2.1", nccl="2.18.6", timeout_ms=1800000, py="3.10",
              site="/opt/conda/envs/ptca/lib/python3.10/site-packages", cuda="12.1", drv="12020",
              script="pretrain.py", binary="/opt/conda/envs/ptca/bin/python")
    names = ["2c9e7f0a1b3d4e5fa6-000000", "2c9e7f0a1b3d4e5fa6-000001", "2c9e7f0a1b3d4e5fa6-000002",
             "2c9e7f0a1b3d4e5fa6-000003", "2c9e7f0a1b3d4e5fa6-000004"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.0.0.", ib="172.16.1.", boot0=T("2024-02-26 00:00:00"),
                       gpu="NVIDIA A100-SXM4-80GB")
    bad = nodes[3]
    ib_devs = [f"mlx5_ib{k}:1/IB" for k in range(8)]
    t0 = T("2024-02-27 10:12:00")
    t_train = t0 + sec(240)
    t_link = T("2024-02-27 16:55:48.301")
    t_err = t_link + sec(5.9)
    sched = schedule(rng, t_train, 0, t_err, 3.3)
    for i, n in enumerate(nodes):
        fails = []
        for lr in range(8):
            gr = n.rank(lr)
            lg = Log()
            ti = t0 + sec(60 + rng.uniform(0, 4))
            lg.lines(ti, nccl_init(ctx, n, lr, 40, sock_if="ib0", ib_devs=ib_devs, print_version=(gr == 0), channels=1))
            if gr == 0:
                lg.extend(render_sched(sched, 10, fmt_megatron(200000, 960)))
            te = t_err + sec(rng.uniform(0, 1.5))
            if n is bad:
                p = nccl_pfx(n.name, n.pids[lr], n.pids[lr] + 90, lr)
                if lr in (5, 4):
                    lg.add(t_link + sec(0.2), f"{p} transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error")
                    lg.add(t_link + sec(0.2001), f"{p} transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error")
                if lr in (4, 5) or rng.random() < 0.3:
                    peer = rng.choice([x for x in nodes if x is not bad])
                    txt, warn = ib_completion_error(ctx, n, lr, peer.ib_ip, n.ib_ip, status=5, vendor=249, gid_style="ib", direction="Recv")
                    lg.add(te, txt)
                    lg.extend(ctx.nccl_error_abort(gr, te + sec(0.3), "remote", warn, frames=False))
                    fails.append((lr, -6, te + sec(0.3)))
            elif rng.random() < 0.5 or lr == 0:
                txt, warn = ib_completion_error(ctx, n, lr, bad.ib_ip, n.ib_ip, status=12, vendor=129, gid_style="ib",
                                                direction=rng.choice(["Recv", "Send"]))
                lg.add(te, txt)
                lg.extend(ctx.nccl_error_abort(gr, te + sec(0.3), "remote", warn, frames=(lr == 0)))
                fails.append((lr, -6, te + sec(0.3)))
            b.add(f"{n.name}/user_logs/std_log_process_{gr}.txt", lg)
        if not fails:
            fails = [(0, -6, t_err + sec(2))]
        td, tend = teardown(ctx, n, fails, "pretrain.py")
        b.add(f"{n.name}/user_logs/std_log.txt", Log().extend(td))
        kn = dmesg_noise(rng, t0 - sec(3600), t_err + sec(900), rng.randint(14, 22))
        if n is bad:
            kn += [(t_link - sec(3.2), "mlx5_core 0105:00:00.0: mlx5_port_module_event:1152:(pid 0): Port module event[error]: module 0, Cable error, High Temperature"),
                   (t_link, "mlx5_core 0105:00:00.0: Port module event: module 0, Cable unplugged"),
                   (t_link + sec(0.002), "mlx5_core 0105:00:00.0 ib5: Link down"),
                   (t_link + sec(41.6), "mlx5_core 0105:00:00.0 ib5: Link up")]
        b.add(f"{n.name}/system_logs/hosttools/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
    b.set_label("network", "infrastructure", bad.name, None, "restart_without_node",
                f"Ranks on four nodes fail with 'Got completion from peer {bad.ib_ip} with error 12'; that is the ib0 "
                "OOB address in node 000003's NCCL bootstrap lines, and that node logged a cable error and link down "
                "on ib5 six seconds earlier (its own ranks only report flush errors and port-error events).",
                "https://github.com/Lightning-AI/lit-llama/issues/380")
    return b


# ---------------------------------------------------------------------------
# p32: gloo 'Connection closed by peer' naming a pod IP; node lost power
# ---------------------------------------------------------------------------

def p32_pytorchjob_gloo_peer_closed(rng):
    b = Bundle("p32")
    ctx = Ctx(rng, torch="2.2", nccl="2.19.3", timeout_ms=1800000, py="3.10", cuda="12.1", drv="12020",
              script="/workspace/train.py", binary="/usr/bin/python")
    names = ["gpu-b-02", "gpu-b-04", "gpu-b-05", "gpu-b-09", "gpu-b-12", "gpu-b-13"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.18.4.", ib=None, boot0=T("2024-03-01 00:00:00"),
                       gpu="NVIDIA A100-SXM4-80GB")
    pods = ["rec-pt-master-0"] + [f"rec-pt-worker-{k}" for k in range(5)]
    bad = nodes[3]
    pod_ip = {n.name: f"10.233.{rng.randint(64, 127)}.{rng.randint(2, 250)}" for n in nodes}
    t0 = T("2024-03-04 06:20:00")
    t_train = t0 + sec(150)
    t_pwr = T("2024-03-04 11:52:07.800")
    sched = schedule(rng, t_train, 0, t_pwr, 1.12)
    kp = k8s_prefix(rng)
    seq = sched[-1][1] * 2 + 3
    for i, (n, pod) in enumerate(zip(nodes, pods)):
        if n is bad:
            b.add(f"{n.name}/kubectl_logs_{pod}.txt",
                  [f"$ kubectl -n rec logs {pod} --timestamps",
                   f'Error from server: Get "https://{n.eth_ip}:10250/containerLogs/rec/{pod}/pytorch?timestamps=true": dial tcp {n.eth_ip}:10250: connect: no route to host'])
            continue
        items = [(t0, "+ torchrun --nnodes 6 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint rec-pt-master-0:23456 /workspace/train.py --meta-backend gloo")]
        items += torchrun_banner(ctx, n, t0 + sec(1))
        if i == 0:
            items += render_sched(sched, 50, fmt_pylog("train"))
        fails = []
        for lr in range(8):
            gr = n.rank(lr)
            if rng.random() < 0.55 or lr == 0:
                te = t_pwr + sec(rng.uniform(0.3, 2.0))
                port = rng.randint(20000, 60000)
                msg = rng.choice([f"RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [{pod_ip[bad.name]}]:{port}",
                                  f"RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:589] Read error [{pod_ip[bad.name]}]:{port}: Connection reset by peer"])
                tb = ctx.py_tb(gr, [("/workspace/train.py", 377, "<module>", "main()"),
                                    ("/workspace/train.py", 318, "main", "stats = sync_stats(meta_group, local_stats)"),
                                    ("/workspace/dist_utils.py", 44, "sync_stats", "dist.all_reduce(t, group=group)"),
                                    ("TORCH/distributed/c10d_logger.py", 72, "wrapper", "return func(*args, **kwargs)"),
                                    ("TORCH/distributed/distributed_c10d.py", 2219, "all_reduce", "work.wait()")], msg)
                items.append((te, tb))
                fails.append((lr, 1, te))
        td, tend = teardown(ctx, n, fails, "/workspace/train.py")
        items += td
        b.add(f"{n.name}/kubectl_logs_{pod}.txt", Log().extend(prefixed(items, kp)))
        kn = dmesg_noise(rng, t0 - sec(3600), t_pwr + sec(900), rng.randint(12, 22))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
    rows = []
    for n, pod in zip(nodes, pods):
        st = "Unknown" if n is bad else "Error"
        rows.append((pod, "0/1" if n is not bad else "1/1", st, "0", "5h33m", pod_ip[n.name], n.name))
    b.add(f"{nodes[0].name}/kubectl_get_pods.txt", ["$ kubectl -n rec get pods -o wide"] + kubectl_get_pods(rows, t0))
    drift = 37
    tb_ = t_pwr + sec(drift)
    sel = ["$ ipmitool sel elist | tail -8",
           f"  3c1 | {local(t0 - sec(86400 * 2), 0):%m/%d/%Y} | 09:14:22 | Temperature Inlet Temp | Upper Non-critical going high | Deasserted",
           f"  3c2 | {local(tb_, 0):%m/%d/%Y} | {local(tb_ - sec(0.9), 0):%H:%M:%S} | Power Supply PSU1 | Power Supply AC lost | Asserted",
           f"  3c3 | {local(tb_, 0):%m/%d/%Y} | {local(tb_ - sec(0.4), 0):%H:%M:%S} | Power Supply PSU2 | Failure detected | Asserted",
           f"  3c4 | {local(tb_, 0):%m/%d/%Y} | {local(tb_, 0):%H:%M:%S} | Power Unit Pwr Unit Status | Power off/down | Asserted",
           f"  3c5 | {local(tb_, 0):%m/%d/%Y} | {local(tb_ + sec(151), 0):%H:%M:%S} | Power Supply PSU1 | Power Supply AC lost | Deasserted",
           f"  3c6 | {local(tb_, 0):%m/%d/%Y} | {local(tb_ + sec(158), 0):%H:%M:%S} | System Event #0x83 | OEM System boot event | Asserted",
           "$ ipmitool mc info | grep -i 'firmware revision'", "Firmware Revision         : 5.10",
           "$ date -u; ipmitool sel time get", f"{local(t_pwr + sec(4000), 0):%a %b %d %H:%M:%S} UTC {t_pwr.year}", f"{local(t_pwr + sec(4000 + drift), 0):%m/%d/%Y %H:%M:%S}"]
    b.add(f"{bad.name}/ipmi_sel.txt", sel)
    b.add(f"{bad.name}/kubectl_describe_node.txt",
          [f"Name:               {bad.name}", "Roles:              <none>",
           "Conditions:", "  Type             Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message",
           "  ----             ------    -----------------                 ------------------                ------              -------",
           f"  Ready            Unknown   {t_pwr - sec(6):%a, %d %b %Y %H:%M:%S} +0000   {t_pwr + sec(40):%a, %d %b %Y %H:%M:%S} +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
           f"  MemoryPressure   Unknown   {t_pwr - sec(6):%a, %d %b %Y %H:%M:%S} +0000   {t_pwr + sec(40):%a, %d %b %Y %H:%M:%S} +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
           "Addresses:", f"  InternalIP:  {bad.eth_ip}", f"  Hostname:    {bad.name}",
           "Events:", "  Type     Reason        Age   From             Message", "  ----     ------        ----  ----             -------",
           "  Normal   NodeNotReady  61m   node-controller  Node " + bad.name + " status is now: NodeNotReady",
           "  Normal   Starting      58m   kubelet          Starting kubelet.",
           "  Warning  Rebooted      58m   kubelet          Node " + bad.name + " has been rebooted, boot id: " + uuid(rng)])
    b.set_label("host", "infrastructure", bad.name, None, "restart_without_node",
                f"Ranks on five pods fail with gloo 'Connection closed by peer [{pod_ip[bad.name]}]'; kubectl get pods "
                "maps that IP to the worker on gpu-b-09, whose logs are unreachable, whose node went NotReady and "
                "rebooted, and whose BMC (clock ~37 s fast) logged both PSUs failing at that moment.",
                "https://github.com/vllm-project/vllm/issues/6308")
    return b


# ---------------------------------------------------------------------------
# p33: TORCH_DISTRIBUTED_DEBUG=DETAIL reports a collective mismatch
# ---------------------------------------------------------------------------

def p33_torchrun_collective_mismatch(rng):
    b = Bundle("p33")
    ctx = Ctx(rng, torch="2.1", nccl="2.18.1", timeout_ms=1800000, py="3.10", cuda="12.1", drv="12020",
              script="train.py", binary="/usr/bin/python3")
    names = ["ml-a100-03", "ml-a100-04", "ml-a100-09"]
    nodes = make_nodes(rng, names, gpus=4, eth="10.11.0.", ib=None, boot0=T("2023-12-01 00:00:00"),
                       gpu="NVIDIA A100-SXM4-40GB")
    for n in nodes:
        n.pci = ["07", "0f", "47", "4e"]
    t0 = T("2023-12-04 09:00:00")
    t_train = t0 + sec(80)
    ev_step = 2000
    sched = schedule(rng, t_train, 0, t_train + sec(3 * ev_step), 0.61, max_step=ev_step)
    t_f = sched[-1][0] + sec(0.9)
    fp = ("TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), "
          "requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))")
    seqn = ev_step * 3 + 17
    for i, n in enumerate(nodes):
        lg = Log()
        lg.add(t0, f"$ TORCH_DISTRIBUTED_DEBUG=DETAIL torchrun --nnodes 3 --nproc_per_node 4 --node_rank {i} --master_addr ml-a100-03 --master_port 29500 train.py --eval_every 2000")
        lg.extend(torchrun_banner(ctx, n, t0 + sec(1)))
        if i == 0:
            lg.extend(render_sched(sched, 20, fmt_pylog("train")))
            lg.add(t_f - sec(0.5), f"{f_pylog(t_f - sec(0.5))} INFO train: step {ev_step}: running evaluation on rank 0 (120 batches)")
        fails = []
        for lr in range(4):
            gr = n.rank(lr)
            te = t_f + sec(rng.uniform(0, 0.2))
            other = 0 if gr != 0 else rng.randint(1, 11)
            me_op = "BROADCAST, TensorShape=[1], TensorDtypes=Long" if gr == 0 else "ALLREDUCE, TensorShape=[1048576], TensorDtypes=BFloat16"
            ot_op = "BROADCAST, TensorShape=[1], TensorDtypes=Long" if other == 0 else "ALLREDUCE, TensorShape=[1048576], TensorDtypes=BFloat16"
            msg = (f"RuntimeError: Detected mismatch between collectives on ranks. Rank {gr} is running collective: "
                   f"CollectiveFingerPrint(SequenceNumber={seqn}, OpType={me_op}, {fp}), but Rank {other} is running "
                   f"collective: CollectiveFingerPrint(SequenceNumber={seqn}, OpType={ot_op}, {fp}).")
            tb = ctx.py_tb(gr, [("/srv/exp/train.py", 402, "<module>", "main()"),
                                ("/srv/exp/train.py", 366, "main", "metrics = evaluate(model, val_loader) if rank == 0 else None" if gr == 0 else "loss = train_step(model, batch)"),
                                ("/srv/exp/train.py", 211 if gr == 0 else 173, "evaluate" if gr == 0 else "train_step",
                                 "dist.broadcast(n_batches, src=0)" if gr == 0 else "dist.all_reduce(flat_grads)"),
                                ("TORCH/distributed/c10d_logger.py", 47, "wrapper", "return func(*args, **kwargs)"),
                                ("TORCH/distributed/distributed_c10d.py", 2050 if gr else 1910, "all_reduce" if gr else "broadcast",
                                 "work = group.allreduce([tensor], opts)" if gr else "work = default_pg.broadcast([tensor], opts)")], msg)
            lg.add(te, tb)
            fails.append((lr, 1, te))
        td, _ = teardown(ctx, n, fails, "train.py")
        lg.extend(td)
        b.add(f"{n.name}/torchrun.log", lg)
        kn = dmesg_noise(rng, t0 - sec(1800), t_f + sec(300), rng.randint(8, 14))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
    b.set_label("user_code", "script", None, None, "stop",
                "At the first evaluation step rank 0 issues a BROADCAST inside rank-0-only eval code while the other "
                "11 ranks issue the gradient ALLREDUCE; the DETAIL debug wrapper reports the mismatch on every rank. "
                "A control-flow bug in the script.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    return b


# ---------------------------------------------------------------------------
# p34: one node's data pipeline crawls; its CPUs are thermally throttled
# ---------------------------------------------------------------------------

def p34_slurm_slow_data_one_node(rng):
    b = Bundle("p34")
    ctx = Ctx(rng, torch="2.3", nccl="2.20.5", timeout_ms=1800000, py="3.10", cuda="12.1", drv="12040",
              script="train.py", binary="/usr/bin/python")
    names = ["c-gpu-041", "c-gpu-042", "c-gpu-045", "c-gpu-047"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.90.0.", ib="10.91.0.", boot0=T("2024-05-20 00:00:00"))
    hot = nodes[1]
    job = 7711023
    t0 = T("2024-05-28 00:10:00")
    t_train = t0 + sec(200)
    t_hot = T("2024-05-28 02:40:00")
    t_cancel = T("2024-05-28 05:31:12")
    st = {"t": t_train}

    def tw(s, d, stt):
        if st["t"] >= t_hot:
            frac = min(1.0, (st["t"] - t_hot).total_seconds() / 1800)
            stt = stt + 1.7 * frac * rng.uniform(0.8, 1.2)
            d["hot_data"] = 0.02 + 1.7 * frac
        st["t"] = st["t"] + sec(stt)
        return stt
    sched = schedule(rng, t_train, 0, t_cancel, 1.18, tweak=tw)
    out = Log()
    out.add(t0, slurm_header(job, nodes, t0, extra=["+ srun -l torchrun --nnodes 4 --nproc_per_node 8 ... train.py --num-workers 12 --decode-on-cpu"]))
    for i, n in enumerate(nodes):
        items = torchrun_banner(ctx, n, t0 + sec(2))
        if i == 0:
            items += render_sched(sched, 20, fmt_pylog("train"))

        def nl(t, s, l, stt, d, n=n, i=i):
            dw = d.get("hot_data", d["data"]) if n is hot else d["data"] + max(0, stt - 1.25) * rng.uniform(0.0, 0.05)
            return f"{f_pylog(t)} INFO train: [node {i}] step {s} step_time={stt:.2f}s data_wait={dw:.3f}s comm_wait={max(0.01, stt - 1.1 - (dw if n is hot else 0)):.3f}s"
        items += render_sched(sched, 100, nl)
        tsig = t_cancel + sec(0.3)
        items.append((tsig, ctx.agent(tsig, "W", "Received Signals.SIGTERM death signal, shutting down workers", ctx.agent_tid(n), mod="agent/server/api.py", line=741)))
        items += ctx.sigterm_lines(n, tsig + sec(0.01))
        out.extend(prefixed(items, srun_prefix(i)))
        kn = dmesg_noise(rng, t0 - sec(3600), t_cancel + sec(200), rng.randint(12, 20))
        if n is hot:
            ev = rng.randint(3000, 9000)
            tt = t_hot - sec(400)
            while tt < t_cancel:
                cpu = rng.randint(0, 111)
                ev += rng.randint(500, 4000)
                kn.append((tt, f"mce: CPU{cpu}: Core temperature above threshold, cpu clock throttled (total events = {ev})"))
                kn.append((tt + sec(0.0001), f"mce: CPU{(cpu + 56) % 112}: Package temperature above threshold, cpu clock throttled (total events = {ev + rng.randint(10, 500)})"))
                if rng.random() < 0.3:
                    kn.append((tt + sec(0.003), f"mce: CPU{cpu}: Core temperature/speed normal"))
                tt = tt + sec(rng.uniform(120, 700))
        b.add(f"{n.name}/dmesg.txt", [ln for _, ln in kernel_log(n, _ks(kn), "uptime")])
        b.add(f"{n.name}/host_info.txt", host_info(n, t_cancel + sec(600)))
        sens = ["$ ipmitool sdr type Fan; ipmitool sdr type Temperature"]
        for f in range(1, 7):
            if n is hot and f == 3:
                sens.append(f"FAN3             | 31h | cr  |  29.3 | 0 RPM")
            else:
                sens.append(f"FAN{f}             | {0x2f + f:02x}h | ok  |  29.{f} | {rng.randint(10800, 12600)} RPM")
        sens.append(f"CPU1 Temp        | 01h | {'cr ' if n is hot else 'ok '} |   3.1 | {rng.randint(96, 99) if n is hot else rng.randint(61, 72)} degrees C")
        sens.append(f"CPU2 Temp        | 02h | {'nc ' if n is hot else 'ok '} |   3.2 | {rng.randint(90, 95) if n is hot else rng.randint(60, 70)} degrees C")
        sens.append(f"Inlet Temp       | 04h | ok  |   7.1 | {rng.randint(22, 26)} degrees C")
        b.add(f"{n.name}/ipmi_sensors.txt", sens)
    out.add(t_cancel, f"slurmstepd: error: *** JOB {job} ON c-gpu-041 CANCELLED AT {f_slurm_time(t_cancel)} ***")
    b.add(f"{nodes[0].name}/slurm-{job}.out", out)
    b.set_label("straggler", "infrastructure", hot.name, None, "restart_without_node",
                "From 02:40 every step slows from ~1.2 s to ~2.9 s; only c-gpu-042 reports large data_wait while the "
                "others wait in communication, and its kernel (seconds since boot) logs continuous CPU thermal "
                "throttling with FAN3 at 0 RPM. A hardware-degraded straggler.",
                "https://github.com/MIC-DKFZ/nnUNet/issues/1351")
    return b


# ---------------------------------------------------------------------------
# p35: host OOM killer kills one training process while loading weights
# ---------------------------------------------------------------------------

def p35_torchrun_sigkill_during_load(rng):
    b = Bundle("p35")
    ctx = Ctx(rng, torch="2.5", nccl="2.21.5", timeout_ms=1800000, py="3.11", cuda="12.4", drv="12060",
              script="finetune.py", binary="/home/ml/venv/bin/python3")
    ctx.site = "/home/ml/venv/lib/python3.11/site-packages"
    names = ["ws-gpu-a", "ws-gpu-b"]
    nodes = make_nodes(rng, names, gpus=8, eth="192.168.10.", ib="192.168.20.", boot0=T("2024-12-01 00:00:00"))
    victim, vlr = nodes[1], 6
    t0 = T("2024-12-09 14:00:00")
    t_kill = t0 + sec(118.6)
    for i, n in enumerate(nodes):
        lg = Log()
        lg.add(t0, f"$ nohup torchrun --nnodes 2 --nproc_per_node 8 --node_rank {i} --master_addr ws-gpu-a --master_port 29500 finetune.py --base /models/llama-3.1-70b-fp32/consolidated.pth > run_{n.name}.log 2>&1 &")
        lg.extend(torchrun_banner(ctx, n, t0 + sec(1)))
        for lr in range(8):
            tl = t0 + sec(14 + rng.uniform(0, 2))
            lg.add(tl, f"{f_pylog(tl)} INFO finetune: [rank {n.rank(lr)}] loading base weights from /models/llama-3.1-70b-fp32/consolidated.pth (map_location=cpu)")
        if n is victim:
            tk = t_kill + sec(0.7)
            fails = [(vlr, -9, tk)]
            td, tend = teardown(ctx, n, fails, "finetune.py")
        else:
            fl, times = flood(ctx, n, t_kill + sec(1800 + 3.0 + rng.uniform(0, 0.5)), 1, "BROADCAST", numel=rng.randint(10**9, 2 * 10**9), frames_for=1)
            lg.extend(fl)
            td, tend = teardown(ctx, n, [(lr, -6, tt) for lr, tt in times.items()], "finetune.py")
        lg.extend(td)
        b.add(f"{n.name}/run_{n.name}.log", lg)
        kn = dmesg_noise(rng, t0 - sec(7200), t_kill + sec(1900), rng.randint(12, 20))
        if n is victim:
            p = n.pids[vlr]
            kn += [(t_kill - sec(0.3), f"python3 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"),
                   (t_kill - sec(0.3), f"CPU: 41 PID: {n.pids[2]} Comm: python3 Tainted: P           OE      6.8.0-49-generic #49~22.04.1-Ubuntu"),
                   (t_kill - sec(0.29), "Mem-Info:"),
                   (t_kill - sec(0.29), f"active_anon:{rng.randint(250, 260) * 10**6} inactive_anon:{rng.randint(1, 3) * 10**6} isolated_anon:0"),
                   (t_kill - sec(0.01), f"oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-1001.slice/session-4.scope,task=python3,pid={p},uid=1001"),
                   (t_kill, f"Out of memory: Killed process {p} (python3) total-vm:{rng.randint(300, 320) * 10**6}kB, anon-rss:{rng.randint(270, 282) * 10**6}kB, file-rss:{rng.randint(80000, 120000)}kB, shmem-rss:{rng.randint(20000, 90000)}kB, UID:1001 pgtables:{rng.randint(540000, 600000)}kB oom_score_adj:0"),
                   (t_kill + sec(1.9), f"oom_reaper: reaped process {p} (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB")]
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
        b.add(f"{n.name}/free.txt", ["$ free -g", "               total        used        free      shared  buff/cache   available",
                                     f"Mem:            2015          {rng.randint(30, 45)}        {rng.randint(1800, 1900)}           0         {rng.randint(60, 120)}        {rng.randint(1900, 1960)}",
                                     "Swap:              0           0           0"])
    b.set_label("oom", "framework", None, None, "stop",
                "Every local rank torch.load()s the full fp32 70B checkpoint into host RAM; on ws-gpu-b the kernel OOM "
                "killer kills local rank 6 (torchrun: exitcode -9, SIGKILL) and node ws-gpu-a then times out in the "
                "first BROADCAST. Host memory exhaustion caused by how the job loads weights.",
                "https://github.com/2U1/Qwen-VL-Series-Finetune/issues/79")
    return b


# ---------------------------------------------------------------------------
# p36: SkyPilot job that succeeded, with noisy shutdown
# ---------------------------------------------------------------------------

def p36_skypilot_succeeded_noisy(rng):
    b = Bundle("p36")
    ctx = Ctx(rng, torch="2.6", nccl="2.21.5", timeout_ms=1800000, py="3.11", cuda="12.4", drv="12080",
              script="train.py", binary="/home/sky/venv/bin/python")
    ctx.site = "/home/sky/venv/lib/python3.11/site-packages"
    names = ["sky-9a0d-kai-head", "sky-9a0d-kai-worker1"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.164.0.", ib=None, boot0=T("2025-04-14 00:00:00"))
    labels = ["head", "worker1"]
    t0 = T("2025-04-14 09:00:00")
    t_train = t0 + sec(160)
    total = 6000

    def tw(s, d, st):
        if 3100 <= s <= 3160:
            d["loss"] = d["loss"] + 1.8 * (1 - abs(s - 3120) / 40)
            d["gn"] = d["gn"] * 9
        return st
    sched = schedule(rng, t_train, 0, t_train + sec(3.5 * total), 2.05, tweak=tw, max_step=total)
    t_done = sched[-1][0] + sec(6)
    sky = Log()
    sky.add(t0 - sec(20), "INFO: Waiting for task resources on 2 nodes. This will block if the cluster is full.")
    sky.add(t0 - sec(19), "INFO: All task resources reserved.")
    for i, n in enumerate(nodes):
        pfx = f"({labels[i]}, rank={i}, pid={n.agent_pid - 2}" + ("" if i == 0 else f", ip={n.eth_ip}") + ")"
        items = torchrun_banner(ctx, n, t0 + sec(1))
        if i == 0:
            items += render_sched(sched, 10, fmt_titan())
            sp = [x for x in sched if x[1] == 3120][0][0]
            items.append((sp + sec(0.1), f"[titan] {f_pylog(sp)} - root - WARNING - loss spike detected at step 3120 (4.71 vs EMA 2.93); continuing"))
            items.append((t_done - sec(3), f"[titan] {f_pylog(t_done - sec(3))} - root - INFO - Saving the checkpoint (or staging if async is enabled).\n[titan] {f_pylog(t_done - sec(1))} - root - INFO - [GC] GC collection invoked by checkpointer. 0.02 seconds.\n[titan] {f_pylog(t_done)} - root - INFO - Training completed"))
        for lr in range(8):
            tt = t_done + sec(1 + rng.uniform(0, 0.6))
            items.append((tt, f"{n.name}:{n.pids[lr]}:{n.pids[lr] + rng.randint(100, 400)} [{lr}] NCCL INFO [Service thread] Connection closed by localRank {(lr + 1) % 8}"))
            items.append((tt + sec(0.01), f"{n.name}:{n.pids[lr]}:{n.pids[lr] + rng.randint(100, 400)} [{lr}] NCCL INFO comm 0x{hexs(rng, 12)} rank {n.rank(lr)} nranks 16 cudaDev {lr} busId {n.pci[lr]}000 - Abort COMPLETE"))
        if i == 1:
            tt = t_done + sec(2.2)
            items.append((tt, f"[W{tt.month}{tt:%d %H:%M:%S}.{rng.randint(10**8, 10**9 - 1)} TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=5, addr=[{n.eth_ip}]:{rng.randint(40000, 60000)}, remote=[{nodes[0].eth_ip}]:29500): failed to recv, got 0 bytes"))
            items.append((tt + sec(0.01), ctx.agent(tt, "W", f"The node '{n.name}_{n.agent_pid}_0' has failed to shutdown the rendezvous 'sky-9a0d' due to an error of type RendezvousConnectionError.", ctx.agent_tid(n), mod="rendezvous/dynamic_rendezvous.py", line=1291)))
        tt = t_done + sec(2.5)
        items.append((tt, ctx.agent(tt, "I", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.", ctx.agent_tid(n), mod="agent/server/api.py", line=868)))
        sky.extend(prefixed(items, lambda t, ln, p=pfx: f"{p} {ln}"))
        kn = dmesg_noise(rng, t0 - sec(1800), t_done + sec(300), rng.randint(10, 18))
        if i == 1:
            kn.append((t_train + sec(5000), "nfs: server 10.164.0.2 not responding, still trying"))
            kn.append((t_train + sec(5031), "nfs: server 10.164.0.2 OK"))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
    sky.add(t_done + sec(8), "INFO: Job finished (status: SUCCEEDED).")
    b.add(f"{nodes[0].name}/sky_logs_job12.txt", sky)
    b.add(f"{nodes[0].name}/sky_queue.txt", ["$ sky queue sky-9a0d-kai", "Job queue of cluster sky-9a0d-kai",
                                             "ID  NAME       SUBMITTED   STARTED     DURATION  RESOURCES   STATUS     LOG",
                                             f"12  pretrain   3 hrs ago   3 hrs ago   {int((t_done - t0).total_seconds() // 3600)}h {int((t_done - t0).total_seconds() % 3600 // 60)}m    2x[H100:8]  SUCCEEDED  ~/sky_logs/sky-2025-04-14-08-59-31-114214"])
    b.set_label("unknown", "framework", None, None, "none",
                f"The job trained all {total} steps, saved its checkpoint and SkyPilot reports SUCCEEDED; the loss "
                "spike recovered, and the NCCL 'connection closed'/abort lines, store recv failure and NFS blip are "
                "normal shutdown noise.",
                "https://github.com/hpcaitech/ColossalAI/issues/6202")
    return b


# ---------------------------------------------------------------------------
# p37: AWS/EFA cluster, one node lacks the OFI NCCL plugin and falls back
# ---------------------------------------------------------------------------

def p37_parallelcluster_first_collective_timeout(rng):
    b = Bundle("p37")
    ctx = Ctx(rng, torch="2.4", nccl="2.21.5", timeout_ms=1800000, py="3.10", cuda="12.4", drv="12040",
              script="/fsx/proj/train.py", binary="/usr/bin/python")
    names = ["p5-st-p548xlarge-1", "p5-st-p548xlarge-2", "p5-st-p548xlarge-3", "p5-st-p548xlarge-4"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.1.", ib=None, boot0=T("2024-10-21 00:00:00"))
    for n in nodes:
        n.eth_ip = f"10.1.{rng.randint(64, 127)}.{rng.randint(2, 250)}"
    bad = nodes[2]
    bad.boot = T("2024-10-22 19:02:11")
    job = 2231
    t0 = T("2024-10-23 08:00:00")
    t_init = t0 + sec(75)
    good_plugin = ["NET/Plugin: Loaded net plugin Libfabric (v8)", "NET/OFI Initializing aws-ofi-nccl 1.11.0-aws",
                   "NET/OFI Using Libfabric version 1.22", "NET/OFI Using CUDA driver version 12040 with runtime 12040",
                   "NET/OFI Configuring AWS-specific options", "NET/OFI Setting provider_filter to efa",
                   "NET/OFI Setting NCCL_NVLSTREE_MAX_CHUNKSIZE to 512KiB", "NET/OFI Selected Provider is efa (found 32 nics)",
                   "NET/OFI Using transport protocol RDMA", "Using network Libfabric"]
    out = Log()
    out.add(t0, slurm_header(job, nodes, t0, partition="p5", extra=[
        "pyxis: importing docker image: 123456789012.dkr.ecr.us-east-2.amazonaws.com#llm/train:2024.10",
        "pyxis: imported docker image: 123456789012.dkr.ecr.us-east-2.amazonaws.com#llm/train:2024.10",
        "+ srun -l --container-mounts=/fsx:/fsx,/opt/amazon:/opt/amazon env LD_LIBRARY_PATH=/opt/amazon/ofi-nccl/lib:/opt/amazon/efa/lib:$LD_LIBRARY_PATH FI_PROVIDER=efa NCCL_DEBUG=INFO torchrun ..."]))
    for i, n in enumerate(nodes):
        items = torchrun_banner(ctx, n, t0 + sec(2))
        for lr in (0, 1) if n is not bad else range(8):
            ti = t_init + sec(rng.uniform(0, 2))
            if n is bad:
                lines = nccl_init(ctx, n, lr, 32, sock_if="enp71s0", net="Socket", print_version=False, channels=1)
            else:
                lines = nccl_init(ctx, n, lr, 32, sock_if="enp71s0", net=["NET/OFI Selected Provider is efa (found 32 nics)", "Using network Libfabric"],
                                  plugin=good_plugin[:-1], print_version=(n.rank(lr) == 0), channels=1)
            lines = [ln.replace("via NET/IB/0/GDRDMA", "via NET/Libfabric/0/GDRDMA").replace("via NET/IB/0", "via NET/Libfabric/0") for ln in lines]
            items.append((ti, "\n".join(lines)))
        if n is bad:
            items.append((t_init + sec(3), "\n".join(f"{n.name}:{n.pids[lr]}:{n.pids[lr] + 201} [{lr}] NCCL INFO NET/Socket: Using {rng.choice([2, 4])} threads and {rng.choice([4, 8])} sockets per thread" for lr in range(2))))
        fl, times = flood(ctx, n, t_init + sec(1800 + 6 + rng.uniform(0, 1.0)), 1, "BROADCAST", numel=rng.randint(10**8, 2 * 10**8), frames_for=1)
        items += fl
        td, tend = teardown(ctx, n, [(lr, -6, tt) for lr, tt in times.items()], "/fsx/proj/train.py")
        items += td
        out.extend(prefixed(items, srun_prefix(i)))
        out.add(tend + sec(0.5), f"srun: error: {n.name}: task {i}: Exited with exit code 1")
        if n is bad:
            chk = ["$ ls -l /opt/amazon/ofi-nccl/lib/", "ls: cannot access '/opt/amazon/ofi-nccl/lib/': No such file or directory",
                   "$ ls /opt/amazon/", "efa",
                   "$ cat /opt/parallelcluster/.bootstrapped", "aws-parallelcluster-cookbook-3.9.1",
                   "$ fi_info -p efa -t FI_EP_RDM | head -3", "provider: efa", "    fabric: efa", "    domain: rdmap16s27-rdm"]
        else:
            chk = ["$ ls -l /opt/amazon/ofi-nccl/lib/", "total 4112",
                   "-rwxr-xr-x 1 root root 2097152 Sep 19 21:40 libnccl-net.so",
                   "lrwxrwxrwx 1 root root      14 Sep 19 21:40 libnccl-ofi.so -> libnccl-net.so",
                   "$ ls /opt/amazon/", "efa  ofi-nccl",
                   "$ cat /opt/parallelcluster/.bootstrapped", "aws-parallelcluster-cookbook-3.11.0",
                   "$ fi_info -p efa -t FI_EP_RDM | head -3", "provider: efa", "    fabric: efa", "    domain: rdmap16s27-rdm"]
        b.add(f"{n.name}/node_check.txt", chk)
        kn = dmesg_noise(rng, t0 - sec(7200), t_init + sec(1900), rng.randint(10, 18))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
    b.add(f"{nodes[0].name}/slurm-{job}.out", out)
    b.set_label("dependency", "infrastructure", bad.name, None, "restart_without_node",
                "All 32 ranks time out in the very first BROADCAST. Three nodes load the aws-ofi-nccl plugin and use "
                "Libfabric/EFA; p5-st-p548xlarge-3 (a node re-imaged with an older cookbook) has no "
                "/opt/amazon/ofi-nccl, so NCCL there falls back to Socket and can never connect to the others.",
                "https://github.com/NVIDIA/nccl/issues/1059")
    return b


# ---------------------------------------------------------------------------
# p38: new container on a cluster whose driver is too old, every node
# ---------------------------------------------------------------------------

def p38_pyxis_new_container_every_rank_fails(rng):
    b = Bundle("p38")
    ctx = Ctx(rng, torch="2.5", nccl="2.22.3", timeout_ms=1800000, py="3.10", cuda="12.6", drv="12000",
              script="train.py", binary="/usr/bin/python")
    names = ["dgx-a06", "dgx-a07", "dgx-a10", "dgx-a14"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.40.8.", ib="10.41.8.", boot0=T("2024-11-01 00:00:00"),
                       gpu="NVIDIA A100-SXM4-80GB")
    job = 530012
    t0 = T("2024-11-18 14:22:03")
    out = Log()
    out.add(t0, slurm_header(job, nodes, t0, extra=["pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.10-py3",
                                                    "pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.10-py3",
                                                    "+ srun -l --container-image=nvcr.io#nvidia/pytorch:24.10-py3 torchrun --nnodes 4 --nproc_per_node 8 ... train.py"]))
    for i, n in enumerate(nodes):
        items = [(t0 + sec(30), "\n".join(["", "=============", "== PyTorch ==", "=============", "",
                                           "NVIDIA Release 24.10 (build 114410972)", "PyTorch Version 2.5.0a0+e000cf0", "",
                                           "Container image Copyright (c) 2024, NVIDIA CORPORATION & AFFILIATES. All rights reserved.", "",
                                           "ERROR: This container was built for NVIDIA Driver Release 560.35 or later, but",
                                           "       version 525.147.05 was detected and compatibility mode is UNAVAILABLE.", "",
                                           "       [[System has unsupported display driver / cuda driver combination (CUDA_ERROR_SYSTEM_DRIVER_MISMATCH) cuInit()=803]]", ""]))]
        items += torchrun_banner(ctx, n, t0 + sec(31))
        fails = []
        for lr in range(8):
            te = t0 + sec(44 + rng.uniform(0, 1.5))
            tb = ctx.py_tb(n.rank(lr), [("/workspace/train.py", 288, "<module>", "main()"),
                                       ("/workspace/train.py", 52, "main", "torch.cuda.set_device(local_rank)"),
                                       ("/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", 478, "set_device", "torch._C._cuda_setDevice(device)"),
                                       ("/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", 319, "_lazy_init", "torch._C._cuda_init()")],
                           "RuntimeError: The NVIDIA driver on your system is too old (found version 12000). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.")
            if lr < 3 or rng.random() < 0.4:
                items.append((te, tb))
                fails.append((lr, 1, te))
        td, tend = teardown(ctx, n, fails, "train.py")
        items += td
        out.extend(prefixed(items, srun_prefix(i)))
        out.add(tend + sec(0.4), f"srun: error: {n.name}: task {i}: Exited with exit code 1")
        b.add(f"{n.name}/nvidia-smi.txt", ["$ nvidia-smi"] + nvidia_smi(rng, n, t0 + sec(600), driver="525.147.05", cuda="12.0"))
        kn = dmesg_noise(rng, t0 - sec(3600), t0 + sec(300), rng.randint(8, 14))
        if i == 2:
            kn += [(t0 - sec(2400), "nvidia-nvswitch2: SXid (PCI:0000:c3:00.0): 12028, Non-fatal, Link 32 egress non-posted PRIV error (First)"),
                   (t0 - sec(2400), "nvidia-nvswitch2: SXid (PCI:0000:c3:00.0): 12028, Severity 0 Engine instance 32 Sub-engine instance 00")]
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
    b.add(f"{nodes[0].name}/slurm-{job}.out", out)
    b.set_label("dependency", "framework", None, None, "stop",
                "The NGC 24.10 container needs driver 560+, but every node runs 525.147.05 (CUDA 12.0): the container "
                "banner reports compatibility mode unavailable and all ranks on all four nodes fail with 'driver ... "
                "too old'. The job's image does not match the cluster, no single node is at fault.",
                "https://github.com/IEIT-Yuan/Yuan-2.0/issues/65")
    return b


# ---------------------------------------------------------------------------
# p39: torch 2.8, ECC error on one GPU, hidden in a rotated console log
# ---------------------------------------------------------------------------

def p39_torchrun_rotated_console_ecc(rng):
    b = Bundle("p39")
    ctx = Ctx(rng, torch="2.8", nccl="2.27.3", timeout_ms=600000, py="3.12", cuda="12.8", drv="12080",
              script="train.py", binary="/opt/venv/bin/python")
    ctx.site = "/opt/venv/lib/python3.12/site-packages"
    names = ["gpu-h100-101", "gpu-h100-102", "gpu-h100-107", "gpu-h100-110"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.77.1.", ib="10.77.129.", boot0=T("2025-09-01 00:00:00"))
    bad, bad_lr = nodes[1], 3
    bad_rank = bad.rank(bad_lr)
    t0 = T("2025-09-08 00:00:10")
    t_train = t0 + sec(210)
    t_ecc = T("2025-09-08 06:12:44.702")
    sched = schedule(rng, t_train, 0, t_ecc + sec(0.4), 1.66)
    seq = sched[-1][1] * 3 + 8
    t_wd = t_ecc + sec(600.4)
    stack = ("#0 all_reduce from /opt/venv/lib/python3.12/site-packages/torch/distributed/distributed_c10d.py:2935\n"
             "#1 wrapper from /opt/venv/lib/python3.12/site-packages/torch/distributed/c10d_logger.py:81\n"
             "#2 _sync_loss from /srv/llm/train.py:244\n#3 train_step from /srv/llm/train.py:301\n#4 main from /srv/llm/train.py:399\n")
    first = rng.choice([r for r in range(32) if r // 8 != 1])
    for i, n in enumerate(nodes):
        lg = Log()
        lg.add(t0, f"$ torchrun --nnodes 4 --nproc_per_node 8 --node_rank {i} --master_addr gpu-h100-101 --master_port 29500 --tee 3 train.py --cfg 34b.yaml   # console captured by logrotate (copytruncate)")
        lg.extend(torchrun_banner(ctx, n, t0 + sec(1)))
        if i == 0:
            lg.extend(prefixed(render_sched(sched, 20, fmt_titan()), lambda t, ln: f"[default0]:{ln}"))
        else:
            lg.extend(prefixed(render_sched(sched, 400, fmt_titan()), lambda t, ln: f"[default0]:{ln}"))
        if n is bad:
            te = t_ecc + sec(0.3)
            tb = ctx.py_tb(bad_rank, [("/srv/llm/train.py", 420, "<module>", "main()"),
                                      ("/srv/llm/train.py", 399, "main", "loss = train_step(model, batch, opt)"),
                                      ("/srv/llm/train.py", 288, "train_step", "loss.backward()"),
                                      ("TORCH/_tensor.py", 647, "backward", "torch.autograd.backward("),
                                      ("TORCH/autograd/__init__.py", 354, "backward", "_engine_run_backward("),
                                      ("TORCH/autograd/graph.py", 829, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                           "torch.AcceleratorError: CUDA error: uncorrectable ECC error encountered\nSearch for `cudaErrorECCUncorrectable' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n")
            lg.add(te, "\n".join(f"[default{bad_lr}]:{x}" for x in tb.split("\n")))
        if n is bad:
            # the agent sees the failed worker at once and tears the node down; a size-based
            # logrotate (copytruncate) happened to fire between the traceback and the teardown
            td, tend = teardown(ctx, n, [(bad_lr, 1, te)], "train.py")
            cut = te + sec(0.9)
            items = [(a[0], a[2]) for a in lg._items] + td
            b.add(f"{n.name}/console.log.1", Log().extend([x for x in items if x[0] < cut]), gz=True)
            b.add(f"{n.name}/console.log", Log().extend([x for x in items if x[0] >= cut]))
        else:
            fl = []
            times = {}
            for lr in range(8):
                gr = n.rank(lr)
                tt = t_wd + sec(rng.uniform(0, 1.1)) if gr != first else t_wd - sec(0.25)
                blk = ctx.watchdog_timeout(gr, tt, seq, "ALLREDUCE", numel=1, frames=(lr == 0), fr_dump=True,
                                           fr_from=None if gr == first else first, stack=stack if lr == 0 else None)
                fl += prefixed(blk, lambda t, ln, lr=lr: f"[default{lr}]:{ln}")
                times[lr] = tt
            lg.extend(fl)
            td, tend = teardown(ctx, n, [(lr, -6, tt + sec(0.8)) for lr, tt in times.items()], "train.py")
            lg.extend(td)
            b.add(f"{n.name}/console.log", lg)
        kn = dmesg_noise(rng, t0 - sec(3600), t_wd + sec(900), rng.randint(12, 20))
        if n is bad:
            bus = n.pci[bad_lr]
            kn += [(t_ecc, f"NVRM: Xid (PCI:0000:{bus}:00): 94, pid={n.pids[bad_lr]}, name=python, Contained: SM (0x1). RST: No, D-RST: No"),
                   (t_ecc + sec(0.001), f"NVRM: Xid (PCI:0000:{bus}:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000{hexs(rng, 8)}) marked for remapping, reset gpu to activate.")]
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
    tq = t_wd + sec(1500)
    b.add(f"{bad.name}/nvidia-smi-q-rowremap.txt",
          [f"$ nvidia-smi -q -d ECC,ROW_REMAPPER -i {bad_lr}", "", "==============NVSMI LOG==============", "",
           f"Timestamp                                 : {tq:%a %b %d %H:%M:%S %Y}", "Driver Version                            : 570.172.08",
           "CUDA Version                              : 12.8", "", "Attached GPUs                             : 8",
           f"GPU 00000000:{bad.pci[bad_lr].upper()}:00.0", "    ECC Mode", "        Current                           : Enabled",
           "        Pending                           : Enabled", "    ECC Errors", "        Volatile",
           "            SRAM Correctable              : 0", "            SRAM Uncorrectable Parity     : 0",
           "            SRAM Uncorrectable SEC-DED    : 0", "            DRAM Correctable              : 0",
           "            DRAM Uncorrectable            : 1", "    Remapped Rows", "        Correctable Error                 : 0",
           "        Uncorrectable Error               : 1", "        Pending                           : Yes",
           "        Remapping Failure Occurred        : No"])
    b.set_label("gpu_memory", "infrastructure", bad.name, bad_rank, "restart_without_node",
                f"Three consoles show only the flight-recorder timeout flood and gpu-h100-102's current console only its "
                f"agent teardown, but its rotated console.log.1.gz has rank {bad_rank} dying with 'uncorrectable ECC error' "
                "at 06:12:44, matching Xid 94 and Xid 63 (row remap pending) for that GPU in its dmesg, ten minutes "
                "before anyone timed out.",
                "https://github.com/verl-project/verl/issues/407")
    return b


# ---------------------------------------------------------------------------
# p40: torch 1.13 on SkyPilot, a plain hang: everyone times out, nothing else
# ---------------------------------------------------------------------------

def p40_skypilot_legacy_watchdog_all_nodes(rng):
    b = Bundle("p40")
    ctx = Ctx(rng, torch="1.13", nccl="2.14.3", timeout_ms=1800000, py="3.9",
              site="/opt/conda/lib/python3.9/site-packages", cuda="11.7", drv="11070",
              script="train.py", binary="/opt/conda/bin/python")
    names = ["sky-31ab-eve-head", "sky-31ab-eve-worker1", "sky-31ab-eve-worker2"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.142.0.", ib=None, boot0=T("2023-05-08 00:00:00"),
                       gpu="NVIDIA A100-SXM4-40GB")
    labels = ["head", "worker1", "worker2"]
    t0 = T("2023-05-09 02:00:00")
    t_train = t0 + sec(190)
    t_stall = T("2023-05-09 06:47:20.500")
    sched = schedule(rng, t_train, 0, t_stall, 2.7)
    seq = sched[-1][1] * 2 + 1
    sky = Log()
    sky.add(t0 - sec(25), "I 05-09 01:59:35 cloud_vm_ray_backend.py:2890] Job submitted with Job ID: 2")
    sky.add(t0 - sec(20), "INFO: Waiting for task resources on 3 nodes. This will block if the cluster is full.")
    sky.add(t0 - sec(19), "INFO: All task resources reserved.")
    t_wd = t_stall + sec(1800.6)
    for i, n in enumerate(nodes):
        pfx = f"({labels[i]}, rank={i}, pid={n.agent_pid - 4}" + ("" if i == 0 else f", ip={n.eth_ip}") + ")"
        items = torchrun_banner(ctx, n, t0 + sec(1))
        if i == 0:
            items += render_sched(sched, 10, lambda t, s, l, st, d: f"{f_pylog(t)} | INFO | epoch 3 | step {s} | loss {l:.4f} | lr {2e-4:.2e} | {st:.2f}s/step")
        fl, times = flood(ctx, n, t_wd + sec(rng.uniform(0, 0.8)), seq, "ALLREDUCE", frames_for=0)
        items += fl
        td, tend = teardown(ctx, n, [(lr, -6, tt) for lr, tt in times.items()], "train.py")
        items += td
        sky.extend(prefixed(items, lambda t, ln, p=pfx: f"{p} {ln}"))
        kn = dmesg_noise(rng, t0 - sec(3600), t_wd + sec(600), rng.randint(12, 20))
        if i == 2:
            kn += [(t_stall - sec(7300), "nfs: server 10.142.0.3 not responding, still trying"),
                   (t_stall - sec(7271), "nfs: server 10.142.0.3 OK")]
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, _ks(kn), "dmesg_T")])
        b.add(f"{n.name}/nvidia-smi.txt", ["$ nvidia-smi"] + nvidia_smi(rng, n, t_wd + sec(900), driver="515.105.01", cuda="11.7"))
    sky.add(t_wd + sec(20), "ERROR: Job 2 failed with return code list: [1, 1, 1]")
    b.add(f"{nodes[0].name}/sky_logs_job2.txt", sky)
    b.set_label("hang", "infrastructure", None, None, "restart",
                "All 24 ranks on all three nodes report the same ALLREDUCE sequence number timing out after 30 "
                "minutes, with no earlier error, kernel message or GPU fault anywhere (the NFS blip was two hours "
                "before). A collective hang with no identifiable cause.",
                "https://github.com/InternLM/InternLM/issues/290")
    return b
