"""Cases bz01-bz07: one rank stuck while the others wait."""
from common import (Bundle, Clock, nccl_init, pyspy, faulthandler_dump, child_failed,
                    watchdog_block, BUS_IDS, PCI, write_json, rng)


def _ip(prefix, node_idx):
    return "%s.%d" % (prefix, 11 + node_idx)


# ---------------------------------------------------------------------------
# bz01: py-spy of every rank after an allreduce timeout; one rank in the loader
# ---------------------------------------------------------------------------
def bz01():
    b = Bundle("bz01_pyspy_dumps_every_rank_after_allreduce_timeout")
    c = Clock(2024, 3, 21, 1, 10, 0, 812344.5)
    job = 5531907
    nodes = ["gpu-r07", "gpu-r08", "gpu-r09", "gpu-r10"]
    world = 32
    stuck = 21
    seq, enq, comp = 143402, 143405, 143401
    hang = 17540.2
    fire = hang + 600.05
    dump_t = hang + 395
    cmd = "/usr/bin/python3 -u pretrain/train.py --config configs/gpt_1p3b.yaml --data /lustre/datasets/web_v4"
    r = rng(101)
    pids = {}
    for ni, n in enumerate(nodes):
        for lr in range(8):
            pids[ni * 8 + lr] = 48211 + ni * 37 + lr
    # per-rank logs
    for ni, n in enumerate(nodes):
        tr = ["W0321 01:10:03.%06d 140227338397504 torch/distributed/run.py:757] *****************************************" % (120000 + ni),
              "W0321 01:10:03.%06d 140227338397504 torch/distributed/run.py:757] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (120010 + ni),
              "W0321 01:10:03.%06d 140227338397504 torch/distributed/run.py:757] *****************************************" % (120020 + ni)]
        for lr in range(8):
            rank = ni * 8 + lr
            pid = pids[rank]
            L = []
            L.append("%s | INFO | rank %d/%d local_rank %d host %s" % (c.iso_ms(9 + lr * 0.01), rank, world, lr, n))
            L += nccl_init(n, pid, pid + 171, lr, rank, world, _ip("10.12.7", ni),
                           nccl_ver="2.20.5", cuda="12.4", busid=BUS_IDS[lr])
            L.append("%s | WARNING | huggingface/tokenizers: The current process just got forked, after parallelism has already been used. Disabling parallelism to avoid deadlocks..." % c.iso_ms(41 + lr * 0.02))
            L.append("%s | INFO | dataloader: num_workers=8 prefetch_factor=4 pin_memory=True shard=%d/%d" % (c.iso_ms(42 + lr * 0.02), rank, world))
            if rank == 0:
                for step in range(50, 4751, 50):
                    t = 60 + step * 3.675
                    L.append("%s | INFO | step %5d | loss %.4f | lr 2.9400e-04 | tokens/s 412%03d | step_time 3.67s" % (
                        c.iso_ms(t), step, 3.9 - step * 0.00031 + r.random() * 0.02, r.randint(100, 999)))
            else:
                L.append("%s | INFO | rank %d: first batch ready after 17.3s" % (c.iso_ms(58 + lr * 0.1), rank))
            if rank == stuck:
                L.append("[rank%d]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank %d] Received a global timeout from another rank and will start to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d." % (rank, rank, comp, comp))
            else:
                jitter = r.random() * 0.9
                L += watchdog_block("2.3", c, fire + jitter, rank, seq, "ALLREDUCE", 26214400,
                                    26214400, 600000, 600000 + int(jitter * 1000) + 12,
                                    enq, comp)
            b.lines("%s/rank%d.log" % (n, rank), L)
        # torchrun (one agent per node)
        tr.append("W0321 %s.%06d 140227338397504 torch/distributed/elastic/multiprocessing/api.py:851] Sending process %d closing signal SIGTERM" % (c.at(fire + 3).strftime("%H:%M:%S"), 102311, pids[ni * 8 + (6 if ni == 2 else 1)]))
        for lr in range(8):
            rank = ni * 8 + lr
            if rank == stuck:
                continue
            tr.append("W0321 %s.%06d 140227338397504 torch/distributed/elastic/multiprocessing/api.py:851] Sending process %d closing signal SIGTERM" % (c.at(fire + 3).strftime("%H:%M:%S"), 102400 + lr, pids[rank]))
        first = ni * 8 + (0 if ni != 2 else 0)
        tr.append("E0321 %s.%06d 140227338397504 torch/distributed/elastic/multiprocessing/api.py:826] failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (c.at(fire + 18).strftime("%H:%M:%S"), 640021, pids[first]))
        tr += child_failed("pretrain/train.py", n, first, 0, -6, pids[first],
                           c.elastic(fire + 1),
                           sig="Signal 6 (SIGABRT) received by PID %d" % pids[first])
        b.lines("%s/torchrun.log" % n, tr)
    # py-spy dumps, taken by the on-call at dump_t for every rank on every node
    for ni, n in enumerate(nodes):
        out = ["# on-call: for p in $(pgrep -f pretrain/train.py -P $(pgrep -f torchrun)); do py-spy dump --pid $p; done",
               "# taken %s (no step logged since %s)" % (c.iso(dump_t), c.iso(60 + 4750 * 3.675)), ""]
        for lr in range(8):
            rank = ni * 8 + lr
            pid = pids[rank]
            common_threads = [
                (pid + 188, "idle", "Thread-2 (_pin_memory_loop)", [
                    "wait (threading.py:324)",
                    "get (queue.py:180)",
                    "do_one_step (torch/utils/data/_utils/pin_memory.py:31)",
                    "_pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)",
                    "run (threading.py:953)",
                    "_bootstrap_inner (threading.py:1016)",
                    "_bootstrap (threading.py:973)"]),
                (pid + 201, "idle", "Thread-1", [
                    "wait (threading.py:324)", "wait (threading.py:607)",
                    "run (tqdm/_monitor.py:60)", "_bootstrap_inner (threading.py:1016)",
                    "_bootstrap (threading.py:973)"]),
            ]
            if rank == stuck:
                main = (pid, "idle", "MainThread", [
                    "wait (threading.py:324)",
                    "get (queue.py:180)",
                    "_try_get_data (torch/utils/data/dataloader.py:1133)",
                    "_get_data (torch/utils/data/dataloader.py:1294)",
                    "_next_data (torch/utils/data/dataloader.py:1332)",
                    "__next__ (torch/utils/data/dataloader.py:631)",
                    "__next__ (pretrain/data/loader.py:77)",
                    "train_epoch (pretrain/trainer.py:296)",
                    "fit (pretrain/trainer.py:214)",
                    "main (pretrain/train.py:88)",
                    "<module> (pretrain/train.py:131)"])
            else:
                main = (pid, "active", "MainThread", [
                    "train_step (pretrain/trainer.py:331)",
                    "train_epoch (pretrain/trainer.py:301)",
                    "fit (pretrain/trainer.py:214)",
                    "main (pretrain/train.py:88)",
                    "<module> (pretrain/train.py:131)"])
            out += ["== rank %d (local %d) pid %d ==" % (rank, lr, pid)]
            out += pyspy(pid, cmd, [main] + common_threads)
            out.append("")
        if n == "gpu-r09":
            out.append("# dataloader workers of rank 21 (children of pid %d)" % pids[stuck])
            for w in range(8):
                wp = pids[stuck] + 900 + w
                out += pyspy(wp, cmd, [(wp, "idle", "MainThread", [
                    "_recv (multiprocessing/connection.py:384)",
                    "_recv_bytes (multiprocessing/connection.py:419)",
                    "recv_bytes (multiprocessing/connection.py:217)",
                    "get (multiprocessing/queues.py:103)",
                    "_worker_loop (torch/utils/data/_utils/worker.py:275)",
                    "run (multiprocessing/process.py:108)",
                    "_bootstrap (multiprocessing/process.py:314)",
                    "_launch (multiprocessing/popen_fork.py:71)",
                    "__init__ (multiprocessing/popen_fork.py:19)",
                    "_Popen (multiprocessing/context.py:281)",
                    "start (multiprocessing/process.py:121)",
                    "__init__ (torch/utils/data/dataloader.py:1040)",
                    "_get_iterator (torch/utils/data/dataloader.py:387)",
                    "__iter__ (torch/utils/data/dataloader.py:434)",
                    "train_epoch (pretrain/trainer.py:281)"])])
                out.append("")
        b.lines("%s/pyspy_dump.txt" % n, out)
    # nvidia-smi snapshot at dump time on the stuck node
    smi = ["Thu Mar 21 %s 2024" % c.at(dump_t + 40).strftime("%H:%M:%S"),
           "+---------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI 535.161.08             Driver Version: 535.161.08   CUDA Version: 12.4     |",
           "|-----------------------------------------+----------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
           "|=========================================+======================+======================|"]
    for g in range(8):
        util = 0 if g == 5 else 100
        pw = 71 if g == 5 else 118 + g
        smi += ["|   %d  NVIDIA A100-SXM4-80GB          On  | 00000000:%s.0 Off |                    0 |" % (g, PCI[g][5:].upper()),
                "| N/A   %dC    P0             %dW / 400W |  61234MiB / 81920MiB |    %3d%%      Default |" % (34 + g % 3, pw, util),
                "|                                         |                      |             Disabled |",
                "+-----------------------------------------+----------------------+----------------------+"]
    b.lines("gpu-r09/nvidia-smi.txt", smi)
    for ni, n in enumerate(nodes):
        dm = ["%s Linux version 5.15.0-97-generic (buildd@lcy02-amd64-033) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #107-Ubuntu SMP" % c.uptime(-812340),
              "%s nvidia-nvlink: Nvlink Core is being initialized, major device number 508" % c.uptime(-812322.4),
              "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Wed Feb 21 04:58:42 UTC 2024" % c.uptime(-812322.1),
              "%s mlx5_core 0000:0c:00.0: mlx5_pcie_event:301:(pid 1213): PCIe slot advertised sufficient power (75W)." % c.uptime(-812318.0),
              "%s IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready" % c.uptime(-812301.7)]
        b.lines("%s/dmesg.txt" % n, dm)
    b.lines("slurm-%d.out" % job, [
        "+ srun --kill-on-bad-exit=1 torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-r07:29500 pretrain/train.py --config configs/gpt_1p3b.yaml --data /lustre/datasets/web_v4",
        "[on-call %s] job %d: no progress for 6m, collecting py-spy on all nodes" % (c.iso(hang + 380), job),
        "srun: error: gpu-r08: task 1: Exited with exit code 1",
        "srun: error: gpu-r07: task 0: Exited with exit code 1",
        "srun: error: gpu-r10: task 3: Exited with exit code 1",
        "srun: error: gpu-r09: task 2: Exited with exit code 1",
    ])
    b.lines("sacct.txt", [
        "JobID           JobName  Partition      State  ExitCode               Start                 End    Elapsed   NodeList",
        "------------ ---------- ---------- ---------- -------- ------------------- ------------------- ---------- ----------------",
        "%d       gpt1p3b      a100     FAILED      1:0 %s %s   05:03:03 gpu-r[07-10]" % (job, c.slurm(0), c.slurm(fire + 23)),
        "%d.batch      batch                FAILED      1:0 %s %s   05:03:03 gpu-r07" % (job, c.slurm(0), c.slurm(fire + 23)),
        "%d.0       torchrun                FAILED      1:0 %s %s   05:03:01 gpu-r[07-10]" % (job, c.slurm(1), c.slurm(fire + 22)),
    ])
    label = {"category": "hang", "layer": "infrastructure",
             "culprit": {"node": "gpu-r09", "rank": stuck},
             "action": "run_diagnostics",
             "rationale": "31 ranks time out in ALLREDUCE SeqNum=143402 with last completed 143401; rank 21 never enqueued it (its dump reports last enqueued 143401) and its py-spy shows the main thread blocked in DataLoader _try_get_data while every other rank sits in train_step. One rank is stuck outside the collective; the timeouts elsewhere are sympathetic.",
             "modelled_on": "https://github.com/pytorch/pytorch/issues/87995"}
    return b, label


# ---------------------------------------------------------------------------
# bz02: flight recorder dumps on 16 nodes, fr_trace says one rank missing
# ---------------------------------------------------------------------------
def bz02():
    b = Bundle("bz02_flight_recorder_dumps_sixteen_nodes")
    c = Clock(2024, 11, 4, 21, 58, 0, 3512004.2)
    job = 88412
    nodes = ["h100-%03d" % i for i in (101, 102, 103, 104, 105, 106, 107, 108,
                                       109, 110, 111, 112, 113, 114, 115, 116)]
    world = 128
    stuck = 77  # h100-110 local 5
    seq = 61877
    hang = 2469.1
    fire = hang + 600.03
    r = rng(202)
    for ni, n in enumerate(nodes):
        for lr in range(8):
            rank = ni * 8 + lr
            pid = 30211 + lr * 3
            L = []
            L += nccl_init(n, pid, pid + 412, lr, rank, world, _ip("172.20.4", ni),
                           nccl_ver="2.21.5", cuda="12.4", busid=BUS_IDS[lr])
            if rank == 0:
                for it in range(100, 1901, 100):
                    L.append("[rank0]:[titan] %s - root - INFO - step: %4d  loss:  %.4f  memory: 61.22GiB(77.39%%)  tps: 3,8%02d  mfu: 41.%02d%%" % (
                        c.iso_ms(it * 1.29), it, 4.1 - it * 0.0006 + r.random() * 0.01, r.randint(10, 99), r.randint(10, 99)))
            if rank == stuck:
                L.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1300] [PG 0 (default_pg) Rank %d] Received a dump signal due to a collective timeout from rank 0 and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % (
                    rank, c.glog(fire + 2.1, "E", 9), rank, seq - 1, seq - 1))
                L.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1147] [PG 0 (default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info." % (rank, c.glog(fire + 2.2, "E", 9), rank))
            else:
                j = r.random() * 1.4
                L += watchdog_block("2.5", c, fire + j, rank, seq, "_REDUCE_SCATTER_BASE",
                                    419430400, 3276800, 600000, 600000 + int(j * 1000) + 9,
                                    seq + 1, seq - 1, pgdesc="default_pg")
            b.lines("%s/rank%d.log" % (n, rank), L)
        b.lines("%s/fr_dump_files.txt" % n, [
            "$ ls -l /scratch/fr/%d/" % job] + [
            "-rw-r--r-- 1 svc-train svc-train %7d Nov  4 22:39 nccl_trace_rank_%d" % (r.randint(380000, 420000), ni * 8 + lr) for lr in range(8)])
    fr = ["$ torchfrtrace --prefix nccl_trace_rank_ /scratch/fr/%d/" % job,
          "loaded 128 files in 6.81s",
          "built groups, memberships",
          "Not all ranks joining collective, sequence number: %d" % seq,
          "internal record id: 1997",
          "group info: 0:default_pg",
          "collective: nccl:_reduce_scatter_base",
          "missing ranks: {%d}" % stuck,
          "input sizes: [[419430400]]",
          "output sizes: [[3276800]]",
          "world size: 128",
          "expected ranks: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127}",
          "collective state: started",
          "collective stack trace: ",
          " _reduce_scatter_base at /usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:4158",
          "wrapper at /usr/local/lib/python3.11/site-packages/torch/distributed/c10d_logger.py:83",
          "foreach_reduce at /usr/local/lib/python3.11/site-packages/torch/distributed/_composable/fsdp/_fsdp_collectives.py:247",
          "post_backward at /usr/local/lib/python3.11/site-packages/torch/distributed/_composable/fsdp/_fsdp_param_group.py:418",
          "backward at /usr/local/lib/python3.11/site-packages/torch/autograd/__init__.py:289",
          "train_step at /workspace/torchtitan/train.py:367",
          "",
          "$ torchfrtrace --prefix nccl_trace_rank_ /scratch/fr/%d/ -j --selected-ranks 75 76 77 78 | tail -n 6" % job,
          "Rank 75                                                          Rank 76                                                          Rank 77                                                          Rank 78",
          "---------------------------------------------------------------  ---------------------------------------------------------------  ---------------------------------------------------------------  ---------------------------------------------------------------",
          "_reduce_scatter_base(input_sizes=[[419430400]], state=completed)  _reduce_scatter_base(input_sizes=[[419430400]], state=completed)  _reduce_scatter_base(input_sizes=[[419430400]], state=completed)  _reduce_scatter_base(input_sizes=[[419430400]], state=completed)",
          "_allgather_base(input_sizes=[[3276800]], state=completed)         _allgather_base(input_sizes=[[3276800]], state=completed)         _allgather_base(input_sizes=[[3276800]], state=completed)         _allgather_base(input_sizes=[[3276800]], state=completed)",
          "_reduce_scatter_base(input_sizes=[[419430400]], state=started)    _reduce_scatter_base(input_sizes=[[419430400]], state=started)                                                                     _reduce_scatter_base(input_sizes=[[419430400]], state=started)",
          "_reduce_scatter_base(input_sizes=[[419430400]], state=scheduled)  _reduce_scatter_base(input_sizes=[[419430400]], state=scheduled)                                                                     _reduce_scatter_base(input_sizes=[[419430400]], state=scheduled)"]
    b.lines("fr_trace_analysis.txt", fr)
    b.lines("slurm-%d.out" % job, [
        "+ srun --ntasks-per-node=8 --gpus-per-task=1 --cpu-bind=none python -u torchtitan/train.py --job.config_file train_configs/llama3_70b.toml",
        "TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_NCCL_TRACE_BUFFER_SIZE=2000 TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/scratch/fr/%d/nccl_trace_rank_" % job,
        "srun: error: h100-103: task 17: Aborted (core dumped)",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** STEP %d.0 ON h100-101 CANCELLED AT %s ***" % (job, c.slurm(fire + 9)),
        "srun: error: h100-101: tasks 0-7: Aborted (core dumped)",
        "srun: error: h100-104: tasks 24-31: Aborted (core dumped)",
        "srun: error: h100-110: task 77: Terminated",
        "srun: error: h100-110: tasks 72-76,78-79: Aborted (core dumped)",
        "srun: Terminating StepId=%d.0" % job])
    label = {"category": "hang", "layer": "infrastructure",
             "culprit": {"node": "h100-110", "rank": stuck},
             "action": "run_diagnostics",
             "rationale": "The flight recorder analysis shows reduce_scatter sequence 61877 started on 127 ranks with rank 77 missing; rank 77's own log reports last enqueued = last completed = 61876, so it never issued the collective. The 127 watchdog timeouts are sympathetic; the stuck rank on h100-110 needs investigation.",
             "modelled_on": "https://github.com/NVIDIA/nccl/issues/1324"}
    return b, label


# ---------------------------------------------------------------------------
# bz03: only the watchdog sequence numbers point to one rank (k8s, torch 2.6)
# ---------------------------------------------------------------------------
def bz03():
    b = Bundle("bz03_watchdog_timeouts_with_sequence_numbers_64_ranks")
    c = Clock(2025, 2, 17, 3, 20, 0, 922001.7)
    nodes = ["trn-pool-a-%s" % s for s in ("7xq2p", "7xq4m", "8bd1k", "8bd6w",
                                            "9cf0h", "9cf3r", "a1k7n", "a1k9t")]
    world = 64
    stuck = 42  # node 5 local 2
    seq, comp = 15734, 15733
    hang = 9100.4
    fire = hang + 1800.1
    r = rng(303)
    for ni, n in enumerate(nodes):
        pod = "sft-llama-worker-%d" % ni if ni else "sft-llama-master-0"
        for lr in range(8):
            rank = ni * 8 + lr
            L = []
            L += nccl_init(pod, 61 + lr, 1402 + lr, lr, rank, world, _ip("10.244.3", ni),
                           nccl_ver="2.21.5", cuda="12.6", busid=BUS_IDS[lr])
            if rank == 0:
                for s in range(10, 2501, 10):
                    L.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (
                        1.32 - s * 0.00012 + r.random() * 0.03, 0.8 + r.random() * 0.4, 1e-5, s / 3100.0))
            if rank == stuck:
                L.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1746] [PG ID 0 PG GUID 0(default_pg) Rank %d] Received a dump signal due to a collective timeout from  rank 0 and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % (
                    rank, c.glog(fire + 3.3, "E", 9), rank, comp, comp))
                L.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1536] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (rank, c.glog(fire + 3.4, "E", 9), rank))
            else:
                j = r.random() * 1.1
                wd = watchdog_block("2.5", c, fire + j, rank, seq, "ALLREDUCE", 220084533,
                                    220084533, 1800000, 1800000 + int(j * 1000) + 17,
                                    seq + 1, comp)
                dump = "[rank%d]:[%s ProcessGroupNCCL.cpp:1746] [PG ID 0 PG GUID 0(default_pg) Rank %d] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % (
                    rank, c.glog(fire + j + 0.3, "E", 9), rank, seq + 1, comp)
                L += wd[:3] + [dump] + wd[3:]
            lines = L
            b.lines("%s/%s.log" % (n, "rank%d" % rank), lines)
        b.lines("%s/kubectl-logs-%s.txt" % (n, pod), [
            "%s W0217 03:20:05.118000 1 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed." % c.k8s(5.1),
            "%s W0217 %s.201000 1 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 6%d closing signal SIGTERM" % (c.k8s(fire + 70), c.at(fire + 70).strftime("%H:%M:%S"), 3 if ni != 5 else 1),
            "%s E0217 %s.772000 1 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (c.k8s(fire + 71), c.at(fire + 71).strftime("%H:%M:%S"), 0 if ni != 5 else 0, 61)])
    b.lines("kubectl-describe-pytorchjob.txt", [
        "Name:         sft-llama",
        "Namespace:    research-nlp",
        "API Version:  kubeflow.org/v1",
        "Kind:         PyTorchJob",
        "Spec:",
        "  Pytorch Replica Specs:",
        "    Master:  Replicas: 1  Restart Policy: Never",
        "    Worker:  Replicas: 7  Restart Policy: Never",
        "  Run Policy:",
        "    Backoff Limit:  0",
        "Status:",
        "  Conditions:",
        "    Last Transition Time:  %s" % c.slurm(fire + 75) + "Z",
        "    Message:               PyTorchJob sft-llama is failed because 1 Master replica(s) failed.",
        "    Reason:                PyTorchJobFailed",
        "    Status:                True",
        "    Type:                  Failed",
        "Events:",
        "  Type     Reason                   Age   From                   Message",
        "  ----     ------                   ----  ----                   -------",
        "  Normal   SuccessfulCreatePod      3h    pytorchjob-controller  Created pod: sft-llama-master-0",
        "  Warning  PyTorchJobFailed         12m   pytorchjob-controller  PyTorchJob sft-llama is failed because 1 Master replica(s) failed."])
    label = {"category": "hang", "layer": "infrastructure",
             "culprit": {"node": nodes[stuck // 8], "rank": stuck},
             "action": "run_diagnostics",
             "rationale": "63 ranks time out in ALLREDUCE 15734 with last enqueued 15735 and last completed 15733; rank 42 is the only rank whose dump reports last enqueued 15733, i.e. it never reached the collective. The stuck rank is identifiable from the per-rank sequence numbers even though no stack was collected.",
             "modelled_on": "https://github.com/modelscope/FunASR/issues/2006"}
    return b, label


# ---------------------------------------------------------------------------
# bz04: rank 0 stuck inside torch.save (faulthandler dump_traceback_later)
# ---------------------------------------------------------------------------
def bz04():
    b = Bundle("bz04_no_progress_after_saving_checkpoint_message")
    c = Clock(2025, 1, 9, 14, 0, 0, 455120.9)
    nodes = ["dgx-a1", "dgx-a2"]
    world = 16
    seq = 1512677
    save_t = 31210.4
    fire = save_t + 1200.2
    r = rng(404)
    py = "/opt/conda/lib/python3.11"
    for ni, n in enumerate(nodes):
        for lr in range(8):
            rank = ni * 8 + lr
            L = []
            L += nccl_init(n, 7101 + lr, 7400 + lr, lr, rank, world, _ip("192.168.50", ni),
                           nccl_ver="2.21.5", cuda="12.4", busid=BUS_IDS[lr])
            L.append("%s - root - INFO - faulthandler.dump_traceback_later(timeout=1500, repeat=False) armed for rank %d" % (c.iso_ms(20), rank))
            if rank == 0:
                for ep in range(3):
                    L.append("%s - root - INFO - Saving latest checkpoint model trained for %d complete epochs, 0 additional batches" % (c.iso_ms(9000 * (ep + 1) + 100), ep + 1))
                    L.append("%s - root - INFO - Checkpoint written to /ckpt/ace/run_417/ckpt.tar in %.1fs (4.7 GB)" % (c.iso_ms(9000 * (ep + 1) + 148), 47 + r.random() * 5))
                L.append("%s - root - INFO - Saving latest checkpoint model trained for 3 complete epochs and 1183 additional batches" % c.iso_ms(save_t))
                hdr = "Timeout (0:25:00)!"
                fh = faulthandler_dump([
                    (0x00007f5c8d7fe640, False, [
                        ("%s/threading.py" % py, 331, "wait"),
                        ("%s/threading.py" % py, 629, "wait"),
                        ("%s/site-packages/tqdm/_monitor.py" % py, 60, "run"),
                        ("%s/threading.py" % py, 1045, "_bootstrap_inner"),
                        ("%s/threading.py" % py, 1002, "_bootstrap")]),
                    (0x00007f5d9b2e4740, False, [
                        ("%s/site-packages/torch/serialization.py" % py, 1113, "_save"),
                        ("%s/site-packages/torch/serialization.py" % py, 850, "save"),
                        ("/workspace/ace/fme/core/stepper.py", 402, "save_checkpoint"),
                        ("/workspace/ace/fme/train/train.py", 512, "save_all_checkpoints"),
                        ("/workspace/ace/fme/train/train.py", 338, "train_one_epoch"),
                        ("/workspace/ace/fme/train/train.py", 287, "train"),
                        ("/workspace/ace/fme/train/train.py", 640, "run_train"),
                        ("/workspace/ace/fme/train/train.py", 701, "<module>")])], header=hdr)
                L += fh
                L.append("[rank0]:[%s ProcessGroupNCCL.cpp:1746] [PG ID 0 PG GUID 0(default_pg) Rank 0] Received a dump signal due to a collective timeout from  rank 7 and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % (c.glog(fire + 1.9, "E", 9), seq - 1, seq - 1))
            else:
                j = r.random() * 0.6
                L += watchdog_block("2.5", c, fire + j, rank, seq, "ALLREDUCE", 306176, 306176,
                                    1200000, 1200000 + int(j * 1000) + 27, seq, seq - 1)
            b.lines("%s/rank%d.log" % (n, rank), L)
    b.lines("dgx-a1/ls-ckpt.txt", [
        "$ ls -la /ckpt/ace/run_417/   (taken %s)" % c.iso(save_t + 1260),
        "total 14512872",
        "drwxr-sr-x  2 svc-ace ace       4096 Jan  9 22:40 .",
        "drwxr-sr-x 31 svc-ace ace       4096 Jan  3 10:02 ..",
        "-rw-r--r--  1 svc-ace ace 4915203418 Jan  9 16:31 best_ckpt.tar",
        "-rw-r--r--  1 svc-ace ace 4915203418 Jan  9 21:31 ckpt.tar",
        "-rw-r--r--  1 svc-ace ace  402653184 Jan  9 22:40 ckpt.tar.tmp",
        "$ df -h /ckpt",
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/md0         28T  9.1T   19T  33% /ckpt"])
    for n in nodes:
        b.lines("%s/dmesg.txt" % n, [
            "%s Linux version 5.15.0-1063-nvidia (buildd@lcy02-amd64-100) #64-Ubuntu SMP" % c.uptime(-455120),
            "%s md/raid0:md0: md_size is 59999629312 sectors." % c.uptime(-455101.3),
            "%s EXT4-fs (md0): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none." % c.uptime(-455100.9),
            "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % c.uptime(-455090.2)])
    b.lines("dgx-a1/torchrun.log", [
        "W0109 %s.101000 139871 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 7101 closing signal SIGTERM" % c.at(fire + 31).strftime("%H:%M:%S"),
        "W0109 %s.102000 139871 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 7102 closing signal SIGTERM" % c.at(fire + 31).strftime("%H:%M:%S")] +
        child_failed("fme/train/train.py", "dgx-a1", 7, 7, -6, 7108, c.elastic(fire + 1),
                     sig="Signal 6 (SIGABRT) received by PID 7108"))
    label = {"category": "hang", "layer": "infrastructure",
             "culprit": {"node": "dgx-a1", "rank": 0},
             "action": "run_diagnostics",
             "rationale": "Every other rank times out in the next ALLREDUCE (last completed 1512676) while rank 0's faulthandler timeout dump shows its main thread still inside torch.save for the checkpoint it announced 20 minutes earlier; the .tmp file stopped at 384 MiB although earlier 4.7 GB saves took under a minute and the disk has space. Rank 0 is stuck outside the collective.",
             "modelled_on": "https://github.com/ai2cm/ace/issues/851"}
    return b, label


# ---------------------------------------------------------------------------
# bz05: heartbeat monitor on one rank, gdb shows GIL held in cudaEventDestroy
# ---------------------------------------------------------------------------
def bz05():
    b = Bundle("bz05_heartbeat_monitor_fired_on_one_rank_gdb_attached")
    c = Clock(2024, 2, 7, 9, 30, 0, 118200.0)
    nodes = ["node-c11", "node-c12"]
    world = 16
    stuck = 11
    seq = 20588
    hang = 5120.7
    fire = hang + 600.1
    r = rng(505)
    for ni, n in enumerate(nodes):
        for lr in range(8):
            rank = ni * 8 + lr
            L = nccl_init(n, 20311 + lr, 20500 + lr, lr, rank, world, _ip("10.30.1", ni),
                          nccl_ver="2.19.3", cuda="12.1", busid=BUS_IDS[lr])
            if rank == 0:
                for it in range(20, 1641, 20):
                    L.append(" iteration %8d/  200000 | consumed samples: %10d | elapsed time per iteration (ms): 3112.4 | learning rate: 2.400E-04 | global batch size:  1024 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
                        it, it * 1024, 2.6 - it * 0.0002 + r.random() * 0.01, 0.9 + r.random() * 0.2))
            if rank == stuck:
                L.append("[rank%d]:[E ProcessGroupNCCL.cpp:1182] [PG 0 Rank %d] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=1" % (rank, rank))
                L.append("[rank%d]:[E ProcessGroupNCCL.cpp:1032] [PG 0 Rank %d] ProcessGroupNCCL preparing to dump debug info." % (rank, rank))
                L.append("[rank%d]:[E ProcessGroupNCCL.cpp:1243] [PG 0 Rank %d] Could not acquire GIL within 300 ms on exit, possible GIL induced hang" % (rank, rank))
                L.append("[rank%d]:[F ProcessGroupNCCL.cpp:1197] [PG 0 Rank %d] [PG 0 Rank %d] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api, or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. workMetaList_.size() = 1" % (rank, rank, rank))
            else:
                j = r.random()
                L += watchdog_block("2.3", c, fire + j, rank, seq, "ALLREDUCE", 1,
                                    1, 600000, 600000 + int(j * 1000) + 31, seq, seq - 1)
            b.lines("%s/rank%d.log" % (n, rank), L)
    libc = "/lib/x86_64-linux-gnu/libc.so.6"
    tl = "/usr/local/lib/python3.10/dist-packages/torch/lib"
    gdb = ["$ gdb -p 20314 -batch -ex 'thread apply all bt 14'   # rank 11 on node-c12, taken %s" % c.iso(hang + 330),
           "[Thread debugging using libthread_db enabled]",
           'Using host libthread_db library "/lib/x86_64-linux-gnu/libthread_db.so.1".',
           "0x00007f0c2b491117 in __futex_abstimed_wait_common64 (private=0, cancel=true, abstime=0x0, op=393, expected=0, futex_word=0x7f0a1c000b88) at ./nptl/futex-internal.c:57",
           "",
           'Thread 61 (Thread 0x7f09d5ffb640 (LWP 20688) "pt_nccl_heartbt"):',
           "#0  0x00007f0c2b4e57f8 in __GI___clock_nanosleep (clock_id=clock_id@entry=0, flags=flags@entry=0, req=0x7f09d5ffa7d0, rem=0x7f09d5ffa7d0) at ../sysdeps/unix/sysv/linux/clock_nanosleep.c:78",
           "#1  0x00007f0c2b4ea677 in __GI___nanosleep (req=<optimized out>, rem=<optimized out>) at ../sysdeps/unix/sysv/linux/nanosleep.c:25",
           "#2  0x00007f0bb2a61c84 in c10d::ProcessGroupNCCL::heartbeatMonitor() () from %s/libtorch_cuda.so" % tl,
           "#3  0x00007f0c1e2b0253 in ?? () from /lib/x86_64-linux-gnu/libstdc++.so.6",
           "#4  0x00007f0c2b494ac3 in start_thread (arg=<optimized out>) at ./nptl/pthread_create.c:442",
           "",
           'Thread 60 (Thread 0x7f09d67fc640 (LWP 20687) "pt_nccl_watchdg"):',
           "#0  0x00007f0c2b491117 in __futex_abstimed_wait_common64 (private=0, cancel=true, abstime=0x0, op=393, expected=0, futex_word=0x55f1c2d09f30) at ./nptl/futex-internal.c:57",
           "#1  __futex_abstimed_wait_common (cancel=true, private=0, abstime=0x0, clockid=0, expected=0, futex_word=0x55f1c2d09f30) at ./nptl/futex-internal.c:87",
           "#2  __GI___futex_abstimed_wait_cancelable64 (futex_word=futex_word@entry=0x55f1c2d09f30, expected=expected@entry=0, clockid=clockid@entry=0, abstime=abstime@entry=0x0, private=private@entry=0) at ./nptl/futex-internal.c:139",
           "#3  0x00007f0c2b4a0a41 in __pthread_mutex_lock_full (mutex=0x55f1c2d09f30) at ./nptl/pthread_mutex_lock.c:481",
           "#4  0x00007f0bd2f1a0a6 in ?? () from /lib/x86_64-linux-gnu/libcuda.so.1",
           "#5  0x00007f0bd2e6a3b5 in ?? () from /lib/x86_64-linux-gnu/libcuda.so.1",
           "#6  0x00007f0bd2d96b1e in ?? () from /lib/x86_64-linux-gnu/libcuda.so.1",
           "#7  0x00007f0bb0c3c2ea in cudaEventQuery () from %s/../../nvidia/cuda_runtime/lib/libcudart.so.12" % tl,
           "#8  0x00007f0bb2a4f8a1 in c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const () from %s/libtorch_cuda.so" % tl,
           "#9  0x00007f0bb2a55c4c in c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() () from %s/libtorch_cuda.so" % tl,
           "#10 0x00007f0bb2a5efd0 in c10d::ProcessGroupNCCL::watchdogHandler() () from %s/libtorch_cuda.so" % tl,
           "#11 0x00007f0bb2a6031c in c10d::ProcessGroupNCCL::ncclCommWatchdog() () from %s/libtorch_cuda.so" % tl,
           "",
           'Thread 3 (Thread 0x7f0a9bfff640 (LWP 20402) "python3"):',
           "#0  0x00007f0c2b491117 in __futex_abstimed_wait_common64 (private=0, cancel=true, abstime=0x7f0a9bffe9d0, op=393, expected=0, futex_word=0x55f1bfe6a8c8 <_PyRuntime+1160>) at ./nptl/futex-internal.c:57",
           "#1  0x00007f0c2b49ea41 in ___pthread_cond_timedwait64 (cond=0x55f1bfe6a8a0 <_PyRuntime+1120>, mutex=0x55f1bfe6a8a8 <_PyRuntime+1128>, abstime=0x7f0a9bffe9d0) at ./nptl/pthread_cond_wait.c:643",
           "#2  0x000055f1bfb1e6d9 in take_gil (tstate=0x7f0a2c001a50) at ../Python/ceval_gil.h:256",
           "#3  0x000055f1bfb7e12e in PyEval_RestoreThread (tstate=0x7f0a2c001a50) at ../Python/ceval.c:1264",
           "#4  0x00007f0bc4f6a1a2 in torch::utils::pin_memory ... (pin_memory thread, waiting for the GIL)",
           "",
           'Thread 1 (Thread 0x7f0c2b3fb740 (LWP 20314) "python3"):',
           "#0  0x00007f0c2b491117 in __futex_abstimed_wait_common64 (private=0, cancel=true, abstime=0x0, op=393, expected=0, futex_word=0x7f0a1c000b88) at ./nptl/futex-internal.c:57",
           "#1  __futex_abstimed_wait_common (cancel=true, private=0, abstime=0x0, clockid=0, expected=0, futex_word=0x7f0a1c000b88) at ./nptl/futex-internal.c:87",
           "#2  0x00007f0c2b49a4df in ___pthread_cond_wait (cond=0x7f0a1c000b60, mutex=0x7f0a1c000b38) at ./nptl/pthread_cond_wait.c:618",
           "#3  0x00007f0bd2f1b5d9 in ?? () from /lib/x86_64-linux-gnu/libcuda.so.1",
           "#4  0x00007f0bd2e7c41e in ?? () from /lib/x86_64-linux-gnu/libcuda.so.1",
           "#5  0x00007f0bd2e38f02 in ?? () from /lib/x86_64-linux-gnu/libcuda.so.1",
           "#6  0x00007f0bb0c3b11d in cudaEventDestroy () from %s/../../nvidia/cuda_runtime/lib/libcudart.so.12" % tl,
           "#7  0x00007f0bb1e7d6a2 in c10::cuda::impl::CUDAGuardImpl::destroyEvent(void*, signed char) const () from %s/libc10_cuda.so" % tl,
           "#8  0x00007f0bc49f5b31 in THCPEvent_dealloc(THCPEvent*) () from %s/libtorch_python.so" % tl,
           "#9  0x000055f1bfa8c2b7 in _Py_Dealloc (op=<optimized out>) at ../Objects/object.c:2301",
           "#10 dict_dealloc (mp=0x7f0a3c1f2b40) at ../Objects/dictobject.c:2084",
           "#11 0x000055f1bfa7c9a1 in _PyEval_EvalFrameDefault (tstate=<optimized out>, f=<optimized out>, throwflag=<optimized out>) at ../Python/ceval.c:4181",
           "#12 0x000055f1bfa72e5a in _PyEval_Vector (tstate=0x55f1c02ea3c0, con=0x7f0c29fd8a10, locals=0x0, args=0x7f0c2a1b4e98, argcount=2, kwnames=0x0) at ../Python/ceval.c:5067",
           "#13 0x000055f1bfa8a10c in _PyFunction_Vectorcall (func=<optimized out>, stack=<optimized out>, nargsf=<optimized out>, kwnames=<optimized out>) at ../Objects/call.c:342",
           "(More stack frames follow...)",
           "",
           "$ py-spy dump --pid 20314 --native   # same process",
           "Process 20314: /usr/bin/python3 -u pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 ...",
           "Python v3.10.12 (/usr/bin/python3.10)",
           "",
           'Thread 20314 (idle): "MainThread"',
           "    __futex_abstimed_wait_common64 (libc.so.6)",
           "    pthread_cond_wait@@GLIBC_2.3.2 (libc.so.6)",
           "    0x7f0bd2f1b5d9 (libcuda.so.525.147.05)",
           "    cudaEventDestroy (libcudart.so.12)",
           "    THCPEvent_dealloc (libtorch_python.so)",
           "    report_memory_and_timers (megatron/training/training.py:802)",
           "    training_log (megatron/training/training.py:921)",
           "    train (megatron/training/training.py:1148)",
           "    pretrain (megatron/training/training.py:287)",
           "    <module> (pretrain_gpt.py:231)"]
    b.lines("node-c12/gdb_rank11.txt", gdb)
    b.lines("node-c12/nvidia-smi-q-excerpt.txt", [
        "==============NVSMI LOG==============",
        "Timestamp                                 : %s" % c.iso(hang + 340),
        "Driver Version                            : 525.147.05",
        "CUDA Version                              : 12.0",
        "GPU 00000000:2A:00.0",
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    Utilization",
        "        Gpu                               : 0 %",
        "    Ecc Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 0",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No"])
    for n in nodes:
        b.lines("%s/dmesg.txt" % n, [
            "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  525.147.05  Wed Oct 25 20:27:35 UTC 2023" % c.ctime(-118150),
            "%s nvidia-fabricmanager: Successfully initialized and configured NVSwitch." % c.ctime(-118120),
            "%s audit: type=1400 audit(1707297300.112:214): apparmor=\"STATUS\" operation=\"profile_replace\" name=\"snap.lxd.hook.install\"" % c.ctime(-80000)])
    b.lines("slurm-771203.out", [
        "srun: error: node-c12: task 1: Aborted (core dumped)",
        "srun: error: node-c11: task 0: Exited with exit code 1"])
    label = {"category": "hang", "layer": "infrastructure",
             "culprit": {"node": "node-c12", "rank": stuck},
             "action": "run_diagnostics",
             "rationale": "Only rank 11 fires the heartbeat monitor; gdb shows its main thread holding the GIL inside cudaEventDestroy while the watchdog thread waits on the same CUDA driver lock, so the rank never enqueued ALLREDUCE 20588 that the 15 other ranks time out on. A GIL/driver deadlock in one process: one stuck rank, driver and GPU state need checking.",
             "modelled_on": "https://github.com/pytorch/pytorch/pull/119393"}
    return b, label


# ---------------------------------------------------------------------------
# bz06: one GPU busy at full power, its collective only 'scheduled' in FR
# ---------------------------------------------------------------------------
def bz06():
    b = Bundle("bz06_one_gpu_busy_at_full_power_during_hang")
    c = Clock(2024, 9, 12, 16, 45, 0, 2088341.0)
    nodes = ["sxm-e01", "sxm-e02"]
    world = 16
    stuck = 11
    seq = 5121
    hang = 4400.0
    fire = hang + 600.2
    r = rng(606)
    for ni, n in enumerate(nodes):
        for lr in range(8):
            rank = ni * 8 + lr
            L = nccl_init(n, 9102 + lr, 9300 + lr, lr, rank, world, _ip("10.40.2", ni),
                          nccl_ver="2.20.5", cuda="12.4", busid=BUS_IDS[lr])
            if rank == 0:
                for s in range(25, 1226, 25):
                    L.append("Epoch 0:  %2d%%|%s| %d/4096 [%02d:%02d<3:14:00,  3.52s/it, v_num=3, train_loss=%.3f]" % (
                        s * 100 // 4096, "#" * (s * 10 // 4096), s, int(s * 3.52) // 60 // 60, (int(s * 3.52) // 60) % 60, 2.2 - s * 0.0003 + r.random() * 0.03))
            j = r.random() * 0.8
            L += watchdog_block("2.4", c, fire + j, rank, seq, "ALLREDUCE", 67108864, 67108864,
                                600000, 600000 + int(j * 1000) + 4, seq + 1,
                                seq - 1, pg="0")
            b.lines("%s/rank%d.log" % (n, rank), L)
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr/ -p nccl_trace_rank_",
          "Collective sequence number: %d has errors" % seq,
          "internal record id: 1830",
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          "input sizes: [[67108864]]",
          "output sizes: [[67108864]]",
          "world size: 16",
          "expected ranks: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}",
          "collective state: started",
          "error msg: Culprit rank 11; Error type: COLLECTIVE_STATE_MISMATCH, Expected state: 'started' does not match found state: 'scheduled'",
          "collective stack trace: ",
          " all_reduce at /opt/venv/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py:2288",
          "wrapper at /opt/venv/lib/python3.10/site-packages/torch/distributed/c10d_logger.py:79",
          "_allreduce_fut at /opt/venv/lib/python3.10/site-packages/torch/distributed/algorithms/ddp_comm_hooks/default_hooks.py:27",
          "allreduce_hook at /opt/venv/lib/python3.10/site-packages/torch/distributed/algorithms/ddp_comm_hooks/default_hooks.py:58"]
    b.lines("fr_trace_analysis.txt", fr)

    def entry(rid, sq, name, size, state, t_ns):
        e = {"record_id": rid, "pg_id": 0, "process_group": ["0", "default_pg"],
             "collective_seq_id": sq, "p2p_seq_id": 0, "op_id": sq,
             "profiling_name": name, "time_created_ns": t_ns,
             "input_sizes": [[size]], "input_dtypes": ["BFloat16"],
             "output_sizes": [[size]], "output_dtypes": ["BFloat16"],
             "state": state, "time_discovered_started_ns": t_ns + 1800000 if state != "scheduled" else None,
             "time_discovered_completed_ns": t_ns + 91000000 if state == "completed" else None,
             "retired": state == "completed", "timeout_ms": 600000, "is_p2p": False,
             "frames": [{"name": "all_reduce", "filename": "/opt/venv/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py", "line": 2288}]}
        return e
    for rank in (10, 11):
        base = 1726159500000000000 + 4400 * 1000000000
        ents = [entry(1826 + i, seq - 4 + i, "nccl:all_reduce", 67108864 if i % 2 else 26214400,
                      "completed", base - (5 - i) * 3520000000) for i in range(4)]
        ents.append(entry(1830, seq, "nccl:all_reduce", 67108864,
                          "scheduled" if rank == 11 else "started", base))
        ents.append(entry(1831, seq + 1, "nccl:all_reduce", 26214400, "scheduled", base + 21000000))
        dump = {"version": "2.4", "pg_config": {"0": {"name": "0", "desc": "default_pg", "ranks": "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]"}},
                "pg_status": {"0": {"last_enqueued_collective": seq + 1, "last_started_collective": seq if rank != 11 else seq - 1, "last_completed_collective": seq - 1}},
                "rank": rank, "entries": ents}
        write_json(b, "%s/nccl_trace_rank_%d.json" % ("sxm-e02", rank), dump)
    smi = ["Thu Sep 12 %s 2024" % c.at(hang + 420).strftime("%H:%M:%S"),
           "+-----------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |",
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|=========================================+========================+======================|"]
    for g in range(8):
        hot = g == 3
        smi += ["|   %d  NVIDIA H100 80GB HBM3          On  |   00000000:%s.0 Off |                    0 |" % (g, PCI[g][5:].upper()),
                "| N/A   %dC    P0            %3dW /  700W |   71%03dMiB /  81559MiB |    100%%      Default |" % (71 if hot else 39 + g % 3, 652 if hot else 119 + g, 200 + g),
                "|                                         |                        |             Disabled |",
                "+-----------------------------------------+------------------------+----------------------+"]
    smi += ["", "$ nvidia-smi --query-gpu=index,clocks.sm,clocks_event_reasons.active --format=csv",
            "index, clocks.sm [MHz], clocks_event_reasons.active"] + [
            "%d, 1980 MHz, 0x0000000000000000" % g if g != 3 else "3, 1755 MHz, 0x0000000000000020" for g in range(8)]
    b.lines("sxm-e02/nvidia-smi.txt", smi)
    b.lines("sxm-e02/dmesg.txt", [
        "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % c.ctime(-2088300),
        "%s nvidia 0000:5d:00.0: enabling device (0000 -> 0002)" % c.ctime(-2088299),
        "%s systemd-journald[812]: Data hash table of /var/log/journal/7c1a/system.journal has a fill level at 75.0 (8535 of 11377 items, 6553600 file size, 767 bytes per hash table item), suggesting rotation." % c.ctime(-3600)])
    b.lines("sxm-e01/dmesg.txt", [
        "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % c.ctime(-2088300)])
    b.lines("job.yaml", [
        "name: vit-h14-ft", "launcher: torchrun (2 x 8, static rendezvous)",
        "framework: lightning 2.3.3, torch 2.4.0+cu124",
        "env:", "  TORCH_NCCL_TRACE_BUFFER_SIZE: 2000", "  TORCH_NCCL_DUMP_ON_TIMEOUT: 1",
        "  TORCH_NCCL_DEBUG_INFO_TEMP_FILE: /shared/fr/nccl_trace_rank_"])
    label = {"category": "hang", "layer": "infrastructure",
             "culprit": {"node": "sxm-e02", "rank": stuck},
             "action": "run_diagnostics",
             "rationale": "All 16 ranks time out on ALLREDUCE 5121, but the flight recorder shows it 'started' on 15 ranks and only 'scheduled' on rank 11, whose GPU 3 on sxm-e02 is burning 652 W at 71C while the spinning NCCL kernels elsewhere draw ~120 W: rank 11's GPU never finished the compute ahead of the collective. No Xid or ECC event, so the GPU needs diagnostics.",
             "modelled_on": "https://github.com/NVIDIA/nccl/issues/1033"}
    return b, label


# ---------------------------------------------------------------------------
# bz07: loud IB warnings on many nodes; quiet node has Xid 79
# ---------------------------------------------------------------------------
def bz07():
    b = Bundle("bz07_allreduce_timeout_with_ib_warnings_on_three_nodes")
    c = Clock(2023, 12, 2, 22, 5, 0, 1623040.0)
    nodes = ["gpu-b01", "gpu-b02", "gpu-b03", "gpu-b04"]
    world = 32
    bad = 13  # gpu-b02 local 5
    seq = 21668
    xid_t = 8810.55
    fire = xid_t + 1800.4
    r = rng(707)
    for ni, n in enumerate(nodes):
        for lr in range(8):
            rank = ni * 8 + lr
            pid = 65501 + lr
            L = nccl_init(n, pid, pid + 300, lr, rank, world, _ip("10.1.32", ni),
                          nccl_ver="2.18.1", cuda="12.1", busid=BUS_IDS[lr])
            if rank == 0:
                for s in range(10, 2401, 10):
                    L.append("{'loss': %.4f, 'learning_rate': 1.9e-05, 'epoch': %.2f}" % (0.91 - s * 0.0001 + r.random() * 0.02, s / 2400.0))
            if rank == bad:
                b.lines("%s/rank%d.log" % (n, rank), L)
                continue
            if ni != 1:
                # inter-node peers of the dead GPU see the IB side first
                for k in range(3 if ni != 0 else 1):
                    L.append("")
                    L.append("%s:%d:%d [%d] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer 10.1.32.12<%d> with error 12, opcode 0, len 0, vendor err 129 (Recv) localGid ::ffff:%s remoteGid ::ffff:10.1.32.12" % (
                        n, pid, pid + 310, lr, 40950 + k * 7 + lr, _ip("10.1.32", ni)))
                    L.append("%s:%d:%d [%d] NCCL INFO transport/net.cc:1100 -> 6" % (n, pid, pid + 310, lr))
                    L.append("%s:%d:%d [%d] NCCL INFO proxy.cc:679 -> 6" % (n, pid, pid + 310, lr))
                    L.append("%s:%d:%d [%d] NCCL INFO proxy.cc:858 -> 6 [Proxy Thread]" % (n, pid, pid + 310, lr))
            j = r.random()
            L += watchdog_block("2.1", c, fire + j, rank, seq, "ALLREDUCE", 1, 1, 1800000,
                                1800000 + int(j * 1000) + 500, 0, 0)
            L.append("%s:%d:%d [%d] NCCL INFO [Service thread] Connection closed by localRank %d" % (n, pid, pid + 320, lr, lr))
            L.append("%s:%d:%d [%d] NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d busId %s - Abort COMPLETE" % (n, pid, pid + 300, lr, 0xc320220 + rank * 0x100, rank, world, lr, BUS_IDS[lr]))
            b.lines("%s/rank%d.log" % (n, rank), L)
    dm2 = ["%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023" % c.ctime(-1623000),
           "%s pcieport 0000:ae:02.0: AER: Corrected error received: 0000:ae:02.0" % c.ctime(xid_t - 41.2),
           "%s pcieport 0000:ae:02.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)" % c.ctime(xid_t - 41.2),
           "%s pcieport 0000:ae:02.0:   device [8086:352a] error status/mask=00001000/00002000" % c.ctime(xid_t - 41.2),
           "%s pcieport 0000:ae:02.0:    [12] Timeout               " % c.ctime(xid_t - 41.2),
           "%s pcieport 0000:ae:02.0: AER: Uncorrected (Fatal) error received: 0000:ae:02.0" % c.ctime(xid_t - 0.3),
           "%s NVRM: GPU at PCI:0000:ab:00: GPU-5f0d2c1e-7a4b-11ee-9b2a-3cecef1a0d55" % c.ctime(xid_t),
           "%s NVRM: Xid (PCI:0000:ab:00): 79, pid=65506, name=python, GPU has fallen off the bus." % c.ctime(xid_t),
           "%s NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus." % c.ctime(xid_t),
           "%s NVRM: A GPU crash dump has been created. If possible, please run" % c.ctime(xid_t + 0.1),
           "%s NVRM: nvidia-bug-report.sh as root to collect this data before" % c.ctime(xid_t + 0.1),
           "%s NVRM: the NVIDIA kernel module is unloaded." % c.ctime(xid_t + 0.1),
           "%s INFO: task python:65506 blocked for more than 120 seconds." % c.ctime(xid_t + 123),
           "%s       Tainted: P           OE     5.15.0-88-generic #98-Ubuntu" % c.ctime(xid_t + 123),
           "%s \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message." % c.ctime(xid_t + 123)]
    b.lines("gpu-b02/dmesg.txt", dm2)
    b.lines("gpu-b02/nvidia-smi.txt", [
        "$ nvidia-smi   (%s)" % c.iso(fire + 300),
        "Unable to determine the device handle for GPU0000:AB:00.0: Unknown Error"])
    for n in ("gpu-b01", "gpu-b03", "gpu-b04"):
        b.lines("%s/dmesg.txt" % n, [
            "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023" % c.ctime(-1623000),
            "%s mlx5_core 0000:4b:00.0: mlx5_fw_tracer_handle_traces:761:(pid 0): FW tracer: 0x1f7 (timestamp 0x5c6e0)" % c.ctime(-1400000)])
        b.lines("%s/ibstat.txt" % n, [
            "CA 'mlx5_0'", "\tCA type: MT4123", "\tNumber of ports: 1",
            "\tFirmware version: 20.38.1002", "\tPort 1:", "\t\tState: Active",
            "\t\tPhysical state: LinkUp", "\t\tRate: 200", "\t\tLink layer: InfiniBand"])
    b.lines("slurm-3370154.out", [
        "[2023-12-02 22:05:02] launching: srun torchrun --nnodes 4 --nproc_per_node 8 train_sft.py",
        "srun: error: gpu-b03: task 2: Exited with exit code 1",
        "srun: error: gpu-b01: task 0: Exited with exit code 1",
        "srun: error: gpu-b04: task 3: Exited with exit code 1",
        "slurmstepd: error: *** STEP 3370154.0 ON gpu-b01 CANCELLED AT %s ***" % c.slurm(fire + 600),
        "srun: error: gpu-b02: task 1: Killed",
        "slurmstepd: error: Unable to terminate process 65506 on gpu-b02 (D state)"])
    label = {"category": "gpu_hardware", "layer": "infrastructure",
             "culprit": {"node": "gpu-b02", "rank": bad},
             "action": "restart_without_node",
             "rationale": "gpu-b02's kernel log shows PCIe AER errors then Xid 79 (GPU has fallen off the bus) on the GPU of rank 13, whose process then hangs in D state and never reports; the IB completion errors on the other nodes and the 31 watchdog timeouts are sympathetic to the lost peer.",
             "modelled_on": "https://github.com/rwth-i6/returnn/issues/1486"}
    return b, label


CASES = [bz01, bz02, bz03, bz04, bz05, bz06, bz07]
