"""Megatron-LM / NeMo cases: az04, az05, az06, az07, az22, az23, az30."""
from __future__ import annotations

from kit import (pbar, pidseq, PCI_H100, PY, Bundle, T, add, c10d, dmesg_T, dmesg_raw, elastic_failure, glog, gpus_healthy,
                 journal, nccl, nccl_remote_error, rng_for, sig_tb, smi_table, syslog, traceback, watchdog_timeout,
                 xid)

MLM = "/workspace/Megatron-LM"


def mlm_args_banner(world, tp, pp, extra=()):
    dp = world // (tp * pp)
    L = [f"using world size: {world}, data-parallel size: {dp}, context-parallel size: 1, hierarchical context-parallel sizes: None, "
         f"tensor-model-parallel size: {tp}, encoder-tensor-model-parallel size: 0, pipeline-model-parallel size: {pp}, "
         "encoder-pipeline-model-parallel size: 0",
         "Number of virtual stages per pipeline stage: None",
         "using torch.bfloat16 for parameters ...",
         "------------------------ arguments ------------------------"]
    L += list(extra)
    L += ["-------------------- end of arguments ---------------------",
          "setting number of microbatches to constant 64",
          "> building GPT2BPETokenizer tokenizer ...",
          " > padded vocab (size: 50257) with 175 dummy tokens (new size: 50432)",
          "> initializing torch distributed ...",
          f"> initialized tensor model parallel with size {tp}",
          f"> initialized pipeline model parallel with size {pp}",
          "> setting random seeds to 1234 ...",
          "> compiling dataset index builder ...",
          "make: Entering directory '/workspace/Megatron-LM/megatron/core/datasets'",
          "make: Nothing to be done for 'default'.",
          "make: Leaving directory '/workspace/Megatron-LM/megatron/core/datasets'",
          ">>> done with dataset index builder. Compilation time: 0.061 seconds",
          "> compiling and loading fused kernels ...",
          ">>> done with compiling and loading fused kernels. Compilation time: 1.902 seconds"]
    return L


def iter_line(dt, it, total, gbs, loss, gn, lr, ms, tflops, scale="1.0", skipped=0, nan=0):
    return (f" [{dt:%Y-%m-%d %H:%M:%S}] iteration {it:>8}/{total:>8} | consumed samples: {it * gbs:>12} | "
            f"elapsed time per iteration (ms): {ms:.1f} | throughput per GPU (TFLOP/s/GPU): {tflops:.1f} | "
            f"learning rate: {lr:.6E} | global batch size: {gbs:>5} | lm loss: {loss:.6E} | loss scale: {scale} | "
            f"grad norm: {gn:.3f} | number of skipped iterations: {skipped:>3} | number of nan iterations: {nan:>3} |")


# =====================================================================================  az04
def az04():
    rng = rng_for(4)
    b = Bundle("az04_megatron_import_error_amp_c_all_nodes")
    hosts = ["sc-gpu-0117", "sc-gpu-0118", "sc-gpu-0121", "sc-gpu-0122"]
    job = 2291840
    t0 = T("2024-07-22 16:05:12")
    out = [f"+ srun --container-image=registry.internal/platform/megatron:24.07-r2 --container-mounts=/lustre:/lustre "
           f"--ntasks-per-node=8 --gpus-per-node=8 python {MLM}/pretrain_gpt.py --tensor-model-parallel-size 4 "
           "--pipeline-model-parallel-size 2 --num-layers 40 --hidden-size 5120 --num-attention-heads 40 "
           "--seq-length 4096 --micro-batch-size 1 --global-batch-size 512 --bf16 --use-distributed-optimizer "
           "--data-path /lustre/datasets/pile_gpt2/pile_text_document --save /lustre/ckpt/gpt13b --load /lustre/ckpt/gpt13b",
           "pyxis: importing docker image: registry.internal/platform/megatron:24.07-r2",
           "pyxis: imported docker image: registry.internal/platform/megatron:24.07-r2"]
    ev = []
    for ni, h in enumerate(hosts):
        for k in range(8):
            r = ni * 8 + k
            te = add(t0, 41 + ni * 0.8 + k * 0.05 + rng.random() * 0.4)
            if r == 0:
                ev.append((add(te, -0.5), f"{r}: [W socket.cpp:464] [c10d] The server socket has failed to bind to [::]:6000 (errno: 98 - Address already in use)."))
                ev.append((add(te, -0.5), f"{r}: [W socket.cpp:464] [c10d] The server socket has failed to bind to 0.0.0.0:6000 (errno: 98 - Address already in use)."))
                ev.append((add(te, -0.4), f"{r}: [W socket.cpp:697] [c10d] The client socket has failed to connect to [sc-gpu-0117]:6000 (errno: 22 - Invalid argument)."))
            ev.append((add(te, -0.2), f"{r}: /usr/local/lib/python3.10/dist-packages/apex/__init__.py:68: DeprecatedFeatureWarning: apex.amp is deprecated and will be removed by the end of February 2023. Use [PyTorch AMP](https://pytorch.org/docs/stable/amp.html)"))
            tb = traceback([
                (f"{MLM}/pretrain_gpt.py", 12, "<module>", "from megatron.training import get_args"),
                (f"{MLM}/megatron/training/__init__.py", 16, "<module>", "from .initialize  import initialize_megatron"),
                (f"{MLM}/megatron/training/initialize.py", 24, "<module>", "from megatron.training import get_adlr_autoresume"),
                (f"{MLM}/megatron/training/utils.py", 12, "<module>", "import amp_C"),
            ], "ModuleNotFoundError: No module named 'amp_C'")
            for i, l in enumerate(tb):
                ev.append((add(te, i * 1e-5), f"{r}: {l}"))
    ev.sort(key=lambda x: x[0])
    out += [l for _, l in ev]
    tend = add(t0, 47)
    out += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Exited with exit code 1" for i, h in enumerate(hosts)]
    out += ["srun: Terminating StepId=2291840.0"]
    b.add(f"slurm-{job}.out", out)
    b.add("container_pip_list.txt", [
        "$ srun -N1 --container-image=registry.internal/platform/megatron:24.07-r2 pip list 2>/dev/null | grep -iE 'torch|apex|transformer|flash|megatron'",
        "apex                     0.9.10.dev0",
        "flash-attn               2.4.2",
        "megatron-core            0.6.0",
        "torch                    2.3.0a0+6ddf5cf85e.nv24.3",
        "transformer-engine       1.4.0+0fbc76a",
        "",
        "$ git -C platform-images log -1 --format='%h %an %s' -- megatron/Dockerfile",
        "9c1e2f7 build-bot rebuild megatron:24.07-r2 (pin deps, drop source builds)",
        "$ grep -n apex platform-images/megatron/Dockerfile",
        "14:RUN pip uninstall -y apex && pip install --no-cache-dir apex",
        "",
        "$ python -c 'import apex, os; print(os.path.dirname(apex.__file__)); print(sorted(os.listdir(os.path.dirname(apex.__file__))))'",
        "/usr/local/lib/python3.10/dist-packages/apex",
        "['__init__.py', '__pycache__', 'amp', 'apex_app.py', 'config.py', 'ext', 'interfaces.py', 'lib', 'view.py']",
    ])
    b.add("sacct.txt", [
        "       JobID    JobName      State ExitCode               Start                 End        NodeList",
        "------------ ---------- ---------- -------- ------------------- ------------------- ---------------",
        f"{job}       gpt13b-pt     FAILED      1:0 2024-07-22T16:04:51 2024-07-22T16:06:00 sc-gpu-[0117-0118,0121-0122]",
        f"{job}.0        python     FAILED      1:0 2024-07-22T16:05:12 2024-07-22T16:05:59 sc-gpu-[0117-0118,0121-0122]",
    ])
    for i, h in enumerate(hosts):
        boot = T("2024-07-19 09:00:12")
        D = [f"{dmesg_T(add(boot, 2))} Linux version 5.15.0-105-generic (buildd@lcy02-amd64-054)",
             f"{dmesg_T(add(boot, 22))} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15"]
        if h == "sc-gpu-0121":
            tx = T("2024-07-22 11:48:09")
            D += [f"{dmesg_T(tx)} NVRM: Xid (PCI:0000:3a:00): 13, pid=1844120, name=python3, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address",
                  f"{dmesg_T(tx)} NVRM: Xid (PCI:0000:3a:00): 13, pid=1844120, name=python3, Graphics SM Global Exception on (GPC 4, TPC 1, SM 0): Multiple Warp Errors",
                  f"{dmesg_T(tx)} NVRM: Xid (PCI:0000:3a:00): 13, pid=1844120, name=python3, Graphics Exception: ESR 0x524648=0x1000e 0x524650=0x0 0x524644=0xd3eff2 0x52464c=0x17f"]
        D.append(f"{dmesg_T(add(t0, -20))} enroot-mount[{rng.randint(10000, 20000)}]: mounting /lustre on container rootfs")
        b.add(f"{h}/dmesg.txt", D)
        b.add(f"{h}/slurmd.log", [f"[{add(t0, -21):%Y-%m-%dT%H:%M:%S}.{rng.randint(100, 999)}] [{job}.0] task/affinity: _task_layout_lllp_cyclic: _task_layout_lllp_cyclic ",
                                  f"[{add(t0, 48):%Y-%m-%dT%H:%M:%S}.{rng.randint(100, 999)}] [{job}.0] done with step"])
    b.add("sc-gpu-0121/sacct_prev_jobs_on_node.txt", [
        "       JobID       User    JobName      State ExitCode               Start                 End",
        "2291377         aokafor   cuda-dbg     FAILED    134:0 2024-07-22T11:31:40 2024-07-22T11:48:10",
    ])
    b.label("dependency", "framework", None, None, "stop",
            "All 32 ranks on all four nodes die at import with ModuleNotFoundError: amp_C. The platform's rebuilt "
            "image replaced NVIDIA apex with the unrelated PyPI 'apex' package (pip install apex), so Megatron's "
            "fused-kernel import fails everywhere. The Xid 13 on sc-gpu-0121 is from another user's earlier debug job.",
            "https://github.com/NVIDIA/apex/issues/866")
    return b


# =====================================================================================  az05
def az05():
    rng = rng_for(5)
    b = Bundle("az05_resume_aborts_with_parallel_size_mismatch")
    hosts = ["gpu-h100-0331", "gpu-h100-0332", "gpu-h100-0333", "gpu-h100-0334"]
    t0 = T("2024-12-09 07:44:02.000")
    extra = ["  load ............................................ /lustre/fsw/llm/ckpt/gpt-22b-run3",
             "  tensor_model_parallel_size ...................... 8",
             "  pipeline_model_parallel_size .................... 2",
             "  ckpt_format ..................................... torch",
             "  use_checkpoint_args ............................. False",
             "  no_load_optim ................................... None",
             "  finetune ........................................ False"]
    for ni, h in enumerate(hosts):
        L = [glog("W", add(t0, ni * 0.2), 41880, "torch/distributed/run.py:793", "*****************************************")]
        if ni == 0:
            L += mlm_args_banner(32, 8, 2, extra)
            L += ["> building GPT model ...",
                  " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1412431872",
                  "INFO:megatron.core.distributed.distributed_data_parallel:Setting up DistributedDataParallel with config DistributedDataParallelConfig(grad_reduce_in_fp32=True, overlap_grad_reduce=True, overlap_param_gather=True, align_param_gather=False, use_distributed_optimizer=True, num_distributed_optimizer_instances=1, check_for_nan_in_grad=False, bucket_size=40000000, average_in_collective=False, fp8_param_gather=False)",
                  f" loading checkpoint from /lustre/fsw/llm/ckpt/gpt-22b-run3 at iteration 96000"]
        te = add(t0, 71)
        for k in range(8):
            r = ni * 8 + k
            tb = traceback([
                (f"{MLM}/pretrain_gpt.py", 279, "<module>", "pretrain("),
                (f"{MLM}/megatron/training/training.py", 288, "pretrain", "model, optimizer, opt_param_scheduler = setup_model_and_optimizer("),
                (f"{MLM}/megatron/training/training.py", 646, "setup_model_and_optimizer", "args.iteration, args.num_floating_point_operations_so_far = load_checkpoint("),
                (f"{MLM}/megatron/training/checkpointing.py", 1088, "load_checkpoint", "check_checkpoint_args(checkpoint_args)"),
                (f"{MLM}/megatron/training/checkpointing.py", 108, "check_checkpoint_args", "_compare('tensor_model_parallel_size')"),
                (f"{MLM}/megatron/training/checkpointing.py", 97, "_compare", "assert checkpoint_value == args_value, error_message"),
            ], "AssertionError: tensor_model_parallel_size value from checkpoint (4) is not equal to the input argument value (8).",
                prefix=f"[rank{r}]: ")
            L += tb
        for k in range(0, 8, 3):
            r = ni * 8 + k
            L.append(c10d(r, "W", add(te, 0.8), "ProcessGroupNCCL.cpp:1250",
                          "Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())", rng))
        pids = pidseq(rng, 100000, 200000)
        L += elastic_failure(add(te, 2), h, "pretrain_gpt.py",
                             [dict(rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k], time=add(te, 2)) for k in range(8)],
                             tid=41880)
        b.add(f"{h}/torchrun_{h}.log", L)
    b.add("ckpt_listing.txt", [
        "$ cat /lustre/fsw/llm/ckpt/gpt-22b-run3/latest_checkpointed_iteration.txt",
        "96000",
        "$ ls /lustre/fsw/llm/ckpt/gpt-22b-run3/iter_0096000",
        "mp_rank_00_000  mp_rank_00_001  mp_rank_01_000  mp_rank_01_001  mp_rank_02_000  mp_rank_02_001  mp_rank_03_000  mp_rank_03_001",
    ])
    b.add("launch_diff.txt", [
        "$ git -C ~/jobs diff HEAD~1 -- run_gpt22b.sbatch",
        "-    --tensor-model-parallel-size 4 \\",
        "-    --pipeline-model-parallel-size 2 \\",
        "+    --tensor-model-parallel-size 8 \\",
        "+    --pipeline-model-parallel-size 2 \\",
        "-#SBATCH --nodes=2",
        "+#SBATCH --nodes=4",
    ])
    b.label("user_code", "script", None, None, "stop",
            "All 32 ranks fail the same Megatron checkpoint-argument check while loading iteration 96000: the run "
            "was relaunched with --tensor-model-parallel-size 8 but the legacy-format checkpoint was saved with TP=4 "
            "(mp_rank_00..03). A configuration error, deterministic on every rank.",
            "https://github.com/NVIDIA/Megatron-LM/issues/296")
    return b


# =====================================================================================  az06
def az06():
    rng = rng_for(6)
    b = Bundle("az06_rerun_machine_flags_nan_on_one_gpu")
    hosts = ["nvl-h100-011", "nvl-h100-012", "nvl-h100-013", "nvl-h100-014"]
    bad, bad_gpu = "nvl-h100-013", 5
    bad_rank = 2 * 8 + bad_gpu
    t0 = T("2024-11-01 18:02:00")
    it_nan = 18342
    total = 250000
    t_nan = T("2024-11-02 07:18:44")
    for ni, h in enumerate(hosts):
        L = []
        pids = pidseq(rng, 400000, 500000)
        if ni == 0:
            L += mlm_args_banner(32, 2, 1, ["  rerun_mode ...................................... validate_results",
                                            "  check_for_nan_in_loss_and_grad .................. True",
                                            "  save_interval ................................... 1000"])
            L += ["[WARNING  | megatron.core.rerun_state_machine]: RerunStateMachine initialized in mode RerunMode.VALIDATE_RESULTS",
                  " loading checkpoint from /lustre/ckpt/llm-8b-moe at iteration 17000",
                  " successfully loaded checkpoint from /lustre/ckpt/llm-8b-moe [ t 1/2, p 1/1 ] at iteration 17000",
                  "[WARNING  | megatron.core.rerun_state_machine]: Result validation enabled"]
            ti = add(t_nan, -(it_nan - 17000) * 35.2)
            for it in range(17001, it_nan):
                ti = add(ti, 35.2 + rng.uniform(-0.3, 0.3))
                if it % 10 == 0:
                    L.append(iter_line(ti, it, total, 1024, 1.92 - 0.02 * (it - 17000) / 1342 + rng.uniform(-0.02, 0.02),
                                       rng.uniform(0.18, 0.26), 2.4e-4, 35200 + rng.uniform(-300, 300), 412 + rng.uniform(-3, 3)))
                if it % 1000 == 0:
                    L.append(f"saving checkpoint at iteration {it:>7} to /lustre/ckpt/llm-8b-moe in torch_dist format")
                    L.append(f"  successfully saved checkpoint from iteration {it:>7} to /lustre/ckpt/llm-8b-moe [ t 1/2, p 1/1 ]")
            L.append("[WARNING  | megatron.core.rerun_state_machine]: Need to rerun step to check reproducibility of initial result")
            L.append("[WARNING  | megatron.core.rerun_state_machine]: Exiting now. A checkpoint at the last iteration is being saved if further examination is needed")
            L.append(f"saving checkpoint at iteration {it_nan:>7} to /lustre/ckpt/llm-8b-moe in torch_dist format")
            L.append(f"  successfully saved checkpoint from iteration {it_nan:>7} to /lustre/ckpt/llm-8b-moe [ t 1/2, p 1/1 ]")
        if h == bad:
            L += [f"[rank{bad_rank}]:[ERROR    | megatron.core.rerun_state_machine]: Unexpected result nan on rank {bad_rank} at iteration #{it_nan} invocation #1 "
                  "(message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')",
                  f"[rank{bad_rank}]:[ERROR    | megatron.core.rerun_state_machine]: Rank {bad_rank}, node {bad}, device {bad_gpu}, iteration #{it_nan}: "
                  "First rerun: unexpected result is not reproducible within the tolerance (14.84375 != nan)!",
                  f"[rank{bad_rank}]:[ERROR    | megatron.core.rerun_state_machine]: Rank {bad_rank}, node {bad}, device {bad_gpu}, iteration #{it_nan}: Possible transient error!!"]
        tx = add(t_nan, 96)
        L += elastic_failure(tx, h, "pretrain_gpt.py",
                             [dict(rank=ni * 8 + k, local_rank=k, exitcode=17, pid=pids[k], time=tx) for k in range(8)],
                             tid=400100 + ni)
        b.add(f"{h}/megatron_{h}.log", L)
        if h == bad:
            lt = add(t_nan, -7 * 3600)  # node's local clock shown by dmesg -T is PDT
            pci = PCI_H100[bad_gpu]
            D = [f"{dmesg_T(T('2024-10-28 02:11:40'))} Linux version 5.15.0-1061-nvidia (buildd@lcy02-amd64-081)",
                 f"{dmesg_T(T('2024-10-28 02:12:03'))} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.12",
                 f"{dmesg_T(add(lt, -3.1))} " + xid(pci, 48, pids[bad_gpu], "python3", "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1."),
                 f"{dmesg_T(add(lt, -3.1))} " + xid(pci, 63, pids[bad_gpu], "python3", "Row Remapper: New row (0x00000000016c2a10) marked for remapping, reset gpu to activate."),
                 f"{dmesg_T(add(lt, 101))} systemd-journald[812]: /dev/kmsg buffer overrun, some messages lost."]
            b.add(f"{h}/dmesg_T.txt", D)
            b.add(f"{h}/timedatectl.txt", ["               Local time: Sat 2024-11-02 00:31:07 PDT",
                                           "           Universal time: Sat 2024-11-02 07:31:07 UTC",
                                           "                 RTC time: Sat 2024-11-02 07:31:07",
                                           "                Time zone: America/Los_Angeles (PDT, -0700)",
                                           "System clock synchronized: yes",
                                           "              NTP service: active",
                                           "          RTC in local TZ: no"])
            b.add(f"{h}/nvidia-smi-q-ecc-gpu5.txt", [
                f"GPU 00000000:{pci.upper()}:00.0",
                "    ECC Mode",
                "        Current                           : Enabled",
                "        Pending                           : Enabled",
                "    ECC Errors",
                "        Volatile",
                "            SRAM Correctable              : 0",
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : 0",
                "            DRAM Correctable              : 3",
                "            DRAM Uncorrectable            : 2",
                "        Aggregate",
                "            SRAM Correctable              : 0",
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : 0",
                "            DRAM Correctable              : 17",
                "            DRAM Uncorrectable            : 2",
                "    Remapped Rows",
                "        Correctable Error                 : 0",
                "        Uncorrectable Error               : 1",
                "        Pending                           : Yes",
                "        Remapping Failure Occurred        : No",
                "        Bank Remap Availability Histogram",
                "            Max                           : 2559 bank(s)",
                "            High                          : 1 bank(s)",
                "            Partial                       : 0 bank(s)",
                "            Low                           : 0 bank(s)",
                "            None                          : 0 bank(s)",
            ])
        else:
            b.add(f"{h}/dmesg_T.txt", [f"{dmesg_T(T('2024-10-28 02:11:40'))} Linux version 5.15.0-1061-nvidia (buildd@lcy02-amd64-081)",
                                       f"{dmesg_T(T('2024-10-28 02:12:03'))} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.12"])
    b.add("slurm_job_summary.txt", [
        "JobId=6120934 JobName=llm8b-moe",
        "   JobState=FAILED Reason=NonZeroExitCode Dependency=(null)",
        "   ExitCode=17:0",
        "   RunTime=13:17:42 TimeLimit=2-00:00:00",
        "   NodeList=nvl-h100-[011-014]",
    ])
    b.label("gpu_memory", "infrastructure", bad, bad_rank, "restart_without_node",
            "Megatron's rerun state machine flagged NaN grad norm only on rank 21 (nvl-h100-013, device 5), and the "
            "in-place rerun on the same GPU did not reproduce it (transient). That node's dmesg (PDT clock) has Xid 48 "
            "DBE plus Xid 63 on PCI ab (GPU 5) three seconds earlier, and nvidia-smi shows 2 volatile DRAM uncorrectable errors.",
            "https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/core/rerun_state_machine.py")
    return b


# =====================================================================================  az07
def az07():
    rng = rng_for(7)
    b = Bundle("az07_nan_grad_norm_same_iteration_every_attempt")
    it_ckpt, it_nan, total = 42000, 42117, 300000
    attempts = {
        1: (["h100-r07-n01", "h100-r07-n02", "h100-r07-n03", "h100-r07-n04"], T("2025-01-20 02:10:00"), "validate_results"),
        2: (["h100-r09-n05", "h100-r07-n01", "h100-r07-n02", "h100-r09-n06"], T("2025-01-20 04:02:00"), "validate_results"),
        3: (["h100-r11-n01", "h100-r11-n02", "h100-r11-n03", "h100-r11-n04"], T("2025-01-20 09:40:00"), "disabled"),
    }
    bad_rank = 9
    for a, (hosts, ts, mode) in attempts.items():
        node_of = hosts[bad_rank // 8]
        dev = bad_rank % 8
        tnan = add(ts, 260 + (it_nan - it_ckpt) * 12.1)
        for ni, h in enumerate(hosts):
            pids = pidseq(rng, 100000, 300000)
            L = []
            if ni == 0:
                L += mlm_args_banner(32, 2, 1, [f"  rerun_mode ...................................... {mode}",
                                                "  lr .............................................. 0.0006",
                                                "  min_lr .......................................... 6e-05",
                                                "  override_opt_param_scheduler .................... True",
                                                "  clip_grad ....................................... 1.0"] +
                                     (["  ckpt_step ....................................... 42000"] if a == 3 else []))
                L += [f"[WARNING  | megatron.core.rerun_state_machine]: RerunStateMachine initialized in mode RerunMode.{mode.upper()}",
                      f" loading checkpoint from /lustre/ckpt/llm-3b-code at iteration {it_nan if a == 2 else it_ckpt}",
                      f" successfully loaded checkpoint from /lustre/ckpt/llm-3b-code [ t 1/2, p 1/1 ] at iteration {it_nan if a == 2 else it_ckpt}"]
                if a == 2:
                    L.append("[WARNING  | megatron.core.rerun_state_machine]: Result validation enabled")
                ti = add(ts, 260)
                start = it_ckpt + 1 if a != 2 else it_nan
                for it in range(start, it_nan):
                    ti = add(ti, 12.1 + rng.uniform(-0.1, 0.1))
                    k = it - 42090
                    if k < 0:
                        loss, gn = 1.41 + rng.uniform(-0.02, 0.02), rng.uniform(0.2, 0.35)
                    else:
                        loss, gn = 1.45 + 0.13 * k + rng.uniform(-0.05, 0.05), 0.4 * (1.28 ** k)
                    if it % 5 == 0 or it > 42100:
                        L.append(iter_line(ti, it, total, 512, loss, gn, 6.0e-4, 12100 + rng.uniform(-90, 90), 398 + rng.uniform(-3, 3)))
                if a == 1:
                    L.append("[WARNING  | megatron.core.rerun_state_machine]: Result validation enabled")
                    L.append("[WARNING  | megatron.core.rerun_state_machine]: Need to rerun step to check reproducibility of initial result")
                    L.append("[WARNING  | megatron.core.rerun_state_machine]: Saving a checkpoint and exiting now. Please resume the job from the checkpoint to rerun the last iteration and establish a diagnostic")
                    L.append(f"saving checkpoint at iteration {it_nan:>7} to /lustre/ckpt/llm-3b-code in torch_dist format")
                    L.append(f"  successfully saved checkpoint from iteration {it_nan:>7} to /lustre/ckpt/llm-3b-code [ t 1/2, p 1/1 ]")
                if a == 2:
                    L.append("[WARNING  | megatron.core.rerun_state_machine]: Exiting now. A checkpoint at the last iteration already exists if further examination is needed")
            if h == node_of:
                p = f"[rank{bad_rank}]:"
                msg = "found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective"
                if a == 1:
                    L += [f"{p}[ERROR    | megatron.core.rerun_state_machine]: Unexpected result nan on rank {bad_rank} at iteration #{it_nan} invocation #1 (message='{msg}')",
                          f"{p}[ERROR    | megatron.core.rerun_state_machine]: Rank {bad_rank}, node {h}, device {dev}, iteration #{it_nan}: First rerun: unexpected result is reproducible within the tolerance (nan = nan). Need to rerun on a different GPU to verify correctness.!"]
                elif a == 2:
                    L += [f"{p}[WARNING  | megatron.core.rerun_state_machine]: Second rerun: unexpected result is reproducible on a different GPU, therefore it was likely correct (nan = nan)",
                          f"{p}[ERROR    | megatron.core.rerun_state_machine]: Rank {bad_rank}, node {h}, device {dev}, iteration #{it_nan}: Correct result (but possible Application error) ({msg})!"]
                else:
                    L += traceback([
                        (f"{MLM}/pretrain_gpt.py", 279, "<module>", "pretrain("),
                        (f"{MLM}/megatron/training/training.py", 388, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                        (f"{MLM}/megatron/training/training.py", 1397, "train", "train_step(forward_step_func,"),
                        (f"{MLM}/megatron/training/training.py", 752, "train_step", "losses_reduced = forward_backward_func("),
                        (f"{MLM}/megatron/core/pipeline_parallel/schedules.py", 494, "forward_backward_no_pipelining", "config.finalize_model_grads_func("),
                        (f"{MLM}/megatron/core/distributed/finalize_model_grads.py", 232, "finalize_model_grads", "model_chunk.finish_grad_sync()"),
                        (f"{MLM}/megatron/core/distributed/distributed_data_parallel.py", 438, "finish_grad_sync", "bucket_group.finish_grad_sync()"),
                        (f"{MLM}/megatron/core/distributed/param_and_grad_buffer.py", 329, "finish_grad_sync", "self.start_grad_sync()"),
                        (f"{MLM}/megatron/core/distributed/param_and_grad_buffer.py", 249, "start_grad_sync", "self.check_for_nan_in_grad()"),
                        (f"{MLM}/megatron/core/distributed/param_and_grad_buffer.py", 207, "check_for_nan_in_grad", "rerun_state_machine.validate_result("),
                        (f"{MLM}/megatron/core/rerun_state_machine.py", 443, "validate_result", "raise RuntimeError(full_message)"),
                    ], f"RuntimeError: Rank {bad_rank}, node {h}, device {dev}, iteration {it_nan}: Unexpected result nan (message='{msg}')", prefix=p)
            tx = add(tnan, 40 if a < 3 else 4)
            if a < 3:
                code = 16 if a == 1 else 17
                L += elastic_failure(tx, h, "pretrain_gpt.py",
                                     [dict(rank=ni * 8 + k, local_rank=k, exitcode=code, pid=pids[k], time=tx) for k in range(8)],
                                     tid=777000 + ni)
            else:
                if h == node_of:
                    fl = [dict(rank=bad_rank, local_rank=dev, exitcode=1, pid=pids[dev], time=tx)]
                    L += elastic_failure(tx, h, "pretrain_gpt.py", fl, tid=777000 + ni,
                                         sigterm_pids=[pids[k] for k in range(8) if k != dev])
                else:
                    for k in range(8):
                        r = ni * 8 + k
                        L += watchdog_timeout(r, add(tx, 600 + rng.random()), 1183422, "ALLREDUCE", 1, 600031 + rng.randint(0, 90), rng,
                                              frames=(k == 0))
                    tx2 = add(tx, 603)
                    L += elastic_failure(tx2, h, "pretrain_gpt.py",
                                         [dict(rank=ni * 8 + k, local_rank=k, exitcode=-6, pid=pids[k], tb=sig_tb(6, pids[k]), time=tx2)
                                          for k in range(8)], tid=777000 + ni)
            b.add(f"attempt_{a}/{h}/megatron.log", L)
        b.add(f"attempt_{a}/sacct.txt", [
            "       JobID    JobName      State ExitCode               Start                 End        NodeList",
            f"7003301_{a}  llm3b-code    FAILED    {16 if a == 1 else (17 if a == 2 else 1)}:0 {ts:%Y-%m-%dT%H:%M:%S} {add(tnan, 45):%Y-%m-%dT%H:%M:%S} {','.join(hosts)}"])
    b.add("operator_notes.txt", [
        "2025-01-20 04:00 requeued after exit 16 (rerun state machine asked for a resume); excluded nothing",
        "2025-01-20 09:38 attempt 3 on a fresh reservation (r11), rerun mode off to get past it quickly",
    ])
    b.label("numerical", "script", None, None, "stop",
            "The same iteration (42117) produces NaN in the local grad norm on every attempt, on three different sets "
            "of nodes. The rerun state machine reproduced it in place and then on a different GPU ('likely correct, "
            "possible application error'), and loss/grad norm climb for ~25 iterations before it at lr 6e-4. The recipe "
            "or data diverges; it is not a hardware fault.",
            "https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/core/rerun_state_machine.py")
    return b


# =====================================================================================  az22
def az22():
    rng = rng_for(22)
    b = Bundle("az22_nemo_one_rank_cuda_ecc_error")
    hosts = ["hgx-h100-041", "hgx-h100-042", "hgx-h100-043", "hgx-h100-044"]
    bad, bad_gpu = "hgx-h100-042", 5
    bad_rank = 1 * 8 + bad_gpu
    job = 551903
    t0 = T("2024-08-01 02:00:14")
    tf = T("2024-08-01 10:22:33.418")
    out = [f"+ srun -l --ntasks-per-node=8 --container-image=nvcr.io/nvidia/nemo:24.05 python /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py --config-path=/lustre/cfg --config-name=llama2_13b"]
    ev = []
    tn = add(t0, 60)
    for l in ["[NeMo I 2024-08-01 02:01:14 nemo_logging:381] Rank 0 has data parallel group : [0, 4, 8, 12, 16, 20, 24, 28]",
              "[NeMo I 2024-08-01 02:01:14 nemo_logging:381] All data parallel group ranks with context parallel combined: [[0, 4, 8, 12, 16, 20, 24, 28], [1, 5, 9, 13, 17, 21, 25, 29], [2, 6, 10, 14, 18, 22, 26, 30], [3, 7, 11, 15, 19, 23, 27, 31]]",
              "[NeMo I 2024-08-01 02:01:14 nemo_logging:381] Rank 0 has model parallel group: [0, 1, 2, 3]",
              "[NeMo I 2024-08-01 02:01:15 nemo_logging:381] Pipeline model parallel rank: 0, Tensor model parallel rank: 0, Number of model parallel nodes: 1, Data parallel size: 8",
              "GPU available: True (cuda), used: True",
              "TPU available: False, using: 0 TPU cores",
              "HPU available: False, using: 0 HPUs",
              "[NeMo I 2024-08-01 02:03:44 exp_manager:396] Resuming training from checkpoint: /lustre/results/llama2_13b/checkpoints/megatron_llama--val_loss=2.01-step=4000-consumed_samples=2048000.0-last.ckpt",
              "[NeMo W 2024-08-01 02:03:45 nemo_logging:393] The number of training samples is larger than the number of samples in the validation set."]:
        ev.append((tn, f"0: {l}"))
    st = T("2024-08-01 02:05:10")
    for step in range(4001, 5121):
        st = add(st, 26.9 + rng.uniform(-0.3, 0.3))
        if step % 10 == 0:
            ev.append((st, "0: " + pbar("Epoch 0: ", step - 4000, 96000, 26.9, f"reduced_train_loss={2.05 - 0.05 * (step - 4000) / 1120 + rng.uniform(-0.02, 0.02):.3f}, global_step={step - 1}.0, consumed_samples={step * 512}.0, train_step_timing in s={26.9 + rng.uniform(-0.3, 0.3):.2f}")))
    # failing rank
    p = f"{bad_rank}: "
    tb = traceback([
        ("/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", 39, "main", "trainer.fit(model)"),
        (f"{PY}/lightning/pytorch/trainer/trainer.py", 543, "fit", "call._call_and_handle_interrupt("),
        (f"{PY}/lightning/pytorch/trainer/call.py", 43, "_call_and_handle_interrupt", "return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)"),
        (f"{PY}/lightning/pytorch/loops/fit_loop.py", 205, "run", "self.advance()"),
        (f"{PY}/lightning/pytorch/loops/training_epoch_loop.py", 250, "advance", "batch_output = self.automatic_optimization.run(trainer.optimizers[0], batch_idx, kwargs)"),
        ("/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py", 793, "training_step", "loss_mean = self.fwd_bwd_step(dataloader_iter, False)"),
        ("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 1396, "forward_backward_pipelining_without_interleaving", "input_tensor_grad = backward_step("),
        ("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 378, "backward_step", "torch.autograd.backward(output_tensor[0], grad_tensors=output_tensor_grad[0])"),
        (f"{PY}/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
    ], "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
       "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n", prefix=p)
    for i, l in enumerate(tb):
        ev.append((add(tf, i * 1e-5), l))
    # sympathetic
    for ni, h in enumerate(hosts):
        for k in range(8):
            r = ni * 8 + k
            if r == bad_rank:
                continue
            te = add(tf, 1.2 + rng.random() * 4)
            if ni == 1:
                last = "[Service thread] Connection closed by localRank 5"
            else:
                last = f"NET/IB : Got completion from peer 10.7.3.42<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.7.3.{41 + ni} remoteGids::ffff:10.7.3.42 hca mlx5_{k}"
            for l in nccl_remote_error(r, te, rng, last, version="2.21.5"):
                ev.append((te, f"{r}: {l}"))
    ev.sort(key=lambda x: x[0])
    out += [l for _, l in ev]
    out += [f"srun: error: {bad}: task {bad_rank}: Exited with exit code 1",
            "srun: launch/slurm: _step_signal: Terminating StepId=551903.0",
            f"slurmstepd: error: *** STEP {job}.0 ON hgx-h100-041 CANCELLED AT 2024-08-01T10:22:41 ***"]
    out += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Aborted (core dumped)" for i, h in enumerate(hosts) if h != bad]
    b.add(f"slurm-{job}.out", out)
    for ni, h in enumerate(hosts):
        S = [syslog(T("2024-07-29 12:03:41"), h, "kernel", "Linux version 5.15.0-1063-nvidia (buildd@lcy02-amd64-019)"),
             syslog(T("2024-07-29 12:04:02"), h, "kernel", "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07")]
        if h == bad:
            pci = PCI_H100[bad_gpu]
            S += [syslog(add(tf, -0.21), h, "kernel", xid(pci, 63, 2284511, "python", "Row Remapper: New row (0x000000000129c3f0) marked for remapping, reset gpu to activate.")),
                  syslog(add(tf, -0.21), h, "kernel", xid(pci, 94, 2284511, "python", "Contained: SM (0x1). RST: No, D-RST: No")),
                  syslog(add(tf, 70), h, "nvidia-persistenced", "device 0000:ab:00.0 - persistence mode enabled.")]
            b.add(f"{h}/nvidia-smi-q-remap.txt", [
                f"GPU 00000000:{pci.upper()}:00.0",
                "    Product Name                          : NVIDIA H100 80GB HBM3",
                "    ECC Errors",
                "        Volatile",
                "            DRAM Correctable              : 0",
                "            DRAM Uncorrectable            : 1",
                "    Remapped Rows",
                "        Correctable Error                 : 0",
                "        Uncorrectable Error               : 1",
                "        Pending                           : Yes",
                "        Remapping Failure Occurred        : No",
                "        Bank Remap Availability Histogram",
                "            Max                           : 2559 bank(s)",
                "            High                          : 1 bank(s)",
                "            Partial                       : 0 bank(s)",
                "            Low                           : 0 bank(s)",
                "            None                          : 0 bank(s)",
            ])
        if h == "hgx-h100-044":
            S.append(syslog(T("2024-08-01 08:03:11"), h, "kernel", "mlx5_core 0000:a3:00.0 ibp163s0: Link down"))
            S.append(syslog(T("2024-08-01 08:03:13"), h, "kernel", "mlx5_core 0000:a3:00.0 ibp163s0: Link up"))
        S.append(syslog(add(tf, 9), h, "slurmd[2190]", f"slurmd: done with job {job}"))
        b.add(f"{h}/messages", S)
    b.label("gpu_memory", "infrastructure", bad, bad_rank, "restart",
            "Rank 13 (hgx-h100-042, GPU 5) raises 'CUDA error: uncorrectable ECC error encountered' first, and that "
            "node's syslog shows Xid 63 and Xid 94 (contained) on PCI ab with a pending row remap and no remap failure. "
            "The other 31 ranks only lose their peer. A contained error with a successful remap is cleared by a GPU reset.",
            "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")
    return b


# =====================================================================================  az23
def az23():
    rng = rng_for(23)
    b = Bundle("az23_nccl_failures_across_three_restarts")
    bad, bad_gpu = "dgx-h100-b12", 2
    pci = PCI_H100[bad_gpu]
    attempts = {
        1: (["dgx-h100-b10", "dgx-h100-b11", "dgx-h100-b12", "dgx-h100-b13"], T("2024-10-14 21:00:00"), 5.3 * 3600),
        2: (["dgx-h100-b12", "dgx-h100-b14", "dgx-h100-b15", "dgx-h100-b16"], T("2024-10-15 03:05:00"), 1.9 * 3600),
        3: (["dgx-h100-b09", "dgx-h100-b12", "dgx-h100-b14", "dgx-h100-b15"], T("2024-10-15 05:40:00"), 240),
    }
    for a, (hosts, ts, run_s) in attempts.items():
        tf = add(ts, run_s)
        bi = hosts.index(bad)
        bad_rank = bi * 8 + bad_gpu
        for ni, h in enumerate(hosts):
            pids = pidseq(rng, 10000, 99999)
            L = [nccl(h, pids[0], pids[0] + 5, 0, f"NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_7:1/IB [RO]; OOB ibp26s0:10.55.2.{int(h[-2:])}<0>"),
                 glog("I", add(ts, 1), 5001 + ni, "torch/distributed/launcher/api.py:188", "Starting elastic_operator with launch configs:"),
                 glog("I", add(ts, 1), 5001 + ni, "torch/distributed/launcher/api.py:188", "  entrypoint       : pretrain_gpt.py"),
                 glog("I", add(ts, 1), 5001 + ni, "torch/distributed/launcher/api.py:188", "  min_nodes        : 4"),
                 glog("I", add(ts, 1), 5001 + ni, "torch/distributed/launcher/api.py:188", "  nproc_per_node   : 8")]
            if ni == 0:
                L += mlm_args_banner(32, 8, 1)
                it0 = {1: 60000, 2: 63400, 3: 64500}[a]
                ti = add(ts, 180)
                it = it0
                while (tf - ti).total_seconds() > 60:
                    it += 10
                    ti = add(ti, 10 * 5.61)
                    L.append(iter_line(ti, it, 200000, 2048, 1.71 + rng.uniform(-0.02, 0.02), rng.uniform(0.14, 0.2), 1.5e-4,
                                       5610 + rng.uniform(-40, 40), 431 + rng.uniform(-3, 3)))
            if a == 1:
                # pure timeouts everywhere, nothing names a culprit
                for k in range(8):
                    r = ni * 8 + k
                    L += watchdog_timeout(r, add(tf, 600 + rng.random()), 2881209, "ALLREDUCE", 67108864, 600000 + rng.randint(20, 200), rng,
                                          frames=(k == 0))
            elif a == 2:
                if h == bad:
                    te = add(tf, 0.3)
                    L += traceback([
                        (f"{MLM}/pretrain_gpt.py", 279, "<module>", "pretrain("),
                        (f"{MLM}/megatron/training/training.py", 1397, "train", "train_step(forward_step_func,"),
                        (f"{MLM}/megatron/core/pipeline_parallel/schedules.py", 470, "forward_backward_no_pipelining", "output_tensor, num_tokens = forward_step("),
                        (f"{MLM}/megatron/core/tensor_parallel/mappings.py", 393, "forward", "return _gather_along_first_dim(input_, tp_group)"),
                        (f"{PY}/torch/distributed/distributed_c10d.py", 3233, "all_gather_into_tensor", "work = group._allgather_base(output_tensor, input_tensor, opts)"),
                    ], "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2404, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\n"
                       "ncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'uncorrectable NVLink error was detected during the execution'",
                        prefix=f"[rank{bad_rank}]: ")
                    for k in range(8):
                        if k != bad_gpu:
                            L += nccl_remote_error(bi * 8 + k, add(tf, 1 + rng.random()), rng,
                                                   "[Service thread] Connection closed by localRank 2", version="2.21.5")[:4]
                else:
                    for k in range(8):
                        r = ni * 8 + k
                        L += nccl_remote_error(r, add(tf, 2 + rng.random()), rng,
                                               f"NET/IB : Got completion from peer 10.55.2.{12 if True else 0}<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::a088:c203:49:{rng.randint(1000, 9999):x} remoteGids::ffff:10.55.2.12 hca mlx5_{k}",
                                               version="2.21.5")[:4]
            else:
                if h == bad:
                    L += [nccl(h, pids[bad_gpu], pids[bad_gpu] + 77, bad_gpu, "Cuda failure 'uncorrectable NVLink error was detected during the execution'", kind="WARN"),
                          nccl(h, pids[bad_gpu], pids[bad_gpu] + 77, bad_gpu, "transport/nvls.cc:158 -> 1", kind="INFO"),
                          nccl(h, pids[bad_gpu], pids[bad_gpu] + 77, bad_gpu, "init.cc:1184 -> 1", kind="INFO"),
                          nccl(h, pids[bad_gpu], pids[bad_gpu] + 77, bad_gpu, "init.cc:1497 -> 1", kind="INFO")]
                    L += traceback([
                        (f"{MLM}/pretrain_gpt.py", 279, "<module>", "pretrain("),
                        (f"{MLM}/megatron/training/training.py", 259, "pretrain", "initialize_megatron("),
                        (f"{MLM}/megatron/training/initialize.py", 84, "initialize_megatron", "finish_mpu_init()"),
                        (f"{MLM}/megatron/training/initialize.py", 284, "_initialize_distributed", "torch.distributed.barrier(device_ids=[args.local_rank])"),
                    ], "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2404, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
                        prefix=f"[rank{bad_rank}]: ")
                else:
                    for k in range(0, 8, 2):
                        r = ni * 8 + k
                        L += watchdog_timeout(r, add(tf, 600), 1, "ALLREDUCE", 1, 600012 + rng.randint(0, 50), rng, last_done=0, frames=False)
            tx = add(tf, 602 if (a == 1 or (a == 3 and h != bad)) else 5)
            L += elastic_failure(tx, h, "pretrain_gpt.py",
                                 [dict(rank=ni * 8 + k, local_rank=k, exitcode=-6, pid=pids[k], tb=sig_tb(6, pids[k]), time=tx) for k in range(8)],
                                 tid=5001 + ni)
            b.add(f"attempt_{a}/{h}/torchrun.log", L)
            boot = T("2024-10-02 07:22:10")
            up = (tf - boot).total_seconds()
            D = [f"{dmesg_raw(3.001)} Linux version 5.15.0-1063-nvidia (buildd@lcy02-amd64-019)",
                 f"{dmesg_raw(24.51)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07"]
            if h == bad:
                D += [f"{dmesg_raw(up - 0.6)} " + xid(pci, 74, pids[bad_gpu], "python3",
                                                   f"NVLink: fatal error detected on link {rng.choice([3, 11, 14])}(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)"),
                      f"{dmesg_raw(up - 0.6)} " + xid(pci, 45, pids[bad_gpu], "python3", "Ch 00000008")]
            if a == 2 and h == "dgx-h100-b15":
                D += [f"{dmesg_raw(up - 2400.2)} mlx5_core 0000:c1:00.0: mlx5_port_module_event:1151:(pid 0): Port module event: module 5, Cable unplugged",
                      f"{dmesg_raw(up - 2396.7)} mlx5_core 0000:c1:00.0: mlx5_port_module_event:1151:(pid 0): Port module event: module 5, Cable plugged"]
            b.add(f"attempt_{a}/{h}/dmesg.txt", D)
            b.add(f"attempt_{a}/{h}/uptime_since.txt", [f"{boot:%Y-%m-%d %H:%M:%S}"])
        b.add(f"attempt_{a}/sacct.txt", [f"6601771_{a}  gpt175b-tp8  FAILED  134:0  {ts:%Y-%m-%dT%H:%M:%S}  {add(tf, 610):%Y-%m-%dT%H:%M:%S}  {','.join(hosts)}"])
    b.add("attempt_3/dgx-h100-b12/nvlink_status_gpu2.txt", [
        f"GPU 2: NVIDIA H100 80GB HBM3 (UUID: GPU-31c0d2aa-9e7e-4d3c-a70b-1f0b88d4be71)",
        "\t Link 0: 26.562 GB/s", "\t Link 1: 26.562 GB/s", "\t Link 2: 26.562 GB/s", "\t Link 3: <inactive>",
        "\t Link 4: 26.562 GB/s", "\t Link 5: 26.562 GB/s", "\t Link 6: 26.562 GB/s", "\t Link 7: 26.562 GB/s",
        "\t Link 8: 26.562 GB/s", "\t Link 9: 26.562 GB/s", "\t Link 10: 26.562 GB/s", "\t Link 11: <inactive>",
        "\t Link 12: 26.562 GB/s", "\t Link 13: 26.562 GB/s", "\t Link 14: <inactive>", "\t Link 15: 26.562 GB/s",
        "\t Link 16: 26.562 GB/s", "\t Link 17: 26.562 GB/s"])
    b.label("nvlink", "infrastructure", bad, None, "restart_without_node",
            "dgx-h100-b12 is in all three attempts at a different node index, and each time its GPU 2 (PCI 3a) "
            "logs Xid 74 NVLink fatal errors: attempt 1 only shows timeouts everywhere, attempts 2 and 3 show "
            "'uncorrectable NVLink error' on the rank using that GPU, and nvlink --status shows three of its links inactive.",
            "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return b


# =====================================================================================  az30
def az30():
    rng = rng_for(30)
    b = Bundle("az30_nccl_ib_completion_errors_from_many_ranks")
    hosts = [f"node07{i}" for i in range(31, 37)]
    ips = {h: f"10.12.4.{21 + i}" for i, h in enumerate(hosts)}
    bad = "node0734"
    t0 = T("2025-02-03 11:00:00")
    tf = T("2025-02-03 19:47:22.310")
    for ni, h in enumerate(hosts):
        pids = pidseq(rng, 30000, 60000)
        L = []
        tn = add(t0, 70 + ni * 0.3)
        for k in range(8):
            L.append(nccl(h, pids[k], pids[k] + 210, k, f"NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/RoCE [RO]; OOB eth0:{ips[h]}<0>"))
        if ni == 0:
            L += mlm_args_banner(48, 4, 2)
            ti = add(t0, 300)
            it = 0
            while (tf - ti).total_seconds() > 20:
                it += 20
                ti = add(ti, 20 * 4.49)
                L.append(iter_line(ti, it, 120000, 1536, 3.1 * (0.9997 ** it) + 1.6 + rng.uniform(-0.02, 0.02), rng.uniform(0.3, 0.6), 3e-4,
                                   4490 + rng.uniform(-40, 40), 386 + rng.uniform(-2, 2)))
        # errors: everyone (including the bad node) reports completion errors with status 12
        for k in range(8):
            r = ni * 8 + k
            nwarn = rng.randint(25, 60)
            for w in range(nwarn):
                tw = add(tf, 0.4 + w * 0.03 + rng.random() * 0.01)
                if h == bad:
                    peer = rng.choice([x for x in hosts if x != bad])
                    hca = "mlx5_2"
                else:
                    peer = bad if w % 3 else rng.choice([x for x in hosts if x not in (bad, h)])
                    hca = f"mlx5_{k % 4}"
                L.append(nccl(h, pids[k], pids[k] + 211, k,
                              f"NET/IB : Got completion from peer {ips[peer]}<{rng.randint(30000, 65000)}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips[peer]} hca {hca}",
                              kind="WARN"))
            L += nccl_remote_error(r, add(tf, 3 + rng.random()), rng,
                                   f"NET/IB : Got completion from peer {ips[bad if h != bad else hosts[0]]}<{rng.randint(30000, 65000)}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips[bad if h != bad else hosts[0]]} hca mlx5_{k % 4}",
                                   version="2.23.4")
        tx = add(tf, 9)
        L += elastic_failure(tx, h, "pretrain_gpt.py",
                             [dict(rank=ni * 8 + k, local_rank=k, exitcode=-6, pid=pids[k], tb=sig_tb(6, pids[k]), time=tx) for k in range(8)],
                             tid=9000 + ni)
        b.add(f"{h}/train.log", L)
        # node evidence
        J = [journal(T("2025-01-30 10:02:11"), h, "kernel", "Linux version 5.15.0-127-generic (buildd@lcy02-amd64-098)")]
        if h == "node0732":
            J += [journal(T("2025-02-03 18:41:07.220"), h, "kernel", "mlx5_core 0000:4c:00.0 eth2: Link down"),
                  journal(T("2025-02-03 18:41:09.841"), h, "kernel", "mlx5_core 0000:4c:00.0 eth2: Link up")]
        if h == bad:
            J += [journal(add(tf, -0.35), h, "kernel", "mlx5_core 0000:4c:00.0: mlx5_port_module_event:1151:(pid 0): Port module event[error]: module 2, Cable error, Bus stuck (I2C or data shorted)"),
                  journal(add(tf, -0.31), h, "kernel", "mlx5_core 0000:4c:00.0 eth2: Link down"),
                  journal(add(tf, 60), h, "lldpd[1433]", "unable to send packet on real device for eth2: Network is down")]
            b.add(f"{h}/ibstat.txt", [
                "CA 'mlx5_2'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.41.1000",
                "\tHardware version: 0", "\tNode GUID: 0xa088c20300f1e2d4", "\tSystem image GUID: 0xa088c20300f1e2d4",
                "\tPort 1:", "\t\tState: Down", "\t\tPhysical state: Polling", "\t\tRate: 10", "\t\tBase lid: 0",
                "\t\tLMC: 0", "\t\tSM lid: 0", "\t\tCapability mask: 0x00010000", "\t\tPort GUID: 0xa288c2fffef1e2d4",
                "\t\tLink layer: Ethernet"])
            b.add(f"{h}/ibdev2netdev.txt", ["mlx5_0 port 1 ==> eth0 (Up)", "mlx5_1 port 1 ==> eth1 (Up)",
                                            "mlx5_2 port 1 ==> eth2 (Down)", "mlx5_3 port 1 ==> eth3 (Up)"])
        else:
            b.add(f"{h}/ibdev2netdev.txt", ["mlx5_0 port 1 ==> eth0 (Up)", "mlx5_1 port 1 ==> eth1 (Up)",
                                            "mlx5_2 port 1 ==> eth2 (Up)", "mlx5_3 port 1 ==> eth3 (Up)"])
        b.add(f"{h}/journal_kernel.txt", J)
    b.topology({"leaf-sw-a": hosts[:3], "leaf-sw-b": hosts[3:]})
    b.label("network", "infrastructure", bad, None, "restart_without_node",
            "Every node, node0734 included, logs NET/IB status=12 (retry exceeded) completions. Most complaints name "
            "node0734's address, but only node0734 has local evidence: its mlx5_2/eth2 went down with a cable error 0.3 s "
            "before the first error and ibstat still shows it Down/Polling. node0732's flap an hour earlier recovered.",
            "https://github.com/NVIDIA/nccl/issues/531")
    return b


CASES = [az04, az05, az06, az07, az22, az23, az30]
