"""User code, dependency, OOM and numerical cases."""

from common import (Bundle, T, plus, st_c10, st_ctime, st_dmesg_T, st_glog, st_journal, st_pylog, st_slurm,
                    st_uptime)
from gen import (child_failed, megatron_iters, nvsmi_table, titan_steps, watchdog_timeout)
from scaffold import kernel_noise_dmesg_T, pids_for, torchrun_head, torchrun_tail

A100_PCI = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00",
            "0000:b7:00", "0000:bd:00"]
H100_BUS = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
            "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]
CUDA_TAIL = [
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
    "might be incorrect.",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    "",
]


def _pfx(rank, lines):
    return [f"[rank{rank}]:{ln}" for ln in lines]


# ==========================================================================
# d01: grad norm climbs, loss spikes, then NaN assertion on every DP rank
# ==========================================================================

def d01():
    b = Bundle("d01_loss_spikes_then_crash")
    rng = b.rng
    nodes = [f"gpu{i:03d}" for i in (17, 18, 19, 20, 33, 34, 35, 36)]
    t0 = T("2024-07-22 04:00:00.000000")
    tstart = T("2024-07-22 09:10:00.000000")
    losses = [2.012, 2.009, 2.015, 2.004, 2.021, 2.19, 2.08, 2.47, 2.31, 2.96, 2.64, 3.88, 3.41, 5.02, 6.77]
    gnorms = [0.31, 0.34, 0.36, 0.41, 0.52, 1.84, 1.12, 4.9, 3.3, 14.7, 9.8, 96.2, 71.0, 731.4, 4112.9]
    n = len(losses)
    it_lines, tlast = megatron_iters(tstart, 14400, n, 3.3, rng=rng, interval=10, loss0=2.0,
                                     loss_fn=lambda k: losses[k], gnorm_fn=lambda k: gnorms[k], lr=6.0e-4,
                                     total=250000, gbs=1024)
    tnan = plus(tlast, 31.0)
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=8, nproc=8, endpoint="gpu017:29500",
                                          run_id="gpt-7b-lr6e-4", node_idx=idx)
        if idx == 0:
            lines += _pfx(0, ["------------------------ arguments ------------------------",
                              "  adam_beta2 ...................................... 0.95",
                              "  bf16 ............................................ True",
                              "  check_for_nan_in_loss_and_grad .................. True",
                              "  clip_grad ....................................... 0.0",
                              "  global_batch_size ............................... 1024",
                              "  lr .............................................. 0.0006",
                              "  lr_warmup_iters ................................. 2000",
                              "  min_lr .......................................... 6e-05",
                              "  weight_decay .................................... 0.1",
                              "-------------------- end of arguments ---------------------"])
        if idx == 7:
            lines += _pfx(63, it_lines)
        fl = sorted(rng.sample(range(8), 2))
        for lr in fl:
            r = idx * 8 + lr
            lines += _pfx(r, [
                "Traceback (most recent call last):",
                "  File \"/workspace/Megatron-LM/pretrain_gpt.py\", line 265, in <module>",
                "    pretrain(",
                "  File \"/workspace/Megatron-LM/megatron/training/training.py\", line 356, in pretrain",
                "    iteration, num_floating_point_operations_so_far = train(",
                "  File \"/workspace/Megatron-LM/megatron/training/training.py\", line 1262, in train",
                "    train_step(forward_step_func,",
                "  File \"/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py\", line 160, in "
                "start_grad_sync",
                "    assert not norm.isnan(), (",
                f"AssertionError: Rank {r}: found NaN in local grad norm in backward pass before data-parallel "
                f"communication collective. Device: {lr}, node: {host}"])
        lines += torchrun_tail(host, plus(tnan, 1.0 + 0.05 * idx), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                               script="pretrain_gpt.py", failed=fl, exitcode=1)
        b.add(f"{host}/{'log' if idx % 3 else 'output'}-{idx:02d}.txt", lines)
        b.add(f"{host}/dmesg.txt", kernel_noise_dmesg_T(plus(t0, -3000), host, rng, n=3))
    b.set_label("numerical", "script", None, None, "stop",
                "Over the last 150 iterations the grad norm climbs from 0.3 to 4000 with growing loss spikes, and then "
                "ranks on every node assert 'found NaN in local grad norm' at the same iteration; the run uses lr 6e-4 "
                "with gradient clipping disabled and there is no hardware signal anywhere, so restarting will diverge again.",
                "https://github.com/alibaba/Pai-Megatron-Patch/issues/366")
    b.summary = "gradient explosion visible in Megatron iteration lines; NaN assert on all nodes"
    return b


# ==========================================================================
# d26: bf16 attention logits overflow to inf; user guard stops the run
# ==========================================================================

def d26():
    b = Bundle("d26_loss_became_inf_at_step_18k")
    rng = b.rng
    nodes = ["node-a", "node-b", "node-c", "node-d"]
    t0 = T("2025-05-06 00:30:00.000000")
    tbad = T("2025-05-06 12:41:10.000000")
    absmax = [2.1e4, 6.6e6, 1.9e12, 8.8e21, 3.1e33, 2.91e38, "inf", "inf"]
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=4, nproc=8, endpoint="node-a:29500",
                                          run_id="long-ctx-3b", node_idx=idx)
        if idx == 0:
            def lf(k):
                return [2.211, 2.208, 2.214, 2.236, 2.41, 3.02, "inf", "nan"][k]

            def gf(k):
                return [0.44, 0.47, 0.61, 1.9, 8.3, 77.2, "inf", "nan"][k]
            st, _ = titan_steps(plus(tbad, -70), 18260, 8, 0.9, rng=rng, loss_fn=lf, gn_fn=gf, every=10)
            mon = []
            tt = plus(tbad, -70)
            for k in range(8):
                tt = plus(tt, 9.0)
                v = absmax[k]
                vs = v if isinstance(v, str) else f"{v:.3e}"
                mon.append(f"[rank0]:{st_pylog(tt)} [monitor] step {18260 + 10 * k} layer 27 attn_logit_absmax={vs} "
                           f"dtype=torch.bfloat16 qk_norm=False")
            merged = []
            for a, c in zip(st, mon):
                merged += [c, a]
            lines += merged
        fl = [0, 5] if idx == 0 else [rng.randint(0, 7)]
        for lr in fl:
            r = idx * 8 + lr
            lines += _pfx(r, ["Traceback (most recent call last):",
                              "  File \"/src/lc/train.py\", line 401, in <module>",
                              "    main(cfg)",
                              "  File \"/src/lc/train.py\", line 366, in main",
                              "    guard.check(step, loss)",
                              "  File \"/src/lc/utils/guard.py\", line 22, in check",
                              "    raise FloatingPointError(f\"non-finite loss {loss.item()} at step {step}\")",
                              "FloatingPointError: non-finite loss nan at step 18330"])
        lines += torchrun_tail(host, plus(tbad, 12.0 + idx * 0.1), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                               script="train.py", failed=fl, exitcode=1)
        b.add(f"{host}/train-{host}.log", lines)
    b.add("node-a/config-diff.txt", ["--- configs/3b_8k.yaml", "+++ configs/3b_32k.yaml",
                                     "@@ -4,7 +4,7 @@ model:",
                                     "   dim: 3072", "   n_layers: 28",
                                     "-  seq_len: 8192", "+  seq_len: 32768",
                                     "   dtype: bfloat16", "   qk_norm: false", "   lr: 3.0e-4"])
    b.set_label("numerical", "script", None, None, "stop",
                "The model's own monitor shows layer-27 attention logits growing geometrically in bfloat16 until they "
                "overflow to inf at step 18320, after which loss and grad norm become inf then nan on every rank and the "
                "user's guard stops the run; no hardware or node signal, so a plain restart will overflow again.",
                "https://github.com/plemeri/InSPyReNet/issues/36")
    b.summary = "bf16 overflow: attention-logit monitor lines then inf/nan loss on all ranks"
    return b


# ==========================================================================
# d05: flash-attn wheel built for another torch; same ImportError everywhere
# ==========================================================================

def d05():
    b = Bundle("d05_import_error_on_every_node_after_image_rebuild")
    rng = b.rng
    nodes = ["a3-0011", "a3-0012", "a3-0015"]
    t0 = T("2024-05-28 15:02:20.000000")
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=3, nproc=8, endpoint="a3-0011:29500",
                                          run_id="mistral-sft", node_idx=idx)
        terr = plus(t0, 9.3 + 0.1 * idx)
        for lr in range(8):
            r = idx * 8 + lr
            lines += _pfx(r, [
                "Traceback (most recent call last):",
                "  File \"/workspace/sft/train.py\", line 14, in <module>",
                "    from model.attention import FlashSelfAttention",
                "  File \"/workspace/sft/model/attention.py\", line 6, in <module>",
                "    from flash_attn import flash_attn_varlen_func",
                "  File \"/usr/local/lib/python3.10/dist-packages/flash_attn/__init__.py\", line 3, in <module>",
                "    from flash_attn.flash_attn_interface import (",
                "  File \"/usr/local/lib/python3.10/dist-packages/flash_attn/flash_attn_interface.py\", line 10, in "
                "<module>",
                "    import flash_attn_2_cuda as flash_attn_cuda",
                "ImportError: /usr/local/lib/python3.10/dist-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: "
                "undefined symbol: _ZN3c104cuda9SetDeviceEi"])
        tb = ("Traceback (most recent call last):\\n  File \"/workspace/sft/train.py\", line 14, in <module>\\n"
              "ImportError: ... flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: "
              "_ZN3c104cuda9SetDeviceEi")
        lines.append(f"{st_glog(plus(terr, 0.6), 'E')} {apid} torch/distributed/elastic/multiprocessing/api.py:869] "
                     f"failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python")
        edir = f"/tmp/torchelastic_{rng.getrandbits(24):06x}/mistral-sft_{rng.getrandbits(16):04x}"
        fails = [{"rank": idx * 8 + lr, "local_rank": lr, "exitcode": 1, "pid": pids[lr],
                  "time": plus(terr, 0.01 * lr),
                  "error_file": f"{edir}/attempt_0/{lr}/error.json",
                  "traceback": tb if lr == 0 else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"}
                 for lr in range(8)]
        lines += child_failed("train.py", host, plus(terr, 0.6), fails)
        b.add(f"{host}/slurm-{7731190 + 0}.{idx}.out", lines)
    b.add("a3-0011/pip-freeze.txt", ["accelerate==0.30.1", "datasets==2.19.1", "flash-attn==2.5.7",
                                     "numpy==1.26.4", "nvidia-nccl-cu12==2.20.5", "torch==2.3.0",
                                     "transformers==4.41.1", "triton==2.3.0"])
    b.add("a3-0011/image-build.log", [
        "#12 [7/9] RUN pip install --no-deps /wheels/flash_attn-2.5.7+cu122torch2.2cxx11abiFALSE-cp310-cp310-"
        "linux_x86_64.whl",
        "#12 1.904 Processing /wheels/flash_attn-2.5.7+cu122torch2.2cxx11abiFALSE-cp310-cp310-linux_x86_64.whl",
        "#12 3.227 Installing collected packages: flash-attn",
        "#12 9.881 Successfully installed flash-attn-2.5.7",
        "#13 [8/9] RUN pip install torch==2.3.0 --index-url https://download.pytorch.org/whl/cu121",
        "#13 74.02 Successfully installed torch-2.3.0+cu121 triton-2.3.0"])
    b.set_label("dependency", "framework", None, None, "stop",
                "All 24 ranks on all three nodes fail at import with the same 'undefined symbol "
                "_ZN3c104cuda9SetDeviceEi' from flash_attn_2_cuda: the rebuilt image installs a flash-attn wheel built "
                "for torch 2.2 and then upgrades torch to 2.3; the job's own environment is broken everywhere.",
                "https://github.com/Dao-AILab/flash-attention/issues/931")
    b.summary = "same ABI ImportError on every rank of every node (job's own env: stop)"
    return b


# ==========================================================================
# d17: corrupted node-local pip cache on one node
# ==========================================================================

def d17():
    b = Bundle("d17_one_node_fails_during_setup")
    rng = b.rng
    nodes = ["gn-0210", "gn-0211", "gn-0213", "gn-0214", "gn-0216"]
    culprit = "gn-0213"
    jobid = 1193402
    t0 = T("2025-06-02 13:00:04.000000")
    for idx, host in enumerate(nodes):
        lines = [f"[setup {host}] creating venv /local/venv-{jobid}",
                 f"[setup {host}] pip install -r requirements.lock (PIP_CACHE_DIR=/var/cache/pip, node-local)",
                 "Collecting torch==2.4.1 (from -r requirements.lock (line 3))",
                 "  Using cached torch-2.4.1-cp311-cp311-manylinux1_x86_64.whl (797.1 MB)",
                 "Collecting triton==3.0.0 (from -r requirements.lock (line 9))",
                 "  Using cached triton-3.0.0-1-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.whl (209.4 MB)",
                 "Collecting deepspeed==0.15.1 (from -r requirements.lock (line 4))",
                 "  Using cached deepspeed-0.15.1.tar.gz (1.4 MB)",
                 "Installing collected packages: mpmath, typing-extensions, sympy, nvidia-nvtx-cu12, nvidia-nccl-cu12, "
                 "triton, torch, deepspeed"]
        ts = plus(t0, 95 + rng.uniform(0, 10))
        if host == culprit:
            lines += ["ERROR: Exception:",
                      "Traceback (most recent call last):",
                      "  File \"/local/venv-1193402/lib/python3.11/site-packages/pip/_internal/cli/base_command.py\", "
                      "line 105, in _run_wrapper",
                      "    status = _inner_run()",
                      "  File \"/local/venv-1193402/lib/python3.11/site-packages/pip/_internal/commands/install.py\", "
                      "line 458, in run",
                      "    installed = install_given_reqs(",
                      "  File \"/local/venv-1193402/lib/python3.11/site-packages/pip/_internal/operations/install/"
                      "wheel.py\", line 611, in _install_wheel",
                      "    file.save()",
                      "  File \"/usr/lib/python3.11/zipfile.py\", line 969, in _update_crc",
                      "    raise BadZipFile(\"Bad CRC-32 for file %r\" % self.name)",
                      "zipfile.BadZipFile: Bad CRC-32 for file 'triton/backends/nvidia/lib/cupti/libcupti.so.12'",
                      f"[setup {host}] pip failed with exit code 2, aborting task",
                      f"srun: error: {host}: task {idx}: Exited with exit code 2"]
        else:
            lines += [f"Successfully installed deepspeed-0.15.1 mpmath-1.3.0 nvidia-nccl-cu12-2.20.5 sympy-1.13.3 "
                      f"torch-2.4.1 triton-3.0.0 typing-extensions-4.12.2",
                      f"[setup {host}] launching: deepspeed --hostfile /tmp/hostfile.{jobid} train.py",
                      f"[{st_pylog(plus(ts, 4))}] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator "
                      f"to cuda (auto detect)",
                      f"slurmstepd: error: *** STEP {jobid}.0 ON {host} CANCELLED AT "
                      f"{plus(t0, 140):%Y-%m-%dT%H:%M:%S} ***"]
        b.add(f"{host}/task-{idx}.log", lines)
    b.add(f"{culprit}/pip-cache-check.txt", [
        "$ python -m zipfile -t /var/cache/pip/http-v2/a/3/f/0/9/a3f09c2e61b7...body",
        "The following enclosed file is corrupted: 'triton/backends/nvidia/lib/cupti/libcupti.so.12'",
        "$ sha256sum triton-3.0.0-1-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.whl (from cache)",
        "5f9c0d3e1a8b6b8c4a1f0e7d2c3b4a5968778695a4b3c2d1e0f9e8d7c6b5a4f3  (expected 3ab9e71c0e8ff2a10e8d2b0"
        "f3b9a0d3c5c0bb3a1b76d1a1e2a2e4c2d5cf0dd11)"])
    b.add(f"{culprit}/df-h.txt", ["Filesystem      Size  Used Avail Use% Mounted on",
                                  "/dev/nvme0n1p2  3.5T  1.1T  2.4T  32% /",
                                  "/dev/nvme1n1    3.5T  2.7T  800G  78% /var/cache",
                                  "tmpfs           504G     0  504G   0% /dev/shm"])
    b.set_label("dependency", "infrastructure", culprit, None, "restart_without_node",
                "Only gn-0213's setup failed: pip's node-local cache there holds a corrupted triton wheel (Bad CRC-32, "
                "checksum mismatch), so its task exited and srun cancelled the step on the other four nodes, whose "
                "installs from their own caches succeeded.",
                "https://github.com/pypa/pip/pull/14260")
    b.summary = "job-start pip install fails only on one node (corrupted node-local cache)"
    return b


# ==========================================================================
# d31: one node's venv carries a different NCCL -> ncclInvalidUsage at init
# ==========================================================================

def d31():
    b = Bundle("d31_fails_at_init_since_yesterday")
    rng = b.rng
    nodes = ["hgx-h100-08", "hgx-h100-09", "hgx-h100-10", "hgx-h100-11"]
    culprit, cidx = "hgx-h100-11", 3
    t0 = T("2025-01-09 21:14:50.000000")
    tinit = plus(t0, 52.7)
    ver = {n: ("2.23.4", 22304) if n == culprit else ("2.21.5", 22105) for n in nodes}
    for idx, host in enumerate(nodes):
        v, vc = ver[host]
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=4, nproc=8, endpoint="hgx-h100-08:29500",
                                          run_id="sd3-ft", node_idx=idx)
        lines.append(f"[rank{idx * 8}]:[env] torch=2.5.1+cu124 torch.cuda.nccl.version()=({v.replace('.', ', ')}) "
                     f"LD_LIBRARY_PATH=" + ("/opt/venv/lib/python3.10/site-packages/nvidia/nccl/lib:"
                                           if host == culprit else "") + "/usr/local/cuda/lib64")
        for lr in range(8):
            r = idx * 8 + lr
            if host == culprit:
                other, ov = 0, 22105
                msg = f"Mismatched NCCL version detected : rank {other} version {ov} rank {r} version {vc}"
            else:
                other, ov = cidx * 8 + rng.randint(0, 7), 22304
                msg = f"Mismatched NCCL version detected : rank {other} version {ov} rank {r} version {vc}"
            if lr in (0, 3):
                lines += _pfx(r, [f"{host}:{pids[lr]}:{pids[lr] + 77} [{lr}] init.cc:{1031 if host == culprit else 1010} "
                                  f"NCCL WARN {msg}",
                                  f"{host}:{pids[lr]}:{pids[lr] + 77} [{lr}] NCCL INFO init.cc:1525 -> 5",
                                  f"{host}:{pids[lr]}:{pids[lr] + 77} [{lr}] NCCL INFO group.cc:64 -> 5 [Async thread]"])
            if lr == 0:
                lines += _pfx(r, [
                    "Traceback (most recent call last):",
                    "  File \"/opt/sd3/train_dist.py\", line 120, in <module>",
                    "    model = DDP(model, device_ids=[local_rank])",
                    "  File \"/opt/venv/lib/python3.10/site-packages/torch/nn/parallel/distributed.py\", line 825, in "
                    "__init__",
                    "    _verify_param_shape_across_processes(self.process_group, parameters)",
                    f"torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                    f"ProcessGroupNCCL.cpp:2205, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version {v}",
                    "ncclInvalidUsage: This usually reflects invalid usage of NCCL library.",
                    "Last error:",
                    msg])
        lines += torchrun_tail(host, plus(tinit, 0.8 + 0.1 * idx), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                               script="train_dist.py", failed=[0, 3], exitcode=1)
        b.add(f"{host}/out_{idx}.log", lines)
        b.add(f"{host}/pip-list-nvidia.txt", [
            "Package                  Version",
            "------------------------ ----------",
            "nvidia-cublas-cu12       12.4.5.8",
            f"nvidia-nccl-cu12         {v}",
            "nvidia-nvjitlink-cu12    12.4.127",
            "torch                    2.5.1"] + ([f"# /opt/venv modified 2025-01-08 by ansible hotfix-nccl-2234 (only "
                                                  f"hgx-h100-11 in inventory group 'canary')"] if host == culprit else []))
    b.set_label("dependency", "infrastructure", culprit, None, "restart_without_node",
                "NCCL refuses to build the communicator because ranks 24-31 on hgx-h100-11 run NCCL 2.23.4 (version "
                "22304) while everyone else runs 2.21.5; that node's venv was hot-patched alone, so the job should "
                "run without it (or with it fixed).",
                "https://github.com/NVIDIA/nccl/issues/1634")
    b.summary = "NCCL version differs on one node; every rank reports the mismatch, majority vote finds it"
    return b


# ==========================================================================
# d10: Xid 13 at the same step and rank on two different sets of nodes
# ==========================================================================

def d10():
    b = Bundle("d10_illegal_memory_access_again_after_reschedule")
    rng = b.rng
    att = {0: ["a100-r1-01", "a100-r1-02", "a100-r1-03", "a100-r1-04"],
           1: ["a100-r3-02", "a100-r3-05", "a100-r3-06", "a100-r3-08"]}
    starts = {0: T("2024-03-19 22:00:10.000000"), 1: T("2024-03-20 08:30:44.000000")}
    fails = {0: T("2024-03-20 02:47:31.004100"), 1: T("2024-03-20 11:19:02.771200")}
    crank, lr_bad = 10, 2
    for a, nodes in att.items():
        t0, tx = starts[a], fails[a]
        for idx, host in enumerate(nodes):
            apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=4, nproc=8, endpoint=f"{nodes[0]}:29500",
                                              run_id=f"longctx-{a}", node_idx=idx)
            if a == 1 and idx == 0:
                lines.append(f"[rank0]:{st_pylog(plus(t0, 70))} INFO resume: loaded checkpoint step 1000, "
                             f"data loader fast-forwarded to step 1000")
                lines.append(f"[rank0]:{st_pylog(plus(t0, 71))} INFO excluded nodes (sbatch --exclude): a100-r1-02")
            if idx == 0:
                t = plus(tx, -240)
                for k in range(6):
                    t = plus(t, 38.0)
                    lines.append(f"[rank0]:{st_pylog(t)} INFO step {2060 + 10 * k} loss {2.54 - 0.002 * k:.4f} "
                                 f"tokens/s 1.21e6")
            if idx == 1:
                r = crank
                lines.append(f"[rank{r}]:{st_pylog(plus(tx, -0.8))} WARNING packing.py:88 step 2113: packed "
                             f"sequence length 8203 exceeds max_position_embeddings 8192 (sample id 88213455)")
                lines += _pfx(r, ["Traceback (most recent call last):",
                                  "  File \"/workspace/longctx/train.py\", line 219, in <module>",
                                  "    loss = model(batch).loss",
                                  "  File \"/workspace/longctx/model/attn.py\", line 141, in forward",
                                  "    q, k = apply_rope_varlen(q, k, self.cos_sin, cu_seqlens)",
                                  "  File \"/workspace/longctx/kernels/rope.py\", line 97, in apply_rope_varlen",
                                  "    _rope_varlen_kernel[grid](q, k, cos_sin, cu_seqlens, q.stride(0), BLOCK=128)",
                                  "  File \"/usr/local/lib/python3.10/dist-packages/triton/runtime/jit.py\", line 345, "
                                  "in <lambda>",
                                  "    return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                                  "RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered"])
                lines += torchrun_tail(host, plus(tx, 1.1), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                       script="train.py", failed=[lr_bad], exitcode=1)
            else:
                tt = plus(tx, 2.2 + 0.1 * idx)
                lr = rng.randint(0, 7)
                lines += _pfx(idx * 8 + lr, [
                    f"[{st_c10(tt)} ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank {idx * 8 + lr}] "
                    f"Process group watchdog thread terminated with exception: NCCL error: remote process exited or "
                    f"there was a network error, NCCL version 2.19.3"])
                lines += torchrun_tail(host, plus(tt, 0.9), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                                       script="train.py", failed=[lr])
            b.add(f"attempt_{a}/{host}/console.log", lines)
            dm = kernel_noise_dmesg_T(plus(t0, -3600), host, rng, n=2)
            if idx == 1:
                pci = A100_PCI[lr_bad]
                dm += [f"{st_dmesg_T(plus(tx, -0.3))} NVRM: Xid (PCI:{pci}): 13, pid={pids[lr_bad]}, name=python3, "
                       f"Graphics SM Warp Exception on (GPC 3, TPC 1, SM 0): Out Of Range Address",
                       f"{st_dmesg_T(plus(tx, -0.3))} NVRM: Xid (PCI:{pci}): 13, pid={pids[lr_bad]}, name=python3, "
                       f"Graphics Exception: ESR 0x51e730=0x102000e 0x51e734=0x24 0x51e728=0x4c1eb72 0x51e72c=0x174",
                       f"{st_dmesg_T(plus(tx, -0.2))} NVRM: Xid (PCI:{pci}): 43, pid={pids[lr_bad]}, name=python3, "
                       f"Ch 00000008"]
            b.add(f"attempt_{a}/{host}/dmesg.log", dm)
    b.set_label("user_code", "script", None, None, "stop",
                "The Triton RoPE kernel hit an out-of-range address (Xid 13) at step 2113 on global rank 10 in both "
                "attempts although attempt_1 ran on four different nodes; both times the rank had just warned about a "
                "packed sequence longer than max_position_embeddings, so the fault follows the code and data, not a GPU.",
                "https://github.com/triton-lang/triton/issues/10573")
    b.summary = "Xid 13 recurs at same step/rank on different hardware across attempts: code, not node"
    return b


# ==========================================================================
# d20: ranks call different collectives after eval (empty shard); two attempts
# ==========================================================================

def d20():
    b = Bundle("d20_hang_after_eval_every_time")
    rng = b.rng
    nodes = ["wk-0", "wk-1", "wk-2", "wk-3", "wk-4", "wk-5"]
    starts = {0: T("2024-10-01 10:00:00.000000"), 1: T("2024-10-01 14:40:00.000000")}
    teval = {0: T("2024-10-01 11:58:40.000000"), 1: T("2024-10-01 16:38:52.000000")}
    short = [7, 15, 23]        # ranks whose eval shard is empty (the last 3 of 24)
    for a in (0, 1):
        for idx, host in enumerate(nodes):
            apid, pids, lines = torchrun_head(host, starts[a], rng=rng, nnodes=6, nproc=4, endpoint="wk-0:29500",
                                              run_id=f"seg-{a}", node_idx=idx)
            if a == 1 and idx == 0:
                lines.insert(0, "+ export TORCH_DISTRIBUTED_DEBUG=DETAIL")
            if idx == 0:
                lines.append(f"[rank0]:{st_pylog(plus(teval[a], -1))} | INFO | lightning | Epoch 3: 100%|##########| "
                             f"2000/2000 [1:58:39<00:00, train_loss=0.311]")
                lines.append(f"[rank0]:{st_pylog(teval[a])} | INFO | lightning | Validation DataLoader 0: 100%|##########| "
                             f"42/42")
            for lr in range(4):
                r = idx * 4 + lr
                if r in short:
                    lines.append(f"[rank{r}]:{st_pylog(plus(teval[a], -20))} | WARNING | data | rank {r}: validation "
                                 f"shard is empty (1000 samples / 24 ranks, drop_last=False)")
            if a == 0:
                for lr in (0, 3):
                    r = idx * 4 + lr
                    op, seq, numel = ("BROADCAST", 40213, 1) if r in short else ("ALLREDUCE", 40213, 3)
                    lines += watchdog_timeout(r, plus(teval[a], 1800.5 + rng.uniform(0, 1)), seq=seq, op=op,
                                              numel=numel, timeout_ms=1800000)
                lines += torchrun_tail(host, plus(teval[a], 1802.0), agent_pid=apid, pids=pids, node_idx=idx, nproc=4,
                                       script="train_seg.py", failed=[0])
            else:
                lr = 3
                r = idx * 4 + lr
                mine = ("BROADCAST", "[1]", "Long") if r in short else ("ALLREDUCE", "[3]", "Float")
                theirs = ("ALLREDUCE", "[3]", "Float") if r in short else ("BROADCAST", "[1]", "Long")
                other = 0 if r in short else short[0]
                fp = ("CollectiveFingerPrint(SequenceNumber=40213, OpType={}, TensorShape={}, TensorDtypes={}, "
                      "TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), "
                      "requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))")
                lines += _pfx(r, [
                    "Traceback (most recent call last):",
                    "  File \"/work/seg/train_seg.py\", line 88, in <module>",
                    "    trainer.fit(model, datamodule=dm)",
                    "  File \"/usr/local/lib/python3.10/site-packages/lightning/pytorch/trainer/trainer.py\", line 538, "
                    "in fit",
                    "    call._call_and_handle_interrupt(",
                    "  File \"/work/seg/model.py\", line {}, in on_validation_epoch_end".format(
                        200 if r in short else 203),
                    "    self.log(\"val/n\", 0, sync_dist=True)" if r in short else
                    "    self.log_dict(metrics, sync_dist=True)",
                    "  File \"/usr/local/lib/python3.10/site-packages/lightning/fabric/utilities/distributed.py\", line "
                    "220, in _sync_ddp",
                    "    torch.distributed.all_reduce(result, op=op, group=group, async_op=False)",
                    "RuntimeError: Detected mismatch between collectives on ranks. Rank {} is running collective: {}, but "
                    "Rank {} is running collective: {}.Collectives differ in the following aspects: \t Op type: "
                    "{}vs {}  Tensor Tensor shapes: {}vs {}  Tensor Tensor dtypes: {}vs {}".format(
                        r, fp.format(*mine), other, fp.format(*theirs), mine[0], theirs[0], mine[1], theirs[1],
                        mine[2], theirs[2])])
                lines += torchrun_tail(host, plus(teval[a], 3.0 + 0.2 * idx), agent_pid=apid, pids=pids, node_idx=idx,
                                       nproc=4, script="train_seg.py", failed=[lr], exitcode=1)
            b.add(f"attempt_{a}/{host}/rank-logs.txt", lines)
    b.add("attempt_1/wk-0/model_snippet.py", [
        "    def on_validation_epoch_end(self):",
        "        if len(self.val_outputs) == 0:          # empty shard on this rank",
        "            self.log(\"val/n\", 0, sync_dist=True)",
        "            return",
        "        metrics = {\"val/miou\": ..., \"val/acc\": ..., \"val/loss\": ...}",
        "        self.log_dict(metrics, sync_dist=True)"])
    b.set_label("user_code", "script", None, None, "stop",
                "Both attempts stop right after validation at the same sequence number: ranks 7, 15 and 23 have empty "
                "eval shards and log a different metric set, so they broadcast while the others all-reduce (watchdog "
                "shows mixed op types in attempt_0, and TORCH_DISTRIBUTED_DEBUG=DETAIL names the mismatch in attempt_1).",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    b.summary = "collective-order deadlock from user code; attempt_1 with DETAIL proves it"
    return b


# ==========================================================================
# d29: DeepSpeed batch assertion after going from 4 nodes to 3
# ==========================================================================

def d29():
    b = Bundle("d29_fails_right_away_after_resizing_job")
    rng = b.rng
    nodes = ["mlp-n02", "mlp-n05", "mlp-n06"]
    t0 = T("2024-05-20 10:11:04.000000")
    for idx, host in enumerate(nodes):
        lines = []
        if idx == 0:
            lines += [f"[{st_pylog(t0)}] [INFO] [runner.py:463:main] Using IP address of 10.8.0.2 for node mlp-n02",
                      f"[{st_pylog(t0)}] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: "
                      f"mlp-n02,mlp-n05,mlp-n06",
                      f"[{st_pylog(plus(t0, 0.1))}] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w "
                      f"mlp-n02,mlp-n05,mlp-n06 export NCCL_IB_HCA=mlx5; cd /home/u/rlhf; /usr/bin/python -u -m "
                      f"deepspeed.launcher.launch --world_info=eyJtbHAtbjAyIjog... --node_rank=%n --master_addr=10.8.0.2 "
                      f"--master_port=29500 train_ppo.py --deepspeed ds_z3.json"]
        tt = plus(t0, 3.0 + idx * 0.2)
        lines += [f"{host}: [{st_pylog(tt)}] [INFO] [launch.py:146:main] WORLD INFO DICT: {{'mlp-n02': [0, 1, 2, 3, "
                  f"4, 5, 6, 7], 'mlp-n05': [0, 1, 2, 3, 4, 5, 6, 7], 'mlp-n06': [0, 1, 2, 3, 4, 5, 6, 7]}}",
                  f"{host}: [{st_pylog(tt)}] [INFO] [launch.py:152:main] nnodes=3, num_local_procs=8, node_rank={idx}",
                  f"{host}: [{st_pylog(tt)}] [INFO] [launch.py:164:main] dist_world_size=24"]
        terr = plus(t0, 41.0 + idx * 0.3)
        for lr in range(8):
            r = idx * 8 + lr
            if lr in (0, 1, 6) or idx == 0:
                lines += [f"{host}: [rank{r}]: Traceback (most recent call last):",
                          f"{host}: [rank{r}]:   File \"/home/u/rlhf/train_ppo.py\", line 301, in <module>",
                          f"{host}: [rank{r}]:     actor_engine, *_ = deepspeed.initialize(model=actor, config=ds_config)",
                          f"{host}: [rank{r}]:   File \"/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/"
                          f"config.py\", line 948, in _batch_assertion",
                          f"{host}: [rank{r}]:     assert train_batch == micro_batch * grad_acc * self.world_size, (",
                          f"{host}: [rank{r}]: AssertionError: Check batch related parameters. train_batch_size is not "
                          f"equal to micro_batch_per_gpu * gradient_acc_step * world_size 256 != 2 * 4 * 24"]
        lines.append(f"{host}: [{st_pylog(plus(terr, 1.0))}] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', "
                     f"'-u', 'train_ppo.py', '--local_rank=0', '--deepspeed', 'ds_z3.json'] exits with "
                     f"return code = 1")
        lines.append(f"pdsh@mlp-n02: {host}: ssh exited with exit code 1")
        b.add(f"{host}/deepspeed_{host}.log", lines)
    b.add("mlp-n02/ds_z3.json", ['{', '  "train_batch_size": 256,', '  "train_micro_batch_size_per_gpu": 2,',
                                 '  "gradient_accumulation_steps": 4,', '  "bf16": {"enabled": true},',
                                 '  "zero_optimization": {"stage": 3, "overlap_comm": true}', '}'])
    b.add("mlp-n02/sbatch-history.txt", ["1180220  ppo-7b  nodes=4  mlp-n[02-05]   COMPLETED  (dist_world_size=32)",
                                         "1180377  ppo-7b  nodes=3  mlp-n[02,05-06] FAILED     exit 1 after 00:00:45"])
    b.set_label("user_code", "script", None, None, "stop",
                "Every rank on all three nodes fails DeepSpeed's batch check (256 != 2 * 4 * 24) at initialisation: "
                "the config still hard-codes a global batch of 256 that only fits the previous 4-node world size of 32.",
                "https://github.com/OpenRLHF/OpenRLHF/issues/346")
    b.summary = "config assertion after changing node count; identical on all nodes; DeepSpeed/pdsh format"
    return b


# ==========================================================================
# d13: host OOM killer takes rank 0 while it gathers a full state dict
# ==========================================================================

def d13():
    b = Bundle("d13_killed_while_saving_checkpoint")
    rng = b.rng
    nodes = ["gpu-q-001", "gpu-q-002", "gpu-q-003"]
    jobid = 77123
    t0 = T("2024-09-11 07:00:00.000000")
    tsave = T("2024-09-11 09:41:07.000000")
    toom = plus(tsave, 148.3)
    rank0_pid = None
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=3, nproc=8, endpoint="gpu-q-001:29500",
                                          run_id="yi-34b-sft", node_idx=idx)
        if idx == 0:
            rank0_pid = pids[0]
            t = plus(tsave, -120)
            for k in range(5):
                t = plus(t, 23.0)
                lines.append(f"[rank0]:{{'loss': {0.912 - 0.002 * k:.4f}, 'grad_norm': {0.5 + 0.01 * k:.3f}, "
                             f"'learning_rate': 1.8e-05, 'epoch': {0.49 + 0.001 * k:.3f}}}")
            lines.append(f"[rank0]:{st_pylog(tsave)} - INFO - transformers.trainer - Saving model checkpoint to "
                         f"/ckpt/yi34b-sft/checkpoint-1000")
            lines.append(f"[rank0]:{st_pylog(plus(tsave, 0.2))} - INFO - accelerate.utils.fsdp_utils - Saving model to "
                         f"/ckpt/yi34b-sft/checkpoint-1000/pytorch_model_fsdp.bin (FULL_STATE_DICT, offload_to_cpu=True, "
                         f"rank0_only=True)")
            lines.append(f"{st_glog(plus(toom, 0.8), 'W')} {apid} torch/distributed/elastic/multiprocessing/api.py:897] "
                         f"Sending process {pids[1]} closing signal SIGTERM")
            lines.append(f"{st_glog(plus(toom, 1.6), 'E')} {apid} torch/distributed/elastic/multiprocessing/api.py:869] "
                         f"failed (exitcode: -9) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python3")
            lines += child_failed("train_sft.py", host, plus(toom, 1.6),
                                  [{"rank": 0, "local_rank": 0, "exitcode": -9, "pid": pids[0]}])
            lines.append(f"slurmstepd: error: Detected 1 oom_kill event in StepId={jobid}.0. Some of your processes may "
                         f"have been killed by the cgroup out-of-memory handler.")
        else:
            lr = rng.randint(0, 7)
            tt = plus(tsave, 600.4 + rng.uniform(0, 1))
            lines += watchdog_timeout(idx * 8 + lr, tt, seq=24122, op="_ALLGATHER_BASE", numel=121634816,
                                      timeout_ms=600000)
            lines.append(f"slurmstepd: error: *** STEP {jobid}.0 ON {host} CANCELLED AT {plus(tt, 2):%Y-%m-%dT%H:%M:%S} ***")
        b.add(f"{host}/torchrun.{host}.txt", lines)
    dm = kernel_noise_dmesg_T(plus(t0, -4000), "gpu-q-001", rng, n=2)
    dm += [f"{st_dmesg_T(toom)} python3 invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), "
           f"order=0, oom_score_adj=0",
           f"{st_dmesg_T(toom)} memory: usage 1048576000kB, limit 1048576000kB, failcnt 1402",
           f"{st_dmesg_T(toom)} Memory cgroup stats for /slurm/uid_41022/job_{jobid}:",
           f"{st_dmesg_T(toom)} oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,"
           f"oom_memcg=/slurm/uid_41022/job_{jobid},task_memcg=/slurm/uid_41022/job_{jobid}/step_0/task_0,task=python3,"
           f"pid={rank0_pid},uid=41022",
           f"{st_dmesg_T(toom)} Memory cgroup out of memory: Killed process {rank0_pid} (python3) total-vm:412339812kB, "
           f"anon-rss:391122008kB, file-rss:210552kB, shmem-rss:4194304kB, UID:41022 pgtables:771424kB oom_score_adj:0"]
    b.add("gpu-q-001/dmesg_T.txt", dm)
    for host in nodes[1:]:
        b.add(f"{host}/dmesg_T.txt", kernel_noise_dmesg_T(plus(t0, -4000), host, rng, n=3))
    b.add("gpu-q-001/free-m.txt", ["               total        used        free      shared  buff/cache   available",
                                   "Mem:         1031802       41210      982110         512        8481      984012",
                                   "Swap:              0           0           0",
                                   f"# job {jobid} cgroup memory.max = 1000 GiB (--mem=1000G)"])
    b.set_label("oom", "framework", None, None, "stop",
                "Rank 0 was killed by the cgroup OOM killer (exit -9, 'Memory cgroup out of memory' in gpu-q-001's "
                "dmesg) while gathering a FULL_STATE_DICT of a 34B model into host RAM at the first checkpoint; the "
                "other ranks then timed out. The save configuration, not the node, is at fault.",
                "https://github.com/PKU-YuanGroup/Open-Sora-Plan/issues/512")
    b.summary = "host/cgroup OOM kill of rank 0 during full-state-dict save; peers time out"
    return b


# ==========================================================================
# d23: every local rank maps the resume checkpoint onto GPU 0
# ==========================================================================

def d23():
    b = Bundle("d23_out_of_memory_when_resuming")
    rng = b.rng
    nodes = ["sky-h100-1", "sky-h100-2", "sky-h100-3", "sky-h100-4"]
    t0 = T("2025-02-27 12:30:00.000000")
    tload = plus(t0, 74.0)
    for idx, host in enumerate(nodes):
        apid, pids, lines = torchrun_head(host, t0, rng=rng, nnodes=4, nproc=8, endpoint="sky-h100-1:29500",
                                          run_id="vit-g-resume", node_idx=idx)
        r = idx * 8
        others = [f"Process {pids[j]} has 9.76 GiB memory in use." for j in range(1, 8)]
        lines += _pfx(r, [
            f"{st_pylog(plus(tload, -3))} INFO resume.py:31 resuming from /ckpt/vitg/step_120000/state.pt",
            "Traceback (most recent call last):",
            "  File \"/code/vitg/train.py\", line 402, in <module>",
            "    start_step = resume(args.resume, model, optimizer, scaler)",
            "  File \"/code/vitg/resume.py\", line 33, in resume",
            "    state = torch.load(path)",
            "  File \"/usr/local/lib/python3.11/site-packages/torch/serialization.py\", line 1097, in load",
            "    return _load(",
            "  File \"/usr/local/lib/python3.11/site-packages/torch/_utils.py\", line 88, in _cuda",
            "    untyped_storage = torch.UntypedStorage(self.size(), device=torch.device(\"cuda\"))",
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of "
            "79.10 GiB of which 1.02 GiB is free. " + " ".join(others) + " Including non-PyTorch memory, this process "
            "has 9.68 GiB memory in use. Of the allocated memory 8.91 GiB is allocated by PyTorch, and 212.40 MiB is "
            "reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
            "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
            "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"])
        lines += torchrun_tail(host, plus(tload, 1.0 + 0.1 * idx), agent_pid=apid, pids=pids, node_idx=idx, nproc=8,
                               script="train.py", failed=[0], exitcode=1)
        b.add(f"{host}/rank_logs.txt", lines)
        if idx == 2:
            rows = [(H100_BUS[0], 44, "P0", 151, 79110, 0, "0")] + [(H100_BUS[i], 35, "P0", 118, 2048, 0, "0")
                                                                    for i in range(1, 8)]
            procs = [(0, pids[j], "/usr/bin/python3", "9996" if j else "9912") for j in range(8)] + \
                    [(j, pids[j], "/usr/bin/python3", "2040") for j in range(1, 8)]
            b.add(f"{host}/nvidia-smi-during-load.txt", nvsmi_table(plus(tload, -1), rows, procs=procs))
    b.set_label("oom", "framework", None, None, "stop",
                "On every node local rank 0 runs out of GPU memory inside torch.load of the resume checkpoint, and the "
                "OOM report lists seven other processes holding ~9.8 GiB each on GPU 0: the resume code calls "
                "torch.load without map_location, so all local ranks materialise the checkpoint on cuda:0.",
                "https://github.com/pytorch/examples/issues/1078")
    b.summary = "CUDA OOM on GPU 0 of every node at resume; OOM text lists 7 foreign PIDs (own ranks)"
    return b


CASES = (d01, d26, d05, d17, d31, d10, d20, d29, d13, d23)
