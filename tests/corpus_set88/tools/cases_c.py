"""Cases cg21-cg30."""
from common import (Bundle, dt, plus, glog, pylog, isots, plain, ctime, syslog, uptime,
                    prefix, torchrun_banner, elastic_sigterm, elastic_failed,
                    child_failed_error, watchdog_timeout, nccl_init, H100_BUS, A100_BUS,
                    nvidia_smi, dmesg_boot, kline, ibstat, sacct, rng_for)


def cuda_err_tail():
    return ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]


# ---------------------------------------------------------------------------
# cg21: 'uncorrectable ECC error encountered' on one rank; Xid 48 DBE on that GPU
# ---------------------------------------------------------------------------
def cg21():
    b = Bundle("cg21_deepspeed_uncorrectable_ecc_runtimeerror")
    rng = rng_for(b.name)
    nodes = ["gpu-q01", "gpu-q02", "gpu-q03", "gpu-q04"]
    bad, badlocal = "gpu-q02", 6
    badrank = 8 + badlocal
    t0 = dt(2024, 10, 30, 19, 0, 2, 0)
    tf = plus(t0, 9 * 3600 + 17 * 60 + 44.1)
    pci = "0000:%s" % H100_BUS[badlocal][:5]
    for ni, host in enumerate(nodes):
        out = []
        if ni == 0:
            for st in range(19900, 20300, 50):
                out.append("%s: [%s] [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=0, lr=[0.000142], mom=[(0.9, 0.95)]" % (host, pylog(plus(tf, -(20300 - st) * 1.6)), st))
                out.append("%s: steps: %d loss: %.4f iter time (s): 1.602 samples/sec: 638.9" % (host, st, 1.88 + rng.random() * 0.03))
        if host == bad:
            lines = [
                "Traceback (most recent call last):",
                '  File "/home/tbrown/moe/train.py", line 402, in <module>',
                "    main()",
                '  File "/home/tbrown/moe/train.py", line 371, in main',
                "    engine.backward(loss)",
                '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/utils/nvtx.py", line 18, in wrapped_fn',
                "    ret_val = func(*args, **kwargs)",
                '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", line 2020, in backward',
                "    self.optimizer.backward(loss, retain_graph=retain_graph)",
                '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py", line 2063, in backward',
                "    self.loss_scaler.backward(loss.float(), retain_graph=retain_graph)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", line 769, in _engine_run_backward',
                "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
                "RuntimeError: CUDA error: uncorrectable ECC error encountered",
            ] + cuda_err_tail()
            out.append("\n".join("%s: [rank%d]: %s" % (host, badrank, l) for l in lines))
            out.append("%s: [rank%d]:[E%s ProcessGroupNCCL.cpp:1595] [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered" % (host, badrank, glog(plus(tf, 0.5)), badrank))
            for j in range(8):
                if j == badlocal:
                    continue
                out.append("%s: [rank%d]:[E%s ProcessGroupNCCL.cpp:1595] [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5" % (host, 8 + j, glog(plus(tf, 1.2 + 0.01 * j)), 8 + j))
                out.append("%s: ncclUnhandledCudaError: Call to CUDA function failed." % host)
                out.append("%s: Last error:" % host)
                out.append("%s: Cuda failure 'uncorrectable ECC error encountered'" % host)
        else:
            for j in range(8):
                r = ni * 8 + j
                out.append(prefix(watchdog_timeout(r, plus(tf, 1800.4 + 0.01 * j), 1640233, "ALLREDUCE", 67108864, 1800000, 1800051 + j), "%s: " % host).rstrip("\n"))
        out.append("%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (host, pylog(plus(tf, 3 if host == bad else 1802)), 33100 + ni * 9))
        b.add("%s/pdsh.log" % host, "\n".join(out) + "\n")
        boot = plus(t0, -6 * 86400 - 1700 * ni)
        d = dmesg_boot(boot, host, rng, nvrm="550.90.07")
        if host == bad:
            d += kline(boot, plus(tf, -0.03), "NVRM: Xid (PCI:%s): 48, pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % (pci, 42190 + badlocal))
            d += kline(boot, plus(tf, -0.02), "NVRM: Xid (PCI:%s): 63, pid=%d, name=python, Row Remapper: New row (0x0000000000c3f2a1) was marked for remapping, reset gpu to activate." % (pci, 42190 + badlocal))
            d += kline(boot, plus(tf, 0.6), "NVRM: Xid (PCI:%s): 45, pid=%d, name=python, Ch 00000010" % (pci, 42190 + badlocal))
        b.add("%s/dmesg.txt" % host, d)
    b.add("%s/nvidia-smi-q-gpu%d.txt" % (bad, badlocal), """==============NVSMI LOG==============
Timestamp                                 : %s
Driver Version                            : 550.90.07
CUDA Version                              : 12.4

GPU 00000000:%s
    Product Name                          : NVIDIA H100 80GB HBM3
    ECC Errors
        Volatile
            SRAM Correctable              : 0
            SRAM Uncorrectable Parity     : 0
            SRAM Uncorrectable SEC-DED    : 0
            DRAM Correctable              : 3
            DRAM Uncorrectable            : 2
        Aggregate
            SRAM Correctable              : 0
            SRAM Uncorrectable Parity     : 0
            SRAM Uncorrectable SEC-DED    : 0
            DRAM Correctable              : 3
            DRAM Uncorrectable            : 2
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : 1
        Pending                           : Yes
        Remapping Failure Occurred        : No
""" % (ctime(plus(tf, 900)), H100_BUS[badlocal].upper()))
    b.add("hostfile", "".join("%s slots=8\n" % h for h in nodes))
    b.set_label("gpu_memory", "infrastructure", {"node": bad, "rank": badrank}, "restart_without_node",
                "Rank 14 (gpu-q02 GPU 6, PCI 0000:ba:00) dies with 'uncorrectable ECC error encountered' at the same "
                "instant as an Xid 48 double-bit error on that GPU, followed by Xid 63 with a row remap still pending "
                "reset. The other ranks on q02 only report the CUDA failure second-hand and the other nodes time out. "
                "Memory fault on one GPU; exclude the node until it is reset and checked.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    return b


# ---------------------------------------------------------------------------
# cg22: kernel OOM killer kills a training rank on one node; another user's process holds the memory
# ---------------------------------------------------------------------------
def cg22():
    b = Bundle("cg22_hf_trainer_rank_sigkill_exitcode_minus9")
    rng = rng_for(b.name)
    nodes = ["gpu-k01", "gpu-k02", "gpu-k03"]
    bad = "gpu-k02"
    badlocal = 3
    t0 = dt(2024, 7, 16, 21, 0, 0, 0)
    tk = plus(t0, 5 * 3600 + 2 * 60 + 8.7)
    jobid = 710344
    for ni, host in enumerate(nodes):
        agent = 50100 + ni * 60
        pids = [agent + 34 + j for j in range(8)]
        out = [torchrun_banner(t0, agent, line=757)]
        if ni == 0:
            for s in range(3000, 3600, 100):
                out.append("[rank0]: {'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': 1.8%02de-05, 'epoch': 1.%02d}\n" % (1.41 + rng.random() * 0.05, 0.6 + rng.random() * 0.1, s % 97, s // 50))
        if host == bad:
            out.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM\n" % (glog(plus(tk, 1.2)), agent, pids[0]))
            out.append(elastic_sigterm(plus(tk, 1.2), agent, [p for k, p in enumerate(pids) if k not in (0, badlocal)]))
            out.append(elastic_failed(plus(tk, 2.5), agent, -9, badlocal, pids[badlocal], line=869))
            out.append(child_failed_error("train.py", dict(t=plus(tk, 0.4), host=host, rank=8 + badlocal, local_rank=badlocal, exitcode=-9, pid=pids[badlocal])))
        else:
            for j in range(8):
                r = ni * 8 + j
                out.append(watchdog_timeout(r, plus(tk, 1800.2 + 0.01 * j), 2207110, "ALLREDUCE", 205520896, 1800000, 1800081 + j))
        b.add("%s/stdout.log" % host, "".join(out))
        boot = plus(t0, -50 * 86400 - 2222 * ni)
        d = dmesg_boot(boot, host, rng, nvrm="535.183.01", style="ctime")
        if host == bad:
            t = plus(tk, -0.6)
            d += kline(boot, t, "pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0", style="ctime")
            d += kline(boot, t, "CPU: 41 PID: 61877 Comm: pt_data_worker Tainted: P           OE     5.15.0-107-generic #117-Ubuntu", style="ctime")
            d += kline(boot, t, "Mem-Info:", style="ctime")
            d += kline(boot, t, "active_anon:481236310 inactive_anon:21180912 isolated_anon:0 active_file:2201 inactive_file:1894 isolated_file:0 unevictable:0 dirty:0 writeback:0 slab_reclaimable:301712 slab_unreclaimable:1203311 mapped:19203 shmem:8121330 pagetables:1091232 bounce:0 free:1620713 free_pcp:231 free_cma:0", style="ctime")
            d += kline(boot, t, "Tasks state (memory values in pages):", style="ctime")
            d += kline(boot, t, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name", style="ctime")
            for j in range(8):
                d += kline(boot, t, "[  %5d]  1201 %5d 24115321 13688121   121823232        0             0 python" % (pids[j], pids[j]), style="ctime")
            d += kline(boot, t, "[  61877]  1201 61877  9022112  1210331    12185600        0             0 pt_data_worker", style="ctime")
            d += kline(boot, t, "[  77121]  2047 77121 410223110 398112700  3218841600        0          -900 java", style="ctime")
            d += kline(boot, t, "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/slurm/uid_1201/job_710344/step_0/task_1,task=python,pid=%d,uid=1201" % pids[badlocal], style="ctime")
            d += kline(boot, t, "Out of memory: Killed process %d (python) total-vm:96461284kB, anon-rss:54752484kB, file-rss:96212kB, shmem-rss:0kB, UID:1201 pgtables:118968kB oom_score_adj:0" % pids[badlocal], style="ctime")
        b.add("%s/dmesg.txt" % host, d)
    b.add("%s/ps-top-mem.txt" % bad, """# ps -eo user,pid,ppid,rss,etime,args --sort=-rss | head -4   (collected 3 min after the kill; the job step had already ended)
USER        PID    PPID       RSS     ELAPSED COMMAND
etl-svc   77121       1 1592450800  2-04:11:52 /usr/lib/jvm/java-17/bin/java -Xmx1600g -cp /opt/spark/jars/* org.apache.spark.executor.CoarseGrainedExecutorBackend --app-id app-20240714165508-0031
root       3120       1     98112 50-00:01:10 /usr/sbin/slurmd -D
root       1544       1     61220 50-00:01:31 /usr/lib/systemd/systemd-journald
# free -g
               total        used        free      shared  buff/cache   available
Mem:            2015        1522         451          31          42         457
# squeue -w gpu-k02 -h   (no other Slurm job on this node)
""")
    for host in nodes:
        if host != bad:
            b.add("%s/free.txt" % host, "               total        used        free      shared  buff/cache   available\n"
                  "Mem:            2015         452        1488          31          74        1531\n")
    b.add("slurm-%d.out" % jobid, "srun: error: gpu-k02: task 1: Exited with exit code 1\n"
          "srun: error: gpu-k01: task 0: Exited with exit code 1\nsrun: error: gpu-k03: task 2: Exited with exit code 1\n")
    b.add("sacct.txt", sacct(jobid, "sft-70b", [("", "sft-70b", "gpu", 3, "FAILED", "1:0", "05:32:11", "gpu-k[01-03]")]))
    b.set_label("host", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Rank 11 on gpu-k02 dies with SIGKILL (exitcode -9): the kernel OOM killer took it while a Spark "
                "executor of another user (etl-svc, not part of the Slurm job, oom_score_adj -900) held ~1.5 TB of the "
                "node's 2 TB. The training ranks use ~55 GB each, as on the other nodes which have 1.5 TB free. A "
                "foreign process starving one node; the timeouts elsewhere are sympathetic.",
                "https://github.com/cBio/cbio-cluster/issues/232")
    return b


# ---------------------------------------------------------------------------
# cg23: NeMo global batch size not divisible after moving from 8 to 6 nodes
# ---------------------------------------------------------------------------
def cg23():
    b = Bundle("cg23_nemo_global_batch_assertion_six_nodes")
    rng = rng_for(b.name)
    nodes = ["eos%04d" % k for k in range(211, 217)]
    jobid = 1204551
    t0 = dt(2024, 8, 26, 12, 0, 4, 0)
    b.add("conf/gpt_13b.yaml", """trainer:
  num_nodes: 6          # was 8; two nodes reserved for eval this week
  devices: 8
  precision: bf16
model:
  micro_batch_size: 2
  global_batch_size: 1024
  tensor_model_parallel_size: 2
  pipeline_model_parallel_size: 1
  encoder_seq_length: 4096
""")
    for ni, host in enumerate(nodes):
        out = []
        if ni == 0:
            out.append("[NeMo I %s megatron_init:263] Rank 0 has data parallel group : [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46]" % plain(plus(t0, 40)))
            out.append("[NeMo I %s megatron_init:269] All data parallel group ranks with context parallel combined: [[0, 2, 4, ..., 46], [1, 3, 5, ..., 47]]" % plain(plus(t0, 40)))
            out.append("[NeMo I %s megatron_init:272] Ranks 0 has data parallel rank: 0" % plain(plus(t0, 40)))
            out.append("[NeMo I %s megatron_init:284] Rank 0 has context parallel group: [0]" % plain(plus(t0, 40)))
            out.append("[NeMo I %s megatron_init:310] Rank 0 has tensor model parallel group: [0, 1]" % plain(plus(t0, 40)))
            out.append("[NeMo W %s nemo_logging:349] /usr/local/lib/python3.10/dist-packages/pytorch_lightning/loops/utilities.py:72: `max_epochs` was not set. Setting it to 1000 epochs. To train without an epoch limit, set `max_epochs=-1`." % plain(plus(t0, 41)))
        for j in range(8):
            r = ni * 8 + j
            lines = [
                "Error executing job with overrides: ['trainer.num_nodes=6']",
                "Traceback (most recent call last):",
                '  File "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 39, in main',
                "    model = MegatronGPTModel(cfg.model, trainer)",
                '  File "/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py", line 309, in __init__',
                "    super().__init__(cfg, trainer=trainer, no_lm_init=True)",
                '  File "/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_base_model.py", line 152, in __init__',
                "    initialize_model_parallel_for_nemo(",
                '  File "/opt/NeMo/nemo/collections/nlp/modules/common/megatron/megatron_init.py", line 159, in initialize_model_parallel_for_nemo',
                "    init_num_microbatches_calculator(",
                '  File "/opt/megatron-lm/megatron/core/num_microbatches_calculator.py", line 216, in __init__',
                "    assert (",
                "AssertionError: global batch size (1024) is not divisible by micro batch size (2) times data parallel size (24)",
                "",
                "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.",
            ]
            out.append("\n".join("%d: %s" % (r, l) for l in lines))
        b.add("%s/srun_tasks.log" % host, "\n".join(out) + "\n")
        b.add("%s/dmesg.txt" % host, dmesg_boot(plus(t0, -3 * 86400 - 450 * ni), host, rng, nvrm="535.129.03"))
    b.add("slurm-%d.out" % jobid, "".join("srun: error: %s: tasks %d-%d: Exited with exit code 1\n" % (h, i * 8, i * 8 + 7) for i, h in enumerate(nodes)))
    b.add("sacct.txt", sacct(jobid, "gpt13b-pt", [("", "gpt13b-pt", "batch", 6, "FAILED", "1:0", "00:01:34", "eos[0211-0216]")]))
    b.set_label("user_code", "script", None, "stop",
                "All 48 ranks on the 6 nodes hit the same assertion during model init: global batch 1024 is not "
                "divisible by micro batch 2 x data-parallel 24 (48 GPUs / TP 2). The config was written for 8 nodes "
                "(DP 32) and only num_nodes was changed. Deterministic configuration error.",
                "https://github.com/NVIDIA/cloudai/pull/415")
    return b


# ---------------------------------------------------------------------------
# cg24: NCCL 'no socket interface found' on every rank; the job exports NCCL_SOCKET_IFNAME=eth0
# ---------------------------------------------------------------------------
def cg24():
    b = Bundle("cg24_nccl_bootstrap_no_socket_interface_all_nodes")
    rng = rng_for(b.name)
    nodes = ["cn-l101", "cn-l102", "cn-l103"]
    jobid = 99120
    t0 = dt(2025, 3, 18, 9, 30, 11, 0)
    b.add("job.sbatch", """#!/bin/bash
#SBATCH -N 3 --ntasks-per-node=1 --gpus-per-node=8 -p gpu
# copied from our old cluster's template
export NCCL_SOCKET_IFNAME=eth0
export NCCL_IB_HCA=mlx5
export NCCL_DEBUG=WARN
srun torchrun --nnodes 3 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint cn-l101:29500 train.py
""")
    for ni, host in enumerate(nodes):
        agent = 2100 + ni * 19
        out = [torchrun_banner(t0, agent)]
        tf = plus(t0, 14.4)
        for j in range(8):
            r = ni * 8 + j
            pid = agent + 6 + j
            out.append("\n%s:%d:%d [%d] bootstrap.cc:76 NCCL WARN Bootstrap : no socket interface found\n" % (host, pid, pid, j))
            lines = [
                "Traceback (most recent call last):",
                '  File "/home/pzhou/vae/train.py", line 90, in <module>',
                "    model = DDP(model, device_ids=[local_rank])",
                '  File "/opt/venv/lib/python3.11/site-packages/torch/nn/parallel/distributed.py", line 825, in __init__',
                "    _verify_param_shape_across_processes(self.process_group, parameters)",
                '  File "/opt/venv/lib/python3.11/site-packages/torch/distributed/utils.py", line 288, in _verify_param_shape_across_processes',
                "    return dist._verify_params_across_processes(process_group, tensors, logger)",
                "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.20.5",
                "ncclInvalidUsage: This usually reflects invalid usage of NCCL library.",
                "Last error:",
                "Bootstrap : no socket interface found",
            ]
            out.append(prefix("\n".join(lines), "[rank%d]: " % r))
        pids = [agent + 6 + j for j in range(8)]
        out.append(elastic_failed(plus(tf, 1.0), agent, 1, 0, pids[0], binary="/opt/venv/bin/python3"))
        out.append(child_failed_error("train.py", dict(t=plus(tf, 1.0), host=host, rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0]),
                                      [dict(t=plus(tf, 1.0), host=host, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)],
                                      torchrun_path="/opt/venv/bin/torchrun", site="/opt/venv/lib/python3.11/site-packages"))
        b.add("%s/stdout.log" % host, "".join(out))
        b.add("%s/ip-addr.txt" % host, """1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000
    inet 127.0.0.1/8 scope host lo
2: ens21f0np0: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 9000 qdisc mq master bond0 state UP group default qlen 1000
3: ens21f1np1: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 9000 qdisc mq master bond0 state UP group default qlen 1000
4: bond0: <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP group default qlen 1000
    inet 10.60.1.%d/22 brd 10.60.3.255 scope global bond0
5: ibp24s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 qdisc mq state UP group default qlen 256
    inet 172.20.1.%d/16 brd 172.20.255.255 scope global ibp24s0
""" % (101 + ni, 101 + ni))
        b.add("%s/ibstat.txt" % host, ibstat(["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"], 0xb83fd20300b00000 + ni * 0x40))
        b.add("%s/dmesg.txt" % host, dmesg_boot(plus(t0, -9 * 86400 - 120 * ni), host, rng, nvrm="560.35.03", kernel="5.14.0-503.14.1.el9_5.x86_64"))
    b.add("slurm-%d.out" % jobid, "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(nodes)))
    b.set_label("user_code", "script", None, "stop",
                "All 24 ranks on all 3 nodes fail NCCL bootstrap with 'no socket interface found' / ncclInvalidUsage. "
                "The job script exports NCCL_SOCKET_IFNAME=eth0, copied from another cluster, and no node has an eth0 "
                "(bond0, ens21f*, ibp24s0); the IB ports are Active. A bad setting in the user's job environment, not a "
                "network fault.",
                "https://github.com/marin-community/marin/issues/6940")
    return b


# ---------------------------------------------------------------------------
# cg25: device-side assert srcIndex < srcSelectDimSize on many ranks; tokenizer/model vocab mismatch
# ---------------------------------------------------------------------------
def cg25():
    b = Bundle("cg25_device_side_assert_many_ranks_both_nodes")
    rng = rng_for(b.name)
    nodes = ["p4d-w0", "p4d-w1"]
    t0 = dt(2024, 4, 9, 10, 15, 0, 0)
    tf = plus(t0, 201.3)
    for ni, host in enumerate(nodes):
        out = []
        if ni == 0:
            out.append("%s: [INFO|configuration_utils.py:733] %s >> loading configuration file /fsx/models/llama-2-7b-hf/config.json" % (host, pylog(plus(t0, 30))))
            out.append('%s:   "vocab_size": 32000' % host)
            out.append("%s: [INFO] %s data: loaded pre-tokenized dataset /fsx/data/tok/llama3/webmix-v2 (tokenizer=meta-llama/Meta-Llama-3-8B, vocab_size=128256, 41,223,118 sequences)" % (host, pylog(plus(t0, 52))))
            out.append("%s: [INFO|trainer.py:2134] %s >> ***** Running training *****" % (host, pylog(plus(t0, 190))))
        failing = [j for j in range(8) if (ni * 8 + j) % 7 != 3]
        for j in failing:
            r = ni * 8 + j
            for th in range(3):
                out.append("%s: ../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed." % (host, 188 + r * 3, 64 + th))
        for j in failing:
            r = ni * 8 + j
            lines = [
                "Traceback (most recent call last):",
                '  File "/fsx/code/cpt/train.py", line 233, in <module>',
                "    trainer.train()",
                '  File "/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", line 3318, in training_step',
                "    loss = self.compute_loss(model, inputs)",
                '  File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/engine.py", line 1846, in forward',
                "    loss = self.module(*inputs, **kwargs)",
                '  File "/opt/conda/lib/python3.10/site-packages/transformers/models/llama/modeling_llama.py", line 940, in forward',
                "    inputs_embeds = self.embed_tokens(input_ids)",
                '  File "/opt/conda/lib/python3.10/site-packages/torch/nn/modules/sparse.py", line 163, in forward',
                "    return F.embedding(",
                "RuntimeError: CUDA error: device-side assert triggered",
            ] + cuda_err_tail()
            out.append("\n".join("%s: [rank%d]: %s" % (host, r, l) for l in lines))
        out.append("%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (host, pylog(plus(tf, 2)), 20400 + ni))
        out.append("%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python3.10', '-u', 'train.py', '--local_rank=7', '--deepspeed', 'ds_z2.json'] exits with return code = -6" % (host, pylog(plus(tf, 2.4))))
        b.add("%s/pdsh.log" % host, "\n".join(out) + "\n")
        boot = plus(t0, -2 * 86400 - 700 * ni)
        d = dmesg_boot(boot, host, rng, kernel="5.10.213-201.855.amzn2.x86_64", nvrm="535.161.08", ib=False)
        for j in failing:
            d += kline(boot, plus(tf, 0.3 + 0.01 * j), "NVRM: Xid (PCI:0000:%s): 43, pid=%d, name=python3.10, Ch 00000008" % (A100_BUS[j][:5], 20410 + ni * 20 + j))
        b.add("%s/dmesg.txt" % host, d)
    b.set_label("user_code", "script", None, "stop",
                "Fourteen ranks across both nodes hit the same indexSelectLargeIndex assertion 'srcIndex < "
                "srcSelectDimSize' in the token embedding, then 'device-side assert triggered'. The model config has "
                "vocab_size 32000 (Llama-2) but the data was tokenized with the Llama-3 tokenizer (128256), so token ids "
                "run past the embedding. The Xid 43s are the app-level aborts on every failing GPU, not hardware.",
                "https://github.com/Lightning-AI/lit-llama/issues/306")
    return b


# ---------------------------------------------------------------------------
# cg26: IndexError on one rank, same step, in two attempts on different hosts (data shard)
# ---------------------------------------------------------------------------
def cg26():
    b = Bundle("cg26_indexerror_one_rank_twice_different_hosts")
    rng = rng_for(b.name)
    alloc = [["gpu-m01", "gpu-m02", "gpu-m03", "gpu-m04"], ["gpu-m05", "gpu-m03", "gpu-m02", "gpu-m04"]]
    jobid = 5540091
    starts = [dt(2024, 12, 2, 1, 0, 0), dt(2024, 12, 2, 3, 31, 12)]
    resumes = [2000, 2500]
    failstep = 2817
    badrank = 11
    for a in range(2):
        att = "attempt_%d" % (a + 1)
        t0 = starts[a]
        tf = plus(t0, 80 + (failstep - resumes[a]) * 1.9)
        nodes = alloc[a]
        for ni, host in enumerate(nodes):
            agent = 70300 + ni * 20 + a
            out = [torchrun_banner(t0, agent, line=757)]
            if ni == 0:
                out.append("[rank0]: [INFO|trainer.py:2243] %s >> Continuing training from checkpoint, will skip to saved global_step\n" % pylog(plus(t0, 60)))
                out.append("[rank0]: [INFO|trainer.py:2245] %s >>   Continuing training from global step %d\n" % (pylog(plus(t0, 60)), resumes[a]))
                for s in range(resumes[a] + 50, failstep, 100):
                    out.append("[rank0]: {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': 9.%03de-06, 'epoch': 0.%02d}\n" % (2.2 + rng.random() * 0.05, 1.1 + rng.random() * 0.2, s % 997, s // 40))
            if ni == 1:
                r = badrank
                out.append("[rank%d]: Token indices sequence length is longer than the specified maximum sequence length for this model (2304 > 2048). Running this sequence through the model will result in indexing errors\n" % r)
                lines = [
                    "Traceback (most recent call last):",
                    '  File "/work/code/distill/train.py", line 301, in <module>',
                    "    trainer.train(resume_from_checkpoint=True)",
                    '  File "/usr/local/lib/python3.11/site-packages/transformers/trainer.py", line 3485, in training_step',
                    "    loss = self.compute_loss(model, inputs, num_items_in_batch=num_items_in_batch)",
                    '  File "/usr/local/lib/python3.11/site-packages/transformers/models/gpt2/modeling_gpt2.py", line 822, in forward',
                    "    position_embeds = self.wpe(position_ids)",
                    '  File "/usr/local/lib/python3.11/site-packages/torch/nn/modules/sparse.py", line 190, in forward',
                    "    return F.embedding(",
                    '  File "/usr/local/lib/python3.11/site-packages/torch/nn/functional.py", line 2551, in embedding',
                    "    return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)",
                    "IndexError: index out of range in self",
                ]
                out.append(prefix("\n".join(lines), "[rank%d]: " % r))
                pids = [agent + 7 + j for j in range(8)]
                out.append(elastic_sigterm(plus(tf, 0.9), agent, [p for k, p in enumerate(pids) if k != 3]))
                out.append(elastic_failed(plus(tf, 1.4), agent, 1, 3, pids[3], binary="/usr/local/bin/python3.11"))
                out.append(child_failed_error("train.py", dict(t=plus(tf, 0.8), host=host, rank=badrank, local_rank=3, exitcode=1, pid=pids[3]),
                                              site="/usr/local/lib/python3.11/site-packages"))
            else:
                for j in range(8):
                    rr = ni * 8 + j
                    out.append(watchdog_timeout(rr, plus(tf, 600.3 + 0.01 * j), 70000 + failstep * 20, "ALLREDUCE", 124439808, 600000, 600050 + j))
            b.add("%s/%s/stdout.log" % (att, host), "".join(out))
            b.add("%s/%s/dmesg.txt" % (att, host), dmesg_boot(plus(dt(2024, 11, 20, 0, 0, 0), 1200 * int(host[-1])), host, rng, nvrm="550.90.07"))
        b.add("%s/slurm-%d.out" % (att, jobid), "# node order for this allocation: %s\n[rank11]: IndexError: index out of range in self\n"
              "srun: error: %s: task 1: Exited with exit code 1\n" % (",".join(nodes), nodes[1]))
    b.add("data_shards.txt", """# data/packing.py assigns pre-packed shard files by global rank
rank  shard                         max_len_tokens
...
10    packed-00010-of-00032.arrow   2048
11    packed-00011-of-00032.arrow   2304
12    packed-00012-of-00032.arrow   2048
...
""")
    b.add("sacct.txt", sacct(jobid, "distill", [
        ("", "distill", "a100", 4, "REQUEUED", "0:0", "00:26:58", "gpu-m[01-04]"),
        ("", "distill", "a100", 4, "FAILED", "1:0", "00:10:38", "gpu-m[02-05]")]))
    b.set_label("user_code", "script", None, "stop",
                "Both attempts fail at the same global step 2817 on global rank 11 only, but rank 11 ran on gpu-m02 in "
                "attempt 1 and on gpu-m03 in attempt 2. The error follows the rank, i.e. its data shard: HF warns that "
                "a 2304-token sequence exceeds the 2048 positions, and position_embeds raises IndexError. A data/"
                "config bug, not hardware.",
                "https://github.com/huggingface/transformers/issues/15867")
    return b


# ---------------------------------------------------------------------------
# cg27: 'Detected mismatch between collectives' (TORCH_DISTRIBUTED_DEBUG=DETAIL)
# ---------------------------------------------------------------------------
def cg27():
    b = Bundle("cg27_lightning_detected_mismatch_between_collectives")
    rng = rng_for(b.name)
    nodes = ["gn-a11", "gn-a12"]
    t0 = dt(2024, 3, 21, 16, 0, 0, 0)
    tf = plus(t0, 3 * 3600 + 7 * 60 + 31.2)
    fp_all = ("CollectiveFingerPrint(SequenceNumber=48213, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float, "
              "TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), "
              "requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))")
    fp_bc = ("CollectiveFingerPrint(SequenceNumber=48213, OpType=BROADCAST, TensorShape=[1], TensorDtypes=Long, "
             "TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), "
             "requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))")
    b.add("module_excerpt.py", """# models/segmenter.py (validation_step, lines 140-152)
        iou = self.iou(preds, masks)
        self.log("val/miou", iou.mean(), sync_dist=True)
        for cls_id in masks.unique().tolist():
            # only log the rare classes when they appear in this rank's batch
            if cls_id in self.rare_classes:
                self.log(f"val/iou_{self.class_names[cls_id]}", iou[cls_id], sync_dist=True)
""")
    b.add("env.txt", "TORCH_DISTRIBUTED_DEBUG=DETAIL\nNCCL_DEBUG=WARN\nTORCH_NCCL_ASYNC_ERROR_HANDLING=1\n")
    for ni, host in enumerate(nodes):
        out = []
        for j in range(8):
            r = ni * 8 + j
            out.append("[%s] Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (pylog(plus(t0, 5 + r * 0.01)), r, r + 1))
        for j in range(8):
            r = ni * 8 + j
            if r in (3, 12):
                mine, other, orank = fp_all, fp_bc, 0
            else:
                mine, other, orank = fp_bc, fp_all, 3
            lines = [
                "Traceback (most recent call last):",
                '  File "/opt/venv/lib/python3.10/site-packages/lightning/pytorch/core/module.py", line 513, in log',
                "    value = apply_to_collection(value, numbers.Number, self.__to_tensor, name)",
                '  File "/opt/venv/lib/python3.10/site-packages/lightning/pytorch/trainer/connectors/logger_connector/result.py", line 237, in _sync',
                "    return _sync_ddp(result, group=group, reduce_op=reduce_op)",
                '  File "/opt/venv/lib/python3.10/site-packages/lightning_fabric/utilities/distributed.py", line 220, in _sync_ddp',
                "    torch.distributed.all_reduce(result, op=op, group=group, async_op=False)" if r in (3, 12) else
                "    broadcast(object_sizes_tensor, src=src, group=group)",
                '  File "/opt/venv/lib/python3.10/site-packages/torch/distributed/c10d_logger.py", line 79, in wrapper',
                "    return func(*args, **kwargs)",
                "RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: %s, but Rank %d is running collective: %s.Collectives differ in the following aspects: \t Op type: %svs %s  Tensor Tensor shapes: %svs %s  Tensor Tensor dtypes: %svs %s" % (
                    r, mine, orank, other,
                    "ALLREDUCE" if mine is fp_all else "BROADCAST", "BROADCAST" if mine is fp_all else "ALLREDUCE",
                    "" if mine is fp_all else "1", "1" if mine is fp_all else "",
                    "Float" if mine is fp_all else "Long", "Long" if mine is fp_all else "Float"),
            ]
            out.append(prefix("\n".join(lines), "[rank%d]: " % r).rstrip("\n"))
        b.add("%s/rank_output.log" % host, "\n".join(out) + "\n")
        b.add("%s/dmesg.txt" % host, dmesg_boot(plus(t0, -11 * 86400 - 900 * ni), host, rng, nvrm="535.129.03"))
    b.add("slurm-771104.out", "Epoch 11: 100%%|##########| 1250/1250 [17:02<00:00,  1.22it/s, v_num=4, train/loss=0.211]\n"
          "Validation DataLoader 0:  38%%|###8      | 60/157 [00:31<00:50,  1.91it/s]\n"
          "srun: error: gn-a11: tasks 0-7: Exited with exit code 1\nsrun: error: gn-a12: tasks 8-15: Exited with exit code 1\n")
    b.set_label("hang", "script", None, "stop",
                "With TORCH_DISTRIBUTED_DEBUG=DETAIL every rank reports the same 48213th collective mismatch: ranks 3 "
                "and 12 enter an ALLREDUCE for a rare-class metric that only they logged with sync_dist=True, while "
                "the other 14 ranks are already in the next BROADCAST. The module logs keys conditionally per rank, a "
                "program-logic collective mismatch that would otherwise deadlock.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    return b


# ---------------------------------------------------------------------------
# cg28: Kubernetes worker on one node cannot find the NVIDIA driver libraries
# ---------------------------------------------------------------------------
def cg28():
    b = Bundle("cg28_k8s_worker_no_nvidia_driver_libcuda_missing")
    rng = rng_for(b.name)
    nodes = ["gpu-n04", "gpu-n05", "gpu-n06", "gpu-n07"]
    pods = ["llm-ft-master-0", "llm-ft-worker-0", "llm-ft-worker-1", "llm-ft-worker-2"]
    bad = "gpu-n07"
    t0 = dt(2025, 2, 3, 14, 2, 19, 0)
    b.add("pytorchjob.yaml", """apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata: {name: llm-ft, namespace: team-nlp}
spec:
  pytorchReplicaSpecs:
    Master:
      replicas: 1
      template:
        spec:
          containers:
          - name: pytorch
            image: registry.local/nlp/llm-ft:2025.01.28
            command: ["/bin/bash", "/app/entrypoint.sh"]
            resources: {limits: {nvidia.com/gpu: 8}}
    Worker:
      replicas: 3
      template:
        spec:
          containers:
          - name: pytorch
            image: registry.local/nlp/llm-ft:2025.01.28
            command: ["/bin/bash", "/app/entrypoint.sh"]
            resources: {limits: {nvidia.com/gpu: 8}}
""")
    pod_rows = []
    for ni, (host, pod) in enumerate(zip(nodes, pods)):
        out = []
        out.append("+ ls -l /usr/lib/x86_64-linux-gnu/libcuda.so.1")
        if host == bad:
            out.append("ls: cannot access '/usr/lib/x86_64-linux-gnu/libcuda.so.1': No such file or directory")
            out.append("+ nvidia-smi -L")
            out.append("/app/entrypoint.sh: line 4: nvidia-smi: command not found")
        else:
            out.append("lrwxrwxrwx 1 root root 20 Feb  3 14:02 /usr/lib/x86_64-linux-gnu/libcuda.so.1 -> libcuda.so.550.127.08")
            out.append("+ nvidia-smi -L")
            for j in range(8):
                out.append("GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%08x-%04x-%04x-%04x-%012x)" % (j, 0x3f2a0000 + ni * 16 + j, 0x1a2b + j, 0x4c5d, 0x8e9f, 0x0a1b2c3d4e50 + ni * 8 + j))
        out.append("+ torchrun --nnodes 4 --nproc-per-node 8 --node-rank %d --master-addr llm-ft-master-0 --master-port 23456 /app/finetune.py" % ni)
        agent = 1 + ni
        out.append(torchrun_banner(plus(t0, 3), 41, line=793).rstrip("\n"))
        if host == bad:
            tf = plus(t0, 11.6)
            for j in range(8):
                r = ni * 8 + j
                lines = [
                    "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)",
                    "  return torch._C._cuda_getDeviceCount() > 0",
                    "Traceback (most recent call last):",
                    '  File "/app/finetune.py", line 57, in <module>',
                    "    torch.cuda.set_device(local_rank)",
                    '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 399, in set_device',
                    "    torch._C._cuda_setDevice(device)",
                    '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 314, in _lazy_init',
                    "    torch._C._cuda_init()",
                    "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx",
                ]
                out.append(prefix("\n".join(lines), "[rank%d]: " % r).rstrip("\n"))
            pids = [60 + j for j in range(8)]
            out.append(elastic_failed(plus(tf, 0.9), 41, 1, 0, pids[0]).rstrip("\n"))
            out.append(child_failed_error("/app/finetune.py", dict(t=plus(tf, 0.9), host=pod, rank=24, local_rank=0, exitcode=1, pid=pids[0]),
                                          [dict(t=plus(tf, 0.9), host=pod, rank=24 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)]).rstrip("\n"))
        else:
            tw = plus(t0, 12.0 + 1800)
            if ni == 0:
                out.append("[rank0]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined.")
            out.append("W%s 41 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % glog(plus(tw, 4)))
        b.add("%s/%s.log" % (host, pod), "\n".join(out) + "\n")
        pod_rows.append("%-18s %-7s %-9s %-10s %s" % (pod, "1/1" if host != bad else "0/1", "Error" if host == bad else "Running", "0" if host != bad else "3", host))
        boot = plus(t0, -(30 if host != bad else 1) * 86400 - 500 * ni)
        b.add("%s/dmesg.txt" % host, dmesg_boot(boot, host, rng, nvrm="550.127.08", kernel="5.15.0-130-generic"))
    b.add("kubectl-get-pods.txt", "NAME               READY   STATUS    RESTARTS   NODE\n" + "\n".join(pod_rows) + "\n")
    b.add("kubectl-describe-pod-llm-ft-worker-2.txt", """Name:             llm-ft-worker-2
Namespace:        team-nlp
Node:             gpu-n07/10.70.0.47
Containers:
  pytorch:
    Image:          registry.local/nlp/llm-ft:2025.01.28
    State:          Terminated
      Reason:       Error
      Exit Code:    1
    Limits:
      nvidia.com/gpu:  8
    Environment:
      NVIDIA_VISIBLE_DEVICES:  GPU-7c1e0a11-2b3c-4d5e-8f90-aa11bb22cc33,GPU-7c1e0a12-2b3c-4d5e-8f90-aa11bb22cc33,...
Events:
  Type     Reason     Age   From               Message
  ----     ------     ----  ----               -------
  Normal   Scheduled  4m    default-scheduler  Successfully assigned team-nlp/llm-ft-worker-2 to gpu-n07
  Normal   Pulled     4m    kubelet            Container image "registry.local/nlp/llm-ft:2025.01.28" already present on machine
  Warning  BackOff    61s   kubelet            Back-off restarting failed container pytorch in pod llm-ft-worker-2_team-nlp
""")
    b.add("%s/journal.txt" % bad, """%s gpu-n07 systemd[1]: Started containerd container runtime.
%s gpu-n07 containerd[1812]: time="%s" level=info msg="loading plugin \\"io.containerd.grpc.v1.cri\\"..." type=io.containerd.grpc.v1
%s gpu-n07 containerd[1812]: time="%s" level=info msg="Start cri plugin with config {... DefaultRuntimeName:runc ...}"
%s gpu-n07 kubelet[2203]: I0202 09:41:07.112093    2203 kubelet_node_status.go:76] "Successfully registered node" node="gpu-n07"
%s gpu-n07 nvidia-container-toolkit-ctr[5120]: level=error msg="failed to configure containerd: unable to write config /etc/containerd/config.toml: read-only file system"
%s gpu-n07 nvidia-device-plugin[5391]: I0202 09:43:18.006612 main.go:317] Registered device plugin for 'nvidia.com/gpu' with Kubelet
""" % (syslog(dt(2025, 2, 2, 9, 40, 51)), syslog(dt(2025, 2, 2, 9, 40, 52)), isots(dt(2025, 2, 2, 9, 40, 52)),
       syslog(dt(2025, 2, 2, 9, 40, 52)), isots(dt(2025, 2, 2, 9, 40, 52)), syslog(dt(2025, 2, 2, 9, 41, 7)),
       syslog(dt(2025, 2, 2, 9, 43, 2)), syslog(dt(2025, 2, 2, 9, 43, 18))))
    b.set_label("dependency", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Only the pod on gpu-n07 fails: libcuda.so.1 and nvidia-smi are absent inside the container, so all 8 "
                "ranks fail CUDA init with 'Found no NVIDIA driver'. The same image on n04-n06 sees 8 H100s and the "
                "550.127.08 driver libs. gpu-n07 was re-provisioned the day before and the NVIDIA container toolkit "
                "could not install its containerd runtime (read-only config), so runc starts GPU pods without the "
                "driver injected.",
                "https://github.com/NVIDIA/nvidia-docker/issues/828")
    return b


# ---------------------------------------------------------------------------
# cg29: job hit its time limit; shutdown noise looks like errors
# ---------------------------------------------------------------------------
def cg29():
    b = Bundle("cg29_titan_sigterm_runtimeerrors_at_walltime")
    rng = rng_for(b.name)
    nodes = ["h200-c3-17", "h200-c3-18"]
    jobid = 5529012
    t0 = dt(2025, 2, 10, 18, 0, 9, 0)
    tend = dt(2025, 2, 11, 6, 0, 12, 0)
    b.add("launch.sbatch", """#!/bin/bash
#SBATCH --job-name=ds-v3-16b --nodes=2 --gpus-per-node=8 --ntasks-per-node=1
#SBATCH --time=12:00:00
#SBATCH --partition=h200
srun torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint h200-c3-17:29500 \\
   -m torchtitan.train --job.config_file train_configs/deepseek_v3_16b.toml
""")
    slurm = []
    for step in range(10, 21000, 1500):
        tt = plus(t0, 45 + step * 2.05)
        slurm.append("[rank0]:[titan] %s - root - INFO - step: %5d  loss:  %.4f  grad_norm:  %.4f  memory: 112.41GiB(80.38%%)  tps: 7,9%02d  tflops: 401.23  mfu: 40.57%%" % (
            pylog(tt), step, 3.4 - step * 6e-5 + rng.random() * 0.02, 0.3 + rng.random() * 0.05, rng.randint(0, 99)))
    slurm.append("[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % pylog(plus(tend, -1802)))
    slurm.append("[rank0]:[titan] %s - root - INFO - [GC] Performing periodical GC collection 0.04 seconds" % pylog(plus(tend, -1781)))
    slurm.append("[rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 21.12 seconds." % pylog(plus(tend, -1780)))
    slurm.append("slurmstepd: error: *** JOB %d ON h200-c3-17 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, isots(tend)))
    slurm.append("slurmstepd: error: *** STEP %d.0 ON h200-c3-17 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, isots(tend)))
    slurm.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    b.add("slurm-%d.out" % jobid, "\n".join(slurm) + "\n")
    for ni, host in enumerate(nodes):
        agent = 8800 + ni * 50
        pids = [agent + 4 + j for j in range(8)]
        out = []
        out.append("W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (glog(plus(tend, 0.2)), agent))
        out.append(elastic_sigterm(plus(tend, 0.2), agent, pids, line=897).rstrip("\n"))
        for j in (0, 5):
            r = ni * 8 + j
            lines = [
                "Traceback (most recent call last):",
                '  File "/opt/torchtitan/torchtitan/train.py", line 480, in train',
                "    self.train_step(data_iterator)",
                '  File "/opt/torchtitan/torchtitan/components/dataloader.py", line 88, in __iter__',
                "    batch = next(self._iter)",
                '  File "/opt/conda/lib/python3.11/site-packages/torch/utils/data/_utils/signal_handling.py", line 73, in handler',
                "    _error_if_any_worker_fails()",
                "RuntimeError: DataLoader worker (pid(s) %d) exited unexpectedly" % (pids[j] + 300),
            ]
            out.append(prefix("\n".join(lines), "[rank%d]: " % r).rstrip("\n"))
        out.append("[rank%d]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. (function operator())" % (ni * 8, glog(plus(tend, 1.1))))
        out.append("Traceback (most recent call last):")
        out.append('  File "/opt/conda/bin/torchrun", line 8, in <module>')
        out.append("    sys.exit(main())")
        out.append('  File "/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler')
        out.append('    raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)')
        out.append("torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % agent)
        b.add("%s/stdout.log" % host, "\n".join(out) + "\n")
        b.add("%s/dmesg.txt" % host, dmesg_boot(plus(t0, -17 * 86400 - 321 * ni), host, rng, nvrm="560.35.03", kernel="6.8.0-51-generic"))
    b.add("sacct.txt", sacct(jobid, "ds-v3-16b", [
        ("", "ds-v3-16b", "h200", 2, "TIMEOUT", "0:0", "12:00:03", "h200-c3-[17-18]"),
        (".batch", "batch", "", 1, "CANCELLED", "0:15", "12:00:05", "h200-c3-17"),
        (".0", "torchrun", "", 2, "CANCELLED", "0:15", "12:00:01", "h200-c3-[17-18]")]))
    b.set_label("unknown", "framework", None, "none",
                "Training ran normally to step ~21000 and wrote a checkpoint 30 minutes earlier; Slurm then cancelled the "
                "job DUE TO TIME LIMIT (sacct TIMEOUT at exactly 12:00:00). The SignalException, DataLoader-worker "
                "RuntimeErrors and the process-group warning are shutdown side effects of that SIGTERM. Nothing failed.",
                "https://github.com/ZettaAI/zetta_utils/issues/671")
    return b


# ---------------------------------------------------------------------------
# cg30: 'unspecified launch failure' on one rank of 64; Xid 79 fallen off the bus; noisy neighbours
# ---------------------------------------------------------------------------
def cg30():
    b = Bundle("cg30_lightning_unspecified_launch_failure_64_ranks")
    rng = rng_for(b.name)
    nodes = ["gpu-p%02d" % k for k in range(1, 9)]
    bad, badlocal = "gpu-p06", 4
    badrank = 5 * 8 + badlocal
    jobid = 8812044
    t0 = dt(2024, 11, 12, 4, 0, 0, 0)
    tf = plus(t0, 11 * 3600 + 23 * 60 + 5.5)
    pci = "0000:%s" % H100_BUS[badlocal][:5]
    for ni, host in enumerate(nodes):
        out = []
        if host == bad:
            lines = [
                "Traceback (most recent call last):",
                '  File "/home/vgarcia/videogen/train.py", line 155, in <module>',
                "    trainer.fit(model, datamodule=dm)",
                '  File "/opt/venv/lib/python3.11/site-packages/lightning/pytorch/loops/optimization/automatic.py", line 318, in _training_step',
                "    training_step_output = call._call_strategy_hook(trainer, \"training_step\", *kwargs.values())",
                '  File "/opt/venv/lib/python3.11/site-packages/lightning/pytorch/strategies/strategy.py", line 390, in training_step',
                "    return self.lightning_module.training_step(*args, **kwargs)",
                '  File "/home/vgarcia/videogen/models/dit.py", line 301, in training_step',
                "    loss = F.mse_loss(pred.float(), target.float())",
                "RuntimeError: CUDA error: unspecified launch failure",
            ] + cuda_err_tail()
            out.append(prefix("\n".join(lines), "[rank%d]: " % badrank).rstrip("\n"))
            for j in range(8):
                if j == badlocal:
                    continue
                r = ni * 8 + j
                pid = 91200 + j
                out.append("%s:%d:%d [%d] NCCL INFO [Service thread] Connection closed by localRank %d" % (host, pid, pid + 44, j, badlocal))
                out.append("%s:%d:%d [%d] transport/p2p.cc:275 NCCL WARN Cuda failure 'unspecified launch failure'" % (host, pid, pid + 45, j))
                out.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:1595] [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5" % (r, glog(plus(tf, 2.0 + 0.01 * j)), r))
        else:
            for j in range(8):
                r = ni * 8 + j
                out.append(watchdog_timeout(r, plus(tf, 1800.2 + 0.005 * r), 9012334, "_ALLGATHER_BASE", 88080384, 1800000, 1800040 + r).rstrip("\n"))
        b.add("%s/rank_output.log" % host, "\n".join(out) + "\n")
        boot = plus(t0, -(8 + ni) * 86400 - 777 * ni)
        d = dmesg_boot(boot, host, rng, nvrm="550.127.05", kernel="5.15.0-125-generic")
        if host == "gpu-p02":
            d += kline(boot, plus(t0, -5 * 86400 + 3001), "NVRM: Xid (PCI:0000:3a:00): 13, pid=220031, name=python3, Graphics Exception: ChID 0010, Class 0000c9c0, Offset 00000000, Data 00000000")
        if host == "gpu-p03":
            d += kline(boot, plus(tf, -3600 * 2), "mce: [Hardware Error]: Machine check events logged")
            d += kline(boot, plus(tf, -3600 * 2 + 0.001), "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f2a1c offset:0x340 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:1 bg:2 ba:1 row:0x1e95 col:0x2d0)")
        if host == bad:
            d += kline(boot, plus(tf, -0.4), "NVRM: GPU at PCI:%s: GPU-5b8e12a0-77c4-9d1f-2e3a-0c4b5a6d7e8f" % pci)
            d += kline(boot, plus(tf, -0.4), "NVRM: GPU Board Serial Number: 1654723019982")
            d += kline(boot, plus(tf, -0.4), "NVRM: Xid (PCI:%s): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % pci)
            d += kline(boot, plus(tf, -0.39), "NVRM: GPU %s.0: GPU has fallen off the bus." % pci)
            d += kline(boot, plus(tf, -0.38), "pcieport 0000:97:01.0: pciehp: Slot(12): Link Down")
            d += kline(boot, plus(tf, 1.2), "NVRM: Xid (PCI:%s): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)" % pci)
        b.add("%s/dmesg.txt" % host, d)
        if host == bad:
            smi = ("Unable to determine the device handle for GPU%s.0: Unknown Error\n" % pci.upper()) + nvidia_smi(
                plus(tf, 1200), "550.127.05", "12.4", "NVIDIA H100 80GB HBM3", H100_BUS, 81559,
                [dict(err=(k == badlocal)) for k in range(8)])
            b.add("%s/nvidia-smi.txt" % host, smi)
    slurm = ["Epoch 4:  61%%|######1   | 2441/4000 [6:12:01<3:57:30,  0.11it/s, v_num=0, train/loss=0.0%02d]" % rng.randint(10, 99),
             "[rank%d]: RuntimeError: CUDA error: unspecified launch failure" % badrank,
             "srun: error: gpu-p06: tasks 40-47: Aborted (core dumped)"]
    for ni, host in enumerate(nodes):
        if host != bad:
            slurm.append("srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (host, ni * 8, ni * 8 + 7))
    b.add("slurm-%d.out" % jobid, "\n".join(slurm) + "\n")
    b.add("sacct.txt", sacct(jobid, "videogen", [("", "videogen", "h100", 8, "FAILED", "0:6", "11:53:12", "gpu-p[01-08]")]))
    b.set_label("gpu_hardware", "infrastructure", {"node": bad, "rank": badrank}, "restart_without_node",
                "Rank 44 (gpu-p06 GPU 4) fails with 'unspecified launch failure' at the moment dmesg logs Xid 79, GPU "
                "0000:9a:00 fallen off the bus, with the PCIe slot link down; nvidia-smi can no longer see it. The other "
                "p06 ranks report the CUDA failure second-hand, and the old Xid 13 on p02 and the corrected DIMM error "
                "on p03 are unrelated noise.",
                "https://github.com/rwth-i6/returnn/issues/1486")
    return b


CASES = [cg21, cg22, cg23, cg24, cg25, cg26, cg27, cg28, cg29, cg30]
