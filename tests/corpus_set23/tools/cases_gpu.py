"""GPU hardware, GPU memory and NVLink cases."""

from common import (Bundle, T, plus, st_c10, st_ctime, st_dmesg_T, st_glog, st_journal, st_pylog,
                    st_uptime, uptime_of)
from gen import (child_failed, megatron_iters, nvsmi_q, nvsmi_table, remote_error, titan_steps,
                 watchdog_timeout, dcgm_diag_json)
from scaffold import kernel_noise_dmesg_T, torchrun_head, torchrun_tail

H100_BUS = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
            "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]
H100_PCI = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00",
            "0000:ba:00", "0000:db:00"]
A100_BUS = ["00000000:07:00.0", "00000000:0F:00.0", "00000000:47:00.0", "00000000:4E:00.0",
            "00000000:87:00.0", "00000000:90:00.0", "00000000:B7:00.0", "00000000:BD:00.0"]
A100_PCI = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00",
            "0000:b7:00", "0000:bd:00"]

CUDA_TAIL = [
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
    "might be incorrect.",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    "",
]


def _pfx(rank, lines):
    return [f"[rank{rank}]:{ln}" for ln in lines]


def _watchdog_cuda_abort(rank, t, pg, msg, local_pg_rank=None):
    lpr = rank if local_pg_rank is None else local_pg_rank
    head = f"[PG ID {pg[0]} PG GUID {pg[1]} Rank {lpr}]"
    out = [f"[{st_c10(t)} ProcessGroupNCCL.cpp:1515] {head} Process group watchdog thread terminated "
           f"with exception: CUDA error: {msg}"]
    out += CUDA_TAIL
    out += ["Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 "
            "(most recent call first):",
            "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f0c2a8b9446 in "
            "/usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
            "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string "
            "const&) + 0x64 (0x7f0c2a8636e4 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
            "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) "
            "+ 0x118 (0x7f0c2a9a5a18 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10_cuda.so)",
            "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 "
            "(0x7f0c2bba3726 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
            "",
            "terminate called after throwing an instance of 'c10::DistBackendError'",
            f"  what():  {head} Process group watchdog thread terminated with exception: CUDA error: {msg}"]
    return _pfx(rank, out)


def _remote_abort(rank, t, peer, version="2.20.5", status=12, pg=("0", "0(default_pg)"), lpr=None):
    lpr = rank if lpr is None else lpr
    head = f"[PG ID {pg[0]} PG GUID {pg[1]} Rank {lpr}]"
    body = [f"[{st_c10(t)} ProcessGroupNCCL.cpp:1515] {head} Process group watchdog thread terminated "
            f"with exception: NCCL error: remote process exited or there was a network error, NCCL "
            f"version {version}",
            "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting "
            "prematurely.",
            "Last error:",
            f"NET/IB : Got completion from peer {peer} with status={status} opcode=0 len=0 vendor err 129 (Recv)",
            "terminate called after throwing an instance of 'c10::DistBackendError'",
            f"  what():  {head} Process group watchdog thread terminated with exception: NCCL error: remote "
            f"process exited or there was a network error, NCCL version {version}"]
    return _pfx(rank, body)


# ==========================================================================
# d02: Xid 62 (PMU halt) + Xid 154 on one node of four, Megatron
# ==========================================================================

def d02():
    b = Bundle("d02_job_died_at_step_41k_no_message_on_first_node")
    rng = b.rng
    nodes = ["hgx-b09", "hgx-b10", "hgx-b11", "hgx-b12"]
    ip = {n: f"10.20.1.{9 + i}" for i, n in enumerate(nodes)}
    culprit, cidx, gpu = "hgx-b11", 2, 5
    crank = cidx * 8 + gpu
    t0 = T("2024-06-18 00:02:11.118000")
    tx = T("2024-06-18 02:41:17.402113")          # Xid 62 in the kernel log
    tcuda = plus(tx, 0.94)                         # rank 21 sees the CUDA error
    script = "pretrain_gpt.py"
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=4, nproc=8, endpoint=f"{ip['hgx-b09']}:29400",
                                          run_id="gpt13b-r3", node_idx=idx, nccl=True, local=[0],
                                          nccl_kw={"oob": f"bond0:{ip[host]}<0>", "version": "2.20.5+cuda12.4",
                                                   "plugin": "/opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so"
                                                   if idx == 0 else None})
        if host == "hgx-b12":
            it_lines, _ = megatron_iters(plus(tx, -448), 41080, 12, 3.62, rng=rng, interval=10, loss0=1.934)
            lines += _pfx(31, it_lines)
        if host == culprit:
            lines += _watchdog_cuda_abort(crank, tcuda, ("2", "12(DATA_PARALLEL_GROUP)"),
                                          "unspecified launch failure", local_pg_rank=5)
            tend = plus(tcuda, 0.7)
            lines += torchrun_tail(host, tend, agent_pid=apid, pids=pids, node_idx=idx, nproc=8, script=script,
                                   failed=[gpu])
        else:
            # neighbours notice the abort a few seconds later
            tt = plus(tcuda, 3.1 + idx * 0.37 + rng.uniform(0, 0.2))
            first_local = rng.randint(0, 7)
            lines += _remote_abort(idx * 8 + first_local, tt, f"{ip[culprit]}<{rng.randint(40000, 60000)}>")
            if host == "hgx-b12":
                lines.append(f"[rank31]:[{st_c10(plus(tt, 0.2), 'W')} ProcessGroupNCCL.cpp:1168] Warning: WARNING: "
                             "process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal "
                             "program exit, the application should call destroy_process_group to ensure that any "
                             "pending NCCL operations have finished in this process. In rare cases this process can "
                             "exit before this point and block the progress of another member of the process group. "
                             "This constraint has always been present,  but this warning has only been added since "
                             "PyTorch 2.4 (function operator())")
            lines += torchrun_tail(host, plus(tt, 0.8), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script=script, failed=[first_local])
        b.add(f"{host}/torchrun.log", lines)
        # kernel log
        dm = kernel_noise_dmesg_T(plus(t0, -3600), host, rng, n=4)
        if host == culprit:
            pci = H100_PCI[gpu]
            dm += [f"{st_dmesg_T(tx)} NVRM: Xid (PCI:{pci}): 62, 2c4e1f70 000031f2 00000000 20662342 "
                   f"20662ba6 20664272 2065f7ca 2063f48c",
                   f"{st_dmesg_T(tx)} NVRM: GPU5 _kgspRpcGspEventPmuHalted: Received signal from GSP that PMU "
                   f"has halted.",
                   f"{st_dmesg_T(tx)} NVRM: Xid (PCI:{pci}): 154, GPU recovery action changed from 0x0 (None) "
                   f"to 0x1 (GPU Reset Required)",
                   f"{st_dmesg_T(plus(tx, 1))} NVRM: Xid (PCI:{pci}): 45, pid={pids[gpu]}, name=python3, "
                   f"channel 0x00000012",
                   f"{st_dmesg_T(plus(tx, 2))} NVRM: Xid (PCI:{pci}): 45, pid={pids[gpu]}, name=python3, "
                   f"channel 0x00000013"]
        b.add(f"{host}/dmesg.txt", dm)
    # epilog snapshot only on the node Slurm drained
    gpus = [{"bus": H100_BUS[i]} for i in range(8)]
    gpus[gpu].update({"recovery": "Reset", "pstate": "P0", "power": 0.0, "sm_clock": 0})
    b.add(f"{culprit}/nvidia-smi-q.txt", nvsmi_q(plus(tx, 95), gpus, driver="550.54.15", rng=rng))
    b.set_label("gpu_hardware", "infrastructure", culprit, crank, "restart_without_node",
                "GPU 5 of hgx-b11 logged Xid 62 (GSP reports PMU halted) and Xid 154 asking for a GPU reset, and "
                "rank 21 on that GPU died with 'unspecified launch failure'; every other rank only reports the "
                "peer at 10.20.1.11 going away.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1045")
    b.summary = "Xid 62 + Xid 154 only in one node's dmesg -T; peers accuse it; destroy_process_group warning"
    return b


# ==========================================================================
# d24: Xid 120 GSP kernel exception, peers time out (torchtitan, 8 nodes)
# ==========================================================================

def d24():
    b = Bundle("d24_run_aborted_after_six_hours")
    rng = b.rng
    nodes = [f"ml-h100-04{i:02d}" for i in range(1, 9)]
    culprit, cidx, gpu = "ml-h100-0406", 5, 2
    crank = cidx * 8 + gpu
    t0 = T("2024-10-07 02:03:40.500000")
    tx = T("2024-10-07 08:13:05.771902")
    tto = plus(tx, 600.2)
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=8, nproc=8, endpoint="ml-h100-0401:29500",
                                          run_id="llama3-8b-fsdp", node_idx=idx)
        if idx == 0:
            st, _ = titan_steps(plus(tx, -700), 12310, 14, 0.48, rng=rng, rank=0, loss0=2.44, every=10)
            lines += st
        if host == culprit:
            err = [f"[rank{crank}]:Traceback (most recent call last):",
                   f"[rank{crank}]:  File \"/workspace/torchtitan/torchtitan/train.py\", line 512, in <module>",
                   f"[rank{crank}]:    trainer.train()",
                   f"[rank{crank}]:  File \"/workspace/torchtitan/torchtitan/train.py\", line 433, in train",
                   f"[rank{crank}]:    self.train_step(data_iterator)",
                   f"[rank{crank}]:  File \"/workspace/torchtitan/torchtitan/train.py\", line 389, in train_step",
                   f"[rank{crank}]:    grad_norm = dist_utils.clip_grad_norm_(",
                   f"[rank{crank}]:  File \"/workspace/torchtitan/torchtitan/distributed/utils.py\", line 312, "
                   f"in clip_grad_norm_",
                   f"[rank{crank}]:    total_norm = total_norm.full_tensor()",
                   f"[rank{crank}]:RuntimeError: CUDA error: unknown error"] + _pfx(crank, CUDA_TAIL)
            # the process is wedged in teardown and only the agent timeout reaps it
            lines += err
        tt = plus(tto, rng.uniform(0, 1.5))
        victims = [lr for lr in range(8) if not (host == culprit and lr == gpu)]
        lr0 = victims[rng.randint(0, len(victims) - 1)]
        lines += watchdog_timeout(idx * 8 + lr0, tt, seq=rng.randint(88400, 88410), op="_ALLGATHER_BASE",
                                  numel=65536000, timeout_ms=600000, over_ms=rng.randint(20, 90))
        fails = [lr0] + ([gpu] if host == culprit else [])
        lines += torchrun_tail(host, plus(tt, 1.1), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                               script="train.py", failed=fails)
        b.add(f"{host}/stdout.log", lines)
        # journalctl -k (short format) on every node
        jk = [f"{st_journal(plus(t0, -5400), host, 'kernel')} mlx5_core 0000:18:00.0 ibp24s0: Link up"]
        if host == "ml-h100-0403":
            jk.append(f"{st_journal(plus(tx, -8000), host, 'kernel')} EDAC MC1: 1 CE memory read error on "
                      f"CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3e7b1 offset:0x7c0 grain:32 "
                      f"syndrome:0x0 - err_code:0x0000:0x009f socket:0 imc:1 rank:0 bg:2 ba:1 row:0x1a3f col:0x3c0)")
        if host == culprit:
            pci = H100_PCI[gpu]
            jk += [f"{st_journal(tx, host, 'kernel')} NVRM: Xid (PCI:{pci}): 120, pid='<unknown>', "
                   f"name=<unknown>, GSP task exception: store access page fault (cause:0xf) @ "
                   f"pc:0xffffffff93003d42, partition:4#0",
                   f"{st_journal(tx, host, 'kernel')} NVRM: GPU2 kgspHealthCheck_TU102: ********** GSP-CrashCat "
                   f"Report **********",
                   f"{st_journal(tx, host, 'kernel')} NVRM: GPU2 kgspHealthCheck_TU102: GSP-RM has crashed",
                   f"{st_journal(tx, host, 'kernel')} NVRM: Xid (PCI:{pci}): 154, GPU recovery action changed "
                   f"from 0x0 (None) to 0x1 (GPU Reset Required)",
                   f"{st_journal(plus(tx, 4), host, 'kernel')} NVRM: GPU0000:{pci[5:]}.0: RmInitAdapter "
                   f"failed! (0x62:0x40:2425)"]
        b.add(f"{host}/journal-kernel.txt", jk)
    rows = []
    for i in range(8):
        rows.append((H100_BUS[i], 36 + i % 4, "P0", 118 + i, 1, 0, "0"))
    tbl = nvsmi_table(plus(tto, 20), rows)
    b.add("ml-h100-0401/epilog-nvidia-smi.txt", tbl)
    gpus = [{"bus": H100_BUS[i]} for i in range(8)]
    gpus[gpu] = {"bus": H100_BUS[gpu], "lost": True, "recovery": "Reset"}
    b.add(f"{culprit}/epilog-nvidia-smi-q.txt", nvsmi_q(plus(tto, 22), gpus, rng=rng))
    b.set_label("gpu_hardware", "infrastructure", culprit, crank, "restart_without_node",
                "ml-h100-0406's kernel log shows Xid 120 (GSP exception) and Xid 154 'GPU Reset Required' on GPU 2, "
                "rank 42 on that GPU got 'CUDA error: unknown error', and nvidia-smi can no longer read the "
                "device; the other 63 ranks only hit the 10-minute watchdog.",
                "https://forums.developer.nvidia.com/t/xid-62-xid-154-gsp-pmu-halt-crash-on-rtx-pro-6000-"
                "blackwell-during-llm-inference/364958")
    b.summary = "Xid 120 in journalctl -k of node 6 of 8; peers only time out; corrected EDAC CE red herring"
    return b


# ==========================================================================
# d15: PCIe AER uncorrected fatal (completion timeout) -> silent hang, NeMo
# ==========================================================================

def d15():
    b = Bundle("d15_training_froze_for_half_an_hour")
    rng = b.rng
    nodes = [f"node04{i}" for i in range(12, 18)]
    culprit, cidx, gpu = "node0415", 3, 3
    crank = cidx * 8 + gpu
    t0 = T("2024-05-02 09:40:12.000000")
    boot = T("2024-04-22 23:58:31.000000")
    tx = T("2024-05-02 11:22:47.118840")
    tto = plus(tx, 1800.4)
    for idx, host in enumerate(nodes):
        lines = [f"[NeMo I {t0:%Y-%m-%d %H:%M:%S} exp_manager:396] Experiments will be logged at "
                 f"/results/gpt20b/2024-05-02_09-40-12",
                 f"[NeMo I {plus(t0, 31):%Y-%m-%d %H:%M:%S} megatron_init:263] Rank {idx * 8} has data parallel "
                 f"group : {[idx * 8 + j for j in range(0, 48, 8)][:6]}",
                 f"Initializing distributed: GLOBAL_RANK: {idx * 8}, MEMBER: {idx * 8 + 1}/48",
                 "----------------------------------------------------------------------------------------------------",
                 "distributed_backend=nccl",
                 "All distributed processes registered. Starting with 48 processes",
                 "----------------------------------------------------------------------------------------------------"]
        if idx == 0:
            tt = plus(t0, 300)
            step = 1
            while tt < plus(tx, -5):
                if step % 50 == 0:
                    lines.append(f"Epoch 0: :   {100 * step / 20000:4.1f}%|          | {step}/20000 "
                                 f"[{int((tt - t0).total_seconds() // 3600)}:{int((tt - t0).total_seconds() % 3600 // 60):02d}:"
                                 f"{int((tt - t0).total_seconds() % 60):02d}<?, reduced_train_loss={2.9 - step * 0.0004:.3f}, "
                                 f"global_step={step - 1}.0, consumed_samples={step * 512}.0, train_step_timing in "
                                 f"s={4.61 + rng.uniform(-0.02, 0.02):.3f}]")
                tt = plus(tt, 4.61)
                step += 1
        for lr in range(8):
            r = idx * 8 + lr
            tt = plus(tto, rng.uniform(0.0, 2.0))
            if lr in (0, 4) or host == culprit and lr in (gpu,):
                lines += watchdog_timeout(r, tt, seq=1319 if not (host == culprit and lr == gpu) else 1319,
                                          op="ALLREDUCE", numel=rng.choice([1, 2, 3194880]),
                                          timeout_ms=1800000, over_ms=rng.randint(10, 99), prefix=False)
        lines.append(f"srun: error: {host}: tasks {idx * 8}-{idx * 8 + 7}: Aborted (core dumped)")
        b.add(f"{host}/nemo_log_globalrank-{idx * 8}_localrank-0.txt" if idx % 2 == 0 else f"{host}/stdout.txt",
              lines)
        dm = [f"{st_uptime(3.118)} pci 0000:38:01.0: AER: enabled with IRQ 90",
              f"{st_uptime(24.4)} nvidia-nvlink: Nvlink Core is being initialized, major device number 508"]
        if host == culprit:
            u = uptime_of(tx, boot)
            dm += [f"{st_uptime(u - 3.2)} pcieport 0000:38:01.0: AER: Corrected error received: 0000:3a:00.0",
                   f"{st_uptime(u - 3.2)} nvidia 0000:3a:00.0: PCIe Bus Error: severity=Corrected, type=Data Link "
                   f"Layer, (Transmitter ID)",
                   f"{st_uptime(u - 3.2)} nvidia 0000:3a:00.0:   device [10de:2330] error status/mask=00001000/0000e000",
                   f"{st_uptime(u - 3.2)} nvidia 0000:3a:00.0:    [12] Timeout               ",
                   f"{st_uptime(u)} pcieport 0000:38:01.0: AER: Multiple Uncorrected (Fatal) error received: 0000:3a:00.0",
                   f"{st_uptime(u + 0.000037)} nvidia 0000:3a:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), "
                   f"type=Transaction Layer, (Requester ID)",
                   f"{st_uptime(u + 0.00004)} nvidia 0000:3a:00.0:   device [10de:2330] error status/mask=00004020/00000000",
                   f"{st_uptime(u + 0.000044)} nvidia 0000:3a:00.0:    [ 5] SDES                  ",
                   f"{st_uptime(u + 0.000048)} nvidia 0000:3a:00.0:    [14] CmpltTO                (First)",
                   f"{st_uptime(u + 0.00115)} nvidia 0000:3a:00.0: AER: can't recover (no error_detected callback)",
                   f"{st_uptime(u + 1.0516)} pcieport 0000:38:01.0: AER: Root Port link has been reset (0)",
                   f"{st_uptime(u + 1.0517)} pcieport 0000:38:01.0: AER: device recovery failed",
                   f"{st_uptime(u + 1.31)} NVRM: GPU at PCI:0000:3a:00: GPU-7d1c0a4e-2b19-6f0e-93aa-0c5be1d2f471",
                   f"{st_uptime(u + 1.31)} NVRM: Xid (PCI:0000:3a:00): 154, GPU recovery action changed from 0x0 "
                   f"(None) to 0x2 (Node Reboot Required)"]
        b.add(f"{host}/dmesg", dm)
        b.add(f"{host}/uptime-since.txt", f"{boot:%Y-%m-%d %H:%M:%S}")
    b.add(f"{culprit}/nvidia-smi.txt", [st_ctime(plus(tto, 40)),
                                        "Unable to determine the device handle for GPU0000:3A:00.0: Unknown Error",
                                        "No devices were found"])
    b.add(f"{culprit}/ipmi-sel.txt", [
        f"  1a | {boot:%m/%d/%Y} | {boot:%H:%M:%S} | System Event #0x83 | OEM System boot event | Asserted",
        f"  1b | {tx:%m/%d/%Y} | {tx:%H:%M:%S} | Critical Interrupt PCIE_SLOT3 | Bus Fatal Error | Asserted",
        f"  1c | {tx:%m/%d/%Y} | {tx:%H:%M:%S} | Critical Interrupt PCIE_SLOT3 | Bus Uncorrectable error | Asserted"])
    b.set_label("gpu_hardware", "infrastructure", culprit, crank, "restart_without_node",
                "node0415 logged an uncorrected fatal PCIe error (completion timeout) on the GPU at 3a:00.0 (GPU 3, "
                "rank 27), the root port could not recover, IPMI shows a bus fatal error and nvidia-smi cannot "
                "see the device; the run then sat in an all-reduce until the 30-minute watchdog fired everywhere.",
                "https://github.com/rwth-i6/returnn/issues/1500")
    b.summary = "hang; cause only in one node's uptime-stamped dmesg + IPMI SEL; every rank times out alike"
    return b


# ==========================================================================
# d07: Xid 94 contained ECC on the same GPU in two attempts (HF Trainer)
# ==========================================================================

def _hf_progress(t0, s0, n, rng, loss0, every=10, step_s=2.3, total=24000, epoch_len=6000):
    out = []
    t = t0
    for k in range(n):
        s = s0 + k * every
        t = plus(t, every * step_s)
        out.append(f"{{'loss': {loss0 - 0.0004 * k + rng.uniform(-0.02, 0.02):.4f}, 'grad_norm': "
                   f"{0.35 + rng.uniform(-0.05, 0.05):.4f}, 'learning_rate': {2.4e-5 * (1 - s / total):.3e}, "
                   f"'epoch': {s / epoch_len:.2f}}}")
    return out, t


def d07():
    b = Bundle("d07_same_node_keeps_killing_the_run")
    rng = b.rng
    att = {0: ["dgx-h100-11", "dgx-h100-12", "dgx-h100-14", "dgx-h100-15"],
           1: ["dgx-h100-09", "dgx-h100-11", "dgx-h100-12", "dgx-h100-15"]}
    culprit, gpu = "dgx-h100-12", 6
    starts = {0: T("2024-09-03 01:12:00.000000"), 1: T("2024-09-03 07:41:30.000000")}
    fails = {0: T("2024-09-03 05:48:09.310221"), 1: T("2024-09-03 09:27:52.004417")}
    steps = {0: 7311, 1: 7904}
    for a, nodes in att.items():
        t0, tx = starts[a], fails[a]
        cidx = nodes.index(culprit)
        crank = cidx * 8 + gpu
        for idx, host in enumerate(nodes):
            apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=4, nproc=8,
                                              endpoint=f"{nodes[0]}:29500", run_id=f"sft-70b-{a}", node_idx=idx)
            if idx == 0:
                if a == 1:
                    lines.append(f"{st_pylog(plus(t0, 60))} - INFO - transformers.trainer - Loading model from "
                                 f"/ckpt/sft-70b/checkpoint-7000.")
                prog, _ = _hf_progress(plus(tx, -460), steps[a] - 190, 19, rng, 1.21)
                lines += prog
            if host == culprit:
                err = ["Traceback (most recent call last):",
                       "  File \"/workspace/sft/train.py\", line 188, in <module>",
                       "    trainer.train(resume_from_checkpoint=args.resume)",
                       "  File \"/usr/local/lib/python3.10/dist-packages/transformers/trainer.py\", line 2052, in train",
                       "    return inner_training_loop(",
                       "  File \"/usr/local/lib/python3.10/dist-packages/transformers/trainer.py\", line 2388, in "
                       "_inner_training_loop",
                       "    tr_loss_step = self.training_step(model, inputs)",
                       "  File \"/usr/local/lib/python3.10/dist-packages/transformers/trainer.py\", line 3518, in "
                       "training_step",
                       "    self.accelerator.backward(loss, **kwargs)",
                       "RuntimeError: CUDA error: uncorrectable ECC error encountered"] + CUDA_TAIL
                lines += _pfx(crank, err)
                lines += torchrun_tail(host, plus(tx, 1.2), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                       script="train.py", failed=[gpu], exitcode=1)
            else:
                tt = plus(tx, 2.4 + idx * 0.2)
                lr = rng.randint(0, 7)
                lines += _remote_abort(idx * 8 + lr, tt, f"10.44.3.{12 + att[a].index(culprit)}<{rng.randint(40000, 60000)}>",
                                       version="2.21.5")
                lines += torchrun_tail(host, plus(tt, 0.6), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                       script="train.py", failed=[lr])
            b.add(f"attempt_{a}/{host}/train_{host}.log", lines)
            dm = kernel_noise_dmesg_T(plus(t0, -7200), host, rng, n=3)
            if host == culprit:
                dm.append(f"{st_dmesg_T(plus(tx, -0.6))} NVRM: Xid (PCI:{H100_PCI[gpu]}): 94, pid={pids[gpu]}, "
                          f"name=python3, Contained: SM (0x1). RST: No, D-RST: No")
            b.add(f"attempt_{a}/{host}/dmesg-T.log", dm)
    gpus = [{"bus": H100_BUS[i]} for i in range(8)]
    gpus[gpu].update({"volatile": {"dram_ue": 1}, "aggregate": {"dram_ue": 2, "dram_ce": 14},
                      "remap": {"ue": 2, "pending": "Yes", "max": 2558, "high": 2}})
    b.add(f"attempt_1/{culprit}/nvidia-smi-q.after.txt", nvsmi_q(plus(fails[1], 70), gpus, rng=rng))
    b.set_label("gpu_memory", "infrastructure", culprit, None, "restart_without_node",
                "Both attempts died with 'uncorrectable ECC error encountered' on GPU ba:00 of dgx-h100-12 with a "
                "contained Xid 94, at different steps and under different global ranks; nvidia-smi shows two "
                "uncorrectable remaps pending, so the node must be drained rather than simply restarted again.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    b.summary = "attempt_0/attempt_1: Xid 94 recurs on the same GPU under a different rank; recurrence decides"
    return b


# ==========================================================================
# d19: A100 with a row remap pending for days, then an uncorrectable error
# ==========================================================================

def d19():
    b = Bundle("d19_one_rank_crashed_mid_epoch")
    rng = b.rng
    nodes = ["dgx-a100-03", "dgx-a100-05", "dgx-a100-07"]   # job order
    culprit, cidx, gpu = "dgx-a100-05", 1, 1
    crank = cidx * 8 + gpu
    t0 = T("2024-02-14 18:00:03.000000")
    tx = T("2024-02-15 03:17:29.552811")
    t_remap = T("2024-02-11 14:02:55.000000")
    for idx, host in enumerate(nodes):
        lines = []
        agent = rng.randint(30000, 90000)
        pids = [agent + 17 + 2 * i for i in range(8)]
        lines.append(f"{st_pylog(t0)} - torch.distributed.launcher.api - INFO - Starting elastic_operator "
                     f"with launch configs:")
        if idx == 2:
            prog = []
            t = plus(tx, -300)
            for k in range(10):
                t = plus(t, 30.2)
                prog.append(f"{st_pylog(t)} | INFO | train | epoch 004 | step {18230 + 20 * k} / 31000 | loss "
                            f"{2.311 - 0.001 * k:.3f} | lr 1.20e-04 | tok/s 402113 | mem 61.4G")
            lines += _pfx(23, prog)
        if host == culprit:
            err = ["Traceback (most recent call last):",
                   "  File \"/home/asr/fairseq2/train_w2v.py\", line 301, in <module>",
                   "    run(cfg)",
                   "  File \"/home/asr/fairseq2/train_w2v.py\", line 244, in run",
                   "    scaler.scale(loss).backward()",
                   "  File \"/opt/conda/lib/python3.11/site-packages/torch/_tensor.py\", line 521, in backward",
                   "    torch.autograd.backward(",
                   "RuntimeError: CUDA error: uncorrectable ECC error encountered"] + CUDA_TAIL
            lines += _pfx(crank, err)
            lines.append(f"{st_pylog(plus(tx, 2))} - torch.distributed.elastic.multiprocessing.api - WARNING - "
                         f"Sending process {pids[0]} closing signal SIGTERM")
            lines += child_failed("train_w2v.py", host, plus(tx, 3),
                                  [{"rank": crank, "local_rank": gpu, "exitcode": 1, "pid": pids[gpu]}],
                                  python="/opt/conda/bin/python")
        else:
            tt = plus(tx, 1800.6 + idx * 0.2)
            lines += watchdog_timeout(idx * 8 + 2, tt, seq=244711, op="ALLREDUCE", numel=1048576,
                                      timeout_ms=1800000, over_ms=55)
            lines += child_failed("train_w2v.py", host, plus(tt, 1),
                                  [{"rank": idx * 8 + 2, "local_rank": 2, "exitcode": -6, "pid": pids[2]}],
                                  python="/opt/conda/bin/python")
        b.add(f"{host}/launcher.out", lines)
        dm = kernel_noise_dmesg_T(plus(t_remap, -86400), host, rng, n=3)
        if host == culprit:
            dm += [f"{st_dmesg_T(t_remap)} NVRM: Xid (PCI:{A100_PCI[gpu]}): 63, pid='<unknown>', name=<unknown>, "
                   f"Row Remapper: New row (0x0000000119a0c1e0) marked for remapping, reset gpu to activate.",
                   f"{st_dmesg_T(tx)} NVRM: Xid (PCI:{A100_PCI[gpu]}): 94, pid=41877, name=python, Contained: SM "
                   f"(0x1). RST: No, D-RST: No"]
        if host == "dgx-a100-03":
            dm.insert(0, f"{st_dmesg_T(T('2024-01-29 10:44:02'))} NVRM: Xid (PCI:{A100_PCI[6]}): 63, "
                         f"pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000a2310440) marked for "
                         f"remapping, reset gpu to activate.")
        b.add(f"{host}/dmesg_T.txt", dm)
        gpus = [{"bus": A100_BUS[i]} for i in range(8)]
        if host == culprit:
            gpus[gpu].update({"volatile": {"dram_ue": 1}, "aggregate": {"dram_ue": 2, "dram_ce": 3},
                              "remap": {"ue": 1, "pending": "Yes", "max": 639, "high": 1}})
        if host == "dgx-a100-03":
            gpus[6].update({"aggregate": {"dram_ue": 1}, "remap": {"ue": 1, "pending": "No", "max": 639, "high": 1}})
        b.add(f"{host}/nvidia-smi-q.txt", nvsmi_q(plus(tx, 1900), gpus, product="NVIDIA A100-SXM4-80GB",
                                                 driver="535.161.08", cuda="12.2", rng=rng))
    b.set_label("gpu_memory", "infrastructure", culprit, crank, "restart_without_node",
                "GPU 1 of dgx-a100-05 has had a row remap pending since Feb 11 (Xid 63, never reset) and now hit a "
                "contained uncorrectable ECC error (Xid 94) that killed rank 9; the Xid 63 on dgx-a100-03 is old and "
                "its remap is no longer pending.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/error-recovery-and-response-flags.html")
    b.summary = "row-remap Pending: Yes only in nvidia-smi -q; old benign Xid 63 on another node; peers time out"
    return b


# ==========================================================================
# d32: Xid 95 uncontained ECC; the requeued attempt cannot open the GPU
# ==========================================================================

def d32():
    b = Bundle("d32_crashed_overnight_then_restart_failed_on_init")
    rng = b.rng
    nodes = ["trn-h100-013", "trn-h100-014", "trn-h100-021", "trn-h100-022", "trn-h100-030", "trn-h100-031",
             "trn-h100-033", "trn-h100-035"]
    culprit, cidx, gpu = "trn-h100-030", 4, 6
    crank = cidx * 8 + gpu
    ip = {n: f"172.31.8.{40 + i}" for i, n in enumerate(nodes)}
    t0 = {0: T("2024-11-20 19:30:00.000000"), 1: T("2024-11-21 02:19:41.000000")}
    tx = T("2024-11-21 02:04:13.907115")
    # attempt 0
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0[0], rng=rng, nnodes=8, nproc=8, endpoint=f"{ip[nodes[0]]}:29500",
                                          run_id="moe-a0", node_idx=idx)
        if idx == 7:
            it, _ = megatron_iters(plus(tx, -380), 22960, 10, 3.71, rng=rng, interval=10, loss0=2.071)
            lines += _pfx(63, it)
        if host == culprit:
            lines += _watchdog_cuda_abort(crank, plus(tx, 0.4), ("4", "20(EXPERT_MODEL_PARALLEL_GROUP)"),
                                          "uncorrectable ECC error encountered", local_pg_rank=6)
            lines += torchrun_tail(host, plus(tx, 1.3), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="pretrain_gpt.py", failed=[gpu])
        else:
            tt = plus(tx, 2.8 + 0.11 * idx)
            lr = rng.randint(0, 7)
            lines += _remote_abort(idx * 8 + lr, tt, f"{ip[culprit]}<{rng.randint(40000, 60000)}>", version="2.21.5")
            lines += torchrun_tail(host, plus(tt, 0.9), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="pretrain_gpt.py", failed=[lr])
        b.add(f"attempt_0/{host}/{host}.out", lines)
        jk = [f"{st_journal(plus(t0[0], -600), host, 'kernel')} nvidia-fabricmanager-start.sh[2210]: Started "
              f"\"Nvidia Fabric Manager\""]
        if host == culprit:
            jk += [f"{st_journal(tx, host, 'kernel')} NVRM: Xid (PCI:{H100_PCI[gpu]}): 95, pid={pids[gpu]}, "
                   f"name=python3, Uncontained: FBHUB. RST: Yes, D-RST: No",
                   f"{st_journal(tx, host, 'kernel')} NVRM: Xid (PCI:{H100_PCI[gpu]}): 154, GPU recovery action "
                   f"changed from 0x0 (None) to 0x1 (GPU Reset Required)"]
        b.add(f"attempt_0/{host}/kern.log", jk)
    # attempt 1: requeued on the same allocation
    tinit = plus(t0[1], 41.2)
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0[1], rng=rng, nnodes=8, nproc=8, endpoint=f"{ip[nodes[0]]}:29500",
                                          run_id="moe-a1", node_idx=idx)
        if host == culprit:
            err = ["Traceback (most recent call last):",
                   "  File \"/workspace/megatron/pretrain_gpt.py\", line 281, in <module>",
                   "    pretrain(",
                   "  File \"/workspace/megatron/megatron/training/training.py\", line 212, in pretrain",
                   "    initialize_megatron(",
                   "  File \"/workspace/megatron/megatron/training/initialize.py\", line 84, in initialize_megatron",
                   "    finish_mpu_init()",
                   "  File \"/workspace/megatron/megatron/training/initialize.py\", line 64, in finish_mpu_init",
                   "    _initialize_distributed(get_embedding_ranks, get_position_embedding_ranks)",
                   "  File \"/workspace/megatron/megatron/training/initialize.py\", line 281, in _initialize_distributed",
                   "    torch.cuda.set_device(device)",
                   "  File \"/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py\", line 399, in set_device",
                   "    torch._C._cuda_setDevice(device)",
                   "RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable"] + CUDA_TAIL
            lines += _pfx(crank, err)
            lines += torchrun_tail(host, plus(tinit, 0.5), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="pretrain_gpt.py", failed=[gpu], exitcode=1)
        else:
            tt = plus(tinit, 600 + rng.uniform(0.2, 1.5))
            lr = rng.randint(0, 7)
            lines += _pfx(idx * 8 + lr, [
                f"[{st_c10(tt)} socket.cpp:487] [c10d] The client socket has timed out after 600000ms while "
                f"trying to connect to ({ip[nodes[0]]}, 29500).",
                "Traceback (most recent call last):",
                "  File \"/workspace/megatron/megatron/training/initialize.py\", line 292, in _initialize_distributed",
                "    torch.distributed.init_process_group(",
                "torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 63/64 clients "
                "joined."])
            lines += torchrun_tail(host, plus(tt, 0.5), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="pretrain_gpt.py", failed=[lr], exitcode=1)
        b.add(f"attempt_1/{host}/{host}.out", lines)
    gpus = [{"bus": H100_BUS[i]} for i in range(8)]
    gpus[gpu].update({"recovery": "Reset", "volatile": {"dram_ue": 1}, "aggregate": {"dram_ue": 1}})
    b.add(f"attempt_1/{culprit}/nvidia-smi-q.txt", nvsmi_q(plus(tinit, 5), gpus, rng=rng))
    b.set_label("gpu_memory", "infrastructure", culprit, crank, "restart_without_node",
                "trn-h100-030 logged an uncontained ECC error (Xid 95) on GPU 6 with Xid 154 'GPU Reset Required', "
                "killing rank 38; the requeued attempt then failed on that same GPU with 'busy or unavailable' "
                "because it was never reset, while the other 63 ranks just waited.",
                "https://github.com/scitix/sichek/pull/121")
    b.summary = "Xid 95 in attempt_0 kern.log; attempt_1 fails at init on the unreset GPU; store timeouts elsewhere"
    return b


# ==========================================================================
# d11: Xid 145 NVLink RLW on one node kills its TP group (Megatron, 8 nodes)
# ==========================================================================

def d11():
    b = Bundle("d11_all_ranks_on_one_server_died_together")
    rng = b.rng
    nodes = [f"sc-h100-r2-n{i:02d}" for i in range(1, 9)]
    culprit, cidx = "sc-h100-r2-n05", 4
    bad_gpus = (2, 3)
    boot = T("2024-08-01 06:11:09.000000")
    t0 = T("2024-08-09 13:00:20.000000")
    tx = T("2024-08-09 21:36:02.451880")
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=8, nproc=8, endpoint="sc-h100-r2-n01:29400",
                                          run_id="gpt175b-tp8", node_idx=idx)
        if idx == 7:
            it, _ = megatron_iters(plus(tx, -300), 9020, 8, 3.9, rng=rng, interval=10, loss0=2.39, gbs=1536)
            lines += _pfx(63, it)
        if host == culprit:
            for j, g in enumerate(bad_gpus):
                r = cidx * 8 + g
                lines += _pfx(r, ["Traceback (most recent call last):",
                                  "  File \"/opt/megatron-lm/megatron/core/tensor_parallel/mappings.py\", line 48, "
                                  "in _reduce",
                                  "    torch.distributed.all_reduce(input_.contiguous(), group=group)",
                                  "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution"]
                                  + CUDA_TAIL)
            others = [g for g in range(8) if g not in bad_gpus]
            for g in others[:3]:
                lines += _pfx(cidx * 8 + g, [
                    f"[{st_c10(plus(tx, 1.5))} ProcessGroupNCCL.cpp:1515] [PG ID 1 PG GUID 1(TENSOR_MODEL_PARALLEL_GROUP) "
                    f"Rank {g}] Process group watchdog thread terminated with exception: CUDA error: uncorrectable "
                    f"NVLink error detected during the execution"])
            lines += torchrun_tail(host, plus(tx, 2.3), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="pretrain_gpt.py", failed=list(bad_gpus) + others[:3], exitcode=1,
                                   extra_failed={g: -6 for g in others[:3]})
        else:
            tt = plus(tx, 3.4 + 0.15 * idx)
            lr = rng.randint(0, 7)
            lines += _remote_abort(idx * 8 + lr, tt, f"10.7.2.{5 + cidx}<{rng.randint(40000, 60000)}>",
                                   pg=("3", "3(PIPELINE_MODEL_PARALLEL_GROUP)"), lpr=idx)
            lines += torchrun_tail(host, plus(tt, 0.7), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="pretrain_gpt.py", failed=[lr])
        b.add(f"{host}/job-4471902.{idx}.log", lines)
        dm = [f"{st_uptime(5.2)} nvidia-nvswitch0: open (major=505)",
              f"{st_uptime(uptime_of(t0, boot) - 40)} NVRM: GPU at PCI:0000:18:00: GPU-1f0b2c11-98aa-44e1-a9d2-7c2f"
              f"{rng.randint(10000000, 99999999)}"]
        if host == culprit:
            u = uptime_of(tx, boot)
            for g in bad_gpus:
                dm.append(f"{st_uptime(u)} NVRM: Xid (PCI:{H100_PCI[g]}): 145, RLW_REMAP Fatal XC0 i0 Link {5 + g:02d} "
                          f"(0x00060002 0x00000004 0x00000000 0x00000000 0x00000000 0x00000000)")
            for g in bad_gpus:
                dm.append(f"{st_uptime(u + 0.9)} NVRM: Xid (PCI:{H100_PCI[g]}): 45, pid={pids[g]}, name=python3, "
                          f"Ch 00000008 caused by previous Xid 145")
        b.add(f"{host}/dmesg.log", dm)
    b.add(f"{culprit}/boot.txt", [f"system boot  {boot:%Y-%m-%d %H:%M}", f"btime {int((boot - T('1970-01-01 00:00:00')).total_seconds())}"])
    nv = [f"GPU {g}: NVIDIA H100 80GB HBM3 (UUID: GPU-{rng.getrandbits(32):08x}-aa10-4c1e-9d01-{rng.getrandbits(48):012x})"
          for g in range(8)]
    status = []
    for g in range(8):
        status.append(nv[g])
        for link in range(18):
            down = g in bad_gpus and link in (5 + g, 9)
            status.append(f"\t Link {link}: " + ("<inactive>" if down else "26.562 GB/s"))
    b.add(f"{culprit}/nvidia-smi-nvlink-s.txt", status)
    b.set_label("nvlink", "infrastructure", culprit, None, "restart_without_node",
                "sc-h100-r2-n05 logged fatal NVLink Xid 145 on GPUs 2 and 3, its ranks failed with 'uncorrectable "
                "NVLink error', and nvidia-smi shows those links inactive; the other seven nodes only report the "
                "peer going away.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1355")
    b.summary = "Xid 145 in uptime-stamped dmesg; TP group on one node dies; nvlink -s shows inactive links"
    return b


# ==========================================================================
# d25: NVSwitch fatal SXid on one HGX node; all 8 local ranks fail
# ==========================================================================

def d25():
    b = Bundle("d25_eight_ranks_failed_with_peer_memory_error")
    rng = b.rng
    nodes = ["hgx-0301", "hgx-0302", "hgx-0307", "hgx-0308"]
    culprit, cidx = "hgx-0302", 1
    t0 = T("2024-06-12 01:55:00.000000")
    tx = T("2024-06-12 04:11:23.300512")
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=4, nproc=8, endpoint="hgx-0301:29500",
                                          run_id="dit-xl", node_idx=idx)
        if idx == 0:
            t = plus(tx, -200)
            for k in range(8):
                t = plus(t, 24.8)
                lines.append(f"[rank0]:{st_pylog(t)} [INFO] step={51200 + 50 * k} loss={0.1432 - 0.0001 * k:.4f} "
                             f"img/s/gpu={201.3 + rng.uniform(-1, 1):.1f} lr=1.0e-04")
        if host == culprit:
            for g in range(8):
                r = cidx * 8 + g
                tt = plus(tx, 0.31 + 0.02 * g)
                lines += _pfx(r, [f"[{st_c10(tt)} ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank "
                                  f"{r}] Process group watchdog thread terminated with exception: CUDA error: Invalid "
                                  f"access of peer GPU memory over nvlink or a hardware error"] + CUDA_TAIL[:3])
            lines += torchrun_tail(host, plus(tx, 1.4), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="train_dit.py", failed=list(range(8)))
        else:
            tt = plus(tx, 4.2 + idx * 0.3)
            lr = rng.randint(0, 7)
            lines += _remote_abort(idx * 8 + lr, tt, f"192.168.30.{2 + cidx}<{rng.randint(40000, 60000)}>")
            lines += torchrun_tail(host, plus(tt, 0.7), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                   script="train_dit.py", failed=[lr])
        b.add(f"{host}/logs/node{idx}.log", lines)
        dm = kernel_noise_dmesg_T(plus(t0, -4000), host, rng, n=3)
        if host == culprit:
            dm += [f"{st_dmesg_T(tx)} nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Fatal, Link 44 sourcetrack "
                   f"timeout error (First)",
                   f"{st_dmesg_T(tx)} nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Severity 1 Engine instance 44 "
                   f"Sub-engine instance 00",
                   f"{st_dmesg_T(tx)} nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Data {{0x00000000, 0x00000200, "
                   f"0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}}"]
            for g in (0, 3, 5):
                dm.append(f"{st_dmesg_T(plus(tx, 1))} NVRM: Xid (PCI:{H100_PCI[g]}): 45, pid={pids[g]}, "
                          f"name=python3, channel 0x0000000a")
        b.add(f"{host}/dmesg.txt", dm)
        fm = [f"[{plus(t0, -7200):%b %d %Y %H:%M:%S}] [INFO] [tid 2298] Fabric Manager version 550.54.15 is running "
              f"with the following configuration options",
              f"[{plus(t0, -7190):%b %d %Y %H:%M:%S}] [INFO] [tid 2298] Successfully configured all the available "
              f"NVSwitches to route GPU NVLink traffic. NVLink Peer-to-Peer support will be enabled once the GPUs are "
              f"successfully registered with the NVLink fabric."]
        if host == culprit:
            fm += [f"[{tx:%b %d %Y %H:%M:%S}] [ERROR] [tid 2311] detected NVSwitch fatal error 24007 on fabric node "
                   f"0 nvswitch pci bus id 00000000:07:00.0 physical id 2 port 44",
                   f"[{tx:%b %d %Y %H:%M:%S}] [ERROR] [tid 2311] NVSwitch fatal error, GPU(s) and NVSwitch(es) must "
                   f"be reset to recover. Resetting all the NVSwitches and GPUs is required.",
                   f"[{plus(tx, 2):%b %d %Y %H:%M:%S}] [INFO] [tid 2311] degraded mode: GPUs connected to NVSwitch "
                   f"physical id 2 will be excluded from the NVLink fabric until reset"]
        b.add(f"{host}/fabricmanager.log", fm)
    b.set_label("nvlink", "infrastructure", culprit, None, "restart_without_node",
                "hgx-0302's NVSwitch 2 reported fatal SXid 24007 and fabric manager demands a reset, and exactly the "
                "eight ranks of that node failed with 'Invalid access of peer GPU memory over nvlink'; the Xid 45 "
                "lines are just channel teardown.",
                "https://github.com/marin-community/marin/issues/8934")
    b.summary = "SXid in dmesg + fabricmanager.log; whole node's ranks fail; Xid 45 teardown noise"
    return b


CASES = (d02, d24, d15, d07, d19, d32, d11, d25)
