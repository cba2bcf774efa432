"""Cases ac01..ac10."""
from common import (Case, T, sec, BUS, GPU_NAME, xid_pci, gpu_uuid, c10, glog_py, pylog,
                    dmesg_T, jshort, iso, nvidia_smi, dcgmi_diag, dcgmi_health, nccl_init,
                    watchdog_timeout, watchdog_exception, py_traceback, elastic_failure,
                    loss_curve, megatron_iter, titan_step, hf_step, ds_step, nemo_step, hms,
                    df_out, ibstat, sacct)
from bundle import write_kernel, torchrun_banner, nvsmi_q_ecc, ps_listing

REMOTE_ERR = ("NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:328, remote process exited or there was a network error, "
              "NCCL version 2.21.5\\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\\n"
              "Last error:\\nNET/IB: Got completion from peer {peer}<{port}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{me} remoteGids::ffff:{peer} hca mlx5_{hca}")


def megatron_frames(extra=()):
    return [("/workspace/Megatron-LM/pretrain_gpt.py", 319, "<module>", "pretrain("),
            ("/workspace/Megatron-LM/megatron/training/training.py", 386, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
            ("/workspace/Megatron-LM/megatron/training/training.py", 1389, "train", "train_step(forward_step_func,"),
            ("/workspace/Megatron-LM/megatron/training/training.py", 746, "train_step", "losses_reduced = forward_backward_func("),
            ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 1471, "forward_backward_pipelining_without_interleaving", "output_tensor, num_tokens = forward_step(")] + list(extra)


# ======================================================================== ac01
def ac01(out):
    c = Case(out, "ac01_all_ranks_died_with_nccl_errors_after_half_an_hour", 3201)
    hosts = ["gpu-a014", "gpu-a015", "gpu-a022", "gpu-a031"]
    ips = {h: f"10.10.2.{int(h[-3:])}" for h in hosts}
    gpu, drv = "H100", "570.133.20"
    t_start = T("2025-10-14 02:10:02")
    t_train = T("2025-10-14 02:12:31")
    t_xid = T("2025-10-14 02:43:17.552031")
    it0, dt_it = 12001, 4.1
    jid = 771204
    bad_host, bad_local = "gpu-a022", 5
    bad_rank = 2 * 8 + bad_local
    # rank-0 stdout (megatron)
    L = [f"using world size: 32, data-parallel size: 2, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 2",
         "> setting random seeds to 1234 ...", "> compiling dataset index builder ...", ">>> done with dataset index builder. Compilation time: 0.071 seconds",
         "> building GPT model ...", " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 4534177792",
         f" loading checkpoint from /lustre/proj/llm70b/ckpt at iteration 12000", "  successfully loaded checkpoint from /lustre/proj/llm70b/ckpt [ t 0/8, p 0/2 ] at iteration 12000",
         "(min, max) time across ranks (ms):", "    load-checkpoint ................................: (88412.31, 88415.02)",
         "[after dataloaders are built] datetime: 2025-10-14 02:12:29", "done with setup ...", "training ..."]
    t = t_train
    it = it0
    while t < t_xid - sec(dt_it):
        ms = dt_it * 1000 + c.rng.uniform(-60, 60)
        L.append(megatron_iter(t, it, 250000, 1024, loss_curve(c.rng, it, 2.05, 1.71), ms, 1.5e-4 - it * 1e-10,
                               gn=c.rng.uniform(0.18, 0.31), tflops=c.rng.uniform(402, 411)))
        t += sec(ms / 1000)
        it += 1
    last_it = it
    logdir = f"/lustre/proj/llm70b/logs/{jid}"
    seq = 1812233
    for ni, h in enumerate(hosts):
        base_pid = 51200 + ni * 311
        pids = [base_pid + k for k in range(8)]
        # per-rank stderr logs (torchrun --log-dir)
        for lr in range(8):
            r = ni * 8 + lr
            E = nccl_init(h, pids[lr], lr, r, 32, ver="2.21.5+cuda12.4", ip=ips[h])
            E.append(f"{h}:{pids[lr]}:{pids[lr]} [{lr}] NCCL INFO NCCL_IB_HCA set to mlx5_0,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_9,mlx5_10,mlx5_11")
            E.append(f"/usr/local/lib/python3.12/dist-packages/torch/distributed/fsdp/_fully_shard/_fully_shard.py:22: FutureWarning: torch.distributed._tensor is deprecated; use torch.distributed.tensor")
            if h == bad_host and lr == bad_local:
                tt = t_xid + sec(0.61)
                E.append(f"[rank{r}]:[W{tt.month}{tt.day:02d} {tt:%H:%M:%S}.{tt.microsecond * 1000:09d} CUDAGuardImpl.h:119] Warning: CUDA warning: unspecified launch failure (function destroyEvent)")
                E += py_traceback(r, megatron_frames([
                    ("/workspace/Megatron-LM/megatron/core/transformer/transformer_layer.py", 412, "forward", "mlp_output_with_bias = self.mlp(pre_mlp_layernorm_output)"),
                    ("/usr/local/lib/python3.12/dist-packages/transformer_engine/pytorch/module/layernorm_mlp.py", 1533, "forward", "out = fwd_fn(*args)")]),
                    "RuntimeError: CUDA error: unspecified launch failure\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
            elif h == bad_host:
                pass  # killed by SIGTERM, nothing printed
            else:
                tt = t_xid + sec(3.9 + ni * 0.7 + lr * 0.11)
                peer = ips[bad_host]
                E.append(f"{h}:{pids[lr]}:{pids[lr] + 77} [{lr}] transport/net_ib.cc:2244 NCCL WARN NET/IB: Got completion from peer {peer}<{41522 + lr}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ips[h]} remoteGids::ffff:{peer} hca mlx5_{[0,3,4,5,6,9,10,11][lr]}")
                E.append(f"{h}:{pids[lr]}:{pids[lr] + 77} [{lr}] NCCL INFO transport/net.cc:1362 -> 6")
                E.append(f"{h}:{pids[lr]}:{pids[lr] + 77} [{lr}] NCCL INFO proxy.cc:726 -> 6")
                E.append(f"{h}:{pids[lr]}:{pids[lr] + 77} [{lr}] NCCL INFO proxy.cc:910 -> 6 [Progress Thread]")
                E += watchdog_exception(r, tt + sec(0.4), seq, REMOTE_ERR.format(peer=peer, port=41522 + lr, me=ips[h], hca=[0, 3, 4, 5, 6, 9, 10, 11][lr]))
            c.write(f"{h}/logs/{jid}/attempt_0/{lr}/stderr.log", E)
            if ni == 0 and lr == 0:
                c.write(f"{h}/logs/{jid}/attempt_0/0/stdout.log", L)
            else:
                c.write(f"{h}/logs/{jid}/attempt_0/{lr}/stdout.log", ["> initialized tensor model parallel with size 8", "> initialized pipeline model parallel with size 2"])
        # torchrun console
        con = torchrun_banner(t_start + sec(ni * 0.3), pid=4127 + ni, nnodes=4, endpoint=f"{ips['gpu-a014']}:29500", log_dir=logdir)
        con.append(f"{glog_py(t_start + sec(3), 'I')} {4127 + ni} torch/distributed/elastic/agent/server/api.py:525] [default] Rendezvous complete for workers. Result:")
        con.append(f"  restart_count=0\n  master_addr={ips['gpu-a014']}\n  master_port=29500\n  group_rank={ni}\n  group_world_size=4\n  local_ranks=[0, 1, 2, 3, 4, 5, 6, 7]\n  role_ranks={list(range(ni * 8, ni * 8 + 8))}\n  global_ranks={list(range(ni * 8, ni * 8 + 8))}")
        if h == bad_host:
            tfail = t_xid + sec(1.4)
            con += elastic_failure(tfail, "pretrain_gpt.py", h, [], [(bad_rank, bad_local, 1, pids[bad_local], "Traceback (most recent call last):\n    RuntimeError: CUDA error: unspecified launch failure")],
                                   sigterm=[(pids[k], k) for k in range(8) if k != bad_local])
        else:
            tfail = t_xid + sec(5.2 + ni * 0.7)
            r_first = ni * 8 + (3 if ni == 0 else 1)
            con += elastic_failure(tfail, "pretrain_gpt.py", h, [(ni * 8 + 6, 6, -6, pids[6], f"Signal 6 (SIGABRT) received by PID {pids[6]}")],
                                   [(r_first, r_first % 8, -6, pids[r_first % 8], f"Signal 6 (SIGABRT) received by PID {pids[r_first % 8]}")],
                                   sigterm=[(pids[k], k) for k in range(8) if k not in (r_first % 8, 6)])
        c.write(f"{h}/torchrun-{jid}.out", con)
        # kernel log
        boot = T("2025-10-02 08:11:04") + sec(ni * 97)
        ev = []
        if h == bad_host:
            bus = BUS[gpu][bad_local]
            ev += [(t_xid - sec(0.004), "pcieport 0000:c0:01.1: AER: Uncorrected (Fatal) error received: 0000:c3:00.0"),
                   (t_xid - sec(0.003), "nvidia 0000:c3:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
                   (t_xid - sec(0.003), "nvidia 0000:c3:00.0: AER:   device [10de:2330] error status/mask=00040000/00000000"),
                   (t_xid - sec(0.002), "nvidia 0000:c3:00.0: AER:    [18] MalfTLP                (First)"),
                   (t_xid, f"NVRM: Xid ({xid_pci(bus)}): 79, pid={pids[bad_local]}, name=python3, GPU has fallen off the bus."),
                   (t_xid + sec(0.0001), f"NVRM: GPU {bus}: GPU has fallen off the bus."),
                   (t_xid + sec(0.0002), f"NVRM: GPU at PCI:{bus}: {gpu_uuid(c.rng)}"),
                   (t_xid + sec(0.0003), "NVRM: GPU Board Serial Number: 1654023019542"),
                   (t_xid + sec(0.02), "NVRM: A GPU crash dump has been created. If possible, please run"),
                   (t_xid + sec(0.02), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                   (t_xid + sec(0.02), "NVRM: the NVIDIA kernel module is unloaded."),
                   (t_xid + sec(0.9), "pcieport 0000:c0:01.1: AER: device recovery failed")]
        if h == "gpu-a015":
            old = T("2025-10-11 17:40:09")
            ev += [(old, f"NVRM: Xid ({xid_pci(BUS[gpu][2])}): 13, pid=2231904, name=python, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address"),
                   (old + sec(0.0002), f"NVRM: Xid ({xid_pci(BUS[gpu][2])}): 13, pid=2231904, name=python, Graphics Exception: ESR 0x52e730=0x2000d 0x52e734=0x0 0x52e728=0xc81eb60 0x52e72c=0x1174"),
                   (old + sec(0.01), f"NVRM: Xid ({xid_pci(BUS[gpu][2])}): 43, pid=2231904, name=python, Ch 00000008")]
        write_kernel(c, f"{h}/dmesg.txt", h, boot, gpu, drv, t_start, t_xid + sec(700), "up", ev)
        if h == bad_host:
            c.write(f"{h}/nvidia-smi.txt", ["$ nvidia-smi", "Unable to determine the device handle for GPU0000:C3:00.0: Unknown Error"])
        else:
            c.write(f"{h}/nvidia-smi.txt", nvidia_smi(t_xid + sec(760), gpu, drv))
    # login / scheduler side
    lg = "slurm-login01"
    c.write(f"{lg}/sacct_{jid}.txt", sacct(jid, "llm70b-pt", "gpu-a[014-015,022,031]", "FAILED", "00:34:02", "1:0", t_start - sec(12), t_xid + sec(8)))
    c.write(f"{lg}/sinfo_R.txt", ["REASON                                       USER      TIMESTAMP           NODELIST",
                                  "BMC firmware update                          admin     2025-10-12T09:00:11 gpu-b003",
                                  f"NHC: check_nv_smi: nvidia-smi failed (rc=15) root      2025-10-14T02:43:52 {bad_host}",
                                  "Kill task failed                             root      2025-10-09T22:17:40 gpu-a040"])
    c.write(f"{lg}/job_{jid}.sbatch", ["#!/bin/bash", "#SBATCH -N 4 --gpus-per-node=8 --exclusive -t 48:00:00 -J llm70b-pt",
                                       "export TORCH_NCCL_ASYNC_ERROR_HANDLING=3 NCCL_DEBUG=WARN TORCH_NCCL_TRACE_BUFFER_SIZE=0",
                                       f"srun --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $MASTER:29500 --tee 3 --log-dir {logdir} pretrain_gpt.py $ARGS"])
    c.label("gpu_hardware", "infrastructure", bad_host, bad_rank, "restart_without_node",
            f"{bad_host} logged Xid 79 (GPU 0000:c3:00 fell off the bus, PCIe fatal AER) at 02:43:17, a second before its rank {bad_rank} hit 'unspecified launch failure'; every other rank's ncclRemoteError and the SIGABRT summaries come later and point at that node's address.",
            "https://github.com/rwth-i6/returnn/issues/1486")
    return c


# ======================================================================== ac02
def ac02(out):
    c = Case(out, "ac02_training_froze_for_ten_minutes_then_every_pod_exited", 3202)
    hosts = ["b200-n041", "b200-n042", "b200-n050", "b200-n057"]
    gpu, drv = "B200", "575.57.08"
    bad_host, bad_local = "b200-n050", 2
    bad_rank = 2 * 8 + bad_local
    t0 = T("2025-12-02 09:31:10")
    t_xid = T("2025-12-02 11:02:41.227513")
    t_wd = t_xid + sec(600.4)
    step_dt = 1.62
    seq = 96521
    # rank 0 torchtitan log (kubectl logs of the leader pod)
    L = [f"+ torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=llama-pt-jobset-node-0-0.llama-pt:29400 -m torchtitan.train --job.config_file /cfg/llama3_70b.toml",
         f"[rank0]:[titan] {pylog(t0 + sec(20))} - root - INFO - Starting job: Llama 3 70B training",
         f"[rank0]:[titan] {pylog(t0 + sec(21))} - root - INFO - Building 2-D device mesh with ['dp_shard', 'tp'], [4, 8]",
         f"[rank0]:[titan] {pylog(t0 + sec(22))} - root - INFO - [GC] Initial GC collection. 0.00 seconds.",
         f"[rank0]:[titan] {pylog(t0 + sec(40))} - root - INFO - Applied Tensor Parallelism to the model",
         f"[rank0]:[titan] {pylog(t0 + sec(41))} - root - INFO - Applied selective activation checkpointing to the model",
         f"[rank0]:[titan] {pylog(t0 + sec(43))} - root - INFO - Compiling each TransformerBlock with torch.compile",
         f"[rank0]:[titan] {pylog(t0 + sec(44))} - root - INFO - Applied FSDP to the model",
         f"[rank0]:[titan] {pylog(t0 + sec(60))} - root - INFO - Loading the checkpoint from ./outputs/checkpoint/step-5000.",
         f"[rank0]:[titan] {pylog(t0 + sec(151))} - root - INFO - [GC] GC collection for checkpoint loading. 0.22 seconds.",
         f"[rank0]:[titan] {pylog(t0 + sec(151))} - root - INFO - Finished loading the checkpoint in 91.02 seconds.",
         f"[rank0]:[titan] {pylog(t0 + sec(152))} - root - INFO - Training starts at step 5001."]
    t = t0 + sec(170)
    step = 5001
    while t < t_xid:
        if step % 5 == 0:
            L.append(titan_step(t, 0, step, loss_curve(c.rng, step, 2.4, 1.9), c.rng.uniform(0.21, 0.33), 151.2, 84.09, int(c.rng.uniform(2460, 2520)), 488.0 + c.rng.uniform(-3, 3), 49.3 + c.rng.uniform(-.3, .3)))
        if step % 1000 == 0:
            L.append(f"[rank0]:[titan] {pylog(t + sec(0.3))} - root - INFO - [GC] Performing periodical GC collection. 0.05 seconds.")
        t += sec(step_dt + c.rng.uniform(-0.02, 0.02))
        step += 1
    last = step - 1
    L += watchdog_timeout(0, t_wd, seq, op="_ALLGATHER_BASE", numel=117440512, last_enq=seq, last_done=seq - 1)
    c.write(f"{hosts[0]}/kubectl_logs_llama-pt-jobset-node-0-0-x7k2c.txt", L)
    for ni, h in enumerate(hosts):
        if ni == 0:
            pass
        else:
            R = [f"+ torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=llama-pt-jobset-node-0-0.llama-pt:29400 -m torchtitan.train --job.config_file /cfg/llama3_70b.toml"]
            for lr in range(8):
                r = ni * 8 + lr
                if h == bad_host and lr == bad_local:
                    tt = t_xid + sec(480 + 600.9)
                    R.append(c10(r, t_wd + sec(0.2), "E", "ProcessGroupNCCL.cpp:632", f"[Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType=_ALLGATHER_BASE, NumelIn=14680064, NumelOut=117440512, Timeout(ms)=600000) ran for 600213 milliseconds before timing out."))
                    R.append(c10(r, tt, "E", "ProcessGroupNCCL.cpp:1423", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=2"))
                    R.append(c10(r, tt + sec(0.01), "E", "ProcessGroupNCCL.cpp:1536", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1"))
                    R.append(c10(r, tt + sec(60), "E", "ProcessGroupNCCL.cpp:1617", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Could not acquire GIL within 300 ms on exit, possible GIL induced hang"))
                    R.append(c10(r, tt + sec(60.1), "F", "ProcessGroupNCCL.cpp:1636", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Terminating the process after attempting to dump debug info, due to ProcessGroupNCCL watchdog hang."))
                else:
                    R += watchdog_timeout(r, t_wd + sec(0.05 * r), seq, op="_ALLGATHER_BASE", numel=117440512, last_enq=seq, last_done=seq - 1)
            c.write(f"{h}/kubectl_logs_llama-pt-jobset-node-{ni}-0.txt", R)
        boot = T("2025-11-28 06:02:00") + sec(ni * 211)
        ev = []
        if h == bad_host:
            bus = BUS[gpu][bad_local]
            ev = [(t_xid, f"NVRM: Xid ({xid_pci(bus)}): 119, pid=88213, name=python3, Timeout after 6s of waiting for RPC response from GPU2 GSP! Expected function 76 (GSP_RM_CONTROL) (0x2080014b 0x5)."),
                  (t_xid + sec(0.001), "NVRM: GPU2 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x000000002080014b 0x0000000000000005."),
                  (t_xid + sec(0.001), "NVRM: GPU2 RPC history (CPU -> GSP):"),
                  (t_xid + sec(0.001), "NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling"),
                  (t_xid + sec(0.001), "NVRM:      0    76   GSP_RM_CONTROL       0x000000002080014b 0x0000000000000005 0x000640f1e3b0d1a2 0x0000000000000000          y"),
                  (t_xid + sec(0.002), "NVRM: GPU2 RPC event history (CPU <- GSP):"),
                  (t_xid + sec(6.1), f"NVRM: Xid ({xid_pci(bus)}): 119, pid=88213, name=python3, Timeout after 6s of waiting for RPC response from GPU2 GSP! Expected function 10 (FREE) (0xc1d00211 0x0)."),
                  (t_xid + sec(6.1), "NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:60:00 (printing 1 of every 30).  The GPU likely needs to be reset."),
                  (t_xid + sec(9.4), f"NVRM: Xid ({xid_pci(bus)}): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)"),
                  (t_xid + sec(1322), "INFO: task pt_autograd_0:88391 blocked for more than 122 seconds."),
                  (t_xid + sec(1322), "      Tainted: P           OE      6.8.0-1021-nvidia #24-Ubuntu"),
                  (t_xid + sec(1322), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.")]
        write_kernel(c, f"{h}/host/journalctl-k.txt", h, boot, gpu, drv, t0, t_wd + sec(900), "journal", ev, fs="nfs", kver="6.8.0-1021-nvidia")
        if h == bad_host:
            c.write(f"{h}/host/nvidia-smi.txt", ["$ timeout 60 nvidia-smi", "(no output after 60s; command timed out, rc=124)"])
            c.write(f"{h}/host/dcgmi_health.txt", dcgmi_health("Failure", [(2, "Failure", ["Driver: GPU 2 is not responding; GSP RPC timeout", "(Xid 119) - reset or reboot required."])]))
        else:
            c.write(f"{h}/host/nvidia-smi.txt", nvidia_smi(t_wd + sec(1200), gpu, drv))
            c.write(f"{h}/host/dcgmi_health.txt", dcgmi_health("Healthy"))
    c.write("ops-bastion-02/kubectl_get_events.txt", [
        "LAST SEEN   TYPE      REASON              OBJECT                                   MESSAGE",
        "58m         Normal    Scheduled           pod/llama-pt-jobset-node-2-0-8qf1d       Successfully assigned training/llama-pt-jobset-node-2-0-8qf1d to b200-n050",
        "41m         Warning   GpuXidError         node/b200-n050                           nvsentinel: Xid 119 on GPU-2 (PCI 0000:60:00), recommended action: RESTART_BM",
        "38m         Warning   NodeConditionTrue   node/b200-n050                           GpuHealthy=False: GPU 2 unresponsive (GSP)",
        "21m         Warning   BackoffLimitExceeded jobset/llama-pt                         jobset failed: child job llama-pt-jobset-node-0 failed (exit code 134)",
        "21m         Normal    Killing             pod/llama-pt-jobset-node-1-0-2mdz8       Stopping container pytorch"])
    c.label("gpu_hardware", "infrastructure", bad_host, bad_rank, "restart_without_node",
            "At 11:02:41 b200-n050 logged Xid 119 GSP RPC timeouts on GPU2, followed by Xid 154 (node reboot required). Ten minutes later every rank hit the same all-gather watchdog timeout, while rank 18 on that GPU was so stuck that its heartbeat monitor fired.",
            "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return c


# ======================================================================== ac03
def ac03(out):
    c = Case(out, "ac03_deepspeed_job_crashed_mid_epoch_cuda_error", 3203)
    hosts = [f"h200-r07-n0{i}" for i in range(1, 9)]
    gpu, drv = "H200", "570.124.06"
    bad_host, bad_local = "h200-r07-n06", 3
    bad_ni = hosts.index(bad_host)
    bad_rank = bad_ni * 8 + bad_local
    t0 = T("2025-09-23 21:04:10")
    t_xid = T("2025-09-24 04:17:52.118220")
    L = [f"[{pylog(t0)}] [INFO] [runner.py:607:main] cmd = pdsh -S -f 1024 -w {','.join(hosts)} export NCCL_DEBUG=WARN; cd /home/mlops/sft; /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJoMjAw... --node_rank=%n --master_addr=10.44.7.1 --master_port=29500 train_sft.py --deepspeed ds_zero3.json",
         f"h200-r07-n01: [{pylog(t0 + sec(3))}] [INFO] [launch.py:146:main] WORLD INFO DICT: {{'h200-r07-n01': [0, 1, 2, 3, 4, 5, 6, 7], ...}}",
         f"h200-r07-n01: [{pylog(t0 + sec(3))}] [INFO] [launch.py:164:main] dist_world_size=64"]
    t = t0 + sec(300)
    step = 1
    while t < t_xid:
        for x in ds_step(t, 0, step, 2e-5, loss_curve(c.rng, step * 4, 1.3, 0.82, 0.05), 3.71 + c.rng.uniform(-0.05, 0.05), 69.0 + c.rng.uniform(-1, 1)):
            L.append("h200-r07-n01: " + x)
        t += sec(3.72 * 50)
        step += 50
    L.append(f"h200-r07-n06: [rank{bad_rank}]: RuntimeError: CUDA error: uncorrectable ECC error encountered")
    for ni, h in enumerate(hosts):
        for lr in (0, 4):
            r = ni * 8 + lr
            if h == bad_host:
                continue
            L.append(f"{h}: {c10(r, t_xid + sec(2.5 + ni * 0.3), 'E', 'ProcessGroupNCCL.cpp:1905', f'[PG ID 1 PG GUID 1 Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5')}")
            L.append(f"{h}: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
    L.append(f"h200-r07-n02: [{pylog(t_xid + sec(6))}] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 71231")
    L.append(f"h200-r07-n07: [{pylog(t_xid + sec(6))}] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'train_sft.py', '--local_rank=2', '--deepspeed', 'ds_zero3.json'] exits with return code = -6")
    L.append(f"h200-r07-n06: [{pylog(t_xid + sec(1.9))}] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'train_sft.py', '--local_rank=3', '--deepspeed', 'ds_zero3.json'] exits with return code = 1")
    L.append("pdsh@h200-r07-n01: h200-r07-n07: ssh exited with exit code 250")
    L.append("pdsh@h200-r07-n01: h200-r07-n02: ssh exited with exit code 250")
    L.append("pdsh@h200-r07-n01: h200-r07-n06: ssh exited with exit code 1")
    c.write("h200-r07-n01/deepspeed_launcher.log", L)
    # culprit rank log
    R = [f"[rank{bad_rank}]: Traceback (most recent call last):",
         f'[rank{bad_rank}]:   File "/home/mlops/sft/train_sft.py", line 288, in <module>',
         f"[rank{bad_rank}]:     main()",
         f'[rank{bad_rank}]:   File "/home/mlops/sft/train_sft.py", line 241, in main',
         f"[rank{bad_rank}]:     engine.backward(loss)",
         f'[rank{bad_rank}]:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", line 2126, in backward',
         f"[rank{bad_rank}]:     self.optimizer.backward(loss, retain_graph=retain_graph)",
         f'[rank{bad_rank}]:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage3.py", line 2253, in backward',
         f"[rank{bad_rank}]:     self.loss_scaler.backward(loss.float(), retain_graph=retain_graph)",
         f"[rank{bad_rank}]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
         f"[rank{bad_rank}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
         f"[rank{bad_rank}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1"]
    c.write(f"{bad_host}/rank_logs/rank{bad_rank}.err", R)
    for ni, h in enumerate(hosts):
        boot = T("2025-09-14 11:30:00") + sec(ni * 53)
        ev = []
        if h == bad_host:
            b = xid_pci(BUS[gpu][bad_local])
            ev = [(t_xid, f"NVRM: Xid ({b}): 48, pid=71843, name=python3, Ch 00000008, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1."),
                  (t_xid + sec(0.0003), f"NVRM: Xid ({b}): 64, pid=71843, name=python3, Row Remapper Error: New row (0x0000000000a31f02) could not be marked for remapping."),
                  (t_xid + sec(0.0004), f"NVRM: Xid ({b}): 45, pid=71843, name=python3, Ch 00000008")]
        if h == "h200-r07-n03":
            ev = [(t_xid + sec(4.1), "mlx5_core 0000:9a:00.0: mlx5_cmd_out_err:838:(pid 71390): QUERY_VPORT_COUNTER(0x770) op_mod(0x0) failed, status bad parameter(0x3), syndrome (0x6a7d1), err(-22)")]
        write_kernel(c, f"{h}/journal_kernel.txt", h, boot, gpu, drv, t0, t_xid + sec(900), "journal", ev)
    q = ["==============NVSMI LOG==============", "", f"Timestamp                                 : Wed Sep 24 04:21:33 2025",
         f"Driver Version                            : {drv}", "CUDA Version                              : 12.8", "", "Attached GPUs                             : 8"]
    for i in range(8):
        if i == bad_local:
            q += nvsmi_q_ecc(i, BUS[gpu][i], volatile_unc=2, agg_unc=2, corr=14, rr_corr=0, rr_unc=8, pending="No", failure="Yes",
                             hist={"Max": 632, "High": 0, "Partial": 0, "Low": 0, "None": 1})
        else:
            q += nvsmi_q_ecc(i, BUS[gpu][i], corr=(1 if i == 5 else 0))
    c.write(f"{bad_host}/nvidia-smi-q-ecc.txt", q)
    c.write(f"{bad_host}/nhc_epilog.log", [f"{pylog(t_xid + sec(31))} [nhc] Running 41 checks (epilog)",
                                          f"{pylog(t_xid + sec(33))} [nhc] ERROR: check_nv_ecc: GPU 3 (0000:BA:00.0) Remapping Failure Occurred: Yes; DRAM uncorrectable (volatile) = 2",
                                          f"{pylog(t_xid + sec(33))} [nhc] Node {bad_host} marked DRAIN: NHC: check_nv_ecc: GPU3 row remap failure"])
    for h in ("h200-r07-n02", "h200-r07-n07"):
        c.write(f"{h}/nhc_epilog.log", [f"{pylog(t_xid + sec(30))} [nhc] Running 41 checks (epilog)", f"{pylog(t_xid + sec(34))} [nhc] All checks passed"])
    c.write("h200-r07-n01/sinfo_R.txt", ["REASON               USER      TIMESTAMP           NODELIST",
                                         f"NHC: check_nv_ecc: G root      2025-09-24T04:18:25 {bad_host}"])
    c.label("gpu_memory", "infrastructure", bad_host, bad_rank, "restart_without_node",
            "h200-r07-n06 GPU3 logged Xid 48 (uncorrectable DBE) and Xid 64 (row remap failed), and the epilog check drained the node. Rank 27 on that GPU died with 'uncorrectable ECC error encountered'; all the other ranks failed afterwards with ncclRemoteError.",
            "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    return c


# ======================================================================== ac04
def ac04(out):
    c = Case(out, "ac04_finetune_died_once_with_cuda_error_node_looks_fine_now", 3204)
    hosts = ["dgx-b12", "dgx-b09"]
    gpu, drv = "H100", "550.127.08"
    bad_host, bad_local = "dgx-b12", 6
    bad_rank = bad_local
    t0 = T("2025-08-05 13:00:12")
    t_xid = T("2025-08-05 16:48:03.771002")
    L = ["The following values were not passed to `accelerate launch` and had defaults used instead:",
         "\t`--dynamo_backend` was set to a value of `'no'`",
         "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.",
         f"[{pylog(t0 + sec(25))}] [INFO] [real_accelerator.py:222:get_accelerator] Setting ds_accelerator to cuda (auto detect)",
         "Loading checkpoint shards: 100%|██████████| 30/30 [01:12<00:00,  2.41s/it]",
         "***** Running training *****", "  Num examples = 1,204,113", "  Num Epochs = 2", "  Instantaneous batch size per device = 4",
         "  Total train batch size (w. parallel, distributed & accumulation) = 512", "  Gradient Accumulation steps = 8", "  Total optimization steps = 4,704",
         "  Number of trainable parameters = 70,553,706,496"]
    step = 0
    t = t0 + sec(190)
    while t < t_xid:
        step += 1
        el = (t - t0).total_seconds() - 190
        L.append(f"{int(100 * step / 4704):>3}%|{'▍':<10}| {step}/4704 [{hms(el)}<{hms((4704 - step) * 16.2)}, 16.21s/it]")
        if step % 10 == 0:
            L.append(hf_step(loss_curve(c.rng, step * 10, 1.5, 1.05, 0.04), c.rng.uniform(0.3, 0.6), 2e-5 * (1 - step / 4704), step / 2352))
        t += sec(16.2 + c.rng.uniform(-0.2, 0.2))
    L += py_traceback(bad_rank, [("/work/ft/run_sft.py", 412, "<module>", "trainer.train()"),
                                 ("/usr/local/lib/python3.11/site-packages/transformers/trainer.py", 2241, "train", "return inner_training_loop("),
                                 ("/usr/local/lib/python3.11/site-packages/transformers/trainer.py", 2548, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs, num_items_in_batch)"),
                                 ("/usr/local/lib/python3.11/site-packages/accelerate/accelerator.py", 2329, "backward", "loss.backward(**kwargs)")],
                      "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1")
    for r in (8, 9, 12, 14, 3):
        L += watchdog_exception(r, t_xid + sec(3 + r * 0.05), 201177, "NCCL error: remote process exited or there was a network error, NCCL version 2.20.5\\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")[:1]
    L += elastic_failure(t_xid + sec(5), "run_sft.py", bad_host, [], [(bad_rank, bad_local, 1, 40377, "Traceback (most recent call last):\n  RuntimeError: CUDA error: uncorrectable ECC error encountered")],
                         sigterm=[(40371 + k, k) for k in range(8) if k != bad_local])
    c.write(f"{bad_host}/accelerate_launch.log", L)
    c.write("dgx-b09/accelerate_launch.log", ["***** Running training *****"] +
            [x for r in (8, 11, 15) for x in watchdog_exception(r, t_xid + sec(3.3 + r * 0.01), 201177, "NCCL error: remote process exited or there was a network error, NCCL version 2.20.5\\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")] +
            elastic_failure(t_xid + sec(6), "run_sft.py", "dgx-b09", [(11, 3, -6, 51102, "Signal 6 (SIGABRT) received by PID 51102")], [(8, 0, -6, 51099, "Signal 6 (SIGABRT) received by PID 51099")]))
    for ni, h in enumerate(hosts):
        boot = T("2025-07-29 10:14:40") + sec(ni * 1000)
        ev = []
        if h == bad_host:
            b = xid_pci(BUS[gpu][bad_local])
            ev = [(t_xid, f"NVRM: Xid ({b}): 94, pid=40377, name=python, Contained ECC error."),
                  (t_xid + sec(0.0002), f"NVRM: Xid ({b}): 63, pid=40377, name=python, Row Remapper: New row (0x00000000013a04c1) marked for remapping, reset gpu to activate."),
                  (t_xid + sec(52), "nvidia 0000:d1:00.0: nvidia-smi --gpu-reset requested by epilog (uid 0)"),
                  (t_xid + sec(58), "NVRM: GPU at PCI:0000:d1:00: GPU-5c0e21b7-84aa-7e0f-3d1a-2b6f0c9e47d3"),
                  (t_xid + sec(58), "NVRM: GPU Board Serial Number: 1652823045117"),
                  (t_xid + sec(58.1), "NVRM: Xid (PCI:0000:d1:00): 154, GPU recovery action changed from 0x1 (GPU Reset Required) to 0x0 (None)")]
        write_kernel(c, f"{h}/dmesg-T.txt", h, boot, gpu, drv, t0, t_xid + sec(3600), "T", ev)
    q = ["==============NVSMI LOG==============", "", "Timestamp                                 : Tue Aug  5 16:51:40 2025",
         f"Driver Version                            : {drv}", "", "Attached GPUs                             : 8"]
    for i in range(8):
        if i == bad_local:
            q += nvsmi_q_ecc(i, BUS[gpu][i], volatile_unc=0, agg_unc=1, corr=0, rr_corr=0, rr_unc=1, pending="No", failure="No",
                             hist={"Max": 639, "High": 1, "Partial": 0, "Low": 0, "None": 0})
        else:
            q += nvsmi_q_ecc(i, BUS[gpu][i])
    c.write(f"{bad_host}/after_reset_nvidia-smi-q.txt", q)
    c.write(f"{bad_host}/epilog.log", [f"{pylog(t_xid + sec(40))} epilog: job 90412 exited with failure; checking GPUs",
                                      f"{pylog(t_xid + sec(41))} epilog: GPU 6 reports remapped rows pending=Yes -> resetting GPU 6",
                                      f"{pylog(t_xid + sec(58))} epilog: nvidia-smi -r -i 6: GPU 00000000:D1:00.0 was successfully reset.",
                                      f"{pylog(t_xid + sec(61))} epilog: post-reset row remapper: pending=No failure=No uncorrectable=1",
                                      f"{pylog(t_xid + sec(62))} epilog: running dcgmi diag -r 2",
                                      f"{pylog(t_xid + sec(231))} epilog: dcgmi diag -r 2 PASS; node returned to service"])
    c.write(f"{bad_host}/dcgmi_diag_r2_after_reset.txt", dcgmi_diag(2, drv, gpu, "3.3.7"))
    c.write(f"{bad_host}/nvidia-smi.txt", nvidia_smi(t_xid + sec(240), gpu, drv))
    c.write("dgx-b09/nvidia-smi.txt", nvidia_smi(t_xid + sec(240), gpu, drv))
    c.label("gpu_memory", "infrastructure", bad_host, bad_rank, "restart",
            "dgx-b12 GPU6 reported Xid 94 (contained ECC error) and Xid 63 (row marked for remapping), which killed rank 6. After the epilog reset the GPU, nothing was pending and there was no remap failure, and dcgmi diag -r 2 passed, so the same nodes can resume from the checkpoint.",
            "https://github.com/NVIDIA/gpu-operator/issues/1065")
    return c


# ======================================================================== ac05
def ac05(out):
    c = Case(out, "ac05_gb200_run_stopped_making_progress_then_crashed", 3205)
    trays = ["gb200-r2-c03", "gb200-r2-c04", "gb200-r2-c05", "gb200-r2-c06", "gb200-r2-c11", "gb200-r2-c12", "gb200-r2-c13", "gb200-r2-c14"]
    gpu, drv = "GB200", "570.148.08"
    bad_host, bad_local = "gb200-r2-c12", 1
    bad_ni = trays.index(bad_host)
    bad_rank = bad_ni * 4 + bad_local
    t0 = T("2026-01-19 07:40:00")
    t_xid = T("2026-01-19 10:26:55.004117")
    seq = 388124
    t_wd = t_xid + sec(1800.3)
    # rank 0 NeMo log
    L = [f"[NeMo I {t0 + sec(30):%Y-%m-%d %H:%M:%S} nemo_logging:393] Experiments will be logged at /lustre/exp/nemotron-h/2026-01-19_07-40-00",
         f"[NeMo I {t0 + sec(31):%Y-%m-%d %H:%M:%S} nemo_logging:393] Rank 0 has data parallel group : [0, 8, 16, 24]",
         f"[NeMo W {t0 + sec(32):%Y-%m-%d %H:%M:%S} nemo_logging:405] The number of process groups is greater than the number of devices; NVLS may not be available for all groups",
         "GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores", "HPU available: False, using: 0 HPUs",
         "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]",
         f"[NeMo I {t0 + sec(80):%Y-%m-%d %H:%M:%S} nemo_logging:393] Padded vocab_size: 131072, original vocab_size: 131072, dummy tokens: 0."]
    t = t0 + sec(120)
    step = 0
    while t < t_xid:
        step += 1
        el = (t - t0).total_seconds()
        if step % 5 == 0:
            L.append(nemo_step(t, step, 40000, loss_curve(c.rng, step, 3.1, 2.2, 0.05), 4.95 + c.rng.uniform(-.03, .03), step, 3e-4, hms(el)))
        t += sec(4.95)
    L.append(f"[NeMo W {t_wd:%Y-%m-%d %H:%M:%S} nemo_logging:405] Straggler/progress watchdog: no iteration completed in 1800 s")
    L += watchdog_timeout(0, t_wd, seq, op="ALLREDUCE", numel=536870912, timeout_ms=1800000)
    c.write(f"{trays[0]}/nemo_rank0.log", L)
    for ni, h in enumerate(trays):
        R = []
        for lr in range(4):
            r = ni * 4 + lr
            R += nccl_init(h, 60100 + lr, lr, r, 32, ver="2.26.6+cuda12.9", ip=f"10.52.2.{ni + 3}",
                           extra=[f"MNNVL busId 0x{['8','9','18','19'][lr]}01000 fabric UUID 9e1f6b3a5cd2a1f0.7a33c1de0a9f4b21 cliqueId 0x7ffe state 3 healthMask 0x0"])
        for lr in range(4):
            r = ni * 4 + lr
            if h == bad_host and lr == bad_local:
                R.append(f"{h}:{60100 + lr}:{60180 + lr} [{lr}] transport/nvls.cc:328 NCCL WARN Cuda failure 999 'unknown error'")
                R.append(f"{h}:{60100 + lr}:{60180 + lr} [{lr}] NCCL INFO transport/p2p.cc:469 -> 1")
                R.append(c10(r, t_xid + sec(2.2), "E", "ProcessGroupNCCL.cpp:1905", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure"))
            elif lr == 0:
                R += watchdog_timeout(r, t_wd + sec(ni * 0.02), seq, numel=536870912, timeout_ms=1800000)
        c.write(f"{h}/slurm-551902.{ni}.err", R)
        boot = T("2026-01-12 02:00:00") + sec(ni * 30)
        ev = []
        if h == bad_host:
            b = xid_pci(BUS[gpu][bad_local])
            ev = [(t_xid, f"NVRM: Xid ({b}): 149, NETIR_LINK_EVT Fatal XC0 i0 Link 04 (0x025001c6 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000)"),
                  (t_xid + sec(0.001), f"NVRM: Xid ({b}): 145, RLW_REMAP Nonfatal XC0 i0 Link 04 (0x0409a0c2 0x00000008 0x00000001 0x00000000 0x00100000 0x00000004)"),
                  (t_xid + sec(0.3), f"NVRM: Xid ({b}): 45, pid=60101, name=python3, Ch 00000003 caused by previous Xid 149"),
                  (t_xid + sec(0.3), f"NVRM: Xid ({b}): 45, pid=60101, name=python3, Ch 00000004 caused by previous Xid 149"),
                  (t_xid + sec(1.1), f"NVRM: Xid ({b}): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)")]
        if h == "gb200-r2-c04":
            old = T("2026-01-13 15:12:40")
            b4 = xid_pci(BUS[gpu][3])
            ev = [(old, f"NVRM: Xid ({b4}): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 13 (0x0409a0c2 0x00000008 0x00000001 0x00000000 0x00100000 0x00000004)"),
                  (old + sec(0.1), f"NVRM: Xid ({b4}): 144, SAW_MVB Nonfatal XC0 i0 Link 13 (0x00000001 0x00000008 0x00000000 0x00000000 0x00000000 0x00000000)")]
        write_kernel(c, f"{h}/journal-k.txt", h, boot, gpu, drv, t0, t_wd + sec(300), "iso", ev, nics=4, arch="aarch64", kver="6.8.0-1025-nvidia-64k")
        nv = [f"GPU {i}: NVIDIA GB200 (UUID: {gpu_uuid(c.rng)})" for i in range(4)]
        out_l = []
        for i in range(4):
            out_l.append(nv[i])
            for k in range(18):
                if h == bad_host and i == bad_local and k in (4, 5, 6, 7):
                    out_l.append(f"\t Link {k}: <inactive>")
                else:
                    out_l.append(f"\t Link {k}: 50 GB/s")
        c.write(f"{h}/nvidia-smi-nvlink-s.txt", out_l)
        imex = [f"[{t0 - sec(86000):%b %d %Y %H:%M:%S}] [INFO] [tid 2291] IMEX version 570.148.08 is running with the following configuration options",
                f"[{t0 - sec(86000):%b %d %Y %H:%M:%S}] [INFO] [tid 2291] Connected to 18 of 18 nodes in the IMEX domain",
                f"[{t0 - sec(85990):%b %d %Y %H:%M:%S}] [INFO] [tid 2291] IMEX domain is READY"]
        c.write(f"{h}/nvidia-imex.log", imex)
    # NCCL RAS summary from the login node
    ras = ["$ ncclras", "NCCL version 2.26.6 compiled with CUDA 12.9", "CUDA runtime version 12090, driver version 12080", "",
           "Job summary", "===========", "",
           "  Nodes  Processes         GPUs  Processes     GPUs", "(total)   per node  per process    (total)  (total)",
           "      8          4            1         32       32", "",
           "Communicators... (0.00s)", "=============", "",
           "Group  Comms  Nodes  Ranks  Ranks  Ranks  Status  Errors", "    #  in grp per comm per node per comm in group",
           "    0       1     8      4     32      1  RUNNING  INCOMPLETE", "",
           "Errors", "======", "",
           f"Group 0: communicator 0x3e8c1a0f22d95ab6: 31/32 ranks have reached opCount {seq}; 1 rank is behind:",
           f"  Rank {bad_rank} (node {bad_host}, GPU 1, pid 60101) opCount {seq - 1}: collective launch blocked (CUDA error reported by device)"]
    c.write("gb200-login1/ncclras_during_hang.txt", ras)
    c.label("nvlink", "infrastructure", bad_host, bad_rank, "restart_without_node",
            "At 10:26:55 gb200-r2-c12 logged a fatal NVLink5 Xid 149 on GPU1 link 04, plus Xid 145 and Xid 154 (reset required), and that GPU now shows four inactive links. NCCL RAS reports rank 21 as the only rank behind, and everyone else only timed out 30 minutes later. The Xid 145/144 on c04 is a week old and non-fatal.",
            "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1150")
    return c


# ======================================================================== ac06
def ac06(out):
    c = Case(out, "ac06_fsdp_allgather_failed_unhandled_cuda_error", 3206)
    hosts = ["nid004117", "nid004118", "nid004125", "nid004126"]
    gpu, drv = "H100", "565.57.01"
    bad_host, bad_local = "nid004125", 2
    bad_ni = hosts.index(bad_host)
    bad_rank = bad_ni * 8 + bad_local
    t0 = T("2025-11-17 22:05:00")
    t_xid = T("2025-11-18 00:19:44.490118")
    L = []
    t = t0 + sec(95)
    step = 0
    L.append("0: GPU available: True (cuda), used: True")
    L.append("0: Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32")
    L.append("0: distributed_backend=nccl")
    L.append("0: All distributed processes registered. Starting with 32 processes")
    L.append("0:   | Name  | Type               | Params | Mode")
    L.append("0: 0 | model | FSDPTransformerLM  | 8.0 B  | train")
    while t < t_xid:
        step += 1
        if step % 4 == 0:
            L.append(f"0: Epoch 0:  {int(step / 120):>2}%|          | {step}/12000 [{hms((t - t0).total_seconds())}<{hms((12000 - step) * 2.31)}, 0.43it/s, v_num=3, train_loss={loss_curve(c.rng, step, 2.9, 2.3, 0.04):.3f}, lr=0.0003]")
        t += sec(2.31)
    for r in range(32):
        ni, lr = divmod(r, 8)
        if hosts[ni] == bad_host and lr in (2, 3):
            L.append(f"{r}: {hosts[ni]}:{81200 + lr}:{81290 + lr} [{lr}] transport/p2p.cc:275 NCCL WARN Cuda failure 'unspecified launch failure'")
            L.append(f"{r}: {hosts[ni]}:{81200 + lr}:{81290 + lr} [{lr}] NCCL INFO enqueue.cc:1451 -> 1")
            L.append(f"{r}: {hosts[ni]}:{81200 + lr}:{81290 + lr} [{lr}] NCCL INFO group.cc:232 -> 1")
            for x in py_traceback(r, [("/scratch/proj/train_lit.py", 201, "<module>", "trainer.fit(model, dm)"),
                                      ("/opt/venv/lib/python3.11/site-packages/lightning/pytorch/trainer/trainer.py", 561, "fit", "call._call_and_handle_interrupt("),
                                      ("/opt/venv/lib/python3.11/site-packages/torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py", 244, "foreach_all_gather", "dist.all_gather_into_tensor("),
                                      ("/opt/venv/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", 3946, "all_gather_into_tensor", "work = group._allgather_base(output_tensor, input_tensor, opts)")],
                                  "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3354, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'unspecified launch failure'", prefix=False):
                L.append(f"{r}: {x}")
        elif r in (0, 8, 9, 27, 31):
            for x in watchdog_exception(r, t_xid + sec(4 + r * 0.03), 77120, "NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")[:1]:
                L.append(f"{r}: {x}")
    L.append(f"srun: error: {bad_host}: task 2: Exited with exit code 1")
    L.append(f"srun: error: {bad_host}: task 3: Exited with exit code 1")
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    L.append(f"slurmstepd: error: *** STEP 3390712.0 ON nid004117 CANCELLED AT {t_xid + sec(9):%Y-%m-%dT%H:%M:%S} ***")
    L.append("srun: error: nid004117: tasks 0-7: Killed")
    L.append("srun: error: nid004118: tasks 8-15: Killed")
    L.append("srun: error: nid004126: tasks 24-31: Killed")
    c.write("login-x3/slurm-3390712.out", L)
    for ni, h in enumerate(hosts):
        boot = T("2025-11-10 04:44:00") + sec(ni * 120)
        ev = []
        if h == bad_host:
            b = xid_pci(BUS[gpu][bad_local])
            ev = [(t_xid, f"NVRM: Xid ({b}): 74, pid=81202, name=python3, NVLink: fatal error detected on link 5(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
                  (t_xid + sec(0.0008), f"NVRM: Xid ({b}): 74, pid=81202, name=python3, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
                  (t_xid + sec(0.2), f"NVRM: Xid ({b}): 45, pid=81202, name=python3, Ch 00000010"),
                  (t_xid + sec(0.2), f"NVRM: Xid ({xid_pci(BUS[gpu][3])}): 45, pid=81203, name=python3, Ch 00000010")]
        write_kernel(c, f"{h}/dmesg.log", h, boot, gpu, drv, t0, t_xid + sec(600), "T", ev, fs="lustre", kver="5.14.21-150500.55.65_13.0.73-cray_shasta_c")
        if h == bad_host:
            e = []
            for g in range(8):
                e.append(f"GPU {g}: NVIDIA H100 80GB HBM3 (UUID: {gpu_uuid(c.rng)})")
                for k in range(18):
                    rep = 41 if (g == 2 and k in (5, 11)) else 0
                    rec = 7 if (g == 2 and k in (5, 11)) else 0
                    e.append(f"\t Link {k}: Replay Errors: {rep}")
                    e.append(f"\t Link {k}: Recovery Errors: {rec}")
                    e.append(f"\t Link {k}: CRC Errors: {rep * 3}")
            c.write(f"{h}/nvidia-smi-nvlink-e.txt", e)
            c.write(f"{h}/fabricmanager.log", [
                f"[{t_xid:%b %d %Y %H:%M:%S}] [ERROR] [tid 3012] detected NVSwitch fatal error 12028 on fid 0 on NVSwitch pci bus id 00000000:05:00.0 physical id 2 port 27",
                f"[{t_xid:%b %d %Y %H:%M:%S}] [ERROR] [tid 3012] NVLink error on GPU 00000000:52:00.0 (physical id 2) links 5,11: uncorrectable; access link partner NVSwitch 2 port 27",
                f"[{t_xid + sec(1):%b %d %Y %H:%M:%S}] [INFO] [tid 3012] GPU 00000000:52:00.0 requires reset to recover NVLink"])
        c.write(f"{h}/nvidia-smi.txt", nvidia_smi(t_xid + sec(300), gpu, drv))
    c.label("nvlink", "infrastructure", bad_host, bad_rank, "restart_without_node",
            "nid004125 logged Xid 74 fatal NVLink errors on GPU2 links 5 and 11 at 00:19:44. The fabric manager and nvidia-smi nvlink -e confirm an uncorrectable error with replay and CRC errors on those links, and only ranks 18/19 on that node failed with 'unspecified launch failure' inside all_gather. Everyone else followed with remote errors.",
            "https://github.com/pytorch/pytorch/issues/58155")
    return c


# ======================================================================== ac07
def ac07(out):
    c = Case(out, "ac07_nccl_ib_completion_error_status_12_killed_run", 3207)
    hosts = [f"gpu-c1{n:02d}" for n in (1, 2, 3, 4, 5, 7, 8, 9)]
    ips = {h: f"10.12.7.{100 + int(h[-2:])}" for h in hosts}
    gpu, drv = "H100", "570.133.20"
    bad_host = "gpu-c107"
    t0 = T("2025-07-08 13:02:00")
    t_dn = T("2025-07-08 14:20:31.402211")
    nic = "mlx5_4"
    L = []
    t = t0 + sec(140)
    it = 1
    L.append("> building GPT model ...")
    while t < t_dn:
        ms = 2810 + c.rng.uniform(-30, 30)
        if it % 6 == 0 or it < 20:
            L.append(megatron_iter(t, it, 100000, 512, loss_curve(c.rng, it, 9.0, 3.5, 0.04) if it > 20 else 10.9 - it * 0.05, ms, min(3e-4, 3e-4 * it / 2000), gn=c.rng.uniform(0.8, 1.6), tflops=c.rng.uniform(378, 386)))
        t += sec(ms / 1000)
        it += 1
    c.write(f"{hosts[0]}/megatron_rank0.log", L)
    bad_ni = hosts.index(bad_host)
    for ni, h in enumerate(hosts):
        R = []
        for lr in (0, 2, 4, 6):
            r = ni * 8 + lr
            if h == bad_host:
                tt = t_dn + sec(14.2 + lr * 0.01)
                R.append(f"{h}:{33100 + lr}:{33170 + lr} [{lr}] transport/net_ib.cc:2244 NCCL WARN NET/IB: Got completion from peer {ips['gpu-c106' if 'gpu-c106' in ips else 'gpu-c108']}<{50211 + lr}> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips['gpu-c108']} hca {nic}")
                R += watchdog_exception(r, tt + sec(0.3), 50177, f"NCCL error: remote process exited or there was a network error, NCCL version 2.23.4\\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\\nLast error:\\nNET/IB: Got completion from peer {ips['gpu-c108']} with status=5 opcode=0 len=0 vendor err 249 (Recv)")[:1]
            else:
                tt = t_dn + sec(13.9 + ni * 0.2 + lr * 0.01)
                R.append(f"{h}:{33100 + lr}:{33170 + lr} [{lr}] transport/net_ib.cc:2244 NCCL WARN NET/IB: Got completion from peer {ips[bad_host]}<{50211 + lr}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips[bad_host]} hca mlx5_{[0, 4, 6, 10][lr // 2]}")
                R.append(f"{h}:{33100 + lr}:{33170 + lr} [{lr}] NCCL INFO transport/net.cc:1362 -> 6")
                R += watchdog_exception(r, tt + sec(0.3), 50177, REMOTE_ERR.format(peer=ips[bad_host], port=50211 + lr, me=ips[h], hca=[0, 4, 6, 10][lr // 2]))[:1]
        c.write(f"{h}/rank_errors.log", R)
        pid = 33100
        root_r = ni * 8 + (4 if h == bad_host else 0)
        con = torchrun_banner(t0 + sec(ni * 0.2), nnodes=8, endpoint=f"{ips[hosts[0]]}:29500")
        con += elastic_failure(t_dn + sec(16 + ni * 0.2), "pretrain_gpt.py", h, [],
                               [(root_r, root_r % 8, -6, pid + root_r % 8, f"Signal 6 (SIGABRT) received by PID {pid + root_r % 8}")],
                               sigterm=[(pid + k, k) for k in range(8) if k != root_r % 8])
        c.write(f"{h}/torchrun.log", con)
        boot = T("2025-06-30 18:20:00") + sec(ni * 40)
        ev = []
        if h == bad_host:
            ev = [(t_dn - sec(0.8), "mlx5_core 0000:9a:00.0: mlx5_port_module_event:1168:(pid 0): Port module event[error]: module 0, Cable error, High power (non-compliant)"),
                  (t_dn, "mlx5_core 0000:9a:00.0 ibp154s0: Link down"),
                  (t_dn + sec(0.002), "mlx5_ib: mlx5_ib_event:3121:(pid 1201): port 1 (mlx5_4) state changed to DOWN"),
                  (t_dn + sec(41), "mlx5_core 0000:9a:00.0 ibp154s0: Link up"),
                  (t_dn + sec(43), "mlx5_core 0000:9a:00.0 ibp154s0: Link down"),
                  (t_dn + sec(110), "mlx5_core 0000:9a:00.0 ibp154s0: Link up"),
                  (t_dn + sec(113), "mlx5_core 0000:9a:00.0 ibp154s0: Link down")]
        write_kernel(c, f"{h}/dmesg-T.txt", h, boot, gpu, drv, t0, t_dn + sec(400), "T", ev)
        if h in (bad_host, "gpu-c108"):
            c.write(f"{h}/ibstat.txt", ibstat(["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"], down={nic: True} if h == bad_host else None))
        c.write(f"{h}/ip_addr.txt", [f"2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP", f"    inet {ips[h]}/16 brd 10.12.255.255 scope global eth0"])
    c.write("slurmctl01/scontrol_show_node_gpu-c107.txt", [
        "NodeName=gpu-c107 Arch=x86_64 CoresPerSocket=56", "   CPUAlloc=0 CPUEfctv=224 CPUTot=224 CPULoad=1.02",
        "   Gres=gpu:h100:8(S:0-1)", f"   NodeAddr={ips[bad_host]} NodeHostName=gpu-c107 Version=24.05.5",
        "   State=IDLE+DRAIN ThreadsPerCore=1 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
        "   Partitions=batch", "   BootTime=2025-06-30T18:20:00 SlurmdStartTime=2025-06-30T18:22:41",
        f"   Reason=NHC: check_hw_ib: Port 1 of device mlx5_4 is DOWN (Polling) [root@{t_dn + sec(190):%Y-%m-%dT%H:%M:%S}]"])
    c.label("network", "infrastructure", bad_host, None, "restart_without_node",
            "At 14:20:31 gpu-c107's own kernel reported a cable error and then the link down on mlx5_4, and it kept flapping. Every other node's NCCL status=12 completion errors name gpu-c107's address 10.12.7.107, ibstat shows the port Down/Polling, and NHC drained the node.",
            "https://github.com/NVIDIA/nccl/issues/1405")
    return c


# ======================================================================== ac08
def ac08(out):
    c = Case(out, "ac08_job_crashed_overnight_many_nodes_reporting_network_errors", 3208)
    hosts = [f"cn-03{n:02d}" for n in range(1, 9)]
    topo = {"leaf-sw01": hosts[:4], "leaf-sw02": hosts[4:]}
    c.topology(topo)
    gpu, drv = "H200", "570.133.20"
    t0 = T("2025-06-11 22:00:00")
    t_out = T("2025-06-12 03:14:07.220000")
    ips = {h: f"172.20.3.{int(h[-2:])}" for h in hosts}
    L = []
    t = t0 + sec(60)
    it = 0
    while t < t_out:
        it += 1
        if it % 10 == 0:
            L.append(f"[1,0]<stdout>:{json_line(t, it, loss_curve(c.rng, it, 2.6, 2.0, 0.03), 1.93 + c.rng.uniform(-.02, .02))}")
        t += sec(1.93)
    for h in hosts:
        ni = hosts.index(h)
        for lr in (0, 5):
            r = ni * 8 + lr
            behind = h in topo["leaf-sw02"]
            peer = hosts[(ni + 4) % 8]
            tt = t_out + sec(8 + ni * 0.1 + lr * 0.01)
            L.append(f"[1,{r}]<stderr>:{h}:{90100 + lr}:{90160 + lr} [{lr}] transport/net_ib.cc:2244 NCCL WARN NET/IB: Got completion from peer {ips[peer]}<{44100 + r}> with status={'12' if behind else '12'} opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips[peer]} hca mlx5_{lr}")
            L.append(f"[1,{r}]<stderr>:" + watchdog_exception(r, tt + sec(0.2), 9182211, "NCCL error: remote process exited or there was a network error, NCCL version 2.23.4\\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")[0])
    L.append("--------------------------------------------------------------------------")
    L.append("prterun noticed that process rank 33 with PID 90101 on node cn-0305 exited on")
    L.append("signal 6 (Aborted).")
    L.append("--------------------------------------------------------------------------")
    c.write("cn-0301/mpirun_job_6120.log", L)
    for h in hosts:
        ni = hosts.index(h)
        boot = T("2025-06-01 09:00:00") + sec(ni * 33)
        ev = []
        if h in topo["leaf-sw02"]:
            for k, nic in enumerate(["0000:18:00.0", "0000:38:00.0", "0000:58:00.0", "0000:78:00.0"]):
                ev.append((t_out + sec(0.01 * k + 0.003 * ni), f"mlx5_core {nic} ibp{k}s0: Link down"))
                ev.append((t_out + sec(153 + 0.01 * k), f"mlx5_core {nic} ibp{k}s0: Link up"))
        write_kernel(c, f"{h}/dmesg.txt", h, boot, gpu, drv, t0, t_out + sec(400), "up", ev, nics=4)
        c.write(f"{h}/date.txt", [f"$ date; date -u; uptime -s", f"{(t_out + sec(3000)) - sec(7 * 3600):%a %b %d %H:%M:%S} PDT 2025", f"{t_out + sec(3000):%a %b %d %H:%M:%S} UTC 2025",
                                  f"{boot - sec(7 * 3600):%Y-%m-%d %H:%M:%S}"])
    c.write("ufm-01/ufm_events.log", [
        f"{t_out - sec(2):%Y-%m-%d %H:%M:%S}.104 [WARNING] Switch leaf-sw02 (GUID 0xfc6a1c0300a3b4e0): PSU 1 voltage out of range",
        f"{t_out + sec(0.1):%Y-%m-%d %H:%M:%S}.311 [CRITICAL] Switch leaf-sw02 (GUID 0xfc6a1c0300a3b4e0) is unreachable; 32 ports changed state to DOWN",
        f"{t_out + sec(150):%Y-%m-%d %H:%M:%S}.902 [INFO] Switch leaf-sw02 (GUID 0xfc6a1c0300a3b4e0) rebooted (reason: power event); ports coming up",
        f"{t_out + sec(160):%Y-%m-%d %H:%M:%S}.011 [INFO] Subnet manager sweep complete: 0 errors"])
    c.label("network", "infrastructure", None, None, "restart",
            "At 03:14:07 UTC all four nodes behind leaf-sw02 (cn-0305..0308) logged every IB port going down together, and UFM shows that switch had a power event and rebooted. That is a fabric outage, not one node's fault. The links came back, so it is transient.",
            "https://github.com/NVIDIA/nccl/issues/1698")
    return c


def json_line(t, it, loss, st):
    import json
    return json.dumps({"time": iso(t), "iter": it, "loss": round(loss, 4), "step_time_s": round(st, 3), "tokens_per_s": int(4194304 / st)})


# ======================================================================== ac09
def ac09(out):
    c = Case(out, "ac09_aws_p5_job_dies_within_an_hour_every_time", 3209)
    hosts = ["ip-10-1-4-17", "ip-10-1-7-23", "ip-10-1-9-140", "ip-10-1-12-5"]
    ips = {h: h[3:].replace("-", ".") for h in hosts}
    gpu, drv = "H100", "570.133.20"
    bad_host = "ip-10-1-9-140"
    t0 = T("2025-05-20 15:10:00")
    t_err = T("2025-05-20 15:52:19.100000")
    L = []
    t = t0 + sec(70)
    step = 0
    while t < t_err:
        step += 1
        L.append(titan_step(t, 0, step, loss_curve(c.rng, step, 8.0, 3.2, 0.05) if step > 5 else 11.0 - step, c.rng.uniform(0.5, 1.2), 58.4, 73.5, int(c.rng.uniform(5410, 5460)), 411.0 + c.rng.uniform(-2, 2), 41.6))
        t += sec(3.05)
    c.write(f"{hosts[0]}/train_rank0.log", L)
    for ni, h in enumerate(hosts):
        R = []
        for lr in range(0, 8, 2):
            r = ni * 8 + lr
            R += nccl_init(h, 70100 + lr, lr, r, 32, ver="2.23.4+cuda12.6", net="OFI", ip=ips[h])[:6]
        for lr in range(0, 8, 2):
            r = ni * 8 + lr
            if h == bad_host:
                R.append(f"{h}:{70100 + lr}:{70190 + lr} [{lr}] nccl_net_ofi_rdma_req_test:5531 NCCL WARN NET/OFI Request 0x7f11c80a3a00 completed with error. RC: 12. Error: 12 (Cannot allocate memory). Completed length: 0, Request: {{ dev: {lr * 4}, size: 0, state: CREATED, type: RECV }}")
                R.append(f"{h}:{70100 + lr}:{70190 + lr} [{lr}] nccl_net_ofi_rdma_req_test:5531 NCCL WARN NET/OFI Request 0x7f11c80a3c00 completed with error. RC: 5. Error: 5 (Input/output error). Completed length: 0, Request: {{ dev: {lr * 4}, size: 0, state: CREATED, type: SEND }}")
            else:
                for p in range(2):
                    R.append(f"{h}:{70100 + lr}:{70190 + lr} [{lr}] nccl_net_ofi_rdma_req_test:5531 NCCL WARN NET/OFI Request 0x7f0{p}a80b1e00 completed with error. RC: 5. Error: 5 (Input/output error). Completed length: 0, Request: {{ dev: {lr * 4 + p}, size: 2097152, state: PENDING, type: SEND, peer: {ips[bad_host]} }}")
            R.append(f"{h}:{70100 + lr}:{70190 + lr} [{lr}] NCCL INFO transport/net.cc:1362 -> 6")
            R += watchdog_exception(r, t_err + sec(0.8 + ni * 0.3 + lr * 0.02), 33417, "NCCL error: remote process exited or there was a network error, NCCL version 2.23.4\\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")[:1]
        c.write(f"{h}/slurm-1188.{ni}.err", R)
        boot = T("2025-05-20 14:41:00") + sec(ni * 25)
        ev = []
        if h == bad_host:
            ev = [(t_err - sec(3.1), "efa 0000:aa:00.0: Admin command ALLOC_PD (opcode 14) failed with comp_status 7"),
                  (t_err - sec(3.0), "infiniband rdmap170s0: Failed to process command CREATE_QP (opcode 1) comp_status 7 err -5"),
                  (t_err - sec(0.4), "efa 0000:aa:00.0: Device reset initiated (reset reason: KEEP_ALIVE_TO)"),
                  (t_err + sec(2.5), "efa 0000:aa:00.0: Device reset completed")]
        write_kernel(c, f"{h}/dmesg.txt", h, boot, gpu, drv, t0, t_err + sec(200), "up", ev, nics=0, fs="fsx", kver="6.8.0-1029-aws")
        c.write(f"{h}/efa_hw_counters.txt",
                [f"$ for d in /sys/class/infiniband/rdmap*; do echo $d $(cat $d/ports/1/hw_counters/{{tx_bytes,rx_drops,retrans_timeout_events,impaired_remote_conn_events}}); done"] +
                [f"/sys/class/infiniband/rdmap{0x56 + i * 4}s0 {c.rng.randint(10**12, 2 * 10**12)} 0 {0 if not (h == bad_host and i == 21) else 4112} {0 if not (h == bad_host and i == 21) else 37}" for i in range(32)])
    c.write("ip-10-1-0-10/sinfo.txt", ["PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST", "gpu*         up   infinite      4  alloc p5-st-gpu-[1-4]",
                                   "gpu*         up   infinite     12   idle p5-dy-gpu-[1-12]"])
    c.write("ip-10-1-0-10/attempts.txt", ["JobID 1181  FAILED after 00:47:12  nodes p5-st-gpu-[1-4]",
                                      "JobID 1184  FAILED after 00:38:55  nodes p5-st-gpu-[1-4]",
                                      "JobID 1188  FAILED after 00:42:19  nodes p5-st-gpu-[1-4]   <- this bundle",
                                      "# p5-st-gpu-3 == ip-10-1-9-140"])
    c.label("network", "infrastructure", bad_host, None, "restart_without_node",
            "Every NET/OFI send error on the three healthy nodes names peer 10.1.9.140. That node's own kernel logged EFA admin command failures and a keep-alive device reset seconds before the errors, and one of its EFA devices shows retransmit timeouts. Its EFA link is the problem, and it fails every attempt on the same node set.",
            "https://github.com/aws/aws-ofi-nccl/issues/161")
    return c


# ======================================================================== ac10
def ac10(out):
    c = Case(out, "ac10_every_rank_crashed_while_saving_step_5000_checkpoint", 3210)
    hosts = ["gpu-e201", "gpu-e202", "gpu-e215", "gpu-e216"]
    gpu, drv = "H100", "570.124.06"
    t0 = T("2025-09-02 06:00:00")
    t_save = T("2025-09-02 09:58:41")
    L = []
    t = t0 + sec(150)
    step = 4101 - 1
    L.append(f"[rank0]:[titan] {pylog(t0 + sec(140))} - root - INFO - Loading the checkpoint at step 4100.")
    while t < t_save:
        step += 1
        L.append(titan_step(t, 0, step, loss_curve(c.rng, step, 2.5, 2.1, 0.03), c.rng.uniform(0.2, 0.3), 61.1, 77.0, 3910 + c.rng.randint(-20, 20), 402.0, 40.6))
        t += sec(3.99)
        if step == 5000:
            break
    L.append(f"[rank0]:[titan] {pylog(t_save)} - root - INFO - Saving the checkpoint (or staging if async is enabled).")
    err = "OSError: [Errno 122] Disk quota exceeded: '/lustre/proj/p4021/titan-8b/outputs/checkpoint/step-5000/__0_0.distcp'"
    for r in range(32):
        ni = r // 8
        if r in (0, 1, 9, 17, 25, 31):
            L += py_traceback(r, [("/opt/torchtitan/torchtitan/train.py", 611, "<module>", "trainer.train()"),
                                  ("/opt/torchtitan/torchtitan/train.py", 545, "train", "self.checkpointer.save(self.step, last_step=(self.step == job_config.training.steps))"),
                                  ("/opt/torchtitan/torchtitan/components/checkpoint.py", 484, "save", "self.dcp_save(states, checkpoint_id=checkpoint_id, async_mode=AsyncMode.DISABLED)"),
                                  ("/usr/local/lib/python3.12/dist-packages/torch/distributed/checkpoint/state_dict_saver.py", 150, "save", "return _save_state_dict("),
                                  ("/usr/local/lib/python3.12/dist-packages/torch/distributed/checkpoint/utils.py", 278, "all_reduce", "raise final_result")],
                              f"torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31])\nTraceback (most recent call last): (RANK {r})\n  File \"/usr/local/lib/python3.12/dist-packages/torch/distributed/checkpoint/filesystem.py\", line 318, in _write_files_from_queue\n    _write_item(transforms, stream, data, write_item, storage_key)\n{err.replace('__0_0', f'__{r}_0')}")
    c.write(f"{hosts[0]}/titan_console.log", L)
    for ni, h in enumerate(hosts):
        boot = T("2025-08-25 12:00:00") + sec(ni * 60)
        ev = [(t_save + sec(2 + ni), f"LustreError: 11-0: lfs01-OST0012-osc-ffff9a4c4b1e8000: operation ost_write to node 10.40.0.33@o2ib failed: rc = -122")]
        write_kernel(c, f"{h}/dmesg.txt", h, boot, gpu, drv, t0, t_save + sec(300), "up", ev)
        con = torchrun_banner(t0 + sec(ni * 0.5), nnodes=4, endpoint="10.30.1.201:29500")
        con += elastic_failure(t_save + sec(6 + ni * 0.1), "-m torchtitan.train", h, [(ni * 8 + 4, 4, 1, 20004 + ni, "Traceback (most recent call last): ... OSError: [Errno 122] Disk quota exceeded")],
                               [(ni * 8 + 1, 1, 1, 20001 + ni, "Traceback (most recent call last): ... OSError: [Errno 122] Disk quota exceeded")])
        c.write(f"{h}/torchrun.log", con)
    c.write("gpu-e201/lfs_quota.txt", ["$ lfs quota -h -p 4021 /lustre", "Disk quotas for prj 4021 (pid 4021):",
                                      "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
                                      "       /lustre  200.0T*   190T    200T 6d23h59m  8113402       0       0       -",
                                      "", "$ lfs df -h /lustre | tail -1", "filesystem_summary:         4.1P        2.5P        1.6P  61% /lustre",
                                      "", "$ du -sh /lustre/proj/p4021/titan-8b/outputs/checkpoint/*",
                                      "3.1T\tstep-1000", "3.1T\tstep-2000", "3.1T\tstep-3000", "3.1T\tstep-4000", "3.1T\tstep-4100", "1.2T\tstep-5000"])
    c.label("storage", "infrastructure", None, None, "stop",
            "All 32 ranks on all four nodes failed in the DCP save of step-5000 with EDQUOT (Errno 122), and the Lustre OSTs returned rc=-122. lfs quota shows project 4021 at its 200T hard limit while the filesystem is only 61% full. The quota has to be raised or old checkpoints deleted before a restart can succeed.",
            "https://github.com/open-mmlab/mmdetection/issues/12069")
    return c


CASES = [ac01, ac02, ac03, ac04, ac05, ac06, ac07, ac08, ac09, ac10]
