"""Init-time and rendezvous failures: c10d store, etcd backend, port clash,
DNS, a node that never joined, a dead store host, NCCL bootstrap."""

from kit import (Case, T, sec, ms, tz, preamble, torchrun_banner, rdzv_complete, nccl_init,
                 watchdog_timeout, child_failed, sigterm_agent, step_lines, dmesg_T, dmesg_raw, iso,
                 syslog, sacct, ibstat_port, pyglog, pylog, glog, rank_traceback)

PYLIB = "/usr/local/lib/python3.10/dist-packages"


def _pids(base, n):
    return [base + 11 * i for i in range(n)]


def _agent_tb(frames, exc):
    L = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        L.append(f'  File "{f}", line {ln}, in {fn}')
        if code:
            L.append(f"    {code}")
    return L + exc


# ---------------------------------------------------------------------------
def bc06():
    c = Case("bc06_rendezvous_times_out_three_of_four_nodes_joined", 5806)
    hosts = ["gpu-h100-101", "gpu-h100-102", "gpu-h100-103", "gpu-h100-104"]
    t_job = T(2024, 7, 9, 13, 20, 0)
    t_store = T(2024, 7, 9, 13, 21, 2)
    t_fail = t_store + sec(901)
    jid = 5120077
    for i, h in enumerate(hosts):
        apid = 1811 + i
        if i == 3:
            c.add(f"{h}/slurmd.journal", [
                f"{iso(t_job + sec(2))} {h} slurmd[2417]: slurmd: launch task StepId={jid}.0 request from UID:30211 GID:30211 HOST:10.90.0.4 PORT:51742",
                f"{iso(t_job + sec(2))} {h} slurmstepd[991204]: pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.05-py3",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis: child 991233 failed with error code: 1",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis: failed to import docker image",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis: printing enroot log file:",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     [INFO] Querying registry for permission grant",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     [INFO] Authenticating with user: $oauthtoken",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     [INFO] Authentication succeeded",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     [INFO] Fetching image manifest list",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     [INFO] Fetching image manifest",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     [INFO] Downloading 3 missing layers...",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     [INFO] Extracting image layers...",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     [INFO] Converting whiteouts...",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     [INFO] Creating squashfs filesystem...",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     Write failed because No space left on device",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     FATAL ERROR:Failed to write to output filesystem",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     Parallel mksquashfs: Using 192 processors",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis:     Creating 4.0 filesystem on /local/enroot/cache/pyxis_{jid}.0.squashfs, block size 131072.",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: pyxis: couldn't start container",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: spank: required plugin spank_pyxis.so: task_init() failed with rc=-1",
                f"{iso(t_job + sec(106))} {h} slurmstepd[991204]: error: Failed to invoke spank plugin stack",
                f"{iso(t_job + sec(107))} {h} slurmstepd[991204]: done with job",
            ])
            c.add(f"{h}/df-h.txt", [
                "Filesystem                 Size  Used Avail Use% Mounted on",
                "/dev/md0                   879G  212G  623G  26% /",
                "tmpfs                      1.0T   12M  1.0T   1% /dev/shm",
                "/dev/nvme1n1p1             3.5T  3.5T     0 100% /local",
                "10.90.0.50@o2ib:/lfs01      8.1P  5.9P  2.2P  73% /lustre"])
            c.add(f"{h}/du_local_enroot.txt", [
                "$ sudo du -sh /local/enroot/data/* | sort -h | tail",
                "38G\t/local/enroot/data/pyxis_4981220.0", "41G\t/local/enroot/data/pyxis_5011873.0",
                "44G\t/local/enroot/data/pyxis_4993310.0", "52G\t/local/enroot/data/pyxis_5002941.1",
                "61G\t/local/enroot/data/pyxis_5033017.0", "118G\t/local/enroot/data/pyxis_4890012.0",
                "# 71 pyxis_* container roots left behind by earlier jobs (epilog cleanup disabled since 2024-06-27)"])
            continue
        pids = _pids(2300 + 100 * i, 8)
        L = torchrun_banner(t_store - sec(2), 4, 8, "static", "gpu-h100-101:29500", f"{jid}", apid)
        L.append(pyglog(t_store, "I", apid, "torch/distributed/elastic/agent/server/api.py:867") + " [default] starting workers for entrypoint: python")
        L.append(pyglog(t_store, "I", apid, "torch/distributed/elastic/agent/server/api.py:683") + " [default] Rendezvous'ing worker group")
        if i == 0:
            L += _agent_tb([
                ("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
                (f"{PYLIB}/torch/distributed/run.py", 892, "run", "elastic_launch("),
                (f"{PYLIB}/torch/distributed/launcher/api.py", 255, "launch_agent", "result = agent.run()"),
                (f"{PYLIB}/torch/distributed/elastic/agent/server/api.py", 680, "run", "result = self._invoke_run(role)"),
                (f"{PYLIB}/torch/distributed/elastic/agent/server/api.py", 829, "_invoke_run", "self._initialize_workers(self._worker_group)"),
                (f"{PYLIB}/torch/distributed/elastic/agent/server/api.py", 652, "_initialize_workers", "self._rendezvous(worker_group)"),
                (f"{PYLIB}/torch/distributed/elastic/agent/server/api.py", 489, "_rendezvous", "rdzv_info = spec.rdzv_handler.next_rendezvous()"),
                (f"{PYLIB}/torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py", 66, "next_rendezvous", "self._store = TCPStore(  # type: ignore[call-arg]"),
            ], ["torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 3/4 clients joined."])
        else:
            L.append(f"[W{glog(c, t_fail + ms(40 + 3 * i))} socket.cpp:487] [c10d] recvValue failed on SocketImpl(fd=3, addr=[{h}]:{43210 + i}, remote=[gpu-h100-101]:29500): Connection reset by peer")
            L += _agent_tb([
                ("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
                (f"{PYLIB}/torch/distributed/launcher/api.py", 255, "launch_agent", "result = agent.run()"),
                (f"{PYLIB}/torch/distributed/elastic/agent/server/api.py", 489, "_rendezvous", "rdzv_info = spec.rdzv_handler.next_rendezvous()"),
                (f"{PYLIB}/torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py", 66, "next_rendezvous", "self._store = TCPStore(  # type: ignore[call-arg]"),
            ], ["torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?"])
        c.add(f"{h}/torchrun_{h}.log", L)
        c.add(f"{h}/slurmd.journal", [
            f"{iso(t_job + sec(2))} {h} slurmd[2417]: slurmd: launch task StepId={jid}.0 request from UID:30211 GID:30211 HOST:10.90.0.4 PORT:51742",
            f"{iso(t_job + sec(2))} {h} slurmstepd[{880000 + i * 17}]: pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.05-py3",
            f"{iso(t_job + sec(58 + i * 3))} {h} slurmstepd[{880000 + i * 17}]: pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.05-py3",
        ] + ([f"{iso(t_job - sec(3600))} {h} slurmd[2417]: error: _get_joules_task: can't get info from slurmd"] if i == 1 else []))
    c.add(f"slurm-{jid}.out", [
        "pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.05-py3",
        "pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.05-py3",
        "pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.05-py3",
        "pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.05-py3",
        "slurmstepd: error: pyxis: child 991233 failed with error code: 1",
        "slurmstepd: error: pyxis: failed to import docker image",
        "slurmstepd: error: pyxis: couldn't start container",
        "slurmstepd: error: spank: required plugin spank_pyxis.so: task_init() failed with rc=-1",
        "slurmstepd: error: Failed to invoke spank plugin stack",
        "srun: error: gpu-h100-104: task 3: Exited with exit code 1",
        "pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.05-py3",
        "pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.05-py3",
        "pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.05-py3",
        "torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 3/4 clients joined.",
        "srun: error: gpu-h100-101: task 0: Exited with exit code 1",
        "torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?",
        "torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?",
        "srun: error: gpu-h100-102: task 1: Exited with exit code 1",
        "srun: error: gpu-h100-103: task 2: Exited with exit code 1"])
    c.set_label("storage", "infrastructure", {"node": "gpu-h100-104", "rank": None}, "restart_without_node",
                "The rendezvous times out with 3/4 agents because gpu-h100-104 never started torchrun: pyxis could not build the "
                "container there, its local /local disk is 100% full of container roots left by earlier jobs. The other three nodes "
                "only report the missing peer.",
                "https://github.com/NVIDIA/pyxis/issues/53")
    return c


# ---------------------------------------------------------------------------
def bc07():
    c = Case("bc07_all_four_pods_stop_mid_training_rendezvous_errors", 5807)
    pods = [f"llm-pretrain-worker-{i}" for i in range(4)]
    t0 = T(2024, 10, 7, 19, 2, 41)
    t_down = T(2024, 10, 7, 22, 14, 9)
    for i, p in enumerate(pods):
        apid = 1
        pids = _pids(61 + 30 * i, 8)
        ip = f"10.52.{3 + i}.{18 + 5 * i}"
        L = preamble(c, p, i, 4, 8, t0, "llm-pretrain-worker-0", pids, ip, "llm-pretrain", apid,
                     endpoint="etcd-rdzv.ml-infra.svc.cluster.local:2379", rdzv="etcd-v2",
                     nccl_ver="2.21.5+cuda12.4", channels=8)
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(80), 1, 6150, 1.83, 10.4, every=25, fmt="megatron", rank_prefix="[default0]:")
            L += sl
        ta = t_down + sec(3 + i)
        L += [pyglog(ta, "E", apid, "torch/distributed/elastic/agent/server/api.py:908") + " [default] Error waiting on rendezvous state",
              ]
        L += _agent_tb([
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/etcd_rendezvous_backend.py", 78, "get_state", "result = self._client.read(self._key)"),
            (f"{PYLIB}/etcd/client.py", 595, "read", "response = self.api_execute("),
            (f"{PYLIB}/etcd/client.py", 907, "wrapper", "cause=e"),
        ], ["etcd.EtcdConnectionFailed: Connection to etcd failed due to MaxRetryError(\"HTTPConnectionPool(host='etcd-rdzv.ml-infra.svc.cluster.local', port=2379): Max retries exceeded with url: /v2/keys/torch/elastic/rendezvous/llm-pretrain?quorum=false&recursive=false&sorted=false (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f2b3c1d5e10>: Failed to establish a new connection: [Errno 111] Connection refused'))\")",
            "",
            "The above exception was the direct cause of the following exception:",
            ""])
        L += _agent_tb([
            ("/opt/conda/bin/torchrun", 33, "<module>", "sys.exit(load_entry_point('torch==2.5.1', 'console_scripts', 'torchrun')())"),
            (f"{PYLIB}/torch/distributed/launcher/api.py", 260, "launch_agent", "result = agent.run()"),
            (f"{PYLIB}/torch/distributed/elastic/agent/server/api.py", 696, "run", "result = self._invoke_run(role)"),
            (f"{PYLIB}/torch/distributed/elastic/agent/server/api.py", 879, "_invoke_run", "num_nodes_waiting = rdzv_handler.num_nodes_waiting()"),
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 1255, "num_nodes_waiting", "self._state_holder.sync()"),
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 437, "sync", "get_response = self._backend.get_state()"),
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/etcd_rendezvous_backend.py", 80, "get_state", "raise RendezvousConnectionError("),
        ], ["torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to etcd has failed. See inner exception for details."])
        L += sigterm_agent(ta + ms(300), apid, pids)
        for k in (1, 5):
            g = i * 8 + k
            L.append(f"[default{k}]:{p}:{pids[k]}:{pids[k] + 300} [{k}] NCCL INFO [Service thread] Connection closed by localRank {k}")
        L.append(f"[default3]:[rank{i * 8 + 3}]: torch.distributed.elastic.multiprocessing.api.SignalException: Process {pids[3]} got signal: 15")
        c.add(f"{p}/logs.txt", L)
        c.add(f"{p}/describe.txt", [
            f"Name:         {p}", "Namespace:    ml-train", f"Node:         gke-a3mega-np1-{['4c1d', '4c9a', '8e02', '8e7b'][i]}/10.128.15.{40 + i}",
            "Status:       Failed", "Containers:", "  pytorch:", "    State:          Terminated", "      Reason:       Error", "      Exit Code:    1",
            f"      Started:      {t0 - sec(30):%a, %d %b %Y %H:%M:%S} +0000",
            f"      Finished:     {ta + sec(31):%a, %d %b %Y %H:%M:%S} +0000",
            "    Restart Count:  0",
            "    Environment:", "      PET_RDZV_BACKEND:   etcd-v2", "      PET_RDZV_ENDPOINT:  etcd-rdzv.ml-infra.svc.cluster.local:2379",
            "Events:  <none>"])
    c.add("ml-infra/etcd-rdzv-0_describe.txt", [
        "Name:             etcd-rdzv-0", "Namespace:        ml-infra", "Node:             gke-system-pool-2-77cd/10.128.0.9",
        "Containers:", "  etcd:", "    Image:          quay.io/coreos/etcd:v3.5.9",
        "    State:          Running", f"      Started:      {t_down + sec(131):%a, %d %b %Y %H:%M:%S} +0000",
        "    Last State:     Terminated", "      Reason:       OOMKilled", "      Exit Code:    137",
        f"      Started:      {T(2024, 10, 2, 11, 0, 3):%a, %d %b %Y %H:%M:%S} +0000",
        f"      Finished:     {t_down:%a, %d %b %Y %H:%M:%S} +0000",
        "    Ready:          True", "    Restart Count:  1",
        "    Limits:", "      memory:  512Mi", "    Requests:", "      cpu:     250m", "      memory:  256Mi",
        "Events:", "  Type     Reason     Age   From     Message", "  ----     ------     ----  ----     -------",
        "  Warning  BackOff    41m   kubelet  Back-off restarting failed container etcd in pod etcd-rdzv-0_ml-infra(5b8e1c2a-...)",
        "  Normal   Pulled     39m   kubelet  Container image \"quay.io/coreos/etcd:v3.5.9\" already present on machine",
        "  Normal   Started    39m   kubelet  Started container etcd"])
    c.add("ml-infra/etcd-rdzv-0_previous.log", [
        f'{{"level":"warn","ts":"{t_down - sec(61):%Y-%m-%dT%H:%M:%S}.112Z","caller":"etcdserver/util.go:170","msg":"apply request took too long","took":"1.912s","expected-duration":"100ms","prefix":"read-only range ","request":"key:\\"/torch/elastic/rendezvous/llm-pretrain\\" ","response":"range_response_count:1 size:2311"}}',
        f'{{"level":"warn","ts":"{t_down - sec(20):%Y-%m-%dT%H:%M:%S}.880Z","caller":"etcdserver/server.go:1159","msg":"failed to revoke lease","lease-id":"3a0b8f1c9d2e77a1","error":"etcdserver: request timed out"}}',
        f'{{"level":"warn","ts":"{t_down - sec(4):%Y-%m-%dT%H:%M:%S}.031Z","caller":"wal/wal.go:802","msg":"slow fdatasync","took":"3.211s","expected-duration":"1s"}}'])
    c.add("kubectl_get_events_ml-infra.txt", [
        "LAST SEEN   TYPE      REASON      OBJECT            MESSAGE",
        "41m         Warning   OOMKilling  node/gke-system-pool-2-77cd   Memory cgroup out of memory: Killed process 1822 (etcd) total-vm:10928404kB, anon-rss:524104kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:1412kB oom_score_adj:999",
        "41m         Warning   BackOff     pod/etcd-rdzv-0   Back-off restarting failed container etcd in pod etcd-rdzv-0_ml-infra",
        "39m         Normal    Started     pod/etcd-rdzv-0   Started container etcd"])
    c.set_label("network", "infrastructure", None, "restart",
                "All four torchrun agents die within seconds with RendezvousConnectionError: the shared etcd rendezvous service "
                "(etcd-rdzv-0) was OOM-killed and refused connections for about two minutes; training itself was healthy. The service "
                "is back, so a restart should work.",
                "https://github.com/pytorch/pytorch/issues/80772")
    return c


# ---------------------------------------------------------------------------
def bc08():
    c = Case("bc08_store_and_nccl_errors_on_five_nodes_one_log_stops", 5808)
    hosts = [f"node{1201 + i}" for i in range(6)]
    ips = [f"10.12.1.{1 + i}" for i in range(6)]
    t0 = T(2024, 5, 13, 21, 40, 0)
    t_die = T(2024, 5, 14, 3, 12, 43)
    nproc = 8
    for i, h in enumerate(hosts):
        apid = 7001 + i
        pids = _pids(7100 + 100 * i, nproc)
        L = preamble(c, h, i, 6, nproc, t0, hosts[0], pids, ips[i], "sd3-ft-0513", apid,
                     nccl_ver="2.20.5+cuda12.4", channels=8)
        if i == 0:
            sl, t_last, _ = step_lines(c, t0 + sec(60), 1, 11702, 1.68, 0.412, every=1, fmt="plain")
            L += sl
            L.append(f"[rank0]: {pylog(t_die - sec(2))} INFO trainer: step=11703 loss=0.1093 lr=1.000e-04 gr")
            c.add(f"{h}/torchrun.log", L)
            continue
        tn = t_die + sec(14 + i)
        for lr in range(nproc):
            g = i * nproc + lr
            if lr % 2 == 0:
                tt = tn + ms(c.rng.randint(0, 900))
                L.append(f"{h}:{pids[lr]}:{pids[lr] + 411} [{lr}] transport/net_ib.cc:1640 NCCL WARN NET/IB : Got completion from peer {ips[0]}<{48100 + lr}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::a088:c203:{i:02x}f1:e2d{lr % 4} remoteGids fe80::a088:c203:00f1:e2d{lr % 4}")
                L.append(f"{h}:{pids[lr]}:{pids[lr] + 411} [{lr}] NCCL INFO transport/net.cc:1302 -> 6")
                L.append(f"{h}:{pids[lr]}:{pids[lr] + 411} [{lr}] NCCL INFO proxy.cc:698 -> 6")
                L.append(f"{h}:{pids[lr]}:{pids[lr] + 411} [{lr}] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]")
                L.append(f"[rank{g}]:[E{glog(c, tt)} ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank {g}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5")
                L.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
                L.append(f"Last error:")
                L.append(f"NET/IB : Got completion from peer {ips[0]}<{48100 + lr}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::a088:c203:{i:02x}f1:e2d{lr % 4} remoteGids fe80::a088:c203:00f1:e2d{lr % 4}")
                L.append(f"[rank{g}]:[E{glog(c, tt + sec(1))} ProcessGroupNCCL.cpp:1834] [PG ID 0 PG GUID 0(default_pg) Rank {g}] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection timed out")
        ta = t_die + sec(16 + i)
        L += sigterm_agent(ta, apid, [pids[k] for k in range(1, nproc, 2)])
        for lr in range(1, nproc, 2):
            L.append(f"[rank{i * nproc + lr}]: torch.distributed.elastic.multiprocessing.api.SignalException: Process {pids[lr]} got signal: 15")
        tb = ta + sec(31)
        L.append(f"[W{glog(c, tb)} socket.cpp:464] [c10d] recvValue failed on SocketImpl(fd=6, addr=[{h}]:{40100 + i}, remote=[{hosts[0]}]:29400): Connection timed out")
        L += _agent_tb([
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 113, "_call_store", "return getattr(self._store, store_op)(*args, **kwargs)"),
        ], ["torch.distributed.DistNetworkError: Connection timed out", "", "The above exception was the direct cause of the following exception:", ""])
        L += _agent_tb([
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 1216, "shutdown", "self._close()"),
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 1263, "_close", "self._op_executor.run(op, deadline)"),
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 667, "run", "has_set = self._state_holder.sync()"),
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 437, "sync", "get_response = self._backend.get_state()"),
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 75, "get_state", "base64_state: bytes = self._call_store(\"get\", self._key)"),
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 115, "_call_store", "raise RendezvousConnectionError("),
        ], ["torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."])
        L.append(pyglog(tb, "W", apid, "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1224") + f" The node '{h}_{apid}_0' has failed to shutdown the rendezvous 'sd3-ft-0513' due to an error of type RendezvousConnectionError.")
        L += child_failed(tb + ms(300), h, [(i * nproc + k, k, -6, pids[k], ta - sec(1), None) for k in range(0, nproc, 2)], pid=apid)
        c.add(f"{h}/torchrun.log", L)
        if i == 3:
            c.add(f"{h}/dmesg.txt", [
                f"{dmesg_T(T(2024, 5, 13, 23, 51, 7))} EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f1a2c offset:0x840 grain:32 syndrome:0x0 - err_code:0x0000:0x009f  SystemAddress:0x3f1a2c840 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x7e3458 ChannelId:0x2 RankAddress:0x3f1a2c BankAddress:0x1 BankGroup:0x2 ChipSelect:0x0 ChipId:0x0)",
                f"{dmesg_T(T(2024, 5, 14, 3, 14, 2))} mlx5_core 0000:1a:00.0: mlx5_fw_tracer_handle_traces:741:(pid 0): FWTracer: Events were lost"])
    c.add("node1201/bmc_sel.txt", [
        "$ ipmitool sel elist | tail -6",
        "  1a1 | 05/13/2024 | 21:31:55 | Event Logging Disabled #0x07 | Log area reset/cleared | Asserted",
        "  1a2 | 05/14/2024 | 03:12:43 | Processor #0x01 | IERR | Asserted",
        "  1a3 | 05/14/2024 | 03:12:43 | Critical Interrupt #0x1b | Bus Uncorrectable error | Asserted",
        "  1a4 | 05/14/2024 | 03:12:44 | OS Critical Stop #0x46 | Run-time critical stop | Asserted",
        "  1a5 | 05/14/2024 | 03:14:19 | System ACPI Power State #0x30 | S0/G0: working | Asserted",
        "  1a6 | 05/14/2024 | 03:17:52 | System Boot Initiated #0x2b | Initiated by warm reset | Asserted"])
    up = 823412.118201
    c.add("node1201/vmcore-dmesg.txt", [
        f"{dmesg_raw(up - 8731.2)} nvidia-fabricmanager: Fabric Manager started",
        f"{dmesg_raw(up)} mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 13: be00000000800400",
        f"{dmesg_raw(up + 0.000006)} mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9a2e1b56> {{native_safe_halt+0x6/0x10}}",
        f"{dmesg_raw(up + 0.000009)} mce: [Hardware Error]: TSC 1f3c1e2a9b7d4 ADDR 7ffe2c1000 MISC 200000c000001086 ",
        f"{dmesg_raw(up + 0.000013)} mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1715656363 SOCKET 1 APIC 4a microcode 2b0004d0",
        f"{dmesg_raw(up + 0.000015)} mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
        f"{dmesg_raw(up + 0.000021)} mce: [Hardware Error]: Machine check: Processor context corrupt",
        f"{dmesg_raw(up + 0.000024)} Kernel panic - not syncing: Fatal machine check",
        f"{dmesg_raw(up + 0.063001)} Kernel Offset: 0x18c00000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)"])
    c.add("sacct.txt", sacct(9921007, "sd3-ft", "FAILED", "1:0", "05:34:21", 6, "node[1201-1206]",
                             t0 - sec(15), t_die + sec(660)) + [
        f"# scontrol show node node1201 | grep -i reason",
        f"   Reason=Kill task failed [root@2024-05-14T03:14:12]"])
    c.set_label("host", "infrastructure", {"node": "node1201", "rank": None}, "restart_without_node",
                "node1201 (the rendezvous/store host and peer 10.12.1.1) took a fatal machine check at 03:12:43 and panicked: its log "
                "stops mid-line and its BMC/vmcore show IERR + 'Kernel panic - Fatal machine check'. The store 'Connection timed out' "
                "and NET/IB completion errors on the other five nodes all point at it.",
                "https://github.com/pytorch/pytorch/issues/121944")
    return c


# ---------------------------------------------------------------------------
def bc09():
    c = Case("bc09_second_torchrun_in_same_allocation_fails_at_start", 5809)
    hosts = ["gh-a100-31", "gh-a100-32"]
    jid = 318877
    t0 = T(2024, 3, 28, 9, 14, 30, tzinfo=tz(1))
    for i, h in enumerate(hosts):
        apid = 51200 + i
        pids = _pids(51300 + 100 * i, 6)
        L = preamble(c, h, i, 2, 6, t0, hosts[0], pids, f"10.5.2.{31 + i}", str(jid), apid,
                     endpoint="gh-a100-31:29500", nccl_ver="2.18.5+cuda12.2", channels=4, nics=("mlx5_0", "mlx5_1"))
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(60), 1, 64, 1.9, 9.8, every=1, fmt="plain", tzinfo=tz(1))
            L += sl
        tk = t0 + sec(60 + 124)
        L.append(f"slurmstepd: error: *** STEP {jid}.0 ON {h} CANCELLED AT {tk:%Y-%m-%dT%H:%M:%S} ***")
        L += sigterm_agent(tk + ms(10), apid, pids, 869)
        L.append(f"[rank{i * 6 + 2}]: torch.distributed.elastic.multiprocessing.api.SignalException: Process {pids[2]} got signal: 15")
        c.add(f"{h}/step0_train.log", L)
        E = torchrun_banner(t0 + sec(120), 2, 2, "c10d", "gh-a100-31:29500", str(jid), 52010 + i)
        if i == 0:
            E.append(f"[W{glog(c, t0 + sec(121))} socket.cpp:697] [c10d] The server socket has failed to listen on [::]:29500 (errno: 98 - Address already in use).")
            E.append(f"[W{glog(c, t0 + sec(121) + ms(1))} socket.cpp:697] [c10d] The server socket has failed to bind to 0.0.0.0:29500 (errno: 98 - Address already in use).")
            E.append(f"[E{glog(c, t0 + sec(121) + ms(1))} socket.cpp:759] [c10d] The server socket has failed to listen on any local network address.")
            E += _agent_tb([
                (f"{PYLIB}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 159, "_create_tcp_store", "store = TCPStore("),
            ], ["torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. The server socket has failed to listen on [::]:29500 (errno: 98 - Address already in use). The server socket has failed to bind to 0.0.0.0:29500 (errno: 98 - Address already in use).",
                "", "The above exception was the direct cause of the following exception:", ""])
            E += _agent_tb([
                ("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
                (f"{PYLIB}/torch/distributed/run.py", 883, "run", "config, cmd, cmd_args = config_from_args(args)"),
                (f"{PYLIB}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 255, "create_backend", "store = _create_tcp_store(params)"),
                (f"{PYLIB}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 183, "_create_tcp_store", "raise RendezvousConnectionError("),
            ], ["torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."])
        else:
            E.append(pyglog(t0 + sec(124), "W", 52011, "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1180") + " The node 'gh-a100-32_52011_0' has failed to send a keep-alive heartbeat to the rendezvous '318877' due to an error of type RendezvousStateError.")
            E.append(f"slurmstepd: error: *** STEP {jid}.1 ON gh-a100-32 CANCELLED AT {t0 + sec(184):%Y-%m-%dT%H:%M:%S} ***")
        c.add(f"{h}/step1_eval_watcher.log", E)
    c.add("job_script.sh", [
        "#!/bin/bash",
        "#SBATCH -J llava-13b-ft",
        "#SBATCH -N 2",
        "#SBATCH --ntasks-per-node=1",
        "#SBATCH --gpus-per-node=8",
        "#SBATCH -t 2-00:00:00",
        "#SBATCH -o slurm-%j.out",
        "set -euo pipefail",
        "HEAD=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n1)",
        "export NCCL_DEBUG=INFO",
        "",
        "# step 0: training on 6 GPUs per node",
        "srun --gpus-per-node=6 --output=logs/%N/step0_train.log \\",
        "  torchrun --nnodes 2 --nproc-per-node 6 --rdzv-backend c10d --rdzv-id $SLURM_JOB_ID \\",
        "           --rdzv-endpoint $HEAD:29500 train.py --cfg cfg/llava13b.yaml &",
        "sleep 120",
        "# step 1: online eval watcher on the remaining 2 GPUs per node",
        "srun --overlap --gpus-per-node=2 --output=logs/%N/step1_eval_watcher.log \\",
        "  torchrun --nnodes 2 --nproc-per-node 2 --rdzv-backend c10d --rdzv-id $SLURM_JOB_ID \\",
        "           --rdzv-endpoint $HEAD:29500 eval_watcher.py --watch ckpt/ &",
        "wait -n",
        "exit $?"])
    c.add(f"slurm-{jid}.out", [
        "srun: error: gh-a100-31: task 0: Exited with exit code 1",
        f"slurmstepd: error: *** STEP {jid}.0 ON gh-a100-31 CANCELLED AT {t0 + sec(184):%Y-%m-%dT%H:%M:%S} ***",
        f"slurmstepd: error: *** STEP {jid}.1 ON gh-a100-32 CANCELLED AT {t0 + sec(184):%Y-%m-%dT%H:%M:%S} ***",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."])
    c.add("gh-a100-31/ss_-ltnp.txt", [
        f"# captured by epilog-debug at {t0 + sec(122):%H:%M:%S}",
        "State  Recv-Q Send-Q Local Address:Port  Peer Address:PortProcess",
        "LISTEN 0      4096         0.0.0.0:22         0.0.0.0:*    users:((\"sshd\",pid=1804,fd=3))",
        f"LISTEN 0      4096               *:29500            *:*    users:((\"torchrun\",pid={51200},fd=5))",
        "LISTEN 0      4096         0.0.0.0:6818       0.0.0.0:*    users:((\"slurmd\",pid=2011,fd=7))"])
    c.set_label("user_code", "script", None, "stop",
                "The job script starts a second torchrun (eval watcher) in the same allocation with the same rendezvous endpoint "
                "HEAD:29500; the port is held by the training step's own torchrun (pid 51200), the second step cannot bind, "
                "'wait -n' exits and Slurm cancels the training step. A launch-script mistake.",
                "https://github.com/showlab/Tune-A-Video/issues/90")
    return c


# ---------------------------------------------------------------------------
def bc10():
    c = Case("bc10_every_node_fails_to_reach_rendezvous_endpoint", 5810)
    hosts = ["ip-10-1-2-3", "ip-10-1-2-17", "ip-10-1-3-41", "ip-10-1-3-88", "ip-10-1-4-5", "ip-10-1-4-102", "ip-10-1-5-9", "ip-10-1-5-200"]
    t0 = T(2024, 7, 16, 2, 0, 11)
    ep = "trainer-head.cluster.internal"
    for i, h in enumerate(hosts):
        apid = 4410 + i
        tt = t0 + sec(1) + ms(37 * i)
        L = torchrun_banner(tt, 8, 8, "c10d", f"{ep}:29400", "p5-llm-20240716", apid)
        t = tt + ms(500)
        for k in range(12):
            t = t + sec(5)
            for fam in ("IPv6", "IPv4"):
                L.append(f"[W{glog(c, t + ms(c.rng.randint(0, 40)))} socket.cpp:697] [c10d] The {fam} network addresses of ({ep}, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution).")
        L += _agent_tb([
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 159, "_create_tcp_store", "store = TCPStore("),
        ], [f"torch.distributed.DistNetworkError: The client socket has timed out after 60000ms while trying to connect to ({ep}, 29400).",
            "", "The above exception was the direct cause of the following exception:", ""])
        L += _agent_tb([
            ("/opt/conda/bin/torchrun", 33, "<module>", "sys.exit(load_entry_point('torch==2.4.0', 'console_scripts', 'torchrun')())"),
            (f"{PYLIB}/torch/distributed/run.py", 883, "run", "config, cmd, cmd_args = config_from_args(args)"),
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/registry.py", 36, "_create_c10d_handler", "backend, store = create_backend(params)"),
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 255, "create_backend", "store = _create_tcp_store(params)"),
            (f"{PYLIB}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 183, "_create_tcp_store", "raise RendezvousConnectionError("),
        ], ["torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."])
        c.add(f"{h}/torchrun.log", L)
        J = [f"{iso(t0 - sec(7200))} {h} systemd[1]: Started Network Name Resolution.",
             f"{iso(t0 - sec(900 + i))} {h} kernel: efa 0000:{0x31 + i:02x}:00.0: Setup irq:0x7f7b2d3e5040 vector:28 name:efa-mgmnt@pci:0000:31:00.0"]
        J += [f"{iso(t0 - sec(420 - 37 * k))} {h} systemd-resolved[812]: Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.1.0.2." for k in range(2)]
        J += [f"{iso(t0 + sec(14 + 11 * k))} {h} systemd-resolved[812]: Using degraded feature set TCP instead of UDP for DNS server 10.1.0.2." for k in range(3)]
        c.add(f"{h}/journal.txt", J)
        if i in (0, 3, 6):
            c.add(f"{h}/epilog_dns_check.txt", [
                f"# epilog {t0 + sec(75):%Y-%m-%dT%H:%M:%SZ}",
                f"$ resolvectl query {ep}",
                f"{ep}: resolve call failed: All attempts to contact name servers or networks failed",
                f"$ dig +time=2 +tries=2 {ep} @10.1.0.2",
                "; <<>> DiG 9.18.18-0ubuntu0.22.04.2-Ubuntu <<>> +time=2 +tries=2 " + ep + " @10.1.0.2",
                ";; global options: +cmd",
                ";; communications error to 10.1.0.2#53: timed out",
                ";; communications error to 10.1.0.2#53: timed out",
                ";; no servers could be reached",
                "$ getent hosts ip-10-1-2-3.ec2.internal || echo 'getent: no answer'",
                "getent: no answer",
                "$ ping -c1 -W1 10.1.2.3",
                "1 packets transmitted, 1 received, 0% packet loss, time 0ms"])
    c.set_label("network", "infrastructure", None, "restart",
                "All eight agents fail the same way before any worker starts: the rendezvous name cannot be resolved "
                "(gai error -3) and the epilog shows the VPC resolver 10.1.0.2 timing out from every node while plain IP "
                "connectivity works. A shared DNS outage, not any one node.",
                "https://github.com/pytorch/pytorch/issues/107021")
    return c


# ---------------------------------------------------------------------------
def bc11():
    c = Case("bc11_first_broadcast_never_completes_on_32_ranks", 5811)
    hosts = ["gpu-c1-001", "gpu-c1-002", "gpu-c1-003", "gpu-c1-004"]
    oob = [f"10.20.0.{11 + i}" for i in range(4)]
    t0 = T(2024, 12, 3, 10, 1, 4)
    nproc = 8
    bad = 2
    for i, h in enumerate(hosts):
        apid = 8800 + i
        pids = _pids(8900 + 100 * i, nproc)
        nics = ("mlx5_0", "mlx5_1", "mlx5_2") if i == bad else ("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3")
        L = preamble(c, h, i, 4, nproc, t0, hosts[0], pids, oob[i], "dit-xl-1203", apid,
                     nccl_ver="2.19.3+cuda12.3", channels=8, nics=nics, oob="ib0")
        L.append(f"[rank{i * nproc}]: {pylog(t0 + sec(41))} INFO model: DiT-XL/2 675.1M params; wrapping in DDP (broadcast_buffers=True)")
        tw = t0 + sec(44)
        for lr in range(nproc):
            g = i * nproc + lr
            if i != bad and lr in (6, 7):
                te = tw + sec(19) + ms(c.rng.randint(0, 800))
                q = f"{h}:{pids[lr]}:{pids[lr] + 377} [{lr}]"
                L.append(f"{q} transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer {oob[bad]}<{51200 + lr}> with error 12, opcode 0, len 0, vendor err 129 (Send) localGid fe80::b83f:d203:{i:02x}a4:7c1{lr % 4} remoteGids fe80::b83f:d203:02a4:7c12")
                L.append(f"{q} NCCL INFO transport/net.cc:1008 -> 6")
                L.append(f"{q} NCCL INFO proxy.cc:679 -> 6")
                L.append(f"{q} NCCL INFO proxy.cc:858 -> 6 [Proxy Thread]")
                L.append(f"[rank{g}]:[E ProcessGroupNCCL.cpp:1182] [Rank {g}] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3")
                L.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
                L.append("Last error:")
                L.append(f"NET/IB : Got completion from peer {oob[bad]}<{51200 + lr}> with error 12, opcode 0, len 0, vendor err 129 (Send) localGid fe80::b83f:d203:{i:02x}a4:7c1{lr % 4} remoteGids fe80::b83f:d203:02a4:7c12")
            elif i == bad:
                L += watchdog_timeout(c, g, tw + sec(1800) + ms(c.rng.randint(0, 800)), 1, "BROADCAST", 675129088, 675129088,
                                      1800000, 1, 0, ver="2.3", frames=(lr == 0))
        if i == bad:
            L += sigterm_agent(tw + sec(1806), apid, pids[1:])
            L += child_failed(tw + sec(1808), h, [(i * nproc, 0, -6, pids[0], tw + sec(1806), None)], pid=apid)
        else:
            L += sigterm_agent(tw + sec(21), apid, pids[:6])
            for lr in range(6):
                L.append(f"[rank{i * nproc + lr}]: torch.distributed.elastic.multiprocessing.api.SignalException: Process {pids[lr]} got signal: 15")
            L += child_failed(tw + sec(53), h, [(i * nproc + 6, 6, -6, pids[6], tw + sec(20), None),
                                                (i * nproc + 7, 7, -6, pids[7], tw + sec(20), None)], pid=apid)
        c.add(f"{h}/train.log", L)
        I = []
        for k in range(4):
            if i == bad and k == 3:
                I += ibstat_port("mlx5_3", state="Down", phys="Polling", rate=10, guid="0xb83fd20302a47c13", lid=65535)
            else:
                I += ibstat_port(f"mlx5_{k}", guid=f"0xb83fd203{i:02x}a47c1{k}", lid=100 + 4 * i + k)
            I.append("")
        c.add(f"{h}/ibstat.txt", I)
    c.add("gpu-c1-003/dmesg.txt", [
        f"{dmesg_T(T(2024, 12, 3, 9, 58, 31))} mlx5_core 0000:d2:00.0: mlx5_port_module_event:1132:(pid 0): Port module event[error]: module 3, Cable error, High Temperature",
        f"{dmesg_T(T(2024, 12, 3, 9, 58, 31))} mlx5_core 0000:d2:00.0 ibp210s0: Link down",
        f"{dmesg_T(T(2024, 12, 3, 9, 58, 33))} ib_srpt MAD registration failed for mlx5_3-1.",
        f"{dmesg_T(T(2024, 12, 3, 10, 0, 55))} slurmd[2204]: launch task StepId=771020.0"])
    c.add("gpu-c1-001/dmesg.txt", [
        f"{dmesg_T(T(2024, 12, 3, 4, 12, 9))} nvidia-fabricmanager[3011]: Successfully configured all the available GPUs and NVSwitches to route NVLink traffic.",
        f"{dmesg_T(T(2024, 12, 3, 10, 0, 55))} slurmd[2110]: launch task StepId=771020.0"])
    c.add("hosts.txt", [f"{oob[i]}  {h}-ib0" for i, h in enumerate(hosts)])
    c.topology = {"topology": {"leaf-ib-01": ["gpu-c1-001", "gpu-c1-002"], "leaf-ib-02": ["gpu-c1-003", "gpu-c1-004"]}}
    c.set_label("network", "infrastructure", {"node": "gpu-c1-003", "rank": None}, "restart_without_node",
                "The very first broadcast never completes. Only the ranks that talk to gpu-c1-003 get 'Got completion from peer "
                "10.20.0.13 ... error 12 (retry exceeded)'; gpu-c1-003 itself had mlx5_3 go down with a cable error three minutes "
                "before the job (ibstat Down/Polling, NCCL lists only 3 HCAs there). Its leaf-mate gpu-c1-004 is healthy.",
                "https://github.com/pytorch/pytorch/issues/81628")
    return c


# ---------------------------------------------------------------------------
def bc30():
    c = Case("bc30_all_ranks_fail_creating_first_communicator", 5830)
    hosts = ["dgx-b-01", "dgx-b-02", "dgx-b-03"]
    t0 = T(2025, 2, 11, 16, 44, 2, tzinfo=tz(-5))
    for i, h in enumerate(hosts):
        apid = 2200 + i
        pids = _pids(2211 + 100 * i, 8)
        L = torchrun_banner(t0, 3, 8, "c10d", "dgx-b-01:29400", "qwen-sft-0211", apid)
        L += rdzv_complete(t0 + sec(3), apid, i, 3, 8, "dgx-b-01")
        for lr in range(8):
            g = i * 8 + lr
            p = f"{h}:{pids[lr]}:{pids[lr]} [{lr}] NCCL"
            L.append(f"{p} INFO NCCL_SOCKET_IFNAME set by environment to eth0")
            L.append(f"{p} WARN Bootstrap : no socket interface found")
            L.append(f"{p} INFO init.cc:1764 -> 3")
            L += rank_traceback(g, [
                ("/workspace/sft/train.py", 412, "<module>", "main()"),
                ("/workspace/sft/train.py", 118, "main", "model = DDP(model, device_ids=[local_rank])"),
                (f"{PYLIB}/torch/nn/parallel/distributed.py", 825, "__init__", "_verify_param_shape_across_processes(self.process_group, parameters)"),
                (f"{PYLIB}/torch/distributed/utils.py", 288, "_verify_param_shape_across_processes", "return dist._verify_params_across_processes(process_group, tensors, logger)"),
            ], ["torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, internal error - please report this issue to the NCCL developers, NCCL version 2.20.5",
                "ncclInternalError: Internal check failed.",
                "Last error:",
                "Bootstrap : no socket interface found"])
        L += child_failed(t0 + sec(49), h, [(i * 8 + k, k, 1, pids[k], t0 + sec(48), None) for k in (0, 1, 2, 3, 4, 5, 6, 7)], pid=apid)
        c.add(f"{h}/torchrun.log", L)
        c.add(f"{h}/ip_-br_addr.txt", [
            "lo               UNKNOWN        127.0.0.1/8 ::1/128",
            f"enp170s0f0np0    UP             10.70.1.{10 + i}/22 fe80::5ec2:5eff:fe1a:{i:02x}c0/64",
            "enp170s0f1np1    DOWN",
            f"ibp24s0          UP             192.168.70.{10 + i}/24",
            "docker0          DOWN           172.17.0.1/16"])
    c.add("sbatch_qwen_sft.sh", [
        "#!/bin/bash", "#SBATCH -N 3 --gpus-per-node=8 --ntasks-per-node=1 -t 12:00:00",
        "# copied from the old cluster's template",
        "export NCCL_SOCKET_IFNAME=eth0",
        "export NCCL_IB_HCA=mlx5", "export NCCL_DEBUG=INFO",
        "srun torchrun --nnodes 3 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint dgx-b-01:29400 /workspace/sft/train.py"])
    c.set_label("user_code", "script", None, "stop",
                "All 24 ranks on all three nodes fail identically creating the first NCCL communicator: 'Bootstrap : no socket "
                "interface found' because the job script forces NCCL_SOCKET_IFNAME=eth0 and these nodes have no eth0 "
                "(enp170s0f0np0/ibp24s0). A launch-configuration error the user must fix.",
                "https://github.com/NVIDIA/nccl/issues/1837")
    return c


CASES = [bc06, bc07, bc08, bc09, bc10, bc11, bc30]
