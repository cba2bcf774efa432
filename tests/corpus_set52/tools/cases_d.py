"""Cases aw20-aw29."""
from common import *
from bundle import Job
from cases_a import L
from cases_b import py_tb


# --------------------------------------------------------------------------- aw20
def aw20():
    hosts = ["h-101", "h-102", "h-103", "h-104"]
    j = Job(hosts, 8, T(2024, 4, 1, 0, 0, 0), 2020, prefix="none")
    files = {}
    it = j.iters(99001, 100000, 2.5, every=2)
    t_e = add(it[-1][0], 20)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 3:
            s += it
            s += [(add(t_e, -10), f" [{add(t_e,-10):%Y-%m-%d %H:%M:%S}] saving checkpoint at iteration  100000 to /lustre/ckpt/final"),
                  (add(t_e, -2), f" [{add(t_e,-2):%Y-%m-%d %H:%M:%S}] successfully saved checkpoint from iteration  100000 to /lustre/ckpt/final"),
                  (t_e, f" [{t_e:%Y-%m-%d %H:%M:%S}] after training is done ..."), (t_e, "[after training is done] datetime: " + f"{t_e:%Y-%m-%d %H:%M:%S}")]
        if hi == 1:
            s += [(add(j.t0, 1200), f"{h}:{j.pid(hi,2)}:{j.pid(hi,2)+130} [2] NCCL WARN NET/IB : Got async event : port error"),
                  (add(j.t0, 1203), f"{h}:{j.pid(hi,2)}:{j.pid(hi,2)+130} [2] NCCL INFO NET/IB : Got async event : port active")]
        te = add(t_e, 3 + hi * 0.2)
        s += [(te, f"[rank{j.grank(hi,0)}]:[{c10(te, 'W')} TCPStore.cpp:131] [c10d] recvValue failed on SocketImpl(fd=71, addr=[{h}]:41822, remote=[h-101]:29500): Connection reset by peer"),
              (te, f"Exception raised from recvBytes at /pytorch/torch/csrc/distributed/c10d/Utils.hpp:670 (most recent call first):"),
              (te, f"[rank{j.grank(hi,0)}]:[{c10(te, 'W')} ProcessGroupNCCL.cpp:1418] [PG ID 0 PG GUID 0(default_pg) Rank {j.grank(hi,0)}] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection reset by peer"),
              (add(te, 2), f"[{pylog(add(te,2))}] torch.distributed.elastic.agent.server.api: [INFO] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish."),
              (add(te, 3), f"[{pylog(add(te,3))}] torch.distributed.elastic.agent.server.api: [INFO] Done waiting for other agents. Elapsed: 0.8{hi} seconds")]
        files[f"{h}/stdout.log"] = join(merge_sorted(s))
        files[f"{h}/dmesg.txt"] = join([f"{dmesg_T(add(j.t0, 1200))} mlx5_core 0000:3a:00.0 ibp58s0: Link down", f"{dmesg_T(add(j.t0, 1202))} mlx5_core 0000:3a:00.0 ibp58s0: Link up"] if hi == 1 else
                                       [f"{dmesg_T(add(j.t0, 50000))} NVRM: Xid (PCI:0000:2a:00): 94, pid=1291, name=python3, Contained ECC error."] if False else
                                       [f"{dmesg_T(add(j.t0, 5000))} EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0"])
    files["sacct.txt"] = join(["JobID|State|ExitCode|Elapsed", "2290012|COMPLETED|0:0|2-21:41:08", "2290012.batch|COMPLETED|0:0|2-21:41:08", "2290012.0|COMPLETED|0:0|2-21:40:51"])
    lab = L("unknown", "framework", None, None, "none",
            "Clean run: the last rank logs iteration 100000, 'successfully saved checkpoint ... /lustre/ckpt/final' and 'after training is done', every agent logs 'worker group successfully finished', and sacct.txt shows COMPLETED 0:0. The 'Connection reset by peer' TCPStore warnings come after completion (store server on h-101 exiting first), the IB port error on h-102 recovered in 3 s hours earlier, and the corrected EDAC entries are benign.",
            "https://github.com/huggingface/transformers/issues/17478")
    return "aw20_connection_reset_warnings_at_the_end", files, lab, None


# --------------------------------------------------------------------------- aw21
def aw21():
    hosts = ["nid00412", "nid00413", "nid00414", "nid00415"]
    j = Job(hosts, 4, T(2024, 11, 2, 12, 0, 0), 2121, prefix="srun")
    files = {}
    it = j.iters(8001, 9900, 3.8)
    t_k = add(it[-1][0], 1.5)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 3:
            s += it
        s += [(t_k, f"[{pylog(t_k)}] torch.distributed.elastic.agent.server.api: [WARNING] Received 15 death signal, shutting down workers")]
        s += [(t_k, x) for x in elastic_sigterm(t_k, [j.pid(hi, l) for l in range(4)])]
        for l in range(4):
            g = j.grank(hi, l)
            tt = add(t_k, 0.4 + l * 0.01)
            s += [(tt, j.pfx(hi, l, f"[rank{g}]:[{c10(tt, 'W')} ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. (function operator())")),
                  (tt, j.pfx(hi, l, f"{h}:{j.pid(hi,l)}:{j.pid(hi,l)+160} [{l}] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer {hosts[(hi+1)%4]}<4{l}113>"))]
        te = add(t_k, 6)
        s += [(te, x) for x in child_failed(te, h, "pretrain_gpt.py", [(j.grank(hi, l), l, -15, j.pid(hi, l), SIGTERM(j.pid(hi, l))) for l in (1, 2, 3)], (j.grank(hi, 0), 0, -15, j.pid(hi, 0), SIGTERM(j.pid(hi, 0))))]
        files[f"{h}/rank_output.log"] = join(merge_sorted(s))
    files["slurm-7731203.out"] = join(["#SBATCH --time=06:00:00", f"srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                                       f"slurmstepd: error: *** JOB 7731203 ON nid00412 CANCELLED AT {t_k:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***",
                                       f"slurmstepd: error: *** STEP 7731203.0 ON nid00412 CANCELLED AT {t_k:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***",
                                       "srun: error: nid00413: tasks 4-7: Terminated", "srun: error: nid00412: tasks 0-3: Terminated", "srun: error: nid00415: tasks 12-15: Terminated", "srun: error: nid00414: tasks 8-11: Terminated"])
    files["sacct.txt"] = join(["JobID|State|ExitCode|Elapsed|Timelimit", "7731203|TIMEOUT|0:0|06:00:13|06:00:00", "7731203.0|CANCELLED|0:15|06:00:44|"])
    lab = L("unknown", "framework", None, None, "none",
            "slurm-7731203.out: 'CANCELLED ... DUE TO TIME LIMIT' and sacct State TIMEOUT at exactly the 06:00:00 limit; iterations were progressing normally up to the SIGTERM. The ChildFailedError summaries (exitcode -15), 'Connection closed by remote peer' and the destroy_process_group warnings are all the shutdown, not a fault.",
            "https://github.com/ZettaAI/zetta_utils/issues/671")
    return "aw21_sigterm_on_every_rank_and_childfailederror", files, lab, None


# --------------------------------------------------------------------------- aw22
def aw22():
    hosts = ["a3-node-0", "a3-node-1", "a3-node-2"]
    j = Job(hosts, 8, T(2024, 2, 5, 18, 0, 0), 2222, script="-m myproj.train", prefix="default")
    files = {}
    for hi, h in enumerate(hosts):
        s = j.startup(hi)[:4]
        for l in range(8):
            g = j.grank(hi, l)
            tt = add(j.t0, 9 + l * 0.02 + hi * 0.1)
            s += [(tt, j.pfx(hi, l, x)) for x in py_tb(f"[rank{g}]: ", [("<frozen runpy>", 198, "_run_module_as_main", ""), ("/shared/home/kpatel/myproj/myproj/train.py", 21, "<module>", "from myproj.data.packed_dataset import PackedDataset, build_loader"),
                                                                        ("/shared/home/kpatel/myproj/myproj/data/__init__.py", 4, "<module>", "from .packed_dataset import PackedDataset")],
                                                         "ModuleNotFoundError: No module named 'myproj.data.packed_dataset'")]
        te = add(j.t0, 12)
        s += [(te, x) for x in child_failed(te, h, "myproj.train", [(j.grank(hi, l), l, 1, j.pid(hi, l), "<N/A>") for l in range(1, 8)], (j.grank(hi, 0), 0, 1, j.pid(hi, 0), "<N/A>"))]
        s.append((add(j.t0, 2), j.pfx(hi, 0, "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set the error?" if hi == 2 else "NOTE: Redirects are currently not supported in Windows or MacOs.")))
        files[f"{h}/torchrun_stdout.txt"] = join(merge_sorted(s))
    files["git_status.txt"] = join(["$ git -C /shared/home/kpatel/myproj log -1 --oneline", "3f9a1c2 (HEAD -> main) refactor: move data loaders", "$ git -C /shared/home/kpatel/myproj status --short",
                                    "?? myproj/data/packed_dataset.py.orig", " D myproj/data/packed_dataset.py"])
    lab = L("dependency", "script", None, None, "stop",
            "All 24 ranks on all three nodes fail at import with \"ModuleNotFoundError: No module named 'myproj.data.packed_dataset'\" from the user's own checkout (/shared/home/kpatel/myproj); git_status.txt shows packed_dataset.py deleted in the working tree. The user's module is missing everywhere -> dependency/script, stop. The cudaGetDeviceCount warning on a3-node-2 is noise and ChildFailedError is the launcher summary.",
            "https://github.com/tloen/alpaca-lora/issues/280")
    return "aw22_every_rank_exits_within_seconds", files, lab, None


# --------------------------------------------------------------------------- aw23
def aw23():
    hosts = ["gpu-x1", "gpu-x2", "gpu-x3", "gpu-x4", "gpu-x5"]
    j = Job(hosts, 8, T(2024, 6, 25, 11, 0, 0), 2323, script="train.py", prefix="none")
    files = {}
    for hi, h in enumerate(hosts):
        s = j.startup(hi)[:4]
        for l in range(8):
            g = j.grank(hi, l)
            tt = add(j.t0, 11 + l * 0.01)
            s += [(tt, x) for x in py_tb("", [("/app/train.py", 44, "<module>", "torch.cuda.set_device(local_rank)"),
                                               ("/opt/conda/lib/python3.11/site-packages/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
                                               ("/opt/conda/lib/python3.11/site-packages/torch/cuda/__init__.py", 302, "_lazy_init", "torch._C._cuda_init()")],
                                         "RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.")]
        te = add(j.t0, 13)
        s += [(te, x) for x in child_failed(te, h, "train.py", [(j.grank(hi, l), l, 1, j.pid(hi, l), "<N/A>") for l in (1, 2)], (j.grank(hi, 0), 0, 1, j.pid(hi, 0), "<N/A>"))]
        files[f"{h}/container_stdout.log"] = join(merge_sorted(s))
        files[f"{h}/nvidia-smi.txt"] = join(["| NVIDIA-SMI 535.183.01             Driver Version: 535.183.01   CUDA Version: 12.2     |"])
    files["image_manifest.txt"] = join(["image: registry.local/ml/train:2024.06.24", "base: nvcr.io/nvidia/pytorch:24.06-py3", "torch: 2.4.0a0+f70bd71a48.nv24.06  (built with CUDA 12.5)", "requires driver >= 555.42.02 (or cuda-compat on datacenter GPUs)", "cuda-compat package: removed in this build to save space"])
    lab = L("dependency", "framework", None, None, "stop",
            "Every rank on all five nodes fails in torch.cuda init with 'The NVIDIA driver on your system is too old (found version 12020)'; all nodes run driver 535.183.01 (CUDA 12.2) while image_manifest.txt shows torch built with CUDA 12.5 and cuda-compat removed. The same environment mismatch everywhere -> dependency/framework, stop until the image or driver is fixed.",
            "https://github.com/NVIDIA/nvidia-docker/issues/1252")
    return "aw23_all_ranks_fail_before_first_step", files, lab, None


# --------------------------------------------------------------------------- aw24
def aw24():
    hosts = ["c-201", "c-202", "c-203", "c-204"]
    j = Job(hosts, 8, T(2024, 12, 15, 8, 0, 0), 2424, script="train.py", prefix="none")
    files = {}
    hs = hf_steps(add(j.t0, 90), 1, 5000, 1.3, j.rng, every=25)
    t_s = add(hs[-1][0], 1)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 0:
            s += hs
            s.append((t_s, f"[INFO|trainer.py:3478] {pylog(t_s)} >> Saving model checkpoint to /proj/llm-ft/checkpoints/checkpoint-5000"))
            s.append((add(t_s, 44), f"[WARNING|trainer.py:3512] {pylog(add(t_s,44))} >> retrying save of optimizer.pt after OSError (attempt 1/3)"))
            s += [(add(t_s, 47), x) for x in py_tb("", [("/proj/llm-ft/train.py", 201, "<module>", "trainer.train()"),
                                                       ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 3497, "_save_checkpoint", "self._save_optimizer_and_scheduler(output_dir)"),
                                                       ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 652, "save", "with _open_zipfile_writer(f) as opened_zipfile:")],
                                                  "RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos 9203328448 vs 9203328336\n\nDuring handling of the above exception, another exception occurred:\n\nOSError: [Errno 122] Disk quota exceeded: '/proj/llm-ft/checkpoints/checkpoint-5000/optimizer.pt'")]
            s += j.flood(hi, add(t_s, 1847), 20013, skip_local=(0,), timeout_ms=1800000, root_local=0, root_exit=1, root_tb="OSError: [Errno 122] Disk quota exceeded", frames=False)
        else:
            s += j.flood(hi, add(t_s, 1800.5 + hi * 0.1), 20013, timeout_ms=1800000, frames=(hi == 1))
        files[f"{h}/run.log"] = join(merge_sorted(s))
        files[f"{h}/df-h.txt"] = join(["Filesystem                 Size  Used Avail Use% Mounted on", "/dev/nvme0n1p2             1.8T  1.6T  201G  89% /", "tmpfs                      1.0T  212G  812G  21% /dev/shm",
                                       "10.9.0.5@o2ib:/proj         4.1P  3.2P  0.9P  78% /proj"])
    files["lfs_quota.txt"] = join(["$ lfs quota -p 4471 -h /proj", "Disk quotas for prj 4471 (pid 4471):",
                                   "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
                                   "          /proj  50.01T*    50T     50T       -  812211       0       0       -"])
    lab = L("storage", "infrastructure", None, None, "stop",
            "Rank 0 (c-201/run.log) fails saving checkpoint-5000: \"OSError: [Errno 122] Disk quota exceeded: '/proj/llm-ft/checkpoints/checkpoint-5000/optimizer.pt'\" after one retry, and lfs_quota.txt shows the project at 50.01T of a 50T hard limit on the shared /proj Lustre. The filesystem itself has space (df 78%), local / at 89% is irrelevant, and the other ranks' 30-minute watchdog timeouts are sympathetic. A quota on the shared path will not heal by retrying -> stop.",
            "https://github.com/open-mmlab/mmdetection/issues/12069")
    return "aw24_rank0_traceback_during_checkpoint_save", files, lab, None


# --------------------------------------------------------------------------- aw25
def aw25():
    hosts = ["gn-01", "gn-02", "gn-03", "gn-04", "gn-05"]
    j = Job(hosts, 8, T(2024, 9, 28, 15, 0, 0), 2525, script="train.py", prefix="default")
    files = {}
    bad = 3
    it = j.iters(1, 60, 6.0, t_begin=add(j.t0, 200))
    t_c = add(it[-1][0], 3)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 4:
            s += it
        s.append((add(j.t0, 150), j.pfx(hi, 0, f"[{pylog(add(j.t0,150))}] INFO - torch._inductor: compile cache dir /local_scratch/torchinductor_{'svc'} ")))
        if hi == bad:
            for l in (1, 4):
                g = j.grank(hi, l)
                s += [(t_c, j.pfx(hi, l, x)) for x in py_tb(f"[rank{g}]: ", [("/workspace/train.py", 377, "train_step", "loss = compiled_model(batch)"),
                                                                            ("/usr/local/lib/python3.10/dist-packages/torch/_inductor/codecache.py", 478, "write_atomic", "with tmp_path.open(write_mode) as f:")],
                                                                 f"torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nOSError: [Errno 28] No space left on device: '/local_scratch/torchinductor_svc/tmpa{l}c9x2/triton/0/6f1c2b.tmp'")]
            s += j.flood(hi, add(t_c, 600.1), 777, skip_local=(1, 4), root_local=1, root_exit=1, root_tb="OSError: [Errno 28] No space left on device", frames=False)
        else:
            s += j.flood(hi, add(t_c, 600.3 + hi * 0.1), 777, frames=(hi == 0))
        files[f"{h}/stdout.log"] = join(merge_sorted(s))
        use = "100%" if hi == bad else f"{31 + hi * 4}%"
        files[f"{h}/df.txt"] = join(["Filesystem      1K-blocks       Used  Available Use% Mounted on", "/dev/sda2       491134876  201221092  264867680  44% /",
                                     f"/dev/nvme1n1   3750232064 {3750232064 if hi == bad else 1162571940:>10} {0 if hi == bad else 2587660124:>10} {use} /local_scratch",
                                     "weka01:/data  2199023255552 1012341234123 1186682021429  47% /data"])
    files["gn-04/du_local_scratch.txt"] = join(["3.4T\t/local_scratch/prev_job_881220_shards", "6.1G\t/local_scratch/torchinductor_svc", "3.5T\ttotal"])
    files["gn-04/journal.txt"] = join([f"{journal_iso(add(j.t0, -86400))} gn-04 slurm-epilog[4412]: WARNING: cleanup of /local_scratch for job 881220 skipped: epilog timed out after 300 s"])
    lab = L("storage", "infrastructure", "gn-04", None, "restart_without_node",
            "Only gn-04 fails: ranks 25 and 28 raise 'OSError: [Errno 28] No space left on device' writing the inductor cache under /local_scratch; gn-04/df.txt shows /local_scratch (local NVMe) 100% full, filled by a previous job's shards whose epilog cleanup timed out (du_local_scratch.txt, journal.txt). Other nodes' /local_scratch is 31-47% and the shared /data is fine; the other ranks' watchdog timeouts are sympathetic. Local disk full on one node.",
            "https://github.com/keras-team/keras-tuner/issues/390")
    return "aw25_compile_step_fails_on_two_ranks", files, lab, None


# --------------------------------------------------------------------------- aw26
def aw26():
    pods = [f"ptjob-7f3-worker-{i}" for i in range(4)]
    files = {}
    t0 = T(2024, 8, 5, 9, 0, 0)
    for i, p in enumerate(pods):
        if i == 2:
            continue
        lines = [f"[{pylog(add(t0, 20))}] torch.distributed.launcher.api: [INFO] Starting elastic_operator with launch configs: min_nodes 4 max_nodes 4 nproc_per_node 8 rdzv_backend c10d rdzv_endpoint ptjob-7f3-worker-0:23456",
                 f"[{pylog(add(t0, 21))}] torch.distributed.elastic.agent.server.api: [INFO] [default] starting workers for entrypoint: python",
                 f"[{pylog(add(t0, 21))}] torch.distributed.elastic.agent.server.api: [INFO] [default] Rendezvous'ing worker group"]
        for k in range(1, 30):
            lines.append(f"[{pylog(add(t0, 21 + k * 30))}] torch.distributed.elastic.rendezvous.dynamic_rendezvous: [INFO] The node 'ptjob-7f3-worker-{i}_{31 + i}_0' is waiting for 1 more node(s) to join round 0 of the rendezvous 'ptjob-7f3' (3/4 participants)" if k % 3 == 0 else
                         f"[W{(add(t0, 21 + k*30)):%m%d %H:%M:%S}.{k*1111:06d} socket.cpp:697] [c10d] The client socket has failed to connect to [ptjob-7f3-worker-2]:23456 (errno: 111 - Connection refused)." if i != 0 and k % 5 == 0 else
                         f"[{pylog(add(t0, 21 + k * 30))}] torch.distributed.elastic.rendezvous.dynamic_rendezvous: [INFO] keep-alive heartbeat sent")
        tt = add(t0, 921)
        lines += py_tb("", [("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
                            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 1148, "next_rendezvous", "self._op_executor.run(join_op, deadline, self._get_deadline)"),
                            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 660, "run", "raise RendezvousTimeoutError")],
                       "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError")
        files[f"{p}/pod.log"] = join(lines)
    files["ptjob-7f3-worker-2/kubectl_describe_pod.txt"] = join([
        "Name:             ptjob-7f3-worker-2", "Namespace:        ml-train", "Node:             gpu-node-17/10.12.4.17", "Status:           Pending",
        "Containers:", "  pytorch:", "    Image:          registry.local/ml/train:2024.08.01", "    State:          Waiting", "      Reason:       RunContainerError",
        "    Last State:     Terminated", "      Reason:       StartError", "      Exit Code:    128", "    Restart Count:  6", "    Limits:", "      nvidia.com/gpu:  8",
        "Events:", "  Type     Reason     Age                  From     Message", "  ----     ------     ----                 ----     -------",
        "  Normal   Scheduled  15m                  default-scheduler  Successfully assigned ml-train/ptjob-7f3-worker-2 to gpu-node-17",
        "  Warning  Failed     14m (x6 over 15m)    kubelet  Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'",
        "nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown",
        "  Warning  BackOff    30s (x61 over 14m)   kubelet  Back-off restarting failed container pytorch in pod ptjob-7f3-worker-2_ml-train"])
    files["ptjob-7f3-worker-2/node_gpu-node-17_containerd.log"] = join([
        f"time=\"{add(t0, 40):%Y-%m-%dT%H:%M:%S}.412231Z\" level=error msg=\"RunPodSandbox/StartContainer for &ContainerMetadata{{Name:pytorch,Attempt:3,}} failed\" error=\"failed to create containerd task: ... nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown\""])
    files["ptjob-7f3-worker-2/node_gpu-node-17_dmesg.txt"] = join([f"{dmesg_T(add(t0, -3600))} NVRM: API mismatch: the client has the version 550.90.07, but",
                                                                  f"{dmesg_T(add(t0, -3600))} NVRM: this kernel module has the version 550.54.15.  Please",
                                                                  f"{dmesg_T(add(t0, -3600))} NVRM: make sure that this kernel module and all NVIDIA driver",
                                                                  f"{dmesg_T(add(t0, -3600))} NVRM: components have the same version.",
                                                                  f"{dmesg_T(add(t0, -4000))} unattended-upgrades[2210]: Packages that will be upgraded: libnvidia-compute-550 nvidia-utils-550"])
    lab = L("dependency", "infrastructure", "ptjob-7f3-worker-2", None, "restart_without_node",
            "Three pods wait in rendezvous '(3/4 participants)', get 'Connection refused' to worker-2 and finally RendezvousTimeoutError - sympathetic. worker-2 never started: kubectl_describe_pod.txt 'nvidia-container-cli: initialization error: nvml error: driver/library version mismatch' (also in the node's containerd log), and node_gpu-node-17_dmesg.txt 'NVRM: API mismatch: the client has the version 550.90.07, but this kernel module has the version 550.54.15' after unattended-upgrades touched the driver user-space libs. One node's own broken driver install -> dependency on that node.",
            "https://github.com/NVIDIA/nvidia-container-toolkit/issues/183")
    return "aw26_rendezvous_timeout_three_of_four_pods", files, lab, None


# --------------------------------------------------------------------------- aw27
def aw27():
    hosts = ["hgx-0401", "hgx-0402", "hgx-0403", "hgx-0404", "hgx-0405", "hgx-0406"]
    j = Job(hosts, 8, T(2024, 10, 30, 5, 0, 0), 2727, prefix="none")
    files = {}
    bad, loc = 4, 6
    it = j.iters(6001, 7500, 2.2)
    t_x = add(it[-1][0], 0.9)
    boot = {h: T(2024, 10, 1 + i, 3, 14, 7 + i) for i, h in enumerate(hosts)}
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 5:
            s += it
        if hi == bad:
            g = j.grank(hi, loc)
            tt = add(t_x, 4.1)
            s += [(tt, f"{h}:{j.pid(hi,loc)}:{j.pid(hi,loc)+171} [{loc}] NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'"),
                  (tt, f"[rank{g}]:[{c10(tt)} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {g}] Process group watchdog thread terminated with exception: CUDA error: uncorrectable NVLink error detected during the execution"),
                  (tt, "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")]
            s += j.flood(hi, add(t_x, 600.5), 1550032, skip_local=(loc,), root_local=loc, frames=False)
        else:
            s += j.flood(hi, add(t_x, 600.1 + hi * 0.1), 1550032, frames=(hi == 1))
        files[f"{h}/stdout.log"] = join(merge_sorted(s))
        b = boot[h]
        dm = [f"{raw_uptime(0.5 + k * 0.3)} {x}" for k, x in enumerate(dmesg_boot_noise(j.rng, h)[4:8])]
        if hi == 1:
            u = (add(t_x, -3 * 3600) - b).total_seconds()
            dm.append(f"{raw_uptime(u)} NVRM: Xid (PCI:0000:18:00): 74, pid=991, name=nv-hostengine, NVLink: Training failed (link 3) during initial link bring-up; retrying ... link 3 up")
        if hi == bad:
            u = (t_x - b).total_seconds()
            dm += [f"{raw_uptime(u)} NVRM: Xid (PCI:0000:ba:00): 74, pid={j.pid(hi,loc)}, name=python3, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
                   f"{raw_uptime(u + 0.000012)} NVRM: Xid (PCI:0000:ba:00): 74, pid={j.pid(hi,loc)}, name=python3, NVLink: fatal error detected on link 12(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
                   f"{raw_uptime(u + 3.9)} NVRM: Xid (PCI:0000:ba:00): 45, pid={j.pid(hi,loc)}, name=python3, Ch 00000018"]
        files[f"{h}/dmesg.raw"] = join(dm)
        files[f"{h}/proc_uptime_since.txt"] = f"{b:%Y-%m-%d %H:%M:%S}\n"
    files["hgx-0405/nvlink_errors.txt"] = join([f"GPU {loc}: NVIDIA H100 80GB HBM3 (UUID: GPU-77ab0c12-...)", "\t Link 11: Replay Errors: 0", "\t Link 11: Recovery Errors: 0", "\t Link 11: CRC Errors: 4180",
                                               "\t Link 12: Replay Errors: 2", "\t Link 12: Recovery Errors: 1", "\t Link 12: CRC Errors: 3391", "\t Link 13: CRC Errors: 0"])
    lab = L("nvlink", "infrastructure", "hgx-0405", 38, "restart_without_node",
            "hgx-0405/dmesg.raw: 'NVRM: Xid (PCI:0000:ba:00): 74 ... NVLink: fatal error detected on link 11/12' at an uptime that, with proc_uptime_since.txt (boot 2024-10-05 03:14:11), maps to right after the last iteration; bus ba = GPU 6 -> rank 4*8+6=38, which reports 'uncorrectable NVLink error detected during the execution' 4 s later, and nvlink_errors.txt shows thousands of CRC errors on links 11-12. The Xid 74 on hgx-0402 was a link-training retry three hours earlier that came back up (and maps to a time before the job's last good iteration); other ranks' watchdog timeouts are sympathetic.",
            "https://github.com/MIC-DKFZ/nnUNet/issues/1519")
    return "aw27_rank_aborts_with_cuda_error_mid_run", files, lab, None


# --------------------------------------------------------------------------- aw28
def aw28():
    hosts = ["fra-gpu-31", "fra-gpu-32", "fra-gpu-33", "fra-gpu-34"]
    j = Job(hosts, 8, T(2024, 7, 17, 6, 0, 0), 2828, prefix="none")  # UTC
    files = {}
    bad, loc = 1, 1
    it = j.iters(30001, 31000, 3.0)
    t_x = add(it[-1][0], 0.4)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 0:
            s += it
        if hi == bad:
            g = j.grank(hi, loc)
            tt = add(t_x, 0.3)
            s += [(tt, x) for x in py_tb(f"[rank{g}]: ", [("/workspace/pretrain_gpt.py", 180, "forward_step", "output_tensor = model(tokens, position_ids, attention_mask, labels=labels)"),
                                                           ("/workspace/megatron/core/transformer/attention.py", 412, "forward", "core_attn_out = self.core_attention(")],
                                         "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.")]
            s += j.flood(hi, add(t_x, 600.0), 903311, skip_local=(loc,), root_local=loc, root_exit=1, root_tb="RuntimeError: CUDA error: uncorrectable ECC error encountered", frames=False)
        else:
            s += j.flood(hi, add(t_x, 600.2 + hi * 0.1), 903311, frames=(hi == 2))
        files[f"{h}/stdout.log"] = join(merge_sorted(s))
        # syslog in local time CEST (+2h)
        loc_t = lambda t: add(t, 7200)
        sl = [f"{syslog(loc_t(add(j.t0, -600)))} {h} systemd[1]: Started nvidia-persistenced.service - NVIDIA Persistence Daemon."]
        if hi == 3:
            sl.append(f"{syslog(loc_t(add(t_x, -5400)))} {h} kernel: NVRM: Xid (PCI:0000:9a:00): 63, pid=0, name=, Row Remapper: New row (0x00000000001c20a4) marked for remapping, reset gpu to activate." if False else f"{syslog(loc_t(add(t_x, -5400)))} {h} kernel: EDAC MC2: 1 CE memory read error on CPU_SrcID#1_MC#2_Chan#1_DIMM#0")
        if hi == bad:
            sl += [f"{syslog(loc_t(t_x))} {h} kernel: NVRM: Xid (PCI:0000:2a:00): 94, pid={j.pid(hi,loc)}, name=python3, Contained ECC error.",
                   f"{syslog(loc_t(add(t_x, 0.1)))} {h} kernel: NVRM: Xid (PCI:0000:2a:00): 63, pid={j.pid(hi,loc)}, name=python3, Row Remapper: New row (0x0000000000a1b4c0) marked for remapping, reset gpu to activate.",
                   f"{syslog(loc_t(add(t_x, 640)))} {h} nvidia-persistenced: device 0000:2a:00.0 - persistence mode disabled; GPU reset requested by health agent",
                   f"{syslog(loc_t(add(t_x, 655)))} {h} kernel: NVRM: GPU at PCI:0000:2a:00: GPU-19ac27e1-5b7d-3c11-88f0-0c3e5d21aa10 reset complete"]
        files[f"{h}/syslog"] = join(sl)
        files[f"{h}/timedatectl.txt"] = join([f"               Local time: {loc_t(add(t_x, 900)):%a %Y-%m-%d %H:%M:%S} CEST", f"           Universal time: {add(t_x, 900):%a %Y-%m-%d %H:%M:%S} UTC",
                                              "                Time zone: Europe/Berlin (CEST, +0200)", "System clock synchronized: yes"])
    files["fra-gpu-32/nvidia-smi-q.txt"] = join(nvsmi_q("fra-gpu-32", add(t_x, 900), over={1: {"remap_unc": 1, "pend": False, "remap_fail": False, "ecc_agg_dbe": 1}}))
    lab = L("gpu_memory", "infrastructure", "fra-gpu-32", 9, "restart",
            "fra-gpu-32/syslog (local CEST, +2h vs the UTC launcher logs per timedatectl.txt) shows 'NVRM: Xid (PCI:0000:2a:00): 94 ... Contained ECC error' at the same instant (after the tz shift) as rank 9 (node 1 local GPU 1, bus 2a) raised 'CUDA error: uncorrectable ECC error encountered'; the row was remapped and after the GPU reset nvidia-smi-q.txt shows Remapped Rows Uncorrectable 1, Pending: No, Remapping Failure Occurred: No. A contained error with a successful remap -> the GPU healed itself, restart. Watchdog timeouts and the corrected DIMM EDAC on fra-gpu-34 are not the cause.",
            "https://github.com/leptonai/gpud/pull/1174")
    return "aw28_one_rank_ecc_error_logs_in_two_timezones", files, lab, None


# --------------------------------------------------------------------------- aw29
def aw29():
    hosts = [f"b200-{n:02d}" for n in range(1, 13)]
    j = Job(hosts, 8, T(2024, 12, 20, 2, 0, 0), 2929, prefix="default")
    files = {}
    leaf = {"leaf-sw-01": hosts[0:4], "leaf-sw-02": hosts[4:8], "leaf-sw-03": hosts[8:12]}
    it = j.iters(3001, 4200, 2.8)
    t_d = add(it[-1][0], 0.5)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 0:
            s += it
        on3 = h in leaf["leaf-sw-03"]
        for l in (0, 5):
            p = j.pid(hi, l)
            tt = add(t_d, 0.2 if on3 else 21.0 + hi * 0.05)
            if on3:
                s.append((tt, j.pfx(hi, l, f"{h}:{p}:{p+150} [{l}] NCCL WARN NET/IB : Got async event : port error")))
            s.append((add(tt, 20 if on3 else 0), j.pfx(hi, l, f"{h}:{p}:{p+150} [{l}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.77.3.{(hi * 7) % 12 + 10}<5{l}001> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.77.{1 + hi // 4}.{hi + 10} remoteGids::ffff:10.77.3.{(hi * 7) % 12 + 10}")))
        s += j.flood(hi, add(t_d, 600.3 + hi * 0.03), 700311, frames=(hi % 4 == 0))
        files[f"{h}/stdout.log"] = join(merge_sorted(s))
        dm = [f"{dmesg_T(add(j.t0, -100))} mlx5_core 0000:0c:00.0: E-Switch: Total vports 2, per vport: max uc(128) max mc(2048)"]
        if on3:
            dm += [f"{dmesg_T(t_d)} mlx5_core 0000:{(0x0c + k * 0x10):02x}:00.0 ibp{12 + k * 16}s0: Link down" for k in range(8)]
            dm += [f"{dmesg_T(add(t_d, 95))} mlx5_core 0000:{(0x0c + k * 0x10):02x}:00.0 ibp{12 + k * 16}s0: Link up" for k in range(8)]
        if h == "b200-02":
            dm += [f"{dmesg_T(add(t_d, -3700))} mlx5_core 0000:4c:00.0 ibp76s0: Link down", f"{dmesg_T(add(t_d, -3698))} mlx5_core 0000:4c:00.0 ibp76s0: Link up"]
        files[f"{h}/dmesg.txt"] = join(dm)
    files["ufm_events.txt"] = join([f"{add(t_d, -1):%Y-%m-%d %H:%M:%S} [CRITICAL] Switch leaf-sw-03 (GUID 0xfc6a1c0300e4f0a0): Module power failure on PSU2; ASIC reset",
                                    f"{add(t_d, 0):%Y-%m-%d %H:%M:%S} [WARNING] 32 ports on leaf-sw-03 changed state to DOWN",
                                    f"{add(t_d, 95):%Y-%m-%d %H:%M:%S} [INFO] 32 ports on leaf-sw-03 changed state to ACTIVE"])
    topo = {"topology": leaf}
    lab = L("network", "infrastructure", None, None, "restart",
            "All eight HCA ports on each of the four nodes under leaf-sw-03 (b200-09..12, topology.json) log 'Link down' at the same second in dmesg.txt and came back 95 s later; ufm_events.txt records a PSU failure/ASIC reset on leaf-sw-03. Many nodes at once behind one switch -> fabric problem, no single culprit node, transient -> restart. The status=12 completion errors on the other eight nodes and the watchdog timeouts are sympathetic; b200-02's single link flap an hour earlier recovered.",
            "https://github.com/NVIDIA/nccl/issues/1814")
    return "aw29_completion_errors_on_all_twelve_nodes", files, lab, topo
