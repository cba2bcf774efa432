"""Cases bf22-bf28."""

import random

import kit
from kit import plus, pylog


# --------------------------------------------------------------------- bf22

def bf22():
    rng = random.Random(6122)
    name = "bf22_mamba_kernel_import_error_then_cancel"
    nodes = ["cn-g101", "cn-g102", "cn-g103", "cn-g104"]
    bad = "cn-g102"
    t0 = kit.at(2024, 11, 19, 10, 5, 2, 0, kit.tz(1))
    cancel = kit.at(2024, 11, 19, 10, 31, 47, 0, kit.tz(1))
    files = {}
    venv = "/lustre/proj/ssm/.venv"
    site = venv + "/lib/python3.11/site-packages"
    for ni, host in enumerate(nodes):
        L = []
        L += kit.omp_banner_new(t0, 9100 + ni)
        if host == bad:
            for lr in range(8):
                rank = ni * 8 + lr
                L += kit.tb([
                    ("/lustre/proj/ssm/train_hybrid.py", 17, "<module>", "from mamba_ssm.modules.mamba2 import Mamba2"),
                    (site + "/mamba_ssm/__init__.py", 3, "<module>", "from mamba_ssm.ops.selective_scan_interface import selective_scan_fn, mamba_inner_fn"),
                    (site + "/mamba_ssm/ops/selective_scan_interface.py", 16, "<module>", "import causal_conv1d_cuda"),
                ], "ImportError: /lib64/libc.so.6: version `GLIBC_2.34' not found (required by %s/causal_conv1d_cuda.cpython-311-x86_64-linux-gnu.so)" % site, "[rank%d]: " % rank)
            ft = plus(t0, 17.3)
            L.append(kit.elastic_err_new(ft, 9100 + ni, "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: %s/bin/python3" % (9210, venv)))
            fails = [(ft, 8 + lr, lr, 1, 9210 + lr, None) for lr in range(8)]
            L += kit.child_failed("train_hybrid.py", host, fails, bin_path=venv + "/bin/torchrun", site=site)
        else:
            for lr in range(8):
                rank = ni * 8 + lr
                L.append("[rank%d]:%s [INFO] hybrid: rank %d/32 ready, mamba_ssm 2.2.2 causal_conv1d 1.4.0" % (rank, pylog(plus(t0, 15 + lr * 0.02)), rank))
            for lr in range(8):
                rank = ni * 8 + lr
                pid = 9300 + ni * 50 + lr
                L += ["[rank%d]:%s" % (rank, l) for l in kit.nccl_init(
                    host, pid, pid + 61, lr, rank, 32, 4, "ib0", "10.44.0.%d" % (101 + ni), "2.21.5+cuda12.4",
                    cuda_drv=12060, complete=False, comm="0x%x" % (0x563a00000000 + rank * 0x2a10),
                    commid="0x6b2e01d4c7f98a33", busid=kit.BUSIDS[lr])]
            L.append("slurmstepd: error: *** STEP 5512003.0 ON %s CANCELLED AT %s ***" % (host, kit.slurm_ts(cancel)))
            L.append("W%s.%06d %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (cancel.strftime("%m%d %H:%M:%S"), 31000, 9100 + ni))
        files["%s/hybrid-%s.log" % (host, host)] = L
        if host == bad:
            O = ['NAME="Rocky Linux"', 'VERSION="8.9 (Green Obsidian)"', "$ ldd --version | head -1", "ldd (GNU libc) 2.28",
                 "$ cat /etc/node-inventory", "os_channel=rocky8  upgrade_wave=3 (scheduled 2024-11-25)"]
        else:
            O = ['NAME="Rocky Linux"', 'VERSION="9.4 (Blue Onyx)"', "$ ldd --version | head -1", "ldd (GNU libc) 2.34",
                 "$ cat /etc/node-inventory", "os_channel=rocky9  upgrade_wave=%d (done)" % (1 if ni == 0 else 2)]
        files["%s/os-release.txt" % host] = O
    files["sacct-5512003.txt"] = [
        "       JobID    JobName      State ExitCode    Elapsed                NodeList",
        "------------ ---------- ---------- -------- ---------- -----------------------",
        "     5512003  hybrid-1b CANCELLED+      0:0   00:26:45          cn-g[101-104]",
        "5512003.bat+      batch  CANCELLED     0:15   00:26:46                 cn-g101",
        "   5512003.0   torchrun  CANCELLED     0:15   00:26:45          cn-g[101-104]",
        "",
        "$ sacct -j 5512003 -o JobID,State%-25 -X",
        "5512003      CANCELLED by 40712",
    ]
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "cn-g102 is still on Rocky 8 (glibc 2.28) while the shared venv's causal_conv1d extension was built on the Rocky 9 nodes and needs GLIBC_2.34, so ranks 8-15 die at import 15 s in; the others hung in NCCL init until the user cancelled the job 26 min later, which is a reaction, not the cause.",
        "modelled_on": "https://github.com/ai4d-iasc/trixie/issues/97",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf23

def bf23():
    rng = random.Random(6123)
    name = "bf23_remote_error_after_plugin_warnings"
    nodes = ["hgx-%02d" % i for i in range(1, 9)]
    bad = "hgx-05"
    ips = {h: "10.20.1.%d" % (10 + i) for i, h in enumerate(nodes, 1)}
    t0 = kit.at(2025, 2, 3, 23, 10, 4, 0)
    t_down = kit.at(2025, 2, 4, 2, 17, 33, 120000)
    files = {}
    site = "/usr/local/lib/python3.12/dist-packages"
    hcas = ("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5")
    step_s = 1.61
    for ni, host in enumerate(nodes):
        L = []
        L += kit.omp_banner_new(t0, 4400 + ni)
        for lr in range(8):
            rank = ni * 8 + lr
            pid = 4500 + ni * 30 + lr
            ex = ["NCCL_IB_HCA set by environment to mlx5_0,mlx5_3,mlx5_4,mlx5_5",
                  "dlvsym failed on mlx5dv_get_data_direct_sysfs_path - /lib/x86_64-linux-gnu/libmlx5.so.1: undefined symbol: mlx5dv_get_data_direct_sysfs_path, version MLX5_1.25 version MLX5_1.25",
                  "dlvsym failed on mlx5dv_reg_dmabuf_mr - /lib/x86_64-linux-gnu/libmlx5.so.1: undefined symbol: mlx5dv_reg_dmabuf_mr, version MLX5_1.25 version MLX5_1.25"]
            L += ["[rank%d]:%s" % (rank, l) for l in kit.nccl_init(
                host, pid, pid + 77, lr, rank, 64, 8, "ibp26s0", ips[host], "2.25.1+cuda12.8", cuda_drv=12080,
                hcas=hcas, plugin_line="NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.",
                extra=ex, comm="0x%x" % (0x5602c0000000 + rank * 0x3c00), commid="0x2f9e6d10ab35c7e4",
                busid=kit.BUSIDS[lr], rng=rng, channels=24)]
        if ni == 0:
            n = int((t_down - t0).total_seconds() / step_s) - 40
            for step in range(20, n, 20):
                ts = plus(t0, 45 + step * step_s + rng.random() * 0.2)
                L.append("[rank0]:%s [I] it=%d loss=%.4f tflops=%.0f" % (ts.strftime("%Y-%m-%d %H:%M:%S"), step, 3.0 * (step / 20.0) ** -0.09 + rng.random() * 0.02, 402 + rng.random() * 6))
                if step == 2000:
                    L.append("[rank0]:%s [W] ckpt upload s3://lm-ckpts/run-0203/it2000 attempt 1 failed: ConnectionResetError(104, 'Connection reset by peer'); retrying in 5s" % plus(ts, 12).strftime("%Y-%m-%d %H:%M:%S"))
                    L.append("[rank0]:%s [I] ckpt upload s3://lm-ckpts/run-0203/it2000 ok (attempt 2, 14.2 GiB, 61.0s)" % plus(ts, 78).strftime("%Y-%m-%d %H:%M:%S"))
        if host == bad:
            for lr in (1,):
                rank = ni * 8 + lr
                pid = 4500 + ni * 30 + lr
                L.append("[rank%d]:" % rank)
                L.append("[rank%d]:[%s] %s:%d:%d [%d] transport/net_ib.cc:129 NCCL WARN NET/IB : mlx5_3:1 Got async event : port error" % (rank, t_down.strftime("%Y-%m-%d %H:%M:%S"), host, pid, pid + 80, lr))
        if host in ("hgx-04", "hgx-06", bad):
            for lr in (1, 5) if host != bad else (1,):
                rank = ni * 8 + lr
                pid = 4500 + ni * 30 + lr
                peer = ips[bad] if host != bad else ips["hgx-06"]
                te = plus(t_down, 19.4 + lr * 0.01)
                L.append("[rank%d]:[%s] %s:%d:%d [%d] transport/net_ib.cc:2206 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_3"
                         % (rank, te.strftime("%Y-%m-%d %H:%M:%S"), host, pid, pid + 80, lr, peer, 50412 + lr, ips[host], peer))
                L.append("[rank%d]:%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (rank, host, pid, pid + 80, lr))
                L.append("[rank%d]:%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6" % (rank, host, pid, pid + 80, lr))
                L.append("[rank%d]:%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (rank, host, pid, pid + 80, lr))
                L.append("[rank%d]:[E204 %s.%06d ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.25.1" % (rank, plus(te, 0.6).strftime("%H:%M:%S"), 402000, rank))
                L.append("[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % rank)
                L.append("[rank%d]:Last error:" % rank)
                L.append("[rank%d]:NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_3" % (rank, peer, 50412 + lr, ips[host], peer))
            et = plus(t_down, 24.0)
        else:
            wt = plus(t_down, 600.2)
            for lr in (0, 3):
                rank = ni * 8 + lr
                L += kit.watchdog_timeout(rank, 461027, "ALLREDUCE", 264241152, 600000, 600000 + rng.randint(30, 300), pg="PG ID 0 PG GUID 0(default_pg)")
            et = plus(wt, 1.5)
        L.append(kit.elastic_err_new(et, 4400 + ni, "failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (4500 + ni * 30), line=870))
        files["%s/rank_output_%s.txt" % (host, host)] = L
        D = []
        if host == bad:
            up = 1281044.0
            base = kit.at(2025, 1, 20, 6, 26, 48, 0)
            def u(dt):
                return kit.uptime((dt - base).total_seconds())
            D += ["%s mlx5_core 0000:9f:00.0: mlx5_port_module_event:1177:(pid 0): Port module event: module 3, Cable unplugged" % u(plus(t_down, -0.41)),
                  "%s mlx5_core 0000:9f:00.0 ibp159s0: Link down" % u(plus(t_down, -0.38)),
                  "%s infiniband mlx5_3: mlx5_ib_event:3112:(pid 0): warning: event on port 1" % u(plus(t_down, -0.37)),
                  "%s mlx5_core 0000:9f:00.0: mlx5_cmd_out_err:838:(pid 58113): QUERY_VPORT_COUNTER(0x770) op_mod(0x0) failed, status bad parameter(0x3), syndrome (0x3b6a8f), err(-22)" % u(plus(t_down, 4.2))]
        else:
            base = kit.at(2025, 1, 28, 11, 2, 0, 0)
            D += ["%s mlx5_core 0000:1a:00.0: mlx5_fw_tracer_handle_traces:760:(pid 900): FWTracer: Events were lost" % kit.uptime((plus(t0, -3600) - base).total_seconds())]
        files["%s/dmesg.txt" % host] = D
    files["ibdiagnet_summary.txt"] = [
        "-I- Discovered 8 nodes (8 Switches & 0 CA-s) . ",
        "-W- lid=0x02b1 dev=4123 ib-leaf-03/P17  Port State: DOWN  (peer hgx-05 HCA-4/U1)",
        "-I- Links check finished with 1 warning",
    ]
    label = {
        "category": "network", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "The NCCL plugin-not-found and dlvsym 'undefined symbol' lines are benign INFO on every node. At 02:17:33 hgx-05's mlx5_3 link goes down (dmesg 'Cable unplugged/Link down', NCCL 'port error'), its ring neighbours then report completion errors from 10.20.1.15 (hgx-05), and the rest time out.",
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/1936",
    }
    topo = {"ib-leaf-02": nodes[:4], "ib-leaf-03": nodes[4:]}
    return {"name": name, "files": files, "label": label, "topology": topo}


# --------------------------------------------------------------------- bf24

def bf24():
    rng = random.Random(6124)
    name = "bf24_worker_pod_module_not_found_job_failed"
    nodes = ["aks-a100pool-38190221-vmss000000", "aks-a100pool-38190221-vmss000001",
             "aks-a100pool-38190221-vmss000002", "aks-a100pool-38190221-vmss000003"]
    bad = nodes[2]
    pods = ["llm-pt-master-0", "llm-pt-worker-0", "llm-pt-worker-1", "llm-pt-worker-2"]
    img = "acmecr.azurecr.io/llm/train:stable"
    new_id = "sha256:9ac3e1f07b2d4c58a61e0f7d3b9c2a4e5f6d7c8b9a0e1f2d3c4b5a6978e0d1c2"
    old_id = "sha256:1f0e7d2c3b4a59687f0e1d2c3b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f3a2"
    t0 = kit.at(2024, 6, 4, 16, 20, 8, 0)
    files = {}
    site = "/opt/conda/lib/python3.11/site-packages"
    kill = kit.at(2024, 6, 4, 16, 23, 51, 0)
    for i, (node, pod) in enumerate(zip(nodes, pods)):
        L = []
        if node == bad:
            for r in range(4):
                ts = plus(t0, 14 + r * 37)
                L.append("%s [boot] torch=2.1.2 cuda=12.1 image_build=2024-01-22" % kit.iso(ts, z=True))
                L += ["%s %s" % (kit.iso(plus(ts, 2.1), z=True), l) for l in kit.tb([
                    ("/app/llm/train.py", 19, "<module>", "from llm.ckpt import save_sharded, load_sharded"),
                    ("/app/llm/llm/ckpt.py", 6, "<module>", "from torch.distributed.checkpoint.state_dict import get_state_dict, set_state_dict"),
                ], "ModuleNotFoundError: No module named 'torch.distributed.checkpoint.state_dict'")]
                L.append("%s [E] failed (exitcode: 1) local_rank: 0 (pid: 61) of binary: /opt/conda/bin/python" % kit.iso(plus(ts, 2.9), z=True))
        else:
            ts = plus(t0, 52 + i * 0.7)
            L.append("%s [boot] torch=2.3.1 cuda=12.1 image_build=2024-06-03" % kit.iso(ts, z=True))
            for lr in range(8):
                rank = i * 8 + lr
                L.append("%s [rank%d] INFO llm: world=32 rank=%d local_rank=%d" % (kit.iso(plus(ts, 6 + lr * 0.01), z=True), rank, rank, lr))
            L.append("%s [rank%d] INFO llm: init_process_group(nccl) ..." % (kit.iso(plus(ts, 6.5), z=True), i * 8))
            L.append("%s W0604 16:23:51.402000 1 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % kit.iso(kill, z=True))
            L.append("%s torch.distributed.elastic.multiprocessing.api.SignalException: Process 1 got signal: 15" % kit.iso(plus(kill, 0.3), z=True))
        files["%s/%s.log" % (node, pod)] = L
        if node == bad:
            ev = ['  Normal   Pulled     3m52s (x5 over 3m52s)  kubelet  Container image "%s" already present on machine' % img,
                  "  Normal   Created    24s (x5 over 3m52s)    kubelet  Created container pytorch",
                  "  Normal   Started    24s (x5 over 3m52s)    kubelet  Started container pytorch",
                  "  Warning  BackOff    8s (x7 over 3m10s)     kubelet  Back-off restarting failed container pytorch in pod %s_ml(%s)" % (pod, "4d1c0b7e-2a3f-4e9d-8c61-0f2b7a9e3d55")]
            iid = old_id
        else:
            ev = ['  Normal   Pulling    3m53s  kubelet  Pulling image "%s"' % img,
                  '  Normal   Pulled     3m12s  kubelet  Successfully pulled image "%s" in 40.871s (40.871s including waiting). Image size: 11902331044 bytes.' % img,
                  "  Normal   Created    3m12s  kubelet  Created container pytorch",
                  "  Normal   Started    3m12s  kubelet  Started container pytorch"]
            iid = new_id
        files["%s/describe_%s.txt" % (node, pod)] = [
            "Name:         %s" % pod, "Namespace:    ml", "Node:         %s/10.240.0.%d" % (node, 4 + i),
            "Containers:", "  pytorch:", "    Image:          %s" % img, "    Image ID:       acmecr.azurecr.io/llm/train@%s" % iid,
            "    Environment:", "      PET_NNODES:  4", "      PET_NPROC_PER_NODE:  8",
            "Events:", "  Type     Reason     Age    From     Message", "  ----     ------     ----   ----     -------"] + ev
    files["pytorchjob_llm-pt.yaml"] = [
        "apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: llm-pt", "  namespace: ml", "spec:",
        "  runPolicy:", "    backoffLimit: 3", "    cleanPodPolicy: Running", "  pytorchReplicaSpecs:", "    Master:",
        "      replicas: 1", "      template:", "        spec:", "          containers:", "          - name: pytorch",
        "            image: %s" % img, "            imagePullPolicy: IfNotPresent", "    Worker:", "      replicas: 3",
        "status:", "  conditions:",
        "  - lastTransitionTime: \"2024-06-04T16:20:08Z\"", "    message: PyTorchJob llm-pt is created.", "    reason: PyTorchJobCreated", "    status: \"True\"", "    type: Created",
        "  - lastTransitionTime: \"2024-06-04T16:21:00Z\"", "    message: PyTorchJob ml/llm-pt is running.", "    reason: PyTorchJobRunning", "    status: \"False\"", "    type: Running",
        "  - lastTransitionTime: \"2024-06-04T16:23:51Z\"", "    message: PyTorchJob llm-pt is failed because 1 Worker replica(s) failed.", "    reason: PyTorchJobFailed", "    status: \"True\"", "    type: Failed",
        "  replicaStatuses:", "    Master:", "      active: 1", "    Worker:", "      active: 2", "      failed: 1",
    ]
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "The mutable tag train:stable with imagePullPolicy IfNotPresent made vmss000002 reuse a January image (torch 2.1.2, different image digest) while the other nodes pulled the June build, so only worker-1 crashes on a missing torch module until the operator fails the job and kills the healthy pods.",
        "modelled_on": "https://github.com/subfuzion/voting-app/issues/10",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf25

def bf25():
    rng = random.Random(6125)
    name = "bf25_optimizer_op_load_error_then_zero_init_hang"
    nodes = ["wk-a01", "wk-a02", "wk-a03", "wk-a04"]
    bad = "wk-a03"
    t0 = kit.at(2024, 5, 2, 10, 11, 2, 118000, kit.tz(-7))
    files = {}
    site = "/usr/local/lib/python3.10/dist-packages"
    ext = "/local_nvme/torch_ext"
    def ds(dt, lvl, src, msg):
        return "[%s] [%s] [%s] %s" % (pylog(dt), lvl, src, msg)
    L = [ds(t0, "INFO", "runner.py:568:main", "cmd = pdsh -S -f 1024 -w wk-a01,wk-a02,wk-a03,wk-a04 export NCCL_DEBUG=WARN; export TORCH_EXTENSIONS_DIR=/local_nvme/torch_ext; cd /home/ops/rlhf; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ3ay1hMDEiOi... --node_rank=%n --master_addr=wk-a01 --master_port=29500 train_rm.py --deepspeed ds_zero2.json")]
    for ni, host in enumerate(nodes):
        ts = plus(t0, 2.0 + ni * 0.05)
        L.append("%s: %s" % (host, ds(ts, "INFO", "real_accelerator.py:203:get_accelerator", "Setting ds_accelerator to cuda (auto detect)")))
        L.append("%s: %s" % (host, ds(plus(ts, 1.1), "INFO", "launch.py:146:main", "WORLD INFO DICT: {'wk-a01': [0, 1, 2, 3, 4, 5, 6, 7], 'wk-a02': [0, 1, 2, 3, 4, 5, 6, 7], 'wk-a03': [0, 1, 2, 3, 4, 5, 6, 7], 'wk-a04': [0, 1, 2, 3, 4, 5, 6, 7]}")))
        L.append("%s: %s" % (host, ds(plus(ts, 1.1), "INFO", "launch.py:152:main", "nnodes=4, num_local_procs=8, node_rank=%d" % ni)))
    for ni, host in enumerate(nodes):
        ts = plus(t0, 21 + ni * 0.1)
        L.append("%s: %s" % (host, ds(ts, "INFO", "comm.py:652:init_distributed", "cdb=None")))
    L.append("wk-a01: %s" % ds(plus(t0, 21.2), "INFO", "comm.py:683:init_distributed", "Initializing TorchBackend in DeepSpeed with backend nccl"))
    L.append("wk-a01: %s" % ds(plus(t0, 58.7), "INFO", "logging.py:96:log_dist", "[Rank 0] DeepSpeed info: version=0.14.2, git-hash=unknown, git-branch=unknown"))
    L.append("wk-a01: %s" % ds(plus(t0, 61.0), "INFO", "logging.py:96:log_dist", "[Rank 0] DeepSpeed Flops Profiler Enabled: False"))
    tl = plus(t0, 62.0)
    for ni, host in enumerate(nodes):
        p = host + ": "
        L.append(p + "Using %s as PyTorch extensions root..." % ext)
        L.append(p + "Detected CUDA files, patching ldflags")
        L.append(p + "Emitting ninja build file %s/fused_adam/build.ninja..." % ext)
        L.append(p + "%s/torch/utils/cpp_extension.py:1967: UserWarning: TORCH_CUDA_ARCH_LIST is not set, all archs for visible cards are included for compilation. " % site)
        L.append(p + "If this is not desired, please set os.environ['TORCH_CUDA_ARCH_LIST'].")
        L.append(p + "  warnings.warn(")
        L.append(p + "Building extension module fused_adam...")
        L.append(p + "Allowing ninja to set a default number of workers... (overridable by setting the environment variable MAX_JOBS=N)")
        if host == bad:
            L.append(p + "ninja: no work to do.")
            L.append(p + "Loading extension module fused_adam...")
        else:
            L.append(p + "[1/3] c++ -MMD -MF fused_adam_frontend.o.d -DTORCH_EXTENSION_NAME=fused_adam -DTORCH_API_INCLUDE_EXTENSION_H -DPYBIND11_COMPILER_TYPE=\\\"_gcc\\\" -DPYBIND11_STDLIB=\\\"_libstdcpp\\\" -DPYBIND11_BUILD_ABI=\\\"_cxxabi1011\\\" -I%s/deepspeed/ops/csrc/includes -I%s/deepspeed/ops/csrc/adam -isystem %s/torch/include -isystem /usr/local/cuda/include -isystem /usr/include/python3.10 -D_GLIBCXX_USE_CXX11_ABI=1 -fPIC -std=c++17 -O3 -std=c++17 -g -Wno-reorder -DVERSION_GE_1_1 -DVERSION_GE_1_3 -DVERSION_GE_1_5 -DBF16_AVAILABLE -c %s/deepspeed/ops/csrc/adam/fused_adam_frontend.cpp -o fused_adam_frontend.o " % (site, site, site, site))
            L.append(p + "[2/3] /usr/local/cuda/bin/nvcc --generate-dependencies-with-compile --dependency-output multi_tensor_adam.cuda.o.d -DTORCH_EXTENSION_NAME=fused_adam -isystem %s/torch/include -isystem /usr/local/cuda/include -D__CUDA_NO_HALF_OPERATORS__ --expt-relaxed-constexpr -gencode=arch=compute_90,code=compute_90 -gencode=arch=compute_90,code=sm_90 --compiler-options '-fPIC' -O3 -DVERSION_GE_1_1 -DVERSION_GE_1_3 -DVERSION_GE_1_5 -lineinfo --use_fast_math -std=c++17 -U__CUDA_NO_HALF_OPERATORS__ -DBF16_AVAILABLE -c %s/deepspeed/ops/csrc/adam/multi_tensor_adam.cu -o multi_tensor_adam.cuda.o " % (site, site))
            L.append(p + "[3/3] c++ fused_adam_frontend.o multi_tensor_adam.cuda.o -shared -L%s/torch/lib -lc10 -lc10_cuda -ltorch_cpu -ltorch_cuda -ltorch -ltorch_python -L/usr/local/cuda/lib64 -lcudart -o fused_adam.so" % site)
            L.append(p + "Loading extension module fused_adam...")
            L.append(p + "Time to load fused_adam op: %.2f seconds" % (38 + rng.random() * 4))
    bt = plus(tl, 0.8)
    for lr in range(8):
        rank = 16 + lr
        L += ["wk-a03: [rank%d]: %s" % (rank, l) for l in kit.tb([
            ("/home/ops/rlhf/train_rm.py", 301, "<module>", "main()"),
            ("/home/ops/rlhf/train_rm.py", 244, "main", "model, optimizer, _, lr_scheduler = deepspeed.initialize("),
            (site + "/deepspeed/__init__.py", 181, "initialize", "engine = DeepSpeedEngine(args=args,"),
            (site + "/deepspeed/runtime/engine.py", 307, "__init__", "self._configure_optimizer(optimizer, model_parameters)"),
            (site + "/deepspeed/runtime/engine.py", 1231, "_configure_optimizer", "basic_optimizer = self._configure_basic_optimizer(model_parameters)"),
            (site + "/deepspeed/runtime/engine.py", 1308, "_configure_basic_optimizer", "optimizer = FusedAdam("),
            (site + "/deepspeed/ops/adam/fused_adam.py", 94, "__init__", "fused_adam_cuda = FusedAdamBuilder().load()"),
            (site + "/deepspeed/ops/op_builder/builder.py", 480, "load", "return self.jit_load(verbose)"),
            (site + "/deepspeed/ops/op_builder/builder.py", 524, "jit_load", "op_module = load(name=self.name,"),
            (site + "/torch/utils/cpp_extension.py", 1312, "load", "return _jit_compile("),
            (site + "/torch/utils/cpp_extension.py", 1747, "_jit_compile", "return _import_module_from_library(name, build_directory, is_python_module)"),
            (site + "/torch/utils/cpp_extension.py", 2141, "_import_module_from_library", "module = importlib.util.module_from_spec(spec)"),
        ], "ImportError: %s/fused_adam/fused_adam.so: undefined symbol: _ZN3c104cuda20CUDACachingAllocator9allocatorE" % ext)]
    L.append("wk-a03: %s" % ds(plus(bt, 1.4), "INFO", "launch.py:315:sigkill_handler", "Killing subprocess 88120"))
    L.append("wk-a03: %s" % ds(plus(bt, 1.5), "ERROR", "launch.py:321:sigkill_handler", "['/usr/bin/python', '-u', 'train_rm.py', '--local_rank=7', '--deepspeed', 'ds_zero2.json'] exits with return code = 1"))
    L.append("pdsh@wk-a01: wk-a03: ssh exited with exit code 1")
    for ni, host in enumerate(nodes):
        if host == bad:
            continue
        L.append("%s: %s" % (host, ds(plus(tl, 44 + ni), "INFO", "logging.py:96:log_dist", "[Rank %d] Creating ZeRO stage 2 optimizer" % (ni * 8))))
    wt = plus(tl, 44 + 1800.4)
    for ni, host in enumerate(nodes):
        if host == bad:
            continue
        for lr in (0,):
            rank = ni * 8 + lr
            L += ["%s: %s" % (host, l) for l in kit.watchdog_timeout(rank, 3, "ALLGATHER", 1, 1800000, 1800000 + rng.randint(20, 90))]
    L.append("pdsh@wk-a01: wk-a01: ssh exited with exit code 250")
    L.append("pdsh@wk-a01: wk-a04: ssh exited with exit code 250")
    L.append("pdsh@wk-a01: wk-a02: ssh exited with exit code 250")
    files["deepspeed_launch.log"] = L
    for ni, host in enumerate(nodes):
        if host == bad:
            E = ["$ ls -l --time-style=long-iso %s/fused_adam/" % ext,
                 "-rw-r--r-- 1 ops ops    2211 2024-04-17 09:40 build.ninja",
                 "-rw-r--r-- 1 ops ops  285104 2024-04-17 09:40 fused_adam_frontend.o",
                 "-rwxr-xr-x 1 ops ops 1187432 2024-04-17 09:41 fused_adam.so",
                 "-rw-r--r-- 1 ops ops  911552 2024-04-17 09:41 multi_tensor_adam.cuda.o",
                 "$ docker inspect --format '{{.Config.Image}}' $(cat /run/ds-job.cid)",
                 "nvcr.io/nvidia/pytorch:24.04-py3",
                 "$ grep -h image /var/log/jobs/*.meta | tail -2",
                 "2024-04-17T09:31:55-07:00 job=rm-sweep-12 image=nvcr.io/nvidia/pytorch:23.10-py3",
                 "2024-05-02T10:10:58-07:00 job=rm-0502 image=nvcr.io/nvidia/pytorch:24.04-py3"]
        else:
            E = ["$ ls -l --time-style=long-iso %s/fused_adam/" % ext,
                 "-rw-r--r-- 1 ops ops    2211 2024-05-02 10:12 build.ninja",
                 "-rw-r--r-- 1 ops ops  285880 2024-05-02 10:12 fused_adam_frontend.o",
                 "-rwxr-xr-x 1 ops ops 1190120 2024-05-02 10:12 fused_adam.so",
                 "-rw-r--r-- 1 ops ops  912208 2024-05-02 10:12 multi_tensor_adam.cuda.o"]
        files["%s/torch_ext_listing.txt" % host] = E
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "Only wk-a03 skips the fused_adam build ('ninja: no work to do') and loads a stale fused_adam.so left in its node-local TORCH_EXTENSIONS_DIR by a 23.10-image job, which fails with an undefined c10 symbol; the other nodes built fresh and then hung in ZeRO init until the 30 min watchdog.",
        "modelled_on": "https://github.com/deepspeedai/DeepSpeed/issues/3410",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf26

def bf26():
    rng = random.Random(6126)
    name = "bf26_logs_full_of_warnings_and_nccl_notices"
    nodes = ["ml-h100-07", "ml-h100-08"]
    t0 = kit.at(2024, 10, 22, 1, 0, 10, 0)
    files = {}
    site = "/usr/local/lib/python3.11/dist-packages"
    total = 12000
    step_s = 1.37
    tend = plus(t0, 70 + total * step_s)
    for ni, host in enumerate(nodes):
        L = []
        L += kit.omp_banner_new(t0, 2200 + ni)
        for lr in range(8):
            rank = ni * 8 + lr
            ts = plus(t0, 19)
            L.append("[rank%d]:W%s.%06d %d torch/utils/cpp_extension.py:1965] TORCH_CUDA_ARCH_LIST is not set, all archs for visible cards are included for compilation. " % (rank, ts.strftime("%m%d %H:%M:%S"), 1000 * lr, 2300 + rank))
            L.append("[rank%d]:W%s.%06d %d torch/utils/cpp_extension.py:1965] If this is not desired, please set os.environ['TORCH_CUDA_ARCH_LIST']." % (rank, ts.strftime("%m%d %H:%M:%S"), 1000 * lr, 2300 + rank))
            L.append("[rank%d]:%s/transformers/training_args.py:1559: FutureWarning: `evaluation_strategy` is deprecated and will be removed in version 4.46 of Transformers. Use `eval_strategy` instead" % (rank, site))
            L.append("[rank%d]:  warnings.warn(" % rank)
            L.append("[rank%d]:%s:%d:%d [%d] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin." % (rank, host, 2300 + rank, 2300 + rank, lr))
        if ni == 0:
            for step in range(50, total + 1, 50):
                ts = plus(t0, 70 + step * step_s + rng.random() * 0.2)
                loss = 1.9 * (step / 50.0) ** -0.12 + rng.random() * 0.01
                L.append("[rank0]:{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (loss, 0.3 + rng.random() * 0.2, 2e-5 * (1 - step / float(total)) + 1e-7, 3.0 * step / total))
                L.append("[rank0]:" + kit.tqdm_line("", step, total, step * step_s, 1 / step_s).lstrip(": "))
                if step == 6000:
                    L.append("[rank0]:%s [WARNING] upload checkpoint-6000 to gs://acme-sft/run-1022: HTTPSConnectionPool(host='storage.googleapis.com', port=443): Read timed out. (read timeout=60) -- retry 1/5" % pylog(plus(ts, 20)))
                    L.append("[rank0]:%s [INFO] upload checkpoint-6000 complete (retry 1)" % pylog(plus(ts, 95)))
            L.append("[rank0]:{'train_runtime': %.4f, 'train_samples_per_second': 93.441, 'train_steps_per_second': 0.73, 'train_loss': 0.6123, 'epoch': 3.0}" % (total * step_s))
            L.append("[rank0]:%s [INFO] Training completed. Saved final model to /mnt/out/sft-1022/final" % pylog(plus(tend, 40)))
        for lr in range(8):
            rank = ni * 8 + lr
            L.append("[rank%d]:[W%s.%06d ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (rank, plus(tend, 52).strftime("%m%d %H:%M:%S"), 410000 + lr))
        files["%s/sft_%s.log" % (host, host)] = L
        files["%s/dmesg-T.txt" % host] = [
            "%s NVRM: Xid (PCI:0000:%s:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000%05x) marked for remapping, reset gpu to activate." % (kit.dmesg_t(plus(t0, 7200 + ni * 1000)), "5d" if ni == 0 else "ba", 0x3a11f + ni),
        ] if ni == 1 else [
            "%s mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:760:(pid 812): FWTracer: Events were lost" % kit.dmesg_t(plus(t0, 4000)),
        ]
    files["sacct-663021.txt"] = [
        "JobID           JobName      State ExitCode    Elapsed",
        "------------ ---------- ---------- -------- ----------",
        "663021        sft-1022  COMPLETED      0:0   04:36:27",
        "663021.batch      batch  COMPLETED      0:0   04:36:27",
        "663021.0       torchrun  COMPLETED      0:0   04:36:19",
    ]
    label = {
        "category": "unknown", "layer": "framework", "culprit": None, "action": "none",
        "rationale": "The job completed (sacct COMPLETED 0:0, 'Training completed', final model saved); the TORCH_CUDA_ARCH_LIST notices, NCCL plugin INFO, deprecation warnings, a retried checkpoint upload, a benign Xid 63 and the destroy_process_group warning are all harmless.",
        "modelled_on": "https://github.com/allenai/open-instruct/pull/823",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf27

def bf27():
    rng = random.Random(6127)
    name = "bf27_layernorm_extension_undefined_symbol_after_setup"
    nodes = ["p5-ml-01", "p5-ml-02", "p5-ml-03"]
    t0 = kit.at(2024, 12, 9, 19, 40, 0, 0, kit.tz(-8))
    files = {}
    site = "/usr/local/lib/python3.10/dist-packages"
    sym = "_ZN2at4_ops19empty_memory_format4callEN3c108ArrayRefINS2_6SymIntEEENS2_8optionalINS2_10ScalarTypeEEENS6_INS2_6LayoutEEENS6_INS2_6DeviceEEENS6_IbEENS6_INS2_12MemoryFormatEEE"
    for ni, host in enumerate(nodes):
        S = ["[%s] pip install -r /fsx/jlee/vdm/requirements.txt" % host]
        if ni == 2:
            S.append("WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f31c0a9e2f0>: Failed to establish a new connection: [Errno 101] Network is unreachable')': /simple/xformers/")
        S += ["Collecting xformers==0.0.28.post3 (from -r /fsx/jlee/vdm/requirements.txt (line 4))",
              "  Downloading xformers-0.0.28.post3-cp310-cp310-manylinux_2_28_x86_64.whl.metadata (1.0 kB)",
              "Collecting torch==2.5.1 (from xformers==0.0.28.post3->-r /fsx/jlee/vdm/requirements.txt (line 4))",
              "  Downloading torch-2.5.1-cp310-cp310-manylinux1_x86_64.whl.metadata (28 kB)",
              "Installing collected packages: triton, nvidia-nccl-cu12, torch, xformers",
              "  Attempting uninstall: torch",
              "    Found existing installation: torch 2.3.0a0+6ddf5cf85e.nv24.4",
              "    Uninstalling torch-2.3.0a0+6ddf5cf85e.nv24.4:",
              "      Successfully uninstalled torch-2.3.0a0+6ddf5cf85e.nv24.4",
              "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.",
              "torchvision 0.18.0a0 requires torch==2.3.0a0+6ddf5cf85e, but you have torch 2.5.1 which is incompatible.",
              "torch-tensorrt 2.3.0a0 requires torch<2.4,>=2.3.0.dev, but you have torch 2.5.1 which is incompatible.",
              "Successfully installed nvidia-nccl-cu12-2.21.5 torch-2.5.1 triton-3.1.0 xformers-0.0.28.post3"]
        files["%s/setup-%s.log" % (host, host)] = S
        L = []
        for lr in range(8):
            rank = ni * 8 + lr
            L += kit.tb([
                ("/fsx/jlee/vdm/train.py", 11, "<module>", "from vdm.model import VideoDiT"),
                ("/fsx/jlee/vdm/vdm/model.py", 7, "<module>", "from apex.normalization import FusedLayerNorm"),
                (site + "/apex/normalization/__init__.py", 1, "<module>", "from .fused_layer_norm import FusedLayerNorm, MixedFusedLayerNorm, FusedRMSNorm, MixedFusedRMSNorm"),
                (site + "/apex/normalization/fused_layer_norm.py", 12, "<module>", "fused_layer_norm_cuda = importlib.import_module(\"fused_layer_norm_cuda\")"),
                ("/usr/lib/python3.10/importlib/__init__.py", 126, "import_module", "return _bootstrap._gcd_import(name[level:], package, level)"),
            ], "ImportError: %s/fused_layer_norm_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: %s" % (site, sym), "[rank%d]: " % rank)
        ft = plus(t0, 151 + ni * 0.6)
        L.append(kit.elastic_err_new(ft, 8100 + ni, "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (8120 + ni * 8), line=869))
        fails = [(ft, ni * 8 + lr, lr, 1, 8120 + ni * 8 + lr, None) for lr in range(8)]
        L += kit.child_failed("train.py", host, fails, site=site)
        files["%s/train-%s.log" % (host, host)] = L
    files["requirements.txt"] = ["einops", "decord==0.6.0", "wandb", "xformers==0.0.28.post3", "omegaconf"]
    files["slurm-3310.out"] = [
        "+ srun --container-image=nvcr.io#nvidia/pytorch:24.04-py3 --container-mounts=/fsx:/fsx bash -c 'pip install -r /fsx/jlee/vdm/requirements.txt && torchrun ... /fsx/jlee/vdm/train.py'",
        "pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.04-py3",
        "pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.04-py3",
        "pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.04-py3",
        "srun: error: p5-ml-02: task 1: Exited with exit code 1",
        "srun: error: p5-ml-01: task 0: Exited with exit code 1",
        "srun: error: p5-ml-03: task 2: Exited with exit code 1",
    ]
    label = {
        "category": "dependency", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "The user's requirements pin xformers==0.0.28.post3, which makes pip replace the container's torch 2.3 with 2.5.1 on every node; apex's prebuilt fused_layer_norm_cuda then fails with an undefined ATen symbol on all 24 ranks. The pip retry on one node is transient noise.",
        "modelled_on": "https://github.com/ostris/ai-toolkit/issues/242",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf28

def bf28():
    rng = random.Random(6128)
    name = "bf28_step_time_doubled_after_requeue"
    a0_nodes = ["gpu-x01", "gpu-x02", "gpu-x03", "gpu-x04"]
    a1_nodes = ["gpu-x01", "gpu-x02", "gpu-x03", "gpu-x07"]
    bad = "gpu-x07"
    ips = {"gpu-x01": "10.9.0.1", "gpu-x02": "10.9.0.2", "gpu-x03": "10.9.0.3", "gpu-x04": "10.9.0.4", "gpu-x07": "10.9.0.7"}
    a0 = kit.at(2025, 3, 2, 20, 0, 5, 0)
    a1 = kit.at(2025, 3, 3, 9, 31, 40, 0)
    files = {}
    for attempt, (nodes, t0, st, n) in enumerate([(a0_nodes, a0, 1.92, 16000), (a1_nodes, a1, 3.88, 1900)]):
        for ni, host in enumerate(nodes):
            L = []
            for lr in range(8):
                rank = ni * 8 + lr
                pid = 6000 + ni * 20 + lr + attempt * 3000
                ex = ["NCCL_P2P_DISABLE set by environment to 1."] if host == bad else None
                via = "SHM/direct/direct" if host == bad else "P2P/CUMEM/read"
                L += ["[rank%d]:%s" % (rank, l) for l in kit.nccl_init(
                    host, pid, pid + 40, lr, rank, 32, 4, "ib0", ips[host], "2.21.5+cuda12.4", cuda_drv=12040,
                    extra=ex, p2p_via=via, comm="0x%x" % (0x55e100000000 + rank * 0x2200), commid="0x%x" % (0x4c0ffee12345670 + attempt),
                    busid=kit.BUSIDS[lr], rng=rng, channels=8)]
            if ni == 0:
                for step in range(100, n + 1, 100):
                    ts = plus(t0, 80 + step * st + rng.random() * 0.5)
                    ar = (0.41 if attempt == 0 else 2.37) + rng.random() * 0.05
                    L.append("[rank0]:%s step %d | loss %.4f | step_time %.2fs | fwd_bwd %.2fs | grad_allreduce %.2fs | mfu %.1f%%"
                             % (ts.strftime("%Y-%m-%d %H:%M:%S"), step + (0 if attempt == 0 else 16000), 2.4 * ((step + attempt * 16000) / 100.0) ** -0.08,
                                st + rng.random() * 0.05, 1.38 + rng.random() * 0.03, ar, (41.8 if attempt == 0 else 20.6) + rng.random()))
            if attempt == 0:
                L.append("slurmstepd: error: *** STEP 99120.0 ON %s CANCELLED AT 2025-03-03T05:03:11 DUE TO PREEMPTION ***" % host)
            files["attempt_%d/%s/rank_stdout.log" % (attempt, host)] = L
    files["attempt_1/%s/etc_nccl_conf.txt" % bad] = [
        "$ cat /etc/nccl.conf",
        "# temporary - INC-4471 p2p hang repro, remove after debug (rmiller 2025-02-27)",
        "NCCL_P2P_DISABLE=1",
        "NCCL_DEBUG=INFO",
    ]
    files["attempt_1/gpu-x02/etc_nccl_conf.txt"] = [
        "$ cat /etc/nccl.conf",
        "cat: /etc/nccl.conf: No such file or directory",
    ]
    files["squeue_and_sacct.txt"] = [
        "$ sacct -j 99120 -o JobID,State,Start,End,NodeList",
        "99120        PREEMPTED 2025-03-02T20:00:05 2025-03-03T05:03:11 gpu-x[01-04]",
        "99120          RUNNING 2025-03-03T09:31:40     Unknown gpu-x[01-03,07]",
        "$ squeue -j 99120",
        "  JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
        "  99120      h100 llm-70b-  rmiller  R    2:06:12      4 gpu-x[01-03,07]",
    ]
    label = {
        "category": "straggler", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "After requeue the step time doubled (1.92 s -> 3.88 s) with grad_allreduce going from 0.41 s to 2.37 s; only the replacement node gpu-x07 logs 'NCCL_P2P_DISABLE set by environment to 1' from a leftover /etc/nccl.conf and routes its intra-node rings via SHM, slowing every collective.",
        "modelled_on": "https://docs.nvidia.com/deeplearning/nccl/archives/nccl_2134/user-guide/docs/env.html",
    }
    return {"name": name, "files": files, "label": label}


CASES = [bf22, bf23, bf24, bf25, bf26, bf27, bf28]
