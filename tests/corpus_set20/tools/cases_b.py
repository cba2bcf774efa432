"""Cases g04-g27 built on the generic ddp_job helper."""
from common import *  # noqa


def L(category, layer, culprit, action, rationale, src):
    return {"category": category, "layer": layer, "culprit": culprit, "action": action,
            "rationale": rationale, "modelled_on": src}


def all_timeout(rm, pids, t, seq, skip=(), style="glog", timeout_ms=1800000):
    """{node: lines} of watchdog timeouts for every rank not in skip."""
    res = {}
    for r, n, l in rm:
        if r in skip:
            continue
        tt = T(t, r * 0.013)
        res.setdefault(n, [])
        res[n] += watchdog(tt, r, pids[r], seq, style=style, timeout_ms=timeout_ms)
        res[n] += watchdog_tail(tt, r, pids[r], seq, style=style, timeout_ms=timeout_ms)
    return res


# ------------------------------------------------------------------ g04 Xid 79 (node-level evidence only)
def g04(rng):
    nodes = ["gpu-a100-11", "gpu-a100-12", "gpu-a100-13", "gpu-a100-14"]
    base = dt(2024, 6, 2, 1, 14, 9)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 4931552, base, "A100", "gpu-a100", "rkaur", 9600, 1.52)
    tstop = T(tend, 3)
    tto = T(tstop, 1800.4)
    tails = all_timeout(rm, pids, tto, 48113)
    for n in nodes:
        files[n + "/train_%s.log" % n] += tails[n]
    files[nodes[0] + "/slurm-4931552.out"] += child_failed("train.py", T(tto, 4), [(0, 0, "gpu-a100-11", -6, pids[0], "Signal 6 (SIGABRT) received by PID %d" % pids[0])])
    files[nodes[0] + "/slurm-4931552.out"] += ["srun: error: gpu-a100-1%d: task %d: Exited with exit code 1" % (i + 1, i) for i in range(4)]
    dm = dmesg_boot(rng, "gpu-a100-13", tstop, 0)
    dm += [dmesgT(T(tstop, -2)) + " NVRM: GPU at PCI:0000:ca:00: GPU-5e1d3a7c-91b2-4f0e-8d0c-2aa1f61c9e04",
           dmesgT(T(tstop, -2)) + " NVRM: GPU Board Serial Number: 1323621052147",
           dmesgT(T(tstop, -2)) + " NVRM: Xid (PCI:0000:ca:00): 79, pid=%d, name=python, GPU has fallen off the bus." % pids[10],
           dmesgT(T(tstop, -2)) + " NVRM: GPU 0000:ca:00.0: GPU has fallen off the bus.",
           dmesgT(T(tstop, -2)) + " NVRM: A GPU crash dump has been created. If possible, please run",
           dmesgT(T(tstop, -2)) + " NVRM: nvidia-bug-report.sh as root to collect this data before",
           dmesgT(T(tstop, -2)) + " NVRM: the NVIDIA kernel module is unloaded.",
           dmesgT(T(tstop, 40)) + " pcieport 0000:c9:01.0: AER: Uncorrected (Fatal) error received: 0000:c9:01.0"]
    files["gpu-a100-13/dmesg_admin.txt"] = dm
    files["gpu-a100-13/nvidia-smi.txt"] = ["Unable to determine the device handle for GPU0000:CA:00.0: Unknown Error",
                                           "No devices were found"]
    edac = dmesg_boot(rng, "gpu-a100-12", tstop, 0) + [dmesgT(T(tstop, -3600)) + " EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x4f1a2 offset:0x3c0 grain:32 syndrome:0x0)"]
    files["gpu-a100-12/dmesg_admin.txt"] = edac
    lab = L("gpu_hardware", "infrastructure", {"node": "gpu-a100-13", "rank": 10}, "restart_without_node",
            "Training logs only show every rank timing out in the same ALLREDUCE; dmesg on gpu-a100-13 shows Xid 79 (GPU fell off the bus) at PCI ca:00 for the pid of rank 10 (local GPU 2, busId ca000 in NCCL init), and nvidia-smi can no longer see that GPU. The corrected EDAC on gpu-a100-12 is noise.",
            "https://github.com/NVIDIA/NVSentinel/issues/155")
    return "g04_all_ranks_nccl_timeout_after_hours", finish(files), lab, None


# ------------------------------------------------------------------ g05 thermal straggler
def g05(rng):
    nodes = ["l40s-01", "l40s-02", "l40s-03", "l40s-04"]
    base = dt(2024, 7, 18, 9, 0, 5)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 5004113, base, "L40S", "gpu-l40s", "tmueller", 8000, 0.41,
                                    style="lt", out_name="lightning_%d.out", node_log="rank_logs_%s.txt")
    out = files[nodes[0] + "/lightning_5004113.out"]
    out[0:0] = ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores",
                "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/16",
                "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]"]
    t = tend
    for k in range(40):
        t = T(t, 50 * 0.96)
        out.append("Epoch 1:  %d%%|| %d/40000 [%s<?, %.2fit/s, v_num=3, train_loss=%.3f]" % ((8000 + 50 * k) * 100 // 40000, 8000 + 50 * k, hms((t - base).total_seconds()), 1 / 0.96, 2.41 - k * 0.001))
    out.append("[timing-callback] step 10000 per-rank fwd+bwd ms (mean of last 200): " + ", ".join(
        "r%d=%d" % (r, (880 if r == 9 else 392 + rng.randrange(20))) for r in range(16)))
    out.append("[timing-callback] step 10000 allreduce wait ms: " + ", ".join("r%d=%d" % (r, (12 if r == 9 else 470 + rng.randrange(25))) for r in range(16)))
    out.append("slurmstepd: error: *** JOB 5004113 ON l40s-01 CANCELLED AT %s ***" % iso(T(t, 600)))
    for i, n in enumerate(nodes):
        temps = [44 + rng.randrange(5) for _ in range(4)]
        pw = [288 + rng.randrange(30) for _ in range(4)]
        if n == "l40s-03":
            temps[1] = 92
            pw[1] = 171
        files[n + "/nvidia-smi.txt"] = nvsmi(T(t, 300), "L40S", 4, "550.90.07", "12.4", temps, pw, [31022] * 4, [100] * 4,
                                             procs=[(g, pids[i * 4 + g], "/home/tmueller/.conda/envs/pl/bin/python", 31014) for g in range(4)])
    files["l40s-03/nvidia-smi-q_gpu1.txt"] = [
        "==============NVSMI LOG==============", "", "Timestamp                                 : %s" % ctime(T(t, 320)),
        "Driver Version                            : 550.90.07", "CUDA Version                              : 12.4", "",
        "GPU 00000000:65:00.0", "    Product Name                          : NVIDIA L40S",
        "    Performance State                     : P0",
        "    Clocks Event Reasons",
        "        Idle                              : Not Active",
        "        Applications Clocks Setting       : Not Active",
        "        SW Power Cap                      : Not Active",
        "        HW Slowdown                       : Active",
        "            HW Thermal Slowdown           : Active",
        "            HW Power Brake Slowdown       : Not Active",
        "        Sync Boost                        : Not Active",
        "        SW Thermal Slowdown               : Active",
        "        Display Clock Setting             : Not Active",
        "    Temperature",
        "        GPU Current Temp                  : 92 C",
        "        GPU T.Limit Temp                  : -5 C",
        "        GPU Shutdown Temp                 : 94 C",
        "        GPU Slowdown Temp                 : 89 C",
        "        GPU Max Operating Temp            : 87 C",
        "    Clocks",
        "        Graphics                          : 1035 MHz",
        "        SM                                : 1035 MHz",
        "        Memory                            : 9001 MHz",
        "    Max Clocks",
        "        Graphics                          : 2520 MHz",
        "        SM                                : 2520 MHz"]
    files["l40s-03/ticket.txt"] = ["Training got ~2x slower in epoch 2 (0.41 s/it -> 0.96 s/it). Same code ran fine last week.",
                                   "I cancelled it after 40 min. Pasted nvidia-smi from all 4 nodes while it was slow."]
    lab = L("straggler", "infrastructure", {"node": "l40s-03", "rank": 9}, "restart_without_node",
            "No crash; step time doubled while the timing callback shows rank 9 (l40s-03, GPU 1) with 880 ms compute and near-zero allreduce wait while everyone else waits ~480 ms; nvidia-smi -q on that GPU shows HW/SW thermal slowdown active at 92 C with clocks at 1035 MHz.",
            "https://docs.nvidia.com/deploy/nvml-api/group__nvmlClocksEventReasons.html")
    return "g05_iterations_slow_down_epoch2", finish(files), lab, None


# ------------------------------------------------------------------ g06 one node without IB
def g06(rng):
    nodes = ["h100-a01", "h100-a02", "h100-a03", "h100-a04"]
    base = dt(2025, 2, 11, 14, 30, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 6120088, base, "H100", "gpu-h100", "sbianchi", 0, 1.0,
                                    net={"h100-a03": "Socket"}, ver="2.21.5+cuda12.4", driver_cuda="12040",
                                    env=("module load cuda/12.4.0", "module load nccl/2.21.5-cuda12.4  # lmod: WARNING: nccl/2.21.5-cuda12.4 has no 'help' text"))
    out = files[nodes[0] + "/slurm-6120088.out"]
    out += ["%s INFO [train.py:121] wrapping model in DDP (broadcast_buffers=False, bucket_cap_mb=100)" % py(T(base, 75))]
    tto = T(base, 75 + 600.3)
    tails = all_timeout(rm, pids, tto, 1, timeout_ms=600000)
    for r, n, l in rm:
        pass
    for n in nodes:
        files[n + "/train_%s.log" % n] += [x.replace("OpType=ALLREDUCE", "OpType=BROADCAST").replace("NumelIn=26214400, NumelOut=26214400", "NumelIn=231211008, NumelOut=231211008") for x in tails[n]]
    files["h100-a03/train_h100-a03.log"][0:0] = ["h100-a03:%d:%d [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to ib0,eno1" % (pids[8], pids[8]),
                                                 "h100-a03:%d:%d [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to ib0,eno1" % (pids[8], pids[8])]
    files[nodes[0] + "/slurm-6120088.out"] += child_failed("train.py", T(tto, 3), [(4, 0, "h100-a02", -6, pids[4], "Signal 6 (SIGABRT) received by PID %d" % pids[4])])
    dm = dmesg_boot(rng, "h100-a03", base, 0)
    b0 = T(base, -86400 * 2)
    dm = [dmesgT(b0) + " mlx5_core 0000:4b:00.0: firmware version: 28.39.1002",
          dmesgT(b0) + " mlx5_core 0000:4b:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)",
          dmesgT(T(b0, 3)) + " mlx5_core 0000:4b:00.0: mlx5_fw_tracer_start:917:(pid 1188): FWTracer: Ownership granted and active",
          dmesgT(T(b0, 4)) + " mlx5_core 0000:4b:00.0: Port module event[error]: module 0, Cable error, High Temperature",
          dmesgT(T(b0, 4)) + " mlx5_core 0000:4b:00.0 ibp75s0: Link down",
          dmesgT(T(b0, 9)) + " IPv6: ADDRCONF(NETDEV_UP): ibp75s0: link is not ready"] + dm
    files["h100-a03/dmesg.txt"] = dm
    files["h100-a03/ibstat.txt"] = ["CA 'mlx5_0'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002",
                                    "\tHardware version: 0", "\tNode GUID: 0xa088c20300f1c3e4", "\tSystem image GUID: 0xa088c20300f1c3e4",
                                    "\tPort 1:", "\t\tState: Down", "\t\tPhysical state: Polling", "\t\tRate: 10", "\t\tBase lid: 65535",
                                    "\t\tLMC: 0", "\t\tSM lid: 0", "\t\tCapability mask: 0xa751e848", "\t\tPort GUID: 0xa088c20300f1c3e4",
                                    "\t\tLink layer: InfiniBand"]
    lab = L("network", "infrastructure", {"node": "h100-a03", "rank": None}, "restart_without_node",
            "All ranks time out in the very first DDP BROADCAST; NCCL on h100-a03 alone finds no IB device and falls back to NET/Socket over eno1 while the others use NET/IB, and that node's dmesg/ibstat show the mlx5 port down (cable error, Physical state Polling).",
            "https://github.com/areal-project/AReaL/issues/639")
    return "g06_ddp_init_hangs_then_times_out", finish(files), lab, None


# ------------------------------------------------------------------ g07 clean DeepSpeed run with noise
def g07(rng):
    nodes = ["gpu-a100-21", "gpu-a100-22", "gpu-a100-23"]
    base = dt(2024, 4, 9, 22, 0, 1)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 4812002, base, "A100", "gpu-a100", "hzhang", 6000, 1.1, style="ds",
                                    env=("module load anaconda3/2023.09", "conda activate ds013",
                                         "deepspeed 0.13.1, torch 2.1.2+cu121"))
    out = files[nodes[0] + "/slurm-4812002.out"]
    out += ["[%s] [INFO] [engine.py:3457:_save_checkpoint] Saving model checkpoint: /scratch/hzhang/ds-run/global_step6000/mp_rank_00_model_states.pt" % py(T(tend, 5)),
            "[%s] [INFO] [torch_checkpoint_engine.py:33:commit] [Torch] Checkpoint global_step6000 is ready now!" % py(T(tend, 41)),
            "Training finished: 6000 steps, final loss 2.4112",
            "[W ProcessGroupNCCL.cpp:1856] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())",
            "[%s] [INFO] [launch.py:347:main] Process %d exits successfully." % (py(T(tend, 44)), pids[0])]
    out += slurm_epilog(4812002, nodes[0], T(tend, 50))
    files["gpu-a100-22/dmesg_T.txt"] = dmesg_boot(rng, "gpu-a100-22", tend, 0) + [
        dmesgT(T(base, 7300)) + " NVRM: Xid (PCI:0000:65:00): 63, pid=%d, name=python, Row Remapper: New row (0x000000000031a8c0) marked for remapping, reset gpu to activate." % pids[5]]
    files["gpu-a100-23/dmesg_T.txt"] = dmesg_boot(rng, "gpu-a100-23", tend, 0) + [
        dmesgT(T(base, 2000)) + " EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#0_DIMM#0 (channel:0 slot:0 page:0x1b3f0 offset:0xe40 grain:32 syndrome:0x0)"]
    wall = int((tend - base).total_seconds()) + 60
    files[nodes[0] + "/seff.txt"] = seff(4812002, "hzhang", "vision-lab", "COMPLETED (exit code 0)", 3, 64, wall, 18.2, 412.4, 1536.0)
    lab = L("unknown", "framework", None, "none",
            "The DeepSpeed run reached step 6000, saved its checkpoint and exited 0 (seff COMPLETED); the Xid 63 row-remap notice, a corrected EDAC error and the destroy_process_group warning are benign.",
            "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return "g07_run_finished_with_warnings", finish(files), lab, None


# ------------------------------------------------------------------ g08 foreign process holds GPU memory
def g08(rng):
    nodes = ["gpu-a100-05", "gpu-a100-06", "gpu-a100-07", "gpu-a100-08"]
    base = dt(2024, 10, 3, 10, 41, 50)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 5309911, base, "A100", "gpu-a100", "jlee", 0, 1.0,
                                    env=("source ~/venvs/llama/bin/activate", "torch 2.1.2+cu121, transformers 4.38.2"))
    t = T(base, 140)
    tb = ["[rank10]: Traceback (most recent call last):",
          '[rank10]:   File "/home/jlee/llama-ft/train.py", line 244, in <module>',
          "[rank10]:     loss = model(**batch).loss",
          '[rank10]:   File "/home/jlee/venvs/llama/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1518, in _wrapped_call_impl',
          "[rank10]:     return self._call_impl(*args, **kwargs)",
          '[rank10]:   File "/home/jlee/venvs/llama/lib/python3.10/site-packages/transformers/models/llama/modeling_llama.py", line 1196, in forward',
          "[rank10]:     logits = self.lm_head(hidden_states)",
          "[rank10]: torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 2 has a total capacty of 79.15 GiB of which 2.06 GiB is free. Process 3319822 has 51.08 GiB memory in use. Including non-PyTorch memory, this process has 26.00 GiB memory in use. Of the allocated memory 23.71 GiB is allocated by PyTorch, and 1.12 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF"]
    files["gpu-a100-07/train_gpu-a100-07.log"] += tb
    for n in nodes:
        if n != "gpu-a100-07":
            files[n + "/train_%s.log" % n] += ["[2024-10-03 10:44:31,2%02d] torch.distributed.elastic.agent.server.api: [WARNING] Received Signals.SIGTERM death signal, shutting down workers" % rng.randrange(99)]
    files[nodes[0] + "/slurm-5309911.out"] += child_failed("train.py", t, [(10, 2, "gpu-a100-07.hyperion.local", 1, pids[10], "[See inside the rank's log]")],
                                                           torchrun="/home/jlee/venvs/llama/bin/torchrun")
    files["gpu-a100-07/nvidia-smi_after_failure.txt"] = nvsmi(T(t, 200), "A100", 4, "535.154.05", "12.2", [33, 35, 41, 34], [61, 63, 88, 62],
                                                              [4, 4, 52311, 4], [0, 0, 0, 0],
                                                              procs=[(2, 3319822, "/home/ddiaz/miniconda3/envs/sam/bin/python", 52304)])
    files["gpu-a100-07/ps_3319822.txt"] = ["$ ps -o user,pid,etime,stat,cmd -p 3319822",
                                           "USER         PID     ELAPSED STAT CMD",
                                           "ddiaz    3319822  2-03:11:54 Sl   /home/ddiaz/miniconda3/envs/sam/bin/python -m ipykernel_launcher -f /home/ddiaz/.local/share/jupyter/runtime/kernel-7b1.json",
                                           "$ squeue -u ddiaz -w gpu-a100-07", "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)"]
    lab = L("oom", "infrastructure", {"node": "gpu-a100-07", "rank": 10}, "restart_without_node",
            "Rank 10 (gpu-a100-07, GPU 2) hits CUDA OOM at the first forward while only 26 GiB belong to it; 'Process 3319822 has 51.08 GiB' is a 2-day-old Jupyter kernel of another user with no running job on that node, left holding the GPU. The SIGTERMs elsewhere are sympathetic.",
            "https://github.com/LISTatSNU/FastMRI_challenge/issues/238")
    return "g08_cuda_oom_at_first_batch", finish(files), lab, None


# ------------------------------------------------------------------ g09 one node with old driver
def g09(rng):
    nodes = ["v100n05", "v100n06", "v100n07", "v100n08"]
    base = dt(2024, 1, 22, 16, 3, 12)
    jid = 4410031
    rm = rank_map(nodes, 4)
    out = slurm_prolog(jid, nodes[0], base, "gpu-v100") + [
        "+ module load anaconda3/2023.03", "+ conda activate /home/kfischer/envs/seg (torch 2.1.1+cu121)",
        "+ srun -l torchrun --nnodes 4 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint v100n05:29400 train_seg.py --cfg configs/upernet_r101.yaml"]
    for r, n, l in rm:
        if n != "v100n07":
            out.append("%d: %s INFO rank %d local %d device cuda:%d Tesla V100-SXM2-32GB" % (nodes.index(n), py(T(base, 35 + r * 0.1)), r, l, l))
    tb = ['Traceback (most recent call last):',
          '  File "/home/kfischer/seg/train_seg.py", line 58, in <module>',
          '    torch.cuda.set_device(local_rank)',
          '  File "/home/kfischer/envs/seg/lib/python3.10/site-packages/torch/cuda/__init__.py", line 404, in set_device',
          '    torch._C._cuda_setDevice(device)',
          '  File "/home/kfischer/envs/seg/lib/python3.10/site-packages/torch/cuda/__init__.py", line 298, in _lazy_init',
          '    torch._C._cuda_init()',
          'RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.']
    for l in range(4):
        out += ["2: " + x for x in tb]
    out += ["2: " + x for x in child_failed("train_seg.py", T(base, 38), [(8, 0, "v100n07", 1, 71120, "[See inside the rank's log]"),
                                                                       (9, 1, "v100n07", 1, 71121, "[See inside the rank's log]")],
                                        torchrun="/home/kfischer/envs/seg/bin/torchrun")]
    out += ["srun: error: v100n07: task 2: Exited with exit code 1"]
    out += ["0: " + "Traceback (most recent call last):",
            '0:   File "/home/kfischer/seg/train_seg.py", line 61, in <module>',
            "0:     dist.init_process_group('nccl')",
            "0: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 12/16 clients joined.",
            "srun: error: v100n05: task 0: Exited with exit code 1",
            "slurmstepd: error: *** STEP %d.0 ON v100n05 CANCELLED AT %s ***" % (jid, iso(T(base, 1850)))]
    files = {"v100n05/slurm-%d.out" % jid: out}
    smi_ok = lambda n, t: nvsmi(t, "V100", 4, "535.129.03", "12.2", [36, 38, 35, 37], [43, 44, 42, 45], [0, 0, 0, 0], [0, 0, 0, 0])
    files["v100n06/nvidia-smi.txt"] = smi_ok("v100n06", T(base, 2000))
    files["v100n07/nvidia-smi.txt"] = nvsmi(T(base, 2010), "V100", 4, "470.182.03", "11.4", [34, 36, 35, 33], [41, 42, 44, 40], [0, 0, 0, 0], [0, 0, 0, 0])
    files["v100n07/nvidia-smi.txt"] = [x.replace("NVIDIA-SMI 470.182.03     ", "NVIDIA-SMI 470.182.03     ") for x in files["v100n07/nvidia-smi.txt"]]
    files["v100n08/nvidia-smi.txt"] = smi_ok("v100n08", T(base, 2020))
    files["v100n05/module_list.txt"] = ["Currently Loaded Modules:", "  1) anaconda3/2023.03   2) gcc/11.3.0   3) cuda/12.1.1 (E)",
                                         "", "  Where:", "   E:  Experimental"]
    lab = L("dependency", "infrastructure", {"node": "v100n07", "rank": None}, "restart_without_node",
            "All four ranks on v100n07 fail in torch.cuda init with 'NVIDIA driver too old (found 11040)'; nvidia-smi shows that node on driver 470.182.03 / CUDA 11.4 while the other V100 nodes run 535.129.03, so the cu121 wheel works everywhere else; the DistStoreError on rank 0 is a consequence.",
            "https://github.com/lllyasviel/Fooocus/issues/1313")
    return "g09_one_node_fails_cuda_init", finish(files), lab, None
