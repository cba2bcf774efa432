"""ao01-ao10: GPU / HBM / NVLink faults (the biggest share of interruptions)."""
from datetime import timedelta

from common import (Bundle, Log, Node, T, H100_BUS, A100_BUS, benign_kernel, f_date_cmd, f_dmesg_T,
                    f_pylog, f_pylog_br, f_syslog, f_uptime, f_c10, f_glog_py, kline, make_nodes,
                    megatron_iter, nvrm_xid, py_traceback, rng_for, sec, smi_gpu_q, smi_header, smi_table,
                    watchdog_timeout, watchdog_timeout_old, child_failed, ds_step, titan_step, f_iso,
                    f_journal_iso, f_nemo, agent_banner, nccl_init, bar, hms, smi_gpu_ecc)
from jobs import MEGATRON_TB, DS_TB, TorchrunJob, watchdog_cuda_error


def megatron_args_dump(args):
    L = ["------------------------ arguments ------------------------"]
    for k in sorted(args):
        L.append("  %s %s %s" % (k, "." * max(2, 48 - len(k)), args[k]))
    L.append("-------------------- end of arguments ---------------------")
    return "\n".join(L)


def slurm_header(jobid, nodelist, nnodes, dt, master):
    return "\n".join([
        "+ echo 'SLURM_JOB_ID=%s SLURM_JOB_NODELIST=%s SLURM_NNODES=%d'" % (jobid, nodelist, nnodes),
        "SLURM_JOB_ID=%s SLURM_JOB_NODELIST=%s SLURM_NNODES=%d" % (jobid, nodelist, nnodes),
        "+ export MASTER_ADDR=%s" % master,
        "+ date",
        f_date_cmd(dt),
    ])


# =============================================================================
# ao01  Xid 79 (fallen off the bus) on one GPU of a 16-node Megatron job
# =============================================================================
def ao01():
    name = "ao01_watchdog_timeouts_on_120_ranks_after_6h_megatron"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["hgx-a1%02d" % i for i in range(1, 17)]
    ips = ["10.40.1.%d" % (100 + i) for i in range(1, 17)]
    nodes = make_nodes(names, ips, rng)
    start = T("2025-03-04 09:05:12.400")
    job = TorchrunJob(nodes, rng, start, "/workspace/Megatron-LM/pretrain_gpt.py",
                      nccl_version="2.21.5+cuda12.4")
    culprit = nodes[8]          # hgx-a109
    bad_local = 5
    bad_rank = culprit.rank(bad_local)     # 69
    t0 = T("2025-03-04 15:27:41.318")

    job.banner()
    job.nccl(start + sec(48))
    first, last = nodes[0], nodes[-1]
    args = {"tensor_model_parallel_size": 8, "pipeline_model_parallel_size": 4, "data_parallel_size": 4,
            "world_size": 128, "micro_batch_size": 1, "global_batch_size": 1024, "seq_length": 8192,
            "num_layers": 80, "hidden_size": 8192, "bf16": True, "lr": "0.00015", "save_interval": 1000,
            "log_interval": 100, "distributed_timeout_minutes": 10, "save": "/lustre/fs2/llm/ckpt/gpt70b-r3",
            "load": "/lustre/fs2/llm/ckpt/gpt70b-r3", "use_distributed_optimizer": True}
    job.log(first).add(start + sec(40), "using world size: 128, data-parallel size: 4, context-parallel size: 1, "
                       "tensor-model-parallel size: 8, pipeline-model-parallel size: 4\n" + megatron_args_dump(args))
    job.log(first).add(start + sec(121), " loading checkpoint from /lustre/fs2/llm/ckpt/gpt70b-r3 at iteration 14000")
    job.log(first).add(start + sec(163), "  successfully loaded checkpoint from /lustre/fs2/llm/ckpt/gpt70b-r3 [ t 1/8, p 1/4 ] at iteration 14000")
    tstart = start + sec(171)
    job.log(first).add(tstart, "[after dataloaders are built] datetime: %s \ndone with setup ...\ntraining ..." % tstart.strftime("%Y-%m-%d %H:%M:%S"))
    job.log(first).add(tstart + sec(0.5), "[before the start of training step] datetime: %s " % tstart.strftime("%Y-%m-%d %H:%M:%S"))
    it = 14000
    t = tstart
    while True:
        dt_it = rng.uniform(4.08, 4.16)
        t += sec(dt_it * 100)
        if t >= t0:
            break
        it += 100
        job.log(last).add(t, megatron_iter(t, it, 250000, 1024, 8192, dt_it * 1000, 1.5e-4 * (1 - it / 400000.0),
                                           1.93 - (it - 14000) * 2.1e-6 + rng.uniform(-0.01, 0.01),
                                           rng.uniform(0.18, 0.27), rng.uniform(398, 406)))
        if it % 1000 == 0:
            job.log(first).add(t + sec(1), "saving checkpoint at iteration %7d to /lustre/fs2/llm/ckpt/gpt70b-r3 in torch_dist format" % it)
            job.log(first).add(t + sec(38), "  successfully saved checkpoint from iteration %7d to /lustre/fs2/llm/ckpt/gpt70b-r3 [ t 1/8, p 1/4 ]" % it)
    # culprit rank: watchdog sees CUDA error 2.7s after the GPU falls off the bus
    te = t0 + sec(2.71)
    job.log(culprit).add(te, watchdog_cuda_error(bad_rank, te, rng, "unknown error"))
    job.teardown(culprit, bad_local, te + sec(0.2), -6)
    # everyone else hangs in the in-flight collective until the 10 min timeout
    seq = 2119004
    times = job.watchdogs(t0 + sec(600.2), seq, skip=set(culprit.ranks()), op="_REDUCE_SCATTER_BASE",
                          numel=67108864, timeout_ms=600000, jitter=2.0)
    # red herring: a flush error naming 10.40.1.114 during teardown on hgx-a113
    n13 = nodes[12]
    tt = t0 + sec(601.9)
    job.log(n13).add(tt, "\n".join([
        "hgx-a113:%d:%d [2] NCCL INFO [Service thread] Connection closed by localRank 1" % (job.pid(n13, 2), job.pid(n13, 2) + 431),
        "hgx-a113:%d:%d [2] transport/net_ib.cc:1683 NCCL WARN NET/IB : Got completion from peer 10.40.1.114<58213> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:10.40.1.113 remoteGids::ffff:10.40.1.114" % (job.pid(n13, 2), job.pid(n13, 2) + 433),
        "hgx-a113:%d:%d [2] NCCL INFO transport/net.cc:1302 -> 6" % (job.pid(n13, 2), job.pid(n13, 2) + 433),
        "hgx-a113:%d:%d [2] NCCL INFO proxy.cc:698 -> 6" % (job.pid(n13, 2), job.pid(n13, 2) + 433),
        "hgx-a113:%d:%d [2] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (job.pid(n13, 2), job.pid(n13, 2) + 433)]))
    for n in nodes:
        if n is not culprit:
            job.finish(n)

    # slurm output
    so = Log()
    so.add(start - sec(3), slurm_header("482113", "hgx-a[101-116]", 16, start - sec(3), "hgx-a101"))
    so.add(start - sec(2), "+ srun --kill-on-bad-exit=0 --ntasks-per-node=1 --output=logs/%N.log bash -c 'torchrun --nnodes 16 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint hgx-a101:29500 ... pretrain_gpt.py ...'")
    so.add(te + sec(34), "srun: error: hgx-a109: task 8: Exited with exit code 1")
    for n in nodes:
        if n is culprit:
            continue
        so.add(min(times[r] for r in n.ranks()) + sec(33 + rng.uniform(0, 2)),
               "srun: error: %s: task %d: Exited with exit code 1" % (n.name, n.index))
    so.add(t0 + sec(642), "+ echo 'training exited with 1'\ntraining exited with 1")
    b.put("slurm-482113.out", so)

    for n in nodes:
        b.put("%s/logs/%s.log" % (n.name, n.name), job.log(n))
        # dmesg in uptime format plus boot time so it can be mapped
        k = Log()
        for dt, m in benign_kernel(rng, T("2025-03-03 20:00:00"), t0 + sec(700), rng.randint(14, 30)):
            k.add(dt, kline("uptime", dt, n.name, m, n.boot))
        if n is culprit:
            bus = H100_BUS[bad_local]
            for off, m in [(-0.21, "pcieport 0000:a8:01.0: AER: Uncorrected (Fatal) error received: 0000:a9:00.0"),
                           (-0.21, "nvidia 0000:%s:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Inaccessible, (Unregistered Agent ID)" % bus),
                           (0.0, "NVRM: GPU at PCI:0000:%s:00: GPU-7c1e0a55-93d2-3b7e-5d41-0a2f8e11c6d9" % bus),
                           (0.0, "NVRM: GPU Board Serial Number: 1652223018811"),
                           (0.0, nvrm_xid(bus, 79, "'<unknown>'", "<unknown>", "GPU has fallen off the bus.")),
                           (0.0, "NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % bus),
                           (0.01, "NVRM: A GPU crash dump has been created. If possible, please run\nNVRM: nvidia-bug-report.sh as root to collect this data before\nNVRM: the NVIDIA kernel module is unloaded."),
                           (4.2, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Fatal, Link 32 LTSSM Fault Up"),
                           (600, "nvidia-gpu 0000:%s:00.3: i2c timeout error ffffffff" % bus)]:
                k.add(t0 + sec(off), kline("uptime", t0 + sec(off), n.name, m, n.boot))
        if n.name == "hgx-a112":
            for off in (3600 * 2.1, 3600 * 4.7):
                d = t0 - sec(off)
                k.add(d, kline("uptime", d, n.name, "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x5c1a22 offset:0x0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:1 rank:0 bg:1 ba:2 row:0x1730 col:0x1c0)", n.boot))
        b.put("%s/dmesg.txt" % n.name, k)
        coll = t0 + sec(760 + n.index * 3)
        b.put("%s/uptime.txt" % n.name, ["$ date", f_date_cmd(coll), "$ uptime -s", n.boot.strftime("%Y-%m-%d %H:%M:%S")])
        if n is culprit:
            smi = ["$ nvidia-smi", "Unable to determine the device handle for GPU0000:AB:00.0: Unknown Error",
                   "$ nvidia-smi -q -i 5", "Unable to determine the device handle for gpu 0000:AB:00.0: Unknown Error"]
            b.put("%s/nvidia-smi.txt" % n.name, smi)
        else:
            rows = [(H100_BUS[i], rng.randint(31, 38), rng.randint(68, 74), 0, 0) for i in range(8)]
            b.put("%s/nvidia-smi.txt" % n.name, ["$ nvidia-smi"] + smi_table(coll, rows))

    b.set_label("gpu_hardware", "infrastructure", {"node": culprit.name, "rank": bad_rank}, "restart_without_node",
                "GPU 5 of hgx-a109 fell off the bus (Xid 79, PCIe AER fatal) at 15:27:41 and rank 69's watchdog hit "
                "'CUDA error: unknown error' seconds later; the 120 watchdog timeouts ten minutes later and the IB flush error "
                "naming 10.40.1.114 are sympathetic.",
                "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html")
    return b



def mpi_tag(rank, text, stream="stderr", jobid=41872):
    return "\n".join("[1,%d]<%s>:%s" % (rank, stream, l) for l in text.split("\n"))


# =============================================================================
# ao02  Xid 74 NVLink on one GPU; DeepSpeed under mpirun; mpirun blames another rank
# =============================================================================
def ao02():
    name = "ao02_mpirun_deepspeed_aborted_rank4_signal6"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["dgxh100-0%d" % i for i in range(17, 21)]
    ips = ["10.31.2.%d" % i for i in range(17, 21)]
    nodes = make_nodes(names, ips, rng)
    culprit = nodes[2]
    bad_local = 3
    bad_rank = culprit.rank(bad_local)   # 19
    start = T("2025-03-06 07:40:05.220")
    t0 = T("2025-03-06 11:02:13.547")
    world = 32
    out = Log()
    out.add(start - sec(1), "+ mpirun -np 32 -H dgxh100-017:8,dgxh100-018:8,dgxh100-019:8,dgxh100-020:8 --bind-to none "
            "--tag-output -x NCCL_DEBUG=INFO -x NCCL_IB_HCA=mlx5 -x MASTER_ADDR=10.31.2.17 -x MASTER_PORT=29500 "
            "python /home/svc-train/llm/train_ds.py --deepspeed --deepspeed_config ds_z3_bf16.json --model llama-13b")
    pids = {}
    for n in nodes:
        for l in range(8):
            r = n.rank(l)
            pids[r] = n.pid0 + l * 3
            t = start + sec(rng.uniform(6, 9))
            out.add(t, mpi_tag(r, "%s [INFO] [real_accelerator.py:219:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % f_pylog_br(t), "stdout"))
            t2 = t + sec(rng.uniform(3, 4))
            out.add(t2, mpi_tag(r, "%s [INFO] [comm.py:673:mpi_discovery] Discovered MPI settings of world_rank=%d, local_rank=%d, world_size=32, master_addr=10.31.2.17, master_port=29500" % (f_pylog_br(t2), r, l), "stdout"))
            t3 = t2 + sec(rng.uniform(1, 3))
            out.add(t3, mpi_tag(r, "\n".join(nccl_init(n, l, pids[r], pids[r] + 1201, world, 4, rng, version="2.20.5+cuda12.4",
                                                       verbose=(l == 0))), "stdout"))
    t = start + sec(15)
    out.add(t, mpi_tag(0, "%s [INFO] [comm.py:637:init_distributed] cdb=None" % f_pylog_br(t), "stdout"))
    t = start + sec(95)
    out.add(t, mpi_tag(0, "%s [INFO] [config.py:1000:print] DeepSpeedEngine configuration:\n%s [INFO] [config.py:1004:print]   bf16_enabled ................. True\n%s [INFO] [config.py:1004:print]   zero_optimization_stage ...... 3\n%s [INFO] [config.py:1004:print]   train_micro_batch_size_per_gpu  4\n%s [INFO] [config.py:1004:print]   gradient_accumulation_steps .. 8" % tuple([f_pylog_br(t)] * 5), "stdout"))
    step = 0
    t = start + sec(140)
    while True:
        t += sec(rng.uniform(28.7, 29.6))
        if t >= t0:
            break
        step += 10
        out.add(t, mpi_tag(0, ds_step(t, step, 3, 2.9e-4 * min(1, step / 2000.0), rng.uniform(350, 356), 21.31, 58.77, step * 8), "stdout"))
        if step % 50 == 0:
            out.add(t + sec(0.01), mpi_tag(0, "step %d | loss %.4f | grad_norm %.3f | tokens/s/gpu %d" % (
                step, 2.31 - step * 0.00019 + rng.uniform(-0.02, 0.02), rng.uniform(0.6, 1.1), rng.randint(3400, 3460)), "stdout"))
    # the real failure
    te = t0 + sec(1.12)
    tb = py_traceback(bad_rank, DS_TB, "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution\n"
                      "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
                      "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
                      "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", prefix=True)
    out.add(te, mpi_tag(bad_rank, "%s:%d:%d [3] NCCL INFO [Service thread] Connection closed by localRank 3" % (culprit.name, pids[bad_rank - 1], pids[bad_rank - 1] + 1203)))
    out.add(te + sec(0.02), mpi_tag(bad_rank, tb))
    # local peers on the same NVSwitch fabric and everybody else wait for the 30 min timeout
    seq = 188412
    for n in nodes:
        for l in range(8):
            r = n.rank(l)
            if r == bad_rank:
                continue
            tt = t0 + sec(1800.3 + (0 if r == 4 else rng.uniform(0.01, 0.9)))
            out.add(tt, mpi_tag(r, watchdog_timeout(r, tt, rng, seq, op="_ALLGATHER_BASE", numel=40960000,
                                                    timeout_ms=1800000, frames=(r % 5 == 0))))
    tend = t0 + sec(1800.9)
    out.add(tend + sec(1.4), "\n".join([
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
        "--------------------------------------------------------------------------",
        "mpirun noticed that process rank 4 with PID %d on node dgxh100-017 exited on signal 6 (Aborted)." % pids[4],
        "--------------------------------------------------------------------------"]))
    b.put("mpirun_train_ds_41872.out", out)

    for n in nodes:
        k = Log()
        for dt, m in benign_kernel(rng, start - sec(3600 * 6), tend + sec(120), rng.randint(10, 22)):
            k.add(dt, kline("syslog", dt, n.name, m, n.boot))
        if n is culprit:
            bus = H100_BUS[bad_local]
            for off, m in [(0.0, nvrm_xid(bus, 74, pids[bad_rank], "python", "NVLink: fatal error detected on link 14(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)")),
                           (0.0, nvrm_xid(bus, 74, pids[bad_rank], "python", "NVLink: fatal error detected on link 15(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)")),
                           (0.004, "nvidia-nvswitch3: SXid (PCI:0000:08:00.0): 12028, Non-fatal, Link 41 egress non-posted PRIV error (First)"),
                           (0.004, "nvidia-nvswitch3: SXid (PCI:0000:08:00.0): 12028, Severity 0 Engine instance 41 Sub-engine instance 00"),
                           (0.004, "nvidia-nvswitch3: SXid (PCI:0000:08:00.0): 12028, Data {0x00000000, 0x00000004, 0x00000000, 0x00000000}"),
                           (0.31, "nvidia-nvswitch3: SXid (PCI:0000:08:00.0): 20034, Fatal, Link 41 LTSSM Fault Up")]:
                k.add(t0 + sec(off), kline("syslog", t0 + sec(off), n.name, m, n.boot))
        b.put("%s/var/log/kern.log" % n.name, k)
        # nvlink error counters collected by the epilog
        L = ["$ nvidia-smi nvlink -e"]
        for g in range(8):
            L.append("GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%08x-%04x-%04x-%04x-%012x)" % (
                g, rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(48)))
            for link in range(18):
                bad = (n is culprit and g == bad_local and link in (14, 15))
                L.append("\t Link %d: Replay Errors: %d" % (link, 0 if not bad else rng.randint(200, 400)))
                L.append("\t Link %d: Recovery Errors: %d" % (link, 0 if not bad else rng.randint(2, 6)))
                L.append("\t Link %d: CRC Errors: %d" % (link, 0 if not bad else rng.randint(1500, 2200)))
        b.put("%s/nvlink-errors.txt" % n.name, L)
    b.set_label("nvlink", "infrastructure", {"node": culprit.name, "rank": bad_rank}, "restart_without_node",
                "Xid 74 (NVLink fatal error on links 14/15 of GPU 3) on dgxh100-019 at 11:02:13 and rank 19 raised 'uncorrectable NVLink "
                "error' at the same second; the 30-minute watchdog timeouts and mpirun's report that rank 4 aborted are consequences.",
                "https://github.com/pytorch/pytorch/issues/58155")
    return b


# =============================================================================
# ao03  Xid 95 uncontained ECC; NeMo on Kubernetes PyTorchJob
# =============================================================================
def kts(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d%03dZ" % (dt.microsecond, (dt.microsecond * 7) % 1000)


def ao03():
    name = "ao03_pytorchjob_failed_worker1_exit_code_1"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["aks-gpunp-31544620-vmss00000%d" % i for i in range(3, 7)]
    ips = ["10.244.%d.%d" % (i, 11 + i) for i in range(3, 7)]
    nodes = make_nodes(names, ips, rng)
    pods = ["llama3-8b-cpt-master-0", "llama3-8b-cpt-worker-0", "llama3-8b-cpt-worker-1", "llama3-8b-cpt-worker-2"]
    culprit = nodes[2]
    bad_local = 2
    bad_rank = culprit.rank(bad_local)  # 18
    start = T("2025-03-08 00:31:40.100")
    t0 = T("2025-03-08 02:11:45.602")
    job = TorchrunJob(nodes, rng, start, "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py",
                      nccl_version="2.21.5+cuda12.4", ifname="eth0",
                      plugin_msg="NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so")
    for n in nodes:
        job.agent_pid[n.name] = 1
    job.banner()
    job.nccl(start + sec(70))
    m = nodes[0]
    t = start + sec(20)
    for msg in ["[NeMo W %s nemo_logging:405] Please use the EarlyStopping callback from Lightning." % f_nemo(t),
                "[NeMo I %s megatron_gpt_pretraining:37] \n\n************** Experiment configuration ***********" % f_nemo(t),
                "[NeMo I %s exp_manager:396] ExpManager schema" % f_nemo(t),
                "[NeMo I %s megatron_init:314] Rank 0 has data parallel group : [0, 8, 16, 24]" % f_nemo(t),
                "[NeMo I %s megatron_init:325] All data parallel group ranks with context parallel combined: [[0, 8, 16, 24], [1, 9, 17, 25], [2, 10, 18, 26], [3, 11, 19, 27], [4, 12, 20, 28], [5, 13, 21, 29], [6, 14, 22, 30], [7, 15, 23, 31]]" % f_nemo(t),
                "[NeMo I %s megatron_init:331] Rank 0 has tensor model parallel group: [0, 1, 2, 3, 4, 5, 6, 7]" % f_nemo(t),
                "GPU available: True (cuda), used: True",
                "TPU available: False, using: 0 TPU cores",
                "HPU available: False, using: 0 HPUs"]:
        job.log(m).add(t, msg)
        t += sec(0.3)
    for n in nodes:
        for l in range(8):
            tt = start + sec(60 + rng.uniform(0, 3))
            job.log(n).add(tt, "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/32" % (n.rank(l), n.rank(l) + 1))
    ttrain = start + sec(190)
    job.log(m).add(ttrain, "\n  | Name  | Type     | Params | Mode \n-------------------------------------------\n0 | model | GPTModel | 1.0 B  | train\n-------------------------------------------\n1.0 B     Trainable params\n0         Non-trainable params\n1.0 B     Total params\n4,015.145 Total estimated model params size (MB)")
    gs = 0
    t = ttrain
    total = 20000
    while True:
        dt_s = rng.uniform(2.21, 2.29)
        t += sec(dt_s * 25)
        if t >= t0:
            break
        gs += 25
        el = (t - ttrain).total_seconds()
        job.log(m).add(t, "Epoch 0: :  %d%%|%s| %d/%d [%s<%s, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.2f]" % (
            int(100 * gs / total), bar(gs / total), gs, total, hms(el), hms(el / gs * (total - gs)),
            2.95 - gs * 0.00021 + rng.uniform(-0.03, 0.03), gs - 1, gs * 512, dt_s))
    te = t0 + sec(0.38)
    frames = [("/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", 41, "main", "trainer.fit(model)"),
              ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
              ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/training_epoch_loop.py", 250, "advance", "batch_output = self.automatic_optimization.run(trainer.optimizers[0], batch_idx, kwargs)"),
              ("/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py", 807, "training_step", "loss_mean = self.fwd_bwd_step(dataloader_iter, False)"),
              ("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 471, "forward_backward_no_pipelining", "backward_step(input_tensor, output_tensor, output_tensor_grad, model_type, config)"),
              ("/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", 347, "backward", "_engine_run_backward(")]
    job.log(culprit).add(te, py_traceback(bad_rank, frames, "RuntimeError: CUDA error: uncorrectable ECC error encountered\n"
                                          "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
                                          "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."))
    job.teardown(culprit, bad_local, te + sec(0.4), 1)
    # operator terminates the other pods ~20s later
    tk = t0 + sec(21.5)
    for n in nodes:
        if n is culprit:
            continue
        tt = tk + sec(rng.uniform(0, 0.6))
        job.log(n).add(tt, "%s 1 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % f_glog_py(tt, "W"))
        for l in range(8):
            job.log(n).add(tt + sec(0.001 * l), "%s 1 torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (f_glog_py(tt, "W"), job.pid(n, l)))
        job.log(n).add(tt + sec(3.2), "\n".join([
            "Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 33, in <module>',
            "    sys.exit(load_entry_point('torch==2.5.0a0+e000cf0', 'console_scripts', 'torchrun')())",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
            "    return f(*args, **kwargs)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
            "    run(args)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 862, in _invoke_run',
            "    time.sleep(monitor_interval)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
            "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process 1 got signal: 15"]))
    for i, n in enumerate(nodes):
        lg = job.log(n)
        txt = "\n".join("%s %s" % (kts(dt), line) for dt, _, blk in sorted(lg.ev, key=lambda e: (e[0], e[1]))
                        for line in blk.split("\n"))
        b.put("%s/%s.log" % (n.name, pods[i]), txt + "\n")
        k = Log()
        for dt, mm in benign_kernel(rng, start - sec(7200), t0 + sec(300), rng.randint(8, 16)):
            k.add(dt, kline("journal", dt, n.name, mm, n.boot))
        if n is culprit:
            bus = H100_BUS[bad_local]
            pid = job.pid(n, bad_local)
            for off, mm in [(0.0, nvrm_xid(bus, 95, pid, "python", "Uncontained: FBHUB. RST: Yes, D-RST: No")),
                            (0.0, nvrm_xid(bus, 63, "'<unknown>'", "<unknown>", "Row Remapper: New row (0x0000000000035a18) marked for remapping, reset gpu to activate.")),
                            (0.02, "NVRM: GPU at PCI:0000:%s:00: GPU-2b87ce1d-1f0e-77a3-1b5b-2d9b6c0a41f8" % bus),
                            (0.02, "NVRM: GPU Board Serial Number: 1653123045571")]:
                k.add(t0 + sec(off), kline("journal", t0 + sec(off), n.name, mm, n.boot))
        b.put("%s/journalctl-k.txt" % n.name, k)
    # GPU state on the failed node
    coll = t0 + sec(600)
    L = ["$ kubectl debug node/%s -it --image=nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04 -- nvidia-smi -q -d ECC,ROW_REMAPPER" % culprit.name]
    L += smi_header(coll)
    for g in range(8):
        if g == bad_local:
            L += smi_gpu_ecc(H100_BUS[g], ecc_dram_unc=1, remap_unc=1, pending="Yes")
        else:
            L += smi_gpu_ecc(H100_BUS[g], ecc_dram_cor=rng.choice([0, 0, 0, 2]))
    b.put("%s/nvidia-smi-q-ecc.txt" % culprit.name, L)
    desc = ["$ kubectl get pods -o wide -l training.kubeflow.org/job-name=llama3-8b-cpt",
            "NAME                     READY   STATUS      RESTARTS   AGE    IP             NODE                            NOMINATED NODE   READINESS GATES"]
    states = ["Error", "Error", "Error", "Error"]
    for i, n in enumerate(nodes):
        desc.append("%-24s 0/1     %-10s  0          101m   %-14s %-31s <none>           <none>" % (pods[i], states[i], n.ip, n.name))
    desc += ["", "$ kubectl describe pytorchjob llama3-8b-cpt | tail -12",
             "Status:",
             "  Conditions:",
             "    Last Transition Time:  %sZ" % start.strftime("%Y-%m-%dT%H:%M:%S"),
             "    Message:               PyTorchJob llama3-8b-cpt is running.",
             "    Reason:                PyTorchJobRunning",
             "    Type:                  Running",
             "    Last Transition Time:  %sZ" % (t0 + sec(21)).strftime("%Y-%m-%dT%H:%M:%S"),
             "    Message:               PyTorchJob llama3-8b-cpt is failed because 1 Worker replica(s) failed.",
             "    Reason:                PyTorchJobFailed",
             "    Type:                  Failed",
             "Events:",
             "  Type     Reason                   Age   From                   Message",
             "  ----     ------                   ----  ----                   -------",
             "  Normal   SuccessfulCreatePod      101m  pytorchjob-controller  Created pod: llama3-8b-cpt-worker-1",
             "  Warning  PyTorchJobRestarting     8m    pytorchjob-controller  PyTorchJob llama3-8b-cpt is restarting because 1 Worker replica(s) failed.",
             "  Normal   PyTorchJobFailed         8m    pytorchjob-controller  PyTorchJob llama3-8b-cpt is failed because 1 Worker replica(s) failed."]
    b.put("kubectl-status.txt", desc)
    b.set_label("gpu_memory", "infrastructure", {"node": culprit.name, "rank": bad_rank}, "restart_without_node",
                "An uncontained uncorrectable ECC error (Xid 95, RST: Yes) hit GPU 2 of vmss000005 and rank 18 (worker-1) died with "
                "'uncorrectable ECC error encountered'; the row remap is still pending, so the node needs a GPU reset before reuse. "
                "The other pods were only SIGTERMed by the operator.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/supported-gpus.html")
    return b



# =============================================================================
# ao04  Xid 94 contained ECC, row remapped after GPU reset; torchtitan, per-rank tee logs
# =============================================================================
def ao04():
    name = "ao04_titan_run_exits_at_step_31k_single_crash"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["h100-sxm-r3n%d" % i for i in range(1, 7)]
    ips = ["172.18.3.%d" % (20 + i) for i in range(1, 7)]
    nodes = make_nodes(names, ips, rng)
    culprit = nodes[3]
    bad_local = 6
    bad_rank = culprit.rank(bad_local)   # 30
    start = T("2025-03-09 19:40:20.000")
    t0 = T("2025-03-09 21:47:06.214")
    job = TorchrunJob(nodes, rng, start, "torchtitan/train.py", nccl_version="2.23.4+cuda12.6",
                      pysite="/opt/venv/lib/python3.11/site-packages", launcher="/opt/venv/bin/torchrun",
                      binary="/opt/venv/bin/python")
    # per-rank tee'd files (torchrun --tee 3 --log-dir) ; console only shows local rank 0
    rank_err = {(n.name, l): Log() for n in nodes for l in range(8)}
    rank_out = {(n.name, l): Log() for n in nodes for l in range(8)}
    job.banner()
    for n in nodes:
        tt = start + sec(rng.uniform(1.1, 1.6))
        job.log(n).add(tt, "%s %d torch/distributed/elastic/multiprocessing/redirects.py:29] NOTE: Redirects are currently not supported in Windows or MacOs." % (f_glog_py(tt, "W"), job.agent_pid[n.name]) if False else
                       "%s %d torch/distributed/elastic/agent/server/local_elastic_agent.py:404] [default] log directory set to: /scratch/titan-logs/job_611902/%s" % (f_glog_py(tt, "I"), job.agent_pid[n.name], n.name))
        for l in range(8):
            r = n.rank(l)
            ti = start + sec(rng.uniform(9, 12))
            lines = nccl_init(n, l, job.pid(n, l), job.pid(n, l) + 900, 48, 6, rng, version="2.23.4+cuda12.6", verbose=(l == 0))
            rank_out[(n.name, l)].add(ti, "\n".join(lines))
            rank_out[(n.name, l)].add(ti - sec(2), "[rank%d]:[titan] %s - root - INFO - Starting job: Llama 3 8B training" % (r, f_pylog(ti - sec(2))))
            rank_out[(n.name, l)].add(ti - sec(1.5), "[rank%d]:[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [48]" % (r, f_pylog(ti - sec(1.5))))
            rank_err[(n.name, l)].add(ti + sec(20), "[rank%d]:/opt/venv/lib/python3.11/site-packages/torch/distributed/checkpoint/state_dict_loader.py:25: UserWarning: 'load_state_dict' is deprecated and will be removed in future versions. Please use 'load' instead.\n[rank%d]:  warnings.warn(" % (r, r))
    tload = start + sec(33)
    steps = 31000
    tstep = tload + sec(40)
    s = 28000
    for n in nodes:
        for l in range(8):
            r = n.rank(l)
            rank_out[(n.name, l)].add(tload, "[rank%d]:[titan] %s - root - INFO - Loading the checkpoint at step 28000." % (r, f_pylog(tload)))
            rank_out[(n.name, l)].add(tload + sec(31), "[rank%d]:[titan] %s - root - INFO - Finished loading the checkpoint in 31.02 seconds." % (r, f_pylog(tload + sec(31))))
            rank_out[(n.name, l)].add(tload + sec(32), "[rank%d]:[titan] %s - root - INFO - Training starts at step 28001." % (r, f_pylog(tload + sec(32))))
    t = tstep
    while True:
        st = rng.uniform(21.9, 22.4)
        t += sec(st)
        if t >= t0:
            break
        s += 10
        for n in nodes:
            for l in (0,) if n is not culprit else (0, bad_local):
                r = n.rank(l)
                rank_out[(n.name, l)].add(t + sec(rng.uniform(0, 0.05)), titan_step(t, r, s, 2.41 - (s - 28000) * 1.3e-5 + rng.uniform(-0.02, 0.02),
                                                                                     rng.uniform(0.28, 0.36), 61.2, 77.36, rng.randint(6100, 6180), 371.4, 37.55))
        if s % 500 == 0:
            for n in nodes:
                for l in range(8):
                    rank_out[(n.name, l)].add(t + sec(0.1), "[rank%d]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % (n.rank(l), f_pylog(t + sec(0.1))))
                    rank_out[(n.name, l)].add(t + sec(14.2), "[rank%d]:[titan] %s - root - INFO - [GC] Performing periodical GC collection. 0.07 seconds." % (n.rank(l), f_pylog(t + sec(14.2))))
    last = s
    te = t0 + sec(0.09)
    frames = [("/workspace/torchtitan/torchtitan/train.py", 583, "<module>", "trainer.train()"),
              ("/opt/venv/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
              ("/workspace/torchtitan/torchtitan/train.py", 507, "train", "self.train_step(inputs, labels)"),
              ("/workspace/torchtitan/torchtitan/train.py", 444, "train_step", "loss.backward()"),
              ("/opt/venv/lib/python3.11/site-packages/torch/_tensor.py", 626, "backward", "torch.autograd.backward("),
              ("/opt/venv/lib/python3.11/site-packages/torch/autograd/graph.py", 823, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
    exc = ("torch.AcceleratorError: CUDA error: uncorrectable ECC error encountered\n"
           "Search for `cudaErrorECCUncorrectable' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.\n"
           "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
           "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
    rank_err[(culprit.name, bad_local)].add(te, py_traceback(bad_rank, frames, exc))
    tb_flat = "Traceback (most recent call last):\n" + "\n".join(
        '    File "%s", line %d, in %s\n      %s' % f for f in frames) + "\n  " + exc.split("\n")[0]
    job.teardown(culprit, bad_local, te + sec(0.3), 1, root_tb=tb_flat,
                 error_file="/scratch/titan-logs/job_611902/h100-sxm-r3n4/none_3kq0x1/attempt_0/6/error.json")
    # other ranks: 100 s train timeout in torchtitan
    times = job.watchdogs(t0 + sec(100.1), 1204433, skip=set(culprit.ranks()), op="_REDUCE_SCATTER_BASE",
                          numel=524288000, timeout_ms=100000, jitter=0.6, pg="1 PG GUID 1")
    # watchdog blocks go to each rank's stderr file, agent lines to console
    for n in nodes:
        if n is culprit:
            continue
        pend = job.pending[n.name]
        first_local = min(pend, key=lambda l: pend[l][0])
        ts = pend[first_local][0] + sec(rng.uniform(0.3, 0.8))
        codes = {}
        for l, (tt, blk) in pend.items():
            if tt <= ts:
                rank_err[(n.name, l)].add(tt, blk)
                codes[l] = -6
            else:
                codes[l] = -15
        job.teardown(n, first_local, ts, -6, other_codes=codes)
    for n in nodes:
        for l in range(8):
            err = rank_err[(n.name, l)]
            e = err.render() if err.ev else ""
            rank_err[(n.name, l)] = e
            if l == 0:
                job.log(n).extend(rank_out[(n.name, 0)])
                # console shows local rank 0 only (--local-ranks-filter 0)
            b.put("%s/titan-logs/attempt_0/%d/stdout.log" % (n.name, l), rank_out[(n.name, l)])
            b.put("%s/titan-logs/attempt_0/%d/stderr.log" % (n.name, l), e if e else "")
        b.put("%s/console.log" % n.name, job.log(n))
        k = Log()
        for dt, m in benign_kernel(rng, t0 - sec(86400), t0 + sec(900), rng.randint(10, 20)):
            k.add(dt, kline("T", dt, n.name, m, n.boot))
        if n is culprit:
            bus = H100_BUS[bad_local]
            pid = job.pid(n, bad_local)
            for off, m in [(0.0, nvrm_xid(bus, 94, pid, "python", "Contained: SM (0x1). RST: No, D-RST: No")),
                           (0.0, nvrm_xid(bus, 63, "'<unknown>'", "<unknown>", "Row Remapper: New row (0x00000000000124a0) marked for remapping, reset gpu to activate.")),
                           (208.4, "NVRM: GPU at PCI:0000:%s:00: GPU-61d0e3a4-8c0b-1e56-29a2-f55b8e4d03c7" % bus),
                           (208.4, "NVRM: GPU Board Serial Number: 1654023077129"),
                           (208.5, "nvidia 0000:%s:00.0: GPU reset initiated by nvidia-smi" % bus),
                           (211.9, "NVRM: GPU 0000:%s:00.0: RmInitAdapter succeeded, row remapping applied" % bus)]:
                k.add(t0 + sec(off), kline("T", t0 + sec(off), n.name, m, n.boot))
        b.put("%s/dmesg-T.txt" % n.name, k)
    ep = culprit
    te2 = t0 + sec(205)
    b.put("%s/slurm-epilog.log" % ep.name, [
        "%s epilog[%d]: job 611902 ended, state=FAILED exit=1" % (f_iso(te2), rng.randint(3000, 9000)),
        "%s epilog: xid scan: GPU 6 (00000000:BA:00.0) Xid 94 (contained ECC) during job 611902" % f_iso(te2 + sec(1)),
        "%s epilog: no compute processes on GPU 6, attempting reset" % f_iso(te2 + sec(2)),
        "%s epilog: nvidia-smi -r -i 6 -> GPU 00000000:BA:00.0 was successfully reset." % f_iso(te2 + sec(6.8)),
        "%s epilog: post-reset check: remapped rows unc=1 pending=No failure=No" % f_iso(te2 + sec(8)),
        "%s epilog: node h100-sxm-r3n4 returned to service (state=IDLE)" % f_iso(te2 + sec(9))])
    L = ["$ nvidia-smi -q -d ECC,ROW_REMAPPER    # collected %s" % f_iso(te2 + sec(60), frac=False)] + smi_header(te2 + sec(60))
    for g in range(8):
        if g == bad_local:
            L += smi_gpu_ecc(H100_BUS[g], ecc_dram_unc=0, agg_dram_unc=1, remap_unc=1, pending="No")
        else:
            L += smi_gpu_ecc(H100_BUS[g])
    b.put("%s/nvidia-smi-ecc-after-reset.txt" % ep.name, L)
    b.set_label("gpu_memory", "infrastructure", {"node": culprit.name, "rank": bad_rank}, "restart",
                "A contained uncorrectable ECC error (Xid 94, RST: No) on GPU 6 of h100-sxm-r3n4 killed rank 30; the epilog reset the GPU "
                "and the row is now remapped with nothing pending and no remap failure, so the node is healthy and the job can simply restart.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/supported-gpus.html")
    return b


# =============================================================================
# ao05  NaN grad norm that follows one node across two attempts (different ranks)
# =============================================================================
def ao05():
    name = "ao05_nan_grad_norm_assert_on_requeued_job_twice"
    rng = rng_for(name)
    b = Bundle(name)
    pool = ["sc-gpu-04%d" % i for i in range(31, 41)]
    ipmap = {h: "10.12.4.%d" % (int(h[-2:]) + 100) for h in pool}
    att_nodes = [["sc-gpu-0431", "sc-gpu-0432", "sc-gpu-0433", "sc-gpu-0434", "sc-gpu-0435", "sc-gpu-0436", "sc-gpu-0437", "sc-gpu-0438"],
                 ["sc-gpu-0431", "sc-gpu-0433", "sc-gpu-0435", "sc-gpu-0436", "sc-gpu-0437", "sc-gpu-0438", "sc-gpu-0439", "sc-gpu-0440"]]
    starts = [T("2025-03-10 00:02:41.500"), T("2025-03-10 05:13:02.900")]
    fail_it = [18211, 18642]
    bad = "sc-gpu-0436"
    bad_local = 3
    boots = {h: T("2025-02-28 11:00:00") + timedelta(seconds=rng.randint(0, 400000)) for h in pool}
    for a in range(2):
        arng = rng_for(name + str(a))
        nodes = [Node(h, ipmap[h], i, 8, boots[h], arng.randint(20000, 90000)) for i, h in enumerate(att_nodes[a])]
        job = TorchrunJob(nodes, arng, starts[a], "/workspace/Megatron-LM/pretrain_gpt.py", nccl_version="2.21.5+cuda12.4")
        job.banner()
        job.nccl(starts[a] + sec(44))
        first, last = nodes[0], nodes[-1]
        culprit = [n for n in nodes if n.name == bad][0]
        bad_rank = culprit.rank(bad_local)
        job.log(first).add(starts[a] + sec(120), " loading checkpoint from /mnt/weka/ckpt/gpt-moe-16x3b at iteration 18000")
        job.log(first).add(starts[a] + sec(171), "  successfully loaded checkpoint from /mnt/weka/ckpt/gpt-moe-16x3b [ t 1/2, p 1/2 ] at iteration 18000")
        job.log(first).add(starts[a] + sec(178), "training ...\n[before the start of training step] datetime: %s " % (starts[a] + sec(178)).strftime("%Y-%m-%d %H:%M:%S"))
        it = 18000
        t = starts[a] + sec(178)
        while it + 10 <= fail_it[a]:
            st = arng.uniform(1.48, 1.52)
            t += sec(st * 10)
            it += 10
            job.log(last).add(t, megatron_iter(t, it, 120000, 512, 4096, st * 1000, 2.4e-4, 2.06 - (it - 18000) * 1.1e-5 + arng.uniform(-0.015, 0.015),
                                               arng.uniform(0.19, 0.31), arng.uniform(292, 299)))
        tf = t + sec(arng.uniform(0.5, 1.4))
        msg = ("AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. "
               "Device: %d, node: %s" % (bad_rank, bad_local, bad))
        frames = MEGATRON_TB + [
            ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 390, "backward_step", "custom_backward(output_tensor[0], output_tensor_grad[0])"),
            ("/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py", 337, "hook", "self.param_to_bucket_group[param].register_grad_ready(param)"),
            ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 281, "register_grad_ready", "self.start_grad_sync()"),
            ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 196, "start_grad_sync", "self.check_for_nan_in_grad()"),
            ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 160, "check_for_nan_in_grad", "assert not norm_is_nan, (")]
        job.log(culprit).add(tf, py_traceback(bad_rank, frames, msg))
        job.teardown(culprit, bad_local, tf + sec(0.6), 1)
        # srun --kill-on-bad-exit=1 takes the others down
        tk = tf + sec(arng.uniform(4.0, 6.0))
        jid = "500112"
        for n in nodes:
            if n is culprit:
                continue
            tt = tk + sec(arng.uniform(0.2, 0.9))
            job.log(n).add(tt, "%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (f_glog_py(tt, "W"), job.agent_pid[n.name]))
            for l in range(8):
                job.log(n).add(tt + sec(0.002 * l), "%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (f_glog_py(tt, "W"), job.agent_pid[n.name], job.pid(n, l)))
        so = Log()
        so.add(starts[a] - sec(4), slurm_header(jid, "sc-gpu-04[%s]" % ",".join(h[-2:] for h in att_nodes[a]), 8, starts[a] - sec(4), att_nodes[a][0]))
        if a == 1:
            so.add(starts[a] - sec(3), "+ echo 'SLURM_RESTART_COUNT=1'\nSLURM_RESTART_COUNT=1")
        so.add(starts[a] - sec(2), "+ srun --kill-on-bad-exit=1 --output=attempt_%d/%%N/console.log torchrun --nnodes 8 --nproc-per-node 8 ... pretrain_gpt.py --num-experts 16 --check-for-nan-in-loss-and-grad ..." % a)
        so.add(tk - sec(0.5), "srun: error: %s: task %d: Exited with exit code 1" % (bad, culprit.index))
        so.add(tk, "srun: Terminating StepId=%s.0" % jid)
        so.add(tk + sec(0.1), "slurmstepd: error: *** STEP %s.0 ON %s CANCELLED AT %s ***" % (jid, att_nodes[a][0], tk.strftime("%Y-%m-%dT%H:%M:%S")))
        for n in nodes:
            if n is not culprit:
                so.add(tk + sec(arng.uniform(8, 12)), "srun: error: %s: task %d: Terminated" % (n.name, n.index))
        if a == 0:
            so.add(tk + sec(40), "+ scontrol requeue %s\n" % jid)
        else:
            so.add(tk + sec(40), "+ echo 'requeue budget exhausted (2/2)'\nrequeue budget exhausted (2/2)")
        b.put("attempt_%d/slurm-%s.out" % (a, jid), so)
        for n in nodes:
            b.put("attempt_%d/%s/console.log" % (a, n.name), job.log(n))
    b.set_label("gpu_hardware", "infrastructure", {"node": bad}, "restart_without_node",
                "Both attempts died on a NaN grad-norm assert raised on sc-gpu-0436 GPU 3 (rank 43, then rank 27 after the node list changed) "
                "at different iterations after resuming from the same checkpoint; a data/recipe NaN would repeat at the same iteration, so the "
                "node's GPU is silently corrupting results.",
                "https://github.com/NVIDIA/Megatron-LM/issues/780")
    return b



# =============================================================================
# ao06  illegal memory access / MMU faults that follow gpu-node-108 over 3 attempts
# =============================================================================
def ao06():
    name = "ao06_deepspeed_zero3_crashes_three_submissions_cuda_errors"
    rng = rng_for(name)
    b = Bundle(name)
    pool = ["gpu-node-%d" % i for i in range(101, 115)]
    lists = [pool[:12],
             [h for h in pool if h not in ("gpu-node-107", "gpu-node-112")],
             [h for h in pool if h not in ("gpu-node-101", "gpu-node-103")]]
    bad = "gpu-node-108"
    bad_locals = [5, 2, 7]
    fail_steps = [2210, 2415, 2398]
    resume = [0, 2000, 2000]
    jobids = ["733810", "733974", "734102"]
    starts = [T("2025-03-11 08:15:02"), T("2025-03-11 14:05:44"), T("2025-03-11 16:02:19")]
    excs = ["RuntimeError: CUDA error: an illegal memory access was encountered",
            "RuntimeError: CUDA error: an illegal memory access was encountered",
            "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasGemmEx( handle, opa, opb, m, n, k, &falpha, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &fbeta, c, CUDA_R_16BF, ldc, compute_type, CUBLAS_GEMM_DEFAULT_TENSOR_OP)`"]
    xids = [(31, "Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f3c_1a200000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"),
            (13, "Graphics SM Warp Exception on (GPC 4, TPC 0, SM 1): Out Of Range Address"),
            (31, "Ch 00000018, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7ee1_8c400000. Fault is of type FAULT_PTE ACCESS_TYPE_VIRT_WRITE")]
    ipmap = {h: "10.60.8.%d" % (int(h[-3:]) - 60) for h in pool}
    boots = {h: T("2025-03-01 02:00:00") + timedelta(seconds=rng.randint(0, 300000)) for h in pool}
    sacct = ["$ sacct -X -u svc-train -S 2025-03-11 --format=JobID,JobName%18,NNodes,NodeList%60,State,ExitCode,Start,End",
             "JobID                 JobName NNodes                                                     NodeList      State ExitCode               Start                 End",
             "------------ ------------------ -------- ------------------------------------------------------------ ---------- -------- ------------------- -------------------"]
    for a in range(3):
        arng = rng_for(name + str(a))
        nodes = [Node(h, ipmap[h], i, 8, boots[h], arng.randint(20000, 90000)) for i, h in enumerate(lists[a])]
        job = TorchrunJob(nodes, arng, starts[a], "train_ds.py", new_agent=False, launcher="/opt/conda/bin/torchrun",
                          pysite="/opt/conda/lib/python3.11/site-packages", binary="/opt/conda/bin/python",
                          nccl_version="2.18.6+cuda12.1")
        job.banner()
        job.nccl(starts[a] + sec(30))
        culprit = [n for n in nodes if n.name == bad][0]
        bl = bad_locals[a]
        br = culprit.rank(bl)
        first = nodes[0]
        st = resume[a]
        t = starts[a] + sec(150)
        if st:
            job.log(first).add(starts[a] + sec(90), "%s [INFO] [engine.py:3008:_load_checkpoint] rank: 0 loading checkpoint: /data/ckpt/mistral-sft/global_step%d/mp_rank_00_model_states.pt" % (f_pylog_br(starts[a] + sec(90)), st))
        while st + 10 <= fail_steps[a]:
            t += sec(arng.uniform(7.9, 8.2) * 10)
            st += 10
            job.log(first).add(t, ds_step(t, st, 0, 1.0e-5, arng.uniform(95, 99), 38.2, 71.6, st * 4))
            if st % 1000 == 0:
                job.log(first).add(t + sec(2), "%s [INFO] [logging.py:128:log_dist] [Rank 0] Saving model checkpoint: /data/ckpt/mistral-sft/global_step%d/mp_rank_00_model_states.pt" % (f_pylog_br(t + sec(2)), st))
        tf = t + sec(arng.uniform(3, 7))
        frames = DS_TB if a != 2 else DS_TB[:3] + [
            ("/opt/conda/lib/python3.11/site-packages/torch/nn/modules/module.py", 1562, "_call_impl", "return forward_call(*args, **kwargs)"),
            ("/opt/conda/lib/python3.11/site-packages/transformers/models/mistral/modeling_mistral.py", 217, "forward", "query_states = self.q_proj(hidden_states)"),
            ("/opt/conda/lib/python3.11/site-packages/torch/nn/modules/linear.py", 117, "forward", "return F.linear(input, self.weight, self.bias)")]
        job.log(culprit).add(tf, py_traceback(br, frames, excs[a] + "\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1.\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", prefix=False))
        job.teardown(culprit, bl, tf + sec(1.1), 1)
        seq = arng.randint(40000, 90000)
        for n in nodes:
            if n is culprit:
                continue
            for l in range(8):
                r = n.rank(l)
                tt = tf + sec(1800 + arng.uniform(0.1, 1.5))
                job.log(n).add(tt, watchdog_timeout_old(r, arng, seq, op="_ALLGATHER_BASE", numel=58720256, timeout_ms=1800000))
            tt = tf + sec(1801.8)
            job.teardown(n, arng.randint(0, 7), tt, -6, other_codes={l: -6 for l in range(8)})
        tend = tf + sec(1840)
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.out" % (a, n.name), job.log(n))
            k = Log()
            for dt, m in benign_kernel(arng, starts[a] - sec(1800), tend, arng.randint(6, 14)):
                k.add(dt, kline("T", dt, n.name, m, n.boot))
            if n is culprit:
                xid, txt = xids[a]
                k.add(tf - sec(0.4), kline("T", tf - sec(0.4), n.name, nvrm_xid(A100_BUS[bl], xid, job.pid(n, bl), "python", txt), n.boot))
                if xid == 13:
                    k.add(tf - sec(0.4), kline("T", tf - sec(0.4), n.name, nvrm_xid(A100_BUS[bl], 13, job.pid(n, bl), "python",
                                                                             "Graphics Exception: ESR 0x50e648=0x10000e 0x50e650=0x20 0x50e644=0xd3eff2 0x50e64c=0x17f"), n.boot))
                k.add(tf + sec(1.9), kline("T", tf + sec(1.9), n.name, nvrm_xid(A100_BUS[bl], 43, job.pid(n, bl), "python", "Ch 00000010"), n.boot))
            b.put("attempt_%d/%s/dmesg.txt" % (a, n.name), k)
        nl = "gpu-node-[%s]" % ",".join(h[-3:] for h in lists[a])
        sacct.append("%-12s %18s %8d %60s %10s %8s %19s %19s" % (jobids[a], "mistral-sft", 12, nl, "FAILED", "1:0",
                                                                 starts[a].strftime("%Y-%m-%dT%H:%M:%S"), tend.strftime("%Y-%m-%dT%H:%M:%S")))
    b.put("sacct.txt", sacct)
    b.set_label("gpu_hardware", "infrastructure", {"node": bad}, "restart_without_node",
                "Three submissions on different node lists all died first on gpu-node-108 (ranks 61, 50 and 47 on three different GPUs, at "
                "steps 2210/2415/2398) with illegal-address / CUBLAS failures and Xid 31/13 only on that node; an application fault would not "
                "follow one host, so the node is bad.",
                "https://github.com/deepspeedai/DeepSpeed/issues/4091")
    return b


# =============================================================================
# ao07  device-side assert at the same step on two different nodes (bad labels)
# =============================================================================
def ao07():
    name = "ao07_device_side_assert_after_node_drain_and_resubmit"
    rng = rng_for(name)
    b = Bundle(name)
    lists = [["a100-05", "a100-06", "a100-07", "a100-08"], ["a100-05", "a100-07", "a100-08", "a100-09"]]
    ipmap = {h: "192.168.50.%d" % (int(h[-2:]) + 10) for h in ["a100-05", "a100-06", "a100-07", "a100-08", "a100-09"]}
    boots = {h: T("2025-02-25 09:00:00") + timedelta(seconds=rng.randint(0, 500000)) for h in ipmap}
    starts = [T("2025-03-12 10:20:31"), T("2025-03-12 13:05:10")]
    total = 30000
    fail_step = 1520
    bad_rank = 13
    tfs = []
    site = "/home/mlops/.venv/lib/python3.11/site-packages"
    for a in range(2):
        arng = rng_for(name + str(a))
        nodes = [Node(h, ipmap[h], i, 8, boots[h], arng.randint(20000, 90000)) for i, h in enumerate(lists[a])]
        job = TorchrunJob(nodes, arng, starts[a], "train_cls.py", pysite=site, launcher="/home/mlops/.venv/bin/accelerate",
                          binary="/home/mlops/.venv/bin/python", nccl_version="2.20.5+cuda12.4")
        for n in nodes:
            t = starts[a]
            job.log(n).add(t, "The following values were not passed to `accelerate launch` and had defaults used instead:\n\t`--dynamo_backend` was set to a value of `'no'`\nTo avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.")
        job.banner(skew=0.5)
        job.nccl(starts[a] + sec(52))
        first = nodes[0]
        t = starts[a] + sec(95)
        job.log(first).add(t, "***** Running training *****\n  Num examples = 7,680,000\n  Num Epochs = 1\n  Instantaneous batch size per device = 8\n  Total train batch size (w. parallel, distributed & accumulation) = 256\n  Gradient Accumulation steps = 1\n  Total optimization steps = 30,000\n  Number of trainable parameters = 355,361,814")
        t0t = t
        s = 0
        while s + 1 < fail_step:
            t += sec(arng.uniform(1.64, 1.70) * 20)
            s += 20
            el = (t - t0t).total_seconds()
            job.log(first).add(t, "  %d%%|%s| %d/%d [%s<%s,  %.2fs/it]" % (int(100 * s / total), bar(s / total), s, total, hms(el), hms(el / s * (total - s)), el / s))
            if s % 100 == 0:
                job.log(first).add(t + sec(0.01), "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.6e, 'epoch': %.2f}" % (
                    0.69 - s * 0.00011 + arng.uniform(-0.03, 0.03), arng.uniform(1.5, 4.2), 2e-5 * (1 - s / total), s / total))
        culprit = nodes[1]
        bl = bad_rank - 8
        tf = t + sec(arng.uniform(0.2, 1.2))
        tfs.append(tf)
        asserts = "\n".join("../aten/src/ATen/native/cuda/Loss.cu:250: nll_loss_forward_reduce_cuda_kernel_2d: block: [0,0,0], thread: [%d,0,0] Assertion `t >= 0 && t < n_classes` failed." % th
                            for th in sorted(arng.sample(range(0, 32), 5)))
        job.log(culprit).add(tf, asserts)
        frames = [("/home/mlops/cls-finetune/train_cls.py", 201, "<module>", "trainer.train()"),
                  (site + "/transformers/trainer.py", 2123, "train", "return inner_training_loop("),
                  (site + "/transformers/trainer.py", 2481, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs, num_items_in_batch)"),
                  (site + "/transformers/trainer.py", 3579, "training_step", "loss = self.compute_loss(model, inputs, num_items_in_batch=num_items_in_batch)"),
                  (site + "/transformers/trainer.py", 3633, "compute_loss", "outputs = model(**inputs)"),
                  (site + "/transformers/models/roberta/modeling_roberta.py", 1229, "forward", "loss = loss_fct(logits.view(-1, self.num_labels), labels.view(-1))"),
                  (site + "/torch/nn/functional.py", 3479, "cross_entropy", "return torch._C._nn.cross_entropy_loss(")]
        job.log(culprit).add(tf + sec(0.05), py_traceback(bad_rank, frames, "RuntimeError: CUDA error: device-side assert triggered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."))
        job.teardown(culprit, bl, tf + sec(0.6), 1)
        job.watchdogs(tf + sec(1800.2), 4571 + 3 * fail_step, skip=set(culprit.ranks()), op="ALLREDUCE", numel=89866240, timeout_ms=1800000)
        for n in nodes:
            if n is not culprit:
                job.finish(n)
        for n in nodes:
            b.put("attempt_%d/%s/accelerate_launch.log" % (a, n.name), job.log(n))
            k = Log()
            for dt, m in benign_kernel(arng, starts[a] - sec(600), tf + sec(1900), arng.randint(5, 12)):
                k.add(dt, kline("T", dt, n.name, m, n.boot))
            if n is culprit:
                bus = A100_BUS[bl]
                pid = job.pid(n, bl)
                k.add(tf, kline("T", tf, n.name, nvrm_xid(bus, 13, pid, "python", "Graphics SM Warp Exception on (GPC 3, TPC 2, SM 1): Assert"), n.boot))
                k.add(tf, kline("T", tf, n.name, nvrm_xid(bus, 13, pid, "python", "Graphics SM Global Exception on (GPC 3, TPC 2, SM 1): Multiple Warp Errors"), n.boot))
                k.add(tf, kline("T", tf, n.name, nvrm_xid(bus, 13, pid, "python", "Graphics Exception: ESR 0x51e730=0x10000000 0x51e734=0x0 0x51e728=0xc81eb60 0x51e72c=0x1174"), n.boot))
                k.add(tf + sec(0.8), kline("T", tf + sec(0.8), n.name, nvrm_xid(bus, 43, pid, "python", "Ch 00000008"), n.boot))
            b.put("attempt_%d/%s/dmesg-T.log" % (a, n.name), k)
    b.put("oncall-notes.md", [
        "## 2025-03-12 cls-finetune (roberta-large, 4x8 A100)",
        "",
        "- 10:20 submitted, failed ~%s with device-side assert on a100-06, dmesg shows Xid 13 + Xid 43 on a100-06." % tfs[0].strftime("%H:%M"),
        "- 12:58 drained a100-06 (`scontrol update nodename=a100-06 state=drain reason=\"xid13 suspect\"`) and resubmitted on a100-05,07,08,09.",
        "- %s failed again, now a100-07 shows the assert and Xid 13. Collecting both attempts here for review." % tfs[1].strftime("%H:%M"),
    ])
    b.set_label("user_code", "script", None, "stop",
                "Both attempts hit `Assertion t >= 0 && t < n_classes` on global rank 13 at step 1520 although rank 13 lived on a100-06 the first "
                "time and a100-07 the second; the same sample reaches the same rank at the same step, so it is a bad label in the data and the "
                "Xid 13/43 are the application's own device assert, not hardware.",
                "https://github.com/milesial/Pytorch-UNet/issues/258")
    return b



# =============================================================================
# ao08  24 nodes; row-remapping failure (Xid 64) on one GPU; journald kernel logs
# =============================================================================
def ao08():
    name = "ao08_192_rank_pretrain_collapses_into_nccl_timeouts"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["cn-02%02d" % i for i in range(1, 25)]
    ips = ["10.70.2.%d" % i for i in range(1, 25)]
    nodes = make_nodes(names, ips, rng, boot_range=("2025-02-18 06:00:00", 14))
    culprit = nodes[16]          # cn-0217
    bad_local = 1
    bad_rank = culprit.rank(bad_local)   # 129
    start = T("2025-03-13 06:00:05.000")
    t0 = T("2025-03-13 21:44:03.771")
    job = TorchrunJob(nodes, rng, start, "/opt/megatron/pretrain_gpt.py", nccl_version="2.22.3+cuda12.6")
    job.banner()
    job.nccl(start + sec(61))
    first, last = nodes[0], nodes[-1]
    for n in nodes:
        for l in range(8):
            tt = start + sec(rng.uniform(20, 24))
            job.log(n).add(tt, "[rank%d]:/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/module/base.py:630: UserWarning: fp8 recipe is set; falling back to delayed scaling for weight-gradient GEMMs\n[rank%d]:  warnings.warn(" % (n.rank(l), n.rank(l)))
    job.log(first).add(start + sec(130), " loading distributed checkpoint from /gpfs/llm/ckpt/m405 at iteration 96000")
    job.log(first).add(start + sec(355), "  successfully loaded checkpoint from /gpfs/llm/ckpt/m405 [ t 1/8, p 1/8 ] at iteration 96000")
    it = 96000
    t = start + sec(372)
    while True:
        st = rng.uniform(11.9, 12.3)
        t += sec(st * 20)
        if t >= t0:
            break
        it += 20
        job.log(last).add(t, megatron_iter(t, it, 400000, 1536, 8192, st * 1000, 9.0e-5, 1.71 - (it - 96000) * 3e-7 + rng.uniform(-0.01, 0.01),
                                           rng.uniform(0.14, 0.2), rng.uniform(410, 418)))
        if it % 1000 == 0:
            job.log(first).add(t + sec(1), "saving checkpoint at iteration %7d to /gpfs/llm/ckpt/m405 in torch_dist format" % it)
            job.log(first).add(t + sec(52), "  successfully saved checkpoint from iteration %7d to /gpfs/llm/ckpt/m405 [ t 1/8, p 1/8 ]" % it)
    te = t0 + sec(0.21)
    frames = MEGATRON_TB + [
        ("/opt/megatron/megatron/core/transformer/transformer_layer.py", 398, "forward", "attention_output_with_bias = self.self_attention("),
        ("/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/module/layernorm_linear.py", 1243, "forward", "out = fwd_fn(")]
    job.log(culprit).add(te, py_traceback(bad_rank, frames, "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."))
    job.teardown(culprit, bad_local, te + sec(0.5), 1)
    times = job.watchdogs(t0 + sec(600.4), 8817720, skip=set(culprit.ranks()), op="SEND", numel=100663296, timeout_ms=600000,
                          jitter=1.2, pg="9 PG GUID 9")
    for n in nodes:
        if n is not culprit:
            job.finish(n)
    so = Log()
    so.add(start - sec(5), slurm_header("7730122", "cn-02[01-24]", 24, start - sec(5), "cn-0201"))
    so.add(te + sec(9), "srun: error: cn-0217: task 16: Exited with exit code 1")
    for n in nodes:
        if n is not culprit:
            so.add(min(times[r] for r in n.ranks()) + sec(6 + rng.uniform(0, 3)), "srun: error: %s: task %d: Exited with exit code 1" % (n.name, n.index))
    b.put("slurm-7730122.out", so)
    for n in nodes:
        b.put("%s/stdout.txt" % n.name, job.log(n))
        k = Log()
        for dt, m in benign_kernel(rng, T("2025-03-10 00:00:00"), t0 + sec(900), rng.randint(12, 25)):
            k.add(dt, kline("journal", dt, n.name, m, n.boot))
        if n.name == "cn-0203":
            d = T("2025-03-10 14:22:51")
            k.add(d, kline("journal", d, n.name, nvrm_xid(H100_BUS[4], 63, "'<unknown>'", "<unknown>", "Row Remapper: New row (0x0000000000008f31) marked for remapping, reset gpu to activate."), n.boot))
            d2 = T("2025-03-10 15:02:07")
            k.add(d2, kline("journal", d2, n.name, "nvidia 0000:%s:00.0: GPU reset initiated by nvidia-smi" % H100_BUS[4], n.boot))
        if n is culprit:
            bus = H100_BUS[bad_local]
            pid = job.pid(n, bad_local)
            for off, m in [(0.0, nvrm_xid(bus, 94, pid, "python", "Contained: SM (0x1). RST: No, D-RST: No")),
                           (0.0, nvrm_xid(bus, 64, "'<unknown>'", "<unknown>", "Row Remapper Error: failed to remap row (0x0000000000019e20) in bank 7, no spare rows left")),
                           (0.02, "NVRM: GPU at PCI:0000:%s:00: GPU-0ac3e9d2-55aa-90b1-7e6e-b21c9f7744d0" % bus),
                           (0.02, "NVRM: GPU Board Serial Number: 1654823061930")]:
                k.add(t0 + sec(off), kline("journal", t0 + sec(off), n.name, m, n.boot))
        b.put("%s/journal-kernel.txt" % n.name, k)
    coll = t0 + sec(1500)
    L = ["$ nvidia-smi -q -d ECC,ROW_REMAPPER"] + smi_header(coll)
    for g in range(8):
        if g == bad_local:
            L += smi_gpu_ecc(H100_BUS[g], ecc_dram_unc=2, agg_dram_unc=3, ecc_dram_cor=14, remap_unc=7, remap_cor=2,
                             pending="No", failure="Yes", hist_none=1, hist_low=3)
        else:
            L += smi_gpu_ecc(H100_BUS[g])
    b.put("%s/nvidia-smi-ecc.txt" % culprit.name, L)
    b.set_label("gpu_memory", "infrastructure", {"node": culprit.name, "rank": bad_rank}, "restart_without_node",
                "cn-0217 GPU 1 logged an uncorrectable ECC error (Xid 94) followed by a row-remapper failure (Xid 64, no spare rows; "
                "nvidia-smi shows Remapping Failure Occurred: Yes) and rank 129 died with 'uncorrectable ECC error'; the 184 watchdog timeouts "
                "ten minutes later and cn-0203's old, already-reset Xid 63 are not the cause.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/supported-gpus.html")
    return b


# =============================================================================
# ao09  Lightning job killed at its wall-time limit while healthy
# =============================================================================
def ao09():
    name = "ao09_lightning_two_node_job_cancelled_by_slurm"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["gpu-l40s-01", "gpu-l40s-02"]
    ips = ["10.5.0.31", "10.5.0.32"]
    nodes = make_nodes(names, ips, rng, gpus=4)
    start = T("2025-03-15 06:00:09")
    tlim = T("2025-03-15 18:00:12")
    jid = "771203"
    out = Log()
    err = Log()
    out.add(start, "Your job is running on gpu-l40s-01 gpu-l40s-02\nusing checkpoint dir /nfs/proj/vit-seg/ckpt/run-0315")
    for n in nodes:
        for l in range(4):
            r = n.rank(l)
            t = start + sec(14 + rng.uniform(0, 2))
            err.add(t, "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (r, r + 1))
    t = start + sec(17)
    err.add(t, "----------------------------------------------------------------------------------------------------\n"
               "distributed_backend=nccl\nAll distributed processes registered. Starting with 8 processes\n"
               "----------------------------------------------------------------------------------------------------\n")
    err.add(t + sec(1), "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]")
    err.add(t + sec(2), "GPU available: True (cuda), used: True\nTPU available: False, using: 0 TPU cores\nHPU available: False, using: 0 HPUs")
    err.add(t + sec(2.5), "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/data_connector.py:424: The 'val_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=15` in the `DataLoader` to improve performance.")
    err.add(t + sec(3), "Restoring states from the checkpoint path at /nfs/proj/vit-seg/ckpt/run-0315/last.ckpt")
    out.add(t + sec(4), "\n  | Name      | Type            | Params | Mode \n------------------------------------------------------\n0 | backbone  | VisionTransformer | 303 M  | train\n1 | head      | UPerHead        | 41.6 M | train\n2 | criterion | DiceCELoss      | 0      | train\n------------------------------------------------------\n345 M     Trainable params\n0         Non-trainable params\n345 M     Total params\n1,380.418 Total estimated model params size (MB)")
    steps_per_epoch = 4000
    epoch = 7
    step = 0
    t = start + sec(40)
    gstep = epoch * steps_per_epoch
    while True:
        st = rng.uniform(1.08, 1.12)
        t += sec(st * 200)
        if t >= tlim:
            break
        step += 200
        gstep += 200
        if step > steps_per_epoch:
            err.add(t - sec(80), "Epoch %d, global step %d: 'val_dice' reached %.4f (best %.4f), saving model to '/nfs/proj/vit-seg/ckpt/run-0315/epoch=%02d-val_dice=%.4f.ckpt' as top 3" % (
                epoch, gstep - 200, 0.78 + epoch * 0.004, 0.78 + epoch * 0.004, epoch, 0.78 + epoch * 0.004))
            epoch += 1
            step = 200
        el = step * st
        err.add(t, "Epoch %d:  %d%%|%s| %d/%d [%s<%s,  %.2fit/s, v_num=0315, train_loss=%.3f, lr=%.2e]" % (
            epoch, int(100 * step / steps_per_epoch), bar(step / steps_per_epoch), step, steps_per_epoch, hms(el),
            hms((steps_per_epoch - step) * st), 1 / st, 0.41 - epoch * 0.01 + rng.uniform(-0.02, 0.02), 3e-4 * (0.97 ** epoch)))
    err.add(tlim, "slurmstepd: error: *** STEP %s.0 ON gpu-l40s-01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jid, tlim.strftime("%Y-%m-%dT%H:%M:%S")))
    err.add(tlim + sec(0.02), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for r in range(8):
        err.add(tlim + sec(0.05 + r * 0.01), "[rank: %d] Received SIGTERM: 15" % r)
        err.add(tlim + sec(0.06 + r * 0.01), "Bypassing SIGTERM: 15")
    err.add(tlim + sec(0.4), "slurmstepd: error: *** JOB %s ON gpu-l40s-01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jid, tlim.strftime("%Y-%m-%dT%H:%M:%S")))
    err.add(tlim + sec(32.5), "srun: error: gpu-l40s-02: tasks 4-7: Terminated\nsrun: error: gpu-l40s-01: tasks 0-3: Terminated\nsrun: Force Terminated StepId=%s.0" % jid)
    b.put("slurm-%s.out" % jid, out)
    b.put("slurm-%s.err" % jid, err)
    b.put("sbatch_vit_seg.sh", ["#!/bin/bash", "#SBATCH --job-name=vit-seg", "#SBATCH --nodes=2", "#SBATCH --ntasks-per-node=4",
                                "#SBATCH --gres=gpu:l40s:4", "#SBATCH --time=12:00:00", "#SBATCH --output=slurm-%j.out", "#SBATCH --error=slurm-%j.err",
                                "", "srun python train_seg.py fit --config configs/vit_l_uper.yaml --trainer.num_nodes 2 --trainer.devices 4 \\",
                                "    --ckpt_path /nfs/proj/vit-seg/ckpt/run-0315/last.ckpt"])
    for n in nodes:
        k = Log()
        for dt, m in benign_kernel(rng, start - sec(3600), tlim + sec(120), rng.randint(8, 15)):
            k.add(dt, kline("T", dt, n.name, m, n.boot))
        b.put("%s/dmesg.txt" % n.name, k)
        rows = [(A100_BUS[i], rng.randint(30, 36), rng.randint(30, 36), 1, 0) for i in range(4)]
        b.put("%s/nvidia-smi-after.txt" % n.name, smi_table(tlim + sec(60), rows, name="NVIDIA L40S", driver="550.127.05"))
    b.set_label("unknown", "framework", None, "none",
                "Training progressed normally (steady ~0.9 it/s, checkpoints every epoch) until Slurm cancelled the job at its 12-hour limit; "
                "the SIGTERMs and 'Terminated' tasks are the scheduler's doing, not a fault.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/20542")
    return b


# =============================================================================
# ao10  Xid 48 double-bit ECC on one V100 of a 2-node plain torchrun job
# =============================================================================
def ao10():
    name = "ao10_two_node_finetune_dies_45_minutes_in"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["lambda-hyperplane-03", "lambda-hyperplane-04"]
    ips = ["10.1.10.13", "10.1.10.14"]
    nodes = make_nodes(names, ips, rng)
    culprit = nodes[1]
    bad_local = 6
    bad_rank = culprit.rank(bad_local)   # 14
    start = T("2025-03-16 13:30:44.000")
    t0 = T("2025-03-16 14:16:09.402")
    job = TorchrunJob(nodes, rng, start, "ddp_train.py", nccl_version="2.19.3+cuda12.2", hcas=1, ifname="enp65s0f0", cuda_drv=12020,
                      net="Socket", pysite="/home/ubuntu/venv/lib/python3.10/site-packages",
                      launcher="/home/ubuntu/venv/bin/torchrun", binary="/home/ubuntu/venv/bin/python3")
    job.banner()
    job.nccl(start + sec(8))
    first = nodes[0]
    ep, it = 0, 0
    t = start + sec(20)
    while True:
        t += sec(rng.uniform(0.59, 0.62) * 50)
        if t >= t0:
            break
        it += 50
        for n in nodes:
            for l in (0,):
                job.log(n).add(t + sec(rng.uniform(0, 0.2)), "[rank%d] epoch %d iter %5d loss %.4f lr %.2e %.1f img/s" % (
                    n.rank(l), ep, it, 1.12 - it * 1.3e-5 + rng.uniform(-0.03, 0.03), 0.1 * (0.98 ** ep), rng.uniform(1290, 1320)))
        if it % 1250 == 0:
            ep += 1
            job.log(first).add(t + sec(30), "[rank0] epoch %d done, val top1 %.3f, saved /home/ubuntu/runs/r50-ft/ckpt_ep%d.pt" % (ep - 1, 0.71 + ep * 0.006, ep - 1))
            t += sec(30)
    te = t0 + sec(0.31)
    frames = [("/home/ubuntu/r50-ft/ddp_train.py", 188, "<module>", "main()"),
              ("/home/ubuntu/r50-ft/ddp_train.py", 161, "main", "loss.backward()"),
              ("/home/ubuntu/venv/lib/python3.10/site-packages/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
              ("/home/ubuntu/venv/lib/python3.10/site-packages/torch/autograd/graph.py", 825, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
    job.log(culprit).add(te, py_traceback(bad_rank, frames, "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."))
    job.teardown(culprit, bad_local, te + sec(0.4), 1)
    job.watchdogs(t0 + sec(600.1), 117344, skip=set(culprit.ranks()), op="ALLREDUCE", numel=25557032, timeout_ms=600000)
    job.finish(first)
    for i, n in enumerate(nodes):
        b.put("%s/torchrun_node%d.log" % (n.name, i), job.log(n))
        k = Log()
        for dt, m in benign_kernel(rng, start - sec(86400), t0 + sec(900), rng.randint(14, 24)):
            k.add(dt, kline("syslog", dt, n.name, m, n.boot))
        if n is culprit:
            bus = "c3"
            pid = job.pid(n, bad_local)
            k.add(t0, kline("syslog", t0, n.name, nvrm_xid(bus, 48, pid, "python3", "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0."), n.boot))
            k.add(t0 + sec(0.1), kline("syslog", t0 + sec(0.1), n.name, nvrm_xid(bus, 45, pid, "python3", "Ch 00000028"), n.boot))
        b.put("%s/syslog" % n.name, k)
    L = ["$ nvidia-smi -q -d ECC -i 6"] + smi_header(t0 + sec(1200), driver="535.183.01", cuda="12.2", ngpu=8)
    L += ["", "GPU 00000000:C3:00.0",
          "    ECC Mode", "        Current                           : Enabled", "        Pending                           : Enabled",
          "    ECC Errors", "        Volatile",
          "            Single Bit", "                Device Memory             : 0", "                Register File             : 0",
          "                L1 Cache                  : 0", "                L2 Cache                  : 0", "                Texture Memory            : N/A",
          "                Texture Shared            : N/A", "                CBU                       : 0", "                Total                     : 0",
          "            Double Bit", "                Device Memory             : 1", "                Register File             : 0",
          "                L1 Cache                  : 0", "                L2 Cache                  : 0", "                Texture Memory            : N/A",
          "                Texture Shared            : N/A", "                CBU                       : 0", "                Total                     : 1",
          "    Retired Pages", "        Single Bit ECC                    : 0", "        Double Bit ECC                    : 1",
          "        Pending Page Blacklist            : Yes"]
    b.put("%s/nvidia-smi-ecc-gpu6.txt" % culprit.name, L)
    b.set_label("gpu_hardware", "infrastructure", {"node": culprit.name, "rank": bad_rank}, "restart_without_node",
                "lambda-hyperplane-04 logged Xid 48 (double-bit ECC error) on GPU 6 at 14:16:09 and rank 14 died with 'uncorrectable ECC error' "
                "the same second; the first node only shows the ten-minute watchdog timeout and its own ChildFailedError.",
                "https://docs.nvidia.com/deploy/dynamic-page-retirement/visibility.html")
    return b


CASES = [ao01, ao02, ao03, ao04, ao05, ao06, ao07, ao08, ao09, ao10]
