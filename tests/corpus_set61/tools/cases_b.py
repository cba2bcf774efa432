"""Cases bf08-bf14."""

import random

import kit
from kit import plus, pylog


def _elastic_info(dt, msg, mod="torch.distributed.elastic.agent.server.api"):
    return kit.elastic_old(dt, "INFO", msg, mod=mod)


def _sigterm_tail(dt, agent_pid, child_pids, site, bin_path):
    L = [kit.elastic_old(dt, "WARNING", "Received Signals.SIGTERM death signal, shutting down workers",
                         mod="torch.distributed.elastic.agent.server.api")]
    for i, p in enumerate(child_pids):
        L.append(kit.elastic_old(plus(dt, 0.001 * i), "WARNING", "Sending process %d closing signal SIGTERM" % p))
    L += [l.format(bin=bin_path, site=site) for l in kit.TORCHRUN_TB[:11]]
    L += ['  File "%s/torch/distributed/launcher/api.py", line 255, in launch_agent' % site,
          "    result = agent.run()",
          '  File "%s/torch/distributed/elastic/agent/server/api.py", line 736, in run' % site,
          "    result = self._invoke_run(role)",
          '  File "%s/torch/distributed/elastic/agent/server/api.py", line 871, in _invoke_run' % site,
          "    self._initialize_workers(self._worker_group)",
          '  File "%s/torch/distributed/elastic/agent/server/api.py", line 705, in _initialize_workers' % site,
          "    self._rendezvous(worker_group)",
          '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1134, in next_rendezvous' % site,
          "    self._op_executor.run(join_op, deadline, self._get_deadline)",
          '  File "%s/torch/distributed/elastic/multiprocessing/api.py", line 62, in _terminate_process_handler' % site,
          '    raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)',
          "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % agent_pid]
    return L


# --------------------------------------------------------------------- bf08

def bf08():
    rng = random.Random(6108)
    name = "bf08_pyxis_import_error_step_cancelled"
    nodes = ["dgx-c09", "dgx-c10", "dgx-c11", "dgx-c12"]
    bad = "dgx-c11"
    t0 = kit.at(2024, 8, 22, 19, 31, 4, 0, kit.tz(-4))
    img = "nvcr.io#nvidia/nemo:24.07"
    files = {}
    S = ["Job 401772 nodes: dgx-c[09-12]",
         "+ srun --kill-on-bad-exit=1 --container-image=%s --container-mounts=/lustre/fsw:/lustre/fsw --no-container-mount-home bash /lustre/fsw/llm/scripts/launch.sh" % img]
    S += ["pyxis: importing docker image: %s" % img] * 4
    S += ["pyxis: imported docker image: %s" % img] * 3
    enroot_log = [
        "[INFO] Querying registry for permission grant",
        "[INFO] Authenticating with user: $oauthtoken",
        "[INFO] Using credentials from file: /lustre/fsw/llm/.config/enroot/.credentials",
        "[INFO] Authentication succeeded",
        "[INFO] Fetching image manifest list",
        "[INFO] Fetching image manifest",
        "[INFO] Downloading 41 missing layers...",
        "[INFO] Extracting image layers...",
        "[INFO] Converting whiteouts...",
        "[INFO] Creating squashfs filesystem...",
        "Write failed because No space left on device",
        "FATAL ERROR:Failed to write to output filesystem",
        "Parallel mksquashfs: Using 32 processors",
        "Creating 4.0 filesystem on /raid/enroot/cache/pyxis.401772.0.squashfs, block size 131072.",
    ]
    S += ["slurmstepd: error: pyxis: child 287731 failed with error code: 1",
          "slurmstepd: error: pyxis: failed to import docker image",
          "slurmstepd: error: pyxis: printing enroot log file:"]
    S += ["slurmstepd: error: pyxis:     " + l for l in enroot_log]
    S += ["slurmstepd: error: pyxis: couldn't start container",
          "slurmstepd: error: spank: required plugin spank_pyxis.so: task_init() failed with rc=-1",
          "slurmstepd: error: Failed to invoke spank plugin stack",
          "srun: error: dgx-c11: task 2: Exited with exit code 1",
          "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
          "slurmstepd: error: *** STEP 401772.0 ON dgx-c09 CANCELLED AT 2024-08-22T19:36:51 ***",
          "srun: error: dgx-c10: task 1: Exited with exit code 1",
          "srun: error: dgx-c09: task 0: Exited with exit code 1",
          "srun: error: dgx-c12: task 3: Exited with exit code 1"]
    files["slurm-401772.out"] = S
    site = "/usr/local/lib/python3.10/dist-packages"
    kill_t = kit.at(2024, 8, 22, 19, 36, 51, 210000, kit.tz(-4))
    for ni, host in enumerate(nodes):
        if host == bad:
            continue
        L = ["[launch.sh] %s starting torchrun node_rank=auto nnodes=4 rdzv=dgx-c09:29400" % host]
        st = plus(t0, 228 + ni * 3.1)
        L += kit.omp_banner_old(st)
        L.append(_elastic_info(plus(st, 0.01), "[default] starting workers for entrypoint: python"))
        L.append(_elastic_info(plus(st, 0.01), "[default] Rendezvous'ing worker group"))
        L.append(kit.elastic_old(plus(st, 0.02), "INFO", "The node '%s_%d_0' attempts to join the next round of the rendezvous 'nemo-401772'." % (host, 51000 + ni * 17),
                                 mod="torch.distributed.elastic.rendezvous.dynamic_rendezvous"))
        apid = 51000 + ni * 17
        L += _sigterm_tail(kill_t, apid, [], site, "/usr/local/bin/torchrun")
        files["%s/launch_%s.log" % (host, host)] = L
    # slurmd log lines on each node
    for ni, host in enumerate(nodes):
        D = ["[%s] launch task StepId=401772.0 request from UID:40211 GID:40211 HOST:10.40.3.9 PORT:%d" % (kit.slurm_ts(plus(t0, 1)), 52010 + ni),
             "[%s] [401772.0] pyxis: importing docker image: %s" % (kit.slurm_ts(plus(t0, 2)), img)]
        if host == bad:
            D += ["[%s.%03d] [401772.0] error: pyxis: child 287731 failed with error code: 1" % (kit.slurm_ts(plus(t0, 331)), 402),
                  "[%s.%03d] [401772.0] error: pyxis: failed to import docker image" % (kit.slurm_ts(plus(t0, 331)), 402),
                  "[%s.%03d] [401772.0] error: pyxis: couldn't start container" % (kit.slurm_ts(plus(t0, 331)), 530),
                  "[%s.%03d] [401772.0] error: spank: required plugin spank_pyxis.so: task_init() failed with rc=-1" % (kit.slurm_ts(plus(t0, 331)), 531),
                  "[%s.%03d] [401772.0] done with job" % (kit.slurm_ts(plus(t0, 346)), 99)]
        else:
            D += ["[%s] [401772.0] pyxis: imported docker image: %s" % (kit.slurm_ts(plus(t0, 221 + ni * 3)), img),
                  "[%s] [401772.0] done with job" % kit.slurm_ts(plus(kill_t, 3))]
        files["%s/slurmd.log" % host] = D
    files["%s/df.txt" % bad] = [
        "$ df -h /raid /run /tmp",
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/md0         28T   28T  8.0K 100% /raid",
        "tmpfs           101G  3.1M  101G   1% /run",
        "/dev/nvme0n1p2  1.8T  212G  1.5T  13% /",
        "$ du -sh /raid/enroot/cache /raid/enroot/data /raid/scratch",
        "6.1T\t/raid/enroot/cache",
        "213G\t/raid/enroot/data",
        "21T\t/raid/scratch",
    ]
    files["dgx-c10/df.txt"] = [
        "$ df -h /raid /run /tmp",
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/md0         28T  4.9T   23T  18% /raid",
        "tmpfs           101G  3.0M  101G   1% /run",
        "/dev/nvme0n1p2  1.8T  198G  1.5T  12% /",
    ]
    label = {
        "category": "storage", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "The container never starts on dgx-c11: enroot's mksquashfs fails with 'No space left on device' because that node's local /raid is 100% full; the other three nodes imported the image and were only waiting in rendezvous when srun cancelled the step.",
        "modelled_on": "https://github.com/NVIDIA/pyxis/issues/53",
    }
    return {"name": name, "files": files, "label": label,
            "topology": {"ib-leaf-c1": ["dgx-c09", "dgx-c10", "dgx-c11", "dgx-c12"]}}


# --------------------------------------------------------------------- bf09

def bf09():
    rng = random.Random(6109)
    name = "bf09_rendezvous_timeout_one_launcher_exits_127"
    nodes = ["gn-0414", "gn-0415", "gn-0416", "gn-0417"]
    bad = "gn-0415"
    t0 = kit.at(2025, 1, 14, 9, 0, 12, 0, kit.tz(1))
    files = {}
    site = "/local/envs/nemo-24.07/lib/python3.10/site-packages"
    for ni, host in enumerate(nodes):
        L = ["[%s] node=%s SLURM_PROCID=%d" % (t0.strftime("%H:%M:%S"), host, ni),
             "[%s] activating /local/envs/nemo-24.07" % t0.strftime("%H:%M:%S")]
        if host == bad:
            L += ["",
                  "EnvironmentLocationNotFound: Not a conda environment: /local/envs/nemo-24.07",
                  "",
                  "/var/spool/slurmd/job2290311/slurm_script: line 31: torchrun: command not found"]
        else:
            st = plus(t0, 2.4 + ni * 0.2)
            L.append("[%s] python=%s/bin/python torch=2.3.0a0+ebedce2" % (st.strftime("%H:%M:%S"), "/local/envs/nemo-24.07"))
            L += kit.omp_banner_old(st)
            L.append(_elastic_info(plus(st, 0.02), "[default] starting workers for entrypoint: python"))
            L.append(_elastic_info(plus(st, 0.02), "[default] Rendezvous'ing worker group"))
            apid = 73100 + ni * 41
            L.append(kit.elastic_old(plus(st, 0.05), "INFO", "The node '%s_%d_0' attempts to join the next round of the rendezvous '2290311'." % (host, apid),
                                     mod="torch.distributed.elastic.rendezvous.dynamic_rendezvous"))
            to = plus(st, 600.05)
            L.append(kit.elastic_old(to, "ERROR", "The node '%s_%d_0' has failed to join the next round of the rendezvous '2290311' within the timeout." % (host, apid),
                                     mod="torch.distributed.elastic.rendezvous.dynamic_rendezvous"))
            L += kit.tb([
                (site + "/../../../bin/torchrun", 33, "<module>", "sys.exit(load_entry_point('torch', 'console_scripts', 'torchrun')())"),
                (site + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 347, "wrapper", "return f(*args, **kwargs)"),
                (site + "/torch/distributed/run.py", 812, "main", "run(args)"),
                (site + "/torch/distributed/run.py", 803, "run", "elastic_launch("),
                (site + "/torch/distributed/launcher/api.py", 135, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))"),
                (site + "/torch/distributed/launcher/api.py", 259, "launch_agent", "result = agent.run()"),
                (site + "/torch/distributed/elastic/agent/server/api.py", 727, "run", "result = self._invoke_run(role)"),
                (site + "/torch/distributed/elastic/agent/server/api.py", 862, "_invoke_run", "self._initialize_workers(self._worker_group)"),
                (site + "/torch/distributed/elastic/agent/server/api.py", 699, "_initialize_workers", "self._rendezvous(worker_group)"),
                (site + "/torch/distributed/elastic/agent/server/api.py", 542, "_rendezvous", "store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()"),
                (site + "/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 1047, "next_rendezvous", "self._op_executor.run(join_op, deadline)"),
                (site + "/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 655, "run", "raise RendezvousTimeoutError"),
            ], "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError")
        files["%s/slurm-2290311-%s.out" % (host, host)] = L
    files["%s/local_disk_diag.txt" % bad] = [
        "$ ls -la /local/envs",
        "total 0",
        "drwxr-xr-x 2 root root  6 Jan 13 17:48 .",
        "drwxr-xr-x 5 root root 54 Jan 13 17:48 ..",
        "$ journalctl -b -u local-scratch.service -o short-iso --no-pager | tail -5",
        "2025-01-13T17:47:58+0100 gn-0415 systemd[1]: Starting Prepare node-local scratch (/local)...",
        "2025-01-13T17:47:59+0100 gn-0415 mkfs-local[1214]: /dev/nvme1n1 has no filesystem, creating xfs (disk replaced, RMA 88213)",
        "2025-01-13T17:48:03+0100 gn-0415 mkfs-local[1214]: meta-data=/dev/nvme1n1 isize=512 agcount=32, agsize=29303222 blks",
        "2025-01-13T17:48:04+0100 gn-0415 mkfs-local[1214]: mounted /dev/nvme1n1 on /local",
        "2025-01-13T17:48:04+0100 gn-0415 systemd[1]: Finished Prepare node-local scratch (/local).",
    ]
    files["%s/local_disk_diag.txt" % "gn-0416"] = [
        "$ ls -la /local/envs",
        "total 4",
        "drwxr-xr-x  3 root root   32 Nov 28 10:12 .",
        "drwxr-xr-x  6 root root   71 Nov 28 10:12 ..",
        "drwxr-xr-x 12 root root 4096 Nov 28 10:31 nemo-24.07",
    ]
    files["sacct_2290311.txt"] = [
        "JobID           JobName  Partition      State ExitCode               Start                 End        NodeList",
        "------------ ---------- ---------- ---------- -------- ------------------- ------------------- ---------------",
        "2290311       nemo-sft      gpu-a     FAILED      1:0 2025-01-14T09:00:11 2025-01-14T09:10:16 gn-[0414-0417]",
        "2290311.bat+      batch                FAILED      1:0 2025-01-14T09:00:11 2025-01-14T09:10:16         gn-0414",
        "2290311.0         bash                 FAILED    127:0 2025-01-14T09:00:12 2025-01-14T09:10:16 gn-[0414-0417]",
    ]
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "gn-0415's node-local /local was recreated after a disk replacement, so 'conda activate /local/envs/nemo-24.07' fails and torchrun is not found (exit 127); the other three launchers waited for a fourth member and died with RendezvousTimeoutError ten minutes later.",
        "modelled_on": "https://github.com/AgnostiqHQ/covalent/issues/1755",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf10

def bf10():
    rng = random.Random(6110)
    name = "bf10_extension_import_fails_glibc_every_rank"
    nodes = ["a100n-12", "a100n-13", "a100n-29"]
    t0 = kit.at(2024, 12, 2, 13, 45, 9, 0)
    files = {}
    venv = "/work/dlee/.venvs/rec"
    site = venv + "/lib/python3.10/site-packages"
    for ni, host in enumerate(nodes):
        L = []
        L.append("INFO:    underlay of /etc/localtime required more than 50 (96) bind mounts")
        for lr in range(4):
            rank = ni * 4 + lr
            p = "[rank%d]:" % rank
            L += kit.tb([
                ("/work/dlee/rec/train_ddp.py", 22, "<module>", "from acme_kernels import fused_embedding_bag"),
                (site + "/acme_kernels/__init__.py", 4, "<module>", "from . import _C"),
            ], "ImportError: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.38' not found (required by %s/acme_kernels/_C.cpython-310-x86_64-linux-gnu.so)" % site, p)
        ft = plus(t0, 3.3 + ni * 0.1)
        L.append(kit.elastic_err_new(ft, 31200 + ni, "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: %s/bin/python" % (31230 + ni, venv)))
        fails = [(ft, ni * 4 + lr, lr, 1, 31230 + lr, None) for lr in range(4)]
        L += kit.child_failed("train_ddp.py", host, fails, bin_path=venv + "/bin/torchrun", site=site)
        files["%s/rec-%s.err" % (host, host)] = L
        files["%s/os-release.txt" % host] = [
            'PRETTY_NAME="Ubuntu 22.04.4 LTS"', 'VERSION_ID="22.04"',
            "$ ldd --version | head -1", "ldd (Ubuntu GLIBC 2.35-0ubuntu3.8) 2.35"]
    files["ci_build_acme_kernels.log"] = [
        "2024-12-01T22:10:03.1180321Z Current runner version: '2.321.0'",
        "2024-12-01T22:10:03.1201102Z Operating System",
        "2024-12-01T22:10:03.1201650Z   Ubuntu",
        "2024-12-01T22:10:03.1202001Z   24.04",
        "2024-12-01T22:10:03.1202213Z   LTS",
        "2024-12-01T22:10:03.1203990Z Runner Image",
        "2024-12-01T22:10:03.1204220Z   Image: ubuntu-24.04",
        "2024-12-01T22:14:40.5522012Z building 'acme_kernels._C' extension",
        "2024-12-01T22:19:02.0092211Z Successfully built acme_kernels-0.4.0-cp310-cp310-linux_x86_64.whl",
        "2024-12-01T22:19:02.6611873Z + objdump -T build/lib.linux-x86_64-cpython-310/acme_kernels/_C.cpython-310-x86_64-linux-gnu.so | grep -o 'GLIBC_2\\.[0-9]*' | sort -Vu | tail -2",
        "2024-12-01T22:19:02.6702254Z GLIBC_2.34",
        "2024-12-01T22:19:02.6702511Z GLIBC_2.38",
        "2024-12-01T22:19:04.1021833Z Uploading acme_kernels-0.4.0-cp310-cp310-linux_x86_64.whl to internal index",
    ]
    files["slurm-6678120.out"] = [
        "+ pip install --upgrade --index-url https://pypi.acme.internal/simple acme-kernels==0.4.0",
        "Successfully installed acme-kernels-0.4.0",
        "+ srun torchrun --nnodes=3 --nproc-per-node=4 --rdzv-backend=c10d --rdzv-endpoint=a100n-12:29500 train_ddp.py",
        "srun: error: a100n-13: task 1: Exited with exit code 1",
        "srun: error: a100n-12: task 0: Exited with exit code 1",
        "srun: error: a100n-29: task 2: Exited with exit code 1",
    ]
    label = {
        "category": "dependency", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Every rank on all three nodes fails importing the user's own acme_kernels extension, built in CI on Ubuntu 24.04 and requiring GLIBC_2.38, while the cluster runs glibc 2.35; the user's package must be rebuilt, restarting changes nothing.",
        "modelled_on": "https://github.com/pyg-team/pyg-lib/issues/548",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf11

def bf11():
    rng = random.Random(6111)
    name = "bf11_job_idles_until_time_limit_cuda_init_802"
    nodes = ["h100-r2-05", "h100-r2-06", "h100-r2-07", "h100-r2-08"]
    bad = "h100-r2-07"
    cet = kit.tz(1)
    t0 = kit.at(2024, 11, 6, 9, 15, 2, 0, cet)
    files = {}
    site = "/opt/pytorch/lib/python3.11/site-packages"
    tl = kit.at(2024, 11, 6, 13, 15, 31, 0, cet)
    for ni, host in enumerate(nodes):
        L = []
        L += kit.omp_banner_new(t0, 40021 + ni)
        if host == bad:
            for lr in range(8):
                rank = ni * 8 + lr
                ts = plus(t0, 6.8 + lr * 0.01)
                L.append("[rank%d]:%s/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at /opt/pytorch/pytorch/c10/cuda/CUDAFunctions.cpp:108.)" % (rank, site))
                L.append("[rank%d]:  return torch._C._cuda_getDeviceCount() > 0" % rank)
            for lr in range(8):
                rank = ni * 8 + lr
                L += kit.tb([
                    ("/home/jbauer/vlm/train.py", 611, "<module>", "main()"),
                    ("/home/jbauer/vlm/train.py", 480, "main", "torch.cuda.set_device(local_rank)"),
                    (site + "/torch/cuda/__init__.py", 420, "set_device", "torch._C._cuda_setDevice(device)"),
                    (site + "/torch/cuda/__init__.py", 314, "_lazy_init", "torch._C._cuda_init()"),
                ], "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized", "[rank%d]: " % rank)
            ft = plus(t0, 8.4)
            L.append(kit.elastic_err_new(ft, 40021 + ni, "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /opt/pytorch/bin/python" % (40100 + ni)))
            fails = [(ft, 16 + lr, lr, 1, 40100 + lr, None) for lr in range(8)]
            L += kit.child_failed("train.py", host, fails, bin_path="/opt/pytorch/bin/torchrun", site=site)
        else:
            for lr in range(8):
                rank = ni * 8 + lr
                L.append("[rank%d]:%s INFO vlm: rank %d device cuda:%d NVIDIA H100 80GB HBM3" % (rank, pylog(plus(t0, 7 + lr * 0.01)), rank, lr))
            for lr in range(8):
                rank = ni * 8 + lr
                pid = 40100 + ni * 100 + lr
                L += ["[rank%d]:%s" % (rank, l) for l in kit.nccl_init(
                    host, pid, pid + 97, lr, rank, 32, 4, "bond0", "10.52.7.%d" % (5 + ni), "2.21.5+cuda12.4",
                    cuda_drv=12040, complete=False, comm="0x%x" % (0x55f0aa000000 + rank * 0x3300),
                    commid="0x1dd0e47b9f2a6c03", busid=kit.BUSIDS[lr])]
            L.append("slurmstepd: error: *** STEP 88412.0 ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (host, kit.slurm_ts(tl)))
            L.append("W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (tl.strftime("%m%d %H:%M:%S") + ".%06d" % 88000, 40021 + ni))
        files["%s/train_%s.log" % (host, host)] = L
        if host == bad:
            J = [
                "2024-11-05T23:41:07+0100 %s dnf[2231]: Upgraded: nvidia-driver-3:550.127.05-1.el9.x86_64" % host,
                "2024-11-05T23:41:07+0100 %s dnf[2231]: Upgraded: nvidia-driver-cuda-libs-3:550.127.05-1.el9.x86_64" % host,
                "2024-11-05T23:41:08+0100 %s dnf[2231]: Upgraded: kmod-nvidia-open-dkms-3:550.127.05-1.el9.x86_64" % host,
                "2024-11-05T23:52:40+0100 %s systemd[1]: Reached target Reboot." % host,
                "-- Boot 8f0b3c7de2a14e6b9a1f52d7c90e4b11 --",
                "2024-11-05T23:55:12+0100 %s kernel: NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.127.05  Release Build  (dvs-builder@U16-I3-B03-4-3)  Tue Oct  8 03:26:12 UTC 2024" % host,
                "2024-11-05T23:55:19+0100 %s systemd[1]: Starting NVIDIA fabric manager service..." % host,
                "2024-11-05T23:55:19+0100 %s nv-fabricmanager[3121]: fabric manager NVIDIA GPU driver interface version 550.90.07 don't match with driver version 550.127.05. Please update with matching NVIDIA driver package." % host,
                "2024-11-05T23:55:19+0100 %s systemd[1]: nvidia-fabricmanager.service: Control process exited, code=exited, status=1/FAILURE" % host,
                "2024-11-05T23:55:19+0100 %s systemd[1]: nvidia-fabricmanager.service: Failed with result 'exit-code'." % host,
                "2024-11-05T23:55:19+0100 %s systemd[1]: Failed to start NVIDIA fabric manager service." % host,
                "2024-11-05T23:55:22+0100 %s nvidia-persistenced[2988]: Started (2988)" % host,
                "2024-11-06T09:15:00+0100 %s slurmd[2410]: slurmd: launch task StepId=88412.0 request from UID:51007 GID:51007 HOST:10.52.0.2 PORT:40312" % host,
            ]
        else:
            J = [
                "2024-10-21T08:02:44+0100 %s kernel: NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.90.07  Release Build  (dvs-builder@U16-I3-B03-4-3)  Fri May 31 09:30:47 UTC 2024" % host,
                "2024-10-21T08:02:51+0100 %s systemd[1]: Starting NVIDIA fabric manager service..." % host,
                "2024-10-21T08:03:09+0100 %s nv-fabricmanager[3090]: Connected to 1 node." % host,
                "2024-10-21T08:03:09+0100 %s nv-fabricmanager[3090]: Successfully configured all the available GPUs and NVSwitches to route NVLink traffic." % host,
                "2024-10-21T08:03:09+0100 %s systemd[1]: Started NVIDIA fabric manager service." % host,
                "2024-11-06T09:15:00+0100 %s slurmd[2402]: slurmd: launch task StepId=88412.0 request from UID:51007 GID:51007 HOST:10.52.0.2 PORT:40311" % host,
            ]
        files["%s/journal.txt" % host] = J
    files["sacct-88412.txt"] = [
        "       JobID    JobName      State  Elapsed   Timelimit        NodeList",
        "------------ ---------- ---------- -------- ----------- ---------------",
        "       88412  vlm-pretr    TIMEOUT 04:00:29    04:00:00 h100-r2-[05-08]",
        " 88412.batch      batch  CANCELLED 04:00:31                  h100-r2-05",
        "     88412.0    torchrun  CANCELLED 04:00:29             h100-r2-[05-08]",
    ]
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "Seconds after start, every rank on h100-r2-07 fails CUDA init with error 802 'system not yet initialized' because its fabric manager (550.90.07) refused to start against the freshly upgraded 550.127.05 driver; the other nodes sat in NCCL init until the 4 h time limit, which is a consequence, not the cause.",
        "modelled_on": "https://github.com/NVIDIA/gpu-operator/issues/544",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf12

def bf12():
    rng = random.Random(6112)
    name = "bf12_deprecation_warnings_then_watchdog_timeouts"
    nodes = ["node-%02d" % i for i in range(1, 9)]
    bad = "node-06"
    bad_gpu = 5
    bad_rank = 5 * 8 + bad_gpu
    cdt = kit.tz(-5)
    t0 = kit.at(2024, 7, 30, 6, 12, 40, 0, cdt)
    t_fail = kit.at(2024, 7, 30, 14, 22, 7, 412000, cdt)
    files = {}
    site = "/usr/local/lib/python3.10/dist-packages"
    step_s = 3.47
    last_step = int((t_fail - t0).total_seconds() / step_s) - 20
    for ni, host in enumerate(nodes):
        L = []
        L += kit.omp_banner_new(t0, 11000 + ni)
        for lr in range(8):
            rank = ni * 8 + lr
            p = "[rank%d]:" % rank
            L.append(p + "%s INFO mm.train: rank %d -> cuda:%d (pci 0000:%s:00.0) on %s" % (pylog(plus(t0, 19 + lr * 0.02)), rank, lr, kit.BUSIDS[lr][:2], host))
            L.append(p + "%s/torch/utils/cpp_extension.py:1967: UserWarning: TORCH_CUDA_ARCH_LIST is not set, all archs for visible cards are included for compilation. " % site)
            L.append(p + "If this is not desired, please set os.environ['TORCH_CUDA_ARCH_LIST'].")
            L.append(p + "  warnings.warn(")
            L.append(p + "%s/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()" % site)
            L.append(p + "  return self.fget.__get__(instance, owner)()")
            L.append(p + "%s/torch/utils/checkpoint.py:464: UserWarning: torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. In version 2.4 we will raise an exception if use_reentrant is not passed. use_reentrant=False is recommended, but if you need to preserve the current default behavior, you can pass use_reentrant=True. Refer to docs for more details on the differences between the two variants." % site)
            L.append(p + "  warnings.warn(")
        for lr in range(8):
            rank = ni * 8 + lr
            pid = 11100 + ni * 40 + lr
            L += ["[rank%d]:%s" % (rank, l) for l in kit.nccl_init(
                host, pid, pid + 150, lr, rank, 64, 8, "ib0", "192.168.40.%d" % (ni + 11), "2.20.5+cuda12.4",
                cuda_drv=12040, comm="0x%x" % (0x55b7d0000000 + rank * 0x2e00), commid="0x91c3d7e4a2b06f18",
                busid=kit.BUSIDS[lr], rng=rng, channels=16)]
        if ni == 0:
            for step in range(10, last_step, 10):
                ts = plus(t0, 90 + step * step_s + rng.random() * 0.3)
                loss = 2.9 * (step / 10.0) ** -0.08 + rng.random() * 0.02
                L.append("[rank0]:%s | step %6d | loss %.4f | grad_norm %.3f | lr %.2e | step_time %.2fs" % (ts.strftime("%Y-%m-%d %H:%M:%S"), step, loss, 0.8 + rng.random() * 0.4, 2e-4, step_s + rng.random() * 0.1))
                if step % 2000 == 0:
                    L.append("[rank0]:%s/torch/distributed/checkpoint/filesystem.py:92: FutureWarning: `torch.distributed._sharded_tensor` will be deprecated, use `torch.distributed._shard.sharded_tensor` instead" % site)
        if host == bad:
            rk = bad_rank
            L += kit.tb([
                ("/mnt/shared/mm/train.py", 377, "<module>", "trainer.fit()"),
                ("/mnt/shared/mm/trainer.py", 212, "fit", "loss.backward()"),
                (site + "/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                (site + "/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
                (site + "/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
            ], "RuntimeError: CUDA error: unspecified launch failure\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", "[rank%d]: " % rk)
            for lr in range(8):
                if lr == bad_gpu:
                    continue
                rank = ni * 8 + lr
                L.append("[rank%d]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank %d] NCCL watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5" % (rank, rank))
                L.append("[rank%d]:ncclUnhandledCudaError: Call to CUDA function failed." % rank)
                L.append("[rank%d]:Last error:" % rank)
                L.append("[rank%d]:Cuda failure 'unspecified launch failure'" % rank)
            et = plus(t_fail, 4.9)
        else:
            wt = plus(t_fail, 600.3)
            for lr in range(8):
                rank = ni * 8 + lr
                L += kit.watchdog_timeout(rank, 138810, "ALLREDUCE", 131072000, 600000, 600000 + rng.randint(10, 200))
            et = plus(wt, 2.0)
        L.append(kit.elastic_err_new(et, 11000 + ni, "failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (11100 + ni)))
        files["%s/train.%s.log" % (host, host)] = L
    # dmesg for all nodes; only node-06 has the real event, node-02 has benign Xid 63
    for ni, host in enumerate(nodes):
        D = ["%s mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:760:(pid 1012): FWTracer: Events were lost" % kit.dmesg_t(kit.at(2024, 7, 29, 22, 4, 11, 0, cdt))]
        if host == "node-02":
            D.append("%s NVRM: Xid (PCI:0000:3a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000000a1b20) marked for remapping, reset gpu to activate." % kit.dmesg_t(kit.at(2024, 7, 30, 9, 41, 55, 0, cdt)))
        if host == bad:
            D += ["%s NVRM: GPU at PCI:0000:ab:00: GPU-77e0c1d2-4b3a-9f8e-1d2c-3b4a5f6e7d8c" % kit.dmesg_t(t_fail),
                  "%s NVRM: GPU Board Serial Number: 1654922017445" % kit.dmesg_t(t_fail),
                  "%s NVRM: Xid (PCI:0000:ab:00): 79, pid=11177, name=python, GPU has fallen off the bus." % kit.dmesg_t(t_fail),
                  "%s NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus." % kit.dmesg_t(t_fail),
                  "%s NVRM: A GPU crash dump has been created. If possible, please run" % kit.dmesg_t(plus(t_fail, 1)),
                  "%s NVRM: nvidia-bug-report.sh as root to collect this data before" % kit.dmesg_t(plus(t_fail, 1)),
                  "%s NVRM: the NVIDIA kernel module is unloaded." % kit.dmesg_t(plus(t_fail, 1)),
                  "%s pcieport 0000:a8:01.0: AER: Uncorrected (Fatal) error received: 0000:a8:01.0" % kit.dmesg_t(plus(t_fail, 1)),
                  "%s pcieport 0000:a8:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)" % kit.dmesg_t(plus(t_fail, 1))]
        files["%s/dmesg-T.txt" % host] = D
    topo = {"leaf-1": nodes[:4], "leaf-2": nodes[4:]}
    label = {
        "category": "gpu_hardware", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": bad_rank}, "action": "restart_without_node",
        "rationale": "The warnings (TORCH_CUDA_ARCH_LIST, TypedStorage, use_reentrant) are noise present on every rank since startup; the first real event is Xid 79 'GPU has fallen off the bus' on node-06 PCI ab:00 (GPU 5, rank 45) at 14:22:07, after which rank 45 hits 'unspecified launch failure' and everyone else times out 10 min later.",
        "modelled_on": "https://docs.nvidia.com/deploy/xid-errors/index.html",
    }
    return {"name": name, "files": files, "label": label, "topology": topo}


# --------------------------------------------------------------------- bf13

def bf13():
    rng = random.Random(6113)
    name = "bf13_arch_list_notices_then_step_one_crash"
    nodes = ["gpu-h-201", "gpu-h-202"]
    t0 = kit.at(2024, 8, 15, 10, 2, 0, 0)
    files = {}
    site = "/usr/local/lib/python3.10/dist-packages"
    for ni, host in enumerate(nodes):
        L = []
        for lr in range(8):
            rank = ni * 8 + lr
            ts = plus(t0, 11 + lr * 0.003)
            L.append("W%s.%06d %d torch/utils/cpp_extension.py:1965] TORCH_CUDA_ARCH_LIST is not set, all archs for visible cards are included for compilation. " % (ts.strftime("%m%d %H:%M:%S"), ts.microsecond, 2310 + rank))
            L.append("W%s.%06d %d torch/utils/cpp_extension.py:1965] If this is not desired, please set os.environ['TORCH_CUDA_ARCH_LIST']." % (ts.strftime("%m%d %H:%M:%S"), ts.microsecond, 2310 + rank))
        L.append("Using /root/.cache/torch_extensions/py310_cu121 as PyTorch extensions root...")
        L.append("Detected CUDA files, patching ldflags")
        L.append("Emitting ninja build file /root/.cache/torch_extensions/py310_cu121/fused_rope/build.ninja...")
        L.append("Building extension module fused_rope...")
        L.append("Allowing ninja to set a default number of workers... (overridable by setting the environment variable MAX_JOBS=N)")
        L.append("ninja: no work to do.")
        L.append("Loading extension module fused_rope...")
        if ni == 0:
            L += ["%s [INFO] config: model=llama-13b seq_len=4096 micro_batch_size=8 grad_accum=4 activation_checkpointing=false zero_stage=1" % pylog(plus(t0, 14)),
                  "%s [INFO] config diff vs run 0812-a: micro_batch_size 2 -> 8, grad_accum 16 -> 4, activation_checkpointing true -> false" % pylog(plus(t0, 14)),
                  "%s [INFO] model parameters: 13.02B, optimizer: AdamW (zero-1 over 16 ranks)" % pylog(plus(t0, 39))]
        for lr in range(8):
            rank = ni * 8 + lr
            ts = plus(t0, 71 + lr * 0.05 + ni * 0.2)
            tried = 7.83 if lr % 2 == 0 else 3.91
            free = 2.91 + rng.random()
            inuse = 79.10 - free
            alloc = inuse - 4.2 - rng.random()
            L += kit.tb([
                ("/opt/train/pretrain.py", 290, "<module>", "train()"),
                ("/opt/train/pretrain.py", 231, "train", "logits = model(input_ids)"),
                (site + "/torch/nn/modules/module.py", 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                ("/opt/train/model/llama.py", 188, "forward", "scores = torch.matmul(q, k.transpose(-2, -1)) * self.scale"),
            ], "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB. GPU %d has a total capacity of 79.10 GiB of which %.2f GiB is free. Process %d has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                % (tried, lr, free, 2330 + rank, inuse, alloc, inuse - alloc - 0.6), "[rank%d]: " % rank)
        ft = plus(t0, 74)
        L.append(kit.elastic_err_new(ft, 2300 + ni, "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (2330 + ni * 8)))
        fails = [(ft, ni * 8 + lr, lr, 1, 2330 + ni * 8 + lr, None) for lr in range(8)]
        L += kit.child_failed("pretrain.py", host, fails, site=site)
        files["%s/pretrain_%s.log" % (host, host)] = L
        files["%s/nvidia-smi.csv" % host] = (["timestamp, index, memory.used [MiB], memory.total [MiB], compute_apps"] +
                                             ["2024/08/15 10:00:02.118, %d, 0 MiB, 81559 MiB, 0" % i for i in range(8)])
    label = {
        "category": "oom", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "The TORCH_CUDA_ARCH_LIST notices are harmless JIT-build chatter; every rank on both nodes then hits CUDA OOM in the first forward after the config raised micro_batch_size 2->8 and disabled activation checkpointing, with GPUs empty beforehand, so the job's own configuration does not fit.",
        "modelled_on": "https://github.com/karpathy/nanoGPT/issues/88",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf14

def bf14():
    rng = random.Random(6114)
    name = "bf14_ddp_init_param_count_mismatch"
    nodes = ["gpu-node-031", "gpu-node-032", "gpu-node-033"]
    bad = "gpu-node-032"
    t0 = kit.at(2024, 4, 17, 22, 31, 50, 0, kit.tz(9))
    files = {}
    venv = "/opt/venv"
    site = venv + "/lib/python3.11/site-packages"
    for ni, host in enumerate(nodes):
        L = []
        L += kit.omp_banner_old(t0)
        if host == bad:
            ver, loc, nparams = "0.8.7", site + "/llmtrain/__init__.py", 291
        else:
            ver, loc, nparams = "0.9.2", "/home/tnakamura/src/llmtrain/llmtrain/__init__.py (editable)", 293
        for lr in range(8):
            rank = ni * 8 + lr
            ts = plus(t0, 6 + lr * 0.02)
            L.append("%s rank=%d | llmtrain %s loaded from %s" % (pylog(ts), rank, ver, loc))
        for lr in range(8):
            rank = ni * 8 + lr
            ts = plus(t0, 19 + lr * 0.02)
            L.append("%s rank=%d | model built: %d parameter tensors, %.2fM params, rope_scaling=%s" % (pylog(ts), rank, nparams, 1418.52 if host != bad else 1418.51, "None" if host == bad else "{'type': 'yarn', 'factor': 4.0}"))
        for lr in range(8):
            rank = ni * 8 + lr
            if host == bad:
                msg = "DDP expects same model across all ranks, but Rank %d has 291 params, while rank 0 has inconsistent 293 params." % rank
            else:
                msg = "DDP expects same model across all ranks, but Rank %d has 293 params, while rank 8 has inconsistent 291 params." % rank
            L += kit.tb([
                ("/home/tnakamura/src/llmtrain/scripts/train.py", 140, "<module>", "main()"),
                ("/home/tnakamura/src/llmtrain/scripts/train.py", 96, "main", "model = DDP(model, device_ids=[local_rank])"),
                (site + "/torch/nn/parallel/distributed.py", 822, "__init__", "_verify_param_shape_across_processes(self.process_group, parameters)"),
                (site + "/torch/distributed/utils.py", 288, "_verify_param_shape_across_processes", "return dist._verify_params_across_processes(process_group, tensors, logger)"),
            ], "RuntimeError: " + msg, "[rank%d]: " % rank)
        ft = plus(t0, 22.5)
        L.append(kit.elastic_old(ft, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: %s/bin/python3.11" % (61020 + ni * 20, venv)))
        fails = [(ft, ni * 8 + lr, lr, 1, 61020 + ni * 20 + lr, None) for lr in range(8)]
        L += kit.child_failed("train.py", host, fails, bin_path=venv + "/bin/torchrun", site=site)
        files["%s/torchrun-%s.log" % (host, host)] = L
        if host == bad:
            files["%s/pip_show_llmtrain.txt" % host] = [
                "Name: llmtrain", "Version: 0.8.7", "Summary: internal LLM training utilities",
                "Location: %s" % site, "Editable project location: ", "Requires: torch, numpy, sentencepiece",
                "$ ls -l --time-style=long-iso %s | grep llmtrain" % site,
                "drwxr-xr-x  6 tnakamura gpu 4096 2024-03-02 18:20 llmtrain",
                "drwxr-xr-x  2 tnakamura gpu 4096 2024-03-02 18:20 llmtrain-0.8.7.dist-info"]
        else:
            files["%s/pip_show_llmtrain.txt" % host] = [
                "Name: llmtrain", "Version: 0.9.2", "Summary: internal LLM training utilities",
                "Location: %s" % site, "Editable project location: /home/tnakamura/src/llmtrain",
                "Requires: torch, numpy, sentencepiece"]
    files["run_0417.sh.out"] = [
        "pdsh -w gpu-node-[031-033] 'cd /home/tnakamura/src/llmtrain && /opt/venv/bin/torchrun --nnodes 3 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-node-031:29400 scripts/train.py --cfg cfg/1b4_yarn.yaml'",
        "gpu-node-031: exit 1", "gpu-node-033: exit 1", "gpu-node-032: exit 1",
    ]
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "Ranks 8-15 on gpu-node-032 import a stale non-editable llmtrain 0.8.7 from that node's local /opt/venv (installed in March) instead of the editable 0.9.2 checkout, so they build a 291-tensor model without YaRN and DDP's cross-rank parameter check fails on every rank.",
        "modelled_on": "https://github.com/pypa/pip/issues/4466",
    }
    return {"name": name, "files": files, "label": label}


CASES = [bf08, bf09, bf10, bf11, bf12, bf13, bf14]
