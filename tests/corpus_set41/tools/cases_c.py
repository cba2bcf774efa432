"""Cases al21-al30."""
import random
from common import *  # noqa


# --------------------------------------------------------------------------- al21
def al21(OUT):
    c = Case(OUT, "al21_rendezvous_connection_error_on_every_pod")
    rng = random.Random(2121)
    tv = TV("2.0.1", py="3.10", prefix="/opt/conda")
    pods = ["elastic-bert-worker-0", "elastic-bert-worker-1", "elastic-bert-worker-2"]
    c.host(*pods)
    t0 = T("2024-02-19 11:20:07.000")
    s = tv.site
    for i, p in enumerate(pods):
        tp = t0 + secs(i * 1.7)
        lines = ["INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:",
                 "  entrypoint       : /workspace/bert/run_mlm.py", "  min_nodes        : 2", "  max_nodes        : 3",
                 "  nproc_per_node   : 4", "  run_id           : elastic-bert", "  rdzv_backend     : etcd-v2",
                 "  rdzv_endpoint    : etcd-client.training.svc:2379", "  rdzv_configs     : {'timeout': 900}",
                 "  max_restarts     : 10", "  monitor_interval : 5", "  log_dir          : None", "  metrics_cfg      : {}", "",
                 "Traceback (most recent call last):"]
        inner = [
            '  File "%s/urllib3/connection.py", line 200, in _new_conn' % s, "    sock = connection.create_connection(",
            '  File "%s/urllib3/util/connection.py", line 85, in create_connection' % s, "    raise err",
            '  File "%s/urllib3/util/connection.py", line 73, in create_connection' % s, "    sock.connect(sa)",
            "ConnectionRefusedError: [Errno 111] Connection refused", "",
            "During handling of the above exception, another exception occurred:", "", "Traceback (most recent call last):",
            '  File "%s/etcd/client.py", line 902, in wrapper' % s, "    response = payload(path, method, params=params, timeout=timeout)",
            '  File "%s/etcd/client.py", line 884, in api_execute' % s, "    raise etcd.EtcdConnectionFailed(",
            "etcd.EtcdConnectionFailed: Connection to etcd failed due to MaxRetryError(\"HTTPConnectionPool(host='etcd-client.training.svc', port=2379): "
            "Max retries exceeded with url: /v2/machines (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f%010x>: "
            "Failed to establish a new connection: [Errno 111] Connection refused'))\")" % rng.getrandbits(40),
            "", "The above exception was the direct cause of the following exception:", "",
            "Traceback (most recent call last):",
            '  File "/opt/conda/bin/torchrun", line 33, in <module>',
            "    sys.exit(load_entry_point('torch==2.0.1', 'console_scripts', 'torchrun')())",
            '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 346, in wrapper' % s, "    return f(*args, **kwargs)",
            '  File "%s/torch/distributed/run.py", line 794, in main' % s, "    run(args)",
            '  File "%s/torch/distributed/run.py", line 785, in run' % s, "    elastic_launch(",
            '  File "%s/torch/distributed/launcher/api.py", line 134, in __call__' % s, "    return launch_agent(self._config, self._entrypoint, list(args))",
            '  File "%s/torch/distributed/launcher/api.py", line 221, in launch_agent' % s, "    rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),",
            '  File "%s/torch/distributed/elastic/rendezvous/registry.py", line 65, in get_rendezvous_handler' % s, "    return handler_registry.create_handler(params)",
            '  File "%s/torch/distributed/elastic/rendezvous/api.py", line 257, in create_handler' % s, "    handler = creator(params)",
            '  File "%s/torch/distributed/elastic/rendezvous/registry.py", line 28, in _create_etcd_v2_handler' % s, "    backend, store = create_backend(params)",
            '  File "%s/torch/distributed/elastic/rendezvous/etcd_rendezvous_backend.py", line 207, in create_backend' % s, "    client = _create_etcd_client(params)",
            '  File "%s/torch/distributed/elastic/rendezvous/etcd_rendezvous_backend.py", line 180, in _create_etcd_client' % s, "    raise RendezvousConnectionError(",
            "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to etcd has failed. See inner exception for details."]
        lines += inner
        hdr = ["==> kubectl logs %s -n training --previous  (restart #%d)" % (p, k) for k in (3,)]
        c.w("%s/kubectl_logs_previous.txt" % p, hdr + lines)
        c.w("%s/kubectl_describe_pod.txt" % p, [
            "Name:             %s" % p, "Namespace:        training", "Node:             ip-10-20-%d-%d.ec2.internal/10.20.%d.%d" % (i + 1, 40 + i, i + 1, 40 + i),
            "Status:           Running", "Containers:", "  pytorch:", "    Image:          registry.local/bert-elastic:2.0.1-cpu",
            "    State:          Waiting", "      Reason:       CrashLoopBackOff", "    Last State:     Terminated",
            "      Reason:       Error", "      Exit Code:    1", "      Started:      %s" % (tp + secs(300)).strftime("%a, %d %b %Y %H:%M:%S +0000"),
            "      Finished:     %s" % (tp + secs(302)).strftime("%a, %d %b %Y %H:%M:%S +0000"), "    Restart Count:  3", "Events:",
            "  Type     Reason   Age                From     Message", "  ----     ------   ----               ----     -------",
            "  Warning  BackOff  2m (x9 over 9m)    kubelet  Back-off restarting failed container pytorch in pod %s_training" % p])
    # etcd side
    te = t0 - secs(25)
    etcd = []
    for k, (dt, lvl, msg) in enumerate([
        (te, "warn", "apply request took too long, took 2.318s, expected-duration 100ms"),
        (te + secs(3), "warn", "leader failed to send out heartbeat on time; took too long, leader is overloaded likely from slow disk"),
        (te + secs(9), "info", "raft.node: 8e9e05c52164694d lost leader 8e9e05c52164694d at term 41"),
        (te + secs(11), "warn", "etcdserver: no leader"),
        (te + secs(19), "info", "8e9e05c52164694d is starting a new election at term 41"),
        (te + secs(61), "error", "failed to publish local member to cluster through raft: etcdserver: request timed out"),
    ]):
        etcd.append(json.dumps({"level": lvl, "ts": iso(dt, z=False), "caller": "etcdserver/server.go:%d" % (700 + k * 13), "msg": msg}))
    c.w("etcd/etcd-0.log", etcd)
    c.w("etcd/kubectl_get_pods.txt", ["NAME     READY   STATUS             RESTARTS      AGE",
                                      "etcd-0   0/1     CrashLoopBackOff   4 (31s ago)   41d",
                                      "etcd-1   0/1     Running            2 (2m ago)    41d",
                                      "etcd-2   0/1     Pending            0             6m12s"])
    c.w("etcd/node_event.txt", ["%s  Warning  NodeNotReady  node/ip-10-20-9-14.ec2.internal  Node is not ready (etcd-2 evicted, kubelet stopped posting status)" % iso(t0 - secs(400))])
    c.label("network", "infrastructure", None, None, "restart",
            "Every worker pod's torchrun dies before rendezvous with RendezvousConnectionError: connection refused to "
            "etcd-client.training.svc:2379, and the etcd cluster itself lost quorum (no leader, pods restarting/pending). The shared "
            "rendezvous endpoint is down for everyone; no training node is at fault.",
            "https://github.com/pytorch/pytorch/issues/123714")
    return c


# --------------------------------------------------------------------------- al22
def al22(OUT):
    c = Case(OUT, "al22_gloo_connectfullmesh_failed_on_all_sixteen_ranks")
    rng = random.Random(2222)
    tv = TV("2.2.2", py="3.11", prefix="/opt/conda")
    hosts = ["c7-01", "c7-02", "c8-01", "c8-02"]
    ip = {"c7-01": "10.7.0.11", "c7-02": "10.7.0.12", "c8-01": "10.8.0.11", "c8-02": "10.8.0.12"}
    c.host(*hosts)
    c.topology({"leaf-07": ["c7-01", "c7-02"], "leaf-08": ["c8-01", "c8-02"]})
    nproc, world = 4, 16
    script = "train_dlrm.py"
    t0 = T("2024-09-25 16:40:00.000")
    tid = {h: 140300000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 60100 + r * 7 for r in range(world)}
    t_fail = t0 + secs(303.4)
    s = tv.site
    fr = [("/srv/dlrm/" + script, 402, "<module>", "main()"),
          ] + tv.frames_wrapper() + [("/srv/dlrm/" + script, 311, "main", "dist.init_process_group(\"gloo\", timeout=timedelta(minutes=5))"),
                                     ("%s/torch/distributed/c10d_logger.py" % s, 86, "wrapper", "func_return = func(*args, **kwargs)"),
                                     ("%s/torch/distributed/distributed_c10d.py" % s, 1184, "init_process_group", "default_pg, _ = _new_process_group_helper("),
                                     ("%s/torch/distributed/distributed_c10d.py" % s, 1339, "_new_process_group_helper", "backend_class = ProcessGroupGloo(backend_prefix_store, group_rank, group_size, timeout=timeout)")]
    for h_i, h in enumerate(hosts):
        base = h_i * 4
        rack = h[:2]
        remote = [x for x in hosts if x[:2] != rack]
        lines = tv.omp_banner(t0, tid[h])
        lines += launch_configs(tv, t0, tid[h], script, 4, 4, 4, "dlrm-0925", "c10d", "c7-01-mgmt:29400", 0)
        lines += rdzv_complete(tv, t0 + secs(1.9), tid[h], 0, "c7-01-mgmt", 43011, h_i, 4, 4)
        errs = {}
        for r in range(base, base + 4):
            lines.append("[default%d]:%s [rank %d] GLOO_SOCKET_IFNAME=ens2f0 local addr %s" % (r - base, pylog(t0 + secs(4 + 0.01 * r)), r, ip[h]))
        for r in range(base, base + 4):
            dt = t_fail + secs(rng.uniform(0, 1.5))
            errs[r] = dt
            if r % 2 == 0:
                msg = "RuntimeError: Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error"
                pre = cglog("E", dt - secs(0.001), "ProcessGroupGloo.cpp:144") + "Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error"
            else:
                rr = rng.choice(remote)
                msg = "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [%s]:%d: Connection timed out" % (ip[rr], rng.randint(20000, 60000))
                pre = None
            tb = traceback(fr, msg)
            if pre:
                lines.append("[default%d]:%s" % (r - base, pre))
            lines += ["[default%d]:%s" % (r - base, l) for l in tb]
            errs[r] = (dt, tb)
        order = sorted(errs, key=lambda r: errs[r][0])
        t_det = errs[order[0]][0] + secs(2.3)
        recs = [fail_rec(errs[r][0] + secs(0.05), r, r - base, 1, pid[r], "/tmp/torchelastic_%s/dlrm-0925_%s/attempt_0/%d/error.json" % (rid(rng), rid(rng), r - base), errs[r][1]) for r in order]
        blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun.log" % h, lines + blk)
        items = syslog_block(rng, h, t0 - secs(1200), t_fail + secs(600), 30)
        c.w("%s/messages" % h, [l for _, l in sorted(items, key=lambda x: x[0])])
    sw = []
    tsw = t0 - secs(95)
    for k, (dt, m) in enumerate([
        (tsw, "%ETHPORT-5-IF_DOWN_LINK_FAILURE: Interface Ethernet1/49 is down (Link failure)"),
        (tsw + secs(0.4), "%ETHPORT-5-IF_DOWN_LINK_FAILURE: Interface Ethernet1/50 is down (Link failure)"),
        (tsw + secs(1.1), "%BGP-5-ADJCHANGE:  bgp- [14511] (default) neighbor 10.254.7.1 Down - holdtimer expired error"),
        (tsw + secs(1.3), "%BGP-5-ADJCHANGE:  bgp- [14511] (default) neighbor 10.254.7.5 Down - holdtimer expired error"),
        (tsw + secs(2.0), "%ROUTING-4-NO_ROUTE: default route withdrawn, 10.8.0.0/24 unreachable via uplinks"),
        (t_fail + secs(1400), "%ETHPORT-5-IF_UP: Interface Ethernet1/49 is up in mode routed"),
    ]):
        sw.append("%s leaf-07 %s" % (dt.strftime("%Y %b %d %H:%M:%S"), m))
    c.w("netops/leaf-07_syslog.txt", sw)
    c.w("netops/ticket.txt", ["INC-20931 %s spine-1/spine-2 uplinks of leaf-07 flapping after optics maintenance; cross-leaf traffic blackholed. Mgmt network unaffected." % iso(t0 + secs(900))])
    c.label("network", "infrastructure", None, None, "restart",
            "Rendezvous over the management network succeeds, but every rank on both racks fails connectFullMesh on the data network and the "
            "failed connects always go to the other leaf's addresses; leaf-07's uplinks and BGP sessions dropped just before. A fabric "
            "problem affecting all four nodes, not one node.",
            "https://github.com/sgl-project/sglang/issues/3226")
    return c


# --------------------------------------------------------------------------- al23
def al23(OUT):
    c = Case(OUT, "al23_connection_closed_by_peer_naming_gpu_b02")
    rng = random.Random(2323)
    tv = TV("2.1.2", py="3.10", prefix="/opt/conda")
    hosts = ["gpu-b01", "gpu-b02", "gpu-b03"]
    ip = {"gpu-b01": "10.2.0.21", "gpu-b02": "10.2.0.22", "gpu-b03": "10.2.0.23"}
    c.host(*hosts)
    nproc, world = 2, 6
    script = "train_det.py"
    spath = "/home/lab/det/" + script
    t0 = T("2024-03-03 14:00:05.000")
    tid = {h: 140000000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 7700 + r * 9 for r in range(world)}
    prog, t_last = progress_all(rng, "pylog", range(world), t0 + secs(30), 0, 7600, 100, 0.66, 90000, bs=8, loss0=2.4, floor=0.9)
    t_xid = t_last + secs(41.27)
    victim = 5
    fr_cuda = user_frames(spath, [(288, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
        (266, "main", "loss_dict = model(images, targets)")]) + [
        ("%s/torch/nn/modules/module.py" % tv.site, 1518, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        ("%s/torch/nn/modules/module.py" % tv.site, 1527, "_call_impl", "return forward_call(*args, **kwargs)"),
        ("%s/torch/nn/parallel/distributed.py" % tv.site, 1519, "forward", "else self._run_ddp_forward(*inputs, **kwargs)"),
        ("%s/torch/nn/parallel/distributed.py" % tv.site, 1355, "_run_ddp_forward", "return self.module(*inputs, **kwargs)  # type: ignore[index]"),
        ("/home/lab/det/models/rcnn.py", 141, "forward", "feats = self.backbone(images.tensors)")]
    exc_cuda = ["RuntimeError: CUDA error: unspecified launch failure",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""]
    frb = user_frames(spath, [(288, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [(272, "main", "losses.backward()")]) + tv.frames_backward()
    # ring: b01 <-> b02 <-> b03 ; b02 sees b03 die first, then b01 sees b02 close
    plan = {5: (t_xid + secs(0.62), traceback(fr_cuda, exc_cuda)),
            2: (t_xid + secs(0.71), traceback(frb, "RuntimeError: " + tv.closed_by_peer(ip["gpu-b03"], 41873))),
            3: (t_xid + secs(0.72), traceback(frb, "RuntimeError: " + tv.closed_by_peer(ip["gpu-b03"], 41877))),
            0: (t_xid + secs(0.80), traceback(frb, "RuntimeError: " + tv.closed_by_peer(ip["gpu-b02"], 53320))),
            1: (t_xid + secs(0.81), traceback(frb, "RuntimeError: " + tv.closed_by_peer(ip["gpu-b02"], 53324)))}
    for r in range(world):
        h = hosts[r // 2]
        lines = ["%s INFO [train_det.py:201] rank %d -> cuda:%d (%s), dist backend gloo" % (pylog(t0 + secs(6 + 0.01 * r)), r, r % 2, "NVIDIA RTX A5000")]
        lines += [l for d, l in prog if (" rank=%d " % r) in l]
        if r in plan:
            lines += plan[r][1]
        c.w("%s/train_rank%d.out" % (h, r), lines)
    for h_i, h in enumerate(hosts):
        base = h_i * 2
        lines = tv.omp_banner(t0, tid[h])
        if h == "gpu-b03":
            t_det = plan[5][0] + secs(0.9)
            first = fail_rec(plan[5][0] + secs(0.05), 5, 1, 1, pid[5], "/tmp/torchelastic_1d3ax9/det-0303_b0qv/attempt_0/1/error.json", plan[5][1])
            others = [fail_rec(t_det + secs(0.02), 4, 0, -15, pid[4])]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [pid[4]], first, others)
        else:
            order = sorted([base, base + 1], key=lambda r: plan[r][0])
            t_det = plan[order[0]][0] + secs(1.7)
            recs = [fail_rec(plan[r][0] + secs(0.05), r, r - base, 1, pid[r], "/tmp/torchelastic_%s/det-0303_%s/attempt_0/%d/error.json" % (rid(rng, 6), rid(rng, 4), r - base), plan[r][1]) for r in order]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun.log" % h, lines + blk)
        items = []
        st = t0 - secs(7200)
        for txt in kernel_noise(rng, 8):
            d = st + secs(rng.uniform(0, 9000))
            items.append((d, "%s %s kernel: %s" % (d.strftime("%b %d %H:%M:%S"), h, txt)))
        if h == "gpu-b03":
            for k, txt in enumerate(["NVRM: GPU at PCI:0000:41:00: GPU-5b1f0c4e-93a2-11b7-8e4d-2c0a7d1e9f33",
                                     "NVRM: GPU Board Serial Number: 1322021045178",
                                     "NVRM: Xid (PCI:0000:41:00): 79, pid=%d, name=python, GPU has fallen off the bus." % pid[5],
                                     "NVRM: GPU 0000:41:00.0: GPU has fallen off the bus.",
                                     "NVRM: A GPU crash dump has been created. If possible, please run",
                                     "NVRM: nvidia-bug-report.sh as root to collect this data before",
                                     "NVRM: the NVIDIA kernel module is unloaded.",
                                     "pcieport 0000:40:01.1: AER: Uncorrected (Fatal) error received: 0000:41:00.0"]):
                d = t_xid + secs(0.0003 * k)
                items.append((d, "%s %s kernel: %s" % (d.strftime("%b %d %H:%M:%S"), h, txt)))
        if h == "gpu-b02":
            d = t0 - secs(3000)
            items.append((d, "%s %s kernel: NVRM: Xid (PCI:0000:21:00): 13, pid=3122, name=python, Graphics Exception: ESR 0x514648=0x1000f 0x514650=0x0 0x51464c=0x0" % (d.strftime("%b %d %H:%M:%S"), h)))
            items.append((d + secs(0.01), "%s %s kernel: NVRM: Xid (PCI:0000:21:00): 13, pid=3122, name=python, Graphics SM Warp Exception on (GPC 1, TPC 2, SM 0): Out Of Range Address" % (d.strftime("%b %d %H:%M:%S"), h)))
        items.sort(key=lambda x: x[0])
        c.w("%s/journalctl_k.txt" % h, [l for _, l in items])
    c.w("gpu-b03/nvidia-smi_after.txt", ["Unable to determine the device handle for GPU0000:41:00.0: Unknown Error",
                                          "+---------------------------------------------------------------------------------------+",
                                          "| NVIDIA-SMI 535.154.05             Driver Version: 535.154.05   CUDA Version: 12.2     |",
                                          "|   0  NVIDIA RTX A5000               On  | 00000000:21:00.0 Off |                  Off |",
                                          "+---------------------------------------------------------------------------------------+"])
    c.w("gpu-b02/note.txt", ["the Xid 13 on gpu-b02 is from 'pid 3122' = a student's notebook session earlier in the day (see /var/log/jupyter), GPU healthy since"])
    c.label("gpu_hardware", "infrastructure", "gpu-b03", 5, "restart_without_node",
            "gpu-b01's ranks blame 10.2.0.22 (gpu-b02), but gpu-b02's own ranks failed earlier blaming 10.2.0.23 (gpu-b03), where rank 5 hit "
            "'CUDA error: unspecified launch failure' right after the kernel logged Xid 79 (GPU has fallen off the bus) for that rank's pid. "
            "gpu-b02's old Xid 13 is an unrelated application fault.",
            "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507")
    return c


# --------------------------------------------------------------------------- al24
def al24(OUT):
    c = Case(OUT, "al24_step_time_tripled_job_still_running")
    rng = random.Random(2424)
    hosts = ["cpu-e01", "cpu-e02", "cpu-e03", "cpu-e04"]
    c.host(*hosts)
    nproc, world = 4, 16
    t0 = T("2024-10-01 06:00:00.000")
    slow_node = "cpu-e03"
    t_slow = T("2024-10-01 08:47:30.000")
    t_cap = T("2024-10-01 10:50:00.000")
    for r in range(world):
        h = hosts[r // 4]
        lines = ["step,wall_time,rank,fwd_bwd_ms,allreduce_ms,data_ms,step_ms,loss"]
        t = t0 + secs(60)
        step = 0
        rr = random.Random(r * 11 + 3)
        loss = 5.2
        while t < t_cap:
            slow = t >= t_slow
            if h == slow_node and slow:
                fb = 1180 * (1 + rr.uniform(-0.04, 0.06)); ar = 35 * (1 + rr.uniform(-0.2, 0.2))
            elif slow:
                fb = 402 * (1 + rr.uniform(-0.04, 0.04)); ar = 812 * (1 + rr.uniform(-0.05, 0.05))
            else:
                fb = 400 * (1 + rr.uniform(-0.04, 0.04)); ar = 38 * (1 + rr.uniform(-0.2, 0.2))
            dm = 6 * (1 + rr.uniform(-0.3, 0.3))
            st = fb + ar + dm
            loss = max(1.4, loss * 0.9994)
            if step % 50 == 0:
                lines.append("%d,%s,%d,%.1f,%.1f,%.1f,%.1f,%.4f" % (step, iso(t), r, fb, ar, dm, st, loss * (1 + rr.uniform(-0.02, 0.02))))
            t = t + secs(st / 1000.0)
            step += 1
        c.w("%s/metrics/rank%02d.csv" % (h, r), lines)
    c.w("cpu-e01/torchrun.log", TV("2.4.0").omp_banner(t0, 140222334455667) + [
        "I1001 06:00:00.120000 140222334455667 torch/distributed/elastic/agent/server/api.py:723] [default] Starting worker group",
        "# (job still running at capture time %s)" % iso(t_cap)])
    boot = T("2024-09-12 04:02:11.000")
    for h in hosts:
        ev = []
        if h == slow_node:
            n = 48211
            tt = t_slow - secs(14)
            while tt < t_cap:
                for cpu in rng.sample(range(0, 64), 3):
                    ev.append((tt + secs(rng.uniform(0, 0.01)), "CPU%d: Package temperature above threshold, cpu clock throttled (total events = %d)" % (cpu, n)))
                    ev.append((tt + secs(rng.uniform(0.01, 0.02)), "CPU%d: Core temperature above threshold, cpu clock throttled (total events = %d)" % (cpu, n - 3)))
                n += rng.randint(40, 300)
                tt = tt + secs(rng.uniform(200, 700))
            ev.append((t_slow - secs(60), "mce: CPU34: Package temperature above threshold, cpu clock throttled (total events = 48198)"))
        c.w("%s/dmesg_T.txt" % h, dmesg_T_block(rng, boot + secs(rng.randint(0, 9000)), ev, 10, t_cap))
    c.w("cpu-e03/ipmi_sel.txt", ["  1a4 | %s | Fan FAN3_SYS | Lower Critical going low  | Asserted | Reading 0 < Threshold 600 RPM" % (t_slow - secs(200)).strftime("%m/%d/%Y | %H:%M:%S"),
                                  "  1a5 | %s | Temperature CPU1_TEMP | Upper Non-critical going high | Asserted | Reading 94 > Threshold 90 degrees C" % (t_slow - secs(20)).strftime("%m/%d/%Y | %H:%M:%S")])
    for h in hosts:
        mhz = 1000 if h == slow_node else 3100
        c.w("%s/cpupower_frequency.txt" % h, ["analyzing CPU 0:", "  driver: intel_pstate", "  hardware limits: 800 MHz - 3.90 GHz",
                                              "  current CPU frequency: %s (asserted by call to kernel)" % ("%.2f GHz" % (mhz / 1000.0))])
    c.label("straggler", "infrastructure", "cpu-e03", None, "restart_without_node",
            "From 08:47 the four ranks on cpu-e03 spend ~1180 ms in forward/backward versus ~400 ms elsewhere, and every other rank's all-reduce "
            "wait grows to ~800 ms waiting for them; cpu-e03 logs continuous thermal throttling, a failed chassis fan in the IPMI SEL and runs "
            "at 1.0 GHz. The whole job runs at the speed of that node.",
            "https://github.com/pytorch/pytorch/issues/71303")
    return c


# --------------------------------------------------------------------------- al25
def al25(OUT):
    c = Case(OUT, "al25_throughput_halved_one_rank_high_compute_time")
    rng = random.Random(2525)
    pods = ["pytorchjob-bert-worker-0", "pytorchjob-bert-worker-1", "pytorchjob-bert-worker-2", "pytorchjob-bert-worker-3"]
    c.host(*pods)
    nproc, world = 4, 16
    slow_rank = 13
    t0 = T("2024-11-18 02:00:00.000")
    t_cap = T("2024-11-18 05:10:00.000")
    rrs = {r: random.Random(r * 5 + 9) for r in range(world)}
    plines = {p_i: list(TV("2.3.1").omp_banner(t0, 140111111111111 + p_i)) for p_i in range(4)}
    t = t0 + secs(40)
    step = 0
    while t < t_cap:
        comp = {r: 610 * (1 + rrs[r].uniform(-0.05, 0.05)) * (1.92 if r == slow_rank else 1.0) for r in range(world)}
        stp = max(comp.values()) + 25 * (1 + rng.uniform(-0.1, 0.1))
        if step % 200 == 0:
            for r in range(world):
                plines[r // 4].append("[default%d]:[%s] rank=%02d step=%d compute_ms=%.0f comm_wait_ms=%.0f step_ms=%.0f seq/s=%.1f" % (
                    r % 4, t.strftime("%Y-%m-%d %H:%M:%S"), r, step, comp[r], stp - comp[r], stp, 32 * 1000.0 / stp))
        t = t + secs(stp / 1000.0)
        step += 1
    for p_i, p in enumerate(pods):
        lines = plines[p_i]
        lines.append("# kubectl logs captured %s, job still Running" % iso(t_cap))
        c.w("%s/kubectl_logs.txt" % p, lines)
        node = "ip-10-0-3-%d.ec2.internal" % (15 + p_i)
        c.w("%s/kubectl_describe_node.txt" % p, ["Name:               %s" % node, "Conditions:",
                                                  "  Type             Status  Reason                       Message",
                                                  "  MemoryPressure   False   KubeletHasSufficientMemory   kubelet has sufficient memory available",
                                                  "  DiskPressure     False   KubeletHasNoDiskPressure     kubelet has no disk pressure",
                                                  "  PIDPressure      False   KubeletHasSufficientPID      kubelet has sufficient PID available",
                                                  "  Ready            True    KubeletReady                 kubelet is posting ready status",
                                                  "Allocated resources:", "  cpu     62 (96%)", "  memory  230Gi (91%)", "Events:           <none>"])
    c.w("job_summary.txt", ["PyTorchJob bert-mlm: 4 workers x 4 procs, gloo, c5.18xlarge-like nodes (dedicated node group)",
                            "throughput dashboards: ~49 seq/s/rank expected from last week's identical run, now ~26",
                            "no kernel logs available from inside pods"])
    c.label("straggler", "infrastructure", "pytorchjob-bert-worker-3", slow_rank, "run_diagnostics",
            "Rank 13 (pytorchjob-bert-worker-3, local 1) consistently needs ~1170 ms of compute per step versus ~610 ms on the other 15 "
            "ranks, which all show ~560 ms of comm wait; nothing in the bundle (node conditions, events) explains it, so the pod/node "
            "needs diagnostics rather than blind exclusion.",
            "https://github.com/pytorch/pytorch/issues/71303")
    return c


# --------------------------------------------------------------------------- al26
def al26(OUT):
    c = Case(OUT, "al26_four_ranks_go_silent_then_recv_timeouts_elsewhere")
    rng = random.Random(2626)
    tv = TV("2.4.0", py="3.10", prefix="/opt/conda")
    hosts = ["hpc-m-10", "hpc-m-11", "hpc-m-12"]
    ip = {h: "10.44.1.%s" % h[-2:] for h in hosts}
    c.host(*hosts)
    nproc, world = 4, 12
    script = "train_moe_cpu.py"
    spath = "/proj/moe/" + script
    t0 = T("2024-12-19 20:30:10.000")
    tid = {h: 140500000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 88200 + r * 3 + (r // 4) * 1000 for r in range(world)}
    pid[4], pid[5], pid[6], pid[7] = 88211, 88214, 88217, 88220
    prog, t_last = progress_all(rng, "pylog", range(world), t0 + secs(30), 0, 5300, 100, 1.41, 50000, bs=32, loss0=5.9, floor=2.3)
    t_lock = t_last + secs(52.3)
    t_to = t_lock + secs(1800 + 7.2)
    fr = user_frames(spath, [(600, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
        (577, "main", "train(model, opt, loader, cfg)"), (410, "train", "loss.backward()")]) + tv.frames_backward()
    errt = {}
    for r in range(world):
        h = hosts[r // 4]
        lines = [l for d, l in prog if (" rank=%d " % r) in l]
        if h != "hpc-m-11":
            dt = t_to + secs(rng.uniform(0, 1.0))
            errt[r] = dt
            lines += ["[rank%d]: %s" % (r, l) for l in traceback(fr, "RuntimeError: " + tv.recv_timeout())]
        c.w("%s/rank%02d.log" % (h, r), lines)
    for h_i, h in enumerate(hosts):
        base = h_i * 4
        lines = tv.omp_banner(t0, tid[h])
        lines += launch_configs(tv, t0, tid[h], script, 3, 3, 4, "moe-1219", "c10d", "hpc-m-10:29400", 0)
        lines += rdzv_complete(tv, t0 + secs(2.7), tid[h], 0, "hpc-m-10", 47002, h_i, 3, 4)
        if h == "hpc-m-11":
            t_sc = t_to + secs(840)
            lines.append(tv.log("W", t_sc, tid[h], "torch.distributed.elastic.agent.server.api", 723, "Received Signals.SIGTERM death signal, shutting down workers"))
            for i in range(4):
                lines.append(tv.sigterm(t_sc + secs(0.001 * i), tid[h], pid[base + i]))
            lines.append(tv.log("W", t_sc + secs(30.01), tid[h], "torch.distributed.elastic.multiprocessing.api", 875,
                                "Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % pid[5]))
        else:
            order = sorted(range(base, base + 4), key=lambda r: errt[r])
            t_det = errt[order[0]] + secs(1.4)
            recs = [fail_rec(errt[r] + secs(0.1), r, r - base, 1, pid[r], "/tmp/torchelastic_%s/moe-1219_%s/attempt_0/%d/error.json" % (rid(rng), rid(rng), r - base),
                             traceback(fr, "RuntimeError: " + tv.recv_timeout())) for r in order]
            blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
            lines += blk
        c.w("%s/torchrun.log" % h, lines)
        items = syslog_block(rng, h, t0 - secs(900), t_to + secs(900), 50)
        if h == "hpc-m-11":
            k = 0
            tt = t_lock
            while tt < t_to + secs(600):
                cpu = rng.choice([12, 34, 35, 51])
                p_ = rng.choice([pid[4], pid[5], pid[6], pid[7]])
                items.append((tt, syslog_prefix(tt, h, "kernel") + "[%d.%06d] watchdog: BUG: soft lockup - CPU#%d stuck for %ds! [python:%d]" % (
                    int((tt - T("2024-12-01 00:00:00")).total_seconds()), rng.randint(0, 999999), cpu, rng.choice([22, 23, 26, 48]), p_)))
                if k % 3 == 1:
                    items.append((tt + secs(1), syslog_prefix(tt + secs(1), h, "kernel") + "[%d.%06d] INFO: task python:%d blocked for more than 120 seconds." % (
                        int((tt - T("2024-12-01 00:00:00")).total_seconds()) + 1, rng.randint(0, 999999), p_)))
                    items.append((tt + secs(1.001), syslog_prefix(tt + secs(1.001), h, "kernel") + "[%d.%06d]       Tainted: G             L     5.14.0-362.8.1.el9_3.x86_64 #1" % (
                        int((tt - T("2024-12-01 00:00:00")).total_seconds()) + 1, rng.randint(0, 999999))))
                if k == 2:
                    items.append((tt + secs(3), syslog_prefix(tt + secs(3), h, "kernel") + "[%d.%06d] rcu: INFO: rcu_preempt self-detected stall on CPU" % (
                        int((tt - T("2024-12-01 00:00:00")).total_seconds()) + 3, rng.randint(0, 999999))))
                tt = tt + secs(rng.uniform(25, 70))
                k += 1
        items.sort(key=lambda x: x[0])
        c.w("%s/messages" % h, [l for _, l in items])
    c.label("host", "infrastructure", "hpc-m-11", None, "restart_without_node",
            "All four ranks on hpc-m-11 stop logging at the same moment and the node's kernel starts reporting soft lockups (CPUs stuck "
            "for 22-48 s on the job's python pids), hung tasks and an RCU stall; the recv timeouts on hpc-m-10/12 30 minutes later are "
            "the consequence. A host-level problem on hpc-m-11.",
            "https://github.com/hiyouga/LlamaFactory/issues/1355")
    return c


# --------------------------------------------------------------------------- al27
def al27(OUT):
    c = Case(OUT, "al27_gloo_failed_to_connect_connection_refused_at_startup")
    rng = random.Random(2727)
    tv = TV("2.6.0", py="3.12", prefix="/home/lab/.venv")
    hosts = ["lab-ws1", "lab-ws2", "lab-ws3"]
    ip = {"lab-ws1": "10.0.5.11", "lab-ws2": "10.0.5.12", "lab-ws3": "10.0.5.13"}
    addr = dict(ip)
    addr["lab-ws2"] = "127.0.1.1"
    c.host(*hosts)
    nproc, world = 2, 6
    script = "toy_ddp.py"
    spath = "/home/lab/ddp-course/" + script
    t0 = T("2025-02-11 10:15:00.000")
    pid = {r: 3100 + r * 21 for r in range(world)}
    s = tv.site
    g = "/pytorch/third_party/gloo/gloo/transport/tcp"
    fr_init = [(spath, 58, "<module>", "main()")] + tv.frames_wrapper() + [
        (spath, 21, "main", 'dist.init_process_group("gloo", timeout=timedelta(minutes=3))'),
        ("%s/torch/distributed/c10d_logger.py" % s, 81, "wrapper", "return func(*args, **kwargs)"),
        ("%s/torch/distributed/c10d_logger.py" % s, 95, "wrapper", "func_return = func(*args, **kwargs)"),
        ("%s/torch/distributed/distributed_c10d.py" % s, 1714, "init_process_group", "default_pg, _ = _new_process_group_helper("),
        ("%s/torch/distributed/distributed_c10d.py" % s, 1924, "_new_process_group_helper", "backend_class = ProcessGroupGloo(")]
    fr_ar = [(spath, 58, "<module>", "main()")] + tv.frames_wrapper() + [(spath, 33, "main", "dist.all_reduce(t)")] + tv.frames_all_reduce()
    t_start = t0 + secs(2.5)
    errs = {}
    lines_by_host = {h: [] for h in hosts}
    for r in range(world):
        h = hosts[r // 2]
        lines_by_host[h].append((t_start + secs(0.3 + 0.01 * r), "[default%d]:rank %d on %s: socket.gethostbyname(gethostname()) = %s" % (r % 2, r, h, addr[h])))
    # ranks 4,5 (lab-ws3) connect to ranks 2,3 whose advertised address is 127.0.1.1 -> refused
    for r in (4, 5):
        h = "lab-ws3"
        t = t_start + secs(1.0)
        for peer in (2, 3):
            port = rng.randint(20000, 60000)
            for k in range(1, 5):
                lines_by_host[h].append((t + secs(k * 0.9), "[default%d]:[%s/debug_logger.cc:9] ERROR failed to connect, willRetry=%d, retry=%d, retryLimit=3, rank=%d, size=%d, local=[%s]:%d, remote=[127.0.1.1]:%d$%d, error=SO_ERROR: Connection refused, remote=[127.0.1.1]:%d$%d" % (
                    r % 2, g, 1 if k < 4 else 0, k, r, world, ip[h], rng.randint(40000, 60000), port, peer, port, peer)))
            if peer == 2:
                last_port = port
        dt = t + secs(4.2 + 0.05 * r)
        msg = "RuntimeError: Gloo connectFullMesh failed with [%s/pair.cc:152] timed out connecting: SO_ERROR: Connection refused, remote=[127.0.1.1]:%d$2" % (g, last_port)
        tb = traceback(fr_init, msg)
        lines_by_host[h].append((dt - secs(0.001), "[default%d]:%s" % (r % 2, cglog("E", dt, "ProcessGroupGloo.cpp:67") + msg.replace("RuntimeError: ", ""))))
        lines_by_host[h].append((dt, "\n".join("[rank%d]: %s" % (r, l) for l in tb)))
        errs[r] = (dt, tb)
    # ranks 0,1 finished connecting (4,5 reached them) and block in the first all_reduce; 2,3 still in connectFullMesh
    for r in (0, 1):
        dt = t_start + secs(6.1 + 0.02 * r)
        msg = "RuntimeError: [%s/pair.cc:553] Connection closed by peer [%s]:%d. This is typically caused by a remote worker crashing. Check the logs of the remote worker before reporting an error." % (g, ip["lab-ws3"], rng.randint(20000, 60000))
        tb = traceback(fr_ar, msg)
        lines_by_host["lab-ws1"].append((dt, "\n".join("[rank%d]: %s" % (r, l) for l in tb)))
        errs[r] = (dt, tb)
    for r in (2, 3):
        dt = t_start + secs(6.3 + 0.02 * r)
        msg = "RuntimeError: Gloo connectFullMesh failed with [%s/pair.cc:553] Connection closed by peer [%s]:%d" % (g, ip["lab-ws3"], rng.randint(20000, 60000))
        tb = traceback(fr_init, msg)
        lines_by_host["lab-ws2"].append((dt, "\n".join("[rank%d]: %s" % (r, l) for l in tb)))
        errs[r] = (dt, tb)
    for h_i, h in enumerate(hosts):
        base = h_i * 2
        tidh = 2900 + h_i * 17
        lines = tv.omp_banner(t0, tidh)
        lines += launch_configs(tv, t0, tidh, script, 3, 3, 2, "course-ddp", "c10d", "lab-ws1:29400", 0)
        lines += rdzv_complete(tv, t0 + secs(2.2), tidh, 0, "lab-ws1", 29500, h_i, 3, 2)
        lines += [l for _, l in sorted(lines_by_host[h], key=lambda x: x[0])]
        order = sorted([base, base + 1], key=lambda r: errs[r][0])
        t_det = errs[order[0]][0] + secs(0.5)
        recs = [fail_rec(errs[r][0] + secs(0.05), r, r - base, 1, pid[r], "/tmp/torchelastic_%s/course-ddp_%s/attempt_0/%d/error.json" % (rid(rng), rid(rng), r - base), errs[r][1]) for r in order]
        blk, _ = finish_block(tv, tidh, h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun_console.txt" % h, lines + blk)
        hosts_file = ["127.0.0.1\tlocalhost"]
        if h == "lab-ws2":
            hosts_file += ["127.0.1.1\tlab-ws2"]
        hosts_file += ["", "# lab machines", "10.0.5.11\tlab-ws1", "10.0.5.12\tlab-ws2", "10.0.5.13\tlab-ws3", "",
                       "# The following lines are desirable for IPv6 capable hosts", "::1     ip6-localhost ip6-loopback", "ff02::1 ip6-allnodes", "ff02::2 ip6-allrouters"]
        c.w("%s/etc_hosts" % h, hosts_file)
    c.w("README.txt", ["course cluster: three Ubuntu workstations, lab-ws2 was reinstalled last week.", "launch: torchrun --nnodes=3 --nproc-per-node=2 --rdzv-backend=c10d --rdzv-endpoint=lab-ws1:29400 toy_ddp.py"])
    c.label("network", "infrastructure", "lab-ws2", None, "restart_without_node",
            "lab-ws2's freshly reinstalled /etc/hosts maps its hostname to 127.0.1.1, so its ranks (2,3) advertise a loopback address to gloo; "
            "lab-ws3's ranks get 'Connection refused, remote=[127.0.1.1]:...$2/$3' and everything else cascades. The fault is that one node's "
            "network/name configuration.",
            "https://github.com/pytorch/gloo/issues/223")
    return c


# --------------------------------------------------------------------------- al28
def al28(OUT):
    c = Case(OUT, "al28_connection_reset_by_peer_in_three_consecutive_attempts")
    rng = random.Random(2828)
    tv = TV("2.0.1", py="3.10", prefix="/opt/conda")
    hosts = ["n1", "n2", "n3", "n4"]
    ip = {h: "10.50.0.1%s" % h[-1] for h in hosts}
    c.host(*hosts)
    c.topology({"tor-b12": hosts})
    nproc, world = 2, 8
    script = "train_tts.py"
    spath = "/data/tts/" + script
    t0 = T("2024-08-08 01:40:00.000")
    pid = {}
    flaps = [["n3"], ["n1"], ["n4", "n2"]]
    consoles = {h: [] for h in hosts}
    sys_ev = {h: [] for h in hosts}
    sw = []
    port_of = {"n1": 3, "n2": 4, "n3": 7, "n4": 8}
    t = t0
    for a in range(3):
        ta = t + secs(3)
        prog, t_last = progress_all(rng, "bracket", range(world), ta + secs(20), a * 1000, a * 1000 + 1500, 100, 0.83, 30000, bs=16, loss0=3.3 - a * 0.4, floor=1.4)
        t_flap = t_last + secs(20.4)
        for k, fh in enumerate(flaps[a]):
            tf = t_flap + secs(0.8 * k)
            sys_ev[fh].append((tf, "kernel", "mlx5_core 0000:31:00.0 ens1f0np0: Link down"))
            sys_ev[fh].append((tf + secs(0.002), "kernel", "bond0: (slave ens1f0np0): link status definitely down, disabling slave"))
            sys_ev[fh].append((tf + secs(0.003), "kernel", "bond0: now running without any active interface!"))
            sys_ev[fh].append((tf + secs(4.1), "kernel", "mlx5_core 0000:31:00.0 ens1f0np0: Link up"))
            sys_ev[fh].append((tf + secs(4.2), "kernel", "bond0: (slave ens1f0np0): link status definitely up, 25000 Mbps full duplex"))
            sw.append((tf - secs(0.01), "%%ETHPORT-5-IF_DOWN_LINK_FAILURE: Interface Ethernet1/%d is down (Link failure)" % port_of[fh]))
            sw.append((tf + secs(4.0), "%%ETHPORT-5-IF_UP: Interface Ethernet1/%d is up in mode access" % port_of[fh]))
        sw.append((t_flap - secs(0.5), "%%KERN-2-SYSTEM_MSG: [%d.%06d] ASIC 0 SerDes lane reset on ports 1/1-1/16 (retimer watchdog)" % (100000 + a * 977, rng.randint(0, 999999))))
        frb = user_frames(spath, [(340, "<module>", "main()"), (318, "main", "step(model, batch, opt)"), (201, "step", "loss.backward()")]) + tv.frames_backward()
        errt = {}
        for r in range(world):
            h = hosts[r // 2]
            pid[(a, r)] = 12000 + a * 500 + r * 7
            culprit = flaps[a][0]
            if h == culprit:
                other = hosts[(hosts.index(h) + 1) % 4]
                msg = "RuntimeError: " + tv.read_error(ip[other], rng.randint(20000, 60000), "Connection reset by peer")
            else:
                msg = "RuntimeError: " + tv.read_error(ip[culprit], rng.randint(20000, 60000), "Connection reset by peer")
            dt = t_flap + secs(4.3 + rng.uniform(0, 0.3))
            errt[r] = (dt, traceback(frb, msg))
        for h_i, h in enumerate(hosts):
            base = h_i * 2
            L = consoles[h]
            if a == 0:
                L += tv.omp_banner(t0, 0)
            else:
                L.append("INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous'ing worker group")
            for d, l in prog:
                r = int(l.split("[rank ")[1].split("]")[0])
                if base <= r < base + 2:
                    L.append(l)
            for r in (base, base + 1):
                L += errt[r][1]
            t_det = max(errt[base][0], errt[base + 1][0]) + secs(1.2)
            if a < 2:
                L.append("INFO:torch.distributed.elastic.agent.server.api:[default] Worker group FAILED. %d/2 attempts left; will restart worker group" % (2 - a))
                L.append("INFO:torch.distributed.elastic.agent.server.api:[default] Stopping worker group")
            else:
                order = sorted([base, base + 1], key=lambda r: errt[r][0])
                recs = [fail_rec(errt[r][0] + secs(0.05), r, r - base, 1, pid[(a, r)], None, None) for r in order]
                blk, _ = finish_block(tv, 0, h, script, t_det, [], recs[0], recs[1:])
                L += blk
        t = t_flap + secs(9)
    for h in hosts:
        c.w("%s/train_console.log" % h, consoles[h])
        items = syslog_block(rng, h, t0 - secs(600), t + secs(300), 35)
        for d, tg, m in sys_ev[h]:
            items.append((d, syslog_prefix(d, h, tg) + m))
        items.sort(key=lambda x: x[0])
        c.w("%s/syslog" % h, [l for _, l in items])
    sw.sort(key=lambda x: x[0])
    c.w("switch/tor-b12.log", ["%s tor-b12 %s" % (d.strftime("%Y %b %d %H:%M:%S"), m) for d, m in sw])
    c.w("launch.sh", ["torchrun --nnodes=4 --nproc-per-node=2 --max-restarts=2 --rdzv-backend=c10d --rdzv-endpoint=n1:29400 --rdzv-id=tts-0808 train_tts.py"])
    c.label("network", "infrastructure", None, None, "restart",
            "Each of the three attempts dies with 'Read error ... Connection reset by peer', but the accused node and the node whose link "
            "flapped is different every time (n3, then n1, then n4 and n2); all four nodes hang off tor-b12, whose log shows SerDes resets "
            "and link failures on their ports. Network trouble across many nodes, not a single bad node.",
            "https://github.com/vllm-project/vllm/issues/6308")
    return c


# --------------------------------------------------------------------------- al29
def al29(OUT):
    c = Case(OUT, "al29_importerror_cannot_import_name_on_every_rank")
    rng = random.Random(2929)
    tv = TV("2.3.1", py="3.11", prefix="/home/jdoe/miniforge3/envs/speech")
    hosts = ["gpu-q01", "gpu-q02"]
    c.host(*hosts)
    nproc, world = 4, 8
    script = "train_ctc.py"
    spath = "/home/jdoe/acme-speech/recipes/librispeech/" + script
    t0 = T("2024-06-27 19:05:44.000")
    tid = {h: 140700000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    pid = {r: 41800 + r * 2 + (r // 4) * 300 for r in range(world)}
    frames = [(spath, 19, "<module>", "from acme_speech.data import build_dataloaders"),
              ("/home/jdoe/acme-speech/src/acme_speech/data/__init__.py", 3, "<module>", "from .loaders import build_dataloaders"),
              ("/home/jdoe/acme-speech/src/acme_speech/data/loaders.py", 11, "<module>", "from .collate import PackedSequenceCollator, pad_waveforms")]
    exc = "ImportError: cannot import name 'PackedSequenceCollator' from 'acme_speech.data.collate' (/home/jdoe/acme-speech/src/acme_speech/data/collate.py)"
    for h_i, h in enumerate(hosts):
        base = h_i * 4
        lines = tv.omp_banner(t0, tid[h])
        lines += launch_configs(tv, t0, tid[h], script, 2, 2, 4, "ctc-ls960", "c10d", "gpu-q01:29500", 0)
        lines += rdzv_complete(tv, t0 + secs(1.7), tid[h], 0, "gpu-q01", 48800, h_i, 2, 4)
        errs = {}
        for r in range(base, base + 4):
            d = t0 + secs(4.1 + rng.uniform(0, 0.5))
            errs[r] = d
            lines += ["[rank%d]: %s" % (r, l) for l in traceback(frames, exc)]
        order = sorted(errs, key=lambda r: errs[r])
        t_det = errs[order[0]] + secs(0.3)
        recs = [fail_rec(errs[r], r, r - base, 1, pid[r], None, None) for r in order]
        blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
        c.w("%s/torchrun.log" % h, lines + blk)
    c.w("gpu-q01/git_log_acme_speech.txt", ["$ git -C /home/jdoe/acme-speech log --oneline -4",
                                            "9f2c1ab (HEAD -> main) data: rename PackedSequenceCollator -> PackedBatchCollator, drop legacy pad path",
                                            "41d07e3 recipes: librispeech ctc baseline",
                                            "c0a99e1 loaders: bucketing by duration",
                                            "77b1f2d initial import",
                                            "$ pip show acme-speech | grep -i location",
                                            "Editable project location: /home/jdoe/acme-speech  (shared $HOME, same on gpu-q01 and gpu-q02)"])
    c.label("dependency", "script", None, None, "stop",
            "All 8 ranks on both nodes fail at import: the user's own editable package acme_speech (shared home) no longer exports "
            "PackedSequenceCollator after the latest commit renamed it, but loaders.py still imports it. Same error everywhere, the "
            "user's code/package must be fixed.",
            "https://github.com/pytorch/executorch/issues/9558")
    return c


# --------------------------------------------------------------------------- al30
def al30(OUT):
    c = Case(OUT, "al30_error_loading_state_dict_in_every_restart_attempt")
    rng = random.Random(3030)
    tv = TV("2.1.2", py="3.10", prefix="/opt/conda")
    hosts = ["vision-07", "vision-08"]
    c.host(*hosts)
    nproc, world = 4, 8
    script = "finetune_seg.py"
    spath = "/mnt/work/segformer/" + script
    t0 = T("2024-02-26 09:10:00.000")
    tid = {h: 140300000000000 + rng.randint(10 ** 9, 10 ** 11) for h in hosts}
    keys_missing = ["module.backbone.patch_embed1.proj.weight", "module.backbone.patch_embed1.proj.bias", "module.backbone.patch_embed1.norm.weight",
                    "module.backbone.block1.0.attn.q.weight", "module.backbone.block1.0.attn.kv.weight", "module.decode_head.linear_pred.weight"]
    keys_unexp = [k.replace("module.", "", 1) for k in keys_missing]
    exc = ["RuntimeError: Error(s) in loading state_dict for DistributedDataParallel:",
           "\tMissing key(s) in state_dict: %s, ... (412 more). " % ", ".join('"%s"' % k for k in keys_missing),
           "\tUnexpected key(s) in state_dict: %s, ... (412 more). " % ", ".join('"%s"' % k for k in keys_unexp)]
    fr = user_frames(spath, [(255, "<module>", "main()")]) + tv.frames_wrapper() + user_frames(spath, [
        (198, "main", 'model.load_state_dict(ckpt["model"])')]) + [
        ("%s/torch/nn/modules/module.py" % tv.site, 2152, "load_state_dict", "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(")]
    cons = {h: tv.omp_banner(t0, tid[h]) for h in hosts}
    t = t0
    run = {h: "seg-ft_%s" % rid(rng) for h in hosts}
    for a in range(4):
        ta = t + secs(2.0)
        for h_i, h in enumerate(hosts):
            base = h_i * 4
            L = cons[h]
            L.append(tv.log("I", t, tid[h], "torch.distributed.elastic.agent.server.api", 0, "[default] Rendezvous'ing worker group"))
            L += rdzv_complete(tv, ta, tid[h], a, "vision-07", 41200 + a, h_i, 2, 4)
            recs = []
            for r in range(base, base + 4):
                d = ta + secs(11.5 + rng.uniform(0, 0.8))
                L.append("[default%d]:[%s] rank %d loading /mnt/work/segformer/pretrained/mit_b2_ade_ft_from_single_gpu.pth" % (r - base, pylog(d - secs(3)), r))
                L += ["[default%d]:%s" % (r - base, l) for l in traceback(fr, exc)]
                ef = "/mnt/work/segformer/elastic_logs/%s/attempt_%d/%d/error.json" % (run[h], a, r - base)
                recs.append(fail_rec(d, r, r - base, 1, 23000 + a * 100 + r * 3, ef, traceback(fr, exc)))
                c.wj("%s/elastic_logs/%s/attempt_%d/%d/error.json" % (h, run[h], a, r - base), error_json(exc[0].split(":")[0] + ": " + "\n".join(exc)[len("RuntimeError: "):], fr, exc, d), indent=None)
            recs.sort(key=lambda x: x["dt"])
            t_det = recs[0]["dt"] + secs(1.0)
            if a < 3:
                L.append(tv.log("I", t_det, tid[h], "torch.distributed.elastic.agent.server.api", 0, "[default] Worker group FAILED. %d/3 attempts left; will restart worker group" % (3 - a)))
                L.append(tv.log("I", t_det, tid[h], "torch.distributed.elastic.agent.server.api", 0, "[default] Stopping worker group"))
            else:
                blk, _ = finish_block(tv, tid[h], h, script, t_det, [], recs[0], recs[1:])
                L += blk
        t = ta + secs(16)
    for h in hosts:
        c.w("%s/torchrun.log" % h, cons[h])
    c.w("vision-07/cmd.txt", ["LOGLEVEL=INFO torchrun --nnodes=2 --nproc-per-node=4 --max-restarts=3 --rdzv-backend=c10d --rdzv-endpoint=vision-07:29400 \\",
                              "  --log-dir=/mnt/work/segformer/elastic_logs finetune_seg.py --init pretrained/mit_b2_ade_ft_from_single_gpu.pth"])
    c.label("user_code", "script", None, None, "stop",
            "All 8 ranks fail identically in all four attempts (max-restarts=3): the checkpoint was saved from a non-DDP model, so its keys "
            "lack the 'module.' prefix that the DDP-wrapped model expects. Restarting cannot fix a deterministic state-dict mismatch.",
            "https://github.com/aks2203/deep-thinking/issues/5")
    return c
