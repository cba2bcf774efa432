"""Cases ch25-ch30."""

import random

from common import (t0, plus, iso, ymd_hms, c10d, glog, dmesg_T, uptime, syslog_ts,
                    hexptr, comm_id, nccl, nccl_init_block, watchdog_timeout,
                    watchdog_abort_tail, elastic_sigterm, elastic_failed,
                    torchrun_entry_traceback, child_failed_table, srun_exit,
                    sacct_table, join, tqdm_t)
from cases_a import megatron_iter, H100_BUS


# --------------------------------------------------------------------------
def ch25():
    """User's sbatch disables IB; two nodes are slower than one."""
    job = 128830
    nodes = ["gpu-h21", "gpu-h22"]
    start = t0("2025-04-02 13:05:17")
    out = []
    out.append("NCCL_IB_DISABLE=1")
    out.append("NCCL_SOCKET_IFNAME=eno1")
    out.append("NCCL_DEBUG=INFO")
    out.append("MASTER_ADDR=gpu-h21 MASTER_PORT=29500 WORLD_SIZE=16")
    for i, n in enumerate(nodes):
        pid = 30211 + i * 50
        ip = "10.3.1.%d" % (21 + i)
        out.append(nccl(n, pid, pid, 0, "cudaDriverVersion 12040"))
        out.append(nccl(n, pid, pid, 0, "Bootstrap : Using eno1:%s<0>" % ip))
        out.append(nccl(n, pid, pid + 190, 0, "NCCL_IB_DISABLE set by environment to 1."))
        out.append(nccl(n, pid, pid + 190, 0, "NET/Socket : Using [0]eno1:%s<0>" % ip))
        out.append(nccl(n, pid, pid + 190, 0, "Using non-device net plugin version 0"))
        out.append(nccl(n, pid, pid + 190, 0, "Using network Socket"))
        out.append(nccl(n, pid, pid + 190, 0, "comm 0x55b3c41a2f10 rank %d nranks 16 cudaDev 0 nvmlDev 0 busId 18000 commId 0x2b7f00d31e6a91c4 - Init COMPLETE" % (i * 8)))
    out.append(nccl("gpu-h21", 30211, 30401, 0, "Channel 00/0 : 15[7] -> 0[0] [receive] via NET/Socket/0"))
    out.append(nccl("gpu-h21", 30211, 30401, 0, "Channel 01/0 : 15[7] -> 0[0] [receive] via NET/Socket/0"))
    out.append(nccl("gpu-h21", 30211, 30401, 0, "Channel 00/0 : 7[7] -> 8[0] [send] via NET/Socket/0"))
    t = plus(start, 90)
    for s in range(20, 2001, 20):
        t = plus(t, 20 * 2.31)
        if s % 200 == 0:
            out.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}" % (1.42 - s * 0.0001, 0.61, 2e-5, s / 6000.0))
            out.append(" %2d%%|%s| %d/6000 [%s<%s,  2.31s/it]" % (
                s * 100 // 6000, "#" * (s * 10 // 6000) + " " * (10 - s * 10 // 6000), s,
                tqdm_t(s * 2.31), tqdm_t((6000 - s) * 2.31)))
    out.append("")
    out.append("# user note in ticket: 'single-node run (job 128790, same per-GPU batch) does 1.02 s/it; with 2 nodes it is 2.31 s/it. Is the interconnect broken?'")
    slurm = join(out)
    sb = join([
        "#!/bin/bash",
        "#SBATCH -J llama8b-sft",
        "#SBATCH -N 2",
        "#SBATCH --ntasks-per-node=1",
        "#SBATCH --gpus-per-node=8",
        "#SBATCH --exclusive",
        "#SBATCH -t 24:00:00",
        "",
        "# copied from my old cluster's script (no IB there)",
        "export NCCL_IB_DISABLE=1",
        "export NCCL_SOCKET_IFNAME=eno1",
        "export NCCL_DEBUG=INFO",
        "env | grep -E '^NCCL_'",
        "",
        "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "export MASTER_PORT=29500",
        "echo MASTER_ADDR=$MASTER_ADDR MASTER_PORT=$MASTER_PORT WORLD_SIZE=16",
        "",
        "srun accelerate launch --num_machines 2 --num_processes 16 --machine_rank $SLURM_NODEID \\",
        "     --main_process_ip $MASTER_ADDR --main_process_port $MASTER_PORT \\",
        "     sft.py --model meta-llama/Llama-3.1-8B --bf16 --per_device_train_batch_size 4",
        "",
        "# cluster docs: gpu-h nodes have 8x 400G NDR (mlx5_0..mlx5_7); eno1 is the 25G management/ethernet port",
    ])
    label = {
        "category": "straggler", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "The user's own sbatch exports NCCL_IB_DISABLE=1 and NCCL_SOCKET_IFNAME=eno1, so NCCL falls back to NET/Socket over the 25G management port on nodes with 8x400G IB; the 2-node run is slower than one node because of the job's settings, not a node or the fabric.",
        "modelled_on": "https://github.com/scottclowe/pytorch-experiment-template/issues/11",
    }
    return {"name": "ch25_two_nodes_slower_than_one",
            "files": {"slurm-%d.out" % job: slurm, "job.sbatch": sb}, "label": label}


# --------------------------------------------------------------------------
def ch26():
    """Node vanishes; kdump vmcore-dmesg shows a fatal machine check."""
    job = 330915
    nodes = ["gpu-r%02d" % i for i in (8, 9, 10, 11, 12, 13)]
    start = t0("2025-12-01 20:00:40")
    fault = t0("2025-12-02 03:41:18")
    out = []
    out.append("+ srun --label --ntasks-per-node=8 python -u train_dit.py --cfg dit_xl_2.yaml")
    t = plus(start, 100)
    s = 0
    while True:
        s += 500
        t = plus(t, 500 * 0.88)
        if t >= fault:
            break
        out.append("0: (step=%07d) Train Loss: %.4f, Train Steps/Sec: 1.14" % (s, 0.168 - s * 0.0000004))
    for r in (8, 17, 25, 44):
        out.append("%d: [rank%d]:[E%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, r, c10d(plus(fault, 21), 10220000 + r)[1:], r))
        out.append("%d: [rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % (r, r))
        out.append("%d: [rank%d]:Last error:" % (r, r))
        out.append("%d: [rank%d]:NET/IB : Got completion from peer 10.66.4.112<47121> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.66.4.%d remoteGids::ffff:10.66.4.112 hca mlx5_%d" % (r, r, 108 + r // 8, r % 4))
    out.append("srun: error: Node failure on gpu-r12")
    out.append("srun: error: Nodes gpu-r12 are still not responding")
    out.append("slurmstepd: error: *** JOB %d ON gpu-r08 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (job, iso(plus(fault, 305))))
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for i, n in enumerate(nodes):
        if n != "gpu-r12":
            out.append(srun_exit(n, list(range(i * 8, i * 8 + 8)), signal="Terminated"))
    slurm = join(out)
    sacct = join(sacct_table([
        (str(job), "dit-xl", "gpu", "6", "NODE_FAIL", "0:0", "07:45:43", "gpu-r[08-13]"),
        ("%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", "07:45:45", "gpu-r08"),
        ("%d.0" % job, "python", "", "6", "CANCELLED", "0:15", "07:45:41", "gpu-r[08-13]"),
    ]) + ["",
          "$ sinfo -R -n gpu-r12",
          "REASON               USER      TIMESTAMP           NODELIST",
          "Not responding       slurm     %s gpu-r12" % iso(plus(fault, 240))])
    vm = []
    up = 431877.0
    def V(dt_s, msg):
        vm.append("%s %s" % (uptime(up + dt_s), msg))
    V(-90211.4, "EDAC skx MC2: 1 CE memory read error on CPU_SrcID#1_MC#2_Chan#0_DIMM#0 (channel:0 slot:0 page:0x41a8b3c offset:0x2c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:2 rank:1 bg:2 ba:1 row:0x1f30e col:0x2c0)")
    V(-4410.9, "EDAC skx MC2: 1 CE memory read error on CPU_SrcID#1_MC#2_Chan#0_DIMM#0 (channel:0 slot:0 page:0x41a8b3c offset:0x300 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:2 rank:1 bg:2 ba:1 row:0x1f30e col:0x300)")
    V(-0.002, "mce: [Hardware Error]: CPU 57: Machine Check Exception: 5 Bank 13: be00000000800090")
    V(-0.002, "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9b2f0e41> {clear_page_erms+0x11/0x20}")
    V(-0.002, "mce: [Hardware Error]: TSC 1b8ce0c41d2a2 ADDR 41a8b3c2c0 MISC 200000c020001086 ")
    V(-0.002, "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1764646878 SOCKET 1 APIC 72 microcode 2b000590")
    V(-0.001, "mce: [Hardware Error]: Run the above through 'mcelog --ascii'")
    V(-0.001, "mce: [Hardware Error]: Machine check: Processor context corrupt")
    V(0.0, "Kernel panic - not syncing: Fatal machine check")
    V(0.0, "Kernel Offset: 0x1a000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)")
    vmd = join(["# /var/crash/127.0.0.1-2025-12-02-03:41:18/vmcore-dmesg.txt (gpu-r12, after reboot)"] + vm)
    label = {
        "category": "host", "layer": "infrastructure",
        "culprit": {"node": "gpu-r12", "rank": None},
        "action": "restart_without_node",
        "rationale": "Slurm lost gpu-r12 (NODE_FAIL, not responding) and its kdump vmcore-dmesg shows a fatal machine check on socket 1 preceded by corrected errors on the same DIMM row, ending in 'Kernel panic - not syncing: Fatal machine check'; the NCCL errors on other nodes all point at gpu-r12's address and are fallout.",
        "modelled_on": "https://github.com/ovro-lwa/lwa-issues/issues/117",
    }
    return {"name": "ch26_node_failure_mid_run",
            "files": {"slurm-%d.out" % job: slurm, "sacct.txt": sacct, "gpu-r12/vmcore-dmesg.txt": vmd},
            "label": label}


# --------------------------------------------------------------------------
def ch27():
    """User sharding math overflows on the last rank; that node has old benign noise."""
    job = 45521
    nodes = ["gpu-p01", "gpu-p02", "gpu-p03", "gpu-p04"]
    start = t0("2025-10-20 08:00:10")
    fail = plus(start, 161)
    out = []
    out.append("+ srun -N4 --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-p01:29400 pretrain.py --data /datasets/code-mix/shards --num-shards 1000")
    for r in (0, 15, 30, 31):
        lo = r * 32
        out.append("[rank%d]: ShardedIterableDataset: 1000 shard files, files_per_rank=ceil(1000/32)=32, rank %d -> files [%d:%d)" % (r, r, lo, lo + 32))
    out.extend("[rank31]: " + x for x in [
        "Traceback (most recent call last):",
        '  File "/home/skim/llm/pretrain.py", line 318, in <module>',
        "    main()",
        '  File "/home/skim/llm/pretrain.py", line 287, in main',
        "    for step, batch in enumerate(loader):",
        '  File "/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 701, in __next__',
        "    data = self._next_data()",
        '  File "/usr/local/lib/python3.11/site-packages/torch/utils/data/_utils/fetch.py", line 33, in fetch',
        "    data.append(next(self.dataset_iter))",
        '  File "/home/skim/llm/data/sharded.py", line 54, in __iter__',
        "    path = self.files[self.rank * self.files_per_rank + i]",
        "           ~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        "IndexError: list index out of range",
    ])
    out.append("E%s 3310 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 7 (pid: 3391) of binary: /usr/local/bin/python3" % glog(plus(fail, 2), 100221)[1:])
    out.extend(torchrun_entry_traceback(site="/usr/local/lib/python3.11/site-packages"))
    out.extend(child_failed_table("pretrain.py", [], {
        "time": plus(fail, 1).strftime("%Y-%m-%d_%H:%M:%S"), "host": "gpu-p04", "rank": 31, "local_rank": 7,
        "exitcode": 1, "pid": 3391,
        "error_file": "/tmp/torchelastic_6qz0p_a1/45521_x0b1ne3f/attempt_0/7/error.json",
        "traceback": ["Traceback (most recent call last):",
                      '  File "/home/skim/llm/data/sharded.py", line 54, in __iter__',
                      "    path = self.files[self.rank * self.files_per_rank + i]",
                      "IndexError: list index out of range"]}))
    out.append(srun_exit("gpu-p04", [3], code=1))
    for r in (2, 11, 20):
        out.extend(watchdog_timeout(r, plus(fail, 600), 90110000 + r, 12, "BROADCAST", 1, 600000, 600004 + r, 12, 11))
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for i in range(3):
        out.append(srun_exit(nodes[i], [i], code=1))
    out.append("")
    out.append("# same failure in job 45507 yesterday on gpu-p[05-08]: rank 31 IndexError in data/sharded.py line 54")
    slurm = join(out)
    boot = t0("2025-10-01 11:20:44")
    d = []
    def L(t, msg):
        d.append("%s %s" % (dmesg_T(t), msg))
    L(plus(boot, 5), "NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.127.05  Release Build  (dvs-builder@U16-I3-B03-4-3)  Tue Oct  8 23:11:44 UTC 2024")
    L(plus(boot, 86400 * 9 + 3011), "NVRM: Xid (PCI:0000:ba:00): 13, pid=2011873, name=python3, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 1): Out Of Range Address")
    L(plus(boot, 86400 * 9 + 3011), "NVRM: Xid (PCI:0000:ba:00): 13, pid=2011873, name=python3, Graphics Exception: ESR 0x52df30=0x10c000e 0x52df34=0x20 0x52df28=0xc81eb60 0x52df2c=0x1174")
    L(plus(boot, 86400 * 9 + 3012), "NVRM: Xid (PCI:0000:ba:00): 43, pid=2011873, name=python3, Ch 00000010")
    L(plus(boot, 86400 * 12 + 711), "pcieport 0000:b7:01.0: AER: Corrected error received: 0000:ba:00.0")
    L(plus(boot, 86400 * 12 + 711), "nvidia 0000:ba:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)")
    L(plus(boot, 86400 * 12 + 711), "nvidia 0000:ba:00.0:   device [10de:2330] error status/mask=00000001/0000e000")
    L(plus(boot, 86400 * 12 + 711), "nvidia 0000:ba:00.0:    [ 0] RxErr                  (First)")
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Rank 31 raises IndexError in the user's own sharding code: 1000 files split as ceil(1000/32)=32 per rank means the last rank indexes files 992-1023; it reproduced on a different node set the day before, and the Xid 13/43 and corrected AER on gpu-p04 are days old and belong to other jobs.",
        "modelled_on": "https://github.com/pytorch/elastic/issues/26",
    }
    return {"name": "ch27_indexerror_on_last_rank_only",
            "files": {"slurm-%d.out" % job: slurm, "gpu-p04/dmesg.txt": join(d)}, "label": label}


# --------------------------------------------------------------------------
def ch28():
    """PyTorchJob Succeeded; the log ends with alarming but harmless warnings."""
    start = t0("2025-09-14 06:00:20")
    end = t0("2025-09-14 17:46:02")
    desc = join([
        "Name:         bert-distill",
        "Namespace:    search-ml",
        "API Version:  kubeflow.org/v1",
        "Kind:         PyTorchJob",
        "Spec:",
        "  Pytorch Replica Specs:",
        "    Master:",
        "      Replicas:  1",
        "    Worker:",
        "      Replicas:  1",
        "Status:",
        "  Completion Time:  %sZ" % iso(plus(end, 9)),
        "  Conditions:",
        "    Last Transition Time:  %sZ" % iso(plus(start, 70)),
        "    Message:               PyTorchJob bert-distill is running.",
        "    Reason:                PyTorchJobRunning",
        "    Status:                False",
        "    Type:                  Running",
        "    Last Transition Time:  %sZ" % iso(plus(end, 9)),
        "    Message:               PyTorchJob bert-distill is successfully completed.",
        "    Reason:                PyTorchJobSucceeded",
        "    Status:                True",
        "    Type:                  Succeeded",
        "  Replica Statuses:",
        "    Master:",
        "      Succeeded:  1",
        "    Worker:",
        "      Succeeded:  1",
        "Events:",
        "  Type     Reason                   Age   From                   Message",
        "  ----     ------                   ----  ----                   -------",
        "  Normal   SuccessfulCreatePod      11h   pytorchjob-controller  Created pod: bert-distill-master-0",
        "  Normal   SuccessfulCreatePod      11h   pytorchjob-controller  Created pod: bert-distill-worker-0",
        "  Normal   ExitedWithCode           2m    pytorchjob-controller  Pod: search-ml.bert-distill-master-0 exited with code 0",
        "  Normal   ExitedWithCode           2m    pytorchjob-controller  Pod: search-ml.bert-distill-worker-0 exited with code 0",
        "  Normal   PyTorchJobSucceeded      2m    pytorchjob-controller  PyTorchJob bert-distill is successfully completed.",
    ])
    log = []
    log.append("bert-distill-master-0:61:61 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0")
    log.append("")
    log.append("bert-distill-master-0:61:61 [0] NCCL INFO Failed to open libibverbs.so[.1]")
    log.append("bert-distill-master-0:61:118 [0] graph/xml.cc:313 NCCL WARN Could not find real path of /sys/class/pci_bus/0000:00/../../0000:00:06.0")
    log.append("bert-distill-master-0:61:61 [0] NCCL INFO NET/Socket : Using [0]eth0:10.12.0.41<0>")
    log.append("[rank0]:[W%s ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank 0]  using GPU 0 to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id." % c10d(plus(start, 40), 113000110, "")[0:])
    t = plus(start, 80)
    for e in range(3):
        for s in (1000, 2000, 3000, 4000):
            t = plus(t, 1000 * 3.5)
            log.append("{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (0.91 - e * 0.12 - s * 0.00001, 1.2, 5e-5 * (1 - (e * 4000 + s) / 12000.0), e + s / 4000.0))
        log.append("{'eval_loss': %.4f, 'eval_accuracy': %.4f, 'eval_runtime': 211.4, 'epoch': %.1f}" % (0.79 - e * 0.07, 0.861 + e * 0.011, e + 1.0))
    log.append("{'train_runtime': 42281.7, 'train_samples_per_second': 90.81, 'train_steps_per_second': 0.284, 'train_loss': 0.7012, 'epoch': 3.0}")
    log.append("Saving model checkpoint to /output/bert-distill/final")
    log.append("Training completed. Do not forget to share your model on huggingface.co/models =)")
    for r in (0, 1, 2, 3):
        log.append("[rank%d]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (r, c10d(plus(end, 1), 210000000 + r * 1733, "")[0:]))
    log.append("/usr/lib/python3.10/multiprocessing/resource_tracker.py:254: UserWarning: resource_tracker: There appear to be 6 leaked semaphore objects to clean up at shutdown")
    log.append("  warnings.warn('resource_tracker: There appear to be %d '")
    label = {
        "category": "unknown", "layer": "framework", "culprit": None, "action": "none",
        "rationale": "The PyTorchJob is Succeeded, both pods exited 0 and the trainer printed its final metrics and saved the model; the NCCL ibverbs warning, the barrier device warning and the 'process group has NOT been destroyed' lines are harmless noise at start-up and shutdown.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/126275",
    }
    return {"name": "ch28_succeeded_with_scary_warnings",
            "files": {"kubectl-describe.txt": desc, "kubectl-logs-bert-distill-master-0.txt": join(log)},
            "label": label}


# --------------------------------------------------------------------------
def ch29():
    """One host's ranks are ~18% slower; nothing on the node explains it."""
    rng = random.Random(8929)
    job = 812290
    nodes = ["gpu-w%02d" % i for i in (1, 2, 3, 4, 5, 6, 7, 8)]
    start = t0("2025-05-30 00:00:30")
    out = []
    out.append("+ srun --label --ntasks-per-node=8 python -u train.py --profile-step-times --report-every 500")
    t = plus(start, 200)
    for s in range(500, 12001, 500):
        t = plus(t, 500 * 1.41)
        out.append("0: [%s] step %6d loss %.4f step_time(avg) 1.41s tflops/gpu 301.2" % (ymd_hms(t), s, 2.7 - s * 0.00004))
        if s % 2000 == 0:
            per = []
            for r in range(64):
                base = 1.16 + rng.uniform(-0.01, 0.01)
                if 40 <= r < 48:
                    base = 1.37 + rng.uniform(-0.01, 0.01)
                per.append((r, base))
            slow = sorted(per, key=lambda x: -x[1])[:8]
            out.append("0: [%s] compute-time per rank (fwd+bwd, excl. comm), slowest 8: %s" % (ymd_hms(t), ", ".join("r%d=%.3fs" % p for p in slow)))
            out.append("0: [%s] compute-time median 1.160s; ranks 40-47 (gpu-w06) +18%%; all other ranks within +-1%%" % ymd_hms(t))
    out.append("")
    out.append("### on-call: job %d still running at %s; bundle from gpu-w06 attached" % (job, ymd_hms(plus(t, 60))))
    slurm = join(out)
    q = ["==============NVSMI LOG==============", "",
         "Timestamp                                 : Fri May 30 05:02:11 2025",
         "Driver Version                            : 550.127.05",
         "CUDA Version                              : 12.4", "",
         "Attached GPUs                             : 8"]
    for g, bus in enumerate(H100_BUS):
        q.extend([
            "GPU 00000000:%s:00.0" % bus.upper()[:2],
            "    Performance State                     : P0",
            "    Clocks Event Reasons",
            "        Idle                              : Not Active",
            "        SW Power Cap                      : Not Active",
            "        HW Slowdown                       : Not Active",
            "            HW Thermal Slowdown           : Not Active",
            "            HW Power Brake Slowdown       : Not Active",
            "        SW Thermal Slowdown               : Not Active",
            "    PCI",
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : 5",
            "                Current                   : 5",
            "            Link Width",
            "                Max                       : 16x",
            "                Current                   : 16x",
            "    ECC Errors",
            "        Volatile",
            "            DRAM Correctable              : 0",
            "            DRAM Uncorrectable            : 0",
            "    Temperature",
            "        GPU Current Temp                  : %d C" % (55 + g % 4),
            "    GPU Power Readings",
            "        Power Draw                        : %.2f W" % (655.0 + g * 3.1),
            "        Current Power Limit               : 700.00 W",
            "    Clocks",
            "        SM                                : 1980 MHz",
            "        Memory                            : 2619 MHz",
            "",
        ])
    dm = join([
        "%s NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.127.05  Release Build  (dvs-builder@U16-I3-B03-4-3)  Tue Oct  8 23:11:44 UTC 2024" % dmesg_T(t0("2025-05-21 09:12:40")),
        "%s mlx5_core 0000:0c:00.0: firmware version: 28.39.2048" % dmesg_T(t0("2025-05-21 09:12:44")),
        "%s IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready" % dmesg_T(t0("2025-05-21 09:12:51")),
        "%s systemd-journald[1411]: Data hash table of /var/log/journal/3e1c/system.journal has a fill level at 75.0 (8535 of 11377 items, 6553600 file size, 767 bytes per hash table item), suggesting rotation." % dmesg_T(t0("2025-05-27 14:03:19")),
    ])
    label = {
        "category": "straggler", "layer": "infrastructure",
        "culprit": {"node": "gpu-w06", "rank": None},
        "action": "run_diagnostics",
        "rationale": "Per-rank compute time shows all eight ranks of gpu-w06 consistently ~18% slower (communication excluded) while every other rank is within 1%, yet gpu-w06 shows no throttling, full clocks, x16 Gen5 links, no ECC and a clean dmesg: a slow node with no visible cause, so diagnose it rather than guess.",
        "modelled_on": "https://github.com/deepspeedai/DeepSpeed/issues/1617",
    }
    return {"name": "ch29_one_host_consistently_slower",
            "files": {"slurm-%d.out" % job: slurm, "gpu-w06/nvidia-smi-q.txt": join(q), "gpu-w06/dmesg.txt": dm},
            "label": label}


# --------------------------------------------------------------------------
def ch30():
    """Lustre OST trouble: every rank waits on data, iteration time triples."""
    rng = random.Random(8930)
    job = 907734
    nodes = ["gpu-x%02d" % i for i in range(1, 9)]
    start = t0("2025-11-18 12:00:10")
    bad = t0("2025-11-18 15:20:00")
    good = t0("2025-11-18 16:05:00")
    out = []
    out.append("+ srun --label --ntasks-per-node=8 python pretrain_gpt.py ... --data-path /lustre/datasets/fineweb-edu/tokenized --timing-log-level 1 --log-interval 50")
    t = plus(start, 300)
    it = 0
    while t < plus(good, 600):
        it += 50
        degraded = bad <= t < good
        ms = 3110.0 + rng.uniform(-10, 10) if not degraded else 9000.0 + rng.uniform(-1500, 5000)
        t = plus(t, 50 * ms / 1000.0)
        out.append("63: " + megatron_iter(t, it, 200000, ms, 2.4e-4, 2.6 - it * 0.00003, 0.27, gbs=1024))
        if it % 250 == 0 or degraded:
            bg_min = 2.1 + rng.uniform(0, 0.5) if not degraded else ms - 3150 - rng.uniform(800, 2000)
            bg_max = 5.2 + rng.uniform(0, 2) if not degraded else ms - 3100
            out.append("0: (min, max) time across ranks (ms):")
            out.append("0:     forward-backward ...............................: (%.2f, %.2f)" % (3020.0 + rng.uniform(0, 15), 3041.0 + rng.uniform(0, 15)))
            out.append("0:     batch-generator ................................: (%.2f, %.2f)" % (bg_min, bg_max))
            out.append("0:     optimizer ......................................: (%.2f, %.2f)" % (41.1, 43.9))
        if degraded and it % 150 == 0:
            out.append("0: WARNING: data loader wait > 5s on %d/64 ranks (ranks on all 8 nodes)" % (52 + rng.randrange(12)))
    out.append("")
    out.append("### on-call: job %d still running; throughput back to normal since ~16:05, user asks what happened between 15:20 and 16:05" % job)
    slurm = join(out)
    d = []
    def L(tt, msg):
        d.append("%s %s" % (dmesg_T(tt), msg))
    L(plus(bad, -20), "Lustre: 11893:0:(client.c:2295:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent 1763479180/real 1763479180]  req@00000000c2a1f3d5 x1809226110488256/t0(0) o3->scratch-OST001c-osc-ff3b1e7a8d5c9000@10.50.0.21@o2ib:6/4 lens 488/440 e 4 to 1 dl 1763479200 ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'python.907734'")
    L(plus(bad, -20), "Lustre: scratch-OST001c-osc-ff3b1e7a8d5c9000: Connection to scratch-OST001c (at 10.50.0.21@o2ib) was lost; in progress operations using this service will wait for recovery to complete")
    L(plus(bad, 300), "Lustre: 11893:0:(client.c:2295:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent 1763479500/real 1763479500]  req@000000007b90e2aa x1809226110901312/t0(0) o3->scratch-OST001d-osc-ff3b1e7a8d5c9000@10.50.0.21@o2ib:6/4 lens 488/440 e 3 to 1 dl 1763479520 ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'python.907734'")
    L(plus(bad, 1210), "LustreError: 11-0: scratch-OST001d-osc-ff3b1e7a8d5c9000: operation ost_read to node 10.50.0.21@o2ib failed: rc = -107")
    L(plus(good, -40), "Lustre: scratch-OST001c-osc-ff3b1e7a8d5c9000: Connection restored to 10.50.0.22@o2ib (at 10.50.0.22@o2ib)")
    L(plus(good, -38), "Lustre: scratch-OST001d-osc-ff3b1e7a8d5c9000: Connection restored to 10.50.0.22@o2ib (at 10.50.0.22@o2ib)")
    label = {
        "category": "straggler", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "Between 15:20 and 16:05 iteration time triples while forward-backward stays at ~3.0 s on every rank and batch-generator time balloons on ranks on all eight nodes; the client logs lost connections to two Lustre OSTs on the same OSS until failover, a shared-storage slowdown, not any one node or the job's settings.",
        "modelled_on": "https://github.com/EleutherAI/gpt-neox/issues/1248",
    }
    return {"name": "ch30_throughput_drop_data_wait_everywhere",
            "files": {"slurm-%d.out" % job: slurm, "gpu-x03/dmesg.txt": join(d)}, "label": label}


CASES = [ch25, ch26, ch27, ch28, ch29, ch30]
